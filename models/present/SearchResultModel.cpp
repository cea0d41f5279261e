// SPDX-License-Identifier: GPL-3.0-or-later
#include "SearchResultModel.h"

#include "DisplayText.h"

namespace LedgerCurator {

SearchResultModel::SearchResultModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void SearchResultModel::setHits(QList<SearchHit> hits)
{
    beginResetModel();
    m_hits = std::move(hits);
    endResetModel();
}

QString SearchResultModel::fieldName(HitField field)
{
    switch (field) {
    case HitField::CitingTitle:
        return tr("Citing title");
    case HitField::CitedTitle:
        return tr("Cited title");
    case HitField::Observation:
        return tr("Observation UUID");
    case HitField::Identifier:
        return tr("Identifier");
    case HitField::Note:
        return tr("Note");
    case HitField::UpstreamCitingTitle:
        return tr("Citing title (upstream)");
    case HitField::UpstreamIdentifier:
        return tr("Identifier (upstream)");
    case HitField::RecordTitle:
        return tr("Record title");
    }
    return {};
}

int SearchResultModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_hits.size());
}

int SearchResultModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SearchResultModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SearchHit &hit = m_hits[index.row()];
    switch (role) {
    case RecordRole:
        return hit.record;
    case ObservationRole:
        return hit.observation;
    case FieldKeyRole:
        return hitFieldKey(hit.field);
    case TextRole:
        return hit.text;
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case RecordColumn:
            return DisplayText::forTerminal(QStringLiteral("arXiv:") + hit.record);
        case ObservationColumn:
            return hit.observation.isEmpty() ? tr("(the record)")
                                             : DisplayText::forTerminal(hit.observation);
        case StateColumn:
            return hit.observation.isEmpty() ? QString() : stateDisplayText(hit.state);
        case FieldColumn:
            return fieldName(hit.field);
        case TextColumn:
            return DisplayText::forTerminal(hit.text);
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant SearchResultModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RecordColumn:
        return tr("Record");
    case ObservationColumn:
        return tr("Observation");
    case StateColumn:
        return tr("State");
    case FieldColumn:
        return tr("Field");
    case TextColumn:
        return tr("Text");
    default:
        return {};
    }
}

} // namespace LedgerCurator
