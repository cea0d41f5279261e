// SPDX-License-Identifier: GPL-3.0-or-later
// The record from a QJsonObject, and from JSON text through QJsonDocument: recordFromJson(),
// readRecordJsonThroughDocument() and curationFromJson() (RecordJson.h). This is the reader that
// says what is wrong and where; the direct text reader (RecordJsonTextReader.cpp) takes only the
// texts it is sure to read the same way and leaves every other one, every error among them, here.
#include "RecordJson.h"

#include "JsonLineIndex.h"
#include "JsonText.h"
#include "RecordJsonChecks.h"
#include "RecordJsonKeys.h"
#include "TextHygiene.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QJsonValue>
#include <QLocale>

#include <algorithm>
#include <climits>
#include <optional>

namespace LedgerCurator {

namespace Keys = RecordJsonKeys;
using RecordJsonChecks::hasVersionSuffix;
using RecordJsonChecks::isIsoDate;

namespace {

QLatin1String key(const char *name)
{
    return QLatin1String(name);
}

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

//! A found string as JSON writes it, for a message: "text" with its escapes, cut at 60
//! characters. Not quoted() (Quote.h): a JSON value is shown in JSON's own quoting.
QString jsonQuoted(const QString &text)
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
        return QStringLiteral("the string ") + jsonQuoted(value.toString());
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
    { "UUID", Keys::kId },
    { "appears twice", Keys::kId },
    { "outbound observations must come before", Keys::kDirection },
    { "citing title", Keys::kCitingTitle },
    { "cited title", Keys::kCitedTitle },
    { "reference number", Keys::kReference },
    { "basis", Keys::kBasis },
    { "observed timestamp", Keys::kObservedAt },
    { "event", Keys::kEventsCheck },
};
constexpr MessageMember kRecordMembers[] = {
    { "arXiv id", Keys::kArxivId },
    { "version", Keys::kVersion },
    { "record title", Keys::kTitle },
    { "schema", Keys::kSchema },
    { "coverage", Keys::kCoverage },
};

class Decoder
{
public:
    Decoder(const QString &file, const JsonLineIndex *index, TextRules rules)
        : m_file(file)
        , m_index(index)
        , m_rules(rules)
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
        if (value.isString()) {
            QString text = value.toString();
            // Every string of a record is one line of text (TextHygiene.h); a line break is left
            // to validateRecord(), which says which strings must be one line.
            if (const auto problem
                = m_rules == TextRules::Enforce ? findTextProblem(text) : std::nullopt;
                problem && problem->codePoint != u'\n' && problem->codePoint != u'\r') {
                fail(at, at.display() + QStringLiteral(": ") + problem->message());
                return std::nullopt;
            }
            return text;
        }
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
    TextRules m_rules;
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

std::optional<Record> Decoder::record(const QJsonObject &top)
{
    const Path root;
    Record r;

    // The schema first: a record of another schema should say so, not trip over a field.
    const Path schemaAt = root / Keys::kSchema;
    const QJsonValue schema = top.value(key(Keys::kSchema));
    if (!schema.isString() || schema.toString() != QLatin1String(kSchemaId)) {
        failExpected(
            schemaAt, QLatin1Char('"') + QLatin1String(kSchemaId) + QLatin1Char('"'), schema);
        return std::nullopt;
    }
    r.schema = schema.toString();

    const Path idAt = root / Keys::kArxivId;
    auto arxivId = string(top.value(key(Keys::kArxivId)), idAt);
    if (!arxivId)
        return std::nullopt;
    if (arxivId->startsWith(QLatin1String("arXiv:"), Qt::CaseInsensitive))
        arxivId->remove(0, 6);
    if (arxivId->isEmpty() || hasVersionSuffix(*arxivId)) {
        failExpected(idAt,
            QStringLiteral("an arXiv id without its version (such as \"2104.04473\"; "
                           "the version goes in \"version\")"),
            top.value(key(Keys::kArxivId)));
        return std::nullopt;
    }
    r.arxivId = *arxivId;

    const Path versionAt = root / Keys::kVersion;
    const QJsonValue version = top.value(key(Keys::kVersion));
    const auto versionNumber = count(version, versionAt);
    if (!versionNumber)
        return std::nullopt;
    if (*versionNumber < 1 || *versionNumber > INT_MAX) {
        failExpected(
            versionAt, QStringLiteral("a whole number from 1 to %1").arg(INT_MAX), version);
        return std::nullopt;
    }
    r.version = static_cast<int>(*versionNumber);

    const auto title = string(top.value(key(Keys::kTitle)), root / Keys::kTitle);
    if (!title)
        return std::nullopt;
    r.title = *title;

    const Path asOfAt = root / Keys::kAsOf;
    const QJsonValue asOf = top.value(key(Keys::kAsOf));
    if (!asOf.isString() || !isIsoDate(asOf.toString())) {
        failExpected(asOfAt, QStringLiteral("a date as YYYY-MM-DD"), asOf);
        return std::nullopt;
    }
    r.asOf = asOf.toString();

    const auto stated
        = statedCounts(top.value(key(Keys::kStatedCounts)), root / Keys::kStatedCounts);
    if (!stated)
        return std::nullopt;
    r.stated = *stated;

    const Path coverageAt = root / Keys::kCoverage;
    const QJsonValue coverageValue = top.value(key(Keys::kCoverage));
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

    const Path measurementsAt = root / Keys::kExternalMeasurements;
    const auto measurements = array(top.value(key(Keys::kExternalMeasurements)), measurementsAt);
    if (!measurements)
        return std::nullopt;
    r.measurements.reserve(measurements->size());
    for (qsizetype i = 0; i < measurements->size(); ++i) {
        const auto m = measurement(measurements->at(i), measurementsAt[i]);
        if (!m)
            return std::nullopt;
        r.measurements.append(*m);
    }

    const Path observationsAt = root / Keys::kObservations;
    const auto observations = array(top.value(key(Keys::kObservations)), observationsAt);
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
    for (const auto &m : Keys::kStatedCountMembers<StatedCounts>) {
        const auto n = count(o->value(key(m.key)), at / m.key);
        if (!n)
            return std::nullopt;
        s.*m.field = *n;
    }
    const Path statesAt = at / Keys::kOutboundStates;
    const auto states = object(o->value(key(Keys::kOutboundStates)), statesAt);
    if (!states)
        return std::nullopt;
    for (const ResolutionState state : kAllResolutionStates) {
        const QString stateName = stateKey(state);
        const QByteArray latin1 = stateName.toLatin1();
        const auto n = count(states->value(stateName), statesAt / latin1.constData());
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
    const Path facetAt = at / Keys::kFacet;
    const QJsonValue kindValue = o->value(key(Keys::kFacet));
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
    const auto measured = count(o->value(key(Keys::kMeasured)), at / Keys::kMeasured);
    if (!measured)
        return std::nullopt;
    f.measured = *measured;
    const auto of = count(o->value(key(Keys::kOf)), at / Keys::kOf);
    if (!of)
        return std::nullopt;
    f.of = *of;
    const auto description = string(o->value(key(Keys::kDescription)), at / Keys::kDescription);
    if (!description)
        return std::nullopt;
    f.description = *description;
    const Path sourcesAt = at / Keys::kSources;
    const auto sources = array(o->value(key(Keys::kSources)), sourcesAt);
    if (!sources)
        return std::nullopt;
    for (qsizetype k = 0; k < sources->size(); ++k) {
        const auto source = string(sources->at(k), sourcesAt[k]);
        if (!source)
            return std::nullopt;
        f.sources.append(*source);
    }
    const auto observedAt
        = optionalString(o->value(key(Keys::kObservedAt)), at / Keys::kObservedAt);
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
    const auto n = count(o->value(key(Keys::kValue)), at / Keys::kValue);
    if (!n)
        return std::nullopt;
    m.value = *n;
    const auto source = string(o->value(key(Keys::kSource)), at / Keys::kSource);
    if (!source)
        return std::nullopt;
    m.source = *source;
    const auto observedAt
        = optionalString(o->value(key(Keys::kObservedAt)), at / Keys::kObservedAt);
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

    const Path idAt = at / Keys::kId;
    const QJsonValue id = o->value(key(Keys::kId));
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
        o->value(key(Keys::kDirection)), at / Keys::kDirection, parseDirection, expectedDirections);
    if (!direction)
        return std::nullopt;
    obs.direction = *direction;

    const auto citing = string(o->value(key(Keys::kCitingTitle)), at / Keys::kCitingTitle);
    if (!citing)
        return std::nullopt;
    obs.citingTitle = *citing;
    const auto cited = string(o->value(key(Keys::kCitedTitle)), at / Keys::kCitedTitle);
    if (!cited)
        return std::nullopt;
    obs.citedTitle = *cited;

    const QJsonValue reference = o->value(key(Keys::kReference));
    if (!reference.isUndefined() && !reference.isNull()) {
        const auto n = count(reference, at / Keys::kReference, true);
        if (!n)
            return std::nullopt;
        obs.reference = *n;
    }

    const auto state = keyword<ResolutionState>(
        o->value(key(Keys::kState)), at / Keys::kState, parseState, expectedStates);
    if (!state)
        return std::nullopt;
    obs.state = *state;

    const auto basis = string(o->value(key(Keys::kBasis)), at / Keys::kBasis);
    if (!basis)
        return std::nullopt;
    obs.basis = *basis;
    const auto observedAt = string(o->value(key(Keys::kObservedAt)), at / Keys::kObservedAt);
    if (!observedAt)
        return std::nullopt;
    obs.observedAt = *observedAt;

    auto events = eventsCheck(o->value(key(Keys::kEventsCheck)), at / Keys::kEventsCheck);
    if (!events)
        return std::nullopt;
    obs.events = std::move(*events);

    // Curated values, present only in rendered (not upstream) records.
    const QJsonValue curationValue = o->value(key(Keys::kCuration));
    if (!curationValue.isUndefined() && !curationValue.isNull()) {
        const Path cAt = at / Keys::kCuration;
        const auto c = object(curationValue, cAt);
        if (!c)
            return std::nullopt;
        CurationInfo info; // held out of line only when there is something in it
        for (const auto &m : Keys::kCurationTextMembers<CurationInfo>) {
            const auto text = optionalString(c->value(key(m.key)), cAt / m.key);
            if (!text)
                return std::nullopt;
            info.*m.field = *text;
        }
        const QJsonValue excluded = c->value(key(Keys::kExcluded));
        if (!excluded.isUndefined() && !excluded.isBool()) {
            failExpected(cAt / Keys::kExcluded, QStringLiteral("true or false"), excluded);
            return std::nullopt;
        }
        info.excluded = excluded.toBool(false);
        const QJsonValue conflicts = c->value(key(Keys::kConflicts));
        if (!conflicts.isUndefined()) {
            const auto list = array(conflicts, cAt / Keys::kConflicts);
            if (!list)
                return std::nullopt;
            for (qsizetype i = 0; i < list->size(); ++i) {
                const auto conflict = string(list->at(i), (cAt / Keys::kConflicts)[i]);
                if (!conflict)
                    return std::nullopt;
                info.conflicts.append(*conflict);
            }
        }
        obs.curation = std::move(info);
    }
    return obs;
}

std::optional<EventsCheck> Decoder::eventsCheck(const QJsonValue &value, const Path &at)
{
    const auto o = object(value, at);
    if (!o)
        return std::nullopt;
    EventsCheck check;
    const auto status
        = keyword<EventsCheck::Status>(o->value(key(Keys::kStatus)), at / Keys::kStatus,
            RecordJsonChecks::parseEventsStatus<EventsCheck::Status>, expectedEventsStatus);
    if (!status)
        return std::nullopt;
    check.status = *status;

    const Path eventsAt = at / Keys::kEvents;
    const QJsonValue events = o->value(key(Keys::kEvents));
    switch (check.status) {
    case EventsCheck::Status::NoneFound:
    case EventsCheck::Status::Unavailable: {
        if (check.status == EventsCheck::Status::NoneFound) {
            const auto asOf = string(o->value(key(Keys::kAsOf)), at / Keys::kAsOf);
            if (!asOf)
                return std::nullopt;
            check.asOf = *asOf;
        } else {
            const auto reason = string(o->value(key(Keys::kReason)), at / Keys::kReason);
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
        const auto asOf = string(o->value(key(Keys::kAsOf)), at / Keys::kAsOf);
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
        o->value(key(Keys::kKind)), at / Keys::kKind, parseEventKind, expectedKinds);
    if (!kind)
        return std::nullopt;
    event.kind = *kind;
    const auto date = string(o->value(key(Keys::kDate)), at / Keys::kDate);
    if (!date)
        return std::nullopt;
    event.date = *date;
    const auto source = string(o->value(key(Keys::kSource)), at / Keys::kSource);
    if (!source)
        return std::nullopt;
    event.source = *source;
    const auto notice = optionalString(o->value(key(Keys::kNotice)), at / Keys::kNotice);
    if (!notice)
        return std::nullopt;
    event.notice = *notice;
    const auto detail = optionalString(o->value(key(Keys::kDetail)), at / Keys::kDetail);
    if (!detail)
        return std::nullopt;
    event.detail = *detail;
    return event;
}

void Decoder::failValidation(const QString &message, const QJsonObject &top)
{
    const Path root;
    const Path observationsAt = root / Keys::kObservations;
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
    fail(top.contains(key(Keys::kObservations)) ? observationsAt : root, message);
}

} // namespace

CurationInfo curationFromJson(const QJsonObject &object)
{
    CurationInfo c;
    for (const auto &m : Keys::kCurationTextMembers<CurationInfo>)
        c.*m.field = object.value(key(m.key)).toString();
    c.excluded = object.value(key(Keys::kExcluded)).toBool(false);
    for (const auto &v : object.value(key(Keys::kConflicts)).toArray())
        c.conflicts.append(v.toString());
    return c;
}

Result<Record> readRecordJsonThroughDocument(const QByteArray &data, const QString &file)
{
    const bool blank = std::all_of(data.cbegin(), data.cend(),
        [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
    if (blank)
        return Error::badInput(
            QStringLiteral("the text is empty, expected a JSON object"), file, 1);

    JsonTextError parseError;
    const auto parsed = parseJsonStrictly(data, &parseError);
    if (!parsed)
        return Error::badInput(QStringLiteral("not valid JSON: ") + parseError.message, file,
            JsonLineIndex::lineAtOffset(data, parseError.offset));
    const QJsonDocument &document = *parsed;

    // Cheap: the index scans the text only if an error must be reported.
    const JsonLineIndex index(data);
    if (!document.isObject())
        return Error::badInput(
            QStringLiteral("expected a JSON object at the top level, found an array"), file,
            index.line(u""));
    return recordFromJson(document.object(), file, &index);
}

Result<Record> recordFromJson(
    const QJsonObject &object, const QString &file, const JsonLineIndex *index, TextRules rules)
{
    Decoder decoder(file, index, rules);
    auto record = decoder.record(object);
    if (!record)
        return *decoder.error;
    if (const QString problem = validateRecord(*record, rules); !problem.isEmpty()) {
        decoder.failValidation(problem, object);
        return *decoder.error;
    }
    return std::move(*record);
}

} // namespace LedgerCurator
