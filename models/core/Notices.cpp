// SPDX-License-Identifier: GPL-3.0-or-later
#include "Notices.h"

#include "CuratedRecord.h"
#include "Identifier.h"

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

void sortNewestFirst(QList<SourceEvent> &events)
{
    std::stable_sort(events.begin(), events.end(),
        [](const SourceEvent &a, const SourceEvent &b) { return a.date > b.date; });
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
    if (!o.curation.identifier.isEmpty())
        return workKey(o.curation.identifier);
    if (o.direction == Direction::Inbound && o.basis != kNoResolverLink)
        return arxivDoi(record.arxivId);
    return {};
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
    EventsCheck check;
    check.status = EventsCheck::Status::Found;
    check.events = events;
    return isRetracted(check);
}

QString reviewStatusOf(const Observation &o)
{
    return o.curation.review.isEmpty() ? QStringLiteral("unreviewed") : o.curation.review;
}

QList<NoticeGroup> noticeGroups(const CuratedRecord &curated)
{
    const Record &record = curated.shown;
    QList<NoticeGroup> groups;
    QHash<QString, qsizetype> byWork;
    for (const Observation &o : record.observations) {
        if (o.events.status != EventsCheck::Status::Found || o.events.events.isEmpty())
            continue;
        QString key = citedWorkKey(record, o);
        QString label;
        if (key.isEmpty()) {
            key = QStringLiteral("title:") + o.citedTitle;
            label = o.citedTitle;
        } else if (key == arxivDoi(record.arxivId)) {
            label = QStringLiteral("arXiv:") + record.arxivId + u' ' + record.title;
        } else {
            const IdentifierCheck id = parseIdentifier(o.curation.identifier);
            label = (id.ok() && id.identifier->kind != Identifier::Kind::Doi
                            ? QStringLiteral("arXiv:")
                            : QString())
                + (id.ok() ? id.identifier->canonical : key) + u' ' + o.citedTitle;
        }
        auto it = byWork.constFind(key);
        if (it == byWork.constEnd()) {
            it = byWork.insert(key, groups.size());
            groups.append(NoticeGroup { key, label, {}, {} });
        }
        NoticeGroup &group = groups[*it];
        for (const SourceEvent &e : o.events.events) {
            if (std::none_of(group.events.cbegin(), group.events.cend(),
                    [&e](const SourceEvent &g) { return sameEvent(g, e); }))
                group.events.append(e);
        }
        group.touches.append(NoticeTouch { record.arxivId, o.id, o.direction, o.citingTitle,
            reviewStatusOf(o), o.curation.reviewNote });
    }
    for (NoticeGroup &g : groups)
        sortNewestFirst(g.events);
    std::stable_sort(groups.begin(), groups.end(),
        [](const NoticeGroup &a, const NoticeGroup &b) { return a.newestDate() > b.newestDate(); });
    return groups;
}

QList<NoticeGroup> mergeNoticeGroups(QList<NoticeGroup> groups)
{
    QList<NoticeGroup> merged;
    QHash<QString, qsizetype> byWork;
    for (NoticeGroup &g : groups) {
        const auto it = byWork.constFind(g.work);
        if (it == byWork.constEnd()) {
            byWork.insert(g.work, merged.size());
            merged.append(std::move(g));
            continue;
        }
        NoticeGroup &into = merged[*it];
        for (const SourceEvent &e : std::as_const(g.events)) {
            if (std::none_of(into.events.cbegin(), into.events.cend(),
                    [&e](const SourceEvent &x) { return sameEvent(x, e); }))
                into.events.append(e);
        }
        into.touches.append(g.touches);
    }
    for (NoticeGroup &g : merged)
        sortNewestFirst(g.events);
    std::stable_sort(merged.begin(), merged.end(),
        [](const NoticeGroup &a, const NoticeGroup &b) { return a.newestDate() > b.newestDate(); });
    return merged;
}

} // namespace LedgerCurator

namespace LedgerCurator {

QList<OwnPaperNotice> ownPaperNotices(const CuratedRecord &curated)
{
    const Record &record = curated.shown;
    const QString own = arxivDoi(record.arxivId);
    QList<OwnPaperNotice> out;
    QHash<QString, qsizetype> byRef;
    QHash<QString, QString> origins;
    if (curated.notices) {
        for (const StandingNotice &n : curated.notices->value(own)) {
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
        notice.review = curated.noticeReview(ref);
        out.append(std::move(notice));
    };
    for (const Observation &o : record.observations) {
        if (o.events.status != EventsCheck::Status::Found || citedWorkKey(record, o) != own)
            continue;
        for (const SourceEvent &e : o.events.events)
            add(e);
    }
    if (curated.notices) {
        for (const StandingNotice &n : curated.notices->value(own)) {
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

bool ownPaperRetracted(const QList<OwnPaperNotice> &notices)
{
    EventsCheck check;
    check.status = EventsCheck::Status::Found;
    for (const OwnPaperNotice &n : notices)
        check.events.append(n.event);
    return isRetracted(check);
}

} // namespace LedgerCurator
