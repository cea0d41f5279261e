// SPDX-License-Identifier: GPL-3.0-or-later
// The PDF export of a large record (docs/rendering.md, "A large record": 60,003 observations once
// came out as one blank page, reported as exported): a generated 60,000-observation record through
// the real `ledger-curator export-pdf`, read back whole with poppler's pdfinfo and pdftotext, its
// peak memory taken by /usr/bin/time; exports that fail (no folder, a file size limit reached half
// way) leave nothing and exit non-zero; the pieces the page is laid out in join without a seam; the
// progress moves with the pages and Cancel stops either pass.
#include "CuratedRecord.h"
#include "PdfExport.h"
#include "RecordGenerator.h"
#include "Store.h"
#include "TestSupport.h"

#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <tuple>

#include <csignal>
#include <sys/resource.h>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

constexpr qsizetype kObservations = 60000;
//! The export's peak resident memory must stay under this (2.7 GB before the page was laid out in
//! pieces).
constexpr qint64 kPeakLimitKb = 500 * 1024;

struct Run
{
    int exitCode = -1; // -1: did not finish, or killed by a signal
    QByteArray out;
    QByteArray err;
};

//! A child process to its end, however long a busy machine makes it (no assertion on time).
Run runProcess(const QString &program, const QStringList &arguments, const QString &home,
    const std::function<void()> &inChild = {})
{
    QProcess process;
    process.setProcessEnvironment(cliEnvironment(home));
    if (inChild)
        process.setChildProcessModifier(inChild);
    process.start(program, arguments);
    if (!process.waitForFinished(scaledTimeoutMs(3600000)))
        return {};
    return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
        process.readAllStandardOutput(), process.readAllStandardError() };
}

QString pdfText(const QString &pdf, int first = 0, int last = 0)
{
    QStringList args;
    if (first > 0)
        args << QStringLiteral("-f") << QString::number(first) << QStringLiteral("-l")
             << QString::number(last > 0 ? last : first);
    QProcess process;
    process.start(QStringLiteral("pdftotext"),
        args << QStringLiteral("-enc") << QStringLiteral("UTF-8") << pdf << QStringLiteral("-"));
    if (!process.waitForFinished(scaledTimeoutMs(1800000)) || process.exitCode() != 0)
        return {};
    return QString::fromUtf8(process.readAllStandardOutput());
}

QString pdfInfo(const QString &pdf)
{
    QProcess process;
    process.start(
        QStringLiteral("pdfinfo"), { QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf });
    if (!process.waitForFinished(scaledTimeoutMs(600000)) || process.exitCode() != 0)
        return {};
    return QString::fromUtf8(process.readAllStandardOutput());
}

int pageCount(const QString &pdf)
{
    return pdfInfoField(pdfInfo(pdf), QStringLiteral("Pages")).toInt();
}

//! A word of the PDF where pdftotext places it (points from the page's top left).
struct Word
{
    int page = 0;
    QString text;
    double x = 0;
    double y = 0;
};

//! The words in the pages' bodies (between the running header and the footer of an A4 page),
//! in order of page, text and place. Lines a page's drawing clips away (the rest of a block that
//! runs on from the page before, or on to the next) lie outside its body: left out.
QList<Word> bodyWords(const QString &pdf)
{
    QProcess process;
    process.start(
        QStringLiteral("pdftotext"), { QStringLiteral("-bbox"), pdf, QStringLiteral("-") });
    if (!process.waitForFinished(scaledTimeoutMs(600000)) || process.exitCode() != 0)
        return {};
    constexpr double kTop = (12.8 + 9) / 25.4 * 72; // the margin and the header's band
    constexpr double kBottom = 841.89 - kTop;
    static const QRegularExpression word(
        QStringLiteral("<word xMin=\"([\\d.]+)\" yMin=\"([\\d.]+)\" xMax=\"[\\d.]+\" "
                       "yMax=\"([\\d.]+)\">(.*)</word>"));
    QList<Word> words;
    int page = 0;
    const QList<QByteArray> lines = process.readAllStandardOutput().split('\n');
    for (const QByteArray &line : lines) {
        if (line.contains("<page "))
            ++page;
        const auto m = word.match(QString::fromUtf8(line));
        if (!m.hasMatch())
            continue;
        const double top = m.captured(2).toDouble();
        const double middle = (top + m.captured(3).toDouble()) / 2;
        if (middle > kTop && middle < kBottom)
            words.append({ page, m.captured(4), m.captured(1).toDouble(), top });
    }
    std::sort(words.begin(), words.end(), [](const Word &a, const Word &b) {
        return std::tuple(a.page, a.text, qRound(a.y * 10), a.x)
            < std::tuple(b.page, b.text, qRound(b.y * 10), b.x);
    });
    return words;
}

//! Where `a` and `b` place a word differently (more than 0.05 pt), or hold different words;
//! empty when they are the same.
QString firstDifference(const QList<Word> &a, const QList<Word> &b)
{
    for (qsizetype i = 0; i < std::min(a.size(), b.size()); ++i) {
        const Word &u = a.at(i);
        const Word &v = b.at(i);
        if (u.page != v.page || u.text != v.text || std::abs(u.x - v.x) > 0.05
            || std::abs(u.y - v.y) > 0.05)
            return QStringLiteral("page %1 \"%2\" at (%3, %4), page %5 \"%6\" at (%7, %8)")
                .arg(u.page)
                .arg(u.text)
                .arg(u.x)
                .arg(u.y)
                .arg(v.page)
                .arg(v.text)
                .arg(v.x)
                .arg(v.y);
    }
    if (a.size() != b.size())
        return QStringLiteral("%1 words, %2").arg(a.size()).arg(b.size());
    return {};
}

//! Keeps a copy of a PDF to look at: LC_PDF_DIR=/tmp/pdfs tst_pdflarge
void keep(const QString &pdf, const QString &name)
{
    const QString dir = qEnvironmentVariable("LC_PDF_DIR");
    if (dir.isEmpty())
        return;
    QFile::remove(dir + u'/' + name);
    QFile::copy(pdf, dir + u'/' + name);
}

//! The files in `dir` (a failed export leaves none of its own, not even QSaveFile's temporary).
QStringList filesIn(const QString &dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden, QDir::Name);
}

//! Exports `record` to `path`, cancelled at progress step `stopAt`; why that went wrong (the
//! export was not cancelled, or something is left at the path), empty when it went right.
QString cancelLeavesNothing(
    const Record &record, const QString &path, const PdfOptions &options, qint64 stopAt)
{
    const Status stopped = LedgerCurator::exportPdf(
        record, path, options, [stopAt](qint64 done, qint64) { return done < stopAt; });
    if (stopped.ok())
        return QStringLiteral("step %1: not cancelled").arg(stopAt);
    if (stopped.error().kind != Error::Kind::Cancelled)
        return QStringLiteral("step %1: %2").arg(stopAt).arg(stopped.error().toString());
    if (QFileInfo::exists(path))
        return QStringLiteral("step %1: %2 is left").arg(stopAt).arg(path);
    const QStringList left
        = filesIn(QFileInfo(path).path()).filter(QFileInfo(path).completeBaseName());
    if (!left.isEmpty())
        return QStringLiteral("step %1: left %2").arg(stopAt).arg(left.join(u' '));
    return {};
}

} // namespace

class TestPdfLarge : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sixtyThousandObservationsThroughTheCli();
    void failedExportsLeaveNothing();
    void piecesJoinWithoutASeam();
    void progressMovesWithThePages_data();
    void progressMovesWithThePages();
    void theSecondThreadChangesNothing();
    void onePieceTooTallIsRefused();

private:
    Run exportPdf(const QStringList &extra, const std::function<void()> &inChild = {}) const;

    QTemporaryDir m_dir;
    QString m_db;
    QString m_arxivId;
    QString m_title;
    QString m_firstId; // the page's first observation (the first outbound one)
    QString m_lastId; // and its last (the last inbound one)
    QString m_lastTitle;
    QSet<QString> m_ids;
    Record m_medium; // 600 observations, for the exports in this process
};

void TestPdfLarge::initTestCase()
{
    for (const char *tool : { "pdftotext", "pdfinfo" }) {
        if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty())
            QSKIP(
                "pdftotext and pdfinfo are missing: install poppler-utils (scripts/setup-debian.sh "
                "does)");
    }
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(QStringLiteral("cache.sqlite"));
    const Record big
        = Bench::generateRecord(kObservations - kObservations / 100, kObservations / 100, 5);
    QCOMPARE(big.observations.size(), kObservations);
    QCOMPARE(big.observations.first().direction, Direction::Outbound);
    QCOMPARE(big.observations.last().direction, Direction::Inbound);
    m_arxivId = big.arxivId;
    m_title = big.title;
    m_firstId = big.observations.first().id;
    m_lastId = big.observations.last().id;
    m_lastTitle = big.observations.last().citingTitle;
    for (const Observation &o : big.observations)
        m_ids.insert(o.id);
    Store store(m_db);
    QVERIFY(store.open().ok());
    auto imported = store.importRecords({ big });
    if (!imported.ok())
        QFAIL(qPrintable(imported.error().toString()));
    m_medium = Bench::generateRecord(594, 6, 9);
}

Run TestPdfLarge::exportPdf(const QStringList &extra, const std::function<void()> &inChild) const
{
    return runProcess(QStringLiteral(LC_CLI_PATH),
        QStringList { QStringLiteral("export-pdf"), m_arxivId, QStringLiteral("--db"), m_db }
            + extra,
        m_dir.path(), inChild);
}

void TestPdfLarge::sixtyThousandObservationsThroughTheCli()
{
    if (!QFileInfo(QStringLiteral("/usr/bin/time")).isExecutable())
        QSKIP("/usr/bin/time is missing: install time (scripts/setup-debian.sh does)");
    const QString pdf = m_dir.filePath(QStringLiteral("big.pdf"));
    const QString rss = m_dir.filePath(QStringLiteral("rss.txt"));
    // /usr/bin/time forks the export from itself: its wait4() peak is the export's own (a child
    // of this test would start with this test's high-water mark).
    const Run exported = runProcess(QStringLiteral("/usr/bin/time"),
        { QStringLiteral("-f"), QStringLiteral("%M"), QStringLiteral("-o"), rss,
            QStringLiteral(LC_CLI_PATH), QStringLiteral("export-pdf"), m_arxivId,
            QStringLiteral("-o"), pdf, QStringLiteral("--db"), m_db },
        m_dir.path());
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    QVERIFY2(exported.err.isEmpty(), exported.err.constData());
    QVERIFY(
        exported.out.startsWith(QByteArray("exported arXiv:" + m_arxivId.toUtf8() + " v2 to ")));

    // Peak memory: a count of pages held, not of time; far under the limit.
    const qint64 peakKb = readAll(rss).trimmed().split('\n').last().toLongLong();
    qDebug("export-pdf of %lld observations: peak %lld MB, %lld bytes", qint64(kObservations),
        peakKb / 1024, QFileInfo(pdf).size());
    QVERIFY2(peakKb > 0, readAll(rss).constData());
    QVERIFY2(peakKb < kPeakLimitKb, qPrintable(QString::number(peakKb / 1024) + " MB"));

    keep(pdf, QStringLiteral("sixty-thousand.pdf"));
    const QString info = pdfInfo(pdf);
    QCOMPARE(pdfInfoField(info, QStringLiteral("Title")), m_title);
    const int pages = pdfInfoField(info, QStringLiteral("Pages")).toInt();
    qDebug("%d pages", pages);
    // Between 2 and 8 observations a page, as the page's layout has them.
    QVERIFY2(pages > kObservations / 8 && pages < kObservations / 2, qPrintable(info));

    // The first page: the record's heading, page 1 of M. The first observation comes after the
    // notices said first (the generated paper is retracted 60 times), within the first pages.
    const QString first = pdfText(pdf, 1).simplified();
    QVERIFY2(first.contains(QStringLiteral("Paper Citation Record")), qPrintable(first));
    QVERIFY2(first.contains(QStringLiteral("arXiv:%1 · page 1 of %2").arg(m_arxivId).arg(pages)),
        qPrintable(first));
    static const QRegularExpression heading(QStringLiteral(
        "Observation ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"));
    QCOMPARE(heading.match(pdfText(pdf, 1, 10)).captured(1), m_firstId);
    // A page in the middle and the last: their numbers; the last observation last of all.
    const int middle = pages / 2;
    QVERIFY(
        pdfText(pdf, middle)
            .simplified()
            .contains(
                QStringLiteral("arXiv:%1 · page %2 of %3").arg(m_arxivId).arg(middle).arg(pages)));
    const QString last = pdfText(pdf, pages).simplified();
    QVERIFY2(last.contains(QStringLiteral("page %1 of %1").arg(pages)), qPrintable(last));
    // (the last observation may start on the page before)
    const QString lastTwo = pdfText(pdf, pages - 1, pages).simplified();
    QString lastHeading;
    for (auto it = heading.globalMatch(lastTwo); it.hasNext();)
        lastHeading = it.next().captured(1);
    QCOMPARE(lastHeading, m_lastId);
    QVERIFY2(lastTwo.contains(m_lastTitle.simplified().left(30)), qPrintable(lastTwo));

    // Every observation, whole: each UUID is on one line in the text.
    const QSet<QString> found = uuidsIn(pdfText(pdf));
    QSet<QString> missing = m_ids;
    missing.subtract(found);
    QVERIFY2(missing.isEmpty(),
        qPrintable(QStringLiteral("%1 observations missing, among them %2")
                       .arg(missing.size())
                       .arg(missing.isEmpty() ? QString() : *missing.cbegin())));
    // The links to the record's arXiv page are live.
    QVERIFY(readAll(pdf).contains(
        QByteArray("/URI (https://arxiv.org/abs/" + m_arxivId.toUtf8() + ")")));
}

void TestPdfLarge::failedExportsLeaveNothing()
{
    // No such folder: refused before anything is laid out.
    const QString folder = m_dir.filePath(QStringLiteral("out"));
    QVERIFY(QDir().mkpath(folder));
    const QString missing = folder + QStringLiteral("/no-such-folder/page.pdf");
    const Run noFolder = exportPdf({ QStringLiteral("-o"), missing });
    QCOMPARE(noFolder.exitCode, 1);
    QVERIFY2(noFolder.err.contains("cannot write"), noFolder.err.constData());
    QVERIFY(!QFileInfo::exists(missing));

    // A limit on file sizes reached half way through the drawing (as a disk filling up): the
    // write error is caught, the export stops, says so, exits 1 and leaves nothing, not even
    // the temporary file; a file already at the path stays as it was.
    const QString pdf = folder + QStringLiteral("/page.pdf");
    QFile old(pdf);
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.write("%PDF-1.4 the PDF of yesterday\n");
    old.close();
    const Run full = exportPdf({ QStringLiteral("-o"), pdf }, [] {
        std::signal(SIGXFSZ, SIG_IGN); // write() fails with EFBIG instead
        const rlimit limit { 4 << 20, 4 << 20 }; // 4 MB: the PDF is many times that
        setrlimit(RLIMIT_FSIZE, &limit);
    });
    QCOMPARE(full.exitCode, 1);
    const QString message = QString::fromUtf8(full.err);
    qDebug("a file size limit of 4 MB: %s", full.err.trimmed().constData());
    QVERIFY2(message.contains(pdf + QStringLiteral(": cannot write: ")), full.err.constData());
    QCOMPARE(message.count(u'\n'), 1); // one line, one message
    QCOMPARE(filesIn(folder), QStringList { QStringLiteral("page.pdf") });
    QCOMPARE(readAll(pdf), QByteArray("%PDF-1.4 the PDF of yesterday\n"));
    QVERIFY(full.out.isEmpty()); // no "exported"
}

void TestPdfLarge::piecesJoinWithoutASeam()
{
    // The same page laid out whole and in pieces of every size: the same words at the same
    // places on the same pages (to 0.05 pt), the footers alike. Each piece starts where the one
    // before ended, on the same page. (The record is small enough to be laid out whole: past some
    // 300 pages a whole document places a few lines differently, a few points off.)
    const QString whole = m_dir.filePath(QStringLiteral("whole.pdf"));
    PdfOptions options;
    options.pieces = { 1 << 30, 1 << 30 };
    Status written = LedgerCurator::exportPdf(m_medium, whole, options);
    if (!written.ok())
        QFAIL(qPrintable(written.error().toString()));
    keep(whole, QStringLiteral("whole.pdf"));
    const int pages = pageCount(whole);
    QVERIFY(pages > 100);
    const QList<Word> words = bodyWords(whole);
    QVERIFY(words.size() > pages * 100);
    QCOMPARE(uuidsIn(pdfText(whole)).size(), m_medium.observations.size());

    const QList<HtmlPieceLimits> cuts { { 200, 1 << 30 }, { 7, 1 << 30 }, { 1, 1 << 30 },
        { 1 << 30, 20000 } };
    for (const HtmlPieceLimits &cut : cuts) {
        const QString label = QStringLiteral("%1 observations, %2 characters a piece")
                                  .arg(cut.observations)
                                  .arg(cut.characters);
        const QString pdf = m_dir.filePath(QStringLiteral("pieces.pdf"));
        options.pieces = cut;
        written = LedgerCurator::exportPdf(m_medium, pdf, options);
        QVERIFY2(written.ok(), qPrintable(label + u' ' + written.error().toString()));
        keep(pdf, QStringLiteral("pieces-%1-%2.pdf").arg(cut.observations).arg(cut.characters));
        QCOMPARE(pageCount(pdf), pages);
        const QString difference = firstDifference(words, bodyWords(pdf));
        QVERIFY2(difference.isEmpty(), qPrintable(label + QStringLiteral(": ") + difference));
        for (const int page : { 1, pages / 2, pages })
            QVERIFY(
                pdfText(pdf, page).contains(QStringLiteral("page %1 of %2").arg(page).arg(pages)));
    }
}

void TestPdfLarge::progressMovesWithThePages_data()
{
    QTest::addColumn<PdfWriterKind>("writer");
    QTest::newRow("own writer") << PdfWriterKind::Own;
    QTest::newRow("Qt's writer") << PdfWriterKind::Qt;
}

void TestPdfLarge::progressMovesWithThePages()
{
    QFETCH(PdfWriterKind, writer);
    PdfOptions options;
    options.pieces = { 50, 1 << 20 };
    options.writer = writer;
    const QString pdf = m_dir.filePath(QStringLiteral("progress.pdf"));
    QList<std::pair<qint64, qint64>> calls;
    const Status written
        = LedgerCurator::exportPdf(m_medium, pdf, options, [&calls](qint64 done, qint64 total) {
              calls.append({ done, total });
              return true;
          });
    if (!written.ok())
        QFAIL(qPrintable(written.error().toString()));
    const qint64 pages = pageCount(pdf);
    QVERIFY(pages > 100);
    QCOMPARE(calls.first(), (std::pair<qint64, qint64>(0, 0)));
    QCOMPARE(calls.last(), (std::pair<qint64, qint64>(2 * pages, 2 * pages)));
    // Never backwards, never past the total; the bar moves while the total is still an estimate
    // (the pages counted by Qt's writer's first pass, the pages of the first pieces by ours).
    qint64 estimating = 0; // calls that moved the bar, the total still an estimate
    for (qsizetype i = 1; i < calls.size(); ++i) {
        const auto [done, total] = calls.at(i);
        QVERIFY(done >= calls.at(i - 1).first);
        QVERIFY(total == 0 || done <= total);
        estimating += done > calls.at(i - 1).first && done <= pages && total > 0;
    }
    QVERIFY2(estimating >= 600 / 50 - 2, qPrintable(QString::number(estimating)));
    // Every page is a step: Qt's writer draws each page in its second pass (pages + 1 to 2 *
    // pages); ours lays out and draws each page at once (two steps a page, 2 to 2 * pages).
    const bool own = writer == PdfWriterKind::Own;
    for (qint64 step = own ? 2 : pages + 1; step <= 2 * pages; step += own ? 2 : 1) {
        QVERIFY2(std::any_of(calls.cbegin(), calls.cend(),
                     [&](const auto &call) { return call.first == step; }),
            qPrintable(QString::number(step)));
    }

    // Cancel in the first half of the steps, then in the second: cancelled, nothing at the path.
    for (const qint64 stopAt : { pages / 2, pages + pages / 2 }) {
        const QString wrong = cancelLeavesNothing(
            m_medium, m_dir.filePath(QStringLiteral("cancelled.pdf")), options, stopAt);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    }
}

void TestPdfLarge::theSecondThreadChangesNothing()
{
    // The pieces made on a second thread (the default) or all on this one: the same pages, the
    // same words at the same places, the same text. Small pieces, so that the worker runs ahead
    // and waits for room.
    PdfOptions options;
    options.pieces = { 25, 1 << 20 };
    options.threaded = false;
    const QString alone = m_dir.filePath(QStringLiteral("one-thread.pdf"));
    Status written = LedgerCurator::exportPdf(m_medium, alone, options);
    if (!written.ok())
        QFAIL(qPrintable(written.error().toString()));
    options.threaded = true;
    const QString together = m_dir.filePath(QStringLiteral("two-threads.pdf"));
    written = LedgerCurator::exportPdf(m_medium, together, options);
    if (!written.ok())
        QFAIL(qPrintable(written.error().toString()));
    keep(together, QStringLiteral("two-threads.pdf"));
    const int pages = pageCount(alone);
    QVERIFY(pages > 100);
    QCOMPARE(pageCount(together), pages);
    const QString difference = firstDifference(bodyWords(alone), bodyWords(together));
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    const QString text = pdfText(alone);
    QVERIFY(text.contains(QStringLiteral("page %1 of %1").arg(pages)));
    QCOMPARE(pdfText(together), text);

    // Cancelled at the first step of either pass, or half way, the worker stops with it (it
    // waits for room, or for where its next piece starts): nothing at the path.
    for (const qint64 stopAt : { qint64(1), qint64(pages / 2), qint64(pages + 1),
             qint64(pages + pages / 2), qint64(2 * pages) }) {
        const QString wrong = cancelLeavesNothing(
            m_medium, m_dir.filePath(QStringLiteral("cancelled.pdf")), options, stopAt);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    }
}

void TestPdfLarge::onePieceTooTallIsRefused()
{
    // The blank page itself: the 60,000 observations laid out as one document run
    // past the 2^31 / 64 dots QTextDocument can place. Refused with a message, nothing written.
    // Opt-in (LC_PDF_HEAVY=1): the one document holds some 2.7 GB and takes minutes.
    if (qEnvironmentVariable("LC_PDF_HEAVY") != u"1")
        QSKIP("LC_PDF_HEAVY=1 runs it (2.7 GB, minutes)");
    const QString pdf = m_dir.filePath(QStringLiteral("one-piece.pdf"));
    Store store(m_db);
    QVERIFY(store.open().ok());
    const auto curated = store.loadCurated(m_arxivId);
    QVERIFY(curated.ok() && curated->has_value());
    PdfOptions options;
    options.pieces = { 1 << 30, 1 << 30 };
    const Status written = LedgerCurator::exportPdf((*curated)->shown, pdf, options);
    QVERIFY(!written.ok());
    qDebug("%s", qPrintable(written.error().toString()));
    QVERIFY2(written.error().toString().contains(QStringLiteral("cannot be laid out")),
        qPrintable(written.error().toString()));
    QVERIFY(!QFileInfo::exists(pdf));
}

QTEST_MAIN(TestPdfLarge)
#include "tst_pdflarge.moc"
