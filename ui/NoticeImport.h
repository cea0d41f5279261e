// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Store.h"

#include <QObject>
#include <QString>

class QMainWindow;

namespace LedgerCurator {

class CurationSession;

//! Notices > Import Notices... (docs/notices.md, "Excerpts and complete lists"): asks whether the
//! file is an excerpt of the source's list (the default: nothing is withdrawn) or its complete
//! list; for a complete list, shows what it would withdraw (how many notices, the records they
//! concern, a record's own retraction first) and asks before writing; a withdrawal is one undo
//! step of the window (Ctrl+Z lists the notices again). Reading, planning and storing run in the
//! background.
class NoticeImport final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NoticeImport)

public:
    NoticeImport(Store &store, CurationSession &session, QMainWindow *window);

    //! Asks for the scope (dialog "noticeImportScope", excerpt chosen), then importFile().
    void chooseScopeAndImport(const QString &file);
    //! Imports the file as `scope`; a complete list that withdraws anything asks first
    //! (message box "withdrawalConfirm").
    void importFile(const QString &file, NoticeImportScope scope);

Q_SIGNALS:
    //! An import ended (ok: something was stored, or nothing needed to be), or an undo or redo of
    //! a withdrawal changed the notices: the views reload.
    void imported(bool ok);
    void errorOccurred(const QString &message);

private:
    struct Read;
    void confirmWithdrawals(const QString &file, Read read);
    void store(const QString &file, Read read);

    Store &m_store;
    CurationSession &m_session;
    QMainWindow *m_window = nullptr;
};

} // namespace LedgerCurator
