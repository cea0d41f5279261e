// SPDX-License-Identifier: GPL-3.0-or-later
// The app's startup on a large cache, search across every record, and the merge of correction
// events.
#include "BenchContext.h"
#include "CurationLog.h"
#include "HelperThread.h"
#include "RecordGenerator.h"
#include "RecordJson.h"
#include "RecordSearch.h"
#include "RunBeside.h"
#include "Store.h"

#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QUuid>

using namespace LedgerCurator;

namespace LedgerCurator::Bench {

namespace {

QList<CorrectionEvent> mergeEvents(int count)
{
    QList<CorrectionEvent> events;
    const int observations = std::max(1, count / 4);
    events.reserve(count);
    QRandomGenerator random(11);
    QStringList ids;
    for (int i = 0; i < observations; ++i)
        ids.append(QUuid::createUuidV5(QUuid(), QString::number(i)).toString(QUuid::WithoutBraces));
    QHash<QString, QString> lastOf;
    for (int i = 0; i < count; ++i) {
        CorrectionEvent e;
        e.id = QUuid::createUuidV5(QUuid(), QStringLiteral("e%1").arg(i))
                   .toString(QUuid::WithoutBraces);
        e.record = QStringLiteral("2401.00001");
        e.observation = ids[int(random.bounded(observations))];
        e.field = static_cast<CurationField>(random.bounded(3));
        e.value = QStringLiteral("v%1").arg(i % 13);
        const QString key = e.observation + QString::number(int(e.field));
        if (const auto it = lastOf.constFind(key);
            it != lastOf.constEnd() && random.bounded(10) < 8)
            e.parents = { *it };
        lastOf.insert(key, e.id);
        e.author = QStringLiteral("curator%1").arg(i % 5);
        e.createdAt = QStringLiteral("2026-11-%1T10:00:00.000Z").arg(10 + i % 18);
        events.append(std::move(e));
    }
    return events;
}

//! "key=value" numbers from --benchmark-startup output.
QHash<QString, double> parseStartupOutput(const QByteArray &output)
{
    QHash<QString, double> figures;
    static const QRegularExpression pattern(
        QStringLiteral("^startup: ([a-z-]+)=([0-9.]+)"), QRegularExpression::MultilineOption);
    auto it = pattern.globalMatch(QString::fromUtf8(output));
    while (it.hasNext()) {
        const auto m = it.next();
        figures.insert(m.captured(1), m.captured(2).toDouble());
    }
    return figures;
}

} // namespace

// --- app startup on a large cache ------------------------------------------------------------

//! Builds the startup cache: sizes.cacheObservations over sizes.cacheRecords records.
void buildStartupCache(const Context &c, const QString &path)
{
    const qsizetype perRecord = c.sizes.cacheObservations / c.sizes.cacheRecords;
    QElapsedTimer building;
    building.start();
    Store store(path);
    bool ok = bool(store.open());
    for (int r = 0; r < c.sizes.cacheRecords && ok; ++r) {
        const qsizetype outbound = perRecord / 100;
        ok = bool(store.importRecords(
            { Bench::generateRecord(perRecord - outbound, outbound, quint32(101 + r)) }));
    }
    benchOut() << "  (built a cache of " << c.sizes.cacheObservations << " observations over "
               << c.sizes.cacheRecords << " records in " << building.elapsed() << " ms)"
               << Qt::endl;
}

bool benchStartup(Context &c)
{
    Table &table = c.table;
    const QString cache = c.dir.filePath(QStringLiteral("startup-cache.sqlite"));
    buildStartupCache(c, cache);
    QList<double> shown, listed, firstRows, first, preview, hwm, wall;
    int failed = 0;
    for (int run = 0; run < c.runs; ++run) {
        const ProcessRun p = runProcess(c.cliPath,
            { QStringLiteral("--db"), cache, QStringLiteral("--benchmark-startup") }, true,
            { QStringLiteral("QT_QPA_PLATFORM=offscreen") });
        const auto figures = parseStartupOutput(p.output);
        if (p.exitCode != 0 || !figures.contains(QStringLiteral("window-shown-ms"))) {
            ++failed;
            continue;
        }
        shown.append(figures.value(QStringLiteral("window-shown-ms")));
        listed.append(figures.value(QStringLiteral("records-listed")));
        firstRows.append(figures.value(QStringLiteral("first-rows-ms"), -1));
        first.append(figures.value(QStringLiteral("record-shown-ms"), -1));
        preview.append(figures.value(QStringLiteral("preview-shown-ms"), -1));
        hwm.append(figures.value(QStringLiteral("vmhwm-kb")) / 1024.0);
        wall.append(p.wallMs);
        // Not wait4()'s ru_maxrss: Linux carries the parent's high-water mark over the exec
        // of a spawned child, so it reported this benchmark's own 1 GB, not the app's.
    }
    const QString cacheName = QStringLiteral("%1 obs / %2 records")
                                  .arg(c.sizes.cacheObservations)
                                  .arg(c.sizes.cacheRecords);
    if (shown.isEmpty()) {
        table.skipped(QStringLiteral("startup: usable window (%1)").arg(cacheName),
            QStringLiteral("ledger-curator --benchmark-startup failed %1 times").arg(failed),
            QStringLiteral("< 1000 ms"));
        return true;
    }
    table.below(QStringLiteral("startup: window shown, record list filled (%1)").arg(cacheName),
        median(shown), 1000);
    table.info(QStringLiteral("  records listed"), median(listed), QStringLiteral("records"));
    table.info(QStringLiteral("  first rows of the first record painted (from process start)"),
        median(firstRows));
    table.below(QStringLiteral("  the whole first record shown in the table (editable)"),
        median(first), 1000);
    table.below(QStringLiteral("  then its page preview shown (built on a worker thread)"),
        median(preview), 2000);
    table.info(QStringLiteral("  whole process, to exit"), median(wall));
    table.below(QStringLiteral("startup: peak resident memory (VmHWM)"), median(hwm), 300,
        QStringLiteral("MB"));
    return true;
}

// --- search across every record ----------------------------------------------------------------

//! `ledger-curator search` on the startup cache (1,000,000 observations over 5 records, built
//! when the startup figure has not built it), with 1,000 notes and 1,000 identifiers corrected
//! on the first record: a whole process for each text (< 1.5 s), and searchCache() in this
//! process, for a phrase many titles hold, a rare one, an observation's UUID, a curated note,
//! and Greek in upper case (case-folded to the titles' lower case).
bool benchSearch(Context &c)
{
    Table &table = c.table;
    const QString cache = c.dir.filePath(QStringLiteral("startup-cache.sqlite"));
    if (!QFileInfo::exists(cache))
        buildStartupCache(c, cache);
    const Record first = Bench::generateRecord(16, 0, 101); // the ids of the first record
    {
        Store store(cache);
        if (!store.open())
            return false;
        auto summaries = store.recordSummaries();
        if (!summaries || summaries->isEmpty())
            return false;
        const QString record = summaries->first().arxivId;
        auto corrections = store.corrections(record);
        if (corrections && corrections->isEmpty()) {
            auto loaded = store.loadRecord(record);
            if (!loaded || !loaded->has_value())
                return false;
            QList<CorrectionEvent> events;
            const QList<Observation> &observations = (*loaded)->observations;
            for (qsizetype i = 0; i < 1000 && i * 97 < observations.size(); ++i) {
                const QString observation = observations[i * 97].id;
                for (const CurationField field :
                    { CurationField::Note, CurationField::Identifier }) {
                    CorrectionEvent e = makeEdit({}, record, observation, field,
                        field == CurationField::Note
                            ? QStringLiteral("Checked against the publisher's page %1").arg(i)
                            : QStringLiteral("10.5555/bench.%1").arg(i),
                        QStringLiteral("bench"), QStringLiteral("2026-11-29T10:00:00.000Z"));
                    events.append(std::move(e));
                }
            }
            if (!store.addCorrections(events))
                return false;
        }
    }
    const QString name = QStringLiteral("%1 obs / %2 records")
                             .arg(c.sizes.cacheObservations)
                             .arg(c.sizes.cacheRecords);
    struct Case
    {
        const char *label;
        QString text;
    };
    const Case cases[] = {
        { "a phrase many titles hold", QStringLiteral("gradient checkpoint") },
        { "a rare phrase", QStringLiteral("alignment quantization retrieval") },
        { "an observation UUID", first.observations.value(7).id },
        { "a curated note", QStringLiteral("publisher's page 421") },
        { "Greek, upper case", QStringLiteral("ΠΑΡΆΛΛΗΛΗ") },
    };
    for (const Case &one : cases) {
        qint64 total = 0;
        const ProcessRun p = medianRun(c.runs, [&] {
            return runProcess(c.cliPath,
                { QStringLiteral("search"), one.text, QStringLiteral("--limit"),
                    QStringLiteral("100"), QStringLiteral("--db"), cache },
                true);
        });
        const double inProcess = measure(c.runs, [&] {
            Store store(cache);
            if (!store.open())
                return;
            if (auto found = searchCache(store, one.text, SearchOptions { 100, {} }))
                total = found->total;
        });
        table.below(
            QStringLiteral("search: %1 (%2), whole process").arg(QLatin1String(one.label), name),
            p.wallMs, 1500);
        table.info(
            QStringLiteral("  searchCache() in this process (%1 hits)").arg(total), inProcess);
    }
    return true;
}

// --- the merge -------------------------------------------------------------------------------

bool benchMerge(Context &c)
{
    const QList<CorrectionEvent> events = mergeEvents(c.sizes.mergeEvents);
    // The merge builds the current state; freeing the previous run's state is not part of
    // it (the app keeps the state while the record is shown), so that happens untimed.
    std::map<FieldKey, FieldState> state;
    c.table.below(
        QStringLiteral("merge: %1 correction events (resolveAll)").arg(c.sizes.mergeEvents),
        measure(
            c.runs, [&] { state = resolveAll(events, Threads::runBesideIfWorthIt); },
            [&] { state = {}; }),
        2000);
    // The domain starts no thread (docs/threads.md): without a RunBeside, one thread merges.
    c.table.info(QStringLiteral("  the same on one thread (no RunBeside)"),
        measure(
            c.runs, [&] { state = resolveAll(events); }, [&] { state = {}; }));
    c.table.info(QStringLiteral("  fields in the merged state"), double(state.size()),
        QStringLiteral("fields"));
    return true;
}

} // namespace LedgerCurator::Bench
