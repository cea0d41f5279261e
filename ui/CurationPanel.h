// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CurationLog.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;
class QTreeWidget;
class QVBoxLayout;

namespace LedgerCurator {

class BatchEditPanel;
class CurationSession;

//! The side panel: the selected observation's upstream and current values, an editor per field,
//! Apply and Revert to upstream, its history and its conflicts. With several observations
//! selected it shows a BatchEditPanel, whose values it records as one undoable step.
class CurationPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CurationPanel)

public:
    explicit CurationPanel(CurationSession &session, QWidget *parent = nullptr);
    ~CurationPanel() override;

    //! The observations the panel works on (table selection, in table order).
    void setObservations(const QStringList &observationIds);
    QStringList observations() const { return m_observations; }

    //! Records the edited fields (one undoable step); false when nothing was recorded.
    bool apply();
    //! Sends every corrected field of the selected observation back to upstream.
    bool revertToUpstream();
    bool canApply() const;

Q_SIGNALS:
    void applied();
    void messageChanged(const QString &message);

private:
    struct FieldRow
    {
        CurationField field;
        QLabel *upstream = nullptr;
        QWidget *editor = nullptr;
        QLabel *problem = nullptr;
    };
    void buildSingle();
    void buildMultiple();
    void refresh();
    void validate();
    QString editorText(CurationField field) const;
    void setEditorText(CurationField field, const QString &text);
    QList<struct FieldEdit> pendingEdits(QString *error) const;
    void fillHistory();
    void fillConflicts();

    CurationSession &m_session;
    QStringList m_observations;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_emptyLabel = nullptr;
    // Single observation.
    QLabel *m_heading = nullptr;
    QList<FieldRow> m_rows;
    QPushButton *m_apply = nullptr;
    QPushButton *m_revert = nullptr;
    QGroupBox *m_conflictBox = nullptr;
    QVBoxLayout *m_conflictLayout = nullptr;
    QTreeWidget *m_history = nullptr;
    // Several observations.
    BatchEditPanel *m_batch = nullptr;
};

} // namespace LedgerCurator
