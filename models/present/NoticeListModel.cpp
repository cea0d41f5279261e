// SPDX-License-Identifier: GPL-3.0-or-later
#include "NoticeListModel.h"

#include "DisplayText.h"
#include "EveryRecord.h"
#include "Identifier.h"
#include "Store.h"
#include "ThemeColors.h"

#include <QFont>
#include <QSet>

#include <algorithm>

namespace LedgerCurator {

// The rows --------------------------------------------------------------------------------------

NoticeListBuilder::NoticeListBuilder(QList<StandingNotice> notices)
    : m_notices(std::move(notices))
    , m_rows(m_notices.size())
{
    for (qsizetype i = 0; i < m_notices.size(); ++i)
        m_byWork[m_notices[i].work].append(i);
}

void NoticeListBuilder::addRecord(const CuratedRecord &curated)
{
    const Record &record = curated.shown;
    // How many observations cite each work some notice is about; the record's own paper counts
    // even when no observation reaches it (the notice is about the record).
    QHash<QString, qsizetype> citing;
    const QString own = arxivDoi(record.arxivId);
    if (m_byWork.contains(own))
        citing.insert(own, 0);
    for (const Observation &o : record.observations) {
        const QString work = citedWorkKey(record, o);
        if (!work.isEmpty() && m_byWork.contains(work))
            ++citing[work];
    }
    for (auto it = citing.cbegin(); it != citing.cend(); ++it) {
        for (const qsizetype n : m_byWork.value(it.key())) {
            const StandingNotice &notice = m_notices[n];
            m_rows[n].append(NoticeListRow { notice, record.arxivId, it.value(), it.key() == own,
                curated.noticeReview(notice.ref()) });
        }
    }
}

QList<NoticeListRow> NoticeListBuilder::rows() const
{
    QList<NoticeListRow> out;
    for (qsizetype n = 0; n < m_notices.size(); ++n) {
        if (m_rows[n].isEmpty())
            out.append(NoticeListRow { m_notices[n], {}, 0, false, {} });
        else
            out.append(m_rows[n]);
    }
    return out;
}

Result<QList<NoticeListRow>> readNoticeList(const QString &cachePath, const Progress &progress)
{
    Store store(cachePath);
    if (auto opened = store.open(); !opened)
        return opened.error();
    auto notices = store.notices();
    if (!notices)
        return notices.error();
    if (notices->isEmpty())
        return QList<NoticeListRow> {}; // no record needs reading
    NoticeListBuilder builder(std::move(*notices));
    if (auto scanned = forEachCuratedRecord(
            store, [&builder](const CuratedRecord &record) { builder.addRecord(record); },
            progress);
        !scanned)
        return scanned.error();
    return builder.rows();
}

// The model -------------------------------------------------------------------------------------

NoticeListModel::NoticeListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void NoticeListModel::setRows(QList<NoticeListRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int NoticeListModel::noticeCount() const
{
    QSet<QString> refs;
    for (const NoticeListRow &row : m_rows)
        refs.insert(row.notice.ref());
    return int(refs.size());
}

QStringList NoticeListModel::natures() const
{
    QSet<QString> natures;
    for (const NoticeListRow &row : m_rows)
        natures.insert(natureText(row.notice.event));
    QStringList out(natures.cbegin(), natures.cend());
    std::sort(out.begin(), out.end(),
        [](const QString &a, const QString &b) { return a.localeAwareCompare(b) < 0; });
    return out;
}

QString NoticeListModel::natureLabel(const QString &nature) const
{
    for (const NoticeListRow &row : m_rows) {
        if (natureText(row.notice.event) == nature)
            return natureDisplayText(row.notice.event);
    }
    return nature;
}

QStringList NoticeListModel::records() const
{
    QSet<QString> records;
    for (const NoticeListRow &row : m_rows) {
        if (!row.record.isEmpty())
            records.insert(row.record);
    }
    QStringList out(records.cbegin(), records.cend());
    std::sort(out.begin(), out.end());
    return out;
}

int NoticeListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int NoticeListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {

QString statusText(const StandingNotice &notice)
{
    return notice.isListed() ? NoticeListModel::tr("listed")
                             : NoticeListModel::tr("withdrawn by the source");
}

QString reviewText(const NoticeListRow &row)
{
    if (row.record.isEmpty())
        return {};
    const QString status = reviewDisplayText(row.review.status);
    return row.review.conflict ? NoticeListModel::tr("%1 (conflicting decisions)").arg(status)
                               : status;
}

QString originText(const StandingNotice &notice)
{
    return notice.origin.isEmpty() ? notice.ref() : originDisplayText(notice.origin);
}

//! A kind that takes the work back: shown in the error tone (a correction or an expression of
//! concern never is).
bool retractsTheWork(EventKind kind)
{
    return kind == EventKind::Retraction || kind == EventKind::Withdrawal;
}

} // namespace

QVariant NoticeListModel::display(const NoticeListRow &row, int column) const
{
    using DisplayText::forTerminal;
    const StandingNotice &n = row.notice;
    switch (column) {
    case NoticeColumn:
        return forTerminal(originText(n));
    case KindColumn:
        return eventKindDisplayText(n.event.kind);
    case NatureColumn:
        return forTerminal(natureDisplayText(n.event));
    case DateColumn:
        return displayDate(n.event.date);
    case WorkColumn:
        return forTerminal(n.work);
    case TitleColumn:
        return forTerminal(n.title);
    case NoticeDoiColumn:
        return forTerminal(n.event.notice);
    case StatusColumn:
        return statusText(n);
    case RecordColumn:
        return row.record.isEmpty() ? tr("no cached record yet") : forTerminal(row.record);
    case ObservationsColumn:
        return row.record.isEmpty() ? QString() : QString::number(row.observations);
    case ReviewColumn:
        return reviewText(row);
    case ReviewedByColumn:
        return forTerminal(row.review.author);
    case NoteColumn:
        return forTerminal(row.review.note);
    }
    return {};
}

QVariant NoticeListModel::exported(const NoticeListRow &row, int column) const
{
    const auto keepLines = [](const QString &text) {
        return DisplayText::forTerminal(text, DisplayText::Lines::Keep);
    };
    const StandingNotice &n = row.notice;
    switch (column) {
    case NoticeColumn:
        return keepLines(originText(n));
    case NatureColumn:
        return keepLines(natureText(n.event));
    case DateColumn:
        return keepLines(n.event.date);
    case WorkColumn:
        return keepLines(n.work);
    case TitleColumn:
        return keepLines(n.title);
    case NoticeDoiColumn:
        return keepLines(n.event.notice);
    case RecordColumn:
        return keepLines(row.record);
    case ReviewedByColumn:
        return keepLines(row.review.author);
    case NoteColumn:
        return keepLines(row.review.note);
    default:
        return display(row, column);
    }
}

QVariant NoticeListModel::toolTip(const NoticeListRow &row, int column) const
{
    using DisplayText::forTerminal;
    const StandingNotice &n = row.notice;
    switch (column) {
    case NoticeColumn: {
        QStringList lines { forTerminal(originText(n)) };
        if (!n.event.detail.isEmpty())
            lines.append(tr("Reasons: %1").arg(forTerminal(n.event.detail)));
        if (!n.journal.isEmpty())
            lines.append(tr("Journal: %1").arg(forTerminal(n.journal)));
        if (!n.urls.isEmpty())
            lines.append(tr("Links: %1").arg(forTerminal(n.urls)));
        if (!n.importedAt.isEmpty())
            lines.append(n.importedBy.isEmpty()
                    ? tr("Imported %1").arg(displayDateTime(n.importedAt))
                    : tr("Imported %1 by %2")
                          .arg(displayDateTime(n.importedAt), forTerminal(n.importedBy)));
        return lines.join(u'\n');
    }
    case TitleColumn:
        return forTerminal(n.title, DisplayText::Lines::Keep);
    case StatusColumn: {
        QString tip = n.isListed()
            ? tr("The source lists this notice.")
            : tr("The source no longer lists this notice; it is kept, with its history, and no "
                 "longer shown on the records' pages.");
        // Who said so, when, and from which list: a withdrawal is a curator's act, on record.
        if (!n.importedFrom.isEmpty())
            tip += u'\n'
                + (n.isListed() ? tr("Listed in %1.") : tr("Withdrawn: %1 no longer lists it."))
                      .arg(forTerminal(n.importedFrom));
        if (!n.importedAt.isEmpty())
            tip += u'\n'
                + (n.importedBy.isEmpty()
                        ? tr("Recorded %1.").arg(displayDateTime(n.importedAt))
                        : tr("Recorded %1 by %2.")
                              .arg(displayDateTime(n.importedAt), forTerminal(n.importedBy)));
        if (!n.listedAsOf.isEmpty())
            tip += u'\n' + tr("The list is dated %1.").arg(displayDateTime(n.listedAsOf));
        return tip;
    }
    case RecordColumn:
        if (row.record.isEmpty())
            return tr("No cached record cites this work yet: the notice attaches to a record "
                      "when a matching page is imported.");
        return row.ownPaper ? tr("The notice is about this record's own paper.")
                            : tr("Observations of this record cite the work.");
    case ReviewColumn:
    case ReviewedByColumn:
        if (!row.review.at.isEmpty())
            return tr("Reviewed %1 by %2")
                .arg(displayDateTime(row.review.at), forTerminal(row.review.author));
        return {};
    case NoteColumn:
        return forTerminal(row.review.note, DisplayText::Lines::Keep);
    }
    return {};
}

QVariant NoticeListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const NoticeListRow &row = m_rows[index.row()];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(row, column);
    case Qt::ToolTipRole:
        return toolTip(row, column);
    case ExportRole:
        return exported(row, column);
    case SortRole:
        switch (column) {
        case DateColumn:
            return row.notice.event.date;
        case ObservationsColumn:
            return row.record.isEmpty() ? qint64(-1) : qint64(row.observations);
        case RecordColumn:
            return row.record;
        case ReviewColumn:
            return row.record.isEmpty() ? QString() : row.review.status;
        default:
            return display(row, column);
        }
    case RecordRole:
        return row.record;
    case RefRole:
        return row.notice.ref();
    case KindRole:
        return int(row.notice.event.kind);
    case NatureRole:
        return natureText(row.notice.event);
    case StatusRole:
        return noticeStatusKey(row.notice.status);
    case ReviewRole:
        return row.record.isEmpty() ? QString() : row.review.status;
    case SearchRole:
        return QStringList { originText(row.notice), row.notice.ref(), row.notice.work,
            row.notice.title, row.notice.event.notice, natureText(row.notice.event), row.record,
            row.review.author, row.review.note }
            .join(u'\n');
    case Qt::TextAlignmentRole:
        if (column == ObservationsColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (column == KindColumn && retractsTheWork(row.notice.event.kind) && row.notice.isListed())
            return toneColor(TextTone::Error);
        if ((column == RecordColumn && row.record.isEmpty())
            || (column == StatusColumn && !row.notice.isListed()))
            return toneColor(TextTone::Muted);
        return {};
    case Qt::FontRole:
        if (column == RecordColumn && row.record.isEmpty()) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    default:
        return {};
    }
}

QVariant NoticeListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != ExportRole))
        return {};
    switch (section) {
    case NoticeColumn:
        return tr("Notice");
    case KindColumn:
        return tr("Kind");
    case NatureColumn:
        return tr("Nature");
    case DateColumn:
        return tr("Date");
    case WorkColumn:
        return tr("Work");
    case TitleColumn:
        return tr("Title");
    case NoticeDoiColumn:
        return tr("Notice DOI");
    case StatusColumn:
        return tr("Status");
    case RecordColumn:
        return tr("Record");
    case ObservationsColumn:
        return tr("Observations");
    case ReviewColumn:
        return tr("Review");
    case ReviewedByColumn:
        return tr("Reviewed by");
    case NoteColumn:
        return tr("Note");
    }
    return {};
}

// The filters -----------------------------------------------------------------------------------

NoticeListFilterProxy::NoticeListFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(NoticeListModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setSortLocaleAware(true);
}

template <typename T> void NoticeListFilterProxy::setFilter(T &member, T value)
{
    if (member == value)
        return;
    member = std::move(value);
    invalidateFilter();
}

void NoticeListFilterProxy::setKindFilter(std::optional<EventKind> kind)
{
    setFilter(m_kind, kind);
}

void NoticeListFilterProxy::setNatureFilter(const QString &nature)
{
    setFilter(m_nature, nature);
}

void NoticeListFilterProxy::setReviewFilter(const QString &status)
{
    setFilter(m_review, status);
}

void NoticeListFilterProxy::setRecordFilter(RecordMatch match, const QString &arxivId)
{
    if (match == m_recordMatch && arxivId == m_record)
        return;
    m_recordMatch = match;
    m_record = match == RecordMatch::Record ? arxivId : QString();
    invalidateFilter();
}

void NoticeListFilterProxy::setStatusFilter(std::optional<StandingNotice::Status> status)
{
    setFilter(m_status, status);
}

void NoticeListFilterProxy::setSearchText(const QString &text)
{
    setFilter(m_search, text.trimmed());
}

bool NoticeListFilterProxy::hasFilters() const
{
    return m_kind || !m_nature.isEmpty() || !m_review.isEmpty() || m_recordMatch != RecordMatch::Any
        || m_status || !m_search.isEmpty();
}

bool NoticeListFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_kind && index.data(NoticeListModel::KindRole).toInt() != int(*m_kind))
        return false;
    if (!m_nature.isEmpty() && index.data(NoticeListModel::NatureRole).toString() != m_nature)
        return false;
    if (!m_review.isEmpty() && index.data(NoticeListModel::ReviewRole).toString() != m_review)
        return false;
    const QString record = index.data(NoticeListModel::RecordRole).toString();
    if (m_recordMatch == RecordMatch::NoCachedRecord && !record.isEmpty())
        return false;
    if (m_recordMatch == RecordMatch::Record && record != m_record)
        return false;
    if (m_status
        && index.data(NoticeListModel::StatusRole).toString() != noticeStatusKey(*m_status))
        return false;
    if (!m_search.isEmpty()
        && !index.data(NoticeListModel::SearchRole)
                .toString()
                .contains(m_search, Qt::CaseInsensitive))
        return false;
    return true;
}

int NoticeListFilterProxy::visibleNoticeCount() const
{
    QSet<QString> refs;
    for (int row = 0; row < rowCount(); ++row)
        refs.insert(index(row, 0).data(NoticeListModel::RefRole).toString());
    return int(refs.size());
}

QList<QStringList> NoticeListFilterProxy::exportRows() const
{
    QList<QStringList> rows;
    QStringList header;
    for (int column = 0; column < columnCount(); ++column)
        header.append(headerData(column, Qt::Horizontal, NoticeListModel::ExportRole).toString());
    rows.append(header);
    for (int row = 0; row < rowCount(); ++row) {
        QStringList fields;
        for (int column = 0; column < columnCount(); ++column)
            fields.append(index(row, column).data(NoticeListModel::ExportRole).toString());
        rows.append(fields);
    }
    return rows;
}

} // namespace LedgerCurator
