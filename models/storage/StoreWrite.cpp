// SPDX-License-Identifier: GPL-3.0-or-later
// The cache's write transaction (StoreWrite.h) and the meta entries every write may carry.
#include "StoreWrite.h"

#include <QSqlQuery>

namespace LedgerCurator {

Status Store::Write::begin(const QString &what)
{
    if (const QString refusal = m_store.checkWritable(); !refusal.isEmpty())
        return Error::failure(refusal);
    // IMMEDIATE: the write lock is taken (waiting up to the busy timeout) before anything is
    // read. A deferred BEGIN reads first and asks for the lock at its first write; when another
    // connection (the suggestions' worker, a sync, ledger-curator in a terminal) committed in
    // between, SQLite refuses at once with "database is locked" (SQLITE_BUSY_SNAPSHOT), without
    // waiting: an import failed that way under load.
    if (!m_transaction.begin(QStringLiteral("BEGIN IMMEDIATE")))
        return m_store.noteFailure(sqlError(what, m_transaction.lastError()));
    return {};
}

Status Store::Write::commit(const QString &what)
{
    if (!m_transaction.commit())
        return fail(sqlError(what, m_transaction.lastError()));
    // Committed, but into the file still named so? Else the caller must not report it recorded.
    if (const QString refusal = m_store.checkWritable(); !refusal.isEmpty())
        return Error::failure(refusal);
    return {};
}

Error Store::Write::fail(Error error)
{
    error = m_store.noteFailure(std::move(error));
    m_transaction.rollback();
    return error;
}

Status Store::inWriteTransaction(const QString &what, const std::function<Status()> &body)
{
    Write write(*this);
    if (auto status = write.begin(m_path + QStringLiteral(": ") + what); !status)
        return status;
    if (auto status = body(); !status)
        return write.fail(status.error());
    return write.commit(m_path + QStringLiteral(": ") + what);
}

Status writeMeta(QSqlDatabase db, const Store::MetaEntries &meta)
{
    if (meta.isEmpty())
        return {};
    QSqlQuery query(db);
    query.prepare(QStringLiteral("INSERT INTO meta (key, value) VALUES (?, ?)"
                                 " ON CONFLICT(key) DO UPDATE SET value = excluded.value"));
    for (const auto &[key, value] : meta) {
        query.bindValue(0, key);
        query.bindValue(1, value);
        if (!query.exec())
            return sqlError(QStringLiteral("cannot store setting %1").arg(key), query.lastError());
    }
    return {};
}

} // namespace LedgerCurator
