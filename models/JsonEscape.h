// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: JSON string escaping shared by the direct writers
// (writeRecordJson() in RecordJson.cpp, appendCorrectionsJson() in EventJson.cpp).

#include <QChar>
#include <QStringView>

namespace LedgerCurator::JsonEscape {

//! Appends `text` escaped as Qt's JSON writer escapes it, without the quotes: ", \\ and control
//! characters escaped (\b \f \n \r \t, else \u00XX), the rest as UTF-8; a lone surrogate
//! becomes \uXXXX. `Bytes` is a QByteArray or a std::string.
template <typename Bytes>
void appendEscaped(Bytes &out, QStringView text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    const char16_t *src = text.utf16();
    const char16_t *const end = src + text.size();
    while (src != end) {
        const char16_t *run = src; // plain ASCII, copied in one piece
        while (src != end && *src < 0x80 && *src >= 0x20 && *src != u'"' && *src != u'\\')
            ++src;
        if (src != run) {
            const auto at = out.size();
            out.resize(at + (src - run));
            char *dst = out.data() + at;
            for (const char16_t *p = run; p != src; ++p)
                *dst++ = char(*p);
        }
        if (src == end)
            break;
        const char32_t u = *src++;
        if (u < 0x80) {
            out += '\\';
            switch (u) {
            case u'"':
                out += '"';
                break;
            case u'\\':
                out += '\\';
                break;
            case 0x8:
                out += 'b';
                break;
            case 0xc:
                out += 'f';
                break;
            case 0xa:
                out += 'n';
                break;
            case 0xd:
                out += 'r';
                break;
            case 0x9:
                out += 't';
                break;
            default:
                out += "u00";
                out += kHex[u >> 4];
                out += kHex[u & 0xf];
            }
        } else if (u < 0x800) {
            out += char(0xc0 | (u >> 6));
            out += char(0x80 | (u & 0x3f));
        } else if (!QChar::isSurrogate(u)) {
            out += char(0xe0 | (u >> 12));
            out += char(0x80 | ((u >> 6) & 0x3f));
            out += char(0x80 | (u & 0x3f));
        } else if (QChar::isHighSurrogate(u) && src != end && QChar::isLowSurrogate(*src)) {
            const char32_t ucs4 = QChar::surrogateToUcs4(char16_t(u), *src++);
            out += char(0xf0 | (ucs4 >> 18));
            out += char(0x80 | ((ucs4 >> 12) & 0x3f));
            out += char(0x80 | ((ucs4 >> 6) & 0x3f));
            out += char(0x80 | (ucs4 & 0x3f));
        } else {
            out += "\\u";
            for (int shift = 12; shift >= 0; shift -= 4)
                out += kHex[(u >> shift) & 0xf];
        }
    }
}

} // namespace LedgerCurator::JsonEscape
