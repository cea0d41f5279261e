// SPDX-License-Identifier: GPL-3.0-or-later
#include "ClearMatchesDialog.h"
#include "ManualWindow.h"

#include "DisplayText.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace LedgerCurator {

ClearMatchesDialog::ClearMatchesDialog(std::function<Gathered()> gather, QWidget *parent)
    : QDialog(parent)
    , m_gather(std::move(gather))
{
    setObjectName(QStringLiteral("clearMatchesDialog"));
    Manual::setSection(this, QStringLiteral("suggestions"));
    setWindowTitle(tr("Accept Clear Matches"));
    auto *layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setObjectName(QStringLiteral("clearMatchesIntro"));
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("clearMatchesList"));
    m_list->setAccessibleName(tr("Clear matches"));
    m_list->setRootIsDecorated(false);
    m_list->setTextElideMode(Qt::ElideMiddle);
    m_list->setHeaderLabels({ tr("Observation"), tr("Title"), tr("Candidate"), tr("Score") });
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    layout->addWidget(m_list, 1);
    m_pending = new QLabel(this);
    m_pending->setObjectName(QStringLiteral("clearMatchesPending"));
    m_pending->setWordWrap(true);
    layout->addWidget(m_pending);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (m_gathered.suggestions.isEmpty())
            return;
        Q_EMIT matchesAccepted(m_gathered.suggestions);
        accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(900, 480);
    refresh();
}

ClearMatchesDialog::~ClearMatchesDialog() = default;

void ClearMatchesDialog::refresh()
{
    m_gathered = m_gather();
    const int count = rowCount();
    m_list->clear();
    for (const Row &row : std::as_const(m_gathered.rows)) {
        const QString title = DisplayText::forTerminal(row.title);
        const QString candidate = QStringLiteral("%1 — %2").arg(
            row.candidate.id, DisplayText::forTerminal(row.candidate.name));
        auto *item = new QTreeWidgetItem(m_list,
            { row.observation, title, candidate, QString::number(row.candidate.score, 'f', 0) });
        item->setToolTip(1, title);
        item->setToolTip(2, candidate);
        item->setTextAlignment(3, Qt::AlignRight | Qt::AlignVCenter);
    }
    if (!m_gathered.problem.isEmpty())
        m_intro->setText(m_gathered.problem);
    else if (count == 0)
        m_intro->setText(tr("No observation the table shows has a clear match."));
    else
        m_intro->setText(tr("Clear matches among the observations the table shows: %Ln. A clear "
                            "match is a candidate whose score is high and well above the next. "
                            "OK records, for each, the candidate's identifier, the state verified "
                            "fuzzy and a note, as one step (Ctrl+Z takes it back). Inbound "
                            "observations are left out: their candidate is the citing paper, to "
                            "open and check first.",
            nullptr, count));
    m_pending->setText(m_gathered.pending > 0
            ? tr("Observations shown still being looked at: %Ln. Their clear matches join the "
                 "list as they come in.",
                nullptr, m_gathered.pending)
            : QString());
    m_pending->setVisible(m_gathered.pending > 0);
    QPushButton *ok = m_buttons->button(QDialogButtonBox::Ok);
    ok->setText(tr("&Accept All (%Ln)", nullptr, count));
    ok->setEnabled(count > 0);
}

} // namespace LedgerCurator
