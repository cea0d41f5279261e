// SPDX-License-Identifier: GPL-3.0-or-later
#include "Screenshots.h"

#include <QDir>
#include <QPixmap>
#include <QWidget>

namespace LedgerCurator::TestSupport {

bool screenshotsWanted()
{
    return !qEnvironmentVariableIsEmpty("LC_SCREENSHOT_DIR");
}

bool saveScreenshot(const QImage &image, const QString &fileName)
{
    if (!screenshotsWanted())
        return true;
    const QString folder = qEnvironmentVariable("LC_SCREENSHOT_DIR");
    return QDir().mkpath(folder) && image.save(QDir(folder).filePath(fileName));
}

bool saveScreenshot(QWidget *widget, const QString &fileName)
{
    return !screenshotsWanted() || saveScreenshot(widget->grab().toImage(), fileName);
}

} // namespace LedgerCurator::TestSupport
