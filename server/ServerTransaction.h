// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the server's API: the transaction guard of ServerStore and the helpers its two
// source files share (ServerStore.cpp: schema, records, events; ServerStoreAccess.cpp: tokens
// and curator keys).

#include "ServerStore.h"
#include "SqlTransaction.h"

#include <QDateTime>
#include <QMutex>
#include <QSqlDatabase>
#include <QVariant>

namespace LedgerCurator {

//! The time a row was written, for the tables' created_at, updated_at and received_at.
inline QString nowUtcText()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

//! A text column that may be NULL: the empty string is stored as NULL.
inline QVariant textOrNull(const QString &text)
{
    return text.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(text);
}

//! One transaction, rolled back unless committed (the shared SqlTransaction). Write
//! transactions on SQLite take this process's write lock, then BEGIN IMMEDIATE (the database
//! write lock at once, so that a read never has to be upgraded into a write that SQLite would
//! refuse as busy).
class ServerStore::Transaction final
{
public:
    enum class Mode { Read, Write };
    Transaction(const ServerStore &store, Mode mode)
        : m_store(store)
        , m_mode(mode)
        , m_transaction(QSqlDatabase::database(store.m_connectionName, false))
    {
    }
    ~Transaction()
    {
        m_transaction.rollback(); // before the write lock is let go
        if (m_locked)
            m_store.m_writeLock->unlock();
    }
    Q_DISABLE_COPY_MOVE(Transaction)

    Status begin()
    {
        const bool sqlite = m_store.isSqlite();
        if (m_mode == Mode::Write && sqlite && m_store.m_writeLock) {
            if (!m_store.m_writeLock->tryLock(m_store.m_config.busyTimeoutMs))
                return Error::of(Error::Kind::Busy,
                    QStringLiteral("the database is busy (waited %1 ms for the write lock)")
                        .arg(m_store.m_config.busyTimeoutMs));
            m_locked = true;
        }
        QString sql;
        if (sqlite)
            sql = m_mode == Mode::Write ? QStringLiteral("BEGIN IMMEDIATE")
                                        : QStringLiteral("BEGIN");
        else
            sql = m_mode == Mode::Write
                ? QStringLiteral("BEGIN")
                : QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        if (!m_transaction.begin(sql))
            return m_store.sqlError(m_transaction.lastError(), sql.section(u' ', 0, 1));
        return {};
    }

    Status commit()
    {
        if (!m_transaction.commit())
            return m_store.sqlError(m_transaction.lastError(), QStringLiteral("COMMIT"));
        return {};
    }

private:
    const ServerStore &m_store;
    Mode m_mode;
    SqlTransaction m_transaction;
    bool m_locked = false;
};

} // namespace LedgerCurator
