// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Signed correction events (docs/signatures.md): an Ed25519 signature (libsodium) over the
// canonical byte form of every member of the event but its seq, the key id included. A key id
// names a public key: the first 16 bytes of the SHA-256 of its 32 bytes, in lower-case hex.
// Keys and signatures travel in base64url without padding.

#include "CurationLog.h"
#include "Result.h"

#include <QByteArray>
#include <QString>

namespace LedgerCurator {

//! A curator's Ed25519 key pair. The secret key never leaves the machine it was made on except
//! through SigningKeyStore.
struct SigningKey
{
    QByteArray publicKey; // 32 bytes
    QByteArray secretKey; // 64 bytes (libsodium's seed + public key)

    bool isValid() const { return publicKey.size() == 32 && secretKey.size() == 64; }
    //! A fresh key pair from the system's random source.
    static SigningKey generate();
    //! The key pair of a 32-byte seed (what SigningKeyStore keeps); invalid for another size.
    static SigningKey fromSeed(const QByteArray &seed);
    QByteArray seed() const; // the first 32 bytes of secretKey
    QString keyId() const;
};

//! "ledger-curator-event-v1\n" then each member as "<UTF-8 byte count>:<bytes>\n" in this order:
//! id, record, observation, field key, value ("-\n" for null), the parents (their count as
//! "<n>\n", then each), author, created_at, key_id. No member's text can run into the next.
QByteArray canonicalEventBytes(const CorrectionEvent &event);
//! Appends one member of a canonical form: "<UTF-8 byte count>:<bytes>\n".
void appendCanonicalMember(QByteArray &out, const QString &text);

//! The key id of a 32-byte public key: 32 lower-case hex digits.
QString keyIdOf(const QByteArray &publicKey);
bool isKeyId(const QString &text);

QString toBase64Url(const QByteArray &bytes);
//! Strict: only the base64url alphabet, no padding, and exactly `size` bytes; nullopt otherwise.
std::optional<QByteArray> fromBase64Url(const QString &text, qsizetype size);

//! Signs the event in place: sets keyId from the key, then signature over the canonical bytes.
void signEvent(CorrectionEvent &event, const SigningKey &key);

//! Whether the event's signature verifies under publicKey, and the key id names that key.
//! Unsigned events do not verify.
bool verifyEventSignature(const CorrectionEvent &event, const QByteArray &publicKey);

//! An Ed25519 signature over any bytes (86 base64url characters), and its check: the two
//! primitives under events, bundle seals and the other signed forms.
QString signBytes(const QByteArray &message, const SigningKey &key);
bool verifyBytes(const QByteArray &message, const QString &signature, const QByteArray &publicKey);

//! A public key's fingerprint for people to compare: the SHA-256 of its 32 bytes as 64
//! lower-case hex digits in groups of four ("3f2a 9c01 ..."); its first 32 digits are the key id.
QString keyFingerprint(const QByteArray &publicKey);

//! The one canonical form of created_at: yyyy-MM-ddTHH:mm:ss.zzzZ in UTC (24 characters).
bool isCanonicalTimestamp(const QString &text);

} // namespace LedgerCurator
