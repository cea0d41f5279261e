// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ObservationTableModel.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>
#include <optional>

namespace LedgerCurator {

class BackgroundJob;
class CurationSession;
class Store;

//! Opens records of the cache into the curation session, on a worker thread with a connection
//! of its own so that the window stays responsive: first the top of a large page, then the whole
//! record, with the table data prepared on the worker. A newer request cancels an older one.
//! Also reads the shown record again when another program changed it in the cache.
class RecordLoader final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecordLoader)

public:
    RecordLoader(Store &store, CurationSession &session, QObject *parent = nullptr);
    ~RecordLoader() override;

    //! Loads the record; pageMessage() says so at once, firstRowsLoaded() may follow, then the
    //! session's recordLoaded() (or pageMessage() with why it could not be loaded).
    void load(const QString &arxivId);
    bool isLoading() const { return m_loading; }
    //! The record being loaded; empty when none is.
    QString requestedRecord() const { return m_requested; }
    //! The first rows of the requested record are out (firstRowsLoaded()), the whole record is
    //! not in the session yet.
    bool showsFirstRowsOnly() const { return m_firstRowsOnly; }

    //! The first rows firstRowsLoaded() announced.
    ObservationTableData takeFirstRows();
    //! The table data prepared with the record last put into the session, if it is this
    //! record's; dropped either way.
    std::optional<ObservationTableData> takePreparedTable(const QString &arxivId);

    //! Which upstream page of which record the session shows.
    struct ShownPage
    {
        QString arxivId; // empty: none
        QString asOf;
        int version = 0;
    };
    ShownPage shownPage() const;
    //! After the cache changed under the window: when the record shown as `before` is still
    //! the session's and its corrections, conflicts or notices changed, it is read again
    //! (keeping the undo stack and the selection); a new upstream page of it is loaded afresh.
    void reloadIfChanged(const ShownPage &before);
    //! Remembers the cache's change stamp of the record the session shows.
    void noteShownStamp();
    //! The next reloadIfChanged() reads the shown record again whatever the stamp says.
    void forgetShownStamp() { m_shownStamp.clear(); }

Q_SIGNALS:
    //! The text the window shows instead of a record: loading, or why a load failed.
    void pageMessage(const QString &text);
    //! The first rows of a large record are ready (takeFirstRows()); `total` observations in all.
    void firstRowsLoaded(qsizetype total);
    void errorOccurred(const QString &message);

private:
    struct Loaded;

    Store &m_store;
    CurationSession &m_session;
    QString m_requested;
    bool m_loading = false;
    bool m_firstRowsOnly = false;
    int m_generation = 0;
    QPointer<BackgroundJob> m_job; // the load under way, cancelled by a newer one
    ObservationTableData m_firstRows;
    std::optional<ObservationTableData> m_preparedTable;
    QString m_shownStamp; // Store::changeStamp() of the shown record when it was last read
};

} // namespace LedgerCurator
