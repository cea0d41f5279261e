// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A PDF file written page by page: objects, cross-reference table, pages, TrueType fonts
// embedded as subsets (CIDFontType2, Identity-H, with a ToUnicode map), link annotations and
// the document information. The pages' content streams are made by the caller (PdfText.h); each
// page may also have a second stream that is written only at the end (the footer's "page N of M",
// once M is known). Used by the PDF export (PdfExport.h) where Qt's QPdfWriter is too slow for
// large records (docs/rendering.md, "The PDF").

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QRawFont>
#include <QRectF>
#include <QString>

#include <atomic>
#include <map>
#include <memory>
#include <span>

class QIODevice;

namespace LedgerCurator {

namespace Threads {
template <typename Block> class TwoThreadPipeline;
}

class PdfFile
{
public:
    //! Writes to `out` (open for writing). Page sizes are in points.
    PdfFile(QIODevice *out, QSizeF pageSize);
    ~PdfFile();
    PdfFile(const PdfFile &) = delete;
    PdfFile &operator=(const PdfFile &) = delete;

    //! The font of `raw` in this file (the same face at any size is one font), -1 when it
    //! cannot be embedded (no TrueType outlines, or a licence that restricts embedding).
    int font(const QRawFont &raw);
    //! Its resource name ("F3") in content streams.
    QByteArray fontResource(int font) const;
    //! `glyphs` of `font` are drawn. The ToUnicode map says for each glyph what the font's
    //! character map says (as Qt's PDF writer does: the lowest character that maps to it); for a
    //! glyph it does not reach, the character of `text` it stood for the first time, when `text`
    //! has one character per glyph in the same order.
    void useGlyphs(int font, const QList<quint32> &glyphs, QStringView text);
    //! Whether the ToUnicode map already says what each of `glyphs` stands for (glyph 0, the
    //! font's "missing" glyph, stands for nothing).
    bool saysAll(int font, const QList<quint32> &glyphs) const;
    //! A bold or italic Qt's font engine makes up for a face that has none (emboldened, slanted).
    struct Synthesis
    {
        bool bold = false;
        bool italic = false;
    };
    Synthesis synthesis(int font) const;
    //! All the widths of `font`, by glyph (as many as the font has glyphs).
    std::span<const float> glyphWidths(int font) const;

    //! Ends a page with `content` (uncompressed operators) and `links` (rectangles in points,
    //! from the bottom left, and their addresses); returns the page's number (from 0). Its
    //! second stream is given later by setDeferredContent().
    int addPage(const QByteArray &content, const QList<std::pair<QRectF, QString>> &links);
    //! The second content stream of page `page`, drawn over the first.
    void setDeferredContent(int page, const QByteArray &content);

    //! From now on the objects are written on another thread, in order, by drain(), which
    //! returns once closeQueue() was called and all is written. finish() after that only.
    void writeBeside();
    void drain();
    void closeQueue();

    //! Writes everything else; false if a write failed.
    bool finish(const QString &title, const QString &creator);

    //! A PDF text string: UTF-16BE with its byte order mark, in hex.
    static QByteArray textString(const QString &text);
    //! A number as PDF writes it: at most three decimals, no exponent.
    static QByteArray number(qreal value);
    static void appendNumber(QByteArray &out, qreal value);
    //! A glyph number (or UTF-16 unit) as four hexadecimal digits.
    static void appendHex16(QByteArray &out, quint32 value);

    bool failed() const { return m_failed; }

private:
    struct Font;
    struct Page
    {
        int object = 0;
        int deferred = 0; // the object of the second stream
        bool deferredWritten = false;
    };
    struct Chunk
    {
        int object = 0;
        QByteArray bytes; // a stream's data, or an object's text
        bool stream = false;
        bool compress = false;
    };

    int newObject() { return ++m_lastObject; }
    void beginObject(int object);
    void write(const QByteArray &bytes);
    void writeStream(int object, const QByteArray &data, bool compress);
    void writeStreamNow(int object, const QByteArray &data, bool compress);
    void put(Chunk &&chunk);
    void writeNow(const Chunk &chunk);
    void writeFont(Font &font);

    QIODevice *m_out;
    QSizeF m_pageSize;
    qint64 m_offset = 0;
    std::atomic<bool> m_failed = false;
    std::unique_ptr<Threads::TwoThreadPipeline<Chunk>> m_queue;
    int m_lastObject = 0;
    std::map<int, qint64> m_offsets; // object -> where it starts
    int m_pagesObject = 0;
    int m_resourcesObject = 0;
    QList<Page> m_pages;
    std::vector<std::unique_ptr<Font>> m_fonts;
    QHash<QString, int> m_fontByKey;
    QList<std::pair<QRawFont, int>> m_seen; // raw fonts (each size its own) and their font
};

} // namespace LedgerCurator
