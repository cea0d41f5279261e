// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the works index's files share, and nothing else uses: WorksIndex.cpp (the tables, the
// sources and their states), WorksImport.cpp (reading works files into the index) and
// WorksSearch.cpp (finding works by their titles).

#include "Result.h"
#include "StoreSqlite.h"

#include <QString>

namespace LedgerCurator::WorksInternal {

using StoreSqlite::SqliteStatement;

// A source's states (works_sources.state): only works of complete sources are visible.
inline const QString kPending = QStringLiteral("pending");
inline const QString kComplete = QStringLiteral("complete");
inline const QString kRetired = QStringLiteral("retired");

// Each word's number of titles as counted after the last complete import (works_vocab counts
// them by reading the word's whole list): read first, works_vocab only for a word not in it.
inline constexpr const char *kTermsTable
    = "CREATE TABLE IF NOT EXISTS works_terms (term TEXT PRIMARY KEY,"
      " docs INTEGER NOT NULL) WITHOUT ROWID";

//! A failed step of `statement`, as an error saying `what` failed and SQLite's message.
Error stepError(const QString &what, const SqliteStatement &statement);

} // namespace LedgerCurator::WorksInternal
