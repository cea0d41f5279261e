// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonShape.h"

#include <algorithm>
#include <cstring>

namespace LedgerCurator {

JsonShape::JsonShape(JsonShapeLimits limits)
    : m_limits(limits)
{
    if (m_limits.maxDepth < 1)
        m_limits.maxDepth = 1;
    m_stack.reserve(size_t(std::min(m_limits.maxDepth, 64)));
}

bool JsonShape::fail(Passed passed, qint64 at)
{
    m_passed = passed;
    m_passedAt = at;
    return false;
}

bool JsonShape::startValue(qint64 at)
{
    ++m_values;
    if (m_limits.maxValues >= 0 && m_values > m_limits.maxValues)
        return fail(Passed::Values, at);
    if (m_elementStart < 0 && inCountedArray()) {
        ++m_elements;
        if (m_limits.maxElements >= 0 && m_elements > m_limits.maxElements)
            return fail(Passed::Elements, at);
        m_elementStart = at;
        m_elementValues = 0;
    }
    if (m_elementStart >= 0) {
        ++m_elementValues;
        if (m_limits.maxElementValues >= 0 && m_elementValues > m_limits.maxElementValues)
            return fail(Passed::ElementValues, at);
    }
    return true;
}

void JsonShape::endValue(qint64 at)
{
    // Back in the counted array: the value that ended was its element (a scalar, a string, or a
    // container that just closed).
    if (m_elementStart < 0 || m_stack.size() != 2)
        return;
    if (m_limits.maxElementBytes >= 0 && at - m_elementStart + 1 > m_limits.maxElementBytes)
        fail(Passed::ElementBytes, m_elementStart + m_limits.maxElementBytes);
    m_elementStart = -1;
}

bool JsonShape::feed(QByteArrayView bytes)
{
    if (m_passed != Passed::None)
        return false;
    const char *const begin = bytes.data();
    const char *const end = begin + bytes.size();
    const char *p = begin;
    const auto at = [&](const char *q) { return m_offset + (q - begin); };
    while (p != end) {
        if (m_inString) {
            // The hottest loop: most bytes of a text are in its strings. Through locals, so that
            // no store to a member stands between two bytes.
            const char *q = p;
            bool escape = m_escape;
            bool closed = false;
            const char *quote = nullptr; // the next quote at or after q (end: none), once sought
            while (q != end) {
                if (escape) {
                    escape = false;
                    ++q;
                    continue;
                }
                // The quote that may end it, then any backslash before it (rare): memchr() reads
                // many bytes a step, and each byte is sought at most once for each.
                if (!quote || quote < q) {
                    quote = static_cast<const char *>(std::memchr(q, '"', size_t(end - q)));
                    if (!quote)
                        quote = end;
                }
                const auto *backslash
                    = static_cast<const char *>(std::memchr(q, '\\', size_t(quote - q)));
                q = backslash ? backslash : quote;
                if (q == end)
                    break;
                if (*q++ == '\\') {
                    escape = true;
                    continue;
                }
                closed = true;
                break;
            }
            m_escape = escape;
            p = q;
            if (closed) {
                m_inString = false;
                if (!m_stringIsKey) {
                    endValue(at(p - 1));
                    if (m_passed != Passed::None)
                        return false;
                }
            }
            continue;
        }
        const char c = *p;
        switch (c) {
        case ' ':
        case '\t':
        case '\n':
        case '\r':
        case ',':
        case ':':
        case '"':
        case '{':
        case '[':
        case '}':
        case ']':
            if (m_inScalar) {
                m_inScalar = false;
                endValue(at(p - 1));
                if (m_passed != Passed::None)
                    return false;
            }
            break;
        default:
            if (!m_inScalar) {
                if (!startValue(at(p)))
                    return false;
                m_inScalar = true;
            }
            ++p;
            continue;
        }
        switch (c) {
        case ',':
            m_keyNext = !m_stack.empty() && m_stack.back() == '{';
            break;
        case ':':
            m_keyNext = false;
            break;
        case '"':
            m_stringIsKey = m_keyNext && !m_stack.empty() && m_stack.back() == '{';
            m_keyNext = false;
            if (!m_stringIsKey && !startValue(at(p)))
                return false;
            m_inString = true;
            break;
        case '{':
        case '[':
            if (!startValue(at(p)))
                return false;
            if (int(m_stack.size()) >= m_limits.maxDepth)
                return fail(Passed::Depth, at(p));
            m_stack.push_back(c);
            m_keyNext = c == '{';
            break;
        case '}':
        case ']':
            if (!m_stack.empty())
                m_stack.pop_back();
            m_keyNext = false;
            endValue(at(p));
            if (m_passed != Passed::None)
                return false;
            break;
        default: // whitespace
            break;
        }
        ++p;
    }
    m_offset += bytes.size();
    // An element still in progress is measured too, so that one endless element is refused at
    // the piece that passes its limit.
    if (m_elementStart >= 0 && m_limits.maxElementBytes >= 0
        && m_offset - m_elementStart > m_limits.maxElementBytes)
        return fail(Passed::ElementBytes, m_elementStart + m_limits.maxElementBytes);
    return true;
}

QString JsonShape::message() const
{
    switch (m_passed) {
    case Passed::None:
        break;
    case Passed::Depth:
        return QStringLiteral("it nests more than %1 arrays and objects deep (at byte %2)")
            .arg(m_limits.maxDepth)
            .arg(m_passedAt);
    case Passed::Values:
        return QStringLiteral("it holds more than %1 JSON values (at byte %2)")
            .arg(m_limits.maxValues)
            .arg(m_passedAt);
    case Passed::Elements:
        return QStringLiteral("its array holds more than %1 elements (at byte %2)")
            .arg(m_limits.maxElements)
            .arg(m_passedAt);
    case Passed::ElementBytes:
        return QStringLiteral("its array's element [%1] is longer than %2 bytes")
            .arg(m_elements - 1)
            .arg(m_limits.maxElementBytes);
    case Passed::ElementValues:
        return QStringLiteral("its array's element [%1] holds more than %2 values (at byte %3)")
            .arg(m_elements - 1)
            .arg(m_limits.maxElementValues)
            .arg(m_passedAt);
    }
    return {};
}

} // namespace LedgerCurator
