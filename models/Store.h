// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CuratedRecord.h"
#include "CurationLog.h"
#include "Notices.h"
#include "Record.h"
#include "Result.h"

#include <QSqlDatabase>
#include <QString>

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
    qint64 needsAttention = 0; // observations whose state needs a person
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

//! What an import of standing notices did.
struct NoticeImportOutcome
{
    qsizetype added = 0;
    qsizetype alreadyHeld = 0; // the same notice (work, kind, date, source, notice) was held
};

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

    //! Opens (creating if needed) and migrates the cache to the latest schema.
    Status open();
    bool isOpen() const;
    QString path() const { return m_path; }
    QSqlDatabase database() const;

    int schemaVersion() const;
    static int latestSchemaVersion();

    //! Imports pages in one transaction: all or nothing. A page replaces the upstream data of an
    //! earlier page of the same paper; a page older than the cached one is refused.
    //! `progress` is told of observations stored; returning false cancels and rolls back.
    Result<QList<ImportOutcome>> importRecords(const QList<Record> &records, const Progress &progress = {},
                                               RecordCheck check = RecordCheck::Validate);

    Result<QList<RecordSummary>> recordSummaries() const;
    //! nullopt when the cache has no such record. With `firstObservations` >= 0, only that many
    //! observations from the top of the page are read (the desktop shows them at once while the
    //! whole record loads).
    Result<std::optional<Record>> loadRecord(const QString &arxivId, qsizetype firstObservations = -1) const;
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
    Result<std::optional<CuratedRecord>> loadCurated(const QString &arxivId, qsizetype firstObservations = -1) const;
    //! Corrections not yet acknowledged by a server (no seq).
    Result<qint64> outboxCount() const;

    //! Stores standing notices in one transaction; a notice already held is not stored twice.
    Result<NoticeImportOutcome> importNotices(const QList<StandingNotice> &notices);
    //! Every standing notice, by work; loadCurated() matches them to the observations.
    Result<SharedNoticeIndex> noticeIndex() const;
    Result<qint64> noticeCount() const;

    Result<QString> meta(const QString &key) const;
    Status setMeta(const QString &key, const QString &value);

    // Sync: defined in StoreSync.cpp ------------------------------------------------------------
    //! A list of meta entries (key, value), written together.
    using MetaEntries = QList<std::pair<QString, QString>>;
    //! Up to `limit` outbox events (no seq), oldest first (in the order they were stored),
    //! leaving out the first `offset` of them.
    Result<QList<CorrectionEvent>> outbox(qsizetype limit, qsizetype offset = 0) const;
    //! Stores events received from a server and the meta entries in one transaction. Idempotent by
    //! event id, as addCorrections: an event already held gets the server's seq if it had none.
    Status addSyncedCorrections(const QList<CorrectionEvent> &events, const MetaEntries &meta);
    //! importRecords() and the meta entries in one transaction: all or nothing.
    Result<QList<ImportOutcome>> importRecordsWithMeta(const QList<Record> &records, const MetaEntries &meta,
                                                       RecordCheck check = RecordCheck::Validate);
    //! Several meta entries in one transaction.
    Status setMetaEntries(const MetaEntries &meta);
    //! Every meta entry whose key starts with `prefix`, keyed by the rest of the key.
    Result<QHash<QString, QString>> metaWithPrefix(const QString &prefix) const;
    //! The as-of date of every cached record, by arXiv id.
    Result<QHash<QString, QString>> recordAsOfDates() const;
    // End of the sync block ----------------------------------------------------------------------

private:
    Status migrate();
    Status exec(const QString &sql) const;
    Status insertRecord(const Record &record, const Progress &progress, qint64 done, qint64 total);

    QString m_path;
    QString m_connectionName;
};

//! The record id from user input: strips "arXiv:" and a version suffix ("2104.04473v5").
QString normalizeRecordId(QString text);

//! The default cache file under QStandardPaths::AppDataLocation.
QString defaultCachePath();

} // namespace LedgerCurator
