// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: the write transaction of the cache, shared by Store.cpp and
// StoreSync.cpp.

#include "SqlError.h"
#include "SqlTransaction.h"
#include "Store.h"

namespace LedgerCurator {

//! One write transaction of the cache. begin() refuses once the store stopped writing (a lost
//! or damaged file: Store::writeRefusal()); commit() reports success only after SQLite committed
//! into the files still so named. Rolled back when it goes out of scope uncommitted (the shared
//! SqlTransaction), so no exit path of a write leaves a transaction open.
class Store::Write final
{
public:
    explicit Write(Store &store)
        : m_store(store)
        , m_transaction(store.database())
    {
    }

    //! `what` names the write in the error ("FILE: cannot start the import").
    Status begin(const QString &what);
    Status commit(const QString &what);
    //! After a failed statement: notes a damaged file (Store::noteFailure(), before the rollback
    //! resets SQLite's error code), rolls back, and returns `error`.
    Error fail(Error error);

private:
    Store &m_store;
    SqlTransaction m_transaction;
};

//! A record of at least this many observations, stored into a table that holds fewer rows than
//! it brings (or removed from one that keeps fewer than it takes), has its id index rebuilt after
//! its rows instead of updated row by row.
inline constexpr qsizetype kRebuildIndexRows = 20000;

//! The index that finds an observation by its id (created by migration 0 -> 1, and again by
//! insertRecord() when it rebuilds it).
extern const char *const kObservationsByIdSql;

//! Meta key prefix of a record's observation counts: "counts/2104.04473" = 12 numbers, outbound
//! then inbound observations in each upstream state. Written with the rows, in the same
//! transaction, so the record list needs no scan of every observation.
inline constexpr QStringView kCountsPrefix = u"counts/";
//! Meta key prefix of the attention count of a record, kept with the change stamp it was counted
//! at.
inline constexpr QStringView kAttentionPrefix = u"attention/";

//! Upserts meta entries; the caller holds the write.
Status writeMeta(QSqlDatabase db, const Store::MetaEntries &meta);

} // namespace LedgerCurator
