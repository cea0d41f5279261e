// SPDX-License-Identifier: GPL-3.0-or-later
#include "SyncStatus.h"

#include "Outbox.h"
#include "Store.h"
#include "SyncClient.h"
#include "SyncController.h"

#include <QDateTime>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>

#include <algorithm>

namespace LedgerCurator {

SyncStatus::SyncStatus(Store &store, SyncController &sync, QStatusBar *statusBar, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_sync(sync)
    , m_statusBar(statusBar)
{
    m_progress = new QProgressBar(statusBar);
    m_progress->setObjectName(QStringLiteral("syncProgress"));
    m_progress->setMaximumWidth(220);
    m_progress->setMaximumHeight(statusBar->fontMetrics().height() + 6);
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_cancel = new QToolButton(statusBar);
    m_cancel->setObjectName(QStringLiteral("syncCancelButton"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(
        tr("Stop the sync; what it completed is kept, the rest follows next time"));
    m_cancel->setAutoRaise(true);
    m_cancel->hide();
    m_label = new QLabel(statusBar);
    m_label->setObjectName(QStringLiteral("syncStatus"));
    m_label->setTextFormat(Qt::PlainText);
    statusBar->addPermanentWidget(m_progress);
    statusBar->addPermanentWidget(m_cancel);
    statusBar->addPermanentWidget(m_label);

    connect(m_cancel, &QToolButton::clicked, &m_sync, &SyncController::cancel);
    connect(&m_sync, &SyncController::settingsChanged, this, &SyncStatus::update);
    connect(&m_sync, &SyncController::tokenStored, this, [this](SyncController::TokenStore where) {
        if (where == SyncController::TokenStore::Keyring)
            m_statusBar->showMessage(tr("The token is stored in the system keyring."), 8000);
        else
            m_statusBar->showMessage(
                tr("No system keyring: the token is stored in %1, readable only by you.")
                    .arg(m_sync.tokenFilePath()),
                12000);
    });
    connect(&m_sync, &SyncController::syncStarted, this, [this] {
        m_progress->setRange(0, 0); // busy until the first step reports
        m_progress->setFormat(tr("Syncing..."));
        m_progress->show();
        m_cancel->show();
    });
    connect(&m_sync, &SyncController::syncProgress, this, &SyncStatus::showProgress);
    connect(&m_sync, &SyncController::syncFinished, this, [this] {
        m_progress->hide();
        m_cancel->hide();
    });
    connect(&m_sync, &SyncController::syncMessage, this,
        [this](const QString &message) { m_statusBar->showMessage(message, 8000); });
    update();
}

void SyncStatus::showProgress(const QString &step, qint64 done, qint64 total)
{
    QString text;
    if (step == u"push")
        text = tr("Sending %L1 of %L2").arg(done).arg(total);
    else if (step == u"records")
        text = tr("Records %L1 of %L2").arg(done).arg(total);
    else
        text = tr("Corrections %L1 of %L2").arg(done).arg(total);
    if (total > 0) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(int(std::min<qint64>(1000, done * 1000 / total)));
    } else {
        m_progress->setRange(0, 0);
    }
    m_progress->setFormat(text);
    m_progress->setToolTip(text);
}

void SyncStatus::update()
{
    const auto outbox = Outbox(m_store).count();
    const qint64 waiting = outbox ? *outbox : 0;
    QString waitingText = waiting == 1 ? tr("1 correction waiting")
                                       : tr("%Ln corrections waiting", nullptr, int(waiting));
    // Read from the cache, as the count: what a server refused, and why.
    const auto refused = Outbox(m_store).refusals();
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
        m_label->setText(tr("Last sync %1 · %2").arg(time, waitingText));
    } else {
        m_label->setText(tr("Never synced · %1").arg(waitingText));
    }
    QString tip;
    if (m_sync.serverUrl().isEmpty())
        tip = tr("No server is set up: Sync > Sync Settings.");
    else
        tip = tr("Server: %1").arg(m_sync.serverUrl().toString());
    if (when.isValid())
        tip += u'\n' + tr("Last sync: %1").arg(locale.toString(when, QLocale::LongFormat));
    if (m_sync.intervalMinutes() > 0)
        tip += u'\n' + tr("Syncs every %Ln minute(s).", nullptr, m_sync.intervalMinutes());
    if (refusedCount > 0) {
        tip += u'\n' + tr("Refused by the server (they stay in the outbox):");
        for (const Outbox::Refusal &r : *refused)
            tip += u'\n'
                + tr("%1 of observation %2 (arXiv:%3): HTTP %4: %5")
                      .arg(curationFieldKey(r.event.field), r.event.observation, r.event.record)
                      .arg(r.status)
                      .arg(r.reason);
    }
    m_label->setToolTip(tip);
}

void SyncStatus::showOutcome(bool ok, const QString &message, const SyncReport &report)
{
    if (ok) {
        QString summary = tr("Synced: %L1 sent, %L2 received, records updated: %L3.")
                              .arg(report.pushed)
                              .arg(report.eventsPulled)
                              .arg(report.recordsUpdated);
        if (!report.recordsKeptLocal.isEmpty())
            summary += u' '
                + tr("%Ln record(s) kept as cached: the cache holds a newer page.", nullptr,
                    int(report.recordsKeptLocal.size()));
        if (!report.recordsLeftRemoved.isEmpty())
            summary += u' '
                + tr("%Ln record(s) removed here not fetched again.", nullptr,
                    int(report.recordsLeftRemoved.size()));
        if (report.noticesPushed + report.noticesPulled > 0)
            summary += u' '
                + tr("Notices: %L1 sent, %L2 received.")
                      .arg(report.noticesPushed)
                      .arg(report.noticesPulled);
        if (!report.noticesNote.isEmpty())
            summary += u' ' + tr("Notices not exchanged: %1").arg(report.noticesNote);
        if (!report.clockNote.isEmpty())
            summary += u' '
                + tr("This computer's clock is off: corrections are timed by the server's clock "
                     "(%Ln re-timed).",
                    nullptr, int(report.retimed));
        m_statusBar->showMessage(summary, 10000);
        // Events the server no longer holds (a seq skipped): not in this cache, and no sync
        // will bring them; the curator must know.
        if (!report.missingSeqs.isEmpty())
            Q_EMIT errorOccurred(tr("The server holds no event at %1 (deleted from its database?). "
                                    "Whatever was there is not in this cache; the sync went on "
                                    "without it. Tell the server's administrator.")
                                     .arg(QLocale().createSeparatedList(report.missingSeqs)));
        // An event that fails its signature is kept out of the page: the curator must know.
        if (!report.rejected.isEmpty())
            Q_EMIT errorOccurred(
                tr("%Ln event(s) by %1 failed the signature check and were not applied. They are "
                   "kept aside in the cache for inspection.",
                    nullptr, int(report.rejected.size()))
                    .arg(QLocale().createSeparatedList(report.rejectedAuthors))
                + QStringLiteral("\n\n") + report.rejected.join(u'\n'));
        // A notice that fails its signature does not replace the one this cache holds.
        if (!report.rejectedNotices.isEmpty())
            Q_EMIT errorOccurred(
                tr("%Ln notice(s) imported by %1 failed the signature check and were not "
                   "applied; this cache keeps the version it held. They are kept aside in the "
                   "cache for inspection.",
                    nullptr, int(report.rejectedNotices.size()))
                    .arg(QLocale().createSeparatedList(report.rejectedNoticeImporters))
                + QStringLiteral("\n\n") + report.rejectedNotices.join(u'\n'));
        // A correction the server refused is the curator's to know about, not a passing status
        // message: which one, and the server's words.
        if (!report.refused.isEmpty() && report.refused.size() > report.stillRefused) {
            Q_EMIT errorOccurred(
                tr("The server refused %Ln correction(s); they stay in the outbox and are tried "
                   "again with each sync. The others went through.",
                    nullptr, int(report.refused.size()))
                + QStringLiteral("\n\n") + report.refused.join(u'\n'));
        } else if (!report.sentEverything()) {
            // Nothing refused this time, yet something did not go: said, never a plain "Synced".
            m_statusBar->showMessage(summary + u' '
                    + tr("Not everything was sent: %Ln correction(s) and %1 still wait in the "
                         "outbox.",
                        nullptr, int(report.correctionsWaiting))
                          .arg(tr("%Ln notice(s)", nullptr, int(report.noticesWaiting))),
                30000);
        }
        return;
    }
    if (m_sync.wasCancelled()) {
        m_statusBar->showMessage(
            tr("Sync cancelled: what it completed is kept, the rest follows next time."), 10000);
        return;
    }
    const auto outbox = Outbox(m_store).count();
    const qint64 waiting = outbox ? *outbox : 0;
    if (m_sync.lastTrigger() == SyncController::Trigger::Timer) {
        // An automatic sync that fails (offline, say) does not interrupt with a dialog.
        m_statusBar->showMessage(tr("Automatic sync failed: %1").arg(message), 15000);
        return;
    }
    QString text = tr("The sync did not complete:\n%1").arg(message);
    if (message.contains(QStringLiteral("token")))
        text += QStringLiteral("\n\n") + tr("Check the token in Sync > Sync Settings.");
    if (waiting > 0)
        text += QStringLiteral("\n\n")
            + (waiting == 1
                    ? tr("1 correction waits in the outbox and goes out with the next sync.")
                    : tr("%Ln corrections wait in the outbox and go out with the next sync.",
                        nullptr, int(waiting)));
    Q_EMIT errorOccurred(text);
}

} // namespace LedgerCurator
