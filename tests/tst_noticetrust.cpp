// SPDX-License-Identifier: GPL-3.0-or-later
// Signed notices end to end (docs/signatures.md, "Notices"), on the real ledger-server on loopback
// and the real ledger-curator: a notice imported by alice is signed with her key; altered in the
// server's database, it is set aside by bob's sync with a warning while his cache keeps and shows
// the genuine notice, and `ledger-server verify` names it; withdrawals a complete list makes are
// signed; an unsigned notice past the notices' legacy mark is set aside, one within it is taken.
#include "NoticeSignature.h"
#include "ServerProcess.h"
#include "Store.h"
#include "SyncClient.h"
#include "TestKeys.h"
#include "TestSupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kPaperRef = QStringLiteral("retraction-watch:51234"); // the demo paper's retraction
const QString kGenuineDate = QStringLiteral("2024-03-01");
const QString kForgedDate = QStringLiteral("2019-06-30");

//! The error of a failed result, for a test's message.
template <typename T> QString errorOf(const Result<T> &result)
{
    return result ? QString() : result.error().toString();
}

} // namespace

class TestNoticeTrust : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void alteredNoticeIsSetAsideAndTheGenuineOneStays();
    void withdrawalsAreSignedAndVerify();
    void unsignedNoticesPassOnlyWithinTheLegacyMark();
    void alteredEventIsAWarningOfTheCommandLine();

private:
    //! ledger-curator as `curator`, in their own home, on their own cache.
    CliRun cli(const QString &curator, QStringList arguments) const;
    CliRun sync(const QString &curator) const;
    //! `notices --json` of the curator's cache, by ref.
    QHash<QString, QJsonObject> shownNotices(const QString &curator) const;
    //! Runs `sql` on the server's database directly, as whoever can write it could.
    bool alterServer(const QStringList &sql) const;
    CliRun verifyServer() const;
    QString cache(const QString &curator) const
    {
        return m_dir->filePath(curator + QStringLiteral(".sqlite"));
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ServerProcess> m_server;
    QHash<QString, QString> m_tokens;
};

void TestNoticeTrust::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QString problem;
    m_tokens.clear();
    m_server = fixtureServer(m_dir->path(),
        { { QStringLiteral("alice"), QStringLiteral("curator") },
            { QStringLiteral("bob"), QStringLiteral("curator") },
            { QStringLiteral("carol"), QStringLiteral("curator") } },
        &m_tokens, &problem);
    QVERIFY2(m_server, qPrintable(problem));
    for (const QString &curator : m_tokens.keys()) {
        QVERIFY(QDir(m_dir->path()).mkpath(curator));
        QFile file(m_dir->filePath(curator + QStringLiteral(".token")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(m_tokens.value(curator).toUtf8() + '\n');
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        file.close();
        const CliRun named
            = runCli({ QStringLiteral("identity"), QStringLiteral("--name"), curator },
                m_dir->filePath(curator));
        QVERIFY2(named.exitCode == 0, named.err.constData());
    }
}

void TestNoticeTrust::cleanup()
{
    m_server.reset();
    m_dir.reset();
}

CliRun TestNoticeTrust::cli(const QString &curator, QStringList arguments) const
{
    arguments << QStringLiteral("--db") << cache(curator);
    return runCli(arguments, m_dir->filePath(curator));
}

CliRun TestNoticeTrust::sync(const QString &curator) const
{
    return cli(curator,
        { QStringLiteral("sync"), QStringLiteral("--server"), m_server->url().toString(),
            QStringLiteral("--token-file"), m_dir->filePath(curator + QStringLiteral(".token")) });
}

QHash<QString, QJsonObject> TestNoticeTrust::shownNotices(const QString &curator) const
{
    const CliRun listed = cli(curator, { QStringLiteral("notices"), QStringLiteral("--json") });
    QHash<QString, QJsonObject> out;
    const QJsonArray notices
        = QJsonDocument::fromJson(listed.out).object().value(QStringLiteral("notices")).toArray();
    for (const QJsonValue &n : notices)
        out.insert(n.toObject().value(QStringLiteral("ref")).toString(), n.toObject());
    return out;
}

bool TestNoticeTrust::alterServer(const QStringList &sql) const
{
    const QString name = QStringLiteral("tst_noticetrust_server");
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(m_server->database());
        ok = db.open();
        QSqlQuery query(db);
        for (const QString &statement : sql) {
            if (ok && !query.exec(statement)) {
                qWarning("%s: %s", qPrintable(statement), qPrintable(query.lastError().text()));
                ok = false;
            }
        }
        query.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

CliRun TestNoticeTrust::verifyServer() const
{
    return runServerCommand(
        { QStringLiteral("verify"), QStringLiteral("--db"), m_server->database() });
}

void TestNoticeTrust::alteredNoticeIsSetAsideAndTheGenuineOneStays()
{
    // alice imports the Retraction Watch sample and syncs: every version is signed with her key.
    const CliRun imported = cli(QStringLiteral("alice"),
        { QStringLiteral("import-notices"), dataPath(QStringLiteral("retractions-sample.csv")) });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    {
        Store a(cache(QStringLiteral("alice")));
        QVERIFY(a.open());
        const QList<StandingNotice> held = a.notices().value();
        QCOMPARE(held.size(), 6);
        for (const StandingNotice &n : held) {
            QCOMPARE(n.importedBy, QStringLiteral("alice"));
            QVERIFY2(n.isSigned(), qPrintable(n.ref()));
        }
    }
    CliRun synced = sync(QStringLiteral("alice"));
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    synced = sync(QStringLiteral("bob"));
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    QVERIFY2(!synced.err.contains("warning"), synced.err.constData());
    QCOMPARE(shownNotices(QStringLiteral("bob")).value(kPaperRef).value(QStringLiteral("date")),
        kGenuineDate);
    CliRun verified = verifyServer();
    QVERIFY2(verified.exitCode == 0, verified.out.constData());
    QVERIFY2(verified.out.contains("checked 6 notice versions (seqs 1 to 6) and 6 current notices: "
                                   "0 failing"),
        verified.out.constData());

    // Whoever can write the server's database changes the retraction's date, and moves it to a
    // new seq so that every client fetches it again.
    QVERIFY(alterServer({ QStringLiteral(
                              "UPDATE counters SET value = value + 1 WHERE name = 'notices'"),
        QStringLiteral("UPDATE notices SET event_date = '%1', seq = (SELECT value FROM counters "
                       "WHERE name = 'notices') WHERE source = 'retraction-watch' AND source_id = "
                       "'51234'")
            .arg(kForgedDate) }));

    synced = sync(QStringLiteral("bob"));
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    QVERIFY2(synced.err.contains("warning: 1 notice by alice fails its signature and was not "
                                 "applied"),
        synced.err.constData());
    QVERIFY2(synced.err.contains("kept aside: notice retraction-watch:51234 by alice fails its "
                                 "signature")
            || synced.out.contains("kept aside: notice retraction-watch:51234 by alice fails its "
                                   "signature"),
        synced.err.constData());
    // bob's page keeps the genuine notice.
    QCOMPARE(shownNotices(QStringLiteral("bob")).value(kPaperRef).value(QStringLiteral("date")),
        kGenuineDate);
    {
        Store b(cache(QStringLiteral("bob")));
        QVERIFY(b.open());
        const auto index = b.noticeIndex().value();
        const auto paper = index->value(QStringLiteral("10.48550/arxiv.2104.04473"));
        QVERIFY(!paper.isEmpty());
        for (const StandingNotice &n : paper)
            QVERIFY(n.event.date != kForgedDate);
        const auto aside = b.rejectedNotices().value();
        QCOMPARE(aside.size(), 1);
        QCOMPARE(aside[0].notice.event.date, kForgedDate);
        QCOMPARE(aside[0].reason,
            QStringLiteral("notice retraction-watch:51234 by alice fails its signature"));
    }
    // A curator who never synced takes the other notices and sets the forged one aside.
    auto fresh = std::make_unique<Store>(cache(QStringLiteral("carol")));
    QVERIFY(fresh->open());
    SyncOptions options;
    options.server = m_server->url();
    options.token = m_tokens.value(QStringLiteral("carol"));
    options.curator = QStringLiteral("carol");
    options.signingKey = testKey(QStringLiteral("carol"));
    SyncClient client(*fresh);
    auto report = client.run(options);
    QVERIFY2(report, qPrintable(errorOf(report)));
    QCOMPARE(report->rejectedNotices.size(), 1);
    QCOMPARE(report->rejectedNoticesSummary,
        QStringLiteral("1 notice by alice fails its signature and was not applied"));
    QCOMPARE(report->rejectedNoticeImporters, QStringList { QStringLiteral("alice") });
    QCOMPARE(fresh->noticeCount().value(), 5);

    // The server's own check names it.
    verified = verifyServer();
    QCOMPARE(verified.exitCode, 1);
    QVERIFY2(verified.out.contains("problem: notice seq 7 (the current version): notice "
                                   "retraction-watch:51234 by alice fails its signature"),
        verified.out.constData());
}

void TestNoticeTrust::withdrawalsAreSignedAndVerify()
{
    const QString sample = dataPath(QStringLiteral("retractions-sample.csv"));
    QVERIFY2(
        cli(QStringLiteral("alice"), { QStringLiteral("import-notices"), sample }).exitCode == 0,
        "import");
    QVERIFY(sync(QStringLiteral("alice")).exitCode == 0);
    // The next list, complete, no longer names 51240.
    QFile in(sample);
    QVERIFY(in.open(QIODevice::ReadOnly));
    QByteArray without;
    for (const QByteArray &line : in.readAll().split('\n')) {
        if (!line.startsWith("51240,"))
            without += line + '\n';
    }
    const QString next = m_dir->filePath(QStringLiteral("next.csv"));
    QFile out(next);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(without);
    out.close();
    const CliRun withdrew = cli(QStringLiteral("alice"),
        { QStringLiteral("import-notices"), next, QStringLiteral("--complete"),
            QStringLiteral("--allow-withdrawals") });
    QVERIFY2(withdrew.exitCode == 0, withdrew.err.constData());
    QVERIFY2(withdrew.out.contains("1 withdrawn"), withdrew.out.constData());
    {
        Store a(cache(QStringLiteral("alice")));
        QVERIFY(a.open());
        const KeyRing keys = a.curatorKeys().value();
        const QList<StandingNotice> held = a.notices().value();
        for (const StandingNotice &n : held) {
            if (n.sourceId != u"51240")
                continue;
            QCOMPARE(n.status, StandingNotice::Status::Withdrawn);
            QCOMPARE(n.importedBy, QStringLiteral("alice"));
            QVERIFY(keys.contains(n.keyId));
            QVERIFY(verifyNoticeSignature(n, keys.value(n.keyId).publicKey));
        }
    }
    CliRun synced = sync(QStringLiteral("alice"));
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    synced = sync(QStringLiteral("bob"));
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    QVERIFY2(!synced.err.contains("warning"), synced.err.constData());
    QCOMPARE(shownNotices(QStringLiteral("bob"))
                 .value(QStringLiteral("retraction-watch:51240"))
                 .value(QStringLiteral("status")),
        QStringLiteral("withdrawn"));
    const CliRun verified = verifyServer();
    QVERIFY2(verified.exitCode == 0, verified.out.constData());
}

void TestNoticeTrust::unsignedNoticesPassOnlyWithinTheLegacyMark()
{
    QVERIFY(cli(QStringLiteral("alice"),
                { QStringLiteral("import-notices"),
                    dataPath(QStringLiteral("retractions-sample.csv")) })
                .exitCode
        == 0);
    QVERIFY(sync(QStringLiteral("alice")).exitCode == 0);
    // Two notices stripped of their signatures on the server: as if stored before notices were
    // signed. The mark says notice seqs up to 1 are from before.
    QVERIFY(alterServer(
        { QStringLiteral("UPDATE notices SET key_id = '', signature = '' WHERE seq IN (1, 2)"),
            QStringLiteral("UPDATE counters SET value = 1 WHERE name = 'notices_legacy_until'") }));
    CliRun synced = sync(QStringLiteral("bob"));
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    QVERIFY2(synced.err.contains("warning: 1 notice by alice fails its signature and was not "
                                 "applied"),
        synced.err.constData());
    {
        Store b(cache(QStringLiteral("bob")));
        QVERIFY(b.open());
        QCOMPARE(b.noticeCount().value(), 5); // seq 1 as legacy, seq 2 set aside
        const auto aside = b.rejectedNotices().value();
        QCOMPARE(aside.size(), 1);
        QCOMPARE(aside[0].notice.seq, std::optional<qint64>(2));
        QVERIFY2(
            aside[0].reason.endsWith(QStringLiteral("is not signed")), qPrintable(aside[0].reason));
    }
    // The mark raised afterwards changes nothing for a client that pinned it.
    QVERIFY(alterServer({ QStringLiteral(
                              "UPDATE counters SET value = value + 1 WHERE name = 'notices'"),
        QStringLiteral("UPDATE notices SET seq = (SELECT value FROM counters WHERE name = "
                       "'notices') WHERE seq = 2"),
        QStringLiteral("UPDATE counters SET value = 100 WHERE name = 'notices_legacy_until'") }));
    synced = sync(QStringLiteral("bob"));
    QVERIFY2(synced.err.contains("warning: 1 notice by alice fails its signature"),
        synced.err.constData());
    // The server's own check finds the current version at a seq no stored version has.
    const CliRun verified = verifyServer();
    QCOMPARE(verified.exitCode, 1);
    QVERIFY2(verified.out.contains("problem: notice seq 7 is missing"), verified.out.constData());
}

void TestNoticeTrust::alteredEventIsAWarningOfTheCommandLine()
{
    // A correction altered in the server's database reaches the command line as a notice does:
    // a warning on standard error naming its author, the page without it, exit status 0 (the
    // sync completed; docs/sync-client.md).
    const QString observation = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");
    for (const QString &curator : { QStringLiteral("alice"), QStringLiteral("bob") }) {
        const CliRun imported = cli(curator,
            { QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) });
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
    }
    const CliRun curated = cli(QStringLiteral("alice"),
        { QStringLiteral("curate"), QStringLiteral("2104.04473"), observation,
            QStringLiteral("note=checked against the DOI") });
    QVERIFY2(curated.exitCode == 0, curated.err.constData());
    CliRun synced = sync(QStringLiteral("alice"));
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    QVERIFY(alterServer({ QStringLiteral("UPDATE events SET value = 'a note nobody signed'") }));

    synced = sync(QStringLiteral("bob"));
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    QVERIFY2(synced.err.contains("ledger-curator: sync: warning: 1 event by alice fails its "
                                 "signature and was not applied (kept aside"),
        synced.err.constData());
    QVERIFY2(!synced.out.contains("fails its signature"), synced.out.constData());
    const CliRun shown = cli(QStringLiteral("bob"),
        { QStringLiteral("history"), QStringLiteral("2104.04473"), observation });
    QVERIFY2(shown.exitCode == 0, shown.err.constData());
    QVERIFY2(!shown.out.contains("nobody signed"), shown.out.constData());
    QVERIFY2(!shown.out.contains("checked against the DOI"), shown.out.constData());
}

QTEST_GUILESS_MAIN(TestNoticeTrust)
#include "tst_noticetrust.moc"
