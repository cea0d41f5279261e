// SPDX-License-Identifier: GPL-3.0-or-later
#include "CuratedRecord.h"

#include "AnomalyHints.h"
#include "CurationFieldInfo.h"

#include "Identifier.h"
#include "RunBeside.h"
#include "TextHygiene.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <array>

namespace LedgerCurator {

namespace {

//! The refusals of curate(): the correction panel shows them (translated), the command line too.
struct CuratedRecordText
{
    Q_DECLARE_TR_FUNCTIONS(CuratedRecord)
};

bool oneLine(const QString &text)
{
    return !text.contains(u'\n') && !text.contains(u'\r') && !text.contains(QChar::LineSeparator)
        && !text.contains(QChar::ParagraphSeparator);
}

using FieldIterator = std::map<FieldKey, FieldState>::const_iterator;

//! Applies the fields [first, last) of one observation to shown.observations[index], which holds
//! the upstream observation on entry; writes its curation mark and adjusts the stated counts.
void applyObservationFields(
    CuratedRecord &curated, qsizetype index, FieldIterator first, FieldIterator last)
{
    const Observation &before = curated.upstream.observations[index];
    Observation &o = curated.shown.observations[index];
    QStringList parts;
    QStringList authors;
    QString latest;
    for (auto it = first; it != last; ++it) {
        const CurationField field = it->first.field;
        const FieldState &state = it->second;
        if (state.isConflict()) {
            o.curation.edit().conflicts.append(curationFieldKey(field));
            QStringList values;
            for (const auto &head : state.heads)
                values.append(displayValue(field, head.value));
            parts.append(QStringLiteral("conflicting corrections of %1: %2")
                             .arg(curationFieldKey(field), values.join(QStringLiteral(" / "))));
        }
        const std::optional<QString> value = state.value();
        if (!value)
            continue;
        const CurationFieldInfo &info = curationFieldInfo(field);
        info.apply(o, *value);
        const CorrectionEvent &winner = state.heads.first();
        if (info.markPart) {
            const QString part = info.markPart(before, *value);
            // A value from an event without a signature (a legacy event, or one a bundle was
            // verified with --allow-unsigned) says so on the page.
            if (!part.isEmpty())
                parts.append(winner.isSigned() ? part : part + QStringLiteral(" (unsigned)"));
        }
        if (!authors.contains(winner.author))
            authors.append(winner.author);
        latest = std::max(latest, winner.createdAt);
    }
    if (parts.isEmpty())
        return;
    if (authors.isEmpty()) {
        // Only conflicts between values that all send the field back to upstream.
        for (auto it = first; it != last; ++it) {
            if (it->second.hasEvents()) {
                authors.append(it->second.heads.first().author);
                latest = std::max(latest, it->second.heads.first().createdAt);
                break;
            }
        }
    }
    QString mark = QStringLiteral("Curated by ") + authors.join(QStringLiteral(", "));
    if (!latest.isEmpty())
        mark += QStringLiteral(", ") + latest;
    mark += QStringLiteral(": ") + parts.join(QStringLiteral("; ")) + u'.';
    mark.replace(u'\n', u' ');
    o.curation.edit().mark = mark;

    // The stated outbound state counts follow the corrected states.
    if (o.direction == Direction::Outbound && o.state != before.state) {
        auto &counts = curated.shown.stated.outboundStates;
        counts[int(before.state)] = std::max<qint64>(0, counts[int(before.state)] - 1);
        ++counts[int(o.state)];
    }
}

} // namespace

const FieldState *CuratedRecord::field(const QString &observation, CurationField f) const
{
    const auto it = fields.find(FieldKey { observation, f });
    return it == fields.end() ? nullptr : &it->second;
}

QList<CorrectionEvent> CuratedRecord::history(const QString &observation) const
{
    QList<CorrectionEvent> out;
    for (const auto &e : events) {
        if (e.observation == observation)
            out.append(e);
    }
    std::sort(out.begin(), out.end(), [](const CorrectionEvent &a, const CorrectionEvent &b) {
        return a.createdAt != b.createdAt ? a.createdAt < b.createdAt : a.id < b.id;
    });
    return out;
}

QList<CorrectionEvent> CuratedRecord::fieldEvents(const QString &observation, CurationField f) const
{
    QList<CorrectionEvent> out;
    for (const auto &e : events) {
        if (e.observation == observation && e.field == f)
            out.append(e);
    }
    return out;
}

bool noticesMayConcern(const NoticeIndex &notices, const Record &record, const Observation &o)
{
    return notices.contains(citedWorkKey(record, o));
}

namespace {

void matchAllNotices(CuratedRecord &curated)
{
    if (!curated.notices || curated.notices->isEmpty())
        return;
    // Read first, written only where a notice is about the cited work: the shown observations
    // stay shared with the upstream ones (no copy of every observation) where none is.
    const NoticeIndex &notices = *curated.notices;
    const QList<Observation> &read = curated.shown.observations;
    for (qsizetype i = 0; i < read.size(); ++i) {
        if (noticesMayConcern(notices, curated.shown, read[i]))
            matchNotices(curated.shown, curated.shown.observations[i], notices);
    }
}

} // namespace

CuratedRecord applyCorrections(
    Record upstream, QList<CorrectionEvent> events, SharedNoticeIndex notices)
{
    return applyCorrections(std::move(upstream), std::move(events), std::move(notices), {});
}

CuratedRecord applyCorrections(Record upstream, QList<CorrectionEvent> events,
    SharedNoticeIndex notices, const RunBeside &runBeside)
{
    CuratedRecord curated;
    curated.fields = resolveAll(events, runBeside);
    curated.events = std::move(events);
    curated.shown = upstream;
    curated.upstream = std::move(upstream);
    curated.notices = std::move(notices);
    if (curated.fields.empty()) {
        matchAllNotices(curated);
        resolveNoticeReviews(curated);
        return curated;
    }

    QHash<QString, qsizetype> index;
    index.reserve(curated.shown.observations.size());
    for (qsizetype i = 0; i < curated.shown.observations.size(); ++i)
        index.insert(curated.shown.observations[i].id, i);

    // fields is ordered by (observation, field): walk one observation at a time.
    FieldIterator it = curated.fields.cbegin();
    while (it != curated.fields.cend()) {
        const QString observationId = it->first.observation;
        const auto found = index.constFind(observationId);
        if (found == index.constEnd()) {
            while (it != curated.fields.cend() && it->first.observation == observationId)
                ++it;
            continue;
        }
        FieldIterator last = it;
        while (last != curated.fields.cend() && last->first.observation == observationId)
            ++last;
        applyObservationFields(curated, *found, it, last);
        it = last;
    }
    matchAllNotices(curated);
    resolveNoticeReviews(curated);
    return curated;
}

namespace {

NoticeReview resolveReview(const CuratedRecord &curated, const QString &ref)
{
    NoticeReview review;
    review.ref = ref;
    review.observation = noticeReviewObservation(ref);
    review.status = QStringLiteral("unreviewed");
    if (const FieldState *status = curated.field(review.observation, CurationField::Review)) {
        if (const auto value = status->value())
            review.status = *value;
        if (status->hasEvents()) {
            review.author = status->heads.first().author;
            review.at = status->heads.first().createdAt;
        }
        review.conflict = status->isConflict();
    }
    if (const FieldState *note = curated.field(review.observation, CurationField::ReviewNote)) {
        review.note = note->value().value_or(QString());
        review.conflict = review.conflict || note->isConflict();
    }
    return review;
}

} // namespace

NoticeReview CuratedRecord::noticeReview(const QString &ref) const
{
    if (const auto it = noticeReviews.constFind(ref); it != noticeReviews.constEnd())
        return *it;
    // A notice no shown observation carries (withdrawn by the source, or one whose observations
    // were corrected away) keeps the decision made on it.
    return resolveReview(*this, ref);
}

namespace {

//! The review an observation shows: the most pressing status of its notices (unreviewed, then
//! escalated, acknowledged, dismissed), and their notes.
void showReviews(QString &shownReview, QString &shownNote, const QList<NoticeReview> &reviews,
    const std::optional<QString> &ownReview, const QString &ownNote)
{
    static const QStringList kUrgency = { QStringLiteral("unreviewed"), QStringLiteral("escalated"),
        QStringLiteral("acknowledged"), QStringLiteral("dismissed") };
    qsizetype shown = kUrgency.size();
    QStringList notes;
    for (const NoticeReview &r : reviews) {
        QString status = r.status;
        QString note = r.note;
        if (status == u"unreviewed" && ownReview) {
            status = *ownReview;
            note = ownNote;
        }
        const qsizetype urgency = kUrgency.indexOf(status);
        shown = std::min(shown, urgency < 0 ? qsizetype(0) : urgency);
        if (!note.isEmpty() && !notes.contains(note))
            notes.append(note);
    }
    shownReview = shown == 0 || shown >= kUrgency.size() ? QString() : kUrgency[shown];
    shownNote = notes.join(QStringLiteral("; "));
}

} // namespace

namespace {

//! The review the observation `index` shows (resolveNoticeReviews()), adding the decisions on
//! its notices to curated.noticeReviews as they are first met. The observation is read first and
//! written only where something it shows changes, so that a shown list shared with the upstream
//! one is not copied whole when nothing does.
void resolveObservationReviews(CuratedRecord &curated, qsizetype index)
{
    const Observation &o = std::as_const(curated.shown.observations)[index];
    const bool anyField = !curated.fields.empty();
    const FieldState *own = anyField ? curated.field(o.id, CurationField::Review) : nullptr;
    const FieldState *ownNote = anyField ? curated.field(o.id, CurationField::ReviewNote) : nullptr;
    const std::optional<QString> ownReview = own ? own->value() : std::nullopt;
    const QString ownNoteText = ownNote ? ownNote->value().value_or(QString()) : QString();
    QString review;
    QString reviewNote;
    if (o.events.status != EventsCheck::Status::Found || o.events.events.isEmpty()) {
        // No notice to review: what the observation's own review said (if anything) stays.
        review = ownReview.value_or(QString());
        reviewNote = ownNoteText;
    } else {
        const QString work = reviewedWorkKey(curated.shown, o);
        QList<NoticeReview> reviews;
        for (const SourceEvent &e : o.events.events) {
            const QString ref = noticeRefOf(e, work);
            auto it = curated.noticeReviews.constFind(ref);
            if (it == curated.noticeReviews.constEnd())
                it = curated.noticeReviews.insert(ref, resolveReview(curated, ref));
            reviews.append(*it);
        }
        showReviews(review, reviewNote, reviews, ownReview, ownNoteText);
    }
    // The events keep the references they came with: a page's own event is known by the one
    // noticeRefOf() derives, which every reader derives alike (writing it here would make the
    // shown observations a copy of the upstream ones, 86 MB for 200,000 observations).
    if (o.curation->review == review && o.curation->reviewNote == reviewNote)
        return;
    Observation &changed = curated.shown.observations[index];
    changed.curation.edit().review = review;
    changed.curation.edit().reviewNote = reviewNote;
}

} // namespace

void resolveNoticeReviews(CuratedRecord &curated)
{
    curated.noticeReviews.clear();
    for (qsizetype i = 0; i < curated.shown.observations.size(); ++i)
        resolveObservationReviews(curated, i);
}

QStringList observationsShowingChange(const CuratedRecord &curated, const QStringList &ids)
{
    QSet<QString> refs;
    for (auto it = curated.noticeReviews.cbegin(); it != curated.noticeReviews.cend(); ++it) {
        if (ids.contains(it->observation))
            refs.insert(it.key());
    }
    if (refs.isEmpty())
        return ids;
    QStringList out = ids;
    for (const Observation &o : curated.shown.observations) {
        if (o.events.events.isEmpty())
            continue;
        const QString work = reviewedWorkKey(curated.shown, o);
        const bool shows = std::any_of(o.events.events.cbegin(), o.events.events.cend(),
            [&refs, &work](const SourceEvent &e) { return refs.contains(noticeRefOf(e, work)); });
        if (shows && !out.contains(o.id))
            out.append(o.id);
    }
    return out;
}

namespace {

//! One QString per distinct text among those offered: a few recent ones first, then a hash.
class TextPool
{
public:
    void share(QString &text)
    {
        if (text.isEmpty())
            return;
        for (const QString &recent : m_recent) {
            if (recent.constData() == text.constData())
                return;
            if (recent == text) {
                text = recent;
                return;
            }
        }
        if (m_pool.size() < kMaxTexts) {
            const auto it = m_pool.constFind(text);
            if (it != m_pool.constEnd())
                text = *it;
            else
                m_pool.insert(text);
        }
        m_recent[m_next] = text;
        m_next = (m_next + 1) % m_recent.size();
    }

private:
    static constexpr qsizetype kMaxTexts = 4096; // repeated texts are few; the rest is unique
    QSet<QString> m_pool;
    std::array<QString, 4> m_recent;
    size_t m_next = 0;
};

void shareRepeatedText(QList<Observation> &observations, const QString &recordTitle, TextPool &pool)
{
    for (Observation &o : observations) {
        // The record's side of a link repeats its title.
        QString &own = o.direction == Direction::Inbound ? o.citedTitle : o.citingTitle;
        if (own == recordTitle)
            own = recordTitle;
        pool.share(o.basis);
        pool.share(o.observedAt);
        pool.share(o.events.asOf);
        pool.share(o.events.reason);
    }
}

} // namespace

void shareRepeatedText(CuratedRecord &curated)
{
    TextPool pool;
    const bool shared = curated.upstream.observations.isSharedWith(curated.shown.observations);
    if (shared)
        curated.shown.observations
            = {}; // so that the upstream list is changed in place, not copied
    shareRepeatedText(curated.upstream.observations, curated.upstream.title, pool);
    if (shared)
        curated.shown.observations = curated.upstream.observations;
    else
        shareRepeatedText(curated.shown.observations, curated.upstream.title, pool);
}

bool applyMoreCorrections(CuratedRecord &curated, const QList<CorrectionEvent> &added)
{
    QStringList touched;
    for (const CorrectionEvent &e : added) {
        if (!touched.contains(e.observation))
            touched.append(e.observation);
    }
    QList<qsizetype> indexes;
    for (const QString &id : std::as_const(touched)) {
        qsizetype found = -1;
        const auto &observations = curated.upstream.observations;
        for (qsizetype i = 0; i < observations.size() && found < 0; ++i) {
            if (observations[i].id == id)
                found = i;
        }
        if (found < 0) {
            // A notice's review (its own observation id): only the reviews are recomputed.
            const bool review
                = std::all_of(added.cbegin(), added.cend(), [&id](const CorrectionEvent &e) {
                      return e.observation != id || curationFieldInfo(e.field).noticeDecision;
                  });
            if (!review)
                return false;
        } else if (observations[found].direction == Direction::Outbound) {
            // Outbound observations move the stated state counts: leave those to a full apply.
            return false;
        }
        indexes.append(found);
    }
    curated.events.append(added);
    // A decision on a notice shows on every observation citing its work: all are resolved again.
    // A correction of observations changes only what those show.
    bool decisionChanged = false;
    for (qsizetype t = 0; t < touched.size(); ++t) {
        const QString &id = touched[t];
        QList<CorrectionEvent> own;
        for (const CorrectionEvent &e : std::as_const(curated.events)) {
            if (e.observation == id)
                own.append(e);
        }
        auto first = curated.fields.lower_bound(FieldKey { id, kAllCurationFields.front() });
        auto last = first;
        while (last != curated.fields.end() && last->first.observation == id)
            ++last;
        curated.fields.erase(first, last);
        for (auto &entry : resolveAll(own))
            curated.fields.insert(std::move(entry));
        const qsizetype index = indexes[t];
        if (index < 0) {
            decisionChanged = true;
            continue;
        }
        curated.shown.observations[index] = curated.upstream.observations[index];
        FieldIterator begin
            = curated.fields.lower_bound(FieldKey { id, kAllCurationFields.front() });
        FieldIterator end = begin;
        while (end != curated.fields.cend() && end->first.observation == id)
            ++end;
        applyObservationFields(curated, index, begin, end);
        if (curated.notices)
            matchNotices(curated.shown, curated.shown.observations[index], *curated.notices);
    }
    if (decisionChanged) {
        resolveNoticeReviews(curated);
    } else {
        for (const qsizetype index : std::as_const(indexes))
            resolveObservationReviews(curated, index);
    }
    return true;
}

std::optional<QString> valueSeenBefore(
    const QList<CorrectionEvent> &fieldEvents, const CorrectionEvent &event)
{
    QHash<QString, const CorrectionEvent *> byId;
    for (const auto &e : fieldEvents)
        byId.insert(e.id, &e);
    QList<CorrectionEvent> ancestors;
    QSet<QString> seen;
    QStringList pending = event.parents;
    while (!pending.isEmpty()) {
        const QString id = pending.takeLast();
        if (seen.contains(id))
            continue;
        seen.insert(id);
        const auto found = byId.constFind(id);
        if (found == byId.constEnd())
            continue;
        ancestors.append(**found);
        pending.append((*found)->parents);
    }
    if (ancestors.isEmpty())
        return std::nullopt;
    return resolveField(ancestors).value();
}

QStringList reviewStatuses()
{
    return { QStringLiteral("unreviewed"), QStringLiteral("acknowledged"),
        QStringLiteral("dismissed"), QStringLiteral("escalated") };
}

CurationValue normalizeCurationValue(
    CurationField field, const QString &input, const Record &record, const QString &observation)
{
    const QString text = input.trimmed();
    if (text.isEmpty())
        return { std::nullopt, {} };
    auto bad = [](QString message) { return CurationValue { std::nullopt, std::move(message) }; };
    // Every field is one line of text: no control character, no lone surrogate (TextHygiene.h).
    // Line breaks are left to each field's own message ("a note is one line").
    if (const auto problem = findTextProblem(text, TextKind::SingleLine); problem && oneLine(text))
        return bad(CuratedRecordText::tr("the value %1").arg(problem->message()));
    return curationFieldInfo(field).check(text, record, observation);
}

QString upstreamValue(const Observation &o, CurationField field)
{
    return curationFieldInfo(field).upstream(o);
}

QString shownFieldText(const CuratedRecord &record, const QString &observation, CurationField field)
{
    if (const FieldState *state = record.field(observation, field); state && state->value())
        return *state->value();
    if (const Observation *upstream = record.upstream.findObservation(observation))
        return upstreamValue(*upstream, field);
    return field == CurationField::Review ? QStringLiteral("unreviewed") : QString();
}

bool sameFieldValue(CurationField field, const QString &a, const QString &b)
{
    return curationFieldInfo(field).same(a, b);
}

bool editChangesNothing(const CuratedRecord &record, const FieldEdit &edit)
{
    const FieldState *state = record.field(edit.observation, edit.field);
    if (state && state->isConflict())
        return false; // recording resolves the conflict
    // Back to upstream changes something while a correction sets the field (its curation mark
    // goes, even where the value it set equals the upstream one).
    if (!edit.value)
        return !state || !state->value();
    return sameFieldValue(
        edit.field, shownFieldText(record, edit.observation, edit.field), *edit.value);
}

bool verifiedWithoutGrounds(ResolutionState state, const QString &basis, const QString &identifier)
{
    return (state == ResolutionState::VerifiedExact || state == ResolutionState::VerifiedFuzzy)
        && basis.trimmed() == u"no resolver link" && identifier.trimmed().isEmpty();
}

QString displayValue(CurationField field, const std::optional<QString> &value)
{
    if (!value)
        return QStringLiteral("upstream");
    if (field == CurationField::State) {
        if (const auto state = parseState(*value))
            return stateText(*state);
    }
    return *value;
}

} // namespace LedgerCurator
