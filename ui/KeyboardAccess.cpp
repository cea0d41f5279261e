// SPDX-License-Identifier: GPL-3.0-or-later
#include "KeyboardAccess.h"

#include <QApplication>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSplitter>

#include <algorithm>

namespace LedgerCurator {

namespace {

//! Lets the undo and redo keys past a line edit that has nothing of its own to undo or redo.
class UndoToWindow final : public QObject
{
public:
    using QObject::QObject;

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() != QEvent::ShortcutOverride)
            return QObject::eventFilter(watched, event);
        QLineEdit *edit = qobject_cast<QLineEdit *>(watched);
        if (auto *combo = qobject_cast<QComboBox *>(watched))
            edit = combo->lineEdit(); // the combo box hands the key to its line edit itself
        if (!edit || edit->isReadOnly())
            return QObject::eventFilter(watched, event);
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool undo = key->matches(QKeySequence::Undo) && !edit->isUndoAvailable();
        const bool redo = key->matches(QKeySequence::Redo) && !edit->isRedoAvailable();
        if (!undo && !redo)
            return QObject::eventFilter(watched, event);
        // Not taken by the field: the shortcut (Edit > Undo, Edit > Redo) gets the key.
        event->ignore();
        return true;
    }
};

//! The smallest and largest size `widget` may have along `orientation` in a splitter.
std::pair<int, int> limits(const QWidget *widget, Qt::Orientation orientation)
{
    const bool horizontal = orientation == Qt::Horizontal;
    const int set = horizontal ? widget->minimumWidth() : widget->minimumHeight();
    const QSize hint = widget->minimumSizeHint();
    const int smallest = set > 0 ? set : std::max(0, horizontal ? hint.width() : hint.height());
    return { smallest, horizontal ? widget->maximumWidth() : widget->maximumHeight() };
}

} // namespace

void KeyboardAccess::passUndoToWindow(QWidget *field)
{
    auto *filter = new UndoToWindow(field);
    field->installEventFilter(filter);
    if (auto *combo = qobject_cast<QComboBox *>(field); combo && combo->lineEdit())
        combo->lineEdit()->installEventFilter(filter);
}

bool KeyboardAccess::resizePane(QSplitter *splitter, int pane, int neighbour, int delta)
{
    QList<int> sizes = splitter->sizes();
    if (pane < 0 || neighbour < 0 || pane >= sizes.size() || neighbour >= sizes.size()
        || pane == neighbour || delta == 0)
        return false;
    const auto [paneMin, paneMax] = limits(splitter->widget(pane), splitter->orientation());
    const auto [nextMin, nextMax] = limits(splitter->widget(neighbour), splitter->orientation());
    // As far as both panes allow, and never further.
    if (delta > 0)
        delta = std::min({ delta, paneMax - sizes[pane], sizes[neighbour] - nextMin });
    else
        delta = -std::min({ -delta, sizes[pane] - paneMin, nextMax - sizes[neighbour] });
    if (delta == 0)
        return false;
    const QList<int> before = sizes;
    sizes[pane] += delta;
    sizes[neighbour] -= delta;
    splitter->setSizes(sizes);
    return splitter->sizes() != before;
}

ContextMenuKey::ContextMenuKey(QWidget *mainWindow)
    : QObject(mainWindow)
    , m_mainWindow(mainWindow)
{
    qApp->installEventFilter(this);
}

ContextMenuKey::~ContextMenuKey()
{
    qApp->removeEventFilter(this);
}

bool ContextMenuKey::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::KeyPress)
        return QObject::eventFilter(watched, event);
    const auto *key = static_cast<QKeyEvent *>(event);
    if (key->key() != Qt::Key_F10 || key->modifiers() != Qt::ShiftModifier
        || QApplication::activePopupWidget())
        return QObject::eventFilter(watched, event);
    QWidget *focus = QApplication::focusWidget();
    bool ours = false;
    for (const QWidget *w = focus; w && !ours; w = w->parentWidget())
        ours = w == m_mainWindow;
    if (!ours || !focus->isEnabled())
        return QObject::eventFilter(watched, event);
    event->accept();
    if (!key->isAutoRepeat()) {
        // What Qt sends for the Menu key: at the focus widget's cursor (a view's current item).
        const QPoint pos = focus->inputMethodQuery(Qt::ImCursorRectangle).toRect().center();
        QContextMenuEvent menu(QContextMenuEvent::Keyboard, pos, focus->mapToGlobal(pos));
        QCoreApplication::sendEvent(focus, &menu);
    }
    return true;
}

} // namespace LedgerCurator
