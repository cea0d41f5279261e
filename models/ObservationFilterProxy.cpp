// SPDX-License-Identifier: GPL-3.0-or-later
#include "ObservationFilterProxy.h"

#include <QRegularExpression>

namespace LedgerCurator {

namespace {

QStringList foldedWords(const QString &text)
{
    static const QRegularExpression whitespace(QStringLiteral("\\s+"));
    return text.toCaseFolded().split(whitespace, Qt::SkipEmptyParts);
}

} // namespace

ObservationFilterProxy::ObservationFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(ObservationTableModel::SortRole);
}

void ObservationFilterProxy::filterWasChanged()
{
    // QSortFilterProxyModel applies a filter change one interval of rows at a time, each costing a
    // pass over its whole mapping: quadratic when the rows that come and go are scattered over a
    // large model (seconds for a state chip on 200,000 rows). Beyond the limit the mapping is
    // rebuilt instead, as one layout change: views and persistent indexes (the selection) follow,
    // indexes of rows that went away become invalid.
    const QAbstractItemModel *source = sourceModel();
    if (source && source->rowCount() > kIncrementalFilterRowLimit)
        invalidate();
    else
        invalidateRowsFilter(); // only rows depend on the filters
    Q_EMIT filterChanged();
}

void ObservationFilterProxy::setFilterText(const QString &text)
{
    QStringList words = foldedWords(text);
    m_filterText = text;
    if (words == m_words)
        return;
    m_words = std::move(words);
    filterWasChanged();
}

void ObservationFilterProxy::setStates(QList<ResolutionState> states)
{
    unsigned mask = 0;
    for (const ResolutionState state : std::as_const(states))
        mask |= 1U << unsigned(state);
    if (mask == m_stateMask)
        return;
    m_stateMask = mask;
    filterWasChanged();
}

QList<ResolutionState> ObservationFilterProxy::states() const
{
    QList<ResolutionState> out;
    for (const ResolutionState state : kAllResolutionStates) {
        if (m_stateMask & (1U << unsigned(state)))
            out.append(state);
    }
    return out;
}

void ObservationFilterProxy::setDirection(std::optional<Direction> direction)
{
    if (direction == m_direction)
        return;
    m_direction = direction;
    filterWasChanged();
}

void ObservationFilterProxy::setNeedsAttentionOnly(bool on)
{
    if (on == m_needsAttentionOnly)
        return;
    m_needsAttentionOnly = on;
    filterWasChanged();
}

void ObservationFilterProxy::setCuratedOnly(bool on)
{
    if (on == m_curatedOnly)
        return;
    m_curatedOnly = on;
    filterWasChanged();
}

bool ObservationFilterProxy::isFiltering() const
{
    return !m_words.isEmpty() || (m_stateMask != 0 && m_stateMask != kAllStatesMask)
        || m_direction.has_value() || m_needsAttentionOnly || m_curatedOnly;
}

bool ObservationFilterProxy::stateAccepted(int state) const
{
    return m_stateMask == 0
        || (state >= 0 && state < kResolutionStateCount && (m_stateMask & (1U << unsigned(state))));
}

bool ObservationFilterProxy::acceptsIgnoringState(const QModelIndex &source) const
{
    // Cheapest tests first; the text last.
    if (m_direction
        && source.data(ObservationTableModel::DirectionRole).toInt() != int(*m_direction))
        return false;
    if (m_needsAttentionOnly && !source.data(ObservationTableModel::NeedsAttentionRole).toBool())
        return false;
    if (m_curatedOnly && !source.data(ObservationTableModel::CuratedRole).toBool()
        && !source.data(ObservationTableModel::ConflictRole).toBool())
        return false;
    if (!m_words.isEmpty()) {
        // Already case-folded by the model; implicitly shared, so no copy of the text.
        const QString text = source.data(ObservationTableModel::FilterTextRole).toString();
        for (const QString &word : m_words) {
            if (!text.contains(word))
                return false;
        }
    }
    return true;
}

bool ObservationFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!isFiltering())
        return true;
    const QModelIndex source = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_stateMask != 0 && !stateAccepted(source.data(ObservationTableModel::StateRole).toInt()))
        return false;
    return acceptsIgnoringState(source);
}

bool ObservationFilterProxy::lessThan(
    const QModelIndex &sourceLeft, const QModelIndex &sourceRight) const
{
    const auto *table = qobject_cast<const ObservationTableModel *>(sourceModel());
    const int column = sourceLeft.column();
    if (table && sortRole() == ObservationTableModel::SortRole && column == sourceRight.column()) {
        const Observation *left = table->observationAt(sourceLeft.row());
        const Observation *right = table->observationAt(sourceRight.row());
        if (left && right) {
            // Ties keep page order, so the order of the table does not depend on which rows
            // a filter lets through.
            const bool rowOrder = sourceLeft.row() < sourceRight.row();
            switch (column) {
            case ObservationTableModel::StateColumn:
                return left->state != right->state ? int(left->state) < int(right->state) : rowOrder;
            case ObservationTableModel::ReferenceColumn: {
                const qint64 a = left->reference.value_or(-1);
                const qint64 b = right->reference.value_or(-1);
                return a != b ? a < b : rowOrder;
            }
            case ObservationTableModel::CitingTitleColumn:
                // SortRole gives the case-folded title; comparing without case gives the same
                // order (but for code points beyond the BMP against U+E000..U+FFFF).
                if (!isSortLocaleAware()) {
                    // Titles are ranked once per record (case-folded), so this compares integers.
                    const int a = table->rowInfoAt(sourceLeft.row())->titleRank;
                    const int b = table->rowInfoAt(sourceRight.row())->titleRank;
                    return a != b ? a < b : rowOrder;
                }
                break;
            default:
                break;
            }
        }
    }
    return QSortFilterProxyModel::lessThan(sourceLeft, sourceRight);
}

std::array<int, kResolutionStateCount>
ObservationFilterProxy::stateCountsIgnoringStateFilter() const
{
    std::array<int, kResolutionStateCount> counts {};
    const QAbstractItemModel *model = sourceModel();
    if (!model)
        return counts;
    const int rows = model->rowCount();
    for (int row = 0; row < rows; ++row) {
        const QModelIndex source = model->index(row, 0);
        if (!acceptsIgnoringState(source))
            continue;
        const int state = source.data(ObservationTableModel::StateRole).toInt();
        if (state >= 0 && state < kResolutionStateCount)
            ++counts[state];
    }
    return counts;
}

} // namespace LedgerCurator
