// SPDX-License-Identifier: GPL-3.0-or-later
// The parts of Store that the sync client needs: the outbox, and writes that store data received
// from a server together with the meta entries that say how far the sync has come, in one
// transaction. Kept apart from Store.cpp (schema and migrations); the SQL follows that file's.
#include "Identifier.h"
#include "Store.h"

#include <QSqlError>
#include <QSqlQuery>

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
Status writeCorrections(QSqlDatabase &db, const QList<CorrectionEvent> &events)
{
    QSqlQuery insert(db);
    insert.prepare(QStringLiteral(
            "INSERT INTO corrections (id, record_id, observation_id, field, value, parents, author,"
            " created_at, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT(id) DO UPDATE SET seq = COALESCE(corrections.seq, excluded.seq)"));
    const QVariant nullText(QMetaType::fromType<QString>());
    const QVariant nullSeq(QMetaType::fromType<qint64>());
    for (const CorrectionEvent &e : events) {
        if (!isUuid(e.id) || !isUuid(e.observation) || e.record.isEmpty() || e.createdAt.isEmpty())
            return Error::badInput(QStringLiteral("correction %1: needs a UUID, a record, an observation UUID "
                                                  "and a creation time")
                                           .arg(e.id));
        insert.bindValue(0, e.id);
        insert.bindValue(1, e.record);
        insert.bindValue(2, e.observation);
        insert.bindValue(3, curationFieldKey(e.field));
        insert.bindValue(4, e.value ? QVariant(*e.value) : nullText);
        insert.bindValue(5, e.parents.isEmpty() ? QStringLiteral("") : e.parents.join(u','));
        insert.bindValue(6, e.author);
        insert.bindValue(7, e.createdAt);
        insert.bindValue(8, e.seq ? QVariant(*e.seq) : nullSeq);
        if (!insert.exec())
            return sqlError(QStringLiteral("cannot store correction %1").arg(e.id), insert.lastError());
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

Result<QList<ImportOutcome>> Store::importRecordsWithMeta(const QList<Record> &records, const MetaEntries &meta)
{
    // Qt Sql does not nest transactions (SQLite refuses a BEGIN inside one), so this repeats
    // importRecords() around the same insertRecord().
    QSqlDatabase db = database();
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
        const QString problem = validateRecord(record);
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
