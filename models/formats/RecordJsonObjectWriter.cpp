// SPDX-License-Identifier: GPL-3.0-or-later
// The record as a QJsonObject: recordToJson() and curationToJson() (RecordJson.h). The cache
// keeps a record's header and an observation's curation this way; the text form has its own,
// faster writer (RecordJsonTextWriter.cpp), which must give QJsonDocument's bytes of this object.
#include "RecordJson.h"

#include "RecordJsonKeys.h"

#include <QJsonArray>
#include <QJsonValue>

namespace LedgerCurator {

namespace Keys = RecordJsonKeys;

namespace {

QLatin1String key(const char *name)
{
    return QLatin1String(name);
}

QJsonObject eventsCheckToJson(const EventsCheck &check)
{
    QJsonObject out;
    out.insert(key(Keys::kStatus), eventsStatusKey(check.status));
    switch (check.status) {
    case EventsCheck::Status::NoneFound:
        out.insert(key(Keys::kAsOf), check.asOf);
        break;
    case EventsCheck::Status::Unavailable:
        out.insert(key(Keys::kReason), check.reason);
        break;
    case EventsCheck::Status::Found: {
        out.insert(key(Keys::kAsOf), check.asOf);
        QJsonArray events;
        for (const SourceEvent &event : check.events) {
            QJsonObject e;
            e.insert(key(Keys::kKind), eventKindKey(event.kind));
            e.insert(key(Keys::kDate), event.date);
            e.insert(key(Keys::kSource), event.source);
            if (!event.notice.isEmpty())
                e.insert(key(Keys::kNotice), event.notice);
            if (!event.detail.isEmpty())
                e.insert(key(Keys::kDetail), event.detail);
            events.append(e);
        }
        out.insert(key(Keys::kEvents), events);
        break;
    }
    }
    return out;
}

QJsonObject observationToJson(const Observation &o)
{
    QJsonObject out;
    out.insert(key(Keys::kId), o.id);
    out.insert(key(Keys::kDirection), directionKey(o.direction));
    out.insert(key(Keys::kCitingTitle), o.citingTitle);
    out.insert(key(Keys::kCitedTitle), o.citedTitle);
    out.insert(key(Keys::kReference), o.reference ? QJsonValue(*o.reference) : QJsonValue());
    out.insert(key(Keys::kState), stateKey(o.state));
    out.insert(key(Keys::kBasis), o.basis);
    out.insert(key(Keys::kObservedAt), o.observedAt);
    out.insert(key(Keys::kEventsCheck), eventsCheckToJson(o.events));
    if (!o.curation->isEmpty())
        out.insert(key(Keys::kCuration), curationToJson(*o.curation));
    return out;
}

QJsonObject statedCountsToJson(const StatedCounts &s)
{
    QJsonObject out;
    for (const auto &member : Keys::kStatedCountMembers<StatedCounts>)
        out.insert(key(member.key), s.*member.field);
    QJsonObject states;
    for (const ResolutionState state : kAllResolutionStates)
        states.insert(stateKey(state), s.outboundStates[static_cast<int>(state)]);
    out.insert(key(Keys::kOutboundStates), states);
    return out;
}

QJsonObject facetToJson(const CoverageFacet &f)
{
    QJsonObject out;
    out.insert(key(Keys::kFacet), facetKey(f.kind));
    out.insert(key(Keys::kMeasured), f.measured);
    out.insert(key(Keys::kOf), f.of);
    out.insert(key(Keys::kDescription), f.description);
    out.insert(key(Keys::kSources), QJsonArray::fromStringList(f.sources));
    if (!f.observedAt.isEmpty())
        out.insert(key(Keys::kObservedAt), f.observedAt);
    return out;
}

QJsonObject measurementToJson(const ExternalMeasurement &m)
{
    QJsonObject out;
    out.insert(key(Keys::kValue), m.value);
    out.insert(key(Keys::kSource), m.source);
    if (!m.observedAt.isEmpty())
        out.insert(key(Keys::kObservedAt), m.observedAt);
    return out;
}

} // namespace

QJsonObject curationToJson(const CurationInfo &c)
{
    QJsonObject curation;
    for (const auto &member : Keys::kCurationTextMembers<CurationInfo>) {
        if (const QString &value = c.*member.field; !value.isEmpty())
            curation.insert(key(member.key), value);
    }
    if (c.excluded)
        curation.insert(key(Keys::kExcluded), true);
    if (!c.conflicts.isEmpty())
        curation.insert(key(Keys::kConflicts), QJsonArray::fromStringList(c.conflicts));
    return curation;
}

QJsonObject recordToJson(const Record &record)
{
    QJsonObject out;
    out.insert(key(Keys::kSchema), record.schema);
    out.insert(key(Keys::kArxivId), record.arxivId);
    out.insert(key(Keys::kVersion), record.version);
    out.insert(key(Keys::kTitle), record.title);
    out.insert(key(Keys::kAsOf), record.asOf);
    out.insert(key(Keys::kStatedCounts), statedCountsToJson(record.stated));
    QJsonArray coverage;
    for (const CoverageFacet &facet : record.coverage)
        coverage.append(facetToJson(facet));
    out.insert(key(Keys::kCoverage), coverage);
    QJsonArray measurements;
    for (const ExternalMeasurement &m : record.measurements)
        measurements.append(measurementToJson(m));
    out.insert(key(Keys::kExternalMeasurements), measurements);
    QJsonArray observations;
    for (const Observation &o : record.observations)
        observations.append(observationToJson(o));
    out.insert(key(Keys::kObservations), observations);
    return out;
}

} // namespace LedgerCurator
