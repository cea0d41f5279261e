// SPDX-License-Identifier: GPL-3.0-or-later
#include "Orcid.h"

#include "Quote.h"

#include <QCoreApplication>

namespace LedgerCurator {

namespace {

struct OrcidText
{
    Q_DECLARE_TR_FUNCTIONS(Orcid)
};

constexpr QLatin1String kPrefixes[] = {
    QLatin1String("https://orcid.org/"),
    QLatin1String("http://orcid.org/"),
    QLatin1String("orcid.org/"),
};

bool isDigit(QChar c)
{
    return c.unicode() >= u'0' && c.unicode() <= u'9';
}

} // namespace

QChar orcidCheckCharacter(QStringView fifteenDigits)
{
    int total = 0;
    for (const QChar c : fifteenDigits)
        total = (total + (c.unicode() - u'0')) * 2 % 11;
    const int result = (12 - total % 11) % 11;
    return result == 10 ? QChar(u'X') : QChar(u'0' + result);
}

Result<QString> normalizeOrcid(const QString &text)
{
    QString id = text.trimmed();
    if (id.isEmpty())
        return Error::badInput(OrcidText::tr("the ORCID iD is empty"));
    for (const QLatin1String prefix : kPrefixes) {
        if (id.startsWith(prefix, Qt::CaseInsensitive)) {
            id = id.mid(prefix.size());
            break;
        }
    }
    if (id.endsWith(u'/'))
        id.chop(1);
    if (id.contains(u'/'))
        return Error::badInput(OrcidText::tr("%1 is not an ORCID iD: an address must be "
                                             "https://orcid.org/ followed by the iD")
                                   .arg(quoted(text.trimmed())));
    // The groups first, so that a missing or extra digit is told as such.
    const QStringList groups = id.split(u'-');
    if (groups.size() != 4)
        return Error::badInput(
            OrcidText::tr("%1 is not an ORCID iD: expected four groups of four digits joined by "
                          "hyphens, as in 0000-0002-1825-0097")
                .arg(quoted(text.trimmed())));
    QString digits;
    for (int g = 0; g < 4; ++g) {
        const QString &group = groups[g];
        if (group.size() != 4)
            return Error::badInput(OrcidText::tr("group %1 of %2 has %3 characters, not 4")
                                       .arg(g + 1)
                                       .arg(quoted(id))
                                       .arg(group.size()));
        for (int i = 0; i < 4; ++i) {
            const QChar c = group[i];
            const bool last = g == 3 && i == 3;
            if (isDigit(c) || (last && (c == u'X' || c == u'x')))
                continue;
            return Error::badInput(last
                    ? OrcidText::tr("the last character of %1 must be a digit or X, found %2")
                          .arg(quoted(id), quoted(QString(c)))
                    : OrcidText::tr("%1 has %2 where a digit belongs (character %3)")
                          .arg(quoted(id), quoted(QString(c)))
                          .arg(g * 5 + i + 1));
        }
        digits += group;
    }
    digits = digits.toUpper();
    const QChar expected = orcidCheckCharacter(QStringView(digits).left(15));
    if (digits[15] != expected)
        return Error::badInput(
            OrcidText::tr("the check digit of %1 is wrong: the first fifteen digits give %2, "
                          "not %3 (a digit mistyped or two swapped?)")
                .arg(quoted(id), QString(expected), QString(digits[15])));
    return QStringLiteral("%1-%2-%3-%4")
        .arg(digits.mid(0, 4), digits.mid(4, 4), digits.mid(8, 4), digits.mid(12, 4));
}

} // namespace LedgerCurator
