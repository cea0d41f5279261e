// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: one sync run as the sync client's files share it (SyncClient.cpp:
// the run and its requests; SyncPush.cpp: the outbox; SyncPull.cpp: records and events): its state
// (SyncClient::Context), what its requests give (Reply, RecordEntry, FetchedRecord, EventPage)
// and the checks on what comes back (serverMessage(), PageCheck). The fetch threads are
// SyncFetch.h's.
#include "SyncClient.h"

#include "CurationLog.h"
#include "EventJson.h"
#include "Identifier.h"
#include "JsonShape.h"
#include "Outbox.h"
#include "RecordJson.h"
#include "Store.h"
#include "SyncReplyGuard.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>
#include <QSet>
#include <QTimer>
#include <QUrlQuery>

namespace LedgerCurator {

namespace Threads {
class DropBeside; // HelperThread.h
}

namespace SyncDetail {

constexpr int kMaxPageSize = 20000;
constexpr int kMaxPushBatch = 1000;

//! The server's own words from an error body {"error": {"code", "message"}}, else a short excerpt.
inline QString serverMessage(const QByteArray &body)
{
    const QJsonObject error
        = QJsonDocument::fromJson(body).object().value(QStringLiteral("error")).toObject();
    const QString code = error.value(QStringLiteral("code")).toString();
    const QString message = error.value(QStringLiteral("message")).toString();
    if (!message.isEmpty())
        return code.isEmpty() ? message : code + QStringLiteral(": ") + message;
    const QString text = QString::fromUtf8(body.left(200)).simplified();
    return text.isEmpty() ? QStringLiteral("no explanation given") : text;
}

//! The code of an error body {"error": {"code", ...}}; empty when there is none.
inline QString serverErrorCode(const QByteArray &body)
{
    return QJsonDocument::fromJson(body)
        .object()
        .value(QStringLiteral("error"))
        .toObject()
        .value(QStringLiteral("code"))
        .toString();
}

inline bool isNetworkLayerError(QNetworkReply::NetworkError error)
{
    // 1-99 are connection problems, 101-199 proxy problems (QNetworkReply::NetworkError).
    return error != QNetworkReply::NoError && int(error) < 200;
}

//! The most bytes of one item of a page (an event, a notice): an event holds at most a few texts
//! of 4,096 characters (EventJson.cpp), some tens of kilobytes of JSON at worst.
constexpr qint64 kMaxPageItemBytes = 256 * 1024;
//! The most values in one item: an event's 11 members, itself and its parents (at most 64) are
//! 78.
constexpr qint64 kMaxPageItemValues = 256;

//! A page of events or notices read as it comes (docs/sync-client.md, "Limits"): its items
//! counted, each one's size and values, its nesting, its bytes; refused at the first piece past a
//! limit, so that what is parsed afterwards holds at most the items asked for.
class PageCheck final : public ReplyInspector
{
public:
    //! asked: the page's `limit`; items: what they are, for messages ("events").
    PageCheck(int asked, qint64 maxBytes, QString items)
        : m_asked(asked)
        , m_maxBytes(maxBytes)
        , m_items(std::move(items))
        , m_shape(JsonShapeLimits {
              8, qint64(asked) * 128 + 64, asked, kMaxPageItemBytes, kMaxPageItemValues })
    {
    }

    bool announced(qint64 length) override
    {
        if (length <= m_maxBytes)
            return true;
        m_announced = length;
        return false;
    }
    bool take(QByteArrayView piece) override
    {
        m_bytes += piece.size();
        if (m_bytes > m_maxBytes)
            return false;
        return m_shape.feed(piece);
    }
    //! Refused for its bytes alone: a page of fewer items may pass.
    bool tooLarge() const { return m_announced > 0 || m_bytes > m_maxBytes; }
    QString message() const override
    {
        constexpr qint64 mib = 1024 * 1024;
        const QString most = m_maxBytes % mib == 0
            ? QStringLiteral("the %1 MiB a page may hold at once").arg(m_maxBytes / mib)
            : QStringLiteral("the %1 bytes a page may hold at once").arg(m_maxBytes);
        if (m_announced > 0)
            return QStringLiteral("the page (%1 %2 asked for at most) announces %3 bytes, more "
                                  "than %4; it was refused before its body was read")
                .arg(m_asked)
                .arg(m_items)
                .arg(m_announced)
                .arg(most);
        if (m_bytes > m_maxBytes)
            return QStringLiteral("the page (%1 %2 asked for at most) passed %3; it was abandoned "
                                  "there")
                .arg(m_asked)
                .arg(m_items, most);
        if (m_shape.passed() == JsonShape::Passed::Elements)
            return QStringLiteral("malformed reply: the page holds more than the %1 %2 asked "
                                  "for; it was refused there, at byte %3 of it")
                .arg(m_asked)
                .arg(m_items)
                .arg(m_shape.offset());
        return QStringLiteral("malformed reply: the page was refused as it arrived: %1")
            .arg(m_shape.message());
    }

private:
    int m_asked;
    qint64 m_maxBytes;
    QString m_items;
    qint64 m_bytes = 0;
    qint64 m_announced = 0;
    JsonShape m_shape;
};

} // namespace SyncDetail

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
    //! When the sync must be over (SyncOptions::syncDeadlineMs); shared by the fetch threads'
    //! copies, as it is a point in time.
    QDeadlineTimer syncDeadline { QDeadlineTimer::Forever };
    QString shownServer; // the server as messages name it
    QByteArray listEtag; // the record list's ETag, stored once every changed record is in
    KeyRing keys; // the curators' keys (GET /v1/keys and those the cache held)
    //! Who signs and registers a key in this sync: the configured curator, or the token's
    //! curator when the outbox holds corrections by them (SyncOptions::signingKeyFor).
    QString curator;
    std::optional<SigningKey> signingKey;
    qint64 legacyUntilSeq = 0; // the highest seq an unsigned event may have
    //! What judges the notices: the keys above, the server's key, the notices' legacy mark.
    std::optional<ServerKey> serverKey;
    qint64 noticesLegacyUntilSeq = 0;
    bool keysAskedAgainForNotices = false;
    QList<StandingNotice> rejectedNotices; // pulled notices that failed their check
    //! A push was refused as being ahead of the server's clock, which said its time: the push
    //! corrects the clock and starts again (once).
    std::optional<qint64> clockAheadServerMs;
    bool clockCorrectedInPush = false;
    bool serverWithoutNotices = false; // it answered 404 to /v1/notices (an older server)
    QList<CorrectionEvent> rejectedEvents; // pulled events that failed their check
    //! Frees stored records and event pages beside the thread of run() (run() owns it; the
    //! fetch threads' copies never use it).
    Threads::DropBeside *drops = nullptr;

    QUrl endpoint(const QString &path, const QUrlQuery &query = {}) const
    {
        QUrl url = base;
        url.setPath(base.path(QUrl::FullyEncoded) + path, QUrl::StrictMode);
        url.setQuery(query);
        return url;
    }
    bool tell(const QString &step, qint64 done, qint64 total) const
    {
        return !progress || progress(step, done, total);
    }
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
        const QString note
            = QStringLiteral("arXiv:%1: the cache holds a newer page (as of %2) than %3 "
                             "(as of %4); kept the cache's")
                  .arg(id, localAsOf, shownServer, serverAsOf);
        report.recordsKeptLocal.append(note);
        log(note);
        return true;
    }
    //! Whether the server's page of `id` (as of `serverAsOf`) is left alone because the record
    //! was removed from the cache (its page as of `removedAsOf`; empty: it was not): unless
    //! SyncOptions::fetchRemoved, the page removed (or an older one) is not fetched again, and
    //! the report and the log say so; a newer page is, and the log says so.
    bool leavesRemoved(const QString &id, const QString &removedAsOf, const QString &serverAsOf)
    {
        if (removedAsOf.isEmpty())
            return false;
        if (options.fetchRemoved || serverAsOf > removedAsOf) {
            log(QStringLiteral("arXiv:%1 was removed from this cache (its page as of %2); %3's "
                               "page (as of %4) is fetched")
                    .arg(id, removedAsOf, shownServer, serverAsOf));
            return false;
        }
        const QString note
            = QStringLiteral("arXiv:%1 was removed from this cache; %2's page of it (as of %3) "
                             "is not fetched again (import the page, or sync with "
                             "--fetch-removed, to have it back)")
                  .arg(id, shownServer, serverAsOf);
        report.recordsLeftRemoved.append(note);
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
    QList<CorrectionEvent> events; // those that passed their check (signed, or legacy)
    QList<Store::RejectedEvent> rejected; // those that did not
    QStringList rejectedReasons;
    qsizetype legacy = 0;
    //! Seqs the server skipped (an event row deleted from its database): "seq 2", "seqs 5 to 7".
    QStringList missing;
    qint64 lastSeq = 0; // the page's last seq (the one before when it is empty)
    qint64 latestSeq = 0; // the server's latest
    bool more = false;
    std::optional<Error> error; // the page failed: the last item
};

} // namespace LedgerCurator
