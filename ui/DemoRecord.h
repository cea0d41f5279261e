// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Result.h"

namespace LedgerCurator {

class Store;

//! On the first start with an empty cache, loads the bundled demo ledger page
//! (arXiv:2104.04473) from resources. Returns true when it loaded the demo.
Result<bool> loadDemoOnFirstStart(Store &store);

} // namespace LedgerCurator
