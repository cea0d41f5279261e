// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnomalyHints.h"
#include "CurationSession.h"
#include "Record.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <array>

namespace LedgerCurator {

// Duplicates as one decision (docs/curation.md, "Duplicates"): observations compared side by
// side, one kept and the others recorded as its duplicates, or all of them told apart. What the
// duplicates dialog shows and records, without widgets.

//! The fields the comparison shows, one row each, in this order.
enum class CompareField {
    CitingTitle,
    CitedTitle,
    Reference,
    State,
    Basis,
    Identifier,
    ObservedAt,
    Events,
    Note
};
inline constexpr std::array<CompareField, 9> kAllCompareFields { CompareField::CitingTitle,
    CompareField::CitedTitle, CompareField::Reference, CompareField::State, CompareField::Basis,
    CompareField::Identifier, CompareField::ObservedAt, CompareField::Events, CompareField::Note };

//! One row of the comparison: a field's value on each observation, as the interface shows it
//! (empty for none), and whether the values differ (compared as stored, exactly).
struct CompareRow
{
    CompareField field = CompareField::CitingTitle;
    QStringList values;
    bool differs = false;
};

//! The field's name in the comparison ("Citing title"), translated.
QString compareFieldName(CompareField field);

//! The observations `ids` of `shown` side by side, values in the order of `ids`; ids the record
//! does not hold are left out (so every row has one value per observation found).
QList<CompareRow> compareObservations(const Record &shown, const QStringList &ids);

//! The observation to keep by default: of those not already excluded or marked a duplicate, the
//! one with the best state (verified exact, verified fuzzy, metadata mismatch, parse uncertain,
//! malformed identifier, unresolved), then the most information (cited title, reference,
//! identifier, note, a notices check), then the first in `ids`. Empty when none is in `shown`.
QString defaultKeptObservation(const Record &shown, const QStringList &ids);

//! The edits that mark every observation of `ids` but `kept` a duplicate of `kept`, as one step:
//! duplicate-of = kept on each other one, and the kept one's own duplicate-of cleared when it
//! named one of them (which would make a cycle). Observations already so marked are left out.
QList<FieldEdit> duplicateEdits(const Record &shown, const QStringList &ids, const QString &kept);

//! The edits that tell the observations apart ("these are different"): the repeated citing
//! paper hint's kind added to each one's dismissed hints, keeping the kinds it dismissed before.
QList<FieldEdit> differentEdits(const Record &shown, const QStringList &ids);

//! The observations of the repeated citing paper hint about `observation` (the first such hint,
//! dismissed or not), `observation` among them; empty when it has none.
QStringList repeatedWith(const QList<AnomalyHint> &hints, const QString &observation);

} // namespace LedgerCurator
