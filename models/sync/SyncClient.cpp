// SPDX-License-Identifier: GPL-3.0-or-later
#include "SyncClient.h"

#include "CurationLog.h"
#include "EventJson.h"
#include "Identifier.h"
#include "RecordJson.h"
#include "Store.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>
#include <QSet>
#include <QThread>
#include <QThreadPool>
#include <QTimer>
#include <QUrlQuery>
#include <QWaitCondition>

#include <deque>

namespace LedgerCurator {

namespace {

constexpr int kMaxPageSize = 20000;
constexpr int kMaxPushBatch = 1000;

//! The server's own words from an error body {"error": {"code", "message"}}, else a short excerpt.
QString serverMessage(const QByteArray &body)
{
    const QJsonObject error = QJsonDocument::fromJson(body).object().value(QStringLiteral("error")).toObject();
    const QString code = error.value(QStringLiteral("code")).toString();
    const QString message = error.value(QStringLiteral("message")).toString();
    if (!message.isEmpty())
        return code.isEmpty() ? message : code + QStringLiteral(": ") + message;
    const QString text = QString::fromUtf8(body.left(200)).simplified();
    return text.isEmpty() ? QStringLiteral("no explanation given") : text;
}

bool isNetworkLayerError(QNetworkReply::NetworkError error)
{
    // 1-99 are connection problems, 101-199 proxy problems (QNetworkReply::NetworkError).
    return error != QNetworkReply::NoError && int(error) < 200;
}

} // namespace

//! What one successful request gave.
struct SyncClient::Reply
{
    int status = 0;
    QByteArray body;
    QByteArray etag;
    QUrl url;
};

//! The state of one run().
struct SyncClient::Context
{
    SyncOptions options;
    SyncProgress progress;
    SyncReport report;
    QUrl base; // the server URL without a trailing slash
    QString shownServer; // the server as messages name it
    QByteArray listEtag; // the record list's ETag, stored once every changed record is in

    QUrl endpoint(const QString &path, const QUrlQuery &query = {}) const
    {
        QUrl url = base;
        url.setPath(base.path(QUrl::FullyEncoded) + path, QUrl::StrictMode);
        url.setQuery(query);
        return url;
    }
    bool tell(const QString &step, qint64 done, qint64 total) const { return !progress || progress(step, done, total); }
    void log(const QString &message) const
    {
        if (options.log)
            options.log(message);
    }
    //! Whether the cache's page of `id` (as of `localAsOf`) is newer than the server's (as of
    //! `serverAsOf`); if so it is kept, and the report and the log say so.
    bool keepsNewerPage(const QString &id, const QString &localAsOf, const QString &serverAsOf)
    {
        if (localAsOf.isEmpty() || localAsOf <= serverAsOf)
            return false;
        const QString note = QStringLiteral("arXiv:%1: the cache holds a newer page (as of %2) than %3 "
                                            "(as of %4); kept the cache's")
                                     .arg(id, localAsOf, shownServer, serverAsOf);
        report.recordsKeptLocal.append(note);
        log(note);
        return true;
    }
};

//! One record of the list that the cache lacks or holds under another ETag.
struct SyncClient::RecordEntry
{
    QString id;
    QString asOf; // as the list says
    QString listEtag; // as the list says
    QString storedEtag; // the ETag stored for it, sent as If-None-Match when the cache holds it
};

//! What became of one changed record: fetched and checked, or not.
struct SyncClient::FetchedRecord
{
    RecordEntry entry;
    int status = 0; // 200, 304 (changed back since the list) or 404 (removed since)
    std::optional<Record> record; // checked (readRecordJson), when 200
    QString etag; // the reply's ETag
    std::optional<Error> error; // the fetch failed: the last item
};

//! One page of events, checked in full, or why not.
struct SyncClient::EventPage
{
    QList<CorrectionEvent> events;
    qint64 lastSeq = 0; // the page's last seq (the one before when it is empty)
    qint64 latestSeq = 0; // the server's latest
    bool more = false;
    std::optional<Error> error; // the page failed: the last item
};

//! The part of a SyncFetch that cancel() reaches.
class SyncFetchBase
{
public:
    virtual ~SyncFetchBase() = default;
    //! Thread-safe: the thread stops at its next step, abandoning a request in flight.
    virtual void stop() = 0;
};

//! Replies fetched and checked on a thread of their own while the thread of run() stores what
//! came before: a record's download and parse (about 1.5 s for 200,000 observations) and the
//! parse of each event page cost no time of their own. The thread runs a SyncClient of its own
//! for the requests (its own network manager, retries and timeouts; the Store it is given is
//! never touched there) and hands each Item over through a queue of at most `capacity`. The
//! work delivers items until one holds an error, or until stopped.
template <typename Item>
class SyncFetch final : public SyncFetchBase
{
public:
    using Work = std::function<void(SyncFetch &fetch, SyncClient &client, SyncClient::Context &context)>;

    SyncFetch(SyncClient &owner, const SyncClient::Context &context, qsizetype capacity, const QString &name, Work work)
        : m_owner(owner), m_context(context), m_capacity(capacity), m_logTo(context.options.log)
    {
        m_context.progress = {};
        m_context.report = {}; // the thread's own counts, added to the run's by addCounts()
        // Lines logged by the thread (retries) are told in the thread of run().
        m_context.options.log = [this](const QString &message) {
            {
                QMutexLocker locker(&m_mutex);
                m_log.append(message);
            }
            QMetaObject::invokeMethod(&m_home, [this] { flushLog(); }, Qt::QueuedConnection);
        };
        {
            QMutexLocker locker(&m_owner.m_fetchMutex);
            m_owner.m_fetches.append(this);
        }
        m_thread.reset(QThread::create([this, work = std::move(work)] { run(work); }));
        m_thread->setObjectName(name);
        m_thread->start();
    }

    ~SyncFetch() override
    {
        {
            QMutexLocker locker(&m_owner.m_fetchMutex);
            m_owner.m_fetches.removeOne(this);
        }
        stop();
        m_thread->wait();
        flushLog();
    }
    Q_DISABLE_COPY_MOVE(SyncFetch)

    void stop() override
    {
        QMutexLocker locker(&m_mutex);
        m_stop = true;
        if (m_client)
            m_client->cancel();
        m_taken.wakeAll();
    }

    //! In the thread of run(): the next item, waited for without blocking the thread's events (a
    //! server in this thread keeps answering); nullopt when the sync is cancelled.
    std::optional<Item> next()
    {
        for (;;) {
            flushLog();
            if (m_owner.cancelled())
                return std::nullopt;
            {
                QMutexLocker locker(&m_mutex);
                if (!m_ready.empty()) {
                    Item item = std::move(m_ready.front());
                    m_ready.pop_front();
                    m_taken.wakeAll();
                    return item;
                }
            }
            QEventLoop loop;
            m_waiting = &loop;
            m_owner.m_loop = &loop; // cancel() quits it too
            loop.exec();
            m_owner.m_loop = nullptr;
            m_waiting = nullptr;
        }
    }

    //! In the thread of run(), once the last item is taken: adds the thread's requests and
    //! retries to the report.
    void addCounts(SyncReport &report)
    {
        m_thread->wait();
        report.requests += m_context.report.requests;
        report.retries += m_context.report.retries;
    }

    //! In the fetch thread: waits until the queue has room; false when stopped.
    bool waitForRoom()
    {
        QMutexLocker locker(&m_mutex);
        while (qsizetype(m_ready.size()) >= m_capacity && !m_stop)
            m_taken.wait(&m_mutex);
        return !m_stop;
    }

    //! In the fetch thread: hands an item over (waiting for room); false when stopped.
    bool deliver(Item item)
    {
        if (!waitForRoom())
            return false;
        {
            QMutexLocker locker(&m_mutex);
            m_ready.push_back(std::move(item));
        }
        QMetaObject::invokeMethod(&m_home, [this] { wake(); }, Qt::QueuedConnection);
        return true;
    }

private:
    void run(const Work &work)
    {
        SyncClient client(m_owner.m_store); // for its requests only
        client.m_network = std::make_unique<QNetworkAccessManager>();
        client.m_network->setRedirectPolicy(QNetworkRequest::NoLessSafeRedirectPolicy);
        {
            QMutexLocker locker(&m_mutex);
            if (m_stop)
                return;
            m_client = &client;
        }
        work(*this, client, m_context);
        QMutexLocker locker(&m_mutex);
        m_client = nullptr;
    }

    void wake()
    {
        if (m_waiting)
            m_waiting->quit();
    }

    void flushLog()
    {
        QStringList lines;
        {
            QMutexLocker locker(&m_mutex);
            lines.swap(m_log);
        }
        for (const QString &line : std::as_const(lines)) {
            if (m_logTo)
                m_logTo(line);
        }
    }

    SyncClient &m_owner;
    SyncClient::Context m_context; // the thread's: its own counts, no progress
    const qsizetype m_capacity;
    const std::function<void(const QString &)> m_logTo; // the log of run()
    QObject m_home; // lives in the thread of run(): wake() and flushLog() are run there
    QEventLoop *m_waiting = nullptr; // next()'s loop, in the thread of run()
    std::unique_ptr<QThread> m_thread;

    QMutex m_mutex; // guards the members below
    QWaitCondition m_taken; // an item was taken, or stop()
    std::deque<Item> m_ready;
    QStringList m_log;
    SyncClient *m_client = nullptr; // the thread's client while it works
    bool m_stop = false;
};

SyncClient::SyncClient(Store &store, QObject *parent) : QObject(parent), m_store(store) { }

SyncClient::~SyncClient() = default;

QString SyncClient::serverKey(const QUrl &server)
{
    return server
            .adjusted(QUrl::StripTrailingSlash | QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment)
            .toString(QUrl::FullyEncoded);
}

QString SyncClient::lastSeqKey(const QUrl &server)
{
    return QStringLiteral("sync/") + serverKey(server) + QStringLiteral("/last_seq");
}

QString SyncClient::recordsEtagKey(const QUrl &server)
{
    return QStringLiteral("sync/") + serverKey(server) + QStringLiteral("/records_etag");
}

QString SyncClient::recordEtagPrefix(const QUrl &server)
{
    return QStringLiteral("sync/") + serverKey(server) + QStringLiteral("/etag/");
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
    if (!server.isValid() || (server.scheme() != u"http" && server.scheme() != u"https") || server.host().isEmpty())
        return Error::badInput(QStringLiteral("'%1' is not an http:// or https:// server URL")
                                       .arg(server.toDisplayString()));
    if (options.token.isEmpty())
        return Error::badInput(QStringLiteral("no token to present to %1").arg(server.toDisplayString()));
    for (const QChar c : options.token) {
        if (c.unicode() < 0x21 || c.unicode() > 0x7e)
            return Error::badInput(QStringLiteral("the token holds a character a token cannot hold"));
    }
    if (options.pageSize < 1 || options.pageSize > kMaxPageSize)
        return Error::badInput(QStringLiteral("the page size must be 1 to %1").arg(kMaxPageSize));
    if (options.pushBatch < 1 || options.pushBatch > kMaxPushBatch)
        return Error::badInput(QStringLiteral("the push batch must be 1 to %1").arg(kMaxPushBatch));
    if (options.maxAttempts < 1 || options.timeoutMs < 1 || options.initialBackoffMs < 0 || options.maxBackoffMs < 0)
        return Error::badInput(QStringLiteral("attempts and timeouts must be positive"));
    if (!m_store.isOpen())
        return Error::failure(QStringLiteral("%1: the cache is not open").arg(m_store.path()));

    if (!m_network) {
        m_network = std::make_unique<QNetworkAccessManager>();
        m_network->setRedirectPolicy(QNetworkRequest::NoLessSafeRedirectPolicy);
    }

    Context context;
    context.options = options;
    context.progress = progress;
    context.base = server.adjusted(QUrl::StripTrailingSlash | QUrl::RemoveQuery | QUrl::RemoveFragment);
    context.shownServer = context.base.toDisplayString(QUrl::RemoveUserInfo);

    if (auto status = push(context); !status)
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
    if (cancelled())
        return Error::cancelled();

    context.report.finishedAt = nowUtc();
    if (auto stored = m_store.setMetaEntries({ { lastFinishedKey(), context.report.finishedAt },
                                               { QStringLiteral("sync/last_server"), serverKey(server) } });
        !stored)
        return stored.error();
    return context.report;
}

std::unique_ptr<QNetworkReply> SyncClient::send(Context &context, const QByteArray &verb, const QUrl &url,
                                               const QByteArray &body,
                                               const QList<std::pair<QByteArray, QByteArray>> &headers)
{
    const SyncOptions &options = context.options;
    QNetworkRequest request(url);
    request.setTransferTimeout(options.timeoutMs);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setRawHeader("Authorization", "Bearer " + options.token.toLatin1());
    request.setRawHeader("Accept", "application/json");
    if (!body.isNull())
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);

    ++context.report.requests;
    return std::unique_ptr<QNetworkReply>(body.isNull() ? m_network->sendCustomRequest(request, verb)
                                                        : m_network->sendCustomRequest(request, verb, body));
}

Result<SyncClient::Reply> SyncClient::request(Context &context, const QByteArray &verb, const QUrl &url,
                                              const QByteArray &body,
                                              const QList<std::pair<QByteArray, QByteArray>> &headers,
                                              const QList<int> &accepted, std::unique_ptr<QNetworkReply> sent)
{
    const SyncOptions &options = context.options;
    const QString shownUrl = url.toDisplayString(QUrl::RemoveUserInfo);
    for (int attempt = 1;; ++attempt) {
        if (cancelled())
            return Error::cancelled();
        std::unique_ptr<QNetworkReply> reply = attempt == 1 && sent ? std::move(sent)
                                                                    : send(context, verb, url, body, headers);
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
        const QByteArray replyBody = reply->isOpen() ? reply->readAll() : QByteArray();

        QString problem; // why this attempt failed
        bool retry = false;
        int retryAfterMs = -1;
        if (isNetworkLayerError(error) || status == 0) {
            retry = true;
            switch (error) {
            case QNetworkReply::ConnectionRefusedError:
                problem = QStringLiteral("cannot reach %1: connection refused").arg(context.shownServer);
                break;
            case QNetworkReply::HostNotFoundError:
                problem = QStringLiteral("cannot reach %1: host not found").arg(context.shownServer);
                break;
            case QNetworkReply::OperationCanceledError: // setTransferTimeout() aborts this way
            case QNetworkReply::TimeoutError:
                problem = QStringLiteral("%1: no reply within %2 ms").arg(shownUrl).arg(options.timeoutMs);
                break;
            case QNetworkReply::RemoteHostClosedError:
                problem = QStringLiteral("%1: the server closed the connection before the reply was complete")
                                  .arg(shownUrl);
                break;
            default:
                problem = QStringLiteral("cannot reach %1: %2").arg(context.shownServer, reply->errorString());
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
            return Error::failure(QStringLiteral("the server refused the token: %1 (HTTP %2 from %3)")
                                          .arg(serverMessage(replyBody))
                                          .arg(status)
                                          .arg(shownUrl));
        } else if (status == 429 || status >= 500) {
            retry = true;
            problem = QStringLiteral("%1 answered HTTP %2: %3").arg(shownUrl).arg(status).arg(serverMessage(replyBody));
            bool ok = false;
            const qint64 seconds = reply->rawHeader("Retry-After").trimmed().toLongLong(&ok);
            if (ok && seconds >= 0)
                retryAfterMs = int(qMin<qint64>(seconds, 24 * 3600) * 1000);
        } else {
            return Error::failure(
                    QStringLiteral("%1 answered HTTP %2: %3").arg(shownUrl).arg(status).arg(serverMessage(replyBody)));
        }

        Q_ASSERT(retry);
        if (attempt >= options.maxAttempts)
            return Error::failure(attempt == 1 ? problem
                                               : problem + QStringLiteral(" (gave up after %1 attempts)").arg(attempt));
        int delay = 0;
        if (retryAfterMs >= 0) {
            if (retryAfterMs > options.maxBackoffMs)
                return Error::failure(problem
                                      + QStringLiteral(" (the server asks to retry after %1 s, longer than the "
                                                       "longest wait of %2 ms)")
                                                .arg(retryAfterMs / 1000)
                                                .arg(options.maxBackoffMs));
            // Never earlier than asked; a little jitter so that many clients do not return at once.
            delay = retryAfterMs + int(QRandomGenerator::global()->bounded(qMax(1, retryAfterMs / 10 + 1)));
        } else {
            // Exponential backoff with "equal jitter": half the step fixed, half random.
            const qint64 step = qMin<qint64>(options.maxBackoffMs,
                                             qint64(options.initialBackoffMs) << qMin(attempt - 1, 20));
            delay = int(step / 2 + QRandomGenerator::global()->bounded(step / 2 + 1));
        }
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

Status SyncClient::push(Context &context)
{
    auto total = m_store.outboxCount();
    if (!total)
        return total.error();
    if (!context.tell(QStringLiteral("push"), 0, *total)) {
        m_cancelled.store(true);
        return Error::cancelled();
    }
    const QString server = serverKey(context.base);
    // What this server refused before: not in the batches (it would refuse them again and hold
    // the rest back), each tried alone at the end.
    auto earlier = m_store.refusedCorrections(server);
    if (!earlier)
        return earlier.error();
    qint64 after = 0;
    qint64 done = 0;
    for (;;) {
        qint64 last = after;
        auto batch = m_store.outbox(context.options.pushBatch, after, server, &last);
        if (!batch)
            return batch.error();
        if (batch->isEmpty())
            break;
        if (auto status = pushEvents(context, *batch, false); !status)
            return status;
        after = last;
        done += batch->size();
        if (!context.tell(QStringLiteral("push"), done, qMax<qint64>(*total, done))) {
            m_cancelled.store(true);
            return Error::cancelled();
        }
    }
    for (const Store::RefusedCorrection &refused : std::as_const(*earlier)) {
        if (auto status = pushEvents(context, { refused.event }, true); !status)
            return status;
    }
    return {};
}

Status SyncClient::pushEvents(Context &context, const QList<CorrectionEvent> &events, bool retryingRefused)
{
    const QUrl url = context.endpoint(QStringLiteral("/v1/events"));
    const QString shownUrl = url.toDisplayString(QUrl::RemoveUserInfo);
    const QByteArray body = QJsonDocument(QJsonObject { { QStringLiteral("events"), correctionsToJson(events) } })
                                    .toJson(QJsonDocument::Compact);
    // 4xx answers about the batch's content come back as replies; 401/403 (the token), 429 and
    // 5xx are request()'s to report or retry.
    auto reply = request(context, "POST", url, body, {}, { 200, 400, 409, 413, 422 });
    if (!reply)
        return reply.error();
    if (reply->status != 200) {
        if (events.size() > 1) {
            const qsizetype half = events.size() / 2;
            if (auto status = pushEvents(context, events.first(half), retryingRefused); !status)
                return status;
            return pushEvents(context, events.sliced(half), retryingRefused);
        }
        const CorrectionEvent &e = events.first();
        const QString reason = serverMessage(reply->body);
        if (auto status = m_store.markRefused(e.id, serverKey(context.base), reply->status, reason); !status)
            return status;
        context.report.refused.append(QStringLiteral("correction %1 (arXiv:%2, observation %3, %4): %5 answered HTTP %6: %7")
                                              .arg(e.id, e.record, e.observation, curationFieldKey(e.field), shownUrl)
                                              .arg(reply->status)
                                              .arg(reason));
        if (retryingRefused)
            ++context.report.stillRefused;
        if (context.options.log)
            context.options.log(QStringLiteral("refused: ") + context.report.refused.constLast());
        return {};
    }

    auto malformed = [&shownUrl](const QString &what) {
        return Error::failure(QStringLiteral("%1: malformed reply: %2").arg(shownUrl, what));
    };
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(reply->body, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return malformed(QStringLiteral("not JSON (%1 at byte %2)").arg(parseError.errorString()).arg(parseError.offset));
    if (!document.isObject())
        return malformed(QStringLiteral("expected an object"));
    const QJsonObject object = document.object();
    const auto stored = jsonWholeNumber(object.value(QStringLiteral("stored")));
    const auto duplicates = jsonWholeNumber(object.value(QStringLiteral("duplicates")));
    if (!stored || *stored < 0)
        return malformed(QStringLiteral("\"stored\": expected a whole number, found %1")
                                 .arg(jsonTypeName(object.value(QStringLiteral("stored")))));
    if (!duplicates || *duplicates < 0)
        return malformed(QStringLiteral("\"duplicates\": expected a whole number, found %1")
                                 .arg(jsonTypeName(object.value(QStringLiteral("duplicates")))));
    if (*stored + *duplicates != events.size())
        return malformed(QStringLiteral("%1 stored and %2 duplicates for a batch of %3 events")
                                 .arg(*stored)
                                 .arg(*duplicates)
                                 .arg(events.size()));
    const QJsonValue seqs = object.value(QStringLiteral("seqs"));
    if (!seqs.isArray() || seqs.toArray().size() != events.size())
        return malformed(QStringLiteral("\"seqs\": expected an array of %1 entries").arg(events.size()));
    const QJsonArray seqArray = seqs.toArray();
    for (qsizetype i = 0; i < events.size(); ++i) {
        const QJsonObject entry = seqArray.at(i).toObject();
        const auto seq = jsonWholeNumber(entry.value(QStringLiteral("seq")));
        if (entry.value(QStringLiteral("id")).toString() != events.at(i).id || !seq || *seq < 1)
            return malformed(QStringLiteral("seqs[%1]: expected {\"id\": \"%2\", \"seq\": N}").arg(i).arg(events.at(i).id));
    }
    context.report.pushed += *stored;
    context.report.duplicates += *duplicates;
    if (retryingRefused) {
        QStringList ids;
        for (const CorrectionEvent &e : events)
            ids.append(e.id);
        if (auto status = m_store.clearRefused(ids, serverKey(context.base)); !status)
            return status;
    }
    return {};
}

Status SyncClient::pullRecordList(Context &context, std::unique_ptr<SyncFetch<FetchedRecord>> &fetch,
                                  qsizetype &count)
{
    const QUrl listUrl = context.endpoint(QStringLiteral("/v1/records"));
    const QString shownListUrl = listUrl.toDisplayString(QUrl::RemoveUserInfo);
    auto storedListEtag = m_store.meta(recordsEtagKey(context.base));
    if (!storedListEtag)
        return storedListEtag.error();
    QList<std::pair<QByteArray, QByteArray>> listHeaders;
    if (!storedListEtag->isEmpty())
        listHeaders.append({ "If-None-Match", storedListEtag->toUtf8() });
    if (!context.tell(QStringLiteral("records"), 0, 0)) {
        m_cancelled.store(true);
        return Error::cancelled();
    }
    auto list = request(context, "GET", listUrl, QByteArray(), listHeaders, { 200, 304 });
    if (!list)
        return list.error();
    if (list->status == 304)
        return {};

    // Check the whole list first.
    auto malformed = [&shownListUrl](const QString &what) {
        return Error::failure(QStringLiteral("%1: malformed reply: %2").arg(shownListUrl, what));
    };
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(list->body, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return malformed(QStringLiteral("not JSON (%1 at byte %2)").arg(parseError.errorString()).arg(parseError.offset));
    const QJsonValue records = document.object().value(QStringLiteral("records"));
    if (!records.isArray())
        return malformed(QStringLiteral("\"records\": expected an array, found %1").arg(jsonTypeName(records)));
    QList<RecordEntry> entries;
    QSet<QString> seen;
    const QJsonArray array = records.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonObject o = array.at(i).toObject();
        const QString where = QStringLiteral("records[%1]").arg(i);
        if (!array.at(i).isObject())
            return malformed(where + QStringLiteral(": expected an object, found %1").arg(jsonTypeName(array.at(i))));
        RecordEntry entry { o.value(QStringLiteral("id")).toString(), o.value(QStringLiteral("as_of")).toString(),
                            o.value(QStringLiteral("etag")).toString(), QString() };
        const IdentifierCheck id = parseArxivId(entry.id);
        if (!id.ok() || id.identifier->base != entry.id)
            return malformed(where + QStringLiteral(".id: expected an arXiv id without version, found %1")
                                             .arg(o.value(QStringLiteral("id")).isString()
                                                          ? QLatin1Char('\'') + entry.id + QLatin1Char('\'')
                                                          : jsonTypeName(o.value(QStringLiteral("id")))));
        if (!o.value(QStringLiteral("as_of")).isString() || entry.asOf.isEmpty())
            return malformed(where + QStringLiteral(".as_of: expected a date"));
        if (!o.value(QStringLiteral("etag")).isString() || entry.listEtag.isEmpty())
            return malformed(where + QStringLiteral(".etag: expected a non-empty string"));
        if (!jsonWholeNumber(o.value(QStringLiteral("version"))))
            return malformed(where + QStringLiteral(".version: expected a whole number"));
        if (!o.value(QStringLiteral("title")).isString())
            return malformed(where + QStringLiteral(".title: expected a string"));
        if (seen.contains(entry.id))
            return malformed(where + QStringLiteral(": record %1 is listed twice").arg(entry.id));
        seen.insert(entry.id);
        entries.append(entry);
    }

    auto storedEtags = m_store.metaWithPrefix(recordEtagPrefix(context.base));
    if (!storedEtags)
        return storedEtags.error();
    auto localDates = m_store.recordAsOfDates();
    if (!localDates)
        return localDates.error();
    QList<RecordEntry> changed;
    for (RecordEntry &entry : entries) {
        if (storedEtags->value(entry.id) == entry.listEtag && localDates->contains(entry.id))
            continue;
        if (context.keepsNewerPage(entry.id, localDates->value(entry.id), entry.asOf))
            continue;
        if (localDates->contains(entry.id))
            entry.storedEtag = storedEtags->value(entry.id);
        changed.append(std::move(entry));
    }
    context.listEtag = list->etag;
    if (changed.isEmpty())
        return storeListEtag(context, true);
    count = changed.size();
    // One checked record waits at most: the next one is fetched once it is taken.
    fetch = std::make_unique<SyncFetch<FetchedRecord>>(
            *this, context, 1, QStringLiteral("sync record fetch"),
            [changed](SyncFetch<FetchedRecord> &records, SyncClient &client, Context &threadContext) {
                client.fetchRecords(records, threadContext, changed);
            });
    return {};
}

void SyncClient::fetchRecords(SyncFetch<FetchedRecord> &fetch, Context &context, const QList<RecordEntry> &entries)
{
    for (const RecordEntry &entry : entries) {
        if (!fetch.waitForRoom())
            return;
        FetchedRecord item;
        item.entry = entry;
        const QUrl url = context.endpoint(QStringLiteral("/v1/records/")
                                          + QString::fromLatin1(QUrl::toPercentEncoding(entry.id)));
        const QString shownUrl = url.toDisplayString(QUrl::RemoveUserInfo);
        QList<std::pair<QByteArray, QByteArray>> headers;
        if (!entry.storedEtag.isEmpty())
            headers.append({ "If-None-Match", entry.storedEtag.toUtf8() });
        auto reply = request(context, "GET", url, QByteArray(), headers, { 200, 304, 404 });
        if (!reply) {
            item.error = reply.error();
        } else {
            item.status = reply->status;
            if (reply->status == 200) {
                item.etag = QString::fromUtf8(reply->etag);
                auto record = readRecordJson(reply->body, shownUrl);
                reply->body = QByteArray();
                if (!record)
                    item.error = Error::failure(
                            QStringLiteral("%1: malformed record: %2").arg(shownUrl, record.error().toString()));
                else if (record->arxivId != entry.id)
                    item.error = Error::failure(QStringLiteral("%1: malformed reply: asked for record %2, received %3")
                                                        .arg(shownUrl, entry.id, record->arxivId));
                else
                    item.record = std::move(*record);
            }
        }
        const bool failed = item.error.has_value();
        if (!fetch.deliver(std::move(item)) || failed)
            return;
    }
}

Status SyncClient::storeRecords(Context &context, SyncFetch<FetchedRecord> &fetch, qsizetype count)
{
    const QString etagPrefix = recordEtagPrefix(context.base);
    auto localDates = m_store.recordAsOfDates();
    if (!localDates)
        return localDates.error();
    bool complete = true;
    for (qsizetype i = 0; i < count; ++i) {
        if (!context.tell(QStringLiteral("records"), i, count)) {
            m_cancelled.store(true);
            return Error::cancelled();
        }
        auto item = fetch.next();
        if (!item)
            return Error::cancelled();
        if (item->error)
            return *item->error;
        if (item->status == 304)
            continue; // changed back since the list was made
        if (item->status == 404) {
            complete = false; // removed since the list was made: ask for the list again next time
            continue;
        }
        const RecordEntry &entry = item->entry;
        if (context.keepsNewerPage(entry.id, localDates->value(entry.id), item->record->asOf))
            continue;
        if (cancelled())
            return Error::cancelled();
        const QString etag = item->etag.isEmpty() ? entry.listEtag : item->etag;
        // readRecordJson() has checked the record (validateRecord()).
        auto imported = m_store.importRecordsWithMeta({ *item->record }, { { etagPrefix + entry.id, etag } },
                                                      RecordCheck::AlreadyValidated);
        if (!imported)
            return imported.error();
        ++context.report.recordsUpdated;
        // Freeing a large record value by value takes a while (about 0.4 s for 200,000
        // observations): a pool thread does it while this one goes on.
        QThreadPool::globalInstance()->start([doomed = std::move(item->record)]() mutable { doomed.reset(); });
    }
    fetch.addCounts(context.report);
    if (!context.tell(QStringLiteral("records"), count, count)) {
        m_cancelled.store(true);
        return Error::cancelled();
    }
    return storeListEtag(context, complete);
}

Status SyncClient::storeListEtag(Context &context, bool complete)
{
    if (!complete || context.listEtag.isEmpty())
        return {};
    return m_store.setMeta(recordsEtagKey(context.base), QString::fromUtf8(context.listEtag));
}

void SyncClient::fetchEvents(SyncFetch<EventPage> &fetch, Context &context, qint64 lastSeq)
{
    auto pageUrl = [&context](qint64 after) {
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("after"), QString::number(after));
        query.addQueryItem(QStringLiteral("limit"), QString::number(context.options.pageSize));
        return context.endpoint(QStringLiteral("/v1/events"), query);
    };
    // The next page, asked for once this one has been checked: the server reads it and sends it
    // while this one is handed over and stored. Dropped (and so aborted) when this page fails.
    std::unique_ptr<QNetworkReply> nextPage;
    bool first = true;
    for (;;) {
        const QUrl url = pageUrl(lastSeq);
        const QString shownUrl = url.toDisplayString(QUrl::RemoveUserInfo);
        EventPage page;
        auto fail = [&fetch, &page](Error error) {
            page.error = std::move(error);
            fetch.deliver(std::move(page));
        };
        auto reply = request(context, "GET", url, QByteArray(), {}, { 200 }, std::move(nextPage));
        if (!reply)
            return fail(reply.error());

        // The whole page is checked before any of it is handed over.
        auto malformed = [&shownUrl](const QString &what) {
            return Error::failure(QStringLiteral("%1: malformed reply: %2").arg(shownUrl, what));
        };
        auto read = readEventPageJson(reply->body);
        if (!read)
            return fail(malformed(read.error().message));
        reply->body = QByteArray();
        EventPageJson &json = *read;
        const QList<CorrectionEvent> &events = json.events;
        if (events.size() > context.options.pageSize)
            return fail(malformed(QStringLiteral("%1 events where at most %2 were asked for")
                                          .arg(events.size())
                                          .arg(context.options.pageSize)));
        if (first && json.latestSeq < lastSeq)
            return fail(Error::failure(QStringLiteral("%1 holds events up to seq %2, but this cache has already pulled "
                                                      "up to seq %3: the server was reset or replaced. Sync this "
                                                      "cache with another server URL, or start a new cache")
                                               .arg(context.shownServer)
                                               .arg(json.latestSeq)
                                               .arg(lastSeq)));
        qint64 expected = lastSeq + 1;
        for (qsizetype i = 0; i < events.size(); ++i) {
            const CorrectionEvent &e = events.at(i);
            if (!e.seq)
                return fail(malformed(QStringLiteral("events[%1].seq: missing").arg(i)));
            if (*e.seq != expected)
                return fail(malformed(QStringLiteral("events[%1].seq: expected %2 (events come in server order "
                                                     "without gaps), found %3")
                                              .arg(i)
                                              .arg(expected)
                                              .arg(*e.seq)));
            ++expected;
        }
        const qint64 newLast = events.isEmpty() ? lastSeq : *events.last().seq;
        if (json.lastSeq != newLast)
            return fail(malformed(
                    QStringLiteral("\"last_seq\" is %1, but the page ends at seq %2").arg(json.lastSeq).arg(newLast)));
        if (json.more && events.isEmpty())
            return fail(malformed(QStringLiteral("\"more\" is true on a page without events")));

        if (json.more)
            nextPage = send(context, "GET", pageUrl(newLast), QByteArray(), {});
        page.events = std::move(json.events);
        page.lastSeq = newLast;
        page.latestSeq = json.latestSeq;
        page.more = json.more;
        if (!fetch.deliver(std::move(page)) || !json.more)
            return;
        lastSeq = newLast;
        first = false;
    }
}

Status SyncClient::storeEvents(Context &context, SyncFetch<EventPage> &fetch)
{
    const QString seqKey = lastSeqKey(context.base);
    for (;;) {
        auto page = fetch.next();
        if (!page)
            return Error::cancelled();
        if (page->error)
            return *page->error;
        if (!page->events.isEmpty()) {
            if (auto stored = m_store.addSyncedCorrections(page->events, { { seqKey, QString::number(page->lastSeq) } });
                !stored)
                return stored;
        }
        context.report.eventsPulled += page->events.size();
        context.report.lastSeq = page->lastSeq;
        // As a stored record: a page's events are freed on a pool thread (about 0.1 s for
        // 20,000 of them) while this one goes on.
        QThreadPool::globalInstance()->start([doomed = std::move(page->events)]() mutable { doomed.clear(); });
        if (!context.tell(QStringLiteral("events"), page->lastSeq, qMax(page->latestSeq, page->lastSeq))) {
            m_cancelled.store(true);
            return Error::cancelled();
        }
        if (!page->more)
            break;
    }
    fetch.addCounts(context.report);
    return {};
}

} // namespace LedgerCurator
