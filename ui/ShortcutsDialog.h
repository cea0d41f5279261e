// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QKeySequence>
#include <QList>
#include <QString>

class QMenuBar;
class QAction;

namespace LedgerCurator {

//! One action of a window's menus that has a shortcut.
struct ShortcutEntry
{
    QString menu; // the menu's title, without its mnemonic ("File")
    QString action; // the action's text, without its mnemonic ("Export PDF...")
    QList<QKeySequence> keys;
    const QAction *source = nullptr;
};

//! Every action with a shortcut in the menus of `bar` (submenus included), in menu order.
QList<ShortcutEntry> menuShortcuts(const QMenuBar *bar);

//! A key sequence that two or more enabled actions of `entries` share, with their texts
//! ("Ctrl+E: Go to the Correction Panel, Export ..."); empty when each is unique.
QStringList duplicateShortcuts(const QList<ShortcutEntry> &entries);

//! `text` without its mnemonic: "&File" reads "File", "Tom && Jerry" reads "Tom & Jerry".
QString withoutMnemonic(const QString &text);

//! Help > Keyboard Shortcuts: every shortcut of the window's menus, grouped by menu, read from
//! the actions themselves (so it cannot fall behind them), in the platform's own notation.
class ShortcutsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShortcutsDialog)

public:
    ShortcutsDialog(const QMenuBar *bar, QWidget *parent = nullptr);
};

} // namespace LedgerCurator
