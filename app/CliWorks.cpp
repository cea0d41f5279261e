// SPDX-License-Identifier: GPL-3.0-or-later
// The works index of the cache (docs/works.md): works import FILE, works stats.
#include "CliCommands.h"

#include "CacheWorks.h"
#include "Cli.h"
#include "CliSupport.h"
#include "Store.h"
#include "WorksIndex.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <atomic>
#include <csignal>

namespace LedgerCurator::Cli {

namespace {

const QCommandLineOption kFormatOption(QStringLiteral("format"),
    QStringLiteral("The file's format: arxiv-jsonl (the arXiv metadata snapshot, JSON Lines) or "
                   "csv (id,title,authors,year,doi). Default: from the file's name."),
    QStringLiteral("FORMAT"));

constexpr qsizetype kShownBadLines = 20;

// Ctrl+C (SIGINT) and SIGTERM stop the import after the batch being stored: what was read is
// committed and the next `works import` of the same file goes on from there. A second signal
// ends the program at once (the default action, restored by SA_RESETHAND), which is as safe:
// every batch is one transaction.
std::atomic<bool> g_stopRequested { false };

extern "C" void requestStop(int)
{
    g_stopRequested.store(true);
}

void installStopHandlers()
{
    struct sigaction action = {};
    action.sa_handler = requestStop;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

QString megabytes(qint64 bytes)
{
    return QString::number(double(bytes) / (1024.0 * 1024.0), 'f', 1) + QStringLiteral(" MB");
}

int runWorksImport(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 3)
        return usage(QStringLiteral("works import: name one FILE"), err, QStringLiteral("works"));
    const QString path = args.at(2);
    std::optional<WorksFormat> format;
    if (parser.isSet(kFormatOption)) {
        format = parseWorksFormat(parser.value(kFormatOption));
        if (!format)
            return usage(QStringLiteral("works import: --format is arxiv-jsonl or csv, not '%1'")
                             .arg(parser.value(kFormatOption)),
                err, QStringLiteral("works"));
    } else {
        format = guessWorksFormat(path);
        if (!format)
            return usage(QStringLiteral("works import: %1: say its format with --format "
                                        "arxiv-jsonl or --format csv")
                             .arg(path),
                err, QStringLiteral("works"));
    }
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    WorksIndex index = cacheWorksIndex(*store);

    installStopHandlers();
    QElapsedTimer sinceTold;
    sinceTold.start();
    qint64 toldBytes = -1;
    auto progress = [&](const WorksImportProgress &p) {
        if (p.bytesDone != toldBytes
            && (sinceTold.elapsed() >= 400 || p.bytesDone == p.bytesTotal)) {
            toldBytes = p.bytesDone;
            const int percent
                = p.bytesTotal > 0 ? int(100.0 * double(p.bytesDone) / double(p.bytesTotal)) : 100;
            err << p.works << " works, " << percent << '%' << Qt::endl;
            sinceTold.restart();
        }
        return !g_stopRequested.load();
    };
    auto imported = index.importFile(path, *format, progress);
    if (!imported)
        return report(imported.error(), err);
    const WorksImportReport &r = *imported;
    if (r.resumedAtLine > 0)
        out << "resumed at line " << r.resumedAtLine << Qt::endl;
    if (r.cancelled)
        out << "stopped: " << r.works << " works of " << terminalSafe(r.source)
            << " read up to line " << r.lines << "; run the same command again to go on from there"
            << Qt::endl;
    else
        out << "imported " << terminalSafe(r.source) << ": " << r.works << " works from " << r.lines
            << " lines" << Qt::endl;
    if (r.badLineCount > 0) {
        out << r.badLineCount << (r.badLineCount == 1 ? " bad line" : " bad lines")
            << " skipped:" << Qt::endl;
        for (qsizetype i = 0; i < r.badLines.size() && i < kShownBadLines; ++i)
            out << "  " << terminalSafe(path) << ':' << r.badLines[i].line << ": "
                << terminalSafe(r.badLines[i].reason) << Qt::endl;
        if (r.badLineCount > kShownBadLines)
            out << "  and " << (r.badLineCount - kShownBadLines) << " more" << Qt::endl;
    }
    if (r.cancelled)
        return ExitFailure;
    if (auto refreshed = refreshCacheWorks(*store); !refreshed)
        return report(refreshed.error(), err);
    return ExitOk;
}

int runWorksStats(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    if (parser.positionalArguments().size() != 2)
        return usage(
            QStringLiteral("works stats takes no arguments"), err, QStringLiteral("works"));
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    if (auto refreshed = refreshCacheWorks(*store); !refreshed)
        return report(refreshed.error(), err);
    auto stats = cacheWorksIndex(*store).stats();
    if (!stats)
        return report(stats.error(), err);
    if (parser.isSet(kJsonOption)) {
        QJsonArray sources;
        for (const WorksSourceStats &s : std::as_const(stats->sources)) {
            sources.append(QJsonObject { { QStringLiteral("source"), s.source },
                { QStringLiteral("works"), s.works }, { QStringLiteral("format"), s.format },
                { QStringLiteral("complete"), s.complete },
                { QStringLiteral("imported_at"),
                    s.importedAt.isValid() ? QJsonValue(s.importedAt.toString(Qt::ISODate))
                                           : QJsonValue(QJsonValue::Null) } });
        }
        const QJsonObject json { { QStringLiteral("works"), stats->works },
            { QStringLiteral("bytes_on_disk"), stats->bytesOnDisk },
            { QStringLiteral("sources"), sources } };
        out << terminalSafeJson(QJsonDocument(json).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    out << stats->works << " works to match against, in " << stats->sources.size()
        << (stats->sources.size() == 1 ? " source" : " sources") << "; the index takes "
        << megabytes(stats->bytesOnDisk) << Qt::endl;
    for (const WorksSourceStats &s : std::as_const(stats->sources)) {
        out << "  " << padded(terminalSafe(s.source), 32) << ' '
            << padded(QString::number(s.works), 9) << ' ' << padded(s.format, 12) << ' '
            << (s.complete ? s.importedAt.toString(Qt::ISODate)
                           : QStringLiteral("unfinished: run works import again to resume"))
            << Qt::endl;
    }
    return ExitOk;
}

} // namespace

void worksOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("ACTION"),
        QStringLiteral("import FILE: add a works list to the index (all or nothing, resumable); "
                       "stats: what the index holds."),
        QStringLiteral("import FILE|stats"));
    parser.addOption(kFormatOption);
    parser.addOption(kJsonOption);
}

int runWorks(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    const QString action = args.value(1);
    if (action == u"import")
        return runWorksImport(parser, out, err);
    if (action == u"stats")
        return runWorksStats(parser, out, err);
    return usage(action.isEmpty() ? QStringLiteral("works: name an action, import or stats")
                                  : QStringLiteral("works: unknown action '%1'").arg(action),
        err, QStringLiteral("works"));
}

} // namespace LedgerCurator::Cli
