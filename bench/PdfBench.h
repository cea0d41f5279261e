// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "BenchSupport.h"

#include <QList>
#include <QString>

namespace LedgerCurator::Bench {

struct PdfBenchOptions
{
    QString cliPath; // the ledger-curator binary
    QString chromiumPath; // the peer of `pdf`
    QString workDir; // a temporary folder for the caches, the pages and the PDFs
    qsizetype chromiumObservations = 10000; // the record `pdf` exports against Chromium
    QList<qsizetype> observations { 10000, 60000, 200000 }; // the records `pdf-large` exports
    int runs = 3; // per figure; pdf-large runs records over 10,000 observations once
};

//! `export-pdf` against headless Chromium printing the same page (as whole processes, at 1,000
//! observations and at `chromiumObservations`), and exportPdf() in this process against a bare
//! QTextDocument::print() of the same HTML.
void runPdfBench(Table &table, const PdfBenchOptions &options);

//! `export-pdf` of large generated records as whole processes: wall and CPU
//! time, pages, size, and the export's own peak resident memory (through /usr/bin/time, whose
//! child starts afresh: a child of this benchmark would inherit its high-water mark).
void runPdfLargeBench(Table &table, const PdfBenchOptions &options);

} // namespace LedgerCurator::Bench
