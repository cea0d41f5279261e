// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to lc_storage, not for its users: the cache's observation and source event rows as
// Store::loadRecord() reads them, shared with the page streamed from the rows (RecordStream.cpp).

#include "Record.h"
#include "RecordJson.h"
#include "StoreSqlite.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace LedgerCurator {

//! The columns of an observation row, in the order ObservationReader reads them.
inline constexpr const char *kObservationColumnsSql
    = "id, direction, citing_title, cited_title, reference, state, basis, observed_at,"
      " events_status, events_as_of, events_reason, curation";
inline constexpr int kObservationColumnCount = 12;
namespace ObservationColumn {
inline constexpr int kId = 0, kDirection = 1, kCitingTitle = 2, kCitedTitle = 3, kReference = 4,
                     kState = 5, kBasis = 6, kObservedAt = 7, kEventsStatus = 8, kEventsAsOf = 9,
                     kEventsReason = 10, kCuration = 11;
}

//! Makes observations of rows selected as kObservationColumnsSql. The record's own side of each
//! link (its title) repeats the row before, the basis, the timestamps and the reasons come back
//! among a few values: shared instead of allocated again (less time and memory for a large
//! record).
class ObservationReader
{
public:
    //! `Row` is a SqliteStatement or CopiedRows (StoreSqlite.h).
    template <typename Row> void read(const Row &row, Observation &o)
    {
        using namespace ObservationColumn;
        o.id = row.text(kId);
        o.direction = static_cast<Direction>(row.integer(kDirection));
        if (o.direction == Direction::Inbound) { // cited: this record
            o.citingTitle = row.text(kCitingTitle);
            o.citedTitle = StoreSqlite::repeatedTextOf(row, kCitedTitle, m_ownTitle[0]);
        } else {
            o.citingTitle = StoreSqlite::repeatedTextOf(row, kCitingTitle, m_ownTitle[1]);
            o.citedTitle = row.text(kCitedTitle);
        }
        if (!row.isNull(kReference))
            o.reference = row.integer(kReference);
        o.state = static_cast<ResolutionState>(row.integer(kState));
        o.basis = m_basis.textOf(row, kBasis);
        o.observedAt = m_observedAt.textOf(row, kObservedAt);
        o.events.status = static_cast<EventsCheck::Status>(row.integer(kEventsStatus));
        o.events.asOf = m_asOf.textOf(row, kEventsAsOf);
        o.events.reason = m_reason.textOf(row, kEventsReason);
        if (!row.isNull(kCuration))
            o.curation = curationFromJson(
                QJsonDocument::fromJson(row.utf8(kCuration).toByteArray()).object());
    }
    //! The basis of the row, as read() gives it.
    template <typename Row> const QString &basis(const Row &row)
    {
        return m_basis.textOf(row, ObservationColumn::kBasis);
    }

private:
    StoreSqlite::RepeatedText m_ownTitle[2];
    StoreSqlite::RepeatedTexts m_basis, m_observedAt, m_asOf, m_reason;
};

//! The source events of a record's observations, in the order loadRecord() adds them: the
//! position of the observation (its index in the record), then the event.
inline constexpr const char *kSourceEventsSql
    = "SELECT observation_position, kind, date, source, notice, detail FROM source_events"
      " WHERE record_id = ? AND observation_position < ? ORDER BY observation_position, position";

//! The event of a row selected by kSourceEventsSql.
inline SourceEvent readSourceEvent(const StoreSqlite::SqliteStatement &events)
{
    SourceEvent e;
    e.kind = static_cast<EventKind>(events.integer(1));
    e.date = events.text(2);
    e.source = events.text(3);
    e.notice = events.text(4);
    e.detail = events.text(5);
    return e;
}

} // namespace LedgerCurator
