// SPDX-License-Identifier: GPL-3.0-or-later
// The record from JSON text, read directly: readRecordJson() (RecordJson.h). The record straight
// from the bytes, without a QJsonDocument in between (which on a large page cost more than
// everything else the import does); every text it does not take goes to the QJsonDocument path
// (RecordJsonObjectReader.cpp).
#include "RecordJson.h"

#include "JsonCursor.h"
#include "RecordJsonChecks.h"
#include "RecordJsonKeys.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <iterator>
#include <optional>
#include <string_view>

namespace LedgerCurator {

namespace Keys = RecordJsonKeys;
using RecordJsonChecks::hasVersionSuffix;
using RecordJsonChecks::isIsoDate;

namespace {

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
        : m_json(text)
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

    //! Counts as the QJsonDocument path reads them exactly (a qint64).
    bool count(qint64 &out) { return m_json.wholeNumber(out, 18); }
    bool value(Value &out);
    bool stringOrNull(QString &out);
    bool stringList(QStringList &out);
    bool statedCounts(StatedCounts &out);
    bool facet(CoverageFacet &out, int index);
    bool measurement(ExternalMeasurement &out);
    bool observation(Observation &out);
    bool eventsCheck(EventsCheck &out);
    bool sourceEvent(SourceEvent &out);
    bool curation(CurationInfo &out);

    JsonCursor m_json;
};

//! A key with its quotes, `"key"`, made at compile time: a needle searched for in the text.
template <size_t N> struct QuotedKey
{
    std::array<char, N + 1> text {};
    constexpr explicit QuotedKey(const char (&key)[N])
    {
        text[0] = '"';
        for (size_t i = 0; i + 1 < N; ++i)
            text[i + 1] = key[i];
        text[N] = '"';
    }
    constexpr std::string_view view() const { return std::string_view(text.data(), text.size()); }
};
constexpr QuotedKey kQuotedEventsCheck(Keys::kEventsCheck);

//! Whether a key read is `name` (compared without measuring `name` at run time).
template <size_t N> bool is(QByteArrayView key, const char (&name)[N])
{
    return key.size() == qsizetype(N - 1) && std::memcmp(key.data(), name, N - 1) == 0;
}

bool DirectReader::value(Value &out)
{
    if (m_json.peek('"')) {
        out.kind = Value::String;
        return m_json.string(out.text);
    }
    if (m_json.peek('n')) {
        out.kind = Value::Null;
        return m_json.null();
    }
    out.kind = Value::Other;
    return m_json.skipValue();
}

//! A string that may be null (then a null QString, as Decoder::optionalString gives).
bool DirectReader::stringOrNull(QString &out)
{
    if (m_json.peek('n')) {
        out = QString();
        return m_json.null();
    }
    return m_json.string(out);
}

bool DirectReader::stringList(QStringList &out)
{
    return m_json.elements([this, &out] {
        QString text;
        if (!m_json.string(text))
            return false;
        out.append(std::move(text));
        return true;
    });
}

std::optional<Record> DirectReader::record()
{
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
        Observations,
        MemberCount
    };
    JsonMembersSeen seen;
    qint64 version = 0;
    const bool ok = m_json.members([&](QByteArrayView name) {
        if (is(name, Keys::kSchema))
            return seen.once(Schema) && m_json.string(r.schema)
                && r.schema == QLatin1String(kSchemaId);
        if (is(name, Keys::kArxivId))
            return seen.once(ArxivId) && m_json.string(r.arxivId);
        if (is(name, Keys::kVersion))
            return seen.once(Version) && count(version) && version >= 1 && version <= INT_MAX;
        if (is(name, Keys::kTitle))
            return seen.once(Title) && m_json.string(r.title);
        if (is(name, Keys::kAsOf))
            return seen.once(AsOf) && m_json.string(r.asOf) && isIsoDate(r.asOf);
        if (is(name, Keys::kStatedCounts))
            return seen.once(Stated) && statedCounts(r.stated);
        if (is(name, Keys::kCoverage)) {
            if (!seen.once(Coverage))
                return false;
            r.coverage.reserve(kCoverageFacetCount);
            return m_json.elements([this, &r] {
                CoverageFacet f;
                if (r.coverage.size() == kCoverageFacetCount || !facet(f, int(r.coverage.size())))
                    return false;
                r.coverage.append(std::move(f));
                return true;
            }) && r.coverage.size() == kCoverageFacetCount;
        }
        if (is(name, Keys::kExternalMeasurements)) {
            return seen.once(Measurements) && m_json.elements([this, &r] {
                ExternalMeasurement m;
                if (!measurement(m))
                    return false;
                r.measurements.append(std::move(m));
                return true;
            });
        }
        if (is(name, Keys::kObservations)) {
            if (!seen.once(Observations))
                return false;
            // Room for them all at once (growing the list step by step cost a fifth of the
            // reading): every observation has one "events_check", and takes 150 bytes or more.
            constexpr std::string_view needle = kQuotedEventsCheck.view();
            const QByteArrayView restView = m_json.rest();
            const std::string_view rest(restView.data(), size_t(restView.size()));
            qsizetype expected = 0;
            for (size_t at = rest.find(needle); at != std::string_view::npos;
                 at = rest.find(needle, at + needle.size()))
                ++expected;
            r.observations.reserve(std::min(expected, qsizetype(rest.size() / 150)));
            return m_json.elements([this, &r] {
                r.observations.emplace_back();
                return observation(r.observations.last());
            });
        }
        return m_json.skipValue();
    });
    if (!ok || !m_json.atEnd() || !seen.first(MemberCount))
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
    constexpr auto &kMembers = Keys::kStatedCountMembers<StatedCounts>;
    constexpr int kCounts = int(std::size(kMembers));
    static const std::array<QByteArray, kResolutionStateCount> stateKeys = [] {
        std::array<QByteArray, kResolutionStateCount> keys;
        for (const ResolutionState state : kAllResolutionStates)
            keys[static_cast<int>(state)] = stateKey(state).toUtf8();
        return keys;
    }();
    JsonMembersSeen seen;
    const bool ok = m_json.members([&](QByteArrayView name) {
        for (int i = 0; i < kCounts; ++i) {
            if (name == kMembers[i].key)
                return seen.once(i) && count(s.*kMembers[i].field);
        }
        if (!is(name, Keys::kOutboundStates))
            return m_json.skipValue();
        if (!seen.once(kCounts))
            return false;
        JsonMembersSeen states;
        return m_json.members([&](QByteArrayView state) {
            for (int i = 0; i < kResolutionStateCount; ++i) {
                if (state == stateKeys[i])
                    return states.once(i) && count(s.outboundStates[i]);
            }
            return m_json.skipValue();
        }) && states.first(kResolutionStateCount);
    });
    return ok && seen.first(kCounts + 1);
}

bool DirectReader::facet(CoverageFacet &f, int index)
{
    enum Member { Facet, Measured, Of, Description, Sources, ObservedAt };
    JsonMembersSeen seen;
    const bool ok = m_json.members([&](QByteArrayView name) {
        if (is(name, Keys::kFacet)) {
            QString text;
            if (!seen.once(Facet) || !m_json.string(text))
                return false;
            const auto kind = parseFacet(text);
            f.kind = kind.value_or(CoverageFacet::Kind {});
            return kind && *kind == static_cast<CoverageFacet::Kind>(index);
        }
        if (is(name, Keys::kMeasured))
            return seen.once(Measured) && count(f.measured);
        if (is(name, Keys::kOf))
            return seen.once(Of) && count(f.of);
        if (is(name, Keys::kDescription))
            return seen.once(Description) && m_json.string(f.description);
        if (is(name, Keys::kSources))
            return seen.once(Sources) && stringList(f.sources);
        if (is(name, Keys::kObservedAt))
            return seen.once(ObservedAt) && stringOrNull(f.observedAt);
        return m_json.skipValue();
    });
    return ok && seen.first(ObservedAt);
}

bool DirectReader::measurement(ExternalMeasurement &m)
{
    enum Member { Amount, Source, ObservedAt };
    JsonMembersSeen seen;
    const bool ok = m_json.members([&](QByteArrayView name) {
        if (is(name, Keys::kValue))
            return seen.once(Amount) && count(m.value);
        if (is(name, Keys::kSource))
            return seen.once(Source) && m_json.string(m.source);
        if (is(name, Keys::kObservedAt))
            return seen.once(ObservedAt) && stringOrNull(m.observedAt);
        return m_json.skipValue();
    });
    return ok && seen.first(ObservedAt);
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
    JsonMembersSeen seen;
    const bool ok = m_json.members([&](QByteArrayView name) {
        if (is(name, Keys::kId))
            return seen.once(Id) && m_json.string(o.id) && isUuid(o.id);
        if (is(name, Keys::kDirection)) {
            QString text;
            if (!seen.once(Direction_) || !m_json.string(text))
                return false;
            const auto direction = parseDirection(text);
            o.direction = direction.value_or(Direction {});
            return direction.has_value();
        }
        if (is(name, Keys::kCitingTitle))
            return seen.once(CitingTitle) && m_json.string(o.citingTitle);
        if (is(name, Keys::kCitedTitle))
            return seen.once(CitedTitle) && m_json.string(o.citedTitle);
        if (is(name, Keys::kReference)) {
            if (!seen.once(Reference))
                return false;
            if (m_json.peek('n'))
                return m_json.null();
            qint64 n = 0;
            if (!count(n))
                return false;
            o.reference = n;
            return true;
        }
        if (is(name, Keys::kState)) {
            QString text;
            if (!seen.once(State) || !m_json.string(text))
                return false;
            const auto state = parseState(text);
            o.state = state.value_or(ResolutionState {});
            return state.has_value();
        }
        if (is(name, Keys::kBasis))
            return seen.once(Basis) && m_json.string(o.basis);
        if (is(name, Keys::kObservedAt))
            return seen.once(ObservedAt) && m_json.string(o.observedAt);
        if (is(name, Keys::kEventsCheck))
            return seen.once(EventsCheck_) && eventsCheck(o.events);
        if (is(name, Keys::kCuration)) {
            if (!seen.once(Curation))
                return false;
            if (m_json.peek('n'))
                return m_json.null();
            CurationInfo read; // held out of line only when there is something in it
            if (!curation(read))
                return false;
            o.curation = std::move(read);
            return true;
        }
        return m_json.skipValue();
    });
    return ok && seen.first(Reference);
}

bool DirectReader::eventsCheck(EventsCheck &check)
{
    enum Member { Status, AsOf, Reason, Events };
    JsonMembersSeen seen;
    std::optional<EventsCheck::Status> status;
    Value asOf;
    Value reason;
    bool eventsNull = false;
    const bool ok = m_json.members([&](QByteArrayView name) {
        if (is(name, Keys::kStatus)) {
            QString text;
            if (!seen.once(Status) || !m_json.string(text))
                return false;
            status = RecordJsonChecks::parseEventsStatus<EventsCheck::Status>(text);
            return status.has_value();
        }
        if (is(name, Keys::kAsOf))
            return seen.once(AsOf) && value(asOf);
        if (is(name, Keys::kReason))
            return seen.once(Reason) && value(reason);
        if (is(name, Keys::kEvents)) {
            if (!seen.once(Events))
                return false;
            if (m_json.peek('n')) {
                eventsNull = true;
                return m_json.null();
            }
            return m_json.elements([this, &check] {
                check.events.emplace_back();
                return sourceEvent(check.events.last());
            });
        }
        return m_json.skipValue();
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
    JsonMembersSeen seen;
    const bool ok = m_json.members([&](QByteArrayView name) {
        if (is(name, Keys::kKind)) {
            QString text;
            if (!seen.once(Kind) || !m_json.string(text))
                return false;
            const auto kind = parseEventKind(text);
            event.kind = kind.value_or(EventKind {});
            return kind.has_value();
        }
        if (is(name, Keys::kDate))
            return seen.once(Date) && m_json.string(event.date);
        if (is(name, Keys::kSource))
            return seen.once(Source) && m_json.string(event.source);
        if (is(name, Keys::kNotice))
            return seen.once(Notice) && stringOrNull(event.notice);
        if (is(name, Keys::kDetail))
            return seen.once(Detail) && stringOrNull(event.detail);
        return m_json.skipValue();
    });
    return ok && seen.first(Notice);
}

bool DirectReader::curation(CurationInfo &c)
{
    constexpr auto &kMembers = Keys::kCurationTextMembers<CurationInfo>;
    constexpr int kTexts = int(std::size(kMembers));
    enum Member { Excluded = kTexts, Conflicts };
    JsonMembersSeen seen;
    return m_json.members([&](QByteArrayView name) {
        for (int i = 0; i < kTexts; ++i) {
            if (name == kMembers[i].key)
                return seen.once(i) && stringOrNull(c.*kMembers[i].field);
        }
        if (is(name, Keys::kExcluded))
            return seen.once(Excluded) && m_json.boolean(c.excluded);
        if (is(name, Keys::kConflicts))
            return seen.once(Conflicts) && stringList(c.conflicts);
        return m_json.skipValue();
    });
}

} // namespace

Result<Record> readRecordJson(const QByteArray &data, const QString &file)
{
    // The direct reader takes the well-formed, valid records; everything else, every error among
    // it, is read through QJsonDocument, which says what is wrong and where.
    if (auto record = DirectReader(data).record(); record && validateRecord(*record).isEmpty())
        return std::move(*record);
    return readRecordJsonThroughDocument(data, file);
}

} // namespace LedgerCurator
