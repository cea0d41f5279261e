// SPDX-License-Identifier: GPL-3.0-or-later
#include "SuggestionProvider.h"

#include "Attention.h"
#include "BackgroundJob.h"
#include "CacheWorks.h"
#include "ReconcileClient.h"
#include "Store.h"
#include "WorksIndex.h"

#include <QSet>

#include <deque>
#include <mutex>

namespace LedgerCurator {

//! The queue of observations to look at, shared by the GUI thread (which adds to it, moves one
//! to the front, or empties it) and the run that takes from it.
struct SuggestionProvider::Work
{
    std::mutex mutex;
    std::deque<Observation> queue; // to look at, in order
    QString urgent; // taken first when still queued
    std::shared_ptr<const CuratedRecord> record; // the record the observations are of
    std::atomic<bool> cancelled { false };
    ReconcileClient *asking = nullptr; // the run's request to the team's server, if one is on

    //! Stops the run: what is queued and a request to the team's server on now.
    void cancel()
    {
        const std::lock_guard lock(mutex);
        cancelled = true;
        queue.clear();
        if (asking)
            asking->cancel();
    }

    //! The next observation to look at, and the record it is of; false when none is left.
    bool take(Observation &next, std::shared_ptr<const CuratedRecord> &of)
    {
        const std::lock_guard lock(mutex);
        if (cancelled.load() || queue.empty())
            return false;
        auto it = queue.begin();
        if (!urgent.isEmpty()) {
            it = std::find_if(queue.begin(), queue.end(),
                [this](const Observation &o) { return o.id == urgent; });
            if (it == queue.end())
                it = queue.begin();
            urgent.clear();
        }
        next = std::move(*it);
        queue.erase(it);
        of = record;
        return true;
    }
};

namespace {

//! What says the works index changed: each source's name, size, state and time of import.
QString sourcesStamp(const QList<WorksSourceStats> &sources)
{
    QStringList parts { QStringLiteral("sources") }; // never null, even with none
    for (const WorksSourceStats &s : sources)
        parts.append(QStringLiteral("%1|%2|%3|%4")
                         .arg(s.source)
                         .arg(s.works)
                         .arg(s.complete ? 1 : 0)
                         .arg(s.importedAt.toString(Qt::ISODateWithMs)));
    return parts.join(u'\n');
}

//! What a run needs of a record: its pages (shared, not copied); not its corrections' field map,
//! which a copy would duplicate at every correction of a large record.
std::shared_ptr<const CuratedRecord> forRun(const CuratedRecord &record)
{
    auto light = std::make_shared<CuratedRecord>();
    light->upstream = record.upstream;
    light->shown = record.shown;
    light->notices = record.notices;
    return light;
}

} // namespace

struct SuggestionProvider::Batch
{
    QList<ObservationSuggestions> items;
    std::optional<bool> importedLists; // the first of a run: a works list was imported
    QString sourcesStamp; // the first of a run (and of an index check)
    bool indexEmpty = false;
    QString error; // the cache or the index could not be opened or asked
};

SuggestionProvider::SuggestionProvider(const QString &cachePath, QObject *parent)
    : QObject(parent)
    , m_cachePath(cachePath)
{
}

SuggestionProvider::~SuggestionProvider()
{
    if (m_work)
        m_work->cancel();
    m_queue.waitForDone(); // the run ends after the observation it is looking at
}

bool SuggestionProvider::wantsSuggestions(const Observation &observation)
{
    return LedgerCurator::wantsSuggestions(observation);
}

void SuggestionProvider::setRecord(
    const CuratedRecord &record, const QStringList &tableOrder, const QString &first)
{
    clear();
    m_hasRecord = true;
    m_work = std::make_shared<Work>();
    m_work->record = forRun(record);
    m_work->urgent = first;
    QStringList order;
    if (!first.isEmpty())
        order.append(first);
    order += tableOrder;
    startRun(order);
    Q_EMIT suggestionsChanged({});
}

void SuggestionProvider::clear()
{
    if (m_work)
        m_work->cancel();
    m_work.reset();
    ++m_generation; // what an older run still delivers is dropped
    m_running = false;
    m_hasRecord = false;
    m_ready.clear();
    m_indexEmpty = false;
    m_importedLists = true;
    m_sourcesStamp.clear();
    m_error.clear();
}

void SuggestionProvider::observationsChanged(
    const CuratedRecord &record, const QStringList &observations)
{
    if (!m_work || observations.isEmpty())
        return;
    QStringList changed;
    {
        const std::lock_guard lock(m_work->mutex);
        m_work->record = forRun(record);
        const QSet<QString> ids(observations.cbegin(), observations.cend());
        std::erase_if(m_work->queue, [&ids](const Observation &o) { return ids.contains(o.id); });
        std::deque<Observation> first; // what was just changed is looked at first, in order
        for (const QString &id : observations) {
            m_ready.remove(id);
            const Observation *o = record.shown.findObservation(id);
            if (!o || changed.contains(id))
                continue;
            changed.append(id);
            if (wantsSuggestions(*o))
                first.push_back(*o);
        }
        m_work->queue.insert(m_work->queue.begin(), first.begin(), first.end());
    }
    if (!m_running && !m_indexEmpty && m_error.isEmpty())
        startRun(std::nullopt);
    if (!changed.isEmpty())
        Q_EMIT suggestionsChanged(changed);
}

void SuggestionProvider::prioritize(const QString &observation)
{
    if (!m_work || m_ready.contains(observation))
        return;
    const std::lock_guard lock(m_work->mutex);
    m_work->urgent = observation;
}

void SuggestionProvider::checkIndex()
{
    if (!m_hasRecord)
        return;
    if (m_running || m_checking) {
        // Asked again when this run or check is over: the change may have come after the
        // run read the sources (another program's import), and nobody says it twice.
        m_checkAgain = true;
        return;
    }
    m_checkAgain = false;
    m_checking = true;
    BackgroundJob::Options options;
    options.queue = &m_queue;
    auto work = [path = m_cachePath](BackgroundJob::Worker<QString> &) -> QString {
        Store store(path);
        if (!store.open())
            return {};
        const auto sources = cacheWorksIndex(store).sources();
        return sources ? sourcesStamp(sources.value()) : QString();
    };
    const int generation = m_generation;
    BackgroundJob::start<QString>(
        this, options, std::move(work), [this, generation](const QString &stamp) {
            m_checking = false;
            if (generation == m_generation && !stamp.isNull() && !m_running
                && stamp != m_sourcesStamp && !m_sourcesStamp.isNull()) {
                m_checkAgain = false;
                Q_EMIT worksIndexChanged();
            } else if (m_checkAgain) {
                checkIndex();
            }
        });
}

SuggestionProvider::Status SuggestionProvider::status(const QString &observation) const
{
    if (!m_hasRecord)
        return Status::NotWanted;
    if (m_ready.contains(observation))
        return Status::Ready;
    if (m_indexEmpty)
        return Status::IndexEmpty;
    if (!m_error.isEmpty())
        return Status::Failed;
    return Status::Pending;
}

const ObservationSuggestions *SuggestionProvider::suggestions(const QString &observation) const
{
    const auto it = m_ready.constFind(observation);
    return it == m_ready.cend() ? nullptr : &it.value();
}

int SuggestionProvider::pendingAmong(
    const CuratedRecord &record, const QStringList &observations) const
{
    if (m_indexEmpty || !m_error.isEmpty())
        return 0;
    int pending = 0;
    for (const QString &id : observations) {
        if (m_ready.contains(id))
            continue;
        if (const Observation *o = record.shown.findObservation(id); o && wantsSuggestions(*o))
            ++pending;
    }
    return pending;
}

void SuggestionProvider::startRun(std::optional<QStringList> order)
{
    m_running = true;
    const int generation = m_generation;
    BackgroundJob::Options options;
    options.queue = &m_queue;
    const TeamServer server = m_teamServer ? m_teamServer() : TeamServer {};
    auto work = [path = m_cachePath, shared = m_work, order = std::move(order), server](
                    BackgroundJob::Worker<Batch> &worker) {
        if (order) {
            // The record's observations that want suggestions: those of `order` first, in that
            // order, then the rest as the record has them. Done here, not on the GUI thread: a
            // record may hold a million observations.
            std::shared_ptr<const CuratedRecord> record;
            {
                const std::lock_guard lock(shared->mutex);
                record = shared->record;
            }
            QHash<QString, const Observation *> wanted;
            for (const Observation &o : record->shown.observations) {
                if (wantsSuggestions(o))
                    wanted.insert(o.id, &o);
            }
            std::deque<Observation> queue;
            QSet<QString> queued;
            for (const QString &id : *order) {
                if (const Observation *o = wanted.value(id); o && !queued.contains(id)) {
                    queue.push_back(*o);
                    queued.insert(id);
                }
            }
            for (const Observation &o : record->shown.observations) {
                if (wanted.contains(o.id) && !queued.contains(o.id))
                    queue.push_back(o);
            }
            const std::lock_guard lock(shared->mutex);
            for (Observation &o : queue)
                shared->queue.push_back(std::move(o));
        }
        Batch failed;
        Store store(path);
        if (auto opened = store.open(); !opened) {
            failed.error = opened.error().toString();
            worker.deliver(failed);
            return;
        }
        // The works the cache knows (each record's paper, the identifiers curators gave)
        // brought up to date first, as `suggest` does: a write only when records changed
        // since, through the Store's write rules; if it cannot be made (a busy or lost cache),
        // the list as it was is searched.
        if (auto refreshed = refreshCacheWorks(store); !refreshed)
            qWarning("Match suggestions: the works the cache knows were not refreshed: %s",
                qPrintable(refreshed.error().toString()));
        const WorksIndex index = cacheWorksForSearch(store); // query after query on it
        // Whether there is anything to look in, from the sources' table alone (stats() counts
        // every work, too slow to ask before each run).
        const Result<QList<WorksSourceStats>> sources = index.sources();
        if (!sources) {
            failed.error = sources.error().toString();
            worker.deliver(failed);
            return;
        }
        qint64 works = 0;
        bool imported = false;
        for (const WorksSourceStats &source : sources.value()) {
            if (!source.complete)
                continue;
            works += source.works;
            imported = imported
                || (source.works > 0 && source.source != QLatin1String(kCacheWorksSource));
        }
        if (works == 0) {
            failed.indexEmpty = true;
            failed.sourcesStamp = sourcesStamp(sources.value());
            worker.deliver(failed);
            return;
        }
        Batch first;
        first.importedLists = imported;
        first.sourcesStamp = sourcesStamp(sources.value());
        worker.deliver(first);
        // The team's server, for the titles the cache's index has no clear match for: one
        // client for the run, made on this thread; a server that cannot be asked is not asked
        // again in this run.
        std::unique_ptr<ReconcileClient> client;
        bool serverDown = !server.url.isValid() || server.url.isEmpty();
        const auto askServer = [&](ObservationSuggestions &s) {
            if (serverDown || s.kind == SuggestionKind::NearestIdentifier
                || normalizeTitle(s.query.title).isEmpty()
                || (!s.candidates.isEmpty() && s.candidates.first().match))
                return;
            if (!client) {
                ReconcileOptions options;
                options.service = server.url;
                options.token = server.token;
                options.requestDeadlineMs = 15000;
                options.deadlineMs = 30000;
                client = std::make_unique<ReconcileClient>(options);
            }
            {
                const std::lock_guard lock(shared->mutex);
                if (shared->cancelled)
                    return;
                shared->asking = client.get();
            }
            auto answered = client->reconcile({ s.query });
            {
                const std::lock_guard lock(shared->mutex);
                shared->asking = nullptr;
            }
            if (!answered || answered->isEmpty()) {
                serverDown = true;
                if (!answered && !shared->cancelled)
                    qWarning("Match suggestions: the team's server was not asked: %s",
                        qPrintable(answered.error().toString()));
                return;
            }
            mergeCandidates(s.candidates, s.query, answered->first(), QStringLiteral("server"));
        };
        Observation next;
        std::shared_ptr<const CuratedRecord> record;
        while (!worker.isCancelled() && shared->take(next, record)) {
            Batch batch;
            ObservationSuggestions found = suggestFor(*record, next, index);
            if (found.error.isEmpty())
                askServer(found);
            batch.items.append(std::move(found));
            worker.deliver(std::move(batch));
        }
    };
    auto *job = BackgroundJob::start<Batch>(this, options, std::move(work),
        [this, generation](const Batch &batch) { receive(generation, batch); });
    connect(job, &BackgroundJob::finished, this, [this, generation] { runFinished(generation); });
}

void SuggestionProvider::receive(int generation, const Batch &batch)
{
    if (generation != m_generation)
        return; // a run of a record no longer shown
    if (!batch.sourcesStamp.isNull())
        m_sourcesStamp = batch.sourcesStamp;
    if (batch.indexEmpty || !batch.error.isEmpty()) {
        m_indexEmpty = batch.indexEmpty;
        m_error = batch.error;
        if (m_work) {
            const std::lock_guard lock(m_work->mutex);
            m_work->queue.clear();
        }
        Q_EMIT suggestionsChanged({});
        return;
    }
    if (batch.importedLists)
        m_importedLists = *batch.importedLists;
    QStringList ids;
    for (const ObservationSuggestions &s : batch.items) {
        m_ready.insert(s.observation, s);
        ids.append(s.observation);
    }
    Q_EMIT suggestionsChanged(ids);
}

void SuggestionProvider::runFinished(int generation)
{
    if (generation != m_generation)
        return;
    m_running = false;
    if (m_checkAgain)
        QMetaObject::invokeMethod(this, &SuggestionProvider::checkIndex, Qt::QueuedConnection);
    bool more = false;
    if (m_work && !m_indexEmpty && m_error.isEmpty()) {
        const std::lock_guard lock(m_work->mutex);
        more = !m_work->cancelled && !m_work->queue.empty();
    }
    if (more) {
        startRun(std::nullopt); // added while the run was ending
        return;
    }
    Q_EMIT idle();
}

} // namespace LedgerCurator
