// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: JSON string escaping shared by the direct writers
// (writeRecordJson() in RecordJson.cpp, appendCorrectionsJson() in EventJson.cpp).

#include <QChar>
#include <QStringView>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace LedgerCurator::JsonEscape {

//! Appends `text` escaped as Qt's JSON writer escapes it, without the quotes: ", \\ and control
//! characters escaped (\b \f \n \r \t, else \u00XX), the rest as UTF-8; a lone surrogate
//! becomes \uXXXX. `Bytes` is a QByteArray or a std::string.
template <typename Bytes> void appendEscaped(Bytes &out, QStringView text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    // Written into a small buffer and appended a piece at a time: growing `out` by resize()
    // would fill what it adds with zeros first.
    char buffer[512];
    int n = 0;
    const auto flushIfFewerThan = [&](int room) {
        if (n > int(sizeof buffer) - room) {
            out.append(buffer, n);
            n = 0;
        }
    };
    const auto plain = [](char16_t c) { return c < 0x80 && c >= 0x20 && c != u'"' && c != u'\\'; };
    const char16_t *src = text.utf16();
    const char16_t *const end = src + text.size();
    while (src != end) {
        // A run of plain ASCII: copied eight characters at a time where SSE2 is there.
#ifdef __SSE2__
        const __m128i space = _mm_set1_epi16(0x1f), del = _mm_set1_epi16(0x80);
        const __m128i quote = _mm_set1_epi16(u'"'), backslash = _mm_set1_epi16(u'\\');
        while (end - src >= 8) {
            const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(src));
            // Signed compares: from 0x8000 up a unit is negative, so not above 0x1f.
            const __m128i ok = _mm_andnot_si128(
                _mm_or_si128(_mm_cmpeq_epi16(chunk, quote), _mm_cmpeq_epi16(chunk, backslash)),
                _mm_and_si128(_mm_cmpgt_epi16(chunk, space), _mm_cmplt_epi16(chunk, del)));
            if (_mm_movemask_epi8(ok) != 0xffff)
                break;
            flushIfFewerThan(8);
            _mm_storel_epi64(
                reinterpret_cast<__m128i *>(buffer + n), _mm_packus_epi16(chunk, chunk));
            n += 8;
            src += 8;
        }
#endif
        while (src != end && plain(*src)) {
            flushIfFewerThan(1);
            buffer[n++] = char(*src++);
        }
        if (src == end)
            break;
        flushIfFewerThan(6); // the longest a character below is written
        const char32_t u = *src++;
        if (u < 0x80) {
            buffer[n++] = '\\';
            switch (u) {
            case u'"':
                buffer[n++] = '"';
                break;
            case u'\\':
                buffer[n++] = '\\';
                break;
            case 0x8:
                buffer[n++] = 'b';
                break;
            case 0xc:
                buffer[n++] = 'f';
                break;
            case 0xa:
                buffer[n++] = 'n';
                break;
            case 0xd:
                buffer[n++] = 'r';
                break;
            case 0x9:
                buffer[n++] = 't';
                break;
            default:
                buffer[n++] = 'u';
                buffer[n++] = '0';
                buffer[n++] = '0';
                buffer[n++] = kHex[u >> 4];
                buffer[n++] = kHex[u & 0xf];
            }
        } else if (u < 0x800) {
            buffer[n++] = char(0xc0 | (u >> 6));
            buffer[n++] = char(0x80 | (u & 0x3f));
        } else if (!QChar::isSurrogate(u)) {
            buffer[n++] = char(0xe0 | (u >> 12));
            buffer[n++] = char(0x80 | ((u >> 6) & 0x3f));
            buffer[n++] = char(0x80 | (u & 0x3f));
        } else if (QChar::isHighSurrogate(u) && src != end && QChar::isLowSurrogate(*src)) {
            const char32_t ucs4 = QChar::surrogateToUcs4(char16_t(u), *src++);
            buffer[n++] = char(0xf0 | (ucs4 >> 18));
            buffer[n++] = char(0x80 | ((ucs4 >> 12) & 0x3f));
            buffer[n++] = char(0x80 | ((ucs4 >> 6) & 0x3f));
            buffer[n++] = char(0x80 | (ucs4 & 0x3f));
        } else {
            buffer[n++] = '\\';
            buffer[n++] = 'u';
            for (int shift = 12; shift >= 0; shift -= 4)
                buffer[n++] = kHex[(u >> shift) & 0xf];
        }
    }
    out.append(buffer, n);
}

} // namespace LedgerCurator::JsonEscape
