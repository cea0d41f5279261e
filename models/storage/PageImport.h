// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PageFiles.h"
#include "Store.h"

namespace LedgerCurator {

//! What importing files did: the outcome per record, and the warnings per file.
struct ImportReport
{
    QList<ImportOutcome> outcomes;
    QList<ParsedPage> pages; // records and their warnings, in file order
    QStringList files;
};

//! Reads every file, then stores all records in one transaction (all or nothing).
//! `progress` runs from 0 to 1000: the first half reading, the second storing.
Result<ImportReport> importPageFiles(
    Store &store, const QStringList &files, const Progress &progress = {});

} // namespace LedgerCurator
