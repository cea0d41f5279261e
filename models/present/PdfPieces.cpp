// SPDX-License-Identifier: GPL-3.0-or-later
#include "PdfPieces.h"

#include "HelperThread.h"

#include "DisplayText.h"

#include <QAbstractTextDocumentLayout>
#include <QElapsedTimer>
#include <QFile>
#include <QFontMetricsF>
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
#include <mutex>
#include <optional>

#include <time.h>

namespace LedgerCurator {

Q_LOGGING_CATEGORY(lcPdf, "ledgercurator.pdf", QtWarningMsg)

namespace PdfPieces {

namespace {

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
void makePieces(Pipeline &pipeline, const PieceMaker &maker, QThread *to, int passes)
{
    for (int pass = 0; pass < passes; ++pass) {
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

void withoutLigatures(QFont &font)
{
    font.setLetterSpacing(QFont::AbsoluteSpacing, 1.0 / 64);
}

qint64 threadCpuMs()
{
    timespec t {};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0)
        return -1;
    return qint64(t.tv_sec) * 1000 + t.tv_nsec / 1'000'000;
}

Furniture::Furniture(QPaintDevice *device, const QRectF &area, const Record &record)
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

PieceSize pieceSize(QTextDocument &document, qreal pageHeight, qreal bottomMargin)
{
    const qreal end = document.documentLayout()->blockBoundingRect(document.lastBlock()).top();
    const int pages = std::max(1, int(std::ceil(end / pageHeight)));
    // A lead-in never quite fills its page (rounded up, it would go to the next page itself and
    // push the piece a page down); no line fits in the two dots left.
    return { pages,
        { std::clamp(end - (pages - 1) * pageHeight, qreal(0), pageHeight - 2), bottomMargin } };
}

QString writeError(const QSaveFile &file)
{
    const QString reason = file.errorString();
    if (reason.isEmpty() || reason == QFile().errorString())
        return PdfExportText::tr("a write failed (the disk may be full, or a limit on file sizes "
                                 "was reached)");
    return reason;
}

qsizetype itemized(const Record &record, qsizetype inboundCap)
{
    const qsizetype inbound = record.count(Direction::Inbound);
    return record.observations.size() - inbound
        + (inboundCap > 0 ? std::min(inbound, inboundCap) : inbound);
}

Error tooTall(const QString &path, qsizetype from, qsizetype to, qreal pageHeight)
{
    return Error::failure(
        PdfExportText::tr("%1: the page cannot be laid out: observations %2 to %3 of the page "
                          "take more than %4 pages")
            .arg(path)
            .arg(from)
            .arg(to)
            .arg(qint64(kTallestPiece / pageHeight)));
}

struct PieceSource::Private
{
    PieceMaker maker;
    Pipeline pipeline;
    Threads::HelperThread worker;
};

PieceSource::PieceSource(const Record &shown, const HtmlOptions &html,
    const HtmlPieceLimits &limits, const Sheet &here, const Sheet &twin, bool threaded, int passes)
    : d(new Private { PieceMaker { shown, html, limits, threaded ? twin : here }, {}, {} })
{
    if (threaded) {
        QThread *const to = QThread::currentThread();
        d->worker.start([this, to, passes] { makePieces(d->pipeline, d->maker, to, passes); },
            QStringLiteral("PDF pieces"));
    }
}

PieceSource::~PieceSource()
{
    stop();
}

bool PieceSource::each(int pass, const PieceSink &sink)
{
    if (!d->worker.started())
        return d->maker.parseAll(sink);
    while (std::optional<Piece> piece = d->pipeline.pop(pass)) {
        // Should a document moved here have had a timer running, it is registered here again
        // by an event posted to it: delivered now, or the timer could not be stopped here.
        for (QObject *object : piece->document->findChildren<QObject *>())
            QCoreApplication::sendPostedEvents(object, QEvent::MetaCall);
        QCoreApplication::sendPostedEvents(piece->document.get(), QEvent::MetaCall);
        if (!sink(std::move(*piece)))
            return false;
    }
    return true;
}

void PieceSource::stop()
{
    if (!d->worker.started())
        return;
    d->pipeline.stop();
    d->worker.join();
    d->pipeline.clear();
}

qint64 PieceSource::waitedMs() const
{
    return d->pipeline.waitedMs;
}

qint64 PieceSource::workerCpuMs() const
{
    return d->pipeline.workerCpuMs;
}

} // namespace PdfPieces
} // namespace LedgerCurator
