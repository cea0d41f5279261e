// SPDX-License-Identifier: GPL-3.0-or-later
#include "LedgerServer.h"

#include "BodyLimits.h"
#include "RequestLog.h"

#include <QDateTime>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace LedgerCurator {

namespace {

//! Descriptors kept out of reach of the connections: each worker's database connection (SQLite:
//! the database, its WAL and its shared memory), the listening socket, standard streams, Qt's
//! own (event dispatcher, signal pipe) and some to spare.
int reservedDescriptors(int workers)
{
    return 3 * (workers + 1) + 32;
}

//! An IPv4-mapped IPv6 address as its IPv4 address, so that one client is counted once.
QHostAddress normalized(const QHostAddress &address)
{
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4);
    return isV4 ? QHostAddress(v4) : address;
}

QString peerText(const QHostAddress &address)
{
    return normalized(address).toString();
}

//! The client's address of an accepted descriptor (null when the kernel does not say).
QHostAddress peerOf(qintptr descriptor)
{
    sockaddr_storage storage {};
    socklen_t length = sizeof storage;
    if (::getpeername(int(descriptor), reinterpret_cast<sockaddr *>(&storage), &length) != 0)
        return {};
    return normalized(QHostAddress(reinterpret_cast<const sockaddr *>(&storage)));
}

QByteArray shedReply(const QByteArray &message)
{
    const QByteArray body
        = "{\"error\":{\"code\":\"unavailable\",\"message\":\"" + message + "\"}}";
    return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: "
           "1\r\nConnection: close\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

const QByteArray kShedReply
    = shedReply(QByteArrayLiteral("the server has too many connections; retry shortly"));
const QByteArray kShedAddressReply
    = shedReply(QByteArrayLiteral("too many connections from your address; close some and retry"));

//! Whether an Authorization header is of the form a token can be read from (what checkHead()
//! asks first); without it a request that needs a token is refused without a worker.
bool hasBearer(const QByteArray &authorization)
{
    const QByteArray trimmed = authorization.trimmed();
    const qsizetype space = trimmed.indexOf(' ');
    return space > 0 && trimmed.left(space).toLower() == "bearer";
}

//! The workers of requests without a token run at a lower CPU priority than the curators': on
//! a machine kept busy by them, the curators' requests are served first (Linux: nice +10 for
//! the thread alone).
void lowerThisThreadsPriority()
{
    thread_local bool lowered = false;
    if (lowered)
        return;
    lowered = true;
#if defined(__linux__)
    [[maybe_unused]] const int result = ::setpriority(PRIO_PROCESS, id_t(::gettid()), 10);
#endif
}

//! A body or reply this large leaves memory to give back to the system once freed.
constexpr qint64 kTrimAfterBytes = 256 * 1024;

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
    , m_openRate(2 * m_options.open.ratePerSecond,
          1000 / std::max(1, std::min(1000, m_options.open.ratePerSecond)))
    , m_refusals(m_options.logRefusals, m_options.logWindowMs)
{
    m_curators.pool.setMaxThreadCount(std::max(1, m_options.workers));
    m_curators.maxInflight = m_options.maxInflight;
    m_curators.maxBodyMemory = m_options.maxBodyMemory;
    m_open.pool.setMaxThreadCount(std::max(1, m_options.open.workers));
    m_open.maxInflight = m_options.open.inflight;
    m_open.maxBodyMemory = m_options.open.bodyMemory;
    for (Share *share : { &m_curators, &m_open })
        share->pool.setExpiryTimeout(-1); // keep the threads, and their connections
    m_clock.start();
    m_shedLogTimer.setSingleShot(true);
    connect(&m_shedLogTimer, &QTimer::timeout, this, &LedgerServer::logShed);
    m_refusalTimer.setInterval(int(std::clamp<qint64>(m_options.logWindowMs / 4, 10, 1000)));
    connect(&m_refusalTimer, &QTimer::timeout, this, [this] { logHeldRefusals(); });
    m_trimTimer.setSingleShot(true);
    connect(&m_trimTimer, &QTimer::timeout, this, [] {
#if defined(__GLIBC__)
        // Freed blocks of every thread's arena, whole pages of them, back to the system: after a
        // burst the server's resident memory returns to about where it was.
        ::malloc_trim(0);
#endif
    });
}

LedgerServer::~LedgerServer()
{
    // The connections first: a job that finishes now finds its connection gone.
    for (const auto &[connection, state] : m_connections) {
        QObject::disconnect(connection, nullptr, this, nullptr);
        delete connection;
    }
    m_connections.clear();
    m_curators.pool.waitForDone();
    m_open.pool.waitForDone();
    logHeldRefusals(true);
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
        const int workers = m_options.workers + m_options.open.workers;
        const qint64 usable
            = qint64(std::min<rlim_t>(limit.rlim_cur, 1 << 20)) - reservedDescriptors(workers);
        if (usable < 1) {
            m_errorString = QStringLiteral(
                "only %1 open files are allowed (ulimit -n); the server needs more than %2")
                                .arg(qint64(limit.rlim_cur))
                                .arg(reservedDescriptors(workers));
            return 0;
        }
        m_maxConnections = int(std::min<qint64>(m_options.maxConnections, usable));
    } else {
        m_maxConnections = m_options.maxConnections;
    }
    auto *tcp = new ListeningSocket(this);
    // Room for a burst of connections (what is shed is accepted and closed at once), so that
    // another client's connection does not wait behind a full queue.
    tcp->setListenBacklogSize(1024);
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
    const QHostAddress address = peerOf(descriptor);
    if (int(m_connections.size()) >= m_maxConnections) {
        shed(descriptor, address, false);
        return;
    }
    if (m_options.maxConnectionsPerAddress > 0
        && m_perAddress.value(address) >= m_options.maxConnectionsPerAddress) {
        shed(descriptor, address, true);
        return;
    }
    auto *socket = new QTcpSocket;
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        ::close(int(descriptor));
        return;
    }
    auto *connection = new HttpConnection(socket, m_options.limits, m_options.timeouts, this);
    m_connections.emplace(connection, ConnectionState { address, 0, false });
    ++m_perAddress[address];
    connect(connection, &HttpConnection::headReceived, this, &LedgerServer::onHead);
    connect(connection, &HttpConnection::requestReceived, this, &LedgerServer::onRequest);
    connect(connection, &HttpConnection::requestRefused, this, &LedgerServer::onRefused);
    connect(connection, &HttpConnection::closed, this, &LedgerServer::onClosed);
}

void LedgerServer::shed(qintptr descriptor, const QHostAddress &address, bool perAddress)
{
    // Too many connections (in all, or from this address): this one gets a short 503 (best
    // effort: it is never waited for) and is closed at once, so that the descriptors never run
    // out and one address cannot hold them all.
    const QByteArray &reply = perAddress ? kShedAddressReply : kShedReply;
    [[maybe_unused]] const ssize_t sent = ::send(
        int(descriptor), reply.constData(), size_t(reply.size()), MSG_DONTWAIT | MSG_NOSIGNAL);
    ::close(int(descriptor));
    // One log line a second at most, so that a flood cannot flood the log too.
    ++m_shedSinceLog;
    if (perAddress) {
        ++m_shedPerAddressSinceLog;
        if (m_shedAddresses.size() < 1024 || m_shedAddresses.contains(address))
            ++m_shedAddresses[address];
    }
    if (!m_shedLogTimer.isActive()) {
        logShed();
        m_shedLogTimer.start(1000);
    }
}

void LedgerServer::logShed()
{
    if (m_shedSinceLog == 0)
        return;
    QString note = QStringLiteral("%1 connection(s) refused").arg(m_shedSinceLog);
    if (m_shedSinceLog > m_shedPerAddressSinceLog)
        note += QStringLiteral(": %1 are open, the most allowed").arg(m_maxConnections);
    if (m_shedPerAddressSinceLog > 0) {
        auto most = m_shedAddresses.cbegin();
        for (auto it = m_shedAddresses.cbegin(); it != m_shedAddresses.cend(); ++it) {
            if (it.value() > most.value())
                most = it;
        }
        note += QStringLiteral("; %1 from addresses at their %2 connections (most from %3: %4)")
                    .arg(m_shedPerAddressSinceLog)
                    .arg(m_options.maxConnectionsPerAddress)
                    .arg(peerText(most.key()))
                    .arg(most.value());
    }
    logRequest("-", "-", 503, kShedReply.size(), 0, {}, {}, note);
    m_shedSinceLog = 0;
    m_shedPerAddressSinceLog = 0;
    m_shedAddresses.clear();
}

void LedgerServer::onClosed(HttpConnection *connection)
{
    endRequest(connection);
    const auto found = m_connections.find(connection);
    if (found == m_connections.end())
        return;
    const auto count = m_perAddress.find(found->second.address);
    if (count != m_perAddress.end() && --count.value() <= 0)
        m_perAddress.erase(count);
    m_connections.erase(found);
}

void LedgerServer::endRequest(HttpConnection *connection)
{
    const auto found = m_connections.find(connection);
    if (found == m_connections.end())
        return;
    ConnectionState &state = found->second;
    Share &share = state.open ? m_open : m_curators;
    share.bodyMemory -= state.bodyBytes;
    if (state.bodyBytes >= kTrimAfterBytes)
        scheduleTrim();
    state.bodyBytes = 0;
    if (state.open) {
        state.open = false;
        --m_openRequests;
    }
}

void LedgerServer::scheduleTrim()
{
    if (!m_trimTimer.isActive())
        m_trimTimer.start(1000);
}

void LedgerServer::logAnswer(const QByteArray &method, const QByteArray &target, int status,
    qint64 bytes, qint64 ms, const QString &tokenName, const QString &peer, const QString &note)
{
    if (status >= 400 && !m_refusals.admit(peer, status, m_clock.elapsed())) {
        if (!m_refusalTimer.isActive())
            m_refusalTimer.start();
        return;
    }
    logRequest(method, target, status, bytes, ms, tokenName, peer, note);
}

void LedgerServer::logHeldRefusals(bool all)
{
    const auto summaries = m_refusals.takeSummaries(m_clock.elapsed(), all);
    for (const auto &[peer, note] : summaries)
        logRequest("-", "-", 0, 0, 0, {}, peer, note);
    if (!m_refusals.pending())
        m_refusalTimer.stop();
}

void LedgerServer::onRefused(HttpConnection *connection, int status, const QString &message)
{
    const HttpRequestHead &head = connection->head();
    ApiReply reply = ApiReply::error(status, message);
    logAnswer(head.methodName.isEmpty() ? QByteArray("-") : head.methodName, head.target, status,
        reply.body.size(), connection->elapsedMs(), {}, peerText(connection->peerAddress()),
        message);
    reply.note.clear();
    endRequest(connection);
    scheduleTrim(); // a refused body may have been large, and what parsed it is gone
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
    const auto retryAfter = [](ApiReply reply, int seconds) {
        reply.headers.removeIf([](const auto &h) { return h.first == "Retry-After"; });
        reply.headers.append({ QByteArrayLiteral("Retry-After"), QByteArray::number(seconds) });
        return reply;
    };
    if (!needsToken(job.request, *route.endpoint, context)) {
        // Without a token: the open share, apart from the curators' (docs/server-limits.md).
        if (const int wait = m_openRate.take(job.address); wait > 0) {
            ApiReply reply = retryAfter(ApiReply::error(429,
                                            QStringLiteral("too many requests without a token "
                                                           "from %1; retry in %2 s")
                                                .arg(job.peer)
                                                .arg(wait)),
                wait);
            reply.note = QStringLiteral("open rate");
            answer(reply);
            return;
        }
        if (m_openRequests >= m_options.open.connections) {
            ApiReply reply = ApiReply::error(503,
                QStringLiteral("the server is answering too many requests without a token; "
                               "retry shortly"));
            reply.note = QStringLiteral("open share: %1 requests").arg(m_openRequests);
            answer(reply);
            return;
        }
        if (head.contentLength > m_options.open.maxBody) {
            answer(ApiReply::error(413,
                QStringLiteral("the body is %1 bytes; a request without a token may have at "
                               "most %2")
                    .arg(head.contentLength)
                    .arg(m_options.open.maxBody)));
            return;
        }
        job.open = true;
        m_connections[connection].open = true;
        ++m_openRequests;
    } else {
        if (const int wait = m_throttle.retryAfterSeconds(job.address); wait > 0) {
            ApiReply reply = retryAfter(ApiReply::error(429,
                                            QStringLiteral("too many failed authentications "
                                                           "from %1; retry in %2 s")
                                                .arg(job.peer)
                                                .arg(wait)),
                wait);
            reply.note = QStringLiteral("throttled");
            answer(reply);
            return;
        }
        // No token at all: refused here, without a worker.
        if (!hasBearer(job.request.authorization)) {
            answer(ApiReply::error(401, QStringLiteral("send Authorization: Bearer TOKEN")));
            return;
        }
    }
    if (!route.takesBody || !head.hasBody()) {
        dispatch(std::move(job));
        return;
    }
    // A body: the credentials first, then the body, its memory counted as it comes. When the
    // share's memory is in use already, the client is asked to come back.
    const Share &share = job.open ? m_open : m_curators;
    if (share.bodyMemory >= share.maxBodyMemory) {
        ApiReply reply = ApiReply::error(
            503, QStringLiteral("the server is reading too many bodies at once; retry shortly"));
        reply.note = QStringLiteral("body memory %1 of %2 bytes in use")
                         .arg(share.bodyMemory)
                         .arg(share.maxBodyMemory);
        answer(reply);
        return;
    }
    job.preflight = true;
    dispatch(std::move(job));
}

HttpConnection::BodyWatcher LedgerServer::bodyWatcher(HttpConnection *connection, const Job &job)
{
    const Route route = matchRoute(job.request.method, job.request.path);
    auto shape = std::make_shared<BodyShapeCheck>(
        route.endpoint.value_or(Endpoint::Events), job.request.contentType);
    const bool open = job.open;
    return [this, connection, shape, open](QByteArrayView piece, QString *message) -> int {
        const auto found = m_connections.find(connection);
        if (found == m_connections.end())
            return 0;
        // Memory follows the bytes received, never the bytes announced.
        ConnectionState &state = found->second;
        Share &share = state.open ? m_open : m_curators;
        state.bodyBytes += piece.size();
        share.bodyMemory += piece.size();
        if (open && state.bodyBytes > m_options.open.maxBody) {
            *message = QStringLiteral("the body passes %1 bytes, the most a request without a "
                                      "token may have")
                           .arg(m_options.open.maxBody);
            return 413;
        }
        if (share.bodyMemory > share.maxBodyMemory) {
            *message = QStringLiteral("the server is reading too many bodies at once (%1 bytes "
                                      "of them); retry shortly")
                           .arg(share.maxBodyMemory);
            return 503;
        }
        return shape->take(piece, message);
    };
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
    const auto found = m_connections.find(connection);
    job.open = found != m_connections.end() && found->second.open;
    dispatch(std::move(job));
}

void LedgerServer::dispatch(Job job)
{
    Share &share = job.open ? m_open : m_curators;
    if (share.inflight >= share.maxInflight) {
        ApiReply reply = ApiReply::error(503,
            QStringLiteral("the server is busy (%1 requests%2 in flight); retry shortly")
                .arg(share.inflight)
                .arg(job.open ? QStringLiteral(" without a token") : QString()));
        reply.note
            = job.open ? QStringLiteral("open share overloaded") : QStringLiteral("overloaded");
        finish(job, reply);
        return;
    }
    ++share.inflight;
    share.pool.start([this, &share, job = std::move(job)]() mutable {
        if (job.open)
            lowerThisThreadsPriority();
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
        // What the request held is freed here, on this thread, before the answer goes back.
        job.request.body = QByteArray();
        QMetaObject::invokeMethod(
            this,
            [this, &share, job = std::move(job), reply = std::move(reply), passed] {
                --share.inflight;
                if (passed) {
                    if (job.connection)
                        job.connection->readBody(bodyWatcher(job.connection, job));
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
        logAnswer(method, job.target, reply.status, 0, ms, reply.tokenName, job.peer,
            QStringLiteral("client gone")
                + (reply.note.isEmpty() ? QString() : QStringLiteral("; ") + reply.note));
        Q_EMIT requestFinished(reply.status);
        return;
    }
    endRequest(connection);
    respond(connection, reply);
    if (reply.body.size() >= kTrimAfterBytes)
        scheduleTrim();
    logAnswer(method, job.target, reply.status, reply.body.size(), ms, reply.tokenName, job.peer,
        reply.note);
    Q_EMIT requestFinished(reply.status);
}

void LedgerServer::respond(HttpConnection *connection, const ApiReply &reply, bool close)
{
    connection->respond(reply.status, reply.headers, reply.body, close);
}

} // namespace LedgerCurator
