// SPDX-License-Identifier: GPL-3.0-or-later
// The Notices view in the desktop app (issue 21, item 5): opened from Notices > All Notices...,
// filtered, exported as CSV (the rows it shows, RFC 4180, UTF-8), its empty state, and a reload
// when notices arrive. On a real cache in a temporary folder, offscreen.
#include "CurationSession.h"
#include "LedgerText.h"
#include "MainWindow.h"
#include "NoticeListModel.h"
#include "NoticeRows.h"
#include "NoticesView.h"
#include "RetractionCsv.h"
#include "Screenshots.h"
#include "Store.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAction>
#include <QComboBox>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QByteArray kRows = kOwnRetractionRow + kReplacedRow + kCorrectionRow;

//! Opens the view from the main window's menu action and waits for its rows.
NoticesView *openView(MainWindow &window)
{
    QAction *action = window.findChild<QAction *>(QStringLiteral("allNoticesAction"));
    if (!action)
        return nullptr;
    action->trigger();
    NoticesView *view = window.noticesView();
    if (!view->isVisible())
        return nullptr;
    if (!QTest::qWaitFor([view] { return !view->isLoading(); }, 10000))
        return nullptr;
    return view;
}

} // namespace

class TestNoticesView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void openFilterAndExport();
    void exportFailureIsSaid();
    void emptyStateThenNoticesArrive();
    void doubleClickShowsTheRecord();
    void importedPageGainsItsNotice();
    void screenshot();

private:
    void importNotices(const QByteArray &rows = kRows);
    std::unique_ptr<WindowFixture> m_fixture;
};

void TestNoticesView::init()
{
    m_fixture = std::make_unique<WindowFixture>();
    QVERIFY2(m_fixture->openCache(), qPrintable(m_fixture->problem()));
}

void TestNoticesView::cleanup()
{
    m_fixture.reset();
}

void TestNoticesView::importNotices(const QByteArray &rows)
{
    const QList<StandingNotice> made = notices(rows);
    QVERIFY(!made.isEmpty());
    auto stored = m_fixture->store().importNotices(made);
    QVERIFY2(stored, qPrintable(stored ? QString() : stored.error().toString()));
}

void TestNoticesView::openFilterAndExport()
{
    importNotices();
    MainWindow &window = m_fixture->makeWindow();
    window.show();
    QTRY_VERIFY(window.session().hasRecord());
    NoticesView *view = openView(window);
    QVERIFY(view);
    QCOMPARE(view->model()->rowCount(), 3);
    auto *count = view->findChild<QLabel *>(QStringLiteral("noticesCount"));
    QCOMPARE(count->text(), QStringLiteral("3 of 3 notices"));
    auto *table = view->findChild<QTableView *>(QStringLiteral("noticesTable"));
    QVERIFY(table->isVisible());
    // Newest first.
    QCOMPARE(table->model()->index(0, 0).data(NoticeListModel::RefRole).toString(),
        QStringLiteral("retraction-watch:60001"));

    // Retractions only: the retraction and replacement, and the record's own paper.
    auto *kind = view->findChild<QComboBox *>(QStringLiteral("noticesKindFilter"));
    kind->setCurrentIndex(kind->findData(int(EventKind::Retraction)));
    QCOMPARE(table->model()->rowCount(), 2);
    QCOMPARE(count->text(), QStringLiteral("2 of 3 notices"));
    auto *nature = view->findChild<QComboBox *>(QStringLiteral("noticesNatureFilter"));
    QVERIFY(nature->findData(QStringLiteral("Retraction and Replacement")) > 0);
    auto *record = view->findChild<QComboBox *>(QStringLiteral("noticesRecordFilter"));
    QVERIFY(record->findData(QStringLiteral("record:2104.04473")) > 0);

    // Export CSV... through the file dialog: the two rows shown, in view order.
    const QString path = m_fixture->filePath(QStringLiteral("report.csv"));
    QSignalSpy exported(view, &NoticesView::exported);
    view->findChild<QAction *>(QStringLiteral("exportNoticesCsvAction"))->trigger();
    QFileDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = view->findChild<QFileDialog *>(QStringLiteral("exportNoticesDialog"))));
    dialog->selectFile(path);
    QVERIFY(QMetaObject::invokeMethod(dialog, "accept"));
    QTRY_COMPARE(exported.size(), 1);
    QCOMPARE(exported.first().at(0).toBool(), true);
    QCOMPARE(exported.first().at(1).toString(), path);
    const QByteArray expected
        = "Notice,Kind,Nature,Date,Title,Status,Record,Observations,Review,Reviewed by,Note,Work,"
          "Notice DOI\r\n"
          "Retraction Watch record 60001,Retraction,Retraction and Replacement,2025-01-09,"
          "\"Cells, Signals and the \"\"Silent\"\" Pathway\nA Reassessment\",listed,,,,,,"
          "10.48550/arxiv.2301.01234,10.5555/rr.1\r\n"
          "Retraction Watch record 51234,Retraction,Retraction,2024-03-01,"
          "Efficient Large-Scale Language Model Training on GPU Clusters,listed,2104.04473,28,"
          "unreviewed,,,10.48550/arxiv.2104.04473,10.1234/retract.2104\r\n";
    QCOMPARE(readAll(path), expected);

    // Sorted otherwise, filtered by record: the export follows the view.
    kind->setCurrentIndex(0);
    record->setCurrentIndex(record->findData(QStringLiteral("none")));
    QCOMPARE(table->model()->rowCount(), 2);
    table->sortByColumn(NoticeListModel::DateColumn, Qt::AscendingOrder);
    QVERIFY(view->exportCsv(m_fixture->filePath(QStringLiteral("unmatched"))));
    const QList<QByteArray> lines
        = readAll(m_fixture->filePath(QStringLiteral("unmatched.csv"))).split('\n');
    QCOMPARE(lines.size(), 5); // header, 60002, 60001 over two lines, and the end
    QVERIFY(lines[1].startsWith("Retraction Watch record 60002,Correction,Correction,2023-11-15,"));
    QVERIFY(lines[2].startsWith("Retraction Watch record 60001,"));
    QVERIFY(lines[4].isEmpty());
    auto *search = view->findChild<QLineEdit *>(QStringLiteral("noticesSearch"));
    QTest::keyClicks(search, QStringLiteral("nothing like this"));
    QCOMPARE(table->model()->rowCount(), 0);
    QCOMPARE(view->findChild<QLabel *>(QStringLiteral("noticesEmpty"))->text(),
        QStringLiteral("No notice matches the filters."));
    QVERIFY(!view->findChild<QPushButton *>(QStringLiteral("exportNoticesCsv"))->isEnabled());
}

void TestNoticesView::exportFailureIsSaid()
{
    importNotices();
    MainWindow &window = m_fixture->makeWindow();
    window.show();
    NoticesView *view = openView(window);
    QVERIFY(view);
    const QString path = m_fixture->filePath(QStringLiteral("no-such-folder/report.csv"));
    QVERIFY(!view->exportCsv(path));
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = view->findChild<QMessageBox *>(QStringLiteral("exportNoticesError"))));
    QVERIFY2(box->text().contains(QStringLiteral("not exported")), qPrintable(box->text()));
    QVERIFY2(box->text().contains(path), qPrintable(box->text()));
    QVERIFY(!QFile::exists(path));
    box->close();
    // The cache's own file is never replaced by a report.
    QVERIFY(!view->exportCsv(m_fixture->cachePath()));
    QVERIFY(m_fixture->store().noticeCount().ok());
    QCOMPARE(*m_fixture->store().noticeCount(), 3);
}

void TestNoticesView::emptyStateThenNoticesArrive()
{
    MainWindow &window = m_fixture->makeWindow();
    window.show();
    NoticesView *view = openView(window);
    QVERIFY(view);
    auto *empty = view->findChild<QLabel *>(QStringLiteral("noticesEmpty"));
    QVERIFY(empty->isVisible());
    QCOMPARE(empty->text(),
        QStringLiteral("No notices yet: import a Retraction Watch CSV with Notices > Import "
                       "Notices... or sync with the team's server."));
    QVERIFY(!view->findChild<QPushButton *>(QStringLiteral("exportNoticesCsv"))->isEnabled());

    // Notices > Import Notices... while the view is open: it shows them.
    const QString file = m_fixture->filePath(QStringLiteral("rw.csv"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(kNoticeCsvHeader + kRows);
    out.close();
    QSignalSpy reloaded(view, &NoticesView::reloaded);
    window.importNoticesFile(file, NoticeImportScope::Partial);
    QTRY_VERIFY(reloaded.size() >= 1);
    QTRY_COMPARE(view->model()->rowCount(), 3);
    QVERIFY(view->findChild<QTableView *>(QStringLiteral("noticesTable"))->isVisible());
}

void TestNoticesView::doubleClickShowsTheRecord()
{
    importNotices();
    MainWindow &window = m_fixture->makeWindow();
    window.show();
    NoticesView *view = openView(window);
    QVERIFY(view);
    auto *table = view->findChild<QTableView *>(QStringLiteral("noticesTable"));
    QSignalSpy wanted(view, &NoticesView::showRecordRequested);
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        const QModelIndex index = table->model()->index(row, NoticeListModel::RecordColumn);
        Q_EMIT table->doubleClicked(index);
    }
    QCOMPARE(wanted.size(), 1); // the rows without a cached record ask for nothing
    QCOMPARE(wanted.first().first().toString(), QStringLiteral("2104.04473"));
    QTRY_COMPARE(window.session().record().shown.arxivId, QStringLiteral("2104.04473"));
}

void TestNoticesView::importedPageGainsItsNotice()
{
    importNotices();
    MainWindow &window = m_fixture->makeWindow();
    window.show();
    NoticesView *view = openView(window);
    QVERIFY(view);
    auto *record = view->findChild<QComboBox *>(QStringLiteral("noticesRecordFilter"));
    record->setCurrentIndex(record->findData(QStringLiteral("none")));
    QCOMPARE(view->proxy()->rowCount(), 2); // the retraction and replacement, the correction

    // File > Import of the page of arXiv:2301.01234 while the view is open: the notice about its
    // paper attaches to it.
    const Record rich = richRecord();
    const QString page = m_fixture->filePath(QStringLiteral("ledger-2301.01234.txt"));
    QFile out(page);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(renderLedgerText(rich).toUtf8());
    out.close();
    QSignalSpy finished(&window, &MainWindow::importFinished);
    window.importFiles({ page });
    QTRY_COMPARE(finished.size(), 1);
    const auto *error = window.findChild<QMessageBox *>(QStringLiteral("errorBox"));
    QVERIFY2(finished.first().first().toBool(), error ? qPrintable(error->text()) : "no message");
    QTRY_COMPARE(view->proxy()->rowCount(), 1);
    QVERIFY(record->findData(QStringLiteral("record:2301.01234")) > 0);
    record->setCurrentIndex(record->findData(QStringLiteral("record:2301.01234")));
    QCOMPARE(view->proxy()->rowCount(), 1);
    QCOMPARE(view->proxy()->index(0, 0).data(NoticeListModel::RefRole).toString(),
        QStringLiteral("retraction-watch:60001"));
    QCOMPARE(view->proxy()->index(0, NoticeListModel::ReviewColumn).data().toString(),
        QStringLiteral("unreviewed"));
}

void TestNoticesView::screenshot()
{
    // The demo page, the sample Retraction Watch file and one review.
    auto csv = readRetractionCsvFile(dataPath(QStringLiteral("retractions-sample.csv")));
    QVERIFY(csv);
    auto converted = standingNotices(*csv, QStringLiteral("2026-11-29T12:00:00.000Z"));
    QVERIFY(m_fixture->store().importNotices(converted.notices));
    importNotices(kRows.mid(kRows.indexOf("60001")));
    // A later complete list without the correction of 60002: withdrawn by the source.
    converted.notices.append(notices(kRows.mid(kRows.indexOf("60001"))).first());
    QVERIFY(m_fixture->store().importNotices(converted.notices, NoticeImportScope::Complete));
    QVERIFY(m_fixture->store().addCorrections(reviewEvents(QStringLiteral("2104.04473"),
        QStringLiteral("retraction-watch:51234"), QStringLiteral("acknowledged"),
        QStringLiteral("retraction notice confirmed"), QStringLiteral("Ana Ruiz"))));

    MainWindow &window = m_fixture->makeWindow();
    window.show();
    NoticesView *view = openView(window);
    QVERIFY(view);
    QVERIFY(view->model()->rowCount() >= 8);
    view->resize(1500, 420);
    QTest::qWait(100);
    QVERIFY(saveScreenshot(view, QStringLiteral("notices-view.png")));
}

QTEST_MAIN(TestNoticesView)
#include "tst_noticesview.moc"
