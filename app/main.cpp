// SPDX-License-Identifier: GPL-3.0-or-later
#include "Cli.h"
#include "MainWindow.h"
#include "Store.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QTimer>
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

//! Peak resident memory of this process so far, in kB (VmHWM), or -1.
qint64 peakResidentKb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

//! --benchmark-startup (hidden; bench/ledger-bench uses it): prints "startup: NAME=VALUE" lines
//! (the window shown with its record list filled, the first record shown, the peak resident
//! memory) and quits once the first record is shown, or after a minute.
void benchmarkStartup(QApplication &app, MainWindow &window, const QElapsedTimer &started)
{
    auto print = [](const char *name, double value) {
        std::printf("startup: %s=%.1f\n", name, value);
        std::fflush(stdout);
    };
    // Posted after show(): runs once the window has been laid out and exposed.
    QTimer::singleShot(0, &window, [&window, &started, print] {
        const auto *records = window.findChild<QAbstractItemView *>(QStringLiteral("recordList"));
        print("window-shown-ms", double(started.nsecsElapsed()) / 1e6);
        print("records-listed", records && records->model() ? records->model()->rowCount() : 0);
    });
    auto finish = [&app, &started, print] {
        print("vmhwm-kb", double(peakResidentKb()));
        print("total-ms", double(started.nsecsElapsed()) / 1e6);
        app.quit();
    };
    QObject::connect(&window, &MainWindow::recordShown, &window, [&started, print, finish] {
        print("record-shown-ms", double(started.nsecsElapsed()) / 1e6);
        // Let the views paint the record before the memory is read.
        QTimer::singleShot(200, finish);
    });
    QTimer::singleShot(60000, &window, finish);
}

int runGui(int argc, char *argv[], const QElapsedTimer &started)
{
    QApplication app(argc, argv);
    setIdentity();
    QApplication::setApplicationDisplayName(QStringLiteral("Ledger Curator"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.ledgercurator.LedgerCurator"));

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
    QCommandLineOption benchmarkOption(QStringLiteral("benchmark-startup"),
                                       QStringLiteral("Print startup figures and quit."));
    benchmarkOption.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(benchmarkOption);
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
    if (parser.isSet(benchmarkOption))
        benchmarkStartup(app, window, started);
    return app.exec();
}

} // namespace

int main(int argc, char *argv[])
{
    QElapsedTimer started;
    started.start();
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
    // --help and --version only print: like the subcommands, they need no display.
    for (int i = 1; i < argc; ++i) {
        for (const char *option : { "-h", "-?", "--help", "--help-all", "-v", "--version" }) {
            if (qstrcmp(argv[i], option) == 0)
                qputenv("QT_QPA_PLATFORM", "offscreen");
        }
    }
    return runGui(argc, argv, started);
}
