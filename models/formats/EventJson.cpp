// SPDX-License-Identifier: GPL-3.0-or-later
#include "EventJson.h"

#include "Quote.h"

#include "CuratedRecord.h"
#include "Identifier.h"
#include "JsonCursor.h"
#include "JsonEscape.h"
#include "JsonText.h"
#include "TextHygiene.h"

#include <QDateTime>
#include <QJsonDocument>

#include <array>
#include <cmath>

namespace LedgerCurator {

namespace {

constexpr qsizetype kKeyIdLength = 32; // docs/signatures.md
constexpr qsizetype kSignatureLength = 86; // 64 bytes in base64url without padding
constexpr qsizetype kMaxText = 4096; // longest value, author or title a correction may carry
constexpr qsizetype kMaxParents = kMaxEventParents; // CurationLog.h: client and server alike

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

QJsonObject correctionToJson(const CorrectionEvent &e)
{
    QJsonObject o { { QStringLiteral("id"), e.id }, { QStringLiteral("record"), e.record },
        { QStringLiteral("observation"), e.observation },
        { QStringLiteral("field"), curationFieldKey(e.field) },
        { QStringLiteral("value"), e.value ? QJsonValue(*e.value) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("parents"), QJsonArray::fromStringList(e.parents) },
        { QStringLiteral("author"), e.author }, { QStringLiteral("created_at"), e.createdAt } };
    if (e.seq)
        o.insert(QStringLiteral("seq"), *e.seq);
    if (!e.keyId.isEmpty() || !e.signature.isEmpty()) {
        o.insert(QStringLiteral("key_id"), e.keyId);
        o.insert(QStringLiteral("signature"), e.signature);
    }
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

//! A JSON string as Qt's JSON writer writes it (JsonEscape.h), quotes included.
void appendJsonString(QByteArray &out, QStringView text)
{
    out += '"';
    JsonEscape::appendEscaped(out, text);
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
        const bool signature = !e.keyId.isEmpty() || !e.signature.isEmpty();
        if (signature) {
            out += ",\"key_id\":";
            appendJsonString(out, e.keyId);
        }
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
        if (signature) {
            out += ",\"signature\":";
            appendJsonString(out, e.signature);
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
            return QStringLiteral("duplicate-of takes a lower-case observation UUID, found %1")
                .arg(quoted(*value));
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

namespace {

enum EventText { Id, RecordId, ObservationId, FieldName, Author, CreatedAt, EventTextCount };
constexpr const char *kEventTextKeys[EventTextCount]
    = { "id", "record", "observation", "field", "author", "created_at" };

//! One event's members, each of the type the wire form gives it, not yet checked further.
struct RawEvent
{
    std::array<QString, EventTextCount> texts;
    std::optional<QString> value;
    QStringList parents;
    std::optional<qint64> seq;
    std::optional<QString> keyId; // both or neither
    std::optional<QString> signature;
};

bool isLowerHex(const QString &text, qsizetype size)
{
    return text.size() == size && std::all_of(text.cbegin(), text.cend(), [](QChar c) {
        return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f');
    });
}

bool isBase64Url(const QString &text, qsizetype size)
{
    return text.size() == size && std::all_of(text.cbegin(), text.cend(), [](QChar c) {
        return (c >= u'A' && c <= u'Z') || (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9')
            || c == u'-' || c == u'_';
    });
}

//! Checks what the members say, in the order the messages name them, and makes the event.
//! With `setAside`, a value or author holding what TextHygiene.h refuses, or a time not in the
//! protocol's form, does not fail the event: the first such problem is told there and the event
//! made as it is (for one a server stored before it checked these, to be kept aside).
Result<CorrectionEvent> checkedEvent(
    RawEvent raw, const QString &where, QString *setAside = nullptr)
{
    auto bad = [&where](const QString &member, const QString &message) {
        return Error::badInput(where + QLatin1Char('.') + member + QStringLiteral(": ") + message);
    };
    // Whether a problem of text may be set aside; if so, the first one is kept.
    auto aside = [&](const QString &member, const QString &message) {
        if (!setAside)
            return false;
        if (setAside->isEmpty())
            *setAside = where + QLatin1Char('.') + member + QStringLiteral(": ") + message;
        return true;
    };
    for (int i = 0; i < EventTextCount; ++i) {
        if (raw.texts[i].isEmpty())
            return bad(QLatin1String(kEventTextKeys[i]), QStringLiteral("must not be empty"));
        if (raw.texts[i].size() > kMaxText)
            return bad(QLatin1String(kEventTextKeys[i]),
                QStringLiteral("longer than %1 characters").arg(kMaxText));
        if (const QString problem = textProblem(raw.texts[i]); !problem.isEmpty()) {
            if (!(i == Author && aside(QLatin1String(kEventTextKeys[i]), problem)))
                return bad(QLatin1String(kEventTextKeys[i]), problem);
        }
    }
    CorrectionEvent e;
    // isUuid() takes lower-case hex digits only: a UUID it accepts is in lower case.
    e.id = std::move(raw.texts[Id]);
    if (!isUuid(e.id))
        return bad(QStringLiteral("id"),
            QStringLiteral("expected a lower-case UUID, found %1").arg(quoted(e.id)));
    e.record = std::move(raw.texts[RecordId]);
    const IdentifierCheck record = parseArxivId(e.record);
    if (!record.ok() || record.identifier->base != e.record)
        return bad(QStringLiteral("record"),
            QStringLiteral("expected an arXiv id without version such as 2104.04473, found %1")
                .arg(quoted(e.record)));
    e.observation = std::move(raw.texts[ObservationId]);
    if (!isUuid(e.observation))
        return bad(QStringLiteral("observation"),
            QStringLiteral("expected a lower-case UUID, found %1").arg(quoted(e.observation)));
    const auto field = parseCurationField(raw.texts[FieldName]);
    if (!field)
        return bad(QStringLiteral("field"),
            QStringLiteral("unknown field %1").arg(quoted(raw.texts[FieldName])));
    e.field = *field;
    const QString valueProblem = textProblem(raw.value.value_or(QString()));
    e.value = std::move(raw.value);
    if (!valueProblem.isEmpty()) {
        if (!aside(QStringLiteral("value"), valueProblem))
            return bad(QStringLiteral("value"), valueProblem);
    } else if (const QString problem = checkCorrectionValue(e.field, e.value); !problem.isEmpty()) {
        return bad(QStringLiteral("value"), problem);
    }
    if (raw.parents.size() > kMaxParents)
        return bad(
            QStringLiteral("parents"), QStringLiteral("more than %1 parents").arg(kMaxParents));
    for (qsizetype i = 0; i < raw.parents.size(); ++i) {
        const QString &parent = raw.parents[i];
        if (!isUuid(parent) || parent == e.id)
            return bad(QStringLiteral("parents[%1]").arg(i),
                QStringLiteral("expected the lower-case UUID of an earlier event, found %1")
                    .arg(quoted(parent)));
    }
    e.parents = std::move(raw.parents);
    e.author = std::move(raw.texts[Author]);
    if (e.author.contains(u'\n') || e.author.contains(u'\r'))
        return bad(QStringLiteral("author"), QStringLiteral("must be one line"));
    e.createdAt = std::move(raw.texts[CreatedAt]);
    if (!isCanonicalUtcTime(e.createdAt)
        && !aside(QStringLiteral("created_at"),
            QStringLiteral("expected a UTC time written yyyy-MM-ddTHH:mm:ss.zzzZ, found %1")
                .arg(quoted(e.createdAt))))
        return bad(QStringLiteral("created_at"),
            QStringLiteral("expected a UTC time written yyyy-MM-ddTHH:mm:ss.zzzZ such as "
                           "2026-11-29T17:00:00.000Z, found %1")
                .arg(quoted(e.createdAt)));
    e.seq = raw.seq;
    if (raw.keyId.has_value() != raw.signature.has_value())
        return bad(raw.keyId ? QStringLiteral("signature") : QStringLiteral("key_id"),
            QStringLiteral("missing: a signed event has both key_id and signature"));
    if (raw.keyId) {
        if (!isLowerHex(*raw.keyId, kKeyIdLength))
            return bad(QStringLiteral("key_id"),
                QStringLiteral("expected 32 lower-case hex digits, found %1")
                    .arg(quoted(*raw.keyId)));
        if (!isBase64Url(*raw.signature, kSignatureLength))
            return bad(QStringLiteral("signature"),
                QStringLiteral("expected 86 base64url characters, found %1 characters")
                    .arg(raw.signature->size()));
        e.keyId = std::move(*raw.keyId);
        e.signature = std::move(*raw.signature);
    }
    return e;
}

} // namespace

QString checkCorrectionEvent(const CorrectionEvent &event)
{
    RawEvent raw;
    raw.texts[Id] = event.id;
    raw.texts[RecordId] = event.record;
    raw.texts[ObservationId] = event.observation;
    raw.texts[FieldName] = curationFieldKey(event.field);
    raw.texts[Author] = event.author;
    raw.texts[CreatedAt] = event.createdAt;
    raw.value = event.value;
    raw.parents = event.parents;
    raw.seq = event.seq;
    if (!event.keyId.isEmpty() || !event.signature.isEmpty()) {
        raw.keyId = event.keyId;
        raw.signature = event.signature;
    }
    auto checked = checkedEvent(std::move(raw), QStringLiteral("correction %1").arg(event.id));
    return checked ? QString() : checked.error().message;
}

namespace {

Result<CorrectionEvent> readCorrection(
    const QJsonValue &value, const QString &where, QString *setAside)
{
    if (!value.isObject())
        return Error::badInput(QStringLiteral("%1: expected an event object, found %2")
                                   .arg(where, jsonTypeName(value)));
    const QJsonObject o = value.toObject();
    auto bad = [&where](const QString &member, const QString &message) {
        return Error::badInput(where + QLatin1Char('.') + member + QStringLiteral(": ") + message);
    };
    auto member = [&o](const char *key) { return o.value(QLatin1String(key)); };
    // First the type of every member (each looked up and converted once: a page holds thousands
    // of events), then what they say (checkedEvent(), which the direct page reader shares).
    RawEvent raw;
    for (int i = 0; i < EventTextCount; ++i) {
        const char *key = kEventTextKeys[i];
        const QJsonValue v = member(key);
        if (!v.isString())
            return bad(QLatin1String(key),
                QStringLiteral("expected a string, found %1").arg(jsonTypeName(v)));
        raw.texts[i] = v.toString();
    }
    const QJsonValue v = member("value");
    if (v.isString())
        raw.value = v.toString();
    else if (!v.isNull())
        return bad(QStringLiteral("value"),
            QStringLiteral("expected a string or null, found %1").arg(jsonTypeName(v)));
    const QJsonValue parents = member("parents");
    if (!parents.isArray())
        return bad(QStringLiteral("parents"),
            QStringLiteral("expected an array of event ids, found %1").arg(jsonTypeName(parents)));
    const QJsonArray parentArray = parents.toArray();
    if (parentArray.size() <= kMaxParents) {
        raw.parents.reserve(parentArray.size());
        for (qsizetype i = 0; i < parentArray.size(); ++i) {
            if (!parentArray.at(i).isString())
                return bad(QStringLiteral("parents[%1]").arg(i),
                    QStringLiteral("expected the lower-case UUID of an earlier event, found %1")
                        .arg(jsonTypeName(parentArray.at(i))));
            raw.parents.append(parentArray.at(i).toString());
        }
    } else {
        raw.parents.resize(parentArray.size()); // too many: checkedEvent() says so
    }
    const QJsonValue seq = member("seq");
    if (!seq.isUndefined() && !seq.isNull()) {
        const double d = seq.toDouble(-1);
        if (!seq.isDouble() || d < 1 || d > 9007199254740992.0 || d != double(qint64(d)))
            return bad(QStringLiteral("seq"),
                QStringLiteral("expected a positive whole number, found %1")
                    .arg(jsonTypeName(seq)));
        raw.seq = qint64(d);
    }
    for (const auto &[key, target] :
        { std::pair { "key_id", &raw.keyId }, std::pair { "signature", &raw.signature } }) {
        const QJsonValue v = member(key);
        if (v.isUndefined() || v.isNull())
            continue;
        if (!v.isString())
            return bad(QLatin1String(key),
                QStringLiteral("expected a string, found %1").arg(jsonTypeName(v)));
        *target = v.toString();
    }
    return checkedEvent(std::move(raw), where, setAside);
}

} // namespace

Result<CorrectionEvent> correctionFromJson(const QJsonValue &value, const QString &where)
{
    return readCorrection(value, where, nullptr);
}

Result<CorrectionEvent> correctionFromJson(
    const QJsonValue &value, const QString &where, QString *setAside)
{
    return readCorrection(value, where, setAside);
}

Result<QList<CorrectionEvent>> correctionsFromJson(const QJsonValue &value, const QString &where)
{
    if (!value.isArray())
        return Error::badInput(QStringLiteral("%1: expected an array of events, found %2")
                                   .arg(where, jsonTypeName(value)));
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

std::optional<qint64> jsonWholeNumber(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9007199254740992.0)
        return std::nullopt;
    return qint64(d);
}

Result<EventPageJson> readEventPageJsonThroughDocument(const QByteArray &body)
{
    JsonTextError parseError;
    const auto parsed = parseJsonStrictly(body, &parseError);
    if (!parsed)
        return Error::badInput(QStringLiteral("not JSON (%1 at byte %2)")
                                   .arg(parseError.message)
                                   .arg(parseError.offset));
    const QJsonDocument &document = *parsed;
    if (!document.isObject())
        return Error::badInput(QStringLiteral("expected an object"));
    const QJsonObject object = document.object();
    EventPageJson page;
    const QJsonValue events = object.value(QStringLiteral("events"));
    if (!events.isArray())
        return Error::badInput(QStringLiteral("events: expected an array of events, found %1")
                                   .arg(jsonTypeName(events)));
    const QJsonArray array = events.toArray();
    page.events.reserve(array.size());
    for (qsizetype i = 0; i < array.size(); ++i) {
        QString setAside;
        auto e = readCorrection(array.at(i), QStringLiteral("events[%1]").arg(i), &setAside);
        if (!e)
            return e.error();
        if (!setAside.isEmpty())
            page.setAside.insert(i, setAside);
        page.events.append(std::move(*e));
    }
    const auto count = [&object](const QString &key, qint64 &out) -> Status {
        const QJsonValue v = object.value(key);
        const auto n = jsonWholeNumber(v);
        if (!n || *n < 0)
            return Error::badInput(QStringLiteral("\"%1\": expected a whole number, found %2")
                                       .arg(key, jsonTypeName(v)));
        out = *n;
        return {};
    };
    if (auto status = count(QStringLiteral("last_seq"), page.lastSeq); !status)
        return status.error();
    if (auto status = count(QStringLiteral("latest_seq"), page.latestSeq); !status)
        return status.error();
    const QJsonValue more = object.value(QStringLiteral("more"));
    if (!more.isBool())
        return Error::badInput(
            QStringLiteral("\"more\": expected true or false, found %1").arg(jsonTypeName(more)));
    page.more = more.toBool();
    return page;
}

namespace {

//! Reads a page of events straight from the bytes (with the JsonCursor), for the pages it is sure
//! to read as the QJsonDocument path does: well-formed JSON whose strings the cursor decodes,
//! whose numbers are whole and written as digits only, whose objects hold each known member
//! once and no other, and whose every event passes checkedEvent(). On anything else it gives up
//! (nullopt) without saying why, and readEventPageJson() reads the page through QJsonDocument,
//! which accepts or refuses it and says where and what. A server writes exactly such pages
//! (appendCorrectionsJson), so the QJsonDocument path is left for odd or broken ones.
class DirectPageReader
{
public:
    explicit DirectPageReader(QByteArrayView text)
        : m_json(text)
    {
    }

    std::optional<EventPageJson> page()
    {
        enum Member { Events, LastSeq, LatestSeq, More, MemberCount };
        EventPageJson page;
        JsonMembersSeen seen;
        const bool ok = m_json.members([&](QByteArrayView key) {
            if (key == "events")
                return seen.once(Events) && events(page.events);
            if (key == "last_seq")
                return seen.once(LastSeq) && number(page.lastSeq);
            if (key == "latest_seq")
                return seen.once(LatestSeq) && number(page.latestSeq);
            if (key == "more")
                return seen.once(More) && m_json.boolean(page.more);
            return false;
        });
        if (!ok || !seen.first(MemberCount) || !m_json.atEnd())
            return std::nullopt;
        return page;
    }

private:
    //! At most 15 digits: a double holds them exactly, as the QJsonDocument path reads them.
    bool number(qint64 &out) { return m_json.wholeNumber(out, 15); }

    bool events(QList<CorrectionEvent> &out)
    {
        return m_json.elements([&] {
            enum Member { Value = EventTextCount, Parents, Seq, KeyId, Signature };
            RawEvent raw;
            JsonMembersSeen seen;
            const bool ok = m_json.members([&](QByteArrayView key) {
                for (int i = 0; i < EventTextCount; ++i) {
                    if (key == kEventTextKeys[i])
                        return seen.once(i) && m_json.string(raw.texts[i]);
                }
                if (key == "value") {
                    if (!seen.once(Value))
                        return false;
                    if (m_json.peek('n'))
                        return m_json.null();
                    QString value;
                    if (!m_json.string(value))
                        return false;
                    raw.value = std::move(value);
                    return true;
                }
                if (key == "parents")
                    return seen.once(Parents) && m_json.elements([&] {
                        QString parent;
                        if (!m_json.string(parent))
                            return false;
                        raw.parents.append(std::move(parent));
                        return true;
                    });
                if (key == "seq") {
                    if (!seen.once(Seq))
                        return false;
                    if (m_json.peek('n'))
                        return m_json.null();
                    qint64 seq = 0;
                    if (!number(seq) || seq < 1)
                        return false;
                    raw.seq = seq;
                    return true;
                }
                if (key == "key_id" || key == "signature") {
                    const bool isKey = key == "key_id";
                    if (!seen.once(isKey ? KeyId : Signature))
                        return false;
                    QString text;
                    if (!m_json.string(text))
                        return false;
                    (isKey ? raw.keyId : raw.signature) = std::move(text);
                    return true;
                }
                return false;
            });
            if (!ok || !seen.first(Seq)) // all but seq
                return false;
            auto event = checkedEvent(std::move(raw), QString());
            if (!event)
                return false;
            out.append(std::move(*event));
            return true;
        });
    }

    JsonCursor m_json;
};

} // namespace

std::optional<EventPageJson> readEventPageJsonDirectly(const QByteArray &body)
{
    return DirectPageReader(body).page();
}

Result<EventPageJson> readEventPageJson(const QByteArray &body)
{
    if (auto page = readEventPageJsonDirectly(body))
        return std::move(*page);
    return readEventPageJsonThroughDocument(body);
}

} // namespace LedgerCurator
