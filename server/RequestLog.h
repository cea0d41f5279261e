// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// ledger-server's request log: one line per request on standard error (docs/server-limits.md).
// Whatever a client sends, it is one line: every control character and bidi control of a field is
// written as an escape, so that no request can write a line of its own or move the text around.

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QMap>
#include <QString>

#include <utility>

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

//! Refusals (a status of 400 or more) per client address, so that no client can flood the log:
//! the first `perWindow` of an address in each window are logged one by one, the rest are counted
//! by status and told in one line when the window ends (docs/server-limits.md, "The request
//! log"). Bounded: at most kMaxAddresses addresses at once; refusals of further addresses are
//! counted together, never logged one by one.
class RefusalLog final
{
public:
    RefusalLog(int perWindow, qint64 windowMs);

    //! Counts one refusal of peer at nowMs (a monotonic clock): true when it is to be logged now,
    //! false when it is only counted.
    bool admit(const QString &peer, int status, qint64 nowMs);
    //! The summaries of the windows that ended by nowMs (all of them with `all`): for each
    //! address whose refusals were not all logged, the address and "N more refusals from this
    //! address in the last S s were not logged one by one: 404 x3, 429 x1200".
    QList<std::pair<QString, QString>> takeSummaries(qint64 nowMs, bool all = false);
    //! Whether anything is counted and not yet told.
    bool pending() const { return !m_peers.isEmpty() || m_others.held > 0; }
    qint64 windowMs() const { return m_windowMs; }

    static constexpr qsizetype kMaxAddresses = 4096;

private:
    struct Window
    {
        qint64 startMs = 0;
        int logged = 0;
        qint64 held = 0;
        QMap<int, qint64> statuses; // of those held
    };
    static QString summary(const Window &window, qint64 windowMs, const QString &whose);

    int m_perWindow;
    qint64 m_windowMs;
    QHash<QString, Window> m_peers;
    Window m_others; // addresses beyond kMaxAddresses
};

} // namespace LedgerCurator
