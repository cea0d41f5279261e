// SPDX-License-Identifier: GPL-3.0-or-later
#include "RequestProxy.h"

#include <QHostAddress>
#include <QTcpSocket>

#include <memory>

namespace LedgerCurator {

RequestProxy::RequestProxy(quint16 targetPort)
    : m_targetPort(targetPort)
{
    connect(&m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *client = m_server.nextPendingConnection())
            accept(client);
    });
}

RequestProxy::~RequestProxy() = default;

bool RequestProxy::listen()
{
    return m_server.listen(QHostAddress::LocalHost);
}

QUrl RequestProxy::url() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()));
}

qsizetype RequestProxy::headerEnd(const QByteArray &data)
{
    return data.indexOf("\r\n\r\n");
}

qint64 RequestProxy::contentLength(const QByteArray &head)
{
    for (const QByteArray &line : head.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == "content-length")
            return line.mid(colon + 1).trimmed().toLongLong();
    }
    return -1;
}

QByteArray RequestProxy::forwarded(const Request &request)
{
    QByteArray out;
    for (const QByteArray &line : request.head.split('\n')) {
        if (!line.trimmed().toLower().startsWith("connection:"))
            out += line.trimmed() + "\r\n";
    }
    return out + "Connection: close\r\n\r\n" + request.body;
}

void RequestProxy::accept(QTcpSocket *client)
{
    client->setParent(this);
    auto buffer = std::make_shared<QByteArray>();
    auto handled = std::make_shared<bool>(false);
    connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
    connect(client, &QTcpSocket::readyRead, this, [this, client, buffer, handled] {
        buffer->append(client->readAll());
        if (*handled)
            return;
        const qsizetype end = headerEnd(*buffer);
        if (end < 0)
            return;
        Request request;
        request.head = buffer->left(end);
        const qint64 length = qMax<qint64>(0, contentLength(request.head));
        if (buffer->size() < end + 4 + length)
            return;
        *handled = true;
        request.body = buffer->mid(end + 4, length);
        const QList<QByteArray> requestLine
            = request.head.left(request.head.indexOf("\r\n")).split(' ');
        request.method = requestLine.value(0);
        request.target = requestLine.value(1);
        const qsizetype query = request.target.indexOf('?');
        request.path = QString::fromLatin1(query < 0 ? request.target : request.target.left(query));
        handle(client, request);
    });
}

} // namespace LedgerCurator
