// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: the few helpers with which the Store's bulk reads and writes
// (Store.cpp, StoreSync.cpp), and the ledger-server's event pages on SQLite (ServerStore.cpp),
// talk to SQLite directly.

#include "SqliteLocks.h"
#include "TwoThreadBlocks.h"

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QSqlDatabase>
#include <QScopeGuard>
#include <QSqlDriver>
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
#include <string>
#include <thread>
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

//! The sqlite3 handle of a QSQLITE connection, or nullptr.
inline sqlite3 *sqliteHandle(const QSqlDatabase &db)
{
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.constData());
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
template <typename Row> const QString &repeatedTextOf(const Row &row, int column, RepeatedText &last)
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

//! A prepared SQLite statement, finalized on destruction.
class SqliteStatement
{
public:
    SqliteStatement(sqlite3 *db, const char *sql) : m_db(db)
    {
        if (db)
            m_rc = sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr);
    }
    ~SqliteStatement() { sqlite3_finalize(m_stmt); }
    Q_DISABLE_COPY_MOVE(SqliteStatement)

    bool ok() const { return m_stmt && m_rc == SQLITE_OK; }
    sqlite3_stmt *get() const { return m_stmt; }
    //! SQLite's message for the last failure on the connection.
    QString errorText() const
    {
        return m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QStringLiteral("not an SQLite connection");
    }
    bool bindText(int index, const QString &text)
    {
        m_bound.append(text.toUtf8());
        const QByteArray &utf8 = m_bound.constLast();
        return sqlite3_bind_text(m_stmt, index, utf8.constData(), int(utf8.size()), SQLITE_STATIC) == SQLITE_OK;
    }
    bool bindInteger(int index, qint64 value) { return sqlite3_bind_int64(m_stmt, index, value) == SQLITE_OK; }
    //! SQLITE_ROW, SQLITE_DONE or an error code.
    int step() { return m_rc = sqlite3_step(m_stmt); }
    bool isNull(int column) const { return sqlite3_column_type(m_stmt, column) == SQLITE_NULL; }
    qint64 integer(int column) const { return sqlite3_column_int64(m_stmt, column); }
    QString text(int column) const
    {
        const auto *bytes = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
        return bytes ? QString::fromUtf8(bytes, sqlite3_column_bytes(m_stmt, column)) : QString();
    }
    using Repeated = RepeatedText;
    //! text(column), or `last` itself when the column holds the same bytes as last time.
    const QString &repeatedText(int column, Repeated &last) const { return repeatedTextOf(*this, column, last); }
    QByteArrayView utf8(int column) const
    {
        const auto *bytes = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
        return bytes ? QByteArrayView(bytes, sqlite3_column_bytes(m_stmt, column)) : QByteArrayView();
    }

private:
    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
    int m_rc = SQLITE_ERROR;
    QList<QByteArray> m_bound; // kept alive while bound (SQLITE_STATIC)
};

//! Rows of a statement copied out of SQLite, to be read elsewhere (on another thread, while the
//! statement steps on) with the statement's own calls: isNull(), integer(), utf8(), text() and
//! repeatedTextOf(), which give what they give on the statement for integer, text and NULL
//! values. (integer() of a text value reads its leading digits.)
class CopiedRows
{
public:
    explicit CopiedRows(int columns) : m_columns(columns) {}

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
            const auto *bytes = reinterpret_cast<const char *>(sqlite3_column_text(statement, column));
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
        return c.text ? leadingInteger(QByteArrayView(m_bytes.data() + c.offset, c.length)) : c.integer;
    }
    QByteArrayView utf8(int column) const
    {
        const Cell &c = cell(column);
        return c.length < 0 ? QByteArrayView() : QByteArrayView(m_bytes.data() + c.offset, c.length);
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
            return over || value == (quint64(1) << 63) ? std::numeric_limits<qint64>::min() : -qint64(value);
        return over || value > quint64(std::numeric_limits<qint64>::max()) ? std::numeric_limits<qint64>::max()
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
inline int stepInBlocksOnTwoThreads(sqlite3_stmt *statement, int columns, const std::function<void(CopiedRows &)> &consume,
                                    qsizetype blockRows = 1024)
{
    TwoThreadBlocks::HandOff<CopiedRows> handOff(3);
    std::jthread helper([&] {
        while (std::optional<CopiedRows> block = handOff.next()) {
            consume(*block);
            handOff.recycle(std::move(*block));
        }
    });
    // Declared after the helper, so run before it is joined: however this thread leaves (an
    // exception while copying rows included), the helper sees the end and returns.
    const auto closing = qScopeGuard([&handOff] { handOff.close(); });
    int rc = SQLITE_ROW;
    while (rc == SQLITE_ROW) {
        CopiedRows block = handOff.take([columns] { return CopiedRows(columns); });
        block.clear();
        while (block.rows() < blockRows && (rc = sqlite3_step(statement)) == SQLITE_ROW)
            block.append(statement);
        if (block.rows() > 0)
            handOff.put(std::move(block));
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
    explicit WriteBehind(const QString &databasePath, std::chrono::milliseconds tick = std::chrono::milliseconds(50))
    {
#ifdef Q_OS_LINUX
        if (databasePath.isEmpty() || databasePath == u":memory:")
            return;
        m_walPath = databasePath + QStringLiteral("-wal");
        m_thread = std::jthread([this, tick] {
            std::unique_lock lock(m_mutex);
            while (!m_changed.wait_for(lock, tick, [this] { return m_stop; }))
                writeBack();
        });
#else
        Q_UNUSED(databasePath);
        Q_UNUSED(tick);
#endif
    }
    ~WriteBehind()
    {
        if (m_thread.joinable()) {
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
    int started() const { return m_started.load(); }

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
    std::jthread m_thread;
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
            if (_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(chunk, high), _mm_setzero_si128())) != 0xffff)
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
    return sqlite3_bind_text(statement, index, utf8.data() ? utf8.data() : "", int(utf8.size()), SQLITE_STATIC);
}

} // namespace LedgerCurator::StoreSqlite
