// SPDX-License-Identifier: GPL-3.0-or-later
#include "EventJson.h"

#include "CuratedRecord.h"
#include "Identifier.h"

#include <QDateTime>

namespace LedgerCurator {

namespace {

constexpr qsizetype kMaxText = 4096; // longest value, author or title a correction may carry
constexpr qsizetype kMaxParents = 64;

QString quoted(const QString &text)
{
    return QLatin1Char('\'') + (text.size() > 60 ? text.left(57) + QStringLiteral("...") : text) + QLatin1Char('\'');
}

} // namespace

QString jsonTypeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        return QStringLiteral("nothing");
    }
    return QStringLiteral("something else");
}

namespace {

bool isTimestamp(const QString &text)
{
    if (text.size() < 20 || text.size() > 40)
        return false;
    return QDateTime::fromString(text, Qt::ISODateWithMs).isValid();
}

} // namespace

QJsonObject correctionToJson(const CorrectionEvent &e)
{
    QJsonObject o { { QStringLiteral("id"), e.id },
                    { QStringLiteral("record"), e.record },
                    { QStringLiteral("observation"), e.observation },
                    { QStringLiteral("field"), curationFieldKey(e.field) },
                    { QStringLiteral("value"), e.value ? QJsonValue(*e.value) : QJsonValue(QJsonValue::Null) },
                    { QStringLiteral("parents"), QJsonArray::fromStringList(e.parents) },
                    { QStringLiteral("author"), e.author },
                    { QStringLiteral("created_at"), e.createdAt } };
    if (e.seq)
        o.insert(QStringLiteral("seq"), *e.seq);
    return o;
}

QJsonArray correctionsToJson(const QList<CorrectionEvent> &events)
{
    QJsonArray array;
    for (const CorrectionEvent &e : events)
        array.append(correctionToJson(e));
    return array;
}

QString checkCorrectionValue(CurationField field, const std::optional<QString> &value)
{
    if (!value)
        return {};
    if (value->isEmpty())
        return QStringLiteral("an empty value; send null for \"back to upstream\"");
    if (value->size() > kMaxText)
        return QStringLiteral("a value longer than %1 characters").arg(kMaxText);
    if (field == CurationField::DuplicateOf) {
        if (!isUuid(*value) || *value != value->toLower())
            return QStringLiteral("duplicate-of takes a lower-case observation UUID, found %1").arg(quoted(*value));
        return {};
    }
    const CurationValue normalized = normalizeCurationValue(field, *value, Record {}, QString());
    if (!normalized.ok())
        return normalized.error;
    if (normalized.value != value)
        return QStringLiteral("%1 is not in its stored form %2")
                .arg(quoted(*value), quoted(normalized.value.value_or(QString())));
    return {};
}

Result<CorrectionEvent> correctionFromJson(const QJsonValue &value, const QString &where)
{
    if (!value.isObject())
        return Error::badInput(QStringLiteral("%1: expected an event object, found %2").arg(where, jsonTypeName(value)));
    const QJsonObject o = value.toObject();
    auto bad = [&where](const QString &member, const QString &message) {
        return Error::badInput(where + QLatin1Char('.') + member + QStringLiteral(": ") + message);
    };
    auto text = [&o](const char *key) { return o.value(QLatin1String(key)); };
    for (const char *key : { "id", "record", "observation", "field", "author", "created_at" }) {
        const QJsonValue v = text(key);
        if (!v.isString())
            return bad(QLatin1String(key), QStringLiteral("expected a string, found %1").arg(jsonTypeName(v)));
        if (v.toString().isEmpty())
            return bad(QLatin1String(key), QStringLiteral("must not be empty"));
        if (v.toString().size() > kMaxText)
            return bad(QLatin1String(key), QStringLiteral("longer than %1 characters").arg(kMaxText));
    }
    CorrectionEvent e;
    e.id = text("id").toString();
    if (!isUuid(e.id) || e.id != e.id.toLower())
        return bad(QStringLiteral("id"), QStringLiteral("expected a lower-case UUID, found %1").arg(quoted(e.id)));
    e.record = text("record").toString();
    const IdentifierCheck record = parseArxivId(e.record);
    if (!record.ok() || record.identifier->base != e.record)
        return bad(QStringLiteral("record"),
                   QStringLiteral("expected an arXiv id without version such as 2104.04473, found %1").arg(quoted(e.record)));
    e.observation = text("observation").toString();
    if (!isUuid(e.observation) || e.observation != e.observation.toLower())
        return bad(QStringLiteral("observation"),
                   QStringLiteral("expected a lower-case UUID, found %1").arg(quoted(e.observation)));
    const auto field = parseCurationField(text("field").toString());
    if (!field)
        return bad(QStringLiteral("field"), QStringLiteral("unknown field %1").arg(quoted(text("field").toString())));
    e.field = *field;
    const QJsonValue v = text("value");
    if (v.isString())
        e.value = v.toString();
    else if (!v.isNull())
        return bad(QStringLiteral("value"), QStringLiteral("expected a string or null, found %1").arg(jsonTypeName(v)));
    if (const QString problem = checkCorrectionValue(e.field, e.value); !problem.isEmpty())
        return bad(QStringLiteral("value"), problem);
    const QJsonValue parents = text("parents");
    if (!parents.isArray())
        return bad(QStringLiteral("parents"), QStringLiteral("expected an array of event ids, found %1").arg(jsonTypeName(parents)));
    const QJsonArray parentArray = parents.toArray();
    if (parentArray.size() > kMaxParents)
        return bad(QStringLiteral("parents"), QStringLiteral("more than %1 parents").arg(kMaxParents));
    for (qsizetype i = 0; i < parentArray.size(); ++i) {
        const QString parent = parentArray.at(i).toString();
        if (!isUuid(parent) || parent != parent.toLower() || parent == e.id)
            return bad(QStringLiteral("parents[%1]").arg(i),
                       QStringLiteral("expected the lower-case UUID of an earlier event, found %1")
                               .arg(parentArray.at(i).isString() ? quoted(parent) : jsonTypeName(parentArray.at(i))));
        e.parents.append(parent);
    }
    e.author = text("author").toString();
    if (e.author.contains(u'\n') || e.author.contains(u'\r'))
        return bad(QStringLiteral("author"), QStringLiteral("must be one line"));
    e.createdAt = text("created_at").toString();
    if (!isTimestamp(e.createdAt))
        return bad(QStringLiteral("created_at"),
                   QStringLiteral("expected an ISO-8601 UTC time such as 2026-11-29T17:00:00.000Z, found %1")
                           .arg(quoted(e.createdAt)));
    const QJsonValue seq = text("seq");
    if (!seq.isUndefined() && !seq.isNull()) {
        const double d = seq.toDouble(-1);
        if (!seq.isDouble() || d < 1 || d != double(qint64(d)))
            return bad(QStringLiteral("seq"), QStringLiteral("expected a positive whole number, found %1").arg(jsonTypeName(seq)));
        e.seq = qint64(d);
    }
    return e;
}

Result<QList<CorrectionEvent>> correctionsFromJson(const QJsonValue &value, const QString &where)
{
    if (!value.isArray())
        return Error::badInput(QStringLiteral("%1: expected an array of events, found %2").arg(where, jsonTypeName(value)));
    const QJsonArray array = value.toArray();
    QList<CorrectionEvent> events;
    events.reserve(array.size());
    for (qsizetype i = 0; i < array.size(); ++i) {
        auto e = correctionFromJson(array.at(i), QStringLiteral("%1[%2]").arg(where).arg(i));
        if (!e)
            return e.error();
        events.append(std::move(*e));
    }
    return events;
}

} // namespace LedgerCurator
