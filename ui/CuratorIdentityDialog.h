// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QWidget>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSettings;

namespace LedgerCurator {

//! The curator's name and optional ORCID iD, each checked as it is typed (the reason shown when
//! refused): in Edit > Settings and in the first-run prompt.
class CuratorIdentityFields final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CuratorIdentityFields)

public:
    //! `nameRequired`: an empty name is a problem (the prompt); otherwise it leaves none set.
    CuratorIdentityFields(
        const QString &name, const QString &orcid, bool nameRequired, QWidget *parent = nullptr);
    ~CuratorIdentityFields() override;

    //! Why the fields cannot be stored as they are; empty when they can.
    QString problem() const;
    //! Writes curator/name and curator/orcid (both removed when empty); the fields must have no
    //! problem.
    void store(QSettings &settings) const;
    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *orcidEdit() const { return m_orcid; }

Q_SIGNALS:
    void changed();

private:
    void validate();

    bool m_nameRequired = false;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_orcid = nullptr;
    QLabel *m_problem = nullptr;
};

//! The first-run prompt: asked before the first correction when no curator name is set, the
//! login name filled in. OK stores the identity; Cancel stores nothing.
class CuratorIdentityDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CuratorIdentityDialog)

public:
    explicit CuratorIdentityDialog(QWidget *parent = nullptr);
    ~CuratorIdentityDialog() override;

    void accept() override;

    //! Shows the prompt (modal) and returns whether a curator name was stored.
    static bool ask(QWidget *parent);

private:
    CuratorIdentityFields *m_fields = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

class CurationSession;

//! Whether corrections of `session` have an author: its author, else the first-run prompt's
//! answer. Every part of the window that records a correction asks this before the write starts
//! (Cancel cancels the correction), so no prompt ever opens from inside a write.
bool ensureCuratorIdentity(const CurationSession &session, QWidget *parent);

} // namespace LedgerCurator
