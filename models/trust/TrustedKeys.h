// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The curators' public keys as a server lists them (GET /v1/keys) or a bundle carries them, and
// the check every client makes of every event it receives: a known key of the event's author,
// not revoked when the event was stored, and a signature that verifies. Events made before
// signatures (no key id, no signature) pass only as legacy: with a seq at or below the server's
// legacy mark. docs/signatures.md.

#include "CurationLog.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace LedgerCurator {

struct CuratorKey
{
    QString keyId;
    QString curator; // the token's name the key was registered with: the author it signs for
    QByteArray publicKey; // 32 bytes
    QString registeredAt; // canonical UTC time
    //! Revoked: events stored after this seq (or, without a seq, any) no longer verify.
    std::optional<qint64> revokedAfterSeq;
    bool revoked = false;
    //! The same for notices: notice versions stored after this notice seq no longer verify.
    //! Known from the server's list only (not kept in a cache or a bundle).
    std::optional<qint64> revokedAfterNoticeSeq {};
    //! The server's attestation of this key (KeyAttestation.h): the server key's id and its
    //! signature; empty when no server attested it (an offline export's own key, an old server).
    QString attestedBy {};
    QString attestation {};
    friend bool operator==(const CuratorKey &, const CuratorKey &) = default;
};

using KeyRing = QHash<QString, CuratorKey>; // by key id

enum class EventTrust {
    Signed, // a valid signature by a key of its author
    Legacy, // unsigned, from before signatures were required
    Rejected, // kept out of the merge
};

struct TrustVerdict
{
    EventTrust trust = EventTrust::Rejected;
    QString reason; // for Rejected: "signed with an unknown key 0a1b...", ...
};

//! The verdict on one event. legacyUntilSeq: the highest seq an unsigned event may have (0: none
//! may be unsigned); an unsigned event without a seq (not from a server) is Rejected.
TrustVerdict verifyEvent(const CorrectionEvent &event, const KeyRing &keys, qint64 legacyUntilSeq);

//! The events split by verdict.
struct TrustSplit
{
    QList<CorrectionEvent> accepted; // Signed and Legacy, in the given order
    QList<CorrectionEvent> rejected;
    QStringList reasons; // one per rejected event, "event ID by AUTHOR: REASON"
    qsizetype legacy = 0;
};
//! `threads`: how many threads may judge (a large list is split among them; the verdicts and
//! their order are the same for any number). KeyRing and the events are only read meanwhile.
TrustSplit splitByTrust(const QList<CorrectionEvent> &events, const KeyRing &keys,
    qint64 legacyUntilSeq, int threads = 1);

//! "1 event by carol fails its signature and was not applied", "3 events by bob and carol fail
//! their signatures and were not applied"; empty when none was rejected.
QString rejectedEventsMessage(const QList<CorrectionEvent> &rejected);

} // namespace LedgerCurator
