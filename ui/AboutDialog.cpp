// SPDX-License-Identifier: GPL-3.0-or-later
#include "AboutDialog.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>
#include <QtGlobal>

namespace LedgerCurator {

namespace {

QLabel *plainLabel(const QString &objectName, const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

AboutDialog::AboutDialog(const QString &cachePath, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About Ledger Curator"));

    auto *icon = new QLabel(this);
    icon->setObjectName(QStringLiteral("aboutIcon"));
    const QIcon windowIcon = QApplication::windowIcon();
    if (!windowIcon.isNull())
        icon->setPixmap(windowIcon.pixmap(64, 64));
    icon->setAlignment(Qt::AlignTop | Qt::AlignHCenter);

    auto *name = plainLabel(QStringLiteral("aboutName"), tr("Ledger Curator"), this);
    QFont nameFont = name->font();
    nameFont.setBold(true);
    nameFont.setPointSizeF(nameFont.pointSizeF() * 1.4);
    name->setFont(nameFont);
    auto *version = plainLabel(QStringLiteral("aboutVersion"),
        tr("Version %1").arg(QCoreApplication::applicationVersion()), this);
    auto *summary = plainLabel(QStringLiteral("aboutSummary"),
        tr("Curate Paper Citation Records: find, correct and review citation "
           "observations, preview and export the pages, and share corrections."),
        this);
    auto *license = plainLabel(QStringLiteral("aboutLicense"),
        tr("License: GPL-3.0-or-later. Free software: you may share and change it "
           "under the GNU General Public License, version 3 or later; it comes "
           "with no warranty."),
        this);

    auto *qt = plainLabel(QStringLiteral("aboutQtVersion"),
        tr("Built with Qt %1, running on Qt %2")
            .arg(QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion())),
        this);
    auto *cache
        = plainLabel(QStringLiteral("aboutCachePath"), QDir::toNativeSeparators(cachePath), this);
    auto *settings = plainLabel(QStringLiteral("aboutSettingsPath"),
        QDir::toNativeSeparators(QSettings().fileName()), this);
    // Paths have no spaces to wrap at, and the Qt line is short: the dialog widens instead.
    for (QLabel *label : { qt, cache, settings }) {
        label->setWordWrap(false);
        label->setToolTip(label->text()); // a long path may be cut at the edge of the screen
    }
    auto *link = new QLabel(this);
    link->setObjectName(QStringLiteral("aboutHomepage"));
    // A fixed URL, no text from elsewhere: rich text is safe here.
    link->setTextFormat(Qt::RichText);
    link->setText(QStringLiteral("<a href=\"%1\">%1</a>").arg(homepage()));
    link->setOpenExternalLinks(true);
    link->setTextInteractionFlags(Qt::TextBrowserInteraction);

    auto *details = new QFormLayout;
    details->setLabelAlignment(Qt::AlignLeft);
    details->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    details->addRow(tr("Qt:"), qt);
    details->addRow(tr("Cache:"), cache);
    details->addRow(tr("Settings:"), settings);
    details->addRow(tr("Homepage:"), link);

    auto *text = new QVBoxLayout;
    text->addWidget(name);
    text->addWidget(version);
    text->addSpacing(6);
    text->addWidget(summary);
    text->addWidget(license);
    text->addSpacing(6);
    text->addLayout(details);

    auto *top = new QHBoxLayout;
    top->addWidget(icon, 0, Qt::AlignTop);
    top->addSpacing(12);
    top->addLayout(text, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->setObjectName(QStringLiteral("buttonBox"));
    auto *aboutQt = buttons->addButton(tr("About &Qt"), QDialogButtonBox::HelpRole);
    aboutQt->setObjectName(QStringLiteral("aboutQtButton"));
    connect(aboutQt, &QPushButton::clicked, this, [] { QApplication::aboutQt(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addStretch();
    layout->addWidget(buttons);
    setMinimumWidth(560);
    adjustSize();
}

AboutDialog::~AboutDialog() = default;

QString AboutDialog::homepage()
{
    return QStringLiteral("https://github.com/ledgercurator/ledger-curator");
}

} // namespace LedgerCurator
