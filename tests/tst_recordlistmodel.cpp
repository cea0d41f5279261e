// SPDX-License-Identifier: GPL-3.0-or-later
// The record list's model (RecordListModel): what each row says, its roles and lookups, and how
// a new list of summaries updates it (in place for the same records, a reset otherwise). Its
// contract is checked by QAbstractItemModelTester throughout.
#include "RecordListModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include <memory>

using namespace LedgerCurator;

using Tester = QAbstractItemModelTester;

namespace {

const QString kRecord = QStringLiteral("2104.04473");

RecordSummary summary(
    const QString &id, const QString &title, qint64 inbound, qint64 outbound, qint64 needsAttention)
{
    RecordSummary s;
    s.arxivId = id;
    s.version = 5;
    s.title = title;
    s.asOf = QStringLiteral("2026-08-05");
    s.inbound = inbound;
    s.outbound = outbound;
    s.attention = AttentionCount { needsAttention, needsAttention, 0, 0, 0 };
    return s;
}

} // namespace

class TestRecordListModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void recordListDisplay_data();
    void recordListDisplay();
    void recordListRolesAndLookup();
    void recordListSameIdsUpdateInPlace();
    void recordListOtherIdsReset();

private:
    std::unique_ptr<RecordListModel> m_records;
    std::unique_ptr<Tester> m_recordsTester;
};

void TestRecordListModel::init()
{
    // A message with a missing argument (QString::arg) or a model misuse warns: a failure here.
    QTest::failOnWarning(QRegularExpression(QStringLiteral(".")));
    m_records = std::make_unique<RecordListModel>();
    m_recordsTester
        = std::make_unique<Tester>(m_records.get(), Tester::FailureReportingMode::QtTest);
}

void TestRecordListModel::cleanup()
{
    m_recordsTester.reset();
    m_records.reset();
}

void TestRecordListModel::recordListDisplay_data()
{
    QTest::addColumn<qint64>("inbound");
    QTest::addColumn<qint64>("outbound");
    QTest::addColumn<qint64>("needsAttention");
    QTest::addColumn<QString>("lastLine");

    QTest::newRow("some need attention")
        << qint64(34) << qint64(0) << qint64(11) << QStringLiteral("11 of 34 need attention");
    QTest::newRow("both directions")
        << qint64(4) << qint64(6) << qint64(3) << QStringLiteral("3 of 10 need attention");
    QTest::newRow("nothing needs attention")
        << qint64(30) << qint64(4) << qint64(0) << QStringLiteral("none of 34 need attention");
    QTest::newRow("not counted yet")
        << qint64(30) << qint64(4) << qint64(-1)
        << QStringLiteral("34 observations \u00b7 attention not counted yet");
    QTest::newRow("none") << qint64(0) << qint64(0) << qint64(0)
                          << QStringLiteral("no observations");
}

void TestRecordListModel::recordListDisplay()
{
    QFETCH(qint64, inbound);
    QFETCH(qint64, outbound);
    QFETCH(qint64, needsAttention);
    QFETCH(QString, lastLine);

    const QString title = QStringLiteral(
        "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM");
    RecordSummary s = summary(kRecord, title, inbound, outbound, needsAttention);
    if (needsAttention < 0)
        s.attention.reset();
    m_records->setSummaries({ s });
    QCOMPARE(m_records->rowCount(), 1);
    const QModelIndex index = m_records->index(0);
    QCOMPARE(index.data().toString(),
        title + QStringLiteral("\narXiv:2104.04473 v5 \u00b7 as of 2026-08-05\n") + lastLine);
    // The tooltip says why: the breakdown of what needs attention, once counted.
    const QString tip = index.data(Qt::ToolTipRole).toString();
    QVERIFY(tip.startsWith(title));
    if (needsAttention > 0)
        QVERIFY2(tip.contains(QStringLiteral("in a problem state")), qPrintable(tip));
    if (needsAttention < 0)
        QCOMPARE(tip, title);
    QCOMPARE(index.data(RecordListModel::ObservationCountRole).toLongLong(), inbound + outbound);
    QCOMPARE(index.data(RecordListModel::NeedsAttentionRole).toLongLong(), needsAttention);
}

void TestRecordListModel::recordListRolesAndLookup()
{
    m_records->setSummaries(
        { summary(QStringLiteral("2104.04473"), QStringLiteral("Megatron"), 34, 0, 11),
            summary(QStringLiteral("2301.01234"), QStringLiteral("Ledgers"), 6, 6, 0) });
    QCOMPARE(m_records->rowCount(), 2);
    QCOMPARE(m_records->rowCount(m_records->index(0)), 0);
    QCOMPARE(m_records->rowOf(QStringLiteral("2301.01234")), 1);
    QCOMPARE(m_records->rowOf(QStringLiteral("2104.04473")), 0);
    QCOMPARE(m_records->rowOf(QStringLiteral("9999.99999")), -1);
    QVERIFY(m_records->summaryAt(0));
    QCOMPARE(m_records->summaryAt(1)->title, QStringLiteral("Ledgers"));
    QCOMPARE(m_records->summaryAt(-1), nullptr);
    QCOMPARE(m_records->summaryAt(2), nullptr);

    const QModelIndex second = m_records->index(1);
    QCOMPARE(second.data(RecordListModel::ArxivIdRole).toString(), QStringLiteral("2301.01234"));
    QCOMPARE(second.data(RecordListModel::TitleRole).toString(), QStringLiteral("Ledgers"));
    QCOMPARE(second.data(RecordListModel::VersionRole).toInt(), 5);
    QCOMPARE(second.data(RecordListModel::AsOfRole).toString(), QStringLiteral("2026-08-05"));
    QVERIFY(second.data().toString().endsWith(QStringLiteral("\nnone of 12 need attention")));

    const auto names = m_records->roleNames();
    QCOMPARE(names.value(Qt::DisplayRole), QByteArray("display"));
    QCOMPARE(names.value(RecordListModel::ArxivIdRole), QByteArray("arxivId"));
    QCOMPARE(names.value(RecordListModel::ObservationCountRole), QByteArray("observationCount"));

    // Without a date the second line has no "as of".
    RecordSummary undated = summary(QStringLiteral("2104.04473"), QStringLiteral("T"), 1, 0, 1);
    undated.asOf.clear();
    m_records->setSummaries({ undated });
    QCOMPARE(m_records->index(0).data().toString(),
        QStringLiteral("T\narXiv:2104.04473 v5\n1 of 1 need attention"));

    m_records->setSummaries({});
    QCOMPARE(m_records->rowCount(), 0);
    QCOMPARE(m_records->rowOf(QStringLiteral("2104.04473")), -1);
}

void TestRecordListModel::recordListSameIdsUpdateInPlace()
{
    const QList<RecordSummary> before = {
        summary(QStringLiteral("2104.04473"), QStringLiteral("A"), 34, 0, 11),
        summary(QStringLiteral("2301.01234"), QStringLiteral("B"), 6, 6, 4),
        summary(QStringLiteral("2401.00001"), QStringLiteral("C"), 1, 0, 0),
        summary(QStringLiteral("2401.00002"), QStringLiteral("D"), 1, 0, 0),
    };
    m_records->setSummaries(before);

    QSignalSpy aboutToReset(m_records.get(), &QAbstractItemModel::modelAboutToBeReset);
    QSignalSpy reset(m_records.get(), &QAbstractItemModel::modelReset);
    QSignalSpy changed(m_records.get(), &QAbstractItemModel::dataChanged);

    QList<RecordSummary> after = before;
    after[1].attention = AttentionCount { 3, 3, 0, 0, 0 };
    after[3].asOf = QStringLiteral("2026-09-01");
    m_records->setSummaries(after);
    QCOMPARE(aboutToReset.count(), 0);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 2);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 1);
    QCOMPARE(changed.at(0).at(1).value<QModelIndex>().row(), 1);
    QCOMPARE(changed.at(1).at(0).value<QModelIndex>().row(), 3);
    QCOMPARE(changed.at(1).at(1).value<QModelIndex>().row(), 3);
    QVERIFY(
        m_records->index(1).data().toString().endsWith(QStringLiteral("3 of 12 need attention")));
    QCOMPARE(m_records->summaryAt(3)->asOf, QStringLiteral("2026-09-01"));

    // Adjacent changed rows come as one range.
    after[1].title = QStringLiteral("B2");
    after[2].title = QStringLiteral("C2");
    m_records->setSummaries(after);
    QCOMPARE(changed.count(), 3);
    QCOMPARE(changed.at(2).at(0).value<QModelIndex>().row(), 1);
    QCOMPARE(changed.at(2).at(1).value<QModelIndex>().row(), 2);

    // Nothing changed: no signal.
    m_records->setSummaries(after);
    QCOMPARE(changed.count(), 3);
    QCOMPARE(reset.count(), 0);
}

void TestRecordListModel::recordListOtherIdsReset()
{
    m_records->setSummaries({ summary(QStringLiteral("2104.04473"), QStringLiteral("A"), 34, 0, 11),
        summary(QStringLiteral("2301.01234"), QStringLiteral("B"), 6, 6, 4) });

    QSignalSpy aboutToReset(m_records.get(), &QAbstractItemModel::modelAboutToBeReset);
    QSignalSpy reset(m_records.get(), &QAbstractItemModel::modelReset);
    QSignalSpy changed(m_records.get(), &QAbstractItemModel::dataChanged);

    // Other order.
    m_records->setSummaries({ summary(QStringLiteral("2301.01234"), QStringLiteral("B"), 6, 6, 4),
        summary(QStringLiteral("2104.04473"), QStringLiteral("A"), 34, 0, 11) });
    QCOMPARE(aboutToReset.count(), 1);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(m_records->rowOf(QStringLiteral("2104.04473")), 1);

    // One more.
    m_records->setSummaries({ summary(QStringLiteral("2301.01234"), QStringLiteral("B"), 6, 6, 4),
        summary(QStringLiteral("2104.04473"), QStringLiteral("A"), 34, 0, 11),
        summary(QStringLiteral("2401.00001"), QStringLiteral("C"), 1, 0, 0) });
    QCOMPARE(reset.count(), 2);
    QCOMPARE(m_records->rowCount(), 3);
    QCOMPARE(m_records->rowOf(QStringLiteral("2401.00001")), 2);
    QCOMPARE(changed.count(), 0);
}

QTEST_GUILESS_MAIN(TestRecordListModel)
#include "tst_recordlistmodel.moc"
