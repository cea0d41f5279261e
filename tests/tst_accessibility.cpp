// SPDX-License-Identifier: GPL-3.0-or-later
// Accessibility and comfort (issue 9): every control a person can reach has an accessible name,
// the tab order reaches the main controls, states are named in text and not only in colour, and
// the colours the app chooses itself stay readable on a light and on a dark palette.
#include "MainWindow.h"
#include "NoticeReviewWindow.h"
#include "Notices.h"
#include "ObservationTableModel.h"
#include "RetractionCsv.h"
#include "Screenshots.h"
#include "SettingsDialog.h"
#include "StateStyle.h"
#include "Store.h"
#include "SyncController.h"
#include "SyncSettingsDialog.h"
#include "TestSupport.h"
#include "ThemeText.h"
#include "WindowFixture.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QStyle>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <memory>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

class TestAccessibility : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void controlsHaveAccessibleNames();
    void dialogsHaveAccessibleNames();
    void panelEditorsSayTheirUpstreamValue();
    void refusalIsTiedToItsField();
    void keyboardReachesEveryPart();
    void menusWorkFromTheKeyboard();
    void statesAreNamedInText();
    void chosenColoursAreReadable_data();
    void chosenColoursAreReadable();
    void followsPaletteChanges();
    void screenshotsForTheSoftwareCentre();

private:
    //! A window on the fixture page, shown, with the table filled and the first row selected.
    std::unique_ptr<MainWindow> openWindow(Store &store);

    std::unique_ptr<WindowFixture> m_fixture; // the cache; each test makes its windows
};

namespace {

QString pathOf(const QWidget *w)
{
    QStringList parts;
    for (const QObject *o = w; o; o = o->parent())
        parts.prepend(o->objectName().isEmpty() ? QString::fromLatin1(o->metaObject()->className())
                                                : o->objectName());
    return parts.join(u'/');
}

//! Widgets a person can reach with the keyboard or the mouse, shown on screen, without a name
//! a screen reader could speak.
QStringList unnamedControls(QWidget *root)
{
    QStringList missing;
    const auto widgets = root->findChildren<QWidget *>();
    for (QWidget *w : widgets) {
        if (!w->isVisibleTo(root) || w->focusPolicy() == Qt::NoFocus)
            continue;
        // A spin box speaks for its line edit.
        if (qobject_cast<QMenuBar *>(w) || qobject_cast<QAbstractSpinBox *>(w->parentWidget()))
            continue;
        QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(w);
        const QString name = iface ? iface->text(QAccessible::Name).trimmed() : QString();
        // A choice is named by its value on Linux ("Both directions"), which says nothing of
        // what it chooses: it needs a label (the relation a screen reader follows).
        const auto *combo = qobject_cast<QComboBox *>(w);
        const bool unlabelled = combo && name == combo->currentText()
            && (!iface || iface->relations(QAccessible::Label).isEmpty());
        if (name.isEmpty() || unlabelled)
            missing << pathOf(w) + QStringLiteral(" (")
                    + QString::fromLatin1(w->metaObject()->className()) + u')';
    }
    return missing;
}

QString descriptionOf(QWidget *w)
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(w);
    return iface ? iface->text(QAccessible::Description) : QString();
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2d, 0x2d, 0x2d), base(0x1e, 0x1e, 0x1e), text(0xe8, 0xe8, 0xe8);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x6e, 0xb4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    return p;
}

QPalette lightPalette()
{
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    return fusion->standardPalette();
}

//! Sets the application palette for one test and puts the earlier one back afterwards.
class PaletteScope
{
public:
    explicit PaletteScope(const QPalette &palette) { QApplication::setPalette(palette); }
    ~PaletteScope() { QApplication::setPalette(m_original); }
    Q_DISABLE_COPY_MOVE(PaletteScope)

private:
    QPalette m_original = QApplication::palette();
};

} // namespace

std::unique_ptr<MainWindow> TestAccessibility::openWindow(Store &store)
{
    auto window = std::make_unique<MainWindow>(store);
    window->resize(1400, 900);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return {};
    auto *table = window->findChild<QTableView *>(QStringLiteral("observationTable"));
    if (!QTest::qWaitFor([table] { return table->model()->rowCount() == 34; }))
        return {};
    table->selectRow(0);
    QTest::qWait(50);
    return window;
}

void TestAccessibility::init()
{
    // The fixture page, and a retraction of its paper, so the banner and the retracted marks
    // show.
    m_fixture = std::make_unique<WindowFixture>();
    QVERIFY2(m_fixture->openCache(), qPrintable(m_fixture->problem()));
    Store &store = m_fixture->store();
    auto csv = parseRetractionCsv(readAll(dataPath(QStringLiteral("retractions-sample.csv"))),
        QStringLiteral("retractions-sample.csv"));
    QVERIFY(csv.ok());
    QVERIFY(store
                .importNotices(
                    standingNotices(*csv, QStringLiteral("2026-11-29T12:00:00.000Z")).notices)
                .ok());
}

void TestAccessibility::controlsHaveAccessibleNames()
{
    Store &store = m_fixture->store();
    MainWindow window(store);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    QTRY_COMPARE(table->model()->rowCount(), 34);
    table->selectRow(0);
    QTest::qWait(100);
    QStringList missing = unnamedControls(&window);
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u'\n')));
    // The direction filter is labelled for what it chooses, not only named by its value.
    auto *direction = window.findChild<QComboBox *>(QStringLiteral("directionFilter"));
    const auto labels
        = QAccessible::queryAccessibleInterface(direction)->relations(QAccessible::Label);
    QCOMPARE(labels.size(), 1);
    QCOMPARE(labels.first().first->text(QAccessible::Name), QStringLiteral("Direction:"));
    // The panel for several observations.
    table->selectionModel()->select(
        QItemSelection(table->model()->index(0, 0), table->model()->index(2, 0)),
        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QTRY_VERIFY(window.findChild<QWidget *>(QStringLiteral("batchEditPanel"))->isVisible());
    missing = unnamedControls(&window);
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u'\n')));
    // Settings.
    window.showSettingsDialog();
    SettingsDialog *settings = nullptr;
    QTRY_VERIFY((settings = window.findChild<SettingsDialog *>()) && settings->isVisible());
    missing = unnamedControls(settings);
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u'\n')));
    settings->close();
}

void TestAccessibility::dialogsHaveAccessibleNames()
{
    Store &store = m_fixture->store();
    auto window = openWindow(store);
    QVERIFY(window);

    NoticeReviewWindow review(store);
    review.show();
    QVERIFY(QTest::qWaitForWindowExposed(&review));
    QStringList missing = unnamedControls(&review);
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u'\n')));

    auto *sync = window->findChild<SyncController *>();
    QVERIFY(sync);
    SyncSettingsDialog settings(*sync, window.get());
    settings.show();
    QVERIFY(QTest::qWaitForWindowExposed(&settings));
    missing = unnamedControls(&settings);
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u'\n')));
}

void TestAccessibility::panelEditorsSayTheirUpstreamValue()
{
    // Each editor of the correction panel says the field's upstream value in its accessible
    // description, as the panel shows it beside the editor (whole, where the label elides it).
    Store &store = m_fixture->store();
    auto window = openWindow(store);
    QVERIFY(window);
    auto *panel = window->findChild<QWidget *>(QStringLiteral("curationPanel"));
    int editors = 0;
    for (QWidget *editor : panel->findChildren<QWidget *>()) {
        if (!editor->objectName().startsWith(QStringLiteral("editor-")))
            continue;
        ++editors;
        const QString key = editor->objectName().mid(7);
        auto *upstream = panel->findChild<QLabel *>(QStringLiteral("upstream-") + key);
        QVERIFY2(upstream, qPrintable(key));
        const QString value
            = upstream->toolTip().isEmpty() ? QStringLiteral("(none)") : upstream->toolTip();
        const QString expected = QStringLiteral("Upstream value: ") + value;
        QVERIFY2(descriptionOf(editor).startsWith(expected),
            qPrintable(key + QStringLiteral(": ") + descriptionOf(editor)));
        // An editable choice's line edit has the focus: it says it too.
        if (auto *combo = qobject_cast<QComboBox *>(editor); combo && combo->lineEdit())
            QVERIFY(descriptionOf(combo->lineEdit()).startsWith(expected));
    }
    QVERIFY(editors >= 8);
    // Another observation: the descriptions follow.
    auto *table = window->findChild<QTableView *>(QStringLiteral("observationTable"));
    auto *state = panel->findChild<QWidget *>(QStringLiteral("editor-state"));
    const QString before = descriptionOf(state);
    for (int row = 1; row < table->model()->rowCount() && descriptionOf(state) == before; ++row) {
        table->selectRow(row);
        QCoreApplication::processEvents();
    }
    QVERIFY(descriptionOf(state) != before);
    QVERIFY(descriptionOf(state).startsWith(QStringLiteral("Upstream value: ")
        + panel->findChild<QLabel *>(QStringLiteral("upstream-state"))->toolTip()));
}

void TestAccessibility::refusalIsTiedToItsField()
{
    // A refused identifier: the reason is in the field's own description (after its upstream
    // value); it goes again once the text is right. (The panel raises DescriptionChanged as
    // well, but offscreen QAccessible is never active, and Qt drops events before a handler.)
    Store &store = m_fixture->store();
    auto window = openWindow(store);
    QVERIFY(window);
    auto *identifier = window->findChild<QLineEdit *>(QStringLiteral("editor-identifier"));
    auto *problem = window->findChild<QLabel *>(QStringLiteral("problem-identifier"));
    QVERIFY(identifier && problem);
    QVERIFY(!descriptionOf(identifier).contains(u'\n'));
    identifier->setFocus(Qt::OtherFocusReason);
    identifier->selectAll();
    QTest::keyClicks(identifier, QStringLiteral("not an identifier"));
    QTRY_VERIFY(problem->isVisible());
    QVERIFY(!problem->text().isEmpty());
    QVERIFY2(descriptionOf(identifier).startsWith(QStringLiteral("Upstream value: ")),
        qPrintable(descriptionOf(identifier)));
    QVERIFY2(descriptionOf(identifier).endsWith(u'\n' + problem->text()),
        qPrintable(descriptionOf(identifier)));
    // Right again: the reason goes.
    identifier->clear();
    QTest::keyClicks(identifier, QStringLiteral("10.1234/abc"));
    QTRY_VERIFY(!problem->isVisible());
    QVERIFY(!descriptionOf(identifier).contains(u'\n'));
}

void TestAccessibility::keyboardReachesEveryPart()
{
    // Tab from the record list walks through the filter, the table and the correction editors
    // without the mouse; each part is reached before the chain comes back to the start.
    Store &store = m_fixture->store();
    auto window = openWindow(store);
    QVERIFY(window);
    auto *records = window->findChild<QWidget *>(QStringLiteral("recordList"));
    records->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(records->hasFocus());
    QSet<QString> reached;
    for (int i = 0; i < 200; ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QWidget *focus = QApplication::focusWidget();
        QVERIFY(focus);
        for (QWidget *w = focus; w; w = w->parentWidget()) {
            if (!w->objectName().isEmpty())
                reached.insert(w->objectName());
        }
        if (focus == records)
            break;
    }
    // (Apply is off, so out of the chain, until something is edited.)
    for (const char *name : { "filterEdit", "observationTable", "editor-state", "editor-identifier",
             "editor-note", "recordList" })
        QVERIFY2(reached.contains(QString::fromLatin1(name)), name);
}

void TestAccessibility::menusWorkFromTheKeyboard()
{
    // Every menu in the menu bar opens with Alt+letter (a unique mnemonic), and every command in
    // it has either a shortcut or a mnemonic of its own.
    Store &store = m_fixture->store();
    auto window = openWindow(store);
    QVERIFY(window);
    QSet<QChar> mnemonics;
    const auto menus = window->menuBar()->actions();
    QVERIFY(menus.size() >= 5);
    for (QAction *menuAction : menus) {
        const QString title = menuAction->text();
        const qsizetype amp = title.indexOf(u'&');
        QVERIFY2(amp >= 0 && amp + 1 < title.size(), qPrintable(title));
        const QChar key = title.at(amp + 1).toLower();
        QVERIFY2(
            !mnemonics.contains(key), qPrintable(QStringLiteral("mnemonic used twice: ") + title));
        mnemonics.insert(key);
        QMenu *menu = menuAction->menu();
        QVERIFY(menu);
        for (QAction *action : menu->actions()) {
            if (action->isSeparator() || action->menu())
                continue;
            QVERIFY2(!action->shortcut().isEmpty() || action->text().contains(u'&'),
                qPrintable(title + QStringLiteral(" > ") + action->text()));
        }
    }
}

void TestAccessibility::statesAreNamedInText()
{
    // The state column's badge is coloured, and it also says the state in words: for the table,
    // for its tooltip and for a screen reader.
    Store &store = m_fixture->store();
    auto window = openWindow(store);
    QVERIFY(window);
    auto *table = window->findChild<QTableView *>(QStringLiteral("observationTable"));
    QAbstractItemModel *model = table->model();
    QSet<QString> seen;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString text
            = model->index(row, ObservationTableModel::StateColumn).data().toString();
        QVERIFY2(!text.isEmpty(), qPrintable(QString::number(row)));
        seen.insert(text);
    }
    QVERIFY2(seen.contains(stateText(ResolutionState::Unresolved)),
        qPrintable(QStringList(seen.values()).join(u',')));
    QVERIFY(seen.contains(stateText(ResolutionState::MetadataMismatch)));
    // The summary bar's segments are coloured too; its description names every state and count.
    auto *summary = window->findChild<QWidget *>(QStringLiteral("summaryBar"));
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(summary);
    QVERIFY(iface);
    const QString description = iface->text(QAccessible::Description);
    QVERIFY2(description.contains(QStringLiteral("6 unresolved")), qPrintable(description));
    QVERIFY2(description.contains(QStringLiteral("5 metadata mismatch")), qPrintable(description));
    // The state chips carry their state's name, not only its colour.
    for (QToolButton *chip : window->findChildren<QToolButton *>()) {
        if (chip->objectName().startsWith(QStringLiteral("chip-")))
            QVERIFY2(!chip->text().trimmed().isEmpty()
                    && chip->text().contains(QRegularExpression(QStringLiteral("[a-z]"))),
                qPrintable(chip->objectName()));
    }
}

void TestAccessibility::chosenColoursAreReadable_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::newRow("light") << lightPalette();
    QTest::newRow("dark") << darkPalette();
}

void TestAccessibility::chosenColoursAreReadable()
{
    QFETCH(QPalette, palette);
    const QColor base = palette.color(QPalette::Base);
    const QColor window = palette.color(QPalette::Window);
    const QColor alternate = palette.color(QPalette::AlternateBase); // every other table row
    for (TextTone tone : { TextTone::Error, TextTone::Success, TextTone::Muted }) {
        QVERIFY2(contrastRatio(toneColor(tone, palette), base) >= 4.5,
            qPrintable(QString::number(contrastRatio(toneColor(tone, palette), base))));
        QVERIFY(contrastRatio(toneColor(tone, palette), window) >= 4.5);
        QVERIFY(contrastRatio(toneColor(tone, palette), alternate) >= 4.5);
    }
    const BannerColors banner = warningBannerColors(palette);
    QVERIFY(contrastRatio(banner.text, banner.background) >= 7.0);
    // A banner that matches the palette's own lightness: dark on a dark palette, light on a light
    // one.
    QCOMPARE(banner.background.lightnessF() < 0.5, isDarkPalette(palette));
    // The state badges: text on fill.
    for (ResolutionState state : kAllResolutionStates)
        QVERIFY(contrastRatio(stateTextColor(state), stateColor(state)) >= 4.5);
}

void TestAccessibility::followsPaletteChanges()
{
    // The app switches with the system between light and dark: the colours it chooses itself
    // (problem texts, the retracted mark, the retraction banner) follow the palette change.
    PaletteScope scope(lightPalette());
    Store &store = m_fixture->store();
    auto window = openWindow(store);
    QVERIFY(window);

    QLabel label;
    setTextTone(&label, TextTone::Error);
    QCOMPARE(
        label.palette().color(QPalette::WindowText), toneColor(TextTone::Error, lightPalette()));
    auto *banner = window->findChild<QWidget *>(QStringLiteral("retractionBanner"));
    QVERIFY(banner);
    QVERIFY(banner->styleSheet().contains(warningBannerColors(lightPalette()).background.name()));

    QApplication::setPalette(darkPalette());
    QCoreApplication::processEvents();
    // The views take the new palette, and the colours the app chose stay readable on it.
    auto *table = window->findChild<QTableView *>(QStringLiteral("observationTable"));
    QCOMPARE(table->palette().color(QPalette::Base), darkPalette().color(QPalette::Base));
    QCOMPARE(
        label.palette().color(QPalette::WindowText), toneColor(TextTone::Error, darkPalette()));
    QVERIFY2(banner->styleSheet().contains(warningBannerColors(darkPalette()).background.name()),
        qPrintable(banner->styleSheet()));
    QVariant foreground;
    for (int row = 0; row < table->model()->rowCount() && !foreground.isValid(); ++row)
        foreground = table->model()
                         ->index(row, ObservationTableModel::NoticesColumn)
                         .data(Qt::ForegroundRole);
    QVERIFY(foreground.isValid());
    QCOMPARE(foreground.value<QColor>(), toneColor(TextTone::Error, darkPalette()));
    QVERIFY(
        contrastRatio(foreground.value<QColor>(), table->palette().color(QPalette::Base)) >= 4.5);
    QVERIFY(banner->isVisible());
    QVERIFY(saveScreenshot(window.get(), QStringLiteral("ledger-curator-dark.png")));
}

void TestAccessibility::screenshotsForTheSoftwareCentre()
{
    // The screenshots the AppStream metainfo names (docs/screenshots/, 1600x1000): taken here so
    // they can be refreshed with LC_SCREENSHOT_DIR=docs/screenshots; tst_packaging checks that
    // the committed ones exist with the declared size.
    PaletteScope scope(lightPalette());
    Store &store = m_fixture->store();
    auto window = openWindow(store);
    QVERIFY(window);
    window->resize(1600, 1000);
    auto *table = window->findChild<QTableView *>(QStringLiteral("observationTable"));
    table->selectRow(6);
    QTest::qWait(300);
    const QImage main = window->grab().toImage();
    QCOMPARE(main.size(), QSize(1600, 1000));
    QVERIFY(saveScreenshot(main, QStringLiteral("main-window.png")));
    auto *tabs = window->findChild<QTabWidget *>(QStringLiteral("sideTabs"));
    tabs->setCurrentIndex(1);
    QTest::qWait(500);
    QVERIFY(saveScreenshot(window.get(), QStringLiteral("page-preview.png")));
}

int main(int argc, char *argv[])
{
    // The sync dialog asks the keyring: none here, and settings in a temporary HOME.
    QTemporaryDir home;
    if (!home.isValid())
        return 1;
    isolateDesktop(home.path());
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tst_accessibility"));
    TestAccessibility test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_accessibility.moc"
