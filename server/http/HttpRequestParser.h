// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A strict, incremental reader of HTTP/1.1 requests (RFC 9112) that never holds more than its
// limits allow: the request line and the headers up to HttpLimits::maxHeadBytes, a body up to
// HttpLimits::maxBody, whatever the framing (Content-Length or chunked). It stops after the head,
// so that its reader can judge the request (size, credentials) before one byte of the body is
// taken, and refuses what RFC 9112 says a server must refuse: a duplicate or conflicting
// Content-Length, Content-Length beside Transfer-Encoding, obsolete line folding, whitespace
// before a header's colon, a request without Host. See docs/server-limits.md.

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>

#include <utility>

namespace LedgerCurator {

enum class HttpMethod { Unknown, Get, Head, Post, Put, Delete, Options, Patch, Connect, Trace };

//! The method's name as HTTP spells it ("GET"); "UNKNOWN" for Unknown.
QByteArray httpMethodName(HttpMethod method);

struct HttpLimits
{
    qsizetype maxRequestLine = 8 * 1024; // 414 beyond
    qsizetype maxHeadBytes = 16 * 1024; // request line and headers; 431 beyond
    int maxHeaderCount = 100; // 431 beyond
    qint64 maxBody = 8 * 1024 * 1024; // decoded body; 413 beyond
    qsizetype maxChunkLine = 1024; // a chunk's size line with its extensions; 400 beyond
};

struct HttpRequestHead
{
    HttpMethod method = HttpMethod::Unknown;
    QByteArray methodName; // as sent, for the log
    QByteArray target; // the request-target in origin form (/path?query), still percent-encoded
    int minorVersion = 1; // HTTP/1.0 or HTTP/1.1
    QList<std::pair<QByteArray, QByteArray>> headers; // names in lower case, values trimmed
    qint64 contentLength = -1; // -1: none
    bool chunked = false;
    bool keepAlive = true; // the connection may carry another request after this one
    bool expectContinue = false; // Expect: 100-continue

    //! The value of the first header called name (lower case); empty when absent.
    QByteArray header(const QByteArray &name) const;
    //! Whether the request has a body to read (a Content-Length above 0, or chunked).
    bool hasBody() const { return chunked || contentLength > 0; }
};

class HttpRequestParser final
{
public:
    enum class Step {
        NeedMore, // every byte given was taken; give more
        HeadDone, // the head is in (head()): call readBody() to go on to the body, if any
        Done, // the whole request is in (head(), takeBody())
        Failed, // refused: errorStatus() and errorMessage() say why; nothing more is taken
    };

    explicit HttpRequestParser(HttpLimits limits = {});

    //! Takes bytes from data and returns where it stopped; *taken says how many it took (the rest
    //! belongs to what comes after: the body once readBody() is called, or the next request).
    Step feed(const char *data, qsizetype size, qsizetype *taken);
    //! After HeadDone: the next feed() reads the body (Done at once when there is none).
    void readBody();
    //! Starts over for the next request on the same connection.
    void reset();

    const HttpRequestHead &head() const { return m_head; }
    bool headComplete() const { return m_state > State::Headers; }
    QByteArray takeBody() { return std::exchange(m_body, {}); }
    //! The body read so far (decoded from its chunks), until takeBody().
    QByteArrayView body() const { return m_body; }
    qint64 bodyBytes() const { return m_bodyBytes; }
    //! How many bytes of the head were received so far (for a request that timed out).
    qsizetype headBytes() const { return m_headBytes; }
    int errorStatus() const { return m_errorStatus; }
    QString errorMessage() const { return m_errorMessage; }
    const HttpLimits &limits() const { return m_limits; }

private:
    enum class State {
        RequestLine,
        Headers,
        AwaitBody, // HeadDone given; waiting for readBody()
        Body, // Content-Length bytes
        ChunkSize,
        ChunkData,
        ChunkDataEnd, // the CRLF after a chunk's data
        Trailers,
        Done,
        Failed,
    };

    Step fail(int status, const QString &message);
    //! Takes bytes up to and including the next LF into m_line; true once a line is whole.
    //! Fails (and returns false) when the line passes limit.
    bool takeLine(const char *data, qsizetype size, qsizetype *pos, qsizetype limit, int status,
        const QString &what);
    Step parseRequestLine(QByteArray line);
    Step parseHeaderLine(const QByteArray &line);
    Step finishHead();
    Step parseChunkSize(const QByteArray &line);

    HttpLimits m_limits;
    State m_state = State::RequestLine;
    HttpRequestHead m_head;
    QByteArray m_line;
    QByteArray m_body;
    qint64 m_bodyBytes = 0;
    qint64 m_remaining = 0; // of the body (Content-Length) or of the current chunk
    qsizetype m_headBytes = 0;
    int m_errorStatus = 0;
    QString m_errorMessage;
};

} // namespace LedgerCurator
