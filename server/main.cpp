// SPDX-License-Identifier: GPL-3.0-or-later
// ledger-server: the shared HTTP ledger (docs/sync-protocol.md).
#include "ServerCli.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>
#include <sys/stat.h>

int main(int argc, char *argv[])
{
    // Every file the server makes (the SQLite database, its WAL and shared memory, the folder of
    // the default database) is its owner's alone: the database holds token hashes and keys.
    ::umask(077);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("ledger-server"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LC_SERVER_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return LedgerCurator::runServerCli(QCoreApplication::arguments(), out, err);
}
