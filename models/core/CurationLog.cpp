// SPDX-License-Identifier: GPL-3.0-or-later
#include "CurationLog.h"

#include "RunBeside.h"

#include <QDateTime>
#include <QHash>
#include <QSet>
#include <QUuid>
#include <QVarLengthArray>

#include <algorithm>
#include <array>
#include <span>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace LedgerCurator {

namespace {

using EventRefs = std::vector<const CorrectionEvent *>;
using EventSpan = std::span<const CorrectionEvent *const>;

//! (signed, createdAt, id) ascending; heads are sorted by its reverse, so that an unsigned
//! (legacy) head never outranks a signed one.
bool olderThan(const CorrectionEvent *a, const CorrectionEvent *b)
{
    if (a->isSigned() != b->isSigned())
        return b->isSigned();
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
    return std::tie(a.createdAt, a.value, a.author, a.parents, a.record, a.observation, a.field,
               a.keyId, a.signature)
        < std::tie(b.createdAt, b.value, b.author, b.parents, b.record, b.observation, b.field,
            b.keyId, b.signature);
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
    // constData() is inline; QString::utf16() is an out-of-line call per comparison.
    return { reinterpret_cast<const char16_t *>(text.constData()), size_t(text.size()) };
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

namespace {

//! resolveAll() over the events whose observation's first UTF-16 unit is in [from, to) (an empty
//! observation counts as unit 0).
std::map<FieldKey, FieldState> resolveRange(
    const QList<CorrectionEvent> &events, char32_t from, char32_t to)
{
    auto firstUnit = [](const QString &observation) {
        return observation.isEmpty() ? char32_t(0) : char32_t(observation.front().unicode());
    };
    // Sort the events once into the map's order, (observation, field), so that each field's
    // events lie side by side and the map is filled at its end. The first eight UTF-16 units of
    // the observation, packed into two integers, decide almost every comparison without
    // following a pointer to the string (memory traffic dominates at a million events).
    struct Keyed
    {
        quint64 head; // units 0-3 of the observation, first unit highest; 0 past the end
        quint64 next; // units 4-7
        const CorrectionEvent *event;
    };
    auto pack = [](const QString &text, qsizetype from) {
        quint64 packed = 0;
        const QChar *units = text.constData();
        for (qsizetype i = from; i < from + 4; ++i)
            packed = (packed << 16) | (i < text.size() ? units[i].unicode() : 0u);
        return packed;
    };
    std::vector<Keyed> keyed;
    keyed.reserve(size_t(events.size()));
    for (const CorrectionEvent &event : events) {
        if (const char32_t unit = firstUnit(event.observation); unit >= from && unit < to)
            keyed.push_back({ pack(event.observation, 0), pack(event.observation, 4), &event });
    }
    // Equal packed units only mean an equal start (a shorter string pads with 0): the strings
    // then decide, as FieldKey's ordering does.
    std::sort(keyed.begin(), keyed.end(), [](const Keyed &a, const Keyed &b) {
        if (a.head != b.head)
            return a.head < b.head;
        if (a.next != b.next)
            return a.next < b.next;
        if (const int order = utf16(a.event->observation).compare(utf16(b.event->observation));
            order != 0)
            return order < 0;
        return a.event->field < b.event->field;
    });
    EventRefs refs;
    refs.reserve(keyed.size());
    for (const Keyed &k : keyed)
        refs.push_back(k.event);

    std::map<FieldKey, FieldState> states;
    for (size_t begin = 0; begin < refs.size();) {
        size_t end = begin + 1;
        while (end < refs.size() && sameFieldKey(*refs[end], *refs[begin])) {
            Q_ASSERT_X(refs[end]->record == refs[begin]->record, "resolveAll",
                "events of several records share an observation id");
            ++end;
        }
        const CorrectionEvent &first = *refs[begin];
        states.emplace_hint(states.end(), FieldKey { first.observation, first.field },
            resolveSpan(EventSpan(refs).subspan(begin, end - begin)));
        begin = end;
    }
    return states;
}

//! Below this many events one thread resolves them all.
constexpr qsizetype kParallelMerge = 200000;

} // namespace

std::map<FieldKey, FieldState> resolveAll(const QList<CorrectionEvent> &events)
{
    return resolveAll(events, RunBeside());
}

std::map<FieldKey, FieldState> resolveAll(
    const QList<CorrectionEvent> &events, const RunBeside &runBeside)
{
    constexpr char32_t kEnd = 0x10000; // past every UTF-16 unit
    if (events.size() < kParallelMerge || !runBeside)
        return resolveRange(events, 0, kEnd);
    // Two threads (the caller's runBeside), each on the observations on one side of the median
    // first unit: the map orders keys by observation, so every key of the upper part comes after
    // every key of the lower, and the upper map's nodes are moved to the end of the lower one (no
    // copy, no allocation).
    std::array<qsizetype, 256> low {}; // first units below 256 (UUIDs: hex digits); others apart
    qsizetype high = 0;
    for (const CorrectionEvent &event : events) {
        const char32_t unit = event.observation.isEmpty() ? 0 : event.observation.front().unicode();
        unit < 256 ? ++low[unit] : ++high;
    }
    char32_t pivot = 256;
    for (qsizetype unit = 0, seen = 0; unit < 256; ++unit) {
        seen += low[size_t(unit)];
        if (seen * 2 >= events.size()) {
            pivot = char32_t(unit + 1);
            break;
        }
    }
    std::map<FieldKey, FieldState> states;
    std::map<FieldKey, FieldState> rest;
    runBeside([&rest, &events, pivot] { rest = resolveRange(events, pivot, kEnd); },
        [&states, &events, pivot] { states = resolveRange(events, 0, pivot); });
    while (!rest.empty())
        states.insert(states.end(), rest.extract(rest.begin()));
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
    // Never earlier than a parent: heads are sorted, but a signed head may be older than an
    // unsigned one, so look at all.
    QString latest;
    for (const CorrectionEvent &head : current.heads)
        latest = std::max(latest, head.createdAt);
    if (!latest.isEmpty() && event.createdAt <= latest)
        event.createdAt = timestampPlusMs(latest, 1);
    return event;
}

namespace {

//! The id of a merge event of the edit `editId` naming `parents`: a name-based UUID (version 5),
//! so that valueBefore() knows an edit's merges from everyone else's events without a mark on
//! the wire.
QString mergeId(const QString &editId, const QStringList &parents)
{
    static const QUuid ns(QStringLiteral("6f1d2a53-3c1e-4d7b-9a41-0b7f52c8e9d4"));
    return QUuid::createUuidV5(ns, editId + QLatin1Char('|') + parents.join(u','))
        .toString(QUuid::WithoutBraces);
}

} // namespace

QList<CorrectionEvent> narrowedEvent(const CorrectionEvent &event)
{
    QList<CorrectionEvent> out;
    QStringList level = event.parents;
    while (level.size() > kMaxEventParents) {
        QStringList merges;
        for (qsizetype from = 0; from < level.size(); from += kMaxEventParents) {
            CorrectionEvent merge = event;
            merge.parents = level.mid(from, kMaxEventParents);
            merge.id = mergeId(event.id, merge.parents);
            merge.seq.reset();
            merge.keyId.clear(); // a new event: signed by whoever stores it (docs/signatures.md)
            merge.signature.clear();
            merges.append(merge.id);
            out.append(std::move(merge));
        }
        level = std::move(merges);
    }
    CorrectionEvent last = event;
    if (last.parents != level) {
        last.parents = std::move(level);
        last.keyId.clear(); // its parents changed: the old signature no longer holds
        last.signature.clear();
    }
    out.append(std::move(last));
    return out;
}

QList<CorrectionEvent> makeEditEvents(const FieldState &current, QString record,
    QString observation, CurationField field, std::optional<QString> value, QString author,
    QString createdAt)
{
    return narrowedEvent(makeEdit(current, std::move(record), std::move(observation), field,
        std::move(value), std::move(author), std::move(createdAt)));
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

    // The edit's own merge events (makeEditEvents(): reached through parents, each with the id
    // mergeId() gives it) are part of it: undoing it undoes them too.
    QHash<QString, const CorrectionEvent *> byId;
    for (const CorrectionEvent &event : events)
        byId.insert(event.id, &event);
    QSet<QString> excluded { eventId };
    QStringList pending { eventId };
    if (const CorrectionEvent *edit = byId.value(eventId)) {
        QStringList ancestors = edit->parents;
        while (!ancestors.isEmpty()) {
            const CorrectionEvent *merge = byId.value(ancestors.takeLast());
            if (!merge || excluded.contains(merge->id)
                || merge->id != mergeId(edit->id, merge->parents))
                continue;
            excluded.insert(merge->id);
            pending.append(merge->id);
            ancestors.append(merge->parents);
        }
    }
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

namespace {

const QString kTimestampFormat = QStringLiteral("yyyy-MM-dd'T'HH:mm:ss.zzz'Z'");

} // namespace

qint64 systemClockMs()
{
    static const qint64 skew = qEnvironmentVariable("LC_TEST_CLOCK_SKEW_MS").toLongLong();
    return QDateTime::currentMSecsSinceEpoch() + skew;
}

QString nowUtc(qint64 correctionMs)
{
    return QDateTime::fromMSecsSinceEpoch(systemClockMs() + correctionMs, Qt::UTC)
        .toString(kTimestampFormat);
}

QString timestampPlusMs(const QString &time, qint64 ms)
{
    const QDateTime parsed = QDateTime::fromString(time, Qt::ISODateWithMs);
    if (!parsed.isValid())
        return time;
    return parsed.toUTC().addMSecs(ms).toString(kTimestampFormat);
}

} // namespace LedgerCurator
