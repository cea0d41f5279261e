// SPDX-License-Identifier: GPL-3.0-or-later
// readRecordJson() reads well-formed records straight from the text (issue 8) and leaves the
// rest to the QJsonDocument path. Whatever the input, the outcome must be the one that path
// gives: the same record (null and empty strings told apart), or the same error at the same line.
#include "JsonLineIndex.h"
#include "LedgerText.h"
#include "Record.h"
#include "RecordJson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QtTest>

using namespace LedgerCurator;

namespace {

const QString kFile = QStringLiteral("record.json");

//! readRecordJson() as it was before the direct reader: every text through QJsonDocument.
Result<Record> throughDocument(const QByteArray &data, const QString &file)
{
    return readRecordJsonThroughDocument(data, file);
}

//! Every string of the record, in a fixed order, for comparing null against empty.
QList<QString> strings(const Record &r)
{
    QList<QString> out { r.schema, r.arxivId, r.title, r.asOf };
    for (const CoverageFacet &f : r.coverage)
        out << f.description << f.observedAt << f.sources;
    for (const ExternalMeasurement &m : r.measurements)
        out << m.source << m.observedAt;
    for (const Observation &o : r.observations) {
        out << o.id << o.citingTitle << o.citedTitle << o.basis << o.observedAt << o.events.asOf
            << o.events.reason;
        for (const SourceEvent &e : o.events.events)
            out << e.date << e.source << e.notice << e.detail;
        const CurationInfo &c = *o.curation;
        out << c.mark << c.identifier << c.note << c.duplicateOf << c.review << c.reviewNote
            << c.conflicts;
    }
    return out;
}

//! Fails the test unless readRecordJson() gives what throughDocument() gives for `data`.
void compareWithDocument(const QByteArray &data)
{
    const Result<Record> direct = readRecordJson(data, kFile);
    const Result<Record> reference = throughDocument(data, kFile);
    QCOMPARE(direct.ok(), reference.ok());
    if (!reference) {
        QCOMPARE(direct.error().message, reference.error().message);
        QCOMPARE(direct.error().line, reference.error().line);
        QCOMPARE(direct.error().file, reference.error().file);
        QCOMPARE(int(direct.error().kind), int(reference.error().kind));
        return;
    }
    QVERIFY(*direct == *reference);
    const QList<QString> a = strings(*direct);
    const QList<QString> b = strings(*reference);
    QCOMPARE(a.size(), b.size());
    for (qsizetype i = 0; i < a.size(); ++i) {
        QCOMPARE(a[i], b[i]);
        QCOMPARE(a[i].isNull(), b[i].isNull());
    }
}

SourceEvent sourceEvent(EventKind kind, const QString &notice, const QString &detail)
{
    return SourceEvent { kind, QStringLiteral("2024-03-01"),
        QStringLiteral("retraction_status_cache"), notice, detail };
}

//! A record using every member of the format, with text that needs escapes and UTF-8.
Record richRecord()
{
    Record r;
    r.arxivId = QStringLiteral("2104.04473");
    r.version = 5;
    r.title = QStringLiteral("Efficient \"Language\" Model's Training \\ GPU / Обучение 🚀");
    r.asOf = QStringLiteral("2026-08-05");
    r.stated = StatedCounts { 3, 7, 4, 3, 8, { 1, 1, 1, 0, 0, 2 } };
    r.coverage = {
        { CoverageFacet::Kind::ReferenceResolution, 3, 7, QStringLiteral("Typed states."),
            { QStringLiteral("paper_references"), QStringLiteral("links") }, {} },
        { CoverageFacet::Kind::StandingNotices, 34, 34, QStringLiteral("Event checks."),
            { QStringLiteral("retraction_status_cache") }, QStringLiteral("2026-08-05T06:32:48Z") },
        { CoverageFacet::Kind::InboundItemization, 4, 34, QString(), {}, {} },
        { CoverageFacet::Kind::ExternalCitationMeasurements, 2, 2, QStringLiteral("Measured."), {},
            {} },
    };
    r.measurements = { { 9, QStringLiteral("pith"), QStringLiteral("2026-08-05T02:28:24Z") },
        { 0, QStringLiteral("semantic_scholar"), {} } };
    const QStringList titles = { QStringLiteral("Plain"),
        QStringLiteral("Escape-like \\t and \\u0001 text (control characters are refused)"),
        QStringLiteral("大规模语言模型"), QStringLiteral("{[\"]} & <b>"),
        QStringLiteral("عربى ελληνικά") };
    for (int i = 0; i < 10; ++i) {
        Observation o;
        o.id = QStringLiteral("a4d62a99-e85b-4e0d-86d5-17278d726f%1")
                   .arg(i, 2, 10, QLatin1Char('0'));
        o.direction = i < 5 ? Direction::Outbound : Direction::Inbound;
        o.citingTitle = titles[i % titles.size()];
        o.citedTitle = titles[(i + 2) % titles.size()] + QString::number(i);
        if (i % 3)
            o.reference = i * 1000003;
        o.state = kAllResolutionStates[i % kResolutionStateCount];
        o.basis = QStringLiteral("arxiv_id");
        o.observedAt = QStringLiteral("2026-05-24T12:14:26.541851Z");
        switch (i % 3) {
        case 0:
            o.events.status = EventsCheck::Status::NoneFound;
            o.events.asOf = QStringLiteral("2026-08-05");
            break;
        case 1:
            o.events.status = EventsCheck::Status::Unavailable;
            o.events.reason = QStringLiteral("no canonical work");
            break;
        default:
            o.events.status = EventsCheck::Status::Found;
            o.events.asOf = QStringLiteral("2026-08-05T06:32:48Z");
            o.events.events = { sourceEvent(EventKind::Retraction, QStringLiteral("10.1234/a"),
                                    QStringLiteral("+Error in Data; “quoted”")),
                sourceEvent(EventKind::Correction, QString(), QString()) };
        }
        if (i % 4 == 1) {
            o.curation.edit().mark = QStringLiteral("Curated by Ada");
            o.curation.edit().note = QStringLiteral("checked \"twice\"");
            o.curation.edit().excluded = true;
            o.curation.edit().conflicts = { QStringLiteral("state"), QStringLiteral("note") };
            o.curation.edit().review = QStringLiteral("acknowledged");
        }
        r.observations.append(o);
    }
    return r;
}

//! The record from the ledger page fixture, as JSON.
QByteArray fixtureJson()
{
    QFile file(QStringLiteral(LC_TEST_DATA_DIR "/ledger-2104.04473.txt"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const auto page = parseLedgerText(file.readAll(), file.fileName());
    return page ? writeRecordJson(page->record) : QByteArray();
}

//! The rich record's text with `from` (which must occur) replaced by `to`, `count` times.
QByteArray richWith(const QByteArray &from, const QByteArray &to, int count = 1)
{
    QByteArray text = writeRecordJson(richRecord());
    qsizetype at = 0;
    for (int i = 0; i < count; ++i) {
        at = text.indexOf(from, at);
        if (at < 0)
            return "missing: " + from;
        text.replace(at, from.size(), to);
        at += to.size();
    }
    return text;
}

} // namespace

class TestRecordJsonReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void wellFormed_data();
    void wellFormed();
    void variants_data();
    void variants();
    void badInput_data();
    void badInput();
    void truncatedEverywhere();
    void randomDamage();
    void emptyStringIsNotNull();
};

void TestRecordJsonReader::wellFormed_data()
{
    QTest::addColumn<QByteArray>("data");
    const QByteArray fixture = fixtureJson();
    QVERIFY(!fixture.isEmpty());
    QTest::newRow("fixture") << fixture;
    QTest::newRow("fixture, compact")
        << QJsonDocument::fromJson(fixture).toJson(QJsonDocument::Compact);
    QTest::newRow("rich") << writeRecordJson(richRecord());
    QTest::newRow("rich, compact")
        << QJsonDocument(recordToJson(richRecord())).toJson(QJsonDocument::Compact);
    QByteArray spaced = writeRecordJson(richRecord());
    spaced.replace(": ", " \t:\r\n ").replace(",\n", "\n , ");
    QTest::newRow("rich, odd whitespace") << spaced;
}

void TestRecordJsonReader::wellFormed()
{
    QFETCH(QByteArray, data);
    const auto record = readRecordJson(data, kFile);
    QVERIFY2(record, qPrintable(record ? QString() : record.error().toString()));
    QVERIFY(!record->observations.isEmpty());
    compareWithDocument(data);
}

void TestRecordJsonReader::variants_data()
{
    QTest::addColumn<QByteArray>("data");
    // Read alike by both readers: accepted with the values Qt's parser gives, or (a lone
    // surrogate, a control character raw or escaped, an unknown escape, a noncharacter: issue 20)
    // refused by both with the same message.
    QTest::newRow("escaped solidus and unicode")
        << richWith("\"Plain\"", "\"Pl\\/a\\u00efn \\u0041\\ud83d\\ude80\"");
    QTest::newRow("lone surrogate escape") << richWith("\"Plain\"", "\"x\\ud800y\"");
    QTest::newRow("all escapes") << richWith("\"Plain\"", "\"\\\"\\\\\\/\\b\\f\\t\\u00e9\"");
    QTest::newRow("unknown escape") << richWith("\"Plain\"", "\"a\\qb\"");
    QTest::newRow("raw control character") << richWith("\"Plain\"", "\"a\x01z\"");
    QTest::newRow("noncharacter") << richWith("\"Plain\"", "\"a\xef\xbf\xbez\"");
    QTest::newRow("escaped key") << richWith("\"title\"", "\"t\\u0069tle\"");
    QTest::newRow("duplicate key, last wins")
        << richWith("\"title\": ", "\"title\": \"First\", \"title\": ");
    QTest::newRow("duplicate key in an observation")
        << richWith("\"basis\": \"arxiv_id\"", "\"basis\": \"doi\", \"basis\": \"arxiv_id\"");
    QTest::newRow("duplicate unknown key")
        << richWith("\"title\": ", "\"x\": 1, \"x\": [2], \"title\": ");
    QTest::newRow("unknown members of every kind") << richWith("\"basis\": ",
        "\"extra\": {\"a\": [1, -2, 3.5, 1e3, true, false, null, \"s\", {}], \"b\": []}, "
        "\"basis\": ");
    QTest::newRow("version 5.0") << richWith("\"version\": 5", "\"version\": 5.0");
    QTest::newRow("version 5e0") << richWith("\"version\": 5", "\"version\": 5e0");
    QTest::newRow("count -0") << richWith("\"value\": 0", "\"value\": -0");
    QTest::newRow("huge reference")
        << richWith("\"reference\": 1000003", "\"reference\": 123456789012345678901");
    QTest::newRow("reference of 18 digits")
        << richWith("\"reference\": 1000003", "\"reference\": 123456789012345678");
    QTest::newRow("reference of 19 digits")
        << richWith("\"reference\": 1000003", "\"reference\": 1234567890123456789");
    QTest::newRow("null curation")
        << richWith("\"citing_title\": ", "\"curation\": null, \"citing_title\": ");
    QTest::newRow("curation with nulls and false") << richWith("\"citing_title\": ",
        "\"curation\": {\"note\": null, \"mark\": \"\", \"excluded\": false}, \"citing_title\": ");
    QTest::newRow("empty strings")
        << richWith("\"reason\": \"no canonical work\"", "\"reason\": \"\"");
    QTest::newRow("null notice") << richWith("\"notice\": \"10.1234/a\"", "\"notice\": null");
    QTest::newRow("null observed_at of a facet")
        << richWith("\"of\": 7,", "\"observed_at\": null, \"of\": 7,");
    QTest::newRow("events: [] with none_found")
        << richWith("\"status\": \"none_found\"", "\"status\": \"none_found\", \"events\": []");
    QTest::newRow("events: null with unavailable") << richWith(
        "\"reason\": \"no canonical work\"", "\"reason\": \"no canonical work\", \"events\": null");
    QTest::newRow("as_of of any kind when unavailable")
        << richWith("\"reason\": \"no canonical work\"",
               "\"reason\": \"no canonical work\", \"as_of\": {\"x\": [1]}");
    QTest::newRow("reason of any kind when none_found")
        << richWith("\"status\": \"none_found\"", "\"status\": \"none_found\", \"reason\": 12");
    QTest::newRow("arXiv: prefix") << richWith("\"2104.04473\"", "\"ARXIV:2104.04473\"");
    QTest::newRow("byte order mark") << QByteArray("\xef\xbb\xbf") + writeRecordJson(richRecord());
    const QByteArray kind = eventKindKey(EventKind::ExpressionOfConcern).toUtf8();
    QTest::newRow("event kind in another spelling")
        << richWith("\"kind\": \"" + eventKindKey(EventKind::Retraction).toUtf8() + '"',
               kind == "expression_of_concern" ? QByteArray("\"kind\": \"Retraction\"")
                                               : QByteArray("\"kind\": \"retraction\""));
}

void TestRecordJsonReader::variants()
{
    QFETCH(QByteArray, data);
    QVERIFY(!data.startsWith("missing: "));
    compareWithDocument(data);
}

void TestRecordJsonReader::badInput_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("message"); // a part of the expected message
    QTest::newRow("empty") << QByteArray() << QStringLiteral("the text is empty");
    QTest::newRow("blank") << QByteArray(" \n\t") << QStringLiteral("the text is empty");
    QTest::newRow("top-level array") << QByteArray("[1]") << QStringLiteral("found an array");
    QTest::newRow("garbage at the end")
        << writeRecordJson(richRecord()) + "x" << QStringLiteral("not valid JSON");
    QTest::newRow("second object")
        << writeRecordJson(richRecord()) + "{}" << QStringLiteral("not valid JSON");
    QTest::newRow("trailing comma")
        << richWith("\"version\": 5", "\"version\": 5,") << QStringLiteral("not valid JSON");
    QTest::newRow("leading zero") << richWith("\"version\": 5", "\"version\": 05")
                                  << QStringLiteral("not valid JSON");
    QTest::newRow("overlong UTF-8")
        << richWith("\"Plain\"", "\"\xc0\x80\"") << QStringLiteral("invalid UTF8");
    QTest::newRow("UTF-8 surrogate")
        << richWith("\"Plain\"", "\"\xed\xa0\x80\"") << QStringLiteral("invalid UTF8");
    QTest::newRow("lone continuation byte")
        << richWith("\"Plain\"", "\"a\x80\"") << QStringLiteral("invalid UTF8");
    QTest::newRow("byte F5") << richWith("\"Plain\"", "\"\xf5\x80\x80\x80\"")
                             << QStringLiteral("invalid UTF8");
    QTest::newRow("cut UTF-8") << richWith("\"Plain\"", "\"\xe5\xa4\"")
                               << QStringLiteral("invalid UTF8");
    QTest::newRow("bad \\u escape")
        << richWith("\"Plain\"", "\"\\u12g4\"") << QStringLiteral("not valid JSON");
    QTest::newRow("version as a string") << richWith("\"version\": 5", "\"version\": \"5\"")
                                         << QStringLiteral("version: expected a whole number");
    QTest::newRow("version 1.5") << richWith("\"version\": 5", "\"version\": 1.5")
                                 << QStringLiteral("version: expected a whole number");
    QTest::newRow("negative count") << richWith("\"value\": 0", "\"value\": -1")
                                    << QStringLiteral("expected a whole number of 0 or more");
    QTest::newRow("title missing")
        << richWith("\"title\": ", "\"titel\": ") << QStringLiteral("title: expected a string");
    QTest::newRow("id not a UUID") << richWith("a4d62a99-e85b-4e0d-86d5-17278d726f03", "A4D62A99")
                                   << QStringLiteral("lower-case UUID");
    QTest::newRow("duplicate observation id")
        << richWith("a4d62a99-e85b-4e0d-86d5-17278d726f03", "a4d62a99-e85b-4e0d-86d5-17278d726f02")
        << QStringLiteral("appears twice");
    QTest::newRow("duplicate key, last one bad")
        << richWith("\"title\": ", "\"title\": \"Good\", \"title\": 3, \"x\": ")
        << QStringLiteral("title: expected a string");
    QTest::newRow("excluded null")
        << richWith("\"excluded\": true", "\"excluded\": null") << QStringLiteral("true or false");
    QTest::newRow("conflicts null")
        << richWith("\"excluded\": true", "\"excluded\": true, \"conflicts\": null")
        << QStringLiteral("expected an array");
    QTest::newRow("events listed under none_found")
        << richWith("\"status\": \"none_found\"", "\"status\": \"none_found\", \"events\": [{}]")
        << QStringLiteral("no events when the status is");
    QTest::newRow("found without events") << richWith("\"events\": [", "\"events\": null, \"x\": [")
                                          << QStringLiteral("expected an array");
    const QByteArray state = '"' + stateKey(ResolutionState::VerifiedExact).toUtf8() + '"';
    QTest::newRow("unknown state")
        << richWith(state, state.chopped(1) + "ly\"") << QStringLiteral("state: expected one of");
    QTest::newRow("line break in a title")
        << richWith("\"Plain\"", "\"a\\nb\"") << QStringLiteral("one non-empty line");
    QTest::newRow("deep nesting in an unknown member") << richWith(
        "\"title\": ", "\"x\": " + QByteArray(2000, '[') + QByteArray(2000, ']') + ", \"title\": ")
                                                       << QStringLiteral("too deeply nested");
    QTest::newRow("nesting accepted by Qt") << richWith("\"title\": ",
        "\"x\": " + QByteArray(500, '[') + QByteArray(500, ']') + ", \"title\": \"x\", \"y\": ")
                                            << QString(); // no error: Qt's parser takes 1024 levels
}

void TestRecordJsonReader::badInput()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, message);
    QVERIFY(!data.startsWith("missing: "));
    const auto record = readRecordJson(data, kFile);
    if (message.isEmpty()) {
        QVERIFY2(record, qPrintable(record ? QString() : record.error().toString()));
    } else {
        QVERIFY(!record);
        QVERIFY2(record.error().message.contains(message), qPrintable(record.error().toString()));
        QCOMPARE(record.error().file, kFile);
        QVERIFY(record.error().line > 0);
    }
    compareWithDocument(data);
}

void TestRecordJsonReader::truncatedEverywhere()
{
    // Cut after every byte of a small record: the same error as the QJsonDocument path each time.
    Record r = richRecord();
    r.observations.resize(3);
    const QByteArray text = writeRecordJson(r);
    for (qsizetype n = 0; n < text.size(); ++n) {
        compareWithDocument(text.left(n));
        if (QTest::currentTestFailed())
            QFAIL(qPrintable(QStringLiteral("cut after %1 bytes").arg(n)));
    }
}

void TestRecordJsonReader::randomDamage()
{
    // Bytes replaced, removed and inserted at random (a fixed seed): accepted or refused, as the
    // QJsonDocument path does.
    Record r = richRecord();
    r.observations.resize(4);
    const QByteArray text = QJsonDocument(recordToJson(r)).toJson(QJsonDocument::Compact);
    static const char kBytes[] = "{}[]\":,\\ 0123456789-.eEtruefalsn/\x80\xc3\xa9\xff\x01\t";
    QRandomGenerator random(20261129);
    int accepted = 0;
    for (int round = 0; round < 3000; ++round) {
        QByteArray damaged = text;
        const int changes = 1 + int(random.bounded(3));
        for (int c = 0; c < changes; ++c) {
            const qsizetype at = random.bounded(damaged.size());
            const char byte = kBytes[random.bounded(int(sizeof(kBytes) - 1))];
            switch (random.bounded(3)) {
            case 0:
                damaged[at] = byte;
                break;
            case 1:
                damaged.remove(at, 1);
                break;
            default:
                damaged.insert(at, byte);
            }
        }
        compareWithDocument(damaged);
        if (QTest::currentTestFailed())
            QFAIL(qPrintable(
                QStringLiteral("round %1: %2").arg(round).arg(QString::fromUtf8(damaged))));
        accepted += readRecordJson(damaged, kFile).ok() ? 1 : 0;
    }
    // Both outcomes were exercised.
    QVERIFY(accepted > 0);
    QVERIFY(accepted < 3000);
}

void TestRecordJsonReader::emptyStringIsNotNull()
{
    // Qt's parser gives an empty, not a null, string for "": stores bind the two differently.
    const auto record = readRecordJson(richWith("\"Typed states.\"", "\"\""), kFile);
    QVERIFY(record);
    QVERIFY(record->coverage[0].description.isEmpty());
    QVERIFY(!record->coverage[0].description.isNull());
    QVERIFY(record->coverage[0].observedAt.isNull()); // left out
}

QTEST_GUILESS_MAIN(TestRecordJsonReader)
#include "tst_recordjsonreader.moc"
