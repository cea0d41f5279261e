// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <functional>

class QLabel;
class QStatusBar;
class QTimer;

namespace LedgerCurator {

class Store;

//! Watches the cache beside other programs on it: `ledger-curator curate` in a terminal, a
//! second window, a sync. SQLite (WAL, busy timeout) lets them all write; every second this asks
//! the cache whether another connection committed (its data_version) and whether its files are
//! still the ones opened. A cache whose files were lost or damaged is reported in the status bar
//! and no longer watched: the store refuses to write to it.
class CacheWatch final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CacheWatch)

public:
    //! Puts the refusal label into `statusBar` (first of its permanent widgets) and starts.
    CacheWatch(Store &store, QStatusBar *statusBar, QObject *parent = nullptr);

    //! While this returns true a change is not reported yet (a sync running, a record
    //! loading): it is reported at the next look once it returns false.
    void setHoldWhile(std::function<bool()> busy) { m_busy = std::move(busy); }
    //! Looks at the cache now, as the timer does every second.
    void check();
    //! What the cache holds now counts as seen (after a sync, which shows it itself).
    void markSeen();

Q_SIGNALS:
    //! Another connection committed since the last look.
    void changed();
    //! The cache is no longer written; `refusal` says why.
    void refused(const QString &refusal);

private:
    void showRefusal(const QString &refusal);

    Store &m_store;
    QTimer *m_timer = nullptr;
    QLabel *m_problem = nullptr;
    std::function<bool()> m_busy;
    qint64 m_dataVersion = -1;
};

} // namespace LedgerCurator
