// SPDX-License-Identifier: GPL-3.0-or-later
// The keyboard alone: the actions that act on the selected observations are disabled while none
// is selected (so a shortcut or a menu never offers what would do nothing); Tab follows the order
// on screen in the correction panel, in Settings and over the notices banner; the table's columns
// and the panes' widths are chosen from the keyboard; Ctrl+Z works from every panel field.
#include "CurationSession.h"
#include "MainWindow.h"
#include "Notices.h"
#include "RetractionCsv.h"
#include "SettingsDialog.h"
#include "Store.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

//! Where `widget` is in `frame`'s coordinates; a widget that holds `frame` (a scroll area around
//! the page) is before everything in it.
QRect placeIn(const QWidget *widget, const QWidget *frame)
{
    if (widget == frame || widget->isAncestorOf(frame))
        return { -1, -1, 1, 1 };
    return { widget->mapTo(frame, QPoint(0, 0)), widget->size() };
}

//! Whether `b` comes after `a` in reading order: below it, or on the same line and to its right.
//! Widgets share a line when the middle of one is within the other's height.
bool comesAfter(const QRect &a, const QRect &b)
{
    const bool sameLine = (b.center().y() >= a.top() && b.center().y() <= a.bottom())
        || (a.center().y() >= b.top() && a.center().y() <= b.bottom());
    return sameLine ? b.left() > a.left() : b.center().y() > a.center().y();
}

QString nameOf(const QWidget *w)
{
    return w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className())
                                     : w->objectName();
}

//! Tab from the focus widget while it stays in `area` (at most `limit` presses, and once round):
//! the widgets that had the focus, in order, the first one included.
QList<QWidget *> tabWalk(QWidget *area, int limit = 80)
{
    QList<QWidget *> visited;
    QWidget *focus = QApplication::focusWidget();
    while (focus && (focus == area || area->isAncestorOf(focus)) && !visited.contains(focus)
        && visited.size() < limit) {
        visited.append(focus);
        QTest::keyClick(focus, Qt::Key_Tab);
        focus = QApplication::focusWidget();
    }
    return visited;
}

//! The places out of reading order in `visited`, each said with its predecessor.
QStringList outOfOrder(const QList<QWidget *> &visited, const QWidget *frame)
{
    QStringList problems;
    for (qsizetype i = 1; i < visited.size(); ++i) {
        const QRect a = placeIn(visited[i - 1], frame), b = placeIn(visited[i], frame);
        if (!comesAfter(a, b))
            problems.append(QStringLiteral("%1 (%2,%3) before %4 (%5,%6)")
                                .arg(nameOf(visited[i - 1]))
                                .arg(a.x())
                                .arg(a.y())
                                .arg(nameOf(visited[i]))
                                .arg(b.x())
                                .arg(b.y()));
    }
    return problems;
}

//! The entries of the popup menu that `open` shows (it is closed again): each action's object
//! name, else its submenu's, else its text. Empty when no menu opened.
QStringList popupOf(const std::function<void()> &open)
{
    QStringList seen;
    QTimer look;
    look.setInterval(20);
    QObject::connect(&look, &QTimer::timeout, [&seen, &look] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu)
            return;
        for (const QAction *action : menu->actions()) {
            if (!action->objectName().isEmpty())
                seen.append(action->objectName());
            else if (action->menu())
                seen.append(action->menu()->objectName());
            else if (!action->isSeparator())
                seen.append(action->text());
        }
        look.stop();
        menu->close();
    });
    look.start();
    open();
    QTest::qWait(100); // a menu that does not block is seen meanwhile
    look.stop();
    return seen;
}

} // namespace

class TestKeyboardGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void actionsWaitForASelection();
    void tabFollowsThePanelAsShown();
    void tabFollowsSettingsAsShown();
    void bannerButtonsComeWhereShown();
    void columnsFromTheKeyboard();
    void contextMenuKeys();
    void paneWidthsFromTheKeyboard();
    void undoFromEveryPanelField();

private:
    void openWindow();
    //! Selects row `row` alone and makes it current, whatever modifier keys an earlier click left.
    void selectRow(int row);
    //! Gives `widget` the focus in its window, active again (a closed popup leaves none active
    //! on the offscreen platform).
    void refocus(QWidget *widget);
    QTableView *table() const
    {
        return m_window->findChild<QTableView *>(QStringLiteral("observationTable"));
    }
    template <typename T = QWidget> T *find(const char *name) const
    {
        return m_window->findChild<T *>(QString::fromLatin1(name));
    }

    std::unique_ptr<WindowFixture> m_fixture;
    MainWindow *m_window = nullptr;
};

void TestKeyboardGui::init()
{
    m_fixture = std::make_unique<WindowFixture>();
    QVERIFY2(m_fixture->openCache(), qPrintable(m_fixture->problem()));
}

void TestKeyboardGui::cleanup()
{
    m_window = nullptr;
    m_fixture.reset();
}

void TestKeyboardGui::openWindow()
{
    m_window = &m_fixture->makeWindow();
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QTRY_VERIFY(table()->model()->rowCount() > 3);
    QTRY_VERIFY(!m_window->isLoading());
}

void TestKeyboardGui::selectRow(int row)
{
    table()->selectionModel()->setCurrentIndex(table()->model()->index(row, 0),
        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QTRY_COMPARE(m_window->selectedObservations().size(), 1);
}

void TestKeyboardGui::refocus(QWidget *widget)
{
    widget->window()->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(widget->window()));
    widget->setFocus(Qt::OtherFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), widget);
}

void TestKeyboardGui::actionsWaitForASelection()
{
    openWindow();
    table()->clearSelection();
    const QStringList onSelection { QStringLiteral("applyAction"),
        QStringLiteral("applyNextAction"), QStringLiteral("dismissHintsAction"),
        QStringLiteral("revertAction"), QStringLiteral("noneOfTheseAction") };
    auto enabled = [this](const QString &name) {
        const auto *action = m_window->findChild<QAction *>(name);
        return action && action->isEnabled();
    };
    for (const QString &name : onSelection)
        QTRY_VERIFY2(!enabled(name), qPrintable(name));
    table()->selectRow(1);
    for (const QString &name : onSelection)
        QTRY_VERIFY2(enabled(name), qPrintable(name));
    // Several: none of these candidates is one observation's decision.
    table()->selectionModel()->select(
        QItemSelection(table()->model()->index(0, 0), table()->model()->index(2, 0)),
        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QTRY_VERIFY(!enabled(QStringLiteral("noneOfTheseAction")));
    QVERIFY(enabled(QStringLiteral("applyAction")));
    table()->clearSelection();
    QTRY_VERIFY(!enabled(QStringLiteral("applyAction")));
}

void TestKeyboardGui::tabFollowsThePanelAsShown()
{
    // From the panel's first stop, Tab goes down the panel as it is shown: each stop below the
    // one before, or beside it to the right; Apply is in the chain once a field is edited.
    openWindow();
    selectRow(0);
    auto *note = find<QLineEdit>("editor-note");
    QTRY_VERIFY(note->isVisible());
    note->setFocus(Qt::OtherFocusReason);
    QTest::keyClicks(note, QStringLiteral("checked by hand"));
    QTRY_VERIFY(find("applyButton")->isEnabled());
    auto *panel = find("curationPanel");
    auto *scroll = find<QScrollArea>("panelScroll");
    // The first stop: the one Tab reaches from the table (past the side panel's tabs).
    table()->setFocus(Qt::TabFocusReason);
    for (int i = 0; i < 4 && !panel->isAncestorOf(QApplication::focusWidget()); ++i)
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QVERIFY(panel->isAncestorOf(QApplication::focusWidget()));
    const QList<QWidget *> visited = tabWalk(panel);
    QStringList names;
    for (const QWidget *w : visited)
        names.append(nameOf(w));
    for (const char *expected :
        { "editor-state", "editor-identifier", "editor-note", "applyButton", "historyView" })
        QVERIFY2(names.contains(QString::fromLatin1(expected)), qPrintable(names.join(u' ')));
    const QStringList problems = outOfOrder(visited, scroll->widget());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n') + u'\n' + names.join(u' ')));
}

void TestKeyboardGui::tabFollowsSettingsAsShown()
{
    // Settings opens with the focus at its top (the curator's name), and Tab goes down.
    openWindow();
    m_window->showSettingsDialog();
    SettingsDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<SettingsDialog *>()) && dialog->isVisible());
    QVERIFY(QTest::qWaitForWindowActive(dialog));
    auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("curatorNameEdit"));
    QVERIFY(name);
    QTRY_COMPARE(QApplication::focusWidget(), name);
    const QList<QWidget *> visited = tabWalk(dialog);
    QStringList names;
    for (const QWidget *w : visited)
        names.append(nameOf(w));
    QVERIFY2(visited.size() >= 7, qPrintable(names.join(u' ')));
    // Round again to the start: every stop was seen once.
    QCOMPARE(QApplication::focusWidget(), name);
    const QStringList problems = outOfOrder(visited, dialog);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n') + u'\n' + names.join(u' ')));
    dialog->close();
}

void TestKeyboardGui::bannerButtonsComeWhereShown()
{
    // The notices banner sits over the filters: its buttons come after the record list and
    // before the filter, in the order shown (Show Them, then Review Notices), both ways.
    auto csv = parseRetractionCsv(readAll(dataPath(QStringLiteral("retractions-sample.csv"))),
        QStringLiteral("retractions-sample.csv"));
    QVERIFY(csv.ok());
    QVERIFY(m_fixture->store()
                .importNotices(
                    standingNotices(*csv, QStringLiteral("2026-11-29T12:00:00.000Z")).notices)
                .ok());
    openWindow();
    auto *show = find("bannerShow");
    auto *review = find("bannerReview");
    QTRY_VERIFY(show->isVisible());
    QVERIFY(show->mapTo(m_window, QPoint()).x() < review->mapTo(m_window, QPoint()).x());
    auto *records = find("recordList");
    records->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), records);
    const QList<QWidget *> forward { show, review, find("filterEdit") };
    for (QWidget *expected : forward) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(nameOf(QApplication::focusWidget()), nameOf(expected));
    }
    for (QWidget *expected : { review, show, records }) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab, Qt::ShiftModifier);
        QCOMPARE(nameOf(QApplication::focusWidget()), nameOf(expected));
    }
}

void TestKeyboardGui::columnsFromTheKeyboard()
{
    // View > Columns: a checkable entry per column that may be hidden, the same menu as the
    // header's context menu; an entry shows or hides its column and follows it.
    openWindow();
    QMenu *columns = nullptr;
    for (const QAction *menu : m_window->menuBar()->actions()) {
        for (const QAction *action : menu->menu()->actions()) {
            if (action->menu() && action->menu()->objectName() == u"columnsMenu")
                columns = action->menu();
        }
    }
    QVERIFY(columns);
    QCOMPARE(columns, find<QMenu>("columnsMenu"));
    const QList<QAction *> entries = columns->actions();
    QCOMPARE(entries.size(), ObservationTableModel::ColumnCount - 2);
    for (const QAction *entry : entries) {
        QVERIFY(entry->isCheckable());
        const int column = entry->data().toInt();
        QVERIFY(column != ObservationTableModel::StateColumn
            && column != ObservationTableModel::CitingTitleColumn);
        QCOMPARE(entry->text(), table()->model()->headerData(column, Qt::Horizontal).toString());
    }
    auto *id = m_window->findChild<QAction *>(
        QStringLiteral("columnAction-%1").arg(ObservationTableModel::IdColumn));
    QVERIFY(id);
    QVERIFY(table()->isColumnHidden(ObservationTableModel::IdColumn));
    Q_EMIT columns->aboutToShow();
    QVERIFY(!id->isChecked());
    id->trigger();
    QVERIFY(!table()->isColumnHidden(ObservationTableModel::IdColumn));
    QVERIFY(id->isChecked());
    id->trigger();
    QVERIFY(table()->isColumnHidden(ObservationTableModel::IdColumn));
    // The header's context menu is the same menu.
    QHeaderView *header = table()->horizontalHeader();
    const QStringList headerMenu
        = popupOf([header] { Q_EMIT header->customContextMenuRequested(QPoint(10, 5)); });
    QVERIFY2(headerMenu.contains(id->objectName()), qPrintable(headerMenu.join(u' ')));
}

void TestKeyboardGui::contextMenuKeys()
{
    // The Menu key (a keyboard context menu event, as Qt sends for it) and Shift+F10 open the
    // row menu of the table with the focus; it leads to the columns menu too.
    openWindow();
    selectRow(1);
    refocus(table());
    const QStringList expected { QStringLiteral("markDuplicatesAction"),
        QStringLiteral("copyUuidAction"), QStringLiteral("columnsMenu") };
    const QStringList byMenuKey = popupOf([this] {
        const QPoint pos = table()->inputMethodQuery(Qt::ImCursorRectangle).toRect().center();
        QContextMenuEvent event(QContextMenuEvent::Keyboard, pos, table()->mapToGlobal(pos));
        QApplication::sendEvent(table(), &event);
    });
    for (const QString &entry : expected)
        QVERIFY2(byMenuKey.contains(entry), qPrintable(byMenuKey.join(u' ')));
    refocus(table());
    const QStringList byShiftF10
        = popupOf([this] { QTest::keyClick(table(), Qt::Key_F10, Qt::ShiftModifier); });
    QCOMPARE(byShiftF10, byMenuKey);
    // Elsewhere too: the filter field's own menu.
    auto *filter = find<QLineEdit>("filterEdit");
    refocus(filter);
    const QStringList filterMenu
        = popupOf([filter] { QTest::keyClick(filter, Qt::Key_F10, Qt::ShiftModifier); });
    QVERIFY(!filterMenu.isEmpty());
    QVERIFY(!filterMenu.contains(QStringLiteral("copyUuidAction")));
}

void TestKeyboardGui::paneWidthsFromTheKeyboard()
{
    // View > Widen/Narrow Side Panel (Ctrl+Alt+Left/Right) and the record list's (with Shift)
    // move the dividers: the table gives or takes the width, within each pane's limits.
    openWindow();
    m_window->resize(1800, 900); // room for the side panel's largest width
    auto *splitter = find<QSplitter>("mainSplitter");
    QTRY_VERIFY(splitter->width() > 1700);
    QVERIFY(splitter);
    const QList<int> before = splitter->sizes();
    const int total = before[0] + before[1] + before[2];
    const auto press = [this](Qt::Key key, Qt::KeyboardModifiers extra = {}) {
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : m_window, key,
            Qt::ControlModifier | Qt::AltModifier | extra);
    };
    table()->setFocus(Qt::OtherFocusReason);
    press(Qt::Key_Left);
    QList<int> sizes = splitter->sizes();
    QVERIFY2(
        sizes[2] > before[2], qPrintable(QStringLiteral("%1 -> %2").arg(before[2]).arg(sizes[2])));
    QCOMPARE(sizes[0], before[0]);
    QCOMPARE(sizes[0] + sizes[1] + sizes[2], total);
    const int widened = sizes[2];
    press(Qt::Key_Right);
    press(Qt::Key_Right);
    // Narrower than widened; not below what its editors need (its starting width may be that).
    QVERIFY(splitter->sizes()[2] < widened);
    QVERIFY(splitter->sizes()[2] <= before[2]);
    // As wide as it may be, and no wider however often the key is pressed.
    auto *side = find("sideTabs");
    for (int i = 0; i < 40; ++i)
        press(Qt::Key_Left);
    QCOMPARE(splitter->sizes()[2], side->maximumWidth());
    for (int i = 0; i < 40; ++i)
        press(Qt::Key_Right);
    QVERIFY(splitter->sizes()[2] >= side->minimumWidth());
    QVERIFY(splitter->sizes()[2] <= side->minimumWidth() + 2);
    // The record list, with Shift: right widens it.
    const int list = splitter->sizes()[0];
    press(Qt::Key_Right, Qt::ShiftModifier);
    QVERIFY(splitter->sizes()[0] > list);
    press(Qt::Key_Left, Qt::ShiftModifier);
    QCOMPARE(splitter->sizes()[0], list);
    // The menu says how.
    for (const char *name : { "widenSidePanelAction", "narrowSidePanelAction",
             "widenRecordListAction", "narrowRecordListAction" }) {
        auto *action = m_window->findChild<QAction *>(QString::fromLatin1(name));
        QVERIFY2(action && !action->shortcut().isEmpty(), name);
    }
    m_window->resetLayout(); // the next test's window opens as the first start's
}

void TestKeyboardGui::undoFromEveryPanelField()
{
    // Ctrl+Z in a panel field undoes what was typed in it; with nothing typed there, it undoes
    // the last correction (Edit > Undo), from a line edit, the editable basis and a choice.
    openWindow();
    selectRow(0);
    auto *note = find<QLineEdit>("editor-note");
    auto *identifier = find<QLineEdit>("editor-identifier");
    auto *basis = find<QComboBox>("editor-basis");
    auto *state = find<QComboBox>("editor-state");
    QTRY_VERIFY(note->isVisible());
    QUndoStack *stack = m_window->session().undoStack();
    const int start = stack->count();
    const QString noteBefore = note->text();
    note->setFocus(Qt::OtherFocusReason);
    QTest::keyClicks(note, QStringLiteral(" seen"));
    QTest::keyClick(note, Qt::Key_Return); // applies
    QTRY_COMPARE(stack->count(), start + 1);
    QTRY_VERIFY(note->text().contains(QStringLiteral("seen")));

    // Typing in another field, then Ctrl+Z: the typing goes, the correction stays.
    identifier->setFocus(Qt::OtherFocusReason);
    const QString identifierBefore = identifier->text();
    QTest::keyClicks(identifier, QStringLiteral("xyz"));
    QCOMPARE(identifier->text(), identifierBefore + QStringLiteral("xyz"));
    QTest::keyClick(identifier, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(identifier->text(), identifierBefore);
    QCOMPARE(stack->index(), start + 1);
    // Nothing typed left: the correction is undone.
    QTest::keyClick(identifier, Qt::Key_Z, Qt::ControlModifier);
    QTRY_COMPARE(stack->index(), start);
    QTRY_COMPARE(note->text(), noteBefore);
    // Redo from the field alike.
    QTest::keyClick(
        QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_COMPARE(stack->index(), start + 1);

    // From the editable basis and from the state's list.
    for (QComboBox *combo : { basis, state }) {
        combo->setFocus(Qt::OtherFocusReason);
        QTRY_VERIFY(combo->hasFocus() || combo->isAncestorOf(QApplication::focusWidget()));
        const int index = stack->index();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier);
        QTRY_VERIFY2(stack->index() == index - 1, qPrintable(combo->objectName()));
        QTest::keyClick(
            QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_COMPARE(stack->index(), index);
    }
}

QTEST_MAIN(TestKeyboardGui)
#include "tst_keyboardgui.moc"
