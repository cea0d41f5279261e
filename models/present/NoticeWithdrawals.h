// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a complete list of notices would withdraw, and whether the curator must say yes first
// (docs/notices.md, "Excerpts and complete lists"): `import-notices --complete` needs
// --allow-withdrawals, the window asks, before a withdrawal that touches a record's own paper or
// more than half of the source's listed notices.

#include "NoticeListModel.h"
#include "Result.h"
#include "Store.h"

namespace LedgerCurator {

//! The notices a complete list would withdraw, each with the cached records it concerns.
struct WithdrawalImpact
{
    //! One row per withdrawn notice and record (NoticeListBuilder's rows): the notices about a
    //! record's own paper first, then by ref.
    QList<NoticeListRow> rows;
    qsizetype notices = 0; // how many notices are withdrawn
    qsizetype ownPaper = 0; // of them, about a cached record's own paper
    QStringList records; // the records they concern, each once, in rows' order
    qsizetype listedBefore = 0; // the source's listed notices before (NoticeImportOutcome)

    //! A withdrawal the curator must confirm: one touching a record's own paper, or more than
    //! half of the source's listed notices.
    bool needsConsent() const { return ownPaper > 0 || notices * 2 > listedBefore; }
};

//! The impact of `planned` (a planned complete-list import) on the cache's records: every record
//! is read (forEachCuratedRecord()); `progress` as there.
Result<WithdrawalImpact> withdrawalImpact(
    const Store &store, const NoticeImportOutcome &planned, const Progress &progress = {});

//! Lines a person reads, the record's own retraction first: "Retraction Watch record 51234
//! (Retraction · 2024-03-01): about arXiv:2104.04473 itself" or "...: cited by 3 observations of
//! arXiv:2104.04473", or "...: no cached record yet". At most `most` lines, then "and N more".
QStringList withdrawalLines(const WithdrawalImpact &impact, qsizetype most = 20);

} // namespace LedgerCurator
