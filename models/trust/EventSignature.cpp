// SPDX-License-Identifier: GPL-3.0-or-later
#include "EventSignature.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QStringList>

#include <sodium.h>

namespace LedgerCurator {

namespace {

//! sodium_init() is thread-safe and may be called again; it fails only without a random source.
void ensureSodium()
{
    static const int ready = sodium_init();
    if (ready < 0)
        qFatal("libsodium could not be initialised");
}

} // namespace

void appendCanonicalMember(QByteArray &out, const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    out += QByteArray::number(utf8.size());
    out += ':';
    out += utf8;
    out += '\n';
}

SigningKey SigningKey::generate()
{
    ensureSodium();
    QByteArray seed(crypto_sign_SEEDBYTES, Qt::Uninitialized);
    randombytes_buf(seed.data(), size_t(seed.size()));
    SigningKey key = fromSeed(seed);
    sodium_memzero(seed.data(), size_t(seed.size()));
    return key;
}

SigningKey SigningKey::fromSeed(const QByteArray &seed)
{
    ensureSodium();
    SigningKey key;
    if (seed.size() != crypto_sign_SEEDBYTES)
        return key;
    key.publicKey.resize(crypto_sign_PUBLICKEYBYTES);
    key.secretKey.resize(crypto_sign_SECRETKEYBYTES);
    crypto_sign_seed_keypair(reinterpret_cast<unsigned char *>(key.publicKey.data()),
        reinterpret_cast<unsigned char *>(key.secretKey.data()),
        reinterpret_cast<const unsigned char *>(seed.constData()));
    return key;
}

QByteArray SigningKey::seed() const
{
    return secretKey.left(crypto_sign_SEEDBYTES);
}

QString SigningKey::keyId() const
{
    return keyIdOf(publicKey);
}

QByteArray canonicalEventBytes(const CorrectionEvent &event)
{
    QByteArray out("ledger-curator-event-v1\n");
    out.reserve(256 + (event.value ? event.value->size() * 3 : 0));
    appendCanonicalMember(out, event.id);
    appendCanonicalMember(out, event.record);
    appendCanonicalMember(out, event.observation);
    appendCanonicalMember(out, curationFieldKey(event.field));
    if (event.value)
        appendCanonicalMember(out, *event.value);
    else
        out += "-\n";
    out += QByteArray::number(event.parents.size());
    out += '\n';
    for (const QString &parent : event.parents)
        appendCanonicalMember(out, parent);
    appendCanonicalMember(out, event.author);
    appendCanonicalMember(out, event.createdAt);
    appendCanonicalMember(out, event.keyId);
    return out;
}

QString keyIdOf(const QByteArray &publicKey)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(publicKey, QCryptographicHash::Sha256).left(16).toHex());
}

bool isKeyId(const QString &text)
{
    if (text.size() != 32)
        return false;
    for (const QChar c : text) {
        if (!((c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f')))
            return false;
    }
    return true;
}

QString toBase64Url(const QByteArray &bytes)
{
    return QString::fromLatin1(
        bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

std::optional<QByteArray> fromBase64Url(const QString &text, qsizetype size)
{
    if (text.size() != (size * 4 + 2) / 3)
        return std::nullopt;
    for (const QChar c : text) {
        if (!((c >= u'A' && c <= u'Z') || (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9')
                || c == u'-' || c == u'_'))
            return std::nullopt;
    }
    auto decoded = QByteArray::fromBase64Encoding(
        text.toLatin1(), QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.size() != size)
        return std::nullopt;
    // Only the one encoding of these bytes (no stray bits in the last character).
    if (toBase64Url(decoded.decoded) != text)
        return std::nullopt;
    return decoded.decoded;
}

QString signBytes(const QByteArray &message, const SigningKey &key)
{
    ensureSodium();
    Q_ASSERT(key.isValid());
    QByteArray signature(crypto_sign_BYTES, Qt::Uninitialized);
    crypto_sign_detached(reinterpret_cast<unsigned char *>(signature.data()), nullptr,
        reinterpret_cast<const unsigned char *>(message.constData()),
        static_cast<unsigned long long>(message.size()),
        reinterpret_cast<const unsigned char *>(key.secretKey.constData()));
    return toBase64Url(signature);
}

bool verifyBytes(const QByteArray &message, const QString &signature, const QByteArray &publicKey)
{
    ensureSodium();
    if (publicKey.size() != crypto_sign_PUBLICKEYBYTES)
        return false;
    const auto bytes = fromBase64Url(signature, crypto_sign_BYTES);
    if (!bytes)
        return false;
    return crypto_sign_verify_detached(reinterpret_cast<const unsigned char *>(bytes->constData()),
               reinterpret_cast<const unsigned char *>(message.constData()),
               static_cast<unsigned long long>(message.size()),
               reinterpret_cast<const unsigned char *>(publicKey.constData()))
        == 0;
}

QString keyFingerprint(const QByteArray &publicKey)
{
    const QString hex = QString::fromLatin1(
        QCryptographicHash::hash(publicKey, QCryptographicHash::Sha256).toHex());
    QStringList groups;
    for (qsizetype i = 0; i < hex.size(); i += 4)
        groups.append(hex.mid(i, 4));
    return groups.join(u' ');
}

void signEvent(CorrectionEvent &event, const SigningKey &key)
{
    event.keyId = key.keyId();
    event.signature = signBytes(canonicalEventBytes(event), key);
}

bool verifyEventSignature(const CorrectionEvent &event, const QByteArray &publicKey)
{
    if (publicKey.size() != crypto_sign_PUBLICKEYBYTES || event.keyId != keyIdOf(publicKey))
        return false;
    return verifyBytes(canonicalEventBytes(event), event.signature, publicKey);
}

bool isCanonicalTimestamp(const QString &text)
{
    if (text.size() != 24 || !text.endsWith(u'Z'))
        return false;
    const QDateTime parsed
        = QDateTime::fromString(text, QStringLiteral("yyyy-MM-dd'T'HH:mm:ss.zzz'Z'"));
    return parsed.isValid();
}

} // namespace LedgerCurator
