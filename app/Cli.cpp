// SPDX-License-Identifier: GPL-3.0-or-later
#include "Cli.h"

#include "LedgerText.h"
#include "RecordJson.h"
#include "Store.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

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

Result<QByteArray> readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::badInput(QStringLiteral("cannot read: %1").arg(file.errorString()), path);
    return file.readAll();
}

//! Reads a ledger page in either form: record JSON when it starts with '{', else page text.
Result<ParsedPage> readPage(const QString &path)
{
    auto data = readFile(path);
    if (!data)
        return data.error();
    qsizetype i = 0;
    if (data->startsWith("\xEF\xBB\xBF"))
        i = 3;
    while (i < data->size() && QChar::isSpace(uchar(data->at(i))))
        ++i;
    if (i < data->size() && data->at(i) == '{') {
        auto record = readRecordJson(*data, path);
        if (!record)
            return record.error();
        ParsedPage page { std::move(record.value()), {} };
        page.warnings = statedCountWarnings(page.record);
        return page;
    }
    return parseLedgerText(*data, path);
}

Status writeOutput(const QString &path, const QByteArray &bytes, QTextStream &out)
{
    if (path.isEmpty() || path == u"-") {
        out << QString::fromUtf8(bytes);
        out.flush();
        return {};
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return Error::failure(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    return {};
}

Result<Record> loadRecordArgument(Store &store, const QString &argument)
{
    const QString id = normalizeRecordId(argument);
    auto loaded = store.loadRecord(id);
    if (!loaded)
        return loaded.error();
    if (!loaded->has_value())
        return Error::badInput(QStringLiteral("no record %1 in the cache %2 (see 'ledger-curator list')")
                                       .arg(id, store.path()));
    return std::move(**loaded);
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
    QList<Record> records;
    QStringList sources;
    for (const QString &file : files) {
        auto page = readPage(file);
        if (!page)
            return report(page.error(), err);
        for (const auto &warning : std::as_const(page->warnings)) {
            err << file;
            if (warning.line > 0)
                err << ':' << warning.line;
            err << ": warning: " << warning.message << Qt::endl;
        }
        records.append(std::move(page->record));
        sources.append(file);
    }
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto outcomes = store->importRecords(records);
    if (!outcomes)
        return report(outcomes.error(), err);
    for (qsizetype i = 0; i < outcomes->size(); ++i) {
        const ImportOutcome &o = outcomes->at(i);
        out << (o.replaced ? "replaced " : "imported ") << o.arxivId << " v" << records[i].version
            << " (as of " << records[i].asOf << ", " << o.observations << " observations) from "
            << sources[i];
        if (o.replaced)
            out << "; the page as of " << o.previousAsOf << " was replaced";
        out << Qt::endl;
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
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto record = loadRecordArgument(*store, args[1]);
    if (!record)
        return report(record.error(), err);
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
        << padded(QStringLiteral("REF"), 7) << "CITING TITLE" << Qt::endl;
    for (const Observation *o : std::as_const(shown)) {
        out << padded(o->id, 38) << padded(directionKey(o->direction), 10)
            << padded(stateText(o->state), 22) << padded(o->basis, 18)
            << padded(o->reference ? QString::number(*o->reference) : QStringLiteral("-"), 7)
            << o->citingTitle << Qt::endl;
    }
    return ExitOk;
}

// --- render -------------------------------------------------------------------------------

const QCommandLineOption kFormatOption(QStringLiteral("format"),
                                       QStringLiteral("text (default) or json."),
                                       QStringLiteral("FORMAT"), QStringLiteral("text"));
const QCommandLineOption kOutputOption(QStringList { QStringLiteral("o"), QStringLiteral("output") },
                                       QStringLiteral("Write to FILE instead of standard output."),
                                       QStringLiteral("FILE"));
const QCommandLineOption kUpstreamOption(QStringLiteral("upstream"),
                                         QStringLiteral("The page as received, without corrections."));

void renderOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
    parser.addOption(kFormatOption);
    parser.addOption(kOutputOption);
    parser.addOption(kUpstreamOption);
}

int runRender(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        return usage(QStringLiteral("render: name one RECORD"), err);
    const QString format = parser.value(kFormatOption);
    if (format != u"text" && format != u"json")
        return usage(QStringLiteral("render: unknown format '%1'; expected text or json").arg(format), err);
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto record = loadRecordArgument(*store, args[1]);
    if (!record)
        return report(record.error(), err);
    const QByteArray bytes = format == u"json" ? writeRecordJson(*record) : renderLedgerText(*record).toUtf8();
    if (auto written = writeOutput(parser.value(kOutputOption), bytes, out); !written)
        return report(written.error(), err);
    return ExitOk;
}

const Command kCommands[] = {
    { "import", "import FILE... [--db PATH]", runImport, importOptions },
    { "list", "list [--db PATH] [--json]", runList, listOptions },
    { "show", "show RECORD [--db PATH] [--json] [--state STATE]...", runShow, showOptions },
    { "render", "render RECORD [--db PATH] [--format text|json] [--upstream] [-o FILE]", runRender,
      renderOptions },
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
