// SPDX-License-Identifier: GPL-3.0-or-later
#include "RequestLog.h"

namespace LedgerCurator {

namespace {

bool needsEscape(char32_t c)
{
    return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || c == 0x2028 || c == 0x2029
        || c == 0x061c || c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e)
        || (c >= 0x2066 && c <= 0x2069) || c == 0xfeff;
}

} // namespace

QString escapedForLog(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == u'\\') {
            out += QStringLiteral("\\\\");
        } else if (c.isSurrogate()) {
            const bool pair
                = c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate();
            if (pair) {
                out += c;
                out += text.at(++i);
            } else {
                out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QChar(u'0'));
            }
        } else if (needsEscape(c.unicode())) {
            out += c.unicode() < 0x100
                ? QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QChar(u'0'))
                : QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QChar(u'0'));
        } else {
            out += c;
        }
    }
    return out;
}

QString escapedForLog(const QByteArray &bytes)
{
    QString out;
    out.reserve(bytes.size());
    for (const char byte : bytes) {
        const auto c = static_cast<unsigned char>(byte);
        if (c == '\\')
            out += QStringLiteral("\\\\");
        else if (c > 0x20 && c < 0x7f)
            out += QChar(c);
        else
            out += QStringLiteral("\\x%1").arg(c, 2, 16, QChar(u'0'));
    }
    return out;
}

QByteArray requestLogLine(const RequestLogEntry &entry, const QString &time)
{
    QString line = time + u' ' + escapedForLog(entry.method) + u' '
        + (entry.target.isEmpty() ? QStringLiteral("-") : escapedForLog(entry.target)) + u' '
        + QString::number(entry.status) + u' ' + QString::number(entry.bytes) + QStringLiteral("B ")
        + QString::number(entry.ms) + QStringLiteral("ms ")
        + (entry.tokenName.isEmpty() ? QStringLiteral("-") : escapedForLog(entry.tokenName)) + u' '
        + (entry.peer.isEmpty() ? QStringLiteral("-") : entry.peer);
    if (!entry.note.isEmpty())
        line += QStringLiteral(" (") + escapedForLog(entry.note) + u')';
    line += u'\n';
    return line.toUtf8();
}

} // namespace LedgerCurator
