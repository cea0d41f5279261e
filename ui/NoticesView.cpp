// SPDX-License-Identifier: GPL-3.0-or-later
#include "NoticesView.h"
#include "FocusRing.h"
#include "ManualWindow.h"
#include "ThemeText.h"

#include "BackgroundJob.h"
#include "CsvText.h"
#include "DisplayText.h"
#include "FileDialogs.h"
#include "NoticeChoices.h"
#include "NoticeListModel.h"
#include "Store.h"

#include <QAction>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QStackedWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace LedgerCurator {

namespace {

constexpr int kReloadDelayMs = 300; // changes in quick succession: one reload
constexpr int kWidestColumn = 240; // fitted to its contents, a column is no wider than this

//! Puts back the choice whose data is `data` after the items were refilled (the first if gone).
void selectData(QComboBox *combo, const QVariant &data)
{
    const int index = combo->findData(data);
    combo->setCurrentIndex(index < 0 ? 0 : index);
}

QLabel *buddyLabel(const QString &text, QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

} // namespace

NoticesView::NoticesView(Store &store, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_store(store)
    , m_model(new NoticeListModel(this))
    , m_proxy(new NoticeListFilterProxy(this))
{
    setObjectName(QStringLiteral("noticesView"));
    Manual::setSection(this, QStringLiteral("notices"));
    Manual::closeWithKeys(this);
    setWindowTitle(tr("Notices - Ledger Curator"));
    resize(1500, 640);
    m_proxy->setSourceModel(m_model);

    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("noticesKindFilter"));
    m_kind->addItem(tr("All kinds"), -1);
    addKindChoices(m_kind);
    m_kind->setAccessibleName(tr("Show notices of kind"));
    m_nature = new QComboBox(this);
    m_nature->setObjectName(QStringLiteral("noticesNatureFilter"));
    m_nature->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_nature->setAccessibleName(tr("Show notices whose nature the source words as"));
    m_status = new QComboBox(this);
    m_status->setObjectName(QStringLiteral("noticesStatusFilter"));
    m_status->addItem(tr("Listed and withdrawn"), QString());
    m_status->addItem(tr("Listed by the source"), noticeStatusKey(StandingNotice::Status::Listed));
    m_status->addItem(
        tr("Withdrawn by the source"), noticeStatusKey(StandingNotice::Status::Withdrawn));
    m_status->setAccessibleName(tr("Show notices the source lists or withdrew"));
    m_review = new QComboBox(this);
    m_review->setObjectName(QStringLiteral("noticesReviewFilter"));
    m_review->addItem(tr("Any review status"), QString());
    addReviewChoices(m_review);
    m_review->setAccessibleName(tr("Show notices with review status"));
    m_record = new QComboBox(this);
    m_record->setObjectName(QStringLiteral("noticesRecordFilter"));
    m_record->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_record->setAccessibleName(tr("Show notices of record"));
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("noticesSearch"));
    m_search->setPlaceholderText(tr("Search: notice, DOI, title, arXiv id, note"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search the notices"));
    m_search->setMinimumWidth(220);
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("noticesCount"));

    auto *filterRow = new QHBoxLayout;
    filterRow->addWidget(buddyLabel(tr("&Kind:"), m_kind, this));
    filterRow->addWidget(m_kind);
    filterRow->addWidget(buddyLabel(tr("&Nature:"), m_nature, this));
    filterRow->addWidget(m_nature);
    filterRow->addWidget(buddyLabel(tr("S&tatus:"), m_status, this));
    filterRow->addWidget(m_status);
    filterRow->addWidget(buddyLabel(tr("&Review:"), m_review, this));
    filterRow->addWidget(m_review);
    filterRow->addWidget(buddyLabel(tr("Re&cord:"), m_record, this));
    filterRow->addWidget(m_record);
    filterRow->addWidget(m_search, 1);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("noticesTable"));
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(NoticeListModel::DateColumn, Qt::DescendingOrder);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAccessibleName(tr("Notices"));
    m_empty = new QLabel(this);
    m_empty->setObjectName(QStringLiteral("noticesEmpty"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setTextFormat(Qt::PlainText);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_table);
    m_stack->addWidget(m_empty);

    auto *exportAction = new QAction(tr("&Export CSV..."), this);
    exportAction->setObjectName(QStringLiteral("exportNoticesCsvAction"));
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setShortcutContext(Qt::WindowShortcut);
    exportAction->setToolTip(tr("Writes the notices shown, as filtered and sorted, to a CSV file "
                                "for a report (Ctrl+E)"));
    addAction(exportAction);
    connect(exportAction, &QAction::triggered, this, &NoticesView::chooseExportFile);
    m_export = new QPushButton(exportAction->text(), this);
    m_export->setObjectName(QStringLiteral("exportNoticesCsv"));
    m_export->setToolTip(exportAction->toolTip());
    connect(m_export, &QPushButton::clicked, exportAction, &QAction::trigger);
    auto *bottomRow = new QHBoxLayout;
    bottomRow->addWidget(m_count, 1);
    bottomRow->addWidget(m_export);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filterRow);
    layout->addWidget(m_stack, 1);
    layout->addLayout(bottomRow);

    for (QComboBox *combo : { m_kind, m_nature, m_status, m_review, m_record })
        connect(combo, &QComboBox::currentIndexChanged, this, &NoticesView::applyFilters);
    connect(m_search, &QLineEdit::textChanged, this, &NoticesView::applyFilters);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        const QString record = index.data(NoticeListModel::RecordRole).toString();
        if (!record.isEmpty())
            Q_EMIT showRecordRequested(record);
    });
    m_reloadSoon = new QTimer(this);
    m_reloadSoon->setSingleShot(true);
    m_reloadSoon->setInterval(kReloadDelayMs);
    connect(m_reloadSoon, &QTimer::timeout, this, &NoticesView::reload);

    fillFilterChoices();
    updateCount();
    addFocusRings(this); // its lists and tables show when they have the focus
    keepPlaceholdersReadable(this);
}

NoticesView::~NoticesView()
{
    ++m_generation;
    if (m_job)
        m_job->cancel();
}

void NoticesView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale && !m_loading)
        reload();
}

void NoticesView::cacheChanged()
{
    m_stale = true;
    if (isVisible())
        m_reloadSoon->start();
}

void NoticesView::reload()
{
    m_reloadSoon->stop();
    m_stale = false;
    m_loading = true;
    const int generation = ++m_generation;
    if (m_job)
        m_job->cancel(); // its records need not be read to the end
    updateCount();
    using Rows = QList<NoticeListRow>;
    m_job = BackgroundJob::start<Result<Rows>>(
        this, {},
        [path = m_store.path()](
            auto &worker) -> Result<Rows> { return readNoticeList(path, worker.progress()); },
        [this, generation](Result<Rows> result) {
            if (generation != m_generation)
                return; // a newer reload is on its way
            m_loading = false;
            m_loadError = result ? QString() : result.error().toString();
            m_model->setRows(result ? std::move(*result) : Rows {});
            fillFilterChoices();
            if (!m_columnsFitted && m_model->rowCount() > 0)
                fitColumns(); // once, when the first rows arrive; then as the librarian left them
            updateCount();
            Q_EMIT reloaded();
        });
}

void NoticesView::fitColumns()
{
    m_columnsFitted = true;
    m_table->resizeColumnsToContents();
    QHeaderView *header = m_table->horizontalHeader();
    for (int column = 0; column < NoticeListModel::ColumnCount; ++column) {
        if (header->sectionSize(column) > kWidestColumn)
            header->resizeSection(column, kWidestColumn);
    }
}

void NoticesView::fillFilterChoices()
{
    // The natures and records the notices have; the choices made stay where they still exist.
    const QSignalBlocker natureBlocker(m_nature);
    const QSignalBlocker recordBlocker(m_record);
    const QVariant nature = m_nature->currentData();
    const QVariant record = m_record->currentData();
    m_nature->clear();
    m_nature->addItem(tr("All natures"), QString());
    for (const QString &text : m_model->natures())
        m_nature->addItem(DisplayText::forTerminal(m_model->natureLabel(text)), text);
    m_record->clear();
    m_record->addItem(tr("Any record"), QString());
    m_record->addItem(tr("No cached record yet"), QStringLiteral("none"));
    for (const QString &id : m_model->records())
        m_record->addItem(DisplayText::forTerminal(id), QString(QStringLiteral("record:") + id));
    selectData(m_nature, nature);
    selectData(m_record, record);
    applyFilters();
}

void NoticesView::applyFilters()
{
    m_proxy->setKindFilter(chosenKind(m_kind));
    m_proxy->setNatureFilter(m_nature->currentData().toString());
    m_proxy->setStatusFilter(parseNoticeStatus(m_status->currentData().toString()));
    m_proxy->setReviewFilter(m_review->currentData().toString());
    const QString record = m_record->currentData().toString();
    if (record == u"none")
        m_proxy->setRecordFilter(NoticeListFilterProxy::RecordMatch::NoCachedRecord);
    else if (record.startsWith(u"record:"))
        m_proxy->setRecordFilter(NoticeListFilterProxy::RecordMatch::Record,
            record.mid(qsizetype(sizeof("record:") - 1)));
    else
        m_proxy->setRecordFilter(NoticeListFilterProxy::RecordMatch::Any);
    m_proxy->setSearchText(m_search->text());
    updateCount();
}

void NoticesView::updateCount()
{
    const int total = m_model->noticeCount();
    const int shown = m_proxy->visibleNoticeCount();
    const int rows = m_proxy->rowCount();
    QString count = total == 1 ? tr("%1 of 1 notice").arg(shown)
                               : tr("%1 of %n notices", nullptr, total).arg(shown);
    if (rows != shown)
        count += tr(" (%n rows: a notice has a row for each record it concerns)", nullptr, rows);
    if (m_loading && total > 0)
        count += QStringLiteral(" · ") + tr("reading the cache again...");
    m_count->setText(total == 0 && m_loading ? QString() : count);
    m_export->setEnabled(!m_loading && rows > 0);
    if (rows > 0) {
        m_stack->setCurrentWidget(m_table);
        return;
    }
    if (m_loading)
        m_empty->setText(tr("Reading the notices and every record of the cache..."));
    else if (!m_loadError.isEmpty())
        m_empty->setText(tr("The notices could not be read:\n%1").arg(m_loadError));
    else if (total == 0)
        m_empty->setText(tr("No notices yet: import a Retraction Watch CSV with Notices > Import "
                            "Notices... or sync with the team's server."));
    else
        m_empty->setText(tr("No notice matches the filters."));
    m_stack->setCurrentWidget(m_empty);
}

void NoticesView::chooseExportFile()
{
    if (m_loading || m_proxy->rowCount() == 0)
        return;
    chooseFileToSave(this, QStringLiteral("exportNoticesDialog"), tr("Export Notices as CSV"),
        QStringLiteral("notices.csv"), tr("CSV files (*.csv);;All files (*)"),
        [this](const QString &path) { exportCsv(path); });
}

bool NoticesView::exportCsv(const QString &chosen)
{
    const QString path
        = QFileInfo(chosen).suffix().isEmpty() ? chosen + QStringLiteral(".csv") : chosen;
    const Status written = writeCsvFile(path, m_proxy->exportRows());
    if (!written) {
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Export Notices as CSV"),
            tr("The notices were not exported; no file was changed.\n%1")
                .arg(written.error().toString()),
            QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("exportNoticesError"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        Q_EMIT exported(false, path);
        return false;
    }
    const int rows = m_proxy->rowCount();
    m_count->setText(m_count->text() + QStringLiteral(" · ")
        + (rows == 1 ? tr("1 row exported to %1").arg(path)
                     : tr("%n rows exported to %1", nullptr, rows).arg(path)));
    Q_EMIT exported(true, path);
    return true;
}

} // namespace LedgerCurator
