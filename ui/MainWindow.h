// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMainWindow>

class QLabel;
class QLineEdit;
class QListWidget;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;

namespace LedgerCurator {

class ObservationTableModel;
class Store;

//! The main window: records on the left, the observations of the selected record on the right.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(Store &store, QWidget *parent = nullptr);
    ~MainWindow() override;

    //! Reloads the record list, keeping the selection where possible.
    void reloadRecords();
    //! Shows the record with this arXiv id.
    void selectRecord(const QString &arxivId);

private:
    void createActions();
    void showRecord(const QString &arxivId);
    void importFiles();
    void showError(const QString &message);

    Store &m_store;
    ObservationTableModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QListWidget *m_records = nullptr;
    QTableView *m_table = nullptr;
    QLineEdit *m_filter = nullptr;
    QLabel *m_summary = nullptr;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_emptyState = nullptr;
};

} // namespace LedgerCurator
