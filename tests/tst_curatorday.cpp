// SPDX-License-Identifier: GPL-3.0-or-later
// The curator's day (issue 22): deciding each observation that needs attention quickly, with the
// keyboard, one count everywhere; the panel saying what is wrong; and the defects a librarian
// tripped over (Apply enabled with nothing edited, a note reported as a state correction, the
// history's To column out of sight).
#include "AnomalyHints.h"
#include "Attention.h"
#include "CurationPanel.h"
#include "CurationSession.h"
#include "MainWindow.h"
#include "ObservationTableModel.h"
#include "Screenshots.h"
#include "Store.h"
#include "TestSupport.h"
#include "TitleDiff.h"
#include "WindowFixture.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMouseEvent>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTableView>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {
const QString kRecord = QStringLiteral("2104.04473");
const QString kDesignCp
    = QStringLiteral("e919841b-30d3-4e66-a2d1-e594d06b6753"); // unresolved, ref 75
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2"); // mismatch, ref 142
} // namespace

class TestCuratorDay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void compareTitlesMarksTheWordsThatDiffer();
    void applyIsOffUntilSomethingIsEdited();
    void aNoteAloneRecordsTheNoteOnly();
    void historyShowsEveryColumn();
    void panelSaysWhatMismatches();
    void identifierSaysWhatItIdentifies();
    void contradictionNeedsANote();
    void aCorrectedRowLeavingTheFilterKeepsThePanelFilled();
    void everyDecisionByKeyboardOneCountEverywhere();
    void columnsFitTheDataUntilTheUserSizesThem();
    void recordsNotShownAreCountedTheSameWay();

private:
    bool open(const QList<Record> &records = { fixtureRecord() });
    QTableView *table() const
    {
        return m_window->findChild<QTableView *>(QStringLiteral("observationTable"));
    }
    template <typename T> T *find(const char *name) const
    {
        T *widget = m_window->findChild<T *>(QString::fromLatin1(name));
        if (!widget)
            qWarning("no widget %s", name);
        return widget;
    }
    void select(const QString &id);
    QString currentId() const
    {
        return table()->currentIndex().data(ObservationTableModel::ObservationIdRole).toString();
    }
    qsizetype eventCount() const { return m_fixture->store().corrections(kRecord)->size(); }

    std::unique_ptr<WindowFixture> m_fixture;
    MainWindow *m_window = nullptr;
};

bool TestCuratorDay::open(const QList<Record> &records)
{
    m_fixture = std::make_unique<WindowFixture>();
    if (!m_fixture->open(records)) {
        qWarning("%s", qPrintable(m_fixture->problem()));
        return false;
    }
    m_window = &m_fixture->window();
    m_window->session().setAuthor(QStringLiteral("librarian"));
    m_window->resize(1600, 1000);
    m_window->show();
    if (!QTest::qWaitForWindowExposed(m_window))
        return false;
    m_window->activateWindow();
    return QTest::qWaitForWindowActive(m_window);
}

void TestCuratorDay::cleanup()
{
    m_window = nullptr;
    m_fixture.reset();
}

void TestCuratorDay::select(const QString &id)
{
    if (!clickObservationRow(table(), id))
        QFAIL("observation not in the table");
}

void TestCuratorDay::compareTitlesMarksTheWordsThatDiffer()
{
    using K = TitlePart::Kind;
    QCOMPARE(compareTitles(QStringLiteral("Efficient  Training on GPU clusters"),
                 QStringLiteral("Efficient Large-Scale Training on GPU Clusters.")),
        (QList<TitlePart> { { K::Same, QStringLiteral("Efficient") },
            { K::OnlySecond, QStringLiteral("Large-Scale") },
            { K::Same, QStringLiteral("Training on GPU clusters") } }));
    QVERIFY(sameTitleWords(
        QStringLiteral("Megatron-LM: Training"), QStringLiteral("megatron-lm training")));
    QVERIFY(!sameTitleWords(QStringLiteral("A B"), QStringLiteral("A C")));
    QCOMPARE(compareTitles(QStringLiteral("A B"), QStringLiteral("A C")),
        (QList<TitlePart> { { K::Same, QStringLiteral("A") }, { K::OnlyFirst, QStringLiteral("B") },
            { K::OnlySecond, QStringLiteral("C") } }));
}

void TestCuratorDay::applyIsOffUntilSomethingIsEdited()
{
    QVERIFY(open());
    QTRY_COMPARE(table()->model()->rowCount(), 34);
    // A state with a space ("metadata mismatch", "verified exact"): the state editor's key is
    // the same state, nothing is edited.
    for (const QString &id : { kOpt,
             table()
                 ->model()
                 ->index(0, 0)
                 .data(ObservationTableModel::ObservationIdRole)
                 .toString() }) {
        select(id);
        QTRY_VERIFY(find<QLabel>("panelHeading")->isVisible());
        QVERIFY2(!find<QPushButton>("applyButton")->isEnabled(), qPrintable(id));
        QVERIFY(!find<QAction>("applyNextAction")->isEnabled()
            || !find<QPushButton>("applyButton")->isEnabled());
    }
}

void TestCuratorDay::aNoteAloneRecordsTheNoteOnly()
{
    QVERIFY(open());
    QTRY_COMPARE(table()->model()->rowCount(), 34);
    select(kOpt);
    auto *state = find<QComboBox>("editor-state");
    QTRY_VERIFY(state->isVisible());
    state->setCurrentIndex(state->findData(QStringLiteral("verified_exact")));
    QTest::mouseClick(find<QPushButton>("applyButton"), Qt::LeftButton);
    QCOMPARE(eventCount(), 1);
    // Now "verified exact" (a space): a note alone is a note, and only the note is recorded.
    QVERIFY(!find<QPushButton>("applyButton")->isEnabled());
    QSignalSpy messages(find<CurationPanel>("curationPanel"), &CurationPanel::messageChanged);
    QTest::keyClicks(find<QLineEdit>("editor-note"), QStringLiteral("title checked"));
    QTest::mouseClick(find<QPushButton>("applyButton"), Qt::LeftButton);
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.first().first().toString(), QStringLiteral("Recorded: Correct note."));
    QCOMPARE(eventCount(), 2);
    QCOMPARE(m_window->session().undoStack()->undoText(), QStringLiteral("Correct note"));
}

void TestCuratorDay::historyShowsEveryColumn()
{
    QVERIFY(open());
    QTRY_COMPARE(table()->model()->rowCount(), 34);
    m_window->resize(1280, 800);
    select(kDesignCp);
    auto *identifier = find<QLineEdit>("editor-identifier");
    QTRY_VERIFY(identifier->isVisible());
    QTest::keyClicks(
        identifier, QStringLiteral("10.1234/a-rather-long-doi-for-the-design-cp-paper"));
    QTest::mouseClick(find<QPushButton>("applyButton"), Qt::LeftButton);
    auto *history = find<QTreeWidget>("historyView");
    QTRY_VERIFY(history->topLevelItemCount() >= 1);
    QApplication::processEvents();
    // The To column ends within the view: nothing to scroll to see what a field became.
    const QHeaderView *header = history->header();
    const int to = 4;
    QVERIFY2(header->sectionViewportPosition(to) + header->sectionSize(to)
            <= history->viewport()->width(),
        qPrintable(QStringLiteral("To ends at %1 of %2")
                       .arg(header->sectionViewportPosition(to) + header->sectionSize(to))
                       .arg(history->viewport()->width())));
    QVERIFY(header->sectionSize(to) > 40);
    // Nor is the panel wider than its place: nothing in it scrolls out of sight sideways.
    auto *scroll = find<QScrollArea>("panelScroll");
    QVERIFY2(scroll->widget()->minimumSizeHint().width() <= scroll->viewport()->width(),
        qPrintable(QStringLiteral("panel needs %1 of %2")
                       .arg(scroll->widget()->minimumSizeHint().width())
                       .arg(scroll->viewport()->width())));
    QVERIFY(!scroll->horizontalScrollBar()->isVisible());
    bool tipped = false;
    for (int i = 0; i < history->topLevelItemCount(); ++i)
        tipped
            = tipped || history->topLevelItem(i)->toolTip(to).contains(QStringLiteral("10.1234/"));
    QVERIFY(tipped);
}

void TestCuratorDay::panelSaysWhatMismatches()
{
    // The page's own mismatch: the citing paper gave this record's title word for word.
    Record record = fixtureRecord();
    QVERIFY(open({ record }));
    QTRY_COMPARE(table()->model()->rowCount(), 34);
    select(kOpt);
    auto *context = find<QLabel>("panelContext");
    QTRY_VERIFY(context->isVisible());
    QVERIFY2(
        context->text().contains(QStringLiteral("word for word")), qPrintable(context->text()));
    QVERIFY(context->text().contains(QStringLiteral("reference 142")));
    select(kDesignCp);
    QTRY_VERIFY(context->text().contains(QStringLiteral("Unresolved")));
    cleanup();

    // A cited title that differs: both titles, the differing words marked.
    for (Observation &o : record.observations) {
        if (o.id == kOpt)
            o.citedTitle = QStringLiteral("Efficient Language Model Training on TPU Clusters");
    }
    QVERIFY(open({ record }));
    QTRY_COMPARE(table()->model()->rowCount(), 34);
    select(kOpt);
    context = find<QLabel>("panelContext");
    QTRY_VERIFY(context->isVisible());
    const QString text = context->text();
    QVERIFY2(text.contains(QStringLiteral("As the citing paper gives it")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("<u><b>TPU</b></u>")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("<u><b>Large-Scale</b></u>")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("<u><b>GPU</b></u>")), qPrintable(text));
    QVERIFY(!text.contains(QStringLiteral("<u><b>Efficient")));
    if (screenshotsWanted()) {
        QTest::qWait(200);
        QVERIFY(saveScreenshot(m_window, QStringLiteral("panel-mismatch-1600x1000.png")));
    }
}

void TestCuratorDay::identifierSaysWhatItIdentifies()
{
    QVERIFY(open());
    QTRY_COMPARE(table()->model()->rowCount(), 34);
    select(kDesignCp);
    auto *hint = find<QLabel>("identifierHint");
    QTRY_VERIFY(hint->isVisible());
    QVERIFY2(hint->text().contains(QStringLiteral("reference 75 of the citing paper")),
        qPrintable(hint->text()));
    QVERIFY(hint->text().contains(QStringLiteral("arXiv:2104.04473")));
    // The identifier is the decision: the state follows it, visibly, and can be changed.
    auto *state = find<QComboBox>("editor-state");
    QCOMPARE(state->currentData().toString(), QStringLiteral("unresolved"));
    QTest::keyClicks(find<QLineEdit>("editor-identifier"), QStringLiteral("2205.01068"));
    QCOMPARE(state->currentData().toString(), QStringLiteral("verified_exact"));
    find<QLineEdit>("editor-identifier")->clear();
    QTest::keyClicks(find<QLineEdit>("editor-identifier"), QStringLiteral("x"));
    QCOMPARE(state->currentData().toString(), QStringLiteral("unresolved"));
}

void TestCuratorDay::contradictionNeedsANote()
{
    QVERIFY(open());
    QTRY_COMPARE(table()->model()->rowCount(), 34);
    select(kDesignCp); // unresolved; no resolver link
    auto *state = find<QComboBox>("editor-state");
    QTRY_VERIFY(state->isVisible());
    state->setCurrentIndex(state->findData(QStringLiteral("verified_exact")));
    auto *warning = find<QLabel>("panelWarning");
    QVERIFY(warning->isVisible());
    QVERIFY2(warning->text().contains(QStringLiteral("no resolver link and no identifier")),
        qPrintable(warning->text()));
    QVERIFY(!find<QPushButton>("applyButton")->isEnabled());
    find<QAction>("applyAction")->trigger();
    QCOMPARE(eventCount(), 0);
    // The curator overrides it with a note saying why.
    QTest::keyClicks(find<QLineEdit>("editor-note"), QStringLiteral("checked in the PDF"));
    QVERIFY(warning->isVisible());
    QVERIFY(warning->text().contains(QStringLiteral("with your note")));
    QVERIFY(find<QPushButton>("applyButton")->isEnabled());
    find<QAction>("applyAction")->trigger();
    QCOMPARE(eventCount(), 2);
}

void TestCuratorDay::aCorrectedRowLeavingTheFilterKeepsThePanelFilled()
{
    QVERIFY(open());
    QTRY_COMPARE(table()->model()->rowCount(), 34);
    find<QCheckBox>("attentionFilter")->setChecked(true);
    QCOMPARE(table()->model()->rowCount(), 16);
    select(kDesignCp);
    const int row = table()->currentIndex().row();
    QTest::keyClicks(find<QLineEdit>("editor-identifier"), QStringLiteral("2205.01068"));
    find<QAction>("applyAction")->trigger(); // Apply alone: the row leaves the filter
    QCOMPARE(table()->model()->rowCount(), 15);
    // The row that took its place is selected, and the panel shows it.
    QVERIFY(!currentId().isEmpty());
    QVERIFY(currentId() != kDesignCp);
    QCOMPARE(table()->currentIndex().row(), std::min(row, 14));
    QCOMPARE(find<CurationPanel>("curationPanel")->observations(), QStringList { currentId() });
    QVERIFY(find<QLabel>("panelHeading")->isVisible());
}

void TestCuratorDay::everyDecisionByKeyboardOneCountEverywhere()
{
    QVERIFY(open());
    QTRY_COMPARE(table()->model()->rowCount(), 34);
    auto *status = find<QLabel>("filterStatus");
    QVERIFY2(
        status->text().contains(QStringLiteral("16 need attention")), qPrintable(status->text()));
    auto *records = find<QListView>("recordList");
    QTRY_VERIFY(records->model()->index(0, 0).data().toString().contains(
        QStringLiteral("16 of 34 need attention")));

    // Only what needs attention, the first selected by F8.
    QTest::keyClick(m_window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(table()->model()->rowCount(), 16);
    table()->setFocus();
    QTest::keyClick(m_window, Qt::Key_F8);
    QVERIFY(!currentId().isEmpty());

    int decisions = 0;
    int identifiers = 0;
    QStringList decided;
    while (table()->model()->rowCount() > 0 && decisions < 40) {
        const QString id = currentId();
        QVERIFY2(!id.isEmpty(), "the panel went blank while rows remain");
        // A row with a problem state and a hint takes two decisions, and comes back once.
        QVERIFY(decided.count(id) < 2);
        decided.append(id);
        const Observation *o = m_window->session().record().shown.findObservation(id);
        QVERIFY(o);
        const qsizetype before = m_window->session().undoStack()->count();
        if (o->state == ResolutionState::Unresolved) {
            // Type the value (the state follows the identifier), then one key.
            QTest::keyClick(m_window, Qt::Key_K, Qt::AltModifier); // "Identifier (cited wor&k)"
            QTest::keyClicks(
                QApplication::focusWidget(), QStringLiteral("2301.%1").arg(10001 + identifiers++));
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return,
                Qt::ControlModifier | Qt::ShiftModifier);
        } else if (o->state == ResolutionState::MetadataMismatch) {
            // Choose the state with the keyboard (the first, verified exact), then one key.
            QTest::keyClick(m_window, Qt::Key_T, Qt::AltModifier); // "S&tate"
            QVERIFY(qobject_cast<QComboBox *>(QApplication::focusWidget()));
            QCOMPARE(QApplication::focusWidget()->objectName(), QStringLiteral("editor-state"));
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Home); // verified exact
            QCOMPARE(find<QComboBox>("editor-state")->currentData().toString(),
                QStringLiteral("verified_exact"));
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return,
                Qt::ControlModifier | Qt::ShiftModifier);
        } else {
            // An anomaly hint that is no problem: one key.
            QVERIFY(!m_window->session().record().shown.findObservation(id)->curation->excluded);
            QVERIFY(find<QGroupBox>("hintsBox")->isVisible());
            QTest::keyClick(m_window, Qt::Key_H, Qt::ControlModifier | Qt::ShiftModifier);
        }
        QCOMPARE(m_window->session().undoStack()->count(), before + 1);
        ++decisions;
    }
    QCOMPARE(table()->model()->rowCount(), 0);
    QCOMPARE(identifiers, 6);
    // At most one decision per reason (11 problem states, 10 hinted rows); one dismissal of a
    // repeated paper decides all its rows.
    QVERIFY2(decisions <= 21, qPrintable(QString::number(decisions)));
    // One count everywhere: the footer, the record list, the command line's list.
    QVERIFY2(
        status->text().contains(QStringLiteral("0 need attention")), qPrintable(status->text()));
    QTRY_VERIFY(records->model()->index(0, 0).data().toString().contains(
        QStringLiteral("none of 34 need attention")));
    const CliRun list = runCli({ QStringLiteral("list"), QStringLiteral("--json"),
                                   QStringLiteral("--db"), m_fixture->cachePath() },
        m_fixture->folder());
    QCOMPARE(list.exitCode, 0);
    QCOMPARE(
        QJsonDocument::fromJson(list.out).array().at(0)[QStringLiteral("needs_attention")].toInt(),
        0);
    // Every decision is its own undo step.
    QCOMPARE(m_window->session().undoStack()->count(), decisions);
}

void TestCuratorDay::columnsFitTheDataUntilTheUserSizesThem()
{
    // The demo (inbound only): the citing title has what the short columns leave, at both sizes.
    QVERIFY(open());
    QTRY_COMPARE(table()->model()->rowCount(), 34);
    QHeaderView *header = table()->horizontalHeader();
    QVERIFY(header->isSectionHidden(ObservationTableModel::CitedTitleColumn));
    for (const QSize size : { QSize(1600, 1000), QSize(1280, 800) }) {
        m_window->resize(size);
        QTest::qWait(50);
        const int citing = header->sectionSize(ObservationTableModel::CitingTitleColumn);
        QVERIFY2(citing >= (size.width() == 1600 ? 400 : 150), qPrintable(QString::number(citing)));
        // "none found" no longer takes what the titles need.
        QVERIFY(header->sectionSize(ObservationTableModel::NoticesColumn) < 120);
        if (screenshotsWanted())
            QVERIFY(saveScreenshot(m_window,
                QStringLiteral("table-columns-%1x%2.png").arg(size.width()).arg(size.height())));
    }
    cleanup();

    // A record with outbound references: the cited title column is on; the citing title (what
    // differs on most rows, inbound here) stretches.
    Record record = fixtureRecord();
    Observation outbound = record.observations.first();
    outbound.id = QStringLiteral("0b0b0b0b-0000-4000-8000-000000000001");
    outbound.direction = Direction::Outbound;
    outbound.citingTitle = record.title;
    outbound.citedTitle = QStringLiteral("Attention Is All You Need");
    record.observations.prepend(outbound); // outbound references come first
    record.stated.outboundListed = record.stated.outboundTotal = 1;
    record.stated.outboundDisplayed = record.stated.outboundDisplayedOf = 1;
    record.stated.outboundStates[int(outbound.state)] += 1;
    QVERIFY(open({ record }));
    QTRY_COMPARE(table()->model()->rowCount(), 35);
    header = table()->horizontalHeader();
    QVERIFY(!header->isSectionHidden(ObservationTableModel::CitedTitleColumn));
    QCOMPARE(
        header->sectionResizeMode(ObservationTableModel::CitingTitleColumn), QHeaderView::Stretch);
    QCOMPARE(header->sectionResizeMode(ObservationTableModel::CitedTitleColumn),
        QHeaderView::Interactive);
    QVERIFY(header->sectionSize(ObservationTableModel::CitedTitleColumn) <= 110);
    QCOMPARE(table()->textElideMode(), Qt::ElideMiddle);
    // The record's own side says "this paper"; the tooltip holds its title.
    const int row = table()->model()->rowCount() - 1;
    bool found = false;
    for (int r = 0; r < table()->model()->rowCount(); ++r) {
        const QModelIndex citing
            = table()->model()->index(r, ObservationTableModel::CitingTitleColumn);
        if (citing.data(ObservationTableModel::ObservationIdRole).toString() != outbound.id)
            continue;
        found = true;
        QCOMPARE(citing.data().toString(), QStringLiteral("this paper"));
        QCOMPARE(citing.data(Qt::ToolTipRole).toString(), record.title);
        QCOMPARE(
            table()->model()->index(r, ObservationTableModel::CitedTitleColumn).data().toString(),
            QStringLiteral("Attention Is All You Need"));
    }
    QVERIFY(found);
    Q_UNUSED(row);

    // The user drags a handle: from then on the widths are theirs.
    QVERIFY(!header->property("arrangedByUser").toBool());
    const int basis = ObservationTableModel::BasisColumn;
    const int edge = header->sectionViewportPosition(basis) + header->sectionSize(basis) - 1;
    const QPoint from(edge, header->height() / 2);
    const QPoint to(edge + 40, header->height() / 2);
    auto send = [header](QEvent::Type type, QPoint at, Qt::MouseButtons buttons) {
        QMouseEvent event(
            type, at, header->viewport()->mapToGlobal(at), Qt::LeftButton, buttons, Qt::NoModifier);
        QApplication::sendEvent(header->viewport(), &event);
    };
    const int before = header->sectionSize(basis);
    send(QEvent::MouseMove, from, Qt::NoButton);
    send(QEvent::MouseButtonPress, from, Qt::LeftButton);
    send(QEvent::MouseMove, to, Qt::LeftButton);
    send(QEvent::MouseButtonRelease, to, Qt::NoButton);
    QVERIFY2(header->sectionSize(basis) > before,
        qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(header->sectionSize(basis))));
    QVERIFY(header->property("arrangedByUser").toBool());
}

void TestCuratorDay::recordsNotShownAreCountedTheSameWay()
{
    Record other = fixtureRecord();
    other.arxivId = QStringLiteral("2301.01234");
    other.title = QStringLiteral("Another ledger");
    other.observations.removeLast(); // 33 observations
    QVERIFY(open({ fixtureRecord(), other }));
    QTRY_COMPARE(table()->model()->rowCount(), 34);
    // The record not shown is counted on a worker once the shown one is in, with the one
    // definition: the same number `list` gives.
    auto *records = find<QListView>("recordList");
    const AttentionCount expected = countAttention(other, anomalyHints(other));
    QVERIFY(expected.observations > 0);
    int row = -1;
    for (int r = 0; r < records->model()->rowCount(); ++r) {
        if (records->model()->index(r, 0).data().toString().contains(other.arxivId))
            row = r;
    }
    QVERIFY(row >= 0);
    QTRY_VERIFY2(records->model()->index(row, 0).data().toString().contains(
                     QStringLiteral("%1 of 33 need attention").arg(expected.observations)),
        qPrintable(records->model()->index(row, 0).data().toString()));
    QVERIFY(records->model()
                ->index(row, 0)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("in a problem state")));
    // Kept in the cache: the command line reads the same count without counting again.
    auto summaries = m_fixture->store().recordSummaries();
    QVERIFY(summaries.ok());
    for (const RecordSummary &s : std::as_const(*summaries))
        QVERIFY2(s.attention.has_value(), qPrintable(s.arxivId));
}

QTEST_MAIN(TestCuratorDay)
#include "tst_curatorday.moc"
