// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "LedgerText.h"

#include <QStringList>

namespace LedgerCurator {

//! Reads a ledger page in either form: record JSON when it starts with '{', else page text.
Result<ParsedPage> readPage(
    const QByteArray &data, const QString &path, const Progress &progress = {});
//! Reads a ledger page file; a file that cannot be read is bad input naming the file. A file that
//! SQLite holds open (the cache's own files) is refused before it is opened (SqliteLocks.h).
Result<ParsedPage> readPageFile(const QString &path, const Progress &progress = {});

//! Reads every file; the first one refused stops it. `progress` runs from 0 to `scale`.
Result<QList<ParsedPage>> readPageFiles(
    const QStringList &files, const Progress &progress = {}, qint64 scale = 1000);

} // namespace LedgerCurator
