// SPDX-License-Identifier: GPL-3.0-or-later
#include "LedgerServer.h"

#include "RequestLog.h"

#include <QDateTime>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <cstdio>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

namespace LedgerCurator {

namespace {

//! Descriptors kept out of reach of the connections: each worker's database connection (SQLite:
//! the database, its WAL and its shared memory), the listening socket, standard streams, Qt's
//! own (event dispatcher, signal pipe) and some to spare.
int reservedDescriptors(int workers)
{
    return 3 * (workers + 1) + 32;
}

QString peerText(const QHostAddress &address)
{
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4);
    return isV4 ? QHostAddress(v4).toString() : address.toString();
}

const QByteArray kShedReply = QByteArrayLiteral(
    "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: "
    "1\r\nConnection: close\r\nContent-Length: 95\r\n\r\n{\"error\":{\"code\":\"unavailable\","
    "\"message\":\"the server has too many connections; retry shortly\"}}");

} // namespace

//! A QTcpServer that hands each accepted descriptor to LedgerServer, which may refuse it, and
//! that never stops accepting for good: QTcpServer pauses itself when accept() fails for want
//! of descriptors (EMFILE, ENFILE, ENOBUFS), and this resumes it a moment later.
class ListeningSocket final : public QTcpServer
{
public:
    explicit ListeningSocket(LedgerServer *server)
        : QTcpServer(server)
        , m_server(server)
    {
        connect(this, &QTcpServer::acceptError, this, [this](QAbstractSocket::SocketError error) {
            m_server->logRequest("-", "-", 0, 0, 0, {}, {},
                QStringLiteral("accept failed (%1, error %2); accepting again in 200 ms")
                    .arg(errorString())
                    .arg(int(error)));
            QTimer::singleShot(200, this, [this] { resumeAccepting(); });
        });
    }

protected:
    void incomingConnection(qintptr descriptor) override { m_server->accept(descriptor); }

private:
    LedgerServer *m_server;
};

LedgerServer::LedgerServer(ServerOptions options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_throttle(m_options.authBurst, m_options.authIntervalMs)
{
    m_pool.setMaxThreadCount(std::max(1, m_options.workers));
    m_shedLogTimer.setSingleShot(true);
    connect(&m_shedLogTimer, &QTimer::timeout, this, &LedgerServer::logShed);
    m_pool.setExpiryTimeout(-1); // keep the threads, and their connections
}

LedgerServer::~LedgerServer()
{
    // The connections first: a job that finishes now finds its connection gone.
    for (const auto &[connection, share] : m_connections) {
        QObject::disconnect(connection, nullptr, this, nullptr);
        delete connection;
    }
    m_connections.clear();
    m_pool.waitForDone();
}

quint16 LedgerServer::listenOn(const QHostAddress &address, quint16 port)
{
    rlimit limit {};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0) {
        if (limit.rlim_cur < limit.rlim_max) {
            limit.rlim_cur = limit.rlim_max;
            ::setrlimit(RLIMIT_NOFILE, &limit);
            ::getrlimit(RLIMIT_NOFILE, &limit);
        }
        const qint64 usable = qint64(std::min<rlim_t>(limit.rlim_cur, 1 << 20))
            - reservedDescriptors(m_options.workers);
        if (usable < 1) {
            m_errorString = QStringLiteral(
                "only %1 open files are allowed (ulimit -n); the server needs more than %2")
                                .arg(qint64(limit.rlim_cur))
                                .arg(reservedDescriptors(m_options.workers));
            return 0;
        }
        m_maxConnections = int(std::min<qint64>(m_options.maxConnections, usable));
    } else {
        m_maxConnections = m_options.maxConnections;
    }
    auto *tcp = new ListeningSocket(this);
    tcp->setListenBacklogSize(128);
    if (!tcp->listen(address, port)) {
        m_errorString = tcp->errorString();
        delete tcp;
        return 0;
    }
    return tcp->serverPort();
}

void LedgerServer::logRequest(const QByteArray &method, const QByteArray &target, int status,
    qint64 bytes, qint64 ms, const QString &tokenName, const QString &peer,
    const QString &note) const
{
    const QByteArray line = requestLogLine(
        RequestLogEntry { method, target, status, bytes, ms, tokenName, peer, note },
        QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    std::fwrite(line.constData(), 1, size_t(line.size()), stderr);
    std::fflush(stderr);
}

void LedgerServer::accept(qintptr descriptor)
{
    if (int(m_connections.size()) >= m_maxConnections) {
        shed(descriptor);
        return;
    }
    auto *socket = new QTcpSocket;
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        ::close(int(descriptor));
        return;
    }
    auto *connection = new HttpConnection(socket, m_options.limits, m_options.timeouts, this);
    m_connections.emplace(connection, 0);
    connect(connection, &HttpConnection::headReceived, this, &LedgerServer::onHead);
    connect(connection, &HttpConnection::requestReceived, this, &LedgerServer::onRequest);
    connect(connection, &HttpConnection::requestRefused, this, &LedgerServer::onRefused);
    connect(connection, &HttpConnection::closed, this, &LedgerServer::onClosed);
}

void LedgerServer::shed(qintptr descriptor)
{
    // Too many connections: this one gets a short 503 (best effort: it is never waited for) and
    // is closed at once, so that the descriptors never run out.
    [[maybe_unused]] const ssize_t sent = ::send(int(descriptor), kShedReply.constData(),
        size_t(kShedReply.size()), MSG_DONTWAIT | MSG_NOSIGNAL);
    ::close(int(descriptor));
    // One log line a second at most, so that a flood cannot flood the log too.
    ++m_shedSinceLog;
    if (!m_shedLogTimer.isActive()) {
        logShed();
        m_shedLogTimer.start(1000);
    }
}

void LedgerServer::logShed()
{
    if (m_shedSinceLog == 0)
        return;
    logRequest("-", "-", 503, kShedReply.size(), 0, {}, {},
        QStringLiteral("%1 connection(s) refused: %2 are open, the most allowed")
            .arg(m_shedSinceLog)
            .arg(m_maxConnections));
    m_shedSinceLog = 0;
}

void LedgerServer::onClosed(HttpConnection *connection)
{
    releaseBody(connection);
    m_connections.erase(connection);
}

void LedgerServer::releaseBody(HttpConnection *connection)
{
    const auto found = m_connections.find(connection);
    if (found == m_connections.end())
        return;
    m_bodyMemory -= found->second;
    found->second = 0;
}

void LedgerServer::onRefused(HttpConnection *connection, int status, const QString &message)
{
    const HttpRequestHead &head = connection->head();
    ApiReply reply = ApiReply::error(status, message);
    logRequest(head.methodName.isEmpty() ? QByteArray("-") : head.methodName, head.target, status,
        reply.body.size(), connection->elapsedMs(), {}, peerText(connection->peerAddress()),
        message);
    reply.note.clear();
    respond(connection, reply, true);
    Q_EMIT requestFinished(status);
}

void LedgerServer::onHead(HttpConnection *connection)
{
    const HttpRequestHead &head = connection->head();
    Job job;
    job.connection = connection;
    job.request = apiRequestFrom(head);
    job.target = head.target;
    job.address = connection->peerAddress();
    job.peer = peerText(job.address);

    const Route route = matchRoute(job.request.method, job.request.path);
    const auto answer = [&](const ApiReply &reply) { finish(job, reply); };
    if (!route.endpoint) {
        answer(ApiReply::error(404, QStringLiteral("no such path: %1").arg(job.request.path)));
        return;
    }
    if (!route.methodAllowed) {
        ApiReply reply = ApiReply::error(405,
            QStringLiteral("%1 takes %2").arg(job.request.path, QString::fromLatin1(route.allow)));
        reply.headers.append({ QByteArrayLiteral("Allow"), route.allow });
        answer(reply);
        return;
    }
    if (!route.takesBody && head.hasBody()) {
        answer(ApiReply::error(400,
            QStringLiteral("%1 %2 takes no body")
                .arg(QString::fromLatin1(head.methodName), job.request.path)));
        return;
    }
    const ApiContext context { nullptr, m_options.reconcileNeedsToken };
    if (needsToken(*route.endpoint, context)) {
        if (const int wait = m_throttle.retryAfterSeconds(connection->peerAddress()); wait > 0) {
            ApiReply reply = ApiReply::error(429,
                QStringLiteral("too many failed authentications from %1; retry in %2 s")
                    .arg(job.peer)
                    .arg(wait));
            reply.headers.removeIf([](const auto &h) { return h.first == "Retry-After"; });
            reply.headers.append({ QByteArrayLiteral("Retry-After"), QByteArray::number(wait) });
            reply.note = QStringLiteral("throttled");
            answer(reply);
            return;
        }
    }
    if (!route.takesBody || !head.hasBody()) {
        dispatch(std::move(job));
        return;
    }
    // A body: its share of the memory for bodies, then the credentials, then the body.
    const qint64 share = head.chunked ? m_options.limits.maxBody : head.contentLength;
    if (m_bodyMemory + share > m_options.maxBodyMemory) {
        ApiReply reply = ApiReply::error(
            503, QStringLiteral("the server is reading too many bodies at once; retry shortly"));
        reply.note = QStringLiteral("body memory %1 of %2 bytes in use")
                         .arg(m_bodyMemory)
                         .arg(m_options.maxBodyMemory);
        answer(reply);
        return;
    }
    m_bodyMemory += share;
    m_connections[connection] = share;
    job.preflight = true;
    dispatch(std::move(job));
}

void LedgerServer::onRequest(HttpConnection *connection, const QByteArray &body)
{
    Job job;
    job.connection = connection;
    job.request = apiRequestFrom(connection->head());
    job.request.body = body;
    job.target = connection->head().target;
    job.address = connection->peerAddress();
    job.peer = peerText(job.address);
    dispatch(std::move(job));
}

void LedgerServer::dispatch(Job job)
{
    if (m_inflight >= m_options.maxInflight) {
        ApiReply reply = ApiReply::error(503,
            QStringLiteral("the server is busy (%1 requests in flight); retry shortly")
                .arg(m_inflight));
        reply.note = QStringLiteral("overloaded");
        finish(job, reply);
        return;
    }
    ++m_inflight;
    m_pool.start([this, job = std::move(job)]() mutable {
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
        ApiContext context { nullptr, m_options.reconcileNeedsToken };
        if (!job.preflight && !m_options.worksPath.isEmpty()
            && matchRoute(job.request.method, job.request.path).endpoint == Endpoint::Reconcile) {
            if (!m_works.hasLocalData() || !m_works.localData()) {
                auto works = ServerWorks::open(
                    m_options.worksPath, m_options.database.busyTimeoutMs, false);
                if (works)
                    m_works.setLocalData(works->release());
                else
                    logRequest("-", "-", 0, 0, 0, {}, {}, works.error().message);
            }
            context.works = m_works.hasLocalData() && m_works.localData()
                ? &m_works.localData()->index()
                : nullptr;
        }
        bool passed = false; // a preflight whose checks all passed: read the body
        if (ServerStore *store = m_stores.hasLocalData() ? m_stores.localData() : nullptr) {
            if (job.preflight) {
                QString tokenName;
                if (auto refused = checkRequestHead(*store, job.request, &tokenName, context))
                    reply = std::move(*refused);
                else
                    passed = true;
            } else {
                reply = handleApiRequest(*store, job.request, context);
            }
            // After a server-side failure start again with a fresh connection (PostgreSQL may have
            // dropped this one).
            if (reply.status == 500 || store->isBroken())
                m_stores.setLocalData(nullptr); // deletes the store
        }
        QMetaObject::invokeMethod(
            this,
            [this, job = std::move(job), reply = std::move(reply), passed] {
                --m_inflight;
                if (passed) {
                    if (job.connection)
                        job.connection->readBody();
                    return;
                }
                finish(job, reply);
            },
            Qt::QueuedConnection);
    });
}

void LedgerServer::finish(const Job &job, const ApiReply &reply)
{
    if (reply.status == 401)
        m_throttle.recordFailure(job.address);
    HttpConnection *connection = job.connection;
    const qint64 ms = connection ? connection->elapsedMs() : 0;
    const QByteArray method = httpMethodName(job.request.method);
    if (!connection || !connection->isOpen()) {
        logRequest(method, job.target, reply.status, 0, ms, reply.tokenName, job.peer,
            QStringLiteral("client gone")
                + (reply.note.isEmpty() ? QString() : QStringLiteral("; ") + reply.note));
        Q_EMIT requestFinished(reply.status);
        return;
    }
    releaseBody(connection);
    respond(connection, reply);
    logRequest(method, job.target, reply.status, reply.body.size(), ms, reply.tokenName, job.peer,
        reply.note);
    Q_EMIT requestFinished(reply.status);
}

void LedgerServer::respond(HttpConnection *connection, const ApiReply &reply, bool close)
{
    connection->respond(reply.status, reply.headers, reply.body, close);
}

} // namespace LedgerCurator
