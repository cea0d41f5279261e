// SPDX-License-Identifier: GPL-3.0-or-later
#include "WindowFixture.h"

#include "CurationSession.h"
#include "MainWindow.h"
#include "ObservationTableModel.h"
#include "Store.h"
#include "TestSupport.h"

#include <QStandardPaths>
#include <QTableView>
#include <QTest>

namespace LedgerCurator::TestSupport {

bool clickObservationRow(QTableView *table, const QString &id)
{
    QAbstractItemModel *model = table->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, ObservationTableModel::CitingTitleColumn);
        if (index.data(ObservationTableModel::ObservationIdRole).toString() == id) {
            table->scrollTo(index);
            QTest::mouseClick(
                table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
            return true;
        }
    }
    return false;
}

QString seedCache(const QString &path, const QList<Record> &records)
{
    Store store(path);
    if (auto opened = store.open(); !opened)
        return QStringLiteral("cannot open %1: %2").arg(path, opened.error().toString());
    if (records.isEmpty())
        return {};
    if (auto imported = store.importRecords(records); !imported)
        return QStringLiteral("cannot seed %1: %2").arg(path, imported.error().toString());
    return {};
}

WindowFixture::WindowFixture(const QString &cacheName)
    : m_cachePath(m_folder.filePath(cacheName))
{
    // Corrections are signed where they are made: the keys go to files in this folder (under
    // QStandardPaths' test mode AppDataLocation is below the moved HOME instead), never to the
    // user's keyring or data folder.
    qputenv("LC_SIGNING_KEY_STORE", "file");
    if (!QStandardPaths::isTestModeEnabled())
        qputenv("XDG_DATA_HOME", m_folder.filePath(QStringLiteral("xdg-data")).toLocal8Bit());
}

WindowFixture::~WindowFixture()
{
    m_window.reset();
    m_store.reset();
}

bool WindowFixture::openCache(const QList<Record> &records)
{
    closeWindow();
    m_store.reset();
    if (!m_folder.isValid()) {
        m_problem = QStringLiteral("no temporary folder: ") + m_folder.errorString();
        return false;
    }
    m_problem = seedCache(m_cachePath, records);
    if (!m_problem.isEmpty())
        return false;
    m_store = std::make_unique<Store>(m_cachePath);
    if (auto opened = m_store->open(); !opened) {
        m_problem = opened.error().toString();
        m_store.reset();
        return false;
    }
    return true;
}

bool WindowFixture::open(const QList<Record> &records)
{
    if (!openCache(records))
        return false;
    makeWindow();
    return true;
}

MainWindow &WindowFixture::makeWindow()
{
    Q_ASSERT(m_store);
    closeWindow();
    m_window = std::make_unique<MainWindow>(*m_store);
    // A window here corrects as "tester" (no first-run prompt) unless the test says otherwise.
    m_window->session().setAuthor(QStringLiteral("tester"));
    return *m_window;
}

void WindowFixture::closeWindow()
{
    m_window.reset();
}

MainWindow &WindowFixture::window()
{
    Q_ASSERT(m_window);
    return *m_window;
}

Store &WindowFixture::store()
{
    Q_ASSERT(m_store);
    return *m_store;
}

} // namespace LedgerCurator::TestSupport
