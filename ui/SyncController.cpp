// SPDX-License-Identifier: GPL-3.0-or-later
#include "SyncController.h"

#include "BackgroundJob.h"
#include "SettingsKeys.h"
#include "SigningKeyStore.h"
#include "Store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QMutexLocker>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include <qt6keychain/keychain.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <utility>

namespace LedgerCurator {

namespace {

constexpr int kKeyringTimeoutMs = 10000; // a keyring that does not answer counts as none
constexpr int kMaxIntervalMinutes = 24 * 60;

//! The limits on what the server may send, from the settings where they are set (and valid: a
//! value that is not a whole number in range is ignored, the default stays); a limit that trips
//! names the key that raises it.
void applySyncLimits(SyncOptions &options)
{
    const QSettings settings;
    auto read
        = [&settings](const QString &key, qint64 least, qint64 most) -> std::optional<qint64> {
        if (!settings.contains(key))
            return std::nullopt;
        bool ok = false;
        const qint64 n = settings.value(key).toLongLong(&ok);
        if (!ok || n < least || n > most)
            return std::nullopt;
        return n;
    };
    if (auto mb = read(SettingsKeys::kSyncMaxReplyMb, 1, qint64(1024) * 1024))
        options.maxReplyBytes = *mb * 1024 * 1024;
    if (auto seconds = read(SettingsKeys::kSyncRequestTimeoutSeconds, 0, 2'000'000))
        options.requestDeadlineMs = int(*seconds * 1000);
    if (auto seconds = read(SettingsKeys::kSyncTimeoutSeconds, 0, qint64(365) * 24 * 3600))
        options.syncDeadlineMs = *seconds * 1000;
    const QString where = QStringLiteral("the setting %1 in ") + settings.fileName();
    options.maxReplyHint = where.arg(SettingsKeys::kSyncMaxReplyMb) + QStringLiteral(" (MiB)");
    options.requestDeadlineHint
        = where.arg(SettingsKeys::kSyncRequestTimeoutSeconds) + QStringLiteral(" (seconds)");
    options.syncDeadlineHint
        = where.arg(SettingsKeys::kSyncTimeoutSeconds) + QStringLiteral(" (seconds)");
}

QString storeName(SyncController::TokenStore store)
{
    return store == SyncController::TokenStore::File ? QStringLiteral("file")
                                                     : QStringLiteral("keyring");
}

//! Starts a keychain job; `done(error, message)` is called once: when it finishes, or with
//! OtherError when the keyring has not answered in time (a late answer is then ignored).
//! The job has no parent: it deletes itself once it has finished (autoDelete), also when the
//! controller is gone by then, since the keyring's answer (D-Bus, libsecret) can come later
//! and must find the job alive; `context` only decides whether `done` still runs.
template <typename Done> void runKeychainJob(QKeychain::Job *job, QObject *context, Done done)
{
    job->setAutoDelete(true);
    auto answered = std::make_shared<bool>(false);
    QObject::connect(
        job, &QKeychain::Job::finished, context, [answered, done](QKeychain::Job *finished) {
            if (!std::exchange(*answered, true))
                done(finished->error(), finished->errorString());
        });
    QTimer::singleShot(kKeyringTimeoutMs, context, [answered, done] {
        if (!std::exchange(*answered, true))
            done(QKeychain::OtherError,
                SyncController::tr("the keyring did not answer within %1 seconds")
                    .arg(kKeyringTimeoutMs / 1000));
    });
    job->start();
}

} // namespace

//! Shared by the GUI thread and the worker: cancel() reaches the client in flight.
struct SyncController::RunState
{
    QMutex mutex;
    SyncClient *client = nullptr; // guarded by mutex; set while run() may be in progress
    std::atomic<bool> cancelled { false };

    void cancel()
    {
        QMutexLocker lock(&mutex);
        cancelled = true;
        if (client)
            client->cancel();
    }
    //! cancel() reaches `running` from now on; false (and not so) when cancelled already.
    bool attach(SyncClient *running)
    {
        QMutexLocker lock(&mutex);
        if (cancelled)
            return false;
        client = running;
        return true;
    }
    void detach()
    {
        QMutexLocker lock(&mutex);
        client = nullptr;
    }
};

SyncController::SyncController(QString cachePath, QObject *parent)
    : QObject(parent)
    , m_cachePath(std::move(cachePath))
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("syncController"));
    m_timer->setObjectName(QStringLiteral("autoSyncTimer"));
    connect(m_timer, &QTimer::timeout, this, &SyncController::autoSync);
    loadSettings();
    loadToken();
    updateTimer();
}

SyncController::~SyncController()
{
    ++m_tokenGeneration;
    if (m_running)
        m_running->cancel();
    // The worker posts progress to this object: it must be done before this object goes.
    m_queue.waitForDone();
}

QString SyncController::keyringService()
{
    return QStringLiteral("ledger-curator");
}

QString SyncController::tokenFilePath() const
{
    QString folder = QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation);
    if (folder.isEmpty())
        folder = QFileInfo(QSettings().fileName()).absolutePath();
    return folder + QStringLiteral("/token");
}

QString SyncController::serverUrlProblem(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return {};
    const QUrl url(trimmed, QUrl::StrictMode);
    if (!url.isValid())
        return tr("This is not a valid URL.");
    if (url.scheme() != u"http" && url.scheme() != u"https")
        return tr("The URL must start with http:// or https://.");
    if (url.host().isEmpty())
        return tr("The URL names no host.");
    if (url.hasQuery() || url.hasFragment())
        return tr("The URL must not have a query (?...) or a fragment (#...).");
    return {};
}

void SyncController::loadSettings()
{
    QSettings settings;
    const QString server = settings.value(SettingsKeys::kSyncServerUrl).toString().trimmed();
    m_server = serverUrlProblem(server).isEmpty() ? QUrl(server, QUrl::StrictMode) : QUrl();
    m_intervalMinutes = std::clamp(
        settings
            .value(SettingsKeys::kSyncIntervalMinutes, SettingsKeys::kDefaultSyncIntervalMinutes)
            .toInt(),
        0, kMaxIntervalMinutes);
    m_tokenStore
        = settings.value(SettingsKeys::kSyncTokenStore).toString() == storeName(TokenStore::File)
        ? TokenStore::File
        : TokenStore::Keyring;
}

void SyncController::loadToken()
{
    const int generation = ++m_tokenGeneration;
    m_token.clear();
    m_tokenLoading = false;
    if (m_server.isEmpty())
        return;
    if (m_tokenStore == TokenStore::File) {
        m_token = readTokenFile();
        return;
    }
    m_tokenLoading = true;
    auto *job = new QKeychain::ReadPasswordJob(keyringService());
    job->setInsecureFallback(false);
    job->setKey(SyncClient::serverKey(m_server));
    QPointer<QKeychain::ReadPasswordJob> reader(job);
    runKeychainJob(
        job, this, [this, generation, reader](QKeychain::Error error, const QString &message) {
            if (generation != m_tokenGeneration)
                return;
            m_tokenLoading = false;
            if (error == QKeychain::NoError && reader) {
                m_token = reader->textData().trimmed();
                keyringAnswered();
            } else if (error == QKeychain::EntryNotFound) {
                m_token = readTokenFile(); // stored before a keyring ran, if at all
                keyringAnswered();
            } else {
                keyringFailed(message);
                m_token = readTokenFile();
                m_tokenStore = TokenStore::File;
            }
            updateTimer();
            if (std::exchange(m_syncWhenLoaded, false))
                syncNow(m_pendingTrigger);
        });
}

void SyncController::keyringFailed(const QString &problem)
{
    m_keyringAvailable = false;
    m_keyringProblem = problem.isEmpty() ? tr("no system keyring is available") : problem;
    keyringAnswered();
}

void SyncController::keyringAnswered()
{
    if (!std::exchange(m_keyringChecked, true) || !m_keyringAvailable)
        Q_EMIT keyringChecked(m_keyringAvailable);
}

void SyncController::checkKeyring()
{
    if (m_keyringChecked || m_keyringCheckRunning)
        return;
    m_keyringCheckRunning = true;
    auto *job = new QKeychain::ReadPasswordJob(keyringService());
    job->setInsecureFallback(false);
    job->setKey(m_server.isEmpty() ? QStringLiteral("(check)") : SyncClient::serverKey(m_server));
    runKeychainJob(job, this, [this](QKeychain::Error error, const QString &message) {
        m_keyringCheckRunning = false;
        if (m_keyringChecked)
            return;
        if (error == QKeychain::NoError || error == QKeychain::EntryNotFound)
            keyringAnswered();
        else
            keyringFailed(message);
    });
}

QString SyncController::readTokenFile() const
{
    QFile file(tokenFilePath());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readLine(64 * 1024)).trimmed();
}

bool SyncController::writeTokenFile(const QString &token, QString *problem) const
{
    const QString path = tokenFilePath();
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        *problem = tr("cannot create the folder of %1").arg(path);
        return false;
    }
    QFile file(path);
    // Created readable by the owner only; an existing file is narrowed before the token goes in.
    const QFileDevice::Permissions ownerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate, ownerOnly)
        || !file.setPermissions(ownerOnly)) {
        *problem = tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    const QByteArray data = token.toUtf8() + '\n';
    if (file.write(data) != data.size() || !file.flush()) {
        *problem = tr("cannot write %1: %2").arg(path, file.errorString());
        file.close();
        QFile::remove(path);
        return false;
    }
    return true;
}

void SyncController::configure(const QUrl &server, const QString &token, int intervalMinutes)
{
    m_server = server.isEmpty() ? QUrl() : server.adjusted(QUrl::StripTrailingSlash);
    m_intervalMinutes = std::clamp(intervalMinutes, 0, kMaxIntervalMinutes);
    QSettings settings;
    settings.setValue(SettingsKeys::kSyncServerUrl, m_server.toString());
    settings.setValue(SettingsKeys::kSyncIntervalMinutes, m_intervalMinutes);
    m_token = token.trimmed();
    m_tokenLoading = false;
    m_syncWhenLoaded = false;
    storeToken(m_token);
    updateTimer();
    Q_EMIT settingsChanged();
}

void SyncController::storeToken(const QString &token)
{
    const int generation = ++m_tokenGeneration;
    auto useFile = [this](const QString &keyringProblem) {
        QString problem;
        if (!writeTokenFile(m_token, &problem)) {
            Q_EMIT errorOccurred(
                tr("The token could not be stored (it is kept until the app quits): %1")
                    .arg(problem));
            return;
        }
        m_tokenStore = TokenStore::File;
        QSettings().setValue(SettingsKeys::kSyncTokenStore, storeName(TokenStore::File));
        Q_EMIT tokenStored(TokenStore::File, keyringProblem);
    };
    if (token.isEmpty()) {
        QFile::remove(tokenFilePath());
        if (m_keyringAvailable && !m_server.isEmpty()) {
            auto *job = new QKeychain::DeletePasswordJob(keyringService());
            job->setKey(SyncClient::serverKey(m_server));
            runKeychainJob(job, this, [](QKeychain::Error, const QString &) {});
        }
        Q_EMIT tokenStored(m_tokenStore, {});
        return;
    }
    if (!m_keyringAvailable || m_server.isEmpty()) {
        useFile(m_keyringProblem);
        return;
    }
    auto *job = new QKeychain::WritePasswordJob(keyringService());
    job->setInsecureFallback(false);
    job->setKey(SyncClient::serverKey(m_server));
    job->setTextData(token);
    runKeychainJob(
        job, this, [this, generation, useFile](QKeychain::Error error, const QString &message) {
            if (generation != m_tokenGeneration)
                return;
            if (error != QKeychain::NoError) {
                keyringFailed(message);
                useFile(m_keyringProblem);
                return;
            }
            keyringAnswered();
            m_tokenStore = TokenStore::Keyring;
            QSettings().setValue(SettingsKeys::kSyncTokenStore, storeName(TokenStore::Keyring));
            QFile::remove(tokenFilePath()); // no copy of the token left behind
            Q_EMIT tokenStored(TokenStore::Keyring, {});
        });
}

void SyncController::updateTimer()
{
    if (m_intervalMinutes > 0 && isConfigured())
        m_timer->start(m_intervalMinutes * 60 * 1000);
    else
        m_timer->stop();
}

void SyncController::autoSync()
{
    if (!isRunning() && isConfigured())
        syncNow(Trigger::Timer);
}

bool SyncController::syncNow(Trigger trigger)
{
    if (isRunning() || !isConfigured())
        return false;
    if (m_tokenLoading) {
        m_syncWhenLoaded = true;
        m_pendingTrigger = trigger;
        return true;
    }
    if (m_token.isEmpty())
        return false;
    startRun(trigger);
    return true;
}

void SyncController::cancel()
{
    m_syncWhenLoaded = false;
    if (m_running)
        m_running->cancel();
}

void SyncController::startRun(Trigger trigger)
{
    auto state = std::make_shared<RunState>();
    m_running = state;
    m_lastTrigger = trigger;
    m_lastCancelled = false;
    SyncOptions options = m_options;
    applySyncLimits(options);
    options.server = m_server;
    options.token = m_token;
    options.curator = m_curator
        ? m_curator().trimmed()
        : QSettings().value(SettingsKeys::kCuratorName).toString().trimmed();
    // The worker reaches this object only through queued calls; the destructor waits for it.
    options.log = [this](const QString &message) {
        QMetaObject::invokeMethod(
            this, [this, message] { Q_EMIT syncMessage(message); }, Qt::QueuedConnection);
    };
    const SyncProgress progress = [this, state](const QString &step, qint64 done, qint64 total) {
        QMetaObject::invokeMethod(
            this, [this, step, done, total] { Q_EMIT syncProgress(step, done, total); },
            Qt::QueuedConnection);
        return !state->cancelled.load();
    };

    BackgroundJob::Options inQueue;
    inQueue.queue = &m_queue;
    BackgroundJob::start<Result<SyncReport>>(
        this, inQueue,
        [path = m_cachePath, options, progress, state](auto &) -> Result<SyncReport> {
            Store store(path);
            if (auto opened = store.open(); !opened)
                return opened.error();
            SyncOptions signing = options;
            if (!signing.curator.isEmpty()) {
                auto key = SigningKeyStore().loadOrCreate(signing.curator);
                if (!key)
                    return key.error();
                signing.signingKey = key->key;
            }
            signing.signingKeyFor = [](const QString &curator) -> Result<SigningKey> {
                auto key = SigningKeyStore().loadOrCreate(curator);
                if (!key)
                    return key.error();
                return key->key;
            };
            SyncClient client(store);
            if (!state->attach(&client))
                return Error::cancelled();
            Result<SyncReport> result = client.run(signing, progress);
            state->detach();
            return result;
        },
        [this, state](const Result<SyncReport> &result) {
            if (m_running == state)
                m_running.reset();
            updateTimer(); // the next automatic sync counts from the end of this one
            if (!result) {
                m_lastCancelled = result.error().kind == Error::Kind::Cancelled;
                Q_EMIT syncFinished(false, result.error().toString(), SyncReport {});
                return;
            }
            Q_EMIT syncFinished(true, QString(), *result);
        });
    Q_EMIT syncStarted();
}

} // namespace LedgerCurator
