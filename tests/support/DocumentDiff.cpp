// SPDX-License-Identifier: GPL-3.0-or-later
#include "DocumentDiff.h"

#include <QTextBlock>
#include <QTextDocument>
#include <QTextFormat>

namespace LedgerCurator::TestSupport {

bool sameFormat(const QTextFormat &a, const QTextFormat &b)
{
    return a.type() == b.type() && a.objectIndex() == b.objectIndex()
        && a.properties() == b.properties();
}

QString firstDifference(const QTextDocument &a, const QTextDocument &b)
{
    if (a.blockCount() != b.blockCount())
        return QStringLiteral("%1 blocks against %2").arg(a.blockCount()).arg(b.blockCount());
    int n = 0;
    for (QTextBlock x = a.begin(), y = b.begin(); x.isValid(); x = x.next(), y = y.next(), ++n) {
        if (x.text() != y.text())
            return QStringLiteral("block %1: \"%2\" against \"%3\"").arg(n).arg(x.text(), y.text());
        if (!sameFormat(x.blockFormat(), y.blockFormat())
            || !sameFormat(x.charFormat(), y.charFormat()))
            return QStringLiteral("block %1 (\"%2\"): another block format").arg(n).arg(x.text());
        const auto left = x.textFormats();
        const auto right = y.textFormats();
        if (left.size() != right.size())
            return QStringLiteral("block %1 (\"%2\"): %3 formats against %4")
                .arg(n)
                .arg(x.text())
                .arg(left.size())
                .arg(right.size());
        for (qsizetype i = 0; i < left.size(); ++i) {
            if (left[i].start != right[i].start || left[i].length != right[i].length
                || !sameFormat(left[i].format, right[i].format))
                return QStringLiteral("block %1 (\"%2\"): format %3 differs")
                    .arg(n)
                    .arg(x.text())
                    .arg(i);
        }
    }
    return {};
}

} // namespace LedgerCurator::TestSupport
