// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QWidget;

namespace LedgerCurator {

//! Draws a ring in the palette's selection colour around widget while it has the keyboard focus:
//! for the views whose style shows no focus of its own once a row is selected (Fusion draws the
//! item focus frame only after a key press, and never on a selected row). The ring is a
//! QFocusFrame child of widget, over its frame and above its viewport, that takes no mouse
//! events and is left out of the accessibility tree as every QFocusFrame is.
void addFocusRing(QWidget *widget);

//! addFocusRing() for every item view under root that takes the focus.
void addFocusRings(QWidget *root);

} // namespace LedgerCurator
