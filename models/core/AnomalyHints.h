// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Record.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace LedgerCurator {

//! Something about a citation ledger that a librarian should look at: not an error, a hint.
struct AnomalyHint
{
    enum class Kind { RepeatedCitingPaper, YearLikeReference, StatedCount, ExternalMeasurement };
    Kind kind = Kind::RepeatedCitingPaper;
    bool likelyDuplicate
        = false; // RepeatedCitingPaper whose observations also share a reference number
    QStringList
        observations; // observation UUIDs concerned, page order (empty for record-level hints)
    QString message; // one sentence for a librarian, translated
    int line = 0; // for StatedCount: the page line when known (0 otherwise)
    //! Every observation concerned dismissed this kind of hint (CurationInfo::dismissedHints):
    //! still shown, as decided, but nothing to attend to. Record-level hints are never dismissed.
    bool dismissed = false;
    friend bool operator==(const AnomalyHint &, const AnomalyHint &) = default;
};

//! "repeated_citing_paper", "year_like_reference", "stated_count", "external_measurement".
QString anomalyKindKey(AnomalyHint::Kind kind);
std::optional<AnomalyHint::Kind> parseAnomalyKind(QStringView key);

//! Hints for a record as displayed (curated values already applied by the caller).
//! Record-level hints (stated counts, then external measurements) come first, then the
//! observation hints in page order of their first observation. Linear in the observations.
//! `lines` only serves to give StatedCount hints their page line.
QList<AnomalyHint> anomalyHints(const Record &record, const StatedCountLines &lines = {});

//! The hints that concern one observation, by UUID (for the table's hint column): build once,
//! look up fast. Maps each UUID to the indexes into `hints`, ascending. Dismissed hints are left
//! out: they are decided, nothing the table or the preview shows against the observation.
QHash<QString, QList<qsizetype>> hintsByObservation(const QList<AnomalyHint> &hints);

} // namespace LedgerCurator
