// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The options of `ledger-server serve` for the share of requests without a token, the
// connections per address and the request log (docs/server-limits.md).

#include "LedgerServer.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>

#include <optional>

class QCommandLineParser;

namespace LedgerCurator {

//! The options, with their defaults from ServerOptions.
QList<QCommandLineOption> openShareOptions();
//! Reads them into options: nullopt when all are good, else what is wrong ("--open-rate takes a
//! number from 0 to 1000, found 'x'").
std::optional<QString> readOpenShareOptions(
    const QCommandLineParser &parser, ServerOptions &options);

} // namespace LedgerCurator
