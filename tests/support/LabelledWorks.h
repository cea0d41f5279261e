// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Labelled sets for match suggestions (docs/matching.md): generated works (titles as arXiv gives
// them: subtitles, hyphens, LaTeX accents, accented names), near-duplicate siblings ("X: Extended
// Version", "Revisiting X"), and queries that are noisy forms of their titles (case, accents,
// LaTeX, dashes, typos, a dropped subtitle, authors or a venue glued on, truncation, OCR-like
// swaps), or titles not in the set at all. Every query knows the work it names (or none), so a
// test measures precision and recall of `match` and the top-5 recall. Deterministic per seed.

#include "WorkMatch.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace LedgerCurator::Test {

struct LabelledQuery
{
    QString text; // the noisy title, as a reference would give it
    QString truth; // the id of the work it names; empty: a title in no work of the set
    QStringList noise; // the kinds of noise applied ("typo", "venue", ...)
};

struct LabelledSet
{
    QList<Work> works;
    QList<LabelledQuery> queries;
};

struct LabelledSetSize
{
    int works = 20000;
    int queries = 2000; // noisy forms of works of the set
    int absent = 300; // titles of works not in the set
    double siblingShare = 0.05; // works that get a near-duplicate sibling
    // Works and references whose titles are easy to confuse, added after the rest (a stream of
    // their own, so that the works and queries above stay those of the seed): titles with a
    // system name ("Hydra3: X for Y"), families sharing a long prefix ("A Survey of X for Y1",
    // "... for Y2"), reworded twins ("Towards X in Y", "X for Y"); references to them with a
    // dropped name, lower case, doubled spaces, authors and year before the title, a truncation
    // that may fit several; and references to works not in the set that are a prefix or the
    // reworded twin of one that is.
    int hardWorks = 2000;
    int hardQueries = 400;
    int hardAbsent = 150;
};

//! A labelled set, the same for the same seed and size.
LabelledSet makeLabelledSet(quint32 seed, const LabelledSetSize &size = {});

//! What a matcher did on a labelled set.
struct MatchQuality
{
    int queries = 0; // queries whose work is in the set
    int absent = 0;
    int matches = 0; // `match` set, right or wrong
    int rightMatches = 0;
    int inTopFive = 0;
    QStringList wrong; // "query -> matched id (truth)", for the failure message
    QStringList missed; // queries in the set with no match, for tuning
    double precision() const { return matches ? double(rightMatches) / matches : 1.0; }
    double recall() const { return queries ? double(rightMatches) / queries : 1.0; }
    double topFiveRecall() const { return queries ? double(inTopFive) / queries : 1.0; }
};

//! Adds one query's outcome: `candidates` best first, as the matcher ranked them.
void countOutcome(
    MatchQuality &quality, const LabelledQuery &query, const QList<Candidate> &candidates);

} // namespace LedgerCurator::Test
