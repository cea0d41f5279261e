// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "BenchSupport.h"
#include "Record.h"

namespace LedgerCurator::Bench {

struct SyncBenchOptions
{
    QString serverPath; // the ledger-server binary
    QString workDir; // a temporary folder for the server databases and caches
    QString recordJsonPath; // the large record, as record JSON
    const Record *record = nullptr; // the same record (observation ids for the events)
    qsizetype pullEvents = 100000; // events the fresh client pulls with the record
    int clients = 50; // concurrent posting clients
    int batchesPerClient = 20;
    int eventsPerBatch = 100;
    int runs = 3;
};

//! Sync on loopback against the real ledger-server: a fresh client's pull, then many clients
//! posting at once (every event stored once, throughput, 99th-percentile latency).
void runSyncBench(Table &table, const SyncBenchOptions &options);

} // namespace LedgerCurator::Bench
