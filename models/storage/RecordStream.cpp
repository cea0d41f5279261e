// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecordStream.h"

#include "CuratedRecord.h"
#include "ObservationRows.h"
#include "Store.h"
#include "StoreConnection.h"
#include "StoreSqlite.h"

#include <QHash>

#include <limits>
#include <string>

namespace LedgerCurator {

using namespace StoreSqlite;

namespace {

//! A record of at least this many observations is read on two threads (as Store::loadRecord()).
constexpr qsizetype kRowsReadOnTwoThreads = 4096;

} // namespace

struct RecordStream::Data
{
    const Store &store;
    QString arxivId;
    bool upstream = false;
    Record head {}; // the record without its observations
    SharedNoticeIndex notices {}; // the shown page's standing notices (none for upstream)
    QHash<qint64, QList<SourceEvent>> sourceEvents {}; // by the index of their observation
    qint64 rows = 0;
};

RecordStream::RecordStream(std::unique_ptr<Data> data)
    : d(std::move(data))
{
}

RecordStream::~RecordStream() = default;

Result<std::unique_ptr<RecordStream>> RecordStream::open(
    const Store &store, const QString &arxivId, bool upstream)
{
    // The head as loadRecord() reads it (no observation: LIMIT 0).
    auto head = store.loadRecord(arxivId, 0);
    if (!head)
        return head.error();
    if (!head->has_value())
        return std::unique_ptr<RecordStream>();
    auto data = std::make_unique<Data>(Data { store, arxivId, upstream });
    data->head = std::move(**head);
    if (!upstream) {
        // applyCorrections() resolves fields from the events: with none, every field is
        // upstream and the stated counts stay; only the standing notices (and their reviews)
        // can make an observation shown differ from the stored one, decided row by row below.
        auto events = store.corrections(arxivId);
        if (!events)
            return events.error();
        if (!events->isEmpty())
            return std::unique_ptr<RecordStream>();
        auto notices = store.noticeIndex();
        if (!notices)
            return notices.error();
        data->notices = std::move(*notices);
    }
    const QSqlDatabase db = StoreConnection::of(store);
    if (auto count = store.observationCount(arxivId))
        data->rows = *count;
    SqliteStatement events(db, kSourceEventsSql);
    if (!events.ok() || !events.bindText(1, arxivId)
        || !events.bindInteger(2, std::numeric_limits<qint64>::max()))
        return Error::failure(
            QStringLiteral("cannot read the events of %1: %2").arg(arxivId, events.errorText()));
    int rc = SQLITE_ROW;
    while ((rc = events.step()) == SQLITE_ROW) {
        const qint64 position = events.integer(0);
        if (position >= 0)
            data->sourceEvents[position].append(readSourceEvent(events));
    }
    if (rc != SQLITE_DONE)
        return Error::failure(
            QStringLiteral("cannot read the events of %1: %2").arg(arxivId, events.errorText()));
    return std::unique_ptr<RecordStream>(new RecordStream(std::move(data)));
}

Status RecordStream::write(
    PageStream::Format format, PageStream::Target target, const PageStream::Sink &sink)
{
    using namespace ObservationColumn;
    const QSqlDatabase db = StoreConnection::of(d->store);
    SqliteStatement rows(db,
        (std::string("SELECT ") + kObservationColumnsSql
            + " FROM observations WHERE record_id = ? ORDER BY position")
            .c_str());
    if (!rows.ok() || !rows.bindText(1, d->arxivId))
        return Error::failure(QStringLiteral("cannot read the observations of %1: %2")
                                  .arg(d->arxivId, rows.errorText()));
    bool sinkOk = true;
    PageStream page(format, target, d->head,
        [&](QByteArrayView bytes) { return sinkOk = sinkOk && sink(bytes); });
    const Record &head = d->head;
    const NoticeIndex *notices = d->notices && !d->notices->isEmpty() ? d->notices.get() : nullptr;
    ObservationReader reader;
    Observation probe; // a row's direction and basis, all noticesMayConcern() reads of it
    qint64 index = 0;
    bool going = true;
    const auto writeRow = [&](const auto &row) {
        if (!going)
            return;
        const qint64 at = index++;
        const qint64 direction = row.integer(kDirection);
        const qint64 state = row.integer(kState);
        const qint64 status = row.integer(kEventsStatus);
        // A row shown as it is stored and written from its bytes: no curation, no source
        // events, the values the page names, and no standing notice about its cited work.
        bool plain = row.isNull(kCuration) && (direction == 0 || direction == 1) && state >= 0
            && state < kResolutionStateCount
            && (status == qint64(EventsCheck::Status::NoneFound)
                || status == qint64(EventsCheck::Status::Unavailable))
            && !d->sourceEvents.contains(at);
        if (plain && notices) {
            probe.direction = static_cast<Direction>(direction);
            probe.basis = reader.basis(row);
            plain = !noticesMayConcern(*notices, head, probe);
        }
        if (plain) {
            ObservationRow o;
            o.id = row.utf8(kId);
            o.direction = static_cast<Direction>(direction);
            o.citingTitle = row.utf8(kCitingTitle);
            o.citedTitle = row.utf8(kCitedTitle);
            if (!row.isNull(kReference))
                o.reference = row.integer(kReference);
            o.state = static_cast<ResolutionState>(state);
            o.basis = row.utf8(kBasis);
            o.observedAt = row.utf8(kObservedAt);
            o.events = static_cast<EventsCheck::Status>(status);
            o.asOf = row.utf8(kEventsAsOf);
            o.reason = row.utf8(kEventsReason);
            going = page.add(o);
            return;
        }
        // Anything else is made as loadRecord() makes it and shown as applyCorrections() shows
        // it (without events, what it does to one observation does not depend on the others).
        Observation o;
        reader.read(row, o);
        o.events.events = d->sourceEvents.value(at);
        if (d->upstream) {
            going = page.add(o);
            return;
        }
        Record one = head;
        one.observations.append(std::move(o));
        const CuratedRecord shown = applyCorrections(std::move(one), {}, d->notices);
        going = page.add(shown.shown.observations.constFirst());
    };
    int rc = SQLITE_ROW;
    if (d->rows >= kRowsReadOnTwoThreads && rows.get()) {
        // SQLite reads on, while a helper writes the page of the rows read.
        rc = stepInBlocksOnTwoThreads(rows.get(), kObservationColumnCount, [&](CopiedRows &block) {
            for (qsizetype i = 0; i < block.rows(); ++i) {
                block.seek(i);
                writeRow(block);
            }
        });
    } else {
        while (going && (rc = rows.step()) == SQLITE_ROW)
            writeRow(rows);
    }
    if (going && rc != SQLITE_DONE)
        return Error::failure(QStringLiteral("cannot read the observations of %1: %2")
                                  .arg(d->arxivId, rows.errorText()));
    if (!sinkOk)
        return {}; // the sink said why
    if (!going || !page.finish()) {
        if (!sinkOk)
            return {};
        return Error::failure(
            QStringLiteral("%1: record %2 is out of order in the cache (an outbound observation "
                           "after an inbound one); its page text cannot be written")
                .arg(d->store.path(), d->arxivId));
    }
    return {};
}

} // namespace LedgerCurator
