// SPDX-License-Identifier: GPL-3.0-or-later
// The real ledger-server binary on an ephemeral loopback port, against a fresh SQLite file or a
// fresh PostgreSQL database per test (the "postgresql" rows need LC_TEST_POSTGRES_URL: run
// scripts/with-postgres.sh build-testing/tests/tst_server).
#include "EventJson.h"
#include "LedgerText.h"
#include "RecordJson.h"
#include "ServerDatabases.h"
#include "ServerProcess.h"
#include "ServerStore.h"
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

namespace {

const QString kRecordId = QStringLiteral("2104.04473");
const QString kSqlite = QStringLiteral("sqlite");
const QString kPostgres = QStringLiteral("postgresql");

struct HttpReply
{
    int status = 0;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QByteArray body;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
    QString errorCode() const
    {
        return json()
            .value(QStringLiteral("error"))
            .toObject()
            .value(QStringLiteral("code"))
            .toString();
    }
    QString errorMessage() const
    {
        return json()
            .value(QStringLiteral("error"))
            .toObject()
            .value(QStringLiteral("message"))
            .toString();
    }
};

HttpReply collect(QNetworkReply *reply)
{
    HttpReply out;
    out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.error = reply->error();
    out.body = reply->readAll();
    for (const auto &[name, value] : reply->rawHeaderPairs())
        out.headers.insert(name.toLower(), value);
    return out;
}

QNetworkRequest makeRequest(const QUrl &url, const QByteArray &token, const QByteArray &contentType,
    const QList<std::pair<QByteArray, QByteArray>> &headers = {})
{
    QNetworkRequest request(url);
    request.setAttribute(
        QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setAttribute(
        QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setTransferTimeout(60000);
    if (!token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token);
    if (!contentType.isEmpty())
        request.setRawHeader("Content-Type", contentType);
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    return request;
}

CorrectionEvent makeEvent(int n, const QString &value = {})
{
    CorrectionEvent e;
    e.id = uuidFor(n);
    e.record = kRecordId;
    e.observation = uuidFor(1000000 + n % 13);
    e.field = CurationField::Note;
    e.value = value.isEmpty() ? QStringLiteral("note %1").arg(n) : value;
    e.author = QStringLiteral("carol");
    e.createdAt = QDateTime(QDate(2026, 11, 29), QTime(17, 0), Qt::UTC)
                      .addMSecs(n)
                      .toString(Qt::ISODateWithMs);
    // Signed by carol, the curator token's name, whose key init() registers (issue 19).
    return signedCopy(e, e.author);
}

QList<CorrectionEvent> makeEvents(int first, int count)
{
    QList<CorrectionEvent> events;
    for (int n = first; n < first + count; ++n)
        events.append(makeEvent(n));
    return events;
}

QByteArray batchBody(const QList<CorrectionEvent> &events)
{
    return QJsonDocument(QJsonObject { { QStringLiteral("events"), correctionsToJson(events) } })
        .toJson(QJsonDocument::Compact);
}

QByteArray sha256Hex(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

} // namespace

class TestServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data();
    void init();
    void cleanup();

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

    void postedBatchGetsSeqs();
    void repostedBatchStoresNothingTwice();
    void sameIdOtherContentConflicts();
    void eventsPage();
    void invalidEventStoresNothingOfTheBatch();

    void badRequests_data();
    void badRequests();
    void bodyOverMaxBodyIs413();

    void busyDatabaseGives503();
    void overloadGives503();
    void concurrentClientsGetGapFreeSeqs();
    void twoServersOnOnePostgres();

private:
    struct Running
    {
        std::unique_ptr<QProcess> process;
        QUrl base;
    };

    QUrl startServer(const QStringList &extra = {});
    void stopServers();
    CliRun runServer(const QStringList &arguments) const;
    QByteArray addToken(const QString &name, const QString &role);
    HttpReply send(const QByteArray &method, const QString &pathAndQuery,
        const QByteArray &token = {}, const QByteArray &body = {},
        const QByteArray &contentType = {},
        const QList<std::pair<QByteArray, QByteArray>> &headers = {}, const QUrl &base = {});
    HttpReply postEvents(const QList<CorrectionEvent> &events, const QUrl &base = {});
    QList<CorrectionEvent> allEvents(const QUrl &base = {});
    QSqlDatabase directDatabase();
    void runConcurrentClients(const QList<QUrl> &servers);

    QString m_backend;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db; // the --db argument
    QString m_pgDatabase;
    std::vector<Running> m_servers;
    QUrl m_base;
    QByteArray m_admin, m_curator, m_reader;
    QNetworkAccessManager m_nam;
};

void TestServer::initTestCase_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << kSqlite;
    QTest::newRow("postgresql") << kPostgres;
}

void TestServer::init()
{
    QFETCH_GLOBAL(QString, backend);
    m_backend = backend;
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_pgDatabase.clear();
    if (backend == kPostgres) {
        if (!postgresAvailable())
            QSKIP("LC_TEST_POSTGRES_URL is not set; run scripts/with-postgres.sh "
                  "build-testing/tests/tst_server for the PostgreSQL rows");
        // A database of its own for every test: it starts from an empty schema.
        QString problem;
        const QString name = createPostgresDatabase(QStringLiteral("lc_test"), &problem);
        QVERIFY2(!name.isEmpty(), qPrintable(problem));
        m_pgDatabase = name;
        m_db = postgresUrl(name);
    } else {
        m_db = m_dir->filePath(QStringLiteral("server.db"));
    }
    m_admin = addToken(QStringLiteral("alice"), QStringLiteral("admin"));
    m_curator = addToken(QStringLiteral("carol"), QStringLiteral("curator"));
    m_reader = addToken(QStringLiteral("rita"), QStringLiteral("reader"));
    QVERIFY(!m_admin.isEmpty() && !m_curator.isEmpty() && !m_reader.isEmpty());
    m_base = startServer();
    QVERIFY(m_base.isValid());
    QString problem;
    QVERIFY2(registerKey(m_base, QString::fromLatin1(m_curator), testKey(QStringLiteral("carol")),
                 &problem),
        qPrintable(problem));
}

void TestServer::cleanup()
{
    stopServers();
    closeDatabase(QStringLiteral("tst-direct"));
    dropPostgresDatabase(m_pgDatabase);
    m_pgDatabase.clear();
    m_dir.reset();
}

CliRun TestServer::runServer(const QStringList &arguments) const
{
    return runServerCommand(arguments, m_dir->filePath(QStringLiteral("xdg-data")), 60000);
}

QByteArray TestServer::addToken(const QString &name, const QString &role)
{
    return addServerToken([this](const QStringList &arguments) { return runServer(arguments); },
        name, role, { QStringLiteral("--db"), m_db });
}

QUrl TestServer::startServer(const QStringList &extra)
{
    Running running;
    running.process = std::make_unique<QProcess>();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir->filePath(QStringLiteral("xdg-data")));
    running.process->setProcessEnvironment(env);
    running.process->setProcessChannelMode(QProcess::SeparateChannels);
    running.process->start(QStringLiteral(LC_SERVER_PATH),
        QStringList { QStringLiteral("serve"), QStringLiteral("--db"), m_db,
            QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0") }
            + extra);
    if (!running.process->waitForStarted(20000))
        return {};
    QElapsedTimer timer;
    timer.start();
    QByteArray line;
    while (!running.process->canReadLine() && timer.elapsed() < 30000) {
        if (running.process->state() != QProcess::Running) {
            qWarning(
                "ledger-server exited: %s", running.process->readAllStandardError().constData());
            return {};
        }
        running.process->waitForReadyRead(200);
    }
    line = running.process->readLine().trimmed();
    if (!line.startsWith("listening on http://127.0.0.1:")) {
        qWarning("unexpected first line from ledger-server: '%s'", line.constData());
        return {};
    }
    running.base = QUrl(QString::fromUtf8(line.mid(int(strlen("listening on ")))));
    const QUrl base = running.base;
    m_servers.push_back(std::move(running));
    return base;
}

void TestServer::stopServers()
{
    // Taken out first: a failing check below must not leave them for the next test.
    std::vector<Running> servers = std::exchange(m_servers, {});
    for (Running &running : servers) {
        if (running.process->state() != QProcess::NotRunning) {
            running.process->terminate();
            if (!running.process->waitForFinished(20000)) {
                running.process->kill();
                running.process->waitForFinished(5000);
                QFAIL("ledger-server did not stop on SIGTERM");
            }
        }
        const QByteArray log = running.process->readAllStandardError();
        if (running.process->exitStatus() != QProcess::NormalExit
            || running.process->exitCode() != 0) {
            qWarning("exit status %d, code %d; the log ends:\n%s",
                int(running.process->exitStatus()), running.process->exitCode(),
                log.right(2000).constData());
            QFAIL("ledger-server did not exit cleanly");
        }
        // The request log never holds a token.
        for (const QByteArray &token : { m_admin, m_curator, m_reader }) {
            if (!token.isEmpty())
                QVERIFY2(!log.contains(token), "a token appears in the request log");
        }
    }
}

HttpReply TestServer::send(const QByteArray &method, const QString &pathAndQuery,
    const QByteArray &token, const QByteArray &body, const QByteArray &contentType,
    const QList<std::pair<QByteArray, QByteArray>> &headers, const QUrl &base)
{
    const QUrl url = (base.isValid() ? base : m_base).resolved(QUrl(pathAndQuery));
    QNetworkReply *reply
        = m_nam.sendCustomRequest(makeRequest(url, token, contentType, headers), method, body);
    QEventLoop loop;
    connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    HttpReply out = collect(reply);
    reply->deleteLater();
    return out;
}

HttpReply TestServer::postEvents(const QList<CorrectionEvent> &events, const QUrl &base)
{
    return send("POST", QStringLiteral("/v1/events"), m_curator, batchBody(events),
        "application/json", {}, base);
}

QList<CorrectionEvent> TestServer::allEvents(const QUrl &base)
{
    QList<CorrectionEvent> events;
    qint64 after = 0;
    for (int page = 0; page < 1000; ++page) {
        const HttpReply reply
            = send("GET", QStringLiteral("/v1/events?after=%1&limit=5000").arg(after), m_reader, {},
                {}, {}, base);
        if (reply.status != 200) {
            qWarning("GET /v1/events: %d %s", reply.status, reply.body.constData());
            return {};
        }
        auto parsed = correctionsFromJson(
            reply.json().value(QStringLiteral("events")), QStringLiteral("events"));
        if (!parsed) {
            qWarning("%s", qPrintable(parsed.error().toString()));
            return {};
        }
        events += *parsed;
        after = reply.json().value(QStringLiteral("last_seq")).toInteger();
        if (!reply.json().value(QStringLiteral("more")).toBool())
            break;
    }
    return events;
}

QSqlDatabase TestServer::directDatabase()
{
    return openServerDatabase(QStringLiteral("tst-direct"), m_db);
}

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
    if (m_backend == kSqlite) {
        // Not anywhere in the database files (main file, WAL, shared memory).
        QDirIterator files(m_dir->path(), QDir::Files, QDirIterator::Subdirectories);
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
    QCOMPARE(row.value(QStringLiteral("id")).toString(), kRecordId);
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
    QVERIFY(query.exec(m_backend == kSqlite
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

// --- events -------------------------------------------------------------------------------------

void TestServer::postedBatchGetsSeqs()
{
    const QList<CorrectionEvent> events = makeEvents(1, 5);
    const HttpReply reply = postEvents(events);
    QCOMPARE(reply.status, 200);
    const QJsonObject json = reply.json();
    QCOMPARE(json.value(QStringLiteral("stored")).toInteger(), 5);
    QCOMPARE(json.value(QStringLiteral("duplicates")).toInteger(), 0);
    const QJsonArray seqs = json.value(QStringLiteral("seqs")).toArray();
    QCOMPARE(seqs.size(), 5);
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(seqs.at(i)[QStringLiteral("id")].toString(), events[i].id);
        QCOMPARE(seqs.at(i)[QStringLiteral("seq")].toInteger(), i + 1);
    }
    // They come back as posted, plus their seq; a value of null stays null.
    CorrectionEvent reset = makeEvent(6);
    reset.value.reset();
    reset.parents = { events[0].id, events[1].id };
    reset = signedCopy(reset, reset.author);
    QCOMPARE(postEvents({ reset })
                 .json()
                 .value(QStringLiteral("seqs"))
                 .toArray()
                 .at(0)[QStringLiteral("seq")]
                 .toInteger(),
        6);
    const QList<CorrectionEvent> stored = allEvents();
    QCOMPARE(stored.size(), 6);
    for (int i = 0; i < 6; ++i) {
        CorrectionEvent expected = i < 5 ? events[i] : reset;
        expected.seq = i + 1;
        QCOMPARE(stored[i], expected);
    }
}

void TestServer::repostedBatchStoresNothingTwice()
{
    const QList<CorrectionEvent> events = makeEvents(1, 4);
    const HttpReply first = postEvents(events);
    QCOMPARE(first.status, 200);
    const HttpReply again = postEvents(events);
    QCOMPARE(again.status, 200);
    QCOMPARE(again.json().value(QStringLiteral("stored")).toInteger(), 0);
    QCOMPARE(again.json().value(QStringLiteral("duplicates")).toInteger(), 4);
    QCOMPARE(
        again.json().value(QStringLiteral("seqs")), first.json().value(QStringLiteral("seqs")));
    // A batch of old and new: the old keep their seqs, the new follow on.
    const QList<CorrectionEvent> mixed = { events[2], makeEvent(10), events[0], makeEvent(10) };
    const HttpReply partly = postEvents(mixed);
    QCOMPARE(partly.status, 200);
    QCOMPARE(partly.json().value(QStringLiteral("stored")).toInteger(), 1);
    QCOMPARE(partly.json().value(QStringLiteral("duplicates")).toInteger(), 3);
    QList<qint64> seqs;
    for (const QJsonValue &v : partly.json().value(QStringLiteral("seqs")).toArray())
        seqs.append(v[QStringLiteral("seq")].toInteger());
    QCOMPARE(seqs, (QList<qint64> { 3, 5, 1, 5 }));
    const QList<CorrectionEvent> stored = allEvents();
    QCOMPARE(stored.size(), 5);
    QCOMPARE(send("GET", QStringLiteral("/v1/health"))
                 .json()
                 .value(QStringLiteral("latest_seq"))
                 .toInteger(),
        5);
}

void TestServer::sameIdOtherContentConflicts()
{
    QCOMPARE(postEvents(makeEvents(1, 3)).status, 200);
    CorrectionEvent changed = makeEvent(2, QStringLiteral("another note"));
    const HttpReply reply = postEvents({ makeEvent(7), changed });
    QCOMPARE(reply.status, 409);
    QCOMPARE(reply.errorCode(), QStringLiteral("conflict"));
    QVERIFY2(reply.errorMessage().contains(changed.id), qPrintable(reply.errorMessage()));
    // Nothing of that batch was stored (event 7 neither).
    QCOMPARE(allEvents().size(), 3);
    // The same id twice in one batch with different content is a conflict too.
    const HttpReply inBatch
        = postEvents({ makeEvent(8), makeEvent(8, QStringLiteral("different")) });
    QCOMPARE(inBatch.status, 409);
    QCOMPARE(allEvents().size(), 3);
}

void TestServer::eventsPage()
{
    QCOMPARE(postEvents(makeEvents(1, 5)).status, 200);
    const HttpReply first = send("GET", QStringLiteral("/v1/events?after=0&limit=2"), m_reader);
    QCOMPARE(first.status, 200);
    QJsonObject json = first.json();
    QCOMPARE(json.value(QStringLiteral("events")).toArray().size(), 2);
    QCOMPARE(json.value(QStringLiteral("last_seq")).toInteger(), 2);
    QCOMPARE(json.value(QStringLiteral("latest_seq")).toInteger(), 5);
    QCOMPARE(json.value(QStringLiteral("more")).toBool(), true);
    json = send("GET", QStringLiteral("/v1/events?after=2&limit=2"), m_reader).json();
    QCOMPARE(
        json.value(QStringLiteral("events")).toArray().at(0)[QStringLiteral("seq")].toInteger(), 3);
    QCOMPARE(json.value(QStringLiteral("last_seq")).toInteger(), 4);
    QCOMPARE(json.value(QStringLiteral("more")).toBool(), true);
    json = send("GET", QStringLiteral("/v1/events?after=4&limit=2"), m_reader).json();
    QCOMPARE(json.value(QStringLiteral("events")).toArray().size(), 1);
    QCOMPARE(json.value(QStringLiteral("last_seq")).toInteger(), 5);
    QCOMPARE(json.value(QStringLiteral("more")).toBool(), false);
    // Past the end: nothing, last_seq stays where the client is.
    json = send("GET", QStringLiteral("/v1/events?after=9"), m_reader).json();
    QCOMPARE(json.value(QStringLiteral("events")).toArray().size(), 0);
    QCOMPARE(json.value(QStringLiteral("last_seq")).toInteger(), 9);
    QCOMPARE(json.value(QStringLiteral("latest_seq")).toInteger(), 5);
    QCOMPARE(json.value(QStringLiteral("more")).toBool(), false);
    // Defaults: after=0, limit=1000.
    json = send("GET", QStringLiteral("/v1/events"), m_reader).json();
    QCOMPARE(json.value(QStringLiteral("events")).toArray().size(), 5);
    // Every event carries its seq.
    for (const QJsonValue &v : json.value(QStringLiteral("events")).toArray())
        QVERIFY(v.toObject().contains(QStringLiteral("seq")));
}

void TestServer::invalidEventStoresNothingOfTheBatch()
{
    QJsonArray events = correctionsToJson(makeEvents(1, 4));
    QJsonObject bad = events.at(3).toObject();
    bad.insert(QStringLiteral("field"), QStringLiteral("colour"));
    events.replace(3, bad);
    const HttpReply reply = send("POST", QStringLiteral("/v1/events"), m_curator,
        QJsonDocument(QJsonObject { { QStringLiteral("events"), events } }).toJson(),
        "application/json");
    QCOMPARE(reply.status, 422);
    QCOMPARE(reply.errorCode(), QStringLiteral("invalid_event"));
    QCOMPARE(reply.errorMessage(), QStringLiteral("events[3].field: unknown field 'colour'"));
    QCOMPARE(allEvents().size(), 0);
    QCOMPARE(send("GET", QStringLiteral("/v1/health"))
                 .json()
                 .value(QStringLiteral("latest_seq"))
                 .toInteger(),
        0);

    QJsonObject noId = correctionToJson(makeEvent(9));
    noId.remove(QStringLiteral("id"));
    const HttpReply missing = send("POST", QStringLiteral("/v1/events"), m_curator,
        QJsonDocument(QJsonObject { { QStringLiteral("events"),
                          QJsonArray { correctionToJson(makeEvent(8)), noId } } })
            .toJson(),
        "application/json");
    QCOMPARE(missing.status, 422);
    QVERIFY2(missing.errorMessage().startsWith(QStringLiteral("events[1].id")),
        qPrintable(missing.errorMessage()));
    QCOMPARE(allEvents().size(), 0);
}

// --- bad requests -------------------------------------------------------------------------------

void TestServer::badRequests_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("who");
    QTest::addColumn<QByteArray>("contentType");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");

    const QByteArray json = "application/json";
    const QByteArray oneEvent = batchBody(makeEvents(1, 1));
    QTest::newRow("unknown route")
        << QByteArray("GET") << QStringLiteral("/v1/nothing") << QStringLiteral("admin")
        << QByteArray() << QByteArray() << 404 << QStringLiteral("not_found");
    QTest::newRow("unknown version")
        << QByteArray("GET") << QStringLiteral("/v2/events") << QStringLiteral("admin")
        << QByteArray() << QByteArray() << 404 << QStringLiteral("not_found");
    QTest::newRow("wrong method") << QByteArray("DELETE") << QStringLiteral("/v1/records")
                                  << QStringLiteral("admin") << QByteArray() << QByteArray() << 405
                                  << QStringLiteral("method_not_allowed");
    QTest::newRow("post to health")
        << QByteArray("POST") << QStringLiteral("/v1/health") << QStringLiteral("admin") << json
        << QByteArray("{}") << 405 << QStringLiteral("method_not_allowed");
    QTest::newRow("invalid json") << QByteArray("POST") << QStringLiteral("/v1/events")
                                  << QStringLiteral("curator") << json
                                  << QByteArray("{\"events\": [") << 400
                                  << QStringLiteral("bad_request");
    QTest::newRow("not an object")
        << QByteArray("POST") << QStringLiteral("/v1/events") << QStringLiteral("curator") << json
        << QByteArray("[1, 2]") << 400 << QStringLiteral("bad_request");
    QTest::newRow("events not an array")
        << QByteArray("POST") << QStringLiteral("/v1/events") << QStringLiteral("curator") << json
        << QByteArray("{\"events\": 3}") << 400 << QStringLiteral("bad_request");
    QTest::newRow("empty batch") << QByteArray("POST") << QStringLiteral("/v1/events")
                                 << QStringLiteral("curator") << json
                                 << QByteArray("{\"events\": []}") << 400
                                 << QStringLiteral("bad_request");
    QTest::newRow("batch of 1001")
        << QByteArray("POST") << QStringLiteral("/v1/events") << QStringLiteral("curator") << json
        << batchBody(makeEvents(1, 1001)) << 413 << QStringLiteral("payload_too_large");
    QTest::newRow("wrong content type")
        << QByteArray("POST") << QStringLiteral("/v1/events") << QStringLiteral("curator")
        << QByteArray("text/plain") << oneEvent << 415 << QStringLiteral("unsupported_media_type");
    QTest::newRow("no content type")
        << QByteArray("POST") << QStringLiteral("/v1/events") << QStringLiteral("curator")
        << QByteArray() << oneEvent << 415 << QStringLiteral("unsupported_media_type");
    QTest::newRow("bad event") << QByteArray("POST") << QStringLiteral("/v1/events")
                               << QStringLiteral("curator") << json
                               << QByteArray("{\"events\": [{\"id\": 1}]}") << 422
                               << QStringLiteral("invalid_event");
    QTest::newRow("no token") << QByteArray("GET") << QStringLiteral("/v1/records") << QString()
                              << QByteArray() << QByteArray() << 401
                              << QStringLiteral("unauthorized");
    QTest::newRow("unknown token")
        << QByteArray("GET") << QStringLiteral("/v1/events") << QStringLiteral("bogus")
        << QByteArray() << QByteArray() << 401 << QStringLiteral("unauthorized");
    QTest::newRow("reader posts events")
        << QByteArray("POST") << QStringLiteral("/v1/events") << QStringLiteral("reader") << json
        << oneEvent << 403 << QStringLiteral("forbidden");
    QTest::newRow("bad after") << QByteArray("GET") << QStringLiteral("/v1/events?after=abc")
                               << QStringLiteral("reader") << QByteArray() << QByteArray() << 400
                               << QStringLiteral("bad_request");
    QTest::newRow("negative after")
        << QByteArray("GET") << QStringLiteral("/v1/events?after=-1") << QStringLiteral("reader")
        << QByteArray() << QByteArray() << 400 << QStringLiteral("bad_request");
    QTest::newRow("empty after") << QByteArray("GET") << QStringLiteral("/v1/events?after=")
                                 << QStringLiteral("reader") << QByteArray() << QByteArray() << 400
                                 << QStringLiteral("bad_request");
    QTest::newRow("zero limit") << QByteArray("GET") << QStringLiteral("/v1/events?limit=0")
                                << QStringLiteral("reader") << QByteArray() << QByteArray() << 400
                                << QStringLiteral("bad_request");
    QTest::newRow("bad limit") << QByteArray("GET")
                               << QStringLiteral("/v1/events?after=0&limit=1e3")
                               << QStringLiteral("reader") << QByteArray() << QByteArray() << 400
                               << QStringLiteral("bad_request");
    QTest::newRow("record not json")
        << QByteArray("PUT") << QStringLiteral("/v1/records/2104.04473") << QStringLiteral("admin")
        << json << QByteArray("{\"schema\": ") << 400 << QStringLiteral("bad_request");
    QTest::newRow("record wrong type")
        << QByteArray("PUT") << QStringLiteral("/v1/records/2104.04473") << QStringLiteral("admin")
        << json
        << QByteArray(
               "{\"schema\": \"pith.paper-citation-record.v1\", \"arxiv_id\": \"2104.04473\", "
               "\"version\": \"five\"}")
        << 400 << QStringLiteral("bad_request");
}

void TestServer::badRequests()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QString, who);
    QFETCH(QByteArray, contentType);
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, code);
    QByteArray token;
    if (who == u"admin")
        token = m_admin;
    else if (who == u"curator")
        token = m_curator;
    else if (who == u"reader")
        token = m_reader;
    else if (!who.isEmpty())
        token = who.toLatin1();
    const HttpReply reply = send(method, path, token, body, contentType);
    QCOMPARE(reply.status, status);
    QCOMPARE(reply.header("content-type"), QByteArray("application/json"));
    const QJsonObject json = reply.json();
    QCOMPARE(json.keys(), QStringList { QStringLiteral("error") });
    const QJsonObject error = json.value(QStringLiteral("error")).toObject();
    QCOMPARE(error.value(QStringLiteral("code")).toString(), code);
    QVERIFY(!error.value(QStringLiteral("message")).toString().isEmpty());
    if (status == 405)
        QVERIFY(!reply.header("allow").isEmpty());
    // Nothing was stored by any of them.
    QCOMPARE(send("GET", QStringLiteral("/v1/health"))
                 .json()
                 .value(QStringLiteral("latest_seq"))
                 .toInteger(),
        0);
}

void TestServer::bodyOverMaxBodyIs413()
{
    const QUrl small = startServer({ QStringLiteral("--max-body"), QStringLiteral("2000") });
    QVERIFY(small.isValid());
    const QByteArray fits = batchBody(makeEvents(1, 1));
    QVERIFY(fits.size() < 2000);
    QCOMPARE(
        send("POST", QStringLiteral("/v1/events"), m_curator, fits, "application/json", {}, small)
            .status,
        200);
    // Refused from its Content-Length, before the body is read: 50 events are ~15 kB; and a 20 MB
    // one.
    for (const QByteArray &body :
        { batchBody(makeEvents(2, 50)), QByteArray(20 * 1024 * 1024, ' ') }) {
        const HttpReply reply = send(
            "POST", QStringLiteral("/v1/events"), m_curator, body, "application/json", {}, small);
        QCOMPARE(reply.status, 413);
        QCOMPARE(reply.errorCode(), QStringLiteral("payload_too_large"));
        QVERIFY(reply.errorMessage().contains(QStringLiteral("2000")));
    }
    // The server goes on serving; nothing of the refused bodies was stored.
    const HttpReply health = send("GET", QStringLiteral("/v1/health"), {}, {}, {}, {}, small);
    QCOMPARE(health.status, 200);
    QCOMPARE(health.json().value(QStringLiteral("latest_seq")).toInteger(), 1);
    // The default limit is 8 MiB.
    const HttpReply big = send("POST", QStringLiteral("/v1/events"), m_curator,
        QByteArray(9 * 1024 * 1024, ' '), "application/json");
    QCOMPARE(big.status, 413);
}

// --- busy and overload --------------------------------------------------------------------------

void TestServer::busyDatabaseGives503()
{
    const QUrl quick = startServer({ QStringLiteral("--busy-timeout"), QStringLiteral("300") });
    QVERIFY(quick.isValid());
    QCOMPARE(postEvents(makeEvents(1, 2), quick).status, 200);
    // Someone else holds the write lock (on PostgreSQL: the counter row).
    QSqlDatabase db = directDatabase();
    QVERIFY(db.isOpen());
    QSqlQuery lock(db);
    if (m_backend == kSqlite) {
        QVERIFY2(lock.exec(QStringLiteral("BEGIN IMMEDIATE")), qPrintable(lock.lastError().text()));
    } else {
        QVERIFY(lock.exec(QStringLiteral("BEGIN")));
        QVERIFY2(lock.exec(
                     QStringLiteral("SELECT value FROM counters WHERE name = 'events' FOR UPDATE")),
            qPrintable(lock.lastError().text()));
    }
    const HttpReply busy = postEvents(makeEvents(3, 2), quick);
    QCOMPARE(busy.status, 503);
    QCOMPARE(busy.errorCode(), QStringLiteral("unavailable"));
    QCOMPARE(busy.header("retry-after"), QByteArray("1"));
    // Readers are not blocked meanwhile.
    const HttpReply read = send("GET", QStringLiteral("/v1/events"), m_reader, {}, {}, {}, quick);
    QCOMPARE(read.status, 200);
    QCOMPARE(read.json().value(QStringLiteral("events")).toArray().size(), 2);
    QVERIFY(lock.exec(QStringLiteral("ROLLBACK")));
    // Retried, the batch goes through, with the next seqs.
    const HttpReply retried = postEvents(makeEvents(3, 2), quick);
    QCOMPARE(retried.status, 200);
    QCOMPARE(retried.json()
                 .value(QStringLiteral("seqs"))
                 .toArray()
                 .at(1)[QStringLiteral("seq")]
                 .toInteger(),
        4);
}

void TestServer::overloadGives503()
{
    const QUrl one = startServer({ QStringLiteral("--max-inflight"), QStringLiteral("1"),
        QStringLiteral("--busy-timeout"), QStringLiteral("5000") });
    QVERIFY(one.isValid());
    QSqlDatabase db = directDatabase();
    QVERIFY(db.isOpen());
    QSqlQuery lock(db);
    if (m_backend == kSqlite) {
        QVERIFY(lock.exec(QStringLiteral("BEGIN IMMEDIATE")));
    } else {
        QVERIFY(lock.exec(QStringLiteral("BEGIN")));
        QVERIFY(lock.exec(
            QStringLiteral("SELECT value FROM counters WHERE name = 'events' FOR UPDATE")));
    }
    // The first request waits for the lock, in flight.
    QNetworkReply *waiting
        = m_nam.post(makeRequest(one.resolved(QUrl(QStringLiteral("/v1/events"))), m_curator,
                         "application/json"),
            batchBody(makeEvents(1, 3)));
    QTest::qWait(700);
    QVERIFY(!waiting->isFinished());
    // So the next curator's request is turned away (the health check needs no token: it is in
    // the share of requests without one, which has room).
    const HttpReply refused = send("GET", QStringLiteral("/v1/whoami"), m_curator, {}, {}, {}, one);
    QCOMPARE(refused.status, 503);
    QCOMPARE(refused.errorCode(), QStringLiteral("unavailable"));
    QCOMPARE(refused.header("retry-after"), QByteArray("1"));
    QCOMPARE(send("GET", QStringLiteral("/v1/health"), {}, {}, {}, {}, one).status, 200);
    // Once the lock is gone, the waiting one is stored and the server takes requests again.
    QVERIFY(lock.exec(QStringLiteral("ROLLBACK")));
    QTRY_VERIFY_WITH_TIMEOUT(waiting->isFinished(), 10000);
    QCOMPARE(collect(waiting).status, 200);
    waiting->deleteLater();
    const HttpReply after = send("GET", QStringLiteral("/v1/health"), {}, {}, {}, {}, one);
    QCOMPARE(after.status, 200);
    QCOMPARE(after.json().value(QStringLiteral("latest_seq")).toInteger(), 3);
}

void TestServer::runConcurrentClients(const QList<QUrl> &servers)
{
    constexpr int kClients = 8;
    constexpr int kBatches = 10;
    constexpr int kPerBatch = 50;
    struct Client
    {
        std::unique_ptr<QNetworkAccessManager> nam;
        QUrl base;
        int batch = 0;
        int retries = 0;
    };
    std::vector<Client> clients(kClients);
    QSet<QString> posted;
    QHash<QString, qint64> seqOf;
    int finishedClients = 0;
    int retries503 = 0;
    QString failure;
    QEventLoop loop;
    std::function<void(int)> sendNext;
    auto batchFor = [](int client, int batch) {
        return makeEvents(1 + (client * kBatches + batch) * kPerBatch, kPerBatch);
    };
    sendNext = [&](int c) {
        Client &client = clients[size_t(c)];
        const QList<CorrectionEvent> events = batchFor(c, client.batch);
        QNetworkReply *reply
            = client.nam->post(makeRequest(client.base.resolved(QUrl(QStringLiteral("/v1/events"))),
                                   m_curator, "application/json"),
                batchBody(events));
        connect(reply, &QNetworkReply::finished, &loop, [&, c, reply, events] {
            Client &client = clients[size_t(c)];
            const HttpReply got = collect(reply);
            reply->deleteLater();
            if (got.status == 503) { // honour Retry-After, as a client must
                ++retries503;
                QTimer::singleShot(
                    got.header("retry-after").toInt() * 1000, &loop, [&, c] { sendNext(c); });
                return;
            }
            if (got.status != 200) {
                failure = QStringLiteral("client %1 batch %2: %3 %4")
                              .arg(c)
                              .arg(client.batch)
                              .arg(got.status)
                              .arg(QString::fromUtf8(got.body));
                loop.quit();
                return;
            }
            const QJsonArray seqs = got.json().value(QStringLiteral("seqs")).toArray();
            for (int i = 0; i < seqs.size(); ++i) {
                seqOf.insert(seqs.at(i)[QStringLiteral("id")].toString(),
                    seqs.at(i)[QStringLiteral("seq")].toInteger());
                posted.insert(events[i].id);
            }
            if (++client.batch < kBatches) {
                sendNext(c);
            } else if (++finishedClients == kClients) {
                loop.quit();
            }
        });
    };
    for (int c = 0; c < kClients; ++c) {
        clients[size_t(c)].nam = std::make_unique<QNetworkAccessManager>();
        clients[size_t(c)].base = servers.at(c % servers.size());
    }
    for (int c = 0; c < kClients; ++c)
        sendNext(c);
    QTimer::singleShot(180000, &loop, [&] {
        failure = QStringLiteral("timed out");
        loop.quit();
    });
    loop.exec();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    constexpr int kTotal = kClients * kBatches * kPerBatch;
    // Not timed: the throughput is bench/'s ("sync: N clients x N batches x N events posted at
    // once").
    qInfo("%d events in %d batches from %d clients via %d server(s): %d retries after 503", kTotal,
        kClients * kBatches, kClients, int(servers.size()), retries503);
    QCOMPARE(posted.size(), kTotal);

    // Every event stored once, seqs exactly 1..N, and each the seq its POST was told.
    const QList<CorrectionEvent> stored = allEvents(servers.constFirst());
    QCOMPARE(stored.size(), kTotal);
    QSet<QString> ids;
    for (qsizetype i = 0; i < stored.size(); ++i) {
        QCOMPARE(stored[i].seq.value_or(-1), i + 1);
        QVERIFY(posted.contains(stored[i].id));
        QCOMPARE(seqOf.value(stored[i].id), i + 1);
        ids.insert(stored[i].id);
    }
    QCOMPARE(ids.size(), kTotal);
    for (const QUrl &base : servers)
        QCOMPARE(send("GET", QStringLiteral("/v1/health"), {}, {}, {}, {}, base)
                     .json()
                     .value(QStringLiteral("latest_seq"))
                     .toInteger(),
            kTotal);
}

void TestServer::concurrentClientsGetGapFreeSeqs()
{
    runConcurrentClients({ m_base });
}

void TestServer::twoServersOnOnePostgres()
{
    if (m_backend != kPostgres)
        QSKIP("several servers share one database only on PostgreSQL");
    const QUrl second = startServer();
    QVERIFY(second.isValid());
    QVERIFY(second != m_base);
    runConcurrentClients({ m_base, second });
}

QTEST_GUILESS_MAIN(TestServer)
#include "tst_server.moc"
