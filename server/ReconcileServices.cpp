// SPDX-License-Identifier: GPL-3.0-or-later
// The services of the reconciliation endpoint beside its queries (docs/reconciliation.md):
// suggest (entity, property, type), preview, propose_properties, data extension and the
// documentation page, each as the W3C Reconciliation API 0.2 has it.
#include "ReconcileApi.h"

#include "JsonText.h"
#include "WorksIndex.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace LedgerCurator {

namespace {

constexpr int kSuggestions = 10; // entities a suggest answers with, at most
constexpr qsizetype kMaxExtendIds = 50; // works of one data extension
constexpr qsizetype kMaxExtendProperties = 20;

//! A parameter of a GET's URL (or a POST's form), decoded; empty when absent.
QString parameter(const ApiRequest &request, const char *name)
{
    bool twice = false;
    const QByteArray &form = request.method == HttpMethod::Post && !request.body.isEmpty()
        ? request.body
        : request.rawQuery;
    const auto value = reconcileFormValue(form, name, &twice);
    return value ? QString::fromUtf8(*value) : QString();
}

QJsonObject workType()
{
    return QJsonObject { { QStringLiteral("id"), QLatin1String(kWorkTypeId) },
        { QStringLiteral("name"), QLatin1String(kWorkTypeName) } };
}

//! "A. Author, B. Author (2021)": what tells a work from its namesakes.
QString describe(const QString &authors, std::optional<int> year)
{
    QString out = authors.simplified();
    if (out.size() > 120)
        out = out.left(117) + QStringLiteral("...");
    if (year)
        out += (out.isEmpty() ? QString() : QStringLiteral(" "))
            + QStringLiteral("(%1)").arg(*year);
    return out;
}

//! Does `prefix` start the text or one of its words (case folded)?
bool startsAWord(const QString &text, const QString &prefix)
{
    if (prefix.isEmpty())
        return true;
    const QString folded = prefix.toCaseFolded();
    const QStringList words = text.toCaseFolded().split(
        QRegularExpression(QStringLiteral("[\\s_-]+")), Qt::SkipEmptyParts);
    if (text.toCaseFolded().startsWith(folded))
        return true;
    return std::any_of(
        words.cbegin(), words.cend(), [&](const QString &w) { return w.startsWith(folded); });
}

//! The authors of a work, one by one: "A, B and C" -> A, B, C.
QStringList authorList(const QString &authors)
{
    static const QRegularExpression separators(QStringLiteral(R"(\s*,\s*|\s+and\s+)"));
    QStringList out;
    for (const QString &a : authors.split(separators, Qt::SkipEmptyParts)) {
        if (!a.trimmed().isEmpty())
            out.append(a.trimmed());
    }
    return out;
}

QString escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

} // namespace

QList<QJsonObject> reconcileProperties()
{
    const auto property = [](const char *id, const char *name, const char *description) {
        return QJsonObject { { QStringLiteral("id"), QLatin1String(id) },
            { QStringLiteral("name"), QLatin1String(name) },
            { QStringLiteral("description"), QLatin1String(description) } };
    };
    return {
        property("title", "Title", "The work's title, as its list gives it"),
        property("year", "Year", "The year of the work's first version"),
        property("authors", "Authors", "The work's authors, one value each"),
        property("doi", "DOI", "The work's DOI, where its list gives one"),
    };
}

ApiReply reconcileSuggest(const QString &kind, const ApiRequest &request, WorksIndex *works)
{
    const QString prefix = parameter(request, "prefix").left(kMaxReconcileQueryChars);
    bool numeric = false;
    const int cursor = std::clamp(parameter(request, "cursor").toInt(&numeric), 0, 1000);
    QJsonArray result;
    if (kind == u"property") {
        for (const QJsonObject &p : reconcileProperties()) {
            if (startsAWord(p.value(QStringLiteral("id")).toString(), prefix)
                || startsAWord(p.value(QStringLiteral("name")).toString(), prefix))
                result.append(p);
        }
    } else if (kind == u"type") {
        QJsonObject type = workType();
        type.insert(QStringLiteral("description"),
            QStringLiteral("A work of the team's works index: an arXiv paper, a DOI"));
        if (startsAWord(QLatin1String(kWorkTypeName), prefix)
            || startsAWord(QLatin1String(kWorkTypeId), prefix))
            result.append(type);
    } else if (works && !prefix.trimmed().isEmpty()) {
        // The first words of a title: read as a title cut short (what follows is unknown).
        QString text = prefix.trimmed();
        const auto named = works->identified(text);
        if ((!named || !*named) && !text.endsWith(QStringLiteral("...")))
            text += QStringLiteral("...");
        auto found = works->candidates(MatchQuery { text, {}, {} }, cursor + kSuggestions);
        if (!found) {
            ApiReply reply
                = ApiReply::error(500, QStringLiteral("internal error; the server log says more"));
            reply.note = found.error().message;
            return reply;
        }
        for (qsizetype k = cursor; k < found->size(); ++k) {
            const Candidate &c = found->at(k);
            QJsonObject entity { { QStringLiteral("id"), c.id }, { QStringLiteral("name"), c.name },
                { QStringLiteral("notable"), QJsonArray { workType() } } };
            if (const QString d = describe(c.authors, c.year); !d.isEmpty())
                entity.insert(QStringLiteral("description"), d);
            result.append(entity);
        }
    }
    return ApiReply::json(200, QJsonObject { { QStringLiteral("result"), result } });
}

ApiReply reconcilePreview(const ApiRequest &request, WorksIndex &works)
{
    const QString id = parameter(request, "id").trimmed().left(300);
    if (id.isEmpty())
        return ApiReply::error(
            400, QStringLiteral("id: give the work's id, as in /reconcile/preview?id=2104.04473"));
    auto found = works.work(id);
    if (found && !*found)
        found = works.identified(id);
    if (!found) {
        ApiReply reply
            = ApiReply::error(500, QStringLiteral("internal error; the server log says more"));
        reply.note = found.error().message;
        return reply;
    }
    if (!*found)
        return ApiReply::error(404, QStringLiteral("no work %1 in the works index").arg(id));
    const Work &work = **found;
    const QString title = work.title.simplified();
    QString line = escaped(work.id);
    if (work.year)
        line = QString::number(*work.year) + QStringLiteral(" · ") + line;
    if (!work.doi.isEmpty())
        line += QStringLiteral(" · doi:") + escaped(work.doi);
    const bool arxiv = !work.id.startsWith(QStringLiteral("10."));
    const QString link = arxiv ? QStringLiteral("https://arxiv.org/abs/") + work.id
                               : QStringLiteral("https://doi.org/") + work.id;
    QString html = QStringLiteral(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>%1</title>"
        "<style>body{margin:0;font:13px/1.35 sans-serif;color:#1a1a1a;background:#fff}"
        ".card{padding:8px 10px}.title{font-weight:bold;color:#0b4f8a;text-decoration:none}"
        ".meta{color:#444;margin-top:3px}</style></head><body><div class=\"card\">"
        "<a class=\"title\" href=\"%2\" target=\"_blank\" rel=\"noopener\">%1</a>")
                       .arg(escaped(title), escaped(link));
    if (!work.authors.isEmpty())
        html += QStringLiteral("<div class=\"meta\">%1</div>")
                    .arg(escaped(work.authors.simplified()));
    html += QStringLiteral("<div class=\"meta\">%1</div>").arg(line);
    if (!work.source.isEmpty())
        html += QStringLiteral("<div class=\"meta\">list: %1</div>").arg(escaped(work.source));
    html += QStringLiteral("</div></body></html>\n");
    ApiReply reply;
    reply.status = 200;
    reply.headers.append(
        { QByteArrayLiteral("Content-Type"), QByteArrayLiteral("text/html; charset=utf-8") });
    reply.body = html.toUtf8();
    return reply;
}

ApiReply reconcileProposeProperties(const ApiRequest &request)
{
    const QString type = parameter(request, "type");
    bool numeric = false;
    const int limit = parameter(request, "limit").toInt(&numeric);
    QJsonArray properties;
    if (type.isEmpty() || type == QLatin1String(kWorkTypeId)) {
        for (const QJsonObject &p : reconcileProperties()) {
            if (numeric && limit > 0 && properties.size() >= limit)
                break;
            properties.append(QJsonObject { { QStringLiteral("id"), p.value(QStringLiteral("id")) },
                { QStringLiteral("name"), p.value(QStringLiteral("name")) } });
        }
    }
    QJsonObject out { { QStringLiteral("type"),
                          type.isEmpty() ? QLatin1String(kWorkTypeId) : type },
        { QStringLiteral("properties"), properties } };
    if (numeric && limit > 0)
        out.insert(QStringLiteral("limit"), limit);
    return ApiReply::json(200, out);
}

ApiReply reconcileExtend(const QByteArray &json, WorksIndex &works)
{
    const auto bad = [](const QString &message) {
        return ApiReply::error(400, QStringLiteral("extend: ") + message);
    };
    JsonTextError parseError;
    const auto document = parseJsonStrictly(json, &parseError);
    if (!document)
        return bad(QStringLiteral("invalid JSON at offset %1: %2")
                       .arg(parseError.offset)
                       .arg(parseError.message));
    const QJsonObject query = document->object();
    const QJsonValue ids = query.value(QStringLiteral("ids"));
    const QJsonValue properties = query.value(QStringLiteral("properties"));
    if (!document->isObject() || !ids.isArray() || !properties.isArray())
        return bad(QStringLiteral("expected {\"ids\": [\"2104.04473\"], \"properties\": "
                                  "[{\"id\": \"year\"}]}"));
    if (ids.toArray().size() > kMaxExtendIds)
        return bad(QStringLiteral("at most %1 ids at once, found %2")
                       .arg(kMaxExtendIds)
                       .arg(ids.toArray().size()));
    if (properties.toArray().size() > kMaxExtendProperties)
        return bad(QStringLiteral("at most %1 properties at once, found %2")
                       .arg(kMaxExtendProperties)
                       .arg(properties.toArray().size()));
    QHash<QString, QString> names;
    for (const QJsonObject &p : reconcileProperties())
        names.insert(
            p.value(QStringLiteral("id")).toString(), p.value(QStringLiteral("name")).toString());
    struct Wanted
    {
        QString id;
        int limit = 0;
    };
    QList<Wanted> wanted;
    QJsonArray meta;
    for (const QJsonValue &p : properties.toArray()) {
        const QString id = p.toObject().value(QStringLiteral("id")).toString();
        if (id.isEmpty())
            return bad(QStringLiteral("each property is {\"id\": ...}, found '%1'")
                           .arg(QString::fromUtf8(
                               QJsonDocument(QJsonArray { p }).toJson(QJsonDocument::Compact))
                                    .left(60)));
        const QJsonValue limit = p.toObject()
                                     .value(QStringLiteral("settings"))
                                     .toObject()
                                     .value(QStringLiteral("limit"));
        const int most
            = limit.isDouble() ? int(limit.toDouble()) : QString(limit.toString()).toInt();
        wanted.append(Wanted { id, std::max(0, most) });
        // a property this service does not know is named with no values
        meta.append(QJsonObject {
            { QStringLiteral("id"), id }, { QStringLiteral("name"), names.value(id, id) } });
    }
    QJsonObject rows;
    for (const QJsonValue &idValue : ids.toArray()) {
        const QString id = idValue.toString();
        if (id.isEmpty() || rows.contains(id))
            continue;
        auto found = works.work(id.left(300));
        if (!found) {
            ApiReply reply
                = ApiReply::error(500, QStringLiteral("internal error; the server log says more"));
            reply.note = found.error().message;
            return reply;
        }
        QJsonObject row;
        for (const Wanted &w : std::as_const(wanted)) {
            QJsonArray values;
            if (*found) {
                const Work &work = **found;
                if (w.id == u"title") {
                    values.append(
                        QJsonObject { { QStringLiteral("str"), work.title.simplified() } });
                } else if (w.id == u"year" && work.year) {
                    values.append(QJsonObject { { QStringLiteral("int"), *work.year } });
                } else if (w.id == u"doi" && !work.doi.isEmpty()) {
                    values.append(QJsonObject { { QStringLiteral("str"), work.doi } });
                } else if (w.id == u"authors") {
                    for (const QString &a : authorList(work.authors)) {
                        if (w.limit > 0 && values.size() >= w.limit)
                            break;
                        values.append(QJsonObject { { QStringLiteral("str"), a } });
                    }
                }
            }
            row.insert(w.id, values);
        }
        rows.insert(id, row);
    }
    return ApiReply::json(
        200, QJsonObject { { QStringLiteral("meta"), meta }, { QStringLiteral("rows"), rows } });
}

ApiReply reconcileDocumentation(const QString &base)
{
    QString properties;
    for (const QJsonObject &p : reconcileProperties())
        properties += QStringLiteral("<li><code>%1</code>: %2</li>")
                          .arg(escaped(p.value(QStringLiteral("id")).toString()),
                              escaped(p.value(QStringLiteral("description")).toString()));
    const QString html = QStringLiteral(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<title>Ledger Curator works: reconciliation service</title></head><body>"
        "<h1>Ledger Curator works (ledger-server)</h1>"
        "<p>A W3C Reconciliation API 0.2 service over the team's works index: give it titles of "
        "cited works (or their arXiv ids, arXiv addresses or DOIs) and it answers with the works "
        "they most likely are, scored 0 to 100, <code>match</code> when one is clearly right.</p>"
        "<p>Service: <code>%1/reconcile</code>. Type: <code>work</code>. Query properties: "
        "<code>year</code> and <code>authors</code> sharpen the score; <code>title</code> or "
        "<code>doi</code> stand for the query when it has none.</p>"
        "<p>Data extension (Add columns from reconciled values):</p><ul>%2</ul>"
        "<p>Suggest: <code>/reconcile/suggest/entity?prefix=</code> (the first words of a title), "
        "<code>/reconcile/suggest/property</code>, <code>/reconcile/suggest/type</code>; preview: "
        "<code>/reconcile/preview?id=</code>.</p>"
        "<p>More: docs/reconciliation.md of Ledger Curator.</p></body></html>\n")
                             .arg(escaped(base), properties);
    ApiReply reply;
    reply.status = 200;
    reply.headers.append(
        { QByteArrayLiteral("Content-Type"), QByteArrayLiteral("text/html; charset=utf-8") });
    reply.body = html.toUtf8();
    return reply;
}

} // namespace LedgerCurator
