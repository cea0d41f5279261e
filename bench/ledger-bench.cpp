// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmarks that print figures (never timed assertions), each with its target and, where there is
// one, its peer measured in the same run (issue 8): import against sqlite3's own .import, render
// as a whole process, the observation table, app startup on a large cache, the merge of correction
// events, PDF export against headless Chromium and a bare QTextDocument, and sync on loopback.
// Usage: ledger-bench [--quick] [--observations N] [--runs N] [--only NAME,...] [--cli PATH]
// [--server PATH]; --only works: the works index (issue 23, bench/WorksBench.cpp); --only
// pdf-large: export-pdf of 10,000, 60,000 and 200,000 observations with its peak memory
// (bench/PdfBench.cpp)
#include "AnomalyHints.h"
#include "BenchSupport.h"
#include "CuratedRecord.h"
#include "CurationLog.h"
#include "HelperThread.h"
#include "LedgerText.h"
#include "ObservationFilterProxy.h"
#include "ObservationTableModel.h"
#include "PageHtml.h"
#include "PdfBench.h"
#include "RecordGenerator.h"
#include "RecordJson.h"
#include "RecordSearch.h"
#include "RunBeside.h"
#include "Store.h"
#include "SyncBench.h"
#include "WorksBench.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QUuid>

#include <algorithm>

using namespace LedgerCurator;
using namespace LedgerCurator::Bench;

namespace {

QTextStream out(stdout);

QString csvField(const QString &text)
{
    QString escaped = text;
    escaped.replace(u'"', QStringLiteral("\"\""));
    return u'"' + escaped + u'"';
}

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(data) == data.size();
}

void removeDatabase(const QString &path)
{
    for (const char *suffix : { "", "-wal", "-shm" })
        QFile::remove(path + QLatin1String(suffix));
}

//! The same observation rows as CSV, for sqlite3's .import.
QByteArray observationsCsv(const Record &r)
{
    QString csv;
    csv.reserve(r.observations.size() * 400);
    for (qsizetype i = 0; i < r.observations.size(); ++i) {
        const Observation &o = r.observations[i];
        csv += r.arxivId + u',' + QString::number(i) + u',' + o.id + u','
            + QString::number(int(o.direction)) + u',' + csvField(o.citingTitle) + u','
            + csvField(o.citedTitle) + u','
            + (o.reference ? QString::number(*o.reference) : QString()) + u','
            + QString::number(int(o.state)) + u',' + csvField(o.basis) + u',' + o.observedAt + u','
            + QString::number(int(o.events.status)) + u',' + o.events.asOf + u','
            + csvField(o.events.reason) + u'\n';
    }
    return csv.toUtf8();
}

//! The cache's observations table, in WAL mode with synchronous=NORMAL as the cache runs.
const char *kSqliteSchema
    = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
      "CREATE TABLE observations (record_id TEXT NOT NULL, position INTEGER NOT NULL, id TEXT NOT "
      "NULL,"
      " direction INTEGER NOT NULL, citing_title TEXT NOT NULL, cited_title TEXT NOT NULL, "
      "reference INTEGER,"
      " state INTEGER NOT NULL, basis TEXT NOT NULL, observed_at TEXT NOT NULL, events_status "
      "INTEGER NOT NULL,"
      " events_as_of TEXT, events_reason TEXT, PRIMARY KEY (record_id, position)) WITHOUT ROWID;"
      "CREATE UNIQUE INDEX observations_by_id ON observations(record_id, id);";

double sqliteImport(const QString &dir, const QString &csvPath, int runs)
{
    const QString script = dir + QStringLiteral("/peer.sql");
    writeFile(script,
        QByteArray(kSqliteSchema) + "\n.mode csv\n.import " + csvPath.toUtf8() + " observations\n");
    const QString db = dir + QStringLiteral("/peer.sqlite");
    return medianRun(
        runs,
        [&] {
            return runProcess(QStringLiteral("sqlite3"), { db, QStringLiteral(".read ") + script });
        },
        [&] { removeDatabase(db); })
        .wallMs;
}

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

//! The large record and its files, made once for all figures.
void generateFiles(Context &c)
{
    QElapsedTimer timer;
    timer.start();
    const qsizetype count = c.sizes.observations;
    c.record = Bench::generateRecord(count, count / 100, 7);
    c.textPath = c.dir.filePath(QStringLiteral("large.txt"));
    c.jsonPath = c.dir.filePath(QStringLiteral("large.json"));
    c.csvPath = c.dir.filePath(QStringLiteral("large.csv"));
    writeFile(c.textPath, renderLedgerText(c.record).toUtf8());
    writeFile(c.jsonPath, writeRecordJson(c.record));
    writeFile(c.csvPath, observationsCsv(c.record));
    out << "generated the record and its files in " << timer.elapsed() << " ms" << Qt::endl
        << Qt::endl;
}

// --- import ----------------------------------------------------------------------------------

bool benchImport(Context &c)
{
    // A cache of its own, emptied before every run.
    const QString db = c.dir.filePath(QStringLiteral("import-cache.sqlite"));
    const double peer = sqliteImport(c.dir.path(), c.csvPath, c.runs);
    for (const auto &[name, path] :
        { std::pair { "import: record JSON (ledger-curator import)", c.jsonPath },
            std::pair { "import: page text (ledger-curator import)", c.textPath } }) {
        const ProcessRun run = medianRun(
            c.runs,
            [&, path = path] {
                return c.runCli({ QStringLiteral("import"), path, QStringLiteral("--db"), db });
            },
            [&] { removeDatabase(db); });
        c.table.ratio(
            QStringLiteral("%1, %2 obs").arg(QLatin1String(name)).arg(c.sizes.observations),
            run.wallMs, QStringLiteral("sqlite3 .import CSV"), peer, 1.5);
    }
    removeDatabase(db);
    return true;
}

// --- render ----------------------------------------------------------------------------------

//! The direct writer must give QJsonDocument's bytes exactly, also for awkward text: checked on
//! a small record made awkward and on the large one.
void checkJsonWriter(Table &table, const Record &large)
{
    Record awkward = Bench::generateRecord(300, 20, 5);
    awkward.title += QStringLiteral("\"quoted\" \\ back\tslash\x01\x1f\x7f é ✓ ") + QChar(0xd800)
        + QStringLiteral(" lone ") + QChar(0xdc00) + QChar(0xd83d) + QChar(0xde80);
    awkward.measurements.clear();
    awkward.observations[3].curation.mark = QStringLiteral("Corrected: state");
    awkward.observations[3].curation.conflicts
        = { QStringLiteral("state"), QStringLiteral("note") };
    awkward.observations[3].curation.excluded = true;
    awkward.observations[3].curation.reviewNote = QStringLiteral("line\nbreak");
    awkward.observations[4].reference = (qint64(1) << 53) + 1;
    awkward.observations[5].citingTitle = QString(QChar(0xdbff));
    awkward.coverage[0].sources.clear();
    awkward.coverage[1].observedAt.clear();
    bool same = true;
    for (const Record *r : std::initializer_list<const Record *> { &awkward, &large }) {
        const QByteArray direct = writeRecordJson(*r);
        const QByteArray viaQt = QJsonDocument(recordToJson(*r)).toJson(QJsonDocument::Indented);
        if (direct == viaQt)
            continue;
        same = false;
        qsizetype at = 0;
        while (at < direct.size() && at < viaQt.size() && direct[at] == viaQt[at])
            ++at;
        out << "  writeRecordJson differs at byte " << at << ":\n    direct: "
            << QString::fromUtf8(direct.mid(std::max<qsizetype>(0, at - 80), 160))
            << "\n    Qt:     "
            << QString::fromUtf8(viaQt.mid(std::max<qsizetype>(0, at - 80), 160)) << Qt::endl;
    }
    table.check(QStringLiteral("  writeRecordJson gives QJsonDocument's bytes"), same,
        QStringLiteral("byte-identical"));
}

bool benchRender(Context &c)
{
    const QString &db = c.cache();
    const Record &record = c.record;
    const int runs = c.runs;
    Table &table = c.table;
    for (const char *format : { "text", "json" }) {
        const ProcessRun run = medianRun(runs, [&] {
            return c.runCli({ QStringLiteral("render"), record.arxivId, QStringLiteral("--format"),
                QLatin1String(format), QStringLiteral("--db"), db });
        });
        table.below(QStringLiteral("render --format %1 (whole process)").arg(QLatin1String(format)),
            run.wallMs, 1000);
    }
    // The parts, in process.
    table.info(
        QStringLiteral("  process start and exit (ledger-curator list)"), medianRun(runs, [&] {
            return c.runCli({ QStringLiteral("list"), QStringLiteral("--db"), db });
        }).wallMs);
    Store store(db);
    if (store.open()) {
        std::optional<Record> loaded;
        table.info(QStringLiteral("  Store::loadRecord"),
            measure(runs, [&] { loaded = std::move(*store.loadRecord(record.arxivId).value()); }));
        table.info(QStringLiteral("  Store::loadCurated (load + corrections + notices)"),
            measure(runs, [&] { (void)store.loadCurated(record.arxivId); }));
    }
    const CuratedRecord curated = applyCorrections(record, {});
    table.info(QStringLiteral("  applyCorrections without events"),
        measure(runs, [&] { (void)applyCorrections(record, {}); }));
    table.info(QStringLiteral("  renderLedgerText"),
        measure(runs, [&] { (void)renderLedgerText(curated.shown); }));
    table.info(QStringLiteral("  writeRecordJson"),
        measure(runs, [&] { (void)writeRecordJson(curated.shown); }));
    table.info(QStringLiteral("  QJsonDocument(recordToJson).toJson (the former writer)"),
        measure(runs, [&] {
            (void)QJsonDocument(recordToJson(curated.shown)).toJson(QJsonDocument::Indented);
        }));
    checkJsonWriter(table, curated.shown);
    table.info(QStringLiteral("  readRecordJson (import's parse)"), measure(runs, [&] {
        QFile file(c.jsonPath);
        if (file.open(QIODevice::ReadOnly))
            (void)readRecordJson(file.readAll(), c.jsonPath);
    }));
    table.info(QStringLiteral("  parseLedgerText (import's parse)"), measure(runs, [&] {
        QFile file(c.textPath);
        if (file.open(QIODevice::ReadOnly))
            (void)parseLedgerText(file.readAll(), c.textPath);
    }));
    const QString storeOnly = c.dir.filePath(QStringLiteral("store-only.sqlite"));
    table.info(QStringLiteral("  Store::importRecords (import's store)"),
        measure(
            runs,
            [&] {
                Store s(storeOnly);
                if (s.open())
                    (void)s.importRecords({ record });
            },
            [&] { removeDatabase(storeOnly); }));
    return true;
}

// --- the observation table -------------------------------------------------------------------

//! Scrolling the whole record, and what one visible row costs.
void tableScrollFigures(Context &c, QTableView &view, ObservationFilterProxy &proxy)
{
    // Scrolling: the worst page repaint from top to bottom, in 200 steps.
    QList<double> frames;
    QScrollBar *bar = view.verticalScrollBar();
    for (int step = 0; step <= 200; ++step) {
        bar->setValue(int(qint64(bar->maximum()) * step / 200));
        QElapsedTimer frame;
        frame.start();
        view.viewport()->repaint();
        frames.append(double(frame.nsecsElapsed()) / 1e6);
    }
    c.table.below(QStringLiteral("table: scroll top to bottom, worst frame"),
        *std::max_element(frames.begin(), frames.end()), 50);
    // data() work per visible row, all columns, all roles the view asks for.
    const int visible = 40;
    const double perRow = measure(c.runs, [&] {
        for (int row = 0; row < visible; ++row)
            for (int column = 0; column < ObservationTableModel::ColumnCount; ++column)
                for (int role :
                    { int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::ForegroundRole),
                        int(Qt::TextAlignmentRole), int(ObservationTableModel::StateRole) })
                    (void)proxy.index(row, column).data(role);
    }) / visible;
    c.table.info(QStringLiteral("table: data() for one visible row, all columns and roles"),
        perRow * 1000, QStringLiteral("us"));
}

//! A correction on the big record: the session re-applies events and the model updates rows.
void tableCorrectionFigures(Context &c, CuratedRecord &curated, ObservationTableModel &model)
{
    const int runs = c.runs;
    Table &table = c.table;
    const QString target = curated.shown.observations[c.sizes.observations / 2].id;
    const FieldState empty;
    CorrectionEvent event = makeEdit(empty, c.record.arxivId, target, CurationField::State,
        QStringLiteral("verified_exact"), QStringLiteral("bench"), nowUtc());
    table.info(QStringLiteral("  anomalyHints over the record"),
        measure(runs, [&] { (void)anomalyHints(curated.shown); }));
    table.info(QStringLiteral("  applyCorrections with one event"),
        measure(runs, [&] { (void)applyCorrections(curated.upstream, { event }); }));
    table.info(
        QStringLiteral("table: one correction, full re-apply + update model"), measure(runs, [&] {
            CuratedRecord next = applyCorrections(curated.upstream, { event });
            model.updateCuratedRecord(next, { target });
        }));
    table.info(QStringLiteral("table: one correction as the app does (incremental)"),
        measure(
            runs,
            [&] {
                applyMoreCorrections(curated, { event });
                model.updateCuratedRecord(curated, { target });
            },
            [&] {
                event.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
                event.value = event.value == u"verified_exact" ? QStringLiteral("unresolved")
                                                               : QStringLiteral("verified_exact");
            }));
}

bool benchTable(Context &c)
{
    const QString &db = c.cache();
    const Record &record = c.record;
    const int runs = c.runs;
    Table &table = c.table;
    Store store(db);
    if (!store.open()) {
        out << "cannot open the cache" << Qt::endl;
        return false;
    }
    std::optional<CuratedRecord> curated;
    table.info(QStringLiteral("table: load the record from the cache (worker thread)"),
        measure(runs, [&] { curated = *store.loadCurated(record.arxivId).value(); }));
    ObservationTableData data;
    table.info(QStringLiteral("table: prepare table data (worker thread)"),
        measure(runs, [&] { data = ObservationTableModel::prepare(*curated); }));
    ObservationTableModel model;
    ObservationFilterProxy proxy;
    proxy.setSourceModel(&model);
    QTableView view;
    view.setModel(&proxy);
    view.setSortingEnabled(true);
    view.resize(1000, 700);
    view.show();
    QApplication::processEvents();
    // As MainWindow::loadRecord(): the worker opens its own connection, reads the top of the
    // page and prepares it without hints; the GUI thread swaps it in and paints.
    table.below(
        QStringLiteral("table: select record: first rows read, prepared, swapped in, painted"),
        measure(runs,
            [&] {
                Store worker(db);
                if (!worker.open())
                    return;
                const auto first
                    = worker.loadCurated(record.arxivId, ObservationTableModel::FirstRows + 1);
                if (!first || !first->has_value())
                    return;
                model.setTableData(
                    ObservationTableModel::prepare(**first, ObservationTableModel::Hints::Skip));
                view.viewport()->repaint();
            }),
        300);
    table.info(QStringLiteral("  then the whole record: prepared, swapped in, painted"),
        measure(runs, [&] {
            model.setTableData(ObservationTableModel::prepare(*curated));
            view.viewport()->repaint();
        }));
    table.info(QStringLiteral("  of which on the GUI thread (setTableData + paint)"),
        measure(
            runs,
            [&] {
                model.setTableData(std::move(data));
                view.viewport()->repaint();
            },
            [&] { data = ObservationTableModel::prepare(*curated); }));
    table.below(QStringLiteral("table: text filter 'scaling sparse' applied"),
        measure(
            runs,
            [&] {
                proxy.setFilterText(QStringLiteral("scaling sparse"));
                (void)proxy.rowCount();
            },
            [&] { proxy.setFilterText(QString()); }),
        100);
    proxy.setFilterText(QString());
    table.below(QStringLiteral("table: state filter 'unresolved' applied"),
        measure(
            runs,
            [&] {
                proxy.setStates({ ResolutionState::Unresolved });
                (void)proxy.rowCount();
            },
            [&] { proxy.setStates({}); }),
        100);
    proxy.setStates({});
    table.below(QStringLiteral("table: sort by citing title"),
        measure(
            runs,
            [&] {
                view.sortByColumn(ObservationTableModel::CitingTitleColumn, Qt::AscendingOrder);
            },
            [&] { view.sortByColumn(-1, Qt::AscendingOrder); }),
        500);
    tableScrollFigures(c, view, proxy);
    tableCorrectionFigures(c, *curated, model);
    return true;
}

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
    out << "  (built a cache of " << c.sizes.cacheObservations << " observations over "
        << c.sizes.cacheRecords << " records in " << building.elapsed() << " ms)" << Qt::endl;
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
    table.info(
        QStringLiteral("  the whole first record shown in the table (editable)"), median(first));
    table.info(QStringLiteral("  then its page preview shown (built on a worker thread)"),
        median(preview));
    table.info(QStringLiteral("  whole process, to exit"), median(wall));
    table.below(QStringLiteral("startup: peak resident memory (VmHWM)"), median(hwm), 400,
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
        out << "keeping the generated files in " << c.dir.path() << Qt::endl;
    }
    out << "Ledger Curator benchmarks: " << c.sizes.observations << " observations, median of "
        << c.runs << " runs"
        << (parser.isSet(quickOption) ? " (quick: reduced sizes, targets are for the full sizes)"
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

    out << Qt::endl
        << "Medians of " << c.runs << " runs on this machine (" << QThread::idealThreadCount()
        << " cores); peers measured in the same run." << Qt::endl
        << Qt::endl;
    c.table.print();
    out << Qt::endl << c.table.missed() << " target(s) missed." << Qt::endl;
    return 0;
}
