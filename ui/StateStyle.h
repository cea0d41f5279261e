// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Record.h"

#include <QColor>
#include <QString>

namespace LedgerCurator {

//! Badge fill for a resolution state. The six fills are distinct from one another, but colour
//! never stands alone: whatever draws a fill also draws the state's text.
QColor stateColor(ResolutionState state);
//! Text colour for drawing on stateColor(): contrast ratio at least 4.5:1 (WCAG AA).
QColor stateTextColor(ResolutionState state);
//! A one-word name for tight spaces: "exact", "fuzzy", "unresolved", "uncertain", "malformed",
//! "mismatch" (translatable).
QString stateShortText(ResolutionState state);

} // namespace LedgerCurator
