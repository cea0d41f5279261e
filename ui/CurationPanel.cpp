// SPDX-License-Identifier: GPL-3.0-or-later
#include "CurationPanel.h"

#include "CurationFieldText.h"

#include "BatchEditPanel.h"
#include "CuratorIdentityDialog.h"
#include "FlowLayout.h"
#include "KeyboardAccess.h"
#include "SuggestionBox.h"
#include "SuggestionProvider.h"

#include "CuratedRecord.h"
#include "CurationFieldInfo.h"
#include "CurationSession.h"
#include "DisplayText.h"
#include "ThemeText.h"
#include "TitleDiff.h"

#include <QAccessible>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace LedgerCurator {

using PanelText::conflictTime;
using PanelText::EditorKind;
using PanelText::editorKind;
using PanelText::editorPlaceholder;
using PanelText::fieldLabel;
using PanelText::fieldName;
using PanelText::shownValue;
using PanelText::valueForDisplay;

namespace {

const QStringList &knownBases()
{
    static const QStringList bases { QStringLiteral("arxiv_id"), QStringLiteral("local_arxiv"),
        QStringLiteral("doi"), QStringLiteral("no resolver link") };
    return bases;
}

} // namespace

CurationPanel::CurationPanel(CurationSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("curationPanel"));
    m_stack = new QStackedWidget(this);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_stack);

    m_emptyLabel = new QLabel(tr("Select an observation in the table to see and correct it.\n\n"
                                 "F8 goes to the next observation that needs attention."),
        this);
    m_emptyLabel->setObjectName(QStringLiteral("panelEmptyState"));
    m_emptyLabel->setAlignment(Qt::AlignCenter);
    m_emptyLabel->setWordWrap(true);
    m_stack->addWidget(m_emptyLabel);

    buildSingle();
    buildMultiple();

    connect(&m_session, &CurationSession::recordChanged, this, [this] { refresh(); });
    connect(&m_session, &CurationSession::recordLoaded, this, [this] { setObservations({}); });
}

CurationPanel::~CurationPanel() = default;

QSize CurationPanel::minimumSizeHint() const
{
    QSize size = QWidget::minimumSizeHint();
    const auto *scroll = findChild<QScrollArea *>(QStringLiteral("panelScroll"));
    if (scroll && scroll->widget()) {
        size.setWidth(std::max(size.width(),
            scroll->widget()->minimumSizeHint().width()
                + scroll->verticalScrollBar()->sizeHint().width() + 2 * scroll->frameWidth()));
    }
    return size;
}

void CurationPanel::buildSingle()
{
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("panelScroll"));
    scroll->setAccessibleName(tr("Correction of the selected observation"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Not a stop of its own: Tab goes to the editors inside, which scroll into view.
    scroll->setFocusPolicy(Qt::NoFocus);
    auto *page = new QWidget(scroll);
    auto *layout = new QVBoxLayout(page);

    m_heading = new QLabel(page);
    m_heading->setObjectName(QStringLiteral("panelHeading"));
    m_heading->setTextFormat(Qt::PlainText);
    m_heading->setWordWrap(true);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    layout->addWidget(m_heading);

    m_context = new QLabel(page);
    m_context->setObjectName(QStringLiteral("panelContext"));
    m_context->setTextFormat(Qt::RichText);
    m_context->setWordWrap(true);
    m_context->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_context);

    // Match suggestions (docs/works.md): above the editors, where the decision is quickest.
    // Typed text kept over a change made elsewhere, and the choice it leaves (PanelDrafts.h).
    m_draftNotice = new DraftNotice(page);
    layout->addWidget(m_draftNotice);
    connect(m_draftNotice, &DraftNotice::useNewValues, this,
        [this](const QList<PanelDrafts::Conflict> &conflicts) {
            m_unsettled.clear();
            for (const PanelDrafts::Conflict &c : conflicts)
                setEditorText(c.field, c.now);
            validate();
        });
    connect(m_draftNotice, &DraftNotice::keepDrafts, this, [this] { m_unsettled.clear(); });

    m_suggestionBox = new SuggestionBox(page);
    m_suggestionBox->hide();
    layout->addWidget(m_suggestionBox);
    connect(m_suggestionBox, &SuggestionBox::acceptRequested, this,
        &CurationPanel::acceptCandidateRequested);
    connect(m_suggestionBox, &SuggestionBox::noneRequested, this, &CurationPanel::noneOfThese);

    auto *fieldsBox = new QGroupBox(tr("Correction (upstream value on the left)"), page);
    auto *grid = new QGridLayout(fieldsBox);
    grid->setColumnStretch(2, 1);
    int gridRow = 0;
    for (CurationField field : kAllCurationFields) {
        const EditorKind kind = editorKind(field);
        if (kind == EditorKind::None)
            continue; // decided with the hint's own buttons, not typed
        FieldRow row;
        row.field = field;
        auto *label = new QLabel(fieldLabel(field), fieldsBox);
        label->setWordWrap(true); // "Identifier (cited work)" in two lines in a narrow panel
        row.upstream = new QLabel(fieldsBox);
        row.upstream->setObjectName(QStringLiteral("upstream-") + curationFieldKey(field));
        row.upstream->setTextFormat(Qt::PlainText);
        setTextTone(row.upstream, TextTone::Muted); // readable: at least 4.5:1 on the panel
        // About 14 characters of the font in use, at any scale and in any language.
        row.upstream->setFixedWidth(row.upstream->fontMetrics().averageCharWidth() * 14);
        switch (kind) {
        case EditorKind::StateChoice: {
            auto *combo = new QComboBox(fieldsBox);
            for (ResolutionState state : kAllResolutionStates)
                combo->addItem(stateDisplayText(state), stateKey(state));
            row.editor = combo;
            connect(combo, &QComboBox::currentIndexChanged, this, &CurationPanel::validate);
            break;
        }
        case EditorKind::BasisChoice: {
            auto *combo = new QComboBox(fieldsBox);
            combo->setEditable(true);
            combo->addItems(knownBases());
            row.editor = combo;
            connect(combo, &QComboBox::currentTextChanged, this, &CurationPanel::validate);
            break;
        }
        case EditorKind::ReviewChoice: {
            auto *combo = new QComboBox(fieldsBox);
            combo->addItem(tr("(not reviewed)"), QString());
            for (const QString &status : reviewStatuses())
                combo->addItem(reviewDisplayText(status), status);
            row.editor = combo;
            connect(combo, &QComboBox::currentIndexChanged, this, &CurationPanel::validate);
            break;
        }
        case EditorKind::CheckBox: {
            auto *box = new QCheckBox(tr("exclude"), fieldsBox);
            row.editor = box;
            connect(box, &QCheckBox::toggled, this, &CurationPanel::validate);
            break;
        }
        case EditorKind::Line:
        case EditorKind::None: {
            auto *edit = new QLineEdit(fieldsBox);
            edit->setClearButtonEnabled(true);
            if (const QString placeholder = editorPlaceholder(field); !placeholder.isEmpty())
                edit->setPlaceholderText(placeholder);
            row.editor = edit;
            connect(edit, &QLineEdit::textChanged, this, &CurationPanel::validate);
            connect(edit, &QLineEdit::returnPressed, this, &CurationPanel::apply);
            break;
        }
        }
        row.editor->setObjectName(QStringLiteral("editor-") + curationFieldKey(field));
        // The panel is narrow: a choice is as wide as the panel gives, not its longest item.
        if (auto *combo = qobject_cast<QComboBox *>(row.editor)) {
            combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
            combo->setMinimumContentsLength(8);
        }
        // The label is the editor's buddy, which names it for screen readers; an editable
        // combo box's line edit takes the focus itself and needs the name too.
        if (auto *combo = qobject_cast<QComboBox *>(row.editor); combo && combo->lineEdit())
            combo->lineEdit()->setAccessibleName(label->text().remove(u'&'));
        label->setBuddy(row.editor);
        // Ctrl+Z undoes the typing in the field, then the last correction (Edit > Undo).
        if (qobject_cast<QLineEdit *>(row.editor) || qobject_cast<QComboBox *>(row.editor))
            KeyboardAccess::passUndoToWindow(row.editor);
        row.problem = new QLabel(fieldsBox);
        row.problem->setObjectName(QStringLiteral("problem-") + curationFieldKey(field));
        row.problem->setTextFormat(Qt::PlainText);
        row.problem->setWordWrap(true);
        setTextTone(row.problem, TextTone::Error);
        row.problem->hide();
        grid->addWidget(label, gridRow, 0);
        grid->addWidget(row.upstream, gridRow, 1);
        grid->addWidget(row.editor, gridRow, 2);
        ++gridRow;
        grid->addWidget(row.problem, gridRow++, 2);
        if (field == CurationField::Identifier) {
            m_identifierHint = new QLabel(fieldsBox);
            m_identifierHint->setObjectName(QStringLiteral("identifierHint"));
            m_identifierHint->setTextFormat(Qt::PlainText);
            m_identifierHint->setWordWrap(true);
            setTextTone(m_identifierHint, TextTone::Muted);
            grid->addWidget(m_identifierHint, gridRow++, 1, 1, 2);
            connect(qobject_cast<QLineEdit *>(row.editor), &QLineEdit::textEdited, this,
                &CurationPanel::suggestStateForIdentifier);
        }
        if (field == CurationField::State) {
            connect(qobject_cast<QComboBox *>(row.editor), &QComboBox::activated, this,
                [this] { m_stateSuggested = false; }); // the curator chose the state
        }
        m_rows.append(row);
    }
    layout->addWidget(fieldsBox);

    m_warning = new QLabel(page);
    m_warning->setObjectName(QStringLiteral("panelWarning"));
    m_warning->setTextFormat(Qt::PlainText);
    m_warning->setWordWrap(true);
    setTextTone(m_warning, TextTone::Error);
    m_warning->hide();
    layout->addWidget(m_warning);

    m_hintsBox = new QGroupBox(tr("Anomaly hints"), page);
    m_hintsBox->setObjectName(QStringLiteral("hintsBox"));
    auto *hintsLayout = new QVBoxLayout(m_hintsBox);
    m_hintsText = new QLabel(m_hintsBox);
    m_hintsText->setObjectName(QStringLiteral("hintsText"));
    m_hintsText->setTextFormat(Qt::PlainText);
    m_hintsText->setWordWrap(true);
    hintsLayout->addWidget(m_hintsText);
    m_dismissHints = new QPushButton(tr("Not a Problem: Dismiss"), m_hintsBox);
    m_dismissHints->setObjectName(QStringLiteral("dismissHintsButton"));
    m_dismissHints->setToolTip(tr("Record that these hints are no problem (for a repeated "
                                  "paper: the observations are different), then go on "
                                  "(Ctrl+Shift+H dismisses and goes to the next)"));
    hintsLayout->addWidget(m_dismissHints, 0, Qt::AlignLeft);
    connect(m_dismissHints, &QPushButton::clicked, this, &CurationPanel::dismissHints);
    layout->addWidget(m_hintsBox);

    auto *buttons = new FlowLayout; // one under the other when the panel is narrow
    m_apply = new QPushButton(tr("Apply"), page);
    m_apply->setObjectName(QStringLiteral("applyButton"));
    m_apply->setToolTip(tr("Record the changed fields as one correction (Ctrl+Return; "
                           "Ctrl+Shift+Return also goes to the next observation that needs "
                           "attention)"));
    m_revert = new QPushButton(tr("Revert to upstream"), page);
    m_revert->setObjectName(QStringLiteral("revertButton"));
    m_revert->setToolTip(tr("Send every corrected field of this observation back to its "
                            "upstream value, as one step (Ctrl+Shift+R)"));
    buttons->addWidget(m_apply);
    buttons->addWidget(m_revert);
    layout->addLayout(buttons);
    connect(m_apply, &QPushButton::clicked, this, &CurationPanel::apply);
    connect(m_revert, &QPushButton::clicked, this, &CurationPanel::revertToUpstream);

    m_conflictBox = new QGroupBox(tr("Conflicting corrections"), page);
    m_conflictBox->setObjectName(QStringLiteral("conflictBox"));
    m_conflictLayout = new QVBoxLayout(m_conflictBox);
    layout->addWidget(m_conflictBox);

    auto *historyBox = new QGroupBox(tr("History"), page);
    auto *historyLayout = new QVBoxLayout(historyBox);
    m_history = new QTreeWidget(historyBox);
    m_history->setObjectName(QStringLiteral("historyView"));
    m_history->setAccessibleName(tr("Correction history"));
    m_history->setRootIsDecorated(false);
    m_history->setHeaderLabels({ tr("When"), tr("Who"), tr("Field"), tr("From"), tr("To") });
    m_history->setMinimumHeight(8 * m_history->fontMetrics().lineSpacing());
    // Every column in sight in the panel's width: who and the field fit their text, when, from
    // and to share the rest (elided in the middle, whole in the tooltip).
    m_history->setTextElideMode(Qt::ElideMiddle);
    m_history->header()->setStretchLastSection(false);
    for (int column : { 1, 2 })
        m_history->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    for (int column : { 0, 3, 4 })
        m_history->header()->setSectionResizeMode(column, QHeaderView::Stretch);
    historyLayout->addWidget(m_history);
    layout->addWidget(historyBox, 1);

    scroll->setWidget(page);
    m_stack->addWidget(scroll);
}

void CurationPanel::buildMultiple()
{
    m_batch = new BatchEditPanel(m_session, this);
    connect(m_batch, &BatchEditPanel::applyRequested, this, &CurationPanel::apply);
    m_stack->addWidget(m_batch);
}

void CurationPanel::setObservations(const QStringList &observationIds)
{
    m_observations = observationIds;
    refresh();
}

void CurationPanel::refresh()
{
    keepDrafts();
    m_shownKey.clear();
    const CuratedRecord &record = m_session.record();
    QStringList present;
    for (const QString &id : std::as_const(m_observations)) {
        if (record.shown.findObservation(id))
            present.append(id);
    }
    m_observations = present;
    if (m_observations.isEmpty()) {
        m_draftNotice->hide();
        m_stack->setCurrentIndex(0);
        return;
    }
    if (m_observations.size() > 1) {
        m_draftNotice->hide();
        m_batch->setObservations(m_observations);
        m_stack->setCurrentIndex(2);
        return;
    }
    const QString id = m_observations.first();
    const Observation *shown = record.shown.findObservation(id);
    const Observation *upstream = record.upstream.findObservation(id);
    m_heading->setText(tr("%1\n%2 · %3")
                           .arg(DisplayText::forTerminal(shown->citingTitle),
                               directionDisplayText(shown->direction), id));
    for (FieldRow &row : m_rows) {
        const QString original = valueForDisplay(row.field, upstreamValue(*upstream, row.field));
        row.upstreamText = original;
        // Long values (titles) are elided to one line; the tooltip holds them whole.
        row.upstream->setText(original.isEmpty() ? tr("(none)")
                                                 : row.upstream->fontMetrics().elidedText(original,
                                                     Qt::ElideRight, row.upstream->width() - 4));
        row.upstream->setToolTip(original);
        setEditorText(row.field, shownValue(*shown, row.field));
        m_baseline[row.field] = editorText(row.field);
    }
    m_shownKey = PanelDrafts::keyOf(record.upstream.arxivId, id);
    m_stateSuggested = false;
    m_identifierHint->setText(shown->direction == Direction::Inbound
            ? tr("The arXiv id or DOI of the work reference %1 of the citing paper points to "
                 "(this record's paper: arXiv:%2).")
                  .arg(shown->reference ? QString::number(*shown->reference) : tr("(no number)"),
                      record.shown.arxivId)
            : tr("The arXiv id or DOI of the work this paper cites: “%1”.")
                  .arg(DisplayText::forTerminal(shown->citedTitle)));
    fillContext(*shown);
    fillSuggestions();
    fillHints();
    fillConflicts();
    fillHistory();
    m_stack->setCurrentIndex(1);
    restoreDrafts();
    validate();
}

void CurationPanel::keepDrafts()
{
    if (m_shownKey.isEmpty() || m_applying)
        return;
    for (const FieldRow &row : std::as_const(m_rows)) {
        const QString text = editorText(row.field);
        const auto unsettled = m_unsettled.find(row.field);
        const QString base
            = unsettled != m_unsettled.end() ? unsettled->second : m_baseline[row.field];
        if (text != m_baseline[row.field] || unsettled != m_unsettled.end())
            m_drafts.keep(m_shownKey, row.field, { base, text });
    }
    m_unsettled.clear();
}

void CurationPanel::restoreDrafts()
{
    QList<PanelDrafts::Conflict> conflicts;
    for (const auto &[field, draft] : m_drafts.take(m_shownKey)) {
        const QString now = m_baseline[field];
        if (now == draft.text)
            continue; // what was typed is what the field shows now: nothing left to apply
        setEditorText(field, draft.text);
        if (now != draft.base) {
            conflicts.append({ field, draft.text, now });
            m_unsettled[field] = draft.base;
        }
    }
    m_draftNotice->showConflicts(conflicts, [](CurationField field) { return fieldName(field); });
}

Result<bool> CurationPanel::applyToSession(
    const QList<FieldEdit> &edits, const QString &description)
{
    m_applying = true;
    auto result = m_session.applyEdits(edits, description);
    m_applying = false;
    if (result && *result) {
        m_drafts.discard(m_shownKey);
        m_unsettled.clear();
        m_draftNotice->hide();
    }
    return result;
}

bool CurationPanel::hasUnappliedText(QStringList *where)
{
    keepDrafts();
    if (where) {
        where->clear();
        for (const QString &key : m_drafts.keys())
            where->append(key.section(u'/', 1));
    }
    return !m_drafts.isEmpty();
}

QString CurationPanel::editorText(CurationField field) const
{
    for (const FieldRow &row : m_rows) {
        if (row.field != field)
            continue;
        if (auto *combo = qobject_cast<QComboBox *>(row.editor))
            return combo->isEditable() ? combo->currentText() : combo->currentData().toString();
        if (auto *box = qobject_cast<QCheckBox *>(row.editor))
            return box->isChecked() ? QStringLiteral("yes") : QStringLiteral("no");
        if (auto *edit = qobject_cast<QLineEdit *>(row.editor))
            return edit->text();
    }
    return {};
}

void CurationPanel::setEditorText(CurationField field, const QString &text)
{
    for (const FieldRow &row : std::as_const(m_rows)) {
        if (row.field != field)
            continue;
        const QSignalBlocker blocker(row.editor);
        if (auto *combo = qobject_cast<QComboBox *>(row.editor)) {
            if (combo->isEditable()) {
                combo->setCurrentText(text);
            } else {
                int index = combo->findData(text);
                if (const auto state = parseState(text);
                    index < 0 && field == CurationField::State && state)
                    index = combo->findData(stateKey(*state));
                if (index < 0)
                    index = combo->findText(text);
                combo->setCurrentIndex(std::max(index, 0));
            }
        } else if (auto *box = qobject_cast<QCheckBox *>(row.editor)) {
            box->setChecked(text == u"yes");
        } else if (auto *edit = qobject_cast<QLineEdit *>(row.editor)) {
            edit->setText(text);
            edit->setCursorPosition(0); // long titles show their beginning
        }
    }
}

QList<FieldEdit> CurationPanel::pendingEdits(QString *error) const
{
    QList<FieldEdit> edits;
    const CuratedRecord &record = m_session.record();
    if (m_observations.size() > 1)
        return m_batch->pendingEdits(error);
    if (m_observations.isEmpty())
        return edits;
    const QString id = m_observations.first();
    const Observation *shown = record.shown.findObservation(id);
    const Observation *upstream = record.upstream.findObservation(id);
    if (!shown || !upstream)
        return edits;
    for (const FieldRow &row : m_rows) {
        const QString text = editorText(row.field);
        if (text == shownValue(*shown, row.field))
            continue; // untouched
        const CurationValue value = normalizeCurationValue(row.field, text, record.upstream, id);
        if (!value.ok()) {
            if (error && error->isEmpty())
                *error = fieldLabel(row.field).remove(u'&') + QStringLiteral(": ") + value.error;
            continue;
        }
        // Typing the upstream value back is the same as sending the field back to upstream.
        std::optional<QString> target = value.value;
        if (target
            && normalizeCurationValue(
                   row.field, upstreamValue(*upstream, row.field), record.upstream, id)
                    .value
                == target
            && !curationFieldInfo(row.field).upstreamValueIsDecision)
            target = std::nullopt;
        edits.append({ id, row.field, target });
    }
    return edits;
}

void CurationPanel::validate()
{
    if (m_observations.size() != 1)
        return; // the batch page checks its own values (BatchEditPanel)
    const CuratedRecord &record = m_session.record();
    const QString id = m_observations.first();
    const Observation *shown = record.shown.findObservation(id);
    bool anyProblem = false;
    bool anyChange = false;
    for (const FieldRow &row : std::as_const(m_rows)) {
        const QString text = editorText(row.field);
        QString problem;
        if (shown && text != shownValue(*shown, row.field)) {
            anyChange = true;
            const CurationValue value
                = normalizeCurationValue(row.field, text, record.upstream, id);
            problem = value.error;
        }
        row.problem->setText(problem);
        row.problem->setVisible(!problem.isEmpty());
        describeEditor(row);
        anyProblem = anyProblem || !problem.isEmpty();
    }
    const QString warning = contradiction();
    const bool noted = !editorText(CurationField::Note).trimmed().isEmpty();
    m_warning->setText(warning.isEmpty() ? QString()
            : noted                      ? tr("%1 Recorded anyway, with your note.").arg(warning)
                    : tr("%1 Give an identifier, or say in the note why it is right, to record it.")
                          .arg(warning));
    m_warning->setVisible(!warning.isEmpty());
    setTextTone(m_warning, noted ? TextTone::Muted : TextTone::Error);
    m_apply->setEnabled(anyChange && !anyProblem && (warning.isEmpty() || noted));
    bool curated = false;
    for (CurationField field : kAllCurationFields) {
        if (const FieldState *state = record.field(id, field);
            state && (state->isCurated() || state->isConflict()))
            curated = true;
    }
    m_revert->setEnabled(curated);
}

void CurationPanel::describeEditor(const FieldRow &row)
{
    QString description = tr("Upstream value: %1")
                              .arg(row.upstreamText.isEmpty() ? tr("(none)") : row.upstreamText);
    if (!row.problem->text().isEmpty())
        description += u'\n' + row.problem->text();
    QList<QWidget *> described { row.editor };
    if (auto *combo = qobject_cast<QComboBox *>(row.editor); combo && combo->lineEdit())
        described.append(combo->lineEdit()); // it has the focus, and speaks for the field
    for (QWidget *widget : std::as_const(described)) {
        if (widget->accessibleDescription() == description)
            continue;
        widget->setAccessibleDescription(description);
        QAccessibleEvent event(widget, QAccessible::DescriptionChanged);
        QAccessible::updateAccessibility(&event);
    }
}

bool CurationPanel::canApply() const
{
    return m_observations.size() > 1 ? m_batch->canApply() : m_apply->isEnabled();
}

bool CurationPanel::apply()
{
    if (m_observations.size() == 1) {
        // The action's shortcut reaches here whatever the button says: the same check.
        if (const QString warning = contradiction();
            !warning.isEmpty() && editorText(CurationField::Note).trimmed().isEmpty()) {
            Q_EMIT messageChanged(tr("Not applied: %1").arg(warning));
            return false;
        }
    }
    QString error;
    const QList<FieldEdit> edits = pendingEdits(&error);
    if (!error.isEmpty()) {
        Q_EMIT messageChanged(tr("Not applied: %1").arg(error));
        return false;
    }
    if (edits.isEmpty())
        return false;
    // Named in "Recorded: ..." only what applyEdits() records: an editor showing the value the
    // field already has (the state's list shows its key, the page its words) records nothing.
    QStringList fields;
    for (const FieldEdit &edit : edits) {
        const FieldState *current = m_session.record().field(edit.observation, edit.field);
        const bool conflict = current && current->isConflict();
        if (!conflict && (current ? current->value() : std::nullopt) == edit.value)
            continue;
        if (!fields.contains(fieldName(edit.field)))
            fields.append(fieldName(edit.field));
    }
    const QString description = m_observations.size() > 1
        ? tr("Set %1 of %Ln observations", nullptr, int(m_observations.size()))
              .arg(fields.join(QStringLiteral(", ")))
        : tr("Correct %1").arg(fields.join(QStringLiteral(", ")));
    return recordStep(edits, description);
}

bool CurationPanel::recordStep(const QList<FieldEdit> &edits, const QString &description)
{
    if (!ensureCuratorIdentity(m_session, this)) {
        Q_EMIT messageChanged(notRecordedWithoutName());
        return false;
    }
    auto result = applyToSession(edits, description);
    if (!result) {
        Q_EMIT messageChanged(result.error().toString());
        return false;
    }
    if (*result) {
        Q_EMIT messageChanged(tr("Recorded: %1.").arg(description));
        Q_EMIT applied();
    }
    refresh();
    return *result;
}

bool CurationPanel::revertToUpstream()
{
    if (m_observations.size() != 1)
        return false;
    const QString id = m_observations.first();
    QList<FieldEdit> edits;
    for (CurationField field : kAllCurationFields) {
        if (const FieldState *state = m_session.record().field(id, field);
            state && (state->isCurated() || state->isConflict()))
            edits.append({ id, field, std::nullopt });
    }
    if (edits.isEmpty())
        return false;
    if (!ensureCuratorIdentity(m_session, this)) {
        Q_EMIT messageChanged(notRecordedWithoutName());
        return false;
    }
    auto result = applyToSession(edits, tr("Revert to upstream"));
    if (!result) {
        Q_EMIT messageChanged(result.error().toString());
        return false;
    }
    Q_EMIT messageChanged(tr("Reverted to the upstream values."));
    Q_EMIT applied();
    return *result;
}

QString CurationPanel::contradiction() const
{
    const auto state = parseState(editorText(CurationField::State));
    if (state
        && verifiedWithoutGrounds(
            *state, editorText(CurationField::Basis), editorText(CurationField::Identifier)))
        return tr("Verified, yet with no resolver link and no identifier: nothing says what the "
                  "link was verified against.");
    return {};
}

void CurationPanel::suggestStateForIdentifier()
{
    if (m_observations.size() != 1)
        return;
    const CuratedRecord &record = m_session.record();
    const QString id = m_observations.first();
    const Observation *shown = record.shown.findObservation(id);
    if (!shown || !stateNeedsAttention(shown->state))
        return;
    const QString state = editorText(CurationField::State);
    if (state != stateKey(shown->state) && !m_stateSuggested)
        return; // the curator chose a state: it stays
    const QString typed = editorText(CurationField::Identifier).trimmed();
    const bool valid = !typed.isEmpty()
        && normalizeCurationValue(CurationField::Identifier, typed, record.upstream, id).ok();
    if (valid && !m_stateSuggested) {
        setEditorText(CurationField::State, stateKey(ResolutionState::VerifiedExact));
        m_stateSuggested = true;
        Q_EMIT messageChanged(tr("State set to verified exact for the identifier given; "
                                 "choose another if the match is not exact."));
    } else if (!valid && m_stateSuggested) {
        setEditorText(CurationField::State, stateKey(shown->state));
        m_stateSuggested = false;
    }
    validate();
}

} // namespace LedgerCurator
