// SPDX-License-Identifier: GPL-3.0-or-later
// Crash safety of the command line (docs/crash-safety.md): the real `ledger-curator import` (new
// pages, and a page replacing an earlier one), `curate` and `import-notices` sent SIGKILL at random
// moments, the cache checked with SQLite after every kill, then the command run again to its end.
// Sizes and seed: tests/support/KillHarnessCase.h.
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

class TestKillCli : public KillHarnessCase
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setUpHarness(); }
    void cleanupTestCase() { reportHarness(); }
    void killImport();
    void killReplace();
    void killCurate();
    void killImportNotices();
};

void TestKillCli::killImport()
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

void TestKillCli::killReplace()
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

void TestKillCli::killCurate()
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

void TestKillCli::killImportNotices()
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

QTEST_GUILESS_MAIN(TestKillCli)
#include "tst_killcli.moc"
