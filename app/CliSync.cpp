// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliSync.h"

#include "Cli.h"

namespace LedgerCurator {

void syncOptions(QCommandLineParser &parser)
{
    parser.addOption(QCommandLineOption(QStringLiteral("server"), QStringLiteral("The ledger server URL."),
                                        QStringLiteral("URL")));
    parser.addOption(QCommandLineOption(QStringLiteral("token-file"), QStringLiteral("A file holding the token."),
                                        QStringLiteral("FILE")));
}

int runSync(QCommandLineParser &, QTextStream &, QTextStream &err)
{
    err << "ledger-curator: sync is not built yet" << Qt::endl;
    return ExitFailure;
}

} // namespace LedgerCurator
