// SPDX-License-Identifier: GPL-3.0-or-later
// Signed corrections between clients (docs/signatures.md), against a real ledger-server
// on loopback: three curators sync signed events; an event altered in the server's database is
// refused by every client that pulls it (kept aside, reported, the shown page unchanged); a
// client whose clock runs a year fast is told, corrects, syncs, and does not win the conflict
// its clock would have won; outbox events made before signatures are signed by the sync.
#include "CuratedRecord.h"
#include "CurationLog.h"
#include "Outbox.h"
#include "ServerProcess.h"
#include "Store.h"
#include "SyncClient.h"
#include "TestKeys.h"
#include "TestSupport.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QUuid>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");
constexpr qint64 kYearMs = 365LL * 24 * 3600 * 1000;

} // namespace

class TestSyncTrust : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { (void)nowUtc(); } // this process's clock read before any skew is set
    void init();
    void cleanup();
    void alteredEventIsRefusedByEveryClient();
    void forgedAuthorNeverReachesAClient();
    void clientAYearFastIsToldAndDoesNotWin();
    void unsignedOutboxIsSignedBySync();
    void aSeqGapIsReportedNotFatal();

private:
    bool startServer(qint64 skewMs = 0);
    SyncOptions options(const QString &curator) const;
    Result<SyncReport> sync(Store &store, const QString &curator);
    Status edit(Store &store, CurationField field, const QString &value, const QString &author,
        const QString &createdAt = {});
    std::optional<QString> shown(Store &store, CurationField field);
    Store &cache(const QString &curator);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ServerProcess> m_server;
    QHash<QString, QString> m_tokens; // by curator
    std::map<QString, std::unique_ptr<Store>> m_caches;
};

void TestSyncTrust::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    // Not serving yet: each test starts it with the clock it needs.
    QString problem;
    m_server = fixtureServer(m_dir->path(),
        { { QStringLiteral("carol"), QStringLiteral("curator") },
            { QStringLiteral("bob"), QStringLiteral("curator") },
            { QStringLiteral("dave"), QStringLiteral("curator") } },
        &m_tokens, &problem, false);
    QVERIFY2(m_server, qPrintable(problem));
}

void TestSyncTrust::cleanup()
{
    m_caches.clear();
    m_server.reset();
    m_dir.reset();
    m_tokens.clear();
}

bool TestSyncTrust::startServer(qint64 skewMs)
{
    // The child takes this process's environment when it starts; this process's own clock was
    // read in initTestCase() and keeps its (zero) skew.
    if (skewMs != 0)
        qputenv("LC_TEST_CLOCK_SKEW_MS", QByteArray::number(skewMs));
    QString problem;
    const bool started = m_server->start(&problem);
    qunsetenv("LC_TEST_CLOCK_SKEW_MS");
    if (!started)
        qWarning("%s", qPrintable(problem));
    return started;
}

Store &TestSyncTrust::cache(const QString &curator)
{
    auto &slot = m_caches[curator];
    if (!slot) {
        slot = std::make_unique<Store>(m_dir->filePath(curator + QStringLiteral(".sqlite")));
        if (!slot->open())
            qFatal("cannot open the cache of %s", qPrintable(curator));
    }
    return *slot;
}

SyncOptions TestSyncTrust::options(const QString &curator) const
{
    SyncOptions o;
    o.server = m_server->url();
    o.token = m_tokens.value(curator);
    o.timeoutMs = scaledTimeoutMs(5000);
    o.maxAttempts = 3;
    o.initialBackoffMs = 50;
    o.maxBackoffMs = 2000;
    o.curator = curator;
    o.signingKey = testKey(curator);
    return o;
}

Result<SyncReport> TestSyncTrust::sync(Store &store, const QString &curator)
{
    SyncClient client(store);
    return client.run(options(curator));
}

Status TestSyncTrust::edit(Store &store, CurationField field, const QString &value,
    const QString &author, const QString &createdAt)
{
    auto loaded = store.loadCurated(kRecord);
    if (!loaded || !loaded->has_value())
        return Error::failure(QStringLiteral("no record"));
    const FieldState *current = (*loaded)->field(kOpt, field);
    QList<CorrectionEvent> events
        = makeEditEvents(current ? *current : FieldState {}, kRecord, kOpt, field, value, author,
            createdAt.isEmpty() ? nowUtc(store.clockCorrectionMs()) : createdAt);
    return store.addCorrections(signedAll(std::move(events), author));
}

std::optional<QString> TestSyncTrust::shown(Store &store, CurationField field)
{
    auto loaded = store.loadCurated(kRecord);
    if (!loaded || !loaded->has_value())
        return std::nullopt;
    const FieldState *state = (*loaded)->field(kOpt, field);
    return state ? state->value() : std::nullopt;
}

void TestSyncTrust::alteredEventIsRefusedByEveryClient()
{
    QVERIFY(startServer());
    Store &carol = cache(QStringLiteral("carol"));
    auto registered = sync(carol, QStringLiteral("carol"));
    QVERIFY(registered);
    QVERIFY(registered->keyRegistered); // the first sync registers carol's key
    QVERIFY(edit(carol, CurationField::Note, QStringLiteral("checked against the DOI"),
        QStringLiteral("carol")));
    auto pushed = sync(carol, QStringLiteral("carol"));
    QVERIFY2(pushed, qPrintable(pushed ? QString() : pushed.error().toString()));
    QCOMPARE(pushed->pushed, 1);
    QVERIFY(!pushed->keyRegistered); // known by now
    QVERIFY(pushed->rejected.isEmpty());

    // Bob pulls it as carol wrote it.
    Store &bob = cache(QStringLiteral("bob"));
    auto pulled = sync(bob, QStringLiteral("bob"));
    QVERIFY2(pulled, qPrintable(pulled ? QString() : pulled.error().toString()));
    QCOMPARE(shown(bob, CurationField::Note), QStringLiteral("checked against the DOI"));

    // Whoever can write the server's database changes the stored value.
    const QString id = carol.corrections(kRecord)->constFirst().id;
    {
        const QString name = QUuid::createUuid().toString();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setDatabaseName(m_server->database());
            QVERIFY(db.open());
            QSqlQuery update(db);
            QVERIFY(update.prepare(QStringLiteral("UPDATE events SET value = ? WHERE id = ?")));
            update.addBindValue(QStringLiteral("a value nobody signed"));
            update.addBindValue(id);
            QVERIFY2(update.exec(), qPrintable(update.lastError().text()));
            QCOMPARE(update.numRowsAffected(), 1);
        }
        QSqlDatabase::removeDatabase(name);
    }

    // ledger-server verify finds it on the server.
    const CliRun verified = runServerCommand(
        { QStringLiteral("verify"), QStringLiteral("--db"), m_server->database() }, m_dir->path());
    QCOMPARE(verified.exitCode, 1);
    QVERIFY2(verified.out.contains(QByteArray(
                 "problem: seq 1: event " + id.toUtf8() + " by carol fails its signature")),
        verified.out.constData());

    // A fresh client (dave) refuses it: kept aside, reported, not shown.
    Store &dave = cache(QStringLiteral("dave"));
    auto fresh = sync(dave, QStringLiteral("dave"));
    QVERIFY2(fresh, qPrintable(fresh ? QString() : fresh.error().toString()));
    QCOMPARE(fresh->rejected.size(), 1);
    QVERIFY2(fresh->rejected.first().contains(id + QStringLiteral(" by carol fails its signature")),
        qPrintable(fresh->rejected.first()));
    QCOMPARE(fresh->rejectedSummary,
        QStringLiteral("1 event by carol fails its signature and was not applied"));
    QCOMPARE(fresh->rejectedAuthors, QStringList { QStringLiteral("carol") });
    QCOMPARE(shown(dave, CurationField::Note), std::nullopt);
    QVERIFY(dave.corrections(kRecord)->isEmpty());
    const auto aside = dave.rejectedEvents(kRecord);
    QVERIFY(aside);
    QCOMPARE(aside->size(), 1);
    QCOMPARE(aside->first().event.value, QStringLiteral("a value nobody signed"));
    QVERIFY(aside->first().reason.contains(QStringLiteral("fails its signature")));
    // The next sync does not bring it in either, and bob keeps carol's own value.
    auto again = sync(dave, QStringLiteral("dave"));
    QVERIFY(again);
    QCOMPARE(shown(dave, CurationField::Note), std::nullopt);
    QCOMPARE(shown(bob, CurationField::Note), QStringLiteral("checked against the DOI"));
}

void TestSyncTrust::aSeqGapIsReportedNotFatal()
{
    // One event row deleted from the server's database: a fresh client says which seq is
    // missing and syncs the rest, once; it is not stuck on it at every sync.
    QVERIFY(startServer());
    Store &carol = cache(QStringLiteral("carol"));
    QVERIFY(sync(carol, QStringLiteral("carol")));
    for (const QString &note :
        { QStringLiteral("first"), QStringLiteral("second"), QStringLiteral("third") }) {
        QVERIFY(edit(carol, CurationField::Note, note, QStringLiteral("carol")));
        auto pushed = sync(carol, QStringLiteral("carol"));
        QVERIFY2(pushed, qPrintable(pushed ? QString() : pushed.error().toString()));
        QCOMPARE(pushed->pushed, 1);
    }
    const QStringList verify { QStringLiteral("verify"), QStringLiteral("--db"),
        m_server->database() };
    const CliRun whole = runServerCommand(verify, m_dir->path());
    QVERIFY2(whole.exitCode == 0, whole.out.constData());
    QVERIFY2(whole.out.contains("checked 3 events (seqs 1 to 3) against 1 key: 3 signed"),
        whole.out.constData());
    QVERIFY2(whole.out.contains("every event and notice verifies and no seq is missing"),
        whole.out.constData());
    {
        const QString name = QUuid::createUuid().toString();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setDatabaseName(m_server->database());
            QVERIFY(db.open());
            QSqlQuery remove(db);
            QVERIFY2(remove.exec(QStringLiteral("DELETE FROM events WHERE seq = 2")),
                qPrintable(remove.lastError().text()));
            QCOMPARE(remove.numRowsAffected(), 1);
        }
        QSqlDatabase::removeDatabase(name);
    }
    // The server's own check says so too.
    const CliRun gap = runServerCommand(verify, m_dir->path());
    QCOMPARE(gap.exitCode, 1);
    QVERIFY2(gap.out.contains("problem: seq 2 is missing"), gap.out.constData());
    Store &dave = cache(QStringLiteral("dave"));
    QStringList logged;
    SyncOptions o = options(QStringLiteral("dave"));
    o.log = [&logged](const QString &line) { logged.append(line); };
    auto fresh = SyncClient(dave).run(o);
    QVERIFY2(fresh, qPrintable(fresh ? QString() : fresh.error().toString()));
    QCOMPARE(fresh->missingSeqs, QStringList { QStringLiteral("seq 2") });
    QCOMPARE(fresh->eventsPulled, 2);
    QCOMPARE(fresh->lastSeq, 3);
    QVERIFY2(logged.join(u'\n').contains(QStringLiteral("the server has no event at seq 2")),
        qPrintable(logged.join(u'\n')));
    // The third note (seq 3, child of the second) shows; the next sync meets no gap.
    QCOMPARE(shown(dave, CurationField::Note), QStringLiteral("third"));
    auto again = sync(dave, QStringLiteral("dave"));
    QVERIFY(again);
    QVERIFY(again->missingSeqs.isEmpty());
}

void TestSyncTrust::forgedAuthorNeverReachesAClient()
{
    QVERIFY(startServer());
    Store &bob = cache(QStringLiteral("bob"));
    QVERIFY(sync(bob, QStringLiteral("bob")));
    // Bob's cache holds an event under carol's name, signed with bob's key: the server refuses it
    // (403 wrong_author), it stays in bob's outbox as refused, and nobody else sees it.
    QVERIFY(edit(bob, CurationField::Note, QStringLiteral("carol says so"), QStringLiteral("bob")));
    QList<CorrectionEvent> outbox = Outbox(bob).corrections(10).value();
    QCOMPARE(outbox.size(), 1);
    CorrectionEvent forged = outbox.first();
    forged.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    forged.author = QStringLiteral("carol");
    forged = signedCopy(forged, QStringLiteral("bob"));
    QVERIFY(bob.addCorrections({ forged }));
    auto pushed = sync(bob, QStringLiteral("bob"));
    QVERIFY2(pushed, qPrintable(pushed ? QString() : pushed.error().toString()));
    QCOMPARE(pushed->pushed, 1);
    QCOMPARE(pushed->refused.size(), 1);
    QVERIFY2(pushed->refused.first().contains(QStringLiteral("HTTP 403")),
        qPrintable(pushed->refused.first()));
    QVERIFY(pushed->refused.first().contains(forged.id));
    Store &carol = cache(QStringLiteral("carol"));
    QVERIFY(sync(carol, QStringLiteral("carol")));
    const QList<CorrectionEvent> seen = carol.corrections(kRecord).value();
    QCOMPARE(seen.size(), 1);
    QCOMPARE(seen.first().author, QStringLiteral("bob"));
}

void TestSyncTrust::clientAYearFastIsToldAndDoesNotWin()
{
    // The server a year behind this process is this process a year ahead of the server.
    QVERIFY(startServer(-kYearMs));
    Store &carol = cache(QStringLiteral("carol"));
    Store &bob = cache(QStringLiteral("bob"));
    QVERIFY(sync(carol, QStringLiteral("carol")));
    auto first = sync(bob, QStringLiteral("bob"));
    QVERIFY2(first, qPrintable(first ? QString() : first.error().toString()));
    // Bob's first sync told him; carol's too: both caches now hold the correction.
    QVERIFY2(
        first->clockNote.contains(QStringLiteral("365 days ahead")), qPrintable(first->clockNote));
    QVERIFY(qAbs(bob.clockCorrectionMs() + kYearMs) < 60000);

    // Carol edits offline with her clock a year fast and no correction (a cache that never
    // synced, as the very first edit would be).
    QVERIFY(carol.setMeta(Store::clockCorrectionKey(), QStringLiteral("0")));
    QVERIFY(edit(carol, CurationField::Note, QStringLiteral("carol, clock a year fast"),
        QStringLiteral("carol")));
    const QString carolTime = Outbox(carol).corrections(10).value().constFirst().createdAt;
    // Then bob, on the server's time, makes the concurrent edit.
    QTest::qWait(20);
    QVERIFY(edit(bob, CurationField::Note, QStringLiteral("bob, on time"), QStringLiteral("bob")));
    QVERIFY(sync(bob, QStringLiteral("bob")));

    auto told = sync(carol, QStringLiteral("carol"));
    QVERIFY2(told, qPrintable(told ? QString() : told.error().toString()));
    QVERIFY2(
        told->clockNote.contains(QStringLiteral("365 days ahead")), qPrintable(told->clockNote));
    QVERIFY2(told->clockNote.contains(QStringLiteral("1 re-timed")), qPrintable(told->clockNote));
    QCOMPARE(told->pushed, 1);
    QCOMPARE(told->retimed, 1);
    QVERIFY(told->refused.isEmpty());
    // Her event went in re-timed (and signed again): a year earlier than her clock said.
    const QList<CorrectionEvent> events = carol.corrections(kRecord).value();
    QCOMPARE(events.size(), 2);
    for (const CorrectionEvent &e : events)
        QVERIFY(e.seq.has_value());
    const auto carolEvent = std::find_if(events.cbegin(), events.cend(),
        [](const CorrectionEvent &e) { return e.author == QLatin1String("carol"); });
    QVERIFY(carolEvent->createdAt < carolTime);
    QVERIFY(verifyEventSignature(*carolEvent, testKey(QStringLiteral("carol")).publicKey));
    // The conflict is bob's: he edited later on the server's clock.
    QCOMPARE(shown(carol, CurationField::Note), QStringLiteral("bob, on time"));
    QVERIFY(sync(bob, QStringLiteral("bob")));
    QCOMPARE(shown(bob, CurationField::Note), QStringLiteral("bob, on time"));
    auto loaded = bob.loadCurated(kRecord);
    QVERIFY((*loaded)->field(kOpt, CurationField::Note)->isConflict());
}

void TestSyncTrust::unsignedOutboxIsSignedBySync()
{
    QVERIFY(startServer());
    Store &carol = cache(QStringLiteral("carol"));
    QVERIFY(sync(carol, QStringLiteral("carol")));
    // Made by a version before signatures: unsigned in the outbox.
    QVERIFY(carol.addCorrections({ makeEdit(FieldState {}, kRecord, kOpt, CurationField::Note,
        QStringLiteral("from an older version"), QStringLiteral("carol"), nowUtc()) }));
    QVERIFY(!Outbox(carol).corrections(10).value().constFirst().isSigned());
    auto pushed = sync(carol, QStringLiteral("carol"));
    QVERIFY2(pushed, qPrintable(pushed ? QString() : pushed.error().toString()));
    QCOMPARE(pushed->signedNow, 1);
    QCOMPARE(pushed->pushed, 1);
    Store &bob = cache(QStringLiteral("bob"));
    auto pulled = sync(bob, QStringLiteral("bob"));
    QVERIFY(pulled);
    QVERIFY(pulled->rejected.isEmpty());
    const CorrectionEvent got = bob.corrections(kRecord).value().constFirst();
    QVERIFY(got.isSigned());
    QCOMPARE(got.keyId, testKey(QStringLiteral("carol")).keyId());
    // Without a key the sync pulls, but cannot sign: the server refuses the unsigned event.
    SyncOptions keyless = options(QStringLiteral("bob"));
    keyless.signingKey.reset();
    QVERIFY(bob.addCorrections({ makeEdit(FieldState {}, kRecord, kOpt, CurationField::Title,
        QStringLiteral("A title"), QStringLiteral("bob"), nowUtc()) }));
    SyncClient client(bob);
    auto refused = client.run(keyless);
    QVERIFY(refused);
    QCOMPARE(refused->refused.size(), 1);
    QVERIFY2(refused->refused.first().contains(QStringLiteral("unsigned")),
        qPrintable(refused->refused.first()));
}

QTEST_GUILESS_MAIN(TestSyncTrust)
#include "tst_synctrust.moc"
