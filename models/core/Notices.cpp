// SPDX-License-Identifier: GPL-3.0-or-later
#include "Notices.h"

#include "CuratedRecord.h"
#include "Identifier.h"

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

} // namespace

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
        const bool listed = std::any_of(o.events.events.cbegin(), o.events.events.cend(),
            [&notice](const SourceEvent &e) { return sameEvent(e, notice.event); });
        if (listed)
            continue;
        o.events.events.append(notice.event);
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
