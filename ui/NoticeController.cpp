// SPDX-License-Identifier: GPL-3.0-or-later
#include "NoticeController.h"

#include "BackgroundJob.h"
#include "CurationSession.h"
#include "CuratorIdentityDialog.h"
#include "DisplayText.h"
#include "Identifier.h"
#include "NoticeImport.h"
#include "NoticeReviewWindow.h"
#include "Notices.h"
#include "RetractionCsv.h"
#include "Store.h"
#include "ThemeText.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QFont>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QStatusBar>
#include <QUndoStack>

#include <algorithm>
#include <utility>
#include <vector>

namespace LedgerCurator {

namespace {

//! The banner's text, its height for a width worked out once per width: the scroll area and the
//! layouts ask for it many times in one pass, and each answer laid the whole text out again (a
//! record whose own paper has 170 notices: 16,000 characters, some 70 ms of the record's way to
//! the screen; QLabel keeps its size hint but not this).
class BannerLabel final : public QLabel
{
public:
    using QLabel::QLabel;

    int heightForWidth(int width) const override
    {
        if (text() != m_measuredText || font() != m_measuredFont) {
            m_heights.clear();
            m_measuredText = text();
            m_measuredFont = font();
        }
        for (const auto &[w, h] : m_heights) {
            if (w == width)
                return h;
        }
        const int height = QLabel::heightForWidth(width);
        if (m_heights.size() >= 8)
            m_heights.erase(m_heights.begin());
        m_heights.emplace_back(width, height);
        return height;
    }

protected:
    void changeEvent(QEvent *event) override
    {
        // A style or its sheet can change the margins the height includes.
        if (event->type() == QEvent::StyleChange || event->type() == QEvent::ContentsRectChange)
            m_heights.clear();
        QLabel::changeEvent(event);
    }

private:
    mutable QString m_measuredText;
    mutable QFont m_measuredFont;
    mutable std::vector<std::pair<int, int>> m_heights; // width, height
};

//! The banner's text, at most kMaxLines lines high: a record with many notices scrolls its text
//! here rather than pushing the table down.
class BannerTextArea final : public QScrollArea
{
public:
    static constexpr int kMaxLines = 4;

    explicit BannerTextArea(QLabel *text, QWidget *parent)
        : QScrollArea(parent)
        , m_text(text)
    {
        setObjectName(QStringLiteral("retractionBannerScroll"));
        setFrameShape(QFrame::NoFrame);
        setWidgetResizable(true);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        setFocusPolicy(Qt::NoFocus); // the banner's text is its accessible name too
        // As wide as the area, however long a word in it (the area never scrolls sideways).
        text->setMinimumWidth(1);
        setWidget(text);
        // The banner's own background shows through.
        text->setAutoFillBackground(false);
        viewport()->setAutoFillBackground(false);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override
    {
        const int textWidth = std::max(width - verticalScrollBar()->sizeHint().width(), 1);
        return std::min(m_text->heightForWidth(textWidth), maxHeight());
    }
    QSize sizeHint() const override
    {
        const int width = fontMetrics().averageCharWidth() * 60;
        return { width, heightForWidth(width) };
    }
    QSize minimumSizeHint() const override
    {
        return { fontMetrics().averageCharWidth() * 12, fontMetrics().lineSpacing() };
    }

private:
    int maxHeight() const { return fontMetrics().lineSpacing() * kMaxLines + 2; }

    QLabel *m_text;
};

} // namespace

NoticeController::NoticeController(Store &store, CurationSession &session, QMainWindow *window)
    : QObject(window)
    , m_store(store)
    , m_session(session)
    , m_window(window)
    , m_import(new NoticeImport(store, session, window))
{
    connect(m_import, &NoticeImport::imported, this, &NoticeController::showImported);
    connect(m_import, &NoticeImport::errorOccurred, this, &NoticeController::errorOccurred);
    // A banner over the table when a cited work is retracted, as Zotero shows on retracted items.
    m_banner = new QWidget(window);
    m_banner->setObjectName(QStringLiteral("retractionBanner"));
    m_banner->setAttribute(Qt::WA_StyledBackground, true);
    followPalette(m_banner, [banner = m_banner] {
        const BannerColors colors = warningBannerColors(QApplication::palette(banner));
        banner->setStyleSheet(
            QStringLiteral("#retractionBanner { background: %1; border: 1px solid %2; "
                           "border-radius: 4px; } #retractionBanner QLabel { color: %3; }")
                .arg(colors.background.name(), colors.border.name(), colors.text.name()));
    });
    m_bannerText = new BannerLabel(m_banner);
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
    bannerLayout->addWidget(new BannerTextArea(m_bannerText, m_banner), 1);
    bannerLayout->addWidget(show);
    bannerLayout->addWidget(review);
    m_banner->hide();
    connect(review, &QPushButton::clicked, this, &NoticeController::showReview);
    connect(show, &QPushButton::clicked, this, &NoticeController::showAttentionRequested);

    connect(&m_session, &CurationSession::recordLoaded, this, [this] {
        updateBanner();
        applyPendingReviews();
    });
    connect(&m_session, &CurationSession::recordChanged, this, [this] {
        updateBanner();
        if (m_review && m_session.hasRecord())
            m_review->updateRecord(m_session.record());
    });
}

namespace {

//! "Retraction · 1 Mar 2024 · Retraction Watch record 51234 · notice 10.1/x · acknowledged by
//! alice": one notice about the record's own paper, for the banner.
QString ownNoticeText(const OwnPaperNotice &n)
{
    QStringList parts { DisplayText::forTerminal(natureDisplayText(n.event)),
        displayDate(n.event.date) };
    if (!n.origin.isEmpty())
        parts.append(DisplayText::forTerminal(originDisplayText(n.origin)));
    else
        parts.append(DisplayText::forTerminal(n.event.source));
    if (!n.event.notice.isEmpty())
        parts.append(
            NoticeController::tr("notice %1").arg(DisplayText::forTerminal(n.event.notice)));
    parts.append(n.review.author.isEmpty() ? reviewDisplayText(n.review.status)
                                           : NoticeController::tr("%1 by %2")
                                                 .arg(reviewDisplayText(n.review.status),
                                                     DisplayText::forTerminal(n.review.author)));
    return parts.join(QStringLiteral(" · "));
}

} // namespace

void NoticeController::updateBanner()
{
    if (!m_session.hasRecord()) {
        m_banner->hide();
        return;
    }
    const CuratedRecord &curated = m_session.record();
    const Record &r = curated.shown;
    // Said first: the record's own paper's retraction, with its notices, once.
    QStringList lines;
    const QList<OwnPaperNotice> own = ownPaperNotices(curated);
    if (ownPaperRetracted(own)) {
        QStringList notices;
        for (const OwnPaperNotice &n : own)
            notices.append(ownNoticeText(n));
        lines.append(tr("This paper (arXiv:%1) is retracted: %2.")
                         .arg(r.arxivId, notices.join(QStringLiteral("; "))));
    }
    // Then the other retracted works its observations cite, and how many decisions are open.
    const QString ownKey = arxivDoi(r.arxivId);
    qsizetype retracted = 0;
    QStringList works;
    QSet<QString> openReviews;
    for (const Observation &o : r.observations) {
        if (o.curation->excluded || !isRetracted(o.events))
            continue;
        const QString key = citedWorkKey(r, o);
        const QString reviewed = reviewedWorkKey(r, o);
        for (const SourceEvent &e : o.events.events) {
            const QString ref = noticeRefOf(e, reviewed);
            if (curated.noticeReview(ref).status == u"unreviewed"
                && reviewStatusOf(o) == u"unreviewed")
                openReviews.insert(ref);
        }
        if (key == ownKey)
            continue;
        ++retracted;
        const QString name = key.isEmpty() ? DisplayText::forTerminal(o.citedTitle) : key;
        if (!works.contains(name))
            works.append(name);
    }
    if (retracted > 0) {
        QString text = retracted == 1
            ? tr("1 observation of this record cites a retracted work")
            : tr("%Ln observations of this record cite a retracted work", nullptr, int(retracted));
        text += QStringLiteral(" (") + works.mid(0, 3).join(QStringLiteral("; "))
            + (works.size() > 3 ? QStringLiteral("; ...") : QString()) + QStringLiteral(").");
        lines.append(text);
    }
    if (lines.isEmpty()) {
        m_banner->hide();
        return;
    }
    lines.append(openReviews.isEmpty() ? tr("All notices reviewed.")
            : openReviews.size() == 1
            ? tr("1 notice not yet reviewed.")
            : tr("%Ln notices not yet reviewed.", nullptr, int(openReviews.size())));
    const QString text = lines.join(u' ');
    m_bannerText->setText(QStringLiteral("⚠ ") + text);
    if (auto *area = m_banner->findChild<QScrollArea *>())
        area->updateGeometry(); // its height follows the text's, up to its bound
    m_banner->setAccessibleName(text);
    m_banner->show();
}

NoticeReviewWindow *NoticeController::reviewWindow()
{
    if (!m_review) {
        m_review = new NoticeReviewWindow(m_store, m_window);
        // The window's Undo and Redo take back and redo reviews only: a correction made in the
        // main window is not this window's to undo, nor to name.
        QUndoStack *stack = m_session.undoStack();
        auto *undo = new QAction(m_review);
        undo->setShortcut(QKeySequence::Undo);
        undo->setObjectName(QStringLiteral("reviewUndo"));
        auto *redo = new QAction(m_review);
        redo->setShortcut(QKeySequence::Redo);
        redo->setObjectName(QStringLiteral("reviewRedo"));
        auto update = [this, stack, undo, redo] {
            const int index = stack->index();
            const bool canUndo = index > 0 && m_session.isReviewStep(index - 1);
            const bool canRedo = index < stack->count() && m_session.isReviewStep(index);
            undo->setEnabled(canUndo);
            undo->setText(canUndo ? tr("&Undo %1").arg(stack->undoText()) : tr("&Undo Review"));
            redo->setEnabled(canRedo);
            redo->setText(canRedo ? tr("&Redo %1").arg(stack->redoText()) : tr("&Redo Review"));
        };
        update();
        connect(stack, &QUndoStack::indexChanged, undo, update);
        connect(stack, &QUndoStack::cleanChanged, undo, update);
        connect(undo, &QAction::triggered, stack, [this, stack] {
            if (stack->index() > 0 && m_session.isReviewStep(stack->index() - 1))
                stack->undo();
        });
        connect(redo, &QAction::triggered, stack, [this, stack] {
            if (stack->index() < stack->count() && m_session.isReviewStep(stack->index()))
                stack->redo();
        });
        m_review->addAction(undo);
        m_review->addAction(redo);
        m_review->addToolActions({ undo, redo });
        connect(
            m_review, &NoticeReviewWindow::reviewRequested, this, &NoticeController::applyReview);
        connect(
            m_review, &NoticeReviewWindow::showRequested, this, &NoticeController::showRequested);
    }
    return m_review;
}

void NoticeController::showReview()
{
    NoticeReviewWindow *window = reviewWindow();
    window->show();
    window->raise();
    window->activateWindow();
    window->reload();
}

void NoticeController::applyReview(
    const QList<NoticeReviewTarget> &targets, const QString &status, const QString &note)
{
    // One pending review per record, applied through the session when that record is shown.
    QList<PendingReview> reviews;
    for (const NoticeReviewTarget &t : targets) {
        auto it = std::find_if(reviews.begin(), reviews.end(),
            [&t](const PendingReview &p) { return p.record == t.record; });
        if (it == reviews.end()) {
            reviews.append(PendingReview { t.record, {}, status, note });
            it = reviews.end() - 1;
        }
        if (!it->refs.contains(t.ref))
            it->refs.append(t.ref);
    }
    m_pendingReviews.append(reviews);
    applyPendingReviews();
}

void NoticeController::applyPendingReviews()
{
    while (!m_pendingReviews.isEmpty()) {
        const PendingReview &next = m_pendingReviews.first();
        if (!m_session.hasRecord() || m_session.record().shown.arxivId != next.record) {
            Q_EMIT recordWanted(next.record); // applied when it is shown
            return;
        }
        if (!ensureCuratorIdentity(m_session, m_window)) {
            Q_EMIT errorOccurred(notRecordedWithoutName());
            m_pendingReviews.clear();
            return;
        }
        const PendingReview review = m_pendingReviews.takeFirst();
        QList<FieldEdit> edits;
        for (const QString &ref : review.refs) {
            const QString observation = noticeReviewObservation(ref);
            edits.append(FieldEdit { observation, CurationField::Review, review.status });
            edits.append(FieldEdit { observation, CurationField::ReviewNote,
                review.note.isEmpty() ? std::nullopt : std::optional<QString>(review.note) });
        }
        const QString description = review.refs.size() == 1
            ? tr("Review 1 notice as %1").arg(reviewDisplayText(review.status))
            : tr("Review %Ln notices as %1", nullptr, int(review.refs.size()))
                  .arg(reviewDisplayText(review.status));
        auto applied = m_session.applyEdits(edits, description);
        if (!applied) {
            Q_EMIT errorOccurred(
                tr("The review was not recorded:\n%1").arg(applied.error().toString()));
            m_pendingReviews.clear();
            return;
        }
        m_window->statusBar()->showMessage(
            *applied ? description : tr("Nothing to record: the review was already so."), 8000);
        if (*applied && m_review)
            m_review->clearNote(); // used: the next review starts with an empty note
        Q_EMIT reviewApplied(review.record);
    }
}

void NoticeController::importFile(const QString &file, std::optional<NoticeImportScope> scope)
{
    if (scope)
        m_import->importFile(file, *scope);
    else
        m_import->chooseScopeAndImport(file);
}

void NoticeController::showImported(bool ok)
{
    if (ok) {
        if (m_session.hasRecord()) {
            if (auto reloaded = m_session.reload(); !reloaded)
                Q_EMIT errorOccurred(reloaded.error().toString());
        }
        if (m_review && m_review->isVisible())
            m_review->reload();
    }
    Q_EMIT imported(ok);
}

} // namespace LedgerCurator
