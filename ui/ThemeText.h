// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ThemeColors.h"

#include <functional>

class QWidget;

namespace LedgerCurator {

//! Calls apply() now and again whenever the application's palette changes (the system switched
//! between light and dark), for as long as widget lives.
void followPalette(QWidget *widget, std::function<void()> apply);

//! Gives widget's text the tone's colour for the palette in use, following palette changes.
//! TextTone::Normal returns it to the palette's own text colour.
void setTextTone(QWidget *widget, TextTone tone);

} // namespace LedgerCurator
