// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecordAttention.h"

#include "AnomalyHints.h"
#include "Store.h"

namespace LedgerCurator {

Result<AttentionCount> countRecordAttention(Store &store, const QString &arxivId,
    const CuratedRecord *curated, const SharedNoticeIndex &notices)
{
    // The stamp first: a change landing while the record is read leaves a stale stamp, which the
    // next read sees as changed.
    auto stamp = store.changeStamp(arxivId);
    if (!stamp)
        return stamp.error();
    AttentionCount count;
    if (curated) {
        count = countAttention(curated->shown, anomalyHints(curated->shown));
    } else {
        auto loaded = store.loadCuratedWith(arxivId, notices);
        if (!loaded)
            return loaded.error();
        if (!loaded->has_value())
            return count;
        count = countAttention((*loaded)->shown, anomalyHints((*loaded)->shown));
    }
    // A count kept is only a shortcut: a cache another process holds busy just counts again.
    (void)store.rememberAttentionCount(arxivId, *stamp, count);
    return count;
}

Status fillAttention(Store &store, QList<RecordSummary> &summaries, const Progress &progress)
{
    qint64 total = 0;
    for (const RecordSummary &s : std::as_const(summaries))
        total += s.attention ? 0 : 1;
    qint64 done = 0;
    SharedNoticeIndex notices; // read once, when a count is missing
    for (RecordSummary &s : summaries) {
        if (s.attention)
            continue;
        if (progress && !progress(done, total))
            return Error::cancelled();
        if (!notices) {
            auto read = store.noticeIndex();
            if (!read)
                return read.error();
            notices = std::move(*read);
        }
        auto count = countRecordAttention(store, s.arxivId, nullptr, notices);
        if (!count)
            return count.error();
        s.attention = *count;
        ++done;
    }
    if (progress)
        progress(done, total);
    return {};
}

} // namespace LedgerCurator
