// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "LedgerText.h"
#include "Store.h"

namespace LedgerCurator {

//! Reads a ledger page in either form: record JSON when it starts with '{', else page text.
Result<ParsedPage> readPage(const QByteArray &data, const QString &path, const Progress &progress = {});
//! Reads a ledger page file; a file that cannot be read is bad input naming the file.
Result<ParsedPage> readPageFile(const QString &path, const Progress &progress = {});

//! What importing files did: the outcome per record, and the warnings per file.
struct ImportReport
{
    QList<ImportOutcome> outcomes;
    QList<ParsedPage> pages; // records and their warnings, in file order
    QStringList files;
};

//! Reads every file; the first one refused stops it. `progress` runs from 0 to `scale`.
Result<QList<ParsedPage>> readPageFiles(const QStringList &files, const Progress &progress = {}, qint64 scale = 1000);

//! Reads every file, then stores all records in one transaction (all or nothing).
//! `progress` runs from 0 to 1000: the first half reading, the second storing.
Result<ImportReport> importPageFiles(Store &store, const QStringList &files, const Progress &progress = {});

} // namespace LedgerCurator
