// SPDX-License-Identifier: GPL-3.0-or-later
#include "CacheWatch.h"

#include "Store.h"

#include <QLabel>
#include <QStatusBar>
#include <QTimer>

namespace LedgerCurator {

namespace {
constexpr int kCacheWatchMs = 1000;
} // namespace

CacheWatch::CacheWatch(Store &store, QStatusBar *statusBar, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
    m_problem = new QLabel(statusBar);
    m_problem->setObjectName(QStringLiteral("cacheProblem"));
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setWordWrap(false);
    m_problem->setStyleSheet(QStringLiteral("QLabel { color: palette(bright-text); background: "
                                            "#b00020; padding: 1px 6px; font-weight: bold; }"));
    m_problem->hide();
    statusBar->insertPermanentWidget(0, m_problem);

    if (auto version = m_store.dataVersion())
        m_dataVersion = *version;
    m_timer = new QTimer(this);
    m_timer->setObjectName(QStringLiteral("cacheWatch"));
    m_timer->setInterval(kCacheWatchMs);
    connect(m_timer, &QTimer::timeout, this, &CacheWatch::check);
    m_timer->start();
}

void CacheWatch::check()
{
    if (const QString refusal = m_store.checkWritable(); !refusal.isEmpty()) {
        showRefusal(refusal);
        return;
    }
    auto version = m_store.dataVersion();
    if (!version || *version == m_dataVersion)
        return;
    // A sync shows what it stored when it finishes; a record still loading shows it when in.
    if (m_busy && m_busy())
        return;
    m_dataVersion = *version;
    Q_EMIT changed();
}

void CacheWatch::markSeen()
{
    if (auto version = m_store.dataVersion())
        m_dataVersion = *version;
}

void CacheWatch::showRefusal(const QString &refusal)
{
    if (m_problem->isVisible())
        return;
    m_problem->setText(tr("Not writing to the cache"));
    m_problem->setToolTip(refusal);
    m_problem->setAccessibleName(tr("Not writing to the cache"));
    m_problem->setAccessibleDescription(refusal);
    m_problem->show();
    m_timer->stop();
    Q_EMIT refused(refusal);
}

} // namespace LedgerCurator
