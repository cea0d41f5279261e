// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonText.h"

#include "JsonCursor.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonParseError>
#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>

#include "TextHygiene.h"

namespace LedgerCurator {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

//! Whether [p, end) is a number as RFC 8259 writes one:
//! -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
bool isStandardNumber(const char *p, const char *end)
{
    if (p != end && *p == '-')
        ++p;
    if (p == end || !isDigit(*p))
        return false;
    if (*p == '0')
        ++p;
    else
        while (p != end && isDigit(*p))
            ++p;
    if (p != end && *p == '.') {
        ++p;
        if (p == end || !isDigit(*p))
            return false;
        while (p != end && isDigit(*p))
            ++p;
    }
    if (p != end && (*p == 'e' || *p == 'E')) {
        ++p;
        if (p != end && (*p == '+' || *p == '-'))
            ++p;
        if (p == end || !isDigit(*p))
            return false;
        while (p != end && isDigit(*p))
            ++p;
    }
    return p == end;
}

bool isNumberByte(char c)
{
    return isDigit(c) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

//! The UTF-16 unit of the four hex digits at p, or -1.
int hexUnit(const char *p, const char *end)
{
    if (end - p < 4)
        return -1;
    int unit = 0;
    for (int i = 0; i < 4; ++i) {
        const int digit = JsonCursor::hexDigit(p[i]);
        if (digit < 0)
            return -1;
        unit = (unit << 4) | digit;
    }
    return unit;
}

} // namespace

std::optional<JsonTextError> checkJsonText(QByteArrayView text)
{
    const char *const begin = text.data();
    const char *const end = begin + text.size();
    const char *p = begin;
    if (text.startsWith("\xEF\xBB\xBF"))
        p += 3;
    const auto error = [begin](const char *at, QString message,
                           QJsonParseError::ParseError kind = QJsonParseError::IllegalValue) {
        return JsonTextError { std::move(message), at - begin, kind };
    };
    while (p != end) {
        const char c = *p;
        if (c != '"') {
            if (c == '-' || c == '+' || c == '.' || isDigit(c)) {
                const char *const start = p;
                while (p != end && isNumberByte(*p))
                    ++p;
                if (!isStandardNumber(start, p))
                    return error(start,
                        QStringLiteral("the number %1, which JSON does not allow")
                            .arg(QString::fromLatin1(start, qMin<qsizetype>(p - start, 40))),
                        QJsonParseError::IllegalNumber);
                continue;
            }
            ++p; // structure, literals and whitespace: fromJson() checks them
            continue;
        }
        // A string.
        ++p;
        while (p != end && *p != '"') {
            const uchar b = uchar(*p);
            if (b < 0x20)
                return error(p,
                    QStringLiteral("a raw control character %1 inside a string (JSON writes "
                                   "it as an escape)")
                        .arg(codePointName(b)));
            if (b >= 0x80) {
                const char *const next = JsonCursor::utf8Sequence(p, end);
                if (!next)
                    return error(p, QStringLiteral("invalid UTF-8 inside a string"),
                        QJsonParseError::IllegalUTF8String);
                p = next;
                continue;
            }
            if (b != '\\') {
                ++p;
                continue;
            }
            if (end - p < 2)
                break; // cut: fromJson() says so
            switch (p[1]) {
            case '"':
            case '\\':
            case '/':
            case 'b':
            case 'f':
            case 'n':
            case 'r':
            case 't':
                p += 2;
                continue;
            case 'u':
                break;
            default:
                return error(p,
                    QStringLiteral("the escape \\%1, which JSON does not have")
                        .arg(QString::fromLatin1(p + 1, uchar(p[1]) < 0x80 ? 1 : 0)),
                    QJsonParseError::IllegalEscapeSequence);
            }
            const int unit = hexUnit(p + 2, end);
            if (unit < 0)
                return error(p, QStringLiteral("an escape \\u without four hexadecimal digits"),
                    QJsonParseError::IllegalEscapeSequence);
            if (QChar::isLowSurrogate(char16_t(unit)))
                return error(p,
                    QStringLiteral("a lone surrogate %1 inside a string").arg(codePointName(unit)),
                    QJsonParseError::IllegalEscapeSequence);
            if (QChar::isHighSurrogate(char16_t(unit))) {
                const char *const low = p + 6;
                const int next = end - low >= 2 && low[0] == '\\' && low[1] == 'u'
                    ? hexUnit(low + 2, end)
                    : -1;
                if (next < 0 || !QChar::isLowSurrogate(char16_t(next)))
                    return error(p,
                        QStringLiteral("a lone surrogate %1 inside a string")
                            .arg(codePointName(unit)),
                        QJsonParseError::IllegalEscapeSequence);
                p += 12;
                continue;
            }
            p += 6;
        }
        if (p != end)
            ++p; // the closing quote
    }
    return std::nullopt;
}

std::optional<QJsonDocument> parseJsonStrictly(const QByteArray &text, JsonTextError *error)
{
    QJsonParseError parseError;
    QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        if (error)
            *error
                = JsonTextError { parseError.errorString(), parseError.offset, parseError.error };
        return std::nullopt;
    }
    if (auto problem = checkJsonText(text)) {
        if (error)
            *error = std::move(*problem);
        return std::nullopt;
    }
    return document;
}

QJsonDocument fromJsonStrictly(const QByteArray &text, QJsonParseError *error)
{
    JsonTextError problem;
    auto document = parseJsonStrictly(text, &problem);
    if (error) {
        error->error = document ? QJsonParseError::NoError : problem.kind;
        error->offset = document ? 0 : int(problem.offset);
    }
    return document ? std::move(*document) : QJsonDocument();
}

namespace {

void appendCanonicalString(QByteArray &out, const QString &text)
{
    out += '"';
    const QByteArray utf8 = text.toUtf8();
    for (const char c : utf8) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (u < 0x20) {
                static const char hex[] = "0123456789abcdef";
                out += "\\u00";
                out += hex[u >> 4];
                out += hex[u & 0xf];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

void appendCanonical(QByteArray &out, const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out += "null";
        return;
    case QJsonValue::Bool:
        out += value.toBool() ? "true" : "false";
        return;
    case QJsonValue::Double: {
        const double d = value.toDouble();
        constexpr double kWhole = 9007199254740992.0; // 2^53
        if (d == std::floor(d) && std::fabs(d) <= kWhole)
            out += QByteArray::number(qint64(d));
        else
            out += QByteArray::number(d, 'g', QLocale::FloatingPointShortest);
        return;
    }
    case QJsonValue::String:
        appendCanonicalString(out, value.toString());
        return;
    case QJsonValue::Array: {
        out += '[';
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (i)
                out += ',';
            appendCanonical(out, array.at(i));
        }
        out += ']';
        return;
    }
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        QStringList names = object.keys();
        std::sort(names.begin(), names.end()); // UTF-16 code units, as RFC 8785 sorts
        out += '{';
        for (qsizetype i = 0; i < names.size(); ++i) {
            if (i)
                out += ',';
            appendCanonicalString(out, names.at(i));
            out += ':';
            appendCanonical(out, object.value(names.at(i)));
        }
        out += '}';
        return;
    }
    }
}

} // namespace

QByteArray canonicalJson(const QJsonValue &value)
{
    QByteArray out;
    appendCanonical(out, value);
    return out;
}

} // namespace LedgerCurator
