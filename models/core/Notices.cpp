// SPDX-License-Identifier: GPL-3.0-or-later
#include "Notices.h"

#include "CuratedRecord.h"
#include "Identifier.h"

#include <QCoreApplication>
#include <QUuid>

#include <algorithm>

namespace LedgerCurator {

namespace {

const QString kNoResolverLink = QStringLiteral("no resolver link");

bool sameEvent(const SourceEvent &a, const SourceEvent &b)
{
    return a.kind == b.kind && a.date == b.date && a.source == b.source
        && a.notice.compare(b.notice, Qt::CaseInsensitive) == 0;
}

//! The namespace of the notices' review observations (noticeReviewObservation()). Fixed forever:
//! every cache and server must derive the same id from the same notice.
const QUuid kNoticeReviewNamespace(QStringLiteral("{6f1c3a52-8d1e-4b7a-9c55-1e0d2b7c4a90}"));

} // namespace

QString StandingNotice::ref() const
{
    return noticeRef(source, sourceId);
}

QString noticeStatusKey(StandingNotice::Status status)
{
    return status == StandingNotice::Status::Listed ? QStringLiteral("listed")
                                                    : QStringLiteral("withdrawn");
}

std::optional<StandingNotice::Status> parseNoticeStatus(QStringView text)
{
    if (text == u"listed")
        return StandingNotice::Status::Listed;
    if (text == u"withdrawn")
        return StandingNotice::Status::Withdrawn;
    return std::nullopt;
}

namespace {

auto contentTie(const StandingNotice &n)
{
    return std::tie(n.source, n.sourceId, n.work, n.event.kind, n.event.date, n.event.source,
        n.event.notice, n.event.detail, n.event.nature, n.title, n.journal, n.urls, n.status,
        n.origin);
}

} // namespace

bool sameNoticeContent(const StandingNotice &a, const StandingNotice &b)
{
    return contentTie(a) == contentTie(b);
}

bool noticeSupersedes(const StandingNotice &a, const StandingNotice &b)
{
    if (sameNoticeContent(a, b))
        return false;
    if (a.importedAt != b.importedAt)
        return a.importedAt > b.importedAt;
    // Equal times, other content: any fixed order will do, as long as every replica uses it.
    const auto key = [](const StandingNotice &n) {
        return QStringList { n.work, eventKindKey(n.event.kind), n.event.date, n.event.source,
            n.event.notice, n.event.detail, n.event.nature, n.title, n.journal, n.urls,
            noticeStatusKey(n.status), n.origin }
            .join(QChar(0x1f));
    };
    return key(a) > key(b);
}

QString noticeRef(const QString &source, const QString &sourceId)
{
    return source + u':' + sourceId;
}

QString noticeRefOf(const SourceEvent &event, const QString &work)
{
    if (!event.noticeRef.isEmpty())
        return event.noticeRef;
    if (!event.notice.isEmpty())
        return QStringLiteral("doi:") + event.notice.toLower();
    return QStringLiteral("event:%1|%2|%3|%4")
        .arg(work, eventKindKey(event.kind), event.date, event.source);
}

QString noticeReviewObservation(const QString &ref)
{
    return QUuid::createUuidV5(kNoticeReviewNamespace, ref).toString(QUuid::WithoutBraces);
}

std::optional<EventKind> kindOfNature(QStringView nature)
{
    const QStringView text = nature.trimmed();
    if (const auto kind = parseEventKind(text))
        return kind;
    const QString folded = text.toString().toCaseFolded();
    if (folded.contains(u"concern"))
        return EventKind::ExpressionOfConcern;
    if (folded.contains(u"reinstat"))
        return EventKind::Reinstatement;
    if (folded.contains(u"withdraw"))
        return EventKind::Withdrawal;
    if (folded.contains(u"retract"))
        return EventKind::Retraction;
    if (folded.contains(u"correct") || folded.contains(u"errat") || folded.contains(u"corrigend"))
        return EventKind::Correction;
    return std::nullopt;
}

QString natureText(const SourceEvent &event)
{
    return event.nature.isEmpty() ? eventKindText(event.kind) : event.nature;
}

QString natureDisplayText(const SourceEvent &event)
{
    if (event.nature.isEmpty() || event.nature == eventKindText(event.kind))
        return eventKindDisplayText(event.kind);
    return event.nature;
}

QString originDisplayText(const QString &origin)
{
    static const QString retractionWatch = QStringLiteral("Retraction Watch record ");
    if (!origin.startsWith(retractionWatch) || origin.size() == retractionWatch.size())
        return origin;
    return QCoreApplication::translate("LedgerCurator::DisplayText", "Retraction Watch record %1",
        "a notice's origin: the record's number in the Retraction Watch database")
        .arg(origin.mid(retractionWatch.size()));
}

bool isReplacement(const SourceEvent &event)
{
    if (event.kind != EventKind::Retraction)
        return false;
    const QString words = QString(event.nature + u' ' + event.detail).toCaseFolded();
    return words.contains(u"replace");
}

QString workKey(const QString &identifier)
{
    const IdentifierCheck check = parseIdentifier(identifier);
    if (!check.ok())
        return {};
    if (check.identifier->kind == Identifier::Kind::Doi)
        return check.identifier->canonical.toLower();
    return arxivDoi(check.identifier->base);
}

QString citedWorkKey(const Record &record, const Observation &o)
{
    if (!o.curation->identifier.isEmpty())
        return workKey(o.curation->identifier);
    if (o.direction == Direction::Inbound && o.basis != kNoResolverLink)
        return arxivDoi(record.arxivId);
    return {};
}

QString reviewedWorkKey(const Record &record, const Observation &o)
{
    QString key = citedWorkKey(record, o);
    if (key.isEmpty())
        key = QStringLiteral("title:") + o.citedTitle;
    return key;
}

bool matchNotices(const Record &record, Observation &o, const NoticeIndex &notices)
{
    if (notices.isEmpty())
        return false;
    const QString key = citedWorkKey(record, o);
    if (key.isEmpty())
        return false;
    const auto found = notices.constFind(key);
    if (found == notices.constEnd())
        return false;
    bool added = false;
    QString latest
        = o.events.status == EventsCheck::Status::Unavailable ? QString() : o.events.asOf;
    for (const StandingNotice &notice : *found) {
        if (!notice.isListed())
            continue;
        const auto listed = std::find_if(o.events.events.begin(), o.events.events.end(),
            [&notice](const SourceEvent &e) { return sameEvent(e, notice.event); });
        if (listed != o.events.events.end()) {
            // The page reports the same notice: it is reviewed as the standing one.
            listed->noticeRef = notice.ref();
            listed->nature = notice.event.nature;
            continue;
        }
        SourceEvent event = notice.event;
        event.noticeRef = notice.ref();
        o.events.events.append(std::move(event));
        latest = std::max(latest, notice.importedAt);
        added = true;
    }
    if (!added)
        return false;
    o.events.status = EventsCheck::Status::Found;
    o.events.reason.clear();
    o.events.asOf = latest;
    return true;
}

bool isRetracted(const EventsCheck &check)
{
    if (check.status != EventsCheck::Status::Found)
        return false;
    QString retracted;
    QString reinstated;
    for (const SourceEvent &e : check.events) {
        if (e.kind == EventKind::Retraction || e.kind == EventKind::Withdrawal)
            retracted = std::max(retracted, e.date);
        else if (e.kind == EventKind::Reinstatement)
            reinstated = std::max(reinstated, e.date);
    }
    return !retracted.isEmpty() && (reinstated.isEmpty() || reinstated < retracted);
}

bool NoticeGroup::retracted() const
{
    return workRetracted
        && (event.kind == EventKind::Retraction || event.kind == EventKind::Withdrawal);
}

QStringList NoticeGroup::records() const
{
    QStringList out;
    for (const NoticeTouch &t : touches) {
        if (!out.contains(t.record))
            out.append(t.record);
    }
    return out;
}

QString reviewStatusOf(const Observation &o)
{
    return o.curation->review.isEmpty() ? QStringLiteral("unreviewed") : o.curation->review;
}

namespace {

//! What a person reads of the work an observation cites.
QString workLabel(const Record &record, const Observation &o, const QString &key)
{
    if (key.startsWith(u"title:"))
        return o.citedTitle;
    if (key == arxivDoi(record.arxivId))
        return QStringLiteral("arXiv:") + record.arxivId + u' ' + record.title;
    const IdentifierCheck id = parseIdentifier(o.curation->identifier);
    return (id.ok() && id.identifier->kind != Identifier::Kind::Doi ? QStringLiteral("arXiv:")
                                                                    : QString())
        + (id.ok() ? id.identifier->canonical : key) + u' ' + o.citedTitle;
}

bool newerGroup(const NoticeGroup &a, const NoticeGroup &b)
{
    return a.newestDate() > b.newestDate();
}

} // namespace

QList<NoticeGroup> noticeGroups(const CuratedRecord &curated)
{
    const Record &record = curated.shown;
    QList<NoticeGroup> groups;
    QHash<QString, qsizetype> byRef; // work + U+001F + ref
    for (const Observation &o : record.observations) {
        if (o.events.status != EventsCheck::Status::Found || o.events.events.isEmpty())
            continue;
        const QString key = reviewedWorkKey(record, o);
        const bool retracted = isRetracted(o.events);
        for (const SourceEvent &e : o.events.events) {
            const QString ref = noticeRefOf(e, key);
            const QString groupKey = key + QChar(0x1f) + ref;
            auto it = byRef.constFind(groupKey);
            if (it == byRef.constEnd()) {
                it = byRef.insert(groupKey, groups.size());
                NoticeGroup group;
                group.work = key;
                group.label = workLabel(record, o, key);
                group.ref = ref;
                group.event = e;
                group.event.noticeRef = ref;
                if (curated.notices) {
                    for (const StandingNotice &n : curated.notices->value(key)) {
                        if (n.ref() == ref)
                            group.origin = n.origin;
                    }
                }
                groups.append(std::move(group));
            }
            NoticeGroup &group = groups[*it];
            group.workRetracted = group.workRetracted || retracted;
            // The record's decision on the notice; before reviews were per notice, an
            // observation's own review stood for all of its notices.
            const NoticeReview review = curated.noticeReview(ref);
            QString status = review.status;
            QString note = review.note;
            if (status == u"unreviewed") {
                if (const FieldState *own = curated.field(o.id, CurationField::Review)) {
                    status = own->value().value_or(status);
                    const FieldState *ownNote = curated.field(o.id, CurationField::ReviewNote);
                    note = ownNote ? ownNote->value().value_or(QString()) : QString();
                }
            }
            group.touches.append(NoticeTouch { record.arxivId, o.id, o.direction, o.citingTitle,
                status, note, review.author, review.conflict });
        }
    }
    std::stable_sort(groups.begin(), groups.end(), newerGroup);
    return groups;
}

QList<NoticeGroup> mergeNoticeGroups(QList<NoticeGroup> groups)
{
    QList<NoticeGroup> merged;
    QHash<QString, qsizetype> byRef;
    for (NoticeGroup &g : groups) {
        const QString key = g.work + QChar(0x1f) + g.ref;
        const auto it = byRef.constFind(key);
        if (it == byRef.constEnd()) {
            byRef.insert(key, merged.size());
            merged.append(std::move(g));
            continue;
        }
        NoticeGroup &into = merged[*it];
        into.workRetracted = into.workRetracted || g.workRetracted;
        if (into.origin.isEmpty())
            into.origin = g.origin;
        into.touches.append(g.touches);
    }
    std::stable_sort(merged.begin(), merged.end(), newerGroup);
    return merged;
}

} // namespace LedgerCurator

namespace LedgerCurator {

namespace {

QList<OwnPaperNotice> ownNoticesOf(
    const Record &record, const NoticeIndex *notices, const CuratedRecord *reviews)
{
    const QString own = arxivDoi(record.arxivId);
    QList<OwnPaperNotice> out;
    QHash<QString, qsizetype> byRef;
    QHash<QString, QString> origins;
    if (notices) {
        for (const StandingNotice &n : notices->value(own)) {
            if (n.isListed())
                origins.insert(n.ref(), n.origin);
        }
    }
    auto add = [&](const SourceEvent &event) {
        const QString ref = noticeRefOf(event, own);
        if (byRef.contains(ref))
            return;
        byRef.insert(ref, out.size());
        OwnPaperNotice notice;
        notice.event = event;
        notice.event.noticeRef = ref;
        notice.origin = origins.value(ref);
        if (reviews) {
            notice.review = reviews->noticeReview(ref);
        } else {
            notice.review.ref = ref;
            notice.review.observation = noticeReviewObservation(ref);
            notice.review.status = QStringLiteral("unreviewed");
        }
        out.append(std::move(notice));
    };
    for (const Observation &o : record.observations) {
        if (o.events.status != EventsCheck::Status::Found || citedWorkKey(record, o) != own)
            continue;
        for (const SourceEvent &e : o.events.events)
            add(e);
    }
    if (notices) {
        for (const StandingNotice &n : notices->value(own)) {
            if (!n.isListed())
                continue;
            SourceEvent event = n.event;
            event.noticeRef = n.ref();
            add(event);
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const OwnPaperNotice &a, const OwnPaperNotice &b) {
        return a.event.date > b.event.date;
    });
    return out;
}

} // namespace

QList<OwnPaperNotice> ownPaperNotices(const CuratedRecord &curated)
{
    return ownNoticesOf(curated.shown, curated.notices.get(), &curated);
}

QList<OwnPaperNotice> ownPaperNotices(const Record &page)
{
    return ownNoticesOf(page, nullptr, nullptr);
}

bool ownPaperRetracted(const QList<OwnPaperNotice> &notices)
{
    EventsCheck check;
    check.status = EventsCheck::Status::Found;
    for (const OwnPaperNotice &n : notices)
        check.events.append(n.event);
    return isRetracted(check);
}

} // namespace LedgerCurator
