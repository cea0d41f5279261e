// SPDX-License-Identifier: GPL-3.0-or-later
#include "PdfBench.h"

#include "PageHtml.h"
#include "PdfExport.h"
#include "RecordGenerator.h"
#include "Store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPageLayout>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QTextStream>

#include <optional>

namespace LedgerCurator::Bench {

namespace {

//! Headless Chromium now and then never exits after printing: such a run is stopped here.
constexpr int kChromiumTimeoutMs = 180000;

//! The PDF's page count: pdfinfo's when it is installed, else its page objects counted.
int pdfPages(const QString &pdf)
{
    if (!QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty()) {
        const ProcessRun info = runProcess(QStringLiteral("pdfinfo"), { pdf }, true);
        static const QRegularExpression pages(
            QStringLiteral("^Pages:\\s+(\\d+)$"), QRegularExpression::MultilineOption);
        return pages.match(QString::fromUtf8(info.output)).captured(1).toInt();
    }
    QFile file(pdf);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    return int(file.readAll().count("/Type /Page\n"));
}

qint64 readPeakKb(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    return lines.isEmpty() ? 0 : lines.last().trimmed().toLongLong();
}

//! Headless Chromium printing the page at `htmlPath`, against `ours` (export-pdf of the same
//! record, `label`), as whole processes.
void pdfChromiumPeer(Table &table, const PdfBenchOptions &c, const QString &label,
    const ProcessRun &ours, const QString &htmlPath)
{
    const int runs = c.runs;
    const QDir dir(c.workDir);
    int timeouts = 0;
    QList<double> killedCpu;
    std::optional<ProcessRun> killed; // one unfinished run: the others would be too
    const ProcessRun peer = medianRun(runs, [&] {
        if (killed) {
            ++timeouts;
            killedCpu.append(killed->groupCpuMsAtKill);
            return *killed;
        }
        QTemporaryDir profile;
        ProcessRun run = runProcess(c.chromiumPath,
            { QStringLiteral("--headless"), QStringLiteral("--no-sandbox"),
                QStringLiteral("--disable-gpu"), QStringLiteral("--disable-background-networking"),
                QStringLiteral("--no-first-run"),
                QStringLiteral("--user-data-dir=") + profile.path(),
                QStringLiteral("--print-to-pdf=") + dir.filePath(QStringLiteral("chromium.pdf")),
                htmlPath },
            false, {}, false, kChromiumTimeoutMs);
        timeouts += run.timedOut ? 1 : 0;
        if (run.timedOut) {
            killedCpu.append(run.groupCpuMsAtKill);
            killed = run;
        }
        return run;
    });
    if (timeouts > 0)
        benchOut() << "  (chromium did not finish within " << kChromiumTimeoutMs / 1000
                   << " s and was killed; not run again)" << Qt::endl;
    if (timeouts * 2 > runs) {
        // Chromium was still printing when it was stopped (its renderer and print
        // compositor busy, not hung): its time is at least the timeout, so the ratio is
        // an upper bound, and the comparison only holds when ours is below the timeout.
        table.ratio(QStringLiteral("pdf: export-pdf %1, wall (whole process)").arg(label),
            ours.wallMs,
            QStringLiteral("chromium --print-to-pdf, killed unfinished after at least"),
            double(kChromiumTimeoutMs), 1.0);
        table.info(
            QStringLiteral("pdf: export-pdf %1, CPU (whole process)").arg(label), ours.cpuMs);
        table.info(
            QStringLiteral("  chromium CPU until killed (all its processes)"), median(killedCpu));
    } else {
        table.ratio(QStringLiteral("pdf: export-pdf %1, wall (whole process)").arg(label),
            ours.wallMs, QStringLiteral("chromium --print-to-pdf"), peer.wallMs, 1.0);
        table.versus(QStringLiteral("pdf: export-pdf %1, CPU (whole process)").arg(label),
            ours.cpuMs, QStringLiteral("chromium CPU"), peer.cpuMs);
    }
}

//! export-pdf of an `n`-observation record against headless Chromium printing the same HTML,
//! as whole processes.
void pdfVersusChromium(
    Table &table, const PdfBenchOptions &c, qsizetype n, const HtmlOptions &htmlOptions)
{
    const QDir dir(c.workDir);
    const Record pdfRecord = generateRecord(n - n / 100, n / 100, 3);
    const QString pdfCache = dir.filePath(QStringLiteral("pdf-cache-%1.sqlite").arg(n));
    {
        Store store(pdfCache);
        if (!store.open() || !store.importRecords({ pdfRecord }))
            benchOut() << "cannot build the PDF cache" << Qt::endl;
    }
    const QString html = renderPageHtml(pdfRecord, htmlOptions);
    const QString htmlPath = dir.filePath(QStringLiteral("page-%1.html").arg(n));
    writeFile(htmlPath, html.toUtf8());
    const QString pdfPath = dir.filePath(QStringLiteral("out-%1.pdf").arg(n));
    const QString label = QStringLiteral("%1-obs record").arg(n);

    const ProcessRun ours = medianRun(c.runs, [&] {
        return runProcess(c.cliPath,
            { QStringLiteral("export-pdf"), pdfRecord.arxivId, QStringLiteral("--all"),
                QStringLiteral("-o"), pdfPath, QStringLiteral("--db"), pdfCache });
    });
    // The target of a 10,000-observation page: under 6 s, whole process.
    const bool targeted = n >= 10000;
    if (QFileInfo(c.chromiumPath).isExecutable()) {
        pdfChromiumPeer(table, c, label, ours, htmlPath);
        if (targeted)
            table.below(QStringLiteral("  export-pdf %1, wall, against its target").arg(label),
                ours.wallMs, 6000);
        return;
    }
    if (targeted)
        table.below(QStringLiteral("pdf: export-pdf %1, wall (whole process)").arg(label),
            ours.wallMs, 6000);
    else
        table.info(
            QStringLiteral("pdf: export-pdf %1, wall (whole process)").arg(label), ours.wallMs);
    table.info(QStringLiteral("pdf: export-pdf %1, CPU (whole process)").arg(label), ours.cpuMs);
    table.skipped(QStringLiteral("pdf: headless Chromium peer"),
        QStringLiteral("%1 is absent: install Debian's chromium").arg(c.chromiumPath),
        QStringLiteral("faster than peer"));
}

} // namespace

void runPdfBench(Table &table, const PdfBenchOptions &c)
{
    const QDir dir(c.workDir);
    HtmlOptions htmlOptions;
    htmlOptions.inboundCap = 0;
    htmlOptions.css = loadPageStylesheet();
    htmlOptions.forPrint = true;
    // Chromium's print grows faster than linearly with the page: at 10,000 observations it
    // did not finish in 20 minutes here. A smaller page gives a ratio with both finished.
    if (c.chromiumObservations > 1000)
        pdfVersusChromium(table, c, 1000, htmlOptions);
    pdfVersusChromium(table, c, c.chromiumObservations, htmlOptions);

    const qsizetype n = c.chromiumObservations;
    const Record pdfRecord = generateRecord(n - n / 100, n / 100, 3);
    const QString html = renderPageHtml(pdfRecord, htmlOptions);
    const QString pdfPath = dir.filePath(QStringLiteral("out.pdf"));
    const QString label = QStringLiteral("%1-obs record").arg(n);
    // In process, side by side: our export against a bare QTextDocument print of the same HTML.
    PdfOptions pdfOptions;
    pdfOptions.inboundCap = 0;
    const double exportMs
        = measure(c.runs, [&] { (void)exportPdf(pdfRecord, pdfPath, pdfOptions); });
    const double bareMs = measure(c.runs, [&] {
        QPdfWriter writer(dir.filePath(QStringLiteral("bare.pdf")));
        writer.setResolution(300);
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
            QMarginsF(16, 12.8, 16, 12.8), QPageLayout::Millimeter));
        QTextDocument document;
        document.setHtml(html);
        document.print(&writer);
    });
    table.ratio(QStringLiteral("pdf: exportPdf %1 (in process)").arg(label), exportMs,
        QStringLiteral("bare QTextDocument::print"), bareMs, 1.5);
}

void runPdfLargeBench(Table &table, const PdfBenchOptions &options)
{
    const QString time = QStringLiteral("/usr/bin/time");
    if (!QFileInfo(time).isExecutable()) {
        table.skipped(QStringLiteral("pdf-large: export-pdf peak memory"),
            QStringLiteral("/usr/bin/time is absent: apt-get install time"));
        return;
    }
    const QDir dir(options.workDir);
    for (const qsizetype n : options.observations) {
        const QString label = QStringLiteral("%1-obs record").arg(n);
        const QString cache = dir.filePath(QStringLiteral("pdf-large-%1.sqlite").arg(n));
        QString arxivId;
        {
            const Record record = generateRecord(n - n / 100, n / 100, 3);
            arxivId = record.arxivId;
            Store store(cache);
            if (!store.open() || !store.importRecords({ record })) {
                table.check(QStringLiteral("pdf-large: %1 imported").arg(label), false,
                    QStringLiteral("the cache could not be written"));
                continue;
            }
        }
        const QString pdf = dir.filePath(QStringLiteral("pdf-large-%1.pdf").arg(n));
        const QString peakFile = dir.filePath(QStringLiteral("pdf-large-%1.rss").arg(n));
        const int runs = n > 10000 ? 1 : options.runs;
        QList<double> peaks;
        int failures = 0;
        benchOut() << "  export-pdf of " << label << " (" << runs << (runs == 1 ? " run" : " runs")
                   << ")..." << Qt::endl;
        const ProcessRun run = medianRun(runs, [&] {
            QFile::remove(pdf);
            ProcessRun one = runProcess(time,
                { QStringLiteral("-f"), QStringLiteral("%M"), QStringLiteral("-o"), peakFile,
                    options.cliPath, QStringLiteral("export-pdf"), arxivId, QStringLiteral("-o"),
                    pdf, QStringLiteral("--db"), cache },
                false, { QStringLiteral("QT_QPA_PLATFORM=offscreen") });
            failures += one.exitCode != 0;
            peaks.append(double(readPeakKb(peakFile)) / 1024);
            return one;
        });
        const int pages = failures == 0 ? pdfPages(pdf) : 0;
        table.check(QStringLiteral("pdf-large: export-pdf %1 exits 0 with every page").arg(label),
            failures == 0 && pages > 0,
            QStringLiteral("%1 of %2 runs failed; %3 pages").arg(failures).arg(runs).arg(pages));
        table.info(QStringLiteral("pdf-large: export-pdf %1, wall (whole process)").arg(label),
            run.wallMs);
        table.info(QStringLiteral("  CPU (whole process)"), run.cpuMs);
        table.info(QStringLiteral("  pages"), pages, QStringLiteral("pages"));
        table.info(QStringLiteral("  file size"), double(QFileInfo(pdf).size()) / (1 << 20),
            QStringLiteral("MB"));
        const double peak = median(peaks);
        if (n <= 60000)
            table.below(QStringLiteral("  peak memory (RSS, /usr/bin/time)"), peak, 500,
                QStringLiteral("MB"));
        else
            table.info(
                QStringLiteral("  peak memory (RSS, /usr/bin/time)"), peak, QStringLiteral("MB"));
        QFile::remove(pdf);
        for (const char *suffix : { "", "-wal", "-shm" })
            QFile::remove(cache + QLatin1String(suffix));
    }
}

} // namespace LedgerCurator::Bench
