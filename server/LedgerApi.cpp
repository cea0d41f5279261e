// SPDX-License-Identifier: GPL-3.0-or-later
#include "LedgerApi.h"

#include "EventJson.h"
#include "Identifier.h"
#include "RecordJson.h"
#include "ServerStore.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#ifndef LC_SERVER_VERSION
#define LC_SERVER_VERSION "0.0.0"
#endif

namespace LedgerCurator {

using Method = QHttpServerRequest::Method;

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
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *failure = ApiReply::error(400,
            QStringLiteral("invalid JSON at offset %1: %2")
                .arg(parseError.offset)
                .arg(parseError.errorString()));
        return std::nullopt;
    }
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

ApiReply postEvents(ServerStore &store, const ApiRequest &request)
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
    auto stored = store.storeEvents(batch);
    if (!stored)
        return fromError(stored.error());
    QJsonArray seqs;
    for (qsizetype i = 0; i < batch.size(); ++i)
        seqs.append(QJsonObject {
            { QStringLiteral("id"), batch[i].id }, { QStringLiteral("seq"), stored->seqs[i] } });
    return ApiReply::json(200,
        QJsonObject { { QStringLiteral("stored"), stored->stored },
            { QStringLiteral("duplicates"), stored->duplicates },
            { QStringLiteral("seqs"), seqs } });
}

Role requiredRole(Endpoint endpoint, Method method)
{
    if (endpoint == Endpoint::Record && method == Method::Put)
        return Role::Admin;
    if (endpoint == Endpoint::Events && method == Method::Post)
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
    ApiReply reply = json(status,
        QJsonObject { { QStringLiteral("error"),
            QJsonObject { { QStringLiteral("code"), errorCode(status) },
                { QStringLiteral("message"), message } } } });
    if (status == 429 || status == 503)
        reply.headers.append(
            { QByteArrayLiteral("Retry-After"), QByteArray::number(kRetryAfterSeconds) });
    if (status == 401)
        reply.headers.append({ QByteArrayLiteral("WWW-Authenticate"),
            QByteArrayLiteral("Bearer realm=\"ledger\"") });
    return reply;
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
    case 409:
        return QStringLiteral("conflict");
    case 413:
        return QStringLiteral("payload_too_large");
    case 415:
        return QStringLiteral("unsupported_media_type");
    case 422:
        return QStringLiteral("invalid_event");
    case 429:
        return QStringLiteral("too_many_requests");
    case 503:
        return QStringLiteral("unavailable");
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
    } else {
        return route;
    }
    QByteArrayList names;
    for (Method m : std::as_const(methods))
        names.append(m == Method::Get ? QByteArrayLiteral("GET")
                : m == Method::Put    ? QByteArrayLiteral("PUT")
                                      : QByteArrayLiteral("POST"));
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

ApiReply handleApiRequest(ServerStore &store, const ApiRequest &request)
{
    const Route route = matchRoute(request.method, request.path);
    if (!route.endpoint)
        return ApiReply::error(404, QStringLiteral("no such path: %1").arg(request.path));
    if (!route.methodAllowed) {
        ApiReply reply = ApiReply::error(
            405, QStringLiteral("%1 takes %2").arg(request.path, QString::fromLatin1(route.allow)));
        reply.headers.append({ QByteArrayLiteral("Allow"), route.allow });
        return reply;
    }
    if (*route.endpoint == Endpoint::Health)
        return health(store);

    // Authentication: Authorization: Bearer TOKEN.
    const QByteArray authorization = request.authorization.trimmed();
    const qsizetype space = authorization.indexOf(' ');
    if (authorization.isEmpty() || space < 0 || authorization.left(space).toLower() != "bearer")
        return ApiReply::error(401, QStringLiteral("send Authorization: Bearer TOKEN"));
    const QByteArray token = authorization.mid(space + 1).trimmed();
    auto who = store.authenticate(token);
    if (!who)
        return fromError(who.error());
    if (!who->has_value())
        return ApiReply::error(401, QStringLiteral("unknown token"));
    const TokenInfo &info = **who;
    const Role needed = requiredRole(*route.endpoint, request.method);
    ApiReply reply;
    if (info.role < needed) {
        reply = ApiReply::error(403,
            QStringLiteral("%1 needs the %2 role; %3 is a %4")
                .arg(request.path, roleName(needed), info.name, roleName(info.role)));
    } else if (route.takesBody && mediaType(request.contentType) != "application/json") {
        reply = ApiReply::error(415,
            QStringLiteral("send the body as Content-Type: application/json (found '%1')")
                .arg(QString::fromLatin1(request.contentType)));
    } else {
        switch (*route.endpoint) {
        case Endpoint::Health:
            break;
        case Endpoint::Records:
            reply = listRecords(store, request);
            break;
        case Endpoint::Record:
            reply = request.method == Method::Put ? putRecord(store, request, route.recordId)
                                                  : getRecord(store, request, route.recordId);
            break;
        case Endpoint::Events:
            reply = request.method == Method::Post ? postEvents(store, request)
                                                   : getEvents(store, request);
            break;
        }
    }
    reply.tokenName = info.name;
    return reply;
}

} // namespace LedgerCurator
