// SPDX-License-Identifier: GPL-3.0-or-later
// The curator's day in the window (issue 22): Edit > Search All Records... opens a hit's record at
// its row, says when nothing matches; Help > Keyboard Shortcuts lists every shortcut of the menus
// and no two enabled actions share one; File > Export Observations as CSV... and File > Export
// Corrections Report... write their files (and say when they cannot). Offscreen, on a real cache.
#include "CorrectionReport.h"
#include "CsvText.h"
#include "CurationLog.h"
#include "CurationSession.h"
#include "EveryRecord.h"
#include "MainWindow.h"
#include "ObservationCsv.h"
#include "ObservationTableModel.h"
#include "ReportExport.h"
#include "Screenshots.h"
#include "SearchResultModel.h"
#include "SearchWindow.h"
#include "ShortcutsDialog.h"
#include "Store.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAction>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QTableView>
#include <QTreeWidget>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kSpiking = QStringLiteral("98915eea-eaf6-4490-9f89-fa2b7b9db928");

QString currentObservation(MainWindow &window)
{
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    return table ? table->currentIndex().data(ObservationTableModel::ObservationIdRole).toString()
                 : QString();
}

} // namespace

class TestReportsGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void searchOpensTheRecordAtTheRow();
    void searchSaysWhenNothingMatches();
    void shortcutsListedWithoutDuplicates();
    void exportObservationsAndCorrections();
    void exportFailureIsSaid();

private:
    //! The window on the fixture and the rich record, shown with its first record.
    MainWindow &openWindow();
    SearchWindow *searchFor(MainWindow &window, const QString &text);
    //! Chooses `path` in the file dialog named `name` that the window opened.
    bool saveThrough(MainWindow &window, const QString &name, const QString &path);
    std::unique_ptr<WindowFixture> m_fixture;
};

void TestReportsGui::init()
{
    m_fixture = std::make_unique<WindowFixture>();
}

void TestReportsGui::cleanup()
{
    m_fixture.reset();
}

MainWindow &TestReportsGui::openWindow()
{
    if (!m_fixture->open({ fixtureRecord(), richRecord() }))
        qFatal("%s", qPrintable(m_fixture->problem()));
    MainWindow &window = m_fixture->window();
    window.resize(1400, 800);
    window.show();
    if (!QTest::qWaitFor(
            [&window] { return window.session().hasRecord() && !window.isLoading(); }, 10000))
        qFatal("no record shown");
    return window;
}

SearchWindow *TestReportsGui::searchFor(MainWindow &window, const QString &text)
{
    auto *action = window.findChild<QAction *>(QStringLiteral("searchAllAction"));
    if (!action)
        return nullptr;
    action->trigger();
    auto *search = window.findChild<SearchWindow *>(QStringLiteral("searchWindow"));
    if (!search || !search->isVisible())
        return nullptr;
    auto *field = search->findChild<QLineEdit *>(QStringLiteral("searchAllField"));
    field->clear();
    QSignalSpy searched(search, &SearchWindow::searched);
    // QTest types Latin-1 only: other text is put in, then Enter pressed.
    if (std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() < 0x80; }))
        QTest::keyClicks(field, text);
    else
        field->setText(text);
    QTest::keyClick(field, Qt::Key_Return);
    if (!searched.wait(10000) && searched.isEmpty())
        return nullptr;
    if (!QTest::qWaitFor([search] { return !search->isSearching(); }, 10000))
        return nullptr;
    return search;
}

bool TestReportsGui::saveThrough(MainWindow &window, const QString &name, const QString &path)
{
    QFileDialog *dialog = nullptr;
    if (!QTest::qWaitFor(
            [&] { return (dialog = window.findChild<QFileDialog *>(name)) != nullptr; }, 5000))
        return false;
    dialog->selectFile(path);
    return QMetaObject::invokeMethod(dialog, "accept");
}

void TestReportsGui::searchOpensTheRecordAtTheRow()
{
    MainWindow &window = openWindow();
    const QString first = window.session().record().shown.arxivId;
    QCOMPARE(window.findChild<QAction *>(QStringLiteral("searchAllAction"))->shortcut(),
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    // A hit in the record not shown: the fixture's SpikingBrain, or the rich record's Cyrillic.
    const bool fixtureShown = first == u"2104.04473";
    const QString record
        = fixtureShown ? QStringLiteral("2301.01234") : QStringLiteral("2104.04473");
    const QString observation = fixtureShown ? uuidFor(12) : kSpiking;
    const QString text
        = fixtureShown ? QStringLiteral("ТРАНЗФОРМЕРЫ") : QStringLiteral("spikingbrain");
    SearchWindow *search = searchFor(window, text);
    QVERIFY(search);
    auto *table = search->findChild<QTableView *>(QStringLiteral("searchResults"));
    QVERIFY(table->isVisible());
    QModelIndex hit;
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        const QModelIndex index = table->model()->index(row, SearchResultModel::TextColumn);
        if (index.data(SearchResultModel::ObservationRole).toString() == observation)
            hit = index;
    }
    QVERIFY(hit.isValid());
    QCOMPARE(hit.data(SearchResultModel::RecordRole).toString(), record);
    QCOMPARE(table->model()->index(hit.row(), SearchResultModel::RecordColumn).data().toString(),
        QStringLiteral("arXiv:") + record);
    QVERIFY(!search->findChild<QLabel *>(QStringLiteral("searchStatus"))->text().isEmpty());
    search->resize(1000, 300);
    QTest::qWait(50);
    QVERIFY(saveScreenshot(search, QStringLiteral("search-window.png")));

    // Activated (double click, Enter): the record is shown at that row.
    table->setCurrentIndex(hit);
    QTest::keyClick(table, Qt::Key_Return);
    QTRY_COMPARE(window.session().record().shown.arxivId, record);
    QTRY_COMPARE(currentObservation(window), observation);

    // In the record shown, with a filter that hides the row: the filter gives way.
    auto *filter = window.findChild<QLineEdit *>(QStringLiteral("filterEdit"));
    QTest::keyClicks(filter, QStringLiteral("no row holds this"));
    QTRY_COMPARE(
        window.findChild<QTableView *>(QStringLiteral("observationTable"))->model()->rowCount(), 0);
    Q_EMIT search->observationRequested(record, observation);
    QTRY_COMPARE(currentObservation(window), observation);
    QVERIFY(filter->text().isEmpty());

    // Back to the first record, through its own title (a hit of the record, no row).
    const QString ownTitle
        = fixtureShown ? QStringLiteral("megatron-lm") : QStringLiteral("ünïcödé");
    search = searchFor(window, ownTitle);
    QVERIFY(search);
    const QModelIndex recordHit = table->model()->index(0, SearchResultModel::ObservationColumn);
    QCOMPARE(recordHit.data(SearchResultModel::RecordRole).toString(), first);
    QVERIFY(recordHit.data(SearchResultModel::ObservationRole).toString().isEmpty());
    Q_EMIT table->activated(recordHit);
    QTRY_COMPARE(window.session().record().shown.arxivId, first);

    // Opened again after the cache changed: the same text searched again.
    {
        const CorrectionEvent note = makeEdit({}, record, observation, CurationField::Note,
            QStringLiteral("found by the search again"), QStringLiteral("alice"),
            QStringLiteral("2026-11-29T10:00:00.000Z"));
        QVERIFY(m_fixture->store().addCorrections({ note }).ok());
    }
    search->findChild<QLineEdit *>(QStringLiteral("searchAllField"))
        ->setText(QStringLiteral("found by the search"));
    QSignalSpy searched(search, &SearchWindow::searched);
    QTest::keyClick(
        search->findChild<QLineEdit *>(QStringLiteral("searchAllField")), Qt::Key_Return);
    QTRY_COMPARE(searched.size(), 1);
    QCOMPARE(search->model()->rowCount(), 1);
    {
        const CorrectionEvent other = makeEdit({}, first, fixtureShown ? kSpiking : uuidFor(12),
            CurationField::Note, QStringLiteral("also found by the search"), QStringLiteral("bob"),
            QStringLiteral("2026-11-29T10:00:00.000Z"));
        QVERIFY(m_fixture->store().addCorrections({ other }).ok());
    }
    search->close();
    window.findChild<QAction *>(QStringLiteral("searchAllAction"))->trigger();
    QTRY_COMPARE(searched.size(), 2);
    QCOMPARE(search->model()->rowCount(), 2);
}

void TestReportsGui::searchSaysWhenNothingMatches()
{
    MainWindow &window = openWindow();
    SearchWindow *search = searchFor(window, QStringLiteral("no such words anywhere"));
    QVERIFY(search);
    auto *empty = search->findChild<QLabel *>(QStringLiteral("searchEmpty"));
    QVERIFY(empty->isVisible());
    QCOMPARE(empty->text(),
        QStringLiteral(
            "Nothing matches \u201cno such words anywhere\u201d in the 2 cached records."));
    QVERIFY(!search->findChild<QTableView *>(QStringLiteral("searchResults"))->isVisible());
    QCOMPARE(search->model()->rowCount(), 0);
}

void TestReportsGui::shortcutsListedWithoutDuplicates()
{
    MainWindow &window = openWindow();
    // No two enabled actions of the menus share a key sequence (walked here on their own).
    QHash<QKeySequence, QStringList> byKey;
    int withShortcut = 0;
    std::function<void(const QMenu *)> walk = [&](const QMenu *menu) {
        for (const QAction *action : menu->actions()) {
            if (action->menu()) {
                walk(action->menu());
                continue;
            }
            if (!action->shortcuts().isEmpty())
                ++withShortcut;
            if (!action->isEnabled())
                continue;
            for (const QKeySequence &key : action->shortcuts())
                byKey[key].append(action->text());
        }
    };
    for (const QAction *top : window.menuBar()->actions()) {
        if (top->menu())
            walk(top->menu());
    }
    for (auto it = byKey.cbegin(); it != byKey.cend(); ++it)
        QVERIFY2(it.value().size() == 1,
            qPrintable(it.key().toString() + QStringLiteral(": ") + it.value().join(u',')));
    QVERIFY(withShortcut >= 20);
    QVERIFY(duplicateShortcuts(menuShortcuts(window.menuBar())).isEmpty());

    window.findChild<QAction *>(QStringLiteral("shortcutsAction"))->trigger();
    QDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = window.findChild<QDialog *>(QStringLiteral("shortcutsDialog"))));
    QTRY_VERIFY(dialog->isVisible());
    auto *list = dialog->findChild<QTreeWidget *>(QStringLiteral("shortcutsList"));
    QHash<QString, QString> shown; // action -> shortcuts, "Menu/Action"
    int items = 0;
    for (int g = 0; g < list->topLevelItemCount(); ++g) {
        const QTreeWidgetItem *group = list->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i) {
            shown.insert(
                group->text(0) + u'/' + group->child(i)->text(0), group->child(i)->text(1));
            ++items;
        }
    }
    QCOMPARE(items, withShortcut);
    const auto native = [](QKeySequence key) { return key.toString(QKeySequence::NativeText); };
    QCOMPARE(shown.value(QStringLiteral("Edit/Search All Records...")),
        native(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F)));
    QCOMPARE(
        shown.value(QStringLiteral("Go/Next Needing Attention")), native(QKeySequence(Qt::Key_F8)));
    QCOMPARE(shown.value(QStringLiteral("File/Export PDF...")),
        native(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E)));
    QCOMPARE(shown.value(QStringLiteral("Sync/Sync Now")),
        native(QKeySequence(Qt::Key_F5)) + QStringLiteral(" or ")
            + native(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
    // Mnemonics are not shown; "&&" is a literal ampersand.
    for (auto it = shown.cbegin(); it != shown.cend(); ++it)
        QVERIFY2(!it.key().contains(u'&'), qPrintable(it.key()));
    QCOMPARE(withoutMnemonic(QStringLiteral("Tom && &Jerry")), QStringLiteral("Tom & Jerry"));
    dialog->resize(520, 600);
    QTest::qWait(50);
    QVERIFY(saveScreenshot(dialog, QStringLiteral("keyboard-shortcuts.png")));
}

void TestReportsGui::exportObservationsAndCorrections()
{
    // Two corrections of the fixture, by two curators.
    {
        const QString at = QStringLiteral("2026-11-29T10:00:00.000Z");
        const QList<CorrectionEvent> events {
            makeEdit({}, QStringLiteral("2104.04473"), kSpiking, CurationField::Note,
                QStringLiteral("checked, \"twice\""), QStringLiteral("alice"), at),
            makeEdit({}, QStringLiteral("2104.04473"), kSpiking, CurationField::State,
                QStringLiteral("verified_fuzzy"), QStringLiteral("bob"), at),
        };
        QVERIFY(m_fixture->openCache({ fixtureRecord(), richRecord() }));
        QVERIFY(m_fixture->store().addCorrections(events).ok());
    }
    MainWindow &window = m_fixture->makeWindow();
    window.show();
    QTRY_VERIFY(window.session().hasRecord() && !window.isLoading());
    auto *reports = window.findChild<ReportExport *>(QStringLiteral("reportExport"));
    QVERIFY(reports);
    QSignalSpy exported(reports, &ReportExport::exported);

    // The shown record's observations, as corrected.
    const QString observations = m_fixture->filePath(QStringLiteral("observations"));
    window.findChild<QAction *>(QStringLiteral("exportObservationsCsvAction"))->trigger();
    QVERIFY(saveThrough(window, QStringLiteral("exportObservationsDialog"), observations));
    QTRY_COMPARE(exported.size(), 1);
    QCOMPARE(exported.first().at(0).toBool(), true);
    QCOMPARE(exported.first().at(1).toString(), observations + QStringLiteral(".csv"));
    const QByteArray written = readAll(observations + QStringLiteral(".csv"));
    QCOMPARE(written,
        csvText(observationCsvRows(window.session().record().shown), CsvFormulas::Guard).toUtf8());
    QCOMPARE(written.count("\r\n"), window.session().record().shown.observations.size() + 1);

    // Every record's corrections.
    const QString corrections = m_fixture->filePath(QStringLiteral("corrections.csv"));
    window.findChild<QAction *>(QStringLiteral("exportCorrectionsAction"))->trigger();
    QVERIFY(saveThrough(window, QStringLiteral("exportCorrectionsDialog"), corrections));
    QTRY_COMPARE(exported.size(), 2);
    QCOMPARE(exported.at(1).at(0).toBool(), true);
    auto rows = cacheCorrectionReport(m_fixture->store());
    QVERIFY(rows.ok());
    QCOMPARE(rows->size(), 2);
    const QByteArray report = readAll(corrections);
    QCOMPARE(report, csvText(correctionReportCsvRows(*rows), CsvFormulas::Guard).toUtf8());
    QVERIFY(report.startsWith("when,who,record,observation,citing_title,cited_title,notice,"
                              "field,from,to,note\r\n"));
    QVERIFY(report.contains(QByteArray(",alice (unsigned),2104.04473," + kSpiking.toUtf8() + ',')));
    QVERIFY(report.contains(
        ",,note,(upstream: none),\"checked, \"\"twice\"\"\",\"checked, \"\"twice\"\"\"\r\n"));
}

void TestReportsGui::exportFailureIsSaid()
{
    MainWindow &window = openWindow();
    auto *reports = window.findChild<ReportExport *>(QStringLiteral("reportExport"));
    QSignalSpy exported(reports, &ReportExport::exported);
    const QString path = m_fixture->filePath(QStringLiteral("no-such-folder/report.csv"));
    reports->exportCorrections(path);
    QTRY_COMPARE(exported.size(), 1);
    QCOMPARE(exported.first().at(0).toBool(), false);
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = window.findChild<QMessageBox *>(QStringLiteral("reportExportError"))));
    QVERIFY2(box->text().contains(QStringLiteral("not exported")), qPrintable(box->text()));
    QVERIFY2(box->text().contains(path), qPrintable(box->text()));
    box->close();
    // The cache's own file is never replaced by a report.
    reports->exportObservations(window.session().record().shown, m_fixture->cachePath());
    QTRY_COMPARE(exported.size(), 2);
    QCOMPARE(exported.at(1).at(0).toBool(), false);
    QVERIFY(m_fixture->store().recordCount().ok());
    QCOMPARE(*m_fixture->store().recordCount(), 2);
}

QTEST_MAIN(TestReportsGui)
#include "tst_reportsgui.moc"
