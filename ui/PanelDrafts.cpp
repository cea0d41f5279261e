// SPDX-License-Identifier: GPL-3.0-or-later
#include "PanelDrafts.h"

#include "DisplayText.h"

#include <QAccessible>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace LedgerCurator {

void PanelDrafts::keep(const QString &key, CurationField field, Draft draft)
{
    auto &fields = m_drafts[key];
    // The first base stays: it is what the curator saw when they started typing.
    if (const auto held = fields.find(field); held != fields.end())
        draft.base = held->second.base;
    fields[field] = std::move(draft);
}

std::map<CurationField, PanelDrafts::Draft> PanelDrafts::take(const QString &key)
{
    return m_drafts.take(key);
}

DraftNotice::DraftNotice(QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("draftNotice"));
    setFrameShape(QFrame::StyledPanel);
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("draftNoticeText"));
    m_text->setTextFormat(Qt::PlainText);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *keep = new QPushButton(tr("Keep M&y Text"), this);
    keep->setObjectName(QStringLiteral("keepDrafts"));
    auto *useNew = new QPushButton(tr("&Use the New Value"), this);
    useNew->setObjectName(QStringLiteral("useNewValues"));
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(keep);
    buttons->addWidget(useNew);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_text);
    layout->addLayout(buttons);
    connect(keep, &QPushButton::clicked, this, [this] {
        m_conflicts.clear();
        hide();
        Q_EMIT keepDrafts();
    });
    connect(useNew, &QPushButton::clicked, this, [this] {
        const QList<PanelDrafts::Conflict> conflicts = m_conflicts;
        m_conflicts.clear();
        hide();
        Q_EMIT useNewValues(conflicts);
    });
    hide();
}

DraftNotice::~DraftNotice() = default;

void DraftNotice::showConflicts(const QList<PanelDrafts::Conflict> &conflicts,
    const std::function<QString(CurationField)> &fieldName)
{
    m_conflicts = conflicts;
    if (conflicts.isEmpty()) {
        hide();
        return;
    }
    QStringList lines;
    for (const PanelDrafts::Conflict &c : conflicts)
        lines.append(tr("While you typed, %1 was changed elsewhere to “%2”. Your text “%3” is "
                        "kept in the field: apply it, or take the new value.")
                         .arg(fieldName(c.field),
                             c.now.isEmpty() ? tr("(none)") : DisplayText::forTerminal(c.now),
                             DisplayText::forTerminal(c.draft)));
    m_text->setText(lines.join(u'\n'));
    setAccessibleDescription(m_text->text());
    QFrame::show();
    // Said to a screen reader as it appears: the change happened without the curator's doing.
    QAccessibleEvent event(m_text, QAccessible::Alert);
    QAccessible::updateAccessibility(&event);
}

} // namespace LedgerCurator
