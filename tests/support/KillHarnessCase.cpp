// SPDX-License-Identifier: GPL-3.0-or-later
#include "KillHarnessCase.h"

#include "CuratedRecord.h"
#include "CurationLog.h"
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

namespace LedgerCurator::KillHarness {

const QString kFixtureId = QStringLiteral("2104.04473");

int envNumber(const char *name, int fallback)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok && value > 0 ? value : fallback;
}

quint64 fnv1a(const QByteArray &bytes)
{
    quint64 hash = 14695981039346656037ull;
    for (const char c : bytes) {
        hash ^= quint8(c);
        hash *= 1099511628211ull;
    }
    return hash;
}

PageShape shapeOf(const Record &record)
{
    PageShape shape { record.arxivId, record.asOf, record.observations.size(), 0 };
    for (const Observation &o : record.observations)
        shape.sourceEvents += o.events.events.size();
    return shape;
}

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

bool copyCache(const QString &from, const QString &to)
{
    removeCache(to);
    return QFile::copy(from, to);
}

qint64 walBytes(const QString &cache)
{
    return QFileInfo(cache + QStringLiteral("-wal")).size();
}

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

void KillHarnessCase::setUpHarness()
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

void KillHarnessCase::reportHarness()
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

Tally &KillHarnessCase::tally(const QString &command)
{
    m_tallies.append({ command });
    // A generator of the function's own: replaying one function draws the same delays.
    m_random.seed(m_seed ^ fnv1a(QTest::currentTestFunction()));
    return m_tallies.last();
}

Attempt KillHarnessCase::cli(const QStringList &arguments, const KillAt &kill) const
{
    return runAndKill(QStringLiteral(LC_CLI_PATH), arguments, m_env, kill);
}

void KillHarnessCase::fail(Tally &tally, const QString &where, const QStringList &problems)
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

void KillHarnessCase::killRounds(Tally &tally, const Measured &measured,
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

void KillHarnessCase::makeImportBase()
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

QStringList KillHarnessCase::importedShapesProblems(
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

bool KillHarnessCase::startServer()
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
    // server takes events only under the token's name (docs/signatures.md).
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

} // namespace LedgerCurator::KillHarness
