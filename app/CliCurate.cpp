// SPDX-License-Identifier: GPL-3.0-or-later
// Corrections: curate, undo and history.
#include "CliCommands.h"

#include "Cli.h"
#include "CliSupport.h"
#include "CuratedRecord.h"
#include "CurationLog.h"
#include "CurationSession.h"
#include "EventSignature.h"
#include "Store.h"
#include "TextHygiene.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace LedgerCurator::Cli {

namespace {

const QCommandLineOption kAuthorOption(QStringLiteral("author"),
    QStringLiteral("Who makes the correction: the configured curator name (see 'ledger-curator "
                   "identity'); another name only in a cache that has never synced."),
    QStringLiteral("NAME"));

//! How to set the curator name, for the messages that need one.
const QString kHowToSetName = QStringLiteral(
    "set it with 'ledger-curator identity --name NAME' (or in the window: Edit > Settings)");

//! Neither --author nor a configured name: told before the cache is opened.
bool lacksAuthor(const QCommandLineParser &parser)
{
    return !parser.isSet(kAuthorOption) && configuredCuratorName().isEmpty();
}

Error noCuratorName()
{
    return Error::badInput(QStringLiteral("no curator name is set, and a correction needs one: %1")
                               .arg(kHowToSetName));
}

//! The author of the corrections: the configured curator name. --author may repeat it, or name
//! someone else in a cache that has never synced (a scratch cache, a test); once a cache has
//! synced, its corrections go to a server that takes only the name its token was issued to, and
//! the signing key is the configured curator's.
Result<QString> authorFor(const QCommandLineParser &parser, const Store &store)
{
    const QString configured = configuredCuratorName();
    if (!parser.isSet(kAuthorOption))
        return configured.isEmpty() ? Result<QString>(noCuratorName()) : configured;
    const QString author = parser.value(kAuthorOption).trimmed();
    if (author.isEmpty() || author.contains(u'\n'))
        return Error::badInput(QStringLiteral("--author needs a name on one line"));
    if (const auto problem = findTextProblem(author))
        return Error::badInput(QStringLiteral("--author: the name %1").arg(problem->message()));
    if (author == configured)
        return author;
    auto synced = store.hasSynced();
    if (!synced)
        return synced.error();
    if (!*synced)
        return author;
    if (configured.isEmpty())
        return Error::badInput(
            QStringLiteral("--author %1: the cache %2 has synced with a server, so its "
                           "corrections are by the configured curator, and none is set: %3")
                .arg(author, store.path(), kHowToSetName));
    return Error::badInput(
        QStringLiteral("--author %1 is not the configured curator name (%2), and the cache %3 "
                       "has synced with a server, which takes corrections only by the name of "
                       "its token: leave --author out, or change the name with "
                       "'ledger-curator identity --name NAME'")
            .arg(author, configured, store.path()));
}

//! Signs the events where they are made, with the author's key (made on first use).
Status signAll(QList<CorrectionEvent> &events, const QString &author)
{
    auto key = loadCuratorKey(author);
    if (!key)
        return Error::failure(QStringLiteral("nothing recorded: the signing key of %1 could not "
                                             "be loaded: %2")
                                  .arg(author, key.error().toString()));
    for (CorrectionEvent &event : events)
        signEvent(event, *key);
    return {};
}

QString describeValue(
    CurationField field, const std::optional<QString> &value, const Observation &upstream)
{
    if (value)
        return displayValue(field, value);
    const QString original = upstreamValue(upstream, field);
    return original.isEmpty() ? QStringLiteral("(upstream: none)")
                              : QStringLiteral("%1 (upstream)").arg(original);
}

//! The observation that curate, undo and history work on, named by their RECORD and
//! OBSERVATION arguments, with the cache it was found in (left open to store corrections).
struct ObservationArguments
{
    std::unique_ptr<Store> store;
    CuratedRecord curated;
    const Observation *upstream = nullptr;
    QString observation;
};

//! Adds RECORD and OBSERVATION, the first arguments of curate, undo and history.
void observationOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
    parser.addPositionalArgument(
        QStringLiteral("OBSERVATION"), QStringLiteral("UUID of the observation."));
}

//! Opens the cache and finds the RECORD and OBSERVATION named on the command line; on failure
//! reports it and sets *status.
std::optional<ObservationArguments> openObservation(
    const QCommandLineParser &parser, QTextStream &err, int *status)
{
    const QStringList args = parser.positionalArguments();
    auto store = openStore(parser, err, status);
    if (!store)
        return std::nullopt;
    auto curated = loadRecordArgument(*store, args[1]);
    if (!curated) {
        *status = report(curated.error(), err);
        return std::nullopt;
    }
    ObservationArguments target { std::move(store), std::move(*curated), nullptr,
        args[2].trimmed().toLower() };
    target.upstream = target.curated.upstream.findObservation(target.observation);
    if (!target.upstream) {
        *status = report(Error::badInput(QStringLiteral(
                             "record %1 has no observation '%2' (see 'ledger-curator show %1')")
                                             .arg(target.curated.upstream.arxivId, args[2])),
            err);
        return std::nullopt;
    }
    return target;
}

//! ", resolving N concurrent corrections through M merge events" when the edit needed merges.
QString mergeNote(const FieldState &state, const QList<CorrectionEvent> &made)
{
    if (made.size() < 2)
        return {};
    return QStringLiteral(", resolving %1 concurrent corrections through %2 merge events")
        .arg(state.heads.size())
        .arg(made.size() - 1);
}

} // namespace

// --- curate --------------------------------------------------------------------------------------

void curateOptions(QCommandLineParser &parser)
{
    observationOptions(parser);
    parser.addPositionalArgument(QStringLiteral("FIELD=VALUE"),
        QStringLiteral("state, basis, identifier, title, reference, note, duplicate-of, "
                       "excluded or review; FIELD= goes back to upstream."),
        QStringLiteral("FIELD=VALUE..."));
    parser.addOption(kAuthorOption);
}

int runCurate(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() < 4)
        return usage(
            QStringLiteral("curate: name RECORD, OBSERVATION and at least one FIELD=VALUE"), err);
    if (lacksAuthor(parser))
        return report(noCuratorName(), err);
    int status = ExitOk;
    auto target = openObservation(parser, err, &status);
    if (!target)
        return status;
    auto author = authorFor(parser, *target->store);
    if (!author)
        return report(author.error(), err);
    const CuratedRecord &curated = target->curated;

    // Check every assignment before writing anything.
    QList<CorrectionEvent> events;
    QStringList lines;
    const QString now = nowUtc(target->store->clockCorrectionMs());
    QList<CurationField> seen;
    for (const QString &assignment : args.mid(3)) {
        const qsizetype equals = assignment.indexOf(u'=');
        if (equals <= 0)
            return usage(
                QStringLiteral("curate: expected FIELD=VALUE, found '%1'").arg(assignment), err);
        const auto field = parseCurationField(assignment.left(equals).trimmed());
        if (!field)
            return usage(
                QStringLiteral(
                    "curate: unknown field '%1'; expected state, basis, identifier, title, "
                    "reference, note, duplicate-of, excluded or review")
                    .arg(assignment.left(equals)),
                err);
        if (seen.contains(*field))
            return usage(
                QStringLiteral("curate: %1 is given twice").arg(curationFieldKey(*field)), err);
        seen.append(*field);
        const CurationValue value = normalizeCurationValue(
            *field, assignment.mid(equals + 1), curated.upstream, target->observation);
        if (!value.ok())
            return report(Error::badInput(
                              QStringLiteral("%1: %2").arg(curationFieldKey(*field), value.error)),
                err);
        const FieldState *current = curated.field(target->observation, *field);
        const FieldState empty;
        const FieldState &state = current ? *current : empty;
        if (!state.isConflict() && state.value() == value.value) {
            lines.append(QStringLiteral("%1 is already %2; nothing recorded")
                             .arg(curationFieldKey(*field),
                                 describeValue(*field, value.value, *target->upstream)));
            continue;
        }
        const QList<CorrectionEvent> made = makeEditEvents(state, curated.upstream.arxivId,
            target->observation, *field, value.value, *author, now);
        lines.append(QStringLiteral("%1: %2 -> %3 (correction %4)%5")
                         .arg(curationFieldKey(*field),
                             describeValue(*field, state.value(), *target->upstream),
                             describeValue(*field, value.value, *target->upstream),
                             made.constLast().id, mergeNote(state, made)));
        events.append(made);
    }
    if (!events.isEmpty()) {
        if (auto signedAll = signAll(events, *author); !signedAll)
            return report(signedAll.error(), err);
        if (auto stored = target->store->addCorrections(events); !stored)
            return report(stored.error(), err);
    }
    for (const QString &line : std::as_const(lines))
        out << inert(line) << Qt::endl;
    return ExitOk;
}

// --- undo ----------------------------------------------------------------------------------------

void undoOptions(QCommandLineParser &parser)
{
    observationOptions(parser);
    parser.addPositionalArgument(
        QStringLiteral("FIELD"), QStringLiteral("The field whose last correction to undo."));
    parser.addOption(kAuthorOption);
}

int runUndo(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 4)
        return usage(QStringLiteral("undo: name RECORD, OBSERVATION and FIELD"), err);
    const auto field = parseCurationField(args[3].trimmed());
    if (!field)
        return usage(QStringLiteral("undo: unknown field '%1'").arg(args[3]), err);
    if (lacksAuthor(parser))
        return report(noCuratorName(), err);
    int status = ExitOk;
    auto target = openObservation(parser, err, &status);
    if (!target)
        return status;
    auto author = authorFor(parser, *target->store);
    if (!author)
        return report(author.error(), err);
    const FieldState *state = target->curated.field(target->observation, *field);
    if (!state) {
        out << curationFieldKey(*field) << " of " << target->observation
            << " has no correction to undo" << Qt::endl;
        return ExitOk;
    }
    const CorrectionEvent &winner = state->heads.first();
    const auto restored
        = valueBefore(target->curated.fieldEvents(target->observation, *field), winner.id);
    QList<CorrectionEvent> made = makeEditEvents(*state, target->curated.upstream.arxivId,
        target->observation, *field, restored, *author, nowUtc(target->store->clockCorrectionMs()));
    if (auto signedAll = signAll(made, *author); !signedAll)
        return report(signedAll.error(), err);
    if (auto stored = target->store->addCorrections(made); !stored)
        return report(stored.error(), err);
    out << "undid correction " << inert(winner.id) << ": " << curationFieldKey(*field) << " "
        << inert(describeValue(*field, state->value(), *target->upstream)) << " -> "
        << inert(describeValue(*field, restored, *target->upstream)) << " (correction "
        << made.constLast().id << ")" << mergeNote(*state, made) << Qt::endl;
    return ExitOk;
}

// --- history -------------------------------------------------------------------------------------

void historyOptions(QCommandLineParser &parser)
{
    observationOptions(parser);
    parser.addOption(kJsonOption);
}

int runHistory(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 3)
        return usage(QStringLiteral("history: name RECORD and OBSERVATION"), err);
    int status = ExitOk;
    auto target = openObservation(parser, err, &status);
    if (!target)
        return status;
    const QList<CorrectionEvent> history = target->curated.history(target->observation);
    QJsonArray array;
    if (!parser.isSet(kJsonOption)) {
        out << "Observation " << inert(target->observation)
            << " of arXiv:" << inert(target->curated.upstream.arxivId) << ": " << history.size()
            << (history.size() == 1 ? " correction" : " corrections") << Qt::endl;
    }
    for (const CorrectionEvent &e : history) {
        const auto fieldEvents = target->curated.fieldEvents(target->observation, e.field);
        const auto before = valueSeenBefore(fieldEvents, e);
        if (parser.isSet(kJsonOption)) {
            array.append(QJsonObject { { QStringLiteral("id"), e.id },
                { QStringLiteral("field"), curationFieldKey(e.field) },
                { QStringLiteral("from"), before ? QJsonValue(*before) : QJsonValue() },
                { QStringLiteral("value"), e.value ? QJsonValue(*e.value) : QJsonValue() },
                { QStringLiteral("parents"), QJsonArray::fromStringList(e.parents) },
                { QStringLiteral("author"), e.author },
                { QStringLiteral("created_at"), e.createdAt },
                { QStringLiteral("key_id"), e.isSigned() ? QJsonValue(e.keyId) : QJsonValue() },
                { QStringLiteral("signed"), e.isSigned() } });
            continue;
        }
        // An event from before signatures says so: it never outranks a signed one.
        // Every value from the log, the author's name included, shown inert: the log may come
        // from a server or an old cache.
        out << inert(e.createdAt) << "  " << inert(e.author) << (e.isSigned() ? "" : " (unsigned)")
            << "  " << curationFieldKey(e.field) << ": "
            << inert(describeValue(e.field, before, *target->upstream)) << " -> "
            << inert(describeValue(e.field, e.value, *target->upstream)) << "  [" << inert(e.id)
            << "]" << Qt::endl;
    }
    if (parser.isSet(kJsonOption)) {
        out << inertJson(QJsonDocument(array).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    for (CurationField field : kAllCurationFields) {
        const FieldState *state = target->curated.field(target->observation, field);
        if (state && state->isConflict()) {
            QStringList values;
            for (const auto &head : state->heads)
                values.append(
                    QStringLiteral("%1 by %2")
                        .arg(describeValue(field, head.value, *target->upstream), head.author));
            out << "conflict on " << curationFieldKey(field) << ": "
                << inert(values.join(QStringLiteral("; ")))
                << " (shown: the first; resolve with 'ledger-curator curate')" << Qt::endl;
        }
    }
    return ExitOk;
}

} // namespace LedgerCurator::Cli
