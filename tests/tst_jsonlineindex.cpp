// SPDX-License-Identifier: GPL-3.0-or-later
// JsonLineIndex: the line of a JSON pointer in a document as written (the line numbers of the
// record readers' messages), on tricky input, Windows line ends, every member of the sample record,
// broken input, and the escaping of keys in pointers.
#include "JsonLineIndex.h"
#include "RecordFixtures.h"
#include "RecordJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

class TestJsonLineIndex : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lineIndex_data();
    void lineIndex();
    void lineIndexMissing_data();
    void lineIndexMissing();
    void lineIndexEveryMember();
    void lineIndexOddInput();
    void lineAtOffset_data();
    void lineAtOffset();
    void escapeKey();
};

namespace {
// Line numbers are in the comments; the scanner must not be fooled by braces, brackets,
// quotes, colons, commas and escapes inside strings.
const QByteArray kTricky = R"({
  "a": {
    "b}": "value with } and ] and { and [",
    "c": [
      "x\"y\\",
      {"d": "e\n\"f\"\\\"", "g\\": [ ] },
      [1, [2, [3]]],
      -1.5e+3
    ],
    "a/b": true,
    "m~n": null,
    "": "empty key",
    "\u0041\u00e9\u4e2d": "escaped key"
  },
  "list":
    [
      {},
      "{[\"",
      false
    ],
  "dup": 1,
  "dup": {"last": "one"}, "same line": 0
}
)";
} // namespace

void TestJsonLineIndex::lineIndex_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<int>("line");
    QTest::newRow("root") << QString() << 1;
    QTest::newRow("object") << QStringLiteral("/a") << 2;
    QTest::newRow("brace in key") << QStringLiteral("/a/b}") << 3;
    QTest::newRow("array") << QStringLiteral("/a/c") << 4;
    QTest::newRow("escaped quote") << QStringLiteral("/a/c/0") << 5;
    QTest::newRow("inline object") << QStringLiteral("/a/c/1") << 6;
    QTest::newRow("inline member") << QStringLiteral("/a/c/1/d") << 6;
    QTest::newRow("escaped key") << QStringLiteral("/a/c/1/g\\") << 6;
    QTest::newRow("nested arrays") << QStringLiteral("/a/c/2/1/1/0") << 7;
    QTest::newRow("number") << QStringLiteral("/a/c/3") << 8;
    QTest::newRow("slash in key") << QStringLiteral("/a/a~1b") << 10;
    QTest::newRow("tilde in key") << QStringLiteral("/a/m~0n") << 11;
    QTest::newRow("empty key") << QStringLiteral("/a/") << 12;
    QTest::newRow("unicode escapes in key") << QStringLiteral("/a/Aé中") << 13;
    QTest::newRow("value on next line") << QStringLiteral("/list") << 16;
    QTest::newRow("empty object") << QStringLiteral("/list/0") << 17;
    QTest::newRow("brackets in string") << QStringLiteral("/list/1") << 18;
    QTest::newRow("literal") << QStringLiteral("/list/2") << 19;
    QTest::newRow("last duplicate wins") << QStringLiteral("/dup") << 22;
    QTest::newRow("into last duplicate") << QStringLiteral("/dup/last") << 22;
    QTest::newRow("after duplicate") << QStringLiteral("/same line") << 22;
}

void TestJsonLineIndex::lineIndex()
{
    QFETCH(QString, pointer);
    QFETCH(int, line);
    QJsonParseError error;
    QJsonDocument::fromJson(kTricky, &error);
    QCOMPARE(error.error, QJsonParseError::NoError); // the index is for valid JSON
    const JsonLineIndex index(kTricky);
    QCOMPARE(index.line(pointer), line);
    // The same with Windows line ends and a byte order mark.
    QByteArray crlf = kTricky;
    crlf.replace("\n", "\r\n").prepend("\xEF\xBB\xBF");
    QCOMPARE(JsonLineIndex(crlf).line(pointer), line);
    // All on one line.
    const QByteArray compact = QJsonDocument::fromJson(kTricky).toJson(QJsonDocument::Compact);
    QCOMPARE(JsonLineIndex(compact).line(pointer), 1);
}

void TestJsonLineIndex::lineIndexMissing_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::newRow("no such key") << QStringLiteral("/nope");
    QTest::newRow("no such nested key") << QStringLiteral("/a/nope");
    QTest::newRow("key inside a string") << QStringLiteral("/a/d");
    QTest::newRow("index past the end") << QStringLiteral("/a/c/4");
    QTest::newRow("index in an empty array") << QStringLiteral("/a/c/1/g\\/0");
    QTest::newRow("key of an empty object") << QStringLiteral("/list/0/x");
    QTest::newRow("not an index") << QStringLiteral("/list/x");
    QTest::newRow("leading zero") << QStringLiteral("/list/01");
    QTest::newRow("negative index") << QStringLiteral("/list/-1");
    QTest::newRow("into a string") << QStringLiteral("/a/b}/0");
    QTest::newRow("into a literal") << QStringLiteral("/list/2/x");
    QTest::newRow("first duplicate") << QStringLiteral("/dup/0");
    QTest::newRow("no leading slash") << QStringLiteral("a");
    QTest::newRow("bad escape") << QStringLiteral("/a/m~2n");
    QTest::newRow("dangling tilde") << QStringLiteral("/a/m~");
}

void TestJsonLineIndex::lineIndexMissing()
{
    QFETCH(QString, pointer);
    QCOMPARE(JsonLineIndex(kTricky).line(pointer), 0);
}

namespace {
void checkMembers(const QJsonValue &value, const QString &pointer, const QList<QByteArray> &lines,
    const JsonLineIndex &index, int *checked)
{
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString member = pointer + u'/' + JsonLineIndex::escapeKey(it.key());
            const int line = index.line(member);
            QVERIFY2(line >= 1 && line <= lines.size(), qPrintable(member));
            const QByteArray expected = '"' + it.key().toUtf8() + "\": ";
            QVERIFY2(lines.at(line - 1).trimmed().startsWith(expected),
                qPrintable(member + u" -> " + QString::fromUtf8(lines.at(line - 1))));
            ++*checked;
            checkMembers(it.value(), member, lines, index, checked);
            if (QTest::currentTestFailed())
                return;
        }
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            checkMembers(array.at(i), pointer + u'/' + QString::number(i), lines, index, checked);
            if (QTest::currentTestFailed())
                return;
        }
    }
}
} // namespace

void TestJsonLineIndex::lineIndexEveryMember()
{
    // In an indented document each member starts its own line: "key": value.
    const QByteArray text = writeRecordJson(sampleRecord());
    const JsonLineIndex index(text);
    const QList<QByteArray> lines = text.split('\n');
    int checked = 0;
    checkMembers(QJsonDocument::fromJson(text).object(), QString(), lines, index, &checked);
    QVERIFY(checked > 100);
}

void TestJsonLineIndex::lineIndexOddInput()
{
    // Not meant for invalid JSON, but must not crash or read past the end on it.
    for (const char *text : { "", "   ", "{", "{\"a\"", "{\"a\":", "{\"a\": \"x", "{\"a\": \"x\\",
             "[", "[1,", "[\"", "\"", "}", "]", "x", "{\"a\" 1}", "[1 2]" }) {
        const JsonLineIndex index { QByteArray(text) };
        for (const char *pointer : { "", "/a", "/0", "/a/b", "/1" })
            QVERIFY(index.line(QString::fromLatin1(pointer)) >= 0);
    }
    QCOMPARE(JsonLineIndex(QByteArray()).line(u""), 0);
    QCOMPARE(JsonLineIndex(QByteArray("\n\n  7")).line(u""), 3);
    // A container that does not close gives no answer.
    QCOMPARE(JsonLineIndex(QByteArray("{\"a\": \"x")).line(u"/a"), 0);
    QCOMPARE(JsonLineIndex(QByteArray("{\"a\": 1,\n\"b\": 2")).line(u"/b"), 0);
    QCOMPARE(JsonLineIndex(QByteArray("[1,\n2")).line(u"/1"), 2);
    QCOMPARE(JsonLineIndex(QByteArray("{\"a\": \"x\\")).line(u"/b"), 0);
}

void TestJsonLineIndex::lineAtOffset_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qsizetype>("offset");
    QTest::addColumn<int>("line");
    QTest::newRow("start") << QByteArray("a\nb\nc") << qsizetype(0) << 1;
    QTest::newRow("at a newline") << QByteArray("a\nb\nc") << qsizetype(1) << 1;
    QTest::newRow("after a newline") << QByteArray("a\nb\nc") << qsizetype(2) << 2;
    QTest::newRow("last") << QByteArray("a\nb\nc") << qsizetype(4) << 3;
    QTest::newRow("past the end") << QByteArray("a\nb\nc\n") << qsizetype(99) << 4;
    QTest::newRow("negative") << QByteArray("a\nb") << qsizetype(-5) << 1;
    QTest::newRow("empty") << QByteArray() << qsizetype(0) << 1;
    QTest::newRow("crlf") << QByteArray("a\r\nb\r\nc") << qsizetype(6) << 3;
}

void TestJsonLineIndex::lineAtOffset()
{
    QFETCH(QByteArray, text);
    QFETCH(qsizetype, offset);
    QFETCH(int, line);
    QCOMPARE(JsonLineIndex::lineAtOffset(text, offset), line);
}

void TestJsonLineIndex::escapeKey()
{
    QCOMPARE(JsonLineIndex::escapeKey(u"plain"), QStringLiteral("plain"));
    QCOMPARE(JsonLineIndex::escapeKey(u"a/b~c"), QStringLiteral("a~1b~0c"));
    QCOMPARE(JsonLineIndex::escapeKey(u"~1"), QStringLiteral("~01"));
    const JsonLineIndex index(QByteArray("{\n\"~1\": 0,\n\"/\": 1\n}"));
    QCOMPARE(index.line(QString(u"/" + JsonLineIndex::escapeKey(u"~1"))), 2);
    QCOMPARE(index.line(QString(u"/" + JsonLineIndex::escapeKey(u"/"))), 3);
}

QTEST_GUILESS_MAIN(TestJsonLineIndex)
#include "tst_jsonlineindex.moc"
