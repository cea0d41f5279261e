// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where a curator's secret signing key is kept (docs/signatures.md): the system keyring through
// QtKeychain (service "ledger-curator-signing-key", one entry per curator name), else a file
// readable only by its owner, <AppDataLocation>/signing-keys/<name>.key (mode 0600 in a 0700
// folder). The key pair is made on first use. The app and its command line share it.

#include "EventSignature.h"
#include "Result.h"

#include <QString>

namespace LedgerCurator {

struct StoredSigningKey
{
    SigningKey key;
    QString where; // "the system keyring" or the file's path
    bool created = false; // made by this call
};

class SigningKeyStore final
{
public:
    enum class Backend {
        Automatic, // the keyring when a D-Bus session is there, else the file
        Keyring,
        File,
    };

    //! directory: where key files go (default: <AppDataLocation>/signing-keys). The environment
    //! variable LC_SIGNING_KEY_STORE=file|keyring overrides Automatic.
    explicit SigningKeyStore(Backend backend = Backend::Automatic, QString directory = {});

    //! The curator's key, made and stored on first use. A damaged key file is an error that
    //! names the file (it is never replaced silently: events signed with it would be orphaned).
    Result<StoredSigningKey> loadOrCreate(const QString &curator);
    //! The file a curator's key is kept in when the keyring is not used.
    QString filePath(const QString &curator) const;
    Backend effectiveBackend() const;

private:
    Result<std::optional<SigningKey>> readFile(const QString &curator) const;
    Status writeFile(const QString &curator, const SigningKey &key) const;

    Backend m_backend;
    QString m_directory;
};

} // namespace LedgerCurator
