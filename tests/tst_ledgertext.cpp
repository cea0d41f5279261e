// SPDX-License-Identifier: GPL-3.0-or-later
// The ledger page text form: the fixture's facts, exact round trips, and refused input.
#include "LedgerText.h"
#include "PageText.h"
#include "TestSupport.h"

#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;
using namespace LedgerCurator::PageText;

class TestLedgerText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fixtureFacts();
    void fixtureRoundTripsByteForByte();
    void yearBeforeOneThousandRoundTrips();
    void builtRecordRoundTrips();
    void crlfAndBomAreAccepted();
    void linesReadAsBytes_data();
    void linesReadAsBytes();
    void textInLinesReadAsBytes();
    void statedCountsDisagreeingGiveWarnings();
    void badInput_data();
    void badInput();
    void fixtureCutAnywhereIsRefused();
    void pageDateFormat_data();
    void pageDateFormat();
    void largeRecordRendersAsItsPartsDo_data();
    void largeRecordRendersAsItsPartsDo();
};

void TestLedgerText::fixtureFacts()
{
    auto page = parseLedgerText(fixture(), QStringLiteral("ledger.txt"));
    QVERIFY2(page.ok(), qPrintable(page.ok() ? QString() : page.error().toString()));
    const Record &r = page->record;
    QCOMPARE(r.arxivId, QStringLiteral("2104.04473"));
    QCOMPARE(r.version, 5);
    QCOMPARE(r.asOf, QStringLiteral("2026-08-05"));
    QCOMPARE(r.title,
        QStringLiteral(
            "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM"));
    QCOMPARE(r.schema, QStringLiteral("pith.paper-citation-record.v1"));
    QCOMPARE(r.count(Direction::Inbound), 34);
    QCOMPARE(r.count(Direction::Outbound), 0);
    QCOMPARE(r.stated.inbound, 34);

    int verifiedArxiv = 0, verifiedLocal = 0, mismatch = 0, unresolved = 0, noneFound = 0,
        unavailable = 0;
    for (const auto &o : r.observations) {
        if (o.state == ResolutionState::VerifiedExact && o.basis == u"arxiv_id")
            ++verifiedArxiv;
        if (o.state == ResolutionState::VerifiedExact && o.basis == u"local_arxiv")
            ++verifiedLocal;
        mismatch += o.state == ResolutionState::MetadataMismatch;
        if (o.state == ResolutionState::Unresolved) {
            ++unresolved;
            QCOMPARE(o.basis, QStringLiteral("no resolver link"));
        }
        noneFound += o.events.status == EventsCheck::Status::NoneFound;
        if (o.events.status == EventsCheck::Status::Unavailable) {
            ++unavailable;
            QCOMPARE(o.events.reason, QStringLiteral("canonical work link unavailable"));
        }
        QVERIFY(o.reference.has_value());
    }
    QCOMPARE(verifiedArxiv, 22);
    QCOMPARE(verifiedLocal, 1);
    QCOMPARE(mismatch, 5);
    QCOMPARE(unresolved, 6);
    QCOMPARE(noneFound, 28);
    QCOMPARE(unavailable, 6);

    QCOMPARE(r.measurements.size(), 1);
    QCOMPARE(r.measurements[0].value, 9);
    QCOMPARE(r.measurements[0].source, QStringLiteral("pith"));
    QCOMPARE(r.measurements[0].observedAt, QStringLiteral("2026-08-05T02:28:24.338817Z"));

    QCOMPARE(r.coverage.size(), 4);
    QCOMPARE(r.coverage[0].kind, CoverageFacet::Kind::ReferenceResolution);
    QCOMPARE(r.coverage[0].measured, 0);
    QCOMPARE(r.coverage[0].sources,
        QStringList(
            { QStringLiteral("paper_references"), QStringLiteral("paper_reference_links") }));
    QVERIFY(r.coverage[0].observedAt.isEmpty());
    QCOMPARE(r.coverage[1].kind, CoverageFacet::Kind::StandingNotices);
    QCOMPARE(r.coverage[1].measured, 34);
    QCOMPARE(r.coverage[1].of, 34);
    QCOMPARE(r.coverage[1].sources,
        QStringList({ QStringLiteral("scholarly_work_events"),
            QStringLiteral("retraction_status_cache") }));
    QCOMPARE(r.coverage[1].observedAt, QStringLiteral("2026-08-05T06:32:48.257954+00:00"));
    QCOMPARE(r.coverage[2].kind, CoverageFacet::Kind::InboundItemization);
    QCOMPARE(r.coverage[2].observedAt, QStringLiteral("2026-08-03T11:25:09.562026Z"));
    QCOMPARE(r.coverage[2].description,
        QStringLiteral("Pith citing papers itemized under the disclosed page cap."));
    QCOMPARE(r.coverage[3].kind, CoverageFacet::Kind::ExternalCitationMeasurements);
    QCOMPARE(r.coverage[3].sources, QStringList({ QStringLiteral("pith") }));
    QCOMPARE(r.coverage[3].observedAt, QStringLiteral("2026-08-05T02:28:24.338817Z"));

    // Timestamps byte for byte, both forms.
    QCOMPARE(r.observations.first().observedAt, QStringLiteral("2026-05-24T12:14:26.541851Z"));
    QCOMPARE(
        r.observations.first().events.asOf, QStringLiteral("2026-08-05T06:32:48.257954+00:00"));
    QCOMPARE(r.observations.last().reference, 2021);
    QVERIFY(page->warnings.isEmpty());
}

void TestLedgerText::fixtureRoundTripsByteForByte()
{
    const QByteArray original = fixture();
    auto page = parseLedgerText(original, QStringLiteral("ledger.txt"));
    QVERIFY(page.ok());
    const QByteArray rendered = renderLedgerText(page->record).toUtf8();
    // The fixture has no final newline; the renderer adds one and nothing else.
    QCOMPARE(rendered, original + '\n');
    // And what it renders reads back to the same record.
    auto again = parseLedgerText(rendered, QStringLiteral("rendered.txt"));
    QVERIFY(again.ok());
    QVERIFY(again->record == page->record);
}

void TestLedgerText::yearBeforeOneThousandRoundTrips()
{
    // "0975" is four digits, as the "As of" sentence asks: read, it renders back the same
    // (it came back as "975", which the parser refuses; found by fuzz_ledger_text).
    QByteArray text = fixture();
    QVERIFY(text.contains("As of 5 August 2026,"));
    text.replace("As of 5 August 2026,", "As of 5 August 0975,");
    auto page = parseLedgerText(text, QStringLiteral("ledger.txt"));
    if (!page)
        QFAIL(qPrintable(page.error().toString()));
    QCOMPARE(page->record.asOf, QStringLiteral("0975-08-05"));
    const QByteArray rendered = renderLedgerText(page->record).toUtf8();
    QVERIFY(rendered.contains("As of 5 August 0975,"));
    auto again = parseLedgerText(rendered, QStringLiteral("rendered.txt"));
    if (!again)
        QFAIL(qPrintable(again.error().toString()));
    QCOMPARE(again->record, page->record);
}

void TestLedgerText::builtRecordRoundTrips()
{
    const Record record = richRecord();
    QCOMPARE(validateRecord(record), QString());
    const QString text = renderLedgerText(record);
    QVERIFY(
        text.contains(QStringLiteral("Observation %1 · outbound").arg(record.observations[0].id)));
    QVERIFY(text.contains(QStringLiteral("2 events found in the named queried sources as of")));
    QVERIFY(text.contains(QStringLiteral("1 event found in the named queried sources as of")));
    QVERIFY(text.contains(
        QStringLiteral("Retraction · 2024-03-01 · retraction_status_cache · 10.1234/abc.5678\n")));
    QVERIFY(text.contains(QStringLiteral("Correction · 2023-11-02 · scholarly_work_events\n")));
    QVERIFY(text.contains(QStringLiteral("This paper cites <img src=x onerror=alert(1)>.")));
    auto parsed = parseLedgerText(text.toUtf8(), QStringLiteral("built.txt"));
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().toString()));
    QVERIFY(parsed->warnings.isEmpty());
    QCOMPARE(parsed->record.observations.size(), record.observations.size());
    for (qsizetype i = 0; i < record.observations.size(); ++i)
        QVERIFY2(parsed->record.observations[i] == record.observations[i],
            qPrintable(record.observations[i].id));
    QVERIFY(parsed->record == record);
    QCOMPARE(renderLedgerText(parsed->record), text);
}

void TestLedgerText::crlfAndBomAreAccepted()
{
    QByteArray data = fixture();
    data.replace("\n", "\r\n");
    data.prepend("\xEF\xBB\xBF");
    auto page = parseLedgerText(data, QStringLiteral("crlf.txt"));
    QVERIFY(page.ok());
    QCOMPARE(page->record.observations.size(), 34);
}

void TestLedgerText::linesReadAsBytes_data()
{
    // The page's lines are read as bytes and made text one at a time: each refusal of a line's
    // text, word for word and on its line, as when the page was made text whole.
    QTest::addColumn<QByteArray>("from");
    QTest::addColumn<QByteArray>("to");
    QTest::addColumn<QString>("expected");
    const QByteArray title = "Efficient Large";
    QTest::newRow("C1 control") << title << QByteArray("Efficient\xC2\x85Large")
                                << QStringLiteral("bad.txt:3: the line contains the control "
                                                  "character U+0085 at position 10");
    QTest::newRow("tab") << title << QByteArray("Efficient\tLarge")
                         << QStringLiteral("bad.txt:3: the line contains the control character "
                                           "U+0009 at position 10");
    QTest::newRow("DEL") << title << QByteArray("Efficient\x7FLarge")
                         << QStringLiteral("bad.txt:3: the line contains the control character "
                                           "U+007F at position 10");
    QTest::newRow("CR inside a line")
        << title << QByteArray("Efficient\rLarge")
        << QStringLiteral(
               "bad.txt:3: the line contains the control character U+000D at position 10");
    QTest::newRow("noncharacter after an astral character")
        << title << QByteArray("\xF0\x9F\x98\x80\xEF\xBF\xBELarge")
        << QStringLiteral("bad.txt:3: the line contains the noncharacter U+FFFE at position 2");
    QTest::newRow("control after a long ASCII run")
        << QByteArray("Megatron-LM\n") << QByteArray("Megatron-LM\x01\n")
        << QStringLiteral("bad.txt:3: the line contains the control character U+0001 at "
                          "position 80");
    // The missing blank line on line 13 is refused; with a control further down as well, every
    // line's text being checked before the page is read, the control is (linesReadAsBytes()).
    QTest::newRow("text before structure")
        << QByteArray("Coverage vector\n\nmeasured 0") << QByteArray("Coverage vector\nmeasured 0")
        << QStringLiteral("bad.txt:13: expected a blank line, found 'measured 0 of 0 reference "
                          "resolution'");
}

void TestLedgerText::linesReadAsBytes()
{
    QFETCH(QByteArray, from);
    QFETCH(QByteArray, to);
    QFETCH(QString, expected);
    QByteArray data = fixture();
    const qsizetype at = data.indexOf(from);
    QVERIFY(at >= 0);
    data.replace(at, from.size(), to);
    auto page = parseLedgerText(data, QStringLiteral("bad.txt"));
    QVERIFY(!page.ok());
    QCOMPARE(page.error().toString(), expected);
    if (QByteArray(QTest::currentDataTag()) == "text before structure") {
        data.replace("metadata mismatch; arxiv_id",
            "metadata mismatch;\x02"
            "arxiv_id");
        page = parseLedgerText(data, QStringLiteral("bad.txt"));
        QVERIFY(!page.ok());
        QCOMPARE(page.error().line, 81); // line 82 of the fixture, a line removed above
        QVERIFY(page.error().message.contains(QStringLiteral("U+0002")));
    }
}

void TestLedgerText::textInLinesReadAsBytes()
{
    // Text that is no problem, read from bytes: a lead byte of C1 controls in another character
    // (U+00A9), a zero width no-break space starting a line (only the page's first is a byte
    // order mark), letters of two, three and four bytes; the lines after them as they were.
    QByteArray data = fixture();
    const QByteArray title
        = "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM";
    const QString shown = QString(QChar(0xFEFF)) + QStringLiteral("\u00a9 Gr\u00fc\u00dfe \u2192 ")
        + QString::fromUtf8("\xF0\x9F\x98\x80");
    const qsizetype at = data.indexOf(title);
    QCOMPARE(at, data.indexOf('\n', data.indexOf('\n') + 1) + 1); // the third line
    data.replace(at, title.size(), shown.toUtf8());
    data.prepend("\xEF\xBB\xBF");
    auto page = parseLedgerText(data, QStringLiteral("text.txt"));
    QVERIFY2(page.ok(), qPrintable(page.ok() ? QString() : page.error().toString()));
    QCOMPARE(page->record.title, shown);
    QCOMPARE(page->record.observations.size(), 34);
    QCOMPARE(renderLedgerText(page->record).toUtf8(), data.sliced(3) + '\n');
}

void TestLedgerText::statedCountsDisagreeingGiveWarnings()
{
    QByteArray data = fixture();
    data.replace(
        "and 34 inbound Pith citation observations", "and 40 inbound Pith citation observations");
    data.replace("measured 34 of 34 inbound itemization", "measured 35 of 40 inbound itemization");
    auto page = parseLedgerText(data, QStringLiteral("counts.txt"));
    QVERIFY(page.ok());
    QCOMPARE(page->warnings.size(), 2);
    QCOMPARE(page->warnings[0].line, 5);
    QVERIFY(page->warnings[0].message.contains(QStringLiteral("40 inbound")));
    QVERIFY(page->warnings[0].message.contains(QStringLiteral("itemizes 34")));
    QCOMPARE(page->warnings[1].line, 26);
    // Nothing is dropped: the stated numbers are kept and rendered as stated.
    QCOMPARE(page->record.stated.inbound, 40);
    QCOMPARE(renderLedgerText(page->record).toUtf8(), data + '\n');
}

void TestLedgerText::badInput_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("expected");

    const QByteArray f = fixture();
    auto replaced = [&f](const char *from, const char *to) {
        QByteArray copy = f;
        const qsizetype at = copy.indexOf(from);
        Q_ASSERT(at >= 0);
        return copy.replace(at, qstrlen(from), to);
    };
    QTest::newRow("empty file") << QByteArray() << 1 << QStringLiteral("empty file");
    QTest::newRow("only blank lines") << QByteArray("\n\n\n") << 1 << QStringLiteral("empty file");
    QByteArray garbage("\xff");
    for (int i = 0; i < 4096; ++i)
        garbage.append(char((i * 7919 + 13) % 256));
    QTest::newRow("binary garbage") << garbage << 1 << QStringLiteral("UTF-8");
    QByteArray withNul = f;
    withNul.replace(QByteArray("Coverage vector"), QByteArray("Coverage\0vector", 15));
    QTest::newRow("NUL byte") << withNul << 12 << QStringLiteral("NUL");
    QTest::newRow("missing blank line")
        << replaced("Coverage vector\n\nmeasured 0", "Coverage vector\nmeasured 0") << 13
        << QStringLiteral("expected a blank line, found 'measured 0 of 0 reference resolution'");
    QTest::newRow("unknown state")
        << replaced("Resolution: metadata mismatch; arxiv_id, observed 2026-05-10T20:53:17",
               "Resolution: metadata mismatched; arxiv_id, observed 2026-05-10T20:53:17")
        << 82 << QStringLiteral("'metadata mismatched'");
    QTest::newRow("bad UUID") << replaced("Observation 50c00f4f-b34c-4082-acab-2ff8b53dd1d2",
        "Observation 50c00f4f-b34c-4082-acab-2ff8b53dd1dZ")
                              << 74 << QStringLiteral("UUID");
    QTest::newRow("non-numeric reference")
        << replaced("Reference 142", "Reference 14x") << 80
        << QStringLiteral("expected 'Reference N' with a whole number, found 'Reference 14x'");
    QTest::newRow("duplicate UUID") << replaced("Observation 50c00f4f-b34c-4082-acab-2ff8b53dd1d2",
        "Observation a4d62a99-e85b-4e0d-86d5-17278d726ffe")
                                    << 74 << QStringLiteral("again");
    QTest::newRow("wrong heading")
        << replaced("Paper Citation Record · LEDGER", "Paper Citation Record") << 1
        << QStringLiteral(
               "expected 'Paper Citation Record · LEDGER', found 'Paper Citation Record'");
    QTest::newRow("bad date") << replaced("As of 5 August 2026", "As of 31 February 2026") << 5
                              << QStringLiteral("date");
    QTest::newRow("id and version disagree")
        << replaced("2104.04473 v5", "2104.04474 v5") << 10 << QStringLiteral("2104.04473 vN");
    QTest::newRow("unknown events line")
        << replaced("Unavailable: canonical work link unavailable.", "Maybe later.") << 156
        << QStringLiteral("'Maybe later.'");
    QTest::newRow("titles disagree")
        << replaced("OPT: Open Pre-trained Transformer Language Models Efficient",
               "OPT: Closed Pre-trained Transformer Language Models Efficient")
        << 78 << QStringLiteral("citing title followed by the cited title");
    QTest::newRow("trailing junk")
        << f + "\n\nsomething else" << 536 << QStringLiteral("'something else'");
    QByteArray longLine(10 * 1024 * 1024, 'x');
    QTest::newRow("10 MB line first") << longLine << 1 << QStringLiteral("found 'xxxxx");
    QTest::newRow("10 MB title line") << replaced(
        "OPT: Open Pre-trained Transformer Language Models cites this paper.", longLine.constData())
                                      << 76 << QStringLiteral("…'");
    QTest::newRow("event count disagrees") << replaced(
        "No event found in the named queried sources as of "
        "2026-08-05T06:32:48.257954+00:00.\n\nObservation 50c",
        "2 events found in the named queried sources as of 2026-08-05T06:32:48.257954+00:00.\n"
        "Retraction · 2024-03-01 · retraction_status_cache\n\nObservation 50c")
                                           << 72 << QStringLiteral("states 2 events but 1 follow");
    QTest::newRow("unknown event kind") << replaced(
        "No event found in the named queried sources as of "
        "2026-08-05T06:32:48.257954+00:00.\n\nObservation 50c",
        "1 event found in the named queried sources as of 2026-08-05T06:32:48.257954+00:00.\n"
        "Retracted · 2024-03-01 · retraction_status_cache\n\nObservation 50c")
                                        << 73 << QStringLiteral("event kind");
}

void TestLedgerText::badInput()
{
    QFETCH(QByteArray, data);
    QFETCH(int, line);
    QFETCH(QString, expected);
    auto page = parseLedgerText(data, QStringLiteral("bad.txt"));
    QVERIFY(!page.ok());
    const Error &error = page.error();
    QCOMPARE(error.kind, Error::Kind::BadInput);
    QCOMPARE(error.file, QStringLiteral("bad.txt"));
    QCOMPARE(error.line, line);
    QVERIFY2(error.message.contains(expected), qPrintable(error.toString().left(300)));
    QVERIFY(error.toString().startsWith(QStringLiteral("bad.txt:%1: ").arg(line)));
    QVERIFY(error.message.size() < 400); // a 10 MB line is quoted, not echoed
}

void TestLedgerText::fixtureCutAnywhereIsRefused()
{
    const QByteArray f = fixture();
    // Cut at every line end and inside lines; only a cut after the last observation's final line
    // (the whole page) may succeed.
    int refused = 0;
    for (qsizetype cut = 0; cut < f.size() - 1; cut += 97) {
        auto page = parseLedgerText(f.left(cut), QStringLiteral("cut.txt"));
        if (page.ok()) {
            // A page cut exactly after a complete observation is a valid, shorter page; its
            // stated count then disagrees with what it itemizes, which must be reported.
            QVERIFY2(!page->warnings.isEmpty(), qPrintable(QString::number(cut)));
            continue;
        }
        ++refused;
        QVERIFY(page.error().line >= 1);
        QVERIFY(page.error().line <= f.left(cut).count('\n') + 1);
    }
    QVERIFY(refused > 150);
    // Cutting at every line boundary.
    const QList<QByteArray> lines = f.split('\n');
    for (int n = 1; n < lines.size() - 1; ++n) {
        const QByteArray part = lines.mid(0, n).join('\n');
        auto page = parseLedgerText(part, QStringLiteral("cut.txt"));
        if (page.ok())
            QVERIFY2(!page->warnings.isEmpty(), qPrintable(QString::number(n)));
    }
}

void TestLedgerText::pageDateFormat_data()
{
    QTest::addColumn<QString>("iso");
    QTest::addColumn<QString>("page");
    QTest::newRow("single digit day")
        << QStringLiteral("2026-08-05") << QStringLiteral("5 August 2026");
    QTest::newRow("two digit day")
        << QStringLiteral("2025-12-31") << QStringLiteral("31 December 2025");
    QTest::newRow("january") << QStringLiteral("2024-01-01") << QStringLiteral("1 January 2024");
    QTest::newRow("invalid") << QStringLiteral("2024-02-30") << QString();
}

void TestLedgerText::pageDateFormat()
{
    QFETCH(QString, iso);
    QFETCH(QString, page);
    QCOMPARE(formatPageDate(iso), page);
}

void TestLedgerText::largeRecordRendersAsItsPartsDo_data()
{
    // From 4 blocks of 1,024 observations up, each section is written on two threads: the caller
    // takes the even blocks and a helper the odd ones (HelperThread.h).
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("outbound"); // which observations are outbound
    QTest::newRow("mixed, 9,219") << 9219 << QStringLiteral("every fifth");
    QTest::newRow("mixed, 4,096") << 4096 << QStringLiteral("every fifth");
    QTest::newRow("outbound first in a helper's block") << 7000 << QStringLiteral("from 3,082");
    QTest::newRow("outbound only in the caller's blocks") << 6200 << QStringLiteral("block 2");
    QTest::newRow("no outbound") << 5000 << QStringLiteral("none");
    QTest::newRow("all outbound") << 5000 << QStringLiteral("all");
}

void TestLedgerText::largeRecordRendersAsItsPartsDo()
{
    QFETCH(int, count);
    QFETCH(QString, outbound);
    const Record rich = richRecord();
    Record record = rich;
    record.observations.clear();
    for (int i = 0; i < count; ++i) {
        Observation o = rich.observations[i % rich.observations.size()];
        o.id = QStringLiteral("00000000-0000-4000-8000-%1").arg(i, 12, 10, QLatin1Char('0'));
        const bool out = outbound == u"every fifth" ? i % 5 == 0
            : outbound == u"from 3,082"             ? i >= 3082
            : outbound == u"block 2"                ? i / 1024 == 2
                                                    : outbound == u"all";
        o.direction = out ? Direction::Outbound : Direction::Inbound;
        (out ? o.citedTitle : o.citingTitle) += QStringLiteral(" №%1").arg(i);
        record.observations.append(std::move(o));
    }
    const QString page = renderLedgerText(record);

    // The reference: the pages of parts of at most 3,072 observations (written on one thread),
    // their sections spliced together.
    const QString outboundStart = kOutboundHeading + u"\n\n";
    const QString inboundStart = u'\n' + kInboundHeading + u"\n\n";
    QString head;
    QStringList outbounds, inbounds;
    for (int from = 0; from < count; from += 3072) {
        Record part = record;
        part.observations = record.observations.mid(from, 3072);
        const QString text = renderLedgerText(part);
        const qsizetype outAt = text.indexOf(outboundStart), inAt = text.indexOf(inboundStart);
        QVERIFY(outAt > 0 && inAt > outAt);
        if (from == 0)
            head = text.first(outAt);
        QCOMPARE(text.first(outAt), head);
        const QString out
            = text.mid(outAt + outboundStart.size(), inAt - outAt - outboundStart.size());
        const QString in = text.mid(inAt + inboundStart.size());
        if (out != kNoOutbound + u'\n')
            outbounds.append(out);
        if (in != kNoInbound + u'\n')
            inbounds.append(in);
    }
    const QString expected = head + outboundStart
        + (outbounds.isEmpty() ? kNoOutbound + u'\n' : outbounds.join(u'\n')) + inboundStart
        + (inbounds.isEmpty() ? kNoInbound + u'\n' : inbounds.join(u'\n'));
    if (page != expected) {
        qsizetype at = 0;
        while (at < page.size() && at < expected.size() && page[at] == expected[at])
            ++at;
        QFAIL(qPrintable(QStringLiteral("differs at %1:\n%2\ninstead of\n%3")
                             .arg(at)
                             .arg(page.mid(at - 60, 120), expected.mid(at - 60, 120))));
    }

    // In pieces, the same text.
    for (const qsizetype chunk : { qsizetype(1), qsizetype(4096), qsizetype(1) << 20 }) {
        QString pieces;
        renderLedgerText(
            record, [&](QStringView text) { pieces += text; }, chunk);
        QCOMPARE(pieces, page);
    }

    // And it reads back: outbound observations first, as the page lists them.
    auto parsed = parseLedgerText(page.toUtf8(), QStringLiteral("large.txt"));
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().toString()));
    QList<Observation> listed = record.observations;
    std::stable_partition(listed.begin(), listed.end(),
        [](const Observation &o) { return o.direction == Direction::Outbound; });
    QCOMPARE(parsed->record.observations.size(), listed.size());
    for (qsizetype i = 0; i < listed.size(); ++i)
        QVERIFY2(parsed->record.observations[i] == listed[i], qPrintable(listed[i].id));
}

QTEST_GUILESS_MAIN(TestLedgerText)
#include "tst_ledgertext.moc"
