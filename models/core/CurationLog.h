// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The curation log: curators never overwrite upstream data; each correction is an event, and the
// value shown for (observation, field) is computed from the events alone. Pure functions: no SQL,
// no widgets. Every replica that holds the same set of events shows the same state, whatever the
// order in which they arrived.

#include <QHashFunctions>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <array>
#include <compare>
#include <map>
#include <optional>

namespace LedgerCurator {

//! What a correction changes about an observation. What each field is (its key, value check,
//! how it is applied) is its row of the table in CurationFieldInfo.h, whose header lists every
//! place a new field touches.
enum class CurationField {
    State,
    Basis,
    Identifier,
    Title,
    Reference,
    Note,
    DuplicateOf,
    Excluded,
    Review,
    ReviewNote,
    DismissedHints
};
inline constexpr int kCurationFieldCount = 11;
inline constexpr std::array<CurationField, kCurationFieldCount> kAllCurationFields {
    CurationField::State,
    CurationField::Basis,
    CurationField::Identifier,
    CurationField::Title,
    CurationField::Reference,
    CurationField::Note,
    CurationField::DuplicateOf,
    CurationField::Excluded,
    CurationField::Review,
    CurationField::ReviewNote,
    CurationField::DismissedHints,
};

//! "state", "basis", "identifier", "title", "reference", "note", "duplicate-of", "excluded",
//! "review", "review-note", "dismissed-hints": the key of the field's row of CurationFieldInfo.
QString curationFieldKey(CurationField field);
//! The keys above (exact, case-sensitive); "duplicate_of" and "review_note" are accepted too.
std::optional<CurationField> parseCurationField(QStringView key);

//! One correction. Identity is the id; seq is only the server's order once synced.
struct CorrectionEvent
{
    QString id; // UUID, lower case without braces
    QString record; // arXiv id of the record, e.g. 2104.04473
    QString observation; // observation UUID
    CurationField field = CurationField::State;
    std::optional<QString> value; // nullopt = back to upstream
    QStringList parents; // ids of the heads the author saw
    QString author;
    QString createdAt; // ISO-8601 UTC, yyyy-MM-ddTHH:mm:ss.zzzZ
    std::optional<qint64> seq; // server order once synced; not part of identity
    // The author's signature (docs/signatures.md): the id of the key that made it (32 lower-case
    // hex digits) and the Ed25519 signature in base64url. Both empty: an unsigned event, made
    // before signatures (legacy) or not yet signed.
    QString keyId;
    QString signature;

    bool isSigned() const { return !signature.isEmpty(); }
    friend bool operator==(const CorrectionEvent &, const CorrectionEvent &) = default;
};

//! One correction a curator asks for: a field of an observation to a value (nullopt: back to
//! upstream). CorrectionWriter (models/storage) turns edits into signed, stored events.
struct FieldEdit
{
    QString observation;
    CurationField field = CurationField::State;
    std::optional<QString> value;
};

//! The resolved state of one (observation, field).
struct FieldState
{
    // Sorted by (signed, createdAt, id) descending: heads.first() wins. A signed head outranks an
    // unsigned (legacy) one whatever their times; the field is still a conflict, so it shows.
    QList<CorrectionEvent> heads;

    bool hasEvents() const { return !heads.isEmpty(); }
    bool isConflict() const { return heads.size() > 1; }
    //! The winning head's value; nullopt when there are no events or the winner sends back to
    //! upstream.
    std::optional<QString> value() const;
    bool isCurated() const { return hasEvents() && value().has_value(); }
    //! Ids of the heads, winner first: the parents of the next edit.
    QStringList headIds() const;

    friend bool operator==(const FieldState &, const FieldState &) = default;
};

struct FieldKey
{
    QString observation;
    CurationField field = CurationField::State;
    // Ordered by observation, then field. Written out: QString has no operator<=> in Qt 6.4 (so
    // "auto operator<=> = default" would be deleted), and one compare() per string is cheaper than
    // the == and < a synthesized ordering would make.
    friend std::strong_ordering operator<=>(const FieldKey &a, const FieldKey &b) noexcept
    {
        if (const int order = a.observation.compare(b.observation); order != 0)
            return order <=> 0;
        return a.field <=> b.field;
    }
    friend bool operator==(const FieldKey &, const FieldKey &) = default;
};

inline size_t qHash(const FieldKey &key, size_t seed = 0) noexcept
{
    return qHashMulti(seed, key.observation, static_cast<int>(key.field));
}

//! Resolves one field from the events that concern it: all of one (record, observation, field).
//! Passing events of other keys is a programming error (asserted in debug builds; in release builds
//! only the events of the smallest (record, observation, field) present are used).
//! Events with the same id count once. Parents that are not present are ignored.
//! Should the events name each other in a cycle so that none is a head (which honest edits cannot
//! produce), the greatest (createdAt, id) of them is taken as the only head.
FieldState resolveField(const QList<CorrectionEvent> &events);

//! Resolves every (observation, field) present in a set of events of one record, in one pass.
std::map<FieldKey, FieldState> resolveAll(const QList<CorrectionEvent> &events);

//! The most parents one event may name: the sync protocol's limit (docs/sync-protocol.md), which
//! the server checks and every edit made here keeps.
inline constexpr qsizetype kMaxEventParents = 64;

//! The next event on a field: a new id (lower-case UUID without braces), parents =
//! current.headIds(), no seq, unsigned. Its time is createdAt, or 1 ms after the latest head
//! when createdAt is not later than that (a hybrid logical clock: an event is never earlier than
//! the events it names). It may name more than kMaxEventParents: makeEditEvents() is what
//! is stored.
CorrectionEvent makeEdit(const FieldState &current, QString record, QString observation,
    CurationField field, std::optional<QString> value, QString author, QString createdAt);

//! The events of the next edit on a field, the edit itself last, every one naming at most
//! kMaxEventParents parents. With that many heads or fewer, makeEdit() alone. With more, the
//! heads are named in groups by merge events that carry the edit's value, author and time, and
//! the edit names the merges (in as many levels as needed: 2,000 heads take 32 merges), so the
//! edit still resolves every head. Store them in this order (parents first).
QList<CorrectionEvent> makeEditEvents(const FieldState &current, QString record,
    QString observation, CurationField field, std::optional<QString> value, QString author,
    QString createdAt);

//! Rewrites an event that names more than kMaxEventParents parents (made before the limit was
//! kept) as makeEditEvents() would have made it: merge events first, then the event itself,
//! with its id and everything else unchanged but its parents, which name the merges. An event
//! within the limit comes back alone and unchanged. Only for an event no server holds yet.
QList<CorrectionEvent> narrowedEvent(const CorrectionEvent &event);

//! What undoing eventId would restore (nullopt = upstream): the field resolved over the events
//! (of one key) without eventId and without every event that descends from it (names it as a
//! parent, directly or not). For the winning head that is "the field without the winner", whose
//! parents become heads again; undoing an undo event gives the redo value. When eventId is not
//! among the events and nothing names it, this is simply the current value.
std::optional<QString> valueBefore(const QList<CorrectionEvent> &events, const QString &eventId);

//! The current time as yyyy-MM-ddTHH:mm:ss.zzzZ in UTC, moved by correctionMs (what a server
//! told the cache its clock is off by, docs/signatures.md). LC_TEST_CLOCK_SKEW_MS in the
//! environment moves this process's clock by that much (for tests of a clock that runs fast).
QString nowUtc(qint64 correctionMs = 0);
//! The system time (with the test skew above) in ms since the epoch, uncorrected.
qint64 systemClockMs();
//! The time `later` than `time` by ms, in the canonical form; `time` unchanged when unreadable.
QString timestampPlusMs(const QString &time, qint64 ms);

} // namespace LedgerCurator
