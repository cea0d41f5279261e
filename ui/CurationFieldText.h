// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How the correction panel names and shows each correction field: its label, its name in the
// history, conflicts and undo texts, a value as shown, the value an editor starts from, its
// editor. The panel's half of what a field is; the rest is its row of CurationFieldInfo
// (models/core/CurationFieldInfo.h, which lists every place a new field touches).

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
//! The value an editor shows for a field of the shown observation (its stored form, from the
//! field's row of CurationFieldInfo).
QString shownValue(const Observation &o, CurationField field);

//! The editor a field has in the panel.
enum class EditorKind {
    StateChoice, // the states, by key
    BasisChoice, // the known bases, or any typed
    ReviewChoice, // "(not reviewed)" and the review statuses
    CheckBox, // yes or no
    Line, // a line of text
    None, // no editor: decided with the anomaly hints' own buttons
};
EditorKind editorKind(CurationField field);
//! What a line editor shows while empty ("" for nothing).
QString editorPlaceholder(CurationField field);

} // namespace LedgerCurator::PanelText
