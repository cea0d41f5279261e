// SPDX-License-Identifier: GPL-3.0-or-later
// Pushing the outbox: batches of events, a refused batch split down to the one event refused.
#include "JsonText.h"
#include "SyncRun.h"

namespace LedgerCurator {

using namespace SyncDetail;

Status SyncClient::push(Context &context)
{
    auto total = Outbox(m_store).count();
    if (!total)
        return total.error();
    if (!context.tell(QStringLiteral("push"), 0, *total)) {
        m_cancelled.store(true);
        return Error::cancelled();
    }
    const QString server = serverKey(context.base);
    // What this server refused before: not in the batches (it would refuse them again and hold
    // the rest back), each tried alone at the end.
    auto earlier = Outbox(m_store).refusals(server);
    if (!earlier)
        return earlier.error();
    qint64 after = 0;
    qint64 done = 0;
    for (;;) {
        qint64 last = after;
        auto batch = Outbox(m_store).corrections(context.options.pushBatch, after, server, &last);
        if (!batch)
            return batch.error();
        if (batch->isEmpty())
            break;
        if (auto status = pushEvents(context, *batch, false); !status)
            return status;
        if (context.clockAheadServerMs && !context.clockCorrectedInPush) {
            // The server says this machine's clock is ahead: correct it, re-time the outbox and
            // push it again from the start (what went through comes back as duplicates).
            context.clockCorrectedInPush = true;
            const qint64 offset = *context.clockAheadServerMs - systemClockMs();
            context.clockAheadServerMs.reset();
            if (auto status = prepareOutbox(context, offset); !status)
                return status;
            after = 0;
            done = 0;
            continue;
        }
        after = last;
        done += batch->size();
        if (!context.tell(QStringLiteral("push"), done, qMax<qint64>(*total, done))) {
            m_cancelled.store(true);
            return Error::cancelled();
        }
    }
    for (const Outbox::Refusal &refused : std::as_const(*earlier)) {
        if (auto status = pushEvents(context, { refused.event }, true); !status)
            return status;
    }
    return {};
}

Status SyncClient::pushEvents(
    Context &context, const QList<CorrectionEvent> &events, bool retryingRefused)
{
    const QUrl url = context.endpoint(QStringLiteral("/v1/events"));
    const QString shownUrl = url.toDisplayString(QUrl::RemoveUserInfo);
    const QByteArray body
        = QJsonDocument(QJsonObject { { QStringLiteral("events"), correctionsToJson(events) } })
              .toJson(QJsonDocument::Compact);
    // 4xx answers about the batch's content come back as replies (403 too: an event under
    // another's name or signed with a revoked key); 401, a 403 about the token's role, 429 and
    // 5xx are request()'s to report or retry.
    auto reply = request(context, "POST", url, body, {}, { 200, 400, 403, 409, 413, 422 });
    if (!reply)
        return reply.error();
    const QString code = reply->status == 200 ? QString() : serverErrorCode(reply->body);
    if (reply->status == 403 && code != QLatin1String("wrong_author")
        && code != QLatin1String("key_revoked"))
        return Error::failure(QStringLiteral("the server refused the token: %1 (HTTP 403 from %2)")
                                  .arg(serverMessage(reply->body), shownUrl));
    if (reply->status == 422 && code == QLatin1String("clock_ahead")
        && !context.clockCorrectedInPush) {
        const QJsonObject error = QJsonDocument::fromJson(reply->body)
                                      .object()
                                      .value(QStringLiteral("error"))
                                      .toObject();
        const QDateTime serverTime = QDateTime::fromString(
            error.value(QStringLiteral("server_time")).toString(), Qt::ISODateWithMs);
        if (serverTime.isValid()) {
            context.clockAheadServerMs = serverTime.toMSecsSinceEpoch();
            return {};
        }
    }
    if (reply->status != 200) {
        if (events.size() > 1) {
            const qsizetype half = events.size() / 2;
            if (auto status = pushEvents(context, events.first(half), retryingRefused); !status)
                return status;
            return pushEvents(context, events.sliced(half), retryingRefused);
        }
        const CorrectionEvent &e = events.first();
        const QString reason = serverMessage(reply->body);
        if (auto status
            = Outbox(m_store).markRefused(e.id, serverKey(context.base), reply->status, reason);
            !status)
            return status;
        context.report.refused.append(
            QStringLiteral("correction %1 (arXiv:%2, observation %3, %4): %5 answered HTTP %6: %7")
                .arg(e.id, e.record, e.observation, curationFieldKey(e.field), shownUrl)
                .arg(reply->status)
                .arg(reason));
        if (retryingRefused)
            ++context.report.stillRefused;
        if (context.options.log)
            context.options.log(QStringLiteral("refused: ") + context.report.refused.constLast());
        return {};
    }

    auto malformed = [&shownUrl](const QString &what) {
        return Error::failure(QStringLiteral("%1: malformed reply: %2").arg(shownUrl, what));
    };
    QJsonParseError parseError;
    const QJsonDocument document = fromJsonStrictly(reply->body, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return malformed(QStringLiteral("not JSON (%1 at byte %2)")
                             .arg(parseError.errorString())
                             .arg(parseError.offset));
    if (!document.isObject())
        return malformed(QStringLiteral("expected an object"));
    const QJsonObject object = document.object();
    const auto stored = jsonWholeNumber(object.value(QStringLiteral("stored")));
    const auto duplicates = jsonWholeNumber(object.value(QStringLiteral("duplicates")));
    if (!stored || *stored < 0)
        return malformed(QStringLiteral("\"stored\": expected a whole number, found %1")
                             .arg(jsonTypeName(object.value(QStringLiteral("stored")))));
    if (!duplicates || *duplicates < 0)
        return malformed(QStringLiteral("\"duplicates\": expected a whole number, found %1")
                             .arg(jsonTypeName(object.value(QStringLiteral("duplicates")))));
    if (*stored + *duplicates != events.size())
        return malformed(QStringLiteral("%1 stored and %2 duplicates for a batch of %3 events")
                             .arg(*stored)
                             .arg(*duplicates)
                             .arg(events.size()));
    const QJsonValue seqs = object.value(QStringLiteral("seqs"));
    if (!seqs.isArray() || seqs.toArray().size() != events.size())
        return malformed(
            QStringLiteral("\"seqs\": expected an array of %1 entries").arg(events.size()));
    const QJsonArray seqArray = seqs.toArray();
    for (qsizetype i = 0; i < events.size(); ++i) {
        const QJsonObject entry = seqArray.at(i).toObject();
        const auto seq = jsonWholeNumber(entry.value(QStringLiteral("seq")));
        if (entry.value(QStringLiteral("id")).toString() != events.at(i).id || !seq || *seq < 1)
            return malformed(QStringLiteral("seqs[%1]: expected {\"id\": \"%2\", \"seq\": N}")
                                 .arg(i)
                                 .arg(events.at(i).id));
    }
    context.report.pushed += *stored;
    context.report.duplicates += *duplicates;
    if (retryingRefused) {
        QStringList ids;
        for (const CorrectionEvent &e : events)
            ids.append(e.id);
        if (auto status = Outbox(m_store).clearRefused(ids, serverKey(context.base)); !status)
            return status;
    }
    return {};
}

} // namespace LedgerCurator
