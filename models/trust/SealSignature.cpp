// SPDX-License-Identifier: GPL-3.0-or-later
#include "SealSignature.h"

namespace LedgerCurator {

QByteArray canonicalSealBytes(const BundleSeal &seal)
{
    QByteArray out("ledger-curator-bundle-seal-v1\n");
    appendCanonicalMember(out, seal.recordSha256);
    for (const QStringList *list : { &seal.eventIds, &seal.keyIds }) {
        out += QByteArray::number(list->size());
        out += '\n';
        for (const QString &id : *list)
            appendCanonicalMember(out, id);
    }
    appendCanonicalMember(out, seal.exportedAt);
    appendCanonicalMember(out, seal.exportedBy);
    appendCanonicalMember(out, seal.keyId);
    return out;
}

void signSeal(BundleSeal &seal, const SigningKey &key)
{
    seal.keyId = key.keyId();
    seal.signature = signBytes(canonicalSealBytes(seal), key);
}

bool verifySeal(const BundleSeal &seal, const QByteArray &publicKey)
{
    return seal.keyId == keyIdOf(publicKey)
        && verifyBytes(canonicalSealBytes(seal), seal.signature, publicKey);
}

} // namespace LedgerCurator
