// SPDX-License-Identifier: GPL-3.0-or-later
// Match suggestions (docs/works.md): suggest, its --accept-matches batch and the
// batch's undo.
#include "CliCommands.h"

#include "CacheWorks.h"
#include "Cli.h"
#include "CliReview.h"
#include "CliSupport.h"
#include "CurationLog.h"
#include "HelperThread.h"
#include "MatchSuggestions.h"
#include "ReconcileClient.h"
#include "Store.h"
#include "WorksIndex.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <atomic>

namespace LedgerCurator::Cli {

namespace {

const QCommandLineOption kLimitOption(QStringLiteral("limit"),
    QStringLiteral("At most N candidates per observation (1 to 20; 5 if not given)."),
    QStringLiteral("N"), QStringLiteral("5"));
const QCommandLineOption kAcceptOption(QStringLiteral("accept-matches"),
    QStringLiteral("Record every clear match (outbound and malformed identifiers) as corrections: "
                   "the identifier, the state verified fuzzy and a note, in one batch."));
const QCommandLineOption kUndoOption(QStringLiteral("undo-matches"),
    QStringLiteral("Take back the last --accept-matches batch of RECORD, every field it set "
                   "that nobody has changed since."));

const QCommandLineOption kServerOption(QStringLiteral("server"),
    QStringLiteral("Also ask this ledger-server's works index (its W3C reconciliation service, "
                   "docs/reconciliation.md) for the observations the cache's own index has no "
                   "clear match for."),
    QStringLiteral("URL"));
const QCommandLineOption kTokenFileOption(QStringLiteral("token-file"),
    QStringLiteral("With --server: a file whose first line is the token, for a server that wants "
                   "one for /reconcile (else $LEDGER_TOKEN, if set)."),
    QStringLiteral("FILE"));

//! Asks the server for the suggestions with no clear match (titles only: an identifier is the
//! cache's own business) and ranks what it has with what the cache had. A server that cannot be
//! asked is told on `err`; the cache's candidates stand.
void askServer(const QCommandLineParser &parser, QList<ObservationSuggestions> &suggestions,
    int limit, QTextStream &err)
{
    QList<qsizetype> asked;
    QList<MatchQuery> queries;
    for (qsizetype i = 0; i < suggestions.size(); ++i) {
        const ObservationSuggestions &s = suggestions[i];
        if (s.kind == SuggestionKind::NearestIdentifier
            || (!s.candidates.isEmpty() && s.candidates.first().match))
            continue;
        asked += i;
        queries += s.query;
    }
    if (queries.isEmpty())
        return;
    ReconcileOptions options;
    options.service = QUrl(parser.value(kServerOption));
    options.limit = limit;
    if (parser.isSet(kTokenFileOption)) {
        QFile file(parser.value(kTokenFileOption));
        if (!file.open(QIODevice::ReadOnly)) {
            err << "ledger-curator: suggest: cannot read the token file "
                << terminalSafe(file.fileName()) << ": " << file.errorString()
                << "; the cache's candidates only" << Qt::endl;
            return;
        }
        options.token = QString::fromUtf8(file.readLine()).trimmed();
    } else {
        options.token = qEnvironmentVariable("LEDGER_TOKEN").trimmed();
    }
    ReconcileClient client(options);
    auto answered = client.reconcile(queries);
    if (!answered) {
        err << "ledger-curator: suggest: the server "
            << terminalSafe(options.service.toDisplayString())
            << " could not be asked: " << terminalSafe(answered.error().toString())
            << "; the cache's candidates only" << Qt::endl;
        return;
    }
    for (qsizetype k = 0; k < asked.size(); ++k) {
        ObservationSuggestions &s = suggestions[asked[k]];
        // scored again here, on the title the server gives, so that its candidates and the
        // cache's are ranked by the one rule
        mergeCandidates(s.candidates, s.query, answered->at(k), QStringLiteral("server"), limit);
    }
}

//! The suggestions of `ids`, in that order. Each observation is a query or two on the works
//! index, independent of the others: with many, a second thread takes its share on a
//! connection of its own (a Store opened on the same cache, read only from its thread), so
//! that both cores work.
Result<QList<ObservationSuggestions>> suggestAll(
    Store &store, const CuratedRecord &curated, const QStringList &ids, int limit)
{
    constexpr qsizetype kWorthAThread = 64;
    QList<ObservationSuggestions> suggestions(ids.size());
    QHash<QString, const Observation *> byId; // (a record's list, searched once per id, is slow)
    byId.reserve(curated.shown.observations.size());
    for (const Observation &o : curated.shown.observations)
        byId.insert(o.id, &o);
    std::atomic<qsizetype> next { 0 };
    auto work = [&](const WorksIndex &index) {
        for (qsizetype i = next++; i < ids.size(); i = next++)
            suggestions[i] = suggestFor(curated, *byId.value(ids[i]), index, limit);
    };
    QString helperError;
    Threads::HelperThread helper;
    if (ids.size() >= kWorthAThread && Threads::helperWorthIt()) {
        helper.start([&] {
            Store own(store.path());
            if (auto opened = own.open(); !opened) {
                helperError = opened.error().toString();
                return; // this thread does them all
            }
            work(cacheWorksForSearch(own)); // on its connection, opened on this thread
        });
    }
    work(cacheWorksForSearch(store)); // one query per observation on this connection
    helper.join();
    if (!helperError.isEmpty()) // its share was done here
        qWarning("ledger-curator: suggest: a second connection to the cache could not be "
                 "opened (%s); the observations were looked up on one thread",
            qPrintable(helperError));
    for (const ObservationSuggestions &s : std::as_const(suggestions)) {
        if (!s.error.isEmpty())
            return Error::failure(
                QStringLiteral("suggest: the works index could not be asked: %1").arg(s.error));
    }
    return suggestions;
}

//! The meta entry that keeps the record's last batch of accepted matches: the ids of its edit
//! events, one per line, after a first line with the author and the time.
QString batchKey(const QString &record)
{
    return QStringLiteral("suggest/accepted/") + record;
}

QString featureText(const Candidate &c)
{
    QStringList parts;
    if (const QVariant similarity = c.feature(QString::fromLatin1(kFeatureTitleSimilarity));
        similarity.isValid())
        parts += QStringLiteral("title %1").arg(similarity.toDouble());
    if (const QVariant distance = c.feature(QString::fromLatin1(kFeatureIdDistance));
        distance.isValid())
        parts += QStringLiteral("%1 edits from the identifier").arg(distance.toInt());
    if (!c.missingWords.isEmpty())
        parts += QStringLiteral("missing: ") + c.missingWords.join(QStringLiteral(" "));
    if (!c.extraWords.isEmpty())
        parts += QStringLiteral("extra: ") + c.extraWords.join(QStringLiteral(" "));
    if (c.year)
        parts += QString::number(*c.year);
    return parts.join(QStringLiteral("; "));
}

QString kindText(SuggestionKind kind)
{
    switch (kind) {
    case SuggestionKind::CitedWork:
        return QStringLiteral("cited work");
    case SuggestionKind::CitingPaper:
        return QStringLiteral("citing paper");
    case SuggestionKind::NearestIdentifier:
        return QStringLiteral("identifier");
    }
    return {};
}

QJsonObject suggestionJson(const ObservationSuggestions &s)
{
    QJsonArray candidates;
    for (const Candidate &c : s.candidates)
        candidates.append(candidateJson(c));
    QJsonObject out { { QStringLiteral("observation"), s.observation },
        { QStringLiteral("kind"), suggestionKindKey(s.kind) },
        { QStringLiteral("query"), s.query.title }, { QStringLiteral("candidates"), candidates } };
    if (!s.error.isEmpty())
        out.insert(QStringLiteral("error"), s.error);
    return out;
}

int acceptMatches(QCommandLineParser &parser, Store &store, const CuratedRecord &curated,
    const QList<ObservationSuggestions> &suggestions, QTextStream &out, QTextStream &err)
{
    // Each value checked and in its stored form, as curate and the window store it.
    QString refused;
    const QList<FieldEdit> edits
        = checkedSuggestionEdits(curated, clearMatchEdits(curated, suggestions), &refused);
    if (!refused.isEmpty())
        return report(Error::badInput(
                          QStringLiteral("nothing recorded: a match is refused: %1").arg(refused)),
            err);
    if (edits.isEmpty()) {
        out << "no clear match to accept" << Qt::endl;
        return ExitOk;
    }
    auto author = authorFor(parser, store);
    if (!author)
        return report(author.error(), err);
    auto recorded = recordEdits(store, curated, edits, *author);
    if (!recorded)
        return report(recorded.error(), err);
    if (recorded->recordedNothing()) {
        out << "nothing to record: the clear matches are already recorded" << Qt::endl;
        return ExitOk;
    }
    // The batch's edit events (not their merges), for --undo-matches.
    QStringList batch { *author + QLatin1Char(' ') + recorded->events.constLast().createdAt };
    QSet<QString> changed;
    for (const WrittenEdit &edit : std::as_const(recorded->edits)) {
        if (!edit.recorded())
            continue;
        batch.append(edit.correction);
        changed.insert(edit.edit.observation);
    }
    if (auto kept = store.setMeta(batchKey(curated.upstream.arxivId), batch.join(u'\n')); !kept)
        return report(kept.error(), err);
    int accepted = 0;
    for (const ObservationSuggestions &s : suggestions) {
        if (!changed.contains(s.observation))
            continue;
        const Candidate &c = s.candidates.first();
        ++accepted;
        out << terminalSafe(s.observation) << ": matched to " << terminalSafe(c.id) << ", score "
            << c.score << " (" << terminalSafe(c.name) << ")" << Qt::endl;
    }
    out << "accepted " << accepted << (accepted == 1 ? " match" : " matches") << " ("
        << batch.size() - 1 << " corrections); take them back with 'ledger-curator suggest "
        << curated.upstream.arxivId << " --undo-matches'" << Qt::endl;
    return ExitOk;
}

int undoMatches(QCommandLineParser &parser, Store &store, const CuratedRecord &curated,
    QTextStream &out, QTextStream &err)
{
    const QString key = batchKey(curated.upstream.arxivId);
    auto kept = store.meta(key);
    if (!kept)
        return report(kept.error(), err);
    const QStringList lines = kept->split(u'\n', Qt::SkipEmptyParts);
    if (lines.size() < 2)
        return report(Error::badInput(QStringLiteral("suggest --undo-matches: no batch of "
                                                     "accepted matches of %1 to take back")
                                          .arg(curated.upstream.arxivId)),
            err);
    auto author = authorFor(parser, store);
    if (!author)
        return report(author.error(), err);
    const QSet<QString> batch(lines.cbegin() + 1, lines.cend());
    QList<FieldEdit> edits;
    int changedSince = 0;
    for (const auto &[fieldKey, state] : curated.fields) {
        if (state.heads.isEmpty() || !batch.contains(state.heads.first().id))
            continue;
        if (state.heads.size() > 1) {
            ++changedSince;
            continue;
        }
        const QString observation = state.heads.first().observation;
        const CurationField field = state.heads.first().field;
        edits.append(FieldEdit { observation, field,
            valueBefore(curated.fieldEvents(observation, field), state.heads.first().id) });
    }
    // fields of the batch whose head is no longer the batch's edit: changed since, left as is
    for (const QString &id : batch) {
        bool head = false;
        for (const auto &[fieldKey, state] : curated.fields) {
            for (const CorrectionEvent &h : state.heads)
                head = head || h.id == id;
        }
        if (!head)
            ++changedSince;
    }
    auto recorded = recordEdits(store, curated, edits, *author);
    if (!recorded)
        return report(recorded.error(), err);
    const auto undone = std::count_if(recorded->edits.cbegin(), recorded->edits.cend(),
        [](const WrittenEdit &edit) { return edit.recorded(); });
    if (auto cleared = store.setMeta(key, QStringLiteral("")); !cleared)
        return report(cleared.error(), err);
    out << "took back " << undone << (undone == 1 ? " correction" : " corrections")
        << " of the batch of " << terminalSafe(lines.first());
    if (changedSince > 0)
        out << "; " << changedSince << " changed since, left as they are";
    out << Qt::endl;
    return ExitOk;
}

} // namespace

void suggestOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
    parser.addPositionalArgument(QStringLiteral("OBSERVATION"),
        QStringLiteral("UUIDs of observations; if none, every one in a problem state."),
        QStringLiteral("[OBSERVATION...]"));
    parser.addOption(kLimitOption);
    parser.addOption(kJsonOption);
    parser.addOption(kAcceptOption);
    parser.addOption(kUndoOption);
    parser.addOption(kServerOption);
    parser.addOption(kTokenFileOption);
    parser.addOption(kAuthorOption);
}

int runSuggest(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() < 2)
        return usage(QStringLiteral("suggest: name RECORD"), err, QStringLiteral("suggest"));
    bool numeric = false;
    const int limit = parser.value(kLimitOption).toInt(&numeric);
    if (!numeric || limit < 1 || limit > 20)
        return usage(QStringLiteral("suggest: --limit takes a number from 1 to 20, not '%1'")
                         .arg(parser.value(kLimitOption)),
            err, QStringLiteral("suggest"));
    const bool accept = parser.isSet(kAcceptOption);
    const bool undo = parser.isSet(kUndoOption);
    if (accept && undo)
        return usage(QStringLiteral("suggest: --accept-matches and --undo-matches do not go "
                                    "together"),
            err, QStringLiteral("suggest"));
    if (undo && args.size() > 2)
        return usage(QStringLiteral("suggest --undo-matches: name only RECORD"), err,
            QStringLiteral("suggest"));
    if ((accept || undo) && lacksAuthor(parser))
        return report(noCuratorName(), err);
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto curated = loadRecordArgument(*store, args[1]);
    if (!curated)
        return report(curated.error(), err);
    if (undo)
        return undoMatches(parser, *store, *curated, out, err);

    QStringList ids;
    for (const QString &named : args.mid(2)) {
        const QString id = named.trimmed().toLower();
        if (!curated->shown.findObservation(id))
            return report(Error::badInput(QStringLiteral("record %1 has no observation '%2' (see "
                                                         "'ledger-curator show %1')")
                                              .arg(curated->upstream.arxivId, named)),
                err);
        ids += id;
    }
    if (args.size() == 2)
        ids = observationsToSuggest(*curated);

    // the works the cache knows (record papers, resolved identifiers) first brought up to date
    if (auto refreshed = refreshCacheWorks(*store); !refreshed)
        return report(refreshed.error(), err);
    auto found = suggestAll(*store, *curated, ids, limit);
    if (!found)
        return report(found.error(), err);
    QList<ObservationSuggestions> suggestions = std::move(*found);
    if (parser.isSet(kServerOption))
        askServer(parser, suggestions, limit, err);
    if (accept)
        return acceptMatches(parser, *store, *curated, suggestions, out, err);

    if (parser.isSet(kJsonOption)) {
        QJsonArray array;
        for (const ObservationSuggestions &s : std::as_const(suggestions))
            array.append(suggestionJson(s));
        out << terminalSafeJson(QJsonDocument(array).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    if (suggestions.isEmpty()) {
        out << "no observation of " << curated->upstream.arxivId
            << " is in a problem state; name observations to look them up" << Qt::endl;
        return ExitOk;
    }
    for (const ObservationSuggestions &s : std::as_const(suggestions)) {
        const Observation *o = curated->shown.findObservation(s.observation);
        out << terminalSafe(s.observation) << " (" << stateKey(o->state) << ", " << kindText(s.kind)
            << "): " << terminalSafe(s.query.title) << Qt::endl;
        if (s.candidates.isEmpty())
            out << "  no candidates" << Qt::endl;
        for (qsizetype i = 0; i < s.candidates.size(); ++i) {
            const Candidate &c = s.candidates[i];
            out << "  " << (i + 1) << ". " << terminalSafe(c.id) << "  " << c.score
                << (c.match ? "  match" : "") << "  " << terminalSafe(c.name) << Qt::endl
                << "     " << terminalSafe(featureText(c)) << Qt::endl;
        }
    }
    return ExitOk;
}

} // namespace LedgerCurator::Cli
