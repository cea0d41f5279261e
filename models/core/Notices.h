// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Standing notices (retractions, corrections, expressions of concern, ...) known to the cache
// apart from any page: imported from a retraction database such as Retraction Watch, and matched
// to the cited work of every observation whose link reaches a work (docs/notices.md).

#include "Record.h"

#include <QHash>
#include <QList>
#include <QString>

#include <memory>

namespace LedgerCurator {

struct CuratedRecord;

//! The source name of events imported from a retraction database.
inline constexpr char16_t kRetractionSource[] = u"retraction_status_cache";

//! A notice about one work, as held in the cache.
struct StandingNotice
{
    QString work; // the work's key: its DOI, lower case (arXiv ids as 10.48550/arxiv.ID)
    SourceEvent event; // kind, date, source, notice DOI, detail
    QString importedAt; // when the cache learned of it (the "as of" of a match)
    QString origin; // where it came from, e.g. "Retraction Watch record 51234"
    friend bool operator==(const StandingNotice &, const StandingNotice &) = default;
};

//! Notices by work key.
using NoticeIndex = QHash<QString, QList<StandingNotice>>;
using SharedNoticeIndex = std::shared_ptr<const NoticeIndex>;

//! The key under which notices about an identifier are kept: a DOI in lower case; an arXiv id
//! (any version) as its DOI 10.48550/arxiv.ID. Empty when the text is no valid identifier.
QString workKey(const QString &identifier);

//! The key of the work an observation cites, where its link reaches one: the identifier a curator
//! supplied; else, for an inbound observation whose basis is not "no resolver link", the record's
//! own paper. Empty when the link reaches no work (an outbound observation names its cited work by
//! title only).
QString citedWorkKey(const Record &record, const Observation &observation);

//! Adds the notices about the observation's cited work to its events check: events already
//! listed are not listed twice; "none found" and "unavailable" become "found"; the check's time
//! becomes the latest of its own and the notices' import times. Returns true if it added any.
bool matchNotices(const Record &record, Observation &observation, const NoticeIndex &notices);

//! True when the events include a retraction or withdrawal not followed by a reinstatement.
bool isRetracted(const EventsCheck &check);

//! One observation a notice touches, for the review view.
struct NoticeTouch
{
    QString record; // arXiv id
    QString observation; // UUID
    Direction direction = Direction::Inbound;
    QString citingTitle;
    QString review; // unreviewed, acknowledged, dismissed, escalated
    QString reviewNote;
};

//! Every found event of one cited work with the observations it touches.
struct NoticeGroup
{
    QString work; // work key, or "title:" + cited title where no identifier is known
    QString label; // what a person reads: "arXiv:2104.04473 Title" or "10.1/x Title"
    QList<SourceEvent> events; // newest first, each once
    QList<NoticeTouch> touches;
    QString newestDate() const { return events.isEmpty() ? QString() : events.first().date; }
    bool retracted() const;
};

//! The groups of one curated record's shown observations, newest event first.
QList<NoticeGroup> noticeGroups(const CuratedRecord &record);
//! Merges groups of several records (same work: one group), newest first.
QList<NoticeGroup> mergeNoticeGroups(QList<NoticeGroup> groups);

//! The review status an observation shows: its recorded review, else "unreviewed".
QString reviewStatusOf(const Observation &observation);

} // namespace LedgerCurator
