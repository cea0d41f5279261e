// SPDX-License-Identifier: GPL-3.0-or-later
// The sync client through a fault-injecting proxy in front of the real ledger-server: for each
// fault (connection closed, reply cut off, 500, 503 with Retry-After, a reply slower than the
// timeout, malformed JSON, the server killed between event pages, a wrong token) a failed sync
// leaves the cache exactly as the steps completed before the fault left it, the outbox keeps
// everything unsent, and the next sync brings server and client to the same events, none lost
// and none twice.
#include "EventJson.h"
#include "LedgerText.h"
#include "Outbox.h"
#include "RecordJson.h"
#include "RequestProxy.h"
#include "ServerProcess.h"
#include "Store.h"
#include "StoreConnection.h"
#include "SyncClient.h"
#include "TestKeys.h"
#include "TestSupport.h"

#include <QCryptographicHash>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QProcess>
#include <QSet>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");
const QString kLongStraw = QStringLiteral("00d01956-3547-4166-88a1-c427c5c4440e");
constexpr int kPageSize = 5;
constexpr int kServerEvents = 12; // made by another curator before the faulty sync
constexpr int kOutbox = 3; // made by this client, not yet pushed
constexpr int kAllPages
    = (kServerEvents + kOutbox + kPageSize - 1) / kPageSize; // the faulty sync's pages

enum class Fault { None, Close, CutBody, Error500, Busy503, Slow, Malformed, BadEvent, KillServer };

//! A TCP proxy that forwards one HTTP request per connection to the server, or fails it on plan.
class FaultProxy final : public RequestProxy
{
public:
    using RequestProxy::RequestProxy;

    struct Rule
    {
        QByteArray method;
        QString path; // the path without the query; a rule on "/v1/records" does not match
                      // "/v1/records/ID"
        int skip = 0; // distinct matching requests (target and body) that pass before the fault
                      // strikes; a retry of one that passed (a timeout under load) passes too
        int times = -1; // how many matching requests fail then (-1: all)
        Fault fault = Fault::None;
        QSet<QByteArray> passed; // the requests skipped so far
    };
    struct Seen
    {
        QByteArray method;
        QString path;
        Fault fault = Fault::None;
    };

    QList<Rule> rules;
    QList<Seen> seen;
    std::function<void()> killServer;
    int slowMs = 1500;

private:
    Fault faultFor(const QByteArray &method, const QString &path, const QByteArray &request)
    {
        for (Rule &rule : rules) {
            if (rule.method != method || rule.path != path)
                continue;
            if (rule.passed.contains(request))
                return Fault::None;
            if (rule.skip > 0) {
                --rule.skip;
                rule.passed.insert(request);
                return Fault::None;
            }
            if (rule.times == 0)
                return Fault::None;
            if (rule.times > 0)
                --rule.times;
            return rule.fault;
        }
        return Fault::None;
    }

    static void reply(QTcpSocket *client, int status, const QByteArray &reason,
        const QByteArray &body, const QByteArray &extraHeaders = {})
    {
        client->write("HTTP/1.1 " + QByteArray::number(status) + ' ' + reason
            + "\r\nContent-Type: application/json\r\n" + extraHeaders + "Content-Length: "
            + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
        client->disconnectFromHost();
    }

    void handle(QTcpSocket *client, const Request &request) override
    {
        const Fault fault = faultFor(request.method, request.path,
            request.target + '\n'
                + QCryptographicHash::hash(request.body, QCryptographicHash::Sha256));
        seen.append({ request.method, request.path, fault });
        switch (fault) {
        case Fault::Close:
            client->disconnectFromHost();
            return;
        case Fault::Error500:
            reply(client, 500, "Internal Server Error",
                R"({"error":{"code":"internal","message":"injected fault"}})");
            return;
        case Fault::Busy503:
            reply(client, 503, "Service Unavailable",
                R"({"error":{"code":"unavailable","message":"injected fault"}})",
                "Retry-After: 1\r\n");
            return;
        case Fault::Malformed:
            reply(client, 200, "OK", R"({"events": [{"id": "oops", )");
            return;
        case Fault::KillServer:
            if (killServer)
                killServer();
            client->abort();
            return;
        case Fault::None:
        case Fault::CutBody:
        case Fault::Slow:
        case Fault::BadEvent:
            break;
        }
        // Forward: one request per upstream connection, which closes after the reply.
        const QByteArray forwarded = RequestProxy::forwarded(request);
        auto *upstream = new QTcpSocket(this);
        auto response = std::make_shared<QByteArray>();
        auto done = std::make_shared<bool>(false);
        QPointer<QTcpSocket> guardedClient(client);
        auto finish = [this, upstream, response, done, guardedClient, fault] {
            if (*done)
                return;
            *done = true;
            upstream->deleteLater();
            if (!guardedClient)
                return;
            if (response->isEmpty()) {
                guardedClient->abort(); // the server is gone: so is the connection
                return;
            }
            if (fault == Fault::CutBody) {
                const qsizetype end = headerEnd(*response) + 4;
                guardedClient->write(response->left(end + (response->size() - end) / 2));
                guardedClient->disconnectFromHost();
                return;
            }
            if (fault == Fault::BadEvent) {
                // The server's real page with one event spoiled in the middle.
                const qsizetype end = headerEnd(*response) + 4;
                QJsonObject page = QJsonDocument::fromJson(response->mid(end)).object();
                QJsonArray events = page.value(QStringLiteral("events")).toArray();
                QJsonObject spoiled = events.at(2).toObject();
                spoiled.insert(QStringLiteral("field"), QStringLiteral("colour"));
                events.replace(2, spoiled);
                page.insert(QStringLiteral("events"), events);
                reply(guardedClient, 200, "OK", QJsonDocument(page).toJson(QJsonDocument::Compact));
                return;
            }
            if (fault == Fault::Slow) {
                QTimer::singleShot(slowMs, this, [guardedClient, response] {
                    if (guardedClient
                        && guardedClient->state() == QAbstractSocket::ConnectedState) {
                        guardedClient->write(*response);
                        guardedClient->disconnectFromHost();
                    }
                });
                return;
            }
            guardedClient->write(*response);
            guardedClient->disconnectFromHost();
        };
        connect(upstream, &QTcpSocket::readyRead, this, [upstream, response, finish] {
            response->append(upstream->readAll());
            const qsizetype end = headerEnd(*response);
            if (end < 0)
                return;
            const QByteArray head = response->left(end);
            const int status = head.mid(9, 3).toInt();
            const qint64 length = contentLength(head);
            if (status == 304 || status == 204
                || (length >= 0 && response->size() >= end + 4 + length))
                finish();
        });
        connect(upstream, &QTcpSocket::disconnected, this, finish);
        connect(upstream, &QTcpSocket::errorOccurred, this,
            [finish](QAbstractSocket::SocketError) { finish(); });
        upstream->connectToHost(QHostAddress::LocalHost, targetPort());
        upstream->write(forwarded);
    }
};

struct HttpResult
{
    int status = 0;
    QByteArray body;
};

HttpResult http(
    const QByteArray &verb, const QUrl &url, const QString &token, const QByteArray &body = {})
{
    QNetworkAccessManager network;
    QNetworkRequest request(url);
    request.setRawHeader("Authorization", "Bearer " + token.toLatin1());
    if (!body.isEmpty())
        request.setHeader(
            QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setTransferTimeout(10000);
    std::unique_ptr<QNetworkReply> reply(body.isEmpty()
            ? network.sendCustomRequest(request, verb)
            : network.sendCustomRequest(request, verb, body));
    QEventLoop loop;
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    return { reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), reply->readAll() };
}

QJsonObject eventsPage(const QUrl &server, const QString &token, qint64 after, qint64 limit)
{
    QUrl url = server;
    url.setPath(QStringLiteral("/v1/events"));
    url.setQuery(QStringLiteral("after=%1&limit=%2").arg(after).arg(limit));
    return QJsonDocument::fromJson(http("GET", url, token).body).object();
}

//! Event id -> seq (-1 for none) in a cache.
QHash<QString, qint64> cacheEvents(Store &store, qsizetype *rows)
{
    QHash<QString, qint64> events;
    QSqlQuery query(StoreConnection::of(store));
    query.exec(QStringLiteral("SELECT id, seq FROM corrections"));
    *rows = 0;
    while (query.next()) {
        ++*rows;
        events.insert(
            query.value(0).toString(), query.value(1).isNull() ? -1 : query.value(1).toLongLong());
    }
    return events;
}

} // namespace

class TestSyncFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void faultLeavesCacheAsBeforeAndNextSyncCompletes_data();
    void faultLeavesCacheAsBeforeAndNextSyncCompletes();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ServerProcess> m_server;
    std::unique_ptr<FaultProxy> m_proxy;
    QString m_alice;
    QString m_bob;
    QString m_admin;
    QString m_cachePath;
};

void TestSyncFaults::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QString problem;
    QHash<QString, QString> tokens;
    m_server = fixtureServer(m_dir->path(),
        { { QStringLiteral("alice"), QStringLiteral("curator") },
            { QStringLiteral("bob"), QStringLiteral("curator") },
            { QStringLiteral("root"), QStringLiteral("admin") } },
        &tokens, &problem);
    QVERIFY2(m_server, qPrintable(problem));
    m_alice = tokens.value(QStringLiteral("alice"));
    m_bob = tokens.value(QStringLiteral("bob"));
    m_admin = tokens.value(QStringLiteral("root"));
    m_proxy = std::make_unique<FaultProxy>(quint16(m_server->url().port()));
    QVERIFY(m_proxy->listen());
    m_proxy->killServer = [this] { m_server->stop(); };
    m_cachePath = m_dir->filePath(QStringLiteral("alice.sqlite"));
}

void TestSyncFaults::cleanup()
{
    m_proxy.reset();
    m_server.reset();
    m_dir.reset();
}

void TestSyncFaults::faultLeavesCacheAsBeforeAndNextSyncCompletes_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("skip");
    QTest::addColumn<int>("times");
    QTest::addColumn<int>("fault");
    QTest::addColumn<int>("timeoutMs");
    QTest::addColumn<bool>("wrongToken");
    QTest::addColumn<bool>("newerRecord"); // the server holds a newer page, so a record comes down
    QTest::addColumn<bool>("firstRunFails");
    QTest::addColumn<int>("pagesStored"); // event pages stored before the fault
    QTest::addColumn<QString>("message"); // part of the error

    const QByteArray get("GET");
    const QByteArray post("POST");
    const QString events = QStringLiteral("/v1/events");
    const QString records = QStringLiteral("/v1/records");
    const QString record = QStringLiteral("/v1/records/2104.04473");
    QTest::newRow("push: connection closed")
        << post << events << 0 << -1 << int(Fault::Close) << 2000 << false << false << true << 0
        << QStringLiteral("closed the connection");
    QTest::newRow("push: 500") << post << events << 0 << -1 << int(Fault::Error500) << 2000 << false
                               << false << true << 0 << QStringLiteral("HTTP 500");
    QTest::newRow("push: 503 with Retry-After 1, then success")
        << post << events << 0 << 1 << int(Fault::Busy503) << 2000 << false << false << false << 0
        << QString();
    QTest::newRow("record list: malformed JSON")
        << get << records << 0 << -1 << int(Fault::Malformed) << 2000 << false << true << true << 0
        << QStringLiteral("malformed reply");
    // A record is fetched while the event pages are pulled, and stored after them: when it
    // fails, the events step has completed (all three pages stored, the outbox's events with
    // their seqs) and the record is not stored.
    QTest::newRow("record: cut off mid-body")
        << get << record << 0 << -1 << int(Fault::CutBody) << 2000 << false << true << true
        << kAllPages << QString();
    QTest::newRow("record: slow reply past the timeout")
        << get << record << 0 << -1 << int(Fault::Slow) << 500 << false << true << true << kAllPages
        << QStringLiteral("no reply within 500 ms");
    // Retried on the record's fetch thread: its retries are counted in the report.
    QTest::newRow("record: 500 twice, then success")
        << get << record << 0 << 2 << int(Fault::Error500) << 2000 << false << true << false << 0
        << QString();
    QTest::newRow("record: malformed JSON")
        << get << record << 0 << -1 << int(Fault::Malformed) << 2000 << false << true << true
        << kAllPages << QStringLiteral("malformed record");
    QTest::newRow("events page 1: malformed JSON")
        << get << events << 0 << -1 << int(Fault::Malformed) << 2000 << false << false << true << 0
        << QStringLiteral("malformed reply");
    QTest::newRow("events page 2: one bad event in the middle")
        << get << events << 1 << -1 << int(Fault::BadEvent) << 2000 << false << false << true << 1
        << QStringLiteral("events[2].field: unknown field 'colour'");
    QTest::newRow("events page 2: server killed")
        << get << events << 1 << -1 << int(Fault::KillServer) << 2000 << false << false << true << 1
        << QString();
    QTest::newRow("events page 2: slow reply past the timeout")
        << get << events << 1 << -1 << int(Fault::Slow) << 500 << false << false << true << 1
        << QStringLiteral("no reply within 500 ms");
    QTest::newRow("events page 3: cut off mid-body")
        << get << events << 2 << -1 << int(Fault::CutBody) << 2000 << false << false << true << 2
        << QString();
    QTest::newRow("events page 2: 500 twice, then success")
        << get << events << 1 << 2 << int(Fault::Error500) << 2000 << false << false << false << 0
        << QString();
    QTest::newRow("wrong token") << get << events << 0 << 0 << int(Fault::None) << 2000 << true
                                 << false << true << 0
                                 << QStringLiteral("the server refused the token");
}

void TestSyncFaults::faultLeavesCacheAsBeforeAndNextSyncCompletes()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(int, skip);
    QFETCH(int, times);
    QFETCH(int, fault);
    QFETCH(int, timeoutMs);
    QFETCH(bool, wrongToken);
    QFETCH(bool, newerRecord);
    QFETCH(bool, firstRunFails);
    QFETCH(int, pagesStored);
    QFETCH(QString, message);

    SyncOptions options;
    options.server = m_proxy->url();
    options.token = m_alice;
    options.timeoutMs = 2000;
    options.maxAttempts = 3;
    options.initialBackoffMs = 20;
    options.maxBackoffMs = 3000;
    options.pageSize = kPageSize;
    options.pushBatch = 2;
    options.curator = QStringLiteral("alice");
    options.signingKey = testKey(options.curator);

    // Alice's cache is in step with the server; then Bob adds events and Alice makes corrections.
    QUrl serverEventsUrl = m_server->url();
    serverEventsUrl.setPath(QStringLiteral("/v1/events"));
    qint64 lastSeqBefore = 0;
    {
        // Bob's key is known before alice's first sync, which learns it: the faulty sync later
        // finds the keys as they were (what a sync learns of keys is a step of its own).
        QString problem;
        QVERIFY2(registerKey(m_server->url(), m_bob, testKey(QStringLiteral("bob")), &problem),
            qPrintable(problem));
        Store alice(m_cachePath);
        QVERIFY(alice.open());
        SyncClient client(alice);
        auto first = client.run(options);
        QVERIFY2(first, qPrintable(first ? QString() : first.error().toString()));
        QCOMPARE(first->recordsUpdated, 1);
        // Bob's events, straight to the server.
        QList<CorrectionEvent> bob;
        FieldState state;
        for (int i = 0; i < kServerEvents; ++i) {
            bob.append(makeEdit(state, kRecord, kLongStraw, CurationField::Note,
                QStringLiteral("bob %1").arg(i), QStringLiteral("bob"), nowUtc()));
            state.heads = { bob.last() };
        }
        bob = signedAll(bob, QStringLiteral("bob"));
        const HttpResult posted = http("POST", serverEventsUrl, m_bob,
            QJsonDocument(QJsonObject { { QStringLiteral("events"), correctionsToJson(bob) } })
                .toJson(QJsonDocument::Compact));
        QCOMPARE(posted.status, 200);
        // Alice's outbox.
        FieldState mine;
        QList<CorrectionEvent> outbox;
        for (int i = 0; i < kOutbox; ++i) {
            outbox.append(makeEdit(mine, kRecord, kOpt, CurationField::Note,
                QStringLiteral("alice %1").arg(i), QStringLiteral("alice"), nowUtc()));
            mine.heads = { outbox.last() };
        }
        outbox = signedAll(outbox, QStringLiteral("alice"));
        QVERIFY(alice.addCorrections(outbox));
        lastSeqBefore = alice.meta(SyncClient::lastSeqKey(options.server)).value().toLongLong();
    }
    if (newerRecord) {
        auto parsed = parseLedgerText(fixture(), QStringLiteral("fixture"));
        QVERIFY(parsed);
        parsed->record.asOf = QStringLiteral("2026-10-01");
        QUrl put = m_server->url();
        put.setPath(QStringLiteral("/v1/records/") + kRecord);
        QCOMPARE(http("PUT", put, m_admin, writeRecordJson(parsed->record)).status, 200);
    }

    // The cache file before the faulty sync, kept aside.
    const QString before = dumpDatabase(m_cachePath);
    const QString copy = m_dir->filePath(QStringLiteral("expected.sqlite"));
    QVERIFY(QFile::copy(m_cachePath, copy));

    m_proxy->rules = { { method, path, skip, times, Fault(fault), {} } };
    m_proxy->seen.clear();
    SyncOptions faulty = options;
    faulty.timeoutMs = timeoutMs;
    if (wrongToken)
        faulty.token = QStringLiteral("lc_wrong_token");
    // Each retry is logged once, in the thread that called run() (retries on a fetch thread
    // too), and counted in the report.
    QStringList retryLines;
    bool loggedElsewhere = false;
    QThread *const testThread = QThread::currentThread();
    faulty.log = [&](const QString &line) {
        loggedElsewhere = loggedElsewhere || QThread::currentThread() != testThread;
        if (line.contains(QStringLiteral("retrying in")))
            retryLines.append(line);
    };
    {
        Store alice(m_cachePath);
        QVERIFY(alice.open());
        SyncClient client(alice);
        auto report = client.run(faulty);
        QVERIFY(!loggedElsewhere);
        if (!firstRunFails) {
            QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
            // At least the injected faults (a connection the proxy closed may cost one more).
            QVERIFY2(report->retries >= times, qPrintable(QString::number(report->retries)));
            QCOMPARE(retryLines.size(), report->retries);
            QVERIFY2(report->requests >= m_proxy->seen.size(),
                qPrintable(
                    QStringLiteral("%1 < %2").arg(report->requests).arg(m_proxy->seen.size())));
        } else {
            QVERIFY(!report);
            QCOMPARE(report.error().kind, Error::Kind::Failure);
            QVERIFY2(report.error().message.contains(message), qPrintable(report.error().message));
            QVERIFY2(report.error().message.contains(m_proxy->url().toString()),
                qPrintable(report.error().message));
            // The outbox's events come back last: their seqs are stored with the last page.
            QCOMPARE(Outbox(alice).count().value(), pagesStored == kAllPages ? 0 : qint64(kOutbox));
        }
        if (Fault(fault) == Fault::Busy503) {
            // The retry waits for Retry-After (1 s), as the client says (not timed here: timings
            // are bench/'s).
            qsizetype posts = 0;
            for (const auto &seen : std::as_const(m_proxy->seen))
                posts += seen.method == "POST" ? 1 : 0;
            QVERIFY(posts >= 2);
            static const QRegularExpression retrying(
                QStringLiteral("HTTP 503.*retrying in (\\d+) ms"));
            qsizetype waits = 0;
            for (const QString &line : std::as_const(retryLines)) {
                if (const QRegularExpressionMatch m = retrying.match(line); m.hasMatch()) {
                    ++waits;
                    QVERIFY2(m.captured(1).toInt() >= 1000, qPrintable(line));
                }
            }
            QVERIFY2(waits >= 1, qPrintable(retryLines.join(u'\n')));
        }
        if (Fault(fault) == Fault::Malformed || Fault(fault) == Fault::BadEvent || wrongToken) {
            // Not retried: a malformed reply or a refused token is not going to get better.
            qsizetype hits = 0;
            for (const auto &seen : std::as_const(m_proxy->seen))
                hits += seen.fault != Fault::None || wrongToken ? 1 : 0;
            QCOMPARE(hits, 1);
        }
    }
    if (!m_server->isRunning()) {
        QString problem;
        QVERIFY2(m_server->start(&problem), qPrintable(problem));
        m_proxy->setTargetPort(quint16(m_server->url().port()));
        serverEventsUrl = m_server->url();
        serverEventsUrl.setPath(QStringLiteral("/v1/events"));
    }

    if (firstRunFails) {
        // Exactly the completed steps' transactions: the event pages stored before the fault.
        {
            Store expected(copy);
            QVERIFY(expected.open());
            if (pagesStored > 0) {
                const QJsonObject page = eventsPage(
                    m_server->url(), m_alice, lastSeqBefore, qint64(pagesStored) * kPageSize);
                auto events = correctionsFromJson(
                    page.value(QStringLiteral("events")), QStringLiteral("events"));
                QVERIFY(events);
                QCOMPARE(events->size(), pagesStored * kPageSize);
                QVERIFY(expected.addSyncedCorrections(*events,
                    { { SyncClient::lastSeqKey(options.server),
                        QString::number(page.value(QStringLiteral("last_seq")).toInteger()) } }));
            }
        }
        const QString after = dumpDatabase(m_cachePath);
        if (after != dumpDatabase(copy)) {
            // The lines that differ, not two truncated dumps.
            const QStringList mine = after.split(u'\n');
            const QStringList theirs = dumpDatabase(copy).split(u'\n');
            QStringList differ;
            for (const QString &line : mine)
                if (!theirs.contains(line))
                    differ.append(QStringLiteral("+ ") + line.left(300));
            for (const QString &line : theirs)
                if (!mine.contains(line))
                    differ.append(QStringLiteral("- ") + line.left(300));
            QFAIL(qPrintable(differ.join(u'\n')));
        }
        if (pagesStored == 0)
            QCOMPARE(after, before);
    }

    // Fault removed: the next sync completes.
    m_proxy->rules.clear();
    Store alice(m_cachePath);
    QVERIFY(alice.open());
    SyncClient client(alice);
    auto report = client.run(options);
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(Outbox(alice).count().value(), 0);
    if (newerRecord)
        QCOMPARE(alice.loadRecord(kRecord).value()->asOf, QStringLiteral("2026-10-01"));

    // Server and client hold the same events: the union, none lost, none twice.
    const QJsonObject all = eventsPage(m_server->url(), m_alice, 0, 5000);
    const QJsonArray serverEvents = all.value(QStringLiteral("events")).toArray();
    QCOMPARE(serverEvents.size(), kServerEvents + kOutbox);
    QSet<QString> serverIds;
    qsizetype rows = 0;
    const QHash<QString, qint64> local = cacheEvents(alice, &rows);
    for (const auto &e : serverEvents) {
        const QString id = e[QStringLiteral("id")].toString();
        QVERIFY(!serverIds.contains(id));
        serverIds.insert(id);
        QCOMPARE(local.value(id, -2), qint64(e[QStringLiteral("seq")].toInteger()));
    }
    QCOMPARE(rows, serverEvents.size());
    QCOMPARE(alice.meta(SyncClient::lastSeqKey(options.server)).value().toLongLong(),
        qint64(kServerEvents + kOutbox));
    QCOMPARE(report->lastSeq, qint64(kServerEvents + kOutbox));
}

QTEST_GUILESS_MAIN(TestSyncFaults)
#include "tst_syncfaults.moc"
