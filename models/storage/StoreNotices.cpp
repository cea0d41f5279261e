// SPDX-License-Identifier: GPL-3.0-or-later
// The standing notices of the cache (docs/notices.md): imports, the versions received from a
// server (those waiting to be sent are the Outbox's, Outbox.cpp), and what loadCurated() matches
// to the observations. The SQL follows Store.cpp's; every write is one transaction and bumps the
// meta entry notices/generation, which changeStamp() reads (a notice changed in place changes no
// count).
#include "NoticeJson.h"
#include "NoticeSignature.h"
#include "Store.h"
#include "StoreRows.h"
#include "StoreWrite.h"

#include <QJsonDocument>

#include <QSet>
#include <QSqlError>
#include <QSqlQuery>

namespace LedgerCurator {

const QString kNoticeColumns = QStringLiteral(
    "source, source_id, work, kind, nature, date, event_source, notice, detail, title, journal,"
    " urls, origin, status, imported_at, imported_by, seq, imported_from, listed_as_of, key_id,"
    " signature");

StandingNotice readNotice(const QSqlQuery &query)
{
    StandingNotice n;
    n.source = query.value(0).toString();
    n.sourceId = query.value(1).toString();
    n.work = query.value(2).toString();
    n.event.kind = static_cast<EventKind>(query.value(3).toInt());
    n.event.nature = query.value(4).toString();
    n.event.date = query.value(5).toString();
    n.event.source = query.value(6).toString();
    n.event.notice = query.value(7).toString();
    n.event.detail = query.value(8).toString();
    n.title = query.value(9).toString();
    n.journal = query.value(10).toString();
    n.urls = query.value(11).toString();
    n.origin = query.value(12).toString();
    n.status
        = parseNoticeStatus(query.value(13).toString()).value_or(StandingNotice::Status::Listed);
    n.importedAt = query.value(14).toString();
    n.importedBy = query.value(15).toString();
    if (!query.value(16).isNull())
        n.seq = query.value(16).toLongLong();
    n.importedFrom = query.value(17).toString();
    n.listedAsOf = query.value(18).toString();
    n.keyId = query.value(19).toString();
    n.signature = query.value(20).toString();
    return n;
}

namespace {

Error sqlFailure(const QString &what, const QSqlError &error)
{
    return sqlError(what, error);
}

//! Inserts or replaces notices by (source, source_id); the caller holds the write.
Status writeNotices(QSqlDatabase &db, const QList<StandingNotice> &notices)
{
    QSqlQuery upsert(db);
    upsert.prepare(QStringLiteral("INSERT INTO notices (") + kNoticeColumns
        + QStringLiteral(") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                         " ON CONFLICT(source, source_id) DO UPDATE SET work = excluded.work,"
                         " kind = excluded.kind, nature = excluded.nature, date = excluded.date,"
                         " event_source = excluded.event_source, notice = excluded.notice,"
                         " detail = excluded.detail, title = excluded.title,"
                         " journal = excluded.journal, urls = excluded.urls,"
                         " origin = excluded.origin, status = excluded.status,"
                         " imported_at = excluded.imported_at,"
                         " imported_by = excluded.imported_by, seq = excluded.seq,"
                         " imported_from = excluded.imported_from,"
                         " listed_as_of = excluded.listed_as_of, key_id = excluded.key_id,"
                         " signature = excluded.signature"));
    // Empty, never NULL: the columns are NOT NULL.
    auto text = [](const QString &value) {
        return value.isEmpty() ? QVariant(QStringLiteral("")) : QVariant(value);
    };
    for (const StandingNotice &n : notices) {
        const QList<QVariant> values = { n.source, n.sourceId, n.work, int(n.event.kind),
            text(n.event.nature), n.event.date, n.event.source, text(n.event.notice),
            text(n.event.detail), text(n.title), text(n.journal), text(n.urls), text(n.origin),
            noticeStatusKey(n.status), n.importedAt, text(n.importedBy),
            n.seq ? QVariant(*n.seq) : QVariant(QMetaType::fromType<qint64>()),
            text(n.importedFrom), text(n.listedAsOf), text(n.keyId), text(n.signature) };
        for (int i = 0; i < values.size(); ++i)
            upsert.bindValue(i, values[i]);
        if (!upsert.exec())
            return sqlFailure(
                QStringLiteral("cannot store the notice %1").arg(n.ref()), upsert.lastError());
    }
    QSqlQuery bump(db);
    if (!bump.exec(QStringLiteral(
            "INSERT INTO meta (key, value) VALUES ('notices/generation', '1')"
            " ON CONFLICT(key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)")))
        return sqlFailure(QStringLiteral("cannot note the change of notices"), bump.lastError());
    return {};
}

//! Every notice, by ref.
Result<QHash<QString, StandingNotice>> noticesByRef(const QSqlDatabase &db)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT ") + kNoticeColumns + QStringLiteral(" FROM notices")))
        return sqlFailure(QStringLiteral("cannot read the notices"), query.lastError());
    QHash<QString, StandingNotice> out;
    while (query.next()) {
        StandingNotice n = readNotice(query);
        out.insert(n.ref(), std::move(n));
    }
    return out;
}

} // namespace

namespace {

//! What an import of `notices` would change, against the notices `held` by ref: the versions to
//! write, and the outcome to report (the previous versions of the notices it withdraws in
//! outcome.withdrawnBefore). Pure: the caller writes, or only shows.
std::pair<NoticeImportOutcome, QList<StandingNotice>> planImport(
    const QHash<QString, StandingNotice> &held, const QList<StandingNotice> &notices,
    const NoticeImportOptions &options)
{
    NoticeImportOutcome outcome;
    QList<StandingNotice> changed;
    QHash<QString, qsizetype> changedAt; // a notice named twice: the later one counts
    QSet<QString> named;
    QSet<QString> sources;
    QString importedAt;
    for (const StandingNotice &incoming : notices) {
        StandingNotice n = incoming;
        n.seq.reset(); // a version made here: sent at the next sync
        n.importedBy = options.importedBy;
        n.importedFrom = options.file;
        n.listedAsOf = options.listedAsOf;
        const QString ref = n.ref();
        named.insert(ref);
        sources.insert(n.source);
        importedAt = std::max(importedAt, n.importedAt);
        if (const auto again = changedAt.constFind(ref); again != changedAt.constEnd()) {
            changed[*again] = std::move(n);
            continue;
        }
        const auto it = held.constFind(ref);
        if (it == held.constEnd()) {
            ++outcome.added;
        } else if (sameNoticeContent(*it, n)) {
            ++outcome.alreadyHeld;
            if (!n.listedAsOf.isEmpty() && n.listedAsOf > it->listedAsOf)
                outcome.seenInNewerList.append(ref);
            continue;
        } else if (!n.listedAsOf.isEmpty() && n.listedAsOf < it->listedAsOf) {
            // A list older than the one this notice was last seen in: its older words do not
            // replace newer ones.
            outcome.olderThanHeld.append(ref);
            continue;
        } else {
            ++outcome.updated;
        }
        changedAt.insert(ref, changed.size());
        changed.append(std::move(n));
    }
    if (options.scope == NoticeImportScope::Complete) {
        for (const StandingNotice &n : held) {
            if (!sources.contains(n.source))
                continue;
            if (n.isListed())
                ++outcome.listedBefore;
            if (!n.isListed() || named.contains(n.ref()) || options.alsoListed.contains(n.ref()))
                continue;
            // A list older than the one that last listed the notice withdraws nothing.
            if (!options.listedAsOf.isEmpty() && options.listedAsOf < n.listedAsOf) {
                outcome.olderThanHeld.append(n.ref());
                continue;
            }
            if (options.withdrawOnly && !options.withdrawOnly->contains(n.ref()))
                continue; // not among those the curator was shown: left for the next list
            StandingNotice gone = n;
            gone.status = StandingNotice::Status::Withdrawn;
            gone.importedAt = importedAt;
            gone.importedBy = options.importedBy;
            gone.importedFrom = options.file;
            gone.listedAsOf = options.listedAsOf;
            gone.seq.reset();
            outcome.withdrawnBefore.append(n);
            changed.append(std::move(gone));
        }
        std::sort(outcome.withdrawnBefore.begin(), outcome.withdrawnBefore.end(),
            [](const StandingNotice &a, const StandingNotice &b) { return a.ref() < b.ref(); });
        for (const StandingNotice &n : std::as_const(outcome.withdrawnBefore))
            outcome.withdrawnRefs.append(n.ref());
        outcome.withdrawn = outcome.withdrawnRefs.size();
    }
    outcome.olderThanHeld.sort();
    // Each version this import makes is the importing curator's, signed by them (a version
    // carried over unchanged keeps its signature).
    if (options.signingKey && !options.importedBy.isEmpty()) {
        for (StandingNotice &n : changed)
            signNotice(n, *options.signingKey);
    } else {
        for (StandingNotice &n : changed) {
            n.keyId.clear();
            n.signature.clear();
        }
    }
    return { std::move(outcome), std::move(changed) };
}

} // namespace

Result<NoticeImportOutcome> Store::planNoticeImport(
    const QList<StandingNotice> &notices, const NoticeImportOptions &options) const
{
    auto held = noticesByRef(database());
    if (!held)
        return held.error();
    return planImport(*held, notices, options).first;
}

Result<NoticeImportOutcome> Store::importNotices(
    const QList<StandingNotice> &notices, const NoticeImportOptions &options)
{
    Write write(*this);
    if (auto status = write.begin(QStringLiteral("%1: cannot start storing notices").arg(m_path));
        !status)
        return status.error();
    QSqlDatabase db = database();
    auto held = noticesByRef(db);
    if (!held)
        return write.fail(held.error());
    auto [outcome, changed] = planImport(*held, notices, options);
    if (!changed.isEmpty()) {
        if (auto status = writeNotices(db, changed); !status)
            return write.fail(status.error());
    }
    if (!outcome.seenInNewerList.isEmpty()) {
        // Seen again, unchanged, in a newer list: the date is this cache's to know (no new
        // version), so that an older list imported later changes nothing of it.
        QSqlQuery seen(db);
        seen.prepare(QStringLiteral("UPDATE notices SET listed_as_of = ?"
                                    " WHERE source || ':' || source_id = ? AND listed_as_of < ?"));
        for (const QString &ref : std::as_const(outcome.seenInNewerList)) {
            seen.bindValue(0, options.listedAsOf);
            seen.bindValue(1, ref);
            seen.bindValue(2, options.listedAsOf);
            if (!seen.exec())
                return write.fail(sqlError(
                    QStringLiteral("cannot note the list date of %1").arg(ref), seen.lastError()));
        }
        // A version not yet sent carries the date in what it signs: signed again (or left for
        // the sync to sign), so that it is sent with a signature that verifies.
        QList<StandingNotice> resigned;
        for (const QString &ref : std::as_const(outcome.seenInNewerList)) {
            const auto it = held->constFind(ref);
            if (it == held->cend() || it->seq || it->listedAsOf >= options.listedAsOf)
                continue;
            StandingNotice n = *it;
            n.listedAsOf = options.listedAsOf;
            n.keyId.clear();
            n.signature.clear();
            if (options.signingKey && !n.importedBy.isEmpty() && n.importedBy == options.importedBy)
                signNotice(n, *options.signingKey);
            resigned.append(std::move(n));
        }
        if (!resigned.isEmpty()) {
            if (auto status = writeNotices(db, resigned); !status)
                return write.fail(status.error());
        }
    }
    if (auto status = write.commit(QStringLiteral("%1: cannot store notices").arg(m_path)); !status)
        return status.error();
    return outcome;
}

Status Store::storeNoticeVersions(
    const QList<StandingNotice> &versions, const std::optional<SigningKey> &key)
{
    Write write(*this);
    if (auto status = write.begin(QStringLiteral("%1: cannot start storing notices").arg(m_path));
        !status)
        return status;
    QSqlDatabase db = database();
    QList<StandingNotice> local = versions;
    for (StandingNotice &n : local) {
        n.seq.reset(); // made here: sent at the next sync
        n.keyId.clear();
        n.signature.clear();
        if (key && !n.importedBy.isEmpty())
            signNotice(n, *key);
    }
    if (auto status = writeNotices(db, local); !status)
        return write.fail(status.error());
    return write.commit(QStringLiteral("%1: cannot store notices").arg(m_path));
}

Result<SharedNoticeIndex> Store::noticeIndex() const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT ") + kNoticeColumns
            + QStringLiteral(" FROM notices WHERE status = 'listed' ORDER BY work, date DESC, id")))
        return sqlError(QStringLiteral("cannot read the notices"), query.lastError());
    auto index = std::make_shared<NoticeIndex>();
    while (query.next()) {
        StandingNotice n = readNotice(query);
        (*index)[n.work].append(std::move(n));
    }
    return SharedNoticeIndex(std::move(index));
}

Result<QList<StandingNotice>> Store::notices() const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT ") + kNoticeColumns
            + QStringLiteral(" FROM notices ORDER BY source, length(source_id), source_id")))
        return sqlError(QStringLiteral("cannot read the notices"), query.lastError());
    QList<StandingNotice> out;
    while (query.next())
        out.append(readNotice(query));
    return out;
}

Result<qint64> Store::noticeCount() const
{
    QSqlQuery query(database());
    if (!query.exec(QStringLiteral("SELECT COUNT(*) FROM notices")) || !query.next())
        return sqlError(QStringLiteral("cannot count the notices"), query.lastError());
    return query.value(0).toLongLong();
}

Result<qsizetype> Store::addSyncedNotices(const QList<StandingNotice> &received,
    const MetaEntries &meta, const QList<RejectedNotice> &rejected)
{
    Write write(*this);
    if (auto status = write.begin(QStringLiteral("%1: cannot start storing notices").arg(m_path));
        !status)
        return status.error();
    QSqlDatabase db = database();
    QSqlQuery find(db);
    find.prepare(QStringLiteral("SELECT ") + kNoticeColumns
        + QStringLiteral(" FROM notices WHERE source = ? AND source_id = ?"));
    QList<StandingNotice> changed;
    QHash<QString, qsizetype> changedAt;
    // Notices whose version this cache already held and that only learn their importer's name
    // (a version sent from here: the server's answer names its seq, not the token's name).
    QSet<QString> onlyAttributed;
    for (const StandingNotice &n : received) {
        const QString ref = n.ref();
        std::optional<StandingNotice> local;
        if (const auto again = changedAt.constFind(ref); again != changedAt.constEnd()) {
            local = changed[*again];
        } else {
            find.bindValue(0, n.source);
            find.bindValue(1, n.sourceId);
            if (!find.exec())
                return write.fail(sqlError(
                    QStringLiteral("cannot read the notice %1").arg(ref), find.lastError()));
            if (find.next())
                local = readNotice(find);
            find.finish();
        }
        // The server's version is taken unless this cache holds a newer one not yet sent (which
        // the server will take in turn): the later import wins on every replica.
        bool take = true;
        if (local && sameNoticeContent(*local, n))
            take = local->seq != n.seq || local->importedAt != n.importedAt
                || local->importedBy != n.importedBy || local->keyId != n.keyId
                || local->signature != n.signature;
        else if (local && !local->seq)
            take = noticeSupersedes(n, *local);
        if (!take)
            continue;
        if (local && sameNoticeContent(*local, n) && local->seq == n.seq
            && local->importedAt == n.importedAt)
            onlyAttributed.insert(ref);
        else
            onlyAttributed.remove(ref);
        if (const auto again = changedAt.constFind(ref); again != changedAt.constEnd()) {
            changed[*again] = n;
        } else {
            changedAt.insert(ref, changed.size());
            changed.append(n);
        }
    }
    if (!changed.isEmpty()) {
        if (auto status = writeNotices(db, changed); !status)
            return write.fail(status.error());
    }
    if (!rejected.isEmpty()) {
        // Kept aside as received, out of the notices: the version held stays what shows.
        QSqlQuery aside(db);
        aside.prepare(QStringLiteral(
            "INSERT INTO rejected_notices (source, source_id, seq, server, notice, reason,"
            " received_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(source, source_id, seq, server)"
            " DO UPDATE SET notice = excluded.notice, reason = excluded.reason,"
            " received_at = excluded.received_at"));
        for (const RejectedNotice &r : rejected) {
            aside.bindValue(0, r.notice.source);
            aside.bindValue(1, r.notice.sourceId);
            aside.bindValue(2, r.notice.seq.value_or(0));
            aside.bindValue(3, r.server);
            aside.bindValue(4,
                QString::fromUtf8(
                    QJsonDocument(noticeToJson(r.notice)).toJson(QJsonDocument::Compact)));
            aside.bindValue(5, r.reason);
            aside.bindValue(6, r.receivedAt);
            if (!aside.exec())
                return write.fail(
                    sqlError(QStringLiteral("cannot keep aside notice %1").arg(r.notice.ref()),
                        aside.lastError()));
        }
    }
    if (auto status = writeMeta(db, meta); !status)
        return write.fail(status.error());
    if (auto status = write.commit(QStringLiteral("%1: cannot commit notices").arg(m_path));
        !status)
        return status.error();
    return changed.size() - onlyAttributed.size();
}

Result<QList<Store::RejectedNotice>> Store::rejectedNotices() const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    if (!query.exec(
            QStringLiteral("SELECT notice, server, reason, received_at FROM "
                           "rejected_notices ORDER BY received_at, source, source_id, seq")))
        return sqlError(QStringLiteral("cannot read the rejected notices"), query.lastError());
    QList<RejectedNotice> out;
    while (query.next()) {
        auto notice = noticeFromJson(QJsonDocument::fromJson(query.value(0).toByteArray()).object(),
            QStringLiteral("rejected notice"));
        if (!notice)
            continue; // kept as received; what does not read again is not shown
        out.append({ std::move(*notice), query.value(1).toString(), query.value(2).toString(),
            query.value(3).toString() });
    }
    return out;
}

} // namespace LedgerCurator
