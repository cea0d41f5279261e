// SPDX-License-Identifier: GPL-3.0-or-later
#include "Cli.h"
#include "MainWindow.h"
#include "Store.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QTranslator>

#include <cstdio>
#include <memory>

using namespace LedgerCurator;

namespace {

void setIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("ledger-curator"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LC_VERSION));
}

int runGui(int argc, char *argv[])
{
    QApplication app(argc, argv);
    setIdentity();
    QApplication::setApplicationDisplayName(QStringLiteral("Ledger Curator"));
    QApplication::setDesktopFileName(QStringLiteral("ledger-curator"));

    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("ledger-curator"), QStringLiteral("_"),
                        QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
            "main", "Curate Paper Citation Records. Subcommands: import, list, show, render."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption dbOption(QStringLiteral("db"), QApplication::translate("main", "The cache file."),
                                      QStringLiteral("PATH"), defaultCachePath());
    parser.addOption(dbOption);
    parser.process(app);

    Store store(parser.value(dbOption));
    if (auto opened = store.open(); !opened) {
        QMessageBox::critical(nullptr, QApplication::translate("main", "Ledger Curator"),
                              QApplication::translate("main", "The cache could not be opened:\n%1")
                                      .arg(opened.error().toString()));
        return ExitFailure;
    }
    MainWindow window(store);
    window.show();
    return app.exec();
}

} // namespace

int main(int argc, char *argv[])
{
    // A first argument that is not an option names a subcommand: those need no display.
    if (argc > 1 && !QString::fromLocal8Bit(argv[1]).startsWith(u'-')) {
        // export-pdf lays out text: fonts need a QGuiApplication, and "offscreen" needs no display.
        const bool needsFonts = qstrcmp(argv[1], "export-pdf") == 0;
        if (needsFonts)
            qputenv("QT_QPA_PLATFORM", "offscreen");
        const std::unique_ptr<QCoreApplication> app = needsFonts
                ? std::make_unique<QGuiApplication>(argc, argv)
                : std::make_unique<QCoreApplication>(argc, argv);
        setIdentity();
        QTextStream out(stdout);
        QTextStream err(stderr);
        const int status = runCli(QCoreApplication::arguments(), out, err);
        out.flush();
        err.flush();
        return status;
    }
    return runGui(argc, argv);
}
