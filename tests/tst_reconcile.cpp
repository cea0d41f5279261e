// SPDX-License-Identifier: GPL-3.0-or-later
// ledger-server as a W3C Reconciliation API service (docs/reconciliation.md), on the
// real ledger-server binary on a loopback port over real HTTP: the works index seeded by
// `ledger-server works import` from tests/data/reconcile-works.csv; the manifest; batches as
// OpenRefine sends them (a form body), as JSON and in the URL; the properties year and authors;
// every bad query answered 400 with its reason and its key; the token when the server asks for
// one; and ReconcileClient, the app's client, getting the same candidates (on the calling thread
// and on a worker thread) and refusing bad replies. The ledger's database is a fresh SQLite file
// and a fresh PostgreSQL database per test (the "postgresql" rows need LC_TEST_POSTGRES_URL: run
// scripts/with-postgres.sh build-testing/tests/tst_reconcile).
#include "ReconcileApi.h"
#include "ReconcileClient.h"
#include "ServerDatabases.h"
#include "ServerProcess.h"
#include "TestSupport.h"

#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QtTest>

#include <memory>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kSampleCsv = QStringLiteral(LC_TEST_DATA_DIR "/reconcile-works.csv");

struct Reply
{
    int status = 0;
    QByteArray body;
    QList<std::pair<QByteArray, QByteArray>> headers;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QJsonObject error() const { return json().value(QStringLiteral("error")).toObject(); }
    QString message() const { return error().value(QStringLiteral("message")).toString(); }
    QByteArray header(const QByteArray &name) const
    {
        for (const auto &[key, value] : headers) {
            if (key.compare(name, Qt::CaseInsensitive) == 0)
                return value;
        }
        return {};
    }
    QJsonArray result(const QString &key) const
    {
        return json().value(key).toObject().value(QStringLiteral("result")).toArray();
    }
};

//! A form value as OpenRefine (Java's URLEncoder) writes it: a space as '+', the rest
//! percent-encoded but for letters, digits and . - * _.
QByteArray formEncoded(const QByteArray &value)
{
    return QUrl::toPercentEncoding(QString::fromUtf8(value), " *").replace(' ', '+');
}

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QJsonObject query(const QString &title, int limit = 3)
{
    return QJsonObject { { QStringLiteral("query"), title }, { QStringLiteral("limit"), limit },
        { QStringLiteral("type"), QStringLiteral("work") } };
}

//! The three queries of an OpenRefine batch: an exact title, one with a few words gone and
//! its case changed, and one in lower case.
QJsonObject threeQueries()
{
    return QJsonObject {
        { QStringLiteral("q0"), query(QStringLiteral("Attention Is All You Need")) },
        { QStringLiteral("q1"),
            query(
                QStringLiteral("efficient large-scale language model training on GPU clusters")) },
        { QStringLiteral("q2"),
            query(QStringLiteral("deep residual learning for image recognition")) },
    };
}

QJsonValue feature(const QJsonObject &candidate, const QString &id)
{
    for (const QJsonValue &f : candidate.value(QStringLiteral("features")).toArray()) {
        if (f.toObject().value(QStringLiteral("id")).toString() == id)
            return f.toObject().value(QStringLiteral("value"));
    }
    return QJsonValue(QJsonValue::Undefined);
}

//! A loopback server that answers every request with the same bytes (a bad reconciliation
//! service), for ReconcileClient's checks of what it receives.
class CannedServer final : public QTcpServer
{
public:
    explicit CannedServer(QByteArray response)
        : m_response(std::move(response))
    {
        connect(this, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
                    m_request += socket->readAll();
                    if (!m_request.contains("\r\n\r\n") || m_answered)
                        return;
                    m_answered = true;
                    socket->write(m_response);
                    socket->disconnectFromHost();
                });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
        listen(QHostAddress::LocalHost, 0);
    }
    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(serverPort())); }

private:
    QByteArray m_response;
    QByteArray m_request;
    bool m_answered = false;
};

QByteArray httpResponse(const QByteArray &body, int status = 200)
{
    return "HTTP/1.1 " + QByteArray::number(status)
        + " X\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

} // namespace

class TestReconcile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data();
    void init();
    void cleanup();

    void authorFamilyNames_data();
    void authorFamilyNames();
    void worksImportAndStats();
    void worksImportBadUsage();
    void manifest();
    void openRefineFormBatch();
    void jsonBodyAndGetGiveTheSame();
    void properties();
    void otherTypeAndEmptyQueryGetNothing();
    void badQueriesAre400_data();
    void badQueriesAre400();
    void badRequestsOfTheForm();
    void tokenWhenTheServerAsks();
    void clientGetsTheSameCandidates();
    void clientOnAWorkerThread();
    void clientRefusesBadReplies_data();
    void clientRefusesBadReplies();
    void clientReportsTheServersReason();

private:
    CliRun runServer(const QStringList &arguments) const;
    bool startServer(const QStringList &extra = {});
    void stopServer();
    Reply send(const QByteArray &method, const QString &pathAndQuery, const QByteArray &body = {},
        const QByteArray &contentType = {}, const QByteArray &token = {});
    Reply postForm(const QJsonObject &queries);

    ServerDatabase m_database;
    QString m_db;
    QString m_works;
    std::unique_ptr<QProcess> m_server;
    QUrl m_base;
    QNetworkAccessManager m_nam;
};

void TestReconcile::initTestCase_data()
{
    addBackendRows();
}

void TestReconcile::init()
{
    QFETCH_GLOBAL(QString, backend);
    const ServerDatabase::Made made
        = m_database.make(backend, QStringLiteral("lc_reconcile"), QStringLiteral("tst_reconcile"));
    if (made.skip)
        QSKIP(qPrintable(made.reason));
    QVERIFY2(made.ok, qPrintable(made.reason));
    m_db = m_database.db();
    m_works = m_database.filePath(QStringLiteral("works.db"));
    const CliRun imported = runServer({ QStringLiteral("works"), QStringLiteral("import"),
        kSampleCsv, QStringLiteral("--works"), m_works });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QVERIFY(startServer());
}

void TestReconcile::cleanup()
{
    stopServer();
    m_database.reset();
}

CliRun TestReconcile::runServer(const QStringList &arguments) const
{
    return runServerCommand(arguments, m_database.dataHome(), 120000);
}

bool TestReconcile::startServer(const QStringList &extra)
{
    stopServer();
    m_server = std::make_unique<QProcess>();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_database.dataHome());
    m_server->setProcessEnvironment(env);
    m_server->setStandardErrorFile(m_database.filePath(QStringLiteral("server.log")));
    m_base = startServing(*m_server,
        QStringList { QStringLiteral("serve"), QStringLiteral("--db"), m_db,
            QStringLiteral("--works"), m_works, QStringLiteral("--listen"),
            QStringLiteral("127.0.0.1:0") }
            + extra);
    if (!m_base.isValid())
        qWarning("ledger-server's log: %s",
            readAll(m_database.filePath(QStringLiteral("server.log"))).constData());
    return m_base.isValid();
}

void TestReconcile::stopServer()
{
    std::unique_ptr<QProcess> server = std::move(m_server);
    if (!server)
        return;
    const QString problem = stopServing(*server);
    if (!problem.isEmpty())
        qWarning("ledger-server's log ends:\n%s",
            readAll(m_database.filePath(QStringLiteral("server.log"))).right(2000).constData());
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

Reply TestReconcile::send(const QByteArray &method, const QString &pathAndQuery,
    const QByteArray &body, const QByteArray &contentType, const QByteArray &token)
{
    QNetworkRequest request(m_base.resolved(QUrl(pathAndQuery, QUrl::StrictMode)));
    request.setTransferTimeout(60000);
    if (!token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token);
    if (!contentType.isEmpty())
        request.setRawHeader("Content-Type", contentType);
    QNetworkReply *reply = body.isNull() ? m_nam.sendCustomRequest(request, method)
                                         : m_nam.sendCustomRequest(request, method, body);
    QEventLoop loop;
    connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    Reply out { reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
        reply->readAll(), reply->rawHeaderPairs() };
    reply->deleteLater();
    return out;
}

Reply TestReconcile::postForm(const QJsonObject &queries)
{
    return send("POST", QStringLiteral("/reconcile"), "queries=" + formEncoded(compact(queries)),
        "application/x-www-form-urlencoded");
}

void TestReconcile::authorFamilyNames_data()
{
    QTest::addColumn<QString>("authors");
    QTest::addColumn<QStringList>("names");
    QTest::newRow("and") << QStringLiteral("J. Kaplan, S. McCandlish and T. Henighan")
                         << QStringList { QStringLiteral("Kaplan"), QStringLiteral("McCandlish"),
                                QStringLiteral("Henighan") };
    QTest::newRow("family first") << QStringLiteral("Kaplan, J.; McCandlish, S.")
                                  << QStringList { QStringLiteral("Kaplan"),
                                         QStringLiteral("McCandlish") };
    QTest::newRow("et al") << QStringLiteral("Ashish Vaswani et al.")
                           << QStringList { QStringLiteral("Vaswani") };
    QTest::newRow("ampersand, initials joined") << QStringLiteral(
        "D.P. Kingma & J. Ba") << QStringList { QStringLiteral("Kingma"), QStringLiteral("Ba") };
    QTest::newRow("and inside a name")
        << QStringLiteral("Anderson and Sandberg")
        << QStringList { QStringLiteral("Anderson"), QStringLiteral("Sandberg") };
    QTest::newRow("empty") << QString() << QStringList();
}

void TestReconcile::authorFamilyNames()
{
    QFETCH(QString, authors);
    QFETCH(QStringList, names);
    QCOMPARE(LedgerCurator::authorFamilyNames(authors), names);
}

void TestReconcile::worksImportAndStats()
{
    // The index init() seeded: every work of the sample.
    const CliRun stats = runServer(
        { QStringLiteral("works"), QStringLiteral("stats"), QStringLiteral("--works"), m_works });
    QVERIFY2(stats.exitCode == 0, stats.err.constData());
    QVERIFY2(stats.out.contains("works: 13 in "), stats.out.constData());
    QVERIFY2(stats.out.contains("reconcile-works.csv"), stats.out.constData());

    // Bad lines are named with their line and skipped; the rest is imported.
    const QString bad = m_database.filePath(QStringLiteral("bad.csv"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("id,title,authors,year,doi\n"
               "9901.00001,A Good Title of a Work,A. Author,1999,\n"
               "9901.00002,,B. Author,1999,\n");
    file.close();
    const QString works = m_database.filePath(QStringLiteral("other-works.db"));
    const CliRun imported = runServer({ QStringLiteral("works"), QStringLiteral("import"), bad,
        QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--works"), works });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QVERIFY2(imported.out.contains("works import: 1 works from "), imported.out.constData());
    QVERIFY2(imported.err.contains("bad.csv:3: skipped: "), imported.err.constData());

    // Without --works, the index lives beside an SQLite --db.
    if (!m_db.startsWith(u"postgresql")) {
        const CliRun beside = runServer({ QStringLiteral("works"), QStringLiteral("import"),
            kSampleCsv, QStringLiteral("--db"), m_db });
        QVERIFY2(beside.exitCode == 0, beside.err.constData());
        QVERIFY(QFile::exists(m_database.filePath(QStringLiteral("server-works.db"))));
    }
}

void TestReconcile::worksImportBadUsage()
{
    const CliRun noFormat = runServer({ QStringLiteral("works"), QStringLiteral("import"),
        QStringLiteral(LC_TEST_DATA_DIR "/ledger-2104.04473.txt"), QStringLiteral("--works"),
        m_works });
    QCOMPARE(noFormat.exitCode, 2);
    QVERIFY2(noFormat.err.contains("give --format arxiv-jsonl or csv"), noFormat.err.constData());
    const CliRun badFormat = runServer(
        { QStringLiteral("works"), QStringLiteral("import"), kSampleCsv, QStringLiteral("--format"),
            QStringLiteral("xml"), QStringLiteral("--works"), m_works });
    QCOMPARE(badFormat.exitCode, 2);
    QVERIFY2(badFormat.err.contains("--format takes arxiv-jsonl or csv, found 'xml'"),
        badFormat.err.constData());
    const CliRun missing = runServer({ QStringLiteral("works"), QStringLiteral("import"),
        m_database.filePath(QStringLiteral("none.csv")), QStringLiteral("--works"), m_works });
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("no such file"), missing.err.constData());
    const CliRun unknown = runServer({ QStringLiteral("works"), QStringLiteral("drop") });
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("the subcommands are"), unknown.err.constData());
}

void TestReconcile::manifest()
{
    const Reply reply = send("GET", QStringLiteral("/reconcile"));
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.header("Access-Control-Allow-Origin"), QByteArray("*"));
    const QJsonObject manifest = reply.json();
    QCOMPARE(
        manifest.value(QStringLiteral("versions")).toArray(), QJsonArray { QStringLiteral("0.2") });
    QVERIFY(!manifest.value(QStringLiteral("name")).toString().isEmpty());
    QCOMPARE(manifest.value(QStringLiteral("identifierSpace")).toString(),
        QStringLiteral("https://arxiv.org/abs/"));
    QVERIFY(!manifest.value(QStringLiteral("schemaSpace")).toString().isEmpty());
    QCOMPARE(manifest.value(QStringLiteral("defaultTypes")).toArray(),
        (QJsonArray { QJsonObject { { QStringLiteral("id"), QStringLiteral("work") },
            { QStringLiteral("name"), QStringLiteral("Work") } } }));
    QCOMPARE(manifest.value(QStringLiteral("view")).toObject().value(QStringLiteral("url")),
        QJsonValue(QStringLiteral("https://arxiv.org/abs/{{id}}")));
    QCOMPARE(manifest.value(QStringLiteral("batchSize")).toInt(), 50);

    // JSONP, for the browser clients that use it.
    const Reply jsonp = send("GET", QStringLiteral("/reconcile?callback=jsonp123"));
    QCOMPARE(jsonp.status, 200);
    QVERIFY2(
        jsonp.body.startsWith("jsonp123({") && jsonp.body.endsWith("});"), jsonp.body.constData());
    QCOMPARE(send("GET", QStringLiteral("/reconcile?callback=alert(1)")).status, 400);

    // A browser's preflight.
    const Reply preflight = send("OPTIONS", QStringLiteral("/reconcile"));
    QCOMPARE(preflight.status, 204);
    QVERIFY(preflight.header("Access-Control-Allow-Methods").contains("POST"));
}

void TestReconcile::openRefineFormBatch()
{
    const Reply reply = postForm(threeQueries());
    QVERIFY2(reply.status == 200, reply.body.constData());
    QCOMPARE(reply.header("Access-Control-Allow-Origin"), QByteArray("*"));
    QCOMPARE(reply.json().keys(),
        (QStringList { QStringLiteral("q0"), QStringLiteral("q1"), QStringLiteral("q2") }));
    const QStringList expected = { QStringLiteral("1706.03762"), QStringLiteral("2104.04473"),
        QStringLiteral("1512.03385") };
    for (int i = 0; i < 3; ++i) {
        const QJsonArray result = reply.result(QStringLiteral("q%1").arg(i));
        QVERIFY2(!result.isEmpty(), reply.body.constData());
        QVERIFY(result.size() <= 3);
        const QJsonObject first = result.first().toObject();
        QCOMPARE(first.value(QStringLiteral("id")).toString(), expected[i]);
        QCOMPARE(first.value(QStringLiteral("type")).toArray(),
            (QJsonArray { QJsonObject { { QStringLiteral("id"), QStringLiteral("work") },
                { QStringLiteral("name"), QStringLiteral("Work") } } }));
        for (const QJsonValue &candidate : result) {
            const QJsonObject c = candidate.toObject();
            QVERIFY(c.value(QStringLiteral("name")).isString());
            const double score = c.value(QStringLiteral("score")).toDouble(-1);
            QVERIFY2(score >= 0 && score <= 100, reply.body.constData());
            QVERIFY(c.value(QStringLiteral("match")).isBool());
            QVERIFY(feature(c, QStringLiteral("title_similarity")).isDouble());
        }
        // Best first.
        for (qsizetype c = 1; c < result.size(); ++c)
            QVERIFY(result.at(c - 1).toObject().value(QStringLiteral("score")).toDouble()
                >= result.at(c).toObject().value(QStringLiteral("score")).toDouble());
    }
    // An exact title is clearly right; only a first candidate is ever a match.
    const QJsonObject exact = reply.result(QStringLiteral("q0")).first().toObject();
    QCOMPARE(exact.value(QStringLiteral("match")).toBool(), true);
    QCOMPARE(exact.value(QStringLiteral("name")).toString(),
        QStringLiteral("Attention Is All You Need"));
    for (int i = 0; i < 3; ++i) {
        const QJsonArray result = reply.result(QStringLiteral("q%1").arg(i));
        for (qsizetype c = 1; c < result.size(); ++c)
            QCOMPARE(result.at(c).toObject().value(QStringLiteral("match")).toBool(), false);
    }
    // The words the query lacks are named.
    const QJsonObject partial = reply.result(QStringLiteral("q1")).first().toObject();
    QVERIFY2(partial.value(QStringLiteral("description")).toString().contains(u"megatron"),
        reply.body.constData());
}

void TestReconcile::jsonBodyAndGetGiveTheSame()
{
    const Reply form = postForm(threeQueries());
    QCOMPARE(form.status, 200);
    const Reply json = send("POST", QStringLiteral("/reconcile"), compact(threeQueries()),
        "application/json; charset=utf-8");
    QCOMPARE(json.status, 200);
    QCOMPARE(json.json(), form.json());
    const Reply get = send("GET",
        QStringLiteral("/reconcile?queries=")
            + QString::fromLatin1(formEncoded(compact(threeQueries()))));
    QVERIFY2(get.status == 200, get.body.constData());
    QCOMPARE(get.json(), form.json());
    const Reply jsonp = send("GET",
        QStringLiteral("/reconcile?callback=cb&queries=")
            + QString::fromLatin1(formEncoded(compact(threeQueries()))));
    QCOMPARE(jsonp.status, 200);
    QCOMPARE(jsonp.body, "cb(" + form.body + ");");
}

void TestReconcile::properties()
{
    const QString title = QStringLiteral("Scaling Laws for Neural Language Models");
    const auto withProperties = [&](const QJsonArray &properties) {
        QJsonObject q = query(title, 1);
        q.insert(QStringLiteral("properties"), properties);
        const Reply reply = postForm(QJsonObject { { QStringLiteral("q0"), q } });
        return reply.status == 200 ? reply.result(QStringLiteral("q0")).first().toObject()
                                   : QJsonObject { { QStringLiteral("error"), reply.message() } };
    };
    const QJsonObject plain = withProperties({});
    QCOMPARE(plain.value(QStringLiteral("id")).toString(), QStringLiteral("2001.08361"));
    QVERIFY(feature(plain, QStringLiteral("year_match")).isUndefined());
    QVERIFY(feature(plain, QStringLiteral("authors_match")).isUndefined());

    const auto property = [](const char *pid, const QJsonValue &v) {
        return QJsonObject { { QStringLiteral("pid"), QLatin1String(pid) },
            { QStringLiteral("v"), v } };
    };
    const QJsonObject right = withProperties({ property("year", 2020),
        property("authors", QStringLiteral("J. Kaplan, S. McCandlish and T. Henighan")) });
    QCOMPARE(right.value(QStringLiteral("id")).toString(), QStringLiteral("2001.08361"));
    QCOMPARE(feature(right, QStringLiteral("year_match")), QJsonValue(true));
    QVERIFY2(feature(right, QStringLiteral("authors_match")).toDouble() > 0.5,
        compact(right).constData());

    // The year as text, and a reconciled cell ({"id", "name"}) as its name.
    QCOMPARE(feature(withProperties({ property("year", QStringLiteral("2020")) }),
                 QStringLiteral("year_match")),
        QJsonValue(true));
    QCOMPARE(feature(withProperties({ property("year",
                         QJsonObject { { QStringLiteral("id"), QStringLiteral("y") },
                             { QStringLiteral("name"), QStringLiteral("2020") } }) }),
                 QStringLiteral("year_match")),
        QJsonValue(true));

    const QJsonObject wrong = withProperties({ property("year", 2011),
        property("authors", QJsonArray { QStringLiteral("Smith"), QStringLiteral("Jones") }) });
    QCOMPARE(feature(wrong, QStringLiteral("year_match")), QJsonValue(false));
    QVERIFY(feature(wrong, QStringLiteral("authors_match")).toDouble() < 0.5);
    QVERIFY2(wrong.value(QStringLiteral("score")).toDouble()
            < right.value(QStringLiteral("score")).toDouble(),
        QByteArray(compact(wrong) + ' ' + compact(right)).constData());
}

void TestReconcile::otherTypeAndEmptyQueryGetNothing()
{
    // Another type is named in a warning and looked for as works (this service has no other);
    // an empty query gets no candidates.
    QJsonObject other = query(QStringLiteral("Attention Is All You Need"));
    other.insert(QStringLiteral("type"), QStringLiteral("person"));
    const Reply reply = postForm(
        QJsonObject { { QStringLiteral("q0"), other }, { QStringLiteral("q1"), query(QString()) },
            { QStringLiteral("q2"),
                QJsonObject {
                    { QStringLiteral("query"), QStringLiteral("Attention Is All You Need") } } } });
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.result(QStringLiteral("q0")).first().toObject().value(QStringLiteral("id")),
        QJsonValue(QStringLiteral("1706.03762")));
    QVERIFY2(reply.json()
                 .value(QStringLiteral("q0"))
                 .toObject()
                 .value(QStringLiteral("warnings"))
                 .toArray()
                 .first()
                 .toString()
                 .contains(u"'person' unknown here"),
        reply.body.constData());
    QVERIFY(reply.result(QStringLiteral("q1")).isEmpty());
    // No limit: the default, 5 at most; no type: works.
    QVERIFY(!reply.result(QStringLiteral("q2")).isEmpty());
    QVERIFY(reply.result(QStringLiteral("q2")).size() <= 5);
}

void TestReconcile::badQueriesAre400_data()
{
    QTest::addColumn<QByteArray>("queries");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("key"); // the query a warning names (answered 200); empty: the batch
                                      // is refused (400)

    const auto good = QByteArrayLiteral("\"q0\":{\"query\":\"Attention\"},");
    QTest::newRow("not JSON") << QByteArray("{\"q0\": {\"query\": ")
                              << QStringLiteral("invalid JSON at offset") << QString();
    QTest::newRow("not an object")
        << QByteArray("[{\"query\":\"x\"}]")
        << QStringLiteral("queries: expected an object of queries") << QString();
    QTest::newRow("no queries") << QByteArray("{}")
                                << QStringLiteral("queries: expected 1 to 50 queries, found none")
                                << QString();
    QTest::newRow("a query not an object")
        << QByteArray("{" + good + "\"q1\":\"a title\"}")
        << QStringLiteral(
               "q1: expected an object such as {\"query\": \"a title\"}, found 'a title'; no "
               "candidates")
        << QStringLiteral("q1");
    QTest::newRow("no query") << QByteArray("{" + good + "\"q1\":{\"limit\":3}}")
                              << QStringLiteral("q1: no title to look for") << QStringLiteral("q1");
    QTest::newRow("query not a string")
        << QByteArray("{\"q0\":{\"query\":42}}")
        << QStringLiteral("q0.query: expected the title to look for, as a string, found '42'; "
                          "ignored")
        << QStringLiteral("q0");
    QTest::newRow("limit 0") << QByteArray("{" + good + "\"q1\":{\"query\":\"x\",\"limit\":0}}")
                             << QStringLiteral(
                                    "q1.limit: expected a positive number, found '0'; 5 candidates "
                                    "at most")
                             << QStringLiteral("q1");
    QTest::newRow("limit negative")
        << QByteArray("{\"q0\":{\"query\":\"x\",\"limit\":-3}}")
        << QStringLiteral("q0.limit: expected a positive number, found '-3'")
        << QStringLiteral("q0");
    QTest::newRow("limit fraction") << QByteArray("{\"q0\":{\"query\":\"x\",\"limit\":2.5}}")
                                    << QString() << QStringLiteral("q0");
    QTest::newRow("limit text") << QByteArray("{\"q0\":{\"query\":\"x\",\"limit\":\"3\"}}")
                                << QStringLiteral("q0.limit: expected a positive number, found '3'")
                                << QStringLiteral("q0");
    QTest::newRow("limit over the most")
        << QByteArray("{\"q0\":{\"query\":\"x\",\"limit\":26}}")
        << QStringLiteral("q0.limit: 26 asked; this service gives 25 candidates at most")
        << QStringLiteral("q0");
    QByteArray many = "{";
    for (int i = 0; i < 51; ++i)
        many += "\"q" + QByteArray::number(i) + "\":{\"query\":\"x\"},";
    many.chop(1);
    many += '}';
    QTest::newRow("too many queries")
        << many << QStringLiteral("queries: a batch holds at most 50 queries, found 51")
        << QString();
    QTest::newRow("query too long")
        << QByteArray("{\"q0\":{\"query\":\"" + QByteArray(1001, 'a') + "\"}}")
        << QStringLiteral("q0.query: 1001 characters, more than the 1000 a query may have; no "
                          "candidates")
        << QStringLiteral("q0");
    QTest::newRow("type not a string")
        << QByteArray("{\"q0\":{\"query\":\"x\",\"type\":7}}")
        << QStringLiteral("q0.type: '7' unknown here") << QStringLiteral("q0");
    QTest::newRow("properties not an array")
        << QByteArray("{\"q0\":{\"query\":\"x\",\"properties\":{\"pid\":\"year\"}}}")
        << QStringLiteral("q0.properties: expected an array") << QStringLiteral("q0");
    QTest::newRow("unknown property")
        << QByteArray(
               "{\"q0\":{\"query\":\"x\",\"properties\":[{\"pid\":\"colour\",\"v\":\"red\"}]}}")
        << QStringLiteral("q0.properties[0].pid: unknown property 'colour'; ignored (this service "
                          "knows year, authors, title, doi)")
        << QStringLiteral("q0");
    QTest::newRow("bad year") << QByteArray(
        "{\"q0\":{\"query\":\"x\",\"properties\":[{\"pid\":\"year\",\"v\":\"last year\"}]}}")
                              << QStringLiteral(
                                     "q0.properties[0].v: no year in 'last year'; ignored")
                              << QStringLiteral("q0");
    QTest::newRow("authors not text")
        << QByteArray("{\"q0\":{\"query\":\"x\",\"properties\":[{\"pid\":\"year\",\"v\":2020},{"
                      "\"pid\":\"authors\",\"v\":12}]}}")
        << QStringLiteral("q0.properties[1].v: expected the authors as text")
        << QStringLiteral("q0");
    QTest::newRow("raw control character")
        << QByteArray("{\"q0\":{\"query\":\"a\x01title\"}}")
        << QStringLiteral("invalid JSON at offset ") << QString();
}

void TestReconcile::badQueriesAre400()
{
    QFETCH(QByteArray, queries);
    QFETCH(QString, message);
    QFETCH(QString, key);
    const Reply form = send("POST", QStringLiteral("/reconcile"), "queries=" + formEncoded(queries),
        "application/x-www-form-urlencoded");
    if (!key.isEmpty()) {
        // Whatever is odd in one query is said in its warnings; the batch is answered.
        QVERIFY2(form.status == 200, form.body.constData());
        QCOMPARE(form.header("Access-Control-Allow-Origin"), QByteArray("*"));
        const QJsonArray warnings
            = form.json().value(key).toObject().value(QStringLiteral("warnings")).toArray();
        if (message.isEmpty()) {
            QVERIFY2(warnings.isEmpty(), form.body.constData()); // 2.5: two candidates
            return;
        }
        bool said = false;
        for (const QJsonValue &w : warnings)
            said = said || w.toString().startsWith(message);
        QVERIFY2(said, form.body.constData());
        const Reply json = send("POST", QStringLiteral("/reconcile"), queries, "application/json");
        QCOMPARE(json.status, 200);
        QCOMPARE(json.json(), form.json());
        return;
    }
    QCOMPARE(form.status, 400);
    QCOMPARE(form.error().value(QStringLiteral("code")).toString(), QStringLiteral("bad_request"));
    QVERIFY2(form.message().startsWith(message), qPrintable(form.message()));
    QCOMPARE(form.error().value(QStringLiteral("query")).toString(), key);
    QCOMPARE(form.header("Access-Control-Allow-Origin"), QByteArray("*"));
    // The same through GET (when it fits a request line) and a JSON body.
    const Reply json = send("POST", QStringLiteral("/reconcile"), queries, "application/json");
    QCOMPARE(json.status, 400);
    QCOMPARE(json.message(), form.message());
    if (queries.size() < 2000) {
        const Reply get = send("GET",
            QStringLiteral("/reconcile?queries=") + QString::fromLatin1(formEncoded(queries)));
        QCOMPARE(get.status, 400);
        QCOMPARE(get.message(), form.message());
    }
}

void TestReconcile::badRequestsOfTheForm()
{
    const Reply noQueries = send(
        "POST", QStringLiteral("/reconcile"), "other=x", "application/x-www-form-urlencoded");
    QCOMPARE(noQueries.status, 400);
    QVERIFY2(noQueries.message().startsWith(u"the form has no queries"),
        qPrintable(noQueries.message()));
    const Reply twice = send("POST", QStringLiteral("/reconcile"), "queries=%7B%7D&queries=%7B%7D",
        "application/x-www-form-urlencoded");
    QCOMPARE(twice.status, 400);
    QCOMPARE(twice.message(), QStringLiteral("queries: given more than once"));
    const Reply single = send("GET", QStringLiteral("/reconcile?query=Attention"));
    QCOMPARE(single.status, 400);
    QVERIFY2(single.message().startsWith(u"query: this service answers batches"),
        qPrintable(single.message()));
    const Reply text = send("POST", QStringLiteral("/reconcile"), "queries={}", "text/plain");
    QCOMPARE(text.status, 415);
    const Reply put = send("PUT", QStringLiteral("/reconcile"), "{}", "application/json");
    QCOMPARE(put.status, 405);
    const Reply getBody = send("GET", QStringLiteral("/reconcile"), "x", "text/plain");
    QCOMPARE(getBody.status, 400);
}

void TestReconcile::tokenWhenTheServerAsks()
{
    // Open by default: the ledger's own endpoints still want their token.
    QCOMPARE(postForm(threeQueries()).status, 200);
    QCOMPARE(send("GET", QStringLiteral("/v1/records")).status, 401);

    const QByteArray token
        = addServerToken([this](const QStringList &arguments) { return runServer(arguments); },
            QStringLiteral("rita"), QStringLiteral("reader"), { QStringLiteral("--db"), m_db });
    QVERIFY(!token.isEmpty());
    QVERIFY(startServer({ QStringLiteral("--reconcile-needs-token") }));
    // the manifest is open, and says how to authenticate
    const Reply manifest = send("GET", QStringLiteral("/reconcile"));
    QCOMPARE(manifest.status, 200);
    QVERIFY(manifest.json().contains(QStringLiteral("authentication")));
    QCOMPARE(postForm(threeQueries()).status, 401);
    const Reply withToken = send(
        "POST", QStringLiteral("/reconcile"), compact(threeQueries()), "application/json", token);
    QCOMPARE(withToken.status, 200);
    QCOMPARE(withToken.result(QStringLiteral("q0")).first().toObject().value(QStringLiteral("id")),
        QJsonValue(QStringLiteral("1706.03762")));

    ReconcileOptions options;
    options.service = m_base;
    ReconcileClient refused(options);
    auto denied
        = refused.reconcile({ MatchQuery { QStringLiteral("Attention Is All You Need"), {}, {} } });
    QVERIFY(!denied);
    QVERIFY2(denied.error().message.contains(u"refused the token (HTTP 401)"),
        qPrintable(denied.error().message));
    options.token = QString::fromLatin1(token);
    ReconcileClient allowed(options);
    auto candidates
        = allowed.reconcile({ MatchQuery { QStringLiteral("Attention Is All You Need"), {}, {} } });
    QVERIFY2(candidates, candidates ? "" : qPrintable(candidates.error().message));
    QCOMPARE(candidates->first().first().id, QStringLiteral("1706.03762"));
}

void TestReconcile::clientGetsTheSameCandidates()
{
    const Reply reply = postForm(threeQueries());
    QCOMPARE(reply.status, 200);

    ReconcileOptions options;
    options.service = m_base;
    options.limit = 3;
    options.batchSize = 2; // two requests: the answers go back in order all the same
    ReconcileClient client(options);
    QCOMPARE(client.serviceUrl(), m_base.resolved(QUrl(QStringLiteral("/reconcile"))));
    const QList<MatchQuery> queries = {
        MatchQuery { QStringLiteral("Attention Is All You Need"), {}, {} },
        MatchQuery { QString(), {}, {} }, // no title: none, and not asked
        MatchQuery {
            QStringLiteral("efficient large-scale language model training on GPU clusters"), {},
            {} },
        MatchQuery { QStringLiteral("deep residual learning for image recognition"), {}, {} },
    };
    auto candidates = client.reconcile(queries);
    QVERIFY2(candidates, candidates ? "" : qPrintable(candidates.error().message));
    QCOMPARE(candidates->size(), 4);
    QVERIFY(candidates->at(1).isEmpty());
    const QList<int> served = { 0, 2, 3 };
    for (int i = 0; i < 3; ++i) {
        const QJsonArray result = reply.result(QStringLiteral("q%1").arg(i));
        const QList<Candidate> &got = candidates->at(served[i]);
        QCOMPARE(got.size(), result.size());
        for (qsizetype c = 0; c < got.size(); ++c) {
            const QJsonObject expected = result.at(c).toObject();
            QCOMPARE(got[c].id, expected.value(QStringLiteral("id")).toString());
            QCOMPARE(got[c].name, expected.value(QStringLiteral("name")).toString());
            QCOMPARE(got[c].score, expected.value(QStringLiteral("score")).toDouble());
            QCOMPARE(got[c].match, expected.value(QStringLiteral("match")).toBool());
            const QJsonArray features = expected.value(QStringLiteral("features")).toArray();
            QCOMPARE(got[c].features.size(), features.size());
            for (qsizetype f = 0; f < features.size(); ++f) {
                QCOMPARE(got[c].features[f].id,
                    features.at(f).toObject().value(QStringLiteral("id")).toString());
                QCOMPARE(QJsonValue::fromVariant(got[c].features[f].value),
                    features.at(f).toObject().value(QStringLiteral("value")));
            }
        }
    }
    QVERIFY(candidates->at(0).first().match);
    QVERIFY2(candidates->at(2).first().missingWords.contains(QStringLiteral("megatron")),
        qPrintable(candidates->at(2).first().missingWords.join(u' ')));

    // Properties go as the service takes them.
    auto withYear
        = client.reconcile({ MatchQuery { QStringLiteral("Scaling Laws for Neural Language Models"),
            2020, { QStringLiteral("Kaplan") } } });
    QVERIFY2(withYear, withYear ? "" : qPrintable(withYear.error().message));
    QCOMPARE(withYear->first().first().feature(QStringLiteral("year_match")), QVariant(true));
}

void TestReconcile::clientOnAWorkerThread()
{
    ReconcileOptions options;
    options.service = m_base.resolved(QUrl(QStringLiteral("/reconcile")));
    QString firstId;
    QString problem;
    // A thread of Qt's (as the window's BackgroundJob and its thread pool give), with no event
    // loop running: reconcile() runs its own.
    std::unique_ptr<QThread> worker(QThread::create([&] {
        ReconcileClient client(options);
        auto candidates = client.reconcile(
            { MatchQuery { QStringLiteral("Attention Is All You Need"), {}, {} } });
        if (candidates)
            firstId = candidates->value(0).value(0).id;
        else
            problem = candidates.error().message;
    }));
    worker->start();
    QVERIFY(worker->wait(scaledTimeoutMs(60000)));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(firstId, QStringLiteral("1706.03762"));
}

void TestReconcile::clientRefusesBadReplies_data()
{
    QTest::addColumn<QByteArray>("response");
    QTest::addColumn<QString>("message");
    QTest::newRow("not JSON")
        << httpResponse("<html>hello</html>")
        << QStringLiteral("the reply is not a reconciliation answer: invalid JSON at offset ");
    QTest::newRow("an array") << httpResponse(
        "[]") << QStringLiteral("the reply is not a reconciliation answer: expected an object");
    QTest::newRow("no answer") << httpResponse("{}") << QStringLiteral("q0: no answer");
    QTest::newRow("no result") << httpResponse("{\"q0\":{}}")
                               << QStringLiteral("q0: expected {\"result\": [candidates]}");
    QTest::newRow("not asked") << httpResponse("{\"q0\":{\"result\":[]},\"q9\":{\"result\":[]}}")
                               << QStringLiteral("q9: an answer to a query that was not asked");
    QTest::newRow("no score")
        << httpResponse("{\"q0\":{\"result\":[{\"id\":\"1\",\"name\":\"A\",\"match\":false}]}}")
        << QStringLiteral("q0.result[0].score: expected a number from 0 to 100, found nothing");
    QTest::newRow("score too high")
        << httpResponse("{\"q0\":{\"result\":[{\"id\":\"1\",\"name\":\"A\",\"score\":101,\"match\":"
                        "false}]}}")
        << QStringLiteral("q0.result[0].score: expected a number from 0 to 100, found 101");
    QTest::newRow("id a number")
        << httpResponse(
               "{\"q0\":{\"result\":[{\"id\":1,\"name\":\"A\",\"score\":1,\"match\":false}]}}")
        << QStringLiteral("q0.result[0].id: expected the work's id as a string, found 1");
    QTest::newRow("bad feature")
        << httpResponse(
               "{\"q0\":{\"result\":[{\"id\":\"1\",\"name\":\"A\",\"score\":1,\"match\":false,"
               "\"features\":[{\"id\":\"f\",\"value\":\"x\"}]}]}}")
        << QStringLiteral(
               "q0.result[0].features[0].value: expected a number or a boolean, found \"x\"");
    QByteArray six = "{\"q0\":{\"result\":[";
    for (int i = 0; i < 6; ++i)
        six += "{\"id\":\"" + QByteArray::number(i)
            + "\",\"name\":\"A\",\"score\":1,\"match\":false},";
    six.chop(1);
    six += "]}}";
    QTest::newRow("more than asked")
        << httpResponse(six) << QStringLiteral("q0.result: 6 candidates, more than the 5 asked");
    QTest::newRow("too large") << httpResponse("{\"q0\":{\"result\":[]}, \"pad\": \""
        + QByteArray(5000, 'x')
        + "\"}") << QStringLiteral("the reply passed the 4096 bytes a reply may have");
    QTest::newRow("HTTP 500") << httpResponse(
        "{\"error\":{\"code\":\"internal\",\"message\":\"it broke\"}}", 500)
                              << QStringLiteral("answered HTTP 500: it broke");
}

void TestReconcile::clientRefusesBadReplies()
{
    QFETCH(QByteArray, response);
    QFETCH(QString, message);
    CannedServer canned(response);
    QVERIFY(canned.isListening());
    ReconcileOptions options;
    options.service = canned.url();
    options.maxReplyBytes = 4096;
    ReconcileClient client(options);
    auto candidates = client.reconcile({ MatchQuery { QStringLiteral("Attention"), {}, {} } });
    QVERIFY(!candidates);
    QVERIFY2(candidates.error().message.contains(message), qPrintable(candidates.error().message));
    QVERIFY2(candidates.error().message.contains(canned.url().toString()),
        qPrintable(candidates.error().message));
}

void TestReconcile::clientReportsTheServersReason()
{
    // A batch over the server's 50 queries is refused whole; the client says the server's why.
    ReconcileOptions options;
    options.service = m_base;
    options.batchSize = 51;
    ReconcileClient client(options);
    QList<MatchQuery> many;
    for (int i = 0; i < 51; ++i)
        many += MatchQuery { QStringLiteral("Attention %1").arg(i), {}, {} };
    auto candidates = client.reconcile(many);
    QVERIFY(!candidates);
    QVERIFY2(candidates.error().message.contains(
                 u"answered HTTP 400: queries: a batch holds at most 50 queries, found 51"),
        qPrintable(candidates.error().message));
}

QTEST_GUILESS_MAIN(TestReconcile)
#include "tst_reconcile.moc"
