// SPDX-License-Identifier: GPL-3.0-or-later
#include "KeyAttestation.h"

#include "EventSignature.h"

namespace LedgerCurator {

QByteArray canonicalAttestationBytes(const CuratorKey &key, const QString &serverKeyId)
{
    QByteArray out("ledger-curator-key-attestation-v1\n");
    appendCanonicalMember(out, serverKeyId);
    appendCanonicalMember(out, key.curator);
    appendCanonicalMember(out, key.keyId);
    appendCanonicalMember(out, toBase64Url(key.publicKey));
    appendCanonicalMember(out, key.registeredAt);
    appendCanonicalMember(
        out, key.revoked ? QString::number(key.revokedAfterSeq.value_or(0)) : QStringLiteral("-"));
    return out;
}

void attestKey(CuratorKey &key, const SigningKey &server)
{
    key.attestedBy = server.keyId();
    key.attestation = signBytes(canonicalAttestationBytes(key, key.attestedBy), server);
}

bool verifyAttestation(const CuratorKey &key, const QByteArray &serverPublicKey)
{
    return !key.attestation.isEmpty() && key.attestedBy == keyIdOf(serverPublicKey)
        && verifyBytes(
            canonicalAttestationBytes(key, key.attestedBy), key.attestation, serverPublicKey);
}

QString TeamKeys::serverKeyId() const
{
    return serverPublicKey.isEmpty() ? QString() : keyIdOf(serverPublicKey);
}

std::optional<QString> teamRefusal(const TeamKeys &team, const CuratorKey &key)
{
    if (const auto listed = team.listed.constFind(key.keyId); listed != team.listed.cend()) {
        if (listed->curator != key.curator)
            return QStringLiteral("is %1's key in the team's list, not %2's")
                .arg(listed->curator, key.curator);
        if (listed->publicKey != key.publicKey)
            return QStringLiteral("differs from the key of that id in the team's list");
        return std::nullopt;
    }
    if (team.serverPublicKey.isEmpty())
        return QStringLiteral("is not in the team's list (%1)").arg(team.source);
    if (key.attestation.isEmpty())
        return key.registeredAt.isEmpty()
            ? QStringLiteral("was registered with no server (no attestation)")
            : QStringLiteral("carries no attestation by a server");
    if (key.attestedBy != team.serverKeyId())
        return QStringLiteral("is attested by server key %1, not by the team's %2")
            .arg(key.attestedBy, team.serverKeyId());
    if (!verifyAttestation(key, team.serverPublicKey))
        return QStringLiteral("fails its attestation by the team's server key %1: its curator, "
                              "registration or revocation differ from what the server signed")
            .arg(team.serverKeyId());
    return std::nullopt;
}

} // namespace LedgerCurator
