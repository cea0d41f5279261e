// SPDX-License-Identifier: GPL-3.0-or-later
// The limits of one reply: its size, read as it comes, and its deadline.
#include "SyncReplyGuard.h"

#include <QNetworkReply>

#include <limits>

namespace LedgerCurator {

namespace {

const QString kGuardName = QStringLiteral("lc_sync_reply_guard");

} // namespace

SyncReplyGuard::SyncReplyGuard(
    QNetworkReply &reply, qint64 maxBytes, int requestDeadlineMs, QDeadlineTimer syncDeadline)
    : QObject(&reply)
    , m_reply(reply)
    , m_maxBytes(maxBytes)
{
    setObjectName(kGuardName);
    m_started.start();
    // Qt reads no more from the socket than this until the reply is read: the body is taken
    // here as it comes, so what the process holds of it is what was taken, plus one chunk.
    reply.setReadBufferSize(kReadChunk);
    connect(&reply, &QNetworkReply::metaDataChanged, this, &SyncReplyGuard::checkHeaders);
    connect(&reply, &QNetworkReply::readyRead, this, &SyncReplyGuard::readAvailable);

    qint64 due = -1;
    if (requestDeadlineMs > 0) {
        due = requestDeadlineMs;
        m_timerMeans = Tripped::RequestDeadline;
    }
    if (!syncDeadline.isForever()) {
        const qint64 left = qMax<qint64>(0, syncDeadline.remainingTime());
        if (due < 0 || left < due) {
            due = left;
            m_timerMeans = Tripped::SyncDeadline;
        }
    }
    if (due >= 0) {
        m_timer.setSingleShot(true);
        m_timer.setTimerType(Qt::PreciseTimer);
        connect(&m_timer, &QTimer::timeout, this, [this] { trip(m_timerMeans); });
        m_timer.start(int(qMin<qint64>(due, std::numeric_limits<int>::max())));
    }
}

SyncReplyGuard *SyncReplyGuard::of(const QNetworkReply &reply)
{
    return reply.findChild<SyncReplyGuard *>(kGuardName, Qt::FindDirectChildrenOnly);
}

QByteArray SyncReplyGuard::takeBody()
{
    m_timer.stop();
    readAvailable();
    return std::exchange(m_body, QByteArray());
}

void SyncReplyGuard::checkHeaders()
{
    if (m_tripped != Tripped::No)
        return;
    const QVariant length = m_reply.header(QNetworkRequest::ContentLengthHeader);
    if (!length.isValid())
        return;
    m_announced = length.toLongLong();
    if (m_announced > m_maxBytes)
        return trip(Tripped::ReplyCap); // refused from the headers, before any of the body
    if (m_inspector && !m_inspector->announced(m_announced))
        return trip(Tripped::Inspector);
    if (m_announced > 0 && m_body.capacity() < m_announced)
        m_body.reserve(m_announced);
}

void SyncReplyGuard::readAvailable()
{
    if (m_tripped != Tripped::No || !m_reply.isOpen())
        return;
    if (m_announced < 0)
        checkHeaders();
    while (m_tripped == Tripped::No) {
        const qint64 available = m_reply.bytesAvailable();
        if (available <= 0)
            break;
        // Never more than one byte past the cap: that byte is the proof it was passed.
        const qint64 room = m_maxBytes + 1 - m_received;
        const QByteArray piece = m_reply.read(qMin(available, room));
        if (piece.isEmpty())
            break;
        m_received += piece.size();
        if (m_received > m_maxBytes)
            return trip(Tripped::ReplyCap);
        if (m_inspector && !m_inspector->take(piece))
            return trip(Tripped::Inspector);
        m_body += piece;
    }
}

void SyncReplyGuard::trip(Tripped why)
{
    if (m_tripped != Tripped::No)
        return;
    m_tripped = why;
    m_timer.stop();
    m_body = QByteArray(); // nothing of a refused reply is kept
    if (m_reply.isRunning())
        m_reply.abort();
}

} // namespace LedgerCurator
