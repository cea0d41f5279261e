// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QModelIndex;
class QStackedWidget;
class QTableView;
class QTimer;

namespace LedgerCurator {

class BackgroundJob;
class SearchResultModel;

//! Edit > Search All Records...: a search field over every cached record (searchCache(): titles,
//! observation UUIDs, identifiers and notes, case-folded) and a table of the hits. Activating a
//! hit (double click, Enter) asks the main window to show that record at that observation. The
//! search runs on a worker thread with a Store of its own; a newer search cancels the one
//! running.
class SearchWindow final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SearchWindow)

public:
    explicit SearchWindow(QString cachePath, QWidget *parent = nullptr);
    ~SearchWindow() override;

    //! At most this many hits are listed (all are counted).
    static constexpr qsizetype kShownHits = 5000;

    //! Searches for `text` now (the field shows it).
    void search(const QString &text);
    bool isSearching() const { return m_searching; }
    SearchResultModel *model() const { return m_model; }
    //! Puts the cursor in the search field, its text selected.
    void focusSearchField();
    //! Searches again for the text last searched (the cache may have changed since); nothing
    //! when there was none.
    void refresh();

Q_SIGNALS:
    //! A hit was activated: show `observation` (empty: the record itself) of `record`.
    void observationRequested(const QString &record, const QString &observation);
    //! The hits of a search are shown.
    void searched();

private:
    void startSearch();
    void activate(const QModelIndex &index);

    QString m_cachePath;
    SearchResultModel *m_model = nullptr;
    QLineEdit *m_field = nullptr;
    QLabel *m_status = nullptr;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_empty = nullptr;
    QTableView *m_table = nullptr;
    QTimer *m_typing = nullptr;
    QPointer<BackgroundJob> m_job;
    QString m_searched; // the text of the hits shown
    bool m_searching = false;
    int m_generation = 0;
};

} // namespace LedgerCurator
