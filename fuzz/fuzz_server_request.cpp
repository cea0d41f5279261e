// SPDX-License-Identifier: GPL-3.0-or-later
// The server's request parsing, without a socket: the input is an HTTP/1.1 request as a client
// sends it (request line, headers, blank line, body). Its head goes through scanRequestHead()
// (what BodyLimitGate reads before Qt does); then the request, split as QHttpServerRequest splits
// it, goes through handleApiRequest() (routing, the query, Authorization, If-None-Match,
// Content-Type, the JSON bodies of PUT /v1/records/ID and POST /v1/events) against a real
// ServerStore on a temporary SQLite database. In an Authorization header, @admin@, @curator@ and
// @reader@ stand for real tokens of those roles, so that the fuzzer reaches every endpoint.
// Whatever the request, the reply is one of the protocol's statuses (never a 500: bad input is
// the client's error), and an error reply is the protocol's error object.

#include "FuzzSupport.h"
#include "LedgerApi.h"
#include "LedgerServer.h"
#include "ServerStore.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

using namespace LedgerCurator;
using Method = QHttpServerRequest::Method;

namespace {

struct Server
{
    std::unique_ptr<QCoreApplication> app;
    std::unique_ptr<QTemporaryDir> dir;
    std::unique_ptr<ServerStore> store;
    QList<std::pair<QByteArray, QByteArray>> tokens; // placeholder, token
};

Server *server = nullptr;

Method methodOf(const QByteArray &name)
{
    static const QList<std::pair<QByteArray, Method>> methods = { { "GET", Method::Get },
        { "PUT", Method::Put }, { "POST", Method::Post }, { "DELETE", Method::Delete },
        { "HEAD", Method::Head }, { "OPTIONS", Method::Options }, { "PATCH", Method::Patch },
        { "CONNECT", Method::Connect }, { "TRACE", Method::Trace } };
    for (const auto &[text, method] : methods) {
        if (name == text)
            return method;
    }
    return Method::Unknown;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    Fuzz::quietMessages();
    server = new Server;
    server->app = std::make_unique<QCoreApplication>(*argc, *argv);
    server->dir = std::make_unique<QTemporaryDir>();
    DatabaseConfig config;
    config.sqlitePath = server->dir->filePath(QStringLiteral("server.sqlite"));
    server->store = std::make_unique<ServerStore>(config);
    const auto opened = server->store->open(ServerStore::Migrate::Yes);
    LC_FUZZ_CHECK(opened.ok(), opened.error().message);
    for (const auto &[name, role] : { std::pair { "admin", Role::Admin },
             std::pair { "curator", Role::Curator }, std::pair { "reader", Role::Reader } }) {
        const auto token = server->store->addToken(QString::fromLatin1(name), role);
        LC_FUZZ_CHECK(token.ok(), token.error().message);
        server->tokens.append({ '@' + QByteArray(name) + '@', token->toUtf8() });
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input = Fuzz::bytesOf(data, size);
    qsizetype headEnd = input.indexOf("\r\n\r\n");
    const QByteArray head = headEnd < 0 ? input : input.left(headEnd);
    const QByteArray body = headEnd < 0 ? QByteArray() : input.mid(headEnd + 4);
    const RequestHead scanned = scanRequestHead(head);
    (void)scanned;

    // The request line and the headers, as QHttpServerRequest gives them to handleRequest().
    QList<QByteArray> lines = head.split('\n');
    for (QByteArray &line : lines) {
        if (line.endsWith('\r'))
            line.chop(1);
    }
    const QList<QByteArray> requestLine = lines.value(0).split(' ');
    ApiRequest request;
    request.method = methodOf(requestLine.value(0));
    const QUrl url = QUrl::fromEncoded("http://localhost" + requestLine.value(1));
    request.path = url.path(QUrl::FullyDecoded);
    request.query = QUrlQuery(url);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = lines[i].left(colon).trimmed().toLower();
        QByteArray value = lines[i].mid(colon + 1).trimmed();
        if (name == "authorization") {
            for (const auto &[placeholder, token] : std::as_const(server->tokens))
                value.replace(placeholder, token);
            request.authorization = value;
        } else if (name == "if-none-match") {
            request.ifNoneMatch = value;
        } else if (name == "content-type") {
            request.contentType = value;
        }
    }
    const Route route = matchRoute(request.method, request.path);
    if (route.takesBody)
        request.body = body;

    const ApiReply reply = handleApiRequest(*server->store, request);
    static const QList<int> statuses
        = { 200, 201, 304, 400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 503 };
    LC_FUZZ_CHECK(statuses.contains(reply.status),
        QStringLiteral("status %1: %2 (%3)")
            .arg(reply.status)
            .arg(QString::fromUtf8(reply.body), reply.note));
    if (reply.status >= 400) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(reply.body, &error);
        const QJsonObject object = document.object().value(QStringLiteral("error")).toObject();
        LC_FUZZ_CHECK(error.error == QJsonParseError::NoError
                && errorCodes(reply.status)
                       .contains(object.value(QStringLiteral("code")).toString())
                && !object.value(QStringLiteral("message")).toString().isEmpty(),
            QString::fromUtf8(reply.body));
    }
    return 0;
}
