// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "CurationPanel.h"
#include "CurationSession.h"
#include "ObservationFilterProxy.h"
#include "ObservationTableModel.h"
#include "PageImport.h"
#include "PdfExport.h"
#include "PreviewPane.h"
#include "RecordListModel.h"
#include "StateBadgeDelegate.h"
#include "StateStyle.h"
#include "Store.h"
#include "SummaryBar.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include "FileDialogs.h"
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QSettings>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QScrollBar>
#include <QtConcurrent>

namespace LedgerCurator {

MainWindow::MainWindow(Store &store, QWidget *parent)
    : QMainWindow(parent), m_store(store), m_session(std::make_unique<CurationSession>(store)),
      m_recordModel(new RecordListModel(this)), m_model(new ObservationTableModel(this)),
      m_proxy(new ObservationFilterProxy(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Ledger Curator"));
    setAcceptDrops(true);
    m_proxy->setSourceModel(m_model);

    createWidgets();
    createActions();
    setupNotices();
    resize(1400, 820);

    connect(m_session.get(), &CurationSession::recordLoaded, this, &MainWindow::showRecordLoaded);
    connect(m_session.get(), &CurationSession::recordChanged, this, [this](const QStringList &observations) {
        // While another record's first rows are shown (an undo of the record before, say), the
        // table and preview are not the session's: they follow once the new record is in.
        if (m_firstRowsOnly)
            return;
        m_model->updateCuratedRecord(m_session->record(), observations);
        updateSummary();
        updateChips();
        m_preview->setRecord(m_session->record().shown, m_model->hints());
        if (!observations.isEmpty())
            m_preview->scrollToObservation(observations.first());
        // The record list's attention counts follow corrections.
        const QString current = m_session->record().upstream.arxivId;
        if (auto summaries = m_store.recordSummaries())
            m_recordModel->setSummaries(*summaries);
        const int row = m_recordModel->rowOf(current);
        if (row >= 0)
            m_records->selectionModel()->setCurrentIndex(m_recordModel->index(row), QItemSelectionModel::ClearAndSelect);
    });
    connect(m_session.get(), &CurationSession::errorOccurred, this, &MainWindow::showError);

    restoreSettings(); // the layout, the filters and the record shown when the window last closed
    reloadRecords();
    setupSync();
    setupCacheWatch();
}

MainWindow::~MainWindow()
{
    // Results of a background load arriving after this point are dropped.
    ++m_loadGeneration;
}

void MainWindow::showDemoOutcome(const Result<bool> &demo)
{
    if (!demo)
        showError(demo.error().toString());
    else if (*demo)
        statusBar()->showMessage(tr("Loaded the demo ledger page of arXiv:2104.04473."), 8000);
}

void MainWindow::createWidgets()
{
    m_records = new QListView(this);
    m_records->setObjectName(QStringLiteral("recordList"));
    m_records->setAccessibleName(tr("Records"));
    m_records->setAccessibleDescription(tr("Every cached record with how many observations need attention"));
    m_records->setModel(m_recordModel);
    m_records->setMinimumWidth(200);
    m_records->setWordWrap(true);
    m_records->setSpacing(2);
    m_records->setAlternatingRowColors(true);

    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("recordHeading"));
    m_heading->setTextFormat(Qt::PlainText);
    m_heading->setWordWrap(true);
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.15);
    m_heading->setFont(headingFont);

    m_summaryBar = new SummaryBar(this);
    m_summaryBar->setObjectName(QStringLiteral("summaryBar"));

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("filterEdit"));
    m_filter->setAccessibleName(tr("Filter observations"));
    m_filter->setAccessibleDescription(tr("All words must match a title, UUID, identifier or state"));
    m_filter->setPlaceholderText(tr("Filter by title, UUID, identifier or state (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);

    auto *chipRow = new QHBoxLayout;
    chipRow->setSpacing(4);
    for (ResolutionState state : kAllResolutionStates) {
        auto *chip = new QToolButton(this);
        chip->setObjectName(QStringLiteral("chip-") + stateKey(state));
        chip->setCheckable(true);
        chip->setAutoRaise(false);
        chip->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        chip->setToolTip(tr("Show only observations that are %1 (combine several)").arg(stateDisplayText(state)));
        chipRow->addWidget(chip);
        m_chips[int(state)] = chip;
        connect(chip, &QToolButton::toggled, this, [this] {
            QList<ResolutionState> states;
            for (ResolutionState s : kAllResolutionStates) {
                if (m_chips[int(s)]->isChecked())
                    states.append(s);
            }
            m_proxy->setStates(states);
        });
    }
    chipRow->addStretch();

    auto *filterRow = new QHBoxLayout;
    filterRow->addWidget(m_filter, 1);
    m_direction = new QComboBox(this);
    m_direction->setObjectName(QStringLiteral("directionFilter"));
    m_direction->addItem(tr("Both directions"));
    m_direction->addItem(tr("Inbound"));
    m_direction->addItem(tr("Outbound"));
    filterRow->addWidget(m_direction);
    m_attentionOnly = new QCheckBox(tr("Needs &attention"), this);
    m_attentionOnly->setObjectName(QStringLiteral("attentionFilter"));
    m_attentionOnly->setToolTip(tr("Unresolved, mismatched, uncertain or malformed observations, conflicts and "
                                   "observations with anomaly hints (Ctrl+Shift+A)"));
    filterRow->addWidget(m_attentionOnly);
    m_curatedOnly = new QCheckBox(tr("&Corrected"), this);
    m_curatedOnly->setObjectName(QStringLiteral("curatedFilter"));
    filterRow->addWidget(m_curatedOnly);

    m_filterStatus = new QLabel(this);
    m_filterStatus->setObjectName(QStringLiteral("filterStatus"));

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("observationTable"));
    m_table->setAccessibleName(tr("Observations"));
    m_table->setAccessibleDescription(tr("The observations of the record with their resolution states"));
    m_table->setModel(m_proxy);
    m_table->setItemDelegateForColumn(ObservationTableModel::StateColumn, new StateBadgeDelegate(m_table));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Tab leaves the table for the next control (arrow keys move between rows and cells), so
    // the keyboard is never trapped in a long table.
    m_table->setTabKeyNavigation(false);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 10);
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(ObservationTableModel::CitingTitleColumn, QHeaderView::Stretch);
    header->resizeSection(ObservationTableModel::StateColumn, 170);
    header->resizeSection(ObservationTableModel::ReferenceColumn, 50);
    header->resizeSection(ObservationTableModel::BasisColumn, 115);
    header->resizeSection(ObservationTableModel::ObservedColumn, 90);
    header->resizeSection(ObservationTableModel::NoticesColumn, 90);
    header->resizeSection(ObservationTableModel::MarksColumn, 75);
    header->resizeSection(ObservationTableModel::HintsColumn, 55);
    // Narrow columns are at least as wide as their header, which may be longer when translated.
    for (int column : { ObservationTableModel::ReferenceColumn, ObservationTableModel::MarksColumn,
                        ObservationTableModel::HintsColumn }) {
        const QString title = m_model->headerData(column, Qt::Horizontal).toString();
        header->resizeSection(column, qMax(header->sectionSize(column), header->fontMetrics().horizontalAdvance(title) + 24));
    }
    header->setMinimumSectionSize(40);
    m_table->setColumnHidden(ObservationTableModel::ObservedColumn, true);
    m_table->setColumnHidden(ObservationTableModel::DirectionColumn, true);
    m_table->setColumnHidden(ObservationTableModel::IdColumn, true);
    // Right-click on the header shows or hides columns.
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QHeaderView::customContextMenuRequested, this, [this, header](const QPoint &pos) {
        QMenu menu(this);
        for (int column = 0; column < ObservationTableModel::ColumnCount; ++column) {
            if (column == ObservationTableModel::StateColumn || column == ObservationTableModel::CitingTitleColumn)
                continue;
            QAction *action = menu.addAction(m_model->headerData(column, Qt::Horizontal).toString());
            action->setCheckable(true);
            action->setChecked(!m_table->isColumnHidden(column));
            connect(action, &QAction::toggled, this, [this, column](bool on) { m_table->setColumnHidden(column, !on); });
        }
        menu.exec(header->mapToGlobal(pos));
    });

    m_recordPage = new QWidget(this);
    auto *layout = new QVBoxLayout(m_recordPage);
    layout->addWidget(m_heading);
    layout->addWidget(m_summaryBar);
    layout->addLayout(filterRow);
    layout->addLayout(chipRow);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_filterStatus);

    m_messagePage = new QLabel(this);
    m_messagePage->setObjectName(QStringLiteral("emptyState"));
    m_messagePage->setAlignment(Qt::AlignCenter);
    m_messagePage->setWordWrap(true);
    m_messagePage->setTextFormat(Qt::PlainText);

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_messagePage);
    m_stack->addWidget(m_recordPage);

    m_panel = new CurationPanel(*m_session, this);
    m_preview = new PreviewPane(this);
    m_preview->setObjectName(QStringLiteral("previewPane"));
    m_sideTabs = new QTabWidget(this);
    m_sideTabs->setObjectName(QStringLiteral("sideTabs"));
    m_sideTabs->setAccessibleName(tr("Correction and page preview"));
    m_sideTabs->addTab(m_panel, tr("Correct"));
    m_sideTabs->addTab(m_preview, tr("Page preview"));
    m_sideTabs->setMinimumWidth(380);
    m_sideTabs->setMaximumWidth(640);

    auto *splitter = new QSplitter(this);
    splitter->setObjectName(QStringLiteral("mainSplitter")); // its sizes are saved under this name
    splitter->addWidget(m_records);
    splitter->addWidget(m_stack);
    splitter->addWidget(m_sideTabs);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 0);
    const QList<int> splitterSizes { 220, 760, 420 };
    splitter->setSizes(splitterSizes);
    splitter->setProperty("defaultSizes", QVariant::fromValue(splitterSizes)); // for Reset Window Layout
    setCentralWidget(splitter);

    // Tab order: records, filter, direction, attention, corrected, chips, table, panel.
    setTabOrder(m_records, m_filter);
    setTabOrder(m_filter, m_direction);
    setTabOrder(m_direction, m_attentionOnly);
    setTabOrder(m_attentionOnly, m_curatedOnly);
    QWidget *previous = m_curatedOnly;
    for (QToolButton *chip : m_chips) {
        setTabOrder(previous, chip);
        previous = chip;
    }
    setTabOrder(previous, m_table);
    setTabOrder(m_table, m_sideTabs);

    connect(m_filter, &QLineEdit::textChanged, m_proxy, &ObservationFilterProxy::setFilterText);
    connect(m_direction, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_proxy->setDirection(index == 1 ? std::optional<Direction>(Direction::Inbound)
                                         : index == 2 ? std::optional<Direction>(Direction::Outbound)
                                                      : std::nullopt);
    });
    connect(m_attentionOnly, &QCheckBox::toggled, m_proxy, &ObservationFilterProxy::setNeedsAttentionOnly);
    connect(m_curatedOnly, &QCheckBox::toggled, m_proxy, &ObservationFilterProxy::setCuratedOnly);
    connect(m_proxy, &ObservationFilterProxy::filterChanged, this, [this] {
        updateChips();
        updateSummary();
    });
    connect(m_summaryBar, &SummaryBar::stateClicked, this, [this](ResolutionState state) {
        m_chips[int(state)]->toggle();
    });
    connect(m_records->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                if (!current.isValid())
                    return;
                const QString id = current.data(RecordListModel::ArxivIdRole).toString();
                if (id != m_session->record().upstream.arxivId && id != m_requestedRecord)
                    loadRecord(id);
            });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MainWindow::updateSelection);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::updateSelection);
    connect(m_panel, &CurationPanel::messageChanged, this, [this](const QString &message) {
        statusBar()->showMessage(message, 10000);
    });
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *import = file->addAction(tr("&Import..."), this, &MainWindow::chooseImportFiles);
    import->setObjectName(QStringLiteral("importAction"));
    import->setShortcut(QKeySequence::Open);
    import->setStatusTip(tr("Import ledger page text or record JSON files (also by drag and drop)"));
    QAction *exportPdf = file->addAction(tr("&Export PDF..."), this, [this] {
        if (!m_session->hasRecord())
            return;
        const QString suggested = m_session->record().shown.arxivId;
        chooseFileToSave(this, QStringLiteral("exportPdfDialog"), tr("Export PDF"),
                         QString(suggested).replace(u'/', u'_') + QStringLiteral(".pdf"), tr("PDF files (*.pdf)"),
                         [this](const QString &path) { exportPdfTo(path); });
    });
    exportPdf->setObjectName(QStringLiteral("exportPdfAction"));
    exportPdf->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportPdf->setStatusTip(tr("Write the rendered page, every observation included, to a PDF file"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_session->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_session->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setShortcuts({ QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y) });
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    m_applyAction = edit->addAction(tr("&Apply Correction"), this, [this] { m_panel->apply(); });
    m_applyAction->setObjectName(QStringLiteral("applyAction"));
    m_applyAction->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter) });
    m_applyAction->setShortcutContext(Qt::WindowShortcut);
    m_revertAction = edit->addAction(tr("Revert to &Upstream"), this, [this] { m_panel->revertToUpstream(); });
    m_revertAction->setObjectName(QStringLiteral("revertAction"));
    m_revertAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    edit->addSeparator();
    QAction *settings = edit->addAction(tr("&Settings..."), this, &MainWindow::showSettingsDialog);
    settings->setObjectName(QStringLiteral("settingsAction"));
    settings->setMenuRole(QAction::PreferencesRole);
    settings->setStatusTip(tr("Language, the preview's page cap, the record shown on start, sync, layout"));
    // The platform's Preferences key (where it has one) and Ctrl+, everywhere.
    QList<QKeySequence> settingsKeys = QKeySequence::keyBindings(QKeySequence::Preferences);
    if (!settingsKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Comma)))
        settingsKeys.append(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    settings->setShortcuts(settingsKeys);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *find = view->addAction(tr("&Filter Observations"), this, [this] {
        m_filter->setFocus(Qt::ShortcutFocusReason);
        m_filter->selectAll();
    });
    find->setShortcut(QKeySequence::Find);
    QAction *attention = view->addAction(tr("Only Observations Needing &Attention"));
    attention->setObjectName(QStringLiteral("attentionAction"));
    attention->setCheckable(true);
    attention->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    connect(attention, &QAction::toggled, m_attentionOnly, &QCheckBox::setChecked);
    connect(m_attentionOnly, &QCheckBox::toggled, attention, &QAction::setChecked);
    QAction *clear = view->addAction(tr("&Clear Filters"), this, [this] {
        m_filter->clear();
        for (QToolButton *chip : m_chips)
            chip->setChecked(false);
        m_direction->setCurrentIndex(0);
        m_attentionOnly->setChecked(false);
        m_curatedOnly->setChecked(false);
    });
    clear->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    view->addSeparator();
    QAction *preview = view->addAction(tr("Page &Preview"), this, [this] {
        m_sideTabs->setCurrentWidget(m_sideTabs->currentWidget() == m_preview ? static_cast<QWidget *>(m_panel)
                                                                              : m_preview);
    });
    preview->setObjectName(QStringLiteral("previewAction"));
    preview->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    view->addAction(tr("Preview Page &Cap..."), this, [this] {
        bool ok = false;
        const int cap = QInputDialog::getInt(this, tr("Preview Page Cap"),
                                             tr("Inbound observations itemized in the preview (0 for all; "
                                                "the PDF export always holds all of them):"),
                                             int(m_preview->inboundCap()), 0, 10000000, 100, &ok);
        if (!ok)
            return;
        QSettings().setValue(QStringLiteral("preview/inboundCap"), cap);
        m_preview->setInboundCap(cap);
    });

    QMenu *go = menuBar()->addMenu(tr("&Go"));
    QAction *next = go->addAction(tr("&Next Needing Attention"), this, [this] { goToAttention(true); });
    next->setObjectName(QStringLiteral("nextAttentionAction"));
    next->setShortcut(QKeySequence(Qt::Key_F8));
    QAction *previous = go->addAction(tr("&Previous Needing Attention"), this, [this] { goToAttention(false); });
    previous->setObjectName(QStringLiteral("previousAttentionAction"));
    previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F8));
    QAction *table = go->addAction(tr("Go to the &Table"), this, [this] { m_table->setFocus(Qt::ShortcutFocusReason); });
    table->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    QAction *panel = go->addAction(tr("Go to the &Correction Panel"), this, [this] {
        m_sideTabs->setCurrentWidget(m_panel);
        if (QWidget *editor = m_panel->findChild<QWidget *>(QStringLiteral("editor-state")); editor && editor->isVisible())
            editor->setFocus(Qt::ShortcutFocusReason);
    });
    panel->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *about = help->addAction(tr("&About Ledger Curator"), this, &MainWindow::showAboutDialog);
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setObjectName(QStringLiteral("aboutQtAction"));
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::reloadRecords()
{
    auto summaries = m_store.recordSummaries();
    if (!summaries) {
        showError(summaries.error().toString());
        return;
    }
    m_recordModel->setSummaries(*summaries);
    if (summaries->isEmpty()) {
        m_session->close();
        showMessagePage(tr("The cache holds no records.\n\nUse File > Import (Ctrl+O), or drop a ledger page "
                           "text or record JSON file here, to add one."));
        return;
    }
    // At start, the record shown when the window last closed (if the cache still holds it).
    const QString current = m_session->hasRecord() ? m_session->record().upstream.arxivId
                                                   : std::exchange(m_startRecord, QString());
    selectRecord(m_recordModel->rowOf(current) >= 0 ? current : summaries->first().arxivId);
}

void MainWindow::selectRecord(const QString &arxivId)
{
    const int row = m_recordModel->rowOf(arxivId);
    if (row < 0)
        return;
    m_records->selectionModel()->setCurrentIndex(m_recordModel->index(row), QItemSelectionModel::ClearAndSelect);
    if (arxivId != m_session->record().upstream.arxivId && arxivId != m_requestedRecord)
        loadRecord(arxivId);
}

void MainWindow::loadRecord(const QString &arxivId)
{
    // Large records load on a worker thread with a connection of its own, so the window stays
    // responsive: first the top of the page, shown at once, then the whole record. A newer
    // request cancels an older one and makes its results obsolete.
    m_requestedRecord = arxivId;
    m_loading = true;
    const int generation = ++m_loadGeneration;
    if (m_loadWatcher)
        m_loadWatcher->cancel();
    showMessagePage(tr("Loading arXiv:%1...").arg(arxivId));
    const QString path = m_store.path();
    struct Loaded
    {
        CuratedRecord record; // empty for the first rows
        ObservationTableData table;
        bool complete = false;
        qsizetype total = 0;
    };
    // Shared, not copied: QFutureWatcher::resultAt() hands out copies.
    using Outcome = Result<std::shared_ptr<Loaded>>; // null: no such record
    auto *watcher = new QFutureWatcher<Outcome>(this);
    m_loadWatcher = watcher;
    connect(watcher, &QFutureWatcherBase::finished, watcher, &QObject::deleteLater);
    connect(watcher, &QFutureWatcherBase::resultReadyAt, this, [this, watcher, generation, arxivId](int index) {
        if (generation != m_loadGeneration)
            return;
        Outcome result = watcher->resultAt(index);
        if (result && *result && !(*result)->complete) {
            showFirstRows(std::move((*result)->table), (*result)->total);
            return;
        }
        m_loading = false;
        m_firstRowsOnly = false;
        m_loadWatcher = nullptr;
        m_requestedRecord.clear();
        if (!result) {
            showMessagePage(tr("arXiv:%1 could not be loaded:\n%2\n\nTry again, or import the page again with "
                               "File > Import.")
                                    .arg(arxivId, result.error().toString()));
            return;
        }
        if (!*result) {
            showMessagePage(tr("arXiv:%1 is no longer in the cache.").arg(arxivId));
            return;
        }
        m_preparedTable = std::make_unique<ObservationTableData>(std::move((*result)->table));
        m_session->setRecord(std::move((*result)->record));
    });
    // The worker reads the record and prepares the table (hints, filter text); the GUI thread
    // only swaps the prepared data in.
    watcher->setFuture(QtConcurrent::run([path, arxivId](QPromise<Outcome> &promise) {
        Store store(path);
        if (auto opened = store.open(); !opened) {
            promise.addResult(Outcome(opened.error()));
            return;
        }
        // One row more than shown tells whether there is more to load.
        auto first = store.loadCurated(arxivId, ObservationTableModel::FirstRows + 1);
        if (!first || !first->has_value()) {
            promise.addResult(first ? Outcome(std::shared_ptr<Loaded>()) : Outcome(first.error()));
            return;
        }
        if ((*first)->shown.observations.size() <= ObservationTableModel::FirstRows) { // that was all of it
            ObservationTableData table = ObservationTableModel::prepare(**first);
            promise.addResult(Outcome(std::make_shared<Loaded>(Loaded { std::move(**first), std::move(table), true })));
            return;
        }
        auto total = store.observationCount(arxivId);
        promise.addResult(Outcome(std::make_shared<Loaded>(Loaded {
                {}, ObservationTableModel::prepare(**first, ObservationTableModel::Hints::Skip), false,
                total ? qsizetype(*total) : 0 })));
        first->reset();
        if (promise.isCanceled())
            return;
        auto loaded = store.loadCurated(arxivId);
        if (!loaded || !loaded->has_value()) {
            promise.addResult(loaded ? Outcome(std::shared_ptr<Loaded>()) : Outcome(loaded.error()));
            return;
        }
        shareRepeatedText(**loaded); // one copy of the texts many observations repeat
        ObservationTableData table = ObservationTableModel::prepare(**loaded);
        promise.addResult(Outcome(std::make_shared<Loaded>(Loaded { std::move(**loaded), std::move(table), true })));
    }));
}

void MainWindow::showFirstRows(ObservationTableData data, qsizetype total)
{
    m_firstRowsOnly = true;
    m_table->setUpdatesEnabled(false);
    m_model->setTableData(std::move(data));
    m_table->resizeColumnToContents(ObservationTableModel::StateColumn);
    m_table->setUpdatesEnabled(true);
    const Record &r = m_model->record();
    m_heading->setText(tr("%1\narXiv:%2 v%3 · as of %4").arg(r.title, r.arxivId).arg(r.version).arg(displayDate(r.asOf)));
    m_stack->setCurrentWidget(m_recordPage);
    m_panel->setObservations({});
    m_panel->setEnabled(false);
    // The counts of the rows shown so far, greyed until the whole record is in.
    m_summaryBar->setCounts(m_model->stateCounts());
    m_summaryBar->setEnabled(false);
    updateChips();
    for (QToolButton *chip : m_chips)
        chip->setEnabled(false);
    m_preview->clear();
    m_filterStatus->setText(tr("Loading arXiv:%1: the first %Ln observations are shown, %2 in all...", "",
                               m_model->rowCount())
                                    .arg(r.arxivId, QLocale().toString(qlonglong(total))));
    Q_EMIT firstRowsShown(r.arxivId);
}

void MainWindow::showRecordLoaded()
{
    const CuratedRecord &curated = m_session->record();
    m_panel->setEnabled(true);
    m_summaryBar->setEnabled(true);
    for (QToolButton *chip : m_chips)
        chip->setEnabled(true);
    if (!m_session->hasRecord()) {
        m_model->clear();
        return;
    }
    // The row chosen among the first rows stays chosen, and in view.
    const QString current = m_table->currentIndex().data(ObservationTableModel::ObservationIdRole).toString();
    const int scrolled = m_table->verticalScrollBar()->value();
    m_table->setUpdatesEnabled(false);
    if (m_preparedTable && m_preparedTable->record.arxivId == curated.shown.arxivId)
        m_model->setTableData(std::move(*m_preparedTable));
    else
        m_model->setCuratedRecord(curated);
    m_preparedTable.reset();
    m_table->resizeColumnToContents(ObservationTableModel::StateColumn);
    m_table->setUpdatesEnabled(true);
    const Record &r = curated.shown;
    m_heading->setText(tr("%1\narXiv:%2 v%3 · as of %4").arg(r.title, r.arxivId).arg(r.version).arg(displayDate(r.asOf)));
    m_stack->setCurrentWidget(m_recordPage);
    updateSummary();
    updateChips();
    m_panel->setObservations({});
    if (const int row = current.isEmpty() ? -1 : m_model->rowOf(current); row >= 0) {
        const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, ObservationTableModel::CitingTitleColumn));
        if (index.isValid()) {
            m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            m_table->verticalScrollBar()->setValue(scrolled);
        }
    }
    m_preview->setRecord(r, m_model->hints());
    Q_EMIT recordShown(r.arxivId);
}

void MainWindow::updateSummary()
{
    m_summaryBar->setCounts(m_model->stateCounts());
    const int attention = m_model->attentionCount();
    m_filterStatus->setText(tr("Showing %L1 of %L2 observations · %L3 need attention · %L4 anomaly hints")
                                    .arg(m_proxy->rowCount())
                                    .arg(m_model->rowCount())
                                    .arg(attention)
                                    .arg(m_model->hints().size()));
}

void MainWindow::updateChips()
{
    const auto counts = m_proxy->stateCountsIgnoringStateFilter();
    for (ResolutionState state : kAllResolutionStates) {
        QToolButton *chip = m_chips[int(state)];
        chip->setText(QStringLiteral("%1  %L2").arg(stateShortText(state)).arg(counts[int(state)]));
        chip->setAccessibleName(QStringLiteral("%1 %L2").arg(stateDisplayText(state)).arg(counts[int(state)]));
        const QColor color = stateColor(state);
        chip->setStyleSheet(QStringLiteral("QToolButton { border: 1px solid %1; border-radius: 9px; padding: 2px 8px; }"
                                           "QToolButton:checked { background: %1; color: %2; }")
                                    .arg(color.name(), stateTextColor(state).name()));
    }
}

void MainWindow::updateSelection()
{
    if (m_firstRowsOnly) // the session does not hold this record yet
        return;
    QStringList ids;
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    for (const QModelIndex &index : rows)
        ids.append(index.data(ObservationTableModel::ObservationIdRole).toString());
    m_panel->setObservations(ids);
    const QModelIndex current = m_table->currentIndex();
    if (current.isValid())
        m_preview->scrollToObservation(current.data(ObservationTableModel::ObservationIdRole).toString());
}

bool MainWindow::goToAttention(bool forward)
{
    const int rows = m_proxy->rowCount();
    if (rows == 0)
        return false;
    const int current = m_table->currentIndex().isValid() ? m_table->currentIndex().row() : (forward ? -1 : rows);
    for (int step = 1; step <= rows; ++step) {
        int row = forward ? current + step : current - step;
        const bool wrapped = row >= rows || row < 0;
        row = (row % rows + rows) % rows;
        const QModelIndex index = m_proxy->index(row, ObservationTableModel::CitingTitleColumn);
        if (!index.data(ObservationTableModel::NeedsAttentionRole).toBool())
            continue;
        m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_table->scrollTo(index);
        if (wrapped)
            statusBar()->showMessage(forward ? tr("Wrapped to the top.") : tr("Wrapped to the bottom."), 4000);
        return true;
    }
    statusBar()->showMessage(tr("No observation in this view needs attention."), 6000);
    return false;
}

void MainWindow::showMessagePage(const QString &text)
{
    m_messagePage->setText(text);
    m_stack->setCurrentWidget(m_messagePage);
}

void MainWindow::showError(const QString &message)
{
    statusBar()->showMessage(message, 15000);
    // Window-modal but not blocking: background work and the event loop carry on.
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Ledger Curator"), message, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("errorBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::chooseImportFiles()
{
    chooseFilesToOpen(this, QStringLiteral("importFileDialog"), tr("Import Ledger Pages"),
                      tr("Ledger pages (*.txt *.json);;All files (*)"), true,
                      [this](const QStringList &files) { importFiles(files); });
}

void MainWindow::importFiles(const QStringList &files)
{
    // Files named on the command line (openFiles()) show the first record imported, others the last.
    const bool showFirst = std::exchange(m_showFirstImported, false);
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    auto *dialog = new QProgressDialog(tr("Importing %n file(s)...", nullptr, int(files.size())), tr("Cancel"), 0, 1000, this);
    dialog->setObjectName(QStringLiteral("importProgress"));
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(300);
    dialog->setAutoClose(false);
    dialog->setAutoReset(false);
    dialog->setValue(0);
    connect(dialog, &QProgressDialog::canceled, this, [cancelled] { *cancelled = true; });

    // The worker only touches these atomics; a timer on the dialog shows their progress.
    auto progress = std::make_shared<std::atomic<int>>(0);
    auto *poll = new QTimer(dialog);
    connect(poll, &QTimer::timeout, dialog, [dialog, progress] { dialog->setValue(progress->load()); });
    poll->start(100);
    QPointer<QProgressDialog> progressDialog(dialog);
    const QString path = m_store.path();
    auto *watcher = new QFutureWatcher<Result<ImportReport>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, progressDialog, showFirst] {
        watcher->deleteLater();
        if (progressDialog)
            progressDialog->deleteLater();
        const auto result = watcher->result();
        if (!result) {
            if (result.error().kind == Error::Kind::Cancelled)
                statusBar()->showMessage(tr("Import cancelled; the cache is as it was."), 8000);
            else
                showError(tr("Nothing was imported:\n%1").arg(result.error().toString()));
            Q_EMIT importFinished(false);
            return;
        }
        QStringList warnings;
        for (qsizetype i = 0; i < result->pages.size(); ++i) {
            for (const auto &w : result->pages[i].warnings)
                warnings.append(QStringLiteral("%1:%2: %3").arg(result->files[i]).arg(w.line).arg(w.message));
        }
        reloadRecords();
        if (!result->outcomes.isEmpty())
            selectRecord(showFirst ? result->outcomes.first().arxivId : result->outcomes.last().arxivId);
        statusBar()->showMessage(tr("Imported %Ln record(s).", nullptr, int(result->outcomes.size())), 8000);
        if (!warnings.isEmpty()) {
            auto *box = new QMessageBox(QMessageBox::Information, tr("Imported with warnings"),
                                        tr("The pages state counts that disagree with what they itemize; the "
                                           "stated counts were kept:\n\n%1")
                                                .arg(warnings.mid(0, 20).join(u'\n')),
                                        QMessageBox::Ok, this);
            box->setObjectName(QStringLiteral("warningBox"));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
        Q_EMIT importFinished(true);
    });
    watcher->setFuture(QtConcurrent::run([path, files, cancelled, progress]() -> Result<ImportReport> {
        Store store(path);
        if (auto opened = store.open(); !opened)
            return opened.error();
        return importPageFiles(store, files, [cancelled, progress](qint64 done, qint64) {
            progress->store(int(done));
            return !cancelled->load();
        });
    }));
}

void MainWindow::exportPdfTo(const QString &path)
{
    if (m_loading) { // the record on screen is not the session's yet
        statusBar()->showMessage(tr("arXiv:%1 is still loading: export it once it is shown.").arg(m_requestedRecord), 6000);
        Q_EMIT exportFinished(false);
        return;
    }
    if (!m_session->hasRecord())
        return;
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    auto progress = std::make_shared<std::atomic<int>>(0);
    auto *dialog = new QProgressDialog(tr("Writing %1...").arg(path), tr("Cancel"), 0, 1000, this);
    dialog->setObjectName(QStringLiteral("exportProgress"));
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(300);
    dialog->setAutoClose(false);
    dialog->setAutoReset(false);
    connect(dialog, &QProgressDialog::canceled, this, [cancelled] { *cancelled = true; });
    auto *poll = new QTimer(dialog);
    connect(poll, &QTimer::timeout, dialog, [dialog, progress] { dialog->setValue(progress->load()); });
    poll->start(100);
    QPointer<QProgressDialog> progressDialog(dialog);
    PdfOptions options;
    options.pageSize = QLocale().measurementSystem() == QLocale::ImperialUSSystem ? QPageSize::Letter : QPageSize::A4;
    auto *watcher = new QFutureWatcher<Status>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, progressDialog, path] {
        watcher->deleteLater();
        if (progressDialog)
            progressDialog->deleteLater();
        const Status status = watcher->result();
        if (!status) {
            if (status.error().kind == Error::Kind::Cancelled)
                statusBar()->showMessage(tr("PDF export cancelled; no file was written."), 8000);
            else
                showError(tr("The PDF was not written:\n%1").arg(status.error().toString()));
            Q_EMIT exportFinished(false);
            return;
        }
        statusBar()->showMessage(tr("Exported %1.").arg(path), 8000);
        Q_EMIT exportFinished(true);
    });
    // The worker gets its own copy of the record: the GUI may change the session meanwhile.
    watcher->setFuture(QtConcurrent::run([record = m_session->record().shown, path, options, cancelled, progress] {
        return exportPdf(record, path, options, [cancelled, progress](qint64 done, qint64 total) {
            progress->store(total > 0 ? int(done * 1000 / total) : 0);
            return !cancelled->load();
        });
    }));
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls()) {
        for (const QUrl &url : event->mimeData()->urls()) {
            if (url.isLocalFile()) {
                event->acceptProposedAction();
                return;
            }
        }
    }
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList files;
    for (const QUrl &url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            files.append(url.toLocalFile());
    }
    if (!files.isEmpty()) {
        event->acceptProposedAction();
        importFiles(files);
    }
}

} // namespace LedgerCurator
