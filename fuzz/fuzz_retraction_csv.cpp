// SPDX-License-Identifier: GPL-3.0-or-later
// The Retraction Watch CSV reader (parseRetractionCsv) and the notices made of its rows
// (standingNotices), as import-notices runs them. Every row is either a notice or a skipped row
// with its line and reason; a whole-file problem says where and what.

#include "FuzzSupport.h"
#include "RetractionCsv.h"

#include <QDate>

using namespace LedgerCurator;

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    Fuzz::quietMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text = Fuzz::bytesOf(data, size);
    const QString file = QStringLiteral("notices.csv");
    const Result<RetractionCsv> csv = parseRetractionCsv(text, file);
    if (!csv) {
        LC_FUZZ_CHECK(!csv.error().message.isEmpty(), QStringLiteral("an error without a message"));
        LC_FUZZ_CHECK(csv.error().file == file && csv.error().kind == Error::Kind::BadInput,
            csv.error().toString());
        return 0;
    }
    LC_FUZZ_CHECK(csv->rows == csv->notices.size() + csv->skipped.size(),
        QStringLiteral("%1 rows, %2 notices, %3 skipped")
            .arg(csv->rows)
            .arg(csv->notices.size())
            .arg(csv->skipped.size()));
    int lastLine = 1;
    for (const RetractionNotice &notice : csv->notices) {
        LC_FUZZ_CHECK(notice.line > lastLine,
            QStringLiteral("a notice at line %1 after line %2").arg(notice.line).arg(lastLine));
        lastLine = notice.line;
        LC_FUZZ_CHECK(!notice.recordId.isEmpty() && notice.recordId == notice.recordId.trimmed(),
            QStringLiteral("line %1: record id '%2'").arg(notice.line).arg(notice.recordId));
        LC_FUZZ_CHECK(
            QDate::fromString(notice.date, Qt::ISODate).isValid() && notice.date.size() == 10,
            QStringLiteral("line %1: date '%2'").arg(notice.line).arg(notice.date));
    }
    for (const RetractionCsvRowError &row : csv->skipped)
        LC_FUZZ_CHECK(row.line > 1 && !row.message.isEmpty(),
            QStringLiteral("a skipped row at line %1: '%2'").arg(row.line).arg(row.message));
    const RetractionImport notices = standingNotices(*csv, QStringLiteral("2026-08-05T00:00:00Z"));
    LC_FUZZ_CHECK(notices.notices.size() + notices.leftOut.size() <= csv->notices.size(),
        QStringLiteral("more notices than rows"));
    return 0;
}
