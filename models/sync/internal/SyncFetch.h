// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: the sync's fetch threads (SyncFetch), each a helper thread beside
// the thread of SyncClient::run() (docs/threads.md), used by SyncClient.cpp and SyncPull.cpp.
#include "SyncRun.h"

#include "HelperThread.h"

#include <QEventLoop>
#include <QMutex>
#include <QWaitCondition>

#include <deque>

namespace LedgerCurator {

//! The part of a SyncFetch that cancel() reaches.
class SyncFetchBase
{
public:
    virtual ~SyncFetchBase() = default;
    //! Thread-safe: the thread stops at its next step, abandoning a request in flight.
    virtual void stop() = 0;
};

//! Replies fetched and checked on a thread of their own while the thread of run() stores what
//! came before: a record's download and parse (about 1.5 s for 200,000 observations) and the
//! parse of each event page cost no time of their own. The thread runs a SyncClient of its own
//! for the requests (its own network manager, retries and timeouts; the Store it is given is
//! never touched there) and hands each Item over through a queue of at most `capacity`. The
//! work delivers items until one holds an error, or until stopped.
template <typename Item> class SyncFetch final : public SyncFetchBase
{
public:
    using Work
        = std::function<void(SyncFetch &fetch, SyncClient &client, SyncClient::Context &context)>;

    SyncFetch(SyncClient &owner, const SyncClient::Context &context, qsizetype capacity,
        const QString &name, Work work)
        : m_owner(owner)
        , m_context(context)
        , m_capacity(capacity)
        , m_logTo(context.options.log)
    {
        m_context.progress = {};
        m_context.report = {}; // the thread's own counts, added to the run's by addCounts()
        // Lines logged by the thread (retries) are told in the thread of run().
        m_context.options.log = [this](const QString &message) {
            {
                QMutexLocker locker(&m_mutex);
                m_log.append(message);
            }
            QMetaObject::invokeMethod(
                &m_home, [this] { flushLog(); }, Qt::QueuedConnection);
        };
        {
            QMutexLocker locker(&m_owner.m_fetchMutex);
            m_owner.m_fetches.append(this);
        }
        m_thread.start([this, work = std::move(work)] { run(work); }, name);
    }

    ~SyncFetch() override
    {
        {
            QMutexLocker locker(&m_owner.m_fetchMutex);
            m_owner.m_fetches.removeOne(this);
        }
        stop();
        m_thread.join();
        flushLog();
    }
    Q_DISABLE_COPY_MOVE(SyncFetch)

    void stop() override
    {
        QMutexLocker locker(&m_mutex);
        m_stop = true;
        if (m_client)
            m_client->cancel();
        m_taken.wakeAll();
    }

    //! In the thread of run(): the next item, waited for without blocking the thread's events (a
    //! server in this thread keeps answering); nullopt when the sync is cancelled.
    std::optional<Item> next()
    {
        for (;;) {
            flushLog();
            if (m_owner.cancelled())
                return std::nullopt;
            {
                QMutexLocker locker(&m_mutex);
                if (!m_ready.empty()) {
                    Item item = std::move(m_ready.front());
                    m_ready.pop_front();
                    m_taken.wakeAll();
                    return item;
                }
            }
            QEventLoop loop;
            m_waiting = &loop;
            m_owner.m_loop = &loop; // cancel() quits it too
            loop.exec();
            m_owner.m_loop = nullptr;
            m_waiting = nullptr;
        }
    }

    //! In the thread of run(), once the last item is taken: adds the thread's requests and
    //! retries to the report.
    void addCounts(SyncReport &report)
    {
        m_thread.join();
        report.requests += m_context.report.requests;
        report.retries += m_context.report.retries;
    }

    //! In the fetch thread: waits until the queue has room; false when stopped.
    bool waitForRoom()
    {
        QMutexLocker locker(&m_mutex);
        while (qsizetype(m_ready.size()) >= m_capacity && !m_stop)
            m_taken.wait(&m_mutex);
        return !m_stop;
    }

    //! In the fetch thread: hands an item over (waiting for room); false when stopped.
    bool deliver(Item item)
    {
        if (!waitForRoom())
            return false;
        {
            QMutexLocker locker(&m_mutex);
            m_ready.push_back(std::move(item));
        }
        QMetaObject::invokeMethod(
            &m_home, [this] { wake(); }, Qt::QueuedConnection);
        return true;
    }

private:
    void run(const Work &work)
    {
        SyncClient client(m_owner.m_store); // for its requests only
        client.m_network = std::make_unique<QNetworkAccessManager>();
        client.m_network->setRedirectPolicy(QNetworkRequest::NoLessSafeRedirectPolicy);
        {
            QMutexLocker locker(&m_mutex);
            if (m_stop)
                return;
            m_client = &client;
        }
        work(*this, client, m_context);
        QMutexLocker locker(&m_mutex);
        m_client = nullptr;
    }

    void wake()
    {
        if (m_waiting)
            m_waiting->quit();
    }

    void flushLog()
    {
        QStringList lines;
        {
            QMutexLocker locker(&m_mutex);
            lines.swap(m_log);
        }
        for (const QString &line : std::as_const(lines)) {
            if (m_logTo)
                m_logTo(line);
        }
    }

    SyncClient &m_owner;
    SyncClient::Context m_context; // the thread's: its own counts, no progress
    const qsizetype m_capacity;
    const std::function<void(const QString &)> m_logTo; // the log of run()
    QObject m_home; // lives in the thread of run(): wake() and flushLog() are run there
    QEventLoop *m_waiting = nullptr; // next()'s loop, in the thread of run()
    Threads::HelperThread m_thread;

    QMutex m_mutex; // guards the members below
    QWaitCondition m_taken; // an item was taken, or stop()
    std::deque<Item> m_ready;
    QStringList m_log;
    SyncClient *m_client = nullptr; // the thread's client while it works
    bool m_stop = false;
};

} // namespace LedgerCurator
