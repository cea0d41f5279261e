// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's menus and their actions, with their shortcuts and status tips (createActions());
// what each action does is in MainWindow.cpp.
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
#include "ImportExport.h"
#include "KeyboardAccess.h"
#include "ManualWindow.h"
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

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *import = file->addAction(tr("&Import..."), this, &MainWindow::chooseImportFiles);
    import->setObjectName(QStringLiteral("importAction"));
    import->setShortcut(QKeySequence::Open);
    import->setStatusTip(
        tr("Import ledger page text or record JSON files (also by drag and drop)"));
    QAction *exportPdf = file->addAction(tr("&Export PDF..."), this, [this] {
        if (!m_session->hasRecord())
            return;
        const QString suggested = m_session->record().shown.arxivId;
        chooseFileToSave(this, QStringLiteral("exportPdfDialog"), tr("Export PDF"),
            QString(suggested).replace(u'/', u'_') + QStringLiteral(".pdf"),
            tr("PDF files (*.pdf)"), [this](const QString &path) { exportPdfTo(path); });
    });
    exportPdf->setObjectName(QStringLiteral("exportPdfAction"));
    exportPdf->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportPdf->setStatusTip(
        tr("Write the rendered page, every observation included, to a PDF file"));
    // Reports (docs/reports.md): the shown record's observations, every record's corrections.
    m_reports = new ReportExport(this, m_store.path(), this);
    QAction *exportCsv = file->addAction(tr("Export Observations as &CSV..."), this, [this] {
        if (m_session->hasRecord() && !m_loader->isLoading())
            m_reports->chooseObservationsFile(m_session->record().shown);
    });
    exportCsv->setObjectName(QStringLiteral("exportObservationsCsvAction"));
    exportCsv->setStatusTip(
        tr("Write the shown record's observations, as corrected, to a CSV file"));
    QAction *exportReport = file->addAction(
        tr("Export Corrections &Report..."), m_reports, &ReportExport::chooseCorrectionsFile);
    exportReport->setObjectName(QStringLiteral("exportCorrectionsAction"));
    exportReport->setStatusTip(
        tr("Write every correction of every cached record (when, who, what) to a CSV file"));
    file->addSeparator();
    m_works = new WorksImport(this, m_store.path(), this);
    connect(m_works, &WorksImport::finished, this, [this](bool, bool changed) {
        if (changed)
            startSuggestions(); // the index changed: every suggestion is looked for again
    });
    QAction *importWorks
        = file->addAction(tr("Import &Works List..."), m_works, &WorksImport::chooseFile);
    importWorks->setObjectName(QStringLiteral("importWorksAction"));
    importWorks->setStatusTip(tr("Import the arXiv metadata snapshot (JSON Lines) or a CSV list "
                                 "of works, to suggest the works observations point to"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_session->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_session->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setShortcuts(
        { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y) });
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    m_applyAction = edit->addAction(tr("&Apply Correction"), this, [this] { m_panel->apply(); });
    m_applyAction->setObjectName(QStringLiteral("applyAction"));
    m_applyAction->setShortcuts(
        { QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter) });
    m_applyAction->setShortcutContext(Qt::WindowShortcut);
    m_applyNextAction = edit->addAction(tr("Apply and &Next"), this, &MainWindow::applyAndNext);
    m_applyNextAction->setObjectName(QStringLiteral("applyNextAction"));
    m_applyNextAction->setShortcuts({ QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return),
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Enter) });
    m_applyNextAction->setShortcutContext(Qt::WindowShortcut);
    m_applyNextAction->setStatusTip(
        tr("Record the correction, then go to the next observation that needs attention"));
    m_dismissHintsAction
        = edit->addAction(tr("Dismiss &Hints and Next"), this, &MainWindow::dismissHintsAndNext);
    m_dismissHintsAction->setObjectName(QStringLiteral("dismissHintsAction"));
    m_dismissHintsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    m_dismissHintsAction->setStatusTip(tr("The anomaly hints of the selected observation are no "
                                          "problem: dismiss them and go to the next observation "
                                          "that needs attention"));
    m_revertAction
        = edit->addAction(tr("Re&vert to Upstream"), this, [this] { m_panel->revertToUpstream(); });
    m_revertAction->setObjectName(QStringLiteral("revertAction"));
    m_revertAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    edit->addSeparator();
    m_noneOfTheseAction = edit->addAction(
        tr("None of &These Candidates"), this, [this] { m_panel->noneOfThese(); });
    m_noneOfTheseAction->setObjectName(QStringLiteral("noneOfTheseAction"));
    m_noneOfTheseAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    m_noneOfTheseAction->setStatusTip(tr("None of the suggested works is the selected "
                                         "observation's: record that in its note"));
    m_clearMatchesAction
        = edit->addAction(tr("Accept Clear &Matches..."), this, &MainWindow::showClearMatches);
    m_clearMatchesAction->setObjectName(QStringLiteral("clearMatchesAction"));
    m_clearMatchesAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    m_clearMatchesAction->setStatusTip(
        tr("List the clear matches among the observations shown, then accept them as one step"));
    edit->addSeparator();
    m_duplicatesAction = edit->addAction(tr("Mark as &Duplicates..."), this,
        [this] { compareObservations(selectedObservations()); });
    m_duplicatesAction->setObjectName(QStringLiteral("markDuplicatesAction"));
    m_duplicatesAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_duplicatesAction->setStatusTip(
        tr("Compare the selected observations side by side; keep one and mark the others as its "
           "duplicates, or record that they are different"));
    m_compareRepeatedAction = edit->addAction(tr("Com&pare with Repeated..."), this, [this] {
        const QStringList selected = selectedObservations();
        if (selected.size() == 1)
            compareObservations(repeatedWith(m_model->hints(), selected.first()));
    });
    m_compareRepeatedAction->setObjectName(QStringLiteral("compareRepeatedAction"));
    m_compareRepeatedAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_compareRepeatedAction->setStatusTip(
        tr("Compare the selected observation with the others from the same citing paper"));
    m_copyUuidAction = edit->addAction(tr("&Copy Observation UUID"), this, [this] {
        const QStringList selected = selectedObservations();
        if (selected.isEmpty())
            return;
        QGuiApplication::clipboard()->setText(selected.join(u'\n'));
        statusBar()->showMessage(selected.size() == 1
                ? tr("Copied the UUID %1.").arg(selected.first())
                : tr("Copied %Ln observation UUIDs.", nullptr, int(selected.size())),
            5000);
    });
    m_copyUuidAction->setObjectName(QStringLiteral("copyUuidAction"));
    m_copyUuidAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    // The table's context menu offers them too.
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        QMenu menu(this);
        menu.addAction(m_duplicatesAction);
        menu.addAction(m_compareRepeatedAction);
        menu.addSeparator();
        menu.addAction(m_copyUuidAction);
        menu.addSeparator();
        menu.addMenu(m_view->columnsMenu()); // the header's menu, for the keyboard too
        menu.exec(m_table->viewport()->mapToGlobal(pos));
    });
    // Shift+F10 opens it as the Menu key does (and every other widget's context menu).
    new ContextMenuKey(this);
    updateObservationActions();
    edit->addSeparator();
    auto *remover = new RecordRemover(m_store, *m_session, this); // Edit > Remove Record...
    remover->addAction(edit, [this] { return m_loader->isLoading(); });
    connect(remover, &RecordRemover::recordsChanged, this, [this](const QString &show) {
        reloadRecords();
        if (!show.isEmpty())
            selectRecord(show);
    });
    connect(remover, &RecordRemover::errorOccurred, this, &MainWindow::showError);
    QAction *searchAll
        = edit->addAction(tr("Search A&ll Records..."), this, &MainWindow::showSearchWindow);
    searchAll->setObjectName(QStringLiteral("searchAllAction"));
    searchAll->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    searchAll->setStatusTip(
        tr("Search every cached record's titles, observation UUIDs, identifiers and notes"));
    edit->addSeparator();
    QAction *settings = edit->addAction(tr("&Settings..."), this, &MainWindow::showSettingsDialog);
    settings->setObjectName(QStringLiteral("settingsAction"));
    settings->setMenuRole(QAction::PreferencesRole);
    settings->setStatusTip(
        tr("Language, the preview's page cap, the record shown on start, sync, layout"));
    // The platform's Preferences key (where it has one) and Ctrl+, everywhere.
    QList<QKeySequence> settingsKeys = QKeySequence::keyBindings(QKeySequence::Preferences);
    if (!settingsKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Comma)))
        settingsKeys.append(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    settings->setShortcuts(settingsKeys);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *find = view->addAction(tr("&Filter Observations"), this, [this] {
        m_view->filterEdit()->setFocus(Qt::ShortcutFocusReason);
        m_view->filterEdit()->selectAll();
    });
    find->setShortcut(QKeySequence::Find);
    QAction *attention = view->addAction(tr("Only Observations Needing &Attention"));
    attention->setObjectName(QStringLiteral("attentionAction"));
    attention->setCheckable(true);
    attention->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    connect(attention, &QAction::toggled, m_view->attentionFilter(), &QCheckBox::setChecked);
    connect(m_view->attentionFilter(), &QCheckBox::toggled, attention, &QAction::setChecked);
    QAction *clear = view->addAction(tr("&Clear Filters"), m_view, &RecordView::clearFilters);
    clear->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    view->addSeparator();
    QAction *preview = view->addAction(tr("Page &Preview"), this, [this] {
        m_sideTabs->setCurrentWidget(
            m_sideTabs->currentWidget() == m_preview ? static_cast<QWidget *>(m_panel) : m_preview);
    });
    preview->setObjectName(QStringLiteral("previewAction"));
    preview->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    view->addAction(
        tr("Preview Pa&ge Cap..."), this, [this] { m_preview->chooseInboundCap(this); });
    view->addSeparator();
    view->addMenu(m_view->columnsMenu());
    // The panes' widths from the keyboard: the arrow says where the divider goes (mirrored in
    // a right-to-left layout, where the side panel is on the left).
    auto *splitter = findChild<QSplitter *>(QStringLiteral("mainSplitter"));
    const Qt::Key towardsStart = isRightToLeft() ? Qt::Key_Right : Qt::Key_Left;
    const Qt::Key towardsEnd = isRightToLeft() ? Qt::Key_Left : Qt::Key_Right;
    const auto paneAction = [this, view, splitter](const QString &text, const QString &name,
                                int pane, int step, QKeyCombination key) {
        QAction *action = view->addAction(text, this, [this, splitter, pane, step] {
            const int delta = step * fontMetrics().averageCharWidth();
            if (!KeyboardAccess::resizePane(splitter, pane, 1, delta)) {
                statusBar()->showMessage(
                    tr("The pane is as wide or as narrow as it can be."), 4000);
                return;
            }
            m_settings->noteChanged(); // kept with the layout, as a drag of the divider is
        });
        action->setObjectName(name);
        action->setShortcut(QKeySequence(key));
        return action;
    };
    paneAction(tr("Wi&den Side Panel"), QStringLiteral("widenSidePanelAction"), 2, 8,
        Qt::CTRL | Qt::ALT | towardsStart);
    paneAction(tr("Narro&w Side Panel"), QStringLiteral("narrowSidePanelAction"), 2, -8,
        Qt::CTRL | Qt::ALT | towardsEnd);
    paneAction(tr("Widen &Record List"), QStringLiteral("widenRecordListAction"), 0, 8,
        Qt::CTRL | Qt::ALT | Qt::SHIFT | towardsEnd);
    paneAction(tr("Narrow Record &List"), QStringLiteral("narrowRecordListAction"), 0, -8,
        Qt::CTRL | Qt::ALT | Qt::SHIFT | towardsStart);

    QMenu *go = menuBar()->addMenu(tr("&Go"));
    // F8 from the record list (or anywhere but the panel) takes the keyboard to the table, so
    // that the keys of the row it selects (1 to 5 for a suggestion, Enter) act on that row.
    const auto goAndFocus = [this](bool forward) {
        const bool inPanel = m_panel->isAncestorOf(QApplication::focusWidget());
        if (goToAttention(forward) && !inPanel)
            m_table->setFocus(Qt::ShortcutFocusReason);
    };
    QAction *next
        = go->addAction(tr("&Next Needing Attention"), this, [goAndFocus] { goAndFocus(true); });
    next->setObjectName(QStringLiteral("nextAttentionAction"));
    next->setShortcut(QKeySequence(Qt::Key_F8));
    QAction *previous = go->addAction(
        tr("&Previous Needing Attention"), this, [goAndFocus] { goAndFocus(false); });
    previous->setObjectName(QStringLiteral("previousAttentionAction"));
    previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F8));
    QAction *table = go->addAction(
        tr("Go to the &Table"), this, [this] { m_table->setFocus(Qt::ShortcutFocusReason); });
    table->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    QAction *panel = go->addAction(tr("Go to the &Correction Panel"), this, [this] {
        m_sideTabs->setCurrentWidget(m_panel);
        if (QWidget *editor = m_panel->findChild<QWidget *>(QStringLiteral("editor-state"));
            editor && editor->isVisible())
            editor->setFocus(Qt::ShortcutFocusReason);
    });
    panel->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));

    auto *notices = new QMenu(tr("&Notices"), this);
    menuBar()->addMenu(notices);
    QAction *review
        = notices->addAction(tr("&Review Notices..."), this, &MainWindow::showNoticeReview);
    review->setObjectName(QStringLiteral("reviewNoticesAction"));
    review->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    QAction *allNotices = notices->addAction(tr("&All Notices..."), this, &MainWindow::showNotices);
    allNotices->setObjectName(QStringLiteral("allNoticesAction"));
    allNotices->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    allNotices->setStatusTip(tr("Every notice the team knows, with the records it concerns; "
                                "filters and CSV export"));
    QAction *importNotices = notices->addAction(tr("&Import Notices..."), this, [this] {
        chooseFilesToOpen(this, QStringLiteral("importNoticesDialog"), tr("Import Notices"),
            tr("Retraction Watch CSV (*.csv);;All files (*)"), false,
            [this](const QStringList &files) { importNoticesFile(files.first()); });
    });
    importNotices->setObjectName(QStringLiteral("importNoticesAction"));
    importNotices->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));

    auto *sync = new QMenu(tr("&Sync"), this);
    sync->setObjectName(QStringLiteral("syncMenu"));
    menuBar()->addMenu(sync);
    m_syncAction = sync->addAction(tr("Sync &Now"), this, &MainWindow::syncNow);
    m_syncAction->setObjectName(QStringLiteral("syncNowAction"));
    m_syncAction->setShortcuts(
        { QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S) });
    m_syncAction->setStatusTip(
        tr("Send your corrections to the server and fetch the other curators' (F5)"));
    m_cancelSyncAction = sync->addAction(tr("&Cancel Sync"), this, [this] { m_sync->cancel(); });
    m_cancelSyncAction->setObjectName(QStringLiteral("cancelSyncAction"));
    m_cancelSyncAction->setEnabled(false);
    sync->addSeparator();
    QAction *syncSettings
        = sync->addAction(tr("Sync &Settings..."), this, &MainWindow::showSyncSettings);
    syncSettings->setObjectName(QStringLiteral("syncSettingsAction"));
    syncSettings->setStatusTip(tr("The server to sync with, your token, and automatic syncs"));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    // F1 opens the manual at the section for where the focus is, in every window (ManualHelp);
    // the shortcut on the action is what menus and Keyboard Shortcuts show.
    m_manual = new ManualHelp(this);
    QAction *manual
        = help->addAction(tr("User &Manual"), this, [this] { m_manual->openForFocus(); });
    manual->setObjectName(QStringLiteral("manualAction"));
    manual->setShortcut(QKeySequence::HelpContents);
    manual->setStatusTip(tr("Open the manual at the section for where you are (F1)"));
    Manual::setSection(m_records, QStringLiteral("attention"));
    Manual::setSection(m_view, QStringLiteral("attention"));
    Manual::setSection(m_panel, QStringLiteral("correct"));
    Manual::setSection(m_panel->suggestionBox(), QStringLiteral("suggestions"));
    Manual::setSection(m_preview, QStringLiteral("preview"));
    help->addSeparator();
    QAction *shortcuts
        = help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
    shortcuts->setObjectName(QStringLiteral("shortcutsAction"));
    QAction *about
        = help->addAction(tr("&About Ledger Curator"), this, &MainWindow::showAboutDialog);
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setObjectName(QStringLiteral("aboutQtAction"));
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

} // namespace LedgerCurator
