// SPDX-License-Identifier: GPL-3.0-or-later
// Reading works files into the index (WorksIndex::importFile(), replaceSource()): arXiv's
// metadata snapshot (JSON Lines) and CSV works lists, parsed on a helper thread, written in
// batches, resumable (docs/works.md).
#include "WorksIndex.h"

#include "WorksInternal.h"

#include "CsvTokenizer.h"

#include "HelperThread.h"
#include "SqlError.h"
#include "SqlTransaction.h"
#include "SqliteLocks.h"
#include "StoreSqlite.h"

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

namespace LedgerCurator {

using namespace WorksInternal;

namespace {

constexpr qsizetype kKeptBadLines = 100;
constexpr qsizetype kMaxAuthorsLength = 400;
constexpr qint64 kSmallSource = 50000; // replaced in one transaction; larger: retired, then purged
constexpr qsizetype kMaxQuotedRecord = 64 * 1024; // a CSV record with a quoted field unclosed

QString nowUtc()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
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

//! The fields of one CSV record (its line breaks inside quotes kept), read by the formats'
//! tokenizer; a quote in mid-field or text after a closing quote makes the record bad.
QStringList csvFields(QByteArrayView record, QString *problem)
{
    CsvTokenizer csv(record, 0);
    const CsvTokenizer::Next next = csv.readRow();
    if (next == CsvTokenizer::Next::Unterminated) {
        *problem = QStringLiteral("unterminated quoted field");
        return {};
    }
    if (next == CsvTokenizer::Next::End)
        return { QString() };
    if (!csv.problem().isEmpty()) {
        *problem = csv.problem();
        return {};
    }
    QStringList fields;
    fields.reserve(csv.fields().size());
    for (const CsvTokenizer::Field &field : csv.fields()) {
        if (field.strayQuote) {
            *problem = QStringLiteral("field %1: a quote inside an unquoted field")
                           .arg(fields.size() + 1);
            return {};
        }
        fields += csv.text(field);
    }
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
    const QStringList fields = csvFields(record, &problem);
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
        const QStringList names = csvFields(text, &problem);
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

} // namespace

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
    Threads::TwoThreadPipeline<Batch> pipeline(2);
    Threads::HelperThread helper([&] {
        for (;;) {
            Batch batch = pipeline.take([] { return Batch(); });
            if (pipeline.abandoned())
                return;
            reader.fill(batch);
            const bool end = batch.last || !batch.failure.isEmpty();
            pipeline.put(std::move(batch));
            if (end)
                break;
        }
        pipeline.close();
    });
    const auto leaving = qScopeGuard([&pipeline] { pipeline.abandon(); });

    WorksImportProgress told { source.bytesDone, size, works };
    bool complete = false;
    while (std::optional<Batch> batch = pipeline.next()) {
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
        pipeline.recycle(std::move(*batch));
    }
    pipeline.abandon();
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

} // namespace LedgerCurator
