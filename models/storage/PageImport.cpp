// SPDX-License-Identifier: GPL-3.0-or-later
#include "PageImport.h"

namespace LedgerCurator {

Result<ImportReport> importPageFiles(
    Store &store, const QStringList &files, const Progress &progress)
{
    Progress reading;
    if (progress)
        reading = [&progress](qint64 done, qint64) { return progress(done, 1000); };
    auto pages = readPageFiles(files, reading, 500);
    if (!pages)
        return pages.error();
    ImportReport report { {}, std::move(*pages), files };
    QList<Record> records;
    for (const auto &page : std::as_const(report.pages))
        records.append(page.record);
    Progress storing;
    if (progress) {
        storing = [&progress](qint64 done, qint64 total) {
            return progress(500 + (total > 0 ? done * 500 / total : 0), 1000);
        };
    }
    // readPageFiles() checked every record (validateRecord()) as it read it.
    auto outcomes = store.importRecords(records, storing, RecordCheck::AlreadyValidated);
    if (!outcomes)
        return outcomes.error();
    report.outcomes = std::move(*outcomes);
    if (progress)
        progress(1000, 1000);
    return report;
}

} // namespace LedgerCurator
