// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Notices.h"

#include <QAbstractItemModel>

#include <optional>

namespace LedgerCurator {

//! The notice review tree: notices (newest first), each with the observations it touches, record
//! by record, filtered by kind and review status. A review is one decision per record and notice:
//! an observation row stands for its record's decision.
class NoticeReviewModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NoticeReviewModel)

public:
    enum Column { WorkColumn, EventsColumn, ReviewColumn, RecordColumn, ColumnCount };
    enum Role {
        RecordRole = Qt::UserRole + 1, // arXiv id (observation rows)
        ObservationRole, // UUID (observation rows)
        WorkRole, // work key (both)
        RefRole, // noticeRef (both)
        GroupKeyRole, // work key and noticeRef: what identifies a notice row (both)
        RetractedRole, // bool (both)
        IsGroupRole, // bool
    };

    explicit NoticeReviewModel(QObject *parent = nullptr);

    void setGroups(QList<NoticeGroup> groups);
    const QList<NoticeGroup> &groups() const { return m_groups; }

    //! Only notices of this kind (nullopt: all).
    void setKindFilter(std::optional<EventKind> kind);
    //! Only observations whose record's review of the notice has this status (empty: all), and
    //! notices that have any.
    void setReviewFilter(const QString &status);

    //! The (record, observation) pairs under an index: the observation itself, or every visible
    //! observation of a group.
    QList<NoticeTouch> touchesAt(const QModelIndex &index) const;
    //! The review decisions an index stands for: one per record of its visible observations.
    QList<NoticeReviewTarget> targetsAt(const QModelIndex &index) const;
    //! Counts of what is visible.
    int visibleGroupCount() const { return int(m_visible.size()); }
    //! Review decisions (record and notice pairs) visible.
    int visibleTargetCount() const;
    int visibleTouchCount() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Visible
    {
        qsizetype group = 0;
        QList<qsizetype> touches;
    };
    void rebuild();

    QList<NoticeGroup> m_groups;
    std::vector<Visible> m_visible;
    std::optional<EventKind> m_kind;
    QString m_review;
};

} // namespace LedgerCurator
