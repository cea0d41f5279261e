// SPDX-License-Identifier: GPL-3.0-or-later
// The PDF through our own writer (PdfFile, PdfText): each piece laid out once, by Qt's
// QTextDocument as for Qt's writer, and drawn from its layout as soon as it is laid out; the
// footers ("page N of M") are streams of their own, written at the end, once M is known. Qt's
// QPdfWriter writes each page whole as it ends, so with it every piece is laid out twice, and its
// drawing goes glyph by glyph through QPainter: 10,000 observations took 11 to 15 s, with ours
// 4 to 5 s (docs/benchmarks.md, "The PDF, seventh round").

#include "PdfFile.h"
#include "PdfPieces.h"
#include "PdfText.h"

#include "HelperThread.h"

#include "DisplayText.h"

#include <QBuffer>
#include <QElapsedTimer>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <QTextLayout>

namespace LedgerCurator::PdfPieces {

namespace {

//! One line of the running header or footer, laid out for `device`.
std::unique_ptr<QTextLayout> furnitureLine(
    const QString &text, const QFont &font, QPaintDevice *device)
{
    auto layout = std::make_unique<QTextLayout>(text, font, device);
    QTextOption option;
    option.setWrapMode(QTextOption::NoWrap);
    layout->setTextOption(option);
    layout->setCacheEnabled(true);
    layout->beginLayout();
    QTextLine line = layout->createLine();
    line.setLineWidth(1e6);
    layout->endLayout();
    return layout;
}

//! The page's coordinates as Qt's writer sets them: the paper in whole points, the paint
//! rectangle's corner in whole dots, y down from it, in dots.
struct Paper
{
    static constexpr qreal scale = 72.0 / kResolution; // points a dot
    QSizeF size; // points
    QPointF corner; // points from the paper's top left

    explicit Paper(const QPageLayout &layout)
        : size(layout.fullRectPoints().size())
        , corner(QPointF(layout.paintRectPixels(kResolution).topLeft()) * scale)
    {
    }
    QByteArray matrix() const
    {
        return PdfFile::number(scale) + " 0 0 " + PdfFile::number(-scale) + ' '
            + PdfFile::number(corner.x()) + ' ' + PdfFile::number(size.height() - corner.y())
            + " cm\n";
    }
    //! A rectangle of the paint area (dots) in the PDF's points, from the paper's bottom left.
    QRectF points(const QRectF &dots) const
    {
        return QRectF(QPointF(corner.x() + scale * dots.left(),
                          size.height() - corner.y() - scale * dots.bottom()),
            QSizeF(scale * dots.width(), scale * dots.height()));
    }
};

} // namespace

std::optional<Status> exportWithOwnWriter(const Job &job, QString *why)
{
    const QString &path = job.path;
    const QRectF &area = job.area;
    const QRectF &body = job.body;
    QElapsedTimer timer;
    timer.start();

    // The layout's device: a QPdfWriter that nothing draws on (its fonts' metrics at 300 dpi),
    // and a twin of it for the second thread.
    QBuffer nowhere;
    QPdfWriter device(&nowhere);
    device.setResolution(kResolution);
    device.setPageLayout(job.pageLayout);
    QBuffer nowhereElse;
    QPdfWriter twin(&nowhereElse);
    twin.setResolution(kResolution);
    twin.setPageLayout(job.pageLayout);
    Sheet sheet { &device, body.size(), loadPageStylesheet() };
    sheet.lineHeightScale = measureLineHeightScale(sheet);
    Sheet twinSheet = sheet;
    twinSheet.writer = &twin;

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error::failure(
            PdfExportText::tr("%1: cannot write: %2").arg(path, file.errorString()));
    const Paper paper(job.pageLayout);
    PdfFile pdf(&file, paper.size);
    PdfText text(pdf);
    // The pages' streams compressed and written on another thread, in order.
    Threads::HelperThread writing;
    if (job.threaded) {
        pdf.writeBeside();
        writing.start([&pdf] { pdf.drain(); }, QStringLiteral("PDF writer"));
    }
    const auto endWriting = qScopeGuard([&] {
        pdf.closeQueue();
        writing.join();
    });
    PieceSource pieces(job.shown, job.html, job.options.pieces, sheet, twinSheet, job.threaded, 1);
    std::optional<Status> failed;
    const auto fail = [&](std::optional<Status> status) {
        pieces.stop();
        pdf.closeQueue();
        writing.join();
        file.cancelWriting();
        return status;
    };
    const auto writeFailed = [&] {
        return Error::failure(
            PdfExportText::tr("%1: cannot write: %2").arg(path, writeError(file)));
    };
    // A write failed on the writing thread: the file is asked why once that thread has ended.
    bool broken = false;
    const auto failWriting = [&] {
        pieces.stop();
        pdf.closeQueue();
        writing.join();
        return fail(writeFailed());
    };

    // The running header, the same on every page, and the rules above and below the body.
    const Furniture furniture(&device, area, job.shown);
    const auto title = furnitureLine(furniture.title, furniture.font, &device);
    const auto kicker = furnitureLine(furniture.kicker, furniture.font, &device);
    const qreal band = mmToDots(kBandMm);
    const QRectF headerRect(area.left(), area.top(), area.width(), band * 0.6);
    const QRectF footerRect(area.left(), area.bottom() - band * 0.6, area.width(), band * 0.6);
    const QColor furnitureGrey(0x5f, 0x63, 0x68);
    const QColor ruleGrey(0xc8, 0xcd, 0xd3);
    const QByteArray matrix = paper.matrix();

    PdfCanvas canvas;
    int page = 0; // pages begun
    const auto beginPage = [&] {
        canvas = {};
        canvas.ops = matrix;
        const QTextLine titleLine = title->lineAt(0);
        const QTextLine kickerLine = kicker->lineAt(0);
        const bool drawn = text.drawLayout(canvas, *title,
                               QPointF(headerRect.left(),
                                   headerRect.bottom() - titleLine.ascent() - titleLine.descent()),
                               furnitureGrey)
            && text.drawLayout(canvas, *kicker,
                QPointF(headerRect.right() - kickerLine.naturalTextWidth(),
                    headerRect.bottom() - kickerLine.ascent() - kickerLine.descent()),
                furnitureGrey);
        const qreal rule = mmToDots(1.2);
        PdfText::strokeLine(canvas, QPointF(area.left(), headerRect.bottom() + rule),
            QPointF(area.right(), headerRect.bottom() + rule), mmToDots(0.2), ruleGrey);
        PdfText::strokeLine(canvas, QPointF(area.left(), footerRect.top() - rule),
            QPointF(area.right(), footerRect.top() - rule), mmToDots(0.2), ruleGrey);
        return drawn;
    };
    const auto endPage = [&] {
        canvas.endText();
        QList<std::pair<QRectF, QString>> links;
        for (const auto &[rect, address] : std::as_const(canvas.links))
            links.append({ paper.points(rect), address });
        pdf.addPage("q\n" + canvas.ops + "Q\n", links);
        canvas = {};
        return !pdf.failed();
    };

    // Each piece laid out once and drawn at once. A piece starts on the last page of the one
    // before, below its text (the lead-in).
    const qsizetype toItemize = itemized(job.shown, job.options.inboundCap);
    LeadIn leadIn;
    qsizetype itemizedBefore = 0;
    const bool all = pieces.each(0, [&](Piece &&piece) {
        QTextDocument &document = *piece.document;
        qreal bottomMargin = 0;
        layOutPiece(document, sheet, leadIn, &bottomMargin, true);
        const qsizetype itemizedSoFar = piece.itemizedSoFar;
        if (!laidOutInRange(document)) {
            failed = tooTall(
                path, std::min(itemizedBefore + 1, itemizedSoFar), itemizedSoFar, body.height());
            return false;
        }
        itemizedBefore = itemizedSoFar;
        const PieceSize size = pieceSize(document, body.height(), bottomMargin);
        leadIn = size.next;
        // Two steps a page, laid out and drawn (both here, a page at a time): the total
        // estimated from the observations so far, until the last piece.
        const qint64 known = page + size.pages - (page > 0 ? 1 : 0);
        const qint64 estimate = itemizedSoFar > 0
            ? std::max<qint64>(known, known * toItemize / itemizedSoFar)
            : known;
        for (int own = 0; own < size.pages; ++own) {
            // The first page of a piece is the last of the piece before (but for the first).
            if (own > 0 || page == 0) {
                if (page > 0 && !endPage()) {
                    broken = true;
                    return false;
                }
                if (!beginPage()) {
                    failed = std::nullopt;
                    *why = text.why();
                    return false;
                }
                ++page;
                if (own > 0 && job.progress && !job.progress(2 * (page - 1), 2 * estimate))
                    return false;
            }
            if (!text.drawSlice(canvas, document, own * body.height(), body)) {
                *why = text.why();
                return false;
            }
        }
        return !job.progress || job.progress(2 * (page - 1), 2 * estimate);
    });
    qCDebug(lcPdf) << "own writer: laid out and drew" << page << "pages in" << timer.restart()
                   << "ms;" << threadCpuMs() << "ms CPU here, waited" << pieces.waitedMs() << "ms";
    if (broken)
        return failWriting();
    if (!all) {
        if (!why->isEmpty())
            return fail(std::nullopt); // Qt's writer, from the start
        return fail(failed ? *failed : Status(Error::cancelled()));
    }
    pieces.stop(); // it has ended
    if (page == 0 && !beginPage()) {
        *why = text.why();
        return fail(std::nullopt);
    }
    if (!endPage())
        return failWriting();

    // The footers, now that the pages are counted.
    for (int p = 0; p < page; ++p) {
        PdfCanvas footer;
        footer.ops = matrix;
        const auto line = furnitureLine(furniture.footer(p + 1, page), furniture.font, &device);
        const QTextLine first = line->lineAt(0);
        if (!text.drawLayout(footer, *line,
                QPointF(footerRect.center().x() - first.naturalTextWidth() / 2, footerRect.top()),
                QColor(0x3c, 0x40, 0x43))) {
            *why = text.why();
            return fail(std::nullopt);
        }
        footer.endText();
        pdf.setDeferredContent(p, "q\n" + footer.ops + "Q\n");
    }
    pdf.closeQueue();
    writing.join();
    if (!pdf.finish(DisplayText::forTerminal(job.shown.title), QStringLiteral("Ledger Curator"))
        || file.error() != QFileDevice::NoError)
        return fail(writeFailed());
    if (job.progress && !job.progress(2 * page, 2 * page))
        return fail(Status(Error::cancelled()));
    qCDebug(lcPdf) << "footers, fonts and the rest in" << timer.restart()
                   << "ms; the second thread:" << pieces.workerCpuMs() << "ms CPU";
    if (!file.commit())
        return Error::failure(
            PdfExportText::tr("%1: cannot write: %2").arg(path, writeError(file)));
    return Status {};
}

} // namespace LedgerCurator::PdfPieces
