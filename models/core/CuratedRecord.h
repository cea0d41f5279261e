// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CurationLog.h"
#include "Notices.h"
#include "Record.h"

#include <QHash>

#include <map>

namespace LedgerCurator {

//! A record as curators see it: the upstream page, the correction events, and the page with the
//! values those events give (the "shown" record, which the renderers and views use).
struct CuratedRecord
{
    Record upstream;
    Record shown;
    QList<CorrectionEvent> events;
    std::map<FieldKey, FieldState> fields;
    //! The standing notices of the cache, matched to the shown observations' cited works (so a
    //! corrected identifier shows the notices about the work it names at once). May be null.
    SharedNoticeIndex notices;
    //! The review of every notice the shown observations carry, by noticeRef (Notices.h):
    //! one decision per record and notice, kept as events on noticeReviewObservation(ref).
    QHash<QString, NoticeReview> noticeReviews;

    //! The review of a notice: the decision made on it, whether or not a shown observation
    //! carries it now (a notice withdrawn by the source keeps its review); unreviewed when no
    //! decision was made.
    NoticeReview noticeReview(const QString &ref) const;

    //! nullptr when the field has no events.
    const FieldState *field(const QString &observation, CurationField field) const;
    //! The events of one observation (all fields), oldest first.
    QList<CorrectionEvent> history(const QString &observation) const;
    //! The events of one (observation, field), in no particular order.
    QList<CorrectionEvent> fieldEvents(const QString &observation, CurationField field) const;
};

//! Applies the events to the upstream record. Events naming observations the record does not
//! hold are kept (they may concern a newer page) but change nothing shown.
//! Standing notices about the observations' cited works are added to their events checks.
CuratedRecord applyCorrections(
    Record upstream, QList<CorrectionEvent> events, SharedNoticeIndex notices = {});

//! Whether `notices` hold any notice about the work `o` of `record` cites: the observations
//! applyCorrections() matches to the notices (the others it leaves as they are).
bool noticesMayConcern(const NoticeIndex &notices, const Record &record, const Observation &o);
//! Adds events to a curated record, recomputing only the observations they touch (a few
//! milliseconds on a 200,000-observation record, where applyCorrections() takes hundreds).
//! Returns false, changing nothing, where only a full applyCorrections() is right (an unknown or
//! outbound observation, whose stated state counts move).
bool applyMoreCorrections(CuratedRecord &curated, const QList<CorrectionEvent> &added);

//! Recomputes noticeReviews and, for every shown observation with found events, the review status
//! and note it shows (CurationInfo::review, reviewNote): each of its events' notice reviews, or
//! the observation's own review (made before reviews were per notice) for a notice not yet
//! reviewed. A review is no correction of the observation: it leaves the curation mark alone.
void resolveNoticeReviews(CuratedRecord &curated);

//! `ids` (observations a change touched) with, for each notice review id among them
//! (noticeReviewObservation()), the shown observations whose events carry that notice: what a
//! view redraws after a review decision.
QStringList observationsShowingChange(const CuratedRecord &curated, const QStringList &ids);

//! Makes equal texts that many observations repeat (the record's own title, basis, timestamps,
//! events check fields) share one QString each, in both the upstream and the shown record: a
//! record read from the cache holds a copy per observation (tens of MB on 200,000 observations).
//! Changes no value. Keeps the two records' observations shared when they were.
void shareRepeatedText(CuratedRecord &curated);

//! A value a curator typed, checked and normalized for storage; nullopt means "back to upstream".
struct CurationValue
{
    std::optional<QString> value;
    QString error; // empty when the value is good
    bool ok() const { return error.isEmpty(); }
};

//! Checks a typed value for a field of an observation of `record`: a state in either spelling,
//! an identifier (arXiv id or DOI), a whole reference number, yes/no, a review status, the UUID
//! of another observation of the record. An empty input means "back to upstream".
CurationValue normalizeCurationValue(
    CurationField field, const QString &input, const Record &record, const QString &observation);

//! The upstream value of a field as text ("metadata mismatch", "2021", "" for none).
QString upstreamValue(const Observation &observation, CurationField field);
//! A stored value as a person reads it: states as the page writes them; "upstream" for nullopt.
QString displayValue(CurationField field, const std::optional<QString> &value);

//! The value a field shows, as text: the winning correction's value, else the upstream value
//! (upstreamValue(); "unreviewed" for the review of a notice, which has no upstream observation).
QString shownFieldText(
    const CuratedRecord &record, const QString &observation, CurationField field);
//! Whether two texts of a field say the same ("verified exact" and "verified_exact" do; DOIs
//! compare case-insensitively).
bool sameFieldValue(CurationField field, const QString &a, const QString &b);
//! Whether recording `edit` would change nothing shown: the field is no conflict and its shown
//! value already says what the edit says; for a "back to upstream" edit, no correction sets the
//! field. Such an edit records nothing (CorrectionWriter).
bool editChangesNothing(const CuratedRecord &record, const FieldEdit &edit);

//! The value the author of `event` saw before making it: the field resolved over the event's
//! ancestors among `fieldEvents` (the events of that one field). nullopt means upstream.
std::optional<QString> valueSeenBefore(
    const QList<CorrectionEvent> &fieldEvents, const CorrectionEvent &event);

//! A link said verified (exact or fuzzy) with basis "no resolver link" and no identifier:
//! nothing says what it was verified against. The correction panel and `curate` record it only
//! with a note saying why.
bool verifiedWithoutGrounds(ResolutionState state, const QString &basis, const QString &identifier);

//! The review statuses of a standing notice.
QStringList reviewStatuses();

} // namespace LedgerCurator
