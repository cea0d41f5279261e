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
//! reconciled cell) as their name.
QList<QJsonValue> propertyValues(const QJsonValue &v)
{
    QList<QJsonValue> values;
    const QJsonArray array = v.isArray() ? v.toArray() : QJsonArray { v };
    for (const QJsonValue &item : array) {
        if (item.isObject() && item.toObject().value(QStringLiteral("name")).isString())
            values.append(item.toObject().value(QStringLiteral("name")));
        else
            values.append(item);
    }
    return values;
}

//! The year of a property value: a whole number or its digits; nullopt for none (an empty cell).
Result<std::optional<int>> yearOf(const QJsonValue &value, const QString &at)
{
    const auto bad = [&] {
        return Error::badInput(QStringLiteral("%1: expected a year, e.g. 2021, found '%2'")
                                   .arg(at, shownValue(value)));
    };
    if (value.isNull() || (value.isString() && value.toString().trimmed().isEmpty()))
        return std::optional<int>();
    if (value.isDouble()) {
        const double d = value.toDouble();
        if (!std::isfinite(d) || d != std::floor(d) || d < 1 || d > 9999)
            return bad();
        return std::optional<int>(int(d));
    }
    if (value.isString()) {
        static const QRegularExpression digits(QStringLiteral("^\\s*(\\d{1,4})\\s*$"));
        const auto found = digits.match(value.toString());
        if (!found.hasMatch() || found.captured(1).toInt() < 1)
            return bad();
        return std::optional<int>(found.captured(1).toInt());
    }
    return bad();
}

Result<ReconcileQuery> parseQuery(const QString &key, const QJsonValue &value)
{
    const QString at = shownKey(key);
    if (!value.isObject())
        return Error::badInput(QStringLiteral("%1: expected an object such as {\"query\": \"a "
                                              "title\"}, found '%2'")
                                   .arg(at, shownValue(value)));
    const QJsonObject object = value.toObject();
    ReconcileQuery query;
    query.key = key;

    const QJsonValue text = object.value(QStringLiteral("query"));
    if (!text.isString())
        return Error::badInput(text.isUndefined()
                ? QStringLiteral("%1.query: missing; expected the title to look for, as a string")
                      .arg(at)
                : QStringLiteral("%1.query: expected the title to look for, as a string, found "
                                 "'%2'")
                      .arg(at, shownValue(text)));
    if (text.toString().size() > kMaxReconcileQueryChars)
        return Error::badInput(QStringLiteral("%1.query: %2 characters, more than the %3 a query "
                                              "may have")
                                   .arg(at)
                                   .arg(text.toString().size())
                                   .arg(kMaxReconcileQueryChars));
    query.match.title = text.toString();

    const QJsonValue limit = object.value(QStringLiteral("limit"));
    if (!limit.isUndefined()) {
        const double d = limit.toDouble(-1);
        if (!limit.isDouble() || d != std::floor(d) || d < 1 || d > kMaxReconcileLimit)
            return Error::badInput(
                QStringLiteral("%1.limit: expected a whole number from 1 to %2, found '%3'")
                    .arg(at)
                    .arg(kMaxReconcileLimit)
                    .arg(shownValue(limit)));
        query.limit = int(d);
    }

    const QJsonValue type = object.value(QStringLiteral("type"));
    if (!type.isUndefined() && !type.isNull()) {
        if (!type.isString())
            return Error::badInput(
                QStringLiteral("%1.type: expected a type id such as \"%2\", found '%3'")
                    .arg(at, QLatin1String(kWorkTypeId), shownValue(type)));
        query.otherType = type.toString() != QLatin1String(kWorkTypeId);
    }

    const QJsonValue properties = object.value(QStringLiteral("properties"));
    if (!properties.isUndefined() && !properties.isNull()) {
        if (!properties.isArray())
            return Error::badInput(QStringLiteral("%1.properties: expected an array of {\"pid\", "
                                                  "\"v\"}, found '%2'")
                                       .arg(at, shownValue(properties)));
        const QJsonArray array = properties.toArray();
        if (array.size() > kMaxReconcileProperties)
            return Error::badInput(
                QStringLiteral("%1.properties: %2 properties, more than the %3 a query may have")
                    .arg(at)
                    .arg(array.size())
                    .arg(kMaxReconcileProperties));
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString pat = QStringLiteral("%1.properties[%2]").arg(at).arg(i);
            const QJsonObject property = array.at(i).toObject();
            if (!array.at(i).isObject())
                return Error::badInput(QStringLiteral("%1: expected an object {\"pid\", \"v\"}, "
                                                      "found '%2'")
                                           .arg(pat, shownValue(array.at(i))));
            const QJsonValue pid = property.value(QStringLiteral("pid"));
            const QJsonValue v = property.value(QStringLiteral("v"));
            if (v.isUndefined())
                return Error::badInput(
                    QStringLiteral("%1.v: missing; expected the value").arg(pat));
            if (pid == QJsonValue(QStringLiteral("year"))) {
                for (const QJsonValue &item : propertyValues(v)) {
                    auto year = yearOf(item, pat + QStringLiteral(".v"));
                    if (!year)
                        return year.error();
                    if (*year && !query.match.year)
                        query.match.year = *year;
                }
            } else if (pid == QJsonValue(QStringLiteral("authors"))) {
                for (const QJsonValue &item : propertyValues(v)) {
                    if (item.isNull())
                        continue;
                    if (!item.isString())
                        return Error::badInput(
                            QStringLiteral("%1.v: expected the authors as a string (\"A. Author "
                                           "and B. Author\") or an array of strings, found '%2'")
                                .arg(pat, shownValue(item)));
                    if (item.toString().size() > kMaxReconcileQueryChars)
                        return Error::badInput(QStringLiteral("%1.v: %2 characters, more than "
                                                              "the %3 a value may have")
                                                   .arg(pat)
                                                   .arg(item.toString().size())
                                                   .arg(kMaxReconcileQueryChars));
                    query.match.authors += authorFamilyNames(item.toString());
                }
            } else {
                return Error::badInput(
                    QStringLiteral("%1.pid: unknown property '%2'; this service knows \"year\" "
                                   "and \"authors\"")
                        .arg(pat, shownValue(pid)));
            }
        }
    }
    return query;
}

//! The value of `name` in a form body or a URL query (application/x-www-form-urlencoded: '+'
//! is a space); nullopt when absent. *twice: it was given more than once.
std::optional<QByteArray> formValue(const QByteArray &form, const QByteArray &name, bool *twice)
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

QByteArray mediaTypeOf(const QByteArray &contentType)
{
    const qsizetype semicolon = contentType.indexOf(';');
    return (semicolon < 0 ? contentType : contentType.left(semicolon)).trimmed().toLower();
}

void addCors(ApiReply &reply)
{
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
        if (!query.otherType && !query.match.title.trimmed().isEmpty()) {
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
        out.insert(query.key, QJsonObject { { QStringLiteral("result"), result } });
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
    bool twice = false;
    std::optional<QByteArray> queries;
    QString callback;
    if (request.method == HttpMethod::Get) {
        queries = formValue(request.rawQuery, kQueries.toLatin1(), &twice);
        if (twice)
            return badRequest(QStringLiteral("queries: given more than once"));
        if (const auto named = formValue(request.rawQuery, "callback", &twice)) {
            callback = QString::fromUtf8(*named);
            if (twice || !isCallbackName(callback))
                return badRequest(QStringLiteral("callback: expected one JavaScript function "
                                                 "name of at most 100 characters"));
        }
        if (!queries) {
            if (formValue(request.rawQuery, "query", &twice))
                return badRequest(QStringLiteral("query: this service answers batches: send "
                                                 "queries={\"q0\": {\"query\": \"a title\"}}"));
            ApiReply reply = ApiReply::json(200, reconcileManifest());
            if (!callback.isEmpty()) {
                reply.headers = { { QByteArrayLiteral("Content-Type"),
                    QByteArrayLiteral("application/javascript") } };
                reply.body = callback.toUtf8() + '(' + reply.body + ");";
            }
            return reply;
        }
    } else {
        const QByteArray type = mediaTypeOf(request.contentType);
        if (type == "application/json") {
            queries = request.body;
        } else {
            queries = formValue(request.body, kQueries.toLatin1(), &twice);
            if (twice)
                return badRequest(QStringLiteral("queries: given more than once"));
            if (!queries)
                return badRequest(QStringLiteral("the form has no queries: send "
                                                 "queries={\"q0\": {\"query\": \"a title\"}}"));
        }
    }
    auto parsed = parseReconcileQueries(*queries);
    if (!parsed) // a query's error names it: Error::file holds its key
        return badRequest(parsed.error().message, parsed.error().file);
    ApiReply reply = answer(*parsed, context);
    if (!callback.isEmpty() && reply.status == 200) {
        reply.headers = { { QByteArrayLiteral("Content-Type"),
            QByteArrayLiteral("application/javascript") } };
        reply.body = callback.toUtf8() + '(' + reply.body + ");";
    }
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
    for (auto it = object.begin(); it != object.end(); ++it) {
        auto query = parseQuery(it.key(), it.value());
        if (!query) {
            Error error = query.error();
            error.file = it.key(); // which query, for the reply's "query"
            return error;
        }
        queries.append(std::move(*query));
    }
    return queries;
}

QJsonObject reconcileManifest()
{
    const QJsonArray types { QJsonObject { { QStringLiteral("id"), QLatin1String(kWorkTypeId) },
        { QStringLiteral("name"), QLatin1String(kWorkTypeName) } } };
    return QJsonObject {
        { QStringLiteral("versions"), QJsonArray { QStringLiteral("0.2") } },
        { QStringLiteral("name"), QStringLiteral("Ledger Curator works (ledger-server)") },
        { QStringLiteral("identifierSpace"), QStringLiteral("https://arxiv.org/abs/") },
        { QStringLiteral("schemaSpace"), QStringLiteral("https://schema.org/") },
        { QStringLiteral("defaultTypes"), types },
        { QStringLiteral("view"),
            QJsonObject {
                { QStringLiteral("url"), QStringLiteral("https://arxiv.org/abs/{{id}}") } } },
        { QStringLiteral("batchSize"), qint64(kMaxReconcileQueries) },
    };
}

QJsonObject reconcileCandidateJson(const Candidate &candidate)
{
    QJsonObject json = candidateJson(candidate);
    json.insert(QStringLiteral("type"),
        QJsonArray { QJsonObject { { QStringLiteral("id"), QLatin1String(kWorkTypeId) },
            { QStringLiteral("name"), QLatin1String(kWorkTypeName) } } });
    return json;
}

ApiReply handleReconcileRequest(const ApiRequest &request, const ReconcileContext &context)
{
    ApiReply reply = handle(request, context);
    addCors(reply);
    return reply;
}

} // namespace LedgerCurator
