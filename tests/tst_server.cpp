// SPDX-License-Identifier: GPL-3.0-or-later
// The real ledger-server binary on an ephemeral loopback port, against a fresh SQLite file or a
// fresh PostgreSQL database per test (the "postgresql" rows need LC_TEST_POSTGRES_URL: run
// scripts/with-postgres.sh build-testing/tests/tst_server): health, tokens and their hashes, bad
// usage of its subcommands, and the records: imported, listed, served with their etags, put by
// an admin only, migrated. Events: tst_serverevents; busy and loaded: tst_serverload.
#include "EventJson.h"
#include "LedgerText.h"
#include "RecordJson.h"
#include "ServerDatabases.h"
#include "ServerStore.h"
#include "ServerTestCase.h"
#include "TestKeys.h"
#include "TestSupport.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrlQuery>
#include <QtTest>

#include <memory>
#include <utility>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

class TestServer : public ServerTestCase
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void init() { initServer(QStringLiteral("tst_server")); }
    void cleanup() { cleanupServer(); }

    void health();
    void tokenAddPrintsTheTokenOnce();
    void tokensAreStoredHashed();
    void badUsage_data();
    void badUsage();

    void importedRecordIsListedAndServed();
    void recordEtagGives304();
    void recordListEtagGives304();
    void putRecordByAdmin();
    void putRecordByCuratorIsForbidden();
    void putRecordRefusesOlderPagesAndWrongIds();
    void unknownRecordIs404();
    void largeRecordIsServedWhole();
    void heldEtagSkipsTheBody();
    void version1DatabaseMigratesItsRecords();
};

// --- health and tokens --------------------------------------------------------------------------

void TestServer::health()
{
    const HttpReply reply = send("GET", QStringLiteral("/v1/health"));
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.header("content-type"), QByteArray("application/json"));
    const QJsonObject json = reply.json();
    QCOMPARE(json.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    QCOMPARE(json.value(QStringLiteral("version")).toString(), QStringLiteral("0.1.0"));
    QCOMPARE(json.value(QStringLiteral("latest_seq")).toInteger(), 0);
    QCOMPARE(postEvents(makeEvents(1, 3)).status, 200);
    QCOMPARE(send("GET", QStringLiteral("/v1/health"))
                 .json()
                 .value(QStringLiteral("latest_seq"))
                 .toInteger(),
        3);
}

void TestServer::tokenAddPrintsTheTokenOnce()
{
    const CliRun run
        = runServer({ QStringLiteral("token"), QStringLiteral("add"), QStringLiteral("dave"),
            QStringLiteral("--role"), QStringLiteral("curator"), QStringLiteral("--db"), m_db });
    QCOMPARE(run.exitCode, 0);
    const QList<QByteArray> lines = run.out.trimmed().split('\n');
    const QByteArray token = lines.constLast().trimmed();
    // 32 random bytes in base64url without padding: 43 characters.
    QCOMPARE(token.size(), 43);
    QVERIFY(QRegularExpression(QStringLiteral("^[A-Za-z0-9_-]{43}$"))
                .match(QString::fromLatin1(token))
                .hasMatch());
    QCOMPARE(run.out.count(token), 1);
    QVERIFY(!run.err.contains(token));
    // It works, as a curator: dave registers his key and posts his events.
    QCOMPARE(send("GET", QStringLiteral("/v1/records"), token).status, 200);
    QString problem;
    QVERIFY2(
        registerKey(m_base, QString::fromLatin1(token), testKey(QStringLiteral("dave")), &problem),
        qPrintable(problem));
    CorrectionEvent byDave = makeEvent(1);
    byDave.author = QStringLiteral("dave");
    QCOMPARE(send("POST", QStringLiteral("/v1/events"), token,
                 batchBody({ signedCopy(byDave, byDave.author) }), "application/json")
                 .status,
        200);
    QCOMPARE(send("PUT", QStringLiteral("/v1/records/2301.01234"), token,
                 writeRecordJson(richRecord()), "application/json")
                 .status,
        403);
    // Another token for the same name is refused; a bad role is bad usage.
    const CliRun again
        = runServer({ QStringLiteral("token"), QStringLiteral("add"), QStringLiteral("dave"),
            QStringLiteral("--role"), QStringLiteral("reader"), QStringLiteral("--db"), m_db });
    QCOMPARE(again.exitCode, 2);
    QVERIFY(again.err.startsWith("ledger-server: "));
    const CliRun badRole
        = runServer({ QStringLiteral("token"), QStringLiteral("add"), QStringLiteral("erin"),
            QStringLiteral("--role"), QStringLiteral("owner"), QStringLiteral("--db"), m_db });
    QCOMPARE(badRole.exitCode, 2);
    QVERIFY(badRole.err.contains("owner"));
}

void TestServer::tokensAreStoredHashed()
{
    const QByteArray token = addToken(QStringLiteral("hashcheck"), QStringLiteral("reader"));
    QCOMPARE(token.size(), 43);
    QCOMPARE(send("GET", QStringLiteral("/v1/records"), token).status, 200);
    if (!isPostgres()) {
        // Not anywhere in the database files (main file, WAL, shared memory).
        QDirIterator files(m_database.path(), QDir::Files, QDirIterator::Subdirectories);
        int checked = 0;
        while (files.hasNext()) {
            const QString path = files.next();
            QVERIFY2(!readAll(path).contains(token), qPrintable(path));
            ++checked;
        }
        QVERIFY(checked >= 1);
    }
    QSqlDatabase db = directDatabase();
    QVERIFY(db.isOpen());
    QSqlQuery query(db);
    QVERIFY(query.prepare(
        QStringLiteral("SELECT token_hash, name, role, created_at FROM tokens WHERE name = ?")));
    query.addBindValue(QStringLiteral("hashcheck"));
    QVERIFY2(query.exec(), qPrintable(query.lastError().text()));
    QVERIFY(query.next());
    QCOMPARE(query.value(0).toString().toLatin1(), sha256Hex(token));
    QCOMPARE(query.value(2).toString(), QStringLiteral("reader"));
    QVERIFY(!query.value(3).toString().isEmpty());
    QSqlQuery all(db);
    QVERIFY(all.exec(QStringLiteral("SELECT token_hash, name, role, created_at FROM tokens")));
    while (all.next()) {
        for (int c = 0; c < 4; ++c)
            QVERIFY(!all.value(c).toString().toLatin1().contains(token));
    }
}

void TestServer::badUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("no command") << QStringList {} << 2;
    QTest::newRow("unknown command") << QStringList { QStringLiteral("launch") } << 2;
    QTest::newRow("token without role")
        << QStringList { QStringLiteral("token"), QStringLiteral("add"), QStringLiteral("x") } << 2;
    QTest::newRow("token remove") << QStringList { QStringLiteral("token"),
        QStringLiteral("remove"), QStringLiteral("x") }
                                  << 2;
    QTest::newRow("import nothing") << QStringList { QStringLiteral("import") } << 2;
    QTest::newRow("import missing file")
        << QStringList { QStringLiteral("import"), QStringLiteral("/no/such/file.txt") } << 2;
    QTest::newRow("bad listen") << QStringList { QStringLiteral("serve"),
        QStringLiteral("--listen"), QStringLiteral("nowhere") }
                                << 2;
    QTest::newRow("bad max-body") << QStringList { QStringLiteral("serve"),
        QStringLiteral("--max-body"), QStringLiteral("-5") }
                                  << 2;
    QTest::newRow("bad db url") << QStringList { QStringLiteral("serve"), QStringLiteral("--db"),
        QStringLiteral("postgresql://host") }
                                << 2;
    QTest::newRow("unknown option")
        << QStringList { QStringLiteral("serve"), QStringLiteral("--colour") } << 2;
}

void TestServer::badUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    const CliRun run = runServer(arguments);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY2(run.err.startsWith("ledger-server: "), run.err.constData());
    QVERIFY(run.out.isEmpty());
}

// --- records ------------------------------------------------------------------------------------

void TestServer::importedRecordIsListedAndServed()
{
    const CliRun imported = runServer({ QStringLiteral("import"),
        dataPath(QStringLiteral("ledger-2104.04473.txt")), QStringLiteral("--db"), m_db });
    QCOMPARE(imported.exitCode, 0);
    QVERIFY(imported.out.contains("2104.04473 v5"));
    auto page = parseLedgerText(fixture(), QStringLiteral("fixture"));
    QVERIFY(page.ok());
    const Record &expected = page->record;

    const HttpReply list = send("GET", QStringLiteral("/v1/records"), m_reader);
    QCOMPARE(list.status, 200);
    QVERIFY(!list.header("etag").isEmpty());
    const QJsonArray records = list.json().value(QStringLiteral("records")).toArray();
    QCOMPARE(records.size(), 1);
    const QJsonObject row = records.at(0).toObject();
    QCOMPARE(row.value(QStringLiteral("id")).toString(), kServerRecordId);
    QCOMPARE(row.value(QStringLiteral("version")).toInt(), 5);
    QCOMPARE(row.value(QStringLiteral("title")).toString(), expected.title);
    QCOMPARE(row.value(QStringLiteral("as_of")).toString(), QStringLiteral("2026-08-05"));

    const HttpReply one = send("GET", QStringLiteral("/v1/records/2104.04473"), m_reader);
    QCOMPARE(one.status, 200);
    QCOMPARE(one.header("content-type"), QByteArray("application/json"));
    QCOMPARE(one.body, writeRecordJson(expected));
    auto read = readRecordJson(one.body, QStringLiteral("reply"));
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    QCOMPARE(*read, expected);
    const QByteArray etag = '"' + sha256Hex(one.body).left(32) + '"';
    QCOMPARE(one.header("etag"), etag);
    QCOMPARE(row.value(QStringLiteral("etag")).toString().toLatin1(), etag);

    // arXiv: prefix and version suffix name the same record.
    const HttpReply prefixed
        = send("GET", QStringLiteral("/v1/records/arXiv:2104.04473v5"), m_reader);
    QCOMPARE(prefixed.status, 200);
    QCOMPARE(prefixed.body, one.body);
}

void TestServer::recordEtagGives304()
{
    QCOMPARE(
        runServer({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")),
                      QStringLiteral("--db"), m_db })
            .exitCode,
        0);
    const HttpReply first = send("GET", QStringLiteral("/v1/records/2104.04473"), m_reader);
    QCOMPARE(first.status, 200);
    const QByteArray etag = first.header("etag");
    const HttpReply again = send("GET", QStringLiteral("/v1/records/2104.04473"), m_reader, {}, {},
        { { "If-None-Match", etag } });
    QCOMPARE(again.status, 304);
    QVERIFY(again.body.isEmpty());
    QCOMPARE(again.header("etag"), etag);
    const HttpReply other = send("GET", QStringLiteral("/v1/records/2104.04473"), m_reader, {}, {},
        { { "If-None-Match", "\"0000\"" } });
    QCOMPARE(other.status, 200);
    QCOMPARE(other.body, first.body);
}

void TestServer::recordListEtagGives304()
{
    const HttpReply empty = send("GET", QStringLiteral("/v1/records"), m_reader);
    QCOMPARE(empty.status, 200);
    QCOMPARE(empty.json().value(QStringLiteral("records")).toArray().size(), 0);
    QCOMPARE(
        runServer({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")),
                      QStringLiteral("--db"), m_db })
            .exitCode,
        0);
    const HttpReply list = send("GET", QStringLiteral("/v1/records"), m_reader, {}, {},
        { { "If-None-Match", empty.header("etag") } });
    QCOMPARE(list.status, 200); // the list changed
    QVERIFY(list.header("etag") != empty.header("etag"));
    const HttpReply same = send("GET", QStringLiteral("/v1/records"), m_reader, {}, {},
        { { "If-None-Match", list.header("etag") } });
    QCOMPARE(same.status, 304);
    QVERIFY(same.body.isEmpty());
}

void TestServer::largeRecordIsServedWhole()
{
    // A body of several megabytes (on SQLite: a long chain of overflow pages, read straight
    // into the reply): served byte for byte, listed, and answered 304 by its etag.
    Record large = richRecord();
    const QList<Observation> rich = large.observations;
    large.observations.clear();
    for (int i = 0; i < 6000; ++i) {
        Observation o = rich[i % rich.size()];
        o.id = QStringLiteral("00000000-0000-4000-8000-%1").arg(i, 12, 10, QLatin1Char('0'));
        large.observations.append(std::move(o));
    }
    std::stable_partition(large.observations.begin(), large.observations.end(),
        [](const Observation &o) { return o.direction == Direction::Outbound; });
    const QByteArray body = writeRecordJson(large);
    QVERIFY(body.size() > 3'000'000);
    const HttpReply put
        = send("PUT", QStringLiteral("/v1/records/2301.01234"), m_admin, body, "application/json");
    QCOMPARE(put.status, 201);
    const HttpReply got = send("GET", QStringLiteral("/v1/records/2301.01234"), m_reader);
    QCOMPARE(got.status, 200);
    QVERIFY(got.body == body);
    QCOMPARE(got.header("etag"), '"' + sha256Hex(body).left(32) + '"');
    const QJsonArray list = send("GET", QStringLiteral("/v1/records"), m_reader)
                                .json()
                                .value(QStringLiteral("records"))
                                .toArray();
    QCOMPARE(list.size(), 1);
    QCOMPARE(list.at(0)[QStringLiteral("etag")].toString().toLatin1(), got.header("etag"));
    const HttpReply again = send("GET", QStringLiteral("/v1/records/2301.01234"), m_reader, {}, {},
        { { "If-None-Match", got.header("etag") } });
    QCOMPARE(again.status, 304);
}

void TestServer::heldEtagSkipsTheBody()
{
    // GET with the If-None-Match of the current version: the store is told the etag and does
    // not read the body (a 304 of a 100 MB record reads no 100 MB). Through the server's own
    // store class, on its database, beside the running server.
    const Record rich = richRecord();
    const QByteArray body = writeRecordJson(rich);
    QCOMPARE(
        send("PUT", QStringLiteral("/v1/records/2301.01234"), m_admin, body, "application/json")
            .status,
        201);
    const QByteArray etag
        = send("GET", QStringLiteral("/v1/records/2301.01234"), m_reader).header("etag");
    QVERIFY(!etag.isEmpty());

    auto config = DatabaseConfig::parse(m_db);
    QVERIFY(config.ok());
    ServerStore store(*config);
    QVERIFY(store.open(ServerStore::Migrate::No).ok());
    QStringList asked;
    const auto held = [&](bool answer) {
        return [&asked, answer](const QString &current) {
            asked.append(current);
            return answer;
        };
    };
    auto skipped = store.record(QStringLiteral("2301.01234"), held(true));
    QVERIFY(skipped.ok() && skipped->has_value());
    QVERIFY(!(*skipped)->bodyRead);
    QVERIFY((*skipped)->body.isEmpty());
    QCOMPARE((*skipped)->etag.toLatin1(), etag);
    QCOMPARE(asked, QStringList { QString::fromLatin1(etag) });

    auto read = store.record(QStringLiteral("2301.01234"), held(false));
    QVERIFY(read.ok() && read->has_value());
    QVERIFY((*read)->bodyRead);
    QCOMPARE((*read)->body, body);
    QCOMPARE((*read)->etag.toLatin1(), etag);
    QCOMPARE(asked.size(), 2);

    auto plain = store.record(QStringLiteral("2301.01234"));
    QVERIFY(plain.ok() && plain->has_value() && (*plain)->bodyRead);
    QCOMPARE((*plain)->body, body);
    auto absent = store.record(QStringLiteral("2301.09999"), held(true));
    QVERIFY(absent.ok() && !absent->has_value());
    QCOMPARE(asked.size(), 2); // no etag to ask about

    // Over HTTP: the 304 and the 200 as before.
    const HttpReply again = send("GET", QStringLiteral("/v1/records/2301.01234"), m_reader, {}, {},
        { { "If-None-Match", etag } });
    QCOMPARE(again.status, 304);
    QCOMPARE(again.header("etag"), etag);
    QVERIFY(again.body.isEmpty());
    const HttpReply other = send("GET", QStringLiteral("/v1/records/2301.01234"), m_reader, {}, {},
        { { "If-None-Match", "\"0000\", W/\"1111\"" } });
    QCOMPARE(other.status, 200);
    QCOMPARE(other.body, body);
}

void TestServer::version1DatabaseMigratesItsRecords()
{
    // A database as schema version 1 left it (the body before the etag) is migrated when the
    // server starts: the records are kept byte for byte, with their etags, and the body is the
    // records' last column.
    stopServers();
    const Record rich = richRecord();
    const QByteArray body = writeRecordJson(rich);
    const QString etag = QStringLiteral("\"0123456789abcdef0123456789abcdef\"");
    {
        QSqlDatabase db = directDatabase();
        QVERIFY(db.isOpen());
        QSqlQuery query(db);
        for (const char *statement : { "DROP TABLE records",
                 "CREATE TABLE records (id TEXT PRIMARY KEY, version INTEGER NOT NULL,"
                 " title TEXT NOT NULL, as_of TEXT NOT NULL, body TEXT NOT NULL,"
                 " etag TEXT NOT NULL, updated_at TEXT NOT NULL)",
                 // What migration 3 added goes too (its tokens table, made anew, may stay).
                 "ALTER TABLE events DROP COLUMN key_id",
                 "ALTER TABLE events DROP COLUMN signature", "DROP TABLE curator_keys",
                 "DROP INDEX tokens_live_name", "DELETE FROM counters WHERE name = 'legacy_until'",
                 // ... and what migration 4 added (the notices).
                 "DROP TABLE notice_versions", "DROP TABLE notices",
                 "DELETE FROM counters WHERE name = 'notices'",
                 // ... and what migration 6 added (the server's identity key).
                 "DROP TABLE server_identity",
                 // ... and what migration 7 added (signed notices).
                 "DELETE FROM counters WHERE name = 'notices_legacy_until'",
                 "UPDATE schema_version SET version = 1" })
            QVERIFY2(
                query.exec(QString::fromLatin1(statement)), qPrintable(query.lastError().text()));
        QVERIFY(query.prepare(QStringLiteral("INSERT INTO records (id, version, title, as_of, body,"
                                             " etag, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")));
        for (const QVariant &value : { QVariant(rich.arxivId), QVariant(rich.version),
                 QVariant(rich.title), QVariant(rich.asOf), QVariant(QString::fromUtf8(body)),
                 QVariant(etag), QVariant(QStringLiteral("2026-11-30T06:00:00.000Z")) })
            query.addBindValue(value);
        QVERIFY2(query.exec(), qPrintable(query.lastError().text()));
    }
    m_base = startServer();
    QVERIFY(m_base.isValid());
    const HttpReply got = send("GET", QStringLiteral("/v1/records/") + rich.arxivId, m_reader);
    QCOMPARE(got.status, 200);
    QCOMPARE(got.body, body);
    QCOMPARE(got.header("etag"), etag.toLatin1());
    const QJsonArray list = send("GET", QStringLiteral("/v1/records"), m_reader)
                                .json()
                                .value(QStringLiteral("records"))
                                .toArray();
    QCOMPARE(list.size(), 1);
    QCOMPARE(list.at(0)[QStringLiteral("version")].toInt(), rich.version);
    QCOMPARE(list.at(0)[QStringLiteral("etag")].toString(), etag);

    QSqlQuery query(directDatabase());
    QVERIFY(query.exec(QStringLiteral("SELECT version FROM schema_version")) && query.next());
    QCOMPARE(query.value(0).toInt(), ServerStore::latestSchemaVersion());
    QVERIFY(query.exec(!isPostgres()
            ? QStringLiteral("SELECT name FROM pragma_table_info('records') ORDER BY cid")
            : QStringLiteral("SELECT column_name FROM information_schema.columns"
                             " WHERE table_name = 'records' ORDER BY ordinal_position")));
    QStringList columns;
    while (query.next())
        columns.append(query.value(0).toString());
    QCOMPARE(columns,
        QStringList({ QStringLiteral("id"), QStringLiteral("version"), QStringLiteral("title"),
            QStringLiteral("as_of"), QStringLiteral("etag"), QStringLiteral("updated_at"),
            QStringLiteral("body") }));
    // And it takes new records as before.
    Record newer = rich;
    newer.version += 1;
    QCOMPARE(send("PUT", QStringLiteral("/v1/records/") + rich.arxivId, m_admin,
                 writeRecordJson(newer), "application/json")
                 .status,
        200);
    QCOMPARE(send("GET", QStringLiteral("/v1/records/") + rich.arxivId, m_reader).body,
        writeRecordJson(newer));
}

void TestServer::putRecordByAdmin()
{
    const Record rich = richRecord();
    const QByteArray body = writeRecordJson(rich);
    const HttpReply created
        = send("PUT", QStringLiteral("/v1/records/2301.01234"), m_admin, body, "application/json");
    QCOMPARE(created.status, 201);
    QCOMPARE(created.json().value(QStringLiteral("id")).toString(), rich.arxivId);
    const QString etag = created.json().value(QStringLiteral("etag")).toString();
    QCOMPARE(etag.toLatin1(), '"' + sha256Hex(body).left(32) + '"');
    const HttpReply got = send("GET", QStringLiteral("/v1/records/2301.01234"), m_reader);
    QCOMPARE(got.status, 200);
    QCOMPARE(got.body, body);
    QCOMPARE(*readRecordJson(got.body, QStringLiteral("reply")), rich);

    Record newer = rich;
    newer.asOf = QStringLiteral("2026-12-01");
    newer.title = QStringLiteral("A newer title");
    const HttpReply replaced = send("PUT", QStringLiteral("/v1/records/arXiv:2301.01234v3"),
        m_admin, writeRecordJson(newer), "application/json; charset=utf-8");
    QCOMPARE(replaced.status, 200);
    QVERIFY(replaced.json().value(QStringLiteral("etag")).toString() != etag);
    QCOMPARE(*readRecordJson(send("GET", QStringLiteral("/v1/records/2301.01234"), m_reader).body,
                 QStringLiteral("reply")),
        newer);
    const QJsonArray list = send("GET", QStringLiteral("/v1/records"), m_reader)
                                .json()
                                .value(QStringLiteral("records"))
                                .toArray();
    QCOMPARE(list.size(), 1);
    QCOMPARE(list.at(0)[QStringLiteral("title")].toString(), QStringLiteral("A newer title"));
}

void TestServer::putRecordByCuratorIsForbidden()
{
    const HttpReply reply = send("PUT", QStringLiteral("/v1/records/2301.01234"), m_curator,
        writeRecordJson(richRecord()), "application/json");
    QCOMPARE(reply.status, 403);
    QCOMPARE(reply.errorCode(), QStringLiteral("forbidden"));
    QCOMPARE(send("GET", QStringLiteral("/v1/records/2301.01234"), m_reader).status, 404);
    QCOMPARE(send("PUT", QStringLiteral("/v1/records/2301.01234"), m_reader,
                 writeRecordJson(richRecord()), "application/json")
                 .status,
        403);
}

void TestServer::putRecordRefusesOlderPagesAndWrongIds()
{
    const Record rich = richRecord();
    QCOMPARE(send("PUT", QStringLiteral("/v1/records/2301.01234"), m_admin, writeRecordJson(rich),
                 "application/json")
                 .status,
        201);
    Record older = rich;
    older.asOf = QStringLiteral("2020-01-01");
    const HttpReply conflict = send("PUT", QStringLiteral("/v1/records/2301.01234"), m_admin,
        writeRecordJson(older), "application/json");
    QCOMPARE(conflict.status, 409);
    QCOMPARE(conflict.errorCode(), QStringLiteral("conflict"));
    QVERIFY(conflict.errorMessage().contains(QStringLiteral("2301.01234")));
    const HttpReply wrongId = send("PUT", QStringLiteral("/v1/records/2104.04473"), m_admin,
        writeRecordJson(rich), "application/json");
    QCOMPARE(wrongId.status, 400);
    QCOMPARE(wrongId.errorCode(), QStringLiteral("bad_request"));
    // Still the first page.
    QCOMPARE(*readRecordJson(send("GET", QStringLiteral("/v1/records/2301.01234"), m_reader).body,
                 QStringLiteral("reply")),
        rich);
    QCOMPARE(send("GET", QStringLiteral("/v1/records/2104.04473"), m_reader).status, 404);
}

void TestServer::unknownRecordIs404()
{
    for (const QString &path :
        { QStringLiteral("/v1/records/2104.04473"), QStringLiteral("/v1/records/hep-th/9901001"),
            QStringLiteral("/v1/records/not-an-id") }) {
        const HttpReply reply = send("GET", path, m_reader);
        QCOMPARE(reply.status, 404);
        QCOMPARE(reply.errorCode(), QStringLiteral("not_found"));
        QVERIFY(!reply.errorMessage().isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestServer)
#include "tst_server.moc"
