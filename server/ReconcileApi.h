// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// ledger-server as a W3C Reconciliation API service, version 0.2 (docs/reconciliation.md):
// GET /reconcile is the service manifest; GET /reconcile?queries=JSON and POST /reconcile (a form
// body queries=JSON, as OpenRefine sends it, or a JSON body that is the queries object) answer a
// batch of queries with candidates from the server's works index (WorksIndex::candidates());
// extend=JSON the same way is a data extension. Beside it: /reconcile/suggest/entity,
// /reconcile/suggest/property, /reconcile/suggest/type, /reconcile/preview,
// /reconcile/propose_properties and /reconcile/docs (ReconcileServices.cpp).

#include "LedgerApi.h"
#include "Result.h"
#include "WorkMatch.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace LedgerCurator {

class WorksIndex;

inline constexpr qsizetype kMaxReconcileQueries
    = 50; // queries in one batch (the manifest's batchSize)
inline constexpr int kDefaultReconcileLimit = 5; // candidates per query when it names no limit
inline constexpr int kMaxReconcileLimit = 25; // the most candidates a query is given
inline constexpr qsizetype kMaxReconcileQueryChars = 1000; // characters of one query's title
inline constexpr qsizetype kMaxReconcileProperties = 20; // properties of one query read
inline constexpr auto kWorkTypeId = "work";
inline constexpr auto kWorkTypeName = "Work";

//! One query of a batch, read: its key ("q0"), what to look for, how many candidates. A query
//! the service cannot answer (no title to look for, one too long, not an object) is answered
//! with no candidates; `warnings` say what was ignored or why nothing was looked for.
struct ReconcileQuery
{
    QString key;
    MatchQuery match;
    int limit = kDefaultReconcileLimit;
    bool answerable = true;
    QStringList warnings;
};

//! The queries object of a batch ({"q0": {"query": ..., "limit": ..., "type": ...,
//! "properties": [{"pid": ..., "v": ...}]}, ...}), read as the 0.2 schema allows it: the
//! queries in key order. Only a batch that is not one (not JSON, not an object, none, more than
//! 50) is a BadInput error; whatever is odd in a query is named in its warnings.
Result<QList<ReconcileQuery>> parseReconcileQueries(const QByteArray &json);

//! The family names of an authors value ("A. Author, B. Author and C. Author", "Author, A.").
QStringList authorFamilyNames(const QString &authors);

//! The year a property value gives: a whole number, or the first year in its text
//! ("2022-12-22T00:00:00Z", "c. 2022", "2022?"); nullopt for none.
std::optional<int> yearInValue(const QJsonValue &value);

//! The service manifest. `base`: the service's own address ("http://host:port"), for the
//! services that must be given whole (preview, suggest); empty when the request named no host.
//! `needsToken`: the service wants a reader's token (the manifest says how to send it).
QJsonObject reconcileManifest(const QString &base = {}, bool needsToken = false);

//! One candidate as the service answers it: candidateJson() with its type.
QJsonObject reconcileCandidateJson(const Candidate &candidate);

struct ReconcileContext
{
    WorksIndex *works = nullptr; // nullptr: the index could not be opened (503)
    bool needsToken = false; // serve --reconcile-needs-token
};

//! Whether a request to /reconcile... is one anyone may make without a token: the manifest (GET
//! /reconcile without queries or extend), its JSONP form, the documentation, a preflight.
bool isOpenReconcileRequest(const ApiRequest &request);

//! Answers GET/POST/OPTIONS /reconcile and its services (the route and the token are checked
//! before).
ApiReply handleReconcileRequest(const ApiRequest &request, const ReconcileContext &context);

// The services beside the queries (ReconcileServices.cpp).

//! The properties this service knows, for suggest/property, propose_properties and extend:
//! {id, name, description}.
QList<QJsonObject> reconcileProperties();
//! GET /reconcile/suggest/entity?prefix=..., /suggest/property, /suggest/type.
//! `works` may be null for property and type.
ApiReply reconcileSuggest(const QString &kind, const ApiRequest &request, WorksIndex *works);
//! GET /reconcile/preview?id=ID: a compact HTML card of the work.
ApiReply reconcilePreview(const ApiRequest &request, WorksIndex &works);
//! GET /reconcile/propose_properties?type=work[&limit=N].
ApiReply reconcileProposeProperties(const ApiRequest &request);
//! A data extension ({"ids": [...], "properties": [{"id": ...}]}): the works' values.
ApiReply reconcileExtend(const QByteArray &json, WorksIndex &works);
//! GET /reconcile/docs: what the service offers, as a page.
ApiReply reconcileDocumentation(const QString &base);

//! The JSON value of a request's form parameter (application/x-www-form-urlencoded: '+' is a
//! space); nullopt when absent. *twice: it was given more than once.
std::optional<QByteArray> reconcileFormValue(
    const QByteArray &form, const QByteArray &name, bool *twice);

} // namespace LedgerCurator
