// SPDX-License-Identifier: GPL-3.0-or-later
#include "CuratorIdentityDialog.h"
#include "FocusRing.h"
#include "ManualWindow.h"
#include "ThemeText.h"

#include "CurationSession.h"
#include "Orcid.h"
#include "SettingsKeys.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <algorithm>

namespace LedgerCurator {

CuratorIdentityFields::CuratorIdentityFields(
    const QString &name, const QString &orcid, bool nameRequired, QWidget *parent)
    : QWidget(parent)
    , m_nameRequired(nameRequired)
{
    setObjectName(QStringLiteral("curatorIdentityFields"));
    m_name = new QLineEdit(name, this);
    m_name->setObjectName(QStringLiteral("curatorNameEdit"));
    m_name->setMaxLength(100);
    m_name->setToolTip(tr("The name every correction you make carries; when you sync, it must be "
                          "the name your token was issued to."));
    m_orcid = new QLineEdit(orcid, this);
    m_orcid->setObjectName(QStringLiteral("curatorOrcidEdit"));
    m_orcid->setPlaceholderText(
        tr("optional, as in %1").arg(QStringLiteral("0000-0002-1825-0097")));
    m_orcid->setToolTip(tr("Your ORCID iD, or its https://orcid.org/ address"));
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("curatorIdentityProblem"));
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_problem->hide();

    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Curator &name:"), m_name);
    form->addRow(tr("&ORCID iD:"), m_orcid);
    form->addRow(QString(), m_problem);

    connect(m_name, &QLineEdit::textChanged, this, &CuratorIdentityFields::validate);
    connect(m_orcid, &QLineEdit::textChanged, this, &CuratorIdentityFields::validate);
    validate();
}

CuratorIdentityFields::~CuratorIdentityFields() = default;

QString CuratorIdentityFields::problem() const
{
    const QString name = m_name->text().trimmed();
    if (!name.isEmpty() || m_nameRequired) {
        if (const QString problem = curatorNameProblem(name); !problem.isEmpty())
            return problem;
    }
    if (!m_orcid->text().trimmed().isEmpty()) {
        if (auto orcid = normalizeOrcid(m_orcid->text()); !orcid)
            return tr("ORCID iD: %1").arg(orcid.error().message);
    }
    return {};
}

void CuratorIdentityFields::store(QSettings &settings) const
{
    const QString name = m_name->text().trimmed();
    if (name.isEmpty())
        settings.remove(SettingsKeys::kCuratorName);
    else
        settings.setValue(SettingsKeys::kCuratorName, name);
    auto orcid = normalizeOrcid(m_orcid->text());
    if (orcid)
        settings.setValue(SettingsKeys::kCuratorOrcid, *orcid);
    else
        settings.remove(SettingsKeys::kCuratorOrcid);
}

void CuratorIdentityFields::validate()
{
    const QString problem = this->problem();
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    Q_EMIT changed();
}

CuratorIdentityDialog::CuratorIdentityDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("curatorIdentityDialog"));
    Manual::setSection(this, QStringLiteral("settings"));
    setWindowTitle(tr("Who Is Curating?"));
    auto *intro = new QLabel(
        tr("Every correction records who made it, and is signed with a key kept on this "
           "computer for that name. Enter the name to record; if you sync with a server, use "
           "the name your sync token was issued to. You can change it later in Edit > Settings."),
        this);
    intro->setObjectName(QStringLiteral("curatorIdentityIntro"));
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::PlainText);
    m_fields = new CuratorIdentityFields(loginName(), QString(), true, this);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->setObjectName(QStringLiteral("buttonBox"));
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Save and Record"));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_fields);
    layout->addStretch();
    layout->addWidget(m_buttons);
    resize(std::max(460, sizeHint().width()), sizeHint().height());

    auto update = [this, layout] {
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_fields->problem().isEmpty());
        // A message of two or three wrapped lines (a wrong ORCID check digit) gets the room it
        // needs: the dialog was sized for none.
        layout->activate();
        const int needed = layout->hasHeightForWidth() ? layout->totalHeightForWidth(width())
                                                       : layout->totalSizeHint().height();
        if (height() < needed)
            resize(width(), needed);
    };
    connect(m_fields, &CuratorIdentityFields::changed, this, update);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &CuratorIdentityDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &CuratorIdentityDialog::reject);
    update();
    m_fields->nameEdit()->selectAll();
    m_fields->nameEdit()->setFocus(Qt::OtherFocusReason);
    addFocusRings(this); // its lists and tables show when they have the focus
    keepPlaceholdersReadable(this);
}

CuratorIdentityDialog::~CuratorIdentityDialog() = default;

void CuratorIdentityDialog::accept()
{
    if (!m_fields->problem().isEmpty())
        return;
    QSettings settings;
    m_fields->store(settings);
    settings.sync();
    QDialog::accept();
}

bool CuratorIdentityDialog::ask(QWidget *parent)
{
    CuratorIdentityDialog dialog(parent);
    return dialog.exec() == QDialog::Accepted && !configuredCuratorName().isEmpty();
}

bool ensureCuratorIdentity(const CurationSession &session, QWidget *parent)
{
    return !session.author().isEmpty() || CuratorIdentityDialog::ask(parent);
}

} // namespace LedgerCurator
