// SPDX-License-Identifier: GPL-3.0-or-later
// ServerStore's standing notices (docs/notices.md): the current version of each notice by (source,
// source_id) in `notices`, every version ever stored in `notice_versions`, and the 'notices'
// counter that orders them (docs/sync-protocol.md, "Notices").
#include "ServerStore.h"

#include "NoticeSignature.h"
#include "ServerTransaction.h"

#include <QHash>
#include <QSqlError>
#include <QSqlQuery>

namespace LedgerCurator {

namespace {

//! The columns of a notice as notices and notice_versions hold them, in readNotice()'s order.
constexpr const char *kNoticeColumns
    = "seq, source, source_id, work, event_kind, nature, event_date, event_source, notice_doi, "
      "detail, title, journal, urls, origin, status, imported_at, imported_by, imported_from, "
      "listed_as_of, key_id, signature";

Result<StandingNotice> readNotice(const QSqlQuery &query)
{
    StandingNotice n;
    n.seq = query.value(0).toLongLong();
    n.source = query.value(1).toString();
    n.sourceId = query.value(2).toString();
    n.work = query.value(3).toString();
    const QString kind = query.value(4).toString();
    const auto parsedKind = parseEventKind(kind);
    if (!parsedKind || eventKindKey(*parsedKind) != kind)
        return Error::failure(
            QStringLiteral("notice %1 has an unknown kind '%2'").arg(n.ref(), kind));
    n.event.kind = *parsedKind;
    n.event.nature = query.value(5).toString();
    n.event.date = query.value(6).toString();
    n.event.source = query.value(7).toString();
    n.event.notice = query.value(8).toString();
    n.event.detail = query.value(9).toString();
    n.title = query.value(10).toString();
    n.journal = query.value(11).toString();
    n.urls = query.value(12).toString();
    n.origin = query.value(13).toString();
    const QString status = query.value(14).toString();
    const auto parsedStatus = parseNoticeStatus(status);
    if (!parsedStatus)
        return Error::failure(
            QStringLiteral("notice %1 has an unknown status '%2'").arg(n.ref(), status));
    n.status = *parsedStatus;
    n.importedAt = query.value(15).toString();
    n.importedBy = query.value(16).toString();
    n.importedFrom = query.value(17).toString();
    n.listedAsOf = query.value(18).toString();
    n.keyId = query.value(19).toString();
    n.signature = query.value(20).toString();
    return n;
}

//! Binds a notice's columns in kNoticeColumns order (its seq given), then received_at. Every text
//! column is NOT NULL: an empty text is stored as '' (a null QString would bind NULL).
void bindNotice(QSqlQuery &query, const StandingNotice &n, qint64 seq, const QString &receivedAt)
{
    const auto text = [&query](const QString &value) {
        query.addBindValue(value.isNull() ? QStringLiteral("") : value);
    };
    query.addBindValue(seq);
    text(n.source);
    text(n.sourceId);
    text(n.work);
    text(eventKindKey(n.event.kind));
    text(n.event.nature);
    text(n.event.date);
    text(n.event.source);
    text(n.event.notice);
    text(n.event.detail);
    text(n.title);
    text(n.journal);
    text(n.urls);
    text(n.origin);
    text(noticeStatusKey(n.status));
    text(n.importedAt);
    text(n.importedBy);
    text(n.importedFrom);
    text(n.listedAsOf);
    text(n.keyId);
    text(n.signature);
    text(receivedAt);
}

QString noticeColumnsWith(const char *more)
{
    return QString::fromLatin1(kNoticeColumns) + QStringLiteral(", ") + QLatin1String(more);
}

} // namespace

QString noticeOutcomeKey(NoticeOutcome outcome)
{
    switch (outcome) {
    case NoticeOutcome::Stored:
        return QStringLiteral("stored");
    case NoticeOutcome::Duplicate:
        return QStringLiteral("duplicate");
    case NoticeOutcome::Stale:
        return QStringLiteral("stale");
    }
    return QStringLiteral("stored");
}

Result<NoticePage> ServerStore::notices(qint64 after, qint64 limit) const
{
    Transaction transaction(*this, Transaction::Mode::Read);
    if (auto begun = transaction.begin(); !begun)
        return begun.error();
    NoticePage page;
    QSqlQuery query = prepare(QStringLiteral("SELECT ") + QLatin1String(kNoticeColumns)
        + QStringLiteral(" FROM notices WHERE seq > ? ORDER BY seq LIMIT ?"));
    query.addBindValue(after);
    query.addBindValue(limit);
    if (!query.exec())
        return sqlError(query.lastError(), QStringLiteral("reading notices"));
    while (query.next()) {
        auto notice = readNotice(query);
        if (!notice)
            return notice.error();
        page.notices.append(std::move(*notice));
    }
    if (query.lastError().isValid())
        return sqlError(query.lastError(), QStringLiteral("reading notices"));
    query.finish();
    QSqlQuery latest = prepare(QStringLiteral("SELECT value FROM counters WHERE name = 'notices'"));
    if (!latest.exec() || !latest.next())
        return sqlError(latest.lastError(), QStringLiteral("reading the latest notice seq"));
    page.latestSeq = latest.value(0).toLongLong();
    latest.finish();
    if (auto committed = transaction.commit(); !committed)
        return committed.error();
    return page;
}

Result<QList<StandingNotice>> ServerStore::noticeVersions(
    const QString &source, const QString &sourceId) const
{
    QSqlQuery query = prepare(QStringLiteral("SELECT ") + QLatin1String(kNoticeColumns)
        + QStringLiteral(" FROM notice_versions WHERE source = ? AND source_id = ? ORDER BY seq"));
    query.addBindValue(source);
    query.addBindValue(sourceId);
    if (!query.exec())
        return sqlError(query.lastError(), QStringLiteral("reading the versions of a notice"));
    QList<StandingNotice> out;
    while (query.next()) {
        auto notice = readNotice(query);
        if (!notice)
            return notice.error();
        out.append(std::move(*notice));
    }
    return out;
}

Result<NoticeBatch> ServerStore::storeNotices(const QList<StandingNotice> &notices,
    const QString &by, const std::optional<NoticeWithdrawal> &withdrawal, const SigningKey *signer)
{
    Transaction transaction(*this, Transaction::Mode::Write);
    if (auto begun = transaction.begin(); !begun)
        return begun.error();
    // The counter row first, held until commit: storing transactions queue here (across server
    // processes on one PostgreSQL database too), so the lookups below see every committed
    // version and seqs are handed out, and become visible, in order. On SQLite BEGIN IMMEDIATE
    // has locked already.
    if (auto locked
        = exec(QStringLiteral("UPDATE counters SET value = value WHERE name = 'notices'"));
        !locked)
        return locked.error();
    QSqlQuery counter
        = prepare(QStringLiteral("SELECT value FROM counters WHERE name = 'notices'"));
    if (!counter.exec() || !counter.next())
        return sqlError(counter.lastError(), QStringLiteral("reading the latest notice seq"));
    const qint64 first = counter.value(0).toLongLong();
    qint64 next = first;
    counter.finish();

    QSqlQuery lookup = prepare(QStringLiteral("SELECT ") + QLatin1String(kNoticeColumns)
        + QStringLiteral(" FROM notices WHERE source = ? AND source_id = ?"));
    QSqlQuery history
        = prepare(QStringLiteral("INSERT INTO notice_versions (") + noticeColumnsWith("received_at")
            + QStringLiteral(
                ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    QSqlQuery insert
        = prepare(QStringLiteral("INSERT INTO notices (") + noticeColumnsWith("received_at")
            + QStringLiteral(
                ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    QSqlQuery remove
        = prepare(QStringLiteral("DELETE FROM notices WHERE source = ? AND source_id = ?"));
    const QString now = nowUtcText();

    // The current version of every notice this transaction has met: read once, then kept as
    // this transaction writes it (nullopt: not held).
    QHash<QString, std::optional<StandingNotice>> current;
    QSet<QString> heldBefore; // refs held before the batch
    auto held = [&](const StandingNotice &n) -> Result<std::optional<StandingNotice>> {
        const QString ref = n.ref();
        if (const auto it = current.constFind(ref); it != current.cend())
            return *it;
        lookup.addBindValue(n.source);
        lookup.addBindValue(n.sourceId);
        if (!lookup.exec())
            return sqlError(lookup.lastError(), QStringLiteral("reading notice %1").arg(ref));
        std::optional<StandingNotice> found;
        if (lookup.next()) {
            auto read = readNotice(lookup);
            if (!read)
                return read.error();
            found = std::move(*read);
            heldBefore.insert(ref);
        }
        lookup.finish();
        current.insert(ref, found);
        return found;
    };
    // Writes version n with the next seq: appended to the history, and the current version.
    // (Replaced by delete and insert: an UPDATE of the unique seq and the key is the same work,
    // and one statement form serves both backends.)
    auto write = [&](StandingNotice n, bool exists) -> Result<qint64> {
        ++next;
        n.seq = next;
        const QString ref = n.ref();
        bindNotice(history, n, next, now);
        if (!history.exec())
            return sqlError(history.lastError(), QStringLiteral("storing notice %1").arg(ref));
        if (exists) {
            remove.addBindValue(n.source);
            remove.addBindValue(n.sourceId);
            if (!remove.exec())
                return sqlError(remove.lastError(), QStringLiteral("storing notice %1").arg(ref));
        }
        bindNotice(insert, n, next, now);
        if (!insert.exec())
            return sqlError(insert.lastError(), QStringLiteral("storing notice %1").arg(ref));
        current.insert(ref, std::move(n));
        return next;
    };

    NoticeBatch batch;
    QSet<QString> named;
    for (const StandingNotice &posted : notices) {
        StandingNotice n = posted;
        n.importedBy = by;
        n.seq.reset();
        named.insert(n.ref());
        auto was = held(n);
        if (!was)
            return was.error();
        NoticeResult result;
        result.source = n.source;
        result.sourceId = n.sourceId;
        result.wasHeld = heldBefore.contains(n.ref());
        const std::optional<StandingNotice> &version = *was;
        if (version && sameNoticeContent(*version, n)) {
            result.outcome = NoticeOutcome::Duplicate;
            result.seq = version->seq.value_or(0);
            ++batch.duplicates;
        } else if (version && !noticeSupersedes(n, *version)) {
            result.outcome = NoticeOutcome::Stale;
            result.seq = version->seq.value_or(0);
            result.current = version;
            ++batch.stale;
        } else {
            auto seq = write(std::move(n), version.has_value());
            if (!seq)
                return seq.error();
            result.outcome = NoticeOutcome::Stored;
            result.seq = *seq;
            ++batch.stored;
        }
        batch.results.append(std::move(result));
    }

    if (withdrawal) {
        // Every listed notice of the sources the list names that it no longer names.
        QSqlQuery listed = prepare(QStringLiteral("SELECT ") + QLatin1String(kNoticeColumns)
            + QStringLiteral(" FROM notices WHERE status = 'listed' ORDER BY source, source_id"));
        if (!listed.exec())
            return sqlError(listed.lastError(), QStringLiteral("reading the listed notices"));
        QList<StandingNotice> gone;
        while (listed.next()) {
            auto n = readNotice(listed);
            if (!n)
                return n.error();
            const QString ref = n->ref();
            if (withdrawal->sources.contains(n->source) && !named.contains(ref)
                && !withdrawal->keep.contains(ref))
                gone.append(std::move(*n));
        }
        listed.finish();
        for (const StandingNotice &n : std::as_const(gone)) {
            StandingNotice withdrawn = n;
            withdrawn.status = StandingNotice::Status::Withdrawn;
            withdrawn.importedAt = withdrawal->at;
            withdrawn.importedBy = by;
            withdrawn.importedFrom = withdrawal->file;
            withdrawn.seq.reset();
            // A new version, made here: signed by the server's key, or by nobody.
            withdrawn.keyId.clear();
            withdrawn.signature.clear();
            if (signer)
                signNotice(withdrawn, *signer);
            current.insert(n.ref(), n);
            NoticeResult result;
            result.source = n.source;
            result.sourceId = n.sourceId;
            result.wasHeld = true;
            if (!noticeSupersedes(withdrawn, n)) {
                // Held with a later import time than this list's: the held version stays.
                result.outcome = NoticeOutcome::Stale;
                result.seq = n.seq.value_or(0);
                result.current = n;
            } else {
                auto seq = write(std::move(withdrawn), true);
                if (!seq)
                    return seq.error();
                result.seq = *seq;
            }
            batch.withdrawn.append(std::move(result));
        }
    }

    if (next != first) {
        QSqlQuery bump
            = prepare(QStringLiteral("UPDATE counters SET value = ? WHERE name = 'notices'"));
        bump.addBindValue(next);
        if (!bump.exec())
            return sqlError(bump.lastError(), QStringLiteral("advancing the notice seq counter"));
    }
    if (auto committed = transaction.commit(); !committed)
        return committed.error();
    return batch;
}

Result<NoticePage> ServerStore::noticeVersionsAfter(qint64 after, qint64 limit) const
{
    Transaction transaction(*this, Transaction::Mode::Read);
    if (auto begun = transaction.begin(); !begun)
        return begun.error();
    NoticePage page;
    QSqlQuery query = prepare(QStringLiteral("SELECT ") + QLatin1String(kNoticeColumns)
        + QStringLiteral(" FROM notice_versions WHERE seq > ? ORDER BY seq LIMIT ?"));
    query.addBindValue(after);
    query.addBindValue(limit);
    if (!query.exec())
        return sqlError(query.lastError(), QStringLiteral("reading notice versions"));
    while (query.next()) {
        auto notice = readNotice(query);
        if (!notice)
            return notice.error();
        page.notices.append(std::move(*notice));
    }
    query.finish();
    QSqlQuery latest = prepare(QStringLiteral("SELECT value FROM counters WHERE name = 'notices'"));
    if (!latest.exec() || !latest.next())
        return sqlError(latest.lastError(), QStringLiteral("reading the latest notice seq"));
    page.latestSeq = latest.value(0).toLongLong();
    latest.finish();
    if (auto committed = transaction.commit(); !committed)
        return committed.error();
    return page;
}

Result<qint64> ServerStore::noticesLegacyUntilSeq() const
{
    QSqlQuery query
        = prepare(QStringLiteral("SELECT value FROM counters WHERE name = 'notices_legacy_until'"));
    if (!query.exec())
        return sqlError(query.lastError(), QStringLiteral("reading the notices' legacy seq"));
    return query.next() ? query.value(0).toLongLong() : qint64(0);
}

} // namespace LedgerCurator
