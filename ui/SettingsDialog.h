// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QString>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace LedgerCurator {

class CuratorIdentityFields;
class SyncController;

//! Edit > Settings...: the curator's name and ORCID iD, the interface language (next start), the
//! contrast (the system's palette or a high-contrast one, at once), the
//! preview's page cap, whether the last record is shown again on start, the sync settings and
//! "Reset window layout". Accepting writes the settings (docs/settings.md lists every key).
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)

public:
    //! `sync`: opens its settings dialog from here; none disables the button.
    explicit SettingsDialog(SyncController *sync, QWidget *parent = nullptr);
    ~SettingsDialog() override;

    void accept() override;

    //! The languages offered, as stored in "ui/language": "" (the system's), "en", "de", "fr".
    static QStringList languageCodes();
    //! Why `text` is not a usable page cap (a whole number from 0 to kMaxInboundCap); empty when
    //! it is, with the value in `*cap`.
    static QString inboundCapProblem(const QString &text, qint64 *cap = nullptr);
    static constexpr qint64 kMaxInboundCap = 10000000;

Q_SIGNALS:
    //! "Reset window layout" was pressed: the window puts its layout back to its defaults.
    void resetLayoutRequested();
    //! The settings were written; `inboundCap` is the preview's new page cap.
    void settingsApplied(qint64 inboundCap);

private:
    void validate();
    void openSyncSettings();

    SyncController *m_sync = nullptr;
    CuratorIdentityFields *m_curator = nullptr;
    QComboBox *m_language = nullptr;
    QComboBox *m_contrast = nullptr;
    QLabel *m_languageNote = nullptr;
    QLineEdit *m_inboundCap = nullptr;
    QLabel *m_inboundCapProblem = nullptr;
    QCheckBox *m_restoreRecord = nullptr;
    QPushButton *m_syncSettings = nullptr;
    QPushButton *m_resetLayout = nullptr;
    QLabel *m_resetDone = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace LedgerCurator
