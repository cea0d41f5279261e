// SPDX-License-Identifier: GPL-3.0-or-later
#include "BackgroundJob.h"

#include <QProgressDialog>
#include <QThreadPool>
#include <QTimer>

namespace LedgerCurator {

namespace {
constexpr int kDialogDelayMs = 300; // a job done sooner shows no dialog
constexpr int kProgressPollMs = 100;
constexpr int kProgressMaximum = 1000;
} // namespace

BackgroundJob::Queue::Queue(const QString &name)
    : m_pool(std::make_unique<QThreadPool>())
{
    m_pool->setMaxThreadCount(1);
    m_pool->setObjectName(name);
}

BackgroundJob::Queue::~Queue()
{
    waitForDone();
}

void BackgroundJob::Queue::waitForDone()
{
    m_pool->waitForDone();
}

BackgroundJob::BackgroundJob(QObject *owner, const Options &options)
    : QObject(owner)
    , m_pool(options.queue ? options.queue->m_pool.get() : nullptr)
{
    m_control->home = thread();
    if (!options.dialogParent)
        return;
    auto *dialog
        = new QProgressDialog(options.label, options.cancellable ? tr("Cancel") : QString(), 0,
            options.busy ? 0 : kProgressMaximum, options.dialogParent);
    m_dialog = dialog;
    dialog->setObjectName(options.dialogName);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(kDialogDelayMs);
    dialog->setAutoClose(false);
    dialog->setAutoReset(false);
    connect(dialog, &QProgressDialog::canceled, this, &BackgroundJob::cancel);
    if (options.busy)
        return;
    dialog->setValue(0);
    // The worker only touches the atomics of Control; a timer on the dialog shows their progress.
    auto *poll = new QTimer(dialog);
    connect(poll, &QTimer::timeout, dialog,
        [dialog, control = m_control] { dialog->setValue(control->permille.load()); });
    poll->start(kProgressPollMs);
}

QThreadPool *BackgroundJob::pool() const
{
    return m_pool ? m_pool : QThreadPool::globalInstance();
}

bool BackgroundJob::report(Control &control, qint64 done, qint64 total)
{
    control.permille.store(total > 0 ? int(done * kProgressMaximum / total) : 0);
    return !control.cancelled.load();
}

void BackgroundJob::watch(QFutureWatcherBase *watcher)
{
    m_watcher = watcher;
    connect(watcher, &QFutureWatcherBase::resultsReadyAt, this, &BackgroundJob::deliverResults);
    connect(watcher, &QFutureWatcherBase::finished, this, &BackgroundJob::finish);
}

void BackgroundJob::cancel()
{
    m_control->cancelled = true;
}

void BackgroundJob::deliverResults()
{
    // A callback may spin the event loop (a modal dialog's progress does) and so come back
    // here: a result is counted before it is handed over.
    while (m_delivered < m_resultCount())
        m_deliverAt(m_delivered++);
}

void BackgroundJob::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    deliverResults();
    if (m_dialog)
        m_dialog->deleteLater();
    m_deliverReturned();
    Q_EMIT finished();
    deleteLater();
}

void BackgroundJob::waitForFinished()
{
    m_watcher->waitForFinished();
    finish();
}

} // namespace LedgerCurator
