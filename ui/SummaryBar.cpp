// SPDX-License-Identifier: GPL-3.0-or-later
#include "SummaryBar.h"

#include "StateStyle.h"
#include "ThemeColors.h"

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <numeric>

namespace LedgerCurator {

namespace {

constexpr int kMargin = 2; // around everything
constexpr int kLegendSpacing = 4; // between the bar and the legend row
constexpr int kSwatchGap = 4; // between a legend swatch and its text
constexpr int kEntryGap = 14; // between legend entries
constexpr int kCountPadding = 3; // a segment's count needs this much room on either side
constexpr qreal kBarRadius = 4.0;

//! Integer widths that add up to width: proportional to counts, but at least minWidth for
//! every non-zero count (less only when width cannot give each of them that much).
std::array<int, kResolutionStateCount> segmentWidths(
    const std::array<int, kResolutionStateCount> &counts, int width, int minWidth)
{
    std::array<int, kResolutionStateCount> result {};
    const int nonZero
        = int(std::count_if(counts.begin(), counts.end(), [](int c) { return c > 0; }));
    if (nonZero == 0 || width <= 0)
        return result;
    const int minimum = std::min(minWidth, width / nonZero);

    // Segments whose share falls below the minimum get exactly the minimum; the others share
    // what is left in proportion. Fixing one can push another below, hence the loop.
    std::array<bool, kResolutionStateCount> fixed {};
    std::array<double, kResolutionStateCount> share {};
    for (bool changed = true; changed;) {
        changed = false;
        int fixedCount = 0;
        qint64 freeTotal = 0;
        for (int i = 0; i < kResolutionStateCount; ++i) {
            if (counts[i] <= 0)
                continue;
            if (fixed[i])
                ++fixedCount;
            else
                freeTotal += counts[i];
        }
        const double freeWidth = width - double(minimum) * fixedCount;
        for (int i = 0; i < kResolutionStateCount; ++i) {
            if (counts[i] <= 0 || fixed[i])
                continue;
            share[i] = freeWidth * counts[i] / double(freeTotal);
            if (share[i] < minimum) {
                fixed[i] = true;
                changed = true;
            }
        }
    }

    // Whole pixels: round down, then hand out the rest by largest remainder.
    int used = 0;
    std::array<double, kResolutionStateCount> remainder {};
    for (int i = 0; i < kResolutionStateCount; ++i) {
        if (counts[i] <= 0)
            continue;
        if (fixed[i]) {
            result[i] = minimum;
        } else {
            result[i] = int(share[i]);
            remainder[i] = share[i] - result[i];
        }
        used += result[i];
    }
    std::array<int, kResolutionStateCount> order {};
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(
        order.begin(), order.end(), [&](int a, int b) { return remainder[a] > remainder[b]; });
    // At least one segment is not fixed (the last one left always gets at least the minimum),
    // and the rest is less than the number of those, so one pass hands it all out.
    for (int k = 0; k < kResolutionStateCount && used < width; ++k) {
        const int i = order[k];
        if (counts[i] > 0 && !fixed[i]) {
            ++result[i];
            ++used;
        }
    }
    return result;
}

} // namespace

SummaryBar::SummaryBar(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("summaryBar"));
    setAccessibleName(tr("Resolution states"));
    setAttribute(Qt::WA_Hover);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    updateDescriptions();
}

void SummaryBar::setCounts(const std::array<int, kResolutionStateCount> &counts)
{
    std::array<int, kResolutionStateCount> clean = counts;
    for (int &c : clean)
        c = std::max(c, 0);
    if (clean == m_counts)
        return;
    m_counts = clean;
    updateDescriptions();
    updateGeometry();
    update();
}

int SummaryBar::total() const
{
    return std::accumulate(m_counts.begin(), m_counts.end(), 0);
}

QString SummaryBar::summaryText() const
{
    const int sum = total();
    if (sum == 0)
        return tr("No observations");
    QStringList parts;
    for (ResolutionState state : kAllResolutionStates) {
        const int count = m_counts[static_cast<int>(state)];
        if (count > 0)
            parts.append(tr("%1 %2").arg(QLocale().toString(count), stateDisplayText(state)));
    }
    const QString list = parts.join(tr(", "));
    return sum == 1 ? tr("1 observation: %1").arg(list)
                    : tr("%Ln observations: %1", nullptr, sum).arg(list);
}

std::optional<ResolutionState> SummaryBar::stateAt(const QPoint &pos) const
{
    const Geometry g = geometry();
    for (ResolutionState state : kAllResolutionStates) {
        const int i = static_cast<int>(state);
        if (g.segments[i].contains(pos) || g.legend[i].rect.contains(pos))
            return state;
    }
    return std::nullopt;
}

QRect SummaryBar::barRect() const
{
    return geometry().bar;
}

QRect SummaryBar::segmentRect(ResolutionState state) const
{
    return geometry().segments[static_cast<int>(state)];
}

int SummaryBar::barHeight() const
{
    return std::max(fontMetrics().height() + 8, 20);
}

QString SummaryBar::legendText(ResolutionState state, bool shortText) const
{
    return tr("%1 %2").arg(shortText ? stateShortText(state) : stateDisplayText(state),
        QLocale().toString(m_counts[static_cast<int>(state)]));
}

int SummaryBar::legendWidth(bool shortText) const
{
    const QFontMetrics metrics = fontMetrics();
    const int swatch = metrics.ascent();
    int width = 0;
    for (ResolutionState state : kAllResolutionStates) {
        if (m_counts[static_cast<int>(state)] <= 0)
            continue;
        if (width > 0)
            width += kEntryGap;
        width += swatch + kSwatchGap + metrics.horizontalAdvance(legendText(state, shortText));
    }
    return width;
}

SummaryBar::Geometry SummaryBar::geometry() const
{
    Geometry g;
    const QRect area = rect().adjusted(kMargin, kMargin, -kMargin, -kMargin);
    g.bar = QRect(area.left(), area.top(), std::max(area.width(), 0), barHeight());

    const auto widths = segmentWidths(m_counts, g.bar.width(), kMinSegmentWidth);
    int x = g.bar.left();
    for (int i = 0; i < kResolutionStateCount; ++i) {
        if (widths[i] > 0)
            g.segments[i] = QRect(x, g.bar.top(), widths[i], g.bar.height());
        x += widths[i];
    }

    // The legend row: full state names when they fit, else the short ones; entries that still
    // do not fit are left out (the tooltip and summaryText() name every state).
    const QFontMetrics metrics = fontMetrics();
    const bool shortText = legendWidth(false) > area.width();
    const int swatch = metrics.ascent();
    const int top = g.bar.bottom() + 1 + kLegendSpacing;
    x = area.left();
    for (ResolutionState state : kAllResolutionStates) {
        const int i = static_cast<int>(state);
        if (m_counts[i] <= 0)
            continue;
        LegendEntry &entry = g.legend[i];
        entry.text = legendText(state, shortText);
        const int width = swatch + kSwatchGap + metrics.horizontalAdvance(entry.text);
        if (x + width > area.right() + 1) {
            const int moreWidth = metrics.horizontalAdvance(QStringLiteral("…"));
            if (x + moreWidth <= area.right() + 1)
                g.more = QRect(x, top, moreWidth, metrics.height());
            break;
        }
        entry.rect = QRect(x, top, width, metrics.height());
        entry.swatch = QRect(x, top + (metrics.height() - swatch) / 2, swatch, swatch);
        x += width + kEntryGap;
    }
    return g;
}

QSize SummaryBar::sizeHint() const
{
    const int width = std::max(legendWidth(false), 240) + 2 * kMargin;
    return QSize(width, minimumSizeHint().height());
}

QSize SummaryBar::minimumSizeHint() const
{
    const QFontMetrics metrics = fontMetrics();
    const int width = std::max(kResolutionStateCount * kMinSegmentWidth,
        metrics.horizontalAdvance(tr("No observations")) + 8);
    const int height = barHeight() + kLegendSpacing + metrics.height();
    return QSize(width + 2 * kMargin, height + 2 * kMargin);
}

void SummaryBar::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, true);
    const Geometry g = geometry();
    const QRectF bar = QRectF(g.bar);
    const QFontMetrics metrics = fontMetrics();

    if (total() == 0) {
        painter.setPen(QPen(palette().color(QPalette::Mid), 1.0));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(bar.adjusted(0.5, 0.5, -0.5, -0.5), kBarRadius, kBarRadius);
        painter.setPen(toneColor(TextTone::Muted, palette()));
        painter.drawText(g.bar, Qt::AlignCenter | Qt::TextSingleLine, tr("No observations"));
        return;
    }

    painter.save();
    QPainterPath clip;
    clip.addRoundedRect(bar, kBarRadius, kBarRadius);
    painter.setClipPath(clip);
    for (ResolutionState state : kAllResolutionStates) {
        const int i = static_cast<int>(state);
        const QRect segment = g.segments[i];
        if (segment.isEmpty())
            continue;
        painter.fillRect(segment, stateColor(state, palette()));
        const QString count = QLocale().toString(m_counts[i]);
        if (metrics.horizontalAdvance(count) + 2 * kCountPadding <= segment.width()) {
            painter.setPen(stateTextColor(state, palette()));
            painter.drawText(segment, Qt::AlignCenter | Qt::TextSingleLine, count);
        }
    }
    // A hairline between neighbouring segments, so that similar colours stay apart.
    painter.setPen(QPen(palette().color(QPalette::Window), 1.0));
    for (int i = 0; i < kResolutionStateCount; ++i) {
        const QRect segment = g.segments[i];
        if (!segment.isEmpty() && segment.right() < g.bar.right())
            painter.drawLine(QLineF(
                segment.right() + 0.5, bar.top(), segment.right() + 0.5, bar.bottom() + 1.0));
    }
    painter.restore();

    const QColor text = palette().color(QPalette::WindowText);
    const QColor outline
        = text.lightnessF() > 0.5 ? QColor(255, 255, 255, 96) : QColor(0, 0, 0, 96);
    for (ResolutionState state : kAllResolutionStates) {
        const LegendEntry &entry = g.legend[static_cast<int>(state)];
        if (entry.rect.isEmpty())
            continue;
        painter.setPen(QPen(outline, 1.0));
        painter.setBrush(stateColor(state, palette()));
        painter.drawRoundedRect(QRectF(entry.swatch).adjusted(0.5, 0.5, -0.5, -0.5), 2.0, 2.0);
        painter.setPen(text);
        const QRect textRect = entry.rect.adjusted(entry.swatch.width() + kSwatchGap, 0, 0, 0);
        painter.drawText(
            textRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, entry.text);
    }
    if (!g.more.isEmpty()) {
        painter.setPen(text);
        painter.drawText(
            g.more, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, QStringLiteral("…"));
    }
}

void SummaryBar::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        if (const auto state = stateAt(event->position().toPoint())) {
            event->accept();
            Q_EMIT stateClicked(*state);
            return;
        }
    }
    QWidget::mousePressEvent(event);
}

bool SummaryBar::event(QEvent *event)
{
    switch (event->type()) {
    case QEvent::ToolTip: {
        auto *help = static_cast<QHelpEvent *>(event);
        if (const auto state = stateAt(help->pos())) {
            const Geometry g = geometry();
            const int i = static_cast<int>(*state);
            const QRect area
                = g.segments[i].contains(help->pos()) ? g.segments[i] : g.legend[i].rect;
            QToolTip::showText(help->globalPos(), segmentToolTip(*state), this, area);
            return true;
        }
        break; // the whole summary, from toolTip()
    }
    case QEvent::HoverEnter:
    case QEvent::HoverMove: {
        auto *hover = static_cast<QHoverEvent *>(event);
        if (stateAt(hover->position().toPoint()))
            setCursor(Qt::PointingHandCursor);
        else
            unsetCursor();
        break;
    }
    case QEvent::HoverLeave:
        unsetCursor();
        break;
    default:
        break;
    }
    return QWidget::event(event);
}

QString SummaryBar::segmentToolTip(ResolutionState state) const
{
    return tr("%1: %2 of %3")
        .arg(stateDisplayText(state), QLocale().toString(m_counts[static_cast<int>(state)]),
            QLocale().toString(total()));
}

void SummaryBar::updateDescriptions()
{
    const QString text = summaryText();
    setToolTip(text);
    setAccessibleDescription(text);
}

} // namespace LedgerCurator
