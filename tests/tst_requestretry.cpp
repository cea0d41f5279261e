// SPDX-License-Identifier: GPL-3.0-or-later
// RequestRetry (models/sync/internal/RequestRetry.h), the retries the sync client and the
// reconciliation client share: Retry-After read as delta-seconds (capped at a day, anything else
// none), the backoff doubling up to its cap with equal jitter, the server's Retry-After never
// shortened (and lengthened by at most a tenth where the client jitters it), a Retry-After past
// the longest wait refused, and giving up after the last attempt.
#include "RequestRetry.h"

#include <QtTest>

#include <climits>

using namespace LedgerCurator;
using RequestRetry::Next;

class TestRequestRetry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void retryAfter_data();
    void retryAfter();
    void backoffDoublesUpToItsCap();
    void backoffHasEqualJitter();
    void retryAfterIsNeverShortened();
    void retryAfterPastTheLongestWaitIsRefused();
    void givesUpAfterTheLastAttempt();
    void gaveUpSaysHowManyAttempts();
};

void TestRequestRetry::retryAfter_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<int>("ms");
    QTest::newRow("none") << QByteArray() << -1;
    QTest::newRow("zero") << QByteArray("0") << 0;
    QTest::newRow("seconds") << QByteArray("5") << 5000;
    QTest::newRow("spaces") << QByteArray("  7 ") << 7000;
    QTest::newRow("negative") << QByteArray("-3") << -1;
    QTest::newRow("fraction") << QByteArray("1.5") << -1;
    QTest::newRow("word") << QByteArray("soon") << -1;
    QTest::newRow("http date") << QByteArray("Wed, 21 Oct 2026 07:28:00 GMT") << -1;
    QTest::newRow("a day") << QByteArray("86400") << 86400000;
    QTest::newRow("past a day") << QByteArray("999999999") << 86400000;
}

void TestRequestRetry::retryAfter()
{
    QFETCH(QByteArray, header);
    QFETCH(int, ms);
    QCOMPARE(RequestRetry::retryAfterMs(header), ms);
}

void TestRequestRetry::backoffDoublesUpToItsCap()
{
    RequestRetry::Policy sync { 10, 200, 5000, 20, true };
    QCOMPARE(RequestRetry::backoffStepMs(sync, 1), qint64(200));
    QCOMPARE(RequestRetry::backoffStepMs(sync, 2), qint64(400));
    QCOMPARE(RequestRetry::backoffStepMs(sync, 5), qint64(3200));
    QCOMPARE(RequestRetry::backoffStepMs(sync, 6), qint64(5000));
    QCOMPARE(RequestRetry::backoffStepMs(sync, 1000), qint64(5000)); // no overflow far out
    RequestRetry::Policy reconcile { 10, 500, 1000000, 10, false };
    QCOMPARE(RequestRetry::backoffStepMs(reconcile, 11), qint64(500 << 10));
    QCOMPARE(RequestRetry::backoffStepMs(reconcile, 30), qint64(500 << 10)); // at most 10 doublings
}

void TestRequestRetry::backoffHasEqualJitter()
{
    const RequestRetry::Policy policy { 100, 1000, 8000, 20, true };
    QRandomGenerator random(7);
    for (int attempt = 1; attempt < 8; ++attempt) {
        const qint64 step = RequestRetry::backoffStepMs(policy, attempt);
        int least = INT_MAX;
        int most = 0;
        for (int i = 0; i < 200; ++i) {
            const Next next = RequestRetry::next(policy, attempt, -1, random);
            QCOMPARE(next.kind, Next::Kind::Wait);
            QVERIFY(next.delayMs >= step / 2 && next.delayMs <= step);
            least = qMin(least, next.delayMs);
            most = qMax(most, next.delayMs);
        }
        QVERIFY(most > least); // random, not a fixed wait
    }
}

void TestRequestRetry::retryAfterIsNeverShortened()
{
    QRandomGenerator random(11);
    const RequestRetry::Policy exact { 3, 500, 10000, 10, false };
    QCOMPARE(RequestRetry::next(exact, 1, 2000, random).delayMs, 2000);
    QCOMPARE(RequestRetry::next(exact, 2, 0, random).delayMs, 0);
    const RequestRetry::Policy jittered { 3, 500, 10000, 20, true };
    for (int i = 0; i < 200; ++i) {
        const Next next = RequestRetry::next(jittered, 1, 2000, random);
        QCOMPARE(next.kind, Next::Kind::Wait);
        QVERIFY(next.delayMs >= 2000 && next.delayMs <= 2200);
        const Next zero = RequestRetry::next(jittered, 1, 0, random);
        QCOMPARE(zero.delayMs, 0); // at most a tenth of nothing
    }
}

void TestRequestRetry::retryAfterPastTheLongestWaitIsRefused()
{
    const RequestRetry::Policy policy { 5, 500, 10000, 20, true };
    QCOMPARE(RequestRetry::next(policy, 1, 10000).kind, Next::Kind::Wait);
    QCOMPARE(RequestRetry::next(policy, 1, 11000).kind, Next::Kind::AskedTooLong);
    // The last attempt gives up first, whatever the server asks.
    QCOMPARE(RequestRetry::next(policy, 5, 11000).kind, Next::Kind::GiveUp);
}

void TestRequestRetry::givesUpAfterTheLastAttempt()
{
    const RequestRetry::Policy policy { 3, 100, 1000, 20, true };
    QCOMPARE(RequestRetry::next(policy, 1, -1).kind, Next::Kind::Wait);
    QCOMPARE(RequestRetry::next(policy, 2, -1).kind, Next::Kind::Wait);
    QCOMPARE(RequestRetry::next(policy, 3, -1).kind, Next::Kind::GiveUp);
    const RequestRetry::Policy once { 1, 100, 1000, 20, true };
    QCOMPARE(RequestRetry::next(once, 1, 0).kind, Next::Kind::GiveUp);
}

void TestRequestRetry::gaveUpSaysHowManyAttempts()
{
    QCOMPARE(RequestRetry::gaveUp(QStringLiteral("no reply"), 1), QStringLiteral("no reply"));
    QCOMPARE(RequestRetry::gaveUp(QStringLiteral("no reply"), 4),
        QStringLiteral("no reply (gave up after 4 attempts)"));
}

QTEST_GUILESS_MAIN(TestRequestRetry)
#include "tst_requestretry.moc"
