// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonCursor.h"

namespace LedgerCurator {

JsonCursor::JsonCursor(QByteArrayView text)
    : m_begin(text.data())
    , m_at(text.data())
    , m_end(text.data() + text.size())
{
    if (text.startsWith("\xEF\xBB\xBF"))
        m_at += 3;
}

const char *JsonCursor::utf8Sequence(const char *p, const char *end)
{
    const auto byte = [&p](int i) { return uchar(p[i]); };
    const auto continuation = [](uchar b) { return (b & 0xc0) == 0x80; };
    const uchar b = byte(0);
    if (b >= 0xc2 && b <= 0xdf) {
        if (end - p < 2 || !continuation(byte(1)))
            return nullptr;
        return p + 2;
    }
    if (b >= 0xe0 && b <= 0xef) {
        if (end - p < 3 || !continuation(byte(1)) || !continuation(byte(2)))
            return nullptr;
        if ((b == 0xe0 && byte(1) < 0xa0) || (b == 0xed && byte(1) > 0x9f)) // overlong, surrogate
            return nullptr;
        return p + 3;
    }
    if (b >= 0xf0 && b <= 0xf4) {
        if (end - p < 4 || !continuation(byte(1)) || !continuation(byte(2))
            || !continuation(byte(3)))
            return nullptr;
        if ((b == 0xf0 && byte(1) < 0x90) || (b == 0xf4 && byte(1) > 0x8f)) // overlong, > U+10FFFF
            return nullptr;
        return p + 4;
    }
    return nullptr;
}

int JsonCursor::hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool JsonCursor::decodeString(const char *p, QString &out)
{
    // UTF-8 and escapes: as Qt's parser decodes them (an escape \uXXXX is the UTF-16 unit XXXX;
    // a surrogate pair is two escapes). Raw control characters, escapes JSON does not have and
    // lone surrogate escapes, which Qt's parser takes in its own way, are refused, as
    // parseJsonStrictly() refuses them (JsonText.h).
    const char *run = m_at + 1;
    QString text;
    const auto flush = [&] {
        if (p != run)
            text += QString::fromUtf8(run, p - run);
    };
    while (p != m_end && *p != '"') {
        const uchar c = uchar(*p);
        if (c < 0x20)
            return fail(Problem::Malformed, p);
        if (c < 0x80 && c != '\\') {
            ++p;
            continue;
        }
        if (c >= 0x80) {
            const char *const next = utf8Sequence(p, m_end);
            if (!next)
                return fail(Problem::Malformed, p);
            p = next;
            continue;
        }
        flush();
        if (m_end - p < 2)
            return fail(Problem::Malformed, m_end); // the text ends inside the string
        char16_t unit = 0;
        switch (p[1]) {
        case '"':
            unit = u'"';
            break;
        case '\\':
            unit = u'\\';
            break;
        case '/':
            unit = u'/';
            break;
        case 'b':
            unit = 0x8;
            break;
        case 'f':
            unit = 0xc;
            break;
        case 'n':
            unit = 0xa;
            break;
        case 'r':
            unit = 0xd;
            break;
        case 't':
            unit = 0x9;
            break;
        case 'u': {
            for (int i = 2; i < 6; ++i) {
                if (m_end - p <= i)
                    return fail(Problem::Malformed, m_end);
                const int digit = hexDigit(p[i]);
                if (digit < 0)
                    return fail(Problem::Malformed, p + i);
                unit = char16_t((unit << 4) | digit);
            }
            // A surrogate pair is two escapes, read together; a lone surrogate is refused.
            if (QChar::isLowSurrogate(unit))
                return fail(Problem::Malformed, p);
            if (QChar::isHighSurrogate(unit)) {
                const char *const low = p + 6;
                if (m_end - low < 6 || low[0] != '\\' || low[1] != 'u')
                    return fail(Problem::Malformed, p);
                char16_t next = 0;
                for (int i = 2; i < 6; ++i) {
                    const int digit = hexDigit(low[i]);
                    if (digit < 0)
                        return fail(Problem::Malformed, low + i);
                    next = char16_t((next << 4) | digit);
                }
                if (!QChar::isLowSurrogate(next))
                    return fail(Problem::Malformed, p);
                text += QChar(unit);
                unit = next;
                p += 6;
            }
            p += 4;
            break;
        }
        default:
            return fail(Problem::Malformed, p); // an escape JSON does not have
        }
        text += QChar(unit);
        p += 2;
        run = p;
    }
    if (p == m_end)
        return fail(Problem::Malformed, p); // the text ends inside the string
    flush();
    if (text.isNull())
        text = QString::fromLatin1("", 0); // as for "" in string(): empty, not null
    out = std::move(text);
    m_at = p + 1;
    return true;
}

bool JsonCursor::skip(int depth)
{
    if (depth > kMaxSkipDepth)
        return fail(Problem::Declined);
    switch (nextByte()) {
    case '"': {
        QString ignored;
        return string(ignored);
    }
    case '{':
        return members([this, depth](QByteArrayView) { return skip(depth + 1); });
    case '[':
        return elements([this, depth] { return skip(depth + 1); });
    case 't':
    case 'f': {
        bool ignored = false;
        return boolean(ignored);
    }
    case 'n':
        return null();
    default: {
        qint64 ignored = 0;
        return wholeNumber(ignored, 18);
    }
    }
}

bool JsonCursor::fail(Problem problem, const char *at)
{
    if (m_problem == Problem::None) {
        m_problem = problem;
        m_problemOffset = at - m_begin;
    }
    return false;
}

bool JsonCursor::failUnexpected()
{
    space();
    if (m_at == m_end)
        return fail(Problem::Malformed);
    // Qt's parser reads a number from any of '-', '.' and a digit (".5" is 0.5 to it).
    switch (*m_at) {
    case '{':
    case '[':
    case '"':
    case '-':
    case '.':
    case 't':
    case 'f':
    case 'n':
        return fail(Problem::Declined);
    default:
        return fail(*m_at >= '0' && *m_at <= '9' ? Problem::Declined : Problem::Malformed);
    }
}

} // namespace LedgerCurator
