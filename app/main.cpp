// SPDX-License-Identifier: GPL-3.0-or-later
#include "Cli.h"
#include "DemoRecord.h"
#include "InterfaceTranslators.h"
#include "MainWindow.h"
#include "PreviewPane.h"
#include "SettingsDialog.h"
#include "SettingsKeys.h"
#include "Store.h"
#include "ThemeText.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <utility>

// __GLIBC__ comes with the C library's headers (<cstdio> above): mallopt() is glibc's.
#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace LedgerCurator;

namespace {

const QString kAppId = QStringLiteral("io.github.ledgercurator.LedgerCurator");

//! Names the application, for the window and the subcommands alike, so that both find their
//! settings in ~/.config/ledger-curator/ledger-curator.conf and their data (the cache, the signing
//! keys) in ~/.local/share/ledger-curator (docs/settings.md).
void setIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("ledger-curator"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LC_VERSION));
    // The organization is named by its domain, not its name: on Linux QSettings takes the domain
    // when there is no name (the folder ledger-curator/ under ~/.config), while QStandardPaths
    // puts an organization *name* in front of every data folder, which would move the default
    // cache from ~/.local/share/ledger-curator to ~/.local/share/ledger-curator/ledger-curator
    // and leave the user's corrections behind.
    QCoreApplication::setOrganizationDomain(QStringLiteral("ledger-curator"));
}

//! The message handler before quietRuntimeDirNote() (Qt's own, unless another was installed).
QtMessageHandler previousMessageHandler = nullptr;

//! Drops exactly one message, Qt's "QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to
//! '/tmp/runtime-USER'", and hands every other message on. A QGuiApplication (export-pdf, which
//! lays out text, and --help and --version, which print without a display) looks for a Flatpak
//! sandbox as it starts (QStandardPaths::locate(RuntimeLocation, "flatpak-info")), and without
//! XDG_RUNTIME_DIR, as on CI or over ssh, Qt warns of the folder it falls back to. Nothing of the
//! command line uses that folder, and a command that did what it was asked says nothing on
//! standard error. Setting XDG_RUNTIME_DIR ourselves would have Qt (and any child) trust a
//! folder that is not the session's; the warning is what is wrong, so only it is dropped.
void quietRuntimeDirNote(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtWarningMsg
        && message.startsWith(
            QLatin1StringView("QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to ")))
        return;
    previousMessageHandler(type, context, message);
}

//! For the subcommands and the app's --help and --version: installs quietRuntimeDirNote().
void quietenCommandLine()
{
    if (!previousMessageHandler) // once: installed twice, it would hand messages to itself
        previousMessageHandler = qInstallMessageHandler(quietRuntimeDirNote);
}

//! Moves the settings file from where earlier versions kept it, once, when there is none in its
//! place yet: with no organization, Qt wrote ~/.config/Unknown Organization/ledger-curator.conf,
//! and the documentation said ~/.config/ledger-curator.conf (a user may have put it there).
void moveOldSettings()
{
    const QString current = QSettings().fileName();
    if (QFileInfo::exists(current))
        return;
    const QDir config(QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation));
    for (const QString &name : { QStringLiteral("Unknown Organization/ledger-curator.conf"),
             QStringLiteral("ledger-curator.conf") }) {
        const QString old = config.filePath(name);
        if (!QFileInfo(old).isFile())
            continue;
        QDir().mkpath(QFileInfo(current).absolutePath());
        // A copy when the rename fails (another file system): the old file then stays, unread.
        if (!QFile::rename(old, current))
            QFile::copy(old, current);
        return;
    }
}

//! The options of the desktop app (no subcommand), for --help and for checking the arguments
//! before a display is opened.
struct GuiOptions
{
    QCommandLineOption db { QStringLiteral("db"),
        QCoreApplication::translate("main", "The cache file."), QStringLiteral("PATH"),
        defaultCachePath() };
    QCommandLineOption benchmark { QStringLiteral("benchmark-startup"),
        QStringLiteral("Print startup figures and quit.") };

    void addTo(QCommandLineParser &parser)
    {
        parser.setApplicationDescription(QCoreApplication::translate("main",
            "Curate Paper Citation Records. Without a subcommand, opens the "
            "window on the cache, importing and showing each FILE named "
            "(ledger page text or record JSON), as File > Import does.\n\n"
            "Subcommands (ledger-curator SUBCOMMAND --help describes one): %1.")
                                             .arg(subcommandNames().join(QStringLiteral(", "))));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOption(db);
        benchmark.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(benchmark);
        parser.addPositionalArgument(QStringLiteral("FILE"),
            QCoreApplication::translate("main",
                "A ledger page (.txt) or record JSON "
                "(.json) to import and show."),
            QStringLiteral("[FILE...]"));
    }
};

//! Bad usage of the desktop app, told on standard error before any display is opened:
//! status 2, as the subcommands do.
int usageError(const QString &message)
{
    QTextStream err(stderr);
    err << "ledger-curator: " << message << Qt::endl
        << QCoreApplication::translate("main", "Try 'ledger-curator --help'.") << Qt::endl;
    return ExitBadInput;
}

//! `arguments` without Qt's own options, which QApplication takes for itself (its documentation:
//! QGuiApplication's and QApplication's "command line options"), with the value of those that
//! have one: "-reverse", "-style Fusion", "-style=Fusion", "--platform offscreen" and so on.
QStringList withoutQtOptions(const QStringList &arguments)
{
    static const QStringList withValue { QStringLiteral("platform"),
        QStringLiteral("platformpluginpath"), QStringLiteral("platformtheme"),
        QStringLiteral("plugin"), QStringLiteral("qwindowgeometry"), QStringLiteral("qwindowicon"),
        QStringLiteral("qwindowtitle"), QStringLiteral("session"), QStringLiteral("display"),
        QStringLiteral("geometry"), QStringLiteral("style"), QStringLiteral("stylesheet") };
    static const QStringList alone { QStringLiteral("reverse"), QStringLiteral("widgetcount"),
        QStringLiteral("nograb"), QStringLiteral("dograb"), QStringLiteral("testability") };
    QStringList kept;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &argument = arguments[i];
        if (i == 0 || !argument.startsWith(u'-') || argument == QStringLiteral("--")) {
            kept.append(argument);
            continue;
        }
        const QString name
            = argument.mid(argument.startsWith(QStringLiteral("--")) ? 2 : 1).section(u'=', 0, 0);
        if (alone.contains(name) || name == QStringLiteral("qmljsdebugger"))
            continue;
        if (withValue.contains(name)) {
            if (!argument.contains(u'=') && i + 1 < arguments.size())
                ++i; // its value
            continue;
        }
        kept.append(argument);
    }
    return kept;
}

//! Checks the arguments of the desktop app: options it knows, FILEs that exist. -1 when they are
//! fine, else the exit status (the message printed).
int checkGuiArguments(int argc, char *argv[])
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    arguments = withoutQtOptions(arguments);
    QCommandLineParser parser;
    GuiOptions options;
    options.addTo(parser);
    if (!parser.parse(arguments))
        return usageError(parser.errorText());
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"))
        || parser.isSet(QStringLiteral("version")))
        return -1;
    // A mistyped --db is told here, before a window opens (the cache's folder is made only for
    // the default location: Store::open()).
    if (const QString db = parser.value(options.db);
        parser.isSet(options.db) && !QFileInfo(db).dir().exists())
        return usageError(QCoreApplication::translate(
            "main", "%1: the folder %2 does not exist; nothing was created")
                              .arg(db, QFileInfo(db).absolutePath()));
    for (const QString &file : parser.positionalArguments()) {
        const QFileInfo info(file);
        if (isSubcommand(file))
            return usageError(QCoreApplication::translate("main",
                "'%1' is a subcommand: name it first, as in "
                "'ledger-curator %1 ... --db PATH'")
                                  .arg(file));
        if (info.isDir())
            return usageError(
                QCoreApplication::translate("main", "%1: is a folder, not a file").arg(file));
        if (info.isFile())
            continue;
        if (file.contains(u'/') || file.contains(u'.'))
            return usageError(QCoreApplication::translate("main", "%1: no such file").arg(file));
        return usageError(QCoreApplication::translate("main",
            "'%1' is neither a subcommand nor a file; the "
            "subcommands are %2")
                              .arg(file, subcommandNames().join(QStringLiteral(", "))));
    }
    return -1;
}

//! The locale of the interface: the one chosen in Settings (ui/language), else the system's. A
//! system locale of the chosen language keeps its country's conventions (de_AT, fr_CA).
QLocale interfaceLocale()
{
    const QString language = QSettings().value(SettingsKeys::kLanguage).toString();
    if (language.isEmpty() || !SettingsDialog::languageCodes().contains(language))
        return QLocale::system();
    const QLocale chosen(language);
    return QLocale::system().language() == chosen.language() ? QLocale::system() : chosen;
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
//! (the window shown with its record list filled, the first rows of the first record painted,
//! the whole first record shown, its page preview shown, the peak resident memory) and quits
//! once the first record's preview is shown, or after a minute.
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
    QObject::connect(&window, &MainWindow::firstRowsShown, &window, [&window, &started, print] {
        // Painted now, as the event loop would next: the time the librarian sees rows.
        if (auto *table = window.findChild<QAbstractItemView *>(QStringLiteral("observationTable")))
            table->viewport()->repaint();
        print("first-rows-ms", double(started.nsecsElapsed()) / 1e6);
    });
    // The whole record in the table (editable), then its page in the preview: at once for a
    // small page (setRecord() sends previewShown before recordShown), from a worker thread for a
    // large one.
    auto *preview = window.findChild<PreviewPane *>(QStringLiteral("previewPane"));
    auto previewDone = [&started, print, finish, done = std::make_shared<bool>(false)] {
        if (std::exchange(*done, true))
            return;
        print("preview-shown-ms", double(started.nsecsElapsed()) / 1e6);
        // Let the views paint the record before the memory is read.
        QTimer::singleShot(200, finish);
    };
    auto recordShown = std::make_shared<bool>(false);
    QObject::connect(&window, &MainWindow::recordShown, &window,
        [&started, print, recordShown, preview, previewDone] {
            if (*recordShown)
                return;
            *recordShown = true;
            print("record-shown-ms", double(started.nsecsElapsed()) / 1e6);
            if (!preview || !preview->isBuilding())
                previewDone();
        });
    if (preview) {
        QObject::connect(preview, &PreviewPane::previewShown, &window, [recordShown, previewDone] {
            if (*recordShown)
                previewDone(); // else the page of the first rows, or of a small page just set
        });
    }
    QTimer::singleShot(60000, &window, finish);
}

int runGui(int argc, char *argv[], const QElapsedTimer &started)
{
#ifdef __GLIBC__
    // Two malloc arenas, not one per thread: a record is read on a worker thread and then lives
    // on the GUI thread, and with an arena per thread the memory the worker freed could not serve
    // the GUI thread (peak resident 435 MB instead of 372 MB for a 200,000-observation record).
    // Not one either: every thread then took the one arena's lock for each malloc, and the
    // threads that build the preview and the GUI thread waited on each other (the preview of the
    // 200,000-observation record 1.7 to 1.9 s with one, 1.3 to 1.6 s with two; a peak of 270
    // against 274 MB; docs/benchmarks.md). Only glibc has mallopt() and M_ARENA_MAX; other C
    // libraries keep their allocator's ways.
    mallopt(M_ARENA_MAX, 2);
#endif
    QApplication app(argc, argv);
    setIdentity();
    moveOldSettings();
    QApplication::setApplicationDisplayName(QStringLiteral("Ledger Curator"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.ledgercurator.LedgerCurator"));

    // The language chosen in Settings, else the system's: for our strings, Qt's own (standard
    // buttons and dialogs), and numbers and dates.
    const QLocale locale = interfaceLocale();
    QLocale::setDefault(locale);
    InterfaceTranslators translators;
    if (!translators.install(locale))
        qWarning("ledger-curator: the English plurals (:/i18n/ledger-curator_en.qm) are missing");
    // The installed theme icon, else the one built in (the SVG needs Qt's SVG icon engine,
    // libqt6svg6 on Debian).
    QApplication::setWindowIcon(QIcon::fromTheme(
        kAppId, QIcon(QStringLiteral(":/icons/") + kAppId + QStringLiteral(".svg"))));

    QCommandLineParser parser;
    GuiOptions options;
    options.addTo(parser);
    const QCommandLineOption &dbOption = options.db;
    const QCommandLineOption &benchmarkOption = options.benchmark;
    parser.process(app);

    Store store(parser.value(dbOption));
    if (auto opened = store.open(); !opened) {
        QMessageBox::critical(nullptr, QApplication::translate("main", "Ledger Curator"),
            QApplication::translate("main", "The cache could not be opened:\n%1")
                .arg(opened.error().toString()));
        return ExitFailure;
    }
    // Settings > Contrast: the system's palette, or the high-contrast one.
    if (contrastSetting() == ContrastChoice::High)
        applyContrast(ContrastChoice::High);
    // On the first start with an empty cache, the window opens on the demo page.
    const std::unique_ptr<MainWindow> window = openStartWindow(store);
    window->show();
    // ledger-curator FILE...: imported and shown as File > Import does (checked to exist in
    // main()).
    window->openFiles(parser.positionalArguments());
    if (parser.isSet(benchmarkOption))
        benchmarkStartup(app, *window, started);
    return app.exec();
}

} // namespace

int main(int argc, char *argv[])
{
    QElapsedTimer started;
    started.start();
    // A first argument that names a subcommand runs it: those need no display. Any other
    // argument that is not an option is a FILE for the window to import and show.
    if (argc > 1 && isSubcommand(QString::fromLocal8Bit(argv[1]))) {
        // export-pdf lays out text: fonts need a QGuiApplication, and "offscreen" needs no display.
        const bool needsFonts = qstrcmp(argv[1], "export-pdf") == 0;
        if (needsFonts)
            qputenv("QT_QPA_PLATFORM", "offscreen");
        quietenCommandLine();
        const std::unique_ptr<QCoreApplication> app = needsFonts
            ? std::make_unique<QGuiApplication>(argc, argv)
            : std::make_unique<QCoreApplication>(argc, argv);
        setIdentity();
        moveOldSettings();
        QTextStream out(stdout);
        QTextStream err(stderr);
        const int status = runCli(QCoreApplication::arguments(), out, err);
        out.flush();
        err.flush();
        return status;
    }
    // Bad options and missing files are told before a display is needed.
    if (const int status = checkGuiArguments(argc, argv); status >= 0)
        return status;
    // --help and --version only print: like the subcommands, they need no display.
    for (int i = 1; i < argc; ++i) {
        for (const char *option : { "-h", "-?", "--help", "--help-all", "-v", "--version" }) {
            if (qstrcmp(argv[i], option) == 0) {
                qputenv("QT_QPA_PLATFORM", "offscreen");
                quietenCommandLine();
            }
        }
    }
    return runGui(argc, argv, started);
}
