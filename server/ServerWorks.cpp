// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServerWorks.h"

#include "ServerStore.h"
#include "SqliteLocks.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>

namespace LedgerCurator {

namespace {

QAtomicInteger<quint64> g_connections = 0;

} // namespace

QString defaultWorksPath(const DatabaseConfig &ledger)
{
    if (ledger.backend == DatabaseConfig::Backend::Sqlite && !ledger.sqlitePath.isEmpty()) {
        const QFileInfo file(ledger.sqlitePath);
        const QString base
            = file.fileName().endsWith(u".db") ? file.fileName().chopped(3) : file.fileName();
        return file.absoluteDir().filePath(base + QStringLiteral("-works.db"));
    }
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("ledger-server-works.db"));
}

ServerWorks::ServerWorks(QString path, QString connectionName)
    : m_path(std::move(path))
    , m_connectionName(std::move(connectionName))
{
}

ServerWorks::~ServerWorks()
{
    m_index.reset();
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
}

Result<std::unique_ptr<ServerWorks>> ServerWorks::open(
    const QString &path, int busyTimeoutMs, bool ensureSchema)
{
    if (QString why; !SqliteLocks::install(&why))
        qWarning("SQLite's locks stay per process (%s)", qPrintable(why));
    const QFileInfo file(path);
    if (!file.absoluteDir().exists() && !QDir().mkpath(file.absolutePath()))
        return Error::failure(QStringLiteral("%1: cannot create the folder of the works index")
                                  .arg(file.absolutePath()));
    const QString name
        = QStringLiteral("ledger-server-works-%1").arg(g_connections.fetchAndAddRelaxed(1));
    std::unique_ptr<ServerWorks> works(new ServerWorks(path, name));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
    if (!db.isValid())
        return Error::failure(QStringLiteral("the Qt SQL driver QSQLITE is not available"));
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(busyTimeoutMs));
    if (!db.open())
        return Error::failure(
            QStringLiteral("cannot open the works index %1: %2").arg(path, db.lastError().text()));
    for (const QString &sql : { QStringLiteral("PRAGMA journal_mode = WAL"),
             QStringLiteral("PRAGMA synchronous = NORMAL"),
             QStringLiteral("PRAGMA busy_timeout = %1").arg(busyTimeoutMs) }) {
        QSqlQuery query(db);
        if (!query.exec(sql))
            return Error::failure(QStringLiteral("the works index %1: %2: %3")
                                      .arg(path, sql, query.lastError().text()));
    }
    if (ensureSchema) {
        if (auto made = WorksIndex::ensureSchema(db); !made)
            return Error::of(made.error().kind,
                QStringLiteral("the works index %1: %2").arg(path, made.error().message));
    }
    // a worker's connection answers query after query: a page cache that holds what they read
    WorksIndex::prepareForSearch(db);
    works->m_index = std::make_unique<WorksIndex>(db);
    return works;
}

} // namespace LedgerCurator
