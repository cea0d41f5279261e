// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QSplitter;
class QWidget;

namespace LedgerCurator {

//! What the keyboard alone needs beyond Qt's defaults (docs/manual/en/keyboard.md).
namespace KeyboardAccess {

//! Ctrl+Z in `field` (a line edit, or an editable combo box's) undoes what was typed in it while
//! there is typing to undo; with none, the key goes on to the window's Edit > Undo (the last
//! correction). The redo key alike.
void passUndoToWindow(QWidget *field);

//! Makes pane `pane` of `splitter` `delta` pixels larger (smaller when negative), taken from (given
//! to) pane `neighbour`, within both panes' minimum and maximum sizes. Whether it changed.
bool resizePane(QSplitter *splitter, int pane, int neighbour, int delta);

} // namespace KeyboardAccess

//! Shift+F10 asks for the context menu of the widget with the focus, as the Menu key does: the
//! record table's row menu, a text field's own menu. For the windows of `mainWindow` (itself and
//! the windows it owns), so that two main windows never both answer one key.
class ContextMenuKey final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ContextMenuKey)

public:
    explicit ContextMenuKey(QWidget *mainWindow);
    ~ContextMenuKey() override;

    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *m_mainWindow = nullptr;
};

} // namespace LedgerCurator
