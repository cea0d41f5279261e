// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonLineIndex.h"

#include "JsonCursor.h"

#include <QList>

#include <algorithm>
#include <optional>

namespace LedgerCurator {

namespace {

//! Splits a JSON pointer into its unescaped segments; nullopt when it is not a pointer.
std::optional<QList<QString>> pointerSegments(QStringView pointer)
{
    QList<QString> segments;
    if (pointer.isEmpty())
        return segments;
    if (pointer.front() != u'/')
        return std::nullopt;
    for (const QStringView raw : pointer.sliced(1).split(u'/')) {
        QString segment;
        segment.reserve(raw.size());
        for (qsizetype i = 0; i < raw.size(); ++i) {
            if (raw[i] != u'~') {
                segment += raw[i];
                continue;
            }
            if (i + 1 >= raw.size())
                return std::nullopt;
            const QChar next = raw[++i];
            if (next == u'0')
                segment += u'~';
            else if (next == u'1')
                segment += u'/';
            else
                return std::nullopt;
        }
        segments.append(segment);
    }
    return segments;
}

//! An array index as RFC 6901 writes it: decimal digits, no leading zero.
std::optional<qsizetype> arrayIndex(const QString &segment)
{
    if (segment.isEmpty() || segment.size() > 15 || (segment.size() > 1 && segment.front() == u'0'))
        return std::nullopt;
    qsizetype index = 0;
    for (const QChar c : segment) {
        if (c < u'0' || c > u'9')
            return std::nullopt;
        index = index * 10 + (c.unicode() - u'0');
    }
    return index;
}

//! A forward-only walk over JSON text. It checks only as much as it needs to stay in bounds.
class Scanner
{
public:
    explicit Scanner(const QByteArray &json)
        : m_begin(json.constData())
        , m_pos(m_begin)
        , m_end(m_begin + json.size())
    {
        // QJsonDocument accepts a UTF-8 byte order mark; so do we.
        if (json.startsWith("\xEF\xBB\xBF"))
            m_pos += 3;
    }

    qsizetype offset() const { return m_pos - m_begin; }
    void seek(qsizetype offset) { m_pos = m_begin + offset; }
    bool atEnd() const { return m_pos >= m_end; }
    char peek() const { return atEnd() ? '\0' : *m_pos; }
    void advance() { ++m_pos; }

    void skipSpace()
    {
        while (
            m_pos < m_end && (*m_pos == ' ' || *m_pos == '\t' || *m_pos == '\n' || *m_pos == '\r'))
            ++m_pos;
    }

    //! At an opening quote: moves past the closing quote. Returns the raw bytes between the
    //! quotes and whether they contain an escape.
    bool skipString(QByteArrayView *raw = nullptr, bool *escaped = nullptr)
    {
        if (peek() != '"')
            return false;
        const char *start = ++m_pos;
        bool sawEscape = false;
        while (m_pos < m_end) {
            if (*m_pos == '\\') {
                sawEscape = true;
                if (m_end - m_pos < 2)
                    break;
                m_pos += 2; // the escaped character; \uXXXX's digits are plain characters
                continue;
            }
            if (*m_pos == '"') {
                if (raw)
                    *raw = QByteArrayView(start, m_pos - start);
                if (escaped)
                    *escaped = sawEscape;
                ++m_pos;
                return true;
            }
            ++m_pos;
        }
        m_pos = m_end;
        return false;
    }

    //! Moves past one value of any kind, without recursion.
    bool skipValue()
    {
        skipSpace();
        if (atEnd())
            return false;
        const char c = peek();
        if (c == '"')
            return skipString();
        if (c == '{' || c == '[') {
            int depth = 0;
            while (!atEnd()) {
                const char d = peek();
                if (d == '"') {
                    if (!skipString())
                        return false;
                    continue;
                }
                if (d == '{' || d == '[') {
                    ++depth;
                } else if (d == '}' || d == ']') {
                    if (--depth == 0) {
                        advance();
                        return true;
                    }
                }
                advance();
            }
            return false;
        }
        // A number or a literal: runs up to the next delimiter.
        const char *start = m_pos;
        while (m_pos < m_end && *m_pos != ',' && *m_pos != '}' && *m_pos != ']' && *m_pos != ' '
            && *m_pos != '\t' && *m_pos != '\n' && *m_pos != '\r')
            ++m_pos;
        return m_pos > start;
    }

private:
    const char *m_begin;
    const char *m_pos;
    const char *m_end;
};

//! The text of a JSON string's raw contents (between the quotes), with escapes resolved.
QString decodeString(QByteArrayView raw)
{
    QString out;
    QByteArray run;
    auto flush = [&] {
        out += QString::fromUtf8(run);
        run.clear();
    };
    for (qsizetype i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c != '\\' || i + 1 >= raw.size()) {
            run += c;
            continue;
        }
        const char e = raw[++i];
        switch (e) {
        case 'b':
            run += '\b';
            break;
        case 'f':
            run += '\f';
            break;
        case 'n':
            run += '\n';
            break;
        case 'r':
            run += '\r';
            break;
        case 't':
            run += '\t';
            break;
        case 'u': {
            char16_t unit = 0;
            bool good = i + 4 < raw.size();
            for (int k = 1; good && k <= 4; ++k) {
                const int h = JsonLineIndex::hexDigit(raw[i + k]);
                good = h >= 0;
                unit = static_cast<char16_t>(unit * 16 + h);
            }
            if (!good) {
                run += e;
                break;
            }
            flush();
            out += QChar(unit);
            i += 4;
            break;
        }
        default: // '"', '\\', '/' and anything QJsonDocument would have refused
            run += e;
            break;
        }
    }
    flush();
    return out;
}

} // namespace

JsonLineIndex::JsonLineIndex(QByteArray json)
    : m_json(std::move(json))
{
}

int JsonLineIndex::line(QStringView pointer) const
{
    const auto segments = pointerSegments(pointer);
    if (!segments)
        return 0;
    Scanner scanner(m_json);
    scanner.skipSpace();
    if (scanner.atEnd())
        return 0;
    for (const QString &segment : *segments) {
        scanner.skipSpace();
        const char open = scanner.peek();
        if (open == '{') {
            const QByteArray wanted = segment.toUtf8();
            qsizetype found = -1;
            scanner.advance();
            scanner.skipSpace();
            if (scanner.peek() == '}')
                return 0;
            for (;;) {
                scanner.skipSpace();
                QByteArrayView raw;
                bool escaped = false;
                if (!scanner.skipString(&raw, &escaped))
                    return 0;
                const bool match = escaped ? decodeString(raw) == segment : raw == wanted;
                scanner.skipSpace();
                if (scanner.peek() != ':')
                    return 0;
                scanner.advance();
                scanner.skipSpace();
                if (match)
                    found = scanner.offset(); // keep looking: the last duplicate wins
                if (!scanner.skipValue())
                    return 0;
                scanner.skipSpace();
                if (scanner.peek() == ',') {
                    scanner.advance();
                    continue;
                }
                if (scanner.peek() == '}')
                    break;
                return 0;
            }
            if (found < 0)
                return 0;
            scanner.seek(found);
        } else if (open == '[') {
            const auto index = arrayIndex(segment);
            if (!index)
                return 0;
            scanner.advance();
            scanner.skipSpace();
            if (scanner.peek() == ']')
                return 0;
            for (qsizetype i = 0; i < *index; ++i) {
                if (!scanner.skipValue())
                    return 0;
                scanner.skipSpace();
                if (scanner.peek() != ',')
                    return 0;
                scanner.advance();
            }
            scanner.skipSpace();
        } else {
            return 0; // a scalar has no members
        }
    }
    if (scanner.atEnd())
        return 0;
    return lineAtOffset(m_json, scanner.offset());
}

int JsonLineIndex::lineAtOffset(const QByteArray &text, qsizetype offset)
{
    const qsizetype end = std::clamp<qsizetype>(offset, 0, text.size());
    return 1 + static_cast<int>(std::count(text.cbegin(), text.cbegin() + end, '\n'));
}

QString JsonLineIndex::escapeKey(QStringView key)
{
    QString out;
    out.reserve(key.size());
    for (const QChar c : key) {
        if (c == u'~')
            out += QLatin1String("~0");
        else if (c == u'/')
            out += QLatin1String("~1");
        else
            out += c;
    }
    return out;
}

int JsonLineIndex::hexDigit(char c)
{
    return JsonCursor::hexDigit(c);
}

} // namespace LedgerCurator
