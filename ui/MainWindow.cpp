// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "AboutDialog.h"
#include "BackgroundJob.h"
#include "ClearMatchesDialog.h"
#include "CurationPanel.h"
#include "CurationSession.h"
#include "CuratorIdentityDialog.h"
#include "DuplicateMerge.h"
#include "DuplicatesDialog.h"
#include "FileDialogs.h"
#include "FocusRing.h"
#include "ImportExport.h"
#include "NoticesView.h"
#include "ObservationFilterProxy.h"
#include "PreviewPane.h"
#include "RecordAttention.h"
#include "RecordList.h"
#include "RecordRemoval.h"
#include "ReportExport.h"
#include "SearchWindow.h"
#include "SettingsDialog.h"
#include "ShortcutsDialog.h"
#include "Store.h"
#include "SuggestionBox.h"
#include "SuggestionProvider.h"
#include "SyncController.h"
#include "SyncSettingsDialog.h"
#include "SyncStatus.h"
#include "ThemeText.h"
#include "WindowAccessibility.h"
#include "WindowSettings.h"
#include "WorksImport.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QGuiApplication>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QUndoStack>

#include <algorithm>

namespace LedgerCurator {

namespace {

//! Opens a dialog window-modal but not blocking (background work and the event loop carry on);
//! it is deleted when closed.
void openWindowModal(QDialog *dialog)
{
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->open();
}

} // namespace

MainWindow::MainWindow(Store &store, QWidget *parent)
    : QMainWindow(parent)
    , m_store(store)
    , m_session(std::make_unique<CurationSession>(store))
    , m_model(new ObservationTableModel(this))
    , m_proxy(new ObservationFilterProxy(this))
    , m_loader(new RecordLoader(store, *m_session, this))
    , m_files(new ImportExport(store, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Ledger Curator"));
    installWindowAccessibility(); // the secondary windows are windows to a screen reader
    setAcceptDrops(true);
    m_proxy->setSourceModel(m_model);

    createWidgets();
    createActions();
    setupNotices();
    addFocusRings(this); // the lists, the table and the trees show when they have the focus
    keepPlaceholdersReadable(this);
    resize(1400, 820);

    connect(m_session.get(), &CurationSession::recordLoaded, this, &MainWindow::showRecordLoaded);
    connect(m_session.get(), &CurationSession::recordChanged, this, &MainWindow::showRecordChange);
    connect(m_loader, &RecordLoader::pageMessage, m_view, &RecordView::showMessage);
    connect(m_loader, &RecordLoader::firstRowsLoaded, this, &MainWindow::showFirstRows);
    connect(m_loader, &RecordLoader::errorOccurred, this, &MainWindow::showError);
    connect(m_files, &ImportExport::imported, this, [this](const QString &arxivId) {
        reloadRecords();
        if (!arxivId.isEmpty())
            selectRecord(arxivId);
    });
    connect(m_files, &ImportExport::importFinished, this, &MainWindow::importFinished);
    connect(m_files, &ImportExport::exportFinished, this, &MainWindow::exportFinished);
    connect(m_files, &ImportExport::errorOccurred, this, &MainWindow::showError);
    connect(m_session.get(), &CurationSession::errorOccurred, this, &MainWindow::showError);

    restoreSettings(); // the layout, the filters and the record shown when the window last closed
    reloadRecords();
    setupSync();
    setupCacheWatch();
}

MainWindow::~MainWindow() = default;

void MainWindow::showDemoOutcome(const Result<bool> &demo)
{
    if (!demo)
        showError(demo.error().toString());
    else if (*demo)
        statusBar()->showMessage(tr("Loaded the demo ledger page of arXiv:2104.04473."), 8000);
}

void MainWindow::createWidgets()
{
    m_records = new RecordList(this);
    m_view = new RecordView(m_model, m_proxy, this);
    m_table = m_view->table();

    m_panel = new CurationPanel(*m_session, this);
    m_panel->setHintSource([this](const QString &id) { return m_model->openHintsOf(id); });
    // Match suggestions (docs/works.md): looked for on a worker of their own, shown by the panel.
    m_suggestions = new SuggestionProvider(m_store.path(), this);
    m_panel->setSuggestionProvider(m_suggestions);
    connect(m_panel, &CurationPanel::acceptCandidateRequested, this,
        &MainWindow::acceptCandidateAndNext);
    m_preview = new PreviewPane(this);
    connect(m_preview, &PreviewPane::previewShown, this, [this] {
        if (std::exchange(m_suggestionsAfterPreview, false))
            startSuggestions();
        if (m_attentionPending)
            countListedAttention();
    });
    m_preview->setObjectName(QStringLiteral("previewPane"));
    m_sideTabs = new QTabWidget(this);
    m_sideTabs->setObjectName(QStringLiteral("sideTabs"));
    m_sideTabs->setAccessibleName(tr("Correction and page preview"));
    m_sideTabs->addTab(m_panel, tr("Correct"));
    m_sideTabs->addTab(m_preview, tr("Page preview"));
    // Pane widths in characters of the font in use, so they hold at any scale and font size.
    const int character = fontMetrics().averageCharWidth();
    // At least as wide as the correction panel's editors, in any language (the window fits 960
    // logical pixels with it).
    m_sideTabs->setMinimumWidth(std::max(34 * character, m_sideTabs->minimumSizeHint().width()));
    m_sideTabs->setMaximumWidth(92 * character);

    auto *splitter = new QSplitter(this);
    splitter->setObjectName(QStringLiteral("mainSplitter")); // its sizes are saved under this name
    splitter->addWidget(m_records);
    splitter->addWidget(m_view);
    splitter->addWidget(m_sideTabs);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 0);
    // The table takes what the list and the panel leave: at 1280 pixels, about 700.
    const QList<int> splitterSizes { 26 * character, 117 * character, 51 * character };
    splitter->setSizes(splitterSizes);
    splitter->setProperty(
        "defaultSizes", QVariant::fromValue(splitterSizes)); // for Reset Window Layout
    setCentralWidget(splitter);

    // Tab order: records, filter, direction, attention, corrected, chips, table, panel.
    setTabOrder(m_records, m_view->filterEdit());
    setTabOrder(m_view->filterEdit(), m_view->directionFilter());
    setTabOrder(m_view->directionFilter(), m_view->attentionFilter());
    setTabOrder(m_view->attentionFilter(), m_view->curatedFilter());
    QWidget *previous = m_view->curatedFilter();
    for (QToolButton *chip : m_view->chips()) {
        setTabOrder(previous, chip);
        previous = chip;
    }
    setTabOrder(previous, m_table);
    setTabOrder(m_table, m_sideTabs);
    // Keys 1-5 and Enter accept a match suggestion while the table has the focus.
    m_table->installEventFilter(this);

    connect(m_view, &RecordView::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_records, &RecordList::recordChosen, this, [this](const QString &id) {
        if (id != m_session->record().upstream.arxivId && id != m_loader->requestedRecord())
            m_loader->load(id);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        &MainWindow::updateSelection);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
        &MainWindow::updateSelection);
    connect(m_panel, &CurationPanel::messageChanged, this,
        [this](const QString &message) { statusBar()->showMessage(message, 10000); });
}

void MainWindow::setupNotices()
{
    m_notices = new NoticeController(m_store, *m_session, this);
    m_view->insertBanner(m_notices->banner());
    // The banner sits above the filters: its buttons follow the record list, in the order shown.
    QWidget *previous = m_records;
    for (const char *name : { "bannerShow", "bannerReview" }) {
        auto *button = m_notices->banner()->findChild<QWidget *>(QString::fromLatin1(name));
        setTabOrder(previous, button);
        previous = button;
    }
    connect(m_notices, &NoticeController::showAttentionRequested, this,
        [this] { m_view->attentionFilter()->setChecked(true); });
    connect(m_notices, &NoticeController::showRequested, this, &MainWindow::showObservation);
    connect(m_notices, &NoticeController::recordWanted, this, &MainWindow::selectRecord);
    connect(m_notices, &NoticeController::errorOccurred, this, &MainWindow::showError);
    connect(m_notices, &NoticeController::imported, this, &MainWindow::noticesImported);
    connect(m_notices, &NoticeController::reviewApplied, this, &MainWindow::reviewApplied);
}

NoticesView *MainWindow::noticesView()
{
    if (!m_noticesView) {
        m_noticesView = new NoticesView(m_store, this);
        connect(m_noticesView, &NoticesView::showRecordRequested, this, [this](const QString &id) {
            selectRecord(id);
            raise();
            activateWindow();
        });
        // What may change a notice, its records or their reviews: it reads the cache again.
        const auto changed = [view = m_noticesView] { view->cacheChanged(); };
        connect(m_notices, &NoticeController::imported, m_noticesView, changed);
        connect(m_files, &ImportExport::imported, m_noticesView, changed);
        connect(m_session.get(), &CurationSession::recordChanged, m_noticesView, changed);
        connect(m_cacheWatch, &CacheWatch::changed, m_noticesView, changed);
        connect(m_sync, &SyncController::syncFinished, m_noticesView, changed);
    }
    return m_noticesView;
}

void MainWindow::showNotices()
{
    NoticesView *view = noticesView();
    view->show();
    view->raise();
    view->activateWindow();
}

void MainWindow::restoreSettings()
{
    m_settings = new WindowSettings(
        { this, m_table, m_sideTabs, m_panel, m_preview, m_view->filterEdit(), m_view->chips(),
            m_view->directionFilter(), m_view->attentionFilter(), m_view->curatedFilter() },
        this);
    // reloadRecords() shows this record when the cache still holds it, else the first one.
    m_startRecord = m_settings->restore();
    // Saved as it changes: a crash or a kill loses a second of it at most.
    m_settings->saveAsChanged([this] { return settingsRecord(); });
    connect(
        m_session.get(), &CurationSession::recordLoaded, m_settings, &WindowSettings::noteChanged);
}

void MainWindow::setupSync()
{
    m_sync = new SyncController(m_store.path(), this);
    m_sync->setCurator([this] { return m_session->author(); });
    // The team's server is asked for what the cache's works index has no clear match for.
    m_suggestions->setTeamServer([this] {
        return m_sync ? SuggestionProvider::TeamServer { m_sync->serverUrl(), m_sync->token() }
                      : SuggestionProvider::TeamServer {};
    });
    m_syncStatus = new SyncStatus(m_store, *m_sync, statusBar(), this);
    // Every correction (and undo, redo, reload) changes the outbox.
    connect(m_session.get(), &CurationSession::recordChanged, m_syncStatus, &SyncStatus::update);
    connect(m_syncStatus, &SyncStatus::errorOccurred, this, &MainWindow::showError);
    connect(m_sync, &SyncController::errorOccurred, this, &MainWindow::showError);
    connect(m_sync, &SyncController::syncStarted, this, [this] {
        m_syncAction->setEnabled(false);
        m_cancelSyncAction->setEnabled(true);
    });
    connect(m_sync, &SyncController::syncFinished, this,
        [this](bool ok, const QString &message, const SyncReport &report) {
            m_syncAction->setEnabled(true);
            m_cancelSyncAction->setEnabled(false);
            // Even a failed sync may have stored the steps it completed: show what the cache
            // holds, the shown record read again whatever the sync stored.
            m_cacheWatch->markSeen();
            m_loader->forgetShownStamp();
            showWhatTheCacheHolds();
            m_syncStatus->showOutcome(ok, message, report);
        });
}

void MainWindow::setupCacheWatch()
{
    m_cacheWatch = new CacheWatch(m_store, statusBar(), this);
    m_cacheWatch->setHoldWhile([this] { return m_sync->isRunning() || m_loader->isLoading(); });
    connect(m_cacheWatch, &CacheWatch::changed, this, &MainWindow::showWhatTheCacheHolds);
    // A works list imported by another program (`ledger-curator works import`): the
    // suggestions are looked for again in the index as it now is.
    connect(m_cacheWatch, &CacheWatch::changed, m_suggestions, &SuggestionProvider::checkIndex);
    connect(
        m_suggestions, &SuggestionProvider::worksIndexChanged, this, &MainWindow::startSuggestions);
    connect(m_cacheWatch, &CacheWatch::refused, this, &MainWindow::showError);
    // The shown record's stamp, once it is in: an external change after that reloads it.
    connect(
        m_session.get(), &CurationSession::recordLoaded, m_loader, &RecordLoader::noteShownStamp);
}

void MainWindow::reloadRecords()
{
    auto summaries = m_store.recordSummaries();
    if (!summaries) {
        showError(summaries.error().toString());
        return;
    }
    m_records->setSummaries(*summaries);
    if (summaries->isEmpty()) {
        m_session->close();
        m_view->showMessage(
            tr("The cache holds no records.\n\nUse File > Import (Ctrl+O), or drop a ledger page "
               "text or record JSON file here, to add one."));
        return;
    }
    // At start, the record shown when the window last closed (if the cache still holds it).
    const QString current = m_session->hasRecord() ? m_session->record().upstream.arxivId
                                                   : std::exchange(m_startRecord, QString());
    selectRecord(m_records->contains(current) ? current : summaries->first().arxivId);
    countListedAttention(); // after the record to show: it waits until that one is in
}

void MainWindow::selectRecord(const QString &arxivId)
{
    if (!m_records->select(arxivId))
        return;
    if (arxivId != m_session->record().upstream.arxivId && arxivId != m_loader->requestedRecord())
        m_loader->load(arxivId);
}

void MainWindow::showFirstRows(qsizetype total)
{
    m_view->showFirstRows(m_loader->takeFirstRows(), total);
    m_panel->setObservations({});
    m_panel->setEnabled(false);
    m_preview->clear();
    Q_EMIT firstRowsShown(m_model->record().arxivId);
}

void MainWindow::showRecordLoaded()
{
    const CuratedRecord &curated = m_session->record();
    m_panel->setEnabled(true);
    if (!m_session->hasRecord()) {
        m_suggestions->clear();
        m_view->clearRecord();
        return;
    }
    // The row chosen among the first rows stays chosen, and in view.
    const RecordView::Position position = m_view->position();
    std::optional<ObservationTableData> prepared
        = m_loader->takePreparedTable(curated.shown.arxivId);
    // A large page's preview is built on a worker thread: started before the table takes the
    // record (fitting its columns is a good part of a second for 200,000 rows), so that the two
    // go on side by side. The hints are the prepared table's, which the model then holds.
    const bool previewFirst = prepared && m_preview->buildsInBackground(curated.shown);
    if (previewFirst)
        m_preview->setRecord(curated.shown, prepared->hints, ownPaperNotices(curated));
    m_view->showRecord(curated, std::move(prepared));
    m_panel->setObservations({});
    m_view->restorePosition(position);
    if (!previewFirst)
        m_preview->setRecord(curated.shown, m_model->hints(), ownPaperNotices(curated));
    rememberShownAttention();
    updateObservationActions();
    // The match suggestions look once the page preview is in: both are long for a large record,
    // and the preview is what the curator reads first.
    if (m_preview->isBuilding()) {
        m_suggestions->clear();
        m_suggestionsAfterPreview = true;
    } else {
        startSuggestions();
    }
    Q_EMIT recordShown(curated.shown.arxivId);
}

void MainWindow::rememberShownAttention()
{
    if (!m_session->hasRecord() || m_loader->showsFirstRowsOnly())
        return;
    const QString id = m_session->record().upstream.arxivId;
    const AttentionCount count = m_model->attention();
    if (auto stamp = m_store.changeStamp(id))
        (void)m_store.rememberAttentionCount(
            id, *stamp, count); // a shortcut for the next start only
    m_records->setAttention(id, count);
}

void MainWindow::countListedAttention()
{
    // Not beside a record being read (a large one holds hundreds of MB while it loads): the
    // count waits until it is shown, and never reads the shown record (the table counts it).
    const int generation = ++m_attentionJobs;
    if (m_loader->isLoading() || m_preview->isBuilding()) {
        m_attentionPending = true;
        return;
    }
    m_attentionPending = false;
    // A record of more than kAttentionCountedInBackground observations is counted when it is
    // shown (or by `ledger-curator list`), not read whole beside the one the curator works on.
    QStringList ids = m_records->uncounted(kAttentionCountedInBackground);
    if (m_session->hasRecord())
        ids.removeAll(m_session->record().upstream.arxivId);
    if (ids.isEmpty())
        return;
    const QString path = m_store.path();
    using Counts = QList<std::pair<QString, AttentionCount>>;
    BackgroundJob::start<Counts>(
        this, {},
        [path, ids](auto &worker) -> Counts {
            Counts counts;
            Store store(path);
            if (!store.open())
                return counts; // the list keeps saying "counting"; the next change tries again
            for (const QString &id : ids) {
                if (worker.isCancelled())
                    break;
                if (auto count = countRecordAttention(store, id))
                    counts.append({ id, *count });
            }
            return counts;
        },
        [this, generation](Counts counts) {
            if (generation != m_attentionJobs)
                return; // the list was read again since: a newer count is on its way
            for (const auto &[id, count] : std::as_const(counts))
                m_records->setAttention(id, count);
            Q_EMIT attentionCounted();
        });
}

void MainWindow::showRecordChange(const QStringList &observations)
{
    // While another record's first rows are shown (an undo of the record before, say), the
    // table and preview are not the session's: they follow once the new record is in.
    if (m_loader->showsFirstRowsOnly())
        return;
    m_view->showChange(m_session->record(), observations);
    // The suggestions of what changed are looked for again (a reload changes every one).
    if (observations.size() > kSuggestionsChangedAtOnce)
        startSuggestions();
    else
        m_suggestions->observationsChanged(m_session->record(), observations);
    m_panel->refreshHints();
    // The panel shows what changed under it (another program, a sync); what was typed in it is
    // kept as a draft (PanelDrafts).
    const QStringList inPanel = m_panel->observations();
    if (std::any_of(inPanel.cbegin(), inPanel.cend(),
            [&observations](const QString &id) { return observations.contains(id); }))
        m_panel->setObservations(inPanel);
    m_preview->setRecord(
        m_session->record().shown, m_model->hints(), ownPaperNotices(m_session->record()));
    if (!observations.isEmpty())
        m_preview->scrollToObservation(observations.first());
    // The record list's attention counts follow corrections.
    rememberShownAttention();
    if (auto summaries = m_store.recordSummaries())
        m_records->setSummaries(*summaries);
    countListedAttention();
    m_records->select(m_session->record().upstream.arxivId);
    updateObservationActions(); // the hints may have changed
}

void MainWindow::updateSelection()
{
    updateObservationActions();
    if (m_loader->showsFirstRowsOnly()) // the session does not hold this record yet
        return;
    m_panel->setObservations(selectedObservations());
    const QModelIndex current = m_table->currentIndex();
    if (current.isValid())
        m_preview->scrollToObservation(
            current.data(ObservationTableModel::ObservationIdRole).toString());
}

QStringList MainWindow::selectedObservations() const
{
    QStringList ids;
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
        [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    for (const QModelIndex &index : rows)
        ids.append(index.data(ObservationTableModel::ObservationIdRole).toString());
    return ids;
}

void MainWindow::updateObservationActions()
{
    const bool ready = m_session->hasRecord() && !m_loader->showsFirstRowsOnly();
    const QStringList selected = ready ? selectedObservations() : QStringList();
    m_duplicatesAction->setEnabled(selected.size() >= 2);
    m_compareRepeatedAction->setEnabled(
        selected.size() == 1 && repeatedWith(m_model->hints(), selected.first()).size() >= 2);
    m_copyUuidAction->setEnabled(!selected.isEmpty());
    m_clearMatchesAction->setEnabled(ready);
    // What acts on the selected observations is enabled only when some are selected.
    for (QAction *action :
        { m_applyAction, m_applyNextAction, m_dismissHintsAction, m_revertAction })
        action->setEnabled(!selected.isEmpty());
    m_noneOfTheseAction->setEnabled(selected.size() == 1);
}

void MainWindow::compareObservations(const QStringList &observations)
{
    if (observations.size() < 2 || m_loader->showsFirstRowsOnly())
        return;
    auto *dialog = new DuplicatesDialog(*m_session, observations, this);
    connect(dialog, &DuplicatesDialog::recorded, this, [this](const QString &description) {
        statusBar()->showMessage(tr("Recorded: %1.").arg(description), 10000);
    });
    openWindowModal(dialog);
}

void MainWindow::applyAndNext()
{
    const QString before = m_view->currentObservation();
    if (!m_panel->apply())
        return;
    moveOnFrom(before);
}

void MainWindow::dismissHintsAndNext()
{
    const QString before = m_view->currentObservation();
    if (!m_panel->dismissHints())
        return;
    moveOnFrom(before);
}

void MainWindow::acceptCandidateAndNext(int index)
{
    const QString before = m_view->currentObservation();
    if (!m_panel->acceptCandidate(index))
        return;
    moveOnFrom(before);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table && event->type() == QEvent::KeyPress
        && !m_loader->showsFirstRowsOnly()) {
        const int index = m_panel->candidateForKey(static_cast<QKeyEvent *>(event));
        if (index >= 0) {
            acceptCandidateAndNext(index);
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::startSuggestions()
{
    m_suggestionsAfterPreview = false;
    if (!m_session->hasRecord() || m_loader->showsFirstRowsOnly()) {
        m_suggestions->clear();
        return;
    }
    // The table's order for the rows it shows (of a table not too long to walk here), the
    // current row first; the worker puts the record's other observations after them.
    QStringList order;
    const int rows = m_proxy->rowCount();
    if (rows <= kSuggestionsTableOrderRows) {
        order.reserve(rows);
        for (int row = 0; row < rows; ++row) {
            const QModelIndex index = m_proxy->index(row, ObservationTableModel::CitingTitleColumn);
            if (index.data(ObservationTableModel::NeedsAttentionRole).toBool())
                order.append(index.data(ObservationTableModel::ObservationIdRole).toString());
        }
    }
    m_suggestions->setRecord(m_session->record(), order, m_view->currentObservation());
}

void MainWindow::showClearMatches()
{
    if (!m_session->hasRecord() || m_loader->showsFirstRowsOnly())
        return;
    auto gather = [this] {
        ClearMatchesDialog::Gathered gathered;
        if (!m_session->hasRecord())
            return gathered;
        const CuratedRecord &record = m_session->record();
        QStringList shown;
        for (int row = 0; row < m_proxy->rowCount(); ++row)
            shown.append(
                m_proxy->index(row, 0).data(ObservationTableModel::ObservationIdRole).toString());
        if (m_suggestions->indexEmpty())
            gathered.problem = tr("No works index yet: File > Import Works List... or "
                                  "`ledger-curator works import FILE`");
        else if (!m_suggestions->error().isEmpty())
            gathered.problem = tr("Suggestions unavailable: %1").arg(m_suggestions->error());
        gathered.pending = m_suggestions->pendingAmong(record, shown);
        for (const QString &id : std::as_const(shown)) {
            const ObservationSuggestions *s = m_suggestions->suggestions(id);
            if (!s || clearMatchEdits(record, { *s }).isEmpty())
                continue;
            const Observation *o = record.shown.findObservation(id);
            ClearMatchesDialog::Row row;
            row.observation = o->reference
                ? tr("ref. %1 (%2)").arg(QString::number(*o->reference), id.left(8))
                : id.left(8);
            row.title = s->query.title;
            row.candidate = s->candidates.first();
            gathered.rows.append(row);
            gathered.suggestions.append(*s);
        }
        return gathered;
    };
    auto *dialog = new ClearMatchesDialog(gather, this);
    connect(m_suggestions, &SuggestionProvider::suggestionsChanged, dialog,
        &ClearMatchesDialog::refresh);
    connect(dialog, &ClearMatchesDialog::matchesAccepted, this,
        [this](
            const QList<ObservationSuggestions> &suggestions) { acceptClearMatches(suggestions); });
    openWindowModal(dialog);
}

int MainWindow::acceptClearMatches(const QList<ObservationSuggestions> &suggestions)
{
    if (!m_session->hasRecord())
        return -1;
    const CuratedRecord &record = m_session->record();
    QString error;
    const QList<FieldEdit> edits
        = checkedSuggestionEdits(record, clearMatchEdits(record, suggestions), &error);
    if (!error.isEmpty()) {
        showError(tr("No clear match was accepted: %1").arg(error));
        return -1;
    }
    QSet<QString> matched;
    for (const FieldEdit &edit : edits)
        matched.insert(edit.observation);
    const int count = int(matched.size());
    if (!ensureCuratorIdentity(*m_session, this)) {
        showError(notRecordedWithoutName());
        return -1;
    }
    auto result = m_session->applyEdits(edits, tr("Accept clear matches (%Ln)", nullptr, count));
    if (!result) {
        showError(result.error().toString());
        return -1;
    }
    statusBar()->showMessage(*result
            ? tr("Accepted clear matches: %Ln (identifier, verified fuzzy and a note on each).",
                nullptr, count)
            : tr("Nothing to accept: the clear matches were already recorded."),
        10000);
    return *result ? count : 0;
}

void MainWindow::importWorksFile(const QString &path)
{
    m_works->importFile(path);
}

void MainWindow::moveOnFrom(const QString &decided)
{
    // The row decided may have left the view (a filter no longer matches): the view then holds
    // the row that took its place, which is the next one when it still needs attention.
    const QString current = m_view->currentObservation();
    if (current != decided && !current.isEmpty() && m_view->currentNeedsAttention())
        return;
    if (!m_view->goToAttention(true))
        statusBar()->showMessage(tr("Nothing else in this view needs attention."), 8000);
}

void MainWindow::showObservation(const QString &record, const QString &observation)
{
    selectRecord(record);
    raise();
    activateWindow();
    if (m_session->record().shown.arxivId == record)
        m_view->selectObservation(observation);
}

void MainWindow::showError(const QString &message)
{
    statusBar()->showMessage(message, 15000);
    // Window-modal but not blocking: background work and the event loop carry on.
    auto *box = new QMessageBox(
        QMessageBox::Warning, tr("Ledger Curator"), message, QMessageBox::Ok, this);
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
    // Files named on the command line (openFiles()) show the first record imported, others the
    // last.
    m_files->importFiles(files, std::exchange(m_showFirstImported, false));
}

void MainWindow::openFiles(const QStringList &files)
{
    if (files.isEmpty())
        return;
    m_showFirstImported = true;
    importFiles(files);
}

void MainWindow::exportPdfTo(const QString &path)
{
    if (m_loader->isLoading()) { // the record on screen is not the session's yet
        statusBar()->showMessage(tr("arXiv:%1 is still loading: export it once it is shown.")
                                     .arg(m_loader->requestedRecord()),
            6000);
        Q_EMIT exportFinished(false);
        return;
    }
    if (m_session->hasRecord())
        m_files->exportPdf(m_session->record().shown, path, ownPaperNotices(m_session->record()));
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!ImportExport::localFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    if (const QStringList files = ImportExport::localFiles(event->mimeData()); !files.isEmpty()) {
        event->acceptProposedAction();
        importFiles(files);
    }
}

void MainWindow::syncNow()
{
    if (m_sync->isRunning())
        return;
    if (!m_sync->isConfigured()) {
        statusBar()->showMessage(tr("Set up the server to sync with, and your token."), 8000);
        showSyncSettings();
        return;
    }
    m_sync->syncNow(SyncController::Trigger::User);
}

void MainWindow::showSyncSettings()
{
    openWindowModal(new SyncSettingsDialog(*m_sync, this));
}

void MainWindow::showWhatTheCacheHolds()
{
    const RecordLoader::ShownPage shown = m_loader->shownPage();
    reloadRecords();
    m_loader->reloadIfChanged(shown);
    m_syncStatus->update();
}

QString MainWindow::settingsRecord() const
{
    // The record being loaded counts: it is the one the user chose last.
    const QString requested = m_loader->requestedRecord();
    return !requested.isEmpty()  ? requested
        : m_session->hasRecord() ? m_session->record().upstream.arxivId
                                 : QString();
}

void MainWindow::saveSettings()
{
    m_settings->save(settingsRecord());
}

void MainWindow::resetLayout()
{
    m_settings->resetLayout();
    // As after every load (showRecordLoaded()), the columns fit the record's data.
    if (m_session->hasRecord())
        m_view->fitColumns();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // The window is laid out at its restored size by now.
    m_settings->restoreSplitters();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // Typed text is never dropped without a word: the curator chooses.
    QStringList where;
    if (m_panel->hasUnappliedText(&where)) {
        QMessageBox box(QMessageBox::Warning, tr("Unapplied Corrections"),
            tr("You typed corrections that are not applied (%Ln observation(s)). Quit anyway "
               "and lose them?",
                nullptr, int(where.size())),
            QMessageBox::NoButton, this);
        box.setObjectName(QStringLiteral("unappliedText"));
        box.setDetailedText(where.join(u'\n'));
        QPushButton *discard = box.addButton(tr("&Discard and Quit"), QMessageBox::DestructiveRole);
        discard->setObjectName(QStringLiteral("discardAndQuit"));
        QPushButton *back = box.addButton(tr("&Go Back"), QMessageBox::RejectRole);
        box.setDefaultButton(back);
        box.exec();
        if (box.clickedButton() != discard) {
            event->ignore();
            return;
        }
    }
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::showSettingsDialog()
{
    auto *dialog = new SettingsDialog(m_sync, this);
    connect(dialog, &SettingsDialog::resetLayoutRequested, this, &MainWindow::resetLayout);
    connect(dialog, &SettingsDialog::settingsApplied, m_preview, &PreviewPane::setInboundCap);
    openWindowModal(dialog);
}

void MainWindow::showAboutDialog()
{
    openWindowModal(new AboutDialog(m_store.path(), this));
}

void MainWindow::showSearchWindow()
{
    if (!m_searchWindow) {
        m_searchWindow = new SearchWindow(m_store.path(), this);
        connect(m_searchWindow, &SearchWindow::observationRequested, this,
            &MainWindow::openSearchResult);
    }
    m_searchWindow->refresh(); // what the cache holds now
    m_searchWindow->show();
    m_searchWindow->raise();
    m_searchWindow->activateWindow();
    m_searchWindow->focusSearchField();
}

void MainWindow::openSearchResult(const QString &record, const QString &observation)
{
    raise();
    activateWindow();
    // Selected in the table once the record is shown; the filters are cleared when they hide it.
    auto select = [this, observation] {
        if (observation.isEmpty())
            return;
        const auto selected = [this, &observation] {
            return m_table->currentIndex().data(ObservationTableModel::ObservationIdRole).toString()
                == observation;
        };
        m_view->selectObservation(observation);
        if (!selected()) {
            m_view->clearFilters();
            m_view->selectObservation(observation);
        }
        m_table->setFocus(Qt::OtherFocusReason);
    };
    if (m_session->hasRecord() && m_session->record().shown.arxivId == record
        && !m_loader->isLoading()) {
        select();
        return;
    }
    auto once = std::make_shared<QMetaObject::Connection>();
    *once = connect(
        this, &MainWindow::recordShown, this, [record, select, once](const QString &shown) {
            QObject::disconnect(*once);
            if (shown == record)
                select();
        });
    selectRecord(record);
}

void MainWindow::showShortcuts()
{
    auto *dialog = new ShortcutsDialog(menuBar(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

} // namespace LedgerCurator
