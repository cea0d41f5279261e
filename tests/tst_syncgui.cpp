// SPDX-License-Identifier: GPL-3.0-or-later
// Sync in the desktop app, as two curators would use it: two windows on two caches and one real
// ledger-server on a loopback port. Set up through the settings dialog, correct, Sync Now, see
// the status bar, the other curator's corrections and the conflicts; a wrong token; the token
// file when no keyring runs (the tests run with no D-Bus session, so none does).
#include "CurationSession.h"
#include "MainWindow.h"
#include "ObservationTableModel.h"
#include "Outbox.h"
#include "Screenshots.h"
#include "ServerProcess.h"
#include "SettingsKeys.h"
#include "Store.h"
#include "StoreConnection.h"
#include "SyncController.h"
#include "SyncSettingsDialog.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QUuid>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2"); // metadata mismatch
const QString kPhoenix1 = QStringLiteral("78b96fde-1b39-415a-b5e3-11a9ee3918da");
const QString kLongStraw = QStringLiteral("00d01956-3547-4166-88a1-c427c5c4440e"); // unresolved
constexpr int kSyncTimeoutMs = 60000;

} // namespace

class TestSyncGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void settingsDialogValidatesAndTestsTheConnection();
    void correctionsTravelBetweenCurators();
    void concurrentEditIsAConflictOnBothSides();
    void wrongTokenSaysSoAndKeepsTheOutbox();
    void refusedCorrectionIsNamedAndHoldsNothingBack();
    void tokenFileFallbackIsPrivate();
    void automaticSyncFollowsTheInterval();
    void cancelKeepsTheOutbox();
    void deadlinesFromTheSettingsTripAndKeepTheOutbox();

private:
    //! One curator: a cache and a main window on it.
    std::unique_ptr<WindowFixture> makeCurator(const QString &name);
    void configure(MainWindow &window, const QString &url, const QString &token, int interval = 0);
    bool syncAndWait(MainWindow &window, QString *message = nullptr);
    static QString syncStatus(MainWindow &window);
    static QString stateShown(MainWindow &window, const QString &id);
    static QString marksShown(MainWindow &window, const QString &id);
    static void selectObservation(MainWindow &window, const QString &id);
    void correctStateThroughThePanel(MainWindow &window, const QString &id, const QString &state);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ServerProcess> m_server;
    std::unique_ptr<WindowFixture> m_a;
    std::unique_ptr<WindowFixture> m_b;
    QString m_alice;
    QString m_bob;
};

void TestSyncGui::initTestCase()
{
    // main() moved HOME to a temporary folder: settings and the token file never touch the
    // real ones.
    QVERIFY2(
        QSettings().fileName().startsWith(QDir::homePath()), qPrintable(QSettings().fileName()));
    QVERIFY(QStandardPaths::isTestModeEnabled());
}

void TestSyncGui::init()
{
    QSettings().remove(QStringLiteral("sync"));
    QFile::remove(SyncController(QString()).tokenFilePath());
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QString problem;
    QHash<QString, QString> tokens;
    m_server = fixtureServer(m_dir->path(),
        { { QStringLiteral("alice"), QStringLiteral("curator") },
            { QStringLiteral("bob"), QStringLiteral("curator") } },
        &tokens, &problem);
    QVERIFY2(m_server, qPrintable(problem));
    m_alice = tokens.value(QStringLiteral("alice"));
    m_bob = tokens.value(QStringLiteral("bob"));
    m_a = makeCurator(QStringLiteral("alice"));
    m_b = makeCurator(QStringLiteral("bob"));
    QVERIFY(m_a && m_b);
}

void TestSyncGui::cleanup()
{
    // Close the error boxes and dialogs a failed test may have left open.
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (qobject_cast<QDialog *>(widget))
            widget->close();
    }
    m_a.reset();
    m_b.reset();
    m_server.reset();
    m_dir.reset();
}

std::unique_ptr<WindowFixture> TestSyncGui::makeCurator(const QString &name)
{
    // The fixture page, as the server holds it, in a cache of the curator's own.
    auto curator = std::make_unique<WindowFixture>(name + QStringLiteral(".sqlite"));
    if (!curator->open()) {
        qWarning("%s", qPrintable(curator->problem()));
        return {};
    }
    MainWindow &window = curator->window();
    window.session().setAuthor(name);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return {};
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    if (!QTest::qWaitFor([table] { return table->model()->rowCount() == 34; }, 20000))
        return {};
    return curator;
}

void TestSyncGui::configure(
    MainWindow &window, const QString &url, const QString &token, int interval)
{
    window.findChild<QAction *>(QStringLiteral("syncSettingsAction"))->trigger();
    QPointer<SyncSettingsDialog> dialog = window.findChild<SyncSettingsDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    auto *server = dialog->findChild<QLineEdit *>(QStringLiteral("serverUrlEdit"));
    auto *tokenEdit = dialog->findChild<QLineEdit *>(QStringLiteral("tokenEdit"));
    auto *spin = dialog->findChild<QSpinBox *>(QStringLiteral("intervalSpin"));
    QVERIFY(server && tokenEdit && spin);
    QCOMPARE(tokenEdit->echoMode(), QLineEdit::Password);
    server->clear();
    QTest::keyClicks(server, url);
    tokenEdit->clear();
    QTest::keyClicks(tokenEdit, token);
    spin->selectAll();
    QTest::keyClicks(spin, QString::number(interval));
    QCOMPARE(spin->value(), interval);
    QPushButton *ok = dialog->findChild<QDialogButtonBox *>(QStringLiteral("buttonBox"))
                          ->button(QDialogButtonBox::Ok);
    QVERIFY(ok->isEnabled());
    QTest::mouseClick(ok, Qt::LeftButton);
    QTRY_VERIFY(!dialog);
    QCOMPARE(window.syncController().serverUrl().toString(), url);
    QCOMPARE(window.syncController().token(), token);
}

bool TestSyncGui::syncAndWait(MainWindow &window, QString *message)
{
    QSignalSpy finished(&window.syncController(), &SyncController::syncFinished);
    window.findChild<QAction *>(QStringLiteral("syncNowAction"))->trigger();
    if (!finished.wait(kSyncTimeoutMs) && finished.isEmpty())
        return false;
    if (message)
        *message = finished.first().at(1).toString();
    return finished.first().at(0).toBool();
}

QString TestSyncGui::syncStatus(MainWindow &window)
{
    return window.findChild<QLabel *>(QStringLiteral("syncStatus"))->text();
}

QString TestSyncGui::stateShown(MainWindow &window, const QString &id)
{
    QAbstractItemModel *model
        = window.findChild<QTableView *>(QStringLiteral("observationTable"))->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, ObservationTableModel::StateColumn);
        if (index.data(ObservationTableModel::ObservationIdRole).toString() == id)
            return index.data().toString();
    }
    return {};
}

QString TestSyncGui::marksShown(MainWindow &window, const QString &id)
{
    QAbstractItemModel *model
        = window.findChild<QTableView *>(QStringLiteral("observationTable"))->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, 0).data(ObservationTableModel::ObservationIdRole).toString() == id)
            return model->index(row, ObservationTableModel::MarksColumn).data().toString();
    }
    return {};
}

void TestSyncGui::selectObservation(MainWindow &window, const QString &id)
{
    if (!clickObservationRow(
            window.findChild<QTableView *>(QStringLiteral("observationTable")), id))
        QFAIL("observation not in the table");
}

void TestSyncGui::correctStateThroughThePanel(
    MainWindow &window, const QString &id, const QString &state)
{
    selectObservation(window, id);
    auto *editor = window.findChild<QComboBox *>(QStringLiteral("editor-state"));
    QVERIFY(editor);
    QTRY_VERIFY(editor->isVisible());
    editor->setCurrentIndex(editor->findData(state));
    auto *apply = window.findChild<QPushButton *>(QStringLiteral("applyButton"));
    QVERIFY(apply->isEnabled());
    QTest::mouseClick(apply, Qt::LeftButton);
}

void TestSyncGui::settingsDialogValidatesAndTestsTheConnection()
{
    MainWindow &window = m_a->window();
    // Sync Now with nothing set up asks for the settings.
    window.findChild<QAction *>(QStringLiteral("syncNowAction"))->trigger();
    QPointer<SyncSettingsDialog> dialog = window.findChild<SyncSettingsDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    auto *server = dialog->findChild<QLineEdit *>(QStringLiteral("serverUrlEdit"));
    auto *token = dialog->findChild<QLineEdit *>(QStringLiteral("tokenEdit"));
    auto *problem = dialog->findChild<QLabel *>(QStringLiteral("serverUrlProblem"));
    auto *test = dialog->findChild<QPushButton *>(QStringLiteral("testConnectionButton"));
    auto *result = dialog->findChild<QLabel *>(QStringLiteral("testResult"));
    QPushButton *ok = dialog->findChild<QDialogButtonBox *>(QStringLiteral("buttonBox"))
                          ->button(QDialogButtonBox::Ok);
    // No keyring runs here: the dialog says where the token goes instead.
    auto *where = dialog->findChild<QLabel *>(QStringLiteral("tokenStoreLabel"));
    QTRY_VERIFY2(where->text().contains(QStringLiteral("file readable only by you")),
        qPrintable(where->text()));
    // The path on a line of its own (a long one wrapped after a "/" of its own, mid-path).
    QVERIFY2(where->text().contains(u'\n' + window.syncController().tokenFilePath()),
        qPrintable(where->text()));

    QTest::keyClicks(server, QStringLiteral("ftp://example.org"));
    QVERIFY(problem->isVisible());
    QVERIFY2(problem->text().contains(QStringLiteral("http://")), qPrintable(problem->text()));
    QVERIFY(!ok->isEnabled());
    QVERIFY(!test->isEnabled());
    server->clear();
    QTest::keyClicks(server, m_server->url().toString());
    QVERIFY(!problem->isVisible());
    QVERIFY(ok->isEnabled());

    QTest::keyClicks(token, QStringLiteral("not-a-token"));
    QSignalSpy tested(dialog.data(), &SyncSettingsDialog::connectionTested);
    QTest::mouseClick(test, Qt::LeftButton);
    QVERIFY(tested.wait(20000));
    QCOMPARE(tested.first().at(0).toBool(), false);
    QVERIFY2(
        result->text().contains(QStringLiteral("refused the token")), qPrintable(result->text()));

    token->clear();
    QTest::keyClicks(token, m_alice);
    QTest::mouseClick(test, Qt::LeftButton);
    QVERIFY(tested.wait(20000));
    QCOMPARE(tested.last().at(0).toBool(), true);
    QVERIFY2(
        result->text().contains(QStringLiteral("token is accepted")), qPrintable(result->text()));
    QVERIFY(saveScreenshot(dialog, QStringLiteral("syncui-settings.png")));

    // Cancel stores nothing.
    QTest::mouseClick(dialog->findChild<QDialogButtonBox *>(QStringLiteral("buttonBox"))
                          ->button(QDialogButtonBox::Cancel),
        Qt::LeftButton);
    QTRY_VERIFY(!dialog);
    QVERIFY(window.syncController().serverUrl().isEmpty());
    QVERIFY(!QSettings().contains(QStringLiteral("sync/serverUrl")));

    // A server at a port where nothing listens: the test says it cannot reach it.
    configure(window, QStringLiteral("http://127.0.0.1:1"), m_alice);
    window.showSyncSettings();
    dialog = window.findChild<SyncSettingsDialog *>();
    QVERIFY(dialog);
    QCOMPARE(dialog->findChild<QLineEdit *>(QStringLiteral("serverUrlEdit"))->text(),
        QStringLiteral("http://127.0.0.1:1"));
    QSignalSpy testedAgain(dialog.data(), &SyncSettingsDialog::connectionTested);
    QTest::mouseClick(
        dialog->findChild<QPushButton *>(QStringLiteral("testConnectionButton")), Qt::LeftButton);
    QVERIFY(testedAgain.wait(20000));
    const QString text = dialog->findChild<QLabel *>(QStringLiteral("testResult"))->text();
    QVERIFY2(text.contains(QStringLiteral("Cannot reach")), qPrintable(text));
    dialog->reject();
}

void TestSyncGui::correctionsTravelBetweenCurators()
{
    MainWindow &a = m_a->window();
    MainWindow &b = m_b->window();
    QCOMPARE(syncStatus(a), QStringLiteral("Never synced · 0 corrections waiting"));
    configure(a, m_server->url().toString(), m_alice);
    configure(b, m_server->url().toString(), m_bob);

    correctStateThroughThePanel(a, kOpt, QStringLiteral("verified_exact"));
    QCOMPARE(stateShown(a, kOpt), QStringLiteral("verified exact"));
    QCOMPARE(syncStatus(a), QStringLiteral("Never synced · 1 correction waiting"));

    // Progress shows while the sync runs; the status bar follows when it is done.
    QSignalSpy started(&a.syncController(), &SyncController::syncStarted);
    QString message;
    QVERIFY(syncAndWait(a, &message));
    QVERIFY2(message.isEmpty(), qPrintable(message));
    QCOMPARE(started.count(), 1);
    QVERIFY(!a.findChild<QProgressBar *>(QStringLiteral("syncProgress"))->isVisible());
    QVERIFY2(syncStatus(a).startsWith(QStringLiteral("Last sync ")), qPrintable(syncStatus(a)));
    QVERIFY2(syncStatus(a).endsWith(QStringLiteral(" · 0 corrections waiting")),
        qPrintable(syncStatus(a)));
    QCOMPARE(Outbox(m_a->store()).count().value(), 0);
    QCOMPARE(stateShown(a, kOpt), QStringLiteral("verified exact"));
    if (screenshotsWanted()) {
        correctStateThroughThePanel(a, kPhoenix1, QStringLiteral("verified_fuzzy"));
        QTest::qWait(100); // let the status bar lay out the new text
        QVERIFY(saveScreenshot(&a, QStringLiteral("syncui-window.png")));
        QVERIFY(saveScreenshot(a.statusBar(), QStringLiteral("syncui-statusbar.png")));
        a.session().undoStack()->undo();
    }

    // B sees A's correction after its own sync, with no restart and the undo stack kept.
    QCOMPARE(stateShown(b, kOpt), QStringLiteral("metadata mismatch"));
    correctStateThroughThePanel(b, kPhoenix1, QStringLiteral("unresolved"));
    b.session().undoStack()->undo(); // an undo is a correction too: 2 waiting
    QCOMPARE(syncStatus(b), QStringLiteral("Never synced · 2 corrections waiting"));
    QVERIFY(syncAndWait(b));
    QCOMPARE(stateShown(b, kOpt), QStringLiteral("verified exact"));
    QCOMPARE(b.session().undoStack()->count(), 1);
    QVERIFY(b.session().undoStack()->canRedo());
    QVERIFY2(syncStatus(b).startsWith(QStringLiteral("Last sync ")), qPrintable(syncStatus(b)));
    QVERIFY(syncStatus(b).endsWith(QStringLiteral(" · 0 corrections waiting")));
    // The record list stays on the record, the table on the observation.
    QCOMPARE(b.session().record().upstream.arxivId, kRecord);
}

void TestSyncGui::concurrentEditIsAConflictOnBothSides()
{
    MainWindow &a = m_a->window();
    MainWindow &b = m_b->window();
    configure(a, m_server->url().toString(), m_alice);
    configure(b, m_server->url().toString(), m_bob);
    QVERIFY(syncAndWait(a));
    QVERIFY(syncAndWait(b));

    // The same field of the same observation, corrected on both sides before either syncs.
    // B keeps the observation selected: the conflict must show without selecting it again.
    correctStateThroughThePanel(b, kPhoenix1, QStringLiteral("unresolved"));
    QVERIFY(
        a.session()
            .applyEdits({ { kPhoenix1, CurationField::State, QStringLiteral("verified_fuzzy") } },
                QStringLiteral("state"))
            .value());
    QVERIFY(!b.findChild<QWidget *>(QStringLiteral("conflictBox"))->isVisible());

    QVERIFY(syncAndWait(a));
    QVERIFY(syncAndWait(b));
    QVERIFY(syncAndWait(a));

    QTRY_VERIFY(b.findChild<QWidget *>(QStringLiteral("conflictBox"))->isVisible());
    QCOMPARE(marksShown(b, kPhoenix1), QStringLiteral("conflict"));
    QCOMPARE(marksShown(a, kPhoenix1), QStringLiteral("conflict"));
    selectObservation(a, kPhoenix1);
    QTRY_VERIFY(a.findChild<QWidget *>(QStringLiteral("conflictBox"))->isVisible());
    // Both sides show the same value: the head with the greatest (signed, created_at, id); both
    // heads are signed, and each side verified the other's.
    QCOMPARE(stateShown(a, kPhoenix1), stateShown(b, kPhoenix1));
    // Each side offers both curators' values.
    for (MainWindow *window : { &a, &b }) {
        const QList<QPushButton *> keep = window->findChildren<QPushButton *>(
            QRegularExpression(QStringLiteral("^keep-state-")));
        QCOMPARE(keep.size(), 2);
    }
    // Resolving on B and syncing both clears it on A too.
    const QList<QPushButton *> keep
        = b.findChildren<QPushButton *>(QRegularExpression(QStringLiteral("^keep-state-")));
    QPushButton *alices = keep.first()->accessibleName().contains(QStringLiteral("alice"))
        ? keep.first()
        : keep.last();
    QTest::mouseClick(alices, Qt::LeftButton);
    QCOMPARE(stateShown(b, kPhoenix1), QStringLiteral("verified fuzzy"));
    QVERIFY(syncAndWait(b));
    QVERIFY(syncAndWait(a));
    QCOMPARE(stateShown(a, kPhoenix1), QStringLiteral("verified fuzzy"));
    QTRY_VERIFY(!a.findChild<QWidget *>(QStringLiteral("conflictBox"))->isVisible());
    QVERIFY(marksShown(a, kPhoenix1) != QStringLiteral("conflict"));
}

void TestSyncGui::wrongTokenSaysSoAndKeepsTheOutbox()
{
    MainWindow &a = m_a->window();
    configure(a, m_server->url().toString(), QStringLiteral("wrong-token"));
    correctStateThroughThePanel(a, kOpt, QStringLiteral("verified_exact"));
    QString message;
    QVERIFY(!syncAndWait(a, &message));
    QVERIFY2(message.contains(QStringLiteral("refused the token")), qPrintable(message));
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = a.findChild<QMessageBox *>(QStringLiteral("errorBox"))) && box->isVisible());
    QVERIFY2(box->text().contains(QStringLiteral("token")), qPrintable(box->text()));
    QVERIFY2(box->text().contains(QStringLiteral("1 correction waits in the outbox")),
        qPrintable(box->text()));
    box->close();
    QCOMPARE(Outbox(m_a->store()).count().value(), 1);
    QCOMPARE(syncStatus(a), QStringLiteral("Never synced · 1 correction waiting"));

    // With the right token the same correction goes out.
    configure(a, m_server->url().toString(), m_alice);
    QVERIFY(syncAndWait(a));
    QCOMPARE(Outbox(m_a->store()).count().value(), 0);
}

void TestSyncGui::refusedCorrectionIsNamedAndHoldsNothingBack()
{
    // A correction the server refuses (a state no version knows, as a damaged cache could hold
    // it) does not stop the sync: the window's correction goes out, and the window says which
    // one was refused and why, from what the cache holds.
    MainWindow &a = m_a->window();
    configure(a, m_server->url().toString(), m_alice);
    const QString bad = QUuid::createUuid().toString(QUuid::WithoutBraces);
    {
        QSqlQuery insert(StoreConnection::of(m_a->store()));
        QVERIFY(insert.exec(QStringLiteral(
            "INSERT INTO corrections (id, record_id, observation_id, field, value,"
            " parents, author, created_at) VALUES ('%1', '2104.04473', '%2', 'state',"
            " 'no such state', '', 'alice', '2026-11-30T10:00:00.000Z')")
                                .arg(bad, kOpt)));
    }
    // (parse uncertain: "verified" with no resolver link and no identifier wants a note first)
    correctStateThroughThePanel(a, kLongStraw, QStringLiteral("parse_uncertain"));
    QVERIFY(syncAndWait(a));
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = a.findChild<QMessageBox *>(QStringLiteral("errorBox"))) && box->isVisible());
    QVERIFY2(box->text().contains(QStringLiteral("refused 1 correction"))
            && box->text().contains(bad) && box->text().contains(QStringLiteral("HTTP 422")),
        qPrintable(box->text()));
    box->close();
    QCOMPARE(Outbox(m_a->store()).count().value(), 1);
    QVERIFY2(syncStatus(a).endsWith(QStringLiteral(" · 1 correction waiting · 1 refused")),
        qPrintable(syncStatus(a)));
    const QString tip = a.findChild<QLabel *>(QStringLiteral("syncStatus"))->toolTip();
    QVERIFY2(tip.contains(QStringLiteral("state of observation %1").arg(kOpt))
            && tip.contains(QStringLiteral("HTTP 422")),
        qPrintable(tip));
    // Bob gets the window's correction.
    MainWindow &b = m_b->window();
    configure(b, m_server->url().toString(), m_bob);
    QVERIFY(syncAndWait(b));
    QTRY_COMPARE(stateShown(b, kLongStraw), QStringLiteral("parse uncertain"));
}

void TestSyncGui::tokenFileFallbackIsPrivate()
{
    MainWindow &a = m_a->window();
    SyncController &controller = a.syncController();
    QSignalSpy stored(&controller, &SyncController::tokenStored);
    configure(a, m_server->url().toString(), m_alice, 15);
    QTRY_COMPARE(stored.count(), 1);
    // No keyring runs in the tests: the token is in the file, readable by its owner only.
    QCOMPARE(
        stored.first().at(0).value<SyncController::TokenStore>(), SyncController::TokenStore::File);
    QCOMPARE(controller.tokenStore(), SyncController::TokenStore::File);
    QVERIFY(!controller.keyringAvailable());
    const QString path = controller.tokenFilePath();
    QVERIFY(QFile::exists(path));
    const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup
        | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::WriteOther
        | QFileDevice::ExeOther;
    QCOMPARE(QFile::permissions(path) & others, QFileDevice::Permissions());
    QVERIFY(QFile::permissions(path).testFlags(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    QCOMPARE(readAll(path).trimmed(), m_alice.toUtf8());

    // The settings file has the server and the interval, never the token.
    QSettings settings;
    settings.sync();
    QCOMPARE(
        settings.value(QStringLiteral("sync/serverUrl")).toString(), m_server->url().toString());
    QCOMPARE(settings.value(QStringLiteral("sync/intervalMinutes")).toInt(), 15);
    QCOMPARE(settings.value(QStringLiteral("sync/tokenStore")).toString(), QStringLiteral("file"));
    const QByteArray file = readAll(settings.fileName());
    QVERIFY(!file.isEmpty());
    QVERIFY(!file.contains(m_alice.toUtf8()));

    // A file made readable by others is narrowed again when the token is stored.
    QVERIFY(QFile::setPermissions(
        path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadOther));
    configure(a, m_server->url().toString(), m_bob, 15);
    QTRY_COMPARE(stored.count(), 2);
    QCOMPARE(QFile::permissions(path) & others, QFileDevice::Permissions());
    QCOMPARE(readAll(path).trimmed(), m_bob.toUtf8());

    // A new window (the app started again) finds the server, the interval and the token.
    auto again = std::make_unique<MainWindow>(m_b->store());
    QCOMPARE(again->syncController().serverUrl(), m_server->url());
    QCOMPARE(again->syncController().intervalMinutes(), 15);
    QTRY_VERIFY(!again->syncController().isTokenLoading());
    QCOMPARE(again->syncController().token(), m_bob);
    QVERIFY(again->syncController().isConfigured());
}

void TestSyncGui::automaticSyncFollowsTheInterval()
{
    MainWindow &a = m_a->window();
    SyncController &controller = a.syncController();
    auto *timer = controller.findChild<QTimer *>(QStringLiteral("autoSyncTimer"));
    QVERIFY(timer);
    QVERIFY(!timer->isActive());
    configure(a, m_server->url().toString(), m_alice, 5);
    QVERIFY(timer->isActive());
    QCOMPARE(timer->interval(), 5 * 60 * 1000);

    // The timer's sync runs like Sync Now; a tick while one runs starts no second one.
    QVERIFY(a.session()
                .applyEdits({ { kOpt, CurationField::Note, QStringLiteral("checked by hand") } },
                    QStringLiteral("note"))
                .value());
    QSignalSpy started(&controller, &SyncController::syncStarted);
    QSignalSpy finished(&controller, &SyncController::syncFinished);
    controller.autoSync();
    QCOMPARE(started.count(), 1);
    QVERIFY(controller.isRunning());
    QCOMPARE(controller.lastTrigger(), SyncController::Trigger::Timer);
    controller.autoSync();
    QCOMPARE(started.count(), 1);
    QVERIFY(finished.wait(kSyncTimeoutMs));
    QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
    QCOMPARE(Outbox(m_a->store()).count().value(), 0);
    QCOMPARE(started.count(), 1);

    // A failing automatic sync says so in the status bar, with no dialog in the way.
    configure(a, QStringLiteral("http://127.0.0.1:1"), m_alice, 5);
    SyncOptions quick;
    quick.maxAttempts = 1;
    quick.timeoutMs = 2000;
    controller.setSyncOptions(quick);
    controller.autoSync();
    QVERIFY(finished.wait(kSyncTimeoutMs));
    QCOMPARE(finished.last().at(0).toBool(), false);
    QTest::qWait(50);
    QVERIFY(!a.findChild<QMessageBox *>(QStringLiteral("errorBox")));
    QVERIFY2(a.statusBar()->currentMessage().contains(QStringLiteral("Automatic sync failed")),
        qPrintable(a.statusBar()->currentMessage()));

    configure(a, m_server->url().toString(), m_alice, 0);
    QVERIFY(!timer->isActive());
}

void TestSyncGui::cancelKeepsTheOutbox()
{
    MainWindow &a = m_a->window();
    SyncController &controller = a.syncController();
    // A server that never answers: the sync hangs in the push until it is cancelled.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    configure(a, QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort()), m_alice);
    QVERIFY(a.session()
                .applyEdits({ { kOpt, CurationField::Note, QStringLiteral("cancel me") } },
                    QStringLiteral("note"))
                .value());
    QSignalSpy finished(&controller, &SyncController::syncFinished);
    a.findChild<QAction *>(QStringLiteral("syncNowAction"))->trigger();
    QVERIFY(controller.isRunning());
    auto *cancel = a.findChild<QToolButton *>(QStringLiteral("syncCancelButton"));
    QTRY_VERIFY(cancel->isVisible());
    QVERIFY(a.findChild<QProgressBar *>(QStringLiteral("syncProgress"))->isVisible());
    QVERIFY(!a.findChild<QAction *>(QStringLiteral("syncNowAction"))->isEnabled());
    QTest::qWait(300);
    QVERIFY(saveScreenshot(a.statusBar(), QStringLiteral("syncui-progress.png")));
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.first().at(0).toBool(), false);
    QVERIFY(controller.wasCancelled());
    QVERIFY(!a.findChild<QMessageBox *>(QStringLiteral("errorBox")));
    QVERIFY(!cancel->isVisible());
    QVERIFY(a.findChild<QAction *>(QStringLiteral("syncNowAction"))->isEnabled());
    QCOMPARE(Outbox(m_a->store()).count().value(), 1);
    QCOMPARE(syncStatus(a), QStringLiteral("Never synced · 1 correction waiting"));
}

void TestSyncGui::deadlinesFromTheSettingsTripAndKeepTheOutbox()
{
    // A server that never answers: only the deadlines from the settings end the sync (the
    // inactivity timeout of 15 s would retry, and the defaults are minutes).
    MainWindow &a = m_a->window();
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    configure(a, QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort()), m_alice);
    correctStateThroughThePanel(a, kOpt, QStringLiteral("verified_exact"));
    QCOMPARE(Outbox(m_a->store()).count().value(), 1);

    struct Case
    {
        QString key;
        QString expected;
    };
    for (const Case &c : { Case { SettingsKeys::kSyncRequestTimeoutSeconds,
                               QStringLiteral("/v1/keys: the reply was not complete after 1 s") },
             Case { SettingsKeys::kSyncTimeoutSeconds,
                 QStringLiteral("the sync took longer than the 1 s it may take") } }) {
        QSettings().remove(SettingsKeys::kSyncRequestTimeoutSeconds);
        QSettings().remove(SettingsKeys::kSyncTimeoutSeconds);
        QSettings().setValue(c.key, 1);
        QElapsedTimer clock;
        clock.start();
        QString message;
        QVERIFY(!syncAndWait(a, &message));
        QVERIFY2(clock.elapsed() < 8000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY2(message.contains(c.expected), qPrintable(message));
        // The message names the setting that raises the limit, and where it is.
        QVERIFY2(message.contains(QStringLiteral("the setting ") + c.key + QStringLiteral(" in ")
                     + QSettings().fileName()),
            qPrintable(message));
        QMessageBox *box = nullptr;
        QTRY_VERIFY(
            (box = a.findChild<QMessageBox *>(QStringLiteral("errorBox"))) && box->isVisible());
        QVERIFY2(box->text().contains(QStringLiteral("1 correction waits in the outbox")),
            qPrintable(box->text()));
        box->close();
        QCOMPARE(Outbox(m_a->store()).count().value(), 1);
    }

    // A value that is not a number of seconds is ignored: the default (minutes) applies, so
    // the real server's sync completes.
    QSettings().setValue(SettingsKeys::kSyncRequestTimeoutSeconds, QStringLiteral("soon"));
    QSettings().remove(SettingsKeys::kSyncTimeoutSeconds);
    configure(a, m_server->url().toString(), m_alice);
    QString message;
    QVERIFY2(syncAndWait(a, &message), qPrintable(message));
    QCOMPARE(Outbox(m_a->store()).count().value(), 0);
}

int main(int argc, char *argv[])
{
    QTemporaryDir home;
    if (!home.isValid())
        return 1;
    isolateDesktop(home.path());
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tst_syncgui"));
    TestSyncGui test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_syncgui.moc"
