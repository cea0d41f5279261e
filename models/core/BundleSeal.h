// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A curator bundle's seal (docs/bundle.md): what the exporting curator signs. The JSON is
// BundleJson's (formats), the signature SealSignature's (trust).

#include <QString>
#include <QStringList>

namespace LedgerCurator {

struct BundleSeal
{
    //! The SHA-256 of the record's canonical JSON (canonicalJson(), docs/bundle.md): 64 lower-case
    //! hex digits.
    QString recordSha256;
    QStringList eventIds; // the events' ids, in the bundle's order
    QStringList keyIds; // the bundle's key ids, sorted
    QString exportedAt; // the bundle's exported_at
    QString exportedBy; // the bundle's exported_by: the sealing key's curator
    QString keyId; // the sealing key
    QString signature; // Ed25519, 86 base64url characters
    friend bool operator==(const BundleSeal &, const BundleSeal &) = default;
};

} // namespace LedgerCurator
