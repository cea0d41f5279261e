// SPDX-License-Identifier: GPL-3.0-or-later
// The main window beside other programs on the same cache: `ledger-curator curate` in a
// terminal, a second window, a sync. SQLite (WAL, busy timeout) lets them all write; this
// shows what they wrote, and stops the window writing into a cache whose files were lost.
#include "MainWindow.h"

#include "CurationSession.h"
#include "RecordListModel.h"
#include "Store.h"
#include "SyncController.h"

#include <QLabel>
#include <QListView>
#include <QStatusBar>
#include <QTimer>

namespace LedgerCurator {

namespace {
constexpr int kCacheWatchMs = 1000;
} // namespace

void MainWindow::setupCacheWatch()
{
    m_cacheProblem = new QLabel(this);
    m_cacheProblem->setObjectName(QStringLiteral("cacheProblem"));
    m_cacheProblem->setTextFormat(Qt::PlainText);
    m_cacheProblem->setWordWrap(false);
    m_cacheProblem->setStyleSheet(QStringLiteral("QLabel { color: palette(bright-text); background: #b00020;"
                                                 " padding: 1px 6px; font-weight: bold; }"));
    m_cacheProblem->hide();
    statusBar()->insertPermanentWidget(0, m_cacheProblem);

    if (auto version = m_store.dataVersion())
        m_dataVersion = *version;
    m_cacheWatch = new QTimer(this);
    m_cacheWatch->setObjectName(QStringLiteral("cacheWatch"));
    m_cacheWatch->setInterval(kCacheWatchMs);
    connect(m_cacheWatch, &QTimer::timeout, this, &MainWindow::checkCache);
    m_cacheWatch->start();
    // The shown record's stamp, once it is in: an external change after that reloads it.
    connect(m_session.get(), &CurationSession::recordLoaded, this, [this] {
        m_shownStamp.clear();
        if (m_session->hasRecord()) {
            if (auto stamp = m_store.changeStamp(m_session->record().upstream.arxivId))
                m_shownStamp = *stamp;
        }
    });
}

void MainWindow::checkCache()
{
    if (const QString refusal = m_store.checkWritable(); !refusal.isEmpty()) {
        showCacheRefusal(refusal);
        return;
    }
    auto version = m_store.dataVersion();
    if (!version || *version == m_dataVersion)
        return;
    // A sync shows what it stored when it finishes; a record still loading shows it when in.
    if ((m_sync && m_sync->isRunning()) || m_loading)
        return;
    m_dataVersion = *version;
    showWhatTheCacheHolds();
}

void MainWindow::showWhatTheCacheHolds()
{
    const QString current = m_session->hasRecord() ? m_session->record().upstream.arxivId : QString();
    const QString asOf = m_session->record().upstream.asOf;
    const int version = m_session->record().upstream.version;
    reloadRecords();
    if (!current.isEmpty() && m_session->hasRecord() && m_session->record().upstream.arxivId == current
        && !m_loading) {
        auto stamp = m_store.changeStamp(current);
        if (!stamp || *stamp != m_shownStamp) {
            // Reloading keeps the undo stack and the selection; corrections and conflicts from
            // other curators show at once. A new upstream page of the record is loaded afresh.
            if (auto reloaded = m_session->reload(); !reloaded)
                showError(reloaded.error().toString());
            else if (m_session->record().upstream.asOf != asOf || m_session->record().upstream.version != version)
                loadRecord(current);
            if (stamp)
                m_shownStamp = *stamp;
        }
    }
    updateSyncStatus();
}

void MainWindow::showCacheRefusal(const QString &refusal)
{
    if (m_cacheProblem->isVisible())
        return;
    m_cacheProblem->setText(tr("Not writing to the cache"));
    m_cacheProblem->setToolTip(refusal);
    m_cacheProblem->setAccessibleName(tr("Not writing to the cache"));
    m_cacheProblem->setAccessibleDescription(refusal);
    m_cacheProblem->show();
    m_cacheWatch->stop();
    showError(refusal);
}

} // namespace LedgerCurator
