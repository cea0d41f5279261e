// SPDX-License-Identifier: GPL-3.0-or-later
#include "AuthThrottle.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace LedgerCurator {

namespace {

//! IPv4-mapped IPv6 addresses count as their IPv4 address, so that one client is one bucket.
QHostAddress normalized(const QHostAddress &address)
{
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4);
    return isV4 ? QHostAddress(v4) : address;
}

} // namespace

AuthThrottle::AuthThrottle(int burst, int intervalMs, Clock clock)
    : m_burst(burst)
    , m_intervalMs(std::max(1, intervalMs))
    , m_clock(std::move(clock))
{
    if (!m_clock) {
        auto timer = std::make_shared<QElapsedTimer>();
        timer->start();
        m_clock = [timer] { return timer->elapsed(); };
    }
}

void AuthThrottle::refill(Bucket &bucket, qint64 now) const
{
    bucket.tokens = std::min<double>(
        m_burst, bucket.tokens + double(now - bucket.updatedMs) / double(m_intervalMs));
    bucket.updatedMs = now;
}

int AuthThrottle::retryAfterSeconds(const QHostAddress &address)
{
    if (m_burst <= 0)
        return 0;
    const auto found = m_buckets.find(normalized(address));
    if (found == m_buckets.end())
        return 0;
    const qint64 now = m_clock();
    refill(*found, now);
    if (found->tokens >= 1)
        return 0;
    const double waitMs = (1 - found->tokens) * m_intervalMs;
    return std::max(1, int(std::ceil(waitMs / 1000.0)));
}

void AuthThrottle::recordFailure(const QHostAddress &address)
{
    if (m_burst <= 0)
        return;
    const qint64 now = m_clock();
    const QHostAddress key = normalized(address);
    auto found = m_buckets.find(key);
    if (found == m_buckets.end()) {
        if (m_buckets.size() >= kMaxAddresses)
            prune(now);
        found = m_buckets.insert(key, Bucket { double(m_burst), now });
    }
    refill(*found, now);
    found->tokens = std::max(0.0, found->tokens - 1);
}

void AuthThrottle::prune(qint64 now)
{
    // Addresses whose bucket is full again are forgotten; if every one is still throttled, the
    // oldest go (a flood from as many addresses is beyond what a throttle per address can stop).
    for (auto it = m_buckets.begin(); it != m_buckets.end();) {
        refill(*it, now);
        it = it->tokens >= m_burst ? m_buckets.erase(it) : std::next(it);
    }
    if (m_buckets.size() < kMaxAddresses)
        return;
    // Still full: the oldest eighth goes at once, so that a flood costs one pass per 8,192 new
    // addresses rather than one per address.
    std::vector<std::pair<qint64, QHostAddress>> ages;
    ages.reserve(size_t(m_buckets.size()));
    for (auto it = m_buckets.cbegin(); it != m_buckets.cend(); ++it)
        ages.emplace_back(it->updatedMs, it.key());
    const auto cut = ages.begin() + qsizetype(ages.size() / 8);
    std::nth_element(ages.begin(), cut, ages.end(),
        [](const auto &a, const auto &b) { return a.first < b.first; });
    for (auto it = ages.begin(); it != cut; ++it)
        m_buckets.remove(it->second);
}

} // namespace LedgerCurator
