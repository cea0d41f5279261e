// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The works index in the app's cache (docs/works.md): the index's tables live in the
// cache (schema migration 6 -> 7), every write to them goes through the Store's write rules,
// and the works the cache itself knows are kept in the source named "cache".

#include "Result.h"
#include "WorksIndex.h"

namespace LedgerCurator {

class Store;

//! The name of the source that holds the works the cache knows.
inline constexpr auto kCacheWorksSource = "cache";

//! The works index of an open cache, writing in Store::inWriteTransaction()s (the store must
//! outlive it).
//! The way to the works index from outside models/storage: the store's connection itself is
//! not handed out. Like every Store connection, for the thread that opened the store.
WorksIndex cacheWorksIndex(Store &store);

//! cacheWorksIndex() on a connection made ready for many searches (WorksIndex::prepareForSearch():
//! suggestions, observation after observation). A second thread searching at the same time
//! opens a Store of its own on the same cache, on that thread, and asks this of it.
WorksIndex cacheWorksForSearch(Store &store);

//! The works the cache knows: each record's own paper (its arXiv id and title) and every
//! observation a curator gave an identifier (that identifier and the observation's cited
//! title), corrections applied; one work per id (the first seen).
Result<QList<Work>> cacheKnownWorks(const Store &store);

//! Refreshes the "cache" source from cacheKnownWorks() when the records or their corrections
//! changed since the last refresh (a stamp kept in meta); returns whether it refreshed.
Result<bool> refreshCacheWorks(Store &store);

} // namespace LedgerCurator
