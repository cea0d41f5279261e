// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The outbox of the cache (docs/storage.md, "The outbox"): what was made here and no server has
// acknowledged yet, waiting to be sent at the next sync. Corrections wait in the correction log
// with no seq (a server's acknowledgement gives them one: Store::addSyncedCorrections()), and
// the refusals of a server are kept beside them; notices imported here wait in the notices'
// table with no seq until markNoticesSent().

#include "CurationLog.h"
#include "Notices.h"
#include "Result.h"

#include <QString>
#include <QStringList>

namespace LedgerCurator {

class Store;

//! The outbox of an open Store (which must outlive it). Every write is one transaction of the
//! cache, under the Store's write rules (refused once Store::writeRefusal() is set).
class Outbox final
{
public:
    explicit Outbox(Store &store)
        : m_store(store)
    {
    }

    // Corrections ------------------------------------------------------------------------------
    //! How many corrections wait (no seq).
    Result<qint64> count() const;
    //! The authors of those corrections, each once.
    Result<QStringList> authors() const;
    //! Up to `limit` waiting corrections, oldest first (in the order they were stored), after the
    //! position `after` (0: from the first); `*last` gets the position of the last one returned.
    //! With `server`, the corrections that server refused (markRefused()) are left out.
    Result<QList<CorrectionEvent>> corrections(qsizetype limit, qint64 after = 0,
        const QString &server = {}, qint64 *last = nullptr) const;
    //! Rewrites waiting corrections with the times, key ids and signatures given, in one
    //! transaction: a sync signs events made before signatures, and re-times those made by a
    //! clock that ran ahead. An event a server already acknowledged is left as it is.
    Status replaceEvents(const QList<CorrectionEvent> &events);
    //! Rewrites waiting corrections that name more than kMaxEventParents parents (made before
    //! that limit was kept, and refused by every server) with narrowedEvent(), in one
    //! transaction; returns how many were rewritten. Store::open() does this.
    Result<qsizetype> narrowWideEvents();

    // Refusals ---------------------------------------------------------------------------------
    //! A waiting correction a server refused, and why.
    struct Refusal
    {
        CorrectionEvent event;
        QString server; // SyncClient::serverKey()
        int status = 0; // the HTTP status
        QString reason; // the server's message
        QString refusedAt;
    };
    //! Records that `server` refused the event (replacing an earlier refusal by it).
    Status markRefused(
        const QString &eventId, const QString &server, int status, const QString &reason);
    //! The server took the events after all.
    Status clearRefused(const QStringList &eventIds, const QString &server);
    //! The refused corrections still waiting, oldest first; of one server, or of all when empty.
    Result<QList<Refusal>> refusals(const QString &server = {}) const;

    // Notices ----------------------------------------------------------------------------------
    //! How many notices imported here wait (no seq).
    Result<qint64> noticeCount() const;
    //! Up to `limit` waiting notices, in the order they were stored, after the position `after`;
    //! `*last` gets the last one's position.
    Result<QList<StandingNotice>> notices(
        qsizetype limit, qint64 after = 0, qint64 *last = nullptr) const;
    //! Notes the server's seq (and importer) of notices sent, each only if the cache still holds
    //! the version sent (same import time, no seq yet).
    Status markNoticesSent(const QList<StandingNotice> &sent);
    //! Stores the importer, key id and signature of waiting notices signed now (made before
    //! notices were signed), each only if the cache still holds that version unsent; one
    //! transaction.
    Status signWaitingNotices(const QList<StandingNotice> &signedNow);

private:
    Store &m_store;
};

} // namespace LedgerCurator
