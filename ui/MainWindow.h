// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CacheWatch.h"
#include "CuratedRecord.h"
#include "NoticeController.h"
#include "ObservationTableModel.h"
#include "RecordLoader.h"
#include "RecordView.h"
#include "Result.h"

#include <QMainWindow>

#include <array>
#include <memory>

class QAction;
class QTabWidget;
class QTableView;

namespace LedgerCurator {

class CurationPanel;
class CurationSession;
class ImportExport;
class ManualHelp;
class NoticeReviewWindow;
class NoticesView;
class ObservationFilterProxy;
class PreviewPane;
class RecordList;
class ReportExport;
class SearchWindow;
class Store;
class SuggestionProvider;
class WorksImport;
class SyncController;
class SyncStatus;
class WindowSettings;
struct NoticeReviewTarget;
struct ObservationSuggestions;

//! The main window: records on the left, the observations of the selected record in the middle
//! (RecordView: summary bar, filters, table), the curation panel and the page preview on the
//! right. It holds the menus, the actions and the layout, and wires the helpers that do the
//! rest: RecordLoader (opening records), ImportExport (page files in, PDF out),
//! NoticeController (notices), SyncStatus and SyncController (sync), CacheWatch (the cache
//! beside other programs), WindowSettings (what is kept between runs). Long work runs as a
//! BackgroundJob.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(Store &store, QWidget *parent = nullptr);
    ~MainWindow() override;

    //! Tells what became of the app start's import of the demo page (loadDemoOnFirstStart()):
    //! loaded, in the status bar; failed, in an error box; nothing to do, nothing.
    void showDemoOutcome(const Result<bool> &demo);

    //! Reloads the record list, keeping the selection where possible.
    void reloadRecords();
    //! Shows the record with this arXiv id (loaded in the background).
    void selectRecord(const QString &arxivId);
    //! Imports files in the background with a cancellable progress dialog.
    void importFiles(const QStringList &files);
    //! Exports the shown record to PDF in the background with a cancellable progress dialog.
    void exportPdfTo(const QString &path);
    //! Moves the table's current row to the next (or previous) observation needing attention.
    bool goToAttention(bool forward) { return m_view->goToAttention(forward); }
    //! Applies the correction panel's edits and selects the next observation that needs
    //! attention in the view (Ctrl+Shift+Return), keeping the filters.
    void applyAndNext();
    //! Dismisses the selected observation's anomaly hints, then as applyAndNext().
    void dismissHintsAndNext();
    //! Accepts candidate `index` (0-based) of the selected observation's match suggestions
    //! (one undoable step), then goes on as applyAndNext() does. Keys 1-5 and Enter in the table
    //! or the candidate list.
    void acceptCandidateAndNext(int index);
    //! Edit > Accept Clear Matches... (Ctrl+Shift+M): the clear matches among the observations
    //! the table shows, listed in a dialog (window-modal, not blocking); OK records them as one
    //! undoable step.
    void showClearMatches();
    //! Records the clear matches of `suggestions` (clearMatchEdits()) as one undoable step;
    //! the number of observations matched, or -1 when it failed.
    int acceptClearMatches(const QList<ObservationSuggestions> &suggestions);
    //! File > Import Works List...: a works file imported in the background (progress, Cancel,
    //! a report), then the suggestions looked for again.
    void importWorksFile(const QString &path);
    SuggestionProvider &suggestions() { return *m_suggestions; }
    bool isLoading() const { return m_loader->isLoading(); }

    CurationSession &session() { return *m_session; }

    //! The notice review window (created on first use).
    NoticeReviewWindow *noticeReview() { return m_notices->reviewWindow(); }
    //! Opens the review window and reads every record's notices.
    void showNoticeReview() { m_notices->showReview(); }
    //! The Notices view: every notice the team knows (created on first use).
    NoticesView *noticesView();
    //! Notices > All Notices...: opens the Notices view (it reads the cache when shown).
    void showNotices();
    //! Records a review decision (status and note) for notices on records, through the session
    //! (one undo step per record); a notice of another record is reviewed once it is shown.
    void applyReview(
        const QList<NoticeReviewTarget> &targets, const QString &status, const QString &note)
    {
        m_notices->applyReview(targets, status, note);
    }
    //! Imports a Retraction Watch style CSV file of notices in the background.
    //! Imports notices from a file: as `scope`, or as the curator chooses in the scope dialog.
    void importNoticesFile(
        const QString &path, std::optional<NoticeImportScope> scope = std::nullopt)
    {
        m_notices->importFile(path, scope);
    }

    SyncController &syncController() { return *m_sync; }
    //! Starts a sync with progress in the status bar; asks for the settings when none are set.
    void syncNow();
    //! The sync settings dialog (window-modal, not blocking).
    void showSyncSettings();

    //! Imports files named on the command line as File > Import does and shows the first one
    //! imported; a refused file imports nothing and shows the error (FILE:LINE: ...).
    void openFiles(const QStringList &files);
    //! Writes the layout, the filters and the shown record to the settings (done on close).
    //! The record the settings keep: the one being loaded, else the one shown.
    QString settingsRecord() const;
    void saveSettings();
    //! Puts the window size, the panes and the table's columns back to their defaults.
    void resetLayout();
    //! Edit > Settings... (window-modal, not blocking).
    void showSettingsDialog();
    //! Help > About Ledger Curator (window-modal, not blocking).
    void showAboutDialog();
    //! The observations selected in the table, in table order.
    QStringList selectedObservations() const;
    //! Edit > Mark as Duplicates... (Ctrl+D): the observations compared side by side in the
    //! duplicates dialog (window-modal, not blocking), to mark duplicates or tell them apart.
    void compareObservations(const QStringList &observations);

    //! Looks at the cache now, as the window does every second: what another program (the
    //! command line, another window, a sync) committed is shown, and a cache whose files were
    //! lost or damaged is reported and no longer written.
    void checkCache() { m_cacheWatch->check(); }

Q_SIGNALS:
    void recordShown(const QString &arxivId);
    //! The first rows of a large record are on screen; the whole record follows (recordShown).
    void firstRowsShown(const QString &arxivId);
    void importFinished(bool ok);
    void exportFinished(bool ok);
    void noticesImported(bool ok);
    void reviewApplied(const QString &arxivId);
    //! The record list's attention counts of records not shown came in.
    void attentionCounted();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void createWidgets();
    void createActions();
    void setupNotices();
    //! Reads what saveSettings() wrote; called once, before the records are listed.
    void restoreSettings();
    void setupSync();
    void setupCacheWatch();
    void showFirstRows(qsizetype total);
    void showRecordLoaded();
    void showRecordChange(const QStringList &observations);
    //! Counts, on a worker, what needs attention in the listed records not counted since they
    //! last changed.
    void countListedAttention();
    void moveOnFrom(const QString &decided);
    //! Keeps the shown record's attention count (the table's) and shows it in the record list.
    void rememberShownAttention();
    void updateSelection();
    void showError(const QString &message);
    void showObservation(const QString &record, const QString &observation);
    //! Mark as Duplicates, Compare with Repeated and Copy Observation UUID follow the selection.
    void updateObservationActions();
    //! The record list, the shown record (if its corrections, page or the notices changed) and
    //! the outbox count, read again from the cache.
    void showWhatTheCacheHolds();
    void chooseImportFiles();
    //! Edit > Search All Records... (created on first use), and showing a hit it was asked to.
    void showSearchWindow();
    void openSearchResult(const QString &record, const QString &observation);
    //! Help > Keyboard Shortcuts.
    void showShortcuts();
    //! Looks for the match suggestions of the shown record's observations, in the table's order
    //! (the current row first).
    void startSuggestions();

    Store &m_store;
    std::unique_ptr<CurationSession> m_session;
    ObservationTableModel *m_model = nullptr;
    ObservationFilterProxy *m_proxy = nullptr;
    RecordLoader *m_loader = nullptr;
    ImportExport *m_files = nullptr;
    RecordList *m_records = nullptr;
    RecordView *m_view = nullptr;
    QTableView *m_table = nullptr; // the view's
    CurationPanel *m_panel = nullptr;
    PreviewPane *m_preview = nullptr;
    QTabWidget *m_sideTabs = nullptr;
    QAction *m_applyAction = nullptr;
    QAction *m_applyNextAction = nullptr;
    QAction *m_dismissHintsAction = nullptr;
    QAction *m_revertAction = nullptr;
    QAction *m_duplicatesAction = nullptr;
    QAction *m_compareRepeatedAction = nullptr;
    QAction *m_copyUuidAction = nullptr;
    QAction *m_noneOfTheseAction = nullptr;
    QAction *m_clearMatchesAction = nullptr;
    QAction *m_syncAction = nullptr;
    QAction *m_cancelSyncAction = nullptr;
    NoticeController *m_notices = nullptr;
    NoticesView *m_noticesView = nullptr;
    SearchWindow *m_searchWindow = nullptr;
    ReportExport *m_reports = nullptr;
    SuggestionProvider *m_suggestions = nullptr;
    WorksImport *m_works = nullptr;
    SyncController *m_sync = nullptr;
    SyncStatus *m_syncStatus = nullptr;
    CacheWatch *m_cacheWatch = nullptr;
    WindowSettings *m_settings = nullptr;
    ManualHelp *m_manual = nullptr;
    int m_attentionJobs = 0; // generation of the attention counting started last
    static constexpr qint64 kAttentionCountedInBackground = 50000;
    // A change of more observations than this looks for every suggestion again (a reload).
    static constexpr qsizetype kSuggestionsChangedAtOnce = 100;
    // The table's order is given to the suggestions for tables of up to this many rows.
    static constexpr int kSuggestionsTableOrderRows = 200000;
    bool m_attentionPending = false; // to count once the record being read is shown
    bool m_suggestionsAfterPreview = false; // startSuggestions() once the preview is shown
    QString m_startRecord; // the record to show first (records/last), consumed by reloadRecords()
    bool m_showFirstImported = false; // set by openFiles(), consumed by importFiles()
};

} // namespace LedgerCurator
