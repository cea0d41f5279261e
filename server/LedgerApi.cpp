// SPDX-License-Identifier: GPL-3.0-or-later
#include "LedgerApi.h"

#include "EventJson.h"
#include "EventSignature.h"
#include "Identifier.h"
#include "JsonText.h"
#include "KeyAttestation.h"
#include "NoticeJson.h"
#include "NoticeSignature.h"
#include "ReconcileApi.h"
#include "RecordJson.h"
#include "ServerStore.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QUrl>

#ifndef LC_SERVER_VERSION
#define LC_SERVER_VERSION "0.0.0"
#endif

namespace LedgerCurator {

using Method = HttpMethod;

namespace {

const QString kRecordsPrefix = QStringLiteral("/v1/records/");

ApiReply fromError(const Error &error)
{
    switch (error.kind) {
    case Error::Kind::Busy: {
        ApiReply reply
            = ApiReply::error(503, QStringLiteral("the database is busy; retry shortly"));
        reply.note = error.message;
        return reply;
    }
    case Error::Kind::Conflict:
        return ApiReply::error(409, error.message);
    case Error::Kind::BadInput:
        return ApiReply::error(400, error.message);
    case Error::Kind::Failure:
    case Error::Kind::Cancelled: // the store is never cancelled: a failure if it were
        break;
    }
    ApiReply reply
        = ApiReply::error(500, QStringLiteral("internal error; the server log says more"));
    reply.note = error.message;
    return reply;
}

//! The media type of a Content-Type header, without parameters, lower case.
QByteArray mediaType(const QByteArray &contentType)
{
    const qsizetype semicolon = contentType.indexOf(';');
    return (semicolon < 0 ? contentType : contentType.left(semicolon)).trimmed().toLower();
}

std::optional<QJsonObject> parseObject(const QByteArray &body, ApiReply *failure)
{
    JsonTextError parseError;
    const auto parsed = parseJsonStrictly(body, &parseError);
    if (!parsed) {
        *failure = ApiReply::error(400,
            QStringLiteral("invalid JSON at offset %1: %2")
                .arg(parseError.offset)
                .arg(parseError.message));
        return std::nullopt;
    }
    const QJsonDocument &document = *parsed;
    if (!document.isObject()) {
        *failure = ApiReply::error(400, QStringLiteral("expected a JSON object"));
        return std::nullopt;
    }
    return document.object();
}

//! A whole number >= minimum from a query parameter, or nullopt.
std::optional<qint64> queryNumber(
    const QUrlQuery &query, const QString &key, qint64 fallback, qint64 minimum)
{
    if (!query.hasQueryItem(key))
        return fallback;
    const QString text = query.queryItemValue(key, QUrl::FullyDecoded);
    if (text.isEmpty() || text.size() > 18)
        return std::nullopt;
    for (const QChar c : text) {
        if (!c.isDigit() || c.unicode() > 127)
            return std::nullopt;
    }
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value < minimum)
        return std::nullopt;
    return value;
}

ApiReply health(ServerStore &store)
{
    auto latest = store.latestSeq();
    if (!latest)
        return fromError(latest.error());
    return ApiReply::json(200,
        QJsonObject { { QStringLiteral("status"), QStringLiteral("ok") },
            { QStringLiteral("version"), QStringLiteral(LC_SERVER_VERSION) },
            { QStringLiteral("latest_seq"), *latest } });
}

ApiReply listRecords(ServerStore &store, const ApiRequest &request)
{
    auto rows = store.records();
    if (!rows)
        return fromError(rows.error());
    QJsonArray records;
    QByteArray digest;
    for (const RecordRow &row : std::as_const(*rows)) {
        records.append(QJsonObject { { QStringLiteral("id"), row.id },
            { QStringLiteral("version"), row.version }, { QStringLiteral("title"), row.title },
            { QStringLiteral("as_of"), row.asOf }, { QStringLiteral("etag"), row.etag } });
        digest += row.id.toUtf8() + ' ' + row.etag.toUtf8() + '\n';
    }
    const QString etag = ServerStore::etagFor(digest);
    if (etagMatches(request.ifNoneMatch, etag)) {
        ApiReply reply;
        reply.status = 304;
        reply.headers.append({ QByteArrayLiteral("ETag"), etag.toUtf8() });
        return reply;
    }
    ApiReply reply = ApiReply::json(200, QJsonObject { { QStringLiteral("records"), records } });
    reply.headers.append({ QByteArrayLiteral("ETag"), etag.toUtf8() });
    return reply;
}

ApiReply getRecord(ServerStore &store, const ApiRequest &request, const QString &rawId)
{
    const QString id = normalizeRecordId(rawId);
    // A client that holds the current version gets its 304 without the body being read.
    auto stored = store.record(
        id, [&request](const QString &etag) { return etagMatches(request.ifNoneMatch, etag); });
    if (!stored)
        return fromError(stored.error());
    if (!stored->has_value())
        return ApiReply::error(404, QStringLiteral("no record %1").arg(id.isEmpty() ? rawId : id));
    const StoredRecord &record = **stored;
    ApiReply reply;
    reply.headers.append({ QByteArrayLiteral("ETag"), record.etag.toUtf8() });
    if (!record.bodyRead || etagMatches(request.ifNoneMatch, record.etag)) {
        reply.status = 304;
        return reply;
    }
    reply.status = 200;
    reply.headers.append(
        { QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json") });
    reply.body = record.body;
    return reply;
}

ApiReply putRecord(ServerStore &store, const ApiRequest &request, const QString &rawId)
{
    auto record = readRecordJson(request.body, QStringLiteral("body"));
    if (!record)
        return ApiReply::error(400, record.error().toString());
    const QString id = normalizeRecordId(rawId);
    if (id != record->arxivId)
        return ApiReply::error(
            400, QStringLiteral("the path names %1 but the record is %2").arg(id, record->arxivId));
    auto outcomes = store.putRecords({ *record });
    if (!outcomes)
        return fromError(outcomes.error());
    const PutOutcome &outcome = outcomes->constFirst();
    ApiReply reply = ApiReply::json(outcome.created ? 201 : 200,
        QJsonObject {
            { QStringLiteral("id"), outcome.id }, { QStringLiteral("etag"), outcome.etag } });
    reply.headers.append({ QByteArrayLiteral("ETag"), outcome.etag.toUtf8() });
    return reply;
}

ApiReply getEvents(ServerStore &store, const ApiRequest &request)
{
    const auto after = queryNumber(request.query, QStringLiteral("after"), 0, 0);
    if (!after)
        return ApiReply::error(400,
            QStringLiteral("after: expected a whole number >= 0, found '%1'")
                .arg(request.query.queryItemValue(QStringLiteral("after"), QUrl::FullyDecoded)));
    const auto limit = queryNumber(request.query, QStringLiteral("limit"), kDefaultEventsLimit, 1);
    if (!limit)
        return ApiReply::error(400,
            QStringLiteral("limit: expected a whole number from 1 to %1, found '%2'")
                .arg(kMaxEventsLimit)
                .arg(request.query.queryItemValue(QStringLiteral("limit"), QUrl::FullyDecoded)));
    auto page = store.events(*after, std::min(*limit, kMaxEventsLimit));
    if (!page)
        return fromError(page.error());
    const qint64 lastSeq
        = page->events.isEmpty() ? *after : page->events.constLast().seq.value_or(*after);
    // Written directly: the bytes ApiReply::json() writes for {"events", "last_seq", "latest_seq",
    // "more"} (members in key order), without a QJsonObject per event of the page.
    ApiReply reply;
    reply.status = 200;
    reply.headers.append(
        { QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json") });
    reply.body.reserve(64 + page->events.size() * 320);
    reply.body += "{\"events\":";
    appendCorrectionsJson(reply.body, page->events);
    reply.body += ",\"last_seq\":" + QByteArray::number(lastSeq)
        + ",\"latest_seq\":" + QByteArray::number(page->latestSeq)
        + ",\"more\":" + (lastSeq < page->latestSeq ? "true" : "false") + '}';
    return reply;
}

//! A refusal of events[index]: the error object names the index and the event's id.
ApiReply refusal(int status, const QString &code, qsizetype index, const CorrectionEvent &event,
    const QString &message, QJsonObject more = {})
{
    more.insert(QStringLiteral("index"), qint64(index));
    more.insert(QStringLiteral("event"), event.id);
    return ApiReply::error(status, code, message, more);
}

using KeysById = QHash<QString, std::optional<KeyRow>>;

//! The checks of docs/sync-protocol.md ("What the server checks"), in their order, on one
//! event: each refusal depends on this event alone (and the keys), so a client that splits a
//! refused batch finds the same refusal on the event that caused it.
std::optional<ApiReply> refuseEvent(const CorrectionEvent &e, qsizetype index,
    const QString &curator, const KeysById &keys, qint64 nowMs)
{
    const QString at = QStringLiteral("events[%1]").arg(index);
    if (e.author != curator)
        return refusal(403, QStringLiteral("wrong_author"), index, e,
            QStringLiteral("%1.author: '%2', but the token is %3's").arg(at, e.author, curator));
    if (e.keyId.isEmpty() || e.signature.isEmpty())
        return refusal(422, QStringLiteral("unsigned_event"), index, e,
            QStringLiteral("%1: event %2 is not signed (no key_id and signature); sign it with a "
                           "key registered for %3 (POST /v1/keys)")
                .arg(at, e.id, curator));
    const std::optional<KeyRow> key = keys.value(e.keyId);
    if (!key)
        return refusal(422, QStringLiteral("unknown_key"), index, e,
            QStringLiteral("%1.key_id: no key %2 is registered; register it first (POST /v1/keys)")
                .arg(at, e.keyId));
    if (key->curator != curator)
        return refusal(422, QStringLiteral("unknown_key"), index, e,
            QStringLiteral("%1.key_id: key %2 is %3's, not %4's")
                .arg(at, e.keyId, key->curator, curator));
    if (key->isRevoked())
        return refusal(403, QStringLiteral("key_revoked"), index, e,
            QStringLiteral("%1.key_id: key %2 of %3 was revoked at %4")
                .arg(at, e.keyId, curator, key->revokedAt));
    const auto publicKey = fromBase64Url(key->publicKey, 32);
    if (!publicKey || !verifyEventSignature(e, *publicKey))
        return refusal(422, QStringLiteral("bad_signature"), index, e,
            QStringLiteral("%1.signature: does not verify under key %2 (the event was changed "
                           "after it was signed)")
                .arg(at, e.keyId));
    const QDateTime created = QDateTime::fromString(e.createdAt, Qt::ISODateWithMs);
    if (created.isValid() && created.toMSecsSinceEpoch() > nowMs + kMaxClockAheadMs) {
        const QString serverTime
            = QDateTime::fromMSecsSinceEpoch(nowMs, Qt::UTC).toString(Qt::ISODateWithMs);
        return refusal(422, QStringLiteral("clock_ahead"), index, e,
            QStringLiteral("%1.created_at: %2 is more than %3 minutes ahead of the server's "
                           "clock (%4); correct the clock, or make the event again with the "
                           "server's time")
                .arg(at, e.createdAt)
                .arg(kMaxClockAheadMs / 60000)
                .arg(serverTime),
            QJsonObject { { QStringLiteral("server_time"), serverTime } });
    }
    return std::nullopt;
}

ApiReply postEvents(ServerStore &store, const ApiRequest &request, const TokenInfo &who)
{
    ApiReply failure;
    const auto object = parseObject(request.body, &failure);
    if (!object)
        return failure;
    const QJsonValue events = object->value(QStringLiteral("events"));
    if (!events.isArray())
        return ApiReply::error(400, QStringLiteral("events: expected an array of events"));
    const QJsonArray array = events.toArray();
    if (array.isEmpty())
        return ApiReply::error(400,
            QStringLiteral("events: expected 1 to %1 events, found none").arg(kMaxBatchEvents));
    if (array.size() > kMaxBatchEvents)
        return ApiReply::error(413,
            QStringLiteral("events: a batch holds at most %1 events, found %2")
                .arg(kMaxBatchEvents)
                .arg(array.size()));
    QList<CorrectionEvent> batch;
    batch.reserve(array.size());
    for (qsizetype i = 0; i < array.size(); ++i) {
        auto event = correctionFromJson(array.at(i), QStringLiteral("events[%1]").arg(i));
        if (!event)
            return ApiReply::error(422, event.error().toString());
        event->seq.reset(); // the server assigns seqs; a client's is ignored
        batch.append(std::move(*event));
    }
    KeysById keys;
    for (const CorrectionEvent &e : std::as_const(batch)) {
        if (e.keyId.isEmpty() || keys.contains(e.keyId))
            continue;
        auto key = store.key(e.keyId);
        if (!key)
            return fromError(key.error());
        keys.insert(e.keyId, *key);
    }
    const qint64 nowMs = systemClockMs();
    for (qsizetype i = 0; i < batch.size(); ++i) {
        if (auto refused = refuseEvent(batch[i], i, who.name, keys, nowMs))
            return *refused;
    }
    auto stored = store.storeEvents(batch);
    if (!stored)
        return fromError(stored.error());
    if (!stored->revokedKeyId.isEmpty()) {
        // Revoked between the checks above and the store: the first event signed with it.
        for (qsizetype i = 0; i < batch.size(); ++i) {
            if (batch[i].keyId == stored->revokedKeyId)
                return refusal(403, QStringLiteral("key_revoked"), i, batch[i],
                    QStringLiteral("events[%1].key_id: key %2 of %3 was revoked")
                        .arg(i)
                        .arg(stored->revokedKeyId, who.name));
        }
    }
    QJsonArray seqs;
    for (qsizetype i = 0; i < batch.size(); ++i)
        seqs.append(QJsonObject {
            { QStringLiteral("id"), batch[i].id }, { QStringLiteral("seq"), stored->seqs[i] } });
    return ApiReply::json(200,
        QJsonObject { { QStringLiteral("stored"), stored->stored },
            { QStringLiteral("duplicates"), stored->duplicates },
            { QStringLiteral("seqs"), seqs } });
}

QString serverTime()
{
    return nowUtc();
}

ApiReply getNotices(ServerStore &store, const ApiRequest &request)
{
    const auto after = queryNumber(request.query, QStringLiteral("after"), 0, 0);
    if (!after)
        return ApiReply::error(400,
            QStringLiteral("after: expected a whole number >= 0, found '%1'")
                .arg(request.query.queryItemValue(QStringLiteral("after"), QUrl::FullyDecoded)));
    const auto limit = queryNumber(request.query, QStringLiteral("limit"), kDefaultNoticesLimit, 1);
    if (!limit)
        return ApiReply::error(400,
            QStringLiteral("limit: expected a whole number from 1 to %1, found '%2'")
                .arg(kMaxNoticesLimit)
                .arg(request.query.queryItemValue(QStringLiteral("limit"), QUrl::FullyDecoded)));
    auto page = store.notices(*after, std::min(*limit, kMaxNoticesLimit));
    if (!page)
        return fromError(page.error());
    const qint64 lastSeq
        = page->notices.isEmpty() ? *after : page->notices.constLast().seq.value_or(*after);
    return ApiReply::json(200,
        QJsonObject { { QStringLiteral("notices"), noticesToJson(page->notices) },
            { QStringLiteral("last_seq"), lastSeq },
            { QStringLiteral("latest_seq"), page->latestSeq },
            { QStringLiteral("more"), lastSeq < page->latestSeq } });
}

//! A refusal of notices[index]: the error object names the index and the notice's ref when known.
ApiReply noticeRefusal(int status, const QString &code, qsizetype index, const QString &ref,
    const QString &message, QJsonObject more = {})
{
    more.insert(QStringLiteral("index"), qint64(index));
    if (!ref.isEmpty())
        more.insert(QStringLiteral("notice"), ref);
    return ApiReply::error(status, code, message, more);
}

//! The signature checks of a posted notice (docs/sync-protocol.md, "POST /v1/notices"), as
//! refuseEvent() makes them of an event: what is wrong, or empty when it passes.
Result<QString> noticeSignatureProblem(const StandingNotice &n, const QString &at,
    const QString &curator, const ServerStore &store, KeysById &keys)
{
    if (!n.isSigned())
        return QStringLiteral("%1: notice %2 is not signed (no key_id and signature); sign it "
                              "with a key registered for %3 (POST /v1/keys)")
            .arg(at, n.ref(), curator);
    if (n.importedBy != curator)
        return QStringLiteral("%1.imported_by: '%2', but the token is %3's: a curator signs "
                              "only the notices they import")
            .arg(at, n.importedBy, curator);
    if (!keys.contains(n.keyId)) {
        auto key = store.key(n.keyId);
        if (!key)
            return key.error();
        keys.insert(n.keyId, *key);
    }
    const std::optional<KeyRow> key = keys.value(n.keyId);
    if (!key)
        return QStringLiteral("%1.key_id: no key %2 is registered; register it first (POST "
                              "/v1/keys)")
            .arg(at, n.keyId);
    if (key->curator != curator)
        return QStringLiteral("%1.key_id: key %2 is %3's, not %4's")
            .arg(at, n.keyId, key->curator, curator);
    if (key->isRevoked())
        return QStringLiteral("%1.key_id: key %2 of %3 was revoked at %4")
            .arg(at, n.keyId, curator, key->revokedAt);
    const auto publicKey = fromBase64Url(key->publicKey, 32);
    if (!publicKey || !verifyNoticeSignature(n, *publicKey))
        return QStringLiteral("%1.signature: does not verify under key %2 (the notice was "
                              "changed after it was signed)")
            .arg(at, n.keyId);
    return QString();
}

ApiReply postNotices(ServerStore &store, const ApiRequest &request, const TokenInfo &who)
{
    ApiReply failure;
    const auto object = parseObject(request.body, &failure);
    if (!object)
        return failure;
    const QJsonValue notices = object->value(QStringLiteral("notices"));
    if (!notices.isArray())
        return ApiReply::error(400, QStringLiteral("notices: expected an array of notices"));
    const QJsonArray array = notices.toArray();
    if (array.isEmpty())
        return ApiReply::error(400,
            QStringLiteral("notices: expected 1 to %1 notices, found none").arg(kMaxBatchNotices));
    if (array.size() > kMaxBatchNotices)
        return ApiReply::error(413,
            QStringLiteral("notices: a batch holds at most %1 notices, found %2")
                .arg(kMaxBatchNotices)
                .arg(array.size()));
    QList<StandingNotice> batch;
    batch.reserve(array.size());
    const qint64 nowMs = systemClockMs();
    KeysById keys;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString at = QStringLiteral("notices[%1]").arg(i);
        auto notice = noticeFromJson(array.at(i), at);
        if (!notice) {
            const QJsonObject posted = array.at(i).toObject();
            const QString source = posted.value(QStringLiteral("source")).toString();
            const QString sourceId = posted.value(QStringLiteral("source_id")).toString();
            return noticeRefusal(422, QStringLiteral("invalid_notice"), i,
                source.isEmpty() || sourceId.isEmpty() ? QString()
                                                       : noticeRef(source, sourceId).left(200),
                notice.error().message);
        }
        // Signed by the token's curator, as an event by its author; the server assigns seqs.
        auto problem = noticeSignatureProblem(*notice, at, who.name, store, keys);
        if (!problem)
            return fromError(problem.error());
        if (!problem->isEmpty())
            return noticeRefusal(422, QStringLiteral("invalid_notice"), i, notice->ref(), *problem);
        notice->seq.reset();
        const QDateTime imported = QDateTime::fromString(notice->importedAt, Qt::ISODateWithMs);
        if (imported.isValid() && imported.toMSecsSinceEpoch() > nowMs + kMaxClockAheadMs) {
            const QString serverTime
                = QDateTime::fromMSecsSinceEpoch(nowMs, Qt::UTC).toString(Qt::ISODateWithMs);
            return noticeRefusal(422, QStringLiteral("clock_ahead"), i, notice->ref(),
                QStringLiteral("%1.imported_at: %2 is more than %3 minutes ahead of the server's "
                               "clock (%4); correct the clock, or import the notice again")
                    .arg(at, notice->importedAt)
                    .arg(kMaxClockAheadMs / 60000)
                    .arg(serverTime),
                QJsonObject { { QStringLiteral("server_time"), serverTime } });
        }
        batch.append(std::move(*notice));
    }
    auto stored = store.storeNotices(batch, who.name);
    if (!stored)
        return fromError(stored.error());
    QJsonArray results;
    for (const NoticeResult &r : std::as_const(stored->results)) {
        QJsonObject entry { { QStringLiteral("source"), r.source },
            { QStringLiteral("source_id"), r.sourceId }, { QStringLiteral("seq"), r.seq },
            { QStringLiteral("outcome"), noticeOutcomeKey(r.outcome) } };
        if (r.outcome == NoticeOutcome::Stale && r.current)
            entry.insert(QStringLiteral("current"), noticeToJson(*r.current));
        results.append(entry);
    }
    return ApiReply::json(200,
        QJsonObject { { QStringLiteral("stored"), stored->stored },
            { QStringLiteral("duplicates"), stored->duplicates },
            { QStringLiteral("stale"), stored->stale }, { QStringLiteral("results"), results } });
}

//! A key as GET and POST /v1/keys give it, with the server's attestation (KeyAttestation.h).
QJsonObject keyJson(const KeyRow &key, const SigningKey &identity)
{
    QJsonObject object { { QStringLiteral("key_id"), key.keyId },
        { QStringLiteral("curator"), key.curator }, { QStringLiteral("public_key"), key.publicKey },
        { QStringLiteral("registered_at"), key.registeredAt },
        { QStringLiteral("revoked"), key.isRevoked() } };
    if (key.isRevoked()) {
        object.insert(QStringLiteral("revoked_after_seq"), key.revokedAfterSeq.value_or(0));
        if (key.revokedAfterNoticeSeq)
            object.insert(QStringLiteral("revoked_after_notice_seq"), *key.revokedAfterNoticeSeq);
    }
    // A damaged row is served as it is, unattested: clients refuse its key id.
    if (auto attested = key.toCuratorKey()) {
        attestKey(*attested, identity);
        object.insert(QStringLiteral("attestation"),
            QJsonObject { { QStringLiteral("server_key_id"), attested->attestedBy },
                { QStringLiteral("signature"), attested->attestation } });
    }
    return object;
}

ApiReply getKeys(ServerStore &store)
{
    auto keys = store.keys();
    if (!keys)
        return fromError(keys.error());
    auto legacy = store.legacyUntilSeq();
    if (!legacy)
        return fromError(legacy.error());
    auto identity = store.identityKey();
    if (!identity)
        return fromError(identity.error());
    auto noticesLegacy = store.noticesLegacyUntilSeq();
    if (!noticesLegacy)
        return fromError(noticesLegacy.error());
    QJsonArray array;
    for (const KeyRow &key : std::as_const(*keys))
        array.append(keyJson(key, *identity));
    return ApiReply::json(200,
        QJsonObject { { QStringLiteral("keys"), array },
            { QStringLiteral("server_key"),
                QJsonObject { { QStringLiteral("key_id"), identity->keyId() },
                    { QStringLiteral("public_key"), toBase64Url(identity->publicKey) } } },
            { QStringLiteral("legacy_until_seq"), *legacy },
            { QStringLiteral("notices_legacy_until_seq"), *noticesLegacy },
            { QStringLiteral("server_time"), serverTime() } });
}

ApiReply postKey(ServerStore &store, const ApiRequest &request, const TokenInfo &who)
{
    ApiReply failure;
    const auto object = parseObject(request.body, &failure);
    if (!object)
        return failure;
    const QJsonValue value = object->value(QStringLiteral("public_key"));
    if (!value.isString())
        return ApiReply::error(400,
            QStringLiteral("public_key: expected the Ed25519 public key as 43 base64url "
                           "characters"));
    const auto publicKey = fromBase64Url(value.toString(), 32);
    if (!publicKey)
        return ApiReply::error(400,
            QStringLiteral("public_key: expected 43 base64url characters (32 bytes, no padding), "
                           "found '%1'")
                .arg(value.toString().left(100)));
    auto identity = store.identityKey();
    if (!identity)
        return fromError(identity.error());
    KeyRow key;
    auto registered = store.registerKey(who.name, *publicKey, &key);
    if (!registered)
        return fromError(registered.error());
    switch (*registered) {
    case KeyRegistration::Registered:
        return ApiReply::json(201, keyJson(key, *identity));
    case KeyRegistration::AlreadyRegistered:
        return ApiReply::json(200, keyJson(key, *identity));
    case KeyRegistration::OtherCurator:
        return ApiReply::error(409,
            QStringLiteral("key %1 is registered to %2, not %3")
                .arg(key.keyId, key.curator, who.name));
    case KeyRegistration::Revoked:
        return ApiReply::error(403, QStringLiteral("key_revoked"),
            QStringLiteral("key %1 was revoked at %2; make a new key")
                .arg(key.keyId, key.revokedAt),
            {});
    }
    return ApiReply::error(500, QStringLiteral("internal error"));
}

Role requiredRole(Endpoint endpoint, Method method)
{
    if (endpoint == Endpoint::Keys && method == Method::Post)
        return Role::Curator;
    if (endpoint == Endpoint::Record && method == Method::Put)
        return Role::Admin;
    if (endpoint == Endpoint::Events && method == Method::Post)
        return Role::Curator;
    if (endpoint == Endpoint::Notices && method == Method::Post)
        return Role::Curator;
    return Role::Reader;
}

} // namespace

ApiReply ApiReply::json(int status, const QJsonObject &object)
{
    ApiReply reply;
    reply.status = status;
    reply.headers.append(
        { QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json") });
    reply.body = QJsonDocument(object).toJson(QJsonDocument::Compact);
    return reply;
}

ApiReply ApiReply::error(int status, const QString &message)
{
    return error(status, errorCode(status), message, {});
}

ApiReply ApiReply::error(
    int status, const QString &code, const QString &message, const QJsonObject &more)
{
    QJsonObject object = more;
    object.insert(QStringLiteral("code"), code);
    object.insert(QStringLiteral("message"), message);
    ApiReply reply = json(status, QJsonObject { { QStringLiteral("error"), object } });
    if (status == 429 || status == 503)
        reply.headers.append(
            { QByteArrayLiteral("Retry-After"), QByteArray::number(kRetryAfterSeconds) });
    if (status == 401)
        reply.headers.append({ QByteArrayLiteral("WWW-Authenticate"),
            QByteArrayLiteral("Bearer realm=\"ledger\"") });
    // Every refusal may be read by a page in a browser (the reconciliation service's clients):
    // without it a browser shows only "a network error", not the reason. No credentials are
    // ambient here (tokens are sent by hand), so "*" gives nobody more than they had.
    reply.headers.append(
        { QByteArrayLiteral("Access-Control-Allow-Origin"), QByteArrayLiteral("*") });
    return reply;
}

QStringList errorCodes(int status)
{
    QStringList codes { errorCode(status) };
    if (status == 403)
        codes << QStringLiteral("wrong_author") << QStringLiteral("key_revoked");
    else if (status == 422)
        codes << QStringLiteral("unsigned_event") << QStringLiteral("unknown_key")
              << QStringLiteral("bad_signature") << QStringLiteral("clock_ahead")
              << QStringLiteral("invalid_notice");
    return codes;
}

QString errorCode(int status)
{
    switch (status) {
    case 400:
        return QStringLiteral("bad_request");
    case 401:
        return QStringLiteral("unauthorized");
    case 403:
        return QStringLiteral("forbidden");
    case 404:
        return QStringLiteral("not_found");
    case 405:
        return QStringLiteral("method_not_allowed");
    case 408:
        return QStringLiteral("request_timeout");
    case 409:
        return QStringLiteral("conflict");
    case 413:
        return QStringLiteral("payload_too_large");
    case 414:
        return QStringLiteral("uri_too_long");
    case 415:
        return QStringLiteral("unsupported_media_type");
    case 417:
        return QStringLiteral("expectation_failed");
    case 422:
        return QStringLiteral("invalid_event");
    case 429:
        return QStringLiteral("too_many_requests");
    case 431:
        return QStringLiteral("headers_too_large");
    case 501:
        return QStringLiteral("not_implemented");
    case 503:
        return QStringLiteral("unavailable");
    case 505:
        return QStringLiteral("http_version_not_supported");
    default:
        return QStringLiteral("internal");
    }
}

Route matchRoute(Method method, const QString &path)
{
    Route route;
    QList<Method> methods;
    if (path == u"/v1/health") {
        route.endpoint = Endpoint::Health;
        methods = { Method::Get };
    } else if (path == u"/v1/records") {
        route.endpoint = Endpoint::Records;
        methods = { Method::Get };
    } else if (path.startsWith(kRecordsPrefix) && path.size() > kRecordsPrefix.size()) {
        // Old-style arXiv ids hold a slash (hep-th/9901001): the rest of the path is the id.
        route.endpoint = Endpoint::Record;
        route.recordId = path.mid(kRecordsPrefix.size());
        methods = { Method::Get, Method::Put };
    } else if (path == u"/v1/events") {
        route.endpoint = Endpoint::Events;
        methods = { Method::Get, Method::Post };
    } else if (path == u"/v1/keys") {
        route.endpoint = Endpoint::Keys;
        methods = { Method::Get, Method::Post };
    } else if (path == u"/v1/notices") {
        route.endpoint = Endpoint::Notices;
        methods = { Method::Get, Method::Post };
    } else if (path == u"/v1/whoami") {
        route.endpoint = Endpoint::WhoAmI;
        methods = { Method::Get };
    } else if (path == u"/reconcile" || path.startsWith(u"/reconcile/")) {
        // the reconciliation service and its suggest, preview and extension services
        route.endpoint = Endpoint::Reconcile;
        methods = { Method::Get, Method::Post, Method::Options };
    } else {
        return route;
    }
    QByteArrayList names;
    for (Method m : std::as_const(methods))
        names.append(httpMethodName(m));
    route.allow = names.join(", ");
    route.methodAllowed = methods.contains(method);
    route.takesBody = route.methodAllowed && (method == Method::Put || method == Method::Post);
    return route;
}

bool etagMatches(const QByteArray &ifNoneMatch, const QString &etag)
{
    if (ifNoneMatch.isEmpty())
        return false;
    const QByteArray wanted = etag.toUtf8();
    for (QByteArray candidate : ifNoneMatch.split(',')) {
        candidate = candidate.trimmed();
        if (candidate == "*")
            return true;
        if (candidate.startsWith("W/"))
            candidate = candidate.mid(2);
        if (candidate == wanted)
            return true;
    }
    return false;
}

ApiRequest apiRequestFrom(const HttpRequestHead &head)
{
    ApiRequest request;
    request.method = head.method;
    if (head.target.startsWith('/')) {
        const QUrl url = QUrl::fromEncoded("http://localhost" + head.target);
        request.path = url.path(QUrl::FullyDecoded);
        request.query = QUrlQuery(url);
    } else {
        request.path = QString::fromLatin1(head.target);
    }
    const qsizetype question = head.target.indexOf('?');
    if (question >= 0)
        request.rawQuery = head.target.mid(question + 1);
    request.authorization = head.header(QByteArrayLiteral("authorization"));
    request.ifNoneMatch = head.header(QByteArrayLiteral("if-none-match"));
    request.contentType = head.header(QByteArrayLiteral("content-type"));
    request.host = head.header(QByteArrayLiteral("host"));
    return request;
}

namespace {

//! The checks of checkRequestHead(); on success *token holds the token's owner.
std::optional<ApiReply> checkHead(ServerStore &store, const ApiRequest &request, const Route &route,
    TokenInfo *token, const ApiContext &context)
{
    if (!route.endpoint)
        return ApiReply::error(404, QStringLiteral("no such path: %1").arg(request.path));
    if (!route.methodAllowed) {
        ApiReply reply = ApiReply::error(
            405, QStringLiteral("%1 takes %2").arg(request.path, QString::fromLatin1(route.allow)));
        reply.headers.append({ QByteArrayLiteral("Allow"), route.allow });
        return reply;
    }
    if (*route.endpoint == Endpoint::Reconcile) {
        // A browser's preflight carries no token; a form (OpenRefine) or JSON body.
        if (request.method == Method::Options)
            return std::nullopt;
        const QByteArray type = mediaType(request.contentType);
        if (route.takesBody && type != "application/json"
            && type != "application/x-www-form-urlencoded")
            return ApiReply::error(415,
                QStringLiteral("send the queries as Content-Type: "
                               "application/x-www-form-urlencoded (queries=JSON) or "
                               "application/json (found '%1')")
                    .arg(QString::fromLatin1(request.contentType)));
    }
    if (!needsToken(request, *route.endpoint, context))
        return std::nullopt;

    // Authentication: Authorization: Bearer TOKEN.
    const QByteArray authorization = request.authorization.trimmed();
    const qsizetype space = authorization.indexOf(' ');
    if (authorization.isEmpty() || space < 0 || authorization.left(space).toLower() != "bearer")
        return ApiReply::error(401, QStringLiteral("send Authorization: Bearer TOKEN"));
    const QByteArray secret = authorization.mid(space + 1).trimmed();
    auto who = store.authenticate(secret);
    if (!who)
        return fromError(who.error());
    if (!who->has_value())
        return ApiReply::error(401, QStringLiteral("unknown token"));
    *token = **who;
    const Role needed = requiredRole(*route.endpoint, request.method);
    if (token->role < needed)
        return ApiReply::error(403,
            QStringLiteral("%1 needs the %2 role; %3 is a %4")
                .arg(request.path, roleName(needed), token->name, roleName(token->role)));
    if (route.takesBody && *route.endpoint != Endpoint::Reconcile
        && mediaType(request.contentType) != "application/json")
        return ApiReply::error(415,
            QStringLiteral("send the body as Content-Type: application/json (found '%1')")
                .arg(QString::fromLatin1(request.contentType)));
    return std::nullopt;
}

} // namespace

bool needsToken(const ApiRequest &request, Endpoint endpoint, const ApiContext &context)
{
    if (endpoint == Endpoint::Health)
        return false;
    if (endpoint == Endpoint::Reconcile) {
        // The reconciliation service's manifest is open whatever the service wants (it says how
        // to authenticate), and so is a browser's preflight, which carries no token.
        return context.reconcileNeedsToken && request.method != Method::Options
            && !isOpenReconcileRequest(request);
    }
    return true;
}

std::optional<ApiReply> checkRequestHead(
    ServerStore &store, const ApiRequest &request, QString *tokenName, const ApiContext &context)
{
    TokenInfo token;
    std::optional<ApiReply> refused
        = checkHead(store, request, matchRoute(request.method, request.path), &token, context);
    *tokenName = token.name;
    if (refused)
        refused->tokenName = token.name;
    return refused;
}

ApiReply handleApiRequest(ServerStore &store, const ApiRequest &request, const ApiContext &context)
{
    const Route route = matchRoute(request.method, request.path);
    TokenInfo info;
    if (std::optional<ApiReply> refused = checkHead(store, request, route, &info, context)) {
        refused->tokenName = info.name;
        return *refused;
    }
    ApiReply reply;
    switch (*route.endpoint) {
    case Endpoint::Health:
        return health(store);
    case Endpoint::Records:
        reply = listRecords(store, request);
        break;
    case Endpoint::Record:
        reply = request.method == Method::Put ? putRecord(store, request, route.recordId)
                                              : getRecord(store, request, route.recordId);
        break;
    case Endpoint::Events:
        reply = request.method == Method::Post ? postEvents(store, request, info)
                                               : getEvents(store, request);
        break;
    case Endpoint::Keys:
        reply = request.method == Method::Post ? postKey(store, request, info) : getKeys(store);
        break;
    case Endpoint::Notices:
        reply = request.method == Method::Post ? postNotices(store, request, info)
                                               : getNotices(store, request);
        break;
    case Endpoint::Reconcile:
        reply = handleReconcileRequest(
            request, ReconcileContext { context.works, context.reconcileNeedsToken });
        break;
    case Endpoint::WhoAmI:
        reply = ApiReply::json(200,
            QJsonObject { { QStringLiteral("name"), info.name },
                { QStringLiteral("role"), roleName(info.role) } });
        break;
    }
    reply.tokenName = info.name;
    return reply;
}

} // namespace LedgerCurator
