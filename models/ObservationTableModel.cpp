// SPDX-License-Identifier: GPL-3.0-or-later
#include "ObservationTableModel.h"

#include <QColor>

namespace LedgerCurator {

ObservationTableModel::ObservationTableModel(QObject *parent) : QAbstractTableModel(parent) { }

void ObservationTableModel::rebuild(const CuratedRecord &curated)
{
    m_record = curated.shown;
    m_hints = anomalyHints(m_record);
    const auto byObservation = hintsByObservation(m_hints);
    m_rows.clear();
    m_rows.resize(m_record.observations.size());
    m_rowById.clear();
    m_rowById.reserve(m_record.observations.size());
    for (qsizetype i = 0; i < m_record.observations.size(); ++i) {
        const Observation &o = m_record.observations[i];
        RowInfo &row = m_rows[i];
        row.hints = byObservation.value(o.id);
        row.conflict = !o.curation.conflicts.isEmpty();
        row.curated = !o.curation.mark.isEmpty();
        row.needsAttention = !o.curation.excluded
                && (stateNeedsAttention(o.state) || row.conflict || !row.hints.isEmpty());
        const QString text = o.citingTitle + u'\n' + o.citedTitle + u'\n' + o.id + u'\n'
                + o.curation.identifier + u'\n' + stateText(o.state) + u'\n' + o.basis;
        row.filterText = text.toCaseFolded();
        m_rowById.insert(o.id, int(i));
    }
}

void ObservationTableModel::setCuratedRecord(const CuratedRecord &record)
{
    beginResetModel();
    rebuild(record);
    endResetModel();
}

void ObservationTableModel::updateCuratedRecord(const CuratedRecord &record)
{
    const auto &incoming = record.shown.observations;
    bool sameRows = incoming.size() == m_record.observations.size();
    for (qsizetype i = 0; sameRows && i < incoming.size(); ++i)
        sameRows = incoming[i].id == m_record.observations[i].id;
    if (!sameRows) {
        setCuratedRecord(record);
        return;
    }
    const Record before = m_record;
    const std::vector<RowInfo> rowsBefore = m_rows;
    rebuild(record);
    for (qsizetype i = 0; i < incoming.size(); ++i) {
        if (!(before.observations[i] == m_record.observations[i]) || !(rowsBefore[i] == m_rows[i]))
            Q_EMIT dataChanged(index(int(i), 0), index(int(i), ColumnCount - 1));
    }
}

void ObservationTableModel::clear()
{
    setCuratedRecord(CuratedRecord {});
}

const Observation *ObservationTableModel::observationAt(int row) const
{
    if (row < 0 || row >= m_record.observations.size())
        return nullptr;
    return &m_record.observations[row];
}

int ObservationTableModel::rowOf(const QString &observationId) const
{
    return m_rowById.value(observationId, -1);
}

QStringList ObservationTableModel::hintsAt(int row) const
{
    QStringList out;
    if (row < 0 || row >= int(m_rows.size()))
        return out;
    for (const qsizetype h : m_rows[row].hints)
        out.append(m_hints[h].message);
    return out;
}

std::array<int, kResolutionStateCount> ObservationTableModel::stateCounts() const
{
    std::array<int, kResolutionStateCount> counts {};
    for (const auto &o : m_record.observations)
        ++counts[int(o.state)];
    return counts;
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
    const RowInfo &row = m_rows[index.row()];
    switch (role) {
    case ObservationIdRole:
        return o.id;
    case StateRole:
        return int(o.state);
    case NeedsAttentionRole:
        return row.needsAttention;
    case CuratedRole:
        return row.curated;
    case ConflictRole:
        return row.conflict;
    case ExcludedRole:
        return o.curation.excluded;
    case HintCountRole:
        return int(row.hints.size());
    case DirectionRole:
        return int(o.direction);
    case FilterTextRole:
        return row.filterText;
    case Qt::ToolTipRole:
        switch (index.column()) {
        case NoticesColumn:
            return o.events.status == EventsCheck::Status::Unavailable ? o.events.reason : QVariant();
        case CitingTitleColumn:
            return o.citingTitle;
        case MarksColumn:
            return o.curation.mark.isEmpty() ? QVariant() : o.curation.mark;
        case HintsColumn:
            return row.hints.isEmpty() ? QVariant() : hintsAt(index.row()).join(u'\n');
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        if (index.column() == ReferenceColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (o.curation.excluded)
            return QColor(Qt::gray);
        return {};
    case SortRole:
        switch (index.column()) {
        case StateColumn:
            return int(o.state);
        case ReferenceColumn:
            return o.reference ? *o.reference : qint64(-1);
        case HintsColumn:
            return int(row.hints.size());
        case CitingTitleColumn:
            return o.citingTitle.toCaseFolded();
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
        case MarksColumn: {
            QStringList marks;
            if (row.conflict)
                marks.append(tr("conflict"));
            if (row.curated && !row.conflict)
                marks.append(tr("corrected"));
            if (o.curation.excluded)
                marks.append(tr("excluded"));
            return marks.join(QStringLiteral(", "));
        }
        case HintsColumn:
            if (row.hints.isEmpty())
                return QString();
            return row.hints.size() == 1 ? tr("1 hint") : tr("%1 hints").arg(row.hints.size());
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
    case MarksColumn:
        return tr("Curation");
    case HintsColumn:
        return tr("Hints");
    case DirectionColumn:
        return tr("Direction");
    case IdColumn:
        return tr("Observation");
    default:
        return {};
    }
}

} // namespace LedgerCurator
