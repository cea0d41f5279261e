// SPDX-License-Identifier: GPL-3.0-or-later
// Crash safety of the desktop app (docs/crash-safety.md): the window correcting through its
// widgets (this test's own executable as the driver), the `ledger-curator` GUI importing the files
// named on its command line, and the window beside `ledger-curator curate`, each sent SIGKILL at
// random moments; the cache checked with SQLite after every kill. Sizes and seed:
// tests/support/KillHarnessCase.h.
#include "CuratedRecord.h"
#include "CurationLog.h"
#include "KillHarness.h"
#include "KillHarnessCase.h"
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

class TestKillApp : public KillHarnessCase
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setUpHarness(); }
    void cleanupTestCase() { reportHarness(); }
    void killApp();
    void killAppImport();
    void killAppBesideCli();
};

void TestKillApp::killApp()
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

void TestKillApp::killAppImport()
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

void TestKillApp::killAppBesideCli()
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
    TestKillApp test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_killapp.moc"
