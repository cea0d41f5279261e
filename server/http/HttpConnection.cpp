// SPDX-License-Identifier: GPL-3.0-or-later
#include "HttpConnection.h"

#include <QTcpSocket>

#include <sys/socket.h>

namespace LedgerCurator {

namespace {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 100:
        return QByteArrayLiteral("Continue");
    case 200:
        return QByteArrayLiteral("OK");
    case 201:
        return QByteArrayLiteral("Created");
    case 204:
        return QByteArrayLiteral("No Content");
    case 304:
        return QByteArrayLiteral("Not Modified");
    case 400:
        return QByteArrayLiteral("Bad Request");
    case 401:
        return QByteArrayLiteral("Unauthorized");
    case 403:
        return QByteArrayLiteral("Forbidden");
    case 404:
        return QByteArrayLiteral("Not Found");
    case 405:
        return QByteArrayLiteral("Method Not Allowed");
    case 408:
        return QByteArrayLiteral("Request Timeout");
    case 409:
        return QByteArrayLiteral("Conflict");
    case 413:
        return QByteArrayLiteral("Content Too Large");
    case 414:
        return QByteArrayLiteral("URI Too Long");
    case 415:
        return QByteArrayLiteral("Unsupported Media Type");
    case 417:
        return QByteArrayLiteral("Expectation Failed");
    case 422:
        return QByteArrayLiteral("Unprocessable Content");
    case 429:
        return QByteArrayLiteral("Too Many Requests");
    case 431:
        return QByteArrayLiteral("Request Header Fields Too Large");
    case 500:
        return QByteArrayLiteral("Internal Server Error");
    case 501:
        return QByteArrayLiteral("Not Implemented");
    case 503:
        return QByteArrayLiteral("Service Unavailable");
    case 505:
        return QByteArrayLiteral("HTTP Version Not Supported");
    default:
        return QByteArrayLiteral("Status");
    }
}

constexpr qint64 kReadChunk = 16 * 1024;

} // namespace

HttpConnection::HttpConnection(
    QTcpSocket *socket, HttpLimits limits, HttpTimeouts timeouts, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_peer(socket->peerAddress())
    , m_parser(limits)
    , m_timeouts(timeouts)
{
    m_socket->setParent(this);
    m_socket->setReadBufferSize(kSocketReadBuffer);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &HttpConnection::onTimeout);
    connect(m_socket, &QTcpSocket::readyRead, this, &HttpConnection::onReadyRead);
    connect(m_socket, &QTcpSocket::bytesWritten, this, &HttpConnection::onBytesWritten);
    connect(m_socket, &QTcpSocket::disconnected, this, &HttpConnection::close);
    connect(m_socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError) {
        if (m_socket->state() != QAbstractSocket::ConnectedState)
            close();
    });
    m_requestTimer.start();
    // A new connection has headerMs for its first request's head, counted from now.
    setState(State::Idle, m_timeouts.headerMs);
    if (m_socket->bytesAvailable() > 0)
        QMetaObject::invokeMethod(this, &HttpConnection::onReadyRead, Qt::QueuedConnection);
}

HttpConnection::~HttpConnection() = default;

void HttpConnection::setState(State state, int timeoutMs)
{
    m_state = state;
    if (timeoutMs > 0)
        m_timer.start(timeoutMs);
    else
        m_timer.stop();
}

void HttpConnection::onReadyRead()
{
    switch (m_state) {
    case State::Idle:
    case State::Head:
    case State::Body:
        process();
        break;
    case State::Lingering: {
        const qint64 dropped = m_socket->skip(m_socket->bytesAvailable());
        m_lingered += std::max<qint64>(dropped, 0);
        if (m_lingered > m_timeouts.lingerBytes)
            abort();
        break;
    }
    case State::Judging:
    case State::Handling:
    case State::Writing:
    case State::Closed:
        break; // not now: the bytes wait in the socket's bounded buffer (and the kernel's)
    }
}

void HttpConnection::process()
{
    if (m_processing)
        return;
    m_processing = true;
    while (m_state == State::Idle || m_state == State::Head || m_state == State::Body) {
        if (m_input.isEmpty()) {
            if (m_socket->bytesAvailable() <= 0)
                break;
            m_input = m_socket->read(kReadChunk);
            if (m_input.isEmpty())
                break;
        }
        if (m_state == State::Idle) {
            // The first byte of a request: its head has headerMs from now (the first request's
            // from the connection).
            m_requestTimer.start();
            setState(State::Head, m_firstRequest ? m_timer.remainingTime() : m_timeouts.headerMs);
            m_firstRequest = false;
        }
        qsizetype taken = 0;
        const qint64 bodyBefore = m_parser.bodyBytes();
        const HttpRequestParser::Step step
            = m_parser.feed(m_input.constData(), m_input.size(), &taken);
        m_input.remove(0, taken);
        const qint64 grown = m_parser.bodyBytes() - bodyBefore;
        if (m_watcher && grown > 0 && step != HttpRequestParser::Step::Failed
            && grown <= m_parser.body().size()) {
            // The new bytes are the body's last ones: shown before the request goes on.
            QString message;
            const int status = m_watcher(m_parser.body().last(qsizetype(grown)), &message);
            if (status != 0) {
                m_watcher = {};
                m_bodyUnread = true;
                refuse(status, message);
                continue;
            }
        }
        if (step == HttpRequestParser::Step::Failed) {
            m_bodyUnread = true;
            refuse(m_parser.errorStatus(), m_parser.errorMessage());
        } else if (step == HttpRequestParser::Step::HeadDone) {
            setState(State::Judging, 0);
            m_bodyUnread = m_parser.head().hasBody();
            Q_EMIT headReceived(this);
        } else if (step == HttpRequestParser::Step::Done) {
            setState(State::Handling, 0);
            m_watcher = {};
            m_bodyUnread = false;
            Q_EMIT requestReceived(this, m_parser.takeBody());
        }
    }
    m_processing = false;
}

void HttpConnection::readBody(BodyWatcher watcher)
{
    if (m_state != State::Judging)
        return;
    m_watcher = std::move(watcher);
    m_parser.readBody();
    if (m_parser.head().expectContinue && m_parser.head().hasBody())
        m_socket->write(QByteArrayLiteral("HTTP/1.1 100 Continue\r\n\r\n"));
    setState(State::Body, m_timeouts.bodyMs);
    // What arrived meanwhile waits in m_input and the socket.
    QMetaObject::invokeMethod(this, &HttpConnection::process, Qt::QueuedConnection);
}

void HttpConnection::refuse(int status, const QString &message)
{
    m_watcher = {};
    setState(State::Judging, 0);
    Q_EMIT requestRefused(this, status, message);
    if (m_state == State::Judging) // nobody answered
        respond(status, {}, {}, true);
}

void HttpConnection::respond(int status, const Headers &headers, const QByteArray &body, bool close)
{
    if (m_state != State::Judging && m_state != State::Handling)
        return;
    m_closeAfterReply = close || !m_parser.head().keepAlive || m_bodyUnread;
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    for (const auto &[name, value] : headers)
        out += name + ": " + value + "\r\n";
    if (status != 304 && status >= 200)
        out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    if (m_closeAfterReply)
        out += "Connection: close\r\n";
    out += "\r\n";
    if (m_parser.head().method != HttpMethod::Head)
        out += body;
    setState(State::Writing, m_timeouts.writeMs);
    m_socket->write(out);
    if (m_socket->bytesToWrite() == 0)
        finishReply();
}

void HttpConnection::onBytesWritten()
{
    if (m_state == State::Writing && m_socket->bytesToWrite() == 0)
        finishReply();
}

void HttpConnection::finishReply()
{
    if (m_closeAfterReply) {
        if (m_bodyUnread)
            startLinger();
        else
            close();
        return;
    }
    m_parser.reset();
    setState(State::Idle, m_timeouts.idleMs);
    // A request sent right behind this one (pipelined) is already here.
    if (!m_input.isEmpty() || m_socket->bytesAvailable() > 0)
        QMetaObject::invokeMethod(this, &HttpConnection::process, Qt::QueuedConnection);
}

void HttpConnection::startLinger()
{
    // The client may still be sending the body this reply refused: closing now would make the
    // kernel answer with RST, and the client would lose the reply. End our side (FIN), then read
    // and drop what comes, for a while.
    m_socket->flush();
    ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
    m_input.clear();
    setState(State::Lingering, m_timeouts.lingerMs);
    onReadyRead();
}

void HttpConnection::onTimeout()
{
    switch (m_state) {
    case State::Idle:
        if (m_firstRequest)
            break; // a connection that never sent a byte
        close();
        return;
    case State::Head:
        m_bodyUnread = true;
        refuse(408,
            QStringLiteral("the request's head was not complete within %1 s (%2 bytes came)")
                .arg(m_timeouts.headerMs / 1000.0)
                .arg(m_parser.headBytes()));
        return;
    case State::Body:
        m_bodyUnread = true;
        refuse(408,
            QStringLiteral("the body was not complete within %1 s (%2 of %3 bytes came)")
                .arg(m_timeouts.bodyMs / 1000.0)
                .arg(m_parser.bodyBytes())
                .arg(m_parser.head().chunked ? QStringLiteral("the chunked")
                                             : QString::number(m_parser.head().contentLength)));
        return;
    case State::Writing:
    case State::Lingering:
    case State::Judging:
    case State::Handling:
    case State::Closed:
        break;
    }
    abort();
}

void HttpConnection::abort()
{
    if (m_state == State::Closed)
        return;
    m_socket->abort();
    close();
}

void HttpConnection::close()
{
    if (m_state == State::Closed)
        return;
    setState(State::Closed, 0);
    m_input.clear();
    if (m_socket->state() != QAbstractSocket::UnconnectedState)
        m_socket->disconnectFromHost();
    Q_EMIT closed(this);
    deleteLater();
}

} // namespace LedgerCurator
