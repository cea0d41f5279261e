// SPDX-License-Identifier: GPL-3.0-or-later
// The records of the cache: import, list, show, check and remove.
#include "CliCommands.h"

#include "AnomalyHints.h"
#include "Cli.h"
#include "CliSupport.h"
#include "Identifier.h"
#include "PageFiles.h"
#include "RecordAttention.h"
#include "RecordJson.h"
#include "Store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace LedgerCurator::Cli {

namespace {

//! The breakdown of what needs attention (Attention.h), as list --json and check --json give it.
QJsonObject attentionJson(const AttentionCount &count)
{
    return QJsonObject { { QStringLiteral("observations"), count.observations },
        { QStringLiteral("problem_state"), count.states },
        { QStringLiteral("conflict"), count.conflicts },
        { QStringLiteral("anomaly_hint"), count.hints },
        { QStringLiteral("unreviewed_notice"), count.notices } };
}

//! ": 6 in a problem state, 5 with anomaly hints" (the command line's English), or "".
QString attentionText(const AttentionCount &count)
{
    const QStringList parts = attentionParts(count);
    return parts.isEmpty() ? QString() : QStringLiteral(": ") + parts.join(QStringLiteral(", "));
}

const QCommandLineOption kStateOption(QStringLiteral("state"),
    QStringLiteral("Only observations in STATE (repeatable)."), QStringLiteral("STATE"));

} // namespace

// --- import --------------------------------------------------------------------------------------

void importOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("FILE"),
        QStringLiteral("Ledger page text or record JSON."), QStringLiteral("FILE..."));
}

int runImport(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList files = parser.positionalArguments().mid(1);
    if (files.isEmpty())
        return usage(QStringLiteral("import: name at least one FILE"), err);
    // Read every file before the cache is touched.
    auto pages = readPageFiles(files);
    if (!pages)
        return report(pages.error(), err);
    for (qsizetype i = 0; i < pages->size(); ++i) {
        for (const auto &warning : std::as_const(pages->at(i).warnings)) {
            err << files[i];
            if (warning.line > 0)
                err << ':' << warning.line;
            err << ": warning: " << terminalSafe(warning.message) << Qt::endl;
        }
    }
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    QList<Record> records;
    for (const auto &page : std::as_const(*pages))
        records.append(page.record);
    // readPageFiles() checked every record (validateRecord()) as it read it.
    auto outcomes = store->importRecords(records, {}, RecordCheck::AlreadyValidated);
    if (!outcomes)
        return report(outcomes.error(), err);
    for (qsizetype i = 0; i < outcomes->size(); ++i) {
        const ImportOutcome &o = outcomes->at(i);
        const Record &record = records[i];
        out << (o.replaced ? "replaced " : "imported ") << terminalSafe(o.arxivId) << " v"
            << record.version << " (as of " << terminalSafe(record.asOf) << ", " << o.observations
            << " observations) from " << terminalSafe(files[i]);
        if (o.replaced)
            out << "; the page as of " << terminalSafe(o.previousAsOf) << " was replaced";
        out << Qt::endl;
    }
    return ExitOk;
}

// --- list ----------------------------------------------------------------------------------------

void listOptions(QCommandLineParser &parser)
{
    parser.addOption(kJsonOption);
}

int runList(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    if (parser.positionalArguments().size() > 1)
        return usage(QStringLiteral("list takes no arguments"), err);
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto summaries = store->recordSummaries();
    if (!summaries)
        return report(summaries.error(), err);
    if (auto counted = fillAttention(*store, *summaries); !counted)
        return report(counted.error(), err);
    if (parser.isSet(kJsonOption)) {
        QJsonArray array;
        for (const auto &s : std::as_const(*summaries)) {
            QJsonObject states;
            for (int i = 0; i < kResolutionStateCount; ++i)
                states.insert(stateKey(static_cast<ResolutionState>(i)), s.states[i]);
            array.append(QJsonObject { { QStringLiteral("arxiv_id"), s.arxivId },
                { QStringLiteral("version"), s.version }, { QStringLiteral("title"), s.title },
                { QStringLiteral("as_of"), s.asOf }, { QStringLiteral("inbound"), s.inbound },
                { QStringLiteral("outbound"), s.outbound },
                { QStringLiteral("needs_attention"), s.attention->observations },
                { QStringLiteral("attention"), attentionJson(*s.attention) },
                { QStringLiteral("states"), states } });
        }
        out << terminalSafeJson(QJsonDocument(array).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    if (summaries->isEmpty()) {
        out << "The cache " << store->path()
            << " holds no records; add one with 'ledger-curator import FILE'." << Qt::endl;
        return ExitOk;
    }
    out << padded(QStringLiteral("RECORD"), 18) << padded(QStringLiteral("AS OF"), 12)
        << padded(QStringLiteral("OUT"), 7) << padded(QStringLiteral("IN"), 9)
        << padded(QStringLiteral("ATTENTION"), 11) << "TITLE" << Qt::endl;
    for (const auto &s : std::as_const(*summaries)) {
        out << padded(
            terminalSafe(s.arxivId) + QStringLiteral(" v") + QString::number(s.version), 18)
            << padded(terminalSafe(s.asOf), 12) << padded(QString::number(s.outbound), 7)
            << padded(QString::number(s.inbound), 9)
            << padded(QString::number(s.attention->observations), 11) << terminalSafe(s.title)
            << Qt::endl;
    }
    return ExitOk;
}

// --- show ----------------------------------------------------------------------------------------

void showOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
    parser.addOption(kJsonOption);
    parser.addOption(kStateOption);
}

int runShow(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        return usage(QStringLiteral("show: name one RECORD"), err);
    QList<ResolutionState> states;
    for (const QString &value : parser.values(kStateOption)) {
        const auto state = parseState(value.trimmed());
        if (!state)
            return usage(QStringLiteral("show: unknown state '%1'; expected one of verified exact, "
                                        "verified fuzzy, unresolved, parse uncertain, malformed "
                                        "identifier, metadata mismatch")
                             .arg(value),
                err);
        states.append(*state);
    }
    int status = ExitOk;
    const auto curated = openRecord(parser, args[1], err, &status);
    if (!curated)
        return status;
    const Record *record = &curated->shown;
    QList<const Observation *> shown;
    for (const auto &o : std::as_const(record->observations)) {
        if (states.isEmpty() || states.contains(o.state))
            shown.append(&o);
    }
    if (parser.isSet(kJsonOption)) {
        QJsonArray array;
        const QJsonArray all
            = recordToJson(*record).value(QStringLiteral("observations")).toArray();
        for (qsizetype i = 0; i < record->observations.size(); ++i) {
            if (states.isEmpty() || states.contains(record->observations[i].state))
                array.append(all[i]);
        }
        out << terminalSafeJson(QJsonDocument(array).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    out << "arXiv:" << terminalSafe(record->arxivId) << " v" << record->version << " · "
        << terminalSafe(record->title) << Qt::endl;
    out << shown.size() << " of " << record->observations.size() << " observations";
    if (!states.isEmpty()) {
        QStringList names;
        for (auto s : states)
            names.append(stateText(s));
        out << " in state " << names.join(QStringLiteral(" or "));
    }
    out << Qt::endl;
    if (shown.isEmpty())
        return ExitOk;
    out << Qt::endl
        << padded(QStringLiteral("OBSERVATION"), 38) << padded(QStringLiteral("DIRECTION"), 10)
        << padded(QStringLiteral("STATE"), 22) << padded(QStringLiteral("BASIS"), 18)
        << padded(QStringLiteral("REF"), 7) << padded(QStringLiteral("MARK"), 5) << "CITING TITLE"
        << Qt::endl;
    for (const Observation *o : std::as_const(shown)) {
        QString mark;
        if (!o->curation->mark.isEmpty())
            mark += u'C';
        if (!o->curation->conflicts.isEmpty())
            mark += u'!';
        if (o->curation->excluded)
            mark += u'X';
        out << padded(terminalSafe(o->id), 38) << padded(directionKey(o->direction), 10)
            << padded(stateText(o->state), 22) << padded(terminalSafe(o->basis), 18)
            << padded(o->reference ? QString::number(*o->reference) : QStringLiteral("-"), 7)
            << padded(mark.isEmpty() ? QStringLiteral("-") : mark, 5)
            << terminalSafe(o->citingTitle) << Qt::endl;
    }
    out << Qt::endl << "MARK: C corrected, ! conflicting corrections, X excluded" << Qt::endl;
    return ExitOk;
}

// --- check ---------------------------------------------------------------------------------------

void checkOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("RECORD"),
        QStringLiteral("arXiv id (default: every record)."), QStringLiteral("[RECORD]"));
    parser.addOption(kJsonOption);
}

int runCheck(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() > 2)
        return usage(QStringLiteral("check: name at most one RECORD"), err);
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    QStringList ids;
    if (args.size() == 2) {
        ids.append(normalizeRecordId(args[1]));
    } else {
        auto summaries = store->recordSummaries();
        if (!summaries)
            return report(summaries.error(), err);
        for (const auto &s : std::as_const(*summaries))
            ids.append(s.arxivId);
    }
    QJsonArray array;
    qsizetype total = 0;
    qint64 attentionTotal = 0;
    for (const QString &id : std::as_const(ids)) {
        auto curated = loadRecordArgument(*store, id);
        if (!curated)
            return report(curated.error(), err);
        const QList<AnomalyHint> hints = anomalyHints(curated->shown);
        const AttentionCount attention = countAttention(curated->shown, hints);
        attentionTotal += attention.observations;
        if (!parser.isSet(kJsonOption))
            out << terminalSafe(id) << ": " << attention.observations << " of "
                << curated->shown.observations.size() << " observations need attention"
                << attentionText(attention) << Qt::endl;
        for (const AnomalyHint &hint : hints) {
            total += hint.dismissed ? 0 : 1;
            if (parser.isSet(kJsonOption)) {
                QJsonObject object { { QStringLiteral("record"), id },
                    { QStringLiteral("kind"), anomalyKindKey(hint.kind) },
                    { QStringLiteral("observations"),
                        QJsonArray::fromStringList(hint.observations) },
                    { QStringLiteral("message"), hint.message },
                    { QStringLiteral("dismissed"), hint.dismissed } };
                if (hint.kind == AnomalyHint::Kind::RepeatedCitingPaper)
                    object.insert(QStringLiteral("likely_duplicate"), hint.likelyDuplicate);
                array.append(object);
                continue;
            }
            out << terminalSafe(id) << ": " << anomalyKindKey(hint.kind)
                << (hint.dismissed ? " (dismissed)" : "") << ": " << terminalSafe(hint.message)
                << Qt::endl;
            for (const QString &observation : hint.observations)
                out << "    " << terminalSafe(observation) << Qt::endl;
        }
    }
    if (parser.isSet(kJsonOption))
        out << terminalSafeJson(QJsonDocument(array).toJson(QJsonDocument::Indented));
    else
        out << total << (total == 1 ? " hint in " : " hints in ") << ids.size()
            << (ids.size() == 1 ? " record; " : " records; ") << attentionTotal
            << (attentionTotal == 1 ? " observation needs" : " observations need") << " attention"
            << Qt::endl;
    return ExitOk;
}

// --- remove --------------------------------------------------------------------------------------

void removeOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record to remove."));
}

int runRemove(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        return usage(QStringLiteral("remove: name one RECORD"), err, QStringLiteral("remove"));
    const QString id = normalizeRecordId(args[1]);
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto removed = store->removeRecord(id);
    if (!removed)
        return report(removed.error(), err);
    if (!removed->has_value())
        return report(Error::badInput(QStringLiteral("no record %1 in the cache %2 (see "
                                                     "'ledger-curator list'); nothing was removed")
                                          .arg(id, store->path())),
            err);
    const RecordRemoval &r = **removed;
    const auto count = [](qint64 n, const char *one, const char *many) -> QString {
        return QString::number(n) + u' ' + QLatin1String(n == 1 ? one : many);
    };
    out << "removed arXiv:" << terminalSafe(r.arxivId) << " v" << r.version << " (as of "
        << terminalSafe(r.asOf) << ", " << count(r.observations, "observation", "observations")
        << ") from " << terminalSafe(store->path()) << Qt::endl;
    if (r.corrections == 0) {
        out << "it had no corrections" << Qt::endl;
    } else {
        out << "its " << count(r.corrections, "correction is", "corrections are")
            << " kept aside: importing its page again brings "
            << (r.corrections == 1 ? "it" : "them") << " back";
        if (r.unsent > 0)
            out << "; " << count(r.unsent, "correction", "corrections") << " not yet sent still "
                << (r.unsent == 1 ? "goes" : "go") << " to the server at the next sync";
        out << Qt::endl;
    }
    if (!r.syncedFrom.isEmpty())
        out << "the server is not changed; the next sync does not fetch this page again (a newer "
               "page it does; 'ledger-curator sync --fetch-removed' brings this one back)"
            << Qt::endl;
    return ExitOk;
}

} // namespace LedgerCurator::Cli
