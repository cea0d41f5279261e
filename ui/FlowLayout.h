// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLayout>
#include <QList>

namespace LedgerCurator {

//! Lays its items out in a row and wraps them onto further rows when the width runs out (as Qt's
//! flow layout example does): a row of chips or check boxes that never makes the window wider
//! than its widest item.
class FlowLayout final : public QLayout
{
public:
    explicit FlowLayout(int spacing = -1);
    ~FlowLayout() override;
    Q_DISABLE_COPY_MOVE(FlowLayout)

    void addItem(QLayoutItem *item) override;
    int count() const override;
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;

    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    int spacingBetween() const;
    //! Places the items within rect (only measures when apply is false); the height used.
    int arrange(const QRect &rect, bool apply) const;

    QList<QLayoutItem *> m_items;
    int m_spacing = -1;
};

} // namespace LedgerCurator
