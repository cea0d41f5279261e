// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: the few helpers with which the Store's bulk reads and writes
// (Store.cpp, StoreSync.cpp), and the ledger-server's event pages on SQLite (ServerStore.cpp),
// talk to SQLite directly.

#include "HelperThread.h"
#include "SqliteLocks.h"

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

#include <sqlite3.h>

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#ifdef Q_OS_LINUX
#include <fcntl.h>
#include <unistd.h>
#endif

namespace LedgerCurator::StoreSqlite {

// Bulk reads go to SQLite directly, through the connection Qt Sql opened (QSqlDriver::handle()):
// QSQLITE converts every column of every row to a UTF-16 QVariant (SQLite translates the stored
// UTF-8 first), which cost several times SQLite's own work on a record of 200,000 observations.
// Same connection, same transaction; only the hot loops use it.
//
// The handle is only sound when the QSQLITE plugin uses the very SQLite library this program
// links (Debian's plugin links the system libsqlite3; a Qt built with its bundled SQLite does
// not): sqliteHandle() checks that once per process and gives nullptr otherwise, and every user
// of the handle then takes the Qt Sql path (SqliteStatement does so by itself).

//! The sqlite3 handle of a QSQLITE connection, unchecked: only for sqliteHandle() and for tests.
inline sqlite3 *driverHandle(const QSqlDatabase &db)
{
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.constData());
}

//! What the SQLite of a QSQLITE connection and the linked libsqlite3 say they are
//! (sqlite_source_id(): version, date and check-in).
struct SqliteLibraries
{
    QString driver; // empty when the connection could not be asked
    QString linked;
    bool same() const { return !driver.isEmpty() && driver == linked; }
};

//! Asks the connection's SQLite through Qt Sql, and the linked one directly.
inline SqliteLibraries sqliteLibraries(const QSqlDatabase &db)
{
    SqliteLibraries libraries { QString(), QString::fromUtf8(sqlite3_sourceid()) };
    QSqlQuery query(db);
    if (query.exec(QStringLiteral("SELECT sqlite_source_id()")) && query.next())
        libraries.driver = query.value(0).toString();
    return libraries;
}

namespace Detail {
inline std::atomic<int> rawAccess { -1 }; // -1: not decided yet; 0: Qt Sql only; 1: raw handle
} // namespace Detail

//! The sqlite3 handle of a QSQLITE connection when the raw path may be used, else nullptr.
//! Decided once per process, at the first open connection: the handle is given only when
//! sqliteLibraries() are the same (else a warning names both and the Qt Sql path is used), and
//! never when the environment variable LC_SQLITE_RAW is 0 (read once, then; tests run the Qt Sql
//! path so).
inline sqlite3 *sqliteHandle(const QSqlDatabase &db)
{
    sqlite3 *const handle = driverHandle(db);
    if (!handle)
        return nullptr;
    int raw = Detail::rawAccess.load(std::memory_order_acquire);
    if (raw < 0) {
        int decided = 0;
        SqliteLibraries libraries;
        const bool forced = qEnvironmentVariableIsSet("LC_SQLITE_RAW")
            && qEnvironmentVariableIntValue("LC_SQLITE_RAW") == 0;
        if (!forced) {
            libraries = sqliteLibraries(db);
            if (libraries.driver.isEmpty())
                return nullptr; // not decided: asked again next time
            decided = libraries.same() ? 1 : 0;
        }
        if (Detail::rawAccess.compare_exchange_strong(raw, decided, std::memory_order_acq_rel)
            && !forced && !decided)
            qWarning("Qt's SQLite driver uses SQLite %s, this program links SQLite %s: the cache "
                     "is read and "
                     "written through Qt Sql only, which is slower.",
                qUtf8Printable(libraries.driver), qUtf8Printable(libraries.linked));
        raw = Detail::rawAccess.load(std::memory_order_acquire);
    }
    return raw == 1 ? handle : nullptr;
}

//! The file of a connection's main database as SQLite opened it; empty for an in-memory one.
inline QString databaseFile(const QSqlDatabase &db)
{
    if (sqlite3 *const handle = sqliteHandle(db)) {
        const char *const name = sqlite3_db_filename(handle, "main");
        return name ? QFile::decodeName(name) : QString();
    }
    QSqlQuery query(db);
    if (query.exec(QStringLiteral("PRAGMA database_list"))) {
        while (query.next()) {
            if (query.value(1).toString() == u"main")
                return query.value(2).toString();
        }
    }
    return QString();
}

//! The extended result code of the connection's last failure, whose error said `message`. On the
//! Qt Sql path only the message tells, and only of a damaged file (SQLITE_CORRUPT, SQLITE_NOTADB,
//! in SQLite's own words); else SQLITE_OK.
inline int lastFailureCode(const QSqlDatabase &db, const QString &message)
{
    if (sqlite3 *const handle = sqliteHandle(db))
        return sqlite3_extended_errcode(handle);
    for (const int code : { SQLITE_CORRUPT, SQLITE_NOTADB }) {
        if (message.contains(QLatin1StringView(sqlite3_errstr(code))))
            return code;
    }
    return SQLITE_OK;
}

//! The last value of a column whose values repeat from row to row (a record's own title, the
//! basis, a timestamp): see repeatedTextOf().
struct RepeatedText
{
    QByteArray bytes;
    QString text;
    bool held = false; // text is the non-empty value of bytes
};

//! row.text(column), or `last` itself when the column holds the same bytes as last time: one
//! shared QString instead of one allocation per row. `Row` is a SqliteStatement or CopiedRows.
template <typename Row>
const QString &repeatedTextOf(const Row &row, int column, RepeatedText &last)
{
    const QByteArrayView now = row.utf8(column);
    // Empty and NULL values are read as text() reads them (null and empty stay apart).
    if (!last.held || now.isEmpty() || now != QByteArrayView(last.bytes)) {
        last.bytes = now.toByteArray();
        last.text = row.text(column);
        last.held = !now.isEmpty();
    }
    return last.text;
}

//! The values of a column that come back across rows, not only from one row to the next (a
//! timestamp that cycles through a few values, a basis, a reason): recent values kept by their
//! bytes in a small table indexed by their hash, each shared by every row that holds it.
class RepeatedTexts
{
public:
    //! row.text(column), shared with earlier rows of the same bytes where the table still holds
    //! them. `Row` is a SqliteStatement or CopiedRows.
    template <typename Row> const QString &textOf(const Row &row, int column)
    {
        const QByteArrayView now = row.utf8(column);
        if (now.isEmpty()) {
            // Empty and NULL values are read as text() reads them (null and empty stay apart).
            m_none = row.text(column);
            return m_none;
        }
        RepeatedText &slot = m_slots[qHash(now) % m_slots.size()];
        if (!slot.held || now != QByteArrayView(slot.bytes)) {
            slot.bytes = now.toByteArray();
            slot.text = row.text(column);
            slot.held = true;
        }
        return slot.text;
    }

private:
    std::array<RepeatedText, 64> m_slots;
    QString m_none;
};

class Utf8Buffer;
inline int bindText(sqlite3_stmt *statement, int index, const QString &text, Utf8Buffer &buffer);

//! A prepared SQLite statement, finalized on destruction. Made on a QSqlDatabase, it runs on the
//! raw handle when sqliteHandle() gives one, else through a QSqlQuery on the same connection,
//! with the same calls and results: step() gives SQLITE_ROW, SQLITE_DONE or the failure's code,
//! the accessors read the current row, errorText() is SQLite's message. (On that path numbered
//! placeholders ?N are taken in the order they are written, as every statement here has them,
//! and integer() of a text value is QVariant's reading of it.)
class SqliteStatement
{
public:
    SqliteStatement(sqlite3 *db, const char *sql)
        : m_db(db)
    {
        if (db)
            m_rc = sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr);
    }
    SqliteStatement(const QSqlDatabase &db, const char *sql)
        : SqliteStatement(sqliteHandle(db), sql)
    {
        if (m_db)
            return;
        m_query.emplace(db);
        m_query->setForwardOnly(true);
        static const QRegularExpression numbered(QStringLiteral("\\?\\d+"));
        const QString text = QString::fromUtf8(sql).replace(numbered, QStringLiteral("?"));
        m_rc = m_query->prepare(text) ? SQLITE_OK : queryFailure();
    }
    ~SqliteStatement() { sqlite3_finalize(m_stmt); }
    Q_DISABLE_COPY_MOVE(SqliteStatement)

    bool ok() const { return m_query ? m_rc == SQLITE_OK : m_stmt && m_rc == SQLITE_OK; }
    //! The raw statement; nullptr on the Qt Sql path.
    sqlite3_stmt *get() const { return m_stmt; }
    //! SQLite's message for the last failure on the connection.
    QString errorText() const
    {
        if (m_query) {
            const QSqlError error = m_query->lastError();
            return error.databaseText().isEmpty() ? error.text() : error.databaseText();
        }
        return m_db ? QString::fromUtf8(sqlite3_errmsg(m_db))
                    : QStringLiteral("not an SQLite connection");
    }
    //! Binds the string's UTF-8 (a null QString as "").
    bool bindText(int index, const QString &text)
    {
        if (m_query)
            return bindValue(index, text.isNull() ? QStringLiteral("") : text);
        m_bound.append(text.toUtf8());
        const QByteArray &utf8 = m_bound.constLast();
        return sqlite3_bind_text(m_stmt, index, utf8.constData(), int(utf8.size()), SQLITE_STATIC)
            == SQLITE_OK;
    }
    //! Binds a string as QSQLITE would (a null QString is NULL), as UTF-8 from `buffer`, which
    //! must stay untouched until the statement has run.
    bool bindText(int index, const QString &text, Utf8Buffer &buffer)
    {
        return m_query ? bindValue(index, text)
                       : StoreSqlite::bindText(m_stmt, index, text, buffer) == SQLITE_OK;
    }
    bool bindInteger(int index, qint64 value)
    {
        return m_query ? bindValue(index, value)
                       : sqlite3_bind_int64(m_stmt, index, value) == SQLITE_OK;
    }
    bool bindNull(int index)
    {
        return m_query ? bindValue(index, QVariant(QMetaType::fromType<QString>()))
                       : sqlite3_bind_null(m_stmt, index) == SQLITE_OK;
    }
    //! SQLITE_ROW, SQLITE_DONE or an error code.
    int step()
    {
        if (!m_query)
            return m_rc = sqlite3_step(m_stmt);
        if (!m_executed) {
            m_executed = true;
            if (!m_query->exec())
                return m_rc = queryFailure();
            if (!m_query->isSelect())
                return m_rc = SQLITE_DONE;
        }
        if (m_query->next())
            return m_rc = SQLITE_ROW;
        return m_rc = m_query->lastError().isValid() ? queryFailure() : SQLITE_DONE;
    }
    //! Back to before the first step(), the bound values kept.
    void reset()
    {
        if (m_query)
            m_executed = false;
        else
            sqlite3_reset(m_stmt);
    }
    bool isNull(int column) const
    {
        return m_query ? m_query->isNull(column)
                       : sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
    }
    qint64 integer(int column) const
    {
        return m_query ? m_query->value(column).toLongLong() : sqlite3_column_int64(m_stmt, column);
    }
    QString text(int column) const
    {
        if (m_query)
            return m_query->value(column).toString();
        const auto *bytes = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
        return bytes ? QString::fromUtf8(bytes, sqlite3_column_bytes(m_stmt, column)) : QString();
    }
    using Repeated = RepeatedText;
    //! text(column), or `last` itself when the column holds the same bytes as last time.
    const QString &repeatedText(int column, Repeated &last) const
    {
        return repeatedTextOf(*this, column, last);
    }
    //! The column's UTF-8, valid until the next step() (on the Qt Sql path, until the next utf8()
    //! of the same column).
    QByteArrayView utf8(int column) const
    {
        if (m_query) {
            if (m_query->isNull(column))
                return QByteArrayView();
            if (size_t(column) >= m_utf8.size())
                m_utf8.resize(size_t(column) + 1);
            return m_utf8[size_t(column)] = m_query->value(column).toString().toUtf8();
        }
        const auto *bytes = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
        return bytes ? QByteArrayView(bytes, sqlite3_column_bytes(m_stmt, column))
                     : QByteArrayView();
    }

private:
    bool bindValue(int index, const QVariant &value)
    {
        m_query->bindValue(index - 1, value);
        return true;
    }
    //! The SQLite result code QSQLITE reports for the query's failure (SQLITE_ERROR if none).
    int queryFailure() const
    {
        bool isCode = false;
        const int code = m_query->lastError().nativeErrorCode().toInt(&isCode);
        return isCode && code != SQLITE_OK && code != SQLITE_ROW && code != SQLITE_DONE
            ? code
            : SQLITE_ERROR;
    }

    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
    int m_rc = SQLITE_ERROR;
    QList<QByteArray> m_bound; // kept alive while bound (SQLITE_STATIC)
    std::optional<QSqlQuery> m_query; // the Qt Sql path
    bool m_executed = false;
    mutable std::vector<QByteArray> m_utf8; // utf8() of the current row, on the Qt Sql path
};

//! Rows of a statement copied out of SQLite, to be read elsewhere (on another thread, while the
//! statement steps on) with the statement's own calls: isNull(), integer(), utf8(), text() and
//! repeatedTextOf(), which give what they give on the statement for integer, text and NULL
//! values. (integer() of a text value reads its leading digits.)
class CopiedRows
{
public:
    explicit CopiedRows(int columns)
        : m_columns(columns)
    {
    }

    qsizetype rows() const { return qsizetype(m_cells.size()) / m_columns; }
    void clear()
    {
        m_cells.clear();
        m_bytes.clear();
        m_row = 0;
    }
    //! Appends the statement's current row.
    void append(sqlite3_stmt *statement)
    {
        for (int column = 0; column < m_columns; ++column) {
            Cell cell;
            const int type = sqlite3_column_type(statement, column);
            if (type == SQLITE_NULL) {
                m_cells.push_back(cell);
                continue;
            }
            // SQLite's own integer of the value, but for text (most cells), which is read from
            // the copy as SQLite reads it only when asked (see leadingInteger()).
            if (type != SQLITE_TEXT)
                cell.integer = sqlite3_column_int64(statement, column);
            const auto *bytes
                = reinterpret_cast<const char *>(sqlite3_column_text(statement, column));
            cell.offset = m_bytes.size();
            cell.length = sqlite3_column_bytes(statement, column);
            cell.text = type == SQLITE_TEXT;
            m_bytes.append(bytes ? bytes : "", size_t(cell.length));
            m_cells.push_back(cell);
        }
    }
    //! The row the calls below read.
    void seek(qsizetype row) { m_row = row; }

    bool isNull(int column) const { return cell(column).length < 0; }
    qint64 integer(int column) const
    {
        const Cell &c = cell(column);
        return c.text ? leadingInteger(QByteArrayView(m_bytes.data() + c.offset, c.length))
                      : c.integer;
    }
    QByteArrayView utf8(int column) const
    {
        const Cell &c = cell(column);
        return c.length < 0 ? QByteArrayView()
                            : QByteArrayView(m_bytes.data() + c.offset, c.length);
    }
    QString text(int column) const
    {
        const QByteArrayView bytes = utf8(column);
        return bytes.data() ? QString::fromUtf8(bytes.data(), bytes.size()) : QString();
    }

private:
    struct Cell
    {
        qint64 integer = 0;
        size_t offset = 0;
        qsizetype length = -1; // NULL
        bool text = false;
    };
    const Cell &cell(int column) const { return m_cells[size_t(m_row * m_columns + column)]; }
    //! A text's integer as sqlite3_column_int64() reads it: after white space, an optional sign
    //! and the digits that follow, held at the 64-bit bounds; 0 without digits.
    static qint64 leadingInteger(QByteArrayView text)
    {
        qsizetype i = 0;
        while (i < text.size() && (text[i] == ' ' || (text[i] >= '\t' && text[i] <= '\r')))
            ++i;
        bool negative = false;
        if (i < text.size() && (text[i] == '-' || text[i] == '+'))
            negative = text[i++] == '-';
        quint64 value = 0;
        bool over = false;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
            const unsigned digit = unsigned(text[i] - '0');
            if (value > (quint64(1) << 63) / 10 || value * 10 + digit > (quint64(1) << 63)) {
                over = true;
                break;
            }
            value = value * 10 + digit;
        }
        if (negative)
            return over || value == (quint64(1) << 63) ? std::numeric_limits<qint64>::min()
                                                       : -qint64(value);
        return over || value > quint64(std::numeric_limits<qint64>::max())
            ? std::numeric_limits<qint64>::max()
            : qint64(value);
    }

    int m_columns;
    std::vector<Cell> m_cells;
    std::string m_bytes;
    qsizetype m_row = 0;
};

//! Steps `statement` to its end on the caller's thread and hands its rows, copied in blocks of
//! `blockRows`, to `consume` on a helper thread, in order, while the next block is read: reading
//! and what is made of the rows at once, on two cores. Returns what the last step returned
//! (SQLITE_DONE, or the error that stopped it); the helper is done when it returns.
inline int stepInBlocksOnTwoThreads(sqlite3_stmt *statement, int columns,
    const std::function<void(CopiedRows &)> &consume, qsizetype blockRows = 1024)
{
    Threads::TwoThreadPipeline<CopiedRows> pipeline(3);
    Threads::HelperThread helper([&] {
        while (std::optional<CopiedRows> block = pipeline.next()) {
            consume(*block);
            pipeline.recycle(std::move(*block));
        }
    });
    // Declared after the helper, so run before it is joined: however this thread leaves (an
    // exception while copying rows included), the helper sees the end and returns.
    const auto closing = qScopeGuard([&pipeline] { pipeline.close(); });
    int rc = SQLITE_ROW;
    while (rc == SQLITE_ROW) {
        CopiedRows block = pipeline.take([columns] { return CopiedRows(columns); });
        block.clear();
        while (block.rows() < blockRows && (rc = sqlite3_step(statement)) == SQLITE_ROW)
            block.append(statement);
        if (block.rows() > 0)
            pipeline.put(std::move(block));
    }
    return rc;
}

//! While it lives, a thread starts the writeback of the dirty pages of a database's WAL every
//! `tick` (sync_file_range(SYNC_FILE_RANGE_WRITE) on Linux; elsewhere nothing). A large
//! transaction writes a hundred megabytes into the WAL, fsync'ed by the checkpoint after the
//! commit: left to the end, that fsync waited for all of it, while the disk had been idle
//! meanwhile. Started early, the writing runs beside the work and the fsync finds little left.
//! Only when pages reach the disk changes, never what is durable when: SQLite's own fsyncs are
//! unchanged.
//!
//! Only the WAL, and only through SQLite's own descriptor of it (SqliteLocks::duplicateDescriptor):
//! nothing but SQLite opens the cache's files by name (docs/storage.md).
class WriteBehind
{
public:
    explicit WriteBehind(
        const QString &databasePath, std::chrono::milliseconds tick = std::chrono::milliseconds(50))
    {
#ifdef Q_OS_LINUX
        if (databasePath.isEmpty() || databasePath == u":memory:")
            return;
        m_walPath = databasePath + QStringLiteral("-wal");
        m_thread.start(
            [this, tick] {
                std::unique_lock lock(m_mutex);
                while (!m_changed.wait_for(lock, tick, [this] { return m_stop; }))
                    writeBack();
            },
            QStringLiteral("write behind"));
#else
        Q_UNUSED(databasePath);
        Q_UNUSED(tick);
#endif
    }
    ~WriteBehind()
    {
        if (m_thread.started()) {
            {
                std::lock_guard lock(m_mutex);
                m_stop = true;
            }
            m_changed.notify_all();
            m_thread.join();
        }
#ifdef Q_OS_LINUX
        if (m_fd >= 0)
            ::close(m_fd);
#endif
    }
    Q_DISABLE_COPY_MOVE(WriteBehind)

    //! How many times writeback was started (for tests).
    int started() const
    {
        return m_started.load();
    }

private:
    void writeBack()
    {
#ifdef Q_OS_LINUX
        // SQLite makes the WAL with the first write. Its own descriptor, duplicated: nothing here
        // opens a file of the cache by name (SqliteLocks.h), so a WAL SQLite does not hold is
        // left alone.
        if (m_fd < 0)
            m_fd = SqliteLocks::duplicateDescriptor(m_walPath);
        if (m_fd >= 0 && ::sync_file_range(m_fd, 0, 0, SYNC_FILE_RANGE_WRITE) == 0)
            m_started.fetch_add(1);
#endif
    }

    QString m_walPath; // as SQLite opened it: sqlite3_db_filename() + "-wal"
    int m_fd = -1;
    std::atomic<int> m_started { 0 };
    std::mutex m_mutex;
    std::condition_variable m_changed;
    bool m_stop = false;
    Threads::HelperThread m_thread;
};

//! The UTF-8 of a string in a buffer reused from row to row: the bytes QString::toUtf8() gives
//! (a string with a lone surrogate is handed to toUtf8() itself), without an allocation per value.
class Utf8Buffer
{
public:
    QByteArrayView encode(QStringView text)
    {
        const size_t needed = size_t(text.size()) * 3;
        if (m_bytes.size() < needed)
            m_bytes.resize(needed);
        char *const begin = m_bytes.data();
        char *dst = begin;
        const char16_t *src = text.utf16();
        const char16_t *const end = src + text.size();
        while (src != end) {
            src = copyAscii(src, end, dst);
            if (src == end)
                break;
            const char16_t u = *src++; // not ASCII: copyAscii() took those
            if (u < 0x800) {
                *dst++ = char(0xc0 | (u >> 6));
                *dst++ = char(0x80 | (u & 0x3f));
            } else if (!QChar::isSurrogate(u)) {
                *dst++ = char(0xe0 | (u >> 12));
                *dst++ = char(0x80 | ((u >> 6) & 0x3f));
                *dst++ = char(0x80 | (u & 0x3f));
            } else if (QChar::isHighSurrogate(u) && src != end && QChar::isLowSurrogate(*src)) {
                const char32_t ucs4 = QChar::surrogateToUcs4(u, *src++);
                *dst++ = char(0xf0 | (ucs4 >> 18));
                *dst++ = char(0x80 | ((ucs4 >> 12) & 0x3f));
                *dst++ = char(0x80 | ((ucs4 >> 6) & 0x3f));
                *dst++ = char(0x80 | (ucs4 & 0x3f));
            } else {
                m_fallback = text.toString().toUtf8();
                return m_fallback;
            }
        }
        return QByteArrayView(begin, dst - begin);
    }

private:
    //! Copies the ASCII run that starts at src (most titles, every id and timestamp are ASCII),
    //! eight characters at a time where SSE2 is there; returns where it stopped.
    static const char16_t *copyAscii(const char16_t *src, const char16_t *end, char *&dst)
    {
#ifdef __SSE2__
        const __m128i high = _mm_set1_epi16(short(0xff80));
        while (end - src >= 8) {
            const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(src));
            if (_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(chunk, high), _mm_setzero_si128()))
                != 0xffff)
                break;
            _mm_storel_epi64(reinterpret_cast<__m128i *>(dst), _mm_packus_epi16(chunk, chunk));
            src += 8;
            dst += 8;
        }
#endif
        while (src != end && *src < 0x80)
            *dst++ = char(*src++);
        return src;
    }

    std::string m_bytes;
    QByteArray m_fallback;
};

//! Binds a string as QSQLITE would (a null QString is SQL NULL), as UTF-8 from `buffer`, which
//! must stay untouched until the statement has run.
inline int bindText(sqlite3_stmt *statement, int index, const QString &text, Utf8Buffer &buffer)
{
    if (text.isNull())
        return sqlite3_bind_null(statement, index);
    const QByteArrayView utf8 = buffer.encode(text);
    return sqlite3_bind_text(
        statement, index, utf8.data() ? utf8.data() : "", int(utf8.size()), SQLITE_STATIC);
}

} // namespace LedgerCurator::StoreSqlite
