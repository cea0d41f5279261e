// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the formats' API: the tokenizer of the direct readers, readRecordJson() and
// readEventPageJson(), which read the texts they are sure of straight from the bytes and leave
// everything else to parseJsonStrictly() and QJsonDocument.

#include <QByteArrayView>
#include <QString>
#include <QtGlobal>

#include <array>

namespace LedgerCurator {

//! A forward-only cursor over JSON text (UTF-8 bytes), read one token at a time: the structure
//! of objects and arrays, strings, whole numbers, the literals, and whole values skipped.
//!
//! What it promises:
//! - Every read first skips the whitespace JSON allows (space, tab, line feed, carriage return).
//!   A read that succeeds leaves the cursor just past its token. After a read that fails the
//!   position is unspecified: the caller gives up on the text.
//! - What a read accepts, it reads as parseJsonStrictly() (JsonText.h: QJsonDocument::fromJson()
//!   refusing also what RFC 8259 refuses) reads the same bytes: the same characters in a string
//!   (escapes, UTF-8 and surrogate pairs decoded as Qt's parser decodes them; "" is an empty, not
//!   a null, string) and the same whole number.
//! - It reads a subset of what parseJsonStrictly() reads, and says so when it stops. The first
//!   read that fails sets problem(): Malformed when parseJsonStrictly() refuses the text too,
//!   whatever follows problemOffset() (a raw control character in a string, an escape RFC 8259
//!   does not have and a lone surrogate escape among them); Declined when the text may still be
//!   one it reads: a number with a sign, a fraction or an exponent, or more digits than asked
//!   for; a key with an escape or a byte outside ASCII; nesting deeper than kMaxSkipDepth in a
//!   skipped value; or a value of another kind than the one asked for. A reader that gives up
//!   for reasons of its own (a value it does not like) leaves problem() at None.
//! - It never reads outside the text, whatever the bytes.
//!
//! A UTF-8 byte order mark at the start is skipped, as QJsonDocument skips it.
class JsonCursor
{
public:
    enum class Problem { None, Malformed, Declined };

    //! How deep skipValue() goes into nested arrays and objects before it declines.
    static constexpr int kMaxSkipDepth = 64;

    explicit JsonCursor(QByteArrayView text);

    //! Where the cursor is, in bytes from the start of the text.
    qsizetype offset() const { return m_at - m_begin; }
    //! The text from the cursor on (whitespace included).
    QByteArrayView rest() const { return QByteArrayView(m_at, m_end - m_at); }

    //! After whitespace: whether the text is done.
    bool atEnd()
    {
        space();
        return m_at == m_end;
    }
    //! After whitespace: whether the next byte is `c`. Reads nothing.
    bool peek(char c)
    {
        space();
        return m_at != m_end && *m_at == c;
    }
    //! After whitespace: the next byte, or '\0' at the end. Reads nothing.
    char nextByte()
    {
        space();
        return m_at != m_end ? *m_at : '\0';
    }

    //! A string value.
    bool string(QString &out);
    //! A whole number of 0 or more written as plain digits, at most `maxDigits` of them (18 at
    //! most: all such numbers fit a qint64).
    bool wholeNumber(qint64 &out, int maxDigits);
    //! `true` or `false`.
    bool boolean(bool &out);
    //! `null`.
    bool null();
    //! Any value, read and forgotten.
    bool skipValue() { return skip(0); }

    //! `{ "key": value, ... }`: `member(key)` reads the value after the colon and returns false
    //! to stop. The key is the raw bytes between the quotes (ASCII without escapes).
    template <typename Member> bool members(Member &&member);
    //! `[ value, ... ]`: `element()` reads one value and returns false to stop.
    template <typename Element> bool elements(Element &&element);

    //! Why the first failed read failed (None while no read has failed, or when the reader
    //! stopped for reasons of its own).
    Problem problem() const { return m_problem; }
    //! Where that was, in bytes from the start of the text (for a message, the line is
    //! JsonLineIndex::lineAtOffset() of it).
    qsizetype problemOffset() const { return m_problemOffset; }

    //! The value of a hexadecimal digit (either case), or -1.
    static int hexDigit(char c);
    //! Past the well-formed UTF-8 sequence of one character at `p` (a byte of 0x80 or more);
    //! nullptr if malformed, as Qt's parser refuses it: overlong, a surrogate, above U+10FFFF,
    //! cut.
    static const char *utf8Sequence(const char *p, const char *end);

private:
    static bool isSpace(char c)
    {
        // One compare for the common case, a byte that is no whitespace.
        return uchar(c) <= ' ' && (c == ' ' || c == '\n' || c == '\r' || c == '\t');
    }
    //! A byte a string holds as it is: printable ASCII (DEL included) but the quote and backslash.
    static bool isPlain(char c) { return kPlainBytes[uchar(c)]; }
    //! isPlain() as a table: one load a byte in the string loops, the hottest of the readers.
    static constexpr std::array<bool, 256> kPlainBytes = [] {
        std::array<bool, 256> plain {};
        for (int c = 0x20; c < 0x80; ++c)
            plain[c] = c != '"' && c != '\\';
        return plain;
    }();
    void space()
    {
        // Through a local: a store to m_at could change any byte a char load reads.
        const char *p = m_at;
        while (p != m_end && isSpace(*p))
            ++p;
        m_at = p;
    }

    //! A key: the bytes of a string of plain ASCII.
    bool key(QByteArrayView &out);
    //! The rest of a string from `p`, where its plain start ends (the cursor is at the quote).
    bool decodeString(const char *p, QString &out);
    bool word(QByteArrayView word);
    bool skip(int depth);

    //! Records the first problem, at `at`; returns false, for "return fail(...)".
    bool fail(Problem problem, const char *at);
    bool fail(Problem problem) { return fail(problem, m_at); }
    //! A value of the kind asked for is not there: Declined if another value may start here,
    //! Malformed if none can.
    bool failUnexpected();

    const char *m_begin;
    const char *m_at;
    const char *m_end;
    Problem m_problem = Problem::None;
    qsizetype m_problemOffset = -1;
};

//! The members of one object a direct reader has read, by the reader's own numbering (up to 32):
//! each may come once (a key given twice is left to QJsonDocument, where the last one counts),
//! and the required ones must all have come.
class JsonMembersSeen
{
public:
    //! Marks `member` as read; false if it was read before.
    bool once(int member)
    {
        const quint32 bit = quint32(1) << member;
        if (m_seen & bit)
            return false;
        m_seen |= bit;
        return true;
    }
    //! Whether members 0 to `count` - 1 have all been read.
    bool first(int count) const
    {
        const quint32 required = count >= 32 ? ~quint32(0) : (quint32(1) << count) - 1;
        return (m_seen & required) == required;
    }

private:
    quint32 m_seen = 0;
};

inline bool JsonCursor::string(QString &out)
{
    if (!peek('"'))
        return failUnexpected();
    const char *const begin = m_at + 1;
    const char *p = begin;
    // Plain ASCII, the common case, in one pass.
    while (p != m_end && isPlain(*p))
        ++p;
    if (p != m_end && *p == '"') {
        out = QString::fromLatin1(begin, p - begin); // "" gives an empty, not a null, string
        m_at = p + 1;
        return true;
    }
    return decodeString(p, out);
}

inline bool JsonCursor::key(QByteArrayView &out)
{
    if (!peek('"'))
        return fail(Problem::Malformed); // only a key can come here
    const char *const begin = m_at + 1;
    const char *p = begin;
    while (p != m_end && isPlain(*p))
        ++p;
    if (p == m_end)
        return fail(Problem::Malformed, p);
    if (*p != '"')
        return fail(Problem::Declined, p); // escaped or non-ASCII keys are left to Qt's parser
    out = QByteArrayView(begin, p - begin);
    m_at = p + 1;
    return true;
}

inline bool JsonCursor::wholeNumber(qint64 &out, int maxDigits)
{
    Q_ASSERT(maxDigits <= 18);
    space();
    const char *p = m_at;
    if (p == m_end || *p < '0' || *p > '9')
        return failUnexpected();
    if (*p == '0') {
        ++p;
    } else {
        while (p != m_end && *p >= '0' && *p <= '9')
            ++p;
    }
    if (p != m_end && *p >= '0' && *p <= '9')
        return fail(Problem::Malformed, p); // a leading zero
    if (p != m_end && (*p == '.' || *p == 'e' || *p == 'E'))
        return fail(Problem::Declined, p);
    if (p - m_at > maxDigits)
        return fail(Problem::Declined);
    qint64 n = 0;
    for (const char *d = m_at; d != p; ++d)
        n = n * 10 + (*d - '0');
    out = n;
    m_at = p;
    return true;
}

inline bool JsonCursor::boolean(bool &out)
{
    if (peek('t')) {
        out = true;
        return word("true");
    }
    if (peek('f')) {
        out = false;
        return word("false");
    }
    return failUnexpected();
}

inline bool JsonCursor::null()
{
    if (!peek('n'))
        return failUnexpected();
    return word("null");
}

inline bool JsonCursor::word(QByteArrayView word)
{
    if (m_end - m_at < word.size() || QByteArrayView(m_at, word.size()) != word)
        return fail(Problem::Malformed); // no other value starts with the word's letter
    m_at += word.size();
    return true;
}

template <typename Member> bool JsonCursor::members(Member &&member)
{
    if (!peek('{'))
        return failUnexpected();
    ++m_at;
    if (peek('}')) {
        ++m_at;
        return true;
    }
    for (;;) {
        QByteArrayView name;
        if (!key(name))
            return false;
        if (!peek(':'))
            return fail(Problem::Malformed);
        ++m_at;
        if (!member(name))
            return false;
        if (peek(',')) {
            ++m_at;
            continue;
        }
        if (!peek('}'))
            return fail(Problem::Malformed);
        ++m_at;
        return true;
    }
}

template <typename Element> bool JsonCursor::elements(Element &&element)
{
    if (!peek('['))
        return failUnexpected();
    ++m_at;
    if (peek(']')) {
        ++m_at;
        return true;
    }
    for (;;) {
        if (!element())
            return false;
        if (peek(',')) {
            ++m_at;
            continue;
        }
        if (!peek(']'))
            return fail(Problem::Malformed);
        ++m_at;
        return true;
    }
}

} // namespace LedgerCurator
