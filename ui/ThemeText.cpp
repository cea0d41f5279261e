// SPDX-License-Identifier: GPL-3.0-or-later
#include "ThemeText.h"

#include <QApplication>
#include <QEvent>
#include <QWidget>

namespace LedgerCurator {

namespace {

//! Lives as the widget's child; re-runs its callbacks when the application palette changes.
class PaletteFollower final : public QObject
{
public:
    explicit PaletteFollower(QWidget *widget)
        : QObject(widget)
    {
        setObjectName(QStringLiteral("lc_paletteFollower"));
        // The application itself hears of every palette change (Kleopatra's palette watcher
        // does the same); widgets hear of it only in some cases.
        qApp->installEventFilter(this);
    }

    ~PaletteFollower() override { qApp->removeEventFilter(this); }

    void setApply(const QString &key, std::function<void()> apply)
    {
        for (auto &entry : m_applies) {
            if (entry.first == key) {
                entry.second = std::move(apply);
                entry.second();
                return;
            }
        }
        m_applies.emplace_back(key, std::move(apply));
        m_applies.back().second();
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == qApp && event->type() == QEvent::ApplicationPaletteChange) {
            for (const auto &entry : m_applies)
                entry.second();
        }
        return false;
    }

private:
    std::vector<std::pair<QString, std::function<void()>>> m_applies;
};

PaletteFollower *followerOf(QWidget *widget)
{
    auto *follower = widget->findChild<PaletteFollower *>(QStringLiteral("lc_paletteFollower"),
                                                          Qt::FindDirectChildrenOnly);
    return follower ? follower : new PaletteFollower(widget);
}

} // namespace

void followPalette(QWidget *widget, std::function<void()> apply)
{
    // Each call adds its own callback.
    static int counter = 0;
    followerOf(widget)->setApply(QStringLiteral("custom-%1").arg(++counter), std::move(apply));
}

void setTextTone(QWidget *widget, TextTone tone)
{
    // One tone per widget: a later call replaces the earlier one.
    followerOf(widget)->setApply(QStringLiteral("tone"), [widget, tone] {
        QPalette palette = widget->palette();
        const QPalette app = QApplication::palette(widget);
        for (QPalette::ColorRole role : { QPalette::WindowText, QPalette::Text }) {
            palette.setColor(role, tone == TextTone::Normal ? app.color(role) : toneColor(tone, app));
        }
        widget->setPalette(palette);
    });
}

} // namespace LedgerCurator
