// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MatchSuggestions.h"

#include <QDialog>

#include <functional>

class QDialogButtonBox;
class QLabel;
class QTreeWidget;

namespace LedgerCurator {

//! Edit > Accept Clear Matches...: the clear matches among the observations the table shows,
//! listed (observation, its title, the candidate, the score) before anything is recorded. OK
//! asks the window to record them all as one undoable step (matchesAccepted). The list follows
//! the suggestions as they come in while it is open.
class ClearMatchesDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClearMatchesDialog)

public:
    struct Row
    {
        QString observation; // "ref. 12 (0b0b0b0b)"
        QString title; // the title the observation looks for
        Candidate candidate;
    };
    //! What the table shows now: the clear matches, their suggestions, and how many observations
    //! shown are still being looked at.
    struct Gathered
    {
        QList<Row> rows;
        QList<ObservationSuggestions> suggestions; // of the rows, in their order
        int pending = 0;
        QString problem; // why there can be none (no works index, the index failed)
    };

    ClearMatchesDialog(std::function<Gathered()> gather, QWidget *parent = nullptr);
    ~ClearMatchesDialog() override;

    //! Gathers the rows again (a suggestion came in, a correction was made).
    void refresh();
    int rowCount() const { return int(m_gathered.rows.size()); }

Q_SIGNALS:
    //! OK: record these observations' clear matches.
    void matchesAccepted(const QList<ObservationSuggestions> &suggestions);

private:
    std::function<Gathered()> m_gather;
    Gathered m_gathered;
    QLabel *m_intro = nullptr;
    QLabel *m_pending = nullptr;
    QTreeWidget *m_list = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace LedgerCurator
