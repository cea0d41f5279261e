// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A record's page text or record JSON written straight from the cache's rows (PageStream.h),
// without the record's observations made first: what `render --format text|json` does for a
// record whose shown page applyCorrections() would leave as stored, the same bytes as rendering
// Store::loadCurated()'s record (tst_pagestream compares the two).

#include "PageStream.h"
#include "Result.h"

#include <QString>

#include <memory>

namespace LedgerCurator {

class Store;

class RecordStream
{
public:
    //! The stream of record `arxivId` (its shown page, or with `upstream` the page as stored), or
    //! null when the page is not for streaming: the cache has no such record, or (shown page) the
    //! record has correction events, which only applyCorrections() of the whole record applies.
    //! Reads the record's head, its source events and the standing notices, not its rows.
    static Result<std::unique_ptr<RecordStream>> open(
        const Store &store, const QString &arxivId, bool upstream);
    ~RecordStream();
    Q_DISABLE_COPY_MOVE(RecordStream)

    //! Writes the page from the rows as they are read (on two threads for a large record: the
    //! sink is called from a helper thread, never from two at once). A failure of SQLite, or a
    //! record whose outbound observations do not all come before its inbound ones (refused by
    //! validateRecord() on every way into the cache), is an error after part of the page may
    //! have been handed over; a sink's false stops the writing without one.
    Status write(
        PageStream::Format format, PageStream::Target target, const PageStream::Sink &sink);

    struct Data;

private:
    explicit RecordStream(std::unique_ptr<Data> data);
    std::unique_ptr<Data> d;
};

} // namespace LedgerCurator
