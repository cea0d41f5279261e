// SPDX-License-Identifier: GPL-3.0-or-later
// What the correction panel shows beside its editors: the observation's titles, its anomaly
// hints, its correction history and its conflicts.
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

using PanelText::conflictTime;
using PanelText::fieldLabel;
using PanelText::fieldName;
using PanelText::shownValue;
using PanelText::valueForDisplay;

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

//! A conflicting value shown beside its button: at most this many characters (the whole in the
//! button's accessible name), runs longer than kLongestUnbroken given places to wrap.
constexpr qsizetype kLongestShown = 1000;
constexpr qsizetype kLongestUnbroken = 24;

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
            (o->curation->dismissedHints + it.value()).join(u' '), record.upstream, it.key());
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
    QWidget *previous = m_revert; // made now, the buttons still come where they are shown in Tab
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
            // Each value whole, wrapped to the panel's width (a long note or title is what the
            // curator has to read to choose; on the button it set the panel's width, and the
            // form scrolled sideways, its editors cut off), then its button.
            const QString display = head.value
                ? valueForDisplay(field, displayValue(field, head.value))
                : tr("upstream", "the value as received");
            const QString author = DisplayText::forTerminal(head.author);
            const QString when = conflictTime(head.createdAt);
            auto *shown = new QLabel(
                DisplayText::withBreakOpportunities(
                    tr("“%1” (%2, %3)", "a conflicting value, who set it, when")
                        .arg(DisplayText::shortened(display, kLongestShown), author, when),
                    kLongestUnbroken),
                m_conflictBox);
            shown->setTextFormat(Qt::PlainText);
            shown->setWordWrap(true);
            shown->setTextInteractionFlags(Qt::TextSelectableByMouse);
            shown->setObjectName(
                QStringLiteral("value-") + curationFieldKey(field) + u'-' + head.id);
            m_conflictLayout->addWidget(shown);
            auto *button = new QPushButton(tr("Keep This Value"), m_conflictBox);
            // What a screen reader says of it: the value (whole), whose and when.
            button->setAccessibleName(tr("Keep “%1” (%2, %3)").arg(display, author, when));
            button->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
            setTabOrder(previous, button);
            previous = button;
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
