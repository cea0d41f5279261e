// SPDX-License-Identifier: GPL-3.0-or-later
// The main window: the demo record on first start, the empty state, filtering.
#include "MainWindow.h"
#include "Store.h"
#include "TestSupport.h"

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSqlQuery>
#include <QStackedWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator;

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void firstStartShowsTheDemoRecord();
    void demoIsLoadedOnlyOnce();
    void filterNarrowsTheTable();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
};

void TestMainWindow::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("cache.sqlite"));
}

void TestMainWindow::firstStartShowsTheDemoRecord()
{
    Store store(m_path);
    QVERIFY(store.open().ok());
    MainWindow window(store);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *records = window.findChild<QListWidget *>(QStringLiteral("recordList"));
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    QVERIFY(records && table);
    QCOMPARE(records->count(), 1);
    QVERIFY(records->item(0)->text().contains(QStringLiteral("arXiv:2104.04473 v5")));
    QVERIFY(records->item(0)->text().contains(QStringLiteral("11 of 34 need attention")));
    QCOMPARE(table->model()->rowCount(), 34);
    auto *summary = window.findChild<QLabel *>(QStringLiteral("summaryLabel"));
    QVERIFY(summary->text().contains(QStringLiteral("5 metadata mismatch")));
    QVERIFY(summary->text().contains(QStringLiteral("6 unresolved")));
    QCOMPARE(*store.recordCount(), 1);
}

void TestMainWindow::demoIsLoadedOnlyOnce()
{
    {
        Store store(m_path);
        QVERIFY(store.open().ok());
        MainWindow window(store);
        QSqlQuery query(store.database());
        QVERIFY(query.exec(QStringLiteral("DELETE FROM records")));
    }
    Store store(m_path);
    QVERIFY(store.open().ok());
    MainWindow window(store);
    window.show();
    // The librarian removed the demo: it does not come back, and the empty state says what to do.
    QCOMPARE(*store.recordCount(), 0);
    auto *stack = window.findChild<QStackedWidget *>();
    auto *empty = window.findChild<QLabel *>(QStringLiteral("emptyState"));
    QVERIFY(stack && empty);
    QCOMPARE(stack->currentWidget(), empty);
    QVERIFY(empty->text().contains(QStringLiteral("Import")));
}

void TestMainWindow::filterNarrowsTheTable()
{
    Store store(m_path);
    QVERIFY(store.open().ok());
    MainWindow window(store);
    window.show();
    auto *filter = window.findChild<QLineEdit *>(QStringLiteral("filterEdit"));
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    QTest::keyClicks(filter, QStringLiteral("phoenix"));
    QTRY_COMPARE(table->model()->rowCount(), 2);
    filter->clear();
    QTest::keyClicks(filter, QStringLiteral("metadata mismatch"));
    QTRY_COMPARE(table->model()->rowCount(), 5);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
