// SPDX-License-Identifier: GPL-3.0-or-later
// The server's databases for the tests that run ledger-server on SQLite and on PostgreSQL
// (tst_server and the other server tests): a PostgreSQL database of its own for each test, made in
// the cluster scripts/with-postgres.sh starts (LC_TEST_POSTGRES_URL) and dropped after it, and a
// direct connection to whichever database a server uses, for what the tests read or alter behind
// its back.
#pragma once

#include <QSqlDatabase>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace LedgerCurator::TestSupport {

//! Whether LC_TEST_POSTGRES_URL is set (else the PostgreSQL rows are skipped).
bool postgresAvailable();
//! Makes a new, empty PostgreSQL database named PREFIX_<16 random hex digits>; its name, or empty
//! with the reason in `problem`.
QString createPostgresDatabase(const QString &prefix, QString *problem);
//! Drops it (WITH (FORCE): servers still connected are cut off).
void dropPostgresDatabase(const QString &name);
//! postgresql://... of a database in the test cluster: what ledger-server's --db takes.
QString postgresUrl(const QString &name);
//! An open connection named `connection` to the server database `db` (an SQLite path or a
//! postgresql:// URL); reused while it exists. Remove it with closeDatabase().
QSqlDatabase openServerDatabase(const QString &connection, const QString &db);
void closeDatabase(const QString &connection);

//! The rows "sqlite" and "postgresql" of a column "backend": initTestCase_data() of the tests that
//! run every function on both.
void addBackendRows();

//! A server test's temporary folder and the database its ledger-server runs on, made afresh for
//! each test function on the backend of its row: an SQLite file in the folder, or a PostgreSQL
//! database of its own (an empty schema) in the cluster of scripts/with-postgres.sh.
class ServerDatabase final
{
public:
    ServerDatabase() = default;
    ~ServerDatabase() { reset(); }
    Q_DISABLE_COPY_MOVE(ServerDatabase)

    //! What make() did: made; not made, to be skipped (no cluster); or failed, why in `reason`.
    struct Made
    {
        bool ok = false;
        bool skip = false;
        QString reason;
    };
    //! A new folder and database for `backend` ("sqlite" or "postgresql"); a PostgreSQL database
    //! is named PREFIX_<16 random hex digits>; `test` names the test in the reason to skip.
    //! In init(): if (made.skip) QSKIP(...); QVERIFY2(made.ok, ...).
    Made make(const QString &backend, const QString &prefix, const QString &test);
    //! Closes the direct connection, drops the PostgreSQL database, removes the folder.
    void reset();

    bool isPostgres() const { return !m_pgDatabase.isEmpty(); }
    //! What ledger-server's --db takes: the SQLite path or the postgresql:// URL.
    QString db() const { return m_db; }
    QString filePath(const QString &name) const { return m_dir ? m_dir->filePath(name) : name; }
    QString path() const { return m_dir ? m_dir->path() : QString(); }
    //! The folder ledger-server's XDG_DATA_HOME points to.
    QString dataHome() const { return filePath(QStringLiteral("xdg-data")); }
    //! A direct connection to the database, for what a test reads or alters behind the server's
    //! back; closed by reset().
    QSqlDatabase direct();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
    QString m_pgDatabase;
    QString m_connection;
};

} // namespace LedgerCurator::TestSupport
