// SPDX-License-Identifier: GPL-3.0-or-later
// Duplicates as a first-class action in the desktop app (issue 22, item 6): two observations of
// the demo record from the same citing paper compared side by side, marked as duplicates or told
// apart, each one undoable step; Compare with Repeated from one observation; Copy Observation
// UUID; and no two actions sharing a shortcut.
#include "AnomalyHints.h"
#include "CurationSession.h"
#include "DuplicateMerge.h"
#include "DuplicatesDialog.h"
#include "MainWindow.h"
#include "ObservationTableModel.h"
#include "Screenshots.h"
#include "Store.h"
#include "WindowFixture.h"

#include <QAbstractButton>
#include <QAccessible>
#include <QAction>
#include <QClipboard>
#include <QHeaderView>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QRadioButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {
// PHOENIX cites the paper twice with reference 4: verified exact (A) and unresolved (B).
const QString kPhoenixA = QStringLiteral("78b96fde-1b39-415a-b5e3-11a9ee3918da");
const QString kPhoenixB = QStringLiteral("e857b2bb-5386-442e-8cc5-6b2d1d92bfee");
} // namespace

class TestDuplicatesGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void comparesSideBySideAndMarksDuplicatesInOneStep();
    void theseAreDifferentDismissesTheHintInOneStep();
    void compareWithRepeatedFromOneObservation();
    void copyObservationUuid();
    void noTwoActionsShareAShortcut();

private:
    QTableView *table() const
    {
        return m_window->findChild<QTableView *>(QStringLiteral("observationTable"));
    }
    ObservationTableModel *model() const
    {
        return qobject_cast<ObservationTableModel *>(
            qobject_cast<QSortFilterProxyModel *>(table()->model())->sourceModel());
    }
    void select(const QStringList &ids);
    const AnomalyHint *phoenixHint();
    QString hintColumn(const QString &id) const;
    DuplicatesDialog *openedDialog() const;

    std::unique_ptr<WindowFixture> m_fixture;
    MainWindow *m_window = nullptr;
    QList<AnomalyHint> m_hints;
};

void TestDuplicatesGui::init()
{
    m_fixture = std::make_unique<WindowFixture>();
    QVERIFY2(m_fixture->open(), qPrintable(m_fixture->problem()));
    m_window = &m_fixture->window();
    m_window->session().setAuthor(QStringLiteral("librarian"));
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QTRY_COMPARE(table()->model()->rowCount(), 34);
}

void TestDuplicatesGui::cleanup()
{
    m_window = nullptr;
    m_fixture.reset();
}

void TestDuplicatesGui::select(const QStringList &ids)
{
    QAbstractItemModel *proxy = table()->model();
    QItemSelection selection;
    int found = 0;
    for (int row = 0; row < proxy->rowCount(); ++row) {
        const QModelIndex index = proxy->index(row, 0);
        if (ids.contains(index.data(ObservationTableModel::ObservationIdRole).toString())) {
            selection.select(index, proxy->index(row, ObservationTableModel::ColumnCount - 1));
            ++found;
        }
    }
    QCOMPARE(found, ids.size());
    table()->selectionModel()->select(
        selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

const AnomalyHint *TestDuplicatesGui::phoenixHint()
{
    // The hints as the session's record gives them now (anomalyHints() of the shown record).
    m_hints = anomalyHints(m_window->session().record().shown);
    for (const AnomalyHint &hint : m_hints) {
        if (hint.kind == AnomalyHint::Kind::RepeatedCitingPaper
            && hint.observations.contains(kPhoenixA))
            return &hint;
    }
    return nullptr;
}

QString TestDuplicatesGui::hintColumn(const QString &id) const
{
    const int row = model()->rowOf(id);
    return model()->index(row, ObservationTableModel::HintsColumn).data().toString();
}

DuplicatesDialog *TestDuplicatesGui::openedDialog() const
{
    return m_window->findChild<DuplicatesDialog *>(QStringLiteral("duplicatesDialog"));
}

void TestDuplicatesGui::comparesSideBySideAndMarksDuplicatesInOneStep()
{
    const AnomalyHint *hint = phoenixHint();
    QVERIFY(hint);
    QVERIFY(hint->likelyDuplicate);
    QCOMPARE(hint->observations, QStringList({ kPhoenixA, kPhoenixB }));
    QVERIFY(!hint->dismissed);
    QCOMPARE(hintColumn(kPhoenixA), QStringLiteral("1 hint"));
    const qint64 attentionBefore = model()->attention().observations;

    auto *action = m_window->findChild<QAction *>(QStringLiteral("markDuplicatesAction"));
    QVERIFY(action);
    select({ kPhoenixA });
    QVERIFY(!action->isEnabled()); // one observation: nothing to mark it a duplicate of
    select({ kPhoenixA, kPhoenixB });
    QVERIFY(action->isEnabled());
    table()->setFocus();
    QTest::keyClick(m_window, Qt::Key_D, Qt::ControlModifier);
    QPointer<DuplicatesDialog> dialog = openedDialog();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QCOMPARE(dialog->observations(), QStringList({ kPhoenixA, kPhoenixB }));

    // One column per observation, a row to choose the kept one, then one row per field.
    auto *compared = dialog->findChild<QTableWidget *>(QStringLiteral("duplicatesTable"));
    QVERIFY(compared);
    QCOMPARE(compared->columnCount(), 2);
    QCOMPARE(compared->rowCount(), 10);
    QStringList rowNames;
    for (int row = 0; row < compared->rowCount(); ++row)
        rowNames.append(compared->verticalHeaderItem(row)->text());
    QCOMPARE(rowNames,
        QStringList(
            { QStringLiteral("Keep"), QStringLiteral("Citing title"), QStringLiteral("Cited title"),
                QStringLiteral("Reference"), QStringLiteral("≠ State"), QStringLiteral("≠ Basis"),
                QStringLiteral("Identifier"), QStringLiteral("≠ Observed at"),
                QStringLiteral("≠ Notices"), QStringLiteral("Note") }));
    QVERIFY(compared->item(1, 0)->text().startsWith(QStringLiteral("PHOENIX: Resilient")));
    QCOMPARE(compared->item(1, 0)->text(), compared->item(1, 1)->text());
    QCOMPARE(compared->item(3, 0)->text(), QStringLiteral("4"));
    QCOMPARE(compared->item(3, 1)->text(), QStringLiteral("4"));
    QCOMPARE(compared->item(4, 0)->text(), QStringLiteral("verified exact"));
    QCOMPARE(compared->item(4, 1)->text(), QStringLiteral("unresolved"));
    QCOMPARE(compared->item(5, 1)->text(), QStringLiteral("no resolver link"));
    QCOMPARE(compared->item(6, 0)->text(), QStringLiteral("(none)"));
    // The values that differ are highlighted (and bold); the others are not.
    QVERIFY(compared->item(4, 0)->font().bold());
    QVERIFY(compared->item(4, 1)->background().style() != Qt::NoBrush);
    QVERIFY(!compared->item(3, 0)->font().bold());
    QCOMPARE(compared->item(3, 0)->background().style(), Qt::NoBrush);
    // The verified exact one is kept by default; the headers say which is which.
    QCOMPARE(dialog->kept(), kPhoenixA);
    auto *keepA = dialog->findChild<QRadioButton *>(QStringLiteral("keep-") + kPhoenixA);
    QVERIFY(keepA && keepA->isChecked());
    QVERIFY(compared->horizontalHeaderItem(0)->text().contains(QStringLiteral("kept")));
    QVERIFY(compared->horizontalHeaderItem(1)->text().contains(QStringLiteral("duplicate")));
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("duplicatesHint"))
                ->text()
                .contains(QStringLiteral("likely a duplicate")));
    // Every control of the dialog has a name a screen reader can speak.
    for (QWidget *w : dialog->findChildren<QWidget *>()) {
        if (!w->isVisibleTo(dialog) || w->focusPolicy() == Qt::NoFocus)
            continue;
        QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(w);
        QVERIFY2(iface && !iface->text(QAccessible::Name).trimmed().isEmpty(),
            w->metaObject()->className());
    }
    if (screenshotsWanted()) {
        QTest::qWait(200);
        QVERIFY(saveScreenshot(dialog, QStringLiteral("duplicates-compare.png")));
    }

    QUndoStack *stack = m_window->session().undoStack();
    QCOMPARE(stack->count(), 0);
    QTest::mouseClick(
        dialog->findChild<QPushButton *>(QStringLiteral("markDuplicatesButton")), Qt::LeftButton);
    QTRY_VERIFY(!dialog);
    const Record &shown = m_window->session().record().shown;
    QCOMPARE(shown.findObservation(kPhoenixB)->curation->duplicateOf, kPhoenixA);
    QCOMPARE(shown.findObservation(kPhoenixA)->curation->duplicateOf, QString());
    QCOMPARE(stack->count(), 1);
    QCOMPARE(
        stack->text(0), QStringLiteral("Mark 1 observation as a duplicate of ref. 4 (78b96fde)"));
    QVERIFY(!phoenixHint()); // a handled duplicate is no longer reported
    QCOMPARE(hintColumn(kPhoenixA), QString());
    // B (unresolved) and A (its hint) no longer need attention.
    QCOMPARE(model()->attention().observations, attentionBefore - 2);
    // What the window shows is what the cache holds.
    auto stored = m_fixture->store().loadCurated(QStringLiteral("2104.04473"));
    QVERIFY(stored.ok() && stored->has_value());
    QCOMPARE((*stored)->shown.findObservation(kPhoenixB)->curation->duplicateOf, kPhoenixA);

    // Undo restores it in one step.
    m_window->findChild<QAction *>(QStringLiteral("undoAction"))->trigger();
    QCOMPARE(m_window->session().record().shown.findObservation(kPhoenixB)->curation->duplicateOf,
        QString());
    QVERIFY(phoenixHint());
    QCOMPARE(model()->attention().observations, attentionBefore);
    QCOMPARE(hintColumn(kPhoenixA), QStringLiteral("1 hint"));
}

void TestDuplicatesGui::theseAreDifferentDismissesTheHintInOneStep()
{
    const qint64 attentionBefore = model()->attention().observations;
    select({ kPhoenixA, kPhoenixB });
    m_window->findChild<QAction *>(QStringLiteral("markDuplicatesAction"))->trigger();
    QPointer<DuplicatesDialog> dialog = openedDialog();
    QVERIFY(dialog);
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("theseAreDifferentButton")),
        Qt::LeftButton);
    QTRY_VERIFY(!dialog);
    const AnomalyHint *hint = phoenixHint();
    QVERIFY(hint);
    QVERIFY(hint->dismissed); // still known, as decided
    QCOMPARE(hintColumn(kPhoenixA), QString());
    QCOMPARE(hintColumn(kPhoenixB), QString());
    const Record &shown = m_window->session().record().shown;
    QCOMPARE(shown.findObservation(kPhoenixA)->curation->dismissedHints,
        QStringList({ QStringLiteral("repeated_citing_paper") }));
    QCOMPARE(shown.findObservation(kPhoenixA)->curation->duplicateOf, QString());
    // A needed attention for its hint only; B still does, for its state.
    QCOMPARE(model()->attention().observations, attentionBefore - 1);
    QUndoStack *stack = m_window->session().undoStack();
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->text(0), QStringLiteral("Mark 2 observations as different"));
    stack->undo();
    QVERIFY(!phoenixHint()->dismissed);
    QCOMPARE(hintColumn(kPhoenixB), QStringLiteral("1 hint"));
    QCOMPARE(model()->attention().observations, attentionBefore);
}

void TestDuplicatesGui::compareWithRepeatedFromOneObservation()
{
    auto *compare = m_window->findChild<QAction *>(QStringLiteral("compareRepeatedAction"));
    QVERIFY(compare);
    // An observation without a repeated citing paper: nothing to compare with.
    const QString lonely = QStringLiteral("e919841b-30d3-4e66-a2d1-e594d06b6753");
    QVERIFY(repeatedWith(model()->hints(), lonely).isEmpty());
    select({ lonely });
    QVERIFY(!compare->isEnabled());
    select({ kPhoenixB });
    QVERIFY(compare->isEnabled());
    compare->trigger();
    QPointer<DuplicatesDialog> dialog = openedDialog();
    QVERIFY(dialog);
    QCOMPARE(dialog->observations(), QStringList({ kPhoenixA, kPhoenixB }));
    // Keep the other one this time, chosen with its radio button.
    auto *keepB = dialog->findChild<QRadioButton *>(QStringLiteral("keep-") + kPhoenixB);
    QVERIFY(keepB);
    keepB->click();
    QCOMPARE(dialog->kept(), kPhoenixB);
    auto *compared = dialog->findChild<QTableWidget *>(QStringLiteral("duplicatesTable"));
    QVERIFY(compared->horizontalHeaderItem(1)->text().contains(QStringLiteral("kept")));
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("duplicatesOutcome"))
                ->text()
                .contains(QStringLiteral("e857b2bb")));
    QVERIFY(dialog->markAsDuplicates());
    QTRY_VERIFY(!dialog);
    QCOMPARE(m_window->session().record().shown.findObservation(kPhoenixA)->curation->duplicateOf,
        kPhoenixB);
    QCOMPARE(m_window->session().undoStack()->count(), 1);
    // Cancel records nothing.
    m_window->session().undoStack()->undo();
    select({ kPhoenixA });
    compare->trigger();
    dialog = openedDialog();
    QVERIFY(dialog);
    QTest::mouseClick(
        dialog->findChild<QPushButton *>(QStringLiteral("duplicatesCancelButton")), Qt::LeftButton);
    QTRY_VERIFY(!dialog);
    QCOMPARE(m_window->session().undoStack()->count(), 1);
    QCOMPARE(m_window->session().undoStack()->index(), 0);
}

void TestDuplicatesGui::copyObservationUuid()
{
    auto *copy = m_window->findChild<QAction *>(QStringLiteral("copyUuidAction"));
    QVERIFY(copy);
    select({ kPhoenixB });
    table()->setFocus();
    QTest::keyClick(m_window, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), kPhoenixB);
    select({ kPhoenixA, kPhoenixB });
    copy->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), kPhoenixA + u'\n' + kPhoenixB);
}

void TestDuplicatesGui::noTwoActionsShareAShortcut()
{
    QHash<QString, QString> owner;
    QStringList clashes;
    for (QAction *action : m_window->findChildren<QAction *>()) {
        for (const QKeySequence &key : action->shortcuts()) {
            const QString text = key.toString();
            const QString name = action->text().remove(u'&');
            if (owner.contains(text) && owner.value(text) != name)
                clashes.append(text + QStringLiteral(": ") + owner.value(text) + u'/' + name);
            owner.insert(text, name);
        }
    }
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(u'\n')));
    QCOMPARE(owner.value(QStringLiteral("Ctrl+D")), QStringLiteral("Mark as Duplicates..."));
    QCOMPARE(owner.value(QStringLiteral("Ctrl+Shift+C")), QStringLiteral("Copy Observation UUID"));
}

QTEST_MAIN(TestDuplicatesGui)
#include "tst_duplicatesgui.moc"
