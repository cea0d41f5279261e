// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: writing a long text in blocks on two threads, in order
// (writeRecordJson() in RecordJson.cpp, renderLedgerText() in LedgerText.cpp).

#include <QThread>
#include <QtGlobal>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace LedgerCurator::TwoThreadBlocks {

//! Writes blocks 0 to `blocks` - 1 of a text so that it comes out as if one thread wrote them
//! in turn: the caller writes the even blocks with `writeHere(block)`, a helper thread the odd
//! ones each into a `Text` of its own with `writeApart(text, block)` (the text is empty, though
//! it may keep the capacity of one written before), and after each of its blocks the caller
//! adds the helper's next with `appendHere(text)`. At most two of the helper's blocks wait, so
//! the text is never held whole. With fewer than `minimumBlocks` blocks, or one core, the
//! caller writes them all.
template <typename Text>
void write(qsizetype blocks, const std::function<void(qsizetype)> &writeHere,
           const std::function<void(Text &, qsizetype)> &writeApart, const std::function<void(Text &)> &appendHere,
           qsizetype minimumBlocks = 4)
{
    if (blocks < minimumBlocks || QThread::idealThreadCount() < 2) {
        for (qsizetype block = 0; block < blocks; ++block)
            writeHere(block);
        return;
    }
    constexpr size_t kAhead = 2;
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<Text> ready;  // the helper's blocks, in order
    std::vector<Text> spare; // spent ones, to be written into again (their pages are mapped)
    std::thread helper([&] {
        for (qsizetype block = 1; block < blocks; block += 2) {
            Text text;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return ready.size() < kAhead; });
                if (!spare.empty()) {
                    text = std::move(spare.back());
                    spare.pop_back();
                }
            }
            text.resize(0);
            writeApart(text, block);
            std::lock_guard lock(mutex);
            ready.push_back(std::move(text));
            changed.notify_all();
        }
    });
    for (qsizetype block = 0; block < blocks; block += 2) {
        writeHere(block);
        if (block + 1 == blocks)
            break;
        Text text;
        {
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return !ready.empty(); });
            text = std::move(ready.front());
            ready.pop_front();
            changed.notify_all();
        }
        appendHere(text);
        std::lock_guard lock(mutex);
        spare.push_back(std::move(text));
    }
    helper.join();
}

} // namespace LedgerCurator::TwoThreadBlocks
