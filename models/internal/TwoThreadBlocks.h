// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: blocks of work handed between two threads in order (HandOff),
// and a long text written that way (writeRecordJson() in RecordJson.cpp, renderLedgerText() in
// LedgerText.cpp; Store::loadRecord() reads rows through StoreSqlite.h's use of HandOff).

#include <QScopeGuard>
#include <QThread>
#include <QtGlobal>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace LedgerCurator::TwoThreadBlocks {

//! Blocks handed from one thread to another, in order, at most `ahead` of them waiting; spent
//! blocks go back to the producer to be filled again (their memory is already mapped).
template <typename Block> class HandOff
{
public:
    explicit HandOff(size_t ahead)
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
void write(qsizetype blocks, const std::function<void(qsizetype)> &writeHere,
    const std::function<void(Text &, qsizetype)> &writeApart,
    const std::function<void(Text &)> &appendHere, qsizetype minimumBlocks = 4)
{
    if (blocks < minimumBlocks || QThread::idealThreadCount() < 2) {
        for (qsizetype block = 0; block < blocks; ++block)
            writeHere(block);
        return;
    }
    HandOff<Text> handOff(2);
    std::jthread helper([&] {
        for (qsizetype block = 1; block < blocks && !handOff.abandoned(); block += 2) {
            Text text = handOff.take([] { return Text(); });
            text.resize(0);
            writeApart(text, block);
            handOff.put(std::move(text));
        }
    });
    // Declared after the helper, so run before it is joined: however this thread leaves the loop
    // (an exception of writeHere() included), the helper stops waiting and ends.
    const auto release = qScopeGuard([&handOff] { handOff.abandon(); });
    for (qsizetype block = 0; block < blocks; block += 2) {
        writeHere(block);
        if (block + 1 == blocks)
            break;
        std::optional<Text> text = handOff.next(); // the helper writes every odd block
        appendHere(*text);
        handOff.recycle(std::move(*text));
    }
}

} // namespace LedgerCurator::TwoThreadBlocks
