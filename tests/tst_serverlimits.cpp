// SPDX-License-Identifier: GPL-3.0-or-later
// The server's limits on what anyone may ask, each on its own with a clock of the test's
// (docs/server-limits.md): the rate of requests without a token per address, the refusals the
// log tells one by one and those it sums up per window, and what a body may hold as it arrives
// (a form's queries decoded piece by piece, each endpoint's values and nesting). The real server
// meeting them is in tst_serverhostile.

#include "AuthThrottle.h"
#include "BodyLimits.h"
#include "RequestLog.h"

#include <QHostAddress>
#include <QTest>

using namespace LedgerCurator;

namespace {

//! Feeds body to a check of endpoint in pieces of pieceSize: the status of the first refusal
//! (0: none) and its message.
std::pair<int, QString> check(
    Endpoint endpoint, const QByteArray &contentType, const QByteArray &body, qsizetype pieceSize)
{
    BodyShapeCheck shape(endpoint, contentType);
    QString message;
    for (qsizetype at = 0; at < body.size(); at += pieceSize) {
        if (const int status = shape.take(
                QByteArrayView(body).sliced(at, std::min(pieceSize, body.size() - at)), &message);
            status != 0)
            return { status, message };
    }
    return { 0, message };
}

QByteArray repeated(
    const QByteArray &prefix, const QByteArray &item, int count, const QByteArray &suffix)
{
    QByteArray text = prefix;
    for (int i = 0; i < count; ++i)
        text += (i ? QByteArray(",") : QByteArray()) + item;
    return text + suffix;
}

} // namespace

class TestServerLimits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void openRateIsABucketPerAddress();
    void openRateZeroIsNoLimit();
    void refusalsPastTheFirstAreSummedUpPerWindow();
    void refusalsOfTooManyAddressesAreCountedTogether();
    void bodyShapeLimits_data();
    void bodyShapeLimits();
    void formQueriesAreDecodedAsTheyCome_data();
    void formQueriesAreDecodedAsTheyCome();
};

void TestServerLimits::openRateIsABucketPerAddress()
{
    // --open-rate 2: bursts of 4, then one more every 500 ms (as LedgerServer builds it).
    qint64 now = 1000;
    AuthThrottle rate(4, 500, [&now] { return now; });
    const QHostAddress client(QStringLiteral("127.0.0.1"));
    for (int i = 0; i < 4; ++i)
        QCOMPARE(rate.take(client), 0);
    QCOMPARE(rate.take(client), 1); // 429, Retry-After: 1
    QCOMPARE(rate.take(client), 1); // a refused request takes nothing
    now += 499;
    QCOMPARE(rate.take(client), 1);
    now += 1;
    QCOMPARE(rate.take(client), 0);
    QCOMPARE(rate.take(client), 1);
    // Another address has a bucket of its own; an IPv4-mapped address is the same client.
    QCOMPARE(rate.take(QHostAddress(QStringLiteral("127.0.0.2"))), 0);
    QCOMPARE(rate.take(QHostAddress(QStringLiteral("::ffff:127.0.0.1"))), 1);
    // Quiet for long enough, the whole burst again, never more.
    now += 60000;
    for (int i = 0; i < 4; ++i)
        QCOMPARE(rate.take(client), 0);
    QCOMPARE(rate.take(client), 1);
}

void TestServerLimits::openRateZeroIsNoLimit()
{
    qint64 now = 0;
    AuthThrottle rate(0, 1000, [&now] { return now; });
    for (int i = 0; i < 10000; ++i)
        QCOMPARE(rate.take(QHostAddress(QStringLiteral("127.0.0.1"))), 0);
    QCOMPARE(rate.size(), 0);
}

void TestServerLimits::refusalsPastTheFirstAreSummedUpPerWindow()
{
    // --log-refusals 3 --log-window 5
    RefusalLog log(3, 5000);
    const QString peer = QStringLiteral("127.0.0.1");
    int logged = 0;
    for (int i = 0; i < 40; ++i)
        logged += log.admit(peer, 404, 100 + i) ? 1 : 0;
    QVERIFY(!log.admit(peer, 401, 200));
    QCOMPARE(logged, 3);
    QVERIFY(log.pending());
    // Another address is logged one by one all the same.
    QVERIFY(log.admit(QStringLiteral("127.0.0.2"), 404, 300));
    // Nothing is told before the window (from the first refusal) is over...
    QVERIFY(log.takeSummaries(5099).isEmpty());
    // ... then one line for the address with what was held back, none for the other.
    const auto summaries = log.takeSummaries(5100);
    QCOMPARE(summaries.size(), 1);
    QCOMPARE(summaries.first().first, peer);
    QCOMPARE(summaries.first().second,
        QStringLiteral("38 more refusal(s) from this address in the last 5 s were not logged one "
                       "by one: 401 x1, 404 x37"));
    QVERIFY(log.takeSummaries(5100).isEmpty());
    // A new window: the first three again one by one.
    for (int i = 0; i < 3; ++i)
        QVERIFY(log.admit(peer, 429, 6000 + i));
    QVERIFY(!log.admit(peer, 429, 6010));
    // The server going down tells what is held at once.
    const auto last = log.takeSummaries(6020, true);
    QCOMPARE(last.size(), 1);
    QVERIFY2(last.first().second.startsWith(QStringLiteral("1 more refusal(s)")),
        qPrintable(last.first().second));
    QVERIFY(!log.pending());
}

void TestServerLimits::refusalsOfTooManyAddressesAreCountedTogether()
{
    RefusalLog log(1, 1000);
    for (qsizetype i = 0; i < RefusalLog::kMaxAddresses; ++i)
        QVERIFY(log.admit(QStringLiteral("10.0.%1.%2").arg(i / 256).arg(i % 256), 401, 0));
    // Past the addresses the log follows: counted, never logged one by one.
    for (int i = 0; i < 500; ++i)
        QVERIFY(!log.admit(QStringLiteral("10.200.%1.%2").arg(i / 256).arg(i % 256), 401, 10));
    const auto summaries = log.takeSummaries(1010);
    QCOMPARE(summaries.size(), 1);
    QCOMPARE(summaries.first().first, QString());
    QCOMPARE(summaries.first().second,
        QStringLiteral("500 more refusal(s) from addresses beyond the 4096 the log follows in the "
                       "last 1 s were not logged one by one: 401 x500"));
    QVERIFY(!log.pending());
}

void TestServerLimits::bodyShapeLimits_data()
{
    QTest::addColumn<int>("endpoint");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("message"); // empty: within the limits

    const QByteArray event = R"({"id": "a", "parents": ["p", "q"], "value": "v"})";
    QTest::newRow("reconcile: 50 queries of 20 properties")
        << int(Endpoint::Reconcile)
        << repeated("{",
               R"("q": {"query": "x", "limit": 5, "properties": [)"
                   + repeated("", R"({"pid": "P1", "v": "x"})", 20, "") + "]}",
               50, "}")
        << QString();
    QTest::newRow("reconcile: 20,001 values")
        << int(Endpoint::Reconcile) << repeated("[", "1", 20000, "]")
        << QStringLiteral(
               "the body was refused as it arrived: it holds more than 20000 JSON values");
    QTest::newRow("reconcile: 9 deep")
        << int(Endpoint::Reconcile) << QByteArray("[[[[[[[[[1]]]]]]]]]")
        << QStringLiteral("it nests more than 8 arrays and objects deep");
    QTest::newRow("events: 1,000 events")
        << int(Endpoint::Events) << repeated(R"({"events": [)", event, 1000, "]}") << QString();
    QTest::newRow("events: 1,001 events")
        << int(Endpoint::Events) << repeated(R"({"events": [)", "{}", 1001, "]}")
        << QStringLiteral("its array holds more than 1000 elements");
    QTest::newRow("events: 100,001 values")
        << int(Endpoint::Events) << repeated(R"({"events": [{"parents": [)", "1", 100000, "]}]}")
        << QStringLiteral("it holds more than 100000 JSON values");
    QTest::newRow("notices: 1,001 notices")
        << int(Endpoint::Notices) << repeated(R"({"notices": [)", "{}", 1001, "]}")
        << QStringLiteral("its array holds more than 1000 elements");
    QTest::newRow("keys: a key") << int(Endpoint::Keys)
                                 << QByteArray(R"({"public_key": "abc", "label": "laptop"})")
                                 << QString();
    QTest::newRow("keys: 65 values") << int(Endpoint::Keys) << repeated("[", "1", 64, "]")
                                     << QStringLiteral("it holds more than 64 JSON values");
    QTest::newRow("keys: 5 deep") << int(Endpoint::Keys) << QByteArray("[[[[[]]]]]")
                                  << QStringLiteral("more than 4 arrays and objects deep");
    QTest::newRow("record: 17 deep")
        << int(Endpoint::Record) << QByteArray(17, '[') + QByteArray(17, ']')
        << QStringLiteral("more than 16 arrays and objects deep");
}

void TestServerLimits::bodyShapeLimits()
{
    QFETCH(int, endpoint);
    QFETCH(QByteArray, body);
    QFETCH(QString, message);
    // The same whole, and a byte at a time.
    for (const qsizetype piece : { body.size(), qsizetype(1), qsizetype(4096) }) {
        const auto [status, told] = check(Endpoint(endpoint), "application/json", body, piece);
        if (message.isEmpty()) {
            QVERIFY2(status == 0, qPrintable(told));
        } else {
            QCOMPARE(status, 413);
            QVERIFY2(told.contains(message), qPrintable(told));
        }
    }
}

void TestServerLimits::formQueriesAreDecodedAsTheyCome_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("message");
    const QByteArray deep = QByteArray(9, '[').toPercentEncoding();
    QTest::newRow("queries") << "callback=x&queries=" + deep << QStringLiteral("8 arrays");
    QTest::newRow("queries, its key escaped") << "quer%69es=" + deep << QStringLiteral("8 arrays");
    QTest::newRow("queries, + for space")
        << "queries=%5B+%5B+" + QByteArray(9, '[') + "+" << QStringLiteral("8 arrays");
    QTest::newRow("another key's value is not read")
        << "callback=" + deep + "&queries=%5B1%5D" << QString();
    QTest::newRow("a % that is no escape is kept as it is")
        << QByteArray("queries=%ZZ%5B%5B%5B%5B%5B%5B%5B%5B%5B") << QStringLiteral("8 arrays");
    QTest::newRow("many tiny values")
        << "queries=" + repeated("%5B", "1", 20001, "%5D") << QStringLiteral("20000 JSON values");
    QTest::newRow("a long key is no key") << "x" + QByteArray(100, 'y') + "=" + deep << QString();
}

void TestServerLimits::formQueriesAreDecodedAsTheyCome()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, message);
    // Every escape split at every byte along the way (pieces of 1 and 2), and whole.
    for (const qsizetype piece : { body.size(), qsizetype(1), qsizetype(2), qsizetype(7) }) {
        const auto [status, told]
            = check(Endpoint::Reconcile, "application/x-www-form-urlencoded", body, piece);
        if (message.isEmpty()) {
            QVERIFY2(status == 0, qPrintable(told));
        } else {
            QCOMPARE(status, 413);
            QVERIFY2(told.startsWith(QStringLiteral("the queries were refused as they arrived: ")),
                qPrintable(told));
            QVERIFY2(told.contains(message), qPrintable(told));
        }
    }
}

QTEST_GUILESS_MAIN(TestServerLimits)
#include "tst_serverlimits.moc"
