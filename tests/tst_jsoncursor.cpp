// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON cursor (models/formats/internal/JsonCursor.h) that the direct readers of record JSON
// and of event pages read with (issue 18), against QJsonDocument. Whatever the bytes, a value the
// cursor reads must be the value QJsonDocument reads, a text it calls malformed must be one
// QJsonDocument refuses, and skipping a value must stop where reading it stops.
#include "EventJson.h"
#include "JsonCursor.h"
#include "JsonText.h"
#include "LedgerText.h"
#include "RecordJson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QtTest>

using namespace LedgerCurator;

namespace {

using Problem = JsonCursor::Problem;

//! Reads any value with the cursor, as a reader that wanted every member would.
std::optional<QJsonValue> readValue(JsonCursor &json)
{
    switch (json.nextByte()) {
    case '{': {
        QJsonObject object;
        const bool ok = json.members([&](QByteArrayView key) {
            const auto value = readValue(json);
            if (value)
                object.insert(QString::fromLatin1(key), *value); // a key given twice: the last
            return value.has_value();
        });
        return ok ? std::optional<QJsonValue>(object) : std::nullopt;
    }
    case '[': {
        QJsonArray array;
        const bool ok = json.elements([&] {
            const auto value = readValue(json);
            if (value)
                array.append(*value);
            return value.has_value();
        });
        return ok ? std::optional<QJsonValue>(array) : std::nullopt;
    }
    case '"': {
        QString text;
        return json.string(text) ? std::optional<QJsonValue>(text) : std::nullopt;
    }
    case 't':
    case 'f': {
        bool value = false;
        return json.boolean(value) ? std::optional<QJsonValue>(value) : std::nullopt;
    }
    case 'n':
        return json.null() ? std::optional<QJsonValue>(QJsonValue::Null) : std::nullopt;
    default: {
        qint64 n = 0;
        return json.wholeNumber(n, 18) ? std::optional<QJsonValue>(n) : std::nullopt;
    }
    }
}

//! Where two values differ ("" when they do not), as a path.
QString difference(
    const QJsonValue &a, const QJsonValue &b, const QString &at = QStringLiteral("$"))
{
    if (a.type() != b.type())
        return at + QStringLiteral(": types %1 and %2").arg(a.type()).arg(b.type());
    switch (a.type()) {
    case QJsonValue::Double:
        return a.toInteger() == b.toInteger() && a.toDouble() == b.toDouble()
            ? QString()
            : at + QStringLiteral(": %1 and %2").arg(a.toDouble()).arg(b.toDouble());
    case QJsonValue::String:
        return a.toString() == b.toString()
            ? QString()
            : at + QStringLiteral(": \"%1\" and \"%2\"").arg(a.toString(), b.toString());
    case QJsonValue::Bool:
        return a.toBool() == b.toBool() ? QString() : at + QStringLiteral(": true and false");
    case QJsonValue::Array: {
        const QJsonArray x = a.toArray();
        const QJsonArray y = b.toArray();
        if (x.size() != y.size())
            return at + QStringLiteral(": %1 and %2 elements").arg(x.size()).arg(y.size());
        for (qsizetype i = 0; i < x.size(); ++i) {
            if (QString d = difference(x[i], y[i], at + QStringLiteral("[%1]").arg(i));
                !d.isEmpty())
                return d;
        }
        return {};
    }
    case QJsonValue::Object: {
        const QJsonObject x = a.toObject();
        const QJsonObject y = b.toObject();
        if (x.keys() != y.keys())
            return at
                + QStringLiteral(": keys %1 and %2").arg(x.keys().join(u','), y.keys().join(u','));
        for (auto it = x.begin(); it != x.end(); ++it) {
            if (QString d = difference(it.value(), y.value(it.key()), at + u'.' + it.key());
                !d.isEmpty())
                return d;
        }
        return {};
    }
    default:
        return {};
    }
}

//! How the cursor came out of a text, for counting.
enum class Outcome { Read, Malformed, Declined, NotADocument };

//! Checks the cursor against parseJsonStrictly() (QJsonDocument, refusing what RFC 8259 refuses)
//! on `text` (the caller checks QTest::currentTestFailed).
Outcome compareWithDocument(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument document = fromJsonStrictly(text, &error);
    const bool qtReads = error.error == QJsonParseError::NoError;

    JsonCursor json(text);
    const char first = json.nextByte();
    if (first != '{' && first != '[') {
        // QJsonDocument takes an object or an array at the top level, nothing else.
        [&] { QVERIFY(!qtReads); }();
        return Outcome::NotADocument;
    }
    const auto value = readValue(json);
    // Skipping the value stops where reading it stops, for the same reason.
    JsonCursor skipper(text);
    const bool skipped = skipper.skipValue();
    [&] {
        QCOMPARE(skipped, value.has_value());
        QCOMPARE(int(skipper.problem()), int(json.problem()));
        QCOMPARE(skipper.problemOffset(), json.problemOffset());
        if (skipped)
            QCOMPARE(skipper.offset(), json.offset());
    }();
    if (value) {
        [&] {
            QCOMPARE(int(json.problem()), int(Problem::None));
            if (!json.atEnd()) {
                QVERIFY2(!qtReads, "QJsonDocument reads a text with more after its value");
                return;
            }
            QVERIFY2(qtReads, qPrintable(error.errorString()));
            const QJsonValue expected = document.isObject() ? QJsonValue(document.object())
                                                            : QJsonValue(document.array());
            const QString d = difference(*value, expected);
            QVERIFY2(d.isEmpty(), qPrintable(d));
        }();
        return Outcome::Read;
    }
    [&] {
        QVERIFY(json.problem() != Problem::None);
        QVERIFY(json.problemOffset() >= 0);
        QVERIFY(json.problemOffset() <= text.size());
        if (json.problem() == Problem::Malformed)
            QVERIFY2(!qtReads,
                qPrintable(QStringLiteral("called malformed at byte %1, but QJsonDocument reads it")
                               .arg(json.problemOffset())));
    }();
    return json.problem() == Problem::Malformed ? Outcome::Malformed : Outcome::Declined;
}

//! A document with every kind of token the cursor reads.
QByteArray everyToken()
{
    return QByteArray(R"({"plain": "text", "empty": "", "": "an empty key", "key with spaces": 1,)"
                      R"( "escapes": "\" \\ \/ \b \f \n \r \t \u0041\u00e9\u4e2d \ud83d\ude80",)"
                      R"( "pairs": "\ud83d\ude80\uDBFF\uDFFF", "nul": "a\u0000b",)")
        + " \"utf8\": \"\xd0\x9e\xd0\xb1 \xe5\xa4\xa7 \xf0\x9f\x9a\x80 \xef\xbf\xbe \x7f\","
        + R"( "numbers": [0, 7, 42, 10, 123456789012345678], "literals": [true, false, null],)"
          R"( "nested": {"a": [[], {}, [{}], {"b": {"c": [1, [2, [3, "deep"]]]}}]},)"
          R"( "twice": 1, "twice": [2]})";
}

QByteArray withOddWhitespace(QByteArray text)
{
    return text.replace(": ", " \t:\r\n ").replace(", ", "\n\t,  ").replace("[", "[ ");
}

//! A page of events as the server writes it.
QByteArray eventPage()
{
    QList<CorrectionEvent> events;
    for (int i = 1; i <= 3; ++i) {
        CorrectionEvent e;
        e.id = QStringLiteral("a4d62a99-e85b-4e0d-86d5-17278d72000%1").arg(i);
        e.record = QStringLiteral("2104.04473");
        e.observation = QStringLiteral("b4d62a99-e85b-4e0d-86d5-17278d726ff0");
        e.value = i == 2 ? std::nullopt : std::optional(QStringLiteral("caf\u00e9 \"%1\"").arg(i));
        e.author = QStringLiteral("curator");
        e.createdAt = QStringLiteral("2026-11-29T17:00:00.000Z");
        e.seq = 1000 + i;
        events.append(e);
    }
    QByteArray out = "{\"events\":";
    appendCorrectionsJson(out, events);
    return out + ",\"last_seq\":1003,\"latest_seq\":1003,\"more\":false}";
}

//! The record of the ledger page fixture, as writeRecordJson() writes it.
QByteArray recordText()
{
    QFile file(QStringLiteral(LC_TEST_DATA_DIR "/ledger-2104.04473.txt"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const Result<ParsedPage> page = parseLedgerText(file.readAll(), file.fileName());
    return page ? writeRecordJson(page->record) : QByteArray();
}

} // namespace

class TestJsonCursor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void wellFormed_data();
    void wellFormed();
    void problems_data();
    void problems();
    void emptyStringIsNotNull();
    void digitsAsked();
    void skipDepth();
    void readerStopsWithoutProblem();
    void truncatedEverywhere();
    void randomDamage();
};

void TestJsonCursor::wellFormed_data()
{
    QTest::addColumn<QByteArray>("text");
    const QByteArray record = recordText();
    QVERIFY(!record.isEmpty());
    QTest::newRow("every token") << everyToken();
    QTest::newRow("every token, odd whitespace") << withOddWhitespace(everyToken());
    QTest::newRow("every token, in an array") << '[' + everyToken() + ", [], 5]\n";
    QTest::newRow("byte order mark") << "\xef\xbb\xbf" + everyToken();
    QTest::newRow("empty object") << QByteArray(" {} ");
    QTest::newRow("empty array") << QByteArray("[]");
    QTest::newRow("event page") << eventPage();
    QTest::newRow("record") << record;
    QTest::newRow("record, compact")
        << QJsonDocument::fromJson(record).toJson(QJsonDocument::Compact);
}

void TestJsonCursor::wellFormed()
{
    QFETCH(QByteArray, text);
    QCOMPARE(int(compareWithDocument(text)), int(Outcome::Read));
}

void TestJsonCursor::problems_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("problem");
    QTest::addColumn<int>("offset");
    const int malformed = int(Problem::Malformed);
    const int declined = int(Problem::Declined);
    QTest::newRow("unclosed array") << QByteArray("[") << malformed << 1;
    QTest::newRow("trailing comma in an array") << QByteArray("[1,]") << malformed << 3;
    QTest::newRow("trailing comma in an object") << QByteArray("{\"a\": 1,}") << malformed << 8;
    QTest::newRow("no colon") << QByteArray("{\"a\" 1}") << malformed << 5;
    QTest::newRow("no comma") << QByteArray("[1 2]") << malformed << 3;
    QTest::newRow("no comma in an object") << QByteArray("{\"a\": 1 \"b\": 2}") << malformed << 8;
    QTest::newRow("key not a string") << QByteArray("{a: 1}") << malformed << 1;
    QTest::newRow("leading zero") << QByteArray("[05]") << malformed << 2;
    QTest::newRow("cut literal") << QByteArray("[tru]") << malformed << 1;
    QTest::newRow("wrong literal") << QByteArray("[nil]") << malformed << 1;
    QTest::newRow("no value") << QByteArray("[:]") << malformed << 1;
    QTest::newRow("unterminated string") << QByteArray("[\"ab") << malformed << 4;
    QTest::newRow("unterminated escape") << QByteArray("[\"ab\\") << malformed << 5;
    QTest::newRow("unterminated key") << QByteArray("{\"ab") << malformed << 4;
    QTest::newRow("bad \\u escape") << QByteArray("[\"\\u12g4\"]") << malformed << 6;
    QTest::newRow("short \\u escape") << QByteArray("[\"\\u12\"]") << malformed << 6;
    QTest::newRow("overlong UTF-8") << QByteArray("[\"\xc0\x80\"]") << malformed << 2;
    QTest::newRow("UTF-8 surrogate") << QByteArray("[\"a\xed\xa0\x80\"]") << malformed << 3;
    QTest::newRow("cut UTF-8") << QByteArray("[\"\xe5\xa4\"]") << malformed << 2;
    QTest::newRow("lone continuation byte") << QByteArray("[\"\x80\"]") << malformed << 2;
    QTest::newRow("above U+10FFFF") << QByteArray("[\"\xf4\x90\x80\x80\"]") << malformed << 2;
    QTest::newRow("negative number") << QByteArray("[-1]") << declined << 1;
    QTest::newRow("fraction") << QByteArray("[1.5]") << declined << 2;
    QTest::newRow("fraction of zero") << QByteArray("[0.5]") << declined << 2;
    QTest::newRow("fraction without a whole part") << QByteArray("[.5]") << declined << 1;
    QTest::newRow("exponent") << QByteArray("[1e3]") << declined << 2;
    QTest::newRow("19 digits") << QByteArray("[1234567890123456789]") << declined << 1;
    // What QJsonDocument takes and RFC 8259 refuses (parseJsonStrictly() refuses them too).
    QTest::newRow("raw control character") << QByteArray("[\"a\x01\"]") << malformed << 3;
    QTest::newRow("raw tab") << QByteArray("[\"a\tb\"]") << malformed << 3;
    QTest::newRow("unknown escape") << QByteArray("[\"a\\qb\"]") << malformed << 3;
    QTest::newRow("lone high surrogate before a space")
        << QByteArray("[\"\\ud800 x\"]") << malformed << 2;
    QTest::newRow("lone high surrogate at the end")
        << QByteArray("[\"x\\uDBFF\"]") << malformed << 3;
    QTest::newRow("high surrogate before another escape")
        << QByteArray("[\"\\ud800\\u0041\"]") << malformed << 2;
    QTest::newRow("lone low surrogate") << QByteArray("[\"\\udfff\"]") << malformed << 2;
    QTest::newRow("escaped key") << QByteArray("{\"\\u0061\": 1}") << declined << 2;
    QTest::newRow("non-ASCII key") << QByteArray("{\"\xc3\xa9\": 1}") << declined << 2;
}

void TestJsonCursor::problems()
{
    QFETCH(QByteArray, text);
    QFETCH(int, problem);
    QFETCH(int, offset);
    JsonCursor json(text);
    QVERIFY(!readValue(json));
    QCOMPARE(int(json.problem()), problem);
    QCOMPARE(json.problemOffset(), qsizetype(offset));
    compareWithDocument(text);
}

void TestJsonCursor::emptyStringIsNotNull()
{
    // Qt's parser gives an empty, not a null, string for "": stores bind the two differently.
    JsonCursor json(QByteArrayView("\"\""));
    QString out;
    QVERIFY(json.string(out));
    QVERIFY(out.isEmpty());
    QVERIFY(!out.isNull());
    QVERIFY(json.atEnd());
}

void TestJsonCursor::digitsAsked()
{
    qint64 n = 0;
    JsonCursor fifteen("123456789012345 1234567890123456");
    QVERIFY(fifteen.wholeNumber(n, 15));
    QCOMPARE(n, Q_INT64_C(123456789012345));
    QVERIFY(!fifteen.wholeNumber(n, 15));
    QCOMPARE(int(fifteen.problem()), int(Problem::Declined));
    JsonCursor sixteen("1234567890123456");
    QVERIFY(sixteen.wholeNumber(n, 16));
    QCOMPARE(n, Q_INT64_C(1234567890123456));
    JsonCursor most("999999999999999999");
    QVERIFY(most.wholeNumber(n, 18));
    QCOMPARE(n, Q_INT64_C(999999999999999999));
}

void TestJsonCursor::skipDepth()
{
    // Skipped values nest as deep as kMaxSkipDepth; deeper ones are declined, not refused (Qt's
    // parser takes 1024 levels).
    const int levels = JsonCursor::kMaxSkipDepth;
    const QByteArray deepest = QByteArray(levels, '[') + "1" + QByteArray(levels, ']');
    JsonCursor deep(deepest);
    QVERIFY(deep.skipValue());
    QVERIFY(deep.atEnd());
    const QByteArray deeper = '[' + deepest + ']';
    JsonCursor tooDeep(deeper);
    QVERIFY(!tooDeep.skipValue());
    QCOMPARE(int(tooDeep.problem()), int(Problem::Declined));
    QVERIFY(!QJsonDocument::fromJson(deeper).isNull());
}

void TestJsonCursor::readerStopsWithoutProblem()
{
    // A reader that does not like a value stops the read; the cursor has no problem then.
    JsonCursor json(QByteArrayView("{\"a\": 1, \"b\": 2}"));
    QVERIFY(!json.members([&](QByteArrayView key) {
        qint64 n = 0;
        return json.wholeNumber(n, 18) && key != "b";
    }));
    QCOMPARE(int(json.problem()), int(Problem::None));
}

void TestJsonCursor::truncatedEverywhere()
{
    // Cut after every byte: each cut is refused by both (or, in whitespace at the end, read).
    for (const QByteArray &text : { everyToken(), withOddWhitespace(everyToken()), eventPage() }) {
        for (qsizetype n = 0; n < text.size(); ++n) {
            compareWithDocument(text.left(n));
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QStringLiteral("cut after %1 bytes: %2")
                                     .arg(n)
                                     .arg(QString::fromUtf8(text.left(n)))));
        }
    }
}

void TestJsonCursor::randomDamage()
{
    // Bytes replaced, removed and inserted at random (a fixed seed): read as QJsonDocument reads
    // them, or refused where it refuses them, or declined.
    const QList<QByteArray> texts = { everyToken(), eventPage(),
        QJsonDocument::fromJson(recordText()).toJson(QJsonDocument::Compact).left(3000) };
    // The bytes that make and break JSON tokens, and some that break UTF-8.
    const QByteArray bytes = "{}[]\":,\\ 0123456789-.eEtruefalsnu/\x80\xc3\xa9\xed\xa0\xff\x01\t";
    QRandomGenerator random(20261202);
    QHash<int, int> outcomes;
    for (int round = 0; round < 6000; ++round) {
        QByteArray damaged = texts[round % texts.size()];
        // One to three edits, each a byte replaced, removed or inserted.
        for (int edits = 1 + int(random.bounded(3)); edits > 0; --edits) {
            const qsizetype at = random.bounded(damaged.size());
            const char byte = bytes.at(random.bounded(bytes.size()));
            const int edit = int(random.bounded(3));
            if (edit == 0)
                damaged.replace(at, 1, &byte, 1);
            else if (edit == 1)
                damaged.remove(at, 1);
            else
                damaged.insert(at, byte);
        }
        const Outcome outcome = compareWithDocument(damaged);
        if (QTest::currentTestFailed())
            QFAIL(qPrintable(
                QStringLiteral("round %1: %2").arg(round).arg(QString::fromUtf8(damaged))));
        ++outcomes[int(outcome)];
    }
    // Every outcome was exercised.
    QVERIFY(outcomes.value(int(Outcome::Read)) > 100);
    QVERIFY(outcomes.value(int(Outcome::Malformed)) > 100);
    QVERIFY(outcomes.value(int(Outcome::Declined)) > 100);
}

QTEST_GUILESS_MAIN(TestJsonCursor)
#include "tst_jsoncursor.moc"
