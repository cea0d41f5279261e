// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: the Store's connection, for the cache's own code in
// models/storage (CacheWorks, RecordSearch) and the tests that look at the rows themselves.
// Nothing else includes this header (tst_architecture's storeHandsOutNoDatabase checks it):
// outside models/storage the works index goes through CacheWorks.h, the outbox through
// Outbox.h, everything else through Store's own calls.

#include "Store.h"

#include <QSqlDatabase>

namespace LedgerCurator {

class StoreConnection final
{
public:
    //! The store's named connection, for the thread that opened the store.
    static QSqlDatabase of(const Store &store) { return store.database(); }
};

} // namespace LedgerCurator
