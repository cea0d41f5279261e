// SPDX-License-Identifier: GPL-3.0-or-later
#include "BatchEditPanel.h"
#include "KeyboardAccess.h"
#include "ManualWindow.h"

#include "CurationSession.h"
#include "DisplayText.h"
#include "ThemeText.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace LedgerCurator {

namespace {

enum TextMode { LeaveText, SetText, ClearText };

//! The observation a refusal is about, as a curator finds it in the table: its reference number,
//! the beginning of its citing title and of its UUID.
QString observationLabel(const Observation &o)
{
    QString title = DisplayText::forTerminal(o.citingTitle);
    if (title.size() > 40)
        title = title.left(39) + u'…';
    const QString uuid = o.id.left(8);
    return o.reference
        ? BatchEditPanel::tr("ref. %1 “%2” (%3)").arg(QString::number(*o.reference), title, uuid)
        : BatchEditPanel::tr("“%1” (%2)").arg(title, uuid);
}

} // namespace

BatchEditPanel::BatchEditPanel(CurationSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("batchEditPanel"));
    Manual::setSection(this, QStringLiteral("correct"));
    setAccessibleName(tr("Correction of the selected observations"));
    auto *layout = new QVBoxLayout(this);
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("multiHeading"));
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    layout->addWidget(m_heading);
    auto *intro = new QLabel(
        tr("Choose a value for the fields to change on every selected observation; the others "
           "are left as they are. Apply records them as one step, undone with Ctrl+Z."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *form = new QFormLayout;
    m_state = new QComboBox(this);
    m_state->setObjectName(QStringLiteral("multiState"));
    m_state->addItem(tr("(leave as is)"));
    for (ResolutionState state : kAllResolutionStates)
        m_state->addItem(stateDisplayText(state), stateKey(state));
    form->addRow(tr("S&tate"), m_state);

    m_basis = new QComboBox(this);
    m_basis->setObjectName(QStringLiteral("multiBasis"));
    m_basis->addItem(tr("(leave as is)"));
    for (const QString &basis : { QStringLiteral("arxiv_id"), QStringLiteral("local_arxiv"),
             QStringLiteral("doi"), QStringLiteral("no resolver link") })
        m_basis->addItem(basis, basis);
    form->addRow(tr("&Basis"), m_basis);

    m_identifier = makeTextField(
        QStringLiteral("Identifier"), tr("arXiv id or DOI, e.g. 2205.01068 or 10.1234/abc"));
    auto *identifierRow = new QHBoxLayout;
    identifierRow->addWidget(m_identifier.mode);
    identifierRow->addWidget(m_identifier.edit, 1);
    auto *identifierLabel = new QLabel(tr("&Identifier"), this);
    identifierLabel->setBuddy(m_identifier.mode);
    form->addRow(identifierLabel, identifierRow);
    m_identifier.mode->setAccessibleName(tr("Identifier"));
    m_identifier.edit->setAccessibleName(tr("Identifier to set"));

    m_excluded = new QComboBox(this);
    m_excluded->setObjectName(QStringLiteral("multiExcluded"));
    m_excluded->addItem(tr("(leave as is)"));
    m_excluded->addItem(tr("Excluded from the ledger"), QStringLiteral("yes"));
    m_excluded->addItem(tr("Not excluded"), QStringLiteral("no"));
    form->addRow(tr("E&xcluded"), m_excluded);

    m_note = makeTextField(QStringLiteral("Note"), tr("One line of text"));
    auto *noteRow = new QHBoxLayout;
    noteRow->addWidget(m_note.mode);
    noteRow->addWidget(m_note.edit, 1);
    auto *noteLabel = new QLabel(tr("N&ote"), this);
    noteLabel->setBuddy(m_note.mode);
    form->addRow(noteLabel, noteRow);
    m_note.mode->setAccessibleName(tr("Note"));
    m_note.edit->setAccessibleName(tr("Note to set"));

    m_review = new QComboBox(this);
    m_review->setObjectName(QStringLiteral("multiReview"));
    m_review->addItem(tr("(leave as is)"));
    for (const QString &status : reviewStatuses())
        m_review->addItem(reviewDisplayText(status), status);
    m_review->setToolTip(
        tr("The notice review of each selected observation that has notices on its cited work"));
    form->addRow(tr("Notice &review"), m_review);
    for (QComboBox *combo : { m_state, m_basis, m_excluded, m_review })
        connect(combo, &QComboBox::currentIndexChanged, this, &BatchEditPanel::updatePlan);
    layout->addLayout(form);

    m_preview = new QLabel(this);
    m_preview->setObjectName(QStringLiteral("multiPreview"));
    m_preview->setWordWrap(true);
    m_preview->setTextFormat(Qt::PlainText);
    layout->addWidget(m_preview);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("multiProblem"));
    m_problem->setWordWrap(true);
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setTextTone(m_problem, TextTone::Error);
    m_problem->hide();
    layout->addWidget(m_problem);

    m_apply = new QPushButton(tr("A&pply to all"), this);
    m_apply->setObjectName(QStringLiteral("multiApplyButton"));
    m_apply->setToolTip(tr("Record the chosen values as one correction (Ctrl+Return)"));
    layout->addWidget(m_apply, 0, Qt::AlignLeft);
    layout->addStretch();
    connect(m_apply, &QPushButton::clicked, this, &BatchEditPanel::applyRequested);
}

BatchEditPanel::~BatchEditPanel() = default;

BatchEditPanel::TextField BatchEditPanel::makeTextField(
    const QString &name, const QString &placeholder)
{
    TextField field;
    field.mode = new QComboBox(this);
    field.mode->setObjectName(QStringLiteral("multi") + name + QStringLiteral("Mode"));
    field.mode->addItem(tr("(leave as is)"), LeaveText);
    field.mode->addItem(tr("Set to"), SetText);
    field.mode->addItem(tr("Clear"), ClearText);
    field.edit = new QLineEdit(this);
    field.edit->setObjectName(QStringLiteral("multi") + name);
    field.edit->setPlaceholderText(placeholder);
    field.edit->setClearButtonEnabled(true);
    // Ctrl+Z undoes the typing in the field, then the last correction (Edit > Undo).
    KeyboardAccess::passUndoToWindow(field.edit);
    const TextField copy = field;
    // Typing a value chooses to set it; clearing a field takes no text.
    connect(field.edit, &QLineEdit::textEdited, this, [copy] {
        if (copy.mode->currentData().toInt() != SetText)
            copy.mode->setCurrentIndex(copy.mode->findData(SetText));
    });
    connect(field.mode, &QComboBox::currentIndexChanged, this, [this, copy] {
        copy.edit->setEnabled(copy.mode->currentData().toInt() != ClearText);
        updatePlan();
    });
    connect(field.edit, &QLineEdit::textChanged, this, &BatchEditPanel::updatePlan);
    connect(field.edit, &QLineEdit::returnPressed, this, [this] {
        if (canApply())
            Q_EMIT applyRequested();
    });
    return field;
}

void BatchEditPanel::setObservations(const QStringList &observationIds)
{
    m_observations = observationIds;
    m_heading->setText(tr("%Ln observations selected.", nullptr, int(m_observations.size())));
    for (QComboBox *combo : { m_state, m_basis, m_excluded, m_review }) {
        const QSignalBlocker blocker(combo);
        combo->setCurrentIndex(0);
    }
    for (const TextField &field : { m_identifier, m_note }) {
        const QSignalBlocker modeBlocker(field.mode);
        const QSignalBlocker editBlocker(field.edit);
        field.mode->setCurrentIndex(0);
        field.edit->clear();
        field.edit->setEnabled(true);
    }
    // A notice review only concerns observations with notices on their cited works.
    const Record &shown = m_session.record().shown;
    const bool anyNotices
        = std::any_of(m_observations.cbegin(), m_observations.cend(), [&shown](const QString &id) {
              const Observation *o = shown.findObservation(id);
              return o && o->events.status == EventsCheck::Status::Found;
          });
    m_review->setEnabled(anyNotices);
    updatePlan();
}

QList<BatchChange> BatchEditPanel::changes() const
{
    QList<BatchChange> changes;
    auto choice = [&changes](QComboBox *combo, CurationField field) {
        if (combo->currentIndex() > 0)
            changes.append({ field, combo->currentData().toString() });
    };
    auto text = [&changes](const TextField &editor, CurationField field) {
        switch (editor.mode->currentData().toInt()) {
        case SetText:
            // An empty text sets nothing: "Clear" sends the field back to upstream.
            if (!editor.edit->text().isEmpty())
                changes.append({ field, editor.edit->text() });
            break;
        case ClearText:
            changes.append({ field, std::nullopt });
            break;
        default:
            break;
        }
    };
    choice(m_state, CurationField::State);
    choice(m_basis, CurationField::Basis);
    text(m_identifier, CurationField::Identifier);
    choice(m_excluded, CurationField::Excluded);
    text(m_note, CurationField::Note);
    if (m_review->isEnabled())
        choice(m_review, CurationField::Review);
    return changes;
}

void BatchEditPanel::updatePlan()
{
    const QList<BatchChange> chosen = changes();
    m_plan = planBatchEdit(m_session.record(), m_observations, chosen);
    if (chosen.isEmpty())
        m_preview->setText(tr("Nothing chosen yet: every field is left as is."));
    else if (!m_plan.ok())
        m_preview->setText(tr("Nothing will be recorded until every value is accepted."));
    else
        m_preview->setText(batchPreview(m_plan));
    const QString problems = describeProblems(m_plan);
    m_problem->setText(problems);
    m_problem->setVisible(!problems.isEmpty());
    m_apply->setEnabled(canApply());
}

QString BatchEditPanel::describeProblems(const BatchPlan &plan) const
{
    // One line per refusal reason, naming the first observation it concerns and how many more.
    struct Group
    {
        CurationField field;
        QString error;
        QString first;
        int count = 0;
    };
    QList<Group> groups;
    for (const BatchProblem &problem : plan.problems) {
        auto it = std::find_if(groups.begin(), groups.end(), [&problem](const Group &g) {
            return g.field == problem.field && g.error == problem.error;
        });
        if (it == groups.end()) {
            groups.append({ problem.field, problem.error, problem.observation, 0 });
            it = groups.end() - 1;
        }
        ++it->count;
    }
    QStringList lines;
    const Record &shown = m_session.record().shown;
    for (const Group &g : std::as_const(groups)) {
        const Observation *o = shown.findObservation(g.first);
        const QString where = o ? observationLabel(*o) : g.first;
        const QString field = batchFieldName(g.field);
        lines.append(g.count == 1 ? tr("Refused: %1 for %2: %3").arg(field, where, g.error)
                                  : tr("Refused: %1 for %2 and %Ln more: %3", nullptr, g.count - 1)
                                        .arg(field, where, g.error));
    }
    return lines.join(u'\n');
}

QList<FieldEdit> BatchEditPanel::pendingEdits(QString *error) const
{
    const BatchPlan plan = planBatchEdit(m_session.record(), m_observations, changes());
    if (!plan.ok()) {
        if (error)
            *error = describeProblems(plan);
        return {};
    }
    return plan.edits;
}

bool BatchEditPanel::canApply() const
{
    return m_plan.ok() && !m_plan.edits.isEmpty();
}

QString BatchEditPanel::previewText() const
{
    return m_preview->text();
}

} // namespace LedgerCurator
