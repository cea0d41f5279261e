// SPDX-License-Identifier: GPL-3.0-or-later
#include "InterfaceTranslators.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>

namespace LedgerCurator {

InterfaceTranslators::~InterfaceTranslators()
{
    QTranslator *const translators[] = { &m_englishPlurals, &m_qt, &m_app };
    for (int i = 0; i < 3; ++i) {
        if (m_installed[i])
            QCoreApplication::removeTranslator(translators[i]);
    }
}

bool InterfaceTranslators::install(const QLocale &locale)
{
    const QString prefix = QStringLiteral("ledger-curator");
    const bool plurals
        = m_englishPlurals.load(prefix + QStringLiteral("_en"), QStringLiteral(":/i18n"));
    if (plurals)
        m_installed[0] = QCoreApplication::installTranslator(&m_englishPlurals);
    if (m_qt.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        m_installed[1] = QCoreApplication::installTranslator(&m_qt);
    // English is the sources' language: its plurals are installed above, whatever the locale.
    if (locale.language() != QLocale::English
        && m_app.load(locale, prefix, QStringLiteral("_"), QStringLiteral(":/i18n")))
        m_installed[2] = QCoreApplication::installTranslator(&m_app);
    return plurals;
}

} // namespace LedgerCurator
