// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The sync protocol's endpoints (docs/sync-protocol.md), apart from the transport: a request in,
// a reply out. LedgerServer runs handleApiRequest() on a worker thread with that thread's store.

#include "HttpRequestParser.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QUrlQuery>

#include <optional>
#include <utility>

namespace LedgerCurator {

class ServerStore;
class WorksIndex;

inline constexpr qsizetype kMaxBatchEvents = 1000;
inline constexpr qint64 kDefaultEventsLimit = 1000;
inline constexpr qint64 kMaxEventsLimit = 20000;
inline constexpr qsizetype kMaxBatchNotices = 1000;
inline constexpr qint64 kDefaultNoticesLimit = 1000;
inline constexpr qint64 kMaxNoticesLimit = 5000;
inline constexpr int kRetryAfterSeconds = 1;

//! What a handler needs of an HTTP request (copied, so that it can cross threads).
struct ApiRequest
{
    HttpMethod method = HttpMethod::Unknown;
    QString path; // decoded
    QUrlQuery query;
    QByteArray rawQuery; // the target's query as sent (percent-encoded), for form decoding
    QByteArray authorization;
    QByteArray ifNoneMatch;
    QByteArray contentType;
    QByteArray host; // the Host header, for the addresses the reconciliation manifest gives
    QByteArray body;
};

struct ApiReply
{
    int status = 200;
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QString tokenName; // who asked, for the request log; empty when unknown
    QString note; // for the log only (e.g. the cause of a 500), never sent

    static ApiReply json(int status, const QJsonObject &object);
    //! {"error": {"code": code, "message": message}}; 429 and 503 get Retry-After.
    static ApiReply error(int status, const QString &message);
    //! The same with a code of its own (unsigned_event, clock_ahead, ...) and more members of
    //! the error object (index, event, server_time).
    static ApiReply error(
        int status, const QString &code, const QString &message, const QJsonObject &more);
};

//! The error code of a status: bad_request, unauthorized, ... (see docs/sync-protocol.md).
QString errorCode(int status);
//! Every code an error of that status may carry: errorCode(status), then the refusals of one
//! event that have codes of their own (403: wrong_author, key_revoked; 422: unsigned_event,
//! unknown_key, bad_signature, clock_ahead) and of one notice (422: invalid_notice), as
//! docs/sync-protocol.md lists them.
QStringList errorCodes(int status);

enum class Endpoint { Health, Records, Record, Events, Keys, WhoAmI, Notices, Reconcile };

//! What the endpoints need beside the ledger's store: the reconciliation service's works index
//! (docs/reconciliation.md) and whether it asks for a token.
struct ApiContext
{
    WorksIndex *works = nullptr; // this thread's; nullptr: /reconcile answers 503
    bool reconcileNeedsToken = false; // serve --reconcile-needs-token
};

//! How far ahead of the server's clock an event's created_at, or a notice's imported_at, may be
//! (clock_ahead beyond).
inline constexpr qint64 kMaxClockAheadMs = 5 * 60 * 1000;

struct Route
{
    std::optional<Endpoint> endpoint; // nullopt: no such path (404)
    QString recordId; // Endpoint::Record: the id as given in the path
    bool methodAllowed = false; // false with an endpoint: 405
    QByteArray allow; // the methods the path takes, for the Allow header
    bool takesBody = false; // PUT and POST: the body must be JSON (or a form, for /reconcile)
};

Route matchRoute(HttpMethod method, const QString &path);

//! Whether an If-None-Match header names etag (or is "*").
bool etagMatches(const QByteArray &ifNoneMatch, const QString &etag);

//! What the endpoints read of a request's head: the method, the decoded path, the query and the
//! headers they need (the body comes apart).
ApiRequest apiRequestFrom(const HttpRequestHead &head);

//! The checks of a request that need only its head: the route, the method, the credentials, the
//! role, the body's media type. An error reply when one fails, nullopt when the body may be read;
//! in both cases *tokenName says whose token it was (empty when none was valid).
std::optional<ApiReply> checkRequestHead(ServerStore &store, const ApiRequest &request,
    QString *tokenName, const ApiContext &context = {});

//! Whether `request` to this endpoint needs a token (every one but the health check, and
//! /reconcile unless the server asks for one there; its manifest and preflights never do).
bool needsToken(const ApiRequest &request, Endpoint endpoint, const ApiContext &context);

//! Authenticates, authorizes and answers one request against store.
ApiReply handleApiRequest(
    ServerStore &store, const ApiRequest &request, const ApiContext &context = {});

} // namespace LedgerCurator
