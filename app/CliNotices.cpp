// SPDX-License-Identifier: GPL-3.0-or-later
// Retraction and correction notices: import-notices.
#include "CliCommands.h"

#include "Cli.h"
#include "CliSupport.h"
#include "CurationLog.h"
#include "Notices.h"
#include "RetractionCsv.h"
#include "Store.h"

namespace LedgerCurator::Cli {

namespace {

const QCommandLineOption kPartialOption(QStringLiteral("partial"),
    QStringLiteral("The file is an excerpt of the source's list: notices it does not name are "
                   "not marked withdrawn."));

//! At most this many withdrawn notices are named one by one in the report.
constexpr qsizetype kWithdrawnNamed = 20;

} // namespace

void importNoticesOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("FILE"),
        QStringLiteral("A Retraction Watch CSV file: the source's whole list, unless --partial."),
        QStringLiteral("FILE.csv"));
    parser.addOption(kPartialOption);
}

int runImportNotices(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList files = parser.positionalArguments().mid(1);
    if (files.size() != 1)
        return usage(QStringLiteral("import-notices: name one FILE.csv"), err);
    const QString &file = files.first();
    // Read the whole file before the cache is touched.
    auto csv = readRetractionCsvFile(file);
    if (!csv)
        return report(csv.error(), err);
    const RetractionImport converted = standingNotices(*csv, nowUtc());
    for (const auto &skipped : std::as_const(csv->skipped))
        err << file << ':' << skipped.line << ": skipped: " << inert(skipped.message) << Qt::endl;
    for (const auto &left : converted.leftOut)
        err << file << ':' << left.line << ": left out: " << inert(left.message) << Qt::endl;
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    NoticeImportScope scope
        = parser.isSet(kPartialOption) ? NoticeImportScope::Partial : NoticeImportScope::Complete;
    if (scope == NoticeImportScope::Complete && converted.unidentifiedRows > 0) {
        // A row whose Record ID cannot be read may be any notice: none is withdrawn.
        err << file << ": " << converted.unidentifiedRows
            << (converted.unidentifiedRows == 1 ? " row names" : " rows name")
            << " no readable Record ID, so no notice is marked withdrawn" << Qt::endl;
        scope = NoticeImportScope::Partial;
    }
    auto outcome = store->importNotices(converted.notices, scope, converted.alsoListed);
    if (!outcome)
        return report(outcome.error(), err);
    out << file << ": " << csv->rows << (csv->rows == 1 ? " row, " : " rows, ")
        << converted.notices.size() << " notices: " << outcome->added << " new, "
        << outcome->updated << " updated, " << outcome->alreadyHeld << " unchanged, "
        << outcome->withdrawn << " withdrawn";
    if (!csv->skipped.isEmpty())
        out << "; " << csv->skipped.size()
            << (csv->skipped.size() == 1 ? " bad row skipped" : " bad rows skipped");
    if (!converted.leftOut.isEmpty())
        out << "; " << converted.leftOut.size() << " without an original paper DOI";
    out << Qt::endl;
    for (qsizetype i = 0; i < outcome->withdrawnRefs.size() && i < kWithdrawnNamed; ++i)
        out << "withdrawn by the source (no longer listed): " << inert(outcome->withdrawnRefs[i])
            << Qt::endl;
    if (outcome->withdrawnRefs.size() > kWithdrawnNamed)
        out << "... and " << outcome->withdrawnRefs.size() - kWithdrawnNamed
            << " more withdrawn (ledger-curator notices lists them)" << Qt::endl;
    // Which observations the notices now flag, record by record.
    auto summaries = store->recordSummaries();
    if (!summaries)
        return report(summaries.error(), err);
    for (const RecordSummary &summary : std::as_const(*summaries)) {
        auto curated = store->loadCurated(summary.arxivId);
        if (!curated)
            return report(curated.error(), err);
        if (!curated->has_value())
            continue;
        const CuratedRecord &record = **curated;
        qsizetype flagged = 0;
        qsizetype retracted = 0;
        for (qsizetype i = 0; i < record.shown.observations.size(); ++i) {
            const Observation &o = record.shown.observations[i];
            if (o.events.events.size() > record.upstream.observations[i].events.events.size()) {
                ++flagged;
                retracted += isRetracted(o.events) ? 1 : 0;
            }
        }
        if (flagged > 0)
            out << inert(summary.arxivId) << ": " << flagged
                << (flagged == 1 ? " observation carries" : " observations carry")
                << " imported notices (" << retracted << " retracted)" << Qt::endl;
    }
    return ExitOk;
}

} // namespace LedgerCurator::Cli
