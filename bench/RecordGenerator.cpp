// SPDX-License-Identifier: GPL-3.0-or-later
#include "RecordGenerator.h"

#include <QRandomGenerator>
#include <QUuid>

namespace LedgerCurator::Bench {

namespace {

const char *const kWords[] = { "Scaling", "Efficient", "Sparse", "Attention", "Pipeline",
    "Parallelism", "Language", "Models", "Training", "Inference", "Distributed", "Memory",
    "Gradient", "Checkpoint", "Compiler", "Tensor", "Kernels", "Mixture", "Experts", "Quantization",
    "Benchmark", "Agents", "Retrieval", "Alignment" };
const QString kNonLatin[] = { QStringLiteral("大規模言語モデルの分散学習"),
    QStringLiteral("Распределённое обучение"), QStringLiteral("نماذج اللغة الكبيرة"),
    QStringLiteral("Παράλληλη εκπαίδευση"), QStringLiteral("🚀 Fast kernels") };

QString title(QRandomGenerator &random, qsizetype n)
{
    QString out;
    const int words = 4 + int(random.bounded(18)); // some titles are long
    for (int w = 0; w < words; ++w) {
        if (w)
            out += u' ';
        out += QLatin1String(kWords[random.bounded(int(std::size(kWords)))]);
    }
    if (n % 7 == 0)
        out += QStringLiteral(": ") + kNonLatin[n % std::size(kNonLatin)];
    return out;
}

QString uuid(quint32 seed, qsizetype n)
{
    return QUuid::createUuidV5(QUuid(), QStringLiteral("bench-%1-%2").arg(seed).arg(n))
        .toString(QUuid::WithoutBraces);
}

} // namespace

Record generateRecord(qsizetype inbound, qsizetype outbound, quint32 seed)
{
    QRandomGenerator random(seed);
    Record r;
    r.arxivId = QStringLiteral("2401.%1").arg(10000 + seed % 89999);
    r.version = 2;
    r.title = QStringLiteral("A Benchmark Record for Ledger Curator with Many Citations");
    r.asOf = QStringLiteral("2026-08-05");
    const char *descriptions[] = { "Typed states for the displayed outbound observations.",
        "One-hop event checks from named stored sources.",
        "Pith citing papers itemized under the disclosed page cap.",
        "A source-named dated measurement, never combined with another source." };
    for (int i = 0; i < kCoverageFacetCount; ++i) {
        CoverageFacet f;
        f.kind = static_cast<CoverageFacet::Kind>(i);
        f.measured = f.of = i == 0 ? outbound : i == 3 ? 1 : inbound;
        f.description = QString::fromLatin1(descriptions[i]);
        f.sources = { QStringLiteral("paper_references"), QStringLiteral("paper_reference_links") };
        f.observedAt = QStringLiteral("2026-08-05T06:32:48.257954+00:00");
        r.coverage.append(f);
    }
    r.measurements.append(
        { inbound + 17, QStringLiteral("pith"), QStringLiteral("2026-08-05T02:28:24.338817Z") });
    r.observations.reserve(inbound + outbound);
    QString previousTitle;
    for (qsizetype n = 0; n < outbound + inbound; ++n) {
        Observation o;
        o.id = uuid(seed, n);
        o.direction = n < outbound ? Direction::Outbound : Direction::Inbound;
        // Every 50th observation repeats the previous citing paper.
        const QString other
            = (n % 50 == 1 && !previousTitle.isEmpty()) ? previousTitle : title(random, n);
        previousTitle = other;
        o.citingTitle = o.direction == Direction::Inbound ? other : r.title;
        o.citedTitle = o.direction == Direction::Inbound ? r.title : other;
        const quint32 roll = random.bounded(100);
        o.state = roll < 70 ? ResolutionState::VerifiedExact
            : roll < 78     ? ResolutionState::VerifiedFuzzy
            : roll < 88     ? ResolutionState::Unresolved
            : roll < 92     ? ResolutionState::ParseUncertain
            : roll < 94     ? ResolutionState::MalformedIdentifier
                            : ResolutionState::MetadataMismatch;
        o.reference = n % 300 == 0 ? 2019 + qint64(n % 5) : 1 + qint64(random.bounded(250));
        if (n % 97 == 0)
            o.reference.reset();
        o.basis = o.state == ResolutionState::Unresolved ? QStringLiteral("no resolver link")
                                                         : QStringLiteral("arxiv_id");
        o.observedAt
            = QStringLiteral("2026-0%1-%2T12:14:26.541851Z").arg(5 + n % 3).arg(10 + n % 18);
        if (o.state == ResolutionState::Unresolved) {
            o.events.status = EventsCheck::Status::Unavailable;
            o.events.reason = QStringLiteral("canonical work link unavailable");
        } else if (n % 1000 == 3) {
            o.events.status = EventsCheck::Status::Found;
            o.events.asOf = QStringLiteral("2026-08-05T06:32:48.257954+00:00");
            o.events.events = { { EventKind::Retraction, QStringLiteral("2024-03-01"),
                QStringLiteral("retraction_status_cache"), QStringLiteral("10.1234/abc.%1").arg(n),
                QStringLiteral("Duplication of article") } };
        } else {
            o.events.status = EventsCheck::Status::NoneFound;
            o.events.asOf = QStringLiteral("2026-08-05T06:32:48.257954+00:00");
        }
        if (o.direction == Direction::Outbound)
            ++r.stated.outboundStates[int(o.state)];
        r.observations.append(std::move(o));
    }
    r.stated.outboundListed = r.stated.outboundTotal = r.stated.outboundDisplayed
        = r.stated.outboundDisplayedOf = outbound;
    r.stated.inbound = inbound;
    return r;
}

} // namespace LedgerCurator::Bench
