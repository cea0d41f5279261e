// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecordLoader.h"

#include "BackgroundJob.h"
#include "CurationSession.h"
#include "Store.h"

namespace LedgerCurator {

//! What the worker delivers: the first rows of a large record, then the whole record.
struct RecordLoader::Loaded
{
    CuratedRecord record; // empty for the first rows
    ObservationTableData table;
    bool complete = false;
    qsizetype total = 0;
};

RecordLoader::RecordLoader(Store &store, CurationSession &session, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_session(session)
{
}

RecordLoader::~RecordLoader()
{
    // Results of a background load arriving after this point are dropped.
    ++m_generation;
}

void RecordLoader::load(const QString &arxivId)
{
    m_requested = arxivId;
    m_loading = true;
    const int generation = ++m_generation;
    if (m_job)
        m_job->cancel();
    Q_EMIT pageMessage(tr("Loading arXiv:%1...").arg(arxivId));
    // Shared, not copied: the job hands out copies of what the worker delivers.
    using Outcome = Result<std::shared_ptr<Loaded>>; // null: no such record
    // The worker reads the record and prepares the table (hints, filter text); the GUI thread
    // only swaps the prepared data in.
    auto work = [path = m_store.path(), arxivId](BackgroundJob::Worker<Outcome> &worker) {
        Store store(path);
        if (auto opened = store.open(); !opened) {
            worker.deliver(Outcome(opened.error()));
            return;
        }
        // One row more than shown tells whether there is more to load.
        auto first = store.loadCurated(arxivId, ObservationTableModel::FirstRows + 1);
        if (!first || !first->has_value()) {
            worker.deliver(first ? Outcome(std::shared_ptr<Loaded>()) : Outcome(first.error()));
            return;
        }
        if ((*first)->shown.observations.size() <= ObservationTableModel::FirstRows) {
            // That was all of it.
            ObservationTableData table = ObservationTableModel::prepare(**first);
            worker.deliver(Outcome(
                std::make_shared<Loaded>(Loaded { std::move(**first), std::move(table), true })));
            return;
        }
        auto total = store.observationCount(arxivId);
        worker.deliver(Outcome(std::make_shared<Loaded>(Loaded { {},
            ObservationTableModel::prepare(**first, ObservationTableModel::Hints::Skip), false,
            total ? qsizetype(*total) : 0 })));
        first->reset();
        if (worker.isCancelled())
            return;
        auto loaded = store.loadCurated(arxivId);
        if (!loaded || !loaded->has_value()) {
            worker.deliver(loaded ? Outcome(std::shared_ptr<Loaded>()) : Outcome(loaded.error()));
            return;
        }
        shareRepeatedText(**loaded); // one copy of the texts many observations repeat
        ObservationTableData table = ObservationTableModel::prepare(**loaded);
        worker.deliver(Outcome(
            std::make_shared<Loaded>(Loaded { std::move(**loaded), std::move(table), true })));
    };
    m_job = BackgroundJob::start<Outcome>(
        this, {}, std::move(work), [this, generation, arxivId](const Outcome &result) {
            if (generation != m_generation)
                return;
            if (result && *result && !(*result)->complete) {
                m_firstRows = std::move((*result)->table);
                m_firstRowsOnly = true;
                Q_EMIT firstRowsLoaded((*result)->total);
                return;
            }
            m_loading = false;
            m_firstRowsOnly = false;
            m_job = nullptr;
            m_requested.clear();
            if (!result) {
                Q_EMIT pageMessage(tr("arXiv:%1 could not be loaded:\n%2\n\nTry again, or import "
                                      "the page again with File > Import.")
                                       .arg(arxivId, result.error().toString()));
                return;
            }
            if (!*result) {
                Q_EMIT pageMessage(tr("arXiv:%1 is no longer in the cache.").arg(arxivId));
                return;
            }
            m_preparedTable = std::move((*result)->table);
            m_session.setRecord(std::move((*result)->record));
        });
}

ObservationTableData RecordLoader::takeFirstRows()
{
    return std::exchange(m_firstRows, ObservationTableData {});
}

std::optional<ObservationTableData> RecordLoader::takePreparedTable(const QString &arxivId)
{
    std::optional<ObservationTableData> table = std::exchange(m_preparedTable, std::nullopt);
    if (table && table->record.arxivId != arxivId)
        table.reset();
    return table;
}

RecordLoader::ShownPage RecordLoader::shownPage() const
{
    const Record &upstream = m_session.record().upstream;
    return { m_session.hasRecord() ? upstream.arxivId : QString(), upstream.asOf,
        upstream.version };
}

void RecordLoader::reloadIfChanged(const ShownPage &before)
{
    if (before.arxivId.isEmpty() || !m_session.hasRecord()
        || m_session.record().upstream.arxivId != before.arxivId || m_loading)
        return;
    auto stamp = m_store.changeStamp(before.arxivId);
    if (stamp && *stamp == m_shownStamp)
        return;
    // Reloading keeps the undo stack and the selection; corrections and conflicts from other
    // curators show at once. A new upstream page of the record is loaded afresh.
    if (auto reloaded = m_session.reload(); !reloaded)
        Q_EMIT errorOccurred(reloaded.error().toString());
    else if (m_session.record().upstream.asOf != before.asOf
        || m_session.record().upstream.version != before.version)
        load(before.arxivId);
    if (stamp)
        m_shownStamp = *stamp;
}

void RecordLoader::noteShownStamp()
{
    m_shownStamp.clear();
    if (m_session.hasRecord()) {
        if (auto stamp = m_store.changeStamp(m_session.record().upstream.arxivId))
            m_shownStamp = *stamp;
    }
}

} // namespace LedgerCurator
