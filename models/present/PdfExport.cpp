// SPDX-License-Identifier: GPL-3.0-or-later
#include "PdfExport.h"
#include "PdfPieces.h"

#include "HelperThread.h"
#include "SqliteLocks.h"

#include "AnomalyHints.h"
#include "DisplayText.h"
#include "PageHtml.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>

#include <cmath>
#include <optional>

namespace LedgerCurator {

using namespace PdfPieces;

namespace {

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

//! The PDF through Qt's QPdfWriter, in two passes over the pieces: the first lays each out and
//! counts the pages ("page N of M"), the second lays each out again and draws it (QPdfWriter
//! writes each page as it ends, so M must be known before the first).
Status exportWithQtWriter(const Job &job)
{
    const QString &path = job.path;
    const Progress &progress = job.progress;
    const QRectF &area = job.area;
    const QRectF &body = job.body;
    QElapsedTimer timer;
    timer.start();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error::failure(
            PdfExportText::tr("%1: cannot write: %2").arg(path, file.errorString()));
    QPdfWriter writer(&file);
    writer.setResolution(kResolution);
    writer.setPageLayout(job.pageLayout);
    writer.setTitle(DisplayText::forTerminal(job.shown.title)); // a viewer's title bar: inert
    writer.setCreator(QStringLiteral("Ledger Curator"));
    Sheet sheet { &writer, body.size(), loadPageStylesheet() };
    sheet.lineHeightScale = measureLineHeightScale(sheet);
    // The pieces are parsed on a second thread unless told otherwise, for a twin of the writer
    // (the same resolution and page) that nothing draws on; each is given the writer itself
    // when it is laid out (layOutPiece()).
    QBuffer nowhere;
    QPdfWriter twin(&nowhere);
    twin.setResolution(kResolution);
    twin.setPageLayout(job.pageLayout);
    Sheet twinSheet = sheet;
    twinSheet.writer = &twin;
    PieceSource source(job.shown, job.html, job.options.pieces, sheet, twinSheet, job.threaded, 2);
    // Whatever fails below leaves nothing at `path` (QSaveFile) and says why; the worker stops.
    std::optional<Error> failed;
    const auto fail = [&](const Error &error) {
        source.stop();
        file.cancelWriting();
        return error;
    };

    // First pass: each piece laid out to count the pages ("page N of M"), none drawn. A piece
    // starts on the last page of the one before, below its text (the lead-in).
    const qsizetype toItemize = itemized(job.shown, job.options.inboundCap);
    QList<PieceSize> pieces;
    int pages = 0; // the PDF's
    LeadIn leadIn;
    qsizetype itemizedBefore = 0;
    const bool counted = source.each(0, [&](Piece &&piece) {
        qreal bottomMargin = 0;
        layOutPiece(*piece.document, sheet, leadIn, &bottomMargin, false);
        const qsizetype itemizedSoFar = piece.itemizedSoFar;
        if (!laidOutInRange(*piece.document)) {
            failed = tooTall(job.path, std::min(itemizedBefore + 1, itemizedSoFar), itemizedSoFar,
                job.body.height());
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
                   << source.waitedMs() << "ms";
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
    const Furniture furniture(&writer, area, job.shown);
    int page = 0; // pages begun
    qsizetype piece = 0;
    leadIn = {};
    const bool drawn = source.each(1, [&](Piece &&parsed) {
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
                   << "ms CPU here, waited" << source.waitedMs() << "ms";
    if (drawn && (page != pages || piece != pieces.size()))
        failed = differently();
    if (!drawn || failed) {
        painter.end();
        return fail(failed ? *failed : Error::cancelled());
    }
    source.stop(); // it has ended
    qCDebug(lcPdf) << "the second thread:" << source.workerCpuMs() << "ms CPU";
    if (!painter.end() || file.error() != QFileDevice::NoError || !file.commit())
        return Error::failure(
            PdfExportText::tr("%1: cannot write: %2").arg(path, writeError(file)));
    return {};
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
    if (SqliteLocks::isOpenBySqlite(path)) // it would replace the cache under SQLite
        return Error::badInput(
            PdfExportText::tr("%1: this is a file of the cache that is open; it is not overwritten")
                .arg(path));

    Job job { shown, path, options, progress };
    job.html.inboundCap = options.inboundCap;
    job.html.ownNotices = options.ownNotices;
    job.html.standalone = false;
    job.html.forPrint = true;
    job.html.hints = anomalyHints(shown); // once for every pass
    job.pageLayout = QPageLayout(QPageSize(options.pageSize), QPageLayout::Portrait,
        QMarginsF(kMarginMm, kMarginMm * 0.8, kMarginMm, kMarginMm * 0.8), QPageLayout::Millimeter);
    // Painter coordinates start at the top left of the paint rectangle (inside the margins).
    job.area = QRectF(QPointF(0, 0), job.pageLayout.paintRectPixels(kResolution).size());
    const qreal band = mmToDots(kBandMm);
    // The layout keeps the page height in 1/64 dots (QFixed): drawn with any other, the pages
    // would drift from the layout's by a fraction of a dot a page.
    job.body
        = QRectF(0, band, job.area.width(), std::floor((job.area.height() - 2 * band) * 64) / 64);
    // LC_PDF_ONE_THREAD=1: all on this thread, to compare (docs/benchmarks.md).
    job.threaded = options.threaded && Threads::helperWorthIt()
        && !qEnvironmentVariableIsSet("LC_PDF_ONE_THREAD");

    // LC_PDF_QT_WRITER=1: Qt's writer whatever the options say, to compare.
    if (options.writer == PdfWriterKind::Own && !qEnvironmentVariableIsSet("LC_PDF_QT_WRITER")) {
        QString why;
        if (std::optional<Status> done = exportWithOwnWriter(job, &why))
            return *done;
        qCInfo(lcPdf) << "the PDF goes through Qt's writer:" << why;
        if (progress && !progress(0, 0))
            return Error::cancelled();
    }
    return exportWithQtWriter(job);
}

} // namespace LedgerCurator
