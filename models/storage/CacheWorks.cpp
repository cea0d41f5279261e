// SPDX-License-Identifier: GPL-3.0-or-later
#include "CacheWorks.h"

#include "EveryRecord.h"
#include "SqlError.h"
#include "Store.h"
#include "StoreConnection.h"

#include <QSet>
#include <QSqlQuery>

namespace LedgerCurator {

namespace {

const QString kStampKey = QStringLiteral("works/cache-stamp");

//! A text that changes whenever a record or a correction is added, replaced or removed.
Result<QString> recordsStamp(const Store &store)
{
    QSqlQuery query(StoreConnection::of(store));
    if (!query.exec(QStringLiteral(
            "SELECT (SELECT COUNT(*) || ':' || IFNULL(MAX(rowid), 0) || ':'"
            "  || IFNULL(MAX(imported_at), '') || ':' || IFNULL(SUM(version), 0) FROM records),"
            " (SELECT COUNT(*) || ':' || IFNULL(MAX(rowid), 0) FROM corrections)"))
        || !query.next())
        return sqlError(
            QStringLiteral("%1: cannot read what changed").arg(store.path()), query.lastError());
    return QString(query.value(0).toString() + u'/' + query.value(1).toString());
}

} // namespace

WorksIndex cacheWorksIndex(Store &store)
{
    return WorksIndex(StoreConnection::of(store),
        [&store](const QString &what, const std::function<Status()> &body) {
            return store.inWriteTransaction(what, body);
        });
}

WorksIndex cacheWorksForSearch(Store &store)
{
    QSqlDatabase db = StoreConnection::of(store);
    WorksIndex::prepareForSearch(db);
    return cacheWorksIndex(store);
}

Result<QList<Work>> cacheKnownWorks(const Store &store)
{
    QList<Work> works;
    QSet<QString> seen;
    const QString source = QString::fromLatin1(kCacheWorksSource);
    auto add = [&](const QString &id, const QString &title) {
        const QString trimmed = id.trimmed();
        if (trimmed.isEmpty() || title.trimmed().isEmpty() || seen.contains(trimmed))
            return;
        seen.insert(trimmed);
        works += Work { trimmed, title, QString(), std::nullopt, QString(), source };
    };
    if (auto status = forEachCuratedRecord(store,
            [&](const CuratedRecord &curated) {
                add(curated.shown.arxivId, curated.shown.title);
                for (const Observation &o : curated.shown.observations) {
                    if (!o.curation->identifier.isEmpty())
                        add(o.curation->identifier, o.citedTitle);
                }
            });
        !status)
        return status.error();
    return works;
}

Result<bool> refreshCacheWorks(Store &store)
{
    auto stamp = recordsStamp(store);
    if (!stamp)
        return stamp.error();
    auto held = store.meta(kStampKey);
    if (held && *held == *stamp)
        return false;
    auto works = cacheKnownWorks(store);
    if (!works)
        return works.error();
    WorksIndex index = cacheWorksIndex(store);
    if (auto status = index.replaceSource(QString::fromLatin1(kCacheWorksSource), *works); !status)
        return status.error();
    if (auto status = store.setMeta(kStampKey, *stamp); !status)
        return status.error();
    return true;
}

} // namespace LedgerCurator
