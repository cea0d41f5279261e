// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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

} // namespace LedgerCurator
