// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the formats' API: the member names of the record's JSON form (docs/record-json.md),
// each written once, for its four codecs: the QJsonObject writer and reader
// (RecordJsonObjectWriter.cpp, RecordJsonObjectReader.cpp) and the direct text writer and reader
// (RecordJsonTextWriter.cpp, RecordJsonTextReader.cpp).
//
// Each key is a character array, so that it serves as a `const char *` (a path in a message, the
// text writer), as a QLatin1String (QJsonObject) and as an array of known length (the text
// reader compares keys without measuring them).

#include <QString>

namespace LedgerCurator::RecordJsonKeys {

// The record, the top-level object.
inline constexpr char kSchema[] = "schema";
inline constexpr char kArxivId[] = "arxiv_id";
inline constexpr char kVersion[] = "version";
inline constexpr char kTitle[] = "title";
inline constexpr char kAsOf[] = "as_of"; // also a member of "events_check"
inline constexpr char kStatedCounts[] = "stated_counts";
inline constexpr char kCoverage[] = "coverage";
inline constexpr char kExternalMeasurements[] = "external_measurements";
inline constexpr char kObservations[] = "observations";

// "stated_counts"; the members of "outbound_states" are the resolution states' keys (stateKey()).
inline constexpr char kOutboundListed[] = "outbound_listed";
inline constexpr char kOutboundTotal[] = "outbound_total";
inline constexpr char kInbound[] = "inbound";
inline constexpr char kOutboundDisplayed[] = "outbound_displayed";
inline constexpr char kOutboundDisplayedOf[] = "outbound_displayed_of";
inline constexpr char kOutboundStates[] = "outbound_states";

// An element of "coverage".
inline constexpr char kFacet[] = "facet";
inline constexpr char kMeasured[] = "measured";
inline constexpr char kOf[] = "of";
inline constexpr char kDescription[] = "description";
inline constexpr char kSources[] = "sources";
inline constexpr char kObservedAt[] = "observed_at"; // also of a measurement and an observation

// An element of "external_measurements".
inline constexpr char kValue[] = "value";
inline constexpr char kSource[] = "source"; // also of a source event

// An element of "observations".
inline constexpr char kId[] = "id";
inline constexpr char kDirection[] = "direction";
inline constexpr char kCitingTitle[] = "citing_title";
inline constexpr char kCitedTitle[] = "cited_title";
inline constexpr char kReference[] = "reference";
inline constexpr char kState[] = "state";
inline constexpr char kBasis[] = "basis";
inline constexpr char kEventsCheck[] = "events_check";
inline constexpr char kCuration[] = "curation";

// "events_check".
inline constexpr char kStatus[] = "status";
inline constexpr char kReason[] = "reason";
inline constexpr char kEvents[] = "events";

// An element of "events".
inline constexpr char kKind[] = "kind";
inline constexpr char kDate[] = "date";
inline constexpr char kNotice[] = "notice";
inline constexpr char kDetail[] = "detail";

// "curation".
inline constexpr char kMark[] = "mark";
inline constexpr char kIdentifier[] = "identifier";
inline constexpr char kNote[] = "note";
inline constexpr char kDuplicateOf[] = "duplicate_of";
inline constexpr char kReview[] = "review";
inline constexpr char kReviewNote[] = "review_note";
inline constexpr char kExcluded[] = "excluded";
inline constexpr char kConflicts[] = "conflicts";

// The members the codecs handle alike, each with the field it fills, in the order the readers
// check them (the first bad one is the one reported). They are templates only so that this
// header needs no domain header: Counts is StatedCounts, Curation is CurationInfo.

template <typename Counts> struct CountMember
{
    const char *key;
    qint64 Counts::*field;
};
//! The whole numbers of "stated_counts" ("outbound_states" apart).
template <typename Counts>
inline constexpr CountMember<Counts> kStatedCountMembers[] = {
    { kOutboundListed, &Counts::outboundListed },
    { kOutboundTotal, &Counts::outboundTotal },
    { kInbound, &Counts::inbound },
    { kOutboundDisplayed, &Counts::outboundDisplayed },
    { kOutboundDisplayedOf, &Counts::outboundDisplayedOf },
};

template <typename Curation> struct TextMember
{
    const char *key;
    QString Curation::*field;
};
//! The texts of "curation", each left out when empty.
template <typename Curation>
inline constexpr TextMember<Curation> kCurationTextMembers[] = {
    { kMark, &Curation::mark },
    { kIdentifier, &Curation::identifier },
    { kNote, &Curation::note },
    { kDuplicateOf, &Curation::duplicateOf },
    { kReview, &Curation::review },
    { kReviewNote, &Curation::reviewNote },
};

} // namespace LedgerCurator::RecordJsonKeys
