// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The HTTP side of ledger-server: QAbstractHttpServer (Qt 6.4) with its own routing. Requests are
// parsed on the main thread and answered by a pool of worker threads, each with its own database
// connection; the main thread writes the replies and the request log.

#include "LedgerApi.h"
#include "ServerStore.h"

#include <QAbstractHttpServer>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QMutex>
#include <QPointer>
#include <QTcpSocket>
#include <QThreadPool>
#include <QThreadStorage>

#include <memory>
#include <unordered_map>

class QHttpServerResponder;

namespace LedgerCurator {

struct ServerOptions
{
    DatabaseConfig database;
    qint64 maxBody = 8 * 1024 * 1024;
    int maxInflight = 64;
    int workers = 8;
};

//! What the server reads of a request's head (request line and headers, without the blank line)
//! before QAbstractHttpServer does, to refuse an oversized body early: its Content-Length (0 when
//! absent or not a number; the last one counts) and whether its body is chunked.
struct RequestHead
{
    qint64 contentLength = 0;
    bool chunked = false;
};
RequestHead scanRequestHead(const QByteArray &head);

class LedgerServer final : public QAbstractHttpServer
{
    Q_OBJECT

public:
    explicit LedgerServer(ServerOptions options, QObject *parent = nullptr);
    ~LedgerServer() override;
    Q_DISABLE_COPY_MOVE(LedgerServer)

    //! Listens on address:port (0: any free port); returns the port, or 0 with errorString().
    quint16 listenOn(const QHostAddress &address, quint16 port);
    QString errorString() const { return m_errorString; }

    const ServerOptions &options() const { return m_options; }

    //! Writes one request log line to stderr: time, method, path, status, bytes, ms, token name.
    void logRequest(const QByteArray &method, const QString &path, int status, qint64 bytes,
        qint64 ms, const QString &tokenName, const QString &note = {}) const;

Q_SIGNALS:
    //! A request was answered (or its client had gone); for tests and monitoring.
    void requestFinished(int status);

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    struct Pending
    {
        std::unique_ptr<QHttpServerResponder> responder;
        QPointer<QTcpSocket> socket;
        QByteArray method;
        QString path;
        QElapsedTimer timer;
    };

    void dispatch(quint64 id, ApiRequest request);
    void finish(quint64 id, const ApiReply &reply);
    void respond(Pending &pending, const ApiReply &reply);

    ServerOptions m_options;
    QString m_errorString;
    QThreadPool m_pool;
    QMutex m_sqliteWriteLock; // shared by the workers' SQLite connections
    // Each worker thread's own connection (Qt Sql connections belong to one thread). QThreadStorage
    // deletes it in its thread as the thread finishes, before QThread::wait() returns, so that no
    // connection outlives the pool (a thread_local would be destroyed after wait() returns, racing
    // with exit()).
    QThreadStorage<ServerStore *> m_stores;
    std::unordered_map<quint64, Pending> m_pending;
    quint64 m_nextId = 1;
    int m_inflight = 0;
};

} // namespace LedgerCurator
