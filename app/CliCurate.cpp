// SPDX-License-Identifier: GPL-3.0-or-later
// Corrections: curate, undo and history.
#include "CliCommands.h"

#include "Cli.h"
#include "CliReview.h"
#include "CliSupport.h"
#include "CorrectionReport.h"
#include "CuratedRecord.h"
#include "CurationFieldInfo.h"
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

//! How to set the curator name, for the messages that need one.
const QString kHowToSetName = QStringLiteral(
    "set it with 'ledger-curator identity --name NAME' (or in the window: Edit > Settings)");

} // namespace

const QCommandLineOption kAuthorOption(QStringLiteral("author"),
    QStringLiteral("Who makes the correction: the configured curator name (see 'ledger-curator "
                   "identity'); another name only in a cache that has never synced."),
    QStringLiteral("NAME"));

bool lacksAuthor(const QCommandLineParser &parser)
{
    return !parser.isSet(kAuthorOption) && configuredCuratorName().isEmpty();
}

Error noCuratorName()
{
    return Error::badInput(QStringLiteral("no curator name is set, and a correction needs one: %1")
                               .arg(kHowToSetName));
}

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
    // The same rule as the window's name prompt and 'identity --name': a name with a space
    // could never be a sync token's name, so its corrections could never be sent.
    if (const QString problem = curatorNameProblem(author); !problem.isEmpty())
        return Error::badInput(QStringLiteral("--author %1: %2").arg(author, problem));
    auto curators = store.syncedCurators();
    if (!curators)
        return curators.error();
    if (!curators->isEmpty()) {
        // The servers this cache synced with take corrections only by their token's name.
        if (curators->contains(author))
            return author;
        return Error::badInput(
            QStringLiteral("--author %1: the cache %2 syncs as %3, and the server takes "
                           "corrections only by the name of its token: corrections by %1 could "
                           "never be sent; leave --author out or give --author %3")
                .arg(author, store.path(), curators->join(QStringLiteral(", "))));
    }
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

namespace {

//! ", resolving N concurrent corrections through M merge events" when the edit needed merges.
QString mergeNote(const WrittenEdit &edit)
{
    if (edit.resolvedHeads == 0)
        return {};
    if (edit.merges == 0)
        return QStringLiteral(", resolving %1 concurrent corrections").arg(edit.resolvedHeads);
    return QStringLiteral(", resolving %1 concurrent corrections through %2 merge events")
        .arg(edit.resolvedHeads)
        .arg(edit.merges);
}

} // namespace

Result<WrittenCorrections> recordEdits(Store &store, const CuratedRecord &curated,
    const QList<FieldEdit> &edits, const QString &author)
{
    // Nothing to sign when nothing changes: the key is loaded (made) only for a real edit.
    const bool any = std::any_of(edits.cbegin(), edits.cend(),
        [&curated](const FieldEdit &edit) { return !editChangesNothing(curated, edit); });
    SigningKey key;
    if (any) {
        auto loaded = loadCuratorKey(author);
        if (!loaded)
            return Error::failure(QStringLiteral("nothing recorded: the signing key of %1 could "
                                                 "not be loaded: %2")
                                      .arg(author, loaded.error().toString()));
        key = *loaded;
    }
    CorrectionWriter writer(store, author, key);
    return writer.write(curated, edits);
}

QString describeValue(
    CurationField field, const std::optional<QString> &value, const Observation &upstream)
{
    return describeCorrectionValue(field, value, upstream);
}

QString describeChange(const WrittenEdit &change, const Observation &upstream)
{
    const CurationField field = change.edit.field;
    const QString key = curationFieldKey(field);
    if (!change.recorded())
        return QStringLiteral("%1 is already %2; nothing to record")
            .arg(key, describeValue(field, change.before, upstream));
    return QStringLiteral("%1: %2 -> %3 (correction %4)%5")
        .arg(key, describeValue(field, change.before, upstream),
            describeValue(field, change.edit.value, upstream), change.correction,
            mergeNote(change));
}

namespace {

//! The observation that curate, undo and history work on, named by their RECORD and
//! OBSERVATION arguments, with the cache it was found in (left open to store corrections).
struct ObservationArguments
{
    std::unique_ptr<Store> store;
    CuratedRecord curated;
    const Observation *upstream = nullptr;
    QString observation;
    //! undo and history: the notice whose review observation OBSERVATION names (upstream is
    //! null then), and what its review's values are described against (reviewUpstreamOf()).
    std::optional<RecordNotice> notice;
    Observation reviewUpstream;
    //! What the corrections' values are described against.
    const Observation &base() const { return upstream ? *upstream : reviewUpstream; }
};

//! Adds RECORD and OBSERVATION, the first arguments of curate, undo and history.
void observationOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
    parser.addPositionalArgument(
        QStringLiteral("OBSERVATION"), QStringLiteral("UUID of the observation."));
}

//! Whether OBSERVATION may name a notice instead: its review observation's UUID, or NOTICE as
//! `review` takes it (undo and history of a review).
enum class NoticeArgument { Refused, Accepted };

//! Opens the cache and finds the RECORD and OBSERVATION named on the command line; on failure
//! reports it and sets *status.
std::optional<ObservationArguments> openObservation(const QCommandLineParser &parser,
    QTextStream &err, int *status, NoticeArgument notices = NoticeArgument::Refused)
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
    auto target = std::make_optional(ObservationArguments { std::move(store), std::move(*curated),
        nullptr, args[2].trimmed().toLower(), std::nullopt, {} });
    target->upstream = target->curated.upstream.findObservation(target->observation);
    if (target->upstream)
        return target;
    const QString &record = target->curated.upstream.arxivId;
    const QString noObservation
        = QStringLiteral("record %1 has no observation '%2' (see 'ledger-curator show %1')")
              .arg(record, args[2]);
    if (notices == NoticeArgument::Refused) {
        *status = report(Error::badInput(noObservation), err);
        return std::nullopt;
    }
    auto all = target->store->notices();
    if (!all) {
        *status = report(all.error(), err);
        return std::nullopt;
    }
    const NoticeIndex byWork = noticesByWork(*all);
    const QList<RecordNotice> ofRecord = recordNotices(target->curated, byWork);
    std::optional<RecordNotice> notice = noticeOfReviewObservation(ofRecord, target->observation);
    if (!notice && !isUuid(target->observation)) {
        auto found = findRecordNotice(ofRecord, args[2], record, byWork);
        if (!found) {
            *status = report(found.error(), err);
            return std::nullopt;
        }
        notice = std::move(*found);
    }
    if (!notice) {
        *status = report(Error::badInput(noObservation
                             + QStringLiteral(", nor a notice whose review it keeps (see "
                                              "'ledger-curator notices %1')")
                                   .arg(record)),
            err);
        return std::nullopt;
    }
    target->observation = noticeReviewObservation(notice->ref);
    target->reviewUpstream = reviewUpstreamOf(*notice);
    target->notice = std::move(notice);
    return target;
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

namespace {

//! Why the observation, with `changes` applied, would be verified against nothing (the panel's
//! rule, verifiedWithoutGrounds()): empty when it would not be, or a note says why.
QString groundlessVerification(
    const CuratedRecord &curated, const QString &id, const QList<FieldEdit> &changes)
{
    const Observation *shown = curated.shown.findObservation(id);
    const Observation *upstream = curated.upstream.findObservation(id);
    if (!shown || !upstream)
        return {};
    // A field's value once the changes are made: the change's, else the shown one (stored form).
    auto after = [&](CurationField field) {
        for (const FieldEdit &c : changes) {
            if (c.field == field)
                return c.value ? *c.value : upstreamValue(*upstream, field);
        }
        return curationFieldInfo(field).stored(*shown);
    };
    const auto state = parseState(after(CurationField::State));
    if (!state
        || !verifiedWithoutGrounds(
            *state, after(CurationField::Basis), after(CurationField::Identifier))
        || !after(CurationField::Note).trimmed().isEmpty())
        return {};
    return QStringLiteral("curate: verified with no resolver link and no identifier says nothing "
                          "of what the link was verified against: give identifier=ID, or "
                          "note=TEXT saying why it is right");
}

} // namespace

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
    QList<FieldEdit> changes;
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
                    "reference, note, duplicate-of, excluded, review or dismissed-hints")
                    .arg(assignment.left(equals)),
                err);
        if (std::any_of(changes.cbegin(), changes.cend(),
                [&field](const FieldEdit &c) { return c.field == *field; }))
            return usage(
                QStringLiteral("curate: %1 is given twice").arg(curationFieldKey(*field)), err);
        const CurationValue value = normalizeCurationValue(
            *field, assignment.mid(equals + 1), curated.upstream, target->observation);
        if (!value.ok())
            return report(Error::badInput(
                              QStringLiteral("%1: %2").arg(curationFieldKey(*field), value.error)),
                err);
        changes.append(FieldEdit { target->observation, *field, value.value });
    }
    if (const QString why = groundlessVerification(curated, target->observation, changes);
        !why.isEmpty())
        return report(Error::badInput(why), err);
    auto recorded = recordEdits(*target->store, curated, changes, *author);
    if (!recorded)
        return report(recorded.error(), err);
    for (const WrittenEdit &change : std::as_const(recorded->edits))
        out << terminalSafe(describeChange(change, target->base())) << Qt::endl;
    if (recorded->recordedNothing())
        out << "nothing to record: every value given is already shown" << Qt::endl;
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

namespace {

//! The fields one undo takes back: `field`; for the review of a notice, also its note when the
//! same decision set it (same author, same time: what `review` writes at once).
QList<CurationField> fieldsToUndo(const ObservationArguments &target, CurationField field)
{
    QList<CurationField> fields { field };
    if (!target.notice || field != CurationField::Review)
        return fields;
    const FieldState *review = target.curated.field(target.observation, CurationField::Review);
    const FieldState *note = target.curated.field(target.observation, CurationField::ReviewNote);
    if (review && note && review->hasEvents() && note->hasEvents()
        && review->heads.first().createdAt == note->heads.first().createdAt
        && review->heads.first().author == note->heads.first().author)
        fields.append(CurationField::ReviewNote);
    return fields;
}

} // namespace

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
    auto target = openObservation(parser, err, &status, NoticeArgument::Accepted);
    if (!target)
        return status;
    auto author = authorFor(parser, *target->store);
    if (!author)
        return report(author.error(), err);
    QList<FieldEdit> edits;
    QStringList undoneIds; // the correction each edit takes back
    QStringList lines;
    for (const CurationField undone : fieldsToUndo(*target, *field)) {
        const FieldState *state = target->curated.field(target->observation, undone);
        if (!state) {
            lines.append(QStringLiteral("%1 of %2 has no correction to undo")
                             .arg(curationFieldKey(undone), target->observation));
            continue;
        }
        const CorrectionEvent &winner = state->heads.first();
        edits.append(FieldEdit { target->observation, undone,
            valueBefore(target->curated.fieldEvents(target->observation, undone), winner.id) });
        undoneIds.append(winner.id);
    }
    auto recorded = recordEdits(*target->store, target->curated, edits, *author);
    if (!recorded)
        return report(recorded.error(), err);
    for (qsizetype i = 0; i < recorded->edits.size(); ++i) {
        const WrittenEdit &edit = recorded->edits.at(i);
        const QString key = curationFieldKey(edit.edit.field);
        if (!edit.recorded()) {
            lines.append(QStringLiteral("undoing correction %1 of %2 changes nothing shown (%2 "
                                        "is %3); nothing to record")
                             .arg(undoneIds.at(i), key,
                                 describeValue(edit.edit.field, edit.before, target->base())));
            continue;
        }
        lines.append(QStringLiteral("undid correction %1: %2 %3 -> %4 (correction %5)%6")
                         .arg(undoneIds.at(i), key,
                             describeValue(edit.edit.field, edit.before, target->base()),
                             describeValue(edit.edit.field, edit.edit.value, target->base()),
                             edit.correction, mergeNote(edit)));
    }
    if (target->notice)
        out << "review of notice " << terminalSafe(target->notice->label()) << " on "
            << terminalSafe(target->curated.upstream.arxivId) << ":" << Qt::endl;
    for (const QString &line : std::as_const(lines))
        out << terminalSafe(line) << Qt::endl;
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
    auto target = openObservation(parser, err, &status, NoticeArgument::Accepted);
    if (!target)
        return status;
    const QList<CorrectionEvent> history = target->curated.history(target->observation);
    QJsonArray array;
    if (!parser.isSet(kJsonOption)) {
        if (target->notice)
            out << "Review of notice " << terminalSafe(target->notice->label())
                << " on arXiv:" << terminalSafe(target->curated.upstream.arxivId)
                << " (observation " << terminalSafe(target->observation) << ", covering "
                << target->notice->observations.size()
                << (target->notice->observations.size() == 1 ? " observation" : " observations")
                << "): ";
        else
            out << "Observation " << terminalSafe(target->observation)
                << " of arXiv:" << terminalSafe(target->curated.upstream.arxivId) << ": ";
        out << history.size() << (history.size() == 1 ? " correction" : " corrections") << Qt::endl;
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
        out << terminalSafe(e.createdAt) << "  " << terminalSafe(e.author)
            << (e.isSigned() ? "" : " (unsigned)") << "  " << curationFieldKey(e.field) << ": "
            << terminalSafe(describeValue(e.field, before, target->base())) << " -> "
            << terminalSafe(describeValue(e.field, e.value, target->base())) << "  ["
            << terminalSafe(e.id) << "]" << Qt::endl;
    }
    if (parser.isSet(kJsonOption)) {
        out << terminalSafeJson(QJsonDocument(array).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    for (CurationField field : kAllCurationFields) {
        const FieldState *state = target->curated.field(target->observation, field);
        if (state && state->isConflict()) {
            QStringList values;
            for (const auto &head : state->heads)
                values.append(
                    QStringLiteral("%1 by %2")
                        .arg(describeValue(field, head.value, target->base()), head.author));
            out << "conflict on " << curationFieldKey(field) << ": "
                << terminalSafe(values.join(QStringLiteral("; ")))
                << (target->notice ? " (shown: the first; resolve with 'ledger-curator review')"
                                   : " (shown: the first; resolve with 'ledger-curator curate')")
                << Qt::endl;
        }
    }
    return ExitOk;
}

} // namespace LedgerCurator::Cli
