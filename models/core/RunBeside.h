// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How the domain borrows a second thread from its caller. models/core starts no thread of its own
// (docs/threads.md): the merge of a large set of correction events takes a RunBeside, and the
// forms without one (CurationLog.h, CuratedRecord.h) resolve everything on the calling thread.

#include "CuratedRecord.h"
#include "CurationLog.h"

#include <functional>

namespace LedgerCurator {

//! Runs `beside` on another thread while the calling thread runs `here`, and returns once both
//! are done. A caller that may use a second core passes one (Threads::runBesideIfWorthIt of
//! models/internal/HelperThread.h).
using RunBeside
    = std::function<void(const std::function<void()> &beside, const std::function<void()> &here)>;

//! resolveAll(), a large set (200,000 events or more) resolved in two halves, one of them through
//! `runBeside` (none: all here); the result is the same.
std::map<FieldKey, FieldState> resolveAll(
    const QList<CorrectionEvent> &events, const RunBeside &runBeside);

//! applyCorrections(), its merge through resolveAll(events, runBeside).
CuratedRecord applyCorrections(Record upstream, QList<CorrectionEvent> events,
    SharedNoticeIndex notices, const RunBeside &runBeside);

} // namespace LedgerCurator
