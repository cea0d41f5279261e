// SPDX-License-Identifier: GPL-3.0-or-later
#include "NoticeChoices.h"

#include "CuratedRecord.h"

#include <QComboBox>

namespace LedgerCurator {

void addKindChoices(QComboBox *combo)
{
    for (EventKind kind : { EventKind::Retraction, EventKind::Correction,
             EventKind::ExpressionOfConcern, EventKind::Withdrawal, EventKind::Reinstatement })
        combo->addItem(eventKindDisplayText(kind), int(kind));
}

void addReviewChoices(QComboBox *combo)
{
    for (const QString &status : reviewStatuses())
        combo->addItem(reviewDisplayText(status), status);
}

std::optional<EventKind> chosenKind(const QComboBox *combo)
{
    const int kind = combo->currentData().toInt();
    return kind < 0 ? std::nullopt : std::optional<EventKind>(static_cast<EventKind>(kind));
}

} // namespace LedgerCurator
