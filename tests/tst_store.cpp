// SPDX-License-Identifier: GPL-3.0-or-later
// The SQLite cache: migrations, reopening, import all-or-nothing, replacing upstream data.
#include "LedgerText.h"
#include "Outbox.h"
#include "RecordAttention.h"
#include "RecordFixtures.h"
#include "Store.h"
#include "StoreConnection.h"
#include "StoreSqlite.h"
#include "TestSupport.h"

#include <QScopeGuard>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QThread>
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
    void outboxHoldsWhatWaits();
    void largeRecordRebuildsTheIdIndexOnlyIntoASmallerTable();
    void failedRebuildRollsBackTheIndexDrop();
    void utf8BufferEncodesAsQtDoes();
    void copiedRowsReadAsTheStatement();
    void largeRecordReadsOnTwoThreadsAsOnOne();
    void writeBehindStartsWritebackOfTheWalOnly();
    void rawHandleOnlyWithTheDriversSqlite();
    void failedReadIsReportedNotTruncated_data();
    void failedReadIsReportedNotTruncated();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
};

void TestStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("cache.sqlite"));
}

namespace {

//! The fixture's observations repeated under fresh ids to `count` observations, as record `id`.
Record largeRecord(const Record &fixture, const QString &id, int count, int idOffset)
{
    Record r = fixture;
    r.arxivId = id;
    r.observations.clear();
    r.observations.reserve(count);
    for (int i = 0; i < count; ++i) {
        Observation o = fixture.observations[i % fixture.observations.size()];
        o.id = uuidFor(idOffset + i);
        r.observations.append(o);
    }
    return r;
}

qint64 schemaCookie(Store &store)
{
    QSqlQuery query(StoreConnection::of(store));
    if (!query.exec(QStringLiteral("PRAGMA schema_version")) || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

QString idIndexSql(Store &store)
{
    QSqlQuery query(StoreConnection::of(store));
    if (!query.exec(
            QStringLiteral("SELECT sql FROM sqlite_master WHERE name = 'observations_by_id'"))
        || !query.next())
        return {};
    return query.value(0).toString();
}

qint64 observationRows(Store &store)
{
    QSqlQuery query(StoreConnection::of(store));
    if (!query.exec(QStringLiteral("SELECT count(*) FROM observations")) || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

} // namespace

void TestStore::migratesFromEmptyFile()
{
    Store store(m_path);
    QVERIFY(store.open().ok());
    QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
    QSqlQuery query(StoreConnection::of(store));
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
        QSqlQuery query(StoreConnection::of(store));
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
    QSqlQuery query(StoreConnection::of(store));
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
    QCOMPARE(fixtureSummary.states[int(ResolutionState::VerifiedExact)], 23);
    QCOMPARE(summaries->at(1).outbound, 6);
    // Not counted yet: fillAttention() counts (and keeps) what needs attention.
    QVERIFY(!fixtureSummary.attention);
    QVERIFY(fillAttention(store, *summaries).ok());
    const AttentionCount counted = *summaries->at(0).attention;
    QCOMPARE(counted.states, 11); // 6 unresolved, 5 metadata mismatches
    QVERIFY(counted.hints > 0);
    QVERIFY(counted.observations >= counted.states);
    QVERIFY(counted.observations <= counted.states + counted.hints);
    auto record = store.loadCurated(QStringLiteral("2104.04473"));
    QVERIFY(record.ok() && record->has_value());
    QCOMPARE(counted, countAttention((*record)->shown, anomalyHints((*record)->shown)));
    QCOMPARE(summaries->at(1).attention->states, 8);
    // Kept while the record is unchanged...
    auto again = store.recordSummaries();
    QVERIFY(again.ok());
    QCOMPARE(again->at(0).attention, summaries->at(0).attention);
    QCOMPARE(again->at(1).attention, summaries->at(1).attention);
    // ...and counted again once it changes.
    const Observation &first = (*record)->shown.observations.first();
    QVERIFY(store
                .addCorrections({ makeEdit({}, QStringLiteral("2104.04473"), first.id,
                    CurationField::Excluded, QStringLiteral("yes"), QStringLiteral("alice"),
                    QStringLiteral("2026-12-03T10:00:00.000Z")) })
                .ok());
    again = store.recordSummaries();
    QVERIFY(again.ok());
    QVERIFY(!again->at(0).attention);
    QCOMPARE(again->at(1).attention, summaries->at(1).attention);
}

void TestStore::outboxHoldsWhatWaits()
{
    Store store(m_path);
    QVERIFY(store.open().ok());
    const Record record = fixtureRecord();
    QVERIFY(store.importRecords({ record }).ok());
    Outbox outbox(store);
    QCOMPARE(outbox.count().value(), 0);
    QList<CorrectionEvent> made;
    for (int i = 0; i < 3; ++i)
        made.append(makeEdit({}, record.arxivId, record.observations.at(i).id, CurationField::Note,
            QStringLiteral("note %1").arg(i),
            i == 1 ? QStringLiteral("bob") : QStringLiteral("alice"),
            QStringLiteral("2026-12-03T10:00:0%1.000Z").arg(i)));
    QVERIFY(store.addCorrections(made).ok());
    QCOMPARE(outbox.count().value(), 3);
    QCOMPARE(
        outbox.authors().value(), QStringList({ QStringLiteral("alice"), QStringLiteral("bob") }));

    // By position, oldest first: two, then the rest after the last one returned.
    qint64 last = 0;
    const QList<CorrectionEvent> first = outbox.corrections(2, 0, {}, &last).value();
    QCOMPARE(first.size(), 2);
    QCOMPARE(first.at(0).id, made.at(0).id);
    QCOMPARE(first.at(1).id, made.at(1).id);
    const QList<CorrectionEvent> rest = outbox.corrections(10, last).value();
    QCOMPARE(rest.size(), 1);
    QCOMPARE(rest.at(0).id, made.at(2).id);

    // A refusal leaves the event out of that server's batches only, until it is cleared.
    const QString server = QStringLiteral("https://ledger.example");
    QVERIFY(outbox.markRefused(made.at(1).id, server, 422, QStringLiteral("no")).ok());
    QCOMPARE(outbox.corrections(10, 0, server).value().size(), 2);
    QCOMPARE(outbox.corrections(10, 0, QStringLiteral("https://other.example")).value().size(), 3);
    const QList<Outbox::Refusal> refused = outbox.refusals(server).value();
    QCOMPARE(refused.size(), 1);
    QCOMPARE(refused.at(0).event.id, made.at(1).id);
    QCOMPARE(refused.at(0).status, 422);
    QCOMPARE(refused.at(0).reason, QStringLiteral("no"));
    QCOMPARE(outbox.refusals().value().size(), 1);
    QVERIFY(outbox.refusals(QStringLiteral("https://other.example")).value().isEmpty());
    QVERIFY(outbox.clearRefused({ made.at(1).id }, server).ok());
    QVERIFY(outbox.refusals().value().isEmpty());
    QCOMPARE(outbox.corrections(10, 0, server).value().size(), 3);

    // A server's acknowledgement (its seq) takes an event out of the outbox.
    CorrectionEvent acknowledged = made.at(0);
    acknowledged.seq = 1;
    QVERIFY(store.addSyncedCorrections({ acknowledged }, {}).ok());
    QCOMPARE(outbox.count().value(), 2);
    QCOMPARE(outbox.corrections(10).value().constFirst().id, made.at(1).id);
    QCOMPARE(outbox.noticeCount().value(), 0);
}

void TestStore::largeRecordRebuildsTheIdIndexOnlyIntoASmallerTable()
{
    Store store(m_path);
    QVERIFY(store.open().ok());
    const QString indexSql = idIndexSql(store);
    QCOMPARE(indexSql,
        QStringLiteral("CREATE UNIQUE INDEX observations_by_id ON observations(record_id, id)"));
    const Record fixture = fixtureRecord();

    // Into an empty table: the index is dropped and built again after the rows (the schema
    // changes), the same index as the migration made.
    const Record first = largeRecord(fixture, QStringLiteral("2201.00001"), 20500, 0);
    qint64 cookie = schemaCookie(store);
    QVERIFY(store.importRecords({ first }).ok());
    QVERIFY(schemaCookie(store) > cookie);
    QCOMPARE(idIndexSql(store), indexSql);
    auto loaded = store.loadRecord(first.arxivId);
    QVERIFY(loaded.ok() && loaded->has_value());
    QVERIFY(**loaded == first);
    // The index is whole and unique: every id is found through it, and a repeated id is refused.
    QSqlQuery query(StoreConnection::of(store));
    QVERIFY(
        query.exec(QStringLiteral("SELECT count(*) FROM observations INDEXED BY observations_by_id"
                                  " WHERE record_id = '2201.00001' AND id >= ''")));
    QVERIFY(query.next());
    QCOMPARE(query.value(0).toLongLong(), qint64(first.observations.size()));
    QVERIFY(!query.exec(
        QStringLiteral("INSERT INTO observations (record_id, position, id, direction,"
                       " citing_title, cited_title, state, basis, observed_at, events_status)"
                       " SELECT record_id, 999999, id, direction, citing_title, cited_title, state,"
                       " basis, observed_at, events_status FROM observations"
                       " WHERE record_id = '2201.00001' AND position = 7")));
    QVERIFY(query.lastError().text().contains(QStringLiteral("UNIQUE")));

    // A record no larger than the rows already there: updated row by row, no schema change.
    const Record second = largeRecord(fixture, QStringLiteral("2201.00002"), 20000, 100000);
    cookie = schemaCookie(store);
    QVERIFY(store.importRecords({ second }).ok());
    QCOMPARE(schemaCookie(store), cookie);
    QCOMPARE(
        observationRows(store), qint64(first.observations.size() + second.observations.size()));

    // Replacing the first record: its old rows are gone before the count, so 20,000 others
    // against 20,500 new rows rebuilds again.
    Record newer = largeRecord(fixture, QStringLiteral("2201.00001"), 20500, 200000);
    newer.asOf = QStringLiteral("2026-12-01");
    cookie = schemaCookie(store);
    QVERIFY(store.importRecords({ newer }).ok());
    QVERIFY(schemaCookie(store) > cookie);
    QCOMPARE(idIndexSql(store), indexSql);
    loaded = store.loadRecord(newer.arxivId);
    QVERIFY(loaded.ok() && loaded->has_value());
    QVERIFY(**loaded == newer);
}

void TestStore::failedRebuildRollsBackTheIndexDrop()
{
    Store store(m_path);
    QVERIFY(store.open().ok());
    const QString indexSql = idIndexSql(store);
    // Two observations share an id; the caller claims the record was checked, so only the
    // rebuilt unique index can refuse it.
    Record bad = largeRecord(fixtureRecord(), QStringLiteral("2201.00003"), 20500, 0);
    bad.observations[20000].id = bad.observations[3].id;
    const qint64 cookie = schemaCookie(store);
    auto imported = store.importRecords({ bad }, {}, RecordCheck::AlreadyValidated);
    QVERIFY(!imported.ok());
    QVERIFY2(imported.error().message.contains(QStringLiteral("2201.00003")),
        qPrintable(imported.error().message));
    QVERIFY2(imported.error().message.contains(QStringLiteral("UNIQUE")),
        qPrintable(imported.error().message));
    // Nothing stayed: no rows, no record, the index as it was.
    QCOMPARE(observationRows(store), 0);
    QCOMPARE(*store.recordCount(), 0);
    QCOMPARE(idIndexSql(store), indexSql);
    QCOMPARE(schemaCookie(store), cookie);
}

void TestStore::utf8BufferEncodesAsQtDoes()
{
    // The rows are bound through Utf8Buffer (ASCII runs eight characters at a time): every mix
    // of ASCII runs, two- and three-byte characters, surrogate pairs and lone surrogates, at
    // every length and offset, gives the bytes QString::toUtf8() gives.
    const QList<QString> pieces = { QStringLiteral("a"), QStringLiteral("Sparse scaling "),
        QStringLiteral("é"), QStringLiteral("論文"), QStringLiteral("📚"),
        QStringLiteral("0123456789abcdef"), QString(QChar(0xd800)), QString(QChar(0xdc00)),
        QString(QChar(0x7f)), QString(QChar(0x80)), QString(QChar(0x7ff)), QString(QChar(0x800)),
        QString(QChar(0xffff)) };
    QRandomGenerator random(8);
    StoreSqlite::Utf8Buffer buffer;
    QVERIFY(buffer.encode(QString()).isEmpty());
    for (int n = 0; n < 5000; ++n) {
        QString text;
        const int count = int(random.bounded(12));
        for (int i = 0; i < count; ++i)
            text += pieces[random.bounded(int(pieces.size()))];
        const QString shifted = text.mid(int(random.bounded(qMax(1, int(text.size())))));
        for (const QString &t : { text, shifted }) {
            const QByteArrayView encoded = buffer.encode(t);
            QCOMPARE(QByteArray(encoded.data(), encoded.size()), t.toUtf8());
        }
    }
}

void TestStore::copiedRowsReadAsTheStatement()
{
    // A large record's rows are copied out of SQLite in blocks and read on a helper thread
    // (loadRecord()): every kind of value reads from the copy as from the statement, and the
    // blocks reach the helper whole and in order.
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(":memory:", &db), SQLITE_OK);
    const auto closeDb = qScopeGuard([db] { sqlite3_close(db); });
    QCOMPARE(
        sqlite3_exec(db,
            "CREATE TABLE t (a, b, c);"
            "INSERT INTO t VALUES (NULL, '', 0), (-42, 'plain', 9007199254740993),"
            " ('12abc', 'Обучение \"моделей\" 📚', NULL), (' -7', x'00ff41', 1.5),"
            " (3, 'a', 'a'), (3, 'a', 'b'), (char(10, 11, 32) || '+42x', '99999999999999999999',"
            " '-99999999999999999999'), ('1.5e3', 1e20, '-9223372036854775808'),"
            " ('9223372036854775807', '-', '  '), (-1e300, '0x10', '007')",
            nullptr, nullptr, nullptr),
        SQLITE_OK);
    // Many more rows, for blocks.
    QCOMPARE(sqlite3_exec(db,
                 "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500)"
                 " INSERT INTO t SELECT i, CASE WHEN i % 3 = 0 THEN NULL ELSE 'row ' || i END,"
                 " CASE WHEN i % 7 = 0 THEN '' ELSE i * 1000003 END FROM n",
                 nullptr, nullptr, nullptr),
        SQLITE_OK);
    struct Value
    {
        bool null;
        qint64 integer;
        QByteArray utf8;
        QString text;
        bool textNull;
        bool operator==(const Value &) const = default;
    };
    const auto valuesOf = [](const auto &row) {
        QList<Value> values;
        for (int c = 0; c < 3; ++c) {
            const QByteArrayView bytes = row.utf8(c);
            const QString text = row.text(c);
            values.append({ row.isNull(c), row.isNull(c) ? 0 : row.integer(c), bytes.toByteArray(),
                text, text.isNull() });
        }
        return values;
    };

    QList<QList<Value>> fromStatement;
    {
        StoreSqlite::SqliteStatement rows(db, "SELECT a, b, c FROM t ORDER BY rowid");
        QVERIFY(rows.ok());
        while (rows.step() == SQLITE_ROW)
            fromStatement.append(valuesOf(rows));
    }
    QCOMPARE(fromStatement.size(), 2510);
    // Integers as SQLite reads them: a text's leading digits, after white space and a sign, held
    // at the 64-bit bounds; a real's whole part, held likewise.
    QCOMPARE(fromStatement[2][0].integer, 12);
    QCOMPARE(fromStatement[6][0].integer, 42);
    QCOMPARE(fromStatement[6][1].integer, std::numeric_limits<qint64>::max());
    QCOMPARE(fromStatement[6][2].integer, std::numeric_limits<qint64>::min());
    QCOMPARE(fromStatement[3][0].integer, -7);
    QVERIFY(fromStatement[0][0].null && fromStatement[0][0].textNull);
    QVERIFY(!fromStatement[0][1].null && !fromStatement[0][1].textNull
        && fromStatement[0][1].text.isEmpty());

    for (const qsizetype blockRows :
        { qsizetype(1), qsizetype(3), qsizetype(1024), qsizetype(5000) }) {
        StoreSqlite::SqliteStatement rows(db, "SELECT a, b, c FROM t ORDER BY rowid");
        QVERIFY(rows.ok());
        QList<QList<Value>> copied;
        QList<qsizetype> blockSizes;
        StoreSqlite::RepeatedText repeated;
        QList<const void *> shared;
        const Qt::HANDLE caller = QThread::currentThreadId();
        bool onHelper = true;
        const int rc = StoreSqlite::stepInBlocksOnTwoThreads(
            rows.get(), 3,
            [&](StoreSqlite::CopiedRows &block) {
                onHelper = onHelper && QThread::currentThreadId() != caller;
                blockSizes.append(block.rows());
                for (qsizetype i = 0; i < block.rows(); ++i) {
                    block.seek(i);
                    copied.append(valuesOf(block));
                    shared.append(StoreSqlite::repeatedTextOf(block, 1, repeated).constData());
                }
            },
            blockRows);
        QCOMPARE(rc, SQLITE_DONE);
        QVERIFY(onHelper);
        QCOMPARE(copied.size(), fromStatement.size());
        for (qsizetype r = 0; r < copied.size(); ++r) {
            for (int c = 0; c < 3; ++c) {
                const Value &want = fromStatement[r][c];
                const Value &got = copied[r][c];
                QVERIFY2(
                    got == want, qPrintable(QStringLiteral("row %1, column %2").arg(r).arg(c)));
            }
        }
        for (qsizetype i = 0; i + 1 < blockSizes.size(); ++i)
            QCOMPARE(blockSizes[i], std::min<qsizetype>(blockRows, copied.size()));
        // Rows 4 and 5 hold the same text: one shared string.
        QCOMPARE(shared[5], shared[4]);
        QVERIFY(shared[4] != shared[3]);
    }
    // A statement that fails part way: its error is returned and the helper has stopped.
    {
        StoreSqlite::SqliteStatement rows(db, "SELECT a, abs(c) FROM t ORDER BY rowid");
        QVERIFY(rows.ok());
        qsizetype seen = 0;
        QCOMPARE(sqlite3_exec(db, "INSERT INTO t VALUES (1, 2, -9223372036854775807 - 1)", nullptr,
                     nullptr, nullptr),
            SQLITE_OK);
        const int rc = StoreSqlite::stepInBlocksOnTwoThreads(
            rows.get(), 2, [&](StoreSqlite::CopiedRows &block) { seen += block.rows(); }, 100);
        QCOMPARE(rc, SQLITE_ERROR); // abs() of the smallest integer overflows
        QCOMPARE(seen, 2510);
    }
}

void TestStore::largeRecordReadsOnTwoThreadsAsOnOne()
{
    // From 4,096 observations up a record's rows are read on two threads: the record reads back
    // as it was stored, and each observation as the one-thread read of a shorter prefix gives it
    // (null and empty strings apart, shared repeated strings alike).
    Store store(m_path);
    QVERIFY(store.open().ok());
    const Record rich = richRecord();
    Record record = rich;
    record.observations.clear();
    for (int i = 0; i < 9000; ++i) {
        Observation o = rich.observations[i % rich.observations.size()];
        o.id = uuidFor(i);
        if (i % 11 == 0)
            (o.direction == Direction::Inbound ? o.citingTitle : o.citedTitle)
                = QStringLiteral("Обучение №%1").arg(i);
        if (i % 13 == 0)
            o.reference.reset();
        else if (i % 5 == 0)
            o.reference = qint64(i) * 1000000007;
        record.observations.append(std::move(o));
    }
    std::stable_partition(record.observations.begin(), record.observations.end(),
        [](const Observation &o) { return o.direction == Direction::Outbound; });
    QCOMPARE(validateRecord(record), QString());
    QVERIFY(store.importRecords({ record }).ok());

    const auto whole = store.loadRecord(record.arxivId);
    QVERIFY(whole.ok() && whole->has_value());
    QVERIFY(**whole == record);
    const auto prefix = store.loadRecord(record.arxivId, 4000); // below the threshold: one thread
    QVERIFY(prefix.ok() && prefix->has_value());
    QCOMPARE((*prefix)->observations.size(), 4000);
    const QList<Observation> &two = (*whole)->observations;
    const QList<Observation> &one = (*prefix)->observations;
    for (qsizetype i = 0; i < one.size(); ++i) {
        QVERIFY2(two[i] == one[i] && two[i] == record.observations[i],
            qPrintable(record.observations[i].id));
        for (const auto member : { &Observation::id, &Observation::citingTitle,
                 &Observation::citedTitle, &Observation::basis, &Observation::observedAt })
            QCOMPARE((two[i].*member).isNull(), (one[i].*member).isNull());
        QCOMPARE(two[i].events.reason.isNull(), one[i].events.reason.isNull());
        QCOMPARE(two[i].events.asOf.isNull(), one[i].events.asOf.isNull());
        QCOMPARE(two[i].events.events.size(), record.observations[i].events.events.size());
    }
    // The record's own title is one string, shared by the rows that repeat it.
    qsizetype sharedTitles = 0;
    for (qsizetype i = 1; i < two.size(); ++i)
        sharedTitles += two[i].direction == Direction::Inbound
            && two[i - 1].direction == Direction::Inbound
            && two[i].citedTitle.constData() == two[i - 1].citedTitle.constData();
    QVERIFY(sharedTitles > 0);
}

void TestStore::writeBehindStartsWritebackOfTheWalOnly()
{
#ifndef Q_OS_LINUX
    QSKIP("write-behind uses sync_file_range(), which only Linux has");
#endif
    // Neither the file nor its WAL yet: nothing is written back, and it stops at once.
    {
        StoreSqlite::WriteBehind idle(
            m_dir->filePath(QStringLiteral("absent.sqlite")), std::chrono::milliseconds(2));
        QTest::qWait(20);
        QCOMPARE(idle.started(), 0);
    }
    // A database file without a WAL: it never opens the file itself (closing a descriptor of it
    // would drop SQLite's locks).
    const QString plain = m_dir->filePath(QStringLiteral("plain.sqlite"));
    {
        QFile file(plain);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.write(QByteArray(8192, 'x')) == 8192);
    }
    {
        StoreSqlite::WriteBehind walOnly(plain, std::chrono::milliseconds(2));
        QTest::qWait(30);
        QCOMPARE(walOnly.started(), 0);
    }
    // A large import into a cache: its WAL is written back while it runs.
    Store store(m_path);
    QVERIFY(store.open().ok());
    QVERIFY(QFile::exists(m_path + QStringLiteral("-wal")));
    {
        StoreSqlite::WriteBehind behind(m_path, std::chrono::milliseconds(2));
        const Record record = largeRecord(fixtureRecord(), QStringLiteral("2201.00001"), 3000, 0);
        QVERIFY(store.importRecords({ record }).ok());
        QTRY_VERIFY(behind.started() >= 2);
    }
    // It changes nothing but when pages reach the disk.
    auto loaded = store.loadRecord(QStringLiteral("2201.00001"));
    QVERIFY(loaded.ok() && loaded->has_value());
    QCOMPARE((*loaded)->observations.size(), 3000);
}

void TestStore::rawHandleOnlyWithTheDriversSqlite()
{
    // The raw handle is used only when Qt's SQLite driver runs the SQLite this program links. On
    // this machine (Debian's plugin links the system libsqlite3) they are the same, so the raw
    // path is taken unless LC_SQLITE_RAW=0 forces the Qt Sql path (the *_qtsql runs); on either
    // path a statement gives the same rows, codes and messages.
    Store store(m_path);
    QVERIFY(store.open().ok());
    QSqlDatabase db = StoreConnection::of(store);
    const StoreSqlite::SqliteLibraries libraries = StoreSqlite::sqliteLibraries(db);
    QCOMPARE(libraries.linked, QString::fromUtf8(sqlite3_sourceid()));
    QCOMPARE(libraries.driver, libraries.linked);
    QVERIFY(libraries.same());
    QVERIFY(!(
        StoreSqlite::SqliteLibraries { QStringLiteral("3.40.0 other"), libraries.linked }.same()));
    QVERIFY(!StoreSqlite::SqliteLibraries().same());
    QVERIFY(StoreSqlite::driverHandle(db));
    const bool qtSql = qEnvironmentVariableIsSet("LC_SQLITE_RAW")
        && qEnvironmentVariableIntValue("LC_SQLITE_RAW") == 0;
    QCOMPARE(StoreSqlite::sqliteHandle(db) == nullptr, qtSql);
    QCOMPARE(store.sqlitePath(), QFileInfo(m_path).canonicalFilePath());

    QSqlQuery create(db);
    QVERIFY(
        create.exec(QStringLiteral("CREATE TEMP TABLE t (k TEXT PRIMARY KEY, n INTEGER, v TEXT)")));
    {
        StoreSqlite::SqliteStatement insert(db, "INSERT INTO t (k, n, v) VALUES (?1, ?2, ?3)");
        QCOMPARE(insert.get() == nullptr, qtSql);
        QVERIFY(insert.ok());
        StoreSqlite::Utf8Buffer buffer;
        QVERIFY(insert.bindText(1, QStringLiteral("Обучение 📚"))
            && insert.bindInteger(2, -9007199254740993) && insert.bindText(3, QString(), buffer));
        QCOMPARE(insert.step(), SQLITE_DONE);
        insert.reset();
        QVERIFY(insert.bindText(1, QString()) && insert.bindNull(2)
            && insert.bindText(3, QStringLiteral(""), buffer));
        QCOMPARE(insert.step(), SQLITE_DONE);
        insert.reset();
        QCOMPARE(insert.step() & 0xff, SQLITE_CONSTRAINT); // the same key again
        QVERIFY2(insert.errorText().contains(QStringLiteral("UNIQUE constraint failed")),
            qPrintable(insert.errorText()));
    }
    StoreSqlite::SqliteStatement rows(
        db, "SELECT k, n, v FROM t WHERE n IS NULL OR n < ? ORDER BY k DESC");
    QVERIFY(rows.ok() && rows.bindInteger(1, 0));
    QCOMPARE(rows.step(), SQLITE_ROW);
    QCOMPARE(rows.text(0), QStringLiteral("Обучение 📚"));
    QCOMPARE(rows.utf8(0), QStringLiteral("Обучение 📚").toUtf8());
    QCOMPARE(rows.integer(1), -9007199254740993);
    QVERIFY(!rows.isNull(1) && rows.isNull(2) && rows.text(2).isNull() && !rows.utf8(2).data());
    QCOMPARE(rows.step(), SQLITE_ROW);
    QVERIFY(
        !rows.isNull(0) && rows.text(0).isEmpty() && !rows.text(0).isNull() && rows.utf8(0).data());
    QVERIFY(rows.isNull(1) && !rows.isNull(2) && rows.text(2).isEmpty() && !rows.text(2).isNull());
    QCOMPARE(rows.step(), SQLITE_DONE);
    StoreSqlite::SqliteStatement wrong(db, "SELECT nosuch FROM t");
    QVERIFY(!wrong.ok());
    QCOMPARE(wrong.errorText(), QStringLiteral("no such column: nosuch"));
}

void TestStore::failedReadIsReportedNotTruncated_data()
{
    QTest::addColumn<int>("count");
    QTest::newRow("one thread") << 1500;
    QTest::newRow("two threads") << 9000;
}

void TestStore::failedReadIsReportedNotTruncated()
{
    // SQLite stops part way through the rows (here interrupted by a progress handler; on a real
    // cache a busy, damaged or unreadable file): the load fails and says so, on either path,
    // instead of giving a shorter record.
    QFETCH(int, count);
    Store store(m_path);
    QVERIFY(store.open().ok());
    const Record record = largeRecord(fixtureRecord(), QStringLiteral("2201.00001"), count, 0);
    QVERIFY(store.importRecords({ record }).ok());
    sqlite3 *db = StoreSqlite::driverHandle(StoreConnection::of(store)); // also on the Qt Sql path
    QVERIFY(db);
    struct Counter
    {
        int calls = 0;
        int stopAt = -1;
    } counter;
    const auto handler = [](void *data) {
        auto *c = static_cast<Counter *>(data);
        ++c->calls;
        return c->stopAt >= 0 && c->calls >= c->stopAt ? 1 : 0;
    };
    sqlite3_progress_handler(db, 100, handler, &counter);
    const auto done = qScopeGuard([db] { sqlite3_progress_handler(db, 0, nullptr, nullptr); });
    auto whole = store.loadRecord(record.arxivId);
    QVERIFY(whole.ok() && whole->has_value());
    QCOMPARE((*whole)->observations.size(), count);
    const int calls = counter.calls;
    QVERIFY(calls > 20);
    counter = Counter { 0, calls / 2 };
    const auto cut = store.loadRecord(record.arxivId);
    QVERIFY(!cut.ok());
    QVERIFY2(
        cut.error().message.contains(QStringLiteral("cannot read the observations of 2201.00001")),
        qPrintable(cut.error().message));
    QVERIFY2(
        cut.error().message.contains(QStringLiteral("interrupt")), qPrintable(cut.error().message));
}

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
