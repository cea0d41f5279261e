// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every record of the cache read in turn, corrections and notices applied: for what gathers
// from all of them (the Notices view, notice reviews, the works the cache knows, the corrections
// report).

#include "CorrectionReport.h"
#include "CuratedRecord.h"
#include "Result.h"

#include <functional>

namespace LedgerCurator {

class Store;

//! Reads every record of the cache with its corrections and notices applied (loadCurated()),
//! one at a time in the order of recordSummaries(), and hands each to `visit`: what the views
//! that gather from every record do (the notice review window, the Notices view), on a worker
//! thread with a Store of its own. `progress` is told of the records read; when it returns false
//! the scan stops with Error::cancelled().
Status forEachCuratedRecord(const Store &store,
    const std::function<void(const CuratedRecord &)> &visit, const Progress &progress = {});

//! The corrections report of every record of the cache (correctionReportRows(), those made at or
//! after `since`, empty: all), in sortCorrectionReport()'s order. Only the records that have
//! corrections are loaded. `progress` is told of the records looked at; when it returns false
//! the scan stops with Error::cancelled().
Result<QList<CorrectionReportRow>> cacheCorrectionReport(
    const Store &store, const QString &since = {}, const Progress &progress = {});

} // namespace LedgerCurator
