// SPDX-License-Identifier: GPL-3.0-or-later
#include "StateStyle.h"

#include <QCoreApplication>

namespace LedgerCurator {

namespace {

struct StateStyleEntry
{
    QRgb fill;
    QRgb text;
    const char *shortText;
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

const StateStyleEntry &entry(ResolutionState state)
{
    const int i = static_cast<int>(state);
    Q_ASSERT(i >= 0 && i < kResolutionStateCount);
    return kStyles[i];
}

} // namespace

QColor stateColor(ResolutionState state)
{
    return QColor::fromRgb(entry(state).fill);
}

QColor stateTextColor(ResolutionState state)
{
    return QColor::fromRgb(entry(state).text);
}

QString stateShortText(ResolutionState state)
{
    return QCoreApplication::translate("LedgerCurator::StateStyle", entry(state).shortText);
}

} // namespace LedgerCurator
