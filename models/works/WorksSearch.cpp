// SPDX-License-Identifier: GPL-3.0-or-later
// Finding works by their titles (WorksIndex::retrieve(), candidates()) and by identifiers near
// a malformed one (nearestIdentifiers()) on the index's full-text search (docs/works.md).
#include "WorksIndex.h"

#include "WorksInternal.h"

#include "SqliteLocks.h"

#include <QHash>
#include <QSqlDatabase>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>
#include <vector>

namespace LedgerCurator {

using namespace WorksInternal;

namespace {

//! The words of a query that may find it: informative (no stop words), unique, in order.
QStringList queryWords(const QString &title)
{
    QStringList out;
    for (const QString &word : titleWords(title)) {
        if (isStopWord(word) || out.contains(word))
            continue;
        if (word.size() < 2 && !word.at(0).isDigit())
            continue;
        out += word;
    }
    return out;
}

QString ftsTerm(const QString &word)
{
    return u'"' + QString(word).replace(u'"', QStringLiteral("\"\"")) + u'"';
}

//! The distance of two short strings (edits: a character inserted, dropped, changed, or two
//! neighbours swapped), at most `cap` + 1.
int editDistance(QStringView a, QStringView b, int cap)
{
    if (std::abs(int(a.size() - b.size())) > cap)
        return cap + 1;
    const size_t width = size_t(b.size()) + 1;
    std::vector<int> before(width), previous(width), row(width);
    for (size_t j = 0; j < width; ++j)
        previous[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        row[0] = int(i);
        int best = row[0];
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const size_t k = size_t(j);
            const int change = a[i - 1] == b[j - 1] ? 0 : 1;
            row[k] = std::min({ previous[k] + 1, row[k - 1] + 1, previous[k - 1] + change });
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                row[k] = std::min(row[k], before[k - 2] + 1);
            best = std::min(best, row[k]);
        }
        if (best > cap)
            return cap + 1;
        std::swap(before, previous);
        std::swap(previous, row);
    }
    return std::min(previous[size_t(b.size())], cap + 1);
}

//! How many titles hold each word, as the full-text index's vocabulary says: counting them
//! reads the word's whole list of titles (5 ms for a word in 200,000 titles), and the same
//! common words come in query after query. Kept for the whole process (every connection and
//! thread), for one database file in one state of its sources (ids, states, counts and
//! progress): an import batch, a replaced list or a new cache list makes it start afresh.
//! Rows of a retired list removed meanwhile may leave a count a little high, which only
//! weighs a word a little less.
class TermDocs
{
public:
    //! The counts of `words` (0 for a word no title holds): from memory, else works_terms,
    //! else works_vocab, each statement prepared only when a word needs it.
    Result<QList<qint64>> docs(const QString &key, const QStringList &words, const QSqlDatabase &db)
    {
        QList<qint64> out(words.size(), -1);
        {
            const std::lock_guard lock(m_mutex);
            if (m_key != key) {
                m_key = key;
                m_docs.clear();
            }
            for (qsizetype i = 0; i < words.size(); ++i) {
                if (const auto it = m_docs.constFind(words[i]); it != m_docs.constEnd())
                    out[i] = *it;
            }
        }
        std::optional<SqliteStatement> terms;
        std::optional<SqliteStatement> vocab;
        // One count: the row's number, -1 with no row, an error on a failed step.
        auto count = [](SqliteStatement &statement, const QString &word) -> Result<qint64> {
            statement.bindText(1, word);
            const int rc = statement.step();
            const qint64 found = rc == SQLITE_ROW ? statement.integer(0) : -1;
            if (rc != SQLITE_ROW && rc != SQLITE_DONE)
                return stepError(QStringLiteral("cannot read the works index"), statement);
            statement.reset();
            return found;
        };
        QHash<QString, qint64> read;
        for (qsizetype i = 0; i < words.size(); ++i) {
            if (out[i] >= 0)
                continue;
            if (!terms)
                terms.emplace(db, "SELECT docs FROM works_terms WHERE term = ?1");
            if (terms->ok()) { // none in a cache made before the table was
                auto found = count(*terms, words[i]);
                if (!found)
                    return found.error();
                out[i] = *found;
            }
            if (out[i] < 0) {
                if (!vocab) {
                    vocab.emplace(db, "SELECT doc FROM works_vocab WHERE term = ?1");
                    if (!vocab->ok())
                        return stepError(QStringLiteral("cannot read the works index"), *vocab);
                }
                auto found = count(*vocab, words[i]);
                if (!found)
                    return found.error();
                out[i] = std::max<qint64>(*found, 0);
            }
            read.insert(words[i], out[i]);
        }
        if (!read.isEmpty()) {
            const std::lock_guard lock(m_mutex);
            if (m_key == key) {
                if (m_docs.size() > kMaxTerms)
                    m_docs.clear();
                m_docs.insert(read);
            }
        }
        return out;
    }

private:
    static constexpr qsizetype kMaxTerms = 1000000; // about 60 MB at most
    std::mutex m_mutex;
    QString m_key;
    QHash<QString, qint64> m_docs;
};

TermDocs &termDocs()
{
    static TermDocs docs;
    return docs;
}

//! A read transaction for as long as it lives, on a connection that is in none (else nothing).
class ReadSnapshot
{
public:
    explicit ReadSnapshot(const QSqlDatabase &db)
        : m_db(StoreSqlite::sqliteHandle(db))
    {
        if (m_db && sqlite3_get_autocommit(m_db))
            m_open = sqlite3_exec(m_db, "BEGIN", nullptr, nullptr, nullptr) == SQLITE_OK;
    }
    ~ReadSnapshot()
    {
        if (m_open)
            sqlite3_exec(m_db, "COMMIT", nullptr, nullptr, nullptr);
    }
    Q_DISABLE_COPY_MOVE(ReadSnapshot)

private:
    sqlite3 *m_db = nullptr;
    bool m_open = false;
};

} // namespace

Result<QList<Work>> WorksIndex::retrieve(const MatchQuery &query, int limit) const
{
    QList<Work> out;
    const QStringList words = queryWords(query.title);
    if (words.isEmpty() || limit <= 0)
        return out;
    // Its few hundred statements in one read transaction: one snapshot, and the locks taken
    // once instead of at every statement.
    const ReadSnapshot snapshot(m_db);

    // How many titles hold each word; words no title holds (typos, names) cannot help.
    struct Word
    {
        QString text;
        qint64 docs = 0;
        double idf = 0;
    };
    // The sources as they are now: how many works (for the words' weights), whether any is
    // pending or retired, and the key of the words' counts kept for them.
    qint64 total = 0;
    bool allComplete = true;
    QString sourcesKey = m_db.databaseName();
    {
        SqliteStatement sources(
            m_db, "SELECT id, state, works_count, lines_done FROM works_sources ORDER BY id");
        if (!sources.ok())
            return stepError(QStringLiteral("cannot read the works index"), sources);
        int rc;
        while ((rc = sources.step()) == SQLITE_ROW) {
            const QString state = sources.text(1);
            total += sources.integer(2);
            allComplete = allComplete && state == kComplete;
            sourcesKey += QStringLiteral("|%1:%2:%3:%4")
                              .arg(sources.integer(0))
                              .arg(state)
                              .arg(sources.integer(2))
                              .arg(sources.integer(3));
        }
        if (rc != SQLITE_DONE)
            return stepError(QStringLiteral("cannot read the works index"), sources);
        total = std::max<qint64>(total, 1);
    }
    QList<Word> known;
    {
        auto docs = termDocs().docs(sourcesKey, words, m_db);
        if (!docs)
            return docs.error();
        for (qsizetype i = 0; i < words.size(); ++i) {
            if (docs->at(i) > 0)
                known += Word { words[i], docs->at(i), 0 };
        }
    }
    if (known.isEmpty())
        return out;
    for (Word &w : known)
        w.idf = std::log(1.0 + (double(total) - double(w.docs) + 0.5) / (double(w.docs) + 0.5));
    std::stable_sort(
        known.begin(), known.end(), [](const Word &a, const Word &b) { return a.docs < b.docs; });

    // The titles that hold the rarest words, each weighed by the words it holds (their idf),
    // as long as the titles read stay few: FTS5's own bm25 rank reads each title's size row by
    // row (tens of milliseconds for a word in ten thousand titles), a word's rowids cost
    // next to nothing.
    constexpr qint64 kBudget = 8000;
    constexpr int kMaxCommoner = 2;
    constexpr int kMaxWords = 8;
    constexpr int kMaxConjoined = 3;
    std::vector<std::pair<float, qint64>> weighed; // (weight, rowid)
    // Works of pending or retired sources are among the hits only while an import runs or a
    // replaced list is being removed: then more are read, to leave enough visible ones.
    const size_t fetch = size_t(std::max(limit * 5, 200)) * (allComplete ? 1 : 10);
    // The commoner words weighed when the titles are read (below), not by full-text queries.
    QList<qsizetype> commonerInTitles;
    {
        SqliteStatement rowids(m_db, "SELECT rowid FROM works_fts WHERE works_fts MATCH ?1");
        if (!rowids.ok())
            return stepError(QStringLiteral("cannot search the works index"), rowids);
        // The rowids of a full-text query, ascending (FTS5's order), at most `cap`.
        auto read = [&](const QString &match, qsizetype cap, std::vector<qint64> &into) -> Status {
            into.clear();
            rowids.bindText(1, match);
            int rc;
            while (qsizetype(into.size()) < cap && (rc = rowids.step()) == SQLITE_ROW)
                into.push_back(rowids.integer(0));
            if (qsizetype(into.size()) < cap && rc != SQLITE_DONE)
                return stepError(QStringLiteral("cannot search the works index"), rowids);
            rowids.reset();
            if (!std::is_sorted(into.begin(), into.end()))
                std::sort(into.begin(), into.end());
            return {};
        };
        qint64 cost = 0;
        qsizetype used = 0;
        for (const Word &w : std::as_const(known)) {
            if (used >= kMaxWords || (used >= 1 && cost + w.docs > kBudget))
                break;
            ++used;
            cost += w.docs;
        }
        std::vector<qint64> list;
        if (cost <= kBudget || known.size() < 2) {
            // Few titles: each weighed by the words it holds, the lists merged as they come.
            std::vector<std::pair<qint64, float>> acc;
            std::vector<std::pair<qint64, float>> merged;
            for (qsizetype k = 0; k < used; ++k) {
                if (auto status = read(ftsTerm(known.at(k).text), kBudget * 4, list); !status)
                    return status.error();
                const float idf = float(known.at(k).idf);
                merged.clear();
                merged.reserve(acc.size() + list.size());
                size_t i = 0;
                size_t j = 0;
                while (i < acc.size() || j < list.size()) {
                    if (j == list.size() || (i < acc.size() && acc[i].first < list[j]))
                        merged.push_back(acc[i++]);
                    else if (i == acc.size() || list[j] < acc[i].first)
                        merged.emplace_back(list[j++], idf);
                    else {
                        merged.emplace_back(list[j++], acc[i++].second + idf);
                    }
                }
                std::swap(acc, merged);
            }
            // The commoner words are weighed only in the titles found so far: FTS5 intersects
            // each one's list with theirs itself ("w" AND ("r1" OR "r2" ...)), so that a word
            // in 100,000 titles costs the few that hold a rarer word too. The two rarest of
            // them tell the title among those holding its rare words (a typo in one of those
            // leaves the others to find it).
            const qsizetype last = std::min<qsizetype>(known.size(), kMaxWords);
            if (!acc.empty() && used < known.size() && acc.size() <= fetch) {
                // Every title found is read below anyway: its words say which it holds.
                for (qsizetype k = used; k < last && k < used + kMaxCommoner; ++k)
                    commonerInTitles += k;
            } else if (!acc.empty() && used < known.size()) {
                QStringList found;
                for (qsizetype k = 0; k < used; ++k)
                    found += ftsTerm(known.at(k).text);
                const QString anyFound = u'(' + found.join(QStringLiteral(" OR ")) + u')';
                for (qsizetype k = used; k < last && k < used + kMaxCommoner; ++k) {
                    if (auto status
                        = read(ftsTerm(known.at(k).text) + QStringLiteral(" AND ") + anyFound,
                            qsizetype(acc.size()), list);
                        !status)
                        return status.error();
                    const float idf = float(known.at(k).idf);
                    // both ascending: one walk
                    auto it = acc.begin();
                    for (const qint64 rowid : list) {
                        it = std::lower_bound(it, acc.end(), rowid,
                            [](const auto &entry, qint64 id) { return entry.first < id; });
                        if (it == acc.end())
                            break;
                        if (it->first == rowid)
                            it->second += idf;
                    }
                }
            }
            weighed.reserve(acc.size());
            for (const auto &[rowid, weight] : acc)
                weighed.emplace_back(weight, rowid);
        } else {
            // Common words only (even the rarest is in more than kBudget titles): the titles
            // that hold two of the rarest three, each pair intersected by FTS5 itself (it
            // skips through the longer list), weighed by the words they hold, so that a title
            // with all three comes first and a typo in one of them still finds it. (All of the
            // rarest eight, then all but one of them, cost ten times as much, 25 ms a query on
            // 2.7 million titles, for no better a list.)
            const qsizetype m = std::min<qsizetype>(known.size(), kMaxConjoined);
            QList<std::pair<QString, float>> pairs;
            for (qsizetype a = 0; a < m; ++a) {
                for (qsizetype b = a + 1; b < m; ++b)
                    pairs += { ftsTerm(known.at(a).text) + QStringLiteral(" AND ")
                            + ftsTerm(known.at(b).text),
                        float(known.at(a).idf + known.at(b).idf) };
            }
            QHash<qint64, float> weights;
            for (const auto &[match, weight] : std::as_const(pairs)) {
                if (auto status = read(match, kBudget, list); !status)
                    return status.error();
                for (const qint64 rowid : list)
                    weights[rowid] += weight;
            }
            weighed.reserve(size_t(weights.size()));
            for (auto it = weights.cbegin(); it != weights.cend(); ++it)
                weighed.emplace_back(it.value(), it.key());
        }
    }
    // Heaviest first, ties by rowid: the same answer in every run, whatever order the titles
    // were gathered in (a hash's, for pairs of common words).
    const auto heavier = [](const auto &a, const auto &b) {
        return a.first > b.first || (a.first == b.first && a.second < b.second);
    };
    if (weighed.size() > fetch) {
        std::nth_element(
            weighed.begin(), weighed.begin() + qsizetype(fetch), weighed.end(), heavier);
        weighed.resize(fetch);
    }
    std::sort(weighed.begin(), weighed.end(), heavier);

    // Each title weighed by how much of the query it explains (its words' idf), less a little
    // for each word of its own the query lacks; only the titles kept are read whole.
    struct Found
    {
        qint64 rowid = 0;
        double rank = 0;
        double coverage = 0;
    };
    QList<Found> found;
    found.reserve(qsizetype(weighed.size()));
    {
        double queryWeight = 0;
        for (const Word &w : std::as_const(known))
            queryWeight += w.idf;
        // The query's words are few: found by a walk, with no QString made per title word.
        const auto idfOf = [&](QStringView word) -> std::optional<double> {
            for (const Word &w : std::as_const(known)) {
                if (w.text == word)
                    return w.idf;
            }
            return std::nullopt;
        };
        SqliteStatement select(m_db,
            "SELECT w.title_norm FROM works w JOIN works_sources s ON s.id = w.source_id"
            " WHERE w.rowid = ?1 AND s.state = 'complete'");
        if (!select.ok())
            return stepError(QStringLiteral("cannot search the works index"), select);
        QList<QStringView> seen;
        for (const auto &[weight, rowid] : weighed) {
            select.bindInteger(1, rowid);
            const int rc = select.step();
            if (rc == SQLITE_ROW) {
                const QString norm = select.text(0);
                double matched = 0;
                int extra = 0;
                seen.clear();
                for (const QStringView word : QStringView(norm).split(u' ', Qt::SkipEmptyParts)) {
                    if (seen.contains(word))
                        continue;
                    seen += word;
                    if (const auto idf = idfOf(word))
                        matched += *idf;
                    else if (!isStopWord(word) && !words.contains(word))
                        ++extra;
                }
                float full = weight;
                for (const qsizetype k : std::as_const(commonerInTitles)) {
                    if (seen.contains(QStringView(known.at(k).text)))
                        full += float(known.at(k).idf);
                }
                found += Found { rowid, -double(full), matched / queryWeight - 0.04 * extra };
            } else if (rc != SQLITE_DONE) {
                return stepError(QStringLiteral("cannot search the works index"), select);
            }
            select.reset();
        }
    }
    std::sort(found.begin(), found.end(), [](const Found &a, const Found &b) {
        if (a.coverage != b.coverage)
            return a.coverage > b.coverage;
        if (a.rank != b.rank)
            return a.rank < b.rank;
        return a.rowid < b.rowid;
    });
    if (found.size() > limit)
        found.resize(limit);
    SqliteStatement select(m_db,
        "SELECT w.id, w.title, w.authors, w.year, w.doi, s.name FROM works w"
        " JOIN works_sources s ON s.id = w.source_id WHERE w.rowid = ?1");
    if (!select.ok())
        return stepError(QStringLiteral("cannot search the works index"), select);
    for (const Found &f : std::as_const(found)) {
        select.bindInteger(1, f.rowid);
        const int rc = select.step();
        if (rc == SQLITE_ROW) {
            Work work;
            work.id = select.text(0);
            work.title = select.text(1);
            work.authors = select.text(2);
            if (!select.isNull(3))
                work.year = int(select.integer(3));
            work.doi = select.text(4);
            work.source = select.text(5);
            out += work;
        } else if (rc != SQLITE_DONE) {
            return stepError(QStringLiteral("cannot search the works index"), select);
        }
        select.reset();
    }
    return out;
}

Result<QList<Candidate>> WorksIndex::candidates(
    const MatchQuery &query, int limit, const MatchPolicy &policy) const
{
    // A query that is an identifier (an arXiv id or address, a DOI) names its work.
    auto named = identified(query.title);
    if (!named)
        return named.error();
    if (*named && limit > 0)
        return QList<Candidate> { identifiedCandidate(**named) };
    // The 24 that explain most of the query are scored (word by word, the costly part); the
    // right work is among them whenever it is among 40 (on 3,000 noisy queries of 2.7 million
    // works, the first candidate changed for 14, the clear matches not at all).
    auto works = retrieve(query, 24);
    if (!works)
        return works.error();
    QList<Candidate> out = scoreWorks(query, *works);
    rankCandidates(out, limit, policy);
    return out;
}

Result<QList<Candidate>> WorksIndex::nearestIdentifiers(const QString &malformed, int limit) const
{
    QList<Candidate> out;
    QString text = malformed.trimmed();
    static const QRegularExpression scheme(
        QStringLiteral(R"(^(?:arxiv:|https?://arxiv\.org/(?:abs|pdf)/)\s*)"),
        QRegularExpression::CaseInsensitiveOption);
    text.remove(scheme);
    static const QRegularExpression version(QStringLiteral(R"(v\d+$)"));
    text.remove(version);
    if (text.isEmpty() || limit <= 0)
        return out;
    // The range of ids with the same prefix: the year and month of a new-style id ("2104."),
    // the archive and year and month of an old-style one ("hep-th/9901").
    QString prefix;
    static const QRegularExpression oldStyle(QStringLiteral(R"(^([a-z\-]+(?:\.[A-Z]{2})?/\d{4}))"));
    static const QRegularExpression newStyle(QStringLiteral(R"(^(\d{4})\.?)"));
    if (const auto m = oldStyle.match(text); m.hasMatch())
        prefix = m.captured(1);
    else if (const auto n = newStyle.match(text); n.hasMatch())
        prefix = n.captured(1) + u'.';
    else
        return out;
    QString upper = prefix;
    upper.back() = QChar(upper.back().unicode() + 1);

    constexpr int kMaxDistance = 3;
    SqliteStatement select(m_db,
        "SELECT w.id, w.title, w.authors, w.year, s.name FROM works w"
        " JOIN works_sources s ON s.id = w.source_id AND s.state = 'complete'"
        " WHERE w.id >= ?1 AND w.id < ?2");
    if (!select.ok())
        return stepError(QStringLiteral("cannot read the works index"), select);
    select.bindText(1, prefix);
    select.bindText(2, upper);
    // A new-style id without its dot is compared with its dot.
    QString probe = text;
    if (prefix.endsWith(u'.') && !text.contains(u'.') && text.size() > 4)
        probe.insert(4, u'.');
    QHash<QString, Candidate> best;
    int rc;
    while ((rc = select.step()) == SQLITE_ROW) {
        const QString id = select.text(0);
        if (best.contains(id))
            continue;
        const int distance = editDistance(probe, id, kMaxDistance);
        if (distance > kMaxDistance)
            continue;
        Candidate c;
        c.id = id;
        c.name = select.text(1).simplified();
        c.authors = select.text(2);
        if (!select.isNull(3))
            c.year = int(select.integer(3));
        c.source = select.text(4);
        c.score = std::max(0.0, 100.0 - 25.0 * distance);
        c.features += CandidateFeature { QString::fromLatin1(kFeatureIdDistance), distance };
        best.insert(id, c);
    }
    if (rc != SQLITE_DONE)
        return stepError(QStringLiteral("cannot read the works index"), select);
    out = best.values();
    std::sort(out.begin(), out.end(), [](const Candidate &a, const Candidate &b) {
        if (a.score != b.score)
            return a.score > b.score;
        return a.id < b.id;
    });
    if (out.size() > limit)
        out.resize(limit);
    return out;
}

} // namespace LedgerCurator
