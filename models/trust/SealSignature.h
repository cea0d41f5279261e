// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The signature of a bundle's seal (docs/bundle.md, docs/signatures.md): the exporter's, over
// the SHA-256 of the record as the bundle carries it, the ids of the events in the bundle's
// order, the ids of the keys it carries, when and by whom it was exported. Any change to the
// record, the set of events or the keys makes the seal fail; the seal's own lists say what the
// exporter signed, so a verifier can name what changed.

#include "BundleSeal.h"
#include "EventSignature.h"

namespace LedgerCurator {

//! "ledger-curator-bundle-seal-v1\n", then as canonicalEventBytes() writes members: the record's
//! SHA-256; the count of event ids as "<n>\n" and each; the count of key ids and each; exported
//! at; exported by; the sealing key id.
QByteArray canonicalSealBytes(const BundleSeal &seal);

//! Sets the seal's keyId from the key and signs it.
void signSeal(BundleSeal &seal, const SigningKey &key);

//! Whether the seal's signature verifies under publicKey, and its key id names that key.
bool verifySeal(const BundleSeal &seal, const QByteArray &publicKey);

} // namespace LedgerCurator
