// SPDX-License-Identifier: GPL-3.0-or-later
// Retraction notices in the desktop app: the table mark, the banner over a record whose cited
// work is retracted or whose own paper is (said first, with the notice), and the review window
// recording one review decision per record and notice, undoable, covering every observation.
#include "CurationSession.h"
#include "MainWindow.h"
#include "NoticeReviewModel.h"
#include "NoticeReviewWindow.h"
#include "ObservationFilterProxy.h"
#include "ObservationTableModel.h"
#include "PreviewPane.h"
#include "RetractionCsv.h"
#include "Screenshots.h"
#include "Store.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QTreeView>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QByteArray kCsv
    = "Record ID,Title,Journal,Publisher,Author,URLS,ArticleType,RetractionDate,RetractionDOI,"
      "RetractionPubMedID,OriginalPaperDate,OriginalPaperDOI,OriginalPaperPubMedID,"
      "RetractionNature,Reason,Paywalled,Notes\n"
      "51234,\"Efficient Large-Scale Language Model Training, on GPU Clusters\",arXiv,Cornell,"
      "D. Narayanan,,Research Article,3/1/2024 0:00,10.1234/retract.2104,0,4/9/2021 0:00,"
      "10.48550/ARXIV.2104.04473,0,Retraction,+Duplication of Article;+Error in Data;,No,\n";

int countRetractedRows(const QAbstractItemModel *model)
{
    int n = 0;
    for (int row = 0; row < model->rowCount(); ++row)
        n += model->index(row, 0).data(ObservationTableModel::RetractedRole).toBool() ? 1 : 0;
    return n;
}

int countReview(const Record &record, const QString &status)
{
    int n = 0;
    for (const Observation &o : record.observations)
        n += o.events.status == EventsCheck::Status::Found && reviewStatusOf(o) == status ? 1 : 0;
    return n;
}

} // namespace

class TestNoticesGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void bannerAndTableMarkTheRetractedWork();
    void bannerHeightFollowsItsTextWidthAndFont();
    void reviewIsRecordedAndUndoable();
    void reviewFilters();
    void correctedIdentifierShowsTheNoticeAtOnce();
    void importNoticesFromTheApp();
    void reviewUndoTakesBackReviewsOnlyAndTheNoteEmpties();

private:
    std::unique_ptr<WindowFixture>
        m_fixture; // the fixture page's cache; each test makes its windows
    void importCsv();
};

void TestNoticesGui::init()
{
    m_fixture = std::make_unique<WindowFixture>();
    QVERIFY2(m_fixture->openCache(), qPrintable(m_fixture->problem()));
}

void TestNoticesGui::cleanup()
{
    m_fixture.reset();
}

void TestNoticesGui::importCsv()
{
    auto csv = parseRetractionCsv(kCsv, QStringLiteral("rw.csv"));
    QVERIFY(csv.ok());
    const RetractionImport converted
        = standingNotices(*csv, QStringLiteral("2026-11-29T12:00:00.000Z"));
    QCOMPARE(converted.notices.size(), 1);
    auto stored = m_fixture->store().importNotices(converted.notices);
    QVERIFY(stored.ok());
    QCOMPARE(stored->added, 1);
}

void TestNoticesGui::bannerAndTableMarkTheRetractedWork()
{
    importCsv();
    MainWindow window(m_fixture->store());
    window.session().setAuthor(QStringLiteral("tester")); // no first-run prompt
    window.show();
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    QTRY_COMPARE(table->model()->rowCount(), 34);
    auto *banner = window.findChild<QWidget *>(QStringLiteral("retractionBanner"));
    QVERIFY(banner);
    QTRY_VERIFY(banner->isVisible());
    const QString text = window.findChild<QLabel *>(QStringLiteral("retractionBannerText"))->text();
    // Said first: the paper itself is retracted, with the notice's date, source and identifiers;
    // one notice to review, not one per observation.
    for (const QString &said : { QStringLiteral("This paper (arXiv:2104.04473) is retracted: "
                                                "Retraction · 2024-03-01 · Retraction Watch "
                                                "record 51234 · notice 10.1234/retract.2104 · "
                                                "unreviewed."),
             QStringLiteral("1 notice not yet reviewed.") })
        QVERIFY2(text.contains(said), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("28")), qPrintable(text));
    QCOMPARE(countRetractedRows(table->model()), 28);
    // The preview says it at the top, once.
    auto *preview = window.findChild<PreviewPane *>(QStringLiteral("previewPane"));
    QTRY_VERIFY(preview->html().contains(QStringLiteral("This paper is retracted.")));
    QCOMPARE(preview->html().count(QStringLiteral("This paper is retracted.")), 1);
    QVERIFY(preview->html().indexOf(QStringLiteral("This paper is retracted."))
        < preview->html().indexOf(QStringLiteral("Pith citing papers")));
    // The mark in the notices column, with its review status.
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        const QModelIndex index = table->model()->index(row, ObservationTableModel::NoticesColumn);
        if (table->model()->index(row, 0).data(ObservationTableModel::RetractedRole).toBool()) {
            QVERIFY(index.data().toString().contains(QStringLiteral("Retracted (unreviewed)")));
            QVERIFY(index.data(Qt::ToolTipRole)
                        .toString()
                        .contains(QStringLiteral("10.1234/retract.2104")));
            QVERIFY(index.data(Qt::ToolTipRole)
                        .toString()
                        .contains(QStringLiteral("Duplication of Article")));
        }
    }
    QTest::qWait(100);
    QVERIFY(saveScreenshot(&window, QStringLiteral("ledger-curator-retracted.png")));

    // Without notices there is no banner.
    MainWindow plain(m_fixture->store());
    Q_UNUSED(plain);
}

void TestNoticesGui::reviewUndoTakesBackReviewsOnlyAndTheNoteEmpties()
{
    importCsv();
    MainWindow window(m_fixture->store());
    window.session().setAuthor(QStringLiteral("tester"));
    window.show();
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    QTRY_COMPARE(table->model()->rowCount(), 34);
    // A correction in the main window first: not the review window's to undo, nor to name.
    const QString id = window.session().record().shown.observations.first().id;
    auto corrected = window.session().applyEdits(
        { { id, CurationField::Note, QStringLiteral("checked") } }, QStringLiteral("Correct note"));
    QVERIFY(corrected.ok() && *corrected);
    window.findChild<QAction *>(QStringLiteral("reviewNoticesAction"))->trigger();
    NoticeReviewWindow *review = window.noticeReview();
    QTRY_VERIFY(!review->isLoading());
    auto *undo = review->findChild<QAction *>(QStringLiteral("reviewUndo"));
    QVERIFY(undo);
    QVERIFY(!undo->isEnabled());
    QVERIFY2(!undo->text().contains(QStringLiteral("note")), qPrintable(undo->text()));
    undo->trigger();
    QCOMPARE(window.session().undoStack()->index(), 1); // the correction stays

    auto *tree = review->findChild<QTreeView *>(QStringLiteral("noticeTree"));
    tree->selectionModel()->select(review->model()->index(0, 0),
        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    auto *note = review->findChild<QLineEdit *>(QStringLiteral("reviewNote"));
    QTest::keyClicks(note, QStringLiteral("confirmed with the publisher"));
    QTest::keyClick(note, Qt::Key_Return);
    QTRY_COMPARE(window.session().undoStack()->index(), 2);
    // Used, the note is gone: the next review does not carry it by mistake.
    QCOMPARE(note->text(), QString());
    QVERIFY(undo->isEnabled());
    QVERIFY2(undo->text().contains(QStringLiteral("Review 1 notice")), qPrintable(undo->text()));
    undo->trigger();
    QCOMPARE(window.session().undoStack()->index(), 1);
    QVERIFY(!undo->isEnabled()); // what is left is the main window's correction
    auto *redo = review->findChild<QAction *>(QStringLiteral("reviewRedo"));
    QVERIFY(redo->isEnabled());
    redo->trigger();
    QCOMPARE(window.session().undoStack()->index(), 2);
}

void TestNoticesGui::bannerHeightFollowsItsTextWidthAndFont()
{
    // The banner's text keeps its height for each width it was asked for (the layouts ask many
    // times); it is the height a label of the same text, font and width has, after a change of
    // text or font as before.
    importCsv();
    MainWindow window(m_fixture->store());
    window.session().setAuthor(QStringLiteral("tester"));
    window.show();
    auto *banner = window.findChild<QWidget *>(QStringLiteral("retractionBanner"));
    QTRY_VERIFY(banner->isVisible());
    auto *label = window.findChild<QLabel *>(QStringLiteral("retractionBannerText"));
    QVERIFY(label && label->wordWrap());
    const auto sameAsAFreshLabel = [label](const QString &step) {
        QLabel fresh(label->text());
        fresh.setWordWrap(true);
        fresh.setTextFormat(label->textFormat());
        fresh.setFont(label->font());
        fresh.setContentsMargins(label->contentsMargins());
        for (const int width : { 120, 300, 120, 700, 300 }) {
            QVERIFY2(label->heightForWidth(width) == fresh.heightForWidth(width),
                qPrintable(QStringLiteral("%1, width %2: %3 against %4")
                               .arg(step)
                               .arg(width)
                               .arg(label->heightForWidth(width))
                               .arg(fresh.heightForWidth(width))));
        }
    };
    sameAsAFreshLabel(QStringLiteral("as shown"));
    const int before = label->heightForWidth(300);
    label->setText(label->text().repeated(6));
    sameAsAFreshLabel(QStringLiteral("a longer text"));
    QVERIFY(label->heightForWidth(300) > before);
    QFont larger = label->font();
    larger.setPointSizeF(larger.pointSizeF() * 2);
    label->setFont(larger);
    sameAsAFreshLabel(QStringLiteral("a larger font"));
    label->setContentsMargins(0, 20, 0, 20);
    sameAsAFreshLabel(QStringLiteral("wider margins"));
}

void TestNoticesGui::reviewIsRecordedAndUndoable()
{
    importCsv();
    MainWindow window(m_fixture->store());
    window.session().setAuthor(QStringLiteral("tester")); // no first-run prompt
    window.show();
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    QTRY_COMPARE(table->model()->rowCount(), 34);
    window.findChild<QAction *>(QStringLiteral("reviewNoticesAction"))->trigger();
    NoticeReviewWindow *review = window.noticeReview();
    QVERIFY(review->isVisible());
    QTRY_VERIFY(!review->isLoading());
    NoticeReviewModel *model = review->model();
    QCOMPARE(model->rowCount(), 1);
    const QModelIndex group = model->index(0, 0);
    QCOMPARE(model->rowCount(group), 28);
    QVERIFY(group.data().toString().contains(QStringLiteral("arXiv:2104.04473")));
    QVERIFY(model->index(0, NoticeReviewModel::EventsColumn)
                .data()
                .toString()
                .contains(QStringLiteral("Retraction · 2024-03-01")));
    QCOMPARE(model->index(0, NoticeReviewModel::ReviewColumn).data().toString(),
        QStringLiteral("unreviewed"));

    auto *tree = review->findChild<QTreeView *>(QStringLiteral("noticeTree"));
    tree->selectionModel()->select(
        group, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    auto *status = review->findChild<QComboBox *>(QStringLiteral("reviewStatus"));
    status->setCurrentIndex(status->findData(QStringLiteral("escalated")));
    auto *note = review->findChild<QLineEdit *>(QStringLiteral("reviewNote"));
    QTest::keyClicks(note, QStringLiteral("Asked the editor; retraction confirmed"));
    const qsizetype before = m_fixture->store().corrections(QStringLiteral("2104.04473"))->size();
    QTest::mouseClick(
        review->findChild<QPushButton *>(QStringLiteral("recordReview")), Qt::LeftButton);

    QTRY_COMPARE(countReview(window.session().record().shown, QStringLiteral("escalated")), 28);
    // One decision: a status and a note on the notice, not one per observation.
    QCOMPARE(m_fixture->store().corrections(QStringLiteral("2104.04473"))->size(), before + 2);
    const QString ref = QStringLiteral("retraction-watch:51234");
    QCOMPARE(window.session().record().noticeReview(ref).status, QStringLiteral("escalated"));
    QCOMPARE(window.session().record().noticeReview(ref).author, QStringLiteral("tester"));
    for (const Observation &o : window.session().record().shown.observations) {
        if (o.events.status == EventsCheck::Status::Found)
            QCOMPARE(
                o.curation->reviewNote, QStringLiteral("Asked the editor; retraction confirmed"));
        // A review is no correction: no observation is marked corrected by it.
        QVERIFY2(o.curation->mark.isEmpty(), qPrintable(o.curation->mark));
    }
    // The table shows it on every retracted row at once.
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        if (table->model()->index(row, 0).data(ObservationTableModel::RetractedRole).toBool())
            QCOMPARE(
                table->model()->index(row, ObservationTableModel::NoticesColumn).data().toString(),
                QStringLiteral("⚠ Retracted (escalated)"));
    }
    // The Corrected filter does not count it.
    auto *proxy = qobject_cast<ObservationFilterProxy *>(table->model());
    QVERIFY(proxy);
    proxy->setCuratedOnly(true);
    QCOMPARE(proxy->rowCount(), 0);
    proxy->setCuratedOnly(false);
    QCOMPARE(proxy->rowCount(), 34);
    QTRY_COMPARE(model->index(0, NoticeReviewModel::ReviewColumn).data().toString(),
        QStringLiteral("escalated"));
    const QString bannerText
        = window.findChild<QLabel *>(QStringLiteral("retractionBannerText"))->text();
    QVERIFY2(bannerText.contains(QStringLiteral("All notices reviewed")), qPrintable(bannerText));
    QVERIFY2(bannerText.contains(QStringLiteral("escalated by tester")), qPrintable(bannerText));
    // The preview shows the decision with the notice, at the top.
    auto *preview = window.findChild<PreviewPane *>(QStringLiteral("previewPane"));
    // (each field from data is isolated: "by <bdi>tester</bdi>")
    QTRY_VERIFY(preview->html().contains(QStringLiteral("Review: escalated by ")));
    QVERIFY(preview->html().contains(QStringLiteral("Asked the editor; retraction confirmed")));
    // Reviewed notices no longer need attention; the page shows the review.
    QVERIFY(!table->model()->index(0, 0).data(ObservationTableModel::NeedsAttentionRole).toBool()
        || !table->model()->index(0, 0).data(ObservationTableModel::RetractedRole).toBool());
    QTest::qWait(100);
    QVERIFY(saveScreenshot(review, QStringLiteral("ledger-curator-notice-review.png")));

    // Undo from the review window: one step takes the whole review back.
    review->findChild<QAction *>(QStringLiteral("reviewUndo"))->trigger();
    QCOMPARE(countReview(window.session().record().shown, QStringLiteral("escalated")), 0);
    QCOMPARE(countReview(window.session().record().shown, QStringLiteral("unreviewed")), 28);
    QTRY_COMPARE(model->index(0, NoticeReviewModel::ReviewColumn).data().toString(),
        QStringLiteral("unreviewed"));
    // Undo appends events too: nothing is lost.
    QCOMPARE(m_fixture->store().corrections(QStringLiteral("2104.04473"))->size(), before + 4);
    window.session().undoStack()->redo();
    QCOMPARE(countReview(window.session().record().shown, QStringLiteral("escalated")), 28);

    // An observation row stands for its record's decision on the notice: all 28 follow.
    review->findChild<QComboBox *>(QStringLiteral("reviewFilter"))->setCurrentIndex(0);
    const QModelIndex first = model->index(0, 0, model->index(0, 0));
    tree->selectionModel()->select(
        first, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    status->setCurrentIndex(status->findData(QStringLiteral("dismissed")));
    note->clear();
    const qsizetype beforeDismiss
        = m_fixture->store().corrections(QStringLiteral("2104.04473"))->size();
    QTest::keyClick(note, Qt::Key_Return);
    QTRY_COMPARE(countReview(window.session().record().shown, QStringLiteral("dismissed")), 28);
    QCOMPARE(
        m_fixture->store().corrections(QStringLiteral("2104.04473"))->size(), beforeDismiss + 2);
    for (const Observation &o : window.session().record().shown.observations) {
        if (o.events.status == EventsCheck::Status::Found) {
            QCOMPARE(o.curation->review, QStringLiteral("dismissed"));
            QVERIFY(o.curation->reviewNote.isEmpty());
        }
    }
}

void TestNoticesGui::reviewFilters()
{
    importCsv();
    MainWindow window(m_fixture->store());
    window.session().setAuthor(QStringLiteral("tester")); // no first-run prompt
    window.show();
    QTRY_VERIFY(window.session().hasRecord());
    window.showNoticeReview();
    NoticeReviewWindow *review = window.noticeReview();
    QTRY_VERIFY(!review->isLoading());
    NoticeReviewModel *model = review->model();
    QCOMPARE(model->rowCount(), 1);
    auto *kind = review->findChild<QComboBox *>(QStringLiteral("kindFilter"));
    kind->setCurrentIndex(kind->findData(int(EventKind::Correction)));
    QCOMPARE(model->rowCount(), 0);
    QVERIFY(review->findChild<QLabel *>(QStringLiteral("noticeEmpty"))
                ->text()
                .contains(QStringLiteral("No notice matches")));
    kind->setCurrentIndex(kind->findData(int(EventKind::Retraction)));
    QCOMPARE(model->rowCount(), 1);
    auto *filter = review->findChild<QComboBox *>(QStringLiteral("reviewFilter"));
    filter->setCurrentIndex(filter->findData(QStringLiteral("acknowledged")));
    QCOMPARE(model->rowCount(), 0);
    filter->setCurrentIndex(filter->findData(QStringLiteral("unreviewed")));
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->rowCount(model->index(0, 0)), 28);
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    Q_UNUSED(tester);
}

void TestNoticesGui::correctedIdentifierShowsTheNoticeAtOnce()
{
    importCsv();
    MainWindow window(m_fixture->store());
    window.session().setAuthor(QStringLiteral("tester")); // no first-run prompt
    window.show();
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    QTRY_COMPARE(table->model()->rowCount(), 34);
    QCOMPARE(countRetractedRows(table->model()), 28);
    QString unresolved;
    for (const Observation &o : window.session().record().shown.observations) {
        if (o.basis == u"no resolver link") {
            unresolved = o.id;
            QCOMPARE(o.events.status, EventsCheck::Status::Unavailable);
            break;
        }
    }
    QVERIFY(!unresolved.isEmpty());
    auto applied = window.session().applyEdits(
        { { unresolved, CurationField::Identifier, QStringLiteral("2104.04473") } },
        QStringLiteral("Resolve"));
    QVERIFY(applied.ok() && *applied);
    QCOMPARE(countRetractedRows(table->model()), 29);
    const QString text = window.findChild<QLabel *>(QStringLiteral("retractionBannerText"))->text();
    QVERIFY2(text.contains(QStringLiteral("is retracted")), qPrintable(text));
    window.session().undoStack()->undo();
    QCOMPARE(countRetractedRows(table->model()), 28);
}

void TestNoticesGui::importNoticesFromTheApp()
{
    MainWindow window(m_fixture->store());
    window.session().setAuthor(QStringLiteral("tester")); // no first-run prompt
    window.show();
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    QTRY_COMPARE(table->model()->rowCount(), 34);
    QCOMPARE(countRetractedRows(table->model()), 0);
    QVERIFY(!window.findChild<QWidget *>(QStringLiteral("retractionBanner"))->isVisible());
    // The review window's empty state says what to do.
    window.showNoticeReview();
    QTRY_VERIFY(!window.noticeReview()->isLoading());
    QVERIFY(window.noticeReview()
                ->findChild<QLabel *>(QStringLiteral("noticeEmpty"))
                ->text()
                .contains(QStringLiteral("Import Notices")));

    const QString file = m_fixture->filePath(QStringLiteral("rw.csv"));
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(kCsv);
    out.write("9,Bad,J,P,A,,Article,2024-03-01,10.1/x,0,1/1/2020 0:00,10.1/y,0,Retraction,,No,\n");
    out.close();
    QSignalSpy imported(&window, &MainWindow::noticesImported);
    window.importNoticesFile(file, NoticeImportScope::Partial);
    QTRY_COMPARE(imported.size(), 1);
    QCOMPARE(imported.first().first().toBool(), true);
    QTRY_COMPARE(countRetractedRows(table->model()), 28);
    QVERIFY(window.findChild<QWidget *>(QStringLiteral("retractionBanner"))->isVisible());
    // The bad row is reported with its line.
    QTRY_VERIFY(window.findChild<QMessageBox *>(QStringLiteral("warningBox")));
    QVERIFY(window.findChild<QMessageBox *>(QStringLiteral("warningBox"))
                ->text()
                .contains(QStringLiteral("rw.csv:3:")));
    QTRY_COMPARE(window.noticeReview()->model()->rowCount(), 1);
    QCOMPARE(*m_fixture->store().noticeCount(), 1);
}

QTEST_MAIN(TestNoticesGui)
#include "tst_noticesgui.moc"
