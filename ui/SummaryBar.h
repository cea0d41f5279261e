// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Record.h"

#include <QWidget>

#include <array>
#include <optional>

namespace LedgerCurator {

//! Observation counts per resolution state at a glance: a stacked bar whose segments are
//! proportional to the counts (a non-zero count always gets a minimum visible width), each in
//! stateColor() with its count where it fits, above a legend row "■ verified exact 23 ■ ..."
//! that leaves out zero counts. Clicking a segment or a legend entry emits stateClicked().
class SummaryBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SummaryBar)

public:
    //! The narrowest a segment with a non-zero count gets, in pixels (less only when the bar
    //! is too narrow to give every non-zero state that much).
    static constexpr int kMinSegmentWidth = 10;

    explicit SummaryBar(QWidget *parent = nullptr);

    void setCounts(const std::array<int, kResolutionStateCount> &counts);
    std::array<int, kResolutionStateCount> counts() const { return m_counts; }
    int total() const;

    //! "34 observations: 23 verified exact, 6 unresolved, 5 metadata mismatch", or
    //! "No observations"; also the widget's toolTip and accessibleDescription.
    QString summaryText() const;
    //! The state whose bar segment or legend entry is under pos (widget coordinates).
    std::optional<ResolutionState> stateAt(const QPoint &pos) const;
    //! Where the stacked bar is drawn, and where one state's segment is (empty for zero counts).
    QRect barRect() const;
    QRect segmentRect(ResolutionState state) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void stateClicked(LedgerCurator::ResolutionState state);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct LegendEntry
    {
        QRect rect; // swatch and text: the click target; empty when left out
        QRect swatch;
        QString text;
    };
    struct Geometry
    {
        QRect bar;
        std::array<QRect, kResolutionStateCount> segments {};
        std::array<LegendEntry, kResolutionStateCount> legend {};
        QRect more; // "…" after the legend when entries were left out
    };
    Geometry geometry() const;
    QString legendText(ResolutionState state, bool shortText) const;
    int legendWidth(bool shortText) const;
    int barHeight() const;
    QString segmentToolTip(ResolutionState state) const;
    void updateDescriptions();

    std::array<int, kResolutionStateCount> m_counts {};
};

} // namespace LedgerCurator
