// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

class QTextStream;

namespace LedgerCurator {

//! ledger-server serve | import | token add/list/revoke | key list/revoke. Exit status: 0 ok,
//! 2 bad usage or bad input, 1 other failures. Needs a QCoreApplication (serve runs its event
//! loop).
int runServerCli(const QStringList &arguments, QTextStream &out, QTextStream &err);

//! The default database: ledger-server.db under QStandardPaths::AppDataLocation.
QString defaultServerDatabase();

} // namespace LedgerCurator
