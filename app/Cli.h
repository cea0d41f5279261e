// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QTextStream>

namespace LedgerCurator {

//! Exit statuses of the command line, the desktop app's bad usage included (the EXIT STATUS
//! section of docs/man/ledger-curator.1): 0 success; 1 any other failure, such as a cache that
//! cannot be opened or written or a server that cannot be reached, and a search that found
//! nothing (as grep); 2 bad usage or bad input (the message says what was expected); 3 a sync
//! that completed but left corrections or notices unsent (refused by the server, or waiting).
enum ExitStatus { ExitOk = 0, ExitFailure = 1, ExitBadInput = 2, ExitIncomplete = 3 };

//! True when `name` is a headless subcommand of ledger-curator.
bool isSubcommand(const QString &name);

//! Every subcommand, in the order `ledger-curator --help` lists them.
QStringList subcommandNames();

//! Runs a subcommand; `arguments` starts with the program name, then the subcommand.
int runCli(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace LedgerCurator
