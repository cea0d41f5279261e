// SPDX-License-Identifier: GPL-3.0-or-later
// The sync client: the run, its requests with their retries and timeouts, and the keys of what it
// remembers per server.
#include "RequestRetry.h"
#include "SyncFetch.h"

namespace LedgerCurator {

using namespace SyncDetail;

namespace {

QString shownDuration(qint64 ms)
{
    return ms % 1000 == 0 ? QStringLiteral("%1 s").arg(ms / 1000) : QStringLiteral("%1 ms").arg(ms);
}

QString shownBytes(qint64 bytes)
{
    constexpr qint64 mib = 1024 * 1024;
    return bytes % mib == 0 ? QStringLiteral("%1 MiB").arg(bytes / mib)
                            : QStringLiteral("%1 bytes").arg(bytes);
}

//! The message of a reply over SyncOptions::maxReplyBytes.
Error replyCapError(
    const QString &shownUrl, const SyncOptions &options, const SyncReplyGuard &guard)
{
    const QString what = guard.announced() > options.maxReplyBytes
        ? QStringLiteral("the reply announces %1 bytes, more than the %2 a reply may have; it was "
                         "refused before its body was read")
              .arg(QString::number(guard.announced()), shownBytes(options.maxReplyBytes))
        : QStringLiteral("the reply passed the %1 a reply may have; it was abandoned there")
              .arg(shownBytes(options.maxReplyBytes));
    return Error::failure(
        QStringLiteral("%1: %2. Nothing of it was stored and the outbox is kept. If this "
                       "server's replies are legitimately this large, raise the limit with %3")
            .arg(shownUrl, what, options.maxReplyHint));
}

//! The message of a request over SyncOptions::requestDeadlineMs.
Error requestDeadlineError(
    const QString &shownUrl, const SyncOptions &options, const SyncReplyGuard &guard)
{
    return Error::failure(
        QStringLiteral("%1: the reply was not complete after %2, the most a request may take (%3 "
                       "bytes of it had come); it was abandoned. Nothing of it was stored and the "
                       "outbox is kept. If the server is slow rather than broken, raise the limit "
                       "with %4")
            .arg(shownUrl, shownDuration(options.requestDeadlineMs),
                QString::number(guard.received()), options.requestDeadlineHint));
}

//! The message of a sync over SyncOptions::syncDeadlineMs; `during` says what it was doing.
Error syncDeadlineError(const SyncOptions &options, const QString &during)
{
    return Error::failure(
        QStringLiteral(
            "the sync took longer than the %1 it may take (%2); it stopped. What "
            "earlier steps stored stays, the outbox is kept for the next sync. Raise the "
            "limit with %3")
            .arg(shownDuration(options.syncDeadlineMs), during, options.syncDeadlineHint));
}

} // namespace

SyncClient::SyncClient(Store &store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
}

SyncClient::~SyncClient() = default;

QString SyncClient::serverKey(const QUrl &server)
{
    return server
        .adjusted(QUrl::StripTrailingSlash | QUrl::RemoveUserInfo | QUrl::RemoveQuery
            | QUrl::RemoveFragment)
        .toString(QUrl::FullyEncoded);
}

QString SyncClient::lastSeqKey(const QUrl &server)
{
    return QStringLiteral("sync/") + serverKey(server) + QStringLiteral("/last_seq");
}

QString SyncClient::noticesSeqKey(const QUrl &server)
{
    return QStringLiteral("sync/") + serverKey(server) + QStringLiteral("/notices_last_seq");
}

QString SyncClient::recordsEtagKey(const QUrl &server)
{
    return QStringLiteral("sync/") + serverKey(server) + QStringLiteral("/records_etag");
}

QString SyncClient::recordEtagPrefix(const QUrl &server)
{
    return QStringLiteral("sync/") + serverKey(server) + QStringLiteral("/etag/");
}

QString SyncClient::curatorKey(const QUrl &server)
{
    return QStringLiteral("sync/") + serverKey(server) + QStringLiteral("/curator");
}

QString SyncClient::lastFinishedKey()
{
    return QStringLiteral("sync/last_finished");
}

void SyncClient::cancel()
{
    const quint64 run = m_run.load();
    m_cancelled.store(true);
    {
        QMutexLocker locker(&m_fetchMutex);
        for (SyncFetchBase *fetch : std::as_const(m_fetches))
            fetch->stop();
    }
    // Runs in the thread of run(): the reply and the loop are only touched there. A cancel that
    // arrives after its run has ended must not touch the next one.
    QMetaObject::invokeMethod(
        this,
        [this, run] {
            if (run != m_run.load())
                return;
            if (m_reply)
                m_reply->abort();
            if (m_loop)
                m_loop->quit();
        },
        Qt::QueuedConnection);
}

bool SyncClient::wait(int ms)
{
    if (cancelled())
        return false;
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    timer.setTimerType(Qt::PreciseTimer); // a coarse timer may fire early: never before Retry-After
    connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    timer.start(ms);
    m_loop = &loop;
    loop.exec();
    m_loop = nullptr;
    return !cancelled();
}

Result<SyncReport> SyncClient::run(const SyncOptions &options, const SyncProgress &progress)
{
    m_run.fetch_add(1);
    m_cancelled.store(false);
    const QUrl &server = options.server;
    if (!server.isValid() || (server.scheme() != u"http" && server.scheme() != u"https")
        || server.host().isEmpty())
        return Error::badInput(QStringLiteral("'%1' is not an http:// or https:// server URL")
                                   .arg(server.toDisplayString()));
    if (options.token.isEmpty())
        return Error::badInput(
            QStringLiteral("no token to present to %1").arg(server.toDisplayString()));
    for (const QChar c : options.token) {
        if (c.unicode() < 0x21 || c.unicode() > 0x7e)
            return Error::badInput(
                QStringLiteral("the token holds a character a token cannot hold"));
    }
    if (options.pageSize < 1 || options.pageSize > kMaxPageSize)
        return Error::badInput(QStringLiteral("the page size must be 1 to %1").arg(kMaxPageSize));
    if (options.pushBatch < 1 || options.pushBatch > kMaxPushBatch)
        return Error::badInput(QStringLiteral("the push batch must be 1 to %1").arg(kMaxPushBatch));
    if (options.maxAttempts < 1 || options.timeoutMs < 1 || options.initialBackoffMs < 0
        || options.maxBackoffMs < 0)
        return Error::badInput(QStringLiteral("attempts and timeouts must be positive"));
    if (options.maxReplyBytes < 1 || options.maxPageBytes < 1)
        return Error::badInput(QStringLiteral("the reply limits must be at least one byte"));
    if (options.requestDeadlineMs < 0 || options.syncDeadlineMs < 0)
        return Error::badInput(QStringLiteral("the deadlines must be 0 (none) or positive"));
    if (!m_store.isOpen())
        return Error::failure(QStringLiteral("%1: the cache is not open").arg(m_store.path()));

    if (!m_network) {
        m_network = std::make_unique<QNetworkAccessManager>();
        m_network->setRedirectPolicy(QNetworkRequest::NoLessSafeRedirectPolicy);
    }

    Threads::DropBeside drops; // joined once run() is done with what it frees
    Context context;
    context.drops = &drops;
    context.options = options;
    context.progress = progress;
    context.base
        = server.adjusted(QUrl::StripTrailingSlash | QUrl::RemoveQuery | QUrl::RemoveFragment);
    context.shownServer = context.base.toDisplayString(QUrl::RemoveUserInfo);
    if (options.syncDeadlineMs > 0)
        context.syncDeadline = QDeadlineTimer(options.syncDeadlineMs, Qt::PreciseTimer);

    if (auto status = pullKeys(context); !status)
        return status.error();
    if (auto status = push(context); !status)
        return status.error();
    if (auto status = pushNotices(context); !status)
        return status.error();
    // The event pages and the changed records are fetched and checked on threads of their own;
    // here the pages are stored as they come, then the records. A failure stops both fetches
    // (~SyncFetch), and what was stored stays: each page and each record is its own transaction.
    auto storedSeq = m_store.meta(lastSeqKey(context.base));
    if (!storedSeq)
        return storedSeq.error();
    const qint64 lastSeq = storedSeq->isEmpty() ? 0 : storedSeq->toLongLong();
    SyncFetch<EventPage> events(*this, context, 2, QStringLiteral("sync event fetch"),
        [lastSeq](SyncFetch<EventPage> &fetch, SyncClient &client, Context &threadContext) {
            client.fetchEvents(fetch, threadContext, lastSeq);
        });
    std::unique_ptr<SyncFetch<FetchedRecord>> records;
    qsizetype recordCount = 0;
    if (auto status = pullRecordList(context, records, recordCount); !status)
        return status.error();
    if (auto status = storeEvents(context, events); !status)
        return status.error();
    if (records) {
        if (auto status = storeRecords(context, *records, recordCount); !status)
            return status.error();
    }
    if (auto status = pullNotices(context); !status)
        return status.error();
    if (cancelled())
        return Error::cancelled();

    context.report.rejectedSummary = rejectedEventsMessage(context.rejectedEvents);
    for (const CorrectionEvent &e : std::as_const(context.rejectedEvents)) {
        if (!context.report.rejectedAuthors.contains(e.author))
            context.report.rejectedAuthors.append(e.author);
    }
    if (!context.report.rejectedSummary.isEmpty())
        context.log(context.report.rejectedSummary);
    context.report.rejectedNoticesSummary = rejectedNoticesMessage(context.rejectedNotices);
    for (const StandingNotice &n : std::as_const(context.rejectedNotices)) {
        if (!context.report.rejectedNoticeImporters.contains(n.importedBy))
            context.report.rejectedNoticeImporters.append(n.importedBy);
    }
    if (!context.report.rejectedNoticesSummary.isEmpty())
        context.log(context.report.rejectedNoticesSummary);
    auto waiting = Outbox(m_store).count();
    if (!waiting)
        return waiting.error();
    context.report.correctionsWaiting = *waiting;
    auto noticesWaiting = Outbox(m_store).noticeCount();
    if (!noticesWaiting)
        return noticesWaiting.error();
    context.report.noticesWaiting = *noticesWaiting;
    context.report.finishedAt = nowUtc(m_store.clockCorrectionMs());
    if (auto stored = m_store.setMetaEntries({ { lastFinishedKey(), context.report.finishedAt },
            { QStringLiteral("sync/last_server"), serverKey(server) } });
        !stored)
        return stored.error();
    return context.report;
}

std::unique_ptr<QNetworkReply> SyncClient::send(Context &context, const QByteArray &verb,
    const QUrl &url, const QByteArray &body,
    const QList<std::pair<QByteArray, QByteArray>> &headers,
    std::shared_ptr<ReplyInspector> inspector)
{
    const SyncOptions &options = context.options;
    QNetworkRequest request(url);
    request.setTransferTimeout(options.timeoutMs);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    request.setAttribute(
        QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setRawHeader("Authorization", "Bearer " + options.token.toLatin1());
    request.setRawHeader("Accept", "application/json");
    if (!body.isNull())
        request.setHeader(
            QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);

    ++context.report.requests;
    std::unique_ptr<QNetworkReply> reply(body.isNull()
            ? m_network->sendCustomRequest(request, verb)
            : m_network->sendCustomRequest(request, verb, body));
    // Started from this thread's event loop, so the guard is in place before the first byte.
    auto *guard = new SyncReplyGuard(
        *reply, options.maxReplyBytes, options.requestDeadlineMs, context.syncDeadline);
    guard->setInspector(std::move(inspector));
    return reply;
}

Result<SyncClient::Reply> SyncClient::request(Context &context, const QByteArray &verb,
    const QUrl &url, const QByteArray &body,
    const QList<std::pair<QByteArray, QByteArray>> &headers, const QList<int> &accepted,
    std::unique_ptr<QNetworkReply> sent, const InspectorFactory &inspect)
{
    const SyncOptions &options = context.options;
    const QString shownUrl = url.toDisplayString(QUrl::RemoveUserInfo);
    for (int attempt = 1;; ++attempt) {
        if (cancelled())
            return Error::cancelled();
        if (context.syncDeadline.hasExpired())
            return syncDeadlineError(
                options, QStringLiteral("before %1 %2").arg(QString::fromLatin1(verb), shownUrl));
        std::unique_ptr<QNetworkReply> reply = attempt == 1 && sent
            ? std::move(sent)
            : send(context, verb, url, body, headers, inspect ? inspect() : nullptr);
        SyncReplyGuard *guard = SyncReplyGuard::of(*reply);
        {
            QEventLoop loop;
            connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
            m_reply = reply.get();
            m_loop = &loop;
            if (cancelled())
                reply->abort();
            if (!reply->isFinished())
                loop.exec();
            m_loop = nullptr;
            m_reply = nullptr;
        }
        if (cancelled()) {
            reply->abort();
            return Error::cancelled();
        }

        const QNetworkReply::NetworkError error = reply->error();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray replyBody
            = guard ? guard->takeBody() : (reply->isOpen() ? reply->readAll() : QByteArray());
        if (guard) {
            // A limit that tripped is not retried: the same server would do the same again.
            switch (guard->tripped()) {
            case SyncReplyGuard::Tripped::No:
                break;
            case SyncReplyGuard::Tripped::ReplyCap:
                return replyCapError(shownUrl, options, *guard);
            case SyncReplyGuard::Tripped::RequestDeadline:
                return requestDeadlineError(shownUrl, options, *guard);
            case SyncReplyGuard::Tripped::SyncDeadline:
                return syncDeadlineError(options,
                    QStringLiteral("during %1 %2, after %3 of it")
                        .arg(QString::fromLatin1(verb), shownUrl,
                            shownDuration(guard->elapsedMs())));
            case SyncReplyGuard::Tripped::Inspector:
                return Error::failure(
                    QStringLiteral("%1: %2. Nothing of it was stored and the outbox is kept.")
                        .arg(shownUrl, guard->inspector()->message()));
            }
        }

        QString problem; // why this attempt failed
        bool retry = false;
        int retryAfterMs = -1;
        if (isNetworkLayerError(error) || status == 0) {
            retry = true;
            switch (error) {
            case QNetworkReply::ConnectionRefusedError:
                problem = QStringLiteral("cannot reach %1: connection refused")
                              .arg(context.shownServer);
                break;
            case QNetworkReply::HostNotFoundError:
                problem
                    = QStringLiteral("cannot reach %1: host not found").arg(context.shownServer);
                break;
            case QNetworkReply::OperationCanceledError: // setTransferTimeout() aborts this way
            case QNetworkReply::TimeoutError:
                problem = QStringLiteral("%1: no reply within %2 ms")
                              .arg(shownUrl)
                              .arg(options.timeoutMs);
                break;
            case QNetworkReply::RemoteHostClosedError:
                problem = QStringLiteral(
                    "%1: the server closed the connection before the reply was complete")
                              .arg(shownUrl);
                break;
            default:
                problem = QStringLiteral("cannot reach %1: %2")
                              .arg(context.shownServer, reply->errorString());
                break;
            }
        } else if (accepted.contains(status)) {
            // A body shorter than announced is a cut-off reply, whatever the connection said.
            const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
            if (length.isValid() && !reply->hasRawHeader("Content-Encoding")
                && length.toLongLong() != replyBody.size()) {
                retry = true;
                problem = QStringLiteral("%1: the reply was cut off (%2 of %3 bytes)")
                              .arg(shownUrl)
                              .arg(replyBody.size())
                              .arg(length.toLongLong());
            } else {
                return Reply { status, replyBody, reply->rawHeader("ETag"), url };
            }
        } else if (status == 401 || status == 403) {
            return Error::failure(
                QStringLiteral("the server refused the token: %1 (HTTP %2 from %3)")
                    .arg(serverMessage(replyBody))
                    .arg(status)
                    .arg(shownUrl));
        } else if (status == 429 || status >= 500) {
            retry = true;
            problem = QStringLiteral("%1 answered HTTP %2: %3")
                          .arg(shownUrl)
                          .arg(status)
                          .arg(serverMessage(replyBody));
            retryAfterMs = RequestRetry::retryAfterMs(reply->rawHeader("Retry-After"));
        } else {
            return Error::failure(QStringLiteral("%1 answered HTTP %2: %3")
                                      .arg(shownUrl)
                                      .arg(status)
                                      .arg(serverMessage(replyBody)));
        }

        Q_ASSERT(retry);
        // Exponential backoff with equal jitter, or the server's Retry-After and a little jitter
        // so that many clients do not return at once.
        const RequestRetry::Policy policy { options.maxAttempts, options.initialBackoffMs,
            options.maxBackoffMs, 20, true };
        const RequestRetry::Next next = RequestRetry::next(policy, attempt, retryAfterMs);
        if (next.kind == RequestRetry::Next::Kind::GiveUp)
            return Error::failure(RequestRetry::gaveUp(problem, attempt));
        if (next.kind == RequestRetry::Next::Kind::AskedTooLong)
            return Error::failure(problem
                + QStringLiteral(" (the server asks to retry after %1 s, longer than the "
                                 "longest wait of %2 ms)")
                      .arg(retryAfterMs / 1000)
                      .arg(options.maxBackoffMs));
        const int delay = next.delayMs;
        if (!context.syncDeadline.isForever() && context.syncDeadline.remainingTime() < delay)
            return syncDeadlineError(options,
                QStringLiteral("its end is sooner than the next attempt of %1 %2 in %3 ms; %4")
                    .arg(QString::fromLatin1(verb), shownUrl, QString::number(delay), problem));
        ++context.report.retries;
        context.log(QStringLiteral("%1; retrying in %2 ms (attempt %3 of %4)")
                        .arg(problem)
                        .arg(delay)
                        .arg(attempt + 1)
                        .arg(options.maxAttempts));
        if (!wait(delay))
            return Error::cancelled();
    }
}

} // namespace LedgerCurator
