// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QGuiApplication>
#include <QPalette>

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

namespace LedgerCurator {

//! The few colours the app chooses itself (everything else comes from the palette), each
//! derived from the palette in use so that it stays readable (contrast at least 4.5:1, WCAG AA)
//! on every background it can sit on: the views' rows (Base, AlternateBase) and the window, in
//! the system's light or dark palette and in the high-contrast one (highContrastPalette()).
//! Colour never carries meaning alone: every coloured text also says what it means in words
//! ("⚠ Retracted", "excluded", the problem itself).
enum class TextTone { Normal, Error, Success, Muted };

//! The least contrast of text the app draws itself against its background (WCAG AA).
inline constexpr double kMinTextContrast = 4.5;

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

//! Whether the palette is a dark one (light text on a dark window).
inline bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightnessF() < 0.5;
}

//! Whether the palette is a high-contrast one (the app's own, or the system's): text on the
//! window and on the views at least 15:1, and a selection that stands out from the views.
inline bool isHighContrastPalette(const QPalette &palette)
{
    return contrastRatio(palette.color(QPalette::WindowText), palette.color(QPalette::Window)) >= 15
        && contrastRatio(palette.color(QPalette::Text), palette.color(QPalette::Base)) >= 15
        && contrastRatio(palette.color(QPalette::Highlight), palette.color(QPalette::Base)) >= 7;
}

//! The backgrounds text in the app's own colours is drawn on: the views' rows and the window.
inline std::array<QColor, 3> textBackgrounds(const QPalette &palette)
{
    return { palette.color(QPalette::Base), palette.color(QPalette::AlternateBase),
        palette.color(QPalette::Window) };
}

//! The least contrast of text against any of the backgrounds.
inline double lowestContrast(const QColor &text, std::span<const QColor> backgrounds)
{
    double lowest = 21.0;
    for (const QColor &background : backgrounds)
        lowest = std::min(lowest, contrastRatio(text, background));
    return lowest;
}

//! preferred, mixed towards white or black (keeping its hue) as little as it takes to reach
//! `minimum` against every background; black or white, whichever does better, when no mix does.
inline QColor readableOn(
    const QColor &preferred, std::span<const QColor> backgrounds, double minimum = kMinTextContrast)
{
    if (lowestContrast(preferred, backgrounds) >= minimum)
        return preferred;
    const QColor start = preferred.toRgb();
    auto mix = [&start](const QColor &to, double t) {
        return QColor::fromRgbF(float(start.redF() + (to.redF() - start.redF()) * t),
            float(start.greenF() + (to.greenF() - start.greenF()) * t),
            float(start.blueF() + (to.blueF() - start.blueF()) * t));
    };
    const QColor white(Qt::white);
    const QColor black(Qt::black);
    for (int step = 1; step <= 50; ++step) {
        const double t = step / 50.0;
        for (const QColor &to : { white, black }) {
            const QColor candidate = mix(to, t);
            // QColor keeps 16 bits a channel; what is drawn has 8: check what will be drawn.
            const QColor drawn = QColor::fromRgb(candidate.rgb());
            if (lowestContrast(drawn, backgrounds) >= minimum)
                return drawn;
        }
    }
    return lowestContrast(white, backgrounds) >= lowestContrast(black, backgrounds) ? white : black;
}

//! The tone's colour on the palette: readable on the views' rows and on the window.
inline QColor toneColor(TextTone tone, const QPalette &palette)
{
    const bool dark = isDarkPalette(palette);
    const auto backgrounds = textBackgrounds(palette);
    switch (tone) {
    case TextTone::Error:
        return readableOn(dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x00, 0x20), backgrounds);
    case TextTone::Success:
        return readableOn(dark ? QColor(0x81, 0xc9, 0x95) : QColor(0x1b, 0x6e, 0x20), backgrounds);
    case TextTone::Muted:
        if (isHighContrastPalette(palette))
            return palette.color(QPalette::Text); // nothing is dimmed in high contrast
        return readableOn(dark ? QColor(0xa8, 0xa8, 0xa8) : QColor(0x6b, 0x6b, 0x6b), backgrounds);
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

//! color drawn over background: a translucent colour as the eye sees it.
inline QColor composedOver(const QColor &color, const QColor &background)
{
    const float a = color.alphaF();
    return QColor::fromRgbF(color.redF() * a + background.redF() * (1 - a),
        color.greenF() * a + background.greenF() * (1 - a),
        color.blueF() * a + background.blueF() * (1 - a));
}

//! The palette's placeholder text colour (often translucent: Fusion's is the text at half
//! strength, 4:1), made opaque and readable on the views and the window.
inline QColor placeholderColor(const QPalette &palette)
{
    const QColor opaque
        = composedOver(palette.color(QPalette::PlaceholderText), palette.color(QPalette::Base));
    return readableOn(QColor::fromRgb(opaque.rgb()), textBackgrounds(palette));
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
    if (isHighContrastPalette(palette)) {
        // The palette's own window and text, and a border of the selection's colour.
        return { palette.color(QPalette::Window), palette.color(QPalette::Highlight),
            palette.color(QPalette::WindowText) };
    }
    if (isDarkPalette(palette))
        return { QColor(0x4a, 0x10, 0x16), QColor(0xff, 0x8a, 0x80), QColor(0xff, 0xda, 0xd6) };
    return { QColor(0xfb, 0xd5, 0xd5), QColor(0xa0, 0x00, 0x20), QColor(0x5a, 0x00, 0x10) };
}

//! The high-contrast palette of Settings > Contrast: white text on black, a yellow selection.
inline QPalette highContrastPalette()
{
    const QColor black(0x00, 0x00, 0x00);
    const QColor white(0xff, 0xff, 0xff);
    const QColor raised(0x1c, 0x1c, 0x1c); // buttons and alternate rows, told apart from the window
    const QColor yellow(0xff, 0xff, 0x00);
    const QColor grey(0xc8, 0xc8, 0xc8);
    QPalette p;
    for (QPalette::ColorGroup group :
        { QPalette::Active, QPalette::Inactive, QPalette::Disabled }) {
        const bool disabled = group == QPalette::Disabled;
        const QColor text = disabled ? QColor(0xa0, 0xa0, 0xa0) : white;
        p.setColor(group, QPalette::Window, black);
        p.setColor(group, QPalette::WindowText, text);
        p.setColor(group, QPalette::Base, black);
        p.setColor(group, QPalette::AlternateBase, raised);
        p.setColor(group, QPalette::Text, text);
        p.setColor(group, QPalette::Button, raised);
        p.setColor(group, QPalette::ButtonText, text);
        p.setColor(group, QPalette::BrightText, yellow);
        p.setColor(group, QPalette::Highlight, disabled ? grey : yellow);
        p.setColor(group, QPalette::HighlightedText, black);
        p.setColor(group, QPalette::Link, QColor(0x80, 0xd8, 0xff));
        p.setColor(group, QPalette::LinkVisited, QColor(0xe0, 0xb0, 0xff));
        p.setColor(group, QPalette::PlaceholderText, grey);
        p.setColor(group, QPalette::ToolTipBase, black);
        p.setColor(group, QPalette::ToolTipText, white);
        p.setColor(group, QPalette::Light, white);
        p.setColor(group, QPalette::Midlight, grey);
        p.setColor(group, QPalette::Mid, grey);
        p.setColor(group, QPalette::Dark, grey);
        p.setColor(group, QPalette::Shadow, white);
    }
    return p;
}

} // namespace LedgerCurator
