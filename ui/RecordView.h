// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CuratedRecord.h"
#include "ObservationTableModel.h"

#include <QStackedWidget>

#include <array>
#include <optional>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QMenu;
class QTableView;
class QToolButton;

namespace LedgerCurator {

class FlowLayout;
class ObservationFilterProxy;
class SummaryBar;

//! The middle of the main window: the shown record's heading, its summary bar, the filters and
//! the state chips over its table of observations, and a line saying what the table shows. In
//! its place a message page while a record loads, when there is none, or when it failed.
class RecordView final : public QStackedWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecordView)

public:
    //! Shows `proxy` (over `model`) in the table and filters it with the filter widgets.
    RecordView(
        ObservationTableModel *model, ObservationFilterProxy *proxy, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    QLineEdit *filterEdit() const { return m_filter; }
    QComboBox *directionFilter() const { return m_direction; }
    QCheckBox *attentionFilter() const { return m_attentionOnly; }
    QCheckBox *curatedFilter() const { return m_curatedOnly; }
    const std::array<QToolButton *, kResolutionStateCount> &chips() const { return m_chips; }
    //! The table's columns, each a checkable action that shows or hides it (the header's context
    //! menu, View > Columns).
    QMenu *columnsMenu() const { return m_columnsMenu; }

    //! Puts `banner` between the heading and the summary bar.
    void insertBanner(QWidget *banner);
    //! Shows the message page with `text` instead of a record.
    void showMessage(const QString &text);
    //! The first rows of a large record, while the rest loads: the counts so far, greyed, and
    //! the chips off until the whole record is in (showRecord()).
    void showFirstRows(ObservationTableData data, qsizetype total);
    //! The whole record, from the table data prepared for it when there is some.
    void showRecord(const CuratedRecord &curated, std::optional<ObservationTableData> prepared);
    //! The session holds no record: the table is emptied.
    void clearRecord();
    //! The session's record changed (a correction, an undo): these observations' rows follow.
    void showChange(const CuratedRecord &curated, const QStringList &observations);

    //! The table's current row and scroll position, to keep them over showRecord().
    struct Position
    {
        QString observation;
        int scrolled = 0;
    };
    Position position() const;
    //! Makes the observation of `position` current again, scrolled as it was, if it is shown.
    void restorePosition(const Position &position);
    //! Makes the observation the current row, with the attention filter off so it is shown.
    void selectObservation(const QString &uuid);
    //! Moves the table's current row to the next (or previous) observation needing attention.
    bool goToAttention(bool forward);
    //! The current row's observation; empty when there is none.
    QString currentObservation() const;
    //! Whether the user sized the columns (their widths are kept, not fitted to each record).
    bool columnsSized() const;
    //! Fits the short columns to the record's data until the user sizes one; shows the cited
    //! title for records with outbound references unless the user chose.
    void fitColumns();
    void setColumnsSized(bool sized);
    //! The table header's property saying the user arranged the columns (WindowSettings keeps
    //! the header's state only then, and restoring it sets it).
    static const char *const kArrangedByUser;
    bool currentNeedsAttention() const;
    void clearFilters();

Q_SIGNALS:
    //! A passing message for the status bar.
    void statusMessage(const QString &text, int timeout);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void keepARowSelected(int row, const QString &id);

    void createFilters();
    void createTable();
    void showHeading(const Record &r);
    void elideHeading();
    void setComplete(bool complete);
    void updateSummary();
    void updateChips();
    //! The columns menu's checks follow the columns shown.
    void updateColumnActions();

    ObservationTableModel *m_model = nullptr;
    ObservationFilterProxy *m_proxy = nullptr;
    QTableView *m_table = nullptr;
    bool m_fittingColumns = false;
    bool m_headerPressed = false; // a mouse button is down on the header (the user resizing)
    QLineEdit *m_filter = nullptr;
    QMenu *m_columnsMenu = nullptr;
    std::array<QToolButton *, kResolutionStateCount> m_chips {};
    QComboBox *m_direction = nullptr;
    QCheckBox *m_attentionOnly = nullptr;
    QCheckBox *m_curatedOnly = nullptr;
    QLabel *m_heading = nullptr;
    QString m_headingTitle; // shown elided to the heading's width
    Record m_headingRecord; // its arXiv id, version and date
    static constexpr qsizetype kHeadingTitle = 2000; // characters elided by width, at most
    QLabel *m_filterStatus = nullptr;
    SummaryBar *m_summaryBar = nullptr;
    QLabel *m_messagePage = nullptr;
    QWidget *m_recordPage = nullptr;
    QHBoxLayout *m_filterRow = nullptr; // laid out by the constructor
    FlowLayout *m_chipRow = nullptr;
};

} // namespace LedgerCurator
