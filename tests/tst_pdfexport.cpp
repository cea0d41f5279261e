// SPDX-License-Identifier: GPL-3.0-or-later
// The PDF export: through the real ledger-curator binary (no display) and through exportPdf();
// read back with poppler's pdftotext and pdfinfo.
#include "CuratedRecord.h"
#include "LedgerText.h"
#include "PageHtml.h"
#include "PdfExport.h"
#include "Store.h"
#include "TestSupport.h"

#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2"); // metadata mismatch

Record fixtureUpstream()
{
    auto page = parseLedgerText(fixture(), QStringLiteral("fixture"));
    if (!page.ok())
        qFatal("fixture: %s", qPrintable(page.error().toString()));
    return page->record;
}

QString run(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(300000) || process.exitCode() != 0)
        return {};
    return QString::fromUtf8(process.readAllStandardOutput());
}

QString pdfText(const QString &pdf, int page = 0)
{
    QStringList args;
    if (page > 0)
        args << QStringLiteral("-f") << QString::number(page) << QStringLiteral("-l")
             << QString::number(page);
    return run(QStringLiteral("pdftotext"),
        args << QStringLiteral("-enc") << QStringLiteral("UTF-8") << pdf << QStringLiteral("-"));
}

QString pdfInfo(const QString &pdf)
{
    return run(QStringLiteral("pdfinfo"), { QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf });
}

int pageCount(const QString &info)
{
    static const QRegularExpression pages(
        QStringLiteral("^Pages:\\s+(\\d+)$"), QRegularExpression::MultilineOption);
    return pages.match(info).captured(1).toInt();
}

//! No messages on standard error (Qt's note on a session without XDG_RUNTIME_DIR included:
//! the command line drops it, tst_cli's quietWithoutRuntimeDir).
bool quiet(const QByteArray &err)
{
    return err.isEmpty();
}

//! Keeps a copy of a PDF to look at: LC_PDF_DIR=/tmp/pdfs tst_pdfexport
void keep(const QString &pdf, const QString &name)
{
    const QString dir = qEnvironmentVariable("LC_PDF_DIR");
    if (dir.isEmpty())
        return;
    QFile::remove(dir + u'/' + name);
    QFile::copy(pdf, dir + u'/' + name);
}

} // namespace

class TestPdfExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void fixtureThroughTheCli();
    void letterPages();
    void renderHtmlThroughTheCli();
    void correctionMarkInThePdf();
    void retractionSaidFirst();
    void hostileTitlesStayText();
    void tenThousandObservations();
    void allAndThePreviewCapChangeNothing();
    void badUsage_data();
    void badUsage();
    void unwritablePathLeavesNoFile();
    void progressAndCancel();
    void worksInAWorkerThread();

private:
    CliRun cli(const QStringList &arguments) const;
    void importFixture();

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
};

void TestPdfExport::initTestCase()
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()
        || QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty())
        QSKIP("pdftotext and pdfinfo are missing: install poppler-utils (scripts/setup-debian.sh "
              "does)");
}

void TestPdfExport::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("cache.sqlite"));
}

CliRun TestPdfExport::cli(const QStringList &arguments) const
{
    return runCli(QStringList(arguments) << QStringLiteral("--db") << m_db, m_dir->path());
}

void TestPdfExport::importFixture()
{
    const CliRun imported
        = cli({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
}

void TestPdfExport::fixtureThroughTheCli()
{
    importFixture();
    const QString pdf = m_dir->filePath(QStringLiteral("page.pdf"));
    const CliRun exported
        = cli({ QStringLiteral("export-pdf"), kRecord, QStringLiteral("-o"), pdf });
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    QVERIFY2(quiet(exported.err), exported.err.constData());
    QVERIFY(exported.out.contains("exported arXiv:2104.04473 v5 to "));
    keep(pdf, QStringLiteral("fixture-a4.pdf"));

    const Record record = fixtureUpstream();
    const QString text = pdfText(pdf);
    QVERIFY(!text.isEmpty());
    const QString flat = text.simplified();
    // Each UUID on one line, whole.
    const QSet<QString> uuids = uuidsIn(text);
    for (const auto &o : record.observations) {
        QVERIFY2(uuids.contains(o.id), qPrintable(o.id));
        QVERIFY2(flat.contains(o.citingTitle.simplified()), qPrintable(o.citingTitle));
    }
    QVERIFY(flat.contains(QStringLiteral("As of 5 August 2026, this Paper Citation Record lists 0 "
                                         "of 0 outbound references and 34 inbound "
                                         "Pith citation observations for arXiv:2104.04473.")));
    QVERIFY(flat.contains(QStringLiteral("measured 34 of 34 inbound itemization")));
    // No ligature glyphs: "Efficient" reads back as typed, not as "E\uFB00icient".
    QVERIFY(!text.contains(QRegularExpression(QStringLiteral("[\\x{FB00}-\\x{FB06}]"))));
    QVERIFY(flat.contains(QStringLiteral("Efficient Large-Scale Language Model Training")));
    // The badge pads its text with non-breaking spaces: "verified exact ;".
    QVERIFY(QRegularExpression(
        QStringLiteral(
            "Resolution: verified exact ?; arxiv_id, observed 2026-05-24T12:14:26\\.541851Z"))
                .match(flat)
                .hasMatch());

    const QString info = pdfInfo(pdf);
    QCOMPARE(pdfInfoField(info, QStringLiteral("Title")), record.title);
    QCOMPARE(pdfInfoField(info, QStringLiteral("Creator")), QStringLiteral("Ledger Curator"));
    QVERIFY2(QRegularExpression(QStringLiteral("^595(\\.\\d+)? x 84[12](\\.\\d+)? pts \\(A4\\)$"))
                 .match(pdfInfoField(info, QStringLiteral("Page size")))
                 .hasMatch(),
        qPrintable(info));
    const int pages = pageCount(info);
    QVERIFY2(pages > 1, qPrintable(info));
    for (int page = 1; page <= pages; ++page) {
        const QString pageText = pdfText(pdf, page).simplified();
        QVERIFY2(pageText.contains(QStringLiteral("arXiv:2104.04473")),
            qPrintable(QString::number(page)));
        QVERIFY2(pageText.contains(QStringLiteral("page %1 of %2").arg(page).arg(pages)),
            qPrintable(QString::number(page)));
    }

    // Live links to the arXiv page: a URI link annotation.
    const QByteArray bytes = readAll(pdf);
    QVERIFY(bytes.contains("/URI (https://arxiv.org/abs/2104.04473)"));
    QVERIFY(!bytes.contains("/URI (http://")
        && bytes.count("/URI (") == bytes.count("/URI (https://arxiv.org/abs/"));
}

void TestPdfExport::letterPages()
{
    importFixture();
    const QString pdf = m_dir->filePath(QStringLiteral("letter.pdf"));
    const CliRun exported = cli({ QStringLiteral("export-pdf"), kRecord, QStringLiteral("-o"), pdf,
        QStringLiteral("--page-size"), QStringLiteral("letter") });
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    keep(pdf, QStringLiteral("fixture-letter.pdf"));
    const QString info = pdfInfo(pdf);
    QCOMPARE(
        pdfInfoField(info, QStringLiteral("Page size")), QStringLiteral("612 x 792 pts (letter)"));
    const int pages = pageCount(info);
    QVERIFY(pages > 1);
    QVERIFY(pdfText(pdf, pages).contains(QStringLiteral("page %1 of %1").arg(pages)));
}

void TestPdfExport::renderHtmlThroughTheCli()
{
    importFixture();
    const QString file = m_dir->filePath(QStringLiteral("page.html"));
    const CliRun rendered = cli({ QStringLiteral("render"), kRecord, QStringLiteral("--format"),
        QStringLiteral("html"), QStringLiteral("-o"), file });
    QVERIFY2(rendered.exitCode == 0, rendered.err.constData());
    const Record shown = applyCorrections(fixtureUpstream(), {}).shown;
    // The preview's HTML: standalone, the stylesheet inlined, the preview's cap.
    const QString expected
        = renderPageHtml(shown, HtmlOptions { 500, true, loadPageStylesheet(), false });
    QVERIFY(loadPageStylesheet().contains(QStringLiteral(".state-verified_exact")));
    QCOMPARE(QString::fromUtf8(readAll(file)), expected);
    const CliRun toStdout = cli(
        { QStringLiteral("render"), kRecord, QStringLiteral("--format"), QStringLiteral("html") });
    QCOMPARE(QString::fromUtf8(toStdout.out), expected);
}

void TestPdfExport::correctionMarkInThePdf()
{
    importFixture();
    const CliRun curated
        = cli({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("state=verified exact"),
            QStringLiteral("--author"), QStringLiteral("ada.lovelace") });
    QVERIFY2(curated.exitCode == 0, curated.err.constData());
    const QString pdf = m_dir->filePath(QStringLiteral("curated.pdf"));
    const CliRun exported
        = cli({ QStringLiteral("export-pdf"), kRecord, QStringLiteral("-o"), pdf });
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    keep(pdf, QStringLiteral("fixture-curated.pdf"));
    const QString flat = pdfText(pdf).simplified();
    static const QRegularExpression mark(
        QStringLiteral("Curated by ada\\.lovelace, \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z: state was "
                       "metadata mismatch\\."));
    QVERIFY2(mark.match(flat).hasMatch(), qPrintable(flat.left(4000)));

    // --upstream: the page as received, without the mark.
    const QString upstream = m_dir->filePath(QStringLiteral("upstream.pdf"));
    QCOMPARE(cli({ QStringLiteral("export-pdf"), kRecord, QStringLiteral("-o"), upstream,
                     QStringLiteral("--upstream") })
                 .exitCode,
        0);
    QVERIFY(!pdfText(upstream).contains(QStringLiteral("Curated by")));
}

void TestPdfExport::retractionSaidFirst()
{
    importFixture();
    const QByteArray pageBefore = cli({ QStringLiteral("render"), kRecord }).out;
    const CliRun notices = cli({ QStringLiteral("import-notices"),
        dataPath(QStringLiteral("retractions-sample.csv")), QStringLiteral("--partial") });
    QVERIFY2(notices.exitCode == 0, notices.err.constData());

    // The PDF's first page says it, with the date, kind, source and identifiers; once.
    const QString pdf = m_dir->filePath(QStringLiteral("retracted.pdf"));
    const CliRun exported
        = cli({ QStringLiteral("export-pdf"), kRecord, QStringLiteral("-o"), pdf });
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    keep(pdf, QStringLiteral("fixture-retracted.pdf"));
    const QString first = pdfText(pdf, 1).simplified();
    for (const QString &said : { QStringLiteral("This paper is retracted."),
             QStringLiteral("Retraction · 2024-03-01 · retraction_status_cache · Retraction Watch "
                            "record 51234 · notice 10.1234/retract.2104"),
             QStringLiteral("Detail: Duplication of Article; Error in Data"),
             QStringLiteral("Review: unreviewed.") })
        QVERIFY2(first.contains(said), qPrintable(said + QStringLiteral("\n\n") + first));
    // Before the page's own sections.
    QVERIFY(first.indexOf(QStringLiteral("This paper is retracted."))
        < first.indexOf(QStringLiteral("As of 5 August 2026")));
    const QString all = pdfText(pdf).simplified();
    QCOMPARE(all.count(QStringLiteral("This paper is retracted.")), 1);
    QCOMPARE(all.count(QStringLiteral("Duplication of Article")), 1);
    QCOMPARE(all.count(QStringLiteral("10.1234/retract.2104")), 1);
    // The 28 observations citing the paper point at it instead of repeating it.
    QCOMPARE(all.count(QStringLiteral("Retracted work.")), 0);
    QCOMPARE(
        all.count(QStringLiteral("1 event about this paper, listed at the top of the page.")), 28);

    // The HTML says it at the top too, under the title.
    const CliRun html = cli(
        { QStringLiteral("render"), kRecord, QStringLiteral("--format"), QStringLiteral("html") });
    QVERIFY2(html.exitCode == 0, html.err.constData());
    const QString page = QString::fromUtf8(html.out);
    const qsizetype said = page.indexOf(QStringLiteral("This paper is retracted."));
    QVERIFY(said > page.indexOf(QStringLiteral("<h1 class=\"title\">")));
    QVERIFY(said < page.indexOf(QStringLiteral("<p class=\"asof\">")));
    QCOMPARE(page.count(QStringLiteral("This paper is retracted.")), 1);
    QCOMPARE(page.count(QStringLiteral("Retracted work.")), 0);

    // The text form keeps the page's own format: nothing said first, the upstream page as
    // imported, byte for byte.
    const CliRun text = cli({ QStringLiteral("render"), kRecord });
    QVERIFY(!text.out.contains("This paper is retracted"));
    QVERIFY(!text.out.contains("listed at the top of the page"));
    QCOMPARE(
        cli({ QStringLiteral("render"), kRecord, QStringLiteral("--upstream") }).out, pageBefore);
    // (the published page has no line end after its last line; the text form ends with one)
    QCOMPARE(pageBefore, readAll(dataPath(QStringLiteral("ledger-2104.04473.txt"))) + '\n');
    // --upstream HTML: the page as received says nothing of the imported notice.
    const CliRun upstreamHtml = cli({ QStringLiteral("render"), kRecord, QStringLiteral("--format"),
        QStringLiteral("html"), QStringLiteral("--upstream") });
    QVERIFY(!upstreamHtml.out.contains("This paper is retracted."));
}

void TestPdfExport::hostileTitlesStayText()
{
    Record r = richRecord();
    r.observations[7].citingTitle = QStringLiteral("<b>x</b> & \"quoted\"");
    const QString pdf = m_dir->filePath(QStringLiteral("rich.pdf"));
    const Status written = exportPdf(applyCorrections(r, {}).shown, pdf);
    if (!written.ok())
        QFAIL(qPrintable(written.error().toString()));
    keep(pdf, QStringLiteral("rich.pdf"));
    const QString flat = pdfText(pdf).simplified();
    QVERIFY(flat.contains(
                QStringLiteral("<img src=x onerror=alert(1)> cites this paper.")) // outbound: cited
        || flat.contains(QStringLiteral("This paper cites <img src=x onerror=alert(1)>.")));
    QVERIFY(flat.contains(QStringLiteral("<b>x</b> & \"quoted\" cites this paper.")));
    QCOMPARE(pdfInfoField(pdfInfo(pdf), QStringLiteral("Title")), r.title);
}

//! kRecord with `count` inbound observations copied from the fixture with new UUIDs, straight
//! into the cache.
static bool importInbound(const QString &db, const Record &fixture, int count)
{
    Record big = fixture;
    const QList<Observation> originals = big.observations;
    big.observations.clear();
    for (int i = 0; i < count; ++i) {
        Observation o = originals[i % originals.size()];
        o.id = uuidFor(i);
        big.observations.append(o);
    }
    big.stated.inbound = count;
    for (auto &facet : big.coverage) {
        if (facet.kind == CoverageFacet::Kind::InboundItemization
            || facet.kind == CoverageFacet::Kind::StandingNotices)
            facet.measured = facet.of = count;
    }
    Store store(db);
    if (!store.open().ok())
        return false;
    auto imported = store.importRecords({ big });
    if (!imported.ok())
        qWarning("%s", qPrintable(imported.error().toString()));
    return imported.ok();
}

void TestPdfExport::tenThousandObservations()
{
    // 10,000 inbound observations: one export (the heaviest of this suite's tests; the options'
    // effects are checked on a smaller record below).
    constexpr int kCount = 10000;
    QVERIFY(importInbound(m_db, fixtureUpstream(), kCount));
    const QString pdf = m_dir->filePath(QStringLiteral("big.pdf"));
    // Exporting a record means the whole record: no --all needed, as File > Export PDF... (issue
    // 22). Not timed: export-pdf's figures are bench/'s ("pdf: export-pdf ..., wall").
    const CliRun exported
        = cli({ QStringLiteral("export-pdf"), kRecord, QStringLiteral("-o"), pdf });
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    QVERIFY2(quiet(exported.err), exported.err.constData());
    const QString info = pdfInfo(pdf);
    qDebug("export-pdf of %d observations: %d pages, %lld bytes", kCount, pageCount(info),
        QFileInfo(pdf).size());
    keep(pdf, QStringLiteral("big.pdf"));
    const QString text = pdfText(pdf);
    const QSet<QString> uuids = uuidsIn(text);
    for (int i = 0; i < kCount; ++i)
        QVERIFY2(uuids.contains(uuidFor(i)), qPrintable(uuidFor(i)));
    QVERIFY(!text.contains(QStringLiteral("(page cap)")));
    const int pages = pageCount(info);
    QVERIFY(pages > 1000);
    QVERIFY(pdfText(pdf, pages).contains(QStringLiteral("page %1 of %1").arg(pages)));
}

void TestPdfExport::allAndThePreviewCapChangeNothing()
{
    constexpr int kCount = 600;
    QVERIFY(importInbound(m_db, fixtureUpstream(), kCount));
    const QString pdf = m_dir->filePath(QStringLiteral("whole.pdf"));
    const CliRun exported
        = cli({ QStringLiteral("export-pdf"), kRecord, QStringLiteral("-o"), pdf });
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    const int pages = pageCount(pdfInfo(pdf));
    QVERIFY(pages > 50);
    QCOMPARE(uuidsIn(pdfText(pdf)).size(), kCount);

    // --all is still accepted (scripts give it), and changes nothing; a page cap set for the
    // preview does not reach the PDF either.
    {
        // The command line's settings file under the runs' home (runCli()).
        QSettings settings(
            m_dir->filePath(QStringLiteral("xdg-config/ledger-curator/ledger-curator.conf")),
            QSettings::IniFormat);
        settings.setValue(QStringLiteral("preview/inboundCap"), 100);
    }
    const QString all = m_dir->filePath(QStringLiteral("all.pdf"));
    const CliRun withAll = cli({ QStringLiteral("export-pdf"), kRecord, QStringLiteral("-o"), all,
        QStringLiteral("--all") });
    QVERIFY2(withAll.exitCode == 0, withAll.err.constData());
    QCOMPARE(pageCount(pdfInfo(all)), pages);

    // The preview's HTML (render --format html) keeps the page cap of the preview (here 100),
    // unless --all.
    const CliRun html = cli(
        { QStringLiteral("render"), kRecord, QStringLiteral("--format"), QStringLiteral("html") });
    QCOMPARE(html.exitCode, 0);
    const QString cappedText = QString::fromUtf8(html.out);
    QCOMPARE(uuidsIn(cappedText).size(), 100);
    QVERIFY(cappedText.contains(QStringLiteral("Showing 100 of 600 inbound observations")));
    const CliRun htmlAll = cli({ QStringLiteral("render"), kRecord, QStringLiteral("--format"),
        QStringLiteral("html"), QStringLiteral("--all") });
    QCOMPARE(htmlAll.exitCode, 0);
    QCOMPARE(uuidsIn(QString::fromUtf8(htmlAll.out)).size(), kCount);
}

void TestPdfExport::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no -o") << QStringList { QStringLiteral("export-pdf"), kRecord }
                           << QStringLiteral("-o FILE");
    QTest::newRow("no record") << QStringList { QStringLiteral("export-pdf"), QStringLiteral("-o"),
        QStringLiteral("x.pdf") }
                               << QStringLiteral("name one RECORD");
    QTest::newRow("unknown record") << QStringList { QStringLiteral("export-pdf"),
        QStringLiteral("9999.99999"), QStringLiteral("-o"), QStringLiteral("x.pdf") }
                                    << QStringLiteral("no record 9999.99999");
    QTest::newRow("page size") << QStringList { QStringLiteral("export-pdf"), kRecord,
        QStringLiteral("-o"), QStringLiteral("x.pdf"), QStringLiteral("--page-size"),
        QStringLiteral("a5") } << QStringLiteral("unknown page size 'a5'");
    QTest::newRow("unknown option") << QStringList { QStringLiteral("export-pdf"), kRecord,
        QStringLiteral("-o"), QStringLiteral("x.pdf"), QStringLiteral("--colour") }
                                    << QStringLiteral("colour");
}

void TestPdfExport::badUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    importFixture();
    const CliRun result = cli(arguments);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(QString::fromUtf8(result.err).contains(message), result.err.constData());
    QVERIFY(!QFile::exists(QStringLiteral("x.pdf")));
    QVERIFY(!QFile::exists(m_dir->filePath(QStringLiteral("x.pdf"))));
}

void TestPdfExport::unwritablePathLeavesNoFile()
{
    importFixture();
    const QString missingDir = m_dir->filePath(QStringLiteral("no-such-dir/page.pdf"));
    const CliRun result
        = cli({ QStringLiteral("export-pdf"), kRecord, QStringLiteral("-o"), missingDir });
    QCOMPARE(result.exitCode, 1);
    QVERIFY(result.err.contains("cannot write"));
    QVERIFY(!QFileInfo::exists(missingDir));
    QVERIFY(!QFileInfo::exists(m_dir->filePath(QStringLiteral("no-such-dir"))));

    // A directory in the way.
    const QString directory = m_dir->filePath(QStringLiteral("taken.pdf"));
    QVERIFY(QDir().mkdir(directory));
    QCOMPARE(
        cli({ QStringLiteral("export-pdf"), kRecord, QStringLiteral("-o"), directory }).exitCode,
        1);
    QVERIFY(QFileInfo(directory).isDir());
    QVERIFY(QDir(directory).isEmpty());
    const QStringList left = QDir(m_dir->path()).entryList(QDir::Files);
    QCOMPARE(left, QStringList { QStringLiteral("cache.sqlite") });
}

void TestPdfExport::progressAndCancel()
{
    const Record shown = applyCorrections(fixtureUpstream(), {}).shown;
    const QString pdf = m_dir->filePath(QStringLiteral("api.pdf"));
    QList<std::pair<qint64, qint64>> calls;
    const Status written = exportPdf(
        shown, pdf, PdfOptions { QPageSize::Letter, 0 }, [&calls](qint64 done, qint64 total) {
            calls.append({ done, total });
            return true;
        });
    if (!written.ok())
        QFAIL(qPrintable(written.error().toString()));
    QVERIFY(calls.size() >= 3);
    QCOMPARE(calls.first(), (std::pair<qint64, qint64>(0, 0)));
    // Two steps a page: laid out, then drawn.
    const qint64 steps = calls.last().second;
    QCOMPARE(calls.last().first, steps);
    QCOMPARE(2 * pageCount(pdfInfo(pdf)), int(steps));

    // Cancelled once the first page is laid out: no file, no temporary left behind.
    const QString cancelled = m_dir->filePath(QStringLiteral("cancelled.pdf"));
    const Status stopped
        = exportPdf(shown, cancelled, {}, [](qint64 done, qint64) { return done < 1; });
    QVERIFY(!stopped.ok());
    QCOMPARE(stopped.error().kind, Error::Kind::Cancelled);
    QVERIFY(!QFile::exists(cancelled));
    // Cancelled over an existing file: the old file stays as it was.
    const QByteArray before = readAll(pdf);
    QVERIFY(!exportPdf(shown, pdf, {}, [](qint64 done, qint64) { return done < 2; }).ok());
    QCOMPARE(readAll(pdf), before);
    QCOMPARE(QDir(m_dir->path()).entryList(QDir::Files), QStringList { QStringLiteral("api.pdf") });

    QCOMPARE(
        exportPdf(shown, pdf, PdfOptions { QPageSize::A5, 0 }).error().kind, Error::Kind::BadInput);
}

void TestPdfExport::worksInAWorkerThread()
{
    // The desktop app may export off the GUI thread (QPainter on a QPdfWriter is allowed there).
    const Record shown = applyCorrections(fixtureUpstream(), {}).shown;
    const QString pdf = m_dir->filePath(QStringLiteral("thread.pdf"));
    Status written = Error::failure(QStringLiteral("not run"));
    std::unique_ptr<QThread> thread(QThread::create([&] { written = exportPdf(shown, pdf); }));
    thread->start();
    QVERIFY(thread->wait(120000));
    if (!written.ok())
        QFAIL(qPrintable(written.error().toString()));
    QVERIFY(uuidsIn(pdfText(pdf)).contains(kOpt));
}

QTEST_MAIN(TestPdfExport)
#include "tst_pdfexport.moc"
