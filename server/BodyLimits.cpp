// SPDX-License-Identifier: GPL-3.0-or-later
#include "BodyLimits.h"

namespace LedgerCurator {

namespace {

constexpr qsizetype kMaxFormKey = 64; // longer keys are not `queries`, and are not kept

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

QByteArray mediaTypeOf(const QByteArray &contentType)
{
    const qsizetype semicolon = contentType.indexOf(';');
    return (semicolon < 0 ? contentType : contentType.left(semicolon)).trimmed().toLower();
}

} // namespace

JsonShapeLimits bodyShapeLimits(Endpoint endpoint)
{
    JsonShapeLimits limits;
    switch (endpoint) {
    case Endpoint::Reconcile:
        // {"q0": {"query", "limit", "type", "properties": [{"pid", "v": [{"id", "name"}]}]}}
        limits.maxDepth = 8;
        limits.maxValues = kMaxReconcileBodyValues;
        break;
    case Endpoint::Events:
        limits.maxDepth = 8;
        limits.maxValues = kMaxBatchBodyValues;
        limits.maxElements = kMaxBatchEvents;
        break;
    case Endpoint::Notices:
        limits.maxDepth = 8;
        limits.maxValues = kMaxBatchBodyValues;
        limits.maxElements = kMaxBatchNotices;
        break;
    case Endpoint::Keys:
        limits.maxDepth = 4;
        limits.maxValues = 64;
        break;
    case Endpoint::Record:
        limits.maxDepth = 16;
        limits.maxValues = kMaxRecordBodyValues;
        break;
    default:
        // An endpoint without limits of its own here (those that take no body never get here:
        // their bodies are refused from the head).
        limits.maxDepth = 16;
        limits.maxValues = kMaxBatchBodyValues;
        break;
    }
    return limits;
}

BodyShapeCheck::BodyShapeCheck(Endpoint endpoint, const QByteArray &contentType)
    : m_shape(bodyShapeLimits(endpoint))
    , m_form(mediaTypeOf(contentType) == "application/x-www-form-urlencoded")
{
}

int BodyShapeCheck::take(QByteArrayView piece, QString *message)
{
    if (m_form)
        takeForm(piece);
    else
        m_shape.feed(piece);
    if (m_shape.passed() == JsonShape::Passed::None)
        return 0;
    *message = (m_form ? QStringLiteral("the queries were refused as they arrived: %1")
                       : QStringLiteral("the body was refused as it arrived: %1"))
                   .arg(m_shape.message());
    return 413;
}

void BodyShapeCheck::endFormKey()
{
    QByteArray key = m_key;
    key.replace('+', ' ');
    m_queries = m_key.size() <= kMaxFormKey && QByteArray::fromPercentEncoding(key) == "queries";
    m_key.clear();
}

void BodyShapeCheck::formByte(char c, QByteArray &decoded)
{
    if (m_hexDigits >= 0) {
        const int value = hexValue(c);
        if (value >= 0) {
            m_percent += c;
            m_hexValue = char(m_hexValue * 16 + value);
            if (++m_hexDigits < 2)
                return;
            decoded += m_hexValue;
            m_hexDigits = -1;
            m_percent.clear();
            return;
        }
        // No escape: kept as it is, as QByteArray::fromPercentEncoding() keeps it.
        decoded += m_percent;
        m_hexDigits = -1;
        m_percent.clear();
    }
    if (c == '%') {
        m_hexDigits = 0;
        m_hexValue = 0;
        m_percent = "%";
    } else {
        decoded += c == '+' ? ' ' : c;
    }
}

void BodyShapeCheck::takeForm(QByteArrayView piece)
{
    QByteArray decoded;
    for (const char c : piece) {
        if (c == '&') {
            if (m_inValue && m_queries && m_hexDigits >= 0)
                decoded += m_percent;
            m_inValue = false;
            m_queries = false;
            m_hexDigits = -1;
            m_percent.clear();
            m_key.clear();
            continue;
        }
        if (!m_inValue) {
            if (c == '=') {
                endFormKey();
                m_inValue = true;
            } else if (m_key.size() <= kMaxFormKey) {
                m_key += c;
            }
            continue;
        }
        if (m_queries)
            formByte(c, decoded);
    }
    if (!decoded.isEmpty())
        m_shape.feed(decoded);
}

} // namespace LedgerCurator
