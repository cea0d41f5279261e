// SPDX-License-Identifier: GPL-3.0-or-later
// The parts of Store that the sync client needs: the outbox, and writes that store data received
// from a server together with the meta entries that say how far the sync has come, in one
// transaction. Kept apart from Store.cpp (schema and migrations); the SQL follows that file's.
#include "Identifier.h"
#include "Store.h"
#include "StoreSqlite.h"
#include "StoreWrite.h"

#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <array>

namespace LedgerCurator {

namespace {

//! Inserts correction events as Store::addCorrections does; the caller holds the transaction.
//! Straight to SQLite (see StoreSqlite.h): a pull stores many thousands of events.
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

} // namespace

namespace {

//! The event of a row (id, record_id, observation_id, field, value, parents, author, created_at,
//! key_id, signature) starting at `column`; nullopt for a field this version does not know.
std::optional<CorrectionEvent> eventOfRow(const QSqlQuery &query, int column)
{
    const auto field = parseCurationField(query.value(column + 3).toString());
    if (!field)
        return std::nullopt;
    CorrectionEvent e;
    e.id = query.value(column).toString();
    e.record = query.value(column + 1).toString();
    e.observation = query.value(column + 2).toString();
    e.field = *field;
    if (!query.value(column + 4).isNull())
        e.value = query.value(column + 4).toString();
    const QString parents = query.value(column + 5).toString();
    if (!parents.isEmpty())
        e.parents = parents.split(u',');
    e.author = query.value(column + 6).toString();
    e.createdAt = query.value(column + 7).toString();
    e.keyId = query.value(column + 8).toString();
    e.signature = query.value(column + 9).toString();
    return e;
}

} // namespace

Result<QList<CorrectionEvent>> Store::outbox(
    qsizetype limit, qint64 after, const QString &server, qint64 *last) const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    // rowid is the order of storing: an edit is always stored after the events it names as
    // parents. By position, not offset: a push records refusals as it goes.
    query.prepare(QStringLiteral(
        "SELECT rowid, id, record_id, observation_id, field, value, parents, author, created_at,"
        " key_id, signature FROM corrections WHERE seq IS NULL AND rowid > ?"
        " AND NOT EXISTS (SELECT 1 FROM outbox_refusals r"
        "                 WHERE r.id = corrections.id AND r.server = ?)"
        " ORDER BY rowid LIMIT ?"));
    query.addBindValue(after);
    query.addBindValue(server);
    query.addBindValue(qint64(limit));
    if (!query.exec())
        return sqlError(QStringLiteral("cannot read the outbox"), query.lastError());
    QList<CorrectionEvent> events;
    while (query.next()) {
        auto e = eventOfRow(query, 1);
        if (!e)
            return Error::failure(
                QStringLiteral("%1: correction %2 has the unknown field '%3'")
                    .arg(m_path, query.value(1).toString(), query.value(4).toString()));
        if (last)
            *last = query.value(0).toLongLong();
        events.append(std::move(*e));
    }
    return events;
}

Status Store::markRefused(
    const QString &eventId, const QString &server, int status, const QString &reason)
{
    Write write(*this);
    if (auto begun = write.begin(QStringLiteral("%1: cannot start storing a refusal").arg(m_path));
        !begun)
        return begun;
    QSqlQuery query(database());
    query.prepare(QStringLiteral(
        "INSERT INTO outbox_refusals (id, server, status, reason, refused_at)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT(id, server) DO UPDATE SET"
        " status = excluded.status, reason = excluded.reason, refused_at = excluded.refused_at"));
    query.addBindValue(eventId);
    query.addBindValue(server);
    query.addBindValue(status);
    query.addBindValue(reason);
    query.addBindValue(nowUtc());
    if (!query.exec())
        return write.fail(
            sqlError(QStringLiteral("cannot store that correction %1 was refused").arg(eventId),
                query.lastError()));
    return write.commit(QStringLiteral("%1: cannot commit a refusal").arg(m_path));
}

Status Store::clearRefused(const QStringList &eventIds, const QString &server)
{
    if (eventIds.isEmpty())
        return {};
    Write write(*this);
    if (auto begun = write.begin(QStringLiteral("%1: cannot start clearing refusals").arg(m_path));
        !begun)
        return begun;
    QSqlQuery query(database());
    query.prepare(QStringLiteral("DELETE FROM outbox_refusals WHERE id = ? AND server = ?"));
    for (const QString &id : eventIds) {
        query.bindValue(0, id);
        query.bindValue(1, server);
        if (!query.exec())
            return write.fail(sqlError(
                QStringLiteral("cannot clear the refusal of %1").arg(id), query.lastError()));
    }
    return write.commit(QStringLiteral("%1: cannot commit cleared refusals").arg(m_path));
}

Result<QList<Store::RefusedCorrection>> Store::refusedCorrections(const QString &server) const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    query.prepare(QStringLiteral(
        "SELECT c.id, c.record_id, c.observation_id, c.field, c.value, c.parents, c.author,"
        " c.created_at, c.key_id, c.signature, r.server, r.status, r.reason, r.refused_at"
        " FROM outbox_refusals r JOIN corrections c ON c.id = r.id"
        " WHERE c.seq IS NULL AND (? = '' OR r.server = ?) ORDER BY c.rowid, r.server"));
    query.addBindValue(server.isNull() ? QStringLiteral("") : server);
    query.addBindValue(server.isNull() ? QStringLiteral("") : server);
    if (!query.exec())
        return sqlError(QStringLiteral("cannot read the refused corrections"), query.lastError());
    QList<RefusedCorrection> refused;
    while (query.next()) {
        auto e = eventOfRow(query, 0);
        if (!e)
            continue; // a field of a newer version: it is not this version's to push
        refused.append(RefusedCorrection { std::move(*e), query.value(10).toString(),
            query.value(11).toInt(), query.value(12).toString(), query.value(13).toString() });
    }
    return refused;
}

Result<qsizetype> Store::narrowWideOutboxEvents()
{
    QList<CorrectionEvent> wide;
    {
        QSqlQuery query(database());
        query.setForwardOnly(true);
        // More than kMaxEventParents parents: at least that many commas between them.
        query.prepare(QStringLiteral(
            "SELECT id, record_id, observation_id, field, value, parents, author, created_at,"
            " key_id, signature FROM corrections WHERE seq IS NULL"
            " AND length(parents) - length(replace(parents, ',', '')) >= ? ORDER BY rowid"));
        query.addBindValue(qint64(kMaxEventParents));
        if (!query.exec())
            return sqlError(QStringLiteral("%1: cannot look for wide corrections").arg(m_path),
                query.lastError());
        while (query.next()) {
            if (auto e = eventOfRow(query, 0))
                wide.append(std::move(*e));
        }
    }
    if (wide.isEmpty())
        return qsizetype(0);
    Write write(*this);
    if (auto begun
        = write.begin(QStringLiteral("%1: cannot start narrowing corrections").arg(m_path));
        !begun)
        return begun.error();
    QSqlDatabase db = database();
    QList<CorrectionEvent> rewritten;
    QSqlQuery remove(db);
    remove.prepare(QStringLiteral("DELETE FROM corrections WHERE id = ? AND seq IS NULL"));
    for (const CorrectionEvent &event : std::as_const(wide)) {
        remove.bindValue(0, event.id);
        if (!remove.exec())
            return write.fail(sqlError(
                QStringLiteral("cannot narrow correction %1").arg(event.id), remove.lastError()));
        rewritten.append(narrowedEvent(event)); // the merges, then the event: stored in that order
    }
    if (auto status = writeCorrections(db, rewritten); !status)
        return write.fail(status.error());
    if (auto status
        = write.commit(QStringLiteral("%1: cannot commit narrowed corrections").arg(m_path));
        !status)
        return status.error();
    return wide.size();
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
