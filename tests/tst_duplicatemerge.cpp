// SPDX-License-Identifier: GPL-3.0-or-later
// What the duplicates dialog and the batch edit page decide, without widgets (issue 22, items 6
// and 7): the comparison and its differences, the observation kept by default, the edits each
// records, and the batch plan with its counts, refusals and preview.
#include "BatchEdit.h"
#include "CuratedRecord.h"
#include "DuplicateMerge.h"
#include "TestSupport.h"

#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

Observation observation(int n, ResolutionState state, std::optional<qint64> reference)
{
    Observation o;
    o.id = uuidFor(n);
    o.direction = Direction::Inbound;
    o.citingTitle = QStringLiteral("A citing paper");
    o.citedTitle = QStringLiteral("The record's paper");
    o.reference = reference;
    o.state = state;
    o.basis = QStringLiteral("arxiv_id");
    o.observedAt = QStringLiteral("2026-05-10T20:53:17Z");
    return o;
}

Record record(QList<Observation> observations)
{
    Record r;
    r.arxivId = QStringLiteral("2104.04473");
    r.title = QStringLiteral("The record's paper");
    r.asOf = QStringLiteral("2026-11-29");
    r.observations = std::move(observations);
    return r;
}

CuratedRecord curated(const Record &upstream, const QList<FieldEdit> &edits = {})
{
    QList<CorrectionEvent> events;
    int second = 0;
    for (const FieldEdit &edit : edits)
        events.append(makeEdit(FieldState {}, upstream.arxivId, edit.observation, edit.field,
            edit.value, QStringLiteral("alice"),
            QStringLiteral("2026-11-29T10:00:%1.000Z").arg(++second, 2, 10, QLatin1Char('0'))));
    return applyCorrections(upstream, events);
}

const FieldEdit *editOf(const QList<FieldEdit> &edits, const QString &id, CurationField field)
{
    for (const FieldEdit &edit : edits) {
        if (edit.observation == id && edit.field == field)
            return &edit;
    }
    return nullptr;
}

} // namespace

class TestDuplicateMerge : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void comparisonShowsEveryFieldAndMarksDifferences();
    void keptByDefaultIsTheBestStateThenTheMostInformation();
    void duplicateEditsMarkTheOthersAndBreakCycles();
    void differentEditsKeepEarlierDismissals();
    void repeatedWithFindsTheHintsObservations();
    void batchPlanCountsOnlyRowsThatChange();
    void batchPlanRefusesBadValuesPerObservation();
    void batchPlanSendsUpstreamValuesBackToUpstream();
    void batchReviewOnlyOnObservationsWithNotices();
};

void TestDuplicateMerge::comparisonShowsEveryFieldAndMarksDifferences()
{
    Observation a = observation(1, ResolutionState::Unresolved, 4);
    Observation b = observation(2, ResolutionState::VerifiedExact, 4);
    b.basis = QStringLiteral("doi");
    const Record r = record({ a, b, observation(3, ResolutionState::Unresolved, 9) });
    const QList<CompareRow> rows = compareObservations(r, { a.id, b.id, uuidFor(99) });
    QCOMPARE(rows.size(), qsizetype(kAllCompareFields.size()));
    QStringList differing;
    for (const CompareRow &row : rows) {
        QCOMPARE(row.values.size(), 2); // the unknown id is left out
        if (row.differs)
            differing.append(compareFieldName(row.field));
    }
    QCOMPARE(differing, QStringList({ QStringLiteral("State"), QStringLiteral("Basis") }));
    QCOMPARE(rows.at(0).field, CompareField::CitingTitle);
    QCOMPARE(rows.at(0).values, QStringList({ a.citingTitle, b.citingTitle }));
    QCOMPARE(rows.at(2).values, QStringList({ QStringLiteral("4"), QStringLiteral("4") }));
    QCOMPARE(
        rows.at(3).values, QStringList({ stateDisplayText(a.state), stateDisplayText(b.state) }));
    // Data is shown inert: a bidi override in a title as a token.
    Observation c = a;
    c.id = uuidFor(4);
    c.citingTitle = QStringLiteral("A ") + QChar(0x202E) + QStringLiteral("paper");
    const QList<CompareRow> inert = compareObservations(record({ a, c }), { a.id, c.id });
    QCOMPARE(inert.at(0).values.at(1), QStringLiteral("A <U+202E>paper"));
    QVERIFY(inert.at(0).differs);
}

void TestDuplicateMerge::keptByDefaultIsTheBestStateThenTheMostInformation()
{
    Observation a = observation(1, ResolutionState::Unresolved, 4);
    Observation b = observation(2, ResolutionState::VerifiedFuzzy, 4);
    Observation c = observation(3, ResolutionState::VerifiedFuzzy, std::nullopt);
    QCOMPARE(defaultKeptObservation(record({ a, b, c }), { a.id, b.id, c.id }), b.id);
    // Equal states: the one with more information (a reference number).
    QCOMPARE(defaultKeptObservation(record({ a, b, c }), { c.id, b.id }), b.id);
    // All equal: the first.
    QCOMPARE(defaultKeptObservation(record({ a, b, c }), { a.id, uuidFor(5) }), a.id);
    // One already marked a duplicate (or excluded) is not kept while another is not.
    b.curation.edit().duplicateOf = a.id;
    QCOMPARE(defaultKeptObservation(record({ a, b, c }), { a.id, b.id, c.id }), c.id);
    c.curation.edit().excluded = true;
    QCOMPARE(defaultKeptObservation(record({ a, b, c }), { a.id, b.id, c.id }), a.id);
    QCOMPARE(defaultKeptObservation(record({ a }), { uuidFor(7) }), QString());
}

void TestDuplicateMerge::duplicateEditsMarkTheOthersAndBreakCycles()
{
    Observation a = observation(1, ResolutionState::Unresolved, 4);
    Observation b = observation(2, ResolutionState::VerifiedExact, 4);
    Observation c = observation(3, ResolutionState::Unresolved, 4);
    QList<FieldEdit> edits = duplicateEdits(record({ a, b, c }), { a.id, b.id, c.id }, b.id);
    QCOMPARE(edits.size(), 2);
    QCOMPARE(editOf(edits, a.id, CurationField::DuplicateOf)->value, b.id);
    QCOMPARE(editOf(edits, c.id, CurationField::DuplicateOf)->value, b.id);
    QVERIFY(!editOf(edits, b.id, CurationField::DuplicateOf));
    // The kept one was marked a duplicate of one of them: that mark goes, or they would name
    // each other; one already a duplicate of the kept one needs nothing.
    b.curation.edit().duplicateOf = a.id;
    c.curation.edit().duplicateOf = b.id;
    edits = duplicateEdits(record({ a, b, c }), { a.id, b.id, c.id }, b.id);
    QCOMPARE(edits.size(), 2);
    QCOMPARE(editOf(edits, b.id, CurationField::DuplicateOf)->value, std::nullopt);
    QCOMPARE(editOf(edits, a.id, CurationField::DuplicateOf)->value, b.id);
    QVERIFY(duplicateEdits(record({ a, b, c }), { a.id, b.id }, uuidFor(9)).isEmpty());
}

void TestDuplicateMerge::differentEditsKeepEarlierDismissals()
{
    Observation a = observation(1, ResolutionState::Unresolved, 2021);
    a.curation.edit().dismissedHints = { QStringLiteral("year_like_reference") };
    Observation b = observation(2, ResolutionState::Unresolved, 4);
    Observation c = observation(3, ResolutionState::Unresolved, 5);
    c.curation.edit().dismissedHints = { QStringLiteral("repeated_citing_paper") };
    const QList<FieldEdit> edits = differentEdits(record({ a, b, c }), { a.id, b.id, c.id });
    QCOMPARE(edits.size(), 2); // c has dismissed the kind already
    QCOMPARE(editOf(edits, a.id, CurationField::DismissedHints)->value,
        QStringLiteral("repeated_citing_paper year_like_reference"));
    QCOMPARE(editOf(edits, b.id, CurationField::DismissedHints)->value,
        QStringLiteral("repeated_citing_paper"));
}

void TestDuplicateMerge::repeatedWithFindsTheHintsObservations()
{
    const Record r = record({ observation(1, ResolutionState::Unresolved, 4),
        observation(2, ResolutionState::Unresolved, 2021) });
    const QList<AnomalyHint> hints = anomalyHints(r);
    QCOMPARE(repeatedWith(hints, uuidFor(2)), QStringList({ uuidFor(1), uuidFor(2) }));
    QCOMPARE(repeatedWith(hints, uuidFor(3)), QStringList());
}

void TestDuplicateMerge::batchPlanCountsOnlyRowsThatChange()
{
    Observation a = observation(1, ResolutionState::Unresolved, 4);
    Observation b = observation(2, ResolutionState::VerifiedExact, 5);
    Observation c = observation(3, ResolutionState::Unresolved, 6);
    const CuratedRecord r = curated(record({ a, b, c }),
        { { c.id, CurationField::Note, QStringLiteral("checked") },
            { c.id, CurationField::Excluded, QStringLiteral("yes") } });
    const QStringList ids { a.id, b.id, c.id };
    const BatchPlan plan = planBatchEdit(r, ids,
        { { CurationField::State, QStringLiteral("verified exact") },
            { CurationField::Note, QStringLiteral("checked") },
            { CurationField::Excluded, QStringLiteral("yes") },
            { CurationField::Identifier, QStringLiteral("arXiv:2205.01068") } });
    QVERIFY(plan.ok());
    // b is verified exact already, c has the note and is excluded already.
    QCOMPARE(plan.counts.size(), 4);
    QCOMPARE(plan.counts.at(0).second, 2);
    QCOMPARE(plan.counts.at(1).second, 2);
    QCOMPARE(plan.counts.at(2).second, 2);
    QCOMPARE(plan.counts.at(3).second, 3);
    QCOMPARE(plan.edits.size(), 9);
    QCOMPARE(editOf(plan.edits, a.id, CurationField::Identifier)->value,
        QStringLiteral("2205.01068")); // normalized
    QCOMPARE(
        editOf(plan.edits, a.id, CurationField::State)->value, QStringLiteral("verified_exact"));
    QCOMPARE(batchPreview(plan),
        QStringLiteral("Set state on 2 observations, note on 2 observations, excluded on 2 "
                       "observations, identifier on 3 observations."));
    // Clearing the note: only c has one.
    const BatchPlan clear = planBatchEdit(r, ids, { { CurationField::Note, std::nullopt } });
    QCOMPARE(clear.edits.size(), 1);
    QCOMPARE(clear.edits.first().value, std::nullopt);
    QCOMPARE(batchPreview(clear), QStringLiteral("Set note on 1 observation."));
    const BatchPlan nothing = planBatchEdit(
        r, { b.id }, { { CurationField::State, QStringLiteral("verified_exact") } });
    QVERIFY(nothing.edits.isEmpty());
    QVERIFY(batchPreview(nothing).startsWith(QStringLiteral("Nothing to change")));
}

void TestDuplicateMerge::batchPlanRefusesBadValuesPerObservation()
{
    Observation a = observation(1, ResolutionState::Unresolved, 4);
    Observation b = observation(2, ResolutionState::Unresolved, 5);
    const CuratedRecord r = curated(record({ a, b }));
    const BatchPlan plan = planBatchEdit(r, { a.id, b.id },
        { { CurationField::Identifier, QStringLiteral("1501.1234") },
            { CurationField::Note, QStringLiteral("fine") } });
    QVERIFY(!plan.ok());
    QCOMPARE(plan.problems.size(), 2);
    QCOMPARE(plan.problems.at(0).observation, a.id);
    QCOMPARE(plan.problems.at(0).field, CurationField::Identifier);
    QVERIFY2(plan.problems.at(0).error.contains(QStringLiteral("five digits")),
        qPrintable(plan.problems.at(0).error));
    QCOMPARE(plan.problems.at(1).observation, b.id);
    const BatchPlan control
        = planBatchEdit(r, { a.id }, { { CurationField::Note, QStringLiteral("a\x1b[31m") } });
    QVERIFY(!control.ok());
}

void TestDuplicateMerge::batchPlanSendsUpstreamValuesBackToUpstream()
{
    Observation a = observation(1, ResolutionState::Unresolved, 4);
    Observation b = observation(2, ResolutionState::MetadataMismatch, 5);
    // a was corrected to verified exact; setting both to unresolved sends a back to upstream
    // and records unresolved on b.
    const CuratedRecord r = curated(
        record({ a, b }), { { a.id, CurationField::State, QStringLiteral("verified_exact") } });
    const BatchPlan plan = planBatchEdit(
        r, { a.id, b.id }, { { CurationField::State, QStringLiteral("unresolved") } });
    QCOMPARE(plan.edits.size(), 2);
    QCOMPARE(editOf(plan.edits, a.id, CurationField::State)->value, std::nullopt);
    QCOMPARE(editOf(plan.edits, b.id, CurationField::State)->value, QStringLiteral("unresolved"));
    // "Not excluded" on observations never excluded changes nothing.
    const BatchPlan included
        = planBatchEdit(r, { a.id, b.id }, { { CurationField::Excluded, QStringLiteral("no") } });
    QVERIFY(included.edits.isEmpty());
}

void TestDuplicateMerge::batchReviewOnlyOnObservationsWithNotices()
{
    Observation a = observation(1, ResolutionState::VerifiedExact, 4);
    a.events.status = EventsCheck::Status::Found;
    a.events.asOf = QStringLiteral("2026-05-10T20:53:17Z");
    a.events.events = { SourceEvent { EventKind::Retraction, QStringLiteral("2024-01-02"),
        QStringLiteral("retraction_status_cache"), QStringLiteral("10.1/notice"), {} } };
    Observation b = observation(2, ResolutionState::VerifiedExact, 5);
    const CuratedRecord r = curated(record({ a, b }));
    const BatchPlan plan = planBatchEdit(
        r, { a.id, b.id }, { { CurationField::Review, QStringLiteral("acknowledged") } });
    QCOMPARE(plan.edits.size(), 1);
    QCOMPARE(plan.edits.first().observation, a.id);
    QCOMPARE(batchPreview(plan),
        QStringLiteral("Set notice review on 1 observation. The notice review leaves 1 "
                       "observation without a notice as is."));
}

QTEST_GUILESS_MAIN(TestDuplicateMerge)
#include "tst_duplicatemerge.moc"
