// SPDX-License-Identifier: GPL-3.0-or-later
#include "CurationFieldText.h"

#include "CurationPanel.h"

#include "CuratedRecord.h"
#include "CurationFieldInfo.h"
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
    case CurationField::Basis:
    case CurationField::Identifier:
    case CurationField::Title:
    case CurationField::Reference:
    case CurationField::Note:
    case CurationField::DuplicateOf:
    case CurationField::ReviewNote:
    case CurationField::DismissedHints:
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
        return CurationPanel::tr("S&tate");
    case CurationField::Basis:
        return CurationPanel::tr("&Basis");
    case CurationField::Identifier:
        return CurationPanel::tr("Identifier (cited wor&k)");
    case CurationField::Title:
        return CurationPanel::tr("Citing tit&le");
    case CurationField::Reference:
        return CurationPanel::tr("&Reference");
    case CurationField::Note:
        return CurationPanel::tr("N&ote");
    case CurationField::DuplicateOf:
        return CurationPanel::tr("&Duplicate of");
    case CurationField::Excluded:
        return CurationPanel::tr("E&xcluded");
    case CurationField::Review:
        return CurationPanel::tr("Not&ice review");
    case CurationField::ReviewNote:
        return CurationPanel::tr("Revie&w note");
    case CurationField::DismissedHints:
        return CurationPanel::tr("Dismissed hints");
    }
    return {};
}

QString shownValue(const Observation &o, CurationField field)
{
    return curationFieldInfo(field).stored(o);
}

EditorKind editorKind(CurationField field)
{
    switch (field) {
    case CurationField::State:
        return EditorKind::StateChoice;
    case CurationField::Basis:
        return EditorKind::BasisChoice;
    case CurationField::Review:
        return EditorKind::ReviewChoice;
    case CurationField::Excluded:
        return EditorKind::CheckBox;
    case CurationField::Identifier:
    case CurationField::Title:
    case CurationField::Reference:
    case CurationField::Note:
    case CurationField::DuplicateOf:
    case CurationField::ReviewNote:
        return EditorKind::Line;
    case CurationField::DismissedHints:
        return EditorKind::None;
    }
    return EditorKind::Line;
}

QString editorPlaceholder(CurationField field)
{
    switch (field) {
    case CurationField::Identifier:
        return CurationPanel::tr("arXiv id or DOI, e.g. 2205.01068 or 10.1234/abc");
    case CurationField::DuplicateOf:
        return CurationPanel::tr("UUID of the observation this one repeats");
    case CurationField::State:
    case CurationField::Basis:
    case CurationField::Title:
    case CurationField::Reference:
    case CurationField::Note:
    case CurationField::Excluded:
    case CurationField::Review:
    case CurationField::ReviewNote:
    case CurationField::DismissedHints:
        return {};
    }
    return {};
}

} // namespace LedgerCurator::PanelText
