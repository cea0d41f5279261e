// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// `ledger-curator sync`: kept apart from Cli.cpp because it is the one command that talks to
// the network.

#include <QCommandLineParser>
#include <QTextStream>

namespace LedgerCurator {

//! Adds sync's options (--server, --token-file, ...) to the parser; --db is already there.
void syncOptions(QCommandLineParser &parser);
//! Runs `ledger-curator sync`; returns an ExitStatus.
int runSync(QCommandLineParser &parser, QTextStream &out, QTextStream &err);

} // namespace LedgerCurator
