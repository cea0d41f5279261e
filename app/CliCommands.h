// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The subcommands of ledger-curator, one group to a file; the command table in Cli.cpp names
// them. For each, NAMEOptions() adds its arguments and options to the parser (--help and --db
// are there already) and runNAME() runs it once the arguments are parsed, returning an
// ExitStatus.

#include <QCommandLineParser>
#include <QTextStream>

namespace LedgerCurator::Cli {

// CliRecords.cpp: the records of the cache (import, list, show, check, remove).
void importOptions(QCommandLineParser &parser);
int runImport(QCommandLineParser &parser, QTextStream &out, QTextStream &err);
void listOptions(QCommandLineParser &parser);
int runList(QCommandLineParser &parser, QTextStream &out, QTextStream &err);
void showOptions(QCommandLineParser &parser);
int runShow(QCommandLineParser &parser, QTextStream &out, QTextStream &err);
void checkOptions(QCommandLineParser &parser);
int runCheck(QCommandLineParser &parser, QTextStream &out, QTextStream &err);
void removeOptions(QCommandLineParser &parser);
int runRemove(QCommandLineParser &parser, QTextStream &out, QTextStream &err);

// CliNotices.cpp: retraction and correction notices (import-notices, notices, review).
void importNoticesOptions(QCommandLineParser &parser);
int runImportNotices(QCommandLineParser &parser, QTextStream &out, QTextStream &err);
void noticesOptions(QCommandLineParser &parser);
int runNotices(QCommandLineParser &parser, QTextStream &out, QTextStream &err);
void reviewOptions(QCommandLineParser &parser);
int runReview(QCommandLineParser &parser, QTextStream &out, QTextStream &err);

// CliRender.cpp: a record's page (render, export-pdf).
void renderOptions(QCommandLineParser &parser);
int runRender(QCommandLineParser &parser, QTextStream &out, QTextStream &err);
void exportPdfOptions(QCommandLineParser &parser);
int runExportPdf(QCommandLineParser &parser, QTextStream &out, QTextStream &err);

// CliReports.cpp: what the curators did and where things are (report, search; docs/reports.md).
void reportOptions(QCommandLineParser &parser);
int runReport(QCommandLineParser &parser, QTextStream &out, QTextStream &err);
void searchOptions(QCommandLineParser &parser);
int runSearch(QCommandLineParser &parser, QTextStream &out, QTextStream &err);

// CliIdentity.cpp: the curator's name and ORCID iD (identity).
void identityOptions(QCommandLineParser &parser);
int runIdentity(QCommandLineParser &parser, QTextStream &out, QTextStream &err);

// CliCurate.cpp: corrections (curate, undo, history).
void curateOptions(QCommandLineParser &parser);
int runCurate(QCommandLineParser &parser, QTextStream &out, QTextStream &err);
void undoOptions(QCommandLineParser &parser);
int runUndo(QCommandLineParser &parser, QTextStream &out, QTextStream &err);
void historyOptions(QCommandLineParser &parser);
int runHistory(QCommandLineParser &parser, QTextStream &out, QTextStream &err);

// CliSuggest.cpp: match suggestions from the works index (suggest; docs/works.md).
void suggestOptions(QCommandLineParser &parser);
int runSuggest(QCommandLineParser &parser, QTextStream &out, QTextStream &err);

// CliSync.cpp: the one command that talks to the network (sync).
void syncOptions(QCommandLineParser &parser);
int runSync(QCommandLineParser &parser, QTextStream &out, QTextStream &err);

// CliBundle.cpp: curator bundles, a record with its signed corrections and their keys
// (export-bundle, verify-bundle, import-bundle; docs/bundle.md).
void exportBundleOptions(QCommandLineParser &parser);
int runExportBundle(QCommandLineParser &parser, QTextStream &out, QTextStream &err);
void verifyBundleOptions(QCommandLineParser &parser);
int runVerifyBundle(QCommandLineParser &parser, QTextStream &out, QTextStream &err);
void importBundleOptions(QCommandLineParser &parser);
int runImportBundle(QCommandLineParser &parser, QTextStream &out, QTextStream &err);

// CliWorks.cpp: the works index of the cache (works import, works stats; docs/works.md).
void worksOptions(QCommandLineParser &parser);
int runWorks(QCommandLineParser &parser, QTextStream &out, QTextStream &err);

} // namespace LedgerCurator::Cli
