// SPDX-License-Identifier: GPL-3.0-or-later
// Settings in the desktop app: the window reopens as it was left (geometry, splitter, columns,
// record, filters, preview tab, server URL), a damaged settings file is ignored value by value,
// the Settings dialog (language, page cap, reset layout), the About dialog, and the files named
// on the command line (MainWindow::openFiles). main() moves HOME to a temporary folder and turns
// on QStandardPaths' test mode: no test writes the real settings.
#include "AboutDialog.h"
#include "CurationSession.h"
#include "MainWindow.h"
#include "ObservationTableModel.h"
#include "PreviewPane.h"
#include "RecordJson.h"
#include "RecordView.h"
#include "Screenshots.h"
#include "SettingsDialog.h"
#include "SettingsKeys.h"
#include "Store.h"
#include "SuggestionProvider.h"
#include "SyncController.h"
#include "SyncSettingsDialog.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kFirst = QStringLiteral("2104.04473"); // the fixture; first in the list
const QString kSecond = QStringLiteral("2301.01234"); // TestSupport::richRecord()
constexpr int kTimeoutMs = 20000;

QTableView *tableOf(MainWindow &w)
{
    return w.findChild<QTableView *>(QStringLiteral("observationTable"));
}

QSplitter *splitterOf(MainWindow &w)
{
    return w.findChild<QSplitter *>(QStringLiteral("mainSplitter"));
}

QString shownRecord(MainWindow &w)
{
    return w.session().hasRecord() ? w.session().record().upstream.arxivId : QString();
}

//! Waits until the window shows `id` with its table filled in, and no load is pending.
bool waitForRecord(MainWindow &w, const QString &id)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < kTimeoutMs) {
        if (!w.isLoading() && shownRecord(w) == id)
            return true;
        QTest::qWait(20);
    }
    return false;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return file.write(bytes) == bytes.size();
}

//! Every label's text under `root`, one a line.
QString labelTexts(QWidget *root)
{
    QStringList texts;
    for (QLabel *label : root->findChildren<QLabel *>())
        texts.append(label->text());
    return texts.join(u'\n');
}

//! The header's layout as a person sees it: per column its width (when shown) and place, and
//! the sort. (saveState() bytes are no measure: they hold a hash in no fixed order.)
QStringList headerLayout(QHeaderView *header)
{
    QStringList layout;
    for (int section = 0; section < header->count(); ++section)
        layout.append(QStringLiteral("%1: at %2 %3")
                          .arg(section)
                          .arg(header->visualIndex(section))
                          .arg(header->isSectionHidden(section)
                                  ? QStringLiteral("hidden")
                                  : QString::number(header->sectionSize(section))));
    layout.append(QStringLiteral("sort %1 %2")
                      .arg(header->sortIndicatorSection())
                      .arg(int(header->sortIndicatorOrder())));
    return layout;
}

template <typename T> T *waitForChild(QWidget *parent, const QString &name)
{
    T *found = nullptr;
    QElapsedTimer timer;
    timer.start();
    while (!found && timer.elapsed() < kTimeoutMs) {
        found = parent->findChild<T *>(name);
        if (!found)
            QTest::qWait(20);
    }
    return found;
}

} // namespace

class TestSettingsGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void windowReopensAsItWasLeft();
    void stateIsSavedAsItChangesAndSurvivesAKill();
    void recordGoneFallsBackToTheFirst();
    void restoreLastRecordCanBeTurnedOff();
    void damagedSettingsAreIgnored();
    void settingsDialogWritesTheLanguage();
    void settingsDialogValidatesTheCap();
    void settingsDialogResetsTheLayoutAndOpensSync();
    void aboutDialogTellsVersionLicenseAndQt();
    void openFilesImportsAndShowsTheFirst();
    void openFilesWithABadFileImportsNothing();

private:
    std::unique_ptr<WindowFixture> m_fixture; // the cache; each test makes its windows
};

void TestSettingsGui::initTestCase()
{
    // main() moved HOME: the settings file is in a temporary folder, never the real one.
    QVERIFY(QStandardPaths::isTestModeEnabled());
    QVERIFY2(
        QSettings().fileName().startsWith(QDir::homePath()), qPrintable(QSettings().fileName()));
    QVERIFY2(
        QDir::homePath() != QString::fromLocal8Bit(qgetenv("LC_REAL_HOME")), "HOME was not moved");
}

void TestSettingsGui::init()
{
    QSettings().clear();
    m_fixture = std::make_unique<WindowFixture>();
    QVERIFY2(
        m_fixture->openCache({ fixtureRecord(), richRecord() }), qPrintable(m_fixture->problem()));
}

void TestSettingsGui::cleanup()
{
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (qobject_cast<QDialog *>(widget))
            widget->close();
    }
    m_fixture.reset();
}

void TestSettingsGui::windowReopensAsItWasLeft()
{
    QRect geometry;
    QList<int> splitterSizes;
    int basisWidth = 0;
    int referenceVisual = -1;
    const QUrl server(QStringLiteral("http://127.0.0.1:8765"));
    {
        MainWindow window(m_fixture->store());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(waitForRecord(window, kFirst));

        window.setGeometry(60, 50, 1280, 760);
        QTest::qWait(50);
        splitterOf(window)->setSizes({ 300, 560, 400 });
        QTest::qWait(50);
        QVERIFY(splitterOf(window)->sizes() != QList<int>({ 220, 760, 420 }));
        geometry = window.geometry();

        QHeaderView *header = tableOf(window)->horizontalHeader();
        // As a drag of the header's handles does (tst_curatorday drags one): the columns are
        // the user's, kept, no longer fitted to each record.
        header->setProperty(RecordView::kArrangedByUser, true);
        header->resizeSection(ObservationTableModel::BasisColumn, 163);
        basisWidth = header->sectionSize(ObservationTableModel::BasisColumn);
        QCOMPARE(basisWidth, 163);
        header->moveSection(header->visualIndex(ObservationTableModel::ReferenceColumn), 0);
        referenceVisual = header->visualIndex(ObservationTableModel::ReferenceColumn);
        QCOMPARE(referenceVisual, 0);
        header->hideSection(ObservationTableModel::NoticesColumn);
        header->showSection(ObservationTableModel::IdColumn);

        window.selectRecord(kSecond);
        QVERIFY(waitForRecord(window, kSecond));
        window.findChild<QLineEdit *>(QStringLiteral("filterEdit"))
            ->setText(QStringLiteral("emoji"));
        window.findChild<QToolButton *>(QStringLiteral("chip-unresolved"))->setChecked(true);
        window.findChild<QToolButton *>(QStringLiteral("chip-metadata_mismatch"))->setChecked(true);
        window.findChild<QComboBox *>(QStringLiteral("directionFilter"))->setCurrentIndex(2);
        window.findChild<QCheckBox *>(QStringLiteral("attentionFilter"))->setChecked(true);
        window.findChild<QCheckBox *>(QStringLiteral("curatedFilter"))->setChecked(false);
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("sideTabs"));
        tabs->setCurrentWidget(window.findChild<PreviewPane *>(QStringLiteral("previewPane")));

        QSignalSpy stored(&window.syncController(), &SyncController::tokenStored);
        window.syncController().configure(server, QStringLiteral("s3cret"), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!stored.isEmpty(), kTimeoutMs);
        // As the window leaves them (a record shown changes the panes' minimum widths).
        splitterSizes = splitterOf(window)->sizes();
        QVERIFY(window.close());
    }
    // What was written: the keys docs/settings.md lists.
    {
        const QSettings settings;
        QCOMPARE(settings.value(SettingsKeys::kLastRecord).toString(), kSecond);
        QCOMPARE(settings.value(SettingsKeys::kFilterText).toString(), QStringLiteral("emoji"));
        QCOMPARE(settings.value(SettingsKeys::kFilterStates).toStringList(),
            QStringList({ QStringLiteral("unresolved"), QStringLiteral("metadata_mismatch") }));
        QCOMPARE(
            settings.value(SettingsKeys::kFilterDirection).toString(), QStringLiteral("outbound"));
        QCOMPARE(settings.value(SettingsKeys::kSideTab).toString(), QStringLiteral("preview"));
        QVERIFY(settings.contains(SettingsKeys::kSplitterPrefix + QStringLiteral("mainSplitter")));
    }

    // A second window on the same settings: as it was left.
    MainWindow window(m_fixture->store());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(waitForRecord(window, kSecond));
    QCOMPARE(window.geometry(), geometry);
    // The panes settle once the record's widgets are laid out, as in the first window.
    QTRY_COMPARE(splitterOf(window)->sizes(), splitterSizes);
    QHeaderView *header = tableOf(window)->horizontalHeader();
    QCOMPARE(header->sectionSize(ObservationTableModel::BasisColumn), basisWidth);
    QCOMPARE(header->visualIndex(ObservationTableModel::ReferenceColumn), referenceVisual);
    QVERIFY(header->isSectionHidden(ObservationTableModel::NoticesColumn));
    QVERIFY(!header->isSectionHidden(ObservationTableModel::IdColumn));
    QVERIFY(header->isSectionHidden(
        ObservationTableModel::DirectionColumn)); // hidden by default, still
    QVERIFY(!header->isSectionHidden(ObservationTableModel::StateColumn));

    auto *records = window.findChild<QListView *>(QStringLiteral("recordList"));
    QCOMPARE(records->currentIndex().row(), 1);
    QCOMPARE(window.findChild<QLineEdit *>(QStringLiteral("filterEdit"))->text(),
        QStringLiteral("emoji"));
    for (ResolutionState state : kAllResolutionStates) {
        const bool expected
            = state == ResolutionState::Unresolved || state == ResolutionState::MetadataMismatch;
        QCOMPARE(
            window.findChild<QToolButton *>(QStringLiteral("chip-") + stateKey(state))->isChecked(),
            expected);
    }
    QCOMPARE(window.findChild<QComboBox *>(QStringLiteral("directionFilter"))->currentIndex(), 2);
    QVERIFY(window.findChild<QCheckBox *>(QStringLiteral("attentionFilter"))->isChecked());
    QVERIFY(!window.findChild<QCheckBox *>(QStringLiteral("curatedFilter"))->isChecked());
    QCOMPARE(window.findChild<QTabWidget *>(QStringLiteral("sideTabs"))->currentWidget(),
        window.findChild<PreviewPane *>(QStringLiteral("previewPane")));
    // The filters act on the table, not only on the widgets: outbound, unresolved or mismatched,
    // needing attention, matching "emoji": richRecord()'s outbound mismatch only (its inbound
    // unresolved observation cited by "Emoji ..." is inbound).
    QTRY_COMPARE(tableOf(window)->model()->rowCount(), 1);
    const QModelIndex only = tableOf(window)->model()->index(0, 0);
    QCOMPARE(only.data(ObservationTableModel::DirectionRole).toInt(), int(Direction::Outbound));
    QCOMPARE(only.data(ObservationTableModel::StateRole).toInt(),
        int(ResolutionState::MetadataMismatch));
    QCOMPARE(window.syncController().serverUrl(), server);
}

void TestSettingsGui::stateIsSavedAsItChangesAndSurvivesAKill()
{
    // Another process (this test program, as windowChild()) shows the window on the same cache
    // and settings, changes its size, filter and record, and is killed (SIGKILL) once the
    // settings file holds them: it never closes, so nothing is saved at close.
    QProcess child;
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QCoreApplication::applicationFilePath(),
        { QStringLiteral("--window-child"), m_fixture->cachePath() });
    QVERIFY(child.waitForStarted(kTimeoutMs));
    QByteArray said;
    QTRY_VERIFY_WITH_TIMEOUT((said += child.readAllStandardOutput()).contains('\n')
            || child.state() != QProcess::Running,
        60000);
    const QList<QByteArray> words = said.trimmed().split(' ');
    QVERIFY2(words.size() == 5 && words[0] == "changed", said.constData());
    const QRect geometry(words[1].toInt(), words[2].toInt(), words[3].toInt(), words[4].toInt());
    QCOMPARE(geometry.size(), QSize(1234, 700));
    const auto saved = [&geometry] {
        QSettings settings;
        settings.sync();
        return settings.value(SettingsKeys::kFilterText).toString() == u"kill"
            && settings.value(SettingsKeys::kLastRecord).toString() == kSecond
            && settings.contains(SettingsKeys::kWindowGeometry);
    };
    QTRY_VERIFY_WITH_TIMEOUT(saved(), kTimeoutMs);
    child.kill();
    QVERIFY(child.waitForFinished(kTimeoutMs));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);

    QSettings().sync();
    MainWindow window(m_fixture->store());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(waitForRecord(window, kSecond));
    QCOMPARE(window.geometry(), geometry);
    QCOMPARE(window.findChild<QLineEdit *>(QStringLiteral("filterEdit"))->text(),
        QStringLiteral("kill"));
}

void TestSettingsGui::recordGoneFallsBackToTheFirst()
{
    QSettings().setValue(SettingsKeys::kLastRecord, QStringLiteral("9999.99999"));
    MainWindow window(m_fixture->store());
    window.show();
    QVERIFY(waitForRecord(window, kFirst));
    QVERIFY(!window.findChild<QMessageBox *>(QStringLiteral("errorBox")));
    QCOMPARE(window.findChild<QListView *>(QStringLiteral("recordList"))->currentIndex().row(), 0);
}

void TestSettingsGui::restoreLastRecordCanBeTurnedOff()
{
    QSettings settings;
    settings.setValue(SettingsKeys::kLastRecord, kSecond);
    settings.setValue(SettingsKeys::kRestoreLastRecord, false);
    MainWindow window(m_fixture->store());
    window.show();
    QVERIFY(waitForRecord(window, kFirst));
    QTest::qWait(100);
    QCOMPARE(shownRecord(window), kFirst);
}

void TestSettingsGui::damagedSettingsAreIgnored()
{
    // The defaults, from a window with no settings at all.
    QStringList defaultHeader;
    QList<int> defaultSplitter;
    {
        MainWindow window(m_fixture->store());
        window.show();
        QVERIFY(waitForRecord(window, kFirst));
        defaultHeader = headerLayout(tableOf(window)->horizontalHeader());
        defaultSplitter = splitterOf(window)->sizes();
    }
    {
        QSettings settings;
        const QByteArray garbage("\x00\xff\xfe garbage \x01\x02\x03", 16);
        settings.setValue(SettingsKeys::kWindowGeometry, garbage);
        settings.setValue(SettingsKeys::kWindowState, garbage);
        settings.setValue(SettingsKeys::kSplitterPrefix + QStringLiteral("mainSplitter"), garbage);
        settings.setValue(SettingsKeys::kTableHeader, garbage);
        settings.setValue(SettingsKeys::kTableColumns, ObservationTableModel::ColumnCount);
        settings.setValue(SettingsKeys::kSideTab, 42);
        settings.setValue(SettingsKeys::kFilterText, QString(5000, u'x'));
        settings.setValue(SettingsKeys::kFilterStates,
            QStringList { QStringLiteral("bogus"), QStringLiteral("") });
        settings.setValue(SettingsKeys::kFilterDirection, QStringLiteral("sideways"));
        settings.setValue(SettingsKeys::kFilterNeedsAttention, QStringLiteral("maybe"));
        settings.setValue(SettingsKeys::kFilterCorrected, QVariantList { 1, 2, 3 });
        settings.setValue(SettingsKeys::kLastRecord, QStringLiteral("<script>alert(1)</script>"));
        settings.setValue(SettingsKeys::kRestoreLastRecord, QStringLiteral("perhaps"));
    }
    {
        MainWindow window(m_fixture->store());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(waitForRecord(window, kFirst));
        QCOMPARE(headerLayout(tableOf(window)->horizontalHeader()), defaultHeader);
        QCOMPARE(splitterOf(window)->sizes(), defaultSplitter);
        QVERIFY(window.findChild<QLineEdit *>(QStringLiteral("filterEdit"))->text().isEmpty());
        for (ResolutionState state : kAllResolutionStates)
            QVERIFY(!window.findChild<QToolButton *>(QStringLiteral("chip-") + stateKey(state))
                         ->isChecked());
        QCOMPARE(
            window.findChild<QComboBox *>(QStringLiteral("directionFilter"))->currentIndex(), 0);
        QVERIFY(!window.findChild<QCheckBox *>(QStringLiteral("attentionFilter"))->isChecked());
        QVERIFY(!window.findChild<QCheckBox *>(QStringLiteral("curatedFilter"))->isChecked());
        QCOMPARE(tableOf(window)->model()->rowCount(), 34);
        QVERIFY(!window.findChild<QMessageBox *>(QStringLiteral("errorBox")));
    }
    // A header saved with another number of columns (an older or newer version) is not applied,
    // nor is a header state stored as text.
    {
        QSettings settings;
        settings.clear();
        MainWindow window(m_fixture->store());
        tableOf(window)->horizontalHeader()->resizeSection(ObservationTableModel::BasisColumn, 222);
        window.saveSettings();
        settings.sync();
        settings.setValue(SettingsKeys::kTableColumns, 3);
    }
    {
        MainWindow window(m_fixture->store());
        window.show();
        QVERIFY(waitForRecord(window, kFirst));
        QCOMPARE(headerLayout(tableOf(window)->horizontalHeader()), defaultHeader);
    }
    {
        QSettings settings;
        settings.setValue(SettingsKeys::kTableColumns, ObservationTableModel::ColumnCount);
        settings.setValue(SettingsKeys::kTableHeader, QStringLiteral("not bytes"));
    }
    {
        MainWindow window(m_fixture->store());
        window.show();
        QVERIFY(waitForRecord(window, kFirst));
        QCOMPARE(headerLayout(tableOf(window)->horizontalHeader()), defaultHeader);
    }
}

void TestSettingsGui::settingsDialogWritesTheLanguage()
{
    MainWindow window(m_fixture->store());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *action = window.findChild<QAction *>(QStringLiteral("settingsAction"));
    QVERIFY(action);
    QVERIFY(action->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Comma)));
    action->trigger();
    auto *dialog = waitForChild<SettingsDialog>(&window, QStringLiteral("settingsDialog"));
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    auto *language = dialog->findChild<QComboBox *>(QStringLiteral("languageCombo"));
    QCOMPARE(language->currentIndex(), 0); // the system's
    QCOMPARE(language->count(), 4);
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("languageNote"))
                ->text()
                .contains(QStringLiteral("next time")));
    language->setCurrentIndex(language->findData(QStringLiteral("de")));
    auto *restore = dialog->findChild<QCheckBox *>(QStringLiteral("restoreRecordCheck"));
    QVERIFY(restore->isChecked());
    restore->setChecked(false);
    dialog->findChild<QDialogButtonBox *>(QStringLiteral("buttonBox"))
        ->button(QDialogButtonBox::Ok)
        ->click();
    QCOMPARE(QSettings().value(SettingsKeys::kLanguage).toString(), QStringLiteral("de"));
    QCOMPARE(QSettings().value(SettingsKeys::kRestoreLastRecord).toBool(), false);

    // Opened again, it shows what was chosen; back to the system's language removes the key.
    SettingsDialog again(nullptr, &window);
    language = again.findChild<QComboBox *>(QStringLiteral("languageCombo"));
    QCOMPARE(language->currentData().toString(), QStringLiteral("de"));
    QVERIFY(!again.findChild<QCheckBox *>(QStringLiteral("restoreRecordCheck"))->isChecked());
    QVERIFY(!again.findChild<QPushButton *>(QStringLiteral("syncSettingsButton"))->isEnabled());
    language->setCurrentIndex(0);
    again.accept();
    QVERIFY(!QSettings().contains(SettingsKeys::kLanguage));
}

void TestSettingsGui::settingsDialogValidatesTheCap()
{
    MainWindow window(m_fixture->store());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.showSettingsDialog();
    auto *dialog = waitForChild<SettingsDialog>(&window, QStringLiteral("settingsDialog"));
    QVERIFY(dialog);
    auto *cap = dialog->findChild<QLineEdit *>(QStringLiteral("inboundCapEdit"));
    auto *problem = dialog->findChild<QLabel *>(QStringLiteral("inboundCapProblem"));
    QPushButton *ok = dialog->findChild<QDialogButtonBox *>(QStringLiteral("buttonBox"))
                          ->button(QDialogButtonBox::Ok);
    QCOMPARE(cap->text(), QStringLiteral("500"));
    QVERIFY(problem->isHidden());
    QVERIFY(ok->isEnabled());

    const struct
    {
        const char *text;
        const char *message;
    } bad[] = { { "", "Enter the number" }, { "abc", "not a whole number" },
        { "12.5", "not a whole number" }, { "-3", "cannot be negative" },
        { "20000001", "at most" } };
    for (const auto &entry : bad) {
        cap->setText(QString::fromLatin1(entry.text));
        QVERIFY2(!problem->isHidden(), entry.text);
        QVERIFY2(problem->text().contains(QString::fromLatin1(entry.message)),
            qPrintable(problem->text()));
        QVERIFY2(!ok->isEnabled(), entry.text);
        dialog->accept(); // refused: nothing written, the dialog stays
        QVERIFY(dialog->isVisible());
        QVERIFY(!QSettings().contains(SettingsKeys::kInboundCap));
    }
    qint64 value = -1;
    QVERIFY(SettingsDialog::inboundCapProblem(QStringLiteral(" 0 "), &value).isEmpty());
    QCOMPARE(value, 0);
    QVERIFY(SettingsDialog::inboundCapProblem(QStringLiteral("10000000"), &value).isEmpty());
    QCOMPARE(value, 10000000);

    cap->setText(QStringLiteral("1200"));
    QVERIFY(problem->isHidden());
    QVERIFY(ok->isEnabled());
    ok->click();
    QCOMPARE(QSettings().value(SettingsKeys::kInboundCap).toLongLong(), 1200);
    QCOMPARE(window.findChild<PreviewPane *>(QStringLiteral("previewPane"))->inboundCap(), 1200);
}

void TestSettingsGui::settingsDialogResetsTheLayoutAndOpensSync()
{
    MainWindow window(m_fixture->store());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(waitForRecord(window, kFirst));
    QHeaderView *header = tableOf(window)->horizontalHeader();
    const QStringList defaultHeader = headerLayout(header);
    const QSize defaultSize = window.size();
    const QList<int> defaultSplitter = splitterOf(window)->sizes();
    window.resize(900, 600);
    splitterOf(window)->setSizes({ 400, 300, 200 });
    header->resizeSection(ObservationTableModel::BasisColumn, 250);
    header->hideSection(ObservationTableModel::ReferenceColumn);

    window.showSettingsDialog();
    auto *dialog = waitForChild<SettingsDialog>(&window, QStringLiteral("settingsDialog"));
    QVERIFY(dialog);
    dialog->findChild<QPushButton *>(QStringLiteral("resetLayoutButton"))->click();
    QCOMPARE(window.size(), defaultSize);
    QTRY_COMPARE(splitterOf(window)->sizes(), defaultSplitter);
    QTRY_COMPARE(headerLayout(header), defaultHeader); // the stretched column follows the layout
    QVERIFY(!header->isSectionHidden(ObservationTableModel::ReferenceColumn));
    QVERIFY(!dialog->findChild<QLabel *>(QStringLiteral("resetLayoutDone"))->text().isEmpty());

    dialog->findChild<QPushButton *>(QStringLiteral("syncSettingsButton"))->click();
    auto *sync = waitForChild<SyncSettingsDialog>(dialog, QStringLiteral("syncSettingsDialog"));
    QVERIFY(sync);
    QTRY_VERIFY(sync->isVisible());
    sync->reject();
    dialog->reject();
}

void TestSettingsGui::aboutDialogTellsVersionLicenseAndQt()
{
    MainWindow window(m_fixture->store());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.findChild<QAction *>(QStringLiteral("aboutQtAction")));
    window.findChild<QAction *>(QStringLiteral("aboutAction"))->trigger();
    auto *dialog = waitForChild<AboutDialog>(&window, QStringLiteral("aboutDialog"));
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    const QString text = labelTexts(dialog);
    QVERIFY(!QCoreApplication::applicationVersion().isEmpty());
    QVERIFY2(dialog->findChild<QLabel *>(QStringLiteral("aboutVersion"))
                 ->text()
                 .contains(QCoreApplication::applicationVersion()),
        qPrintable(text));
    QVERIFY2(dialog->findChild<QLabel *>(QStringLiteral("aboutLicense"))
                 ->text()
                 .contains(QStringLiteral("GPL-3.0-or-later")),
        qPrintable(text));
    const QString qt = dialog->findChild<QLabel *>(QStringLiteral("aboutQtVersion"))->text();
    QVERIFY2(
        qt.contains(QStringLiteral(QT_VERSION_STR)) && qt.contains(QString::fromLatin1(qVersion())),
        qPrintable(qt));
    QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("aboutCachePath"))->text(),
        QDir::toNativeSeparators(m_fixture->cachePath()));
    QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("aboutSettingsPath"))->text(),
        QDir::toNativeSeparators(QSettings().fileName()));
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("aboutHomepage"))
                ->text()
                .contains(AboutDialog::homepage()));
    QTest::qWait(100);
    QVERIFY(saveScreenshot(dialog, QStringLiteral("lc-about.png")));

    window.showSettingsDialog();
    auto *settings = waitForChild<SettingsDialog>(&window, QStringLiteral("settingsDialog"));
    QVERIFY(settings);
    QTRY_VERIFY(settings->isVisible());
    QTest::qWait(100);
    QVERIFY(saveScreenshot(settings, QStringLiteral("lc-settings.png")));
}

void TestSettingsGui::openFilesImportsAndShowsTheFirst()
{
    MainWindow window(m_fixture->store());
    window.show();
    QVERIFY(waitForRecord(window, kFirst));
    Record json = richRecord();
    json.arxivId = QStringLiteral("2302.00001");
    const QString jsonPath = m_fixture->filePath(QStringLiteral("record.json"));
    QVERIFY(writeFile(jsonPath, writeRecordJson(json)));
    QByteArray page = fixture();
    page.replace("2104.04473", "2104.04474");
    const QString pagePath = m_fixture->filePath(QStringLiteral("page.txt"));
    QVERIFY(writeFile(pagePath, page));

    QSignalSpy finished(&window, &MainWindow::importFinished);
    window.openFiles({ jsonPath, pagePath });
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kTimeoutMs);
    QCOMPARE(finished.first().first().toBool(), true);
    QVERIFY(waitForRecord(window, QStringLiteral("2302.00001")));
    auto *records = window.findChild<QListView *>(QStringLiteral("recordList"));
    QCOMPARE(records->model()->rowCount(), 4);
    QVERIFY(records->currentIndex().data().toString().contains(QStringLiteral("2302.00001")));
    QCOMPARE(*m_fixture->store().recordCount(), 4);

    // A later File > Import shows the last one imported, as before.
    QByteArray another = fixture();
    another.replace("2104.04473", "2104.04475");
    const QString anotherPath = m_fixture->filePath(QStringLiteral("another.txt"));
    QVERIFY(writeFile(anotherPath, another));
    json.arxivId = QStringLiteral("2302.00002");
    QVERIFY(writeFile(jsonPath, writeRecordJson(json)));
    window.importFiles({ jsonPath, anotherPath });
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, kTimeoutMs);
    QVERIFY(waitForRecord(window, QStringLiteral("2104.04475")));
}

void TestSettingsGui::openFilesWithABadFileImportsNothing()
{
    MainWindow window(m_fixture->store());
    window.show();
    QVERIFY(waitForRecord(window, kFirst));
    // The suggestions' worker brings the works the cache knows up to date once a record is
    // shown (a write of its own): the cache as it is once that is done.
    QTRY_VERIFY_WITH_TIMEOUT(!window.suggestions().isBusy(), kTimeoutMs);
    const QString before = dumpDatabase(m_fixture->cachePath());
    QByteArray good = fixture();
    good.replace("2104.04473", "2104.04476");
    const QString goodPath = m_fixture->filePath(QStringLiteral("good.txt"));
    QVERIFY(writeFile(goodPath, good));
    const QString badPath = m_fixture->filePath(QStringLiteral("bad.txt"));
    QVERIFY(writeFile(badPath, fixture().left(5000)));

    QSignalSpy finished(&window, &MainWindow::importFinished);
    window.openFiles({ goodPath, badPath });
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kTimeoutMs);
    QCOMPARE(finished.first().first().toBool(), false);
    auto *box = window.findChild<QMessageBox *>(QStringLiteral("errorBox"));
    QVERIFY(box);
    // FILE:LINE: what was expected.
    const QRegularExpression where(QRegularExpression::escape(badPath) + QStringLiteral(":\\d+: "));
    QVERIFY2(where.match(box->text()).hasMatch(), qPrintable(box->text()));
    box->close();
    QCOMPARE(dumpDatabase(m_fixture->cachePath()), before);
    QCOMPARE(shownRecord(window), kFirst);
}

//! stateIsSavedAsItChangesAndSurvivesAKill()'s other process: the window on the cache at `path`
//! (HOME and so the settings are the parent's), changed as a curator would; says "changed" and
//! the window's geometry, then runs until it is killed.
int windowChild(int argc, char *argv[], const QString &path)
{
    isolateDesktop(QDir::homePath());
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tst_settingsgui"));
    Store store(path);
    if (!store.open())
        return 3;
    MainWindow window(store);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window) || !waitForRecord(window, kFirst))
        return 4;
    window.setGeometry(70, 40, 1234, 700);
    window.findChild<QLineEdit *>(QStringLiteral("filterEdit"))->setText(QStringLiteral("kill"));
    window.selectRecord(kSecond);
    if (!waitForRecord(window, kSecond))
        return 5;
    const QRect geometry = window.geometry();
    QTextStream(stdout) << "changed " << geometry.x() << ' ' << geometry.y() << ' '
                        << geometry.width() << ' ' << geometry.height() << Qt::endl;
    return app.exec();
}

int main(int argc, char *argv[])
{
    if (argc == 3 && qstrcmp(argv[1], "--window-child") == 0)
        return windowChild(1, argv, QString::fromLocal8Bit(argv[2]));
    QTemporaryDir home;
    if (!home.isValid())
        return 1;
    qputenv("LC_REAL_HOME", QDir::homePath().toLocal8Bit());
    isolateDesktop(home.path());
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tst_settingsgui"));
    QCoreApplication::setApplicationVersion(QStringLiteral("9.8.7-test"));
    TestSettingsGui test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_settingsgui.moc"
