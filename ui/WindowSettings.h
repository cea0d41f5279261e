// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Record.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QSize>
#include <QString>
#include <QTimer>

#include <array>
#include <functional>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QMainWindow;
class QTabWidget;
class QTableView;
class QToolButton;

namespace LedgerCurator {

//! What of the main window is kept in the settings (docs/settings.md, SettingsKeys.h): its size,
//! its splitters and the table's columns, the side tab, the filters, and the record shown last.
//! Written about a second after any of it changes (saveAsChanged()), so that a crash or a kill
//! loses at most that second, and when the window closes; read when it is made; also the
//! layout's defaults, for "Reset Window Layout".
class WindowSettings final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WindowSettings)

public:
    //! The window's widgets whose state is kept.
    struct Widgets
    {
        QMainWindow *window = nullptr;
        QTableView *table = nullptr;
        QTabWidget *sideTabs = nullptr;
        QWidget *correctTab = nullptr;
        QWidget *previewTab = nullptr;
        QLineEdit *filter = nullptr;
        std::array<QToolButton *, kResolutionStateCount> chips {};
        QComboBox *direction = nullptr;
        QCheckBox *attentionOnly = nullptr;
        QCheckBox *curatedOnly = nullptr;
    };

    explicit WindowSettings(const Widgets &widgets, QObject *parent = nullptr);

    //! Notes the layout's defaults, then puts back what save() wrote (each value checked: a
    //! damaged or hand-edited settings file is ignored, value by value). Returns the record to
    //! show first (empty: the first one), if the cache still holds it.
    QString restore();
    //! Writes the layout, the filters and `record` (the one shown or being loaded).
    void save(const QString &record);
    //! From now on, saves (with the record `record()` names) about a second after the window
    //! is moved or resized, a pane, a column, the side tab or a filter changes, or
    //! noteChanged() is called. Call it after restore().
    void saveAsChanged(std::function<QString()> record);
    //! Something kept changed (the record shown): saved about a second from now.
    void noteChanged();
    //! The interval between the last change and the write.
    static constexpr int kSaveDelayMs = 1000;
    //! Puts the window size, the panes and the table's columns back to their defaults.
    void resetLayout();
    //! The splitters take their saved sizes once the window is shown at its restored size:
    //! sizes set before would be spread again over the first resize.
    void restoreSplitters();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void saveNow();

    Widgets m_widgets;
    std::function<QString()> m_record;
    QTimer m_saveTimer;
    bool m_splittersRestored = false; // saved splitter states before then are not the user's
    QSize m_defaultSize;
    QByteArray m_defaultWindowState;
    QByteArray m_defaultHeaderState;
    QHash<QString, QList<int>> m_defaultSplitterSizes;
    QHash<QString, QByteArray> m_pendingSplitterStates; // restored by restoreSplitters()
};

} // namespace LedgerCurator
