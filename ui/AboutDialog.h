// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QString>

namespace LedgerCurator {

//! Help > About Ledger Curator: the version, the license, the Qt version built with and run with,
//! where the cache and the settings are, and the homepage. Every line is selectable.
class AboutDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AboutDialog)

public:
    //! `cachePath`: the cache file the window works on.
    explicit AboutDialog(const QString &cachePath, QWidget *parent = nullptr);
    ~AboutDialog() override;

    static QString homepage();
};

} // namespace LedgerCurator
