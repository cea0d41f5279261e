// SPDX-License-Identifier: GPL-3.0-or-later
// What every curator sees, checked on the real main window: each text colour the app chooses
// meets 4.5:1 against every background it sits on, in a light, a dark and a high-contrast
// palette; Settings > Contrast switches to high contrast and back, with the badges, the banner
// and the preview following (and the dark palette followed by default); every focus stop
// changes pixels when it takes the focus; the window fits 960 logical pixels wide (200 % on a
// 1920 pixel screen) in English, German and French, however long a title or a banner.
#include "MainWindow.h"
#include "Notices.h"
#include "ObservationTableModel.h"
#include "RetractionCsv.h"
#include "Screenshots.h"
#include "SettingsDialog.h"
#include "SettingsKeys.h"
#include "StateStyle.h"
#include "Store.h"
#include "TestSupport.h"
#include "ThemeText.h"
#include "WindowFixture.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QListView>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QTranslator>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

// WCAG 2.1 relative luminance and contrast, computed here rather than taken from the code under
// test.
double channel(int value)
{
    const double c = value / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

//! text drawn over background, as the eye sees a translucent colour.
QColor over(const QColor &text, const QColor &background)
{
    const double a = text.alphaF();
    return QColor::fromRgbF(float(text.redF() * a + background.redF() * (1 - a)),
        float(text.greenF() * a + background.greenF() * (1 - a)),
        float(text.blueF() * a + background.blueF() * (1 - a)));
}

double wcagContrast(const QColor &translucent, const QColor &b)
{
    const QColor a = QColor::fromRgb(over(translucent, b).rgb());
    auto luminance = [](const QColor &c) {
        return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue());
    };
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QPalette lightPalette()
{
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    return fusion->standardPalette();
}

//! A dark palette whose alternate rows are lighter than its base, as the audit's was.
QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2d, 0x2d, 0x2d), base(0x1e, 0x1e, 0x1e), text(0xe8, 0xe8, 0xe8);
    for (QPalette::ColorGroup group : { QPalette::Active, QPalette::Inactive }) {
        p.setColor(group, QPalette::Window, window);
        p.setColor(group, QPalette::WindowText, text);
        p.setColor(group, QPalette::Base, base);
        p.setColor(group, QPalette::AlternateBase, QColor(0x5b, 0x5b, 0x5b));
        p.setColor(group, QPalette::Text, text);
        p.setColor(group, QPalette::Button, window);
        p.setColor(group, QPalette::ButtonText, text);
        p.setColor(group, QPalette::Highlight, QColor(0x3d, 0x6e, 0xb4));
        p.setColor(group, QPalette::HighlightedText, Qt::white);
        p.setColor(group, QPalette::PlaceholderText, QColor(0x80, 0x80, 0x80));
        p.setColor(group, QPalette::Link, QColor(0x6c, 0xa8, 0xf0));
    }
    return p;
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

QString pathOf(const QWidget *w)
{
    QStringList parts;
    for (const QObject *o = w; o; o = o->parent())
        parts.prepend(o->objectName().isEmpty() ? QString::fromLatin1(o->metaObject()->className())
                                                : o->objectName());
    return parts.join(u'/');
}

//! One text colour and the backgrounds it is drawn on, with the least contrast among them.
struct Pair
{
    QString what;
    QColor text;
    QList<QColor> backgrounds;
};

//! The fixture page with one observation of the record's own paper carrying `events` retraction
//! notices from the page: a banner that long.
Record recordWithNotices(int events)
{
    Record record = fixtureRecord();
    for (Observation &o : record.observations) {
        if (o.direction != Direction::Inbound || citedWorkKey(record, o).isEmpty())
            continue;
        o.events.status = EventsCheck::Status::Found;
        o.events.asOf = QStringLiteral("2026-08-05T06:32:48.257954+00:00");
        o.events.events.clear();
        for (int i = 0; i < events; ++i) {
            o.events.events.append({ EventKind::Retraction,
                QStringLiteral("2024-%1-%2")
                    .arg(1 + i % 12, 2, 10, QLatin1Char('0'))
                    .arg(1 + i, 2, 10, QLatin1Char('0')),
                QStringLiteral("retraction_status_cache"),
                QStringLiteral("10.1234/retract.%1").arg(2100 + i),
                QStringLiteral("Duplication of Article; Error in Data") });
        }
        break;
    }
    return record;
}

} // namespace

class TestVisualGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void ownColoursAreReadable_data();
    void ownColoursAreReadable();
    void highContrastFromSettings();
    void darkPaletteFollowedByDefault();
    void everyFocusStopShowsFocus();
    void fitsNineSixtyWide_data();
    void fitsNineSixtyWide();
    void longTitleLeavesTheTable();
    void longBannerStaysSmall();

private:
    MainWindow *openWindow(const QList<Record> &records, QSize size = { 1400, 900 });
    void setLanguage(const QString &language);

    std::unique_ptr<WindowFixture> m_fixture;
    QTranslator m_qt;
    QTranslator m_app;
};

void TestVisualGui::initTestCase()
{
    // The style the tests see everywhere: Fusion, which draws the same on every machine.
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(lightPalette());
}

void TestVisualGui::init()
{
    QSettings().remove(SettingsKeys::kContrast);
    m_fixture = std::make_unique<WindowFixture>();
}

void TestVisualGui::cleanup()
{
    m_fixture.reset();
    QCoreApplication::removeTranslator(&m_app);
    QCoreApplication::removeTranslator(&m_qt);
    QLocale::setDefault(QLocale::c());
    QSettings().remove(SettingsKeys::kContrast);
    QApplication::setPalette(lightPalette());
}

MainWindow *TestVisualGui::openWindow(const QList<Record> &records, QSize size)
{
    if (!m_fixture->openCache(records)) {
        qWarning() << m_fixture->problem();
        return nullptr;
    }
    MainWindow &window = m_fixture->makeWindow();
    window.resize(size);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return nullptr;
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    if (!QTest::qWaitFor([table] { return table->model()->rowCount() == 34; }))
        return nullptr;
    table->selectRow(0);
    QTest::qWait(50);
    return &window;
}

void TestVisualGui::setLanguage(const QString &language)
{
    if (language == u"en")
        return;
    const QLocale locale = language == u"de" ? QLocale(QLocale::German, QLocale::Germany)
                                             : QLocale(QLocale::French, QLocale::France);
    QLocale::setDefault(locale);
    // As main.cpp does: Qt's own strings, then the app's.
    QVERIFY(m_qt.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
        QLibraryInfo::path(QLibraryInfo::TranslationsPath)));
    QVERIFY(m_app.load(
        locale, QStringLiteral("ledger-curator"), QStringLiteral("_"), QStringLiteral(":/i18n")));
    QVERIFY(QCoreApplication::installTranslator(&m_qt));
    QVERIFY(QCoreApplication::installTranslator(&m_app));
}

void TestVisualGui::ownColoursAreReadable_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::newRow("light") << lightPalette();
    QTest::newRow("dark") << darkPalette();
    QTest::newRow("high contrast") << highContrastPalette();
}

void TestVisualGui::ownColoursAreReadable()
{
    // Every (text, background) pair of the app's own drawing, read from the window as it shows
    // the fixture page with a retraction of its paper (the banner, "⚠ Retracted", "this paper").
    QFETCH(QPalette, palette);
    PaletteScope scope(palette);
    QVERIFY2(m_fixture->openCache(), qPrintable(m_fixture->problem()));
    auto csv = parseRetractionCsv(readAll(dataPath(QStringLiteral("retractions-sample.csv"))),
        QStringLiteral("retractions-sample.csv"));
    QVERIFY(csv.ok());
    QVERIFY(m_fixture->store()
                .importNotices(
                    standingNotices(*csv, QStringLiteral("2026-11-29T12:00:00.000Z")).notices)
                .ok());
    MainWindow &window = m_fixture->makeWindow();
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    QTRY_COMPARE(table->model()->rowCount(), 34);
    table->selectRow(0);
    QTest::qWait(50);

    QList<Pair> pairs;
    const QPalette view = table->palette();
    const QList<QColor> rows { view.color(QPalette::Base), view.color(QPalette::AlternateBase) };
    const QList<QColor> everywhere
        = rows + QList<QColor> { window.palette().color(QPalette::Window) };

    // The table's coloured texts ("this paper", "⚠ Retracted", excluded rows...), on either row.
    QAbstractItemModel *model = table->model();
    QSet<QRgb> seen;
    for (int row = 0; row < model->rowCount(); ++row) {
        for (int column = 0; column < model->columnCount(); ++column) {
            const QVariant foreground = model->index(row, column).data(Qt::ForegroundRole);
            if (foreground.isValid() && !seen.contains(foreground.value<QColor>().rgb())) {
                seen.insert(foreground.value<QColor>().rgb());
                pairs.append({ QStringLiteral("table text ")
                        + model->headerData(column, Qt::Horizontal).toString(),
                    foreground.value<QColor>(), rows });
            }
        }
    }
    QVERIFY2(!seen.isEmpty(), "the table shows no text of the app's own colours");

    // The badges and the summary bar's segments: text on fill; an excluded row's badge text on
    // the rows and on the selection.
    for (ResolutionState state : kAllResolutionStates)
        pairs.append({ QStringLiteral("badge ") + stateKey(state), stateTextColor(state, view),
            { stateColor(state, view) } });
    pairs.append({ QStringLiteral("excluded badge"), view.color(QPalette::Text), rows });
    pairs.append({ QStringLiteral("excluded badge, selected"),
        readableOn(view.color(QPalette::HighlightedText),
            std::array<QColor, 1> { view.color(QPalette::Highlight) }),
        { view.color(QPalette::Highlight) } });

    // The chips: their text on the window, and on the state's fill when checked.
    const auto chips = window.findChildren<QToolButton *>();
    for (QToolButton *chip : chips) {
        if (chip->objectName().startsWith(QStringLiteral("chip-")))
            pairs.append({ chip->objectName(), chip->palette().color(QPalette::ButtonText),
                { chip->palette().color(QPalette::Window) } });
    }

    // The correction panel: upstream values, problems, hints, on the panel.
    const auto labels = window.findChildren<QLabel *>();
    for (QLabel *label : labels) {
        const QString name = label->objectName();
        if (name.startsWith(QStringLiteral("upstream-"))
            || name.startsWith(QStringLiteral("problem-")) || name == u"identifierHint"
            || name == u"panelWarning")
            pairs.append({ name, label->palette().color(QPalette::WindowText),
                { label->palette().color(QPalette::Window) } });
    }

    // The tones wherever they are used, and the placeholder texts of the fields.
    for (TextTone tone : { TextTone::Error, TextTone::Success, TextTone::Muted })
        pairs.append(
            { QStringLiteral("tone %1").arg(int(tone)), toneColor(tone, view), everywhere });
    auto *filter = window.findChild<QLineEdit *>(QStringLiteral("filterEdit"));
    QVERIFY(filter);
    pairs.append(
        { QStringLiteral("placeholder"), filter->palette().color(QPalette::PlaceholderText),
            { filter->palette().color(QPalette::Base) } });
    auto *summary = window.findChild<QWidget *>(QStringLiteral("summaryBar"));
    pairs.append({ QStringLiteral("summary legend"), summary->palette().color(QPalette::WindowText),
        { summary->palette().color(QPalette::Window) } });

    // The banner: its text on its background, as its style sheet says.
    auto *banner = window.findChild<QWidget *>(QStringLiteral("retractionBanner"));
    QVERIFY(banner);
    QTRY_VERIFY(banner->isVisible());
    const BannerColors colours = warningBannerColors(QApplication::palette(banner));
    QVERIFY2(
        banner->styleSheet().contains(colours.background.name()), qPrintable(banner->styleSheet()));
    QVERIFY(banner->styleSheet().contains(colours.text.name()));
    pairs.append({ QStringLiteral("banner"), colours.text, { colours.background } });

    QStringList failures;
    for (const Pair &pair : std::as_const(pairs)) {
        double lowest = 21.0;
        for (const QColor &background : pair.backgrounds)
            lowest = std::min(lowest, wcagContrast(pair.text, background));
        qInfo("%s: %s %.2f:1", QTest::currentDataTag(), qPrintable(pair.what), lowest);
        if (lowest < 4.5)
            failures.append(QStringLiteral("%1 %2: %3:1")
                                .arg(pair.what, pair.text.name())
                                .arg(lowest, 0, 'f', 2));
    }
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(u'\n')));
    QVERIFY(saveScreenshot(&window,
        QStringLiteral("visual-colours-%1.png")
            .arg(QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'-'))));
}

void TestVisualGui::highContrastFromSettings()
{
    MainWindow *window = openWindow({ recordWithNotices(2) });
    QVERIFY(window);
    const QPalette system = QApplication::palette();
    QVERIFY(!isHighContrastPalette(system));
    auto *table = window->findChild<QTableView *>(QStringLiteral("observationTable"));
    auto *tabs = window->findChild<QTabWidget *>(QStringLiteral("sideTabs"));
    auto *browser = window->findChild<QTextBrowser *>(QStringLiteral("previewBrowser"));
    auto *banner = window->findChild<QWidget *>(QStringLiteral("retractionBanner"));
    QVERIFY(table && tabs && browser && banner);
    QTRY_VERIFY(banner->isVisible());
    tabs->setCurrentIndex(1);
    QTest::qWait(200);
    auto pagePixel = [browser] { return browser->viewport()->grab().toImage().pixelColor(4, 4); };
    const QColor lightBadge = stateColor(ResolutionState::Unresolved, table->palette());
    QVERIFY2(pagePixel().lightness() > 200, qPrintable(pagePixel().name())); // white paper

    auto choose = [window](int index) {
        SettingsDialog dialog(nullptr, window);
        auto *contrast = dialog.findChild<QComboBox *>(QStringLiteral("contrastCombo"));
        QVERIFY(contrast);
        QCOMPARE(contrast->count(), 2);
        contrast->setCurrentIndex(index);
        dialog.accept();
    };
    choose(1);
    QCOMPARE(QSettings().value(SettingsKeys::kContrast).toString(), SettingsKeys::kContrastHigh);
    QCOMPARE(contrastSetting(), ContrastChoice::High);
    QVERIFY(isHighContrastPalette(QApplication::palette()));
    QTRY_COMPARE(table->palette().color(QPalette::Base), QColor(Qt::black));
    // The badges, the banner and the page follow.
    const QColor highBadge = stateColor(ResolutionState::Unresolved, table->palette());
    QVERIFY2(highBadge != lightBadge, qPrintable(highBadge.name()));
    QCOMPARE(highBadge, stateColor(ResolutionState::Unresolved, highContrastPalette()));
    QVERIFY2(
        banner->styleSheet().contains(QStringLiteral("#000000")), qPrintable(banner->styleSheet()));
    QTRY_VERIFY2(pagePixel().lightness() < 40, qPrintable(pagePixel().name()));
    QVERIFY(saveScreenshot(window, QStringLiteral("visual-high-contrast.png")));

    // And back to the system's palette.
    choose(0);
    QCOMPARE(contrastSetting(), ContrastChoice::System);
    QVERIFY(!isHighContrastPalette(QApplication::palette()));
    QCOMPARE(QApplication::palette().color(QPalette::Window), system.color(QPalette::Window));
    QCOMPARE(QApplication::palette().color(QPalette::Base), system.color(QPalette::Base));
    QTRY_COMPARE(stateColor(ResolutionState::Unresolved, table->palette()), lightBadge);
    QTRY_VERIFY2(pagePixel().lightness() > 200, qPrintable(pagePixel().name()));
}

void TestVisualGui::darkPaletteFollowedByDefault()
{
    // Without a choice in Settings the app follows the system's palette: a dark one gives dark
    // badges and a dark page.
    MainWindow *window = openWindow({ fixtureRecord() });
    QVERIFY(window);
    auto *tabs = window->findChild<QTabWidget *>(QStringLiteral("sideTabs"));
    auto *browser = window->findChild<QTextBrowser *>(QStringLiteral("previewBrowser"));
    auto *table = window->findChild<QTableView *>(QStringLiteral("observationTable"));
    tabs->setCurrentIndex(1);
    PaletteScope scope(darkPalette());
    QTest::qWait(200);
    const QColor page = browser->viewport()->grab().toImage().pixelColor(4, 4);
    QVERIFY2(page.lightness() < 60, qPrintable(page.name()));
    QCOMPARE(stateColor(ResolutionState::VerifiedExact, table->palette()),
        stateColor(ResolutionState::VerifiedExact, darkPalette()));
    QVERIFY(stateColor(ResolutionState::VerifiedExact, darkPalette())
        != stateColor(ResolutionState::VerifiedExact, lightPalette()));
    // The badge in the table is drawn in the dark fill.
    const QImage image = table->viewport()->grab().toImage();
    const QRect cell
        = table->visualRect(table->model()->index(1, ObservationTableModel::StateColumn));
    const QColor expected
        = stateColor(ResolutionState(table->model()
                                         ->index(1, ObservationTableModel::StateColumn)
                                         .data(ObservationTableModel::StateRole)
                                         .toInt()),
            darkPalette());
    bool found = false;
    for (int x = cell.left(); x < cell.right() && !found; ++x) {
        const QColor c = image.pixelColor(x, cell.center().y());
        found = std::abs(c.red() - expected.red()) < 8 && std::abs(c.green() - expected.green()) < 8
            && std::abs(c.blue() - expected.blue()) < 8;
    }
    QVERIFY2(found, qPrintable(expected.name()));
}

void TestVisualGui::everyFocusStopShowsFocus()
{
    // Tab from the record list round the whole window, as a keyboard user does: each widget Tab
    // stops at looks different with the focus (grabbed on arrival) from without it (grabbed
    // again once Tab has moved on).
    MainWindow *window = openWindow({ recordWithNotices(2) }); // the banner's buttons too
    QVERIFY(window);
    auto *records = window->findChild<QWidget *>(QStringLiteral("recordList"));
    records->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(records->hasFocus());
    QTest::keyClick(records, Qt::Key_Tab);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab); // back, by the keyboard
    QTRY_VERIFY(records->hasFocus());

    QList<QWidget *> stops;
    QStringList unchanged;
    QStringList names;
    QWidget *focus = records;
    QImage focused = focus->grab().toImage();
    for (int i = 0; i < 80; ++i) {
        QTest::keyClick(focus, Qt::Key_Tab);
        QTest::qWait(20);
        QWidget *next = QApplication::focusWidget();
        QVERIFY(next);
        const QImage without = focus->grab().toImage();
        stops.append(focus);
        names.append(pathOf(focus));
        if (without == focused)
            unchanged.append(pathOf(focus));
        if (next == records)
            break;
        focus = next;
        focused = focus->grab().toImage();
    }
    qInfo("%lld focus stops:\n%s", qlonglong(stops.size()), qPrintable(names.join(u'\n')));
    QVERIFY2(stops.size() >= 15, qPrintable(QString::number(stops.size())));
    QCOMPARE(QApplication::focusWidget(), records); // round the window and back
    for (const char *name : { "observationTable", "historyView", "chip-unresolved" }) {
        auto *w = window->findChild<QWidget *>(QString::fromLatin1(name));
        QVERIFY2(stops.contains(w), name);
    }
    QVERIFY(!stops.contains(window->findChild<QScrollArea *>(QStringLiteral("panelScroll"))));
    QVERIFY2(unchanged.isEmpty(), qPrintable(unchanged.join(u'\n')));
}

void TestVisualGui::fitsNineSixtyWide_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("de") << QStringLiteral("de");
    QTest::newRow("fr") << QStringLiteral("fr");
}

void TestVisualGui::fitsNineSixtyWide()
{
    // 200 % on a 1920x1080 screen leaves 960 logical pixels: the window goes that narrow with
    // every part on screen, in each language.
    QFETCH(QString, language);
    setLanguage(language);
    MainWindow *window = openWindow({ recordWithNotices(2) }, { 960, 1040 });
    QVERIFY(window);
    const int minimum = window->minimumSizeHint().width();
    qInfo("%s: minimum size %d x %d", qPrintable(language), minimum,
        window->minimumSizeHint().height());
    QTest::qWait(100);
    QCOMPARE(window->width(), 960);
    // Nothing past the window's right edge: the panes, the panel's buttons, the status bar.
    QStringList outside;
    for (const char *name : { "recordList", "observationTable", "sideTabs", "filterEdit",
             "retractionBanner", "summaryBar" }) {
        auto *w = window->findChild<QWidget *>(QString::fromLatin1(name));
        QVERIFY2(w, name);
        const QRect r(w->mapTo(window, QPoint(0, 0)), w->size());
        if (w->isVisible() && r.right() >= window->width())
            outside.append(QString::fromLatin1(name));
    }
    auto *tabs = window->findChild<QTabWidget *>(QStringLiteral("sideTabs"));
    const auto buttons = tabs->findChildren<QAbstractButton *>();
    for (QAbstractButton *b : buttons) {
        const QRect r(b->mapTo(window, QPoint(0, 0)), b->size());
        if (b->isVisible() && r.right() >= window->width())
            outside.append(b->objectName() + u' ' + b->text());
    }
    QVERIFY(saveScreenshot(window, QStringLiteral("visual-960-%1.png").arg(language)));
    QVERIFY2(outside.isEmpty(), qPrintable(outside.join(u", ")));
    auto *table = window->findChild<QTableView *>(QStringLiteral("observationTable"));
    QVERIFY2(table->width() >= 240, qPrintable(QString::number(table->width())));

    // And the screen's height: 540 logical pixels, less a title bar.
    QVERIFY2(window->minimumSizeHint().height() <= 500,
        qPrintable(QString::number(window->minimumSizeHint().height())));
    window->resize(960, 500);
    QTest::qWait(100);
    QCOMPARE(window->size(), QSize(960, 500));
    QVERIFY(saveScreenshot(window, QStringLiteral("visual-960x500-%1.png").arg(language)));
}

void TestVisualGui::longTitleLeavesTheTable()
{
    // A title of 240,000 characters is elided in the heading and the record list: the table
    // keeps most of the height and the window its width.
    Record record = fixtureRecord();
    QString title;
    while (title.size() < 240000)
        title += QStringLiteral("Attention is not all you need but it helps ");
    record.title = title.left(240000);
    MainWindow *window = openWindow({ record }, { 960, 1040 });
    QVERIFY(window);
    QTest::qWait(100);
    QVERIFY2(window->minimumSizeHint().width() <= 960,
        qPrintable(QString::number(window->minimumSizeHint().width())));
    auto *table = window->findChild<QTableView *>(QStringLiteral("observationTable"));
    auto *heading = window->findChild<QLabel *>(QStringLiteral("recordHeading"));
    QVERIFY(heading);
    QVERIFY2(heading->height() <= 4 * heading->fontMetrics().lineSpacing(),
        qPrintable(QString::number(heading->height())));
    QVERIFY2(table->height() >= window->height() / 2,
        qPrintable(QStringLiteral("%1 of %2").arg(table->height()).arg(window->height())));
    auto *records = window->findChild<QListView *>(QStringLiteral("recordList"));
    const QRect item = records->visualRect(records->model()->index(0, 0));
    QVERIFY2(item.height() <= records->height() / 2, qPrintable(QString::number(item.height())));
    QVERIFY(heading->text().contains(QStringLiteral("…")));
    QVERIFY(saveScreenshot(window, QStringLiteral("visual-long-title.png")));
}

void TestVisualGui::longBannerStaysSmall()
{
    // 27 notices on the record's own paper: the banner's text scrolls within a few lines.
    MainWindow *window = openWindow({ recordWithNotices(27) }, { 960, 1040 });
    QVERIFY(window);
    auto *banner = window->findChild<QWidget *>(QStringLiteral("retractionBanner"));
    QVERIFY(banner);
    QTRY_VERIFY(banner->isVisible());
    auto *text = banner->findChild<QLabel *>(QStringLiteral("retractionBannerText"));
    QVERIFY(text->text().count(QStringLiteral("10.1234/retract.")) >= 27);
    QTest::qWait(100);
    QVERIFY2(banner->height() <= window->height() / 5,
        qPrintable(QStringLiteral("%1 of %2").arg(banner->height()).arg(window->height())));
    auto *table = window->findChild<QTableView *>(QStringLiteral("observationTable"));
    QVERIFY2(table->height() >= window->height() / 2,
        qPrintable(QStringLiteral("%1 of %2").arg(table->height()).arg(window->height())));
    QVERIFY(saveScreenshot(window, QStringLiteral("visual-long-banner.png")));
}

QTEST_MAIN(TestVisualGui)
#include "tst_visualgui.moc"
