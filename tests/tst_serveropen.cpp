// SPDX-License-Identifier: GPL-3.0-or-later
// The share of ledger-server that requests without a token run in (docs/server-limits.md,
// "Requests without a token"): workers and a number of requests in flight of their own, so that
// the curators' requests are served while every one of them is stuck. The real server on
// PostgreSQL, where a lock a test holds can keep a read waiting (SQLite's WAL never blocks a
// reader); the rest of the share's limits are in tst_serverhostile.

#include "ServerDatabases.h"
#include "ServerProcess.h"
#include "TestSupport.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

class TestServerOpen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void requestsWithoutATokenHaveWorkersOfTheirOwn();

private:
    QNetworkReply *get(const QString &path, const QByteArray &token = {});
    int statusOf(QNetworkReply *reply);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_pgDatabase;
    QString m_db;
    QByteArray m_curator;
    std::unique_ptr<QProcess> m_server;
    QUrl m_base;
    QNetworkAccessManager m_nam;
};

void TestServerOpen::init()
{
    if (!postgresAvailable())
        QSKIP("LC_TEST_POSTGRES_URL is not set; run scripts/with-postgres.sh "
              "build-testing/tests/tst_serveropen");
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QString problem;
    m_pgDatabase = createPostgresDatabase(QStringLiteral("lc_open"), &problem);
    QVERIFY2(!m_pgDatabase.isEmpty(), qPrintable(problem));
    m_db = postgresUrl(m_pgDatabase);
    const QString dataHome = m_dir->filePath(QStringLiteral("xdg-data"));
    m_curator = addServerToken(
        [&](const QStringList &arguments) {
            return runServerCommand(
                arguments + QStringList { QStringLiteral("--db"), m_db }, dataHome);
        },
        QStringLiteral("carol"), QStringLiteral("curator"));
    QVERIFY(!m_curator.isEmpty());
    // One worker for each share, two requests without a token in flight at most; a read waits
    // for a lock up to 60 s (the test releases it long before).
    m_server = std::make_unique<QProcess>();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), dataHome);
    m_server->setProcessEnvironment(env);
    m_server->setStandardErrorFile(m_dir->filePath(QStringLiteral("server.log")));
    m_server->start(QStringLiteral(LC_SERVER_PATH),
        { QStringLiteral("serve"), QStringLiteral("--db"), m_db, QStringLiteral("--listen"),
            QStringLiteral("127.0.0.1:0"), QStringLiteral("--workers"), QStringLiteral("1"),
            QStringLiteral("--open-workers"), QStringLiteral("1"),
            QStringLiteral("--open-inflight"), QStringLiteral("2"),
            QStringLiteral("--busy-timeout"), QStringLiteral("60000") });
    QVERIFY(m_server->waitForStarted(20000));
    QTRY_VERIFY_WITH_TIMEOUT(m_server->canReadLine(), scaledTimeoutMs(30000));
    const QByteArray line = m_server->readLine().trimmed();
    QVERIFY2(line.startsWith("listening on http://127.0.0.1:"), line.constData());
    m_base = QUrl(QString::fromUtf8(line.mid(int(strlen("listening on ")))));
}

void TestServerOpen::cleanup()
{
    if (m_server) {
        m_server->kill();
        m_server->waitForFinished(10000);
        m_server.reset();
    }
    closeDatabase(QStringLiteral("tst-open-direct"));
    dropPostgresDatabase(m_pgDatabase);
    m_pgDatabase.clear();
    m_dir.reset();
}

QNetworkReply *TestServerOpen::get(const QString &path, const QByteArray &token)
{
    QNetworkRequest request(m_base.resolved(QUrl(path)));
    request.setTransferTimeout(scaledTimeoutMs(60000));
    if (!token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token);
    return m_nam.get(request);
}

int TestServerOpen::statusOf(QNetworkReply *reply)
{
    if (!reply->isFinished()) {
        QEventLoop loop;
        connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
    }
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    reply->deleteLater();
    return status;
}

void TestServerOpen::requestsWithoutATokenHaveWorkersOfTheirOwn()
{
    // Each share's worker has its database connection before the lock is taken.
    QCOMPARE(statusOf(get(QStringLiteral("/v1/health"))), 200);
    QCOMPARE(statusOf(get(QStringLiteral("/v1/whoami"), m_curator)), 200);

    // The health check reads the events' counter: held by the test, it waits, in the only worker
    // of requests without a token.
    QSqlDatabase direct = openServerDatabase(QStringLiteral("tst-open-direct"), m_db);
    QVERIFY(direct.isOpen());
    QSqlQuery lock(direct);
    QVERIFY2(lock.exec(QStringLiteral("BEGIN")), qPrintable(lock.lastError().text()));
    QVERIFY2(lock.exec(QStringLiteral("LOCK TABLE counters IN ACCESS EXCLUSIVE MODE")),
        qPrintable(lock.lastError().text()));
    QNetworkReply *stuck = get(QStringLiteral("/v1/health"));
    QSqlQuery waiting(direct);
    QTRY_VERIFY_WITH_TIMEOUT(waiting.exec(QStringLiteral("SELECT count(*) FROM pg_locks WHERE NOT "
                                                         "granted"))
            && waiting.next() && waiting.value(0).toInt() > 0,
        scaledTimeoutMs(20000));
    // Two more without a token: one waits for that worker (two in flight, the most), the other
    // is refused, whichever comes first.
    QNetworkReply *first = get(QStringLiteral("/reconcile"));
    QNetworkReply *second = get(QStringLiteral("/reconcile"));
    QTRY_VERIFY_WITH_TIMEOUT(first->isFinished() || second->isFinished(), scaledTimeoutMs(20000));
    QNetworkReply *refused = first->isFinished() ? first : second;
    QNetworkReply *queued = refused == first ? second : first;
    QCOMPARE(refused->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 503);
    const QByteArray message = refused->readAll();
    QVERIFY2(message.contains("1 requests without a token in flight")
            || message.contains("2 requests without a token in flight"),
        message.constData());
    QCOMPARE(refused->rawHeader("Retry-After"), QByteArray("1"));
    refused->deleteLater();
    // The curators' requests are served meanwhile, by workers of their own.
    QCOMPARE(statusOf(get(QStringLiteral("/v1/whoami"), m_curator)), 200);
    QCOMPARE(statusOf(get(QStringLiteral("/v1/records"), m_curator)), 200);
    QVERIFY(!stuck->isFinished());
    QVERIFY(!queued->isFinished());
    // The lock gone, what waited is answered.
    QVERIFY(lock.exec(QStringLiteral("ROLLBACK")));
    QCOMPARE(statusOf(stuck), 200);
    QCOMPARE(statusOf(queued), 200);
}

QTEST_GUILESS_MAIN(TestServerOpen)
#include "tst_serveropen.moc"
