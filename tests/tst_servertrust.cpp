// SPDX-License-Identifier: GPL-3.0-or-later
// The server's side of signed corrections (docs/signatures.md) on the real ledger-server: what POST
// /v1/events refuses and why (author, signature, key, clock), the curators' keys (GET and POST
// /v1/keys, `key list`, `key revoke`), /v1/whoami, revoked tokens (refused at once by every
// server on the database), the legacy mark of a migrated database, and an event altered in the
// database served with its old signature. On SQLite and on PostgreSQL (the "postgresql" rows
// need LC_TEST_POSTGRES_URL: run scripts/with-postgres.sh build-testing/tests/tst_servertrust).
#include "EventJson.h"
#include "EventSignature.h"
#include "KeyAttestation.h"
#include "ServerDatabases.h"
#include "ServerProcess.h"
#include "TestKeys.h"
#include "TestSupport.h"

#include <QDateTime>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <memory>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kCarol = QStringLiteral("carol");
const QString kBob = QStringLiteral("bob");

struct Reply
{
    int status = 0;
    QByteArray body;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QJsonObject error() const { return json().value(QStringLiteral("error")).toObject(); }
    QString code() const { return error().value(QStringLiteral("code")).toString(); }
    QString message() const { return error().value(QStringLiteral("message")).toString(); }
};

//! An unsigned note by author at a fixed time in the past.
CorrectionEvent noteBy(const QString &author, int n, const QString &createdAt = {})
{
    CorrectionEvent e;
    e.id = uuidFor(n);
    e.record = QStringLiteral("2104.04473");
    e.observation = uuidFor(1000000 + n % 7);
    e.field = CurationField::Note;
    e.value = QStringLiteral("note %1").arg(n);
    e.author = author;
    e.createdAt = createdAt.isEmpty() ? QDateTime(QDate(2026, 11, 29), QTime(17, 0), Qt::UTC)
                                            .addMSecs(n)
                                            .toString(Qt::ISODateWithMs)
                                      : createdAt;
    return e;
}

QByteArray batch(const QList<CorrectionEvent> &events)
{
    return QJsonDocument(QJsonObject { { QStringLiteral("events"), correctionsToJson(events) } })
        .toJson(QJsonDocument::Compact);
}

QString inMinutes(double minutes)
{
    return QDateTime::currentDateTimeUtc()
        .addMSecs(qint64(minutes * 60000))
        .toString(Qt::ISODateWithMs);
}

} // namespace

class TestServerTrust : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data();
    void init();
    void cleanup();

    void forgedAuthorIsRefused();
    void unsignedEventIsRefused();
    void unknownKeyIsRefused();
    void changedEventFailsItsSignature();
    void revokedKeyIsRefused();
    void clockAheadIsRefused();
    void postKeys();
    void whoami();
    void revokedTokenIsRefusedAtOnce();
    void migratedEventsAreLegacy();
    void alteredEventKeepsItsSignature();
    void serverKeyAttestsEveryKey();

private:
    QSqlDatabase directDatabase() { return m_database.direct(); }
    CliRun runServer(const QStringList &arguments) const;
    QByteArray addToken(const QString &name, const QString &role);
    QUrl startServer(qint64 skewMs = 0);
    Reply send(const QByteArray &method, const QString &path, const QByteArray &token,
        const QByteArray &body = {}, const QUrl &base = {});
    Reply post(const QByteArray &token, const QList<CorrectionEvent> &events, const QUrl &base = {})
    {
        return send("POST", QStringLiteral("/v1/events"), token, batch(events), base);
    }
    qint64 latestSeq()
    {
        return send("GET", QStringLiteral("/v1/health"), {}).json()[u"latest_seq"].toInteger();
    }
    QJsonArray servedEvents();
    //! Checks a refusal of a batch: status, code, the index and id of the event refused, and
    //! that nothing of the batch was stored.
    void checkRefused(const Reply &reply, int status, const QString &code, qsizetype index,
        const QString &eventId, qint64 seqBefore);

    ServerDatabase m_database;
    QString m_db;
    std::vector<std::unique_ptr<QProcess>> m_servers;
    QUrl m_base;
    QByteArray m_carol, m_bob, m_reader, m_admin;
    QNetworkAccessManager m_nam;
};

void TestServerTrust::initTestCase_data()
{
    addBackendRows();
}

void TestServerTrust::init()
{
    QFETCH_GLOBAL(QString, backend);
    const ServerDatabase::Made made
        = m_database.make(backend, QStringLiteral("lc_trust"), QStringLiteral("tst_servertrust"));
    if (made.skip)
        QSKIP(qPrintable(made.reason));
    QVERIFY2(made.ok, qPrintable(made.reason));
    m_db = m_database.db();
    m_carol = addToken(kCarol, QStringLiteral("curator"));
    m_bob = addToken(kBob, QStringLiteral("curator"));
    m_reader = addToken(QStringLiteral("rita"), QStringLiteral("reader"));
    m_admin = addToken(QStringLiteral("alice"), QStringLiteral("admin"));
    QVERIFY(!m_carol.isEmpty() && !m_bob.isEmpty() && !m_reader.isEmpty() && !m_admin.isEmpty());
    m_base = startServer();
    QVERIFY(m_base.isValid());
    QString problem;
    QVERIFY2(registerKey(m_base, QString::fromLatin1(m_carol), testKey(kCarol), &problem),
        qPrintable(problem));
    QVERIFY2(registerKey(m_base, QString::fromLatin1(m_bob), testKey(kBob), &problem),
        qPrintable(problem));
}

void TestServerTrust::cleanup()
{
    for (auto &server : std::exchange(m_servers, {}))
        (void)stopServing(*server); // how it ends is no check of these tests
    m_database.reset();
}

CliRun TestServerTrust::runServer(const QStringList &arguments) const
{
    return runServerCommand(arguments + QStringList { QStringLiteral("--db"), m_db }, {}, 60000);
}

QByteArray TestServerTrust::addToken(const QString &name, const QString &role)
{
    return addServerToken(
        [this](const QStringList &arguments) { return runServer(arguments); }, name, role);
}

QUrl TestServerTrust::startServer(qint64 skewMs)
{
    auto process = std::make_unique<QProcess>();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (skewMs != 0)
        env.insert(QStringLiteral("LC_TEST_CLOCK_SKEW_MS"), QString::number(skewMs));
    process->setProcessEnvironment(env);
    const QUrl base = startServing(*process,
        { QStringLiteral("serve"), QStringLiteral("--db"), m_db, QStringLiteral("--listen"),
            QStringLiteral("127.0.0.1:0") });
    if (base.isValid())
        m_servers.push_back(std::move(process));
    return base;
}

Reply TestServerTrust::send(const QByteArray &method, const QString &path, const QByteArray &token,
    const QByteArray &body, const QUrl &base)
{
    QNetworkRequest request((base.isValid() ? base : m_base).resolved(QUrl(path)));
    request.setTransferTimeout(scaledTimeoutMs(60000));
    if (!token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token);
    if (!body.isEmpty())
        request.setRawHeader("Content-Type", "application/json");
    QNetworkReply *reply = m_nam.sendCustomRequest(request, method, body);
    QEventLoop loop;
    connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    Reply out { reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
        reply->readAll() };
    reply->deleteLater();
    return out;
}

QJsonArray TestServerTrust::servedEvents()
{
    return send("GET", QStringLiteral("/v1/events?limit=20000"), m_reader)
        .json()
        .value(QStringLiteral("events"))
        .toArray();
}

void TestServerTrust::checkRefused(const Reply &reply, int status, const QString &code,
    qsizetype index, const QString &eventId, qint64 seqBefore)
{
    QVERIFY2(reply.status == status,
        qPrintable(QStringLiteral("%1 %2").arg(reply.status).arg(QString::fromUtf8(reply.body))));
    QCOMPARE(reply.code(), code);
    QCOMPARE(reply.error().value(QStringLiteral("index")).toInteger(), index);
    QCOMPARE(reply.error().value(QStringLiteral("event")).toString(), eventId);
    QVERIFY2(reply.message().startsWith(QStringLiteral("events[%1]").arg(index)),
        qPrintable(reply.message()));
    QCOMPARE(latestSeq(), seqBefore); // all or nothing
}

// --- what POST /v1/events refuses ----------------------------------------------------------------

void TestServerTrust::forgedAuthorIsRefused()
{
    // carol posts an event of bob's, signed with bob's own registered key: the signature holds,
    // but carol's token cannot speak for bob. Nothing of the batch is stored.
    const QList<CorrectionEvent> mine = signedAll({ noteBy(kCarol, 1), noteBy(kCarol, 2) }, kCarol);
    const CorrectionEvent forged = signedCopy(noteBy(kBob, 3), kBob);
    const Reply reply = post(m_carol, mine + QList { forged });
    checkRefused(reply, 403, QStringLiteral("wrong_author"), 2, forged.id, 0);
    QCOMPARE(reply.message(), QStringLiteral("events[2].author: 'bob', but the token is carol's"));
    // The rest alone goes through; bob posts his own.
    QCOMPARE(post(m_carol, mine).status, 200);
    QCOMPARE(post(m_bob, { forged }).status, 200);
    QCOMPARE(latestSeq(), 3);
}

void TestServerTrust::unsignedEventIsRefused()
{
    const CorrectionEvent plain = noteBy(kCarol, 1);
    checkRefused(post(m_carol, { plain }), 422, QStringLiteral("unsigned_event"), 0, plain.id, 0);
    QCOMPARE(post(m_carol, { signedCopy(plain, kCarol) }).status, 200);
}

void TestServerTrust::unknownKeyIsRefused()
{
    // A key never registered, then bob's key under carol's name.
    const CorrectionEvent stranger = signedCopy(noteBy(kCarol, 1), QStringLiteral("mallory"));
    const Reply unknown = post(m_carol, { stranger });
    checkRefused(unknown, 422, QStringLiteral("unknown_key"), 0, stranger.id, 0);
    QVERIFY2(unknown.message().contains(testKey(QStringLiteral("mallory")).keyId()),
        qPrintable(unknown.message()));
    const CorrectionEvent borrowed = signedCopy(noteBy(kCarol, 2), kBob);
    const Reply others = post(m_carol, { borrowed });
    checkRefused(others, 422, QStringLiteral("unknown_key"), 0, borrowed.id, 0);
    QVERIFY2(others.message().contains(QStringLiteral("bob's")), qPrintable(others.message()));
}

void TestServerTrust::changedEventFailsItsSignature()
{
    CorrectionEvent changed = signedCopy(noteBy(kCarol, 1), kCarol);
    changed.value = QStringLiteral("note 2"); // one byte of the value, after signing
    checkRefused(
        post(m_carol, { changed }), 422, QStringLiteral("bad_signature"), 0, changed.id, 0);
}

void TestServerTrust::revokedKeyIsRefused()
{
    const QString keyId = testKey(kCarol).keyId();
    QCOMPARE(
        post(m_carol, signedAll({ noteBy(kCarol, 1), noteBy(kCarol, 2) }, kCarol)).status, 200);
    // key list: both keys, live.
    CliRun list = runServer({ QStringLiteral("key"), QStringLiteral("list") });
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.contains(keyId.toLatin1()) && list.out.contains("carol")
            && list.out.contains(testKey(kBob).keyId().toLatin1()),
        list.out.constData());
    // key revoke: bad ids are bad usage, an unknown one bad input; carol's is revoked after seq 2.
    QCOMPARE(runServer({ QStringLiteral("key"), QStringLiteral("revoke"), QStringLiteral("xyz") })
                 .exitCode,
        2);
    const CliRun unknown = runServer({ QStringLiteral("key"), QStringLiteral("revoke"),
        testKey(QStringLiteral("mallory")).keyId() });
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.startsWith("ledger-server: key revoke: no key"), unknown.err.constData());
    const CliRun revoked = runServer({ QStringLiteral("key"), QStringLiteral("revoke"), keyId });
    QVERIFY2(revoked.exitCode == 0, revoked.err.constData());
    QVERIFY2(revoked.out.contains("after seq 2"), revoked.out.constData());
    list = runServer({ QStringLiteral("key"), QStringLiteral("list") });
    QVERIFY2(list.out.contains("(after seq 2)"), list.out.constData());

    const CorrectionEvent late = signedCopy(noteBy(kCarol, 3), kCarol);
    checkRefused(post(m_carol, { late }), 403, QStringLiteral("key_revoked"), 0, late.id, 2);
    // GET /v1/keys says so; the events stored before stay served; the key cannot come back.
    const QJsonArray keys = send("GET", QStringLiteral("/v1/keys"), m_reader)
                                .json()
                                .value(QStringLiteral("keys"))
                                .toArray();
    bool seen = false;
    for (const QJsonValue &key : keys) {
        if (key[u"key_id"].toString() != keyId)
            continue;
        seen = true;
        QCOMPARE(key[u"revoked"].toBool(), true);
        QCOMPARE(key[u"revoked_after_seq"].toInteger(), 2);
    }
    QVERIFY(seen);
    QCOMPARE(servedEvents().size(), 2);
    const Reply again = send("POST", QStringLiteral("/v1/keys"), m_carol,
        QJsonDocument(QJsonObject { { QStringLiteral("public_key"),
                          toBase64Url(testKey(kCarol).publicKey) } })
            .toJson());
    QCOMPARE(again.status, 403);
    QCOMPARE(again.code(), QStringLiteral("key_revoked"));
    // A new key of carol's goes on.
    SigningKey fresh = testKey(QStringLiteral("carol-2"));
    QString problem;
    QVERIFY2(
        registerKey(m_base, QString::fromLatin1(m_carol), fresh, &problem), qPrintable(problem));
    CorrectionEvent resigned = late;
    signEvent(resigned, fresh);
    QCOMPARE(post(m_carol, { resigned }).status, 200);
}

void TestServerTrust::clockAheadIsRefused()
{
    const CorrectionEvent ahead = signedCopy(noteBy(kCarol, 1, inMinutes(10)), kCarol);
    const Reply reply = post(m_carol, { ahead });
    checkRefused(reply, 422, QStringLiteral("clock_ahead"), 0, ahead.id, 0);
    const QString serverTime = reply.error().value(QStringLiteral("server_time")).toString();
    QVERIFY2(isCanonicalTimestamp(serverTime), qPrintable(serverTime));
    QVERIFY2(reply.message().contains(serverTime) && reply.message().contains(ahead.createdAt),
        qPrintable(reply.message()));
    // Four minutes ahead is within the five the server allows.
    QCOMPARE(post(m_carol, { signedCopy(noteBy(kCarol, 2, inMinutes(4)), kCarol) }).status, 200);
    // It is the server's own clock that counts: one running 20 minutes fast takes the event.
    const QUrl fast = startServer(20 * 60000);
    QVERIFY(fast.isValid());
    const QDateTime fastTime
        = QDateTime::fromString(send("GET", QStringLiteral("/v1/keys"), m_reader, {}, fast)
                                    .json()[u"server_time"]
                                    .toString(),
            Qt::ISODateWithMs);
    QVERIFY(fastTime > QDateTime::currentDateTimeUtc().addSecs(15 * 60));
    QCOMPARE(post(m_carol, { ahead }, fast).status, 200);
}

// --- keys, whoami, tokens
// --------------------------------------------------------------------------

void TestServerTrust::postKeys()
{
    const auto body = [](const QJsonValue &key) {
        return QJsonDocument(QJsonObject { { QStringLiteral("public_key"), key } }).toJson();
    };
    const SigningKey dave = testKey(QStringLiteral("dave"));
    const QString text = toBase64Url(dave.publicKey);
    const Reply created = send("POST", QStringLiteral("/v1/keys"), m_carol, body(text));
    QCOMPARE(created.status, 201);
    QCOMPARE(created.json()[u"key_id"].toString(), dave.keyId());
    QCOMPARE(created.json()[u"curator"].toString(), kCarol);
    QCOMPARE(created.json()[u"public_key"].toString(), text);
    QVERIFY(isCanonicalTimestamp(created.json()[u"registered_at"].toString()));
    QCOMPARE(send("POST", QStringLiteral("/v1/keys"), m_carol, body(text)).status, 200);
    const Reply taken = send("POST", QStringLiteral("/v1/keys"), m_bob, body(text));
    QCOMPARE(taken.status, 409);
    QVERIFY2(taken.message().contains(kCarol), qPrintable(taken.message()));
    for (const QJsonValue &bad : { QJsonValue(text.left(42)), QJsonValue(text + u'='),
             QJsonValue(QString(text).replace(0, 1, u'+')), QJsonValue(42) }) {
        const Reply refused = send("POST", QStringLiteral("/v1/keys"), m_carol, body(bad));
        QCOMPARE(refused.status, 400);
        QVERIFY2(refused.message().startsWith(QStringLiteral("public_key")),
            qPrintable(refused.message()));
    }
    QCOMPARE(send("POST", QStringLiteral("/v1/keys"), m_reader, body(text)).status, 403);
    QCOMPARE(send("GET", QStringLiteral("/v1/keys"), {}).status, 401);
    // GET lists the three keys, the legacy mark (nothing before signatures here) and the time.
    const QJsonObject listed = send("GET", QStringLiteral("/v1/keys"), m_reader).json();
    QCOMPARE(listed[u"keys"].toArray().size(), 3);
    QCOMPARE(listed[u"legacy_until_seq"].toInteger(-1), 0);
    QVERIFY(isCanonicalTimestamp(listed[u"server_time"].toString()));
    for (const QJsonValue &key : listed[u"keys"].toArray()) {
        QCOMPARE(key[u"revoked"].toBool(true), false);
        QVERIFY(!key.toObject().contains(QStringLiteral("revoked_after_seq")));
    }
}

void TestServerTrust::whoami()
{
    const QJsonObject rita = send("GET", QStringLiteral("/v1/whoami"), m_reader).json();
    QCOMPARE(rita,
        (QJsonObject { { QStringLiteral("name"), QStringLiteral("rita") },
            { QStringLiteral("role"), QStringLiteral("reader") } }));
    QCOMPARE(send("GET", QStringLiteral("/v1/whoami"), m_carol).json()[u"role"].toString(),
        QStringLiteral("curator"));
    QCOMPARE(send("GET", QStringLiteral("/v1/whoami"), "nobody").status, 401);
}

void TestServerTrust::revokedTokenIsRefusedAtOnce()
{
    // Two servers on one database (on SQLite, one file): both answer carol's token, until it is
    // revoked; then both refuse it with the very next request.
    const QUrl second = startServer();
    QVERIFY(second.isValid());
    for (const QUrl &server : { m_base, second })
        QCOMPARE(send("GET", QStringLiteral("/v1/whoami"), m_carol, {}, server).status, 200);
    CliRun list = runServer({ QStringLiteral("token"), QStringLiteral("list") });
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.contains("NAME") && list.out.contains("carol") && list.out.contains("curator")
            && list.out.contains("rita") && list.out.contains("reader"),
        list.out.constData());
    QVERIFY(!list.out.contains(m_carol)); // never the tokens themselves

    const CliRun revoked
        = runServer({ QStringLiteral("token"), QStringLiteral("revoke"), QStringLiteral("carol") });
    QVERIFY2(revoked.exitCode == 0, revoked.err.constData());
    for (const QUrl &server : { m_base, second }) {
        QCOMPARE(send("GET", QStringLiteral("/v1/whoami"), m_carol, {}, server).status, 401);
        QCOMPARE(post(m_carol, { signedCopy(noteBy(kCarol, 1), kCarol) }, server).status, 401);
        QCOMPARE(send("GET", QStringLiteral("/v1/whoami"), m_bob, {}, server).status, 200);
    }
    list = runServer({ QStringLiteral("token"), QStringLiteral("list") });
    const QByteArray carolLine = list.out.mid(list.out.indexOf("carol")).split('\n').constFirst();
    QVERIFY2(!carolLine.endsWith(" -"), carolLine.constData());
    // Revoking again, or an unknown name, is bad input; carol can be given a new token, with
    // which her registered key signs again.
    const CliRun twice
        = runServer({ QStringLiteral("token"), QStringLiteral("revoke"), QStringLiteral("carol") });
    QCOMPARE(twice.exitCode, 2);
    QVERIFY2(twice.err.startsWith("ledger-server: token revoke: no live token named 'carol'"),
        twice.err.constData());
    QCOMPARE(runServer({ QStringLiteral("token"), QStringLiteral("revoke"), QStringLiteral("a b") })
                 .exitCode,
        2);
    const QByteArray renewed = addToken(kCarol, QStringLiteral("curator"));
    QVERIFY(!renewed.isEmpty());
    QCOMPARE(post(renewed, { signedCopy(noteBy(kCarol, 1), kCarol) }, second).status, 200);
}

// --- migration and the database
// -------------------------------------------------------------------

void TestServerTrust::migratedEventsAreLegacy()
{
    // A database as schema 2 left it, with three unsigned events: migrated when a server starts,
    // they are legacy (legacy_until_seq 3), served unsigned; the next event is signed, seq 4.
    for (auto &server : std::exchange(m_servers, {})) {
        server->terminate();
        QVERIFY(server->waitForFinished(20000));
    }
    {
        QSqlQuery query(directDatabase());
        for (const char *statement :
            { "ALTER TABLE events DROP COLUMN key_id", "ALTER TABLE events DROP COLUMN signature",
                "DROP TABLE curator_keys", "DROP INDEX tokens_live_name",
                "DELETE FROM counters WHERE name = 'legacy_until'",
                // ... and what migration 4 added (the notices).
                "DROP TABLE notice_versions", "DROP TABLE notices",
                "DELETE FROM counters WHERE name = 'notices'",
                // ... and what migration 7 added (signed notices).
                "DELETE FROM counters WHERE name = 'notices_legacy_until'",
                // ... and what migration 6 added (the server's identity key).
                "DROP TABLE server_identity", "UPDATE counters SET value = 3 WHERE name = 'events'",
                "UPDATE schema_version SET version = 2" })
            QVERIFY2(
                query.exec(QString::fromLatin1(statement)), qPrintable(query.lastError().text()));
        for (int n = 1; n <= 3; ++n) {
            const CorrectionEvent e = noteBy(QStringLiteral("old-timer"), n);
            QVERIFY(query.prepare(QStringLiteral(
                "INSERT INTO events (seq, id, record, observation, field, value, parents, author,"
                " created_at, received_at) VALUES (?, ?, ?, ?, 'note', ?, '[]', ?, ?, ?)")));
            for (const QVariant &value : { QVariant(n), QVariant(e.id), QVariant(e.record),
                     QVariant(e.observation), QVariant(*e.value), QVariant(e.author),
                     QVariant(e.createdAt), QVariant(e.createdAt) })
                query.addBindValue(value);
            QVERIFY2(query.exec(), qPrintable(query.lastError().text()));
        }
    }
    m_base = startServer();
    QVERIFY(m_base.isValid());
    const QJsonObject keys = send("GET", QStringLiteral("/v1/keys"), m_reader).json();
    QCOMPARE(keys[u"legacy_until_seq"].toInteger(), 3);
    QCOMPARE(keys[u"keys"].toArray().size(), 0); // the keys came with schema 3
    QString problem;
    QVERIFY2(registerKey(m_base, QString::fromLatin1(m_carol), testKey(kCarol), &problem),
        qPrintable(problem));
    const Reply stored = post(m_carol, { signedCopy(noteBy(kCarol, 4), kCarol) });
    QCOMPARE(stored.status, 200);
    QCOMPARE(stored.json()[u"seqs"].toArray().at(0)[u"seq"].toInteger(), 4);
    const QJsonArray served = servedEvents();
    QCOMPARE(served.size(), 4);
    for (int i = 0; i < 3; ++i)
        QVERIFY(!served.at(i).toObject().contains(QStringLiteral("signature")));
    QVERIFY(served.at(3).toObject().contains(QStringLiteral("signature")));
    // The mark stays where the migration set it.
    QCOMPARE(
        send("GET", QStringLiteral("/v1/keys"), m_reader).json()[u"legacy_until_seq"].toInteger(),
        3);
}

void TestServerTrust::alteredEventKeepsItsSignature()
{
    // Whoever can write the server's database can change an event, not its signature: served as
    // stored, the event fails its check at every client (TrustedKeys.h).
    const CorrectionEvent event = signedCopy(noteBy(kCarol, 1), kCarol);
    QCOMPARE(post(m_carol, { event }).status, 200);
    // A repost of the very event is a duplicate; a re-signed copy with other content conflicts.
    QCOMPARE(post(m_carol, { event }).json()[u"duplicates"].toInteger(), 1);
    CorrectionEvent other = event;
    signEvent(other, testKey(QStringLiteral("carol-2")));
    QString problem;
    QVERIFY2(registerKey(m_base, QString::fromLatin1(m_carol), testKey(QStringLiteral("carol-2")),
                 &problem),
        qPrintable(problem));
    QCOMPARE(post(m_carol, { other }).status, 409);
    {
        QSqlQuery update(directDatabase());
        QVERIFY(update.prepare(QStringLiteral("UPDATE events SET value = ? WHERE id = ?")));
        update.addBindValue(QStringLiteral("tampered"));
        update.addBindValue(event.id);
        QVERIFY2(update.exec(), qPrintable(update.lastError().text()));
    }
    const QJsonArray served = servedEvents();
    QCOMPARE(served.size(), 1);
    auto parsed = correctionFromJson(served.at(0), QStringLiteral("events[0]"));
    QVERIFY2(parsed, qPrintable(parsed ? QString() : parsed.error().toString()));
    QCOMPARE(parsed->value, QStringLiteral("tampered"));
    QCOMPARE(parsed->keyId, event.keyId);
    QCOMPARE(parsed->signature, event.signature);
    QVERIFY(!verifyEventSignature(*parsed, testKey(kCarol).publicKey));
    parsed->value = event.value;
    QVERIFY(verifyEventSignature(*parsed, testKey(kCarol).publicKey));
}

namespace {

//! A key of a GET /v1/keys reply as clients read it, with its attestation.
CuratorKey listedKey(const QJsonObject &o)
{
    CuratorKey key;
    key.keyId = o[u"key_id"].toString();
    key.curator = o[u"curator"].toString();
    key.publicKey = fromBase64Url(o[u"public_key"].toString(), 32).value_or(QByteArray());
    key.registeredAt = o[u"registered_at"].toString();
    key.revoked = o[u"revoked"].toBool();
    if (key.revoked)
        key.revokedAfterSeq = o[u"revoked_after_seq"].toInteger();
    key.attestedBy = o[u"attestation"][u"server_key_id"].toString();
    key.attestation = o[u"attestation"][u"signature"].toString();
    return key;
}

} // namespace

void TestServerTrust::serverKeyAttestsEveryKey()
{
    // `key server` makes the identity key once and prints it; every server on the database
    // serves the same one in GET /v1/keys, and attests each key with it.
    const CliRun printed = runServer({ QStringLiteral("key"), QStringLiteral("server") });
    QVERIFY2(printed.exitCode == 0, printed.err.constData());
    const QJsonObject listed = send("GET", QStringLiteral("/v1/keys"), m_reader).json();
    const QJsonObject serverKey = listed[u"server_key"].toObject();
    const auto publicKey = fromBase64Url(serverKey[u"public_key"].toString(), 32);
    QVERIFY(publicKey);
    QCOMPARE(serverKey[u"key_id"].toString(), keyIdOf(*publicKey));
    QVERIFY2(
        printed.out.contains(QByteArray("server key " + keyIdOf(*publicKey).toLatin1() + '\n')),
        printed.out.constData());
    QVERIFY2(
        printed.out.contains(QByteArray("public key " + toBase64Url(*publicKey).toLatin1() + '\n')),
        printed.out.constData());
    QVERIFY2(
        printed.out.contains(QByteArray("fingerprint " + keyFingerprint(*publicKey).toLatin1())),
        printed.out.constData());
    const QUrl other = startServer();
    QVERIFY(other.isValid());
    QCOMPARE(send("GET", QStringLiteral("/v1/keys"), m_reader, {}, other)
                 .json()[u"server_key"]
                 .toObject(),
        serverKey);
    const QJsonArray keys = listed[u"keys"].toArray();
    QVERIFY(keys.size() >= 2);
    for (const QJsonValue &value : keys) {
        const CuratorKey key = listedKey(value.toObject());
        QVERIFY2(verifyAttestation(key, *publicKey), qPrintable(key.keyId));
        // The attestation covers the curator: the same key under another name does not verify.
        CuratorKey renamed = key;
        renamed.curator = QStringLiteral("mallory");
        QVERIFY(!verifyAttestation(renamed, *publicKey));
        QVERIFY(!verifyAttestation(key, testKey(QStringLiteral("other-server")).publicKey));
    }
    // A revocation is attested too: the attestation of the live key no longer holds for it.
    const QString carolKeyId = testKey(kCarol).keyId();
    QVERIFY(
        runServer({ QStringLiteral("key"), QStringLiteral("revoke"), carolKeyId }).exitCode == 0);
    CuratorKey before;
    for (const QJsonValue &value : keys)
        if (value[u"key_id"].toString() == carolKeyId)
            before = listedKey(value.toObject());
    CuratorKey after;
    for (const QJsonValue &value :
        send("GET", QStringLiteral("/v1/keys"), m_reader).json()[u"keys"].toArray())
        if (value[u"key_id"].toString() == carolKeyId)
            after = listedKey(value.toObject());
    QVERIFY(after.revoked);
    QVERIFY(verifyAttestation(after, *publicKey));
    CuratorKey unrevoked = after;
    unrevoked.revoked = false;
    unrevoked.revokedAfterSeq.reset();
    unrevoked.attestation = after.attestation;
    QVERIFY(!verifyAttestation(unrevoked, *publicKey));
    QVERIFY(before.attestation != after.attestation);
    // The same key on a server's POST reply, attested as well.
    const SigningKey erin = testKey(QStringLiteral("erin"));
    const Reply registered = send("POST", QStringLiteral("/v1/keys"), m_carol,
        QJsonDocument(QJsonObject { { QStringLiteral("public_key"), toBase64Url(erin.publicKey) } })
            .toJson());
    QCOMPARE(registered.status, 201);
    QVERIFY(verifyAttestation(listedKey(registered.json()), *publicKey));
}

QTEST_GUILESS_MAIN(TestServerTrust)
#include "tst_servertrust.moc"
