// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Writing CSV (RFC 4180) for reports: the Notices view's export (docs/notices.md). Reading the
// Retraction Watch layout is RetractionCsv.h.

#include "Result.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace LedgerCurator {

//! Whether a field a spreadsheet would take for a formula is kept as written.
enum class CsvFormulas {
    //! The field as given.
    AsGiven,
    //! A field starting with = + - @ (or a tab or CR) gets a leading apostrophe, so that a
    //! spreadsheet opening the report shows it as text instead of evaluating it (a title or a
    //! note from a peer may start with "=HYPERLINK(...").
    Guard,
};

//! One field: quoted when it holds a comma, a double quote, CR or LF, its quotes doubled.
QString csvField(const QString &text, CsvFormulas formulas = CsvFormulas::AsGiven);

//! Rows as CSV text: fields joined by commas, every row ended by CRLF (RFC 4180).
QString csvText(const QList<QStringList> &rows, CsvFormulas formulas = CsvFormulas::AsGiven);

//! Writes csvText() to `path` as UTF-8 (no byte order mark), atomically (QSaveFile: the file is
//! replaced only once it is whole; a failure leaves what was there). A file of a cache SQLite
//! holds open is refused (SqliteLocks.h).
Status writeCsvFile(
    const QString &path, const QList<QStringList> &rows, CsvFormulas formulas = CsvFormulas::Guard);

} // namespace LedgerCurator
