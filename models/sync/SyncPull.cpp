// SPDX-License-Identifier: GPL-3.0-or-later
// Pulling: the record list, the records that changed (fetched on a thread of their own while the
// ones before are stored), and the event pages.
#include "JsonText.h"
#include "SyncFetch.h"

namespace LedgerCurator {

using namespace SyncDetail;

Status SyncClient::pullRecordList(
    Context &context, std::unique_ptr<SyncFetch<FetchedRecord>> &fetch, qsizetype &count)
{
    const QUrl listUrl = context.endpoint(QStringLiteral("/v1/records"));
    const QString shownListUrl = listUrl.toDisplayString(QUrl::RemoveUserInfo);
    auto storedListEtag = m_store.meta(recordsEtagKey(context.base));
    if (!storedListEtag)
        return storedListEtag.error();
    // Records removed from the cache: their page is not fetched again (leavesRemoved()). Asked
    // to fetch them, the list is asked for whole, even when it has not changed.
    auto removed = m_store.removedRecords();
    if (!removed)
        return removed.error();
    QList<std::pair<QByteArray, QByteArray>> listHeaders;
    if (!storedListEtag->isEmpty() && !(context.options.fetchRemoved && !removed->isEmpty()))
        listHeaders.append({ "If-None-Match", storedListEtag->toUtf8() });
    if (!context.tell(QStringLiteral("records"), 0, 0)) {
        m_cancelled.store(true);
        return Error::cancelled();
    }
    auto list = request(context, "GET", listUrl, QByteArray(), listHeaders, { 200, 304 });
    if (!list)
        return list.error();
    if (list->status == 304)
        return {};

    // Check the whole list first.
    auto malformed = [&shownListUrl](const QString &what) {
        return Error::failure(QStringLiteral("%1: malformed reply: %2").arg(shownListUrl, what));
    };
    QJsonParseError parseError;
    const QJsonDocument document = fromJsonStrictly(list->body, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return malformed(QStringLiteral("not JSON (%1 at byte %2)")
                             .arg(parseError.errorString())
                             .arg(parseError.offset));
    const QJsonValue records = document.object().value(QStringLiteral("records"));
    if (!records.isArray())
        return malformed(
            QStringLiteral("\"records\": expected an array, found %1").arg(jsonTypeName(records)));
    QList<RecordEntry> entries;
    QSet<QString> seen;
    const QJsonArray array = records.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonObject o = array.at(i).toObject();
        const QString where = QStringLiteral("records[%1]").arg(i);
        if (!array.at(i).isObject())
            return malformed(where
                + QStringLiteral(": expected an object, found %1").arg(jsonTypeName(array.at(i))));
        RecordEntry entry { o.value(QStringLiteral("id")).toString(),
            o.value(QStringLiteral("as_of")).toString(), o.value(QStringLiteral("etag")).toString(),
            QString() };
        const IdentifierCheck id = parseArxivId(entry.id);
        if (!id.ok() || id.identifier->base != entry.id)
            return malformed(where
                + QStringLiteral(".id: expected an arXiv id without version, found %1")
                      .arg(o.value(QStringLiteral("id")).isString()
                              ? QLatin1Char('\'') + entry.id + QLatin1Char('\'')
                              : jsonTypeName(o.value(QStringLiteral("id")))));
        if (!o.value(QStringLiteral("as_of")).isString() || entry.asOf.isEmpty())
            return malformed(where + QStringLiteral(".as_of: expected a date"));
        if (!o.value(QStringLiteral("etag")).isString() || entry.listEtag.isEmpty())
            return malformed(where + QStringLiteral(".etag: expected a non-empty string"));
        if (!jsonWholeNumber(o.value(QStringLiteral("version"))))
            return malformed(where + QStringLiteral(".version: expected a whole number"));
        if (!o.value(QStringLiteral("title")).isString())
            return malformed(where + QStringLiteral(".title: expected a string"));
        if (seen.contains(entry.id))
            return malformed(where + QStringLiteral(": record %1 is listed twice").arg(entry.id));
        seen.insert(entry.id);
        entries.append(entry);
    }

    auto storedEtags = m_store.metaWithPrefix(recordEtagPrefix(context.base));
    if (!storedEtags)
        return storedEtags.error();
    auto localDates = m_store.recordAsOfDates();
    if (!localDates)
        return localDates.error();
    QList<RecordEntry> changed;
    for (RecordEntry &entry : entries) {
        if (storedEtags->value(entry.id) == entry.listEtag && localDates->contains(entry.id))
            continue;
        if (context.keepsNewerPage(entry.id, localDates->value(entry.id), entry.asOf))
            continue;
        if (!localDates->contains(entry.id)
            && context.leavesRemoved(entry.id, removed->value(entry.id), entry.asOf))
            continue;
        if (localDates->contains(entry.id))
            entry.storedEtag = storedEtags->value(entry.id);
        changed.append(std::move(entry));
    }
    context.listEtag = list->etag;
    if (changed.isEmpty())
        return storeListEtag(context, true);
    count = changed.size();
    // One checked record waits at most: the next one is fetched once it is taken.
    fetch = std::make_unique<SyncFetch<FetchedRecord>>(*this, context, 1,
        QStringLiteral("sync record fetch"),
        [changed](SyncFetch<FetchedRecord> &records, SyncClient &client, Context &threadContext) {
            client.fetchRecords(records, threadContext, changed);
        });
    return {};
}

void SyncClient::fetchRecords(
    SyncFetch<FetchedRecord> &fetch, Context &context, const QList<RecordEntry> &entries)
{
    for (const RecordEntry &entry : entries) {
        if (!fetch.waitForRoom())
            return;
        FetchedRecord item;
        item.entry = entry;
        const QUrl url = context.endpoint(QStringLiteral("/v1/records/")
            + QString::fromLatin1(QUrl::toPercentEncoding(entry.id)));
        const QString shownUrl = url.toDisplayString(QUrl::RemoveUserInfo);
        QList<std::pair<QByteArray, QByteArray>> headers;
        if (!entry.storedEtag.isEmpty())
            headers.append({ "If-None-Match", entry.storedEtag.toUtf8() });
        auto reply = request(context, "GET", url, QByteArray(), headers, { 200, 304, 404 });
        if (!reply) {
            item.error = reply.error();
        } else {
            item.status = reply->status;
            if (reply->status == 200) {
                item.etag = QString::fromUtf8(reply->etag);
                auto record = readRecordJson(reply->body, shownUrl);
                reply->body = QByteArray();
                if (!record)
                    item.error = Error::failure(QStringLiteral("%1: malformed record: %2")
                                                    .arg(shownUrl, record.error().toString()));
                else if (record->arxivId != entry.id)
                    item.error = Error::failure(
                        QStringLiteral("%1: malformed reply: asked for record %2, received %3")
                            .arg(shownUrl, entry.id, record->arxivId));
                else
                    item.record = std::move(*record);
            }
        }
        const bool failed = item.error.has_value();
        if (!fetch.deliver(std::move(item)) || failed)
            return;
    }
}

Status SyncClient::storeRecords(Context &context, SyncFetch<FetchedRecord> &fetch, qsizetype count)
{
    const QString etagPrefix = recordEtagPrefix(context.base);
    auto localDates = m_store.recordAsOfDates();
    if (!localDates)
        return localDates.error();
    auto removed = m_store.removedRecords();
    if (!removed)
        return removed.error();
    bool complete = true;
    for (qsizetype i = 0; i < count; ++i) {
        if (!context.tell(QStringLiteral("records"), i, count)) {
            m_cancelled.store(true);
            return Error::cancelled();
        }
        auto item = fetch.next();
        if (!item)
            return Error::cancelled();
        if (item->error)
            return *item->error;
        if (item->status == 304)
            continue; // changed back since the list was made
        if (item->status == 404) {
            complete = false; // removed since the list was made: ask for the list again next time
            continue;
        }
        const RecordEntry &entry = item->entry;
        if (context.keepsNewerPage(entry.id, localDates->value(entry.id), item->record->asOf))
            continue;
        // The page came back to the one removed since the list was made.
        if (!localDates->contains(entry.id) && !context.options.fetchRemoved
            && removed->contains(entry.id) && item->record->asOf <= removed->value(entry.id)) {
            (void)context.leavesRemoved(entry.id, removed->value(entry.id), item->record->asOf);
            continue;
        }
        if (cancelled())
            return Error::cancelled();
        const QString etag = item->etag.isEmpty() ? entry.listEtag : item->etag;
        // readRecordJson() has checked the record (validateRecord()).
        auto imported = m_store.importRecordsWithMeta(
            { *item->record }, { { etagPrefix + entry.id, etag } }, RecordCheck::AlreadyValidated);
        if (!imported)
            return imported.error();
        ++context.report.recordsUpdated;
        // Freeing a large record value by value takes a while (about 0.4 s for 200,000
        // observations): a helper thread does it while this one goes on.
        context.drops->drop(std::move(item->record));
    }
    fetch.addCounts(context.report);
    if (!context.tell(QStringLiteral("records"), count, count)) {
        m_cancelled.store(true);
        return Error::cancelled();
    }
    return storeListEtag(context, complete);
}

Status SyncClient::storeListEtag(Context &context, bool complete)
{
    if (!complete || context.listEtag.isEmpty())
        return {};
    return m_store.setMeta(recordsEtagKey(context.base), QString::fromUtf8(context.listEtag));
}

void SyncClient::fetchEvents(SyncFetch<EventPage> &fetch, Context &context, qint64 lastSeq)
{
    // The events asked for per page: the page size, halved for the rest of the sync whenever a
    // page passes SyncOptions::maxPageBytes.
    int limit = context.options.pageSize;
    auto pageUrl = [&context, &limit](qint64 after) {
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("after"), QString::number(after));
        query.addQueryItem(QStringLiteral("limit"), QString::number(limit));
        return context.endpoint(QStringLiteral("/v1/events"), query);
    };
    // What reads the page of the attempt in progress as it comes.
    std::shared_ptr<PageCheck> check;
    const InspectorFactory inspect = [&check, &limit, &context]() {
        check = std::make_shared<PageCheck>(
            limit, context.options.maxPageBytes, QStringLiteral("events"));
        return check;
    };
    // The next page, asked for once this one has been checked: the server reads it and sends it
    // while this one is handed over and stored. Dropped (and so aborted) when this page fails.
    std::unique_ptr<QNetworkReply> nextPage;
    std::shared_ptr<PageCheck> nextCheck;
    bool first = true;
    for (;;) {
        const QUrl url = pageUrl(lastSeq);
        const QString shownUrl = url.toDisplayString(QUrl::RemoveUserInfo);
        EventPage page;
        auto fail = [&fetch, &page](Error error) {
            page.error = std::move(error);
            fetch.deliver(std::move(page));
        };
        check = std::move(nextCheck);
        auto reply
            = request(context, "GET", url, QByteArray(), {}, { 200 }, std::move(nextPage), inspect);
        if (!reply && check && check->tooLarge() && limit > 1) {
            // Too large for the memory a page may have, not malformed: fewer events a page.
            context.log(QStringLiteral("%1: %2; asking for pages of %3 events")
                            .arg(shownUrl, check->message())
                            .arg(limit / 2));
            limit /= 2;
            continue;
        }
        if (!reply)
            return fail(reply.error());

        // The whole page is checked before any of it is handed over.
        auto malformed = [&shownUrl](const QString &what) {
            return Error::failure(QStringLiteral("%1: malformed reply: %2").arg(shownUrl, what));
        };
        auto read = readEventPageJson(reply->body);
        if (!read)
            return fail(malformed(read.error().message));
        reply->body = QByteArray();
        EventPageJson &json = *read;
        const QList<CorrectionEvent> &events = json.events;
        if (events.size() > limit)
            return fail(malformed(QStringLiteral("%1 events where at most %2 were asked for")
                                      .arg(events.size())
                                      .arg(limit)));
        if (first && json.latestSeq < lastSeq)
            return fail(Error::failure(
                QStringLiteral("%1 holds events up to seq %2, but this cache has already pulled "
                               "up to seq %3: the server was reset or replaced. Sync this "
                               "cache with another server URL, or start a new cache")
                    .arg(context.shownServer)
                    .arg(json.latestSeq)
                    .arg(lastSeq)));
        // Events come in server order. A seq skipped (a row deleted from the server's database)
        // cannot be fetched by anyone: it is reported and the sync goes on past it.
        qint64 expected = lastSeq + 1;
        for (qsizetype i = 0; i < events.size(); ++i) {
            const CorrectionEvent &e = events.at(i);
            if (!e.seq)
                return fail(malformed(QStringLiteral("events[%1].seq: missing").arg(i)));
            if (*e.seq < expected)
                return fail(malformed(
                    QStringLiteral("events[%1].seq: expected %2 or later (events come in server "
                                   "order, each seq once), found %3")
                        .arg(i)
                        .arg(expected)
                        .arg(*e.seq)));
            if (*e.seq > expected)
                page.missing.append(*e.seq == expected + 1
                        ? QStringLiteral("seq %1").arg(expected)
                        : QStringLiteral("seqs %1 to %2").arg(expected).arg(*e.seq - 1));
            expected = *e.seq + 1;
        }
        const qint64 newLast = events.isEmpty() ? lastSeq : *events.last().seq;
        if (json.lastSeq != newLast)
            return fail(malformed(QStringLiteral("\"last_seq\" is %1, but the page ends at seq %2")
                                      .arg(json.lastSeq)
                                      .arg(newLast)));
        if (json.more && events.isEmpty())
            return fail(malformed(QStringLiteral("\"more\" is true on a page without events")));

        if (json.more) {
            nextCheck = std::make_shared<PageCheck>(
                limit, context.options.maxPageBytes, QStringLiteral("events"));
            nextPage = send(context, "GET", pageUrl(newLast), QByteArray(), {}, nextCheck);
        }
        // Events an older server stored with text or a time now refused: kept aside, never merged.
        QList<std::pair<CorrectionEvent, QString>> setAside;
        for (qsizetype i = json.events.size() - 1; i >= 0; --i) {
            if (json.setAside.contains(i))
                setAside.prepend({ json.events.takeAt(i), json.setAside.value(i) });
        }
        // Every event checked against the curators' keys: what fails is kept aside, never merged.
        TrustSplit split = splitByTrust(
            json.events, context.keys, context.legacyUntilSeq, QThread::idealThreadCount());
        const bool unknownKey = std::any_of(
            split.rejected.cbegin(), split.rejected.cend(), [&context](const CorrectionEvent &e) {
                return !e.keyId.isEmpty() && !context.keys.contains(e.keyId);
            });
        if (unknownKey) {
            // Registered since the sync began? Asked once more; only keys not held are added.
            auto again = fetchKeys(context);
            if (!again)
                return fail(again.error());
            for (const CuratorKey &key : std::as_const(again->keys)) {
                if (!context.keys.contains(key.keyId))
                    context.keys.insert(key.keyId, key);
            }
            split = splitByTrust(
                json.events, context.keys, context.legacyUntilSeq, QThread::idealThreadCount());
        }
        const QString receivedAt = nowUtc();
        for (const CorrectionEvent &rejected : std::as_const(split.rejected))
            page.rejected.append({ rejected, serverKey(context.base),
                split.reasons.at(page.rejected.size()), receivedAt });
        page.rejectedReasons = std::move(split.reasons);
        for (const auto &[e, problem] : std::as_const(setAside)) {
            const QString reason = QStringLiteral("event %1 (seq %2) refused: %3")
                                       .arg(e.id)
                                       .arg(e.seq.value_or(0))
                                       .arg(problem);
            page.rejected.append({ e, serverKey(context.base), reason, receivedAt });
            page.rejectedReasons.append(reason);
        }
        page.legacy = split.legacy;
        page.events = std::move(split.accepted);
        page.lastSeq = newLast;
        page.latestSeq = json.latestSeq;
        page.more = json.more;
        if (!fetch.deliver(std::move(page)) || !json.more)
            return;
        lastSeq = newLast;
        first = false;
    }
}

Status SyncClient::storeEvents(Context &context, SyncFetch<EventPage> &fetch)
{
    const QString seqKey = lastSeqKey(context.base);
    for (;;) {
        auto page = fetch.next();
        if (!page)
            return Error::cancelled();
        if (page->error)
            return *page->error;
        if (!page->events.isEmpty() || !page->rejected.isEmpty()) {
            if (auto stored = m_store.addSyncedCorrections(
                    page->events, { { seqKey, QString::number(page->lastSeq) } }, page->rejected);
                !stored)
                return stored;
        }
        for (const QString &reason : std::as_const(page->rejectedReasons))
            context.log(QStringLiteral("kept aside: ") + reason);
        context.report.rejected += page->rejectedReasons;
        for (const Store::RejectedEvent &rejected : std::as_const(page->rejected))
            context.rejectedEvents.append(rejected.event);
        context.report.legacyEvents += page->legacy;
        for (const QString &missing : std::as_const(page->missing))
            context.log(QStringLiteral("%1: the server has no event at %2 (missing from its "
                                       "database); the sync goes on without it")
                            .arg(context.shownServer, missing));
        context.report.missingSeqs += page->missing;
        context.report.eventsPulled += page->events.size();
        context.report.lastSeq = page->lastSeq;
        // As a stored record: a page's events are freed on a helper thread (about 0.1 s for
        // 20,000 of them) while this one goes on.
        context.drops->drop(std::move(page->events));
        if (!context.tell(
                QStringLiteral("events"), page->lastSeq, qMax(page->latestSeq, page->lastSeq))) {
            m_cancelled.store(true);
            return Error::cancelled();
        }
        if (!page->more)
            break;
    }
    fetch.addCounts(context.report);
    return {};
}

} // namespace LedgerCurator
