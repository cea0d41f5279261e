// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CuratedRecord.h"
#include "CurationLog.h"
#include "EventSignature.h"
#include "Result.h"

#include <QList>
#include <QString>

#include <optional>

namespace LedgerCurator {

class Store;

//! What CorrectionWriter::write() did with one edit.
struct WrittenEdit
{
    FieldEdit edit;
    std::optional<QString> before; // the value shown before (nullopt: upstream)
    //! The id of the edit's own event (the last of its events); empty when the edit recorded
    //! nothing because the field already showed its value (editChangesNothing()).
    QString correction;
    qsizetype resolvedHeads = 0; // the concurrent corrections it resolved (0: no conflict)
    qsizetype merges = 0; // merge events made to name them all (kMaxEventParents)
    bool recorded() const { return !correction.isEmpty(); }
};

//! What one write recorded.
struct WrittenCorrections
{
    QList<WrittenEdit> edits; // one per edit asked for, in their order
    QList<CorrectionEvent> events; // the events stored, parents first, all signed
    bool recordedNothing() const { return events.isEmpty(); }
};

//! The one writer of corrections (docs/curation.md, "Recording a correction"): whoever asks (the
//! window, `curate`, `undo`, `review`, `suggest --accept-matches`, batch edits, duplicates,
//! notice reviews), a correction is made here, checked, signed and stored. It takes the edits of
//! one record, drops every edit that would change nothing shown, makes the events of the others
//! at one time (naming the heads the caller's record shows; merge events where a conflict has
//! more heads than an event may name), signs every one with the author's key and stores them in
//! one transaction, all or none.
//!
//! The author and the key are settled before a write starts: no prompt, no key store inside.
class CorrectionWriter final
{
public:
    //! `author` must be a curator name (curatorNameProblem() empty) and `key` their key (it may be
    //! left invalid where the caller knows every edit changes nothing: editChangesNothing()).
    CorrectionWriter(Store &store, QString author, SigningKey key);

    const QString &author() const { return m_author; }

    //! Records `edits` of `record` (as the caller shows it) by the author, now (the cache's
    //! corrected clock). An edit given twice for one (observation, field) is refused.
    Result<WrittenCorrections> write(const CuratedRecord &record, const QList<FieldEdit> &edits);

    //! Signs events of the author already made and waiting in the outbox (made before
    //! signatures, or re-timed by a sync) and stores them in place, in one transaction. Events
    //! of another author are refused.
    Status resignOutbox(QList<CorrectionEvent> events);

private:
    Store &m_store;
    QString m_author;
    SigningKey m_key;
};

} // namespace LedgerCurator
