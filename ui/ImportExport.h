// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Notices.h"

#include <QObject>
#include <QString>
#include <QStringList>

class QMainWindow;
class QMimeData;

namespace LedgerCurator {

class Store;
struct Error;
struct Record;

//! Ledger page files imported into the cache and a record exported to PDF, each in the
//! background with a cancellable progress dialog, and what the window says about them: the
//! status bar's message, the warnings of an import, why nothing was done.
class ImportExport final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImportExport)

public:
    //! `window`: the parent of the dialogs, and whose status bar tells what was done.
    ImportExport(Store &store, QMainWindow *window);

    //! Imports the files (in one transaction: all of them or none); `showFirst` makes
    //! imported() name the first record imported rather than the last.
    void importFiles(const QStringList &files, bool showFirst);
    //! Writes `record`'s page, every observation included, to the PDF file `path`; `ownNotices`
    //! (ownPaperNotices()) are said first on page 1.
    void exportPdf(
        const Record &record, const QString &path, QList<OwnPaperNotice> ownNotices = {});
    //! The local files a drag and drop carries (what a drop onto the window imports).
    static QStringList localFiles(const QMimeData *mime);

Q_SIGNALS:
    //! The import went through: the window lists the records again and shows `arxivId` (empty
    //! when nothing was imported). Before the status bar says so.
    void imported(const QString &arxivId);
    void importFinished(bool ok);
    void exportFinished(bool ok);
    void errorOccurred(const QString &message);

private:
    //! Why nothing was done: a cancel in the status bar (`cancelled`), anything else in a dialog
    //! (`failed`, with the error for %1).
    void showFailure(const Error &error, const QString &cancelled, const QString &failed);

    Store &m_store;
    QMainWindow *m_window = nullptr;
};

} // namespace LedgerCurator
