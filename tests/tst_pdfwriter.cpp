// SPDX-License-Identifier: GPL-3.0-or-later
// Our own PDF writer (PdfFile, PdfText, PdfOwnExport.cpp) against Qt's QPdfWriter on the same
// layout: the same pages, every line of text at the same place with the same words, the same
// pixels; fonts embedded as subsets that say their text; what ours does not draw is left to
// Qt's. Read back with poppler's pdftotext, pdfinfo, pdffonts and pdftoppm.

#include "PdfExport.h"
#include "PdfFile.h"
#include "PdfText.h"
#include "RecordFixtures.h"
#include "RecordGenerator.h"
#include "TestSupport.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QImage>
#include <QPdfWriter>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

QByteArray run(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(300000) || process.exitCode() != 0)
        return {};
    return process.readAllStandardOutput();
}

//! The words of each page as pdftotext reads them: where each starts, and its text.
struct Word
{
    double left = 0;
    double top = 0;
    QString text;
};
using PageWords = QList<Word>;

QList<PageWords> wordsOf(const QString &pdf)
{
    const QString html = QString::fromUtf8(run(QStringLiteral("pdftotext"),
        { QStringLiteral("-bbox"), QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf,
            QStringLiteral("-") }));
    static const QRegularExpression word(QStringLiteral(
        R"re(<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)</word>)re"));
    QList<PageWords> pages;
    const QStringList parts = html.split(QStringLiteral("<page "));
    for (qsizetype p = 1; p < parts.size(); ++p) {
        PageWords words;
        for (auto it = word.globalMatch(parts.at(p)); it.hasNext();) {
            const auto m = it.next();
            words.append({ m.captured(1).toDouble(), m.captured(2).toDouble(), m.captured(3) });
        }
        pages.append(words);
    }
    return pages;
}

//! Whether `words` has `word` where it starts, a tenth of a point either way. pdftotext breaks
//! words where glyphs stand apart: one writer placing each glyph, the other a run of them, can
//! make one word of what the other makes two; the one starting there then begins the other.
bool hasWord(const PageWords &words, const Word &word)
{
    return std::any_of(words.cbegin(), words.cend(), [&](const Word &other) {
        return std::abs(other.left - word.left) < 0.1 && std::abs(other.top - word.top) < 0.1
            && (other.text.startsWith(word.text) || word.text.startsWith(other.text));
    });
}

QImage pageImage(const QString &pdf, int page, const QString &dir)
{
    const QString prefix
        = dir + QStringLiteral("/page-%1-%2").arg(QFileInfo(pdf).baseName()).arg(page);
    run(QStringLiteral("pdftoppm"),
        { QStringLiteral("-r"), QStringLiteral("60"), QStringLiteral("-f"), QString::number(page),
            QStringLiteral("-l"), QString::number(page), QStringLiteral("-singlefile"), pdf,
            prefix });
    return QImage(prefix + QStringLiteral(".ppm"));
}

//! The share of pixels of `a` and `b` more than a quarter of the scale apart in any channel.
double differentPixels(const QImage &a, const QImage &b)
{
    if (a.size() != b.size() || a.isNull())
        return 1;
    const QImage x = a.convertToFormat(QImage::Format_RGB32);
    const QImage y = b.convertToFormat(QImage::Format_RGB32);
    qint64 different = 0;
    for (int row = 0; row < x.height(); ++row) {
        const auto *p = reinterpret_cast<const QRgb *>(x.constScanLine(row));
        const auto *q = reinterpret_cast<const QRgb *>(y.constScanLine(row));
        for (int col = 0; col < x.width(); ++col) {
            different += std::abs(qRed(p[col]) - qRed(q[col])) > 64
                || std::abs(qGreen(p[col]) - qGreen(q[col])) > 64
                || std::abs(qBlue(p[col]) - qBlue(q[col])) > 64;
        }
    }
    return double(different) / (x.width() * x.height());
}

//! A record in many scripts: marks, a ligature that Arabic needs, right to left, CJK in bold
//! (a face without bold: Qt makes one up), italic, an emoji no font has, Greek, Cyrillic.
Record manyScripts()
{
    Record record = fixtureRecord();
    const QStringList titles {
        QStringLiteral("Cafe\u0301 re\u0301sume\u0301: the \u00e9l\u00e8ve\u2019s "
                       "\u201cna\u00efve\u201d model"),
        QStringLiteral("\u0644\u0627 \u0646\u0645\u0627\u0630\u062c \u0627\u0644\u0644\u063a\u0629 "
                       "and \u05e2\u05d1\u05e8\u05d9\u05ea in one title"),
        QStringLiteral("\u5927\u898f\u6a21\u8a00\u8a9e\u30e2\u30c7\u30eb: \U0001F680 fast kernels"),
        QStringLiteral("\u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac and "
                       "\u0440\u0443\u0441\u0441\u043a\u0438\u0439 \u0442\u0435\u043a\u0441\u0442"),
        QStringLiteral("A title long enough to wrap over several lines of the page, with "
                       "a_very_long_identifier_that_has_no_space_in_it_at_all_0123456789 inside"),
    };
    for (qsizetype i = 0; i < record.observations.size(); ++i) {
        Observation &o = record.observations[i];
        o.citedTitle = titles.at(i % titles.size());
        o.citingTitle = titles.at((i + 2) % titles.size());
    }
    return record;
}

} // namespace

class TestPdfWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void numbersAsPdfWritesThem();
    void bothWritersDrawTheSamePage_data();
    void bothWritersDrawTheSamePage();
    void whatOursDoesNotDrawIsSaid();

private:
    QTemporaryDir m_dir;
};

void TestPdfWriter::initTestCase()
{
    for (const char *tool : { "pdftotext", "pdfinfo", "pdffonts", "pdftoppm" }) {
        if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty())
            QFAIL("poppler-utils is missing (scripts/setup-debian.sh installs it)");
    }
    QVERIFY(m_dir.isValid());
    // LC_PDF_KEEP=1: the PDFs and the pages' pictures are kept, to look at.
    m_dir.setAutoRemove(!qEnvironmentVariableIsSet("LC_PDF_KEEP"));
}

void TestPdfWriter::numbersAsPdfWritesThem()
{
    const auto number = [](qreal value) { return PdfFile::number(value); };
    QCOMPARE(number(0), QByteArray("0"));
    QCOMPARE(number(-0.0004), QByteArray("0"));
    QCOMPARE(number(1.5), QByteArray("1.5"));
    QCOMPARE(number(-2.125), QByteArray("-2.125"));
    QCOMPARE(number(123.0004), QByteArray("123"));
    QCOMPARE(number(0.0006), QByteArray("0.001"));
    QCOMPARE(number(841.89), QByteArray("841.89"));
    QCOMPARE(number(-1000000), QByteArray("-1000000"));
    QCOMPARE(number(std::numeric_limits<qreal>::quiet_NaN()), QByteArray("0"));
    QCOMPARE(number(std::numeric_limits<qreal>::infinity()), QByteArray("0"));
}

void TestPdfWriter::bothWritersDrawTheSamePage_data()
{
    QTest::addColumn<Record>("record");
    QTest::addColumn<QPageSize::PageSizeId>("pageSize");
    QTest::newRow("fixture, A4") << fixtureRecord() << QPageSize::A4;
    QTest::newRow("sample, Letter") << sampleRecord() << QPageSize::Letter;
    QTest::newRow("many scripts") << manyScripts() << QPageSize::A4;
    QTest::newRow("generated, 300 observations")
        << Bench::generateRecord(294, 6, 4) << QPageSize::A4;
}

void TestPdfWriter::bothWritersDrawTheSamePage()
{
    QFETCH(Record, record);
    QFETCH(QPageSize::PageSizeId, pageSize);
    const QString tag
        = QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'-').remove(u',');
    PdfOptions options;
    options.pageSize = pageSize;
    options.writer = PdfWriterKind::Own;
    const QString ours = m_dir.filePath(tag + QStringLiteral("-ours.pdf"));
    const QString qts = m_dir.filePath(tag + QStringLiteral("-qts.pdf"));
    QVERIFY(exportPdf(record, ours, options).ok());
    options.writer = PdfWriterKind::Qt;
    QVERIFY(exportPdf(record, qts, options).ok());

    // The same pages and title.
    static const QRegularExpression pagesLine(
        QStringLiteral("^Pages:\\s+(\\d+)$"), QRegularExpression::MultilineOption);
    static const QRegularExpression titleLine(
        QStringLiteral("^Title:\\s+(.*)$"), QRegularExpression::MultilineOption);
    const QString ourInfo = QString::fromUtf8(
        run(QStringLiteral("pdfinfo"), { QStringLiteral("-enc"), QStringLiteral("UTF-8"), ours }));
    const QString qtInfo = QString::fromUtf8(
        run(QStringLiteral("pdfinfo"), { QStringLiteral("-enc"), QStringLiteral("UTF-8"), qts }));
    const int pages = pagesLine.match(ourInfo).captured(1).toInt();
    QVERIFY(pages > 0);
    QCOMPARE(pages, pagesLine.match(qtInfo).captured(1).toInt());
    QCOMPARE(titleLine.match(ourInfo).captured(1), titleLine.match(qtInfo).captured(1));

    // Every font embedded, as a subset, with a ToUnicode map.
    const QStringList fonts = QString::fromUtf8(run(QStringLiteral("pdffonts"), { ours }))
                                  .split(u'\n', Qt::SkipEmptyParts)
                                  .mid(2);
    QVERIFY(!fonts.isEmpty());
    for (const QString &font : fonts)
        QVERIFY2(font.contains(QStringLiteral("CID TrueType      Identity-H       yes yes yes")),
            qPrintable(font));

    // Each word of ours where Qt's writer has it; each word of Qt's in the pages' bodies where
    // ours has it. (Qt's writer also draws the last line of a page at the top of the next,
    // outside the body's clip, where pdftotext still reads it: above the body, ours has only
    // the running header.)
    const QList<PageWords> ourWords = wordsOf(ours);
    const QList<PageWords> qtWords = wordsOf(qts);
    QCOMPARE(ourWords.size(), pages);
    QCOMPARE(qtWords.size(), pages);
    constexpr double bodyTop = 61.5; // points from the paper's top: the running header above
    // The words of `from` below `top` that `to` does not have where they are, said.
    const auto missing
        = [](const PageWords &from, const PageWords &to, double top, int page, const char *whose) {
              QStringList said;
              for (const Word &word : from) {
                  if (word.top >= top && !hasWord(to, word))
                      said.append(QStringLiteral("page %1, %2 pt: %3 has \"%4\" at %5 pt")
                                      .arg(page)
                                      .arg(word.top)
                                      .arg(QLatin1String(whose), word.text)
                                      .arg(word.left));
              }
              return said.join(u'\n');
          };
    qsizetype compared = 0;
    for (int p = 0; p < pages; ++p) {
        const QString oursMissing = missing(ourWords.at(p), qtWords.at(p), 0, p + 1, "ours");
        QVERIFY2(oursMissing.isEmpty(), qPrintable(oursMissing));
        const QString qtsMissing = missing(qtWords.at(p), ourWords.at(p), bodyTop, p + 1, "Qt's");
        QVERIFY2(qtsMissing.isEmpty(), qPrintable(qtsMissing));
        compared += ourWords.at(p).size();
    }
    QVERIFY(compared > 50 * pages);

    // The same pixels, but for the edges of glyphs placed a fraction of a point apart, on the
    // first page and the last.
    for (const int page : { 1, pages }) {
        const double share = differentPixels(
            pageImage(ours, page, m_dir.path()), pageImage(qts, page, m_dir.path()));
        QVERIFY2(share < 0.003,
            qPrintable(
                QStringLiteral("page %1: %2 % of the pixels differ").arg(page).arg(share * 100)));
    }
}

void TestPdfWriter::whatOursDoesNotDrawIsSaid()
{
    // What QTextDocument's layout draws that ours does not is said, so that the export gives the
    // page to Qt's writer (PdfOwnExport.cpp), rather than leaving it out.
    QBuffer nowhere;
    QPdfWriter device(&nowhere);
    device.setResolution(300);
    const QList<std::pair<QString, QString>> cases {
        { QStringLiteral("<ul><li>a listed item</li></ul>"), QStringLiteral("list") },
        { QStringLiteral("<p>some <u>underlined</u> text</p>"), QStringLiteral("decorated") },
        { QStringLiteral("<p>an image <img src=\"data:,x\" width=\"10\" height=\"10\"></p>"),
            QStringLiteral("object") },
        { QStringLiteral("<table border=\"1\"><tr><td>a cell</td></tr></table>"),
            QStringLiteral("border") },
        { QStringLiteral("<p><span style=\"background-color:rgba(255,0,0,40%)\">faint</span></p>"),
            QStringLiteral("transparent") },
        { QStringLiteral("<p>plain <b>bold</b> <span style=\"background-color:#ff0\">lit</span> "
                         "text</p>"),
            QString() },
    };
    for (const auto &[html, why] : cases) {
        QTextDocument document;
        document.documentLayout()->setPaintDevice(&device);
        document.setHtml(html);
        document.setPageSize(QSizeF(2000, 3000));
        document.documentLayout()->documentSize();
        QBuffer out;
        QVERIFY(out.open(QIODevice::WriteOnly));
        PdfFile file(&out, QSizeF(595, 842));
        PdfText text(file);
        PdfCanvas canvas;
        const bool drawn = text.drawSlice(canvas, document, 0, QRectF(0, 0, 2000, 3000));
        QCOMPARE(drawn, why.isEmpty());
        QVERIFY2(text.why().contains(why), qPrintable(html + QStringLiteral(": ") + text.why()));
        if (drawn)
            QVERIFY2(
                canvas.ops.contains(" TJ") && canvas.ops.contains(" re f"), canvas.ops.constData());
    }
}

QTEST_MAIN(TestPdfWriter)
#include "tst_pdfwriter.moc"
