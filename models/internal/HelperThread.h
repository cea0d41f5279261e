// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: the models' one way to run work on a thread of its own, a helper
// thread beside the caller (docs/threads.md). The helper is joined before the caller goes on
// (HelperThread's destructor, runBeside(), parallelFor()), so it never outlives what it uses.
// Work for the GUI thread's jobs (progress, Cancel) is ui/BackgroundJob's, not this.
//
// - HelperThread: a thread started with a function and joined by join() or the destructor.
// - TwoThreadPipeline: blocks handed from one thread to the other in order, at most `ahead`
//   waiting (Store::loadRecord()'s rows in StoreSqlite.h, `works import` in WorksImport.cpp).
// - writeInTwoThreads(): a long text written in blocks by the caller and a helper in turn
//   (writeRecordJson() in RecordJsonTextWriter.cpp, renderLedgerText() in LedgerText.cpp).
// - runBeside(), parallelFor(): fork-join, both halves (or every slice) done when it returns.
// - DropBeside: large values freed on a helper while the caller goes on (the sync's records).

#include <QScopeGuard>
#include <QString>
#include <QThread>
#include <QtGlobal>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <vector>

namespace LedgerCurator::Threads {

//! A thread of its own running one function, joined by join() or by the destructor. The caller
//! must see to it that the function ends (a stop flag, a closed pipeline) before it is joined.
//! A QThread underneath: the function may run a QEventLoop (the sync's fetches do).
class HelperThread
{
public:
    HelperThread() = default;
    explicit HelperThread(std::function<void()> work, const QString &name = {})
    {
        start(std::move(work), name);
    }
    ~HelperThread() { join(); }
    Q_DISABLE_COPY_MOVE(HelperThread)

    //! Starts `work` on the thread; once only (until joined).
    void start(std::function<void()> work, const QString &name = {})
    {
        Q_ASSERT(!m_thread);
        m_thread.reset(QThread::create(std::move(work)));
        if (!name.isEmpty())
            m_thread->setObjectName(name);
        m_thread->start();
    }
    //! Waits until the function has returned; nothing when none was started.
    void join()
    {
        if (!m_thread)
            return;
        m_thread->wait();
        m_thread.reset();
    }
    bool started() const { return bool(m_thread); }

private:
    std::unique_ptr<QThread> m_thread;
};

//! Whether a second thread would run beside this one rather than take turns with it.
inline bool helperWorthIt()
{
    return QThread::idealThreadCount() > 1;
}

//! Runs `beside` on a helper thread while this thread runs `here`; returns once both are done.
//! An exception of either comes out here, after both are done (`here`'s first).
template <typename Beside, typename Here> void runBeside(Beside &&beside, Here &&here)
{
    std::exception_ptr besideFailed;
    {
        HelperThread helper([&] {
            try {
                beside();
            } catch (...) {
                besideFailed = std::current_exception();
            }
        });
        here(); // an exception leaves through ~HelperThread, which joins first
    }
    if (besideFailed)
        std::rethrow_exception(besideFailed);
}

//! runBeside() in the form the domain takes a second thread in (RunBeside of
//! models/core/RunBeside.h: resolveAll(), applyCorrections()); on one core, both here in turn.
inline void runBesideIfWorthIt(
    const std::function<void()> &beside, const std::function<void()> &here)
{
    if (!helperWorthIt()) {
        here();
        beside();
        return;
    }
    runBeside(beside, here);
}

//! Calls `slice(from, to)` for consecutive slices of [0, count) on up to `threads` threads, this
//! one taking the first: slices of at least `minimumSlice` items. Returns when all are done; an
//! exception of a helper's slice comes out here after all are done.
template <typename Slice>
void parallelFor(qsizetype count, int threads, qsizetype minimumSlice, const Slice &slice)
{
    const qsizetype slices = std::clamp<qsizetype>(qsizetype(threads), 1,
        std::max<qsizetype>(1, count / std::max<qsizetype>(1, minimumSlice)));
    const qsizetype step = (count + slices - 1) / slices;
    std::mutex failedMutex;
    std::exception_ptr failed;
    {
        std::vector<std::unique_ptr<HelperThread>> helpers;
        for (qsizetype from = step; from < count; from += step) {
            helpers.push_back(std::make_unique<HelperThread>([&, from] {
                try {
                    slice(from, std::min(count, from + step));
                } catch (...) {
                    std::lock_guard lock(failedMutex);
                    if (!failed)
                        failed = std::current_exception();
                }
            }));
        }
        slice(0, std::min(count, step)); // an exception leaves after every helper is joined
    }
    if (failed)
        std::rethrow_exception(failed);
}

//! Blocks handed from one thread to another, in order, at most `ahead` of them waiting; spent
//! blocks go back to the producer to be filled again (their memory is already mapped).
template <typename Block> class TwoThreadPipeline
{
public:
    explicit TwoThreadPipeline(size_t ahead)
        : m_ahead(ahead)
    {
    }

    //! Producer: a spent block, or `fresh()`, once fewer than `ahead` blocks wait.
    template <typename Fresh> Block take(const Fresh &fresh)
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return m_ready.size() < m_ahead || m_abandoned; });
        if (m_spare.empty())
            return fresh();
        Block block = std::move(m_spare.back());
        m_spare.pop_back();
        return block;
    }
    //! Producer: hands a filled block over.
    void put(Block &&block)
    {
        std::lock_guard lock(m_mutex);
        if (m_abandoned)
            return; // nobody takes it
        m_ready.push_back(std::move(block));
        m_changed.notify_all();
    }
    //! Producer: no more blocks.
    void close()
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_changed.notify_all();
    }
    //! Consumer: the next block; nullopt once closed and all taken.
    std::optional<Block> next()
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return !m_ready.empty() || m_closed; });
        if (m_ready.empty())
            return std::nullopt;
        Block block = std::move(m_ready.front());
        m_ready.pop_front();
        m_changed.notify_all();
        return block;
    }
    //! Consumer: takes no more blocks (it leaves early, on an exception say): from now on the
    //! producer's take() does not wait, put() drops the block, and abandoned() tells it to stop,
    //! so that the producer's thread ends and can be joined.
    void abandon()
    {
        std::lock_guard lock(m_mutex);
        m_abandoned = true;
        m_changed.notify_all();
    }
    //! Producer: whether the consumer left (abandon()).
    bool abandoned() const
    {
        std::lock_guard lock(m_mutex);
        return m_abandoned;
    }
    //! Consumer: gives a spent block back.
    void recycle(Block &&block)
    {
        std::lock_guard lock(m_mutex);
        m_spare.push_back(std::move(block));
    }

private:
    const size_t m_ahead;
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Block> m_ready;
    std::vector<Block> m_spare;
    bool m_closed = false;
    bool m_abandoned = false;
};

//! Writes blocks 0 to `blocks` - 1 of a text so that it comes out as if one thread wrote them
//! in turn: the caller writes the even blocks with `writeHere(block)`, a helper thread the odd
//! ones each into a `Text` of its own with `writeApart(text, block)` (the text is empty, though
//! it may keep the capacity of one written before), and after each of its blocks the caller
//! adds the helper's next with `appendHere(text)`. At most two of the helper's blocks wait, so
//! the text is never held whole. With fewer than `minimumBlocks` blocks, or one core, the
//! caller writes them all.
template <typename Text>
void writeInTwoThreads(qsizetype blocks, const std::function<void(qsizetype)> &writeHere,
    const std::function<void(Text &, qsizetype)> &writeApart,
    const std::function<void(Text &)> &appendHere, qsizetype minimumBlocks = 4)
{
    if (blocks < minimumBlocks || !helperWorthIt()) {
        for (qsizetype block = 0; block < blocks; ++block)
            writeHere(block);
        return;
    }
    TwoThreadPipeline<Text> pipeline(2);
    HelperThread helper([&] {
        for (qsizetype block = 1; block < blocks && !pipeline.abandoned(); block += 2) {
            Text text = pipeline.take([] { return Text(); });
            text.resize(0);
            writeApart(text, block);
            pipeline.put(std::move(text));
        }
    });
    // Declared after the helper, so run before it is joined: however this thread leaves the loop
    // (an exception of writeHere() included), the helper stops waiting and ends.
    const auto release = qScopeGuard([&pipeline] { pipeline.abandon(); });
    for (qsizetype block = 0; block < blocks; block += 2) {
        writeHere(block);
        if (block + 1 == blocks)
            break;
        std::optional<Text> text = pipeline.next(); // the helper writes every odd block
        appendHere(*text);
        pipeline.recycle(std::move(*text));
    }
}

//! Frees values on a helper thread, in the order given, while the caller goes on: a large value
//! (a record of 200,000 observations takes about 0.4 s to free) costs the caller nothing. The
//! helper starts with the first value and is joined by the destructor, once all are freed.
class DropBeside
{
public:
    DropBeside() = default;
    ~DropBeside()
    {
        {
            std::lock_guard lock(m_mutex);
            m_closed = true;
        }
        m_changed.notify_all();
        m_helper.join();
    }
    Q_DISABLE_COPY_MOVE(DropBeside)

    //! Takes `value` and frees it on the helper.
    template <typename T> void drop(T &&value)
    {
        auto held = std::make_shared<std::decay_t<T>>(std::forward<T>(value));
        {
            std::lock_guard lock(m_mutex);
            m_doomed.push_back([held = std::move(held)]() mutable { held.reset(); });
        }
        m_changed.notify_all();
        if (!m_helper.started())
            m_helper.start([this] { run(); }, QStringLiteral("drop beside"));
    }

private:
    void run()
    {
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_changed.wait(lock, [this] { return !m_doomed.empty() || m_closed; });
            if (m_doomed.empty())
                return;
            std::function<void()> doomed = std::move(m_doomed.front());
            m_doomed.pop_front();
            lock.unlock();
            doomed(); // frees the value
            doomed = nullptr;
            lock.lock();
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::function<void()>> m_doomed;
    bool m_closed = false;
    HelperThread m_helper; // last: joined before the members above go
};

} // namespace LedgerCurator::Threads
