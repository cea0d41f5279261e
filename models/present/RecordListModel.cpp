// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecordListModel.h"
#include "DisplayText.h"

#include <QLocale>

#include <utility>

namespace LedgerCurator {

namespace {

bool sameSummary(const RecordSummary &a, const RecordSummary &b)
{
    return a.arxivId == b.arxivId && a.version == b.version && a.title == b.title
        && a.asOf == b.asOf && a.inbound == b.inbound && a.outbound == b.outbound
        && a.attention == b.attention && a.states == b.states;
}

} // namespace

RecordListModel::RecordListModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

void RecordListModel::setSummaries(QList<RecordSummary> summaries)
{
    bool sameIds = summaries.size() == m_summaries.size();
    for (qsizetype i = 0; sameIds && i < summaries.size(); ++i)
        sameIds = summaries[i].arxivId == m_summaries[i].arxivId;

    if (!sameIds) {
        beginResetModel();
        m_summaries = std::move(summaries);
        m_rowById.clear();
        m_rowById.reserve(m_summaries.size());
        for (qsizetype i = 0; i < m_summaries.size(); ++i)
            m_rowById.insert(m_summaries[i].arxivId, int(i));
        endResetModel();
        return;
    }

    // One dataChanged per run of changed rows.
    const QList<RecordSummary> before = std::exchange(m_summaries, std::move(summaries));
    int first = -1;
    for (int row = 0; row <= int(m_summaries.size()); ++row) {
        const bool changed
            = row < m_summaries.size() && !sameSummary(before[row], m_summaries[row]);
        if (changed && first < 0) {
            first = row;
        } else if (!changed && first >= 0) {
            Q_EMIT dataChanged(index(first), index(row - 1));
            first = -1;
        }
    }
}

const RecordSummary *RecordListModel::summaryAt(int row) const
{
    if (row < 0 || row >= m_summaries.size())
        return nullptr;
    return &m_summaries[row];
}

int RecordListModel::rowOf(const QString &arxivId) const
{
    return m_rowById.value(arxivId, -1);
}

void RecordListModel::setAttention(const QString &arxivId, const AttentionCount &count)
{
    const int row = rowOf(arxivId);
    if (row < 0 || m_summaries[row].attention == count)
        return;
    m_summaries[row].attention = count;
    Q_EMIT dataChanged(
        index(row), index(row), { Qt::DisplayRole, Qt::ToolTipRole, NeedsAttentionRole });
}

int RecordListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_summaries.size());
}

namespace {

constexpr qsizetype kListedTitle = 160; // characters of a title in the list, at most
constexpr qsizetype kTipTitle = 1000; // and in its tooltip

} // namespace

QVariant RecordListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RecordSummary &s = m_summaries[index.row()];
    const qint64 observations = s.inbound + s.outbound;
    switch (role) {
    case Qt::DisplayRole: {
        const QString version = QString::number(s.version);
        const QString line2 = s.asOf.isEmpty()
            ? tr("arXiv:%1 v%2").arg(s.arxivId, version)
            : tr("arXiv:%1 v%2 · as of %3").arg(s.arxivId, version, displayDate(s.asOf));
        QString line3;
        if (observations == 0)
            line3 = tr("no observations");
        else if (!s.attention)
            line3 = tr("%1 observations · attention not counted yet")
                        .arg(QLocale().toString(observations));
        else if (s.attention->observations == 0)
            line3 = tr("none of %1 need attention").arg(QLocale().toString(observations));
        else
            line3 = tr("%1 of %2 need attention")
                        .arg(QLocale().toString(s.attention->observations),
                            QLocale().toString(observations));
        // A very long title is cut in the middle: the list keeps room for the other records.
        return QString(DisplayText::forTerminal(DisplayText::shortened(s.title, kListedTitle))
            + u'\n' + line2 + u'\n' + line3);
    }
    case Qt::ToolTipRole: {
        const QString title = DisplayText::forTerminal(DisplayText::shortened(s.title, kTipTitle));
        return s.attention ? QString(title + u'\n' + attentionBreakdown(*s.attention)) : title;
    }
    case TitleRole:
        return s.title;
    case ArxivIdRole:
        return s.arxivId;
    case VersionRole:
        return s.version;
    case AsOfRole:
        return s.asOf;
    case NeedsAttentionRole:
        return s.attention ? s.attention->observations : qint64(-1);
    case ObservationCountRole:
        return observations;
    default:
        return {};
    }
}

QHash<int, QByteArray> RecordListModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(ArxivIdRole, QByteArrayLiteral("arxivId"));
    names.insert(TitleRole, QByteArrayLiteral("title"));
    names.insert(VersionRole, QByteArrayLiteral("version"));
    names.insert(AsOfRole, QByteArrayLiteral("asOf"));
    names.insert(NeedsAttentionRole, QByteArrayLiteral("needsAttention"));
    names.insert(ObservationCountRole, QByteArrayLiteral("observationCount"));
    return names;
}

} // namespace LedgerCurator
