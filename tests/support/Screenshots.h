// SPDX-License-Identifier: GPL-3.0-or-later
// Pictures the GUI tests take when asked to (lc_test_support_gui): LC_SCREENSHOT_DIR=/tmp/shots.
#pragma once

#include <QImage>
#include <QString>

class QWidget;

namespace LedgerCurator::TestSupport {

//! Whether screenshots are asked for: LC_SCREENSHOT_DIR names the folder they go to.
bool screenshotsWanted();
//! Saves `image` as `fileName` (a PNG name) in LC_SCREENSHOT_DIR when that is set; nothing
//! otherwise. False only when one was asked for and could not be written.
bool saveScreenshot(const QImage &image, const QString &fileName);
//! The same for a picture of `widget`, grabbed only when one is asked for.
bool saveScreenshot(QWidget *widget, const QString &fileName);

} // namespace LedgerCurator::TestSupport
