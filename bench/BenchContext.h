// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the figures of ledger-bench.cpp share: the run's sizes, the large record and its files,
// the table; each section (ImportRenderBench.cpp, TableBench.cpp, StartupBench.cpp) is one
// function of a Context.

#include "BenchSupport.h"
#include "Record.h"

#include <QTemporaryDir>

namespace LedgerCurator::Bench {

//! The run's sizes; --quick makes every one smaller for a smoke run.
struct Sizes
{
    qsizetype observations = 200000; // the large record
    qsizetype cacheObservations = 1000000; // the startup cache, over cacheRecords records
    int cacheRecords = 5;
    int mergeEvents = 1000000;
    qsizetype pdfObservations = 10000;
    QList<qsizetype> pdfLarge { 10000, 60000, 200000 }; // export-pdf's peak memory (pdf-large)
    qsizetype pullEvents = 100000;
    int clients = 50;
    int batchesPerClient = 20;
    int eventsPerBatch = 100;
    qint64 works = 2700000; // the works index's generated arXiv snapshot
};

//! What every figure works on: the run's settings, the large record and its files, the table.
struct Context
{
    Sizes sizes;
    int runs = 3;
    QString cliPath; // ledger-curator
    QString serverPath; // ledger-server
    QString chromiumPath;
    QTemporaryDir dir;
    Table table;
    Record record; // the large record
    QString textPath; // the large record as page text,
    QString jsonPath; // as record JSON
    QString csvPath; // and as observation rows for sqlite3

    ProcessRun runCli(const QStringList &arguments) const { return runProcess(cliPath, arguments); }

    //! A cache holding the large record, imported from its JSON when first asked for.
    const QString &cache()
    {
        if (m_cache.isEmpty()) {
            m_cache = dir.filePath(QStringLiteral("cache.sqlite"));
            removeDatabase(m_cache);
            runCli({ QStringLiteral("import"), jsonPath, QStringLiteral("--db"), m_cache });
        }
        return m_cache;
    }

private:
    QString m_cache;
};

//! The large record and its files (page text, record JSON, CSV rows), made once for all figures.
void generateFiles(Context &c);

// The sections; false stops the benchmark (status 1).
bool benchImport(Context &c); // ImportRenderBench.cpp
bool benchRender(Context &c); // ImportRenderBench.cpp
bool benchTable(Context &c); // TableBench.cpp
bool benchStartup(Context &c); // StartupBench.cpp
bool benchSearch(Context &c); // StartupBench.cpp
bool benchMerge(Context &c); // StartupBench.cpp

} // namespace LedgerCurator::Bench
