// SPDX-License-Identifier: GPL-3.0-or-later
#include "ShortcutsDialog.h"
#include "ManualWindow.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace LedgerCurator {

namespace {

void addShortcuts(const QString &menu, const QMenu *from, QList<ShortcutEntry> &entries)
{
    for (const QAction *action : from->actions()) {
        if (action->isSeparator())
            continue;
        if (action->menu()) {
            addShortcuts(menu, action->menu(), entries);
            continue;
        }
        QList<QKeySequence> keys;
        for (const QKeySequence &key : action->shortcuts()) {
            if (!key.isEmpty())
                keys.append(key);
        }
        if (!keys.isEmpty())
            entries.append({ menu, withoutMnemonic(action->text()), keys, action });
    }
}

} // namespace

QString withoutMnemonic(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == u'&') {
            if (i + 1 < text.size() && text[i + 1] == u'&')
                out += text[++i];
            continue;
        }
        out += text[i];
    }
    return out;
}

QList<ShortcutEntry> menuShortcuts(const QMenuBar *bar)
{
    QList<ShortcutEntry> entries;
    if (!bar)
        return entries;
    for (const QAction *top : bar->actions()) {
        if (top->menu())
            addShortcuts(withoutMnemonic(top->menu()->title()), top->menu(), entries);
    }
    return entries;
}

QStringList duplicateShortcuts(const QList<ShortcutEntry> &entries)
{
    QHash<QKeySequence, QStringList> byKey;
    QList<QKeySequence> order;
    for (const ShortcutEntry &entry : entries) {
        if (entry.source && !entry.source->isEnabled())
            continue;
        for (const QKeySequence &key : entry.keys) {
            if (!byKey.contains(key))
                order.append(key);
            byKey[key].append(entry.action);
        }
    }
    QStringList duplicates;
    for (const QKeySequence &key : std::as_const(order)) {
        const QStringList &actions = byKey[key];
        if (actions.size() > 1)
            duplicates.append(key.toString(QKeySequence::PortableText) + QStringLiteral(": ")
                + actions.join(QStringLiteral(", ")));
    }
    return duplicates;
}

ShortcutsDialog::ShortcutsDialog(const QMenuBar *bar, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    Manual::setSection(this, QStringLiteral("keyboard"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    resize(560, 620);

    auto *tree = new QTreeWidget(this);
    tree->setObjectName(QStringLiteral("shortcutsList"));
    tree->setAccessibleName(tr("Keyboard shortcuts"));
    tree->setColumnCount(2);
    tree->setHeaderLabels({ tr("Action"), tr("Shortcut") });
    tree->setRootIsDecorated(false);
    tree->setSelectionMode(QAbstractItemView::NoSelection);
    tree->setUniformRowHeights(true);
    QTreeWidgetItem *group = nullptr;
    QString groupMenu;
    for (const ShortcutEntry &entry : menuShortcuts(bar)) {
        if (!group || entry.menu != groupMenu) {
            groupMenu = entry.menu;
            group = new QTreeWidgetItem(tree, { entry.menu });
            QFont bold = group->font(0);
            bold.setBold(true);
            group->setFont(0, bold);
            group->setFirstColumnSpanned(true);
            group->setExpanded(true);
        }
        QStringList keys;
        for (const QKeySequence &key : entry.keys)
            keys.append(key.toString(QKeySequence::NativeText));
        auto *item = new QTreeWidgetItem(group, { entry.action, keys.join(tr(" or ")) });
        item->setData(1, Qt::UserRole, entry.keys.first().toString(QKeySequence::PortableText));
    }
    tree->expandAll();
    tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(tree);
    layout->addWidget(buttons);
}

} // namespace LedgerCurator
