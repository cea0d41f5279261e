// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmarks that print figures (never timed assertions), each with its target and, where there is
// one, its peer measured in the same run: import against sqlite3's own .import, render
// as a whole process, the observation table, app startup on a large cache, the merge of correction
// events, PDF export against headless Chromium and a bare QTextDocument, and sync on loopback.
// Usage: ledger-bench [--quick] [--observations N] [--runs N] [--only NAME,...] [--cli PATH]
// [--server PATH]. The sections live in their own files: import and render
// (ImportRenderBench.cpp), the table (TableBench.cpp), startup, search and the merge
// (StartupBench.cpp), PDF (PdfBench.cpp; --only pdf-large: export-pdf of 10,000, 60,000 and
// 200,000 observations with its peak memory), sync (SyncBench.cpp), the works index and
// matching (WorksBench.cpp).
#include "BenchContext.h"
#include "PdfBench.h"
#include "SyncBench.h"
#include "WorksBench.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTextStream>
#include <QThread>

#include <algorithm>

using namespace LedgerCurator;
using namespace LedgerCurator::Bench;

namespace {

// --- PDF export ------------------------------------------------------------------------------

PdfBenchOptions pdfOptions(const Context &c)
{
    PdfBenchOptions options;
    options.cliPath = c.cliPath;
    options.chromiumPath = c.chromiumPath;
    options.workDir = c.dir.path();
    options.runs = c.runs;
    options.chromiumObservations = c.sizes.pdfObservations;
    options.observations = c.sizes.pdfLarge;
    return options;
}

bool benchPdf(Context &c)
{
    runPdfBench(c.table, pdfOptions(c));
    return true;
}

bool benchPdfLarge(Context &c)
{
    runPdfLargeBench(c.table, pdfOptions(c));
    return true;
}

// --- sync on loopback ------------------------------------------------------------------------

bool benchSync(Context &c)
{
    SyncBenchOptions options;
    options.serverPath = c.serverPath;
    options.workDir = c.dir.path();
    options.recordJsonPath = c.jsonPath;
    options.record = &c.record;
    options.pullEvents = c.sizes.pullEvents;
    options.clients = c.sizes.clients;
    options.batchesPerClient = c.sizes.batchesPerClient;
    options.eventsPerBatch = c.sizes.eventsPerBatch;
    options.runs = c.runs;
    runSyncBench(c.table, options);
    return true;
}

bool benchWorks(Context &c)
{
    WorksBenchOptions options;
    options.cliPath = c.cliPath;
    options.workDir = c.dir.path();
    options.works = c.sizes.works;
    options.serverPath = c.serverPath;
    runWorksBench(c.table, options);
    return true;
}

bool benchMatching(Context &c)
{
    runMatchingBench(c.table, 3);
    return true;
}

//! A figure --only can name, and what measures it; false stops the benchmark (status 1).
struct Figure
{
    const char *name;
    bool (*run)(Context &);
};

//! Every figure, in the order they run and are printed.
const Figure kFigures[] = {
    { "import", benchImport },
    { "render", benchRender },
    { "table", benchTable },
    { "startup", benchStartup },
    { "search", benchSearch },
    { "merge", benchMerge },
    { "pdf", benchPdf },
    { "pdf-large", benchPdfLarge },
    { "sync", benchSync },
    { "works", benchWorks },
    { "matching", benchMatching },
};

QStringList figureNames()
{
    QStringList names;
    for (const Figure &figure : kFigures)
        names.append(QLatin1String(figure.name));
    return names;
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM",
        qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen")
                                             : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption quickOption(
        QStringLiteral("quick"), QStringLiteral("Smaller sizes: a smoke run."));
    const QCommandLineOption countOption(QStringLiteral("observations"),
        QStringLiteral("Observations in the large record (default 200000)."), QStringLiteral("N"));
    const QCommandLineOption runsOption(QStringLiteral("runs"),
        QStringLiteral("Runs per figure (median)."), QStringLiteral("N"), QStringLiteral("3"));
    const QCommandLineOption cliOption(QStringLiteral("cli"),
        QStringLiteral("The ledger-curator binary."), QStringLiteral("PATH"),
        QStringLiteral(LC_CLI_PATH));
    const QCommandLineOption serverOption(QStringLiteral("server"),
        QStringLiteral("The ledger-server binary."), QStringLiteral("PATH"),
        QStringLiteral(LC_SERVER_PATH));
    const QCommandLineOption chromiumOption(QStringLiteral("chromium"),
        QStringLiteral("The Chromium binary."), QStringLiteral("PATH"),
        QStringLiteral("/usr/bin/chromium"));
    const QCommandLineOption onlyOption(QStringLiteral("only"),
        QStringLiteral("Run only these, comma-separated: %1.")
            .arg(figureNames().join(QStringLiteral(", "))),
        QStringLiteral("NAMES"));
    const QCommandLineOption keepOption(QStringLiteral("keep"),
        QStringLiteral("Keep the generated files (for profiling) and print their folder."));
    parser.addOptions({ keepOption, quickOption, countOption, runsOption, cliOption, serverOption,
        chromiumOption, onlyOption });
    parser.process(app);

    Context c;
    if (parser.isSet(quickOption))
        c.sizes
            = { 20000, 100000, 5, 100000, 1000, { 2000, 6000, 20000 }, 10000, 10, 5, 100, 100000 };
    if (parser.isSet(countOption))
        c.sizes.observations = parser.value(countOption).toLongLong();
    c.runs = std::max(1, parser.value(runsOption).toInt());
    c.cliPath = parser.value(cliOption);
    c.serverPath = parser.value(serverOption);
    c.chromiumPath = parser.value(chromiumOption);
    const QStringList only = parser.value(onlyOption).split(u',', Qt::SkipEmptyParts);
    if (parser.isSet(keepOption)) {
        c.dir.setAutoRemove(false);
        benchOut() << "keeping the generated files in " << c.dir.path() << Qt::endl;
    }
    benchOut() << "Ledger Curator benchmarks: " << c.sizes.observations
               << " observations, median of " << c.runs << " runs"
               << (parser.isSet(quickOption)
                          ? " (quick: reduced sizes, targets are for the full sizes)"
                          : "")
               << Qt::endl;
    // The works index's figures and the PDF's need no large record (they make their own).
    const QStringList noRecord { QStringLiteral("works"), QStringLiteral("matching"),
        QStringLiteral("pdf"), QStringLiteral("pdf-large") };
    if (only.isEmpty() || std::any_of(only.cbegin(), only.cend(), [&](const QString &n) {
            return !noRecord.contains(n);
        }))
        generateFiles(c);

    for (const Figure &figure : kFigures) {
        if ((only.isEmpty() || only.contains(QLatin1String(figure.name))) && !figure.run(c))
            return 1;
    }

    benchOut() << Qt::endl
               << "Medians of " << c.runs << " runs on this machine ("
               << QThread::idealThreadCount() << " cores); peers measured in the same run."
               << Qt::endl
               << Qt::endl;
    c.table.print();
    benchOut() << Qt::endl << c.table.missed() << " target(s) missed." << Qt::endl;
    return 0;
}
