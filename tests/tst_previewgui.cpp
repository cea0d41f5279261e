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

#include <QAction>
#include <QComboBox>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");
const QString kLast = QStringLiteral("73494bae-8a1d-4c9f-a9ac-3a3c3d90d1a0");
} // namespace

class TestPreviewGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void previewFollowsCorrectionsAndUndo();
    void previewScrollsToTheSelection();
    void exportPdfFromTheApp();
};

void TestPreviewGui::previewFollowsCorrectionsAndUndo()
{
    WindowFixture seeded;
    QVERIFY2(seeded.open(), qPrintable(seeded.problem()));
    MainWindow &window = seeded.window();
    window.show();
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    QTRY_COMPARE(table->model()->rowCount(), 34);
    auto *preview = window.findChild<PreviewPane *>(QStringLiteral("previewPane"));
    QVERIFY(preview);
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
    QVERIFY2(seeded.open(), qPrintable(seeded.problem()));
    MainWindow &window = seeded.window();
    window.resize(1400, 800);
    window.show();
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    QTRY_COMPARE(table->model()->rowCount(), 34);
    window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))->setCurrentIndex(1);
    auto *preview = window.findChild<PreviewPane *>(QStringLiteral("previewPane"));
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
    QVERIFY2(seeded.open(), qPrintable(seeded.problem()));
    MainWindow &window = seeded.window();
    window.show();
    QTRY_COMPARE(
        window.findChild<QTableView *>(QStringLiteral("observationTable"))->model()->rowCount(),
        34);
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

QTEST_MAIN(TestPreviewGui)
#include "tst_previewgui.moc"
