// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Record.h"

#include <QColor>
#include <QGuiApplication>
#include <QPalette>
#include <QString>

namespace LedgerCurator {

//! Badge fill for a resolution state on the palette: one set of fills for light palettes, a
//! deeper one for dark palettes and a bright one for high-contrast palettes. The six fills are
//! distinct from one another, but colour never stands alone: whatever draws a fill also draws
//! the state's text.
QColor stateColor(ResolutionState state, const QPalette &palette = QGuiApplication::palette());
//! Text colour for drawing on stateColor(): contrast ratio at least 4.5:1 (WCAG AA).
QColor stateTextColor(ResolutionState state, const QPalette &palette = QGuiApplication::palette());
//! A one-word name for tight spaces: "exact", "fuzzy", "unresolved", "uncertain", "malformed",
//! "mismatch" (translatable).
QString stateShortText(ResolutionState state);

} // namespace LedgerCurator
