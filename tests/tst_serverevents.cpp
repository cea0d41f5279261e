// SPDX-License-Identifier: GPL-3.0-or-later
// The events protocol of the real ledger-server (docs/sync-protocol.md), on a fresh SQLite file or
// PostgreSQL database per test (the "postgresql" rows through scripts/with-postgres.sh): batches
// posted and given their seqs, posted again, conflicting, paged, refused whole; every bad request
// refused with its status and error code, storing nothing; bodies over --max-body.
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

class TestServerEvents : public ServerTestCase
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void init() { initServer(QStringLiteral("tst_serverevents")); }
    void cleanup() { cleanupServer(); }

    void postedBatchGetsSeqs();
    void repostedBatchStoresNothingTwice();
    void sameIdOtherContentConflicts();
    void eventsPage();
    void invalidEventStoresNothingOfTheBatch();

    void badRequests_data();
    void badRequests();
    void bodyOverMaxBodyIs413();
};

// --- events -------------------------------------------------------------------------------------

void TestServerEvents::postedBatchGetsSeqs()
{
    const QList<CorrectionEvent> events = makeEvents(1, 5);
    const HttpReply reply = postEvents(events);
    QCOMPARE(reply.status, 200);
    const QJsonObject json = reply.json();
    QCOMPARE(json.value(QStringLiteral("stored")).toInteger(), 5);
    QCOMPARE(json.value(QStringLiteral("duplicates")).toInteger(), 0);
    const QJsonArray seqs = json.value(QStringLiteral("seqs")).toArray();
    QCOMPARE(seqs.size(), 5);
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(seqs.at(i)[QStringLiteral("id")].toString(), events[i].id);
        QCOMPARE(seqs.at(i)[QStringLiteral("seq")].toInteger(), i + 1);
    }
    // They come back as posted, plus their seq; a value of null stays null.
    CorrectionEvent reset = makeEvent(6);
    reset.value.reset();
    reset.parents = { events[0].id, events[1].id };
    reset = signedCopy(reset, reset.author);
    QCOMPARE(postEvents({ reset })
                 .json()
                 .value(QStringLiteral("seqs"))
                 .toArray()
                 .at(0)[QStringLiteral("seq")]
                 .toInteger(),
        6);
    const QList<CorrectionEvent> stored = allEvents();
    QCOMPARE(stored.size(), 6);
    for (int i = 0; i < 6; ++i) {
        CorrectionEvent expected = i < 5 ? events[i] : reset;
        expected.seq = i + 1;
        QCOMPARE(stored[i], expected);
    }
}

void TestServerEvents::repostedBatchStoresNothingTwice()
{
    const QList<CorrectionEvent> events = makeEvents(1, 4);
    const HttpReply first = postEvents(events);
    QCOMPARE(first.status, 200);
    const HttpReply again = postEvents(events);
    QCOMPARE(again.status, 200);
    QCOMPARE(again.json().value(QStringLiteral("stored")).toInteger(), 0);
    QCOMPARE(again.json().value(QStringLiteral("duplicates")).toInteger(), 4);
    QCOMPARE(
        again.json().value(QStringLiteral("seqs")), first.json().value(QStringLiteral("seqs")));
    // A batch of old and new: the old keep their seqs, the new follow on.
    const QList<CorrectionEvent> mixed = { events[2], makeEvent(10), events[0], makeEvent(10) };
    const HttpReply partly = postEvents(mixed);
    QCOMPARE(partly.status, 200);
    QCOMPARE(partly.json().value(QStringLiteral("stored")).toInteger(), 1);
    QCOMPARE(partly.json().value(QStringLiteral("duplicates")).toInteger(), 3);
    QList<qint64> seqs;
    for (const QJsonValue &v : partly.json().value(QStringLiteral("seqs")).toArray())
        seqs.append(v[QStringLiteral("seq")].toInteger());
    QCOMPARE(seqs, (QList<qint64> { 3, 5, 1, 5 }));
    const QList<CorrectionEvent> stored = allEvents();
    QCOMPARE(stored.size(), 5);
    QCOMPARE(send("GET", QStringLiteral("/v1/health"))
                 .json()
                 .value(QStringLiteral("latest_seq"))
                 .toInteger(),
        5);
}

void TestServerEvents::sameIdOtherContentConflicts()
{
    QCOMPARE(postEvents(makeEvents(1, 3)).status, 200);
    CorrectionEvent changed = makeEvent(2, QStringLiteral("another note"));
    const HttpReply reply = postEvents({ makeEvent(7), changed });
    QCOMPARE(reply.status, 409);
    QCOMPARE(reply.errorCode(), QStringLiteral("conflict"));
    QVERIFY2(reply.errorMessage().contains(changed.id), qPrintable(reply.errorMessage()));
    // Nothing of that batch was stored (event 7 neither).
    QCOMPARE(allEvents().size(), 3);
    // The same id twice in one batch with different content is a conflict too.
    const HttpReply inBatch
        = postEvents({ makeEvent(8), makeEvent(8, QStringLiteral("different")) });
    QCOMPARE(inBatch.status, 409);
    QCOMPARE(allEvents().size(), 3);
}

void TestServerEvents::eventsPage()
{
    QCOMPARE(postEvents(makeEvents(1, 5)).status, 200);
    const HttpReply first = send("GET", QStringLiteral("/v1/events?after=0&limit=2"), m_reader);
    QCOMPARE(first.status, 200);
    QJsonObject json = first.json();
    QCOMPARE(json.value(QStringLiteral("events")).toArray().size(), 2);
    QCOMPARE(json.value(QStringLiteral("last_seq")).toInteger(), 2);
    QCOMPARE(json.value(QStringLiteral("latest_seq")).toInteger(), 5);
    QCOMPARE(json.value(QStringLiteral("more")).toBool(), true);
    json = send("GET", QStringLiteral("/v1/events?after=2&limit=2"), m_reader).json();
    QCOMPARE(
        json.value(QStringLiteral("events")).toArray().at(0)[QStringLiteral("seq")].toInteger(), 3);
    QCOMPARE(json.value(QStringLiteral("last_seq")).toInteger(), 4);
    QCOMPARE(json.value(QStringLiteral("more")).toBool(), true);
    json = send("GET", QStringLiteral("/v1/events?after=4&limit=2"), m_reader).json();
    QCOMPARE(json.value(QStringLiteral("events")).toArray().size(), 1);
    QCOMPARE(json.value(QStringLiteral("last_seq")).toInteger(), 5);
    QCOMPARE(json.value(QStringLiteral("more")).toBool(), false);
    // Past the end: nothing, last_seq stays where the client is.
    json = send("GET", QStringLiteral("/v1/events?after=9"), m_reader).json();
    QCOMPARE(json.value(QStringLiteral("events")).toArray().size(), 0);
    QCOMPARE(json.value(QStringLiteral("last_seq")).toInteger(), 9);
    QCOMPARE(json.value(QStringLiteral("latest_seq")).toInteger(), 5);
    QCOMPARE(json.value(QStringLiteral("more")).toBool(), false);
    // Defaults: after=0, limit=1000.
    json = send("GET", QStringLiteral("/v1/events"), m_reader).json();
    QCOMPARE(json.value(QStringLiteral("events")).toArray().size(), 5);
    // Every event carries its seq.
    for (const QJsonValue &v : json.value(QStringLiteral("events")).toArray())
        QVERIFY(v.toObject().contains(QStringLiteral("seq")));
}

void TestServerEvents::invalidEventStoresNothingOfTheBatch()
{
    QJsonArray events = correctionsToJson(makeEvents(1, 4));
    QJsonObject bad = events.at(3).toObject();
    bad.insert(QStringLiteral("field"), QStringLiteral("colour"));
    events.replace(3, bad);
    const HttpReply reply = send("POST", QStringLiteral("/v1/events"), m_curator,
        QJsonDocument(QJsonObject { { QStringLiteral("events"), events } }).toJson(),
        "application/json");
    QCOMPARE(reply.status, 422);
    QCOMPARE(reply.errorCode(), QStringLiteral("invalid_event"));
    QCOMPARE(reply.errorMessage(), QStringLiteral("events[3].field: unknown field 'colour'"));
    QCOMPARE(allEvents().size(), 0);
    QCOMPARE(send("GET", QStringLiteral("/v1/health"))
                 .json()
                 .value(QStringLiteral("latest_seq"))
                 .toInteger(),
        0);

    QJsonObject noId = correctionToJson(makeEvent(9));
    noId.remove(QStringLiteral("id"));
    const HttpReply missing = send("POST", QStringLiteral("/v1/events"), m_curator,
        QJsonDocument(QJsonObject { { QStringLiteral("events"),
                          QJsonArray { correctionToJson(makeEvent(8)), noId } } })
            .toJson(),
        "application/json");
    QCOMPARE(missing.status, 422);
    QVERIFY2(missing.errorMessage().startsWith(QStringLiteral("events[1].id")),
        qPrintable(missing.errorMessage()));
    QCOMPARE(allEvents().size(), 0);
}

// --- bad requests -------------------------------------------------------------------------------

void TestServerEvents::badRequests_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("who");
    QTest::addColumn<QByteArray>("contentType");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");

    const QByteArray json = "application/json";
    const QByteArray oneEvent = batchBody(makeEvents(1, 1));
    QTest::newRow("unknown route")
        << QByteArray("GET") << QStringLiteral("/v1/nothing") << QStringLiteral("admin")
        << QByteArray() << QByteArray() << 404 << QStringLiteral("not_found");
    QTest::newRow("unknown version")
        << QByteArray("GET") << QStringLiteral("/v2/events") << QStringLiteral("admin")
        << QByteArray() << QByteArray() << 404 << QStringLiteral("not_found");
    QTest::newRow("wrong method") << QByteArray("DELETE") << QStringLiteral("/v1/records")
                                  << QStringLiteral("admin") << QByteArray() << QByteArray() << 405
                                  << QStringLiteral("method_not_allowed");
    QTest::newRow("post to health")
        << QByteArray("POST") << QStringLiteral("/v1/health") << QStringLiteral("admin") << json
        << QByteArray("{}") << 405 << QStringLiteral("method_not_allowed");
    QTest::newRow("invalid json") << QByteArray("POST") << QStringLiteral("/v1/events")
                                  << QStringLiteral("curator") << json
                                  << QByteArray("{\"events\": [") << 400
                                  << QStringLiteral("bad_request");
    QTest::newRow("not an object")
        << QByteArray("POST") << QStringLiteral("/v1/events") << QStringLiteral("curator") << json
        << QByteArray("[1, 2]") << 400 << QStringLiteral("bad_request");
    QTest::newRow("events not an array")
        << QByteArray("POST") << QStringLiteral("/v1/events") << QStringLiteral("curator") << json
        << QByteArray("{\"events\": 3}") << 400 << QStringLiteral("bad_request");
    QTest::newRow("empty batch") << QByteArray("POST") << QStringLiteral("/v1/events")
                                 << QStringLiteral("curator") << json
                                 << QByteArray("{\"events\": []}") << 400
                                 << QStringLiteral("bad_request");
    QTest::newRow("batch of 1001")
        << QByteArray("POST") << QStringLiteral("/v1/events") << QStringLiteral("curator") << json
        << batchBody(makeEvents(1, 1001)) << 413 << QStringLiteral("payload_too_large");
    QTest::newRow("wrong content type")
        << QByteArray("POST") << QStringLiteral("/v1/events") << QStringLiteral("curator")
        << QByteArray("text/plain") << oneEvent << 415 << QStringLiteral("unsupported_media_type");
    QTest::newRow("no content type")
        << QByteArray("POST") << QStringLiteral("/v1/events") << QStringLiteral("curator")
        << QByteArray() << oneEvent << 415 << QStringLiteral("unsupported_media_type");
    QTest::newRow("bad event") << QByteArray("POST") << QStringLiteral("/v1/events")
                               << QStringLiteral("curator") << json
                               << QByteArray("{\"events\": [{\"id\": 1}]}") << 422
                               << QStringLiteral("invalid_event");
    QTest::newRow("no token") << QByteArray("GET") << QStringLiteral("/v1/records") << QString()
                              << QByteArray() << QByteArray() << 401
                              << QStringLiteral("unauthorized");
    QTest::newRow("unknown token")
        << QByteArray("GET") << QStringLiteral("/v1/events") << QStringLiteral("bogus")
        << QByteArray() << QByteArray() << 401 << QStringLiteral("unauthorized");
    QTest::newRow("reader posts events")
        << QByteArray("POST") << QStringLiteral("/v1/events") << QStringLiteral("reader") << json
        << oneEvent << 403 << QStringLiteral("forbidden");
    QTest::newRow("bad after") << QByteArray("GET") << QStringLiteral("/v1/events?after=abc")
                               << QStringLiteral("reader") << QByteArray() << QByteArray() << 400
                               << QStringLiteral("bad_request");
    QTest::newRow("negative after")
        << QByteArray("GET") << QStringLiteral("/v1/events?after=-1") << QStringLiteral("reader")
        << QByteArray() << QByteArray() << 400 << QStringLiteral("bad_request");
    QTest::newRow("empty after") << QByteArray("GET") << QStringLiteral("/v1/events?after=")
                                 << QStringLiteral("reader") << QByteArray() << QByteArray() << 400
                                 << QStringLiteral("bad_request");
    QTest::newRow("zero limit") << QByteArray("GET") << QStringLiteral("/v1/events?limit=0")
                                << QStringLiteral("reader") << QByteArray() << QByteArray() << 400
                                << QStringLiteral("bad_request");
    QTest::newRow("bad limit") << QByteArray("GET")
                               << QStringLiteral("/v1/events?after=0&limit=1e3")
                               << QStringLiteral("reader") << QByteArray() << QByteArray() << 400
                               << QStringLiteral("bad_request");
    QTest::newRow("record not json")
        << QByteArray("PUT") << QStringLiteral("/v1/records/2104.04473") << QStringLiteral("admin")
        << json << QByteArray("{\"schema\": ") << 400 << QStringLiteral("bad_request");
    QTest::newRow("record wrong type")
        << QByteArray("PUT") << QStringLiteral("/v1/records/2104.04473") << QStringLiteral("admin")
        << json
        << QByteArray(
               "{\"schema\": \"pith.paper-citation-record.v1\", \"arxiv_id\": \"2104.04473\", "
               "\"version\": \"five\"}")
        << 400 << QStringLiteral("bad_request");
}

void TestServerEvents::badRequests()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QString, who);
    QFETCH(QByteArray, contentType);
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, code);
    QByteArray token;
    if (who == u"admin")
        token = m_admin;
    else if (who == u"curator")
        token = m_curator;
    else if (who == u"reader")
        token = m_reader;
    else if (!who.isEmpty())
        token = who.toLatin1();
    const HttpReply reply = send(method, path, token, body, contentType);
    QCOMPARE(reply.status, status);
    QCOMPARE(reply.header("content-type"), QByteArray("application/json"));
    const QJsonObject json = reply.json();
    QCOMPARE(json.keys(), QStringList { QStringLiteral("error") });
    const QJsonObject error = json.value(QStringLiteral("error")).toObject();
    QCOMPARE(error.value(QStringLiteral("code")).toString(), code);
    QVERIFY(!error.value(QStringLiteral("message")).toString().isEmpty());
    if (status == 405)
        QVERIFY(!reply.header("allow").isEmpty());
    // Nothing was stored by any of them.
    QCOMPARE(send("GET", QStringLiteral("/v1/health"))
                 .json()
                 .value(QStringLiteral("latest_seq"))
                 .toInteger(),
        0);
}

void TestServerEvents::bodyOverMaxBodyIs413()
{
    const QUrl small = startServer({ QStringLiteral("--max-body"), QStringLiteral("2000") });
    QVERIFY(small.isValid());
    const QByteArray fits = batchBody(makeEvents(1, 1));
    QVERIFY(fits.size() < 2000);
    QCOMPARE(
        send("POST", QStringLiteral("/v1/events"), m_curator, fits, "application/json", {}, small)
            .status,
        200);
    // Refused from its Content-Length, before the body is read: 50 events are ~15 kB; and a 20 MB
    // one.
    for (const QByteArray &body :
        { batchBody(makeEvents(2, 50)), QByteArray(20 * 1024 * 1024, ' ') }) {
        const HttpReply reply = send(
            "POST", QStringLiteral("/v1/events"), m_curator, body, "application/json", {}, small);
        QCOMPARE(reply.status, 413);
        QCOMPARE(reply.errorCode(), QStringLiteral("payload_too_large"));
        QVERIFY(reply.errorMessage().contains(QStringLiteral("2000")));
    }
    // The server goes on serving; nothing of the refused bodies was stored.
    const HttpReply health = send("GET", QStringLiteral("/v1/health"), {}, {}, {}, {}, small);
    QCOMPARE(health.status, 200);
    QCOMPARE(health.json().value(QStringLiteral("latest_seq")).toInteger(), 1);
    // The default limit is 8 MiB.
    const HttpReply big = send("POST", QStringLiteral("/v1/events"), m_curator,
        QByteArray(9 * 1024 * 1024, ' '), "application/json");
    QCOMPARE(big.status, 413);
}

QTEST_GUILESS_MAIN(TestServerEvents)
#include "tst_serverevents.moc"
