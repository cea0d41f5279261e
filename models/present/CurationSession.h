// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CuratedRecord.h"
#include "Result.h"

#include <QObject>
#include <QUndoStack>

namespace LedgerCurator {

class Store;

//! One correction a curator asks for: a field of an observation to a value (nullopt: upstream).
struct FieldEdit
{
    QString observation;
    CurationField field = CurationField::State;
    std::optional<QString> value;
};

//! The record being curated: its corrections, the undo stack over them, and the writes to the
//! cache. Every write appends correction events; undo and redo append events too.
class CurationSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CurationSession)

public:
    explicit CurationSession(Store &store, QObject *parent = nullptr);
    ~CurationSession() override;

    //! Shows a record already loaded (for example in the background); clears the undo stack.
    void setRecord(CuratedRecord record);
    //! Loads a record from the cache.
    Status open(const QString &arxivId);
    void close();
    bool hasRecord() const { return !m_record.upstream.arxivId.isEmpty(); }
    const CuratedRecord &record() const { return m_record; }

    QString author() const { return m_author; }
    void setAuthor(const QString &author) { m_author = author; }

    QUndoStack *undoStack() { return &m_undoStack; }

    //! Records the edits as one undoable step named `description`. Edits that would not change
    //! what is shown are dropped; returns false when nothing was left to record.
    Result<bool> applyEdits(const QList<FieldEdit> &edits, const QString &description);

    //! Appends events for the given target values, each naming the current heads. Used by the
    //! undo commands; public for them only.
    Status writeValues(const QList<FieldEdit> &edits);

    //! Reloads the record from the cache (after a sync, say); keeps the undo stack.
    Status reload();

Q_SIGNALS:
    void recordLoaded();
    void recordChanged(const QStringList &observations);
    void errorOccurred(const QString &message);

private:
    Store &m_store;
    CuratedRecord m_record;
    QString m_author;
    QUndoStack m_undoStack;
};

//! The configured curator name (QSettings curator/name), else the login name.
QString defaultCuratorName();

} // namespace LedgerCurator
