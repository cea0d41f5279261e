// SPDX-License-Identifier: GPL-3.0-or-later
#include "TextHygiene.h"

#include <QCoreApplication>
#include <QDate>

namespace LedgerCurator {

namespace {

struct TextHygieneText
{
    Q_DECLARE_TR_FUNCTIONS(TextHygiene)
};

bool isControl(char16_t unit, TextKind kind)
{
    if (kind == TextKind::MultiLine && (unit == u'\n' || unit == u'\t'))
        return false;
    return isControlCharacter(unit);
}

//! The code points of text[0, end): the 1-based position of the one at `end`.
qsizetype positionOf(QStringView text, qsizetype end)
{
    qsizetype position = 1;
    for (qsizetype i = 0; i < end; ++i) {
        if (QChar::isHighSurrogate(text[i].unicode()) && i + 1 < end
            && QChar::isLowSurrogate(text[i + 1].unicode()))
            ++i;
        ++position;
    }
    return position;
}

} // namespace

std::optional<TextProblem> findTextProblem(QStringView text, TextKind kind)
{
    const char16_t *const data = text.utf16();
    const qsizetype size = text.size();
    for (qsizetype i = 0; i < size; ++i) {
        const char16_t unit = data[i];
        // One compare for the common case, printable ASCII.
        if (unit >= 0x20 && unit < 0x7f)
            continue;
        if (isControl(unit, kind))
            return TextProblem { TextProblem::What::Control, positionOf(text, i), unit };
        if (QChar::isHighSurrogate(unit)) {
            if (i + 1 < size && QChar::isLowSurrogate(data[i + 1])) {
                ++i;
                continue;
            }
            return TextProblem { TextProblem::What::LoneSurrogate, positionOf(text, i), unit };
        }
        if (QChar::isLowSurrogate(unit))
            return TextProblem { TextProblem::What::LoneSurrogate, positionOf(text, i), unit };
        if (unit == 0xfffe || unit == 0xffff)
            return TextProblem { TextProblem::What::Noncharacter, positionOf(text, i), unit };
    }
    return std::nullopt;
}

QString textProblem(QStringView text, TextKind kind)
{
    const auto problem = findTextProblem(text, kind);
    return problem ? problem->message() : QString();
}

QString codePointName(char32_t codePoint)
{
    return QStringLiteral("U+%1").arg(uint(codePoint), 4, 16, QLatin1Char('0')).toUpper();
}

QString TextProblem::message() const
{
    switch (what) {
    case What::Control:
        return TextHygieneText::tr("contains the control character %1 at position %2")
            .arg(codePointName(codePoint))
            .arg(position);
    case What::LoneSurrogate:
        return TextHygieneText::tr("contains a lone surrogate %1 at position %2")
            .arg(codePointName(codePoint))
            .arg(position);
    case What::Noncharacter:
        return TextHygieneText::tr("contains the noncharacter %1 at position %2")
            .arg(codePointName(codePoint))
            .arg(position);
    }
    return {};
}

bool isCanonicalUtcTime(QStringView text)
{
    // 2026-01-02T03:04:05.678Z
    if (text.size() != 24)
        return false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        char16_t expected = 0;
        switch (i) {
        case 4:
        case 7:
            expected = u'-';
            break;
        case 10:
            expected = u'T';
            break;
        case 13:
        case 16:
            expected = u':';
            break;
        case 19:
            expected = u'.';
            break;
        case 23:
            expected = u'Z';
            break;
        default:
            if (c < u'0' || c > u'9')
                return false;
            continue;
        }
        if (c != expected)
            return false;
    }
    const auto number = [&text](qsizetype at, qsizetype digits) {
        int n = 0;
        for (qsizetype i = at; i < at + digits; ++i)
            n = n * 10 + (text[i].unicode() - u'0');
        return n;
    };
    return QDate::isValid(number(0, 4), number(5, 2), number(8, 2)) && number(11, 2) < 24
        && number(14, 2) < 60 && number(17, 2) < 60;
}

} // namespace LedgerCurator
