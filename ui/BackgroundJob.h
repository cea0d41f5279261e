// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Result.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QPromise>
#include <QString>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

class QProgressDialog;
class QThread;
class QThreadPool;
class QWidget;

namespace LedgerCurator {

//! The one way the desktop app runs work off the GUI thread (docs/threads.md): the work runs on a
//! worker thread (QtConcurrent::run, on the global pool unless a Queue is given), and what it
//! delivers reaches
//! a callback on the GUI thread. The job may show a window-modal progress dialog with a Cancel
//! button; cancelling only asks: the work looks at Worker::isCancelled() (or at what its
//! progress callback returns) and decides what to deliver then.
//!
//! The job is a child of its owner, so its callback never runs once the owner is gone, and it
//! deletes itself once it has delivered everything. The work must not touch the owner: it gets
//! copies of what it needs (a cache path, a record) and hands its results back.
class BackgroundJob final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BackgroundJob)

public:
    //! Jobs that run one at a time, in the order started, on a thread of their own (not the
    //! global pool's): a sync, the match suggestions. Its owner keeps it; the destructor waits
    //! for the job running (cancel it first) and those waiting.
    class Queue
    {
    public:
        explicit Queue(const QString &name);
        ~Queue();
        Q_DISABLE_COPY_MOVE(Queue)
        //! Waits until no job of the queue runs or waits.
        void waitForDone();

    private:
        friend class BackgroundJob;
        std::unique_ptr<QThreadPool> m_pool;
    };

    struct Options
    {
        //! The queue the work runs in; the global pool when null.
        Queue *queue = nullptr;
        //! Shows a window-modal progress dialog over this widget; none when null.
        QWidget *dialogParent = nullptr;
        QString dialogName; // the dialog's object name
        QString label; // the dialog's text
        //! The dialog has a Cancel button.
        bool cancellable = true;
        //! The work reports no progress: the dialog shows a busy indicator.
        bool busy = false;

        //! A progress dialog with a Cancel button over `parent`.
        static Options withDialog(QWidget *parent, const QString &name, const QString &label)
        {
            Options options;
            options.dialogParent = parent;
            options.dialogName = name;
            options.label = label;
            return options;
        }
    };

    //! What the GUI thread and the worker share: the cancel request and the progress so far.
    struct Control
    {
        std::atomic<bool> cancelled { false };
        std::atomic<int> permille { 0 };
        QThread *home = nullptr; // the thread the job was started on (the GUI thread)
    };

    //! The worker's side of a job whose results are of type T.
    template <typename T> class Worker
    {
    public:
        Worker(QPromise<T> &promise, std::shared_ptr<Control> control)
            : m_promise(promise)
            , m_control(std::move(control))
        {
        }

        bool isCancelled() const { return m_control->cancelled.load(); }
        //! A progress callback for the models' long operations: the dialog shows done of total
        //! (nothing while total is not positive), and the callback returns false once the job
        //! is cancelled. It may outlive this Worker.
        Progress progress() const
        {
            return [control = m_control](
                       qint64 done, qint64 total) { return report(*control, done, total); };
        }
        //! Hands a result to the GUI thread at once, before the work ends (the first rows of a
        //! record, say); results reach the callback in the order they were delivered.
        void deliver(T value) { m_promise.addResult(std::move(value)); }
        //! Hands a QObject the work made (a document, say) to the GUI thread, whose it is once
        //! delivered: call it before delivering or returning the object, from the work.
        void handHome(QObject *object) const { object->moveToThread(m_control->home); }

    private:
        QPromise<T> &m_promise;
        std::shared_ptr<Control> m_control;
    };

    //! Runs `work(Worker<T> &)` on a worker thread and calls `done(T)` on the GUI thread with
    //! each result: those the work delivers, then the one it returns (unless it returns void),
    //! after the progress dialog has gone. T must be copyable.
    template <typename T, typename Work, typename Done>
    static BackgroundJob *start(QObject *owner, const Options &options, Work work, Done done)
    {
        auto *job = new BackgroundJob(owner, options);
        auto *watcher = new QFutureWatcher<T>(job);
        auto returned = std::make_shared<std::optional<T>>();
        auto callback = std::make_shared<Done>(std::move(done));
        job->m_resultCount = [watcher] { return watcher->future().resultCount(); };
        job->m_deliverAt
            = [watcher, callback](int index) { (*callback)(watcher->resultAt(index)); };
        job->m_deliverReturned = [returned, callback] {
            if (auto value = std::exchange(*returned, std::nullopt))
                (*callback)(std::move(*value));
        };
        job->watch(watcher);
        watcher->setFuture(QtConcurrent::run(job->pool(),
            [work = std::move(work), control = job->m_control, returned](QPromise<T> &promise) {
                Worker<T> worker(promise, control);
                if constexpr (std::is_void_v<std::invoke_result_t<const Work &, Worker<T> &>>)
                    work(worker);
                else
                    returned->emplace(work(worker));
            }));
        return job;
    }

    //! Asks the work to stop (Worker::isCancelled()); what it delivers after is still delivered.
    void cancel();
    //! Blocks until the work has ended, then delivers what it has not delivered yet, here and
    //! now (for an owner's destructor that must dispose of the results).
    void waitForFinished();

Q_SIGNALS:
    //! Everything was delivered; the job deletes itself next.
    void finished();

private:
    BackgroundJob(QObject *owner, const Options &options);
    QThreadPool *pool() const;
    void watch(QFutureWatcherBase *watcher);
    void deliverResults();
    void finish();
    static bool report(Control &control, qint64 done, qint64 total);

    std::shared_ptr<Control> m_control = std::make_shared<Control>();
    QThreadPool *m_pool = nullptr;
    QFutureWatcherBase *m_watcher = nullptr;
    QPointer<QProgressDialog> m_dialog;
    std::function<int()> m_resultCount;
    std::function<void(int)> m_deliverAt;
    std::function<void()> m_deliverReturned;
    int m_delivered = 0;
    bool m_finished = false;
};

} // namespace LedgerCurator
