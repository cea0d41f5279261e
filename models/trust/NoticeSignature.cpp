// SPDX-License-Identifier: GPL-3.0-or-later
#include "NoticeSignature.h"

#include <QSet>

namespace LedgerCurator {

QByteArray canonicalNoticeBytes(const StandingNotice &n)
{
    QByteArray out("ledger-curator-notice-v1\n");
    out.reserve(512 + (n.event.detail.size() + n.title.size() + n.urls.size()) * 3);
    for (const QString &text : { n.source, n.sourceId, n.work, eventKindKey(n.event.kind),
             n.event.nature, n.event.date, n.event.source, n.event.notice, n.event.detail, n.title,
             n.journal, n.urls, n.origin, noticeStatusKey(n.status), n.importedAt, n.importedBy,
             n.importedFrom, n.listedAsOf, n.keyId })
        appendCanonicalMember(out, text);
    return out;
}

void signNotice(StandingNotice &notice, const SigningKey &key)
{
    notice.keyId = key.keyId();
    notice.signature = signBytes(canonicalNoticeBytes(notice), key);
}

bool verifyNoticeSignature(const StandingNotice &notice, const QByteArray &publicKey)
{
    if (publicKey.size() != 32 || notice.keyId != keyIdOf(publicKey))
        return false;
    return verifyBytes(canonicalNoticeBytes(notice), notice.signature, publicKey);
}

TrustVerdict verifyNotice(const StandingNotice &notice, const NoticeTrust &trust)
{
    if (notice.keyId.isEmpty() && notice.signature.isEmpty()) {
        if (notice.seq && *notice.seq <= trust.legacyUntilSeq)
            return { EventTrust::Legacy, {} };
        return { EventTrust::Rejected, QStringLiteral("is not signed") };
    }
    if (trust.serverKey && trust.serverKey->isValid() && notice.keyId == trust.serverKey->keyId) {
        if (!verifyNoticeSignature(notice, trust.serverKey->publicKey))
            return { EventTrust::Rejected, QStringLiteral("fails its signature") };
        return { EventTrust::Signed, {} };
    }
    const auto key = trust.keys.constFind(notice.keyId);
    if (key == trust.keys.cend())
        return { EventTrust::Rejected,
            QStringLiteral("is signed with an unknown key %1").arg(notice.keyId) };
    if (key->curator != notice.importedBy)
        return { EventTrust::Rejected,
            QStringLiteral("is signed with %1's key %2").arg(key->curator, notice.keyId) };
    if (key->revoked
        && !(
            key->revokedAfterNoticeSeq && notice.seq && *notice.seq <= *key->revokedAfterNoticeSeq))
        return { EventTrust::Rejected,
            QStringLiteral("is signed with the revoked key %1").arg(notice.keyId) };
    if (!verifyNoticeSignature(notice, key->publicKey))
        return { EventTrust::Rejected, QStringLiteral("fails its signature") };
    return { EventTrust::Signed, {} };
}

NoticeTrustSplit splitNoticesByTrust(const QList<StandingNotice> &notices, const NoticeTrust &trust)
{
    NoticeTrustSplit split;
    for (const StandingNotice &n : notices) {
        const TrustVerdict verdict = verifyNotice(n, trust);
        if (verdict.trust == EventTrust::Rejected) {
            split.rejected.append(n);
            split.reasons.append(
                QStringLiteral("notice %1 by %2 %3")
                    .arg(n.ref(),
                        n.importedBy.isEmpty() ? QStringLiteral("(nobody)") : n.importedBy,
                        verdict.reason));
            continue;
        }
        if (verdict.trust == EventTrust::Legacy)
            ++split.legacy;
        split.accepted.append(n);
    }
    return split;
}

QString rejectedNoticesMessage(const QList<StandingNotice> &rejected)
{
    if (rejected.isEmpty())
        return {};
    QStringList names;
    QSet<QString> seen;
    for (const StandingNotice &n : rejected) {
        const QString name = n.importedBy.isEmpty() ? QStringLiteral("(nobody)") : n.importedBy;
        if (!seen.contains(name)) {
            seen.insert(name);
            names.append(name);
        }
    }
    const QString who = names.size() == 1
        ? names.first()
        : names.mid(0, names.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" and ")
            + names.last();
    if (rejected.size() == 1)
        return QStringLiteral("1 notice by %1 fails its signature and was not applied").arg(who);
    return QStringLiteral("%1 notices by %2 fail their signatures and were not applied")
        .arg(rejected.size())
        .arg(who);
}

} // namespace LedgerCurator
