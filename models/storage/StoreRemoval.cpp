// SPDX-License-Identifier: GPL-3.0-or-later
// Removing a record from the cache, and putting it back (docs/curation.md, "Removing a record").
// The record's corrections are never touched: the log is append-only and never joined to a
// record's rows, so importing the page again shows them applied, as it does after a new page.
#include "Store.h"
#include "StoreWrite.h"

#include "CurationLog.h"

#include <QSqlQuery>

namespace LedgerCurator {

namespace {

//! The tail of the sync's ETag key of a record: "sync/<server>/etag/<arxiv id>" (SyncClient.h).
QString etagTail(const QString &arxivId)
{
    return QStringLiteral("/etag/") + arxivId;
}

//! The meta entries of one record: its counts, its attention count and the sync's ETags of it.
Result<QList<std::pair<QString, QString>>> recordMeta(QSqlDatabase db, const QString &arxivId)
{
    const QString counts = kCountsPrefix + arxivId;
    const QString attention = kAttentionPrefix + arxivId;
    const QString tail = etagTail(arxivId);
    QSqlQuery query(db);
    query.setForwardOnly(true);
    // substr() rather than LIKE: a server's URL in a key is full of characters LIKE would treat
    // specially. The keys found are checked again below (substr() counts code points).
    query.prepare(QStringLiteral("SELECT key, value FROM meta WHERE key IN (?, ?)"
                                 " OR (substr(key, 1, 5) = 'sync/' AND substr(key, -?) = ?)"
                                 " ORDER BY key"));
    query.addBindValue(counts);
    query.addBindValue(attention);
    query.addBindValue(qint64(tail.size()));
    query.addBindValue(tail);
    if (!query.exec())
        return sqlError(QStringLiteral("cannot read the settings of record %1").arg(arxivId),
            query.lastError());
    QList<std::pair<QString, QString>> entries;
    while (query.next()) {
        const QString key = query.value(0).toString();
        if (key == counts || key == attention
            || (key.startsWith(QStringLiteral("sync/")) && key.endsWith(tail)))
            entries.append({ key, query.value(1).toString() });
    }
    return entries;
}

} // namespace

Result<std::optional<RecordRemoval>> Store::removeRecord(
    const QString &arxivId, RemovalSnapshot snapshot)
{
    QSqlDatabase db = database();
    Write write(*this);
    if (auto status
        = write.begin(QStringLiteral("%1: cannot start removing record %2").arg(m_path, arxivId));
        !status)
        return status.error();
    QSqlQuery row(db);
    row.setForwardOnly(true);
    row.prepare(QStringLiteral(
        "SELECT version, title, as_of, header, imported_at FROM records WHERE id = ?"));
    row.addBindValue(arxivId);
    if (!row.exec())
        return write.fail(
            sqlError(QStringLiteral("cannot read record %1").arg(arxivId), row.lastError()));
    if (!row.next())
        return std::optional<RecordRemoval>(); // nothing written: the write rolls back
    RecordRemoval removal;
    removal.arxivId = arxivId;
    removal.version = row.value(0).toInt();
    removal.title = row.value(1).toString();
    removal.asOf = row.value(2).toString();
    const QString header = row.value(3).toString();
    const QString importedAt = row.value(4).toString();
    row.finish();
    removal.removedAt = nowUtc();

    auto observations = observationCount(arxivId);
    if (!observations)
        return write.fail(observations.error());
    removal.observations = *observations;
    QSqlQuery corrections(db);
    corrections.prepare(QStringLiteral(
        "SELECT COUNT(*), IFNULL(SUM(seq IS NULL), 0) FROM corrections WHERE record_id = ?"));
    corrections.addBindValue(arxivId);
    if (!corrections.exec() || !corrections.next())
        return write.fail(
            sqlError(QStringLiteral("cannot count the corrections of %1").arg(arxivId),
                corrections.lastError()));
    removal.corrections = corrections.value(0).toLongLong();
    removal.unsent = corrections.value(1).toLongLong();
    corrections.finish();

    auto meta = recordMeta(db, arxivId);
    if (!meta)
        return write.fail(meta.error());
    const QString tail = etagTail(arxivId);
    for (const auto &[key, value] : std::as_const(*meta)) {
        if (key.endsWith(tail) && key.startsWith(QStringLiteral("sync/")))
            removal.syncedFrom.append(key.mid(5, key.size() - 5 - tail.size()));
    }
    if (snapshot == RemovalSnapshot::Keep) {
        // Read in the same transaction as the removal: what is kept is what is removed.
        auto record = loadRecord(arxivId);
        if (!record)
            return write.fail(record.error());
        if (!record->has_value())
            return write.fail(
                Error::failure(QStringLiteral("%1: record %2 vanished while it was removed")
                                   .arg(m_path, arxivId)));
        removal.snapshot = std::make_shared<const RecordRemoval::Snapshot>(
            RecordRemoval::Snapshot { std::move(**record), header, importedAt, *meta });
    }

    // Observation ids are random UUIDs: each row deleted from their index touches a random page.
    // When the record holds most of the table's rows, the index is dropped and built again over
    // the rows that stay, in one sort (as insertRecord() does for a large import): for 200,000
    // observations this about halves the removal. Inside the transaction: a failure rolls the
    // drop back too.
    bool rebuildIndex = false;
    if (removal.observations >= kRebuildIndexRows) {
        QSqlQuery few(db);
        few.prepare(QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM observations LIMIT ?)"));
        few.addBindValue(2 * removal.observations);
        if (!few.exec() || !few.next())
            return write.fail(
                sqlError(QStringLiteral("cannot count the observations in %1").arg(m_path),
                    few.lastError()));
        rebuildIndex = few.value(0).toLongLong() < 2 * removal.observations;
        few.finish();
        if (rebuildIndex) {
            if (auto dropped = exec(QStringLiteral("DROP INDEX observations_by_id")); !dropped)
                return write.fail(dropped.error());
        }
    }
    // The observations and their events go with the record's row (ON DELETE CASCADE).
    QSqlQuery remove(db);
    remove.prepare(QStringLiteral("DELETE FROM records WHERE id = ?"));
    remove.addBindValue(arxivId);
    if (!remove.exec())
        return write.fail(
            sqlError(QStringLiteral("cannot remove record %1").arg(arxivId), remove.lastError()));
    if (rebuildIndex) {
        if (auto built = exec(QString::fromLatin1(kObservationsByIdSql)); !built)
            return write.fail(built.error());
    }
    QSqlQuery forget(db);
    forget.prepare(QStringLiteral("DELETE FROM meta WHERE key = ?"));
    for (const auto &entry : std::as_const(*meta)) {
        forget.bindValue(0, entry.first);
        if (!forget.exec())
            return write.fail(sqlError(
                QStringLiteral("cannot remove setting %1").arg(entry.first), forget.lastError()));
    }
    QSqlQuery mark(db);
    mark.prepare(QStringLiteral(
        "INSERT OR REPLACE INTO removed_records (id, version, title, as_of, observations,"
        " removed_at) VALUES (?, ?, ?, ?, ?, ?)"));
    mark.addBindValue(arxivId);
    mark.addBindValue(removal.version);
    mark.addBindValue(removal.title);
    mark.addBindValue(removal.asOf);
    mark.addBindValue(removal.observations);
    mark.addBindValue(removal.removedAt);
    if (!mark.exec())
        return write.fail(sqlError(
            QStringLiteral("cannot note the removal of %1").arg(arxivId), mark.lastError()));
    if (auto status
        = write.commit(QStringLiteral("%1: cannot commit the removal of %2").arg(m_path, arxivId));
        !status)
        return status.error();
    return std::optional<RecordRemoval>(std::move(removal));
}

Status Store::restoreRecord(const RecordRemoval &removal)
{
    if (!removal.snapshot)
        return Error::failure(QStringLiteral(
            "arXiv:%1 cannot be put back: nothing of it was kept when it was removed")
                                  .arg(removal.arxivId));
    const RecordRemoval::Snapshot &kept = *removal.snapshot;
    const QString &id = kept.record.arxivId;
    QSqlDatabase db = database();
    Write write(*this);
    if (auto status
        = write.begin(QStringLiteral("%1: cannot start putting back record %2").arg(m_path, id));
        !status)
        return status;
    QSqlQuery existing(db);
    existing.prepare(QStringLiteral("SELECT as_of FROM records WHERE id = ?"));
    existing.addBindValue(id);
    if (!existing.exec())
        return write.fail(
            sqlError(QStringLiteral("cannot look up record %1").arg(id), existing.lastError()));
    if (existing.next())
        return write.fail(Error::badInput(
            QStringLiteral("arXiv:%1 is in the cache again (as of %2: its page was imported since "
                           "it was removed); it is left as it is")
                .arg(id, existing.value(0).toString())));
    existing.finish();
    if (auto status = insertRecord(kept.record, {}, 0, 0); !status)
        return write.fail(status.error());
    // The header and the import time as they were stored, not as made again now.
    QSqlQuery asStored(db);
    asStored.prepare(QStringLiteral("UPDATE records SET header = ?, imported_at = ? WHERE id = ?"));
    asStored.addBindValue(kept.header);
    asStored.addBindValue(kept.importedAt);
    asStored.addBindValue(id);
    if (!asStored.exec())
        return write.fail(
            sqlError(QStringLiteral("cannot put back record %1").arg(id), asStored.lastError()));
    if (auto status = writeMeta(db, kept.meta); !status)
        return write.fail(status.error());
    QSqlQuery forget(db);
    forget.prepare(QStringLiteral("DELETE FROM removed_records WHERE id = ?"));
    forget.addBindValue(id);
    if (!forget.exec())
        return write.fail(sqlError(
            QStringLiteral("cannot forget the removal of %1").arg(id), forget.lastError()));
    return write.commit(QStringLiteral("%1: cannot commit putting back %2").arg(m_path, id));
}

Result<QHash<QString, QString>> Store::removedRecords() const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT id, as_of FROM removed_records"
                                   " WHERE id NOT IN (SELECT id FROM records)")))
        return sqlError(
            QStringLiteral("%1: cannot read the records removed").arg(m_path), query.lastError());
    QHash<QString, QString> removed;
    while (query.next())
        removed.insert(query.value(0).toString(), query.value(1).toString());
    return removed;
}

} // namespace LedgerCurator
