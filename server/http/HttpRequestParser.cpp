// SPDX-License-Identifier: GPL-3.0-or-later
#include "HttpRequestParser.h"

#include <algorithm>
#include <cctype>

namespace LedgerCurator {

namespace {

bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    switch (c) {
    case '!':
    case '#':
    case '$':
    case '%':
    case '&':
    case '\'':
    case '*':
    case '+':
    case '-':
    case '.':
    case '^':
    case '_':
    case '`':
    case '|':
    case '~':
        return true;
    default:
        return false;
    }
}

bool isToken(const QByteArray &text)
{
    return !text.isEmpty() && std::all_of(text.begin(), text.end(), isTokenChar);
}

QByteArray trimmedOws(const QByteArray &text)
{
    qsizetype begin = 0;
    qsizetype end = text.size();
    while (begin < end && (text[begin] == ' ' || text[begin] == '\t'))
        ++begin;
    while (end > begin && (text[end - 1] == ' ' || text[end - 1] == '\t'))
        --end;
    return text.mid(begin, end - begin);
}

//! A byte for a message: printable ASCII as itself, anything else as \xNN.
QString shown(const QByteArray &bytes, qsizetype most = 40)
{
    QString out;
    for (qsizetype i = 0; i < std::min(bytes.size(), most); ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (c >= 0x20 && c < 0x7f && c != '\\')
            out += QChar(c);
        else
            out += QStringLiteral("\\x%1").arg(c, 2, 16, QChar(u'0'));
    }
    if (bytes.size() > most)
        out += QStringLiteral("...");
    return out;
}

HttpMethod methodOf(const QByteArray &name)
{
    static const std::pair<const char *, HttpMethod> methods[]
        = { { "GET", HttpMethod::Get }, { "HEAD", HttpMethod::Head }, { "POST", HttpMethod::Post },
              { "PUT", HttpMethod::Put }, { "DELETE", HttpMethod::Delete },
              { "OPTIONS", HttpMethod::Options }, { "PATCH", HttpMethod::Patch },
              { "CONNECT", HttpMethod::Connect }, { "TRACE", HttpMethod::Trace } };
    for (const auto &[text, method] : methods) {
        if (name == text)
            return method;
    }
    return HttpMethod::Unknown;
}

//! The comma-separated members of a header value, trimmed, in lower case, empty ones dropped.
QList<QByteArray> listMembers(const QByteArray &value)
{
    QList<QByteArray> members;
    for (const QByteArray &part : value.split(',')) {
        const QByteArray member = trimmedOws(part).toLower();
        if (!member.isEmpty())
            members.append(member);
    }
    return members;
}

} // namespace

QByteArray httpMethodName(HttpMethod method)
{
    switch (method) {
    case HttpMethod::Get:
        return QByteArrayLiteral("GET");
    case HttpMethod::Head:
        return QByteArrayLiteral("HEAD");
    case HttpMethod::Post:
        return QByteArrayLiteral("POST");
    case HttpMethod::Put:
        return QByteArrayLiteral("PUT");
    case HttpMethod::Delete:
        return QByteArrayLiteral("DELETE");
    case HttpMethod::Options:
        return QByteArrayLiteral("OPTIONS");
    case HttpMethod::Patch:
        return QByteArrayLiteral("PATCH");
    case HttpMethod::Connect:
        return QByteArrayLiteral("CONNECT");
    case HttpMethod::Trace:
        return QByteArrayLiteral("TRACE");
    case HttpMethod::Unknown:
        break;
    }
    return QByteArrayLiteral("UNKNOWN");
}

QByteArray HttpRequestHead::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers) {
        if (key == name)
            return value;
    }
    return {};
}

HttpRequestParser::HttpRequestParser(HttpLimits limits)
    : m_limits(limits)
{
}

void HttpRequestParser::reset()
{
    m_state = State::RequestLine;
    m_head = {};
    m_line.clear();
    m_body.clear();
    m_bodyBytes = 0;
    m_remaining = 0;
    m_headBytes = 0;
    m_errorStatus = 0;
    m_errorMessage.clear();
}

HttpRequestParser::Step HttpRequestParser::fail(int status, const QString &message)
{
    m_state = State::Failed;
    m_errorStatus = status;
    m_errorMessage = message;
    m_line.clear();
    m_body.clear();
    return Step::Failed;
}

bool HttpRequestParser::takeLine(const char *data, qsizetype size, qsizetype *pos, qsizetype limit,
    int status, const QString &what)
{
    const char *begin = data + *pos;
    const char *end = data + size;
    const char *newline = std::find(begin, end, '\n');
    const qsizetype length = (newline == end ? end : newline + 1) - begin;
    if (m_line.size() + length > limit + 2) { // + 2: the CRLF does not count
        fail(status, QStringLiteral("%1 is longer than %2 bytes").arg(what).arg(limit));
        return false;
    }
    const bool inHead = m_state == State::RequestLine || m_state == State::Headers;
    if (inHead || m_state == State::Trailers) {
        // The head (and then the trailers) as a whole: checked before the bytes are taken, so
        // that no more than the limit is ever held or counted.
        if (m_headBytes + length > m_limits.maxHeadBytes + 2) {
            fail(431,
                QStringLiteral("the request's %1 are longer than %2 bytes")
                    .arg(m_state == State::Trailers ? QStringLiteral("trailers")
                                                    : QStringLiteral("headers"))
                    .arg(m_limits.maxHeadBytes));
            return false;
        }
        m_headBytes += length;
    }
    m_line.append(begin, length);
    *pos += length;
    if (newline == end)
        return false;
    m_line.chop(m_line.endsWith("\r\n") ? 2 : 1);
    if (m_line.contains('\r')) {
        fail(400, QStringLiteral("%1 holds a bare CR").arg(what));
        return false;
    }
    return true;
}

HttpRequestParser::Step HttpRequestParser::feed(const char *data, qsizetype size, qsizetype *taken)
{
    qsizetype pos = 0;
    const auto stop = [&](Step step) {
        *taken = pos;
        return step;
    };
    for (;;) {
        switch (m_state) {
        case State::Failed:
            return stop(Step::Failed);
        case State::Done:
            return stop(Step::Done);
        case State::AwaitBody:
            return stop(Step::HeadDone);
        case State::RequestLine:
        case State::Headers:
        case State::ChunkSize:
        case State::ChunkDataEnd:
        case State::Trailers: {
            if (pos == size)
                return stop(Step::NeedMore);
            bool whole = false;
            switch (m_state) {
            case State::RequestLine:
                whole = takeLine(data, size, &pos, m_limits.maxRequestLine, 414,
                    QStringLiteral("the request line"));
                break;
            case State::Headers:
                whole = takeLine(
                    data, size, &pos, m_limits.maxHeadBytes, 431, QStringLiteral("a header line"));
                break;
            case State::ChunkSize:
                whole = takeLine(data, size, &pos, m_limits.maxChunkLine, 400,
                    QStringLiteral("a chunk's size line"));
                break;
            case State::ChunkDataEnd:
                whole = takeLine(
                    data, size, &pos, 0, 400, QStringLiteral("the end of a chunk's data"));
                break;
            default:
                whole = takeLine(
                    data, size, &pos, m_limits.maxHeadBytes, 431, QStringLiteral("a trailer line"));
                break;
            }
            if (m_state == State::Failed)
                return stop(Step::Failed);
            if (!whole)
                continue; // everything given was taken: NeedMore at the top
            const QByteArray line = std::exchange(m_line, {});
            Step step = Step::NeedMore;
            switch (m_state) {
            case State::RequestLine:
                step = parseRequestLine(line);
                break;
            case State::Headers:
                step = parseHeaderLine(line);
                break;
            case State::ChunkSize:
                step = parseChunkSize(line);
                break;
            case State::ChunkDataEnd:
                if (!line.isEmpty())
                    step = fail(400, QStringLiteral("a chunk's data is longer than its size"));
                else
                    m_state = State::ChunkSize;
                break;
            default: // a trailer: read and dropped; the empty line ends the request
                if (line.isEmpty())
                    m_state = State::Done;
                else if (line.indexOf(':') <= 0)
                    step = fail(400, QStringLiteral("a trailer line without a colon"));
                break;
            }
            if (step == Step::Failed || step == Step::HeadDone)
                return stop(step);
            break;
        }
        case State::Body:
        case State::ChunkData: {
            if (m_remaining == 0) {
                m_state = m_state == State::Body ? State::Done : State::ChunkDataEnd;
                break;
            }
            if (pos == size)
                return stop(Step::NeedMore);
            const qsizetype take = qsizetype(std::min<qint64>(m_remaining, size - pos));
            m_body.append(data + pos, take);
            pos += take;
            m_remaining -= take;
            m_bodyBytes += take;
            break;
        }
        }
    }
}

void HttpRequestParser::readBody()
{
    if (m_state != State::AwaitBody)
        return;
    if (m_head.chunked) {
        m_state = State::ChunkSize;
    } else if (m_head.contentLength > 0) {
        m_state = State::Body;
        m_remaining = m_head.contentLength;
        // Nothing reserved from the announced length: the memory a body takes follows the bytes
        // that came (docs/server-limits.md, "Memory").
    } else {
        m_state = State::Done;
    }
}

HttpRequestParser::Step HttpRequestParser::parseRequestLine(QByteArray line)
{
    if (line.isEmpty() && m_headBytes <= 4)
        return Step::NeedMore; // RFC 9112 2.2: an empty line before the request is ignored
    const QList<QByteArray> parts = line.split(' ');
    if (parts.size() != 3 || parts[0].isEmpty() || parts[1].isEmpty())
        return fail(400,
            QStringLiteral("the request line is not METHOD TARGET HTTP/1.1: '%1'")
                .arg(shown(line)));
    m_head.methodName = parts[0].left(32);
    if (!isToken(parts[0]))
        return fail(400, QStringLiteral("the method '%1' is not a token").arg(shown(parts[0])));
    const QByteArray &version = parts[2];
    if (version == "HTTP/1.1") {
        m_head.minorVersion = 1;
    } else if (version == "HTTP/1.0") {
        m_head.minorVersion = 0;
        m_head.keepAlive = false;
    } else if (version.size() == 8 && version.startsWith("HTTP/") && std::isdigit(version[5])
        && version[6] == '.' && std::isdigit(version[7])) {
        return fail(505, QStringLiteral("%1 is not supported: send HTTP/1.1").arg(shown(version)));
    } else {
        return fail(400, QStringLiteral("'%1' is not an HTTP version").arg(shown(version)));
    }
    QByteArray target = parts[1];
    for (const char c : std::as_const(target)) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte <= 0x20 || byte >= 0x7f) {
            m_head.target = "-";
            return fail(400,
                QStringLiteral("the request target holds the byte \\x%1: percent-encode it")
                    .arg(byte, 2, 16, QChar(u'0')));
        }
    }
    const QByteArray lower = target.left(8).toLower();
    if (lower.startsWith("http://") || lower.startsWith("https://")) {
        // The absolute form (RFC 9112 3.2.2): only its path and query matter here.
        const qsizetype authority = target.indexOf("//") + 2;
        qsizetype path = authority;
        while (path < target.size() && target[path] != '/' && target[path] != '?')
            ++path;
        target = path < target.size() && target[path] == '/' ? target.mid(path)
                                                             : "/" + target.mid(path);
    } else if (!target.startsWith('/') && target != "*") {
        m_head.target = target.left(m_limits.maxRequestLine);
        return fail(400, QStringLiteral("the request target must begin with '/'"));
    }
    m_head.target = target;
    m_head.method = methodOf(parts[0]);
    if (m_head.method == HttpMethod::Unknown)
        return fail(501, QStringLiteral("the method %1 is not implemented").arg(shown(parts[0])));
    m_state = State::Headers;
    return Step::NeedMore;
}

HttpRequestParser::Step HttpRequestParser::parseHeaderLine(const QByteArray &line)
{
    if (line.isEmpty())
        return finishHead();
    if (line[0] == ' ' || line[0] == '\t')
        return fail(400, QStringLiteral("a header is folded over two lines (obsolete folding)"));
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0)
        return fail(
            400, QStringLiteral("the header line '%1' has no name and colon").arg(shown(line)));
    const QByteArray name = line.left(colon);
    if (name.endsWith(' ') || name.endsWith('\t'))
        return fail(400,
            QStringLiteral("whitespace between the header name '%1' and its colon")
                .arg(shown(name.trimmed())));
    if (!isToken(name))
        return fail(400, QStringLiteral("the header name '%1' is not a token").arg(shown(name)));
    const QByteArray value = trimmedOws(line.mid(colon + 1));
    for (const char c : value) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte < 0x20 && byte != '\t') || byte == 0x7f)
            return fail(400,
                QStringLiteral("the header %1 holds the control byte \\x%2")
                    .arg(QString::fromLatin1(name))
                    .arg(byte, 2, 16, QChar(u'0')));
    }
    if (m_head.headers.size() >= m_limits.maxHeaderCount)
        return fail(431, QStringLiteral("more than %1 headers").arg(m_limits.maxHeaderCount));
    const QByteArray key = name.toLower();
    if (key == "content-length") {
        if (m_head.contentLength >= 0)
            return fail(400, QStringLiteral("more than one Content-Length"));
        if (value.isEmpty() || value.size() > 18
            || !std::all_of(
                value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return fail(400,
                QStringLiteral("Content-Length '%1' is not one whole number").arg(shown(value)));
        m_head.contentLength = value.toLongLong();
    }
    m_head.headers.append({ key, value });
    return Step::NeedMore;
}

HttpRequestParser::Step HttpRequestParser::finishHead()
{
    QList<QByteArray> codings;
    int hosts = 0;
    for (const auto &[key, value] : std::as_const(m_head.headers)) {
        if (key == "transfer-encoding") {
            codings += listMembers(value);
        } else if (key == "host") {
            ++hosts;
        } else if (key == "connection") {
            const QList<QByteArray> options = listMembers(value);
            if (options.contains("close"))
                m_head.keepAlive = false;
            else if (options.contains("keep-alive"))
                m_head.keepAlive = true;
        } else if (key == "expect") {
            if (value.toLower() != "100-continue")
                return fail(
                    417, QStringLiteral("cannot meet the expectation '%1'").arg(shown(value)));
            m_head.expectContinue = true;
        }
    }
    const bool hasTransferEncoding = std::any_of(m_head.headers.begin(), m_head.headers.end(),
        [](const auto &header) { return header.first == "transfer-encoding"; });
    if (hasTransferEncoding) {
        if (m_head.contentLength >= 0)
            return fail(400, QStringLiteral("both Content-Length and Transfer-Encoding"));
        if (m_head.minorVersion == 0)
            return fail(400, QStringLiteral("Transfer-Encoding in an HTTP/1.0 request"));
        if (codings.isEmpty() || codings.constLast() != "chunked")
            return fail(400, QStringLiteral("Transfer-Encoding does not end with chunked"));
        if (codings.size() != 1)
            return fail(501,
                QStringLiteral("the transfer coding %1 is not implemented: send chunked alone")
                    .arg(QString::fromLatin1(codings.constFirst())));
        m_head.chunked = true;
    }
    if (m_head.minorVersion == 1 && hosts != 1)
        return fail(400,
            hosts == 0 ? QStringLiteral("an HTTP/1.1 request without Host")
                       : QStringLiteral("more than one Host"));
    if (m_head.contentLength > m_limits.maxBody)
        return fail(413,
            QStringLiteral("the body is %1 bytes; this server takes at most %2")
                .arg(m_head.contentLength)
                .arg(m_limits.maxBody));
    m_state = State::AwaitBody;
    return Step::HeadDone;
}

HttpRequestParser::Step HttpRequestParser::parseChunkSize(const QByteArray &line)
{
    qsizetype digits = 0;
    qint64 size = 0;
    while (digits < line.size() && std::isxdigit(static_cast<unsigned char>(line[digits]))) {
        if (digits == 15)
            return fail(400, QStringLiteral("a chunk size has more than 15 hex digits"));
        const char c = line[digits];
        size = size * 16 + (c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
        ++digits;
    }
    if (digits == 0)
        return fail(400, QStringLiteral("a chunk size line '%1' is not hex").arg(shown(line)));
    const QByteArray rest = trimmedOws(line.mid(digits));
    if (!rest.isEmpty() && !rest.startsWith(';'))
        return fail(400, QStringLiteral("a chunk size line '%1' is not hex").arg(shown(line)));
    if (m_bodyBytes + size > m_limits.maxBody)
        return fail(413,
            QStringLiteral("the chunked body passes %1 bytes, the most this server takes")
                .arg(m_limits.maxBody));
    if (size == 0) {
        m_state = State::Trailers;
        return Step::NeedMore;
    }
    m_remaining = size;
    m_state = State::ChunkData;
    return Step::NeedMore;
}

} // namespace LedgerCurator
