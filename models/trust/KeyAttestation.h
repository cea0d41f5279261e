// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Keys with a provenance (docs/signatures.md, "The server's identity key"): a ledger server has an
// Ed25519 identity key of its own and attests each curator key it registers, signing the
// curator, the key, when it was registered and whether it is revoked. A bundle carries the
// attestations of its keys, so a reader who holds the team's server key (or its key list) can
// tell the keys the team registered from any other key under the same curator name.

#include "TrustedKeys.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace LedgerCurator {

struct SigningKey;

//! "ledger-curator-key-attestation-v1\n" then, as `<n>:<text>\n`: the server key's id, the
//! curator, the key id, the public key (43 base64url characters), registered_at, and
//! revoked_after_seq in decimal ("-" for a live key).
QByteArray canonicalAttestationBytes(const CuratorKey &key, const QString &serverKeyId);

//! Sets key.attestedBy and key.attestation: the server's signature over the bytes above.
void attestKey(CuratorKey &key, const SigningKey &server);

//! Whether key.attestation is a signature by serverPublicKey over the key as it is now, and
//! key.attestedBy names that server key.
bool verifyAttestation(const CuratorKey &key, const QByteArray &serverPublicKey);

//! What a reader trusts: their team's server key and, from its key list, the keys it listed.
struct TeamKeys
{
    QByteArray serverPublicKey; // 32 bytes; empty: only `listed` is known
    KeyRing listed; // the keys of the team's list (GET /v1/keys), by id
    QString source; // where the reader took them from, for messages: a file, "--server-key"

    QString serverKeyId() const;
};

//! Whether key is one the team registered: listed by the team (to the same curator), or
//! attested by the team's server key. nullopt when it is; otherwise why not ("is attested by
//! server key X, not by the team's Y"). A listed key's revocation is the caller's to apply.
std::optional<QString> teamRefusal(const TeamKeys &team, const CuratorKey &key);

} // namespace LedgerCurator
