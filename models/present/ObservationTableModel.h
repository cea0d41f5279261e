// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnomalyHints.h"
#include "Attention.h"
#include "CuratedRecord.h"
#include "Record.h"

#include <QAbstractTableModel>

#include <array>
#include <vector>

namespace LedgerCurator {

//! The texts the free-text filter searches, case-folded, as UTF-8, each distinct text held once:
//! entry i is blob[starts[i], starts[i + 1] - 1), every entry followed by a '\n' (which no
//! filter word holds, so a word found in the blob lies within one entry).
struct ObservationSearchText
{
    QByteArray blob;
    std::vector<quint32> starts; // one more than the entries: the last is blob.size()
    //! Some text is not valid UTF-16 (a lone surrogate): UTF-8 cannot stand for it exactly, so
    //! filters and title ranks fall back to comparing QStrings.
    bool exotic = false;
    qsizetype entries() const { return qsizetype(starts.size()) - 1; }
    QByteArrayView entry(quint32 i) const
    {
        return QByteArrayView(
            blob.constData() + starts[i], qsizetype(starts[i + 1] - starts[i] - 1));
    }
};

//! The searched fields of a row, as entries of ObservationSearchText, in filter-text order.
enum SearchField {
    SearchCitingTitle,
    SearchCitedTitle,
    SearchId,
    SearchIdentifier,
    SearchState,
    SearchBasis,
    SearchFieldCount
};

//! Per-row facts the table shows and filters on, computed once per record.
struct ObservationRowInfo
{
    std::array<quint32, SearchFieldCount> text {}; // entries of ObservationTableData::search
    QList<qsizetype> hints;
    bool curated = false;
    bool conflict = false;
    bool needsAttention = false; // attention is not empty
    AttentionReasons attention;
    bool retracted = false; // the cited work is retracted (or withdrawn)
    bool unreviewedNotice = false; // found events nobody has reviewed yet
    //! Rank of the case-folded citing title (equal titles, equal ranks); valid once
    //! ObservationTableData::titlesRanked (ObservationTableModel::titleRankAt()).
    int titleRank = 0;
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
    ObservationSearchText search;
    //! The rows' title ranks are computed: they are, on the first sort by title (ranking
    //! 200,000 titles is a good part of preparing a record, and most curators never sort so).
    bool titlesRanked = false;
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
        CitedTitleColumn, // on by default for records with outbound observations
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
        StateRole, // int(ResolutionState), as shown
        NeedsAttentionRole, // bool: a state that needs a person, a conflict or a hint; never when
                            // excluded
        CuratedRole, // bool: has a curated value
        ConflictRole, // bool: corrections in conflict
        ExcludedRole, // bool
        HintCountRole, // int
        DirectionRole, // int(Direction)
        SortRole, // a value that sorts naturally (numbers as numbers)
        FilterTextRole, // lower-case text the free-text filter searches: titles, ids, identifier
        RetractedRole, // bool: the cited work is retracted or withdrawn (and not reinstated)
        NoticeReviewRole, // QString: review status of found events; empty when none were found
    };

    explicit ObservationTableModel(QObject *parent = nullptr);

    //! Observations the desktop shows at once when a large record is selected, before the whole
    //! record has loaded (reading 200,000 observations and preparing their rows takes seconds).
    static constexpr qsizetype FirstRows = 300;

    enum class Hints { Compute, Skip };
    //! Computes what the model shows for a record; pure and thread-safe. Hints::Skip leaves the
    //! anomaly hints out: for the first rows of a record still loading, whose hints need the
    //! whole record.
    static ObservationTableData prepare(const CuratedRecord &record, Hints hints = Hints::Compute);
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
    //! The row's facts; nullptr out of range.
    const ObservationRowInfo *rowInfoAt(int row) const
    {
        return row >= 0 && row < int(m_data.rows.size()) ? &m_data.rows[row] : nullptr;
    }
    //! The rank of the row's case-folded citing title among the record's (equal titles, equal
    //! ranks; 0 out of range): the ranks are computed on the first call after a change of titles.
    int titleRankAt(int row) const;
    int rowOf(const QString &observationId) const;
    //! Hints about one row, as sentences.
    QStringList hintsAt(int row) const;
    //! The open (not dismissed) hints about an observation.
    QList<AnomalyHint> openHintsOf(const QString &observationId) const;
    //! Shown observations per resolution state.
    std::array<int, kResolutionStateCount> stateCounts() const;
    //! Rows that need attention (NeedsAttentionRole), with the breakdown by reason.
    AttentionCount attention() const;
    int attentionCount() const;
    //! The record's outbound observations (whose cited titles are what differs from row to row).
    qsizetype outboundCount() const;
    //! Hints not dismissed (the footer's count).
    int openHintCount() const;

    //! Changes whenever what the model shows changes (reset or dataChanged): caches of the proxy
    //! built for one generation are valid while it lasts.
    quint64 generation() const { return m_generation; }
    //! The case-folded text the free-text filter searches (FilterTextRole).
    QString filterTextAt(int row) const;
    //! Whether the row's filter text holds every case-folded word (none contains whitespace).
    bool rowHasWords(int row, const QStringList &foldedWords) const;
    //! rowHasWords() for every row at once: one pass over the search text per word.
    std::vector<bool> rowsWithWords(const QStringList &foldedWords) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    ObservationTableData m_data;
    quint64 m_generation = 0;
};

QString eventsCheckSummary(const EventsCheck &check);

} // namespace LedgerCurator
