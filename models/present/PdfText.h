// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Content streams for PdfFile: a laid-out QTextDocument (or a line of QTextLayout) drawn as PDF
// operators from its own layout: block and character backgrounds, glyph runs as text (the
// positions Qt's layout gave each glyph), links. What QTextDocumentLayout::draw() would paint
// for the page's HTML (docs/rendering.md, "The PDF"), without QPainter and Qt's PDF engine.

#include "PdfFile.h"

#include <QColor>
#include <QGlyphRun>
#include <QList>
#include <QRectF>
#include <QTextBlock>
#include <QTextLayout>

#include <span>

class QTextDocument;

namespace LedgerCurator {

//! One page's content being made, in the coordinates of the page's paint area (dots, from its
//! top left, y down).
struct PdfCanvas
{
    QByteArray ops;
    QList<std::pair<QRectF, QString>> links; // dots, paint-area coordinates

    // What the operators so far have set, so that it is not said again.
    bool inText = false; // between BT and ET
    int font = -1; // and `size`: the text font (-1: not known)
    qreal size = 0;
    qreal spacing = 0; // Tc
    QRgb fill = 0; // the fill colour, when `fillKnown`
    bool fillKnown = false;

    //! Ends a text object (before anything but text).
    void endText()
    {
        if (inText)
            ops += "ET\n";
        inText = false;
    }
    //! Before q or Q: nothing of the graphics state is known any more.
    void forgetState()
    {
        endText();
        font = -1;
        spacing = 0;
        fillKnown = false;
    }
};

class PdfText
{
public:
    explicit PdfText(PdfFile &file)
        : m_file(file)
    {
    }

    //! Draws what of `document` lies between `top` and `top + body.height()` (the document's
    //! coordinates) into `canvas`, in the rectangle `body` of the page, clipped to it. False when
    //! the document holds something this cannot draw (then nothing is to be trusted: the export
    //! goes back to Qt's writer); why in `why`.
    bool drawSlice(PdfCanvas &canvas, QTextDocument &document, qreal top, const QRectF &body);
    //! Draws the lines of `layout` (laid out) at `origin` in `color`.
    bool drawLayout(
        PdfCanvas &canvas, const QTextLayout &layout, QPointF origin, const QColor &color);

    static void fillRect(PdfCanvas &canvas, const QRectF &rect, const QColor &color);
    static void strokeLine(
        PdfCanvas &canvas, QPointF from, QPointF to, qreal width, const QColor &color);

    QString why() const { return m_why; }

private:
    bool drawRun(PdfCanvas &canvas, const QGlyphRun &run, QPointF origin, const QColor &color,
        QStringView text);
    static void writeGlyphs(QByteArray &ops, const QList<quint32> &glyphs,
        const QList<QPointF> &positions, QPointF origin, std::span<const float> widths,
        qreal perUnit, qreal spacing, const QByteArray &matrix);
    bool drawRuns(PdfCanvas &canvas, const QTextLine &line, const QString &blockText,
        QPointF origin, const QColor &textColor, int from, int to);
    bool drawLine(PdfCanvas &canvas, const QTextLine &line, const QString &blockText,
        QPointF origin, const QList<QTextLayout::FormatRange> &formats, const QColor &defaultColor,
        qreal clipTop, qreal clipBottom);

    PdfFile &m_file;
    QString m_why;
    const QTextDocument *m_document = nullptr; // of the last slice
    qreal m_top = 0;
    QTextBlock m_next; // where the next slice of it starts
    std::vector<qreal> m_gaps; // drawRun()'s, kept for its room
};

} // namespace LedgerCurator
