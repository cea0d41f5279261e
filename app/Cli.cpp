// SPDX-License-Identifier: GPL-3.0-or-later
#include "Cli.h"

#include "SqliteLocks.h"
#include "CliSync.h"

#include "AnomalyHints.h"
#include "CuratedRecord.h"
#include "Identifier.h"
#include "CurationSession.h"
#include "LedgerText.h"
#include "PageHtml.h"
#include "PageImport.h"
#include "PdfExport.h"
#include "RecordJson.h"
#include "RetractionCsv.h"
#include "Store.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSettings>

#include <functional>

namespace LedgerCurator {

namespace {

struct Command
{
    const char *name;
    const char *synopsis;
    int (*run)(QCommandLineParser &, QTextStream &, QTextStream &);
    void (*addOptions)(QCommandLineParser &);
};

const QCommandLineOption kDbOption(QStringLiteral("db"),
                                   QStringLiteral("The cache file (default: %1).").arg(defaultCachePath()),
                                   QStringLiteral("PATH"));
const QCommandLineOption kJsonOption(QStringLiteral("json"), QStringLiteral("Write JSON."));

int report(const Error &error, QTextStream &err)
{
    err << "ledger-curator: " << error.toString() << Qt::endl;
    return error.kind == Error::Kind::BadInput ? ExitBadInput : ExitFailure;
}

int usage(const QString &message, QTextStream &err)
{
    err << "ledger-curator: " << message << Qt::endl
        << "Try 'ledger-curator --help'." << Qt::endl;
    return ExitBadInput;
}

//! Opens the cache named by --db (or the default one).
std::unique_ptr<Store> openStore(const QCommandLineParser &parser, QTextStream &err, int *status)
{
    const QString path = parser.isSet(kDbOption) ? parser.value(kDbOption) : defaultCachePath();
    auto store = std::make_unique<Store>(path);
    if (auto opened = store->open(); !opened) {
        *status = report(opened.error(), err);
        return nullptr;
    }
    return store;
}

//! Hands bytes to be written; false once a write has failed.
using ByteSink = std::function<bool(QByteArrayView)>;

//! Writes what `produce` hands over to the file at `path` (all or nothing, through QSaveFile) or,
//! for "" or "-", to the output stream's device: the bytes are UTF-8 already, what the stream
//! would write, so they go straight out in pieces instead of being decoded into one huge QString
//! for the stream to encode again.
Status writeOutputStreamed(const QString &path, QTextStream &out, const std::function<void(const ByteSink &)> &produce)
{
    if (path.isEmpty() || path == u"-") {
        out.flush();
        QIODevice *device = out.device();
        if (!device) {
            QByteArray all;
            produce([&all](QByteArrayView bytes) {
                all += bytes;
                return true;
            });
            out << QString::fromUtf8(all);
            out.flush();
            return {};
        }
        bool failed = false;
        produce([device, &failed](QByteArrayView bytes) {
            failed = failed || device->write(bytes.data(), bytes.size()) != bytes.size();
            return !failed;
        });
        if (auto *file = qobject_cast<QFileDevice *>(device))
            failed = !file->flush() || failed;
        if (failed)
            return Error::failure(QStringLiteral("cannot write to standard output: %1").arg(device->errorString()));
        return {};
    }
    if (SqliteLocks::isOpenBySqlite(path)) // it would replace the cache under SQLite
        return Error::badInput(QStringLiteral("%1: this is a file of the cache that is open; it is not overwritten").arg(path));
    QSaveFile file(path);
    bool failed = !file.open(QIODevice::WriteOnly);
    if (!failed) {
        produce([&file, &failed](QByteArrayView bytes) {
            failed = failed || file.write(bytes.data(), bytes.size()) != bytes.size();
            return !failed;
        });
    }
    if (failed || !file.commit())
        return Error::failure(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    return {};
}

Result<CuratedRecord> loadRecordArgument(Store &store, const QString &argument)
{
    const QString id = normalizeRecordId(argument);
    auto loaded = store.loadCurated(id);
    if (!loaded)
        return loaded.error();
    if (!loaded->has_value())
        return Error::badInput(QStringLiteral("no record %1 in the cache %2 (see 'ledger-curator list')")
                                       .arg(id, store.path()));
    return std::move(**loaded);
}

//! Opens the cache and loads the record named on the command line; on failure reports it and
//! sets *status. For commands that only read the record.
std::optional<CuratedRecord> openRecord(const QCommandLineParser &parser, const QString &argument,
                                        QTextStream &err, int *status)
{
    auto store = openStore(parser, err, status);
    if (!store)
        return std::nullopt;
    auto curated = loadRecordArgument(*store, argument);
    if (!curated) {
        *status = report(curated.error(), err);
        return std::nullopt;
    }
    return std::move(*curated);
}

const Observation *findObservation(const Record &record, const QString &id)
{
    for (const auto &o : record.observations) {
        if (o.id == id)
            return &o;
    }
    return nullptr;
}

QString padded(const QString &text, int width)
{
    return text.leftJustified(width, u' ');
}

// --- import -------------------------------------------------------------------------------

void importOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("Ledger page text or record JSON."),
                                 QStringLiteral("FILE..."));
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
            err << ": warning: " << warning.message << Qt::endl;
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
        out << (o.replaced ? "replaced " : "imported ") << o.arxivId << " v" << record.version << " (as of "
            << record.asOf << ", " << o.observations << " observations) from " << files[i];
        if (o.replaced)
            out << "; the page as of " << o.previousAsOf << " was replaced";
        out << Qt::endl;
    }
    return ExitOk;
}

// --- import-notices -----------------------------------------------------------------------

void importNoticesOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A Retraction Watch style CSV file."),
                                 QStringLiteral("FILE.csv"));
}

int runImportNotices(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList files = parser.positionalArguments().mid(1);
    if (files.size() != 1)
        return usage(QStringLiteral("import-notices: name one FILE.csv"), err);
    const QString &file = files.first();
    // Read the whole file before the cache is touched.
    auto csv = readRetractionCsvFile(file);
    if (!csv)
        return report(csv.error(), err);
    const RetractionImport converted = standingNotices(*csv, nowUtc());
    for (const auto &skipped : std::as_const(csv->skipped))
        err << file << ':' << skipped.line << ": skipped: " << skipped.message << Qt::endl;
    for (const auto &left : converted.leftOut)
        err << file << ':' << left.line << ": left out: " << left.message << Qt::endl;
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto outcome = store->importNotices(converted.notices);
    if (!outcome)
        return report(outcome.error(), err);
    out << file << ": " << csv->rows << (csv->rows == 1 ? " row, " : " rows, ") << converted.notices.size()
        << " notices: " << outcome->added << " new, " << outcome->alreadyHeld << " already held";
    if (!csv->skipped.isEmpty())
        out << "; " << csv->skipped.size() << (csv->skipped.size() == 1 ? " bad row skipped" : " bad rows skipped");
    if (!converted.leftOut.isEmpty())
        out << "; " << converted.leftOut.size() << " without an original paper DOI";
    out << Qt::endl;
    // Which observations the notices now flag, record by record.
    auto summaries = store->recordSummaries();
    if (!summaries)
        return report(summaries.error(), err);
    for (const RecordSummary &summary : std::as_const(*summaries)) {
        auto curated = store->loadCurated(summary.arxivId);
        if (!curated)
            return report(curated.error(), err);
        if (!curated->has_value())
            continue;
        const CuratedRecord &record = **curated;
        qsizetype flagged = 0;
        qsizetype retracted = 0;
        for (qsizetype i = 0; i < record.shown.observations.size(); ++i) {
            const Observation &o = record.shown.observations[i];
            if (o.events.events.size() > record.upstream.observations[i].events.events.size()) {
                ++flagged;
                retracted += isRetracted(o.events) ? 1 : 0;
            }
        }
        if (flagged > 0)
            out << summary.arxivId << ": " << flagged << (flagged == 1 ? " observation carries" : " observations carry")
                << " imported notices (" << retracted << " retracted)" << Qt::endl;
    }
    return ExitOk;
}

// --- list ---------------------------------------------------------------------------------

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
    if (parser.isSet(kJsonOption)) {
        QJsonArray array;
        for (const auto &s : std::as_const(*summaries)) {
            QJsonObject states;
            for (int i = 0; i < kResolutionStateCount; ++i)
                states.insert(stateKey(static_cast<ResolutionState>(i)), s.states[i]);
            array.append(QJsonObject { { QStringLiteral("arxiv_id"), s.arxivId },
                                       { QStringLiteral("version"), s.version },
                                       { QStringLiteral("title"), s.title },
                                       { QStringLiteral("as_of"), s.asOf },
                                       { QStringLiteral("inbound"), s.inbound },
                                       { QStringLiteral("outbound"), s.outbound },
                                       { QStringLiteral("needs_attention"), s.needsAttention },
                                       { QStringLiteral("states"), states } });
        }
        out << QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented));
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
        out << padded(s.arxivId + QStringLiteral(" v") + QString::number(s.version), 18)
            << padded(s.asOf, 12) << padded(QString::number(s.outbound), 7)
            << padded(QString::number(s.inbound), 9) << padded(QString::number(s.needsAttention), 11)
            << s.title << Qt::endl;
    }
    return ExitOk;
}

// --- show ---------------------------------------------------------------------------------

const QCommandLineOption kStateOption(QStringLiteral("state"),
                                      QStringLiteral("Only observations in STATE (repeatable)."),
                                      QStringLiteral("STATE"));

void showOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
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
        const QJsonArray all = recordToJson(*record).value(QStringLiteral("observations")).toArray();
        for (qsizetype i = 0; i < record->observations.size(); ++i) {
            if (states.isEmpty() || states.contains(record->observations[i].state))
                array.append(all[i]);
        }
        out << QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    out << "arXiv:" << record->arxivId << " v" << record->version << " · " << record->title << Qt::endl;
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
        << padded(QStringLiteral("REF"), 7) << padded(QStringLiteral("MARK"), 5) << "CITING TITLE" << Qt::endl;
    for (const Observation *o : std::as_const(shown)) {
        QString mark;
        if (!o->curation.mark.isEmpty())
            mark += u'C';
        if (!o->curation.conflicts.isEmpty())
            mark += u'!';
        if (o->curation.excluded)
            mark += u'X';
        out << padded(o->id, 38) << padded(directionKey(o->direction), 10)
            << padded(stateText(o->state), 22) << padded(o->basis, 18)
            << padded(o->reference ? QString::number(*o->reference) : QStringLiteral("-"), 7)
            << padded(mark.isEmpty() ? QStringLiteral("-") : mark, 5) << o->citingTitle << Qt::endl;
    }
    out << Qt::endl << "MARK: C corrected, ! conflicting corrections, X excluded" << Qt::endl;
    return ExitOk;
}

// --- render -------------------------------------------------------------------------------

const QCommandLineOption kFormatOption(QStringLiteral("format"),
                                       QStringLiteral("text (default), json or html."),
                                       QStringLiteral("FORMAT"), QStringLiteral("text"));
const QCommandLineOption kOutputOption(QStringList { QStringLiteral("o"), QStringLiteral("output") },
                                       QStringLiteral("Write to FILE instead of standard output."),
                                       QStringLiteral("FILE"));
const QCommandLineOption kUpstreamOption(QStringLiteral("upstream"),
                                         QStringLiteral("The page as received, without corrections."));
const QCommandLineOption kAllOption(QStringLiteral("all"),
                                    QStringLiteral("Itemize every inbound observation (no page cap)."));

//! Inbound observations itemized on a rendered page: the preview's cap (setting
//! preview/inboundCap, default 500), or none with --all.
qsizetype pageCap(const QCommandLineParser &parser)
{
    if (parser.isSet(kAllOption))
        return 0;
    bool ok = false;
    const qlonglong cap = QSettings().value(QStringLiteral("preview/inboundCap"), 500).toLongLong(&ok);
    return ok && cap >= 0 ? qsizetype(cap) : 500;
}

void renderOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
    parser.addOption(kFormatOption);
    parser.addOption(kOutputOption);
    parser.addOption(kUpstreamOption);
    parser.addOption(kAllOption);
}

int runRender(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        return usage(QStringLiteral("render: name one RECORD"), err);
    const QString format = parser.value(kFormatOption);
    if (format != u"text" && format != u"json" && format != u"html")
        return usage(QStringLiteral("render: unknown format '%1'; expected text, json or html").arg(format), err);
    int status = ExitOk;
    auto curated = openRecord(parser, args[1], err, &status);
    if (!curated)
        return status;
    // The command ends the process: the record is left to the exit rather than freed value by
    // value (for 200,000 observations that took a third of the command's time, as compilers
    // skip freeing their trees at exit). Nothing else holds it, so no destructor is owed. It is
    // held through a static, so it stays reachable to the end (LeakSanitizer sees no leak).
    static CuratedRecord *kept = nullptr;
    kept = new CuratedRecord(std::move(*curated));
    curated.reset();
    const Record &record = parser.isSet(kUpstreamOption) ? kept->upstream : kept->shown;
    // Text and JSON are written as they are made, a megabyte at a time: a large record's page is
    // never held whole (nor as UTF-16 and UTF-8 both).
    std::function<void(const ByteSink &)> produce;
    if (format == u"json") {
        produce = [&record](const ByteSink &write) {
            bool ok = true;
            writeRecordJson(record, [&](QByteArrayView bytes) { ok = ok && write(bytes); });
        };
    } else if (format == u"html") {
        produce = [&record, &parser](const ByteSink &write) {
            HtmlOptions options;
            options.inboundCap = pageCap(parser);
            options.css = loadPageStylesheet();
            write(renderPageHtml(record, options).toUtf8());
        };
    } else {
        produce = [&record](const ByteSink &write) {
            bool ok = true;
            renderLedgerText(record, [&](QStringView text) { ok = ok && write(text.toUtf8()); });
        };
    }
    if (auto written = writeOutputStreamed(parser.value(kOutputOption), out, produce); !written)
        return report(written.error(), err);
    return ExitOk;
}

// --- export-pdf ---------------------------------------------------------------------------

const QCommandLineOption kPageSizeOption(QStringLiteral("page-size"), QStringLiteral("a4 (default) or letter."),
                                         QStringLiteral("SIZE"), QStringLiteral("a4"));

void exportPdfOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
    parser.addOption(QCommandLineOption(QStringList { QStringLiteral("o"), QStringLiteral("output") },
                                        QStringLiteral("The PDF file to write."), QStringLiteral("FILE")));
    parser.addOption(kPageSizeOption);
    parser.addOption(kAllOption);
    parser.addOption(kUpstreamOption);
}

int runExportPdf(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        return usage(QStringLiteral("export-pdf: name one RECORD"), err);
    const QString path = parser.value(QStringLiteral("output"));
    if (path.isEmpty() || path == u"-")
        return usage(QStringLiteral("export-pdf: name the PDF file with -o FILE"), err);
    const QString size = parser.value(kPageSizeOption).trimmed().toLower();
    if (size != u"a4" && size != u"letter")
        return usage(QStringLiteral("export-pdf: unknown page size '%1'; expected a4 or letter")
                             .arg(parser.value(kPageSizeOption)),
                     err);
    int status = ExitOk;
    const auto curated = openRecord(parser, args[1], err, &status);
    if (!curated)
        return status;
    const Record &record = parser.isSet(kUpstreamOption) ? curated->upstream : curated->shown;
    PdfOptions options;
    options.pageSize = size == u"letter" ? QPageSize::Letter : QPageSize::A4;
    options.inboundCap = pageCap(parser);
    if (auto written = exportPdf(record, path, options); !written)
        return report(written.error(), err);
    out << "exported arXiv:" << record.arxivId << " v" << record.version << " to " << path << Qt::endl;
    return ExitOk;
}

// --- curate, undo, history, check ---------------------------------------------------------------

const QCommandLineOption kAuthorOption(QStringLiteral("author"),
                                       QStringLiteral("Who makes the correction (default: the configured "
                                                      "curator name, else the login name)."),
                                       QStringLiteral("NAME"));

Result<QString> authorFrom(const QCommandLineParser &parser)
{
    if (!parser.isSet(kAuthorOption))
        return defaultCuratorName();
    const QString author = parser.value(kAuthorOption).trimmed();
    if (author.isEmpty() || author.contains(u'\n'))
        return Error::badInput(QStringLiteral("--author needs a name on one line"));
    return author;
}

QString describeValue(CurationField field, const std::optional<QString> &value, const Observation &upstream)
{
    if (value)
        return displayValue(field, value);
    const QString original = upstreamValue(upstream, field);
    return original.isEmpty() ? QStringLiteral("(upstream: none)") : QStringLiteral("%1 (upstream)").arg(original);
}

void curateOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
    parser.addPositionalArgument(QStringLiteral("OBSERVATION"), QStringLiteral("UUID of the observation."));
    parser.addPositionalArgument(QStringLiteral("FIELD=VALUE"),
                                 QStringLiteral("state, basis, identifier, title, reference, note, duplicate-of, "
                                                "excluded or review; FIELD= goes back to upstream."),
                                 QStringLiteral("FIELD=VALUE..."));
    parser.addOption(kAuthorOption);
}

struct ObservationArguments
{
    CuratedRecord curated;
    const Observation *upstream = nullptr;
    QString observation;
};

Result<ObservationArguments> observationArguments(Store &store, const QString &recordArgument,
                                                  const QString &observationArgument)
{
    auto curated = loadRecordArgument(store, recordArgument);
    if (!curated)
        return curated.error();
    ObservationArguments args { std::move(*curated), nullptr, observationArgument.trimmed().toLower() };
    args.upstream = findObservation(args.curated.upstream, args.observation);
    if (!args.upstream)
        return Error::badInput(QStringLiteral("record %1 has no observation '%2' (see 'ledger-curator show %1')")
                                       .arg(args.curated.upstream.arxivId, observationArgument));
    return args;
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

int runCurate(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() < 4)
        return usage(QStringLiteral("curate: name RECORD, OBSERVATION and at least one FIELD=VALUE"), err);
    auto author = authorFrom(parser);
    if (!author)
        return report(author.error(), err);
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto target = observationArguments(*store, args[1], args[2]);
    if (!target)
        return report(target.error(), err);
    const CuratedRecord &curated = target->curated;

    // Check every assignment before writing anything.
    QList<CorrectionEvent> events;
    QStringList lines;
    const QString now = nowUtc();
    QList<CurationField> seen;
    for (const QString &assignment : args.mid(3)) {
        const qsizetype equals = assignment.indexOf(u'=');
        if (equals <= 0)
            return usage(QStringLiteral("curate: expected FIELD=VALUE, found '%1'").arg(assignment), err);
        const auto field = parseCurationField(assignment.left(equals).trimmed());
        if (!field)
            return usage(QStringLiteral("curate: unknown field '%1'; expected state, basis, identifier, title, "
                                        "reference, note, duplicate-of, excluded or review")
                                 .arg(assignment.left(equals)),
                         err);
        if (seen.contains(*field))
            return usage(QStringLiteral("curate: %1 is given twice").arg(curationFieldKey(*field)), err);
        seen.append(*field);
        const CurationValue value =
                normalizeCurationValue(*field, assignment.mid(equals + 1), curated.upstream, target->observation);
        if (!value.ok())
            return report(Error::badInput(QStringLiteral("%1: %2").arg(curationFieldKey(*field), value.error)), err);
        const FieldState *current = curated.field(target->observation, *field);
        const FieldState empty;
        const FieldState &state = current ? *current : empty;
        if (!state.isConflict() && state.value() == value.value) {
            lines.append(QStringLiteral("%1 is already %2; nothing recorded")
                                 .arg(curationFieldKey(*field), describeValue(*field, value.value, *target->upstream)));
            continue;
        }
        const QList<CorrectionEvent> made = makeEditEvents(state, curated.upstream.arxivId, target->observation,
                                                           *field, value.value, *author, now);
        lines.append(QStringLiteral("%1: %2 -> %3 (correction %4)%5")
                             .arg(curationFieldKey(*field), describeValue(*field, state.value(), *target->upstream),
                                  describeValue(*field, value.value, *target->upstream), made.constLast().id,
                                  mergeNote(state, made)));
        events.append(made);
    }
    if (!events.isEmpty()) {
        if (auto stored = store->addCorrections(events); !stored)
            return report(stored.error(), err);
    }
    for (const QString &line : std::as_const(lines))
        out << line << Qt::endl;
    return ExitOk;
}

void undoOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
    parser.addPositionalArgument(QStringLiteral("OBSERVATION"), QStringLiteral("UUID of the observation."));
    parser.addPositionalArgument(QStringLiteral("FIELD"), QStringLiteral("The field whose last correction to undo."));
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
    auto author = authorFrom(parser);
    if (!author)
        return report(author.error(), err);
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto target = observationArguments(*store, args[1], args[2]);
    if (!target)
        return report(target.error(), err);
    const FieldState *state = target->curated.field(target->observation, *field);
    if (!state) {
        out << curationFieldKey(*field) << " of " << target->observation << " has no correction to undo" << Qt::endl;
        return ExitOk;
    }
    const CorrectionEvent &winner = state->heads.first();
    const auto restored = valueBefore(target->curated.fieldEvents(target->observation, *field), winner.id);
    const QList<CorrectionEvent> made = makeEditEvents(*state, target->curated.upstream.arxivId, target->observation,
                                                       *field, restored, *author, nowUtc());
    if (auto stored = store->addCorrections(made); !stored)
        return report(stored.error(), err);
    out << "undid correction " << winner.id << ": " << curationFieldKey(*field) << " "
        << describeValue(*field, state->value(), *target->upstream) << " -> "
        << describeValue(*field, restored, *target->upstream) << " (correction " << made.constLast().id << ")"
        << mergeNote(*state, made) << Qt::endl;
    return ExitOk;
}

void historyOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
    parser.addPositionalArgument(QStringLiteral("OBSERVATION"), QStringLiteral("UUID of the observation."));
    parser.addOption(kJsonOption);
}

int runHistory(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 3)
        return usage(QStringLiteral("history: name RECORD and OBSERVATION"), err);
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto target = observationArguments(*store, args[1], args[2]);
    if (!target)
        return report(target.error(), err);
    const QList<CorrectionEvent> history = target->curated.history(target->observation);
    QJsonArray array;
    if (!parser.isSet(kJsonOption)) {
        out << "Observation " << target->observation << " of arXiv:" << target->curated.upstream.arxivId << ": "
            << history.size() << (history.size() == 1 ? " correction" : " corrections") << Qt::endl;
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
                                       { QStringLiteral("created_at"), e.createdAt } });
            continue;
        }
        out << e.createdAt << "  " << e.author << "  " << curationFieldKey(e.field) << ": "
            << describeValue(e.field, before, *target->upstream) << " -> "
            << describeValue(e.field, e.value, *target->upstream) << "  [" << e.id << "]" << Qt::endl;
    }
    if (parser.isSet(kJsonOption)) {
        out << QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    for (CurationField field : kAllCurationFields) {
        const FieldState *state = target->curated.field(target->observation, field);
        if (state && state->isConflict()) {
            QStringList values;
            for (const auto &head : state->heads)
                values.append(QStringLiteral("%1 by %2").arg(describeValue(field, head.value, *target->upstream), head.author));
            out << "conflict on " << curationFieldKey(field) << ": " << values.join(QStringLiteral("; "))
                << " (shown: the first; resolve with 'ledger-curator curate')" << Qt::endl;
        }
    }
    return ExitOk;
}

void checkOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("RECORD"), QStringLiteral("arXiv id (default: every record)."),
                                 QStringLiteral("[RECORD]"));
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
    for (const QString &id : std::as_const(ids)) {
        auto curated = loadRecordArgument(*store, id);
        if (!curated)
            return report(curated.error(), err);
        const QList<AnomalyHint> hints = anomalyHints(curated->shown);
        total += hints.size();
        for (const AnomalyHint &hint : hints) {
            if (parser.isSet(kJsonOption)) {
                QJsonObject object { { QStringLiteral("record"), id },
                                     { QStringLiteral("kind"), anomalyKindKey(hint.kind) },
                                     { QStringLiteral("observations"), QJsonArray::fromStringList(hint.observations) },
                                     { QStringLiteral("message"), hint.message } };
                if (hint.kind == AnomalyHint::Kind::RepeatedCitingPaper)
                    object.insert(QStringLiteral("likely_duplicate"), hint.likelyDuplicate);
                array.append(object);
                continue;
            }
            out << id << ": " << anomalyKindKey(hint.kind) << ": " << hint.message << Qt::endl;
            for (const QString &observation : hint.observations)
                out << "    " << observation << Qt::endl;
        }
    }
    if (parser.isSet(kJsonOption))
        out << QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented));
    else
        out << total << (total == 1 ? " hint in " : " hints in ") << ids.size()
            << (ids.size() == 1 ? " record" : " records") << Qt::endl;
    return ExitOk;
}

const Command kCommands[] = {
    { "import", "import FILE... [--db PATH]", runImport, importOptions },
    { "import-notices", "import-notices FILE.csv [--db PATH]", runImportNotices, importNoticesOptions },
    { "list", "list [--db PATH] [--json]", runList, listOptions },
    { "show", "show RECORD [--db PATH] [--json] [--state STATE]...", runShow, showOptions },
    { "render", "render RECORD [--db PATH] [--format text|json|html] [--upstream] [--all] [-o FILE]", runRender,
      renderOptions },
    { "export-pdf", "export-pdf RECORD -o FILE.pdf [--db PATH] [--page-size a4|letter] [--all] [--upstream]",
      runExportPdf, exportPdfOptions },
    { "curate", "curate RECORD OBSERVATION FIELD=VALUE... [--author NAME] [--db PATH]", runCurate,
      curateOptions },
    { "undo", "undo RECORD OBSERVATION FIELD [--author NAME] [--db PATH]", runUndo, undoOptions },
    { "history", "history RECORD OBSERVATION [--db PATH] [--json]", runHistory, historyOptions },
    { "check", "check [RECORD] [--db PATH] [--json]", runCheck, checkOptions },
    { "sync", "sync --server URL [--token-file FILE] [--db PATH]", runSync, syncOptions },
};

const Command *findCommand(const QString &name)
{
    for (const auto &command : kCommands) {
        if (name == QLatin1String(command.name))
            return &command;
    }
    return nullptr;
}

} // namespace

bool isSubcommand(const QString &name)
{
    return findCommand(name) != nullptr;
}

int runCli(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    const Command *command = arguments.size() > 1 ? findCommand(arguments[1]) : nullptr;
    if (!command)
        return usage(QStringLiteral("unknown command '%1'").arg(arguments.value(1)), err);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("ledger-curator ") + QLatin1String(command->synopsis));
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help(QStringList { QStringLiteral("h"), QStringLiteral("help") },
                                  QStringLiteral("Show this help."));
    parser.addOption(help);
    parser.addOption(kDbOption);
    command->addOptions(parser);
    if (!parser.parse(arguments))
        return usage(QLatin1String(command->name) + QStringLiteral(": ") + parser.errorText(), err);
    if (parser.isSet(help)) {
        out << parser.helpText();
        return ExitOk;
    }
    return command->run(parser, out, err);
}

} // namespace LedgerCurator
