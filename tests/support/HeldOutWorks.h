// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Held-out sets for match suggestions: works lists and citation pages made apart from
// LabelledWorks (its own vocabulary, its own title shapes, its own noise), never used to tune
// the scorer. ledger-bench scores them on seeds drawn fresh at each run (docs/matching.md).
//
// The works: titles with a system name ("Orca7: Sparse Mixture Routing for Speech Synthesis"),
// families of titles that share a long prefix ("A Survey of Graph Transformers for Drug Design",
// "... for Traffic Forecasting"), reworded twins ("Towards X in Y" beside "X for Y"), titles
// with subtitles; authors and years. The references: noisy citations of works of the list
// (lower case, doubled spaces, a dropped "Name:" prefix, authors and year written before the
// title as a reference list does, a typo, a venue, a truncation that may fit several works) and
// citations of works not in the list that look like some that are (a shorter title that is a
// prefix of a listed one, the reworded twin of a listed one, a family member the list lacks,
// another system's name on a listed title).

#include "LabelledWorks.h"

namespace LedgerCurator::Test {

struct HeldOutSize
{
    int works = 30000;
    int references = 400;
    double absentShare = 0.25; // references to works not in the list
};

//! A held-out set, the same for the same seed and size. A reference whose text fits several
//! works of the list equally (a truncation) names the one it was made from: matching none of
//! them is a miss, matching another is wrong.
LabelledSet makeHeldOutSet(quint32 seed, const HeldOutSize &size = {});

//! The reliability of scores: of the candidates (every one listed, not only the first) whose
//! score is in each band, how many are the work the reference names.
struct ScoreReliability
{
    static constexpr int kBands = 6; // [95,100], [90,95), [85,90), [80,85), [70,80), [0,70)
    int candidates[kBands] = {};
    int right[kBands] = {};
    QStringList
        wrongFrom90; // "query -> id score (truth)" for the candidates of 90 or more not right
    static QString bandName(int band);
    static int bandOf(double score);
    void add(const LabelledQuery &query, const QList<Candidate> &candidates);
    //! Of the candidates scored at least `score` (a band's lower bound), the share right.
    double shareRightFrom(double score) const;
    int countFrom(double score) const;
};

} // namespace LedgerCurator::Test
