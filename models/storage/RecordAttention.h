// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "Notices.h"
#include "Result.h"

#include <QList>
#include <QString>

namespace LedgerCurator {

class Store;
struct CuratedRecord;
struct RecordSummary;

//! What needs attention in a record as curated (its open anomaly hints computed), kept in the
//! cache with the record's change stamp so that the record list gives it at once while the
//! record is unchanged. `curated`, when given, is the record as the caller holds it (the app's
//! shown record), read at the current change stamp.
Result<AttentionCount> countRecordAttention(Store &store, const QString &arxivId,
    const CuratedRecord *curated = nullptr, const SharedNoticeIndex &notices = {});

//! Counts what needs attention in every summary that has no current count (attention is
//! nullopt), one record at a time; `progress` as for forEachCuratedRecord().
Status fillAttention(Store &store, QList<RecordSummary> &summaries, const Progress &progress = {});

} // namespace LedgerCurator
