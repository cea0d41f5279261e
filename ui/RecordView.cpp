// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecordView.h"
#include "DisplayText.h"
#include "FlowLayout.h"

#include "MeasuringDelegate.h"
#include "ObservationFilterProxy.h"
#include "StateBadgeDelegate.h"
#include "StateStyle.h"
#include "SummaryBar.h"
#include "ThemeText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QScrollBar>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <utility>

namespace LedgerCurator {

const char *const RecordView::kArrangedByUser = "arrangedByUser";

RecordView::RecordView(ObservationTableModel *model, ObservationFilterProxy *proxy, QWidget *parent)
    : QStackedWidget(parent)
    , m_model(model)
    , m_proxy(proxy)
{
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("recordHeading"));
    m_heading->setTextFormat(Qt::PlainText);
    // The title is elided to the width the layout gives (elideHeading()): it never widens the
    // window nor, however long, takes the table's height.
    m_heading->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_heading->installEventFilter(this);
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.15);
    m_heading->setFont(headingFont);

    m_summaryBar = new SummaryBar(this);
    m_summaryBar->setObjectName(QStringLiteral("summaryBar"));
    createFilters();
    m_filterStatus = new QLabel(this);
    m_filterStatus->setObjectName(QStringLiteral("filterStatus"));
    m_filterStatus->setWordWrap(true); // a narrow window wraps it rather than widening
    createTable();

    m_recordPage = new QWidget(this);
    auto *layout = new QVBoxLayout(m_recordPage);
    layout->addWidget(m_heading);
    layout->addWidget(m_summaryBar);
    layout->addLayout(m_filterRow);
    layout->addLayout(m_chipRow);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_filterStatus);

    m_messagePage = new QLabel(this);
    m_messagePage->setObjectName(QStringLiteral("emptyState"));
    m_messagePage->setAlignment(Qt::AlignCenter);
    m_messagePage->setWordWrap(true);
    m_messagePage->setTextFormat(Qt::PlainText);

    addWidget(m_messagePage);
    addWidget(m_recordPage);

    connect(m_filter, &QLineEdit::textChanged, m_proxy, &ObservationFilterProxy::setFilterText);
    connect(m_direction, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_proxy->setDirection(index == 1 ? std::optional<Direction>(Direction::Inbound)
                : index == 2             ? std::optional<Direction>(Direction::Outbound)
                                         : std::nullopt);
    });
    connect(m_attentionOnly, &QCheckBox::toggled, m_proxy,
        &ObservationFilterProxy::setNeedsAttentionOnly);
    connect(m_curatedOnly, &QCheckBox::toggled, m_proxy, &ObservationFilterProxy::setCuratedOnly);
    connect(m_proxy, &ObservationFilterProxy::filterChanged, this, [this] {
        updateChips();
        updateSummary();
    });
    connect(m_summaryBar, &SummaryBar::stateClicked, this,
        [this](ResolutionState state) { m_chips[int(state)]->toggle(); });
    followPalette(this, [this] { updateChips(); }); // the chips' colours are the palette's
}

void RecordView::createFilters()
{
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("filterEdit"));
    m_filter->setAccessibleName(tr("Filter observations"));
    m_filter->setAccessibleDescription(
        tr("All words must match a title, UUID, identifier or state"));
    m_filter->setPlaceholderText(tr("Filter by title, UUID, identifier or state (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);

    for (ResolutionState state : kAllResolutionStates) {
        auto *chip = new QToolButton(this);
        chip->setObjectName(QStringLiteral("chip-") + stateKey(state));
        chip->setCheckable(true);
        chip->setAutoRaise(false);
        chip->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        chip->setToolTip(tr("Show only observations that are %1 (combine several)")
                             .arg(stateDisplayText(state)));
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

    m_filterRow = new QHBoxLayout;
    m_filterRow->addWidget(m_filter, 1);
    m_direction = new QComboBox(this);
    m_direction->setObjectName(QStringLiteral("directionFilter"));
    // Labelled for what it chooses: without a label a screen reader speaks its value ("Both
    // directions") as if it were its name (a combo box is named by its label's relation).
    auto *directionLabel = new QLabel(tr("Direction:"), this);
    directionLabel->setObjectName(QStringLiteral("directionLabel"));
    directionLabel->setBuddy(m_direction);
    m_direction->setAccessibleName(tr("Direction"));
    m_direction->setToolTip(tr("Show the observations of both directions, or only the inbound "
                               "citations or only the outbound references"));
    m_direction->addItem(tr("Both directions"));
    m_direction->addItem(tr("Inbound"));
    m_direction->addItem(tr("Outbound"));
    m_filterRow->addWidget(directionLabel);
    m_filterRow->addWidget(m_direction);
    m_attentionOnly = new QCheckBox(tr("Needs &attention"), this);
    m_attentionOnly->setObjectName(QStringLiteral("attentionFilter"));
    m_attentionOnly->setToolTip(
        tr("Observations that still need a decision: unresolved, mismatched, uncertain or "
           "malformed ones, conflicting corrections, anomaly hints not dismissed and notices not "
           "yet reviewed (Ctrl+Shift+A)"));
    m_curatedOnly = new QCheckBox(tr("&Corrected"), this);
    m_curatedOnly->setObjectName(QStringLiteral("curatedFilter"));
    // The check boxes and the chips wrap onto further rows in a narrow window (in any language),
    // in the order Tab takes them.
    m_chipRow = new FlowLayout(4);
    m_chipRow->addWidget(m_attentionOnly);
    m_chipRow->addWidget(m_curatedOnly);
    for (QToolButton *chip : m_chips)
        m_chipRow->addWidget(chip);
}

void RecordView::createTable()
{
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("observationTable"));
    m_table->setAccessibleName(tr("Observations"));
    m_table->setAccessibleDescription(
        tr("The observations of the record with their resolution states"));
    m_table->setModel(m_proxy);
    m_table->setItemDelegate(new MeasuringDelegate(m_table)); // fitColumns()
    m_table->setItemDelegateForColumn(
        ObservationTableModel::StateColumn, new StateBadgeDelegate(m_table));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Tab leaves the table for the next control (arrow keys move between rows and cells), so
    // the keyboard is never trapped in a long table.
    m_table->setTabKeyNavigation(false);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    // Long titles keep their beginning and their end ("OPT: Open Pre…GPU Clusters"); the whole
    // text is in the tooltip.
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 10);
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(ObservationTableModel::CitingTitleColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(ObservationTableModel::CitedTitleColumn, QHeaderView::Stretch);
    // Widths in characters of the font in use (about 7 pixels at the default size).
    const int character = header->fontMetrics().averageCharWidth();
    header->resizeSection(ObservationTableModel::StateColumn, 24 * character);
    header->resizeSection(ObservationTableModel::ReferenceColumn, 7 * character);
    header->resizeSection(ObservationTableModel::BasisColumn, 16 * character);
    header->resizeSection(ObservationTableModel::ObservedColumn, 13 * character);
    header->resizeSection(ObservationTableModel::NoticesColumn, 28 * character);
    header->resizeSection(ObservationTableModel::MarksColumn, 11 * character);
    header->resizeSection(ObservationTableModel::HintsColumn, 8 * character);
    // Narrow columns are at least as wide as their header, which may be longer when translated.
    for (int column : { ObservationTableModel::ReferenceColumn, ObservationTableModel::MarksColumn,
             ObservationTableModel::HintsColumn }) {
        const QString title = m_model->headerData(column, Qt::Horizontal).toString();
        header->resizeSection(column,
            qMax(header->sectionSize(column), header->fontMetrics().horizontalAdvance(title) + 24));
    }
    header->setMinimumSectionSize(6 * character);
    m_table->setColumnHidden(ObservationTableModel::ObservedColumn, true);
    m_table->setColumnHidden(ObservationTableModel::DirectionColumn, true);
    m_table->setColumnHidden(ObservationTableModel::IdColumn, true);
    m_table->setColumnHidden(ObservationTableModel::CitedTitleColumn, true);
    // A width the user gives a column is theirs: the fitting to the data stops.
    // (Only a drag of the header's handles is the user's: a stretched column also resizes as the
    // window does, and the fitting resizes the others.)
    header->viewport()->installEventFilter(this);
    connect(header, &QHeaderView::sectionResized, this, [this] {
        if (m_headerPressed && !m_fittingColumns)
            setColumnsSized(true);
    });
    connect(header, &QHeaderView::sectionMoved, this, [this] {
        if (m_headerPressed)
            setColumnsSized(true);
    });
    // Right-click on the header shows or hides columns: the menu View > Columns has too, and the
    // table's own context menu (the Menu key, Shift+F10).
    m_columnsMenu = new QMenu(tr("Colu&mns"), this);
    m_columnsMenu->setObjectName(QStringLiteral("columnsMenu"));
    for (int column = 0; column < ObservationTableModel::ColumnCount; ++column) {
        if (column == ObservationTableModel::StateColumn
            || column == ObservationTableModel::CitingTitleColumn)
            continue; // always shown
        QAction *action
            = m_columnsMenu->addAction(m_model->headerData(column, Qt::Horizontal).toString());
        action->setObjectName(QStringLiteral("columnAction-%1").arg(column));
        action->setCheckable(true);
        action->setData(column);
        connect(action, &QAction::triggered, this, [this, column](bool on) {
            m_table->setColumnHidden(column, !on);
            setColumnsSized(true); // the user's choice of columns, kept with the layout
        });
    }
    connect(m_columnsMenu, &QMenu::aboutToShow, this, &RecordView::updateColumnActions);
    updateColumnActions();
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QHeaderView::customContextMenuRequested, this,
        [this, header](const QPoint &pos) { m_columnsMenu->exec(header->mapToGlobal(pos)); });
}

void RecordView::updateColumnActions()
{
    for (QAction *action : m_columnsMenu->actions())
        action->setChecked(!m_table->isColumnHidden(action->data().toInt()));
}

void RecordView::insertBanner(QWidget *banner)
{
    if (auto *layout = qobject_cast<QVBoxLayout *>(m_recordPage->layout()))
        layout->insertWidget(1, banner);
}

void RecordView::showMessage(const QString &text)
{
    m_messagePage->setText(text);
    setCurrentWidget(m_messagePage);
}

void RecordView::showHeading(const Record &r)
{
    m_headingTitle = DisplayText::forTerminal(DisplayText::shortened(r.title, kHeadingTitle));
    m_headingRecord = r;
    // Only the heading's fields are kept; not clear(), which gives a shared list a new one of
    // the same capacity (86 MB for 200,000 observations).
    m_headingRecord.observations = {};
    elideHeading();
    setCurrentWidget(m_recordPage);
}

void RecordView::elideHeading()
{
    const int width = std::max(m_heading->contentsRect().width(), 1);
    const QString title
        = m_heading->fontMetrics().elidedText(m_headingTitle, Qt::ElideMiddle, width);
    m_heading->setText(tr("%1\narXiv:%2 v%3 · as of %4")
                           .arg(title, m_headingRecord.arxivId)
                           .arg(m_headingRecord.version)
                           .arg(displayDate(m_headingRecord.asOf)));
    m_heading->setToolTip(title == m_headingTitle ? QString() : m_headingTitle);
}

void RecordView::setComplete(bool complete)
{
    m_summaryBar->setEnabled(complete);
    for (QToolButton *chip : m_chips)
        chip->setEnabled(complete);
}

void RecordView::showFirstRows(ObservationTableData data, qsizetype total)
{
    m_table->setUpdatesEnabled(false);
    m_model->setTableData(std::move(data));
    m_table->resizeColumnToContents(ObservationTableModel::StateColumn);
    m_table->setUpdatesEnabled(true);
    const Record &r = m_model->record();
    showHeading(r);
    // The counts of the rows shown so far, greyed until the whole record is in.
    m_summaryBar->setCounts(m_model->stateCounts());
    updateChips();
    setComplete(false);
    m_filterStatus->setText(
        tr("Loading arXiv:%1: the first %Ln observations are shown, %2 in all...", "",
            m_model->rowCount())
            .arg(r.arxivId, QLocale().toString(qlonglong(total))));
}

void RecordView::showRecord(
    const CuratedRecord &curated, std::optional<ObservationTableData> prepared)
{
    setComplete(true);
    m_table->setUpdatesEnabled(false);
    if (prepared)
        m_model->setTableData(std::move(*prepared));
    else
        m_model->setCuratedRecord(curated);
    fitColumns();
    m_table->setUpdatesEnabled(true);
    showHeading(curated.shown);
    updateSummary();
    updateChips();
}

bool RecordView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_heading) {
        if (event->type() == QEvent::Resize && !m_headingTitle.isEmpty())
            elideHeading();
        return QStackedWidget::eventFilter(watched, event);
    }
    if (m_table && watched == m_table->horizontalHeader()->viewport()) {
        if (event->type() == QEvent::MouseButtonPress)
            m_headerPressed = true;
        else if (event->type() == QEvent::MouseButtonRelease)
            m_headerPressed = false;
    }
    return QStackedWidget::eventFilter(watched, event);
}

void RecordView::fitColumns()
{
    // The cited title is what differs between the rows of outbound references.
    if (columnsSized())
        return;
    const qsizetype outbound = m_model->outboundCount();
    m_table->setColumnHidden(ObservationTableModel::CitedTitleColumn, outbound == 0);
    m_fittingColumns = true;
    // Each column's sizes kept per text while it is fitted: most cells repeat a few texts.
    const MeasuringDelegate::Measuring measuring(m_table);
    QHeaderView *header = m_table->horizontalHeader();
    // The side of the link that differs from row to row stretches: the citing title where most
    // rows are inbound, the cited title where most are outbound. The other fits its text, which
    // on most rows is "this paper".
    const bool mostlyOutbound = 2 * outbound > m_model->rowCount();
    const int fitted = mostlyOutbound ? ObservationTableModel::CitingTitleColumn
                                      : ObservationTableModel::CitedTitleColumn;
    const int stretched = mostlyOutbound ? ObservationTableModel::CitedTitleColumn
                                         : ObservationTableModel::CitingTitleColumn;
    header->setSectionResizeMode(stretched, QHeaderView::Stretch);
    header->setSectionResizeMode(fitted, QHeaderView::Interactive);
    const int character = header->fontMetrics().averageCharWidth();
    if (!m_table->isColumnHidden(fitted)) {
        m_table->resizeColumnToContents(fitted);
        header->resizeSection(
            fitted, std::clamp(header->sectionSize(fitted), 11 * character, 16 * character));
    }
    // The short columns fit their data (and header), within bounds; the titles share the rest.
    for (int column = 0; column < ObservationTableModel::ColumnCount; ++column) {
        if (column == ObservationTableModel::CitingTitleColumn
            || column == ObservationTableModel::CitedTitleColumn || m_table->isColumnHidden(column))
            continue;
        m_table->resizeColumnToContents(column); // the data (a sample of a long table) and header
        const int title = header->fontMetrics().horizontalAdvance(
                              m_model->headerData(column, Qt::Horizontal).toString())
            + 24;
        header->resizeSection(column,
            std::clamp(
                std::max(header->sectionSize(column), title), 6 * character, 34 * character));
    }
    m_fittingColumns = false;
}

bool RecordView::columnsSized() const
{
    return m_table->horizontalHeader()->property(kArrangedByUser).toBool();
}

void RecordView::setColumnsSized(bool sized)
{
    m_table->horizontalHeader()->setProperty(kArrangedByUser, sized);
}

void RecordView::clearRecord()
{
    setComplete(true);
    m_model->clear();
}

void RecordView::showChange(const CuratedRecord &curated, const QStringList &observations)
{
    const int row = m_table->currentIndex().row();
    const QString id = currentObservation();
    m_model->updateCuratedRecord(curated, observations);
    updateSummary();
    updateChips();
    keepARowSelected(row, id);
}

void RecordView::keepARowSelected(int row, const QString &id)
{
    // A corrected row a filter no longer shows leaves the view: the row that took its place is
    // selected, so that the correction panel never goes blank while rows remain.
    if (row < 0 || id.isEmpty() || currentObservation() == id)
        return;
    if (!m_table->selectionModel()->selectedRows().isEmpty())
        return;
    const int rows = m_proxy->rowCount();
    if (rows == 0)
        return;
    const QModelIndex index
        = m_proxy->index(std::min(row, rows - 1), ObservationTableModel::CitingTitleColumn);
    m_table->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(index);
}

QString RecordView::currentObservation() const
{
    return m_table->currentIndex().data(ObservationTableModel::ObservationIdRole).toString();
}

bool RecordView::currentNeedsAttention() const
{
    return m_table->currentIndex().data(ObservationTableModel::NeedsAttentionRole).toBool();
}

RecordView::Position RecordView::position() const
{
    return { m_table->currentIndex().data(ObservationTableModel::ObservationIdRole).toString(),
        m_table->verticalScrollBar()->value() };
}

void RecordView::restorePosition(const Position &position)
{
    const int row = position.observation.isEmpty() ? -1 : m_model->rowOf(position.observation);
    if (row < 0)
        return;
    const QModelIndex index
        = m_proxy->mapFromSource(m_model->index(row, ObservationTableModel::CitingTitleColumn));
    if (index.isValid()) {
        m_table->selectionModel()->setCurrentIndex(
            index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_table->verticalScrollBar()->setValue(position.scrolled);
    }
}

void RecordView::selectObservation(const QString &uuid)
{
    m_attentionOnly->setChecked(false);
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const QModelIndex index = m_proxy->index(row, 0);
        if (index.data(ObservationTableModel::ObservationIdRole).toString() == uuid) {
            m_table->setCurrentIndex(index);
            m_table->scrollTo(index);
            break;
        }
    }
}

void RecordView::updateSummary()
{
    m_summaryBar->setCounts(m_model->stateCounts());
    const AttentionCount attention = m_model->attention();
    m_filterStatus->setText(
        tr("Showing %L1 of %L2 observations · %L3 need attention · %L4 anomaly hints")
            .arg(m_proxy->rowCount())
            .arg(m_model->rowCount())
            .arg(attention.observations)
            .arg(m_model->openHintCount()));
    m_filterStatus->setToolTip(attentionBreakdown(attention));
}

void RecordView::updateChips()
{
    const auto counts = m_proxy->stateCountsIgnoringStateFilter();
    for (ResolutionState state : kAllResolutionStates) {
        QToolButton *chip = m_chips[int(state)];
        chip->setText(QStringLiteral("%1  %L2").arg(stateShortText(state)).arg(counts[int(state)]));
        chip->setAccessibleName(
            QStringLiteral("%1 %L2").arg(stateDisplayText(state)).arg(counts[int(state)]));
        // Focused, the chip's border turns to the selection colour and thickens: the focus
        // shows whatever the style draws for tool buttons.
        const QColor color = stateColor(state, chip->palette());
        chip->setStyleSheet(QStringLiteral(
            "QToolButton { border: 1px solid %1; border-radius: 9px; padding: 2px 8px; }"
            "QToolButton:checked { background: %1; color: %2; }"
            "QToolButton:focus { border: 3px solid %3; padding: 0px 6px; }")
                                .arg(color.name(), stateTextColor(state, chip->palette()).name(),
                                    chip->palette().color(QPalette::Highlight).name()));
    }
}

bool RecordView::goToAttention(bool forward)
{
    const int rows = m_proxy->rowCount();
    if (rows == 0)
        return false;
    const int current
        = m_table->currentIndex().isValid() ? m_table->currentIndex().row() : (forward ? -1 : rows);
    for (int step = 1; step <= rows; ++step) {
        int row = forward ? current + step : current - step;
        const bool wrapped = row >= rows || row < 0;
        row = (row % rows + rows) % rows;
        const QModelIndex index = m_proxy->index(row, ObservationTableModel::CitingTitleColumn);
        if (!index.data(ObservationTableModel::NeedsAttentionRole).toBool())
            continue;
        m_table->selectionModel()->setCurrentIndex(
            index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_table->scrollTo(index);
        if (wrapped)
            Q_EMIT statusMessage(
                forward ? tr("Wrapped to the top.") : tr("Wrapped to the bottom."), 4000);
        return true;
    }
    Q_EMIT statusMessage(tr("No observation in this view needs attention."), 6000);
    return false;
}

void RecordView::clearFilters()
{
    m_filter->clear();
    for (QToolButton *chip : m_chips)
        chip->setChecked(false);
    m_direction->setCurrentIndex(0);
    m_attentionOnly->setChecked(false);
    m_curatedOnly->setChecked(false);
}

} // namespace LedgerCurator
