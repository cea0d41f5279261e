// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The wire form of a correction event (sync protocol, `history --json`): one JSON object
//   {"id", "record", "observation", "field", "value" (string or null), "parents": [ids],
//    "author", "created_at", "seq" (only from a server)}
// See docs/sync-protocol.md.

#include "CurationLog.h"
#include "Result.h"

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
//! Reads a JSON array of events; the first bad one is the error.
Result<QList<CorrectionEvent>> correctionsFromJson(const QJsonValue &value, const QString &where);

//! Checks a stored value for a field without the record at hand: it must be what
//! normalizeCurationValue() would store (so every replica shows the same thing). Empty when good.
QString checkCorrectionValue(CurationField field, const std::optional<QString> &value);

} // namespace LedgerCurator
