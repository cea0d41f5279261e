// SPDX-License-Identifier: GPL-3.0-or-later
#include "PdfFile.h"

#include "HelperThread.h"

#include <QCryptographicHash>
#include <QIODevice>
#include <QUrl>
#include <QtEndian>

#include <algorithm>
#include <cmath>

namespace LedgerCurator {

namespace {

quint16 u16(const QByteArray &table, qsizetype at)
{
    return at + 2 <= table.size() ? qFromBigEndian<quint16>(table.constData() + at) : 0;
}

qint16 s16(const QByteArray &table, qsizetype at)
{
    return qint16(u16(table, at));
}

quint32 u32(const QByteArray &table, qsizetype at)
{
    return at + 4 <= table.size() ? qFromBigEndian<quint32>(table.constData() + at) : 0;
}

void put16(QByteArray &out, quint16 value)
{
    out.append(char(value >> 8)).append(char(value & 0xff));
}

void put32(QByteArray &out, quint32 value)
{
    put16(out, quint16(value >> 16));
    put16(out, quint16(value & 0xffff));
}

quint32 tableChecksum(const QByteArray &table)
{
    quint32 sum = 0;
    for (qsizetype at = 0; at < table.size(); at += 4) {
        quint32 word = 0;
        for (int i = 0; i < 4; ++i)
            word = (word << 8) | quint8(at + i < table.size() ? table.at(at + i) : 0);
        sum += word;
    }
    return sum;
}

//! What each glyph of a font says, from its character map ('cmap': formats 4 and 12, Unicode
//! subtables): the lowest character that maps to it, 0 for none. Glyphs the map does not reach
//! (shaped forms) are left to what the text drawn with them said.
std::vector<char32_t> reverseCharacterMap(const QByteArray &cmap, int glyphs)
{
    std::vector<char32_t> says(size_t(std::max(glyphs, 0)), 0);
    const auto note = [&](char32_t c, quint32 glyph) {
        if (glyph != 0 && glyph < says.size() && (says[glyph] == 0 || c < says[glyph]))
            says[glyph] = c;
    };
    qsizetype format4 = -1;
    qsizetype format12 = -1;
    const int tables = u16(cmap, 2);
    for (int i = 0; i < tables; ++i) {
        const quint16 platform = u16(cmap, 4 + i * 8);
        const quint16 encoding = u16(cmap, 6 + i * 8);
        const qsizetype at = u32(cmap, 8 + i * 8);
        const bool unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10));
        if (!unicode || at + 4 > cmap.size())
            continue;
        const quint16 format = u16(cmap, at);
        if (format == 12 && format12 < 0)
            format12 = at;
        else if (format == 4 && format4 < 0)
            format4 = at;
    }
    if (format12 >= 0) {
        const quint32 groups = u32(cmap, format12 + 12);
        for (quint32 g = 0; g < groups && format12 + 16 + (g + 1) * 12 <= quint32(cmap.size());
             ++g) {
            const qsizetype at = format12 + 16 + qsizetype(g) * 12;
            const quint32 first = u32(cmap, at);
            const quint32 last = std::min<quint32>(u32(cmap, at + 4), 0x10ffff);
            const quint32 glyph = u32(cmap, at + 8);
            for (quint32 c = first; c <= last && c >= first; ++c)
                note(c, glyph + (c - first));
        }
    } else if (format4 >= 0) {
        const int segments = u16(cmap, format4 + 6) / 2;
        const qsizetype ends = format4 + 14;
        const qsizetype starts = ends + segments * 2 + 2;
        const qsizetype deltas = starts + segments * 2;
        const qsizetype offsets = deltas + segments * 2;
        for (int i = 0; i < segments; ++i) {
            const quint32 first = u16(cmap, starts + i * 2);
            const quint32 last = u16(cmap, ends + i * 2);
            const quint16 delta = u16(cmap, deltas + i * 2);
            const quint16 offset = u16(cmap, offsets + i * 2);
            for (quint32 c = first; c <= last && c != 0xffff; ++c) {
                quint32 glyph = 0;
                if (offset == 0) {
                    glyph = (c + delta) & 0xffff;
                } else {
                    const qsizetype at = offsets + i * 2 + offset + qsizetype(c - first) * 2;
                    glyph = u16(cmap, at);
                    if (glyph != 0)
                        glyph = (glyph + delta) & 0xffff;
                }
                note(c, glyph);
            }
        }
    }
    return says;
}

//! What Qt's FreeType engine makes up for `raw` (QFontEngineFT::init()): a bold the face does not
//! have (not for fixed pitch faces), an italic it does not have.
PdfFile::Synthesis synthesisOf(
    const QRawFont &raw, const QByteArray &os2, const QByteArray &head, const QByteArray &post)
{
    const quint16 macStyle = u16(head, 44);
    const quint16 selection = os2.size() >= 64 ? u16(os2, 62) : 0;
    const quint16 weightClass = os2.size() >= 6 ? u16(os2, 4) : 400;
    const bool bold = (macStyle & 0x1) || (selection & 0x20) || weightClass >= 600;
    const bool italic = (macStyle & 0x2) || (selection & 0x1);
    const bool fixedPitch = post.size() >= 16 && u32(post, 12) != 0;
    PdfFile::Synthesis synthesis;
    synthesis.bold = raw.weight() >= QFont::Bold && !bold && !fixedPitch;
    synthesis.italic = raw.style() != QFont::StyleNormal && !italic;
    return synthesis;
}

} // namespace

void PdfFile::appendNumber(QByteArray &out, qreal value)
{
    // Thousandths, rounded: the precision of every coordinate the page needs (1/1000 of a dot).
    if (!std::isfinite(value) || std::abs(value) >= 1e15) {
        out += '0';
        return;
    }
    qint64 m = std::llround(value * 1000);
    if (m == 0) {
        out += '0';
        return;
    }
    char buffer[32];
    char *end = buffer + sizeof buffer;
    char *at = end;
    const bool negative = m < 0;
    if (negative)
        m = -m;
    int fraction = int(m % 1000);
    qint64 whole = m / 1000;
    if (fraction != 0) {
        int digits = 3;
        while (fraction % 10 == 0) {
            fraction /= 10;
            --digits;
        }
        for (int i = 0; i < digits; ++i, fraction /= 10)
            *--at = char('0' + fraction % 10);
        *--at = '.';
    }
    do {
        *--at = char('0' + whole % 10);
        whole /= 10;
    } while (whole != 0);
    if (negative)
        *--at = '-';
    out.append(at, end - at);
}

void PdfFile::appendHex16(QByteArray &out, quint32 value)
{
    static const char digits[] = "0123456789ABCDEF";
    const char hex[4] = { digits[(value >> 12) & 0xf], digits[(value >> 8) & 0xf],
        digits[(value >> 4) & 0xf], digits[value & 0xf] };
    out.append(hex, 4);
}

QByteArray PdfFile::number(qreal value)
{
    QByteArray out;
    appendNumber(out, value);
    return out;
}

namespace {

QByteArray hex16(quint32 value)
{
    QByteArray out;
    PdfFile::appendHex16(out, value);
    return out;
}

} // namespace

QByteArray PdfFile::textString(const QString &text)
{
    QByteArray out = "<FEFF";
    for (const QChar c : text)
        out += hex16(c.unicode());
    return out + '>';
}

namespace {

//! A PDF literal string of ASCII bytes.
QByteArray literal(const QByteArray &bytes)
{
    QByteArray out = "(";
    for (const char c : bytes) {
        if (c == '(' || c == ')' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + ')';
}

} // namespace

struct PdfFile::Font
{
    QRawFont raw;
    QByteArray name; // "F1"
    int object = 0;
    qreal unitsPerEm = 1000;
    int numGlyphs = 0;
    int numberOfHMetrics = 0;
    bool longLoca = false;
    QByteArray head, hhea, maxp, hmtx, loca, glyf, cvt, fpgm, prep, post;
    std::vector<bool> used;
    std::vector<char32_t> unicode; // what each glyph says, from the character map (0: nothing)
    std::vector<char32_t> learned; // what it said in the text drawn with it (first seen)
    std::vector<float> widths; // each glyph's advance, in 1/1000 of the font size
    Synthesis synthesis;

    quint32 glyphStart(quint32 glyph) const
    {
        return longLoca ? u32(loca, qsizetype(glyph) * 4)
                        : quint32(u16(loca, qsizetype(glyph) * 2)) * 2;
    }
    qreal advance(quint32 glyph) const { return glyph < widths.size() ? widths[glyph] : 0; }
    qreal tableAdvance(quint32 glyph) const
    {
        if (numberOfHMetrics <= 0)
            return 0;
        const quint32 metric = std::min<quint32>(glyph, quint32(numberOfHMetrics - 1));
        return u16(hmtx, qsizetype(metric) * 4) * 1000.0 / unitsPerEm;
    }
};

PdfFile::PdfFile(QIODevice *out, QSizeF pageSize)
    : m_out(out)
    , m_pageSize(pageSize)
{
    write(QByteArrayLiteral("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"));
    m_pagesObject = newObject();
    m_resourcesObject = newObject();
}

PdfFile::~PdfFile() = default;

void PdfFile::write(const QByteArray &bytes)
{
    if (m_failed)
        return;
    if (m_out->write(bytes) != bytes.size())
        m_failed = true;
    m_offset += bytes.size();
}

void PdfFile::beginObject(int object)
{
    m_offsets[object] = m_offset;
    write(QByteArray::number(object) + " 0 obj\n");
}

void PdfFile::writeBeside()
{
    m_queue = std::make_unique<Threads::TwoThreadPipeline<Chunk>>(8);
}

void PdfFile::drain()
{
    while (std::optional<Chunk> chunk = m_queue->next())
        writeNow(*chunk);
}

void PdfFile::closeQueue()
{
    if (m_queue)
        m_queue->close();
}

void PdfFile::put(Chunk &&chunk)
{
    if (!m_queue) {
        writeNow(chunk);
        return;
    }
    // take() waits while eight objects wait to be written (nothing is handed back to reuse).
    m_queue->take([] { return Chunk {}; });
    m_queue->put(std::move(chunk));
}

void PdfFile::writeNow(const Chunk &chunk)
{
    if (chunk.stream) {
        writeStreamNow(chunk.object, chunk.bytes, chunk.compress);
        return;
    }
    beginObject(chunk.object);
    write(chunk.bytes);
    write("\nendobj\n");
}

void PdfFile::writeStream(int object, const QByteArray &data, bool compress)
{
    put({ object, data, true, compress });
}

void PdfFile::writeStreamNow(int object, const QByteArray &data, bool compress)
{
    beginObject(object);
    QByteArray body = data;
    QByteArray filter;
    if (compress && !data.isEmpty()) {
        body = qCompress(data, 6).mid(4); // qCompress: a 4-byte length, then the zlib stream
        filter = " /Filter /FlateDecode";
    }
    write("<< /Length " + QByteArray::number(body.size()) + filter + " >>\nstream\n");
    write(body);
    write("\nendstream\nendobj\n");
}

int PdfFile::font(const QRawFont &raw)
{
    if (!raw.isValid())
        return -1;
    for (const auto &[seen, index] : m_seen)
        if (seen == raw)
            return index;
    // A font of no file (Qt's engine for characters no font has: its boxes) has no tables, and
    // no family name either.
    if (raw.fontTable("head").size() < 54) {
        m_seen.append({ raw, -1 });
        return -1;
    }
    const QString key = raw.familyName() + QLatin1Char('\x1f') + raw.styleName()
        + QLatin1Char('\x1f') + QString::number(raw.weight()) + QLatin1Char('\x1f')
        + QString::number(int(raw.style()));
    int index = m_fontByKey.value(key, -2);
    if (index == -2) {
        // Each table fetched once (the outlines of a CJK font are megabytes): embedded when it
        // has TrueType outlines and its licence does not restrict embedding (fsType bit 1
        // alone: "restricted license embedding").
        auto font = std::make_unique<Font>();
        font->head = raw.fontTable("head");
        font->hhea = raw.fontTable("hhea");
        font->loca = raw.fontTable("loca");
        font->glyf = raw.fontTable("glyf");
        const QByteArray os2 = raw.fontTable("OS/2");
        const bool embeddable = !font->glyf.isEmpty() && !font->loca.isEmpty()
            && font->head.size() >= 54 && font->hhea.size() >= 36
            && (os2.size() < 10 || (u16(os2, 8) & 0x000f) != 0x0002);
        index = embeddable ? int(m_fonts.size()) : -1;
        m_fontByKey.insert(key, index);
        if (index >= 0) {
            font->raw = raw;
            font->name = "F" + QByteArray::number(index + 1);
            font->object = newObject();
            font->maxp = raw.fontTable("maxp");
            font->hmtx = raw.fontTable("hmtx");
            font->cvt = raw.fontTable("cvt ");
            font->fpgm = raw.fontTable("fpgm");
            font->prep = raw.fontTable("prep");
            font->post = raw.fontTable("post");
            font->synthesis = synthesisOf(raw, os2, font->head, font->post);
            font->unitsPerEm = std::max<quint16>(16, u16(font->head, 18));
            font->longLoca = s16(font->head, 50) != 0;
            font->numGlyphs = u16(font->maxp, 4);
            font->numberOfHMetrics = u16(font->hhea, 34);
            font->used.assign(size_t(font->numGlyphs), false);
            font->unicode = reverseCharacterMap(raw.fontTable("cmap"), font->numGlyphs);
            font->learned.assign(size_t(font->numGlyphs), 0);
            font->widths.resize(size_t(font->numGlyphs));
            for (quint32 g = 0; g < quint32(font->numGlyphs); ++g)
                font->widths[g] = float(font->tableAdvance(g));
            if (!font->used.empty())
                font->used[0] = true;
            m_fonts.push_back(std::move(font));
        }
    }
    m_seen.append({ raw, index });
    return index;
}

QByteArray PdfFile::fontResource(int font) const
{
    return font >= 0 && size_t(font) < m_fonts.size() ? m_fonts[size_t(font)]->name : QByteArray();
}

void PdfFile::useGlyphs(int index, const QList<quint32> &glyphs, QStringView text)
{
    if (index < 0 || size_t(index) >= m_fonts.size())
        return;
    Font &font = *m_fonts[size_t(index)];
    qsizetype count = 0;
    for (const QChar c : text)
        count += c.isLowSurrogate() ? 0 : 1;
    const bool oneEach = count == glyphs.size();
    qsizetype at = 0;
    for (qsizetype i = 0; i < glyphs.size(); ++i) {
        const quint32 glyph = glyphs.at(i);
        if (glyph >= font.used.size())
            continue;
        font.used[glyph] = true;
        if (!oneEach)
            continue;
        char32_t says = text.at(at).unicode();
        if (QChar::isHighSurrogate(says) && at + 1 < text.size()) {
            says = QChar::surrogateToUcs4(text.at(at), text.at(at + 1));
            ++at;
        }
        ++at;
        if (glyph != 0 && font.unicode[glyph] == 0 && font.learned[glyph] == 0)
            font.learned[glyph] = says;
    }
}

bool PdfFile::saysAll(int index, const QList<quint32> &glyphs) const
{
    if (index < 0 || size_t(index) >= m_fonts.size())
        return false;
    const Font &font = *m_fonts[size_t(index)];
    return std::all_of(glyphs.cbegin(), glyphs.cend(), [&](quint32 glyph) {
        return glyph == 0
            || (glyph < font.unicode.size()
                && (font.unicode[glyph] != 0 || font.learned[glyph] != 0));
    });
}

PdfFile::Synthesis PdfFile::synthesis(int font) const
{
    return font >= 0 && size_t(font) < m_fonts.size() ? m_fonts[size_t(font)]->synthesis
                                                      : Synthesis {};
}

std::span<const float> PdfFile::glyphWidths(int font) const
{
    if (font < 0 || size_t(font) >= m_fonts.size())
        return {};
    return m_fonts[size_t(font)]->widths;
}

int PdfFile::addPage(const QByteArray &content, const QList<std::pair<QRectF, QString>> &links)
{
    Page page;
    page.object = newObject();
    const int contents = newObject();
    page.deferred = newObject();
    writeStream(contents, content, true);
    QByteArray dict = "<< /Type /Page /Parent " + QByteArray::number(m_pagesObject)
        + " 0 R /MediaBox [0 0 " + PdfFile::number(m_pageSize.width()) + ' '
        + PdfFile::number(m_pageSize.height()) + "] /Resources "
        + QByteArray::number(m_resourcesObject) + " 0 R /Contents [" + QByteArray::number(contents)
        + " 0 R " + QByteArray::number(page.deferred) + " 0 R]";
    if (!links.isEmpty()) {
        dict += " /Annots [";
        for (const auto &[rect, address] : links) {
            dict += "<< /Type /Annot /Subtype /Link /Rect [" + PdfFile::number(rect.left()) + ' '
                + PdfFile::number(rect.top()) + ' ' + PdfFile::number(rect.right()) + ' '
                + PdfFile::number(rect.bottom()) + "] /Border [0 0 0] /A << /S /URI /URI "
                + literal(QUrl(address).toEncoded()) + " >> >>";
        }
        dict += ']';
    }
    put({ page.object, dict + " >>", false, false });
    m_pages.append(page);
    return int(m_pages.size()) - 1;
}

void PdfFile::setDeferredContent(int page, const QByteArray &content)
{
    if (page < 0 || page >= m_pages.size() || m_pages.at(page).deferredWritten)
        return;
    m_pages[page].deferredWritten = true;
    writeStream(m_pages.at(page).deferred, content, true);
}

void PdfFile::writeFont(Font &font)
{
    // The glyphs drawn and those their composites are made of.
    std::vector<quint32> pending;
    for (quint32 g = 0; g < font.used.size(); ++g)
        if (font.used[g])
            pending.push_back(g);
    while (!pending.empty()) {
        const quint32 glyph = pending.back();
        pending.pop_back();
        const quint32 start = font.glyphStart(glyph);
        const quint32 end = font.glyphStart(glyph + 1);
        if (end <= start || end > quint32(font.glyf.size()) || s16(font.glyf, start) >= 0)
            continue;
        qsizetype at = start + 10;
        for (;;) {
            const quint16 flags = u16(font.glyf, at);
            const quint16 component = u16(font.glyf, at + 2);
            if (component < font.used.size() && !font.used[component]) {
                font.used[component] = true;
                pending.push_back(component);
            }
            at += 4 + ((flags & 0x0001) ? 4 : 2);
            if (flags & 0x0008)
                at += 2;
            else if (flags & 0x0040)
                at += 4;
            else if (flags & 0x0080)
                at += 8;
            if (!(flags & 0x0020) || at >= end)
                break;
        }
    }

    // The font program: every glyph but those not drawn, their numbers kept (CIDToGIDMap
    // /Identity), its glyph locations in the long format.
    QByteArray glyf;
    QByteArray loca;
    for (quint32 g = 0; g < quint32(font.numGlyphs); ++g) {
        put32(loca, quint32(glyf.size()));
        if (!font.used[g])
            continue;
        const quint32 start = font.glyphStart(g);
        const quint32 end = std::min<quint32>(font.glyphStart(g + 1), quint32(font.glyf.size()));
        if (end > start)
            glyf.append(font.glyf.constData() + start, end - start);
        while (glyf.size() % 4)
            glyf.append('\0');
    }
    put32(loca, quint32(glyf.size()));
    QByteArray head = font.head;
    head[50] = 0;
    head[51] = 1; // long glyph locations
    head[8] = head[9] = head[10] = head[11] = 0; // checksum adjustment
    std::map<QByteArray, QByteArray> tables { { "head", head }, { "hhea", font.hhea },
        { "hmtx", font.hmtx }, { "loca", loca }, { "glyf", glyf }, { "maxp", font.maxp } };
    if (!font.cvt.isEmpty())
        tables.emplace("cvt ", font.cvt);
    if (!font.fpgm.isEmpty())
        tables.emplace("fpgm", font.fpgm);
    if (!font.prep.isEmpty())
        tables.emplace("prep", font.prep);
    QByteArray program;
    const quint16 count = quint16(tables.size());
    quint16 power = 1;
    quint16 log = 0;
    while (power * 2 <= count) {
        power *= 2;
        ++log;
    }
    put32(program, 0x00010000);
    put16(program, count);
    put16(program, quint16(power * 16));
    put16(program, log);
    put16(program, quint16(count * 16 - power * 16));
    quint32 at = 12 + 16 * count;
    QByteArray data;
    for (const auto &[tag, table] : tables) {
        program.append(tag);
        put32(program, tableChecksum(table));
        put32(program, at + quint32(data.size()));
        put32(program, quint32(table.size()));
        data.append(table);
        while (data.size() % 4)
            data.append('\0');
    }
    program.append(data);

    // Its name: a subset tag from what it holds, then the family and style.
    QByteArray baseName;
    for (const QChar c : QString(font.raw.familyName() + font.raw.styleName()))
        if (c.isLetterOrNumber() && c.unicode() < 128)
            baseName += char(c.unicode());
    const QByteArray digest = QCryptographicHash::hash(program, QCryptographicHash::Md5);
    QByteArray tag;
    for (int i = 0; i < 6; ++i)
        tag += char('A' + quint8(digest.at(i)) % 26);
    baseName = tag + '+' + (baseName.isEmpty() ? QByteArrayLiteral("Font") : baseName);

    const int descendant = newObject();
    const int descriptor = newObject();
    const int file = newObject();
    const int toUnicode = newObject();
    const qreal scale = 1000.0 / font.unitsPerEm;

    beginObject(font.object);
    write("<< /Type /Font /Subtype /Type0 /BaseFont /" + baseName
        + " /Encoding /Identity-H /DescendantFonts [" + QByteArray::number(descendant)
        + " 0 R] /ToUnicode " + QByteArray::number(toUnicode) + " 0 R >>\nendobj\n");

    QByteArray widths = "[";
    for (quint32 g = 0; g < quint32(font.numGlyphs);) {
        if (!font.used[g]) {
            ++g;
            continue;
        }
        widths += QByteArray::number(g) + " [";
        for (; g < quint32(font.numGlyphs) && font.used[g]; ++g)
            widths += PdfFile::number(font.advance(g)) + ' ';
        widths += "] ";
    }
    widths += ']';
    beginObject(descendant);
    write("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /" + baseName
        + " /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
          "/FontDescriptor "
        + QByteArray::number(descriptor) + " 0 R /CIDToGIDMap /Identity /DW 0 /W " + widths
        + " >>\nendobj\n");

    const qreal italicAngle = font.post.size() >= 8 ? qint32(u32(font.post, 4)) / 65536.0 : 0;
    beginObject(descriptor);
    write("<< /Type /FontDescriptor /FontName /" + baseName + " /Flags 4 /FontBBox ["
        + PdfFile::number(s16(font.head, 36) * scale) + ' '
        + PdfFile::number(s16(font.head, 38) * scale) + ' '
        + PdfFile::number(s16(font.head, 40) * scale) + ' '
        + PdfFile::number(s16(font.head, 42) * scale) + "] /ItalicAngle "
        + PdfFile::number(italicAngle) + " /Ascent " + PdfFile::number(s16(font.hhea, 4) * scale)
        + " /Descent " + PdfFile::number(s16(font.hhea, 6) * scale) + " /CapHeight "
        + PdfFile::number(s16(font.hhea, 4) * scale) + " /StemV 80 /FontFile2 "
        + QByteArray::number(file) + " 0 R >>\nendobj\n");
    writeStream(file, program, true);

    QByteArray cmap = "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
                      "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
                      "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
                      "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n";
    std::vector<quint32> known;
    for (quint32 g = 0; g < font.unicode.size(); ++g)
        if (font.used[g] && (font.unicode[g] != 0 || font.learned[g] != 0))
            known.push_back(g);
    for (size_t from = 0; from < known.size(); from += 100) {
        const size_t to = std::min(known.size(), from + 100);
        cmap += QByteArray::number(qulonglong(to - from)) + " beginbfchar\n";
        for (size_t i = from; i < to; ++i) {
            cmap += '<' + hex16(known[i]) + "> <";
            const char32_t c
                = font.unicode[known[i]] != 0 ? font.unicode[known[i]] : font.learned[known[i]];
            for (const QChar unit : QString::fromUcs4(&c, 1))
                cmap += hex16(unit.unicode());
            cmap += ">\n";
        }
        cmap += "endbfchar\n";
    }
    cmap += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n";
    writeStream(toUnicode, cmap, true);
}

bool PdfFile::finish(const QString &title, const QString &creator)
{
    m_queue.reset();
    for (const Page &page : m_pages)
        if (!page.deferredWritten)
            writeStream(page.deferred, {}, false);
    QByteArray fonts;
    for (const auto &font : m_fonts) {
        if (!font)
            continue;
        writeFont(*font);
        fonts += '/' + font->name + ' ' + QByteArray::number(font->object) + " 0 R ";
    }
    beginObject(m_resourcesObject);
    write("<< /ProcSet [/PDF /Text] /Font << " + fonts + ">> >>\nendobj\n");
    QByteArray kids;
    for (const Page &page : m_pages)
        kids += QByteArray::number(page.object) + " 0 R ";
    beginObject(m_pagesObject);
    write("<< /Type /Pages /Kids [" + kids + "] /Count " + QByteArray::number(m_pages.size())
        + " >>\nendobj\n");
    const int info = newObject();
    beginObject(info);
    write("<< /Title " + textString(title) + " /Creator " + textString(creator) + " /Producer "
        + textString(creator) + " >>\nendobj\n");
    const int catalog = newObject();
    beginObject(catalog);
    write("<< /Type /Catalog /Pages " + QByteArray::number(m_pagesObject) + " 0 R >>\nendobj\n");

    const qint64 xref = m_offset;
    QByteArray table
        = "xref\n0 " + QByteArray::number(m_lastObject + 1) + "\n0000000000 65535 f \n";
    for (int object = 1; object <= m_lastObject; ++object) {
        const auto it = m_offsets.find(object);
        if (it == m_offsets.end()) {
            table += "0000000000 65535 f \n";
            continue;
        }
        table += QByteArray::number(it->second).rightJustified(10, '0') + " 00000 n \n";
    }
    write(table);
    write("trailer\n<< /Size " + QByteArray::number(m_lastObject + 1) + " /Root "
        + QByteArray::number(catalog) + " 0 R /Info " + QByteArray::number(info)
        + " 0 R >>\nstartxref\n" + QByteArray::number(xref) + "\n%%EOF\n");
    return !m_failed;
}

} // namespace LedgerCurator
