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

//! Gives the placeholder texts of window and its children a colour readable on the views and
//! the window (at least 4.5:1: the palette's own is often less), following palette changes.
void keepPlaceholdersReadable(QWidget *window);

//! Settings > Contrast: the system's palette (light or dark, followed as it changes) or the
//! app's high-contrast one (highContrastPalette()).
enum class ContrastChoice { System, High };

//! The choice stored in the settings ("ui/contrast").
ContrastChoice contrastSetting();
//! Gives the application the chosen palette; ContrastChoice::System goes back to the system's.
void applyContrast(ContrastChoice choice);

} // namespace LedgerCurator
