// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServerVerify.h"

#include "EventSignature.h"
#include "NoticeSignature.h"
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

//! The notices: every stored version (notice_versions) and every current one (notices, what
//! GET /v1/notices serves) as a client judges them, and the versions' seqs 1..latest without
//! gaps. Prints its summary line; false (said on `err`) when the database cannot be read.
bool verifyNotices(ServerStore &store, const KeyRing &ring, QTextStream &out, QTextStream &err,
    QStringList &problems)
{
    auto mark = store.noticesLegacyUntilSeq();
    if (!mark) {
        err << "ledger-server: verify: " << mark.error().toString() << Qt::endl;
        return false;
    }
    // Notices imported on the server itself (import-notices) are signed with its identity key.
    auto identity = store.identityKey();
    if (!identity) {
        err << "ledger-server: verify: " << identity.error().toString() << Qt::endl;
        return false;
    }
    NoticeTrust trust { ring, ServerKey { identity->keyId(), identity->publicKey }, *mark };
    qint64 checked = 0;
    qint64 legacy = 0;
    qint64 failing = 0;
    qint64 expected = 1;
    qint64 latest = 0;
    const auto judge = [&](const StandingNotice &n, const QString &which) {
        const TrustVerdict verdict = verifyNotice(n, trust);
        if (verdict.trust == EventTrust::Legacy)
            ++legacy;
        if (verdict.trust != EventTrust::Rejected)
            return;
        ++failing;
        problems.append(QStringLiteral("notice seq %1 (%2): notice %3 by %4 %5")
                            .arg(n.seq.value_or(0))
                            .arg(which, n.ref(), n.importedBy, verdict.reason));
    };
    for (qint64 after = 0;;) {
        auto page = store.noticeVersionsAfter(after, kPage);
        if (!page) {
            err << "ledger-server: verify: " << page.error().toString() << Qt::endl;
            return false;
        }
        latest = page->latestSeq;
        for (const StandingNotice &n : std::as_const(page->notices)) {
            const qint64 seq = n.seq.value_or(0);
            if (seq > expected)
                problems.append(QStringLiteral("notice ") + seqRange(expected, seq - 1)
                    + QStringLiteral(" missing"));
            expected = seq + 1;
            ++checked;
            judge(n, QStringLiteral("a stored version"));
        }
        if (page->notices.size() < kPage)
            break;
        after = *page->notices.last().seq;
    }
    if (latest >= expected)
        problems.append(
            QStringLiteral("notice ") + seqRange(expected, latest) + QStringLiteral(" missing"));
    qint64 current = 0;
    for (qint64 after = 0;;) {
        auto page = store.notices(after, kPage);
        if (!page) {
            err << "ledger-server: verify: " << page.error().toString() << Qt::endl;
            return false;
        }
        for (const StandingNotice &n : std::as_const(page->notices)) {
            ++current;
            judge(n, QStringLiteral("the current version"));
        }
        if (page->notices.size() < kPage)
            break;
        after = *page->notices.last().seq;
    }
    out << "checked " << checked << (checked == 1 ? " notice version" : " notice versions")
        << " (seqs 1 to " << latest << ") and " << current
        << (current == 1 ? " current notice" : " current notices") << ": " << failing
        << " failing, " << legacy << " legacy (unsigned, at or below the notices' legacy mark "
        << *mark << ")" << Qt::endl;
    return true;
}

} // namespace

int verifyServerStore(ServerStore &store, QTextStream &out, QTextStream &err)
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
    const qsizetype eventProblems = problems.size();
    if (!verifyNotices(store, ring, out, err, problems))
        return 2;
    for (qsizetype i = eventProblems; i < problems.size(); ++i)
        out << "problem: " << problems.at(i) << Qt::endl;
    out << (problems.isEmpty() ? "every event and notice verifies and no seq is missing"
                               : QStringLiteral("%1 problem(s) found").arg(problems.size()))
        << Qt::endl;
    return problems.isEmpty() ? 0 : 1;
}

} // namespace LedgerCurator
