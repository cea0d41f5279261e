// SPDX-License-Identifier: GPL-3.0-or-later
// The real ledger-server busy and loaded, on a fresh SQLite file or PostgreSQL database per test
// (the "postgresql" rows through scripts/with-postgres.sh): a held write lock gives 503 with
// Retry-After, a full --max-inflight turns requests away, concurrent clients get gap-free seqs,
// and two servers share one PostgreSQL database.
#include "EventJson.h"
#include "LedgerText.h"
#include "RecordJson.h"
#include "ServerDatabases.h"
#include "ServerTestCase.h"
#include "TestKeys.h"
#include "TestSupport.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrlQuery>
#include <QtTest>

#include <memory>
#include <utility>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

class TestServerLoad : public ServerTestCase
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void init() { initServer(QStringLiteral("tst_serverload")); }
    void cleanup() { cleanupServer(); }

    void busyDatabaseGives503();
    void overloadGives503();
    void concurrentClientsGetGapFreeSeqs();
    void twoServersOnOnePostgres();

private:
    void runConcurrentClients(const QList<QUrl> &servers);
};

// --- busy and overload --------------------------------------------------------------------------

void TestServerLoad::busyDatabaseGives503()
{
    const QUrl quick = startServer({ QStringLiteral("--busy-timeout"), QStringLiteral("300") });
    QVERIFY(quick.isValid());
    QCOMPARE(postEvents(makeEvents(1, 2), quick).status, 200);
    // Someone else holds the write lock (on PostgreSQL: the counter row).
    QSqlDatabase db = directDatabase();
    QVERIFY(db.isOpen());
    QSqlQuery lock(db);
    if (!isPostgres()) {
        QVERIFY2(lock.exec(QStringLiteral("BEGIN IMMEDIATE")), qPrintable(lock.lastError().text()));
    } else {
        QVERIFY(lock.exec(QStringLiteral("BEGIN")));
        QVERIFY2(lock.exec(
                     QStringLiteral("SELECT value FROM counters WHERE name = 'events' FOR UPDATE")),
            qPrintable(lock.lastError().text()));
    }
    const HttpReply busy = postEvents(makeEvents(3, 2), quick);
    QCOMPARE(busy.status, 503);
    QCOMPARE(busy.errorCode(), QStringLiteral("unavailable"));
    QCOMPARE(busy.header("retry-after"), QByteArray("1"));
    // Readers are not blocked meanwhile.
    const HttpReply read = send("GET", QStringLiteral("/v1/events"), m_reader, {}, {}, {}, quick);
    QCOMPARE(read.status, 200);
    QCOMPARE(read.json().value(QStringLiteral("events")).toArray().size(), 2);
    QVERIFY(lock.exec(QStringLiteral("ROLLBACK")));
    // Retried, the batch goes through, with the next seqs.
    const HttpReply retried = postEvents(makeEvents(3, 2), quick);
    QCOMPARE(retried.status, 200);
    QCOMPARE(retried.json()
                 .value(QStringLiteral("seqs"))
                 .toArray()
                 .at(1)[QStringLiteral("seq")]
                 .toInteger(),
        4);
}

void TestServerLoad::overloadGives503()
{
    const QUrl one = startServer({ QStringLiteral("--max-inflight"), QStringLiteral("1"),
        QStringLiteral("--busy-timeout"), QStringLiteral("5000") });
    QVERIFY(one.isValid());
    QSqlDatabase db = directDatabase();
    QVERIFY(db.isOpen());
    QSqlQuery lock(db);
    if (!isPostgres()) {
        QVERIFY(lock.exec(QStringLiteral("BEGIN IMMEDIATE")));
    } else {
        QVERIFY(lock.exec(QStringLiteral("BEGIN")));
        QVERIFY(lock.exec(
            QStringLiteral("SELECT value FROM counters WHERE name = 'events' FOR UPDATE")));
    }
    // The first request waits for the lock, in flight.
    QNetworkReply *waiting
        = m_nam.post(makeRequest(one.resolved(QUrl(QStringLiteral("/v1/events"))), m_curator,
                         "application/json"),
            batchBody(makeEvents(1, 3)));
    QTest::qWait(700);
    QVERIFY(!waiting->isFinished());
    // So the next curator's request is turned away (the health check needs no token: it is in
    // the share of requests without one, which has room).
    const HttpReply refused = send("GET", QStringLiteral("/v1/whoami"), m_curator, {}, {}, {}, one);
    QCOMPARE(refused.status, 503);
    QCOMPARE(refused.errorCode(), QStringLiteral("unavailable"));
    QCOMPARE(refused.header("retry-after"), QByteArray("1"));
    QCOMPARE(send("GET", QStringLiteral("/v1/health"), {}, {}, {}, {}, one).status, 200);
    // Once the lock is gone, the waiting one is stored and the server takes requests again.
    QVERIFY(lock.exec(QStringLiteral("ROLLBACK")));
    QTRY_VERIFY_WITH_TIMEOUT(waiting->isFinished(), 10000);
    QCOMPARE(collect(waiting).status, 200);
    waiting->deleteLater();
    const HttpReply after = send("GET", QStringLiteral("/v1/health"), {}, {}, {}, {}, one);
    QCOMPARE(after.status, 200);
    QCOMPARE(after.json().value(QStringLiteral("latest_seq")).toInteger(), 3);
}

void TestServerLoad::runConcurrentClients(const QList<QUrl> &servers)
{
    constexpr int kClients = 8;
    constexpr int kBatches = 10;
    constexpr int kPerBatch = 50;
    struct Client
    {
        std::unique_ptr<QNetworkAccessManager> nam;
        QUrl base;
        int batch = 0;
        int retries = 0;
    };
    std::vector<Client> clients(kClients);
    QSet<QString> posted;
    QHash<QString, qint64> seqOf;
    int finishedClients = 0;
    int retries503 = 0;
    QString failure;
    QEventLoop loop;
    std::function<void(int)> sendNext;
    auto batchFor = [](int client, int batch) {
        return makeEvents(1 + (client * kBatches + batch) * kPerBatch, kPerBatch);
    };
    sendNext = [&](int c) {
        Client &client = clients[size_t(c)];
        const QList<CorrectionEvent> events = batchFor(c, client.batch);
        QNetworkReply *reply
            = client.nam->post(makeRequest(client.base.resolved(QUrl(QStringLiteral("/v1/events"))),
                                   m_curator, "application/json"),
                batchBody(events));
        connect(reply, &QNetworkReply::finished, &loop, [&, c, reply, events] {
            Client &client = clients[size_t(c)];
            const HttpReply got = collect(reply);
            reply->deleteLater();
            if (got.status == 503) { // honour Retry-After, as a client must
                ++retries503;
                QTimer::singleShot(
                    got.header("retry-after").toInt() * 1000, &loop, [&, c] { sendNext(c); });
                return;
            }
            if (got.status != 200) {
                failure = QStringLiteral("client %1 batch %2: %3 %4")
                              .arg(c)
                              .arg(client.batch)
                              .arg(got.status)
                              .arg(QString::fromUtf8(got.body));
                loop.quit();
                return;
            }
            const QJsonArray seqs = got.json().value(QStringLiteral("seqs")).toArray();
            for (int i = 0; i < seqs.size(); ++i) {
                seqOf.insert(seqs.at(i)[QStringLiteral("id")].toString(),
                    seqs.at(i)[QStringLiteral("seq")].toInteger());
                posted.insert(events[i].id);
            }
            if (++client.batch < kBatches) {
                sendNext(c);
            } else if (++finishedClients == kClients) {
                loop.quit();
            }
        });
    };
    for (int c = 0; c < kClients; ++c) {
        clients[size_t(c)].nam = std::make_unique<QNetworkAccessManager>();
        clients[size_t(c)].base = servers.at(c % servers.size());
    }
    for (int c = 0; c < kClients; ++c)
        sendNext(c);
    QTimer::singleShot(180000, &loop, [&] {
        failure = QStringLiteral("timed out");
        loop.quit();
    });
    loop.exec();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    constexpr int kTotal = kClients * kBatches * kPerBatch;
    // Not timed: the throughput is bench/'s ("sync: N clients x N batches x N events posted at
    // once").
    qInfo("%d events in %d batches from %d clients via %d server(s): %d retries after 503", kTotal,
        kClients * kBatches, kClients, int(servers.size()), retries503);
    QCOMPARE(posted.size(), kTotal);

    // Every event stored once, seqs exactly 1..N, and each the seq its POST was told.
    const QList<CorrectionEvent> stored = allEvents(servers.constFirst());
    QCOMPARE(stored.size(), kTotal);
    QSet<QString> ids;
    for (qsizetype i = 0; i < stored.size(); ++i) {
        QCOMPARE(stored[i].seq.value_or(-1), i + 1);
        QVERIFY(posted.contains(stored[i].id));
        QCOMPARE(seqOf.value(stored[i].id), i + 1);
        ids.insert(stored[i].id);
    }
    QCOMPARE(ids.size(), kTotal);
    for (const QUrl &base : servers)
        QCOMPARE(send("GET", QStringLiteral("/v1/health"), {}, {}, {}, {}, base)
                     .json()
                     .value(QStringLiteral("latest_seq"))
                     .toInteger(),
            kTotal);
}

void TestServerLoad::concurrentClientsGetGapFreeSeqs()
{
    runConcurrentClients({ m_base });
}

void TestServerLoad::twoServersOnOnePostgres()
{
    if (!isPostgres())
        QSKIP("several servers share one database only on PostgreSQL");
    const QUrl second = startServer();
    QVERIFY(second.isValid());
    QVERIFY(second != m_base);
    runConcurrentClients({ m_base, second });
}

QTEST_GUILESS_MAIN(TestServerLoad)
#include "tst_serverload.moc"
