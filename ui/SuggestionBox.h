// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MatchSuggestions.h"

#include <QGroupBox>

class QKeyEvent;
class QLabel;
class QPushButton;
class QTreeWidget;

namespace LedgerCurator {

//! The correction panel's box of match suggestions for the selected observation (docs/works.md):
//! "Looking for candidates..." until they are in, then up to five candidates, each with its
//! number, score, title (elided, whole in the tooltip), id and features in words, the clear
//! match marked; or why there are none. It records nothing itself: it asks (acceptRequested,
//! noneRequested) and the panel records.
class SuggestionBox final : public QGroupBox
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SuggestionBox)

public:
    explicit SuggestionBox(QWidget *parent = nullptr);
    ~SuggestionBox() override;

    //! The candidates are being looked for.
    void showLooking();
    //! No candidates to show, and why (no works index, none found, the index failed);
    //! `canSayNone`: "None of these" stays offered.
    void showMessage(const QString &text, bool canSayNone);
    //! The candidates of an observation.
    void showSuggestions(const ObservationSuggestions &suggestions);

    //! The candidates shown (none while looking or with a message).
    const QList<Candidate> &candidates() const { return m_suggestions.candidates; }
    const ObservationSuggestions &suggestions() const { return m_suggestions; }
    bool hasCandidates() const { return !m_suggestions.candidates.isEmpty() && m_ready; }
    //! "None of these" is offered: the candidates (perhaps none) are in.
    bool offersNone() const { return m_ready; }
    //! The candidate chosen in the list (0 when none is).
    int currentIndex() const;
    //! The candidate a key press accepts, or -1: 1 to 5 that candidate, Enter or Return the
    //! first (in the candidate list, `inList`, the one chosen there); never with Ctrl, Alt or
    //! Meta held.
    int candidateForKey(const QKeyEvent *event, bool inList) const;
    QTreeWidget *list() const { return m_list; }
    //! The chosen candidate's whole title, id, authors, year and features, wrapped to the
    //! panel's width (the list's rows are elided to it).
    QLabel *details() const { return m_details; }

    //! The page a candidate is read on: arXiv's abstract page, or the DOI's resolver.
    static QUrl candidateUrl(const QString &id);
    //! A candidate's features as a curator reads them: "title 92% similar · missing: large,
    //! scale · year 2021 matches · authors match".
    static QString featureText(const Candidate &candidate);

Q_SIGNALS:
    void acceptRequested(int index);
    void noneRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void clearList();
    void updateButtons();
    void updateDetails();

    ObservationSuggestions m_suggestions;
    bool m_ready = false;
    QLabel *m_status = nullptr;
    QTreeWidget *m_list = nullptr;
    QLabel *m_details = nullptr;
    QPushButton *m_accept = nullptr;
    QPushButton *m_open = nullptr;
    QPushButton *m_none = nullptr;
};

} // namespace LedgerCurator
