// SPDX-License-Identifier: GPL-3.0-or-later
// Batch edits in the desktop app (issue 22, item 7): several observations selected, values for
// the fields that make sense on many rows, a preview of what Apply does, one undo step, and a
// refused value shown with its observation while nothing is recorded.
#include "BatchEditPanel.h"
#include "CurationSession.h"
#include "MainWindow.h"
#include "ObservationTableModel.h"
#include "Screenshots.h"
#include "Store.h"
#include "WindowFixture.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

class TestBatchEdit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void identifierNoteAndExcludedOnThreeRowsIsOneStep();
    void refusedIdentifierIsShownWithItsObservationAndNothingIsRecorded();
    void rowsAlreadyAtTheValueAreNotCounted();
    void clearingANoteSendsItBackToUpstream();

private:
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
    //! Selects the first `count` rows in the given state (table order); their UUIDs.
    QStringList selectRows(ResolutionState state, int count);
    QStringList selectIds(const QStringList &ids);
    int storedEvents() const;

    std::unique_ptr<WindowFixture> m_fixture;
    MainWindow *m_window = nullptr;
};

void TestBatchEdit::init()
{
    m_fixture = std::make_unique<WindowFixture>();
    QVERIFY2(m_fixture->open(), qPrintable(m_fixture->problem()));
    m_window = &m_fixture->window();
    m_window->session().setAuthor(QStringLiteral("librarian"));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QTRY_COMPARE(table()->model()->rowCount(), 34);
}

void TestBatchEdit::cleanup()
{
    m_window = nullptr;
    m_fixture.reset();
}

QStringList TestBatchEdit::selectRows(ResolutionState state, int count)
{
    QAbstractItemModel *model = table()->model();
    QStringList chosen;
    for (int row = 0; row < model->rowCount() && chosen.size() < count; ++row) {
        const QModelIndex index = model->index(row, 0);
        if (index.data(ObservationTableModel::StateRole).toInt() == int(state))
            chosen.append(index.data(ObservationTableModel::ObservationIdRole).toString());
    }
    return selectIds(chosen);
}

QStringList TestBatchEdit::selectIds(const QStringList &ids)
{
    QAbstractItemModel *model = table()->model();
    QItemSelection selection;
    QStringList inOrder;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, 0);
        const QString id = index.data(ObservationTableModel::ObservationIdRole).toString();
        if (ids.contains(id)) {
            selection.select(index, model->index(row, ObservationTableModel::ColumnCount - 1));
            inOrder.append(id);
        }
    }
    table()->selectionModel()->select(
        selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return inOrder;
}

int TestBatchEdit::storedEvents() const
{
    auto stored = m_fixture->store().loadCurated(QStringLiteral("2104.04473"));
    return stored.ok() && stored->has_value() ? int((*stored)->events.size()) : -1;
}

void TestBatchEdit::identifierNoteAndExcludedOnThreeRowsIsOneStep()
{
    const QStringList chosen = selectRows(ResolutionState::Unresolved, 3);
    QCOMPARE(chosen.size(), 3);
    auto *heading = find<QLabel>("multiHeading");
    QTRY_VERIFY(heading->isVisible());
    QCOMPARE(heading->text(), QStringLiteral("3 observations selected."));
    auto *preview = find<QLabel>("multiPreview");
    QCOMPARE(preview->text(), QStringLiteral("Nothing chosen yet: every field is left as is."));
    QVERIFY(!find<QPushButton>("multiApplyButton")->isEnabled());

    // Typing an identifier chooses "Set to".
    QTest::keyClicks(find<QLineEdit>("multiIdentifier"), QStringLiteral("arXiv:2407.01234"));
    QCOMPARE(find<QComboBox>("multiIdentifierMode")->currentIndex(), 1);
    QTest::keyClicks(find<QLineEdit>("multiNote"), QStringLiteral("same preprint, checked"));
    auto *excluded = find<QComboBox>("multiExcluded");
    excluded->setCurrentIndex(excluded->findData(QStringLiteral("yes")));
    QCOMPARE(preview->text(),
        QStringLiteral("Set identifier on 3 observations, excluded on 3 observations, note on 3 "
                       "observations."));
    QVERIFY(!find<QLabel>("multiProblem")->isVisible());
    if (screenshotsWanted()) {
        QTest::qWait(200);
        QVERIFY(saveScreenshot(m_window, QStringLiteral("batch-edit.png")));
    }
    auto *apply = find<QPushButton>("multiApplyButton");
    QVERIFY(apply->isEnabled());
    QTest::mouseClick(apply, Qt::LeftButton);

    QUndoStack *stack = m_window->session().undoStack();
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->text(0), QStringLiteral("Set identifier, excluded, note of 3 observations"));
    for (const QString &id : chosen) {
        const Observation *o = m_window->session().record().shown.findObservation(id);
        QCOMPARE(o->curation->identifier, QStringLiteral("2407.01234"));
        QCOMPARE(o->curation->note, QStringLiteral("same preprint, checked"));
        QVERIFY(o->curation->excluded);
    }
    QCOMPARE(storedEvents(), 9);
    // The page goes back to "(leave as is)" for the next change.
    QCOMPARE(find<QLineEdit>("multiIdentifier")->text(), QString());
    QCOMPARE(find<QComboBox>("multiExcluded")->currentIndex(), 0);

    find<QAction>("undoAction")->trigger();
    for (const QString &id : chosen) {
        const Observation *o = m_window->session().record().shown.findObservation(id);
        QCOMPARE(o->curation->identifier, QString());
        QCOMPARE(o->curation->note, QString());
        QVERIFY(!o->curation->excluded);
    }
    find<QAction>("redoAction")->trigger();
    for (const QString &id : chosen)
        QVERIFY(m_window->session().record().shown.findObservation(id)->curation->excluded);
}

void TestBatchEdit::refusedIdentifierIsShownWithItsObservationAndNothingIsRecorded()
{
    const QStringList chosen = selectRows(ResolutionState::Unresolved, 3);
    QTRY_VERIFY(find<QLabel>("multiHeading")->isVisible());
    QTest::keyClicks(find<QLineEdit>("multiNote"), QStringLiteral("fine"));
    QTest::keyClicks(find<QLineEdit>("multiIdentifier"), QStringLiteral("1501.1234"));
    auto *problem = find<QLabel>("multiProblem");
    QVERIFY(problem->isVisible());
    // The reason, and the observation it concerns (its reference number and UUID), and how many
    // more.
    const Observation *first = m_window->session().record().shown.findObservation(chosen.first());
    QVERIFY2(problem->text().contains(QStringLiteral("five digits")), qPrintable(problem->text()));
    QVERIFY2(problem->text().contains(first->id.left(8)), qPrintable(problem->text()));
    QVERIFY2(problem->text().contains(QStringLiteral("and 2 more")), qPrintable(problem->text()));
    QVERIFY(problem->text().startsWith(QStringLiteral("Refused: identifier for ")));
    QCOMPARE(find<QLabel>("multiPreview")->text(),
        QStringLiteral("Nothing will be recorded until every value is accepted."));
    QVERIFY(!find<QPushButton>("multiApplyButton")->isEnabled());
    // Ctrl+Return (Apply Correction) records nothing either, and says why.
    find<QAction>("applyAction")->trigger();
    QCOMPARE(m_window->session().undoStack()->count(), 0);
    QCOMPARE(storedEvents(), 0);
    // A good identifier is accepted again.
    find<QLineEdit>("multiIdentifier")->clear();
    QTest::keyClicks(find<QLineEdit>("multiIdentifier"), QStringLiteral("10.1234/abc"));
    QVERIFY(!problem->isVisible());
    QVERIFY(find<QPushButton>("multiApplyButton")->isEnabled());
}

void TestBatchEdit::rowsAlreadyAtTheValueAreNotCounted()
{
    QStringList chosen = selectRows(ResolutionState::Unresolved, 2);
    QStringList exact;
    QAbstractItemModel *model = table()->model();
    for (int row = 0; row < model->rowCount() && exact.isEmpty(); ++row) {
        const QModelIndex index = model->index(row, 0);
        if (index.data(ObservationTableModel::StateRole).toInt()
            == int(ResolutionState::VerifiedExact))
            exact.append(index.data(ObservationTableModel::ObservationIdRole).toString());
    }
    chosen = selectIds(chosen + exact);
    QCOMPARE(chosen.size(), 3);
    QTRY_VERIFY(find<QLabel>("multiHeading")->isVisible());
    auto *state = find<QComboBox>("multiState");
    state->setCurrentIndex(state->findData(QStringLiteral("verified_exact")));
    QCOMPARE(find<QLabel>("multiPreview")->text(), QStringLiteral("Set state on 2 observations."));
    QTest::keyClick(m_window, Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(m_window->session().undoStack()->count(), 1);
    QCOMPARE(storedEvents(), 2);
}

void TestBatchEdit::clearingANoteSendsItBackToUpstream()
{
    const QStringList chosen = selectRows(ResolutionState::MetadataMismatch, 2);
    QTest::keyClicks(find<QLineEdit>("multiNote"), QStringLiteral("to check"));
    QTest::mouseClick(find<QPushButton>("multiApplyButton"), Qt::LeftButton);
    selectIds(chosen);
    auto *mode = find<QComboBox>("multiNoteMode");
    mode->setCurrentIndex(2); // Clear
    QVERIFY(!find<QLineEdit>("multiNote")->isEnabled());
    QCOMPARE(find<QLabel>("multiPreview")->text(), QStringLiteral("Set note on 2 observations."));
    QTest::mouseClick(find<QPushButton>("multiApplyButton"), Qt::LeftButton);
    for (const QString &id : chosen) {
        QCOMPARE(m_window->session().record().shown.findObservation(id)->curation->note, QString());
        const FieldState *note = m_window->session().record().field(id, CurationField::Note);
        QVERIFY(note && !note->value());
    }
    QCOMPARE(m_window->session().undoStack()->count(), 2);
}

QTEST_MAIN(TestBatchEdit)
#include "tst_batchedit.moc"
