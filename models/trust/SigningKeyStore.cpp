// SPDX-License-Identifier: GPL-3.0-or-later
#include "SigningKeyStore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTimer>

#include <qt6keychain/keychain.h>

namespace LedgerCurator {

namespace {

const QString kService = QStringLiteral("ledger-curator-signing-key");
constexpr QByteArrayView kFileHeader = "ledger-curator-signing-key-v1\n";
constexpr int kKeyringTimeoutMs = 10000;

//! Runs a keychain job to its end (or the timeout) in a local event loop.
std::pair<QKeychain::Error, QString> runJob(QKeychain::Job &job)
{
    job.setAutoDelete(false);
    QEventLoop loop;
    bool done = false;
    QObject::connect(&job, &QKeychain::Job::finished, &loop, [&] {
        done = true;
        loop.quit();
    });
    QTimer::singleShot(kKeyringTimeoutMs, &loop, &QEventLoop::quit);
    job.start();
    if (!done)
        loop.exec();
    if (!done)
        return { QKeychain::OtherError,
            QStringLiteral("the keyring did not answer within %1 seconds")
                .arg(kKeyringTimeoutMs / 1000) };
    return { job.error(), job.errorString() };
}

//! A file name for any curator name: readable letters kept, the rest replaced, and a short hash
//! so that two names never share a file.
QString fileNameFor(const QString &curator)
{
    QString safe;
    for (const QChar c : curator) {
        if (c.isLetterOrNumber() && c.unicode() < 128)
            safe += c.toLower();
        else if (!safe.endsWith(u'-'))
            safe += u'-';
    }
    const QString hash = QString::fromLatin1(
        QCryptographicHash::hash(curator.toUtf8(), QCryptographicHash::Sha256).left(4).toHex());
    return safe.left(40) + u'-' + hash + QStringLiteral(".key");
}

} // namespace

SigningKeyStore::SigningKeyStore(Backend backend, QString directory)
    : m_backend(backend)
    , m_directory(std::move(directory))
{
    if (m_directory.isEmpty())
        m_directory = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                          .filePath(QStringLiteral("signing-keys"));
}

SigningKeyStore::Backend SigningKeyStore::effectiveBackend() const
{
    if (m_backend != Backend::Automatic)
        return m_backend;
    const QString forced = qEnvironmentVariable("LC_SIGNING_KEY_STORE");
    if (forced == QLatin1String("file"))
        return Backend::File;
    if (forced == QLatin1String("keyring"))
        return Backend::Keyring;
    return qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS") ? Backend::File
                                                                   : Backend::Keyring;
}

QString SigningKeyStore::filePath(const QString &curator) const
{
    return QDir(m_directory).filePath(fileNameFor(curator));
}

Result<std::optional<SigningKey>> SigningKeyStore::readFile(const QString &curator) const
{
    const QString path = filePath(curator);
    QFile file(path);
    if (!file.exists())
        return std::optional<SigningKey>();
    if (!file.open(QIODevice::ReadOnly))
        return Error::failure(
            QStringLiteral("%1: cannot read the signing key: %2").arg(path, file.errorString()));
    const QByteArray content = file.read(4096);
    if (!content.startsWith(kFileHeader))
        return Error::badInput(
            QStringLiteral("%1:1: not a Ledger Curator signing key (expected '%2')")
                .arg(path, QString::fromLatin1(kFileHeader.trimmed())));
    const auto seed
        = fromBase64Url(QString::fromLatin1(content.mid(kFileHeader.size()).trimmed()), 32);
    if (!seed)
        return Error::badInput(
            QStringLiteral("%1:2: the key is damaged (expected 43 base64url characters)")
                .arg(path));
    return std::optional<SigningKey>(SigningKey::fromSeed(*seed));
}

Status SigningKeyStore::writeFile(const QString &curator, const SigningKey &key) const
{
    if (!QDir().mkpath(m_directory))
        return Error::failure(QStringLiteral("%1: cannot make the folder").arg(m_directory));
    QFile::setPermissions(
        m_directory, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    const QString path = filePath(curator);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)
        || !file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner))
        return Error::failure(
            QStringLiteral("%1: cannot write the signing key: %2").arg(path, file.errorString()));
    file.write(kFileHeader.data(), kFileHeader.size());
    file.write(toBase64Url(key.seed()).toLatin1() + '\n');
    if (!file.commit())
        return Error::failure(
            QStringLiteral("%1: cannot write the signing key: %2").arg(path, file.errorString()));
    return {};
}

Result<StoredSigningKey> SigningKeyStore::loadOrCreate(const QString &curator)
{
    if (curator.trimmed().isEmpty())
        return Error::badInput(QStringLiteral("no curator name: a signing key belongs to one"));
    // A key file is used wherever it is: a curator whose keyring came late keeps the same key.
    auto fromFile = readFile(curator);
    if (!fromFile)
        return fromFile.error();
    if (*fromFile)
        return StoredSigningKey { **fromFile, filePath(curator), false };

    QString keyringProblem;
    if (effectiveBackend() == Backend::Keyring) {
        QKeychain::ReadPasswordJob read(kService);
        read.setKey(curator);
        const auto [error, message] = runJob(read);
        if (error == QKeychain::NoError) {
            const auto seed = fromBase64Url(read.textData(), 32);
            if (!seed)
                return Error::badInput(
                    QStringLiteral("the system keyring's signing key for %1 is damaged")
                        .arg(curator));
            return StoredSigningKey { SigningKey::fromSeed(*seed),
                QStringLiteral("the system keyring"), false };
        }
        if (error == QKeychain::EntryNotFound) {
            const SigningKey key = SigningKey::generate();
            QKeychain::WritePasswordJob write(kService);
            write.setKey(curator);
            write.setTextData(toBase64Url(key.seed()));
            const auto [written, writeMessage] = runJob(write);
            if (written == QKeychain::NoError)
                return StoredSigningKey { key, QStringLiteral("the system keyring"), true };
            keyringProblem = writeMessage;
        } else {
            keyringProblem = message;
        }
        Q_UNUSED(keyringProblem) // the file below is the documented fallback
    }
    const SigningKey key = SigningKey::generate();
    if (auto written = writeFile(curator, key); !written)
        return written.error();
    return StoredSigningKey { key, filePath(curator), true };
}

} // namespace LedgerCurator
