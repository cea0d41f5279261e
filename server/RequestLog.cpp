// SPDX-License-Identifier: GPL-3.0-or-later
#include "RequestLog.h"

#include <QStringList>

#include <algorithm>

namespace LedgerCurator {

namespace {

bool needsEscape(char32_t c)
{
    return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || c == 0x2028 || c == 0x2029
        || c == 0x061c || c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e)
        || (c >= 0x2066 && c <= 0x2069) || c == 0xfeff;
}

} // namespace

QString escapedForLog(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == u'\\') {
            out += QStringLiteral("\\\\");
        } else if (c.isSurrogate()) {
            const bool pair
                = c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate();
            if (pair) {
                out += c;
                out += text.at(++i);
            } else {
                out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QChar(u'0'));
            }
        } else if (needsEscape(c.unicode())) {
            out += c.unicode() < 0x100
                ? QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QChar(u'0'))
                : QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QChar(u'0'));
        } else {
            out += c;
        }
    }
    return out;
}

QString escapedForLog(const QByteArray &bytes)
{
    QString out;
    out.reserve(bytes.size());
    for (const char byte : bytes) {
        const auto c = static_cast<unsigned char>(byte);
        if (c == '\\')
            out += QStringLiteral("\\\\");
        else if (c > 0x20 && c < 0x7f)
            out += QChar(c);
        else
            out += QStringLiteral("\\x%1").arg(c, 2, 16, QChar(u'0'));
    }
    return out;
}

QByteArray requestLogLine(const RequestLogEntry &entry, const QString &time)
{
    QString line = time + u' ' + escapedForLog(entry.method) + u' '
        + (entry.target.isEmpty() ? QStringLiteral("-") : escapedForLog(entry.target)) + u' '
        + QString::number(entry.status) + u' ' + QString::number(entry.bytes) + QStringLiteral("B ")
        + QString::number(entry.ms) + QStringLiteral("ms ")
        + (entry.tokenName.isEmpty() ? QStringLiteral("-") : escapedForLog(entry.tokenName)) + u' '
        + (entry.peer.isEmpty() ? QStringLiteral("-") : entry.peer);
    if (!entry.note.isEmpty())
        line += QStringLiteral(" (") + escapedForLog(entry.note) + u')';
    line += u'\n';
    return line.toUtf8();
}

RefusalLog::RefusalLog(int perWindow, qint64 windowMs)
    : m_perWindow(std::max(0, perWindow))
    , m_windowMs(std::max<qint64>(1, windowMs))
{
}

bool RefusalLog::admit(const QString &peer, int status, qint64 nowMs)
{
    auto found = m_peers.find(peer);
    if (found == m_peers.end()) {
        if (m_peers.size() >= kMaxAddresses) {
            if (m_others.held == 0)
                m_others.startMs = nowMs;
            ++m_others.held;
            ++m_others.statuses[status];
            return false;
        }
        found = m_peers.insert(peer, Window { nowMs, 0, 0, {} });
    }
    Window &window = *found;
    if (window.logged < m_perWindow) {
        ++window.logged;
        return true;
    }
    ++window.held;
    ++window.statuses[status];
    return false;
}

QString RefusalLog::summary(const Window &window, qint64 windowMs, const QString &whose)
{
    QStringList counts;
    for (auto it = window.statuses.cbegin(); it != window.statuses.cend(); ++it)
        counts.append(QStringLiteral("%1 x%2").arg(it.key()).arg(it.value()));
    return QStringLiteral("%1 more refusal(s) from %2 in the last %3 s were not logged one by one: "
                          "%4")
        .arg(window.held)
        .arg(whose)
        .arg(double(windowMs) / 1000.0)
        .arg(counts.join(QStringLiteral(", ")));
}

QList<std::pair<QString, QString>> RefusalLog::takeSummaries(qint64 nowMs, bool all)
{
    QList<std::pair<QString, QString>> summaries;
    for (auto it = m_peers.begin(); it != m_peers.end();) {
        if (!all && nowMs - it->startMs < m_windowMs) {
            ++it;
            continue;
        }
        if (it->held > 0)
            summaries.append(
                { it.key(), summary(*it, m_windowMs, QStringLiteral("this address")) });
        it = m_peers.erase(it);
    }
    if (m_others.held > 0 && (all || nowMs - m_others.startMs >= m_windowMs)) {
        summaries.append({ QString(),
            summary(m_others, m_windowMs,
                QStringLiteral("addresses beyond the %1 the log follows").arg(kMaxAddresses)) });
        m_others = {};
    }
    return summaries;
}

} // namespace LedgerCurator
