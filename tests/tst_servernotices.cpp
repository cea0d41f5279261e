// SPDX-License-Identifier: GPL-3.0-or-later
// Standing notices as team data, the server's half (docs/notices.md), on the real ledger-server
// binary on a loopback port over real HTTP: POST /v1/notices (stored, duplicate, stale, the
// importer the token's name and signer, the refusals: unsigned, another's key, a bad signature),
// GET /v1/notices (paging by seq), the history of versions, and `ledger-server import-notices` on
// the Retraction Watch CSV of tests/data (complete lists withdraw what they no longer name). On a
// fresh SQLite file and on a fresh PostgreSQL database per test (the "postgresql" rows need
// LC_TEST_POSTGRES_URL: run scripts/with-postgres.sh build-testing/tests/tst_servernotices).
#include "NoticeJson.h"
#include "NoticeSignature.h"
#include "ServerDatabases.h"
#include "ServerProcess.h"
#include "ServerTestCase.h"
#include "TestKeys.h"
#include "TestSupport.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <memory>
#include <tuple>
#include <utility>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kSource = QStringLiteral("retraction-watch");
const QString kSampleCsv = QStringLiteral(LC_TEST_DATA_DIR "/retractions-sample.csv");
// The notices the sample gives (its rows 51263, a bad date, and 51276, no original DOI, give none).
const QStringList kSampleIds
    = { QStringLiteral("51234"), QStringLiteral("51240"), QStringLiteral("51247"),
          QStringLiteral("51252"), QStringLiteral("51258"), QStringLiteral("51270") };

struct Reply
{
    int status = 0;
    QByteArray body;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QJsonObject error() const { return json().value(QStringLiteral("error")).toObject(); }
    QString code() const { return error().value(QStringLiteral("code")).toString(); }
    QString message() const { return error().value(QStringLiteral("message")).toString(); }
    QJsonArray results() const { return json().value(QStringLiteral("results")).toArray(); }
    qint64 number(const char *key) const { return json().value(QLatin1String(key)).toInteger(); }
};

QString atMinute(int minute)
{
    return QDateTime(QDate(2026, 12, 1), QTime(9, 0), Qt::UTC)
        .addSecs(minute * 60)
        .toString(Qt::ISODateWithMs);
}

//! Notice `id` of Retraction Watch, imported at minute `minute` of a fixed morning.
StandingNotice makeNotice(
    int id, int minute = 0, const QString &detail = QStringLiteral("Error in Data"))
{
    StandingNotice n;
    n.source = kSource;
    n.sourceId = QString::number(id);
    n.work = QStringLiteral("10.5555/work.%1").arg(id);
    n.event.kind = EventKind::Retraction;
    n.event.nature = QStringLiteral("Retraction");
    n.event.date = QStringLiteral("2024-03-01");
    n.event.source = QStringLiteral("retraction_status_cache");
    n.event.notice = QStringLiteral("10.5555/notice.%1").arg(id);
    n.event.detail = detail;
    n.title = QStringLiteral("Paper %1").arg(id);
    n.journal = QStringLiteral("Example Journal");
    n.urls = QStringLiteral("https://example.org/%1").arg(id);
    n.origin = QStringLiteral("Retraction Watch record %1").arg(id);
    n.importedAt = atMinute(minute);
    return n;
}

QByteArray batchBody(const QList<StandingNotice> &notices)
{
    return QJsonDocument(QJsonObject { { QStringLiteral("notices"), noticesToJson(notices) } })
        .toJson(QJsonDocument::Compact);
}

QByteArray batchBody(const QJsonArray &notices)
{
    return QJsonDocument(QJsonObject { { QStringLiteral("notices"), notices } })
        .toJson(QJsonDocument::Compact);
}

//! The import-notices report line: "import-notices: N new, N updated, N unchanged, N withdrawn".
QByteArray reportLine(const QByteArray &out)
{
    for (const QByteArray &line : out.split('\n')) {
        if (line.startsWith("import-notices: ") && line.contains(" new, "))
            return line;
    }
    return {};
}

} // namespace

class TestServerNotices : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data();
    void init();
    void cleanup();

    void postStoresAndRetryIsDuplicate();
    void importedByIsTheTokensName();
    void badlySignedNoticesAreRefused();
    void pagingByAfterAndLimit();
    void badPageNumbersAre400_data();
    void badPageNumbersAre400();
    void newerVersionGetsNewSeqAndHistory();
    void olderVersionIsStaleWithTheCurrent();
    void sameNoticeTwiceInOneBatch();
    void invalidNoticeIs422WithIndex();
    void readerCannotPost();
    void batchSizes();
    void clockAheadIs422();
    void importNoticesCli();
    void importNoticesKeepsRowsThatAreNoNotices();
    void importNoticesBadFileStoresNothing();

private:
    CliRun runServer(const QStringList &arguments) const;
    QByteArray addToken(const QString &name, const QString &role);
    bool startServer();
    void stopServer();
    Reply send(const QByteArray &method, const QString &pathAndQuery, const QByteArray &token,
        const QByteArray &body = {});
    Reply post(const QList<StandingNotice> &notices, const QByteArray &token = {});
    //! Every current notice, paged with limit `limit`.
    QList<StandingNotice> allNotices(int limit = 1000);
    //! (seq, imported_by, status) of every stored version of one notice, oldest first.
    QList<std::tuple<qint64, QString, QString>> versions(const QString &sourceId);
    CliRun importNotices(const QString &file, const QStringList &extra = {});
    QString writeCsv(const QString &name, const QByteArray &content);
    QByteArray sampleWithout(const QStringList &ids) const;

    ServerDatabase m_database;
    QString m_db;
    std::unique_ptr<QProcess> m_server;
    QUrl m_base;
    QByteArray m_curator, m_other, m_reader;
    QNetworkAccessManager m_nam;
};

void TestServerNotices::initTestCase_data()
{
    addBackendRows();
}

void TestServerNotices::init()
{
    QFETCH_GLOBAL(QString, backend);
    const ServerDatabase::Made made = m_database.make(
        backend, QStringLiteral("lc_notices"), QStringLiteral("tst_servernotices"));
    if (made.skip)
        QSKIP(qPrintable(made.reason));
    QVERIFY2(made.ok, qPrintable(made.reason));
    m_db = m_database.db();
    m_curator = addToken(QStringLiteral("carol"), QStringLiteral("curator"));
    m_other = addToken(QStringLiteral("dave"), QStringLiteral("curator"));
    m_reader = addToken(QStringLiteral("rita"), QStringLiteral("reader"));
    QVERIFY(!m_curator.isEmpty() && !m_other.isEmpty() && !m_reader.isEmpty());
    QVERIFY(startServer());
    // Each curator's key, registered as a curator's first sync registers it: a notice is signed
    // by the curator who imports it.
    for (const auto &[name, token] : { std::pair(QStringLiteral("carol"), m_curator),
             std::pair(QStringLiteral("dave"), m_other) }) {
        QString problem;
        QVERIFY2(registerKey(m_base, QString::fromUtf8(token), testKey(name), &problem),
            qPrintable(problem));
    }
}

void TestServerNotices::cleanup()
{
    stopServer();
    m_database.reset();
}

CliRun TestServerNotices::runServer(const QStringList &arguments) const
{
    return runServerCommand(arguments, m_database.dataHome(), 120000);
}

QByteArray TestServerNotices::addToken(const QString &name, const QString &role)
{
    return addServerToken([this](const QStringList &arguments) { return runServer(arguments); },
        name, role, { QStringLiteral("--db"), m_db });
}

bool TestServerNotices::startServer()
{
    m_server = std::make_unique<QProcess>();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_database.dataHome());
    m_server->setProcessEnvironment(env);
    m_base = startServing(*m_server,
        { QStringLiteral("serve"), QStringLiteral("--db"), m_db, QStringLiteral("--listen"),
            QStringLiteral("127.0.0.1:0") });
    return m_base.isValid();
}

void TestServerNotices::stopServer()
{
    std::unique_ptr<QProcess> server = std::move(m_server);
    if (!server)
        return;
    QByteArray log;
    const QString problem = stopServing(*server, &log);
    if (!problem.isEmpty())
        qWarning("ledger-server's log ends:\n%s", log.right(2000).constData());
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    for (const QByteArray &token : { m_curator, m_other, m_reader }) {
        if (!token.isEmpty())
            QVERIFY2(!log.contains(token), "a token appears in the request log");
    }
}

Reply TestServerNotices::send(const QByteArray &method, const QString &pathAndQuery,
    const QByteArray &token, const QByteArray &body)
{
    const HttpReply reply = exchange(m_nam, method, m_base.resolved(QUrl(pathAndQuery)), token,
        body, body.isEmpty() ? QByteArray() : QByteArrayLiteral("application/json"));
    return { reply.status, reply.body };
}

Reply TestServerNotices::post(const QList<StandingNotice> &notices, const QByteArray &token)
{
    const QByteArray &by = token.isEmpty() ? m_curator : token;
    const QString name = by == m_curator ? QStringLiteral("carol")
        : by == m_other                  ? QStringLiteral("dave")
                                         : QStringLiteral("rita");
    return send("POST", QStringLiteral("/v1/notices"), by, batchBody(signedNotices(notices, name)));
}

QList<StandingNotice> TestServerNotices::allNotices(int limit)
{
    QList<StandingNotice> out;
    qint64 after = 0;
    for (int page = 0; page < 10000; ++page) {
        const Reply reply = send(
            "GET", QStringLiteral("/v1/notices?after=%1&limit=%2").arg(after).arg(limit), m_reader);
        if (reply.status != 200) {
            qWarning("GET /v1/notices: %d %s", reply.status, reply.body.constData());
            return {};
        }
        auto notices = noticesFromJson(
            reply.json().value(QStringLiteral("notices")), QStringLiteral("notices"));
        if (!notices) {
            qWarning("%s", qPrintable(notices.error().toString()));
            return {};
        }
        out += *notices;
        after = reply.number("last_seq");
        if (!reply.json().value(QStringLiteral("more")).toBool())
            break;
    }
    return out;
}

QList<std::tuple<qint64, QString, QString>> TestServerNotices::versions(const QString &sourceId)
{
    QSqlDatabase db = m_database.direct();
    QSqlQuery query(db);
    query.prepare(QStringLiteral("SELECT seq, imported_by, status FROM notice_versions "
                                 "WHERE source = ? AND source_id = ? ORDER BY seq"));
    query.addBindValue(kSource);
    query.addBindValue(sourceId);
    QList<std::tuple<qint64, QString, QString>> out;
    if (!query.exec()) {
        qWarning("%s", qPrintable(query.lastError().text()));
        return out;
    }
    while (query.next())
        out.append(
            { query.value(0).toLongLong(), query.value(1).toString(), query.value(2).toString() });
    return out;
}

CliRun TestServerNotices::importNotices(const QString &file, const QStringList &extra)
{
    return runServer(
        QStringList { QStringLiteral("import-notices"), file, QStringLiteral("--db"), m_db }
        + extra);
}

QString TestServerNotices::writeCsv(const QString &name, const QByteArray &content)
{
    const QString path = m_database.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        return {};
    return path;
}

//! The sample CSV without the rows of `ids` (each row of the sample that starts with its id; the
//! quoted line break of 51258 keeps its second line, which starts with a quote).
QByteArray TestServerNotices::sampleWithout(const QStringList &ids) const
{
    QFile file(kSampleCsv);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QByteArray out;
    bool skipping = false;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.isEmpty())
            continue;
        const QByteArray first = line.left(line.indexOf(','));
        const bool rowStart = !first.isEmpty()
            && std::all_of(
                first.cbegin(), first.cend(), [](char c) { return c >= '0' && c <= '9'; });
        if (rowStart)
            skipping = ids.contains(QString::fromLatin1(first));
        if (!skipping)
            out += line + '\n';
    }
    return out;
}

// --- POST and GET -------------------------------------------------------------------------------

void TestServerNotices::postStoresAndRetryIsDuplicate()
{
    const QList<StandingNotice> batch = { makeNotice(1), makeNotice(2), makeNotice(3) };
    const Reply first = post(batch);
    QCOMPARE(first.status, 200);
    QCOMPARE(first.number("stored"), 3);
    QCOMPARE(first.number("duplicates"), 0);
    QCOMPARE(first.number("stale"), 0);
    const QJsonArray results = first.results();
    QCOMPARE(results.size(), 3);
    for (int i = 0; i < 3; ++i) {
        const QJsonObject r = results.at(i).toObject();
        QCOMPARE(r.value(QStringLiteral("source")).toString(), kSource);
        QCOMPARE(r.value(QStringLiteral("source_id")).toString(), QString::number(i + 1));
        QCOMPARE(r.value(QStringLiteral("seq")).toInteger(), i + 1);
        QCOMPARE(r.value(QStringLiteral("outcome")).toString(), QStringLiteral("stored"));
        QVERIFY(!r.contains(QStringLiteral("current")));
    }

    // A retried POST (a timeout, a dropped connection) stores nothing twice.
    const Reply again = post(batch);
    QCOMPARE(again.status, 200);
    QCOMPARE(again.number("stored"), 0);
    QCOMPARE(again.number("duplicates"), 3);
    for (int i = 0; i < 3; ++i) {
        const QJsonObject r = again.results().at(i).toObject();
        QCOMPARE(r.value(QStringLiteral("outcome")).toString(), QStringLiteral("duplicate"));
        QCOMPARE(r.value(QStringLiteral("seq")).toInteger(), i + 1);
    }
    // The same content from another curator, or imported again later: a duplicate too.
    StandingNotice later = makeNotice(2, 30);
    const Reply reimported = post({ later }, m_other);
    QCOMPARE(reimported.number("duplicates"), 1);
    QCOMPARE(reimported.results().at(0).toObject().value(QStringLiteral("seq")).toInteger(), 2);

    const QList<StandingNotice> served = allNotices();
    QCOMPARE(served.size(), 3);
    for (int i = 0; i < 3; ++i) {
        StandingNotice expected = signedNotices({ batch[i] }, QStringLiteral("carol")).first();
        expected.seq = i + 1;
        QCOMPARE(served[i], expected);
    }
    QCOMPARE(versions(QStringLiteral("2")).size(), 1);
    // Notice seqs are their own: the events' seq is untouched.
    QCOMPARE(send("GET", QStringLiteral("/v1/health"), {})
                 .json()
                 .value(QStringLiteral("latest_seq"))
                 .toInteger(),
        0);
}

void TestServerNotices::importedByIsTheTokensName()
{
    // The importer is the token's curator, who signed the notice: a client's seq is ignored.
    StandingNotice n = makeNotice(7);
    n.seq = 99;
    const Reply reply = post({ n });
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.results().at(0).toObject().value(QStringLiteral("seq")).toInteger(), 1);
    const QList<StandingNotice> served = allNotices();
    QCOMPARE(served.size(), 1);
    QCOMPARE(served[0].importedBy, QStringLiteral("carol"));
    QCOMPARE(served[0].seq, std::optional<qint64>(1));
    QCOMPARE(served[0].keyId, testKey(QStringLiteral("carol")).keyId());
    const Reply page = send("GET", QStringLiteral("/v1/notices"), m_reader);
    const QJsonObject wire
        = page.json().value(QStringLiteral("notices")).toArray().at(0).toObject();
    QCOMPARE(wire.value(QStringLiteral("imported_by")).toString(), QStringLiteral("carol"));
    QCOMPARE(wire.value(QStringLiteral("seq")).toInteger(), 1);
    QCOMPARE(wire.value(QStringLiteral("signature")).toString(), served[0].signature);
}

void TestServerNotices::badlySignedNoticesAreRefused()
{
    const auto refusedWith = [this](const QList<StandingNotice> &batch, const QString &message) {
        const Reply reply
            = send("POST", QStringLiteral("/v1/notices"), m_curator, batchBody(batch));
        QCOMPARE(reply.status, 422);
        QCOMPARE(reply.code(), QStringLiteral("invalid_notice"));
        QCOMPARE(reply.error().value(QStringLiteral("index")).toInteger(), batch.size() - 1);
        QCOMPARE(reply.error().value(QStringLiteral("notice")).toString(), batch.constLast().ref());
        QVERIFY2(reply.message().contains(message), qPrintable(reply.message()));
    };
    const StandingNotice good = signedNotices({ makeNotice(1) }, QStringLiteral("carol")).first();
    // Signed by carol's key, but naming mallory as its importer.
    StandingNotice mallory = makeNotice(2);
    mallory.importedBy = QStringLiteral("mallory");
    signNotice(mallory, testKey(QStringLiteral("carol")));
    refusedWith({ good, mallory },
        QStringLiteral("notices[1].imported_by: 'mallory', but the token is carol's"));
    // Unsigned.
    StandingNotice unsigned_ = makeNotice(3);
    unsigned_.importedBy = QStringLiteral("carol");
    refusedWith(
        { good, unsigned_ }, QStringLiteral("notices[1]: notice retraction-watch:3 is not signed"));
    // Signed with dave's key in carol's name.
    StandingNotice daves = makeNotice(4);
    daves.importedBy = QStringLiteral("carol");
    signNotice(daves, testKey(QStringLiteral("dave")));
    refusedWith({ good, daves },
        QStringLiteral("notices[1].key_id: key %1 is dave's, not carol's")
            .arg(testKey(QStringLiteral("dave")).keyId()));
    // Signed with a key nobody registered.
    StandingNotice stranger = makeNotice(5);
    stranger.importedBy = QStringLiteral("carol");
    signNotice(stranger, testKey(QStringLiteral("stranger")));
    refusedWith({ stranger }, QStringLiteral("notices[0].key_id: no key "));
    // Changed after carol signed it.
    StandingNotice altered = signedNotices({ makeNotice(6) }, QStringLiteral("carol")).first();
    altered.event.date = QStringLiteral("2020-01-01");
    refusedWith({ good, altered },
        QStringLiteral("notices[1].signature: does not verify under key ")
            + testKey(QStringLiteral("carol")).keyId());
    // Nothing of a refused batch was stored.
    QCOMPARE(allNotices().size(), 0);
}

void TestServerNotices::pagingByAfterAndLimit()
{
    QList<StandingNotice> batch;
    for (int i = 1; i <= 7; ++i)
        batch.append(makeNotice(100 + i));
    QCOMPARE(post(batch).number("stored"), 7);

    const Reply first = send("GET", QStringLiteral("/v1/notices?after=0&limit=3"), m_reader);
    QCOMPARE(first.status, 200);
    QCOMPARE(first.json().value(QStringLiteral("notices")).toArray().size(), 3);
    QCOMPARE(first.number("last_seq"), 3);
    QCOMPARE(first.number("latest_seq"), 7);
    QCOMPARE(first.json().value(QStringLiteral("more")).toBool(), true);
    const Reply second = send("GET", QStringLiteral("/v1/notices?after=3&limit=3"), m_reader);
    const QJsonArray page = second.json().value(QStringLiteral("notices")).toArray();
    QCOMPARE(page.size(), 3);
    QCOMPARE(page.at(0).toObject().value(QStringLiteral("seq")).toInteger(), 4);
    QCOMPARE(
        page.at(0).toObject().value(QStringLiteral("source_id")).toString(), QStringLiteral("104"));
    QCOMPARE(second.number("last_seq"), 6);
    QCOMPARE(second.json().value(QStringLiteral("more")).toBool(), true);
    const Reply third = send("GET", QStringLiteral("/v1/notices?after=6&limit=3"), m_reader);
    QCOMPARE(third.json().value(QStringLiteral("notices")).toArray().size(), 1);
    QCOMPARE(third.number("last_seq"), 7);
    QCOMPARE(third.json().value(QStringLiteral("more")).toBool(), false);
    // Nothing after the latest: last_seq is the after given.
    const Reply none = send("GET", QStringLiteral("/v1/notices?after=7"), m_reader);
    QCOMPARE(none.json().value(QStringLiteral("notices")).toArray().size(), 0);
    QCOMPARE(none.number("last_seq"), 7);
    QCOMPARE(none.json().value(QStringLiteral("more")).toBool(), false);

    // A notice updated while a client pages moves to the end: it is met again, never missed.
    QCOMPARE(post({ makeNotice(102, 5, QStringLiteral("Error in Analyses")) }).number("stored"), 1);
    const Reply after3 = send("GET", QStringLiteral("/v1/notices?after=3&limit=100"), m_reader);
    const QJsonArray rest = after3.json().value(QStringLiteral("notices")).toArray();
    QCOMPARE(rest.size(), 5); // 104..107, then 102 at seq 8
    QCOMPARE(rest.last().toObject().value(QStringLiteral("source_id")).toString(),
        QStringLiteral("102"));
    QCOMPARE(rest.last().toObject().value(QStringLiteral("seq")).toInteger(), 8);
    QCOMPARE(allNotices(2).size(), 7);
    // A limit above 5000 is served as 5000.
    QCOMPARE(send("GET", QStringLiteral("/v1/notices?limit=999999"), m_reader).status, 200);
}

void TestServerNotices::badPageNumbersAre400_data()
{
    QTest::addColumn<QString>("query");
    QTest::newRow("after negative") << QStringLiteral("after=-1");
    QTest::newRow("after text") << QStringLiteral("after=abc");
    QTest::newRow("after empty") << QStringLiteral("after=");
    QTest::newRow("after fraction") << QStringLiteral("after=1.5");
    QTest::newRow("limit zero") << QStringLiteral("limit=0");
    QTest::newRow("limit negative") << QStringLiteral("limit=-5");
    QTest::newRow("limit huge") << QStringLiteral("limit=99999999999999999999");
}

void TestServerNotices::badPageNumbersAre400()
{
    QFETCH(QString, query);
    const Reply reply = send("GET", QStringLiteral("/v1/notices?") + query, m_reader);
    QCOMPARE(reply.status, 400);
    QCOMPARE(reply.code(), QStringLiteral("bad_request"));
}

void TestServerNotices::newerVersionGetsNewSeqAndHistory()
{
    QCOMPARE(post({ makeNotice(1), makeNotice(2) }).number("stored"), 2);
    // dave imports notice 1 again later, and the source says something else now.
    StandingNotice newer = makeNotice(1, 10, QStringLiteral("Error in Data; Paper Mill"));
    const Reply reply = post({ newer }, m_other);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.number("stored"), 1);
    const QJsonObject r = reply.results().at(0).toObject();
    QCOMPARE(r.value(QStringLiteral("outcome")).toString(), QStringLiteral("stored"));
    QCOMPARE(r.value(QStringLiteral("seq")).toInteger(), 3);

    const QList<StandingNotice> served = allNotices();
    QCOMPARE(served.size(), 2); // the current versions only
    QCOMPARE(served[0].sourceId, QStringLiteral("2"));
    QCOMPARE(served[0].seq, std::optional<qint64>(2));
    QCOMPARE(served[1].sourceId, QStringLiteral("1"));
    QCOMPARE(served[1].seq, std::optional<qint64>(3));
    QCOMPARE(served[1].event.detail, newer.event.detail);
    QCOMPARE(served[1].importedBy, QStringLiteral("dave"));
    // Both versions are kept, each with its seq and who sent it.
    const auto history = versions(QStringLiteral("1"));
    QCOMPARE(history.size(), 2);
    QCOMPARE(
        history[0], std::make_tuple(qint64(1), QStringLiteral("carol"), QStringLiteral("listed")));
    QCOMPARE(
        history[1], std::make_tuple(qint64(3), QStringLiteral("dave"), QStringLiteral("listed")));
    // The old version posted again is stale now, not a duplicate.
    const Reply old = post({ makeNotice(1) });
    QCOMPARE(old.number("stale"), 1);
    QCOMPARE(versions(QStringLiteral("1")).size(), 2);
}

void TestServerNotices::olderVersionIsStaleWithTheCurrent()
{
    const StandingNotice current = makeNotice(5, 20, QStringLiteral("Error in Analyses"));
    QCOMPARE(post({ current }, m_other).number("stored"), 1);
    // An import made earlier (a curator who synced late) with other content.
    const Reply reply = post({ makeNotice(5, 10), makeNotice(6, 10) });
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.number("stored"), 1);
    QCOMPARE(reply.number("stale"), 1);
    QCOMPARE(reply.number("duplicates"), 0);
    const QJsonObject stale = reply.results().at(0).toObject();
    QCOMPARE(stale.value(QStringLiteral("outcome")).toString(), QStringLiteral("stale"));
    QCOMPARE(stale.value(QStringLiteral("seq")).toInteger(), 1);
    auto held = noticeFromJson(stale.value(QStringLiteral("current")), QStringLiteral("current"));
    QVERIFY2(held, qPrintable(held ? QString() : held.error().toString()));
    StandingNotice expected = signedNotices({ current }, QStringLiteral("dave")).first();
    expected.seq = 1;
    QCOMPARE(*held, expected);
    const QJsonObject stored = reply.results().at(1).toObject();
    QCOMPARE(stored.value(QStringLiteral("outcome")).toString(), QStringLiteral("stored"));
    QCOMPARE(stored.value(QStringLiteral("seq")).toInteger(), 2);
    QVERIFY(!stored.contains(QStringLiteral("current")));
    QCOMPARE(versions(QStringLiteral("5")).size(), 1);

    // Equal import times, other content: the same one wins whichever is posted first.
    StandingNotice a = makeNotice(8, 30, QStringLiteral("A"));
    StandingNotice b = makeNotice(8, 30, QStringLiteral("B"));
    QCOMPARE(post({ a }).number("stored"), 1);
    const Reply tie = post({ b });
    QCOMPARE(tie.number("stored") + tie.number("stale"), 1);
    QCOMPARE(tie.number("stored") == 1, noticeSupersedes(b, a));
}

void TestServerNotices::sameNoticeTwiceInOneBatch()
{
    // The same version twice: stored, then a duplicate of itself.
    const Reply twice = post({ makeNotice(1), makeNotice(1) });
    QCOMPARE(twice.status, 200);
    QCOMPARE(twice.number("stored"), 1);
    QCOMPARE(twice.number("duplicates"), 1);
    QCOMPARE(twice.results().at(1).toObject().value(QStringLiteral("seq")).toInteger(), 1);
    // An older then a newer version: both stored, in order; the later one is current.
    const Reply newer
        = post({ makeNotice(2, 1), makeNotice(2, 2, QStringLiteral("Error in Text")) });
    QCOMPARE(newer.number("stored"), 2);
    QCOMPARE(newer.results().at(0).toObject().value(QStringLiteral("seq")).toInteger(), 2);
    QCOMPARE(newer.results().at(1).toObject().value(QStringLiteral("seq")).toInteger(), 3);
    // A newer then an older one: the older is stale against the newer, stored just before.
    const Reply older
        = post({ makeNotice(3, 9, QStringLiteral("Error in Text")), makeNotice(3, 1) });
    QCOMPARE(older.number("stored"), 1);
    QCOMPARE(older.number("stale"), 1);
    const QJsonObject stale = older.results().at(1).toObject();
    QCOMPARE(stale.value(QStringLiteral("seq")).toInteger(), 4);
    QCOMPARE(stale.value(QStringLiteral("current"))
                 .toObject()
                 .value(QStringLiteral("detail"))
                 .toString(),
        QStringLiteral("Error in Text"));

    const QList<StandingNotice> served = allNotices();
    QCOMPARE(served.size(), 3);
    QCOMPARE(served[1].sourceId, QStringLiteral("2"));
    QCOMPARE(served[1].event.detail, QStringLiteral("Error in Text"));
    QCOMPARE(versions(QStringLiteral("2")).size(), 2);
    QCOMPARE(versions(QStringLiteral("3")).size(), 1);
    // Seqs gap-free: 1, 2, 3, 4 were handed out, 3 and 4 current with 1.
    QCOMPARE(send("GET", QStringLiteral("/v1/notices"), m_reader).number("latest_seq"), 4);
}

// --- refusals -----------------------------------------------------------------------------------

void TestServerNotices::invalidNoticeIs422WithIndex()
{
    QJsonArray notices = noticesToJson(
        signedNotices({ makeNotice(1), makeNotice(2), makeNotice(3) }, QStringLiteral("carol")));
    QJsonObject bad = notices.at(1).toObject();
    bad.insert(QStringLiteral("kind"), QStringLiteral("colour"));
    notices.replace(1, bad);
    const Reply reply = send("POST", QStringLiteral("/v1/notices"), m_curator, batchBody(notices));
    QCOMPARE(reply.status, 422);
    QCOMPARE(reply.code(), QStringLiteral("invalid_notice"));
    QCOMPARE(reply.error().value(QStringLiteral("index")).toInteger(), 1);
    QCOMPARE(reply.error().value(QStringLiteral("notice")).toString(),
        QStringLiteral("retraction-watch:2"));
    QVERIFY2(reply.message().startsWith(QStringLiteral("notices[1].kind: ")),
        qPrintable(reply.message()));
    QVERIFY2(reply.message().contains(QStringLiteral("'colour'")), qPrintable(reply.message()));
    // Nothing of the batch is stored.
    QCOMPARE(allNotices().size(), 0);

    // Other members, each named.
    const QList<std::pair<QString, QJsonValue>> cases = {
        { QStringLiteral("work"), QStringLiteral("10.5555/UPPER") },
        { QStringLiteral("date"), QStringLiteral("3/1/2024") },
        { QStringLiteral("status"), QStringLiteral("gone") },
        { QStringLiteral("imported_at"), QStringLiteral("2026-12-01 09:00") },
        { QStringLiteral("title"), QStringLiteral("bell \u0007") },
        { QStringLiteral("source_id"), 51234 },
    };
    for (const auto &[member, value] : cases) {
        QJsonObject n = noticeToJson(makeNotice(9));
        n.insert(member, value);
        const Reply refused
            = send("POST", QStringLiteral("/v1/notices"), m_curator, batchBody(QJsonArray { n }));
        QCOMPARE(refused.status, 422);
        QCOMPARE(refused.code(), QStringLiteral("invalid_notice"));
        QCOMPARE(refused.error().value(QStringLiteral("index")).toInteger(), 0);
        QVERIFY2(refused.message().startsWith(QStringLiteral("notices[0].") + member + u':'),
            qPrintable(refused.message()));
    }
    QJsonObject missing = noticeToJson(makeNotice(9));
    missing.remove(QStringLiteral("source"));
    const Reply refused
        = send("POST", QStringLiteral("/v1/notices"), m_curator, batchBody(QJsonArray { missing }));
    QCOMPARE(refused.status, 422);
    QVERIFY2(refused.message().startsWith(QStringLiteral("notices[0].source:")),
        qPrintable(refused.message()));
    QCOMPARE(allNotices().size(), 0);
}

void TestServerNotices::readerCannotPost()
{
    const Reply reader = post({ makeNotice(1) }, m_reader);
    QCOMPARE(reader.status, 403);
    QCOMPARE(reader.code(), QStringLiteral("forbidden"));
    const Reply anonymous
        = send("POST", QStringLiteral("/v1/notices"), {}, batchBody({ makeNotice(1) }));
    QCOMPARE(anonymous.status, 401);
    QCOMPARE(send("GET", QStringLiteral("/v1/notices"), {}).status, 401);
    QCOMPARE(
        send("PUT", QStringLiteral("/v1/notices"), m_curator, batchBody({ makeNotice(1) })).status,
        405);
    QCOMPARE(allNotices().size(), 0);
}

void TestServerNotices::batchSizes()
{
    QList<StandingNotice> many;
    for (int i = 1; i <= 1001; ++i)
        many.append(makeNotice(i));
    const Reply tooMany = post(many);
    QCOMPARE(tooMany.status, 413);
    QCOMPARE(tooMany.code(), QStringLiteral("payload_too_large"));
    QCOMPARE(allNotices().size(), 0);
    many.removeLast();
    const Reply full = post(many);
    QCOMPARE(full.status, 200);
    QCOMPARE(full.number("stored"), 1000);
    QCOMPARE(allNotices(333).size(), 1000);

    const Reply empty = send(
        "POST", QStringLiteral("/v1/notices"), m_curator, QByteArrayLiteral("{\"notices\":[]}"));
    QCOMPARE(empty.status, 400);
    QCOMPARE(empty.code(), QStringLiteral("bad_request"));
    const Reply notArray = send(
        "POST", QStringLiteral("/v1/notices"), m_curator, QByteArrayLiteral("{\"notices\":{}}"));
    QCOMPARE(notArray.status, 400);
    const Reply notJson = send(
        "POST", QStringLiteral("/v1/notices"), m_curator, QByteArrayLiteral("{\"notices\":["));
    QCOMPARE(notJson.status, 400);
}

void TestServerNotices::clockAheadIs422()
{
    StandingNotice ahead = makeNotice(1);
    ahead.importedAt = QDateTime::currentDateTimeUtc().addSecs(10 * 60).toString(Qt::ISODateWithMs);
    const Reply reply = post({ makeNotice(2), ahead });
    QCOMPARE(reply.status, 422);
    QCOMPARE(reply.code(), QStringLiteral("clock_ahead"));
    QCOMPARE(reply.error().value(QStringLiteral("index")).toInteger(), 1);
    QVERIFY(reply.error().contains(QStringLiteral("server_time")));
    QVERIFY2(reply.message().startsWith(QStringLiteral("notices[1].imported_at: ")),
        qPrintable(reply.message()));
    QCOMPARE(allNotices().size(), 0);
    // A minute ahead is within what clocks differ by.
    StandingNotice near = makeNotice(1);
    near.importedAt = QDateTime::currentDateTimeUtc().addSecs(60).toString(Qt::ISODateWithMs);
    QCOMPARE(post({ near }).number("stored"), 1);
}

// --- import-notices -----------------------------------------------------------------------------

void TestServerNotices::importNoticesCli()
{
    const CliRun first = importNotices(kSampleCsv);
    QVERIFY2(first.exitCode == 0, first.err.constData());
    QCOMPARE(reportLine(first.out),
        QByteArray("import-notices: 6 new, 0 updated, 0 unchanged, 0 withdrawn"));
    // The bad rows are named with the file and line.
    QVERIFY2(first.err.contains("retractions-sample.csv:8: skipped: RetractionDate"),
        first.err.constData());
    QVERIFY2(first.err.contains("retractions-sample.csv:10: left out: "), first.err.constData());
    QList<StandingNotice> served = allNotices();
    QCOMPARE(served.size(), 6);
    QStringList ids;
    for (const StandingNotice &n : std::as_const(served)) {
        ids.append(n.sourceId);
        QCOMPARE(n.importedBy, QStringLiteral("admin"));
        QCOMPARE(n.status, StandingNotice::Status::Listed);
        QCOMPARE(n.source, kSource);
    }
    QCOMPARE(ids, kSampleIds);
    QCOMPARE(served[0].work, QStringLiteral("10.48550/arxiv.2104.04473"));
    QCOMPARE(served[0].event.detail, QStringLiteral("Duplication of Article; Error in Data"));

    // Again, as carol: nothing changes.
    const CliRun again
        = importNotices(kSampleCsv, { QStringLiteral("--as"), QStringLiteral("carol") });
    QVERIFY2(again.exitCode == 0, again.err.constData());
    QCOMPARE(reportLine(again.out),
        QByteArray("import-notices: 0 new, 0 updated, 6 unchanged, 0 withdrawn"));
    QCOMPARE(versions(QStringLiteral("51240")).size(), 1);

    // The source's list without 51240 (the whole list): 51240 gets a withdrawn version, served
    // to every client with a new seq; its listed version stays in the history.
    const Reply before = send("GET", QStringLiteral("/v1/notices"), m_reader);
    const qint64 latest = before.number("latest_seq");
    QCOMPARE(latest, 6);
    const QString without
        = writeCsv(QStringLiteral("without-51240.csv"), sampleWithout({ QStringLiteral("51240") }));
    QVERIFY(!without.isEmpty());
    const CliRun withdrawn = importNotices(
        without, { QStringLiteral("--as"), QStringLiteral("carol"), QStringLiteral("--complete") });
    QVERIFY2(withdrawn.exitCode == 0, withdrawn.err.constData());
    QCOMPARE(reportLine(withdrawn.out),
        QByteArray("import-notices: 0 new, 0 updated, 5 unchanged, 1 withdrawn"));
    QVERIFY2(withdrawn.out.contains("retraction-watch:51240"), withdrawn.out.constData());
    const Reply changed = send("GET", QStringLiteral("/v1/notices?after=%1").arg(latest), m_reader);
    const QJsonArray page = changed.json().value(QStringLiteral("notices")).toArray();
    QCOMPARE(page.size(), 1);
    const QJsonObject gone = page.at(0).toObject();
    QCOMPARE(gone.value(QStringLiteral("source_id")).toString(), QStringLiteral("51240"));
    QCOMPARE(gone.value(QStringLiteral("status")).toString(), QStringLiteral("withdrawn"));
    QCOMPARE(gone.value(QStringLiteral("seq")).toInteger(), 7);
    QCOMPARE(gone.value(QStringLiteral("imported_by")).toString(), QStringLiteral("carol"));
    const auto history = versions(QStringLiteral("51240"));
    QCOMPARE(history.size(), 2);
    QCOMPARE(
        history[0], std::make_tuple(qint64(2), QStringLiteral("admin"), QStringLiteral("listed")));
    QCOMPARE(history[1],
        std::make_tuple(qint64(7), QStringLiteral("carol"), QStringLiteral("withdrawn")));
    QCOMPARE(allNotices().size(), 6); // kept, withdrawn

    // Withdrawn once: the same list again withdraws nothing more.
    const CliRun twice = importNotices(without, { QStringLiteral("--complete") });
    QCOMPARE(reportLine(twice.out),
        QByteArray("import-notices: 0 new, 0 updated, 5 unchanged, 0 withdrawn"));
    // An excerpt (--partial) withdraws nothing it does not name.
    const QString excerpt = writeCsv(QStringLiteral("excerpt.csv"),
        sampleWithout(
            { QStringLiteral("51247"), QStringLiteral("51252"), QStringLiteral("51258") }));
    const CliRun partial = importNotices(excerpt, { QStringLiteral("--partial") });
    QVERIFY2(partial.exitCode == 0, partial.err.constData());
    QCOMPARE(reportLine(partial.out),
        QByteArray("import-notices: 0 new, 1 updated, 2 unchanged, 0 withdrawn"));
    // (51240 is listed again: a new version.)
    served = allNotices();
    QCOMPARE(served.size(), 6);
    QCOMPARE(served.last().sourceId, QStringLiteral("51240"));
    QCOMPARE(served.last().status, StandingNotice::Status::Listed);
    QCOMPARE(served.last().seq, std::optional<qint64>(8));
    for (const StandingNotice &n : std::as_const(served))
        QCOMPARE(n.status, StandingNotice::Status::Listed);
}

void TestServerNotices::importNoticesKeepsRowsThatAreNoNotices()
{
    QVERIFY(importNotices(kSampleCsv).exitCode == 0);
    // 51234's row loses its original DOI (left out), 51247's its date (skipped): the file still
    // names them, so neither is withdrawn; 51252 is gone from the file and withdrawn.
    QByteArray csv = sampleWithout({ QStringLiteral("51252") });
    csv.replace("10.48550/ARXIV.2104.04473", "");
    csv.replace("7/22/2024 0:00", "not a date");
    const QString file = writeCsv(QStringLiteral("rows.csv"), csv);
    const CliRun run = importNotices(file, { QStringLiteral("--complete") });
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(reportLine(run.out),
        QByteArray("import-notices: 0 new, 0 updated, 3 unchanged, 1 withdrawn"));
    QVERIFY2(run.out.contains("retraction-watch:51252"), run.out.constData());
    for (const StandingNotice &n : allNotices())
        QCOMPARE(n.isListed(), n.sourceId != u"51252");

    // A bad row without a readable Record ID may be any notice: nothing is withdrawn.
    QByteArray unreadable = sampleWithout({ QStringLiteral("51240") });
    unreadable.replace("51270,", ",");
    unreadable.replace("6/18/2022 0:00", "never");
    const QString file2 = writeCsv(QStringLiteral("unreadable.csv"), unreadable);
    const CliRun none = importNotices(file2, { QStringLiteral("--complete") });
    QVERIFY2(none.exitCode == 0, none.err.constData());
    QVERIFY2(none.err.contains("1 row could not be read: no notice is marked withdrawn"),
        none.err.constData());
    QCOMPARE(reportLine(none.out).right(11), QByteArray("0 withdrawn"));
    bool found = false;
    for (const StandingNotice &n : allNotices()) {
        if (n.sourceId == u"51240") {
            found = true;
            QVERIFY(n.isListed());
        }
    }
    QVERIFY(found);
}

void TestServerNotices::importNoticesBadFileStoresNothing()
{
    const QString missing = writeCsv(QStringLiteral("missing-column.csv"),
        QByteArrayLiteral(
            "Record ID,Title,RetractionDate,RetractionNature\n1,T,3/1/2024,Retraction\n"));
    const CliRun run = importNotices(missing);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("missing-column.csv:1: "), run.err.constData());
    QVERIFY2(run.err.contains("OriginalPaperDOI"), run.err.constData());

    QByteArray unterminated = sampleWithout({});
    unterminated += "60001,\"A title that never ends,Journal\n";
    const QString open = writeCsv(QStringLiteral("unterminated.csv"), unterminated);
    const CliRun second = importNotices(open);
    QCOMPARE(second.exitCode, 2);
    QVERIFY2(second.err.contains("unterminated.csv:11: "), second.err.constData());

    const CliRun absent = importNotices(m_database.filePath(QStringLiteral("absent.csv")));
    QCOMPARE(absent.exitCode, 2);
    QVERIFY2(absent.err.contains("absent.csv"), absent.err.constData());

    // A notice the server could not serve back (a source id longer than a notice may hold).
    QByteArray tooLong = sampleWithout({});
    tooLong.replace("51247,", QByteArray(QByteArray(200, '7') + ','));
    const CliRun third = importNotices(writeCsv(QStringLiteral("long.csv"), tooLong));
    QCOMPARE(third.exitCode, 2);
    QVERIFY2(third.err.contains("long.csv:4: "), third.err.constData());
    QVERIFY2(third.err.contains("nothing is stored"), third.err.constData());

    const CliRun usage
        = runServer({ QStringLiteral("import-notices"), QStringLiteral("--db"), m_db });
    QCOMPARE(usage.exitCode, 2);
    const CliRun badName
        = importNotices(kSampleCsv, { QStringLiteral("--as"), QStringLiteral("two words") });
    QCOMPARE(badName.exitCode, 2);

    QCOMPARE(allNotices().size(), 0);
    QCOMPARE(send("GET", QStringLiteral("/v1/notices"), m_reader).number("latest_seq"), 0);
}

QTEST_GUILESS_MAIN(TestServerNotices)
#include "tst_servernotices.moc"
