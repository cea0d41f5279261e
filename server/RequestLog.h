// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// ledger-server's request log: one line per request on standard error (docs/server-limits.md).
// Whatever a client sends, it is one line: every control character and bidi control of a field is
// written as an escape, so that no request can write a line of its own or move the text around.

#include <QByteArray>
#include <QString>

namespace LedgerCurator {

//! text with every C0 control, DEL, C1 control, U+2028/U+2029, bidi control (U+061C, U+200E,
//! U+200F, U+202A-U+202E, U+2066-U+2069) and backslash written as \xNN, \uNNNN or \\.
QString escapedForLog(const QString &text);
//! The same for bytes: printable ASCII as itself, every other byte as \xNN.
QString escapedForLog(const QByteArray &bytes);

struct RequestLogEntry
{
    QByteArray method;
    QByteArray target; // as sent (percent-encoded)
    int status = 0;
    qint64 bytes = 0;
    qint64 ms = 0;
    QString tokenName;
    QString peer;
    QString note;
};

//! "2026-12-02T07:00:00.000Z GET /v1/events?after=0 200 1234B 3ms alice 127.0.0.1 (note)"
QByteArray requestLogLine(const RequestLogEntry &entry, const QString &time);

} // namespace LedgerCurator
