// SPDX-License-Identifier: GPL-3.0-or-later
// The observation table and its filter proxy: model contracts (checked by
// QAbstractItemModelTester), signals, filters on the fixture, sorting, and 200,000 rows. The record
// list's model: tst_recordlistmodel.
#include "CuratedRecord.h"
#include "CurationLog.h"
#include "ObservationFilterProxy.h"
#include "ObservationTableModel.h"
#include "RecordFixtures.h"
#include "Store.h"
#include "TestSupport.h"

#include <QAbstractItemModelTester>
#include <QSet>
#include <QSignalSpy>
#include <QtTest>

#include <algorithm>
#include <memory>
#include <numeric>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

using Tester = QAbstractItemModelTester;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt
    = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2"); // metadata mismatch, no hint
const QString kPhoenixA = QStringLiteral("78b96fde-1b39-415a-b5e3-11a9ee3918da"); // verified exact
const QString kPhoenixB = QStringLiteral("e857b2bb-5386-442e-8cc5-6b2d1d92bfee"); // unresolved

//! The observations the anomaly hints of the fixture touch (repeated citing papers, year-like
//! references).
const QStringList kHinted = {
    QStringLiteral("5e29785d-d1b4-451b-88e8-0ea4b476cde0"), // MinT
    QStringLiteral("66d0774e-14e5-4333-ad20-0313dfe62708"),
    QStringLiteral("98a325aa-8eea-4233-abb5-1b7f161c9428"), // Charon
    QStringLiteral("74ea8c6e-298e-4381-a6e7-301a64b72879"),
    QStringLiteral("132e3e92-7590-4d9e-87c2-8672827fad05"), // Hitchhiker
    QStringLiteral("db29d1e9-7eb4-4784-8506-b0ee07621a42"),
    kPhoenixA, // PHOENIX
    kPhoenixB,
    QStringLiteral("00d01956-3547-4166-88a1-c427c5c4440e"), // year-like references
    QStringLiteral("73494bae-8a1d-4c9f-a9ac-3a3c3d90d1a0"),
};

CuratedRecord fixtureCurated(QList<CorrectionEvent> events = {})
{
    return applyCorrections(fixtureRecord(), std::move(events));
}

CorrectionEvent noteOn(const QString &observation, const QString &note)
{
    return makeEdit(FieldState {}, kRecord, observation, CurationField::Note, note,
        QStringLiteral("tester"), QStringLiteral("2026-08-06T10:00:00.000Z"));
}

QString idAt(const QAbstractItemModel &model, int row)
{
    return model.index(row, 0).data(ObservationTableModel::ObservationIdRole).toString();
}

QSet<QString> shownIds(const QAbstractItemModel &model)
{
    QSet<QString> ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids.insert(idAt(model, row));
    return ids;
}

//! The values of one role down one column, in view order.
QVariantList columnValues(const QAbstractItemModel &model, int column, int role)
{
    QVariantList out;
    for (int row = 0; row < model.rowCount(); ++row)
        out.append(model.index(row, column).data(role));
    return out;
}

//! The fixture's observations over and over, then with new ids: `rows` observations.
Record repeatedFixture(int rows)
{
    const Record fixtureRec = fixtureRecord();
    Record out = fixtureRec;
    out.observations.clear();
    out.observations.reserve(rows);
    for (int n = 0; n < rows; ++n) {
        Observation o = fixtureRec.observations[n % fixtureRec.observations.size()];
        if (n >= fixtureRec.observations.size()) // the first copy keeps the fixture's ids
            o.id = uuidFor(n + 1);
        out.observations.append(std::move(o));
    }
    out.stated.inbound = rows;
    return out;
}

} // namespace

class TestObservationModels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    // ObservationTableModel
    void tableResetAndClear();
    void updateEmitsDataChangedForOneRow();
    void updateWithOtherObservationsResets();

    // ObservationFilterProxy on the fixture
    void noFilter();
    void needsAttentionFilter();
    void stateFilter_data();
    void stateFilter();
    void textFilter_data();
    void textFilter();
    void directionFilter_data();
    void directionFilter();
    void curatedOnly();
    void combinedFilters();
    void filterChangedSignals();
    void stateCountsIgnoringStateFilter();
    void testerWhileFilteringAndSorting();
    void sortByReference();
    void sortByState();
    void sortByTitleCaseInsensitively();

    // Scale
    void largeModelFiltersByLayoutChange();
    void twoHundredThousandRows();

private:
    std::unique_ptr<ObservationTableModel> m_table;
    std::unique_ptr<ObservationFilterProxy> m_proxy;
    std::unique_ptr<Tester> m_tableTester;
    std::unique_ptr<Tester> m_proxyTester;
};

void TestObservationModels::init()
{
    // A message with a missing argument (QString::arg) or a model misuse warns: a failure here.
    QTest::failOnWarning(QRegularExpression(QStringLiteral(".")));
    m_table = std::make_unique<ObservationTableModel>();
    m_proxy = std::make_unique<ObservationFilterProxy>();
    m_proxy->setSourceModel(m_table.get());
    m_tableTester = std::make_unique<Tester>(m_table.get(), Tester::FailureReportingMode::QtTest);
    m_proxyTester = std::make_unique<Tester>(m_proxy.get(), Tester::FailureReportingMode::QtTest);
}

void TestObservationModels::cleanup()
{
    m_proxyTester.reset();
    m_tableTester.reset();
    m_proxy.reset();
    m_table.reset();
}

// --- ObservationTableModel -----------------------------------------------------------------

void TestObservationModels::tableResetAndClear()
{
    QSignalSpy aboutToReset(m_table.get(), &QAbstractItemModel::modelAboutToBeReset);
    QSignalSpy reset(m_table.get(), &QAbstractItemModel::modelReset);
    QCOMPARE(m_table->rowCount(), 0);
    QCOMPARE(m_table->columnCount(), int(ObservationTableModel::ColumnCount));

    m_table->setCuratedRecord(fixtureCurated());
    QCOMPARE(aboutToReset.count(), 1);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(m_table->rowCount(), 34);
    QCOMPARE(m_proxy->rowCount(), 34);
    QCOMPARE(m_table->rowOf(kOpt), 1);
    QCOMPARE(idAt(*m_table, 1), kOpt);

    m_table->clear();
    QCOMPARE(aboutToReset.count(), 2);
    QCOMPARE(reset.count(), 2);
    QCOMPARE(m_table->rowCount(), 0);
    QCOMPARE(m_proxy->rowCount(), 0);
    QCOMPARE(m_table->rowOf(kOpt), -1);
}

void TestObservationModels::updateEmitsDataChangedForOneRow()
{
    m_table->setCuratedRecord(fixtureCurated());
    const int row = m_table->rowOf(kOpt);
    QVERIFY(row >= 0);

    QSignalSpy changed(m_table.get(), &QAbstractItemModel::dataChanged);
    QSignalSpy aboutToReset(m_table.get(), &QAbstractItemModel::modelAboutToBeReset);
    QSignalSpy reset(m_table.get(), &QAbstractItemModel::modelReset);
    QSignalSpy proxyReset(m_proxy.get(), &QAbstractItemModel::modelReset);
    m_table->updateCuratedRecord(fixtureCurated({ noteOn(kOpt, QStringLiteral("checked")) }));

    QCOMPARE(aboutToReset.count(), 0);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(proxyReset.count(), 0);
    QCOMPARE(changed.count(), 1);
    const auto topLeft = changed.at(0).at(0).value<QModelIndex>();
    const auto bottomRight = changed.at(0).at(1).value<QModelIndex>();
    QCOMPARE(topLeft.row(), row);
    QCOMPARE(bottomRight.row(), row);
    QCOMPARE(topLeft.column(), 0);
    QCOMPARE(bottomRight.column(), ObservationTableModel::ColumnCount - 1);
    QCOMPARE(m_table->index(row, 0).data(ObservationTableModel::CuratedRole).toBool(), true);

    // The same record again changes nothing.
    m_table->updateCuratedRecord(fixtureCurated({ noteOn(kOpt, QStringLiteral("checked")) }));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(reset.count(), 0);
}

void TestObservationModels::updateWithOtherObservationsResets()
{
    m_table->setCuratedRecord(fixtureCurated());
    Record fewer = fixtureRecord();
    fewer.observations.removeLast();

    QSignalSpy reset(m_table.get(), &QAbstractItemModel::modelReset);
    m_table->updateCuratedRecord(applyCorrections(fewer, {}));
    QCOMPARE(reset.count(), 1);
    QCOMPARE(m_table->rowCount(), 33);
    QCOMPARE(m_proxy->rowCount(), 33);
}

// --- ObservationFilterProxy ----------------------------------------------------------------

void TestObservationModels::noFilter()
{
    m_table->setCuratedRecord(fixtureCurated());
    QVERIFY(!m_proxy->isFiltering());
    QCOMPARE(m_proxy->rowCount(), 34);
    QCOMPARE(m_proxy->columnCount(), int(ObservationTableModel::ColumnCount));
    QCOMPARE(m_proxy->sortRole(), int(ObservationTableModel::SortRole));
    QCOMPARE(shownIds(*m_proxy), shownIds(*m_table));
    QCOMPARE(m_proxy->stateCountsIgnoringStateFilter(), m_table->stateCounts());
}

void TestObservationModels::needsAttentionFilter()
{
    const Record record = fixtureRecord();
    QSet<QString> mismatchedOrUnresolved;
    for (const Observation &o : record.observations) {
        if (o.state == ResolutionState::MetadataMismatch || o.state == ResolutionState::Unresolved)
            mismatchedOrUnresolved.insert(o.id);
        // The fixture has no other state that needs a person.
        QVERIFY(!stateNeedsAttention(o.state) || o.state == ResolutionState::MetadataMismatch
            || o.state == ResolutionState::Unresolved);
    }
    QCOMPARE(mismatchedOrUnresolved.size(), 11);
    const QSet<QString> hinted(kHinted.cbegin(), kHinted.cend());
    QCOMPARE(hinted.size(), 10);
    const QSet<QString> expected = mismatchedOrUnresolved | hinted;
    QVERIFY(expected.size() < 21); // some hinted ones are unresolved already

    m_table->setCuratedRecord(applyCorrections(record, {}));
    m_proxy->setNeedsAttentionOnly(true);
    QVERIFY(m_proxy->isFiltering());
    QCOMPARE(m_proxy->rowCount(), int(expected.size()));
    QCOMPARE(shownIds(*m_proxy), expected);

    m_proxy->setNeedsAttentionOnly(false);
    QCOMPARE(m_proxy->rowCount(), 34);
}

void TestObservationModels::stateFilter_data()
{
    QTest::addColumn<QList<ResolutionState>>("states");
    QTest::addColumn<int>("rows");
    QTest::addColumn<bool>("filtering");

    QTest::newRow("none = every state") << QList<ResolutionState> {} << 34 << false;
    QTest::newRow("metadata mismatch") << QList { ResolutionState::MetadataMismatch } << 5 << true;
    QTest::newRow("unresolved") << QList { ResolutionState::Unresolved } << 6 << true;
    QTest::newRow("both") << QList { ResolutionState::MetadataMismatch,
        ResolutionState::Unresolved }
                          << 11 << true;
    QTest::newRow("both, repeated") << QList { ResolutionState::Unresolved,
        ResolutionState::MetadataMismatch, ResolutionState::Unresolved }
                                    << 11 << true;
    QTest::newRow("verified exact") << QList { ResolutionState::VerifiedExact } << 23 << true;
    QTest::newRow("parse uncertain") << QList { ResolutionState::ParseUncertain } << 0 << true;
    QTest::newRow("all six") << QList<ResolutionState>(
        kAllResolutionStates.cbegin(), kAllResolutionStates.cend())
                             << 34 << false;
}

void TestObservationModels::stateFilter()
{
    QFETCH(QList<ResolutionState>, states);
    QFETCH(int, rows);
    QFETCH(bool, filtering);

    m_table->setCuratedRecord(fixtureCurated());
    m_proxy->setStates(states);
    QCOMPARE(m_proxy->rowCount(), rows);
    QCOMPARE(m_proxy->isFiltering(), filtering);
    QSet<ResolutionState> wanted(states.cbegin(), states.cend());
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const auto state = ResolutionState(
            m_proxy->index(row, 0).data(ObservationTableModel::StateRole).toInt());
        QVERIFY(wanted.isEmpty() || wanted.contains(state));
    }
    // states() gives the set in enum order.
    QList<ResolutionState> sorted(wanted.cbegin(), wanted.cend());
    std::sort(sorted.begin(), sorted.end());
    QCOMPARE(m_proxy->states(), sorted);
}

void TestObservationModels::textFilter_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<int>("rows");

    QTest::newRow("empty") << QString() << QStringList {} << 34;
    QTest::newRow("blank") << QStringLiteral(" \t ") << QStringList {} << 34;
    QTest::newRow("phoenix") << QStringLiteral("phoenix") << QStringList { kPhoenixA, kPhoenixB }
                             << 2;
    QTest::newRow("PHOENIX") << QStringLiteral("PHOENIX") << QStringList { kPhoenixA, kPhoenixB }
                             << 2;
    QTest::newRow("phoenix unresolved")
        << QStringLiteral("phoenix unresolved") << QStringList { kPhoenixB } << 1;
    QTest::newRow("spaced words") << QStringLiteral("  Unresolved\tPHOENIX  ")
                                  << QStringList { kPhoenixB } << 1;
    QTest::newRow("uuid prefix") << QStringLiteral("50c00f4f") << QStringList { kOpt } << 1;
    QTest::newRow("whole uuid") << kOpt.toUpper() << QStringList { kOpt } << 1;
    QTest::newRow("state text") << QStringLiteral("metadata mismatch") << QStringList {} << 5;
    QTest::newRow("basis") << QStringLiteral("no resolver link") << QStringList {} << 6;
    QTest::newRow("cited title") << QStringLiteral("megatron-lm") << QStringList {} << 34;
    QTest::newRow("no match") << QStringLiteral("zzzz") << QStringList {} << 0;
    QTest::newRow("one word misses") << QStringLiteral("phoenix zzzz") << QStringList {} << 0;
}

void TestObservationModels::textFilter()
{
    QFETCH(QString, text);
    QFETCH(QStringList, ids);
    QFETCH(int, rows);

    m_table->setCuratedRecord(fixtureCurated());
    m_proxy->setFilterText(text);
    QCOMPARE(m_proxy->filterText(), text);
    QCOMPARE(m_proxy->isFiltering(), !text.trimmed().isEmpty());
    QCOMPARE(m_proxy->rowCount(), rows);
    if (!ids.isEmpty())
        QCOMPARE(shownIds(*m_proxy), QSet<QString>(ids.cbegin(), ids.cend()));
}

void TestObservationModels::directionFilter_data()
{
    QTest::addColumn<std::optional<Direction>>("direction");
    QTest::addColumn<int>("rows");

    QTest::newRow("both") << std::optional<Direction>() << 34;
    QTest::newRow("inbound") << std::optional<Direction>(Direction::Inbound) << 34;
    QTest::newRow("outbound") << std::optional<Direction>(Direction::Outbound) << 0;
}

void TestObservationModels::directionFilter()
{
    QFETCH(std::optional<Direction>, direction);
    QFETCH(int, rows);

    m_table->setCuratedRecord(fixtureCurated());
    m_proxy->setDirection(direction);
    QCOMPARE(m_proxy->direction(), direction);
    QCOMPARE(m_proxy->isFiltering(), direction.has_value());
    QCOMPARE(m_proxy->rowCount(), rows);
}

void TestObservationModels::curatedOnly()
{
    m_table->setCuratedRecord(fixtureCurated());
    m_proxy->setCuratedOnly(true);
    QVERIFY(m_proxy->isFiltering());
    QCOMPARE(m_proxy->rowCount(), 0);

    // One correction: the proxy follows the table's dataChanged, no reset anywhere.
    QSignalSpy proxyReset(m_proxy.get(), &QAbstractItemModel::modelReset);
    QSignalSpy inserted(m_proxy.get(), &QAbstractItemModel::rowsInserted);
    m_table->updateCuratedRecord(fixtureCurated({ noteOn(kOpt, QStringLiteral("checked")) }));
    QCOMPARE(proxyReset.count(), 0);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(m_proxy->rowCount(), 1);
    QCOMPARE(idAt(*m_proxy, 0), kOpt);
    QVERIFY(m_proxy->index(0, ObservationTableModel::MarksColumn)
                .data()
                .toString()
                .contains(QStringLiteral("corrected")));

    m_proxy->setCuratedOnly(false);
    QCOMPARE(m_proxy->rowCount(), 34);
}

void TestObservationModels::combinedFilters()
{
    m_table->setCuratedRecord(fixtureCurated());
    m_proxy->setDirection(Direction::Inbound);
    m_proxy->setNeedsAttentionOnly(true);
    m_proxy->setStates({ ResolutionState::VerifiedExact });
    // Verified exact but hinted: the PHOENIX, MinT, Charon and Hitchhiker observations that are
    // not unresolved.
    const QSet<QString> shown = shownIds(*m_proxy);
    QVERIFY(!shown.isEmpty());
    for (const QString &id : shown)
        QVERIFY2(kHinted.contains(id), qPrintable(id));
    QVERIFY(shown.contains(kPhoenixA));
    QVERIFY(!shown.contains(kPhoenixB));

    m_proxy->setFilterText(QStringLiteral("phoenix"));
    QCOMPARE(shownIds(*m_proxy), QSet<QString> { kPhoenixA });
    m_proxy->setStates({});
    QCOMPARE(shownIds(*m_proxy), (QSet<QString> { kPhoenixA, kPhoenixB }));
}

void TestObservationModels::filterChangedSignals()
{
    m_table->setCuratedRecord(fixtureCurated());
    QSignalSpy spy(m_proxy.get(), &ObservationFilterProxy::filterChanged);
    QSignalSpy proxyReset(m_proxy.get(), &QAbstractItemModel::modelReset);

    // No-op setters on the initial state.
    m_proxy->setFilterText(QString());
    m_proxy->setFilterText(QStringLiteral("   "));
    m_proxy->setStates({});
    m_proxy->setDirection(std::nullopt);
    m_proxy->setNeedsAttentionOnly(false);
    m_proxy->setCuratedOnly(false);
    QCOMPARE(spy.count(), 0);
    QVERIFY(!m_proxy->isFiltering());

    // One emission per effective change; none for repeats.
    m_proxy->setFilterText(QStringLiteral("phoenix"));
    QCOMPARE(spy.count(), 1);
    m_proxy->setFilterText(QStringLiteral("phoenix"));
    m_proxy->setFilterText(QStringLiteral(" PHOENIX ")); // the same words
    QCOMPARE(spy.count(), 1);
    m_proxy->setFilterText(QStringLiteral("phoenix unresolved"));
    QCOMPARE(spy.count(), 2);

    m_proxy->setStates({ ResolutionState::Unresolved, ResolutionState::MetadataMismatch });
    QCOMPARE(spy.count(), 3);
    m_proxy->setStates({ ResolutionState::MetadataMismatch, ResolutionState::Unresolved });
    QCOMPARE(spy.count(), 3);
    m_proxy->setStates({ ResolutionState::Unresolved });
    QCOMPARE(spy.count(), 4);

    m_proxy->setDirection(Direction::Inbound);
    QCOMPARE(spy.count(), 5);
    m_proxy->setDirection(Direction::Inbound);
    QCOMPARE(spy.count(), 5);
    m_proxy->setDirection(Direction::Outbound);
    QCOMPARE(spy.count(), 6);
    m_proxy->setDirection(std::nullopt);
    QCOMPARE(spy.count(), 7);

    m_proxy->setNeedsAttentionOnly(true);
    m_proxy->setNeedsAttentionOnly(true);
    QCOMPARE(spy.count(), 8);
    m_proxy->setCuratedOnly(true);
    m_proxy->setCuratedOnly(true);
    QCOMPARE(spy.count(), 9);
    QVERIFY(m_proxy->isFiltering());

    m_proxy->setCuratedOnly(false);
    m_proxy->setNeedsAttentionOnly(false);
    m_proxy->setStates({});
    m_proxy->setFilterText(QString());
    QCOMPARE(spy.count(), 13);
    QVERIFY(!m_proxy->isFiltering());
    QCOMPARE(m_proxy->rowCount(), 34);
    // Filters change rows by removal and insertion, never by a reset.
    QCOMPARE(proxyReset.count(), 0);
}

void TestObservationModels::stateCountsIgnoringStateFilter()
{
    m_table->setCuratedRecord(fixtureCurated());
    using Counts = std::array<int, kResolutionStateCount>;
    QCOMPARE(m_proxy->stateCountsIgnoringStateFilter(), (Counts { 23, 0, 6, 0, 0, 5 }));

    m_proxy->setFilterText(QStringLiteral("phoenix"));
    const Counts phoenix { 1, 0, 1, 0, 0, 0 };
    QCOMPARE(m_proxy->stateCountsIgnoringStateFilter(), phoenix);

    // The state filter does not change the chips' counts, only the rows.
    m_proxy->setStates({ ResolutionState::MetadataMismatch });
    QCOMPARE(m_proxy->rowCount(), 0);
    QCOMPARE(m_proxy->stateCountsIgnoringStateFilter(), phoenix);
    m_proxy->setStates({ ResolutionState::Unresolved });
    QCOMPARE(m_proxy->rowCount(), 1);
    QCOMPARE(m_proxy->stateCountsIgnoringStateFilter(), phoenix);

    // Other filters do.
    m_proxy->setFilterText(QString());
    m_proxy->setNeedsAttentionOnly(true);
    const Counts attention = m_proxy->stateCountsIgnoringStateFilter();
    QCOMPARE(attention[int(ResolutionState::Unresolved)], 6);
    QCOMPARE(attention[int(ResolutionState::MetadataMismatch)], 5);
    QVERIFY(attention[int(ResolutionState::VerifiedExact)] > 0);
    m_proxy->setDirection(Direction::Outbound);
    QCOMPARE(m_proxy->stateCountsIgnoringStateFilter(), Counts {});

    // No source model.
    ObservationFilterProxy alone;
    QCOMPARE(alone.stateCountsIgnoringStateFilter(), Counts {});
}

void TestObservationModels::testerWhileFilteringAndSorting()
{
    // The testers made in init() watch the table and the proxy through all of this.
    m_table->setCuratedRecord(fixtureCurated());
    for (int column = 0; column < ObservationTableModel::ColumnCount; ++column) {
        m_proxy->sort(column, Qt::AscendingOrder);
        QCOMPARE(m_proxy->rowCount(), 34);
        m_proxy->sort(column, Qt::DescendingOrder);
        QCOMPARE(m_proxy->rowCount(), 34);
    }
    m_proxy->sort(ObservationTableModel::CitingTitleColumn, Qt::AscendingOrder);
    m_proxy->setFilterText(QStringLiteral("phoenix"));
    m_proxy->setFilterText(QStringLiteral("a"));
    m_proxy->setStates({ ResolutionState::Unresolved });
    m_proxy->setStates({ ResolutionState::MetadataMismatch, ResolutionState::VerifiedExact });
    m_proxy->setDirection(Direction::Outbound);
    m_proxy->setDirection(Direction::Inbound);
    m_proxy->setNeedsAttentionOnly(true);
    m_proxy->setCuratedOnly(true);
    for (int column = 0; column < ObservationTableModel::ColumnCount; ++column) {
        m_proxy->sort(column, Qt::DescendingOrder);
        m_proxy->sort(column, Qt::AscendingOrder);
    }
    m_proxy->setCuratedOnly(false);
    m_table->updateCuratedRecord(fixtureCurated({ noteOn(kOpt, QStringLiteral("checked")) }));
    m_proxy->setCuratedOnly(true);
    QCOMPARE(m_proxy->rowCount(), 1);
    m_table->updateCuratedRecord(fixtureCurated());
    QCOMPARE(m_proxy->rowCount(), 0);
    m_proxy->setCuratedOnly(false);
    m_proxy->setNeedsAttentionOnly(false);
    m_proxy->setStates({});
    m_proxy->setFilterText(QString());
    QCOMPARE(m_proxy->rowCount(), 34);
    m_table->clear();
    QCOMPARE(m_proxy->rowCount(), 0);
    m_table->setCuratedRecord(fixtureCurated());
    QCOMPARE(m_proxy->rowCount(), 34);
    m_proxy->sort(-1);
    QCOMPARE(idAt(*m_proxy, 1), kOpt); // page order again
}

void TestObservationModels::sortByReference()
{
    m_table->setCuratedRecord(fixtureCurated());
    m_proxy->sort(ObservationTableModel::ReferenceColumn, Qt::AscendingOrder);
    QVariantList refs
        = columnValues(*m_proxy, ObservationTableModel::ReferenceColumn, Qt::DisplayRole);
    QCOMPARE(refs.size(), 34);
    QList<qint64> numbers;
    for (const QVariant &v : std::as_const(refs))
        numbers.append(v.toLongLong());
    // Numerically: 4 4 10 10 11 ... 225 2021 2021 (as text, "142" would come before "15").
    QCOMPARE(numbers.mid(0, 5), (QList<qint64> { 4, 4, 10, 10, 11 }));
    QCOMPARE(numbers.mid(31), (QList<qint64> { 225, 2021, 2021 }));
    QVERIFY(std::is_sorted(numbers.cbegin(), numbers.cend()));

    m_proxy->sort(ObservationTableModel::ReferenceColumn, Qt::DescendingOrder);
    refs = columnValues(*m_proxy, ObservationTableModel::ReferenceColumn, Qt::DisplayRole);
    QCOMPARE(refs.first().toLongLong(), 2021);
    QCOMPARE(refs.last().toLongLong(), 4);
}

void TestObservationModels::sortByState()
{
    m_table->setCuratedRecord(fixtureCurated());
    m_proxy->sort(ObservationTableModel::StateColumn, Qt::AscendingOrder);
    QList<int> states;
    for (const QVariant &v : columnValues(*m_proxy, 0, ObservationTableModel::StateRole))
        states.append(v.toInt());
    QVERIFY(std::is_sorted(states.cbegin(), states.cend()));
    QCOMPARE(states.count(int(ResolutionState::VerifiedExact)), 23);
    QCOMPARE(states.first(), int(ResolutionState::VerifiedExact));
    QCOMPARE(states.last(), int(ResolutionState::MetadataMismatch));
    // By the enum order, not by the text ("metadata mismatch" < "unresolved" < "verified exact").
    QCOMPARE(states.at(23), int(ResolutionState::Unresolved));

    m_proxy->sort(ObservationTableModel::StateColumn, Qt::DescendingOrder);
    QCOMPARE(m_proxy->index(0, ObservationTableModel::StateColumn).data().toString(),
        QStringLiteral("metadata mismatch"));
    QCOMPARE(m_proxy->index(33, ObservationTableModel::StateColumn).data().toString(),
        QStringLiteral("verified exact"));
}

void TestObservationModels::sortByTitleCaseInsensitively()
{
    Record record = fixtureRecord();
    const QStringList titles = { QStringLiteral("beta"), QStringLiteral("Alpha"),
        QStringLiteral("alpha two"), QStringLiteral("Gamma"), QStringLiteral("BETA two") };
    for (qsizetype i = 0; i < titles.size(); ++i)
        record.observations[i].citingTitle = titles[i];
    record.observations.resize(titles.size());
    m_table->setCuratedRecord(applyCorrections(record, {}));

    m_proxy->sort(ObservationTableModel::CitingTitleColumn, Qt::AscendingOrder);
    QStringList shown;
    for (const QVariant &v :
        columnValues(*m_proxy, ObservationTableModel::CitingTitleColumn, Qt::DisplayRole))
        shown.append(v.toString());
    QCOMPARE(shown,
        (QStringList { QStringLiteral("Alpha"), QStringLiteral("alpha two"), QStringLiteral("beta"),
            QStringLiteral("BETA two"), QStringLiteral("Gamma") }));

    m_proxy->sort(ObservationTableModel::CitingTitleColumn, Qt::DescendingOrder);
    QCOMPARE(m_proxy->index(0, ObservationTableModel::CitingTitleColumn).data().toString(),
        QStringLiteral("Gamma"));

    // On the fixture: ordered by the case-folded titles.
    m_table->setCuratedRecord(fixtureCurated());
    m_proxy->sort(ObservationTableModel::CitingTitleColumn, Qt::AscendingOrder);
    QStringList folded;
    for (const QVariant &v :
        columnValues(*m_proxy, ObservationTableModel::CitingTitleColumn, Qt::DisplayRole))
        folded.append(v.toString().toCaseFolded());
    QCOMPARE(folded.size(), 34);
    QVERIFY(std::is_sorted(folded.cbegin(), folded.cend()));
}

// --- Scale ---------------------------------------------------------------------------------

void TestObservationModels::largeModelFiltersByLayoutChange()
{
    // Above the limit a filter change is one layout change; the tester made in init() watches it.
    const int rows = ObservationFilterProxy::kIncrementalFilterRowLimit + 200;
    m_table->setCuratedRecord(applyCorrections(repeatedFixture(rows), {}));
    QCOMPARE(m_proxy->rowCount(), rows);
    m_proxy->sort(ObservationTableModel::ReferenceColumn, Qt::DescendingOrder);

    const int phoenixRow = m_table->rowOf(kPhoenixA);
    const QPersistentModelIndex kept = m_proxy->mapFromSource(m_table->index(phoenixRow, 0));
    QVERIFY(kept.isValid());

    QSignalSpy layout(m_proxy.get(), &QAbstractItemModel::layoutChanged);
    QSignalSpy removed(m_proxy.get(), &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(m_proxy.get(), &QAbstractItemModel::modelReset);
    QSignalSpy filterChanged(m_proxy.get(), &ObservationFilterProxy::filterChanged);

    m_proxy->setFilterText(QStringLiteral("phoenix"));
    QCOMPARE(filterChanged.count(), 1);
    QCOMPARE(layout.count(), 1);
    QCOMPARE(removed.count(), 0);
    QCOMPARE(reset.count(), 0);
    const int phoenixRows = m_proxy->rowCount();
    QVERIFY(phoenixRows > 2);
    QVERIFY(phoenixRows < rows / 10);
    // The selection survives: the persistent index follows its observation.
    QVERIFY(kept.isValid());
    QCOMPARE(kept.data(ObservationTableModel::ObservationIdRole).toString(), kPhoenixA);
    // Still sorted.
    QList<qint64> refs;
    for (const QVariant &v :
        columnValues(*m_proxy, ObservationTableModel::ReferenceColumn, Qt::DisplayRole))
        refs.append(v.toLongLong());
    QVERIFY(std::is_sorted(refs.crbegin(), refs.crend()));

    m_proxy->setFilterText(QStringLiteral("phoenix")); // no-op
    QCOMPARE(layout.count(), 1);

    m_proxy->setStates({ ResolutionState::Unresolved });
    QCOMPARE(layout.count(), 2);
    QCOMPARE(m_proxy->rowCount(), phoenixRows / 2);
    QVERIFY(!kept.isValid()); // PHOENIX A is verified exact: gone

    m_proxy->setStates({});
    m_proxy->setFilterText(QString());
    QCOMPARE(layout.count(), 4);
    QCOMPARE(m_proxy->rowCount(), rows);
    QCOMPARE(m_proxy->stateCountsIgnoringStateFilter(), m_table->stateCounts());
    QCOMPARE(removed.count(), 0);
    QCOMPARE(reset.count(), 0);
}

void TestObservationModels::twoHundredThousandRows()
{
    constexpr int kRows = 200000;
    const Record big = repeatedFixture(kRows);
    int expectedPhoenix = 0;
    int expectedReasoning = 0;
    for (const Observation &o : big.observations) {
        if (o.citingTitle.contains(QStringLiteral("phoenix"), Qt::CaseInsensitive))
            ++expectedPhoenix;
        if (o.citingTitle.contains(QStringLiteral("reasoning"), Qt::CaseInsensitive))
            ++expectedReasoning;
    }
    QVERIFY(expectedPhoenix > 0);
    QVERIFY(expectedReasoning > 0);

    // No testers here: they walk every index on every signal.
    ObservationTableModel table;
    ObservationFilterProxy proxy;
    proxy.setSourceModel(&table);

    // Each step (named for the reader) then rowCount(), which finishes any mapping the proxy
    // builds lazily. Not timed: the table's figures are bench/'s ("table: text filter ...").
    const auto rowsAfter = [&](const char *what, const auto &step) {
        Q_UNUSED(what);
        step();
        return proxy.rowCount();
    };

    QCOMPARE(rowsAfter("load", [&] { table.setCuratedRecord(applyCorrections(big, {})); }), kRows);
    QCOMPARE(
        rowsAfter("filter \"phoenix\"", [&] { proxy.setFilterText(QStringLiteral("phoenix")); }),
        expectedPhoenix);
    QCOMPARE(rowsAfter("filter \"phoenix unresolved\"",
                 [&] { proxy.setFilterText(QStringLiteral("phoenix unresolved")); }),
        expectedPhoenix / 2);
    QCOMPARE(rowsAfter("clear text", [&] { proxy.setFilterText(QString()); }), kRows);
    QCOMPARE(rowsAfter("state chip on", [&] { proxy.setStates({ ResolutionState::Unresolved }); }),
        table.stateCounts()[int(ResolutionState::Unresolved)]);
    QCOMPARE(rowsAfter("state chip off", [&] { proxy.setStates({}); }), kRows);
    QCOMPARE(
        rowsAfter("sort by title", [&] { proxy.sort(ObservationTableModel::CitingTitleColumn); }),
        kRows);
    QCOMPARE(rowsAfter("sorted: filter \"reasoning\"",
                 [&] { proxy.setFilterText(QStringLiteral("reasoning")); }),
        expectedReasoning);
    QCOMPARE(rowsAfter("sorted: clear text", [&] { proxy.setFilterText(QString()); }), kRows);
    rowsAfter("sorted: needs attention", [&] { proxy.setNeedsAttentionOnly(true); });
    std::array<int, kResolutionStateCount> counts {};
    rowsAfter("state counts", [&] { counts = proxy.stateCountsIgnoringStateFilter(); });
    QCOMPARE(std::accumulate(counts.cbegin(), counts.cend(), 0), proxy.rowCount());
    QCOMPARE(
        rowsAfter("sort by reference", [&] { proxy.sort(ObservationTableModel::ReferenceColumn); }),
        proxy.rowCount());
    rowsAfter("sorted: needs attention off", [&] { proxy.setNeedsAttentionOnly(false); });
    QCOMPARE(
        rowsAfter("sort by title descending",
            [&] { proxy.sort(ObservationTableModel::CitingTitleColumn, Qt::DescendingOrder); }),
        kRows);

    // Sorted by folded title (sampled).
    QString previous;
    for (int row = kRows - 1; row >= 0; row -= 997) {
        const QString title = proxy.index(row, ObservationTableModel::CitingTitleColumn)
                                  .data()
                                  .toString()
                                  .toCaseFolded();
        QVERIFY(previous <= title);
        previous = title;
    }
}

QTEST_GUILESS_MAIN(TestObservationModels)
#include "tst_observationmodels.moc"
