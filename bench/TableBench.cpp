// SPDX-License-Identifier: GPL-3.0-or-later
// The observation table: scrolling, filtering and corrections on the large record.
#include "AnomalyHints.h"
#include "BenchContext.h"
#include "CuratedRecord.h"
#include "CurationLog.h"
#include "ObservationFilterProxy.h"
#include "ObservationTableModel.h"
#include "Store.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QTableView>
#include <QUuid>

using namespace LedgerCurator;

namespace LedgerCurator::Bench {

namespace {

} // namespace

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
        benchOut() << "cannot open the cache" << Qt::endl;
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

} // namespace LedgerCurator::Bench
