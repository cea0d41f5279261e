// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnomalyHints.h"
#include "CuratedRecord.h"
#include "Record.h"

#include <QAbstractTableModel>

#include <vector>

namespace LedgerCurator {

//! Per-row facts the table shows and filters on, computed once per record.
struct ObservationRowInfo
{
    QString filterText;
    QList<qsizetype> hints;
    bool curated = false;
    bool conflict = false;
    bool needsAttention = false;
    bool retracted = false;         // the cited work is retracted (or withdrawn)
    bool unreviewedNotice = false;  // found events nobody has reviewed yet
    int titleRank = 0; // rank of the case-folded citing title (equal titles, equal ranks)
    friend bool operator==(const ObservationRowInfo &, const ObservationRowInfo &) = default;
};

//! Everything the table model shows for one record. Built by ObservationTableModel::prepare(),
//! which is thread-safe, so a large record can be prepared off the GUI thread.
struct ObservationTableData
{
    Record record;
    QList<AnomalyHint> hints;
    std::vector<ObservationRowInfo> rows;
    QHash<QString, int> rowById;
};

//! The observations of one record as curators see them (corrections applied), one row each.
class ObservationTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ObservationTableModel)

public:
    enum Column {
        StateColumn,
        CitingTitleColumn,
        ReferenceColumn,
        BasisColumn,
        ObservedColumn,
        NoticesColumn,
        MarksColumn,
        HintsColumn,
        DirectionColumn,
        IdColumn,
        ColumnCount
    };
    enum Role {
        ObservationIdRole = Qt::UserRole + 1,
        StateRole,          // int(ResolutionState), as shown
        NeedsAttentionRole, // bool: a state that needs a person, a conflict or a hint; never when excluded
        CuratedRole,        // bool: has a curated value
        ConflictRole,       // bool: corrections in conflict
        ExcludedRole,       // bool
        HintCountRole,      // int
        DirectionRole,      // int(Direction)
        SortRole,           // a value that sorts naturally (numbers as numbers)
        FilterTextRole,     // lower-case text the free-text filter searches: titles, ids, identifier
        RetractedRole,      // bool: the cited work is retracted or withdrawn (and not reinstated)
        NoticeReviewRole,   // QString: review status of found events; empty when none were found
    };

    explicit ObservationTableModel(QObject *parent = nullptr);

    //! Computes what the model shows for a record; pure and thread-safe.
    static ObservationTableData prepare(const CuratedRecord &record);
    //! Shows prepared data (model reset); cheap, for the GUI thread.
    void setTableData(ObservationTableData data);
    //! Shows a record (model reset).
    void setCuratedRecord(const CuratedRecord &record);
    //! The same record after corrections: rows whose shown values changed emit dataChanged, so
    //! selection and scroll position stay. With `changed` (the observations corrected), only
    //! those rows and the rows whose hints changed are recomputed. Falls back to a reset when
    //! the observations differ.
    void updateCuratedRecord(const CuratedRecord &record, const QStringList &changed = {});
    void clear();

    const Record &record() const { return m_data.record; }
    const QList<AnomalyHint> &hints() const { return m_data.hints; }
    const Observation *observationAt(int row) const;
    //! The row's facts; nullptr out of range. The filter text starts with the case-folded citing
    //! title, so it doubles as a case-insensitive sort key.
    const ObservationRowInfo *rowInfoAt(int row) const
    {
        return row >= 0 && row < int(m_data.rows.size()) ? &m_data.rows[row] : nullptr;
    }
    int rowOf(const QString &observationId) const;
    //! Hints about one row, as sentences.
    QStringList hintsAt(int row) const;
    //! Shown observations per resolution state.
    std::array<int, kResolutionStateCount> stateCounts() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    ObservationTableData m_data;
};

QString eventsCheckSummary(const EventsCheck &check);

} // namespace LedgerCurator
