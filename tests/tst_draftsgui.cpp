// SPDX-License-Identifier: GPL-3.0-or-later
// What a curator typed and what the team imported stay theirs (docs/curation.md, "Drafts";
// docs/notices.md, "Excerpts and complete lists"), in the real window: a draft in the correction
// panel survives a `ledger-curator curate` on the same cache and an automatic sync that pulls
// another curator's note, a move to another row and back, and is asked about on quit; Import
// Notices reads a file as an excerpt unless told otherwise, and a complete list shows what it
// would withdraw (the record's own retraction first), asks, and is undone in one step.
#include "CurationPanel.h"
#include "CurationSession.h"
#include "MainWindow.h"
#include "ObservationTableModel.h"
#include "ServerProcess.h"
#include "Store.h"
#include "SyncController.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2"); // metadata mismatch
const QString kDesignCp = QStringLiteral("e919841b-30d3-4e66-a2d1-e594d06b6753"); // unresolved
constexpr int kOutsideMs = 30000; // another process's change reaches the window well within this

//! The rows of tests/data/retractions-sample.csv whose Record ID is one of `ids`, with its header.
QByteArray csvWith(const QList<QByteArray> &ids)
{
    const QList<QByteArray> lines
        = readAll(dataPath(QStringLiteral("retractions-sample.csv"))).split('\n');
    QByteArray out = lines.first() + '\n';
    for (const QByteArray &line : lines) {
        for (const QByteArray &id : ids) {
            if (line.startsWith(QByteArray(id + ',')))
                out += line + '\n';
        }
    }
    return out;
}

} // namespace

class TestDraftsGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void draftSurvivesACurateFromOutside();
    void draftSurvivesMovingAwayAndBack();
    void draftSurvivesAnAutomaticSync();
    void quitAsksAboutUnappliedText();
    void noticesImportAsAnExcerptByDefault();
    void completeListShowsWhatItWithdrawsAndUndoes();

private:
    QTableView *table() const
    {
        return m_window->findChild<QTableView *>(QStringLiteral("observationTable"));
    }
    template <typename T> T *find(const char *name) const
    {
        return m_window->findChild<T *>(QString::fromLatin1(name));
    }
    void select(const QString &id)
    {
        if (!clickObservationRow(table(), id))
            QFAIL("observation not in the table");
    }
    //! `ledger-curator ARGS --db CACHE`, as another program beside the window.
    CliRun cli(QStringList arguments) const
    {
        arguments << QStringLiteral("--db") << m_fixture->cachePath();
        return runCli(arguments, m_fixture->folder());
    }
    QString stateShown(const QString &id) const;
    QString writeCsv(const QString &name, const QByteArray &bytes) const;
    QString noticeStatus(const QString &ref) const;

    std::unique_ptr<WindowFixture> m_fixture;
    MainWindow *m_window = nullptr;
};

void TestDraftsGui::init()
{
    m_fixture = std::make_unique<WindowFixture>();
    QVERIFY2(m_fixture->open(), qPrintable(m_fixture->problem()));
    m_window = &m_fixture->window();
    m_window->session().setAuthor(QStringLiteral("librarian"));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QTRY_COMPARE(table()->model()->rowCount(), 34);
}

void TestDraftsGui::cleanup()
{
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (qobject_cast<QDialog *>(widget))
            widget->close();
    }
    m_window = nullptr;
    m_fixture.reset();
}

QString TestDraftsGui::stateShown(const QString &id) const
{
    QAbstractItemModel *model = table()->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, ObservationTableModel::StateColumn);
        if (index.data(ObservationTableModel::ObservationIdRole).toString() == id)
            return index.data().toString();
    }
    return {};
}

QString TestDraftsGui::writeCsv(const QString &name, const QByteArray &bytes) const
{
    const QString path = m_fixture->filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

QString TestDraftsGui::noticeStatus(const QString &ref) const
{
    auto notices = m_fixture->store().notices();
    if (!notices)
        return {};
    for (const StandingNotice &n : *notices) {
        if (n.ref() == ref)
            return noticeStatusKey(n.status);
    }
    return {};
}

void TestDraftsGui::draftSurvivesACurateFromOutside()
{
    m_window->findChild<QWidget *>(QStringLiteral("attentionFilter"))
        ->setProperty("checked", false);
    select(kOpt);
    auto *note = find<QLineEdit>("editor-note");
    QTRY_VERIFY(note->isVisible());
    QTest::keyClicks(note, QStringLiteral("titles compared by hand"));

    // Another program corrects another observation: the window reloads, the draft stays.
    CliRun other = cli(
        { QStringLiteral("curate"), kRecord, kDesignCp, QStringLiteral("state=verified fuzzy"),
            QStringLiteral("note=outside"), QStringLiteral("--author"), QStringLiteral("ed") });
    QVERIFY2(other.exitCode == 0, other.err.constData());
    QTRY_COMPARE_WITH_TIMEOUT(stateShown(kDesignCp), QStringLiteral("verified fuzzy"), kOutsideMs);
    QCOMPARE(find<CurationPanel>("curationPanel")->observations(), QStringList { kOpt });
    QCOMPARE(find<QLineEdit>("editor-note")->text(), QStringLiteral("titles compared by hand"));
    QVERIFY(!find<QWidget>("draftNotice")->isVisible());

    // Another program writes this very note: both are shown, the draft in the field.
    other = cli({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("note=from the terminal"),
        QStringLiteral("--author"), QStringLiteral("ed") });
    QVERIFY2(other.exitCode == 0, other.err.constData());
    QTRY_VERIFY_WITH_TIMEOUT(find<QWidget>("draftNotice")->isVisible(), kOutsideMs);
    QCOMPARE(find<QLineEdit>("editor-note")->text(), QStringLiteral("titles compared by hand"));
    const QString said = find<QLabel>("draftNoticeText")->text();
    QVERIFY2(said.contains(QStringLiteral("from the terminal")), qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("titles compared by hand")), qPrintable(said));
    // The curator takes the new value: the field shows it, nothing is left to apply.
    QTest::mouseClick(find<QPushButton>("useNewValues"), Qt::LeftButton);
    QCOMPARE(find<QLineEdit>("editor-note")->text(), QStringLiteral("from the terminal"));
    QVERIFY(!find<QWidget>("draftNotice")->isVisible());
    QVERIFY(!find<CurationPanel>("curationPanel")->hasUnappliedText());
}

void TestDraftsGui::draftSurvivesMovingAwayAndBack()
{
    m_window->findChild<QWidget *>(QStringLiteral("attentionFilter"))
        ->setProperty("checked", false);
    select(kOpt);
    auto *note = find<QLineEdit>("editor-note");
    QTRY_VERIFY(note->isVisible());
    QTest::keyClicks(note, QStringLiteral("half a thought"));
    select(kDesignCp);
    QTRY_COMPARE(find<QLineEdit>("editor-note")->text(), QString());
    QStringList where;
    QVERIFY(find<CurationPanel>("curationPanel")->hasUnappliedText(&where));
    QCOMPARE(where, QStringList { kOpt });
    select(kOpt);
    QTRY_COMPARE(find<QLineEdit>("editor-note")->text(), QStringLiteral("half a thought"));
    // Applied, it is a correction and no longer a draft.
    QTest::mouseClick(find<QPushButton>("applyButton"), Qt::LeftButton);
    QCOMPARE(m_window->session().undoStack()->count(), 1);
    QVERIFY(!find<CurationPanel>("curationPanel")->hasUnappliedText());
}

void TestDraftsGui::draftSurvivesAnAutomaticSync()
{
    ServerProcess server(m_fixture->filePath(QStringLiteral("server.sqlite")));
    QString problem;
    server.command(
        { QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) }, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const QString librarian
        = server.addToken(QStringLiteral("librarian"), QStringLiteral("curator"), &problem);
    const QString bob = server.addToken(QStringLiteral("bob"), QStringLiteral("curator"), &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY2(server.start(&problem), qPrintable(problem));

    // Bob, on a cache of his own, writes the note and sends it.
    const QString bobCache = m_fixture->filePath(QStringLiteral("bob.sqlite"));
    const QString bobToken = m_fixture->filePath(QStringLiteral("bob.token"));
    QFile tokenFile(bobToken);
    QVERIFY(tokenFile.open(QIODevice::WriteOnly));
    tokenFile.write(bob.toUtf8() + '\n');
    tokenFile.close();
    tokenFile.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    const QStringList bobSync { QStringLiteral("sync"), QStringLiteral("--server"),
        server.url().toString(), QStringLiteral("--token-file"), bobToken, QStringLiteral("--db"),
        bobCache };
    QCOMPARE(runCli(bobSync, m_fixture->folder()).exitCode, 0);
    CliRun r = runCli(
        { QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("note=bob's note"),
            QStringLiteral("--author"), QStringLiteral("bob"), QStringLiteral("--db"), bobCache },
        m_fixture->folder());
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCli(bobSync, m_fixture->folder());
    QVERIFY2(r.exitCode == 0, r.err.constData());

    // The librarian types a note; the automatic sync pulls bob's.
    SyncController &sync = m_window->syncController();
    sync.configure(server.url(), librarian, 0);
    m_window->findChild<QWidget *>(QStringLiteral("attentionFilter"))
        ->setProperty("checked", false);
    select(kOpt);
    auto *note = find<QLineEdit>("editor-note");
    QTRY_VERIFY(note->isVisible());
    QTest::keyClicks(note, QStringLiteral("my own reading"));
    QSignalSpy finished(&sync, &SyncController::syncFinished);
    sync.autoSync();
    QVERIFY(finished.wait(60000));
    QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(find<QWidget>("draftNotice")->isVisible(), kOutsideMs);
    QCOMPARE(find<QLineEdit>("editor-note")->text(), QStringLiteral("my own reading"));
    QVERIFY(find<QLabel>("draftNoticeText")->text().contains(QStringLiteral("bob's note")));
    // Keeping it and applying records it over bob's.
    QTest::mouseClick(find<QPushButton>("keepDrafts"), Qt::LeftButton);
    QTest::mouseClick(find<QPushButton>("applyButton"), Qt::LeftButton);
    auto curated = m_fixture->store().loadCurated(kRecord);
    QVERIFY(curated.ok() && curated->has_value());
    QCOMPARE(
        (*curated)->shown.findObservation(kOpt)->curation->note, QStringLiteral("my own reading"));
}

void TestDraftsGui::quitAsksAboutUnappliedText()
{
    m_window->findChild<QWidget *>(QStringLiteral("attentionFilter"))
        ->setProperty("checked", false);
    select(kOpt);
    auto *note = find<QLineEdit>("editor-note");
    QTRY_VERIFY(note->isVisible());
    QTest::keyClicks(note, QStringLiteral("do not lose me"));
    // Go Back: the window stays, the text too.
    QString asked;
    QTimer::singleShot(0, this, [&asked] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || box->objectName() != u"unappliedText")
            return;
        asked = box->text();
        for (QAbstractButton *button : box->buttons()) {
            if (box->buttonRole(button) == QMessageBox::RejectRole)
                button->click();
        }
    });
    QVERIFY(!m_window->close());
    QVERIFY2(asked.contains(QStringLiteral("not applied")), qPrintable(asked));
    QVERIFY(m_window->isVisible());
    QCOMPARE(find<QLineEdit>("editor-note")->text(), QStringLiteral("do not lose me"));
    // Discard and Quit: the window closes.
    QTimer::singleShot(0, this, [] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (auto *discard
            = box ? box->findChild<QPushButton *>(QStringLiteral("discardAndQuit")) : nullptr)
            discard->click();
    });
    QVERIFY(m_window->close());
}

void TestDraftsGui::noticesImportAsAnExcerptByDefault()
{
    QSignalSpy imported(m_window, &MainWindow::noticesImported);
    m_window->importNoticesFile(writeCsv(QStringLiteral("team.csv"), csvWith({ "51234", "51240" })),
        NoticeImportScope::Complete);
    QTRY_COMPARE(imported.size(), 1);
    QCOMPARE(noticeStatus(QStringLiteral("retraction-watch:51234")), QStringLiteral("listed"));
    // An excerpt of one other row, through the dialog as a person imports it: the excerpt is
    // chosen, nothing is withdrawn and nothing is asked.
    m_window->importNoticesFile(writeCsv(QStringLiteral("excerpt.csv"), csvWith({ "51240" })));
    QDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<QDialog *>(QStringLiteral("noticeImportScope"))));
    QTRY_VERIFY(dialog->isVisible());
    QVERIFY(dialog->findChild<QRadioButton *>(QStringLiteral("scopeExcerpt"))->isChecked());
    QTest::keyClick(dialog, Qt::Key_Return);
    QTRY_COMPARE(imported.size(), 2);
    QCOMPARE(imported.last().first().toBool(), true);
    QVERIFY(!m_window->findChild<QMessageBox *>(QStringLiteral("withdrawalConfirm")));
    QCOMPARE(noticeStatus(QStringLiteral("retraction-watch:51234")), QStringLiteral("listed"));
    QVERIFY(m_window->findChild<QWidget *>(QStringLiteral("retractionBanner"))->isVisible());
}

void TestDraftsGui::completeListShowsWhatItWithdrawsAndUndoes()
{
    QSignalSpy imported(m_window, &MainWindow::noticesImported);
    m_window->importNoticesFile(
        writeCsv(QStringLiteral("team.csv"), csvWith({ "51234", "51240", "51247" })),
        NoticeImportScope::Partial);
    QTRY_COMPARE(imported.size(), 1);
    const int stepsBefore = m_window->session().undoStack()->count();
    m_window->importNoticesFile(
        writeCsv(QStringLiteral("rw-complete.csv"), csvWith({ "51240", "51247" })));
    QDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<QDialog *>(QStringLiteral("noticeImportScope"))));
    QTRY_VERIFY(dialog->isVisible());
    dialog->findChild<QRadioButton *>(QStringLiteral("scopeComplete"))->setChecked(true);
    QTest::keyClick(dialog, Qt::Key_Return);
    // What it would withdraw is shown first, the record's own retraction named; nothing yet.
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = m_window->findChild<QMessageBox *>(QStringLiteral("withdrawalConfirm"))));
    QTRY_VERIFY(box->isVisible());
    QVERIFY2(box->text().contains(QStringLiteral("own paper")), qPrintable(box->text()));
    QVERIFY2(box->detailedText().startsWith(QStringLiteral("Retraction Watch record 51234")),
        qPrintable(box->detailedText()));
    QVERIFY(box->detailedText().contains(QStringLiteral("about arXiv:2104.04473 itself")));
    QVERIFY(box->informativeText().contains(kRecord));
    QCOMPARE(noticeStatus(QStringLiteral("retraction-watch:51234")), QStringLiteral("listed"));
    QTest::mouseClick(
        box->findChild<QPushButton *>(QStringLiteral("withdrawButton")), Qt::LeftButton);
    QTRY_COMPARE(imported.size(), 2);
    QCOMPARE(noticeStatus(QStringLiteral("retraction-watch:51234")), QStringLiteral("withdrawn"));
    QTRY_VERIFY(!m_window->findChild<QWidget *>(QStringLiteral("retractionBanner"))->isVisible());
    // One undo step lists it again.
    QCOMPARE(m_window->session().undoStack()->count(), stepsBefore + 1);
    m_window->findChild<QAction *>(QStringLiteral("undoAction"))->trigger();
    QCOMPARE(noticeStatus(QStringLiteral("retraction-watch:51234")), QStringLiteral("listed"));
    QTRY_VERIFY(m_window->findChild<QWidget *>(QStringLiteral("retractionBanner"))->isVisible());
    m_window->findChild<QAction *>(QStringLiteral("redoAction"))->trigger();
    QCOMPARE(noticeStatus(QStringLiteral("retraction-watch:51234")), QStringLiteral("withdrawn"));
}

int main(int argc, char *argv[])
{
    QTemporaryDir home;
    if (!home.isValid())
        return 1;
    isolateDesktop(home.path());
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tst_draftsgui"));
    TestDraftsGui test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_draftsgui.moc"
