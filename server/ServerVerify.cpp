// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServerVerify.h"

#include "EventSignature.h"
#include "ServerStore.h"
#include "TrustedKeys.h"

#include <QStringList>

namespace LedgerCurator {

namespace {

constexpr qint64 kPage = 5000;

QString seqRange(qint64 from, qint64 to)
{
    return from == to ? QStringLiteral("seq %1 is").arg(from)
                      : QStringLiteral("seqs %1 to %2 are").arg(from).arg(to);
}

} // namespace

int verifyServerStore(const ServerStore &store, QTextStream &out, QTextStream &err)
{
    auto rows = store.keys();
    if (!rows) {
        err << "ledger-server: verify: " << rows.error().toString() << Qt::endl;
        return 2;
    }
    QStringList problems;
    KeyRing ring;
    for (const KeyRow &row : std::as_const(*rows)) {
        const auto key = row.toCuratorKey();
        if (!key) {
            problems.append(QStringLiteral("key %1 of %2: its public key does not have that id")
                                .arg(row.keyId, row.curator));
            continue;
        }
        ring.insert(row.keyId, *key);
    }
    auto legacyMark = store.legacyUntilSeq();
    if (!legacyMark) {
        err << "ledger-server: verify: " << legacyMark.error().toString() << Qt::endl;
        return 2;
    }
    qint64 checked = 0;
    qint64 legacy = 0;
    qint64 failing = 0;
    qint64 expected = 1;
    qint64 latest = 0;
    for (qint64 after = 0;;) {
        auto page = store.events(after, kPage);
        if (!page) {
            err << "ledger-server: verify: " << page.error().toString() << Qt::endl;
            return 2;
        }
        latest = page->latestSeq;
        for (const CorrectionEvent &event : std::as_const(page->events)) {
            const qint64 seq = event.seq.value_or(0);
            if (seq > expected)
                problems.append(seqRange(expected, seq - 1) + QStringLiteral(" missing"));
            expected = seq + 1;
            ++checked;
            const TrustVerdict verdict = verifyEvent(event, ring, *legacyMark);
            if (verdict.trust == EventTrust::Legacy)
                ++legacy;
            if (verdict.trust != EventTrust::Rejected)
                continue;
            ++failing;
            problems.append(QStringLiteral("seq %1: event %2 by %3 %4")
                                .arg(seq)
                                .arg(event.id, event.author, verdict.reason));
        }
        if (page->events.size() < kPage)
            break;
        after = *page->events.last().seq;
    }
    if (latest >= expected)
        problems.append(seqRange(expected, latest) + QStringLiteral(" missing"));
    out << "checked " << checked << (checked == 1 ? " event" : " events") << " (seqs 1 to "
        << latest << ") against " << ring.size() << (ring.size() == 1 ? " key" : " keys") << ": "
        << checked - legacy - failing << " signed, " << legacy << " legacy (unsigned, at or below "
        << "the legacy mark " << *legacyMark << "), " << failing << " failing" << Qt::endl;
    for (const QString &problem : std::as_const(problems))
        out << "problem: " << problem << Qt::endl;
    out << (problems.isEmpty() ? "every event verifies and no seq is missing"
                               : QStringLiteral("%1 problem(s) found").arg(problems.size()))
        << Qt::endl;
    // Notices are not signed yet (docs/signatures.md): nothing to check of them here.
    return problems.isEmpty() ? 0 : 1;
}

} // namespace LedgerCurator
