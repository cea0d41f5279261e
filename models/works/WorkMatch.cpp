// SPDX-License-Identifier: GPL-3.0-or-later
#include "WorkMatch.h"

#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <vector>

namespace LedgerCurator {

namespace {

struct WordWeights
{
    double stop = 0.25;
    double word = 1.0;
};

// Words that frame a title rather than name its topic, yet tell one title from its reworded
// twin ("Towards X in Y" is not "X for Y"): stop words for retrieval, full words for the score.
bool isFramingWord(const QString &word)
{
    return word == u"towards" || word == u"toward";
}

// The words that open a phrase naming what a work is about ("... for Image Retrieval", "... in
// Speech Synthesis"): a title cut before one is not the title with it. A phrase naming how
// ("... using Megatron-LM", "... via X", "... with Y") is what a reference shortens.
bool opensTopicPhrase(const QString &word)
{
    static const QSet<QString> words { QStringLiteral("for"), QStringLiteral("in"),
        QStringLiteral("on"), QStringLiteral("of"), QStringLiteral("to"), QStringLiteral("towards"),
        QStringLiteral("toward"), QStringLiteral("from"), QStringLiteral("under"),
        QStringLiteral("at"), QStringLiteral("into"), QStringLiteral("over"),
        QStringLiteral("beyond"), QStringLiteral("across"), QStringLiteral("between") };
    return words.contains(word);
}

// Stop words, initials and bare numbers (pages, years, volumes) weigh little.
double weightOf(const QString &word)
{
    const bool light = (isStopWord(word) && !isFramingWord(word)) || word.size() == 1
        || std::all_of(word.cbegin(), word.cend(), [](QChar c) { return c.isDigit(); });
    return light ? WordWeights {}.stop : WordWeights {}.word;
}

// --- Comparing words -------------------------------------------------------------------

int editDistance(QStringView a, QStringView b, int cap)
{
    const qsizetype n = a.size(), m = b.size();
    if (std::abs(int(n - m)) > cap)
        return cap + 1;
    // three rows: a swap of two neighbours counts as one edit (Damerau), which reaches two back
    std::vector<int> twoBack(m + 1), previous(m + 1), current(m + 1);
    for (qsizetype j = 0; j <= m; ++j)
        previous[j] = int(j);
    for (qsizetype i = 1; i <= n; ++i) {
        current[0] = int(i);
        int rowMin = current[0];
        for (qsizetype j = 1; j <= m; ++j) {
            const int substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            int best = std::min({ substitution, previous[j] + 1, current[j - 1] + 1 });
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                best = std::min(best, twoBack[j - 2] + 1);
            current[j] = best;
            rowMin = std::min(rowMin, best);
        }
        if (rowMin > cap)
            return cap + 1;
        std::swap(twoBack, previous);
        std::swap(previous, current);
    }
    return previous[m];
}

// What OCR confuses, folded the same way on both sides: rn/m, vv/w, cl/d, 1/l, 0/o, 5/s.
QString ocrFold(const QString &word)
{
    // One pass (called for every pair of words compared: QString::replace built a matcher
    // three times a call). The pairs are read on the word as given, then the single
    // characters: "c1" stays "cl", as replacing the pairs first had it.
    const qsizetype n = word.size();
    QString out(n, Qt::Uninitialized);
    QChar *to = out.data();
    const QChar *from = word.constData();
    qsizetype k = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t c = from[i].unicode();
        const char16_t next = i + 1 < n ? from[i + 1].unicode() : 0;
        if (c == u'r' && next == u'n') {
            to[k++] = u'm';
            ++i;
        } else if (c == u'v' && next == u'v') {
            to[k++] = u'w';
            ++i;
        } else if (c == u'c' && next == u'l') {
            to[k++] = u'd';
            ++i;
        } else if (c == u'1' || c == u'i') {
            to[k++] = u'l';
        } else if (c == u'0') {
            to[k++] = u'o';
        } else if (c == u'5') {
            to[k++] = u's';
        } else {
            to[k++] = from[i];
        }
    }
    out.truncate(k);
    return out;
}

// How alike two words are, 0..1: 1 the same, about 0.9 one typo or an OCR confusion apart,
// 0 different. `queryLast`: the query's last word, which a truncation may have cut short.
// `qFold` and `wFold` are the words' ocrFold(), made once per word by the caller.
double wordSimilarity(
    const QString &q, const QString &qFold, const QString &w, const QString &wFold, bool queryLast)
{
    if (q == w)
        return 1.0;
    const qsizetype longer = std::max(q.size(), w.size());
    if (std::min(q.size(), w.size()) >= 2 && qFold == wFold)
        return 0.9;
    if (queryLast && w.startsWith(q))
        return q.size() >= 3 ? 0.85 : 0.7; // "Image C..." cut in its last word
    if (std::min(q.size(), w.size()) < 4)
        return 0;
    // one edit (a typo); two are as often another word ("processes", "processors")
    const int cap = 1;
    const int d = editDistance(q, w, cap);
    if (d > cap)
        return 0;
    return 1.0 - 0.6 * double(d) / double(longer);
}

inline constexpr double kSimilarEnough = 0.5;

// --- The alignment --------------------------------------------------------------------------

// Costs of the alignment, in word weights.
struct AlignmentCosts
{
    double glued = 0.1; // a query word before or after the title, set off by ". " or ", "
                        // (authors, venue, year)
    double unmarked = 1.5; // one before or after the title with nothing setting it off
                           // ("Revisiting X" is not X)
    double cutShort = 0.2; // a work word after the end of the query (truncation, subtitle)
    double gluedAtMost = 0.2; // all the words glued on one side, set off
    double marker = 3; // a version marker glued on
    double midPhrase = 0.6; // a work word after a query ending in mid-phrase
    double markerInside = 2; // a version marker inside the title, extra or missing
    double namePrefix = 0.3; // a work's leading "Name:" (one or two words) the query leaves out
};

// A work's leading name ("Orca7: ...", "Megatron-LM: ...") is at most this many words.
inline constexpr qsizetype kMaxNameWords = 2;

bool isVersionMarker(const QString &word)
{
    static const QSet<QString> markers { QStringLiteral("extended"), QStringLiteral("version"),
        QStringLiteral("abstract"), QStringLiteral("part"), QStringLiteral("revisited"),
        QStringLiteral("revisiting"), QStringLiteral("ii"), QStringLiteral("iii"),
        QStringLiteral("iv"), QStringLiteral("supplementary"), QStringLiteral("supplement"),
        QStringLiteral("erratum"), QStringLiteral("corrigendum"), QStringLiteral("addendum"),
        QStringLiteral("reply"), QStringLiteral("comment"), QStringLiteral("comments"),
        QStringLiteral("continued"), QStringLiteral("preliminary"), QStringLiteral("full"),
        QStringLiteral("short"), QStringLiteral("journal"), QStringLiteral("update"),
        QStringLiteral("updated"), QStringLiteral("retraction"), QStringLiteral("retracted") };
    return markers.contains(word);
}

// The query's words, and for each whether a mark that sets off what a reference glues to a
// title comes before it: ". ", ", ", "; ", a bracket. A colon or a dash does not: what follows
// one is a subtitle, part of the title.
struct QueryWords
{
    QStringList words;
    std::vector<bool> setOff;
    bool truncated = false; // ends in "..." or is long enough to have been cut by a limit
    bool ellipsis = false; // says it was cut: ends in "..." or an ellipsis
    //! A colon before the word ends an author list ("Kingma, Ba: Adam"): set off like ". ",
    //! but only for words glued before the title that hold a list's comma themselves.
    std::vector<bool> colon;
    // Of each word, read once (the alignment asks for them at every pair of words):
    QStringList folded; // ocrFold()
    std::vector<double> weights; // weightOf()
    std::vector<bool> markers; // isVersionMarker()
};

// The words of `text`, each marked when one of `marks` comes before it.
QueryWords markedWords(const QString &text, const QRegularExpression &marks)
{
    QueryWords out;
    qsizetype from = 0;
    bool marked = false;
    QRegularExpressionMatchIterator it = marks.globalMatch(text);
    const auto take = [&](QStringView segment) {
        const QStringList words = titleWords(segment);
        for (qsizetype k = 0; k < words.size(); ++k) {
            out.words += words[k];
            out.setOff.push_back(k == 0 && marked);
        }
        if (!words.isEmpty())
            marked = false;
    };
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        take(QStringView(text).mid(from, m.capturedStart() - from));
        marked = true;
        from = m.capturedEnd();
    }
    take(QStringView(text).mid(from));
    return out;
}

// The words' folds, weights and markers.
void describeWords(QueryWords &out)
{
    out.folded.reserve(out.words.size());
    for (const QString &word : std::as_const(out.words)) {
        out.folded += ocrFold(word);
        out.weights.push_back(weightOf(word));
        out.markers.push_back(isVersionMarker(word));
    }
}

QueryWords queryWords(const QString &text)
{
    static const QRegularExpression marks(
        QStringLiteral(R"([.,;)\]](?=\s|$)|(?<=\s)[(\[]|^[(\[])"));
    QueryWords out = markedWords(text, marks);
    static const QRegularExpression colons(QStringLiteral(R"(:(?=\s))"));
    out.colon = markedWords(text, colons).setOff;
    // cut short by a length limit (or saying so): what follows its end may be cut off cheaply
    const QString trimmed = text.trimmed();
    out.ellipsis = trimmed.endsWith(QStringLiteral("...")) || trimmed.endsWith(u'\u2026');
    out.truncated = out.ellipsis || trimmed.size() >= 45;
    describeWords(out);
    return out;
}

// The work's words, each marked when a subtitle starts at it (after a colon or a dash).
QueryWords workWords(const QString &title)
{
    static const QRegularExpression marks(
        QStringLiteral(R"(:(?=\s|$)|\s[-\x{2013}\x{2014}]\s|[\x{2013}\x{2014}]|[(\[])"));
    QueryWords out = markedWords(title, marks);
    static const QRegularExpression colons(QStringLiteral(R"(:(?=\s|$))"));
    out.colon = markedWords(title, colons).setOff;
    describeWords(out);
    return out;
}

// The title's similarity as 0..1: the work's words aligned in order with the query's (typos
// allowed), words the query glued before or after the title and the work's words after the end
// of the query (a truncated title, a dropped subtitle) costing less than words that differ
// inside the title. 1 - cost / the work's weight.
double alignedSimilarity(const QueryWords &query, const QueryWords &work)
{
    const QStringList &w = work.words;
    const QStringList &q = query.words;
    const qsizetype n = q.size(), m = w.size();
    if (n == 0 || m == 0)
        return 0;
    const AlignmentCosts costs;
    const std::vector<double> &wq = query.weights, &ww = work.weights;
    const std::vector<bool> &qMarker = query.markers, &wMarker = work.markers;
    const double workWeight = std::accumulate(ww.cbegin(), ww.cend(), 0.0);
    // suffix sums for the ends
    // A version marker ("extended", "part", "ii", "revisiting") is never glued on nor cut
    // off cheaply: it tells one version of a work from another.
    std::vector<double> qTail(n + 1, 0), wTail(m + 1, 0), qMarkers(n + 1, 0), wCut(m + 1, 0);
    for (qsizetype i = n - 1; i >= 0; --i) {
        const bool marker = qMarker[i];
        qTail[i] = qTail[i + 1] + (marker ? 0 : wq[i]);
        qMarkers[i] = qMarkers[i + 1] + (marker ? costs.marker : 0);
    }
    std::vector<double> wMarkers(m + 1, 0);
    for (qsizetype j = m - 1; j >= 0; --j) {
        wMarkers[j] = wMarkers[j + 1] + (wMarker[j] ? ww[j] : 0);
        wTail[j] = wTail[j + 1] + ww[j];
        wCut[j] = wCut[j + 1] + (wMarker[j] ? ww[j] : costs.cutShort * ww[j]);
    }
    // Cut short: cheap at a subtitle of the work, or where the query was cut by a length limit;
    // elsewhere a reference rarely ends a title in mid-phrase ("Real-Time Strings" is not
    // "Real-Time Strings for Object Detection").
    // A trailing phrase the query stops before ("... for Image Retrieval") names the work's
    // topic: unless the query says it was cut ("..."), those words are missing words.
    // What a query that says it was cut, or that stops at a stop word ("A Survey of X for..."),
    // leaves unseen is unknown: its length tells nothing, every continuation costs the same (a
    // version marker in it still costs its weight).
    const bool openEnded = query.ellipsis || (n > 0 && isStopWord(q[n - 1]));
    const auto cutCost = [&](qsizetype j) {
        if (j >= m)
            return 0.0;
        if (openEnded)
            return costs.cutShort * std::min(1.0, wTail[j] - wMarkers[j]) + wMarkers[j];
        if (work.setOff[j])
            return wCut[j];
        if (opensTopicPhrase(w[j]))
            return wTail[j];
        return query.truncated ? wCut[j] : costs.midPhrase * wTail[j];
    };

    // D[i][j]: the least cost of aligning q[..i) with w[..j), query words before the title
    // glued.
    constexpr double kNever = std::numeric_limits<double>::max() / 4;
    std::vector<double> D((n + 1) * (m + 1)), A((n + 1) * (m + 1), kNever);
    auto at = [&](qsizetype i, qsizetype j) -> double & { return D[i * (m + 1) + j]; };
    // the same, q[i-1] aligned with w[j-1] (a truncation ends in a word of the work)
    auto aligned = [&](qsizetype i, qsizetype j) -> double & { return A[i * (m + 1) + j]; };
    at(0, 0) = 0;
    // the glued words before the title (q[..i), the title starting at q[i])
    // Set off by a mark, what is glued on costs little and at most gluedAtMost a side, however
    // long an author list or a venue is; unmarked it costs more than a word inside the title.
    const auto listEndsAt = [&](qsizetype i) {
        if (i >= n || i >= qsizetype(query.colon.size()) || !query.colon[i])
            return false;
        for (qsizetype k = 1; k < i; ++k) {
            if (query.setOff[k])
                return true;
        }
        return false;
    };
    const auto gluedCost = [&](qsizetype i, double weight, double markers, bool leading) {
        const double words = i < n && (query.setOff[i] || (leading && listEndsAt(i)))
            ? std::min(weight * costs.glued, costs.gluedAtMost)
            : weight * costs.unmarked;
        return words + markers;
    };
    for (qsizetype i = 1; i <= n; ++i)
        at(i, 0) = gluedCost(i, qTail[0] - qTail[i], qMarkers[0] - qMarkers[i], true);
    for (qsizetype j = 1; j <= m; ++j)
        at(0, j) = at(0, j - 1) + ww[j - 1];
    // The work's leading "Name:" left out by the query ("Sparse Mixture Routing for Speech
    // Synthesis" citing "Orca7: Sparse Mixture Routing for Speech Synthesis"), wherever the
    // title starts in the query (after the authors and year, say).
    const auto namePrefix = [&](qsizetype i, qsizetype j) {
        if (j > 0 && j <= kMaxNameWords && j < m && j < qsizetype(work.colon.size())
            && work.colon[j])
            at(i, j) = std::min(at(i, j), at(i, 0) + costs.namePrefix * double(j));
    };
    for (qsizetype j = 1; j <= m; ++j)
        namePrefix(0, j);
    for (qsizetype i = 1; i <= n; ++i) {
        for (qsizetype j = 1; j <= m; ++j) {
            const double sim = wordSimilarity(
                q[i - 1], query.folded[i - 1], w[j - 1], work.folded[j - 1], i == n);
            const double pair = std::max(wq[i - 1], ww[j - 1]);
            if (sim >= kSimilarEnough)
                aligned(i, j) = at(i - 1, j - 1) + (1.0 - sim) * pair;
            double best = std::min(aligned(i, j), at(i - 1, j - 1) + wq[i - 1] + ww[j - 1]);
            // a word the work lacks, a word the query lacks
            best = std::min(best, at(i - 1, j) + (qMarker[i - 1] ? costs.markerInside : wq[i - 1]));
            best = std::min(best, at(i, j - 1) + (wMarker[j - 1] ? costs.markerInside : ww[j - 1]));
            // a hyphen or a space lost or gained: "lowrank" for "low rank", and back
            if (j > 1 && q[i - 1].size() == w[j - 2].size() + w[j - 1].size()
                && q[i - 1].startsWith(w[j - 2]) && q[i - 1].endsWith(w[j - 1]))
                aligned(i, j) = std::min(aligned(i, j), at(i - 1, j - 2) + 0.1);
            if (i > 1 && w[j - 1].size() == q[i - 2].size() + q[i - 1].size()
                && w[j - 1].startsWith(q[i - 2]) && w[j - 1].endsWith(q[i - 1]))
                aligned(i, j) = std::min(aligned(i, j), at(i - 2, j - 1) + 0.1);
            at(i, j) = std::min(best, aligned(i, j));
            namePrefix(i, j);
        }
    }
    // The end: either query words glued after the title, or the work's words after the end of
    // a query cut short, at their lower cost; not both.
    double least = std::numeric_limits<double>::max();
    for (qsizetype i = 0; i <= n; ++i) {
        for (qsizetype j = 0; j <= m; ++j) {
            const double gluedAfter
                = (i == n ? 0 : gluedCost(i, qTail[i], qMarkers[i], false)) + wTail[j];
            least = std::min(least, at(i, j) + gluedAfter);
        }
    }
    // cut short only after the query's last word aligned with a word of the work: a query
    // that ends in other words than the work's is no truncation of it
    for (qsizetype j = 1; j <= m; ++j)
        least = std::min(least, aligned(n, j) + cutCost(j));
    return std::clamp(1.0 - least / workWeight, 0.0, 1.0);
}

// Words of `from` (informative ones only) that have no similar word in `in`.
QStringList unmatchedWords(const QueryWords &from, const QueryWords &in, bool fromIsQuery)
{
    QStringList out;
    for (qsizetype i = 0; i < from.words.size(); ++i) {
        const QString &word = from.words[i];
        const QString &fold = from.folded[i];
        if (isStopWord(word) || out.contains(word))
            continue;
        const bool last = fromIsQuery && i == from.words.size() - 1;
        bool found = false;
        for (qsizetype k = 0; k < in.words.size() && !found; ++k) {
            const QString &other = in.words[k];
            const QString &otherFold = in.folded[k];
            found = (fromIsQuery ? wordSimilarity(word, fold, other, otherFold, last)
                                 : wordSimilarity(other, otherFold, word, fold, false))
                >= kSimilarEnough;
        }
        if (!found)
            out += word;
    }
    return out;
}

QString familyName(const QString &author)
{
    // "A. Vaswani", "Ashish Vaswani": the last word, normalised
    const QStringList words = titleWords(author);
    return words.isEmpty() ? QString() : words.last();
}

QStringList familyNames(const QString &authors)
{
    // "A. Vaswani, N. Shazeer and N. Parmar"; "Vaswani, A.; Shazeer, N.": by "and", ";" and
    // ",", each part's family name (its last word; a part of initials only is skipped)
    static const QRegularExpression separators(QStringLiteral(R"(\s+and\s+|;|,)"));
    QStringList out;
    const QStringList parts = authors.split(separators, Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        const QString family = familyName(part);
        if (family.size() > 1 && !out.contains(family))
            out += family;
    }
    return out;
}

} // namespace

QVariant Candidate::feature(const QString &featureId) const
{
    for (const CandidateFeature &f : features) {
        if (f.id == featureId)
            return f.value;
    }
    return {};
}

CitedDetails citedDetails(const QString &text)
{
    CitedDetails out;
    // "Zhang W., Li C. (2021) Title", "Zhang, W., & Li, C. (2021). Title": the list before a
    // year in brackets; a bare year elsewhere (a venue's, a page's) is not the work's.
    static const QRegularExpression bracketYear(QStringLiteral(R"(\(((?:19|20)\d\d)[a-z]?\))"));
    // "W. Zhang, C. Li and K. Tanaka. Title": initials then a name, before a full stop.
    static const QRegularExpression initialsFirst(QStringLiteral(
        R"(^\s*((?:\p{Lu}\.\s*)+\p{Lu}[\p{L}'-]+(?:\s*(?:,|,?\s+and|&)\s*(?:\p{Lu}\.\s*)+\p{Lu}[\p{L}'-]+)*)\.\s)"));
    static const QRegularExpression initial(QStringLiteral(R"(^(?:\p{L}\.?-?)+\.$|^\p{L}$)"));
    static const QRegularExpression separators(
        QStringLiteral(R"(\s*(?:;|,|&|\band\b|\bet al\.?)\s*)"));
    QString list;
    if (const QRegularExpressionMatch year = bracketYear.match(text); year.hasMatch()) {
        out.year = year.captured(1).toInt();
        list = text.left(year.capturedStart());
        // the bracket closes an author list only when what comes before looks like one
        if (list.size() > 200 || list.count(u' ') > 30)
            list.clear();
    } else if (const QRegularExpressionMatch names = initialsFirst.match(text); names.hasMatch()) {
        list = names.captured(1);
    }
    for (const QString &piece : list.split(separators, Qt::SkipEmptyParts)) {
        const QStringList parts = piece.simplified().split(u' ', Qt::SkipEmptyParts);
        for (qsizetype i = parts.size() - 1; i >= 0; --i) {
            if (initial.match(parts[i]).hasMatch())
                continue;
            // a family name starts with a capital ("van" is read past), unless the whole list
            // was written in lower case
            if ((parts[i].front().isUpper() || list == list.toLower())
                && !out.families.contains(parts[i]))
                out.families.append(parts[i]);
            break;
        }
    }
    if (out.families.size() > 12)
        out.families.clear(); // not an author list
    return out;
}

namespace {

//! A query read once for all the works it is scored against: its words, and the year and
//! authors its cited text carries when it gives none of its own.
struct ScoringQuery
{
    MatchQuery query;
    QueryWords words;
    QStringList authorNames; // of each author, the last normalised word (or nothing)
};

ScoringQuery scoringQuery(const MatchQuery &asked)
{
    ScoringQuery out;
    out.query = asked;
    if (!asked.year || asked.authors.isEmpty()) {
        const CitedDetails details = citedDetails(asked.title);
        if (!asked.year)
            out.query.year = details.year;
        if (asked.authors.isEmpty())
            out.query.authors = details.families;
    }
    out.words = queryWords(out.query.title);
    for (const QString &author : std::as_const(out.query.authors)) {
        const QStringList words = titleWords(author);
        out.authorNames += words.isEmpty() ? QString() : words.last();
    }
    return out;
}

Candidate scoreWork(const ScoringQuery &prepared, const Work &work)
{
    const MatchQuery &query = prepared.query;
    const QueryWords &queryText = prepared.words;
    const QStringList &q = queryText.words;
    const QueryWords workText = workWords(work.title);
    Candidate c;
    c.id = work.id;
    c.name = work.title.simplified();
    c.year = work.year;
    c.authors = work.authors;
    c.source = work.source;
    const double similarity = 100.0 * alignedSimilarity(queryText, workText);
    c.missingWords = unmatchedWords(workText, queryText, false);
    c.extraWords = unmatchedWords(queryText, workText, true);
    QSet<QString> matched;
    for (qsizetype i = 0; i < q.size(); ++i) {
        if (queryText.weights[size_t(i)] >= WordWeights {}.word && !c.extraWords.contains(q[i]))
            matched.insert(q[i]);
    }
    c.matchedWords = matched.size();
    double score = similarity;
    c.features += CandidateFeature { QString::fromLatin1(kFeatureTitleSimilarity),
        std::round(similarity * 10) / 10 };
    c.features += CandidateFeature { QString::fromLatin1(kFeatureWordsMissing),
        int(c.missingWords.size()) };
    c.features
        += CandidateFeature { QString::fromLatin1(kFeatureWordsExtra), int(c.extraWords.size()) };
    if (query.year && work.year) {
        const bool same = std::abs(*query.year - *work.year) <= 1;
        c.features += CandidateFeature { QString::fromLatin1(kFeatureYearMatch), same };
        if (!same)
            score -= 10;
    }
    if (!query.authors.isEmpty() && !work.authors.isEmpty()) {
        const QStringList workFamilies = familyNames(work.authors);
        qsizetype found = 0;
        for (const QString &name : prepared.authorNames) {
            if (!name.isEmpty() && workFamilies.contains(name))
                ++found;
        }
        const double share = double(found) / double(query.authors.size());
        c.features += CandidateFeature { QString::fromLatin1(kFeatureAuthorsMatch),
            std::round(share * 100) / 100 };
        if (found == 0)
            score -= 10;
    }
    c.score = std::clamp(std::round(score * 10) / 10, 0.0, 100.0);
    return c;
}

} // namespace

Candidate scoreWork(const MatchQuery &query, const Work &work)
{
    return scoreWork(scoringQuery(query), work);
}

QList<Candidate> scoreWorks(const MatchQuery &query, const QList<Work> &works)
{
    const ScoringQuery prepared = scoringQuery(query);
    QList<Candidate> out;
    out.reserve(works.size());
    for (const Work &work : works)
        out += scoreWork(prepared, work);
    return out;
}

namespace {

// The first candidate explains the query strictly better than the second: every informative
// query word the second matches it matches too, and every work word it leaves unmatched the
// second leaves unmatched too, with at least one strictly.
bool explainsBetter(const Candidate &first, const Candidate &second)
{
    const QSet<QString> e1(first.extraWords.cbegin(), first.extraWords.cend());
    const QSet<QString> e2(second.extraWords.cbegin(), second.extraWords.cend());
    const QSet<QString> m1(first.missingWords.cbegin(), first.missingWords.cend());
    const QSet<QString> m2(second.missingWords.cbegin(), second.missingWords.cend());
    if (!e2.contains(e1))
        return false;
    // the work words of the first the query lacks: no more than the second's
    if (m1.size() > m2.size())
        return false;
    return e1.size() < e2.size() || m1.size() < m2.size();
}

} // namespace

void rankCandidates(QList<Candidate> &candidates, qsizetype limit, const MatchPolicy &policy)
{
    for (Candidate &c : candidates) {
        c.raw = c.uncalibrated();
        c.score = c.raw;
    }
    std::stable_sort(
        candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) {
            if (a.score != b.score)
                return a.score > b.score;
            return a.id < b.id;
        });
    // one candidate per id (a work in two lists): the best
    QSet<QString> seen;
    QList<Candidate> unique;
    for (Candidate &c : candidates) {
        if (seen.contains(c.id) || c.score < policy.minShown)
            continue;
        seen.insert(c.id);
        c.match = false;
        c.alike = 0;
        unique += std::move(c);
    }
    candidates = std::move(unique);
    if (!candidates.isEmpty()) {
        Candidate &top = candidates.first();
        // a title match rests on at least minWords of the query's informative words
        const bool enoughWords
            = !top.feature(QString::fromLatin1(kFeatureTitleSimilarity)).isValid()
            || top.matchedWords >= policy.minWords;
        bool clear = top.score >= policy.minScore && enoughWords;
        if (clear && candidates.size() > 1) {
            const Candidate &next = candidates.at(1);
            clear = top.score - next.score >= policy.minMargin
                || (top.score - next.score > 0 && explainsBetter(top, next));
        }
        top.match = clear;
        // Works that explain the cited text as well as the first, as close: a truncated
        // citation that fits several titles. None of them is a match; each says so.
        const QSet<QString> topExtra(top.extraWords.cbegin(), top.extraWords.cend());
        QList<qsizetype> rivals;
        for (qsizetype k = 1; k < candidates.size(); ++k) {
            const Candidate &c = candidates.at(k);
            if (top.score - c.score >= policy.minMargin)
                break;
            const QSet<QString> extra(c.extraWords.cbegin(), c.extraWords.cend());
            if (topExtra.contains(extra) && !explainsBetter(top, c))
                rivals += k;
        }
        if (!rivals.isEmpty()) {
            top.match = false;
            top.alike = rivals.size();
            for (const qsizetype k : std::as_const(rivals))
                candidates[k].alike = rivals.size();
        }
        // The scores calibrated, so that a score says how likely the work is the one cited
        // (docs/matching.md, "Reliability"): a candidate the cited text does not tell from n
        // others is one in n + 1; one after the first is the less likely the further the first
        // is ahead (its distance to the first counts twice). The order stays.
        const double best = top.score;
        for (qsizetype k = 0; k < candidates.size(); ++k) {
            Candidate &c = candidates[k];
            if (k > 0)
                c.score -= best - c.score;
            if (c.alike > 0)
                c.score /= double(c.alike + 1);
            c.score = std::clamp(std::round(c.score * 10) / 10, 0.0, 100.0);
        }
    }
    if (limit >= 0 && candidates.size() > limit)
        candidates.resize(limit);
}

void mergeCandidates(QList<Candidate> &own, const MatchQuery &query, const QList<Candidate> &others,
    const QString &source, qsizetype limit, const MatchPolicy &policy)
{
    const ScoringQuery prepared = scoringQuery(query);
    for (const Candidate &c : others) {
        Candidate local = scoreWork(prepared, Work { c.id, c.name, c.authors, c.year, {}, source });
        local.source = source;
        own += std::move(local);
    }
    rankCandidates(own, limit, policy);
}

QJsonObject candidateJson(const Candidate &candidate)
{
    QJsonArray features;
    for (const CandidateFeature &f : candidate.features) {
        features.append(QJsonObject { { QStringLiteral("id"), f.id },
            { QStringLiteral("value"), QJsonValue::fromVariant(f.value) } });
    }
    QStringList description;
    if (!candidate.missingWords.isEmpty())
        description
            += QStringLiteral("missing: ") + candidate.missingWords.join(QStringLiteral(", "));
    if (!candidate.extraWords.isEmpty())
        description += QStringLiteral("extra: ") + candidate.extraWords.join(QStringLiteral(", "));
    if (candidate.alike > 0)
        description += QStringLiteral("ambiguous: the cited text fits %1 other work%2 as well")
                           .arg(candidate.alike)
                           .arg(candidate.alike == 1 ? QString() : QStringLiteral("s"));
    QJsonObject out { { QStringLiteral("id"), candidate.id },
        { QStringLiteral("name"), candidate.name }, { QStringLiteral("score"), candidate.score },
        { QStringLiteral("match"), candidate.match }, { QStringLiteral("features"), features } };
    if (!description.isEmpty())
        out.insert(QStringLiteral("description"), description.join(QStringLiteral("; ")));
    return out;
}

} // namespace LedgerCurator
