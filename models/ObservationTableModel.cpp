// SPDX-License-Identifier: GPL-3.0-or-later
#include "ObservationTableModel.h"

#include <QColor>

namespace LedgerCurator {

ObservationTableModel::ObservationTableModel(QObject *parent) : QAbstractTableModel(parent) { }

void ObservationTableModel::setRecord(const Record &record)
{
    beginResetModel();
    m_record = record;
    endResetModel();
}

void ObservationTableModel::clear()
{
    setRecord(Record {});
}

const Observation *ObservationTableModel::observationAt(int row) const
{
    if (row < 0 || row >= m_record.observations.size())
        return nullptr;
    return &m_record.observations[row];
}

int ObservationTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_record.observations.size());
}

int ObservationTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString eventsCheckSummary(const EventsCheck &check)
{
    switch (check.status) {
    case EventsCheck::Status::NoneFound:
        return ObservationTableModel::tr("none found");
    case EventsCheck::Status::Unavailable:
        return ObservationTableModel::tr("unavailable");
    case EventsCheck::Status::Found: {
        QStringList kinds;
        for (const auto &e : check.events)
            kinds.append(eventKindText(e.kind));
        return kinds.join(QStringLiteral(", "));
    }
    }
    return {};
}

QVariant ObservationTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Observation &o = m_record.observations[index.row()];
    switch (role) {
    case ObservationIdRole:
        return o.id;
    case StateRole:
        return int(o.state);
    case NeedsAttentionRole:
        return stateNeedsAttention(o.state);
    case Qt::ToolTipRole:
        if (index.column() == NoticesColumn && o.events.status == EventsCheck::Status::Unavailable)
            return o.events.reason;
        if (index.column() == CitingTitleColumn)
            return o.citingTitle;
        return {};
    case Qt::ForegroundRole:
        if (index.column() == StateColumn && stateNeedsAttention(o.state))
            return QColor(0xb0, 0x3a, 0x00);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == ReferenceColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case SortRole:
        switch (index.column()) {
        case StateColumn:
            return int(o.state);
        case ReferenceColumn:
            return o.reference ? QVariant(*o.reference) : QVariant(qint64(-1));
        default:
            break;
        }
        Q_FALLTHROUGH();
    case Qt::DisplayRole:
        switch (index.column()) {
        case StateColumn:
            return stateText(o.state);
        case CitingTitleColumn:
            return o.citingTitle;
        case ReferenceColumn:
            return o.reference ? QVariant(*o.reference) : QVariant();
        case BasisColumn:
            return o.basis;
        case ObservedColumn:
            return o.observedAt.left(10);
        case NoticesColumn:
            return eventsCheckSummary(o.events);
        case DirectionColumn:
            return directionKey(o.direction);
        case IdColumn:
            return o.id;
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant ObservationTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StateColumn:
        return tr("State");
    case CitingTitleColumn:
        return tr("Citing title");
    case ReferenceColumn:
        return tr("Ref.");
    case BasisColumn:
        return tr("Basis");
    case ObservedColumn:
        return tr("Observed");
    case NoticesColumn:
        return tr("Notices");
    case DirectionColumn:
        return tr("Direction");
    case IdColumn:
        return tr("Observation");
    default:
        return {};
    }
}

} // namespace LedgerCurator
