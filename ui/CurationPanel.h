// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnomalyHints.h"
#include "CurationLog.h"
#include "PanelDrafts.h"
#include "Result.h"

#include <map>

#include <functional>

#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QKeyEvent;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;
class QTreeWidget;
class QVBoxLayout;

namespace LedgerCurator {
struct Observation;
}

namespace LedgerCurator {

class BatchEditPanel;
class CurationSession;
class SuggestionBox;
class SuggestionProvider;
struct Candidate;

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

    //! As wide as the editors need, so that a pane that respects it never cuts them (the panel
    //! scrolls vertically, not sideways).
    QSize minimumSizeHint() const override;

    //! The observations the panel works on (table selection, in table order).
    void setObservations(const QStringList &observationIds);
    QStringList observations() const { return m_observations; }

    //! Records the edited fields (one undoable step); false when nothing was recorded.
    bool apply();
    //! Sends every corrected field of the selected observation back to upstream.
    bool revertToUpstream();
    bool canApply() const;
    //! Whether text typed in the panel is not applied: in the editors shown, or kept for another
    //! observation (PanelDrafts); the window asks before it quits. `where` gets the
    //! observations (their ids) holding it.
    bool hasUnappliedText(QStringList *where = nullptr);
    //! Dismisses the open anomaly hints of the selected observation (on every observation a
    //! repeated-paper hint names: "these are different"), one undoable step; false when none.
    bool dismissHints();
    //! Shows the selected observation's open hints again (after the table recomputed them).
    void refreshHints();
    //! Where the panel finds the open hints about an observation (the table's).
    void setHintSource(std::function<QList<AnomalyHint>(const QString &)> source)
    {
        m_hintSource = std::move(source);
    }

    //! Where the panel finds the match suggestions of the selected observation (docs/works.md); the
    //! suggestion box shows them, or that they are being looked for, as they come in.
    void setSuggestionProvider(SuggestionProvider *provider);
    //! Records the selected observation's candidate `index` (0-based) as acceptanceEdits() has
    //! it: identifier, state verified fuzzy and note, as one undoable step. False when nothing
    //! was recorded.
    bool acceptCandidate(int index);
    //! Records that none of the selected observation's candidates is the work (the note of
    //! noneOfTheseEdits()), as one undoable step.
    bool noneOfThese();
    //! The candidate a key press in the table accepts (1-5, Enter the first), or -1: only with
    //! one observation selected and its candidates shown.
    int candidateForKey(const QKeyEvent *event) const;
    //! The suggestion box of the single observation's page.
    SuggestionBox *suggestionBox() const { return m_suggestionBox; }

Q_SIGNALS:
    void applied();
    void messageChanged(const QString &message);
    //! The suggestion box asks to accept candidate `index` (a key in its list, Accept, a double
    //! click): the window accepts and moves on (MainWindow::acceptCandidateAndNext()).
    void acceptCandidateRequested(int index);

private:
    struct FieldRow
    {
        CurationField field;
        QLabel *upstream = nullptr;
        QWidget *editor = nullptr;
        QLabel *problem = nullptr;
        QString upstreamText; // whole, for the editor's accessible description
    };
    void buildSingle();
    void buildMultiple();
    void refresh();
    void validate();
    //! The editor's accessible description: its upstream value and, when there is one, why what
    //! was typed is refused; a change is announced (QAccessible::DescriptionChanged).
    void describeEditor(const FieldRow &row);
    QString editorText(CurationField field) const;
    void setEditorText(CurationField field, const QString &text);
    QList<struct FieldEdit> pendingEdits(QString *error) const;
    void fillHistory();
    void fillConflicts();
    //! Records the edits as one step, says so (or why not) and shows the result.
    bool recordStep(const QList<struct FieldEdit> &edits, const QString &description);
    void fillContext(const Observation &shown);
    void fillHints();
    //! The suggestion box for the selected observation, as the provider has its suggestions.
    void fillSuggestions();
    //! With a valid identifier typed on a row still in a problem state, the state editor moves
    //! to verified exact (shown, and changeable): the identifier is the decision.
    void suggestStateForIdentifier();
    //! The warning for a contradictory combination of the edited values (empty when none).
    QString contradiction() const;
    //! Keeps what was typed over the values the editors were filled with (PanelDrafts), before
    //! the editors are filled again.
    void keepDrafts();
    //! Puts the drafts of the observation now shown back into its editors; a field changed
    //! elsewhere meanwhile keeps the draft and is said in the DraftNotice.
    void restoreDrafts();
    //! m_session.applyEdits(), the editors refilled with what it records (no draft kept of them).
    Result<bool> applyToSession(const QList<struct FieldEdit> &edits, const QString &description);

    CurationSession &m_session;
    QStringList m_observations;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_emptyLabel = nullptr;
    // Single observation.
    QLabel *m_heading = nullptr;
    QList<FieldRow> m_rows;
    QLabel *m_context = nullptr; // what is wrong: a mismatch's titles compared
    QLabel *m_identifierHint = nullptr; // what the identifier identifies
    QLabel *m_warning = nullptr; // a contradictory combination
    QGroupBox *m_hintsBox = nullptr;
    QLabel *m_hintsText = nullptr;
    QPushButton *m_dismissHints = nullptr;
    std::function<QList<AnomalyHint>(const QString &)> m_hintSource;
    SuggestionBox *m_suggestionBox = nullptr;
    SuggestionProvider *m_suggestions = nullptr;
    bool m_stateSuggested = false; // the state editor was moved by suggestStateForIdentifier()
    QPushButton *m_apply = nullptr;
    QPushButton *m_revert = nullptr;
    QGroupBox *m_conflictBox = nullptr;
    QVBoxLayout *m_conflictLayout = nullptr;
    QTreeWidget *m_history = nullptr;
    // Several observations.
    BatchEditPanel *m_batch = nullptr;
    // Drafts: what was typed and not applied.
    PanelDrafts m_drafts;
    QString m_shownKey; // PanelDrafts::keyOf() the editors show; empty when they show none
    std::map<CurationField, QString> m_baseline; // the editors' texts as filled
    //! Fields whose draft met a change made elsewhere, not yet settled by the curator: the value
    //! they showed when the typing began (a refresh keeps the conflict, and says it again).
    std::map<CurationField, QString> m_unsettled;
    DraftNotice *m_draftNotice = nullptr;
    bool m_applying = false; // applyToSession() is recording: the editors' text is not a draft
};

} // namespace LedgerCurator
