// SPDX-License-Identifier: GPL-3.0-or-later
// Exchanging the standing notices with the server (docs/sync-protocol.md, "Notices"): the ones
// imported here go up, every version the team holds comes down, paged by the server's seq.
#include "JsonText.h"
#include "NoticeJson.h"
#include "NoticeSignature.h"
#include "SyncRun.h"

namespace LedgerCurator {

using namespace SyncDetail;

namespace {

constexpr qsizetype kNoticeBatch = 500; // per POST /v1/notices (the server takes 1000)
constexpr qsizetype kNoticePage = 5000; // per GET /v1/notices (the server's most)

//! An older server, without the notices' endpoints: said once, and the sync goes on.
QString noNoticesNote(const QString &server)
{
    return QStringLiteral("%1 does not exchange notices (an older ledger-server): the notices "
                          "imported here stay in this cache and are sent once it does")
        .arg(server);
}

Error malformedAt(const QString &url, const QString &what)
{
    return Error::failure(QStringLiteral("%1: malformed reply: %2").arg(url, what));
}

//! The rejected notices of a split as the cache keeps them aside: from `server` (serverKey()).
QList<Store::RejectedNotice> rejectedRows(const QString &server, const NoticeTrustSplit &split)
{
    QList<Store::RejectedNotice> rows;
    const QString receivedAt = nowUtc();
    for (qsizetype i = 0; i < split.rejected.size(); ++i)
        rows.append({ split.rejected.at(i), server, split.reasons.at(i), receivedAt });
    return rows;
}

} // namespace

Status SyncClient::signWaitingNotices(Context &context)
{
    if (!context.signingKey || context.curator.isEmpty())
        return {};
    QList<StandingNotice> signedNow;
    for (qint64 after = 0;;) {
        qint64 last = after;
        auto batch = Outbox(m_store).notices(kNoticeBatch, after, &last);
        if (!batch)
            return batch.error();
        if (batch->isEmpty())
            break;
        after = last;
        for (StandingNotice n : std::as_const(*batch)) {
            // Another curator's version cannot be signed here: the server refuses it, and it
            // stays, shown as refused.
            if (!n.importedBy.isEmpty() && n.importedBy != context.curator)
                continue;
            // Signed already, and what it says still verifies (changed since with this key, it
            // is signed again).
            if (n.isSigned()
                && (n.keyId != context.signingKey->keyId()
                    || verifyNoticeSignature(n, context.signingKey->publicKey)))
                continue;
            n.importedBy = context.curator;
            signNotice(n, *context.signingKey);
            signedNow.append(std::move(n));
        }
    }
    if (auto stored = Outbox(m_store).signWaitingNotices(signedNow); !stored)
        return stored;
    context.report.noticesSignedNow = signedNow.size();
    return {};
}

Result<NoticeTrustSplit> SyncClient::judgeNotices(
    Context &context, const QList<StandingNotice> &notices)
{
    const auto judge = [&context, &notices] {
        return splitNoticesByTrust(notices,
            NoticeTrust { context.keys, context.serverKey, context.noticesLegacyUntilSeq });
    };
    NoticeTrustSplit split = judge();
    const bool unknownKey = std::any_of(
        split.rejected.cbegin(), split.rejected.cend(), [&context](const StandingNotice &n) {
            return !n.keyId.isEmpty() && !context.keys.contains(n.keyId)
                && !(context.serverKey && context.serverKey->keyId == n.keyId);
        });
    if (unknownKey && !context.keysAskedAgainForNotices) {
        // Registered since the sync began (a colleague's first sync)? Asked once more.
        context.keysAskedAgainForNotices = true;
        auto again = fetchKeys(context);
        if (!again)
            return again.error();
        for (const CuratorKey &key : std::as_const(again->keys)) {
            if (!context.keys.contains(key.keyId))
                context.keys.insert(key.keyId, key);
        }
        split = judge();
    }
    for (const QString &reason : std::as_const(split.reasons))
        context.log(QStringLiteral("kept aside: ") + reason);
    context.report.rejectedNotices += split.reasons;
    context.report.legacyNotices += split.legacy;
    context.rejectedNotices += split.rejected;
    return split;
}

Status SyncClient::pushNotices(Context &context)
{
    if (auto signedNow = signWaitingNotices(context); !signedNow)
        return signedNow;
    auto total = Outbox(m_store).noticeCount();
    if (!total)
        return total.error();
    if (*total == 0)
        return {};
    const QUrl url = context.endpoint(QStringLiteral("/v1/notices"));
    const QString shownUrl = url.toDisplayString(QUrl::RemoveUserInfo);
    qint64 after = 0;
    qint64 done = 0;
    bool stopped = false; // the server takes no notices (said in the report)
    // One batch, or what is left of it once the server refused one of its notices.
    std::function<Status(const QList<StandingNotice> &)> send
        = [&](const QList<StandingNotice> &batch) -> Status {
        if (batch.isEmpty() || stopped)
            return {};
        const QByteArray body
            = QJsonDocument(QJsonObject { { QStringLiteral("notices"), noticesToJson(batch) } })
                  .toJson(QJsonDocument::Compact);
        auto reply = request(context, "POST", url, body, {}, { 200, 404, 422 });
        if (!reply)
            return reply.error();
        if (reply->status == 404) {
            context.report.noticesNote = noNoticesNote(context.shownServer);
            context.log(context.report.noticesNote);
            context.serverWithoutNotices = true;
            stopped = true;
            return {};
        }
        if (reply->status == 422) {
            const QJsonObject error = QJsonDocument::fromJson(reply->body)
                                          .object()
                                          .value(QStringLiteral("error"))
                                          .toObject();
            const auto index = jsonWholeNumber(error.value(QStringLiteral("index")));
            const QString reason = serverMessage(reply->body);
            if (error.value(QStringLiteral("code")).toString() == u"invalid_notice" && index
                && *index >= 0 && *index < batch.size()) {
                // That notice stays here, unsent; the others of the batch go through.
                const QString line
                    = QStringLiteral("notice %1: %2 answered HTTP 422: %3; it stays in this "
                                     "cache, unsent")
                          .arg(batch.at(*index).ref(), shownUrl, reason);
                context.report.refused.append(line);
                context.log(QStringLiteral("refused: ") + line);
                if (auto status = send(batch.first(*index)); !status)
                    return status;
                return send(batch.sliced(*index + 1));
            }
            context.report.noticesNote
                = QStringLiteral("%1 refused the notices (HTTP 422: %2); they stay in this cache, "
                                 "unsent")
                      .arg(shownUrl, reason);
            context.log(context.report.noticesNote);
            stopped = true;
            return {};
        }

        QJsonParseError parseError;
        const QJsonDocument document = fromJsonStrictly(reply->body, &parseError);
        if (parseError.error != QJsonParseError::NoError)
            return malformedAt(shownUrl,
                QStringLiteral("not JSON (%1 at byte %2)")
                    .arg(parseError.errorString())
                    .arg(parseError.offset));
        const QJsonObject object = document.object();
        const QJsonValue results = object.value(QStringLiteral("results"));
        if (!document.isObject() || !results.isArray() || results.toArray().size() != batch.size())
            return malformedAt(shownUrl,
                QStringLiteral("expected {\"results\": [...]} with %1 entries").arg(batch.size()));
        const QJsonArray array = results.toArray();
        QList<StandingNotice> sent;
        QList<StandingNotice> newer;
        for (qsizetype i = 0; i < batch.size(); ++i) {
            const QJsonObject entry = array.at(i).toObject();
            const StandingNotice &n = batch.at(i);
            const auto seq = jsonWholeNumber(entry.value(QStringLiteral("seq")));
            const QString outcome = entry.value(QStringLiteral("outcome")).toString();
            if (entry.value(QStringLiteral("source")).toString() != n.source
                || entry.value(QStringLiteral("source_id")).toString() != n.sourceId || !seq
                || *seq < 1)
                return malformedAt(shownUrl,
                    QStringLiteral("results[%1]: expected {\"source\": \"%2\", \"source_id\": "
                                   "\"%3\", \"seq\": N, \"outcome\": ...}")
                        .arg(i)
                        .arg(n.source, n.sourceId));
            if (outcome == u"stored" || outcome == u"duplicate") {
                StandingNotice acknowledged = n;
                acknowledged.seq = *seq;
                sent.append(std::move(acknowledged));
                ++(outcome == u"stored" ? context.report.noticesPushed
                                        : context.report.noticeDuplicates);
            } else if (outcome == u"stale") {
                auto current = noticeFromJson(entry.value(QStringLiteral("current")),
                    QStringLiteral("results[%1].current").arg(i));
                if (!current)
                    return malformedAt(shownUrl, current.error().message);
                if (current->ref() != n.ref() || current->seq != seq)
                    return malformedAt(shownUrl,
                        QStringLiteral("results[%1].current: expected notice %2 at seq %3")
                            .arg(i)
                            .arg(n.ref())
                            .arg(*seq));
                newer.append(std::move(*current));
                ++context.report.noticesStale;
            } else {
                return malformedAt(shownUrl,
                    QStringLiteral("results[%1].outcome: expected stored, duplicate or stale")
                        .arg(i));
            }
        }
        if (auto status = Outbox(m_store).markNoticesSent(sent); !status)
            return status;
        if (!newer.isEmpty()) {
            // The server's version is checked as a pulled one is: what fails is kept aside.
            auto split = judgeNotices(context, newer);
            if (!split)
                return split.error();
            auto taken = m_store.addSyncedNotices(
                split->accepted, {}, rejectedRows(serverKey(context.base), *split));
            if (!taken)
                return taken.error();
        }
        return {};
    };
    for (;;) {
        qint64 last = after;
        auto batch = Outbox(m_store).notices(kNoticeBatch, after, &last);
        if (!batch)
            return batch.error();
        if (batch->isEmpty())
            break;
        if (auto status = send(*batch); !status)
            return status;
        if (stopped)
            return {};
        after = last;
        done += batch->size();
        if (!context.tell(QStringLiteral("notices"), done, qMax<qint64>(*total, done))) {
            m_cancelled.store(true);
            return Error::cancelled();
        }
    }
    return {};
}

Status SyncClient::pullNotices(Context &context)
{
    if (context.serverWithoutNotices)
        return {}; // said in the report already
    const QString cursorKey = noticesSeqKey(context.base);
    auto stored = m_store.meta(cursorKey);
    if (!stored)
        return stored.error();
    qint64 after = stored->isEmpty() ? 0 : stored->toLongLong();
    bool first = true;
    for (;;) {
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("after"), QString::number(after));
        query.addQueryItem(QStringLiteral("limit"), QString::number(kNoticePage));
        const QUrl url = context.endpoint(QStringLiteral("/v1/notices"), query);
        const QString shownUrl = url.toDisplayString(QUrl::RemoveUserInfo);
        // Read as it comes, as an events page is (SyncPull.cpp), without asking again.
        auto reply = request(context, "GET", url, QByteArray(), {}, { 200, 404 }, {}, [&context] {
            return std::make_shared<PageCheck>(
                int(kNoticePage), context.options.maxPageBytes, QStringLiteral("notices"));
        });
        if (!reply)
            return reply.error();
        if (reply->status == 404) {
            context.report.noticesNote = noNoticesNote(context.shownServer);
            context.log(context.report.noticesNote);
            context.serverWithoutNotices = true;
            return {};
        }
        QJsonParseError parseError;
        const QJsonDocument document = fromJsonStrictly(reply->body, &parseError);
        reply->body = QByteArray();
        if (parseError.error != QJsonParseError::NoError)
            return malformedAt(shownUrl,
                QStringLiteral("not JSON (%1 at byte %2)")
                    .arg(parseError.errorString())
                    .arg(parseError.offset));
        if (!document.isObject())
            return malformedAt(shownUrl, QStringLiteral("expected an object"));
        const QJsonObject object = document.object();
        auto page
            = noticesFromJson(object.value(QStringLiteral("notices")), QStringLiteral("notices"));
        if (!page)
            return malformedAt(shownUrl, page.error().message);
        const auto lastSeq = jsonWholeNumber(object.value(QStringLiteral("last_seq")));
        const auto latestSeq = jsonWholeNumber(object.value(QStringLiteral("latest_seq")));
        const QJsonValue more = object.value(QStringLiteral("more"));
        if (!lastSeq || !latestSeq || !more.isBool())
            return malformedAt(shownUrl,
                QStringLiteral("expected \"last_seq\" and \"latest_seq\" (whole numbers) and "
                               "\"more\" (true or false)"));
        if (page->size() > kNoticePage)
            return malformedAt(shownUrl,
                QStringLiteral("%1 notices where at most %2 were asked for")
                    .arg(page->size())
                    .arg(kNoticePage));
        if (first && *latestSeq < after)
            return Error::failure(
                QStringLiteral("%1 holds notices up to seq %2, but this cache has already "
                               "received up to seq %3: the server was reset or replaced. Sync "
                               "this cache with another server URL, or start a new cache")
                    .arg(context.shownServer)
                    .arg(*latestSeq)
                    .arg(after));
        // Each notice once, in the server's order after the cursor (a notice's seq moves on when
        // a newer version replaces it, so there are gaps).
        qint64 previous = after;
        for (qsizetype i = 0; i < page->size(); ++i) {
            const std::optional<qint64> seq = page->at(i).seq;
            if (!seq || *seq <= previous)
                return malformedAt(shownUrl,
                    QStringLiteral("notices[%1].seq: expected a seq above %2 (notices come in "
                                   "server order)")
                        .arg(i)
                        .arg(previous));
            previous = *seq;
        }
        if (*lastSeq != previous || *latestSeq < *lastSeq)
            return malformedAt(shownUrl,
                QStringLiteral("\"last_seq\" is %1, but the page ends at seq %2 (latest %3)")
                    .arg(*lastSeq)
                    .arg(previous)
                    .arg(*latestSeq));
        if (more.toBool() && page->isEmpty())
            return malformedAt(
                shownUrl, QStringLiteral("\"more\" is true on a page without notices"));
        // Every notice checked against the keys: what fails is kept aside, and the version this
        // cache holds stays the one shown.
        auto split = judgeNotices(context, *page);
        if (!split)
            return split.error();
        auto changed = m_store.addSyncedNotices(split->accepted,
            { { cursorKey, QString::number(*lastSeq) } },
            rejectedRows(serverKey(context.base), *split));
        if (!changed)
            return changed.error();
        context.report.noticesPulled += *changed;
        if (!context.tell(QStringLiteral("notices"), *lastSeq, *latestSeq)) {
            m_cancelled.store(true);
            return Error::cancelled();
        }
        if (!more.toBool())
            return {};
        after = *lastSeq;
        first = false;
    }
}

} // namespace LedgerCurator
