// SPDX-License-Identifier: GPL-3.0-or-later
// The keyboard alone: no window offers one Alt+letter for two things, in English, German and
// French. What counts is what may be on screen together: the menu bar's titles, labels with a
// buddy, buttons, check boxes, group boxes and tabs, shown now or hidden only until their moment
// comes (a hint, a suggestion, a refusal), but not on a page of a stack (a tab, the panel's page
// for several observations) other than the current one. Each menu is a scope of its own.
#include "DuplicatesDialog.h"
#include "MainWindow.h"
#include "NoticeReviewWindow.h"
#include "NoticesView.h"
#include "SearchWindow.h"
#include "SettingsDialog.h"
#include "SyncSettingsDialog.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAbstractButton>
#include <QAction>
#include <QDialogButtonBox>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTranslator>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

//! The letter after a single '&' ("&&" is a literal ampersand), lower-cased; null when none.
QChar mnemonicOf(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != u'&')
            continue;
        if (text[i + 1] == u'&') {
            ++i;
            continue;
        }
        return text[i + 1].toCaseFolded();
    }
    return {};
}

QString describe(const QObject *object, const QString &text)
{
    return QStringLiteral("%1 \"%2\"")
        .arg(object->objectName().isEmpty() ? QString::fromLatin1(object->metaObject()->className())
                                            : object->objectName(),
            text);
}

//! Whether `widget` may be on screen in `window` together with what is shown now: it belongs to
//! the window, and no stack (a tab widget's, the panel's) holds it on a page not shown.
bool mayShowIn(const QWidget *widget, const QWidget *window)
{
    if (widget->window() != window)
        return false;
    for (const QWidget *w = widget; w && w != window; w = w->parentWidget()) {
        const auto *stack = qobject_cast<const QStackedWidget *>(w->parentWidget());
        if (stack && stack->currentWidget() != w)
            return false;
    }
    return true;
}

using Mnemonics = QMultiHash<QChar, QString>;

//! Every Alt+letter `window` may offer at once, with what offers it.
Mnemonics mnemonics(QWidget *window)
{
    Mnemonics found;
    auto add = [&found](const QObject *object, const QString &text) {
        if (const QChar letter = mnemonicOf(text); !letter.isNull())
            found.insert(letter, describe(object, text));
    };
    if (auto *main = qobject_cast<QMainWindow *>(window)) {
        for (const QAction *action : main->menuBar()->actions())
            add(action, action->text());
    }
    for (QWidget *widget : window->findChildren<QWidget *>()) {
        if (!mayShowIn(widget, window))
            continue;
        if (auto *label = qobject_cast<QLabel *>(widget); label && label->buddy())
            add(label, label->text());
        else if (auto *button = qobject_cast<QAbstractButton *>(widget))
            add(button, button->text());
        else if (auto *group = qobject_cast<QGroupBox *>(widget))
            add(group, group->title());
        else if (auto *tabs = qobject_cast<QTabBar *>(widget)) {
            for (int i = 0; i < tabs->count(); ++i)
                add(tabs, tabs->tabText(i));
        }
    }
    return found;
}

//! Each menu's own entries (its submenus are scopes of their own).
void addMenuScopes(const QMenu *menu, QList<std::pair<QString, Mnemonics>> &scopes)
{
    Mnemonics found;
    for (const QAction *action : menu->actions()) {
        if (action->isSeparator() || !action->isVisible())
            continue;
        if (const QChar letter = mnemonicOf(action->text()); !letter.isNull())
            found.insert(letter, describe(action, action->text()));
        if (action->menu())
            addMenuScopes(action->menu(), scopes);
    }
    scopes.append({ menu->title(), found });
}

QStringList clashesIn(const QString &scope, const Mnemonics &found)
{
    if (qEnvironmentVariableIsSet("LC_DUMP_MNEMONICS")) {
        QStringList all;
        for (auto it = found.cbegin(); it != found.cend(); ++it)
            all.append(QString(it.key()) + QStringLiteral(": ") + it.value());
        all.sort();
        qInfo("%s:\n%s", qPrintable(scope), qPrintable(all.join(u'\n')));
    }
    QStringList problems;
    for (const QChar letter : found.uniqueKeys()) {
        QStringList owners = found.values(letter);
        owners.removeDuplicates();
        if (owners.size() > 1) {
            owners.sort();
            problems.append(QStringLiteral("%1: Alt+%2: %3")
                                .arg(scope, letter, owners.join(QStringLiteral(", "))));
        }
    }
    return problems;
}

QStringList clashes(QWidget *window)
{
    return clashesIn(window->objectName(), mnemonics(window));
}

} // namespace

class TestMnemonicsGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void noTwoThingsShareAnAltKey_data();
    void noTwoThingsShareAnAltKey();
    void menusShareNoAltKey_data();
    void menusShareNoAltKey();

private:
    //! The window in `language` ("en" as written), shown with its table filled.
    bool openWindow(const QString &language);
    QTableView *table() const
    {
        return m_window->findChild<QTableView *>(QStringLiteral("observationTable"));
    }
    //! The clashes of a dialog the window opens with `open`, found as a child of type T.
    template <typename T> QStringList dialogClashes(const std::function<void()> &open);

    std::unique_ptr<WindowFixture> m_fixture;
    QTranslator m_translator;
    MainWindow *m_window = nullptr;
};

void TestMnemonicsGui::init()
{
    m_fixture = std::make_unique<WindowFixture>();
    QVERIFY2(m_fixture->openCache(), qPrintable(m_fixture->problem()));
}

void TestMnemonicsGui::cleanup()
{
    m_window = nullptr;
    m_fixture.reset();
    QCoreApplication::removeTranslator(&m_translator);
}

bool TestMnemonicsGui::openWindow(const QString &language)
{
    if (language != u"en") {
        if (!m_translator.load(QLocale(language), QStringLiteral("ledger-curator"),
                QStringLiteral("_"), QStringLiteral(":/i18n"))
            || !QCoreApplication::installTranslator(&m_translator))
            return false;
    }
    m_window = &m_fixture->makeWindow();
    m_window->resize(1400, 900);
    m_window->show();
    return QTest::qWaitForWindowExposed(m_window)
        && QTest::qWaitFor([this] { return table()->model()->rowCount() > 3; });
}

template <typename T> QStringList TestMnemonicsGui::dialogClashes(const std::function<void()> &open)
{
    open();
    T *dialog = nullptr;
    if (!QTest::qWaitFor([&dialog, this] {
            dialog = m_window->findChild<T *>();
            return dialog && dialog->isVisible();
        }))
        return { QStringLiteral("%1 did not open")
                     .arg(QString::fromLatin1(T::staticMetaObject.className())) };
    QStringList found = clashes(dialog);
    dialog->close();
    delete dialog;
    return found;
}

void TestMnemonicsGui::noTwoThingsShareAnAltKey_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("de") << QStringLiteral("de");
    QTest::newRow("fr") << QStringLiteral("fr");
}

void TestMnemonicsGui::noTwoThingsShareAnAltKey()
{
    QFETCH(QString, language);
    QVERIFY(openWindow(language));
    QStringList problems;
    auto *sideTabs = m_window->findChild<QTabWidget *>(QStringLiteral("sideTabs"));
    QVERIFY(sideTabs);
    // The window with nothing selected, one observation, several; the panel and the preview.
    for (int tab = 0; tab < sideTabs->count(); ++tab) {
        sideTabs->setCurrentIndex(tab);
        table()->clearSelection();
        problems += clashes(m_window);
        table()->selectRow(0);
        QTRY_VERIFY(m_window->selectedObservations().size() == 1);
        problems += clashes(m_window);
        table()->selectionModel()->select(
            QItemSelection(table()->model()->index(0, 0), table()->model()->index(2, 0)),
            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QTRY_VERIFY(m_window->selectedObservations().size() == 3);
        problems += clashes(m_window);
    }
    sideTabs->setCurrentIndex(0);
    // The dialogs and the secondary windows.
    problems += dialogClashes<SettingsDialog>([this] { m_window->showSettingsDialog(); });
    problems += dialogClashes<SyncSettingsDialog>([this] { m_window->showSyncSettings(); });
    problems += dialogClashes<DuplicatesDialog>(
        [this] { m_window->compareObservations(m_window->selectedObservations()); });
    m_window->findChild<QAction *>(QStringLiteral("searchAllAction"))->trigger();
    auto *search = m_window->findChild<SearchWindow *>();
    QVERIFY(search);
    for (QWidget *window :
        { static_cast<QWidget *>(search), static_cast<QWidget *>(m_window->noticesView()),
            static_cast<QWidget *>(m_window->noticeReview()) }) {
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        problems += clashes(window);
        window->close();
    }
    problems.removeDuplicates();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestMnemonicsGui::menusShareNoAltKey_data()
{
    noTwoThingsShareAnAltKey_data();
}

void TestMnemonicsGui::menusShareNoAltKey()
{
    // Within each menu of the window (and each submenu), as tst_i18ngui checks too.
    QFETCH(QString, language);
    QVERIFY(openWindow(language));
    table()->selectRow(0);
    QList<std::pair<QString, Mnemonics>> scopes;
    for (const QAction *action : m_window->menuBar()->actions()) {
        if (action->menu())
            addMenuScopes(action->menu(), scopes);
    }
    QVERIFY(scopes.size() >= 7);
    QStringList problems;
    for (const auto &[scope, found] : std::as_const(scopes))
        problems += clashesIn(scope, found);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

QTEST_MAIN(TestMnemonicsGui)
#include "tst_mnemonicsgui.moc"
