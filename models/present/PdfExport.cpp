// SPDX-License-Identifier: GPL-3.0-or-later
#include "PdfExport.h"

#include "HelperThread.h"
#include "SqliteLocks.h"

#include "AnomalyHints.h"
#include "DisplayText.h"
#include "PageHtml.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFont>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QLoggingCategory>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextBlock>
#include <QTextBoundaryFinder>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextLayout>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>

#include <time.h>

namespace LedgerCurator {

Q_LOGGING_CATEGORY(lcPdf, "ledgercurator.pdf", QtWarningMsg)

namespace {

// The page (kicker, footer) keeps its canonical English wording; the errors are translated.
QString pageText(const char *text)
{
    return QString::fromUtf8(text);
}

struct PdfExportText
{
    Q_DECLARE_TR_FUNCTIONS(PdfExport)
};

constexpr int kResolution = 300; // dots per inch of the layout; text stays vector text
constexpr qreal kMarginMm = 16;
constexpr qreal kBandMm = 9; // header and footer bands inside the margins

//! Ligature glyphs ("ﬃ") would come out of the PDF's text as other characters ("Eﬀicient"), which
//! defeats search and copy. Qt leaves out ligatures when letter spacing is set (scripts that need
//! them, as Arabic, are still shaped): 1/64 of a dot at 300 dpi, the smallest spacing there is.
void withoutLigatures(QFont &font)
{
    font.setLetterSpacing(QFont::AbsoluteSpacing, 1.0 / 64);
}

//! The record's title for the running header: no more than a header can show (eliding a 1 MB
//! title on every page shaped it whole each time), its controls as tokens, isolated.
QString headerTitle(const QString &title)
{
    constexpr qsizetype kLongest = 400;
    qsizetype cut = std::min(title.size(), kLongest);
    if (cut < title.size() && cut > 0 && title.at(cut - 1).isHighSurrogate())
        --cut; // not half a pair
    return DisplayText::forPrint(title.left(cut));
}

//! Drawing a page itemizes every block on it again, whole (QTextEngine::itemize()), so a block
//! running over many pages (a 1 MB title: 1,400 pages) took time quadratic in its length: two
//! minutes. Blocks of more than kLongestBlock characters are split into blocks of at most that
//! many (at grapheme boundaries), without margins between them, so they read on as one paragraph;
//! no character is added or lost (docs/rendering.md).
void splitLongBlocks(QTextDocument &document)
{
    constexpr int kLongestBlock = 2048;
    QTextCursor cursor(&document);
    cursor.beginEditBlock();
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        if (block.length() <= kLongestBlock + 1)
            continue;
        const QString text = block.text();
        const int base = block.position();
        QTextBlockFormat format = block.blockFormat();
        const qreal bottom = format.bottomMargin();
        format.setBottomMargin(0);
        cursor.setPosition(base);
        cursor.setBlockFormat(format);
        format.setTopMargin(0);
        QTextBoundaryFinder graphemes(QTextBoundaryFinder::Grapheme, text);
        int inserted = 0; // paragraph separators added before the next split
        for (int at = kLongestBlock; at < text.size(); at += kLongestBlock) {
            graphemes.setPosition(at);
            if (!graphemes.isAtBoundary()) {
                const qsizetype next = graphemes.toNextBoundary();
                if (next == -1 || next >= text.size())
                    break;
                at = int(next);
            }
            cursor.setPosition(base + at + inserted);
            cursor.insertBlock(format);
            ++inserted;
        }
        format.setBottomMargin(bottom);
        cursor.setBlockFormat(format);
        block = cursor.block();
    }
    cursor.endEditBlock();
}

//! CPU time of the calling thread, in ms (for the debug output: which thread the time goes to).
qint64 threadCpuMs()
{
    timespec t {};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0)
        return -1;
    return qint64(t.tv_sec) * 1000 + t.tv_nsec / 1'000'000;
}

qreal mmToDots(qreal mm)
{
    return mm * kResolution / 25.4;
}

//! What the running header and footer of every page share: the font, the title elided to the
//! room the kicker leaves (the same on every page: worked out once).
struct Furniture
{
    QFont font;
    QString title;
    QString kicker;
    QString arxivId;

    Furniture(QPaintDevice *device, const QRectF &area, const Record &record)
        : font(QStringLiteral("DejaVu Sans"))
        , kicker(pageText("Paper Citation Record"))
        , arxivId(DisplayText::forTerminal(record.arxivId))
    {
        font.setPointSizeF(7.5);
        withoutLigatures(font);
        const QFontMetricsF metrics(font, device);
        title = metrics.elidedText(headerTitle(record.title), Qt::ElideRight,
            area.width() - metrics.horizontalAdvance(kicker) - mmToDots(6));
    }
};

//! The running header (title, elided) and footer ("arXiv:ID · page N of M") of one page.
void drawFurniture(
    QPainter &painter, const QRectF &area, const Furniture &furniture, int page, int pages)
{
    const qreal band = mmToDots(kBandMm);
    painter.save();
    painter.setFont(furniture.font);
    painter.setPen(QColor(0x5f, 0x63, 0x68));

    const QRectF header(area.left(), area.top(), area.width(), band * 0.6);
    painter.drawText(header, Qt::AlignLeft | Qt::AlignBottom | Qt::TextSingleLine, furniture.title);
    painter.drawText(
        header, Qt::AlignRight | Qt::AlignBottom | Qt::TextSingleLine, furniture.kicker);
    painter.setPen(QPen(QColor(0xc8, 0xcd, 0xd3), mmToDots(0.2)));
    painter.drawLine(QPointF(area.left(), header.bottom() + mmToDots(1.2)),
        QPointF(area.right(), header.bottom() + mmToDots(1.2)));

    const QRectF footer(area.left(), area.bottom() - band * 0.6, area.width(), band * 0.6);
    painter.drawLine(QPointF(area.left(), footer.top() - mmToDots(1.2)),
        QPointF(area.right(), footer.top() - mmToDots(1.2)));
    painter.setPen(QColor(0x3c, 0x40, 0x43));
    // "arXiv:ID · page N of M": the record id and the page on every page.
    const QString text
        = pageText("arXiv:%1 · page %2 of %3").arg(furniture.arxivId).arg(page).arg(pages);
    painter.drawText(footer, Qt::AlignHCenter | Qt::AlignTop | Qt::TextSingleLine, text);
    painter.restore();
}

//! The body of a page: QTextDocument places its lines in 26.6 fixed point, so a document taller
//! than 2^31 / 64 dots (at 300 dpi, some 11,000 A4 pages) wraps round to negative positions: a
//! 60,000-observation page laid out whole came out as one blank page, and held 2.7 GB
//! (docs/rendering.md, "The PDF"). The page is laid out in pieces (renderPageHtmlInPieces()), each
//! its own document, none taller than this.
constexpr qreal kTallestPiece = 30'000'000;
//! Qt's PDF writer keeps its objects' offsets in an int: a file past 2 GiB would be corrupt.
constexpr qint64 kLargestPdf = 2'000'000'000;

//! What every piece is laid out with: the page body, the font and stylesheet, the device.
struct Sheet
{
    QPdfWriter *writer = nullptr;
    QSizeF body;
    QString css;
    //! Dots per unit of a fixed line height (QTextBlockFormat::FixedHeight is scaled from the
    //! screen's dots per inch to the device's); measured on the device, not assumed.
    qreal lineHeightScale = 1;
};

std::unique_ptr<QTextDocument> newDocument(const Sheet &sheet)
{
    auto document = std::make_unique<QTextDocument>();
    document->documentLayout()->setPaintDevice(sheet.writer);
    QFont font(QStringLiteral("DejaVu Serif"));
    font.setPointSizeF(10);
    withoutLigatures(font);
    document->setDefaultFont(font);
    document->setDocumentMargin(0);
    document->setDefaultStyleSheet(sheet.css);
    document->setUndoRedoEnabled(false);
    return document;
}

qreal measureLineHeightScale(const Sheet &sheet)
{
    constexpr qreal kProbe = 1000;
    const auto document = newDocument(sheet);
    QTextCursor cursor(document.get());
    QTextBlockFormat format;
    format.setLineHeight(kProbe, QTextBlockFormat::FixedHeight);
    cursor.setBlockFormat(format);
    document->setPageSize(sheet.body);
    const qreal height = document->documentLayout()->documentSize().height();
    return height > 0 ? height / kProbe : 1;
}

//! Where a piece starts: below the end of the piece before, on its last page. An empty first
//! block `height` dots tall (0: none) stands for that end, with the bottom margin of its last
//! block, so that the margin between them is the one a single document would have given them.
struct LeadIn
{
    qreal height = 0;
    qreal bottomMargin = 0;
};

//! A piece's HTML as a document, not laid out yet. No layout until the document is complete: a
//! block changed after the layout began (lazily, a part at a time) could be left out of it, empty
//! and in the way of none (its lines lost in the PDF). Without a page size QTextDocumentLayout
//! lays out nothing; layOutPiece() sets it, and the whole document is laid out, once.
std::unique_ptr<QTextDocument> parsePiece(const Sheet &sheet, const QString &html)
{
    auto document = newDocument(sheet);
    document->setPageSize(QSizeF(0, 0));
    // A line end after the last element would become a space in the default font at the end of
    // the last block (a taller last line than the same block in the middle of a document).
    document->setHtml(QStringView(html).trimmed().toString());
    splitLongBlocks(*document);
    return document;
}

//! A parsed piece (parsePiece()) laid out on pages of the body's size, after `leadIn`. Its last
//! block is followed by an empty block of no height and no margin, so that the piece ends as it
//! would have gone on (the last block of a document is laid out otherwise: its line takes the
//! document's default font as well), and a bottom margin would not push the end. That block's
//! top is where the piece ends; the last block's bottom margin, in `bottomMargin`, goes to the
//! next lead-in. With `toDraw`, each line keeps its glyphs from the layout (QTextLayout's cache),
//! so that drawing it does not shape it again.
void layOutPiece(QTextDocument &document, const Sheet &sheet, const LeadIn &leadIn,
    qreal *bottomMargin, bool toDraw)
{
    document.documentLayout()->setPaintDevice(sheet.writer);
    QTextCursor cursor(&document);
    if (leadIn.height > 0) {
        const QTextBlockFormat first = document.begin().blockFormat();
        cursor.insertBlock(first, document.begin().charFormat());
        QTextBlockFormat spacer;
        spacer.setLineHeight(leadIn.height / sheet.lineHeightScale, QTextBlockFormat::FixedHeight);
        spacer.setBottomMargin(leadIn.bottomMargin);
        cursor.movePosition(QTextCursor::Start);
        cursor.setBlockFormat(spacer);
        cursor.movePosition(QTextCursor::NextBlock);
        cursor.setBlockFormat(first);
    }
    cursor.movePosition(QTextCursor::End);
    QTextBlockFormat last = cursor.blockFormat();
    *bottomMargin = last.bottomMargin();
    last.setBottomMargin(0);
    cursor.setBlockFormat(last);
    QTextBlockFormat end;
    end.setLineHeight(0, QTextBlockFormat::FixedHeight);
    cursor.insertBlock(end);
    if (toDraw) {
        for (QTextBlock block = document.begin(); block.isValid(); block = block.next())
            block.layout()->setCacheEnabled(true);
    }
    document.setPageSize(sheet.body);
    document.documentLayout()->documentSize(); // laid out to the end, now
}

//! Whether the layout placed the piece within QFixed's range, its blocks in order (beyond the
//! range it wraps round without a word: the cause of the blank page).
bool laidOutInRange(QTextDocument &document)
{
    QAbstractTextDocumentLayout *layout = document.documentLayout();
    const qreal height = layout->documentSize().height();
    if (!(height >= 0 && height <= kTallestPiece))
        return false;
    qreal top = 0;
    for (auto it = document.rootFrame()->begin(); !it.atEnd(); ++it) {
        const QRectF r = it.currentFrame() ? layout->frameBoundingRect(it.currentFrame())
                                           : layout->blockBoundingRect(it.currentBlock());
        if (r.isNull())
            continue;
        if (r.top() < top - 1 || r.top() > height + 1)
            return false;
        top = r.top();
    }
    return true;
}

//! A piece as laid out: its own pages (the first shared with the piece before), and the lead-in
//! of the next.
struct PieceSize
{
    int pages = 0;
    LeadIn next;
};

PieceSize pieceSize(QTextDocument &document, qreal pageHeight, qreal bottomMargin)
{
    const qreal end = document.documentLayout()->blockBoundingRect(document.lastBlock()).top();
    const int pages = std::max(1, int(std::ceil(end / pageHeight)));
    // A lead-in never quite fills its page (rounded up, it would go to the next page itself and
    // push the piece a page down); no line fits in the two dots left.
    return { pages,
        { std::clamp(end - (pages - 1) * pageHeight, qreal(0), pageHeight - 2), bottomMargin } };
}

//! Page `page` of the piece into the body of the page being written.
void drawPiecePage(QPainter &painter, QTextDocument &document, int page, const QRectF &body)
{
    painter.save();
    const qreal top = page * body.height();
    painter.translate(body.left(), body.top() - top);
    const QRectF clip(0, top, body.width(), body.height());
    painter.setClipRect(clip);
    QAbstractTextDocumentLayout::PaintContext context;
    context.clip = clip;
    context.palette.setColor(QPalette::Text, Qt::black);
    document.documentLayout()->draw(&painter, context);
    painter.restore();
}

//! Why `file` could not be written. A write that failed part way leaves Qt without the system's
//! reason ("Unknown error"): said plainly then.
QString writeError(const QSaveFile &file)
{
    const QString reason = file.errorString();
    if (reason.isEmpty() || reason == QFile().errorString())
        return PdfExportText::tr("a write failed (the disk may be full, or a limit on file sizes "
                                 "was reached)");
    return reason;
}

//! The observations the page itemizes (for the progress while the pages are counted).
qsizetype itemized(const Record &record, qsizetype inboundCap)
{
    const qsizetype inbound = record.count(Direction::Inbound);
    return record.observations.size() - inbound
        + (inboundCap > 0 ? std::min(inbound, inboundCap) : inbound);
}

//! A piece of the page on its way to the PDF: its document, parsed (parsePiece()) but not laid
//! out, and how many observations the pieces so far itemized.
struct Piece
{
    std::unique_ptr<QTextDocument> document;
    qsizetype itemizedSoFar = 0;
};

using PieceSink = std::function<bool(Piece &&)>;

//! The pieces of a pass, parsed, on whichever thread.
struct PieceMaker
{
    const Record &shown;
    const HtmlOptions &html;
    const HtmlPieceLimits &limits;
    Sheet sheet;

    bool parseAll(const PieceSink &sink) const
    {
        return renderPageHtmlInPieces(
            shown, html, limits, [&](QString &&piece, qsizetype itemizedSoFar) {
                return sink(Piece { parsePiece(sheet, piece), itemizedSoFar });
            });
    }
};

//! The two cores at work: a second thread writes the pieces' HTML and parses it (the 1st pass's
//! pieces, then the 2nd's) while the exporting thread lays them out and draws them. A few pieces
//! wait at a time, so memory stays that of a few pieces. The layout and the drawing stay on one
//! thread: Qt keeps its fonts (and FreeType's faces) per thread, and the PDF writer keeps the
//! fonts it drew with to the end; a parsed document holds none yet.
class Pipeline
{
public:
    static constexpr std::size_t kWaiting = 3; // pieces queued at most

    //! Worker: queues a piece of `pass` (0 or 1) once there is room; false once stopped (the
    //! piece is queued all the same, for the exporting thread to delete).
    bool push(int pass, Piece &&piece)
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return m_stopped || m_queued[pass].size() < kWaiting; });
        m_queued[pass].push_back(std::move(piece));
        m_changed.notify_all();
        return !m_stopped;
    }
    //! Worker: no more pieces of `pass`.
    void finish(int pass)
    {
        const std::lock_guard lock(m_mutex);
        m_finished[pass] = true;
        m_changed.notify_all();
    }
    //! The next piece of `pass`; nullopt once there are no more.
    std::optional<Piece> pop(int pass)
    {
        std::unique_lock lock(m_mutex);
        if (m_queued[pass].empty() && !m_finished[pass]) {
            QElapsedTimer waiting;
            waiting.start();
            m_changed.wait(lock, [&] { return !m_queued[pass].empty() || m_finished[pass]; });
            waitedMs += waiting.elapsed();
        }
        if (m_queued[pass].empty())
            return std::nullopt;
        Piece piece = std::move(m_queued[pass].front());
        m_queued[pass].pop_front();
        m_changed.notify_all();
        return piece;
    }
    //! Exporting thread: the worker stops at its next piece.
    void stop()
    {
        const std::lock_guard lock(m_mutex);
        m_stopped = true;
        m_changed.notify_all();
    }
    //! Exporting thread, once the worker ended: the pieces still queued, deleted.
    void clear()
    {
        const std::lock_guard lock(m_mutex);
        m_queued[0].clear();
        m_queued[1].clear();
    }

    //! For the debug output: how long the exporting thread waited for pieces, and the worker's CPU.
    qint64 waitedMs = 0;
    std::atomic<qint64> workerCpuMs = 0;

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Piece> m_queued[2];
    bool m_finished[2] {};
    bool m_stopped = false;
};

//! The worker's part: the pieces of both passes parsed, each moved to `to` (the exporting thread)
//! and queued.
void makePieces(Pipeline &pipeline, const PieceMaker &maker, QThread *to)
{
    for (const int pass : { 0, 1 }) {
        const bool all = maker.parseAll([&](Piece &&piece) {
            piece.document->moveToThread(to);
            return pipeline.push(pass, std::move(piece));
        });
        pipeline.finish(pass);
        if (!all)
            break;
    }
    pipeline.finish(1);
    pipeline.workerCpuMs = threadCpuMs();
}

} // namespace

Status exportPdf(
    const Record &shown, const QString &path, const PdfOptions &options, const Progress &progress)
{
    if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return Error::failure(
            PdfExportText::tr("the PDF export needs a QGuiApplication (for fonts)"));
    if (options.pageSize != QPageSize::A4 && options.pageSize != QPageSize::Letter)
        return Error::badInput(PdfExportText::tr("the PDF export writes A4 or Letter pages"));
    if (progress && !progress(0, 0))
        return Error::cancelled();

    QElapsedTimer timer;
    timer.start();
    HtmlOptions htmlOptions;
    htmlOptions.inboundCap = options.inboundCap;
    htmlOptions.ownNotices = options.ownNotices;
    htmlOptions.standalone = false;
    htmlOptions.forPrint = true;
    htmlOptions.hints = anomalyHints(shown); // once for both passes

    if (SqliteLocks::isOpenBySqlite(path)) // it would replace the cache under SQLite
        return Error::badInput(
            PdfExportText::tr("%1: this is a file of the cache that is open; it is not overwritten")
                .arg(path));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error::failure(
            PdfExportText::tr("%1: cannot write: %2").arg(path, file.errorString()));

    QPdfWriter writer(&file);
    writer.setResolution(kResolution);
    writer.setPageLayout(QPageLayout(QPageSize(options.pageSize), QPageLayout::Portrait,
        QMarginsF(kMarginMm, kMarginMm * 0.8, kMarginMm, kMarginMm * 0.8),
        QPageLayout::Millimeter));
    writer.setTitle(DisplayText::forTerminal(shown.title)); // a viewer's title bar: inert
    writer.setCreator(QStringLiteral("Ledger Curator"));

    // Painter coordinates start at the top left of the paint rectangle (inside the margins).
    const QRectF area(QPointF(0, 0), writer.pageLayout().paintRectPixels(kResolution).size());
    const qreal band = mmToDots(kBandMm);
    // The layout keeps the page height in 1/64 dots (QFixed): drawn with any other, the pages
    // would drift from the layout's by a fraction of a dot a page.
    const QRectF body(0, band, area.width(), std::floor((area.height() - 2 * band) * 64) / 64);
    Sheet sheet { &writer, body.size(), loadPageStylesheet() };
    sheet.lineHeightScale = measureLineHeightScale(sheet);

    // The pieces are parsed on a second thread (Pipeline) unless told otherwise, for a twin of
    // the writer (the same resolution and page) that nothing draws on; each is given the writer
    // itself when it is laid out (layOutPiece()).
    QBuffer nowhere;
    QPdfWriter twin(&nowhere);
    twin.setResolution(kResolution);
    twin.setPageLayout(writer.pageLayout());
    Sheet twinSheet = sheet;
    twinSheet.writer = &twin;
    // LC_PDF_ONE_THREAD=1: all on this thread, to compare (docs/benchmarks.md).
    const bool threaded = options.threaded && Threads::helperWorthIt()
        && !qEnvironmentVariableIsSet("LC_PDF_ONE_THREAD");
    const PieceMaker maker { shown, htmlOptions, options.pieces, threaded ? twinSheet : sheet };
    Pipeline pipeline;
    Threads::HelperThread worker;
    if (threaded) {
        QThread *const here = QThread::currentThread();
        worker.start([&pipeline, &maker, here] { makePieces(pipeline, maker, here); },
            QStringLiteral("PDF pieces"));
    }
    // On any way out the worker stops, then is joined (HelperThread's destructor).
    const auto stopOnExit = qScopeGuard([&pipeline] { pipeline.stop(); });
    // Whatever fails below leaves nothing at `path` (QSaveFile) and says why; the worker stops.
    std::optional<Error> failed;
    const auto stopWorker = [&] {
        if (!worker.started())
            return;
        pipeline.stop();
        worker.join();
        pipeline.clear();
    };
    const auto fail = [&](const Error &error) {
        stopWorker();
        file.cancelWriting();
        return error;
    };
    //! Each piece of `pass` to `sink`, from the worker or made here; false when `sink` stopped.
    const auto each = [&](int pass, const PieceSink &sink) {
        if (!worker.started())
            return maker.parseAll(sink);
        while (std::optional<Piece> piece = pipeline.pop(pass)) {
            // Should a document moved here have had a timer running, it is registered here again
            // by an event posted to it: delivered now, or the timer could not be stopped here.
            for (QObject *object : piece->document->findChildren<QObject *>())
                QCoreApplication::sendPostedEvents(object, QEvent::MetaCall);
            QCoreApplication::sendPostedEvents(piece->document.get(), QEvent::MetaCall);
            if (!sink(std::move(*piece)))
                return false;
        }
        return true;
    };
    const auto tooTall = [&](qsizetype from, qsizetype to) {
        return Error::failure(
            PdfExportText::tr("%1: the page cannot be laid out: observations %2 to %3 of the page "
                              "take more than %4 pages")
                .arg(path)
                .arg(from)
                .arg(to)
                .arg(qint64(kTallestPiece / body.height())));
    };

    // First pass: each piece laid out to count the pages ("page N of M"), none drawn. A piece
    // starts on the last page of the one before, below its text (the lead-in).
    const qsizetype toItemize = itemized(shown, options.inboundCap);
    QList<PieceSize> pieces;
    int pages = 0; // the PDF's
    LeadIn leadIn;
    qsizetype itemizedBefore = 0;
    const bool counted = each(0, [&](Piece &&piece) {
        qreal bottomMargin = 0;
        layOutPiece(*piece.document, sheet, leadIn, &bottomMargin, false);
        const qsizetype itemizedSoFar = piece.itemizedSoFar;
        if (!laidOutInRange(*piece.document)) {
            failed = tooTall(std::min(itemizedBefore + 1, itemizedSoFar), itemizedSoFar);
            return false;
        }
        itemizedBefore = itemizedSoFar;
        const PieceSize size = pieceSize(*piece.document, body.height(), bottomMargin);
        pages += pieces.isEmpty() ? size.pages : size.pages - 1;
        pieces.append(size);
        leadIn = size.next;
        // Two steps a page: laid out, then drawn; the total estimated from the
        // observations so far until every page is counted.
        const qint64 estimate = itemizedSoFar > 0
            ? std::max<qint64>(pages, qint64(pages) * toItemize / itemizedSoFar)
            : 0;
        return !progress || progress(pages, 2 * estimate);
    });
    qCDebug(lcPdf) << "layout of" << pieces.size() << "pieces," << pages << "pages in"
                   << timer.restart() << "ms;" << threadCpuMs() << "ms CPU here, waited"
                   << pipeline.waitedMs << "ms";
    if (!counted)
        return fail(failed ? *failed : Error::cancelled());
    if (progress && !progress(pages, 2 * qint64(pages)))
        return fail(Error::cancelled());

    // Second pass: each piece laid out again, the same way, and drawn page by page.
    const auto differently = [&] {
        return Error::failure(
            PdfExportText::tr("%1: the page was laid out differently the second time").arg(path));
    };
    QPainter painter;
    if (!painter.begin(&writer))
        return fail(Error::failure(PdfExportText::tr("%1: cannot start the PDF").arg(path)));
    const Furniture furniture(&writer, area, shown);
    int page = 0; // pages begun
    qsizetype piece = 0;
    leadIn = {};
    const bool drawn = each(1, [&](Piece &&parsed) {
        QTextDocument &document = *parsed.document;
        qreal bottomMargin = 0;
        layOutPiece(document, sheet, leadIn, &bottomMargin, true);
        const PieceSize size = pieceSize(document, body.height(), bottomMargin);
        if (piece >= pieces.size() || size.pages != pieces.at(piece).pages) {
            failed = differently();
            return false;
        }
        ++piece;
        leadIn = size.next;
        for (int own = 0; own < size.pages; ++own) {
            // The first page of a piece is the last of the piece before (but for the first).
            if (own > 0 || page == 0) {
                if (page > 0 && !writer.newPage()) {
                    failed = Error::failure(
                        PdfExportText::tr("%1: cannot add page %2").arg(path).arg(page + 1));
                    return false;
                }
                ++page;
                drawFurniture(painter, area, furniture, page, pages);
            }
            drawPiecePage(painter, document, own, body);
            if (file.error() != QFileDevice::NoError) {
                failed = Error::failure(
                    PdfExportText::tr("%1: cannot write: %2").arg(path, writeError(file)));
                return false;
            }
            if (file.pos() > kLargestPdf) {
                failed = Error::failure(
                    PdfExportText::tr("%1: the PDF would be larger than 2 GB, more than the "
                                      "PDF writer can address")
                        .arg(path));
                return false;
            }
            if (own + 1 < size.pages && progress && !progress(pages + page, 2 * qint64(pages)))
                return false;
        }
        return !progress || progress(pages + page, 2 * qint64(pages));
    });
    qCDebug(lcPdf) << "drawing" << page << "pages in" << timer.restart() << "ms;" << threadCpuMs()
                   << "ms CPU here, waited" << pipeline.waitedMs << "ms";
    if (drawn && (page != pages || piece != pieces.size()))
        failed = differently();
    if (!drawn || failed) {
        painter.end();
        return fail(failed ? *failed : Error::cancelled());
    }
    stopWorker(); // it has ended
    qCDebug(lcPdf) << "the second thread:" << pipeline.workerCpuMs << "ms CPU";
    if (!painter.end() || file.error() != QFileDevice::NoError || !file.commit())
        return Error::failure(
            PdfExportText::tr("%1: cannot write: %2").arg(path, writeError(file)));
    return {};
}

} // namespace LedgerCurator
