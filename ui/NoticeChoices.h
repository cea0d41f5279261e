// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Record.h"

#include <optional>

class QComboBox;

namespace LedgerCurator {

// The filter choices the notice windows share (the review window, the Notices view). Each
// window adds its own first item, "all" (kind data -1, review data empty), then these.

//! Every kind of notice, as the app names it; the item data is int(EventKind).
void addKindChoices(QComboBox *combo);
//! Every review status of a notice; the item data is its key ("acknowledged").
void addReviewChoices(QComboBox *combo);
//! The kind chosen in a combo filled by addKindChoices(); nullopt for the "all" item.
std::optional<EventKind> chosenKind(const QComboBox *combo);

} // namespace LedgerCurator
