// SPDX-License-Identifier: GPL-3.0-or-later
// The curator's identity (issue 19): ORCID iDs checked with their check digit, `ledger-curator
// identity` and where it keeps the settings, who curate and undo record as in a synced and an
// unsynced cache, the window's first-run prompt and its Settings fields, and every correction
// signed with the curator's key where it is made (the merges too).
#include "CurationLog.h"
#include "CurationSession.h"
#include "CuratorIdentityDialog.h"
#include "EventSignature.h"
#include "MainWindow.h"
#include "Orcid.h"
#include "Screenshots.h"
#include "SettingsDialog.h"
#include "SettingsKeys.h"
#include "SigningKeyStore.h"
#include "Store.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");
const QString kDesignCp = QStringLiteral("e919841b-30d3-4e66-a2d1-e594d06b6753");

//! The settings file of ledger-curator run by runCli(home): the documented place under
//! XDG_CONFIG_HOME.
QString cliSettingsPath(const QString &home)
{
    return home + QStringLiteral("/xdg-config/ledger-curator/ledger-curator.conf");
}

//! The key of `curator` as ledger-curator run by runCli(home) keeps it (a file: runCli sets
//! LC_SIGNING_KEY_STORE=file).
SigningKey cliKey(const QString &home, const QString &curator)
{
    SigningKeyStore keys(SigningKeyStore::Backend::File,
        home + QStringLiteral("/xdg-data/ledger-curator/signing-keys"));
    if (!QFile::exists(keys.filePath(curator)))
        return {};
    auto stored = keys.loadOrCreate(curator);
    return stored ? stored->key : SigningKey();
}

//! Runs `action` on the curator identity prompt once it is shown (modal, in its own loop).
void onPrompt(std::function<void(CuratorIdentityDialog &)> action, bool *seen)
{
    auto *timer = new QTimer(qApp);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, action, seen] {
        auto *dialog = qobject_cast<CuratorIdentityDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        timer->stop();
        timer->deleteLater();
        *seen = true;
        action(*dialog);
    });
    timer->start();
}

} // namespace

class TestIdentity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void validOrcid_data();
    void validOrcid();
    void invalidOrcid_data();
    void invalidOrcid();
    void identityCommandSetsAndPrints();
    void oldSettingsFileMovesOnce();
    void curateAuthorRules();
    void cliSignsMergesToo();
    void firstRunPromptCancelStoresNothing();
    void firstRunPromptStoresTheNameAndSigns();
    void promptGivesALongMessageItsRoom();
    void settingsDialogCuratorFields();

private:
    //! A home for runCli with the fixture page imported into home/cache.sqlite.
    bool importFixture(const QString &home);
    QString db(const QString &home) const { return home + QStringLiteral("/cache.sqlite"); }
};

void TestIdentity::validOrcid_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("bare") << QStringLiteral("0000-0002-1825-0097")
                          << QStringLiteral("0000-0002-1825-0097");
    QTest::newRow("url") << QStringLiteral("https://orcid.org/0000-0001-5109-3700")
                         << QStringLiteral("0000-0001-5109-3700");
    QTest::newRow("http url, spaces, slash")
        << QStringLiteral("  http://orcid.org/0000-0002-1825-0097/ ")
        << QStringLiteral("0000-0002-1825-0097");
    QTest::newRow("check X, lower case")
        << QStringLiteral("0000-0002-1694-233x") << QStringLiteral("0000-0002-1694-233X");
}

void TestIdentity::validOrcid()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    auto orcid = normalizeOrcid(input);
    QVERIFY2(orcid, qPrintable(orcid ? QString() : orcid.error().message));
    QCOMPARE(*orcid, expected);
}

void TestIdentity::invalidOrcid_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << QString() << QStringLiteral("empty");
    QTest::newRow("check digit") << QStringLiteral("0000-0002-1825-0098")
                                 << QStringLiteral("the check digit of '0000-0002-1825-0098' is "
                                                   "wrong: the first fifteen digits give 7, not 8");
    QTest::newRow("swapped digits")
        << QStringLiteral("0000-0002-8125-0097") << QStringLiteral("check digit");
    QTest::newRow("short group") << QStringLiteral("0000-0002-1825-009")
                                 << QStringLiteral("group 4 of '0000-0002-1825-009' has 3");
    QTest::newRow("no hyphens") << QStringLiteral("0000000218250097")
                                << QStringLiteral("four groups of four digits");
    QTest::newRow("letter") << QStringLiteral("0000-000a-1825-0097")
                            << QStringLiteral("'a' where a digit belongs (character 9)");
    QTest::newRow("bad last") << QStringLiteral("0000-0002-1825-009Y")
                              << QStringLiteral("must be a digit or X, found 'Y'");
    QTest::newRow("other site") << QStringLiteral("https://example.org/0000-0002-1825-0097")
                                << QStringLiteral("an address must be https://orcid.org/");
}

void TestIdentity::invalidOrcid()
{
    QFETCH(QString, input);
    QFETCH(QString, message);
    auto orcid = normalizeOrcid(input);
    QVERIFY(!orcid);
    QCOMPARE(orcid.error().kind, Error::Kind::BadInput);
    QVERIFY2(orcid.error().message.contains(message), qPrintable(orcid.error().message));
}

bool TestIdentity::importFixture(const QString &home)
{
    const CliRun r
        = runCli({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")),
                     QStringLiteral("--db"), db(home) },
            home);
    if (r.exitCode != 0)
        qWarning("import: %s", r.err.constData());
    return r.exitCode == 0;
}

void TestIdentity::identityCommandSetsAndPrints()
{
    QTemporaryDir home;
    CliRun r = runCli({ QStringLiteral("identity") }, home.path());
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("name: (not set"), r.out.constData());
    QVERIFY(!QFile::exists(cliSettingsPath(home.path()))
        || !QSettings(cliSettingsPath(home.path()), QSettings::IniFormat)
                .contains(SettingsKeys::kCuratorName));

    r = runCli(
        { QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("carol"),
            QStringLiteral("--orcid"), QStringLiteral("https://orcid.org/0000-0002-1825-0097") },
        home.path());
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("name: carol\norcid: 0000-0002-1825-0097\n"), r.out.constData());
    // The documented place (docs/settings.md), and the bare form of the iD.
    QVERIFY2(r.out.contains(cliSettingsPath(home.path()).toUtf8()), r.out.constData());
    {
        QSettings file(cliSettingsPath(home.path()), QSettings::IniFormat);
        QCOMPARE(file.value(SettingsKeys::kCuratorName).toString(), QStringLiteral("carol"));
        QCOMPARE(file.value(SettingsKeys::kCuratorOrcid).toString(),
            QStringLiteral("0000-0002-1825-0097"));
    }

    // Refused values change nothing, and say what is wrong.
    r = runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("dave"),
                   QStringLiteral("--orcid"), QStringLiteral("0000-0002-1825-0098") },
        home.path());
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--orcid: the check digit"), r.err.constData());
    r = runCli(
        { QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("Carol Doe") },
        home.path());
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--name: The name cannot contain spaces"), r.err.constData());

    r = runCli({ QStringLiteral("identity") }, home.path());
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("name: carol\norcid: 0000-0002-1825-0097\n"), r.out.constData());
    // An empty --orcid removes it.
    r = runCli({ QStringLiteral("identity"), QStringLiteral("--orcid"), QString() }, home.path());
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("name: carol\norcid: (none)\n"), r.out.constData());
}

void TestIdentity::oldSettingsFileMovesOnce()
{
    // Earlier versions, with no organization, had Qt write the file here.
    QTemporaryDir home;
    const QString old
        = home.filePath(QStringLiteral("xdg-config/Unknown Organization/ledger-curator.conf"));
    QVERIFY(QDir().mkpath(QFileInfo(old).absolutePath()));
    {
        QSettings file(old, QSettings::IniFormat);
        file.setValue(SettingsKeys::kCuratorName, QStringLiteral("erin"));
        file.setValue(SettingsKeys::kLanguage, QStringLiteral("de"));
    }
    CliRun r = runCli({ QStringLiteral("identity") }, home.path());
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("name: erin\n"), r.out.constData());
    QVERIFY(!QFile::exists(old));
    QCOMPARE(QSettings(cliSettingsPath(home.path()), QSettings::IniFormat)
                 .value(SettingsKeys::kLanguage)
                 .toString(),
        QStringLiteral("de"));

    // Once only: a file in the new place is never replaced by an old one.
    {
        QSettings file(old, QSettings::IniFormat);
        file.setValue(SettingsKeys::kCuratorName, QStringLiteral("frank"));
    }
    r = runCli({ QStringLiteral("identity") }, home.path());
    QVERIFY2(r.out.contains("name: erin\n"), r.out.constData());
    QVERIFY(QFile::exists(old));
}

void TestIdentity::curateAuthorRules()
{
    QTemporaryDir home;
    QVERIFY(importFixture(home.path()));
    const QString dbPath = db(home.path());
    auto curate = [&](const QStringList &more) {
        return runCli(QStringList { QStringLiteral("curate"), kRecord, kOpt } + more
                + QStringList { QStringLiteral("--db"), dbPath },
            home.path());
    };

    // No name and no --author: nothing recorded, and how to set one.
    CliRun r = curate({ QStringLiteral("note=one") });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("no curator name is set")
            && r.err.contains("ledger-curator identity --name NAME"),
        r.err.constData());
    r = runCli({ QStringLiteral("undo"), kRecord, kOpt, QStringLiteral("note"),
                   QStringLiteral("--db"), dbPath },
        home.path());
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("no curator name is set"), r.err.constData());

    // A name the window and 'identity' refuse is refused here too (found by hand: the CLI
    // took "Ann Curator", which no sync token can be named).
    r = curate({ QStringLiteral("note=by ann"), QStringLiteral("--author"),
        QStringLiteral("Ann Curator") });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(
        r.err.contains("--author Ann Curator: The name cannot contain spaces"), r.err.constData());

    // An unsynced cache takes any other --author.
    r = curate(
        { QStringLiteral("note=by alice"), QStringLiteral("--author"), QStringLiteral("alice") });
    QVERIFY2(r.exitCode == 0, r.err.constData());

    QCOMPARE(
        runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("carol") },
            home.path())
            .exitCode,
        0);
    r = curate({ QStringLiteral("note=by carol") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = curate(
        { QStringLiteral("state=unresolved"), QStringLiteral("--author"), QStringLiteral("bob") });
    QVERIFY2(r.exitCode == 0, r.err.constData());

    // Once synced, --author must be the configured name.
    {
        Store store(dbPath);
        QVERIFY(store.open());
        QVERIFY(
            store.setMeta(QStringLiteral("sync/http://127.0.0.1:1/last_seq"), QStringLiteral("3")));
    }
    r = curate({ QStringLiteral("note=by alice again"), QStringLiteral("--author"),
        QStringLiteral("alice") });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--author alice is not the configured curator name (carol)")
            && r.err.contains("has synced with a server"),
        r.err.constData());
    r = runCli(
        { QStringLiteral("undo"), kRecord, kOpt, QStringLiteral("note"), QStringLiteral("--author"),
            QStringLiteral("alice"), QStringLiteral("--db"), dbPath },
        home.path());
    QCOMPARE(r.exitCode, 2);
    r = curate(
        { QStringLiteral("reference=141"), QStringLiteral("--author"), QStringLiteral("carol") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCli({ QStringLiteral("undo"), kRecord, kOpt, QStringLiteral("note"),
                   QStringLiteral("--db"), dbPath },
        home.path());
    QVERIFY2(r.exitCode == 0, r.err.constData());

    // Every event is signed by its author's key and names it.
    Store store(dbPath);
    QVERIFY(store.open());
    auto loaded = store.loadCurated(kRecord);
    QVERIFY(loaded && loaded->has_value());
    const QList<CorrectionEvent> &events = (*loaded)->events;
    QCOMPARE(events.size(), 5);
    QMap<QString, int> byAuthor;
    for (const CorrectionEvent &e : events) {
        const SigningKey key = cliKey(home.path(), e.author);
        QVERIFY2(key.isValid(), qPrintable(e.author));
        QCOMPARE(e.keyId, key.keyId());
        QVERIFY2(verifyEventSignature(e, key.publicKey), qPrintable(e.id));
        QVERIFY(!verifyEventSignature(e, cliKey(home.path(), QStringLiteral("carol")).publicKey)
            || e.author == u"carol");
        ++byAuthor[e.author];
    }
    QCOMPARE(byAuthor.value(QStringLiteral("carol")), 3);
    QCOMPARE(byAuthor.value(QStringLiteral("alice")), 1);
    QCOMPARE(byAuthor.value(QStringLiteral("bob")), 1);
}

void TestIdentity::cliSignsMergesToo()
{
    QTemporaryDir home;
    QVERIFY(importFixture(home.path()));
    // More concurrent heads than one event may name: the correction comes with merge events.
    {
        Store store(db(home.path()));
        QVERIFY(store.open());
        QList<CorrectionEvent> concurrent;
        const FieldState empty;
        for (int i = 0; i < kMaxEventParents + 6; ++i)
            concurrent.append(makeEdit(empty, kRecord, kOpt, CurationField::Note,
                QStringLiteral("note %1").arg(i), QStringLiteral("peer%1").arg(i), nowUtc()));
        QVERIFY(store.addCorrections(concurrent));
    }
    const CliRun r = runCli({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("note=one"),
                                QStringLiteral("--author"), QStringLiteral("gina"),
                                QStringLiteral("--db"), db(home.path()) },
        home.path());
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("merge events"), r.out.constData());
    Store store(db(home.path()));
    QVERIFY(store.open());
    auto loaded = store.loadCurated(kRecord);
    QVERIFY(loaded && loaded->has_value());
    const SigningKey key = cliKey(home.path(), QStringLiteral("gina"));
    QVERIFY(key.isValid());
    int made = 0;
    for (const CorrectionEvent &e : (*loaded)->events) {
        if (e.author != u"gina")
            continue;
        ++made;
        QCOMPARE(e.keyId, key.keyId());
        QVERIFY2(verifyEventSignature(e, key.publicKey), qPrintable(e.id));
    }
    QVERIFY2(made >= 2, qPrintable(QString::number(made)));
}

void TestIdentity::firstRunPromptCancelStoresNothing()
{
    QSettings().remove(SettingsKeys::kCuratorName);
    WindowFixture fixture;
    QVERIFY2(fixture.open(), qPrintable(fixture.problem()));
    MainWindow &window = fixture.window();
    window.session().setAuthor({}); // the configured name, of which there is none
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.session().hasRecord());

    bool seen = false;
    QString prefilled;
    onPrompt(
        [&](CuratorIdentityDialog &dialog) {
            auto *name = dialog.findChild<QLineEdit *>(QStringLiteral("curatorNameEdit"));
            prefilled = name ? name->text() : QStringLiteral("(no field)");
            QVERIFY(saveScreenshot(&dialog, QStringLiteral("identity-first-run-prompt.png")));
            dialog.reject();
        },
        &seen);
    // What every part of the window asks before it records (the prompt never opens from inside
    // a write); cancelled, the correction is not recorded.
    QVERIFY(!ensureCuratorIdentity(window.session(), &window));
    auto applied = window.session().applyEdits(
        { { kDesignCp, CurationField::State, QStringLiteral("verified_exact") } },
        QStringLiteral("Correct state"));
    QVERIFY(seen);
    QCOMPARE(prefilled, QStringLiteral("tester"));
    QVERIFY(!applied);
    QCOMPARE(applied.error().kind, Error::Kind::Cancelled);
    QVERIFY2(applied.error().message.contains(QStringLiteral("Edit > Settings")),
        qPrintable(applied.error().message));
    QVERIFY(!QSettings().contains(SettingsKeys::kCuratorName));
    auto loaded = fixture.store().loadCurated(kRecord);
    QVERIFY(loaded && loaded->has_value());
    QCOMPARE((*loaded)->events.size(), 0);
    QCOMPARE(window.session().undoStack()->count(), 0);
}

void TestIdentity::firstRunPromptStoresTheNameAndSigns()
{
    QSettings().remove(SettingsKeys::kCuratorName);
    WindowFixture fixture;
    QVERIFY2(fixture.open(), qPrintable(fixture.problem()));
    MainWindow &window = fixture.window();
    window.session().setAuthor({});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.session().hasRecord());

    bool seen = false;
    bool okWhileBad = true;
    onPrompt(
        [&](CuratorIdentityDialog &dialog) {
            auto *ok = dialog.findChild<QDialogButtonBox *>(QStringLiteral("buttonBox"))
                           ->button(QDialogButtonBox::Ok);
            auto *name = dialog.findChild<QLineEdit *>(QStringLiteral("curatorNameEdit"));
            auto *orcid = dialog.findChild<QLineEdit *>(QStringLiteral("curatorOrcidEdit"));
            name->setText(QStringLiteral("hana"));
            orcid->setText(QStringLiteral("0000-0002-1825-0098"));
            okWhileBad = ok->isEnabled();
            orcid->setText(QStringLiteral("https://orcid.org/0000-0002-1825-0097"));
            QTest::mouseClick(ok, Qt::LeftButton);
        },
        &seen);
    QVERIFY(ensureCuratorIdentity(window.session(), &window));
    auto applied = window.session().applyEdits(
        { { kDesignCp, CurationField::State, QStringLiteral("verified_exact") },
            { kOpt, CurationField::Note, QStringLiteral("checked") } },
        QStringLiteral("Correct state"));
    QVERIFY(seen);
    QVERIFY(!okWhileBad);
    QVERIFY2(applied && *applied, qPrintable(applied ? QString() : applied.error().message));
    QCOMPARE(QSettings().value(SettingsKeys::kCuratorName).toString(), QStringLiteral("hana"));
    QCOMPARE(QSettings().value(SettingsKeys::kCuratorOrcid).toString(),
        QStringLiteral("0000-0002-1825-0097"));

    // No second prompt; undo signs too.
    window.session().undoStack()->undo();
    auto key = SigningKeyStore().loadOrCreate(QStringLiteral("hana"));
    QVERIFY(key && !key->created);
    auto loaded = fixture.store().loadCurated(kRecord);
    QVERIFY(loaded && loaded->has_value());
    QCOMPARE((*loaded)->events.size(), 4);
    for (const CorrectionEvent &e : (*loaded)->events) {
        QCOMPARE(e.author, QStringLiteral("hana"));
        QCOMPARE(e.keyId, key->key.keyId());
        QVERIFY(verifyEventSignature(e, key->key.publicKey));
        QVERIFY(isCanonicalTimestamp(e.createdAt));
    }
    QSettings().remove(SettingsKeys::kCuratorName);
    QSettings().remove(SettingsKeys::kCuratorOrcid);
}

void TestIdentity::promptGivesALongMessageItsRoom()
{
    // A wrong check digit is explained in three wrapped lines: all of them are shown, none cut
    // off by a dialog sized for an empty message (seen under Xvfb before the fix).
    CuratorIdentityDialog dialog(nullptr);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *orcid = dialog.findChild<QLineEdit *>(QStringLiteral("curatorOrcidEdit"));
    auto *problem = dialog.findChild<QLabel *>(QStringLiteral("curatorIdentityProblem"));
    QVERIFY(orcid && problem);
    dialog.findChild<QLineEdit *>(QStringLiteral("curatorNameEdit"))
        ->setText(QStringLiteral("carol"));
    orcid->setText(QStringLiteral("0000-0002-1825-0098"));
    QVERIFY(problem->isVisible());
    QVERIFY2(problem->text().contains(QStringLiteral("check digit")), qPrintable(problem->text()));
    QTRY_VERIFY2(problem->height() >= problem->heightForWidth(problem->width()),
        qPrintable(QStringLiteral("%1 < %2")
                       .arg(problem->height())
                       .arg(problem->heightForWidth(problem->width()))));
    QVERIFY(saveScreenshot(&dialog, QStringLiteral("identity-prompt-check-digit.png")));
}

void TestIdentity::settingsDialogCuratorFields()
{
    QSettings().setValue(SettingsKeys::kCuratorName, QStringLiteral("ivan"));
    SettingsDialog dialog(nullptr);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *name = dialog.findChild<QLineEdit *>(QStringLiteral("curatorNameEdit"));
    auto *orcid = dialog.findChild<QLineEdit *>(QStringLiteral("curatorOrcidEdit"));
    auto *problem = dialog.findChild<QLabel *>(QStringLiteral("curatorIdentityProblem"));
    auto *ok = dialog.findChild<QDialogButtonBox *>(QStringLiteral("buttonBox"))
                   ->button(QDialogButtonBox::Ok);
    QVERIFY(name && orcid && problem && ok);
    QCOMPARE(name->text(), QStringLiteral("ivan"));
    QVERIFY(ok->isEnabled());

    orcid->setText(QStringLiteral("0000-0002-1825-009"));
    QVERIFY(!ok->isEnabled());
    QVERIFY(problem->isVisible());
    QVERIFY2(problem->text().contains(QStringLiteral("group 4")), qPrintable(problem->text()));
    QVERIFY(saveScreenshot(&dialog, QStringLiteral("identity-settings-refused.png")));
    name->setText(QStringLiteral("ivan petrov"));
    orcid->setText(QStringLiteral("0000-0002-1825-0097"));
    QVERIFY(!ok->isEnabled());
    QVERIFY2(problem->text().contains(QStringLiteral("spaces")), qPrintable(problem->text()));
    name->setText(QStringLiteral("ivan.petrov"));
    QVERIFY(ok->isEnabled());
    QVERIFY(!problem->isVisible());
    QVERIFY(saveScreenshot(&dialog, QStringLiteral("identity-settings.png")));
    QTest::mouseClick(ok, Qt::LeftButton);
    QCOMPARE(
        QSettings().value(SettingsKeys::kCuratorName).toString(), QStringLiteral("ivan.petrov"));
    QCOMPARE(QSettings().value(SettingsKeys::kCuratorOrcid).toString(),
        QStringLiteral("0000-0002-1825-0097"));
    QSettings().remove(SettingsKeys::kCuratorName);
    QSettings().remove(SettingsKeys::kCuratorOrcid);
}

int main(int argc, char *argv[])
{
    QTemporaryDir home;
    if (!home.isValid())
        return 1;
    isolateDesktop(home.path());
    qputenv("LC_SIGNING_KEY_STORE", "file");
    qputenv("USER", "tester"); // the login name the first-run prompt suggests
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tst_identity"));
    TestIdentity test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_identity.moc"
