// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "DemoRecord.h"
#include "LedgerText.h"
#include "ObservationTableModel.h"
#include "RecordJson.h"
#include "Store.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

namespace LedgerCurator {

MainWindow::MainWindow(Store &store, QWidget *parent)
    : QMainWindow(parent), m_store(store), m_model(new ObservationTableModel(this)),
      m_proxy(new QSortFilterProxyModel(this))
{
    setWindowTitle(tr("Ledger Curator"));
    setObjectName(QStringLiteral("mainWindow"));

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ObservationTableModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);

    m_records = new QListWidget(this);
    m_records->setObjectName(QStringLiteral("recordList"));
    m_records->setMinimumWidth(260);
    m_records->setWordWrap(true);
    m_records->setTextElideMode(Qt::ElideRight);

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("filterEdit"));
    m_filter->setPlaceholderText(tr("Filter by title, id or state (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("summaryLabel"));
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("observationTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(ObservationTableModel::CitingTitleColumn,
                                                      QHeaderView::Stretch);
    m_table->setWordWrap(false);

    auto *tablePage = new QWidget(this);
    auto *layout = new QVBoxLayout(tablePage);
    layout->addWidget(m_summary);
    layout->addWidget(m_filter);
    layout->addWidget(m_table);

    m_emptyState = new QLabel(this);
    m_emptyState->setObjectName(QStringLiteral("emptyState"));
    m_emptyState->setAlignment(Qt::AlignCenter);
    m_emptyState->setWordWrap(true);
    m_emptyState->setText(tr("The cache holds no records.\nUse File > Import (Ctrl+O) to add a ledger "
                             "page or a record JSON file."));

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_emptyState);
    m_stack->addWidget(tablePage);

    auto *splitter = new QSplitter(this);
    splitter->addWidget(m_records);
    splitter->addWidget(m_stack);
    splitter->setStretchFactor(1, 1);
    setCentralWidget(splitter);

    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_records, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        showRecord(item ? item->data(Qt::UserRole).toString() : QString());
    });

    createActions();
    resize(1200, 720);

    if (auto demo = loadDemoOnFirstStart(m_store); !demo)
        showError(demo.error().toString());
    else if (*demo)
        statusBar()->showMessage(tr("Loaded the demo ledger page of arXiv:2104.04473."), 8000);
    reloadRecords();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *import = file->addAction(tr("&Import..."), this, &MainWindow::importFiles);
    import->setShortcut(QKeySequence::Open);
    import->setObjectName(QStringLiteral("importAction"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *focusFilter = view->addAction(tr("&Filter Observations"), this, [this] {
        m_filter->setFocus();
        m_filter->selectAll();
    });
    focusFilter->setShortcut(QKeySequence::Find);
}

void MainWindow::reloadRecords()
{
    const QString current = m_records->currentItem() ? m_records->currentItem()->data(Qt::UserRole).toString()
                                                      : QString();
    auto summaries = m_store.recordSummaries();
    if (!summaries) {
        showError(summaries.error().toString());
        return;
    }
    m_records->clear();
    for (const auto &s : std::as_const(*summaries)) {
        auto *item = new QListWidgetItem(
                tr("%1\narXiv:%2 v%3 · as of %4\n%5 of %6 need attention")
                        .arg(s.title, s.arxivId)
                        .arg(s.version)
                        .arg(s.asOf)
                        .arg(s.needsAttention)
                        .arg(s.inbound + s.outbound),
                m_records);
        item->setData(Qt::UserRole, s.arxivId);
        item->setToolTip(s.title);
    }
    m_stack->setCurrentWidget(summaries->isEmpty() ? static_cast<QWidget *>(m_emptyState)
                                                   : m_stack->widget(1));
    if (!summaries->isEmpty())
        selectRecord(current.isEmpty() ? summaries->first().arxivId : current);
}

void MainWindow::selectRecord(const QString &arxivId)
{
    for (int i = 0; i < m_records->count(); ++i) {
        if (m_records->item(i)->data(Qt::UserRole).toString() == arxivId) {
            m_records->setCurrentRow(i);
            return;
        }
    }
}

void MainWindow::showRecord(const QString &arxivId)
{
    if (arxivId.isEmpty()) {
        m_model->clear();
        m_summary->clear();
        return;
    }
    auto record = m_store.loadCurated(arxivId);
    if (!record || !record->has_value()) {
        showError(record ? tr("Record %1 is no longer in the cache.").arg(arxivId) : record.error().toString());
        return;
    }
    const Record &r = (*record)->shown;
    m_model->setCuratedRecord(**record);
    std::array<int, kResolutionStateCount> counts {};
    for (const auto &o : r.observations)
        ++counts[int(o.state)];
    QStringList parts;
    for (int i = 0; i < kResolutionStateCount; ++i) {
        if (counts[i] > 0)
            parts.append(QStringLiteral("%1 %2").arg(counts[i]).arg(stateText(static_cast<ResolutionState>(i))));
    }
    m_summary->setText(tr("%1 — arXiv:%2 v%3, as of %4\n%5 observations: %6")
                               .arg(r.title, r.arxivId)
                               .arg(r.version)
                               .arg(r.asOf)
                               .arg(r.observations.size())
                               .arg(parts.join(QStringLiteral(", "))));
    for (int column = 0; column < ObservationTableModel::ColumnCount; ++column) {
        if (column != ObservationTableModel::CitingTitleColumn)
            m_table->resizeColumnToContents(column);
    }
}

void MainWindow::importFiles()
{
    const QStringList files = QFileDialog::getOpenFileNames(
            this, tr("Import Ledger Pages"), QString(),
            tr("Ledger pages (*.txt *.json);;All files (*)"));
    if (files.isEmpty())
        return;
    QList<Record> records;
    for (const QString &path : files) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            showError(tr("%1: cannot read: %2").arg(path, file.errorString()));
            return;
        }
        const QByteArray data = file.readAll();
        if (data.trimmed().startsWith('{')) {
            auto record = readRecordJson(data, path);
            if (!record) {
                showError(record.error().toString());
                return;
            }
            records.append(*record);
        } else {
            auto page = parseLedgerText(data, path);
            if (!page) {
                showError(page.error().toString());
                return;
            }
            records.append(page->record);
        }
    }
    auto outcome = m_store.importRecords(records);
    if (!outcome) {
        showError(outcome.error().toString());
        return;
    }
    reloadRecords();
    selectRecord(records.last().arxivId);
    statusBar()->showMessage(tr("Imported %n record(s).", nullptr, int(records.size())), 8000);
}

void MainWindow::showError(const QString &message)
{
    QMessageBox::warning(this, tr("Ledger Curator"), message);
}

} // namespace LedgerCurator
