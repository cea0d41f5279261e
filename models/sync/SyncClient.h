// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The client half of the sync protocol (docs/sync-client.md): push the outbox, pull the records
// and the events, every received reply checked in full before one transaction stores it.

#include "EventSignature.h"
#include "NoticeSignature.h"
#include "Result.h"
#include "TrustedKeys.h"

#include <QMutex>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QUrl>

#include <atomic>
#include <functional>
#include <memory>

class QEventLoop;
class QNetworkAccessManager;
class QNetworkReply;

namespace LedgerCurator {

class Store;
struct CorrectionEvent;
class SyncFetchBase;
template <typename Item> class SyncFetch;
class ReplyInspector;

struct SyncOptions
{
    QUrl server; // http://host:port, optionally with a path prefix
    QString token;
    int timeoutMs = 15000; // no byte for this long: the request is abandoned (and retried)
    int maxAttempts = 5; // per request, the first one included
    int pageSize
        = 20000; // events per GET /v1/events (1 to 20000): the server's most, fewest commits
    int pushBatch = 500; // events per POST /v1/events (1 to 1000)
    int maxBackoffMs = 30000; // the longest wait between attempts; a longer Retry-After gives up
    int initialBackoffMs = 500; // the wait after the first failed attempt, doubled each time
    //! The most bytes a reply's body may have (docs/sync-client.md, "Limits"): a reply announcing
    //! more is refused from its headers, one sending more is abandoned as soon as it passes, and
    //! neither is retried. The largest legitimate reply is a large record (a record of 202,000
    //! observations, the bench's, is 134 MB), so 256 MiB by default.
    qint64 maxReplyBytes = kDefaultMaxReplyBytes;
    //! The most bytes of one events page held at once (docs/sync-client.md, "Limits"): a page is
    //! read as it comes, its events counted (never more than the page size asked for), and one
    //! passing this is asked again as a page of half as many events. A page of 20,000 events is
    //! about 15 MB.
    qint64 maxPageBytes = kDefaultMaxPageBytes;
    //! The longest one attempt of a request may take, from its sending to its last byte, however
    //! steadily the bytes come; 0: none. Not retried: the same server would do the same again.
    int requestDeadlineMs = kDefaultRequestDeadlineMs;
    //! The longest the whole sync may take, retries and waits included; 0: none.
    qint64 syncDeadlineMs = kDefaultSyncDeadlineMs;
    //! How the user raises each limit, named in the message when it trips ("--max-reply-mb N").
    QString maxReplyHint = QStringLiteral("SyncOptions::maxReplyBytes");
    QString requestDeadlineHint = QStringLiteral("SyncOptions::requestDeadlineMs");
    QString syncDeadlineHint = QStringLiteral("SyncOptions::syncDeadlineMs");

    static constexpr qint64 kDefaultMaxReplyBytes = qint64(256) * 1024 * 1024;
    static constexpr qint64 kDefaultMaxPageBytes = qint64(32) * 1024 * 1024;
    static constexpr int kDefaultRequestDeadlineMs = 300 * 1000;
    static constexpr qint64 kDefaultSyncDeadlineMs = qint64(30) * 60 * 1000;
    //! Told of each retry and of each record left alone, as one line; may be empty.
    std::function<void(const QString &message)> log;
    //! Who this cache's curator is (the configured name) and their signing key: the key is
    //! registered with the server when it does not know it, and outbox events of this curator
    //! that are unsigned (made before signatures) or must be re-timed are signed with it.
    //! Without a key the sync still pulls, and pushes what is signed already.
    QString curator;
    std::optional<SigningKey> signingKey;
    //! The signing key of a curator (SigningKeyStore in the app). When the token's curator (GET
    //! /v1/whoami) is not `curator` and the outbox holds corrections by them (made with
    //! `--author NAME`), their key is the one registered and used, so those corrections can be
    //! pushed. May be empty.
    std::function<Result<SigningKey>(const QString &curator)> signingKeyFor;
    //! Fetch the server's page of records removed from this cache (Store::removeRecord()) as of
    //! any other: without it, a sync leaves the page that was removed alone (and fetches a newer
    //! one). `ledger-curator sync --fetch-removed`.
    bool fetchRemoved = false;
};

struct SyncReport
{
    qint64 pushed = 0; // events the server stored
    qint64 duplicates = 0; // events pushed that the server already held
    qint64 recordsUpdated = 0;
    qint64 eventsPulled = 0;
    qint64 lastSeq = 0;
    QString finishedAt;
    //! Records left alone because the cache holds a newer page than the server: one line each.
    QStringList recordsKeptLocal;
    //! Records removed from this cache whose page the server holds, left alone (not fetched
    //! again): one line each.
    QStringList recordsLeftRemoved;
    qint64 retries = 0; // attempts that failed and were retried
    qint64 requests = 0; // HTTP requests sent, retries included
    //! Outbox events the server refused, one line each: which correction, and the server's words.
    //! They stay in the outbox, out of the way of the others, and are tried again next sync.
    QStringList refused;
    qint64 stillRefused = 0; // refused in an earlier sync and again in this one
    //! Pulled events that failed their check (docs/signatures.md), one line each ("event ID by
    //! carol fails its signature"): kept aside in the cache, out of every merge.
    QStringList rejected;
    //! "1 event by carol fails its signature and was not applied"; empty when none was.
    QString rejectedSummary;
    QStringList rejectedAuthors; // the authors of those events, each once, in order of arrival
    qint64 legacyEvents = 0; // unsigned events from before signatures, applied as legacy
    //! Seqs the server skipped, no event there to fetch ("seq 2", "seqs 5 to 7"): reported once,
    //! by the sync that passes them.
    QStringList missingSeqs;
    bool keyRegistered = false; // this sync registered the curator's key with the server
    //! When the server's clock and this machine's differ by more than a minute: what was done
    //! ("this machine's clock is 365 days ahead of http://...; new corrections are timed by the
    //! server's clock, 4 re-timed"). Empty otherwise.
    QString clockNote;
    qint64 clockCorrectionMs = 0; // the correction now in use
    qint64 retimed = 0; // outbox events re-timed (and signed again) by the correction
    qint64 signedNow = 0; // outbox events this sync signed (made before signatures)
    qint64 noticesPushed = 0; // notice versions the server stored from this cache
    qint64 noticeDuplicates = 0; // notice versions sent that the server already held
    qint64 noticesStale = 0; // sent, but the server held a newer version (taken here instead)
    qint64 noticesPulled = 0; // notices received that changed this cache
    //! Pulled notices that failed their check (docs/signatures.md, "Notices"), one line each
    //! ("notice retraction-watch:51234 by alice fails its signature"): kept aside in the cache,
    //! which keeps the version it held.
    QStringList rejectedNotices;
    //! "1 notice by alice fails its signature and was not applied"; empty when none was.
    QString rejectedNoticesSummary;
    QStringList rejectedNoticeImporters; // who those notices name as importer, each once
    qint64 legacyNotices = 0; // unsigned notices from before notices were signed, taken as legacy
    qint64 noticesSignedNow = 0; // waiting notices this sync signed (imported before signatures)
    //! Why the notices were not exchanged with this server (an older server without them, or a
    //! notice it refused), one line; empty when they were.
    QString noticesNote;
    //! The name the server knows the token by (GET /v1/whoami); empty from an older server.
    QString tokenCurator;
    //! What still waits in the cache once the sync is over: corrections (refused ones included)
    //! and notices the server has not acknowledged.
    qint64 correctionsWaiting = 0;
    qint64 noticesWaiting = 0;
    //! Whether everything this cache had to send went through: nothing refused, nothing waiting.
    bool sentEverything() const
    {
        return refused.isEmpty() && correctionsWaiting == 0 && noticesWaiting == 0;
    }
};

//! Told of progress: the step ("push", "records", "events"), done of total (total 0: unknown).
//! Returning false cancels the sync.
using SyncProgress = std::function<bool(const QString &step, qint64 done, qint64 total)>;

//! Synchronous sync engine. Lives in the thread that calls run() and owns its network manager;
//! the Store must belong to that thread too (a Qt Sql connection is used by one thread only).
class SyncClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SyncClient)

public:
    explicit SyncClient(Store &store, QObject *parent = nullptr);
    ~SyncClient() override;

    //! Pushes the outbox, pulls the record list and the changed records, pulls the events after
    //! the stored seq. Blocks in local event loops; safe in a worker thread. Each step that
    //! completes is stored in its own transaction; a failure leaves the cache as that step
    //! found it. The changed records are fetched and checked on a thread of their own while
    //! the event pages are stored, and stored after them (docs/sync-client.md).
    Result<SyncReport> run(const SyncOptions &options, const SyncProgress &progress = {});

    //! Thread-safe: abandons the current request or wait; run() returns Error::cancelled().
    void cancel();

    //! The meta keys of the sync state of a server (see docs/sync-client.md).
    static QString serverKey(const QUrl &server); // the URL as used in keys
    static QString lastSeqKey(const QUrl &server); // "sync/<server>/last_seq"
    static QString recordsEtagKey(const QUrl &server); // "sync/<server>/records_etag"
    static QString recordEtagPrefix(const QUrl &server); // "sync/<server>/etag/" + id
    static QString lastFinishedKey(); // "sync/last_finished"
    static QString noticesSeqKey(const QUrl &server); // "sync/<server>/notices_last_seq"
    static QString curatorKey(const QUrl &server); // "sync/<server>/curator": the token's name

private:
    struct Reply;
    struct Context;
    struct RecordEntry;
    struct FetchedRecord;
    struct EventPage;
    template <typename Item> friend class SyncFetch;

    //! GET /v1/keys: the curators' keys (stored in the cache), the legacy mark, and the server's
    //! time, from which the clock correction follows; then registers the curator's key.
    Status pullKeys(Context &context);
    //! The token's curator (GET /v1/whoami), kept in the cache, and who signs for this sync.
    Status resolveCurator(Context &context);
    struct ServerKeys
    {
        QList<CuratorKey> keys; // each with the server's attestation, checked
        qint64 legacyUntilSeq = 0;
        std::optional<ServerKey> serverKey; // "server_key": signs what an admin imports there
        //! "notices_legacy_until_seq": the highest seq an unsigned notice may have; absent from
        //! a server that does not sign notices (all its notices are from before signatures).
        std::optional<qint64> noticesLegacyUntilSeq;
        qint64 offsetMs = 0; // the server's clock minus this machine's
    };
    //! GET /v1/keys, checked in full. Also from a fetch thread (an event signed with a key
    //! registered since the sync began).
    Result<ServerKeys> fetchKeys(Context &context);
    //! Sets the clock correction to `offsetMs` (server minus this machine) and re-times the
    //! outbox events stamped ahead of the server's clock; signs this curator's unsigned outbox
    //! events. Re-timed and newly signed events are rewritten in one transaction.
    Status prepareOutbox(Context &context, qint64 offsetMs);
    Status push(Context &context);
    //! POSTs the events. A refusal of the batch (400, 409, 413, 422: about what it carries) splits
    //! it in two halves, each pushed alone, down to the one event the server refuses, which is
    //! marked refused (Store::markRefused()) and left in the outbox; the others go through.
    Status pushEvents(Context &context, const QList<CorrectionEvent> &events, bool retryingRefused);
    //! POST /v1/notices: the notices imported here and not yet on the server, in batches; each
    //! one's seq noted, a stale one replaced by the server's newer version (SyncNotices.cpp).
    Status pushNotices(Context &context);
    //! GET /v1/notices after the stored cursor, page by page, each page and the cursor stored in
    //! one transaction (Store::addSyncedNotices()).
    Status pullNotices(Context &context);
    //! Signs the waiting notices of this sync's curator that are unsigned (imported before
    //! notices were signed, or without the key at hand), naming them as the importer.
    Status signWaitingNotices(Context &context);
    //! The notices split by their check (NoticeSignature.h); a notice signed with a key the
    //! sync does not know asks for the keys once more first. Rejected ones are logged.
    Result<NoticeTrustSplit> judgeNotices(Context &context, const QList<StandingNotice> &notices);
    //! The record list: starts `fetch` on the `count` records that changed, or stores the list's
    //! ETag when none did.
    Status pullRecordList(
        Context &context, std::unique_ptr<SyncFetch<FetchedRecord>> &fetch, qsizetype &count);
    //! In a fetch thread: fetches each entry and checks it.
    void fetchRecords(
        SyncFetch<FetchedRecord> &fetch, Context &context, const QList<RecordEntry> &entries);
    //! Stores the records `fetch` brings, each with its ETag, then the list's ETag.
    Status storeRecords(Context &context, SyncFetch<FetchedRecord> &fetch, qsizetype count);
    //! Stores the list's ETag when every changed record was handled.
    Status storeListEtag(Context &context, bool complete);
    //! In a fetch thread: the event pages after `lastSeq`, each checked in full.
    void fetchEvents(SyncFetch<EventPage> &fetch, Context &context, qint64 lastSeq);
    //! Stores the pages `fetch` brings, each with the new last seq.
    Status storeEvents(Context &context, SyncFetch<EventPage> &fetch);

    //! Makes what watches the body of each attempt (a new one each time); may be empty.
    using InspectorFactory = std::function<std::shared_ptr<ReplyInspector>()>;
    //! Sends one attempt of a request; the reply is still running. `inspector`, when given,
    //! sees its body as it comes (SyncReplyGuard::setInspector()).
    std::unique_ptr<QNetworkReply> send(Context &context, const QByteArray &verb, const QUrl &url,
        const QByteArray &body, const QList<std::pair<QByteArray, QByteArray>> &headers,
        std::shared_ptr<ReplyInspector> inspector = {});
    //! One request with retries; statuses in `accepted` are returned, every other one is an error.
    //! `sent`, when given, is its first attempt, already sent with send(); `inspect` makes the
    //! inspector of every other attempt. A body an inspector refuses is an error, not retried.
    Result<Reply> request(Context &context, const QByteArray &verb, const QUrl &url,
        const QByteArray &body, const QList<std::pair<QByteArray, QByteArray>> &headers,
        const QList<int> &accepted, std::unique_ptr<QNetworkReply> sent = {},
        const InspectorFactory &inspect = {});
    //! Waits without blocking the thread's events; false when cancelled.
    bool wait(int ms);
    bool cancelled() const { return m_cancelled.load(); }

    Store &m_store;
    std::unique_ptr<QNetworkAccessManager> m_network;
    QPointer<QNetworkReply> m_reply; // the request in flight
    QEventLoop *m_loop = nullptr; // the local loop run() is waiting in, if any
    std::atomic<bool> m_cancelled { false };
    std::atomic<quint64> m_run {
        0
    }; // counts run() calls, so that a late cancel() hits no later run
    QMutex m_fetchMutex; // guards m_fetches against cancel() from another thread
    QList<SyncFetchBase *> m_fetches; // the fetch threads of the current run
};

} // namespace LedgerCurator
