// SPDX-License-Identifier: GPL-3.0-or-later
#include "MeasuringDelegate.h"

#include <QAbstractItemModel>
#include <QAbstractItemView>
#include <QApplication>
#include <QStyle>

namespace LedgerCurator {

QSize MeasuringDelegate::sizeHint(
    const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    // As QStyledItemDelegate::sizeHint(): the model's own size first.
    const QVariant hint = index.data(Qt::SizeHintRole);
    if (hint.isValid())
        return qvariant_cast<QSize>(hint);
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const bool alike = m_measuring
        && !(opt.features
            & (QStyleOptionViewItem::HasDecoration | QStyleOptionViewItem::HasCheckIndicator));
    if (!alike) {
        ++m_measured;
        return sizeFor(opt, index);
    }
    const CellKey key { opt.text, sizeKey(opt, index), opt.font, int(opt.features), int(opt.state),
        int(opt.viewItemPosition),
        opt.features & QStyleOptionViewItem::WrapText ? opt.rect.width() : -1 };
    const auto kept = m_sizes.constFind(key);
    if (kept != m_sizes.constEnd()) {
        ++m_kept;
        return *kept;
    }
    ++m_measured;
    const QSize size = sizeFor(opt, index);
    m_sizes.insert(key, size);
    return size;
}

QSize MeasuringDelegate::sizeFor(const QStyleOptionViewItem &option, const QModelIndex &) const
{
    const QStyle *style = option.widget ? option.widget->style() : QApplication::style();
    return style->sizeFromContents(QStyle::CT_ItemViewItem, &option, QSize(), option.widget);
}

QString MeasuringDelegate::sizeKey(const QStyleOptionViewItem &, const QModelIndex &) const
{
    return {};
}

MeasuringDelegate::Measuring::Measuring(const QAbstractItemView *view)
{
    const auto add = [this](const QAbstractItemDelegate *delegate) {
        const auto *measuring = qobject_cast<const MeasuringDelegate *>(delegate);
        if (measuring && !m_delegates.contains(measuring)) {
            measuring->m_measuring = true;
            m_delegates.append(measuring);
        }
    };
    add(view->itemDelegate());
    if (const QAbstractItemModel *model = view->model()) {
        for (int column = 0; column < model->columnCount(view->rootIndex()); ++column)
            add(view->itemDelegateForColumn(column));
    }
}

MeasuringDelegate::Measuring::~Measuring()
{
    for (const MeasuringDelegate *delegate : m_delegates) {
        delegate->m_measuring = false;
        delegate->m_sizes.clear();
    }
}

} // namespace LedgerCurator
