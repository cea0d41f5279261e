// SPDX-License-Identifier: GPL-3.0-or-later
// ServerStore's access control: the tokens (who may ask) and the curators' public keys (what
// their events must be signed with).
#include "ServerStore.h"

#include "EventSignature.h"
#include "ServerTransaction.h"

#include <QCryptographicHash>
#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>

#include <array>

namespace LedgerCurator {

namespace {

constexpr const char *kKeyColumns
    = "key_id, curator, public_key, registered_at, revoked_at, revoked_after_seq, "
      "revoked_after_notice_seq";

KeyRow keyOfRow(const QSqlQuery &query)
{
    KeyRow key;
    key.keyId = query.value(0).toString();
    key.curator = query.value(1).toString();
    key.publicKey = query.value(2).toString();
    key.registeredAt = query.value(3).toString();
    key.revokedAt = query.value(4).toString();
    if (!query.value(5).isNull())
        key.revokedAfterSeq = query.value(5).toLongLong();
    if (!query.value(6).isNull())
        key.revokedAfterNoticeSeq = query.value(6).toLongLong();
    return key;
}

} // namespace

std::optional<CuratorKey> KeyRow::toCuratorKey() const
{
    const auto decoded = fromBase64Url(publicKey, 32);
    if (!decoded || keyIdOf(*decoded) != keyId)
        return std::nullopt;
    CuratorKey key;
    key.keyId = keyId;
    key.curator = curator;
    key.publicKey = *decoded;
    key.registeredAt = registeredAt;
    key.revoked = isRevoked();
    if (key.revoked) {
        key.revokedAfterSeq = revokedAfterSeq.value_or(0);
        key.revokedAfterNoticeSeq = revokedAfterNoticeSeq;
    }
    return key;
}

// --- tokens -----------------------------------------------------------------------------------

QString ServerStore::tokenHash(const QByteArray &token)
{
    return QString::fromLatin1(QCryptographicHash::hash(token, QCryptographicHash::Sha256).toHex());
}

Result<QString> ServerStore::addToken(const QString &name, Role role)
{
    std::array<quint32, 8> words {}; // 32 bytes
    QRandomGenerator::system()->generate(words.begin(), words.end());
    const QByteArray raw(reinterpret_cast<const char *>(words.data()), sizeof(words));
    const QByteArray token
        = raw.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);

    Transaction transaction(*this, Transaction::Mode::Write);
    if (auto begun = transaction.begin(); !begun)
        return begun.error();
    QSqlQuery existing
        = prepare(QStringLiteral("SELECT 1 FROM tokens WHERE name = ? AND revoked_at IS NULL"));
    existing.addBindValue(name);
    if (!existing.exec())
        return sqlError(existing.lastError(), QStringLiteral("reading tokens"));
    if (existing.next())
        return Error::of(
            Error::Kind::BadInput, QStringLiteral("a token named '%1' exists already").arg(name));
    existing.finish();
    QSqlQuery insert = prepare(QStringLiteral(
        "INSERT INTO tokens (token_hash, name, role, created_at) VALUES (?, ?, ?, ?)"));
    insert.addBindValue(tokenHash(token));
    insert.addBindValue(name);
    insert.addBindValue(roleName(role));
    insert.addBindValue(nowUtcText());
    if (!insert.exec())
        return sqlError(insert.lastError(), QStringLiteral("storing the token"));
    if (auto committed = transaction.commit(); !committed)
        return committed.error();
    return QString::fromLatin1(token);
}

Result<std::optional<TokenInfo>> ServerStore::authenticate(const QByteArray &token) const
{
    QSqlQuery query = prepare(QStringLiteral(
        "SELECT name, role FROM tokens WHERE token_hash = ? AND revoked_at IS NULL"));
    query.addBindValue(tokenHash(token));
    if (!query.exec())
        return sqlError(query.lastError(), QStringLiteral("reading tokens"));
    if (!query.next())
        return std::optional<TokenInfo> {};
    const auto role = parseRole(query.value(1).toString());
    if (!role)
        return Error::of(Error::Kind::Failure,
            QStringLiteral("token of %1 has an unknown role").arg(query.value(0).toString()));
    return std::optional<TokenInfo>(TokenInfo { query.value(0).toString(), *role });
}

Result<QList<TokenRow>> ServerStore::tokens() const
{
    QSqlQuery query = prepare(QStringLiteral(
        "SELECT name, role, created_at, revoked_at FROM tokens ORDER BY name, created_at"));
    if (!query.exec())
        return sqlError(query.lastError(), QStringLiteral("listing tokens"));
    QList<TokenRow> rows;
    while (query.next()) {
        rows.append(TokenRow { query.value(0).toString(),
            parseRole(query.value(1).toString()).value_or(Role::Reader), query.value(2).toString(),
            query.value(3).toString() });
    }
    if (query.lastError().isValid())
        return sqlError(query.lastError(), QStringLiteral("listing tokens"));
    return rows;
}

Result<TokenRow> ServerStore::revokeToken(const QString &name)
{
    Transaction transaction(*this, Transaction::Mode::Write);
    if (auto begun = transaction.begin(); !begun)
        return begun.error();
    QSqlQuery live = prepare(QStringLiteral(
        "SELECT role, created_at FROM tokens WHERE name = ? AND revoked_at IS NULL"));
    live.addBindValue(name);
    if (!live.exec())
        return sqlError(live.lastError(), QStringLiteral("reading tokens"));
    if (!live.next())
        return Error::badInput(QStringLiteral("no live token named '%1'").arg(name));
    TokenRow row { name, parseRole(live.value(0).toString()).value_or(Role::Reader),
        live.value(1).toString(), nowUtcText() };
    live.finish();
    QSqlQuery revoke = prepare(
        QStringLiteral("UPDATE tokens SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL"));
    revoke.addBindValue(row.revokedAt);
    revoke.addBindValue(name);
    if (!revoke.exec())
        return sqlError(revoke.lastError(), QStringLiteral("revoking the token of %1").arg(name));
    if (auto committed = transaction.commit(); !committed)
        return committed.error();
    return row;
}

// --- curator keys -----------------------------------------------------------------------------

Result<QList<KeyRow>> ServerStore::keys() const
{
    QSqlQuery query = prepare(QStringLiteral("SELECT %1 FROM curator_keys ORDER BY registered_at, "
                                             "key_id")
                                  .arg(QLatin1String(kKeyColumns)));
    if (!query.exec())
        return sqlError(query.lastError(), QStringLiteral("listing keys"));
    QList<KeyRow> rows;
    while (query.next())
        rows.append(keyOfRow(query));
    if (query.lastError().isValid())
        return sqlError(query.lastError(), QStringLiteral("listing keys"));
    return rows;
}

Result<std::optional<KeyRow>> ServerStore::key(const QString &keyId) const
{
    QSqlQuery query = prepare(QStringLiteral("SELECT %1 FROM curator_keys WHERE key_id = ?")
                                  .arg(QLatin1String(kKeyColumns)));
    query.addBindValue(keyId);
    if (!query.exec())
        return sqlError(query.lastError(), QStringLiteral("reading key %1").arg(keyId));
    if (!query.next())
        return std::optional<KeyRow> {};
    return std::optional<KeyRow>(keyOfRow(query));
}

Result<KeyRegistration> ServerStore::registerKey(
    const QString &curator, const QByteArray &publicKey, KeyRow *stored)
{
    Transaction transaction(*this, Transaction::Mode::Write);
    if (auto begun = transaction.begin(); !begun)
        return begun.error();
    const QString keyId = keyIdOf(publicKey);
    auto existing = key(keyId);
    if (!existing)
        return existing.error();
    if (existing->has_value()) {
        const KeyRow &row = **existing;
        if (stored)
            *stored = row;
        if (row.isRevoked())
            return KeyRegistration::Revoked;
        return row.curator == curator ? KeyRegistration::AlreadyRegistered
                                      : KeyRegistration::OtherCurator;
    }
    const KeyRow row { keyId, curator, toBase64Url(publicKey), nowUtc(), {}, std::nullopt,
        std::nullopt };
    QSqlQuery insert = prepare(QStringLiteral("INSERT INTO curator_keys (key_id, curator, "
                                              "public_key, registered_at) VALUES (?, ?, ?, ?)"));
    insert.addBindValue(row.keyId);
    insert.addBindValue(row.curator);
    insert.addBindValue(row.publicKey);
    insert.addBindValue(row.registeredAt);
    if (!insert.exec())
        return sqlError(insert.lastError(), QStringLiteral("storing key %1").arg(keyId));
    if (auto committed = transaction.commit(); !committed)
        return committed.error();
    if (stored)
        *stored = row;
    return KeyRegistration::Registered;
}

Result<KeyRow> ServerStore::revokeKey(const QString &keyId)
{
    Transaction transaction(*this, Transaction::Mode::Write);
    if (auto begun = transaction.begin(); !begun)
        return begun.error();
    // The counter row first, as storeEvents() locks it: a batch signed with this key is stored
    // before the revoke (its seqs at or below revoked_after_seq) or sees the key revoked.
    if (auto locked = lockEventOrder(); !locked)
        return locked.error();
    auto existing = key(keyId);
    if (!existing)
        return existing.error();
    if (!existing->has_value())
        return Error::badInput(QStringLiteral("no key with id '%1'").arg(keyId));
    KeyRow row = **existing;
    if (row.isRevoked())
        return row;
    auto latest = latestSeq();
    if (!latest)
        return latest.error();
    // The notices' order too: a notice signed with this key is stored before the revoke (its
    // seq at or below revoked_after_notice_seq) or not at all.
    if (auto locked
        = exec(QStringLiteral("UPDATE counters SET value = value WHERE name = 'notices'"));
        !locked)
        return locked.error();
    QSqlQuery notices
        = prepare(QStringLiteral("SELECT value FROM counters WHERE name = 'notices'"));
    if (!notices.exec() || !notices.next())
        return sqlError(notices.lastError(), QStringLiteral("reading the latest notice seq"));
    row.revokedAfterNoticeSeq = notices.value(0).toLongLong();
    notices.finish();
    row.revokedAt = nowUtc();
    row.revokedAfterSeq = *latest;
    QSqlQuery revoke = prepare(QStringLiteral("UPDATE curator_keys SET revoked_at = ?, "
                                              "revoked_after_seq = ?, revoked_after_notice_seq = ? "
                                              "WHERE key_id = ?"));
    revoke.addBindValue(row.revokedAt);
    revoke.addBindValue(*row.revokedAfterSeq);
    revoke.addBindValue(*row.revokedAfterNoticeSeq);
    revoke.addBindValue(keyId);
    if (!revoke.exec())
        return sqlError(revoke.lastError(), QStringLiteral("revoking key %1").arg(keyId));
    if (auto committed = transaction.commit(); !committed)
        return committed.error();
    return row;
}

Result<qint64> ServerStore::legacyUntilSeq() const
{
    QSqlQuery query
        = prepare(QStringLiteral("SELECT value FROM counters WHERE name = 'legacy_until'"));
    if (!query.exec())
        return sqlError(query.lastError(), QStringLiteral("reading the legacy seq"));
    return query.next() ? query.value(0).toLongLong() : qint64(0);
}

Result<SigningKey> ServerStore::identityKey()
{
    if (m_identity)
        return *m_identity;
    auto read = [this]() -> Result<std::optional<SigningKey>> {
        QSqlQuery query
            = prepare(QStringLiteral("SELECT seed FROM server_identity WHERE name = 'identity'"));
        if (!query.exec())
            return sqlError(query.lastError(), QStringLiteral("reading the server's identity key"));
        if (!query.next())
            return std::optional<SigningKey> {};
        const auto seed = fromBase64Url(query.value(0).toString(), 32);
        if (!seed)
            return Error::failure(
                QStringLiteral("%1: the server's identity key (table server_identity) is damaged")
                    .arg(m_config.describe()));
        return std::optional<SigningKey>(SigningKey::fromSeed(*seed));
    };
    auto held = read();
    if (!held)
        return held.error();
    if (!held->has_value()) {
        // Two servers starting on one database: the first insert wins, both read it back.
        const SigningKey fresh = SigningKey::generate();
        Transaction transaction(*this, Transaction::Mode::Write);
        if (auto begun = transaction.begin(); !begun)
            return begun.error();
        QSqlQuery insert = prepare(QStringLiteral(
            "INSERT INTO server_identity (name, seed, created_at) VALUES ('identity', ?, ?)"
            " ON CONFLICT (name) DO NOTHING"));
        insert.addBindValue(toBase64Url(fresh.seed()));
        insert.addBindValue(nowUtc());
        if (!insert.exec())
            return sqlError(
                insert.lastError(), QStringLiteral("storing the server's identity key"));
        if (auto committed = transaction.commit(); !committed)
            return committed.error();
        held = read();
        if (!held)
            return held.error();
        if (!held->has_value())
            return Error::failure(QStringLiteral("%1: the server's identity key was not stored")
                                      .arg(m_config.describe()));
    }
    m_identity = **held;
    return *m_identity;
}

} // namespace LedgerCurator
