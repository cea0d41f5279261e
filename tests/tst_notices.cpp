// SPDX-License-Identifier: GPL-3.0-or-later
// Standing notices (docs/notices.md): the work keys they are kept under, matching them to the
// cited work of every observation whose link reaches one, importing them with the real
// `ledger-curator import-notices`, curated identifiers that reach a work at once, both
// serialisations of events with a detail, the review groups and the schema migration.
#include "CuratedRecord.h"
#include "CurationSession.h"
#include "LedgerText.h"
#include "Notices.h"
#include "RecordJson.h"
#include "RetractionCsv.h"
#include "RetractionRows.h"
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

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kPaperKey = QStringLiteral("10.48550/arxiv.2104.04473");
const QString kNoResolverLink = QStringLiteral("no resolver link");

//! The six inbound observations of the fixture whose basis is "no resolver link".
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

//! What the paper retraction row becomes on an observation.
SourceEvent paperRetraction()
{
    return { EventKind::Retraction, QStringLiteral("2024-03-01"),
        QStringLiteral("retraction_status_cache"), QStringLiteral("10.1234/retract.2104"),
        QStringLiteral("Duplication of Article; Error in Data"), QStringLiteral("Retraction"),
        QStringLiteral("retraction-watch:51234") };
}

SourceEvent paperCorrection()
{
    return { EventKind::Correction, QStringLiteral("2023-11-02"),
        QStringLiteral("retraction_status_cache"), QStringLiteral("10.1234/corr.2104"),
        QStringLiteral("Error in Figures"), QStringLiteral("Correction"),
        QStringLiteral("retraction-watch:51235") };
}

//! An event as a page carries it: no nature or notice identity of a standing notice.
SourceEvent pageForm(SourceEvent event)
{
    event.nature.clear();
    event.noticeRef.clear();
    return event;
}

//! A record's events as its page carries them (pageForm() of each).
Record pageFormOf(Record record)
{
    for (Observation &o : record.observations) {
        for (SourceEvent &e : o.events.events)
            e = pageForm(e);
    }
    return record;
}

const QString kRetractionLine
    = QStringLiteral("Retraction · 2024-03-01 · retraction_status_cache · 10.1234/retract.2104");
const QString kRetractionDetailLine
    = QStringLiteral("Detail: Duplication of Article; Error in Data");

Record fixtureRecord()
{
    auto parsed = parseLedgerText(fixture(), QStringLiteral("ledger-2104.04473.txt"));
    if (!parsed) {
        qWarning() << parsed.error().toString();
        return {};
    }
    return parsed->record;
}

qsizetype countOf(const QList<SourceEvent> &events, const SourceEvent &event)
{
    return std::count(events.cbegin(), events.cend(), event);
}

//! The ids of the shown observations that list `event`.
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

std::optional<CuratedRecord> loadCuratedFrom(const QString &db, const QString &id = kRecord)
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

int lineCount(const QByteArray &text, const QString &line)
{
    int n = 0;
    for (const QString &l : QString::fromUtf8(text).split(u'\n')) {
        if (l == line)
            ++n;
    }
    return n;
}

QStringList touchIds(const NoticeGroup &group)
{
    QStringList ids;
    for (const NoticeTouch &t : group.touches)
        ids.append(t.observation);
    return ids;
}

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

//! A first correction of a field (no parents), by a fixed author at a fixed time.
CorrectionEvent edit(
    const QString &record, const QString &observation, CurationField field, const QString &value)
{
    return makeEdit(FieldState {}, record, observation, field, value, QStringLiteral("tester"),
        QStringLiteral("2026-09-01T10:00:00.000Z"));
}

} // namespace

class TestNotices : public QObject
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

    // Import and matching, through the real binary.
    void importFlagsExactlyTheResolvingObservations();
    void curatedIdentifierReachesTheWorkViaCli();
    void curatedIdentifierReachesTheWorkViaSession();
    void curatedOutboundIdentifierReachesTheWorkViaSession();
    void reimportAddsNothing();
    void overlappingImportAddsOnlyTheNewNotice();
    void badRowIsSkippedTheRestImported_data();
    void badRowIsSkippedTheRestImported();
    void missingColumnChangesNothing_data();
    void missingColumnChangesNothing();

    // Serialisations.
    void richRecordTextRoundTrip();
    void richRecordJsonRoundTrip();
    void matchedNoticesSurviveRenderAndImport_data();
    void matchedNoticesSurviveRenderAndImport();

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

private:
    CliRun run(QStringList arguments, const QString &db = {}) const;
    QString writeFile(const QString &name, const QByteArray &bytes) const;
    QByteArray render(const QString &format = QStringLiteral("text"), const QString &db = {}) const;
    void importFixtureAndNotices(const QByteArray &rows = kPaperRetraction);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
    QString m_csv;
};

void TestNotices::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("cache.sqlite"));
    m_csv.clear();
}

CliRun TestNotices::run(QStringList arguments, const QString &db) const
{
    arguments << QStringLiteral("--db") << (db.isEmpty() ? m_db : db);
    return runCli(arguments, m_dir->path());
}

QString TestNotices::writeFile(const QString &name, const QByteArray &bytes) const
{
    const QString path = m_dir->filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return {};
    return path;
}

QByteArray TestNotices::render(const QString &format, const QString &db) const
{
    const CliRun r
        = run({ QStringLiteral("render"), kRecord, QStringLiteral("--format"), format }, db);
    if (r.exitCode != 0)
        qWarning() << "render failed:" << r.err;
    return r.out;
}

void TestNotices::importFixtureAndNotices(const QByteArray &rows)
{
    const CliRun imported
        = run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    m_csv = writeFile(QStringLiteral("retractions.csv"), kHeader + rows);
    QVERIFY(!m_csv.isEmpty());
    const CliRun notices = run({ QStringLiteral("import-notices"), m_csv });
    QVERIFY2(notices.exitCode == 0, notices.err.constData());
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
    o.curation.identifier = identifier;
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

// --- import and matching ---------------------------------------------------------------------

void TestNotices::importFlagsExactlyTheResolvingObservations()
{
    const CliRun imported
        = run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) });
    QCOMPARE(imported.exitCode, 0);
    const QByteArray before = render();
    QCOMPARE(lineCount(before, kRetractionLine), 0);

    m_csv = writeFile(QStringLiteral("retractions.csv"), kHeader + kPaperRetraction);
    const CliRun r = run({ QStringLiteral("import-notices"), m_csv });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    QVERIFY2(r.out.contains(": 1 row, 1 notices: 1 new, 0 updated, 0 unchanged, 0 withdrawn"),
        r.out.constData());
    QVERIFY2(r.out.contains("2104.04473: 28 observations carry imported notices (28 retracted)"),
        r.out.constData());
    QCOMPARE(noticeCountOf(m_db), 1);

    const auto curated = loadCuratedFrom(m_db);
    QVERIFY(curated);
    const QStringList resolving = resolvingIds(curated->upstream);
    QCOMPARE(resolving.size(), 28);
    QCOMPARE(idsListing(curated->shown, paperRetraction()), resolving);
    for (const Observation &o : curated->shown.observations) {
        if (resolving.contains(o.id)) {
            QCOMPARE(o.events.status, EventsCheck::Status::Found);
            QCOMPARE(o.events.events, QList<SourceEvent> { paperRetraction() });
            QVERIFY(o.events.reason.isEmpty());
            QVERIFY(LedgerCurator::isRetracted(o.events));
        } else {
            QVERIFY2(kUnresolved.contains(o.id), qPrintable(o.id));
            QCOMPARE(o.events.status, EventsCheck::Status::Unavailable);
            QCOMPARE(o.events.reason, QStringLiteral("canonical work link unavailable"));
            QVERIFY(o.events.events.isEmpty());
        }
    }
    // The upstream page is untouched: the notices live apart from it.
    QCOMPARE(curated->upstream, fixtureRecord());

    const QByteArray page = render();
    QCOMPARE(lineCount(page, kRetractionLine), 28);
    QCOMPARE(lineCount(page, kRetractionDetailLine), 28);
    QCOMPARE(lineCount(page, QStringLiteral("Unavailable: canonical work link unavailable.")), 6);
    QCOMPARE(QString::fromUtf8(page).count(
                 QStringLiteral("1 event found in the named queried sources as of ")),
        28);
    // Each event line is followed by its detail line.
    const QStringList lines = QString::fromUtf8(page).split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines[i] == kRetractionLine)
            QCOMPARE(lines.value(i + 1), kRetractionDetailLine);
    }
    const CliRun upstream
        = run({ QStringLiteral("render"), kRecord, QStringLiteral("--upstream") });
    QCOMPARE(upstream.out, before);
}

void TestNotices::curatedIdentifierReachesTheWorkViaCli()
{
    importFixtureAndNotices();
    const QString target = kUnresolved.first();
    const CliRun curate
        = run({ QStringLiteral("curate"), kRecord, target, QStringLiteral("identifier=2104.04473"),
            QStringLiteral("--author"), QStringLiteral("alice") });
    QVERIFY2(curate.exitCode == 0, curate.err.constData());

    auto curated = loadCuratedFrom(m_db);
    QVERIFY(curated);
    QStringList expected = resolvingIds(curated->upstream) << target;
    QCOMPARE(sorted(idsListing(curated->shown, paperRetraction())), sorted(expected));
    const Observation *o = findObservation(curated->shown, target);
    QVERIFY(o);
    QCOMPARE(o->events.status, EventsCheck::Status::Found);
    QCOMPARE(o->events.events, QList<SourceEvent> { paperRetraction() });
    QVERIFY(o->events.reason.isEmpty());
    QVERIFY(!o->events.asOf.isEmpty());
    QCOMPARE(o->curation.identifier, QStringLiteral("2104.04473"));
    QCOMPARE(lineCount(render(), kRetractionLine), 29);

    const CliRun undo = run({ QStringLiteral("undo"), kRecord, target, QStringLiteral("identifier"),
        QStringLiteral("--author"), QStringLiteral("alice") });
    QVERIFY2(undo.exitCode == 0, undo.err.constData());
    curated = loadCuratedFrom(m_db);
    QVERIFY(curated);
    QCOMPARE(idsListing(curated->shown, paperRetraction()), resolvingIds(curated->upstream));
    o = findObservation(curated->shown, target);
    QVERIFY(o);
    QCOMPARE(o->events, findObservation(curated->upstream, target)->events);
    QCOMPARE(o->events.status, EventsCheck::Status::Unavailable);
    QCOMPARE(lineCount(render(), kRetractionLine), 28);
}

void TestNotices::curatedIdentifierReachesTheWorkViaSession()
{
    importFixtureAndNotices();
    const QString target = kUnresolved.at(2);
    Store store(m_db);
    QVERIFY(store.open());
    CurationSession session(store);
    session.setAuthor(QStringLiteral("bob"));
    QVERIFY(session.open(kRecord));
    QCOMPARE(idsListing(session.record().shown, paperRetraction()).size(), 28);

    const CurationValue value = normalizeCurationValue(CurationField::Identifier,
        QStringLiteral("arXiv:2104.04473"), session.record().upstream, target);
    QVERIFY2(value.ok(), qPrintable(value.error));
    auto applied
        = session.applyEdits({ FieldEdit { target, CurationField::Identifier, value.value } },
            QStringLiteral("identify"));
    QVERIFY(applied);
    QVERIFY(*applied);

    // At once, in the session's own record: no reload.
    QStringList expected = resolvingIds(session.record().upstream) << target;
    QCOMPARE(sorted(idsListing(session.record().shown, paperRetraction())), sorted(expected));
    const Observation *o = findObservation(session.record().shown, target);
    QVERIFY(o);
    QCOMPARE(o->events.status, EventsCheck::Status::Found);
    QCOMPARE(o->events.events, QList<SourceEvent> { paperRetraction() });
    // The incremental update agrees with a full load from the cache.
    auto fresh = loadCuratedFrom(m_db);
    QVERIFY(fresh);
    QCOMPARE(session.record().shown, fresh->shown);

    session.undoStack()->undo();
    QCOMPARE(idsListing(session.record().shown, paperRetraction()),
        resolvingIds(session.record().upstream));
    o = findObservation(session.record().shown, target);
    QVERIFY(o);
    QCOMPARE(o->events.status, EventsCheck::Status::Unavailable);
    QVERIFY(o->events.events.isEmpty());
    fresh = loadCuratedFrom(m_db);
    QVERIFY(fresh);
    QCOMPARE(session.record().shown, fresh->shown);

    session.undoStack()->redo();
    QCOMPARE(idsListing(session.record().shown, paperRetraction()).size(), 29);
}

void TestNotices::curatedOutboundIdentifierReachesTheWorkViaSession()
{
    // An outbound correction takes the session's full re-apply path (the stated state counts
    // move), which must keep the cache's notices as the incremental path does.
    const Record rich = richRecord();
    const QString outbound = rich.observations[3].id;
    QCOMPARE(rich.observations[3].direction, Direction::Outbound);
    Store store(m_db);
    QVERIFY(store.open());
    QVERIFY(store.importRecords({ rich }));
    const QByteArray rows = retractionCsvRow("70001", "2/2/2026", "10.5555/eoc.1", "10.5555/OUT.7",
                                "Expression of concern", "+Concerns/Issues About Data;")
        + retractionCsvRow("70002", "5/5/2025", "10.5555/r.2301", "arXiv:2301.01234", "Retraction",
            "+Paper Mill;");
    const auto csv = parseRetractionCsv(kHeader + rows, QStringLiteral("r.csv"));
    QVERIFY(csv);
    QCOMPARE(csv->notices.size(), 2);
    QVERIFY(store.importNotices(
        standingNotices(*csv, QStringLiteral("2026-09-01T00:00:00.000Z")).notices));
    const SourceEvent outNotice { EventKind::ExpressionOfConcern, QStringLiteral("2026-02-02"),
        QStringLiteral("retraction_status_cache"), QStringLiteral("10.5555/eoc.1"),
        QStringLiteral("Concerns/Issues About Data"), QStringLiteral("Expression of concern"),
        QStringLiteral("retraction-watch:70001") };
    const SourceEvent ownNotice { EventKind::Retraction, QStringLiteral("2025-05-05"),
        QStringLiteral("retraction_status_cache"), QStringLiteral("10.5555/r.2301"),
        QStringLiteral("Paper Mill"), QStringLiteral("Retraction"),
        QStringLiteral("retraction-watch:70002") };

    CurationSession session(store);
    session.setAuthor(QStringLiteral("bob"));
    QVERIFY(session.open(rich.arxivId));
    // Every inbound observation of richRecord() reaches its own paper.
    QCOMPARE(idsListing(session.record().shown, ownNotice).size(), 6);
    QVERIFY(idsListing(session.record().shown, outNotice).isEmpty());

    auto applied = session.applyEdits(
        { FieldEdit { outbound, CurationField::Identifier, QStringLiteral("10.5555/out.7") } },
        QStringLiteral("identify"));
    QVERIFY(applied);
    QVERIFY(*applied);
    QCOMPARE(idsListing(session.record().shown, outNotice), QStringList { outbound });
    QCOMPARE(idsListing(session.record().shown, ownNotice).size(), 6);
    auto fresh = loadCuratedFrom(m_db, rich.arxivId);
    QVERIFY(fresh);
    QCOMPARE(session.record().shown, fresh->shown);

    session.undoStack()->undo();
    QVERIFY(idsListing(session.record().shown, outNotice).isEmpty());
    QCOMPARE(idsListing(session.record().shown, ownNotice).size(), 6);
    fresh = loadCuratedFrom(m_db, rich.arxivId);
    QVERIFY(fresh);
    QCOMPARE(session.record().shown, fresh->shown);
}

void TestNotices::reimportAddsNothing()
{
    importFixtureAndNotices();
    const QByteArray page = render();
    const QByteArray json = render(QStringLiteral("json"));
    QCOMPARE(lineCount(page, kRetractionLine), 28);
    QCOMPARE(noticeCountOf(m_db), 1);

    const CliRun again = run({ QStringLiteral("import-notices"), m_csv });
    QVERIFY2(again.exitCode == 0, again.err.constData());
    QVERIFY2(again.out.contains("1 notices: 0 new, 0 updated, 1 unchanged, 0 withdrawn"),
        again.out.constData());
    // Nothing was added, so nothing is newly flagged... and the page is the same to the byte.
    QCOMPARE(noticeCountOf(m_db), 1);
    QCOMPARE(render(), page);
    QCOMPARE(render(QStringLiteral("json")), json);

    // The same row spelled differently (lower-case DOIs, doi.org link) is the same notice.
    const QByteArray respelled = retractionCsvRow("51234", "3/1/2024",
        "https://doi.org/10.1234/retract.2104", "doi:10.48550/arxiv.2104.04473", "Retraction",
        "+Duplication of Article;+Error in Data;");
    const QString other = writeFile(QStringLiteral("respelled.csv"), kHeader + respelled);
    const CliRun third = run({ QStringLiteral("import-notices"), other });
    QVERIFY2(third.exitCode == 0, third.err.constData());
    QVERIFY2(
        third.out.contains("0 new, 0 updated, 1 unchanged, 0 withdrawn"), third.out.constData());
    QCOMPARE(noticeCountOf(m_db), 1);
    QCOMPARE(render(), page);
}

void TestNotices::overlappingImportAddsOnlyTheNewNotice()
{
    importFixtureAndNotices();
    const QString second
        = writeFile(QStringLiteral("second.csv"), kHeader + kPaperRetraction + kPaperCorrection);
    const CliRun r = run({ QStringLiteral("import-notices"), second });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains(": 2 rows, 2 notices: 1 new, 0 updated, 1 unchanged, 0 withdrawn"),
        r.out.constData());
    QCOMPARE(noticeCountOf(m_db), 2);

    const auto curated = loadCuratedFrom(m_db);
    QVERIFY(curated);
    const QStringList resolving = resolvingIds(curated->upstream);
    QCOMPARE(idsListing(curated->shown, paperRetraction()), resolving);
    QCOMPARE(idsListing(curated->shown, paperCorrection()), resolving);
    for (const QString &id : resolving) {
        const Observation *o = findObservation(curated->shown, id);
        QCOMPARE(o->events.events.size(), 2);
        QCOMPARE(countOf(o->events.events, paperRetraction()), 1);
        QCOMPARE(countOf(o->events.events, paperCorrection()), 1);
        QVERIFY(LedgerCurator::isRetracted(o->events));
    }
    const QByteArray page = render();
    QCOMPARE(lineCount(page, kRetractionLine), 28);
    QCOMPARE(lineCount(page,
                 QStringLiteral(
                     "Correction · 2023-11-02 · retraction_status_cache · 10.1234/corr.2104")),
        28);
    QCOMPARE(QString::fromUtf8(page).count(
                 QStringLiteral("2 events found in the named queried sources as of ")),
        28);
}

void TestNotices::badRowIsSkippedTheRestImported_data()
{
    QTest::addColumn<QByteArray>("badRow");
    QTest::addColumn<QString>("message");
    QTest::newRow("malformed date")
        << retractionCsvRow("60001", "2024-03-01", "10.1/n", "10.5555/bad.1", "Retraction", "+X;")
        << QStringLiteral("RetractionDate");
    QTest::newRow("impossible date") << retractionCsvRow(
        "60001", "2/30/2024 0:00", "10.1/n", "10.5555/bad.1", "Retraction", "+X;")
                                     << QStringLiteral("RetractionDate");
    QTest::newRow("unknown nature")
        << retractionCsvRow("60001", "3/1/2024", "10.1/n", "10.5555/bad.1", "Reviewed", "+X;")
        << QStringLiteral("RetractionNature");
    QTest::newRow("too few fields")
        << QByteArray("60001,Title,3/1/2024\n") << QStringLiteral("fields");
}

void TestNotices::badRowIsSkippedTheRestImported()
{
    QFETCH(QByteArray, badRow);
    QFETCH(QString, message);
    const CliRun imported
        = run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) });
    QCOMPARE(imported.exitCode, 0);
    // Line 1 header, 2 the paper, 3 the bad row, 4 another work.
    m_csv = writeFile(
        QStringLiteral("mixed.csv"), kHeader + kPaperRetraction + badRow + kOtherRetraction);
    const CliRun r = run({ QStringLiteral("import-notices"), m_csv, QStringLiteral("--complete") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.startsWith(m_csv + QStringLiteral(":3: ")), qPrintable(err));
    QVERIFY2(err.contains(message), qPrintable(err));
    // A row whose Record ID cannot be read (too few fields) may be any notice: the import then
    // marks no notice withdrawn, and says so.
    const bool unidentified = !badRow.startsWith("60001,\"");
    QCOMPARE(err.count(u'\n'), unidentified ? 2 : 1);
    QCOMPARE(
        err.contains(QStringLiteral("no readable Record ID, so no notice is marked withdrawn")),
        unidentified);
    QVERIFY2(
        r.out.contains(
            ": 3 rows, 2 notices: 2 new, 0 updated, 0 unchanged, 0 withdrawn; 1 bad row skipped"),
        r.out.constData());
    QCOMPARE(noticeCountOf(m_db), 2);
    const auto curated = loadCuratedFrom(m_db);
    QVERIFY(curated);
    QCOMPARE(idsListing(curated->shown, paperRetraction()).size(), 28);
    Store store(m_db);
    QVERIFY(store.open());
    const auto index = store.noticeIndex();
    QVERIFY(index);
    QCOMPARE((*index)->size(), 2);
    QVERIFY((*index)->contains(kPaperKey));
    QVERIFY((*index)->contains(kOtherKey));
    QVERIFY(!(*index)->contains(QStringLiteral("10.5555/bad.1")));
}

void TestNotices::missingColumnChangesNothing_data()
{
    QTest::addColumn<QString>("column");
    for (const char *column : { RetractionColumn::kRecordId, RetractionColumn::kRetractionDate,
             RetractionColumn::kOriginalDoi, RetractionColumn::kNature })
        QTest::newRow(column) << QString::fromLatin1(column);
}

void TestNotices::missingColumnChangesNothing()
{
    QFETCH(QString, column);
    importFixtureAndNotices();
    const QString before = dumpDatabase(m_db);
    QVERIFY(before.contains(QStringLiteral("notices:")));

    // The header names the column something else: every row is otherwise the good one.
    QByteArray header = kHeader;
    const QByteArray name = column.toUtf8();
    header.replace(QByteArray(',' + name + ','), QByteArray(",Renamed" + name + ','));
    if (header.startsWith(QByteArray(name + ',')))
        header.prepend("Renamed");
    QVERIFY(header != kHeader);
    const QString bad
        = writeFile(QStringLiteral("bad-header.csv"), header + kPaperCorrection + kOtherRetraction);
    const CliRun r = run({ QStringLiteral("import-notices"), bad });
    QCOMPARE(r.exitCode, 2);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(bad + QStringLiteral(":1: ")), qPrintable(err));
    QVERIFY2(err.contains(column), qPrintable(err));
    QVERIFY2(r.out.isEmpty(), r.out.constData());
    QCOMPARE(dumpDatabase(m_db), before);
    QCOMPARE(noticeCountOf(m_db), 1);
}

// --- serialisations --------------------------------------------------------------------------

void TestNotices::richRecordTextRoundTrip()
{
    const Record record = richRecord();
    const QString text = renderLedgerText(record);
    QVERIFY(text.contains(
        QStringLiteral("\nDetail: +Falsification/Fabrication of Data; “doubts” <b>\n")));
    QVERIFY(text.contains(QStringLiteral("\nDetail: Reinstated after review\n")));
    const auto parsed = parseLedgerText(text.toUtf8(), QStringLiteral("rich.txt"));
    QVERIFY2(parsed, parsed ? "" : qPrintable(parsed.error().toString()));
    QCOMPARE(parsed->record, record);
    QCOMPARE(renderLedgerText(parsed->record), text);
}

void TestNotices::richRecordJsonRoundTrip()
{
    const Record record = richRecord();
    const QByteArray json = writeRecordJson(record);
    QVERIFY(json.contains("\"detail\""));
    QVERIFY(json.contains("Reinstated after review"));
    const auto read = readRecordJson(json, QStringLiteral("rich.json"));
    QVERIFY2(read, read ? "" : qPrintable(read.error().toString()));
    QCOMPARE(*read, record);
    QCOMPARE(writeRecordJson(*read), json);
    // The object form (the show --json and cache header writer) says the same.
    const QJsonObject object = recordToJson(record);
    QCOMPARE(QJsonDocument(object).toJson(QJsonDocument::Indented), json);
    const auto fromObject = recordFromJson(object, QStringLiteral("rich.json"));
    QVERIFY2(fromObject, fromObject ? "" : qPrintable(fromObject.error().toString()));
    QCOMPARE(*fromObject, record);
}

void TestNotices::matchedNoticesSurviveRenderAndImport_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("text") << QStringLiteral("text");
    QTest::newRow("json") << QStringLiteral("json");
}

void TestNotices::matchedNoticesSurviveRenderAndImport()
{
    QFETCH(QString, format);
    importFixtureAndNotices();
    const QString file = m_dir->filePath(QStringLiteral("curated.")
        + (format == u"json" ? QStringLiteral("json") : QStringLiteral("txt")));
    const CliRun rendered = run({ QStringLiteral("render"), kRecord, QStringLiteral("--format"),
        format, QStringLiteral("-o"), file });
    QVERIFY2(rendered.exitCode == 0, rendered.err.constData());
    const QByteArray bytes = readAll(file);
    QVERIFY(bytes.contains("Duplication of Article; Error in Data"));

    const QString freshDb = m_dir->filePath(QStringLiteral("fresh.sqlite"));
    const CliRun imported = run({ QStringLiteral("import"), file }, freshDb);
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QCOMPARE(noticeCountOf(freshDb), 0);

    // The page itself now carries the events, detail and all.
    auto curated = loadCuratedFrom(freshDb);
    QVERIFY(curated);
    const QStringList resolving = resolvingIds(curated->upstream);
    QCOMPARE(resolving.size(), 28);
    QCOMPARE(idsListing(curated->upstream, pageForm(paperRetraction())), resolving);
    QCOMPARE(render(format, freshDb), bytes);

    // Importing the same notices later lists no event twice, and the page stays as it was.
    const CliRun notices = run({ QStringLiteral("import-notices"), m_csv }, freshDb);
    QVERIFY2(notices.exitCode == 0, notices.err.constData());
    QVERIFY2(notices.out.contains("1 new, 0 updated, 0 unchanged"), notices.out.constData());
    QVERIFY2(!notices.out.contains("observations carry"), notices.out.constData());
    curated = loadCuratedFrom(freshDb);
    QVERIFY(curated);
    for (const QString &id : resolving)
        QCOMPARE(findObservation(curated->shown, id)->events.events,
            QList<SourceEvent> { paperRetraction() });
    // The page's own event is reviewed as the standing notice it reports (its nature and
    // identity), and nothing else changes.
    QCOMPARE(pageFormOf(curated->shown), curated->upstream);
    QCOMPARE(render(format, freshDb), bytes);

    // A notice DOI written in upper case on the page is still the same notice.
    if (format == u"text") {
        QByteArray upper = bytes;
        upper.replace("10.1234/retract.2104", "10.1234/RETRACT.2104");
        const QString upperFile = writeFile(QStringLiteral("upper.txt"), upper);
        const QString upperDb = m_dir->filePath(QStringLiteral("upper.sqlite"));
        QCOMPARE(run({ QStringLiteral("import"), upperFile }, upperDb).exitCode, 0);
        QCOMPARE(run({ QStringLiteral("import-notices"), m_csv }, upperDb).exitCode, 0);
        const auto upperCurated = loadCuratedFrom(upperDb);
        QVERIFY(upperCurated);
        for (const QString &id : resolving)
            QCOMPARE(findObservation(upperCurated->shown, id)->events.events.size(), 1);
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
