// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The wire form of a standing notice (sync protocol, `notices --json`): one JSON object
//   {"source", "source_id", "work", "kind", "nature", "date", "event_source", "notice_doi",
//    "detail", "title", "journal", "urls", "origin", "status", "imported_at",
//    "imported_by", "key_id" and "signature" (a signed version), "seq" (only from a server)}
// See docs/sync-protocol.md, "NOTICE".

#include "Notices.h"
#include "Result.h"

#include <QJsonArray>
#include <QJsonObject>

namespace LedgerCurator {

//! The longest texts a notice may hold (characters), as the server and the cache check them.
namespace NoticeLimits {
inline constexpr qsizetype kSource = 64;
inline constexpr qsizetype kSourceId = 128;
inline constexpr qsizetype kWork = 512;
inline constexpr qsizetype kShort = 1024; // nature, event_source, notice_doi, journal, origin
inline constexpr qsizetype kTitle = 4096;
inline constexpr qsizetype kLong = 16384; // detail, urls
} // namespace NoticeLimits

//! The notice as a JSON object; "imported_by", "key_id", "signature" and "seq" only when set.
QJsonObject noticeToJson(const StandingNotice &notice);
QJsonArray noticesToJson(const QList<StandingNotice> &notices);

//! Reads and checks one notice. `where` names it in messages ("notices[3]"); the message says
//! which member is wrong and why ("notices[3].kind: unknown kind 'colour'"). "imported_by",
//! "key_id" and "signature" (both or neither, their shape checked) and "seq" are read when
//! present.
Result<StandingNotice> noticeFromJson(const QJsonValue &value, const QString &where);
//! Reads a JSON array of notices; the first bad one is the error.
Result<QList<StandingNotice>> noticesFromJson(const QJsonValue &value, const QString &where);
//! Checks a notice as noticeFromJson() checks one read from JSON: empty when it passes, else what
//! is wrong ("notice retraction-watch:51234.date: ...").
QString checkNotice(const StandingNotice &notice);

} // namespace LedgerCurator
