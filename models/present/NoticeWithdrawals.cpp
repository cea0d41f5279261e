// SPDX-License-Identifier: GPL-3.0-or-later
#include "NoticeWithdrawals.h"

#include "EveryRecord.h"

#include <QCoreApplication>
#include <QSet>

namespace LedgerCurator {

Result<WithdrawalImpact> withdrawalImpact(
    const Store &store, const NoticeImportOutcome &planned, const Progress &progress)
{
    WithdrawalImpact impact;
    impact.notices = planned.withdrawnBefore.size();
    impact.listedBefore = planned.listedBefore;
    if (planned.withdrawnBefore.isEmpty())
        return impact;
    NoticeListBuilder builder(planned.withdrawnBefore);
    if (auto scanned = forEachCuratedRecord(
            store, [&builder](const CuratedRecord &record) { builder.addRecord(record); },
            progress);
        !scanned)
        return scanned.error();
    impact.rows = builder.rows();
    std::stable_sort(
        impact.rows.begin(), impact.rows.end(), [](const NoticeListRow &a, const NoticeListRow &b) {
            if (a.ownPaper != b.ownPaper)
                return a.ownPaper;
            return a.notice.ref() < b.notice.ref();
        });
    QSet<QString> own;
    for (const NoticeListRow &row : std::as_const(impact.rows)) {
        if (row.ownPaper)
            own.insert(row.notice.ref());
        if (!row.record.isEmpty() && !impact.records.contains(row.record))
            impact.records.append(row.record);
    }
    impact.ownPaper = own.size();
    return impact;
}

QStringList withdrawalLines(const WithdrawalImpact &impact, qsizetype most)
{
    // Read in the window (translated) and by the command line (English: no translator there).
    const auto tr
        = [](const char *text) { return QCoreApplication::translate("NoticeWithdrawals", text); };
    QStringList lines;
    for (const NoticeListRow &row : impact.rows) {
        if (lines.size() == most) {
            lines.append(tr("and %1 more").arg(impact.rows.size() - most));
            break;
        }
        const StandingNotice &n = row.notice;
        const QString what = tr("%1 (%2 · %3)")
                                 .arg(n.origin.isEmpty() ? n.ref() : originDisplayText(n.origin),
                                     natureDisplayText(n.event), n.event.date);
        if (row.record.isEmpty())
            lines.append(tr("%1: no cached record yet").arg(what));
        else if (row.ownPaper)
            lines.append(tr("%1: about arXiv:%2 itself").arg(what, row.record));
        else
            lines.append((row.observations == 1
                    ? tr("%1: cited by 1 observation of arXiv:%2").arg(what, row.record)
                    : tr("%1: cited by %2 observations of arXiv:%3")
                          .arg(what)
                          .arg(row.observations)
                          .arg(row.record)));
    }
    return lines;
}

} // namespace LedgerCurator
