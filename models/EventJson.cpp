// SPDX-License-Identifier: GPL-3.0-or-later
#include "EventJson.h"

#include "CuratedRecord.h"
#include "Identifier.h"

#include <QDateTime>

#include <array>

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

namespace {

//! As Qt's JSON writer (and writeRecordJson()): ", \\ and control characters escaped (\b \f \n
//! \r \t, else \u00XX), the rest as UTF-8; a lone surrogate becomes \uXXXX.
void appendJsonString(QByteArray &out, QStringView text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    const char16_t *src = text.utf16();
    const char16_t *const end = src + text.size();
    while (src != end) {
        const char16_t *run = src; // plain ASCII, copied in one piece
        while (src != end && *src < 0x80 && *src >= 0x20 && *src != u'"' && *src != u'\\')
            ++src;
        if (src != run) {
            const qsizetype at = out.size();
            out.resize(at + (src - run));
            char *dst = out.data() + at;
            for (const char16_t *p = run; p != src; ++p)
                *dst++ = char(*p);
        }
        if (src == end)
            break;
        const char32_t u = *src++;
        if (u < 0x80) {
            out += '\\';
            switch (u) {
            case u'"':
                out += '"';
                break;
            case u'\\':
                out += '\\';
                break;
            case 0x8:
                out += 'b';
                break;
            case 0xc:
                out += 'f';
                break;
            case 0xa:
                out += 'n';
                break;
            case 0xd:
                out += 'r';
                break;
            case 0x9:
                out += 't';
                break;
            default:
                out += "u00";
                out += kHex[u >> 4];
                out += kHex[u & 0xf];
            }
        } else if (u < 0x800) {
            out += char(0xc0 | (u >> 6));
            out += char(0x80 | (u & 0x3f));
        } else if (!QChar::isSurrogate(u)) {
            out += char(0xe0 | (u >> 12));
            out += char(0x80 | ((u >> 6) & 0x3f));
            out += char(0x80 | (u & 0x3f));
        } else if (QChar::isHighSurrogate(u) && src != end && QChar::isLowSurrogate(*src)) {
            const char32_t ucs4 = QChar::surrogateToUcs4(char16_t(u), *src++);
            out += char(0xf0 | (ucs4 >> 18));
            out += char(0x80 | ((ucs4 >> 12) & 0x3f));
            out += char(0x80 | ((ucs4 >> 6) & 0x3f));
            out += char(0x80 | (ucs4 & 0x3f));
        } else {
            out += "\\u";
            for (int shift = 12; shift >= 0; shift -= 4)
                out += kHex[(u >> shift) & 0xf];
        }
    }
    out += '"';
}

} // namespace

void appendCorrectionsJson(QByteArray &out, const QList<CorrectionEvent> &events)
{
    // The members in key order, as QJsonObject keeps them.
    out += '[';
    for (qsizetype i = 0; i < events.size(); ++i) {
        const CorrectionEvent &e = events[i];
        if (i > 0)
            out += ',';
        out += "{\"author\":";
        appendJsonString(out, e.author);
        out += ",\"created_at\":";
        appendJsonString(out, e.createdAt);
        out += ",\"field\":";
        appendJsonString(out, curationFieldKey(e.field));
        out += ",\"id\":";
        appendJsonString(out, e.id);
        out += ",\"observation\":";
        appendJsonString(out, e.observation);
        out += ",\"parents\":[";
        for (qsizetype p = 0; p < e.parents.size(); ++p) {
            if (p > 0)
                out += ',';
            appendJsonString(out, e.parents[p]);
        }
        out += "],\"record\":";
        appendJsonString(out, e.record);
        if (e.seq) {
            out += ",\"seq\":";
            out += QByteArray::number(*e.seq);
        }
        out += ",\"value\":";
        if (e.value)
            appendJsonString(out, *e.value);
        else
            out += "null";
        out += '}';
    }
    out += ']';
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
    // Each text member looked up and converted once (a page holds thousands of events).
    enum Text { Id, Record_, Observation, Field, Author, CreatedAt, TextCount };
    static constexpr const char *kTextKeys[TextCount] = { "id", "record", "observation", "field", "author",
                                                          "created_at" };
    std::array<QString, TextCount> texts;
    for (int i = 0; i < TextCount; ++i) {
        const char *key = kTextKeys[i];
        const QJsonValue v = text(key);
        if (!v.isString())
            return bad(QLatin1String(key), QStringLiteral("expected a string, found %1").arg(jsonTypeName(v)));
        texts[i] = v.toString();
        if (texts[i].isEmpty())
            return bad(QLatin1String(key), QStringLiteral("must not be empty"));
        if (texts[i].size() > kMaxText)
            return bad(QLatin1String(key), QStringLiteral("longer than %1 characters").arg(kMaxText));
    }
    CorrectionEvent e;
    // isUuid() takes lower-case hex digits only: a UUID it accepts is in lower case.
    e.id = std::move(texts[Id]);
    if (!isUuid(e.id))
        return bad(QStringLiteral("id"), QStringLiteral("expected a lower-case UUID, found %1").arg(quoted(e.id)));
    e.record = std::move(texts[Record_]);
    const IdentifierCheck record = parseArxivId(e.record);
    if (!record.ok() || record.identifier->base != e.record)
        return bad(QStringLiteral("record"),
                   QStringLiteral("expected an arXiv id without version such as 2104.04473, found %1").arg(quoted(e.record)));
    e.observation = std::move(texts[Observation]);
    if (!isUuid(e.observation))
        return bad(QStringLiteral("observation"),
                   QStringLiteral("expected a lower-case UUID, found %1").arg(quoted(e.observation)));
    const auto field = parseCurationField(texts[Field]);
    if (!field)
        return bad(QStringLiteral("field"), QStringLiteral("unknown field %1").arg(quoted(texts[Field])));
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
    e.parents.reserve(parentArray.size());
    for (qsizetype i = 0; i < parentArray.size(); ++i) {
        const QString parent = parentArray.at(i).toString();
        if (!isUuid(parent) || parent == e.id)
            return bad(QStringLiteral("parents[%1]").arg(i),
                       QStringLiteral("expected the lower-case UUID of an earlier event, found %1")
                               .arg(parentArray.at(i).isString() ? quoted(parent) : jsonTypeName(parentArray.at(i))));
        e.parents.append(parent);
    }
    e.author = std::move(texts[Author]);
    if (e.author.contains(u'\n') || e.author.contains(u'\r'))
        return bad(QStringLiteral("author"), QStringLiteral("must be one line"));
    e.createdAt = std::move(texts[CreatedAt]);
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
