// SPDX-License-Identifier: GPL-3.0-or-later
#include "StateStyle.h"

#include "ThemeColors.h"

#include <QCoreApplication>

namespace LedgerCurator {

namespace {

struct StateStyleEntry
{
    QRgb fill;
    QRgb text;
    const char *shortText;
};

struct StateColours
{
    QRgb fill;
    QRgb text;
};

// Contrast ratios of text on fill, for reference (tests/tst_widgets.cpp checks them):
// 5.3, 10.7, 5.6, 10.5, 7.6, 5.4.
constexpr QRgb kLightText = 0xffffffff;
constexpr QRgb kDarkText = 0xff111111;
constexpr StateStyleEntry kStyles[kResolutionStateCount] = {
    { 0xff1e7b34, kLightText, QT_TRANSLATE_NOOP("LedgerCurator::StateStyle", "exact") },
    { 0xff7ed3b8, kDarkText, QT_TRANSLATE_NOOP("LedgerCurator::StateStyle", "fuzzy") },
    { 0xffc62828, kLightText, QT_TRANSLATE_NOOP("LedgerCurator::StateStyle", "unresolved") },
    { 0xffffb300, kDarkText, QT_TRANSLATE_NOOP("LedgerCurator::StateStyle", "uncertain") },
    { 0xff6a3d9a, kLightText, QT_TRANSLATE_NOOP("LedgerCurator::StateStyle", "malformed") },
    { 0xfff4511e, kDarkText, QT_TRANSLATE_NOOP("LedgerCurator::StateStyle", "mismatch") },
};

// On a dark palette: deeper fills under white text (6.4, 6.6, 7.2, 6.3, 8.5, 6.2), so that the
// badges do not glare on a dark view.
constexpr StateColours kDarkStyles[kResolutionStateCount] = {
    { 0xff2e6b37, kLightText },
    { 0xff00695c, kLightText },
    { 0xffa82222, kLightText },
    { 0xff7a5c00, kLightText },
    { 0xff5e3a8c, kLightText },
    { 0xffad3a12, kLightText },
};

// On a high-contrast palette: bright fills under black text, each at least 7:1.
constexpr QRgb kBlackText = 0xff000000;
constexpr StateColours kHighContrastStyles[kResolutionStateCount] = {
    { 0xff7cff7c, kBlackText },
    { 0xff7ce8ff, kBlackText },
    { 0xffff8a8a, kBlackText },
    { 0xffffff00, kBlackText },
    { 0xffd7b0ff, kBlackText },
    { 0xffffb061, kBlackText },
};

StateColours colours(ResolutionState state, const QPalette &palette)
{
    const int i = static_cast<int>(state);
    Q_ASSERT(i >= 0 && i < kResolutionStateCount);
    if (isHighContrastPalette(palette))
        return kHighContrastStyles[i];
    if (isDarkPalette(palette))
        return kDarkStyles[i];
    return { kStyles[i].fill, kStyles[i].text };
}

const StateStyleEntry &entry(ResolutionState state)
{
    const int i = static_cast<int>(state);
    Q_ASSERT(i >= 0 && i < kResolutionStateCount);
    return kStyles[i];
}

} // namespace

QColor stateColor(ResolutionState state, const QPalette &palette)
{
    return QColor::fromRgb(colours(state, palette).fill);
}

QColor stateTextColor(ResolutionState state, const QPalette &palette)
{
    return QColor::fromRgb(colours(state, palette).text);
}

QString stateShortText(ResolutionState state)
{
    return QCoreApplication::translate("LedgerCurator::StateStyle", entry(state).shortText);
}

} // namespace LedgerCurator
