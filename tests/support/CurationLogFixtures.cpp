// SPDX-License-Identifier: GPL-3.0-or-later
#include "CurationLogFixtures.h"

#include <QDateTime>
#include <QTest>

#include <algorithm>

char *toString(const std::optional<QString> &value)
{
    return value ? QTest::toString(*value) : qstrdup("<upstream>");
}

namespace LedgerCurator {
char *toString(const FieldState &state)
{
    QStringList heads;
    for (const CorrectionEvent &head : state.heads) {
        QString text = head.id + u'@' + head.createdAt + u'='
            + head.value.value_or(QStringLiteral("<upstream>"));
        if (head.seq)
            text += QStringLiteral(" #") + QString::number(*head.seq);
        heads.append(text);
    }
    return QTest::toString(QString(u'[' + heads.join(QStringLiteral(", ")) + u']'));
}
} // namespace LedgerCurator

namespace LedgerCurator::TestSupport {

const QString kRecord = QStringLiteral("2104.04473");
const QString kObservation = QStringLiteral("6f1c2a4e-9d3b-4c8e-a1f0-2b7d5e9c3a10");

CorrectionEvent correction(const QString &id, std::optional<QString> value,
    const QStringList &parents, const QString &createdAt, CurationField field,
    const QString &observation)
{
    CorrectionEvent e;
    e.id = id;
    e.record = kRecord;
    e.observation = observation;
    e.field = field;
    e.value = std::move(value);
    e.parents = parents;
    e.author = QStringLiteral("curator");
    e.createdAt = createdAt;
    return e;
}

QString stamp(qint64 msecs)
{
    return QDateTime::fromMSecsSinceEpoch(msecs, Qt::UTC)
        .toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss.zzz'Z'"));
}

QList<CorrectionEvent> eventsOf(const QList<CorrectionEvent> &events, const FieldKey &key)
{
    QList<CorrectionEvent> out;
    for (const CorrectionEvent &e : events) {
        if (e.observation == key.observation && e.field == key.field)
            out.append(e);
    }
    return out;
}

QList<FieldKey> keysOf(const QList<CorrectionEvent> &events)
{
    QList<FieldKey> keys;
    for (const CorrectionEvent &e : events) {
        const FieldKey key { e.observation, e.field };
        if (!keys.contains(key))
            keys.append(key);
    }
    std::sort(keys.begin(), keys.end());
    return keys;
}

} // namespace LedgerCurator::TestSupport
