// SPDX-License-Identifier: GPL-3.0-or-later
#include "CurationFieldText.h"

#include "CurationPanel.h"

#include "CuratedRecord.h"
#include "DisplayText.h"
#include "ThemeText.h"

namespace LedgerCurator::PanelText {

QString conflictTime(const QString &createdAt)
{
    const QString when = displayDateTime(createdAt);
    return when == createdAt ? createdAt.left(16).replace(u'T', u' ') : when;
}

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

} // namespace LedgerCurator::PanelText
