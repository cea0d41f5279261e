// SPDX-License-Identifier: GPL-3.0-or-later
#include "PdfText.h"

#include <QAbstractTextDocumentLayout>
#include <QPainterPath>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextLayout>
#include <QTextTable>

#include <algorithm>

namespace LedgerCurator {

namespace {

using N = PdfFile;

QByteArray color(const QColor &c, const char *op)
{
    return N::number(c.redF()) + ' ' + N::number(c.greenF()) + ' ' + N::number(c.blueF()) + ' ' + op
        + '\n';
}

QColor brushColor(const QBrush &brush, const QColor &otherwise)
{
    return brush.style() == Qt::NoBrush ? otherwise : brush.color();
}

//! What this drawing does not do (the export then goes back to Qt's writer).
QString unsupported(const QTextCharFormat &format)
{
    if (format.isImageFormat() || format.objectType() != QTextFormat::NoObject)
        return QStringLiteral("an embedded object");
    if (format.fontUnderline() || format.fontStrikeOut() || format.fontOverline()
        || format.underlineStyle() != QTextCharFormat::NoUnderline)
        return QStringLiteral("decorated text");
    if (format.foreground().style() > Qt::SolidPattern
        || format.background().style() > Qt::SolidPattern)
        return QStringLiteral("a pattern or gradient");
    if (format.hasProperty(QTextFormat::TextOutline))
        return QStringLiteral("outlined text");
    if ((format.foreground().style() != Qt::NoBrush && format.foreground().color().alpha() < 255)
        || (format.background().style() != Qt::NoBrush
            && format.background().color().alpha() < 255))
        return QStringLiteral("a transparent colour");
    return {};
}

//! Where the part of `text` from `from` that one font may draw ends (before `end`): a format
//! character is a part of its own; Latin, Greek, Cyrillic and the common characters (spaces,
//! digits, punctuation) go together, each other script on its own; marks go with what they mark.
int segmentEnd(const QString &text, int from, int end)
{
    enum : int { Format = -1, Marks = -2, Western = 0 };
    const auto kindAt = [&](int at, int *width) {
        char32_t code = text.at(at).unicode();
        *width = 1;
        if (code < 0x80)
            return int(Western); // no format character is ASCII
        if (text.at(at).isHighSurrogate() && at + 1 < end && text.at(at + 1).isLowSurrogate()) {
            code = QChar::surrogateToUcs4(text.at(at), text.at(at + 1));
            *width = 2;
        }
        if (QChar::category(code) == QChar::Other_Format)
            return int(Format);
        switch (QChar::script(code)) {
        case QChar::Script_Inherited:
            return int(Marks);
        case QChar::Script_Common:
        case QChar::Script_Latin:
        case QChar::Script_Greek:
        case QChar::Script_Cyrillic:
            return int(Western);
        default:
            return int(QChar::script(code));
        }
    };
    int width = 1;
    int kind = kindAt(from, &width);
    if (kind == Format)
        return from + width;
    int to = from + width;
    while (to < end) {
        const int here = kindAt(to, &width);
        if (here == Marks) {
            to += width;
            continue;
        }
        if (kind == Marks)
            kind = here;
        if (here != kind || here == Format)
            return to;
        to += width;
    }
    return end;
}

//! `path` filled, as PDF path operators.
void appendPath(QByteArray &ops, const QPainterPath &path)
{
    for (int i = 0; i < path.elementCount(); ++i) {
        const QPainterPath::Element e = path.elementAt(i);
        switch (e.type) {
        case QPainterPath::MoveToElement:
        case QPainterPath::LineToElement:
            PdfFile::appendNumber(ops, e.x);
            ops += ' ';
            PdfFile::appendNumber(ops, e.y);
            ops += e.type == QPainterPath::MoveToElement ? " m\n" : " l\n";
            break;
        case QPainterPath::CurveToElement:
            for (int k = 0; k < 3 && i + k < path.elementCount(); ++k) {
                PdfFile::appendNumber(ops, path.elementAt(i + k).x);
                ops += ' ';
                PdfFile::appendNumber(ops, path.elementAt(i + k).y);
                ops += ' ';
            }
            ops += "c\n";
            i += 2;
            break;
        case QPainterPath::CurveToDataElement:
            break;
        }
    }
    ops += path.fillRule() == Qt::WindingFill ? "f\n" : "f*\n";
}

void setFill(PdfCanvas &canvas, const QColor &fill)
{
    if (canvas.fillKnown && canvas.fill == fill.rgb())
        return;
    canvas.ops += color(fill, "rg");
    canvas.fill = fill.rgb();
    canvas.fillKnown = true;
}

} // namespace

void PdfText::fillRect(PdfCanvas &canvas, const QRectF &rect, const QColor &fill)
{
    canvas.endText();
    setFill(canvas, fill);
    canvas.ops += N::number(rect.x()) + ' ' + N::number(rect.y()) + ' ' + N::number(rect.width())
        + ' ' + N::number(rect.height()) + " re f\n";
}

void PdfText::strokeLine(
    PdfCanvas &canvas, QPointF from, QPointF to, qreal width, const QColor &stroke)
{
    canvas.endText();
    canvas.ops += color(stroke, "RG") + N::number(width) + " w " + N::number(from.x()) + ' '
        + N::number(from.y()) + " m " + N::number(to.x()) + ' ' + N::number(to.y()) + " l S\n";
}

bool PdfText::drawRun(PdfCanvas &canvas, const QGlyphRun &run, QPointF origin,
    const QColor &textColor, QStringView text)
{
    const QList<quint32> glyphs = run.glyphIndexes();
    if (glyphs.isEmpty())
        return true;
    const QRawFont raw = run.rawFont();
    const int font = m_file.font(raw);
    const QList<QPointF> positions = run.positions();
    if (font < 0) {
        // A font that cannot be embedded (Qt's boxes for characters no font has, say): its
        // glyphs as shapes, as Qt's writer draws them; they say no text.
        canvas.endText();
        setFill(canvas, textColor);
        for (qsizetype i = 0; i < glyphs.size(); ++i) {
            QPainterPath path = raw.pathForGlyph(glyphs.at(i));
            if (path.isEmpty())
                continue;
            path.translate(origin + positions.at(i));
            appendPath(canvas.ops, path);
        }
        return true;
    }
    const std::span<const float> widths = m_file.glyphWidths(font);
    for (const quint32 glyph : glyphs) {
        if (glyph >= widths.size()) {
            m_why = QStringLiteral("a glyph the font %1 does not have").arg(raw.familyName());
            return false;
        }
    }
    m_file.useGlyphs(font, glyphs, run.isRightToLeft() ? QStringView() : text);
    const qreal size = raw.pixelSize();
    const qreal perUnit = size / 1000;
    QByteArray &ops = canvas.ops;
    if (!canvas.inText) {
        ops += "BT\n";
        canvas.inText = true;
    }
    if (canvas.font != font || canvas.size != size) {
        ops += '/' + m_file.fontResource(font) + ' ';
        PdfFile::appendNumber(ops, size);
        ops += " Tf ";
        canvas.font = font;
        canvas.size = size;
    }
    setFill(canvas, textColor);

    // Character spacing: the middle gap between a glyph's advance and the next glyph (letter
    // spacing); what is left is said in the TJ array where it adds up.
    m_gaps.clear();
    for (qsizetype i = 0; i + 1 < glyphs.size(); ++i)
        m_gaps.push_back(
            positions.at(i + 1).x() - positions.at(i).x() - widths[glyphs.at(i)] * perUnit);
    qreal spacing = 0;
    if (!m_gaps.empty()) {
        std::nth_element(m_gaps.begin(), m_gaps.begin() + m_gaps.size() / 2, m_gaps.end());
        spacing = m_gaps[m_gaps.size() / 2];
    }
    spacing = std::abs(spacing) > 0.001 ? std::round(spacing * 1000) / 1000 : 0;
    if (spacing != canvas.spacing) {
        PdfFile::appendNumber(ops, spacing);
        ops += " Tc ";
        canvas.spacing = spacing;
    }

    // Qt's writer draws a made-up italic slanted, a made-up bold twice, the second time half a
    // line's thickness to the right (and saying no text, so that it is not read twice).
    const PdfFile::Synthesis synthesis = m_file.synthesis(font);
    const QByteArray slant
        = synthesis.italic ? QByteArrayLiteral("1 0 0.3 -1 ") : QByteArrayLiteral("1 0 0 -1 ");
    writeGlyphs(ops, glyphs, positions, origin, widths, perUnit, spacing, slant);
    if (synthesis.bold) {
        ops += "/Span << /ActualText <> >> BDC\n";
        writeGlyphs(ops, glyphs, positions, origin + QPointF(raw.lineThickness() / 2, 0), widths,
            perUnit, spacing, slant);
        ops += "EMC\n";
    }
    return true;
}

void PdfText::writeGlyphs(QByteArray &ops, const QList<quint32> &glyphs,
    const QList<QPointF> &positions, QPointF origin, std::span<const float> widths, qreal perUnit,
    qreal spacing, const QByteArray &matrix)
{
    qreal penX = 0;
    qreal lineY = 0;
    for (qsizetype i = 0; i < glyphs.size(); ++i) {
        const QPointF at = origin + positions.at(i);
        if (i == 0 || std::abs(at.y() - lineY) > 0.01) {
            if (i > 0)
                ops += ">] TJ\n";
            ops += matrix;
            PdfFile::appendNumber(ops, at.x());
            ops += ' ';
            PdfFile::appendNumber(ops, at.y());
            ops += " Tm [<";
            penX = at.x();
            lineY = at.y();
        } else if (const qreal off = at.x() - penX; std::abs(off) > 0.02) {
            ops += '>';
            PdfFile::appendNumber(ops, -off / perUnit);
            ops += '<';
            penX = at.x();
        }
        PdfFile::appendHex16(ops, glyphs.at(i));
        penX += widths[glyphs.at(i)] * perUnit + spacing;
    }
    ops += ">] TJ\n";
}

bool PdfText::drawRuns(PdfCanvas &canvas, const QTextLine &line, const QString &blockText,
    QPointF origin, const QColor &textColor, int from, int to)
{
    const QList<QGlyphRun> runs = line.glyphRuns(from, to - from);
    static int shown = 0;
    if (runs.size() > 1 && shown < 10 && qEnvironmentVariableIsSet("LC_PDF_DEBUG")) {
        ++shown;
        qDebug() << "multi" << blockText.mid(from, to - from) << runs.size();
        for (const auto &r : runs)
            qDebug() << "  " << r.rawFont().familyName() << r.glyphIndexes().size()
                     << r.positions().first() << int(r.flags());
    }
    int middle = from + (to - from) / 2;
    while (middle > from
        && (blockText.at(middle).isLowSurrogate() || QChar::isMark(blockText.at(middle).unicode())))
        --middle;
    if (runs.size() <= 1 || middle == from) {
        for (const QGlyphRun &run : runs)
            if (!drawRun(canvas, run, origin, textColor,
                    runs.size() == 1 ? QStringView(blockText).mid(from, to - from) : QStringView()))
                return false;
        return true;
    }
    return drawRuns(canvas, line, blockText, origin, textColor, from, middle)
        && drawRuns(canvas, line, blockText, origin, textColor, middle, to);
}

bool PdfText::drawLine(PdfCanvas &canvas, const QTextLine &line, const QString &blockText,
    QPointF origin, const QList<QTextLayout::FormatRange> &formats, const QColor &defaultColor,
    qreal clipTop, qreal clipBottom)
{
    const qreal top = origin.y() + line.y();
    if (top + line.height() < clipTop || top > clipBottom)
        return true;
    const int lineStart = line.textStart();
    const int lineEnd = lineStart + line.textLength();
    // What the formats cover, and what they leave to the block's own format.
    QList<QTextLayout::FormatRange> ranges;
    int at = lineStart;
    for (const QTextLayout::FormatRange &range : formats) {
        const int from = std::max(range.start, lineStart);
        const int to = std::min(range.start + range.length, lineEnd);
        if (from >= to)
            continue;
        if (from > at)
            ranges.append({ at, from - at, {} });
        ranges.append({ from, to - from, range.format });
        at = to;
    }
    if (at < lineEnd)
        ranges.append({ at, lineEnd - at, {} });

    for (const QTextLayout::FormatRange &range : std::as_const(ranges)) {
        if (const QString why = unsupported(range.format); !why.isEmpty()) {
            m_why = why;
            return false;
        }
        const bool filled = range.format.background().style() != Qt::NoBrush;
        const bool linked = range.format.isAnchor() && !range.format.anchorHref().isEmpty();
        if (!filled && !linked)
            continue;
        const qreal x1 = line.cursorToX(range.start);
        const qreal x2 = line.cursorToX(range.start + range.length);
        // As QTextLine::draw() fills it: the line's own height (QTextLine::height() rounds up).
        const QRectF rect(origin.x() + std::min(x1, x2), top, std::abs(x2 - x1),
            line.ascent() + line.descent() + (line.leadingIncluded() ? line.leading() : 0));
        if (filled)
            fillRect(canvas, rect, range.format.background().color());
        if (linked)
            canvas.links.append({ rect, range.format.anchorHref() });
    }
    // The ToUnicode map says what a glyph the font's character map reaches stands for. A run
    // with a glyph it does not reach (a shaped form) says its own text: its range is cut where
    // the font may change (another script, a format character such as an isolate or a zero width
    // space, which the layout gives a glyph of another font), and drawRuns() halves what is
    // still more than one run.
    for (const QTextLayout::FormatRange &range : std::as_const(ranges)) {
        const QColor textColor = brushColor(range.format.foreground(), defaultColor);
        const QList<QGlyphRun> runs = line.glyphRuns(range.start, range.length);
        const bool known = std::all_of(runs.cbegin(), runs.cend(), [&](const QGlyphRun &run) {
            return run.glyphIndexes().isEmpty()
                || m_file.saysAll(m_file.font(run.rawFont()), run.glyphIndexes());
        });
        if (known) {
            for (const QGlyphRun &run : runs)
                if (!drawRun(canvas, run, origin, textColor, {}))
                    return false;
            continue;
        }
        const int end = range.start + range.length;
        for (int from = range.start; from < end;) {
            const int to = segmentEnd(blockText, from, end);
            if (!drawRuns(canvas, line, blockText, origin, textColor, from, to))
                return false;
            from = to;
        }
    }
    return true;
}

bool PdfText::drawLayout(
    PdfCanvas &canvas, const QTextLayout &layout, QPointF origin, const QColor &textColor)
{
    const QString text = layout.text();
    const QList<QTextLayout::FormatRange> formats;
    for (int i = 0; i < layout.lineCount(); ++i)
        if (!drawLine(canvas, layout.lineAt(i), text, origin, formats, textColor, -1e30, 1e30))
            return false;
    return true;
}

bool PdfText::drawSlice(PdfCanvas &canvas, QTextDocument &document, qreal top, const QRectF &body)
{
    QAbstractTextDocumentLayout *documentLayout = document.documentLayout();
    const qreal bottom = top + body.height();
    canvas.forgetState();
    canvas.ops += "q " + N::number(body.x()) + ' ' + N::number(body.y()) + ' '
        + N::number(body.width()) + ' ' + N::number(body.height()) + " re W n 1 0 0 1 "
        + N::number(body.x()) + ' ' + N::number(body.y() - top) + " cm\n";
    const qsizetype linksBefore = canvas.links.size();
    bool drawn = true;
    // The slices of a document come in order: each starts from the first block that reached
    // below the one before.
    QTextBlock block = document.begin();
    if (&document == m_document && top > m_top && m_next.isValid())
        block = m_next;
    m_document = &document;
    m_top = top;
    const bool flat = document.rootFrame()->childFrames().isEmpty();
    m_next = {};
    for (; block.isValid() && drawn; block = block.next()) {
        const QTextLayout *layout = block.layout();
        const QRectF rect = documentLayout->blockBoundingRect(block);
        if (!m_next.isValid() && rect.bottom() >= bottom)
            m_next = block;
        if (rect.bottom() < top)
            continue;
        QTextFrame *frame = flat ? document.rootFrame() : document.frameAt(block.position());
        if (rect.top() > bottom && frame == document.rootFrame())
            break;
        if (frame != document.rootFrame()) {
            const QTextFrameFormat format = frame->frameFormat();
            if (format.border() > 0 || format.background().style() != Qt::NoBrush) {
                m_why = QStringLiteral("a frame or table with a border or background");
                drawn = false;
                break;
            }
            if (auto *table = qobject_cast<QTextTable *>(frame)) {
                const QTextTableCell cell = table->cellAt(block.position());
                if (cell.isValid() && cell.format().background().style() != Qt::NoBrush) {
                    m_why = QStringLiteral("a table cell with a background");
                    drawn = false;
                    break;
                }
            }
        }
        if (rect.top() > bottom)
            continue;
        const QTextBlockFormat format = block.blockFormat();
        if (block.textList()
            || format.hasProperty(QTextFormat::BlockTrailingHorizontalRulerWidth)) {
            m_why = QStringLiteral("a list or a horizontal rule");
            drawn = false;
            break;
        }
        const QPointF origin = rect.topLeft();
        if (format.background().style() != Qt::NoBrush) {
            QRectF fill = layout->boundingRect().translated(origin);
            fill.setLeft(fill.left() + format.leftMargin());
            fillRect(canvas, fill, format.background().color());
        }
        const QColor textColor = brushColor(block.charFormat().foreground(), Qt::black);
        const QString text = block.text();
        const QList<QTextLayout::FormatRange> formats = block.textFormats();
        for (int i = 0; i < layout->lineCount() && drawn; ++i)
            drawn = drawLine(
                canvas, layout->lineAt(i), text, origin, formats, textColor, top, bottom);
    }
    canvas.forgetState();
    canvas.ops += "Q\n";
    // Links in the page's coordinates.
    for (qsizetype i = linksBefore; i < canvas.links.size(); ++i)
        canvas.links[i].first.translate(body.x(), body.y() - top);
    return drawn;
}

} // namespace LedgerCurator
