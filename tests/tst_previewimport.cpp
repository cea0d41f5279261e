// SPDX-License-Identifier: GPL-3.0-or-later
// The preview's import of a large page (models/present/PreviewImport.h) on one thread and two,
// whole and cancelled, against the same page imported whole; and the pane that uses it.
#include "CuratedRecord.h"
#include "DocumentDiff.h"
#include "PageHtml.h"
#include "PreviewImport.h"
#include "PreviewPane.h"
#include "RecordFixtures.h"
#include "TestSupport.h"

#include <QSignalSpy>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextFrame>
#include <QThread>
#include <QtTest>

#include <algorithm>
#include <atomic>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

class TestPreviewImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void previewPaneImportsALargePageInPiecesAsAWhole();
    void pageImportOnTwoThreadsIsTheWholePage();
    void cancelledImportStopsBetweenPieces();
    void previewPaneStopsTheBuildItNoLongerWants();
};

namespace {

//! The options the preview renders with (PreviewPane::pageOptions()), every inbound observation.
HtmlOptions previewOptions()
{
    HtmlOptions options;
    options.inboundCap = 0;
    options.css = loadPageStylesheet();
    options.observationAnchors = false;
    options.bdiElements = false;
    return options;
}

} // namespace

namespace {

//! 1,200 observations: the preview imports them 200 at a time. 400 outbound, so that a piece
//! begins with the inbound heading; curated, conflicting and hinted observations across the cuts
//! (the fixture's observations repeat, so their titles do).
Record curatedAcrossCuts()
{
    Record big = fixtureRepeated(QStringLiteral("2201.00021"), 1200, 20000);
    for (qsizetype i = 0; i < 400; ++i)
        big.observations[i].direction = Direction::Outbound;
    for (const qsizetype i : { 0, 199, 200, 201, 399, 400, 401, 799, 800, 1199 }) {
        CurationInfo &c = big.observations[i].curation.edit();
        c.mark = QStringLiteral("Curated by Ada, 2026-12-06: note “%1”.").arg(i);
        c.note = QStringLiteral("checked <b>%1</b> against the PDF").arg(i);
        c.conflicts = { QStringLiteral("state") };
    }
    return applyCorrections(big, {}).shown;
}

} // namespace

void TestPreviewImport::previewPaneImportsALargePageInPiecesAsAWhole()
{
    const Record shown = curatedAcrossCuts();
    PreviewPane pane;
    pane.setInboundCap(0);
    QSignalSpy built(&pane, &PreviewPane::previewShown);
    pane.setRecord(shown);
    QVERIFY(pane.isBuilding());
    QVERIFY(built.wait(60000));
    QTextDocument *pieces = pane.browser()->document();

    // The same page imported whole, as a small page is.
    QTextDocument whole;
    whole.setDefaultFont(pieces->defaultFont());
    whole.setHtml(pane.html());
    QVERIFY(pane.html().contains(shown.observations.last().id));
    const QString piecesText = pieces->toPlainText();
    const QString wholeText = whole.toPlainText();
    const auto at
        = std::mismatch(piecesText.begin(), piecesText.end(), wholeText.begin(), wholeText.end())
              .first
        - piecesText.begin();
    QVERIFY2(piecesText == wholeText,
        qPrintable(QStringLiteral("at %1: \"%2\" against \"%3\"")
                       .arg(at)
                       .arg(piecesText.mid(std::max<qsizetype>(at - 80, 0), 160),
                           wholeText.mid(std::max<qsizetype>(at - 80, 0), 160))));
    const QString difference = firstDifference(*pieces, whole);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    QCOMPARE(pieces->metaInformation(QTextDocument::DocumentTitle),
        whole.metaInformation(QTextDocument::DocumentTitle));
    QVERIFY(pieces->metaInformation(QTextDocument::DocumentTitle).contains(shown.arxivId));
    // The page's own frame (the <body>'s colours) as the whole page's.
    whole.setDocumentMargin(pieces->documentMargin());
    QVERIFY(sameFormat(pieces->rootFrame()->frameFormat(), whole.rootFrame()->frameFormat()));
    QVERIFY(piecesText.contains(QStringLiteral("note “1199”")));
    QVERIFY(piecesText.contains(shown.observations.last().id));
}

void TestPreviewImport::pageImportOnTwoThreadsIsTheWholePage()
{
    // importPageInPieces() on its own: with the second core taken (its helper only writes the
    // HTML), then free from the start (it parses every other piece); one piece, and two.
    const HtmlOptions options = previewOptions();
    const Record large = curatedAcrossCuts();
    const Record two = fixtureRepeated(QStringLiteral("2201.00023"), 300, 40000);
    const Record one = fixtureRepeated(QStringLiteral("2201.00022"), 150, 30000);
    const bool twoCores = QThread::idealThreadCount() > 1;
    for (const Record *record : { &large, &two, &one }) {
        for (const bool free : { false, true }) {
            const QString label = QStringLiteral("%1 observations, second core %2")
                                      .arg(record->observations.size())
                                      .arg(free ? u"free" : u"taken");
            const std::atomic<bool> secondCoreFree = free;
            PageDocument pieces;
            pieces.setUndoRedoEnabled(false);
            const PieceImport import = importPageInPieces(pieces, *record, options, secondCoreFree);
            const int expected = int((record->observations.size() + 199) / 200);
            QCOMPARE(import.pieces, expected);
            QCOMPARE(import.parsedBeside, free && twoCores ? expected / 2 : 0);

            QTextDocument whole;
            whole.setDefaultFont(pieces.defaultFont());
            whole.setHtml(renderPageHtml(*record, options));
            QCOMPARE(pieces.toPlainText(), whole.toPlainText());
            const QString difference = firstDifference(pieces, whole);
            QVERIFY2(difference.isEmpty(), qPrintable(label + QStringLiteral(": ") + difference));
            QVERIFY2(
                sameFormat(pieces.rootFrame()->frameFormat(), whole.rootFrame()->frameFormat()),
                qPrintable(label));
            QVERIFY(pieces.metaInformation(QTextDocument::DocumentTitle).contains(record->arxivId));
        }
    }
}

void TestPreviewImport::cancelledImportStopsBetweenPieces()
{
    // Cancelled after the second piece came in, from the start, or never: the import stops
    // between pieces on both threads, says it is not whole, and returns.
    const HtmlOptions options = previewOptions();
    const Record record = fixtureRepeated(QStringLiteral("2201.00024"), 2000, 50000); // 10 pieces
    for (const bool free : { false, true }) {
        const std::atomic<bool> secondCoreFree = free;
        PageDocument document;
        std::atomic<int> asked = 0;
        const auto afterTwo = [&document, &asked] {
            ++asked;
            return document.toPlainText().count(QStringLiteral("Observation ")) >= 400;
        };
        const PieceImport stopped
            = importPageInPieces(document, record, options, secondCoreFree, afterTwo);
        QVERIFY(!stopped.complete);
        QVERIFY2(stopped.pieces >= 2 && stopped.pieces < 10,
            qPrintable(QString::number(stopped.pieces)));
        QVERIFY(asked > 0);
        QVERIFY(!document.toPlainText().contains(record.observations.last().id));

        PageDocument none;
        const PieceImport nothing
            = importPageInPieces(none, record, options, secondCoreFree, [] { return true; });
        QVERIFY(!nothing.complete);
        QCOMPARE(nothing.pieces, 0);

        PageDocument whole;
        const PieceImport all
            = importPageInPieces(whole, record, options, secondCoreFree, [] { return false; });
        QVERIFY(all.complete);
        QCOMPARE(all.pieces, 10);
        QVERIFY(whole.toPlainText().contains(record.observations.last().id));
    }
}

void TestPreviewImport::previewPaneStopsTheBuildItNoLongerWants()
{
    // Three large records one after the other, as a librarian going down the list: the last one's
    // page is shown, whole, and the builds of the two before it were stopped, not finished.
    PreviewPane pane;
    pane.setInboundCap(0);
    QSignalSpy shown(&pane, &PreviewPane::previewShown);
    const Record first = fixtureRepeated(QStringLiteral("2201.00031"), 6000, 60000);
    const Record second = fixtureRepeated(QStringLiteral("2201.00032"), 6000, 70000);
    const Record third = fixtureRepeated(QStringLiteral("2201.00033"), 1200, 80000);
    pane.setRecord(applyCorrections(first, {}).shown);
    pane.setRecord(applyCorrections(second, {}).shown);
    pane.setRecord(applyCorrections(third, {}).shown);
    QVERIFY(pane.isBuilding());
    QVERIFY(shown.wait(60000));
    QCOMPARE(shown.count(), 1);
    QCOMPARE(shown.first().at(0).toString(), third.arxivId);
    QVERIFY(pane.lastImport().complete);
    QCOMPARE(pane.lastImport().pieces, 6);
    const QString text = pane.browser()->document()->toPlainText();
    QVERIFY(text.contains(third.observations.last().id));
    QVERIFY(!text.contains(first.observations.first().id));
    QTRY_COMPARE(pane.stoppedBuilds(), 2);
    QTest::qWait(50); // nothing else comes
    QCOMPARE(shown.count(), 1);
}

QTEST_MAIN(TestPreviewImport)
#include "tst_previewimport.moc"
