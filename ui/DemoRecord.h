// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Result.h"

#include <memory>

namespace LedgerCurator {

class MainWindow;
class Store;

//! On the first start with an empty cache, loads the bundled demo ledger page
//! (arXiv:2104.04473) from resources. Returns true when it loaded the demo.
Result<bool> loadDemoOnFirstStart(Store &store);

//! The window of the app's start on `store`: on the first start with an empty cache the demo
//! page is imported first (loadDemoOnFirstStart()), so that the window opens on it and says so
//! in its status bar (or why it could not, in an error box). A MainWindow made directly opens on
//! the cache as it is.
std::unique_ptr<MainWindow> openStartWindow(Store &store);

} // namespace LedgerCurator
