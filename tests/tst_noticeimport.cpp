// SPDX-License-Identifier: GPL-3.0-or-later
// Standing notices imported with the real `ledger-curator import-notices` (docs/notices.md):
// matched to the cited work of every observation whose link reaches one, curated identifiers
// that reach a work at once, imports again, overlapping, with bad rows or a missing column, and
// both serialisations of events with a detail.
#include "CuratedRecord.h"
#include "CurationSession.h"
#include "LedgerText.h"
#include "NoticeFixtures.h"
#include "Notices.h"
#include "RecordFixtures.h"
#include "RecordJson.h"
#include "RetractionCsv.h"
#include "RetractionRows.h"
#include "Store.h"
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

const QString kRetractionLine
    = QStringLiteral("Retraction · 2024-03-01 · retraction_status_cache · 10.1234/retract.2104");
const QString kRetractionDetailLine
    = QStringLiteral("Detail: Duplication of Article; Error in Data");

SourceEvent paperCorrection()
{
    return { EventKind::Correction, QStringLiteral("2023-11-02"),
        QStringLiteral("retraction_status_cache"), QStringLiteral("10.1234/corr.2104"),
        QStringLiteral("Error in Figures"), QStringLiteral("Correction"),
        QStringLiteral("retraction-watch:51235") };
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

} // namespace

class TestNoticeImport : public NoticeCliCase
{
    Q_OBJECT

private Q_SLOTS:
    void init();

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
};

void TestNoticeImport::init()
{
    makeCache();
}

// --- import and matching ---------------------------------------------------------------------

void TestNoticeImport::importFlagsExactlyTheResolvingObservations()
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

void TestNoticeImport::curatedIdentifierReachesTheWorkViaCli()
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
    QCOMPARE(o->curation->identifier, QStringLiteral("2104.04473"));
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

void TestNoticeImport::curatedIdentifierReachesTheWorkViaSession()
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

void TestNoticeImport::curatedOutboundIdentifierReachesTheWorkViaSession()
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

void TestNoticeImport::reimportAddsNothing()
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

void TestNoticeImport::overlappingImportAddsOnlyTheNewNotice()
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

void TestNoticeImport::badRowIsSkippedTheRestImported_data()
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

void TestNoticeImport::badRowIsSkippedTheRestImported()
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

void TestNoticeImport::missingColumnChangesNothing_data()
{
    QTest::addColumn<QString>("column");
    for (const char *column : { RetractionColumn::kRecordId, RetractionColumn::kRetractionDate,
             RetractionColumn::kOriginalDoi, RetractionColumn::kNature })
        QTest::newRow(column) << QString::fromLatin1(column);
}

void TestNoticeImport::missingColumnChangesNothing()
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

void TestNoticeImport::richRecordTextRoundTrip()
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

void TestNoticeImport::richRecordJsonRoundTrip()
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

void TestNoticeImport::matchedNoticesSurviveRenderAndImport_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("text") << QStringLiteral("text");
    QTest::newRow("json") << QStringLiteral("json");
}

void TestNoticeImport::matchedNoticesSurviveRenderAndImport()
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

QTEST_GUILESS_MAIN(TestNoticeImport)
#include "tst_noticeimport.moc"
