// SPDX-License-Identifier: GPL-3.0-or-later
#include "ThemeText.h"

#include "SettingsKeys.h"

#include <QApplication>
#include <QEvent>
#include <QPainter>
#include <QPointer>
#include <QProxyStyle>
#include <QSettings>
#include <QStyleFactory>
#include <QStyleOption>
#include <QWidget>

#include <vector>

namespace LedgerCurator {

namespace {

//! One event filter on the application for every widget that follows the palette: the
//! application hears of each palette change (Kleopatra's palette watcher does the same), while
//! widgets hear of it only in some cases. A single filter keeps the cost off the event path.
class PaletteFollowers final : public QObject
{
public:
    static PaletteFollowers &instance()
    {
        static QPointer<PaletteFollowers> followers;
        if (!followers)
            followers = new PaletteFollowers(qApp);
        return *followers;
    }

    //! Runs apply() now and after each palette change while widget lives. With a key, a later
    //! call for the same widget and key replaces the earlier callback.
    void add(QWidget *widget, std::function<void()> apply, const char *key = nullptr)
    {
        apply();
        if (key) {
            for (Entry &entry : m_entries) {
                if (entry.widget == widget && entry.key == key) {
                    entry.apply = std::move(apply);
                    return;
                }
            }
        }
        m_entries.push_back({ widget, key, std::move(apply) });
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == qApp && event->type() == QEvent::ApplicationPaletteChange) {
            std::erase_if(m_entries, [](const Entry &entry) { return entry.widget.isNull(); });
            for (const Entry &entry : m_entries)
                entry.apply();
        }
        return false;
    }

private:
    explicit PaletteFollowers(QObject *parent)
        : QObject(parent)
    {
        qApp->installEventFilter(this);
    }

    struct Entry
    {
        QPointer<QWidget> widget;
        const char *key;
        std::function<void()> apply;
    };
    std::vector<Entry> m_entries;
};

//! The app's style in high contrast: the style in use, with a line in the text colour round the
//! fields, check boxes, buttons and frames, which Fusion draws in a shade of the window's colour
//! (black on black in a black palette).
class HighContrastStyle final : public QProxyStyle
{
public:
    using QProxyStyle::QProxyStyle;

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
        const QWidget *widget) const override
    {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        switch (element) {
        case PE_FrameLineEdit:
        case PE_IndicatorCheckBox:
        case PE_IndicatorRadioButton:
        case PE_PanelButtonCommand:
        case PE_FrameGroupBox:
        case PE_FrameTabWidget:
            break;
        default:
            return;
        }
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(QPen(option->palette.color(QPalette::WindowText), 1));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(option->rect.adjusted(0, 0, -1, -1));
        painter->restore();
    }
};

//! The name of the style high contrast wraps, to go back to it.
constexpr char kPlainStyle[] = "ledgerCuratorPlainStyle";

} // namespace

void followPalette(QWidget *widget, std::function<void()> apply)
{
    PaletteFollowers::instance().add(widget, std::move(apply));
}

void setTextTone(QWidget *widget, TextTone tone)
{
    static const char kToneKey[] = "tone";
    PaletteFollowers::instance().add(
        widget,
        [widget, tone] {
            QPalette palette = widget->palette();
            const QPalette app = QApplication::palette(widget);
            for (QPalette::ColorRole role : { QPalette::WindowText, QPalette::Text }) {
                palette.setColor(
                    role, tone == TextTone::Normal ? app.color(role) : toneColor(tone, app));
            }
            widget->setPalette(palette);
        },
        kToneKey);
}

void keepPlaceholdersReadable(QWidget *window)
{
    static const char kPlaceholderKey[] = "placeholder";
    PaletteFollowers::instance().add(
        window,
        [window] {
            QPalette palette = window->palette();
            const QColor readable = placeholderColor(QApplication::palette(window));
            for (QPalette::ColorGroup group : { QPalette::Active, QPalette::Inactive })
                palette.setColor(group, QPalette::PlaceholderText, readable);
            window->setPalette(palette);
        },
        kPlaceholderKey);
}

ContrastChoice contrastSetting()
{
    return QSettings().value(SettingsKeys::kContrast).toString() == SettingsKeys::kContrastHigh
        ? ContrastChoice::High
        : ContrastChoice::System;
}

void applyContrast(ContrastChoice choice)
{
    const bool wrapped = dynamic_cast<HighContrastStyle *>(QApplication::style()) != nullptr;
    if (choice == ContrastChoice::High) {
        if (!wrapped) {
            const QString name = QApplication::style()->name();
            qApp->setProperty(kPlainStyle, name);
            QApplication::setStyle(new HighContrastStyle(QStyleFactory::create(name)));
        }
        QApplication::setPalette(highContrastPalette());
        return;
    }
    if (wrapped)
        QApplication::setStyle(QStyleFactory::create(qApp->property(kPlainStyle).toString()));
    // A palette with no role of its own: every role is the system's again, and follows it.
    QPalette system = QApplication::palette();
    system.setResolveMask(0);
    QApplication::setPalette(system);
}

} // namespace LedgerCurator
