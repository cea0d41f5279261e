// SPDX-License-Identifier: GPL-3.0-or-later
#include "LedgerServer.h"

#include <QDateTime>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QTcpServer>
#include <QTimer>

#include <cstdio>

namespace LedgerCurator {

namespace {

using Method = QHttpServerRequest::Method;

QByteArray methodName(Method method)
{
    switch (method) {
    case Method::Get:
        return QByteArrayLiteral("GET");
    case Method::Put:
        return QByteArrayLiteral("PUT");
    case Method::Delete:
        return QByteArrayLiteral("DELETE");
    case Method::Post:
        return QByteArrayLiteral("POST");
    case Method::Head:
        return QByteArrayLiteral("HEAD");
    case Method::Options:
        return QByteArrayLiteral("OPTIONS");
    case Method::Patch:
        return QByteArrayLiteral("PATCH");
    case Method::Connect:
        return QByteArrayLiteral("CONNECT");
    case Method::Trace:
        return QByteArrayLiteral("TRACE");
    default:
        return QByteArrayLiteral("UNKNOWN");
    }
}

constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
constexpr qint64 kMaxDrainBytes = 64 * 1024 * 1024;
constexpr int kDrainTimeoutMs = 30000;

//! Watches the bytes of one connection before QAbstractHttpServer reads them, and refuses a
//! request whose Content-Length is over the limit as soon as its headers are in:
//! QAbstractHttpServer (6.4) would otherwise read the whole body into memory before handleRequest()
//! sees it. The refused body is read and thrown away (up to kMaxDrainBytes), so that the client,
//! which is still sending, gets to read the 413; then the connection is closed. Chunked bodies
//! cannot be judged early: handleRequest() checks their size.
class BodyLimitGate final : public QObject
{
public:
    BodyLimitGate(QTcpSocket *socket, LedgerServer *server)
        : QObject(socket)
        , m_socket(socket)
        , m_server(server)
    {
        // Connected before QAbstractHttpServer connects its own handler: this one runs first.
        connect(socket, &QTcpSocket::readyRead, this, [this] { onReadyRead(); });
    }

private:
    enum class State { Headers, Body, Untracked, Draining };

    void onReadyRead()
    {
        if (m_state == State::Untracked)
            return;
        if (m_state == State::Draining) {
            drain();
            return;
        }
        // QAbstractHttpServer reads everything on each readyRead, so what is available now is
        // exactly what arrived since.
        QByteArray chunk = m_socket->peek(m_socket->bytesAvailable());
        while (!chunk.isEmpty() && m_state != State::Untracked && m_state != State::Draining) {
            if (m_state == State::Body) {
                const qint64 take = std::min<qint64>(m_remaining, chunk.size());
                m_remaining -= take;
                chunk.remove(0, take);
                if (m_remaining == 0)
                    m_state = State::Headers;
                continue;
            }
            m_head += chunk;
            chunk.clear();
            const qsizetype end = m_head.indexOf("\r\n\r\n");
            if (end < 0) {
                if (m_head.size() > kMaxHeaderBytes)
                    m_state = State::Untracked;
                return;
            }
            const QByteArray head = m_head.left(end);
            chunk = m_head.mid(end + 4);
            m_head.clear();
            const RequestHead scanned = scanRequestHead(head);
            const qint64 length = scanned.contentLength;
            if (scanned.chunked) {
                m_state = State::Untracked;
                return;
            }
            if (m_server && length > m_server->options().maxBody) {
                refuse(head.split('\n').value(0).trimmed(), length, length - chunk.size());
                return;
            }
            m_remaining = length;
            m_state = length > 0 ? State::Body : State::Headers;
        }
    }

    void refuse(const QByteArray &requestLine, qint64 length, qint64 stillToCome)
    {
        // Take the connection away from QAbstractHttpServer: it must not buffer this body.
        QObject::disconnect(m_socket, &QTcpSocket::readyRead, m_server, nullptr);
        if (m_socket->isTransactionStarted())
            m_socket->commitTransaction();
        m_socket->readAll();
        const ApiReply reply = ApiReply::error(413,
            QStringLiteral("the body is %1 bytes; this server takes at most %2")
                .arg(length)
                .arg(m_server->options().maxBody));
        QByteArray out = "HTTP/1.1 413 Payload Too Large\r\n";
        for (const auto &[name, value] : reply.headers)
            out += name + ": " + value + "\r\n";
        out += "Content-Length: " + QByteArray::number(reply.body.size())
            + "\r\nConnection: close\r\n\r\n" + reply.body;
        m_socket->write(out);
        const QList<QByteArray> parts = requestLine.split(' ');
        m_server->logRequest(parts.value(0), QString::fromUtf8(parts.value(1)), 413,
            reply.body.size(), 0, QString(), QStringLiteral("refused from Content-Length"));
        m_state = State::Draining;
        m_drainLeft = std::min(stillToCome, kMaxDrainBytes);
        QTimer::singleShot(kDrainTimeoutMs, this, [this] { m_socket->abort(); });
        if (stillToCome > kMaxDrainBytes)
            m_socket->disconnectFromHost(); // too much to read through: close at once
        else
            drain();
    }

    void drain()
    {
        m_drainLeft -= m_socket->readAll().size();
        if (m_drainLeft <= 0 && m_socket->state() == QAbstractSocket::ConnectedState)
            m_socket->disconnectFromHost();
    }

    QTcpSocket *m_socket;
    QPointer<LedgerServer> m_server;
    State m_state = State::Headers;
    QByteArray m_head;
    qint64 m_remaining = 0;
    qint64 m_drainLeft = 0;
};

//! A QTcpServer that puts a BodyLimitGate on every connection before handing it on.
class GatedTcpServer final : public QTcpServer
{
public:
    explicit GatedTcpServer(LedgerServer *server)
        : QTcpServer(server)
        , m_server(server)
    {
    }

protected:
    void incomingConnection(qintptr descriptor) override
    {
        auto *socket = new QTcpSocket(this);
        if (!socket->setSocketDescriptor(descriptor)) {
            delete socket;
            return;
        }
        new BodyLimitGate(socket, m_server);
        addPendingConnection(socket);
    }

private:
    LedgerServer *m_server;
};

} // namespace

RequestHead scanRequestHead(const QByteArray &head)
{
    RequestHead scanned;
    const QList<QByteArray> lines = head.split('\n');
    for (const QByteArray &line : lines) {
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "content-length")
            scanned.contentLength = value.toLongLong();
        else if (name == "transfer-encoding" && value.toLower().contains("chunked"))
            scanned.chunked = true;
    }
    return scanned;
}

LedgerServer::LedgerServer(ServerOptions options, QObject *parent)
    : QAbstractHttpServer(parent)
    , m_options(std::move(options))
{
    m_pool.setMaxThreadCount(std::max(1, m_options.workers));
    m_pool.setExpiryTimeout(-1); // keep the threads, and their connections
}

LedgerServer::~LedgerServer()
{
    m_pool.waitForDone();
}

quint16 LedgerServer::listenOn(const QHostAddress &address, quint16 port)
{
    auto *tcp = new GatedTcpServer(this);
    if (!tcp->listen(address, port)) {
        m_errorString = tcp->errorString();
        delete tcp;
        return 0;
    }
    bind(tcp);
    return tcp->serverPort();
}

void LedgerServer::logRequest(const QByteArray &method, const QString &path, int status,
    qint64 bytes, qint64 ms, const QString &tokenName, const QString &note) const
{
    QString line = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) + u' '
        + QString::fromLatin1(method) + u' ' + path + u' ' + QString::number(status) + u' '
        + QString::number(bytes) + QStringLiteral("B ") + QString::number(ms)
        + QStringLiteral("ms ") + (tokenName.isEmpty() ? QStringLiteral("-") : tokenName);
    if (!note.isEmpty())
        line += QStringLiteral(" (") + note + u')';
    line += u'\n';
    const QByteArray bytesOut = line.toUtf8();
    std::fwrite(bytesOut.constData(), 1, size_t(bytesOut.size()), stderr);
    std::fflush(stderr);
}

bool LedgerServer::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    Pending pending;
    pending.timer.start();
    pending.socket = socket;
    pending.method = methodName(request.method());
    pending.path = request.url().path(QUrl::FullyDecoded);
    pending.responder = std::make_unique<QHttpServerResponder>(makeResponder(request, socket));

    ApiRequest api;
    api.method = request.method();
    api.path = pending.path;
    api.query = request.query();
    api.authorization = request.value(QByteArrayLiteral("authorization"));
    api.ifNoneMatch = request.value(QByteArrayLiteral("if-none-match"));
    api.contentType = request.value(QByteArrayLiteral("content-type"));

    // What needs no database is answered here, at once.
    const Route route = matchRoute(api.method, api.path);
    if (!route.endpoint) {
        respond(pending, ApiReply::error(404, QStringLiteral("no such path: %1").arg(api.path)));
        return true;
    }
    if (!route.methodAllowed) {
        ApiReply reply = ApiReply::error(
            405, QStringLiteral("%1 takes %2").arg(api.path, QString::fromLatin1(route.allow)));
        reply.headers.append({ QByteArrayLiteral("Allow"), route.allow });
        respond(pending, reply);
        return true;
    }
    if (request.body().size() > m_options.maxBody) {
        respond(pending,
            ApiReply::error(413,
                QStringLiteral("the body is %1 bytes; this server takes at most %2")
                    .arg(request.body().size())
                    .arg(m_options.maxBody)));
        return true;
    }
    if (m_inflight >= m_options.maxInflight) {
        ApiReply reply = ApiReply::error(503,
            QStringLiteral("the server is busy (%1 requests in flight); retry shortly")
                .arg(m_inflight));
        reply.note = QStringLiteral("overloaded");
        respond(pending, reply);
        return true;
    }
    if (route.takesBody)
        api.body = request.body();
    const quint64 id = m_nextId++;
    m_pending.emplace(id, std::move(pending));
    ++m_inflight;
    dispatch(id, std::move(api));
    return true;
}

void LedgerServer::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    Pending pending;
    pending.timer.start();
    pending.socket = socket;
    pending.method = methodName(request.method());
    pending.path = request.url().path(QUrl::FullyDecoded);
    pending.responder = std::make_unique<QHttpServerResponder>(makeResponder(request, socket));
    respond(pending, ApiReply::error(404, QStringLiteral("no such path: %1").arg(pending.path)));
}

void LedgerServer::dispatch(quint64 id, ApiRequest request)
{
    m_pool.start([this, id, request = std::move(request)] {
        ApiReply reply;
        if (!m_stores.hasLocalData() || !m_stores.localData()) {
            auto store = std::make_unique<ServerStore>(m_options.database, &m_sqliteWriteLock);
            if (auto opened = store->open(ServerStore::Migrate::No); opened) {
                m_stores.setLocalData(store.release());
            } else {
                reply = ApiReply::error(
                    503, QStringLiteral("the database is unavailable; retry shortly"));
                reply.note = opened.error().message;
            }
        }
        if (ServerStore *store = m_stores.hasLocalData() ? m_stores.localData() : nullptr) {
            reply = handleApiRequest(*store, request);
            // After a server-side failure start again with a fresh connection (PostgreSQL may have
            // dropped this one).
            if (reply.status == 500 || store->isBroken())
                m_stores.setLocalData(nullptr); // deletes the store
        }
        QMetaObject::invokeMethod(
            this, [this, id, reply = std::move(reply)] { finish(id, reply); },
            Qt::QueuedConnection);
    });
}

void LedgerServer::finish(quint64 id, const ApiReply &reply)
{
    const auto found = m_pending.find(id);
    if (found == m_pending.end())
        return;
    --m_inflight;
    respond(found->second, reply);
    m_pending.erase(found);
}

void LedgerServer::respond(Pending &pending, const ApiReply &reply)
{
    const qint64 ms = pending.timer.elapsed();
    if (!pending.socket || pending.socket->state() != QAbstractSocket::ConnectedState) {
        logRequest(pending.method, pending.path, reply.status, 0, ms, reply.tokenName,
            QStringLiteral("client gone")
                + (reply.note.isEmpty() ? QString() : QStringLiteral("; ") + reply.note));
        Q_EMIT requestFinished(reply.status);
        return;
    }
    QHttpServerResponder &responder = *pending.responder;
    responder.writeStatusLine(static_cast<QHttpServerResponder::StatusCode>(reply.status));
    for (const auto &[name, value] : reply.headers)
        responder.writeHeader(name, value);
    if (reply.status != 304)
        responder.writeHeader(
            QByteArrayLiteral("Content-Length"), QByteArray::number(reply.body.size()));
    responder.writeBody(reply.body);
    logRequest(pending.method, pending.path, reply.status, reply.body.size(), ms, reply.tokenName,
        reply.note);
    Q_EMIT requestFinished(reply.status);
}

} // namespace LedgerCurator
