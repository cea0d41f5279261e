// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Match suggestions for observations (docs/works.md): what to look for in the works
// index for each observation, and the corrections that accepting a candidate records. Used by
// `ledger-curator suggest` and by the correction panel.

#include "CuratedRecord.h"
#include "CurationSession.h"
#include "WorkMatch.h"
#include "WorksIndex.h"

#include <QList>
#include <QString>

namespace LedgerCurator {

//! What a suggestion looks for.
enum class SuggestionKind {
    CitedWork, // an outbound reference: works matching its cited title
    CitingPaper, // an inbound observation: the citing paper's own work, to open and check
    NearestIdentifier, // a malformed identifier: the nearest valid identifiers
};
QString suggestionKindKey(
    SuggestionKind kind); // "cited_work", "citing_paper", "nearest_identifier"

struct ObservationSuggestions
{
    QString observation; // UUID
    SuggestionKind kind = SuggestionKind::CitedWork;
    MatchQuery query; // what was looked for (the malformed identifier in query.title)
    QList<Candidate> candidates; // best first; `match` only on the first
    QString error; // the index could not be asked (the candidates are then empty)
};

//! The candidates for one observation of `record` (shown values, corrections applied).
ObservationSuggestions suggestFor(const CuratedRecord &record, const Observation &observation,
    const WorksIndex &index, int limit = 5);

//! Whether an observation, as shown, wants suggestions: it is in a problem state (the State
//! reason of attention, Attention.h).
bool wantsSuggestions(const Observation &observation);

//! The observations `suggest` looks at when none are named: those in a problem state (the
//! State reason of attention, Attention.h), in the record's order.
QStringList observationsToSuggest(const CuratedRecord &record);

//! The edits accepting `candidate` for `observation` records: the identifier (the cited work's;
//! for an inbound observation the record's own paper, the citing paper's id going to the note),
//! the state verified fuzzy, and the note "matched to ID, score S". Edits that change nothing
//! are left out.
QList<FieldEdit> acceptanceEdits(
    const CuratedRecord &record, const Observation &observation, const Candidate &candidate);

//! The edit that records "none of these" for an observation: a note saying the candidates
//! were looked at and none is the work.
QList<FieldEdit> noneOfTheseEdits(const CuratedRecord &record, const Observation &observation,
    const QList<Candidate> &candidates);

//! Every clear match among `suggestions` as edits, observation by observation (the batch of
//! `suggest --accept-matches` and of Accept Clear Matches). Inbound observations are left out:
//! their candidate is the citing paper, which a curator opens to check the reference. So are
//! observations no longer in a problem state (a curator fixed them since), matches a curator
//! said are not the work (None of them, in the note) and ids that are no identifier.
QList<FieldEdit> clearMatchEdits(
    const CuratedRecord &record, const QList<ObservationSuggestions> &suggestions);

//! `edits` (of acceptanceEdits(), noneOfTheseEdits(), clearMatchEdits()) with each value
//! checked and normalized as the panel and `curate` store it (normalizeCurationValue(): an
//! identifier in its canonical form); empty, with the first refusal in `error`, when one is
//! refused.
QList<FieldEdit> checkedSuggestionEdits(
    const CuratedRecord &record, const QList<FieldEdit> &edits, QString *error);

} // namespace LedgerCurator
