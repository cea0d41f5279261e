// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Text from data made inert for where it is shown: a terminal, an HTML page, a QTextDocument
// (the preview and the PDF). Titles, names and notes may hold anything an old cache, a file or a
// peer put there; shown raw, ESC [31m would drive the reader's terminal, CR would hide the start
// of a line and U+202E would reverse the rest of it. Pure functions (docs/rendering.md, "Text
// from data is inert").
//
// The token form: a character that could act on the display is shown as "<U+XXXX>" (at least
// four upper-case hex digits), the code point it is, in place of the character. Tokenized:
// - C0 controls U+0000-U+001F except tab (and newline where lines are kept), DEL U+007F, C1
//   controls U+0080-U+009F;
// - the bidi controls: embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069, the marks
//   U+200E, U+200F and U+061C;
// - the line and paragraph separators U+2028 and U+2029;
// - a lone surrogate (a UTF-16 unit of a pair without its other half), shown as its unit.
// Other format characters stay: zero-width joiners and non-joiners, soft hyphens and the like
// are needed by scripts and emoji, and move no text.

#include <QString>

namespace LedgerCurator::DisplayText {

//! Whether forTerminal() keeps newlines (text of several lines) or tokenizes them (one field on
//! one line, as in a table row).
enum class Lines { Tokenize, Keep };

//! True for the characters the token form replaces (above); `keepNewlines` spares U+000A.
bool needsToken(char32_t c, bool keepNewlines = false);

//! "<U+XXXX>" for `c`.
QString token(char32_t c);

//! `text` with every character needsToken() names replaced by its token: the form for a
//! terminal. Text without such characters comes back unchanged (and shared).
QString forTerminal(const QString &text, Lines lines = Lines::Tokenize);

//! forTerminal(text, Lines::Keep), HTML-escaped (& < > " as toHtmlEscaped()), not isolated: for
//! an attribute value or <title>.
QString htmlEscaped(const QString &text);

//! How forHtml() isolates a field.
enum class Isolate {
    //! <bdi>TEXT</bdi>: browsers isolate it; QTextDocument ignores the element (text searched or
    //! copied from the preview stays as typed).
    Element,
    //! <bdi>&#x2068;TEXT&#x2069;</bdi>: also FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE
    //! around the text, which QTextDocument's bidi algorithm honours (the PDF; its text as
    //! pdftotext reads it back has neither character).
    ElementAndCharacters,
    //! &#x2068;TEXT&#x2069;: the isolate characters alone, for QTextDocument (the PDF), which
    //! honours them but ignores <bdi>, yet matches its stylesheet against it.
    Characters,
    //! TEXT alone: for QTextDocument only (the preview), which ignores <bdi> yet matches its
    //! stylesheet against it; shown as with Element.
    None,
};

//! One field of data in an HTML page: htmlEscaped(), with break opportunities when
//! `breakRunsLongerThan` > 0 (withBreakOpportunities()), isolated from the text around it.
//! The data's own bidi controls were tokenized, so none reaches past the field either way.
QString forHtml(
    const QString &text, qsizetype breakRunsLongerThan = 0, Isolate isolate = Isolate::Element);

//! Plain text for QPainter::drawText() or a PDF's metadata: forTerminal(), isolated by
//! U+2068 ... U+2069 (not HTML-escaped).
QString forPrint(const QString &text);

//! Runs of more than `longest` characters without a line-break opportunity (UAX #14, as
//! QTextBoundaryFinder finds them) get ZERO WIDTH SPACE (U+200B) after every 16 characters (at a
//! grapheme boundary), so a layout can wrap them in time linear in their length; shorter runs and
//! everything else are kept as they are. `longest` <= 0: `text` unchanged.
QString withBreakOpportunities(const QString &text, qsizetype longest);

//! JSON text (as QJsonDocument writes it) whose strings keep no character needsToken() names:
//! each is written as the escape \uXXXX, which JSON readers take back as the same character. The
//! data is unchanged; only its spelling is. Outside strings valid JSON holds none of them.
QString forJsonTerminal(const QString &json);

//! The number of characters between the break opportunities withBreakOpportunities() adds.
inline constexpr qsizetype kBreakStep = 16;

//! text cut in the middle to at most `longest` characters, "…" where it was cut (a surrogate
//! pair is never split): a title of 240,000 characters as a list shows it, before the widget
//! elides it to its width. Text no longer than `longest` is returned as it is.
QString shortened(const QString &text, qsizetype longest);

} // namespace LedgerCurator::DisplayText
