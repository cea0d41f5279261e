// SPDX-License-Identifier: GPL-3.0-or-later
#include "FocusRing.h"

#include <QAbstractItemView>
#include <QEvent>
#include <QFocusFrame>
#include <QPainter>
#include <QPointer>

namespace LedgerCurator {

namespace {

constexpr int kRingWidth = 2;

class FocusRing final : public QFocusFrame
{
public:
    explicit FocusRing(QWidget *target)
        : QFocusFrame(target)
        , m_target(target)
    {
        setObjectName(QStringLiteral("focusRing"));
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setFocusPolicy(Qt::NoFocus);
        target->installEventFilter(this);
        follow();
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_target) {
            switch (event->type()) {
            case QEvent::Resize:
            case QEvent::FocusIn:
            case QEvent::FocusOut:
            case QEvent::Show:
            case QEvent::PaletteChange:
                follow();
                break;
            default:
                break;
            }
        }
        return false;
    }

    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        const QColor colour = m_target->palette().color(QPalette::Active, QPalette::Highlight);
        painter.setPen(QPen(colour, kRingWidth));
        painter.setBrush(Qt::NoBrush);
        const qreal half = kRingWidth / 2.0;
        painter.drawRect(QRectF(rect()).adjusted(half, half, -half, -half));
    }

private:
    void follow()
    {
        if (!m_target)
            return;
        setGeometry(m_target->rect());
        const bool focused = m_target->hasFocus();
        setVisible(focused);
        if (focused)
            raise();
        update();
    }

    QPointer<QWidget> m_target;
};

} // namespace

void addFocusRing(QWidget *widget)
{
    if (!widget
        || widget->findChild<QFocusFrame *>(
            QStringLiteral("focusRing"), Qt::FindDirectChildrenOnly))
        return;
    new FocusRing(widget);
}

void addFocusRings(QWidget *root)
{
    const auto views = root->findChildren<QAbstractItemView *>();
    for (QAbstractItemView *view : views) {
        if (view->focusPolicy() != Qt::NoFocus)
            addFocusRing(view);
    }
}

} // namespace LedgerCurator
