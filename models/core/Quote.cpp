// SPDX-License-Identifier: GPL-3.0-or-later
#include "Quote.h"

namespace LedgerCurator {

QString quoted(QStringView text, qsizetype limit)
{
    if (text.size() <= limit)
        return u'\'' + text.toString() + u'\'';
    qsizetype cut = limit;
    if (cut > 0 && text[cut - 1].isHighSurrogate())
        --cut; // do not split a surrogate pair
    return u'\'' + text.left(cut).toString() + QStringLiteral("\u2026'");
}

} // namespace LedgerCurator
