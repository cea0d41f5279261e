// SPDX-License-Identifier: GPL-3.0-or-later
// models/internal/HelperThread.h, the models' helper threads (docs/threads.md).
// TwoThreadPipeline, the queue between the two threads of Store::loadRecord()'s reader and
// of the long texts written on two cores: blocks come out in the order they went in, none lost
// and none twice; the producer waits while `ahead` blocks wait; spent blocks are filled again, so
// no more than `ahead` + 1 are ever made; close() wakes a consumer that waits and ends it once
// the last block is taken; abandon() lets a producer that waits end, so that a consumer leaving
// early (an exception) never leaves its helper thread waiting.
#include "HelperThread.h"

#include <QtTest>

#include <atomic>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <thread>
#include <vector>

using LedgerCurator::Threads::TwoThreadPipeline;
namespace Threads = LedgerCurator::Threads;

namespace {

//! A block as the readers use them: a buffer, refilled in place.
using Block = std::vector<int>;

} // namespace

class TestHelperThread : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void orderKeptNothingLost_data();
    void orderKeptNothingLost();
    void producerWaitsWhileAheadAreWaiting();
    void closeWakesTheWaitingConsumer();
    void closeEndsAfterTheLastBlock();
    void abandonWakesTheWaitingProducer();
    void writeEndsBothThreadsWhenOneThrows();
    void runBesideRunsBothAndRethrows();
    void parallelForCoversEveryItemOnce_data();
    void parallelForCoversEveryItemOnce();
    void dropBesideFreesEverythingBeforeItGoes();
};

void TestHelperThread::orderKeptNothingLost_data()
{
    QTest::addColumn<int>("ahead");
    QTest::addColumn<int>("blocks");
    QTest::newRow("one ahead") << 1 << 5000;
    QTest::newRow("two ahead (the text writer)") << 2 << 5000;
    QTest::newRow("three ahead (the row reader)") << 3 << 5000;
    QTest::newRow("none") << 3 << 0;
}

void TestHelperThread::orderKeptNothingLost()
{
    QFETCH(int, ahead);
    QFETCH(int, blocks);
    constexpr int kPerBlock = 7;
    TwoThreadPipeline<Block> pipeline(static_cast<size_t>(ahead));
    std::atomic<int> made { 0 };
    std::thread producer([&] {
        for (int n = 0; n < blocks; ++n) {
            Block block = pipeline.take([&made] {
                ++made;
                return Block();
            });
            block.clear();
            for (int i = 0; i < kPerBlock; ++i)
                block.push_back(n * kPerBlock + i);
            pipeline.put(std::move(block));
        }
        pipeline.close();
    });
    // Every value, in order: the consumer checks as it goes and reports the first gap.
    int expected = 0;
    int wrong = -1;
    while (std::optional<Block> block = pipeline.next()) {
        for (int value : *block) {
            if (value != expected && wrong < 0)
                wrong = expected;
            ++expected;
        }
        pipeline.recycle(std::move(*block));
    }
    producer.join();
    QCOMPARE(wrong, -1);
    QCOMPARE(expected, blocks * kPerBlock);
    // The bound holds the memory too: at most `ahead` blocks wait and the consumer holds one
    // when the producer needs another, so no more than ahead + 1 are ever made.
    QVERIFY2(made <= ahead + 1, qPrintable(QString::number(made)));
    QVERIFY(blocks == 0 || made >= 1);
}

void TestHelperThread::producerWaitsWhileAheadAreWaiting()
{
    constexpr int kAhead = 3;
    TwoThreadPipeline<int> pipeline(kAhead);
    std::atomic<int> put { 0 };
    std::atomic<int> takes { 0 };
    std::thread producer([&] {
        for (int n = 0; n < kAhead + 2; ++n) {
            ++takes;
            int block = pipeline.take([] { return 0; });
            block = n;
            pipeline.put(std::move(block));
            ++put;
        }
        pipeline.close();
    });
    // No consumer yet: the producer hands `ahead` blocks over, then waits to take the next.
    QTRY_COMPARE(put.load(), kAhead);
    QTRY_COMPARE(takes.load(), kAhead + 1);
    QTest::qWait(100); // time it would have to run on, were it not waiting
    QCOMPARE(put.load(), kAhead);
    // Each block taken lets it hand one more over.
    QCOMPARE(pipeline.next(), std::optional<int>(0));
    QTRY_COMPARE(put.load(), kAhead + 1);
    QTest::qWait(100);
    QCOMPARE(put.load(), kAhead + 1);
    QCOMPARE(pipeline.next(), std::optional<int>(1));
    producer.join();
    QCOMPARE(put.load(), kAhead + 2);
    for (int n = 2; n < kAhead + 2; ++n)
        QCOMPARE(pipeline.next(), std::optional<int>(n));
    QCOMPARE(pipeline.next(), std::optional<int>());
}

void TestHelperThread::closeWakesTheWaitingConsumer()
{
    TwoThreadPipeline<int> pipeline(2);
    std::atomic<bool> waiting { false };
    std::atomic<bool> ended { false };
    std::optional<int> got = 42;
    std::thread consumer([&] {
        waiting = true;
        got = pipeline.next(); // nothing comes: it waits until close()
        ended = true;
    });
    QTRY_VERIFY(waiting.load());
    QTest::qWait(100);
    QVERIFY(!ended.load()); // still waiting for a block
    pipeline.close();
    QTRY_VERIFY(ended.load());
    consumer.join();
    QCOMPARE(got, std::optional<int>());
    // And it stays closed: a later next() does not wait.
    QCOMPARE(pipeline.next(), std::optional<int>());
}

void TestHelperThread::closeEndsAfterTheLastBlock()
{
    // The producer closes at once after its last block; the consumer, slower, still gets every
    // block before the end, then both threads are done.
    TwoThreadPipeline<int> pipeline(4);
    std::thread producer([&] {
        for (int n = 0; n < 3; ++n)
            pipeline.put(pipeline.take([] { return 0; }) + n);
        pipeline.close();
    });
    producer.join(); // three blocks fit the bound: the producer never waits, and ends
    std::vector<int> got;
    std::thread consumer([&] {
        while (std::optional<int> block = pipeline.next())
            got.push_back(*block);
    });
    consumer.join();
    QCOMPARE(got, std::vector<int>({ 0, 1, 2 }));
}

void TestHelperThread::abandonWakesTheWaitingProducer()
{
    TwoThreadPipeline<int> pipeline(1);
    std::atomic<bool> ended { false };
    std::atomic<int> put { 0 };
    std::thread producer([&] {
        for (int n = 0; n < 1000 && !pipeline.abandoned(); ++n) {
            pipeline.put(pipeline.take([] { return 0; }) + n);
            ++put;
        }
        ended = true;
    });
    QTRY_COMPARE(put.load(), 1); // one block waits: the producer waits in take()
    QTest::qWait(100);
    QVERIFY(!ended.load());
    QCOMPARE(put.load(), 1);
    pipeline.abandon();
    QTRY_VERIFY(ended.load());
    producer.join();
    QVERIFY(put.load() <= 2); // at most the block it was taking when woken, dropped by put()
    QVERIFY(pipeline.abandoned());
}

void TestHelperThread::writeEndsBothThreadsWhenOneThrows()
{
    // The caller's side of writeInTwoThreads() throws half way: the exception comes out of
    // write() (no std::terminate from a joinable thread, no helper left waiting in take()).
    std::vector<int> written;
    bool thrown = false;
    try {
        Threads::writeInTwoThreads<std::vector<int>>(
            64,
            [&written](qsizetype block) {
                if (block == 10)
                    throw std::runtime_error("writeHere failed");
                written.push_back(int(block));
            },
            [](std::vector<int> &text, qsizetype block) { text.push_back(int(block)); },
            [&written](std::vector<int> &text) {
                written.insert(written.end(), text.begin(), text.end());
            });
    } catch (const std::runtime_error &e) {
        thrown = QByteArray(e.what()) == "writeHere failed";
    }
    QVERIFY(thrown);
    std::vector<int> expected(10);
    std::iota(expected.begin(), expected.end(), 0);
    QCOMPARE(written, expected); // blocks 0..9 in order, as one thread would have written them
}

void TestHelperThread::runBesideRunsBothAndRethrows()
{
    std::atomic<bool> besideDone { false };
    Qt::HANDLE besideThread = nullptr;
    Threads::runBeside(
        [&] {
            besideThread = QThread::currentThreadId();
            besideDone = true;
        },
        [] {});
    QVERIFY(besideDone.load()); // joined before runBeside() returned
    QVERIFY(besideThread != QThread::currentThreadId());

    // Either side's exception comes out once both are done.
    bool hereDone = false;
    QVERIFY_THROWS_EXCEPTION(std::runtime_error,
        Threads::runBeside([] { throw std::runtime_error("beside"); }, [&] { hereDone = true; }));
    QVERIFY(hereDone);
    besideDone = false;
    QVERIFY_THROWS_EXCEPTION(std::runtime_error,
        Threads::runBeside(
            [&] {
                QThread::msleep(20);
                besideDone = true;
            },
            [] { throw std::runtime_error("here"); }));
    QVERIFY(besideDone.load());
}

void TestHelperThread::parallelForCoversEveryItemOnce_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("threads");
    QTest::newRow("none") << 0 << 4;
    QTest::newRow("fewer than a slice") << 100 << 4;
    QTest::newRow("one thread") << 5000 << 1;
    QTest::newRow("two threads") << 5001 << 2;
    QTest::newRow("eight threads") << 9999 << 8;
}

void TestHelperThread::parallelForCoversEveryItemOnce()
{
    QFETCH(int, count);
    QFETCH(int, threads);
    std::vector<std::atomic<int>> seen(static_cast<size_t>(count));
    std::atomic<int> slices { 0 };
    Threads::parallelFor(count, threads, 256, [&](qsizetype from, qsizetype to) {
        ++slices;
        for (qsizetype i = from; i < to; ++i)
            ++seen[static_cast<size_t>(i)];
    });
    for (const std::atomic<int> &times : seen)
        QCOMPARE(times.load(), 1);
    QVERIFY(slices.load() <= std::max(1, threads));
}

void TestHelperThread::dropBesideFreesEverythingBeforeItGoes()
{
    auto counter = std::make_shared<int>(0);
    std::weak_ptr<int> watched = counter;
    {
        Threads::DropBeside drops;
        for (int i = 0; i < 100; ++i)
            drops.drop(std::vector<std::shared_ptr<int>>(10, counter));
        counter.reset();
    } // every vector freed, on the helper, by now
    QVERIFY(watched.expired());
}

QTEST_GUILESS_MAIN(TestHelperThread)
#include "tst_helperthread.moc"
