// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "BenchSupport.h"

namespace LedgerCurator::Bench {

struct WorksBenchOptions
{
    QString cliPath; // the ledger-curator binary
    QString serverPath; // the ledger-server binary (the reconciliation service's batches)
    QString workDir; // a temporary folder for the generated file and the cache
    qint64 works = 2700000;
    int queries = 1000;
    int suggestObservations = 10000; // the record `suggest` is timed on
};

//! The works index: `ledger-curator works import` of a generated arXiv metadata
//! snapshot (time and the child's own peak memory), the index's size on disk, and candidates()
//! for noisy queries (median and 99th percentile, and how often the right work came first).
void runWorksBench(Table &table, const WorksBenchOptions &options);

//! Match suggestions on held-out sets (tests/support/HeldOutWorks.h) of seeds drawn fresh at
//! every run: precision and recall of `match`, top-5 recall, and the reliability of scores.
void runMatchingBench(Table &table, int sets);

} // namespace LedgerCurator::Bench
