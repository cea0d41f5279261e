// SPDX-License-Identifier: GPL-3.0-or-later
// The command table: every subcommand of ledger-curator with its usage line and handlers, and
// running one. The subcommands themselves are in the files CliCommands.h names.
#include "Cli.h"

#include "CliCommands.h"
#include "CliSupport.h"

#include <QCommandLineParser>

namespace LedgerCurator {

namespace {

using namespace Cli;

struct Command
{
    const char *name;
    //! The synopsis: `ledger-curator USAGE` opens the subcommand's --help.
    const char *usage;
    void (*addOptions)(QCommandLineParser &);
    int (*run)(QCommandLineParser &, QTextStream &, QTextStream &);
};

//! In the order `ledger-curator --help` lists them.
const Command kCommands[] = {
    { "import", "import FILE... [--db PATH]", importOptions, runImport },
    { "import-notices", "import-notices FILE.csv [--partial] [--db PATH]", importNoticesOptions,
        runImportNotices },
    { "notices", "notices [RECORD] [--db PATH] [--json]", noticesOptions, runNotices },
    { "list", "list [--db PATH] [--json]", listOptions, runList },
    { "show", "show RECORD [--db PATH] [--json] [--state STATE]...", showOptions, runShow },
    { "search", "search TEXT [--db PATH] [--json] [--limit N]", searchOptions, runSearch },
    { "render",
        "render RECORD [--db PATH] [--format text|json|html|csv] [--upstream] [--all] [-o FILE]",
        renderOptions, runRender },
    { "export-pdf",
        "export-pdf RECORD -o FILE.pdf [--db PATH] [--page-size a4|letter] [--upstream]",
        exportPdfOptions, runExportPdf },
    { "identity", "identity [--name NAME] [--orcid ID]", identityOptions, runIdentity },
    { "curate", "curate RECORD OBSERVATION FIELD=VALUE... [--author NAME] [--db PATH]",
        curateOptions, runCurate },
    { "undo", "undo RECORD OBSERVATION FIELD [--author NAME] [--db PATH]", undoOptions, runUndo },
    { "history", "history RECORD OBSERVATION [--db PATH] [--json]", historyOptions, runHistory },
    { "suggest",
        "suggest RECORD [OBSERVATION...] [--limit N] [--json] [--accept-matches | --undo-matches] "
        "[--server URL [--token-file FILE]] [--author NAME] [--db PATH]",
        suggestOptions, runSuggest },
    { "report", "report [RECORD] [--since DATE] [--format text|csv|json] [-o FILE] [--db PATH]",
        reportOptions, runReport },
    { "review",
        "review RECORD NOTICE --status acknowledged|dismissed|escalated [--note TEXT] "
        "[--author NAME] [--db PATH]",
        reviewOptions, runReview },
    { "check", "check [RECORD] [--db PATH] [--json]", checkOptions, runCheck },
    { "remove", "remove RECORD [--db PATH]", removeOptions, runRemove },
    { "sync", "sync --server URL [--token-file FILE] [--fetch-removed] [--db PATH]", syncOptions,
        runSync },
    { "export-bundle", "export-bundle RECORD -o FILE.json [--db PATH]", exportBundleOptions,
        runExportBundle },
    { "verify-bundle", "verify-bundle FILE.json [--format text|json] [--out FILE]",
        verifyBundleOptions, runVerifyBundle },
    { "import-bundle", "import-bundle FILE.json [--db PATH]", importBundleOptions,
        runImportBundle },
    { "works", "works import FILE [--format arxiv-jsonl|csv] | works stats [--json] [--db PATH]",
        worksOptions, runWorks },
};

const Command *findCommand(const QString &name)
{
    for (const auto &command : kCommands) {
        if (name == QLatin1String(command.name))
            return &command;
    }
    return nullptr;
}

} // namespace

bool isSubcommand(const QString &name)
{
    return findCommand(name) != nullptr;
}

QStringList subcommandNames()
{
    QStringList names;
    for (const auto &command : kCommands)
        names.append(QLatin1String(command.name));
    return names;
}

int runCli(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    const Command *command = arguments.size() > 1 ? findCommand(arguments[1]) : nullptr;
    if (!command)
        return usage(QStringLiteral("unknown command '%1'").arg(arguments.value(1)), err);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("ledger-curator ") + QLatin1String(command->usage));
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help(QStringList { QStringLiteral("h"), QStringLiteral("help") },
        QStringLiteral("Show this help."));
    parser.addOption(help);
    parser.addOption(dbOption());
    command->addOptions(parser);
    if (!parser.parse(arguments))
        return usage(QLatin1String(command->name) + QStringLiteral(": ") + parser.errorText(), err);
    if (parser.isSet(help)) {
        out << parser.helpText();
        return ExitOk;
    }
    return command->run(parser, out, err);
}

} // namespace LedgerCurator
