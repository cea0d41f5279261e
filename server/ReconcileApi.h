// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// ledger-server as a W3C Reconciliation API service, version 0.2 (docs/reconciliation.md):
// GET /reconcile is the service manifest; GET /reconcile?queries=JSON and POST /reconcile (a form
// body queries=JSON, as OpenRefine sends it, or a JSON body that is the queries object) answer a
// batch of queries with candidates from the server's works index (WorksIndex::candidates()).

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
inline constexpr int kMaxReconcileLimit = 25; // the most candidates a query may ask for
inline constexpr qsizetype kMaxReconcileQueryChars = 1000; // characters of one query's title
inline constexpr qsizetype kMaxReconcileProperties = 20; // properties of one query
inline constexpr auto kWorkTypeId = "work";
inline constexpr auto kWorkTypeName = "Work";

//! One query of a batch, read: its key ("q0"), what to look for, how many candidates, and
//! whether it asked for a type other than "work" (then it gets none).
struct ReconcileQuery
{
    QString key;
    MatchQuery match;
    int limit = kDefaultReconcileLimit;
    bool otherType = false;
};

//! The queries object of a batch ({"q0": {"query": ..., "limit": ..., "type": ...,
//! "properties": [{"pid": "year"|"authors", "v": ...}]}, ...}), checked: the queries in key
//! order, or a BadInput error naming the query and what is wrong ("q1.limit: expected a whole
//! number from 1 to 25, found 0").
Result<QList<ReconcileQuery>> parseReconcileQueries(const QByteArray &json);

//! The family names of an authors value ("A. Author, B. Author and C. Author", "Author, A.").
QStringList authorFamilyNames(const QString &authors);

//! The service manifest.
QJsonObject reconcileManifest();

//! One candidate as the service answers it: candidateJson() with its type.
QJsonObject reconcileCandidateJson(const Candidate &candidate);

struct ReconcileContext
{
    WorksIndex *works = nullptr; // nullptr: the index could not be opened (503)
};

//! Answers GET/POST/OPTIONS /reconcile (the route and the token are checked before).
ApiReply handleReconcileRequest(const ApiRequest &request, const ReconcileContext &context);

} // namespace LedgerCurator
