// SPDX-License-Identifier: GPL-3.0-or-later
#include "Attention.h"

#include "Notices.h"

#include <QCoreApplication>
#include <QSet>

namespace LedgerCurator {

AttentionReasons attentionReasons(const Observation &o, bool openHint)
{
    AttentionReasons reasons;
    if (o.curation->excluded || !o.curation->duplicateOf.isEmpty())
        return reasons;
    if (stateNeedsAttention(o.state))
        reasons |= AttentionReason::State;
    if (!o.curation->conflicts.isEmpty())
        reasons |= AttentionReason::Conflict;
    if (openHint)
        reasons |= AttentionReason::Hint;
    if (o.events.status == EventsCheck::Status::Found && reviewStatusOf(o) == u"unreviewed")
        reasons |= AttentionReason::Notice;
    return reasons;
}

void AttentionCount::add(AttentionReasons reasons)
{
    if (!reasons)
        return;
    ++observations;
    states += reasons.testFlag(AttentionReason::State) ? 1 : 0;
    conflicts += reasons.testFlag(AttentionReason::Conflict) ? 1 : 0;
    hints += reasons.testFlag(AttentionReason::Hint) ? 1 : 0;
    notices += reasons.testFlag(AttentionReason::Notice) ? 1 : 0;
}

QString AttentionCount::toText() const
{
    return QStringLiteral("%1 %2 %3 %4 %5")
        .arg(observations)
        .arg(states)
        .arg(conflicts)
        .arg(hints)
        .arg(notices);
}

std::optional<AttentionCount> AttentionCount::fromText(const QString &text)
{
    const QStringList parts = text.split(u' ');
    if (parts.size() != 5)
        return std::nullopt;
    qint64 n[5] {};
    for (int i = 0; i < 5; ++i) {
        bool ok = false;
        n[i] = parts[i].toLongLong(&ok);
        if (!ok || n[i] < 0)
            return std::nullopt;
    }
    return AttentionCount { n[0], n[1], n[2], n[3], n[4] };
}

AttentionCount countAttention(const Record &shown, const QList<AnomalyHint> &hints)
{
    QSet<QString> hinted;
    for (const AnomalyHint &hint : hints) {
        if (hint.dismissed)
            continue;
        for (const QString &id : hint.observations)
            hinted.insert(id);
    }
    AttentionCount count;
    for (const Observation &o : shown.observations)
        count.add(attentionReasons(o, !hinted.isEmpty() && hinted.contains(o.id)));
    return count;
}

QStringList attentionParts(const AttentionCount &count)
{
    QStringList parts;
    if (count.states > 0)
        parts.append(QCoreApplication::translate(
            "Attention", "%Ln in a problem state", nullptr, int(count.states)));
    if (count.conflicts > 0)
        parts.append(QCoreApplication::translate(
            "Attention", "%Ln with conflicting corrections", nullptr, int(count.conflicts)));
    if (count.hints > 0)
        parts.append(QCoreApplication::translate(
            "Attention", "%Ln with anomaly hints", nullptr, int(count.hints)));
    if (count.notices > 0)
        parts.append(QCoreApplication::translate(
            "Attention", "%Ln with an unreviewed notice", nullptr, int(count.notices)));
    return parts;
}

QString attentionBreakdown(const AttentionCount &count)
{
    if (count.observations == 0)
        return QCoreApplication::translate("Attention", "Nothing needs attention.");
    return QCoreApplication::translate(
        "Attention", "%Ln need attention: %1.", nullptr, int(count.observations))
        .arg(attentionParts(count).join(QStringLiteral(", ")));
}

} // namespace LedgerCurator
