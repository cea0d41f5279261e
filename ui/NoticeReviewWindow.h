// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CuratedRecord.h"
#include "Notices.h"

#include <QHash>
#include <QWidget>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;
class QTreeView;

namespace LedgerCurator {

class NoticeReviewModel;
class Store;

//! Every notice across the records of the cache with the observations it touches, newest first;
//! filters by kind and review status; a review status and a note recorded once per record and
//! notice, covering all of its observations (as events, by the main window, so they are
//! undoable and sync).
class NoticeReviewWindow final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NoticeReviewWindow)

public:
    explicit NoticeReviewWindow(Store &store, QWidget *parent = nullptr);
    ~NoticeReviewWindow() override;

    //! Reads every record of the cache in the background.
    void reload();
    //! Replaces the groups of one record (after a correction), keeping the selection.
    void updateRecord(const CuratedRecord &record);
    bool isLoading() const { return m_loading; }
    NoticeReviewModel *model() const { return m_model; }
    //! Adds buttons for actions of the main window (undo, redo).
    //! Empties the note field (after the review it went with was recorded).
    void clearNote();
    void addToolActions(const QList<QAction *> &actions);

Q_SIGNALS:
    void reviewRequested(const QList<LedgerCurator::NoticeReviewTarget> &targets,
        const QString &status, const QString &note);
    void showRequested(const QString &record, const QString &observation);
    void reloaded();

private:
    void rebuildModel();
    void updateButtons();
    void recordReview();
    QList<NoticeTouch> selectedTouches() const;
    QList<NoticeReviewTarget> selectedTargets() const;

    Store &m_store;
    NoticeReviewModel *m_model = nullptr;
    QHash<QString, QList<NoticeGroup>> m_byRecord;
    QComboBox *m_kind = nullptr;
    QComboBox *m_reviewFilter = nullptr;
    QLabel *m_count = nullptr;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_empty = nullptr;
    QTreeView *m_tree = nullptr;
    QComboBox *m_status = nullptr;
    QLineEdit *m_note = nullptr;
    QPushButton *m_record = nullptr;
    QPushButton *m_show = nullptr;
    QHBoxLayout *m_tools = nullptr;
    bool m_loading = false;
    int m_generation = 0;
};

} // namespace LedgerCurator
