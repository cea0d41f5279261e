// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// ORCID iDs (https://support.orcid.org/hc/en-us/articles/360006897674): sixteen characters in
// four groups of four, 0000-0002-1825-0097, the last a check character (a digit or X) computed
// with ISO 7064 MOD 11-2 over the fifteen digits before it. The curator's identity may name one.

#include "Result.h"

#include <QString>

namespace LedgerCurator {

//! The bare form of an ORCID iD ("0000-0002-1825-0097") written as it is or as its URL
//! ("https://orcid.org/0000-0002-1825-0097", http:// and a lower-case x accepted). Bad input,
//! with a message saying what is wrong, for anything else. The message is translated when a
//! translator for "Orcid" is installed (the window), English otherwise (the command line).
Result<QString> normalizeOrcid(const QString &text);

//! The ISO 7064 MOD 11-2 check character ('0'..'9' or 'X') of fifteen digits.
QChar orcidCheckCharacter(QStringView fifteenDigits);

} // namespace LedgerCurator
