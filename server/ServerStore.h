// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The ledger server's storage: records, correction events in server order, the seq counter, the
// access tokens and the curators' public keys, through Qt Sql on SQLite (QSQLITE) or PostgreSQL
// (QPSQL). All SQL of the server lives here (ServerStore.cpp, and ServerStoreAccess.cpp for
// tokens and keys): prepared statements and bound values only.

#include "CurationLog.h"
#include "EventSignature.h"
#include "Notices.h"
#include "Record.h"
#include "Result.h"
#include "TrustedKeys.h"

#include <QByteArray>
#include <QList>
#include <QSet>
#include <QString>

#include <functional>
#include <optional>
#include <variant>

class QMutex;
class QSqlError;
class QSqlQuery;

namespace LedgerCurator {

struct SigningKey; // EventSignature.h

//! Where the server keeps its data: an SQLite file, or a PostgreSQL database.
struct DatabaseConfig
{
    enum class Backend { Sqlite, Postgres };
    Backend backend = Backend::Sqlite;
    QString sqlitePath; // SQLite: the file
    QString host; // PostgreSQL: a host name, an address, or a unix socket folder
    int port = 5432;
    QString user;
    QString password;
    QString database;
    //! How long a statement may wait for a lock before the request is answered 503.
    int busyTimeoutMs = 2000;

    //! An SQLite path, or postgresql://user[:password]@host[:port]/dbname[?host=/socket/dir].
    static Result<DatabaseConfig> parse(const QString &text);
    //! The database for messages, without the password.
    QString describe() const;
};

enum class Role { Reader = 1, Curator = 2, Admin = 3 };
QString roleName(Role role);
std::optional<Role> parseRole(QStringView text);

struct TokenInfo
{
    QString name;
    Role role = Role::Reader;
};

//! One row of `ledger-server token list`.
struct TokenRow
{
    QString name;
    Role role = Role::Reader;
    QString createdAt;
    QString revokedAt; // empty: live
};

//! A curator's registered public key (GET /v1/keys, `ledger-server key list`).
struct KeyRow
{
    QString keyId; // keyIdOf(the public key)
    QString curator; // the token's name it was registered with
    QString publicKey; // 43 base64url characters
    QString registeredAt; // canonical UTC
    QString revokedAt; // empty: live
    std::optional<qint64> revokedAfterSeq; // when revoked: the highest seq then stored
    std::optional<qint64> revokedAfterNoticeSeq {}; // and the highest notice seq

    bool isRevoked() const { return !revokedAt.isEmpty(); }
    //! The key as clients judge events with it; nullopt when its public key does not decode to
    //! its id (a damaged row).
    std::optional<CuratorKey> toCuratorKey() const;
};

//! What POST /v1/keys found.
enum class KeyRegistration {
    Registered, // new
    AlreadyRegistered, // to the same curator, live
    OtherCurator, // the key is another curator's
    Revoked, // the key was revoked: it cannot come back
};

// Errors are the shared Error (Result.h): Busy answers 503 and lets the client retry, Conflict
// answers 409 (LedgerApi.cpp maps the kinds).

//! One row of GET /v1/records.
struct RecordRow
{
    QString id;
    int version = 1;
    QString title;
    QString asOf;
    QString etag; // quoted: "\"0123...\""
};

struct StoredRecord
{
    QByteArray body; // exactly as writeRecordJson wrote it
    QString etag; // quoted
    bool bodyRead = true; // false: record() was told the client holds this etag
};

struct PutOutcome
{
    QString id;
    bool created = false;
    QString previousAsOf; // when replaced
    QString etag; // quoted
};

struct EventPage
{
    QList<CorrectionEvent> events; // each with its seq, in seq order
    qint64 latestSeq = 0; // the highest seq the server holds
};

struct StoredBatch
{
    qint64 stored = 0;
    qint64 duplicates = 0;
    QList<qint64> seqs; // for every event of the batch, in batch order
    //! Not empty: an event of the batch is signed with this key, revoked meanwhile; nothing was
    //! stored.
    QString revokedKeyId;
};

//! A page of GET /v1/notices: the current versions of notices, each with its seq and importedBy.
struct NoticePage
{
    QList<StandingNotice> notices {}; // in seq order
    qint64 latestSeq = 0; // the highest notice seq the server holds (same snapshot)
};

//! What storeNotices() did with one notice of a batch.
enum class NoticeOutcome {
    Stored, // new, or a version that supersedes the held one: a new seq
    Duplicate, // the held version says the same: its seq
    Stale, // the held version supersedes it: nothing stored; `current` is the held one
};
QString noticeOutcomeKey(NoticeOutcome outcome);

struct NoticeResult
{
    QString source {};
    QString sourceId {};
    qint64 seq = 0; // Stored: the new seq; else the seq of the current version
    NoticeOutcome outcome = NoticeOutcome::Stored;
    bool wasHeld = false; // a version was held before the batch (Stored: an update)
    std::optional<StandingNotice> current {}; // Stale: the version the server holds
};

//! Withdrawing what a complete list (import-notices without --partial) no longer names: every
//! listed notice of `sources` that neither the batch nor `keep` names gets a new version,
//! withdrawn.
struct NoticeWithdrawal
{
    QSet<QString> sources {};
    QSet<QString> keep {}; // refs (noticeRef) named by the list in rows that are no notices
    QString at {}; // the withdrawn versions' importedAt
    QString file {}; // the list's file name, kept on the withdrawn versions (importedFrom)
};

struct NoticeBatch
{
    qint64 stored = 0;
    qint64 duplicates = 0;
    qint64 stale = 0;
    QList<NoticeResult> results {}; // one per notice of the batch, in batch order
    QList<NoticeResult> withdrawn {}; // the versions withdrawn (NoticeWithdrawal), by ref
};

//! One named Qt Sql connection. A connection belongs to the thread that opened it: the server
//! gives each worker thread its own ServerStore.
class ServerStore final
{
public:
    enum class Migrate { Yes, No };

    //! writeLock, when given, serializes this process's SQLite write transactions (so that worker
    //! threads queue on a mutex instead of polling SQLite's busy handler); it must outlive the
    //! store.
    explicit ServerStore(DatabaseConfig config, QMutex *writeLock = nullptr);
    ~ServerStore();
    Q_DISABLE_COPY_MOVE(ServerStore)

    //! Connects and (with Migrate::Yes) brings the schema to the latest version; with
    //! Migrate::No, a schema older than this server's is an error.
    Status open(Migrate migrate = Migrate::Yes);
    const DatabaseConfig &config() const { return m_config; }
    //! Whether the connection was lost (PostgreSQL): open a new store rather than reuse this one.
    bool isBroken() const { return m_broken; }
    Result<int> schemaVersion() const;
    static int latestSchemaVersion();

    //! A new token for name with role: 32 random bytes, base64url. Only its SHA-256 is kept.
    Result<QString> addToken(const QString &name, Role role);
    //! The token's owner; nullopt for an unknown or revoked token. Read from the database on
    //! every request, never cached: a revoke holds at once for every server on the database.
    Result<std::optional<TokenInfo>> authenticate(const QByteArray &token) const;
    //! Every token, revoked ones too, by name then creation.
    Result<QList<TokenRow>> tokens() const;
    //! Revokes the live token of name (BadInput when it has none).
    Result<TokenRow> revokeToken(const QString &name);

    //! Every registered key, by registration.
    Result<QList<KeyRow>> keys() const;
    Result<std::optional<KeyRow>> key(const QString &keyId) const;
    //! Registers publicKey (32 bytes) for curator; `stored` gets the row as it is now.
    Result<KeyRegistration> registerKey(
        const QString &curator, const QByteArray &publicKey, KeyRow *stored = nullptr);
    //! Revokes a key: revoked_after_seq is the highest seq stored, under the lock storeEvents()
    //! takes, so an event signed with it is stored either before the revoke or not at all.
    //! BadInput for an unknown key id; a key revoked already is returned unchanged.
    Result<KeyRow> revokeKey(const QString &keyId);
    //! The highest seq an unsigned (legacy) event may have: the events stored before schema 3.
    Result<qint64> legacyUntilSeq() const;
    //! The server's identity key, made the first time it is asked for and kept in the database
    //! (so every server on one database has the same): it attests the curators' keys.
    Result<SigningKey> identityKey();

    Result<QList<RecordRow>> records() const;
    //! The record's body and etag. When `held(etag)` says the client holds that version (its
    //! If-None-Match), the body is not read (bodyRead is false): a 304 costs no body.
    Result<std::optional<StoredRecord>> record(
        const QString &id, const std::function<bool(const QString &etag)> &held = {}) const;
    //! Stores records in one transaction, all or nothing. A record older (as_of) than the stored
    //! one is a Conflict.
    Result<QList<PutOutcome>> putRecords(const QList<Record> &records);

    Result<qint64> latestSeq() const;
    //! Events with seq > after, in seq order, at most limit; read in one snapshot.
    Result<EventPage> events(qint64 after, qint64 limit) const;
    //! Stores a batch in one transaction, assigning seqs after the highest one. Idempotent by id:
    //! an event already held with the same content is a duplicate; with other content, a
    //! Conflict naming the id. The counter row is locked first, so seqs are gap-free and a later
    //! seq is never visible before an earlier one, even with several servers on one database.
    Result<StoredBatch> storeEvents(const QList<CorrectionEvent> &events);

    //! The current versions of the notices with seq > after, in seq order, at most limit, with
    //! the latest notice seq, in one snapshot (ServerStoreNotices.cpp).
    Result<NoticePage> notices(qint64 after, qint64 limit) const;
    //! Stores a batch of notices in one transaction, in batch order, each against the version
    //! held then (a notice named twice: the second meets the first): not held, or superseded by
    //! it (noticeSupersedes()): stored with the next notice seq and importedBy = by; the same
    //! content (sameNoticeContent()): a duplicate; else stale. importedBy and seq of the batch are
    //! ignored; their key id and signature are stored as given (checked by the caller). With
    //! `withdrawal`, then withdraws what the list no longer names (same transaction), each
    //! withdrawal version signed by `signer` (the server's key) when given. The 'notices'
    //! counter row is locked first, as storeEvents() locks the events' one: seqs are gap-free
    //! and visible in order.
    Result<NoticeBatch> storeNotices(const QList<StandingNotice> &notices, const QString &by,
        const std::optional<NoticeWithdrawal> &withdrawal = std::nullopt,
        const SigningKey *signer = nullptr);
    //! Every stored version (notice_versions) with seq > after, in seq order, at most limit,
    //! with the latest notice seq: what `ledger-server verify` checks.
    Result<NoticePage> noticeVersionsAfter(qint64 after, qint64 limit) const;
    //! The highest notice seq an unsigned (legacy) notice may have: those stored before schema 7.
    Result<qint64> noticesLegacyUntilSeq() const;
    //! Every version stored of one notice, oldest first, each with its seq and importedBy.
    Result<QList<StandingNotice>> noticeVersions(
        const QString &source, const QString &sourceId) const;

    //! SHA-256 of a token, lower-case hex: what the tokens table holds.
    static QString tokenHash(const QByteArray &token);
    //! The quoted ETag of a body: "\"" + first 32 hex chars of its SHA-256 + "\"".
    static QString etagFor(const QByteArray &body);

private:
    class Transaction;
    friend class Transaction;

    Status migrate();
    //! Locks the events' counter row until the transaction ends: what orders the storing of
    //! events (storeEvents()) and the revoking of keys (revokeKey()) across server processes.
    Status lockEventOrder();
    Status exec(const QString &sql) const;
    QSqlQuery prepare(const QString &sql) const;
    Error sqlError(const QSqlError &error, const QString &what) const;
    bool isSqlite() const { return m_config.backend == DatabaseConfig::Backend::Sqlite; }

    DatabaseConfig m_config;
    QMutex *m_writeLock = nullptr;
    QString m_connectionName;
    mutable bool m_broken = false;
    std::optional<SigningKey> m_identity; // identityKey(), once read
};

} // namespace LedgerCurator
