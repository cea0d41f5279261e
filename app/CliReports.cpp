// SPDX-License-Identifier: GPL-3.0-or-later
// What the curators did and where things are: report (the corrections made) and search (every
// cached record at once). The rows are made in models/ (CorrectionReport.h, RecordSearch.h);
// here they are only written (docs/reports.md).
#include "CliCommands.h"

#include "Cli.h"
#include "CliSupport.h"
#include "CorrectionReport.h"
#include "CsvText.h"
#include "EveryRecord.h"
#include "RecordSearch.h"
#include "SqliteLocks.h"
#include "Store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace LedgerCurator::Cli {

namespace {

const QCommandLineOption kReportFormatOption(QStringLiteral("format"),
    QStringLiteral("text (default), csv or json."), QStringLiteral("FORMAT"),
    QStringLiteral("text"));
const QCommandLineOption kSinceOption(QStringLiteral("since"),
    QStringLiteral("Only corrections made at or after DATE: 2026-11-29 (from midnight UTC) or "
                   "2026-11-29T10:00:00Z (a time without an offset is UTC)."),
    QStringLiteral("DATE"));
const QCommandLineOption kReportOutputOption(
    QStringList { QStringLiteral("o"), QStringLiteral("output") },
    QStringLiteral("Write to FILE instead of standard output."), QStringLiteral("FILE"));
const QCommandLineOption kLimitOption(QStringLiteral("limit"),
    QStringLiteral("Show at most N hits (all are counted; default: all)."), QStringLiteral("N"));

} // namespace

// --- report --------------------------------------------------------------------------------------

void reportOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("RECORD"),
        QStringLiteral("arXiv id of the record (default: every record)."),
        QStringLiteral("[RECORD]"));
    parser.addOption(kSinceOption);
    parser.addOption(kReportFormatOption);
    parser.addOption(kReportOutputOption);
}

int runReport(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() > 2)
        return usage(QStringLiteral("report: name at most one RECORD"), err);
    const QString format = parser.value(kReportFormatOption);
    if (format != u"text" && format != u"csv" && format != u"json")
        return usage(
            QStringLiteral("report: unknown format '%1'; expected text, csv or json").arg(format),
            err, QStringLiteral("report"));
    QString since;
    if (parser.isSet(kSinceOption)) {
        auto parsed = parseReportSince(parser.value(kSinceOption));
        if (!parsed)
            return usage(
                QStringLiteral("report: ") + parsed.error().message, err, QStringLiteral("report"));
        since = *parsed;
    }
    const QString output = parser.value(kReportOutputOption);
    if (SqliteLocks::isFileOfDatabase(output, cachePath(parser)))
        return report(
            Error::badInput(
                QStringLiteral("this is a file of the cache (--db), not written over"), output),
            err);
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    QList<CorrectionReportRow> rows;
    if (args.size() == 2) {
        auto curated = loadRecordArgument(*store, args[1]);
        if (!curated)
            return report(curated.error(), err);
        rows = correctionReportRows(*curated, since);
    } else {
        auto all = cacheCorrectionReport(*store, since);
        if (!all)
            return report(all.error(), err);
        rows = std::move(*all);
    }
    const bool toStdout = output.isEmpty() || output == u"-";
    QByteArray bytes;
    if (format == u"csv") {
        QList<QStringList> csv = correctionReportCsvRows(rows);
        bytes = csvText(toStdout ? terminalSafeRows(std::move(csv)) : csv, CsvFormulas::Guard)
                    .toUtf8();
    } else if (format == u"json") {
        const QByteArray json = correctionReportJson(rows);
        bytes = toStdout ? terminalSafeJson(json).toUtf8() : json;
    } else {
        const QString text = correctionReportText(rows);
        bytes = (toStdout ? terminalSafe(text, DisplayText::Lines::Keep) : text).toUtf8();
    }
    if (auto written = writeBytes(output, out, bytes); !written)
        return report(written.error(), err);
    return ExitOk;
}

// --- search --------------------------------------------------------------------------------------

void searchOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("TEXT"),
        QStringLiteral("What to look for (case-insensitive) in titles, observation UUIDs, "
                       "identifiers and notes."));
    parser.addOption(kJsonOption);
    parser.addOption(kLimitOption);
}

int runSearch(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        return usage(QStringLiteral("search: name the TEXT to look for (quote it when it holds "
                                    "spaces)"),
            err);
    if (foldSearchText(args[1]).isEmpty())
        return usage(QStringLiteral("search: the TEXT to look for is empty"), err);
    SearchOptions options;
    if (parser.isSet(kLimitOption)) {
        bool ok = false;
        options.limit = parser.value(kLimitOption).toLongLong(&ok);
        if (!ok || options.limit < 1)
            return usage(QStringLiteral("search: --limit takes a whole number from 1, found '%1'")
                             .arg(parser.value(kLimitOption)),
                err);
    }
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto found = searchCache(*store, args[1], options);
    if (!found)
        return report(found.error(), err);
    const SearchOutcome &outcome = *found;
    const bool json = parser.isSet(kJsonOption);
    if (json) {
        QJsonArray hits;
        for (const SearchHit &hit : outcome.hits) {
            const bool ofObservation = !hit.observation.isEmpty();
            hits.append(QJsonObject { { QStringLiteral("record"), hit.record },
                { QStringLiteral("observation"),
                    ofObservation ? QJsonValue(hit.observation) : QJsonValue() },
                { QStringLiteral("direction"),
                    ofObservation ? QJsonValue(directionKey(hit.direction)) : QJsonValue() },
                { QStringLiteral("state"),
                    ofObservation ? QJsonValue(stateKey(hit.state)) : QJsonValue() },
                { QStringLiteral("field"), hitFieldKey(hit.field) },
                { QStringLiteral("text"), hit.text } });
        }
        const QJsonObject document { { QStringLiteral("query"), args[1] },
            { QStringLiteral("total"), outcome.total },
            { QStringLiteral("records_searched"), outcome.records },
            { QStringLiteral("observations_searched"), outcome.observations },
            { QStringLiteral("hits"), hits } };
        out << terminalSafeJson(QJsonDocument(document).toJson(QJsonDocument::Indented));
    }
    if (outcome.total == 0) {
        // As grep: nothing found is status 1, said on standard error.
        err << "ledger-curator: nothing matches \"" << terminalSafe(args[1]) << "\" in "
            << outcome.records << (outcome.records == 1 ? " record" : " records") << " ("
            << outcome.observations
            << (outcome.observations == 1 ? " observation" : " observations") << ")" << Qt::endl;
        return ExitFailure;
    }
    if (json)
        return ExitOk;
    out << outcome.total << (outcome.total == 1 ? " hit" : " hits") << " for \""
        << terminalSafe(args[1]) << "\" in " << outcome.records
        << (outcome.records == 1 ? " record" : " records") << " (" << outcome.observations
        << (outcome.observations == 1 ? " observation" : " observations") << " searched)";
    if (outcome.truncated())
        out << "; the first " << outcome.hits.size() << " shown";
    out << Qt::endl
        << Qt::endl
        << padded(QStringLiteral("RECORD"), 12) << padded(QStringLiteral("OBSERVATION"), 38)
        << padded(QStringLiteral("DIRECTION"), 10) << padded(QStringLiteral("STATE"), 22)
        << padded(QStringLiteral("FIELD"), 22) << "TEXT" << Qt::endl;
    for (const SearchHit &hit : outcome.hits) {
        const bool ofObservation = !hit.observation.isEmpty();
        out << padded(terminalSafe(hit.record), 12)
            << padded(ofObservation ? terminalSafe(hit.observation) : QStringLiteral("-"), 38)
            << padded(ofObservation ? directionKey(hit.direction) : QStringLiteral("-"), 10)
            << padded(ofObservation ? stateText(hit.state) : QStringLiteral("-"), 22)
            << padded(hitFieldKey(hit.field), 22) << terminalSafe(hit.text) << Qt::endl;
    }
    return ExitOk;
}

} // namespace LedgerCurator::Cli
