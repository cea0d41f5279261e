// SPDX-License-Identifier: GPL-3.0-or-later
// The layout of docs/architecture.md, checked: every library of models/, server/, ui/ and
// app/ includes only the headers of the libraries its arrows point to; internal headers are
// included only by the libraries that own or share them; the domain (models/core) uses no Qt Sql,
// no Qt Gui and no file I/O; the ledger-server executable does not link Qt Gui; and threads
// start in at most six files, none of models/core (docs/threads.md).
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QtTest>

namespace {

QString sourcePath(const QString &relative)
{
    return QDir(QStringLiteral(LC_SOURCE_DIR)).filePath(relative);
}

//! The folders that hold the libraries, relative to the source root, and the libraries each may
//! include from (its own included). The same arrows as docs/architecture.md.
const QList<std::pair<QString, QStringList>> &arrows()
{
    static const QList<std::pair<QString, QStringList>> table = {
        { QStringLiteral("models/internal"), {} },
        { QStringLiteral("models/core"), {} },
        { QStringLiteral("models/trust"),
            { QStringLiteral("models/core"), QStringLiteral("models/internal") } },
        { QStringLiteral("models/sqlite"), { QStringLiteral("models/internal") } },
        { QStringLiteral("models/sqlite/internal"),
            { QStringLiteral("models/core"), QStringLiteral("models/sqlite"),
                QStringLiteral("models/internal") } },
        { QStringLiteral("models/formats"),
            { QStringLiteral("models/core"), QStringLiteral("models/internal"),
                QStringLiteral("models/formats/internal"), QStringLiteral("models/sqlite") } },
        { QStringLiteral("models/formats/internal"), {} },
        { QStringLiteral("models/works"),
            { QStringLiteral("models/core"), QStringLiteral("models/internal"),
                QStringLiteral("models/formats"), QStringLiteral("models/sqlite"),
                QStringLiteral("models/sqlite/internal") } },
        { QStringLiteral("models/storage"),
            { QStringLiteral("models/core"), QStringLiteral("models/formats"),
                QStringLiteral("models/works"), QStringLiteral("models/trust"),
                QStringLiteral("models/sqlite"), QStringLiteral("models/sqlite/internal"),
                QStringLiteral("models/storage/internal"), QStringLiteral("models/internal") } },
        { QStringLiteral("models/storage/internal"),
            { QStringLiteral("models/storage"), QStringLiteral("models/sqlite/internal") } },
        { QStringLiteral("models/sync"),
            { QStringLiteral("models/core"), QStringLiteral("models/formats"),
                QStringLiteral("models/works"), QStringLiteral("models/trust"),
                QStringLiteral("models/storage"), QStringLiteral("models/sync/internal"),
                QStringLiteral("models/internal") } },
        { QStringLiteral("models/sync/internal"),
            { QStringLiteral("models/core"), QStringLiteral("models/formats"),
                QStringLiteral("models/storage"), QStringLiteral("models/sync"),
                QStringLiteral("models/internal") } },
        { QStringLiteral("models/present"),
            { QStringLiteral("models/core"), QStringLiteral("models/formats"),
                QStringLiteral("models/works"), QStringLiteral("models/trust"),
                QStringLiteral("models/storage"), QStringLiteral("models/sqlite"),
                QStringLiteral("models/internal") } },
        { QStringLiteral("server/http"), {} },
        { QStringLiteral("server"),
            { QStringLiteral("models/core"), QStringLiteral("models/formats"),
                QStringLiteral("models/works"), QStringLiteral("models/trust"),
                QStringLiteral("models/sqlite"), QStringLiteral("models/sqlite/internal"),
                QStringLiteral("server/http") } },
        { QStringLiteral("ui"),
            { QStringLiteral("models/core"), QStringLiteral("models/formats"),
                QStringLiteral("models/works"), QStringLiteral("models/trust"),
                QStringLiteral("models/storage"), QStringLiteral("models/sync"),
                QStringLiteral("models/present"), QStringLiteral("models/sqlite") } },
        { QStringLiteral("app"),
            { QStringLiteral("ui"), QStringLiteral("models/core"), QStringLiteral("models/formats"),
                QStringLiteral("models/works"), QStringLiteral("models/trust"),
                QStringLiteral("models/storage"), QStringLiteral("models/sync"),
                QStringLiteral("models/present"), QStringLiteral("models/sqlite"),
                QStringLiteral("models/internal") } },
    };
    return table;
}

//! The C++ files directly in FOLDER (not in its subfolders).
QStringList sourcesIn(const QString &folder)
{
    QStringList files;
    const QDir dir(sourcePath(folder));
    for (const QFileInfo &info :
        dir.entryInfoList({ QStringLiteral("*.cpp"), QStringLiteral("*.h") }, QDir::Files))
        files.append(info.absoluteFilePath());
    return files;
}

//! Which folder of arrows() holds each header, by file name (names are unique across them).
QHash<QString, QString> headerHomes()
{
    QHash<QString, QString> homes;
    for (const auto &[folder, allowed] : arrows()) {
        Q_UNUSED(allowed)
        for (const QString &file : sourcesIn(folder)) {
            if (file.endsWith(QStringLiteral(".h")))
                homes.insert(QFileInfo(file).fileName(), folder);
        }
    }
    return homes;
}

QStringList includesOf(const QString &file, bool quoted)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(in.readAll());
    static const QRegularExpression quotedInclude(
        QStringLiteral("^\\s*#\\s*include\\s+\"([^\"]+)\""), QRegularExpression::MultilineOption);
    static const QRegularExpression angleInclude(
        QStringLiteral("^\\s*#\\s*include\\s+<([^>]+)>"), QRegularExpression::MultilineOption);
    QStringList names;
    auto matches = (quoted ? quotedInclude : angleInclude).globalMatch(text);
    while (matches.hasNext())
        names.append(matches.next().captured(1));
    return names;
}

//! The library a folder of arrows() belongs to, by the name docs/architecture.md draws it with:
//! an internal/ folder counts as its library's, models/internal (a few header-only helpers) as
//! none.
QString libraryName(const QString &folder)
{
    if (folder == QStringLiteral("models/internal"))
        return {};
    QString library = folder;
    if (library.endsWith(QStringLiteral("/internal")))
        library.chop(int(qstrlen("/internal")));
    return library.section(u'/', -1);
}

//! "from->to" for each arrow between two libraries, as libraryName() names them.
void addArrow(QSet<QString> &arrows, const QString &fromFolder, const QString &toFolder)
{
    const QString from = libraryName(fromFolder);
    const QString to = libraryName(toFolder);
    if (!from.isEmpty() && !to.isEmpty() && from != to)
        arrows.insert(from + QStringLiteral("->") + to);
}

QSet<QString> allowedArrows()
{
    QSet<QString> arrowSet;
    for (const auto &[folder, allowed] : arrows()) {
        for (const QString &to : allowed)
            addArrow(arrowSet, folder, to);
    }
    return arrowSet;
}

//! The arrows the includes of the sources use.
QSet<QString> usedArrows()
{
    const QHash<QString, QString> homes = headerHomes();
    QSet<QString> arrowSet;
    for (const auto &[folder, allowed] : arrows()) {
        Q_UNUSED(allowed)
        for (const QString &file : sourcesIn(folder)) {
            for (const QString &header : includesOf(file, true)) {
                if (const QString home = homes.value(header); !home.isEmpty())
                    addArrow(arrowSet, folder, home);
            }
        }
    }
    return arrowSet;
}

QString readSource(const QString &relative)
{
    QFile in(sourcePath(relative));
    return in.open(QIODevice::ReadOnly) ? QString::fromUtf8(in.readAll()) : QString();
}

//! The arrows of the mermaid graph in docs/architecture.md: "a[label] --> b & c".
QSet<QString> mermaidArrows()
{
    const QString text = readSource(QStringLiteral("docs/architecture.md"));
    const qsizetype start = text.indexOf(QStringLiteral("```mermaid"));
    const qsizetype end = text.indexOf(QStringLiteral("```"), start + 10);
    if (start < 0 || end < 0)
        return {};
    static const QRegularExpression name(QStringLiteral("^\\s*([A-Za-z]+)"));
    QSet<QString> arrowSet;
    for (const QString &line : text.mid(start, end - start).split(u'\n')) {
        const qsizetype arrow = line.indexOf(QStringLiteral("-->"));
        if (arrow < 0)
            continue;
        const QString from = name.match(line.left(arrow)).captured(1);
        for (const QString &target : line.mid(arrow + 3).split(u'&'))
            arrowSet.insert(from + QStringLiteral("->") + name.match(target).captured(1));
    }
    return arrowSet;
}

//! The arrows of docs/architecture.dot: "a -> b;", "a -> { b c }", "{ a b } -> c".
QSet<QString> dotArrows()
{
    const QString text = readSource(QStringLiteral("docs/architecture.dot"));
    static const QRegularExpression edge(
        QStringLiteral("^\\s*(\\{[^}]*\\}|\\w+)\\s*->\\s*(\\{[^}]*\\}|\\w+)"),
        QRegularExpression::MultilineOption);
    auto names = [](QString side) {
        side.remove(u'{').remove(u'}');
        return side.split(u' ', Qt::SkipEmptyParts);
    };
    QSet<QString> arrowSet;
    auto matches = edge.globalMatch(text);
    while (matches.hasNext()) {
        const auto match = matches.next();
        for (const QString &from : names(match.captured(1))) {
            for (const QString &to : names(match.captured(2)))
                arrowSet.insert(from + QStringLiteral("->") + to);
        }
    }
    return arrowSet;
}

QString difference(const QSet<QString> &a, const QSet<QString> &b)
{
    QStringList only = (a - b).values();
    only.sort();
    return only.join(u' ');
}

//! One C++ source of the programs, by its path from the source root, with its text.
struct SourceFile
{
    QString relative;
    QString text;
};

//! Every *.cpp and *.h of app/, ui/, models/ and server/ (and of `more` folders), read.
QList<SourceFile> programSources(const QStringList &more = {})
{
    QList<SourceFile> sources;
    const QDir root(QStringLiteral(LC_SOURCE_DIR));
    for (const QString &top : QStringList { QStringLiteral("app"), QStringLiteral("ui"),
                                  QStringLiteral("models"), QStringLiteral("server") }
            + more) {
        QDirIterator it(sourcePath(top), { QStringLiteral("*.cpp"), QStringLiteral("*.h") },
            QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            QFile in(file);
            // An unreadable file keeps a null text: the checks below refuse it.
            sources.append({ root.relativeFilePath(file),
                in.open(QIODevice::ReadOnly) ? QString::fromUtf8(in.readAll()) : QString() });
        }
    }
    return sources;
}

} // namespace

class TestArchitecture : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyLibraryFolderIsKnown();
    void includesFollowTheArrows();
    void everyArrowIsUsed();
    void docsDrawTheArrows();
    void coreUsesNoSqlGuiOrFiles();
    void serverDoesNotLinkQtGui();
    void correctionsAreWrittenByTheOneWriter();
    void storeHandsOutNoDatabase();
    void commentsNameNoIssueNumber();
    void correctionFieldsHaveOneTable();
    void testSourcesStayUnder1000Lines();
    void threadsStartInFewPlaces();
};

void TestArchitecture::everyLibraryFolderIsKnown()
{
    // A new folder of models/ must take its place in the arrows (and in docs/architecture.md).
    QSet<QString> known;
    for (const auto &[folder, allowed] : arrows()) {
        Q_UNUSED(allowed)
        known.insert(folder);
    }
    QDirIterator it(sourcePath(QStringLiteral("models")), QDir::Dirs | QDir::NoDotAndDotDot,
        QDirIterator::Subdirectories);
    int folders = 0;
    while (it.hasNext()) {
        const QString folder = QDir(QStringLiteral(LC_SOURCE_DIR)).relativeFilePath(it.next());
        ++folders;
        QVERIFY2(
            known.contains(folder), qPrintable(folder + QStringLiteral(" is not in the arrows")));
    }
    QVERIFY(folders >= 7);
    // No source file is left at the top of models/: each lives in its library.
    QVERIFY2(sourcesIn(QStringLiteral("models")).isEmpty(),
        qPrintable(sourcesIn(QStringLiteral("models")).join(u' ')));
}

void TestArchitecture::includesFollowTheArrows()
{
    const QHash<QString, QString> homes = headerHomes();
    QVERIFY(homes.contains(QStringLiteral("Record.h")));
    QVERIFY(homes.contains(QStringLiteral("Store.h")));
    QStringList wrong;
    int checked = 0;
    for (const auto &[folder, allowed] : arrows()) {
        for (const QString &file : sourcesIn(folder)) {
            for (const QString &header : includesOf(file, true)) {
                const QString home = homes.value(header);
                if (home.isEmpty() || home == folder)
                    continue; // its own header, a generated one (ui_*.h) or one of another tree
                ++checked;
                if (!allowed.contains(home))
                    wrong.append(QDir(QStringLiteral(LC_SOURCE_DIR)).relativeFilePath(file)
                        + QStringLiteral(" includes ") + header + QStringLiteral(" of ") + home);
            }
        }
    }
    QVERIFY(checked > 50);
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u'\n')));
}

void TestArchitecture::everyArrowIsUsed()
{
    // An arrow no include uses is an arrow the page would draw for nothing.
    const QSet<QString> allowed = allowedArrows();
    const QSet<QString> used = usedArrows();
    QVERIFY(allowed.contains(QStringLiteral("app->ui")));
    QVERIFY(used.size() > 30);
    QVERIFY2(used == allowed,
        qPrintable(QStringLiteral("allowed but unused: ") + difference(allowed, used)
            + QStringLiteral("; used but not allowed: ") + difference(used, allowed)));
}

void TestArchitecture::docsDrawTheArrows()
{
    const QSet<QString> allowed = allowedArrows();
    const QSet<QString> mermaid = mermaidArrows();
    const QSet<QString> dot = dotArrows();
    QVERIFY2(mermaid == allowed,
        qPrintable(QStringLiteral("docs/architecture.md draws ") + difference(mermaid, allowed)
            + QStringLiteral(" that the code does not have, and misses ")
            + difference(allowed, mermaid)));
    QVERIFY2(dot == allowed,
        qPrintable(QStringLiteral("docs/architecture.dot draws ") + difference(dot, allowed)
            + QStringLiteral(" that the code does not have, and misses ")
            + difference(allowed, dot)));
}

void TestArchitecture::coreUsesNoSqlGuiOrFiles()
{
    static const QRegularExpression forbidden(QStringLiteral(
        "^(QSql|QtSql|QtGui|QColor|QFont|QPainter|QImage|QPixmap|QPalette|QGuiApplication|QUndo"
        "|QFile|QDir|QSaveFile|QTemporary|QStandardPaths|QSettings|QNetwork|QProcess|fstream|"
        "cstdio)"));
    QStringList wrong;
    int checked = 0;
    for (const QString &folder : { QStringLiteral("models/core") }) {
        for (const QString &file : sourcesIn(folder)) {
            for (const QString &header : includesOf(file, false)) {
                ++checked;
                if (forbidden.match(header).hasMatch())
                    wrong.append(
                        QFileInfo(file).fileName() + QStringLiteral(" includes <") + header + u'>');
            }
        }
    }
    QVERIFY(checked > 20);
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u'\n')));
}

void TestArchitecture::serverDoesNotLinkQtGui()
{
    const QString readelf = QStandardPaths::findExecutable(QStringLiteral("readelf"));
    QVERIFY2(!readelf.isEmpty(), "readelf (binutils) is needed");
    auto needed = [&readelf](const QString &binary) {
        QProcess process;
        process.start(readelf, { QStringLiteral("-d"), binary });
        if (!process.waitForFinished(60000) || process.exitCode() != 0)
            return QStringList { QStringLiteral("readelf failed on ") + binary };
        QStringList libraries;
        static const QRegularExpression entry(
            QStringLiteral("\\(NEEDED\\)\\s+Shared library: \\[([^\\]]+)\\]"));
        auto matches = entry.globalMatch(QString::fromUtf8(process.readAllStandardOutput()));
        while (matches.hasNext())
            libraries.append(matches.next().captured(1));
        return libraries;
    };
    const QStringList server = needed(QStringLiteral(LC_SERVER_PATH));
    QVERIFY2(server.contains(QStringLiteral("libQt6Core.so.6")), qPrintable(server.join(u' ')));
    QVERIFY2(server.contains(QStringLiteral("libQt6Network.so.6")), qPrintable(server.join(u' ')));
    // Its HTTP is server/http's, on Qt Network (docs/server-limits.md): Qt HttpServer 6.4 reads
    // whole bodies before a request can be judged.
    QVERIFY2(
        !server.contains(QStringLiteral("libQt6HttpServer.so.6")), qPrintable(server.join(u' ')));
    QVERIFY2(!server.contains(QStringLiteral("libQt6Gui.so.6")), qPrintable(server.join(u' ')));
    QVERIFY2(!server.contains(QStringLiteral("libQt6Widgets.so.6")), qPrintable(server.join(u' ')));
    // The same check on the app finds Qt Gui: the test can tell the two apart.
    const QStringList app = needed(QStringLiteral(LC_CLI_PATH));
    QVERIFY2(app.contains(QStringLiteral("libQt6Gui.so.6")), qPrintable(app.join(u' ')));
}

void TestArchitecture::correctionsAreWrittenByTheOneWriter()
{
    // Every correction is made, checked, signed and stored by CorrectionWriter
    // (docs/curation.md, "Recording a correction"): no other source of the programs signs an
    // event or stores a new one.
    static const QRegularExpression writes(QStringLiteral("\\b(signEvent|addCorrections)\\s*\\("));
    const QSet<QString> allowed { QStringLiteral("models/storage/CorrectionWriter.cpp"),
        QStringLiteral("models/trust/EventSignature.h"),
        QStringLiteral("models/trust/EventSignature.cpp"), QStringLiteral("models/storage/Store.h"),
        QStringLiteral("models/storage/Store.cpp") };
    QStringList wrong;
    const QList<SourceFile> sources = programSources();
    for (const SourceFile &source : sources) {
        QVERIFY2(!source.text.isNull(), qPrintable(source.relative));
        if (allowed.contains(source.relative))
            continue;
        if (const auto match = writes.match(source.text); match.hasMatch())
            wrong.append(source.relative + QStringLiteral(" calls ") + match.captured(1));
    }
    QVERIFY(sources.size() > 100);
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u'\n')));
}

void TestArchitecture::storeHandsOutNoDatabase()
{
    // The cache's connection stays in models/storage (docs/storage.md): Store::database() is
    // private, the works index is reached through CacheWorks.h and the outbox through Outbox.h,
    // and only the store's own files (and the tests, through lc_storage_internal) name
    // StoreConnection. Outside models/storage no source calls database() on anything: a
    // connection there is the store's.
    QFile header(sourcePath(QStringLiteral("models/storage/Store.h")));
    QVERIFY(header.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(header.readAll());
    const qsizetype classStart = text.indexOf(QStringLiteral("class Store final"));
    const qsizetype privateStart = text.indexOf(QStringLiteral("\nprivate:"), classStart);
    const qsizetype declaration = text.indexOf(QStringLiteral("QSqlDatabase database() const;"));
    QVERIFY(classStart >= 0 && privateStart > classStart);
    QVERIFY2(declaration > privateStart, "Store::database() is declared in the public part");
    QCOMPARE(text.count(QStringLiteral("database() const")), 1);

    static const QRegularExpression call(
        QStringLiteral("(\\.|->)\\s*database\\s*\\(\\s*\\)|\\bStoreConnection\\b"));
    QStringList wrong;
    int insideCalls = 0; // the same scan finds the store's own calls: the pattern works
    const QList<SourceFile> sources
        = programSources({ QStringLiteral("bench"), QStringLiteral("fuzz") });
    for (const SourceFile &source : sources) {
        QVERIFY2(!source.text.isNull(), qPrintable(source.relative));
        const QStringList lines = source.text.split(u'\n');
        for (qsizetype k = 0; k < lines.size(); ++k) {
            if (!call.match(lines[k]).hasMatch())
                continue;
            if (source.relative.startsWith(QStringLiteral("models/storage/")))
                ++insideCalls;
            else
                wrong.append(QStringLiteral("%1:%2: %3")
                                 .arg(source.relative)
                                 .arg(k + 1)
                                 .arg(lines[k].trimmed()));
        }
    }
    QVERIFY(sources.size() > 100);
    QVERIFY(insideCalls >= 3);
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u'\n')));

    // No library or program of the tree links the store's internal headers; the tests may.
    QStringList linking;
    QStringList lists { sourcePath(QStringLiteral("CMakeLists.txt")) };
    for (const QString &top :
        { QStringLiteral("app"), QStringLiteral("ui"), QStringLiteral("models"),
            QStringLiteral("server"), QStringLiteral("bench"), QStringLiteral("fuzz") }) {
        QDirIterator it(sourcePath(top), { QStringLiteral("CMakeLists.txt") }, QDir::Files,
            QDirIterator::Subdirectories);
        while (it.hasNext())
            lists.append(it.next());
    }
    QVERIFY(lists.size() > 5);
    for (const QString &file : std::as_const(lists)) {
        const QString relative = QDir(QStringLiteral(LC_SOURCE_DIR)).relativeFilePath(file);
        if (relative == QStringLiteral("models/storage/CMakeLists.txt"))
            continue; // where it is defined
        QFile in(file);
        QVERIFY2(in.open(QIODevice::ReadOnly), qPrintable(file));
        if (QString::fromUtf8(in.readAll()).contains(QStringLiteral("lc_storage_internal")))
            linking.append(relative);
    }
    QVERIFY2(linking.isEmpty(), qPrintable(linking.join(u' ')));
}

void TestArchitecture::commentsNameNoIssueNumber()
{
    // A comment says what a thing is for, or points into docs/: "issue 23" means nothing to
    // whoever reads the code without the tracker.
    static const QRegularExpression issue(QStringLiteral("\\b[Ii]ssues? #?\\d+"));
    // The tests' own library and their CMakeLists.txt too (the tests themselves not yet).
    QStringList files = { sourcePath(QStringLiteral("tests/CMakeLists.txt")) };
    for (const QString &top :
        { QStringLiteral("app"), QStringLiteral("ui"), QStringLiteral("models"),
            QStringLiteral("server"), QStringLiteral("tests/support") }) {
        QDirIterator it(sourcePath(top),
            { QStringLiteral("*.cpp"), QStringLiteral("*.h"), QStringLiteral("CMakeLists.txt") },
            QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            files.append(it.next());
    }
    QStringList wrong;
    int checked = 0;
    for (const QString &file : std::as_const(files)) {
        QFile in(file);
        QVERIFY2(in.open(QIODevice::ReadOnly), qPrintable(file));
        ++checked;
        const QStringList lines = QString::fromUtf8(in.readAll()).split(u'\n');
        for (qsizetype k = 0; k < lines.size(); ++k) {
            if (const auto match = issue.match(lines[k]); match.hasMatch())
                wrong.append(QStringLiteral("%1:%2: %3")
                                 .arg(QDir(QStringLiteral(LC_SOURCE_DIR)).relativeFilePath(file))
                                 .arg(k + 1)
                                 .arg(match.captured()));
        }
    }
    QVERIFY(checked > 100);
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u'\n')));
}

void TestArchitecture::correctionFieldsHaveOneTable()
{
    // What a correction field is lives in one table, models/core/CurationFieldInfo.cpp, and its
    // on-screen half in ui/CurationFieldText.cpp: no other source switches on the field. Where a
    // switch remains it names every field (no default: label), so that the compiler's -Wswitch
    // points at the one a new field lacks.
    static const QRegularExpression label(QStringLiteral("\\bcase\\s+CurationField::"));
    static const QRegularExpression fallback(QStringLiteral("\\bdefault\\s*:"));
    QStringList switching;
    QStringList withDefault;
    const QList<SourceFile> sources = programSources();
    for (const SourceFile &source : sources) {
        QVERIFY2(!source.text.isNull(), qPrintable(source.relative));
        if (!label.match(source.text).hasMatch())
            continue;
        switching.append(source.relative);
        if (fallback.match(source.text).hasMatch())
            withDefault.append(source.relative);
    }
    QVERIFY(sources.size() > 100);
    switching.sort();
    QVERIFY2(switching.size() <= 2,
        qPrintable(QStringLiteral("switch on CurationField outside the table "
                                  "(ask curationFieldInfo() instead): ")
            + switching.join(QStringLiteral(", "))));
    QVERIFY2(withDefault.isEmpty(), qPrintable(withDefault.join(QStringLiteral(", "))));
}

void TestArchitecture::testSourcesStayUnder1000Lines()
{
    // A test file of more than 1,000 lines does several jobs: split it by what its tests check,
    // the set-up they share into tests/support.
    QStringList tooLong;
    int checked = 0;
    QDirIterator it(sourcePath(QStringLiteral("tests")),
        { QStringLiteral("*.cpp"), QStringLiteral("*.h") }, QDir::Files,
        QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        QFile in(file);
        QVERIFY2(in.open(QIODevice::ReadOnly), qPrintable(file));
        ++checked;
        const qsizetype lines = in.readAll().count('\n');
        if (lines > 1000)
            tooLong.append(QStringLiteral("%1: %2 lines")
                               .arg(QDir(QStringLiteral(LC_SOURCE_DIR)).relativeFilePath(file))
                               .arg(lines));
    }
    QVERIFY(checked > 80);
    QVERIFY2(tooLong.isEmpty(), qPrintable(tooLong.join(u'\n')));
}

void TestArchitecture::threadsStartInFewPlaces()
{
    // Work leaves the caller's thread in two ways (docs/threads.md): a job of ui/BackgroundJob
    // (progress, Cancel, results on the GUI thread), or a helper thread beside the caller,
    // joined before it goes on (models/internal/HelperThread.h); the server's request pool
    // besides. Everything else uses one of them, so threads start in a handful of files, and
    // never in the domain (models/core): a caller lends it a thread (RunBeside).
    static const QRegularExpression starts(QStringLiteral(
        "std::thread|std::jthread|QThread::create|moveToThread|QtConcurrent::run|QThreadPool"));
    constexpr qsizetype kMostFiles = 6;
    QStringList starting;
    const QList<SourceFile> sources = programSources();
    for (const SourceFile &source : sources) {
        QVERIFY2(!source.text.isNull(), qPrintable(source.relative));
        if (starts.match(source.text).hasMatch())
            starting.append(source.relative);
    }
    starting.sort();
    QVERIFY(sources.size() > 100);
    QVERIFY2(starting.size() <= kMostFiles,
        qPrintable(QStringLiteral("threads start in %1 files, more than %2: %3")
                       .arg(starting.size())
                       .arg(kMostFiles)
                       .arg(starting.join(QStringLiteral(", ")))));
    const QStringList inCore = starting.filter(QRegularExpression(QStringLiteral("^models/core/")));
    QVERIFY2(inCore.isEmpty(), qPrintable(inCore.join(QStringLiteral(", "))));
    // The two ways themselves.
    QVERIFY2(
        starting.contains(QStringLiteral("ui/BackgroundJob.h")), qPrintable(starting.join(u' ')));
    QVERIFY2(starting.contains(QStringLiteral("models/internal/HelperThread.h")),
        qPrintable(starting.join(u' ')));
}

QTEST_GUILESS_MAIN(TestArchitecture)
#include "tst_architecture.moc"
