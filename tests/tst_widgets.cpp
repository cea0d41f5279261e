// SPDX-License-Identifier: GPL-3.0-or-later
// State colours, the summary bar and the state badge delegate, checked on rendered pixels.
#include "MeasuringDelegate.h"
#include "ObservationTableModel.h"
#include "Screenshots.h"
#include "StateBadgeDelegate.h"
#include "StateStyle.h"
#include "SummaryBar.h"

#include <QDir>
#include <QHeaderView>
#include <QImage>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>
#include <QtTest>

#include <cmath>

using namespace LedgerCurator;

Q_DECLARE_METATYPE(LedgerCurator::ResolutionState)

namespace {

using Counts = std::array<int, kResolutionStateCount>;
const Counts kFixtureCounts { 23, 0, 6, 0, 0, 5 };

// WCAG 2 relative luminance and contrast ratio, computed here rather than taken from the code
// under test.
double channel(int value)
{
    const double c = value / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double luminance(const QColor &color)
{
    return 0.2126 * channel(color.red()) + 0.7152 * channel(color.green())
        + 0.0722 * channel(color.blue());
}

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

bool near(const QColor &actual, const QColor &expected, int tolerance = 10)
{
    return std::abs(actual.red() - expected.red()) <= tolerance
        && std::abs(actual.green() - expected.green()) <= tolerance
        && std::abs(actual.blue() - expected.blue()) <= tolerance;
}

QString describe(const QColor &color)
{
    return color.name();
}

//! A picture to look at, in LC_SCREENSHOT_DIR when that is set: lc-widgets-NAME.png.
bool saveWidgetShot(const QImage &image, const QString &name)
{
    return TestSupport::saveScreenshot(
        image, QStringLiteral("lc-widgets-") + name + QStringLiteral(".png"));
}

} // namespace

class TestWidgets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stateColorsAreDistinct();
    void textContrast_data();
    void textContrast();
    void shortTextsAreDistinct();

    void summaryText_data();
    void summaryText();
    void segmentsAreProportional();
    void smallCountsStayVisible();
    void segmentPixels_data();
    void segmentPixels();
    void legendNamesTheNonZeroStates();
    void segmentToolTip();
    void legendShortensWhenNarrow();
    void emptyBar();

    void badgePaintsTheStateColour_data();
    void badgePaintsTheStateColour();
    void selectionAndExclusionStayVisible();
    void badgeSizeHintFitsTheLongestState();
    void columnsFitAlikeWithSizesKept();

private:
    struct Shown
    {
        std::unique_ptr<QWidget> window;
        SummaryBar *bar = nullptr;
    };
    static Shown showBar(const Counts &counts);
};

void TestWidgets::stateColorsAreDistinct()
{
    for (ResolutionState a : kAllResolutionStates) {
        for (ResolutionState b : kAllResolutionStates) {
            if (a == b)
                continue;
            const QColor ca = stateColor(a);
            const QColor cb = stateColor(b);
            const int distance = std::abs(ca.red() - cb.red()) + std::abs(ca.green() - cb.green())
                + std::abs(ca.blue() - cb.blue());
            QVERIFY2(
                distance > 90, qPrintable(stateText(a) + QStringLiteral(" vs ") + stateText(b)));
        }
    }
}

void TestWidgets::textContrast_data()
{
    QTest::addColumn<ResolutionState>("state");
    for (ResolutionState state : kAllResolutionStates)
        QTest::newRow(qPrintable(stateKey(state))) << state;
}

void TestWidgets::textContrast()
{
    QFETCH(ResolutionState, state);
    const double ratio = contrastRatio(stateColor(state), stateTextColor(state));
    QVERIFY2(ratio >= 4.5, qPrintable(QString::number(ratio)));
    QCOMPARE(stateColor(state).alpha(), 255);
    QCOMPARE(stateTextColor(state).alpha(), 255);
}

void TestWidgets::shortTextsAreDistinct()
{
    QStringList texts;
    for (ResolutionState state : kAllResolutionStates)
        texts.append(stateShortText(state));
    QCOMPARE(texts.size(), kResolutionStateCount);
    texts.removeDuplicates();
    QCOMPARE(texts.size(), kResolutionStateCount);
    QVERIFY(!texts.contains(QString()));
}

TestWidgets::Shown TestWidgets::showBar(const Counts &counts)
{
    Shown shown;
    shown.window = std::make_unique<QWidget>();
    shown.bar = new SummaryBar(shown.window.get());
    shown.bar->setCounts(counts);
    shown.window->resize(600, 60);
    shown.bar->setGeometry(0, 0, 600, 60);
    shown.window->show();
    if (!QTest::qWaitForWindowExposed(shown.window.get()))
        return {};
    return shown;
}

void TestWidgets::summaryText_data()
{
    QTest::addColumn<Counts>("counts");
    QTest::addColumn<QString>("expected");
    QTest::newRow("fixture") << kFixtureCounts
                             << QStringLiteral("34 observations: 23 verified exact, 6 unresolved, "
                                               "5 metadata mismatch");
    QTest::newRow("one") << Counts { 0, 0, 0, 1, 0, 0 }
                         << QStringLiteral("1 observation: 1 parse uncertain");
    QTest::newRow("all") << Counts { 1, 2, 3, 4, 5, 6 }
                         << QStringLiteral("21 observations: 1 verified exact, 2 verified fuzzy, "
                                           "3 unresolved, 4 parse uncertain, 5 malformed "
                                           "identifier, 6 metadata mismatch");
    QTest::newRow("empty") << Counts {} << QStringLiteral("No observations");
    QTest::newRow("negative") << Counts { -3, 0, 0, 0, 0, 0 } << QStringLiteral("No observations");
}

void TestWidgets::summaryText()
{
    QFETCH(Counts, counts);
    QFETCH(QString, expected);
    SummaryBar bar;
    bar.setCounts(kFixtureCounts); // from something to counts, so that the update is seen
    bar.setCounts(counts);
    QCOMPARE(bar.summaryText(), expected);
    QCOMPARE(bar.toolTip(), expected);
    QCOMPARE(bar.accessibleDescription(), expected);
    QCOMPARE(bar.objectName(), QStringLiteral("summaryBar"));
}

void TestWidgets::segmentsAreProportional()
{
    SummaryBar bar;
    bar.setCounts(kFixtureCounts);
    QCOMPARE(bar.counts(), kFixtureCounts);
    bar.resize(600, 60);
    const QRect barRect = bar.barRect();
    QVERIFY(QRect(0, 0, 600, 60).contains(barRect));
    QVERIFY(barRect.width() >= 590);

    int x = barRect.left();
    for (ResolutionState state : kAllResolutionStates) {
        const int count = kFixtureCounts[static_cast<int>(state)];
        const QRect segment = bar.segmentRect(state);
        if (count == 0) {
            QVERIFY(segment.isEmpty());
            continue;
        }
        QCOMPARE(segment.left(), x); // side by side, in state order
        QCOMPARE(segment.top(), barRect.top());
        QCOMPARE(segment.height(), barRect.height());
        const double expected = barRect.width() * count / 34.0;
        QVERIFY2(std::abs(segment.width() - expected) <= 1.0,
            qPrintable(QString::number(segment.width()) + QStringLiteral(" vs ")
                + QString::number(expected)));
        x += segment.width();
    }
    QCOMPARE(x, barRect.right() + 1);
}

void TestWidgets::smallCountsStayVisible()
{
    SummaryBar bar;
    bar.resize(600, 60);
    bar.setCounts({ 100000, 1, 0, 0, 2, 0 });
    const int width = bar.barRect().width();
    QCOMPARE(bar.segmentRect(ResolutionState::VerifiedFuzzy).width(), SummaryBar::kMinSegmentWidth);
    QCOMPARE(bar.segmentRect(ResolutionState::MalformedIdentifier).width(),
        SummaryBar::kMinSegmentWidth);
    QCOMPARE(bar.segmentRect(ResolutionState::VerifiedExact).width(),
        width - 2 * SummaryBar::kMinSegmentWidth);

    // Too narrow for every minimum: the segments share the width equally and still fill it.
    bar.resize(40, 60);
    bar.setCounts({ 1, 1, 1, 1, 1, 1000 });
    int sum = 0;
    for (ResolutionState state : kAllResolutionStates) {
        const int w = bar.segmentRect(state).width();
        QVERIFY(w >= bar.barRect().width() / kResolutionStateCount);
        sum += w;
    }
    QCOMPARE(sum, bar.barRect().width());
}

void TestWidgets::segmentPixels_data()
{
    QTest::addColumn<ResolutionState>("state");
    QTest::addColumn<int>("before"); // observations in the segments to the left
    QTest::newRow("verified exact") << ResolutionState::VerifiedExact << 0;
    QTest::newRow("unresolved") << ResolutionState::Unresolved << 23;
    QTest::newRow("metadata mismatch") << ResolutionState::MetadataMismatch << 29;
}

void TestWidgets::segmentPixels()
{
    QFETCH(ResolutionState, state);
    QFETCH(int, before);
    Shown shown = showBar(kFixtureCounts);
    QVERIFY(shown.bar);
    SummaryBar *bar = shown.bar;
    const QImage image = bar->grab().toImage();
    QCOMPARE(image.size(), QSize(600, 60));
    if (state == ResolutionState::VerifiedExact)
        QVERIFY(saveWidgetShot(image, QStringLiteral("summarybar")));

    // Where the segment should be, from the counts alone.
    const QRect barRect = bar->barRect();
    const int count = kFixtureCounts[static_cast<int>(state)];
    const int centreX = barRect.left() + qRound(barRect.width() * (before + count / 2.0) / 34.0);
    // The count is written at the very centre; the fill shows above it and to either side.
    const QList<QPoint> points { QPoint(centreX, barRect.top() + 3),
        QPoint(centreX - 25, barRect.center().y()), QPoint(centreX + 25, barRect.center().y()) };
    for (const QPoint &point : points) {
        const QColor actual = image.pixelColor(point);
        QVERIFY2(near(actual, stateColor(state)),
            qPrintable(
                describe(actual) + QStringLiteral(" at %1,%2").arg(point.x()).arg(point.y())));
        QCOMPARE(bar->stateAt(point), std::optional(state));
    }
    // The count itself is drawn in the text colour somewhere in the segment.
    const QRect segment = bar->segmentRect(state);
    bool textSeen = false;
    for (int x = segment.left(); x <= segment.right() && !textSeen; ++x) {
        for (int y = segment.top(); y <= segment.bottom() && !textSeen; ++y)
            textSeen = near(image.pixelColor(x, y), stateTextColor(state), 40);
    }
    QVERIFY(textSeen);

    QSignalSpy spy(bar, &SummaryBar::stateClicked);
    QTest::mouseClick(bar, Qt::LeftButton, {}, points.first());
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy.at(0).at(0).value<ResolutionState>(), state);
    QTest::mouseClick(bar, Qt::RightButton, {}, points.first());
    QCOMPARE(spy.size(), 1);
}

void TestWidgets::legendNamesTheNonZeroStates()
{
    Shown shown = showBar(kFixtureCounts);
    QVERIFY(shown.bar);
    SummaryBar *bar = shown.bar;
    const QImage image = bar->grab().toImage();

    // Walk across the legend row: each entry starts with its swatch and is a click target.
    const int y = bar->barRect().bottom() + 4 + bar->fontMetrics().height() / 2;
    QVERIFY(y < bar->height());
    QList<ResolutionState> seen;
    QList<QPoint> starts;
    for (int x = 0; x < bar->width(); ++x) {
        const auto state = bar->stateAt(QPoint(x, y));
        if (state && (seen.isEmpty() || seen.last() != *state)) {
            seen.append(*state);
            starts.append(QPoint(x, y));
        }
    }
    const QList<ResolutionState> expected { ResolutionState::VerifiedExact,
        ResolutionState::Unresolved, ResolutionState::MetadataMismatch };
    QCOMPARE(seen, expected);
    for (qsizetype i = 0; i < seen.size(); ++i) {
        const QPoint swatch = starts[i] + QPoint(bar->fontMetrics().ascent() / 2, 0);
        QVERIFY2(near(image.pixelColor(swatch), stateColor(seen[i])),
            qPrintable(describe(image.pixelColor(swatch))));
    }

    QSignalSpy spy(bar, &SummaryBar::stateClicked);
    QTest::mouseClick(bar, Qt::LeftButton, {}, starts[1] + QPoint(20, 0));
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy.at(0).at(0).value<ResolutionState>(), ResolutionState::Unresolved);
}

void TestWidgets::segmentToolTip()
{
    Shown shown = showBar(kFixtureCounts);
    QVERIFY(shown.bar);
    SummaryBar *bar = shown.bar;
    const QPoint pos = bar->segmentRect(ResolutionState::Unresolved).center();
    QHelpEvent help(QEvent::ToolTip, pos, bar->mapToGlobal(pos));
    QApplication::sendEvent(bar, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    QCOMPARE(QToolTip::text(), QStringLiteral("unresolved: 6 of 34"));
    QToolTip::hideText();
}

namespace {

//! The states whose legend entries a walk along the legend row meets, in order.
QList<ResolutionState> legendStates(const SummaryBar &bar)
{
    const int y = bar.barRect().bottom() + 4 + bar.fontMetrics().height() / 2;
    QList<ResolutionState> seen;
    for (int x = 0; x < bar.width(); ++x) {
        const auto state = bar.stateAt(QPoint(x, y));
        if (state && (seen.isEmpty() || seen.last() != *state))
            seen.append(*state);
    }
    return seen;
}

} // namespace

void TestWidgets::legendShortensWhenNarrow()
{
    const Counts all { 1, 2, 3, 4, 5, 6 };
    Shown shown = showBar(all);
    QVERIFY(shown.bar);
    SummaryBar *bar = shown.bar;
    QVERIFY(bar->sizeHint().width() > 600); // six full entries need more than 600 pixels
    QVERIFY(saveWidgetShot(bar->grab().toImage(), QStringLiteral("summarybar-all")));
    // Short names: all six still fit.
    QCOMPARE(legendStates(*bar),
        QList<ResolutionState>(kAllResolutionStates.begin(), kAllResolutionStates.end()));

    bar->resize(bar->sizeHint());
    QVERIFY(saveWidgetShot(bar->grab().toImage(), QStringLiteral("summarybar-wide")));
    QCOMPARE(legendStates(*bar).size(), kResolutionStateCount);

    // Narrower still: the entries that do not fit are left out, the others keep their order.
    bar->resize(200, 60);
    QVERIFY(saveWidgetShot(bar->grab().toImage(), QStringLiteral("summarybar-narrow")));
    const QList<ResolutionState> narrow = legendStates(*bar);
    QVERIFY(!narrow.isEmpty());
    QVERIFY(narrow.size() < kResolutionStateCount);
    for (qsizetype i = 0; i < narrow.size(); ++i)
        QCOMPARE(narrow[i], kAllResolutionStates[i]);
    // Every segment is still there.
    for (ResolutionState state : kAllResolutionStates)
        QVERIFY(bar->segmentRect(state).width() >= SummaryBar::kMinSegmentWidth);
}

void TestWidgets::emptyBar()
{
    Shown shown = showBar({});
    QVERIFY(shown.bar);
    SummaryBar *bar = shown.bar;
    QCOMPARE(bar->summaryText(), QStringLiteral("No observations"));
    for (ResolutionState state : kAllResolutionStates)
        QVERIFY(bar->segmentRect(state).isEmpty());
    const QImage image = bar->grab().toImage();
    QVERIFY(saveWidgetShot(image, QStringLiteral("summarybar-empty")));
    const QRect barRect = bar->barRect();
    for (int x = barRect.left(); x <= barRect.right(); x += 5) {
        const QPoint point(x, barRect.top() + 3);
        QVERIFY(!bar->stateAt(point));
        for (ResolutionState state : kAllResolutionStates)
            QVERIFY(!near(image.pixelColor(point), stateColor(state), 20));
    }
    // The neutral outline is there.
    QVERIFY(image.pixelColor(barRect.center().x(), barRect.top())
        != image.pixelColor(barRect.center()));
    QSignalSpy spy(bar, &SummaryBar::stateClicked);
    QTest::mouseClick(bar, Qt::LeftButton, {}, barRect.center());
    QCOMPARE(spy.size(), 0);
    QVERIFY(bar->minimumSizeHint().width()
        >= bar->fontMetrics().horizontalAdvance(QStringLiteral("No observations")));
}

namespace {

struct BadgeTable
{
    std::unique_ptr<QStandardItemModel> model;
    std::unique_ptr<QTableView> view;
    StateBadgeDelegate *delegate = nullptr;
};

//! One row per state, the state column painted by the delegate, a title beside it.
BadgeTable badgeTable()
{
    BadgeTable t;
    t.model = std::make_unique<QStandardItemModel>(kResolutionStateCount + 1, 2);
    for (int row = 0; row <= kResolutionStateCount; ++row) {
        // The last row repeats "unresolved", excluded.
        const ResolutionState state
            = row < kResolutionStateCount ? kAllResolutionStates[row] : ResolutionState::Unresolved;
        auto *item = new QStandardItem(stateText(state));
        item->setData(int(state), ObservationTableModel::StateRole);
        item->setData(row == kResolutionStateCount, ObservationTableModel::ExcludedRole);
        t.model->setItem(row, 0, item);
        t.model->setItem(row, 1,
            new QStandardItem(row == kResolutionStateCount
                    ? QStringLiteral("An excluded observation")
                    : QStringLiteral("Citing paper %1").arg(row + 1)));
    }
    t.view = std::make_unique<QTableView>();
    t.view->setObjectName(QStringLiteral("badgeTable"));
    t.view->setModel(t.model.get());
    t.delegate = new StateBadgeDelegate(t.view.get());
    t.view->setItemDelegateForColumn(0, t.delegate);
    t.view->resizeColumnsToContents();
    t.view->resizeRowsToContents();
    t.view->resize(480, 260);
    return t;
}

QStyleOptionViewItem optionFor(const QTableView &view, const QModelIndex &index)
{
    QStyleOptionViewItem option;
    option.initFrom(view.viewport());
    option.rect = view.visualRect(index);
    option.font = view.font();
    option.fontMetrics = view.fontMetrics();
    option.widget = &view;
    return option;
}

} // namespace

void TestWidgets::badgePaintsTheStateColour_data()
{
    textContrast_data();
}

void TestWidgets::badgePaintsTheStateColour()
{
    QFETCH(ResolutionState, state);
    BadgeTable t = badgeTable();
    t.view->show();
    QVERIFY(QTest::qWaitForWindowExposed(t.view.get()));
    const QImage image = t.view->viewport()->grab().toImage();
    if (state == ResolutionState::VerifiedExact)
        QVERIFY(saveWidgetShot(image, QStringLiteral("badges")));

    const QModelIndex index = t.model->index(static_cast<int>(state), 0);
    const QRect badge = t.delegate->badgeRect(optionFor(*t.view, index), index);
    const QRect cell = t.view->visualRect(index);
    QVERIFY(!badge.isEmpty());
    QVERIFY(cell.contains(badge));
    // Inside the pill, left of the text.
    const QPoint inside(badge.left() + 4, badge.center().y());
    QVERIFY2(near(image.pixelColor(inside), stateColor(state)),
        qPrintable(describe(image.pixelColor(inside))));
    // And the text in its colour.
    bool textSeen = false;
    for (int x = badge.left(); x <= badge.right() && !textSeen; ++x) {
        for (int y = badge.top(); y <= badge.bottom() && !textSeen; ++y)
            textSeen = near(image.pixelColor(x, y), stateTextColor(state), 40);
    }
    QVERIFY(textSeen);
}

void TestWidgets::selectionAndExclusionStayVisible()
{
    BadgeTable t = badgeTable();
    t.view->show();
    t.view->activateWindow();
    QVERIFY(QTest::qWaitForWindowExposed(t.view.get()));
    t.view->selectRow(2); // unresolved
    const QImage image = t.view->viewport()->grab().toImage();

    const QModelIndex selected = t.model->index(2, 0);
    const QRect badge = t.delegate->badgeRect(optionFor(*t.view, selected), selected);
    const QRect cell = t.view->visualRect(selected);
    QVERIFY(badge.right() < cell.right() - 4); // "unresolved" is narrower than the column
    const QColor highlight = image.pixelColor(cell.right() - 2, cell.center().y());
    const QColor highlightOfTitle = image.pixelColor(
        t.view->visualRect(t.model->index(2, 1)).center() + QPoint(0, -cell.height() / 2 + 2));
    QVERIFY2(near(highlight, highlightOfTitle),
        qPrintable(describe(highlight) + QStringLiteral(" vs ") + describe(highlightOfTitle)));
    const QColor unselected = image.pixelColor(t.view->visualRect(t.model->index(1, 0)).right() - 2,
        t.view->visualRect(t.model->index(1, 0)).center().y());
    QVERIFY2(!near(highlight, unselected),
        qPrintable(describe(highlight) + QStringLiteral(" vs ") + describe(unselected)));
    const QPoint inside(badge.left() + 4, badge.center().y());
    QVERIFY(near(image.pixelColor(inside), stateColor(ResolutionState::Unresolved)));

    // The excluded row: the state's colour as an outline, not a fill, around text in the row's
    // own text colour (a faded badge would put its text below 4.5:1).
    const QModelIndex excluded = t.model->index(kResolutionStateCount, 0);
    const QRect outlined = t.delegate->badgeRect(optionFor(*t.view, excluded), excluded);
    const QColor unresolved = stateColor(ResolutionState::Unresolved);
    const QColor insideOutline = image.pixelColor(outlined.left() + 4, outlined.center().y());
    QVERIFY2(!near(insideOutline, unresolved, 30), qPrintable(describe(insideOutline)));
    bool ringSeen = false;
    for (int x = outlined.left(); x <= outlined.left() + 3 && !ringSeen; ++x)
        ringSeen = near(image.pixelColor(x, outlined.center().y()), unresolved, 40);
    QVERIFY(ringSeen);
    const QColor rowText = t.view->palette().color(QPalette::Text);
    bool textSeen = false;
    for (int x = outlined.left() + 8; x < outlined.right() - 8 && !textSeen; ++x) {
        for (int y = outlined.top() + 2; y < outlined.bottom() - 2 && !textSeen; ++y)
            textSeen = near(image.pixelColor(x, y), rowText, 40);
    }
    QVERIFY(textSeen);

    QVERIFY(saveWidgetShot(t.view->grab().toImage(), QStringLiteral("badges-selected")));
}

void TestWidgets::badgeSizeHintFitsTheLongestState()
{
    BadgeTable t = badgeTable();
    const int needed
        = t.view->fontMetrics().horizontalAdvance(QStringLiteral("malformed identifier"));
    for (int row = 0; row < t.model->rowCount(); ++row) {
        const QModelIndex index = t.model->index(row, 0);
        const QSize hint = t.delegate->sizeHint(optionFor(*t.view, index), index);
        QVERIFY2(hint.width() >= needed + 16, qPrintable(QString::number(hint.width())));
        QVERIFY(hint.height() >= t.view->fontMetrics().height());
    }
    QVERIFY(t.view->columnWidth(0) >= needed + 16);

    // The badge of the longest state is not cut short.
    const QModelIndex malformed = t.model->index(int(ResolutionState::MalformedIdentifier), 0);
    const QRect badge = t.delegate->badgeRect(optionFor(*t.view, malformed), malformed);
    QVERIFY(badge.width() >= needed + 16);

    // The widest state is measured again in another font: a short state's cell in a font twice
    // the size is still as wide as the longest state in that font.
    const QModelIndex exact = t.model->index(int(ResolutionState::VerifiedExact), 0);
    QStyleOptionViewItem larger = optionFor(*t.view, exact);
    larger.font.setPointSizeF(larger.font.pointSizeF() * 2);
    const int neededLarger
        = QFontMetrics(larger.font).horizontalAdvance(QStringLiteral("malformed identifier"));
    QVERIFY2(t.delegate->sizeHint(larger, exact).width() >= neededLarger + 16,
        qPrintable(QString::number(t.delegate->sizeHint(larger, exact).width())));
    QVERIFY(t.delegate->sizeHint(optionFor(*t.view, exact), exact).width() < neededLarger);

    // Cells without a state are left to the base delegate.
    QStandardItemModel plain(1, 1);
    plain.setItem(0, 0, new QStandardItem(QStringLiteral("x")));
    QVERIFY(
        t.delegate->badgeRect(optionFor(*t.view, plain.index(0, 0)), plain.index(0, 0)).isEmpty());
}

void TestWidgets::columnsFitAlikeWithSizesKept()
{
    // A column fitted with the sizes kept (MeasuringDelegate::Measuring) is as wide as fitted
    // without: 1,500 rows of a few repeated texts, one long text far down (within the rows a fit
    // looks at) and a badge column; the kept sizes answer most cells, and end with the fit.
    constexpr int kRows = 1500;
    QStandardItemModel model(kRows, 3);
    for (int row = 0; row < kRows; ++row) {
        const ResolutionState state = kAllResolutionStates[row % kResolutionStateCount];
        auto *badge = new QStandardItem(stateText(state));
        badge->setData(int(state), ObservationTableModel::StateRole);
        model.setItem(row, 0, badge);
        model.setItem(row, 1,
            new QStandardItem(row == 700 ? QStringLiteral("a basis far longer than the others")
                                         : QStringList { u"pith"_qs, u"crossref"_qs }[row % 2]));
        model.setItem(row, 2, new QStandardItem(QStringLiteral("[%1]").arg(row % 40)));
    }
    QTableView view;
    view.setModel(&model);
    auto *plain = new MeasuringDelegate(&view);
    auto *badges = new StateBadgeDelegate(&view);
    view.setItemDelegate(plain);
    view.setItemDelegateForColumn(0, badges);
    view.resize(600, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    const auto fitted = [&view] {
        QList<int> widths;
        for (int column = 0; column < 3; ++column) {
            view.setColumnWidth(column, 10);
            view.resizeColumnToContents(column);
            widths.append(view.columnWidth(column));
        }
        return widths;
    };
    const QList<int> each = fitted();
    QCOMPARE(plain->keptCount() + badges->keptCount(), 0);
    QList<int> kept;
    {
        const MeasuringDelegate::Measuring measuring(&view);
        kept = fitted();
    }
    QCOMPARE(kept, each);
    QVERIFY(view.columnWidth(1) >= view.fontMetrics().horizontalAdvance(
                QStringLiteral("a basis far longer than the others")));
    // Most cells answered from the kept sizes: a few texts per column were measured.
    QVERIFY2(plain->keptCount() > 1500, qPrintable(QString::number(plain->keptCount())));
    QVERIFY2(badges->keptCount() > 700, qPrintable(QString::number(badges->keptCount())));
    const qsizetype measuredWhileKept = plain->measuredCount();

    // Once the fit is over nothing is kept: a larger font is measured, and the columns widen.
    QFont larger = view.font();
    larger.setPointSizeF(larger.pointSizeF() * 2);
    view.setFont(larger);
    QVERIFY(fitted().at(1) > each.at(1));
    QVERIFY(plain->measuredCount() > measuredWhileKept + 1000);
}

QTEST_MAIN(TestWidgets)
#include "tst_widgets.moc"
