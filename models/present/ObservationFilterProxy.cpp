// SPDX-License-Identifier: GPL-3.0-or-later
#include "ObservationFilterProxy.h"

#include <QRegularExpression>

#include <algorithm>
#include <numeric>

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
    connect(this, &QAbstractProxyModel::sourceModelChanged, this, [this] {
        m_table = qobject_cast<const ObservationTableModel *>(sourceModel());
        m_textCache = {};
        m_sortCache = {};
    });
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

bool ObservationFilterProxy::tableRowHasWords(int sourceRow) const
{
    TextCache &cache = m_textCache;
    const quint64 generation = m_table->generation();
    if (cache.valid && cache.generation == generation && cache.words == m_words)
        return cache.has[size_t(sourceRow)];
    if (cache.valid || cache.generation != generation || cache.words != m_words)
        cache = { generation, m_words, {}, false, 0 };
    if (++cache.misses > kCacheAfterMisses) {
        cache.has = m_table->rowsWithWords(m_words);
        cache.valid = true;
        return cache.has[size_t(sourceRow)];
    }
    return m_table->rowHasWords(sourceRow, m_words);
}

bool ObservationFilterProxy::tableRowAcceptedIgnoringState(int sourceRow) const
{
    // As acceptsIgnoringState(), from the model's rows instead of data().
    const Observation *o = m_table->observationAt(sourceRow);
    const ObservationRowInfo *row = m_table->rowInfoAt(sourceRow);
    if (m_direction && o->direction != *m_direction)
        return false;
    if (m_needsAttentionOnly && !row->needsAttention)
        return false;
    if (m_curatedOnly && !row->curated && !row->conflict)
        return false;
    return m_words.isEmpty() || tableRowHasWords(sourceRow);
}

bool ObservationFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!isFiltering())
        return true;
    if (m_table && !sourceParent.isValid() && m_table->observationAt(sourceRow)) {
        if (m_stateMask != 0 && !stateAccepted(int(m_table->observationAt(sourceRow)->state)))
            return false;
        return tableRowAcceptedIgnoringState(sourceRow);
    }
    const QModelIndex source = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_stateMask != 0 && !stateAccepted(source.data(ObservationTableModel::StateRole).toInt()))
        return false;
    return acceptsIgnoringState(source);
}

std::optional<bool> ObservationFilterProxy::tableLessThan(
    int column, int leftRow, int rightRow) const
{
    const Observation *left = m_table->observationAt(leftRow);
    const Observation *right = m_table->observationAt(rightRow);
    if (!left || !right)
        return std::nullopt;
    // Ties keep page order, so the order of the table does not depend on which rows
    // a filter lets through.
    const bool rowOrder = leftRow < rightRow;
    switch (column) {
    case ObservationTableModel::StateColumn:
        return left->state != right->state ? int(left->state) < int(right->state) : rowOrder;
    case ObservationTableModel::ReferenceColumn: {
        const qint64 a = left->reference.value_or(-1);
        const qint64 b = right->reference.value_or(-1);
        return a != b ? a < b : rowOrder;
    }
    case ObservationTableModel::CitingTitleColumn:
        // SortRole gives the case-folded title; titles are ranked once per record in that
        // order, so this compares integers.
        if (!isSortLocaleAware()) {
            const int a = m_table->titleRankAt(leftRow);
            const int b = m_table->titleRankAt(rightRow);
            return a != b ? a < b : rowOrder;
        }
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

bool ObservationFilterProxy::lessThan(
    const QModelIndex &sourceLeft, const QModelIndex &sourceRight) const
{
    const int column = sourceLeft.column();
    if (m_table && sortRole() == ObservationTableModel::SortRole && column == sourceRight.column()
        && !sourceLeft.parent().isValid()) {
        // A full sort asks for millions of comparisons: after a few, each row's place in the
        // column's order is computed once (with the same comparison) and compared instead.
        SortCache &cache = m_sortCache;
        const quint64 generation = m_table->generation();
        if (cache.valid && cache.generation == generation && cache.column == column
            && !(column == ObservationTableModel::CitingTitleColumn && isSortLocaleAware()))
            return cache.position[size_t(sourceLeft.row())]
                < cache.position[size_t(sourceRight.row())];
        const std::optional<bool> less = tableLessThan(column, sourceLeft.row(), sourceRight.row());
        if (!less)
            return QSortFilterProxyModel::lessThan(sourceLeft, sourceRight);
        if (cache.valid || cache.generation != generation || cache.column != column)
            cache = { generation, column, {}, false, 0 };
        const int rows = m_table->rowCount();
        if (++cache.misses > kCacheAfterMisses && rows > kCacheAfterMisses) {
            std::vector<int> order(static_cast<size_t>(rows));
            std::iota(order.begin(), order.end(), 0);
            std::sort(order.begin(), order.end(),
                [this, column](int a, int b) { return *tableLessThan(column, a, b); });
            cache.position.assign(size_t(rows), 0);
            for (int i = 0; i < rows; ++i)
                cache.position[size_t(order[size_t(i)])] = i;
            cache.valid = true;
        }
        return *less;
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
    if (m_table) {
        for (int row = 0; row < rows; ++row) {
            if (!tableRowAcceptedIgnoringState(row))
                continue;
            const int state = int(m_table->observationAt(row)->state);
            if (state >= 0 && state < kResolutionStateCount)
                ++counts[state];
        }
        return counts;
    }
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
