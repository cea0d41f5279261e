// SPDX-License-Identifier: GPL-3.0-or-later
// The sync part of the main window: the Sync menu, the status bar's last sync and outbox, the
// progress of a running sync, and reloading what a sync brought in.
#include "MainWindow.h"

#include "CurationSession.h"
#include "Store.h"
#include "SyncClient.h"
#include "SyncController.h"
#include "SyncSettingsDialog.h"

#include <QAction>
#include <QDateTime>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>

namespace LedgerCurator {

void MainWindow::setupSync()
{
    m_sync = new SyncController(m_store.path(), this);

    auto *menu = new QMenu(tr("&Sync"), this);
    menu->setObjectName(QStringLiteral("syncMenu"));
    m_syncAction = menu->addAction(tr("Sync &Now"), this, &MainWindow::syncNow);
    m_syncAction->setObjectName(QStringLiteral("syncNowAction"));
    m_syncAction->setShortcuts(
        { QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S) });
    m_syncAction->setStatusTip(
        tr("Send your corrections to the server and fetch the other curators' (F5)"));
    QAction *cancel = menu->addAction(tr("&Cancel Sync"), m_sync, &SyncController::cancel);
    cancel->setObjectName(QStringLiteral("cancelSyncAction"));
    cancel->setEnabled(false);
    menu->addSeparator();
    QAction *settings
        = menu->addAction(tr("Sync &Settings..."), this, &MainWindow::showSyncSettings);
    settings->setObjectName(QStringLiteral("syncSettingsAction"));
    settings->setStatusTip(tr("The server to sync with, your token, and automatic syncs"));
    // The Sync menu goes before Help, wherever Help is.
    QAction *help = nullptr;
    for (QAction *action : menuBar()->actions()) {
        if (action->menu() && action->text() == tr("&Help"))
            help = action;
    }
    menuBar()->insertMenu(help, menu);

    m_syncProgress = new QProgressBar(this);
    m_syncProgress->setObjectName(QStringLiteral("syncProgress"));
    m_syncProgress->setMaximumWidth(220);
    m_syncProgress->setMaximumHeight(statusBar()->fontMetrics().height() + 6);
    m_syncProgress->setTextVisible(true);
    m_syncProgress->hide();
    m_syncCancel = new QToolButton(this);
    m_syncCancel->setObjectName(QStringLiteral("syncCancelButton"));
    m_syncCancel->setText(tr("Cancel"));
    m_syncCancel->setToolTip(
        tr("Stop the sync; what it completed is kept, the rest follows next time"));
    m_syncCancel->setAutoRaise(true);
    m_syncCancel->hide();
    m_syncStatus = new QLabel(this);
    m_syncStatus->setObjectName(QStringLiteral("syncStatus"));
    m_syncStatus->setTextFormat(Qt::PlainText);
    statusBar()->addPermanentWidget(m_syncProgress);
    statusBar()->addPermanentWidget(m_syncCancel);
    statusBar()->addPermanentWidget(m_syncStatus);

    connect(m_syncCancel, &QToolButton::clicked, m_sync, &SyncController::cancel);
    // Every correction (and undo, redo, reload) changes the outbox.
    connect(m_session.get(), &CurationSession::recordChanged, this, &MainWindow::updateSyncStatus);
    connect(m_sync, &SyncController::settingsChanged, this, &MainWindow::updateSyncStatus);
    connect(m_sync, &SyncController::errorOccurred, this, &MainWindow::showError);
    connect(m_sync, &SyncController::tokenStored, this, [this](SyncController::TokenStore store) {
        if (store == SyncController::TokenStore::Keyring)
            statusBar()->showMessage(tr("The token is stored in the system keyring."), 8000);
        else
            statusBar()->showMessage(
                tr("No system keyring: the token is stored in %1, readable only by you.")
                    .arg(m_sync->tokenFilePath()),
                12000);
    });
    connect(m_sync, &SyncController::syncStarted, this, [this, cancel] {
        m_syncAction->setEnabled(false);
        cancel->setEnabled(true);
        m_syncProgress->setRange(0, 0); // busy until the first step reports
        m_syncProgress->setFormat(tr("Syncing..."));
        m_syncProgress->show();
        m_syncCancel->show();
    });
    connect(m_sync, &SyncController::syncProgress, this,
        [this](const QString &step, qint64 done, qint64 total) {
            QString text;
            if (step == u"push")
                text = tr("Sending %L1 of %L2").arg(done).arg(total);
            else if (step == u"records")
                text = tr("Records %L1 of %L2").arg(done).arg(total);
            else
                text = tr("Corrections %L1 of %L2").arg(done).arg(total);
            if (total > 0) {
                m_syncProgress->setRange(0, 1000);
                m_syncProgress->setValue(int(std::min<qint64>(1000, done * 1000 / total)));
            } else {
                m_syncProgress->setRange(0, 0);
            }
            m_syncProgress->setFormat(text);
            m_syncProgress->setToolTip(text);
        });
    connect(m_sync, &SyncController::syncMessage, this,
        [this](const QString &message) { statusBar()->showMessage(message, 8000); });
    connect(m_sync, &SyncController::syncFinished, this,
        [this, cancel](bool ok, const QString &message, const SyncReport &report) {
            m_syncAction->setEnabled(true);
            cancel->setEnabled(false);
            m_syncProgress->hide();
            m_syncCancel->hide();
            syncFinished(ok, message);
            if (ok) {
                QString summary = tr("Synced: %L1 sent, %L2 received, %L3 updated record(s).")
                                      .arg(report.pushed)
                                      .arg(report.eventsPulled)
                                      .arg(report.recordsUpdated);
                if (!report.recordsKeptLocal.isEmpty())
                    summary += u' '
                        + tr("%Ln record(s) kept as cached: the cache holds a newer page.", nullptr,
                              int(report.recordsKeptLocal.size()));
                statusBar()->showMessage(summary, 10000);
                // A correction the server refused is the curator's to know about, not a
                // passing status message: which one, and the server's words.
                if (!report.refused.isEmpty() && report.refused.size() > report.stillRefused)
                    showError(tr("The server refused %Ln correction(s); they stay in the outbox and are "
                                 "tried again with each sync. The others went through.",
                                 nullptr, int(report.refused.size()))
                              + QStringLiteral("\n\n") + report.refused.join(u'\n'));
            }
        });
    updateSyncStatus();
}

void MainWindow::updateSyncStatus()
{
    if (!m_syncStatus)
        return;
    const auto outbox = m_store.outboxCount();
    const qint64 waiting = outbox ? *outbox : 0;
    QString waitingText
        = waiting == 1 ? tr("1 correction waiting") : tr("%Ln corrections waiting", nullptr, int(waiting));
    // Read from the cache, as the count: what a server refused, and why.
    const auto refused = m_store.refusedCorrections();
    const qsizetype refusedCount = refused ? refused->size() : 0;
    if (refusedCount > 0)
        waitingText += QStringLiteral(" · ") + tr("%Ln refused", nullptr, int(refusedCount));
    const auto last = m_store.meta(SyncClient::lastFinishedKey());
    QDateTime when;
    if (last && !last->isEmpty())
        when = QDateTime::fromString(*last, Qt::ISODateWithMs).toLocalTime();
    const QLocale locale;
    if (when.isValid()) {
        // Hours and minutes (some locales' short format has seconds too); the date unless today.
        QString format = locale.timeFormat(QLocale::ShortFormat);
        format.remove(QStringLiteral(":ss"));
        if (when.date() != QDate::currentDate())
            format = locale.dateFormat(QLocale::ShortFormat) + u' ' + format;
        const QString time = locale.toString(when, format);
        m_syncStatus->setText(tr("Last sync %1 · %2").arg(time, waitingText));
    } else {
        m_syncStatus->setText(tr("Never synced · %1").arg(waitingText));
    }
    QString tip;
    if (m_sync->serverUrl().isEmpty())
        tip = tr("No server is set up: Sync > Sync Settings.");
    else
        tip = tr("Server: %1").arg(m_sync->serverUrl().toString());
    if (when.isValid())
        tip += u'\n' + tr("Last sync: %1").arg(locale.toString(when, QLocale::LongFormat));
    if (m_sync->intervalMinutes() > 0)
        tip += u'\n' + tr("Syncs every %Ln minute(s).", nullptr, m_sync->intervalMinutes());
    if (refusedCount > 0) {
        tip += u'\n' + tr("Refused by the server (they stay in the outbox):");
        for (const Store::RefusedCorrection &r : *refused)
            tip += u'\n'
                + tr("%1 of observation %2 (arXiv:%3): HTTP %4: %5")
                      .arg(curationFieldKey(r.event.field), r.event.observation, r.event.record)
                      .arg(r.status)
                      .arg(r.reason);
    }
    m_syncStatus->setToolTip(tip);
}

void MainWindow::syncNow()
{
    if (m_sync->isRunning())
        return;
    if (!m_sync->isConfigured()) {
        statusBar()->showMessage(tr("Set up the server to sync with, and your token."), 8000);
        showSyncSettings();
        return;
    }
    m_sync->syncNow(SyncController::Trigger::User);
}

void MainWindow::showSyncSettings()
{
    auto *dialog = new SyncSettingsDialog(*m_sync, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->open();
}

void MainWindow::syncFinished(bool ok, const QString &message)
{
    // Even a failed sync may have stored the steps it completed: show what the cache holds.
    if (auto version = m_store.dataVersion())
        m_dataVersion = *version;
    m_shownStamp.clear(); // the shown record is read again whatever the sync stored
    showWhatTheCacheHolds();
    if (ok)
        return;
    if (m_sync->wasCancelled()) {
        statusBar()->showMessage(
            tr("Sync cancelled: what it completed is kept, the rest follows next time."), 10000);
        return;
    }
    const auto outbox = m_store.outboxCount();
    const qint64 waiting = outbox ? *outbox : 0;
    if (m_sync->lastTrigger() == SyncController::Trigger::Timer) {
        // An automatic sync that fails (offline, say) does not interrupt with a dialog.
        statusBar()->showMessage(tr("Automatic sync failed: %1").arg(message), 15000);
        return;
    }
    QString text = tr("The sync did not complete:\n%1").arg(message);
    if (message.contains(QStringLiteral("token")))
        text += QStringLiteral("\n\n") + tr("Check the token in Sync > Sync Settings.");
    if (waiting > 0)
        text += QStringLiteral("\n\n")
            + (waiting == 1
                    ? tr("1 correction waits in the outbox and goes out with the next sync.")
                    : tr("%Ln corrections wait in the outbox and go out with the next sync.", nullptr,
                          int(waiting)));
    showError(text);
}

} // namespace LedgerCurator
