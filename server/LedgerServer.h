// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The HTTP side of ledger-server. Connections are read by HttpConnection (server/http), under
// the limits of docs/server-limits.md; requests are answered by a pool of worker threads, each
// with its own database connection; the main thread reads, writes and logs. A request with a
// body is authenticated from its head, on a worker, before one byte of its body is read. What
// needs no token runs in a small share of its own (connections, requests in flight, workers,
// body memory, a rate per address), so that a flood of it slows only itself.
//
// Qt HttpServer 6.4 is not used for this: QAbstractHttpServer reads every request whole
// (chunked or not) into memory before the application sees it, has no timeouts and cannot be
// told to authenticate first (docs/architecture.md).

#include "AuthThrottle.h"
#include "HttpConnection.h"
#include "LedgerApi.h"
#include "RequestLog.h"
#include "ServerStore.h"
#include "ServerWorks.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QMutex>
#include <QPointer>
#include <QThreadPool>
#include <QThreadStorage>
#include <QTimer>

#include <memory>
#include <unordered_map>

class QTcpServer;

namespace LedgerCurator {

struct ServerOptions
{
    DatabaseConfig database;
    HttpLimits limits; // request line, head, headers, body (limits.maxBody: --max-body)
    HttpTimeouts timeouts;
    int maxInflight = 64; // requests with the workers at once; 503 beyond
    int workers = 8;
    int maxConnections = 1000; // and never more than the descriptors allow (see listenOn)
    qint64 maxBodyMemory = 128 * 1024 * 1024; // bodies being read or handled at once; 503 beyond
    int authBurst = 20; // failed authentications per address before 429 (0: no throttle)
    int authIntervalMs = 3000; // then one more per this long
    //! The reconciliation service's works index (docs/reconciliation.md); empty: /reconcile
    //! answers 503.
    QString worksPath;
    bool reconcileNeedsToken = false; // --reconcile-needs-token: /reconcile wants a reader token

    //! What anyone may ask without a token (the health check; /reconcile unless
    //! reconcileNeedsToken): a small share of the server of its own, apart from the curators'
    //! (docs/server-limits.md, "Requests without a token").
    struct OpenShare
    {
        int connections = 64; // --open-connections: such requests being read or answered; 503
        int inflight = 16; // --open-inflight: of them with the workers at once; 503 beyond
        int workers = 2; // --open-workers: threads of their own, at a lower CPU priority
        qint64 bodyMemory = 16 * 1024 * 1024; // --open-body-memory: their bodies held; 503
        qint64 maxBody = 1024 * 1024; // --open-max-body: one body; 413 beyond
        int ratePerSecond = 20; // --open-rate: per address, in bursts of twice that; 429; 0: none
    };
    OpenShare open;
    int maxConnectionsPerAddress = 128; // --max-connections-per-address; 0: no limit
    int logRefusals = 10; // --log-refusals: refusals per address logged one by one per window
    int logWindowMs = 10000; // --log-window: then counted, and told in one line as it ends
};

class LedgerServer final : public QObject
{
    Q_OBJECT

public:
    explicit LedgerServer(ServerOptions options, QObject *parent = nullptr);
    ~LedgerServer() override;
    Q_DISABLE_COPY_MOVE(LedgerServer)

    //! Listens on address:port (0: any free port); returns the port, or 0 with errorString().
    //! Raises the soft limit of open descriptors to the hard one and keeps the connections below
    //! it (effectiveMaxConnections()), so that accept() never runs out of descriptors.
    quint16 listenOn(const QHostAddress &address, quint16 port);
    QString errorString() const { return m_errorString; }

    const ServerOptions &options() const { return m_options; }
    int effectiveMaxConnections() const { return m_maxConnections; }
    int connectionCount() const { return int(m_connections.size()); }

    //! Writes one request log line to stderr (docs/server-limits.md).
    void logRequest(const QByteArray &method, const QByteArray &target, int status, qint64 bytes,
        qint64 ms, const QString &tokenName, const QString &peer, const QString &note = {}) const;

Q_SIGNALS:
    //! A request was answered (or its client had gone); for tests and monitoring.
    void requestFinished(int status);

private:
    friend class ListeningSocket;

    struct Job
    {
        QPointer<HttpConnection> connection;
        ApiRequest request;
        bool preflight = false; // only the checks of the head (authentication before the body)
        bool open = false; // needs no token: the open share's
        QByteArray target; // as sent, for the log
        QHostAddress address; // the client's
        QString peer; // the same, for the log
    };

    //! Workers, requests in flight and body memory: one share for requests that need a token,
    //! one for those that need none.
    struct Share
    {
        QThreadPool pool;
        int inflight = 0;
        int maxInflight = 0;
        qint64 bodyMemory = 0; // bytes of bodies received and held
        qint64 maxBodyMemory = 0;
    };

    struct ConnectionState
    {
        QHostAddress address; // the client's, an IPv4-mapped one as IPv4
        qint64 bodyBytes = 0; // of the current request's body, received and held
        bool open = false; // the current request needs no token
    };

    void accept(qintptr descriptor);
    void shed(qintptr descriptor, const QHostAddress &address, bool perAddress);
    void logShed();
    void onHead(HttpConnection *connection);
    void onRequest(HttpConnection *connection, const QByteArray &body);
    void onRefused(HttpConnection *connection, int status, const QString &message);
    void onClosed(HttpConnection *connection);
    void dispatch(Job job);
    void finish(const Job &job, const ApiReply &reply);
    void respond(HttpConnection *connection, const ApiReply &reply, bool close = false);
    //! The current request of connection is over: its body's memory and its place in the open
    //! share are given back.
    void endRequest(HttpConnection *connection);
    //! What watches a body as it comes: its memory, its size without a token, its shape.
    HttpConnection::BodyWatcher bodyWatcher(HttpConnection *connection, const Job &job);
    //! logRequest(), but a refusal only as RefusalLog admits it.
    void logAnswer(const QByteArray &method, const QByteArray &target, int status, qint64 bytes,
        qint64 ms, const QString &tokenName, const QString &peer, const QString &note);
    void logHeldRefusals(bool all = false);
    //! Gives freed memory back to the system a moment after a large body or reply.
    void scheduleTrim();

    ServerOptions m_options;
    QString m_errorString;
    int m_maxConnections = 0;
    Share m_curators;
    Share m_open;
    QMutex m_sqliteWriteLock; // shared by the workers' SQLite connections
    // Each worker thread's own connection (Qt Sql connections belong to one thread). QThreadStorage
    // deletes it in its thread as the thread finishes, before QThread::wait() returns, so that no
    // connection outlives the pool (a thread_local would be destroyed after wait() returns, racing
    // with exit()).
    QThreadStorage<ServerStore *> m_stores;
    QThreadStorage<ServerWorks *> m_works; // the same for the works index, opened on first use
    std::unordered_map<HttpConnection *, ConnectionState> m_connections;
    QHash<QHostAddress, int> m_perAddress; // open connections per client address
    int m_openRequests = 0; // connections whose current request needs no token
    AuthThrottle m_throttle;
    AuthThrottle m_openRate; // requests without a token per address
    RefusalLog m_refusals;
    QTimer m_refusalTimer;
    QElapsedTimer m_clock;
    qint64 m_shedSinceLog = 0; // connections shed since the last log line about it
    qint64 m_shedPerAddressSinceLog = 0; // of them, from an address at its own limit
    QHash<QHostAddress, qint64> m_shedAddresses; // those addresses, for the log line
    QTimer m_shedLogTimer;
    QTimer m_trimTimer;
};

} // namespace LedgerCurator
