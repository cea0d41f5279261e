// SPDX-License-Identifier: GPL-3.0-or-later
#include "CorrectionWriter.h"

#include "CurationFieldInfo.h"
#include "Outbox.h"
#include "Store.h"

#include <QSet>

namespace LedgerCurator {

CorrectionWriter::CorrectionWriter(Store &store, QString author, SigningKey key)
    : m_store(store)
    , m_author(std::move(author))
    , m_key(std::move(key))
{
}

Result<WrittenCorrections> CorrectionWriter::write(
    const CuratedRecord &record, const QList<FieldEdit> &edits)
{
    if (m_author.isEmpty())
        return Error::badInput(QStringLiteral("a correction needs its curator's name"));
    WrittenCorrections out;
    QSet<FieldKey> seen;
    const QString now = nowUtc(m_store.clockCorrectionMs());
    for (const FieldEdit &edit : edits) {
        if (!record.upstream.findObservation(edit.observation)
            && !curationFieldInfo(edit.field).noticeDecision
            && !record.field(edit.observation, edit.field))
            return Error::badInput(QStringLiteral("record %1 has no observation %2")
                                       .arg(record.upstream.arxivId, edit.observation));
        const FieldKey key { edit.observation, edit.field };
        if (seen.contains(key))
            return Error::badInput(QStringLiteral("%1 of %2 is given twice")
                                       .arg(curationFieldKey(edit.field), edit.observation));
        seen.insert(key);
        const FieldState *current = record.field(edit.observation, edit.field);
        WrittenEdit written { edit, current ? current->value() : std::nullopt, {}, 0, 0 };
        if (!editChangesNothing(record, edit)) {
            const FieldState empty;
            const FieldState &state = current ? *current : empty;
            const QList<CorrectionEvent> made = makeEditEvents(state, record.upstream.arxivId,
                edit.observation, edit.field, edit.value, m_author, now);
            written.correction = made.constLast().id;
            written.resolvedHeads = state.isConflict() ? state.heads.size() : 0;
            written.merges = made.size() - 1;
            out.events.append(made);
        }
        out.edits.append(std::move(written));
    }
    if (out.events.isEmpty())
        return out;
    if (!m_key.isValid())
        return Error::failure(
            QStringLiteral("nothing recorded: no signing key for %1").arg(m_author));
    for (CorrectionEvent &event : out.events)
        signEvent(event, m_key);
    if (auto stored = m_store.addCorrections(out.events); !stored)
        return stored.error();
    return out;
}

Status CorrectionWriter::resignOutbox(QList<CorrectionEvent> events)
{
    if (!m_key.isValid())
        return Error::failure(QStringLiteral("no signing key for %1").arg(m_author));
    for (CorrectionEvent &event : events) {
        if (event.author != m_author)
            return Error::failure(QStringLiteral("correction %1 is by %2, not %3: it cannot be "
                                                 "signed with the key of %3")
                                      .arg(event.id, event.author, m_author));
        signEvent(event, m_key);
    }
    return Outbox(m_store).replaceEvents(events);
}

} // namespace LedgerCurator
