// SPDX-License-Identifier: GPL-3.0-or-later
#include "StateBadgeDelegate.h"

#include "ObservationTableModel.h"
#include "StateStyle.h"
#include "ThemeColors.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

namespace LedgerCurator {

namespace {

constexpr int kCellMargin = 4; // between the cell edge and the badge
constexpr int kBadgePaddingX = 8; // between the badge edge and its text
constexpr int kBadgePaddingY = 2;

std::optional<ResolutionState> stateOf(const QModelIndex &index)
{
    const QVariant value = index.data(ObservationTableModel::StateRole);
    if (!value.isValid())
        return std::nullopt;
    bool ok = false;
    const int state = value.toInt(&ok);
    if (!ok || state < 0 || state >= kResolutionStateCount)
        return std::nullopt;
    return static_cast<ResolutionState>(state);
}

QString badgeText(const QModelIndex &index, ResolutionState state)
{
    const QString text = index.data(Qt::DisplayRole).toString();
    return text.isEmpty() ? stateDisplayText(state) : text;
}

} // namespace

StateBadgeDelegate::StateBadgeDelegate(QObject *parent)
    : MeasuringDelegate(parent)
{
    setObjectName(QStringLiteral("stateBadgeDelegate"));
}

QRect StateBadgeDelegate::badgeRect(
    const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const auto state = stateOf(index);
    if (!state)
        return {};
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QFontMetrics metrics(opt.font);
    const QRect cell = opt.rect.adjusted(kCellMargin, 0, -kCellMargin, 0);
    const int height = qMin(metrics.height() + 2 * kBadgePaddingY, opt.rect.height() - 2);
    const int width = qMin(
        metrics.horizontalAdvance(badgeText(index, *state)) + 2 * kBadgePaddingX, cell.width());
    if (width <= 0 || height <= 0)
        return {};
    return QRect(cell.left(), cell.top() + (cell.height() - height) / 2, width, height);
}

void StateBadgeDelegate::paint(
    QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const auto state = stateOf(index);
    if (!state) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }

    // The cell's background, selection highlight and focus frame, as the style draws them.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = badgeText(index, *state);
    opt.text.clear();
    opt.icon = QIcon();
    opt.features &= ~QStyleOptionViewItem::HasDecoration;
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const QRect badge = badgeRect(option, index);
    if (badge.isEmpty())
        return;

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const QPalette::ColorGroup group
        = (opt.state & QStyle::State_Active) ? QPalette::Active : QPalette::Inactive;
    const bool selected = opt.state & QStyle::State_Selected;
    // An excluded row's badge is an outline in the state's colour around text in the row's own
    // colour: told apart from the others without fading its text below 4.5:1.
    const bool excluded = index.data(ObservationTableModel::ExcludedRole).toBool();
    const QColor fill = stateColor(*state, opt.palette);

    const qreal radius = badge.height() / 2.0;
    QPainterPath path;
    path.addRoundedRect(QRectF(badge), radius, radius);
    if (excluded) {
        painter->setPen(QPen(fill, 2.0));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(
            QRectF(badge).adjusted(1.0, 1.0, -1.0, -1.0), radius - 1.0, radius - 1.0);
    } else {
        painter->fillPath(path, fill);
    }
    if (selected && !excluded) {
        // A thin ring in the highlighted-text colour keeps the badge apart from the highlight.
        painter->setPen(QPen(opt.palette.color(group, QPalette::HighlightedText), 1.0));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(
            QRectF(badge).adjusted(0.5, 0.5, -0.5, -0.5), radius - 0.5, radius - 0.5);
    }

    painter->setFont(opt.font);
    if (excluded) {
        // On the selection, the highlighted text made readable on it (Fusion's is 3.7:1).
        const QColor background = opt.palette.color(group, QPalette::Highlight);
        painter->setPen(selected ? readableOn(opt.palette.color(group, QPalette::HighlightedText),
                            std::array<QColor, 1> { background })
                                 : opt.palette.color(group, QPalette::Text));
        QFont italic = opt.font;
        italic.setItalic(true);
        painter->setFont(italic);
    } else {
        painter->setPen(stateTextColor(*state, opt.palette));
    }
    const QRect textRect = badge.adjusted(kBadgePaddingX, 0, -kBadgePaddingX, 0);
    // Elide only when the cell is too narrow for the badge: elidedText() against the exact
    // advance can cut a character that fits.
    const QFontMetrics metrics = painter->fontMetrics();
    const QString shown = metrics.horizontalAdvance(text) <= textRect.width()
        ? text
        : metrics.elidedText(text, Qt::ElideRight, textRect.width());
    painter->drawText(textRect, Qt::AlignCenter | Qt::TextSingleLine | Qt::TextDontClip, shown);
    painter->restore();
}

QString StateBadgeDelegate::sizeKey(
    const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    // A badge (its text: the cell's, in the key already, else the state's) or none.
    const auto state = stateOf(index);
    if (!state)
        return {};
    return option.text.isEmpty() ? stateDisplayText(*state) : QStringLiteral("badge");
}

QSize StateBadgeDelegate::sizeFor(const QStyleOptionViewItem &opt, const QModelIndex &index) const
{
    // What QStyledItemDelegate::sizeHint() gives, from the one style option made
    // (MeasuringDelegate::sizeHint(); making it asks the model for every role).
    const QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    const QSize base = style->sizeFromContents(QStyle::CT_ItemViewItem, &opt, QSize(), opt.widget);
    const auto state = stateOf(index);
    if (!state)
        return base;
    const QFontMetrics metrics(opt.font);
    // As wide as the widest state, so that the column does not change width with its contents;
    // measured once per font (fitting a column asks a thousand rows).
    if (opt.font != m_measuredFont || m_widestState < 0) {
        m_measuredFont = opt.font;
        m_widestState = 0;
        for (ResolutionState s : kAllResolutionStates)
            m_widestState = qMax(m_widestState, metrics.horizontalAdvance(stateDisplayText(s)));
    }
    const int textWidth = qMax(m_widestState, metrics.horizontalAdvance(badgeText(index, *state)));
    const int width = textWidth + 2 * kBadgePaddingX + 2 * kCellMargin;
    const int height = metrics.height() + 2 * kBadgePaddingY + 4;
    return QSize(qMax(base.width(), width), qMax(base.height(), height));
}

} // namespace LedgerCurator
