// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Matching a cited title to the works of an index (docs/works.md): the one normal form of a title,
// a candidate's features and score, and when a candidate is clearly right. Qt Core only; the
// index that finds the works to score is WorksIndex.h.

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <optional>

namespace LedgerCurator {

//! A work an index knows: an arXiv paper, a DOI, a work a curator resolved.
struct Work
{
    QString id; // "2104.04473", "hep-th/9901001" or a DOI ("10.1145/...") as the source gives it
    QString title; // as the source gives it (LaTeX, line breaks and all)
    QString authors; // "A. Author, B. Author and C. Author"; may be empty
    std::optional<int> year;
    QString doi; // may be empty
    QString source; // which list it came from: a file's name, "cache" (works the cache knows)
    friend bool operator==(const Work &, const Work &) = default;
};

//! What is known of the work an observation points at.
struct MatchQuery
{
    QString title;
    std::optional<int> year;
    QStringList authors; // family names where known
};

//! One feature of a candidate, as the W3C Reconciliation API has it: an id and a number or a
//! boolean.
struct CandidateFeature
{
    QString id;
    QVariant value; // double, int or bool
    friend bool operator==(const CandidateFeature &, const CandidateFeature &) = default;
};

// The feature ids, as `suggest --json` and the reconciliation service write them.
inline constexpr auto kFeatureTitleSimilarity = "title_similarity"; // 0..100
inline constexpr auto kFeatureWordsMissing = "words_missing"; // the work's words the query lacks
inline constexpr auto kFeatureWordsExtra = "words_extra"; // the query's words the work lacks
inline constexpr auto kFeatureYearMatch = "year_match"; // bool; only when both years are known
inline constexpr auto kFeatureAuthorsMatch = "authors_match"; // 0..1; only when both are known
inline constexpr auto kFeatureIdDistance = "identifier_distance"; // edits to a malformed id

//! A scored work: best first in every list, `match` set on the first only when it is clearly
//! right.
struct Candidate
{
    QString id;
    QString name; // the work's title as the source gives it, on one line
    double score = 0; // 0..100
    bool match = false;
    QList<CandidateFeature> features;
    QStringList missingWords; // normalised words of the work the query lacks
    QStringList extraWords; // normalised words of the query the work lacks
    qsizetype matchedWords = 0; // informative words of the query the work has
    //! Other candidates that explain the query as well and score as close (rankCandidates()):
    //! the cited text is ambiguous between them; none is a match.
    qsizetype alike = 0;
    //! The score before rankCandidates() calibrated it (-1: never ranked); ranking a list again
    //! (candidates of two indexes merged) starts from it.
    double raw = -1;
    double uncalibrated() const { return raw >= 0 ? raw : score; }
    std::optional<int> year;
    QString authors;
    QString source;
    //! The feature's value, or an invalid QVariant.
    QVariant feature(const QString &id) const;
    friend bool operator==(const Candidate &, const Candidate &) = default;
};

//! The title's one normal form: LaTeX accents and commands resolved ("Schr\"{o}dinger",
//! "{\em X}", "$\alpha$"), accents dropped, case folded, dashes and every other punctuation
//! made a space, spaces collapsed. "Schrödinger's  Cat—Revisited" -> "schrodinger s cat revisited".
QString normalizeTitle(QStringView title);

//! normalizeTitle() split into its words.
QStringList titleWords(QStringView title);

//! The words that carry no weight in a title ("a", "the", "of", "for", ...), normalised.
bool isStopWord(QStringView normalisedWord);

//! What a cited text says of its work beside the title, as reference lists write it: the year
//! in brackets ("Zhang W., Li C. (2021) Title") and the family names of the authors before it
//! (or of "W. Zhang, C. Li. Title").
struct CitedDetails
{
    std::optional<int> year;
    QStringList families;
};
CitedDetails citedDetails(const QString &text);

//! The candidate a work makes for a query: its features and its score. A query without a year or
//! authors of its own takes those its title carries (citedDetails()).
Candidate scoreWork(const MatchQuery &query, const Work &work);
//! scoreWork() of each work, the query read once.
QList<Candidate> scoreWorks(const MatchQuery &query, const QList<Work> &works);

//! When a candidate is clearly right: its score at least `minScore`, at least `minMargin`
//! above the next (or explaining the query strictly better), and, for a title, resting on at
//! least `minWords` informative words of the query ("Real-Time Strings" alone names no work).
struct MatchPolicy
{
    double minScore = 85;
    double minMargin = 8;
    qsizetype minWords = 3;
    double minShown = 30; // weaker candidates are left out: nobody should accept them by a key
};

//! Sorts best first (score, then id), leaves out those under `minShown`, keeps the first `limit`
//! and sets `match` on the first only when the policy says it is clearly right and no other
//! candidate explains the query as well as close to it (then each of those says so: `alike`);
//! every other `match` is false.
void rankCandidates(
    QList<Candidate> &candidates, qsizetype limit = 5, const MatchPolicy &policy = {});

//! Candidates from another index (a reconciliation service) ranked with `own`: each scored
//! again here on the title it gives (scoreWork()), its source set to `source`, so that both
//! lists are ranked by the one rule; at most `limit`.
void mergeCandidates(QList<Candidate> &own, const MatchQuery &query, const QList<Candidate> &others,
    const QString &source, qsizetype limit = 5, const MatchPolicy &policy = {});

//! A candidate in the W3C Reconciliation API's shape (version 0.2): id, name, score, match,
//! features [{id, value}], and a description naming the missing and extra words.
QJsonObject candidateJson(const Candidate &candidate);

} // namespace LedgerCurator
