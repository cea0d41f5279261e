// SPDX-License-Identifier: GPL-3.0-or-later
#include "RequestRetry.h"

#include <QtGlobal>

namespace LedgerCurator::RequestRetry {

int retryAfterMs(const QByteArray &header)
{
    bool ok = false;
    const qint64 seconds = header.trimmed().toLongLong(&ok);
    if (!ok || seconds < 0)
        return -1;
    return int(qMin<qint64>(seconds, 24 * 3600) * 1000);
}

qint64 backoffStepMs(const Policy &policy, int attempt)
{
    return qMin<qint64>(policy.maxBackoffMs,
        qint64(policy.initialBackoffMs) << qMin(qMax(attempt - 1, 0), policy.maxDoublings));
}

Next next(const Policy &policy, int attempt, int retryAfterMs, QRandomGenerator &random)
{
    if (attempt >= policy.maxAttempts)
        return { Next::Kind::GiveUp, 0 };
    if (retryAfterMs >= 0) {
        if (retryAfterMs > policy.maxBackoffMs)
            return { Next::Kind::AskedTooLong, 0 };
        // Never earlier than asked.
        const int jitter
            = policy.jitterRetryAfter ? int(random.bounded(qMax(1, retryAfterMs / 10 + 1))) : 0;
        return { Next::Kind::Wait, retryAfterMs + jitter };
    }
    const qint64 step = backoffStepMs(policy, attempt);
    return { Next::Kind::Wait, int(step / 2 + random.bounded(step / 2 + 1)) };
}

QString gaveUp(const QString &problem, int attempt)
{
    return attempt == 1 ? problem
                        : problem + QStringLiteral(" (gave up after %1 attempts)").arg(attempt);
}

} // namespace LedgerCurator::RequestRetry
