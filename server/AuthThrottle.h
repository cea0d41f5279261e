// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Failed authentications per client address (docs/server-limits.md): each address may fail
// `burst` times, then once more per `intervalMs`; beyond that its requests are answered 429 with
// Retry-After before any token is looked up. A token bucket per address, in bounded memory. The
// same buckets limit the rate of requests without a token (take(): --open-rate).

#include <QHash>
#include <QHostAddress>

#include <functional>

namespace LedgerCurator {

class AuthThrottle final
{
public:
    using Clock = std::function<qint64()>; // milliseconds, monotonic

    //! burst 0 turns the throttle off.
    AuthThrottle(int burst, int intervalMs, Clock clock = {});

    //! 0 when address may try now; otherwise the seconds (at least 1) until it may.
    int retryAfterSeconds(const QHostAddress &address);
    //! Counts one failed authentication of address.
    void recordFailure(const QHostAddress &address);
    //! As a rate limit: 0 when address may go on now (and counts it), else the seconds to wait.
    int take(const QHostAddress &address)
    {
        const int wait = retryAfterSeconds(address);
        if (wait == 0)
            recordFailure(address);
        return wait;
    }
    //! How many addresses are remembered (for tests).
    qsizetype size() const { return m_buckets.size(); }

    static constexpr qsizetype kMaxAddresses = 65536;

private:
    struct Bucket
    {
        double tokens = 0;
        qint64 updatedMs = 0;
    };
    void refill(Bucket &bucket, qint64 now) const;
    void prune(qint64 now);

    int m_burst;
    int m_intervalMs;
    Clock m_clock;
    QHash<QHostAddress, Bucket> m_buckets;
};

} // namespace LedgerCurator
