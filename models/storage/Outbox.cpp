// SPDX-License-Identifier: GPL-3.0-or-later
// The outbox of the cache (Outbox.h): the corrections and notices made here that wait for a
// server, and the refusals of the corrections. The SQL follows Store.cpp's; every write is one
// Store::Write.
#include "Outbox.h"

#include "EventJson.h"
#include "Store.h"
#include "StoreRows.h"
#include "StoreWrite.h"

#include <QSqlError>
#include <QSqlQuery>

namespace LedgerCurator {

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

Result<qint64> Outbox::count() const
{
    QSqlQuery query(m_store.database());
    if (!query.exec(QStringLiteral("SELECT COUNT(*) FROM corrections WHERE seq IS NULL"))
        || !query.next())
        return sqlError(QStringLiteral("cannot count the outbox"), query.lastError());
    return query.value(0).toLongLong();
}

Result<QStringList> Outbox::authors() const
{
    QSqlQuery query(m_store.database());
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral(
            "SELECT DISTINCT author FROM corrections WHERE seq IS NULL ORDER BY author")))
        return sqlError(QStringLiteral("cannot read the outbox's authors"), query.lastError());
    QStringList authors;
    while (query.next())
        authors.append(query.value(0).toString());
    return authors;
}

Result<QList<CorrectionEvent>> Outbox::corrections(
    qsizetype limit, qint64 after, const QString &server, qint64 *last) const
{
    QSqlQuery query(m_store.database());
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
                    .arg(m_store.path(), query.value(1).toString(), query.value(4).toString()));
        if (last)
            *last = query.value(0).toLongLong();
        events.append(std::move(*e));
    }
    return events;
}

Status Outbox::markRefused(
    const QString &eventId, const QString &server, int status, const QString &reason)
{
    Store::Write write(m_store);
    if (auto begun
        = write.begin(QStringLiteral("%1: cannot start storing a refusal").arg(m_store.path()));
        !begun)
        return begun;
    QSqlQuery query(m_store.database());
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
    return write.commit(QStringLiteral("%1: cannot commit a refusal").arg(m_store.path()));
}

Status Outbox::clearRefused(const QStringList &eventIds, const QString &server)
{
    if (eventIds.isEmpty())
        return {};
    Store::Write write(m_store);
    if (auto begun
        = write.begin(QStringLiteral("%1: cannot start clearing refusals").arg(m_store.path()));
        !begun)
        return begun;
    QSqlQuery query(m_store.database());
    query.prepare(QStringLiteral("DELETE FROM outbox_refusals WHERE id = ? AND server = ?"));
    for (const QString &id : eventIds) {
        query.bindValue(0, id);
        query.bindValue(1, server);
        if (!query.exec())
            return write.fail(sqlError(
                QStringLiteral("cannot clear the refusal of %1").arg(id), query.lastError()));
    }
    return write.commit(QStringLiteral("%1: cannot commit cleared refusals").arg(m_store.path()));
}

Result<QList<Outbox::Refusal>> Outbox::refusals(const QString &server) const
{
    QSqlQuery query(m_store.database());
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
    QList<Refusal> refused;
    while (query.next()) {
        auto e = eventOfRow(query, 0);
        if (!e)
            continue; // a field of a newer version: it is not this version's to push
        refused.append(Refusal { std::move(*e), query.value(10).toString(), query.value(11).toInt(),
            query.value(12).toString(), query.value(13).toString() });
    }
    return refused;
}

Result<qsizetype> Outbox::narrowWideEvents()
{
    QList<CorrectionEvent> wide;
    {
        QSqlQuery query(m_store.database());
        query.setForwardOnly(true);
        // More than kMaxEventParents parents: at least that many commas between them.
        query.prepare(QStringLiteral(
            "SELECT id, record_id, observation_id, field, value, parents, author, created_at,"
            " key_id, signature FROM corrections WHERE seq IS NULL"
            " AND length(parents) - length(replace(parents, ',', '')) >= ? ORDER BY rowid"));
        query.addBindValue(qint64(kMaxEventParents));
        if (!query.exec())
            return sqlError(
                QStringLiteral("%1: cannot look for wide corrections").arg(m_store.path()),
                query.lastError());
        while (query.next()) {
            if (auto e = eventOfRow(query, 0))
                wide.append(std::move(*e));
        }
    }
    if (wide.isEmpty())
        return qsizetype(0);
    Store::Write write(m_store);
    if (auto begun
        = write.begin(QStringLiteral("%1: cannot start narrowing corrections").arg(m_store.path()));
        !begun)
        return begun.error();
    QSqlDatabase db = m_store.database();
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
    if (auto status = write.commit(
            QStringLiteral("%1: cannot commit narrowed corrections").arg(m_store.path()));
        !status)
        return status.error();
    return wide.size();
}

Status Outbox::replaceEvents(const QList<CorrectionEvent> &events)
{
    if (events.isEmpty())
        return {};
    Store::Write write(m_store);
    if (auto begun
        = write.begin(QStringLiteral("%1: cannot start signing corrections").arg(m_store.path()));
        !begun)
        return begun;
    QSqlQuery update(m_store.database());
    update.prepare(QStringLiteral("UPDATE corrections SET created_at = ?, key_id = ?, signature = ?"
                                  " WHERE id = ? AND seq IS NULL"));
    const QVariant nullText(QMetaType::fromType<QString>());
    for (const CorrectionEvent &e : events) {
        if (const QString problem = checkCorrectionEvent(e); !problem.isEmpty())
            return write.fail(Error::badInput(problem));
        update.bindValue(0, e.createdAt);
        update.bindValue(1, e.keyId.isEmpty() ? nullText : QVariant(e.keyId));
        update.bindValue(2, e.signature.isEmpty() ? nullText : QVariant(e.signature));
        update.bindValue(3, e.id);
        if (!update.exec())
            return write.fail(sqlError(
                QStringLiteral("cannot sign correction %1").arg(e.id), update.lastError()));
    }
    return write.commit(QStringLiteral("%1: cannot commit signed corrections").arg(m_store.path()));
}

Result<QList<StandingNotice>> Outbox::notices(qsizetype limit, qint64 after, qint64 *last) const
{
    QSqlQuery query(m_store.database());
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT ") + kNoticeColumns
        + QStringLiteral(", id FROM notices WHERE seq IS NULL AND id > ? ORDER BY id LIMIT ?"));
    query.addBindValue(after);
    query.addBindValue(qint64(limit));
    if (!query.exec())
        return sqlError(QStringLiteral("cannot read the notices to send"), query.lastError());
    QList<StandingNotice> out;
    while (query.next()) {
        out.append(readNotice(query));
        if (last)
            *last = query.value(kNoticeColumnCount).toLongLong();
    }
    return out;
}

Result<qint64> Outbox::noticeCount() const
{
    QSqlQuery query(m_store.database());
    if (!query.exec(QStringLiteral("SELECT COUNT(*) FROM notices WHERE seq IS NULL"))
        || !query.next())
        return sqlError(QStringLiteral("cannot count the notices to send"), query.lastError());
    return query.value(0).toLongLong();
}

Status Outbox::markNoticesSent(const QList<StandingNotice> &sent)
{
    Store::Write write(m_store);
    if (auto status
        = write.begin(QStringLiteral("%1: cannot start noting sent notices").arg(m_store.path()));
        !status)
        return status;
    QSqlQuery update(m_store.database());
    // Only the version that was sent: one imported here meanwhile is sent at the next sync.
    update.prepare(QStringLiteral("UPDATE notices SET seq = ?, imported_by = ? WHERE source = ?"
                                  " AND source_id = ? AND imported_at = ? AND seq IS NULL"));
    for (const StandingNotice &n : sent) {
        if (!n.seq)
            continue;
        update.bindValue(0, *n.seq);
        update.bindValue(1, n.importedBy.isEmpty() ? QVariant(QStringLiteral("")) : n.importedBy);
        update.bindValue(2, n.source);
        update.bindValue(3, n.sourceId);
        update.bindValue(4, n.importedAt);
        if (!update.exec())
            return write.fail(
                sqlError(QStringLiteral("cannot note the notice %1 as sent").arg(n.ref()),
                    update.lastError()));
    }
    return write.commit(QStringLiteral("%1: cannot note sent notices").arg(m_store.path()));
}

Status Outbox::signWaitingNotices(const QList<StandingNotice> &signedNow)
{
    if (signedNow.isEmpty())
        return {};
    Store::Write write(m_store);
    if (auto status
        = write.begin(QStringLiteral("%1: cannot start signing notices").arg(m_store.path()));
        !status)
        return status;
    QSqlQuery update(m_store.database());
    update.prepare(QStringLiteral("UPDATE notices SET imported_by = ?, key_id = ?, signature = ?"
                                  " WHERE source = ? AND source_id = ? AND imported_at = ?"
                                  " AND seq IS NULL"));
    for (const StandingNotice &n : signedNow) {
        update.bindValue(0, n.importedBy);
        update.bindValue(1, n.keyId);
        update.bindValue(2, n.signature);
        update.bindValue(3, n.source);
        update.bindValue(4, n.sourceId);
        update.bindValue(5, n.importedAt);
        if (!update.exec())
            return write.fail(sqlError(
                QStringLiteral("cannot sign the notice %1").arg(n.ref()), update.lastError()));
    }
    return write.commit(QStringLiteral("%1: cannot commit signed notices").arg(m_store.path()));
}

} // namespace LedgerCurator
