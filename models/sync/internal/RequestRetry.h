// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: when and after how long the sync client (SyncClient::request())
// and the reconciliation client (ReconcileClient::post()) try a failed request again: the count
// of attempts, the backoff and the server's Retry-After (docs/threads.md, "Retrying a request").
// Each client keeps its own wording of the failures and its own wait.

#include <QByteArray>
#include <QRandomGenerator>
#include <QString>

namespace LedgerCurator::RequestRetry {

//! How a client retries a request that failed in a way worth retrying (no reply, a cut-off one,
//! HTTP 429 or a 5xx the client retries).
struct Policy
{
    int maxAttempts = 1; // the first one included
    int initialBackoffMs = 500; // the backoff's first step
    int maxBackoffMs = 10000; // the longest step, and the longest Retry-After waited for
    int maxDoublings = 20; // the step doubles at most this many times
    //! Adds up to a tenth (at least 1 ms) to a Retry-After, so that many clients told the same
    //! do not come back at once; never less than asked.
    bool jitterRetryAfter = false;
};

//! A Retry-After header's delay in milliseconds: delta-seconds only (an HTTP date is not read),
//! capped at a day; -1 when there is none or it is not a number of seconds.
int retryAfterMs(const QByteArray &header);

//! The backoff step after attempt `attempt` (1 for the first) failed: initialBackoffMs doubled
//! `attempt` - 1 times (at most maxDoublings), at most maxBackoffMs.
qint64 backoffStepMs(const Policy &policy, int attempt);

//! What follows a failed attempt.
struct Next
{
    enum class Kind {
        Wait, // try again after delayMs
        GiveUp, // maxAttempts were made
        AskedTooLong, // the server's Retry-After is longer than maxBackoffMs
    };
    Kind kind = Kind::GiveUp;
    int delayMs = 0;
};

//! After attempt `attempt` (1 for the first) failed, with the server's Retry-After in ms
//! (retryAfterMs(); -1: none): give up once maxAttempts were made; refuse a Retry-After longer
//! than maxBackoffMs; else wait what the server asked (Policy::jitterRetryAfter), or without
//! one the backoff step with "equal jitter": half of it fixed, half random.
Next next(const Policy &policy, int attempt, int retryAfterMs,
    QRandomGenerator &random = *QRandomGenerator::global());

//! The message of a request given up: `problem`, and after more than one attempt how many.
QString gaveUp(const QString &problem, int attempt);

} // namespace LedgerCurator::RequestRetry
