// SPDX-License-Identifier: GPL-3.0-or-later
#include "NoticeReviewWindow.h"
#include "FocusRing.h"
#include "ManualWindow.h"
#include "ThemeText.h"

#include "BackgroundJob.h"
#include "EveryRecord.h"
#include "NoticeChoices.h"
#include "NoticeReviewModel.h"
#include "Store.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QStackedWidget>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace LedgerCurator {

NoticeReviewWindow::NoticeReviewWindow(Store &store, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_store(store)
    , m_model(new NoticeReviewModel(this))
{
    setObjectName(QStringLiteral("noticeReview"));
    Manual::setSection(this, QStringLiteral("notices"));
    Manual::closeWithKeys(this);
    setWindowTitle(tr("Review Notices - Ledger Curator"));
    resize(1100, 640);

    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("kindFilter"));
    m_kind->addItem(tr("All kinds"), -1);
    addKindChoices(m_kind);
    m_kind->setAccessibleName(tr("Show notices of kind"));
    m_reviewFilter = new QComboBox(this);
    m_reviewFilter->setObjectName(QStringLiteral("reviewFilter"));
    m_reviewFilter->addItem(tr("Any review status"), QString());
    addReviewChoices(m_reviewFilter);
    m_reviewFilter->setAccessibleName(tr("Show observations with review status"));
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("noticeCount"));
    auto *filterRow = new QHBoxLayout;
    auto *kindLabel = new QLabel(tr("&Kind:"), this);
    kindLabel->setBuddy(m_kind);
    auto *reviewLabel = new QLabel(tr("&Review:"), this);
    reviewLabel->setBuddy(m_reviewFilter);
    filterRow->addWidget(kindLabel);
    filterRow->addWidget(m_kind);
    filterRow->addWidget(reviewLabel);
    filterRow->addWidget(m_reviewFilter);
    filterRow->addStretch(1);
    filterRow->addWidget(m_count);

    m_tree = new QTreeView(this);
    m_tree->setObjectName(QStringLiteral("noticeTree"));
    m_tree->setModel(m_model);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(NoticeReviewModel::WorkColumn, QHeaderView::Stretch);
    m_tree->setColumnWidth(NoticeReviewModel::EventsColumn, 360);
    m_tree->setColumnWidth(NoticeReviewModel::ReviewColumn, 160);
    m_tree->setAccessibleName(tr("Notices with the observations they touch"));
    m_empty = new QLabel(this);
    m_empty->setObjectName(QStringLiteral("noticeEmpty"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_tree);
    m_stack->addWidget(m_empty);

    m_status = new QComboBox(this);
    m_status->setObjectName(QStringLiteral("reviewStatus"));
    for (const QString &status : reviewStatuses())
        m_status->addItem(reviewDisplayText(status), status);
    m_status->setCurrentIndex(1); // acknowledged
    m_status->setAccessibleName(tr("Review status to record"));
    m_note = new QLineEdit(this);
    m_note->setObjectName(QStringLiteral("reviewNote"));
    m_note->setPlaceholderText(tr("Note (optional): why, and what was checked"));
    m_note->setClearButtonEnabled(true);
    m_note->setAccessibleName(tr("Review note"));
    m_record = new QPushButton(tr("Record Re&view"), this);
    m_record->setObjectName(QStringLiteral("recordReview"));
    m_record->setToolTip(
        tr("Records the status and note for the selected notices: one decision per record and "
           "notice, covering every observation of the record that cites the work (Ctrl+Return)"));
    m_show = new QPushButton(tr("Show in &Ledger"), this);
    m_show->setObjectName(QStringLiteral("showInLedger"));
    auto *statusLabel = new QLabel(tr("&Status:"), this);
    statusLabel->setBuddy(m_status);
    auto *reviewRow = new QHBoxLayout;
    reviewRow->addWidget(statusLabel);
    reviewRow->addWidget(m_status);
    reviewRow->addWidget(m_note, 1);
    reviewRow->addWidget(m_record);
    reviewRow->addWidget(m_show);
    m_tools = new QHBoxLayout;
    reviewRow->addLayout(m_tools);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filterRow);
    layout->addWidget(m_stack, 1);
    layout->addLayout(reviewRow);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setKindFilter(chosenKind(m_kind));
        rebuildModel();
    });
    connect(m_reviewFilter, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setReviewFilter(m_reviewFilter->currentData().toString());
        rebuildModel();
    });
    connect(m_record, &QPushButton::clicked, this, &NoticeReviewWindow::recordReview);
    connect(m_note, &QLineEdit::returnPressed, this, &NoticeReviewWindow::recordReview);
    auto *recordShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    connect(recordShortcut, &QShortcut::activated, this, &NoticeReviewWindow::recordReview);
    connect(m_show, &QPushButton::clicked, this, [this] {
        const QList<NoticeTouch> touches = selectedTouches();
        if (!touches.isEmpty())
            Q_EMIT showRequested(touches.first().record, touches.first().observation);
    });
    connect(m_tree, &QTreeView::doubleClicked, this, [this](const QModelIndex &index) {
        const QString record = index.data(NoticeReviewModel::RecordRole).toString();
        if (!record.isEmpty())
            Q_EMIT showRequested(record, index.data(NoticeReviewModel::ObservationRole).toString());
    });
    connect(m_tree->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        &NoticeReviewWindow::updateButtons);
    rebuildModel();
    addFocusRings(this); // its lists and tables show when they have the focus
    keepPlaceholdersReadable(this);
}

NoticeReviewWindow::~NoticeReviewWindow()
{
    ++m_generation;
}

void NoticeReviewWindow::clearNote()
{
    m_note->clear();
}

void NoticeReviewWindow::addToolActions(const QList<QAction *> &actions)
{
    for (QAction *action : actions) {
        auto *button = new QToolButton(this);
        button->setDefaultAction(action);
        m_tools->addWidget(button);
    }
}

void NoticeReviewWindow::reload()
{
    m_loading = true;
    const int generation = ++m_generation;
    m_empty->setText(tr("Reading the notices of every record..."));
    m_stack->setCurrentWidget(m_empty);
    const QString path = m_store.path();
    using Groups = QHash<QString, QList<NoticeGroup>>;
    BackgroundJob::start<Result<Groups>>(
        this, {},
        [path](auto &) -> Result<Groups> {
            Store store(path);
            if (auto opened = store.open(); !opened)
                return opened.error();
            Groups groups;
            if (auto scanned = forEachCuratedRecord(store,
                    [&groups](const CuratedRecord &curated) {
                        groups.insert(curated.shown.arxivId, noticeGroups(curated));
                    });
                !scanned)
                return scanned.error();
            return groups;
        },
        [this, generation](Result<Groups> result) {
            if (generation != m_generation)
                return;
            m_loading = false;
            if (!result) {
                m_byRecord.clear();
                m_model->setGroups({});
                m_empty->setText(
                    tr("The notices could not be read:\n%1").arg(result.error().toString()));
                m_stack->setCurrentWidget(m_empty);
                Q_EMIT reloaded();
                return;
            }
            m_byRecord = std::move(*result);
            rebuildModel();
            Q_EMIT reloaded();
        });
}

void NoticeReviewWindow::updateRecord(const CuratedRecord &record)
{
    if (m_loading)
        return; // the running reload reads the cache as it is now
    m_byRecord.insert(record.shown.arxivId, noticeGroups(record));
    rebuildModel();
}

void NoticeReviewWindow::rebuildModel()
{
    // Keep the expanded works and the selection across the reset.
    QSet<QString> expanded;
    QSet<QString> selected;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex group = m_model->index(row, 0);
        if (m_tree->isExpanded(group))
            expanded.insert(group.data(NoticeReviewModel::GroupKeyRole).toString());
    }
    for (const QModelIndex &index : m_tree->selectionModel()->selectedRows()) {
        const QString observation = index.data(NoticeReviewModel::ObservationRole).toString();
        selected.insert(observation.isEmpty()
                ? QStringLiteral("notice:") + index.data(NoticeReviewModel::GroupKeyRole).toString()
                : observation);
    }
    if (sender() == nullptr || !m_byRecord.isEmpty()) {
        QList<NoticeGroup> all;
        for (auto it = m_byRecord.cbegin(); it != m_byRecord.cend(); ++it)
            all.append(it.value());
        m_model->setGroups(mergeNoticeGroups(std::move(all)));
    }
    // Small reviews open expanded; large ones keep what the librarian opened.
    const bool expandAll = m_model->visibleTouchCount() <= 500 && m_model->rowCount() <= 20;
    QItemSelection selection;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex group = m_model->index(row, 0);
        const QString key = group.data(NoticeReviewModel::GroupKeyRole).toString();
        if (expandAll || expanded.contains(key))
            m_tree->expand(group);
        if (selected.contains(QStringLiteral("notice:") + key))
            selection.select(group, m_model->index(row, NoticeReviewModel::ColumnCount - 1));
        for (int child = 0; child < m_model->rowCount(group); ++child) {
            const QModelIndex index = m_model->index(child, 0, group);
            if (selected.contains(index.data(NoticeReviewModel::ObservationRole).toString()))
                selection.select(
                    index, m_model->index(child, NoticeReviewModel::ColumnCount - 1, group));
        }
    }
    m_tree->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);

    int total = 0;
    for (const auto &groups : std::as_const(m_byRecord))
        total += int(groups.size());
    const int notices = m_model->visibleGroupCount();
    const int reviews = m_model->visibleTargetCount();
    const int observations = m_model->visibleTouchCount();
    m_count->setText(tr("%1 · %2 · %3 shown")
                         .arg(notices == 1 ? tr("1 notice") : tr("%L1 notices").arg(notices),
                             reviews == 1 ? tr("1 review") : tr("%L1 reviews").arg(reviews),
                             observations == 1 ? tr("1 observation")
                                               : tr("%L1 observations").arg(observations)));
    if (m_model->rowCount() > 0) {
        m_stack->setCurrentWidget(m_tree);
    } else if (!m_loading) {
        m_empty->setText(total == 0
                ? tr("No notices found in any record.\n\nRetractions, corrections and expressions "
                     "of concern appear here when a page reports them, or after Notices > "
                     "Import Notices... reads a Retraction Watch CSV file.")
                : tr("No notice matches the filters."));
        m_stack->setCurrentWidget(m_empty);
    }
    updateButtons();
}

QList<NoticeTouch> NoticeReviewWindow::selectedTouches() const
{
    QList<NoticeTouch> touches;
    QSet<QString> seen;
    for (const QModelIndex &index : m_tree->selectionModel()->selectedRows()) {
        for (const NoticeTouch &t : m_model->touchesAt(index)) {
            if (!seen.contains(t.record + u'/' + t.observation)) {
                seen.insert(t.record + u'/' + t.observation);
                touches.append(t);
            }
        }
    }
    return touches;
}

QList<NoticeReviewTarget> NoticeReviewWindow::selectedTargets() const
{
    QList<NoticeReviewTarget> targets;
    for (const QModelIndex &index : m_tree->selectionModel()->selectedRows()) {
        for (const NoticeReviewTarget &t : m_model->targetsAt(index)) {
            if (!targets.contains(t))
                targets.append(t);
        }
    }
    return targets;
}

void NoticeReviewWindow::updateButtons()
{
    const QList<NoticeReviewTarget> targets = selectedTargets();
    m_record->setEnabled(!targets.isEmpty());
    m_show->setEnabled(!targets.isEmpty());
    m_record->setText(targets.size() > 1
            ? tr("Record Re&view for %Ln notices", nullptr, int(targets.size()))
            : tr("Record Re&view"));
}

void NoticeReviewWindow::recordReview()
{
    const QList<NoticeReviewTarget> targets = selectedTargets();
    if (targets.isEmpty())
        return;
    Q_EMIT reviewRequested(targets, m_status->currentData().toString(), m_note->text().trimmed());
}

} // namespace LedgerCurator
