// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringView>

namespace LedgerCurator {

//! How much of a found value an error message quotes.
constexpr qsizetype kQuoteLimit = 60;

//! A value as an error message quotes it: 'text', cut at `limit` characters (never inside a
//! surrogate pair) and then ended with an ellipsis: 'abc…'.
QString quoted(QStringView text, qsizetype limit = kQuoteLimit);

} // namespace LedgerCurator
