// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to lc_formats, not for its users: the two forms of PageStream (PageStream.h), each
// beside the whole-record writer whose bytes it gives (LedgerTextWriter.cpp,
// RecordJsonTextWriter.cpp).

#include "PageStream.h"

namespace LedgerCurator {

struct PageStream::Writer
{
    virtual ~Writer() = default;
    virtual bool add(const ObservationRow &row) = 0;
    virtual bool add(const Observation &observation) = 0;
    virtual bool finish() = 0;
};

std::unique_ptr<PageStream::Writer> makeTextPageWriter(
    PageStream::Target target, const Record &head, PageStream::Sink sink, qsizetype chunk);
std::unique_ptr<PageStream::Writer> makeJsonPageWriter(
    PageStream::Target target, const Record &head, PageStream::Sink sink, qsizetype chunk);

//! Whether every byte is printable ASCII (U+0020 to U+007E).
inline bool printableAsciiBytes(QByteArrayView bytes)
{
    for (const char c : bytes) {
        if (c < 0x20 || c > 0x7e)
            return false;
    }
    return true;
}

} // namespace LedgerCurator
