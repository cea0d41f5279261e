// SPDX-License-Identifier: GPL-3.0-or-later
// Crash safety, proven by killing (issue 17, item 5): the real `ledger-curator import` (new pages
// and a page replacing an earlier one), `curate`, `import-notices`, `sync` (pulling into a fresh
// cache, pushing an outbox) against a real ledger-server, the desktop window correcting through
// its widgets, and the `ledger-curator` GUI importing the files named on its command line, each
// sent SIGKILL at a random moment (a delay drawn between 0 and the command's measured duration)
// many times. After every kill, straight through SQLite: PRAGMA integrity_check is ok, every
// correction whose command reported it recorded is held exactly once (none twice), each record
// is wholly there or absent, all or none of a command's writes are there; then the command run
// again completes and the state converges (after a sync, cache and server hold the same events
// with the same seqs).
//
// Size and seed from the environment: LC_KILLS (kills per command, default 12), LC_KILL_SEED
// (printed at the start; the same seed draws the same delays), LC_KILL_OBSERVATIONS (the large
// record, default 10000), LC_KILL_EVENTS (events a round pushes, and the pull's, default 1000),
// LC_KILL_NOTICES (rows of a generated notices file, default 3000). tests/kill-harness.sh runs
// the full size. A table of the figures is printed at the end.
#include "CuratedRecord.h"
#include "CurationLog.h"
#include "KillHarness.h"
#include "LedgerText.h"
#include "RecordGenerator.h"
#include "RecordJson.h"
#include "ServerProcess.h"
#include "Store.h"
#include "TestSupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <cstdio>
#include <functional>
#include <random>

using namespace LedgerCurator;
using namespace LedgerCurator::KillHarness;

namespace {

const QString kFixtureId = QStringLiteral("2104.04473");

int envNumber(const char *name, int fallback)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok && value > 0 ? value : fallback;
}

//! FNV-1a: a per-function seed that does not depend on QHash's per-process seed.
quint64 fnv1a(const QByteArray &bytes)
{
    quint64 hash = 14695981039346656037ull;
    for (const char c : bytes) {
        hash ^= quint8(c);
        hash *= 1099511628211ull;
    }
    return hash;
}

//! The figures of one command.
struct Tally
{
    QString command;
    int tried = 0; // SIGKILLs drawn
    int landed = 0; // the process was still running when it came
    int interrupted = 0; // its work was not (wholly) done afterwards: the kill landed mid-work
    int midWrite = 0; // landed while the WAL grew (a transaction being written)
    int reruns = 0; // the command run again to completion afterwards
    int failures = 0;
    qint64 durationMs = 0; // the command's measured duration, the upper end of the delays
    qint64 writeFromMs = -1; // when the measured run's WAL grew past 64 KiB (-1: it never did)
};

PageShape shapeOf(const Record &record)
{
    PageShape shape { record.arxivId, record.asOf, record.observations.size(), 0 };
    for (const Observation &o : record.observations)
        shape.sourceEvents += o.events.events.size();
    return shape;
}

//! checkDatabase() for a cache: at the latest schema version, every table the cache has had
//! since its first version is there.
QStringList checkCache(ReadOnlyDb &db)
{
    static const QStringList tables = { QStringLiteral("records"), QStringLiteral("observations"),
        QStringLiteral("source_events"), QStringLiteral("meta"), QStringLiteral("corrections"),
        QStringLiteral("notices") };
    return checkDatabase(db, Store::latestSchemaVersion(), tables);
}

void removeCache(const QString &path)
{
    for (const char *suffix : { "", "-wal", "-shm", "-journal" })
        QFile::remove(path + QLatin1String(suffix));
}

//! A copy of a closed cache (no WAL beside it: the last connection checkpointed it).
bool copyCache(const QString &from, const QString &to)
{
    removeCache(to);
    return QFile::copy(from, to);
}

//! The size of the cache's WAL file. Read after a kill, before any connection recovers it: the
//! base caches have none, so a large WAL beside a page that is not there is the frames of the
//! transaction the kill interrupted.
qint64 walBytes(const QString &cache)
{
    return QFileInfo(cache + QStringLiteral("-wal")).size();
}
constexpr qint64 kTornWal = 256 * 1024;

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QList<WrittenCorrection> reportedByDriver(const QByteArray &out)
{
    QList<WrittenCorrection> reported;
    for (const QByteArray &line : out.split('\n')) {
        const QList<QByteArray> words = line.split(' ');
        if (words.size() == 4 && words[0] == "recorded")
            reported.append({ QString::fromUtf8(words[1]), QString::fromUtf8(words[2]),
                QString::fromUtf8(words[3]) });
    }
    return reported;
}

} // namespace

class TestKillHarness : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void killImport();
    void killReplace();
    void killCurate();
    void killImportNotices();
    void killSyncPull();
    void killSyncPush();
    void killApp();
    void killAppImport();
    void killAppBesideCli();

private:
    //! How a round's checks see a run: the problems found, and whether the run's work was not
    //! (wholly) done.
    struct Checked
    {
        QStringList problems;
        bool interrupted = false;
        bool midCommit = false;
    };
    using Run = std::function<Attempt(const KillAt &kill, int round, int attempt)>;
    using Check = std::function<Checked(const Attempt &, int round)>;

    //! Rounds until LC_KILLS kills were tried: `prepare`, then 1 to 3 runs killed after a delay,
    //! each followed by `check`; then the run to completion (delay -1), followed by `finalCheck`.
    //! The delays: every other one drawn in [0, 1.1 x the measured duration], the others in the
    //! part of the measured run that wrote (from writeFromUs to its end) when it had one.
    void killRounds(Tally &tally, const Measured &measured,
        const std::function<void(int round)> &prepare, const Run &run, const Check &check,
        const Check &finalCheck);
    void fail(Tally &tally, const QString &where, const QStringList &problems);
    Tally &tally(const QString &command);
    Attempt cli(const QStringList &arguments, const KillAt &kill = {}) const;
    //! The command run to completion, timed, its writes to `cache` watched (measureRun()).
    Measured measureCli(const QStringList &arguments, const QString &cache) const
    {
        return measureRun(QStringLiteral(LC_CLI_PATH), arguments, m_env, cache);
    }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    //! The import base: the fixture and two corrections on it (their ids in m_baseIds).
    void makeImportBase();
    QStringList importedShapesProblems(
        const QString &cache, bool mayBeAbsent, bool *interrupted, bool *midCommit = nullptr);
    bool startServer();

    QTemporaryDir m_dir;
    quint64 m_seed = 0;
    std::mt19937_64 m_random;
    int m_kills = 12;
    int m_observations = 10000;
    int m_events = 1000;
    int m_notices = 3000;
    QProcessEnvironment m_env;
    QList<Tally> m_tallies;
    QStringList m_failures;

    PageShape m_fixture;
    PageShape m_big;
    PageShape m_medium;
    PageShape m_bigV2;
    QString m_importBase;
    QStringList m_baseIds;
    std::unique_ptr<TestSupport::ServerProcess> m_server;
    QString m_aliceToken;
};

void TestKillHarness::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_kills = envNumber("LC_KILLS", m_kills);
    m_observations = envNumber("LC_KILL_OBSERVATIONS", m_observations);
    m_events = envNumber("LC_KILL_EVENTS", m_events);
    m_notices = envNumber("LC_KILL_NOTICES", m_notices);
    bool seeded = false;
    m_seed = qEnvironmentVariable("LC_KILL_SEED").toULongLong(&seeded);
    if (!seeded)
        m_seed = QRandomGenerator::system()->generate64();
    std::printf(
        "kill harness: seed %llu, %d kills per command, %d observations, %d events, %d notices\n"
        "kill harness: replay with LC_KILL_SEED=%llu LC_KILLS=%d LC_KILL_OBSERVATIONS=%d "
        "LC_KILL_EVENTS=%d "
        "LC_KILL_NOTICES=%d\n",
        static_cast<unsigned long long>(m_seed), m_kills, m_observations, m_events, m_notices,
        static_cast<unsigned long long>(m_seed), m_kills, m_observations, m_events, m_notices);
    std::fflush(stdout);

    m_env = QProcessEnvironment::systemEnvironment();
    for (const char *name :
        { "DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "DBUS_SESSION_BUS_ADDRESS" })
        m_env.remove(QLatin1String(name));
    QVERIFY(QDir().mkpath(path(QStringLiteral("home"))));
    m_env.insert(QStringLiteral("HOME"), path(QStringLiteral("home")));
    m_env.insert(QStringLiteral("XDG_DATA_HOME"), path(QStringLiteral("home/xdg-data")));
    m_env.insert(QStringLiteral("XDG_CONFIG_HOME"), path(QStringLiteral("home/xdg-config")));
    m_env.insert(QStringLiteral("XDG_RUNTIME_DIR"), path(QStringLiteral("home")));
    m_env.insert(QStringLiteral("USER"), QStringLiteral("kh"));
    // Corrections are signed: the keys are files under the moved home, never in a keyring.
    m_env.insert(QStringLiteral("LC_SIGNING_KEY_STORE"), QStringLiteral("file"));

    // The pages: a large record JSON and a medium page text imported together, and a newer,
    // larger page of the large record that replaces it (the same first observations).
    auto fixture = parseLedgerText(TestSupport::fixture(), QStringLiteral("fixture"));
    QVERIFY(fixture);
    m_fixture = shapeOf(fixture->record);
    Record big = Bench::generateRecord(m_observations, m_observations / 10, 7);
    Record medium = Bench::generateRecord(m_observations / 4, 20, 8);
    Record bigV2
        = Bench::generateRecord(m_observations + m_observations / 5, m_observations / 10, 7);
    bigV2.asOf = QStringLiteral("2026-09-01");
    m_big = shapeOf(big);
    m_medium = shapeOf(medium);
    m_bigV2 = shapeOf(bigV2);
    QVERIFY(writeFile(path(QStringLiteral("big.json")), writeRecordJson(big)));
    QVERIFY(writeFile(path(QStringLiteral("medium.txt")), renderLedgerText(medium).toUtf8()));
    QVERIFY(writeFile(path(QStringLiteral("big-v2.json")), writeRecordJson(bigV2)));
    QVERIFY(m_big.id != m_medium.id && m_big.id == m_bigV2.id);
}

void TestKillHarness::cleanupTestCase()
{
    m_server.reset();
    std::printf("\nkill harness: seed %llu\n%-28s %8s %9s %11s %8s %12s %9s %8s %9s\n",
        static_cast<unsigned long long>(m_seed), "command", "run ms", "writes ms", "kills tried",
        "mid-run", "interrupted", "mid-write", "re-runs", "failures");
    Tally total { QStringLiteral("total") };
    for (const Tally &t : std::as_const(m_tallies)) {
        const QByteArray writes
            = t.writeFromMs < 0 ? QByteArray("-") : QByteArray::number(t.writeFromMs);
        std::printf("%-28s %8lld %9s %11d %8d %12d %9d %8d %9d\n", qPrintable(t.command),
            t.durationMs, writes.constData(), t.tried, t.landed, t.interrupted, t.midWrite,
            t.reruns, t.failures);
        total.tried += t.tried;
        total.landed += t.landed;
        total.interrupted += t.interrupted;
        total.midWrite += t.midWrite;
        total.reruns += t.reruns;
        total.failures += t.failures;
    }
    std::printf("%-28s %8s %9s %11d %8d %12d %9d %8d %9d\n", "total", "", "", total.tried,
        total.landed, total.interrupted, total.midWrite, total.reruns, total.failures);
    std::printf("(kills in turn: at a time drawn up to 1.1 x run ms, the measured duration; at a "
                "time from writes ms, "
                "when its WAL first grew past 64 KiB, to the end; when the WAL, absent at the "
                "start, has grown to a size "
                "drawn up to the measured run's largest. mid-run: the process was still running "
                "when SIGKILL came; "
                "interrupted: its work was not, or not wholly, done afterwards; mid-write: the "
                "kill landed while the "
                "WAL grew, or an import was interrupted with over 256 KiB of frames in the WAL: a "
                "transaction was being "
                "written)\n");
    for (const QString &failure : std::as_const(m_failures))
        std::printf("FAILURE %s\n", qPrintable(failure));
    std::fflush(stdout);
    if (!m_failures.isEmpty() && qEnvironmentVariableIsSet("LC_KILL_KEEP")) {
        m_dir.setAutoRemove(false);
        std::printf("kill harness: files kept in %s\n", qPrintable(m_dir.path()));
    }
}

Tally &TestKillHarness::tally(const QString &command)
{
    m_tallies.append({ command });
    // A generator of the function's own: replaying one function draws the same delays.
    m_random.seed(m_seed ^ fnv1a(QTest::currentTestFunction()));
    return m_tallies.last();
}

Attempt TestKillHarness::cli(const QStringList &arguments, const KillAt &kill) const
{
    return runAndKill(QStringLiteral(LC_CLI_PATH), arguments, m_env, kill);
}

void TestKillHarness::fail(Tally &tally, const QString &where, const QStringList &problems)
{
    if (problems.isEmpty())
        return;
    ++tally.failures;
    const QString message = QStringLiteral("[%1] seed %2, %3: %4")
                                .arg(tally.command)
                                .arg(m_seed)
                                .arg(where, problems.join(QStringLiteral("; ")));
    qWarning("%s", qPrintable(message));
    if (m_failures.size() < 40)
        m_failures.append(message);
}

void TestKillHarness::killRounds(Tally &tally, const Measured &measured,
    const std::function<void(int)> &prepare, const Run &run, const Check &check,
    const Check &finalCheck)
{
    const qint64 durationUs = std::max<qint64>(1000, measured.run.elapsedMs * 1000);
    tally.durationMs = measured.run.elapsedMs;
    tally.writeFromMs = measured.writeFromUs < 0 ? -1 : measured.writeFromUs / 1000;
    std::uniform_int_distribution<qint64> anywhere(0, durationUs + durationUs / 10);
    const bool hasWrite = measured.writeFromUs >= 0 && measured.writeFromUs < durationUs;
    std::uniform_int_distribution<qint64> writing(
        hasWrite ? measured.writeFromUs : 0, durationUs + durationUs / 20);
    std::uniform_int_distribution<qint64> walSizes(
        64 * 1024, std::max<qint64>(64 * 1024, measured.walPeakBytes));
    std::uniform_int_distribution<int> chains(1, 3);
    for (int round = 0; tally.tried < m_kills; ++round) {
        prepare(round);
        const int chain = chains(m_random);
        int attempt = 0;
        for (; attempt < chain && tally.tried < m_kills; ++attempt) {
            // In turn: anywhere in the run; in its writing part; at a WAL size (a WAL there already
            // would be reused from its start, not grown: then anywhere again).
            KillAt kill;
            const int mode = tally.tried % 3;
            if (mode == 2 && measured.walPeakBytes > 64 * 1024 && !QFile::exists(measured.wal)) {
                kill.wal = measured.wal;
                kill.walBytes = walSizes(m_random);
            } else {
                kill.delayUs = hasWrite && mode == 1 ? writing(m_random) : anywhere(m_random);
            }
            const Attempt a = run(kill, round, attempt);
            ++tally.tried;
            tally.landed += a.killed ? 1 : 0;
            tally.midWrite += a.killed && a.atWalSize ? 1 : 0;
            QStringList problems;
            if (!a.killed && !a.succeeded())
                problems.append(QStringLiteral("the command failed by itself: ") + a.describe());
            Checked checked = check(a, round);
            tally.interrupted += checked.interrupted ? 1 : 0;
            tally.midWrite += checked.midCommit && !(a.killed && a.atWalSize) ? 1 : 0;
            problems += checked.problems;
            fail(tally,
                QStringLiteral("round %1, kill %2 %3 (%4)")
                    .arg(round)
                    .arg(attempt + 1)
                    .arg(kill.describe(),
                        a.killed ? QStringLiteral("landed mid-run")
                                 : QStringLiteral("after it ended")),
                problems);
        }
        const Attempt last = run(KillAt {}, round, attempt);
        ++tally.reruns;
        QStringList problems;
        if (!last.succeeded())
            problems.append(QStringLiteral("the next run did not complete: ") + last.describe());
        Checked checked = finalCheck(last, round);
        problems += checked.problems;
        if (checked.interrupted)
            problems.append(QStringLiteral("the next run left the work undone"));
        fail(tally, QStringLiteral("round %1, the run after the kills").arg(round), problems);
    }
}

void TestKillHarness::makeImportBase()
{
    if (!m_importBase.isEmpty())
        return;
    m_importBase = path(QStringLiteral("import-base.sqlite"));
    Attempt run = cli(
        { QStringLiteral("import"), TestSupport::dataPath(QStringLiteral("ledger-2104.04473.txt")),
            QStringLiteral("--db"), m_importBase });
    QVERIFY2(run.succeeded(), qPrintable(run.describe()));
    run = cli({ QStringLiteral("curate"), kFixtureId,
        QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2"), QStringLiteral("note=kh-base-note"),
        QStringLiteral("state=verified exact"), QStringLiteral("--author"),
        QStringLiteral("kh-cli"), QStringLiteral("--db"), m_importBase });
    QVERIFY2(run.succeeded(), qPrintable(run.describe()));
    m_baseIds = printedCorrectionIds(run.out);
    QCOMPARE(m_baseIds.size(), 2);
}

QStringList TestKillHarness::importedShapesProblems(
    const QString &cache, bool mayBeAbsent, bool *interrupted, bool *midCommit)
{
    const qint64 wal = walBytes(cache);
    ReadOnlyDb db(cache);
    QStringList problems = checkCache(db);
    if (const QString p = checkRecord(db, { m_fixture }, false); !p.isEmpty())
        problems.append(p);
    bool bigThere = false;
    bool mediumThere = false;
    if (const QString p = checkRecord(db, { m_big }, mayBeAbsent, &bigThere); !p.isEmpty())
        problems.append(p);
    if (const QString p = checkRecord(db, { m_medium }, mayBeAbsent, &mediumThere); !p.isEmpty())
        problems.append(p);
    if (bigThere != mediumThere)
        problems.append(
            QStringLiteral("one import stored one of its two pages (%1 there, %2 not)")
                .arg(bigThere ? m_big.id : m_medium.id, bigThere ? m_medium.id : m_big.id));
    problems += checkCorrections(db, {}, m_baseIds);
    *interrupted = !bigThere || !mediumThere;
    if (midCommit)
        *midCommit = *interrupted && wal > kTornWal;
    return problems;
}

void TestKillHarness::killImport()
{
    Tally &t = tally(QStringLiteral("import (2 new pages)"));
    makeImportBase();
    const QString cache = path(QStringLiteral("import.sqlite"));
    const QStringList arguments = { QStringLiteral("import"), path(QStringLiteral("big.json")),
        path(QStringLiteral("medium.txt")), QStringLiteral("--db"), cache };
    QVERIFY(copyCache(m_importBase, cache));
    const Measured measured = measureCli(arguments, cache);
    QVERIFY2(measured.run.succeeded(), qPrintable(measured.run.describe()));
    bool interrupted = true;
    const QStringList problems = importedShapesProblems(cache, false, &interrupted);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    killRounds(
        t, measured, [&](int) { QVERIFY(copyCache(m_importBase, cache)); },
        [&](const KillAt &kill, int, int) { return cli(arguments, kill); },
        [&](const Attempt &, int) {
            Checked c;
            c.problems = importedShapesProblems(cache, true, &c.interrupted, &c.midCommit);
            return c;
        },
        [&](const Attempt &, int) {
            Checked c;
            c.problems = importedShapesProblems(cache, false, &c.interrupted);
            return c;
        });
    QVERIFY2(t.failures == 0, qPrintable(m_failures.join(u'\n')));
}

void TestKillHarness::killReplace()
{
    Tally &t = tally(QStringLiteral("import (replacing a page)"));
    // The base: the large record's first page with corrections on three of its observations.
    const QString base = path(QStringLiteral("replace-base.sqlite"));
    Attempt run = cli({ QStringLiteral("import"), path(QStringLiteral("big.json")),
        QStringLiteral("--db"), base });
    QVERIFY2(run.succeeded(), qPrintable(run.describe()));
    QStringList ids;
    {
        ReadOnlyDb db(base);
        const QList<QStringList> rows
            = db.rows("SELECT id FROM observations WHERE record_id = ? ORDER BY position LIMIT 3",
                { m_big.id });
        QCOMPARE(rows.size(), 3);
        for (const QStringList &row : rows)
            ids.append(row[0]);
    }
    QStringList reportedIds;
    for (const QString &id : std::as_const(ids)) {
        run = cli({ QStringLiteral("curate"), m_big.id, id, QStringLiteral("note=kh-replace-") + id,
            QStringLiteral("--author"), QStringLiteral("kh-cli"), QStringLiteral("--db"), base });
        QVERIFY2(run.succeeded(), qPrintable(run.describe()));
        reportedIds += printedCorrectionIds(run.out);
    }
    QCOMPARE(reportedIds.size(), 3);

    const QString cache = path(QStringLiteral("replace.sqlite"));
    const QStringList arguments = { QStringLiteral("import"), path(QStringLiteral("big-v2.json")),
        QStringLiteral("--db"), cache };
    auto shapes = [&](bool mayBeOld, bool *interrupted, bool *midCommit) {
        const qint64 wal = walBytes(cache);
        ReadOnlyDb db(cache);
        QStringList problems = checkCache(db);
        QList<PageShape> allowed { m_bigV2 };
        if (mayBeOld)
            allowed.append(m_big);
        if (const QString p = checkRecord(db, allowed, false); !p.isEmpty())
            problems.append(p);
        problems += checkCorrections(db, {}, reportedIds);
        *interrupted = db.rows("SELECT 1 FROM records WHERE id = ? AND as_of = ?",
                             { m_big.id, m_bigV2.asOf })
                           .isEmpty();
        *midCommit = *interrupted && wal > kTornWal;
        return problems;
    };
    QVERIFY(copyCache(base, cache));
    const Measured measured = measureCli(arguments, cache);
    QVERIFY2(measured.run.succeeded(), qPrintable(measured.run.describe()));
    bool interrupted = true;
    bool midCommit = false;
    const QStringList problems = shapes(false, &interrupted, &midCommit);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    killRounds(
        t, measured, [&](int) { QVERIFY(copyCache(base, cache)); },
        [&](const KillAt &kill, int, int) { return cli(arguments, kill); },
        [&](const Attempt &, int) {
            Checked c;
            c.problems = shapes(true, &c.interrupted, &c.midCommit);
            return c;
        },
        [&](const Attempt &, int) {
            Checked c;
            c.problems = shapes(false, &c.interrupted, &c.midCommit);
            return c;
        });
    QVERIFY2(t.failures == 0, qPrintable(m_failures.join(u'\n')));
}

void TestKillHarness::killCurate()
{
    Tally &t = tally(QStringLiteral("curate"));
    const QString cache = path(QStringLiteral("curate.sqlite"));
    Attempt run = cli(
        { QStringLiteral("import"), TestSupport::dataPath(QStringLiteral("ledger-2104.04473.txt")),
            QStringLiteral("--db"), cache });
    QVERIFY2(run.succeeded(), qPrintable(run.describe()));
    QStringList observations;
    {
        ReadOnlyDb db(cache);
        for (const QStringList &row :
            db.rows("SELECT id FROM observations WHERE record_id = ? ORDER BY position",
                { kFixtureId }))
            observations.append(row[0]);
    }
    QCOMPARE(observations.size(), m_fixture.observations);
    const QString note = curationFieldKey(CurationField::Note);
    const QString title = curationFieldKey(CurationField::Title);

    // Two fields in one command: both recorded or neither.
    auto written = [&](int round) {
        const QString observation = observations[(round + 1) % observations.size()];
        const QString value = QStringLiteral("kh-curate-%1").arg(round);
        return QList<WrittenCorrection> { { observation, note, value },
            { observation, title, value + QStringLiteral("-title") } };
    };
    auto arguments = [&](int round) {
        const QList<WrittenCorrection> w = written(round);
        return QStringList { QStringLiteral("curate"), kFixtureId, w[0].observation,
            QStringLiteral("note=") + w[0].value, QStringLiteral("title=") + w[1].value,
            QStringLiteral("--author"), QStringLiteral("kh-cli"), QStringLiteral("--db"), cache };
    };
    QList<WrittenCorrection> reported;
    QStringList reportedIds;
    auto check = [&](const Attempt &a, int round, bool mustBeThere) {
        if (a.succeeded()) {
            reported += written(round);
            reportedIds += printedCorrectionIds(a.out);
        }
        Checked c;
        ReadOnlyDb db(cache);
        c.problems = checkCache(db);
        if (const QString p = checkRecord(db, { m_fixture }, false); !p.isEmpty())
            c.problems.append(p);
        c.problems += checkCorrections(db, reported, reportedIds);
        const QHash<WrittenCorrection, qint64> held = harnessCorrections(db);
        const QList<WrittenCorrection> w = written(round);
        if (held.value(w[0]) != held.value(w[1]))
            c.problems.append(QStringLiteral("one curate command stored %1 of its fields")
                                  .arg(held.value(w[0]) ? note : title));
        c.interrupted = held.value(w[0]) == 0;
        if (mustBeThere && c.interrupted)
            c.problems.append(QStringLiteral(
                "the corrections of round %1 are missing after the run that completed")
                                  .arg(round));
        return c;
    };
    const Measured measured = measureCli(arguments(-1), cache);
    QVERIFY2(measured.run.succeeded(), qPrintable(measured.run.describe()));
    const Checked first = check(measured.run, -1, true);
    QVERIFY2(first.problems.isEmpty(), qPrintable(first.problems.join(u'\n')));
    killRounds(
        t, measured, [](int) {},
        [&](const KillAt &kill, int round, int) { return cli(arguments(round), kill); },
        [&](const Attempt &a, int round) { return check(a, round, false); },
        [&](const Attempt &a, int round) { return check(a, round, true); });
    QVERIFY2(t.failures == 0, qPrintable(m_failures.join(u'\n')));
}

void TestKillHarness::killImportNotices()
{
    Tally &t = tally(QStringLiteral("import-notices"));
    const QString cache = path(QStringLiteral("notices.sqlite"));
    Attempt run = cli(
        { QStringLiteral("import"), TestSupport::dataPath(QStringLiteral("ledger-2104.04473.txt")),
            QStringLiteral("--db"), cache });
    QVERIFY2(run.succeeded(), qPrintable(run.describe()));
    const QString sample = TestSupport::dataPath(QStringLiteral("retractions-sample.csv"));
    const QByteArray header = TestSupport::readAll(sample).split('\n').first() + '\n';
    // A generated file of m_notices new notices (one per row, on works of their own); round 0
    // imports the sample file, which also flags observations of the fixture.
    auto generated = [&](int round) {
        const QString file = path(QStringLiteral("notices-%1.csv").arg(round));
        QByteArray csv = header;
        for (int i = 0; i < m_notices; ++i) {
            const QByteArray n = QByteArray::number(round + 2) + '.' + QByteArray::number(i);
            csv += QByteArray::number((round + 2) * 1000000 + i) + ",Kill Harness Paper " + n
                + ",(BLS) Biology;,Example Institute,Example Journal,Example Press,Sweden,A. "
                  "Author;B. Author,"
                  "https://example.org/kh/"
                + n + ",Research Article;,3/1/2024 0:00,10.5555/kh.notice." + n
                + ",0,4/9/2021 0:00,10.5555/kh.work." + n + ",0,Retraction,+Error in Data;,No,\n";
        }
        if (!writeFile(file, csv))
            qWarning("cannot write %s", qPrintable(file));
        return file;
    };
    auto count
        = [&](const QString &db) { return ReadOnlyDb(db).number("SELECT count(*) FROM notices"); };

    // What the sample adds, and how long a generated file takes, on a copy.
    const QString scratch = path(QStringLiteral("notices-scratch.sqlite"));
    QVERIFY(copyCache(cache, scratch));
    run = cli({ QStringLiteral("import-notices"), sample, QStringLiteral("--db"), scratch });
    QVERIFY2(run.succeeded(), qPrintable(run.describe()));
    const qint64 sampleAdds = count(scratch);
    QVERIFY(sampleAdds > 0);
    const Measured measured = measureCli(
        { QStringLiteral("import-notices"), generated(-1), QStringLiteral("--db"), scratch },
        scratch);
    QVERIFY2(measured.run.succeeded(), qPrintable(measured.run.describe()));
    QCOMPARE(count(scratch), sampleAdds + m_notices);

    QString file;
    qint64 before = 0;
    qint64 after = 0;
    auto check = [&](const Attempt &, int, bool mustBeDone) {
        Checked c;
        ReadOnlyDb db(cache);
        c.problems = checkCache(db);
        if (const QString p = checkRecord(db, { m_fixture }, false); !p.isEmpty())
            c.problems.append(p);
        const qint64 held = db.number("SELECT count(*) FROM notices");
        if (held != before && held != after)
            c.problems.append(
                QStringLiteral("%1 notices held: neither the %2 before nor the %3 after the import")
                    .arg(held)
                    .arg(before)
                    .arg(after));
        c.interrupted = held != after;
        if (mustBeDone && c.interrupted)
            c.problems.append(QStringLiteral("%1 notices held after the run that completed, not %2")
                                  .arg(held)
                                  .arg(after));
        return c;
    };
    killRounds(
        t, measured,
        [&](int round) {
            file = round == 0 ? sample : generated(round);
            before = count(cache);
            after = before + (round == 0 ? sampleAdds : m_notices);
        },
        [&](const KillAt &kill, int, int) {
            return cli(
                { QStringLiteral("import-notices"), file, QStringLiteral("--db"), cache }, kill);
        },
        [&](const Attempt &a, int round) { return check(a, round, false); },
        [&](const Attempt &a, int round) {
            Checked c = check(a, round, true);
            // The same file again adds nothing.
            const Attempt again
                = cli({ QStringLiteral("import-notices"), file, QStringLiteral("--db"), cache });
            if (!again.succeeded() || !again.out.contains(" 0 new, "))
                c.problems.append(QStringLiteral("importing %1 again: %2 %3")
                                      .arg(file, again.describe(), QString::fromUtf8(again.out)));
            if (count(cache) != after)
                c.problems.append(
                    QStringLiteral("importing the same file again changed the notices"));
            return c;
        });
    QVERIFY2(t.failures == 0, qPrintable(m_failures.join(u'\n')));
}

bool TestKillHarness::startServer()
{
    if (m_server)
        return true;
    QDir().mkpath(path(QStringLiteral("server")));
    m_server = std::make_unique<TestSupport::ServerProcess>(
        path(QStringLiteral("server/server.sqlite")));
    QString problem;
    m_server->command({ QStringLiteral("import"), path(QStringLiteral("big.json")),
                          TestSupport::dataPath(QStringLiteral("ledger-2104.04473.txt")) },
        &problem);
    const QByteArray alice = m_server->command(
        { QStringLiteral("token"), QStringLiteral("add"), QStringLiteral("kh-cli"),
            QStringLiteral("--role"), QStringLiteral("curator") },
        &problem);
    m_aliceToken = path(QStringLiteral("alice.token"));
    if (!problem.isEmpty() || !writeFile(m_aliceToken, alice.trimmed().split('\n').last() + '\n')) {
        qWarning("%s", qPrintable(problem));
        return false;
    }
    QFile::setPermissions(m_aliceToken, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    // The token is the harness curator's: a sync signs and pushes kh-cli's corrections, and the
    // server takes events only under the token's name (issue 19).
    if (const Attempt named
        = cli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("kh-cli") });
        !named.succeeded()) {
        qWarning("%s", qPrintable(named.describe()));
        return false;
    }
    if (!m_server->start(&problem)) {
        qWarning("%s", qPrintable(problem));
        return false;
    }
    return true;
}

namespace {

//! Outbox events: `count` notes on the record's observations, each naming the field's current
//! head (the events before it on the same observation and field), values "kh-PREFIX-N", by the
//! harness curator kh-cli, unsigned as an older version made them: the sync signs them.
QList<CorrectionEvent> makeNotes(
    Store &store, const QString &record, const QString &prefix, int count, QString *problem)
{
    auto loaded = store.loadCurated(record);
    if (!loaded || !loaded->has_value()) {
        *problem = QStringLiteral("cannot load %1 from %2").arg(record, store.path());
        return {};
    }
    const CuratedRecord &curated = **loaded;
    QHash<QString, FieldState> heads;
    QList<CorrectionEvent> events;
    const QString now = nowUtc();
    for (int i = 0; i < count; ++i) {
        const QString observation
            = curated.upstream.observations[i % curated.upstream.observations.size()].id;
        if (!heads.contains(observation)) {
            const FieldState *current = curated.field(observation, CurationField::Note);
            heads.insert(observation, current ? *current : FieldState {});
        }
        CorrectionEvent e = makeEdit(heads[observation], record, observation, CurationField::Note,
            QStringLiteral("kh-%1-%2").arg(prefix).arg(i), QStringLiteral("kh-cli"), now);
        heads[observation].heads = { e };
        events.append(e);
    }
    return events;
}

//! Adds the events to the cache's outbox (the harness's own write, run to completion).
QStringList addToOutbox(
    const QString &cache, const QString &record, const QString &prefix, int count, QString *problem)
{
    Store store(cache);
    if (auto opened = store.open(); !opened) {
        *problem = opened.error().toString();
        return {};
    }
    const QList<CorrectionEvent> events = makeNotes(store, record, prefix, count, problem);
    if (!problem->isEmpty())
        return {};
    if (auto stored = store.addCorrections(events); !stored) {
        *problem = stored.error().toString();
        return {};
    }
    QStringList ids;
    for (const CorrectionEvent &e : events)
        ids.append(e.id);
    return ids;
}

//! The events of a cache against the server's: each with a seq is held by the server with the
//! same seq; with `converged`, both hold the same events with the same seqs (the outbox empty).
QStringList compareEvents(ReadOnlyDb &cache, ReadOnlyDb &server, bool converged)
{
    QStringList problems;
    const QHash<QString, qint64> local = cacheEventSeqs(cache);
    const QHash<QString, qint64> remote = serverEventSeqs(server);
    if (!cache.error().isEmpty() || !server.error().isEmpty())
        return { QStringLiteral("cannot read the events: ") + cache.error() + server.error() };
    qsizetype wrong = 0;
    qsizetype outbox = 0;
    for (auto it = local.cbegin(); it != local.cend(); ++it) {
        if (it.value() < 0) {
            ++outbox;
            continue;
        }
        if (remote.value(it.key(), -2) != it.value() && ++wrong <= 3)
            problems.append(QStringLiteral("event %1 has seq %2 in the cache and %3 on the server")
                                .arg(it.key())
                                .arg(it.value())
                                .arg(remote.value(it.key(), -2)));
    }
    if (wrong > 3)
        problems.append(QStringLiteral("... %1 events with a wrong seq in all").arg(wrong));
    // On the server, no correction the harness wrote twice (under two ids).
    const QList<QStringList> twice
        = server.rows("SELECT observation, field, value, count(*) FROM events"
                      " WHERE value LIKE 'kh-%' GROUP BY 1, 2, 3 HAVING count(*) > 1");
    for (const QStringList &row : twice.mid(0, 3))
        problems.append(QStringLiteral("the server holds %1 of %2 to '%3' %4 times")
                            .arg(row[1], row[0], row[2], row[3]));
    if (converged) {
        if (outbox > 0)
            problems.append(
                QStringLiteral("%1 corrections still in the outbox after a sync that completed")
                    .arg(outbox));
        qsizetype missing = 0;
        for (auto it = remote.cbegin(); it != remote.cend(); ++it)
            missing += local.contains(it.key()) ? 0 : 1;
        if (missing > 0 || local.size() != remote.size())
            problems.append(QStringLiteral(
                "the cache holds %1 events, the server %2 (%3 of the server's missing)")
                                .arg(local.size())
                                .arg(remote.size())
                                .arg(missing));
    }
    return problems;
}

} // namespace

void TestKillHarness::killSyncPull()
{
    Tally &t = tally(QStringLiteral("sync (pull into a new cache)"));
    QVERIFY(startServer());
    // Another curator's corrections on the server for the pull: pushed from a cache of their own.
    const QString other = path(QStringLiteral("pull-seed.sqlite"));
    auto syncArguments = [&](const QString &cache) {
        return QStringList { QStringLiteral("sync"), QStringLiteral("--server"),
            m_server->url().toString(), QStringLiteral("--token-file"), m_aliceToken,
            QStringLiteral("--db"), cache };
    };
    auto sync = [&](const QString &cache, const KillAt &kill = {}) {
        return cli(syncArguments(cache), kill);
    };
    Attempt run = sync(other);
    QVERIFY2(run.succeeded(), qPrintable(run.describe()));
    QString problem;
    addToOutbox(other, m_big.id, QStringLiteral("pull"), m_events, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    run = sync(other);
    QVERIFY2(run.succeeded(), qPrintable(run.describe()));
    QVERIFY2(ReadOnlyDb(m_server->database()).number("SELECT count(*) FROM events") >= m_events,
        "the seed events did not reach the server");

    const QString cache = path(QStringLiteral("pull.sqlite"));
    auto check = [&](bool converged) {
        Checked c;
        if (!QFile::exists(cache)) {
            c.interrupted = true;
            if (converged)
                c.problems.append(QStringLiteral("no cache after a sync that completed"));
            return c;
        }
        ReadOnlyDb db(cache);
        ReadOnlyDb server(m_server->database());
        c.problems = checkCache(db);
        bool bigThere = false;
        bool fixtureThere = false;
        if (const QString p = checkRecord(db, { m_big }, !converged, &bigThere); !p.isEmpty())
            c.problems.append(p);
        if (const QString p = checkRecord(db, { m_fixture }, !converged, &fixtureThere);
            !p.isEmpty())
            c.problems.append(p);
        c.problems += checkCorrections(db, {});
        c.problems += compareEvents(db, server, converged);
        c.interrupted = !bigThere || !fixtureThere
            || cacheEventSeqs(db).size() != server.number("SELECT count(*) FROM events");
        return c;
    };
    removeCache(cache);
    const Measured measured = measureCli(syncArguments(cache), cache);
    QVERIFY2(measured.run.succeeded(), qPrintable(measured.run.describe()));
    const QStringList problems = check(true).problems;
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    killRounds(
        t, measured, [&](int) { removeCache(cache); },
        [&](const KillAt &kill, int, int) { return sync(cache, kill); },
        [&](const Attempt &, int) { return check(false); },
        [&](const Attempt &, int) { return check(true); });
    QVERIFY2(t.failures == 0, qPrintable(m_failures.join(u'\n')));
}

void TestKillHarness::killSyncPush()
{
    Tally &t = tally(QStringLiteral("sync (push an outbox)"));
    QVERIFY(startServer());
    const QString cache = path(QStringLiteral("push.sqlite"));
    const QStringList syncArguments
        = { QStringLiteral("sync"), QStringLiteral("--server"), m_server->url().toString(),
              QStringLiteral("--token-file"), m_aliceToken, QStringLiteral("--db"), cache };
    auto sync = [&](const KillAt &kill = {}) { return cli(syncArguments, kill); };
    Attempt run = sync();
    QVERIFY2(run.succeeded(), qPrintable(run.describe()));
    QStringList written; // every event the harness stored in the outbox
    auto check = [&](bool converged) {
        Checked c;
        ReadOnlyDb db(cache);
        ReadOnlyDb server(m_server->database());
        c.problems = checkCache(db);
        c.problems += checkDatabase(server); // never killed, checked all the same
        if (const QString p = checkRecord(db, { m_fixture }, false); !p.isEmpty())
            c.problems.append(p);
        c.problems += checkCorrections(db, {}, written);
        c.problems += compareEvents(db, server, converged);
        c.interrupted = db.number("SELECT count(*) FROM corrections WHERE seq IS NULL") > 0;
        if (converged) {
            qsizetype missing = 0;
            for (const QString &id : std::as_const(written))
                missing += server.number("SELECT count(*) FROM events WHERE id = ?", { id }) == 1
                    ? 0
                    : 1;
            if (missing > 0)
                c.problems.append(QStringLiteral(
                    "%1 of the %2 corrections written are not on the server exactly once")
                                      .arg(missing)
                                      .arg(written.size()));
        }
        return c;
    };
    // Every killed run has new corrections to push (and whatever an earlier kill left).
    auto fill = [&](const QString &prefix) {
        QString problem;
        written += addToOutbox(cache, kFixtureId, prefix, m_events, &problem);
        if (!problem.isEmpty())
            qWarning("cannot fill the outbox: %s", qPrintable(problem));
    };
    fill(QStringLiteral("push-measure"));
    const Measured measured = measureCli(syncArguments, cache);
    QVERIFY2(measured.run.succeeded(), qPrintable(measured.run.describe()));
    const QStringList problems = check(true).problems;
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    killRounds(
        t, measured, [](int) {},
        [&](const KillAt &kill, int round, int attempt) {
            if (!kill.never())
                fill(QStringLiteral("push-%1-%2").arg(round).arg(attempt));
            return sync(kill);
        },
        [&](const Attempt &, int) { return check(false); },
        [&](const Attempt &, int) { return check(true); });
    QVERIFY2(t.failures == 0, qPrintable(m_failures.join(u'\n')));
}

void TestKillHarness::killApp()
{
    Tally &t = tally(QStringLiteral("desktop app (corrections)"));
    const QString cache = path(QStringLiteral("app.sqlite"));
    Attempt run = cli(
        { QStringLiteral("import"), TestSupport::dataPath(QStringLiteral("ledger-2104.04473.txt")),
            QStringLiteral("--db"), cache });
    QVERIFY2(run.succeeded(), qPrintable(run.describe()));
    QProcessEnvironment env = m_env;
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("HOME"), path(QStringLiteral("app-home")));
    QVERIFY(QDir().mkpath(path(QStringLiteral("app-home"))));
    constexpr int kCorrections = 8;
    auto driverArguments = [&](const QString &prefix, int count) {
        return QStringList { QLatin1String(kDriverFlag), cache, prefix, QString::number(count) };
    };
    auto driver = [&](const QString &prefix, int count, const KillAt &kill) {
        return runAndKill(
            QCoreApplication::applicationFilePath(), driverArguments(prefix, count), env, kill);
    };
    QList<WrittenCorrection> reported;
    auto check = [&](const Attempt &a, int expected) {
        const QList<WrittenCorrection> now = reportedByDriver(a.out);
        reported += now;
        Checked c;
        ReadOnlyDb db(cache);
        c.problems = checkCache(db);
        if (const QString p = checkRecord(db, { m_fixture }, false); !p.isEmpty())
            c.problems.append(p);
        c.problems += checkCorrections(db, reported);
        c.interrupted = now.size() < expected;
        return c;
    };
    const Measured measured = measureRun(QCoreApplication::applicationFilePath(),
        driverArguments(QStringLiteral("measure"), kCorrections), env, cache);
    QVERIFY2(measured.run.succeeded(), qPrintable(measured.run.describe()));
    const Checked first = check(measured.run, kCorrections);
    QVERIFY2(
        first.problems.isEmpty() && !first.interrupted, qPrintable(first.problems.join(u'\n')));
    killRounds(
        t, measured, [](int) {},
        [&](const KillAt &kill, int round, int attempt) {
            return kill.never()
                ? driver(QStringLiteral("%1-final").arg(round), 2, kill)
                : driver(QStringLiteral("%1-%2").arg(round).arg(attempt), kCorrections, kill);
        },
        [&](const Attempt &a, int) { return check(a, kCorrections); },
        [&](const Attempt &a, int) { return check(a, 2); });
    QVERIFY2(t.failures == 0, qPrintable(m_failures.join(u'\n')));
}

void TestKillHarness::killAppImport()
{
    Tally &t = tally(QStringLiteral("desktop app (FILE... import)"));
    makeImportBase();
    const QString cache = path(QStringLiteral("app-import.sqlite"));
    QProcessEnvironment env = m_env;
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("HOME"), path(QStringLiteral("gui-home")));
    QVERIFY(QDir().mkpath(path(QStringLiteral("gui-home"))));
    const QStringList files
        = { path(QStringLiteral("big.json")), path(QStringLiteral("medium.txt")) };
    const QStringList guiArguments = QStringList { QStringLiteral("--db"), cache } + files;

    // How long the window takes to have both pages in the cache: started, watched, then stopped.
    QVERIFY(copyCache(m_importBase, cache));
    Measured measured;
    measured.wal = cache + QStringLiteral("-wal");
    {
        QProcess gui;
        gui.setProcessEnvironment(env);
        gui.start(QStringLiteral(LC_CLI_PATH), guiArguments);
        QVERIFY(gui.waitForStarted());
        QElapsedTimer timer;
        timer.start();
        bool whole = false;
        while (!whole && timer.elapsed() < 120000 && gui.state() == QProcess::Running) {
            gui.waitForFinished(10);
            const qint64 wal = walBytes(cache);
            if (measured.writeFromUs < 0 && wal > 64 * 1024)
                measured.writeFromUs = timer.nsecsElapsed() / 1000;
            measured.walPeakBytes = std::max(measured.walPeakBytes, wal);
            ReadOnlyDb db(cache);
            whole = checkRecord(db, { m_big }, false).isEmpty()
                && checkRecord(db, { m_medium }, false).isEmpty();
        }
        measured.run.elapsedMs = timer.elapsed();
        gui.kill();
        gui.waitForFinished();
        QVERIFY2(whole, gui.readAllStandardError().constData());
    }
    killRounds(
        t, measured, [&](int) { QVERIFY(copyCache(m_importBase, cache)); },
        [&](const KillAt &kill, int, int) {
            // The GUI never ends by itself: the run after the kills is the command line's import.
            return kill.never() ? cli(QStringList { QStringLiteral("import") } + files
                       + QStringList { QStringLiteral("--db"), cache })
                                : runAndKill(QStringLiteral(LC_CLI_PATH), guiArguments, env, kill);
        },
        [&](const Attempt &, int) {
            Checked c;
            c.problems = importedShapesProblems(cache, true, &c.interrupted, &c.midCommit);
            return c;
        },
        [&](const Attempt &, int) {
            Checked c;
            c.problems = importedShapesProblems(cache, false, &c.interrupted);
            return c;
        });
    QVERIFY2(t.failures == 0, qPrintable(m_failures.join(u'\n')));
}

void TestKillHarness::killAppBesideCli()
{
    Tally &t = tally(QStringLiteral("desktop app beside curate"));
    const QString cache = path(QStringLiteral("beside.sqlite"));
    Attempt run = cli(
        { QStringLiteral("import"), TestSupport::dataPath(QStringLiteral("ledger-2104.04473.txt")),
            QStringLiteral("--db"), cache });
    QVERIFY2(run.succeeded(), qPrintable(run.describe()));
    QStringList observations;
    {
        ReadOnlyDb db(cache);
        for (const QStringList &row :
            db.rows("SELECT id FROM observations WHERE record_id = ? ORDER BY position DESC",
                { kFixtureId }))
            observations.append(row[0]);
    }
    QCOMPARE(observations.size(), m_fixture.observations);
    QProcessEnvironment env = m_env;
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("HOME"), path(QStringLiteral("beside-home")));
    QVERIFY(QDir().mkpath(path(QStringLiteral("beside-home"))));
    constexpr int kCorrections = 8;
    const QString note = curationFieldKey(CurationField::Note);
    QList<WrittenCorrection> reported;
    QStringList reportedIds;
    QList<WrittenCorrection> refused; // curate said no (with its reason): none of these may be held
    QStringList besideProblems;

    // The window corrects while `ledger-curator curate` writes to the same cache from beside it,
    // one command after the other; the window is killed, the command line runs to its end.
    auto runBeside = [&](const KillAt &kill, const QString &prefix, int count) {
        Attempt attempt;
        attempt.plan = kill;
        QProcess driver;
        driver.setProcessEnvironment(env);
        driver.start(QCoreApplication::applicationFilePath(),
            { QLatin1String(kDriverFlag), cache, prefix, QString::number(count) });
        if (!driver.waitForStarted(30000)) {
            attempt.started = false;
            return attempt;
        }
        QElapsedTimer timer;
        timer.start();
        std::unique_ptr<QProcess> curate;
        WrittenCorrection pending;
        int n = 0;
        bool sent = false;
        auto finishCurate = [&] {
            curate->waitForFinished(120000);
            const QByteArray out = curate->readAllStandardOutput();
            const QByteArray err = curate->readAllStandardError();
            if (curate->exitStatus() == QProcess::NormalExit && curate->exitCode() == 0) {
                reported.append(pending);
                reportedIds += printedCorrectionIds(out);
            } else if (curate->exitStatus() == QProcess::NormalExit && !err.trimmed().isEmpty()) {
                refused.append(pending);
            } else {
                besideProblems.append(
                    QStringLiteral("curate beside the window ended badly (status %1): %2")
                        .arg(curate->exitCode())
                        .arg(QString::fromUtf8(err)));
            }
            curate.reset();
        };
        while (driver.state() != QProcess::NotRunning && timer.elapsed() < 300000) {
            if (!sent && !kill.never()
                && ((kill.walBytes > 0
                        && QFileInfo(cache + QStringLiteral("-wal")).size() >= kill.walBytes)
                    || (kill.walBytes <= 0 && timer.nsecsElapsed() / 1000 >= kill.delayUs))) {
                driver.kill();
                sent = true;
            }
            if (curate && curate->state() == QProcess::NotRunning)
                finishCurate();
            if (!curate && !sent) {
                pending = { observations[n % observations.size()], note,
                    QStringLiteral("kh-beside-%1-%2").arg(prefix).arg(n) };
                ++n;
                curate = std::make_unique<QProcess>();
                curate->setProcessEnvironment(m_env);
                curate->start(QStringLiteral(LC_CLI_PATH),
                    { QStringLiteral("curate"), kFixtureId, pending.observation,
                        QStringLiteral("note=") + pending.value, QStringLiteral("--author"),
                        QStringLiteral("kh-cli"), QStringLiteral("--db"), cache });
            }
            driver.waitForFinished(1);
        }
        if (driver.state() != QProcess::NotRunning) {
            driver.kill();
            driver.waitForFinished(10000);
            besideProblems.append(QStringLiteral("the window did not finish within 300 s"));
        }
        if (curate)
            finishCurate();
        attempt.elapsedMs = timer.elapsed();
        attempt.out = driver.readAllStandardOutput();
        attempt.err = driver.readAllStandardError();
        if (driver.exitStatus() == QProcess::CrashExit) {
            attempt.killed = sent && driver.exitCode() == SIGKILL;
            attempt.crashed = !attempt.killed;
        }
        attempt.exitCode = driver.exitCode();
        return attempt;
    };
    auto check = [&](const Attempt &a, int expected) {
        const QList<WrittenCorrection> now = reportedByDriver(a.out);
        reported += now;
        Checked c;
        c.problems = besideProblems;
        besideProblems.clear();
        ReadOnlyDb db(cache);
        c.problems += checkCache(db);
        if (const QString p = checkRecord(db, { m_fixture }, false); !p.isEmpty())
            c.problems.append(p);
        c.problems += checkCorrections(db, reported, reportedIds);
        const QHash<WrittenCorrection, qint64> held = harnessCorrections(db);
        for (const WrittenCorrection &r : std::as_const(refused)) {
            if (held.value(r) > 0)
                c.problems.append(QStringLiteral("curate of %1 to '%2' was refused and is held")
                                      .arg(r.observation, r.value));
        }
        c.interrupted = now.size() < expected;
        return c;
    };
    Measured measured;
    measured.run = runBeside(KillAt {}, QStringLiteral("measure"), kCorrections);
    QVERIFY2(measured.run.succeeded(), qPrintable(measured.run.describe()));
    const Checked first = check(measured.run, kCorrections);
    QVERIFY2(
        first.problems.isEmpty() && !first.interrupted, qPrintable(first.problems.join(u'\n')));
    killRounds(
        t, measured, [](int) {},
        [&](const KillAt &kill, int round, int attempt) {
            return kill.never()
                ? runBeside(kill, QStringLiteral("%1-final").arg(round), 2)
                : runBeside(kill, QStringLiteral("%1-%2").arg(round).arg(attempt), kCorrections);
        },
        [&](const Attempt &a, int) { return check(a, kCorrections); },
        [&](const Attempt &a, int) { return check(a, 2); });
    std::printf("kill harness: beside the window, %lld curate commands recorded, %lld refused with "
                "a reason\n",
        static_cast<long long>(reportedIds.size()), static_cast<long long>(refused.size()));
    QVERIFY2(t.failures == 0, qPrintable(m_failures.join(u'\n')));
}

int main(int argc, char *argv[])
{
    if (argc > 1 && qstrcmp(argv[1], kDriverFlag) == 0)
        return runAppDriver(argc, argv);
    QCoreApplication app(argc, argv);
    TestKillHarness test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_killharness.moc"
