// SPDX-License-Identifier: GPL-3.0-or-later
#include "TrustedKeys.h"

#include "EventSignature.h"
#include "HelperThread.h"

#include <QSet>

#include <vector>

namespace LedgerCurator {

TrustVerdict verifyEvent(const CorrectionEvent &event, const KeyRing &keys, qint64 legacyUntilSeq)
{
    if (event.keyId.isEmpty() && event.signature.isEmpty()) {
        if (event.seq && *event.seq <= legacyUntilSeq)
            return { EventTrust::Legacy, {} };
        return { EventTrust::Rejected, QStringLiteral("is not signed") };
    }
    const auto key = keys.constFind(event.keyId);
    if (key == keys.cend())
        return { EventTrust::Rejected,
            QStringLiteral("is signed with an unknown key %1").arg(event.keyId) };
    if (key->curator != event.author)
        return { EventTrust::Rejected,
            QStringLiteral("is signed with %1's key %2").arg(key->curator, event.keyId) };
    if (key->revoked && !(key->revokedAfterSeq && event.seq && *event.seq <= *key->revokedAfterSeq))
        return { EventTrust::Rejected,
            QStringLiteral("is signed with the revoked key %1").arg(event.keyId) };
    if (!verifyEventSignature(event, key->publicKey))
        return { EventTrust::Rejected, QStringLiteral("fails its signature") };
    return { EventTrust::Signed, {} };
}

TrustSplit splitByTrust(
    const QList<CorrectionEvent> &events, const KeyRing &keys, qint64 legacyUntilSeq, int threads)
{
    // An Ed25519 verification is about 75 us here (bench: a fresh client checks 100,000 events),
    // the whole cost of the check: large lists are judged in slices on threads of their own,
    // joined before the verdicts are gathered in order.
    std::vector<TrustVerdict> verdicts(size_t(events.size()));
    Threads::parallelFor(events.size(), threads, 256, [&](qsizetype from, qsizetype to) {
        for (qsizetype i = from; i < to; ++i)
            verdicts[size_t(i)] = verifyEvent(events[i], keys, legacyUntilSeq);
    });
    TrustSplit split;
    split.accepted.reserve(events.size());
    for (qsizetype i = 0; i < events.size(); ++i) {
        const CorrectionEvent &event = events[i];
        const TrustVerdict &verdict = verdicts[size_t(i)];
        if (verdict.trust == EventTrust::Rejected) {
            split.rejected.append(event);
            split.reasons.append(
                QStringLiteral("event %1 by %2 %3").arg(event.id, event.author, verdict.reason));
            continue;
        }
        if (verdict.trust == EventTrust::Legacy)
            ++split.legacy;
        split.accepted.append(event);
    }
    return split;
}

QString rejectedEventsMessage(const QList<CorrectionEvent> &rejected)
{
    if (rejected.isEmpty())
        return {};
    QStringList authors;
    QSet<QString> seen;
    for (const CorrectionEvent &event : rejected) {
        if (!seen.contains(event.author)) {
            seen.insert(event.author);
            authors.append(event.author);
        }
    }
    QString names;
    if (authors.size() == 1)
        names = authors.first();
    else
        names = authors.mid(0, authors.size() - 1).join(QStringLiteral(", "))
            + QStringLiteral(" and ") + authors.last();
    if (rejected.size() == 1)
        return QStringLiteral("1 event by %1 fails its signature and was not applied").arg(names);
    return QStringLiteral("%1 events by %2 fail their signatures and were not applied")
        .arg(rejected.size())
        .arg(names);
}

} // namespace LedgerCurator
