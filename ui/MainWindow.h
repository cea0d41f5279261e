// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CuratedRecord.h"
#include "ObservationTableModel.h"
#include "Result.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>

#include <array>
#include <atomic>
#include <memory>

class QAction;
class QFutureWatcherBase;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QProgressBar; // sync
class QProgressDialog;
class QStackedWidget;
class QTableView;
class QToolButton;

namespace LedgerCurator {

class CurationPanel;
class PreviewPane;
class CurationSession;
class ObservationFilterProxy;
class RecordListModel;
class Store;
class SummaryBar;
class SyncController; // sync

//! The main window: records on the left, the observations of the selected record in the middle
//! (summary bar, filters, table), the curation panel on the right.
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
    bool goToAttention(bool forward);
    bool isLoading() const { return m_loading; }

    CurationSession &session() { return *m_session; }

Q_SIGNALS:
    void recordShown(const QString &arxivId);
    //! The first rows of a large record are on screen; the whole record follows (recordShown).
    void firstRowsShown(const QString &arxivId);
    void importFinished(bool ok);
    void exportFinished(bool ok);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createWidgets();
    void createActions();
    void showRecordLoaded();
    void showFirstRows(ObservationTableData data, qsizetype total);
    void loadRecord(const QString &arxivId);
    void updateSummary();
    void updateChips();
    void updateSelection();
    void showMessagePage(const QString &text);
    void showError(const QString &message);
    void chooseImportFiles();

    Store &m_store;
    std::unique_ptr<CurationSession> m_session;
    RecordListModel *m_recordModel = nullptr;
    ObservationTableModel *m_model = nullptr;
    ObservationFilterProxy *m_proxy = nullptr;
    QListView *m_records = nullptr;
    QTableView *m_table = nullptr;
    QLineEdit *m_filter = nullptr;
    std::array<QToolButton *, kResolutionStateCount> m_chips {};
    QComboBox *m_direction = nullptr;
    QCheckBox *m_attentionOnly = nullptr;
    QCheckBox *m_curatedOnly = nullptr;
    QLabel *m_heading = nullptr;
    QLabel *m_filterStatus = nullptr;
    SummaryBar *m_summaryBar = nullptr;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_messagePage = nullptr;
    QWidget *m_recordPage = nullptr;
    CurationPanel *m_panel = nullptr;
    PreviewPane *m_preview = nullptr;
    class QTabWidget *m_sideTabs = nullptr;
    QAction *m_applyAction = nullptr;
    QAction *m_revertAction = nullptr;
    std::unique_ptr<ObservationTableData> m_preparedTable;
    QString m_requestedRecord;
    bool m_loading = false;
    //! The table shows the first rows of m_requestedRecord while the whole record loads: the
    //! curation panel, chips and preview wait for it.
    bool m_firstRowsOnly = false;
    int m_loadGeneration = 0;
    QPointer<QFutureWatcherBase> m_loadWatcher; // the load under way, cancelled by a newer one

    // Notices (MainWindowNotices.cpp) -------------------------------------------------------------
public:
    //! The notice review window (created on first use).
    class NoticeReviewWindow *noticeReview();
    //! Opens the review window and reads every record's notices.
    void showNoticeReview();
    //! Records a review status and note for observations, as corrections through the session
    //! (one undo step per record); observations of another record are reviewed once it is shown.
    void applyReview(const QList<struct NoticeTouch> &touches, const QString &status, const QString &note);
    //! Imports a Retraction Watch style CSV file of notices in the background.
    void importNoticesFile(const QString &path);

Q_SIGNALS:
    void noticesImported(bool ok);
    void reviewApplied(const QString &arxivId);

private:
    void setupNotices();
    void updateRetractionBanner();
    void applyPendingReviews();

    class NoticeReviewWindow *m_noticeReview = nullptr;
    QWidget *m_banner = nullptr;
    QLabel *m_bannerText = nullptr;
    struct PendingReview
    {
        QString record;
        QStringList observations;
        QString status;
        QString note;
    };
    QList<PendingReview> m_pendingReviews;

    // Sync (MainWindowSync.cpp) ------------------------------------------------------------------
public:
    SyncController &syncController() { return *m_sync; }
    //! Starts a sync with progress in the status bar; asks for the settings when none are set.
    void syncNow();
    //! The sync settings dialog (window-modal, not blocking).
    void showSyncSettings();

private:
    void setupSync();
    void updateSyncStatus();
    void syncFinished(bool ok, const QString &message);

    SyncController *m_sync = nullptr;
    QLabel *m_syncStatus = nullptr;
    QProgressBar *m_syncProgress = nullptr;
    QToolButton *m_syncCancel = nullptr;
    QAction *m_syncAction = nullptr;
    // End of the sync block ------------------------------------------------------------------------

    // Settings (MainWindowSettings.cpp) ----------------------------------------------------------
public:
    //! Imports files named on the command line as File > Import does and shows the first one
    //! imported; a refused file imports nothing and shows the error (FILE:LINE: ...).
    void openFiles(const QStringList &files);
    //! Writes the layout, the filters and the shown record to the settings (done on close).
    void saveSettings();
    //! Puts the window size, the panes and the table's columns back to their defaults.
    void resetLayout();
    //! Edit > Settings... (window-modal, not blocking).
    void showSettingsDialog();
    //! Help > About Ledger Curator (window-modal, not blocking).
    void showAboutDialog();

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    //! Reads what saveSettings() wrote; called once, before the records are listed.
    void restoreSettings();

    QSize m_defaultSize;
    QByteArray m_defaultWindowState;
    QByteArray m_defaultHeaderState;
    QHash<QString, QList<int>> m_defaultSplitterSizes;
    QHash<QString, QByteArray> m_pendingSplitterStates; // restored in the first showEvent()
    QString m_startRecord; // the record to show first (records/last), consumed by reloadRecords()
    bool m_showFirstImported = false; // set by openFiles(), consumed by importFiles()
    // End of the settings block ------------------------------------------------------------------

    // The cache beside other programs (MainWindowCache.cpp) --------------------------------------
public:
    //! Looks at the cache now, as the window does every second: what another program (the
    //! command line, another window, a sync) committed is shown, and a cache whose files were
    //! lost or damaged is reported and no longer written.
    void checkCache();

private:
    void setupCacheWatch();
    //! The record list, the shown record (if its corrections, page or the notices changed) and
    //! the outbox count, read again from the cache.
    void showWhatTheCacheHolds();
    void showCacheRefusal(const QString &refusal);

    class QTimer *m_cacheWatch = nullptr;
    qint64 m_dataVersion = -1;
    QString m_shownStamp; // Store::changeStamp() of the shown record when it was last read
    QLabel *m_cacheProblem = nullptr;
    // End of the cache block ---------------------------------------------------------------------
};

} // namespace LedgerCurator
