// SPDX-License-Identifier: GPL-3.0-or-later
// ledger-server: the shared HTTP ledger (docs/sync-protocol.md).
#include "ServerCli.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("ledger-server"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LC_SERVER_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return LedgerCurator::runServerCli(QCoreApplication::arguments(), out, err);
}
