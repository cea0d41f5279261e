// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Record.h"

#include <QAbstractTableModel>

namespace LedgerCurator {

//! The observations of one record, one row each.
class ObservationTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ObservationTableModel)

public:
    enum Column { StateColumn, CitingTitleColumn, ReferenceColumn, BasisColumn, ObservedColumn,
                  NoticesColumn, DirectionColumn, IdColumn, ColumnCount };
    enum Role {
        ObservationIdRole = Qt::UserRole + 1,
        StateRole,          // int(ResolutionState)
        NeedsAttentionRole, // bool
        SortRole,           // a value that sorts naturally (numbers as numbers)
    };

    explicit ObservationTableModel(QObject *parent = nullptr);

    //! Replaces the shown record (model reset).
    void setRecord(const Record &record);
    void clear();
    const Record &record() const { return m_record; }
    const Observation *observationAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    Record m_record;
};

QString eventsCheckSummary(const EventsCheck &check);

} // namespace LedgerCurator
