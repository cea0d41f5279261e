// SPDX-License-Identifier: GPL-3.0-or-later
// Corrections applied to a record: shown values, the curation mark, its round trips, value checks,
// and the correction log in the cache.
#include "CuratedRecord.h"
#include "LedgerText.h"
#include "Outbox.h"
#include "RecordFixtures.h"
#include "RecordJson.h"
#include "Store.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt
    = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2"); // metadata mismatch, ref 142
const QString kLongStraw
    = QStringLiteral("00d01956-3547-4166-88a1-c427c5c4440e"); // unresolved, ref 2021
const QString kPhoenix1 = QStringLiteral("78b96fde-1b39-415a-b5e3-11a9ee3918da");
const QString kPhoenix2 = QStringLiteral("e857b2bb-5386-442e-8cc5-6b2d1d92bfee");

CorrectionEvent edit(const QString &id, const QString &observation, CurationField field,
    std::optional<QString> value, QStringList parents, const QString &author, const QString &at)
{
    CorrectionEvent e;
    e.id = id;
    e.record = kRecord;
    e.observation = observation;
    e.field = field;
    e.value = std::move(value);
    e.parents = std::move(parents);
    e.author = author;
    e.createdAt = at;
    return e;
}

const Observation &find(const Record &r, const QString &id)
{
    for (const auto &o : r.observations) {
        if (o.id == id)
            return o;
    }
    Q_ASSERT(false);
    return r.observations.first();
}

} // namespace

class TestCuratedRecord : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noEventsShowsUpstream();
    void noEventsLeavesTheObservationsShared();
    void curationIsOutOfLineAndCopiedOnChange();
    void correctionsChangeShownValuesAndMarkThem();
    void curatedTextAndJsonRoundTrip();
    void conflictIsMarked();
    void backToUpstreamRemovesTheMark();
    void outboundStateCountsFollowCorrections();
    void incrementalApplyEqualsFullApply();
    void valueSeenBeforeFollowsParents();
    void normalize_data();
    void normalize();
    void storeKeepsCorrectionsIdempotentlyAndAcrossReimport();

private:
    QList<CorrectionEvent> sampleEvents() const;
};

QList<CorrectionEvent> TestCuratedRecord::sampleEvents() const
{
    const QString a = uuidFor(1001), b = uuidFor(1002), c = uuidFor(1003), d = uuidFor(1004);
    return {
        edit(a, kOpt, CurationField::State, QStringLiteral("verified_exact"), {},
            QStringLiteral("alice"), QStringLiteral("2026-11-29T10:00:00.000Z")),
        edit(b, kOpt, CurationField::Identifier, QStringLiteral("2205.01068"), {},
            QStringLiteral("alice"), QStringLiteral("2026-11-29T10:00:01.000Z")),
        edit(c, kLongStraw, CurationField::Reference, QStringLiteral("12"), {},
            QStringLiteral("bob"), QStringLiteral("2026-11-29T11:00:00.000Z")),
        edit(d, kPhoenix2, CurationField::DuplicateOf, kPhoenix1, {}, QStringLiteral("bob"),
            QStringLiteral("2026-11-29T11:30:00.000Z")),
    };
}

void TestCuratedRecord::noEventsShowsUpstream()
{
    const CuratedRecord curated = applyCorrections(fixtureRecord(), {});
    QVERIFY(curated.shown == curated.upstream);
    QCOMPARE(renderLedgerText(curated.shown).toUtf8(), fixture() + '\n');
}

void TestCuratedRecord::curationIsOutOfLineAndCopiedOnChange()
{
    // A pointer in each observation (200 bytes inline before: 38 MB of a 200,000-observation
    // record, nearly all of it empty).
    static_assert(sizeof(Curation) == sizeof(void *));
    QVERIFY(sizeof(Observation) <= 240);

    const Curation none;
    QVERIFY(none->isEmpty());
    QCOMPARE(none, Curation(CurationInfo {}));
    Curation changed = none;
    changed.edit().note = QStringLiteral("checked");
    QVERIFY(none->note.isEmpty()); // the copy changed, not what it was copied from
    QCOMPARE(changed->note, QStringLiteral("checked"));
    QVERIFY(!(changed == none));
    Curation again = changed;
    QCOMPARE(again, changed);
    again.edit().excluded = true;
    QVERIFY(!changed->excluded);
    QVERIFY(again->excluded);
    QCOMPARE(again->note, QStringLiteral("checked"));
    again.edit().note.clear();
    again.edit().excluded = false;
    QCOMPARE(again, none); // emptied again: equal to none, whatever it holds

    // A correction marks the shown observation; the upstream one, which it was copied from, is
    // left as it was.
    const CuratedRecord curated = applyCorrections(fixtureRecord(), sampleEvents());
    const Observation *upstream = curated.upstream.findObservation(kOpt);
    const Observation *shown = curated.shown.findObservation(kOpt);
    QVERIFY(upstream && shown);
    QVERIFY(upstream->curation->mark.isEmpty());
    QVERIFY(shown->curation->mark.startsWith(QStringLiteral("Curated by alice")));
}

void TestCuratedRecord::noEventsLeavesTheObservationsShared()
{
    // Without corrections or notices the shown observations are the upstream ones, not a copy.
    const CuratedRecord plain = applyCorrections(fixtureRecord(), {});
    QVERIFY(plain.shown.observations.isSharedWith(plain.upstream.observations));

    // A page event is reviewed under the notice reference noticeRefOf() derives; the events keep
    // the references they came with, so the shown observations stay shared with the upstream
    // ones (a record with page events is not copied whole), and the upstream record stays the
    // page as stored.
    Record record = fixtureRecord();
    for (const qsizetype i : { 0, 5 }) {
        Observation &o = record.observations[i];
        o.events.status = EventsCheck::Status::Found;
        o.events.asOf = QStringLiteral("2026-08-05T06:32:48Z");
        o.events.events = { { EventKind::Retraction, QStringLiteral("2024-03-01"),
            QStringLiteral("retraction_status_cache"),
            i == 0 ? QStringLiteral("10.1234/ABC.1") : QString(), QStringLiteral("Duplication") } };
    }
    Record owned = record;
    owned.observations.detach();
    const CuratedRecord found = applyCorrections(std::move(owned), {});
    QVERIFY(found.shown.observations.isSharedWith(found.upstream.observations));
    const auto refOf = [&found](qsizetype i) {
        const Observation &o = found.shown.observations[i];
        return noticeRefOf(o.events.events[0], reviewedWorkKey(found.shown, o));
    };
    QCOMPARE(refOf(0), QStringLiteral("doi:10.1234/abc.1"));
    QVERIFY(found.noticeReviews.contains(QStringLiteral("doi:10.1234/abc.1")));
    QVERIFY(refOf(5).startsWith(QStringLiteral("event:")));
    QVERIFY(found.noticeReviews.contains(refOf(5)));
    QCOMPARE(reviewStatusOf(found.shown.observations[5]), QStringLiteral("unreviewed"));
    QVERIFY(observationsShowingChange(found, { noticeReviewObservation(refOf(5)) })
                .contains(found.shown.observations[5].id));
    QCOMPARE(found.upstream, record);
    const CuratedRecord kept = applyCorrections(record, {});
    QCOMPARE(kept.shown, found.shown);
    QCOMPARE(kept.upstream, record);
    QCOMPARE(kept.noticeReviews.keys(), found.noticeReviews.keys());
}

void TestCuratedRecord::correctionsChangeShownValuesAndMarkThem()
{
    const CuratedRecord curated = applyCorrections(fixtureRecord(), sampleEvents());
    const Observation &opt = find(curated.shown, kOpt);
    QCOMPARE(opt.state, ResolutionState::VerifiedExact);
    QCOMPARE(opt.curation->identifier, QStringLiteral("2205.01068"));
    // These events carry no signature: each value they give says so.
    QCOMPARE(opt.curation->mark,
        QStringLiteral("Curated by alice, 2026-11-29T10:00:01.000Z: state was metadata mismatch "
                       "(unsigned); identifier 2205.01068 (unsigned)."));
    QCOMPARE(find(curated.upstream, kOpt).state, ResolutionState::MetadataMismatch);
    const Observation &longStraw = find(curated.shown, kLongStraw);
    QCOMPARE(longStraw.reference, 12);
    QCOMPARE(longStraw.curation->mark,
        QStringLiteral("Curated by bob, 2026-11-29T11:00:00.000Z: reference was 2021 (unsigned)."));
    QCOMPARE(find(curated.shown, kPhoenix2).curation->duplicateOf, kPhoenix1);

    const QString text = renderLedgerText(curated.shown);
    QVERIFY(text.contains(QStringLiteral(
        "Resolution: verified exact; arxiv_id, observed 2026-05-10T20:53:17.533584Z\n\n"
        "Curated by alice, 2026-11-29T10:00:01.000Z: state was metadata mismatch (unsigned); "
        "identifier 2205.01068 (unsigned).\n\n"
        "Source-reported events for the cited work\n")));
    QVERIFY(text.contains(QStringLiteral("Reference 12\n")));
    // The upstream page is untouched.
    QCOMPARE(renderLedgerText(curated.upstream).toUtf8(), fixture() + '\n');
    // A signed head (what the merge sees of a signature: that there is one) has no such mark.
    QList<CorrectionEvent> signedEvents = sampleEvents();
    for (CorrectionEvent &e : signedEvents) {
        e.keyId = QString(32, u'a');
        e.signature = QString(86, u'S');
    }
    QCOMPARE(find(applyCorrections(fixtureRecord(), signedEvents).shown, kLongStraw).curation->mark,
        QStringLiteral("Curated by bob, 2026-11-29T11:00:00.000Z: reference was 2021."));
}

void TestCuratedRecord::curatedTextAndJsonRoundTrip()
{
    const CuratedRecord curated = applyCorrections(fixtureRecord(), sampleEvents());
    const QString text = renderLedgerText(curated.shown);
    auto parsed = parseLedgerText(text.toUtf8(), QStringLiteral("curated.txt"));
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().toString()));
    QCOMPARE(renderLedgerText(parsed->record), text);
    QCOMPARE(find(parsed->record, kOpt).curation->mark, find(curated.shown, kOpt).curation->mark);

    const QByteArray json = writeRecordJson(curated.shown);
    auto read = readRecordJson(json, QStringLiteral("curated.json"));
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
    QVERIFY(*read == curated.shown);
    QCOMPARE(writeRecordJson(*read), json);
    QVERIFY(json.contains("\"identifier\": \"2205.01068\""));
}

void TestCuratedRecord::conflictIsMarked()
{
    const QString base = uuidFor(2001);
    QList<CorrectionEvent> events = {
        edit(base, kOpt, CurationField::State, QStringLiteral("unresolved"), {},
            QStringLiteral("alice"), QStringLiteral("2026-11-29T10:00:00.000Z")),
        edit(uuidFor(2002), kOpt, CurationField::State, QStringLiteral("verified_exact"), { base },
            QStringLiteral("alice"), QStringLiteral("2026-11-29T10:05:00.000Z")),
        edit(uuidFor(2003), kOpt, CurationField::State, QStringLiteral("verified_fuzzy"), { base },
            QStringLiteral("bob"), QStringLiteral("2026-11-29T10:06:00.000Z")),
    };
    CuratedRecord curated = applyCorrections(fixtureRecord(), events);
    const Observation &opt = find(curated.shown, kOpt);
    QCOMPARE(opt.curation->conflicts, QStringList { QStringLiteral("state") });
    QCOMPARE(opt.state, ResolutionState::VerifiedFuzzy); // the greatest (created_at, id)
    QVERIFY(opt.curation->mark.contains(
        QStringLiteral("conflicting corrections of state: verified fuzzy / verified exact")));
    // Resolving is an ordinary edit naming both heads.
    const FieldState *state = curated.field(kOpt, CurationField::State);
    QVERIFY(state && state->isConflict());
    events.append(
        makeEdit(*state, kRecord, kOpt, CurationField::State, QStringLiteral("verified_exact"),
            QStringLiteral("carol"), QStringLiteral("2026-11-29T10:07:00.000Z")));
    curated = applyCorrections(fixtureRecord(), events);
    QVERIFY(find(curated.shown, kOpt).curation->conflicts.isEmpty());
    QCOMPARE(find(curated.shown, kOpt).state, ResolutionState::VerifiedExact);
}

void TestCuratedRecord::backToUpstreamRemovesTheMark()
{
    QList<CorrectionEvent> events = sampleEvents().mid(0, 1);
    CuratedRecord curated = applyCorrections(fixtureRecord(), events);
    events.append(
        makeEdit(*curated.field(kOpt, CurationField::State), kRecord, kOpt, CurationField::State,
            std::nullopt, QStringLiteral("alice"), QStringLiteral("2026-11-29T12:00:00.000Z")));
    curated = applyCorrections(fixtureRecord(), events);
    QCOMPARE(renderLedgerText(curated.shown).toUtf8(), fixture() + '\n');
}

void TestCuratedRecord::outboundStateCountsFollowCorrections()
{
    Record rich = richRecord();
    const QString unresolved = rich.observations[2].id; // outbound, unresolved
    CorrectionEvent e
        = edit(uuidFor(3001), unresolved, CurationField::State, QStringLiteral("verified_fuzzy"),
            {}, QStringLiteral("alice"), QStringLiteral("2026-11-29T10:00:00.000Z"));
    e.record = rich.arxivId;
    const CuratedRecord curated = applyCorrections(rich, { e });
    QCOMPARE(curated.shown.stated.outboundStates[int(ResolutionState::Unresolved)], 0);
    QCOMPARE(curated.shown.stated.outboundStates[int(ResolutionState::VerifiedFuzzy)], 2);
    QVERIFY(statedCountWarnings(curated.shown).isEmpty());
    QVERIFY(
        renderLedgerText(curated.shown).contains(QStringLiteral("verified fuzzy2\nunresolved0\n")));
}

void TestCuratedRecord::incrementalApplyEqualsFullApply()
{
    // Events added one batch at a time give exactly what applying them all at once gives.
    const Record upstream = fixtureRecord();
    QList<CorrectionEvent> events = sampleEvents();
    const QString base = uuidFor(2101);
    events.append(edit(base, kOpt, CurationField::State, QStringLiteral("unresolved"), {},
        QStringLiteral("carol"), QStringLiteral("2026-11-29T12:00:00.000Z")));
    events.append(edit(uuidFor(2102), kOpt, CurationField::State, QStringLiteral("verified_fuzzy"),
        { base }, QStringLiteral("dave"), QStringLiteral("2026-11-29T12:01:00.000Z")));
    events.append(edit(uuidFor(2103), kLongStraw, CurationField::Reference, std::nullopt, {},
        QStringLiteral("dave"), QStringLiteral("2026-11-29T12:02:00.000Z")));
    CuratedRecord incremental = applyCorrections(upstream, {});
    for (const CorrectionEvent &e : std::as_const(events))
        QVERIFY(applyMoreCorrections(incremental, { e }));
    const CuratedRecord full = applyCorrections(upstream, events);
    QVERIFY(incremental.shown == full.shown);
    QCOMPARE(incremental.events.size(), full.events.size());
    QVERIFY(incremental.fields == full.fields);
    // An outbound observation moves stated counts: that is left to a full apply.
    Record rich = richRecord();
    CuratedRecord richCurated = applyCorrections(rich, {});
    CorrectionEvent outbound = edit(uuidFor(2104), rich.observations[0].id, CurationField::State,
        QStringLiteral("unresolved"), {}, QStringLiteral("erin"),
        QStringLiteral("2026-11-29T12:03:00.000Z"));
    outbound.record = rich.arxivId;
    QVERIFY(!applyMoreCorrections(richCurated, { outbound }));
    QVERIFY(richCurated.events.isEmpty());
}

void TestCuratedRecord::valueSeenBeforeFollowsParents()
{
    const QString a = uuidFor(4001), b = uuidFor(4002);
    const auto e1 = edit(a, kOpt, CurationField::Note, QStringLiteral("first"), {},
        QStringLiteral("alice"), QStringLiteral("2026-11-29T10:00:00.000Z"));
    const auto e2 = edit(b, kOpt, CurationField::Note, QStringLiteral("second"), { a },
        QStringLiteral("bob"), QStringLiteral("2026-11-29T10:01:00.000Z"));
    QCOMPARE(valueSeenBefore({ e1, e2 }, e1), std::nullopt);
    QCOMPARE(valueSeenBefore({ e1, e2 }, e2), QStringLiteral("first"));
}

void TestCuratedRecord::normalize_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("value"); // "<null>" for back to upstream
    QTest::addColumn<QString>("error"); // a word the refusal must contain; empty when accepted

    const QString null = QStringLiteral("<null>");
    auto row = [](const char *name, const char *field, const QString &input, const QString &value,
                   const char *error) {
        QTest::newRow(name) << QString::fromLatin1(field) << input << value
                            << QString::fromLatin1(error);
    };
    row("state spaced", "state", QStringLiteral("verified exact"), QStringLiteral("verified_exact"),
        "");
    row("state underscored", "state", QStringLiteral("metadata_mismatch"),
        QStringLiteral("metadata_mismatch"), "");
    row("state unknown", "state", QStringLiteral("fine"), QString(), "unknown state");
    row("empty is upstream", "state", QStringLiteral("  "), null, "");
    row("arxiv id", "identifier", QStringLiteral("arXiv:2205.01068v2"),
        QStringLiteral("2205.01068v2"), "");
    row("doi folded", "identifier", QStringLiteral("10.1000/ABC"), QStringLiteral("10.1000/abc"),
        "");
    row("arxiv five digits", "identifier", QStringLiteral("1501.1234"), QString(), "five digits");
    row("reference", "reference", QStringLiteral("12"), QStringLiteral("12"), "");
    row("reference letters", "reference", QStringLiteral("12a"), QString(), "whole number");
    row("reference leading zero", "reference", QStringLiteral("012"), QString(), "whole number");
    row("duplicate of", "duplicate-of", kPhoenix1.toUpper(), kPhoenix1, "");
    row("duplicate of self", "duplicate-of", kPhoenix2, QString(), "itself");
    row("duplicate of unknown", "duplicate-of", uuidFor(9), QString(), "no observation");
    row("duplicate of junk", "duplicate-of", QStringLiteral("xyz"), QString(), "UUID");
    row("excluded yes", "excluded", QStringLiteral("Yes"), QStringLiteral("yes"), "");
    row("excluded no", "excluded", QStringLiteral("no"), QStringLiteral("no"), "");
    row("excluded maybe", "excluded", QStringLiteral("maybe"), QString(), "yes or no");
    row("review", "review", QStringLiteral("Escalated"), QStringLiteral("escalated"), "");
    row("review unknown", "review", QStringLiteral("ignored"), QString(), "acknowledged");
    row("note two lines", "note", QStringLiteral("a\nb"), QString(), "one line");
    row("basis with comma", "basis", QStringLiteral("doi, arxiv"), QString(), "without commas");
    row("title", "title", QStringLiteral("PHOENIX <b>&</b>"), QStringLiteral("PHOENIX <b>&</b>"),
        "");
}

void TestCuratedRecord::normalize()
{
    QFETCH(QString, field);
    QFETCH(QString, input);
    QFETCH(QString, value);
    QFETCH(QString, error);
    const auto f = parseCurationField(field);
    QVERIFY(f);
    const CurationValue result = normalizeCurationValue(*f, input, fixtureRecord(), kPhoenix2);
    if (!error.isEmpty()) {
        QVERIFY(!result.ok());
        QVERIFY2(result.error.contains(error), qPrintable(result.error));
        return;
    }
    QVERIFY2(result.ok(), qPrintable(result.error));
    if (value == u"<null>")
        QCOMPARE(result.value, std::nullopt);
    else
        QCOMPARE(result.value, value);
}

void TestCuratedRecord::storeKeepsCorrectionsIdempotentlyAndAcrossReimport()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cache.sqlite"));
    QList<CorrectionEvent> events = sampleEvents();
    {
        Store store(path);
        QVERIFY(store.open().ok());
        QVERIFY(store.importRecords({ fixtureRecord() }).ok());
        const Status added = store.addCorrections(events);
        QVERIFY2(added.ok(), qPrintable(added.ok() ? QString() : added.error().toString()));
        QVERIFY(store.addCorrections(events).ok()); // a retried batch stores nothing twice
        QCOMPARE(*Outbox(store).count(), 4);
        events[0].seq = 17; // the server's copy fills in seq
        QVERIFY(store.addCorrections({ events[0] }).ok());
        QCOMPARE(*Outbox(store).count(), 3);
    }
    Store store(path);
    QVERIFY(store.open().ok());
    auto stored = store.corrections(kRecord);
    QVERIFY(stored.ok());
    QCOMPARE(stored->size(), 4);
    QCOMPARE(stored->at(0), events[0]);
    // A newer page replaces upstream data but keeps every correction.
    Record newer = fixtureRecord();
    newer.asOf = QStringLiteral("2026-09-01");
    QVERIFY(store.importRecords({ newer }).ok());
    auto curated = store.loadCurated(kRecord);
    QVERIFY(curated.ok() && curated->has_value());
    QCOMPARE((*curated)->events.size(), 4);
    QCOMPARE(find((*curated)->shown, kOpt).state, ResolutionState::VerifiedExact);
    // A bad event in a batch: nothing of the batch is stored.
    CorrectionEvent bad = events[1];
    bad.id = QStringLiteral("not-a-uuid");
    CorrectionEvent good = events[1];
    good.id = uuidFor(5555);
    QVERIFY(!store.addCorrections({ good, bad }).ok());
    QCOMPARE(store.corrections(kRecord)->size(), 4);
}

QTEST_GUILESS_MAIN(TestCuratedRecord)
#include "tst_curatedrecord.moc"
