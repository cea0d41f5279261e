// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecordFixtures.h"

#include "LedgerText.h"
#include "TestSupport.h"

namespace LedgerCurator::TestSupport {

Record fixtureRecord()
{
    auto page = parseLedgerText(fixture(), QStringLiteral("ledger-2104.04473.txt"));
    if (!page.ok())
        qFatal("the fixture page does not parse: %s", qPrintable(page.error().toString()));
    return page->record;
}

Record fixtureRepeated(const QString &id, int count, int idOffset)
{
    const Record fixture = fixtureRecord();
    Record r = fixture;
    r.arxivId = id;
    r.observations.clear();
    for (int i = 0; i < count; ++i) {
        Observation o = fixture.observations[i % fixture.observations.size()];
        o.id = uuidFor(idOffset + i);
        r.observations.append(o);
    }
    return r;
}

namespace {

Observation makeObservation(const char *id, Direction direction, const QString &citing,
    const QString &cited, std::optional<qint64> reference, ResolutionState state, const char *basis,
    EventsCheck events)
{
    Observation o;
    o.id = QString::fromLatin1(id);
    o.direction = direction;
    o.citingTitle = citing;
    o.citedTitle = cited;
    o.reference = reference;
    o.state = state;
    o.basis = QString::fromLatin1(basis);
    o.observedAt = QStringLiteral("2026-05-24T12:14:26.541851Z");
    o.events = std::move(events);
    return o;
}

EventsCheck found(QList<SourceEvent> events)
{
    EventsCheck check;
    check.status = EventsCheck::Status::Found;
    check.asOf = QStringLiteral("2026-08-05T06:32:48Z");
    check.events = std::move(events);
    return check;
}

SourceEvent event(EventKind kind, const char *date, const char *notice)
{
    return SourceEvent { kind, QString::fromLatin1(date), QStringLiteral("retraction_status_cache"),
        QString::fromLatin1(notice),
        kind == EventKind::Retraction ? QStringLiteral("+Error in Data; “quoted”") : QString() };
}

} // namespace

EventsCheck noneFound(const char *asOf)
{
    EventsCheck check;
    check.status = EventsCheck::Status::NoneFound;
    check.asOf = QString::fromLatin1(asOf);
    return check;
}

EventsCheck unavailable(const char *reason)
{
    EventsCheck check;
    check.status = EventsCheck::Status::Unavailable;
    check.reason = QString::fromLatin1(reason);
    return check;
}

Record sampleRecord()
{
    Record r;
    r.arxivId = QStringLiteral("2104.04473");
    r.version = 5;
    r.title = QStringLiteral("Efficient <Large-Scale> \"Language\" & Model's Training \\ GPU");
    r.asOf = QStringLiteral("2026-08-05");
    r.stated = StatedCounts { 3, 7, 4, 3, 8, { 1, 1, 1, 0, 0, 0 } };
    r.coverage = {
        { CoverageFacet::Kind::ReferenceResolution, 3, 7,
            QStringLiteral("Typed states for the displayed outbound observations."),
            { QStringLiteral("paper_references"), QStringLiteral("paper_reference_links") }, {} },
        { CoverageFacet::Kind::StandingNotices, 34, 34,
            QStringLiteral("One-hop event checks from named stored sources."),
            { QStringLiteral("scholarly_work_events"), QStringLiteral("retraction_status_cache") },
            QStringLiteral("2026-08-05T06:32:48.257954+00:00") },
        { CoverageFacet::Kind::InboundItemization, 4, 34,
            QStringLiteral("Pith citing papers itemized under the disclosed page cap."),
            { QStringLiteral("paper_references") }, QStringLiteral("2026-08-03T11:25:09.562026Z") },
        { CoverageFacet::Kind::ExternalCitationMeasurements, 2, 2,
            QStringLiteral("A source-named dated measurement, never combined with another source."),
            {}, {} },
    };
    r.measurements = {
        { 9, QStringLiteral("pith"), QStringLiteral("2026-08-05T02:28:24.338817Z") },
        { 12, QStringLiteral("semantic_scholar"), {} },
    };
    r.observations = {
        makeObservation("a4d62a99-e85b-4e0d-86d5-17278d726ff0", Direction::Outbound,
            QStringLiteral("Efficient <Large-Scale> Training"),
            QStringLiteral("Tags <b>bold</b> & \"quoted\" & 'single'"), 1,
            ResolutionState::VerifiedExact, "arxiv_id", noneFound()),
        makeObservation("a4d62a99-e85b-4e0d-86d5-17278d726ff1", Direction::Outbound,
            QStringLiteral("Efficient <Large-Scale> Training"),
            QStringLiteral("Back\\slash C:\\path\\ and a/slash"), 2, ResolutionState::VerifiedFuzzy,
            "local_arxiv", unavailable("canonical work link unavailable")),
        makeObservation("a4d62a99-e85b-4e0d-86d5-17278d726ff2", Direction::Outbound,
            QStringLiteral("Efficient <Large-Scale> Training"), QStringLiteral("A retracted work"),
            std::nullopt, ResolutionState::Unresolved, "no resolver link",
            found({ event(EventKind::Retraction, "2024-03-01", "10.1234/abc.5678"),
                event(EventKind::Correction, "2024-04-02", "") })),
        makeObservation("a4d62a99-e85b-4e0d-86d5-17278d726ff3", Direction::Inbound,
            QStringLiteral("Обучение больших языковых моделей"),
            QStringLiteral("大规模语言模型的高效训练"), 43, ResolutionState::ParseUncertain, "doi",
            found({ event(EventKind::ExpressionOfConcern, "2025-01-05",
                        "https://example.org/notice?a=1&b=2"),
                event(EventKind::Withdrawal, "2025-02-06", ""),
                event(EventKind::Reinstatement, "2025-03-07", "10.5555/re.1") })),
        makeObservation("a4d62a99-e85b-4e0d-86d5-17278d726ff4", Direction::Inbound,
            QStringLiteral("تدريب النماذج اللغوية الكبيرة"),
            QStringLiteral("🚀 Scaling laws 🧪 for 👩‍🔬 researchers"), std::nullopt,
            ResolutionState::MalformedIdentifier, "title_match", noneFound("2026-08-05")),
        makeObservation("a4d62a99-e85b-4e0d-86d5-17278d726ff5", Direction::Inbound,
            QStringLiteral("Mixed: Ελληνικά, עברית, हिन्दी"), QStringLiteral("{[\"]}"), 0,
            ResolutionState::MetadataMismatch, "crossref", unavailable("no canonical work")),
        makeObservation("a4d62a99-e85b-4e0d-86d5-17278d726ff6", Direction::Inbound,
            QStringLiteral("A plain title"), QStringLiteral("Another plain title"),
            Q_INT64_C(1234567890123), ResolutionState::VerifiedExact, "openalex", noneFound()),
    };
    return r;
}

} // namespace LedgerCurator::TestSupport
