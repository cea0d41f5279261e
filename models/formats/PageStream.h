// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A record's page text or record JSON written as its observations come, one at a time, without
// the record's observations held: the same bytes as renderLedgerText() and writeRecordJson() of
// the whole record (and, to a terminal, as `render` writes them there: controls and bidi
// characters as tokens, docs/rendering.md). `render` streams a large record this way straight
// from the cache's rows (RecordStream.h); tst_pagestream checks it against the whole-record
// writers.

#include "Record.h"

#include <QByteArrayView>

#include <functional>
#include <memory>

namespace LedgerCurator {

//! An observation as the cache stores it, each text as UTF-8 (views valid during the call), with
//! no curation, no source events and no standing notice: what needs nothing made of it but text.
struct ObservationRow
{
    QByteArrayView id {};
    Direction direction = Direction::Inbound; // Outbound or Inbound, nothing else
    QByteArrayView citingTitle {};
    QByteArrayView citedTitle {};
    std::optional<qint64> reference {};
    ResolutionState state = ResolutionState::Unresolved; // one of kAllResolutionStates
    QByteArrayView basis {};
    QByteArrayView observedAt {};
    EventsCheck::Status events = EventsCheck::Status::NoneFound; // never Found
    QByteArrayView asOf {}; // NoneFound
    QByteArrayView reason {}; // Unavailable
};

class PageStream
{
public:
    enum class Format { Text, Json };
    //! What the bytes are for: a file (as the page is) or a terminal (render to standard output).
    enum class Target { File, Terminal };
    using Sink = std::function<bool(QByteArrayView)>;

    //! The page of `head` (a record whose observations are left out: they come through add()),
    //! handed to `sink` in pieces of about `chunk` bytes. The sink's false stops the writing.
    PageStream(Format format, Target target, const Record &head, Sink sink,
        qsizetype chunk = qsizetype(1) << 20);
    ~PageStream();
    Q_DISABLE_COPY_MOVE(PageStream)

    //! The observations in the record's order. False when the page text cannot take it here (an
    //! outbound observation after an inbound one: the record's order is refused by
    //! validateRecord()); nothing more is written then.
    bool add(const ObservationRow &row);
    bool add(const Observation &observation);
    //! Writes the rest of the page. False when the sink refused bytes or add() failed.
    bool finish();

    struct Writer;

private:
    std::unique_ptr<Writer> m_writer;
};

} // namespace LedgerCurator
