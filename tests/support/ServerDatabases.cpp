// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServerDatabases.h"

#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QUrl>

#include <utility>

namespace LedgerCurator::TestSupport {

namespace {

const QString kAdminConnection = QStringLiteral("test-postgres-admin");

//! Points `db` at the PostgreSQL database of `url` (postgresql://user[:password]@host[:port]/db).
void configurePostgres(QSqlDatabase &db, const QUrl &url)
{
    db.setHostName(url.host());
    db.setPort(url.port(5432));
    db.setUserName(url.userName());
    db.setPassword(url.password());
    db.setDatabaseName(url.path().mid(1));
}

//! Runs `sql` on the cluster's own database; empty, or what went wrong.
QString administer(const QString &sql)
{
    QString problem;
    {
        QSqlDatabase admin = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), kAdminConnection);
        configurePostgres(admin, QUrl(qEnvironmentVariable("LC_TEST_POSTGRES_URL")));
        if (!admin.open()) {
            problem = admin.lastError().text();
        } else {
            QSqlQuery query(admin);
            if (!query.exec(sql))
                problem = query.lastError().text();
            admin.close();
        }
    }
    QSqlDatabase::removeDatabase(kAdminConnection);
    return problem;
}

} // namespace

bool postgresAvailable()
{
    return !qEnvironmentVariableIsEmpty("LC_TEST_POSTGRES_URL");
}

QString createPostgresDatabase(const QString &prefix, QString *problem)
{
    // The name is made here, not taken from input.
    const QString name = QStringLiteral("%1_%2").arg(prefix).arg(
        QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0'));
    if (const QString failed = administer(QStringLiteral("CREATE DATABASE ") + name);
        !failed.isEmpty()) {
        if (problem)
            *problem = failed;
        return {};
    }
    return name;
}

void dropPostgresDatabase(const QString &name)
{
    if (!name.isEmpty())
        (void)administer(
            QStringLiteral("DROP DATABASE IF EXISTS ") + name + QStringLiteral(" WITH (FORCE)"));
}

QString postgresUrl(const QString &name)
{
    QUrl url(qEnvironmentVariable("LC_TEST_POSTGRES_URL"));
    url.setPath(u'/' + name);
    return url.toString();
}

QSqlDatabase openServerDatabase(const QString &connection, const QString &db)
{
    if (QSqlDatabase::contains(connection))
        return QSqlDatabase::database(connection);
    QSqlDatabase database;
    if (db.startsWith(QLatin1String("postgresql://"))) {
        database = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
        configurePostgres(database, QUrl(db));
    } else {
        database = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        database.setDatabaseName(db);
    }
    if (!database.open())
        qWarning("cannot open the server's database: %s", qPrintable(database.lastError().text()));
    return database;
}

void closeDatabase(const QString &connection)
{
    if (!QSqlDatabase::contains(connection))
        return;
    QSqlDatabase::database(connection, false).close();
    QSqlDatabase::removeDatabase(connection);
}

void addBackendRows()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
}

ServerDatabase::Made ServerDatabase::make(
    const QString &backend, const QString &prefix, const QString &test)
{
    reset();
    m_dir = std::make_unique<QTemporaryDir>();
    if (!m_dir->isValid())
        return { false, false, QStringLiteral("no temporary folder: ") + m_dir->errorString() };
    if (backend != u"postgresql") {
        m_db = m_dir->filePath(QStringLiteral("server.db"));
        return { true, false, {} };
    }
    if (!postgresAvailable())
        return { false, true,
            QStringLiteral("LC_TEST_POSTGRES_URL is not set; run scripts/with-postgres.sh "
                           "build-testing/tests/%1 for the PostgreSQL rows")
                .arg(test) };
    // A database of its own for every test function: it starts from an empty schema.
    QString problem;
    m_pgDatabase = createPostgresDatabase(prefix, &problem);
    if (m_pgDatabase.isEmpty())
        return { false, false, problem };
    m_db = postgresUrl(m_pgDatabase);
    return { true, false, {} };
}

void ServerDatabase::reset()
{
    if (!m_connection.isEmpty())
        closeDatabase(std::exchange(m_connection, {}));
    dropPostgresDatabase(std::exchange(m_pgDatabase, {}));
    m_db.clear();
    m_dir.reset();
}

QSqlDatabase ServerDatabase::direct()
{
    if (m_connection.isEmpty())
        m_connection = QStringLiteral("server-direct-%1").arg(quintptr(this), 0, 16);
    return openServerDatabase(m_connection, m_db);
}

} // namespace LedgerCurator::TestSupport
