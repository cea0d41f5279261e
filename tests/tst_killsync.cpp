// SPDX-License-Identifier: GPL-3.0-or-later
// Crash safety of the sync (docs/crash-safety.md): `ledger-curator sync` against a real
// ledger-server, pulling into a fresh cache and pushing an outbox, sent SIGKILL at random moments;
// after every kill the cache's events are checked against the server's, and after the sync run
// again to its end both hold the same events with the same seqs. Sizes and seed:
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

class TestKillSync : public KillHarnessCase
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setUpHarness(); }
    void cleanupTestCase() { reportHarness(); }
    void killSyncPull();
    void killSyncPush();
};

void TestKillSync::killSyncPull()
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

void TestKillSync::killSyncPush()
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

QTEST_GUILESS_MAIN(TestKillSync)
#include "tst_killsync.moc"
