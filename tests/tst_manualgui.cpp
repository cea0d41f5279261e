// SPDX-License-Identifier: GPL-3.0-or-later
// The user manual (docs/manual/, Help > User Manual, F1): every section in English, German and
// French, its links, F1 at the section for where the focus is (in a modal dialog too), Escape
// and Ctrl+W closing the secondary windows, and the standard Qt options of the command line.
#include "MainWindow.h"
#include "ManualWindow.h"
#include "NoticeReviewWindow.h"
#include "Notices.h"
#include "NoticesView.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAccessible>
#include <QAction>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QProcess>
#include <QRegularExpression>
#include <QTableView>
#include <QTextBrowser>
#include <QTranslator>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

QString readResource(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

const QStringList kLanguages { QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("fr") };

ManualWindow *shownManual()
{
    for (QWidget *top : QApplication::topLevelWidgets()) {
        if (auto *manual = qobject_cast<ManualWindow *>(top); manual && manual->isVisible())
            return manual;
    }
    return nullptr;
}

} // namespace

class TestManualGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void everySectionInEveryLanguage();
    void linksLeadToSections();
    void linksAndContentsMoveTogether();
    void germanInterfaceReadsTheGermanManual();
    void f1OpensTheSectionForTheFocus();
    void f1InAModalDialogOpensItsSection();
    void escapeAndCtrlWCloseSecondaryWindows();
    void retractionWatchOriginIsTranslated();
    void standardQtOptionsStartTheApp();

private:
    bool pressF1(QWidget *focus);

    std::unique_ptr<WindowFixture> m_fixture;
    MainWindow *m_window = nullptr;
};

void TestManualGui::init()
{
    m_fixture = std::make_unique<WindowFixture>();
    QVERIFY2(m_fixture->open(), qPrintable(m_fixture->problem()));
    m_window = &m_fixture->window();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
}

void TestManualGui::cleanup()
{
    for (QWidget *top : QApplication::topLevelWidgets()) {
        if (qobject_cast<ManualWindow *>(top))
            top->close();
    }
    m_window = nullptr;
    m_fixture.reset();
}

bool TestManualGui::pressF1(QWidget *focus)
{
    focus->window()->activateWindow();
    if (!QTest::qWaitForWindowActive(focus->window()))
        return false;
    focus->setFocus(Qt::OtherFocusReason);
    if (!QTest::qWaitFor([focus] { return focus->hasFocus(); }))
        return false;
    QTest::keyClick(focus, Qt::Key_F1);
    return QTest::qWaitFor([] { return shownManual() != nullptr; });
}

void TestManualGui::everySectionInEveryLanguage()
{
    const QStringList sections = Manual::sections();
    QCOMPARE(sections.size(), 11);
    QCOMPARE(sections.first(), QStringLiteral("index"));
    for (const QString &language : kLanguages) {
        // Every file built in is a listed section, and every listed section has its file.
        QStringList files = QDir(QStringLiteral(":/manual/") + language).entryList(QDir::Files);
        for (QString &file : files)
            file.chop(3);
        QCOMPARE(QSet<QString>(files.cbegin(), files.cend()),
            QSet<QString>(sections.cbegin(), sections.cend()));
        for (const QString &section : sections) {
            const QString text = readResource(Manual::sectionPath(section, language));
            QVERIFY2(text.startsWith(QStringLiteral("# ")), qPrintable(language + u'/' + section));
            QVERIFY2(text.count(u'\n') >= 15, qPrintable(language + u'/' + section));
            QVERIFY(!Manual::sectionTitle(section, language).isEmpty());
        }
    }
    // The translations are translations: the titles differ from the English ones.
    int translated = 0;
    for (const QString &section : sections) {
        const QString english = Manual::sectionTitle(section, QStringLiteral("en"));
        translated += Manual::sectionTitle(section, QStringLiteral("de")) != english;
        translated += Manual::sectionTitle(section, QStringLiteral("fr")) != english;
    }
    QVERIFY2(translated >= 2 * sections.size() - 2, qPrintable(QString::number(translated)));
}

void TestManualGui::linksLeadToSections()
{
    static const QRegularExpression link(QStringLiteral("\\]\\(([^)]+)\\)"));
    int links = 0;
    for (const QString &language : kLanguages) {
        QSet<QString> linked;
        for (const QString &section : Manual::sections()) {
            auto matches = link.globalMatch(readResource(Manual::sectionPath(section, language)));
            while (matches.hasNext()) {
                const QString target = matches.next().captured(1);
                if (target.startsWith(QStringLiteral("http")))
                    continue;
                ++links;
                QString name = target.section(u'#', 0, 0);
                QVERIFY2(name.endsWith(QStringLiteral(".md")), qPrintable(section + u' ' + target));
                name.chop(3);
                QVERIFY2(Manual::sections().contains(name),
                    qPrintable(language + u'/' + section + QStringLiteral(" links to ") + target));
                if (section == u"index")
                    linked.insert(name);
            }
        }
        // The start page leads to every other section.
        QCOMPARE(linked.size(), Manual::sections().size() - 1);
    }
    QVERIFY(links > 30);
}

void TestManualGui::linksAndContentsMoveTogether()
{
    ManualWindow manual(nullptr, QStringLiteral("en"));
    manual.show();
    QVERIFY(QTest::qWaitForWindowExposed(&manual));
    QCOMPARE(manual.windowTitle(), QStringLiteral("Ledger Curator Manual"));
    manual.showSection(QStringLiteral("index"));
    QCOMPARE(manual.section(), QStringLiteral("index"));
    auto *text = manual.findChild<QTextBrowser *>(QStringLiteral("manualText"));
    auto *contents = manual.findChild<QListWidget *>(QStringLiteral("manualContents"));
    QVERIFY(text && contents);
    QVERIFY(text->toPlainText().startsWith(
        Manual::sectionTitle(QStringLiteral("index"), QStringLiteral("en"))));
    // A link followed (relative, as the files write them) shows its section and selects it.
    text->setSource(QUrl(QStringLiteral("sync.md")));
    QCOMPARE(manual.section(), QStringLiteral("sync"));
    QCOMPARE(contents->currentRow(), int(Manual::sections().indexOf(QStringLiteral("sync"))));
    QVERIFY(text->toPlainText().startsWith(
        Manual::sectionTitle(QStringLiteral("sync"), QStringLiteral("en"))));
    // Choosing in the contents shows that section.
    contents->setCurrentRow(int(Manual::sections().indexOf(QStringLiteral("notices"))));
    QCOMPARE(manual.section(), QStringLiteral("notices"));
    QVERIFY(text->toPlainText().startsWith(
        Manual::sectionTitle(QStringLiteral("notices"), QStringLiteral("en"))));
    // Escape closes it.
    manual.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&manual));
    QTest::keyClick(text, Qt::Key_Escape);
    QTRY_VERIFY(!manual.isVisible());
}

void TestManualGui::germanInterfaceReadsTheGermanManual()
{
    QCOMPARE(Manual::language(QLocale(QLocale::German, QLocale::Germany)), QStringLiteral("de"));
    QCOMPARE(Manual::language(QLocale(QLocale::French, QLocale::Canada)), QStringLiteral("fr"));
    QCOMPARE(
        Manual::language(QLocale(QLocale::English, QLocale::UnitedKingdom)), QStringLiteral("en"));
    QCOMPARE(Manual::language(QLocale(QLocale::Spanish)), QStringLiteral("en"));
    ManualWindow manual(nullptr, QStringLiteral("de"));
    auto *contents = manual.findChild<QListWidget *>(QStringLiteral("manualContents"));
    QVERIFY(contents);
    QCOMPARE(contents->count(), Manual::sections().size());
    for (int row = 0; row < contents->count(); ++row)
        QCOMPARE(contents->item(row)->text(),
            Manual::sectionTitle(Manual::sections()[row], QStringLiteral("de")));
    manual.showSection(QStringLiteral("correct"));
    auto *text = manual.findChild<QTextBrowser *>(QStringLiteral("manualText"));
    QVERIFY(text->toPlainText().startsWith(
        Manual::sectionTitle(QStringLiteral("correct"), QStringLiteral("de"))));
}

void TestManualGui::f1OpensTheSectionForTheFocus()
{
    // The Help menu's action shows F1.
    auto *action = m_window->findChild<QAction *>(QStringLiteral("manualAction"));
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(Qt::Key_F1));

    auto *records = m_window->findChild<QWidget *>(QStringLiteral("recordList"));
    QVERIFY(records);
    QVERIFY(pressF1(records));
    ManualWindow *manual = shownManual();
    QCOMPARE(manual->section(), QStringLiteral("attention"));
    QCOMPARE(manual->windowTitle(), QStringLiteral("Ledger Curator Manual"));
    QCOMPARE(manual->parentWidget(), m_window);

    // From the correction panel: its section, in the same window.
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    auto *table = m_window->findChild<QTableView *>(QStringLiteral("observationTable"));
    QVERIFY(table);
    QTRY_VERIFY(table->model()->rowCount() > 0);
    table->selectRow(0);
    QWidget *inPanel = nullptr;
    QTRY_VERIFY((inPanel = m_window->findChild<QWidget *>(QStringLiteral("editor-note")))
        && inPanel->isVisible());
    QVERIFY(pressF1(inPanel));
    QCOMPARE(shownManual(), manual);
    QCOMPARE(manual->section(), QStringLiteral("correct"));

    // The menu's action opens it too.
    manual->close();
    QTRY_VERIFY(!shownManual());
    action->trigger();
    QTRY_VERIFY(shownManual());
}

void TestManualGui::f1InAModalDialogOpensItsSection()
{
    m_window->showSettingsDialog();
    QDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<QDialog *>(QStringLiteral("settingsDialog")))
        && dialog->isVisible());
    QVERIFY(QTest::qWaitForWindowActive(dialog));
    QWidget *field = dialog->findChild<QWidget *>(QStringLiteral("languageCombo"));
    QVERIFY(field);
    QVERIFY(pressF1(field));
    ManualWindow *manual = shownManual();
    QCOMPARE(manual->section(), QStringLiteral("settings"));
    // The dialog's own window, so the dialog's modality does not block it.
    QCOMPARE(manual->parentWidget(), dialog);
    // It takes input while the dialog is open: a click in its contents shows that section.
    auto *contents = manual->findChild<QListWidget *>(QStringLiteral("manualContents"));
    QVERIFY(contents);
    QVERIFY(QTest::qWaitForWindowExposed(manual));
    const QRect sync = contents->visualItemRect(
        contents->item(int(Manual::sections().indexOf(QStringLiteral("sync")))));
    QTest::mouseClick(contents->viewport(), Qt::LeftButton, {}, sync.center());
    QTRY_COMPARE(manual->section(), QStringLiteral("sync"));
    dialog->close();
}

void TestManualGui::escapeAndCtrlWCloseSecondaryWindows()
{
    auto closes = [](QWidget *window, const QKeySequence &keys) {
        window->show();
        window->raise();
        window->activateWindow();
        if (!QTest::qWaitFor([window] { return QApplication::activeWindow() == window; }))
            return false;
        QTest::keySequence(window, keys);
        return QTest::qWaitFor([window] { return !window->isVisible(); });
    };
    auto *search = m_window->findChild<QAction *>(QStringLiteral("searchAllAction"));
    QVERIFY(search);
    for (const QKeySequence &keys :
        { QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_W) }) {
        search->trigger();
        QWidget *searchWindow = nullptr;
        QTRY_VERIFY((searchWindow = m_window->findChild<QWidget *>(QStringLiteral("searchWindow")))
            && searchWindow->isVisible());
        // Each is a window to a screen reader (not a client area: AT-SPI's "filler"), named by
        // its title.
        for (QWidget *secondary : { searchWindow, static_cast<QWidget *>(m_window->noticesView()),
                 static_cast<QWidget *>(m_window->noticeReview()) }) {
            QAccessibleInterface *a = QAccessible::queryAccessibleInterface(secondary);
            QVERIFY(a);
            QCOMPARE(a->role(), QAccessible::Window);
            QCOMPARE(a->text(QAccessible::Name), secondary->windowTitle());
        }
        QVERIFY2(closes(searchWindow, keys), qPrintable(keys.toString()));
        QVERIFY2(closes(m_window->noticesView(), keys), qPrintable(keys.toString()));
        QVERIFY2(closes(m_window->noticeReview(), keys), qPrintable(keys.toString()));
    }
    // The main window is not a secondary window: Escape leaves it open.
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QTest::keyClick(m_window, Qt::Key_Escape);
    QTest::qWait(50);
    QVERIFY(m_window->isVisible());
}

void TestManualGui::retractionWatchOriginIsTranslated()
{
    const QString origin = QStringLiteral("Retraction Watch record 51234");
    QCOMPARE(originDisplayText(origin), origin);
    QCOMPARE(
        originDisplayText(QStringLiteral("Crossref update")), QStringLiteral("Crossref update"));
    for (const QString &language : { QStringLiteral("de"), QStringLiteral("fr") }) {
        QTranslator translator;
        QVERIFY(translator.load(QLocale(language), QStringLiteral("ledger-curator"),
            QStringLiteral("_"), QStringLiteral(":/i18n")));
        QVERIFY(QCoreApplication::installTranslator(&translator));
        const QString shown = originDisplayText(origin);
        QCoreApplication::removeTranslator(&translator);
        QVERIFY2(shown != origin && shown.contains(QStringLiteral("51234")), qPrintable(shown));
        QVERIFY2(!shown.contains(QStringLiteral("record")), qPrintable(shown));
    }
}

void TestManualGui::standardQtOptionsStartTheApp()
{
    // QApplication's own options are the app's too: -reverse, -style (both forms), -platform.
    const QList<QStringList> runs {
        { QStringLiteral("-reverse"), QStringLiteral("-style"), QStringLiteral("Fusion") },
        { QStringLiteral("-style=Fusion"), QStringLiteral("--reverse") },
        { QStringLiteral("-platform"), QStringLiteral("offscreen") },
    };
    for (const QStringList &options : runs) {
        QProcess app;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(LC_CLI_PATH),
            options
                + QStringList { QStringLiteral("--benchmark-startup"), QStringLiteral("--db"),
                    m_fixture->filePath(QStringLiteral("qt-options.sqlite")) });
        QVERIFY(app.waitForFinished(120000));
        const QByteArray err = app.readAllStandardError();
        QVERIFY2(app.exitCode() == 0, qPrintable(options.join(u' ') + u' ' + err));
        QVERIFY2(app.readAllStandardOutput().contains("startup:"), qPrintable(options.join(u' ')));
    }
    // An option neither the app's nor Qt's is still refused.
    QProcess app;
    app.start(QStringLiteral(LC_CLI_PATH), { QStringLiteral("-reversed") });
    QVERIFY(app.waitForFinished(60000));
    QCOMPARE(app.exitCode(), 2);
}

QTEST_MAIN(TestManualGui)
#include "tst_manualgui.moc"
