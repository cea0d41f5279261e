// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFileDialog>
#include <QString>
#include <QStringList>

#include <functional>

class QWidget;

namespace LedgerCurator {

// Every file dialog of the app comes from here. Qt's own dialog, as it lists a folder, asks its
// icon provider for each file's icon and type, and the default provider reads the start of
// files to guess their MIME type: in the cache's folder that opened and closed the cache, its
// -wal and its -shm, and closing a descriptor is what drops SQLite's POSIX locks. These dialogs
// show names only: their icon provider decides by stat() (folder or file), never by content,
// no platform dialog runs code of its own in the process, and the cache's own files are not
// listed (nothing in them can be imported, and a PDF must not replace them). See
// docs/storage.md.

//! The dialog, set up as above; open() it. `objectName` names it for tests and accessibility.
QFileDialog *makeFileDialog(QWidget *parent, const QString &objectName, const QString &title,
    const QString &filter, QFileDialog::AcceptMode mode);

//! Asks for existing files to open (window-modal, not blocking); `chosen` gets them.
void chooseFilesToOpen(QWidget *parent, const QString &objectName, const QString &title,
    const QString &filter, bool several, std::function<void(const QStringList &)> chosen);
//! Asks for a file to write, starting at `suggested`; `chosen` gets it.
void chooseFileToSave(QWidget *parent, const QString &objectName, const QString &title,
    const QString &suggested, const QString &filter, std::function<void(const QString &)> chosen);

} // namespace LedgerCurator
