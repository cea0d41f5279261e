// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The app's secondary windows (Search All Records, All Notices, Review Notices, the manual) are
// plain QWidgets with Qt::Window; Qt's accessibility gives them the role of a client area, which
// AT-SPI exposes as a "filler", so a screen reader does not announce them as windows. This
// factory gives each the role of a window, named by its title.

namespace LedgerCurator {

//! Installs the factory once (later calls do nothing). MainWindow's constructor calls it.
void installWindowAccessibility();

} // namespace LedgerCurator
