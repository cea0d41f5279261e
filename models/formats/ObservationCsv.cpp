// SPDX-License-Identifier: GPL-3.0-or-later
#include "ObservationCsv.h"

#include "Notices.h"

namespace LedgerCurator {

namespace {

QString yesNo(bool value)
{
    return value ? QStringLiteral("yes") : QStringLiteral("no");
}

QString noticesText(const EventsCheck &events)
{
    switch (events.status) {
    case EventsCheck::Status::NoneFound:
        return {};
    case EventsCheck::Status::Unavailable:
        return QStringLiteral("unavailable: ") + events.reason;
    case EventsCheck::Status::Found:
        break;
    }
    QStringList parts;
    for (const SourceEvent &event : events.events)
        parts.append(
            event.date.isEmpty() ? natureText(event) : natureText(event) + u' ' + event.date);
    return parts.join(QStringLiteral("; "));
}

} // namespace

QStringList observationCsvHeader()
{
    return { QStringLiteral("record"), QStringLiteral("observation"), QStringLiteral("direction"),
        QStringLiteral("state"), QStringLiteral("basis"), QStringLiteral("reference"),
        QStringLiteral("citing_title"), QStringLiteral("cited_title"), QStringLiteral("identifier"),
        QStringLiteral("excluded"), QStringLiteral("duplicate_of"), QStringLiteral("note"),
        QStringLiteral("notices"), QStringLiteral("review"), QStringLiteral("curated"),
        QStringLiteral("conflicts") };
}

QStringList observationCsvFields(const Record &record, const Observation &o)
{
    const CurationInfo &c = *o.curation;
    return { record.arxivId, o.id, directionKey(o.direction), stateText(o.state), o.basis,
        o.reference ? QString::number(*o.reference) : QString(), o.citingTitle, o.citedTitle,
        c.identifier, yesNo(c.excluded), c.duplicateOf, c.note, noticesText(o.events),
        o.events.status == EventsCheck::Status::Found ? reviewStatusOf(o) : QString(),
        yesNo(!c.mark.isEmpty()), c.conflicts.join(u' ') };
}

QList<QStringList> observationCsvRows(const Record &record)
{
    QList<QStringList> rows;
    rows.reserve(record.observations.size() + 1);
    rows.append(observationCsvHeader());
    for (const Observation &o : record.observations)
        rows.append(observationCsvFields(record, o));
    return rows;
}

} // namespace LedgerCurator
