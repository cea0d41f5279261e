// SPDX-License-Identifier: GPL-3.0-or-later
// The main window: the demo record on the app's first start, empty state, filters, import, drag
// and drop.
#include "CurationPanel.h"
#include "DemoRecord.h"
#include "LedgerText.h"
#include "MainWindow.h"
#include "ObservationTableModel.h"
#include "PreviewPane.h"
#include "Screenshots.h"
#include "Store.h"
#include "StoreConnection.h"
#include "SuggestionProvider.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QMimeData>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolButton>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void firstStartShowsTheDemoRecord();
    void demoIsLoadedOnlyOnce();
    void filtersNarrowTheTable();
    void importShowsTheNewRecord();
    void badImportChangesNothing();
    void dropImports();
    void largeRecordShowsItsFirstRowsAtOnce();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
};

namespace {
QTableView *tableOf(MainWindow &w)
{
    return w.findChild<QTableView *>(QStringLiteral("observationTable"));
}
} // namespace

void TestMainWindow::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("cache.sqlite"));
}

void TestMainWindow::firstStartShowsTheDemoRecord()
{
    // The app's start (main() opens its window so) on an empty cache.
    Store store(m_path);
    QVERIFY(store.open().ok());
    const std::unique_ptr<MainWindow> started = openStartWindow(store);
    MainWindow &window = *started;
    QCOMPARE(window.statusBar()->currentMessage(),
        QStringLiteral("Loaded the demo ledger page of arXiv:2104.04473."));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *records = window.findChild<QListView *>(QStringLiteral("recordList"));
    QVERIFY(records);
    QCOMPARE(records->model()->rowCount(), 1);
    const QString text = records->model()->index(0, 0).data().toString();
    QVERIFY2(text.contains(QStringLiteral("arXiv:2104.04473 v5")), qPrintable(text));
    // One count everywhere: the record list, the footer and the filter say the same number.
    QTRY_VERIFY2(records->model()->index(0, 0).data().toString().contains(
                     QStringLiteral("16 of 34 need attention")),
        qPrintable(records->model()->index(0, 0).data().toString()));
    QTRY_COMPARE(tableOf(window)->model()->rowCount(), 34);
    auto *status = window.findChild<QLabel *>(QStringLiteral("filterStatus"));
    QVERIFY(status->text().contains(QStringLiteral("7 anomaly hints")));
    QVERIFY2(
        status->text().contains(QStringLiteral("16 need attention")), qPrintable(status->text()));
    QVERIFY2(status->toolTip().contains(QStringLiteral("11 in a problem state")),
        qPrintable(status->toolTip()));
    window.findChild<QCheckBox *>(QStringLiteral("attentionFilter"))->setChecked(true);
    QCOMPARE(tableOf(window)->model()->rowCount(), 16);
    window.findChild<QCheckBox *>(QStringLiteral("attentionFilter"))->setChecked(false);
    auto *heading = window.findChild<QLabel *>(QStringLiteral("recordHeading"));
    QVERIFY(heading->text().contains(QStringLiteral("arXiv:2104.04473 v5 · as of 2026-08-05")));
    QCOMPARE(*store.recordCount(), 1);
    if (screenshotsWanted()) {
        QTest::qWait(300); // let layouts settle before the screenshot
        QVERIFY(saveScreenshot(&window, QStringLiteral("ledger-curator-main.png")));
    }

    // A window made on an empty cache, not by the app's start, opens on it as it is.
    Store other(m_dir->filePath(QStringLiteral("other.sqlite")));
    QVERIFY(other.open().ok());
    MainWindow plain(other);
    QCOMPARE(*other.recordCount(), 0);
    QVERIFY(plain.statusBar()->currentMessage().isEmpty());
}

void TestMainWindow::demoIsLoadedOnlyOnce()
{
    {
        Store store(m_path);
        QVERIFY(store.open().ok());
        const std::unique_ptr<MainWindow> window = openStartWindow(store);
        QCOMPARE(*store.recordCount(), 1);
        QSqlQuery query(StoreConnection::of(store));
        QVERIFY(query.exec(QStringLiteral("DELETE FROM records")));
    }
    Store store(m_path);
    QVERIFY(store.open().ok());
    const std::unique_ptr<MainWindow> started = openStartWindow(store);
    MainWindow &window = *started;
    window.show();
    // The librarian removed the demo: it does not come back, and the empty state says what to do.
    QCOMPARE(*store.recordCount(), 0);
    auto *stack = window.findChild<QStackedWidget *>();
    auto *empty = window.findChild<QLabel *>(QStringLiteral("emptyState"));
    QVERIFY(stack && empty);
    QCOMPARE(stack->currentWidget(), empty);
    QVERIFY(empty->text().contains(QStringLiteral("Import")));
}

void TestMainWindow::filtersNarrowTheTable()
{
    WindowFixture seeded;
    QVERIFY2(seeded.open(), qPrintable(seeded.problem()));
    MainWindow &window = seeded.window();
    window.show();
    QTableView *table = tableOf(window);
    QTRY_COMPARE(table->model()->rowCount(), 34);
    auto *filter = window.findChild<QLineEdit *>(QStringLiteral("filterEdit"));
    QTest::keyClicks(filter, QStringLiteral("phoenix"));
    QTRY_COMPARE(table->model()->rowCount(), 2);
    filter->clear();
    QTRY_COMPARE(table->model()->rowCount(), 34);
    auto *mismatch = window.findChild<QToolButton *>(QStringLiteral("chip-metadata_mismatch"));
    QCOMPARE(mismatch->text(), QStringLiteral("mismatch  5"));
    QCOMPARE(mismatch->accessibleName(), QStringLiteral("metadata mismatch 5"));
    QTest::mouseClick(mismatch, Qt::LeftButton);
    QCOMPARE(table->model()->rowCount(), 5);
    QTest::mouseClick(
        window.findChild<QToolButton *>(QStringLiteral("chip-unresolved")), Qt::LeftButton);
    QCOMPARE(table->model()->rowCount(), 11);
    QTest::mouseClick(mismatch, Qt::LeftButton);
    QTest::mouseClick(
        window.findChild<QToolButton *>(QStringLiteral("chip-unresolved")), Qt::LeftButton);
    QCOMPARE(table->model()->rowCount(), 34);
    window.findChild<QCheckBox *>(QStringLiteral("attentionFilter"))->setChecked(true);
    // The 11 mismatched or unresolved, plus the hinted ones that are verified (MinT x2, Charon ref
    // 16, Hitchhiker ref 225, PHOENIX ref 4 verified).
    QCOMPARE(table->model()->rowCount(), 16);
}

void TestMainWindow::importShowsTheNewRecord()
{
    WindowFixture seeded;
    QVERIFY2(seeded.open(), qPrintable(seeded.problem()));
    MainWindow &window = seeded.window();
    window.show();
    QTRY_COMPARE(tableOf(window)->model()->rowCount(), 34);
    QByteArray other = fixture();
    other.replace("2104.04473", "2104.04474");
    const QString path = m_dir->filePath(QStringLiteral("other.txt"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(other);
    file.close();
    QSignalSpy finished(&window, &MainWindow::importFinished);
    QSignalSpy shown(&window, &MainWindow::recordShown);
    window.importFiles({ path });
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.first().first().toBool(), true);
    QTRY_VERIFY(
        !shown.isEmpty() && shown.last().first().toString() == QStringLiteral("2104.04474"));
    QCOMPARE(window.findChild<QListView *>(QStringLiteral("recordList"))->model()->rowCount(), 2);
}

void TestMainWindow::badImportChangesNothing()
{
    WindowFixture seeded;
    QVERIFY2(seeded.open(), qPrintable(seeded.problem()));
    MainWindow &window = seeded.window();
    window.show();
    QTRY_COMPARE(tableOf(window)->model()->rowCount(), 34);
    // The suggestions' worker refreshes the works the cache knows once a record is shown (a
    // write of its own): the cache as it is once that is done.
    QTRY_VERIFY(!window.suggestions().isBusy());
    const QString before = dumpDatabase(seeded.cachePath());
    const QString path = m_dir->filePath(QStringLiteral("bad.txt"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(fixture().left(5000));
    file.close();
    QSignalSpy finished(&window, &MainWindow::importFinished);
    window.importFiles({ path });
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.first().first().toBool(), false);
    // The refusal says where and what, in a box the user closes.
    auto *box = window.findChild<QMessageBox *>(QStringLiteral("errorBox"));
    QVERIFY(box);
    QVERIFY2(box->text().contains(path + QStringLiteral(":")), qPrintable(box->text()));
    box->close();
    QCOMPARE(dumpDatabase(seeded.cachePath()), before);
}

void TestMainWindow::dropImports()
{
    WindowFixture seeded;
    QVERIFY2(seeded.open(), qPrintable(seeded.problem()));
    MainWindow &window = seeded.window();
    window.show();
    QTRY_COMPARE(tableOf(window)->model()->rowCount(), 34);
    QByteArray other = fixture();
    other.replace("2104.04473", "2104.04475");
    const QString path = m_dir->filePath(QStringLiteral("dropped.txt"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(other);
    file.close();
    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(path) });
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QSignalSpy finished(&window, &MainWindow::importFinished);
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QTRY_COMPARE(finished.size(), 1);
    QTRY_COMPARE(
        window.findChild<QListView *>(QStringLiteral("recordList"))->model()->rowCount(), 2);
}

void TestMainWindow::largeRecordShowsItsFirstRowsAtOnce()
{
    // The fixture's inbound observations repeated to 3,034 observations.
    auto parsed = parseLedgerText(fixture(), QStringLiteral("fixture"));
    QVERIFY(parsed);
    Record big = parsed->record;
    big.arxivId = QStringLiteral("2401.00042");
    const QList<Observation> inbound = [&] {
        QList<Observation> list;
        for (const Observation &o : big.observations)
            if (o.direction == Direction::Inbound)
                list.append(o);
        return list;
    }();
    for (int n = 0; big.observations.size() < 3034; ++n) {
        Observation o = inbound[n % inbound.size()];
        o.id = uuidFor(100000 + n);
        big.observations.append(std::move(o));
    }
    big.stated.inbound = big.observations.size() - big.stated.outboundListed;
    {
        Store store(m_path);
        QVERIFY(store.open().ok());
        QVERIFY(store.importRecords({ big }, {}, RecordCheck::AlreadyValidated).ok());
    }
    Store store(m_path);
    QVERIFY(store.open().ok());
    MainWindow window(store);
    auto *panel = window.findChild<CurationPanel *>();
    auto *status = window.findChild<QLabel *>(QStringLiteral("filterStatus"));
    QTableView *table = tableOf(window);
    QVERIFY(panel && status && table);
    // What the librarian sees while the rest loads: the top of the page, nothing to edit yet.
    int firstRows = 0;
    bool panelEnabled = true;
    QString statusText;
    QString chosen;
    QSignalSpy exported(&window, &MainWindow::exportFinished);
    const QString pdf = m_dir->filePath(QStringLiteral("early.pdf"));
    connect(&window, &MainWindow::firstRowsShown, this, [&] {
        window.exportPdfTo(pdf); // not the record on screen yet: refused, nothing written
        firstRows = table->model()->rowCount();
        panelEnabled = panel->isEnabled();
        statusText = status->text();
        const QModelIndex row = table->model()->index(5, 0);
        chosen = row.data(ObservationTableModel::ObservationIdRole).toString();
        table->setCurrentIndex(row);
        // A picture to look at: LC_SCREENSHOT_DIR=/tmp/shots tst_mainwindow
        saveScreenshot(&window, QStringLiteral("ledger-curator-first-rows.png"));
    });
    // The page preview of the whole record (built on a worker thread) is under way by the time
    // the table takes the record, so that the two go on side by side.
    auto *preview = window.findChild<PreviewPane *>(QStringLiteral("previewPane"));
    QVERIFY(preview);
    int tableRows = 0;
    bool previewUnderWay = false;
    connect(table->model(), &QAbstractItemModel::modelReset, this, [&] {
        tableRows = table->model()->rowCount();
        if (tableRows == 3034)
            previewUnderWay = preview->isBuilding();
    });
    QSignalSpy previewShown(preview, &PreviewPane::previewShown);
    QSignalSpy first(&window, &MainWindow::firstRowsShown);
    QSignalSpy shown(&window, &MainWindow::recordShown);
    window.show();
    QTRY_COMPARE(shown.size(), 1);
    QCOMPARE(tableRows, 3034);
    QVERIFY(previewUnderWay);
    QCOMPARE(first.size(), 1);
    QCOMPARE(first.first().first().toString(), big.arxivId);
    QVERIFY2(firstRows > 0 && firstRows < 1000, qPrintable(QString::number(firstRows)));
    QVERIFY(!panelEnabled);
    QCOMPARE(exported.size(), 1);
    QCOMPARE(exported.first().first().toBool(), false);
    QVERIFY(!QFile::exists(pdf));
    QVERIFY2(statusText.contains(QStringLiteral("Loading"))
            && statusText.contains(QStringLiteral("3,034")),
        qPrintable(statusText));
    // Then the whole record, ready to edit, with the row chosen meanwhile still current.
    QCOMPARE(table->model()->rowCount(), 3034);
    QVERIFY(panel->isEnabled());
    QVERIFY2(status->text().startsWith(QStringLiteral("Showing 3,034 of 3,034")),
        qPrintable(status->text()));
    QCOMPARE(
        table->currentIndex().data(ObservationTableModel::ObservationIdRole).toString(), chosen);
    // The page came with the hints the table holds (the repeated observations are duplicates),
    // each hint once.
    const auto *model
        = qobject_cast<const ObservationTableModel *>(window.findChild<ObservationTableModel *>());
    QVERIFY(model && !model->hints().isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(!previewShown.isEmpty() && !preview->isBuilding(), 60000);
    QCOMPARE(previewShown.last().first().toString(), big.arxivId);
    // The page is scrolled to the row chosen while only the first rows were shown.
    QTRY_VERIFY(preview->browser()->verticalScrollBar()->value() > 0);
    const QString page = preview->browser()->toPlainText();
    QVERIFY(page.contains(QStringLiteral("Hint:")));
    for (const AnomalyHint &hint : model->hints())
        QVERIFY2(page.contains(hint.message.left(40)), qPrintable(hint.message));

    // A small record loads in one go.
    QSignalSpy firstAgain(&window, &MainWindow::firstRowsShown);
    QVERIFY(store.importRecords({ parsed->record }).ok());
    window.reloadRecords();
    window.selectRecord(parsed->record.arxivId);
    QTRY_COMPARE(shown.size(), 2);
    QCOMPARE(table->model()->rowCount(), 34);
    QCOMPARE(firstAgain.size(), 0);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
