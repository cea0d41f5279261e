// SPDX-License-Identifier: GPL-3.0-or-later
// Notices and their reviews from the command line (issue 21, item 6), end to end: `notices`
// (listed, withdrawn and unmatched notices, a record's own with the events its page reports, the
// JSON form) and `review` (by Record ID, by DOI in any case and form, by full ref; one decision
// covering every observation of the work, undone by `undo`, shown by `history`; refusals that
// write nothing), each a separate run of the real binary on a real cache file.
#include "CuratedRecord.h"
#include "CurationLog.h"
#include "LedgerText.h"
#include "Notices.h"
#include "RetractionRows.h"
#include "Store.h"
#include "TestSupport.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QUuid>
#include <QtTest>

#include <memory>
#include <optional>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kPaperRef = QStringLiteral("retraction-watch:51234");
const QString kCorrectionRef = QStringLiteral("retraction-watch:51235");
const QString kConcernRef = QStringLiteral("retraction-watch:51236");
const QString kOtherRef = QStringLiteral("retraction-watch:51252");

const QByteArray kHeader = retractionCsvHeader();
//! The retraction (51234) and a correction (51235) of the fixture's paper.
const QByteArray kPaperRetraction = paperRetractionRow();
const QByteArray kPaperCorrection = paperCorrectionRow();
//! An expression of concern about the paper that the source stops listing (withdrawn).
const QByteArray kPaperConcern = retractionCsvRow("51236", "6/6/2023 0:00", "10.1234/eoc.2104",
    "10.48550/arXiv.2104.04473", "Expression of Concern", "+Concerns/Issues About Data;");
//! A retraction of a work no cached record cites (51252).
const QByteArray kOtherRetraction = otherRetractionRow();

std::optional<CuratedRecord> loadCuratedFrom(const QString &db)
{
    Store store(db);
    if (auto opened = store.open(); !opened) {
        qWarning() << opened.error().toString();
        return std::nullopt;
    }
    auto loaded = store.loadCurated(kRecord);
    if (!loaded || !loaded->has_value()) {
        qWarning() << "cannot load" << (loaded ? QString() : loaded.error().toString());
        return std::nullopt;
    }
    return std::move(**loaded);
}

//! How many correction events the cache file holds, read with SQL of its own.
qint64 eventCount(const QString &db)
{
    const QString name = QUuid::createUuid().toString();
    qint64 count = -1;
    {
        QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        sql.setDatabaseName(db);
        if (sql.open()) {
            QSqlQuery query(sql);
            if (query.exec(QStringLiteral("SELECT COUNT(*) FROM corrections")) && query.next())
                count = query.value(0).toLongLong();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return count;
}

//! The notice of a `notices --json` document with that ref (empty when absent).
QJsonObject noticeOf(const QJsonDocument &document, const QString &ref)
{
    for (const auto &n : document[QStringLiteral("notices")].toArray()) {
        if (n[QStringLiteral("ref")].toString() == ref)
            return n.toObject();
    }
    return {};
}

//! The block of `notices` text output that starts with "Notice REF".
QString blockOf(const QByteArray &out, const QString &ref)
{
    const QString text = QString::fromUtf8(out);
    const qsizetype start = text.indexOf(QStringLiteral("Notice ") + ref);
    if (start < 0)
        return {};
    const qsizetype end = text.indexOf(QStringLiteral("\n\n"), start);
    return text.mid(start, end < 0 ? -1 : end - start);
}

} // namespace

class TestNoticesCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void noticesListsListedWithdrawnAndUnmatched();
    void noticesJsonHoldsTheFields();
    void recordFilterAndPageEvents();
    void oneReviewCoversTheWork();
    void undoAndHistoryOfAReview();
    void reviewByDoiInAnyForm_data();
    void reviewByDoiInAnyForm();
    void reviewOfAWithdrawnNotice();
    void refusalsWriteNothing_data();
    void refusalsWriteNothing();
    void ambiguousDoiListsTheCandidates();
    void concurrentDecisionsShowAndMerge();
    void textFromTheSourceIsInert();
    void manyNoticesAndRecords();

private:
    CliRun run(QStringList arguments, const QString &db = {}) const;
    QString writeFile(const QString &name, const QByteArray &bytes) const;
    //! A cache with the fixture and a page of it whose observations report events of their own.
    QString pageEventsCache();
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
};

void TestNoticesCli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("cache.sqlite"));
    const CliRun imported
        = run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QCOMPARE(
        runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("tester") },
            m_dir->path())
            .exitCode,
        0);
    // The source's list once with the expression of concern, then without it: withdrawn.
    const QString first = writeFile(QStringLiteral("first.csv"),
        kHeader + kPaperRetraction + kPaperCorrection + kPaperConcern + kOtherRetraction);
    const QString second = writeFile(QStringLiteral("second.csv"),
        kHeader + kPaperRetraction + kPaperCorrection + kOtherRetraction);
    const CliRun a = run({ QStringLiteral("import-notices"), first });
    QVERIFY2(a.exitCode == 0, a.err.constData());
    // The whole list, and its withdrawal of the paper's own notice said yes to.
    const CliRun b = run({ QStringLiteral("import-notices"), second, QStringLiteral("--complete"),
        QStringLiteral("--allow-withdrawals") });
    QVERIFY2(b.exitCode == 0, b.err.constData());
    QVERIFY2(b.out.contains("1 withdrawn"), b.out.constData());
}

CliRun TestNoticesCli::run(QStringList arguments, const QString &db) const
{
    arguments << QStringLiteral("--db") << (db.isEmpty() ? m_db : db);
    return runCli(arguments, m_dir->path());
}

QString TestNoticesCli::writeFile(const QString &name, const QByteArray &bytes) const
{
    const QString path = m_dir->filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return {};
    return path;
}

QString TestNoticesCli::pageEventsCache()
{
    auto parsed = parseLedgerText(fixture(), QStringLiteral("ledger-2104.04473.txt"));
    if (!parsed)
        return {};
    Record record = parsed->record;
    const QStringList resolving = resolvingIds(record);
    for (Observation &o : record.observations) {
        if (o.id == resolving.first() || o.id == resolving.last()) {
            // Two observations of the paper report a correction of their own, and the paper's
            // retraction under the same notice DOI as Retraction Watch but another date.
            o.events.status = EventsCheck::Status::Found;
            o.events.reason.clear();
            o.events.events = {
                SourceEvent { EventKind::Correction, QStringLiteral("2022-06-01"),
                    QStringLiteral("scholarly_work_events"), QStringLiteral("10.9999/Page.Notice"),
                    QStringLiteral("Figure 2 replaced") },
                SourceEvent { EventKind::Retraction, QStringLiteral("2024-02-28"),
                    QStringLiteral("scholarly_work_events"), QStringLiteral("10.1234/retract.2104"),
                    {} },
            };
        }
    }
    const QString page
        = writeFile(QStringLiteral("page-events.txt"), renderLedgerText(record).toUtf8());
    const QString db = m_dir->filePath(QStringLiteral("page-events.sqlite"));
    if (run({ QStringLiteral("import"), page }, db).exitCode != 0)
        return {};
    const QString csv = writeFile(QStringLiteral("page.csv"), kHeader + kPaperRetraction);
    if (run({ QStringLiteral("import-notices"), csv }, db).exitCode != 0)
        return {};
    return db;
}

void TestNoticesCli::noticesListsListedWithdrawnAndUnmatched()
{
    const CliRun r = run({ QStringLiteral("notices") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.startsWith("4 notices: 3 listed and 1 withdrawn by the source; 1 match no "
                              "cached record yet\n"),
        r.out.constData());
    const QString paper = blockOf(r.out, kPaperRef);
    QVERIFY2(paper.contains(QStringLiteral("(Retraction Watch record 51234)")), qPrintable(paper));
    QVERIFY2(paper.contains(QStringLiteral("  work: 10.48550/arxiv.2104.04473 “A Paper, Titled”")),
        qPrintable(paper));
    QVERIFY(
        paper.contains(QStringLiteral("  kind: Retraction; nature: Retraction; date: 2024-03-01")));
    // DOIs are kept in lower case (docs/notices.md).
    QVERIFY(paper.contains(QStringLiteral("  notice: 10.1234/retract.2104")));
    QVERIFY(paper.contains(QStringLiteral("  status: listed by the source; imported 20")));
    QVERIFY2(paper.contains(QStringLiteral(
                 "  arXiv:2104.04473 (its own paper): 28 observations; review: unreviewed")),
        qPrintable(paper));
    // Withdrawn by the source: still listed, still matching the paper's observations.
    const QString concern = blockOf(r.out, kConcernRef);
    QVERIFY2(
        concern.contains(QStringLiteral("  status: withdrawn by the source")), qPrintable(concern));
    QVERIFY(concern.contains(QStringLiteral("nature: Expression of Concern")));
    QVERIFY(concern.contains(QStringLiteral("(its own paper): 28 observations")));
    // A notice about a work no cached record cites.
    const QString other = blockOf(r.out, kOtherRef);
    QVERIFY2(other.contains(QStringLiteral("  matches no cached record yet")), qPrintable(other));
    QVERIFY(!other.contains(QStringLiteral("arXiv:")));
}

void TestNoticesCli::noticesJsonHoldsTheFields()
{
    const CliRun r = run({ QStringLiteral("notices"), QStringLiteral("--json") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(r.out, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QVERIFY(document[QStringLiteral("record")].isNull());
    QCOMPARE(document[QStringLiteral("count")].toInt(), 4);
    QCOMPARE(document[QStringLiteral("notices")].toArray().size(), 4);
    const QJsonObject paper = noticeOf(document, kPaperRef);
    QCOMPARE(paper[QStringLiteral("source")].toString(), QStringLiteral("retraction-watch"));
    QCOMPARE(paper[QStringLiteral("source_id")].toString(), QStringLiteral("51234"));
    QCOMPARE(paper[QStringLiteral("origin")].toString(),
        QStringLiteral("Retraction Watch record 51234"));
    QCOMPARE(paper[QStringLiteral("work")].toString(), QStringLiteral("10.48550/arxiv.2104.04473"));
    QCOMPARE(paper[QStringLiteral("kind")].toString(), QStringLiteral("retraction"));
    QCOMPARE(paper[QStringLiteral("nature")].toString(), QStringLiteral("Retraction"));
    QCOMPARE(paper[QStringLiteral("date")].toString(), QStringLiteral("2024-03-01"));
    QCOMPARE(
        paper[QStringLiteral("notice_doi")].toString(), QStringLiteral("10.1234/retract.2104"));
    QCOMPARE(paper[QStringLiteral("status")].toString(), QStringLiteral("listed"));
    QVERIFY(paper[QStringLiteral("imported_at")].toString().endsWith(u'Z'));
    QCOMPARE(
        paper[QStringLiteral("review_observation")].toString(), noticeReviewObservation(kPaperRef));
    const QJsonArray matches = paper[QStringLiteral("matches")].toArray();
    QCOMPARE(matches.size(), 1);
    QCOMPARE(matches[0][QStringLiteral("record")].toString(), kRecord);
    QVERIFY(matches[0][QStringLiteral("own_paper")].toBool());
    QCOMPARE(matches[0][QStringLiteral("observation_count")].toInt(), 28);
    QCOMPARE(matches[0][QStringLiteral("observations")].toArray().size(), 28);
    QCOMPARE(matches[0][QStringLiteral("review")][QStringLiteral("status")].toString(),
        QStringLiteral("unreviewed"));
    QVERIFY(matches[0][QStringLiteral("review")][QStringLiteral("author")].isNull());
    QCOMPARE(noticeOf(document, kConcernRef)[QStringLiteral("status")].toString(),
        QStringLiteral("withdrawn"));
    QCOMPARE(noticeOf(document, kOtherRef)[QStringLiteral("matches")].toArray().size(), 0);
    QCOMPARE(noticeOf(document, kCorrectionRef)[QStringLiteral("kind")].toString(),
        QStringLiteral("correction"));
}

void TestNoticesCli::recordFilterAndPageEvents()
{
    // The fixture's own notices: the three about its paper, not the other work's.
    const CliRun own = run({ QStringLiteral("notices"), kRecord, QStringLiteral("--json") });
    QVERIFY2(own.exitCode == 0, own.err.constData());
    const QJsonDocument ownDoc = QJsonDocument::fromJson(own.out);
    QCOMPARE(ownDoc[QStringLiteral("record")].toString(), kRecord);
    QCOMPARE(ownDoc[QStringLiteral("count")].toInt(), 3);
    QVERIFY(noticeOf(ownDoc, kOtherRef).isEmpty());
    QVERIFY(!noticeOf(ownDoc, kConcernRef).isEmpty());
    const CliRun text = run({ QStringLiteral("notices"), QStringLiteral("arXiv:2104.04473v5") });
    QVERIFY2(text.out.startsWith("arXiv:2104.04473: 3 notices: 2 listed and 1 withdrawn by the "
                                 "source, 0 reported by the page\n"),
        text.out.constData());

    // A page that reports events of its own.
    const QString db = pageEventsCache();
    QVERIFY(!db.isEmpty());
    const CliRun page = run({ QStringLiteral("notices"), kRecord, QStringLiteral("--json") }, db);
    QVERIFY2(page.exitCode == 0, page.err.constData());
    const QJsonDocument doc = QJsonDocument::fromJson(page.out);
    QCOMPARE(doc[QStringLiteral("count")].toInt(), 3);
    const QJsonObject correction = noticeOf(doc, QStringLiteral("doi:10.9999/page.notice"));
    QCOMPARE(correction[QStringLiteral("status")].toString(), QStringLiteral("page"));
    QVERIFY(correction[QStringLiteral("source")].isNull());
    QCOMPARE(correction[QStringLiteral("kind")].toString(), QStringLiteral("correction"));
    QCOMPARE(
        correction[QStringLiteral("matches")][0][QStringLiteral("observation_count")].toInt(), 2);
    QVERIFY(!noticeOf(doc, QStringLiteral("doi:10.1234/retract.2104")).isEmpty());
    QCOMPARE(
        noticeOf(doc, kPaperRef)[QStringLiteral("matches")][0][QStringLiteral("observation_count")]
            .toInt(),
        28);
    const CliRun pageText = run({ QStringLiteral("notices"), kRecord }, db);
    QVERIFY2(pageText.out.contains("Notice doi:10.9999/page.notice\n"), pageText.out.constData());
    QVERIFY(blockOf(pageText.out, QStringLiteral("doi:10.9999/page.notice"))
                .contains(QStringLiteral("  status: reported by the page\n")));
    // The page's own event is reviewed by its DOI, in any form.
    const CliRun reviewed = run(
        { QStringLiteral("review"), kRecord, QStringLiteral("https://doi.org/10.9999/PAGE.NOTICE"),
            QStringLiteral("--status"), QStringLiteral("dismissed") },
        db);
    QVERIFY2(reviewed.exitCode == 0, reviewed.err.constData());
    QVERIFY2(reviewed.out.startsWith("2104.04473: notice doi:10.9999/page.notice (Correction · "
                                     "2022-06-01) reviewed as dismissed by tester; covers 2 "
                                     "observations\n"),
        reviewed.out.constData());
}

void TestNoticesCli::oneReviewCoversTheWork()
{
    const qint64 before = eventCount(m_db);
    QCOMPARE(before, 0);
    const CliRun r = run({ QStringLiteral("review"), kRecord, QStringLiteral("51234"),
        QStringLiteral("--status"), QStringLiteral("acknowledged"), QStringLiteral("--note"),
        QStringLiteral("retraction notice confirmed") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.startsWith("2104.04473: notice retraction-watch:51234 (Retraction · 2024-03-01) "
                              "reviewed as acknowledged by tester; covers 28 observations\n"),
        r.out.constData());
    QVERIFY(r.out.contains("  review: unreviewed (upstream) -> acknowledged (correction "));
    QVERIFY(r.out.contains(
        "  review-note: (upstream: none) -> retraction notice confirmed (correction "));
    // One decision: two events (the status and its note), not one per observation.
    QCOMPARE(eventCount(m_db), 2);

    const auto curated = loadCuratedFrom(m_db);
    QVERIFY(curated);
    const NoticeReview review = curated->noticeReview(kPaperRef);
    QCOMPARE(review.status, QStringLiteral("acknowledged"));
    QCOMPARE(review.note, QStringLiteral("retraction notice confirmed"));
    QCOMPARE(review.author, QStringLiteral("tester"));
    QVERIFY(!review.conflict);
    const QStringList resolving = resolvingIds(curated->upstream);
    QCOMPARE(resolving.size(), 28);
    qsizetype shown = 0;
    for (const Observation &o : curated->shown.observations) {
        // A review is no correction: no observation is marked corrected.
        QVERIFY2(o.curation->mark.isEmpty(), qPrintable(o.curation->mark));
        if (!resolving.contains(o.id))
            continue;
        // The paper's correction (51235) is not reviewed yet: the observation shows the most
        // pressing status of its notices, and the retraction's note.
        QCOMPARE(reviewStatusOf(o), QStringLiteral("unreviewed"));
        QVERIFY(o.curation->reviewNote.contains(QStringLiteral("retraction notice confirmed")));
        ++shown;
    }
    QCOMPARE(shown, 28);
    const CliRun list = run({ QStringLiteral("show"), kRecord });
    QVERIFY(!list.out.contains(" C    "));

    // Reviewing the correction too: every observation of the paper now shows a decision.
    const CliRun second
        = run({ QStringLiteral("review"), kRecord, QStringLiteral("retraction-watch:51235"),
            QStringLiteral("--status"), QStringLiteral("Acknowledged") });
    QVERIFY2(second.exitCode == 0, second.err.constData());
    QVERIFY(second.out.contains("covers 28 observations"));
    QCOMPARE(eventCount(m_db), 3); // no note: only the status
    const auto after = loadCuratedFrom(m_db);
    QVERIFY(after);
    for (const Observation &o : after->shown.observations) {
        QVERIFY(o.curation->mark.isEmpty());
        if (resolving.contains(o.id))
            QCOMPARE(reviewStatusOf(o), QStringLiteral("acknowledged"));
    }

    // `notices` shows the decision on the record.
    const CliRun notices = run({ QStringLiteral("notices"), kRecord });
    QVERIFY2(blockOf(notices.out, kPaperRef)
                 .contains(QStringLiteral("28 observations; review: acknowledged by tester, 20")),
        notices.out.constData());
    QVERIFY(blockOf(notices.out, kPaperRef)
                .contains(QStringLiteral("; note “retraction notice confirmed”")));
    const QJsonDocument json
        = QJsonDocument::fromJson(run({ QStringLiteral("notices"), QStringLiteral("--json") }).out);
    const QJsonObject decided
        = noticeOf(json, kPaperRef)[QStringLiteral("matches")][0][QStringLiteral("review")]
              .toObject();
    QCOMPARE(decided[QStringLiteral("status")].toString(), QStringLiteral("acknowledged"));
    QCOMPARE(
        decided[QStringLiteral("note")].toString(), QStringLiteral("retraction notice confirmed"));
    QCOMPARE(decided[QStringLiteral("author")].toString(), QStringLiteral("tester"));

    // The same decision again records nothing.
    const CliRun again = run({ QStringLiteral("review"), kRecord, QStringLiteral("51234"),
        QStringLiteral("--status"), QStringLiteral("acknowledged"), QStringLiteral("--note"),
        QStringLiteral("retraction notice confirmed") });
    QCOMPARE(again.exitCode, 0);
    QVERIFY2(again.out.contains("is already reviewed as acknowledged by tester; nothing recorded"),
        again.out.constData());
    QCOMPARE(eventCount(m_db), 3);
}

void TestNoticesCli::undoAndHistoryOfAReview()
{
    QCOMPARE(run({ QStringLiteral("review"), kRecord, QStringLiteral("51234"),
                     QStringLiteral("--status"), QStringLiteral("escalated"),
                     QStringLiteral("--note"), QStringLiteral("ask the editor") })
                 .exitCode,
        0);
    const CliRun history = run({ QStringLiteral("history"), kRecord, QStringLiteral("51234") });
    QVERIFY2(history.exitCode == 0, history.err.constData());
    QVERIFY2(history.out.startsWith(
                 QStringLiteral("Review of notice retraction-watch:51234 (Retraction · 2024-03-01) "
                                "on arXiv:2104.04473 (observation %1, covering 28 observations): "
                                "2 corrections\n")
                     .arg(noticeReviewObservation(kPaperRef))
                     .toUtf8()),
        history.out.constData());
    QVERIFY(history.out.contains("  tester  review: unreviewed (upstream) -> escalated  ["));
    QVERIFY(history.out.contains("  tester  review-note: (upstream: none) -> ask the editor  ["));
    // The review observation's UUID names it too.
    const CliRun byUuid = run({ QStringLiteral("history"), kRecord,
        noticeReviewObservation(kPaperRef), QStringLiteral("--json") });
    QVERIFY2(byUuid.exitCode == 0, byUuid.err.constData());
    QCOMPARE(QJsonDocument::fromJson(byUuid.out).array().size(), 2);

    // Undo takes the decision back, its note with it.
    const CliRun undo
        = run({ QStringLiteral("undo"), kRecord, kPaperRef, QStringLiteral("review") });
    QVERIFY2(undo.exitCode == 0, undo.err.constData());
    QVERIFY2(undo.out.contains("review escalated -> unreviewed (upstream) (correction "),
        undo.out.constData());
    QVERIFY(undo.out.contains("review-note ask the editor -> (upstream: none) (correction "));
    QCOMPARE(eventCount(m_db), 4);
    const auto curated = loadCuratedFrom(m_db);
    QVERIFY(curated);
    const NoticeReview review = curated->noticeReview(kPaperRef);
    QCOMPARE(review.status, QStringLiteral("unreviewed"));
    QVERIFY(review.note.isEmpty());
    for (const Observation &o : curated->shown.observations) {
        QVERIFY(o.curation->mark.isEmpty());
        QVERIFY(o.curation->reviewNote.isEmpty());
        if (o.events.status == EventsCheck::Status::Found)
            QCOMPARE(reviewStatusOf(o), QStringLiteral("unreviewed"));
    }
    const CliRun notices = run({ QStringLiteral("notices"), kRecord });
    QVERIFY2(blockOf(notices.out, kPaperRef)
                 .contains(QStringLiteral(
                     "28 observations; review: unreviewed (a decision undone by tester, 20")),
        notices.out.constData());
    QVERIFY(run({ QStringLiteral("history"), kRecord, QStringLiteral("51234") })
                .out.contains("4 corrections"));
}

void TestNoticesCli::reviewByDoiInAnyForm_data()
{
    QTest::addColumn<QString>("notice");
    QTest::addColumn<QString>("ref");
    QTest::newRow("bare, mixed case") << "10.1234/Retract.2104" << kPaperRef;
    QTest::newRow("https://doi.org/") << "https://doi.org/10.1234/RETRACT.2104" << kPaperRef;
    QTest::newRow("doi:") << "doi:10.1234/corr.2104" << kCorrectionRef;
    QTest::newRow("DOI: upper") << "DOI:10.1234/CORR.2104" << kCorrectionRef;
    QTest::newRow("full ref") << "retraction-watch:51235" << kCorrectionRef;
    QTest::newRow("Record ID") << "51235" << kCorrectionRef;
}

void TestNoticesCli::reviewByDoiInAnyForm()
{
    QFETCH(QString, notice);
    QFETCH(QString, ref);
    const CliRun r = run({ QStringLiteral("review"), kRecord, notice, QStringLiteral("--status"),
        QStringLiteral("dismissed"), QStringLiteral("--note"), QStringLiteral("seen") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.startsWith(QStringLiteral("2104.04473: notice %1 (").arg(ref).toUtf8()),
        r.out.constData());
    QCOMPARE(eventCount(m_db), 2);
    const auto curated = loadCuratedFrom(m_db);
    QVERIFY(curated);
    QCOMPARE(curated->noticeReview(ref).status, QStringLiteral("dismissed"));
    const QString other = ref == kPaperRef ? kCorrectionRef : kPaperRef;
    QCOMPARE(curated->noticeReview(other).status, QStringLiteral("unreviewed"));
}

void TestNoticesCli::reviewOfAWithdrawnNotice()
{
    const CliRun r = run({ QStringLiteral("review"), kRecord, QStringLiteral("10.1234/EOC.2104"),
        QStringLiteral("--status"), QStringLiteral("dismissed") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.startsWith("2104.04473: notice retraction-watch:51236 (Expression of Concern · "
                              "2023-06-06) (withdrawn by the source) reviewed as dismissed"),
        r.out.constData());
    // Its review shows with it, though no observation carries a withdrawn notice.
    const QJsonDocument json
        = QJsonDocument::fromJson(run({ QStringLiteral("notices"), QStringLiteral("--json") }).out);
    QCOMPARE(noticeOf(json, kConcernRef)[QStringLiteral("matches")][0][QStringLiteral("review")]
                                        [QStringLiteral("status")]
                                            .toString(),
        QStringLiteral("dismissed"));
}

void TestNoticesCli::refusalsWriteNothing_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QStringList ok = { QStringLiteral("--status"), QStringLiteral("acknowledged") };
    QTest::newRow("unknown Record ID")
        << (QStringList { QStringLiteral("review"), kRecord, QStringLiteral("99999") } + ok) << 2
        << "record 2104.04473 has no notice with Retraction Watch Record ID 99999 among its 3 "
           "notices (see 'ledger-curator notices 2104.04473')";
    QTest::newRow("unknown DOI") << (QStringList { QStringLiteral("review"), kRecord,
                                         QStringLiteral("10.1/none") }
        + ok) << 2 << "record 2104.04473 has no notice with DOI 10.1/none";
    QTest::newRow("another work's notice")
        << (QStringList { QStringLiteral("review"), kRecord, QStringLiteral("51252") } + ok) << 2
        << "the cache's notice retraction-watch:51252 concerns 10.5555/ecr.2019.1187, which no "
           "observation of 2104.04473 cites";
    QTest::newRow("bad status") << QStringList { QStringLiteral("review"), kRecord,
        QStringLiteral("51234"), QStringLiteral("--status"), QStringLiteral("approved") }
                                << 2
                                << "review: --status takes acknowledged, dismissed or escalated, "
                                   "found 'approved'";
    QTest::newRow("unreviewed is no decision") << QStringList { QStringLiteral("review"), kRecord,
        QStringLiteral("51234"), QStringLiteral("--status"), QStringLiteral("unreviewed") }
                                               << 2 << "found 'unreviewed'";
    QTest::newRow("no status") << QStringList {
        QStringLiteral("review"), kRecord, QStringLiteral("51234")
    } << 2 << "review: --status acknowledged, dismissed or escalated is needed";
    QTest::newRow("note on two lines")
        << (QStringList { QStringLiteral("review"), kRecord, QStringLiteral("51234"),
                QStringLiteral("--note"), QStringLiteral("one\ntwo") }
               + ok)
        << 2 << "--note: a note is one line";
    QTest::newRow("unknown record") << (QStringList { QStringLiteral("review"),
                                            QStringLiteral("2301.00001"), QStringLiteral("51234") }
        + ok) << 2 << "no record 2301.00001 in the cache";
    QTest::newRow("no NOTICE") << (QStringList { QStringLiteral("review"), kRecord } + ok) << 2
                               << "review: name RECORD and NOTICE";
    QTest::newRow("undo of an unknown notice") << QStringList {
        QStringLiteral("undo"), kRecord, QStringLiteral("99999"), QStringLiteral("review")
    } << 2 << "has no notice with Retraction Watch Record ID 99999";
}

void TestNoticesCli::refusalsWriteNothing()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    // One decision already held, so "nothing written" is more than an empty table.
    QCOMPARE(run({ QStringLiteral("review"), kRecord, QStringLiteral("51235"),
                     QStringLiteral("--status"), QStringLiteral("escalated") })
                 .exitCode,
        0);
    const qint64 events = eventCount(m_db);
    QCOMPARE(events, 1);
    const QString before = dumpDatabase(m_db);
    const CliRun r = run(arguments);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QVERIFY(r.out.isEmpty());
    QCOMPARE(eventCount(m_db), events);
    QCOMPARE(dumpDatabase(m_db), before);
}

void TestNoticesCli::ambiguousDoiListsTheCandidates()
{
    // The page reports the paper's retraction under Retraction Watch's notice DOI, another day.
    const QString db = pageEventsCache();
    QVERIFY(!db.isEmpty());
    const QString before = dumpDatabase(db);
    const CliRun r
        = run({ QStringLiteral("review"), kRecord, QStringLiteral("10.1234/RETRACT.2104"),
                  QStringLiteral("--status"), QStringLiteral("acknowledged") },
            db);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("'10.1234/RETRACT.2104' names 2 notices of 2104.04473: "
                            "retraction-watch:51234 (Retraction · 2024-03-01), "
                            "doi:10.1234/retract.2104 (Retraction · 2024-02-28); name one by its "
                            "full identifier"),
        r.err.constData());
    QCOMPARE(dumpDatabase(db), before);
    QCOMPARE(eventCount(db), 0);
    // Each by its full identifier.
    const CliRun page
        = run({ QStringLiteral("review"), kRecord, QStringLiteral("doi:10.1234/retract.2104"),
                  QStringLiteral("--status"), QStringLiteral("dismissed") },
            db);
    QVERIFY2(page.exitCode == 0, page.err.constData());
    QVERIFY2(page.out.contains("notice doi:10.1234/retract.2104 (Retraction · 2024-02-28) reviewed "
                               "as dismissed by tester; covers 2 observations"),
        page.out.constData());
    const CliRun standing = run({ QStringLiteral("review"), kRecord, kPaperRef,
                                    QStringLiteral("--status"), QStringLiteral("acknowledged") },
        db);
    QVERIFY2(standing.exitCode == 0, standing.err.constData());
    QVERIFY(standing.out.contains("covers 28 observations"));
    QCOMPARE(eventCount(db), 2);
}

void TestNoticesCli::concurrentDecisionsShowAndMerge()
{
    // Two curators decided at once (as a sync would bring them): both decisions are heads.
    const QString observation = noticeReviewObservation(kPaperRef);
    {
        Store store(m_db);
        QVERIFY(store.open());
        QVERIFY(store.addCorrections(
            { makeEdit(FieldState {}, kRecord, observation, CurationField::Review,
                  QStringLiteral("dismissed"), QStringLiteral("alice"),
                  QStringLiteral("2026-09-01T10:00:00.000Z")),
                makeEdit(FieldState {}, kRecord, observation, CurationField::Review,
                    QStringLiteral("escalated"), QStringLiteral("bob"),
                    QStringLiteral("2026-09-01T10:00:01.000Z")) }));
    }
    const CliRun shown = run({ QStringLiteral("notices"), kRecord });
    QVERIFY2(blockOf(shown.out, kPaperRef)
                 .contains(QStringLiteral("review: escalated by bob, 2026-09-01T10:00:01.000Z "
                                          "(conflicting decisions: the first is shown; decide "
                                          "again with 'ledger-curator review')")),
        shown.out.constData());
    const QJsonDocument json = QJsonDocument::fromJson(
        run({ QStringLiteral("notices"), kRecord, QStringLiteral("--json") }).out);
    QVERIFY(noticeOf(json, kPaperRef)[QStringLiteral("matches")][0][QStringLiteral("review")]
                                     [QStringLiteral("conflict")]
                                         .toBool());
    // Deciding again, even on the value shown, resolves the conflict (as curate does: one event
    // whose parents are both heads).
    const CliRun decided = run({ QStringLiteral("review"), kRecord, QStringLiteral("51234"),
        QStringLiteral("--status"), QStringLiteral("escalated") });
    QVERIFY2(decided.exitCode == 0, decided.err.constData());
    QVERIFY2(decided.out.contains("  review: escalated -> escalated (correction "),
        decided.out.constData());
    const auto curated = loadCuratedFrom(m_db);
    QVERIFY(curated);
    QVERIFY(!curated->noticeReview(kPaperRef).conflict);
    QCOMPARE(curated->noticeReview(kPaperRef).status, QStringLiteral("escalated"));
    QCOMPARE(curated->noticeReview(kPaperRef).author, QStringLiteral("tester"));
    const CliRun history = run({ QStringLiteral("history"), kRecord, kPaperRef });
    QVERIFY2(!history.out.contains("conflict on"), history.out.constData());
}

void TestNoticesCli::textFromTheSourceIsInert()
{
    // A title with a right-to-left override (control characters the CSV reader refuses).
    QByteArray row = retractionCsvRow("51299", "2/2/2024 0:00", "10.1234/x.2104",
        "10.48550/arXiv.2104.04473", "Retraction and Replacement", "+Error;");
    row.replace("\"A Paper, Titled\"", "\"Evil \xe2\x80\xae title\"");
    const QString csv = writeFile(QStringLiteral("evil.csv"), kHeader + row);
    const CliRun imported
        = run({ QStringLiteral("import-notices"), csv, QStringLiteral("--partial") });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    const CliRun text = run({ QStringLiteral("notices"), kRecord });
    QVERIFY2(text.exitCode == 0, text.err.constData());
    const QString block = blockOf(text.out, QStringLiteral("retraction-watch:51299"));
    QVERIFY2(block.contains(QStringLiteral("“Evil <U+202E> title”")), qPrintable(block));
    QVERIFY(!text.out.contains("\xe2\x80\xae"));
    // The source's nature as given, and what it means.
    QVERIFY(block.contains(QStringLiteral(
        "kind: Retraction; nature: Retraction and Replacement (retracted and replaced)")));
    const CliRun json = run({ QStringLiteral("notices"), kRecord, QStringLiteral("--json") });
    QVERIFY(!json.out.contains("\xe2\x80\xae"));
    const QJsonObject notice
        = noticeOf(QJsonDocument::fromJson(json.out), QStringLiteral("retraction-watch:51299"));
    QCOMPARE(notice[QStringLiteral("title")].toString(), QStringLiteral("Evil \u202e title"));
    QVERIFY(notice[QStringLiteral("replacement")].toBool());
}

void TestNoticesCli::manyNoticesAndRecords()
{
    // 300 records and 6,000 notices, 20 about each record's paper: `notices` reads each record
    // once and finds its notices by work key, so its time grows with records + notices, not with
    // their product.
    auto parsed = parseLedgerText(fixture(), QStringLiteral("ledger-2104.04473.txt"));
    QVERIFY(parsed);
    constexpr int kRecords = 300;
    constexpr int kPerRecord = 20;
    QList<Record> records;
    for (int i = 0; i < kRecords; ++i) {
        Record copy = parsed->record;
        copy.arxivId = QStringLiteral("2301.%1").arg(10000 + i);
        for (qsizetype k = 0; k < copy.observations.size(); ++k)
            copy.observations[k].id = uuidFor(i * 100 + int(k));
        records.append(std::move(copy));
    }
    const QString db = m_dir->filePath(QStringLiteral("large.sqlite"));
    {
        Store store(db);
        QVERIFY(store.open());
        auto imported = store.importRecords(records);
        QVERIFY2(imported, imported ? "" : qPrintable(imported.error().toString()));
    }
    QByteArray csv = kHeader;
    for (int i = 0; i < kRecords; ++i) {
        for (int k = 0; k < kPerRecord; ++k) {
            const QByteArray id = QByteArray::number(100000 + i * kPerRecord + k);
            csv += retractionCsvRow(id, "3/1/2024 0:00", "10.1234/r." + id,
                "10.48550/arXiv.2301." + QByteArray::number(10000 + i), "Retraction", "+Error;");
        }
    }
    const QString file = writeFile(QStringLiteral("large.csv"), csv);
    const CliRun imported = run({ QStringLiteral("import-notices"), file }, db);
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QElapsedTimer timer;
    timer.start();
    const CliRun r = run({ QStringLiteral("notices"), QStringLiteral("--json") }, db);
    const qint64 ms = timer.elapsed();
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonDocument doc = QJsonDocument::fromJson(r.out);
    QCOMPARE(doc[QStringLiteral("count")].toInt(), kRecords * kPerRecord);
    for (const auto &n : doc[QStringLiteral("notices")].toArray()) {
        const QJsonArray matches = n[QStringLiteral("matches")].toArray();
        QCOMPARE(matches.size(), 1);
        QCOMPARE(matches[0][QStringLiteral("observation_count")].toInt(), 28);
    }
    // A figure, not a check: speed is the bench's (no timed assertion in the suite; under load
    // this took 78 s where it takes a few seconds idle).
    qInfo("notices --json over %d records and %d notices: %lld ms", kRecords, kRecords * kPerRecord,
        ms);
}

QTEST_GUILESS_MAIN(TestNoticesCli)
#include "tst_noticescli.moc"
