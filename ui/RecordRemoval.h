// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Store.h"

#include <QObject>

#include <functional>

class QAction;
class QMainWindow;
class QMenu;

namespace LedgerCurator {

class CurationSession;

//! Edit > Remove Record...: the shown record removed from the cache once the curator confirms
//! (docs/curation.md, "Removing a record"), as one step of the session's undo stack whose undo
//! puts it back exactly (its page, rows and counts; its corrections never left the log). The step
//! is a RecordStep: it stays on the stack while other records are shown.
class RecordRemover final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecordRemover)

public:
    RecordRemover(Store &store, CurationSession &session, QMainWindow *window);

    //! Adds Remove Record... (and a separator after it) to `menu`; it acts on the session's
    //! record when `busy` says the window is not loading one.
    QAction *addAction(QMenu *menu, std::function<bool()> busy);
    //! Asks whether to remove the record (a window-modal box, "removeRecordConfirmation", saying
    //! what goes and what is kept aside); its Remove button ("removeRecordButton") removes it.
    void confirmRemoval(const QString &arxivId);
    //! Removes the record now, as one undo step; false (and errorOccurred()) when it failed.
    bool remove(const QString &arxivId);

    //! The undo step's work: the record removed again (a fresh snapshot into `removal`), or put
    //! back. The record shown follows later (recordsChanged()).
    void removeAgain(RecordRemoval &removal);
    void putBack(const RecordRemoval &removal);

Q_SIGNALS:
    //! The cache's records changed: the list is read again, and `show` shown when not empty
    //! (a record put back), else the record shown kept when it is still there.
    void recordsChanged(const QString &show);
    void errorOccurred(const QString &message);

private:
    //! What the status bar says of a removal.
    QString removedText(const RecordRemoval &removal) const;
    //! After a removal: the session lets the record go (when it shows it), and the list follows.
    void afterRemoval(const QString &arxivId);

    Store &m_store;
    CurationSession &m_session;
    QMainWindow *m_window;
};

} // namespace LedgerCurator
