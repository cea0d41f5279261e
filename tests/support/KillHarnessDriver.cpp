// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop driver of the kill harness: the real MainWindow on a cache, corrected through its
// widgets as a curator would, printing each correction once the window says it is recorded.
#include "KillHarness.h"

#include "CurationSession.h"
#include "MainWindow.h"
#include "ObservationTableModel.h"
#include "Store.h"
#include "TestSupport.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QStatusBar>
#include <QTableView>
#include <QtTest>

#include <cstdio>

namespace LedgerCurator::KillHarness {

namespace {

int fail(const QString &why)
{
    std::fprintf(stderr, "kill-harness driver: %s\n", qPrintable(why));
    return 3;
}

} // namespace

int runAppDriver(int argc, char *argv[])
{
    if (argc != 5)
        return fail(QStringLiteral("usage: %1 DB PREFIX COUNT").arg(QLatin1String(kDriverFlag)));
    // HOME (and so the settings) comes from the harness, a folder of its own.
    TestSupport::isolateDesktop(qEnvironmentVariable("HOME"));
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tst_killharness_driver"));
    const QString path = QString::fromLocal8Bit(argv[2]);
    const QString prefix = QString::fromLocal8Bit(argv[3]);
    const int count = QByteArray(argv[4]).toInt();

    Store store(path);
    if (auto opened = store.open(); !opened)
        return fail(QStringLiteral("cannot open the cache: ") + opened.error().toString());
    MainWindow window(store);
    window.session().setAuthor(QStringLiteral("kh-app"));
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return fail(QStringLiteral("the window was never shown"));
    window.activateWindow();
    if (!QTest::qWaitForWindowActive(&window))
        return fail(QStringLiteral("the window never became active"));
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    auto *note = window.findChild<QLineEdit *>(QStringLiteral("editor-note"));
    auto *heading = window.findChild<QLabel *>(QStringLiteral("panelHeading"));
    if (!table || !note || !heading)
        return fail(QStringLiteral("no observation table, note editor or panel heading"));
    if (!QTest::qWaitFor(
            [&] { return !window.isLoading() && table->model()->rowCount() > 0; }, 30000))
        return fail(QStringLiteral("no record shown"));
    QStatusBar *bar = window.statusBar();

    for (int i = 0; i < count; ++i) {
        QAbstractItemModel *model = table->model();
        const QModelIndex index
            = model->index(i % model->rowCount(), ObservationTableModel::CitingTitleColumn);
        const QString observation = index.data(ObservationTableModel::ObservationIdRole).toString();
        table->scrollTo(index);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
        if (!QTest::qWaitFor(
                [&] { return heading->isVisible() && note->isVisible() && note->isEnabled(); },
                10000))
            return fail(QStringLiteral("the correction panel did not show observation %1")
                            .arg(observation));
        const QString value = QStringLiteral("kh-app-%1-%2").arg(prefix).arg(i);
        note->setFocus();
        QTest::keyClick(note, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(note, value);
        bar->clearMessage();
        QTest::keyClick(&window, Qt::Key_Return, Qt::ControlModifier); // Apply
        if (!QTest::qWaitFor(
                [&] { return bar->currentMessage().startsWith(QStringLiteral("Recorded")); },
                10000))
            return fail(QStringLiteral(
                "correction %1 of %2 was not reported recorded; the status bar says '%3'")
                            .arg(value, observation, bar->currentMessage()));
        std::printf("recorded %s note %s\n", qPrintable(observation), qPrintable(value));
        std::fflush(stdout);
    }
    return 0;
}

} // namespace LedgerCurator::KillHarness
