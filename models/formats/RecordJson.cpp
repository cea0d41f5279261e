// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecordJson.h"

#include "JsonEscape.h"
#include "JsonLineIndex.h"
#include "TwoThreadBlocks.h"

#include <QDate>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QJsonValue>
#include <QLocale>

#include <algorithm>
#include <array>
#include <charconv>
#include <iterator>
#include <string>
#include <string_view>
#include <climits>
#include <cstring>
#include <functional>
#include <optional>

namespace LedgerCurator {

namespace {

// ---------------------------------------------------------------------------------------------
// Writing

QJsonObject eventsCheckToJson(const EventsCheck &check)
{
    QJsonObject out;
    out.insert(QStringLiteral("status"), eventsStatusKey(check.status));
    switch (check.status) {
    case EventsCheck::Status::NoneFound:
        out.insert(QStringLiteral("as_of"), check.asOf);
        break;
    case EventsCheck::Status::Unavailable:
        out.insert(QStringLiteral("reason"), check.reason);
        break;
    case EventsCheck::Status::Found: {
        out.insert(QStringLiteral("as_of"), check.asOf);
        QJsonArray events;
        for (const SourceEvent &event : check.events) {
            QJsonObject e;
            e.insert(QStringLiteral("kind"), eventKindKey(event.kind));
            e.insert(QStringLiteral("date"), event.date);
            e.insert(QStringLiteral("source"), event.source);
            if (!event.notice.isEmpty())
                e.insert(QStringLiteral("notice"), event.notice);
            if (!event.detail.isEmpty())
                e.insert(QStringLiteral("detail"), event.detail);
            events.append(e);
        }
        out.insert(QStringLiteral("events"), events);
        break;
    }
    }
    return out;
}

QJsonObject observationToJson(const Observation &o)
{
    QJsonObject out;
    out.insert(QStringLiteral("id"), o.id);
    out.insert(QStringLiteral("direction"), directionKey(o.direction));
    out.insert(QStringLiteral("citing_title"), o.citingTitle);
    out.insert(QStringLiteral("cited_title"), o.citedTitle);
    out.insert(QStringLiteral("reference"), o.reference ? QJsonValue(*o.reference) : QJsonValue());
    out.insert(QStringLiteral("state"), stateKey(o.state));
    out.insert(QStringLiteral("basis"), o.basis);
    out.insert(QStringLiteral("observed_at"), o.observedAt);
    out.insert(QStringLiteral("events_check"), eventsCheckToJson(o.events));
    if (!o.curation.isEmpty())
        out.insert(QStringLiteral("curation"), curationToJson(o.curation));
    return out;
}

} // namespace

QJsonObject curationToJson(const CurationInfo &c)
{
    {
        QJsonObject curation;
        auto put = [&curation](const char *key, const QString &value) {
            if (!value.isEmpty())
                curation.insert(QLatin1String(key), value);
        };
        put("mark", c.mark);
        put("identifier", c.identifier);
        put("note", c.note);
        put("duplicate_of", c.duplicateOf);
        put("review", c.review);
        put("review_note", c.reviewNote);
        if (c.excluded)
            curation.insert(QStringLiteral("excluded"), true);
        if (!c.conflicts.isEmpty())
            curation.insert(QStringLiteral("conflicts"), QJsonArray::fromStringList(c.conflicts));
        return curation;
    }
}

CurationInfo curationFromJson(const QJsonObject &object)
{
    CurationInfo c;
    c.mark = object.value(QLatin1String("mark")).toString();
    c.identifier = object.value(QLatin1String("identifier")).toString();
    c.note = object.value(QLatin1String("note")).toString();
    c.duplicateOf = object.value(QLatin1String("duplicate_of")).toString();
    c.review = object.value(QLatin1String("review")).toString();
    c.reviewNote = object.value(QLatin1String("review_note")).toString();
    c.excluded = object.value(QLatin1String("excluded")).toBool(false);
    for (const auto &v : object.value(QLatin1String("conflicts")).toArray())
        c.conflicts.append(v.toString());
    return c;
}

namespace {

QJsonObject statedCountsToJson(const StatedCounts &s)
{
    QJsonObject out;
    out.insert(QStringLiteral("outbound_listed"), s.outboundListed);
    out.insert(QStringLiteral("outbound_total"), s.outboundTotal);
    out.insert(QStringLiteral("inbound"), s.inbound);
    out.insert(QStringLiteral("outbound_displayed"), s.outboundDisplayed);
    out.insert(QStringLiteral("outbound_displayed_of"), s.outboundDisplayedOf);
    QJsonObject states;
    for (const ResolutionState state : kAllResolutionStates)
        states.insert(stateKey(state), s.outboundStates[static_cast<int>(state)]);
    out.insert(QStringLiteral("outbound_states"), states);
    return out;
}

QJsonObject facetToJson(const CoverageFacet &f)
{
    QJsonObject out;
    out.insert(QStringLiteral("facet"), facetKey(f.kind));
    out.insert(QStringLiteral("measured"), f.measured);
    out.insert(QStringLiteral("of"), f.of);
    out.insert(QStringLiteral("description"), f.description);
    out.insert(QStringLiteral("sources"), QJsonArray::fromStringList(f.sources));
    if (!f.observedAt.isEmpty())
        out.insert(QStringLiteral("observed_at"), f.observedAt);
    return out;
}

QJsonObject measurementToJson(const ExternalMeasurement &m)
{
    QJsonObject out;
    out.insert(QStringLiteral("value"), m.value);
    out.insert(QStringLiteral("source"), m.source);
    if (!m.observedAt.isEmpty())
        out.insert(QStringLiteral("observed_at"), m.observedAt);
    return out;
}

// ---------------------------------------------------------------------------------------------
// Reading

//! Where a value is: a chain of member names and array indexes, kept on the stack and turned
//! into text only when an error is reported.
struct Path
{
    const Path *parent = nullptr;
    const char *key = nullptr; // a member of an object, or
    qsizetype index = -1; // an element of an array

    Path operator/(const char *member) const { return Path { this, member, -1 }; }
    Path operator[](qsizetype element) const { return Path { this, nullptr, element }; }
    bool isRoot() const { return parent == nullptr; }

    //! "/observations/3/reference"
    QString pointer() const
    {
        if (isRoot())
            return {};
        QString out = parent->pointer();
        out += QLatin1Char('/');
        if (key)
            out += JsonLineIndex::escapeKey(QString::fromLatin1(key));
        else
            out += QString::number(index);
        return out;
    }

    //! "observations[3].reference"
    QString display() const
    {
        if (isRoot())
            return QStringLiteral("the top level");
        QString out = parent->isRoot() ? QString() : parent->display();
        if (key) {
            if (!out.isEmpty())
                out += QLatin1Char('.');
            out += QLatin1String(key);
        } else {
            out += QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
        }
        return out;
    }
};

QString quoted(const QString &text)
{
    constexpr qsizetype kMaxShown = 60;
    QString shown = text.size() > kMaxShown ? text.left(kMaxShown) + QChar(0x2026) : text;
    shown.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    shown.replace(QLatin1Char('"'), QLatin1String("\\\""));
    shown.replace(QLatin1Char('\n'), QLatin1String("\\n"));
    shown.replace(QLatin1Char('\r'), QLatin1String("\\r"));
    shown.replace(QLatin1Char('\t'), QLatin1String("\\t"));
    return QLatin1Char('"') + shown + QLatin1Char('"');
}

//! A JSON number that is whole and fits a qint64.
std::optional<qint64> wholeNumber(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const qint64 n = value.toInteger(-1);
    if (n == -1 && value.toDouble() != -1.0)
        return std::nullopt;
    return n;
}

//! What a value is, for "found ..." in messages.
QString describe(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Undefined:
        return QStringLiteral("nothing (the key is missing)");
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("the value true")
                              : QStringLiteral("the value false");
    case QJsonValue::Double:
        if (const auto whole = wholeNumber(value))
            return QStringLiteral("the number ") + QString::number(*whole);
        return QStringLiteral("the number ")
            + QString::number(value.toDouble(), 'g', QLocale::FloatingPointShortest);
    case QJsonValue::String:
        return QStringLiteral("the string ") + quoted(value.toString());
    case QJsonValue::Array: {
        const qsizetype n = value.toArray().size();
        if (n == 0)
            return QStringLiteral("an empty array");
        return n == 1 ? QStringLiteral("an array of 1 element")
                      : QStringLiteral("an array of %1 elements").arg(n);
    }
    case QJsonValue::Object:
        return QStringLiteral("an object");
    }
    return QStringLiteral("something else");
}

//! A validateRecord() message mentioning one of these words is about that member.
struct MessageMember
{
    const char *words;
    const char *member;
};
constexpr MessageMember kObservationMembers[] = {
    { "UUID", "id" },
    { "appears twice", "id" },
    { "outbound observations must come before", "direction" },
    { "citing title", "citing_title" },
    { "cited title", "cited_title" },
    { "reference number", "reference" },
    { "basis", "basis" },
    { "observed timestamp", "observed_at" },
    { "event", "events_check" },
};
constexpr MessageMember kRecordMembers[] = {
    { "arXiv id", "arxiv_id" },
    { "version", "version" },
    { "record title", "title" },
    { "schema", "schema" },
    { "coverage", "coverage" },
};

class Decoder
{
public:
    Decoder(const QString &file, const JsonLineIndex *index)
        : m_file(file)
        , m_index(index)
    {
    }

    std::optional<Error> error;

    //! Records an error at \a at; returns false, for "return fail(...)".
    bool fail(const Path &at, const QString &message)
    {
        error = Error::badInput(message, m_file, lineOf(at));
        return false;
    }

    bool failExpected(const Path &at, const QString &expected, const QJsonValue &found)
    {
        return fail(at,
            at.display() + QStringLiteral(": expected ") + expected + QStringLiteral(", found ")
                + describe(found));
    }

    //! The line of the value at \a at, or of the nearest enclosing value that exists (a
    //! missing member is reported at the object that lacks it). 0 without an index.
    int lineOf(const Path &at) const
    {
        if (!m_index)
            return 0;
        for (const Path *p = &at; p; p = p->parent) {
            if (const int line = m_index->line(p->pointer()); line > 0)
                return line;
        }
        return 0;
    }

    std::optional<QJsonObject> object(const QJsonValue &value, const Path &at)
    {
        if (value.isObject())
            return value.toObject();
        failExpected(at, QStringLiteral("an object"), value);
        return std::nullopt;
    }

    std::optional<QJsonArray> array(const QJsonValue &value, const Path &at)
    {
        if (value.isArray())
            return value.toArray();
        failExpected(at, QStringLiteral("an array"), value);
        return std::nullopt;
    }

    std::optional<QString> string(const QJsonValue &value, const Path &at)
    {
        if (value.isString())
            return value.toString();
        failExpected(at, QStringLiteral("a string"), value);
        return std::nullopt;
    }

    //! A string that may be left out (or be null): empty then.
    std::optional<QString> optionalString(const QJsonValue &value, const Path &at)
    {
        if (value.isUndefined() || value.isNull())
            return QString();
        return string(value, at);
    }

    //! A whole JSON number, 0 or more.
    std::optional<qint64> count(const QJsonValue &value, const Path &at, bool nullable = false)
    {
        const auto n = wholeNumber(value);
        if (n && *n >= 0)
            return n;
        QString expected = n ? QStringLiteral("a whole number of 0 or more") // negative
                             : QStringLiteral("a whole number");
        if (nullable)
            expected += n ? QStringLiteral(", or null") : QStringLiteral(" or null");
        failExpected(at, expected, value);
        return std::nullopt;
    }

    //! One of a fixed set of words; \a expected says which, and is called only on failure.
    template <typename T>
    std::optional<T> keyword(const QJsonValue &value, const Path &at,
        std::optional<T> (*parse)(QStringView), QString (*expected)())
    {
        if (value.isString()) {
            if (const auto parsed = parse(value.toString()))
                return parsed;
        }
        failExpected(at, expected(), value);
        return std::nullopt;
    }

    std::optional<Record> record(const QJsonObject &top);

    //! Reports validateRecord()'s \a message at the value it is most likely about.
    void failValidation(const QString &message, const QJsonObject &top);

private:
    std::optional<StatedCounts> statedCounts(const QJsonValue &value, const Path &at);
    std::optional<CoverageFacet> facet(const QJsonValue &value, const Path &at, qsizetype i);
    std::optional<ExternalMeasurement> measurement(const QJsonValue &value, const Path &at);
    std::optional<Observation> observation(const QJsonValue &value, const Path &at);
    std::optional<EventsCheck> eventsCheck(const QJsonValue &value, const Path &at);
    std::optional<SourceEvent> sourceEvent(const QJsonValue &value, const Path &at);

    const QString &m_file;
    const JsonLineIndex *m_index;
};

//! "\"a\", \"b\" or \"c\"" (or "and").
QString listOf(QStringList keys, QLatin1String conjunction)
{
    for (QString &key : keys)
        key = QLatin1Char('"') + key + QLatin1Char('"');
    const QString last = keys.takeLast();
    return keys.join(QStringLiteral(", ")) + QLatin1Char(' ') + conjunction + QLatin1Char(' ')
        + last;
}

QString oneOf(const QStringList &keys)
{
    return QStringLiteral("one of ") + listOf(keys, QLatin1String("or"));
}

QString expectedStates()
{
    QStringList keys;
    for (const ResolutionState state : kAllResolutionStates)
        keys.append(stateKey(state));
    return oneOf(keys);
}

QStringList facetKeys()
{
    QStringList keys;
    for (int i = 0; i < kCoverageFacetCount; ++i)
        keys.append(facetKey(static_cast<CoverageFacet::Kind>(i)));
    return keys;
}

QString expectedFacets()
{
    return oneOf(facetKeys());
}

QString expectedDirections()
{
    return QStringLiteral("\"outbound\" or \"inbound\"");
}

QString expectedEventsStatus()
{
    return QStringLiteral("\"none_found\", \"unavailable\" or \"found\"");
}

QString expectedKinds()
{
    QStringList keys;
    for (const auto kind : { EventKind::Retraction, EventKind::Correction,
             EventKind::ExpressionOfConcern, EventKind::Withdrawal, EventKind::Reinstatement })
        keys.append(eventKindKey(kind));
    return oneOf(keys);
}

std::optional<EventsCheck::Status> parseEventsStatus(QStringView text)
{
    for (const auto status : { EventsCheck::Status::NoneFound, EventsCheck::Status::Unavailable,
             EventsCheck::Status::Found }) {
        if (text == eventsStatusKey(status))
            return status;
    }
    return std::nullopt;
}

//! "2104.04473v5", "hep-th/9901001v2": an id that still carries its version.
bool hasVersionSuffix(QStringView id)
{
    qsizetype i = id.size();
    while (i > 0 && id[i - 1].isDigit())
        --i;
    return i < id.size() && i >= 2 && id[i - 1] == u'v' && id[i - 2].isDigit();
}

//! YYYY-MM-DD, and a real date.
bool isIsoDate(const QString &text)
{
    if (text.size() != 10)
        return false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const bool dash = i == 4 || i == 7;
        if (dash ? text[i] != u'-' : (text[i] < u'0' || text[i] > u'9'))
            return false;
    }
    return QDate::fromString(text, Qt::ISODate).isValid();
}

std::optional<Record> Decoder::record(const QJsonObject &top)
{
    const Path root;
    Record r;

    // The schema first: a record of another schema should say so, not trip over a field.
    const Path schemaAt = root / "schema";
    const QJsonValue schema = top.value(QLatin1String("schema"));
    if (!schema.isString() || schema.toString() != QLatin1String(kSchemaId)) {
        failExpected(
            schemaAt, QLatin1Char('"') + QLatin1String(kSchemaId) + QLatin1Char('"'), schema);
        return std::nullopt;
    }
    r.schema = schema.toString();

    const Path idAt = root / "arxiv_id";
    auto arxivId = string(top.value(QLatin1String("arxiv_id")), idAt);
    if (!arxivId)
        return std::nullopt;
    if (arxivId->startsWith(QLatin1String("arXiv:"), Qt::CaseInsensitive))
        arxivId->remove(0, 6);
    if (arxivId->isEmpty() || hasVersionSuffix(*arxivId)) {
        failExpected(idAt,
            QStringLiteral("an arXiv id without its version (such as \"2104.04473\"; "
                           "the version goes in \"version\")"),
            top.value(QLatin1String("arxiv_id")));
        return std::nullopt;
    }
    r.arxivId = *arxivId;

    const Path versionAt = root / "version";
    const QJsonValue version = top.value(QLatin1String("version"));
    const auto versionNumber = count(version, versionAt);
    if (!versionNumber)
        return std::nullopt;
    if (*versionNumber < 1 || *versionNumber > INT_MAX) {
        failExpected(
            versionAt, QStringLiteral("a whole number from 1 to %1").arg(INT_MAX), version);
        return std::nullopt;
    }
    r.version = static_cast<int>(*versionNumber);

    const auto title = string(top.value(QLatin1String("title")), root / "title");
    if (!title)
        return std::nullopt;
    r.title = *title;

    const Path asOfAt = root / "as_of";
    const QJsonValue asOf = top.value(QLatin1String("as_of"));
    if (!asOf.isString() || !isIsoDate(asOf.toString())) {
        failExpected(asOfAt, QStringLiteral("a date as YYYY-MM-DD"), asOf);
        return std::nullopt;
    }
    r.asOf = asOf.toString();

    const auto stated
        = statedCounts(top.value(QLatin1String("stated_counts")), root / "stated_counts");
    if (!stated)
        return std::nullopt;
    r.stated = *stated;

    const Path coverageAt = root / "coverage";
    const QJsonValue coverageValue = top.value(QLatin1String("coverage"));
    const auto coverage = array(coverageValue, coverageAt);
    if (!coverage)
        return std::nullopt;
    if (coverage->size() != kCoverageFacetCount) {
        failExpected(coverageAt,
            QStringLiteral("an array of the %1 facets %2")
                .arg(kCoverageFacetCount)
                .arg(listOf(facetKeys(), QLatin1String("and"))),
            coverageValue);
        return std::nullopt;
    }
    r.coverage.reserve(coverage->size());
    for (qsizetype i = 0; i < coverage->size(); ++i) {
        const auto f = facet(coverage->at(i), coverageAt[i], i);
        if (!f)
            return std::nullopt;
        r.coverage.append(*f);
    }

    const Path measurementsAt = root / "external_measurements";
    const auto measurements
        = array(top.value(QLatin1String("external_measurements")), measurementsAt);
    if (!measurements)
        return std::nullopt;
    r.measurements.reserve(measurements->size());
    for (qsizetype i = 0; i < measurements->size(); ++i) {
        const auto m = measurement(measurements->at(i), measurementsAt[i]);
        if (!m)
            return std::nullopt;
        r.measurements.append(*m);
    }

    const Path observationsAt = root / "observations";
    const auto observations = array(top.value(QLatin1String("observations")), observationsAt);
    if (!observations)
        return std::nullopt;
    r.observations.reserve(observations->size());
    for (qsizetype i = 0; i < observations->size(); ++i) {
        auto o = observation(observations->at(i), observationsAt[i]);
        if (!o)
            return std::nullopt;
        r.observations.append(std::move(*o));
    }
    return r;
}

std::optional<StatedCounts> Decoder::statedCounts(const QJsonValue &value, const Path &at)
{
    const auto o = object(value, at);
    if (!o)
        return std::nullopt;
    StatedCounts s;
    struct Member
    {
        const char *key;
        qint64 StatedCounts::*field;
    };
    static constexpr Member kMembers[] = {
        { "outbound_listed", &StatedCounts::outboundListed },
        { "outbound_total", &StatedCounts::outboundTotal },
        { "inbound", &StatedCounts::inbound },
        { "outbound_displayed", &StatedCounts::outboundDisplayed },
        { "outbound_displayed_of", &StatedCounts::outboundDisplayedOf },
    };
    for (const Member &m : kMembers) {
        const auto n = count(o->value(QLatin1String(m.key)), at / m.key);
        if (!n)
            return std::nullopt;
        s.*m.field = *n;
    }
    const Path statesAt = at / "outbound_states";
    const auto states = object(o->value(QLatin1String("outbound_states")), statesAt);
    if (!states)
        return std::nullopt;
    for (const ResolutionState state : kAllResolutionStates) {
        const QString key = stateKey(state);
        const QByteArray latin1 = key.toLatin1();
        const auto n = count(states->value(key), statesAt / latin1.constData());
        if (!n)
            return std::nullopt;
        s.outboundStates[static_cast<int>(state)] = *n;
    }
    return s;
}

std::optional<CoverageFacet> Decoder::facet(const QJsonValue &value, const Path &at, qsizetype i)
{
    const auto o = object(value, at);
    if (!o)
        return std::nullopt;
    CoverageFacet f;
    const Path facetAt = at / "facet";
    const QJsonValue kindValue = o->value(QLatin1String("facet"));
    const auto kind = keyword<CoverageFacet::Kind>(kindValue, facetAt, parseFacet, expectedFacets);
    if (!kind)
        return std::nullopt;
    const auto expectedKind = static_cast<CoverageFacet::Kind>(i);
    if (*kind != expectedKind) {
        failExpected(facetAt,
            QLatin1Char('"') + facetKey(expectedKind)
                + QStringLiteral("\" (the four facets come in a fixed order)"),
            kindValue);
        return std::nullopt;
    }
    f.kind = *kind;
    const auto measured = count(o->value(QLatin1String("measured")), at / "measured");
    if (!measured)
        return std::nullopt;
    f.measured = *measured;
    const auto of = count(o->value(QLatin1String("of")), at / "of");
    if (!of)
        return std::nullopt;
    f.of = *of;
    const auto description = string(o->value(QLatin1String("description")), at / "description");
    if (!description)
        return std::nullopt;
    f.description = *description;
    const Path sourcesAt = at / "sources";
    const auto sources = array(o->value(QLatin1String("sources")), sourcesAt);
    if (!sources)
        return std::nullopt;
    for (qsizetype k = 0; k < sources->size(); ++k) {
        const auto source = string(sources->at(k), sourcesAt[k]);
        if (!source)
            return std::nullopt;
        f.sources.append(*source);
    }
    const auto observedAt
        = optionalString(o->value(QLatin1String("observed_at")), at / "observed_at");
    if (!observedAt)
        return std::nullopt;
    f.observedAt = *observedAt;
    return f;
}

std::optional<ExternalMeasurement> Decoder::measurement(const QJsonValue &value, const Path &at)
{
    const auto o = object(value, at);
    if (!o)
        return std::nullopt;
    ExternalMeasurement m;
    const auto n = count(o->value(QLatin1String("value")), at / "value");
    if (!n)
        return std::nullopt;
    m.value = *n;
    const auto source = string(o->value(QLatin1String("source")), at / "source");
    if (!source)
        return std::nullopt;
    m.source = *source;
    const auto observedAt
        = optionalString(o->value(QLatin1String("observed_at")), at / "observed_at");
    if (!observedAt)
        return std::nullopt;
    m.observedAt = *observedAt;
    return m;
}

std::optional<Observation> Decoder::observation(const QJsonValue &value, const Path &at)
{
    const auto o = object(value, at);
    if (!o)
        return std::nullopt;
    Observation obs;

    const Path idAt = at / "id";
    const QJsonValue id = o->value(QLatin1String("id"));
    QString idText = id.toString();
    if (!id.isString() || !isUuid(idText)) {
        failExpected(idAt,
            QStringLiteral("a lower-case UUID such as "
                           "\"a4d62a99-e85b-4e0d-86d5-17278d726ffe\""),
            id);
        return std::nullopt;
    }
    obs.id = std::move(idText);

    const auto direction = keyword<Direction>(
        o->value(QLatin1String("direction")), at / "direction", parseDirection, expectedDirections);
    if (!direction)
        return std::nullopt;
    obs.direction = *direction;

    const auto citing = string(o->value(QLatin1String("citing_title")), at / "citing_title");
    if (!citing)
        return std::nullopt;
    obs.citingTitle = *citing;
    const auto cited = string(o->value(QLatin1String("cited_title")), at / "cited_title");
    if (!cited)
        return std::nullopt;
    obs.citedTitle = *cited;

    const QJsonValue reference = o->value(QLatin1String("reference"));
    if (!reference.isUndefined() && !reference.isNull()) {
        const auto n = count(reference, at / "reference", true);
        if (!n)
            return std::nullopt;
        obs.reference = *n;
    }

    const auto state = keyword<ResolutionState>(
        o->value(QLatin1String("state")), at / "state", parseState, expectedStates);
    if (!state)
        return std::nullopt;
    obs.state = *state;

    const auto basis = string(o->value(QLatin1String("basis")), at / "basis");
    if (!basis)
        return std::nullopt;
    obs.basis = *basis;
    const auto observedAt = string(o->value(QLatin1String("observed_at")), at / "observed_at");
    if (!observedAt)
        return std::nullopt;
    obs.observedAt = *observedAt;

    auto events = eventsCheck(o->value(QLatin1String("events_check")), at / "events_check");
    if (!events)
        return std::nullopt;
    obs.events = std::move(*events);

    // Curated values, present only in rendered (not upstream) records.
    const QJsonValue curationValue = o->value(QLatin1String("curation"));
    if (!curationValue.isUndefined() && !curationValue.isNull()) {
        const Path cAt = at / "curation";
        const auto c = object(curationValue, cAt);
        if (!c)
            return std::nullopt;
        struct Member
        {
            const char *key;
            QString *target;
        };
        const Member members[] = { { "mark", &obs.curation.mark },
                                   { "identifier", &obs.curation.identifier },
                                   { "note", &obs.curation.note },
                                   { "duplicate_of", &obs.curation.duplicateOf },
                                   { "review", &obs.curation.review },
                                   { "review_note", &obs.curation.reviewNote } };
        for (const auto &m : members) {
            const auto text = optionalString(c->value(QLatin1String(m.key)), cAt / m.key);
            if (!text)
                return std::nullopt;
            *m.target = *text;
        }
        const QJsonValue excluded = c->value(QLatin1String("excluded"));
        if (!excluded.isUndefined() && !excluded.isBool()) {
            failExpected(cAt / "excluded", QStringLiteral("true or false"), excluded);
            return std::nullopt;
        }
        obs.curation.excluded = excluded.toBool(false);
        const QJsonValue conflicts = c->value(QLatin1String("conflicts"));
        if (!conflicts.isUndefined()) {
            const auto list = array(conflicts, cAt / "conflicts");
            if (!list)
                return std::nullopt;
            for (qsizetype i = 0; i < list->size(); ++i) {
                const auto key = string(list->at(i), (cAt / "conflicts")[i]);
                if (!key)
                    return std::nullopt;
                obs.curation.conflicts.append(*key);
            }
        }
    }
    return obs;
}

std::optional<EventsCheck> Decoder::eventsCheck(const QJsonValue &value, const Path &at)
{
    const auto o = object(value, at);
    if (!o)
        return std::nullopt;
    EventsCheck check;
    const auto status = keyword<EventsCheck::Status>(
        o->value(QLatin1String("status")), at / "status", parseEventsStatus, expectedEventsStatus);
    if (!status)
        return std::nullopt;
    check.status = *status;

    const Path eventsAt = at / "events";
    const QJsonValue events = o->value(QLatin1String("events"));
    switch (check.status) {
    case EventsCheck::Status::NoneFound:
    case EventsCheck::Status::Unavailable: {
        if (check.status == EventsCheck::Status::NoneFound) {
            const auto asOf = string(o->value(QLatin1String("as_of")), at / "as_of");
            if (!asOf)
                return std::nullopt;
            check.asOf = *asOf;
        } else {
            const auto reason = string(o->value(QLatin1String("reason")), at / "reason");
            if (!reason)
                return std::nullopt;
            check.reason = *reason;
        }
        // Listed events under another status would be lost on reading: refuse them.
        if (!events.isUndefined() && !events.isNull()
            && !(events.isArray() && events.toArray().isEmpty())) {
            failExpected(eventsAt,
                QStringLiteral("no events when the status is \"%1\"")
                    .arg(eventsStatusKey(check.status)),
                events);
            return std::nullopt;
        }
        break;
    }
    case EventsCheck::Status::Found: {
        const auto asOf = string(o->value(QLatin1String("as_of")), at / "as_of");
        if (!asOf)
            return std::nullopt;
        check.asOf = *asOf;
        const auto list = array(events, eventsAt);
        if (!list)
            return std::nullopt;
        if (list->isEmpty()) {
            failExpected(eventsAt,
                QStringLiteral("at least one event when the status is \"found\""), events);
            return std::nullopt;
        }
        check.events.reserve(list->size());
        for (qsizetype i = 0; i < list->size(); ++i) {
            const auto event = sourceEvent(list->at(i), eventsAt[i]);
            if (!event)
                return std::nullopt;
            check.events.append(*event);
        }
        break;
    }
    }
    return check;
}

std::optional<SourceEvent> Decoder::sourceEvent(const QJsonValue &value, const Path &at)
{
    const auto o = object(value, at);
    if (!o)
        return std::nullopt;
    SourceEvent event;
    const auto kind = keyword<EventKind>(
        o->value(QLatin1String("kind")), at / "kind", parseEventKind, expectedKinds);
    if (!kind)
        return std::nullopt;
    event.kind = *kind;
    const auto date = string(o->value(QLatin1String("date")), at / "date");
    if (!date)
        return std::nullopt;
    event.date = *date;
    const auto source = string(o->value(QLatin1String("source")), at / "source");
    if (!source)
        return std::nullopt;
    event.source = *source;
    const auto notice = optionalString(o->value(QLatin1String("notice")), at / "notice");
    if (!notice)
        return std::nullopt;
    event.notice = *notice;
    const auto detail = optionalString(o->value(QLatin1String("detail")), at / "detail");
    if (!detail)
        return std::nullopt;
    event.detail = *detail;
    return event;
}

void Decoder::failValidation(const QString &message, const QJsonObject &top)
{
    const Path root;
    const Path observationsAt = root / "observations";
    // "observation 4: ..." is about the fourth element of "observations".
    static const QLatin1String kObservation("observation ");
    if (message.startsWith(kObservation)) {
        qsizetype end = kObservation.size();
        while (end < message.size() && message[end].isDigit())
            ++end;
        bool ok = false;
        const qsizetype number
            = message.mid(kObservation.size(), end - kObservation.size()).toLongLong(&ok);
        if (ok && number >= 1) {
            const Path item = observationsAt[number - 1];
            const QString rest = message.mid(end);
            for (const auto &m : kObservationMembers) {
                if (rest.contains(QLatin1String(m.words))) {
                    fail(item / m.member, message);
                    return;
                }
            }
            fail(item, message);
            return;
        }
    }
    for (const auto &m : kRecordMembers) {
        if (message.contains(QLatin1String(m.words))) {
            fail(root / m.member, message);
            return;
        }
    }
    fail(top.contains(QLatin1String("observations")) ? observationsAt : root, message);
}

} // namespace

QJsonObject recordToJson(const Record &record)
{
    QJsonObject out;
    out.insert(QStringLiteral("schema"), record.schema);
    out.insert(QStringLiteral("arxiv_id"), record.arxivId);
    out.insert(QStringLiteral("version"), record.version);
    out.insert(QStringLiteral("title"), record.title);
    out.insert(QStringLiteral("as_of"), record.asOf);
    out.insert(QStringLiteral("stated_counts"), statedCountsToJson(record.stated));
    QJsonArray coverage;
    for (const CoverageFacet &facet : record.coverage)
        coverage.append(facetToJson(facet));
    out.insert(QStringLiteral("coverage"), coverage);
    QJsonArray measurements;
    for (const ExternalMeasurement &m : record.measurements)
        measurements.append(measurementToJson(m));
    out.insert(QStringLiteral("external_measurements"), measurements);
    QJsonArray observations;
    for (const Observation &o : record.observations)
        observations.append(observationToJson(o));
    out.insert(QStringLiteral("observations"), observations);
    return out;
}

namespace {

// ---------------------------------------------------------------------------------------------
// Writing the text directly: the same bytes as QJsonDocument(recordToJson(r)).toJson(Indented)
// (members in key order, four spaces per level, strings escaped as Qt escapes them), without
// building a QJsonObject per observation first. ledger-bench checks the two stay identical.

class JsonTextWriter
{
public:
    explicit JsonTextWriter(qsizetype reserve) { m_out.reserve(size_t(reserve)); }

    //! How deep the writer is in open arrays and objects.
    int depth() const { return m_depth; }
    //! A writer that goes on at `depth`, inside an open array or object that already has a
    //! member: what it writes can be appended to the writer it goes on from with append().
    static JsonTextWriter continuing(int depth, std::string buffer)
    {
        JsonTextWriter w(0);
        w.m_out = std::move(buffer);
        w.m_out.clear();
        w.m_depth = depth;
        w.m_first = false;
        return w;
    }
    //! Hands over the text written so far (and its capacity).
    std::string takeText() { return std::move(m_out); }
    //! Appends what a continuing() writer wrote.
    void append(const std::string &text) { m_out += text; }

    //! The text, with a final newline as QJsonDocument writes it.
    QByteArray take()
    {
        m_out += '\n';
        return QByteArray(m_out.data(), qsizetype(m_out.size()));
    }

    //! Hands the text written so far to `sink` (which must outlive the writer) whenever it holds
    //! `chunk` bytes or more at a flushPoint(), and the rest at finish().
    void setSink(const std::function<void(QByteArrayView)> *sink, size_t chunk)
    {
        m_sink = sink;
        m_chunk = chunk;
    }
    void flushPoint()
    {
        if (m_sink && m_out.size() >= m_chunk) {
            (*m_sink)(QByteArrayView(m_out.data(), qsizetype(m_out.size())));
            m_out.clear(); // keeps the capacity
        }
    }
    void finish()
    {
        m_out += '\n';
        if (m_sink)
            (*m_sink)(QByteArrayView(m_out.data(), qsizetype(m_out.size())));
        m_out.clear();
    }

    //! Opens an object or array value (after a key or as an element).
    void open(char bracket)
    {
        m_out += bracket;
        m_out += '\n';
        ++m_depth;
        m_first = true;
    }
    void close(char bracket)
    {
        --m_depth;
        if (!m_first)
            m_out += '\n';
        indent();
        m_out += bracket;
        m_first = false;
    }
    //! Starts a member: `"key": ` (keys are plain ASCII, written as they are).
    void key(const char *name)
    {
        element();
        m_out += '"';
        m_out += name;
        m_out += "\": ";
    }
    //! Starts an array element.
    void element()
    {
        if (!m_first)
            m_out += ",\n";
        m_first = false;
        indent();
    }
    void string(QStringView text)
    {
        m_out += '"';
        escaped(text);
        m_out += '"';
    }
    void number(qint64 n)
    {
        char digits[24];
        const auto end = std::to_chars(std::begin(digits), std::end(digits), n).ptr;
        m_out.append(digits, size_t(end - digits));
    }
    void null() { m_out += "null"; }
    void writeRaw(const char *text) { m_out += text; }
    void boolean(bool value) { m_out += value ? "true" : "false"; }

    // Members, for brevity.
    void member(const char *name, QStringView text)
    {
        key(name);
        string(text);
    }
    void member(const char *name, qint64 n)
    {
        key(name);
        number(n);
    }

private:
    void indent() { m_out.append(size_t(4 * m_depth), ' '); }

    //! As Qt's JSON writer escapes (JsonEscape.h).
    void escaped(QStringView text) { JsonEscape::appendEscaped(m_out, text); }

    std::string m_out; // appends inline, unlike QByteArray's
    const std::function<void(QByteArrayView)> *m_sink = nullptr;
    size_t m_chunk = 0;
    int m_depth = 0;
    bool m_first = true;
};

void writeStrings(JsonTextWriter &w, const char *name, const QStringList &list)
{
    w.key(name);
    w.open('[');
    for (const QString &s : list) {
        w.element();
        w.string(s);
    }
    w.close(']');
}

void writeCuration(JsonTextWriter &w, const CurationInfo &c)
{
    // The members curationToJson() writes, in key order.
    w.key("curation");
    w.open('{');
    if (!c.conflicts.isEmpty())
        writeStrings(w, "conflicts", c.conflicts);
    if (!c.duplicateOf.isEmpty())
        w.member("duplicate_of", c.duplicateOf);
    if (c.excluded) {
        w.key("excluded");
        w.boolean(true);
    }
    if (!c.identifier.isEmpty())
        w.member("identifier", c.identifier);
    if (!c.mark.isEmpty())
        w.member("mark", c.mark);
    if (!c.note.isEmpty())
        w.member("note", c.note);
    if (!c.review.isEmpty())
        w.member("review", c.review);
    if (!c.reviewNote.isEmpty())
        w.member("review_note", c.reviewNote);
    w.close('}');
}

void writeEventsCheck(JsonTextWriter &w, const EventsCheck &check)
{
    w.key("events_check");
    w.open('{');
    switch (check.status) {
    case EventsCheck::Status::NoneFound:
        w.member("as_of", check.asOf);
        break;
    case EventsCheck::Status::Unavailable:
        w.member("reason", check.reason);
        break;
    case EventsCheck::Status::Found:
        w.member("as_of", check.asOf);
        w.key("events");
        w.open('[');
        for (const SourceEvent &event : check.events) {
            w.element();
            w.open('{');
            w.member("date", event.date);
            if (!event.detail.isEmpty())
                w.member("detail", event.detail);
            w.member("kind", eventKindKey(event.kind));
            if (!event.notice.isEmpty())
                w.member("notice", event.notice);
            w.member("source", event.source);
            w.close('}');
        }
        w.close(']');
        break;
    }
    w.member("status", eventsStatusKey(check.status));
    w.close('}');
}

//! The keys of a small enum, computed once: writing them needs no allocation per observation.
template <typename Enum, int N> struct KeyTable
{
    std::array<QString, N> keys;
    KeyTable(QString (*key)(Enum))
    {
        for (int i = 0; i < N; ++i)
            keys[i] = key(static_cast<Enum>(i));
    }
    const QString &operator()(Enum value) const { return keys[static_cast<int>(value)]; }
};

void writeObservation(JsonTextWriter &w, const Observation &o)
{
    static const KeyTable<ResolutionState, kResolutionStateCount> states(stateKey);
    static const KeyTable<Direction, 2> directions(directionKey);
    w.element();
    w.open('{');
    w.member("basis", o.basis);
    w.member("cited_title", o.citedTitle);
    w.member("citing_title", o.citingTitle);
    if (!o.curation.isEmpty())
        writeCuration(w, o.curation);
    w.member("direction", directions(o.direction));
    writeEventsCheck(w, o.events);
    w.member("id", o.id);
    w.member("observed_at", o.observedAt);
    w.key("reference");
    if (o.reference)
        w.number(*o.reference);
    else
        w.null();
    w.member("state", states(o.state));
    w.close('}');
}

//! Writes the observations as the elements of the array `w` has just opened; a large record's
//! on two threads, in blocks of 1,024 (TwoThreadBlocks.h), the same bytes.
void writeObservations(JsonTextWriter &w, const QList<Observation> &observations)
{
    constexpr qsizetype kBlock = 1024;
    const qsizetype n = observations.size();
    const auto writeBlock = [&](JsonTextWriter &into, qsizetype block) {
        const qsizetype end = std::min(n, (block + 1) * kBlock);
        for (qsizetype i = block * kBlock; i < end; ++i) {
            writeObservation(into, observations[i]);
            into.flushPoint();
        }
    };
    const int depth = w.depth(); // read before the helper starts: `w` is the caller's alone
    TwoThreadBlocks::write<std::string>(
            (n + kBlock - 1) / kBlock, [&](qsizetype block) { writeBlock(w, block); },
            [&](std::string &text, qsizetype block) {
                JsonTextWriter apart = JsonTextWriter::continuing(depth, std::move(text));
                writeBlock(apart, block);
                text = apart.takeText();
            },
            [&](std::string &text) {
                w.append(text);
                w.flushPoint();
            });
}

void writeRecordInto(JsonTextWriter &w, const Record &record)
{
    w.open('{');
    w.member("arxiv_id", record.arxivId);
    w.member("as_of", record.asOf);
    w.key("coverage");
    w.open('[');
    for (const CoverageFacet &f : record.coverage) {
        w.element();
        w.open('{');
        w.member("description", f.description);
        w.member("facet", facetKey(f.kind));
        w.member("measured", f.measured);
        if (!f.observedAt.isEmpty())
            w.member("observed_at", f.observedAt);
        w.member("of", f.of);
        writeStrings(w, "sources", f.sources);
        w.close('}');
    }
    w.close(']');
    w.key("external_measurements");
    w.open('[');
    for (const ExternalMeasurement &m : record.measurements) {
        w.element();
        w.open('{');
        if (!m.observedAt.isEmpty())
            w.member("observed_at", m.observedAt);
        w.member("source", m.source);
        w.member("value", m.value);
        w.close('}');
    }
    w.close(']');
    w.key("observations");
    w.open('[');
    writeObservations(w, record.observations);
    w.close(']');
    w.member("schema", record.schema);
    const StatedCounts &s = record.stated;
    w.key("stated_counts");
    w.open('{');
    w.member("inbound", s.inbound);
    w.member("outbound_displayed", s.outboundDisplayed);
    w.member("outbound_displayed_of", s.outboundDisplayedOf);
    w.member("outbound_listed", s.outboundListed);
    w.key("outbound_states");
    w.open('{');
    QList<std::pair<QString, qint64>> states;
    for (const ResolutionState state : kAllResolutionStates)
        states.append({ stateKey(state), s.outboundStates[static_cast<int>(state)] });
    std::sort(states.begin(), states.end());
    for (const auto &[key, n] : std::as_const(states)) {
        w.element();
        w.string(key);
        w.writeRaw(": ");
        w.number(n);
    }
    w.close('}');
    w.member("outbound_total", s.outboundTotal);
    w.close('}');
    w.member("title", record.title);
    w.member("version", record.version);
    w.close('}');
}

} // namespace

QByteArray writeRecordJson(const Record &record)
{
    JsonTextWriter w(4096 + record.observations.size() * 700);
    writeRecordInto(w, record);
    return w.take();
}

void writeRecordJson(const Record &record, const std::function<void(QByteArrayView)> &sink, qsizetype chunk)
{
    JsonTextWriter w(chunk + 65536);
    w.setSink(&sink, size_t(chunk));
    writeRecordInto(w, record);
    w.finish();
}

namespace {

// ---------------------------------------------------------------------------------------------
// Reading the text directly: the record straight from the bytes, without a QJsonDocument in
// between (which on a large page cost more than everything else the import does).

//! Reads a record from JSON text as recordFromJson() reads the QJsonDocument of the same text,
//! for the texts it is sure to read the same way: well-formed JSON with whole numbers written
//! plainly (digits only: no sign, fraction or exponent), keys without escapes, every member it
//! reads present once, and a record that passes every check. On anything else it gives up
//! (nullopt) without saying why, and readRecordJson() reads the text again through
//! QJsonDocument, which accepts or refuses it and says where and what. So what it accepts is
//! always what the QJsonDocument path accepts, value for value.
class DirectReader
{
public:
    explicit DirectReader(QByteArrayView text)
        : m_at(text.data())
        , m_end(text.data() + text.size())
    {
    }

    std::optional<Record> record();

private:
    //! A member read before its meaning is known (it depends on another member).
    struct Value
    {
        enum Kind { Missing, Null, String, Other } kind = Missing;
        QString text;
    };

    bool atEnd() const { return m_at == m_end; }
    void space()
    {
        while (m_at != m_end && (*m_at == ' ' || *m_at == '\n' || *m_at == '\r' || *m_at == '\t'))
            ++m_at;
    }
    bool peek(char c) const { return m_at != m_end && *m_at == c; }
    bool literal(QByteArrayView word)
    {
        if (m_end - m_at < word.size() || QByteArrayView(m_at, word.size()) != word)
            return false;
        m_at += word.size();
        return true;
    }

    bool string(QString &out);
    bool key(QByteArrayView &out);
    bool count(qint64 &out);
    bool skip(int depth = 0);
    bool value(Value &out);

    //! `{ member, ... }`: `member(name)` reads the value after the colon; false stops.
    template <typename Member> bool members(Member &&member);
    //! `[ element, ... ]`: `element()` reads one value; false stops.
    template <typename Element> bool elements(Element &&element);

    bool stringOrNull(QString &out);
    bool stringList(QStringList &out);
    bool statedCounts(StatedCounts &out);
    bool facet(CoverageFacet &out, int index);
    bool measurement(ExternalMeasurement &out);
    bool observation(Observation &out);
    bool eventsCheck(EventsCheck &out);
    bool sourceEvent(SourceEvent &out);
    bool curation(CurationInfo &out);

    const char *m_at;
    const char *m_end;
};

//! Whether a key read is `name` (compared without measuring `name` at run time).
template <size_t N> bool is(QByteArrayView key, const char (&name)[N])
{
    return key.size() == qsizetype(N - 1) && std::memcmp(key.data(), name, N - 1) == 0;
}

//! Marks member `bit` as read; false if it was read before (a key given twice).
bool once(quint32 &seen, int bit)
{
    const quint32 mask = quint32(1) << bit;
    if (seen & mask)
        return false;
    seen |= mask;
    return true;
}

//! Whether every member in `required` was read.
bool all(quint32 seen, quint32 required)
{
    return (seen & required) == required;
}

//! Past the well-formed UTF-8 sequence of one character at `p`; nullptr if malformed.
const char *utf8Sequence(const char *p, const char *end)
{
    const auto byte = [&p](int i) { return uchar(p[i]); };
    const auto continuation = [](uchar b) { return (b & 0xc0) == 0x80; };
    const uchar b = byte(0);
    if (b >= 0xc2 && b <= 0xdf) {
        if (end - p < 2 || !continuation(byte(1)))
            return nullptr;
        return p + 2;
    }
    if (b >= 0xe0 && b <= 0xef) {
        if (end - p < 3 || !continuation(byte(1)) || !continuation(byte(2)))
            return nullptr;
        if ((b == 0xe0 && byte(1) < 0xa0) || (b == 0xed && byte(1) > 0x9f)) // overlong, surrogate
            return nullptr;
        return p + 3;
    }
    if (b >= 0xf0 && b <= 0xf4) {
        if (end - p < 4 || !continuation(byte(1)) || !continuation(byte(2))
            || !continuation(byte(3)))
            return nullptr;
        if ((b == 0xf0 && byte(1) < 0x90) || (b == 0xf4 && byte(1) > 0x8f)) // overlong, > U+10FFFF
            return nullptr;
        return p + 4;
    }
    return nullptr;
}


bool DirectReader::string(QString &out)
{
    if (!peek('"'))
        return false;
    const char *const begin = ++m_at;
    const char *p = begin;
    // Plain ASCII, the common case, in one pass.
    while (p != m_end && *p != '"' && *p != '\\' && uchar(*p) >= 0x20 && uchar(*p) < 0x80)
        ++p;
    if (p != m_end && *p == '"') {
        out = QString::fromLatin1(begin, p - begin); // "" gives an empty, not a null, string
        m_at = p + 1;
        return true;
    }
    // UTF-8 and escapes: as Qt's parser decodes them (an escape \uXXXX is the UTF-16 unit XXXX,
    // a lone surrogate included). Control characters and unusual escapes are left to it.
    QString text;
    const char *run = begin;
    auto flush = [&] {
        if (p != run)
            text += QString::fromUtf8(run, p - run);
    };
    while (p != m_end && *p != '"') {
        const uchar c = uchar(*p);
        if (c < 0x20)
            return false;
        if (c < 0x80 && c != '\\') {
            ++p;
            continue;
        }
        if (c >= 0x80) {
            p = utf8Sequence(p, m_end);
            if (!p)
                return false;
            continue;
        }
        flush();
        if (m_end - p < 2)
            return false;
        char16_t unit = 0;
        switch (p[1]) {
        case '"':
            unit = u'"';
            break;
        case '\\':
            unit = u'\\';
            break;
        case '/':
            unit = u'/';
            break;
        case 'b':
            unit = 0x8;
            break;
        case 'f':
            unit = 0xc;
            break;
        case 'n':
            unit = 0xa;
            break;
        case 'r':
            unit = 0xd;
            break;
        case 't':
            unit = 0x9;
            break;
        case 'u': {
            if (m_end - p < 6)
                return false;
            for (int i = 2; i < 6; ++i) {
                const int digit = JsonLineIndex::hexDigit(p[i]);
                if (digit < 0)
                    return false;
                unit = char16_t((unit << 4) | digit);
            }
            p += 4;
            break;
        }
        default:
            return false;
        }
        text += QChar(unit);
        p += 2;
        run = p;
    }
    if (p == m_end)
        return false;
    flush();
    if (text.isNull())
        text = QString::fromLatin1("", 0); // as for "" above: empty, not null
    out = std::move(text);
    m_at = p + 1;
    return true;
}

bool DirectReader::key(QByteArrayView &out)
{
    if (!peek('"'))
        return false;
    const char *const begin = ++m_at;
    const char *p = begin;
    while (p != m_end && *p != '"' && *p != '\\' && uchar(*p) >= 0x20 && uchar(*p) < 0x80)
        ++p;
    if (p == m_end || *p != '"')
        return false; // escaped or non-ASCII keys are left to Qt's parser
    out = QByteArrayView(begin, p - begin);
    m_at = p + 1;
    return true;
}

bool DirectReader::count(qint64 &out)
{
    const char *p = m_at;
    if (p == m_end || *p < '0' || *p > '9')
        return false;
    if (*p == '0') {
        ++p;
    } else {
        while (p != m_end && *p >= '0' && *p <= '9')
            ++p;
    }
    if (p == m_end || *p == '.' || *p == 'e' || *p == 'E' || (*p >= '0' && *p <= '9')
        || p - m_at > 18)
        return false;
    const auto parsed = std::from_chars(m_at, p, out);
    if (parsed.ec != std::errc() || parsed.ptr != p)
        return false;
    m_at = p;
    return true;
}

bool DirectReader::skip(int depth)
{
    if (depth > 64 || atEnd())
        return false;
    switch (*m_at) {
    case '"': {
        QString ignored;
        return string(ignored);
    }
    case '{':
        return members([this, depth](QByteArrayView) { return skip(depth + 1); });
    case '[':
        return elements([this, depth] { return skip(depth + 1); });
    case 't':
        return literal("true");
    case 'f':
        return literal("false");
    case 'n':
        return literal("null");
    default: {
        qint64 ignored = 0;
        return count(ignored);
    }
    }
}

bool DirectReader::value(Value &out)
{
    if (peek('"')) {
        out.kind = Value::String;
        return string(out.text);
    }
    if (peek('n') && literal("null")) {
        out.kind = Value::Null;
        return true;
    }
    out.kind = Value::Other;
    return skip();
}

template <typename Member> bool DirectReader::members(Member &&member)
{
    if (!peek('{'))
        return false;
    ++m_at;
    space();
    if (peek('}')) {
        ++m_at;
        return true;
    }
    for (;;) {
        QByteArrayView name;
        if (!key(name))
            return false;
        space();
        if (!peek(':'))
            return false;
        ++m_at;
        space();
        if (!member(name))
            return false;
        space();
        if (peek(',')) {
            ++m_at;
            space();
            continue;
        }
        if (!peek('}'))
            return false;
        ++m_at;
        return true;
    }
}

template <typename Element> bool DirectReader::elements(Element &&element)
{
    if (!peek('['))
        return false;
    ++m_at;
    space();
    if (peek(']')) {
        ++m_at;
        return true;
    }
    for (;;) {
        if (!element())
            return false;
        space();
        if (peek(',')) {
            ++m_at;
            space();
            continue;
        }
        if (!peek(']'))
            return false;
        ++m_at;
        return true;
    }
}

//! A string that may be null (then a null QString, as Decoder::optionalString gives).
bool DirectReader::stringOrNull(QString &out)
{
    if (peek('n')) {
        out = QString();
        return literal("null");
    }
    return string(out);
}

bool DirectReader::stringList(QStringList &out)
{
    return elements([this, &out] {
        QString text;
        if (!string(text))
            return false;
        out.append(std::move(text));
        return true;
    });
}

constexpr std::string_view kEventsCheckKey = "\"events_check\"";

std::optional<Record> DirectReader::record()
{
    space();
    Record r;
    enum Member {
        Schema,
        ArxivId,
        Version,
        Title,
        AsOf,
        Stated,
        Coverage,
        Measurements,
        Observations
    };
    quint32 seen = 0;
    qint64 version = 0;
    const bool ok = members([&](QByteArrayView name) {
        if (is(name, "schema"))
            return once(seen, Schema) && string(r.schema) && r.schema == QLatin1String(kSchemaId);
        if (is(name, "arxiv_id"))
            return once(seen, ArxivId) && string(r.arxivId);
        if (is(name, "version"))
            return once(seen, Version) && count(version) && version >= 1 && version <= INT_MAX;
        if (is(name, "title"))
            return once(seen, Title) && string(r.title);
        if (is(name, "as_of"))
            return once(seen, AsOf) && string(r.asOf) && isIsoDate(r.asOf);
        if (is(name, "stated_counts"))
            return once(seen, Stated) && statedCounts(r.stated);
        if (is(name, "coverage")) {
            if (!once(seen, Coverage))
                return false;
            r.coverage.reserve(kCoverageFacetCount);
            return elements([this, &r] {
                CoverageFacet f;
                if (r.coverage.size() == kCoverageFacetCount || !facet(f, int(r.coverage.size())))
                    return false;
                r.coverage.append(std::move(f));
                return true;
            }) && r.coverage.size() == kCoverageFacetCount;
        }
        if (is(name, "external_measurements")) {
            return once(seen, Measurements) && elements([this, &r] {
                ExternalMeasurement m;
                if (!measurement(m))
                    return false;
                r.measurements.append(std::move(m));
                return true;
            });
        }
        if (is(name, "observations")) {
            if (!once(seen, Observations))
                return false;
            // Room for them all at once (growing the list step by step cost a fifth of the
            // reading): every observation has one "events_check", and takes 150 bytes or more.
            const std::string_view rest(m_at, size_t(m_end - m_at));
            qsizetype expected = 0;
            for (size_t at = rest.find(kEventsCheckKey); at != std::string_view::npos;
                 at = rest.find(kEventsCheckKey, at + kEventsCheckKey.size()))
                ++expected;
            r.observations.reserve(std::min(expected, qsizetype(rest.size() / 150)));
            return elements([this, &r] {
                r.observations.emplace_back();
                return observation(r.observations.last());
            });
        }
        return skip();
    });
    if (!ok)
        return std::nullopt;
    space();
    if (!atEnd() || !all(seen, (1u << (Observations + 1)) - 1))
        return std::nullopt;
    if (r.arxivId.startsWith(QLatin1String("arXiv:"), Qt::CaseInsensitive))
        r.arxivId.remove(0, 6);
    if (r.arxivId.isEmpty() || hasVersionSuffix(r.arxivId))
        return std::nullopt;
    r.version = int(version);
    return r;
}

bool DirectReader::statedCounts(StatedCounts &s)
{
    struct Member
    {
        const char *key;
        qint64 StatedCounts::*field;
    };
    static constexpr Member kMembers[] = {
        { "outbound_listed", &StatedCounts::outboundListed },
        { "outbound_total", &StatedCounts::outboundTotal },
        { "inbound", &StatedCounts::inbound },
        { "outbound_displayed", &StatedCounts::outboundDisplayed },
        { "outbound_displayed_of", &StatedCounts::outboundDisplayedOf },
    };
    constexpr int kStates = std::size(kMembers);
    static const std::array<QByteArray, kResolutionStateCount> stateKeys = [] {
        std::array<QByteArray, kResolutionStateCount> keys;
        for (const ResolutionState state : kAllResolutionStates)
            keys[static_cast<int>(state)] = stateKey(state).toUtf8();
        return keys;
    }();
    quint32 seen = 0;
    const bool ok = members([&](QByteArrayView name) {
        for (int i = 0; i < kStates; ++i) {
            if (name == kMembers[i].key)
                return once(seen, i) && count(s.*kMembers[i].field);
        }
        if (!is(name, "outbound_states"))
            return skip();
        if (!once(seen, kStates))
            return false;
        quint32 states = 0;
        return members([&](QByteArrayView state) {
            for (int i = 0; i < kResolutionStateCount; ++i) {
                if (state == stateKeys[i])
                    return once(states, i) && count(s.outboundStates[i]);
            }
            return skip();
        }) && all(states, (1u << kResolutionStateCount) - 1);
    });
    return ok && all(seen, (1u << (kStates + 1)) - 1);
}

bool DirectReader::facet(CoverageFacet &f, int index)
{
    enum Member { Facet, Measured, Of, Description, Sources, ObservedAt };
    quint32 seen = 0;
    const bool ok = members([&](QByteArrayView name) {
        if (is(name, "facet")) {
            QString text;
            if (!once(seen, Facet) || !string(text))
                return false;
            const auto kind = parseFacet(text);
            f.kind = kind.value_or(CoverageFacet::Kind {});
            return kind && *kind == static_cast<CoverageFacet::Kind>(index);
        }
        if (is(name, "measured"))
            return once(seen, Measured) && count(f.measured);
        if (is(name, "of"))
            return once(seen, Of) && count(f.of);
        if (is(name, "description"))
            return once(seen, Description) && string(f.description);
        if (is(name, "sources"))
            return once(seen, Sources) && stringList(f.sources);
        if (is(name, "observed_at"))
            return once(seen, ObservedAt) && stringOrNull(f.observedAt);
        return skip();
    });
    return ok && all(seen, (1u << ObservedAt) - 1);
}

bool DirectReader::measurement(ExternalMeasurement &m)
{
    enum Member { Amount, Source, ObservedAt };
    quint32 seen = 0;
    const bool ok = members([&](QByteArrayView name) {
        if (is(name, "value"))
            return once(seen, Amount) && count(m.value);
        if (is(name, "source"))
            return once(seen, Source) && string(m.source);
        if (is(name, "observed_at"))
            return once(seen, ObservedAt) && stringOrNull(m.observedAt);
        return skip();
    });
    return ok && all(seen, (1u << ObservedAt) - 1);
}

bool DirectReader::observation(Observation &o)
{
    enum Member {
        Id,
        Direction_,
        CitingTitle,
        CitedTitle,
        State,
        Basis,
        ObservedAt,
        EventsCheck_,
        Reference,
        Curation
    };
    quint32 seen = 0;
    const bool ok = members([&](QByteArrayView name) {
        if (is(name, "id"))
            return once(seen, Id) && string(o.id) && isUuid(o.id);
        if (is(name, "direction")) {
            QString text;
            if (!once(seen, Direction_) || !string(text))
                return false;
            const auto direction = parseDirection(text);
            o.direction = direction.value_or(Direction {});
            return direction.has_value();
        }
        if (is(name, "citing_title"))
            return once(seen, CitingTitle) && string(o.citingTitle);
        if (is(name, "cited_title"))
            return once(seen, CitedTitle) && string(o.citedTitle);
        if (is(name, "reference")) {
            if (!once(seen, Reference))
                return false;
            if (peek('n'))
                return literal("null");
            qint64 n = 0;
            if (!count(n))
                return false;
            o.reference = n;
            return true;
        }
        if (is(name, "state")) {
            QString text;
            if (!once(seen, State) || !string(text))
                return false;
            const auto state = parseState(text);
            o.state = state.value_or(ResolutionState {});
            return state.has_value();
        }
        if (is(name, "basis"))
            return once(seen, Basis) && string(o.basis);
        if (is(name, "observed_at"))
            return once(seen, ObservedAt) && string(o.observedAt);
        if (is(name, "events_check"))
            return once(seen, EventsCheck_) && eventsCheck(o.events);
        if (is(name, "curation")) {
            if (!once(seen, Curation))
                return false;
            if (peek('n'))
                return literal("null");
            return curation(o.curation);
        }
        return skip();
    });
    return ok && all(seen, (1u << Reference) - 1);
}

bool DirectReader::eventsCheck(EventsCheck &check)
{
    enum Member { Status, AsOf, Reason, Events };
    quint32 seen = 0;
    std::optional<EventsCheck::Status> status;
    Value asOf;
    Value reason;
    bool eventsNull = false;
    const bool ok = members([&](QByteArrayView name) {
        if (is(name, "status")) {
            QString text;
            if (!once(seen, Status) || !string(text))
                return false;
            status = parseEventsStatus(text);
            return status.has_value();
        }
        if (is(name, "as_of"))
            return once(seen, AsOf) && value(asOf);
        if (is(name, "reason"))
            return once(seen, Reason) && value(reason);
        if (is(name, "events")) {
            if (!once(seen, Events))
                return false;
            if (peek('n')) {
                eventsNull = true;
                return literal("null");
            }
            return elements([this, &check] {
                check.events.emplace_back();
                return sourceEvent(check.events.last());
            });
        }
        return skip();
    });
    if (!ok || !status)
        return false;
    check.status = *status;
    switch (check.status) {
    case EventsCheck::Status::NoneFound:
        if (asOf.kind != Value::String)
            return false;
        check.asOf = std::move(asOf.text);
        return check.events.isEmpty();
    case EventsCheck::Status::Unavailable:
        if (reason.kind != Value::String)
            return false;
        check.reason = std::move(reason.text);
        return check.events.isEmpty();
    case EventsCheck::Status::Found:
        if (asOf.kind != Value::String)
            return false;
        check.asOf = std::move(asOf.text);
        return !eventsNull && !check.events.isEmpty();
    }
    return false;
}

bool DirectReader::sourceEvent(SourceEvent &event)
{
    enum Member { Kind, Date, Source, Notice, Detail };
    quint32 seen = 0;
    const bool ok = members([&](QByteArrayView name) {
        if (is(name, "kind")) {
            QString text;
            if (!once(seen, Kind) || !string(text))
                return false;
            const auto kind = parseEventKind(text);
            event.kind = kind.value_or(EventKind {});
            return kind.has_value();
        }
        if (is(name, "date"))
            return once(seen, Date) && string(event.date);
        if (is(name, "source"))
            return once(seen, Source) && string(event.source);
        if (is(name, "notice"))
            return once(seen, Notice) && stringOrNull(event.notice);
        if (is(name, "detail"))
            return once(seen, Detail) && stringOrNull(event.detail);
        return skip();
    });
    return ok && all(seen, (1u << Notice) - 1);
}

bool DirectReader::curation(CurationInfo &c)
{
    struct Member
    {
        const char *key;
        QString CurationInfo::*target;
    };
    static constexpr Member kMembers[]
        = { { "mark", &CurationInfo::mark }, { "identifier", &CurationInfo::identifier },
              { "note", &CurationInfo::note }, { "duplicate_of", &CurationInfo::duplicateOf },
              { "review", &CurationInfo::review }, { "review_note", &CurationInfo::reviewNote } };
    constexpr int kTexts = std::size(kMembers);
    quint32 seen = 0;
    return members([&](QByteArrayView name) {
        for (int i = 0; i < kTexts; ++i) {
            if (name == kMembers[i].key)
                return once(seen, i) && stringOrNull(c.*kMembers[i].target);
        }
        if (is(name, "excluded")) {
            if (!once(seen, kTexts))
                return false;
            c.excluded = peek('t');
            return literal(c.excluded ? "true" : "false");
        }
        if (is(name, "conflicts"))
            return once(seen, kTexts + 1) && stringList(c.conflicts);
        return skip();
    });
}

} // namespace

Result<Record> readRecordJson(const QByteArray &data, const QString &file)
{
    // The direct reader takes the well-formed, valid records; everything else, every error among
    // it, is read through QJsonDocument below, which says what is wrong and where.
    if (auto record = DirectReader(data).record(); record && validateRecord(*record).isEmpty())
        return std::move(*record);
    return readRecordJsonThroughDocument(data, file);
}

Result<Record> readRecordJsonThroughDocument(const QByteArray &data, const QString &file)
{
    const bool blank = std::all_of(data.cbegin(), data.cend(),
        [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
    if (blank)
        return Error::badInput(
            QStringLiteral("the text is empty, expected a JSON object"), file, 1);

    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return Error::badInput(QStringLiteral("not valid JSON: ") + parseError.errorString(), file,
            JsonLineIndex::lineAtOffset(data, parseError.offset));

    // Cheap: the index scans the text only if an error must be reported.
    const JsonLineIndex index(data);
    if (!document.isObject())
        return Error::badInput(
            QStringLiteral("expected a JSON object at the top level, found an array"), file,
            index.line(u""));
    return recordFromJson(document.object(), file, &index);
}

Result<Record> recordFromJson(
    const QJsonObject &object, const QString &file, const JsonLineIndex *index)
{
    Decoder decoder(file, index);
    auto record = decoder.record(object);
    if (!record)
        return *decoder.error;
    if (const QString problem = validateRecord(*record); !problem.isEmpty()) {
        decoder.failValidation(problem, object);
        return *decoder.error;
    }
    return std::move(*record);
}

} // namespace LedgerCurator
