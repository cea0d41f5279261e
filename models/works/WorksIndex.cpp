// SPDX-License-Identifier: GPL-3.0-or-later
#include "WorksIndex.h"

// The works index on SQLite's FTS5 (docs/works.md). The tables:
//   works_sources  one row per list of works (a file's name, "cache"): its format, the file's
//                  size and modification time, state pending | complete | retired, how far an
//                  import came (lines_done, bytes_done), its count of works and bad lines;
//   works          one row per work of a source (id unique within the source), its title as
//                  given and in its normal form (title_norm, normalizeTitle());
//   works_fts      FTS5 over works.title_norm (external content, kept by triggers), with
//                  works_vocab (fts5vocab) giving each word's document count;
//   works_bad_lines the first bad lines of each source, so that a resumed import reports the
//                  bad lines of the runs before it too.
// Only works of complete sources are visible: an import commits in batches (its source pending
// until the last line is read), a replaced source is retired at once and its rows removed in
// batches afterwards.

#include "WorksInternal.h"

#include "SqlError.h"
#include "SqlTransaction.h"

#include <QSqlError>
#include <QSqlQuery>

namespace LedgerCurator {

using namespace WorksInternal;

namespace {

constexpr qint64 kPurgeBatch = 20000;

const char *const kSchema[] = {
    "CREATE TABLE IF NOT EXISTS works_sources ("
    " id INTEGER PRIMARY KEY,"
    " name TEXT NOT NULL,"
    " format TEXT NOT NULL,"
    " file_size INTEGER NOT NULL DEFAULT 0,"
    " file_mtime TEXT NOT NULL DEFAULT '',"
    " state TEXT NOT NULL CHECK (state IN ('pending', 'complete', 'retired')),"
    " lines_done INTEGER NOT NULL DEFAULT 0,"
    " bytes_done INTEGER NOT NULL DEFAULT 0,"
    " works_count INTEGER NOT NULL DEFAULT 0,"
    " bad_lines INTEGER NOT NULL DEFAULT 0,"
    " imported_at TEXT)",
    "CREATE INDEX IF NOT EXISTS works_sources_by_name ON works_sources(name, state)",
    "CREATE TABLE IF NOT EXISTS works ("
    " rowid INTEGER PRIMARY KEY,"
    " id TEXT NOT NULL,"
    " source_id INTEGER NOT NULL,"
    " title TEXT NOT NULL,"
    " title_norm TEXT NOT NULL,"
    " authors TEXT NOT NULL DEFAULT '',"
    " year INTEGER,"
    " doi TEXT NOT NULL DEFAULT '')",
    "CREATE UNIQUE INDEX IF NOT EXISTS works_by_source ON works(source_id, id)",
    "CREATE INDEX IF NOT EXISTS works_by_id ON works(id)",
    // a query that is a DOI finds its work (WorksIndex::identified())
    "CREATE INDEX IF NOT EXISTS works_by_doi ON works(lower(doi)) WHERE doi != ''",
    "CREATE TABLE IF NOT EXISTS works_bad_lines ("
    " source_id INTEGER NOT NULL,"
    " line INTEGER NOT NULL,"
    " reason TEXT NOT NULL,"
    " PRIMARY KEY (source_id, line)) WITHOUT ROWID",
    "CREATE VIRTUAL TABLE IF NOT EXISTS works_fts USING fts5(title_norm, content='works',"
    " content_rowid='rowid', detail='column', tokenize='unicode61 remove_diacritics 0')",
    "CREATE VIRTUAL TABLE IF NOT EXISTS works_vocab USING fts5vocab(works_fts, row)",
    kTermsTable,
    "CREATE TRIGGER IF NOT EXISTS works_fts_insert AFTER INSERT ON works BEGIN"
    " INSERT INTO works_fts(rowid, title_norm) VALUES (new.rowid, new.title_norm); END",
    "CREATE TRIGGER IF NOT EXISTS works_fts_delete AFTER DELETE ON works BEGIN"
    " INSERT INTO works_fts(works_fts, rowid, title_norm)"
    " VALUES ('delete', old.rowid, old.title_norm); END",
    "CREATE TRIGGER IF NOT EXISTS works_fts_update AFTER UPDATE OF title_norm ON works BEGIN"
    " INSERT INTO works_fts(works_fts, rowid, title_norm)"
    " VALUES ('delete', old.rowid, old.title_norm);"
    " INSERT INTO works_fts(rowid, title_norm) VALUES (new.rowid, new.title_norm); END",
};

Status execSql(const QSqlDatabase &db, const QString &sql, const QString &what)
{
    QSqlQuery query(db);
    if (!query.exec(sql))
        return sqlError(what, query.lastError());
    return {};
}

} // namespace

Error WorksInternal::stepError(const QString &what, const SqliteStatement &statement)
{
    return Error::failure(what + QStringLiteral(": ") + statement.errorText());
}

QString worksFormatKey(WorksFormat format)
{
    return format == WorksFormat::Csv ? QStringLiteral("csv") : QStringLiteral("arxiv-jsonl");
}

std::optional<WorksFormat> parseWorksFormat(QStringView text)
{
    if (text == u"csv")
        return WorksFormat::Csv;
    if (text == u"arxiv-jsonl")
        return WorksFormat::ArxivJsonl;
    return std::nullopt;
}

std::optional<WorksFormat> guessWorksFormat(const QString &path)
{
    if (path.endsWith(u".csv", Qt::CaseInsensitive))
        return WorksFormat::Csv;
    if (path.endsWith(u".jsonl", Qt::CaseInsensitive)
        || path.endsWith(u".json", Qt::CaseInsensitive))
        return WorksFormat::ArxivJsonl;
    return std::nullopt;
}

Status WorksIndex::ensureSchema(QSqlDatabase &db)
{
    for (const char *sql : kSchema) {
        if (auto status = execSql(db, QString::fromUtf8(sql),
                QStringLiteral("cannot create the works index's tables"));
            !status)
            return status;
    }
    return {};
}

void WorksIndex::prepareForSearch(QSqlDatabase &db)
{
    QSqlQuery query(db);
    (void)query.exec(QStringLiteral("PRAGMA cache_size = -65536"));
}

WorksIndex::WorksIndex(QSqlDatabase db, WorksWriteTransaction transaction)
    : m_db(std::move(db))
    , m_transaction(std::move(transaction))
{
}

Status WorksIndex::inTransaction(const QString &what, const std::function<Status()> &body) const
{
    if (m_transaction)
        return m_transaction(what, body);
    SqlTransaction transaction(m_db);
    // IMMEDIATE, as the cache's writes (Store::Write): no read before the write lock is held.
    if (!transaction.begin(QStringLiteral("BEGIN IMMEDIATE")))
        return sqlError(what, transaction.lastError());
    if (auto status = body(); !status)
        return status;
    if (!transaction.commit())
        return sqlError(what, transaction.lastError());
    return {};
}

Status WorksIndex::purgeRetired() const
{
    for (;;) {
        QSqlQuery query(m_db);
        if (!query.exec(QStringLiteral(
                "SELECT id FROM works_sources WHERE state = 'retired' ORDER BY id LIMIT 1")))
            return sqlError(QStringLiteral("cannot read the works sources"), query.lastError());
        if (!query.next())
            return {};
        const qint64 sourceId = query.value(0).toLongLong();
        query.finish();
        bool emptied = false;
        while (!emptied) {
            if (auto status = inTransaction(QStringLiteral("cannot remove replaced works"),
                    [&]() -> Status {
                        QSqlQuery del(m_db);
                        del.prepare(QStringLiteral(
                            "DELETE FROM works WHERE rowid IN (SELECT rowid FROM works"
                            " WHERE source_id = ? LIMIT ?)"));
                        del.addBindValue(sourceId);
                        del.addBindValue(kPurgeBatch);
                        if (!del.exec())
                            return sqlError(
                                QStringLiteral("cannot remove replaced works"), del.lastError());
                        if (del.numRowsAffected() < kPurgeBatch) {
                            emptied = true;
                            QSqlQuery done(m_db);
                            done.prepare(
                                QStringLiteral("DELETE FROM works_bad_lines WHERE source_id = ?"));
                            done.addBindValue(sourceId);
                            if (!done.exec())
                                return sqlError(QStringLiteral("cannot remove replaced works"),
                                    done.lastError());
                            done.prepare(QStringLiteral("DELETE FROM works_sources WHERE id = ?"));
                            done.addBindValue(sourceId);
                            if (!done.exec())
                                return sqlError(QStringLiteral("cannot remove replaced works"),
                                    done.lastError());
                        }
                        return {};
                    });
                !status)
                return status;
        }
    }
}

Result<WorksStats> WorksIndex::stats() const
{
    WorksStats stats;
    QSqlQuery query(m_db);
    if (!query.exec(
            QStringLiteral("SELECT name, works_count, format, imported_at, state FROM works_sources"
                           " WHERE state != 'retired' ORDER BY name, id")))
        return sqlError(QStringLiteral("cannot read the works sources"), query.lastError());
    qint64 completeSources = 0;
    while (query.next()) {
        WorksSourceStats source;
        source.source = query.value(0).toString();
        source.works = query.value(1).toLongLong();
        source.format = query.value(2).toString();
        source.complete = query.value(4).toString() == kComplete;
        if (source.complete) {
            source.importedAt = QDateTime::fromString(query.value(3).toString(), Qt::ISODateWithMs);
            source.importedAt.setTimeSpec(Qt::UTC);
            stats.works += source.works;
            ++completeSources;
        }
        stats.sources += source;
    }
    if (completeSources > 1) {
        // A work in several lists counts once: each list's ids that a larger list (or an
        // earlier one of the same size) holds too are taken off, read through the index on id
        // from every list but the largest.
        QSqlQuery lists(m_db);
        if (!lists.exec(QStringLiteral("SELECT id, works_count FROM works_sources"
                                       " WHERE state = 'complete' ORDER BY works_count DESC, id")))
            return sqlError(QStringLiteral("cannot count the works"), lists.lastError());
        QList<std::pair<qint64, qint64>> complete;
        while (lists.next())
            complete += { lists.value(0).toLongLong(), lists.value(1).toLongLong() };
        QSqlQuery twice(m_db);
        twice.prepare(QStringLiteral(
            "SELECT COUNT(*) FROM works w WHERE w.source_id = ? AND EXISTS (SELECT 1 FROM works x"
            " JOIN works_sources s ON s.id = x.source_id WHERE x.id = w.id AND s.state = 'complete'"
            " AND x.source_id != w.source_id AND (s.works_count > ? OR (s.works_count = ? AND"
            " s.id < w.source_id)))"));
        for (qsizetype i = 1; i < complete.size(); ++i) {
            twice.bindValue(0, complete[i].first);
            twice.bindValue(1, complete[i].second);
            twice.bindValue(2, complete[i].second);
            if (!twice.exec() || !twice.next())
                return sqlError(QStringLiteral("cannot count the works"), twice.lastError());
            stats.works -= twice.value(0).toLongLong();
        }
    }
    // The bytes of the index's tables, their indexes and the full-text index's shadow tables.
    QSqlQuery bytes(m_db);
    if (bytes.exec(QStringLiteral("SELECT SUM(pgsize) FROM dbstat WHERE name LIKE 'works%'"))
        && bytes.next()) {
        stats.bytesOnDisk = bytes.value(0).toLongLong();
    } else {
        QSqlQuery pageSize(m_db);
        if (pageSize.exec(QStringLiteral("PRAGMA page_size")) && pageSize.next()) {
            // Without dbstat: the whole file's pages, an upper bound.
            const qint64 page = pageSize.value(0).toLongLong();
            QSqlQuery pages(m_db);
            if (pages.exec(QStringLiteral("PRAGMA page_count")) && pages.next())
                stats.bytesOnDisk = page * pages.value(0).toLongLong();
        }
    }
    return stats;
}

Result<QList<WorksSourceStats>> WorksIndex::sources() const
{
    QList<WorksSourceStats> out;
    QSqlQuery query(m_db);
    if (!query.exec(
            QStringLiteral("SELECT name, works_count, format, imported_at, state FROM works_sources"
                           " WHERE state != 'retired' ORDER BY name, id")))
        return sqlError(QStringLiteral("cannot read the works sources"), query.lastError());
    while (query.next()) {
        WorksSourceStats source;
        source.source = query.value(0).toString();
        source.works = query.value(1).toLongLong();
        source.format = query.value(2).toString();
        source.complete = query.value(4).toString() == kComplete;
        if (source.complete) {
            source.importedAt = QDateTime::fromString(query.value(3).toString(), Qt::ISODateWithMs);
            source.importedAt.setTimeSpec(Qt::UTC);
        }
        out += source;
    }
    return out;
}

} // namespace LedgerCurator
