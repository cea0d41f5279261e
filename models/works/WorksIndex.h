// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The works index (docs/works.md): every work the cache knows and every works list a curator
// imported, found by their titles through SQLite's own full-text search (FTS5). The same
// index serves the app's cache (its tables live in the cache) and ledger-server's
// reconciliation service (its own SQLite file). docs/works.md has the tables and the formats.

#include "Result.h"
#include "WorkMatch.h"

#include <QDateTime>
#include <QList>
#include <QSqlDatabase>
#include <QString>

#include <functional>
#include <optional>

namespace LedgerCurator {

enum class WorksFormat { ArxivJsonl, Csv };
QString worksFormatKey(WorksFormat format); // "arxiv-jsonl" / "csv"
std::optional<WorksFormat> parseWorksFormat(QStringView text);
//! The format a file's name says (.jsonl/.json -> arxiv-jsonl, .csv -> csv), if it says one.
std::optional<WorksFormat> guessWorksFormat(const QString &path);

struct WorksImportProgress
{
    qint64 bytesDone = 0;
    qint64 bytesTotal = 0;
    qint64 works = 0; // read so far, this run and the runs it resumes
};

//! A line of a works file that was skipped, and why.
struct WorksBadLine
{
    qint64 line = 0; // 1-based
    QString reason; // "not JSON: unterminated string at column 40", "no title"
};

struct WorksImportReport
{
    QString source; // the file's name, as the index keeps it
    qint64 works = 0; // works of the file now in the index (new or updated)
    qint64 lines = 0;
    QList<WorksBadLine> badLines; // at most the first 100; badLineCount counts them all
    qint64 badLineCount = 0;
    qint64 resumedAtLine = 0; // 0: started from the first line
    bool cancelled = false; // progress returned false: what was read is kept for a resume
};

struct WorksSourceStats
{
    QString source;
    qint64 works = 0;
    QString format;
    QDateTime importedAt; // UTC; invalid while an import of it is unfinished
    bool complete = true; // false: an import was stopped and can be resumed
};

struct WorksStats
{
    qint64 works = 0; // distinct works visible to search
    QList<WorksSourceStats> sources;
    qint64 bytesOnDisk = 0; // the index's tables and their full-text index (dbstat), if known
};

//! How the index's writes run: each one is `body` in one transaction on the index's
//! connection, committed only when `body` succeeds. `what` names the write in an error. The
//! default begins and commits on the connection itself; the app's cache gives one that goes
//! through the Store's write rules (cacheWorksIndex() in CacheWorks.h).
using WorksWriteTransaction
    = std::function<Status(const QString &what, const std::function<Status()> &body)>;

//! The candidate a work named by its identifier makes: score 100, a match, feature
//! identifier_distance 0.
Candidate identifiedCandidate(const Work &work);

class WorksIndex final
{
public:
    //! Creates the index's tables in `db` if they are missing (idempotent). Opens no
    //! transaction of its own: a schema migration runs it inside its own.
    static Status ensureSchema(QSqlDatabase &db);

    //! Gives a connection that will run many searches (suggestions for every observation, the
    //! reconciliation service) a page cache of 64 MB: candidates() reads a few hundred pages
    //! scattered over the index, which SQLite's default 2 MB cache does not keep.
    static void prepareForSearch(QSqlDatabase &db);

    explicit WorksIndex(QSqlDatabase db, WorksWriteTransaction transaction = {});

    //! Imports a works file. All or nothing per file: no work of it is visible to search until
    //! every line is read. Resumable: a run stopped (cancelled, killed) goes on from where it
    //! stopped the next time the same file (same name, size and modification time) is
    //! imported. Bad lines are skipped and reported with their line number. `progress` is
    //! called now and then; returning false stops the import (kept for a resume).
    Result<WorksImportReport> importFile(const QString &path, WorksFormat format,
        const std::function<bool(const WorksImportProgress &)> &progress = {});

    //! Adds or replaces works of one source at once (the works the cache knows, tests).
    Status replaceSource(const QString &source, const QList<Work> &works);

    Result<WorksStats> stats() const;
    //! The sources as stats() lists them, read from the sources' own table only (no count over
    //! the works, no dbstat): cheap enough to ask before every run of suggestions.
    Result<QList<WorksSourceStats>> sources() const;

    //! Works whose titles share the query's informative words, best full-text rank first,
    //! unscored; at most `limit`.
    Result<QList<Work>> retrieve(const MatchQuery &query, int limit = 40) const;

    //! retrieve(), each scored (scoreWork), ranked (rankCandidates), at most `limit`.
    Result<QList<Candidate>> candidates(
        const MatchQuery &query, int limit = 5, const MatchPolicy &policy = {}) const;

    //! The works whose ids are nearest a malformed one ("2104.4473", "arXiv:2104.044731"),
    //! scored by their edit distance; at most `limit`.
    Result<QList<Candidate>> nearestIdentifiers(const QString &malformed, int limit = 5) const;

    Result<std::optional<Work>> work(const QString &id) const;

    //! The work `text` names when it is an identifier in any form parseIdentifier() takes (an
    //! arXiv id, old or new style, with or without version, its abs or pdf address, arXiv:; a
    //! DOI, doi:, its doi.org address; arXiv's own DOI 10.48550/arXiv.ID): by id, else by DOI.
    //! Nothing when the text is no identifier or the index holds no such work.
    Result<std::optional<Work>> identified(const QString &text) const;

    //! How many lines an import reads between two commits (tests make it small).
    void setBatchLines(qint64 lines) { m_batchLines = qMax<qint64>(1, lines); }

private:
    Status inTransaction(const QString &what, const std::function<Status()> &body) const;
    Status purgeRetired() const;

    QSqlDatabase m_db;
    WorksWriteTransaction m_transaction;
    qint64 m_batchLines = 25000;
};

} // namespace LedgerCurator
