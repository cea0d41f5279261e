// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Not part of the models' API: what keeps one reply of the sync client within its limits
// (docs/sync-client.md, "Limits"). Attached by SyncClient::send() to every reply it starts.

#include <QByteArray>
#include <QByteArrayView>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>

class QNetworkReply;

namespace LedgerCurator {

//! Looks at a reply's body as it comes, a piece at a time, and may refuse it at the first piece
//! past a limit of its own (what an events page may hold: SyncPull.cpp).
class ReplyInspector
{
public:
    virtual ~ReplyInspector() = default;
    //! The announced Content-Length, when one came: false to refuse the reply before its body.
    virtual bool announced(qint64 length) = 0;
    //! The next bytes of the body: false to refuse the reply there.
    virtual bool take(QByteArrayView piece) = 0;
    //! Why it refused the reply, for the sync's message ("the page holds more than ...").
    virtual QString message() const = 0;
};

//! Reads its reply's body as it arrives, a bounded piece at a time (the reply's read buffer is
//! kept small, so Qt stops reading the socket until this has taken what came), and aborts the
//! reply as soon as its body would pass the cap, its announced Content-Length already does, or
//! its deadline (the request's, or the sync's if sooner) passes. A child of the reply.
class SyncReplyGuard final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SyncReplyGuard)

public:
    enum class Tripped { No, ReplyCap, RequestDeadline, SyncDeadline, Inspector };

    //! The most the reply's read buffer holds before this reads it.
    static constexpr qint64 kReadChunk = 1024 * 1024;

    //! `requestDeadlineMs` 0: none; `syncDeadline` may be forever.
    SyncReplyGuard(
        QNetworkReply &reply, qint64 maxBytes, int requestDeadlineMs, QDeadlineTimer syncDeadline);

    //! The guard of a reply SyncClient::send() started.
    static SyncReplyGuard *of(const QNetworkReply &reply);

    //! Shows every piece of the body to inspector (before the first byte is read); Tripped::
    //! Inspector when it refuses one.
    void setInspector(std::shared_ptr<ReplyInspector> inspector)
    {
        m_inspector = std::move(inspector);
    }
    const ReplyInspector *inspector() const { return m_inspector.get(); }

    Tripped tripped() const { return m_tripped; }
    qint64 announced() const { return m_announced; } // the Content-Length, -1 when none came
    qint64 received() const { return m_received; } // the body's bytes taken so far
    qint64 elapsedMs() const { return m_started.elapsed(); }
    //! Once the reply has finished: the whole body (the rest read now), within the cap.
    QByteArray takeBody();

private:
    void checkHeaders();
    void readAvailable();
    void trip(Tripped why);

    QNetworkReply &m_reply;
    const qint64 m_maxBytes;
    QByteArray m_body;
    qint64 m_received = 0;
    qint64 m_announced = -1;
    Tripped m_tripped = Tripped::No;
    Tripped m_timerMeans = Tripped::No; // what the timer's expiry means
    std::shared_ptr<ReplyInspector> m_inspector;
    QTimer m_timer;
    QElapsedTimer m_started;
};

} // namespace LedgerCurator
