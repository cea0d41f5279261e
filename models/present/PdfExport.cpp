// SPDX-License-Identifier: GPL-3.0-or-later
#include "PdfExport.h"

#include "SqliteLocks.h"

#include "DisplayText.h"
#include "PageHtml.h"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QElapsedTimer>
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
//! no character is added or lost (issue 20, item 6).
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

qreal mmToDots(qreal mm)
{
    return mm * kResolution / 25.4;
}

//! The running header (title, elided) and footer ("arXiv:ID · page N of M") of one page.
void drawFurniture(QPainter &painter, const QRectF &area, const Record &record, int page, int pages)
{
    const qreal band = mmToDots(kBandMm);
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(7.5);
    withoutLigatures(font);
    painter.save();
    painter.setFont(font);
    painter.setPen(QColor(0x5f, 0x63, 0x68));
    const QFontMetricsF metrics(font, painter.device());

    const QRectF header(area.left(), area.top(), area.width(), band * 0.6);
    const QString kicker = pageText("Paper Citation Record");
    const qreal kickerWidth = metrics.horizontalAdvance(kicker);
    const QString title = metrics.elidedText(
        headerTitle(record.title), Qt::ElideRight, area.width() - kickerWidth - mmToDots(6));
    painter.drawText(header, Qt::AlignLeft | Qt::AlignBottom | Qt::TextSingleLine, title);
    painter.drawText(header, Qt::AlignRight | Qt::AlignBottom | Qt::TextSingleLine, kicker);
    painter.setPen(QPen(QColor(0xc8, 0xcd, 0xd3), mmToDots(0.2)));
    painter.drawLine(QPointF(area.left(), header.bottom() + mmToDots(1.2)),
        QPointF(area.right(), header.bottom() + mmToDots(1.2)));

    const QRectF footer(area.left(), area.bottom() - band * 0.6, area.width(), band * 0.6);
    painter.drawLine(QPointF(area.left(), footer.top() - mmToDots(1.2)),
        QPointF(area.right(), footer.top() - mmToDots(1.2)));
    painter.setPen(QColor(0x3c, 0x40, 0x43));
    // "arXiv:ID · page N of M": the record id and the page on every page.
    const QString text = pageText("arXiv:%1 · page %2 of %3")
                             .arg(DisplayText::forTerminal(record.arxivId))
                             .arg(page)
                             .arg(pages);
    painter.drawText(footer, Qt::AlignHCenter | Qt::AlignTop | Qt::TextSingleLine, text);
    painter.restore();
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
    const QString html = renderPageHtml(shown, htmlOptions);
    qCDebug(lcPdf) << "html" << html.size() << "characters in" << timer.restart() << "ms";

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
    const QRectF body(0, band, area.width(), area.height() - 2 * band);

    QTextDocument document;
    document.documentLayout()->setPaintDevice(&writer);
    QFont font(QStringLiteral("DejaVu Serif"));
    font.setPointSizeF(10);
    withoutLigatures(font);
    document.setDefaultFont(font);
    document.setDocumentMargin(0);
    document.setDefaultStyleSheet(loadPageStylesheet());
    document.setPageSize(body.size());
    document.setUndoRedoEnabled(false);
    document.setHtml(html);
    splitLongBlocks(document);
    qCDebug(lcPdf) << "setHtml" << timer.restart() << "ms";
    const int pages = document.pageCount(); // lays the whole document out
    qCDebug(lcPdf) << "layout of" << pages << "pages" << timer.restart() << "ms";
    if (progress && !progress(0, pages)) {
        file.cancelWriting();
        return Error::cancelled();
    }

    QPainter painter;
    if (!painter.begin(&writer)) {
        file.cancelWriting();
        return Error::failure(PdfExportText::tr("%1: cannot start the PDF").arg(path));
    }
    QAbstractTextDocumentLayout *layout = document.documentLayout();
    for (int page = 0; page < pages; ++page) {
        if (page > 0 && !writer.newPage()) {
            painter.end();
            file.cancelWriting();
            return Error::failure(PdfExportText::tr("%1: cannot add a page").arg(path));
        }
        drawFurniture(painter, area, shown, page + 1, pages);
        painter.save();
        const qreal top = page * body.height();
        painter.translate(body.left(), body.top() - top);
        const QRectF clip(0, top, body.width(), body.height());
        painter.setClipRect(clip);
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = clip;
        context.palette.setColor(QPalette::Text, Qt::black);
        layout->draw(&painter, context);
        painter.restore();
        if (progress && !progress(page + 1, pages)) {
            painter.end();
            file.cancelWriting();
            return Error::cancelled();
        }
    }
    qCDebug(lcPdf) << "drawing" << timer.restart() << "ms";
    if (!painter.end() || !file.commit())
        return Error::failure(
            PdfExportText::tr("%1: cannot write: %2").arg(path, file.errorString()));
    return {};
}

} // namespace LedgerCurator
