// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Store.h"

#include <QListView>

namespace LedgerCurator {

class RecordListModel;

//! The list of the cached records on the left of the main window, each with how many of its
//! observations need attention.
class RecordList final : public QListView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecordList)

public:
    explicit RecordList(QWidget *parent = nullptr);

    void setSummaries(QList<RecordSummary> summaries);
    //! The attention count of one record, counted after its summary came.
    void setAttention(const QString &arxivId, const AttentionCount &count);
    //! The records whose attention is not counted yet, of at most `maxObservations`.
    QStringList uncounted(qint64 maxObservations) const;
    bool contains(const QString &arxivId) const;
    //! Makes the record the current row; false (and nothing changed) when the list lacks it.
    bool select(const QString &arxivId);

Q_SIGNALS:
    //! The current row is now this record's (chosen by the user, or by select()).
    void recordChosen(const QString &arxivId);

private:
    RecordListModel *m_model = nullptr;
};

} // namespace LedgerCurator
