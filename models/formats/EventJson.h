// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The wire form of a correction event (sync protocol, `history --json`): one JSON object
//   {"id", "record", "observation", "field", "value" (string or null), "parents": [ids],
//    "author", "created_at", "seq" (only from a server)}
// See docs/sync-protocol.md.

#include "CurationLog.h"
#include "Result.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

namespace LedgerCurator {

//! "a string", "an object", "null", ...: what a JSON value is, for messages about bad input.
QString jsonTypeName(const QJsonValue &value);

//! The event as a JSON object; "seq" only when the event has one.
QJsonObject correctionToJson(const CorrectionEvent &event);
QJsonArray correctionsToJson(const QList<CorrectionEvent> &events);
//! Appends the events as compact JSON text: the same bytes as
//! QJsonDocument(QJsonObject { { key, correctionsToJson(events) } }).toJson(Compact) writes for
//! the member's value, without building a QJsonObject per event (a server page holds thousands).
void appendCorrectionsJson(QByteArray &out, const QList<CorrectionEvent> &events);

//! Reads and checks one event. `where` names it in messages ("events[3]"); the message then says
//! which member is wrong and why, e.g. "events[3].field: unknown field 'colour'". A server's
//! "seq" is read when present (a positive whole number).
Result<CorrectionEvent> correctionFromJson(const QJsonValue &value, const QString &where);
//! The same, but a value or author with what TextHygiene.h refuses, or a time not in the
//! protocol's form, is read as it is and told in `setAside` (the first such problem): for an
//! event kept aside in the cache, or one a server stored before it checked these.
Result<CorrectionEvent> correctionFromJson(
    const QJsonValue &value, const QString &where, QString *setAside);
//! Checks an event as correctionFromJson() checks one read from JSON, which is what the server
//! checks of every event pushed to it: empty when it passes, else what is wrong ("correction
//! ID.parents: more than 64 parents"). The store refuses an event that fails, so that nothing
//! enters the outbox that the server would refuse.
QString checkCorrectionEvent(const CorrectionEvent &event);
//! Reads a JSON array of events; the first bad one is the error.
Result<QList<CorrectionEvent>> correctionsFromJson(const QJsonValue &value, const QString &where);

//! A JSON number that is a whole number (in the range a double holds exactly).
std::optional<qint64> jsonWholeNumber(const QJsonValue &value);

//! A page of `GET /v1/events` (docs/sync-protocol.md), its members checked for type and every
//! event as correctionFromJson() checks it; what follows from the request (seqs in order, the
//! page size) is the caller's to check.
struct EventPageJson
{
    QList<CorrectionEvent> events;
    //! Events (by their index in `events`) a server stored before it refused what they hold: a
    //! value or author with a control character or a lone surrogate, a time not in the
    //! protocol's form (docs/sync-protocol.md, "Text rules"). Read as they are, with the first
    //! problem; never to be merged, but kept aside as an event that fails its signature is.
    QHash<qsizetype, QString> setAside;
    qint64 lastSeq = 0;
    qint64 latestSeq = 0;
    bool more = false;
};
//! Reads a page; the error says where and what, e.g. "events[2].field: unknown field 'colour'"
//! or "not JSON (unterminated string at byte 40)". A page as the server writes it is read
//! straight from its bytes; anything else through QJsonDocument. Both read a page alike.
Result<EventPageJson> readEventPageJson(const QByteArray &body);
//! The QJsonDocument path alone: what readEventPageJson() falls back to, and the reference the
//! tests compare it with.
Result<EventPageJson> readEventPageJsonThroughDocument(const QByteArray &body);
//! The direct reader alone: the page when it reads it, nullopt when it leaves it to the
//! QJsonDocument path (for the tests).
std::optional<EventPageJson> readEventPageJsonDirectly(const QByteArray &body);

//! Checks a stored value for a field without the record at hand: it must be what
//! normalizeCurationValue() would store (so every replica shows the same thing). Empty when good.
QString checkCorrectionValue(CurationField field, const std::optional<QString> &value);

} // namespace LedgerCurator
