// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnomalyHints.h"
#include "Record.h"

#include <QFlags>
#include <QList>
#include <QString>

namespace LedgerCurator {

//! Why an observation still needs a curator's decision. The one meaning of "needs attention":
//! the record list, the table's footer and filter, F8 and `ledger-curator check` all count it
//! through attentionReasons() and countAttention().
enum class AttentionReason : quint8 {
    State = 0x1, // a problem state (unresolved, parse uncertain, malformed, mismatch)
    Conflict = 0x2, // corrections of one field that disagree
    Hint = 0x4, // an anomaly hint not yet dismissed
    Notice = 0x8, // a notice on the cited work nobody has reviewed yet
};
Q_DECLARE_FLAGS(AttentionReasons, AttentionReason)
Q_DECLARE_OPERATORS_FOR_FLAGS(AttentionReasons)

//! Why `o` (as shown, corrections applied) needs attention; none when it is excluded or marked a
//! duplicate of another observation (both are decisions). `openHint`: a hint about it that is not
//! dismissed (AnomalyHint::dismissed).
AttentionReasons attentionReasons(const Observation &o, bool openHint);

//! Observations that need attention, each counted once, and how many have each reason (an
//! observation with two reasons is in two of the breakdown's counts).
struct AttentionCount
{
    qint64 observations = 0;
    qint64 states = 0;
    qint64 conflicts = 0;
    qint64 hints = 0;
    qint64 notices = 0;
    void add(AttentionReasons reasons);
    friend bool operator==(const AttentionCount &, const AttentionCount &) = default;
    //! "12 3 0 5 4": observations then the breakdown, to keep in the cache; nullopt when the text
    //! is not five counts.
    QString toText() const;
    static std::optional<AttentionCount> fromText(const QString &text);
};

//! The attention count of a record as shown, with its anomaly hints (anomalyHints(shown)).
AttentionCount countAttention(const Record &shown, const QList<AnomalyHint> &hints);

//! The breakdown's parts: "11 in a problem state", "5 with anomaly hints", ... (translated when a
//! translator is installed: English on the command line).
QStringList attentionParts(const AttentionCount &count);

//! "11 need attention: 6 in a problem state, 5 with anomaly hints, 1 with an unreviewed notice",
//! for tooltips; "Nothing needs attention." when none.
QString attentionBreakdown(const AttentionCount &count);

} // namespace LedgerCurator
