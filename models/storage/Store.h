// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "CuratedRecord.h"
#include "CurationLog.h"
#include "EventSignature.h"
#include "Notices.h"
#include "Record.h"
#include "Result.h"
#include "TrustedKeys.h"

#include <QSet>
#include <QSqlDatabase>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace LedgerCurator {

//! One row of the record list.
struct RecordSummary
{
    QString arxivId;
    int version = 1;
    QString title;
    QString asOf;
    qint64 inbound = 0;
    qint64 outbound = 0;
    //! What needs attention (Attention.h) as last counted, when the record has not changed since;
    //! nullopt otherwise: fillAttention() (RecordAttention.h) counts it.
    std::optional<AttentionCount> attention;
    std::array<qint64, kResolutionStateCount> states {};
};

//! What an import did to one record.
struct ImportOutcome
{
    QString arxivId;
    bool replaced = false; // an earlier page of the same paper was replaced
    QString previousAsOf;
    qsizetype observations = 0;
};

//! What an import of standing notices did (or, planned, would do).
struct NoticeImportOutcome
{
    qsizetype added = 0; // notices the cache did not know
    qsizetype updated = 0; // a newer version of a notice the cache held (another text, status...)
    qsizetype alreadyHeld = 0; // the same version (all but the import time) was held
    qsizetype withdrawn = 0; // listed notices of the source the file no longer lists (Complete)
    QStringList withdrawnRefs; // their noticeRefs, for the report
    //! The notices withdrawn, as they were before (what an undo lists again).
    QList<StandingNotice> withdrawnBefore;
    //! How many notices of the file's source(s) were listed before (Complete): what a share of
    //! withdrawals is measured against.
    qsizetype listedBefore = 0;
    //! Notices the file says otherwise (or no longer lists) but that were last seen in a newer
    //! list: left as they are.
    QStringList olderThanHeld;
    //! Notices the file lists unchanged whose list is newer than the one they were last seen in.
    QStringList seenInNewerList;
};

//! Whether an imported file is the source's whole list (a notice it no longer lists is marked
//! withdrawn by the source) or an excerpt of it (nothing is withdrawn): an excerpt unless the
//! curator says otherwise (docs/notices.md, "Excerpts and complete lists").
enum class NoticeImportScope { Complete, Partial };

//! How an import of notices is made.
struct NoticeImportOptions
{
    NoticeImportScope scope = NoticeImportScope::Partial;
    //! Refs the file names in rows that could not become notices: never withdrawn.
    QSet<QString> alsoListed;
    QString file; // the file's name, kept on every version it makes (importedFrom)
    QString listedAsOf; // the list's date (canonical UTC time; empty: unknown)
    QString importedBy; // the curator importing: the server takes it only from their token
    //! When set (Complete): only these refs may be withdrawn, the ones the curator was shown.
    std::optional<QSet<QString>> withdrawOnly;
    //! The importing curator's key: every version the import makes (its withdrawals included) is
    //! signed with it (docs/signatures.md, "Notices"). Without one they are stored unsigned and
    //! the next sync of that curator signs them before they are sent.
    std::optional<SigningKey> signingKey;
};

//! What removing a record took out of the cache (Store::removeRecord()), and, when asked for,
//! what Store::restoreRecord() needs to put it back exactly as it was.
struct RecordRemoval
{
    QString arxivId;
    int version = 1;
    QString title;
    QString asOf;
    qint64 observations = 0;
    //! The record's corrections: they stay in the correction log (docs/curation.md, "Removing a
    //! record"), out of sight until its page is imported again.
    qint64 corrections = 0;
    //! Of them, those no server has acknowledged yet: they still go out at the next sync.
    qint64 unsent = 0;
    //! Servers this cache had the page from (the sync's ETag of it was kept): the next sync
    //! leaves their copy of this page alone.
    QStringList syncedFrom;
    QString removedAt;
    //! The rows as they were (RemovalSnapshot::Keep): the page, its header and import time as
    //! stored, and the record's meta entries (counts, attention, the sync's ETags).
    struct Snapshot
    {
        Record record;
        QString header;
        QString importedAt;
        QList<std::pair<QString, QString>> meta;
    };
    //! Shared: an undo step keeps it, copies of the removal share it.
    std::shared_ptr<const Snapshot> snapshot;
};

//! Whether removeRecord() keeps what restoreRecord() needs (the undo of the window) or not.
enum class RemovalSnapshot { Drop, Keep };

//! Whether importRecords() checks the records with validateRecord(), or the caller already has:
//! every record readPage(), parseLedgerText() and readRecordJson() return has been checked.
enum class RecordCheck { Validate, AlreadyValidated };

//! The local cache: SQLite through Qt Sql, one named connection per Store.
//! Every write is one transaction; a failure leaves the file as it was.
class Store final
{
public:
    explicit Store(QString path);
    ~Store();
    Q_DISABLE_COPY_MOVE(Store)

    //! Opens (creating the file if needed) and migrates the cache to the latest schema. A folder
    //! that does not exist is made only for the default location (defaultCachePath()); elsewhere
    //! it is bad input and nothing is created. A cache that cannot be written is said to be
    //! read-only.
    Status open();
    //! True when `path` is the default cache's path (defaultCachePath()).
    static bool isDefaultLocation(const QString &path);
    bool isOpen() const;
    QString path() const { return m_path; }

    //! Empty while the cache can be written; else why it cannot: one of its files (the
    //! database, its -wal or -shm) was deleted or replaced while it was open, or SQLite found
    //! it damaged. Once set it stays set: the store writes nothing more, every write fails with
    //! this message, and reads go on. Checked before and after every write transaction.
    QString writeRefusal() const { return m_refusal; }
    //! Checks the cache's files now (as a write does) and returns writeRefusal().
    QString checkWritable() const;
    //! The full path SQLite opened the cache by (symbolic links resolved), or empty when closed.
    QString sqlitePath() const;

    int schemaVersion() const;
    static int latestSchemaVersion();

    //! Imports pages in one transaction: all or nothing. A page replaces the upstream data of an
    //! earlier page of the same paper; a page older than the cached one is refused.
    //! `progress` is told of observations stored; returning false cancels and rolls back.
    Result<QList<ImportOutcome>> importRecords(const QList<Record> &records,
        const Progress &progress = {}, RecordCheck check = RecordCheck::Validate);

    Result<QList<RecordSummary>> recordSummaries() const;
    //! nullopt when the cache has no such record. With `firstObservations` >= 0, only that many
    //! observations from the top of the page are read (the desktop shows them at once while the
    //! whole record loads).
    Result<std::optional<Record>> loadRecord(
        const QString &arxivId, qsizetype firstObservations = -1) const;
    Result<qint64> recordCount() const;
    //! How many observations the record has (0 when the cache has no such record).
    Result<qint64> observationCount(const QString &arxivId) const;

    //! Stores correction events in one transaction. Idempotent by event id: an event already
    //! held is not stored twice (a synced copy fills in the server's seq).
    Status addCorrections(const QList<CorrectionEvent> &events);
    //! Every correction event of a record, oldest first.
    Result<QList<CorrectionEvent>> corrections(const QString &arxivId) const;
    //! The record with its corrections applied; nullopt when the cache has no such record.
    //! `firstObservations` as for loadRecord().
    Result<std::optional<CuratedRecord>> loadCurated(
        const QString &arxivId, qsizetype firstObservations = -1) const;
    //! As loadCurated(), matched against `notices` (noticeIndex(), read once by a caller that
    //! loads record after record: reading every notice for each record made a pass over the
    //! cache take records x notices); null `notices`: read here.
    Result<std::optional<CuratedRecord>> loadCuratedWith(const QString &arxivId,
        const SharedNoticeIndex &notices, qsizetype firstObservations = -1) const;

    // Removing a record: defined in StoreRemoval.cpp --------------------------------------------
    //! Removes a record from the cache in one transaction: its page (the observations and their
    //! events), its counts, its attention count and the sync's ETags of it. Its corrections stay
    //! in the log: importing its page again shows them applied, and those not yet sent still go
    //! out at the next sync. The removal is kept (removed_records): a sync does not fetch the
    //! same page again (a newer page of the record is fetched), an import of the record forgets
    //! it. nullopt when the cache has no such record (nothing is written).
    Result<std::optional<RecordRemoval>> removeRecord(
        const QString &arxivId, RemovalSnapshot snapshot = RemovalSnapshot::Drop);
    //! Puts back a record removeRecord() took out with its snapshot, rows, header, import time and
    //! meta entries as they were, and forgets its removal, in one transaction. Refused (bad
    //! input) when the cache holds the record again (its page was imported since).
    Status restoreRecord(const RecordRemoval &removal);
    //! The records removed here whose page the cache does not hold: arXiv id -> the as-of date
    //! of the page removed.
    Result<QHash<QString, QString>> removedRecords() const;
    // End of the removal block -----------------------------------------------------------------

    //! Stores notices imported here in one transaction. Identity is (source, sourceId): a notice
    //! held with the same content is left as it is; another content is a newer version that
    //! replaces it (and is sent to the server at the next sync), unless the notice was last seen
    //! in a newer list (options.listedAsOf). With Complete, every listed notice of the same
    //! source(s) that `notices` does not name becomes withdrawn (kept), but for the refs in
    //! options.alsoListed and those last seen in a newer list. Each version made carries who,
    //! when and which file.
    Result<NoticeImportOutcome> importNotices(
        const QList<StandingNotice> &notices, const NoticeImportOptions &options = {});
    //! importNotices() with only the scope (and the refs also listed) given.
    Result<NoticeImportOutcome> importNotices(const QList<StandingNotice> &notices,
        NoticeImportScope scope, const QSet<QString> &alsoListed = {})
    {
        NoticeImportOptions options;
        options.scope = scope;
        options.alsoListed = alsoListed;
        return importNotices(notices, options);
    }
    //! What importNotices() would do now, writing nothing (to ask before withdrawing).
    Result<NoticeImportOutcome> planNoticeImport(
        const QList<StandingNotice> &notices, const NoticeImportOptions &options) const;
    //! Stores versions of notices made here (an undone withdrawal lists them again, a redone one
    //! withdraws them) in one transaction; each is sent at the next sync, signed with `key` when
    //! one is given (each version's importedBy must be its curator).
    Status storeNoticeVersions(
        const QList<StandingNotice> &versions, const std::optional<SigningKey> &key = {});
    //! The listed standing notices, by work; loadCurated() matches them to the observations.
    Result<SharedNoticeIndex> noticeIndex() const;
    //! Every notice the cache knows, listed and withdrawn, by source then source id (the Notices
    //! view, `ledger-curator notices`).
    Result<QList<StandingNotice>> notices() const;
    //! How many notices the cache knows (listed and withdrawn).
    Result<qint64> noticeCount() const;

    //! PRAGMA data_version: changes when another connection (another process, or another Store
    //! of this one) commits to the cache, not for this Store's own commits. Cheap: for polling.
    Result<qint64> dataVersion() const;
    //! A short text that changes when what a record shows may have changed: its page, its
    //! corrections or the notices. Compared with an earlier one to decide on a reload.
    Result<QString> changeStamp(const QString &arxivId) const;
    //! Remembers the attention count of a record as it was at changeStamp() `stamp`, for
    //! recordSummaries() to give while the record stays unchanged (a count, not data: written
    //! without a signature and never synced).
    Status rememberAttentionCount(
        const QString &arxivId, const QString &stamp, const AttentionCount &count);

    Result<QString> meta(const QString &key) const;
    Status setMeta(const QString &key, const QString &value);

    // Trust (docs/signatures.md): defined in StoreTrust.cpp -------------------------------------
    //! The meta key of the clock correction: what a server told this cache its clock is off by.
    static QString clockCorrectionKey() { return QStringLiteral("clock/correction_ms"); }
    //! The correction to add to this machine's clock for new events' times (0 when none).
    qint64 clockCorrectionMs() const;
    //! Whether the cache has ever synced with a server (then a correction's author must be the
    //! configured curator).
    Result<bool> hasSynced() const;
    //! The names the servers this cache synced with know its token by (SyncClient::curatorKey()),
    //! each once: the only authors whose corrections those servers take.
    Result<QStringList> syncedCurators() const;
    //! The curators' public keys the cache knows (from servers and bundles), by key id.
    Result<KeyRing> curatorKeys() const;
    //! Stores keys (a key already held is updated: revocation only ever sets, never clears).
    Status storeCuratorKeys(const QList<CuratorKey> &keys);
    //! A verified bundle (docs/bundle.md) in one transaction, all or nothing: the record (refused
    //! when the cache holds a newer page), the keys, and the events as received from a server.
    Result<ImportOutcome> importBundle(
        const Record &record, const QList<CuratorKey> &keys, const QList<CorrectionEvent> &events);
    //! Events received that failed their check (TrustedKeys.h): kept aside, out of every merge.
    struct RejectedEvent
    {
        CorrectionEvent event;
        QString server; // where it came from (a server key, or "bundle FILE")
        QString reason;
        QString receivedAt;
    };
    Result<QList<RejectedEvent>> rejectedEvents(const QString &arxivId = {}) const;
    // End of the trust block ---------------------------------------------------------------------

    // Sync: defined in StoreSync.cpp (what waits to be sent is the Outbox's, Outbox.h) ---------
    //! A list of meta entries (key, value), written together.
    using MetaEntries = QList<std::pair<QString, QString>>;
    //! Stores events received from a server and the meta entries in one transaction. Idempotent by
    //! event id, as addCorrections: an event already held gets the server's seq if it had none.
    //! `rejected` (events that failed their check) are kept aside in the same transaction.
    Status addSyncedCorrections(const QList<CorrectionEvent> &events, const MetaEntries &meta,
        const QList<RejectedEvent> &rejected = {});
    //! importRecords() and the meta entries in one transaction: all or nothing.
    Result<QList<ImportOutcome>> importRecordsWithMeta(const QList<Record> &records,
        const MetaEntries &meta, RecordCheck check = RecordCheck::Validate);
    //! Several meta entries in one transaction.
    Status setMetaEntries(const MetaEntries &meta);
    //! Every meta entry whose key starts with `prefix`, keyed by the rest of the key.
    Result<QHash<QString, QString>> metaWithPrefix(const QString &prefix) const;
    //! Stores notices received from a server (each with its seq) and the meta entries in one
    //! transaction: a received version replaces the one held unless the cache holds a newer
    //! version not yet sent (noticeSupersedes()). Returns how many notices changed here (a version
    //! sent from here that only learns its importer's name does not count).
    //! Notices received that failed their check (NoticeSignature.h): kept aside in the same
    //! transaction, the version held stays as it was.
    struct RejectedNotice
    {
        StandingNotice notice; // as received, with its seq
        QString server;
        QString reason;
        QString receivedAt;
    };
    Result<qsizetype> addSyncedNotices(const QList<StandingNotice> &received,
        const MetaEntries &meta, const QList<RejectedNotice> &rejected = {});
    //! The notices kept aside, oldest first.
    Result<QList<RejectedNotice>> rejectedNotices() const;
    //! The as-of date of every cached record, by arXiv id.
    Result<QHash<QString, QString>> recordAsOfDates() const;
    // End of the sync block ----------------------------------------------------------------------

    //! Runs `body` in one write transaction of the cache: a Store::Write, refused once
    //! writeRefusal() is set and reported committed only into the files still so named. For
    //! the writers of the cache outside Store that keep to its rules (the works index,
    //! CacheWorks.h); `what` names the write in an error.
    Status inWriteTransaction(const QString &what, const std::function<Status()> &body);

private:
    //! The connection, for the cache's own code only: the Outbox, and the rest of models/storage
    //! through StoreConnection (internal/StoreConnection.h). Nothing outside reaches the
    //! database: the works index goes through CacheWorks.h, the outbox through Outbox.h.
    QSqlDatabase database() const;
    friend class Outbox;
    friend class StoreConnection;
    //! Empty when the cache can be written, else the message saying it is read-only and why.
    QString readOnlyReason(const QSqlDatabase &db) const;
    //! Every write is one of these (StoreWrite.h): refused once writeRefusal() is set or a file is
    //! lost, and a commit is reported only after SQLite committed into the files still so named.
    class Write;
    //! importRecords() and importRecordsWithMeta(): the records, then the meta entries, in one
    //! transaction.
    //! `alsoWrite`, when given, writes more in the same transaction, after the records.
    Result<QList<ImportOutcome>> importInTransaction(const QList<Record> &records,
        const MetaEntries &meta, const Progress &progress, RecordCheck check,
        const std::function<Status(QSqlDatabase &db)> &alsoWrite = {});
    //! The writes of storeCuratorKeys() and addSyncedCorrections(), in the caller's transaction.
    static Status writeCuratorKeys(QSqlDatabase &db, const QList<CuratorKey> &keys);
    static Status writeSyncedCorrections(QSqlDatabase &db, const QList<CorrectionEvent> &events);
    //! After a failed statement of a write: a damaged file (SQLITE_CORRUPT, SQLITE_NOTADB) sets
    //! writeRefusal(). Returns `error` unchanged.
    Error noteFailure(Error error) const;
    Status migrate();
    Status exec(const QString &sql) const;
    static Status writeRejected(QSqlDatabase &db, const QList<RejectedEvent> &rejected);
    Status insertRecord(const Record &record, const Progress &progress, qint64 done, qint64 total);

    QString m_path;
    QString m_connectionName;
    mutable QString m_refusal;
};

//! The default cache file under QStandardPaths::AppDataLocation.
QString defaultCachePath();

} // namespace LedgerCurator
