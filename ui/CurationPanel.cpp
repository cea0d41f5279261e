// SPDX-License-Identifier: GPL-3.0-or-later
#include "CurationPanel.h"

#include "BatchEditPanel.h"
#include "CuratorIdentityDialog.h"
#include "SuggestionBox.h"
#include "SuggestionProvider.h"

#include "CuratedRecord.h"
#include "CurationSession.h"
#include "DisplayText.h"
#include "ThemeText.h"
#include "TitleDiff.h"

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
#include <QStackedWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace LedgerCurator {

namespace {

const QStringList &knownBases()
{
    static const QStringList bases { QStringLiteral("arxiv_id"), QStringLiteral("local_arxiv"),
        QStringLiteral("doi"), QStringLiteral("no resolver link") };
    return bases;
}

//! A correction's time on a conflict button: the locale's date and time, or as stored to the
//! minute.
QString conflictTime(const QString &createdAt)
{
    const QString when = displayDateTime(createdAt);
    return when == createdAt ? createdAt.left(16).replace(u'T', u' ') : when;
}

//! A field's name in the history, conflicts and undo texts ("state", as the log writes it, in
//! English).
QString fieldName(CurationField field)
{
    switch (field) {
    case CurationField::State:
        return CurationPanel::tr("state", "correction field");
    case CurationField::Basis:
        return CurationPanel::tr("basis", "correction field");
    case CurationField::Identifier:
        return CurationPanel::tr("identifier", "correction field");
    case CurationField::Title:
        return CurationPanel::tr("title", "correction field");
    case CurationField::Reference:
        return CurationPanel::tr("reference", "correction field");
    case CurationField::Note:
        return CurationPanel::tr("note", "correction field");
    case CurationField::DuplicateOf:
        return CurationPanel::tr("duplicate-of", "correction field");
    case CurationField::Excluded:
        return CurationPanel::tr("excluded", "correction field");
    case CurationField::Review:
        return CurationPanel::tr("review", "correction field");
    case CurationField::ReviewNote:
        return CurationPanel::tr("review-note", "correction field");
    case CurationField::DismissedHints:
        return CurationPanel::tr("dismissed hints", "correction field");
    }
    return curationFieldKey(field);
}

//! A field value as the panel shows it: states, review statuses, yes and no translated.
QString valueForDisplay(CurationField field, const QString &value)
{
    switch (field) {
    case CurationField::State:
        if (const auto state = parseState(value))
            return stateDisplayText(*state);
        break;
    case CurationField::Review:
        if (!value.isEmpty())
            return reviewDisplayText(value);
        break;
    case CurationField::Excluded:
        if (value == u"yes")
            return CurationPanel::tr("yes");
        if (value == u"no")
            return CurationPanel::tr("no");
        break;
    default:
        break;
    }
    // Data shown (not edited): controls and bidi characters as tokens, so that a U+202E in a
    // value cannot reverse the label or the history line it is in (docs/rendering.md).
    return DisplayText::forTerminal(value);
}

QString fieldLabel(CurationField field)
{
    switch (field) {
    case CurationField::State:
        return CurationPanel::tr("&State");
    case CurationField::Basis:
        return CurationPanel::tr("&Basis");
    case CurationField::Identifier:
        return CurationPanel::tr("&Identifier (cited work)");
    case CurationField::Title:
        return CurationPanel::tr("Citing &title");
    case CurationField::Reference:
        return CurationPanel::tr("&Reference");
    case CurationField::Note:
        return CurationPanel::tr("&Note");
    case CurationField::DuplicateOf:
        return CurationPanel::tr("&Duplicate of");
    case CurationField::Excluded:
        return CurationPanel::tr("E&xcluded");
    case CurationField::Review:
        return CurationPanel::tr("Notice re&view");
    case CurationField::ReviewNote:
        return CurationPanel::tr("Review n&ote");
    case CurationField::DismissedHints:
        return CurationPanel::tr("Dismissed hints");
    }
    return {};
}

//! The value an editor shows for a field of the shown observation.
QString shownValue(const Observation &o, CurationField field)
{
    switch (field) {
    case CurationField::State:
        // As the state editor gives it (its item data): the key, "verified_exact", not the
        // page's "verified exact", or every state with a space would look edited.
        return stateKey(o.state);
    case CurationField::Basis:
        return o.basis;
    case CurationField::Identifier:
        return o.curation.identifier;
    case CurationField::Title:
        return o.citingTitle;
    case CurationField::Reference:
        return o.reference ? QString::number(*o.reference) : QString();
    case CurationField::Note:
        return o.curation.note;
    case CurationField::DuplicateOf:
        return o.curation.duplicateOf;
    case CurationField::Excluded:
        return o.curation.excluded ? QStringLiteral("yes") : QStringLiteral("no");
    case CurationField::Review:
        return o.curation.review;
    case CurationField::ReviewNote:
        return o.curation.reviewNote;
    case CurationField::DismissedHints:
        return o.curation.dismissedHints.join(u' ');
    }
    return {};
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

void CurationPanel::buildSingle()
{
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("panelScroll"));
    scroll->setAccessibleName(tr("Correction of the selected observation"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
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
        if (field == CurationField::DismissedHints)
            continue; // decided with the hint's own buttons, not typed
        FieldRow row;
        row.field = field;
        auto *label = new QLabel(fieldLabel(field), fieldsBox);
        label->setWordWrap(true); // "Identifier (cited work)" in two lines in a narrow panel
        row.upstream = new QLabel(fieldsBox);
        row.upstream->setObjectName(QStringLiteral("upstream-") + curationFieldKey(field));
        row.upstream->setTextFormat(Qt::PlainText);
        row.upstream->setStyleSheet(QStringLiteral("color: palette(mid);"));
        row.upstream->setFixedWidth(100);
        switch (field) {
        case CurationField::State: {
            auto *combo = new QComboBox(fieldsBox);
            for (ResolutionState state : kAllResolutionStates)
                combo->addItem(stateDisplayText(state), stateKey(state));
            row.editor = combo;
            connect(combo, &QComboBox::currentIndexChanged, this, &CurationPanel::validate);
            break;
        }
        case CurationField::Basis: {
            auto *combo = new QComboBox(fieldsBox);
            combo->setEditable(true);
            combo->addItems(knownBases());
            row.editor = combo;
            connect(combo, &QComboBox::currentTextChanged, this, &CurationPanel::validate);
            break;
        }
        case CurationField::Review: {
            auto *combo = new QComboBox(fieldsBox);
            combo->addItem(tr("(not reviewed)"), QString());
            for (const QString &status : reviewStatuses())
                combo->addItem(reviewDisplayText(status), status);
            row.editor = combo;
            connect(combo, &QComboBox::currentIndexChanged, this, &CurationPanel::validate);
            break;
        }
        case CurationField::Excluded: {
            auto *box = new QCheckBox(tr("exclude"), fieldsBox);
            row.editor = box;
            connect(box, &QCheckBox::toggled, this, &CurationPanel::validate);
            break;
        }
        default: {
            auto *edit = new QLineEdit(fieldsBox);
            edit->setClearButtonEnabled(true);
            if (field == CurationField::Identifier)
                edit->setPlaceholderText(tr("arXiv id or DOI, e.g. 2205.01068 or 10.1234/abc"));
            if (field == CurationField::DuplicateOf)
                edit->setPlaceholderText(tr("UUID of the observation this one repeats"));
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
    m_dismissHints = new QPushButton(tr("Not a Problem: &Dismiss"), m_hintsBox);
    m_dismissHints->setObjectName(QStringLiteral("dismissHintsButton"));
    m_dismissHints->setToolTip(tr("Record that these hints are no problem (for a repeated "
                                  "paper: the observations are different), then go on "
                                  "(Ctrl+Shift+H dismisses and goes to the next)"));
    hintsLayout->addWidget(m_dismissHints, 0, Qt::AlignLeft);
    connect(m_dismissHints, &QPushButton::clicked, this, &CurationPanel::dismissHints);
    layout->addWidget(m_hintsBox);

    auto *buttons = new QHBoxLayout;
    m_apply = new QPushButton(tr("&Apply"), page);
    m_apply->setObjectName(QStringLiteral("applyButton"));
    m_apply->setToolTip(tr("Record the changed fields as one correction (Ctrl+Return; "
                           "Ctrl+Shift+Return also goes to the next observation that needs "
                           "attention)"));
    m_revert = new QPushButton(tr("Revert to &upstream"), page);
    m_revert->setObjectName(QStringLiteral("revertButton"));
    buttons->addWidget(m_apply);
    buttons->addWidget(m_revert);
    buttons->addStretch();
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
    m_history->setMinimumHeight(140);
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
    for (const FieldRow &row : std::as_const(m_rows)) {
        const QString original = valueForDisplay(row.field, upstreamValue(*upstream, row.field));
        // Long values (titles) are elided to one line; the tooltip holds them whole.
        row.upstream->setText(original.isEmpty()
                ? tr("(none)")
                : row.upstream->fontMetrics().elidedText(original, Qt::ElideRight, 96));
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
            && row.field != CurationField::Excluded)
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

namespace {

QString markedTitle(const QList<TitlePart> &parts, TitlePart::Kind own)
{
    QString html;
    for (const TitlePart &part : parts) {
        if (part.kind != TitlePart::Kind::Same && part.kind != own)
            continue;
        if (!html.isEmpty())
            html += u' ';
        const QString text = DisplayText::forTerminal(part.text).toHtmlEscaped();
        html += part.kind == own ? QStringLiteral("<u><b>%1</b></u>").arg(text) : text;
    }
    return html;
}

} // namespace

void CurationPanel::fillContext(const Observation &shown)
{
    const CuratedRecord &record = m_session.record();
    QString html;
    switch (shown.state) {
    case ResolutionState::MetadataMismatch:
        if (shown.direction == Direction::Inbound) {
            const QString cited = shown.citedTitle;
            const QString own = record.shown.title;
            if (sameTitleWords(cited, own)) {
                html = tr("<b>Metadata mismatch.</b> The citing paper's reference gives this "
                          "record's title word for word, so the mismatch is in what the page "
                          "does not show (authors, year or venue): check reference %1 in the "
                          "citing paper.")
                           .arg(shown.reference ? QString::number(*shown.reference)
                                                : tr("(no number)"));
            } else {
                const QList<TitlePart> parts = compareTitles(cited, own);
                html = tr("<b>Metadata mismatch.</b> Words that differ are underlined.<br>"
                          "As the citing paper gives it: %1<br>This record's title: %2")
                           .arg(markedTitle(parts, TitlePart::Kind::OnlyFirst),
                               markedTitle(parts, TitlePart::Kind::OnlySecond));
            }
        } else {
            html = tr("<b>Metadata mismatch.</b> This paper cites “%1”; the resolved work's "
                      "metadata differs. Check the identifier against the cited work.")
                       .arg(DisplayText::forTerminal(shown.citedTitle).toHtmlEscaped());
        }
        break;
    case ResolutionState::Unresolved:
        html = tr("<b>Unresolved.</b> No resolver found the cited work: give its identifier "
                  "below.");
        break;
    case ResolutionState::MalformedIdentifier:
        html = tr("<b>Malformed identifier.</b> The reference names an identifier that is no "
                  "valid arXiv id or DOI: give the right one below.");
        break;
    case ResolutionState::ParseUncertain:
        html = tr("<b>Parse uncertain.</b> The reference could not be read with certainty: "
                  "check it in the citing paper.");
        break;
    default:
        break;
    }
    m_context->setText(html);
    m_context->setVisible(!html.isEmpty());
}

void CurationPanel::setSuggestionProvider(SuggestionProvider *provider)
{
    m_suggestions = provider;
    connect(provider, &SuggestionProvider::suggestionsChanged, this,
        [this](const QStringList &observations) {
            if (m_observations.size() == 1 && m_stack->currentIndex() == 1
                && (observations.isEmpty() || observations.contains(m_observations.first())))
                fillSuggestions();
        });
}

namespace {
QString noIndexText()
{
    return CurationPanel::tr(
        "No works index yet: File > Import Works List... or `ledger-curator works import FILE`");
}
} // namespace

void CurationPanel::fillSuggestions()
{
    const Observation *shown = m_observations.size() == 1
        ? m_session.record().shown.findObservation(m_observations.first())
        : nullptr;
    if (!m_suggestions || !shown || !SuggestionProvider::wantsSuggestions(*shown)) {
        m_suggestionBox->hide();
        return;
    }
    const QString id = shown->id;
    switch (m_suggestions->status(id)) {
    case SuggestionProvider::Status::NotWanted:
        m_suggestionBox->hide();
        return;
    case SuggestionProvider::Status::Pending:
        m_suggestions->prioritize(id);
        m_suggestionBox->showLooking();
        break;
    case SuggestionProvider::Status::IndexEmpty:
        m_suggestionBox->showMessage(noIndexText(), false);
        break;
    case SuggestionProvider::Status::Failed:
        m_suggestionBox->showMessage(
            tr("Suggestions unavailable: %1").arg(m_suggestions->error()), false);
        break;
    case SuggestionProvider::Status::Ready:
        if (const ObservationSuggestions *s = m_suggestions->suggestions(id)) {
            m_suggestionBox->showSuggestions(*s);
            if (s->candidates.isEmpty() && s->error.isEmpty() && !m_suggestions->hasImportedLists())
                m_suggestionBox->showMessage(noIndexText(), false);
        }
        break;
    }
    m_suggestionBox->show();
}

int CurationPanel::candidateForKey(const QKeyEvent *event) const
{
    if (m_observations.size() != 1 || m_stack->currentIndex() != 1 || !m_suggestionBox->isVisible())
        return -1;
    return m_suggestionBox->candidateForKey(event, false);
}

bool CurationPanel::acceptCandidate(int index)
{
    if (m_observations.size() != 1 || !m_suggestionBox->hasCandidates())
        return false;
    const QList<Candidate> &candidates = m_suggestionBox->candidates();
    if (index < 0 || index >= candidates.size())
        return false;
    const CuratedRecord &record = m_session.record();
    const Observation *shown = record.shown.findObservation(m_observations.first());
    if (!shown || m_suggestionBox->suggestions().observation != shown->id)
        return false;
    const Candidate candidate = candidates.at(index); // the box is refilled by the step
    QString error;
    const QList<FieldEdit> edits
        = checkedSuggestionEdits(record, acceptanceEdits(record, *shown, candidate), &error);
    if (!error.isEmpty()) {
        Q_EMIT messageChanged(tr("Not accepted: %1").arg(error));
        return false;
    }
    const QString score = QString::number(candidate.score, 'f', 0);
    return recordStep(edits,
        shown->direction == Direction::Inbound
            ? tr("Accept citing paper %1 (score %2)").arg(candidate.id, score)
            : tr("Accept %1 (score %2)").arg(candidate.id, score));
}

bool CurationPanel::noneOfThese()
{
    if (m_observations.size() != 1 || !m_suggestionBox->isVisible())
        return false;
    const CuratedRecord &record = m_session.record();
    const Observation *shown = record.shown.findObservation(m_observations.first());
    if (!shown || !m_suggestionBox->offersNone()
        || m_suggestionBox->suggestions().observation != shown->id)
        return false;
    QString error;
    const QList<FieldEdit> edits = checkedSuggestionEdits(
        record, noneOfTheseEdits(record, *shown, m_suggestionBox->candidates()), &error);
    if (!error.isEmpty()) {
        Q_EMIT messageChanged(tr("Not recorded: %1").arg(error));
        return false;
    }
    if (edits.isEmpty()) {
        Q_EMIT messageChanged(tr("The note already says none of these is the work."));
        return false;
    }
    return recordStep(edits, tr("None of the candidates"));
}

void CurationPanel::refreshHints()
{
    if (m_observations.size() == 1 && m_stack->currentIndex() == 1)
        fillHints();
}

void CurationPanel::fillHints()
{
    const QList<AnomalyHint> hints
        = m_hintSource ? m_hintSource(m_observations.first()) : QList<AnomalyHint> {};
    QStringList lines;
    for (const AnomalyHint &hint : hints)
        lines.append(DisplayText::forTerminal(hint.message));
    m_hintsText->setText(lines.join(u'\n'));
    m_hintsBox->setVisible(!hints.isEmpty());
}

bool CurationPanel::dismissHints()
{
    if (m_observations.size() != 1 || !m_hintSource)
        return false;
    const QString id = m_observations.first();
    const QList<AnomalyHint> hints = m_hintSource(id);
    if (hints.isEmpty())
        return false;
    const CuratedRecord &record = m_session.record();
    // A repeated paper is a hint about all its observations: "these are different" is said of
    // every one; a year-like reference is about this observation only.
    QMap<QString, QStringList> kinds;
    for (const AnomalyHint &hint : hints) {
        const QStringList targets = hint.kind == AnomalyHint::Kind::RepeatedCitingPaper
            ? hint.observations
            : QStringList { id };
        for (const QString &target : targets)
            kinds[target].append(anomalyKindKey(hint.kind));
    }
    QList<FieldEdit> edits;
    for (auto it = kinds.cbegin(); it != kinds.cend(); ++it) {
        const Observation *o = record.shown.findObservation(it.key());
        if (!o)
            continue;
        const CurationValue value = normalizeCurationValue(CurationField::DismissedHints,
            (o->curation.dismissedHints + it.value()).join(u' '), record.upstream, it.key());
        if (value.ok())
            edits.append({ it.key(), CurationField::DismissedHints, value.value });
    }
    const QString description = tr("Dismiss hints on %Ln observations", nullptr, int(edits.size()));
    return recordStep(edits, description);
}

void CurationPanel::fillHistory()
{
    m_history->clear();
    const CuratedRecord &record = m_session.record();
    const QString id = m_observations.first();
    const Observation *upstream = record.upstream.findObservation(id);
    for (const CorrectionEvent &e : record.history(id)) {
        const auto before = valueSeenBefore(record.fieldEvents(id, e.field), e);
        auto describe = [&](const std::optional<QString> &value) {
            if (value)
                return valueForDisplay(e.field, displayValue(e.field, value));
            const QString original = valueForDisplay(e.field, upstreamValue(*upstream, e.field));
            return original.isEmpty() ? tr("(upstream: none)") : tr("%1 (upstream)").arg(original);
        };
        QString when = displayDateTime(e.createdAt);
        if (when == e.createdAt) // the C locale: the timestamp as stored, to the second
            when = e.createdAt.left(19).replace(u'T', u' ');
        // An event from before signatures is marked: it never outranks a signed one.
        const QString shownAuthor = DisplayText::forTerminal(e.author);
        const QString author = e.isSigned()
            ? shownAuthor
            : tr("%1 (unsigned)", "an event made before signatures").arg(shownAuthor);
        auto *item = new QTreeWidgetItem(
            m_history, { when, author, fieldName(e.field), describe(before), describe(e.value) });
        item->setToolTip(0, e.createdAt + QStringLiteral("\n") + e.id);
        item->setToolTip(3, item->text(3));
        item->setToolTip(4, item->text(4));
        item->setToolTip(1,
            e.isSigned()
                ? tr("Signed with key %1").arg(e.keyId)
                : tr("Not signed: made before corrections were signed. It never outranks a signed "
                     "correction."));
    }
    m_history->scrollToBottom();
}

void CurationPanel::fillConflicts()
{
    while (QLayoutItem *item = m_conflictLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const CuratedRecord &record = m_session.record();
    const QString id = m_observations.first();
    bool any = false;
    for (CurationField field : kAllCurationFields) {
        const FieldState *state = record.field(id, field);
        if (!state || !state->isConflict())
            continue;
        any = true;
        auto *label = new QLabel(
            tr("%1 was corrected differently by several curators; choose the value to keep:")
                .arg(fieldName(field)),
            m_conflictBox);
        label->setWordWrap(true);
        m_conflictLayout->addWidget(label);
        for (const CorrectionEvent &head : state->heads) {
            auto *button = new QPushButton(
                tr("Keep “%1” (%2, %3)")
                    .arg(head.value ? valueForDisplay(field, displayValue(field, head.value))
                                    : tr("upstream", "the value as received"),
                        DisplayText::forTerminal(head.author), conflictTime(head.createdAt)),
                m_conflictBox);
            button->setObjectName(
                QStringLiteral("keep-") + curationFieldKey(field) + u'-' + head.id);
            const std::optional<QString> value = head.value;
            connect(button, &QPushButton::clicked, this, [this, id, field, value] {
                if (!ensureCuratorIdentity(m_session, this)) {
                    Q_EMIT messageChanged(notRecordedWithoutName());
                    return;
                }
                auto result = applyToSession(
                    { { id, field, value } }, tr("Resolve conflict on %1").arg(fieldName(field)));
                if (!result)
                    Q_EMIT messageChanged(result.error().toString());
                else
                    Q_EMIT applied();
            });
            m_conflictLayout->addWidget(button);
        }
    }
    m_conflictBox->setVisible(any);
}

} // namespace LedgerCurator
