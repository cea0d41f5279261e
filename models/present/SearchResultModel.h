// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RecordSearch.h"

#include <QAbstractTableModel>

namespace LedgerCurator {

//! The hits of a search of every cached record (RecordSearch.h), one row each: the record, the
//! observation (none for a hit of the record's own title), its state, the field that matched and
//! its text, which the table shows in the token form (DisplayText.h). Edit > Search All
//! Records... shows it.
class SearchResultModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SearchResultModel)

public:
    enum Column {
        RecordColumn,
        ObservationColumn,
        StateColumn,
        FieldColumn,
        TextColumn,
        ColumnCount
    };
    enum Role {
        RecordRole = Qt::UserRole + 1, // the arXiv id
        ObservationRole, // the observation's UUID; empty for the record's own title
        FieldKeyRole, // hitFieldKey()
        TextRole, // the field's text as stored
    };

    explicit SearchResultModel(QObject *parent = nullptr);

    void setHits(QList<SearchHit> hits);
    const QList<SearchHit> &hits() const { return m_hits; }

    //! The field's name as the interface shows it ("Citing title").
    static QString fieldName(HitField field);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<SearchHit> m_hits;
};

} // namespace LedgerCurator
