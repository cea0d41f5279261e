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

#include "SqlError.h"
#include "SqlTransaction.h"
#include "SqliteLocks.h"
#include "StoreSqlite.h"
#include "TwoThreadBlocks.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRegularExpression>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>
#include <thread>

namespace LedgerCurator {

using StoreSqlite::SqliteStatement;

namespace {

constexpr qsizetype kKeptBadLines = 100;
constexpr qsizetype kMaxAuthorsLength = 400;
constexpr qint64 kSmallSource = 50000; // replaced in one transaction; larger: retired, then purged
constexpr qint64 kPurgeBatch = 20000;
constexpr qsizetype kMaxQuotedRecord = 64 * 1024; // a CSV record with a quoted field unclosed

const QString kPending = QStringLiteral("pending");
const QString kComplete = QStringLiteral("complete");
const QString kRetired = QStringLiteral("retired");

// Each word's number of titles as counted after the last complete import (works_vocab counts
// them by reading the word's whole list): read first, works_vocab only for a word not in it.
const char *const kTermsTable = "CREATE TABLE IF NOT EXISTS works_terms (term TEXT PRIMARY KEY,"
                                " docs INTEGER NOT NULL) WITHOUT ROWID";

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

QString nowUtc()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

Error stepError(const QString &what, const SqliteStatement &statement)
{
    return Error::failure(what + QStringLiteral(": ") + statement.errorText());
}

//! Binds UTF-8 bytes that stay untouched until the statement ran.
bool bindUtf8(SqliteStatement &statement, int index, const QByteArray &utf8)
{
    if (sqlite3_stmt *const raw = statement.get())
        return sqlite3_bind_text(raw, index, utf8.constData(), int(utf8.size()), SQLITE_STATIC)
            == SQLITE_OK;
    return statement.bindText(index, QString::fromUtf8(utf8));
}

Status runStatement(SqliteStatement &statement, const QString &what)
{
    const int rc = statement.step();
    if (rc != SQLITE_DONE && rc != SQLITE_ROW)
        return stepError(what, statement);
    statement.reset();
    return {};
}

Status execSql(const QSqlDatabase &db, const QString &sql, const QString &what)
{
    QSqlQuery query(db);
    if (!query.exec(sql))
        return sqlError(what, query.lastError());
    return {};
}

// One work as the parser makes it, in the UTF-8 the statements bind.
struct ParsedWork
{
    QByteArray id;
    QByteArray title;
    QByteArray titleNorm;
    QByteArray authors;
    QByteArray doi;
    int year = 0; // 0: unknown
};

// Lines read between two commits: the works, the bad lines, and where the batch ends.
struct Batch
{
    std::vector<ParsedWork> works;
    QList<WorksBadLine> badLines;
    qint64 endBytes = 0; // the file offset after the batch's last line
    qint64 endLine = 0; // lines read up to the end of the batch
    bool last = false; // the file ends with this batch
    QString failure; // the file could not be read
};

QByteArray cappedAuthors(const QString &authors)
{
    QString text = authors.simplified();
    if (text.size() > kMaxAuthorsLength) {
        const qsizetype cut = text.lastIndexOf(u',', kMaxAuthorsLength);
        text = text.left(cut > 0 ? cut : kMaxAuthorsLength) + QStringLiteral(" et al.");
    }
    return text.toUtf8();
}

//! The year of "Mon, 2 Apr 2007 19:18:42 GMT" or "2008-11-13"; 0 when there is none.
int yearOf(const QString &date)
{
    static const QRegularExpression year(QStringLiteral(R"((?:^|\D)((?:1[6-9]|20)\d\d)(?:\D|$))"));
    const QRegularExpressionMatch m = year.match(date);
    return m.hasMatch() ? m.captured(1).toInt() : 0;
}

bool validYear(int year)
{
    return year >= 1600 && year <= 2100;
}

//! A work from its parts, or the reason it is a bad line.
std::optional<QString> makeWork(ParsedWork &out, const QString &id, const QString &title,
    const QString &authors, int year, const QString &doi)
{
    const QString cleanId = id.trimmed();
    if (cleanId.isEmpty())
        return QStringLiteral("no id");
    const QString norm = normalizeTitle(title);
    if (norm.isEmpty())
        return QStringLiteral("no title");
    out.id = cleanId.toUtf8();
    out.title = title.toUtf8();
    out.titleNorm = norm.toUtf8();
    out.authors = cappedAuthors(authors);
    out.doi = doi.trimmed().toUtf8();
    out.year = year;
    return std::nullopt;
}

//! One line of the arXiv metadata snapshot.
std::optional<QString> parseArxivLine(QByteArrayView line, ParsedWork &out)
{
    QJsonParseError error;
    const QJsonDocument doc
        = QJsonDocument::fromJson(QByteArray::fromRawData(line.data(), line.size()), &error);
    if (error.error != QJsonParseError::NoError)
        return QStringLiteral("not JSON: %1 at column %2")
            .arg(error.errorString())
            .arg(error.offset + 1);
    if (!doc.isObject())
        return QStringLiteral("not a JSON object");
    const QJsonObject o = doc.object();
    const QJsonValue id = o.value(u"id");
    if (!id.isString() || id.toString().trimmed().isEmpty())
        return QStringLiteral("no id");
    const QJsonValue title = o.value(u"title");
    if (!title.isString() || title.toString().trimmed().isEmpty())
        return QStringLiteral("no title");
    int year = 0;
    QString dateSeen;
    const QJsonArray versions = o.value(u"versions").toArray();
    if (!versions.isEmpty()) {
        dateSeen = versions.first().toObject().value(u"created").toString();
        year = yearOf(dateSeen);
    }
    if (!year) {
        const QString update = o.value(u"update_date").toString();
        if (!update.isEmpty())
            dateSeen = update;
        year = yearOf(update);
    }
    if (!year && !dateSeen.isEmpty())
        return QStringLiteral("bad year: no year in date \"%1\"").arg(dateSeen);
    if (year && !validYear(year))
        return QStringLiteral("bad year: %1").arg(year);
    return makeWork(out, id.toString(), title.toString(), o.value(u"authors").toString(), year,
        o.value(u"doi").toString());
}

//! RFC 4180 fields of one record (its line breaks inside quotes kept).
QStringList csvFields(QStringView record, QString *problem)
{
    QStringList fields;
    QString field;
    bool quoted = false;
    bool wasQuoted = false;
    for (qsizetype i = 0; i < record.size(); ++i) {
        const QChar c = record[i];
        if (quoted) {
            if (c == u'"') {
                if (i + 1 < record.size() && record[i + 1] == u'"') {
                    field += u'"';
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += c;
            }
        } else if (c == u'"') {
            if (!field.isEmpty() || wasQuoted) {
                *problem
                    = QStringLiteral("a quote inside an unquoted field at column %1").arg(i + 1);
                return {};
            }
            quoted = wasQuoted = true;
        } else if (c == u',') {
            fields += field;
            field.clear();
            wasQuoted = false;
        } else if (wasQuoted && c != u'\r') {
            *problem = QStringLiteral("text after a closing quote at column %1").arg(i + 1);
            return {};
        } else if (c != u'\r' || i + 1 < record.size()) {
            field += c;
        }
    }
    if (quoted) {
        *problem = QStringLiteral("unterminated quoted field");
        return {};
    }
    fields += field;
    return fields;
}

struct CsvColumns
{
    int id = -1;
    int title = -1;
    int authors = -1;
    int year = -1;
    int doi = -1;
};

std::optional<QString> parseCsvRecord(
    QByteArrayView record, const CsvColumns &columns, ParsedWork &out)
{
    QString problem;
    const QStringList fields = csvFields(QString::fromUtf8(record), &problem);
    if (!problem.isEmpty())
        return QStringLiteral("not CSV: ") + problem;
    auto field = [&fields](int column) {
        return column >= 0 && column < fields.size() ? fields.at(column) : QString();
    };
    int year = 0;
    const QString yearText = field(columns.year).trimmed();
    if (!yearText.isEmpty()) {
        bool ok = false;
        year = yearText.toInt(&ok);
        if (!ok || !validYear(year))
            return QStringLiteral("bad year \"%1\"").arg(yearText);
    }
    if (field(columns.id).trimmed().isEmpty())
        return QStringLiteral("no id");
    return makeWork(out, field(columns.id), field(columns.title), field(columns.authors), year,
        field(columns.doi));
}

//! Reads a works file from an offset, record by record (a JSON line; a CSV record, whose
//! quoted fields may hold line breaks), on its own thread, in batches.
class WorksReader
{
public:
    WorksReader(QFile &file, WorksFormat format, qint64 startBytes, qint64 startLine,
        CsvColumns columns, qint64 batchLines)
        : m_file(file)
        , m_format(format)
        , m_offset(startBytes)
        , m_line(startLine)
        , m_columns(columns)
        , m_batchLines(batchLines)
    {
    }

    //! Fills `batch` with the next lines; batch.last at the end of the file.
    void fill(Batch &batch)
    {
        batch.works.clear();
        batch.badLines.clear();
        batch.last = false;
        batch.failure.clear();
        qint64 lines = 0;
        while (lines < m_batchLines) {
            QByteArrayView record;
            qint64 recordLines = 0;
            if (!nextRecord(record, recordLines, batch.failure)) {
                batch.last = batch.failure.isEmpty();
                break;
            }
            const qint64 firstLine = m_line + 1;
            m_line += recordLines;
            lines += recordLines;
            QByteArrayView text = record;
            while (!text.isEmpty() && (text.back() == '\n' || text.back() == '\r'))
                text.chop(1);
            if (firstLine == 1 && text.startsWith("\xEF\xBB\xBF"))
                text = text.sliced(3);
            if (text.trimmed().isEmpty())
                continue;
            ParsedWork work;
            const std::optional<QString> bad = m_format == WorksFormat::Csv
                ? parseCsvRecord(text, m_columns, work)
                : parseArxivLine(text, work);
            if (bad)
                batch.badLines += WorksBadLine { firstLine, *bad };
            else
                batch.works.push_back(std::move(work));
        }
        batch.endBytes = m_offset;
        batch.endLine = m_line;
    }

    //! The header of a CSV file (its first record), read from the start.
    static std::optional<QString> readCsvHeader(QFile &file, CsvColumns &columns, qint64 &endBytes)
    {
        WorksReader reader(file, WorksFormat::Csv, 0, 0, {}, 1);
        QByteArrayView record;
        qint64 lines = 0;
        QString failure;
        if (!reader.nextRecord(record, lines, failure))
            return failure.isEmpty() ? QStringLiteral("the file is empty, no header") : failure;
        QByteArrayView text = record.trimmed();
        if (text.startsWith("\xEF\xBB\xBF"))
            text = text.sliced(3);
        QString problem;
        const QStringList names = csvFields(QString::fromUtf8(text), &problem);
        if (!problem.isEmpty())
            return QStringLiteral("the header is not CSV: ") + problem;
        for (int i = 0; i < names.size(); ++i) {
            const QString name = names.at(i).trimmed().toLower();
            int *const slot = name == u"id" ? &columns.id
                : name == u"title"          ? &columns.title
                : name == u"authors"        ? &columns.authors
                : name == u"year"           ? &columns.year
                : name == u"doi"            ? &columns.doi
                                            : nullptr;
            if (slot)
                *slot = i;
        }
        if (columns.id < 0 || columns.title < 0)
            return QStringLiteral(
                "the header has no %1 column (expected id,title,authors,year,doi)")
                .arg(columns.id < 0 ? QStringLiteral("id") : QStringLiteral("title"));
        endBytes = reader.m_offset;
        return std::nullopt;
    }

private:
    //! The next record, its bytes valid until the next call; false at the end (or a failure).
    bool nextRecord(QByteArrayView &record, qint64 &lines, QString &failure)
    {
        qsizetype scan = m_pos;
        // A quote opens a quoted field only at the field's start, or again right after the
        // quote that closed it (a doubled quote inside); a stray one in mid-field ("a 5"
        // display") leaves the line a line, reported bad, not one that swallows the next.
        bool quoted = false;
        bool fieldStart = true;
        qsizetype closedAt = -1;
        lines = 0;
        for (;;) {
            while (scan < m_buffer.size()) {
                const char c = m_buffer.at(scan++);
                if (c == '"' && m_format == WorksFormat::Csv) {
                    if (quoted) {
                        quoted = false;
                        closedAt = scan;
                    } else if (fieldStart || closedAt == scan - 1) {
                        quoted = true;
                    }
                } else if (c == '\n') {
                    ++lines;
                    // A quoted field never closed ends at a line break once it is past any
                    // title's length: reported bad, and the lines after it read.
                    if (quoted && scan - m_pos > kMaxQuotedRecord)
                        quoted = false;
                    if (!quoted) {
                        record = QByteArrayView(m_buffer.constData() + m_pos, scan - m_pos);
                        m_offset += scan - m_pos;
                        m_pos = scan;
                        return true;
                    }
                }
                fieldStart = !quoted && (c == ',' || c == '\n');
            }
            // Needs more of the file: keep the unread part, read on.
            if (m_pos > 0) {
                m_buffer.remove(0, m_pos);
                scan -= m_pos;
                if (closedAt >= 0)
                    closedAt -= m_pos;
                m_pos = 0;
            }
            if (m_atEnd) {
                if (m_buffer.isEmpty())
                    return false;
                ++lines;
                record = QByteArrayView(m_buffer.constData(), m_buffer.size());
                m_offset += m_buffer.size();
                m_pos = m_buffer.size();
                return true;
            }
            if (!m_seeked) {
                m_seeked = true;
                if (!m_file.seek(m_offset)) {
                    failure = m_file.errorString();
                    return false;
                }
            }
            const qsizetype had = m_buffer.size();
            m_buffer.resize(had + kChunk);
            const qint64 got = m_file.read(m_buffer.data() + had, kChunk);
            if (got < 0) {
                failure = m_file.errorString();
                m_buffer.resize(had);
                return false;
            }
            m_buffer.resize(had + got);
            if (got == 0)
                m_atEnd = true;
        }
    }

    static constexpr qsizetype kChunk = 4 << 20;
    QFile &m_file;
    WorksFormat m_format;
    qint64 m_offset; // of m_buffer[m_pos] in the file
    qint64 m_line;
    CsvColumns m_columns;
    qint64 m_batchLines;
    QByteArray m_buffer;
    qsizetype m_pos = 0;
    bool m_seeked = false;
    bool m_atEnd = false;
};

struct SourceRow
{
    qint64 id = 0;
    QString format;
    qint64 size = 0;
    QString mtime;
    QString state;
    qint64 linesDone = 0;
    qint64 bytesDone = 0;
    qint64 works = 0;
    qint64 badLines = 0;
};

Result<QList<SourceRow>> sourcesNamed(const QSqlDatabase &db, const QString &name)
{
    QSqlQuery query(db);
    query.prepare(QStringLiteral(
        "SELECT id, format, file_size, file_mtime, state, lines_done, bytes_done, works_count,"
        " bad_lines FROM works_sources WHERE name = ? AND state != 'retired' ORDER BY id"));
    query.addBindValue(name);
    if (!query.exec())
        return sqlError(QStringLiteral("cannot read the works sources"), query.lastError());
    QList<SourceRow> rows;
    while (query.next()) {
        rows += SourceRow { query.value(0).toLongLong(), query.value(1).toString(),
            query.value(2).toLongLong(), query.value(3).toString(), query.value(4).toString(),
            query.value(5).toLongLong(), query.value(6).toLongLong(), query.value(7).toLongLong(),
            query.value(8).toLongLong() };
    }
    return rows;
}

Status setState(const QSqlDatabase &db, qint64 sourceId, const QString &state)
{
    QSqlQuery query(db);
    query.prepare(QStringLiteral("UPDATE works_sources SET state = ? WHERE id = ?"));
    query.addBindValue(state);
    query.addBindValue(sourceId);
    if (!query.exec())
        return sqlError(QStringLiteral("cannot update a works source"), query.lastError());
    return {};
}

Result<qint64> newSource(const QSqlDatabase &db, const QString &name, const QString &format,
    qint64 size, const QString &mtime, const QString &state)
{
    QSqlQuery query(db);
    query.prepare(QStringLiteral("INSERT INTO works_sources (name, format, file_size, file_mtime,"
                                 " state, imported_at) VALUES (?, ?, ?, ?, ?, ?)"));
    query.addBindValue(name);
    query.addBindValue(format);
    query.addBindValue(size);
    query.addBindValue(mtime.isNull() ? QStringLiteral("") : mtime);
    query.addBindValue(state);
    query.addBindValue(state == kComplete ? QVariant(nowUtc()) : QVariant());
    if (!query.exec())
        return sqlError(
            QStringLiteral("cannot add the works source %1").arg(name), query.lastError());
    return query.lastInsertId().toLongLong();
}

Result<qint64> countOfSource(const QSqlDatabase &db, qint64 sourceId)
{
    QSqlQuery query(db);
    query.prepare(QStringLiteral("SELECT COUNT(*) FROM works WHERE source_id = ?"));
    query.addBindValue(sourceId);
    if (!query.exec() || !query.next())
        return sqlError(QStringLiteral("cannot count the works of a source"), query.lastError());
    return query.value(0).toLongLong();
}

//! Inserts (or, for an id the source already has, updates) works of a source.
class WorkWriter
{
public:
    WorkWriter(const QSqlDatabase &db, qint64 sourceId)
        : m_insert(db,
            "INSERT INTO works (id, source_id, title, title_norm, authors, year, doi)"
            " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (source_id, id) DO UPDATE SET"
            " title = excluded.title, title_norm = excluded.title_norm,"
            " authors = excluded.authors, year = excluded.year, doi = excluded.doi")
        , m_sourceId(sourceId)
        , m_prepared(m_insert.ok())
    {
    }
    Status write(const ParsedWork &work)
    {
        if (!m_prepared)
            return stepError(QStringLiteral("cannot store works"), m_insert);
        bindUtf8(m_insert, 1, work.id);
        m_insert.bindInteger(2, m_sourceId);
        bindUtf8(m_insert, 3, work.title);
        bindUtf8(m_insert, 4, work.titleNorm);
        bindUtf8(m_insert, 5, work.authors);
        if (work.year)
            m_insert.bindInteger(6, work.year);
        else
            m_insert.bindNull(6);
        bindUtf8(m_insert, 7, work.doi);
        return runStatement(
            m_insert, QStringLiteral("cannot store work %1").arg(QString::fromUtf8(work.id)));
    }

private:
    SqliteStatement m_insert;
    qint64 m_sourceId;
    bool m_prepared;
};

Status storeBadLines(const QSqlDatabase &db, qint64 sourceId, qint64 alreadyKept,
    const QList<WorksBadLine> &badLines)
{
    if (badLines.isEmpty() || alreadyKept >= kKeptBadLines)
        return {};
    QSqlQuery query(db);
    query.prepare(QStringLiteral(
        "INSERT OR REPLACE INTO works_bad_lines (source_id, line, reason) VALUES (?, ?, ?)"));
    for (qsizetype i = 0; i < badLines.size() && alreadyKept + i < kKeptBadLines; ++i) {
        query.bindValue(0, sourceId);
        query.bindValue(1, badLines.at(i).line);
        query.bindValue(2, badLines.at(i).reason);
        if (!query.exec())
            return sqlError(QStringLiteral("cannot store a bad line"), query.lastError());
    }
    return {};
}

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

Result<WorksImportReport> WorksIndex::importFile(const QString &path, WorksFormat format,
    const std::function<bool(const WorksImportProgress &)> &progress)
{
    const QFileInfo info(path);
    if (SqliteLocks::isOpenBySqlite(path))
        return Error::badInput(
            QStringLiteral("this is a file of the open cache, not a works file"), path);
    if (!info.isFile())
        return Error::badInput(QStringLiteral("no such file"), path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::badInput(QStringLiteral("cannot open: %1").arg(file.errorString()), path);

    WorksImportReport report;
    report.source = info.fileName();
    const QString formatKey = worksFormatKey(format);
    const qint64 size = info.size();
    const QString mtime = info.lastModified().toUTC().toString(Qt::ISODateWithMs);

    CsvColumns columns;
    qint64 headerEnd = 0;
    if (format == WorksFormat::Csv) {
        if (const auto bad = WorksReader::readCsvHeader(file, columns, headerEnd))
            return Error::badInput(*bad, path, 1);
    }

    // The source to go on with (pending, same file) or a new one.
    auto named = sourcesNamed(m_db, report.source);
    if (!named)
        return named.error();
    SourceRow source;
    for (const SourceRow &row : *named) {
        if (row.state == kPending && row.format == formatKey && row.size == size
            && row.mtime == mtime)
            source = row;
    }
    if (!source.id) {
        // A pending import of another version of the file is dropped (its rows are invisible).
        if (auto status = inTransaction(QStringLiteral("%1: cannot start the import").arg(path),
                [&]() -> Status {
                    for (const SourceRow &row : *named) {
                        if (row.state == kPending) {
                            if (auto s = setState(m_db, row.id, kRetired); !s)
                                return s;
                        }
                    }
                    auto id = newSource(m_db, report.source, formatKey, size, mtime, kPending);
                    if (!id)
                        return id.error();
                    source.id = *id;
                    return {};
                });
            !status)
            return status.error();
        if (auto status = purgeRetired(); !status)
            return status.error();
        source.format = formatKey;
        source.state = kPending;
        if (format == WorksFormat::Csv) {
            source.bytesDone = headerEnd;
            source.linesDone = 1;
        }
    } else {
        report.resumedAtLine = source.linesDone + 1;
        QSqlQuery kept(m_db);
        kept.prepare(QStringLiteral(
            "SELECT line, reason FROM works_bad_lines WHERE source_id = ? ORDER BY line"));
        kept.addBindValue(source.id);
        if (!kept.exec())
            return sqlError(QStringLiteral("cannot read the bad lines"), kept.lastError());
        while (kept.next())
            report.badLines
                += WorksBadLine { kept.value(0).toLongLong(), kept.value(1).toString() };
    }
    report.badLineCount = source.badLines;
    qint64 works = source.works;
    bool nothingRead = false;

    // Reading and parsing on a helper thread, a batch ahead of the writing here.
    WorksReader reader(file, format, source.bytesDone, source.linesDone, columns, m_batchLines);
    TwoThreadBlocks::HandOff<Batch> handOff(2);
    std::jthread helper([&] {
        for (;;) {
            Batch batch = handOff.take([] { return Batch(); });
            if (handOff.abandoned())
                return;
            reader.fill(batch);
            const bool end = batch.last || !batch.failure.isEmpty();
            handOff.put(std::move(batch));
            if (end)
                break;
        }
        handOff.close();
    });
    const auto leaving = qScopeGuard([&handOff] { handOff.abandon(); });

    WorksImportProgress told { source.bytesDone, size, works };
    bool complete = false;
    while (std::optional<Batch> batch = handOff.next()) {
        if (!batch->failure.isEmpty())
            return Error::failure(QStringLiteral("%1: cannot read: %2").arg(path, batch->failure));
        const QString what
            = QStringLiteral("%1: cannot store works up to line %2").arg(path).arg(batch->endLine);
        if (auto status = inTransaction(what,
                [&]() -> Status {
                    WorkWriter writer(m_db, source.id);
                    for (const ParsedWork &work : batch->works) {
                        if (auto s = writer.write(work); !s)
                            return s;
                    }
                    if (auto s
                        = storeBadLines(m_db, source.id, report.badLineCount, batch->badLines);
                        !s)
                        return s;
                    QSqlQuery update(m_db);
                    update.prepare(QStringLiteral(
                        "UPDATE works_sources SET lines_done = ?, bytes_done = ?, works_count = ?,"
                        " bad_lines = ? WHERE id = ?"));
                    update.addBindValue(batch->endLine);
                    update.addBindValue(batch->endBytes);
                    update.addBindValue(works + qint64(batch->works.size()));
                    update.addBindValue(report.badLineCount + batch->badLines.size());
                    update.addBindValue(source.id);
                    if (!update.exec())
                        return sqlError(what, update.lastError());
                    if (batch->last && works + qint64(batch->works.size()) == 0) {
                        // Not one work read (a damaged file, a wrong format): it does not
                        // replace the list of its name, which may hold millions.
                        nothingRead = true;
                        return setState(m_db, source.id, kRetired);
                    }
                    if (batch->last) {
                        // The last batch makes the file visible, replacing what had its name.
                        for (const SourceRow &row : *named) {
                            if (row.id != source.id && row.state == kComplete) {
                                if (auto s = setState(m_db, row.id, kRetired); !s)
                                    return s;
                            }
                        }
                        auto count = countOfSource(m_db, source.id);
                        if (!count)
                            return count.error();
                        QSqlQuery done(m_db);
                        done.prepare(
                            QStringLiteral("UPDATE works_sources SET state = 'complete',"
                                           " works_count = ?, imported_at = ? WHERE id = ?"));
                        done.addBindValue(*count);
                        done.addBindValue(nowUtc());
                        done.addBindValue(source.id);
                        if (!done.exec())
                            return sqlError(what, done.lastError());
                        works = *count - qint64(batch->works.size()); // set right below
                    }
                    return {};
                });
            !status)
            return status.error();
        works += qint64(batch->works.size());
        for (const WorksBadLine &bad : std::as_const(batch->badLines)) {
            if (report.badLines.size() < kKeptBadLines)
                report.badLines += bad;
        }
        report.badLineCount += batch->badLines.size();
        report.lines = batch->endLine;
        told = { batch->endBytes, size, works };
        if (batch->last) {
            complete = true;
            break;
        }
        if (progress && !progress(told)) {
            report.cancelled = true;
            break;
        }
        handOff.recycle(std::move(*batch));
    }
    handOff.abandon();
    helper.join();
    if (complete && progress)
        progress(told);
    report.works = works;
    if (nothingRead) {
        if (auto status = purgeRetired(); !status)
            return status.error();
        QString why = QStringLiteral("no work could be read from its %1 lines").arg(report.lines);
        if (report.badLineCount > 0)
            why += QStringLiteral(" (%1 bad; line %2: %3)")
                       .arg(report.badLineCount)
                       .arg(report.badLines.first().line)
                       .arg(report.badLines.first().reason);
        return Error::badInput(
            why + QStringLiteral("; the works list of that name, if any, is kept as it was"), path);
    }
    if (complete) {
        if (auto status = purgeRetired(); !status)
            return status.error();
        // The batches leave the full-text index in a score of segments, each of which every
        // word's lookup visits; merged into one, a query reads a quarter less (2 s for 2.7
        // million titles). Only speed depends on it: a failure (a busy cache) is not the
        // import's.
        (void)inTransaction(QStringLiteral("cannot merge the works index"), [this]() -> Status {
            QSqlQuery merge(m_db);
            if (!merge.exec(QStringLiteral("INSERT INTO works_fts(works_fts) VALUES('optimize')")))
                return sqlError(QStringLiteral("cannot merge the works index"), merge.lastError());
            return {};
        });
        // Every word's count of titles, once (1 s for 2.7 million titles), where a query
        // would count each of its words anew. Also only speed depends on it: without it, or
        // for a word not in it (the cache's own list, a later list), works_vocab counts.
        (void)inTransaction(
            QStringLiteral("cannot count the works index's words"), [this]() -> Status {
                QSqlQuery query(m_db);
                for (const QString &sql :
                    { QString::fromLatin1(kTermsTable), QStringLiteral("DELETE FROM works_terms"),
                        QStringLiteral("INSERT INTO works_terms(term, docs)"
                                       " SELECT term, doc FROM works_vocab") }) {
                    if (!query.exec(sql))
                        return sqlError(QStringLiteral("cannot count the works index's words"),
                            query.lastError());
                }
                return {};
            });
    }
    return report;
}

Status WorksIndex::replaceSource(const QString &source, const QList<Work> &works)
{
    auto named = sourcesNamed(m_db, source);
    if (!named)
        return named.error();
    qint64 oldCount = 0;
    for (const SourceRow &row : *named)
        oldCount += row.works;
    if (auto status = inTransaction(QStringLiteral("cannot store the works of %1").arg(source),
            [&]() -> Status {
                for (const SourceRow &row : *named) {
                    if (oldCount <= kSmallSource) {
                        QSqlQuery del(m_db);
                        del.prepare(QStringLiteral("DELETE FROM works WHERE source_id = ?"));
                        del.addBindValue(row.id);
                        if (!del.exec())
                            return sqlError(QStringLiteral("cannot remove works"), del.lastError());
                        del.prepare(
                            QStringLiteral("DELETE FROM works_bad_lines WHERE source_id = ?"));
                        del.addBindValue(row.id);
                        if (!del.exec())
                            return sqlError(QStringLiteral("cannot remove works"), del.lastError());
                        del.prepare(QStringLiteral("DELETE FROM works_sources WHERE id = ?"));
                        del.addBindValue(row.id);
                        if (!del.exec())
                            return sqlError(QStringLiteral("cannot remove works"), del.lastError());
                    } else if (auto s = setState(m_db, row.id, kRetired); !s) {
                        return s;
                    }
                }
                auto id = newSource(m_db, source, QStringLiteral("list"), 0, QString(), kComplete);
                if (!id)
                    return id.error();
                WorkWriter writer(m_db, *id);
                for (const Work &work : works) {
                    ParsedWork parsed;
                    if (makeWork(parsed, work.id, work.title, work.authors, work.year.value_or(0),
                            work.doi))
                        continue; // no id or no title: nothing to find it by
                    if (auto s = writer.write(parsed); !s)
                        return s;
                }
                auto count = countOfSource(m_db, *id);
                if (!count)
                    return count.error();
                QSqlQuery update(m_db);
                update.prepare(
                    QStringLiteral("UPDATE works_sources SET works_count = ? WHERE id = ?"));
                update.addBindValue(*count);
                update.addBindValue(*id);
                if (!update.exec())
                    return sqlError(QStringLiteral("cannot store works"), update.lastError());
                return {};
            });
        !status)
        return status;
    return purgeRetired();
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
