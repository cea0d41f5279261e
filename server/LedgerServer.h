// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The HTTP side of ledger-server. Connections are read by HttpConnection (server/http), under
// the limits of docs/server-limits.md; requests are answered by a pool of worker threads, each
// with its own database connection; the main thread reads, writes and logs. A request with a
// body is authenticated from its head, on a worker, before one byte of its body is read.
//
// Qt HttpServer 6.4 is not used for this: QAbstractHttpServer reads every request whole
// (chunked or not) into memory before the application sees it, has no timeouts and cannot be
// told to authenticate first (docs/architecture.md).

#include "AuthThrottle.h"
#include "HttpConnection.h"
#include "LedgerApi.h"
#include "ServerStore.h"
#include "ServerWorks.h"

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
        QByteArray target; // as sent, for the log
        QHostAddress address; // the client's
        QString peer; // the same, for the log
    };

    void accept(qintptr descriptor);
    void shed(qintptr descriptor);
    void logShed();
    void onHead(HttpConnection *connection);
    void onRequest(HttpConnection *connection, const QByteArray &body);
    void onRefused(HttpConnection *connection, int status, const QString &message);
    void onClosed(HttpConnection *connection);
    void dispatch(Job job);
    void finish(const Job &job, const ApiReply &reply);
    void respond(HttpConnection *connection, const ApiReply &reply, bool close = false);
    void releaseBody(HttpConnection *connection);

    ServerOptions m_options;
    QString m_errorString;
    int m_maxConnections = 0;
    QThreadPool m_pool;
    QMutex m_sqliteWriteLock; // shared by the workers' SQLite connections
    // Each worker thread's own connection (Qt Sql connections belong to one thread). QThreadStorage
    // deletes it in its thread as the thread finishes, before QThread::wait() returns, so that no
    // connection outlives the pool (a thread_local would be destroyed after wait() returns, racing
    // with exit()).
    QThreadStorage<ServerStore *> m_stores;
    QThreadStorage<ServerWorks *> m_works; // the same for the works index, opened on first use
    std::unordered_map<HttpConnection *, qint64> m_connections; // each with its body's share
    qint64 m_bodyMemory = 0;
    int m_inflight = 0;
    AuthThrottle m_throttle;
    qint64 m_shedSinceLog = 0; // connections shed since the last log line about it
    QTimer m_shedLogTimer;
};

} // namespace LedgerCurator
