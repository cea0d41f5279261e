// SPDX-License-Identifier: GPL-3.0-or-later
#include "WindowAccessibility.h"

#include <QAccessibleWidget>
#include <QWidget>

#include <cstring>

namespace LedgerCurator {

namespace {

//! A top-level window of ours made directly from QWidget (a QDialog or QMainWindow already has a
//! window's role): the role of a window. Asked for each class from the most derived up, so the
//! class name must be the object's own.
QAccessibleInterface *windowInterface(const QString &className, QObject *object)
{
    auto *widget = qobject_cast<QWidget *>(object);
    if (!widget || !widget->isWindow() || widget->windowType() != Qt::Window)
        return nullptr;
    const QMetaObject *meta = widget->metaObject();
    if (className != QLatin1String(meta->className())
        || std::strncmp(meta->className(), "LedgerCurator::", 15) != 0 || !meta->superClass()
        || std::strcmp(meta->superClass()->className(), "QWidget") != 0)
        return nullptr;
    return new QAccessibleWidget(widget, QAccessible::Window);
}

} // namespace

void installWindowAccessibility()
{
    static const bool installed = [] {
        QAccessible::installFactory(windowInterface);
        return true;
    }();
    (void)installed;
}

} // namespace LedgerCurator
