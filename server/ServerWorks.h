// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The works index of ledger-server's reconciliation service (docs/reconciliation.md): a
// WorksIndex (models/works) in an SQLite file of its own, whatever the ledger's database is.
// One ServerWorks per thread (a Qt Sql connection belongs to one thread).

#include "Result.h"
#include "WorksIndex.h"

#include <QString>

#include <memory>

namespace LedgerCurator {

struct DatabaseConfig;

//! Where the works index lives when --works is not given: beside the SQLite database
//! (ledger-server.db -> ledger-server-works.db), or, for PostgreSQL, ledger-server-works.db
//! under the server's QStandardPaths::AppDataLocation.
QString defaultWorksPath(const DatabaseConfig &ledger);

class ServerWorks final
{
public:
    //! An SQLite connection of its own to the works file at `path` (made, with its folder, if
    //! missing), waiting up to busyTimeoutMs for a lock. With `ensureSchema`, the index's tables
    //! are created when missing.
    static Result<std::unique_ptr<ServerWorks>> open(
        const QString &path, int busyTimeoutMs, bool ensureSchema);
    ~ServerWorks();
    Q_DISABLE_COPY_MOVE(ServerWorks)

    WorksIndex &index() { return *m_index; }
    const QString &path() const { return m_path; }

private:
    ServerWorks(QString path, QString connectionName);

    QString m_path;
    QString m_connectionName;
    std::unique_ptr<WorksIndex> m_index;
};

} // namespace LedgerCurator
