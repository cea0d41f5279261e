// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One client connection of ledger-server: reads requests with HttpRequestParser, one at a time,
// under timeouts, and writes the replies. It reads only as fast as the current step allows: not
// at all while its owner judges a request's head (credentials, size) or handles the request, so a
// client can never make it hold more than the socket's read buffer, the head and, once allowed,
// one body. See docs/server-limits.md.

#include "HttpRequestParser.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QObject>
#include <QTimer>

#include <functional>
#include <utility>

class QTcpSocket;

namespace LedgerCurator {

struct HttpTimeouts
{
    int headerMs = 30000; // from the connection (or a later request's first byte) to its blank line
    int bodyMs = 60000; // from the end of the head to the end of the body
    int idleMs = 60000; // between two requests on one connection
    int writeMs = 60000; // to send one reply
    int lingerMs = 5000; // reading and dropping a refused body, so the client reads the reply
    qint64 lingerBytes = 64 * 1024 * 1024; // the most read and dropped that way
};

//! The Qt read buffer of every connection: what the kernel handed over and nobody read yet.
inline constexpr qint64 kSocketReadBuffer = 16 * 1024;

class HttpConnection final : public QObject
{
    Q_OBJECT

public:
    using Headers = QList<std::pair<QByteArray, QByteArray>>;
    //! Looks at a body's bytes as they come (a chunked body decoded), each piece once, before the
    //! next is read: 0 to go on, or a status (and *message) to refuse the request there, at the
    //! first piece past a limit (docs/server-limits.md, "Memory").
    using BodyWatcher = std::function<int(QByteArrayView piece, QString *message)>;

    //! Takes socket (it becomes a child); starts reading at once.
    HttpConnection(
        QTcpSocket *socket, HttpLimits limits, HttpTimeouts timeouts, QObject *parent = nullptr);
    ~HttpConnection() override;
    Q_DISABLE_COPY_MOVE(HttpConnection)

    QHostAddress peerAddress() const { return m_peer; }
    //! The current request's head (after headReceived, and for a refused request what was read).
    const HttpRequestHead &head() const { return m_parser.head(); }
    //! How long the current request has taken since its first byte.
    qint64 elapsedMs() const { return m_requestTimer.elapsed(); }

    //! After headReceived: reads the body (sending 100 Continue when the client waits for it),
    //! each piece shown to watcher (when given) as it comes, then emits requestReceived.
    void readBody(BodyWatcher watcher = {});
    //! Answers the current request; with close (or when the request asked for it) the connection
    //! ends once the reply is sent.
    void respond(int status, const Headers &headers, const QByteArray &body, bool close = false);
    //! Ends the connection at once, without a reply.
    void abort();

    bool isOpen() const { return m_state != State::Closed; }

Q_SIGNALS:
    //! A request's head is in: answer it with respond(), or call readBody().
    void headReceived(LedgerCurator::HttpConnection *connection);
    //! The whole request is in: answer it with respond().
    void requestReceived(LedgerCurator::HttpConnection *connection, const QByteArray &body);
    //! The request was refused before it was whole (malformed, over a limit, timed out): answer it
    //! with respond(status, ..., true), or the connection sends a bare status line and closes.
    void requestRefused(
        LedgerCurator::HttpConnection *connection, int status, const QString &message);
    //! The connection is closed; it deletes itself after this.
    void closed(LedgerCurator::HttpConnection *connection);

private:
    enum class State {
        Idle, // between requests: no byte of the next one yet
        Head, // reading a request's head
        Judging, // headReceived emitted; reading nothing
        Body, // reading the body
        Handling, // requestReceived emitted; reading nothing
        Writing, // sending a reply
        Lingering, // reply sent; reading and dropping what the client still sends
        Closed,
    };

    void onReadyRead();
    void process();
    void onBytesWritten();
    void onTimeout();
    void refuse(int status, const QString &message);
    void finishReply();
    void startLinger();
    void close();
    void setState(State state, int timeoutMs);

    QTcpSocket *m_socket;
    QHostAddress m_peer;
    HttpRequestParser m_parser;
    HttpTimeouts m_timeouts;
    State m_state = State::Idle;
    QByteArray m_input; // read from the socket, not yet taken by the parser
    BodyWatcher m_watcher; // the current request's, while its body is read
    QTimer m_timer;
    QElapsedTimer m_requestTimer;
    bool m_closeAfterReply = false;
    bool m_bodyUnread = false; // the reply answers a request whose body was not read
    bool m_firstRequest = true;
    qint64 m_lingered = 0;
    bool m_processing = false;
};

} // namespace LedgerCurator
