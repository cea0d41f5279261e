// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How the correction panel names and shows each correction field: its label, its name in the
// history, conflicts and undo texts, a value as shown, the value an editor starts from.

#include "CurationLog.h"
#include "Record.h"

#include <QString>

namespace LedgerCurator::PanelText {

//! A correction's time on a conflict button: the locale's date and time, or as stored to the
//! minute.
QString conflictTime(const QString &createdAt);
//! A field's name in the history, conflicts and undo texts ("state", as the log writes it).
QString fieldName(CurationField field);
//! A field value as the panel shows it: states, review statuses, yes and no translated.
QString valueForDisplay(CurationField field, const QString &value);
//! The label of a field's editor, with its mnemonic.
QString fieldLabel(CurationField field);
//! The value an editor shows for a field of the shown observation.
QString shownValue(const Observation &o, CurationField field);

} // namespace LedgerCurator::PanelText
