// SPDX-License-Identifier: GPL-3.0-or-later
#include "BatchEdit.h"

#include "CurationFieldInfo.h"

#include <QCoreApplication>

namespace LedgerCurator {

namespace {

//! The upstream value of a field in its stored form ("verified_exact", "no", "" for none).
QString upstreamStored(const Record &upstream, const Observation &o, CurationField field)
{
    const QString text = upstreamValue(o, field);
    if (text.isEmpty())
        return text;
    const CurationValue value = normalizeCurationValue(field, text, upstream, o.id);
    return value.ok() && value.value ? *value.value : text;
}

//! The value a field shows now in its stored form: the winning correction, else upstream.
QString currentStored(
    const CuratedRecord &record, const Observation &upstream, CurationField field, bool *conflict)
{
    const FieldState *state = record.field(upstream.id, field);
    *conflict = state && state->isConflict();
    if (state) {
        if (const auto value = state->value())
            return *value;
    }
    return upstreamStored(record.upstream, upstream, field);
}

} // namespace

QString batchFieldName(CurationField field)
{
    if (const char *name = curationFieldInfo(field).batchName)
        return QCoreApplication::translate("BatchEdit", name);
    return curationFieldKey(field);
}

BatchPlan planBatchEdit(
    const CuratedRecord &record, const QStringList &ids, const QList<BatchChange> &changes)
{
    BatchPlan plan;
    for (const BatchChange &change : changes) {
        plan.counts.append({ change.field, 0 });
        plan.skipped.append({ change.field, 0 });
    }
    for (const QString &id : ids) {
        const Observation *upstream = record.upstream.findObservation(id);
        const Observation *shown = record.shown.findObservation(id);
        if (!upstream || !shown)
            continue;
        for (qsizetype i = 0; i < changes.size(); ++i) {
            const BatchChange &change = changes.at(i);
            if (change.field == CurationField::Review
                && shown->events.status != EventsCheck::Status::Found) {
                ++plan.skipped[i].second; // no notice to review
                continue;
            }
            std::optional<QString> target;
            if (change.value) {
                const CurationValue value
                    = normalizeCurationValue(change.field, *change.value, record.upstream, id);
                if (!value.ok()) {
                    plan.problems.append({ id, change.field, value.error });
                    continue;
                }
                target = value.value;
            }
            const QString original = upstreamStored(record.upstream, *upstream, change.field);
            bool conflict = false;
            const QString current = currentStored(record, *upstream, change.field, &conflict);
            if (!conflict && target.value_or(original) == current)
                continue; // already at that value
            // The upstream value typed again is the field sent back to upstream (as the panel
            // does for one observation); "not excluded" stays a decision of its own.
            if (target && *target == original
                && !curationFieldInfo(change.field).upstreamValueIsDecision)
                target = std::nullopt;
            plan.edits.append({ id, change.field, target });
            ++plan.counts[i].second;
        }
    }
    return plan;
}

QString batchPreview(const BatchPlan &plan)
{
    QStringList parts;
    for (const auto &[field, count] : plan.counts) {
        // English has no numerus forms without a translation loaded: one is said apart.
        if (count == 1)
            parts.append(
                QCoreApplication::translate("BatchEdit", "%1 on 1 observation", "field on one")
                    .arg(batchFieldName(field)));
        else if (count > 1)
            parts.append(QCoreApplication::translate(
                "BatchEdit", "%1 on %n observations", "field on N observations", count)
                             .arg(batchFieldName(field)));
    }
    if (parts.isEmpty())
        return QCoreApplication::translate(
            "BatchEdit", "Nothing to change: the selected observations already show these values.");
    QString text = QCoreApplication::translate("BatchEdit", "Set %1.", "a list of changes")
                       .arg(parts.join(QStringLiteral(", ")));
    for (const auto &skipped : plan.skipped) {
        const int count = skipped.second;
        if (count == 1)
            text += u' '
                + QCoreApplication::translate(
                    "BatchEdit", "The notice review leaves 1 observation without a notice as is.");
        else if (count > 1)
            text += u' '
                + QCoreApplication::translate("BatchEdit",
                    "The notice review leaves %n observations without a notice as is.", nullptr,
                    count);
    }
    return text;
}

} // namespace LedgerCurator
