// SPDX-License-Identifier: GPL-3.0-or-later
// The Notices view's model and filters (docs/notices.md): every notice the cache knows, listed
// and withdrawn, with the records it concerns or none yet; natures as the source words them;
// the records' reviews; the filters and the CSV rows. On a real cache in a temporary folder, with
// notices read from Retraction Watch CSV text.
#include "CsvText.h"
#include "Identifier.h"
#include "NoticeListModel.h"
#include "NoticeRows.h"
#include "Notices.h"
#include "RecordFixtures.h"
#include "Store.h"
#include "TestSupport.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

// Works no record cites.
const QByteArray kConcern
    = "60003,Morning Light in Shift Workers,J,P,A,,Article,7/22/2024 0:00,unavailable,0,"
      "2/14/2020 0:00,10.5555/ejsr.2020.0092,0,Expression of Concern,+Concerns;,No,\n";
const QByteArray kLater
    = "60004,Graph Sparsification,J,P,A,,Article,12/31/2022 0:00,10.5555/w.4,0,8/1/2019 0:00,"
      "10.5555/ecdm.2019.0012,0,Retraction,+Paper Mill;,No,\n";

const QString kRecord = QStringLiteral("2104.04473");
const QString kOwnRef = QStringLiteral("retraction-watch:51234");

//! The rows of the model whose notice has this ref.
QList<int> rowsOf(const NoticeListModel &model, const QString &ref)
{
    QList<int> rows;
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.index(row, 0).data(NoticeListModel::RefRole) == ref)
            rows.append(row);
    }
    return rows;
}

QString cell(const QAbstractItemModel &model, int row, int column, int role = Qt::DisplayRole)
{
    return model.index(row, column).data(role).toString();
}

} // namespace

class TestNoticeListModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void listedWithdrawnAndUnmatchedRows();
    void unmatchedNoticeGainsItsRecord();
    void naturesAsGiven();
    void reviewShownOnceStored();
    void filters();
    void sortingAndExportRows();
    void csvQuoting();
    void emptyCache();

private:
    Result<QList<NoticeListRow>> read()
    {
        return readNoticeList(m_dir->filePath(QStringLiteral("cache.sqlite")));
    }
    //! The model's rows read from the cache, checked by QAbstractItemModelTester on the way.
    void load();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Store> m_store;
    NoticeListModel m_model;
    NoticeListFilterProxy m_proxy;
};

void TestNoticeListModel::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_store = std::make_unique<Store>(m_dir->filePath(QStringLiteral("cache.sqlite")));
    QVERIFY(m_store->open());
    const Record record = fixtureRecord();
    QCOMPARE(record.observations.size(), 34);
    QVERIFY(m_store->importRecords({ record }));
    // Four notices, then a complete list without the last one: it is withdrawn by the source.
    const auto first
        = notices(kOwnRetractionRow + kReplacedRow + kCorrectionRow + kConcern + kLater);
    QCOMPARE(first.size(), 5);
    QVERIFY(m_store->importNotices(first));
    auto second = m_store->importNotices(
        notices(kOwnRetractionRow + kReplacedRow + kCorrectionRow + kConcern),
        NoticeImportScope::Complete);
    QVERIFY2(second, qPrintable(second ? QString() : second.error().toString()));
    QCOMPARE(second->withdrawn, 1);
    m_proxy.setSourceModel(&m_model);
}

void TestNoticeListModel::cleanup()
{
    m_proxy.setSourceModel(nullptr);
    m_model.setRows({});
    m_store.reset();
    m_dir.reset();
}

void TestNoticeListModel::load()
{
    QAbstractItemModelTester modelTester(
        &m_model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(
        &m_proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto rows = read();
    QVERIFY2(rows, qPrintable(rows ? QString() : rows.error().toString()));
    m_model.setRows(std::move(*rows));
}

void TestNoticeListModel::listedWithdrawnAndUnmatchedRows()
{
    load();
    QCOMPARE(m_model.columnCount(), int(NoticeListModel::ColumnCount));
    QCOMPARE(m_model.rowCount(), 5);
    QCOMPARE(m_model.noticeCount(), 5);

    // The own paper's retraction: one row for the record, the 28 observations that reach it.
    const QList<int> own = rowsOf(m_model, kOwnRef);
    QCOMPARE(own.size(), 1);
    const int r = own.first();
    QCOMPARE(cell(m_model, r, NoticeListModel::NoticeColumn),
        QStringLiteral("Retraction Watch record 51234"));
    QCOMPARE(cell(m_model, r, NoticeListModel::KindColumn), QStringLiteral("Retraction"));
    QCOMPARE(cell(m_model, r, NoticeListModel::NatureColumn), QStringLiteral("Retraction"));
    QCOMPARE(cell(m_model, r, NoticeListModel::DateColumn), QStringLiteral("2024-03-01"));
    QCOMPARE(
        cell(m_model, r, NoticeListModel::WorkColumn), QStringLiteral("10.48550/arxiv.2104.04473"));
    QCOMPARE(
        cell(m_model, r, NoticeListModel::NoticeDoiColumn), QStringLiteral("10.1234/retract.2104"));
    QCOMPARE(cell(m_model, r, NoticeListModel::StatusColumn), QStringLiteral("listed"));
    QCOMPARE(cell(m_model, r, NoticeListModel::RecordColumn), kRecord);
    QCOMPARE(cell(m_model, r, NoticeListModel::ObservationsColumn), QStringLiteral("28"));
    QCOMPARE(cell(m_model, r, NoticeListModel::ReviewColumn), QStringLiteral("unreviewed"));
    QVERIFY(cell(m_model, r, NoticeListModel::ReviewedByColumn).isEmpty());
    QVERIFY(cell(m_model, r, NoticeListModel::NoticeColumn, Qt::ToolTipRole)
                .contains(QStringLiteral("Duplication of Article")));

    // Withdrawn by the source: kept, and said so.
    const QList<int> withdrawn = rowsOf(m_model, QStringLiteral("retraction-watch:60004"));
    QCOMPARE(withdrawn.size(), 1);
    QCOMPARE(cell(m_model, withdrawn.first(), NoticeListModel::StatusColumn),
        QStringLiteral("withdrawn by the source"));
    QCOMPARE(cell(m_model, withdrawn.first(), NoticeListModel::StatusColumn,
                 NoticeListModel::StatusRole),
        QStringLiteral("withdrawn"));

    // No cached record cites these works yet.
    for (const char *id : { "60001", "60002", "60003", "60004" }) {
        const QList<int> rows
            = rowsOf(m_model, QStringLiteral("retraction-watch:") + QString::fromLatin1(id));
        QCOMPARE(rows.size(), 1);
        QCOMPARE(cell(m_model, rows.first(), NoticeListModel::RecordColumn),
            QStringLiteral("no cached record yet"));
        QVERIFY(
            cell(m_model, rows.first(), NoticeListModel::RecordColumn, NoticeListModel::RecordRole)
                .isEmpty());
        QVERIFY(
            cell(m_model, rows.first(), NoticeListModel::RecordColumn, NoticeListModel::ExportRole)
                .isEmpty());
        QVERIFY(cell(m_model, rows.first(), NoticeListModel::ReviewColumn).isEmpty());
    }
    // Text from data is shown inert: the title's line break is a token in the table.
    const int replaced = rowsOf(m_model, QStringLiteral("retraction-watch:60001")).first();
    QCOMPARE(cell(m_model, replaced, NoticeListModel::TitleColumn),
        QStringLiteral("Cells, Signals and the \"Silent\" Pathway<U+000A>A Reassessment"));
    QCOMPARE(cell(m_model, replaced, NoticeListModel::TitleColumn, NoticeListModel::ExportRole),
        QStringLiteral("Cells, Signals and the \"Silent\" Pathway\nA Reassessment"));
}

void TestNoticeListModel::unmatchedNoticeGainsItsRecord()
{
    load();
    const QString ref = QStringLiteral("retraction-watch:60001");
    QCOMPARE(rowsOf(m_model, ref).size(), 1);
    QVERIFY(cell(m_model, rowsOf(m_model, ref).first(), 0, NoticeListModel::RecordRole).isEmpty());

    // The page of arXiv:2301.01234 arrives: the notice attaches to it.
    const Record rich = richRecord();
    QVERIFY(m_store->importRecords({ rich }));
    load();
    QCOMPARE(m_model.rowCount(), 5);
    const QList<int> rows = rowsOf(m_model, ref);
    QCOMPARE(rows.size(), 1);
    QCOMPARE(cell(m_model, rows.first(), 0, NoticeListModel::RecordRole), rich.arxivId);
    QCOMPARE(cell(m_model, rows.first(), NoticeListModel::RecordColumn), rich.arxivId);
    qsizetype reaching = 0;
    for (const Observation &o : rich.observations)
        reaching += citedWorkKey(rich, o) == arxivDoi(rich.arxivId) ? 1 : 0;
    QVERIFY(reaching > 0);
    QCOMPARE(cell(m_model, rows.first(), NoticeListModel::ObservationsColumn),
        QString::number(reaching));
    QCOMPARE(
        cell(m_model, rows.first(), NoticeListModel::ReviewColumn), QStringLiteral("unreviewed"));
    // The other record's notice is still there, once.
    QCOMPARE(rowsOf(m_model, kOwnRef).size(), 1);
    QCOMPARE(m_model.records(), QStringList({ kRecord, rich.arxivId }));
}

void TestNoticeListModel::naturesAsGiven()
{
    load();
    const int replaced = rowsOf(m_model, QStringLiteral("retraction-watch:60001")).first();
    QCOMPARE(cell(m_model, replaced, NoticeListModel::NatureColumn),
        QStringLiteral("Retraction and Replacement"));
    QCOMPARE(cell(m_model, replaced, NoticeListModel::KindColumn), QStringLiteral("Retraction"));
    // A correction and an expression of concern are never shown as retractions.
    const int correction = rowsOf(m_model, QStringLiteral("retraction-watch:60002")).first();
    QCOMPARE(cell(m_model, correction, NoticeListModel::KindColumn), QStringLiteral("Correction"));
    QCOMPARE(
        cell(m_model, correction, NoticeListModel::NatureColumn), QStringLiteral("Correction"));
    QVERIFY(
        !m_model.index(correction, NoticeListModel::KindColumn).data(Qt::ForegroundRole).isValid());
    const int concern = rowsOf(m_model, QStringLiteral("retraction-watch:60003")).first();
    QCOMPARE(cell(m_model, concern, NoticeListModel::KindColumn),
        QStringLiteral("Expression of concern"));
    QCOMPARE(cell(m_model, concern, NoticeListModel::NatureColumn),
        QStringLiteral("Expression of Concern"));
    QVERIFY(cell(m_model, concern, NoticeListModel::NoticeDoiColumn).isEmpty()); // "unavailable"
    QCOMPARE(m_model.natures(),
        QStringList({ QStringLiteral("Correction"), QStringLiteral("Expression of Concern"),
            QStringLiteral("Retraction"), QStringLiteral("Retraction and Replacement") }));
}

void TestNoticeListModel::reviewShownOnceStored()
{
    load();
    QCOMPARE(cell(m_model, rowsOf(m_model, kOwnRef).first(), NoticeListModel::ReviewColumn),
        QStringLiteral("unreviewed"));
    // One decision for the record and the notice, as the review window and `review` store it.
    auto added
        = m_store->addCorrections(reviewEvents(kRecord, kOwnRef, QStringLiteral("acknowledged"),
            QStringLiteral("retraction notice confirmed"), QStringLiteral("ana")));
    QVERIFY2(added, qPrintable(added ? QString() : added.error().toString()));
    load();
    const int r = rowsOf(m_model, kOwnRef).first();
    QCOMPARE(cell(m_model, r, NoticeListModel::ReviewColumn), QStringLiteral("acknowledged"));
    QCOMPARE(cell(m_model, r, NoticeListModel::ReviewColumn, NoticeListModel::ReviewRole),
        QStringLiteral("acknowledged"));
    QCOMPARE(cell(m_model, r, NoticeListModel::ReviewedByColumn), QStringLiteral("ana"));
    QCOMPARE(cell(m_model, r, NoticeListModel::NoteColumn),
        QStringLiteral("retraction notice confirmed"));

    // The source withdraws the notice: the decision made on it stays shown.
    QVERIFY(m_store->importNotices(
        notices(kReplacedRow + kCorrectionRow + kConcern), NoticeImportScope::Complete));
    load();
    const int w = rowsOf(m_model, kOwnRef).first();
    QCOMPARE(
        cell(m_model, w, NoticeListModel::StatusColumn), QStringLiteral("withdrawn by the source"));
    QCOMPARE(cell(m_model, w, NoticeListModel::RecordColumn), kRecord);
    QCOMPARE(cell(m_model, w, NoticeListModel::ReviewColumn), QStringLiteral("acknowledged"));
}

void TestNoticeListModel::filters()
{
    QVERIFY(m_store->importRecords({ richRecord() }));
    load();
    QAbstractItemModelTester proxyTester(
        &m_proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(m_proxy.rowCount(), 5);
    QVERIFY(!m_proxy.hasFilters());

    m_proxy.setKindFilter(EventKind::Retraction);
    QCOMPARE(m_proxy.rowCount(), 3); // 51234, 60001 (retraction and replacement), 60004
    m_proxy.setNatureFilter(QStringLiteral("Retraction and Replacement"));
    QCOMPARE(m_proxy.rowCount(), 1);
    QCOMPARE(m_proxy.index(0, 0).data(NoticeListModel::RefRole).toString(),
        QStringLiteral("retraction-watch:60001"));
    m_proxy.setNatureFilter({});
    m_proxy.setStatusFilter(StandingNotice::Status::Withdrawn);
    QCOMPARE(m_proxy.rowCount(), 1);
    QCOMPARE(m_proxy.index(0, 0).data(NoticeListModel::RefRole).toString(),
        QStringLiteral("retraction-watch:60004"));
    m_proxy.setStatusFilter(StandingNotice::Status::Listed);
    QCOMPARE(m_proxy.rowCount(), 2);
    m_proxy.setKindFilter(std::nullopt);
    m_proxy.setStatusFilter(std::nullopt);

    m_proxy.setKindFilter(EventKind::ExpressionOfConcern);
    QCOMPARE(m_proxy.rowCount(), 1);
    m_proxy.setKindFilter(EventKind::Correction);
    QCOMPARE(m_proxy.rowCount(), 1);
    m_proxy.setKindFilter(EventKind::Reinstatement);
    QCOMPARE(m_proxy.rowCount(), 0);
    m_proxy.setKindFilter(std::nullopt);

    // By record, and the notices no cached record concerns.
    m_proxy.setRecordFilter(NoticeListFilterProxy::RecordMatch::Record, kRecord);
    QCOMPARE(m_proxy.rowCount(), 1);
    QCOMPARE(m_proxy.index(0, 0).data(NoticeListModel::RefRole).toString(), kOwnRef);
    m_proxy.setRecordFilter(
        NoticeListFilterProxy::RecordMatch::Record, QStringLiteral("2301.01234"));
    QCOMPARE(m_proxy.rowCount(), 1);
    m_proxy.setRecordFilter(NoticeListFilterProxy::RecordMatch::NoCachedRecord);
    QCOMPARE(m_proxy.rowCount(), 3);
    m_proxy.setRecordFilter(NoticeListFilterProxy::RecordMatch::Any);

    // By review status: a notice with no cached record has no review.
    m_proxy.setReviewFilter(QStringLiteral("unreviewed"));
    QCOMPARE(m_proxy.rowCount(), 2);
    m_proxy.setReviewFilter(QStringLiteral("escalated"));
    QCOMPARE(m_proxy.rowCount(), 0);
    m_proxy.setReviewFilter({});

    // The search field looks in the notice, the DOIs, the title and the record.
    m_proxy.setSearchText(QStringLiteral("silent pathway"));
    QCOMPARE(m_proxy.rowCount(), 0); // the title says "Silent" Pathway
    m_proxy.setSearchText(QStringLiteral("\"silent\""));
    QCOMPARE(m_proxy.rowCount(), 1);
    m_proxy.setSearchText(QStringLiteral("10.5555/CORR.2"));
    QCOMPARE(m_proxy.rowCount(), 1);
    m_proxy.setSearchText(QStringLiteral("record 51234"));
    QCOMPARE(m_proxy.rowCount(), 1);
    m_proxy.setSearchText(QStringLiteral("2104.04473"));
    QCOMPARE(m_proxy.rowCount(), 1);
    QCOMPARE(m_proxy.visibleNoticeCount(), 1);
    QVERIFY(m_proxy.hasFilters());
    m_proxy.setSearchText({});
    QCOMPARE(m_proxy.rowCount(), 5);
}

void TestNoticeListModel::sortingAndExportRows()
{
    load();
    m_proxy.sort(NoticeListModel::DateColumn, Qt::DescendingOrder);
    QStringList dates;
    for (int row = 0; row < m_proxy.rowCount(); ++row)
        dates.append(cell(m_proxy, row, NoticeListModel::DateColumn, NoticeListModel::ExportRole));
    QCOMPARE(dates,
        QStringList({ QStringLiteral("2025-01-09"), QStringLiteral("2024-07-22"),
            QStringLiteral("2024-03-01"), QStringLiteral("2023-11-15"),
            QStringLiteral("2022-12-31") }));
    // Observations sort as numbers: the unmatched notices (none) before the record's 28.
    m_proxy.sort(NoticeListModel::ObservationsColumn, Qt::DescendingOrder);
    QCOMPARE(cell(m_proxy, 0, NoticeListModel::ObservationsColumn), QStringLiteral("28"));

    m_proxy.sort(NoticeListModel::DateColumn, Qt::AscendingOrder);
    m_proxy.setKindFilter(EventKind::Retraction);
    const QList<QStringList> rows = m_proxy.exportRows();
    QCOMPARE(rows.size(), 4); // the header and three retractions
    QCOMPARE(rows.first(),
        QStringLiteral("Notice,Kind,Nature,Date,Title,Status,Record,Observations,Review,"
                       "Reviewed by,Note,Work,Notice DOI")
            .split(u','));
    QCOMPARE(rows[1],
        QStringLiteral("Retraction Watch record 60004,Retraction,Retraction,2022-12-31,"
                       "Graph Sparsification,withdrawn by the source,,,,,,"
                       "10.5555/ecdm.2019.0012,10.5555/w.4")
            .split(u','));
    QCOMPARE(rows[2][NoticeListModel::RecordColumn], kRecord);
    QCOMPARE(rows[2][NoticeListModel::ObservationsColumn], QStringLiteral("28"));
    QCOMPARE(rows[2][NoticeListModel::ReviewColumn], QStringLiteral("unreviewed"));
    QCOMPARE(rows[3][2], QStringLiteral("Retraction and Replacement"));
}

void TestNoticeListModel::csvQuoting()
{
    QCOMPARE(csvField(QStringLiteral("plain")), QStringLiteral("plain"));
    QCOMPARE(csvField(QStringLiteral("a, b")), QStringLiteral("\"a, b\""));
    QCOMPARE(csvField(QStringLiteral("say \"x\"")), QStringLiteral("\"say \"\"x\"\"\""));
    QCOMPARE(csvField(QStringLiteral("two\nlines")), QStringLiteral("\"two\nlines\""));
    QCOMPARE(csvField(QStringLiteral("=HYPERLINK(1)"), CsvFormulas::Guard),
        QStringLiteral("'=HYPERLINK(1)"));
    QCOMPARE(csvField(QStringLiteral("=1+1")), QStringLiteral("=1+1"));
    QCOMPARE(csvText({ { QStringLiteral("a"), QString() }, { QStringLiteral("b,c") } }),
        QStringLiteral("a,\r\n\"b,c\"\r\n"));

    // Written atomically: a file of the open cache is refused and left alone.
    const QString cache = m_dir->filePath(QStringLiteral("cache.sqlite"));
    const Status refused = writeCsvFile(cache, { { QStringLiteral("x") } });
    QVERIFY(!refused);
    QVERIFY(refused.error().toString().contains(QStringLiteral("not overwritten")));
    QVERIFY(m_store->recordCount().ok());
    const Status missing = writeCsvFile(
        m_dir->filePath(QStringLiteral("no-such-folder/notices.csv")), { { QStringLiteral("x") } });
    QVERIFY(!missing);
    QVERIFY(missing.error().toString().contains(QStringLiteral("cannot write")));
}

void TestNoticeListModel::emptyCache()
{
    QTemporaryDir dir;
    {
        Store store(dir.filePath(QStringLiteral("empty.sqlite")));
        QVERIFY(store.open());
        QVERIFY(store.importRecords({ fixtureRecord() }));
    }
    auto rows = readNoticeList(dir.filePath(QStringLiteral("empty.sqlite")));
    QVERIFY2(rows, qPrintable(rows ? QString() : rows.error().toString()));
    QVERIFY(rows->isEmpty());
    NoticeListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRows(*rows);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.noticeCount(), 0);
}

QTEST_MAIN(TestNoticeListModel)
#include "tst_noticelistmodel.moc"
