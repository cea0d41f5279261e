// SPDX-License-Identifier: GPL-3.0-or-later
// Curating in the desktop app, as a librarian would: select, correct, apply, undo, redo, bulk
// changes, refused identifiers, keyboard triage and conflicts.
#include "CurationPanel.h"
#include "CurationSession.h"
#include "MainWindow.h"
#include "ObservationTableModel.h"
#include "Screenshots.h"
#include "Store.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableView>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {
const QString kDesignCp
    = QStringLiteral("e919841b-30d3-4e66-a2d1-e594d06b6753"); // unresolved, ref 75
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2"); // metadata mismatch
} // namespace

class TestCurationGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void correctUnresolvedThenUndoRedo();
    void invalidIdentifierIsRefusedWithItsReason();
    void bulkStateChangeIsOneUndoStep();
    void nextAttentionWalksTheAttentionFilter();
    void keyboardOnlyTriage();
    void conflictIsShownAndResolvedByChoosing();
    void longConflictingValuesKeepThePanelsWidth();
    void fixAllElevenProblems();
    void bidiCharactersInLabelsAreShownInert();

private:
    QTableView *table() const
    {
        return m_window->findChild<QTableView *>(QStringLiteral("observationTable"));
    }
    QString stateShown(const QString &id) const;
    void selectObservation(const QString &id);
    template <typename T> T *find(const char *name) const
    {
        T *widget = m_window->findChild<T *>(QString::fromLatin1(name));
        if (!widget)
            qWarning("no widget %s", name);
        return widget;
    }

    std::unique_ptr<WindowFixture> m_fixture;
    Store *m_store = nullptr;
    MainWindow *m_window = nullptr;
};

void TestCurationGui::init()
{
    m_fixture = std::make_unique<WindowFixture>();
    QVERIFY2(m_fixture->open(), qPrintable(m_fixture->problem()));
    m_store = &m_fixture->store();
    m_window = &m_fixture->window();
    m_window->session().setAuthor(QStringLiteral("librarian"));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QTRY_COMPARE(table()->model()->rowCount(), 34);
}

void TestCurationGui::cleanup()
{
    m_window = nullptr;
    m_store = nullptr;
    m_fixture.reset();
}

QString TestCurationGui::stateShown(const QString &id) const
{
    QAbstractItemModel *model = table()->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, ObservationTableModel::StateColumn);
        if (index.data(ObservationTableModel::ObservationIdRole).toString() == id)
            return index.data().toString();
    }
    return {};
}

void TestCurationGui::selectObservation(const QString &id)
{
    if (!clickObservationRow(table(), id))
        QFAIL("observation not in the table");
}

void TestCurationGui::correctUnresolvedThenUndoRedo()
{
    selectObservation(kDesignCp);
    auto *heading = find<QLabel>("panelHeading");
    QTRY_VERIFY(heading->isVisible());
    QVERIFY(heading->text().contains(QStringLiteral("Design-CP")));
    QCOMPARE(find<QLabel>("upstream-state")->text(), QStringLiteral("unresolved"));

    auto *identifier = find<QLineEdit>("editor-identifier");
    QTest::keyClicks(identifier, QStringLiteral("arXiv:2407.01234"));
    auto *state = find<QComboBox>("editor-state");
    state->setCurrentIndex(state->findData(QStringLiteral("verified_exact")));
    auto *apply = find<QPushButton>("applyButton");
    QVERIFY(apply->isEnabled());
    QTest::mouseClick(apply, Qt::LeftButton);

    QCOMPARE(stateShown(kDesignCp), QStringLiteral("verified exact"));
    auto *history = find<QTreeWidget>("historyView");
    QCOMPARE(history->topLevelItemCount(), 2);
    QStringList fields;
    for (int i = 0; i < 2; ++i) {
        QCOMPARE(history->topLevelItem(i)->text(1), QStringLiteral("librarian"));
        fields.append(history->topLevelItem(i)->text(2));
    }
    fields.sort();
    QCOMPARE(fields, QStringList({ QStringLiteral("identifier"), QStringLiteral("state") }));
    const QString marks
        = table()
              ->model()
              ->index(table()->currentIndex().row(), ObservationTableModel::MarksColumn)
              .data()
              .toString();
    QCOMPARE(marks, QStringLiteral("corrected"));

    QUndoStack *stack = m_window->session().undoStack();
    QCOMPARE(stack->count(), 1);
    find<QAction>("undoAction")->trigger();
    QCOMPARE(stateShown(kDesignCp), QStringLiteral("unresolved"));
    QCOMPARE(history->topLevelItemCount(), 4); // undo is new events, never a deletion
    QCOMPARE(find<QLineEdit>("editor-identifier")->text(), QString());
    find<QAction>("redoAction")->trigger();
    QCOMPARE(stateShown(kDesignCp), QStringLiteral("verified exact"));
    QCOMPARE(find<QLineEdit>("editor-identifier")->text(), QStringLiteral("2407.01234"));
    QCOMPARE(history->topLevelItemCount(), 6);
    // What the panel shows is what the cache holds.
    auto stored = m_store->loadCurated(QStringLiteral("2104.04473"));
    QVERIFY(stored.ok() && stored->has_value());
    QCOMPARE((*stored)->events.size(), 6);

    // "Recorded: ..." names what was recorded, once it is in the cache: a note alone (the state
    // editor, untouched, shows the value the state already has).
    QSignalSpy messages(find<CurationPanel>("curationPanel"), &CurationPanel::messageChanged);
    QTest::keyClicks(find<QLineEdit>("editor-note"), QStringLiteral("checked by hand"));
    QTest::mouseClick(find<QPushButton>("applyButton"), Qt::LeftButton);
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.first().first().toString(), QStringLiteral("Recorded: Correct note."));
    stored = m_store->loadCurated(QStringLiteral("2104.04473"));
    QCOMPARE((*stored)->events.size(), 7);
}

void TestCurationGui::invalidIdentifierIsRefusedWithItsReason()
{
    selectObservation(kDesignCp);
    auto *identifier = find<QLineEdit>("editor-identifier");
    QTRY_VERIFY(identifier->isVisible());
    QTest::keyClicks(identifier, QStringLiteral("1501.1234"));
    auto *problem = find<QLabel>("problem-identifier");
    QVERIFY(problem->isVisible());
    QVERIFY2(problem->text().contains(QStringLiteral("five digits")), qPrintable(problem->text()));
    QVERIFY(!find<QPushButton>("applyButton")->isEnabled());
    find<QAction>("applyAction")->trigger();
    QCOMPARE(m_window->session().undoStack()->count(), 0);
    identifier->clear();
    QTest::keyClicks(identifier, QStringLiteral("10.1234/design-cp"));
    QVERIFY(!problem->isVisible());
    QVERIFY(find<QPushButton>("applyButton")->isEnabled());
}

void TestCurationGui::bulkStateChangeIsOneUndoStep()
{
    find<QCheckBox>("attentionFilter")->setChecked(false);
    QAbstractItemModel *model = table()->model();
    QStringList chosen;
    QItemSelection selection;
    for (int row = 0; row < model->rowCount() && chosen.size() < 3; ++row) {
        const QModelIndex index = model->index(row, 0);
        if (index.data(ObservationTableModel::StateRole).toInt()
            == int(ResolutionState::MetadataMismatch)) {
            chosen.append(index.data(ObservationTableModel::ObservationIdRole).toString());
            selection.select(index, model->index(row, ObservationTableModel::ColumnCount - 1));
        }
    }
    QCOMPARE(chosen.size(), 3);
    table()->selectionModel()->select(
        selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    auto *heading = find<QLabel>("multiHeading");
    QTRY_VERIFY(heading->isVisible());
    QCOMPARE(heading->text(), QStringLiteral("3 observations selected."));
    auto *state = find<QComboBox>("multiState");
    state->setCurrentIndex(state->findData(QStringLiteral("verified_fuzzy")));
    QTest::mouseClick(find<QPushButton>("multiApplyButton"), Qt::LeftButton);
    for (const QString &id : chosen)
        QCOMPARE(stateShown(id), QStringLiteral("verified fuzzy"));
    QCOMPARE(m_window->session().undoStack()->count(), 1);
    find<QAction>("undoAction")->trigger();
    for (const QString &id : chosen)
        QCOMPARE(stateShown(id), QStringLiteral("metadata mismatch"));
    find<QAction>("redoAction")->trigger();
    for (const QString &id : chosen)
        QCOMPARE(stateShown(id), QStringLiteral("verified fuzzy"));
}

void TestCurationGui::nextAttentionWalksTheAttentionFilter()
{
    // What the attention filter shows, in table order...
    auto *attention = find<QCheckBox>("attentionFilter");
    attention->setChecked(true);
    QStringList expected;
    for (int row = 0; row < table()->model()->rowCount(); ++row)
        expected.append(table()
                            ->model()
                            ->index(row, 0)
                            .data(ObservationTableModel::ObservationIdRole)
                            .toString());
    QCOMPARE(expected.size(), 16);
    attention->setChecked(false);
    // ... is exactly what F8 walks through in the unfiltered table, sorted by reference number.
    table()->sortByColumn(ObservationTableModel::ReferenceColumn, Qt::AscendingOrder);
    attention->setChecked(true);
    QStringList sortedExpected;
    for (int row = 0; row < table()->model()->rowCount(); ++row)
        sortedExpected.append(table()
                                  ->model()
                                  ->index(row, 0)
                                  .data(ObservationTableModel::ObservationIdRole)
                                  .toString());
    attention->setChecked(false);
    QCOMPARE(QSet<QString>(sortedExpected.begin(), sortedExpected.end()),
        QSet<QString>(expected.begin(), expected.end()));
    table()->setFocus();
    table()->selectionModel()->clear(); // start from the top, with no current row
    QStringList walked;
    for (int i = 0; i < sortedExpected.size(); ++i) {
        QTest::keyClick(m_window, Qt::Key_F8);
        walked.append(
            table()->currentIndex().data(ObservationTableModel::ObservationIdRole).toString());
    }
    QCOMPARE(walked, sortedExpected);
    // Shift+F8 walks back.
    QTest::keyClick(m_window, Qt::Key_F8, Qt::ShiftModifier);
    QCOMPARE(table()->currentIndex().data(ObservationTableModel::ObservationIdRole).toString(),
        sortedExpected.at(sortedExpected.size() - 2));
}

void TestCurationGui::keyboardOnlyTriage()
{
    table()->setFocus();
    QTest::keyClick(
        m_window, Qt::Key_F8); // the first observation needing attention: OPT, a mismatch
    const QString id
        = table()->currentIndex().data(ObservationTableModel::ObservationIdRole).toString();
    QCOMPARE(id, kOpt);
    QTest::keyClick(m_window, Qt::Key_E, Qt::ControlModifier); // to the panel's state editor
    auto *state = find<QComboBox>("editor-state");
    QTRY_VERIFY(state->hasFocus());
    QTest::keyClick(state, Qt::Key_Home); // verified exact is the first state
    QCOMPARE(state->currentData().toString(), QStringLiteral("verified_exact"));
    QTest::keyClick(m_window, Qt::Key_Return, Qt::ControlModifier); // apply
    QCOMPARE(stateShown(kOpt), QStringLiteral("verified exact"));
    QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(stateShown(kOpt), QStringLiteral("metadata mismatch"));
    QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(stateShown(kOpt), QStringLiteral("verified exact"));
    // Ctrl+F goes to the filter.
    QTest::keyClick(m_window, Qt::Key_F, Qt::ControlModifier);
    QTRY_VERIFY(find<QLineEdit>("filterEdit")->hasFocus());
}

void TestCurationGui::conflictIsShownAndResolvedByChoosing()
{
    // Two curators corrected the same field concurrently (as a sync would deliver it).
    const QString record = QStringLiteral("2104.04473");
    const FieldState empty;
    CorrectionEvent a
        = makeEdit(empty, record, kOpt, CurationField::State, QStringLiteral("verified_exact"),
            QStringLiteral("alice"), QStringLiteral("2026-11-29T10:00:00.000Z"));
    CorrectionEvent b
        = makeEdit(empty, record, kOpt, CurationField::State, QStringLiteral("unresolved"),
            QStringLiteral("bob"), QStringLiteral("2026-11-29T10:00:05.000Z"));
    QVERIFY(m_store->addCorrections({ a, b }).ok());
    QVERIFY(m_window->session().reload().ok());
    QCOMPARE(
        stateShown(kOpt), QStringLiteral("unresolved")); // the greatest (created_at, id) is shown
    selectObservation(kOpt);
    auto *box = find<QWidget>("conflictBox");
    QTRY_VERIFY(box->isVisible());
    auto *keepAlice = m_window->findChild<QPushButton *>(QStringLiteral("keep-state-") + a.id);
    auto *keepBob = m_window->findChild<QPushButton *>(QStringLiteral("keep-state-") + b.id);
    QVERIFY(keepAlice && keepBob);
    // Each value is shown beside its button, and the button says it to a screen reader.
    QVERIFY(keepAlice->accessibleName().contains(QStringLiteral("verified exact"))
        && keepAlice->accessibleName().contains(QStringLiteral("alice")));
    auto *aliceValue = m_window->findChild<QLabel *>(QStringLiteral("value-state-") + a.id);
    QVERIFY(aliceValue);
    QCOMPARE(aliceValue->text(), QStringLiteral("“verified exact” (alice, 2026-11-29 10:00)"));
    QCOMPARE(table()
                 ->model()
                 ->index(table()->currentIndex().row(), ObservationTableModel::MarksColumn)
                 .data()
                 .toString(),
        QStringLiteral("conflict"));
    QTest::mouseClick(keepAlice, Qt::LeftButton);
    QCOMPARE(stateShown(kOpt), QStringLiteral("verified exact"));
    QTRY_VERIFY(!find<QWidget>("conflictBox")->isVisible());
    const auto *field = m_window->session().record().field(kOpt, CurationField::State);
    QVERIFY(field && !field->isConflict());
}

void TestCurationGui::longConflictingValuesKeepThePanelsWidth()
{
    // Two long notes in conflict, one a single run of 400 letters: each is shown whole, wrapped to
    // the panel's width, beside its button; the button says it whole to a screen reader, and
    // keeps it whole. The panel does not scroll sideways (its editors were cut off).
    const QString record = QStringLiteral("2104.04473");
    const FieldState empty;
    const QString aliceNote = QStringLiteral("Alice: ") + QString(60, u'a').append(u' ').repeated(6)
        + QStringLiteral("& the end");
    const QString bobNote = QStringLiteral("Bob: ") + QString(400, u'b');
    CorrectionEvent a = makeEdit(empty, record, kOpt, CurationField::Note, aliceNote,
        QStringLiteral("alice"), QStringLiteral("2026-11-29T10:00:00.000Z"));
    CorrectionEvent b = makeEdit(empty, record, kOpt, CurationField::Note, bobNote,
        QStringLiteral("bob"), QStringLiteral("2026-11-29T10:00:05.000Z"));
    QVERIFY(m_store->addCorrections({ a, b }).ok());
    QVERIFY(m_window->session().reload().ok());
    selectObservation(kOpt);
    QTRY_VERIFY(find<QWidget>("conflictBox")->isVisible());
    auto *keepAlice = m_window->findChild<QPushButton *>(QStringLiteral("keep-note-") + a.id);
    auto *keepBob = m_window->findChild<QPushButton *>(QStringLiteral("keep-note-") + b.id);
    auto *aliceValue = m_window->findChild<QLabel *>(QStringLiteral("value-note-") + a.id);
    auto *bobValue = m_window->findChild<QLabel *>(QStringLiteral("value-note-") + b.id);
    QVERIFY(keepAlice && keepBob && aliceValue && bobValue);
    auto *scroll = find<QScrollArea>("panelScroll");
    QTRY_COMPARE(scroll->horizontalScrollBar()->maximum(), 0);
    const auto unbroken = [](QString text) { return text.remove(QChar(0x200B)); };
    QCOMPARE(unbroken(bobValue->text()),
        QStringLiteral("“") + bobNote + QStringLiteral("” (bob, 2026-11-29 10:00)"));
    QCOMPARE(unbroken(aliceValue->text()),
        QStringLiteral("“") + aliceNote + QStringLiteral("” (alice, 2026-11-29 10:00)"));
    for (QWidget *widget :
        std::initializer_list<QWidget *> { keepAlice, keepBob, aliceValue, bobValue }) {
        QVERIFY2(widget->isVisible() && widget->width() <= scroll->viewport()->width(),
            qPrintable(widget->objectName()));
    }
    QVERIFY(bobValue->height() > 3 * bobValue->fontMetrics().lineSpacing()); // wrapped
    QVERIFY(keepBob->accessibleName().contains(bobNote));
    QVERIFY(keepBob->accessibleName().contains(QStringLiteral("bob")));
    QVERIFY(keepAlice->accessibleName().contains(aliceNote)); // its ampersand as it is
    QTest::mouseClick(keepAlice, Qt::LeftButton);
    QTRY_VERIFY(!find<QWidget>("conflictBox")->isVisible());
    const auto *field = m_window->session().record().field(kOpt, CurationField::Note);
    QVERIFY(field && !field->isConflict());
    const Observation *shown = nullptr;
    for (const Observation &o : m_window->session().record().shown.observations)
        if (o.id == kOpt)
            shown = &o;
    QVERIFY(shown);
    QCOMPARE(shown->curation->note, aliceNote);
}

void TestCurationGui::fixAllElevenProblems()
{
    // Find each mismatched or unresolved observation through the chips and fix it with the panel.
    QAbstractItemModel *model = table()->model();
    find<QCheckBox>("attentionFilter")->setChecked(false);
    QStringList problems;
    for (int row = 0; row < model->rowCount(); ++row) {
        const int state = model->index(row, 0).data(ObservationTableModel::StateRole).toInt();
        if (state == int(ResolutionState::MetadataMismatch)
            || state == int(ResolutionState::Unresolved))
            problems.append(
                model->index(row, 0).data(ObservationTableModel::ObservationIdRole).toString());
    }
    QCOMPARE(problems.size(), 11);
    int n = 0;
    for (const QString &id : std::as_const(problems)) {
        selectObservation(id);
        QTRY_VERIFY(find<QLineEdit>("editor-identifier")->isVisible());
        auto *identifier = find<QLineEdit>("editor-identifier");
        identifier->clear();
        QTest::keyClicks(identifier, QStringLiteral("2401.%1").arg(20000 + ++n));
        auto *state = find<QComboBox>("editor-state");
        state->setCurrentIndex(state->findData(QStringLiteral("verified_exact")));
        QTest::mouseClick(find<QPushButton>("applyButton"), Qt::LeftButton);
        QCOMPARE(stateShown(id), QStringLiteral("verified exact"));
    }
    QCOMPARE(m_window->session().undoStack()->count(), 11);
    // The window keeps the count it shows: the record list (and the next start) read it.
    auto summaries = m_store->recordSummaries();
    QVERIFY(summaries->first().attention.has_value());
    QCOMPARE(summaries->first().attention->states, 0);
    if (screenshotsWanted()) {
        QTest::qWait(300); // let layouts settle before the screenshot
        QVERIFY(saveScreenshot(m_window, QStringLiteral("ledger-curator-curated.png")));
    }
    // Undo every one of them.
    while (m_window->session().undoStack()->canUndo())
        m_window->session().undoStack()->undo();
    for (const QString &id : std::as_const(problems))
        QVERIFY(stateShown(id) != QStringLiteral("verified exact"));
}

void TestCurationGui::bidiCharactersInLabelsAreShownInert()
{
    // U+202E is allowed in data (right-to-left names need the bidi characters), so it must not
    // reverse the labels it is shown in: the record's heading, the record list, the panel's
    // heading and its history show it as a token; the editor holds the value itself.
    const QString rlo(QChar(0x202E));
    Record record = fixtureRecord();
    record.title = QStringLiteral("Paper ") + rlo + QStringLiteral("desrever");
    bool found = false;
    for (Observation &o : record.observations) {
        if (o.id == kDesignCp) {
            o.citingTitle = QStringLiteral("Design ") + rlo + QStringLiteral("eltit");
            found = true;
        }
    }
    QVERIFY(found);
    m_window = nullptr;
    m_fixture = std::make_unique<WindowFixture>();
    QVERIFY2(m_fixture->open({ record }), qPrintable(m_fixture->problem()));
    m_window = &m_fixture->window();
    m_window->session().setAuthor(QStringLiteral("librarian"));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));

    const QString token = QStringLiteral("<U+202E>");
    QTRY_VERIFY(find<QLabel>("recordHeading")->text().contains(QStringLiteral("Paper ") + token));
    QVERIFY(!find<QLabel>("recordHeading")->text().contains(rlo));
    auto *list = find<QListView>("recordList");
    const QString listed = list->model()->index(0, 0).data(Qt::DisplayRole).toString();
    QVERIFY2(listed.contains(token) && !listed.contains(rlo), qPrintable(listed));

    selectObservation(kDesignCp);
    auto *heading = find<QLabel>("panelHeading");
    QTRY_VERIFY(heading->isVisible());
    QVERIFY2(
        heading->text().contains(QStringLiteral("Design ") + token), qPrintable(heading->text()));
    QVERIFY(!heading->text().contains(rlo));
    QVERIFY(!find<QLabel>("upstream-title")->text().contains(rlo));
    QVERIFY(find<QLineEdit>("editor-title")->text().contains(rlo));

    // A note holding it: the history's line shows the token.
    auto *note = find<QLineEdit>("editor-note");
    note->setText(QStringLiteral("see ") + rlo + QStringLiteral("eton"));
    QTest::mouseClick(find<QPushButton>("applyButton"), Qt::LeftButton);
    auto *history = find<QTreeWidget>("historyView");
    QTRY_COMPARE(history->topLevelItemCount(), 1);
    const QString to = history->topLevelItem(0)->text(4);
    QVERIFY2(to.contains(QStringLiteral("see ") + token) && !to.contains(rlo), qPrintable(to));
}

QTEST_MAIN(TestCurationGui)
#include "tst_curationgui.moc"
