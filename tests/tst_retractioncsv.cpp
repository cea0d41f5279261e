// SPDX-License-Identifier: GPL-3.0-or-later
// The Retraction Watch CSV layout: RFC 4180 quoting, line numbers, skipped rows, refused files.
#include "Notices.h"
#include "RetractionCsv.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

//! The header of the real export, 20 columns.
const QByteArray kRealHeader
    = "Record ID,Title,Subject,Institution,Journal,Publisher,Country,Author,URLS,ArticleType,"
      "RetractionDate,RetractionDOI,RetractionPubMedID,OriginalPaperDate,OriginalPaperDOI,"
      "OriginalPaperPubMedID,RetractionNature,Reason,Paywalled,Notes";

//! A shorter header for the tables: the required columns and a few optional ones.
const QByteArray kHeader
    = "Record ID,Title,RetractionDate,RetractionDOI,OriginalPaperDOI,OriginalPaperPubMedID,"
      "RetractionNature,Notes\n";

//! What the tables compare: one line per notice.
QString summary(const RetractionNotice &n)
{
    return QStringLiteral("L%1 %2 %3 %4 notice=%5 orig=%6 pmid=%7 title=[%8] notes=[%9]")
        .arg(QString::number(n.line), n.recordId, eventKindKey(n.kind), n.date, n.noticeDoi,
            n.originalDoi, n.originalPubMedId, n.title, n.notes);
}

QStringList summaries(const RetractionCsv &csv)
{
    QStringList out;
    for (const auto &n : csv.notices)
        out.append(summary(n));
    return out;
}

QList<int> skippedLines(const RetractionCsv &csv)
{
    QList<int> out;
    for (const auto &s : csv.skipped)
        out.append(s.line);
    return out;
}

QStringList recordIds(const RetractionCsv &csv)
{
    QStringList out;
    for (const auto &n : csv.notices)
        out.append(n.recordId);
    return out;
}

QString describe(const RetractionCsv &csv)
{
    QStringList out = summaries(csv);
    for (const auto &s : csv.skipped)
        out.append(QStringLiteral("skipped L%1: %2").arg(s.line).arg(s.message));
    return out.join(u'\n');
}

QString errorText(const Result<RetractionCsv> &result)
{
    return result.ok() ? QString() : result.error().toString();
}

// The generated 50,000-row file.
QByteArray generatedRow(int i)
{
    QByteArray row = QByteArray::number(100000 + i);
    row += ",\"Study " + QByteArray::number(i) + ", part " + QByteArray::number(i % 7)
        + " of the \"\"Large\"\" Series\"";
    row += ",(BLS) Biology - Cellular;(HSC) Medicine - Oncology;(BLS) Biology - Molecular;";
    row += ",\"Department of Examples, Example University, Example City, Example Country\"";
    row += ",Journal of Example Studies " + QByteArray::number(i % 50);
    row += ",Example Science Publishers,United States;China;";
    row += ",Author One;Author Two;Author Three;Author Four;Author Five;Author Six";
    row += ",https://retractionwatch.com/example/" + QByteArray::number(i);
    row += ",Research Article;";
    row += ',' + QByteArray::number(i % 12 + 1) + '/' + QByteArray::number(i % 28 + 1) + '/'
        + QByteArray::number(1990 + i % 35) + " 0:00";
    row += ",10.5555/RETRACT." + QByteArray::number(i);
    row += ",0,1/1/1989 0:00";
    row += ",https://doi.org/10.5555/ORIG." + QByteArray::number(i);
    row += ',' + QByteArray::number(i % 3 == 0 ? 0 : 30000000 + i);
    row += i % 5 == 0 ? ",Expression of concern" : ",Retraction";
    row += ",+Duplication of Article;+Error in Data;+Investigation by Journal/Publisher;"
           "+Notice - Limited or No Information;";
    row += ",No";
    if (i % 1000 == 7)
        row += ",\"First line of the note,\nsecond line.\"";
    else
        row += ",A note of some length so that a row is about as long as in the real export.";
    row += '\n';
    return row;
}

QString generatedDate(int i)
{
    return QDate(1990 + i % 35, i % 12 + 1, i % 28 + 1).toString(Qt::ISODate);
}

} // namespace

class TestRetractionCsv : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void notices_data();
    void notices();
    void realHeaderRow();
    void naturesAsTheSourceWordsThem();
    void rowErrors_data();
    void rowErrors();
    void fileErrors_data();
    void fileErrors();
    void dates_data();
    void dates();
    void dois_data();
    void dois();
    void sampleFile();
    void unreadableFile();
    void fiftyThousandRows();
};

void TestRetractionCsv::notices_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QList<int>>("skipped");

    const QByteArray h = kHeader;
    const QByteArray row1 = "1,Alpha,3/1/2024 0:00,10.1234/r.1,10.5555/a.1,123,Retraction,\n";
    const QByteArray row2 = "2,Beta,12/31/1999 0:00,,10.5555/b.2,0,Correction,note\n";
    const QString one = QStringLiteral("L2 1 retraction 2024-03-01 notice=10.1234/r.1 "
                                       "orig=10.5555/a.1 pmid=123 title=[Alpha] notes=[]");
    auto two = [](int line) {
        return QStringLiteral(
            "L%1 2 correction 1999-12-31 notice= orig=10.5555/b.2 pmid= title=[Beta] "
            "notes=[note]")
            .arg(line);
    };

    QTest::newRow("plain LF") << h + row1 + row2 << QStringList { one, two(3) } << QList<int> {};
    QTest::newRow("header only") << h << QStringList {} << QList<int> {};
    QTest::newRow("no final newline")
        << h + row1 + row2.chopped(1) << QStringList { one, two(3) } << QList<int> {};
    QTest::newRow("CRLF file") << QByteArray(h + row1 + row2).replace("\n", "\r\n")
                               << QStringList { one, two(3) } << QList<int> {};
    QTest::newRow("CRLF file, no final newline")
        << QByteArray(h + row1 + row2.chopped(1)).replace("\n", "\r\n")
        << QStringList { one, two(3) } << QList<int> {};
    QTest::newRow("BOM") << "\xEF\xBB\xBF" + h + row1 + row2 << QStringList { one, two(3) }
                         << QList<int> {};
    QTest::newRow("BOM and CRLF") << "\xEF\xBB\xBF"
            + QByteArray(h + row1 + row2).replace("\n", "\r\n")
                                  << QStringList { one, two(3) } << QList<int> {};
    QTest::newRow("blank lines between rows") << h + row1 + "\n\r\n   \n,,,,,,,\n" + row2 + "\n\n"
                                              << QStringList { one, two(7) } << QList<int> {};
    QTest::newRow("every field quoted") << h
            + "\"1\",\"Alpha\",\"3/1/2024 "
              "0:00\",\"10.1234/r.1\",\"10.5555/a.1\",\"123\",\"Retraction\",\"\"\n"
            + row2 << QStringList { one, two(3) }
                                        << QList<int> {};
    QTest::newRow("spaces after a closing quote")
        << h + "1,\"Alpha\"  ,3/1/2024 0:00,10.1234/r.1,10.5555/a.1,123,Retraction,\"\" \n" + row2
        << QStringList { one, two(3) } << QList<int> {};

    QTest::newRow("quoted comma")
        << h + "1,\"Alpha, Beta, and Gamma\",3/1/2024,,10.5555/a.1,,Retraction,\"a, b\"\n" + row2
        << QStringList { QStringLiteral("L2 1 retraction 2024-03-01 notice= orig=10.5555/a.1 pmid= "
                                        "title=[Alpha, Beta, and Gamma] notes=[a, b]"),
               two(3) }
        << QList<int> {};
    QTest::newRow("doubled quotes")
        << h
            + "1,\"Cells, Signals and the \"\"Silent\"\" "
              "Pathway\",3/1/2024,,,,Retraction,\"\"\"\"\n"
            + row2
        << QStringList { QStringLiteral(
                             "L2 1 retraction 2024-03-01 notice= orig= pmid= "
                             "title=[Cells, Signals and the \"Silent\" Pathway] notes=[\"]"),
               two(3) }
        << QList<int> {};
    QTest::newRow("a bare quote inside an unquoted field is text")
        << h + "1,The 5\" disk,3/1/2024,,,,Retraction,\n" + row2
        << QStringList { QStringLiteral("L2 1 retraction 2024-03-01 notice= orig= pmid= "
                                        "title=[The 5\" disk] notes=[]"),
               two(3) }
        << QList<int> {};
    QTest::newRow("embedded LF")
        << h + "1,Alpha,3/1/2024,,,,Retraction,\"First line,\nsecond line.\"\n" + row2
        << QStringList { QStringLiteral(
                             "L2 1 retraction 2024-03-01 notice= orig= pmid= title=[Alpha] "
                             "notes=[First line,\nsecond line.]"),
               two(4) }
        << QList<int> {};
    QTest::newRow("embedded CRLF in a CRLF file")
        << QByteArray(h + "1,Alpha,3/1/2024,,,,Retraction,\"First line,\nsecond line.\"\n" + row2)
               .replace("\n", "\r\n")
        << QStringList { QStringLiteral(
                             "L2 1 retraction 2024-03-01 notice= orig= pmid= title=[Alpha] "
                             "notes=[First line,\nsecond line.]"),
               two(4) }
        << QList<int> {};
    QTest::newRow("embedded LF in a CRLF file")
        << QByteArray(h + "1,Alpha,3/1/2024,,,,Retraction,\"First line,@second line.\"\n" + row2)
               .replace("\n", "\r\n")
               .replace('@', '\n')
        << QStringList { QStringLiteral(
                             "L2 1 retraction 2024-03-01 notice= orig= pmid= title=[Alpha] "
                             "notes=[First line,\nsecond line.]"),
               two(4) }
        << QList<int> {};
    QTest::newRow("newlines in several fields, blank lines inside quotes")
        << h + "1,\"A\n\nB\",3/1/2024,,,,Retraction,\"x\r\ny\"\"\nz\"\n" + row2
        << QStringList { QStringLiteral(
                             "L2 1 retraction 2024-03-01 notice= orig= pmid= title=[A\n\nB] "
                             "notes=[x\ny\"\nz]"),
               two(7) }
        << QList<int> {};
    QTest::newRow("a row after an embedded newline is skipped with its own line")
        << h + "1,Alpha,3/1/2024,,,,Retraction,\"a\nb\nc\"\n" + "9,Bad,soon,,,,Retraction,\n" + row2
        << QStringList { QStringLiteral(
                             "L2 1 retraction 2024-03-01 notice= orig= pmid= title=[Alpha] "
                             "notes=[a\nb\nc]"),
               two(6) }
        << QList<int> { 5 };

    QTest::newRow("columns in another order, extra columns, header spelling")
        << QByteArray(
               "Notes, retractionnature ,Extra,ORIGINALPAPERDOI,Title,retractiondate,Record ID,"
               "RetractionDOI,Another\n"
               "n1,correction,x,10.5555/O.1,T1,1/2/2003 0:00,77,10.1/N.1,y\n")
        << QStringList { QStringLiteral(
               "L2 77 correction 2003-01-02 notice=10.1/n.1 orig=10.5555/o.1 "
               "pmid= title=[T1] notes=[n1]") }
        << QList<int> {};
    QTest::newRow("only the required columns")
        << QByteArray("RetractionNature,OriginalPaperDOI,RetractionDate,Record ID\n"
                      "Withdrawal,10.5555/w,6/18/2022,5\n")
        << QStringList { QStringLiteral(
               "L2 5 withdrawal 2022-06-18 notice= orig=10.5555/w pmid= title=[] notes=[]") }
        << QList<int> {};

    QTest::newRow("DOI normalization")
            << h + "1,,3/1/2024,10.1234/RETRACT.2104,10.48550/ARXIV.2104.04473,,Retraction,\n"
                    + "2,,3/1/2024, https://doi.org/10.5555/ABC ,HTTPS://DOI.ORG/10.5555/Def,,Retraction,\n"
                    + "3,,3/1/2024,doi:10.5555/G,DOI: 10.5555/H,,Retraction,\n"
                    + "4,,3/1/2024,http://dx.doi.org/10.5555/I,https://dx.doi.org/10.5555/J,,Retraction,\n"
            << QStringList {
                   QStringLiteral("L2 1 retraction 2024-03-01 notice=10.1234/retract.2104 "
                                  "orig=10.48550/arxiv.2104.04473 pmid= title=[] notes=[]"),
                   QStringLiteral("L3 2 retraction 2024-03-01 notice=10.5555/abc orig=10.5555/def pmid= "
                                  "title=[] notes=[]"),
                   QStringLiteral("L4 3 retraction 2024-03-01 notice=10.5555/g orig=10.5555/h pmid= "
                                  "title=[] notes=[]"),
                   QStringLiteral("L5 4 retraction 2024-03-01 notice=10.5555/i orig=10.5555/j pmid= "
                                  "title=[] notes=[]"),
               }
            << QList<int> {};
    QTest::newRow("unavailable DOIs and PubMed id 0")
            << h + "1,,3/1/2024,unavailable,Unavailable,0,Retraction,\n"
                    + "2,,3/1/2024, UNAVAILABLE ,,\" 0 \",Retraction,\n"
                    + "3,,3/1/2024,,unavailable,  4567 ,Retraction,\n"
            << QStringList {
                   QStringLiteral("L2 1 retraction 2024-03-01 notice= orig= pmid= title=[] notes=[]"),
                   QStringLiteral("L3 2 retraction 2024-03-01 notice= orig= pmid= title=[] notes=[]"),
                   QStringLiteral("L4 3 retraction 2024-03-01 notice= orig= pmid=4567 title=[] notes=[]"),
               }
            << QList<int> {};
    QTest::newRow("nature spellings")
            << h + "1,,3/1/2024,,,,Expression of Concern,\n" + "2,,3/1/2024,,,,expression of concern,\n"
                    + "3,,3/1/2024,,,,RETRACTION,\n" + "4,,3/1/2024,,,, Withdrawal ,\n"
                    + "5,,3/1/2024,,,,Reinstatement,\n" + "6,,3/1/2024,,,,correction,\n"
            << QStringList {
                   QStringLiteral("L2 1 expression_of_concern 2024-03-01 notice= orig= pmid= title=[] notes=[]"),
                   QStringLiteral("L3 2 expression_of_concern 2024-03-01 notice= orig= pmid= title=[] notes=[]"),
                   QStringLiteral("L4 3 retraction 2024-03-01 notice= orig= pmid= title=[] notes=[]"),
                   QStringLiteral("L5 4 withdrawal 2024-03-01 notice= orig= pmid= title=[] notes=[]"),
                   QStringLiteral("L6 5 reinstatement 2024-03-01 notice= orig= pmid= title=[] notes=[]"),
                   QStringLiteral("L7 6 correction 2024-03-01 notice= orig= pmid= title=[] notes=[]"),
               }
            << QList<int> {};
    QTest::newRow("unicode text") << h
            + "1,\"Транзформеры, 論文 📚\",3/1/2024,,,,Retraction,Ünïcödé\n"
                                  << QStringList { QStringLiteral(
                                         "L2 1 retraction 2024-03-01 notice= orig= pmid= "
                                         "title=[Транзформеры, 論文 📚] notes=[Ünïcödé]") }
                                  << QList<int> {};
}

void TestRetractionCsv::notices()
{
    QFETCH(QByteArray, data);
    QFETCH(QStringList, expected);
    QFETCH(QList<int>, skipped);
    const auto csv = parseRetractionCsv(data, QStringLiteral("r.csv"));
    QVERIFY2(csv.ok(), qPrintable(errorText(csv)));
    QCOMPARE(summaries(*csv), expected);
    QCOMPARE(skippedLines(*csv), skipped);
    QCOMPARE(csv->rows, expected.size() + skipped.size());
}

void TestRetractionCsv::naturesAsTheSourceWordsThem()
{
    // A nature worded by the source is kept as given; its kind comes from the words, and a
    // correction or an expression of concern never reads as a retraction.
    const QByteArray data = kHeader + "1,,3/1/2024,,10.1234/p1,,Retraction and Replacement,\n"
        + "2,,3/1/2024,,10.1234/p2,,Retracted and replaced,\n"
        + "3,,3/1/2024,,10.1234/p3,,Correction/Erratum,\n"
        + "4,,3/1/2024,,10.1234/p4,,  Expression of concern ,\n"
        + "5,,3/1/2024,,10.1234/p5,,Withdrawn,\n";
    const auto csv = parseRetractionCsv(data, QStringLiteral("r.csv"));
    QVERIFY2(csv.ok(), qPrintable(errorText(csv)));
    QVERIFY(csv->skipped.isEmpty());
    QCOMPARE(csv->notices.size(), 5);
    const QList<std::pair<EventKind, QString>> expected = {
        { EventKind::Retraction, QStringLiteral("Retraction and Replacement") },
        { EventKind::Retraction, QStringLiteral("Retracted and replaced") },
        { EventKind::Correction, QStringLiteral("Correction/Erratum") },
        { EventKind::ExpressionOfConcern, QStringLiteral("Expression of concern") },
        { EventKind::Withdrawal, QStringLiteral("Withdrawn") },
    };
    for (qsizetype i = 0; i < expected.size(); ++i) {
        QCOMPARE(csv->notices[i].kind, expected[i].first);
        QCOMPARE(csv->notices[i].nature, expected[i].second);
    }
    const RetractionImport standing
        = standingNotices(*csv, QStringLiteral("2026-12-03T00:00:00.000Z"));
    QCOMPARE(standing.notices.size(), 5);
    QCOMPARE(standing.notices[0].event.nature, QStringLiteral("Retraction and Replacement"));
    QCOMPARE(standing.notices[0].source, QStringLiteral("retraction-watch"));
    QCOMPARE(standing.notices[0].sourceId, QStringLiteral("1"));
    QVERIFY(isReplacement(standing.notices[1].event));
    QVERIFY(!isReplacement(standing.notices[2].event));
}

void TestRetractionCsv::realHeaderRow()
{
    const QByteArray data = kRealHeader + "\r\n"
        + "24680,\"A Title, with a comma\",(BLS) Biology - Cellular;,\"Dept. of X, Y University\","
          "Journal of Examples,Example Press,Germany,A. Author;B. Author,"
          "https://retractionwatch.com/x;https://example.org/y,Research Article;,"
          "3/1/2024 0:00,10.1234/RETRACT.2104,38400000,4/9/2021 0:00,10.48550/ARXIV.2104.04473,"
          "0,Retraction,+Duplication of Article;+Error in Data;,No,\"Note \"\"one\"\"\"\r\n";
    const auto csv = parseRetractionCsv(data, QStringLiteral("rw.csv"));
    QVERIFY2(csv.ok(), qPrintable(errorText(csv)));
    QCOMPARE(csv->rows, 1);
    QVERIFY(csv->skipped.isEmpty());
    QCOMPARE(csv->notices.size(), 1);
    const RetractionNotice &n = csv->notices.first();
    QCOMPARE(n.line, 2);
    QCOMPARE(n.recordId, QStringLiteral("24680"));
    QCOMPARE(n.title, QStringLiteral("A Title, with a comma"));
    QCOMPARE(n.journal, QStringLiteral("Journal of Examples"));
    QCOMPARE(n.kind, EventKind::Retraction);
    QCOMPARE(n.date, QStringLiteral("2024-03-01"));
    QCOMPARE(n.noticeDoi, QStringLiteral("10.1234/retract.2104"));
    QCOMPARE(n.originalDoi, QStringLiteral("10.48550/arxiv.2104.04473"));
    QCOMPARE(n.originalPubMedId, QString());
    QCOMPARE(n.reason, QStringLiteral("+Duplication of Article;+Error in Data;"));
    QCOMPARE(n.urls, QStringLiteral("https://retractionwatch.com/x;https://example.org/y"));
    QCOMPARE(n.notes, QStringLiteral("Note \"one\""));
}

void TestRetractionCsv::rowErrors_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QStringList>("kept");

    const QByteArray h = kHeader;
    const QByteArray good1 = "1,Alpha,3/1/2024 0:00,,,,Retraction,\n";
    const QByteArray good2 = "2,Beta,3/2/2024 0:00,,,,Correction,\n";
    const QStringList both { QStringLiteral("1"), QStringLiteral("2") };
    auto withDate = [&](const QByteArray &date) -> QByteArray {
        return h + good1 + "9,Bad," + date + ",,,,Retraction,\n" + good2;
    };
    const QString dateMessage
        = QStringLiteral("RetractionDate: expected month/day/year such as 3/1/2024, found ");

    QTest::newRow("short row, real header")
        << kRealHeader + "\n"
            + "1,T,S,I,J,P,C,A,U,AT,3/1/2024 0:00,10.1/r,0,1/1/2020 "
              "0:00,10.1/o,0,Retraction,R,No,\n"
            + "9,T,S,I,J,P,C\n"
            + "2,T,S,I,J,P,C,A,U,AT,3/2/2024 0:00,10.1/r,0,1/1/2020 0:00,10.1/o,0,Correction,R,No,"
        << 3 << QStringLiteral("expected 20 fields, found 7") << both;
    QTest::newRow("long row") << h + good1 + "9,Bad,3/1/2024,,,,Retraction,,extra\n" + good2 << 3
                              << QStringLiteral("expected 8 fields, found 9") << both;
    QTest::newRow("ISO date") << withDate("2024-03-01") << 3
                              << dateMessage + QStringLiteral("'2024-03-01'") << both;
    QTest::newRow("month 13") << withDate("13/1/2024") << 3
                              << dateMessage + QStringLiteral("'13/1/2024'") << both;
    QTest::newRow("30 February") << withDate("2/30/2024 0:00") << 3
                                 << dateMessage + QStringLiteral("'2/30/2024 0:00'") << both;
    QTest::newRow("29 February, not a leap year")
        << withDate("2/29/2023") << 3 << dateMessage + QStringLiteral("'2/29/2023'") << both;
    QTest::newRow("day 0") << withDate("3/0/2024") << 3
                           << dateMessage + QStringLiteral("'3/0/2024'") << both;
    QTest::newRow("two-digit year")
        << withDate("3/1/24") << 3 << dateMessage + QStringLiteral("'3/1/24'") << both;
    QTest::newRow("bad time") << withDate("3/1/2024 25:00") << 3
                              << dateMessage + QStringLiteral("'3/1/2024 25:00'") << both;
    QTest::newRow("word") << withDate("soon") << 3 << dateMessage + QStringLiteral("'soon'")
                          << both;
    QTest::newRow("empty date") << withDate("") << 3 << dateMessage + QStringLiteral("nothing")
                                << both;
    QTest::newRow("long value quoted to 60 characters")
        << withDate(QByteArray(500, 'x')) << 3
        << dateMessage + u'\'' + QString(60, u'x') + QStringLiteral("…'") << both;
    QTest::newRow("unknown nature")
        << h + good1 + "9,Bad,3/1/2024,,,,Reviewed,\n" + good2 << 3
        << QStringLiteral("RetractionNature: expected one of Retraction, Correction, Expression of "
                          "concern, Reinstatement, Withdrawal (or words naming one), found "
                          "'Reviewed'")
        << both;
    QTest::newRow("empty nature") << h + good1 + "9,Bad,3/1/2024,,,,,\n"
            + good2 << 3 << QStringLiteral("Withdrawal (or words naming one), found nothing")
                                  << both;
    QTest::newRow("empty record id")
        << h + good1 + " ,Bad,3/1/2024,,,,Retraction,\n" + good2 << 3
        << QStringLiteral("Record ID: expected an id, found nothing") << both;
    QTest::newRow("two problems in one row")
        << h + good1 + "9,Bad,2024-03-01,,,,Reviewed,\n" + good2 << 3
        << QStringLiteral("found '2024-03-01'; RetractionNature: expected one of") << both;
    QTest::newRow("text after a closing quote")
        << h + good1 + "9,\"Bad\"x,3/1/2024,,,,Retraction,\n" + good2 << 3
        << QStringLiteral(
               "field 2: expected a comma or the end of the row after the closing quote, "
               "found 'x'")
        << both;
    QTest::newRow("after embedded newlines, CRLF") << QByteArray(
        h + "1,\"A\nB\",3/1/2024,,,,Retraction,\"c\nd\ne\"\n9,Bad,soon,,,,Retraction,\n" + good2)
                                                          .replace("\n", "\r\n")
                                                   << 6 << dateMessage + QStringLiteral("'soon'")
                                                   << both;
    QTest::newRow("last row, no final newline")
        << h + good1 + good2 + "9,Bad,3/1/2024,,,,Retraction" << 4
        << QStringLiteral("expected 8 fields, found 7") << both;
    QTest::newRow("first row, after blank lines")
        << h + "\n\n9,Bad,3/1/2024,,,,Nope,\n" + good1 + good2 << 4
        << QStringLiteral("found 'Nope'") << both;
}

void TestRetractionCsv::rowErrors()
{
    QFETCH(QByteArray, data);
    QFETCH(int, line);
    QFETCH(QString, message);
    QFETCH(QStringList, kept);
    const auto csv = parseRetractionCsv(data, QStringLiteral("r.csv"));
    QVERIFY2(csv.ok(), qPrintable(errorText(csv)));
    QVERIFY2(csv->skipped.size() == 1, qPrintable(describe(*csv)));
    QCOMPARE(csv->skipped[0].line, line);
    QVERIFY2(csv->skipped[0].message.contains(message), qPrintable(csv->skipped[0].message));
    QVERIFY(csv->skipped[0].message.size() < 400);
    QCOMPARE(recordIds(*csv), kept);
    QCOMPARE(csv->rows, kept.size() + 1);
}

void TestRetractionCsv::fileErrors_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");

    const QByteArray h = kHeader;
    const QByteArray good = "1,Alpha,3/1/2024 0:00,,,,Retraction,\n";
    QTest::newRow("empty file") << QByteArray() << 1 << QStringLiteral("empty file");
    QTest::newRow("only a BOM") << QByteArray("\xEF\xBB\xBF") << 1 << QStringLiteral("empty file");
    QTest::newRow("only blank lines")
        << QByteArray("\n\r\n  \n") << 1 << QStringLiteral("empty file");
    QTest::newRow("missing Record ID")
        << QByteArray(
               "Title,RetractionDate,OriginalPaperDOI,RetractionNature\nT,3/1/2024,,Retraction\n")
        << 1 << QStringLiteral("missing required column 'Record ID' in the header");
    QTest::newRow("missing RetractionNature, real header")
        << QByteArray(kRealHeader).replace("RetractionNature", "Nature") + "\n"
        << 1 << QStringLiteral("missing required column 'RetractionNature' in the header");
    QTest::newRow("missing two columns")
        << QByteArray("Record ID,RetractionNature\n1,Retraction\n") << 1
        << QStringLiteral("missing required columns 'RetractionDate', 'OriginalPaperDOI'");
    QTest::newRow("no header row: data first")
        << good + good << 1 << QStringLiteral("missing required columns");
    QTest::newRow("header after blank lines")
        << "\n\nRecord ID,Title\n" + good << 3 << QStringLiteral("missing required columns");
    QTest::newRow("a column named twice") << QByteArray(h).replace("Title", "record id")
            + good << 1 << QStringLiteral("the header names the column 'Record ID' twice");
    QTest::newRow("not UTF-8 in a row") << h + good
            + "2,B\xff"
              "eta,3/1/2024,,,,Retraction,\n"
                                        << 3 << QStringLiteral("UTF-8");
    QTest::newRow("not UTF-8 in the header")
        << "Record ID,T\xe9tle\n" + good << 1 << QStringLiteral("UTF-8");
    QTest::newRow("Latin-1 inside a quoted multi-line field")
        << h + good + "2,\"Beta\nCaf\xe9\",3/1/2024,,,,Retraction,\n"
        << 4 << QStringLiteral("UTF-8");
    QTest::newRow("truncated sequence at the end")
        << h + good + "2,Beta,3/1/2024,,,,Retraction,\xe2\x82" << 3 << QStringLiteral("UTF-8");
    QTest::newRow("overlong encoding") << h + good + good + "2,\xc0\xaf,3/1/2024,,,,Retraction,\n"
                                       << 4 << QStringLiteral("UTF-8");
    QTest::newRow("encoded surrogate") << h + "2,\xed\xa0\x80,3/1/2024,,,,Retraction,\n"
                                       << 2 << QStringLiteral("UTF-8");
    QTest::newRow("unterminated quote in the last row")
        << h + good + good + "2,\"Beta,3/1/2024,,,,Retraction,\n"
        << 4 << QStringLiteral("a quoted field opened here is not closed by the end of the file");
    QTest::newRow("unterminated quote on a later line of a row")
        << h + "1,\"A\nB\",3/1/2024,,,,Retraction,\"x\n" + good << 3
        << QStringLiteral("not closed");
    QTest::newRow("unterminated quote in the header")
        << QByteArray("Record ID,\"Title\n1,2\n") << 1 << QStringLiteral("not closed");
    QTest::newRow("a doubled quote does not close a field")
        << h + "1,\"Alpha\"\"" << 2 << QStringLiteral("not closed");
}

void TestRetractionCsv::fileErrors()
{
    QFETCH(QByteArray, data);
    QFETCH(int, line);
    QFETCH(QString, message);
    const auto csv = parseRetractionCsv(data, QStringLiteral("bad.csv"));
    QVERIFY(!csv.ok());
    const Error &error = csv.error();
    QCOMPARE(error.kind, Error::Kind::BadInput);
    QCOMPARE(error.file, QStringLiteral("bad.csv"));
    QCOMPARE(error.line, line);
    QVERIFY2(error.message.contains(message), qPrintable(error.toString()));
    QVERIFY(error.toString().startsWith(QStringLiteral("bad.csv:%1: ").arg(line)));
}

void TestRetractionCsv::dates_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("iso");
    QTest::newRow("with midnight")
        << QStringLiteral("3/1/2024 0:00") << QStringLiteral("2024-03-01");
    QTest::newRow("without time") << QStringLiteral("3/1/2024") << QStringLiteral("2024-03-01");
    QTest::newRow("end of century")
        << QStringLiteral("12/31/1999 0:00") << QStringLiteral("1999-12-31");
    QTest::newRow("leading zeros") << QStringLiteral("03/01/2024") << QStringLiteral("2024-03-01");
    QTest::newRow("leap day, seconds")
        << QStringLiteral("2/29/2024 13:45:07") << QStringLiteral("2024-02-29");
    QTest::newRow("12-hour clock")
        << QStringLiteral("1/5/2020 1:30 PM") << QStringLiteral("2020-01-05");
    QTest::newRow("surrounding spaces")
        << QStringLiteral(" 3/1/2024  0:00 ") << QStringLiteral("2024-03-01");
    QTest::newRow("ISO") << QStringLiteral("2024-03-01") << QString();
    QTest::newRow("day first") << QStringLiteral("31/12/1999") << QString();
    QTest::newRow("30 February") << QStringLiteral("2/30/2024") << QString();
    QTest::newRow("month 13") << QStringLiteral("13/1/2024") << QString();
    QTest::newRow("three-digit day") << QStringLiteral("1/001/2024") << QString();
    QTest::newRow("signed") << QStringLiteral("+3/1/2024") << QString();
    QTest::newRow("minutes 60") << QStringLiteral("3/1/2024 0:60") << QString();
    QTest::newRow("hour 0 PM") << QStringLiteral("3/1/2024 0:30 PM") << QString();
    QTest::newRow("trailing text") << QStringLiteral("3/1/2024 0:00 later") << QString();
    QTest::newRow("empty") << QString() << QString();
}

void TestRetractionCsv::dates()
{
    QFETCH(QString, text);
    QFETCH(QString, iso);
    QCOMPARE(parseRetractionDate(text), iso);
}

void TestRetractionCsv::dois_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("doi");
    QTest::newRow("bare") << QStringLiteral("10.1234/retract.2104")
                          << QStringLiteral("10.1234/retract.2104");
    QTest::newRow("upper case") << QStringLiteral("10.48550/ARXIV.2104.04473")
                                << QStringLiteral("10.48550/arxiv.2104.04473");
    QTest::newRow("https://doi.org/")
        << QStringLiteral("https://doi.org/10.5555/ABC") << QStringLiteral("10.5555/abc");
    QTest::newRow("doi: and spaces")
        << QStringLiteral("  doi: 10.5555/X.1 ") << QStringLiteral("10.5555/x.1");
    QTest::newRow("unavailable") << QStringLiteral("unavailable") << QString();
    QTest::newRow("Unavailable") << QStringLiteral("Unavailable") << QString();
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("spaces only") << QStringLiteral("   ") << QString();
}

void TestRetractionCsv::dois()
{
    QFETCH(QString, text);
    QFETCH(QString, doi);
    QCOMPARE(normalizeRetractionDoi(text), doi);
}

void TestRetractionCsv::sampleFile()
{
    const auto csv = readRetractionCsvFile(dataPath(QStringLiteral("retractions-sample.csv")));
    QVERIFY2(csv.ok(), qPrintable(errorText(csv)));
    QCOMPARE(csv->rows, 8);
    QCOMPARE(csv->notices.size(), 7);
    QCOMPARE(recordIds(*csv),
        QStringList({ QStringLiteral("51234"), QStringLiteral("51240"), QStringLiteral("51247"),
            QStringLiteral("51252"), QStringLiteral("51258"), QStringLiteral("51270"),
            QStringLiteral("51276") }));

    const RetractionNotice &megatron = csv->notices[0];
    QCOMPARE(megatron.line, 2);
    QCOMPARE(megatron.originalDoi, QStringLiteral("10.48550/arxiv.2104.04473"));
    QCOMPARE(megatron.kind, EventKind::Retraction);
    QCOMPARE(megatron.date, QStringLiteral("2024-03-01"));
    QCOMPARE(megatron.noticeDoi, QStringLiteral("10.1234/retract.2104"));
    QCOMPARE(megatron.originalPubMedId, QString());
    QCOMPARE(megatron.journal, QStringLiteral("arXiv"));
    QCOMPARE(megatron.reason, QStringLiteral("+Duplication of Article;+Error in Data;"));
    QCOMPARE(megatron.notes, QString());

    const RetractionNotice &correction = csv->notices[1];
    QCOMPARE(correction.kind, EventKind::Correction);
    QCOMPARE(correction.date, QStringLiteral("2023-11-15"));
    QCOMPARE(correction.noticeDoi, QStringLiteral("10.5555/jei.2023.0417"));
    QCOMPARE(correction.originalDoi, QStringLiteral("10.5555/jei.2022.0311"));
    QCOMPARE(correction.originalPubMedId, QStringLiteral("35654321"));
    QCOMPARE(correction.urls, QStringLiteral("https://example.org/notices/jei-2023-0417"));

    const RetractionNotice &concern = csv->notices[2];
    QCOMPARE(concern.kind, EventKind::ExpressionOfConcern);
    QCOMPARE(concern.noticeDoi, QString());
    QCOMPARE(concern.line, 4);

    const RetractionNotice &quotedTitle = csv->notices[3];
    QCOMPARE(quotedTitle.title,
        QStringLiteral("Cells, Signals and the \"Silent\" Pathway: A Reassessment"));
    QCOMPARE(quotedTitle.line, 5);

    const RetractionNotice &multiLine = csv->notices[4];
    QCOMPARE(multiLine.line, 6);
    QCOMPARE(multiLine.kind, EventKind::Withdrawal);
    QCOMPARE(multiLine.date, QStringLiteral("1999-12-31"));
    QCOMPARE(multiLine.originalDoi, QStringLiteral("10.5555/ecdm.1999.0012"));
    QCOMPARE(multiLine.notes,
        QStringLiteral(
            "Withdrawn at the authors' request.\nSee the publisher's statement of 2000-01-10."));

    QCOMPARE(csv->skipped.size(), 1);
    QCOMPARE(csv->skipped[0].line, 8);
    QCOMPARE(csv->skipped[0].message,
        QStringLiteral(
            "RetractionDate: expected month/day/year such as 3/1/2024, found '2024-05-02'"));

    QCOMPARE(csv->notices[5].line, 9);
    QCOMPARE(csv->notices[5].kind, EventKind::Reinstatement);
    QCOMPARE(csv->notices[5].noticeDoi, QString());
    QCOMPARE(csv->notices[6].line, 10);
    QCOMPARE(csv->notices[6].originalDoi, QString());
}

void TestRetractionCsv::unreadableFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("missing.csv"));
    const auto csv = readRetractionCsvFile(path);
    QVERIFY(!csv.ok());
    QCOMPARE(csv.error().kind, Error::Kind::BadInput);
    QVERIFY2(csv.error().message.contains(path), qPrintable(csv.error().toString()));

    // A file that can be read but is not a Retraction Watch export names the path as its file.
    const QString empty = dir.filePath(QStringLiteral("empty.csv"));
    QFile file(empty);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    const auto parsed = readRetractionCsvFile(empty);
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error().kind, Error::Kind::BadInput);
    QCOMPARE(parsed.error().file, empty);
}

void TestRetractionCsv::fiftyThousandRows()
{
    constexpr int kRows = 50000;
    // Bad rows go in before the generated row with this index.
    const QMap<int, QByteArray> bad {
        { 0, "1,Bad date first,,,,,,,,,2024-03-01,,,,,,Retraction,,,\n" },
        { 17000, "2,Short row\n" },
        { 33333, "3,Unknown nature,,,,,,,,,3/1/2024 0:00,,,,,,Reviewed,,,\n" },
        { kRows, "4,Impossible date last,,,,,,,,,2/30/2024 0:00,,,,,,Retraction,,,\n" },
    };
    QByteArray data = kRealHeader + "\r\n";
    data.reserve(27 * 1024 * 1024);
    int line = 2;
    QList<int> badLines;
    QList<int> goodLines;
    for (int i = 0; i <= kRows; ++i) {
        if (bad.contains(i)) {
            badLines.append(line);
            data += bad.value(i);
            ++line;
        }
        if (i == kRows)
            break;
        const QByteArray row = generatedRow(i);
        goodLines.append(line);
        data += row;
        line += int(row.count('\n'));
    }
    QVERIFY(data.size() > 20 * 1024 * 1024);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("retractions.csv"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(data), data.size());
    }

    const auto csv = readRetractionCsvFile(path);
    QVERIFY2(csv.ok(), qPrintable(errorText(csv)));
    QCOMPARE(csv->rows, kRows + bad.size());
    QCOMPARE(csv->notices.size(), kRows);
    QCOMPARE(skippedLines(*csv), badLines);
    QVERIFY(csv->skipped[0].message.contains(QStringLiteral("found '2024-03-01'")));
    QCOMPARE(csv->skipped[1].message, QStringLiteral("expected 20 fields, found 2"));
    QVERIFY(csv->skipped[2].message.contains(QStringLiteral("found 'Reviewed'")));
    QVERIFY(csv->skipped[3].message.contains(QStringLiteral("found '2/30/2024 0:00'")));

    for (int i : { 0, 7, 1007, 12345, 17000, 33333, 49007, kRows - 1 }) {
        const RetractionNotice &n = csv->notices[i];
        QCOMPARE(n.line, goodLines[i]);
        QCOMPARE(n.recordId, QString::number(100000 + i));
        QCOMPARE(
            n.title, QStringLiteral("Study %1, part %2 of the \"Large\" Series").arg(i).arg(i % 7));
        QCOMPARE(n.journal, QStringLiteral("Journal of Example Studies %1").arg(i % 50));
        QCOMPARE(n.kind, i % 5 == 0 ? EventKind::ExpressionOfConcern : EventKind::Retraction);
        QCOMPARE(n.date, generatedDate(i));
        QCOMPARE(n.noticeDoi, QStringLiteral("10.5555/retract.%1").arg(i));
        QCOMPARE(n.originalDoi, QStringLiteral("10.5555/orig.%1").arg(i));
        QCOMPARE(n.originalPubMedId, i % 3 == 0 ? QString() : QString::number(30000000 + i));
        QCOMPARE(n.urls, QStringLiteral("https://retractionwatch.com/example/%1").arg(i));
        QCOMPARE(n.notes,
            i % 1000 == 7 ? QStringLiteral("First line of the note,\nsecond line.")
                          : QStringLiteral("A note of some length so that a row is about "
                                           "as long as in the real export."));
    }
    // Every line number, not just the spot checks.
    QList<int> lines;
    lines.reserve(kRows);
    for (const auto &n : csv->notices)
        lines.append(n.line);
    QCOMPARE(lines, goodLines);
}

QTEST_GUILESS_MAIN(TestRetractionCsv)
#include "tst_retractioncsv.moc"
