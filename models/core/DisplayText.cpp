// SPDX-License-Identifier: GPL-3.0-or-later
#include "DisplayText.h"

#include "TextHygiene.h"

#include <QTextBoundaryFinder>

#include <cstring>

namespace LedgerCurator::DisplayText {

namespace {

constexpr char16_t kFsi = 0x2068; // FIRST STRONG ISOLATE
constexpr char16_t kPdi = 0x2069; // POP DIRECTIONAL ISOLATE
constexpr char16_t kZwsp = 0x200B; // ZERO WIDTH SPACE

bool isBidiControl(char32_t c)
{
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E)
        || (c >= 0x2066 && c <= 0x2069);
}

//! Whether the four UTF-16 units at `units` are all printable ASCII (U+0020 to U+007E).
bool printableAscii(const char16_t *units)
{
    quint64 word;
    std::memcpy(&word, units, sizeof word);
    constexpr quint64 kOnes = 0x0001000100010001ULL;
    // Below U+0080 each, so that the sums below carry into no other unit; then U+0020 or above
    // (+0x60 reaches bit 7) and not U+007F (+1 does not).
    return (word & (kOnes * 0xFF80)) == 0
        && ((word + kOnes * 0x60) & (kOnes * 0x80)) == kOnes * 0x80
        && ((word + kOnes) & (kOnes * 0x80)) == 0;
}

//! Calls `plain(from, to)` for each stretch of `text` kept as it is and `special(c)` for each
//! character (code point, or lone surrogate unit) needsToken() names. False when there was none.
template <typename Plain, typename Special>
bool scan(const QString &text, bool keepNewlines, Plain plain, Special special)
{
    const char16_t *const data = reinterpret_cast<const char16_t *>(text.constData());
    const qsizetype n = text.size();
    qsizetype kept = 0;
    bool found = false;
    for (qsizetype i = 0; i < n; ++i) {
        // Most text is printable ASCII: four units at a time while they are.
        while (i + 4 <= n && printableAscii(data + i))
            i += 4;
        if (i >= n)
            break;
        const char16_t u = data[i];
        // The common case, printable ASCII and most of the BMP, in one comparison or two.
        if ((u >= 0x20 && u < 0x7F) || (u >= 0xA0 && u < 0x061C))
            continue;
        char32_t c = u;
        qsizetype width = 1;
        if (QChar::isHighSurrogate(u) && i + 1 < n && QChar::isLowSurrogate(data[i + 1])) {
            c = QChar::surrogateToUcs4(u, data[i + 1]);
            width = 2;
        }
        if (width == 1 && QChar::isSurrogate(u)) {
            // lone: tokenized below
        } else if (!needsToken(c, keepNewlines)) {
            i += width - 1;
            continue;
        }
        found = true;
        if (i > kept)
            plain(kept, i);
        special(c);
        kept = i + width;
        i += width - 1;
    }
    if (found && kept < n)
        plain(kept, n);
    return found;
}

QString tokenized(const QString &text, bool keepNewlines)
{
    QString out;
    const bool changed = scan(
        text, keepNewlines,
        [&](qsizetype from, qsizetype to) {
            if (out.isEmpty())
                out.reserve(text.size() + 16);
            out += QStringView(text).sliced(from, to - from);
        },
        [&](char32_t c) { out += token(c); });
    return changed ? out : text;
}

} // namespace

bool needsToken(char32_t c, bool keepNewlines)
{
    if (c == u'\t' || (keepNewlines && c == u'\n'))
        return false;
    if (isControlCharacter(c))
        return true;
    if (c >= 0xD800 && c <= 0xDFFF) // only a lone surrogate comes here as a code point
        return true;
    return isBidiControl(c) || c == 0x2028 || c == 0x2029;
}

QString token(char32_t c)
{
    return u'<' + codePointName(c) + u'>';
}

QString forTerminal(const QString &text, Lines lines)
{
    return tokenized(text, lines == Lines::Keep);
}

QString htmlEscaped(const QString &text)
{
    return tokenized(text, true).toHtmlEscaped();
}

QString forHtml(const QString &text, qsizetype breakRunsLongerThan, Isolate isolate)
{
    const QString escaped
        = withBreakOpportunities(tokenized(text, true), breakRunsLongerThan).toHtmlEscaped();
    if (isolate == Isolate::None)
        return escaped;
    if (isolate == Isolate::Characters)
        return QStringLiteral("&#x2068;") + escaped + QStringLiteral("&#x2069;");
    if (isolate == Isolate::ElementAndCharacters)
        return QStringLiteral("<bdi>&#x2068;") + escaped + QStringLiteral("&#x2069;</bdi>");
    return QStringLiteral("<bdi>") + escaped + QStringLiteral("</bdi>");
}

QString forPrint(const QString &text)
{
    return QChar(kFsi) + tokenized(text, false) + QChar(kPdi);
}

QString withBreakOpportunities(const QString &text, qsizetype longest)
{
    if (longest <= 0 || text.size() <= longest)
        return text;
    QTextBoundaryFinder lines(QTextBoundaryFinder::Line, text);
    QTextBoundaryFinder graphemes;
    QString out;
    qsizetype copied = 0; // text before this is in `out`
    qsizetype start = 0;
    for (qsizetype end = lines.toNextBoundary(); end != -1; end = lines.toNextBoundary()) {
        if (end - start > longest) {
            if (out.isEmpty()) {
                out.reserve(text.size() + text.size() / kBreakStep + 16);
                graphemes = QTextBoundaryFinder(QTextBoundaryFinder::Grapheme, text);
            }
            qsizetype at = start + kBreakStep;
            while (at < end) {
                graphemes.setPosition(at);
                if (!graphemes.isAtBoundary()) {
                    const qsizetype next = graphemes.toNextBoundary();
                    if (next == -1 || next >= end)
                        break;
                    at = next;
                }
                out += QStringView(text).sliced(copied, at - copied);
                out += QChar(kZwsp);
                copied = at;
                at += kBreakStep;
            }
        }
        start = end;
    }
    if (copied == 0)
        return text;
    out += QStringView(text).sliced(copied);
    return out;
}

QString forJsonTerminal(const QString &json)
{
    QString out;
    const bool changed = scan(
        json, true,
        [&](qsizetype from, qsizetype to) {
            if (out.isEmpty())
                out.reserve(json.size() + 16);
            out += QStringView(json).sliced(from, to - from);
        },
        [&](char32_t c) {
            const auto escape = [&](uint unit) {
                out += QStringLiteral("\\u%1").arg(unit, 4, 16, QLatin1Char('0'));
            };
            if (c > 0xFFFF) {
                escape(QChar::highSurrogate(c));
                escape(QChar::lowSurrogate(c));
            } else {
                escape(uint(c));
            }
        });
    return changed ? out : json;
}

QString shortened(const QString &text, qsizetype longest)
{
    if (text.size() <= longest || longest < 3)
        return text;
    qsizetype head = (longest - 1) / 2;
    qsizetype tailStart = text.size() - (longest - 1 - head);
    if (head > 0 && text.at(head - 1).isHighSurrogate())
        --head;
    if (tailStart < text.size() && text.at(tailStart).isLowSurrogate())
        ++tailStart;
    return text.left(head) + QStringLiteral("…") + text.mid(tailStart);
}

} // namespace LedgerCurator::DisplayText
