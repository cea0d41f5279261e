// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: the few helpers with which the Store's bulk reads and writes
// (Store.cpp, StoreSync.cpp), and the ledger-server's event pages on SQLite (ServerStore.cpp),
// talk to SQLite directly.

#include <QByteArray>
#include <QList>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QString>
#include <QVariant>

#include <sqlite3.h>

#include <string>

#ifdef __SSE2__
#include <emmintrin.h>
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
    //! text(column), or `last` itself when the column holds the same bytes as last time: for
    //! columns whose values repeat from row to row (a record's own title, the basis, a
    //! timestamp), one shared QString instead of one allocation per row.
    struct Repeated
    {
        QByteArray bytes;
        QString text;
        bool held = false; // text is the non-empty value of bytes
    };
    const QString &repeatedText(int column, Repeated &last) const
    {
        const QByteArrayView now = utf8(column);
        // Empty and NULL values are read as text() reads them (null and empty stay apart).
        if (!last.held || now.isEmpty() || now != QByteArrayView(last.bytes)) {
            last.bytes = now.toByteArray();
            last.text = text(column);
            last.held = !now.isEmpty();
        }
        return last.text;
    }
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
