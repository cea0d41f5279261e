// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Store.h"

#include <QAbstractListModel>
#include <QList>

namespace LedgerCurator {

//! The records of the cache, one row each (the record list beside the ledger).
class RecordListModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecordListModel)

public:
    enum Role {
        ArxivIdRole = Qt::UserRole + 1,
        TitleRole,
        VersionRole,
        AsOfRole,
        NeedsAttentionRole, // qint64: observations needing attention (Attention.h); -1 while
                            // counted
        ObservationCountRole, // qint64: inbound + outbound
    };

    explicit RecordListModel(QObject *parent = nullptr);

    //! The same ids in the same order update the rows in place (dataChanged for the rows that
    //! changed, so selection survives); anything else resets the model.
    void setSummaries(QList<RecordSummary> summaries);
    //! The attention count of one record, counted after the summaries came.
    void setAttention(const QString &arxivId, const AttentionCount &count);
    const QList<RecordSummary> &summaries() const { return m_summaries; }
    //! nullptr when out of range.
    const RecordSummary *summaryAt(int row) const;
    //! -1 when absent.
    int rowOf(const QString &arxivId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    QList<RecordSummary> m_summaries;
    QHash<QString, int> m_rowById;
};

} // namespace LedgerCurator
