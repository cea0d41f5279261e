// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServeOptions.h"

#include <QCommandLineParser>

#include <algorithm>

namespace LedgerCurator {

namespace {

struct Number
{
    QString name;
    qint64 minimum;
    qint64 maximum;
    QString expected;
};

const QList<Number> &numbers()
{
    static const QList<Number> list = {
        { QStringLiteral("open-connections"), 1, 1000000,
            QStringLiteral("a number from 1 to 1000000") },
        { QStringLiteral("open-inflight"), 1, 1000000,
            QStringLiteral("a number from 1 to 1000000") },
        { QStringLiteral("open-workers"), 1, 256, QStringLiteral("a number from 1 to 256") },
        { QStringLiteral("open-body-memory"), 1, qint64(1) << 40,
            QStringLiteral("a number of bytes >= 1") },
        { QStringLiteral("open-max-body"), 1, qint64(1) << 40,
            QStringLiteral("a number of bytes >= 1") },
        { QStringLiteral("open-rate"), 0, 1000, QStringLiteral("a number from 0 to 1000") },
        { QStringLiteral("max-connections-per-address"), 0, 1000000,
            QStringLiteral("a number from 0 to 1000000") },
        { QStringLiteral("log-refusals"), 0, 1000000, QStringLiteral("a number >= 0") },
    };
    return list;
}

} // namespace

QList<QCommandLineOption> openShareOptions()
{
    const ServerOptions defaults;
    const ServerOptions::OpenShare &open = defaults.open;
    return {
        QCommandLineOption(QStringLiteral("open-connections"),
            QStringLiteral("Requests without a token (/reconcile, the health check) being read or "
                           "answered at once; 503 beyond (default %1).")
                .arg(open.connections),
            QStringLiteral("N"), QString::number(open.connections)),
        QCommandLineOption(QStringLiteral("open-inflight"),
            QStringLiteral("Of them, requests with the workers at once; 503 beyond (default %1).")
                .arg(open.inflight),
            QStringLiteral("N"), QString::number(open.inflight)),
        QCommandLineOption(QStringLiteral("open-workers"),
            QStringLiteral("Worker threads of their own, at a lower CPU priority (default %1).")
                .arg(open.workers),
            QStringLiteral("N"), QString::number(open.workers)),
        QCommandLineOption(QStringLiteral("open-body-memory"),
            QStringLiteral("Bytes of their bodies held at once; 503 beyond (default 16 MiB)."),
            QStringLiteral("BYTES"), QString::number(open.bodyMemory)),
        QCommandLineOption(QStringLiteral("open-max-body"),
            QStringLiteral(
                "Largest body of a request without a token; 413 beyond (default 1 MiB)."),
            QStringLiteral("BYTES"), QString::number(open.maxBody)),
        QCommandLineOption(QStringLiteral("open-rate"),
            QStringLiteral("Requests without a token per second from one address, in bursts of "
                           "twice that; 429 beyond (default %1; 0: no limit).")
                .arg(open.ratePerSecond),
            QStringLiteral("N"), QString::number(open.ratePerSecond)),
        QCommandLineOption(QStringLiteral("max-connections-per-address"),
            QStringLiteral("Connections open at once from one address; more are answered 503 and "
                           "closed (default %1; 0: no limit).")
                .arg(defaults.maxConnectionsPerAddress),
            QStringLiteral("N"), QString::number(defaults.maxConnectionsPerAddress)),
        QCommandLineOption(QStringLiteral("log-refusals"),
            QStringLiteral("Refused requests of one address logged one by one in each log window; "
                           "the rest are counted and told in one line (default %1).")
                .arg(defaults.logRefusals),
            QStringLiteral("N"), QString::number(defaults.logRefusals)),
        QCommandLineOption(QStringLiteral("log-window"),
            QStringLiteral("Seconds of that window (default %1).")
                .arg(defaults.logWindowMs / 1000.0),
            QStringLiteral("S"), QString::number(defaults.logWindowMs / 1000.0)),
    };
}

std::optional<QString> readOpenShareOptions(
    const QCommandLineParser &parser, ServerOptions &options)
{
    QList<qint64> values;
    for (const Number &number : numbers()) {
        bool ok = false;
        const qint64 value = parser.value(number.name).toLongLong(&ok);
        if (!ok || value < number.minimum || value > number.maximum)
            return QStringLiteral("--%1 takes %2, found '%3'")
                .arg(number.name, number.expected, parser.value(number.name));
        values.append(value);
    }
    bool ok = false;
    const double window = parser.value(QStringLiteral("log-window")).toDouble(&ok);
    if (!ok || !(window >= 0.001) || window > 86400)
        return QStringLiteral("--log-window takes seconds from 0.001 to 86400, found '%1'")
            .arg(parser.value(QStringLiteral("log-window")));
    ServerOptions::OpenShare &open = options.open;
    open.connections = int(values[0]);
    open.inflight = int(values[1]);
    open.workers = int(values[2]);
    open.maxBody = values[4];
    open.bodyMemory = std::max(values[3], open.maxBody);
    open.ratePerSecond = int(values[5]);
    options.maxConnectionsPerAddress = int(values[6]);
    options.logRefusals = int(values[7]);
    options.logWindowMs = int(window * 1000 + 0.5);
    return std::nullopt;
}

} // namespace LedgerCurator
