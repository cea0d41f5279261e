// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What text from a file, the network or a curator's typing may hold (docs/record-json.md, "Text
// rules"): no control characters, no lone surrogates, no U+FFFE or U+FFFF. Bidirectional
// formatting characters (U+202A-U+202E, U+2066-U+2069) are allowed: right-to-left titles need
// them; what shows the text makes them inert. Text already in the cache is not checked again.

#include <QString>
#include <QStringView>

#include <optional>

namespace LedgerCurator {

//! Whether text is held to the rules: Enforce for what comes from a file, the network or a
//! person; AsStored for what the cache already holds (written before the rules, and still read).
enum class TextRules { Enforce, AsStored };

//! What a field may hold.
enum class TextKind {
    //! Titles, names, identifiers, notes, timestamps: no C0 control (U+0000-U+001F, tab and line
    //! feed included), no DEL (U+007F), no C1 control (U+0080-U+009F).
    SingleLine,
    //! Text that may run over lines: as SingleLine, but tab and line feed are allowed.
    MultiLine,
};

//! The first character a field may not hold, and where it is.
struct TextProblem
{
    enum class What { Control, LoneSurrogate, Noncharacter };
    What what = What::Control;
    //! 1-based, in characters (code points) from the start of the text.
    qsizetype position = 0;
    //! The character (a lone surrogate: its UTF-16 unit).
    char32_t codePoint = 0;

    //! "contains the control character U+001B at position 5" (translated; context
    //! LedgerCurator::TextHygiene).
    QString message() const;
};

//! The first character of `text` that a field of `kind` may not hold; nullopt when it is clean.
//! Linear, and without allocating unless there is a problem.
std::optional<TextProblem> findTextProblem(QStringView text, TextKind kind = TextKind::SingleLine);

//! findTextProblem()'s message, or an empty string when the text is clean.
QString textProblem(QStringView text, TextKind kind = TextKind::SingleLine);

//! "U+001B", "U+1F600".
QString codePointName(char32_t codePoint);

//! A C0 control (U+0000-U+001F), DEL or a C1 control (U+007F-U+009F): what the input rules refuse
//! (tab and line feed aside where a field may hold lines) and the display shows as a token.
constexpr bool isControlCharacter(char32_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

//! The protocol's form of a time (docs/sync-protocol.md, `created_at`): exactly
//! YYYY-MM-DDTHH:MM:SS.mmmZ, a real UTC date and time (2026-02-30 and 24:00 are refused), as
//! nowUtc() writes it.
bool isCanonicalUtcTime(QStringView text);

} // namespace LedgerCurator
