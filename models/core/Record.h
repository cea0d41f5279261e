// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TextHygiene.h"

#include <QList>
#include <QSharedData>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>

namespace LedgerCurator {

inline constexpr auto kSchemaId = "pith.paper-citation-record.v1";

//! How sure the index is that a citation link points at the right work.
enum class ResolutionState {
    VerifiedExact,
    VerifiedFuzzy,
    Unresolved,
    ParseUncertain,
    MalformedIdentifier,
    MetadataMismatch,
};
inline constexpr int kResolutionStateCount = 6;
inline constexpr std::array<ResolutionState, kResolutionStateCount> kAllResolutionStates {
    ResolutionState::VerifiedExact,
    ResolutionState::VerifiedFuzzy,
    ResolutionState::Unresolved,
    ResolutionState::ParseUncertain,
    ResolutionState::MalformedIdentifier,
    ResolutionState::MetadataMismatch,
};

//! "verified exact", as the page writes it.
QString stateText(ResolutionState state);
//! "verified_exact", as JSON and the command line write it.
QString stateKey(ResolutionState state);
//! Accepts both spellings ("verified exact" and "verified_exact").
std::optional<ResolutionState> parseState(QStringView text);
//! The four states that need a person.
bool stateNeedsAttention(ResolutionState state);

enum class Direction { Outbound, Inbound };
QString directionKey(Direction direction); // "outbound" / "inbound"
std::optional<Direction> parseDirection(QStringView text);

enum class EventKind { Retraction, Correction, ExpressionOfConcern, Withdrawal, Reinstatement };
QString eventKindText(EventKind kind); // "Expression of concern"
QString eventKindKey(EventKind kind); // "expression_of_concern"
std::optional<EventKind> parseEventKind(QStringView text); // either spelling, case-insensitive

//! A source-reported event (retraction, correction, ...) for a cited work.
struct SourceEvent
{
    EventKind kind = EventKind::Retraction;
    QString date; // as given, normally YYYY-MM-DD
    QString source; // e.g. retraction_status_cache
    QString notice; // DOI or URL of the notice; may be empty
    QString detail; // what the notice says (a reason, the nature of a correction); may be empty
    // Only for a standing notice matched to an observation (Notices.h), never read from or
    // written to a page: the nature as the source words it ("Retraction", "Retraction and
    // replacement"; empty: the kind's text) and the notice's identity for its review
    // (noticeRef(), e.g. "retraction-watch:51234"; empty for an event of the page itself, whose
    // identity noticeRefOf() derives).
    QString nature {};
    QString noticeRef {};
    friend bool operator==(const SourceEvent &, const SourceEvent &) = default;
};

//! The check of source-reported events for an observation's cited work.
struct EventsCheck
{
    enum class Status { NoneFound, Unavailable, Found };
    Status status = Status::NoneFound;
    QString asOf; // NoneFound and Found: the timestamp, byte for byte
    QString reason; // Unavailable: the reason, without the final full stop
    QList<SourceEvent> events; // Found: at least one
    friend bool operator==(const EventsCheck &, const EventsCheck &) = default;
};
QString eventsStatusKey(EventsCheck::Status status); // none_found / unavailable / found

// The names the interface shows, translated (Qt Linguist context "LedgerCurator::DisplayText").
// The page, record JSON and the command line keep the canonical English of stateText() & co.
QString stateDisplayText(ResolutionState state);
QString directionDisplayText(Direction direction);
QString eventKindDisplayText(EventKind kind);
//! A notice review status (unreviewed, acknowledged, dismissed, escalated) as the interface shows
//! it.
QString reviewDisplayText(const QString &review);
//! A YYYY-MM-DD date (or the date part of an ISO timestamp) in the locale's short date format
//! with a four-digit year; in the C locale, or when it is no such date, the text as it is.
QString displayDate(const QString &isoDate);
//! An ISO 8601 timestamp in local time, the locale's short date and time; same fallbacks.
QString displayDateTime(const QString &isoDateTime);

//! What curators changed about an observation; empty on a page as received.
struct CurationInfo
{
    QString mark; // the page's one-line "Curated by ..." mark
    QString identifier; // resolved identifier a curator supplied (arXiv id or DOI)
    QString note;
    QString duplicateOf; // UUID of the observation this one duplicates
    bool excluded = false;
    QString review; // notice review: unreviewed, acknowledged, dismissed, escalated
    QString reviewNote; // what the reviewer wrote about the notice
    //! Anomaly hint kinds (anomalyKindKey()) a curator dismissed on this observation ("these are
    //! different"): a decision, like a review, that never sets the curation mark.
    QStringList dismissedHints;
    QStringList conflicts; // field keys whose corrections are in conflict
    bool isEmpty() const { return *this == CurationInfo {}; }
    friend bool operator==(const CurationInfo &, const CurationInfo &) = default;
};

//! An observation's CurationInfo, held out of line. Nearly every observation of a large record has
//! none, and 200 bytes inline in each made 38 MB of a 200,000-observation record
//! (docs/benchmarks.md, "Startup of a large record, fifth round"). An empty curation allocates
//! nothing (one shared empty CurationInfo is read); a copied observation shares its curation until
//! one of them changes it. Reads go through `->` and `*`, changes through edit(), which makes this
//! curation its own first: a read never copies, so reading a shared record's observations never
//! detaches anything.
class Curation
{
public:
    Curation() = default;
    Curation(const CurationInfo &info); // NOLINT(google-explicit-constructor): `o.curation = info`
    Curation(CurationInfo &&info); // NOLINT(google-explicit-constructor)

    const CurationInfo &operator*() const { return m_d ? m_d->info : none(); }
    const CurationInfo *operator->() const { return &**this; }
    //! The curation to change, this observation's own.
    CurationInfo &edit();

    friend bool operator==(const Curation &a, const Curation &b)
    {
        return a.m_d == b.m_d || *a == *b;
    }

private:
    struct Data : QSharedData
    {
        CurationInfo info;
    };
    static const CurationInfo &none();
    QExplicitlySharedDataPointer<Data> m_d; // null: empty
};

//! One citation link: inbound (another paper cites the record's paper) or outbound.
struct Observation
{
    QString id; // UUID, lower case, as given
    Direction direction = Direction::Inbound;
    QString citingTitle;
    QString citedTitle;
    std::optional<qint64> reference; // reference number in the citing paper
    ResolutionState state = ResolutionState::Unresolved;
    QString basis; // arxiv_id, local_arxiv, no resolver link, doi, ... as given
    QString observedAt; // timestamp, byte for byte
    EventsCheck events;
    Curation curation;
    friend bool operator==(const Observation &, const Observation &) = default;
};

//! One facet of the coverage vector: "measured M of N <facet>".
struct CoverageFacet
{
    enum class Kind {
        ReferenceResolution,
        StandingNotices,
        InboundItemization,
        ExternalCitationMeasurements
    };
    Kind kind = Kind::ReferenceResolution;
    qint64 measured = 0;
    qint64 of = 0;
    QString description; // "Typed states for the displayed outbound observations."
    QStringList sources;
    QString observedAt; // may be empty
    friend bool operator==(const CoverageFacet &, const CoverageFacet &) = default;
};
inline constexpr int kCoverageFacetCount = 4;
QString facetText(CoverageFacet::Kind kind); // "reference resolution"
QString facetKey(CoverageFacet::Kind kind); // "reference_resolution"
std::optional<CoverageFacet::Kind> parseFacet(QStringView text);

struct ExternalMeasurement
{
    qint64 value = 0;
    QString source;
    QString observedAt; // may be empty
    friend bool operator==(const ExternalMeasurement &, const ExternalMeasurement &) = default;
};

//! The counts a page states about itself; they can disagree with what it itemizes.
struct StatedCounts
{
    qint64 outboundListed = 0; // "lists X of Y outbound references"
    qint64 outboundTotal = 0;
    qint64 inbound = 0; // "and Z inbound Pith citation observations"
    qint64 outboundDisplayed = 0; // "X of Y outbound references displayed"
    qint64 outboundDisplayedOf = 0;
    std::array<qint64, kResolutionStateCount> outboundStates {}; // "verified exact0" ...
    friend bool operator==(const StatedCounts &, const StatedCounts &) = default;
};

//! A Paper Citation Record: one arXiv paper's citation links.
struct Record
{
    QString arxivId; // without version: 2104.04473
    int version = 1; // the "v5" of "2104.04473 v5"
    QString title;
    QString asOf; // ISO date, YYYY-MM-DD
    QString schema = QString::fromLatin1(kSchemaId);
    StatedCounts stated;
    QList<CoverageFacet> coverage; // the four facets, in page order
    QList<ExternalMeasurement> measurements;
    QList<Observation> observations; // outbound first, then inbound, each in page order

    qsizetype count(Direction direction) const;
    //! The observation with this id, or nullptr; a linear search (the curation panel and the
    //! CLI look up one observation at a time).
    const Observation *findObservation(QStringView id) const;
    friend bool operator==(const Record &, const Record &) = default;
};

//! A non-fatal finding about a record: a stated count that disagrees with the items.
struct Warning
{
    int line = 0; // 0 when unknown
    QString message;
};

//! Where a page states its counts, so that warnings can name the line.
struct StatedCountLines
{
    int header = 0; // the "As of ..." sentence
    int displayed = 0; // "X of Y outbound references displayed"
    std::array<int, kResolutionStateCount> states {};
    std::array<int, kCoverageFacetCount> facets {};
};

//! Stated counts against itemized observations.
QList<Warning> statedCountWarnings(const Record &record, const StatedCountLines &lines = {});

//! Checks a record built by hand or read from JSON: ids, titles on one line, events lists, and
//! (with TextRules::Enforce) every string as TextHygiene.h has it.
//! Returns an empty string when the record is well formed, else what is wrong.
QString validateRecord(const Record &record, TextRules rules = TextRules::Enforce);

bool isUuid(QStringView text);

} // namespace LedgerCurator
