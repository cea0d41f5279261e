// SPDX-License-Identifier: GPL-3.0-or-later
#include "NoticeFixtures.h"

#include "RetractionRows.h"
#include "Store.h"

#include <QFile>
#include <QtTest>

#include <algorithm>

namespace LedgerCurator::TestSupport::NoticeFixtures {

const QString kRecord = QStringLiteral("2104.04473");
const QString kPaperKey = QStringLiteral("10.48550/arxiv.2104.04473");
const QStringList kUnresolved = {
    QStringLiteral("19c9e4ea-19e8-4fd7-82ab-82d278e94d87"),
    QStringLiteral("db29d1e9-7eb4-4784-8506-b0ee07621a42"),
    QStringLiteral("e857b2bb-5386-442e-8cc5-6b2d1d92bfee"),
    QStringLiteral("e919841b-30d3-4e66-a2d1-e594d06b6753"),
    QStringLiteral("00d01956-3547-4166-88a1-c427c5c4440e"),
    QStringLiteral("73494bae-8a1d-4c9f-a9ac-3a3c3d90d1a0"),
};

const QByteArray kHeader = retractionCsvHeader();
const QByteArray kPaperRetraction = paperRetractionRow();
const QByteArray kPaperCorrection = paperCorrectionRow();
const QByteArray kOtherRetraction = otherRetractionRow();
const QString kOtherKey = QStringLiteral("10.5555/ecr.2019.1187");

SourceEvent paperRetraction()
{
    return { EventKind::Retraction, QStringLiteral("2024-03-01"),
        QStringLiteral("retraction_status_cache"), QStringLiteral("10.1234/retract.2104"),
        QStringLiteral("Duplication of Article; Error in Data"), QStringLiteral("Retraction"),
        QStringLiteral("retraction-watch:51234") };
}

SourceEvent pageForm(SourceEvent event)
{
    event.nature.clear();
    event.noticeRef.clear();
    return event;
}

Record pageFormOf(Record record)
{
    for (Observation &o : record.observations) {
        for (SourceEvent &e : o.events.events)
            e = pageForm(e);
    }
    return record;
}

qsizetype countOf(const QList<SourceEvent> &events, const SourceEvent &event)
{
    return std::count(events.cbegin(), events.cend(), event);
}

QStringList idsListing(const Record &record, const SourceEvent &event)
{
    QStringList ids;
    for (const Observation &o : record.observations) {
        if (countOf(o.events.events, event) > 0)
            ids.append(o.id);
    }
    return ids;
}

const Observation *findObservation(const Record &record, const QString &id)
{
    for (const Observation &o : record.observations) {
        if (o.id == id)
            return &o;
    }
    return nullptr;
}

std::optional<CuratedRecord> loadCuratedFrom(const QString &db, const QString &id)
{
    Store store(db);
    if (auto opened = store.open(); !opened) {
        qWarning() << opened.error().toString();
        return std::nullopt;
    }
    auto loaded = store.loadCurated(id);
    if (!loaded || !loaded->has_value()) {
        qWarning() << "cannot load" << id << (loaded ? QString() : loaded.error().toString());
        return std::nullopt;
    }
    return std::move(**loaded);
}

qint64 noticeCountOf(const QString &db)
{
    Store store(db);
    if (!store.open())
        return -1;
    auto count = store.noticeCount();
    return count ? *count : -1;
}

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

void NoticeCliCase::makeCache()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("cache.sqlite"));
    m_csv.clear();
}

CliRun NoticeCliCase::run(QStringList arguments, const QString &db) const
{
    arguments << QStringLiteral("--db") << (db.isEmpty() ? m_db : db);
    return runCli(arguments, m_dir->path());
}

QString NoticeCliCase::writeFile(const QString &name, const QByteArray &bytes) const
{
    const QString path = m_dir->filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return {};
    return path;
}

QByteArray NoticeCliCase::render(const QString &format, const QString &db) const
{
    const CliRun r
        = run({ QStringLiteral("render"), kRecord, QStringLiteral("--format"), format }, db);
    if (r.exitCode != 0)
        qWarning() << "render failed:" << r.err;
    return r.out;
}

void NoticeCliCase::importFixtureAndNotices(const QByteArray &rows)
{
    const CliRun imported
        = run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    m_csv = writeFile(QStringLiteral("retractions.csv"), kHeader + rows);
    QVERIFY(!m_csv.isEmpty());
    const CliRun notices = run({ QStringLiteral("import-notices"), m_csv });
    QVERIFY2(notices.exitCode == 0, notices.err.constData());
}

} // namespace LedgerCurator::TestSupport::NoticeFixtures
