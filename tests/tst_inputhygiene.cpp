// SPDX-License-Identifier: GPL-3.0-or-later
// Input hygiene (issue 20, item 5): what text from files, the network and a curator's typing may
// hold (TextHygiene.h), JSON read as RFC 8259 has it (JsonText.h), times in the protocol's form,
// and where each reader says so: FILE:LINE, a JSON path, the event. A real ledger-server refuses
// such events; the cache still reads what it already holds.

#include "CuratedRecord.h"
#include "EventJson.h"
#include "JsonText.h"
#include "LedgerText.h"
#include "RecordJson.h"
#include "RetractionCsv.h"
#include "ServerProcess.h"
#include "Store.h"
#include "SyncClient.h"
#include "TestSupport.h"
#include "TextHygiene.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

QString text16(std::initializer_list<char16_t> units)
{
    QString out;
    for (const char16_t unit : units)
        out += QChar(unit);
    return out;
}

//! An event as a client makes one, its note `note`.
QJsonObject noteEvent(const QString &note, const QString &author = QStringLiteral("carol"))
{
    CorrectionEvent e;
    e.id = uuidFor(1);
    e.record = QStringLiteral("2104.04473");
    e.observation = uuidFor(2);
    e.field = CurationField::Note;
    e.value = note;
    e.author = author;
    e.createdAt = QStringLiteral("2026-11-29T17:00:00.000Z");
    return correctionToJson(e);
}

} // namespace

class TestInputHygiene : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void textRules_data();
    void textRules();
    void canonicalUtcTime_data();
    void canonicalUtcTime();
    void strictJson_data();
    void strictJson();
    void recordJsonRefusesWithItsPath_data();
    void recordJsonRefusesWithItsPath();
    void ledgerTextSaysFileAndLine();
    void retractionCsvSkipsTheRowWithItsLine();
    void eventsRefuseTextAndTime_data();
    void eventsRefuseTextAndTime();
    void eventPageSetsAsideWhatAServerStored();
    void curatedValuesAndNames_data();
    void curatedValuesAndNames();
    void cacheStillReadsWhatItHolds();
    void cliCurateRefusesAControlCharacter();
    void serverRefusesSuchEvents();
    void pullSetsAsideAnOldBadEvent();
};

void TestInputHygiene::textRules_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("multiLine");
    QTest::addColumn<QString>("message"); // empty: the text is clean

    QTest::newRow("plain") << QStringLiteral("Attention Is All You Need") << false << QString();
    QTest::newRow("accents, CJK, emoji") << QStringLiteral("Ünïcödé 論文 📚") << false << QString();
    QTest::newRow("bidi override allowed")
        << (QStringLiteral("abc") + QChar(0x202e) + QStringLiteral("def")) << false << QString();
    QTest::newRow("bidi isolate allowed")
        << (QChar(0x2067) + QStringLiteral("עברית") + QChar(0x2069)) << false << QString();
    QTest::newRow("NUL") << (QStringLiteral("ab") + QChar(0) + QStringLiteral("c")) << false
                         << QStringLiteral("contains the control character U+0000 at position 3");
    QTest::newRow("BEL") << QStringLiteral("ring\x07") << false
                         << QStringLiteral("contains the control character U+0007 at position 5");
    QTest::newRow("ESC") << QStringLiteral("\x1b[31mred") << false
                         << QStringLiteral("contains the control character U+001B at position 1");
    QTest::newRow("tab, one line") << QStringLiteral(
        "a\tb") << false << QStringLiteral("contains the control character U+0009 at position 2");
    QTest::newRow("tab, lines") << QStringLiteral("a\tb") << true << QString();
    QTest::newRow("newline, one line") << QStringLiteral(
        "a\nb") << false << QStringLiteral("contains the control character U+000A at position 2");
    QTest::newRow("newline, lines") << QStringLiteral("a\nb") << true << QString();
    QTest::newRow("CR, lines") << QStringLiteral(
        "a\rb") << true << QStringLiteral("contains the control character U+000D at position 2");
    QTest::newRow("DEL") << QStringLiteral("a\x7f") << false
                         << QStringLiteral("contains the control character U+007F at position 2");
    QTest::newRow("C1 NEL") << text16({ u'a',
        0x85 }) << false << QStringLiteral("contains the control character U+0085 at position 2");
    QTest::newRow("C1 CSI") << text16({ 0x9b, u'2',
        u'J' }) << false << QStringLiteral("contains the control character U+009B at position 1");
    QTest::newRow("lone high surrogate at the end")
        << text16({ u'a', 0xd800 }) << false
        << QStringLiteral("contains a lone surrogate U+D800 at position 2");
    QTest::newRow("lone high surrogate before a space")
        << text16({ u'a', 0xd800, u' ', u'b' }) << false
        << QStringLiteral("contains a lone surrogate U+D800 at position 2");
    QTest::newRow("lone low surrogate")
        << text16({ 0xdc00, u'x' }) << false
        << QStringLiteral("contains a lone surrogate U+DC00 at position 1");
    QTest::newRow("position counts characters, not units")
        << (QStringLiteral("📚📚") + QChar(0x1b)) << false
        << QStringLiteral("contains the control character U+001B at position 3");
    QTest::newRow("U+FFFE") << text16({ u'a', 0xfffe }) << false
                            << QStringLiteral("contains the noncharacter U+FFFE at position 2");
    QTest::newRow("U+FFFF") << text16({ 0xffff }) << false
                            << QStringLiteral("contains the noncharacter U+FFFF at position 1");
}

void TestInputHygiene::textRules()
{
    QFETCH(QString, text);
    QFETCH(bool, multiLine);
    QFETCH(QString, message);
    QCOMPARE(textProblem(text, multiLine ? TextKind::MultiLine : TextKind::SingleLine), message);
}

void TestInputHygiene::canonicalUtcTime_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::newRow("as nowUtc() writes it") << QStringLiteral("2026-01-02T03:04:05.678Z") << true;
    QTest::newRow("leap day") << QStringLiteral("2028-02-29T23:59:59.999Z") << true;
    QTest::newRow("now") << nowUtc() << true;
    QTest::newRow("no milliseconds") << QStringLiteral("2026-01-02T03:04:05Z") << false;
    QTest::newRow("microseconds") << QStringLiteral("2026-01-02T03:04:05.678901Z") << false;
    QTest::newRow("offset") << QStringLiteral("2026-01-02T03:04:05.678+00:00") << false;
    QTest::newRow("lower-case z") << QStringLiteral("2026-01-02T03:04:05.678z") << false;
    QTest::newRow("space for T") << QStringLiteral("2026-01-02 03:04:05.678Z") << false;
    QTest::newRow("no such day") << QStringLiteral("2026-02-30T03:04:05.678Z") << false;
    QTest::newRow("month 13") << QStringLiteral("2026-13-02T03:04:05.678Z") << false;
    QTest::newRow("hour 24") << QStringLiteral("2026-01-02T24:00:00.000Z") << false;
    QTest::newRow("second 60") << QStringLiteral("2026-01-02T03:04:60.000Z") << false;
    QTest::newRow("trailing space") << QStringLiteral("2026-01-02T03:04:05.678Z ") << false;
    QTest::newRow("Arabic-Indic digits") << QStringLiteral("٢٠٢٦-01-02T03:04:05.678Z") << false;
    QTest::newRow("empty") << QString() << false;
}

void TestInputHygiene::canonicalUtcTime()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QCOMPARE(isCanonicalUtcTime(text), ok);
}

void TestInputHygiene::strictJson_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message"); // empty: accepted
    QTest::addColumn<qsizetype>("offset");

    QTest::newRow("plain") << QByteArray(R"({"a": "b\u001b\n", "n": -0.5e+3})") << QString()
                           << qsizetype(0);
    QTest::newRow("surrogate pair")
        << QByteArray(R"(["\ud83d\udcda"])") << QString() << qsizetype(0);
    QTest::newRow("raw ESC in a string")
        << QByteArray("{\"note\": \"a\x1b[31m\"}")
        << QStringLiteral("a raw control character U+001B inside a string") << qsizetype(11);
    QTest::newRow("raw tab in a string")
        << QByteArray("[\"a\tb\"]") << QStringLiteral("a raw control character U+0009")
        << qsizetype(3);
    QTest::newRow("raw NUL in a string")
        << QByteArray("[\"a\0b\"]", 7) << QStringLiteral("a raw control character U+0000")
        << qsizetype(3);
    QTest::newRow("raw newline in a string")
        << QByteArray("[\"a\nb\"]") << QStringLiteral("a raw control character U+000A")
        << qsizetype(3);
    QTest::newRow("lone high surrogate before a space")
        << QByteArray(R"(["\ud800 x"])") << QStringLiteral("a lone surrogate U+D800")
        << qsizetype(2);
    QTest::newRow("lone high surrogate at the end")
        << QByteArray(R"(["x\ud800"])") << QStringLiteral("a lone surrogate U+D800")
        << qsizetype(3);
    QTest::newRow("high surrogate before a non-surrogate escape")
        << QByteArray(R"(["\ud800\u0041"])") << QStringLiteral("a lone surrogate U+D800")
        << qsizetype(2);
    QTest::newRow("lone low surrogate")
        << QByteArray(R"(["\udc00"])") << QStringLiteral("a lone surrogate U+DC00") << qsizetype(2);
    QTest::newRow("number with a leading dot")
        << QByteArray("[.5]") << QStringLiteral("the number .5") << qsizetype(1);
    QTest::newRow("number with a trailing dot")
        << QByteArray("[1.]") << QStringLiteral("the number 1.") << qsizetype(1);
}

void TestInputHygiene::strictJson()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    QFETCH(qsizetype, offset);
    JsonTextError error;
    const auto document = parseJsonStrictly(json, &error);
    if (message.isEmpty()) {
        QVERIFY2(document.has_value(), qPrintable(error.message));
        return;
    }
    QVERIFY(!document);
    QVERIFY2(error.message.contains(message), qPrintable(error.message));
    QCOMPARE(error.offset, offset);
    QVERIFY(fromJsonStrictly(json).isNull());
}

void TestInputHygiene::recordJsonRefusesWithItsPath_data()
{
    QTest::addColumn<QString>("citingTitle");
    QTest::addColumn<QString>("message"); // empty: read

    QTest::newRow("clean") << QStringLiteral("A clean title") << QString();
    QTest::newRow("bidi override kept")
        << (QStringLiteral("abc") + QChar(0x202e) + QStringLiteral("def")) << QString();
    QTest::newRow("ESC") << QStringLiteral("Bad\x1b[2Jtitle")
                         << QStringLiteral("observations[1].citing_title: contains the control "
                                           "character U+001B at position 4");
    QTest::newRow("BEL") << QStringLiteral("Bell\x07")
                         << QStringLiteral("observations[1].citing_title: contains the control "
                                           "character U+0007 at position 5");
    QTest::newRow("C1") << text16({ u'x', 0x9b })
                        << QStringLiteral("observations[1].citing_title: contains the control "
                                          "character U+009B at position 2");
}

void TestInputHygiene::recordJsonRefusesWithItsPath()
{
    QFETCH(QString, citingTitle);
    QFETCH(QString, message);
    Record record = richRecord();
    QVERIFY(record.observations.size() >= 2);
    record.observations[1].citingTitle = citingTitle;
    // Written with the escapes JSON has for what is in the title: still refused on reading.
    const QByteArray json = writeRecordJson(record);
    for (const auto &read : { readRecordJson(json, QStringLiteral("page.json")),
             readRecordJsonThroughDocument(json, QStringLiteral("page.json")) }) {
        if (message.isEmpty()) {
            QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
            QCOMPARE(read->observations[1].citingTitle, citingTitle);
            continue;
        }
        QVERIFY(!read);
        QCOMPARE(read.error().message, message);
        QCOMPARE(read.error().file, QStringLiteral("page.json"));
        QVERIFY(read.error().line > 1);
    }
    // The same by hand-built record: validateRecord() refuses it too.
    QCOMPARE(validateRecord(record).isEmpty(), message.isEmpty());
}

void TestInputHygiene::ledgerTextSaysFileAndLine()
{
    QByteArray page = fixture();
    QVERIFY(parseLedgerText(page, QStringLiteral("ledger.txt")).ok());
    // An ESC on line 5 (whatever that line is), and a lone surrogate would need invalid UTF-8,
    // which the reader refuses before (tst_ledgertext).
    QList<QByteArray> lines = page.split('\n');
    QVERIFY(lines.size() > 10);
    lines[4].insert(2, "\x1b]0;owned\x07");
    page = lines.join('\n');
    const auto read = parseLedgerText(page, QStringLiteral("ledger.txt"));
    QVERIFY(!read);
    QCOMPARE(read.error().toString(),
        QStringLiteral(
            "ledger.txt:5: the line contains the control character U+001B at position 3"));
}

void TestInputHygiene::retractionCsvSkipsTheRowWithItsLine()
{
    const QByteArray csv
        = "Record ID,Title,RetractionDate,RetractionDOI,OriginalPaperDOI,OriginalPaperPubMedID,"
          "RetractionNature,Notes\n"
          "1,A good title,3/1/2024,10.1/n1,10.1/o1,0,Retraction,\"two\nlines\"\n"
          "2,A bad\x1b[5m title,3/1/2024,10.1/n2,10.1/o2,0,Retraction,\n"
          "3,Another,3/1/2024,10.1/n3,10.1/o3,0,Retraction,a\x07\n";
    const auto read = parseRetractionCsv(csv, QStringLiteral("rw.csv"));
    QVERIFY(read.ok());
    QCOMPARE(read->notices.size(), 1);
    QCOMPARE(read->notices[0].notes, QStringLiteral("two\nlines"));
    QCOMPARE(read->skipped.size(), 2);
    QCOMPARE(read->skipped[0].line, 4);
    QCOMPARE(read->skipped[0].message,
        QStringLiteral("Title: contains the control character U+001B at position 6"));
    QCOMPARE(read->skipped[1].line, 5);
    QCOMPARE(read->skipped[1].message,
        QStringLiteral("Notes: contains the control character U+0007 at position 2"));
}

void TestInputHygiene::eventsRefuseTextAndTime_data()
{
    QTest::addColumn<QString>("member");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message"); // empty: read

    QTest::newRow("clean note") << QStringLiteral("value") << QStringLiteral("a note") << QString();
    QTest::newRow("bidi in a note")
        << QStringLiteral("value") << (QStringLiteral("a") + QChar(0x202e) + QStringLiteral("b"))
        << QString();
    QTest::newRow("ESC in the note")
        << QStringLiteral("value") << QStringLiteral("a\x1b[2Jb")
        << QStringLiteral("e.value: contains the control character U+001B at position 2");
    QTest::newRow("NUL in the note")
        << QStringLiteral("value") << (QStringLiteral("a") + QChar(0))
        << QStringLiteral("e.value: contains the control character U+0000 at position 2");
    QTest::newRow("lone surrogate in the note")
        << QStringLiteral("value") << text16({ u'a', 0xd800, u' ', u'b' })
        << QStringLiteral("e.value: contains a lone surrogate U+D800 at position 2");
    QTest::newRow("BEL in the author")
        << QStringLiteral("author") << QStringLiteral("car\x07ol")
        << QStringLiteral("e.author: contains the control character U+0007 at position 4");
    QTest::newRow("time without milliseconds")
        << QStringLiteral("created_at") << QStringLiteral("2026-11-29T17:00:00Z")
        << QStringLiteral("e.created_at: expected a UTC time written yyyy-MM-ddTHH:mm:ss.zzzZ");
    QTest::newRow("time with an offset")
        << QStringLiteral("created_at") << QStringLiteral("2026-11-29T18:00:00.000+01:00")
        << QStringLiteral("e.created_at: expected a UTC time");
    QTest::newRow("no such day") << QStringLiteral("created_at")
                                 << QStringLiteral("2026-02-30T17:00:00.000Z")
                                 << QStringLiteral("e.created_at: expected a UTC time");
}

void TestInputHygiene::eventsRefuseTextAndTime()
{
    QFETCH(QString, member);
    QFETCH(QString, value);
    QFETCH(QString, message);
    QJsonObject json = noteEvent(QStringLiteral("a note"));
    json.insert(member, value);
    const auto read = correctionFromJson(json, QStringLiteral("e"));
    if (message.isEmpty()) {
        QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().message));
        return;
    }
    QVERIFY(!read);
    QVERIFY2(read.error().message.startsWith(message), qPrintable(read.error().message));
    // What the store checks before an event enters the outbox says the same.
    QString setAside;
    const auto kept = correctionFromJson(json, QStringLiteral("e"), &setAside);
    QVERIFY(kept.ok());
    QVERIFY2(setAside.startsWith(message), qPrintable(setAside));
    QVERIFY(!checkCorrectionEvent(*kept).isEmpty());
}

void TestInputHygiene::eventPageSetsAsideWhatAServerStored()
{
    // A page as an older server could send it: the second event's note holds ESC (escaped, as a
    // server writes it). The page is read; that event is told apart, never refused whole.
    QJsonObject bad = noteEvent(QStringLiteral("\x1b]0;owned\x07"));
    bad.insert(QStringLiteral("id"), uuidFor(3));
    bad.insert(QStringLiteral("seq"), 2);
    QJsonObject good = noteEvent(QStringLiteral("fine"));
    good.insert(QStringLiteral("seq"), 1);
    const QJsonObject page { { QStringLiteral("events"), QJsonArray { good, bad } },
        { QStringLiteral("last_seq"), 2 }, { QStringLiteral("latest_seq"), 2 },
        { QStringLiteral("more"), false } };
    const auto read = readEventPageJson(QJsonDocument(page).toJson(QJsonDocument::Compact));
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().message));
    QCOMPARE(read->events.size(), 2);
    QCOMPARE(read->setAside.size(), 1);
    QVERIFY(read->setAside.contains(1));
    QCOMPARE(read->setAside.value(1),
        QStringLiteral("events[1].value: contains the control character U+001B at position 1"));
    QCOMPARE(read->events[1].value, QStringLiteral("\x1b]0;owned\x07"));

    // The same page with the control character raw in the JSON: refused, as RFC 8259 says.
    QByteArray raw = QJsonDocument(page).toJson(QJsonDocument::Compact);
    raw.replace("\\u001b", "\x1b");
    QVERIFY(raw.contains('\x1b'));
    const auto refused = readEventPageJson(raw);
    QVERIFY(!refused);
    QVERIFY2(refused.error().message.contains(QStringLiteral("a raw control character U+001B")),
        qPrintable(refused.error().message));
}

void TestInputHygiene::curatedValuesAndNames_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("clean") << QStringLiteral("checked by hand") << QString();
    QTest::newRow("bidi override") << (QStringLiteral("abc") + QChar(0x202e)) << QString();
    QTest::newRow("ESC") << QStringLiteral("a\x1b[31mb")
                         << QStringLiteral(
                                "the value contains the control character U+001B at position 2");
    QTest::newRow("lone surrogate")
        << text16({ u'a', 0xdbff })
        << QStringLiteral("the value contains a lone surrogate U+DBFF at position 2");
}

void TestInputHygiene::curatedValuesAndNames()
{
    QFETCH(QString, value);
    QFETCH(QString, message);
    // The correction panel and `curate` both check a typed value here.
    const Record record = richRecord();
    for (const CurationField field : { CurationField::Note, CurationField::Title }) {
        const CurationValue checked
            = normalizeCurationValue(field, value, record, record.observations[0].id);
        QCOMPARE(checked.error, message);
    }
}

void TestInputHygiene::cacheStillReadsWhatItHolds()
{
    // A cache written before the rules may hold such text: it is read as it is.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Store store(dir.filePath(QStringLiteral("cache.sqlite")));
    QVERIFY(store.open().ok());
    Record record = richRecord();
    record.title = QStringLiteral("Old \x1b[1mtitle");
    record.observations[0].citingTitle = QStringLiteral("a\x07 b\x7f");
    QVERIFY(!validateRecord(record).isEmpty());
    QVERIFY(store.importRecords({ record }, {}, RecordCheck::AlreadyValidated).ok());
    const auto loaded = store.loadRecord(record.arxivId);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : qPrintable(loaded.error().toString()));
    QVERIFY(loaded->has_value());
    QCOMPARE((*loaded)->title, record.title);
    QCOMPARE((*loaded)->observations[0].citingTitle, record.observations[0].citingTitle);
}

void TestInputHygiene::cliCurateRefusesAControlCharacter()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("cache.sqlite"));
    const QString home = dir.path();
    QCOMPARE(runCli({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")),
                        QStringLiteral("--db"), db },
                 home)
                 .exitCode,
        0);
    const CliRun badName = runCli(
        { QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("te\x1bster") },
        home);
    QVERIFY(badName.exitCode != 0);
    QVERIFY2(QString::fromUtf8(badName.err)
                 .contains(QStringLiteral("the control character U+001B at position 3")),
        badName.err.constData());
    QCOMPARE(
        runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("tester") },
            home)
            .exitCode,
        0);
    const QString before = dumpDatabase(db);
    const CliRun bad
        = runCli({ QStringLiteral("curate"), QStringLiteral("2104.04473"),
                     QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2"),
                     QStringLiteral("note=look\x1b]0;owned\x07"), QStringLiteral("--db"), db },
            home);
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(QString::fromUtf8(bad.err).contains(
                 QStringLiteral("the value contains the control character U+001B at position 5")),
        bad.err.constData());
    QCOMPARE(dumpDatabase(db), before);
}

void TestInputHygiene::serverRefusesSuchEvents()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ServerProcess server(dir.filePath(QStringLiteral("server.db")));
    QString problem;
    const QString token
        = server.addToken(QStringLiteral("carol"), QStringLiteral("curator"), &problem);
    QVERIFY2(!token.isEmpty(), qPrintable(problem));
    QVERIFY2(server.start(&problem), qPrintable(problem));

    QNetworkAccessManager nam;
    const auto post = [&](const QByteArray &body) {
        QNetworkRequest request(server.url().resolved(QUrl(QStringLiteral("/v1/events"))));
        request.setTransferTimeout(scaledTimeoutMs(30000));
        request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
        request.setRawHeader("Content-Type", "application/json");
        std::unique_ptr<QNetworkReply> reply(nam.post(request, body));
        QEventLoop loop;
        connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
        if (!reply->isFinished())
            loop.exec();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QString message = QJsonDocument::fromJson(reply->readAll())
                                    .object()
                                    .value(QStringLiteral("error"))
                                    .toObject()
                                    .value(QStringLiteral("message"))
                                    .toString();
        return std::pair { status, message };
    };
    const auto batch = [](const QJsonObject &event) {
        return QJsonDocument(QJsonObject { { QStringLiteral("events"), QJsonArray { event } } })
            .toJson(QJsonDocument::Compact);
    };

    // ESC in the note, escaped as JSON writes it: the event is refused.
    const auto [escStatus, escMessage] = post(batch(noteEvent(QStringLiteral("hi\x1b[2J"))));
    QCOMPARE(escStatus, 422);
    QCOMPARE(escMessage,
        QStringLiteral("events[0].value: contains the control character U+001B at position 3"));

    // The same raw in the JSON text: not JSON as RFC 8259 has it.
    QByteArray raw = batch(noteEvent(QStringLiteral("hi\x1b[2J")));
    raw.replace("\\u001b", "\x1b");
    const auto [rawStatus, rawMessage] = post(raw);
    QCOMPARE(rawStatus, 400);
    QVERIFY2(rawMessage.contains(QStringLiteral("a raw control character U+001B inside a string")),
        qPrintable(rawMessage));

    // A lone surrogate escape: refused, not changed into another character.
    QByteArray lone = batch(noteEvent(QStringLiteral("a b")));
    lone.replace("a b", "a\\ud800 b");
    const auto [loneStatus, loneMessage] = post(lone);
    QCOMPARE(loneStatus, 400);
    QVERIFY2(
        loneMessage.contains(QStringLiteral("a lone surrogate U+D800")), qPrintable(loneMessage));

    // A time not in the protocol's form.
    QJsonObject late = noteEvent(QStringLiteral("fine"));
    late.insert(QStringLiteral("created_at"), QStringLiteral("2026-11-29T17:00:00+00:00"));
    const auto [timeStatus, timeMessage] = post(batch(late));
    QCOMPARE(timeStatus, 422);
    QVERIFY2(timeMessage.startsWith(QStringLiteral("events[0].created_at: expected a UTC time")),
        qPrintable(timeMessage));
    QVERIFY(server.isRunning());
}

void TestInputHygiene::pullSetsAsideAnOldBadEvent()
{
    // A server that stored, before the rules, an event whose note holds ESC and BEL (a legacy
    // event, which clients take unsigned): the pull keeps it aside and goes on, every time.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ServerProcess server(dir.filePath(QStringLiteral("server.db")));
    QString problem;
    const QString token
        = server.addToken(QStringLiteral("rita"), QStringLiteral("reader"), &problem);
    QVERIFY2(!token.isEmpty(), qPrintable(problem));
    {
        QSqlDatabase db
            = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("old"));
        db.setDatabaseName(server.database());
        QVERIFY(db.open());
        QSqlQuery query(db);
        const QStringList notes = { QStringLiteral("fine"), QStringLiteral("\x1b]0;owned\x07"),
            QStringLiteral("also fine") };
        for (int n = 1; n <= 3; ++n) {
            QVERIFY(query.prepare(QStringLiteral(
                "INSERT INTO events (seq, id, record, observation, field, value, parents, author,"
                " created_at, received_at) VALUES (?, ?, '2104.04473', ?, 'note', ?, '[]',"
                " 'old-timer', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')")));
            for (const QVariant &value : { QVariant(n), QVariant(uuidFor(n)),
                     QVariant(uuidFor(100)), QVariant(notes[n - 1]) })
                query.addBindValue(value);
            QVERIFY2(query.exec(), qPrintable(query.lastError().text()));
        }
        for (const char *statement : { "UPDATE counters SET value = 3 WHERE name = 'events'",
                 "UPDATE counters SET value = 3 WHERE name = 'legacy_until'" })
            QVERIFY2(
                query.exec(QString::fromLatin1(statement)), qPrintable(query.lastError().text()));
    }
    QSqlDatabase::removeDatabase(QStringLiteral("old"));
    QVERIFY2(server.start(&problem), qPrintable(problem));

    Store store(dir.filePath(QStringLiteral("cache.sqlite")));
    QVERIFY(store.open().ok());
    SyncOptions options;
    options.server = server.url();
    options.token = token;
    options.timeoutMs = 5000;
    options.maxAttempts = 2;
    for (int run = 0; run < 2; ++run) {
        SyncClient client(store);
        const auto report = client.run(options);
        QVERIFY2(report.ok(), report.ok() ? "" : qPrintable(report.error().toString()));
        if (run == 0) {
            QCOMPARE(report->eventsPulled, 2);
            QCOMPARE(report->rejected.size(), 1);
            QCOMPARE(report->rejected[0],
                QStringLiteral("event %1 (seq 2) refused: events[1].value: contains the control "
                               "character U+001B at position 1")
                    .arg(uuidFor(2)));
        }
        QCOMPARE(report->lastSeq, 3);
    }
    const auto rejected = store.rejectedEvents();
    QVERIFY(rejected.ok());
    QCOMPARE(rejected->size(), 1);
    QCOMPARE(rejected->at(0).event.value, QStringLiteral("\x1b]0;owned\x07"));
}

QTEST_GUILESS_MAIN(TestInputHygiene)
#include "tst_inputhygiene.moc"
