// SPDX-License-Identifier: GPL-3.0-or-later
// Standing notices (docs/notices.md): the work keys they are kept under, the cited work of every
// observation whose link reaches one, the review groups and the schema migration. Importing
// them, and both serialisations of events with a detail: tst_noticeimport.
#include "CuratedRecord.h"
#include "CurationSession.h"
#include "LedgerText.h"
#include "NoticeFixtures.h"
#include "Notices.h"
#include "RecordFixtures.h"
#include "RecordJson.h"
#include "RetractionCsv.h"
#include "Store.h"
#include "StoreConnection.h"
#include "TestSupport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QUuid>
#include <QtTest>

#include <algorithm>
#include <memory>
#include <optional>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;
using namespace LedgerCurator::TestSupport::NoticeFixtures;

namespace {

const QString kNoResolverLink = QStringLiteral("no resolver link");

QStringList touchIds(const NoticeGroup &group)
{
    QStringList ids;
    for (const NoticeTouch &t : group.touches)
        ids.append(t.observation);
    return ids;
}

//! A first correction of a field (no parents), by a fixed author at a fixed time.
CorrectionEvent edit(
    const QString &record, const QString &observation, CurationField field, const QString &value)
{
    return makeEdit(FieldState {}, record, observation, field, value, QStringLiteral("tester"),
        QStringLiteral("2026-09-01T10:00:00.000Z"));
}

} // namespace

class TestNotices : public NoticeCliCase
{
    Q_OBJECT

private Q_SLOTS:
    void init();

    // Keys.
    void workKey_data();
    void workKey();
    void workKeyFoldsDoiCase();
    void citedWorkKey_data();
    void citedWorkKey();
    void citedWorkKeyOnFixture();

    // Review.
    void isRetracted_data();
    void isRetracted();
    void groupsOnFixture();
    void reviewShowsInTheTouch();
    void curatedOtherIdentifierFormsItsOwnGroup();
    void curatedOutboundIdentifierFormsItsOwnGroup();
    void mergeAcrossRecords();
    void mergeSortsNewestFirst();

    // Schema.
    void freshCacheHasTheNoticeSchema();
    void version2CacheMigrates();
};

void TestNotices::init()
{
    makeCache();
}

// --- keys ------------------------------------------------------------------------------------

void TestNotices::workKey_data()
{
    QTest::addColumn<QString>("identifier");
    QTest::addColumn<QString>("key");
    QTest::newRow("DOI upper case")
        << QStringLiteral("10.1234/ABC") << QStringLiteral("10.1234/abc");
    QTest::newRow("DOI lower case")
        << QStringLiteral("10.1234/abc") << QStringLiteral("10.1234/abc");
    QTest::newRow("doi: prefix") << QStringLiteral("doi:10.1234/ABC")
                                 << QStringLiteral("10.1234/abc");
    QTest::newRow("doi.org link") << QStringLiteral("https://doi.org/10.1234/AbC")
                                  << QStringLiteral("10.1234/abc");
    QTest::newRow("arXiv id") << QStringLiteral("2104.04473") << kPaperKey;
    QTest::newRow("arXiv id with version") << QStringLiteral("2104.04473v5") << kPaperKey;
    QTest::newRow("arXiv: prefix") << QStringLiteral("arXiv:2104.04473") << kPaperKey;
    QTest::newRow("arXiv: prefix and version") << QStringLiteral("arXiv:2104.04473v2") << kPaperKey;
    QTest::newRow("ARXIV: prefix, spaces") << QStringLiteral("  ARXIV:2104.04473v1 ") << kPaperKey;
    QTest::newRow("arXiv DOI upper case")
        << QStringLiteral("10.48550/ARXIV.2104.04473") << kPaperKey;
    QTest::newRow("arXiv DOI mixed case")
        << QStringLiteral("10.48550/arXiv.2104.04473") << kPaperKey;
    QTest::newRow("old-style arXiv id")
        << QStringLiteral("hep-th/9901001v2") << QStringLiteral("10.48550/arxiv.hep-th/9901001");
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("prose") << QStringLiteral("not an identifier") << QString();
    QTest::newRow("arXiv: alone") << QStringLiteral("arXiv:") << QString();
    QTest::newRow("four-digit arXiv number") << QStringLiteral("2104.4473") << QString();
    QTest::newRow("DOI without suffix") << QStringLiteral("10.1234/") << QString();
    QTest::newRow("DOI without slash") << QStringLiteral("10.1234") << QString();
}

void TestNotices::workKey()
{
    QFETCH(QString, identifier);
    QFETCH(QString, key);
    QCOMPARE(LedgerCurator::workKey(identifier), key);
}

void TestNotices::workKeyFoldsDoiCase()
{
    QCOMPARE(LedgerCurator::workKey(QStringLiteral("10.1234/ABC")),
        LedgerCurator::workKey(QStringLiteral("10.1234/abc")));
    QCOMPARE(LedgerCurator::workKey(QStringLiteral("10.48550/ARXIV.2104.04473")),
        LedgerCurator::workKey(QStringLiteral("arXiv:2104.04473v5")));
    QVERIFY(LedgerCurator::workKey(QStringLiteral("10.1234/ABC"))
        != LedgerCurator::workKey(QStringLiteral("10.1234/ABD")));
}

void TestNotices::citedWorkKey_data()
{
    QTest::addColumn<Direction>("direction");
    QTest::addColumn<QString>("basis");
    QTest::addColumn<QString>("identifier");
    QTest::addColumn<QString>("key");
    const auto in = Direction::Inbound;
    const auto out = Direction::Outbound;
    QTest::newRow("inbound arxiv_id: the record's paper")
        << in << QStringLiteral("arxiv_id") << QString() << kPaperKey;
    QTest::newRow("inbound local_arxiv: the record's paper")
        << in << QStringLiteral("local_arxiv") << QString() << kPaperKey;
    QTest::newRow("inbound doi: the record's paper")
        << in << QStringLiteral("doi") << QString() << kPaperKey;
    QTest::newRow("inbound no resolver link: none")
        << in << kNoResolverLink << QString() << QString();
    QTest::newRow("inbound no resolver link, curated DOI")
        << in << kNoResolverLink << QStringLiteral("10.5555/ABC.1")
        << QStringLiteral("10.5555/abc.1");
    QTest::newRow("inbound no resolver link, curated arXiv id")
        << in << kNoResolverLink << QStringLiteral("2301.01234v2")
        << QStringLiteral("10.48550/arxiv.2301.01234");
    QTest::newRow("inbound resolving, curated DOI wins")
        << in << QStringLiteral("arxiv_id") << QStringLiteral("10.5555/X")
        << QStringLiteral("10.5555/x");
    QTest::newRow("inbound resolving, curated arXiv id wins")
        << in << QStringLiteral("arxiv_id") << QStringLiteral("2301.01234")
        << QStringLiteral("10.48550/arxiv.2301.01234");
    QTest::newRow("outbound doi without identifier: none")
        << out << QStringLiteral("doi") << QString() << QString();
    QTest::newRow("outbound arxiv_id without identifier: none")
        << out << QStringLiteral("arxiv_id") << QString() << QString();
    QTest::newRow("outbound no resolver link: none")
        << out << kNoResolverLink << QString() << QString();
    QTest::newRow("outbound, curated DOI")
        << out << QStringLiteral("doi") << QStringLiteral("doi:10.5555/OUT.7")
        << QStringLiteral("10.5555/out.7");
    QTest::newRow("outbound, curated arXiv id")
        << out << kNoResolverLink << QStringLiteral("arXiv:2104.04473v1") << kPaperKey;
}

void TestNotices::citedWorkKey()
{
    QFETCH(Direction, direction);
    QFETCH(QString, basis);
    QFETCH(QString, identifier);
    QFETCH(QString, key);
    Record record;
    record.arxivId = kRecord;
    Observation o;
    o.id = uuidFor(1);
    o.direction = direction;
    o.basis = basis;
    o.curation.edit().identifier = identifier;
    QCOMPARE(LedgerCurator::citedWorkKey(record, o), key);
}

void TestNotices::citedWorkKeyOnFixture()
{
    const Record record = fixtureRecord();
    QCOMPARE(record.observations.size(), 34);
    QStringList reaching;
    QStringList notReaching;
    for (const Observation &o : record.observations)
        (LedgerCurator::citedWorkKey(record, o).isEmpty() ? notReaching : reaching).append(o.id);
    QCOMPARE(reaching.size(), 28);
    QCOMPARE(sorted(notReaching), sorted(kUnresolved));
    for (const Observation &o : record.observations) {
        if (!notReaching.contains(o.id))
            QCOMPARE(LedgerCurator::citedWorkKey(record, o), kPaperKey);
    }
}

// --- review ----------------------------------------------------------------------------------

void TestNotices::isRetracted_data()
{
    QTest::addColumn<QString>("events"); // "kind date; kind date", kinds as keys
    QTest::addColumn<bool>("retracted");
    QTest::newRow("retraction only") << QStringLiteral("retraction 2024-03-01") << true;
    QTest::newRow("retraction, reinstatement later")
        << QStringLiteral("retraction 2024-03-01; reinstatement 2024-06-01") << false;
    QTest::newRow("reinstatement listed first, later")
        << QStringLiteral("reinstatement 2024-06-01; retraction 2024-03-01") << false;
    QTest::newRow("reinstatement before the retraction")
        << QStringLiteral("reinstatement 2020-01-01; retraction 2024-03-01") << true;
    QTest::newRow("retracted again after reinstatement")
        << QStringLiteral("retraction 2020-01-01; reinstatement 2021-01-01; retraction 2024-03-01")
        << true;
    QTest::newRow("correction only") << QStringLiteral("correction 2023-11-02") << false;
    QTest::newRow("expression of concern only")
        << QStringLiteral("expression_of_concern 2023-11-02") << false;
    QTest::newRow("withdrawal") << QStringLiteral("withdrawal 1999-12-31") << true;
    QTest::newRow("withdrawal, reinstatement later")
        << QStringLiteral("withdrawal 2022-02-02; reinstatement 2022-03-03") << false;
    QTest::newRow("correction after retraction")
        << QStringLiteral("retraction 2024-03-01; correction 2025-01-01") << true;
    QTest::newRow("no events") << QString() << false;
}

void TestNotices::isRetracted()
{
    QFETCH(QString, events);
    QFETCH(bool, retracted);
    EventsCheck check;
    check.status = EventsCheck::Status::Found;
    check.asOf = QStringLiteral("2026-08-05T06:32:48Z");
    for (const QString &part : events.split(u';', Qt::SkipEmptyParts)) {
        const QStringList words = part.trimmed().split(u' ');
        QCOMPARE(words.size(), 2);
        const auto kind = parseEventKind(words[0]);
        QVERIFY(kind);
        check.events.append(
            { *kind, words[1], QStringLiteral("retraction_status_cache"), QString(), QString() });
    }
    QCOMPARE(LedgerCurator::isRetracted(check), retracted);
    // Only a found check can be retracted.
    check.status = EventsCheck::Status::NoneFound;
    QCOMPARE(LedgerCurator::isRetracted(check), false);
}

void TestNotices::groupsOnFixture()
{
    importFixtureAndNotices();
    const auto curated = loadCuratedFrom(m_db);
    QVERIFY(curated);
    const QList<NoticeGroup> groups = noticeGroups(*curated);
    QCOMPARE(groups.size(), 1);
    const NoticeGroup &g = groups.first();
    QCOMPARE(g.work, kPaperKey);
    QVERIFY2(g.label.contains(QStringLiteral("arXiv:2104.04473")), qPrintable(g.label));
    QVERIFY2(g.label.contains(curated->shown.title), qPrintable(g.label));
    QCOMPARE(g.event, paperRetraction());
    QCOMPARE(g.ref, QStringLiteral("retraction-watch:51234"));
    QCOMPARE(g.origin, QStringLiteral("Retraction Watch record 51234"));
    QCOMPARE(g.records(), QStringList { kRecord });
    QCOMPARE(g.newestDate(), QStringLiteral("2024-03-01"));
    QVERIFY(g.retracted());
    QCOMPARE(g.touches.size(), 28);
    QCOMPARE(sorted(touchIds(g)), sorted(resolvingIds(curated->upstream)));
    for (const NoticeTouch &t : g.touches) {
        QCOMPARE(t.record, kRecord);
        QCOMPARE(t.direction, Direction::Inbound);
        QCOMPARE(t.review, QStringLiteral("unreviewed"));
        QVERIFY(t.reviewNote.isEmpty());
        QCOMPARE(t.citingTitle, findObservation(curated->shown, t.observation)->citingTitle);
    }
}

void TestNotices::reviewShowsInTheTouch()
{
    importFixtureAndNotices();
    const QString target = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2"); // OPT, resolving
    const CliRun r = run({ QStringLiteral("curate"), kRecord, target,
        QStringLiteral("review=acknowledged"), QStringLiteral("review-note=seen the notice"),
        QStringLiteral("--author"), QStringLiteral("alice") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto curated = loadCuratedFrom(m_db);
    QVERIFY(curated);
    QCOMPARE(
        reviewStatusOf(*findObservation(curated->shown, target)), QStringLiteral("acknowledged"));
    const QList<NoticeGroup> groups = noticeGroups(*curated);
    QCOMPARE(groups.size(), 1);
    QCOMPARE(groups.first().touches.size(), 28);
    int acknowledged = 0;
    for (const NoticeTouch &t : groups.first().touches) {
        if (t.observation == target) {
            ++acknowledged;
            QCOMPARE(t.review, QStringLiteral("acknowledged"));
            QCOMPARE(t.reviewNote, QStringLiteral("seen the notice"));
        } else {
            QCOMPARE(t.review, QStringLiteral("unreviewed"));
        }
    }
    QCOMPARE(acknowledged, 1);
}

void TestNotices::curatedOtherIdentifierFormsItsOwnGroup()
{
    importFixtureAndNotices(kPaperRetraction + kOtherRetraction);
    const QString target = kUnresolved.at(1);
    const CliRun r = run({ QStringLiteral("curate"), kRecord, target,
        QStringLiteral("identifier=10.5555/ECR.2019.1187"), QStringLiteral("--author"),
        QStringLiteral("alice") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const auto curated = loadCuratedFrom(m_db);
    QVERIFY(curated);
    const QList<NoticeGroup> groups = noticeGroups(*curated);
    QCOMPARE(groups.size(), 2);
    // Newest first: the other work's 2025 retraction, then the paper's 2024 one.
    QCOMPARE(groups[0].work, kOtherKey);
    QVERIFY2(groups[0].label.startsWith(QString(kOtherKey + u' ')), qPrintable(groups[0].label));
    QVERIFY2(!groups[0].label.contains(QStringLiteral("arXiv:")), qPrintable(groups[0].label));
    QCOMPARE(groups[0].newestDate(), QStringLiteral("2025-01-09"));
    QCOMPARE(touchIds(groups[0]), QStringList { target });
    QCOMPARE(groups[1].work, kPaperKey);
    QCOMPARE(groups[1].touches.size(), 28);
    QVERIFY(!touchIds(groups[1]).contains(target));
}

void TestNotices::curatedOutboundIdentifierFormsItsOwnGroup()
{
    // richRecord(): outbound 0 and 1 carry page events; outbound 3 and 4 none found.
    const Record record = richRecord();
    const QString outDoi = record.observations[3].id;
    const QString outArxiv = record.observations[4].id;
    QCOMPARE(record.observations[3].direction, Direction::Outbound);
    QCOMPARE(record.observations[4].direction, Direction::Outbound);
    auto index = std::make_shared<NoticeIndex>();
    StandingNotice doiNotice;
    doiNotice.source = QStringLiteral("retraction-watch");
    doiNotice.sourceId = QStringLiteral("1");
    doiNotice.work = QStringLiteral("10.5555/out.7");
    doiNotice.event = { EventKind::ExpressionOfConcern, QStringLiteral("2026-02-02"),
        QStringLiteral("retraction_status_cache"), QStringLiteral("10.5555/eoc.1"),
        QStringLiteral("Concerns about data"), QStringLiteral("Expression of concern"),
        QStringLiteral("retraction-watch:1") };
    doiNotice.importedAt = QStringLiteral("2026-09-01T00:00:00.000Z");
    doiNotice.origin = QStringLiteral("Retraction Watch record 1");
    StandingNotice paperNotice;
    paperNotice.source = QStringLiteral("retraction-watch");
    paperNotice.sourceId = QStringLiteral("51234");
    paperNotice.work = kPaperKey;
    paperNotice.event = paperRetraction();
    paperNotice.importedAt = QStringLiteral("2026-09-01T00:00:00.000Z");
    paperNotice.origin = QStringLiteral("Retraction Watch record 51234");
    (*index)[doiNotice.work].append(doiNotice);
    (*index)[paperNotice.work].append(paperNotice);

    const QList<CorrectionEvent> events = { edit(record.arxivId, outDoi, CurationField::Identifier,
                                                QStringLiteral("10.5555/OUT.7")),
        edit(record.arxivId, outArxiv, CurationField::Identifier, QStringLiteral("2104.04473v5")) };
    const CuratedRecord curated = applyCorrections(record, events, index);
    QCOMPARE(findObservation(curated.shown, outDoi)->events.events,
        QList<SourceEvent> { doiNotice.event });
    QCOMPARE(findObservation(curated.shown, outDoi)->events.asOf, doiNotice.importedAt);
    QCOMPARE(findObservation(curated.shown, outArxiv)->events.events,
        QList<SourceEvent> { paperRetraction() });

    const QList<NoticeGroup> groups = noticeGroups(curated);
    QStringList works;
    QStringList notices; // one group per work and notice
    for (const NoticeGroup &g : groups) {
        works.append(g.work);
        notices.append(g.work + u' ' + g.ref);
    }
    QVERIFY2(works.contains(QStringLiteral("10.5555/out.7")), qPrintable(works.join(u',')));
    QVERIFY2(works.contains(kPaperKey), qPrintable(works.join(u',')));
    QCOMPARE(notices.size(), QSet<QString>(notices.cbegin(), notices.cend()).size());
    // Newest first.
    for (qsizetype i = 1; i < groups.size(); ++i)
        QVERIFY(groups[i - 1].newestDate() >= groups[i].newestDate());
    QCOMPARE(groups.first().work, QStringLiteral("10.5555/out.7"));
    for (const NoticeGroup &g : groups) {
        if (g.work == u"10.5555/out.7") {
            QCOMPARE(touchIds(g), QStringList { outDoi });
            QCOMPARE(g.touches.first().direction, Direction::Outbound);
            QVERIFY2(g.label.startsWith(QStringLiteral("10.5555/out.7 ")), qPrintable(g.label));
            QVERIFY(!g.retracted());
        } else if (g.work == kPaperKey) {
            QCOMPARE(touchIds(g), QStringList { outArxiv });
            QVERIFY2(g.label.startsWith(QStringLiteral("arXiv:2104.04473")), qPrintable(g.label));
            QVERIFY(g.retracted());
        }
    }
    // Without the identifier the outbound observations reach no work.
    const CuratedRecord plain = applyCorrections(record, {}, index);
    QCOMPARE(pageFormOf(plain.shown), record);
}

void TestNotices::mergeAcrossRecords()
{
    importFixtureAndNotices();
    const auto fixtureCurated = loadCuratedFrom(m_db);
    QVERIFY(fixtureCurated);
    QVERIFY(fixtureCurated->notices);

    // A second record whose outbound reference is identified as the fixture's paper.
    const Record rich = richRecord();
    const QString outbound = rich.observations[3].id;
    const CuratedRecord richCurated = applyCorrections(rich,
        { edit(rich.arxivId, outbound, CurationField::Identifier, QStringLiteral("2104.04473")) },
        fixtureCurated->notices);
    const QList<NoticeGroup> fixtureGroups = noticeGroups(*fixtureCurated);
    const QList<NoticeGroup> richGroups = noticeGroups(richCurated);
    QCOMPARE(fixtureGroups.size(), 1);

    for (const bool richFirst : { false, true }) {
        const QList<NoticeGroup> merged = mergeNoticeGroups(
            richFirst ? richGroups + fixtureGroups : fixtureGroups + richGroups);
        QCOMPARE(merged.size(), fixtureGroups.size() + richGroups.size() - 1);
        int paperGroups = 0;
        for (const NoticeGroup &g : merged) {
            if (g.work != kPaperKey)
                continue;
            ++paperGroups;
            QCOMPARE(g.event, paperRetraction());
            QCOMPARE(g.touches.size(), 29);
            QSet<QString> records;
            for (const NoticeTouch &t : g.touches)
                records.insert(t.record);
            QCOMPARE(records, (QSet<QString> { kRecord, rich.arxivId }));
            QVERIFY(touchIds(g).contains(outbound));
        }
        QCOMPARE(paperGroups, 1);
        for (qsizetype i = 1; i < merged.size(); ++i)
            QVERIFY2(merged[i - 1].newestDate() >= merged[i].newestDate(),
                qPrintable(
                    merged[i - 1].newestDate() + QStringLiteral(" < ") + merged[i].newestDate()));
        // richRecord's expression of concern of 2025-01-09 is the newest event of all.
        QCOMPARE(merged.first().newestDate(), QStringLiteral("2025-01-09"));
    }
}

void TestNotices::mergeSortsNewestFirst()
{
    auto group = [](const char *work, EventKind kind, const char *date, const char *record,
                     const char *observation) {
        NoticeGroup g;
        g.work = QString::fromLatin1(work);
        g.label = g.work + QStringLiteral(" Title");
        g.event = SourceEvent { kind, QString::fromLatin1(date),
            QStringLiteral("retraction_status_cache"), QString(), QString() };
        g.ref = noticeRefOf(g.event, g.work);
        g.workRetracted = kind == EventKind::Retraction;
        g.touches.append(NoticeTouch { QString::fromLatin1(record),
            QString::fromLatin1(observation), Direction::Inbound, QStringLiteral("Citing"),
            QStringLiteral("unreviewed"), QString() });
        return g;
    };
    const QList<NoticeGroup> groups = {
        group("10.1/a", EventKind::Correction, "2020-01-01", "r1", "o1"),
        group("10.1/b", EventKind::ExpressionOfConcern, "2023-05-05", "r1", "o2"),
        group("10.1/a", EventKind::Retraction, "2024-02-02", "r2", "o3"),
        group("10.1/a", EventKind::Correction, "2020-01-01", "r2", "o3"),
    };
    const QList<NoticeGroup> merged = mergeNoticeGroups(groups);
    // One group per work and notice: the 2020 correction of 10.1/a on both records is one.
    QCOMPARE(merged.size(), 3);
    QCOMPARE(merged[0].work, QStringLiteral("10.1/a"));
    QCOMPARE(merged[0].event.kind, EventKind::Retraction);
    QCOMPARE(merged[0].newestDate(), QStringLiteral("2024-02-02"));
    QCOMPARE(touchIds(merged[0]), QStringList { QStringLiteral("o3") });
    QVERIFY(merged[0].retracted());
    QCOMPARE(merged[1].work, QStringLiteral("10.1/b"));
    QVERIFY(!merged[1].retracted());
    QCOMPARE(merged[2].work, QStringLiteral("10.1/a"));
    QCOMPARE(merged[2].event.kind, EventKind::Correction);
    QCOMPARE(touchIds(merged[2]), (QStringList { QStringLiteral("o1"), QStringLiteral("o3") }));
    QCOMPARE(merged[2].records(), (QStringList { QStringLiteral("r1"), QStringLiteral("r2") }));
    // A correction of a retracted work is no retraction.
    QVERIFY(!merged[2].retracted());
    QVERIFY(mergeNoticeGroups({}).isEmpty());
}

// --- schema ----------------------------------------------------------------------------------

namespace {

QStringList columnsOf(const QSqlDatabase &db, const QString &table)
{
    QStringList columns;
    QSqlQuery query(db);
    // The table name is a literal of the test, not input.
    if (!query.exec(QStringLiteral("PRAGMA table_info(%1)").arg(table)))
        return columns;
    while (query.next())
        columns.append(query.value(1).toString());
    return columns;
}

} // namespace

void TestNotices::freshCacheHasTheNoticeSchema()
{
    QVERIFY(Store::latestSchemaVersion() >= 3);
    Store store(m_db);
    QVERIFY(store.open());
    QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
    const QStringList events
        = columnsOf(StoreConnection::of(store), QStringLiteral("source_events"));
    QVERIFY2(events.contains(QStringLiteral("detail")), qPrintable(events.join(u',')));
    const QStringList notices = columnsOf(StoreConnection::of(store), QStringLiteral("notices"));
    for (const char *column :
        { "work", "kind", "date", "source", "notice", "detail", "origin", "imported_at" })
        QVERIFY2(notices.contains(QLatin1String(column)), column);
    const auto count = store.noticeCount();
    QVERIFY(count);
    QCOMPARE(*count, 0);
}

void TestNotices::version2CacheMigrates()
{
    // A cache as version 2 left it: built with the current code, then migration 3 taken back by
    // hand.
    Record rich = richRecord();
    for (Observation &o : rich.observations) {
        for (SourceEvent &e : o.events.events)
            e.detail.clear(); // version 2 had no detail
    }
    {
        Store store(m_db);
        QVERIFY(store.open());
        QVERIFY(store.importRecords({ fixtureRecord(), rich }));
    }
    const QString name = QStringLiteral("downgrade-") + QUuid::createUuid().toString();
    QString failure;
    bool cannotDropColumn = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(m_db);
        if (!db.open()) {
            failure = db.lastError().text();
        } else {
            QSqlQuery query(db);
            // What versions after 2 added goes too (3: notices and detail; 4: outbox refusals;
            // 5: signatures, keys and rejected events; 9: removed records).
            if (!query.exec(QStringLiteral("DROP TABLE outbox_refusals"))
                || !query.exec(QStringLiteral("DROP TABLE removed_records"))
                || !query.exec(QStringLiteral("DROP TABLE rejected_notices"))
                || !query.exec(QStringLiteral("DROP TABLE notices"))
                || !query.exec(QStringLiteral("DROP TABLE curator_keys"))
                || !query.exec(QStringLiteral("DROP TABLE rejected_events"))
                || !query.exec(QStringLiteral("ALTER TABLE corrections DROP COLUMN key_id"))
                || !query.exec(QStringLiteral("ALTER TABLE corrections DROP COLUMN signature"))) {
                failure = query.lastError().text();
            } else if (!query.exec(
                           QStringLiteral("ALTER TABLE source_events DROP COLUMN detail"))) {
                failure = query.lastError().text();
                cannotDropColumn = true;
            } else if (!query.exec(QStringLiteral("PRAGMA user_version = 2"))) {
                failure = query.lastError().text();
            } else if (columnsOf(db, QStringLiteral("source_events"))
                           .contains(QStringLiteral("detail"))) {
                failure = QStringLiteral("detail is still there");
            }
            query.finish();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    if (cannotDropColumn)
        QSKIP(qPrintable(QStringLiteral("this SQLite cannot drop a column: ") + failure));
    QVERIFY2(failure.isEmpty(), qPrintable(failure));

    Store store(m_db);
    QVERIFY(store.open());
    QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
    QVERIFY(columnsOf(StoreConnection::of(store), QStringLiteral("source_events"))
                .contains(QStringLiteral("detail")));
    QVERIFY(columnsOf(StoreConnection::of(store), QStringLiteral("notices"))
                .contains(QStringLiteral("work")));
    auto loaded = store.loadRecord(rich.arxivId);
    QVERIFY(loaded && loaded->has_value());
    QCOMPARE(**loaded, rich);
    loaded = store.loadRecord(kRecord);
    QVERIFY(loaded && loaded->has_value());
    QCOMPARE(**loaded, fixtureRecord());
    // The migrated cache takes notices and matches them.
    const auto csv = parseRetractionCsv(kHeader + kPaperRetraction, QStringLiteral("r.csv"));
    QVERIFY(csv);
    const auto outcome = store.importNotices(
        standingNotices(*csv, QStringLiteral("2026-09-01T00:00:00.000Z")).notices);
    QVERIFY(outcome);
    QCOMPARE(outcome->added, 1);
    const auto curated = store.loadCurated(kRecord);
    QVERIFY(curated && curated->has_value());
    QCOMPARE(idsListing((*curated)->shown, paperRetraction()).size(), 28);
}

QTEST_GUILESS_MAIN(TestNotices)
#include "tst_notices.moc"
