// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The client of a W3C Reconciliation API service (version 0.2), such as ledger-server's
// /reconcile (docs/reconciliation.md): a list of MatchQuery in, the candidates of each out. Each
// reply is held to a cap and a deadline as the sync's are (SyncReplyGuard), and checked in full:
// a reply that is not the service's shape is an error naming what is wrong, never a partial
// answer.

#include "Result.h"
#include "WorkMatch.h"

#include <QDeadlineTimer>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

#include <atomic>

class QEventLoop;
class QNetworkAccessManager;
class QNetworkReply;

namespace LedgerCurator {

struct ReconcileOptions
{
    //! The service: the server (http://host:port, "/reconcile" is added) or the service's own
    //! URL (ending in /reconcile).
    QUrl service;
    QString token; // sent as Authorization: Bearer when not empty (serve --reconcile-needs-token)
    int limit = 5; // candidates per query (1 to 25 on ledger-server)
    int batchSize = 50; // queries per request (ledger-server takes at most 50)
    int timeoutMs = 15000; // no byte for this long: the request is abandoned
    int maxAttempts = 3; // per request, for a 429, a 503 or a connection that failed
    int maxBackoffMs = 10000; // the longest wait between attempts
    //! The most bytes one reply may have; more is refused from its headers or abandoned as it
    //! passes, and not retried.
    qint64 maxReplyBytes = kDefaultMaxReplyBytes;
    int requestDeadlineMs = 120 * 1000; // one attempt, first byte to last; 0: none
    qint64 deadlineMs = 10 * 60 * 1000; // the whole call, every batch and retry; 0: none

    static constexpr qint64 kDefaultMaxReplyBytes = qint64(32) * 1024 * 1024;
};

//! Blocking: reconcile() runs its own event loop and network manager in the calling thread, so
//! it may be called from the CLI or a worker thread; cancel() may be called from any thread.
class ReconcileClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReconcileClient)

public:
    explicit ReconcileClient(ReconcileOptions options, QObject *parent = nullptr);
    ~ReconcileClient() override;

    //! The candidates of each query, in the order of `queries` (best first, as the service
    //! ranks them). A query with an empty title gets none without being sent. Candidates carry
    //! what the service sends: id, name, score, match, features and, from the description,
    //! the missing and extra words (not year, authors or source).
    Result<QList<QList<Candidate>>> reconcile(const QList<MatchQuery> &queries);

    //! Thread-safe: abandons the current request; reconcile() returns Error::cancelled().
    void cancel();

    //! The URL reconcile() posts to.
    QUrl serviceUrl() const;

    //! The body of one batch: the queries object, {"q0": {"query", "limit", "type",
    //! "properties"}, ...}.
    static QByteArray batchJson(const QList<MatchQuery> &queries, int limit);
    //! A reply's body read as the answer to `count` queries q0..q(count-1), each with at most
    //! `limit` candidates; a BadInput error naming what is wrong ("q1.result[0].score: expected
    //! a number from 0 to 100, found '"high"'").
    static Result<QList<QList<Candidate>>> parseReply(
        const QByteArray &body, qsizetype count, int limit);

private:
    //! One batch posted, with its retries: the reply's body (status 200), or why not.
    Result<QByteArray> post(
        QNetworkAccessManager &network, const QByteArray &body, const QDeadlineTimer &deadline);
    //! Waits `ms` in an event loop; false when cancelled.
    bool wait(int ms);

    ReconcileOptions m_options;
    std::atomic<bool> m_cancelled = false;
    QPointer<QNetworkReply> m_reply;
    QEventLoop *m_loop = nullptr;
};

} // namespace LedgerCurator
