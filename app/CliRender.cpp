// SPDX-License-Identifier: GPL-3.0-or-later
// A record's page: render (as text, JSON or HTML) and export-pdf.
#include "CliCommands.h"

#include "Cli.h"
#include "CliSupport.h"
#include "CsvText.h"
#include "DisplayText.h"
#include "Identifier.h"
#include "LedgerText.h"
#include "ObservationCsv.h"
#include "PageHtml.h"
#include "PdfExport.h"
#include "RecordJson.h"
#include "RecordStream.h"
#include "SettingsKeys.h"
#include "SqliteLocks.h"
#include "Store.h"

#include <QSaveFile>
#include <QSettings>
#include <QStringDecoder>

#include <functional>

namespace LedgerCurator::Cli {

namespace {

const QCommandLineOption kFormatOption(QStringLiteral("format"),
    QStringLiteral("text (default), json, html or csv (one row per observation)."),
    QStringLiteral("FORMAT"), QStringLiteral("text"));
const QCommandLineOption kOutputOption(
    QStringList { QStringLiteral("o"), QStringLiteral("output") },
    QStringLiteral("Write to FILE instead of standard output."), QStringLiteral("FILE"));
const QCommandLineOption kUpstreamOption(
    QStringLiteral("upstream"), QStringLiteral("The page as received, without corrections."));
const QCommandLineOption kAllOption(
    QStringLiteral("all"), QStringLiteral("Itemize every inbound observation (no page cap)."));
//! export-pdf always writes the whole record: --all is accepted, for the scripts that give it.
const QCommandLineOption kPdfAllOption(QStringLiteral("all"),
    QStringLiteral("Accepted and ignored: the PDF always itemizes every observation."));

//! Inbound observations itemized on `render --format html`, the page as the app's preview shows
//! it: the preview's cap (setting preview/inboundCap, default 500), or none with --all.
qsizetype pageCap(const QCommandLineParser &parser)
{
    if (parser.isSet(kAllOption))
        return 0;
    bool ok = false;
    const qlonglong cap = QSettings()
                              .value(SettingsKeys::kInboundCap, SettingsKeys::kDefaultInboundCap)
                              .toLongLong(&ok);
    return ok && cap >= 0 ? qsizetype(cap) : qsizetype(SettingsKeys::kDefaultInboundCap);
}

const QCommandLineOption kPageSizeOption(QStringLiteral("page-size"),
    QStringLiteral("a4 (default) or letter."), QStringLiteral("SIZE"), QStringLiteral("a4"));

} // namespace

// --- render --------------------------------------------------------------------------------------

void renderOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
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
    if (format != u"text" && format != u"json" && format != u"html" && format != u"csv")
        return usage(QStringLiteral("render: unknown format '%1'; expected text, json, html or csv")
                         .arg(format),
            err);
    // The cache is closed before the page is written: its own files are refused here, not only
    // while SQLite holds them open.
    if (const QString output = parser.value(kOutputOption);
        SqliteLocks::isFileOfDatabase(output, cachePath(parser)))
        return report(
            Error::badInput(
                QStringLiteral("this is a file of the cache (--db), not written over"), output),
            err);
    int status = ExitOk;
    const QString output = parser.value(kOutputOption);
    const bool toStdout = output.isEmpty() || output == u"-";
    if (format == u"text" || format == u"json") {
        // Straight from the cache's rows when the shown page is the stored one (RecordStream.h):
        // the same bytes, without the record's observations made first.
        auto store = openStore(parser, err, &status);
        if (!store)
            return status;
        auto stream
            = RecordStream::open(*store, normalizeRecordId(args[1]), parser.isSet(kUpstreamOption));
        if (!stream)
            return report(stream.error(), err);
        if (*stream) {
            const auto written = writeOutputStreamedChecked(
                output, out, [&](const ByteSink &write) {
                    return (*stream)->write(
                        format == u"json" ? PageStream::Format::Json : PageStream::Format::Text,
                        toStdout ? PageStream::Target::Terminal : PageStream::Target::File, write);
                });
            return written ? ExitOk : report(written.error(), err);
        }
    }
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
    // To standard output (a terminal, maybe) the text form's controls and bidi characters are
    // shown as <U+XXXX> tokens and JSON spells them \uXXXX; a file (-o) gets the page as it is,
    // the text form exact for import (docs/rendering.md, "Text from data is inert").
    std::function<void(const ByteSink &)> produce;
    if (format == u"json") {
        produce = [&record, toStdout](const ByteSink &write) {
            bool ok = true;
            if (!toStdout) {
                writeRecordJson(record, [&](QByteArrayView bytes) { ok = ok && write(bytes); });
                return;
            }
            // Pieces may end inside a UTF-8 sequence: the decoder keeps the rest for the next.
            QStringDecoder decoder(QStringDecoder::Utf8);
            writeRecordJson(record, [&](QByteArrayView bytes) {
                const QString text = decoder.decode(bytes);
                ok = ok && write(DisplayText::forJsonTerminal(text).toUtf8());
            });
        };
    } else if (format == u"csv") {
        // One row per observation (ObservationCsv.h), written a block of rows at a time; fields
        // that a spreadsheet would take for a formula are guarded (CsvText.h).
        produce = [&record, toStdout](const ByteSink &write) {
            write(csvText({ observationCsvHeader() }, CsvFormulas::Guard).toUtf8());
            constexpr qsizetype kBlock = 4096;
            QList<QStringList> block;
            for (qsizetype i = 0; i < record.observations.size(); ++i) {
                block.append(observationCsvFields(record, record.observations[i]));
                if (block.size() == kBlock || i + 1 == record.observations.size()) {
                    if (!write(csvText(toStdout ? terminalSafeRows(std::move(block)) : block,
                            CsvFormulas::Guard)
                                   .toUtf8()))
                        return;
                    block.clear();
                }
            }
        };
    } else if (format == u"html") {
        produce = [&record, &parser](const ByteSink &write) {
            HtmlOptions options;
            options.ownNotices = parser.isSet(kUpstreamOption) ? ownPaperNotices(kept->upstream)
                                                               : ownPaperNotices(*kept);
            options.inboundCap = pageCap(parser);
            options.css = loadPageStylesheet();
            options.breakRunsLongerThan = 0; // the data as it is: browsers wrap long runs
            write(renderPageHtml(record, options).toUtf8());
        };
    } else {
        produce = [&record, toStdout](const ByteSink &write) {
            bool ok = true;
            if (!toStdout) {
                renderLedgerText(
                    record, [&](QStringView text) { ok = ok && write(text.toUtf8()); });
                return;
            }
            QString pending; // a high surrogate that ended a piece, for the next one
            renderLedgerText(record, [&](QStringView text) {
                QString joined;
                if (!pending.isEmpty()) {
                    joined = pending + text;
                    pending.clear();
                    text = joined;
                }
                if (!text.isEmpty() && text.back().isHighSurrogate()) {
                    pending = text.back();
                    text.chop(1);
                }
                // The piece itself, not a copy: it outlives the call below.
                const QString piece = QString::fromRawData(text.data(), text.size());
                ok = ok
                    && write(DisplayText::forTerminal(piece, DisplayText::Lines::Keep).toUtf8());
            });
            if (!pending.isEmpty())
                ok = ok && write(DisplayText::forTerminal(pending).toUtf8());
        };
    }
    if (auto written = writeOutputStreamed(output, out, produce); !written)
        return report(written.error(), err);
    return ExitOk;
}

// --- export-pdf ----------------------------------------------------------------------------------

void exportPdfOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
    parser.addOption(
        QCommandLineOption(QStringList { QStringLiteral("o"), QStringLiteral("output") },
            QStringLiteral("The PDF file to write."), QStringLiteral("FILE")));
    parser.addOption(kPageSizeOption);
    parser.addOption(kPdfAllOption);
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
    if (SqliteLocks::isFileOfDatabase(path, cachePath(parser)))
        return report(
            Error::badInput(
                QStringLiteral("this is a file of the cache (--db), not written over"), path),
            err);
    int status = ExitOk;
    const auto curated = openRecord(parser, args[1], err, &status);
    if (!curated)
        return status;
    const Record &record = parser.isSet(kUpstreamOption) ? curated->upstream : curated->shown;
    PdfOptions options;
    options.pageSize = size == u"letter" ? QPageSize::Letter : QPageSize::A4;
    // Exporting a record means the whole record, as File > Export PDF... does: the page cap is
    // the preview's, for the screen (docs/rendering.md, "The page cap").
    options.inboundCap = 0;
    options.ownNotices = parser.isSet(kUpstreamOption) ? ownPaperNotices(curated->upstream)
                                                       : ownPaperNotices(*curated);
    if (auto written = exportPdf(record, path, options); !written)
        return report(written.error(), err);
    out << "exported arXiv:" << terminalSafe(record.arxivId) << " v" << record.version << " to "
        << path << Qt::endl;
    return ExitOk;
}

} // namespace LedgerCurator::Cli
