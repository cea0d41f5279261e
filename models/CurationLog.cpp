// SPDX-License-Identifier: GPL-3.0-or-later
#include "CurationLog.h"

#include <QDateTime>
#include <QHash>
#include <QSet>
#include <QUuid>
#include <QVarLengthArray>

#include <algorithm>
#include <span>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace LedgerCurator {

namespace {

using EventRefs = std::vector<const CorrectionEvent *>;
using EventSpan = std::span<const CorrectionEvent *const>;

//! (createdAt, id) ascending; heads are sorted by its reverse.
bool olderThan(const CorrectionEvent *a, const CorrectionEvent *b)
{
    if (a->createdAt != b->createdAt)
        return a->createdAt < b->createdAt;
    return a->id < b->id;
}

//! Which of two events with the same id to keep, whatever the order they came in: the synced one
//! (lowest seq), else the smallest payload. Copies of one event differ at most in seq.
bool preferredCopy(const CorrectionEvent &a, const CorrectionEvent &b)
{
    if (a.seq.has_value() != b.seq.has_value())
        return a.seq.has_value();
    if (a.seq != b.seq)
        return *a.seq < *b.seq;
    return std::tie(a.createdAt, a.value, a.author, a.parents, a.record, a.observation, a.field)
        < std::tie(b.createdAt, b.value, b.author, b.parents, b.record, b.observation, b.field);
}

bool sameFieldKey(const CorrectionEvent &a, const CorrectionEvent &b)
{
    return a.field == b.field && a.observation == b.observation;
}

bool sameKey(const CorrectionEvent &a, const CorrectionEvent &b)
{
    return sameFieldKey(a, b) && a.record == b.record;
}

bool smallerKey(const CorrectionEvent &a, const CorrectionEvent &b)
{
    return std::tie(a.record, a.observation, a.field) < std::tie(b.record, b.observation, b.field);
}

//! The UTF-16 code units of a string, which compare inline in the same order as QString's <.
std::u16string_view utf16(const QString &text)
{
    return { reinterpret_cast<const char16_t *>(text.utf16()), size_t(text.size()) };
}

EventRefs refsOf(const QList<CorrectionEvent> &events)
{
    EventRefs refs;
    refs.reserve(events.size());
    for (const CorrectionEvent &event : events)
        refs.push_back(&event);
    return refs;
}

//! Keeps only the events of one key (see resolveField); they all should be already.
EventRefs oneKey(EventRefs events)
{
    if (events.empty())
        return events;
    const CorrectionEvent &first = *events.front();
    const bool mixed = std::any_of(events.cbegin(), events.cend(),
        [&](const CorrectionEvent *e) { return !sameKey(*e, first); });
    Q_ASSERT_X(!mixed, "resolveField", "events of several (record, observation, field) keys");
    if (!mixed)
        return events;
    const CorrectionEvent *smallest = *std::min_element(events.cbegin(), events.cend(),
        [](const CorrectionEvent *a, const CorrectionEvent *b) { return smallerKey(*a, *b); });
    std::erase_if(events, [&](const CorrectionEvent *e) { return !sameKey(*e, *smallest); });
    return events;
}

//! The heads, sorted (createdAt, id) descending and copied out. Only a cycle of parents can leave
//! no head; then the newest event stands alone, so that the field is not lost.
template <typename Refs, typename Unique> FieldState stateOf(Refs &heads, const Unique &unique)
{
    if (heads.empty())
        heads.push_back(*std::max_element(unique.begin(), unique.end(), olderThan));
    std::sort(heads.begin(), heads.end(),
        [](const CorrectionEvent *a, const CorrectionEvent *b) { return olderThan(b, a); });
    FieldState state;
    state.heads.reserve(qsizetype(heads.size()));
    for (const CorrectionEvent *head : heads)
        state.heads.append(*head);
    return state;
}

constexpr qsizetype kFew = 16;

//! Few events, as for most fields: quadratic scans beat hashing and allocate nothing.
FieldState resolveFew(EventSpan events)
{
    QVarLengthArray<const CorrectionEvent *, kFew> unique;
    for (const CorrectionEvent *event : events) {
        auto same = std::find_if(unique.begin(), unique.end(),
            [&](const CorrectionEvent *u) { return u->id == event->id; });
        if (same == unique.end())
            unique.append(event);
        else if (preferredCopy(*event, **same))
            *same = event;
    }
    QVarLengthArray<const CorrectionEvent *, kFew> heads;
    for (const CorrectionEvent *event : unique) {
        // Distinct ids, so another pointer is another event: an event naming itself is no parent.
        const bool named = std::any_of(unique.cbegin(), unique.cend(), [&](const auto *other) {
            return other != event && other->parents.contains(event->id);
        });
        if (!named)
            heads.append(event);
    }
    return stateOf(heads, unique);
}

//! The heads of events that all share one key: O(n) with hashing.
FieldState resolveSpan(EventSpan events)
{
    if (events.empty())
        return {};
    if (events.size() == 1) {
        FieldState state;
        state.heads.append(*events.front());
        return state;
    }
    if (qsizetype(events.size()) <= kFew)
        return resolveFew(events);

    // Duplicates count once, whichever copy came first.
    QHash<QString, const CorrectionEvent *> byId;
    byId.reserve(qsizetype(events.size()));
    for (const CorrectionEvent *event : events) {
        auto it = byId.find(event->id);
        if (it == byId.end())
            byId.insert(event->id, event);
        else if (preferredCopy(*event, **it))
            *it = event;
    }

    QSet<QString> named;
    named.reserve(byId.size());
    for (const CorrectionEvent *event : std::as_const(byId)) {
        for (const QString &parent : event->parents) {
            if (parent != event->id)
                named.insert(parent);
        }
    }

    EventRefs heads;
    for (const CorrectionEvent *event : std::as_const(byId)) {
        if (!named.contains(event->id))
            heads.push_back(event);
    }
    return stateOf(heads, byId);
}

} // namespace

QString curationFieldKey(CurationField field)
{
    switch (field) {
    case CurationField::State:
        return QStringLiteral("state");
    case CurationField::Basis:
        return QStringLiteral("basis");
    case CurationField::Identifier:
        return QStringLiteral("identifier");
    case CurationField::Title:
        return QStringLiteral("title");
    case CurationField::Reference:
        return QStringLiteral("reference");
    case CurationField::Note:
        return QStringLiteral("note");
    case CurationField::DuplicateOf:
        return QStringLiteral("duplicate-of");
    case CurationField::Excluded:
        return QStringLiteral("excluded");
    case CurationField::Review:
        return QStringLiteral("review");
    case CurationField::ReviewNote:
        return QStringLiteral("review-note");
    }
    Q_UNREACHABLE();
    return {};
}

std::optional<CurationField> parseCurationField(QStringView key)
{
    for (CurationField field : kAllCurationFields) {
        if (key == curationFieldKey(field))
            return field;
    }
    if (key == QLatin1String("duplicate_of"))
        return CurationField::DuplicateOf;
    if (key == QLatin1String("review_note"))
        return CurationField::ReviewNote;
    return std::nullopt;
}

std::optional<QString> FieldState::value() const
{
    if (heads.isEmpty())
        return std::nullopt;
    return heads.first().value;
}

QStringList FieldState::headIds() const
{
    QStringList ids;
    ids.reserve(heads.size());
    for (const CorrectionEvent &head : heads)
        ids.append(head.id);
    return ids;
}

FieldState resolveField(const QList<CorrectionEvent> &events)
{
    return resolveSpan(oneKey(refsOf(events)));
}

std::map<FieldKey, FieldState> resolveAll(const QList<CorrectionEvent> &events)
{
    // Group in one pass: sort by the hash of (observation, field), so that each field's events lie
    // side by side.
    struct Hashed
    {
        size_t hash;
        const CorrectionEvent *event;
    };
    std::vector<Hashed> hashed;
    hashed.reserve(size_t(events.size()));
    for (const CorrectionEvent &event : events)
        hashed.push_back(
            { qHashMulti(0, event.observation, static_cast<int>(event.field)), &event });
    std::sort(hashed.begin(), hashed.end(),
        [](const Hashed &a, const Hashed &b) { return a.hash < b.hash; });
    // Different keys with one hash are rare: only then compare the strings.
    auto byKey = [](const Hashed &a, const Hashed &b) {
        return a.event->field != b.event->field ? a.event->field < b.event->field
                                                : a.event->observation < b.event->observation;
    };
    for (auto run = hashed.begin(); run != hashed.end();) {
        const auto runEnd
            = std::find_if(run, hashed.end(), [&](const Hashed &h) { return h.hash != run->hash; });
        if (std::any_of(
                run, runEnd, [&](const Hashed &h) { return !sameFieldKey(*h.event, *run->event); }))
            std::sort(run, runEnd, byKey);
        run = runEnd;
    }
    EventRefs refs;
    refs.reserve(hashed.size());
    for (const Hashed &h : hashed)
        refs.push_back(h.event);

    std::vector<std::pair<FieldKey, FieldState>> resolved;
    for (size_t begin = 0; begin < refs.size();) {
        size_t end = begin + 1;
        while (end < refs.size() && hashed[end].hash == hashed[begin].hash
            && sameFieldKey(*refs[end], *refs[begin])) {
            Q_ASSERT_X(refs[end]->record == refs[begin]->record, "resolveAll",
                "events of several records share an observation id");
            ++end;
        }
        const CorrectionEvent &first = *refs[begin];
        resolved.emplace_back(FieldKey { first.observation, first.field },
            resolveSpan(EventSpan(refs).subspan(begin, end - begin)));
        begin = end;
    }

    // Hand the fields over in key order, so that each insertion is at the end of the map.
    std::vector<std::pair<FieldKey, FieldState> *> ordered;
    ordered.reserve(resolved.size());
    for (auto &entry : resolved)
        ordered.push_back(&entry);
    std::sort(ordered.begin(), ordered.end(), [](const auto *a, const auto *b) {
        const int order = utf16(a->first.observation).compare(utf16(b->first.observation));
        return order != 0 ? order < 0 : a->first.field < b->first.field;
    });
    std::map<FieldKey, FieldState> states;
    for (auto *entry : ordered)
        states.emplace_hint(states.end(), std::move(*entry));
    return states;
}

CorrectionEvent makeEdit(const FieldState &current, QString record, QString observation,
    CurationField field, std::optional<QString> value, QString author, QString createdAt)
{
    CorrectionEvent event;
    event.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    event.record = std::move(record);
    event.observation = std::move(observation);
    event.field = field;
    event.value = std::move(value);
    event.parents = current.headIds();
    event.author = std::move(author);
    event.createdAt = std::move(createdAt);
    return event;
}

std::optional<QString> valueBefore(const QList<CorrectionEvent> &events, const QString &eventId)
{
    QHash<QString, EventRefs> children;
    for (const CorrectionEvent &event : events) {
        for (const QString &parent : event.parents) {
            if (parent != event.id)
                children[parent].push_back(&event);
        }
    }

    QSet<QString> excluded { eventId };
    QStringList pending { eventId };
    while (!pending.isEmpty()) {
        const QString id = pending.takeLast();
        const auto it = children.constFind(id);
        if (it == children.cend())
            continue;
        for (const CorrectionEvent *child : it.value()) {
            if (!excluded.contains(child->id)) {
                excluded.insert(child->id);
                pending.append(child->id);
            }
        }
    }

    EventRefs kept;
    kept.reserve(size_t(events.size()));
    for (const CorrectionEvent &event : events) {
        if (!excluded.contains(event.id))
            kept.push_back(&event);
    }
    return resolveSpan(oneKey(std::move(kept))).value();
}

QString nowUtc()
{
    return QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss.zzz'Z'"));
}

} // namespace LedgerCurator
