// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: how the two stores (the app's cache and the server's database)
// turn a failed Qt Sql statement into an Error.

#include "Result.h"

#include <QSqlError>
#include <QString>

namespace LedgerCurator {

//! Whether a failed statement only met a lock held by another connection (SQLITE_BUSY or
//! SQLITE_LOCKED; on PostgreSQL lock_not_available, serialization_failure, deadlock_detected,
//! query_canceled, too_many_connections or a lost connection, class 08): the work may be retried.
inline bool isBusyError(const QSqlError &error, bool sqlite)
{
    const QString code = error.nativeErrorCode();
    if (sqlite) {
        bool ok = false;
        const int primary = code.toInt(&ok) & 0xff;
        return (ok && (primary == 5 /* SQLITE_BUSY */ || primary == 6 /* SQLITE_LOCKED */))
            || error.databaseText().contains(QStringLiteral("database is locked"));
    }
    return code == u"55P03" || code == u"40001" || code == u"40P01" || code == u"57014"
        || code == u"53300" || code.startsWith(QStringLiteral("08"))
        || (code.isEmpty() && error.type() == QSqlError::ConnectionError);
}

//! "what: the driver's words (native code)", of kind Busy when isBusyError(), else Failure.
inline Error sqlError(const QString &what, const QSqlError &error, bool sqlite = true)
{
    const QString code = error.nativeErrorCode();
    const QString message = what + QStringLiteral(": ") + error.text().trimmed()
        + (code.isEmpty() ? QString() : QStringLiteral(" (") + code + u')');
    return Error::of(
        isBusyError(error, sqlite) ? Error::Kind::Busy : Error::Kind::Failure, message);
}

} // namespace LedgerCurator
