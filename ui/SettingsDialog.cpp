// SPDX-License-Identifier: GPL-3.0-or-later
#include "SettingsDialog.h"
#include "FocusRing.h"
#include "ManualWindow.h"

#include "CuratorIdentityDialog.h"
#include "SettingsKeys.h"
#include "SyncController.h"
#include "SyncSettingsDialog.h"
#include "ThemeText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <algorithm>

namespace LedgerCurator {

namespace {

//! A smaller, explanatory line under a field.
QLabel *noteLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    QFont small = label->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    label->setFont(small);
    return label;
}

} // namespace

SettingsDialog::SettingsDialog(SyncController *sync, QWidget *parent)
    : QDialog(parent)
    , m_sync(sync)
{
    setObjectName(QStringLiteral("settingsDialog"));
    Manual::setSection(this, QStringLiteral("settings"));
    setWindowTitle(tr("Settings"));
    QSettings settings;

    // Language: each named in its own language, as language choosers do.
    m_language = new QComboBox(this);
    m_language->setObjectName(QStringLiteral("languageCombo"));
    m_language->addItem(tr("System default"), QString());
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("Deutsch"), QStringLiteral("de"));
    m_language->addItem(QStringLiteral("Français"), QStringLiteral("fr"));
    const int language = m_language->findData(settings.value(SettingsKeys::kLanguage).toString());
    m_language->setCurrentIndex(std::max(language, 0));
    m_languageNote
        = noteLabel(tr("A new language takes effect the next time Ledger Curator starts."), this);
    m_languageNote->setObjectName(QStringLiteral("languageNote"));

    // Contrast: the system's palette, light or dark, or the app's high-contrast one (at once).
    m_contrast = new QComboBox(this);
    m_contrast->setObjectName(QStringLiteral("contrastCombo"));
    m_contrast->addItem(tr("System"), SettingsKeys::kContrastSystem);
    m_contrast->addItem(tr("High contrast"), SettingsKeys::kContrastHigh);
    m_contrast->setCurrentIndex(contrastSetting() == ContrastChoice::High ? 1 : 0);
    m_contrast->setToolTip(tr("System follows the system's light or dark colours; High contrast "
                              "shows white text on black, with a yellow selection."));

    // The preview's page cap, as text so that a wrong entry can be explained.
    bool ok = false;
    const qint64 cap = settings.value(SettingsKeys::kInboundCap, SettingsKeys::kDefaultInboundCap)
                           .toLongLong(&ok);
    m_inboundCap = new QLineEdit(
        QString::number(ok && cap >= 0 ? cap : SettingsKeys::kDefaultInboundCap), this);
    m_inboundCap->setObjectName(QStringLiteral("inboundCapEdit"));
    m_inboundCap->setToolTip(
        tr("Inbound observations itemized in the page preview; 0 itemizes all of them. "
           "The PDF export always holds all of them."));
    m_inboundCapProblem = noteLabel(QString(), this);
    m_inboundCapProblem->setObjectName(QStringLiteral("inboundCapProblem"));
    setTextTone(m_inboundCapProblem, TextTone::Error);
    m_inboundCapProblem->hide();

    m_restoreRecord = new QCheckBox(tr("&Show the last record again on start"), this);
    m_restoreRecord->setObjectName(QStringLiteral("restoreRecordCheck"));
    m_restoreRecord->setChecked(
        settings.value(SettingsKeys::kRestoreLastRecord, SettingsKeys::kDefaultRestoreLastRecord)
            .toBool());
    m_restoreRecord->setToolTip(tr("Otherwise the first record of the list is shown."));

    // Who the corrections are by: needed before the first one (the window asks then if unset).
    m_curator = new CuratorIdentityFields(settings.value(SettingsKeys::kCuratorName).toString(),
        settings.value(SettingsKeys::kCuratorOrcid).toString(), false, this);
    auto *curator = new QGroupBox(tr("Curator"), this);
    auto *curatorLayout = new QVBoxLayout(curator);
    curatorLayout->addWidget(m_curator);
    curatorLayout->addWidget(noteLabel(
        tr("Every correction carries this name and is signed with your key for it. When you "
           "sync, it must be the name your sync token was issued to."),
        this));

    auto *general = new QGroupBox(tr("General"), this);
    auto *form = new QFormLayout(general);
    form->addRow(tr("&Language:"), m_language);
    form->addRow(QString(), m_languageNote);
    form->addRow(tr("Con&trast:"), m_contrast);
    form->addRow(tr("Preview page &cap:"), m_inboundCap);
    // The explanation and, when the entry is refused, why: one row, so no gap while all is well.
    auto *capNotes = new QWidget(this);
    auto *capNotesLayout = new QVBoxLayout(capNotes);
    capNotesLayout->setContentsMargins(0, 0, 0, 0);
    capNotesLayout->setSpacing(2);
    capNotesLayout->addWidget(m_inboundCapProblem);
    capNotesLayout->addWidget(
        noteLabel(tr("Inbound observations itemized in the page preview (0 for all)."), this));
    form->addRow(QString(), capNotes);
    form->addRow(QString(), m_restoreRecord);

    // Sync and the window layout take effect at once, not on OK.
    m_syncSettings = new QPushButton(tr("S&ync Settings..."), this);
    m_syncSettings->setObjectName(QStringLiteral("syncSettingsButton"));
    m_syncSettings->setToolTip(tr("The server to sync with, your token, and automatic syncs"));
    m_syncSettings->setEnabled(m_sync != nullptr);
    m_resetLayout = new QPushButton(tr("&Reset Window Layout"), this);
    m_resetLayout->setObjectName(QStringLiteral("resetLayoutButton"));
    m_resetLayout->setToolTip(
        tr("Put the window size, the panes and the table columns back as they were at "
           "the first start"));
    m_resetDone = noteLabel(QString(), this);
    m_resetDone->setObjectName(QStringLiteral("resetLayoutDone"));
    m_resetDone->hide();
    auto *buttonsRow = new QHBoxLayout;
    buttonsRow->addWidget(m_syncSettings);
    buttonsRow->addWidget(m_resetLayout);
    buttonsRow->addStretch();
    auto *other = new QGroupBox(tr("Sync and Layout"), this);
    auto *otherLayout = new QVBoxLayout(other);
    otherLayout->addLayout(buttonsRow);
    otherLayout->addWidget(m_resetDone);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->setObjectName(QStringLiteral("buttonBox"));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(curator);
    layout->addWidget(general);
    layout->addWidget(other);
    layout->addStretch();
    layout->addWidget(m_buttons);
    resize(std::max(520, sizeHint().width()), sizeHint().height());
    // Tab goes as shown, from the top: the curator's fields (made after the general ones) first.
    QWidget *previous = m_curator->orcidEdit();
    for (QWidget *next : std::initializer_list<QWidget *> { m_language, m_contrast, m_inboundCap,
             m_restoreRecord, m_syncSettings, m_resetLayout }) {
        setTabOrder(previous, next);
        previous = next;
    }

    connect(m_inboundCap, &QLineEdit::textChanged, this, &SettingsDialog::validate);
    connect(m_curator, &CuratorIdentityFields::changed, this, &SettingsDialog::validate);
    connect(m_syncSettings, &QPushButton::clicked, this, &SettingsDialog::openSyncSettings);
    connect(m_resetLayout, &QPushButton::clicked, this, [this] {
        Q_EMIT resetLayoutRequested();
        m_resetDone->setText(tr("The window layout is back to its defaults."));
        m_resetDone->show();
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    validate();
    addFocusRings(this); // its lists and tables show when they have the focus
    keepPlaceholdersReadable(this);
}

SettingsDialog::~SettingsDialog() = default;

QStringList SettingsDialog::languageCodes()
{
    return { QString(), QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("fr") };
}

QString SettingsDialog::inboundCapProblem(const QString &text, qint64 *cap)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return tr("Enter the number of inbound observations to itemize (0 for all).");
    // The user's own digit grouping ("10,000" or "10.000") is accepted, as are plain digits.
    bool ok = false;
    qint64 value = QLocale().toLongLong(trimmed, &ok);
    if (!ok)
        value = QLocale::c().toLongLong(trimmed, &ok);
    if (!ok)
        return tr("\"%1\" is not a whole number: enter digits only, such as 500.").arg(trimmed);
    if (value < 0)
        return tr("The cap cannot be negative: enter 0 to itemize every inbound observation.");
    if (value > kMaxInboundCap)
        return tr("The cap can be at most %1: enter 0 to itemize every inbound observation.")
            .arg(QLocale().toString(kMaxInboundCap));
    if (cap)
        *cap = value;
    return {};
}

void SettingsDialog::validate()
{
    const QString problem = inboundCapProblem(m_inboundCap->text());
    m_inboundCapProblem->setText(problem);
    m_inboundCapProblem->setVisible(!problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)
        ->setEnabled(problem.isEmpty() && m_curator->problem().isEmpty());
}

void SettingsDialog::accept()
{
    qint64 cap = 0;
    if (const QString problem = inboundCapProblem(m_inboundCap->text(), &cap); !problem.isEmpty()) {
        validate();
        m_inboundCap->setFocus(Qt::OtherFocusReason);
        return;
    }
    if (!m_curator->problem().isEmpty()) {
        validate();
        m_curator->nameEdit()->setFocus(Qt::OtherFocusReason);
        return;
    }
    QSettings settings;
    m_curator->store(settings);
    const QString language = m_language->currentData().toString();
    if (language.isEmpty())
        settings.remove(SettingsKeys::kLanguage);
    else
        settings.setValue(SettingsKeys::kLanguage, language);
    settings.setValue(SettingsKeys::kInboundCap, cap);
    settings.setValue(SettingsKeys::kRestoreLastRecord, m_restoreRecord->isChecked());
    const bool wasHigh = contrastSetting() == ContrastChoice::High;
    const bool high = m_contrast->currentData().toString() == SettingsKeys::kContrastHigh;
    settings.setValue(SettingsKeys::kContrast, m_contrast->currentData().toString());
    settings.sync();
    if (high != wasHigh) // at once: the window, the badges, the banner and the preview follow
        applyContrast(high ? ContrastChoice::High : ContrastChoice::System);
    Q_EMIT settingsApplied(cap);
    QDialog::accept();
}

void SettingsDialog::openSyncSettings()
{
    if (!m_sync)
        return;
    auto *dialog = new SyncSettingsDialog(*m_sync, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->open();
}

} // namespace LedgerCurator
