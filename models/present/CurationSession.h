// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CuratedRecord.h"
#include "EventSignature.h"
#include "Result.h"

#include <QObject>
#include <QUndoStack>

#include <functional>
#include <optional>

namespace LedgerCurator {

class Store;

//! An undo step about the records themselves, not the shown record's corrections: a record's
//! removal (ui/RecordRemoval.h). It stays on the session's undo stack when another record is
//! shown, done or undone as it was, while the steps of the corrections go. Its apply() and
//! revert() must not show another record at once: they ask for it later (a queued call), once
//! the stack has moved.
class RecordStep : public QUndoCommand
{
public:
    using QUndoCommand::QUndoCommand;
    void redo() final;
    void undo() final;
    //! The next redo() or undo() does nothing: the step was applied before it was pushed, or it
    //! is put back on the stack as it was.
    void skipNext() { ++m_skip; }
    //! A step of its own with the same effect, for the stack rebuilt when the record changes.
    virtual RecordStep *clone() const = 0;

protected:
    virtual void apply() = 0;
    virtual void revert() = 0;

private:
    int m_skip = 0;
};

//! The record being curated: its corrections, the undo stack over them, and the writes to the
//! cache, through the one CorrectionWriter. Every write appends correction events; undo and redo
//! append events too. Without a curator name nothing is written: the window asks for one before
//! it asks for a correction, never from inside a write.
class CurationSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CurationSession)

public:
    explicit CurationSession(Store &store, QObject *parent = nullptr);
    ~CurationSession() override;

    //! Shows a record already loaded (for example in the background); clears the undo stack but
    //! for its RecordSteps.
    void setRecord(CuratedRecord record);
    //! Loads a record from the cache.
    Status open(const QString &arxivId);
    void close();
    bool hasRecord() const { return !m_record.upstream.arxivId.isEmpty(); }
    const CuratedRecord &record() const { return m_record; }

    //! Who the corrections are by: the name given to setAuthor(), else the configured curator
    //! name (QSettings curator/name, read at each correction); empty when there is none.
    QString author() const;
    void setAuthor(const QString &author) { m_author = author.trimmed(); }

    QUndoStack *undoStack() { return &m_undoStack; }
    //! Whether the step at `index` of the undo stack records notice reviews only (what the notice
    //! review window's Undo and Redo take back and redo; never another correction).
    bool isReviewStep(int index) const;

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
    //! Clears the undo stack, then puts its RecordSteps back as they were, done or undone.
    void clearKeepingRecordSteps();
    //! The author's signing key, loaded once per name.
    Result<SigningKey> signingKey(const QString &author);

    Store &m_store;
    CuratedRecord m_record;
    QString m_author;
    std::optional<std::pair<QString, SigningKey>> m_key;
    QUndoStack m_undoStack;
};

//! "Not recorded: a correction needs your curator name (Edit > Settings)." (translated).
QString notRecordedWithoutName();

//! The configured curator name (QSettings curator/name), trimmed; empty when none is set. There
//! is no fallback: a correction needs a name the curator chose (the server's token name).
QString configuredCuratorName();
//! The login name ($USER, $LOGNAME or $USERNAME), to suggest as the curator name; may be empty.
QString loginName();
//! Why `name` cannot be a curator name, empty when it can: the rule of the server's token names
//! (`ledger-server token add NAME`), 1 to 100 characters without spaces or control characters,
//! since a synced correction's author must be its token's name. Translated in the window.
QString curatorNameProblem(const QString &name);

//! The curator's signing key from SigningKeyStore (made on first use); the error says why not.
Result<SigningKey> loadCuratorKey(const QString &curator);

} // namespace LedgerCurator
