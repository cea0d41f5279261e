// SPDX-License-Identifier: GPL-3.0-or-later
// The parts of Store that the sync client needs: the outbox, and writes that store data received
// from a server together with the meta entries that say how far the sync has come, in one
// transaction. Kept apart from Store.cpp (schema and migrations); the SQL follows that file's.
#include "Identifier.h"
#include "Store.h"
#include "StoreSqlite.h"

#include <QScopeGuard>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <array>

namespace LedgerCurator {

namespace {

Error sqlError(const QString &what, const QSqlError &error)
{
    return Error::failure(what + QStringLiteral(": ") + error.text());
}

//! Upserts meta entries; the caller holds the transaction.
Status writeMeta(QSqlDatabase &db, const Store::MetaEntries &meta)
{
    if (meta.isEmpty())
        return {};
    QSqlQuery query(db);
    query.prepare(QStringLiteral("INSERT INTO meta (key, value) VALUES (?, ?)"
                                 " ON CONFLICT(key) DO UPDATE SET value = excluded.value"));
    for (const auto &[key, value] : meta) {
        query.bindValue(0, key);
        query.bindValue(1, value);
        if (!query.exec())
            return sqlError(QStringLiteral("cannot store setting %1").arg(key), query.lastError());
    }
    return {};
}

//! Inserts correction events as Store::addCorrections does; the caller holds the transaction.
//! Straight to SQLite (see StoreSqlite.h): a pull stores many thousands of events.
Status writeCorrections(QSqlDatabase &db, const QList<CorrectionEvent> &events)
{
    using namespace StoreSqlite;
    SqliteStatement insert(sqliteHandle(db),
                           "INSERT INTO corrections (id, record_id, observation_id, field, value, parents, author,"
                           " created_at, seq) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
                           " ON CONFLICT(id) DO UPDATE SET seq = COALESCE(corrections.seq, excluded.seq)");
    if (!insert.ok())
        return Error::failure(QStringLiteral("cannot store corrections: %1").arg(insert.errorText()));
    enum Text { Id, Record, Observation, Field, Value, Parents, Author, CreatedAt, TextCount };
    std::array<Utf8Buffer, TextCount> buffers;
    sqlite3_stmt *row = insert.get();
    for (const CorrectionEvent &e : events) {
        if (!isUuid(e.id) || !isUuid(e.observation) || e.record.isEmpty() || e.createdAt.isEmpty())
            return Error::badInput(QStringLiteral("correction %1: needs a UUID, a record, an observation UUID "
                                                  "and a creation time")
                                           .arg(e.id));
        // As QSQLITE bound them: a null QString is NULL, parents are "" when there are none.
        bindText(row, 1, e.id, buffers[Id]);
        bindText(row, 2, e.record, buffers[Record]);
        bindText(row, 3, e.observation, buffers[Observation]);
        bindText(row, 4, curationFieldKey(e.field), buffers[Field]);
        if (e.value)
            bindText(row, 5, *e.value, buffers[Value]);
        else
            sqlite3_bind_null(row, 5);
        bindText(row, 6, e.parents.isEmpty() ? QStringLiteral("") : e.parents.join(u','), buffers[Parents]);
        bindText(row, 7, e.author, buffers[Author]);
        bindText(row, 8, e.createdAt, buffers[CreatedAt]);
        if (e.seq)
            sqlite3_bind_int64(row, 9, *e.seq);
        else
            sqlite3_bind_null(row, 9);
        if (insert.step() != SQLITE_DONE)
            return Error::failure(QStringLiteral("cannot store correction %1: %2").arg(e.id, insert.errorText()));
        sqlite3_reset(row);
    }
    return {};
}

//! Commits, or rolls back and reports why not.
Status commit(QSqlDatabase &db, const QString &what)
{
    if (db.commit())
        return {};
    const auto error = db.lastError();
    db.rollback();
    return sqlError(what, error);
}

} // namespace

Result<QList<CorrectionEvent>> Store::outbox(qsizetype limit, qsizetype offset) const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    // rowid is the order of storing: an edit is always stored after the events it names as parents.
    query.prepare(QStringLiteral("SELECT id, record_id, observation_id, field, value, parents, author, created_at"
                                 " FROM corrections WHERE seq IS NULL ORDER BY rowid LIMIT ? OFFSET ?"));
    query.addBindValue(qint64(limit));
    query.addBindValue(qint64(offset));
    if (!query.exec())
        return sqlError(QStringLiteral("cannot read the outbox"), query.lastError());
    QList<CorrectionEvent> events;
    while (query.next()) {
        const QString key = query.value(3).toString();
        const auto field = parseCurationField(key);
        if (!field)
            return Error::failure(QStringLiteral("%1: correction %2 has the unknown field '%3'")
                                          .arg(m_path, query.value(0).toString(), key));
        CorrectionEvent e;
        e.id = query.value(0).toString();
        e.record = query.value(1).toString();
        e.observation = query.value(2).toString();
        e.field = *field;
        if (!query.value(4).isNull())
            e.value = query.value(4).toString();
        const QString parents = query.value(5).toString();
        if (!parents.isEmpty())
            e.parents = parents.split(u',');
        e.author = query.value(6).toString();
        e.createdAt = query.value(7).toString();
        events.append(std::move(e));
    }
    return events;
}

Status Store::addSyncedCorrections(const QList<CorrectionEvent> &events, const MetaEntries &meta)
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
        writeBehind.emplace(m_path);
    if (!db.transaction())
        return sqlError(QStringLiteral("%1: cannot start storing corrections").arg(m_path), db.lastError());
    if (auto status = writeCorrections(db, events); !status) {
        db.rollback();
        return status;
    }
    if (auto status = writeMeta(db, meta); !status) {
        db.rollback();
        return status;
    }
    return commit(db, QStringLiteral("%1: cannot commit corrections").arg(m_path));
}

Result<QList<ImportOutcome>> Store::importRecordsWithMeta(const QList<Record> &records, const MetaEntries &meta,
                                                          RecordCheck check)
{
    // Qt Sql does not nest transactions (SQLite refuses a BEGIN inside one), so this repeats
    // importRecords() around the same insertRecord(), with its page cache for a large page.
    QSqlDatabase db = database();
    const bool largeImport = std::any_of(records.cbegin(), records.cend(),
                                         [](const Record &r) { return r.observations.size() > 2000; });
    if (largeImport)
        (void)exec(QStringLiteral("PRAGMA cache_size = -65536"));
    const auto restoreCache = qScopeGuard([this, largeImport] {
        if (largeImport)
            (void)exec(QStringLiteral("PRAGMA cache_size = -2000"));
    });
    // The WAL and the checkpoint written to disk as they are made, not all at the fsyncs.
    std::optional<StoreSqlite::WriteBehind> writeBehind;
    if (largeImport)
        writeBehind.emplace(m_path);
    if (!db.transaction())
        return sqlError(QStringLiteral("%1: cannot start the import").arg(m_path), db.lastError());
    auto abort = [&db](Error error) {
        db.rollback();
        return error;
    };
    QList<ImportOutcome> outcomes;
    qint64 total = 0;
    qint64 done = 0;
    for (const Record &record : records)
        total += record.observations.size();
    QSqlQuery existing(db);
    existing.prepare(QStringLiteral("SELECT as_of FROM records WHERE id = ?"));
    QSqlQuery remove(db);
    remove.prepare(QStringLiteral("DELETE FROM records WHERE id = ?"));
    for (const Record &record : records) {
        const QString problem = check == RecordCheck::Validate ? validateRecord(record) : QString();
        if (!problem.isEmpty())
            return abort(Error::badInput(QStringLiteral("record %1: %2").arg(record.arxivId, problem)));
        ImportOutcome outcome;
        outcome.arxivId = record.arxivId;
        outcome.observations = record.observations.size();
        existing.bindValue(0, record.arxivId);
        if (!existing.exec())
            return abort(sqlError(QStringLiteral("cannot look up record %1").arg(record.arxivId),
                                  existing.lastError()));
        if (existing.next()) {
            outcome.replaced = true;
            outcome.previousAsOf = existing.value(0).toString();
            existing.finish();
            if (outcome.previousAsOf > record.asOf)
                return abort(Error::badInput(
                        QStringLiteral("arXiv:%1: the cache holds a newer page (as of %2) than this "
                                       "one (as of %3); nothing was imported")
                                .arg(record.arxivId, outcome.previousAsOf, record.asOf)));
            remove.bindValue(0, record.arxivId);
            if (!remove.exec())
                return abort(sqlError(QStringLiteral("cannot replace record %1").arg(record.arxivId),
                                      remove.lastError()));
        }
        if (auto status = insertRecord(record, {}, done, total); !status)
            return abort(status.error());
        done += record.observations.size();
        outcomes.append(outcome);
    }
    if (auto status = writeMeta(db, meta); !status)
        return abort(status.error());
    if (auto status = commit(db, QStringLiteral("%1: cannot commit the import").arg(m_path)); !status)
        return status.error();
    return outcomes;
}

Status Store::setMetaEntries(const MetaEntries &meta)
{
    QSqlDatabase db = database();
    if (!db.transaction())
        return sqlError(QStringLiteral("%1: cannot start storing settings").arg(m_path), db.lastError());
    if (auto status = writeMeta(db, meta); !status) {
        db.rollback();
        return status;
    }
    return commit(db, QStringLiteral("%1: cannot commit settings").arg(m_path));
}

Result<QHash<QString, QString>> Store::metaWithPrefix(const QString &prefix) const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    // substr() rather than LIKE: the prefix is a URL, full of characters LIKE would treat specially.
    query.prepare(QStringLiteral("SELECT key, value FROM meta WHERE substr(key, 1, ?) = ?"));
    query.addBindValue(qint64(prefix.size()));
    query.addBindValue(prefix);
    if (!query.exec())
        return sqlError(QStringLiteral("cannot read settings %1...").arg(prefix), query.lastError());
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
