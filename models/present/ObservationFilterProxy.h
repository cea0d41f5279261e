// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ObservationTableModel.h"
#include "Record.h"

#include <QList>
#include <QSortFilterProxyModel>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>
#include <vector>

namespace LedgerCurator {

//! Filters and sorts the rows of an ObservationTableModel (or any model with its roles): free
//! text, resolution states, direction, "needs attention" and "curated" only. Sorts by SortRole.
class ObservationFilterProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ObservationFilterProxy)

public:
    //! Up to this many source rows a filter change removes and inserts rows; beyond, it is one
    //! layout change (layoutAboutToBeChanged / layoutChanged), which scales.
    static constexpr int kIncrementalFilterRowLimit = 10000;

    explicit ObservationFilterProxy(QObject *parent = nullptr);

    //! Case-insensitive substring search over FilterTextRole; whitespace-separated words must all
    //! match. Text that splits into the same words as before (extra spaces) changes nothing.
    void setFilterText(const QString &text);
    QString filterText() const { return m_filterText; }
    //! The case-folded words of the filter text.
    QStringList filterWords() const { return m_words; }

    //! Rows in any of these states; empty means every state.
    void setStates(QList<ResolutionState> states);
    //! The states of the filter in enum order, without duplicates.
    QList<ResolutionState> states() const;

    //! nullopt shows both directions.
    void setDirection(std::optional<Direction> direction);
    std::optional<Direction> direction() const { return m_direction; }

    void setNeedsAttentionOnly(bool on);
    bool needsAttentionOnly() const { return m_needsAttentionOnly; }

    //! Rows with a curated value or corrections in conflict.
    void setCuratedOnly(bool on);
    bool curatedOnly() const { return m_curatedOnly; }

    //! Whether any filter hides rows.
    bool isFiltering() const;

    //! Counts per state among the source rows that pass every filter except the state filter
    //! (for the state chips and their counts). Linear in the source rows.
    std::array<int, kResolutionStateCount> stateCountsIgnoringStateFilter() const;

Q_SIGNALS:
    //! After a filter setter changed what the filter accepts.
    void filterChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    //! For an ObservationTableModel source, compares the state, citing title and reference columns
    //! straight from the observations, as SortRole orders them, without a QVariant or a case-folded
    //! copy per comparison; everything else goes through QSortFilterProxyModel::lessThan.
    bool lessThan(const QModelIndex &sourceLeft, const QModelIndex &sourceRight) const override;

private:
    //! Every filter but the state filter.
    bool acceptsIgnoringState(const QModelIndex &sourceIndex) const;
    //! The same for a row of an ObservationTableModel source, read straight from the model.
    bool tableRowAcceptedIgnoringState(int sourceRow) const;
    //! Whether a source row holds every filter word; from a cache built for the model's generation
    //! once enough rows were asked about.
    bool tableRowHasWords(int sourceRow) const;
    //! The direct comparison of lessThan() for an ObservationTableModel source; nullopt for a
    //! column it does not compare directly. A strict total order (ties keep page order).
    std::optional<bool> tableLessThan(int column, int left, int right) const;
    bool stateAccepted(int state) const;
    void filterWasChanged();

    static constexpr unsigned kAllStatesMask = (1U << kResolutionStateCount) - 1;

    QString m_filterText;
    QStringList m_words; // case-folded, non-empty
    unsigned m_stateMask = 0; // bit per ResolutionState; 0 = every state
    std::optional<Direction> m_direction;
    bool m_needsAttentionOnly = false;
    bool m_curatedOnly = false;

    //! The source, when it is an ObservationTableModel.
    const ObservationTableModel *m_table = nullptr;
    //! Caches over the source rows, valid for one generation of the model. Built after
    //! kCacheAfterMisses rows were asked about without one, so that a whole pass (a new filter, a
    //! sort) pays one bulk computation and a few rows (a correction) pay nothing extra.
    static constexpr int kCacheAfterMisses = 256;
    struct TextCache
    {
        quint64 generation = 0;
        QStringList words;
        std::vector<bool> has;
        bool valid = false;
        int misses = 0;
    };
    mutable TextCache m_textCache;
    struct SortCache
    {
        quint64 generation = 0;
        int column = -1;
        std::vector<int> position; // per source row, its place in the column's ascending order
        bool valid = false;
        int misses = 0;
    };
    mutable SortCache m_sortCache;
};

} // namespace LedgerCurator
