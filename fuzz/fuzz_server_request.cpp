// SPDX-License-Identifier: GPL-3.0-or-later
// The server's request handling, without a socket: the input is an HTTP/1.1 request as a client
// sends it (request line, headers, blank line, body). It is read by HttpRequestParser, as
// HttpConnection reads it; a refusal must be one of the parser's statuses with a message. A
// request it reads goes through checkRequestHead() (what the server checks before the body) and
// handleApiRequest() (routing, the query, Authorization, If-None-Match,
// Content-Type, the JSON bodies of PUT /v1/records/ID and POST /v1/events) against a real
// ServerStore on a temporary SQLite database. In an Authorization header, @admin@, @curator@ and
// @reader@ stand for real tokens of those roles, so that the fuzzer reaches every endpoint.
// Whatever the request, the reply is one of the protocol's statuses (never a 500: bad input is
// the client's error), and an error reply is the protocol's error object.

#include "FuzzSupport.h"
#include "HttpRequestParser.h"
#include "LedgerApi.h"
#include "ServerStore.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

using namespace LedgerCurator;

namespace {

struct Server
{
    std::unique_ptr<QCoreApplication> app;
    std::unique_ptr<QTemporaryDir> dir;
    std::unique_ptr<ServerStore> store;
    QList<std::pair<QByteArray, QByteArray>> tokens; // placeholder, token
};

Server *server = nullptr;

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
    // Authorization placeholders become real tokens before the parser sees the request.
    QByteArray bytes = input;
    for (const auto &[placeholder, token] : std::as_const(server->tokens))
        bytes.replace(placeholder, token);
    HttpRequestParser parser;
    qsizetype taken = 0;
    HttpRequestParser::Step step = parser.feed(bytes.constData(), bytes.size(), &taken);
    if (step == HttpRequestParser::Step::Failed) {
        static const QList<int> refusals = { 400, 413, 414, 417, 431, 501, 505 };
        LC_FUZZ_CHECK(refusals.contains(parser.errorStatus()) && !parser.errorMessage().isEmpty(),
            QStringLiteral("parser status %1: %2")
                .arg(parser.errorStatus())
                .arg(parser.errorMessage()));
        return 0;
    }
    if (step != HttpRequestParser::Step::HeadDone)
        return 0; // a head that never ends: the server times it out
    ApiRequest request = apiRequestFrom(parser.head());
    QString tokenName;
    const std::optional<ApiReply> refused = checkRequestHead(*server->store, request, &tokenName);
    parser.readBody();
    qsizetype bodyTaken = 0;
    step = parser.feed(bytes.constData() + taken, bytes.size() - taken, &bodyTaken);
    if (step != HttpRequestParser::Step::Done)
        return 0; // a body cut short or refused: the parser said why above
    request.body = parser.takeBody();
    const ApiReply reply = handleApiRequest(*server->store, request);
    // What the head's checks refuse, the whole request is refused for too.
    if (refused)
        LC_FUZZ_CHECK(refused->status == reply.status,
            QStringLiteral("the head was refused %1, the request %2")
                .arg(refused->status)
                .arg(reply.status));
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
