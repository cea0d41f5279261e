// SPDX-License-Identifier: GPL-3.0-or-later
// The parts of Store that the sync client needs (the outbox is Outbox.cpp's): writes that store
// data received from a server together with the meta entries that say how far the sync has come, in
// one transaction. Kept apart from Store.cpp (schema and migrations); the SQL follows that file's.
#include "Identifier.h"
#include "Store.h"
#include "StoreRows.h"
#include "StoreSqlite.h"
#include "StoreWrite.h"

#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <array>

namespace LedgerCurator {

Status writeCorrections(QSqlDatabase &db, const QList<CorrectionEvent> &events)
{
    using namespace StoreSqlite;
    SqliteStatement insert(db,
        "INSERT INTO corrections (id, record_id, observation_id, field, value, parents, author,"
        " created_at, seq, key_id, signature) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"
        " ON CONFLICT(id) DO UPDATE SET seq = COALESCE(corrections.seq, excluded.seq)");
    if (!insert.ok())
        return Error::failure(
            QStringLiteral("cannot store corrections: %1").arg(insert.errorText()));
    enum Text {
        Id,
        Record,
        Observation,
        Field,
        Value,
        Parents,
        Author,
        CreatedAt,
        KeyId,
        Signature,
        TextCount
    };
    std::array<Utf8Buffer, TextCount> buffers;
    for (const CorrectionEvent &e : events) {
        if (!isUuid(e.id) || !isUuid(e.observation) || e.record.isEmpty() || e.createdAt.isEmpty())
            return Error::badInput(
                QStringLiteral("correction %1: needs a UUID, a record, an observation UUID "
                               "and a creation time")
                    .arg(e.id));
        // As QSQLITE bound them: a null QString is NULL, parents are "" when there are none.
        insert.bindText(1, e.id, buffers[Id]);
        insert.bindText(2, e.record, buffers[Record]);
        insert.bindText(3, e.observation, buffers[Observation]);
        insert.bindText(4, curationFieldKey(e.field), buffers[Field]);
        if (e.value)
            insert.bindText(5, *e.value, buffers[Value]);
        else
            insert.bindNull(5);
        insert.bindText(
            6, e.parents.isEmpty() ? QStringLiteral("") : e.parents.join(u','), buffers[Parents]);
        insert.bindText(7, e.author, buffers[Author]);
        insert.bindText(8, e.createdAt, buffers[CreatedAt]);
        if (e.seq)
            insert.bindInteger(9, *e.seq);
        else
            insert.bindNull(9);
        if (e.keyId.isEmpty())
            insert.bindNull(10);
        else
            insert.bindText(10, e.keyId, buffers[KeyId]);
        if (e.signature.isEmpty())
            insert.bindNull(11);
        else
            insert.bindText(11, e.signature, buffers[Signature]);
        if (insert.step() != SQLITE_DONE)
            return Error::failure(
                QStringLiteral("cannot store correction %1: %2").arg(e.id, insert.errorText()));
        insert.reset();
    }
    return {};
}

Status Store::writeSyncedCorrections(QSqlDatabase &db, const QList<CorrectionEvent> &events)
{
    return writeCorrections(db, events);
}

Status Store::addSyncedCorrections(const QList<CorrectionEvent> &events, const MetaEntries &meta,
    const QList<RejectedEvent> &rejected)
{
    QSqlDatabase db = database();
    // A page of events inserts into indexes keyed by random UUIDs: a page cache of 64 MiB keeps
    // the pages they touch in memory instead of spilling them to the WAL mid-transaction, and,
    // kept for the connection (a sync opens its own Store and closes it at the end), from one
    // page to the next instead of reading them again. Only memory: durability is unchanged.
    if (events.size() > 500)
        (void)exec(QStringLiteral("PRAGMA cache_size = -65536"));
    // The page's WAL frames and its checkpoint written to disk as they are made.
    std::optional<StoreSqlite::WriteBehind> writeBehind;
    if (events.size() > 500)
        writeBehind.emplace(sqlitePath());
    Write write(*this);
    if (auto status
        = write.begin(QStringLiteral("%1: cannot start storing corrections").arg(m_path));
        !status)
        return status;
    if (auto status = writeCorrections(db, events); !status)
        return write.fail(status.error());
    if (auto status = writeRejected(db, rejected); !status)
        return write.fail(status.error());
    if (auto status = writeMeta(db, meta); !status)
        return write.fail(status.error());
    return write.commit(QStringLiteral("%1: cannot commit corrections").arg(m_path));
}

Result<QList<ImportOutcome>> Store::importRecordsWithMeta(
    const QList<Record> &records, const MetaEntries &meta, RecordCheck check)
{
    return importInTransaction(records, meta, {}, check);
}

Status Store::setMetaEntries(const MetaEntries &meta)
{
    QSqlDatabase db = database();
    Write write(*this);
    if (auto status = write.begin(QStringLiteral("%1: cannot start storing settings").arg(m_path));
        !status)
        return status;
    if (auto status = writeMeta(db, meta); !status)
        return write.fail(status.error());
    return write.commit(QStringLiteral("%1: cannot commit settings").arg(m_path));
}

Result<QHash<QString, QString>> Store::metaWithPrefix(const QString &prefix) const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    // substr() rather than LIKE: the prefix is a URL, full of characters LIKE would treat
    // specially.
    query.prepare(QStringLiteral("SELECT key, value FROM meta WHERE substr(key, 1, ?) = ?"));
    query.addBindValue(qint64(prefix.size()));
    query.addBindValue(prefix);
    if (!query.exec())
        return sqlError(
            QStringLiteral("cannot read settings %1...").arg(prefix), query.lastError());
    QHash<QString, QString> entries;
    while (query.next()) {
        const QString key = query.value(0).toString();
        if (key.startsWith(prefix)) // substr() counts code points, QString UTF-16 units
            entries.insert(key.mid(prefix.size()), query.value(1).toString());
    }
    return entries;
}

Result<QHash<QString, QString>> Store::recordAsOfDates() const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT id, as_of FROM records")))
        return sqlError(QStringLiteral("cannot list records"), query.lastError());
    QHash<QString, QString> dates;
    while (query.next())
        dates.insert(query.value(0).toString(), query.value(1).toString());
    return dates;
}

} // namespace LedgerCurator
