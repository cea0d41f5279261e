// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

class QLabel;
class QProgressBar;
class QStatusBar;
class QToolButton;

namespace LedgerCurator {

class Store;
class SyncController;
struct SyncReport;

//! The sync in the status bar: the last sync and the corrections waiting in the outbox (read
//! from the cache, with those the server refused and why in the tooltip), the progress and a
//! Cancel button while a sync runs, and what a finished sync did. The sync itself is the
//! SyncController's.
class SyncStatus final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SyncStatus)

public:
    //! Adds its widgets to `statusBar`'s permanent ones and follows `sync`'s progress.
    SyncStatus(
        Store &store, SyncController &sync, QStatusBar *statusBar, QObject *parent = nullptr);

    //! Reads the outbox, the refused corrections and the last sync from the cache again.
    void update();
    //! Tells what the sync that just finished did: a summary in the status bar, the corrections
    //! the server refused, or why it failed (a dialog unless it was an automatic sync).
    void showOutcome(bool ok, const QString &message, const SyncReport &report);

Q_SIGNALS:
    //! Something the user must see in a dialog.
    void errorOccurred(const QString &message);

private:
    void showProgress(const QString &step, qint64 done, qint64 total);

    Store &m_store;
    SyncController &m_sync;
    QStatusBar *m_statusBar = nullptr;
    QLabel *m_label = nullptr;
    QProgressBar *m_progress = nullptr;
    QToolButton *m_cancel = nullptr;
};

} // namespace LedgerCurator
