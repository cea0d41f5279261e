// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Store.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

class QLabel;
class QMainWindow;
class QWidget;

namespace LedgerCurator {

class CurationSession;
class NoticeImport;
class NoticeReviewWindow;
class Store;
struct NoticeReviewTarget;

//! The notices in the main window: the retraction banner over the table (which works of the
//! shown record are retracted, how many are reviewed), the notice review window and its data,
//! reviews recorded as corrections through the session, and the import of retraction data.
class NoticeController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NoticeController)

public:
    //! `window`: the parent of the banner, the review window, the dialogs, and whose status bar
    //! tells what was done.
    NoticeController(Store &store, CurationSession &session, QMainWindow *window);

    //! The banner; the window puts it over the table.
    QWidget *banner() const { return m_banner; }
    //! The notice review window (created on first use).
    NoticeReviewWindow *reviewWindow();
    //! Opens the review window and reads every record's notices.
    void showReview();
    //! Records a review decision (status and note) for each notice on its record: events on the
    //! notice's review observation through the session (one undo step per record), covering
    //! every observation of the record that cites the work; a notice of another record is
    //! reviewed once that record is shown.
    void applyReview(
        const QList<NoticeReviewTarget> &targets, const QString &status, const QString &note);
    //! Imports a Retraction Watch style CSV file of notices in the background (NoticeImport):
    //! as `scope`, or, when none is given, as the curator chooses (an excerpt by default).
    void importFile(const QString &path, std::optional<NoticeImportScope> scope = std::nullopt);

Q_SIGNALS:
    void imported(bool ok);
    void reviewApplied(const QString &arxivId);
    //! The banner's "Show Them": the observations needing attention.
    void showAttentionRequested();
    //! The review window asks to show an observation of a record.
    void showRequested(const QString &record, const QString &observation);
    //! A pending review is for this record: it is recorded once the record is shown.
    void recordWanted(const QString &arxivId);
    void errorOccurred(const QString &message);

private:
    void updateBanner();
    void showImported(bool ok);
    void applyPendingReviews();

    Store &m_store;
    CurationSession &m_session;
    QMainWindow *m_window = nullptr;
    NoticeReviewWindow *m_review = nullptr;
    NoticeImport *m_import = nullptr;
    QWidget *m_banner = nullptr;
    QLabel *m_bannerText = nullptr;
    struct PendingReview
    {
        QString record;
        QStringList refs;
        QString status;
        QString note;
    };
    QList<PendingReview> m_pendingReviews;
};

} // namespace LedgerCurator
