// SPDX-License-Identifier: GPL-3.0-or-later
// The server's databases for the tests that run ledger-server on SQLite and on PostgreSQL
// (tst_server, tst_servertrust): a PostgreSQL database of its own for each test, made in the
// cluster scripts/with-postgres.sh starts (LC_TEST_POSTGRES_URL) and dropped after it, and a
// direct connection to whichever database a server uses, for what the tests read or alter behind
// its back.
#pragma once

#include <QSqlDatabase>
#include <QString>

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

} // namespace LedgerCurator::TestSupport
