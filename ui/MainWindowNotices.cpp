// SPDX-License-Identifier: GPL-3.0-or-later
// The notices part of the main window: the retraction banner over the table, the notice review
// window, reviews recorded as corrections, and the import of retraction data.
#include "MainWindow.h"

#include "CurationSession.h"
#include "Identifier.h"
#include "NoticeReviewWindow.h"
#include "Notices.h"
#include "ObservationFilterProxy.h"
#include "ObservationTableModel.h"
#include "RetractionCsv.h"
#include "Store.h"
#include "ThemeText.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include "FileDialogs.h"
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QStatusBar>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace LedgerCurator {

void MainWindow::setupNotices()
{
    // A banner over the table when a cited work is retracted, as Zotero shows on retracted items.
    m_banner = new QWidget(m_recordPage);
    m_banner->setObjectName(QStringLiteral("retractionBanner"));
    m_banner->setAttribute(Qt::WA_StyledBackground, true);
    followPalette(m_banner, [banner = m_banner] {
        const BannerColors colors = warningBannerColors(QApplication::palette(banner));
        banner->setStyleSheet(QStringLiteral("#retractionBanner { background: %1; border: 1px solid %2; "
                                             "border-radius: 4px; } #retractionBanner QLabel { color: %3; }")
                                      .arg(colors.background.name(), colors.border.name(), colors.text.name()));
    });
    m_bannerText = new QLabel(m_banner);
    m_bannerText->setObjectName(QStringLiteral("retractionBannerText"));
    m_bannerText->setWordWrap(true);
    m_bannerText->setTextFormat(Qt::PlainText);
    auto *review = new QPushButton(tr("Review Notices..."), m_banner);
    review->setObjectName(QStringLiteral("bannerReview"));
    auto *show = new QPushButton(tr("Show Them"), m_banner);
    show->setObjectName(QStringLiteral("bannerShow"));
    show->setToolTip(tr("Filters the table to the observations needing attention"));
    auto *bannerLayout = new QHBoxLayout(m_banner);
    bannerLayout->setContentsMargins(8, 6, 8, 6);
    bannerLayout->addWidget(m_bannerText, 1);
    bannerLayout->addWidget(show);
    bannerLayout->addWidget(review);
    m_banner->hide();
    if (auto *layout = qobject_cast<QVBoxLayout *>(m_recordPage->layout()))
        layout->insertWidget(1, m_banner);
    connect(review, &QPushButton::clicked, this, &MainWindow::showNoticeReview);
    connect(show, &QPushButton::clicked, this, [this] { m_attentionOnly->setChecked(true); });

    m_table->setColumnWidth(ObservationTableModel::NoticesColumn, 200);

    // The Notices menu goes before Help.
    const QList<QAction *> menus = menuBar()->actions();
    auto *notices = new QMenu(tr("&Notices"), this);
    menuBar()->insertMenu(menus.isEmpty() ? nullptr : menus.last(), notices);
    QAction *reviewAction = notices->addAction(tr("&Review Notices..."), this, &MainWindow::showNoticeReview);
    reviewAction->setObjectName(QStringLiteral("reviewNoticesAction"));
    reviewAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    QAction *importAction = notices->addAction(tr("&Import Notices..."), this, [this] {
        chooseFilesToOpen(this, QStringLiteral("importNoticesDialog"), tr("Import Notices"),
                          tr("Retraction Watch CSV (*.csv);;All files (*)"), false,
                          [this](const QStringList &files) { importNoticesFile(files.first()); });
    });
    importAction->setObjectName(QStringLiteral("importNoticesAction"));
    importAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));

    connect(m_session.get(), &CurationSession::recordLoaded, this, [this] {
        updateRetractionBanner();
        applyPendingReviews();
    });
    connect(m_session.get(), &CurationSession::recordChanged, this, [this] {
        updateRetractionBanner();
        if (m_noticeReview && m_session->hasRecord())
            m_noticeReview->updateRecord(m_session->record());
    });
}

void MainWindow::updateRetractionBanner()
{
    if (!m_session->hasRecord()) {
        m_banner->hide();
        return;
    }
    const Record &r = m_session->record().shown;
    qsizetype retracted = 0;
    qsizetype unreviewed = 0;
    QStringList works;
    for (const Observation &o : r.observations) {
        if (o.curation.excluded || !isRetracted(o.events))
            continue;
        ++retracted;
        if (reviewStatusOf(o) == u"unreviewed")
            ++unreviewed;
        const QString key = citedWorkKey(r, o);
        const QString name = key == arxivDoi(r.arxivId) ? tr("this paper (arXiv:%1)").arg(r.arxivId)
                                                        : (key.isEmpty() ? o.citedTitle : key);
        if (!works.contains(name))
            works.append(name);
    }
    if (retracted == 0) {
        m_banner->hide();
        return;
    }
    QString text = retracted == 1 ? tr("Retracted work: 1 observation of this record cites a retracted work")
                                  : tr("Retracted work: %Ln observations of this record cite a retracted work", nullptr, int(retracted));
    text += QStringLiteral(" (") + works.mid(0, 3).join(QStringLiteral("; "))
            + (works.size() > 3 ? QStringLiteral("; ...") : QString()) + QStringLiteral("). ");
    text += unreviewed > 0 ? tr("%Ln not yet reviewed.", nullptr, int(unreviewed)) : tr("All reviewed.");
    m_bannerText->setText(QStringLiteral("⚠ ") + text);
    m_banner->setAccessibleName(text);
    m_banner->show();
}

NoticeReviewWindow *MainWindow::noticeReview()
{
    if (!m_noticeReview) {
        m_noticeReview = new NoticeReviewWindow(m_store, this);
        QAction *undo = m_session->undoStack()->createUndoAction(m_noticeReview, tr("&Undo"));
        undo->setShortcut(QKeySequence::Undo);
        undo->setObjectName(QStringLiteral("reviewUndo"));
        QAction *redo = m_session->undoStack()->createRedoAction(m_noticeReview, tr("&Redo"));
        redo->setShortcut(QKeySequence::Redo);
        m_noticeReview->addAction(undo);
        m_noticeReview->addAction(redo);
        m_noticeReview->addToolActions({ undo, redo });
        connect(m_noticeReview, &NoticeReviewWindow::reviewRequested, this, &MainWindow::applyReview);
        connect(m_noticeReview, &NoticeReviewWindow::showRequested, this,
                [this](const QString &record, const QString &observation) {
                    selectRecord(record);
                    raise();
                    activateWindow();
                    if (m_session->record().shown.arxivId == record) {
                        m_attentionOnly->setChecked(false);
                        for (int row = 0; row < m_proxy->rowCount(); ++row) {
                            const QModelIndex index = m_proxy->index(row, 0);
                            if (index.data(ObservationTableModel::ObservationIdRole).toString() == observation) {
                                m_table->setCurrentIndex(index);
                                m_table->scrollTo(index);
                                break;
                            }
                        }
                    }
                });
    }
    return m_noticeReview;
}

void MainWindow::showNoticeReview()
{
    NoticeReviewWindow *window = noticeReview();
    window->show();
    window->raise();
    window->activateWindow();
    window->reload();
}

void MainWindow::applyReview(const QList<NoticeTouch> &touches, const QString &status, const QString &note)
{
    // One pending review per record, applied through the session when that record is shown.
    QList<PendingReview> reviews;
    for (const NoticeTouch &t : touches) {
        auto it = std::find_if(reviews.begin(), reviews.end(), [&t](const PendingReview &p) { return p.record == t.record; });
        if (it == reviews.end()) {
            reviews.append(PendingReview { t.record, {}, status, note });
            it = reviews.end() - 1;
        }
        it->observations.append(t.observation);
    }
    m_pendingReviews.append(reviews);
    applyPendingReviews();
}

void MainWindow::applyPendingReviews()
{
    while (!m_pendingReviews.isEmpty()) {
        const PendingReview &next = m_pendingReviews.first();
        if (!m_session->hasRecord() || m_session->record().shown.arxivId != next.record) {
            selectRecord(next.record); // applied when it is shown
            return;
        }
        const PendingReview review = m_pendingReviews.takeFirst();
        QList<FieldEdit> edits;
        for (const QString &observation : review.observations) {
            edits.append(FieldEdit { observation, CurationField::Review, review.status });
            edits.append(FieldEdit { observation, CurationField::ReviewNote,
                                     review.note.isEmpty() ? std::nullopt : std::optional<QString>(review.note) });
        }
        const QString description = review.observations.size() == 1
                ? tr("Review 1 notice as %1").arg(reviewDisplayText(review.status))
                : tr("Review %Ln notices as %1", nullptr, int(review.observations.size())).arg(reviewDisplayText(review.status));
        auto applied = m_session->applyEdits(edits, description);
        if (!applied) {
            showError(tr("The review was not recorded:\n%1").arg(applied.error().toString()));
            m_pendingReviews.clear();
            return;
        }
        statusBar()->showMessage(*applied ? description : tr("Nothing to record: the review was already so."), 8000);
        Q_EMIT reviewApplied(review.record);
    }
}

void MainWindow::importNoticesFile(const QString &file)
{
    struct Outcome
    {
        RetractionCsv csv;
        RetractionImport converted;
        NoticeImportOutcome stored;
    };
    auto *dialog = new QProgressDialog(tr("Importing notices from %1...").arg(file), QString(), 0, 0, this);
    dialog->setObjectName(QStringLiteral("noticesProgress"));
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(300);
    QPointer<QProgressDialog> progressDialog(dialog);
    const QString path = m_store.path();
    auto *watcher = new QFutureWatcher<Result<Outcome>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, progressDialog, file] {
        watcher->deleteLater();
        if (progressDialog)
            progressDialog->deleteLater();
        const auto result = watcher->result();
        if (!result) {
            showError(tr("No notices were imported:\n%1").arg(result.error().toString()));
            Q_EMIT noticesImported(false);
            return;
        }
        QStringList problems;
        for (const auto &s : result->csv.skipped)
            problems.append(QStringLiteral("%1:%2: %3").arg(file).arg(s.line).arg(s.message));
        for (const auto &s : result->converted.leftOut)
            problems.append(QStringLiteral("%1:%2: %3").arg(file).arg(s.line).arg(s.message));
        const QString summary = tr("%L1 notices read: %L2 new, %L3 already held.")
                                        .arg(result->converted.notices.size())
                                        .arg(result->stored.added)
                                        .arg(result->stored.alreadyHeld);
        statusBar()->showMessage(summary, 10000);
        if (!problems.isEmpty()) {
            auto *box = new QMessageBox(QMessageBox::Information, tr("Notices imported with skipped rows"),
                                        summary + u'\n' + tr("Rows skipped or left out: %L1").arg(problems.size())
                                                + QStringLiteral("\n\n") + problems.mid(0, 20).join(u'\n'),
                                        QMessageBox::Ok, this);
            box->setObjectName(QStringLiteral("warningBox"));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
        if (m_session->hasRecord()) {
            if (auto reloaded = m_session->reload(); !reloaded)
                showError(reloaded.error().toString());
        }
        if (m_noticeReview && m_noticeReview->isVisible())
            m_noticeReview->reload();
        Q_EMIT noticesImported(true);
    });
    watcher->setFuture(QtConcurrent::run([path, file]() -> Result<Outcome> {
        auto csv = readRetractionCsvFile(file);
        if (!csv)
            return csv.error();
        Outcome outcome { std::move(*csv), {}, {} };
        outcome.converted = standingNotices(outcome.csv, nowUtc());
        Store store(path);
        if (auto opened = store.open(); !opened)
            return opened.error();
        auto stored = store.importNotices(outcome.converted.notices);
        if (!stored)
            return stored.error();
        outcome.stored = *stored;
        return outcome;
    }));
}

} // namespace LedgerCurator
