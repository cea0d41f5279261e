// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: rows of the cache's tables as more than one of the store's files
// reads or writes them (Store, Outbox).

#include "Store.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

namespace LedgerCurator {

//! Inserts correction events as Store::addCorrections does, an event already held getting the
//! seq given if it had none; the caller holds the transaction. Straight to SQLite (see
//! StoreSqlite.h): a pull stores many thousands of events. Defined in StoreSync.cpp.
Status writeCorrections(QSqlDatabase &db, const QList<CorrectionEvent> &events);

//! The columns of the notices' table, in the order readNotice() reads them. Defined in
//! StoreNotices.cpp.
extern const QString kNoticeColumns;
inline constexpr int kNoticeColumnCount = 21;
//! The notice of a row selected as kNoticeColumns.
StandingNotice readNotice(const QSqlQuery &query);

} // namespace LedgerCurator
