// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTranslator>

class QLocale;

namespace LedgerCurator {

//! The translators of the interface (README, "Translations"), installed on the application in
//! the order Qt searches them (the last installed first): the English plurals
//! (:/i18n/ledger-curator_en.qm: the sources say "%n notice(s)", English needs "1 notice" and
//! "2 notices"), Qt's own strings in the language, and ours in the language. The .qm files are
//! embedded by lc_translations, which the executable links.
class InterfaceTranslators
{
public:
    InterfaceTranslators() = default;
    ~InterfaceTranslators();
    InterfaceTranslators(const InterfaceTranslators &) = delete;
    InterfaceTranslators &operator=(const InterfaceTranslators &) = delete;

    //! Installs the translators for \a locale; false when the English plurals are missing (an
    //! executable built without lc_translations).
    bool install(const QLocale &locale);

private:
    QTranslator m_englishPlurals;
    QTranslator m_qt;
    QTranslator m_app;
    bool m_installed[3] = {};
};

} // namespace LedgerCurator
