// SPDX-License-Identifier: GPL-3.0-or-later
// The parts of Store that keep trust (docs/signatures.md): the curators' public keys, events kept
// aside because they failed their check, and the clock correction a server gave.
#include "EventJson.h"
#include "EventSignature.h"
#include "Store.h"
#include "StoreWrite.h"

#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>

namespace LedgerCurator {

qint64 Store::clockCorrectionMs() const
{
    const auto value = meta(clockCorrectionKey());
    return value ? value->toLongLong() : 0;
}

Result<bool> Store::hasSynced() const
{
    auto seqs = metaWithPrefix(QStringLiteral("sync/"));
    if (!seqs)
        return seqs.error();
    // A sync that pulled no event stores no seq, but it names its server and the token's curator.
    for (auto it = seqs->cbegin(); it != seqs->cend(); ++it) {
        if (it.key().endsWith(QStringLiteral("/last_seq"))
            || it.key().endsWith(QStringLiteral("/curator")) || it.key() == u"last_server")
            return true;
    }
    return false;
}

Result<QStringList> Store::syncedCurators() const
{
    auto entries = metaWithPrefix(QStringLiteral("sync/"));
    if (!entries)
        return entries.error();
    QStringList names;
    for (auto it = entries->cbegin(); it != entries->cend(); ++it) {
        if (it.key().endsWith(QStringLiteral("/curator")) && !names.contains(it.value()))
            names.append(it.value());
    }
    names.sort();
    return names;
}

Result<KeyRing> Store::curatorKeys() const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    if (!query.exec(
            QStringLiteral("SELECT key_id, curator, public_key, registered_at, revoked,"
                           " revoked_after_seq, attested_by, attestation FROM curator_keys")))
        return sqlError(QStringLiteral("cannot read the curators' keys"), query.lastError());
    KeyRing keys;
    while (query.next()) {
        CuratorKey key;
        key.keyId = query.value(0).toString();
        key.curator = query.value(1).toString();
        key.publicKey = fromBase64Url(query.value(2).toString(), 32).value_or(QByteArray());
        key.registeredAt = query.value(3).toString();
        key.revoked = query.value(4).toInt() != 0;
        if (!query.value(5).isNull())
            key.revokedAfterSeq = query.value(5).toLongLong();
        key.attestedBy = query.value(6).toString();
        key.attestation = query.value(7).toString();
        keys.insert(key.keyId, std::move(key));
    }
    return keys;
}

Status Store::storeCuratorKeys(const QList<CuratorKey> &keys)
{
    Write write(*this);
    if (auto begun = write.begin(QStringLiteral("%1: cannot start storing keys").arg(m_path));
        !begun)
        return begun;
    QSqlDatabase db = database();
    if (auto status = writeCuratorKeys(db, keys); !status)
        return write.fail(status.error());
    return write.commit(QStringLiteral("%1: cannot commit keys").arg(m_path));
}

Status Store::writeCuratorKeys(QSqlDatabase &db, const QList<CuratorKey> &keys)
{
    QSqlQuery insert(db);
    // A key id names its public key (its hash), so a row never changes key; a revocation is kept
    // once learnt, whatever a later list says. The attestation follows the newest list that
    // does not take a revocation back (it signs the revocation too).
    insert.prepare(QStringLiteral(
        "INSERT INTO curator_keys (key_id, curator, public_key, registered_at, revoked,"
        " revoked_after_seq, attested_by, attestation) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT(key_id) DO UPDATE SET"
        " revoked = MAX(curator_keys.revoked, excluded.revoked),"
        " revoked_after_seq = CASE WHEN curator_keys.revoked THEN curator_keys.revoked_after_seq"
        " ELSE excluded.revoked_after_seq END,"
        " attested_by = CASE WHEN excluded.attestation <> '' AND excluded.revoked >="
        " curator_keys.revoked THEN excluded.attested_by ELSE curator_keys.attested_by END,"
        " attestation = CASE WHEN excluded.attestation <> '' AND excluded.revoked >="
        " curator_keys.revoked THEN excluded.attestation ELSE curator_keys.attestation END"
        " WHERE curator_keys.curator = excluded.curator"
        " AND curator_keys.public_key = excluded.public_key"));
    const QVariant nullSeq(QMetaType::fromType<qint64>());
    for (const CuratorKey &key : keys) {
        if (key.publicKey.size() != 32 || keyIdOf(key.publicKey) != key.keyId)
            return Error::badInput(
                QStringLiteral("key %1: the public key does not match its id").arg(key.keyId));
        insert.bindValue(0, key.keyId);
        insert.bindValue(1, key.curator);
        insert.bindValue(2, toBase64Url(key.publicKey));
        insert.bindValue(3, key.registeredAt);
        insert.bindValue(4, key.revoked ? 1 : 0);
        insert.bindValue(5, key.revokedAfterSeq ? QVariant(*key.revokedAfterSeq) : nullSeq);
        // Never NULL (a null QString binds as NULL): '' for a key no server attested.
        insert.bindValue(6, key.attestedBy.isNull() ? QStringLiteral("") : key.attestedBy);
        insert.bindValue(7, key.attestation.isNull() ? QStringLiteral("") : key.attestation);
        if (!insert.exec())
            return sqlError(
                QStringLiteral("cannot store key %1").arg(key.keyId), insert.lastError());
    }
    return {};
}

Result<ImportOutcome> Store::importBundle(
    const Record &record, const QList<CuratorKey> &keys, const QList<CorrectionEvent> &events)
{
    auto outcomes = importInTransaction({ record }, {}, {}, RecordCheck::AlreadyValidated,
        [&keys, &events](QSqlDatabase &db) -> Status {
            if (auto status = writeCuratorKeys(db, keys); !status)
                return status;
            return writeSyncedCorrections(db, events);
        });
    if (!outcomes)
        return outcomes.error();
    return outcomes->first();
}

Result<QList<Store::RejectedEvent>> Store::rejectedEvents(const QString &arxivId) const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT event, server, reason, received_at FROM rejected_events"
                                 " WHERE ? = '' OR record_id = ? ORDER BY received_at, id"));
    const QString id = arxivId.isNull() ? QStringLiteral("") : arxivId;
    query.addBindValue(id);
    query.addBindValue(id);
    if (!query.exec())
        return sqlError(QStringLiteral("cannot read the rejected events"), query.lastError());
    QList<RejectedEvent> out;
    while (query.next()) {
        const QJsonDocument json = QJsonDocument::fromJson(query.value(0).toByteArray());
        QString setAside; // an event kept aside for its text reads as it was received
        auto event = correctionFromJson(json.object(), QStringLiteral("rejected event"), &setAside);
        if (!event)
            continue; // kept as received; what does not read again is not shown
        out.append({ std::move(*event), query.value(1).toString(), query.value(2).toString(),
            query.value(3).toString() });
    }
    return out;
}

Status Store::writeRejected(QSqlDatabase &db, const QList<RejectedEvent> &rejected)
{
    QSqlQuery insert(db);
    insert.prepare(QStringLiteral(
        "INSERT INTO rejected_events (id, record_id, server, event, reason, received_at)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id, server) DO UPDATE SET"
        " event = excluded.event, reason = excluded.reason, received_at = excluded.received_at"));
    for (const RejectedEvent &r : rejected) {
        insert.bindValue(0, r.event.id);
        insert.bindValue(1, r.event.record);
        insert.bindValue(2, r.server);
        insert.bindValue(3,
            QString::fromUtf8(
                QJsonDocument(correctionToJson(r.event)).toJson(QJsonDocument::Compact)));
        insert.bindValue(4, r.reason);
        insert.bindValue(5, r.receivedAt);
        if (!insert.exec())
            return sqlError(
                QStringLiteral("cannot keep aside event %1").arg(r.event.id), insert.lastError());
    }
    return {};
}

} // namespace LedgerCurator
