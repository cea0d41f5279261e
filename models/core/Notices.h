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
#include <optional>

namespace LedgerCurator {

struct CuratedRecord;

//! The source name of events imported from a retraction database.
inline constexpr char16_t kRetractionSource[] = u"retraction_status_cache";

//! The identity of the notices imported from Retraction Watch CSV files (StandingNotice::source).
inline constexpr char16_t kRetractionWatchSource[] = u"retraction-watch";

//! A notice about one work, as the team knows it: imported from a retraction database (a
//! Retraction Watch CSV) by a curator or an admin, shared through ledger-server, held in every
//! cache (docs/notices.md). Its identity is (source, sourceId): a newer import of the same
//! notice replaces it; one that left the source is kept, withdrawn.
struct StandingNotice
{
    enum class Status { Listed, Withdrawn };

    QString source {}; // who numbers the notices: "retraction-watch"
    QString sourceId {}; // the source's id of the notice: the Retraction Watch Record ID
    QString work {}; // the work's key: its DOI, lower case (arXiv ids as 10.48550/arxiv.ID)
    SourceEvent event {}; // kind, date, source name on a page, notice DOI, detail, nature
    QString title {}; // the original paper's title, as the source gives it
    QString journal {};
    QString urls {}; // the source's links about the notice, as given
    Status status = Status::Listed; // Withdrawn: the source no longer lists it
    QString importedAt {}; // when this version was imported (newer versions win)
    QString importedBy {}; // the curator (or "admin") who imported it; the server sets its token's
    //! The file this version came from, by name ("retraction-watch-2026-11.csv"); for a notice
    //! withdrawn by a complete list, the list that no longer names it. Empty when unknown.
    QString importedFrom {};
    //! The date of the list this version came from (the file's modification time, or what the
    //! curator gave): a list older than the one a notice was last seen in changes nothing of it.
    //! Canonical UTC time, or empty when unknown.
    QString listedAsOf {};
    QString origin {}; // what a person reads of the identity: "Retraction Watch record 51234"
    //! Who signed this version (docs/signatures.md, "Notices"): the id of the key and the
    //! Ed25519 signature over canonicalNoticeBytes(). Both empty: unsigned (made before notices
    //! were signed).
    QString keyId {};
    QString signature {};
    std::optional<qint64> seq {}; // the server's order once the server holds this version
    bool isListed() const { return status == Status::Listed; }
    bool isSigned() const { return !keyId.isEmpty() || !signature.isEmpty(); }
    //! sourceId joined to source: noticeRef() of this notice.
    QString ref() const;
    friend bool operator==(const StandingNotice &, const StandingNotice &) = default;
};

//! "listed" / "withdrawn", and back.
QString noticeStatusKey(StandingNotice::Status status);
std::optional<StandingNotice::Status> parseNoticeStatus(QStringView text);

//! Whether two versions of one notice say the same (all but importedAt, importedBy, importedFrom,
//! listedAsOf, keyId, signature and seq).
bool sameNoticeContent(const StandingNotice &a, const StandingNotice &b);
//! Whether version a replaces version b of the same notice: the later importedAt wins; on equal
//! times the greater content (so every replica picks the same one). False when they say the same.
bool noticeSupersedes(const StandingNotice &a, const StandingNotice &b);

//! The identity of a notice for its review: "SOURCE:ID" for a standing notice
//! ("retraction-watch:51234").
QString noticeRef(const QString &source, const QString &sourceId);
//! The identity of an event on an observation whose cited work is `work`: its noticeRef when it
//! came from a standing notice; else "doi:" + the notice DOI in lower case; else one made of the
//! work, kind, date and source ("event:WORK|KIND|DATE|SOURCE").
QString noticeRefOf(const SourceEvent &event, const QString &work);
//! The observation id under which the reviews of a notice are kept as correction events (fields
//! review and review-note): a name-based UUID (version 5) of the notice's ref, the same on every
//! cache, so a review is one event per record and notice and syncs, merges and undoes like any
//! other correction.
QString noticeReviewObservation(const QString &ref);

//! The kind a source's wording of a notice's nature names: the kinds' own words first (any case),
//! then words that name one ("Retraction and replacement" is a retraction, "Erratum" a correction,
//! "Expression of Concern update" an expression of concern). nullopt when it names none.
std::optional<EventKind> kindOfNature(QStringView nature);
//! What a person reads of an event's nature: as the source gives it, else the kind's text.
QString natureText(const SourceEvent &event);
//! natureText() for the interface: the kind's translated name where the source's words are
//! exactly the kind's own English name (or absent), else the source's words as given
//! ("Retraction and replacement", "Expression of Concern").
QString natureDisplayText(const SourceEvent &event);
//! What a person reads of a notice's origin in the interface: "Retraction Watch record 51234"
//! translated (the cache and the protocol keep the English words), any other origin as given.
QString originDisplayText(const QString &origin);
//! Whether the nature says the work was replaced by a corrected version ("retracted and
//! replaced", "Retraction and replacement", a reason "Retract and Replace").
bool isReplacement(const SourceEvent &event);

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
//! The work an observation's events are reviewed under (noticeRefOf()): citedWorkKey(), or
//! "title:" + the cited title where the link reaches no work.
QString reviewedWorkKey(const Record &record, const Observation &observation);

//! Adds the notices about the observation's cited work to its events check: events already
//! listed are not listed twice; "none found" and "unavailable" become "found"; the check's time
//! becomes the latest of its own and the notices' import times. Returns true if it added any.
bool matchNotices(const Record &record, Observation &observation, const NoticeIndex &notices);

//! True when the events include a retraction or withdrawal not followed by a reinstatement.
bool isRetracted(const EventsCheck &check);

//! The review of one notice on one record: the events of the notice's review observation.
struct NoticeReview
{
    QString ref; // noticeRef
    QString observation; // noticeReviewObservation(ref)
    QString status; // unreviewed, acknowledged, dismissed, escalated
    QString note;
    QString author; // who made the winning decision (empty: unreviewed)
    QString at; // when
    bool conflict = false; // concurrent decisions: the winner shows, the conflict is listed
};

//! A notice about the record's own paper (a retraction, a correction, ...): what the banner, the
//! preview, the HTML and the PDF say first.
struct OwnPaperNotice
{
    SourceEvent event;
    QString origin; // "Retraction Watch record 51234", or empty for an event the page reported
    NoticeReview review;
};
//! The notices about the record's own paper: the standing notices about its arXiv DOI and the
//! events the page reports on its inbound observations whose link reaches it, each once, newest
//! first.
QList<OwnPaperNotice> ownPaperNotices(const CuratedRecord &record);
//! The notices the page itself reports about its own paper (unreviewed): for the page as received
//! (`render --upstream`).
QList<OwnPaperNotice> ownPaperNotices(const Record &page);
//! Whether those notices retract the paper (a retraction or withdrawal not reinstated since).
bool ownPaperRetracted(const QList<OwnPaperNotice> &notices);

//! One observation a notice touches, for the review view.
struct NoticeTouch
{
    QString record; // arXiv id
    QString observation; // UUID
    Direction direction = Direction::Inbound;
    QString citingTitle;
    QString review; // the record's decision on the notice: unreviewed, acknowledged, ...
    QString reviewNote;
    QString reviewer {}; // who made the decision shown (empty: unreviewed)
    bool reviewConflict = false; // concurrent decisions: the most recent shows
};

//! One notice (one event of a cited work) with the observations it touches, record by record:
//! what the review window lists. Its review is one decision per record (CuratedRecord::
//! noticeReview(ref)), shown on every touch of that record.
struct NoticeGroup
{
    QString work; // work key, or "title:" + cited title where no identifier is known
    QString label; // what a person reads: "arXiv:2104.04473 Title" or "10.1/x Title"
    QString ref; // noticeRefOf(event, work): the identity its review is kept under
    QString origin; // "Retraction Watch record 51234"; empty for an event the page reported
    SourceEvent event;
    bool workRetracted = false; // the work's events retract it (isRetracted())
    QList<NoticeTouch> touches;
    QString newestDate() const { return event.date; }
    //! A retraction or withdrawal of a work its events leave retracted (no reinstatement since).
    bool retracted() const;
    //! The records the touches belong to, in order of first appearance.
    QStringList records() const;
};

//! What one review decision is about: a notice on a record.
struct NoticeReviewTarget
{
    QString record; // arXiv id
    QString ref; // noticeRef
    friend bool operator==(const NoticeReviewTarget &, const NoticeReviewTarget &) = default;
};

//! The notices of one curated record's shown observations, one group per notice, newest first.
QList<NoticeGroup> noticeGroups(const CuratedRecord &record);
//! Merges groups of several records (same work and notice: one group), newest first.
QList<NoticeGroup> mergeNoticeGroups(QList<NoticeGroup> groups);

//! The review status an observation shows: its recorded review, else "unreviewed".
QString reviewStatusOf(const Observation &observation);

} // namespace LedgerCurator
