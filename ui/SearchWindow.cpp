// SPDX-License-Identifier: GPL-3.0-or-later
#include "SearchWindow.h"
#include "FocusRing.h"
#include "ManualWindow.h"
#include "ThemeText.h"

#include "BackgroundJob.h"
#include "SearchResultModel.h"
#include "Store.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QStackedWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace LedgerCurator {

namespace {

//! The search on a worker thread, on a connection of its own.
Result<SearchOutcome> searchOnWorker(
    const QString &cachePath, const QString &text, const Progress &progress)
{
    Store store(cachePath);
    if (auto opened = store.open(); !opened)
        return opened.error();
    SearchOptions options;
    options.limit = SearchWindow::kShownHits;
    options.progress = progress;
    return searchCache(store, text, options);
}

} // namespace

SearchWindow::SearchWindow(QString cachePath, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_cachePath(std::move(cachePath))
    , m_model(new SearchResultModel(this))
{
    setObjectName(QStringLiteral("searchWindow"));
    Manual::setSection(this, QStringLiteral("attention"));
    Manual::closeWithKeys(this);
    setWindowTitle(tr("Search All Records - Ledger Curator"));
    resize(1100, 560);

    m_field = new QLineEdit(this);
    m_field->setObjectName(QStringLiteral("searchAllField"));
    m_field->setPlaceholderText(tr("Title, observation UUID, identifier or note"));
    m_field->setClearButtonEnabled(true);
    m_field->setAccessibleName(tr("Search every cached record"));
    auto *label = new QLabel(tr("&Search:"), this);
    label->setBuddy(m_field);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("searchStatus"));
    m_status->setTextFormat(Qt::PlainText);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("searchResults"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAccessibleName(tr("Search results"));
    m_table->setColumnWidth(SearchResultModel::RecordColumn, 130);
    m_table->setColumnWidth(SearchResultModel::ObservationColumn, 290);
    m_table->setColumnWidth(SearchResultModel::StateColumn, 150);
    m_table->setColumnWidth(SearchResultModel::FieldColumn, 170);
    m_empty = new QLabel(this);
    m_empty->setObjectName(QStringLiteral("searchEmpty"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setTextFormat(Qt::PlainText);
    m_empty->setText(tr("Type what to look for: a title or part of one, an observation UUID, an "
                        "identifier or a note. Every cached record is searched."));
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_table);
    m_stack->addWidget(m_empty);
    m_stack->setCurrentWidget(m_empty);

    auto *row = new QHBoxLayout;
    row->addWidget(label);
    row->addWidget(m_field, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(m_status);
    layout->addWidget(m_stack, 1);

    // While typing, a search starts once the typing pauses; Enter starts it at once.
    m_typing = new QTimer(this);
    m_typing->setSingleShot(true);
    m_typing->setInterval(300);
    connect(m_typing, &QTimer::timeout, this, &SearchWindow::startSearch);
    connect(m_field, &QLineEdit::textEdited, m_typing, qOverload<>(&QTimer::start));
    connect(m_field, &QLineEdit::returnPressed, this, [this] {
        m_typing->stop();
        if (m_field->text().trimmed() == m_searched && !m_searching && m_model->rowCount() > 0) {
            // Enter again in the field: to the results.
            m_table->setFocus(Qt::TabFocusReason);
            if (!m_table->currentIndex().isValid())
                m_table->setCurrentIndex(m_model->index(0, 0));
            return;
        }
        startSearch();
    });
    connect(m_table, &QAbstractItemView::activated, this, &SearchWindow::activate);
    addFocusRings(this); // its lists and tables show when they have the focus
    keepPlaceholdersReadable(this);
}

SearchWindow::~SearchWindow()
{
    if (m_job)
        m_job->cancel();
}

void SearchWindow::focusSearchField()
{
    m_field->setFocus(Qt::ShortcutFocusReason);
    m_field->selectAll();
}

void SearchWindow::refresh()
{
    if (!m_searched.isEmpty() && m_field->text().trimmed() == m_searched && !m_searching)
        startSearch();
}

void SearchWindow::search(const QString &text)
{
    m_field->setText(text);
    m_typing->stop();
    startSearch();
}

void SearchWindow::startSearch()
{
    const QString text = m_field->text().trimmed();
    const int generation = ++m_generation;
    if (m_job)
        m_job->cancel(); // a newer search: the older one need not finish
    if (foldSearchText(text).isEmpty()) {
        m_searching = false;
        m_searched.clear();
        m_model->setHits({});
        m_status->clear();
        m_stack->setCurrentWidget(m_empty);
        return;
    }
    m_searching = true;
    m_status->setText(tr("Searching every cached record for \u201c%1\u201d...").arg(text));
    m_job = BackgroundJob::start<Result<SearchOutcome>>(
        this, {},
        [path = m_cachePath, text](auto &worker) -> Result<SearchOutcome> {
            return searchOnWorker(path, text, worker.progress());
        },
        [this, generation, text](Result<SearchOutcome> result) {
            if (generation != m_generation)
                return; // a newer search is on its way
            m_searching = false;
            m_searched = text;
            if (!result) {
                m_model->setHits({});
                m_empty->setText(
                    tr("The cache could not be searched:\n%1").arg(result.error().toString()));
                m_status->clear();
                m_stack->setCurrentWidget(m_empty);
                Q_EMIT searched();
                return;
            }
            const SearchOutcome &outcome = *result;
            m_model->setHits(outcome.hits);
            if (outcome.total == 0) {
                m_empty->setText(outcome.records == 1
                        ? tr("Nothing matches \u201c%1\u201d in the one cached record.").arg(text)
                        : tr("Nothing matches \u201c%1\u201d in the %Ln cached records.", nullptr,
                            int(outcome.records))
                              .arg(text));
                m_status->clear();
                m_stack->setCurrentWidget(m_empty);
            } else {
                const QString searchedIn = tr("%1 observations of %2 records searched.")
                                               .arg(QLocale().toString(outcome.observations),
                                                   QLocale().toString(outcome.records));
                QString status = (outcome.total == 1 ? tr("1 hit.")
                                                     : tr("%Ln hits.", nullptr, int(outcome.total)))
                    + u' ' + searchedIn;
                if (outcome.truncated())
                    status += u' '
                        + tr("The first %1 are listed: add words to narrow the search.")
                              .arg(QLocale().toString(qint64(outcome.hits.size())));
                m_status->setText(status);
                m_stack->setCurrentWidget(m_table);
            }
            Q_EMIT searched();
        });
}

void SearchWindow::activate(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    Q_EMIT observationRequested(index.data(SearchResultModel::RecordRole).toString(),
        index.data(SearchResultModel::ObservationRole).toString());
}

} // namespace LedgerCurator
