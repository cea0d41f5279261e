// SPDX-License-Identifier: GPL-3.0-or-later
// Notices as team data through the real ledger-server on loopback (docs/notices.md): a Retraction
// Watch CSV imported on one cache reaches another; a retried upload, a second import of the same
// file elsewhere and a repeated sync store nothing twice; a notice the source no longer lists
// reaches the others as withdrawn; a cache that was offline catches up; one review of the
// paper's retraction is one decision on both caches, shown on every observation it covers.
#include "CurationLog.h"
#include "Notices.h"
#include "Outbox.h"
#include "RetractionCsv.h"
#include "ServerProcess.h"
#include "Store.h"
#include "SyncClient.h"
#include "TestKeys.h"
#include "TestSupport.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kPaperKey = QStringLiteral("10.48550/arxiv.2104.04473");

//! The sample export's notices, as an import of it at `when` makes them.
QList<StandingNotice> sampleNotices(const QString &when, QSet<QString> *alsoListed = nullptr)
{
    auto csv = readRetractionCsvFile(dataPath(QStringLiteral("retractions-sample.csv")));
    if (!csv)
        return {};
    RetractionImport converted = standingNotices(*csv, when);
    if (alsoListed)
        *alsoListed = converted.alsoListed;
    return converted.notices;
}

//! What a notice says, without who imported it when and the server's seq.
QStringList contents(const QList<StandingNotice> &notices)
{
    QStringList out;
    for (StandingNotice n : notices) {
        n.importedAt.clear();
        n.importedBy.clear();
        n.seq.reset();
        out.append(n.ref() + u' ' + noticeStatusKey(n.status) + u' ' + n.work + u' '
            + eventKindKey(n.event.kind) + u' ' + n.event.nature + u' ' + n.event.date + u' '
            + n.event.notice + u' ' + n.event.detail + u' ' + n.title);
    }
    out.sort();
    return out;
}

//! The error of a failed result, for a test's message (error() is only valid on a failure).
template <typename T> QString errorOf(const Result<T> &result)
{
    return result ? QString() : result.error().toString();
}

const StandingNotice *findNotice(const QList<StandingNotice> &notices, const QString &ref)
{
    for (const StandingNotice &n : notices) {
        if (n.ref() == ref)
            return &n;
    }
    return nullptr;
}

} // namespace

class TestSyncNotices : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void importedNoticesReachTheOtherCache();
    void retriesAndRepeatedImportsStoreNothingTwice();
    void withdrawnBySourceReachesTheOthers();
    void offlineCacheCatchesUp();
    void oneReviewIsOneDecisionOnBothCaches();

private:
    Result<SyncReport> sync(Store &store, const QString &token);
    QList<StandingNotice> notices(Store &store);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ServerProcess> m_server;
    std::unique_ptr<Store> m_a;
    std::unique_ptr<Store> m_b;
    QString m_alice;
    QString m_bob;
};

void TestSyncNotices::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QString problem;
    QHash<QString, QString> tokens;
    m_server = fixtureServer(m_dir->path(),
        { { QStringLiteral("alice"), QStringLiteral("curator") },
            { QStringLiteral("bob"), QStringLiteral("curator") } },
        &tokens, &problem);
    QVERIFY2(m_server, qPrintable(problem));
    m_alice = tokens.value(QStringLiteral("alice"));
    m_bob = tokens.value(QStringLiteral("bob"));
    m_a = std::make_unique<Store>(m_dir->filePath(QStringLiteral("a.sqlite")));
    m_b = std::make_unique<Store>(m_dir->filePath(QStringLiteral("b.sqlite")));
    QVERIFY(m_a->open());
    QVERIFY(m_b->open());
}

void TestSyncNotices::cleanup()
{
    m_a.reset();
    m_b.reset();
    m_server.reset();
    m_dir.reset();
}

Result<SyncReport> TestSyncNotices::sync(Store &store, const QString &token)
{
    SyncOptions o;
    o.server = m_server->url();
    o.token = token;
    o.timeoutMs = 5000;
    o.maxAttempts = 3;
    o.initialBackoffMs = 50;
    o.curator = token == m_alice ? QStringLiteral("alice") : QStringLiteral("bob");
    o.signingKey = testKey(o.curator);
    SyncClient client(store);
    return client.run(o);
}

QList<StandingNotice> TestSyncNotices::notices(Store &store)
{
    auto all = store.notices();
    return all ? *all : QList<StandingNotice> {};
}

void TestSyncNotices::importedNoticesReachTheOtherCache()
{
    const QList<StandingNotice> sample = sampleNotices(QStringLiteral("2026-12-01T09:00:00.000Z"));
    QVERIFY(sample.size() >= 3);
    auto imported = m_a->importNotices(sample);
    QVERIFY(imported);
    QCOMPARE(imported->added, sample.size());
    QCOMPARE(*Outbox(*m_a).noticeCount(), sample.size());

    auto pushed = sync(*m_a, m_alice);
    QVERIFY2(pushed, qPrintable(errorOf(pushed)));
    QCOMPARE(pushed->noticesPushed, sample.size());
    // Its own notices coming back with the importer's name are nothing new to this cache.
    QCOMPARE(pushed->noticesPulled, 0);
    QVERIFY2(pushed->noticesNote.isEmpty(), qPrintable(pushed->noticesNote));
    QCOMPARE(*Outbox(*m_a).noticeCount(), 0);

    QCOMPARE(*m_b->noticeCount(), 0);
    auto pulled = sync(*m_b, m_bob);
    QVERIFY2(pulled, qPrintable(errorOf(pulled)));
    QCOMPARE(pulled->noticesPulled, sample.size());
    const QList<StandingNotice> onA = notices(*m_a);
    const QList<StandingNotice> onB = notices(*m_b);
    QCOMPARE(contents(onB), contents(onA));
    QCOMPARE(*Outbox(*m_b).noticeCount(), 0); // nothing to send back
    for (const StandingNotice &n : onB) {
        // Attributed to the importer's token, with the server's order, on both caches.
        QCOMPARE(n.importedBy, QStringLiteral("alice"));
        QVERIFY(n.seq);
        const StandingNotice *a = findNotice(onA, n.ref());
        QVERIFY(a);
        QCOMPARE(a->seq, n.seq);
        QCOMPARE(a->importedBy, QStringLiteral("alice"));
        QCOMPARE(a->importedAt, n.importedAt);
    }
    // The paper's retraction is matched to the record on the cache that never imported it.
    auto index = m_b->noticeIndex();
    QVERIFY(index);
    QVERIFY((*index)->contains(kPaperKey));
}

void TestSyncNotices::retriesAndRepeatedImportsStoreNothingTwice()
{
    const QList<StandingNotice> sample = sampleNotices(QStringLiteral("2026-12-01T09:00:00.000Z"));
    QVERIFY(m_a->importNotices(sample));
    QVERIFY(sync(*m_a, m_alice));

    // A second sync sends nothing and receives nothing new.
    auto again = sync(*m_a, m_alice);
    QVERIFY(again);
    QCOMPARE(again->noticesPushed, 0);
    QCOMPARE(again->noticesPulled, 0);

    // Bob imports the same file himself, later, before he ever synced: his upload holds what the
    // server has, so every notice is a duplicate, and none is doubled.
    const QList<StandingNotice> later = sampleNotices(QStringLiteral("2026-12-02T09:00:00.000Z"));
    QVERIFY(m_b->importNotices(later));
    auto bob = sync(*m_b, m_bob);
    QVERIFY2(bob, qPrintable(errorOf(bob)));
    QCOMPARE(bob->noticesPushed, 0);
    QCOMPARE(bob->noticeDuplicates, sample.size());
    QCOMPARE(*m_b->noticeCount(), sample.size());
    QCOMPARE(*Outbox(*m_b).noticeCount(), 0);
    QCOMPARE(contents(notices(*m_b)), contents(notices(*m_a)));

    // Alice receives no second copy of any.
    auto third = sync(*m_a, m_alice);
    QVERIFY(third);
    QCOMPARE(third->noticesPulled, 0);
    QCOMPARE(*m_a->noticeCount(), sample.size());
}

void TestSyncNotices::withdrawnBySourceReachesTheOthers()
{
    QList<StandingNotice> sample = sampleNotices(QStringLiteral("2026-12-01T09:00:00.000Z"));
    QVERIFY(m_a->importNotices(sample));
    QVERIFY(sync(*m_a, m_alice));
    QVERIFY(sync(*m_b, m_bob));
    const StandingNotice *paper = nullptr;
    for (const StandingNotice &n : sample) {
        if (n.work == kPaperKey && n.event.kind == EventKind::Retraction)
            paper = &n;
    }
    QVERIFY(paper);
    const QString gone = paper->ref();

    // The next export no longer lists the paper's retraction.
    QList<StandingNotice> next = sampleNotices(QStringLiteral("2026-12-02T09:00:00.000Z"));
    next.erase(std::remove_if(next.begin(), next.end(),
                   [&gone](const StandingNotice &n) { return n.ref() == gone; }),
        next.end());
    auto reimported = m_a->importNotices(next, NoticeImportScope::Complete);
    QVERIFY(reimported);
    QCOMPARE(reimported->withdrawn, 1);
    QCOMPARE(reimported->withdrawnRefs, QStringList { gone });
    QVERIFY(sync(*m_a, m_alice));
    auto bob = sync(*m_b, m_bob);
    QVERIFY(bob);
    QCOMPARE(bob->noticesPulled, 1);
    const QList<StandingNotice> onB = notices(*m_b);
    QCOMPARE(onB.size(), sample.size()); // kept, never deleted
    const StandingNotice *withdrawn = findNotice(onB, gone);
    QVERIFY(withdrawn);
    QCOMPARE(withdrawn->status, StandingNotice::Status::Withdrawn);
    // No longer matched to the record.
    auto index = m_b->noticeIndex();
    QVERIFY(index);
    for (const StandingNotice &n : (*index)->value(kPaperKey))
        QVERIFY(n.ref() != gone);
}

void TestSyncNotices::offlineCacheCatchesUp()
{
    // Alice imports in two steps, syncing each (more than one upload batch of 500); Bob's
    // cache, offline meanwhile, syncs only at the end and receives them all, once.
    QList<StandingNotice> many;
    for (int i = 0; i < 1200; ++i) {
        StandingNotice n;
        n.source = QStringLiteral("retraction-watch");
        n.sourceId = QString::number(900000 + i);
        n.work = QStringLiteral("10.5555/work.%1").arg(i);
        n.event.kind = i % 3 == 0 ? EventKind::Correction : EventKind::Retraction;
        n.event.nature = i % 3 == 0 ? QStringLiteral("Correction") : QStringLiteral("Retraction");
        n.event.date = QStringLiteral("2025-01-02");
        n.event.source = QStringLiteral("retraction_status_cache");
        n.importedAt = QStringLiteral("2026-12-01T09:00:00.000Z");
        n.origin = QStringLiteral("Retraction Watch record ") + n.sourceId;
        many.append(n);
    }
    QVERIFY(m_a->importNotices(many.first(700), NoticeImportScope::Partial));
    QVERIFY(sync(*m_a, m_alice));
    QVERIFY(m_a->importNotices(many.sliced(700), NoticeImportScope::Partial));
    auto second = sync(*m_a, m_alice);
    QVERIFY(second);
    QCOMPARE(second->noticesPushed, 500);

    auto bob = sync(*m_b, m_bob);
    QVERIFY2(bob, qPrintable(errorOf(bob)));
    QCOMPARE(bob->noticesPulled, 1200);
    QCOMPARE(contents(notices(*m_b)), contents(notices(*m_a)));
    // The cursor is where the server's notices end: the next sync asks for nothing new.
    auto again = sync(*m_b, m_bob);
    QVERIFY(again);
    QCOMPARE(again->noticesPulled, 0);
}

namespace {

const QString kRecord = QStringLiteral("2104.04473");

std::optional<CuratedRecord> curatedOf(Store &store)
{
    auto loaded = store.loadCurated(kRecord);
    if (!loaded || !loaded->has_value())
        return std::nullopt;
    return std::move(**loaded);
}

//! The observations that show the review of the notice `ref`: those citing its work.
QStringList citingIds(const CuratedRecord &curated, const QString &ref)
{
    QStringList ids;
    for (const Observation &o : curated.shown.observations) {
        if (std::any_of(o.events.events.cbegin(), o.events.events.cend(),
                [&ref](const SourceEvent &e) { return e.noticeRef == ref; }))
            ids.append(o.id);
    }
    return ids;
}

} // namespace

void TestSyncNotices::oneReviewIsOneDecisionOnBothCaches()
{
    QVERIFY(m_a->importNotices(sampleNotices(QStringLiteral("2026-12-01T09:00:00.000Z"))));
    QVERIFY(sync(*m_a, m_alice));
    QVERIFY(sync(*m_b, m_bob));
    auto onA = curatedOf(*m_a);
    QVERIFY(onA);
    // The paper's own retraction, from the imported notices.
    const QList<OwnPaperNotice> own = ownPaperNotices(*onA);
    const auto retraction = std::find_if(own.cbegin(), own.cend(), [](const OwnPaperNotice &n) {
        return n.event.kind == EventKind::Retraction && !n.origin.isEmpty();
    });
    QVERIFY(retraction != own.cend());
    const QString ref = retraction->event.noticeRef;
    QVERIFY2(ref.startsWith(QStringLiteral("retraction-watch:")), qPrintable(ref));
    const QStringList citing = citingIds(*onA, ref);
    QCOMPARE(citing.size(), 28);
    QCOMPARE(onA->noticeReview(ref).status, QStringLiteral("unreviewed"));

    // Alice reviews it once: one decision (a status and a note) on the notice's own id.
    const QString observation = noticeReviewObservation(ref);
    const qsizetype eventsBefore = m_a->corrections(kRecord)->size();
    const QString at = nowUtc();
    QVERIFY(
        m_a->addCorrections({ makeEdit(FieldState {}, kRecord, observation, CurationField::Review,
                                  QStringLiteral("acknowledged"), QStringLiteral("alice"), at),
            makeEdit(FieldState {}, kRecord, observation, CurationField::ReviewNote,
                QStringLiteral("retraction notice confirmed"), QStringLiteral("alice"), at) }));
    QCOMPARE(m_a->corrections(kRecord)->size(), eventsBefore + 2);
    auto pushed = sync(*m_a, m_alice);
    QVERIFY2(pushed, qPrintable(errorOf(pushed)));
    auto pulled = sync(*m_b, m_bob);
    QVERIFY2(pulled, qPrintable(errorOf(pulled)));

    for (Store *store : { m_a.get(), m_b.get() }) {
        const auto curated = curatedOf(*store);
        QVERIFY(curated);
        const NoticeReview review = curated->noticeReview(ref);
        QCOMPARE(review.status, QStringLiteral("acknowledged"));
        QCOMPARE(review.note, QStringLiteral("retraction notice confirmed"));
        QCOMPARE(review.author, QStringLiteral("alice"));
        QVERIFY(!review.conflict);
        // Shown on all 28 observations, none of them marked corrected by it.
        QCOMPARE(citingIds(*curated, ref), citing);
        qsizetype acknowledged = 0;
        for (const Observation &o : curated->shown.observations) {
            QVERIFY2(o.curation->mark.isEmpty(), qPrintable(o.id + u' ' + o.curation->mark));
            if (citing.contains(o.id)) {
                QCOMPARE(reviewStatusOf(o), QStringLiteral("acknowledged"));
                QCOMPARE(o.curation->reviewNote, QStringLiteral("retraction notice confirmed"));
                ++acknowledged;
            }
        }
        QCOMPARE(acknowledged, 28);
        // The page says the paper is retracted and reviewed, once.
        const QList<OwnPaperNotice> shownOwn = ownPaperNotices(*curated);
        QVERIFY(ownPaperRetracted(shownOwn));
        QCOMPARE(std::count_if(shownOwn.cbegin(), shownOwn.cend(),
                     [&ref](const OwnPaperNotice &n) { return n.event.noticeRef == ref; }),
            1);
    }
    // Bob's cache holds Alice's two events, not one per observation.
    QCOMPARE(m_b->corrections(kRecord)->size(), m_a->corrections(kRecord)->size());
}

QTEST_GUILESS_MAIN(TestSyncNotices)
#include "tst_syncnotices.moc"
