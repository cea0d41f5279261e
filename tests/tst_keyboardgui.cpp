// SPDX-License-Identifier: GPL-3.0-or-later
// The keyboard alone: the actions that act on the selected observations are disabled while none
// is selected (so a shortcut or a menu never offers what would do nothing).
#include "MainWindow.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAction>
#include <QTableView>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

class TestKeyboardGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void actionsWaitForASelection();

private:
    QTableView *table() const
    {
        return m_window->findChild<QTableView *>(QStringLiteral("observationTable"));
    }

    std::unique_ptr<WindowFixture> m_fixture;
    MainWindow *m_window = nullptr;
};

void TestKeyboardGui::init()
{
    m_fixture = std::make_unique<WindowFixture>();
    QVERIFY2(m_fixture->openCache(), qPrintable(m_fixture->problem()));
}

void TestKeyboardGui::cleanup()
{
    m_window = nullptr;
    m_fixture.reset();
}

void TestKeyboardGui::actionsWaitForASelection()
{
    m_window = &m_fixture->makeWindow();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QTRY_VERIFY(table()->model()->rowCount() > 3);
    table()->clearSelection();
    const QStringList onSelection { QStringLiteral("applyAction"),
        QStringLiteral("applyNextAction"), QStringLiteral("dismissHintsAction"),
        QStringLiteral("revertAction"), QStringLiteral("noneOfTheseAction") };
    auto enabled = [this](const QString &name) {
        const auto *action = m_window->findChild<QAction *>(name);
        return action && action->isEnabled();
    };
    for (const QString &name : onSelection)
        QTRY_VERIFY2(!enabled(name), qPrintable(name));
    table()->selectRow(1);
    for (const QString &name : onSelection)
        QTRY_VERIFY2(enabled(name), qPrintable(name));
    // Several: none of these candidates is one observation's decision.
    table()->selectionModel()->select(
        QItemSelection(table()->model()->index(0, 0), table()->model()->index(2, 0)),
        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QTRY_VERIFY(!enabled(QStringLiteral("noneOfTheseAction")));
    QVERIFY(enabled(QStringLiteral("applyAction")));
    table()->clearSelection();
    QTRY_VERIFY(!enabled(QStringLiteral("applyAction")));
}

QTEST_MAIN(TestKeyboardGui)
#include "tst_keyboardgui.moc"
