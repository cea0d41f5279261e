// SPDX-License-Identifier: GPL-3.0-or-later
#include "DemoRecord.h"

#include "LedgerText.h"
#include "MainWindow.h"
#include "Store.h"

#include <QFile>

namespace LedgerCurator {

Result<bool> loadDemoOnFirstStart(Store &store)
{
    const QString seededKey = QStringLiteral("demo_seeded");
    auto seeded = store.meta(seededKey);
    if (!seeded)
        return seeded.error();
    auto count = store.recordCount();
    if (!count)
        return count.error();
    if (!seeded->isEmpty() || *count > 0)
        return false;
    QFile file(QStringLiteral(":/demo/demo-ledger.txt"));
    if (!file.open(QIODevice::ReadOnly))
        return Error::failure(
            QStringLiteral("the bundled demo ledger is missing from the program"));
    auto page = parseLedgerText(file.readAll(), file.fileName());
    if (!page)
        return page.error();
    if (auto imported = store.importRecords({ page->record }); !imported)
        return imported.error();
    if (auto status = store.setMeta(seededKey, QStringLiteral("1")); !status)
        return status.error();
    return true;
}

std::unique_ptr<MainWindow> openStartWindow(Store &store)
{
    // Before the window lists the records, so that it opens on the demo page.
    const Result<bool> demo = loadDemoOnFirstStart(store);
    auto window = std::make_unique<MainWindow>(store);
    window->showDemoOutcome(demo);
    return window;
}

} // namespace LedgerCurator
