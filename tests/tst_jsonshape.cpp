// SPDX-License-Identifier: GPL-3.0-or-later
// JsonShape, the shape of a JSON text read as it arrives (docs/server-limits.md, "Memory";
// docs/sync-client.md, "Limits"): what it counts and where it stops, the same whether the text
// comes whole, a byte at a time or in pieces of any size.

#include "JsonShape.h"

#include <QRandomGenerator>
#include <QTest>

using namespace LedgerCurator;

Q_DECLARE_METATYPE(JsonShape::Passed)

namespace {

struct Outcome
{
    JsonShape::Passed passed = JsonShape::Passed::None;
    qint64 offset = 0;
    qint64 values = 0;
    qint64 elements = 0;
};

//! Feeds text in pieces of the given sizes (cycled), stopping at the first refusal.
Outcome feedInPieces(const QByteArray &text, const JsonShapeLimits &limits, QList<int> sizes)
{
    JsonShape shape(limits);
    qsizetype at = 0;
    qsizetype next = 0;
    while (at < text.size()) {
        const qsizetype size
            = std::min<qsizetype>(sizes.at(next++ % sizes.size()), text.size() - at);
        if (!shape.feed(QByteArrayView(text).sliced(at, size)))
            break;
        at += size;
    }
    return { shape.passed(), shape.offset(), shape.values(), shape.elements() };
}

} // namespace

class TestJsonShape : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void counts_data();
    void counts();
    void endlessElementIsRefusedAsItComes();
    void aRefusedShapeTakesNothingMore();
};

void TestJsonShape::counts_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("maxDepth");
    QTest::addColumn<qint64>("maxValues");
    QTest::addColumn<qint64>("maxElements");
    QTest::addColumn<qint64>("maxElementBytes");
    QTest::addColumn<qint64>("maxElementValues");
    QTest::addColumn<JsonShape::Passed>("passed");
    QTest::addColumn<qint64>("offset"); // where it was passed, or the bytes read
    QTest::addColumn<qint64>("values");
    QTest::addColumn<qint64>("elements");

    using P = JsonShape::Passed;
    QTest::newRow("keys are not values")
        << QByteArray(R"({"a": 1, "b": [true, null], "c": {"d": "e"}})") << 8 << qint64(-1)
        << qint64(-1) << qint64(-1) << qint64(-1) << P::None << qint64(44) << qint64(7)
        << qint64(2);
    QTest::newRow("quotes, brackets and escapes in strings")
        << QByteArray(R"(["a\"]", "[{", "\\", "x\\\"y"])") << 2 << qint64(-1) << qint64(-1)
        << qint64(-1) << qint64(-1) << P::None << qint64(30) << qint64(5) << qint64(0);
    QTest::newRow("nesting past the most")
        << QByteArray("[[[[1]]]]") << 3 << qint64(-1) << qint64(-1) << qint64(-1) << qint64(-1)
        << P::Depth << qint64(3) << qint64(4) << qint64(1);
    QTest::newRow("tiny objects past the most values")
        << QByteArray("[{},{},{},{}]") << 8 << qint64(3) << qint64(-1) << qint64(-1) << qint64(-1)
        << P::Values << qint64(7) << qint64(4) << qint64(0);
    QTest::newRow("events past the most asked for")
        << QByteArray(R"({"events": [{"id": 1}, {"id": 2}, {"id": 3}], "more": false})") << 8
        << qint64(-1) << qint64(2) << qint64(-1) << qint64(-1) << P::Elements << qint64(34)
        << qint64(7) << qint64(3);
    QTest::newRow("elements of a top array's arrays")
        << QByteArray("[[1, 2], [3], 4]") << 8 << qint64(-1) << qint64(-1) << qint64(-1)
        << qint64(-1) << P::None << qint64(16) << qint64(7) << qint64(3);
    QTest::newRow("an element longer than its most")
        << QByteArray(R"({"e": ["short", "much too long"]})") << 8 << qint64(-1) << qint64(-1)
        << qint64(10) << qint64(-1) << P::ElementBytes << qint64(26) << qint64(4) << qint64(2);
    QTest::newRow("an element with more values than its most")
        << QByteArray(R"({"e": [{"a": [1, 2, 3]}]})") << 8 << qint64(-1) << qint64(-1) << qint64(-1)
        << qint64(4) << P::ElementValues << qint64(20) << qint64(7) << qint64(1);
    QTest::newRow("not JSON is counted, never refused")
        << QByteArray("abc ]]] }{ :: ,, \"") << 8 << qint64(-1) << qint64(-1) << qint64(-1)
        << qint64(-1) << P::None << qint64(18) << qint64(2) << qint64(0);
    QTest::newRow("numbers and literals are one value each")
        << QByteArray("[-1.5e3,true,false,null,0]") << 8 << qint64(-1) << qint64(-1) << qint64(-1)
        << qint64(-1) << P::None << qint64(26) << qint64(6) << qint64(0);
}

void TestJsonShape::counts()
{
    QFETCH(QByteArray, text);
    QFETCH(int, maxDepth);
    QFETCH(qint64, maxValues);
    QFETCH(qint64, maxElements);
    QFETCH(qint64, maxElementBytes);
    QFETCH(qint64, maxElementValues);
    QFETCH(JsonShape::Passed, passed);
    QFETCH(qint64, offset);
    QFETCH(qint64, values);
    QFETCH(qint64, elements);
    const JsonShapeLimits limits { maxDepth, maxValues, maxElements, maxElementBytes,
        maxElementValues };
    // Whole, a byte at a time, and in pieces of sizes that cut every token somewhere.
    const QList<QList<int>> splits { { int(text.size()) }, { 1 }, { 2, 3 }, { 5, 1, 7 } };
    for (const QList<int> &sizes : splits) {
        const Outcome outcome = feedInPieces(text, limits, sizes);
        const QByteArray where = "pieces of " + QByteArray::number(sizes.first());
        QVERIFY2(outcome.passed == passed, where.constData());
        // Where a limit is passed does not depend on the pieces; what was counted up to there
        // does not either.
        QVERIFY2(outcome.offset == offset,
            qPrintable(QStringLiteral("%1: offset %2")
                           .arg(QString::fromLatin1(where))
                           .arg(outcome.offset)));
        QVERIFY2(outcome.values == values,
            qPrintable(QStringLiteral("%1: values %2")
                           .arg(QString::fromLatin1(where))
                           .arg(outcome.values)));
        QVERIFY2(outcome.elements == elements,
            qPrintable(QStringLiteral("%1: elements %2")
                           .arg(QString::fromLatin1(where))
                           .arg(outcome.elements)));
    }
    JsonShape shape(limits);
    shape.feed(text);
    QCOMPARE(shape.message().isEmpty(), passed == JsonShape::Passed::None);
}

void TestJsonShape::endlessElementIsRefusedAsItComes()
{
    // One element that never ends (a string of megabytes) is refused at the piece that passes
    // its most, not when it ends.
    JsonShape shape({ 8, -1, -1, 1000, -1 });
    QVERIFY(shape.feed("{\"events\": [\""));
    const QByteArray piece(600, 'x');
    QVERIFY(shape.feed(piece));
    QVERIFY(!shape.feed(piece));
    QCOMPARE(shape.passed(), JsonShape::Passed::ElementBytes);
    QCOMPARE(shape.offset(), qint64(12 + 1000));
    QVERIFY2(shape.message().contains(u"element [0] is longer than 1000 bytes"),
        qPrintable(shape.message()));
}

void TestJsonShape::aRefusedShapeTakesNothingMore()
{
    JsonShape shape({ 2, -1, -1, -1, -1 });
    QVERIFY(!shape.feed("[[["));
    QCOMPARE(shape.passed(), JsonShape::Passed::Depth);
    QVERIFY(!shape.feed("]]]"));
    QCOMPARE(shape.offset(), qint64(2));
    QVERIFY2(shape.message().contains(u"more than 2 arrays and objects deep (at byte 2)"),
        qPrintable(shape.message()));
    // Random bytes in random pieces (backslashes and quotes among them): never a crash, never
    // more values than bytes, and the same counts as the text read whole.
    QRandomGenerator random(36);
    for (int round = 0; round < 500; ++round) {
        QByteArray text(int(random.bounded(1, 300)), Qt::Uninitialized);
        const char alphabet[] = "{}[]\"\"\\\\,: a1";
        for (char &c : text)
            c = alphabet[random.bounded(int(sizeof alphabet - 1))];
        JsonShape whole({ 64, -1, -1, -1, -1 });
        whole.feed(text);
        JsonShape any({ 64, -1, -1, -1, -1 });
        for (qsizetype at = 0; at < text.size();) {
            const qsizetype size = std::min<qsizetype>(random.bounded(1, 9), text.size() - at);
            if (!any.feed(QByteArrayView(text).sliced(at, size)))
                break;
            at += size;
        }
        QVERIFY(any.values() <= text.size());
        QCOMPARE(any.passed(), whole.passed());
        QCOMPARE(any.values(), whole.values());
        QCOMPARE(any.elements(), whole.elements());
    }
}

QTEST_GUILESS_MAIN(TestJsonShape)
#include "tst_jsonshape.moc"
