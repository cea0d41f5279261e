// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 17: nothing but SQLite opens the cache's files, its locks survive any other descriptor
// being closed, a second program writes safely beside the window, and a cache whose files were
// lost is no longer written. Real files, the real ledger-curator and sqlite3 processes.
#include "CuratedRecord.h"
#include "CurationSession.h"
#include "MainWindow.h"
#include "Outbox.h"
#include "PageImport.h"
#include "PdfExport.h"
#include "RetractionCsv.h"
#include "SqliteLocks.h"
#include "Store.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAbstractItemView>
#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QLabel>
#include <QListView>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#ifdef Q_OS_LINUX
#include <sys/inotify.h>
#include <unistd.h>
#endif

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");
const QString kLongStraw = QStringLiteral("00d01956-3547-4166-88a1-c427c5c4440e");

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run run(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.start(program, arguments);
    Run result;
    if (!process.waitForFinished(60000))
        return result;
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

Run cli(const QStringList &arguments)
{
    return run(QStringLiteral(LC_CLI_PATH), arguments);
}

//! `sqlite3 FILE "PRAGMA integrity_check"`: a program of its own, with its own locks.
QString integrity(const QString &path)
{
    return run(QStringLiteral("sqlite3"), { path, QStringLiteral("PRAGMA integrity_check") })
        .out.trimmed();
}

//! Descriptors of this process that point at a deleted file in `folder`.
QStringList deletedDescriptors(const QString &folder)
{
    QStringList found;
    const QDir fds(QStringLiteral("/proc/self/fd"));
    for (const QString &fd :
        fds.entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::System)) {
        const QString target = QFile::symLinkTarget(fds.filePath(fd));
        if (target.startsWith(folder) && target.endsWith(QStringLiteral(" (deleted)")))
            found.append(target);
    }
    return found;
}

//! Who opened what in a folder, by inotify: IN_OPEN events by file name.
class OpenWatch
{
public:
    explicit OpenWatch(const QString &folder)
    {
#ifdef Q_OS_LINUX
        m_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        if (m_fd >= 0)
            m_watch = inotify_add_watch(m_fd, QFile::encodeName(folder).constData(), IN_OPEN);
#endif
    }
    ~OpenWatch()
    {
#ifdef Q_OS_LINUX
        if (m_fd >= 0)
            ::close(m_fd);
#endif
    }
    bool ok() const
    {
        return m_fd >= 0 && m_watch >= 0;
    }
    //! Opens seen since the last call, by file name.
    QHash<QString, int> opens()
    {
        QHash<QString, int> seen;
#ifdef Q_OS_LINUX
        alignas(inotify_event) char buffer[64 * 1024];
        for (;;) {
            const ssize_t n = ::read(m_fd, buffer, sizeof buffer);
            if (n <= 0)
                break;
            for (ssize_t at = 0; at < n;) {
                const auto *event = reinterpret_cast<const inotify_event *>(buffer + at);
                if (event->len > 0)
                    ++seen[QFile::decodeName(event->name)];
                at += ssize_t(sizeof(inotify_event) + event->len);
            }
        }
#endif
        return seen;
    }

private:
    int m_fd = -1;
    int m_watch = -1;
};

QStringList cacheFiles(const QString &path)
{
    return { path, path + QStringLiteral("-wal"), path + QStringLiteral("-shm") };
}

} // namespace

class TestCacheSafety : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void locksSurviveOtherDescriptorsClosing();
    void lostWalStopsEveryWrite();
    void replacedDatabaseStopsEveryWrite();
    void cacheFilesAreNeverReadOrOverwritten();
    void dialogsOpenNoCacheFile_data();
    void dialogsOpenNoCacheFile();
    void twoWindowsOnOneCache();
    void windowSaysWhenItStopsWriting();

private:
    //! Shows the dialog `action` opens, lets it list `folder` (icons and types included), checks
    //! that the cache's files are not offered, and closes it.
    void browse(MainWindow &window, const QString &action, const QString &dialogName,
        const QString &folder, const QString &cachePath, const QString &expected);

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestCacheSafety::init()
{
    QVERIFY(SqliteLocks::isInstalled());
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestCacheSafety::cleanup()
{
    m_dir.reset();
}

void TestCacheSafety::locksSurviveOtherDescriptorsClosing()
{
    // The defect of issue 17: something in the process (there a file dialog sniffing content)
    // opens and closes the cache's files; with SQLite's POSIX locks that dropped them all, so a
    // command-line run beside it checkpointed and deleted the WAL the window still wrote into.
    const QString path = m_dir->filePath(QStringLiteral("cache.sqlite"));
    Store store(path);
    QVERIFY(store.open());
    const QByteArray page = fixture();
    auto parsed = readPage(page, QStringLiteral("fixture"));
    QVERIFY(parsed);
    QVERIFY(store.importRecords({ parsed->record }));
    auto curated = store.loadCurated(kRecord);
    QVERIFY(curated && curated->has_value());
    QVERIFY(
        store.addCorrections(makeEditEvents(FieldState {}, kRecord, kLongStraw, CurationField::Note,
            QStringLiteral("first, from this process"), QStringLiteral("alice"), nowUtc())));
    QVERIFY(QFile::exists(path + QStringLiteral("-wal")));

    for (const QString &file : cacheFiles(path)) {
        QFile sniff(file);
        QVERIFY2(sniff.open(QIODevice::ReadOnly), qPrintable(file));
        (void)sniff.read(512);
        sniff.close(); // with POSIX locks, this dropped every lock on the file
    }

    // Another process writes and exits: it must see that the cache is in use, so it neither
    // checkpoints it away nor deletes the WAL.
    const Run other
        = cli({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("note=from the terminal"),
            QStringLiteral("--author"), QStringLiteral("bob"), QStringLiteral("--db"), path });
    QVERIFY2(other.exitCode == 0, qPrintable(other.err));
    QVERIFY(QFile::exists(path + QStringLiteral("-wal")));
    QCOMPARE(deletedDescriptors(m_dir->path()), QStringList());
    QCOMPARE(store.checkWritable(), QString());

    // This process writes again, into the same files, and sees the other one's correction.
    QVERIFY(store.addCorrections(
        makeEditEvents(FieldState {}, kRecord, kLongStraw, CurationField::Title,
            QStringLiteral("Second, from this process"), QStringLiteral("alice"), nowUtc())));
    QCOMPARE(Outbox(store).count().value(), 3);
    QCOMPARE(deletedDescriptors(m_dir->path()), QStringList());
    const Run history
        = cli({ QStringLiteral("history"), kRecord, kLongStraw, QStringLiteral("--db"), path });
    QVERIFY2(history.exitCode == 0, qPrintable(history.err));
    QVERIFY2(history.out.contains(QStringLiteral("first, from this process"))
            && history.out.contains(QStringLiteral("Second, from this process")),
        qPrintable(history.out));
    QCOMPARE(integrity(path), QStringLiteral("ok"));
}

void TestCacheSafety::lostWalStopsEveryWrite()
{
    // Someone removes the WAL while the cache is open (rm, a cleaner, another program's bug):
    // the store notices at the next write and writes nothing more, instead of writing into a
    // file no one will read again.
    const QString path = m_dir->filePath(QStringLiteral("cache.db"));
    Store store(path);
    QVERIFY(store.open());
    QVERIFY(store.setMeta(QStringLiteral("probe"), QStringLiteral("1")));
    QVERIFY(QFile::remove(path + QStringLiteral("-wal")));
    auto refused = store.addCorrections(makeEditEvents(FieldState {}, kRecord, kOpt,
        CurationField::Note, QStringLiteral("lost?"), QStringLiteral("alice"), nowUtc()));
    QVERIFY(!refused);
    QVERIFY2(refused.error().message.contains(QStringLiteral("-wal was deleted while it was open"))
            && refused.error().message.contains(QStringLiteral("stopped writing")),
        qPrintable(refused.error().message));
    QCOMPARE(store.writeRefusal(), refused.error().message);
    // It stays refused, whatever the write; reads go on.
    QVERIFY(!store.setMeta(QStringLiteral("probe"), QStringLiteral("2")));
    QVERIFY(!store.importNotices({}));
    QVERIFY(store.meta(QStringLiteral("probe")));
    QCOMPARE(Outbox(store).count().value(), 0);
}

void TestCacheSafety::replacedDatabaseStopsEveryWrite()
{
    const QString path = m_dir->filePath(QStringLiteral("cache"));
    Store store(path);
    QVERIFY(store.open());
    QVERIFY(store.setMeta(QStringLiteral("probe"), QStringLiteral("1")));
    // Another file moved into its place (a restore from backup while the app runs, say).
    const QString other = m_dir->filePath(QStringLiteral("other"));
    {
        QFile file(other);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("not the cache");
    }
    QVERIFY(
        ::rename(QFile::encodeName(other).constData(), QFile::encodeName(path).constData()) == 0);
    auto refused = store.setMeta(QStringLiteral("probe"), QStringLiteral("2"));
    QVERIFY(!refused);
    QVERIFY2(refused.error().message.contains(QStringLiteral("was replaced by another file")),
        qPrintable(refused.error().message));
}

void TestCacheSafety::cacheFilesAreNeverReadOrOverwritten()
{
    // Chosen by mistake in a dialog, dropped on the window or named on the command line: the
    // cache's own files are refused before anything opens them.
    const QString path = m_dir->filePath(QStringLiteral("cache.sqlite"));
    Store store(path);
    QVERIFY(store.open());
    QVERIFY(store.setMeta(QStringLiteral("probe"), QStringLiteral("1")));
    const int opened = SqliteLocks::timesOpened(path);
    for (const QString &file : cacheFiles(path)) {
        auto page = readPageFile(file);
        QVERIFY(!page);
        QVERIFY2(page.error().toString().contains(QStringLiteral("file of the cache that is open")),
            qPrintable(page.error().toString()));
        auto csv = readRetractionCsvFile(file);
        QVERIFY(!csv);
        QVERIFY2(csv.error().toString().contains(QStringLiteral("file of the cache that is open")),
            qPrintable(csv.error().toString()));
    }
    // Through a symbolic link too: the file is known by its inode, not its name.
    const QString link = m_dir->filePath(QStringLiteral("link.txt"));
    QVERIFY(QFile::link(path, link));
    QVERIFY(!readPageFile(link));
    // A PDF is never written over it.
    Record record = readPage(fixture(), QStringLiteral("fixture"))->record;
    auto written = exportPdf(record, path, PdfOptions {});
    QVERIFY(!written);
    QVERIFY2(written.error().toString().contains(QStringLiteral("not overwritten")),
        qPrintable(written.error().toString()));
    QCOMPARE(store.checkWritable(), QString());
    QCOMPARE(SqliteLocks::timesOpened(path), opened);
    QCOMPARE(integrity(path), QStringLiteral("ok"));
    // The command line refuses the same, from its own process, for its own cache.
    const Run render = cli({ QStringLiteral("render"), kRecord, QStringLiteral("--db"), path,
        QStringLiteral("-o"), path });
    QVERIFY(render.exitCode != 0);
    QCOMPARE(integrity(path), QStringLiteral("ok"));
}

void TestCacheSafety::browse(MainWindow &window, const QString &action, const QString &dialogName,
    const QString &folder, const QString &cachePath, const QString &expected)
{
    auto *trigger = window.findChild<QAction *>(action);
    QVERIFY2(trigger, qPrintable(action));
    trigger->trigger();
    QFileDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = window.findChild<QFileDialog *>(dialogName)) != nullptr);
    QVERIFY(dialog->testOption(QFileDialog::DontUseNativeDialog));
    dialog->setDirectory(folder);
    auto *list = dialog->findChild<QListView *>(QStringLiteral("listView"));
    QVERIFY(list);
    // Listed, with icons and types (the file model's gatherer thread), beside the cache.
    QStringList shown;
    auto listed = [&] {
        shown.clear();
        for (int row = 0; row < list->model()->rowCount(list->rootIndex()); ++row)
            shown.append(list->model()->index(row, 0, list->rootIndex()).data().toString());
        return shown.contains(expected);
    };
    QTRY_VERIFY2(listed(), qPrintable(shown.join(u',')));
    QTest::qWait(400);
    // "All files" where the dialog has it: the cache's files match that filter.
    if (dialog->nameFilters().size() > 1) {
        dialog->selectNameFilter(dialog->nameFilters().constLast());
        QTest::qWait(400);
        QTRY_VERIFY2(
            listed() && shown.contains(QStringLiteral("page.txt")), qPrintable(shown.join(u',')));
    }
    const QString name = QFileInfo(cachePath).fileName();
    for (const QString &file :
        QStringList { name, name + QStringLiteral("-wal"), name + QStringLiteral("-shm") })
        QVERIFY2(!shown.contains(file), qPrintable(shown.join(u',')));
    dialog->reject();
    QTRY_VERIFY(!window.findChild<QFileDialog *>(dialogName));
}

void TestCacheSafety::dialogsOpenNoCacheFile_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow(".db") << QStringLiteral("cache.db");
    QTest::newRow(".sqlite") << QStringLiteral("cache.sqlite");
    QTest::newRow("no extension") << QStringLiteral("cache");
}

void TestCacheSafety::dialogsOpenNoCacheFile()
{
    // The scenario of issue 17 as a librarian met it: the window open on a cache, File > Import
    // (and Notices > Import, File > Export PDF) browsing the cache's folder, `ledger-curator
    // curate` run in a terminal on the same cache, then a correction in the window.
    QFETCH(QString, name);
    const QString folder = m_dir->path();
    const QString path = m_dir->filePath(name);
    for (const QString &other :
        { QStringLiteral("page.txt"), QStringLiteral("notices.csv"), QStringLiteral("old.pdf") }) {
        QFile file(m_dir->filePath(other));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("something to list\n");
    }
    // The fixture page in the cache, stored before the watch begins.
    const QString seeded = seedCache(path);
    QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
    Store store(path);
    QVERIFY(store.open());
    MainWindow window(store);
    window.session().setAuthor(QStringLiteral("tester")); // no first-run prompt
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.session().hasRecord() && !window.isLoading());

    // SQLite's own opens are counted from before the watch begins: a worker's connection opening
    // the WAL between the two would otherwise be seen by the watch and not counted as SQLite's
    // (issue 34: "cache.sqlite-wal opened 2 times, 1 by SQLite" on a busy machine).
    std::map<QString, int> sqliteOpens;
    for (const QString &file : cacheFiles(path))
        sqliteOpens[file] = SqliteLocks::timesOpened(file);
    OpenWatch watch(folder);
    QVERIFY(watch.ok());
    browse(window, QStringLiteral("importAction"), QStringLiteral("importFileDialog"), folder, path,
        QStringLiteral("page.txt"));
    browse(window, QStringLiteral("importNoticesAction"), QStringLiteral("importNoticesDialog"),
        folder, path, QStringLiteral("notices.csv"));
    browse(window, QStringLiteral("exportPdfAction"), QStringLiteral("exportPdfDialog"), folder,
        path, QStringLiteral("old.pdf"));
    // Every open of a cache file in that time was SQLite's own (a worker's connection, say).
    // An open the watch saw is counted as SQLite's once its open() returned to SqliteLocks: a
    // worker's open in flight is waited for, a foreign one never comes to be counted.
    const QHash<QString, int> opens = watch.opens();
    for (const QString &file : cacheFiles(path)) {
        const auto bySqliteNow = [&] { return SqliteLocks::timesOpened(file) - sqliteOpens[file]; };
        (void)QTest::qWaitFor(
            [&] { return opens.value(QFileInfo(file).fileName()) <= bySqliteNow(); }, 5000);
        const int bySqlite = bySqliteNow();
        QVERIFY2(opens.value(QFileInfo(file).fileName()) <= bySqlite,
            qPrintable(QStringLiteral("%1 opened %2 times, %3 by SQLite")
                           .arg(file)
                           .arg(opens.value(QFileInfo(file).fileName()))
                           .arg(bySqlite)));
    }
    // Names only: no content sniffed of any file listed.
    for (const QString &listed :
        { QStringLiteral("page.txt"), QStringLiteral("notices.csv"), QStringLiteral("old.pdf") })
        QVERIFY2(opens.value(listed) == 0, qPrintable(listed));

    const Run other
        = cli({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("note=from the terminal"),
            QStringLiteral("--author"), QStringLiteral("bob"), QStringLiteral("--db"), path });
    QVERIFY2(other.exitCode == 0, qPrintable(other.err));
    QCOMPARE(deletedDescriptors(folder), QStringList());

    // The window shows it (and counts it in the outbox), then writes its own.
    window.checkCache();
    const FieldState *seen = window.session().record().field(kOpt, CurationField::Note);
    QVERIFY(seen);
    QCOMPARE(seen->value(), QStringLiteral("from the terminal"));
    auto written = window.session().applyEdits(
        { FieldEdit { kLongStraw, CurationField::Note, QStringLiteral("from the window") } },
        QStringLiteral("Correct note"));
    QVERIFY2(written && *written, qPrintable(written ? QString() : written.error().toString()));
    auto *status = window.findChild<QLabel *>(QStringLiteral("syncStatus"));
    QVERIFY(status);
    QTRY_VERIFY2(status->text().contains(QStringLiteral("2 corrections waiting")),
        qPrintable(status->text()));
    QCOMPARE(deletedDescriptors(folder), QStringList());
    QCOMPARE(store.checkWritable(), QString());

    // Both are in the file, which another program finds whole.
    const Run first
        = cli({ QStringLiteral("history"), kRecord, kOpt, QStringLiteral("--db"), path });
    const Run second
        = cli({ QStringLiteral("history"), kRecord, kLongStraw, QStringLiteral("--db"), path });
    QVERIFY2(
        first.out.contains(QStringLiteral("from the terminal")), qPrintable(first.out + first.err));
    QVERIFY2(second.out.contains(QStringLiteral("from the window")),
        qPrintable(second.out + second.err));
    QCOMPARE(integrity(path), QStringLiteral("ok"));
}

void TestCacheSafety::twoWindowsOnOneCache()
{
    const QString path = m_dir->filePath(QStringLiteral("cache.sqlite"));
    const QString seeded = seedCache(path);
    QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
    Store storeA(path);
    Store storeB(path);
    QVERIFY(storeA.open());
    MainWindow a(storeA);
    QVERIFY(storeB.open());
    MainWindow b(storeB);
    a.session().setAuthor(QStringLiteral("tester")); // no first-run prompt
    b.session().setAuthor(QStringLiteral("tester"));
    QTRY_VERIFY(a.session().hasRecord() && !a.isLoading());
    QTRY_VERIFY(b.session().hasRecord() && !b.isLoading());
    auto written = a.session().applyEdits(
        { FieldEdit { kOpt, CurationField::State, QStringLiteral("verified_exact") } },
        QStringLiteral("Correct state"));
    QVERIFY(written && *written);
    b.checkCache();
    const FieldState *seen = b.session().record().field(kOpt, CurationField::State);
    QVERIFY(seen);
    QCOMPARE(seen->value(), QStringLiteral("verified_exact"));
    // B's edit of the same field names A's as its parent: no conflict, nothing lost.
    written = b.session().applyEdits(
        { FieldEdit { kOpt, CurationField::State, QStringLiteral("verified_fuzzy") } },
        QStringLiteral("Correct state"));
    QVERIFY(written && *written);
    a.checkCache();
    const FieldState *after = a.session().record().field(kOpt, CurationField::State);
    QVERIFY(after && !after->isConflict());
    QCOMPARE(after->value(), QStringLiteral("verified_fuzzy"));
    QCOMPARE(storeA.corrections(kRecord)->size(), 2);
    QCOMPARE(integrity(path), QStringLiteral("ok"));
}

void TestCacheSafety::windowSaysWhenItStopsWriting()
{
    const QString path = m_dir->filePath(QStringLiteral("cache.sqlite"));
    const QString seeded = seedCache(path);
    QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
    Store store(path);
    QVERIFY(store.open());
    MainWindow window(store);
    window.session().setAuthor(QStringLiteral("tester")); // no first-run prompt
    window.show();
    QTRY_VERIFY(window.session().hasRecord() && !window.isLoading());
    QVERIFY(QFile::remove(path + QStringLiteral("-wal")));
    window.checkCache();
    auto *problem = window.findChild<QLabel *>(QStringLiteral("cacheProblem"));
    QVERIFY(problem);
    QVERIFY(problem->isVisible());
    QVERIFY2(
        problem->toolTip().contains(QStringLiteral("was deleted")), qPrintable(problem->toolTip()));
    // A correction is not recorded, and says why.
    auto written = window.session().applyEdits(
        { FieldEdit { kOpt, CurationField::Note, QStringLiteral("into a lost file?") } },
        QStringLiteral("Correct note"));
    QVERIFY(!written);
    QVERIFY(written.error().message.contains(QStringLiteral("stopped writing")));
    QVERIFY(window.session().record().field(kOpt, CurationField::Note) == nullptr);
    QVERIFY(!window.session().undoStack()->canUndo());
}

QTEST_MAIN(TestCacheSafety)
#include "tst_cachesafety.moc"
