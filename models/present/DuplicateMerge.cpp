// SPDX-License-Identifier: GPL-3.0-or-later
#include "DuplicateMerge.h"

#include "CuratedRecord.h"
#include "DisplayText.h"
#include "ObservationTableModel.h"

#include <QCoreApplication>

#include <algorithm>
#include <tuple>

namespace LedgerCurator {

namespace {

//! A field's value as stored: what "differs" compares.
QString storedValue(const Observation &o, CompareField field)
{
    switch (field) {
    case CompareField::CitingTitle:
        return o.citingTitle;
    case CompareField::CitedTitle:
        return o.citedTitle;
    case CompareField::Reference:
        return o.reference ? QString::number(*o.reference) : QString();
    case CompareField::State:
        return stateKey(o.state);
    case CompareField::Basis:
        return o.basis;
    case CompareField::Identifier:
        return o.curation->identifier;
    case CompareField::ObservedAt:
        return o.observedAt;
    case CompareField::Events: {
        QStringList parts { eventsStatusKey(o.events.status) };
        for (const SourceEvent &e : o.events.events)
            parts << eventKindKey(e.kind) << e.date << e.notice;
        parts << o.curation->review;
        return parts.join(u'\n');
    }
    case CompareField::Note:
        return o.curation->note;
    }
    return {};
}

//! A field's value as the comparison shows it: translated names, local dates, data inert.
QString shownText(const Observation &o, CompareField field)
{
    switch (field) {
    case CompareField::State:
        return stateDisplayText(o.state);
    case CompareField::ObservedAt:
        return displayDateTime(o.observedAt);
    case CompareField::Events: {
        const QString summary = eventsCheckSummary(o.events);
        if (o.events.status != EventsCheck::Status::Found)
            return summary;
        const QString review
            = o.curation->review.isEmpty() ? QStringLiteral("unreviewed") : o.curation->review;
        return QCoreApplication::translate("DuplicateMerge", "%1 (%2)", "notices (review)")
            .arg(summary, reviewDisplayText(review));
    }
    default:
        // Controls and bidi characters from data as <U+XXXX> tokens (docs/rendering.md).
        return DisplayText::forTerminal(storedValue(o, field));
    }
}

int stateRank(ResolutionState state)
{
    switch (state) {
    case ResolutionState::VerifiedExact:
        return 0;
    case ResolutionState::VerifiedFuzzy:
        return 1;
    case ResolutionState::MetadataMismatch:
        return 2;
    case ResolutionState::ParseUncertain:
        return 3;
    case ResolutionState::MalformedIdentifier:
        return 4;
    case ResolutionState::Unresolved:
        return 5;
    }
    return 6;
}

int information(const Observation &o)
{
    return int(!o.citedTitle.trimmed().isEmpty()) + int(o.reference.has_value())
        + int(!o.curation->identifier.isEmpty()) + int(!o.curation->note.isEmpty())
        + int(o.events.status != EventsCheck::Status::Unavailable);
}

} // namespace

QString compareFieldName(CompareField field)
{
    switch (field) {
    case CompareField::CitingTitle:
        return QCoreApplication::translate("DuplicateMerge", "Citing title");
    case CompareField::CitedTitle:
        return QCoreApplication::translate("DuplicateMerge", "Cited title");
    case CompareField::Reference:
        return QCoreApplication::translate("DuplicateMerge", "Reference");
    case CompareField::State:
        return QCoreApplication::translate("DuplicateMerge", "State");
    case CompareField::Basis:
        return QCoreApplication::translate("DuplicateMerge", "Basis");
    case CompareField::Identifier:
        return QCoreApplication::translate("DuplicateMerge", "Identifier");
    case CompareField::ObservedAt:
        return QCoreApplication::translate("DuplicateMerge", "Observed at");
    case CompareField::Events:
        return QCoreApplication::translate("DuplicateMerge", "Notices");
    case CompareField::Note:
        return QCoreApplication::translate("DuplicateMerge", "Note");
    }
    return {};
}

QList<CompareRow> compareObservations(const Record &shown, const QStringList &ids)
{
    QList<const Observation *> found;
    for (const QString &id : ids) {
        if (const Observation *o = shown.findObservation(id))
            found.append(o);
    }
    QList<CompareRow> rows;
    for (CompareField field : kAllCompareFields) {
        CompareRow row;
        row.field = field;
        for (const Observation *o : std::as_const(found)) {
            row.values.append(shownText(*o, field));
            row.differs
                = row.differs || storedValue(*o, field) != storedValue(*found.first(), field);
        }
        rows.append(row);
    }
    return rows;
}

QString defaultKeptObservation(const Record &shown, const QStringList &ids)
{
    const Observation *best = nullptr;
    auto key = [](const Observation &o) {
        const bool handled = o.curation->excluded || !o.curation->duplicateOf.isEmpty();
        // Smaller is better.
        return std::tuple(int(handled), stateRank(o.state), -information(o));
    };
    for (const QString &id : ids) {
        const Observation *o = shown.findObservation(id);
        if (o && (!best || key(*o) < key(*best)))
            best = o;
    }
    return best ? best->id : QString();
}

QList<FieldEdit> duplicateEdits(const Record &shown, const QStringList &ids, const QString &kept)
{
    QList<FieldEdit> edits;
    const Observation *keptObservation = shown.findObservation(kept);
    if (!keptObservation)
        return edits;
    if (keptObservation->curation->duplicateOf != kept
        && ids.contains(keptObservation->curation->duplicateOf))
        edits.append({ kept, CurationField::DuplicateOf, std::nullopt });
    for (const QString &id : ids) {
        const Observation *o = shown.findObservation(id);
        if (!o || id == kept || o->curation->duplicateOf == kept)
            continue;
        edits.append({ id, CurationField::DuplicateOf, kept });
    }
    return edits;
}

QList<FieldEdit> differentEdits(const Record &shown, const QStringList &ids)
{
    QList<FieldEdit> edits;
    const QString kind = anomalyKindKey(AnomalyHint::Kind::RepeatedCitingPaper);
    for (const QString &id : ids) {
        const Observation *o = shown.findObservation(id);
        if (!o || o->curation->dismissedHints.contains(kind))
            continue;
        QStringList kinds = o->curation->dismissedHints;
        kinds.append(kind);
        // Stored sorted, as normalizeCurationValue() writes it.
        const CurationValue value
            = normalizeCurationValue(CurationField::DismissedHints, kinds.join(u' '), shown, id);
        edits.append(
            { id, CurationField::DismissedHints, value.ok() ? value.value : kinds.join(u' ') });
    }
    return edits;
}

QStringList repeatedWith(const QList<AnomalyHint> &hints, const QString &observation)
{
    for (const AnomalyHint &hint : hints) {
        if (hint.kind == AnomalyHint::Kind::RepeatedCitingPaper
            && hint.observations.contains(observation))
            return hint.observations;
    }
    return {};
}

} // namespace LedgerCurator
