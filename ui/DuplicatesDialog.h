// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QStringList>

class QButtonGroup;
class QLabel;
class QPushButton;
class QTableWidget;

namespace LedgerCurator {

class CurationSession;

//! Observations compared side by side, as JabRef's merge-entries dialog compares entries: one
//! column per observation, one row per field, the fields that differ marked and highlighted.
//! "Mark as Duplicates" records duplicate-of = the kept one on every other one; "These Are
//! Different" dismisses their repeated citing paper hint; each is one undoable step.
class DuplicatesDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DuplicatesDialog)

public:
    //! Compares `observations` of the session's record (at least two of them, table order).
    DuplicatesDialog(
        CurationSession &session, const QStringList &observations, QWidget *parent = nullptr);
    ~DuplicatesDialog() override;

    QStringList observations() const { return m_observations; }
    //! The observation to keep (the default one until another is chosen).
    QString kept() const;
    void setKept(const QString &observation);

    //! Records the others as duplicates of the kept one; false (with the reason shown) when
    //! nothing was recorded. Closes the dialog when done.
    bool markAsDuplicates();
    //! Records that the observations are different; false when nothing was recorded.
    bool markAsDifferent();

Q_SIGNALS:
    //! A step was recorded: its description, for the status bar.
    void recorded(const QString &description);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void fillTable();
    void updateKept();
    void applyColours();
    bool record(const QList<struct FieldEdit> &edits, const QString &description);

    CurationSession &m_session;
    QStringList m_observations;
    QList<int> m_differingRows; // table rows whose values differ
    QList<std::pair<int, int>> m_emptyCells; // (row, column) of the values shown as "(none)"
    QLabel *m_outcome = nullptr;
    QLabel *m_message = nullptr;
    QTableWidget *m_table = nullptr;
    QButtonGroup *m_keep = nullptr;
    QPushButton *m_markButton = nullptr;
    QPushButton *m_differentButton = nullptr;
};

} // namespace LedgerCurator
