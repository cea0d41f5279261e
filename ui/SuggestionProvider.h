// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "BackgroundJob.h"
#include "CuratedRecord.h"
#include "MatchSuggestions.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

namespace LedgerCurator {

//! The match suggestions of the shown record's observations (docs/works.md), computed off the GUI
//! thread and kept by observation id. A record shown starts the work for its observations that
//! want suggestions (observationsToSuggest()), in the order the view gives (the selected row
//! first); an observation asked for (prioritize()) goes to the front of what is left. Each run
//! opens its own connection to the cache (a Store of its own, as every worker of the window
//! does): no QSqlDatabase is shared across threads. The suggestions are dropped and computed
//! again when the record is shown anew, for the observations a correction changed, and when the
//! works index changed (worksIndexChanged()).
class SuggestionProvider final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SuggestionProvider)

public:
    explicit SuggestionProvider(const QString &cachePath, QObject *parent = nullptr);
    ~SuggestionProvider() override;

    //! What is known of an observation's suggestions.
    enum class Status {
        NotWanted, // no record, or the observation wants none (wantsSuggestions())
        Pending, // being looked for
        Ready, // suggestions() holds them (the candidates may be empty)
        IndexEmpty, // the works index holds no work yet
        Failed, // the index could not be asked: error() says why
    };

    //! Drops every suggestion and looks for those of `record`'s observations, those of
    //! `tableOrder` first in that order (the view's rows; may be empty or partial), then the
    //! rest in the record's order. `first` (the selected row) goes before all.
    void setRecord(
        const CuratedRecord &record, const QStringList &tableOrder = {}, const QString &first = {});
    //! No record is shown: everything dropped, the work stopped.
    void clear();
    //! `observations` of `record` changed (a correction, an undo): their suggestions are looked
    //! for again, for those that still want some.
    void observationsChanged(const CuratedRecord &record, const QStringList &observations);
    //! Looks for this observation's suggestions next, if they are still to come.
    void prioritize(const QString &observation);
    //! Reads, on the worker, whether the works index changed since the suggestions were looked
    //! for (another program imported a works list); says so by worksIndexChanged().
    void checkIndex();

    Status status(const QString &observation) const;
    //! The suggestions of an observation once Ready; null before.
    const ObservationSuggestions *suggestions(const QString &observation) const;
    //! Why the index could not be asked (Status::Failed).
    QString error() const { return m_error; }
    //! Suggestions are still being looked for.
    bool isBusy() const { return m_running; }
    //! Whether the works index was found empty (then every status is IndexEmpty).
    bool indexEmpty() const { return m_indexEmpty; }
    //! Whether a works list was imported (the index holds more than the works the cache knows
    //! itself); true until the first run has looked.
    bool hasImportedLists() const { return m_importedLists; }
    //! Of `observations` of `record`, how many want suggestions not in yet.
    int pendingAmong(const CuratedRecord &record, const QStringList &observations) const;

    //! Whether an observation, as shown, wants suggestions: the State reason of attention (the
    //! one meaning of needs attention, Attention.h), as observationsToSuggest() has it.
    static bool wantsSuggestions(const Observation &observation);

    //! The team's ledger-server, asked (its /reconcile, docs/reconciliation.md) for the
    //! observations the cache's own index has no clear match for, as `suggest --server` does.
    struct TeamServer
    {
        QUrl url; // empty: none
        QString token; // for a server that wants one for /reconcile; may be empty
    };
    //! Where the team's server is: read on the GUI thread when a run starts (the sync settings).
    void setTeamServer(std::function<TeamServer()> source) { m_teamServer = std::move(source); }

Q_SIGNALS:
    //! What is known of these observations' suggestions changed: they came in, were dropped
    //! to be looked for again, or the index was found empty or could not be asked (then
    //! `observations` is empty: it concerns them all).
    void suggestionsChanged(const QStringList &observations);
    //! Every suggestion wanted is in (or the run failed).
    void idle();
    //! checkIndex() found the works index changed: the window looks for them all again.
    void worksIndexChanged();

public:
    struct Work; // what the GUI thread and the worker share (SuggestionProvider.cpp)
    struct Batch; // what a worker delivers

private:
    //! Starts a run over the shared queue; with `order`, the run first fills the queue with the
    //! record's observations that want suggestions, in that order.
    void startRun(std::optional<QStringList> order);
    void receive(int generation, const Batch &batch);
    void runFinished(int generation);

    QString m_cachePath;
    BackgroundJob::Queue m_queue { QStringLiteral("suggestions") }; // a run at a time, one core
    std::shared_ptr<Work> m_work;
    int m_generation = 0;
    bool m_running = false; // a run of the current generation
    bool m_hasRecord = false;
    QHash<QString, ObservationSuggestions> m_ready;
    bool m_indexEmpty = false;
    bool m_importedLists = true;
    QString m_sourcesStamp; // the works sources as the last run read them
    bool m_checking = false;
    bool m_checkAgain = false; // checkIndex() was asked while a run or a check was on
    QString m_error;
    std::function<TeamServer()> m_teamServer;
};

} // namespace LedgerCurator
