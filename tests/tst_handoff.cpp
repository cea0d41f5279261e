// SPDX-License-Identifier: GPL-3.0-or-later
// TwoThreadBlocks::HandOff, the queue between the two threads of Store::loadRecord()'s reader and
// of the long texts written on two cores: blocks come out in the order they went in, none lost
// and none twice; the producer waits while `ahead` blocks wait; spent blocks are filled again, so
// no more than `ahead` + 1 are ever made; close() wakes a consumer that waits and ends it once
// the last block is taken; abandon() lets a producer that waits end, so that a consumer leaving
// early (an exception) never leaves its helper thread waiting.
#include "TwoThreadBlocks.h"

#include <QtTest>

#include <atomic>
#include <numeric>
#include <stdexcept>
#include <thread>
#include <vector>

using LedgerCurator::TwoThreadBlocks::HandOff;

namespace {

//! A block as the readers use them: a buffer, refilled in place.
using Block = std::vector<int>;

} // namespace

class TestHandOff : public QObject
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
};

void TestHandOff::orderKeptNothingLost_data()
{
    QTest::addColumn<int>("ahead");
    QTest::addColumn<int>("blocks");
    QTest::newRow("one ahead") << 1 << 5000;
    QTest::newRow("two ahead (the text writer)") << 2 << 5000;
    QTest::newRow("three ahead (the row reader)") << 3 << 5000;
    QTest::newRow("none") << 3 << 0;
}

void TestHandOff::orderKeptNothingLost()
{
    QFETCH(int, ahead);
    QFETCH(int, blocks);
    constexpr int kPerBlock = 7;
    HandOff<Block> handOff(static_cast<size_t>(ahead));
    std::atomic<int> made { 0 };
    std::thread producer([&] {
        for (int n = 0; n < blocks; ++n) {
            Block block = handOff.take([&made] {
                ++made;
                return Block();
            });
            block.clear();
            for (int i = 0; i < kPerBlock; ++i)
                block.push_back(n * kPerBlock + i);
            handOff.put(std::move(block));
        }
        handOff.close();
    });
    // Every value, in order: the consumer checks as it goes and reports the first gap.
    int expected = 0;
    int wrong = -1;
    while (std::optional<Block> block = handOff.next()) {
        for (int value : *block) {
            if (value != expected && wrong < 0)
                wrong = expected;
            ++expected;
        }
        handOff.recycle(std::move(*block));
    }
    producer.join();
    QCOMPARE(wrong, -1);
    QCOMPARE(expected, blocks * kPerBlock);
    // The bound holds the memory too: at most `ahead` blocks wait and the consumer holds one
    // when the producer needs another, so no more than ahead + 1 are ever made.
    QVERIFY2(made <= ahead + 1, qPrintable(QString::number(made)));
    QVERIFY(blocks == 0 || made >= 1);
}

void TestHandOff::producerWaitsWhileAheadAreWaiting()
{
    constexpr int kAhead = 3;
    HandOff<int> handOff(kAhead);
    std::atomic<int> put { 0 };
    std::atomic<int> takes { 0 };
    std::thread producer([&] {
        for (int n = 0; n < kAhead + 2; ++n) {
            ++takes;
            int block = handOff.take([] { return 0; });
            block = n;
            handOff.put(std::move(block));
            ++put;
        }
        handOff.close();
    });
    // No consumer yet: the producer hands `ahead` blocks over, then waits to take the next.
    QTRY_COMPARE(put.load(), kAhead);
    QTRY_COMPARE(takes.load(), kAhead + 1);
    QTest::qWait(100); // time it would have to run on, were it not waiting
    QCOMPARE(put.load(), kAhead);
    // Each block taken lets it hand one more over.
    QCOMPARE(handOff.next(), std::optional<int>(0));
    QTRY_COMPARE(put.load(), kAhead + 1);
    QTest::qWait(100);
    QCOMPARE(put.load(), kAhead + 1);
    QCOMPARE(handOff.next(), std::optional<int>(1));
    producer.join();
    QCOMPARE(put.load(), kAhead + 2);
    for (int n = 2; n < kAhead + 2; ++n)
        QCOMPARE(handOff.next(), std::optional<int>(n));
    QCOMPARE(handOff.next(), std::optional<int>());
}

void TestHandOff::closeWakesTheWaitingConsumer()
{
    HandOff<int> handOff(2);
    std::atomic<bool> waiting { false };
    std::atomic<bool> ended { false };
    std::optional<int> got = 42;
    std::thread consumer([&] {
        waiting = true;
        got = handOff.next(); // nothing comes: it waits until close()
        ended = true;
    });
    QTRY_VERIFY(waiting.load());
    QTest::qWait(100);
    QVERIFY(!ended.load()); // still waiting for a block
    handOff.close();
    QTRY_VERIFY(ended.load());
    consumer.join();
    QCOMPARE(got, std::optional<int>());
    // And it stays closed: a later next() does not wait.
    QCOMPARE(handOff.next(), std::optional<int>());
}

void TestHandOff::closeEndsAfterTheLastBlock()
{
    // The producer closes at once after its last block; the consumer, slower, still gets every
    // block before the end, then both threads are done.
    HandOff<int> handOff(4);
    std::thread producer([&] {
        for (int n = 0; n < 3; ++n)
            handOff.put(handOff.take([] { return 0; }) + n);
        handOff.close();
    });
    producer.join(); // three blocks fit the bound: the producer never waits, and ends
    std::vector<int> got;
    std::thread consumer([&] {
        while (std::optional<int> block = handOff.next())
            got.push_back(*block);
    });
    consumer.join();
    QCOMPARE(got, std::vector<int>({ 0, 1, 2 }));
}

void TestHandOff::abandonWakesTheWaitingProducer()
{
    HandOff<int> handOff(1);
    std::atomic<bool> ended { false };
    std::atomic<int> put { 0 };
    std::thread producer([&] {
        for (int n = 0; n < 1000 && !handOff.abandoned(); ++n) {
            handOff.put(handOff.take([] { return 0; }) + n);
            ++put;
        }
        ended = true;
    });
    QTRY_COMPARE(put.load(), 1); // one block waits: the producer waits in take()
    QTest::qWait(100);
    QVERIFY(!ended.load());
    QCOMPARE(put.load(), 1);
    handOff.abandon();
    QTRY_VERIFY(ended.load());
    producer.join();
    QVERIFY(put.load() <= 2); // at most the block it was taking when woken, dropped by put()
    QVERIFY(handOff.abandoned());
}

void TestHandOff::writeEndsBothThreadsWhenOneThrows()
{
    // The caller's side of TwoThreadBlocks::write() throws half way: the exception comes out of
    // write() (no std::terminate from a joinable thread, no helper left waiting in take()).
    std::vector<int> written;
    bool thrown = false;
    try {
        LedgerCurator::TwoThreadBlocks::write<std::vector<int>>(
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

QTEST_GUILESS_MAIN(TestHandOff)
#include "tst_handoff.moc"
