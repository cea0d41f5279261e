// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QGuiApplication>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace LedgerCurator {

//! The few colours the app chooses itself (everything else comes from the palette), each in a
//! light and a dark variant so that it stays readable (contrast at least 4.5:1, WCAG AA) on the
//! system's light or dark palette. Colour never carries meaning alone: every coloured text also
//! says what it means in words ("⚠ Retracted", "excluded", the problem itself).
enum class TextTone { Normal, Error, Success, Muted };

//! Whether the palette is a dark one (light text on a dark window).
inline bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightnessF() < 0.5;
}

inline QColor toneColor(TextTone tone, const QPalette &palette)
{
    const bool dark = isDarkPalette(palette);
    switch (tone) {
    case TextTone::Error:
        return dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x00, 0x20);
    case TextTone::Success:
        return dark ? QColor(0x81, 0xc9, 0x95) : QColor(0x1b, 0x6e, 0x20);
    case TextTone::Muted:
        return dark ? QColor(0xa8, 0xa8, 0xa8) : QColor(0x6b, 0x6b, 0x6b);
    case TextTone::Normal:
        break;
    }
    return palette.color(QPalette::Text);
}

//! toneColor() on the application's palette (for models, which have no widget).
inline QColor toneColor(TextTone tone)
{
    return toneColor(tone, QGuiApplication::palette());
}

//! The retraction banner's colours: background, border, text.
struct BannerColors
{
    QColor background;
    QColor border;
    QColor text;
};

inline BannerColors warningBannerColors(const QPalette &palette)
{
    if (isDarkPalette(palette))
        return { QColor(0x4a, 0x10, 0x16), QColor(0xff, 0x8a, 0x80), QColor(0xff, 0xda, 0xd6) };
    return { QColor(0xfb, 0xd5, 0xd5), QColor(0xa0, 0x00, 0x20), QColor(0x5a, 0x00, 0x10) };
}

//! WCAG relative luminance and contrast ratio (1 to 21), for tests and assertions.
inline double relativeLuminance(const QColor &color)
{
    auto channel
        = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF())
        + 0.0722 * channel(color.blueF());
}

inline double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace LedgerCurator
