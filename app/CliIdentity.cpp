// SPDX-License-Identifier: GPL-3.0-or-later
// The curator's identity: identity prints or sets the name and ORCID iD every correction
// carries, in the settings the window uses (Edit > Settings).
#include "CliCommands.h"

#include "Cli.h"
#include "CliSupport.h"
#include "CurationSession.h"
#include "Orcid.h"
#include "SettingsKeys.h"

#include <QSettings>

namespace LedgerCurator::Cli {

namespace {

const QCommandLineOption kNameOption(QStringLiteral("name"),
    QStringLiteral("Set the curator name: the author of your corrections, the name your sync "
                   "token was issued to."),
    QStringLiteral("NAME"));
const QCommandLineOption kOrcidOption(QStringLiteral("orcid"),
    QStringLiteral("Set your ORCID iD (0000-0002-1825-0097 or its https://orcid.org/ URL); an "
                   "empty ID removes it."),
    QStringLiteral("ID"));

} // namespace

void identityOptions(QCommandLineParser &parser)
{
    parser.addOption(kNameOption);
    parser.addOption(kOrcidOption);
}

int runIdentity(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    if (!parser.positionalArguments().mid(1).isEmpty())
        return usage(QStringLiteral("identity: takes no arguments, only --name and --orcid "
                                    "(found '%1')")
                         .arg(parser.positionalArguments().at(1)),
            err, QStringLiteral("identity"));
    // Everything is checked before anything is written.
    QString name;
    if (parser.isSet(kNameOption)) {
        name = parser.value(kNameOption).trimmed();
        if (const QString problem = curatorNameProblem(name); !problem.isEmpty())
            return report(Error::badInput(QStringLiteral("--name: %1").arg(problem)), err);
    }
    std::optional<QString> orcid;
    if (parser.isSet(kOrcidOption)) {
        orcid = QString();
        if (!parser.value(kOrcidOption).trimmed().isEmpty()) {
            auto normalized = normalizeOrcid(parser.value(kOrcidOption));
            if (!normalized)
                return report(
                    Error::badInput(QStringLiteral("--orcid: %1").arg(normalized.error().message)),
                    err);
            orcid = *normalized;
        }
    }
    QSettings settings;
    if (!name.isEmpty())
        settings.setValue(SettingsKeys::kCuratorName, name);
    if (orcid) {
        if (orcid->isEmpty())
            settings.remove(SettingsKeys::kCuratorOrcid);
        else
            settings.setValue(SettingsKeys::kCuratorOrcid, *orcid);
    }
    settings.sync();
    if (settings.status() != QSettings::NoError)
        return report(
            Error::failure(
                QStringLiteral("%1: the settings could not be written").arg(settings.fileName())),
            err);

    const QString configured = configuredCuratorName();
    const QString configuredOrcid = settings.value(SettingsKeys::kCuratorOrcid).toString();
    out << "name: "
        << (configured.isEmpty() ? QStringLiteral("(not set: corrections need one; set it with "
                                                  "'ledger-curator identity --name NAME')")
                                 : terminalSafe(configured))
        << Qt::endl;
    out << "orcid: "
        << (configuredOrcid.isEmpty() ? QStringLiteral("(none)") : terminalSafe(configuredOrcid))
        << Qt::endl;
    out << "settings: " << settings.fileName() << Qt::endl;
    return ExitOk;
}

} // namespace LedgerCurator::Cli
