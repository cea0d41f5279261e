// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: what both ways of writing the PDF share (PdfExport.cpp: Qt's
// QPdfWriter; PdfOwnExport.cpp: PdfFile). The page is laid out in pieces, each its own
// QTextDocument (renderPageHtmlInPieces()), flowing on from one to the next on the same pages;
// a second thread writes and parses the pieces' HTML (PieceSource) while the exporting thread
// lays them out (layOutPiece()) and draws them (docs/rendering.md, "The PDF").

#include "PageHtml.h"
#include "PdfExport.h"
#include "Record.h"
#include "Result.h"

#include <QCoreApplication>
#include <QFont>
#include <QLoggingCategory>
#include <QPageLayout>
#include <QRectF>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QPaintDevice;
class QPdfWriter;
class QSaveFile;
class QTextDocument;

namespace LedgerCurator {

Q_DECLARE_LOGGING_CATEGORY(lcPdf)

struct PdfExportText
{
    Q_DECLARE_TR_FUNCTIONS(PdfExport)
};

namespace PdfPieces {

//! The page (kicker, footer) keeps its canonical English wording; the errors are translated.
inline QString pageText(const char *text)
{
    return QString::fromUtf8(text);
}

constexpr int kResolution = 300; // dots per inch of the layout; text stays vector text
constexpr qreal kMarginMm = 16;
constexpr qreal kBandMm = 9; // header and footer bands inside the margins
//! The body of a page: QTextDocument places its lines in 26.6 fixed point, so a document taller
//! than 2^31 / 64 dots (at 300 dpi, some 11,000 A4 pages) wraps round to negative positions: a
//! 60,000-observation page laid out whole came out as one blank page, and held 2.7 GB
//! (docs/rendering.md, "The PDF"). The page is laid out in pieces (renderPageHtmlInPieces()), each
//! its own document, none taller than this.
constexpr qreal kTallestPiece = 30'000'000;
//! Qt's PDF writer keeps its objects' offsets in an int: a file past 2 GiB would be corrupt.
constexpr qint64 kLargestPdf = 2'000'000'000;

inline qreal mmToDots(qreal mm)
{
    return mm * kResolution / 25.4;
}

//! Ligature glyphs ("ﬃ") would come out of the PDF's text as other characters ("Eﬀicient"), which
//! defeats search and copy. Qt leaves out ligatures when letter spacing is set (scripts that need
//! them, as Arabic, are still shaped): 1/64 of a dot at 300 dpi, the smallest spacing there is.
void withoutLigatures(QFont &font);

//! CPU time of the calling thread, in ms (for the debug output: which thread the time goes to).
qint64 threadCpuMs();

//! What the running header and footer of every page share: the font, the title elided to the
//! room the kicker leaves (the same on every page: worked out once).
struct Furniture
{
    QFont font;
    QString title;
    QString kicker;
    QString arxivId;

    Furniture(QPaintDevice *device, const QRectF &area, const Record &record);
    //! "arXiv:ID · page N of M": the record id and the page on every page.
    QString footer(int page, int pages) const
    {
        return pageText("arXiv:%1 · page %2 of %3").arg(arxivId).arg(page).arg(pages);
    }
};

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

qreal measureLineHeightScale(const Sheet &sheet);

//! Where a piece starts: below the end of the piece before, on its last page. An empty first
//! block `height` dots tall (0: none) stands for that end, with the bottom margin of its last
//! block, so that the margin between them is the one a single document would have given them.
struct LeadIn
{
    qreal height = 0;
    qreal bottomMargin = 0;
};

//! A parsed piece laid out on pages of the body's size, after `leadIn`. Its last block is
//! followed by an empty block of no height and no margin, so that the piece ends as it would have
//! gone on (the last block of a document is laid out otherwise: its line takes the document's
//! default font as well), and a bottom margin would not push the end. That block's top is where
//! the piece ends; the last block's bottom margin, in `bottomMargin`, goes to the next lead-in.
//! With `toDraw`, each line keeps its glyphs from the layout (QTextLayout's cache), so that
//! drawing it does not shape it again.
void layOutPiece(QTextDocument &document, const Sheet &sheet, const LeadIn &leadIn,
    qreal *bottomMargin, bool toDraw);

//! Whether the layout placed the piece within QFixed's range, its blocks in order (beyond the
//! range it wraps round without a word: the cause of the blank page).
bool laidOutInRange(QTextDocument &document);

//! A piece as laid out: its own pages (the first shared with the piece before), and the lead-in
//! of the next.
struct PieceSize
{
    int pages = 0;
    LeadIn next;
};

PieceSize pieceSize(QTextDocument &document, qreal pageHeight, qreal bottomMargin);

//! Why `file` could not be written. A write that failed part way leaves Qt without the system's
//! reason ("Unknown error"): said plainly then.
QString writeError(const QSaveFile &file);

//! The observations the page itemizes (for the progress while the pages are counted).
qsizetype itemized(const Record &record, qsizetype inboundCap);

//! "the page cannot be laid out: observations I to J of the page take more than N pages".
Error tooTall(const QString &path, qsizetype from, qsizetype to, qreal pageHeight);

//! A piece of the page on its way to the PDF: its document, parsed but not laid out, and how
//! many observations the pieces so far itemized.
struct Piece
{
    std::unique_ptr<QTextDocument> document;
    qsizetype itemizedSoFar = 0;
};

using PieceSink = std::function<bool(Piece &&)>;

//! The pieces of the page, parsed, in `passes` passes over the page: on a second thread (a few
//! pieces ahead, no more, each parsed for `twin`, a device like the exporting thread's that
//! nothing draws on) when `threaded`, else on the exporting thread when asked for. The layout and
//! the drawing stay on the exporting thread: Qt keeps its fonts (and FreeType's faces) per
//! thread; a parsed document holds none yet.
class PieceSource
{
public:
    PieceSource(const Record &shown, const HtmlOptions &html, const HtmlPieceLimits &limits,
        const Sheet &here, const Sheet &twin, bool threaded, int passes);
    ~PieceSource();
    Q_DISABLE_COPY_MOVE(PieceSource)

    //! Each piece of `pass` to `sink`, in order; false when `sink` stopped.
    bool each(int pass, const PieceSink &sink);
    //! The second thread stops and is joined; the pieces it queued are deleted.
    void stop();

    //! For the debug output: how long this thread waited for pieces, the second thread's CPU.
    qint64 waitedMs() const;
    qint64 workerCpuMs() const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

//! One export, as both writers are given it.
struct Job
{
    const Record &shown;
    QString path;
    const PdfOptions &options;
    const Progress &progress;
    HtmlOptions html {};
    QPageLayout pageLayout {};
    QRectF area {}; // the paint rectangle, in dots from its top left
    QRectF body {}; // the part of it between the header and the footer
    bool threaded = true; // the pieces parsed on a second thread
};

//! The PDF through our own writer (PdfOwnExport.cpp); nullopt, with the reason in `why`, when
//! the page holds something it does not draw (Qt's writer then writes it, from the start).
std::optional<Status> exportWithOwnWriter(const Job &job, QString *why);

} // namespace PdfPieces
} // namespace LedgerCurator
