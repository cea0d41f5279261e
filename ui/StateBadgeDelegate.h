// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MeasuringDelegate.h"

#include <QFont>

namespace LedgerCurator {

//! Paints a resolution state as a rounded badge: the fill from stateColor(), the cell's text
//! (DisplayRole) in stateTextColor(). Reads the state from ObservationTableModel::StateRole;
//! cells without one are painted as usual. Excluded rows (ExcludedRole) are drawn faded.
class StateBadgeDelegate final : public MeasuringDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StateBadgeDelegate)

public:
    explicit StateBadgeDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
        const QModelIndex &index) const override;

    //! Where paint() draws the badge for this cell (for tests and tooltips).
    QRect badgeRect(const QStyleOptionViewItem &option, const QModelIndex &index) const;

protected:
    QSize sizeFor(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QString sizeKey(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    //! The widest state's text in m_measuredFont (sizeHint()); -1: not measured yet.
    mutable QFont m_measuredFont;
    mutable int m_widestState = -1;
};

} // namespace LedgerCurator
