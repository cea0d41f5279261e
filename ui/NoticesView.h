// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPointer>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;
class QTableView;
class QTimer;

namespace LedgerCurator {

class BackgroundJob;
class NoticeListFilterProxy;
class NoticeListModel;
class Store;

//! Every standing notice the team knows (listed and withdrawn by the source, including those no
//! cached record concerns yet), one row per notice and record it concerns, with the record's
//! review of it; filters by kind, nature, status, review and record, a search field, sortable
//! columns; Export CSV... writes the rows it shows (docs/notices.md, "Notices view").
class NoticesView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NoticesView)

public:
    explicit NoticesView(Store &store, QWidget *parent = nullptr);
    ~NoticesView() override;

    //! Reads the notices and every record of the cache in the background.
    void reload();
    //! The cache changed: reloads soon when shown (several changes, one reload), else when next
    //! shown.
    void cacheChanged();
    bool isLoading() const { return m_loading; }
    NoticeListModel *model() const { return m_model; }
    NoticeListFilterProxy *proxy() const { return m_proxy; }
    //! Writes the shown rows to `path` as CSV; false (with the error shown) when it failed.
    bool exportCsv(const QString &path);

Q_SIGNALS:
    //! A double click on a row with a record.
    void showRecordRequested(const QString &arxivId);
    void reloaded();
    //! After exportCsv(): whether the file was written.
    void exported(bool ok, const QString &path);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void applyFilters();
    void fillFilterChoices();
    void updateCount();
    void fitColumns();
    void chooseExportFile();

    Store &m_store;
    NoticeListModel *m_model = nullptr;
    NoticeListFilterProxy *m_proxy = nullptr;
    QComboBox *m_kind = nullptr;
    QComboBox *m_nature = nullptr;
    QComboBox *m_status = nullptr;
    QComboBox *m_review = nullptr;
    QComboBox *m_record = nullptr;
    QLineEdit *m_search = nullptr;
    QLabel *m_count = nullptr;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_empty = nullptr;
    QTableView *m_table = nullptr;
    QPushButton *m_export = nullptr;
    QTimer *m_reloadSoon = nullptr;
    QPointer<BackgroundJob> m_job; // the reload running, cancelled by a newer one
    QString m_loadError;
    bool m_loading = false;
    bool m_columnsFitted = false;
    bool m_stale = true; // not read since the cache last changed
    int m_generation = 0;
};

} // namespace LedgerCurator
