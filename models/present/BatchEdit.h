// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CuratedRecord.h"
#include "CurationSession.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace LedgerCurator {

// One change of several observations at once (the correction panel's page for a multiple
// selection, docs/curation.md "Batch edits"), without widgets: what it records and what it says.

//! The fields a batch edit may set.
inline constexpr std::array<CurationField, 6> kBatchFields { CurationField::State,
    CurationField::Basis, CurationField::Identifier, CurationField::Excluded, CurationField::Note,
    CurationField::Review };

//! One field to set on every selected observation: `value` as typed (checked and normalized per
//! observation), nullopt to send it back to its upstream value. Fields not named are left as is.
struct BatchChange
{
    CurationField field = CurationField::State;
    std::optional<QString> value;
};

//! A value refused for one observation.
struct BatchProblem
{
    QString observation;
    CurationField field = CurationField::State;
    QString error;
};

//! What a batch edit would record.
struct BatchPlan
{
    //! The edits, observation by observation; rows already at the value are left out.
    QList<FieldEdit> edits;
    //! Per field of the changes (in their order), how many observations it changes.
    QList<std::pair<CurationField, int>> counts;
    //! Per field, how many observations it does not apply to (a notice review on observations
    //! without notices).
    QList<std::pair<CurationField, int>> skipped;
    QList<BatchProblem> problems;
    bool ok() const { return problems.isEmpty(); }
};

//! Plans `changes` on the observations `ids` of `record` (shown values, corrections applied):
//! each value checked with normalizeCurationValue() for each observation (a problem per refusal),
//! a value equal to the upstream one recorded as "back to upstream" (except excluded), and only
//! the observations whose shown value changes (or whose field is in conflict) edited. A notice
//! review is set only on observations with notices found.
BatchPlan planBatchEdit(
    const CuratedRecord &record, const QStringList &ids, const QList<BatchChange> &changes);

//! "Set state on 12 observations, note on 12 observations"; "Nothing to change: ..." when the
//! plan changes nothing; translated.
QString batchPreview(const BatchPlan &plan);

//! The field's name in a batch preview ("state", "notice review"), translated.
QString batchFieldName(CurationField field);

} // namespace LedgerCurator
