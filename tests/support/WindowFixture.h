// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI tests' window on a cache they seeded themselves (lc_test_support_gui).
#pragma once

#include "Record.h"
#include "RecordFixtures.h"

#include <QList>
#include <QString>
#include <QTemporaryDir>

#include <memory>

class QTableView;

namespace LedgerCurator {

class MainWindow;
class Store;

namespace TestSupport {

//! Clicks the table row of observation `id` (scrolled into view first), as a person selects it;
//! false when the table does not show it.
bool clickObservationRow(QTableView *table, const QString &id);

//! Stores `records` in the cache at `path` (made when missing) and closes it again, so that a
//! window opened on it shows what the test put there. Empty when done, else what failed.
QString seedCache(const QString &path, const QList<Record> &records = { fixtureRecord() });

//! A cache in a temporary folder of its own, seeded with the records a test names (the fixture
//! page unless told otherwise), and main windows on it. A MainWindow opens on its cache as it is:
//! the demo page comes only with the app's start (openStartWindow()), never into a window made
//! here. The window goes before the cache, and the cache before its folder.
class WindowFixture final
{
public:
    //! The cache file will be `cacheName` in the fixture's folder.
    explicit WindowFixture(const QString &cacheName = QStringLiteral("cache.sqlite"));
    ~WindowFixture();
    Q_DISABLE_COPY_MOVE(WindowFixture)

    //! Seeds the cache with `records` (none: an empty cache) and opens it. False, with the
    //! reason in problem(), when a step failed.
    bool openCache(const QList<Record> &records = { fixtureRecord() });
    //! openCache(), then a main window on the cache (not shown yet).
    bool open(const QList<Record> &records = { fixtureRecord() });
    //! A new main window on the open cache; the one made before is destroyed first. Its
    //! session's author is "tester" (setAuthor({}) brings back the configured name and the
    //! first-run prompt); signing keys are kept in files of the fixture's folder.
    MainWindow &makeWindow();
    //! Destroys the window (the cache stays open).
    void closeWindow();

    //! The window of open() or makeWindow(); the cache of openCache() or open().
    MainWindow &window();
    Store &store();
    bool hasWindow() const { return m_window != nullptr; }

    QString folder() const { return m_folder.path(); }
    QString filePath(const QString &name) const { return m_folder.filePath(name); }
    QString cachePath() const { return m_cachePath; }
    QString problem() const { return m_problem; }

private:
    QTemporaryDir m_folder;
    QString m_cachePath;
    QString m_problem;
    std::unique_ptr<Store> m_store;
    std::unique_ptr<MainWindow> m_window;
};

} // namespace TestSupport
} // namespace LedgerCurator
