// SPDX-License-Identifier: GPL-3.0-or-later
// The page preview in the main window follows corrections and undo, scrolls to the selection, and
// File > Export PDF writes the record.
#include "CurationSession.h"
#include "MainWindow.h"
#include "ObservationTableModel.h"
#include "PreviewPane.h"
#include "Screenshots.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QComboBox>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");
const QString kLast = QStringLiteral("73494bae-8a1d-4c9f-a9ac-3a3c3d90d1a0");
//! The fixture's cache in the window, shown (at `size` when given), the table holding the
//! fixture's 34 rows: the window's preview pane, or null (the test has failed then).
PreviewPane *showSeeded(WindowFixture &seeded, const QSize &size = {})
{
    if (!seeded.open()) {
        QTest::qFail(qPrintable(seeded.problem()), __FILE__, __LINE__);
        return nullptr;
    }
    MainWindow &window = seeded.window();
    if (size.isValid())
        window.resize(size);
    window.show();
    const QAbstractItemModel *rows
        = window.findChild<QTableView *>(QStringLiteral("observationTable"))->model();
    if (!QTest::qWaitFor([rows] { return rows->rowCount() == 34; })) {
        QTest::qFail(qPrintable(QStringLiteral("the table holds %1 rows, not the fixture's 34")
                                    .arg(rows->rowCount())),
            __FILE__, __LINE__);
        return nullptr;
    }
    return window.findChild<PreviewPane *>(QStringLiteral("previewPane"));
}

} // namespace

class TestPreviewGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void previewFollowsCorrectionsAndUndo();
    void previewScrollsToTheSelection();
    void exportPdfFromTheApp();
    void headingsWrapInANarrowPane();
};

void TestPreviewGui::previewFollowsCorrectionsAndUndo()
{
    WindowFixture seeded;
    PreviewPane *preview = showSeeded(seeded);
    QVERIFY(preview);
    MainWindow &window = seeded.window();
    for (const QString &id : { kOpt, kLast })
        QVERIFY(preview->html().contains(id));
    QVERIFY(!preview->html().contains(QStringLiteral("Curated by")));

    auto result = window.session().applyEdits(
        { { kOpt, CurationField::State, QStringLiteral("verified_exact") } },
        QStringLiteral("Correct state"));
    QVERIFY(result.ok() && *result);
    QVERIFY(preview->html().contains(QStringLiteral("Curated by")));
    QVERIFY(
        preview->browser()->toPlainText().contains(QStringLiteral("state was metadata mismatch")));
    window.findChild<QAction *>(QStringLiteral("undoAction"))->trigger();
    QVERIFY(
        !preview->browser()->toPlainText().contains(QStringLiteral("state was metadata mismatch")));
    window.findChild<QAction *>(QStringLiteral("redoAction"))->trigger();
    QVERIFY(
        preview->browser()->toPlainText().contains(QStringLiteral("state was metadata mismatch")));
    window.findChild<QAction *>(QStringLiteral("previewAction"))->trigger();
    QCOMPARE(window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))->currentWidget(), preview);
    if (screenshotsWanted()) {
        QTest::qWait(200);
        QVERIFY(saveScreenshot(&window, QStringLiteral("ledger-curator-preview.png")));
    }
}

void TestPreviewGui::previewScrollsToTheSelection()
{
    WindowFixture seeded;
    PreviewPane *preview = showSeeded(seeded, QSize(1400, 800));
    QVERIFY(preview);
    MainWindow &window = seeded.window();
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))->setCurrentIndex(1);
    QScrollBar *bar = preview->browser()->verticalScrollBar();
    QTRY_VERIFY(bar->maximum() > 0);
    QCOMPARE(bar->value(), 0);
    const QModelIndex last = table->model()->index(33, ObservationTableModel::CitingTitleColumn);
    QCOMPARE(last.data(ObservationTableModel::ObservationIdRole).toString(), kLast);
    table->selectionModel()->setCurrentIndex(
        last, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QTRY_VERIFY(bar->value() > bar->maximum() / 2);
}

void TestPreviewGui::exportPdfFromTheApp()
{
    WindowFixture seeded;
    PreviewPane *preview = showSeeded(seeded);
    QVERIFY(preview);
    MainWindow &window = seeded.window();
    QSignalSpy finished(&window, &MainWindow::exportFinished);
    const QString path = seeded.filePath(QStringLiteral("page.pdf"));
    window.exportPdfTo(path);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QCOMPARE(finished.first().first().toBool(), true);
    QVERIFY(readAll(path).startsWith("%PDF"));
    QVERIFY(!window.findChild<QMessageBox *>(QStringLiteral("errorBox")));

    // A PDF that cannot be written: the window says so, with the path and why; nothing is left.
    const QString nowhere = seeded.filePath(QStringLiteral("no-such-folder/page.pdf"));
    window.exportPdfTo(nowhere);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 60000);
    QCOMPARE(finished.last().first().toBool(), false);
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = window.findChild<QMessageBox *>(QStringLiteral("errorBox"))) != nullptr);
    QVERIFY2(
        box->text().contains(nowhere + QStringLiteral(": cannot write")), qPrintable(box->text()));
    QVERIFY(!QFileInfo::exists(nowhere));
    box->close();
}

void TestPreviewGui::headingsWrapInANarrowPane()
{
    // The pane 300 pixels wide: the observations' headings wrap (page.css keeps them on one line
    // for the PDF), so the page does not scroll sideways; a heading is still found by its
    // observation's UUID.
    WindowFixture seeded;
    PreviewPane *preview = showSeeded(seeded);
    QVERIFY(preview);
    MainWindow &window = seeded.window();
    window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))->setCurrentWidget(preview);
    QTextBrowser *browser = preview->browser();
    browser->setFixedWidth(300);
    QTRY_VERIFY(browser->viewport()->width() <= 300);
    int headings = 0;
    int wrapped = 0;
    QTextDocument *document = browser->document();
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (!block.text().startsWith(QStringLiteral("Observation")))
            continue;
        ++headings;
        QVERIFY(!block.blockFormat().nonBreakableLines());
        document->documentLayout()->blockBoundingRect(block); // laid out that far
        wrapped += block.layout()->lineCount() > 1 ? 1 : 0;
    }
    QCOMPARE(headings, 34);
    QCOMPARE(wrapped, 34);
    QTRY_COMPARE(browser->horizontalScrollBar()->maximum(), 0);
    QVERIFY(preview->scrollToObservation(kLast));
}

QTEST_MAIN(TestPreviewGui)
#include "tst_previewgui.moc"
