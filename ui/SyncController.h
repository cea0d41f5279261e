// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "BackgroundJob.h"
#include "SyncClient.h"

#include <QObject>

#include <QPointer>
#include <QString>
#include <QUrl>
#include <functional>

#include <memory>

class QTimer;

namespace LedgerCurator {

//! Sync in the desktop app: the server settings (QSettings sync/...), the token (the system
//! keyring through QtKeychain, else a file of mode 0600), a sync run in a worker thread with its
//! own Store on the cache file, and the optional sync every N minutes.
class SyncController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SyncController)

public:
    //! Where the token is kept.
    enum class TokenStore { Keyring, File };
    Q_ENUM(TokenStore)
    //! What started a sync.
    enum class Trigger { User, Timer };
    Q_ENUM(Trigger)

    //! `cachePath`: the cache file; the worker opens its own Store on it.
    explicit SyncController(QString cachePath, QObject *parent = nullptr);
    ~SyncController() override;

    QUrl serverUrl() const { return m_server; }
    QString token() const { return m_token; }
    int intervalMinutes() const { return m_intervalMinutes; }
    //! A server and a token are set (the token may still be loading from the keyring).
    bool isConfigured() const
    {
        return m_server.isValid() && !m_server.isEmpty() && (!m_token.isEmpty() || m_tokenLoading);
    }
    bool isTokenLoading() const { return m_tokenLoading; }

    //! Where the token is kept now (or, with none stored yet, where it will be).
    TokenStore tokenStore() const { return m_tokenStore; }
    //! False once the keyring has failed (no keyring runs, no D-Bus session): the file is used.
    bool keyringAvailable() const { return m_keyringAvailable; }
    //! Why the keyring is not used; empty while it is.
    QString keyringProblem() const { return m_keyringProblem; }
    //! A keyring job has answered, so keyringAvailable() is known rather than assumed.
    bool isKeyringChecked() const { return m_keyringChecked; }
    //! Asks the keyring for the token (a read, no write) to learn whether one runs;
    //! keyringChecked() follows. Done when the settings dialog opens, not at start-up, so that
    //! a locked keyring asks for its password only when the user is about to use it.
    void checkKeyring();
    //! The fallback token file: "token" under the application's config folder.
    QString tokenFilePath() const;

    //! Stores the settings and the token (keyring, else the file); tokenStored() tells where.
    //! An empty token removes the stored one.
    void configure(const QUrl &server, const QString &token, int intervalMinutes);

    bool isRunning() const { return m_running != nullptr; }
    Trigger lastTrigger() const { return m_lastTrigger; }
    //! The last sync that finished was cancelled.
    bool wasCancelled() const { return m_lastCancelled; }
    //! Starts a sync in a worker thread; false (and nothing started) when one runs already or
    //! nothing is configured. With the token still loading it starts once the token is there.
    bool syncNow(Trigger trigger = Trigger::User);
    //! Abandons the running sync; syncFinished() follows with a "cancelled" message.
    void cancel();
    //! Who the window's corrections are by (CurationSession::author()): the sync registers that
    //! curator's key and signs that curator's unsigned outbox events. Without it, the configured
    //! curator name.
    void setCurator(std::function<QString()> curator) { m_curator = std::move(curator); }

    //! Overrides the engine's timeouts and retry counts (tests); server and token are ignored.
    void setSyncOptions(const SyncOptions &options) { m_options = options; }

    //! Why `text` is not a usable server URL (http:// or https://, a host, no query or
    //! fragment); empty when it is. An empty text is no problem (no server).
    static QString serverUrlProblem(const QString &text);
    //! The service name under which the keyring holds tokens, keyed by server URL.
    static QString keyringService();

public Q_SLOTS:
    //! What the timer calls: a sync unless one runs or nothing is configured.
    void autoSync();

Q_SIGNALS:
    void settingsChanged();
    void keyringChecked(bool available);
    //! The token was stored (or removed) in `store`; `problem` says why the keyring was not used.
    void tokenStored(LedgerCurator::SyncController::TokenStore store, const QString &problem);
    //! Something the user should know of, such as a token that could not be stored.
    void errorOccurred(const QString &message);
    void syncStarted();
    //! step: "push", "records", "events"; done of total (total 0: unknown).
    void syncProgress(const QString &step, qint64 done, qint64 total);
    //! A retry or a record left alone, as one line.
    void syncMessage(const QString &message);
    //! ok false: `message` says why (Error::toString()); cancelled says "cancelled".
    void syncFinished(bool ok, const QString &message, const LedgerCurator::SyncReport &report);

private:
    struct RunState;
    void loadSettings();
    void loadToken();
    void storeToken(const QString &token);
    void keyringFailed(const QString &problem);
    void keyringAnswered();
    bool writeTokenFile(const QString &token, QString *problem) const;
    QString readTokenFile() const;
    void startRun(Trigger trigger);
    void updateTimer();

    QString m_cachePath;
    QUrl m_server;
    QString m_token;
    int m_intervalMinutes = 0;
    TokenStore m_tokenStore = TokenStore::Keyring;
    bool m_keyringAvailable = true;
    QString m_keyringProblem;
    bool m_keyringChecked = false;
    bool m_keyringCheckRunning = false;
    bool m_tokenLoading = false;
    int m_tokenGeneration = 0; // a newer load or store makes older keyring replies obsolete
    bool m_syncWhenLoaded = false;
    Trigger m_pendingTrigger = Trigger::User;
    Trigger m_lastTrigger = Trigger::User;
    bool m_lastCancelled = false;
    SyncOptions m_options;
    QTimer *m_timer = nullptr;
    //! One sync at a time, on a thread of its own: a slow server never holds up record loading.
    BackgroundJob::Queue m_queue { QStringLiteral("sync") };
    std::shared_ptr<RunState> m_running;
    std::function<QString()> m_curator;
};

} // namespace LedgerCurator
