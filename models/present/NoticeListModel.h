// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CuratedRecord.h"
#include "Notices.h"
#include "Result.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSortFilterProxyModel>
#include <QStringList>

#include <optional>

namespace LedgerCurator {

//! One row of the Notices view: a standing notice and one cached record it concerns, or the
//! notice alone while no cached record concerns it ("no cached record yet").
struct NoticeListRow
{
    StandingNotice notice;
    QString record; // arXiv id; empty: no cached record yet
    qsizetype observations = 0; // the record's observations that cite the notice's work
    bool ownPaper = false; // the notice is about the record's own paper
    NoticeReview review; // the record's decision on the notice; status empty without a record
};

//! Gathers the rows of the Notices view: every notice the cache knows (listed and withdrawn),
//! with each record whose own paper it is about or whose observations cite its work
//! (citedWorkKey()), and the record's review of it (CuratedRecord::noticeReview()).
class NoticeListBuilder final
{
public:
    explicit NoticeListBuilder(QList<StandingNotice> notices);

    //! The rows of the notices about this record's paper or its observations' cited works.
    void addRecord(const CuratedRecord &record);
    //! Notice by notice (in the order given), one row per record (in the order added), or one
    //! row without a record for a notice no record added concerns.
    QList<NoticeListRow> rows() const;

private:
    QList<StandingNotice> m_notices;
    QHash<QString, QList<qsizetype>> m_byWork; // work key -> indexes into m_notices
    QList<QList<NoticeListRow>> m_rows; // per notice
};

//! Opens the cache at `cachePath` with a Store of its own and gathers the rows from its notices
//! and every record (forEachCuratedRecord()): for a worker thread. `progress` as there.
Result<QList<NoticeListRow>> readNoticeList(
    const QString &cachePath, const Progress &progress = {});

//! The Notices view's table: one row per NoticeListRow. Text from data is shown through
//! DisplayText (control and bidi characters inert).
class NoticeListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NoticeListModel)

public:
    enum Column {
        // What the notice is, then what it means for the team's records, then the identifiers:
        // the columns a librarian reads first come first (the CSV export has the same order).
        NoticeColumn, // "Retraction Watch record 51234"
        KindColumn,
        NatureColumn, // as the source words it (natureText())
        DateColumn,
        TitleColumn, // the original paper's title, as the source gives it
        StatusColumn, // listed / withdrawn by the source
        RecordColumn,
        ObservationsColumn,
        ReviewColumn,
        ReviewedByColumn,
        NoteColumn,
        WorkColumn, // the work key
        NoticeDoiColumn,
        ColumnCount
    };
    enum Role {
        RecordRole = Qt::UserRole + 1, // arXiv id, empty for no cached record (every column)
        RefRole, // noticeRef
        KindRole, // int(EventKind)
        NatureRole, // natureText(), raw
        StatusRole, // noticeStatusKey(): "listed", "withdrawn"
        ReviewRole, // the review status key; empty without a record
        SortRole, // what the column sorts by (numbers as numbers, dates as ISO dates)
        ExportRole, // the CSV field: as shown, but newlines kept, dates ISO, no placeholder text
        SearchRole, // the row's texts the search field looks in (column 0)
    };

    explicit NoticeListModel(QObject *parent = nullptr);

    void setRows(QList<NoticeListRow> rows);
    const QList<NoticeListRow> &rows() const { return m_rows; }
    //! How many notices the rows are of (a notice of several records has several rows).
    int noticeCount() const;
    //! The natures as the source words them, and the records, for the filters (sorted).
    QStringList natures() const;
    //! What the interface shows of one of natures(): natureDisplayText() of a notice so worded.
    QString natureLabel(const QString &nature) const;
    QStringList records() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const NoticeListRow &row, int column) const;
    QVariant exported(const NoticeListRow &row, int column) const;
    QVariant toolTip(const NoticeListRow &row, int column) const;

    QList<NoticeListRow> m_rows;
};

//! The Notices view's filters and sorting over a NoticeListModel.
class NoticeListFilterProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NoticeListFilterProxy)

public:
    enum class RecordMatch { Any, NoCachedRecord, Record };

    explicit NoticeListFilterProxy(QObject *parent = nullptr);

    //! Only notices of this kind (nullopt: all).
    void setKindFilter(std::optional<EventKind> kind);
    //! Only notices whose nature the source words so (natureText(); empty: all).
    void setNatureFilter(const QString &nature);
    //! Only rows of a record whose review of the notice has this status (empty: all; a notice
    //! with no cached record has no review and shows only without this filter).
    void setReviewFilter(const QString &status);
    //! Only rows of one record, or of notices with no cached record yet (Any: all).
    void setRecordFilter(RecordMatch match, const QString &arxivId = {});
    //! Only listed, or only withdrawn, notices (nullopt: both).
    void setStatusFilter(std::optional<StandingNotice::Status> status);
    //! Only rows whose notice, work, title, DOIs, record, reviewer or note contain the text (any
    //! case; empty: all).
    void setSearchText(const QString &text);
    bool hasFilters() const;

    //! How many notices the shown rows are of.
    int visibleNoticeCount() const;
    //! The shown rows as CSV rows: the header, then ExportRole of every column, in view order.
    QList<QStringList> exportRows() const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    template <typename T> void setFilter(T &member, T value);

    std::optional<EventKind> m_kind;
    QString m_nature;
    QString m_review;
    RecordMatch m_recordMatch = RecordMatch::Any;
    QString m_record;
    std::optional<StandingNotice::Status> m_status;
    QString m_search;
};

} // namespace LedgerCurator
