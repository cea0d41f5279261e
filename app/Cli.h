// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QTextStream>

namespace LedgerCurator {

//! Exit statuses of the command line (DESIGN.md section 9).
enum ExitStatus { ExitOk = 0, ExitFailure = 1, ExitBadInput = 2 };

//! True when `name` is a headless subcommand of ledger-curator.
bool isSubcommand(const QString &name);

//! Runs a subcommand; `arguments` starts with the program name, then the subcommand.
int runCli(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace LedgerCurator
