// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: the transaction guard of the two stores, the app's cache (Store)
// and the server's database (ServerStore, on SQLite or PostgreSQL).

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>

namespace LedgerCurator {

//! One transaction on a Qt Sql connection, rolled back when the guard goes out of scope without
//! commit(): every exit path of the code that holds it, an early return or an exception, ends
//! the transaction. Invariants: at most one begin(); after commit() or rollback() the guard is
//! inactive and its destructor does nothing.
class SqlTransaction final
{
public:
    explicit SqlTransaction(QSqlDatabase db)
        : m_db(std::move(db))
    {
    }
    ~SqlTransaction() { rollback(); }
    SqlTransaction(const SqlTransaction &) = delete;
    SqlTransaction &operator=(const SqlTransaction &) = delete;

    //! Begins with the driver's BEGIN, or with `sql` (BEGIN IMMEDIATE, BEGIN ISOLATION LEVEL ...).
    //! False on failure, with lastError() saying why.
    bool begin(const QString &sql = {})
    {
        if (sql.isEmpty()) {
            m_active = m_db.transaction();
            m_error = m_active ? QSqlError() : m_db.lastError();
        } else {
            QSqlQuery query(m_db);
            m_active = query.exec(sql);
            m_error = m_active ? QSqlError() : query.lastError();
        }
        return m_active;
    }

    //! Commits through the driver (which also sees a PostgreSQL COMMIT answered by ROLLBACK).
    //! False on failure, with lastError() saying why; the transaction is then still to be rolled
    //! back (rollback() or the destructor), so that the caller can first read the connection's
    //! own error state (the cache reads SQLite's extended error code).
    bool commit()
    {
        if (!m_active)
            return false;
        if (m_db.commit()) {
            m_active = false;
            return true;
        }
        m_error = m_db.lastError();
        return false;
    }

    //! Rolls back if active. A failed rollback ends with the connection.
    void rollback()
    {
        if (m_active)
            m_db.rollback();
        m_active = false;
    }

    bool isActive() const { return m_active; }
    QSqlError lastError() const { return m_error; }

private:
    QSqlDatabase m_db;
    QSqlError m_error;
    bool m_active = false;
};

} // namespace LedgerCurator
