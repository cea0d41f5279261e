// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "BatchEdit.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace LedgerCurator {

class CurationSession;

//! The correction panel's page for several observations: a value for each field that makes
//! sense on many rows (state, basis, identifier, excluded, note, notice review), each "(leave as
//! is)" until chosen; a line saying what Apply will do, and what is refused for which
//! observation. The CurationPanel records it (one undoable step) through pendingEdits().
class BatchEditPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BatchEditPanel)

public:
    explicit BatchEditPanel(CurationSession &session, QWidget *parent = nullptr);
    ~BatchEditPanel() override;

    //! The observations to change (table order); every field goes back to "(leave as is)".
    void setObservations(const QStringList &observationIds);
    QStringList observations() const { return m_observations; }

    //! The fields chosen, in the panel's order.
    QList<BatchChange> changes() const;
    //! What Apply records; empty with the refusals in `error` when a value is refused for an
    //! observation (nothing is recorded then).
    QList<FieldEdit> pendingEdits(QString *error) const;
    //! A field is chosen, no value is refused and something would change.
    bool canApply() const;
    //! The preview line shown ("Set state on 12 observations, note on 12 observations.").
    QString previewText() const;

Q_SIGNALS:
    void applyRequested();

private:
    //! A text field's editor: a choice of leave as is, set to, clear, and the text.
    struct TextField
    {
        QComboBox *mode = nullptr;
        QLineEdit *edit = nullptr;
    };
    TextField makeTextField(const QString &name, const QString &placeholder);
    void updatePlan();
    QString describeProblems(const BatchPlan &plan) const;

    CurationSession &m_session;
    QStringList m_observations;
    QLabel *m_heading = nullptr;
    QComboBox *m_state = nullptr;
    QComboBox *m_basis = nullptr;
    TextField m_identifier;
    QComboBox *m_excluded = nullptr;
    TextField m_note;
    QComboBox *m_review = nullptr;
    QLabel *m_preview = nullptr;
    QLabel *m_problem = nullptr;
    QPushButton *m_apply = nullptr;
    BatchPlan m_plan;
};

} // namespace LedgerCurator
