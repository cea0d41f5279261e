// SPDX-License-Identifier: GPL-3.0-or-later
// Desktop integration and packaging (issue 9): the desktop file and the AppStream metadata pass
// their validators, the man pages format cleanly, both executables answer --help and --version
// without a display, and `cpack -G DEB` builds a .deb that holds everything that is installed.
#include <QDir>
#include <QFile>
#include <QHash>
#include <QImage>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kAppId = QStringLiteral("io.github.ledgercurator.LedgerCurator");
const QString kVersion = QStringLiteral(LC_VERSION);

QString sourcePath(const QString &relative)
{
    return QDir(QStringLiteral(LC_SOURCE_DIR)).filePath(relative);
}

struct Run
{
    int exitCode = -1;
    bool finished = false;
    QString out;
    QString err;
};

//! Runs PROGRAM to its end with no display at all: what --help and --version must survive.
Run run(const QString &program, const QStringList &arguments, int timeoutMs = 60000,
    const QString &workingDirectory = {})
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char *name : { "DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM" })
        environment.remove(QString::fromLatin1(name));
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    process.setProcessEnvironment(environment);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start(program, arguments);
    Run result;
    result.finished = process.waitForFinished(timeoutMs);
    if (!result.finished)
        process.kill();
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

QString tool(const char *name)
{
    return QStandardPaths::findExecutable(QString::fromLatin1(name));
}

} // namespace

class TestPackaging : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void desktopFileValidates();
    void metainfoValidates();
    void filesNameTheSameApplication();
    void desktopAndMetainfoAreTranslated();
    void manPagesFormat_data();
    void manPagesFormat();
    void versionAndHelp_data();
    void versionAndHelp();
    void helpListsEverySubcommand();
    void debHoldsEverythingInstalled();
};

void TestPackaging::desktopFileValidates()
{
    const QString validator = tool("desktop-file-validate");
    if (validator.isEmpty())
        QSKIP("desktop-file-validate is not installed (Debian: desktop-file-utils; "
              "scripts/setup-debian.sh installs it)");
    const Run r = run(validator,
        { sourcePath(QStringLiteral("resources/") + kAppId + QStringLiteral(".desktop")) });
    QVERIFY(r.finished);
    // Hints (several main categories, as asked for) are fine; errors and warnings are not.
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(
        !r.out.contains(QStringLiteral("error:")) && !r.out.contains(QStringLiteral("warning:")),
        qPrintable(r.out));
}

void TestPackaging::metainfoValidates()
{
    const QString validator = tool("appstreamcli");
    if (validator.isEmpty())
        QSKIP("appstreamcli is not installed (Debian: appstream; scripts/setup-debian.sh installs "
              "it)");
    const Run r = run(validator,
        { QStringLiteral("validate"), QStringLiteral("--no-net"),
            sourcePath(QStringLiteral("resources/") + kAppId + QStringLiteral(".metainfo.xml")) });
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));

    // Every screenshot it names is in docs/screenshots (the URL's path after ".../main/") with
    // the width and height it declares (tst_accessibility takes them).
    QFile file(sourcePath(QStringLiteral("resources/") + kAppId + QStringLiteral(".metainfo.xml")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString xml = QString::fromUtf8(file.readAll());
    static const QRegularExpression image(QStringLiteral(
        R"re(<image type="source" width="(\d+)" height="(\d+)">[^<]*/main/([^<]+)</image>)re"));
    int screenshots = 0;
    for (const QRegularExpressionMatch &m : image.globalMatch(xml)) {
        ++screenshots;
        const QImage shot(sourcePath(m.captured(3)));
        QVERIFY2(!shot.isNull(), qPrintable(m.captured(3)));
        QCOMPARE(shot.size(), QSize(m.captured(1).toInt(), m.captured(2).toInt()));
    }
    QCOMPARE(screenshots, 2);
}

void TestPackaging::desktopAndMetainfoAreTranslated()
{
    // What a software centre or a menu shows, in German and French as the interface is.
    QFile desktop(sourcePath(QStringLiteral("resources/") + kAppId + QStringLiteral(".desktop")));
    QVERIFY(desktop.open(QIODevice::ReadOnly));
    const QString entry = QString::fromUtf8(desktop.readAll());
    for (const QString &key :
        { QStringLiteral("GenericName"), QStringLiteral("Comment"), QStringLiteral("Keywords") }) {
        for (const QString &language : { QStringLiteral("de"), QStringLiteral("fr") }) {
            const QString line = u'\n' + key + u'[' + language + QStringLiteral("]=");
            QVERIFY2(entry.contains(line), qPrintable(key + u'[' + language + u']'));
        }
    }
    QFile metainfo(
        sourcePath(QStringLiteral("resources/") + kAppId + QStringLiteral(".metainfo.xml")));
    QVERIFY(metainfo.open(QIODevice::ReadOnly));
    const QString xml = QString::fromUtf8(metainfo.readAll());
    // Each text element (summary, paragraph, list item, caption) once in English and once in
    // each language.
    static const QRegularExpression element(
        QStringLiteral(R"re(<(summary|p|li|caption)(?: xml:lang="([a-z]+)")?>)re"));
    QHash<QString, int> count;
    for (const QRegularExpressionMatch &m : element.globalMatch(xml))
        ++count[m.captured(1) + u'/' + m.captured(2)];
    for (const QString &name : { QStringLiteral("summary"), QStringLiteral("p"),
             QStringLiteral("li"), QStringLiteral("caption") }) {
        const int english = count.value(name + u'/');
        QVERIFY2(english > 0, qPrintable(name));
        QCOMPARE(count.value(name + QStringLiteral("/de")), english);
        QCOMPARE(count.value(name + QStringLiteral("/fr")), english);
    }
}

void TestPackaging::filesNameTheSameApplication()
{
    // The desktop file's Icon and the metainfo's id and launchable all use the application id,
    // and the icon is there under that name.
    QSettings desktop(
        sourcePath(QStringLiteral("resources/") + kAppId + QStringLiteral(".desktop")),
        QSettings::IniFormat);
    desktop.beginGroup(QStringLiteral("Desktop Entry"));
    QCOMPARE(desktop.value(QStringLiteral("Icon")).toString(), kAppId);
    QCOMPARE(desktop.value(QStringLiteral("Exec")).toString().section(u' ', 0, 0),
        QStringLiteral("ledger-curator"));
    // Files opened with the app (a file manager's "Open With") are imported and shown.
    QCOMPARE(desktop.value(QStringLiteral("Exec")).toString(), QStringLiteral("ledger-curator %F"));

    QFile metainfo(
        sourcePath(QStringLiteral("resources/") + kAppId + QStringLiteral(".metainfo.xml")));
    QVERIFY(metainfo.open(QIODevice::ReadOnly));
    const QString xml = QString::fromUtf8(metainfo.readAll());
    QVERIFY(xml.contains(QStringLiteral("<id>") + kAppId + QStringLiteral("</id>")));
    QVERIFY(xml.contains(QStringLiteral("<launchable type=\"desktop-id\">") + kAppId
        + QStringLiteral(".desktop</launchable>")));
    QVERIFY(xml.contains(QStringLiteral("<release version=\"") + kVersion + u'"'));
    QVERIFY(xml.contains(QStringLiteral("<project_license>GPL-3.0-or-later</project_license>")));

    QFile icon(sourcePath(QStringLiteral("resources/icons/") + kAppId + QStringLiteral(".svg")));
    QVERIFY(icon.open(QIODevice::ReadOnly));
    QVERIFY(icon.readAll().contains("<svg"));
}

void TestPackaging::manPagesFormat_data()
{
    QTest::addColumn<QString>("page");
    QTest::newRow("ledger-curator") << QStringLiteral("ledger-curator");
    QTest::newRow("ledger-server") << QStringLiteral("ledger-server");
}

void TestPackaging::manPagesFormat()
{
    QFETCH(QString, page);
    const QString path = sourcePath(QStringLiteral("docs/man/") + page + QStringLiteral(".1"));
    QVERIFY(QFile::exists(path));
    const QString groff = tool("groff");
    if (groff.isEmpty())
        QSKIP("groff is not installed (Debian: groff-base)");
    // -ww: every warning; -z: format, print nothing. A clean page says nothing on stderr.
    const Run check = run(groff,
        { QStringLiteral("-man"), QStringLiteral("-Tutf8"), QStringLiteral("-ww"),
            QStringLiteral("-z"), path });
    QVERIFY(check.finished);
    QCOMPARE(check.exitCode, 0);
    QVERIFY2(check.err.isEmpty(), qPrintable(check.err));

    // The page names every subcommand the program knows.
    // -P-cbou: plain text, without escape sequences or overstriking for bold and underline.
    const Run text = run(groff,
        { QStringLiteral("-man"), QStringLiteral("-Tutf8"), QStringLiteral("-P-cbou"), path });
    const QStringList commands = page == u"ledger-server"
        ? QStringList { QStringLiteral("serve"), QStringLiteral("import"),
              QStringLiteral("import-notices"), QStringLiteral("token add"),
              QStringLiteral("works import"), QStringLiteral("works stats") }
        : QStringList { QStringLiteral("import"), QStringLiteral("list"), QStringLiteral("show"),
              QStringLiteral("render"), QStringLiteral("export-pdf"), QStringLiteral("identity"),
              QStringLiteral("curate"), QStringLiteral("undo"), QStringLiteral("history"),
              QStringLiteral("check"), QStringLiteral("import-notices"), QStringLiteral("notices"),
              QStringLiteral("review"), QStringLiteral("remove"), QStringLiteral("sync"),
              QStringLiteral("export-bundle"), QStringLiteral("verify-bundle"),
              QStringLiteral("import-bundle"), QStringLiteral("works import"),
              QStringLiteral("works stats") };
    QString plain = text.out;
    plain.remove(QRegularExpression(QStringLiteral("\x1b\\[[0-9;]*m|.\b")));
    plain.replace(QChar(0x2010), u'-'); // hyphen
    plain.replace(QChar(0x2212), u'-'); // minus
    for (const QString &command : commands)
        QVERIFY2(plain.contains(page + u' ' + command), qPrintable(page + u' ' + command));
    for (const char *section : { "SYNOPSIS", "EXIT STATUS", "FILES", "EXAMPLES" })
        QVERIFY2(plain.contains(QString::fromLatin1(section)), section);
}

void TestPackaging::versionAndHelp_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("expected");
    const QString curator = QStringLiteral(LC_CLI_PATH);
    const QString server = QStringLiteral(LC_SERVER_PATH);
    QTest::newRow("ledger-curator --version")
        << curator << QStringLiteral("--version") << QStringLiteral("ledger-curator ") + kVersion;
    QTest::newRow("ledger-curator --help")
        << curator << QStringLiteral("--help") << QStringLiteral("--db");
    QTest::newRow("ledger-server --version")
        << server << QStringLiteral("--version") << QStringLiteral("ledger-server ") + kVersion;
    QTest::newRow("ledger-server --help")
        << server << QStringLiteral("--help") << QStringLiteral("ledger-server serve");
}

void TestPackaging::versionAndHelp()
{
    QFETCH(QString, program);
    QFETCH(QString, option);
    QFETCH(QString, expected);
    const Run r = run(program, { option });
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(expected), qPrintable(r.out));
}

void TestPackaging::helpListsEverySubcommand()
{
    // `ledger-curator --help` names every subcommand, and each of them answers its own --help.
    const QStringList subcommands = { QStringLiteral("import"), QStringLiteral("import-notices"),
        QStringLiteral("notices"), QStringLiteral("list"), QStringLiteral("show"),
        QStringLiteral("search"), QStringLiteral("render"), QStringLiteral("export-pdf"),
        QStringLiteral("identity"), QStringLiteral("curate"), QStringLiteral("undo"),
        QStringLiteral("history"), QStringLiteral("suggest"), QStringLiteral("report"),
        QStringLiteral("review"), QStringLiteral("check"), QStringLiteral("remove"),
        QStringLiteral("sync"), QStringLiteral("export-bundle"), QStringLiteral("verify-bundle"),
        QStringLiteral("import-bundle"), QStringLiteral("works") };
    const Run help = run(QStringLiteral(LC_CLI_PATH), { QStringLiteral("--help") });
    QVERIFY(help.finished);
    QCOMPARE(help.exitCode, 0);
    QString text = help.out;
    text.replace(u'\n', u' ');
    text = text.simplified();
    const QRegularExpression listed(QStringLiteral("Subcommands \\([^)]*\\): ([a-z, -]+)\\."));
    const QRegularExpressionMatch match = listed.match(text);
    QVERIFY2(match.hasMatch(), qPrintable(help.out));
    QStringList names = match.captured(1).split(QStringLiteral(", "));
    for (QString &name : names)
        name = name.trimmed();
    QCOMPARE(names, subcommands);
    QVERIFY2(help.out.contains(QStringLiteral("[FILE...]")), qPrintable(help.out));
    for (const QString &subcommand : subcommands) {
        const Run own = run(QStringLiteral(LC_CLI_PATH), { subcommand, QStringLiteral("--help") });
        QVERIFY(own.finished);
        QVERIFY2(own.exitCode == 0, qPrintable(subcommand + u' ' + own.err));
        QVERIFY2(
            own.out.contains(QStringLiteral("ledger-curator ") + subcommand), qPrintable(own.out));
    }
}

void TestPackaging::debHoldsEverythingInstalled()
{
    const QString cpack = tool("cpack");
    const QString dpkgDeb = tool("dpkg-deb");
    if (cpack.isEmpty() || dpkgDeb.isEmpty())
        QSKIP("cpack or dpkg-deb is not installed");
    if (tool("dpkg-shlibdeps").isEmpty())
        QSKIP("dpkg-shlibdeps is not installed (Debian: dpkg-dev; scripts/setup-debian.sh installs "
              "it)");
    const QString config
        = QDir(QStringLiteral(LC_BINARY_DIR)).filePath(QStringLiteral("CPackConfig.cmake"));
    QVERIFY2(QFile::exists(config), qPrintable(config));

    QTemporaryDir out;
    QVERIFY(out.isValid());
    const Run packed = run(cpack,
        { QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("-B"), out.path(),
            QStringLiteral("--config"), config },
        10 * 60 * 1000, QStringLiteral(LC_BINARY_DIR));
    QVERIFY(packed.finished);
    QVERIFY2(packed.exitCode == 0, qPrintable(packed.out + packed.err));

    const QStringList debs = QDir(out.path()).entryList({ QStringLiteral("*.deb") }, QDir::Files);
    QCOMPARE(debs.size(), 1);
    QVERIFY2(debs.first().startsWith(QStringLiteral("ledger-curator_") + kVersion + u'_'),
        qPrintable(debs.first()));
    const QString deb = QDir(out.path()).filePath(debs.first());

    const Run contents = run(dpkgDeb, { QStringLiteral("-c"), deb });
    QCOMPARE(contents.exitCode, 0);
    QStringList files;
    for (const QString &line : contents.out.split(u'\n', Qt::SkipEmptyParts))
        files.append(line.section(u' ', -1)); // "drwxr-xr-x root/root 0 DATE TIME ./usr/bin/"
    const QStringList expected = {
        QStringLiteral("./usr/bin/ledger-curator"),
        QStringLiteral("./usr/bin/ledger-server"),
        QStringLiteral("./usr/share/applications/") + kAppId + QStringLiteral(".desktop"),
        QStringLiteral("./usr/share/metainfo/") + kAppId + QStringLiteral(".metainfo.xml"),
        QStringLiteral("./usr/share/icons/hicolor/scalable/apps/") + kAppId
            + QStringLiteral(".svg"),
    };
    for (const QString &file : expected)
        QVERIFY2(files.contains(file),
            qPrintable(file + QStringLiteral(" missing from:\n") + contents.out));
    for (const char *page : { "ledger-curator.1", "ledger-server.1" }) {
        const QString path = QStringLiteral("./usr/share/man/man1/") + QString::fromLatin1(page);
        QVERIFY2(files.contains(path) || files.contains(path + QStringLiteral(".gz")),
            qPrintable(path + QStringLiteral(" missing from:\n") + contents.out));
    }

    // The control fields: the name, the version, and Depends on the Qt 6 runtime.
    const Run fields = run(dpkgDeb,
        { QStringLiteral("-f"), deb, QStringLiteral("Package"), QStringLiteral("Version"),
            QStringLiteral("Depends") });
    QCOMPARE(fields.exitCode, 0);
    QVERIFY2(
        fields.out.contains(QStringLiteral("Package: ledger-curator")), qPrintable(fields.out));
    QVERIFY2(fields.out.contains(QStringLiteral("Version: ") + kVersion), qPrintable(fields.out));
    QVERIFY2(fields.out.contains(QStringLiteral("libqt6core6")), qPrintable(fields.out));
    QVERIFY2(fields.out.contains(QStringLiteral("libqt6sql6-sqlite")), qPrintable(fields.out));
    // The window icon is an SVG: the Qt SVG image plugin comes with libqt6svg6.
    QVERIFY2(fields.out.contains(QStringLiteral("libqt6svg6")), qPrintable(fields.out));
}

QTEST_GUILESS_MAIN(TestPackaging)
#include "tst_packaging.moc"
