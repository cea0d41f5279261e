// SPDX-License-Identifier: GPL-3.0-or-later
// The SQLite cache: migrations, reopening, import all-or-nothing, replacing upstream data.
#include "LedgerText.h"
#include "Store.h"
#include "TestSupport.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

class TestStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void migratesFromEmptyFile();
    void reopensExistingFile();
    void refusesNewerSchema();
    void refusesNonDatabaseFile();
    void importAndLoadFixture();
    void builtRecordSurvivesTheCache();
    void reimportReplacesUpstreamData();
    void olderPageIsRefusedAndNothingChanges();
    void failedBatchLeavesCacheUnchanged();
    void summariesCountStates();
    void normalizesRecordIds_data();
    void normalizesRecordIds();

private:
    Record fixtureRecord() const;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
};

void TestStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("cache.sqlite"));
}

Record TestStore::fixtureRecord() const
{
    auto page = parseLedgerText(fixture(), QStringLiteral("fixture"));
    Q_ASSERT(page.ok());
    return page->record;
}

void TestStore::migratesFromEmptyFile()
{
    Store store(m_path);
    QVERIFY(store.open().ok());
    QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
    QSqlQuery query(store.database());
    QVERIFY(query.exec(QStringLiteral("PRAGMA journal_mode")));
    QVERIFY(query.next());
    QCOMPARE(query.value(0).toString(), QStringLiteral("wal"));
    QVERIFY(query.exec(QStringLiteral("PRAGMA foreign_keys")));
    QVERIFY(query.next());
    QCOMPARE(query.value(0).toInt(), 1);
    QCOMPARE(*store.recordCount(), 0);
}

void TestStore::reopensExistingFile()
{
    {
        Store store(m_path);
        QVERIFY(store.open().ok());
        QVERIFY(store.importRecords({ fixtureRecord() }).ok());
    }
    Store again(m_path);
    QVERIFY(again.open().ok());
    QCOMPARE(again.schemaVersion(), Store::latestSchemaVersion());
    auto loaded = again.loadRecord(QStringLiteral("2104.04473"));
    QVERIFY(loaded.ok() && loaded->has_value());
    QVERIFY(**loaded == fixtureRecord());
}

void TestStore::refusesNewerSchema()
{
    {
        Store store(m_path);
        QVERIFY(store.open().ok());
        QSqlQuery query(store.database());
        QVERIFY(query.exec(QStringLiteral("PRAGMA user_version = 999")));
    }
    Store store(m_path);
    auto status = store.open();
    QVERIFY(!status.ok());
    QVERIFY(status.error().message.contains(QStringLiteral("newer")));
}

void TestStore::refusesNonDatabaseFile()
{
    QFile file(m_path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(8192, 'z'));
    file.close();
    Store store(m_path);
    auto status = store.open();
    QVERIFY(!status.ok());
    QVERIFY2(status.error().message.contains(QStringLiteral("not a Ledger Curator cache")),
             qPrintable(status.error().toString()));
    QCOMPARE(readAll(m_path), QByteArray(8192, 'z'));
}

void TestStore::importAndLoadFixture()
{
    Store store(m_path);
    QVERIFY(store.open().ok());
    auto outcome = store.importRecords({ fixtureRecord() });
    QVERIFY2(outcome.ok(), qPrintable(outcome.ok() ? QString() : outcome.error().toString()));
    QCOMPARE(outcome->size(), 1);
    QCOMPARE(outcome->first().replaced, false);
    QCOMPARE(outcome->first().observations, 34);
    auto loaded = store.loadRecord(QStringLiteral("2104.04473"));
    QVERIFY(loaded.ok() && loaded->has_value());
    QCOMPARE(renderLedgerText(**loaded).toUtf8(), fixture() + '\n');
    auto missing = store.loadRecord(QStringLiteral("9999.99999"));
    QVERIFY(missing.ok());
    QVERIFY(!missing->has_value());
}

void TestStore::builtRecordSurvivesTheCache()
{
    Store store(m_path);
    QVERIFY(store.open().ok());
    const Record record = richRecord();
    QVERIFY(store.importRecords({ record }).ok());
    auto loaded = store.loadRecord(record.arxivId);
    QVERIFY(loaded.ok() && loaded->has_value());
    QVERIFY(**loaded == record);
}

void TestStore::reimportReplacesUpstreamData()
{
    Store store(m_path);
    QVERIFY(store.open().ok());
    Record first = fixtureRecord();
    QVERIFY(store.importRecords({ first }).ok());
    Record newer = first;
    newer.asOf = QStringLiteral("2026-09-01");
    newer.version = 6;
    newer.observations.removeLast();
    newer.observations.first().state = ResolutionState::MetadataMismatch;
    newer.stated.inbound = 33;
    auto outcome = store.importRecords({ newer });
    QVERIFY(outcome.ok());
    QCOMPARE(outcome->first().replaced, true);
    QCOMPARE(outcome->first().previousAsOf, QStringLiteral("2026-08-05"));
    auto loaded = store.loadRecord(first.arxivId);
    QVERIFY(loaded.ok() && loaded->has_value());
    QVERIFY(**loaded == newer);
    QSqlQuery query(store.database());
    QVERIFY(query.exec(QStringLiteral("SELECT COUNT(*) FROM observations")));
    QVERIFY(query.next());
    QCOMPARE(query.value(0).toInt(), 33);
}

void TestStore::olderPageIsRefusedAndNothingChanges()
{
    {
        Store store(m_path);
        QVERIFY(store.open().ok());
        QVERIFY(store.importRecords({ fixtureRecord() }).ok());
    }
    const QString before = dumpDatabase(m_path);
    Store store(m_path);
    QVERIFY(store.open().ok());
    Record older = fixtureRecord();
    older.asOf = QStringLiteral("2025-01-01");
    auto outcome = store.importRecords({ older });
    QVERIFY(!outcome.ok());
    QCOMPARE(outcome.error().kind, Error::Kind::BadInput);
    QVERIFY(outcome.error().message.contains(QStringLiteral("newer page")));
    QCOMPARE(dumpDatabase(m_path), before);
}

void TestStore::failedBatchLeavesCacheUnchanged()
{
    {
        Store store(m_path);
        QVERIFY(store.open().ok());
        QVERIFY(store.importRecords({ fixtureRecord() }).ok());
    }
    const QString before = dumpDatabase(m_path);
    Store store(m_path);
    QVERIFY(store.open().ok());
    Record good = richRecord();
    Record bad = richRecord();
    bad.arxivId = QStringLiteral("2301.09999");
    bad.observations[3].id = QStringLiteral("not-a-uuid");
    auto outcome = store.importRecords({ good, bad });
    QVERIFY(!outcome.ok());
    QVERIFY(outcome.error().message.contains(QStringLiteral("not-a-uuid")));
    QCOMPARE(dumpDatabase(m_path), before);
}

void TestStore::summariesCountStates()
{
    Store store(m_path);
    QVERIFY(store.open().ok());
    QVERIFY(store.importRecords({ fixtureRecord(), richRecord() }).ok());
    auto summaries = store.recordSummaries();
    QVERIFY(summaries.ok());
    QCOMPARE(summaries->size(), 2);
    const RecordSummary &fixtureSummary = summaries->at(0);
    QCOMPARE(fixtureSummary.arxivId, QStringLiteral("2104.04473"));
    QCOMPARE(fixtureSummary.inbound, 34);
    QCOMPARE(fixtureSummary.outbound, 0);
    QCOMPARE(fixtureSummary.needsAttention, 11);
    QCOMPARE(fixtureSummary.states[int(ResolutionState::VerifiedExact)], 23);
    QCOMPARE(summaries->at(1).outbound, 6);
    QCOMPARE(summaries->at(1).needsAttention, 8);
}

void TestStore::normalizesRecordIds_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("id");
    QTest::newRow("plain") << QStringLiteral("2104.04473") << QStringLiteral("2104.04473");
    QTest::newRow("prefix") << QStringLiteral("arXiv:2104.04473") << QStringLiteral("2104.04473");
    QTest::newRow("version") << QStringLiteral("2104.04473v5") << QStringLiteral("2104.04473");
    QTest::newRow("old style") << QStringLiteral("hep-th/9901001v2") << QStringLiteral("hep-th/9901001");
    QTest::newRow("spaces") << QStringLiteral("  arxiv:2104.04473 ") << QStringLiteral("2104.04473");
}

void TestStore::normalizesRecordIds()
{
    QFETCH(QString, input);
    QFETCH(QString, id);
    QCOMPARE(normalizeRecordId(input), id);
}

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
