// SPDX-License-Identifier: GPL-3.0-or-later
// Import of the large record against sqlite3's own .import, and its render as a whole process.
#include "BenchContext.h"
#include "LedgerText.h"
#include "PageHtml.h"
#include "RecordGenerator.h"
#include "RecordJson.h"
#include "Store.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

using namespace LedgerCurator;

namespace LedgerCurator::Bench {

namespace {

QString csvField(const QString &text)
{
    QString escaped = text;
    escaped.replace(u'"', QStringLiteral("\"\""));
    return u'"' + escaped + u'"';
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

} // namespace

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
    benchOut() << "generated the record and its files in " << timer.elapsed() << " ms" << Qt::endl
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
            run.wallMs, QStringLiteral("sqlite3 .import CSV"), peer, 1.2);
    }
    // The page text import's own peak memory, through /usr/bin/time, whose child starts afresh
    // (wait4() would carry this benchmark's own high-water mark over the exec).
    const QString time = QStringLiteral("/usr/bin/time");
    if (QFileInfo(time).isExecutable()) {
        removeDatabase(db);
        const QString peakFile = c.dir.filePath(QStringLiteral("import-peak.txt"));
        runProcess(time,
            { QStringLiteral("-f"), QStringLiteral("%M"), QStringLiteral("-o"), peakFile, c.cliPath,
                QStringLiteral("import"), c.textPath, QStringLiteral("--db"), db });
        QFile file(peakFile);
        const QList<QByteArray> lines = file.open(QIODevice::ReadOnly)
            ? file.readAll().trimmed().split('\n')
            : QList<QByteArray>();
        c.table.below(QStringLiteral("  page text import: peak memory (RSS, /usr/bin/time)"),
            lines.isEmpty() ? 0 : lines.last().trimmed().toDouble() / 1024, 400,
            QStringLiteral("MB"));
    } else {
        c.table.skipped(QStringLiteral("  page text import: peak memory"),
            QStringLiteral("/usr/bin/time is absent: apt-get install time"),
            QStringLiteral("< 400 MB"));
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
    awkward.observations[3].curation.edit().mark = QStringLiteral("Corrected: state");
    awkward.observations[3].curation.edit().conflicts
        = { QStringLiteral("state"), QStringLiteral("note") };
    awkward.observations[3].curation.edit().excluded = true;
    awkward.observations[3].curation.edit().reviewNote = QStringLiteral("line\nbreak");
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
        benchOut() << "  writeRecordJson differs at byte " << at << ":\n    direct: "
                   << QString::fromUtf8(direct.mid(std::max<qsizetype>(0, at - 80), 160))
                   << "\n    Qt:     "
                   << QString::fromUtf8(viaQt.mid(std::max<qsizetype>(0, at - 80), 160))
                   << Qt::endl;
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
            run.wallMs, 500);
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
    // As Store::loadCurated() calls it: on a record of its own (copied before the clock starts).
    // Freeing the result is not timed either.
    std::optional<Record> owned;
    std::optional<CuratedRecord> applied;
    table.info(QStringLiteral("  applyCorrections without events (a record of its own)"),
        measure(
            runs, [&] { applied = applyCorrections(std::move(*owned), {}); },
            [&] {
                applied.reset();
                owned = record;
                owned->observations.detach();
            }));
    applied.reset();
    // The record stays its caller's too: the events' notice references are the shown copy's.
    table.info(QStringLiteral("  applyCorrections without events (the caller keeps the record)"),
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

} // namespace LedgerCurator::Bench
