// SPDX-License-Identifier: GPL-3.0-or-later
// The correction panel as host of the match suggestions: the box, accepting a candidate, "None
// of them".
#include "CurationPanel.h"

#include "CurationFieldText.h"

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

} // namespace LedgerCurator
