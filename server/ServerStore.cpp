// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServerStore.h"

#include "RecordJson.h"
#include "ServerTransaction.h"
#include "SqlError.h"
#include "StoreSqlite.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMutex>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QUrl>
#include <QUrlQuery>
#include <QUuid>

#include <array>
#include <vector>

namespace LedgerCurator {

namespace {

//! One migration: its statements run in one transaction with the version bump.
struct Migration
{
    int version;
    // A vector, not an initializer_list: clang does not extend the lifetime of an
    // initializer_list's array inside this std::array's elements (it dangled: "empty query").
    std::vector<const char *> statements;
};

// The same SQL on SQLite and PostgreSQL: TEXT, INTEGER and BIGINT mean the same to both here.
// Record bodies are UTF-8 JSON text (writeRecordJson), so TEXT keeps them byte for byte.
const std::array kMigrations {
    Migration { 1,
        { "CREATE TABLE records ("
          " id TEXT PRIMARY KEY,"
          " version INTEGER NOT NULL,"
          " title TEXT NOT NULL,"
          " as_of TEXT NOT NULL,"
          " body TEXT NOT NULL,"
          " etag TEXT NOT NULL,"
          " updated_at TEXT NOT NULL)",
            "CREATE TABLE events ("
            " seq BIGINT PRIMARY KEY,"
            " id TEXT NOT NULL UNIQUE,"
            " record TEXT NOT NULL,"
            " observation TEXT NOT NULL,"
            " field TEXT NOT NULL,"
            " value TEXT NULL,"
            " parents TEXT NOT NULL,"
            " author TEXT NOT NULL,"
            " created_at TEXT NOT NULL,"
            " received_at TEXT NOT NULL)",
            "CREATE INDEX events_by_record ON events (record, observation)",
            "CREATE TABLE counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL)",
            "INSERT INTO counters (name, value) VALUES ('events', 0)",
            "INSERT INTO counters (name, value) VALUES ('records', 0)",
            "CREATE TABLE tokens ("
            " token_hash TEXT PRIMARY KEY,"
            " name TEXT NOT NULL UNIQUE,"
            " role TEXT NOT NULL CHECK (role IN ('reader', 'curator', 'admin')),"
            " created_at TEXT NOT NULL)" } },
    // 2: a record's body is its last column. SQLite keeps a row's columns in order and a large
    // body on a chain of overflow pages, so every column after it (the etag) was reached by
    // walking the whole chain: listing the records, or answering 304, read every body.
    Migration { 2,
        { "CREATE TABLE records_v2 ("
          " id TEXT PRIMARY KEY,"
          " version INTEGER NOT NULL,"
          " title TEXT NOT NULL,"
          " as_of TEXT NOT NULL,"
          " etag TEXT NOT NULL,"
          " updated_at TEXT NOT NULL,"
          " body TEXT NOT NULL)",
            "INSERT INTO records_v2 (id, version, title, as_of, etag, updated_at, body)"
            " SELECT id, version, title, as_of, etag, updated_at, body FROM records",
            "DROP TABLE records", "ALTER TABLE records_v2 RENAME TO records" } },
    // 3: signed corrections (docs/signatures.md). An event keeps its key id and signature; the
    // curators' public keys are registered here, revocable; a token can be revoked, and its
    // curator given a new one under the same name (so the name is unique among live tokens
    // only, which SQLite can change only by making the table anew). The events stored before
    // are legacy: unsigned, they pass at clients only up to the 'legacy_until' seq.
    Migration { 3,
        { "ALTER TABLE events ADD COLUMN key_id TEXT NULL",
            "ALTER TABLE events ADD COLUMN signature TEXT NULL",
            "CREATE TABLE curator_keys ("
            " key_id TEXT PRIMARY KEY,"
            " curator TEXT NOT NULL,"
            " public_key TEXT NOT NULL,"
            " registered_at TEXT NOT NULL,"
            " revoked_at TEXT NULL,"
            " revoked_after_seq BIGINT NULL)",
            "CREATE TABLE tokens_v3 ("
            " token_hash TEXT PRIMARY KEY,"
            " name TEXT NOT NULL,"
            " role TEXT NOT NULL CHECK (role IN ('reader', 'curator', 'admin')),"
            " created_at TEXT NOT NULL,"
            " revoked_at TEXT NULL)",
            "INSERT INTO tokens_v3 (token_hash, name, role, created_at)"
            " SELECT token_hash, name, role, created_at FROM tokens",
            "DROP TABLE tokens", "ALTER TABLE tokens_v3 RENAME TO tokens",
            "CREATE UNIQUE INDEX tokens_live_name ON tokens (name) WHERE revoked_at IS NULL",
            "INSERT INTO counters (name, value)"
            " SELECT 'legacy_until', value FROM counters WHERE name = 'events'" } },
    // 4: standing notices as team data (docs/notices.md). `notices` holds the current
    // version of each notice, by its identity (source, source_id); `notice_versions` every
    // version ever stored, appended only. Each stored version takes the next value of the
    // 'notices' counter (locked like the events' one), so notice seqs are gap-free and become
    // visible in order; a notice's seq changes with every new version.
    Migration { 4,
        { "CREATE TABLE notices ("
          " source TEXT NOT NULL,"
          " source_id TEXT NOT NULL,"
          " seq BIGINT NOT NULL UNIQUE,"
          " work TEXT NOT NULL,"
          " event_kind TEXT NOT NULL,"
          " nature TEXT NOT NULL,"
          " event_date TEXT NOT NULL,"
          " event_source TEXT NOT NULL,"
          " notice_doi TEXT NOT NULL,"
          " detail TEXT NOT NULL,"
          " title TEXT NOT NULL,"
          " journal TEXT NOT NULL,"
          " urls TEXT NOT NULL,"
          " origin TEXT NOT NULL,"
          " status TEXT NOT NULL CHECK (status IN ('listed', 'withdrawn')),"
          " imported_at TEXT NOT NULL,"
          " imported_by TEXT NOT NULL,"
          " received_at TEXT NOT NULL,"
          " PRIMARY KEY (source, source_id))",
            "CREATE TABLE notice_versions ("
            " seq BIGINT PRIMARY KEY,"
            " source TEXT NOT NULL,"
            " source_id TEXT NOT NULL,"
            " work TEXT NOT NULL,"
            " event_kind TEXT NOT NULL,"
            " nature TEXT NOT NULL,"
            " event_date TEXT NOT NULL,"
            " event_source TEXT NOT NULL,"
            " notice_doi TEXT NOT NULL,"
            " detail TEXT NOT NULL,"
            " title TEXT NOT NULL,"
            " journal TEXT NOT NULL,"
            " urls TEXT NOT NULL,"
            " origin TEXT NOT NULL,"
            " status TEXT NOT NULL CHECK (status IN ('listed', 'withdrawn')),"
            " imported_at TEXT NOT NULL,"
            " imported_by TEXT NOT NULL,"
            " received_at TEXT NOT NULL)",
            "CREATE INDEX notice_versions_by_notice ON notice_versions (source, source_id, seq)",
            "INSERT INTO counters (name, value) VALUES ('notices', 0)" } },
    // 5: each notice version's list (docs/notices.md, "Excerpts and complete lists"): the file it
    // came from (for a withdrawal, the complete list that no longer names it) and the list's date.
    Migration { 5,
        { "ALTER TABLE notices ADD COLUMN imported_from TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE notices ADD COLUMN listed_as_of TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE notice_versions ADD COLUMN imported_from TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE notice_versions ADD COLUMN listed_as_of TEXT NOT NULL DEFAULT ''" } },
    // 6: the server's identity key (docs/signatures.md), made on first use (identityKey()): it
    // attests the curators' keys in GET /v1/keys. One row, shared by every server on the database.
    Migration { 6,
        { "CREATE TABLE server_identity ("
          " name TEXT PRIMARY KEY,"
          " seed TEXT NOT NULL,"
          " created_at TEXT NOT NULL)" } },
    // 7: signed notices (docs/signatures.md, "Notices"): each version's key id and signature
    // ('' for the versions stored before, which are legacy: unsigned, they pass at clients only up
    // to the 'notices_legacy_until' seq, the highest notice seq held now).
    Migration { 7,
        { "ALTER TABLE notices ADD COLUMN key_id TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE notices ADD COLUMN signature TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE notice_versions ADD COLUMN key_id TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE notice_versions ADD COLUMN signature TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE curator_keys ADD COLUMN revoked_after_notice_seq BIGINT NULL",
            "INSERT INTO counters (name, value)"
            " SELECT 'notices_legacy_until', value FROM counters WHERE name = 'notices'" } },
};

// Held (PostgreSQL, session level) while migrating, so that two servers starting together on
// one database do not both migrate.
constexpr qint64 kMigrationLockKey = 0x4c65646765720001; // "Ledger" + 1

QString parentsText(const QStringList &parents)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(parents)).toJson(QJsonDocument::Compact));
}

QStringList parentsFromText(const QString &text)
{
    QStringList parents;
    const QJsonArray array = QJsonDocument::fromJson(text.toUtf8()).array();
    for (const QJsonValue &v : array)
        parents.append(v.toString());
    return parents;
}

QVariant nullableText(const std::optional<QString> &value)
{
    return value ? QVariant(*value) : QVariant(QMetaType::fromType<QString>());
}

//! Everything of an event but its seq, its signature included: what must match for a retried event
//! to be a duplicate.
bool sameContent(const CorrectionEvent &a, const CorrectionEvent &b)
{
    return a.id == b.id && a.record == b.record && a.observation == b.observation
        && a.field == b.field && a.value == b.value && a.parents == b.parents
        && a.author == b.author && a.createdAt == b.createdAt && a.keyId == b.keyId
        && a.signature == b.signature;
}

//! A row of a QSqlQuery read as a StoreSqlite::SqliteStatement row is, so that eventOfRow()
//! maps the columns once for both backends.
struct QSqlRow
{
    const QSqlQuery &query;
    qint64 integer(int column) const { return query.value(column).toLongLong(); }
    QString text(int column) const { return query.value(column).toString(); }
    bool isNull(int column) const { return query.value(column).isNull(); }
};

//! The event of a row (seq, id, record, observation, field, value, parents, author,
//! created_at, key_id, signature). `Row` is a StoreSqlite::SqliteStatement (SQLite) or a QSqlRow
//! (PostgreSQL).
template <typename Row> Result<CorrectionEvent> eventOfRow(const Row &row)
{
    CorrectionEvent e;
    e.seq = row.integer(0);
    e.id = row.text(1);
    e.record = row.text(2);
    e.observation = row.text(3);
    const QString fieldName = row.text(4);
    const auto field = parseCurationField(fieldName);
    if (!field)
        return Error::failure(
            QStringLiteral("event %1 has an unknown field '%2'").arg(e.id, fieldName));
    e.field = *field;
    if (!row.isNull(5))
        e.value = row.text(5);
    e.parents = parentsFromText(row.text(6));
    e.author = row.text(7);
    e.createdAt = row.text(8);
    if (!row.isNull(9))
        e.keyId = row.text(9);
    if (!row.isNull(10))
        e.signature = row.text(10);
    return e;
}

//! A failed SQLite call (result code `rc`) as an Error: Busy for SQLITE_BUSY and SQLITE_LOCKED.
Error sqliteError(int rc, const QString &message)
{
    const int primary = rc & 0xff;
    return Error::of(primary == SQLITE_BUSY || primary == SQLITE_LOCKED ? Error::Kind::Busy
                                                                        : Error::Kind::Failure,
        QStringLiteral("%1 (%2)").arg(message).arg(rc));
}

} // namespace

// --- DatabaseConfig ---------------------------------------------------------------------------

Result<DatabaseConfig> DatabaseConfig::parse(const QString &text)
{
    DatabaseConfig config;
    if (text.trimmed().isEmpty())
        return Error::badInput(QStringLiteral("--db: empty database name"));
    if (!text.startsWith(QStringLiteral("postgresql://"), Qt::CaseInsensitive)
        && !text.startsWith(QStringLiteral("postgres://"), Qt::CaseInsensitive)) {
        config.backend = Backend::Sqlite;
        config.sqlitePath = text;
        return config;
    }
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return Error::badInput(QStringLiteral("--db: not a valid URL: %1").arg(url.errorString()));
    config.backend = Backend::Postgres;
    config.host = url.host(QUrl::FullyDecoded);
    config.port = url.port(5432);
    config.user = url.userName(QUrl::FullyDecoded);
    config.password = url.password(QUrl::FullyDecoded);
    config.database = url.path(QUrl::FullyDecoded).mid(1);
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == u"host")
            config.host = value;
        else if (key == u"port") {
            bool ok = false;
            config.port = value.toInt(&ok);
            if (!ok || config.port <= 0 || config.port > 65535)
                return Error::badInput(QStringLiteral("--db: bad port '%1'").arg(value));
        } else if (key == u"user")
            config.user = value;
        else if (key == u"password")
            config.password = value;
        else
            return Error::badInput(QStringLiteral(
                "--db: unknown URL parameter '%1' (known: host, port, user, password)")
                                       .arg(key));
    }
    if (config.database.isEmpty() || config.database.contains(u'/'))
        return Error::badInput(
            QStringLiteral("--db: name the database: postgresql://USER@HOST:PORT/DBNAME"));
    if (config.host.isEmpty())
        config.host = QStringLiteral("localhost");
    return config;
}

QString DatabaseConfig::describe() const
{
    if (backend == Backend::Sqlite)
        return QDir::toNativeSeparators(sqlitePath);
    QString out = QStringLiteral("postgresql://");
    if (!user.isEmpty())
        out += user + u'@';
    if (host.startsWith(u'/'))
        return out + QStringLiteral("/") + database + QStringLiteral("?host=") + host
            + QStringLiteral(" port ") + QString::number(port);
    return out + host + u':' + QString::number(port) + u'/' + database;
}

QString roleName(Role role)
{
    switch (role) {
    case Role::Reader:
        return QStringLiteral("reader");
    case Role::Curator:
        return QStringLiteral("curator");
    case Role::Admin:
        return QStringLiteral("admin");
    }
    return QStringLiteral("reader");
}

std::optional<Role> parseRole(QStringView text)
{
    for (Role role : { Role::Reader, Role::Curator, Role::Admin }) {
        if (text == roleName(role))
            return role;
    }
    return std::nullopt;
}

// --- ServerStore ------------------------------------------------------------------------------

ServerStore::ServerStore(DatabaseConfig config, QMutex *writeLock)
    : m_config(std::move(config))
    , m_writeLock(writeLock)
    , m_connectionName(
          QStringLiteral("ledger-server-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
{
}

ServerStore::~ServerStore()
{
    if (QSqlDatabase::contains(m_connectionName)) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_connectionName);
    }
}

int ServerStore::latestSchemaVersion()
{
    return kMigrations.back().version;
}

Status ServerStore::open(Migrate migrate)
{
    const bool sqlite = isSqlite();
    QSqlDatabase db = QSqlDatabase::addDatabase(
        sqlite ? QStringLiteral("QSQLITE") : QStringLiteral("QPSQL"), m_connectionName);
    if (!db.isValid())
        return Error::of(Error::Kind::Failure,
            QStringLiteral("the Qt SQL driver %1 is not available").arg(db.driverName()));
    if (sqlite) {
        // SQLite's locks on descriptors no other close() can drop (models/sqlite/SqliteLocks.h).
        if (QString why; !SqliteLocks::install(&why))
            qWarning("SQLite's locks stay per process (%s)", qPrintable(why));
        const QFileInfo file(m_config.sqlitePath);
        if (!file.absoluteDir().exists() && !QDir().mkpath(file.absolutePath()))
            return Error::of(Error::Kind::Failure,
                QStringLiteral("%1: cannot create the folder").arg(file.absolutePath()));
        db.setDatabaseName(m_config.sqlitePath);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(m_config.busyTimeoutMs));
    } else {
        db.setHostName(m_config.host);
        db.setPort(m_config.port);
        db.setDatabaseName(m_config.database);
        db.setUserName(m_config.user);
        db.setPassword(m_config.password);
        db.setConnectOptions(QStringLiteral("connect_timeout=10;application_name=ledger-server"));
    }
    if (!db.open()) {
        const QSqlError error = db.lastError();
        return Error::of(sqlite ? Error::Kind::Failure : Error::Kind::Busy,
            QStringLiteral("cannot open %1: %2").arg(m_config.describe(), error.text()));
    }
    const QStringList setup = sqlite
        ? QStringList { QStringLiteral("PRAGMA journal_mode = WAL"),
              QStringLiteral("PRAGMA synchronous = NORMAL"),
              QStringLiteral("PRAGMA foreign_keys = ON"),
              QStringLiteral("PRAGMA busy_timeout = %1").arg(m_config.busyTimeoutMs),
              // Pages read through a mapping of the file (its first GiB) rather than copied by
              // pread(): a large record's body goes out about 15% sooner.
              QStringLiteral("PRAGMA mmap_size = 1073741824") }
        : QStringList { QStringLiteral("SET client_min_messages = warning"),
              QStringLiteral("SET lock_timeout = %1").arg(m_config.busyTimeoutMs),
              QStringLiteral("SET idle_in_transaction_session_timeout = 60000") };
    for (const QString &sql : setup) {
        if (auto done = exec(sql); !done)
            return done;
    }
    if (migrate == Migrate::Yes) {
        if (auto migrated = this->migrate(); !migrated)
            return migrated;
    }
    auto version = schemaVersion();
    if (!version)
        return version.error();
    if (*version != latestSchemaVersion())
        return Error::of(Error::Kind::Failure,
            *version < latestSchemaVersion()
                ? QStringLiteral("%1 has schema %2; this server needs %3")
                      .arg(m_config.describe())
                      .arg(*version)
                      .arg(latestSchemaVersion())
                : QStringLiteral("%1 has schema %2, newer than this server (%3)")
                      .arg(m_config.describe())
                      .arg(*version)
                      .arg(latestSchemaVersion()));
    return {};
}

Status ServerStore::exec(const QString &sql) const
{
    QSqlQuery query(QSqlDatabase::database(m_connectionName, false));
    if (!query.exec(sql))
        return sqlError(query.lastError(), sql.section(u' ', 0, 1));
    return {};
}

QSqlQuery ServerStore::prepare(const QString &sql) const
{
    QSqlQuery query(QSqlDatabase::database(m_connectionName, false));
    query.setForwardOnly(true);
    query.prepare(sql); // a failure shows in exec(), whose lastError() names it
    return query;
}

Error ServerStore::sqlError(const QSqlError &error, const QString &what) const
{
    if (!isSqlite()) {
        const QString code = error.nativeErrorCode();
        // A lost connection (class 08, admin_shutdown): the next request opens a new one.
        if (code.startsWith(QStringLiteral("08")) || code == u"57P01"
            || error.type() == QSqlError::ConnectionError)
            m_broken = true;
    }
    return LedgerCurator::sqlError(what, error, isSqlite());
}

Result<int> ServerStore::schemaVersion() const
{
    QSqlQuery query = prepare(QStringLiteral("SELECT version FROM schema_version"));
    if (!query.exec())
        return sqlError(query.lastError(), QStringLiteral("reading the schema version"));
    return query.next() ? query.value(0).toInt() : 0;
}

Status ServerStore::migrate()
{
    const bool postgres = !isSqlite();
    if (postgres) {
        QSqlQuery lock = prepare(QStringLiteral("SELECT pg_advisory_lock(?)"));
        lock.addBindValue(kMigrationLockKey);
        if (!lock.exec())
            return sqlError(lock.lastError(), QStringLiteral("locking for migration"));
    }
    auto unlock = qScopeGuard([this, postgres] {
        if (postgres) {
            QSqlQuery unlock = prepare(QStringLiteral("SELECT pg_advisory_unlock(?)"));
            unlock.addBindValue(kMigrationLockKey);
            unlock.exec();
        }
    });
    {
        Transaction transaction(*this, Transaction::Mode::Write);
        if (auto begun = transaction.begin(); !begun)
            return begun;
        if (auto created = exec(QStringLiteral(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"));
            !created)
            return created;
        QSqlQuery count = prepare(QStringLiteral("SELECT COUNT(*) FROM schema_version"));
        if (!count.exec() || !count.next())
            return sqlError(count.lastError(), QStringLiteral("reading the schema version"));
        const bool empty = count.value(0).toLongLong() == 0;
        count.finish();
        if (empty) {
            if (auto seeded
                = exec(QStringLiteral("INSERT INTO schema_version (version) VALUES (0)"));
                !seeded)
                return seeded;
        }
        if (auto committed = transaction.commit(); !committed)
            return committed;
    }
    for (const Migration &migration : kMigrations) {
        Transaction transaction(*this, Transaction::Mode::Write);
        if (auto begun = transaction.begin(); !begun)
            return begun;
        // Read again inside the transaction: another process may have migrated meanwhile.
        auto current = schemaVersion();
        if (!current)
            return current.error();
        if (*current >= migration.version)
            continue; // rolled back: nothing was written
        for (const char *statement : migration.statements) {
            if (auto done = exec(QString::fromUtf8(statement)); !done)
                return Error::of(done.error().kind,
                    QStringLiteral("migration %1: %2")
                        .arg(migration.version)
                        .arg(done.error().message));
        }
        QSqlQuery bump = prepare(QStringLiteral("UPDATE schema_version SET version = ?"));
        bump.addBindValue(migration.version);
        if (!bump.exec())
            return sqlError(
                bump.lastError(), QStringLiteral("migration %1").arg(migration.version));
        if (auto committed = transaction.commit(); !committed)
            return committed;
    }
    return {};
}

QString ServerStore::etagFor(const QByteArray &body)
{
    return u'"'
        + QString::fromLatin1(
            QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex().left(32))
        + u'"';
}

// --- records ----------------------------------------------------------------------------------

Result<QList<RecordRow>> ServerStore::records() const
{
    QSqlQuery query = prepare(
        QStringLiteral("SELECT id, version, title, as_of, etag FROM records ORDER BY id"));
    if (!query.exec())
        return sqlError(query.lastError(), QStringLiteral("listing records"));
    QList<RecordRow> rows;
    while (query.next()) {
        rows.append(RecordRow { query.value(0).toString(), query.value(1).toInt(),
            query.value(2).toString(), query.value(3).toString(), query.value(4).toString() });
    }
    if (query.lastError().isValid())
        return sqlError(query.lastError(), QStringLiteral("listing records"));
    return rows;
}

Result<std::optional<StoredRecord>> ServerStore::record(
    const QString &id, const std::function<bool(const QString &etag)> &held) const
{
    // Without the raw handle (StoreSqlite::sqliteHandle()) a SQLite body is read as PostgreSQL's.
    if (isSqlite() && StoreSqlite::sqliteHandle(QSqlDatabase::database(m_connectionName, false))) {
        // The body read straight from SQLite's pages into the reply's bytes (incremental blob
        // I/O): a large record's body (over 100 MB) is copied once, where a SELECT assembled it
        // in SQLite's memory, then copied it into a QVariant, and the server spent half a second
        // on fresh pages before the first byte went out. The row is found and read in one read
        // transaction: the statement is kept stepped on its row until the body is read.
        using namespace StoreSqlite;
        sqlite3 *db = sqliteHandle(QSqlDatabase::database(m_connectionName, false));
        SqliteStatement find(db, "SELECT rowid, etag FROM records WHERE id = ?");
        const auto failed = [&id](int rc, const QString &message) {
            return sqliteError(rc, QStringLiteral("reading record %1: %2").arg(id, message));
        };
        if (!find.ok() || !find.bindText(1, id))
            return failed(SQLITE_ERROR, find.errorText());
        const int rc = find.step();
        if (rc == SQLITE_DONE)
            return std::optional<StoredRecord> {};
        if (rc != SQLITE_ROW)
            return failed(rc, find.errorText());
        StoredRecord stored { QByteArray(), find.text(1) };
        if (held && held(stored.etag)) {
            stored.bodyRead = false;
            return std::optional<StoredRecord>(std::move(stored));
        }
        sqlite3_blob *blob = nullptr;
        if (const int opened
            = sqlite3_blob_open(db, "main", "records", "body", find.integer(0), 0, &blob);
            opened != SQLITE_OK) {
            const QString message = find.errorText(); // before closing, which may clear it
            sqlite3_blob_close(blob);
            return failed(opened, message);
        }
        const int size = sqlite3_blob_bytes(blob);
        stored.body = QByteArray(size, Qt::Uninitialized);
        const int read = sqlite3_blob_read(blob, stored.body.data(), size, 0);
        const QString message = read == SQLITE_OK ? QString() : find.errorText();
        sqlite3_blob_close(blob);
        if (read != SQLITE_OK)
            return failed(read, message);
        return std::optional<StoredRecord>(std::move(stored));
    }
    if (held) {
        // The etag first, then (unless the client holds it) the body with its own etag: a record
        // replaced in between is served as it is now, with the etag of what is served.
        QSqlQuery etag = prepare(QStringLiteral("SELECT etag FROM records WHERE id = ?"));
        etag.addBindValue(id);
        if (!etag.exec())
            return sqlError(etag.lastError(), QStringLiteral("reading record %1").arg(id));
        if (!etag.next())
            return std::optional<StoredRecord> {};
        if (const QString current = etag.value(0).toString(); held(current))
            return std::optional<StoredRecord>(StoredRecord { QByteArray(), current, false });
    }
    QSqlQuery query = prepare(QStringLiteral("SELECT body, etag FROM records WHERE id = ?"));
    query.addBindValue(id);
    if (!query.exec())
        return sqlError(query.lastError(), QStringLiteral("reading record %1").arg(id));
    if (!query.next())
        return std::optional<StoredRecord> {};
    return std::optional<StoredRecord>(
        StoredRecord { query.value(0).toString().toUtf8(), query.value(1).toString() });
}

Result<QList<PutOutcome>> ServerStore::putRecords(const QList<Record> &records)
{
    Transaction transaction(*this, Transaction::Mode::Write);
    if (auto begun = transaction.begin(); !begun)
        return begun.error();
    // Serializes record writes across server processes (the row lock lasts until commit).
    if (auto locked
        = exec(QStringLiteral("UPDATE counters SET value = value + 1 WHERE name = 'records'"));
        !locked)
        return locked.error();
    QList<PutOutcome> outcomes;
    QHash<QString, QString> written; // id -> as_of, for a batch that names one paper twice
    const QString now = nowUtcText();
    for (const Record &record : records) {
        PutOutcome outcome;
        outcome.id = record.arxivId;
        QString storedAsOf;
        bool exists = false;
        if (written.contains(record.arxivId)) {
            exists = true;
            storedAsOf = written.value(record.arxivId);
        } else {
            QSqlQuery current = prepare(QStringLiteral("SELECT as_of FROM records WHERE id = ?"));
            current.addBindValue(record.arxivId);
            if (!current.exec())
                return sqlError(
                    current.lastError(), QStringLiteral("reading record %1").arg(record.arxivId));
            if (current.next()) {
                exists = true;
                storedAsOf = current.value(0).toString();
            }
        }
        if (exists && record.asOf < storedAsOf)
            return Error::of(Error::Kind::Conflict,
                QStringLiteral(
                    "the server holds a newer page of %1 (as of %2); this page is as of %3")
                    .arg(record.arxivId, storedAsOf, record.asOf));
        const QByteArray body = writeRecordJson(record);
        outcome.etag = etagFor(body);
        outcome.created = !exists;
        outcome.previousAsOf = storedAsOf;
        QSqlQuery write = prepare(exists
                ? QStringLiteral("UPDATE records SET version = ?, title = ?, as_of = ?, body = ?, "
                                 "etag = ?, updated_at = ? WHERE id = ?")
                : QStringLiteral("INSERT INTO records (version, title, as_of, body, etag, "
                                 "updated_at, id) VALUES (?, ?, ?, ?, ?, ?, ?)"));
        write.addBindValue(record.version);
        write.addBindValue(record.title);
        write.addBindValue(record.asOf);
        write.addBindValue(QString::fromUtf8(body));
        write.addBindValue(outcome.etag);
        write.addBindValue(now);
        write.addBindValue(record.arxivId);
        if (!write.exec())
            return sqlError(
                write.lastError(), QStringLiteral("storing record %1").arg(record.arxivId));
        written.insert(record.arxivId, record.asOf);
        outcomes.append(outcome);
    }
    if (auto committed = transaction.commit(); !committed)
        return committed.error();
    return outcomes;
}

// --- events -----------------------------------------------------------------------------------

Result<qint64> ServerStore::latestSeq() const
{
    QSqlQuery query = prepare(QStringLiteral("SELECT value FROM counters WHERE name = 'events'"));
    if (!query.exec() || !query.next())
        return sqlError(query.lastError(), QStringLiteral("reading the latest seq"));
    return query.value(0).toLongLong();
}

Result<EventPage> ServerStore::events(qint64 after, qint64 limit) const
{
    Transaction transaction(*this, Transaction::Mode::Read);
    if (auto begun = transaction.begin(); !begun)
        return begun.error();
    EventPage page;
    const char *const select
        = "SELECT seq, id, record, observation, field, value, parents, author, "
          "created_at, key_id, signature FROM events WHERE seq > ? ORDER BY seq LIMIT ?";
    if (isSqlite()) {
        // Straight from SQLite's UTF-8, as the cache reads its rows (StoreSqlite.h): through
        // QSQLITE each value is converted to UTF-16 by SQLite, then wrapped in a QVariant, and
        // a page of 20,000 events took the server several times as long.
        using namespace StoreSqlite;
        SqliteStatement query(QSqlDatabase::database(m_connectionName, false), select);
        if (!query.ok() || !query.bindInteger(1, after) || !query.bindInteger(2, limit))
            return Error::of(
                Error::Kind::Failure, QStringLiteral("reading events: %1").arg(query.errorText()));
        int rc = SQLITE_ROW;
        while ((rc = query.step()) == SQLITE_ROW) {
            auto e = eventOfRow(query);
            if (!e)
                return e.error();
            page.events.append(std::move(*e));
        }
        if (rc != SQLITE_DONE)
            return sqliteError(rc, QStringLiteral("reading events: %1").arg(query.errorText()));
    } else {
        QSqlQuery query = prepare(QString::fromLatin1(select));
        query.addBindValue(after);
        query.addBindValue(limit);
        if (!query.exec())
            return sqlError(query.lastError(), QStringLiteral("reading events"));
        while (query.next()) {
            auto e = eventOfRow(QSqlRow { query });
            if (!e)
                return e.error();
            page.events.append(std::move(*e));
        }
        if (query.lastError().isValid())
            return sqlError(query.lastError(), QStringLiteral("reading events"));
    }
    auto latest = latestSeq();
    if (!latest)
        return latest.error();
    page.latestSeq = *latest;
    if (auto committed = transaction.commit(); !committed)
        return committed.error();
    return page;
}

Status ServerStore::lockEventOrder()
{
    return exec(QStringLiteral("UPDATE counters SET value = value WHERE name = 'events'"));
}

Result<StoredBatch> ServerStore::storeEvents(const QList<CorrectionEvent> &events)
{
    Transaction transaction(*this, Transaction::Mode::Write);
    if (auto begun = transaction.begin(); !begun)
        return begun.error();
    // Lock the counter row first: every storing transaction queues here until the one before it
    // has committed, so the duplicate check below sees every committed event and seqs are handed
    // out, and become visible, in order. (On SQLite BEGIN IMMEDIATE has already locked.)
    if (auto locked = lockEventOrder(); !locked)
        return locked.error();
    auto base = latestSeq();
    if (!base)
        return base.error();

    StoredBatch batch;
    // A key revoked after the server checked the batch's signatures, before this transaction:
    // its events would be stored after revoked_after_seq, where no client accepts them. Revoking
    // locks the counter row too (revokeKey()), so no revoke can come between here and the commit.
    QSet<QString> keyIds;
    for (const CorrectionEvent &e : events) {
        if (!e.keyId.isEmpty())
            keyIds.insert(e.keyId);
    }
    for (const QString &keyId : std::as_const(keyIds)) {
        auto key = this->key(keyId);
        if (!key)
            return key.error();
        if (key->has_value() && (*key)->isRevoked()) {
            batch.revokedKeyId = keyId;
            return batch; // rolled back: nothing stored
        }
    }
    QHash<QString, qsizetype> inBatch; // id -> index of its first occurrence in this batch
    qint64 next = *base;
    QSqlQuery lookup = prepare(
        QStringLiteral("SELECT seq, id, record, observation, field, value, parents, author, "
                       "created_at, key_id, signature FROM events WHERE id = ?"));
    QSqlQuery insert = prepare(
        QStringLiteral("INSERT INTO events (seq, id, record, observation, field, value, parents, "
                       "author, created_at, key_id, signature, received_at) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    const QString now = nowUtcText();
    for (qsizetype i = 0; i < events.size(); ++i) {
        const CorrectionEvent &e = events[i];
        const QString conflict
            = QStringLiteral("event %1 is already stored with different content (events[%2])")
                  .arg(e.id)
                  .arg(i);
        if (const auto first = inBatch.constFind(e.id); first != inBatch.cend()) {
            if (!sameContent(events[*first], e))
                return Error::of(Error::Kind::Conflict, conflict);
            batch.seqs.append(batch.seqs[*first]);
            ++batch.duplicates;
            continue;
        }
        inBatch.insert(e.id, i);
        lookup.addBindValue(e.id);
        if (!lookup.exec())
            return sqlError(lookup.lastError(), QStringLiteral("reading event %1").arg(e.id));
        if (lookup.next()) {
            auto stored = eventOfRow(QSqlRow { lookup });
            lookup.finish();
            if (!stored)
                return stored.error();
            if (!sameContent(*stored, e))
                return Error::of(Error::Kind::Conflict, conflict);
            batch.seqs.append(stored->seq.value_or(0));
            ++batch.duplicates;
            continue;
        }
        lookup.finish();
        ++next;
        insert.addBindValue(next);
        insert.addBindValue(e.id);
        insert.addBindValue(e.record);
        insert.addBindValue(e.observation);
        insert.addBindValue(curationFieldKey(e.field));
        insert.addBindValue(nullableText(e.value));
        insert.addBindValue(parentsText(e.parents));
        insert.addBindValue(e.author);
        insert.addBindValue(e.createdAt);
        insert.addBindValue(textOrNull(e.keyId));
        insert.addBindValue(textOrNull(e.signature));
        insert.addBindValue(now);
        if (!insert.exec())
            return sqlError(insert.lastError(), QStringLiteral("storing event %1").arg(e.id));
        batch.seqs.append(next);
        ++batch.stored;
    }
    if (batch.stored > 0) {
        QSqlQuery bump
            = prepare(QStringLiteral("UPDATE counters SET value = ? WHERE name = 'events'"));
        bump.addBindValue(next);
        if (!bump.exec())
            return sqlError(bump.lastError(), QStringLiteral("advancing the seq counter"));
    }
    if (auto committed = transaction.commit(); !committed)
        return committed.error();
    return batch;
}

} // namespace LedgerCurator
