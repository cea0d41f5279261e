// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Signed standing notices (docs/signatures.md, "Notices"): each version of a notice is signed
// by whoever made it, a curator (their key, as for corrections) or the team server (its identity
// key, for `ledger-server import-notices` and the withdrawals it makes), over the canonical byte
// form of every member a person reads or the merge uses. A client checks every notice it pulls
// and sets aside those that fail, as it does for events.

#include "EventSignature.h"
#include "Notices.h"
#include "TrustedKeys.h"

#include <QList>
#include <QStringList>

#include <optional>

namespace LedgerCurator {

//! "ledger-curator-notice-v1\n" then each member as "<UTF-8 byte count>:<bytes>\n" in this
//! order: source, source_id, work, kind, nature, date, event_source, notice_doi, detail, title,
//! journal, urls, origin, status, imported_at, imported_by, imported_from, listed_as_of, key_id
//! (the texts of the wire form, docs/sync-protocol.md "NOTICE"; never seq).
QByteArray canonicalNoticeBytes(const StandingNotice &notice);

//! Signs the notice in place: sets keyId from the key, then signature over the canonical bytes.
//! importedBy must already name the signer.
void signNotice(StandingNotice &notice, const SigningKey &key);

//! Whether the notice's signature verifies under publicKey and its key id names that key.
//! Unsigned notices do not verify.
bool verifyNoticeSignature(const StandingNotice &notice, const QByteArray &publicKey);

//! The team server's identity key (GET /v1/keys "server_key"): it signs the versions an admin
//! imports on the server (`ledger-server import-notices --as NAME`) and the withdrawals those
//! make, whatever their imported_by.
struct ServerKey
{
    QString keyId;
    QByteArray publicKey; // 32 bytes
    bool isValid() const { return publicKey.size() == 32; }
};

//! What a client knows to judge notices from one server.
struct NoticeTrust
{
    KeyRing keys; // the curators' keys (GET /v1/keys)
    std::optional<ServerKey> serverKey; // the server's own key, when it has one
    qint64 legacyUntilSeq = 0; // the highest notice seq an unsigned notice may have
};

//! The verdict on one notice version: Signed when signed by a key of its imported_by curator
//! (not revoked) or by the server's key, and the signature verifies; Legacy when unsigned with
//! a seq at or below the notices' legacy mark; else Rejected with the reason ("fails its
//! signature", "is signed with bob's key ...", "is not signed", ...).
TrustVerdict verifyNotice(const StandingNotice &notice, const NoticeTrust &trust);

struct NoticeTrustSplit
{
    QList<StandingNotice> accepted; // Signed and Legacy, in the given order
    QList<StandingNotice> rejected;
    QStringList reasons; // one per rejected notice: "notice REF by NAME fails its signature"
    qsizetype legacy = 0;
};
NoticeTrustSplit splitNoticesByTrust(
    const QList<StandingNotice> &notices, const NoticeTrust &trust);

//! "1 notice by alice fails its signature and was not applied", "3 notices by alice and bob fail
//! their signatures and were not applied"; empty when none was rejected.
QString rejectedNoticesMessage(const QList<StandingNotice> &rejected);

} // namespace LedgerCurator
