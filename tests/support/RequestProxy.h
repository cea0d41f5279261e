// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A loopback TCP proxy for the sync tests: it reads one HTTP request per connection (head and
// Content-Length body) and hands it to handle(), which forwards it to the real ledger-server or
// answers it itself (a fault, a hostile reply). tst_syncfaults and tst_synchostile derive from it.

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QTcpServer>
#include <QUrl>

class QTcpSocket;

namespace LedgerCurator {

class RequestProxy : public QObject
{
public:
    //! One request as the client sent it.
    struct Request
    {
        QByteArray head; // request line and headers, without the blank line
        QByteArray body;
        QByteArray method;
        QByteArray target; // as on the request line, query included
        QString path; // the target without its query
    };

    explicit RequestProxy(quint16 targetPort);
    ~RequestProxy() override;
    Q_DISABLE_COPY_MOVE(RequestProxy)

    bool listen();
    QUrl url() const;
    void setTargetPort(quint16 port) { m_targetPort = port; }
    quint16 targetPort() const { return m_targetPort; }

    //! Where the blank line after a head starts, or -1.
    static qsizetype headerEnd(const QByteArray &data);
    //! The Content-Length of a head, or -1.
    static qint64 contentLength(const QByteArray &head);
    //! The request as it goes upstream on a connection of its own: the client's headers but
    //! Connection, then "Connection: close", then the body.
    static QByteArray forwarded(const Request &request);

protected:
    //! Called once per connection, when the whole request is in. `client` is a child of the proxy
    //! and deletes itself when it disconnects.
    virtual void handle(QTcpSocket *client, const Request &request) = 0;

private:
    void accept(QTcpSocket *client);

    QTcpServer m_server;
    quint16 m_targetPort = 0;
};

} // namespace LedgerCurator
