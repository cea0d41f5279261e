// SPDX-License-Identifier: GPL-3.0-or-later
// The sync client against the real ledger-server on a loopback port: two curators' caches
// converge, conflicts show on both sides and resolve on both, the outbox survives a server that
// is down, syncs are idempotent, record downloads follow the ETags, and `ledger-curator sync`
// works end to end.
#include "CuratedRecord.h"
#include "EventJson.h"
#include "LedgerText.h"
#include "Outbox.h"
#include "RecordJson.h"
#include "ServerProcess.h"
#include "Store.h"
#include "StoreConnection.h"
#include "SyncClient.h"
#include "TestKeys.h"
#include "TestSupport.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSemaphore>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2"); // metadata mismatch
const QString kLongStraw = QStringLiteral("00d01956-3547-4166-88a1-c427c5c4440e"); // unresolved
const QString kPhoenix1 = QStringLiteral("78b96fde-1b39-415a-b5e3-11a9ee3918da");

struct HttpResult
{
    int status = 0;
    QByteArray body;
    QByteArray etag;
};

//! One request, straight to the server (not through the client under test).
HttpResult http(const QByteArray &verb, const QUrl &url, const QString &token,
    const QByteArray &body = {}, const QByteArray &ifNoneMatch = {})
{
    QNetworkAccessManager network;
    QNetworkRequest request(url);
    request.setRawHeader("Authorization", "Bearer " + token.toLatin1());
    if (!ifNoneMatch.isEmpty())
        request.setRawHeader("If-None-Match", ifNoneMatch);
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
    return { reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), reply->readAll(),
        reply->rawHeader("ETag") };
}

//! Every event the server holds, in seq order.
QJsonArray serverEvents(const QUrl &server, const QString &token)
{
    QUrl url = server;
    url.setPath(QStringLiteral("/v1/events"));
    url.setQuery(QStringLiteral("after=0&limit=5000"));
    const HttpResult result = http("GET", url, token);
    return QJsonDocument::fromJson(result.body).object().value(QStringLiteral("events")).toArray();
}

//! Event ids of a cache, with their seq (-1 for none), by direct SQL.
QHash<QString, qint64> cacheEvents(Store &store)
{
    QHash<QString, qint64> events;
    QSqlQuery query(StoreConnection::of(store));
    query.exec(QStringLiteral("SELECT id, seq FROM corrections"));
    while (query.next())
        events.insert(
            query.value(0).toString(), query.value(1).isNull() ? -1 : query.value(1).toLongLong());
    return events;
}

} // namespace

class TestSync : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void twoCuratorsConverge_data();
    void twoCuratorsConverge();
    void offlineCorrectionsWaitInTheOutbox();
    void syncIsIdempotent();
    void crashBetweenPushAndPullDuplicatesNothing();
    void recordsFollowTheEtags();
    void readerCannotPush();
    void unreachableServerSaysSo();
    void cancelLeavesTheCacheAsItWas();
    void manyEventsPushAndPull();
    void commandLine();
    void manyConcurrentHeadsResolveAndSync_data();
    void manyConcurrentHeadsResolveAndSync();
    void refusedCorrectionDoesNotBlockTheOthers();
    void wideLegacyOutboxEventIsNarrowedAndSyncs();

private:
    //! `count` corrections of one field by as many curators, none seeing the others: stored in
    //! `store`, each naming no parent. Returns their ids.
    QStringList concurrentHeads(Store &store, const QString &observation, int count);
    //! Stores an event as an older version (or a damaged cache) could hold it, past every check.
    bool insertRawEvent(Store &store, const CorrectionEvent &event);
    SyncOptions options(const QString &token) const;
    Result<SyncReport> sync(Store &store, const QString &token);
    Status edit(Store &store, const QString &observation, CurationField field,
        std::optional<QString> value, const QString &author);
    CuratedRecord curated(Store &store);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ServerProcess> m_server;
    std::unique_ptr<Store> m_a;
    std::unique_ptr<Store> m_b;
    QString m_alice; // curator
    QString m_bob; // curator
    QString m_reader;
    QString m_admin;
};

void TestSync::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QString problem;
    QHash<QString, QString> tokens;
    m_server = fixtureServer(m_dir->path(),
        { { QStringLiteral("alice"), QStringLiteral("curator") },
            { QStringLiteral("bob"), QStringLiteral("curator") },
            { QStringLiteral("rita"), QStringLiteral("reader") },
            { QStringLiteral("root"), QStringLiteral("admin") } },
        &tokens, &problem);
    QVERIFY2(m_server, qPrintable(problem));
    m_alice = tokens.value(QStringLiteral("alice"));
    m_bob = tokens.value(QStringLiteral("bob"));
    m_reader = tokens.value(QStringLiteral("rita"));
    m_admin = tokens.value(QStringLiteral("root"));
    QVERIFY(!m_alice.isEmpty() && m_alice != m_bob);
    m_a = std::make_unique<Store>(m_dir->filePath(QStringLiteral("a.sqlite")));
    m_b = std::make_unique<Store>(m_dir->filePath(QStringLiteral("b.sqlite")));
    QVERIFY(m_a->open());
    QVERIFY(m_b->open());
}

void TestSync::cleanup()
{
    m_a.reset();
    m_b.reset();
    m_server.reset();
    m_dir.reset();
}

SyncOptions TestSync::options(const QString &token) const
{
    SyncOptions o;
    o.server = m_server->url();
    o.token = token;
    o.timeoutMs = 5000;
    o.maxAttempts = 3;
    o.initialBackoffMs = 50;
    o.maxBackoffMs = 2000;
    // Each token's curator signs with their test key (the sync signs their outbox:
    // docs/signatures.md).
    o.curator = token == m_alice ? QStringLiteral("alice")
        : token == m_bob         ? QStringLiteral("bob")
                                 : QString();
    if (!o.curator.isEmpty())
        o.signingKey = testKey(o.curator);
    return o;
}

Result<SyncReport> TestSync::sync(Store &store, const QString &token)
{
    SyncClient client(store);
    return client.run(options(token));
}

CuratedRecord TestSync::curated(Store &store)
{
    auto loaded = store.loadCurated(kRecord);
    if (!loaded || !loaded->has_value())
        return {};
    return std::move(**loaded);
}

Status TestSync::edit(Store &store, const QString &observation, CurationField field,
    std::optional<QString> value, const QString &author)
{
    const CuratedRecord record = curated(store);
    const FieldState *current = record.field(observation, field);
    const FieldState none;
    return store.addCorrections({ makeEdit(current ? *current : none, kRecord, observation, field,
        std::move(value), author, nowUtc()) });
}

void TestSync::twoCuratorsConverge_data()
{
    QTest::addColumn<QString>("order");
    QTest::addColumn<bool>("resolveOnA");
    QTest::newRow("A,B,A,B; resolved on A") << QStringLiteral("ABAB") << true;
    QTest::newRow("B,A,B,A; resolved on B") << QStringLiteral("BABA") << false;
}

void TestSync::twoCuratorsConverge()
{
    QFETCH(QString, order);
    QFETCH(bool, resolveOnA);
    auto syncInOrder = [&] {
        for (const QChar who : order) {
            auto report = who == u'A' ? sync(*m_a, m_alice) : sync(*m_b, m_bob);
            if (!report)
                return report.error().toString();
        }
        return QString();
    };
    // Both start from the server's page.
    QVERIFY(sync(*m_a, m_alice));
    QVERIFY(sync(*m_b, m_bob));
    QCOMPARE(renderLedgerText(curated(*m_a).shown), renderLedgerText(curated(*m_b).shown));

    // Different observations, and the same field of the same observation, before either syncs.
    QVERIFY(edit(*m_a, kOpt, CurationField::State, QStringLiteral("verified_exact"),
        QStringLiteral("alice")));
    QVERIFY(edit(*m_b, kLongStraw, CurationField::Note, QStringLiteral("a year, not a reference"),
        QStringLiteral("bob")));
    QVERIFY(edit(*m_a, kPhoenix1, CurationField::State, QStringLiteral("verified_fuzzy"),
        QStringLiteral("alice")));
    QVERIFY(edit(*m_b, kPhoenix1, CurationField::State, QStringLiteral("unresolved"),
        QStringLiteral("bob")));

    const QString failed = syncInOrder();
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
    QCOMPARE(Outbox(*m_a).count().value(), 0);
    QCOMPARE(Outbox(*m_b).count().value(), 0);
    CuratedRecord a = curated(*m_a);
    CuratedRecord b = curated(*m_b);
    QCOMPARE(a.events.size(), 4);
    QCOMPARE(renderLedgerText(a.shown), renderLedgerText(b.shown));
    QVERIFY(a.shown == b.shown);
    QVERIFY(a.fields == b.fields);
    auto observation = [](const CuratedRecord &r, const QString &id) {
        for (const Observation &o : r.shown.observations) {
            if (o.id == id)
                return o;
        }
        return Observation {};
    };
    QCOMPARE(
        observation(a, kPhoenix1).curation->conflicts, QStringList { QStringLiteral("state") });
    QCOMPARE(
        observation(b, kPhoenix1).curation->conflicts, QStringList { QStringLiteral("state") });
    QCOMPARE(observation(a, kOpt).state, ResolutionState::VerifiedExact);
    QCOMPARE(observation(b, kLongStraw).curation->note, QStringLiteral("a year, not a reference"));
    QVERIFY(observation(a, kOpt).curation->conflicts.isEmpty());

    // Resolving is an ordinary edit naming both heads; after syncing it is resolved on both.
    Store &resolver = resolveOnA ? *m_a : *m_b;
    QCOMPARE((resolveOnA ? a : b).field(kPhoenix1, CurationField::State)->heads.size(), 2);
    // By the resolving cache's own curator: the server takes events only under the token's name.
    QVERIFY(edit(resolver, kPhoenix1, CurationField::State, QStringLiteral("verified_exact"),
        resolveOnA ? QStringLiteral("alice") : QStringLiteral("bob")));
    QVERIFY(observation(curated(resolver), kPhoenix1).curation->conflicts.isEmpty());
    const QString failedAgain = syncInOrder();
    QVERIFY2(failedAgain.isEmpty(), qPrintable(failedAgain));
    a = curated(*m_a);
    b = curated(*m_b);
    QCOMPARE(a.events.size(), 5);
    QCOMPARE(renderLedgerText(a.shown), renderLedgerText(b.shown));
    QVERIFY(a.shown == b.shown);
    QVERIFY(observation(a, kPhoenix1).curation->conflicts.isEmpty());
    QVERIFY(observation(b, kPhoenix1).curation->conflicts.isEmpty());
    QCOMPARE(observation(b, kPhoenix1).state, ResolutionState::VerifiedExact);
    // Both hold the server's order.
    QCOMPARE(cacheEvents(*m_a), cacheEvents(*m_b));
    QCOMPARE(serverEvents(m_server->url(), m_reader).size(), 5);
}

QStringList TestSync::concurrentHeads(Store &store, const QString &observation, int count)
{
    static const QStringList states
        = { QStringLiteral("verified_exact"), QStringLiteral("unresolved"),
              QStringLiteral("parse_uncertain"), QStringLiteral("metadata_mismatch") };
    QList<CorrectionEvent> events;
    QStringList ids;
    for (int i = 0; i < count; ++i) {
        events.append(makeEdit(FieldState {}, kRecord, observation, CurationField::State,
            states.at(i % states.size()), QStringLiteral("bob"), nowUtc()));
        ids.append(events.constLast().id);
    }
    if (!store.addCorrections(events))
        return {};
    return ids;
}

bool TestSync::insertRawEvent(Store &store, const CorrectionEvent &e)
{
    QSqlQuery insert(StoreConnection::of(store));
    insert.prepare(QStringLiteral(
        "INSERT INTO corrections (id, record_id, observation_id, field, value, parents, author,"
        " created_at, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)"));
    insert.addBindValue(e.id);
    insert.addBindValue(e.record);
    insert.addBindValue(e.observation);
    insert.addBindValue(curationFieldKey(e.field));
    insert.addBindValue(e.value ? QVariant(*e.value) : QVariant(QMetaType::fromType<QString>()));
    insert.addBindValue(e.parents.isEmpty() ? QStringLiteral("") : e.parents.join(u','));
    insert.addBindValue(e.author);
    insert.addBindValue(e.createdAt);
    if (!insert.exec()) {
        qWarning() << "cannot insert" << e.id << insert.lastError().text();
        return false;
    }
    return true;
}

void TestSync::manyConcurrentHeadsResolveAndSync_data()
{
    QTest::addColumn<int>("heads");
    QTest::newRow("65 heads") << 65;
    QTest::newRow("2,000 heads") << 2000;
}

void TestSync::manyConcurrentHeadsResolveAndSync()
{
    // More curators than one event may name parents set one field at once. The edit that
    // resolves them syncs (no event over the server's limit of 64 parents), resolves the field on
    // every replica, and the corrections after it sync as before.
    QFETCH(int, heads);
    QVERIFY(sync(*m_a, m_alice));
    QVERIFY(sync(*m_b, m_bob));
    const QStringList ids = concurrentHeads(*m_b, kOpt, heads);
    QCOMPARE(ids.size(), heads);
    auto pushed = sync(*m_b, m_bob);
    QVERIFY2(pushed, qPrintable(pushed ? QString() : pushed.error().toString()));
    QCOMPARE(pushed->pushed, heads);
    QVERIFY(sync(*m_a, m_alice));
    QCOMPARE(curated(*m_a).field(kOpt, CurationField::State)->heads.size(), heads);

    const CuratedRecord before = curated(*m_a);
    const QList<CorrectionEvent> made = makeEditEvents(*before.field(kOpt, CurationField::State),
        kRecord, kOpt, CurationField::State, QStringLiteral("verified_fuzzy"),
        QStringLiteral("alice"), nowUtc());
    QCOMPARE(made.size(),
        heads > kMaxEventParents ? (heads + kMaxEventParents - 1) / kMaxEventParents + 1 : 1);
    QVERIFY(m_a->addCorrections(made));
    auto resolved = sync(*m_a, m_alice);
    QVERIFY2(resolved, qPrintable(resolved ? QString() : resolved.error().toString()));
    QVERIFY2(resolved->refused.isEmpty(), qPrintable(resolved->refused.join(u'\n')));
    QCOMPARE(resolved->pushed, made.size());
    QCOMPARE(Outbox(*m_a).count().value(), 0);
    QVERIFY(sync(*m_b, m_bob));
    for (Store *store : { m_a.get(), m_b.get() }) {
        const CuratedRecord record = curated(*store);
        const FieldState *state = record.field(kOpt, CurationField::State);
        QVERIFY(state);
        QCOMPARE(state->headIds(), QStringList { made.constLast().id });
        QCOMPARE(state->value(), QStringLiteral("verified_fuzzy"));
    }

    // Corrections after it are not held back.
    QVERIFY(edit(*m_a, kLongStraw, CurationField::Note, QStringLiteral("after the merge"),
        QStringLiteral("alice")));
    auto after = sync(*m_a, m_alice);
    QVERIFY(after && after->pushed == 1 && after->refused.isEmpty());
    QVERIFY(sync(*m_b, m_bob));
    QCOMPARE(curated(*m_b).field(kLongStraw, CurationField::Note)->value(),
        QStringLiteral("after the merge"));
    QCOMPARE(serverEvents(m_server->url(), m_reader).size(),
        std::min(5000, heads + int(made.size()) + 1));
}

void TestSync::refusedCorrectionDoesNotBlockTheOthers()
{
    // An outbox event the server refuses (here a state no version knows, as a damaged or foreign
    // cache might hold) is set aside with the server's words; every other correction is pushed,
    // the pull runs, and the next sync tries it again, alone.
    QVERIFY(sync(*m_a, m_alice));
    QVERIFY(sync(*m_b, m_bob));
    QVERIFY(edit(
        *m_b, kPhoenix1, CurationField::Note, QStringLiteral("from bob"), QStringLiteral("bob")));
    QVERIFY(sync(*m_b, m_bob));

    QVERIFY(
        edit(*m_a, kOpt, CurationField::Note, QStringLiteral("before"), QStringLiteral("alice")));
    CorrectionEvent bad = makeEdit(FieldState {}, kRecord, kLongStraw, CurationField::State,
        QStringLiteral("definitely wrong"), QStringLiteral("alice"), nowUtc());
    QVERIFY(!checkCorrectionEvent(bad).isEmpty());
    QVERIFY(!m_a->addCorrections({ bad })); // the store itself refuses it...
    QVERIFY(insertRawEvent(*m_a, bad)); // ...but a cache may hold one all the same
    QVERIFY(edit(*m_a, kOpt, CurationField::Title, QStringLiteral("After the bad one"),
        QStringLiteral("alice")));
    QCOMPARE(Outbox(*m_a).count().value(), 3);

    auto report = sync(*m_a, m_alice);
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->pushed, 2);
    QCOMPARE(report->refused.size(), 1);
    QVERIFY2(report->refused.first().contains(bad.id)
            && report->refused.first().contains(QStringLiteral("HTTP 422"))
            && report->refused.first().contains(QStringLiteral("value")),
        qPrintable(report->refused.first()));
    // The pull ran: bob's note is here.
    QCOMPARE(
        curated(*m_a).field(kPhoenix1, CurationField::Note)->value(), QStringLiteral("from bob"));
    auto refused = Outbox(*m_a).refusals();
    QVERIFY(refused);
    QCOMPARE(refused->size(), 1);
    QCOMPARE(refused->first().event.id, bad.id);
    QCOMPARE(refused->first().status, 422);
    QVERIFY(!refused->first().reason.isEmpty());
    QCOMPARE(Outbox(*m_a).count().value(), 1);

    // Next time: tried once more, alone, still refused; nothing else is held back.
    QVERIFY(
        edit(*m_a, kOpt, CurationField::Note, QStringLiteral("later"), QStringLiteral("alice")));
    auto again = sync(*m_a, m_alice);
    QVERIFY(again);
    QCOMPARE(again->pushed, 1);
    QCOMPARE(again->stillRefused, 1);
    QVERIFY(sync(*m_b, m_bob));
    QCOMPARE(curated(*m_b).field(kOpt, CurationField::Note)->value(), QStringLiteral("later"));
    QCOMPARE(curated(*m_b).field(kOpt, CurationField::Title)->value(),
        QStringLiteral("After the bad one"));
    QVERIFY(!curated(*m_b).field(kLongStraw, CurationField::State));
}

void TestSync::wideLegacyOutboxEventIsNarrowedAndSyncs()
{
    // A cache of an older version holds an edit naming all 65 heads of a field: the server took
    // none of it, and every push failed. Opened now, the edit is narrowed and everything syncs.
    QVERIFY(sync(*m_a, m_alice));
    QVERIFY(sync(*m_b, m_bob));
    QCOMPARE(concurrentHeads(*m_b, kOpt, 65).size(), 65);
    QVERIFY(sync(*m_b, m_bob));
    QVERIFY(sync(*m_a, m_alice));
    CorrectionEvent wide = makeEdit(*curated(*m_a).field(kOpt, CurationField::State), kRecord, kOpt,
        CurationField::State, QStringLiteral("verified_exact"), QStringLiteral("alice"), nowUtc());
    QCOMPARE(wide.parents.size(), 65);
    QVERIFY(insertRawEvent(*m_a, wide));
    QVERIFY(edit(*m_a, kLongStraw, CurationField::Note, QStringLiteral("unrelated"),
        QStringLiteral("alice")));
    const QString path = m_a->path();
    m_a = std::make_unique<Store>(path);
    QVERIFY(m_a->open());
    QCOMPARE(curated(*m_a).field(kOpt, CurationField::State)->headIds(), QStringList { wide.id });
    auto report = sync(*m_a, m_alice);
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QVERIFY2(report->refused.isEmpty(), qPrintable(report->refused.join(u'\n')));
    QCOMPARE(report->pushed, 2 + 1 + 1); // two merges, the edit, the note
    QVERIFY(sync(*m_b, m_bob));
    QCOMPARE(curated(*m_b).field(kOpt, CurationField::State)->headIds(), QStringList { wide.id });
    QCOMPARE(
        curated(*m_b).field(kOpt, CurationField::State)->value(), QStringLiteral("verified_exact"));
    QCOMPARE(
        curated(*m_b).field(kLongStraw, CurationField::Note)->value(), QStringLiteral("unrelated"));
}

void TestSync::offlineCorrectionsWaitInTheOutbox()
{
    QVERIFY(sync(*m_a, m_alice));
    const int port = m_server->url().port();
    m_server->stop();
    QVERIFY(edit(*m_a, kOpt, CurationField::State, QStringLiteral("verified_exact"),
        QStringLiteral("alice")));
    QVERIFY(edit(*m_a, kOpt, CurationField::Note, QStringLiteral("checked offline"),
        QStringLiteral("alice")));
    const QString before = dumpDatabase(m_a->path());
    auto failed = sync(*m_a, m_alice);
    QVERIFY(!failed);
    QVERIFY2(failed.error().message.contains(
                 QStringLiteral("cannot reach http://127.0.0.1:%1: connection refused").arg(port)),
        qPrintable(failed.error().message));
    QCOMPARE(Outbox(*m_a).count().value(), 2);
    QCOMPARE(dumpDatabase(m_a->path()), before);

    QString problem;
    QVERIFY2(m_server->start(&problem, port), qPrintable(problem));
    auto report = sync(*m_a, m_alice);
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->pushed, 2);
    QCOMPARE(report->eventsPulled, 2);
    QCOMPARE(Outbox(*m_a).count().value(), 0);
    QVERIFY(sync(*m_b, m_bob));
    QCOMPARE(renderLedgerText(curated(*m_b).shown), renderLedgerText(curated(*m_a).shown));
    QVERIFY(!m_a->meta(SyncClient::lastFinishedKey()).value().isEmpty());
}

void TestSync::syncIsIdempotent()
{
    QVERIFY(edit(*m_a, kOpt, CurationField::State, QStringLiteral("verified_exact"),
        QStringLiteral("alice")));
    auto first = sync(*m_a, m_alice);
    QVERIFY(first);
    // The outbox names a record the cache does not hold yet: it goes out all the same.
    QCOMPARE(first->pushed, 1);
    QCOMPARE(first->recordsUpdated, 1);
    QCOMPARE(first->eventsPulled, 1);
    QCOMPARE(first->lastSeq, 1);
    const QString lastFinished = m_a->meta(SyncClient::lastFinishedKey()).value();
    QVERIFY(!lastFinished.isEmpty());
    QTest::qWait(5); // the finishing time has milliseconds
    auto second = sync(*m_a, m_alice);
    QVERIFY(second);
    QCOMPARE(second->pushed, 0);
    QCOMPARE(second->duplicates, 0);
    QCOMPARE(second->recordsUpdated, 0);
    QCOMPARE(second->eventsPulled, 0);
    QCOMPARE(second->lastSeq, 1);
    QVERIFY(m_a->meta(SyncClient::lastFinishedKey()).value() > lastFinished);
    QCOMPARE(serverEvents(m_server->url(), m_reader).size(), 1);
}

void TestSync::crashBetweenPushAndPullDuplicatesNothing()
{
    QVERIFY(sync(*m_a, m_alice));
    for (int i = 0; i < 3; ++i)
        QVERIFY(edit(*m_a, kOpt, CurationField::Note, QStringLiteral("note %1").arg(i),
            QStringLiteral("alice")));
    // Stopped right after the push, before anything came back.
    SyncClient client(*m_a);
    auto stopped = client.run(
        options(m_alice), [](const QString &step, qint64, qint64) { return step == u"push"; });
    QVERIFY(!stopped);
    QCOMPARE(stopped.error().kind, Error::Kind::Cancelled);
    QCOMPARE(Outbox(*m_a).count().value(), 3);
    QCOMPARE(serverEvents(m_server->url(), m_reader).size(), 3);

    auto again = client.run(options(m_alice));
    QVERIFY2(again, qPrintable(again ? QString() : again.error().toString()));
    QCOMPARE(again->pushed, 0);
    QCOMPARE(again->duplicates, 3);
    QCOMPARE(again->eventsPulled, 3);
    QCOMPARE(Outbox(*m_a).count().value(), 0);
    const QJsonArray onServer = serverEvents(m_server->url(), m_reader);
    QCOMPARE(onServer.size(), 3);
    const QHash<QString, qint64> local = cacheEvents(*m_a);
    QCOMPARE(local.size(), 3);
    for (const auto &e : onServer)
        QCOMPARE(local.value(e[QStringLiteral("id")].toString()),
            qint64(e[QStringLiteral("seq")].toInteger()));
}

void TestSync::recordsFollowTheEtags()
{
    auto first = sync(*m_a, m_alice);
    QVERIFY(first);
    QCOMPARE(first->recordsUpdated, 1);
    const QString listEtag = m_a->meta(SyncClient::recordsEtagKey(m_server->url())).value();
    QVERIFY(!listEtag.isEmpty());
    // The server answers 304 to the stored list ETag, and the client downloads nothing again.
    QUrl listUrl = m_server->url();
    listUrl.setPath(QStringLiteral("/v1/records"));
    QCOMPARE(http("GET", listUrl, m_reader, {}, listEtag.toUtf8()).status, 304);
    auto importedAt = [this] {
        QSqlQuery q(StoreConnection::of(*m_a));
        q.exec(QStringLiteral("SELECT imported_at FROM records"));
        return q.next() ? q.value(0).toString() : QString();
    };
    const QString firstImport = importedAt();
    auto second = sync(*m_a, m_alice);
    QVERIFY(second);
    QCOMPARE(second->recordsUpdated, 0);
    QCOMPARE(importedAt(), firstImport);

    // A newer page on the server comes down, the curation made meanwhile stays.
    QVERIFY(edit(*m_a, kOpt, CurationField::State, QStringLiteral("verified_exact"),
        QStringLiteral("alice")));
    auto parsed = parseLedgerText(fixture(), QStringLiteral("fixture"));
    QVERIFY(parsed);
    Record newer = parsed->record;
    newer.asOf = QStringLiteral("2026-09-01");
    QUrl put = m_server->url();
    put.setPath(QStringLiteral("/v1/records/") + kRecord);
    const HttpResult replaced = http("PUT", put, m_admin, writeRecordJson(newer));
    QCOMPARE(replaced.status, 200);
    auto third = sync(*m_a, m_alice);
    QVERIFY(third);
    QCOMPARE(third->recordsUpdated, 1);
    QCOMPARE(curated(*m_a).upstream.asOf, QStringLiteral("2026-09-01"));
    QCOMPARE(curated(*m_a).events.size(), 1);

    // A page newer in the cache than on the server is kept and reported, not an error.
    Record local = parsed->record;
    local.asOf = QStringLiteral("2026-12-24");
    QVERIFY(m_b->importRecords({ local }));
    auto kept = sync(*m_b, m_bob);
    QVERIFY2(kept, qPrintable(kept ? QString() : kept.error().toString()));
    QCOMPARE(kept->recordsUpdated, 0);
    QCOMPARE(kept->recordsKeptLocal.size(), 1);
    QVERIFY(kept->recordsKeptLocal[0].contains(QStringLiteral("newer page")));
    QCOMPARE(curated(*m_b).upstream.asOf, QStringLiteral("2026-12-24"));
    QCOMPARE(curated(*m_b).events.size(), 1);
}

void TestSync::readerCannotPush()
{
    QVERIFY(edit(*m_a, kOpt, CurationField::State, QStringLiteral("verified_exact"),
        QStringLiteral("rita")));
    auto refused = sync(*m_a, m_reader);
    QVERIFY(!refused);
    QVERIFY2(refused.error().message.startsWith(QStringLiteral("the server refused the token: ")),
        qPrintable(refused.error().message));
    QVERIFY(refused.error().message.contains(QStringLiteral("403")));
    QCOMPARE(Outbox(*m_a).count().value(), 1);
    auto wrong = sync(*m_b, QStringLiteral("not-a-token"));
    QVERIFY(!wrong);
    QVERIFY2(wrong.error().message.contains(QStringLiteral("the server refused the token")),
        qPrintable(wrong.error().message));
    QVERIFY(wrong.error().message.contains(QStringLiteral("401")));
}

void TestSync::unreachableServerSaysSo()
{
    // A port nobody listens on: the first free port, closed again.
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const quint16 port = probe.serverPort();
    probe.close();
    SyncOptions o = options(m_alice);
    o.server = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
    // The client says how long it waits before each retry (not timed here: timings are bench/'s).
    // Requests may run side by side: each one's retries are told.
    QList<std::pair<int, int>> waits; // attempt, wait in ms
    o.log = [&waits](const QString &line) {
        static const QRegularExpression retrying(
            QStringLiteral("retrying in (\\d+) ms \\(attempt (\\d+) of 3\\)"));
        if (const QRegularExpressionMatch m = retrying.match(line); m.hasMatch())
            waits.append({ m.captured(2).toInt(), m.captured(1).toInt() });
    };
    SyncClient client(*m_a);
    auto report = client.run(o);
    QVERIFY(!report);
    QCOMPARE(report.error().message,
        QStringLiteral(
            "cannot reach http://127.0.0.1:%1: connection refused (gave up after 3 attempts)")
            .arg(port));
    // Two waits of at least half their backoff step (50 ms before the second attempt, 100 ms
    // before the third), at most the whole step.
    QSet<int> attempts;
    for (const auto &[attempt, ms] : std::as_const(waits)) {
        const int step = attempt == 3 ? 100 : 50;
        QVERIFY2((attempt == 2 || attempt == 3) && ms >= step / 2 && ms <= step,
            qPrintable(QStringLiteral("attempt %1 after %2 ms").arg(attempt).arg(ms)));
        attempts.insert(attempt);
    }
    QCOMPARE(attempts, QSet<int>({ 2, 3 }));
    o.log = {};
    o.server = QUrl(QStringLiteral("ftp://127.0.0.1"));
    auto bad = client.run(o);
    QVERIFY(!bad);
    QCOMPARE(bad.error().kind, Error::Kind::BadInput);
}

void TestSync::cancelLeavesTheCacheAsItWas()
{
    QVERIFY(sync(*m_b, m_bob));
    // A first sync of A learns the keys (bob's among them): the cancelled one has none to learn.
    QVERIFY(sync(*m_a, m_alice));
    for (int i = 0; i < 12; ++i)
        QVERIFY(edit(*m_b, kOpt, CurationField::Note, QStringLiteral("note %1").arg(i),
            QStringLiteral("bob")));
    QVERIFY(sync(*m_b, m_bob));
    const QString before = dumpDatabase(m_a->path());
    // cancel() from another thread while the client waits: run() returns, nothing was written.
    SyncClient client(*m_a);
    SyncOptions o = options(m_alice);
    o.pageSize = 5;
    QThread *canceller = QThread::create([&client] {
        QThread::msleep(1);
        client.cancel();
    });
    auto report = client.run(o, [&](const QString &step, qint64, qint64) {
        if (step == u"records" && !canceller->isRunning() && !canceller->isFinished())
            canceller->start();
        if (step == u"records")
            QThread::msleep(20); // the cancel lands while this step runs
        return true;
    });
    canceller->wait();
    delete canceller;
    QVERIFY(!report);
    QCOMPARE(report.error().kind, Error::Kind::Cancelled);
    QCOMPARE(dumpDatabase(m_a->path()), before);
    // And the next run completes, untouched by the earlier cancel.
    auto again = client.run(o);
    QVERIFY(again);
    QCOMPARE(again->eventsPulled, 12);
    QCOMPARE(again->retries, 0);

    // A request in flight is abandoned at once: a server that accepts and never answers. Its
    // own timeout is far beyond the test's patience, so only the cancel can end the request: the
    // client then closes the connection, before the black hole gives up on it and closes it
    // itself (a bound on the wait, not a timing).
    QTcpServer blackHole;
    QVERIFY(blackHole.listen(QHostAddress::LocalHost));
    o.server = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(blackHole.serverPort()));
    o.timeoutMs = scaledTimeoutMs(600000);
    QSemaphore requested;
    bool closedByClient = false;
    bool gaveUp = false;
    connect(&blackHole, &QTcpServer::newConnection, this, [&] {
        QTcpSocket *socket = blackHole.nextPendingConnection();
        connect(socket, &QTcpSocket::readyRead, this, [&requested] { requested.release(); });
        connect(socket, &QTcpSocket::disconnected, this, [&] { closedByClient = !gaveUp; });
        QTimer::singleShot(scaledTimeoutMs(30000), socket, [&gaveUp, socket] {
            gaveUp = true;
            socket->abort();
        });
    });
    QThread *late = QThread::create([&client, &requested] {
        // Once the request is in flight: the black hole has its first bytes.
        requested.tryAcquire(1, scaledTimeoutMs(30000));
        client.cancel();
    });
    late->start();
    auto abandoned = client.run(o);
    late->wait();
    delete late;
    QVERIFY(!abandoned);
    QCOMPARE(abandoned.error().kind, Error::Kind::Cancelled);
    QTRY_VERIFY_WITH_TIMEOUT(closedByClient || gaveUp, scaledTimeoutMs(30000));
    QVERIFY2(closedByClient, "the request was not abandoned: the black hole gave up first");
}

void TestSync::manyEventsPushAndPull()
{
    // Timed in bench/ ("sync: fresh client pulls ..."); here only what they bring.
    constexpr int kEvents = 3000;
    QVERIFY(sync(*m_b, m_bob));
    QList<CorrectionEvent> events;
    FieldState state;
    for (int i = 0; i < kEvents; ++i) {
        CorrectionEvent e = makeEdit(state, kRecord, kOpt, CurationField::Note,
            QStringLiteral("note %1").arg(i), QStringLiteral("bob"), nowUtc());
        state.heads = { e };
        events.append(e);
    }
    QVERIFY(m_b->addCorrections(events));
    auto pushed = sync(*m_b, m_bob);
    QVERIFY(pushed);
    QCOMPARE(pushed->pushed, kEvents);
    auto pulled = sync(*m_a, m_alice);
    QVERIFY(pulled);
    QCOMPARE(pulled->eventsPulled, kEvents);
    QCOMPARE(pulled->recordsUpdated, 1);
}

void TestSync::commandLine()
{
    const QString tokenFile = m_dir->filePath(QStringLiteral("token"));
    {
        QFile file(tokenFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(m_alice.toUtf8() + "\n");
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    const QString db = m_dir->filePath(QStringLiteral("cli.sqlite"));
    const QString server = m_server->url().toString();
    CliRun run = runCli({ QStringLiteral("sync"), QStringLiteral("--server"), server,
                            QStringLiteral("--token-file"), tokenFile, QStringLiteral("--db"), db },
        m_dir->path());
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(run.out,
        QByteArray("pushed 0 corrections, 1 record updated, 0 events pulled; last seq 0\n"));
    QVERIFY(!run.err.contains("warning"));
    QVERIFY(run.err.contains("records: 0 of 1 changed records"));

    // The cache has synced: its corrections are by the configured curator, the token's name.
    QCOMPARE(
        runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("alice") },
            m_dir->path())
            .exitCode,
        0);
    const CliRun curate
        = runCli({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("state=verified exact"),
                     QStringLiteral("--db"), db },
            m_dir->path());
    QCOMPARE(curate.exitCode, 0);
    run = runCli({ QStringLiteral("sync"), QStringLiteral("--server"), server,
                     QStringLiteral("--token-file"), tokenFile, QStringLiteral("--db"), db },
        m_dir->path());
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(run.out,
        QByteArray("pushed 1 correction, 0 records updated, 1 event pulled; last seq 1\n"));

    // A token file others can read still works, with a warning.
    QFile::setPermissions(
        tokenFile, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadOther);
    run = runCli({ QStringLiteral("sync"), QStringLiteral("--server"), server,
                     QStringLiteral("--token-file"), tokenFile, QStringLiteral("--db"), db },
        m_dir->path());
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains("warning: ") && run.err.contains("other users"), run.err.constData());

    // A wrong token: 1, and the message says the token was refused.
    const QString wrongFile = m_dir->filePath(QStringLiteral("wrong"));
    {
        QFile file(wrongFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("lc_not_a_real_token\n");
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    run = runCli({ QStringLiteral("sync"), QStringLiteral("--server"), server,
                     QStringLiteral("--token-file"), wrongFile, QStringLiteral("--db"), db },
        m_dir->path());
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("the server refused the token"), run.err.constData());

    // Bad usage: 2.
    run = runCli({ QStringLiteral("sync"), QStringLiteral("--token-file"), tokenFile,
                     QStringLiteral("--db"), db },
        m_dir->path());
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains("--server"));
    run = runCli({ QStringLiteral("sync"), QStringLiteral("--server"), QStringLiteral("not a url"),
                     QStringLiteral("--token-file"), tokenFile, QStringLiteral("--db"), db },
        m_dir->path());
    QCOMPARE(run.exitCode, 2);
    run = runCli({ QStringLiteral("sync"), QStringLiteral("--server"), server,
                     QStringLiteral("--token-file"), m_dir->filePath(QStringLiteral("missing")),
                     QStringLiteral("--db"), db },
        m_dir->path());
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains("cannot read the token file"));

    // The limits (docs/sync-client.md, "Limits"): values in range sync as before; others are bad
    // usage naming the option.
    run = runCli({ QStringLiteral("sync"), QStringLiteral("--server"), server,
                     QStringLiteral("--token-file"), tokenFile, QStringLiteral("--db"), db,
                     QStringLiteral("--max-reply-mb"), QStringLiteral("64"),
                     QStringLiteral("--request-timeout"), QStringLiteral("0"),
                     QStringLiteral("--sync-timeout"), QStringLiteral("600") },
        m_dir->path());
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QList<std::pair<QString, QString>> badLimits { { QStringLiteral("--max-reply-mb"),
                                                             QStringLiteral("0") },
        { QStringLiteral("--max-reply-mb"), QStringLiteral("2MB") },
        { QStringLiteral("--max-reply-mb"), QStringLiteral("99999999") },
        { QStringLiteral("--request-timeout"), QStringLiteral("-1") },
        { QStringLiteral("--request-timeout"), QStringLiteral("2000001") },
        { QStringLiteral("--sync-timeout"), QStringLiteral("soon") } };
    for (const auto &[option, value] : badLimits) {
        run = runCli({ QStringLiteral("sync"), QStringLiteral("--server"), server,
                         QStringLiteral("--token-file"), tokenFile, QStringLiteral("--db"), db,
                         option, value },
            m_dir->path());
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains((option + QStringLiteral(": expected a whole number")).toUtf8())
                && run.err.contains(("'" + value + "'").toUtf8()),
            run.err.constData());
    }
}

QTEST_GUILESS_MAIN(TestSync)
#include "tst_sync.moc"
