// SPDX-License-Identifier: GPL-3.0-or-later
#include "EveryRecord.h"

#include "Store.h"

namespace LedgerCurator {

Status forEachCuratedRecord(const Store &store,
    const std::function<void(const CuratedRecord &)> &visit, const Progress &progress)
{
    auto summaries = store.recordSummaries();
    if (!summaries)
        return summaries.error();
    // The notices once for every record (they are matched by work, whichever record).
    auto notices = store.noticeIndex();
    if (!notices)
        return notices.error();
    const qint64 total = summaries->size();
    qint64 done = 0;
    for (const RecordSummary &summary : std::as_const(*summaries)) {
        if (progress && !progress(done, total))
            return Error::cancelled();
        auto curated = store.loadCuratedWith(summary.arxivId, *notices);
        if (!curated)
            return curated.error();
        if (curated->has_value())
            visit(**curated);
        ++done;
    }
    if (progress)
        progress(done, total);
    return {};
}

Result<QList<CorrectionReportRow>> cacheCorrectionReport(
    const Store &store, const QString &since, const Progress &progress)
{
    auto summaries = store.recordSummaries();
    if (!summaries)
        return summaries.error();
    auto notices = store.noticeIndex();
    if (!notices)
        return notices.error();
    const qint64 total = summaries->size();
    qint64 done = 0;
    QList<CorrectionReportRow> rows;
    for (const RecordSummary &summary : std::as_const(*summaries)) {
        if (progress && !progress(done, total))
            return Error::cancelled();
        ++done;
        auto events = store.corrections(summary.arxivId);
        if (!events)
            return events.error();
        if (events->isEmpty())
            continue;
        auto curated = store.loadCuratedWith(summary.arxivId, *notices);
        if (!curated)
            return curated.error();
        if (curated->has_value())
            rows.append(correctionReportRows(**curated, since));
    }
    if (progress)
        progress(done, total);
    sortCorrectionReport(rows);
    return rows;
}

} // namespace LedgerCurator
