// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecordList.h"

#include "RecordListModel.h"

#include <QItemSelectionModel>

namespace LedgerCurator {

RecordList::RecordList(QWidget *parent)
    : QListView(parent)
    , m_model(new RecordListModel(this))
{
    setObjectName(QStringLiteral("recordList"));
    setAccessibleName(tr("Records"));
    setAccessibleDescription(tr("Every cached record with how many observations need attention"));
    setModel(m_model);
    setMinimumWidth(fontMetrics().averageCharWidth() * 18); // a short title's first words
    setWordWrap(true);
    setSpacing(2);
    setAlternatingRowColors(true);
    connect(selectionModel(), &QItemSelectionModel::currentChanged, this,
        [this](const QModelIndex &current) {
            if (current.isValid())
                Q_EMIT recordChosen(current.data(RecordListModel::ArxivIdRole).toString());
        });
}

void RecordList::setSummaries(QList<RecordSummary> summaries)
{
    m_model->setSummaries(std::move(summaries));
}

void RecordList::setAttention(const QString &arxivId, const AttentionCount &count)
{
    m_model->setAttention(arxivId, count);
}

QStringList RecordList::uncounted(qint64 maxObservations) const
{
    QStringList ids;
    for (const RecordSummary &s : m_model->summaries()) {
        if (!s.attention && s.inbound + s.outbound <= maxObservations)
            ids.append(s.arxivId);
    }
    return ids;
}

bool RecordList::contains(const QString &arxivId) const
{
    return m_model->rowOf(arxivId) >= 0;
}

bool RecordList::select(const QString &arxivId)
{
    const int row = m_model->rowOf(arxivId);
    if (row < 0)
        return false;
    selectionModel()->setCurrentIndex(m_model->index(row), QItemSelectionModel::ClearAndSelect);
    return true;
}

} // namespace LedgerCurator
