// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmarks that print figures (never timed assertions): import against sqlite3's own .import,
// rendering, the observation table at 200,000 rows, and the merge of 1,000,000 correction events.
// Usage: ledger-bench [--observations N] [--runs N] [--cli PATH] [--only NAME]
#include "AnomalyHints.h"
#include "CuratedRecord.h"
#include "CurationLog.h"
#include "LedgerText.h"
#include "ObservationFilterProxy.h"
#include "ObservationTableModel.h"
#include "PageImport.h"
#include "RecordGenerator.h"
#include "RecordJson.h"
#include "Store.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QHeaderView>
#include <QProcess>
#include <QRandomGenerator>
#include <QUuid>
#include <QScrollBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <functional>

using namespace LedgerCurator;

namespace {

QTextStream out(stdout);

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n == 0 ? 0 : (n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2);
}

//! Median wall milliseconds of `runs` runs; `setup` runs before each, untimed.
double measure(int runs, const std::function<void()> &work, const std::function<void()> &setup = {})
{
    QList<double> times;
    for (int i = 0; i < runs; ++i) {
        if (setup)
            setup();
        QElapsedTimer timer;
        timer.start();
        work();
        times.append(timer.nsecsElapsed() / 1e6);
    }
    return median(times);
}

struct Row
{
    QString name;
    double ms = 0;
    QString target;
    QString peer;
    double peerMs = 0;
};
QList<Row> rows;

void report(const QString &name, double ms, const QString &target = {}, const QString &peer = {}, double peerMs = 0)
{
    const Row row { name, ms, target, peer, peerMs };
    rows.append(row);
    out << QStringLiteral("%1  %2 ms").arg(row.name.leftJustified(58), QString::number(row.ms, 'f', 1).rightJustified(10));
    if (row.peerMs > 0)
        out << QStringLiteral("   vs %1 %2 ms = %3x").arg(row.peer, QString::number(row.peerMs, 'f', 1),
                                                        QString::number(row.ms / row.peerMs, 'f', 2));
    if (!row.target.isEmpty())
        out << QStringLiteral("   (target %1)").arg(row.target);
    out << Qt::endl;
}

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

//! The same observation rows as CSV, for sqlite3's .import.
QByteArray observationsCsv(const Record &r)
{
    QString csv;
    csv.reserve(r.observations.size() * 400);
    for (qsizetype i = 0; i < r.observations.size(); ++i) {
        const Observation &o = r.observations[i];
        csv += r.arxivId + u',' + QString::number(i) + u',' + o.id + u',' + QString::number(int(o.direction)) + u','
                + csvField(o.citingTitle) + u',' + csvField(o.citedTitle) + u','
                + (o.reference ? QString::number(*o.reference) : QString()) + u',' + QString::number(int(o.state))
                + u',' + csvField(o.basis) + u',' + o.observedAt + u',' + QString::number(int(o.events.status)) + u','
                + o.events.asOf + u',' + csvField(o.events.reason) + u'\n';
    }
    return csv.toUtf8();
}

const char *kSqliteSchema =
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
        "CREATE TABLE observations (record_id TEXT NOT NULL, position INTEGER NOT NULL, id TEXT NOT NULL,"
        " direction INTEGER NOT NULL, citing_title TEXT NOT NULL, cited_title TEXT NOT NULL, reference INTEGER,"
        " state INTEGER NOT NULL, basis TEXT NOT NULL, observed_at TEXT NOT NULL, events_status INTEGER NOT NULL,"
        " events_as_of TEXT, events_reason TEXT, PRIMARY KEY (record_id, position)) WITHOUT ROWID;"
        "CREATE UNIQUE INDEX observations_by_id ON observations(record_id, id);";

double sqliteImport(const QString &dir, const QString &csvPath, int runs)
{
    return measure(
            runs,
            [&] {
                QProcess sqlite;
                sqlite.start(QStringLiteral("sqlite3"), { dir + QStringLiteral("/peer.sqlite") });
                sqlite.waitForStarted();
                sqlite.write(QByteArray(kSqliteSchema) + "\n.mode csv\n.import " + csvPath.toUtf8()
                             + " observations\n.quit\n");
                sqlite.closeWriteChannel();
                sqlite.waitForFinished(-1);
            },
            [&] {
                for (const char *suffix : { "", "-wal", "-shm" })
                    QFile::remove(dir + QStringLiteral("/peer.sqlite") + QLatin1String(suffix));
            });
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption countOption(QStringLiteral("observations"), QStringLiteral("Observations in the large record."),
                                         QStringLiteral("N"), QStringLiteral("200000"));
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs per figure (median)."),
                                        QStringLiteral("N"), QStringLiteral("3"));
    const QCommandLineOption cliOption(QStringLiteral("cli"), QStringLiteral("The ledger-curator binary."),
                                       QStringLiteral("PATH"), QStringLiteral(LC_CLI_PATH));
    const QCommandLineOption onlyOption(QStringLiteral("only"), QStringLiteral("Run only: import, render, table, merge."),
                                        QStringLiteral("NAME"));
    parser.addOptions({ countOption, runsOption, cliOption, onlyOption });
    parser.process(app);
    const qsizetype count = parser.value(countOption).toLongLong();
    const int runs = std::max(1, parser.value(runsOption).toInt());
    const QString cli = parser.value(cliOption);
    const QString only = parser.value(onlyOption);
    auto wanted = [&only](const char *name) { return only.isEmpty() || only == QLatin1String(name); };

    QTemporaryDir dir;
    out << "Ledger Curator benchmarks: " << count << " observations, median of " << runs << " runs" << Qt::endl;
    QElapsedTimer timer;
    timer.start();
    const Record record = Bench::generateRecord(count, count / 100, 7);
    const QString textPath = dir.filePath(QStringLiteral("large.txt"));
    const QString jsonPath = dir.filePath(QStringLiteral("large.json"));
    const QString csvPath = dir.filePath(QStringLiteral("large.csv"));
    writeFile(textPath, renderLedgerText(record).toUtf8());
    writeFile(jsonPath, writeRecordJson(record));
    writeFile(csvPath, observationsCsv(record));
    out << "generated the record and its files in " << timer.elapsed() << " ms" << Qt::endl << Qt::endl;
    const QString dbPath = dir.filePath(QStringLiteral("cache.sqlite"));
    auto freshCache = [&] {
        for (const char *suffix : { "", "-wal", "-shm" })
            QFile::remove(dbPath + QLatin1String(suffix));
    };

    if (wanted("import")) {
        const double peer = sqliteImport(dir.path(), csvPath, runs);
        for (const auto &[name, path] : { std::pair { "import record JSON (ledger-curator import)", jsonPath },
                                          std::pair { "import page text (ledger-curator import)", textPath } }) {
            const double ms = measure(
                    runs,
                    [&, path = path] {
                        QProcess::execute(cli, { QStringLiteral("import"), path, QStringLiteral("--db"), dbPath });
                    },
                    freshCache);
            report( QString::fromLatin1(name), ms, QStringLiteral("<= 1.5x sqlite3 .import"),
                     QStringLiteral("sqlite3 .import CSV"), peer );
        }
    }
    freshCache();
    QProcess::execute(cli, { QStringLiteral("import"), jsonPath, QStringLiteral("--db"), dbPath });

    if (wanted("render")) {
        for (const char *format : { "text", "json" }) {
            const double ms = measure(runs, [&] {
                QProcess process;
                process.setStandardOutputFile(QProcess::nullDevice());
                process.start(cli, { QStringLiteral("render"), record.arxivId, QStringLiteral("--format"),
                                     QLatin1String(format), QStringLiteral("--db"), dbPath });
                process.waitForFinished(-1);
            });
            report( QStringLiteral("render --format %1 (whole process)").arg(QLatin1String(format)), ms,
                     QStringLiteral("< 1000 ms") );
        }
        const CuratedRecord curated = applyCorrections(record, {});
        report( QStringLiteral("renderLedgerText in process"), measure(runs, [&] { (void)renderLedgerText(curated.shown); }) );
        report( QStringLiteral("writeRecordJson in process"), measure(runs, [&] { (void)writeRecordJson(curated.shown); }) );
    }

    if (wanted("table")) {
        Store store(dbPath);
        if (!store.open()) {
            out << "cannot open the cache" << Qt::endl;
            return 1;
        }
        std::optional<CuratedRecord> curated;
        report( QStringLiteral("load the record from the cache (worker thread)"),
                 measure(runs, [&] { curated = *store.loadCurated(record.arxivId).value(); }) );
        ObservationTableData data;
        report( QStringLiteral("prepare table data (worker thread)"),
                 measure(runs, [&] { data = ObservationTableModel::prepare(*curated); }) );
        ObservationTableModel model;
        ObservationFilterProxy proxy;
        proxy.setSourceModel(&model);
        QTableView view;
        view.setModel(&proxy);
        view.setSortingEnabled(true);
        view.resize(1000, 700);
        view.show();
        QApplication::processEvents();
        report( QStringLiteral("select record: swap in data, first rows painted (GUI)"),
                 measure(runs, [&] {
                     model.setTableData(ObservationTableModel::prepare(*curated));
                     view.viewport()->repaint();
                 }, [&] { data = ObservationTableModel::prepare(*curated); }) - 0, QStringLiteral("< 300 ms") );
        report( QStringLiteral("  of which GUI thread only (setTableData + paint)"),
                 measure(runs, [&] {
                     model.setTableData(std::move(data));
                     view.viewport()->repaint();
                 }, [&] { data = ObservationTableModel::prepare(*curated); }), QStringLiteral("< 300 ms") );
        report( QStringLiteral("text filter 'scaling sparse' applied"),
                 measure(runs, [&] {
                     proxy.setFilterText(QStringLiteral("scaling sparse"));
                     (void)proxy.rowCount();
                 }, [&] { proxy.setFilterText(QString()); }), QStringLiteral("< 100 ms") );
        proxy.setFilterText(QString());
        report( QStringLiteral("state filter 'unresolved' applied"),
                 measure(runs, [&] {
                     proxy.setStates({ ResolutionState::Unresolved });
                     (void)proxy.rowCount();
                 }, [&] { proxy.setStates({}); }), QStringLiteral("< 100 ms") );
        proxy.setStates({});
        report( QStringLiteral("sort by citing title"),
                 measure(runs, [&] { view.sortByColumn(ObservationTableModel::CitingTitleColumn, Qt::AscendingOrder); },
                         [&] { view.sortByColumn(-1, Qt::AscendingOrder); }),
                 QStringLiteral("< 500 ms") );
        // Scrolling: the worst page repaint from top to bottom, in 200 steps.
        QList<double> frames;
        QScrollBar *bar = view.verticalScrollBar();
        for (int step = 0; step <= 200; ++step) {
            bar->setValue(int(qint64(bar->maximum()) * step / 200));
            QElapsedTimer frame;
            frame.start();
            view.viewport()->repaint();
            frames.append(frame.nsecsElapsed() / 1e6);
        }
        report( QStringLiteral("scroll top to bottom: worst frame"), *std::max_element(frames.begin(), frames.end()),
                 QStringLiteral("< 50 ms") );
        // data() work per visible row, all columns, all roles the view asks for.
        const int visible = 40;
        const double perRow = measure(runs, [&] {
            for (int row = 0; row < visible; ++row)
                for (int column = 0; column < ObservationTableModel::ColumnCount; ++column)
                    for (int role : { int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::ForegroundRole),
                                      int(Qt::TextAlignmentRole), int(ObservationTableModel::StateRole) })
                        (void)proxy.index(row, column).data(role);
        }) / visible;
        report(QStringLiteral("data() for one visible row, all columns and roles (x1000: us)"), perRow * 1000);
        // A correction on the big record: the session re-applies events and the model updates rows.
        const QString target = curated->shown.observations[count / 2].id;
        const FieldState empty;
        CorrectionEvent event = makeEdit(empty, record.arxivId, target, CurationField::State,
                                         QStringLiteral("verified_exact"), QStringLiteral("bench"), nowUtc());
        report(QStringLiteral("  anomalyHints over the record"), measure(runs, [&] { (void)anomalyHints(curated->shown); }));
        report(QStringLiteral("  applyCorrections with one event"),
               measure(runs, [&] { (void)applyCorrections(curated->upstream, { event }); }));
        report(QStringLiteral("apply one correction: full re-apply + update model"),
               measure(runs, [&] {
                   CuratedRecord next = applyCorrections(curated->upstream, { event });
                   model.updateCuratedRecord(next, { target });
               }));
        report(QStringLiteral("apply one correction as the app does (incremental)"),
               measure(
                       runs,
                       [&] {
                           applyMoreCorrections(*curated, { event });
                           model.updateCuratedRecord(*curated, { target });
                       },
                       [&] {
                           event.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
                           event.value = event.value == u"verified_exact" ? QStringLiteral("unresolved")
                                                                          : QStringLiteral("verified_exact");
                       }));
    }

    if (wanted("merge")) {
        QList<CorrectionEvent> events;
        const int observations = 250000;
        events.reserve(1000000);
        QRandomGenerator random(11);
        QStringList ids;
        for (int i = 0; i < observations; ++i)
            ids.append(QUuid::createUuidV5(QUuid(), QString::number(i)).toString(QUuid::WithoutBraces));
        QHash<QString, QString> lastOf;
        for (int i = 0; i < 1000000; ++i) {
            CorrectionEvent e;
            e.id = QUuid::createUuidV5(QUuid(), QStringLiteral("e%1").arg(i)).toString(QUuid::WithoutBraces);
            e.record = QStringLiteral("2401.00001");
            e.observation = ids[int(random.bounded(observations))];
            e.field = static_cast<CurationField>(random.bounded(3));
            e.value = QStringLiteral("v%1").arg(i % 13);
            const QString key = e.observation + QString::number(int(e.field));
            if (const auto it = lastOf.constFind(key); it != lastOf.constEnd() && random.bounded(10) < 8)
                e.parents = { *it };
            lastOf.insert(key, e.id);
            e.author = QStringLiteral("curator%1").arg(i % 5);
            e.createdAt = QStringLiteral("2026-11-%1T10:00:00.000Z").arg(10 + i % 18);
            events.append(std::move(e));
        }
        report( QStringLiteral("merge 1,000,000 correction events (resolveAll)"),
                 measure(runs, [&] { (void)resolveAll(events); }), QStringLiteral("< 2000 ms") );
    }

    out << Qt::endl << "All figures are medians of " << runs << " runs on this machine." << Qt::endl;
    return 0;
}
