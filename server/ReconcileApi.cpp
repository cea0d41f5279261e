// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReconcileApi.h"

#include "JsonText.h"
#include "WorksIndex.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

namespace LedgerCurator {

namespace {

const QString kQueries = QStringLiteral("queries");

//! The text of a JSON value for a message: short, on one line.
QString shownValue(const QJsonValue &value)
{
    QString text;
    if (value.isString())
        text = value.toString();
    else if (value.isArray())
        text = QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    else if (value.isObject())
        text = QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    else if (value.isDouble())
        text = QString::number(value.toDouble(), 'g', 17);
    else if (value.isBool())
        text = value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    else if (value.isNull())
        text = QStringLiteral("null");
    return text.size() > 60 ? text.left(60) + QStringLiteral("...") : text;
}

//! A query's key as a message names it.
QString shownKey(const QString &key)
{
    return key.size() > 100 ? key.left(100) + QStringLiteral("...") : key;
}

//! The values of a property's `v`: a value, or an array of them; {"id", "name"} objects (a
//! reconciled cell) as their name, else their id.
QList<QJsonValue> propertyValues(const QJsonValue &v)
{
    QList<QJsonValue> values;
    const QJsonArray array = v.isArray() ? v.toArray() : QJsonArray { v };
    for (const QJsonValue &item : array) {
        if (item.isObject()) {
            const QJsonObject cell = item.toObject();
            values.append(cell.value(QStringLiteral("name")).isString()
                    ? cell.value(QStringLiteral("name"))
                    : cell.value(QStringLiteral("id")));
        } else {
            values.append(item);
        }
    }
    return values;
}

//! The text of a value that stands for text (a string; a number or a boolean as written).
QString textOf(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 17);
    return {};
}

ReconcileQuery parseQuery(const QString &key, const QJsonValue &value)
{
    const QString at = shownKey(key);
    ReconcileQuery query;
    query.key = key;
    const auto warn = [&](const QString &text) { query.warnings.append(text); };
    if (!value.isObject()) {
        query.answerable = false;
        warn(QStringLiteral("%1: expected an object such as {\"query\": \"a title\"}, found '%2'; "
                            "no candidates")
                 .arg(at, shownValue(value)));
        return query;
    }
    const QJsonObject object = value.toObject();

    bool hasQuery = false;
    const QJsonValue text = object.value(QStringLiteral("query"));
    if (text.isString()) {
        if (text.toString().size() > kMaxReconcileQueryChars) {
            query.answerable = false;
            warn(QStringLiteral("%1.query: %2 characters, more than the %3 a query may have; no "
                                "candidates")
                     .arg(at)
                     .arg(text.toString().size())
                     .arg(kMaxReconcileQueryChars));
            return query;
        }
        query.match.title = text.toString();
        hasQuery = true;
    } else if (!text.isUndefined() && !text.isNull()) {
        warn(QStringLiteral("%1.query: expected the title to look for, as a string, found '%2'; "
                            "ignored")
                 .arg(at, shownValue(text)));
    }

    const QJsonValue limit = object.value(QStringLiteral("limit"));
    if (!limit.isUndefined() && !limit.isNull()) {
        const double d = limit.isDouble() ? limit.toDouble() : -1;
        if (!std::isfinite(d) || d < 1) {
            warn(QStringLiteral("%1.limit: expected a positive number, found '%2'; %3 candidates "
                                "at most")
                     .arg(at, shownValue(limit))
                     .arg(kDefaultReconcileLimit));
        } else if (d > kMaxReconcileLimit) {
            query.limit = kMaxReconcileLimit;
            warn(QStringLiteral("%1.limit: %2 asked; this service gives %3 candidates at most")
                     .arg(at, shownValue(limit))
                     .arg(kMaxReconcileLimit));
        } else {
            query.limit = int(std::floor(d));
        }
    }

    // A type or a list of types: this service has works; any other is named and ignored.
    const QJsonValue type = object.value(QStringLiteral("type"));
    if (!type.isUndefined() && !type.isNull()) {
        const QJsonArray types = type.isArray() ? type.toArray() : QJsonArray { type };
        QStringList unknown;
        bool work = false;
        for (const QJsonValue &t : types) {
            if (t.isString() && t.toString() == QLatin1String(kWorkTypeId))
                work = true;
            else
                unknown.append(QLatin1Char('\'') + shownValue(t) + QLatin1Char('\''));
        }
        if (!unknown.isEmpty() && !work)
            warn(QStringLiteral("%1.type: %2 unknown here; this service has works (type \"%3\"), "
                                "looked for as such")
                     .arg(at, unknown.join(QStringLiteral(", ")), QLatin1String(kWorkTypeId)));
    }

    QString titleProperty; // a title or an identifier given as a property, for a query without one
    const QJsonValue properties = object.value(QStringLiteral("properties"));
    if (!properties.isUndefined() && !properties.isNull()) {
        const QJsonArray array = properties.isArray() ? properties.toArray() : QJsonArray {};
        if (!properties.isArray())
            warn(QStringLiteral("%1.properties: expected an array of {\"pid\", \"v\"}, found "
                                "'%2'; ignored")
                     .arg(at, shownValue(properties)));
        if (array.size() > kMaxReconcileProperties)
            warn(QStringLiteral("%1.properties: %2 given; the first %3 are read")
                     .arg(at)
                     .arg(array.size())
                     .arg(kMaxReconcileProperties));
        for (qsizetype i = 0; i < array.size() && i < kMaxReconcileProperties; ++i) {
            const QString pat = QStringLiteral("%1.properties[%2]").arg(at).arg(i);
            const QJsonObject property = array.at(i).toObject();
            if (!array.at(i).isObject()) {
                warn(QStringLiteral("%1: expected an object {\"pid\", \"v\"}, found '%2'; "
                                    "ignored")
                         .arg(pat, shownValue(array.at(i))));
                continue;
            }
            const QString pid = property.value(QStringLiteral("pid")).toString();
            const QJsonValue v = property.value(QStringLiteral("v"));
            if (v.isUndefined()) {
                warn(QStringLiteral("%1.v: missing; ignored").arg(pat));
                continue;
            }
            if (pid == u"year") {
                for (const QJsonValue &item : propertyValues(v)) {
                    if (item.isNull() || (item.isString() && item.toString().trimmed().isEmpty()))
                        continue;
                    const std::optional<int> year = yearInValue(item);
                    if (!year)
                        warn(QStringLiteral("%1.v: no year in '%2'; ignored")
                                 .arg(pat, shownValue(item)));
                    else if (!query.match.year)
                        query.match.year = year;
                }
            } else if (pid == u"authors") {
                for (const QJsonValue &item : propertyValues(v)) {
                    if (item.isNull())
                        continue;
                    if (!item.isString()) {
                        warn(QStringLiteral("%1.v: expected the authors as text (\"A. Author and "
                                            "B. Author\"), found '%2'; ignored")
                                 .arg(pat, shownValue(item)));
                        continue;
                    }
                    query.match.authors
                        += authorFamilyNames(item.toString().left(kMaxReconcileQueryChars));
                }
            } else if (pid == u"title" || pid == u"doi" || pid == u"identifier") {
                for (const QJsonValue &item : propertyValues(v)) {
                    const QString given = textOf(item).trimmed();
                    if (!given.isEmpty() && titleProperty.isEmpty())
                        titleProperty = given.left(kMaxReconcileQueryChars);
                }
            } else {
                warn(QStringLiteral("%1.pid: unknown property '%2'; ignored (this service knows "
                                    "year, authors, title, doi)")
                         .arg(pat, shownValue(property.value(QStringLiteral("pid")))));
            }
        }
    }
    if (!hasQuery) {
        if (!titleProperty.isEmpty()) {
            query.match.title = titleProperty;
        } else {
            query.answerable = false;
            warn(QStringLiteral("%1: no title to look for (give \"query\", or a property "
                                "\"title\" or \"doi\"); no candidates")
                     .arg(at));
        }
    }
    return query;
}

} // namespace

std::optional<int> yearInValue(const QJsonValue &value)
{
    if (value.isDouble()) {
        const double d = value.toDouble();
        if (std::isfinite(d) && d == std::floor(d) && d >= 1 && d <= 9999)
            return int(d);
        return std::nullopt;
    }
    if (!value.isString())
        return std::nullopt;
    // the first year in the text: "2022", "2022-12-22T00:00:00Z", "c. 2022", "2022?"
    static const QRegularExpression year(QStringLiteral(R"((?<!\d)(1\d{3}|2\d{3})(?!\d))"));
    const QRegularExpressionMatch found = year.match(value.toString());
    if (!found.hasMatch())
        return std::nullopt;
    return found.captured(1).toInt();
}

namespace {

//! The value of `name` in a form body or a URL query (application/x-www-form-urlencoded: '+'
//! is a space); nullopt when absent. *twice: it was given more than once.
std::optional<QByteArray> formValue(const QByteArray &form, const QByteArray &name, bool *twice)
{
    return reconcileFormValue(form, name, twice);
}

} // namespace

std::optional<QByteArray> reconcileFormValue(
    const QByteArray &form, const QByteArray &name, bool *twice)
{
    std::optional<QByteArray> found;
    *twice = false;
    for (const QByteArray &pair : form.split('&')) {
        const qsizetype equals = pair.indexOf('=');
        QByteArray key = equals < 0 ? pair : pair.left(equals);
        key.replace('+', ' ');
        if (QByteArray::fromPercentEncoding(key) != name)
            continue;
        if (found) {
            *twice = true;
            return found;
        }
        QByteArray value = equals < 0 ? QByteArray() : pair.mid(equals + 1);
        value.replace('+', ' ');
        found = QByteArray::fromPercentEncoding(value);
    }
    return found;
}

namespace {

QByteArray mediaTypeOf(const QByteArray &contentType)
{
    const qsizetype semicolon = contentType.indexOf(';');
    return (semicolon < 0 ? contentType : contentType.left(semicolon)).trimmed().toLower();
}

void addCors(ApiReply &reply)
{
    for (const auto &header : std::as_const(reply.headers)) {
        if (header.first.compare("Access-Control-Allow-Origin", Qt::CaseInsensitive) == 0)
            return;
    }
    reply.headers.append(
        { QByteArrayLiteral("Access-Control-Allow-Origin"), QByteArrayLiteral("*") });
}

ApiReply badRequest(const QString &message, const QString &key = {})
{
    QJsonObject more;
    if (!key.isEmpty())
        more.insert(QStringLiteral("query"), key);
    return ApiReply::error(400, errorCode(400), message, more);
}

ApiReply answer(const QList<ReconcileQuery> &queries, const ReconcileContext &context)
{
    if (!context.works)
        return ApiReply::error(
            503, QStringLiteral("the works index is unavailable; retry shortly"));
    QJsonObject out;
    for (const ReconcileQuery &query : queries) {
        QJsonArray result;
        if (query.answerable && !query.match.title.trimmed().isEmpty()) {
            auto candidates = context.works->candidates(query.match, query.limit);
            if (!candidates) {
                const Error &error = candidates.error();
                // The index tells a lock held past the busy timeout by SQLite's words.
                const bool busy = error.kind == Error::Kind::Busy
                    || error.message.contains(u"database is locked")
                    || error.message.contains(u"database is busy");
                ApiReply reply = busy
                    ? ApiReply::error(503, QStringLiteral("the works index is busy; retry shortly"))
                    : ApiReply::error(
                        500, QStringLiteral("internal error; the server log says more"));
                reply.note = QStringLiteral("%1: %2").arg(shownKey(query.key), error.message);
                return reply;
            }
            for (const Candidate &candidate : std::as_const(*candidates))
                result.append(reconcileCandidateJson(candidate));
        }
        QJsonObject answered { { QStringLiteral("result"), result } };
        if (!query.warnings.isEmpty())
            answered.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(query.warnings));
        out.insert(query.key, answered);
    }
    return ApiReply::json(200, out);
}

//! A JSONP callback name: a JavaScript identifier path, short.
bool isCallbackName(const QString &name)
{
    static const QRegularExpression pattern(
        QStringLiteral("^[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*$"));
    return name.size() <= 100 && pattern.match(name).hasMatch();
}

//! The reply as JSONP when a callback was named.
void asJsonp(ApiReply &reply, const QString &callback)
{
    if (callback.isEmpty() || reply.status != 200)
        return;
    reply.headers.removeIf([](const auto &h) { return h.first == "Content-Type"; });
    reply.headers.append(
        { QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/javascript") });
    reply.body = callback.toUtf8() + '(' + reply.body + ");";
}

//! The service's own address, from the request's Host (for the services the manifest must give
//! whole: a preview is loaded by the browser, not by OpenRefine's server).
QString baseOf(const ApiRequest &request)
{
    static const QRegularExpression host(
        QStringLiteral(R"(^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$)"));
    const QString name = QString::fromLatin1(request.host).trimmed();
    if (name.isEmpty() || !host.match(name).hasMatch())
        return {};
    return QStringLiteral("http://") + name;
}

//! What a request to /reconcile/... asks for: "" (the endpoint itself), "suggest/entity", ...
QString subPath(const ApiRequest &request)
{
    QString path = request.path;
    path.remove(0, qsizetype(QStringLiteral("/reconcile").size()));
    while (path.startsWith(u'/'))
        path.remove(0, 1);
    while (path.endsWith(u'/'))
        path.chop(1);
    return path;
}

ApiReply noSuchService(const ApiRequest &request)
{
    return ApiReply::error(404,
        QStringLiteral("no such path: %1; this service answers /reconcile, "
                       "/reconcile/suggest/entity, /reconcile/suggest/property, "
                       "/reconcile/suggest/type, /reconcile/preview, "
                       "/reconcile/propose_properties and /reconcile/docs")
            .arg(request.path.left(200)));
}

ApiReply handle(const ApiRequest &request, const ReconcileContext &context)
{
    if (request.method == HttpMethod::Options) {
        ApiReply reply;
        reply.status = 204;
        reply.headers.append({ QByteArrayLiteral("Access-Control-Allow-Methods"),
            QByteArrayLiteral("GET, POST, OPTIONS") });
        reply.headers.append({ QByteArrayLiteral("Access-Control-Allow-Headers"),
            QByteArrayLiteral("Content-Type, Authorization") });
        reply.headers.append(
            { QByteArrayLiteral("Access-Control-Max-Age"), QByteArrayLiteral("86400") });
        return reply;
    }
    const QString sub = subPath(request);
    const bool post = request.method == HttpMethod::Post;
    // The parameters: a GET's from its URL, a POST's form from its body (a JSON body is the
    // queries object itself).
    const QByteArray type = mediaTypeOf(request.contentType);
    const QByteArray &form = post ? request.body : request.rawQuery;
    bool twice = false;
    QString callback;
    if (const auto named = formValue(request.rawQuery, "callback", &twice)) {
        callback = QString::fromUtf8(*named);
        if (twice || !isCallbackName(callback))
            return badRequest(QStringLiteral("callback: expected one JavaScript function "
                                             "name of at most 100 characters"));
    }
    if (sub == u"docs") {
        ApiReply reply = reconcileDocumentation(baseOf(request));
        return reply;
    }
    if (!sub.isEmpty() && sub != u"suggest/entity" && sub != u"suggest/property"
        && sub != u"suggest/type" && sub != u"preview" && sub != u"propose_properties")
        return noSuchService(request);
    if (sub == u"suggest/property" || sub == u"suggest/type" || sub == u"propose_properties") {
        ApiReply reply = sub == u"propose_properties"
            ? reconcileProposeProperties(request)
            : reconcileSuggest(sub.mid(8), request, context.works);
        asJsonp(reply, callback);
        return reply;
    }
    if (!sub.isEmpty()) {
        if (!context.works)
            return ApiReply::error(
                503, QStringLiteral("the works index is unavailable; retry shortly"));
        ApiReply reply = sub == u"preview"
            ? reconcilePreview(request, *context.works)
            : reconcileSuggest(QStringLiteral("entity"), request, context.works);
        asJsonp(reply, callback);
        return reply;
    }

    std::optional<QByteArray> queries;
    std::optional<QByteArray> extend;
    if (post && type == "application/json") {
        queries = request.body;
    } else {
        queries = formValue(form, kQueries.toLatin1(), &twice);
        if (twice)
            return badRequest(QStringLiteral("queries: given more than once"));
        extend = formValue(form, "extend", &twice);
        if (twice)
            return badRequest(QStringLiteral("extend: given more than once"));
    }
    if (extend && !queries) {
        if (!context.works)
            return ApiReply::error(
                503, QStringLiteral("the works index is unavailable; retry shortly"));
        ApiReply reply = reconcileExtend(*extend, *context.works);
        asJsonp(reply, callback);
        return reply;
    }
    if (!queries) {
        if (post)
            return badRequest(QStringLiteral("the form has no queries: send "
                                             "queries={\"q0\": {\"query\": \"a title\"}}"));
        if (formValue(request.rawQuery, "query", &twice))
            return badRequest(QStringLiteral("query: this service answers batches: send "
                                             "queries={\"q0\": {\"query\": \"a title\"}}"));
        ApiReply reply
            = ApiReply::json(200, reconcileManifest(baseOf(request), context.needsToken));
        asJsonp(reply, callback);
        return reply;
    }
    auto parsed = parseReconcileQueries(*queries);
    if (!parsed)
        return badRequest(parsed.error().message);
    ApiReply reply = answer(*parsed, context);
    asJsonp(reply, callback);
    return reply;
}

} // namespace

QStringList authorFamilyNames(const QString &authors)
{
    static const QRegularExpression separators(
        QStringLiteral("\\s*(?:;|,|&|\\band\\b|\\bet al\\.?)\\s*"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression initial(QStringLiteral("^(?:\\p{L}\\.?-?)+\\.$|^\\p{L}$"));
    QStringList names;
    for (const QString &piece : authors.split(separators, Qt::SkipEmptyParts)) {
        const QStringList words = piece.simplified().split(u' ', Qt::SkipEmptyParts);
        // The last word that is not an initial: "A. B. Author" -> Author; "Author A." (after
        // "Author, A." is split) -> Author; a piece that is only initials gives none.
        for (qsizetype i = words.size() - 1; i >= 0; --i) {
            if (!initial.match(words[i]).hasMatch()) {
                names.append(words[i]);
                break;
            }
        }
    }
    return names;
}

Result<QList<ReconcileQuery>> parseReconcileQueries(const QByteArray &json)
{
    JsonTextError parseError;
    const auto document = parseJsonStrictly(json, &parseError);
    if (!document)
        return Error::badInput(QStringLiteral("invalid JSON at offset %1: %2")
                                   .arg(parseError.offset)
                                   .arg(parseError.message));
    if (!document->isObject())
        return Error::badInput(QStringLiteral("queries: expected an object of queries, such as "
                                              "{\"q0\": {\"query\": \"a title\"}}"));
    const QJsonObject object = document->object();
    if (object.isEmpty())
        return Error::badInput(QStringLiteral("queries: expected 1 to %1 queries, found none")
                                   .arg(kMaxReconcileQueries));
    if (object.size() > kMaxReconcileQueries)
        return Error::badInput(QStringLiteral("queries: a batch holds at most %1 queries, found %2")
                                   .arg(kMaxReconcileQueries)
                                   .arg(object.size()));
    QList<ReconcileQuery> queries;
    for (auto it = object.begin(); it != object.end(); ++it)
        queries.append(parseQuery(it.key(), it.value()));
    return queries;
}

QJsonObject reconcileManifest(const QString &base, bool needsToken)
{
    const QJsonArray types { QJsonObject { { QStringLiteral("id"), QLatin1String(kWorkTypeId) },
        { QStringLiteral("name"), QLatin1String(kWorkTypeName) } } };
    const auto service = [&](const char *path) {
        QJsonObject out { { QStringLiteral("service_path"), QLatin1String(path) } };
        if (!base.isEmpty())
            out.insert(QStringLiteral("service_url"), QString(base + QStringLiteral("/reconcile")));
        return out;
    };
    QJsonObject manifest {
        { QStringLiteral("versions"), QJsonArray { QStringLiteral("0.2") } },
        { QStringLiteral("name"), QStringLiteral("Ledger Curator works (ledger-server)") },
        { QStringLiteral("identifierSpace"), QStringLiteral("https://arxiv.org/abs/") },
        { QStringLiteral("schemaSpace"), QStringLiteral("https://schema.org/") },
        { QStringLiteral("defaultTypes"), types },
        { QStringLiteral("view"),
            QJsonObject {
                { QStringLiteral("url"), QStringLiteral("https://arxiv.org/abs/{{id}}") } } },
        { QStringLiteral("batchSize"), qint64(kMaxReconcileQueries) },
        { QStringLiteral("suggest"),
            QJsonObject { { QStringLiteral("entity"), service("/suggest/entity") },
                { QStringLiteral("property"), service("/suggest/property") },
                { QStringLiteral("type"), service("/suggest/type") } } },
        { QStringLiteral("extend"),
            QJsonObject { { QStringLiteral("propose_properties"), service("/propose_properties") },
                { QStringLiteral("property_settings"),
                    QJsonArray { QJsonObject { { QStringLiteral("name"), QStringLiteral("limit") },
                        { QStringLiteral("label"), QStringLiteral("Most values") },
                        { QStringLiteral("type"), QStringLiteral("number") },
                        { QStringLiteral("default"), 0 },
                        { QStringLiteral("help_text"),
                            QStringLiteral(
                                "The most values of a property given per work "
                                "(authors: one per author); 0 gives them all") } } } } } },
    };
    if (!base.isEmpty()) {
        manifest.insert(QStringLiteral("preview"),
            QJsonObject { { QStringLiteral("url"),
                              QString(base + QStringLiteral("/reconcile/preview?id={{id}}")) },
                { QStringLiteral("width"), 430 }, { QStringLiteral("height"), 130 } });
        manifest.insert(
            QStringLiteral("documentation"), QString(base + QStringLiteral("/reconcile/docs")));
    }
    if (needsToken)
        manifest.insert(QStringLiteral("authentication"),
            QJsonObject { { QStringLiteral("type"), QStringLiteral("apiKey") },
                { QStringLiteral("name"), QStringLiteral("Authorization") },
                { QStringLiteral("in"), QStringLiteral("header") },
                { QStringLiteral("description"),
                    QStringLiteral("A reader's token of this ledger-server, sent as "
                                   "\"Bearer TOKEN\"") } });
    return manifest;
}

QJsonObject reconcileCandidateJson(const Candidate &candidate)
{
    QJsonObject json = candidateJson(candidate);
    json.insert(QStringLiteral("type"),
        QJsonArray { QJsonObject { { QStringLiteral("id"), QLatin1String(kWorkTypeId) },
            { QStringLiteral("name"), QLatin1String(kWorkTypeName) } } });
    return json;
}

bool isOpenReconcileRequest(const ApiRequest &request)
{
    if (request.method == HttpMethod::Options)
        return true;
    const QString sub = subPath(request);
    if (request.method != HttpMethod::Get)
        return false;
    if (sub == u"docs")
        return true;
    bool twice = false;
    return sub.isEmpty() && !formValue(request.rawQuery, kQueries.toLatin1(), &twice)
        && !formValue(request.rawQuery, "extend", &twice);
}

ApiReply handleReconcileRequest(const ApiRequest &request, const ReconcileContext &context)
{
    ApiReply reply = handle(request, context);
    addCors(reply);
    return reply;
}

} // namespace LedgerCurator
