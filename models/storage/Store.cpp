// SPDX-License-Identifier: GPL-3.0-or-later
#include "Store.h"

#include "EventJson.h"
#include "HelperThread.h"
#include "HugePages.h"
#include "ObservationRows.h"
#include "Outbox.h"
#include "RecordJson.h"
#include "RunBeside.h"
#include "SqliteLocks.h"

#include "StoreSqlite.h"
#include "StoreWrite.h"
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>

#include <algorithm>
#include <array>
#include <atomic>
#include <limits>
#include <string>

namespace LedgerCurator {

using namespace StoreSqlite;

namespace {

//! A record of at least this many observations is read on two threads (loadRecord()).
constexpr qsizetype kRowsReadOnTwoThreads = 4096;

} // namespace

Store::Store(QString path)
    : m_path(std::move(path))
{
    static std::atomic<int> counter { 0 };
    m_connectionName = QStringLiteral("ledger-store-%1").arg(counter.fetch_add(1));
}

Store::~Store()
{
    if (QSqlDatabase::contains(m_connectionName)) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
            if (db.isOpen())
                db.close();
        }
        QSqlDatabase::removeDatabase(m_connectionName);
    }
}

QSqlDatabase Store::database() const
{
    return QSqlDatabase::database(m_connectionName, false);
}

bool Store::isOpen() const
{
    return QSqlDatabase::contains(m_connectionName) && database().isOpen();
}

Status Store::exec(const QString &sql) const
{
    QSqlQuery query(database());
    if (!query.exec(sql))
        return sqlError(
            QStringLiteral("%1: cannot run '%2'").arg(m_path, sql.left(60)), query.lastError());
    return {};
}

QString Store::sqlitePath() const
{
    return databaseFile(database());
}

QString Store::checkWritable() const
{
    if (!m_refusal.isEmpty())
        return m_refusal;
    if (const QString lost = SqliteLocks::lostFile(sqlitePath()); !lost.isEmpty()) {
        m_refusal = QStringLiteral(
            "%1: %2. Ledger Curator has stopped writing to this cache, so that nothing "
            "more goes into a lost file; what was written since may be missing from it. "
            "Quit, check that no other program removes the cache's files, and open it again.")
                        .arg(m_path, lost);
    }
    return m_refusal;
}

Error Store::noteFailure(Error error) const
{
    const int code = lastFailureCode(database(), error.message);
    const int primary = code & 0xff;
    if (m_refusal.isEmpty()
        && (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
            || code == SQLITE_READONLY_DBMOVED)) {
        m_refusal = QStringLiteral(
            "%1: SQLite found the cache damaged (%2). Ledger Curator has stopped writing to "
            "it; quit, keep a copy of the file and its -wal, and check it with "
            "'sqlite3 FILE \"PRAGMA integrity_check\"'.")
                        .arg(m_path, QString::fromUtf8(sqlite3_errstr(code)));
    }
    return error;
}

bool Store::isDefaultLocation(const QString &path)
{
    return QFileInfo(path).absoluteFilePath() == QFileInfo(defaultCachePath()).absoluteFilePath();
}

QString Store::readOnlyReason(const QSqlDatabase &db) const
{
    // access(2) only: no descriptor of the cache's files is opened (and closed) beside SQLite's.
    const QFileInfo file(m_path);
    const QFileInfo folder(file.absolutePath());
    sqlite3 *const handle = sqliteHandle(db);
    const bool sqliteReadOnly = handle && sqlite3_db_readonly(handle, "main") == 1;
    QString where;
    if (file.exists() && !file.isWritable())
        where = QStringLiteral("the file cannot be written");
    else if (!folder.isWritable())
        where = QStringLiteral("its folder %1 cannot be written (a read-only mount?)")
                    .arg(folder.absoluteFilePath());
    else if (sqliteReadOnly)
        where = QStringLiteral("SQLite could open it for reading only");
    if (where.isEmpty())
        return {};
    return QStringLiteral("%1: the cache is read-only (%2). Ledger Curator writes to its cache "
                          "as it works; copy the file to a folder you can write to and open the "
                          "copy (--db PATH), or make it writable.")
        .arg(m_path, where);
}

Status Store::open()
{
    // Before SQLite opens any file of this process: its locks then live on descriptors that no
    // other close() can drop (SqliteLocks.h). Not available off Linux: SQLite's own locks.
    if (QString why; !SqliteLocks::install(&why))
        qWarning("SQLite's locks stay per process (%s)", qPrintable(why));
    const QFileInfo info(m_path);
    // Only the default location is made on first use: a mistyped --db names a folder that does
    // not exist, and creating it (and an empty cache in it) would hide the typo.
    if (!info.dir().exists()) {
        if (!isDefaultLocation(m_path))
            return Error::badInput(
                QStringLiteral("%1: the folder %2 does not exist; nothing was created (only the "
                               "default cache's folder is made on first use)")
                    .arg(m_path, info.absolutePath()));
        if (!QDir().mkpath(info.absolutePath()))
            return Error::failure(
                QStringLiteral("%1: cannot create the folder %2").arg(m_path, info.absolutePath()));
    }
    if (info.isDir())
        return Error::badInput(QStringLiteral("%1: is a folder, not a cache file").arg(m_path));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    db.setDatabaseName(m_path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open()) {
        if (const QString readOnly = readOnlyReason(db); !readOnly.isEmpty())
            return Error::failure(readOnly);
        return sqlError(QStringLiteral("%1: cannot open the cache").arg(m_path), db.lastError());
    }
    // The first statement that reads the file tells whether it is a database at all; a cache
    // that cannot be written (a read-only mount, a file or folder without write permission) is
    // said to be read-only, whether SQLite could read it or not.
    {
        QSqlQuery probe(db);
        const bool read = probe.exec(QStringLiteral("PRAGMA schema_version"));
        if (const QString readOnly = readOnlyReason(db); !readOnly.isEmpty())
            return Error::failure(readOnly);
        if (!read)
            return Error::failure(QStringLiteral("%1: not a Ledger Curator cache (%2)")
                                      .arg(m_path, probe.lastError().databaseText()));
    }
    for (const auto &pragma :
        { QStringLiteral("PRAGMA journal_mode = WAL"), QStringLiteral("PRAGMA foreign_keys = ON"),
            QStringLiteral("PRAGMA synchronous = NORMAL") }) {
        if (auto status = exec(pragma); !status)
            return status;
    }
    if (auto status = migrate(); !status)
        return status;
    // An edit of an older version may name more parents than a server takes: it would be
    // refused for ever. Rewritten before anything is pushed, with the same outcome.
    if (auto narrowed = Outbox(*this).narrowWideEvents(); !narrowed)
        return narrowed.error();
    return {};
}

Status Store::insertRecord(
    const Record &record, const Progress &progress, qint64 done, qint64 total)
{
    QSqlDatabase db = database();
    // The header is the record without its observations: built from a copy that holds none
    // (sharing the rest), not from the whole record's JSON.
    Record headerOnly = record;
    headerOnly.observations = {};
    const QJsonObject header = [&headerOnly] {
        QJsonObject object = recordToJson(headerOnly);
        object.remove(QStringLiteral("observations"));
        return object;
    }();

    QSqlQuery query(db);
    query.prepare(
        QStringLiteral("INSERT INTO records (id, version, title, as_of, header, imported_at) "
                       "VALUES (?, ?, ?, ?, ?, ?)"));
    query.addBindValue(record.arxivId);
    query.addBindValue(record.version);
    query.addBindValue(record.title);
    query.addBindValue(record.asOf);
    query.addBindValue(QString::fromUtf8(QJsonDocument(header).toJson(QJsonDocument::Compact)));
    query.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    if (!query.exec())
        return sqlError(
            QStringLiteral("cannot store record %1").arg(record.arxivId), query.lastError());

    // Observation ids are random UUIDs: each row inserted into their index lands on a random
    // page. When the record brings more rows than the table holds (a first import, a first
    // sync), the index is dropped and built again after the rows, in one sort: for 200,000
    // observations this halves the time of the rows. Inside the caller's transaction, so a
    // failure rolls the drop back too.
    const qsizetype rows = record.observations.size();
    bool rebuildIndex = false;
    if (rows >= kRebuildIndexRows) {
        QSqlQuery fewer(db);
        fewer.prepare(QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM observations LIMIT ?)"));
        fewer.addBindValue(rows);
        if (!fewer.exec() || !fewer.next())
            return sqlError(QStringLiteral("cannot count the observations in %1").arg(m_path),
                fewer.lastError());
        rebuildIndex = fewer.value(0).toLongLong() < rows;
        fewer.finish();
        if (rebuildIndex) {
            if (auto dropped = exec(QStringLiteral("DROP INDEX observations_by_id")); !dropped)
                return dropped;
        }
    }

    // The rows go to SQLite directly (see sqliteHandle()), bound as UTF-8: QSQLITE binds UTF-16,
    // which SQLite converts again, and a QVariant per value cost more than SQLite's own work.
    SqliteStatement insert(db,
        "INSERT INTO observations (record_id, position, id, direction, citing_title, cited_title,"
        " reference, state, basis, observed_at, events_status, events_as_of, events_reason, "
        "curation)"
        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)");
    SqliteStatement insertEvent(db,
        "INSERT INTO source_events (record_id, observation_position, position, kind, date,"
        " source, notice, detail) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    if (!insert.ok() || !insertEvent.ok())
        return Error::failure(
            QStringLiteral("cannot store the observations of %1: %2")
                .arg(record.arxivId, insert.ok() ? insertEvent.errorText() : insert.errorText()));
    insert.bindText(1, record.arxivId);
    insertEvent.bindText(1, record.arxivId);
    // One buffer per bound text column, reused from row to row.
    enum Text {
        Id,
        CitingTitle,
        CitedTitle,
        Basis,
        ObservedAt,
        AsOf,
        Reason,
        Curation,
        Date,
        Source,
        Notice,
        Detail,
        TextCount
    };
    std::array<Utf8Buffer, TextCount> buffers;
    // Observations by direction and upstream state, kept beside the rows (see recordSummaries()).
    std::array<std::array<qint64, kResolutionStateCount>, 2> counts {};
    for (qsizetype i = 0; i < record.observations.size(); ++i) {
        const Observation &o = record.observations[i];
        ++counts[o.direction == Direction::Inbound ? 1 : 0][int(o.state)];
        insert.bindInteger(2, qint64(i));
        insert.bindText(3, o.id, buffers[Id]);
        insert.bindInteger(4, int(o.direction));
        insert.bindText(5, o.citingTitle, buffers[CitingTitle]);
        insert.bindText(6, o.citedTitle, buffers[CitedTitle]);
        if (o.reference)
            insert.bindInteger(7, *o.reference);
        else
            insert.bindNull(7);
        insert.bindInteger(8, int(o.state));
        insert.bindText(9, o.basis, buffers[Basis]);
        insert.bindText(10, o.observedAt, buffers[ObservedAt]);
        insert.bindInteger(11, int(o.events.status));
        insert.bindText(12, o.events.asOf, buffers[AsOf]);
        insert.bindText(13, o.events.reason, buffers[Reason]);
        if (o.curation->isEmpty())
            insert.bindNull(14);
        else
            insert.bindText(14,
                QString::fromUtf8(
                    QJsonDocument(curationToJson(*o.curation)).toJson(QJsonDocument::Compact)),
                buffers[Curation]);
        if (insert.step() != SQLITE_DONE)
            return Error::failure(QStringLiteral("cannot store observation %1 of %2: %3")
                                      .arg(o.id, record.arxivId, insert.errorText()));
        insert.reset();
        if (progress && i % 2000 == 0 && !progress(done + i, total))
            return Error::cancelled();
        for (qsizetype e = 0; e < o.events.events.size(); ++e) {
            const SourceEvent &event = o.events.events[e];
            insertEvent.bindInteger(2, qint64(i));
            insertEvent.bindInteger(3, qint64(e));
            insertEvent.bindInteger(4, int(event.kind));
            insertEvent.bindText(5, event.date, buffers[Date]);
            insertEvent.bindText(6, event.source, buffers[Source]);
            insertEvent.bindText(7, event.notice, buffers[Notice]);
            if (event.detail.isEmpty())
                insertEvent.bindNull(8);
            else
                insertEvent.bindText(8, event.detail, buffers[Detail]);
            if (insertEvent.step() != SQLITE_DONE)
                return Error::failure(QStringLiteral("cannot store an event of observation %1: %2")
                                          .arg(o.id, insertEvent.errorText()));
            insertEvent.reset();
        }
    }
    if (rebuildIndex) {
        if (auto built = exec(QString::fromLatin1(kObservationsByIdSql)); !built)
            return Error::failure(QStringLiteral("cannot store the observations of %1: %2")
                                      .arg(record.arxivId, built.error().message));
    }
    QStringList numbers;
    for (const auto &byState : counts) {
        for (const qint64 n : byState)
            numbers.append(QString::number(n));
    }
    QSqlQuery storeCounts(db);
    storeCounts.prepare(QStringLiteral("INSERT INTO meta (key, value) VALUES (?, ?)"
                                       " ON CONFLICT(key) DO UPDATE SET value = excluded.value"));
    storeCounts.addBindValue(QString(kCountsPrefix + record.arxivId));
    storeCounts.addBindValue(numbers.join(u' '));
    if (!storeCounts.exec())
        return sqlError(QStringLiteral("cannot store the counts of %1").arg(record.arxivId),
            storeCounts.lastError());
    return {};
}

Result<QList<ImportOutcome>> Store::importRecords(
    const QList<Record> &records, const Progress &progress, RecordCheck check)
{
    return importInTransaction(records, {}, progress, check);
}

Result<QList<ImportOutcome>> Store::importInTransaction(const QList<Record> &records,
    const MetaEntries &meta, const Progress &progress, RecordCheck check,
    const std::function<Status(QSqlDatabase &db)> &alsoWrite)
{
    QSqlDatabase db = database();
    // A large page touches many index pages (observation ids are random): a page cache of 64 MiB
    // for the import keeps them in memory instead of spilling them mid-transaction. Only memory:
    // durability (WAL, synchronous) is unchanged. Set back to the default afterwards.
    const bool largeImport = std::any_of(records.cbegin(), records.cend(),
        [](const Record &r) { return r.observations.size() > 2000; });
    if (largeImport)
        (void)exec(QStringLiteral("PRAGMA cache_size = -65536"));
    const auto restoreCache = qScopeGuard([this, largeImport] {
        if (largeImport)
            (void)exec(QStringLiteral("PRAGMA cache_size = -2000"));
    });
    // The WAL and the checkpoint written to disk as they are made, not all at the fsyncs.
    std::optional<WriteBehind> writeBehind;
    if (largeImport)
        writeBehind.emplace(sqlitePath());
    Write write(*this);
    if (auto status = write.begin(QStringLiteral("%1: cannot start the import").arg(m_path));
        !status)
        return status.error();
    QList<ImportOutcome> outcomes;
    qint64 total = 0;
    qint64 done = 0;
    for (const Record &record : records)
        total += record.observations.size();
    QSqlQuery existing(db);
    existing.prepare(QStringLiteral("SELECT as_of FROM records WHERE id = ?"));
    QSqlQuery remove(db);
    remove.prepare(QStringLiteral("DELETE FROM records WHERE id = ?"));
    // An import of a record removed here forgets its removal (StoreRemoval.cpp).
    QSqlQuery forgetRemoval(db);
    forgetRemoval.prepare(QStringLiteral("DELETE FROM removed_records WHERE id = ?"));
    for (const Record &record : records) {
        const QString problem = check == RecordCheck::Validate ? validateRecord(record) : QString();
        if (!problem.isEmpty())
            return write.fail(
                Error::badInput(QStringLiteral("record %1: %2").arg(record.arxivId, problem)));
        ImportOutcome outcome;
        outcome.arxivId = record.arxivId;
        outcome.observations = record.observations.size();
        existing.bindValue(0, record.arxivId);
        if (!existing.exec())
            return write.fail(
                sqlError(QStringLiteral("cannot look up record %1").arg(record.arxivId),
                    existing.lastError()));
        if (existing.next()) {
            outcome.replaced = true;
            outcome.previousAsOf = existing.value(0).toString();
            existing.finish();
            if (outcome.previousAsOf > record.asOf)
                return write.fail(Error::badInput(
                    QStringLiteral("arXiv:%1: the cache holds a newer page (as of %2) than this "
                                   "one (as of %3); nothing was imported")
                        .arg(record.arxivId, outcome.previousAsOf, record.asOf)));
            remove.bindValue(0, record.arxivId);
            if (!remove.exec())
                return write.fail(
                    sqlError(QStringLiteral("cannot replace record %1").arg(record.arxivId),
                        remove.lastError()));
        }
        if (auto status = insertRecord(record, progress, done, total); !status)
            return write.fail(status.error());
        forgetRemoval.bindValue(0, record.arxivId);
        if (!forgetRemoval.exec())
            return write.fail(sqlError(QStringLiteral("cannot store record %1").arg(record.arxivId),
                forgetRemoval.lastError()));
        done += record.observations.size();
        outcomes.append(outcome);
    }
    if (auto status = writeMeta(db, meta); !status)
        return write.fail(status.error());
    if (alsoWrite) {
        if (auto status = alsoWrite(db); !status)
            return write.fail(status.error());
    }
    if (auto status = write.commit(QStringLiteral("%1: cannot commit the import").arg(m_path));
        !status)
        return status.error();
    return outcomes;
}

Result<QList<RecordSummary>> Store::recordSummaries() const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT id, version, title, as_of FROM records ORDER BY id")))
        return sqlError(QStringLiteral("cannot list records"), query.lastError());
    QList<RecordSummary> summaries;
    QHash<QString, qsizetype> index;
    while (query.next()) {
        RecordSummary s;
        s.arxivId = query.value(0).toString();
        s.version = query.value(1).toInt();
        s.title = query.value(2).toString();
        s.asOf = query.value(3).toString();
        index.insert(s.arxivId, summaries.size());
        summaries.append(s);
    }
    auto addCount = [](RecordSummary &s, Direction direction, int state, qint64 n) {
        (direction == Direction::Inbound ? s.inbound : s.outbound) += n;
        if (state >= 0 && state < kResolutionStateCount) {
            s.states[state] += n;
        }
    };
    // The counts stored with each record's rows; a record imported before they were kept is
    // counted from its rows (its own rows only: the primary key starts with the record id).
    QSet<QString> counted;
    QSqlQuery stored(database());
    stored.setForwardOnly(true);
    stored.prepare(QStringLiteral("SELECT key, value FROM meta WHERE key >= ? AND key < ?"));
    stored.addBindValue(kCountsPrefix.toString());
    stored.addBindValue(QStringLiteral("counts0")); // the key after every "counts/..."
    if (!stored.exec())
        return sqlError(QStringLiteral("cannot read the observation counts"), stored.lastError());
    while (stored.next()) {
        const auto it = index.constFind(stored.value(0).toString().mid(kCountsPrefix.size()));
        const QStringList numbers = stored.value(1).toString().split(u' ');
        if (it == index.constEnd() || numbers.size() != 2 * kResolutionStateCount)
            continue;
        RecordSummary &s = summaries[*it];
        for (int i = 0; i < numbers.size(); ++i)
            addCount(s, i < kResolutionStateCount ? Direction::Outbound : Direction::Inbound,
                i % kResolutionStateCount, numbers[i].toLongLong());
        counted.insert(s.arxivId);
    }
    QSqlQuery counts(database());
    counts.setForwardOnly(true);
    counts.prepare(
        QStringLiteral("SELECT direction, state, COUNT(*) FROM observations WHERE record_id = ?"
                       " GROUP BY direction, state"));
    for (RecordSummary &s : summaries) {
        if (counted.contains(s.arxivId))
            continue;
        counts.bindValue(0, s.arxivId);
        if (!counts.exec())
            return sqlError(QStringLiteral("cannot count observations"), counts.lastError());
        while (counts.next())
            addCount(s, static_cast<Direction>(counts.value(0).toInt()), counts.value(1).toInt(),
                counts.value(2).toLongLong());
    }
    // Corrected states and exclusions change what needs attention.
    QSqlQuery corrections(database());
    corrections.setForwardOnly(true);
    if (!corrections.exec(QStringLiteral(
            "SELECT id, record_id, observation_id, field, value, parents, created_at,"
            " key_id, signature FROM corrections WHERE field IN ('state', 'excluded')")))
        return sqlError(QStringLiteral("cannot read corrections"), corrections.lastError());
    QHash<QString, QList<CorrectionEvent>> byRecord;
    while (corrections.next()) {
        CorrectionEvent e;
        e.id = corrections.value(0).toString();
        e.record = corrections.value(1).toString();
        e.observation = corrections.value(2).toString();
        e.field
            = parseCurationField(corrections.value(3).toString()).value_or(CurationField::State);
        if (!corrections.value(4).isNull())
            e.value = corrections.value(4).toString();
        const QString parents = corrections.value(5).toString();
        if (!parents.isEmpty())
            e.parents = parents.split(u',');
        e.createdAt = corrections.value(6).toString();
        e.keyId = corrections.value(7).toString();
        e.signature = corrections.value(8).toString();
        byRecord[e.record].append(std::move(e));
    }
    QSqlQuery upstreamState(database());
    upstreamState.prepare(
        QStringLiteral("SELECT state FROM observations WHERE record_id = ? AND id = ?"));
    for (auto it = byRecord.cbegin(); it != byRecord.cend(); ++it) {
        const auto found = index.constFind(it.key());
        if (found == index.constEnd())
            continue;
        RecordSummary &s = summaries[*found];
        const auto fields = resolveAll(it.value());
        QString previousObservation;
        for (auto f = fields.cbegin(); f != fields.cend(); ++f) {
            const QString &observation = f->first.observation;
            if (observation == previousObservation)
                continue; // both fields of one observation are handled together below
            previousObservation = observation;
            const auto stateIt = fields.find(FieldKey { observation, CurationField::State });
            const auto excludedIt = fields.find(FieldKey { observation, CurationField::Excluded });
            const std::optional<QString> stateValue
                = stateIt != fields.end() ? stateIt->second.value() : std::nullopt;
            const bool excluded
                = excludedIt != fields.end() && excludedIt->second.value() == u"yes";
            if (!stateValue && !excluded)
                continue;
            upstreamState.bindValue(0, it.key());
            upstreamState.bindValue(1, observation);
            if (!upstreamState.exec())
                return sqlError(
                    QStringLiteral("cannot read an observation"), upstreamState.lastError());
            if (!upstreamState.next())
                continue;
            const auto before = static_cast<ResolutionState>(upstreamState.value(0).toInt());
            upstreamState.finish();
            const auto after = stateValue ? parseState(*stateValue).value_or(before) : before;
            s.states[int(before)] -= 1;
            s.states[int(after)] += 1;
        }
    }
    // The attention counts kept while each record is unchanged.
    QSqlQuery kept(database());
    kept.setForwardOnly(true);
    kept.prepare(QStringLiteral("SELECT key, value FROM meta WHERE key >= ? AND key < ?"));
    kept.addBindValue(kAttentionPrefix.toString());
    kept.addBindValue(QStringLiteral("attention0")); // the key after every "attention/..."
    if (!kept.exec())
        return sqlError(QStringLiteral("cannot read the attention counts"), kept.lastError());
    QHash<QString, QString> keptValues;
    while (kept.next())
        keptValues.insert(
            kept.value(0).toString().mid(kAttentionPrefix.size()), kept.value(1).toString());
    kept.finish();
    for (RecordSummary &s : summaries) {
        const QString value = keptValues.value(s.arxivId);
        const qsizetype bar = value.indexOf(u'|');
        if (bar < 0)
            continue;
        auto stamp = changeStamp(s.arxivId);
        if (!stamp)
            return stamp.error();
        if (QStringView(value).left(bar) == *stamp)
            s.attention = AttentionCount::fromText(value.mid(bar + 1));
    }
    return summaries;
}

Status Store::rememberAttentionCount(
    const QString &arxivId, const QString &stamp, const AttentionCount &count)
{
    return setMeta(kAttentionPrefix + arxivId, stamp + u'|' + count.toText());
}

Result<qint64> Store::recordCount() const
{
    QSqlQuery query(database());
    if (!query.exec(QStringLiteral("SELECT COUNT(*) FROM records")) || !query.next())
        return sqlError(QStringLiteral("cannot count records"), query.lastError());
    return query.value(0).toLongLong();
}

Result<qint64> Store::observationCount(const QString &arxivId) const
{
    SqliteStatement count(database(), "SELECT COUNT(*) FROM observations WHERE record_id = ?");
    if (!count.ok() || !count.bindText(1, arxivId) || count.step() != SQLITE_ROW)
        return Error::failure(QStringLiteral("cannot count the observations of %1: %2")
                                  .arg(arxivId, count.errorText()));
    return count.integer(0);
}

Result<std::optional<Record>> Store::loadRecord(
    const QString &arxivId, qsizetype firstObservations) const
{
    // SQLite reads LIMIT -1 as no limit.
    const qint64 limit = firstObservations < 0 ? -1 : qint64(firstObservations);
    QSqlDatabase db = database();
    QSqlQuery query(db);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT header FROM records WHERE id = ?"));
    query.addBindValue(arxivId);
    if (!query.exec())
        return sqlError(QStringLiteral("cannot read record %1").arg(arxivId), query.lastError());
    if (!query.next())
        return std::optional<Record>();
    QJsonObject header = QJsonDocument::fromJson(query.value(0).toString().toUtf8()).object();
    header.insert(QStringLiteral("observations"), QJsonArray());
    // The cache's own record: read as stored, whatever the text rules say now (TextHygiene.h).
    auto decoded = recordFromJson(header, m_path, nullptr, TextRules::AsStored);
    if (!decoded)
        return Error::failure(QStringLiteral("%1: record %2 is damaged in the cache: %3")
                                  .arg(m_path, arxivId, decoded.error().message));
    Record record = std::move(decoded.value());

    // The rows straight from SQLite (see sqliteHandle()): UTF-8 to QString once per value.
    // A few first rows (the desktop's first screen) are reserved as asked: counting a large
    // record's rows would take longer than reading them.
    constexpr qint64 kReservedUncounted = 1'000; // under kRowsReadOnTwoThreads
    if (limit > 0 && limit <= kReservedUncounted) {
        record.observations.reserve(qsizetype(limit));
    } else if (limit != 0) {
        if (const auto count = observationCount(arxivId))
            HugePages::reserve(record.observations, limit < 0 ? *count : std::min(limit, *count));
    }
    SqliteStatement rows(db,
        (std::string("SELECT ") + kObservationColumnsSql
            + " FROM observations WHERE record_id = ? ORDER BY position LIMIT ?")
            .c_str());
    if (!rows.ok() || !rows.bindText(1, arxivId) || !rows.bindInteger(2, limit))
        return Error::failure(QStringLiteral("cannot read the observations of %1: %2")
                                  .arg(arxivId, rows.errorText()));
    ObservationReader reader;
    const auto readRow
        = [&](const auto &row) { reader.read(row, record.observations.emplace_back()); };
    int rc = SQLITE_ROW;
    if (record.observations.capacity() >= kRowsReadOnTwoThreads && rows.get()) {
        // A large record: SQLite reads on, while a helper makes the observations of the rows read.
        rc = stepInBlocksOnTwoThreads(rows.get(), kObservationColumnCount, [&](CopiedRows &block) {
            for (qsizetype i = 0; i < block.rows(); ++i) {
                block.seek(i);
                readRow(block);
            }
        });
    } else {
        while ((rc = rows.step()) == SQLITE_ROW)
            readRow(rows);
    }
    if (rc != SQLITE_DONE)
        return Error::failure(QStringLiteral("cannot read the observations of %1: %2")
                                  .arg(arxivId, rows.errorText()));

    SqliteStatement events(db, kSourceEventsSql);
    if (!events.ok() || !events.bindText(1, arxivId)
        || !events.bindInteger(2, limit < 0 ? std::numeric_limits<qint64>::max() : limit))
        return Error::failure(
            QStringLiteral("cannot read the events of %1: %2").arg(arxivId, events.errorText()));
    while ((rc = events.step()) == SQLITE_ROW) {
        const qint64 position = events.integer(0);
        if (position < 0 || position >= record.observations.size())
            continue;
        record.observations[position].events.events.append(readSourceEvent(events));
    }
    if (rc != SQLITE_DONE)
        return Error::failure(
            QStringLiteral("cannot read the events of %1: %2").arg(arxivId, events.errorText()));
    return std::optional<Record>(std::move(record));
}

Status Store::addCorrections(const QList<CorrectionEvent> &events)
{
    Write write(*this);
    if (auto status
        = write.begin(QStringLiteral("%1: cannot start storing corrections").arg(m_path));
        !status)
        return status;
    QSqlQuery insert(database());
    insert.prepare(QStringLiteral(
        "INSERT INTO corrections (id, record_id, observation_id, field, value, parents, author,"
        " created_at, seq, key_id, signature) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT(id) DO UPDATE SET seq = COALESCE(corrections.seq, excluded.seq)"));
    const QVariant nullText(QMetaType::fromType<QString>());
    const QVariant nullSeq(QMetaType::fromType<qint64>());
    for (const CorrectionEvent &e : events) {
        // What the server checks of a pushed event (EventJson.h): an event it would refuse is
        // refused here, before it can wait in the outbox for ever.
        if (const QString problem = checkCorrectionEvent(e); !problem.isEmpty())
            return write.fail(Error::badInput(problem));
        insert.bindValue(0, e.id);
        insert.bindValue(1, e.record);
        insert.bindValue(2, e.observation);
        insert.bindValue(3, curationFieldKey(e.field));
        insert.bindValue(4, e.value ? QVariant(*e.value) : nullText);
        insert.bindValue(5, e.parents.isEmpty() ? QStringLiteral("") : e.parents.join(u','));
        insert.bindValue(6, e.author);
        insert.bindValue(7, e.createdAt);
        insert.bindValue(8, e.seq ? QVariant(*e.seq) : nullSeq);
        insert.bindValue(9, e.keyId.isEmpty() ? nullText : QVariant(e.keyId));
        insert.bindValue(10, e.signature.isEmpty() ? nullText : QVariant(e.signature));
        if (!insert.exec())
            return write.fail(sqlError(
                QStringLiteral("cannot store correction %1").arg(e.id), insert.lastError()));
    }
    return write.commit(QStringLiteral("%1: cannot commit corrections").arg(m_path));
}

Result<QList<CorrectionEvent>> Store::corrections(const QString &arxivId) const
{
    QSqlQuery query(database());
    query.setForwardOnly(true);
    query.prepare(
        QStringLiteral("SELECT id, observation_id, field, value, parents, author, created_at, seq,"
                       " key_id, signature FROM corrections WHERE record_id = ?"
                       " ORDER BY created_at, id"));
    query.addBindValue(arxivId);
    if (!query.exec())
        return sqlError(
            QStringLiteral("cannot read the corrections of %1").arg(arxivId), query.lastError());
    QList<CorrectionEvent> events;
    while (query.next()) {
        const auto field = parseCurationField(query.value(2).toString());
        if (!field)
            continue; // a field from a newer program: kept in the file, not shown
        CorrectionEvent e;
        e.id = query.value(0).toString();
        e.record = arxivId;
        e.observation = query.value(1).toString();
        e.field = *field;
        if (!query.value(3).isNull())
            e.value = query.value(3).toString();
        const QString parents = query.value(4).toString();
        if (!parents.isEmpty())
            e.parents = parents.split(u',');
        e.author = query.value(5).toString();
        e.createdAt = query.value(6).toString();
        if (!query.value(7).isNull())
            e.seq = query.value(7).toLongLong();
        e.keyId = query.value(8).toString();
        e.signature = query.value(9).toString();
        events.append(std::move(e));
    }
    return events;
}

Result<std::optional<CuratedRecord>> Store::loadCurated(
    const QString &arxivId, qsizetype firstObservations) const
{
    return loadCuratedWith(arxivId, {}, firstObservations);
}

Result<std::optional<CuratedRecord>> Store::loadCuratedWith(
    const QString &arxivId, const SharedNoticeIndex &notices, qsizetype firstObservations) const
{
    auto record = loadRecord(arxivId, firstObservations);
    if (!record)
        return record.error();
    if (!record->has_value())
        return std::optional<CuratedRecord>();
    auto events = corrections(arxivId);
    if (!events)
        return events.error();
    SharedNoticeIndex index = notices;
    if (!index) {
        auto read = noticeIndex();
        if (!read)
            return read.error();
        index = std::move(*read);
    }
    return std::optional<CuratedRecord>(applyCorrections(
        std::move(**record), std::move(*events), std::move(index), Threads::runBesideIfWorthIt));
}

Result<qint64> Store::dataVersion() const
{
    QSqlQuery query(database());
    if (!query.exec(QStringLiteral("PRAGMA data_version")) || !query.next())
        return sqlError(
            QStringLiteral("%1: cannot read the data version").arg(m_path), query.lastError());
    return query.value(0).toLongLong();
}

Result<QString> Store::changeStamp(const QString &arxivId) const
{
    QSqlQuery query(database());
    query.prepare(QStringLiteral(
        "SELECT (SELECT COUNT(*) || ':' || IFNULL(MAX(rowid), 0) FROM corrections WHERE record_id "
        "= ?),"
        " (SELECT IFNULL(as_of, '') || ':' || IFNULL(version, 0) FROM records WHERE id = ?),"
        " (SELECT COUNT(*) || ':' || IFNULL((SELECT value FROM meta WHERE key ="
        " 'notices/generation'), 0) FROM notices)"));
    query.addBindValue(arxivId);
    query.addBindValue(arxivId);
    if (!query.exec() || !query.next())
        return sqlError(
            QStringLiteral("%1: cannot read what changed").arg(m_path), query.lastError());
    return QStringLiteral("%1/%2/%3")
        .arg(query.value(0).toString(), query.value(1).toString(), query.value(2).toString());
}

Result<QString> Store::meta(const QString &key) const
{
    QSqlQuery query(database());
    query.prepare(QStringLiteral("SELECT value FROM meta WHERE key = ?"));
    query.addBindValue(key);
    if (!query.exec())
        return sqlError(QStringLiteral("cannot read setting %1").arg(key), query.lastError());
    return query.next() ? query.value(0).toString() : QString();
}

Status Store::setMeta(const QString &key, const QString &value)
{
    Write write(*this);
    if (auto status
        = write.begin(QStringLiteral("%1: cannot start storing setting %2").arg(m_path, key));
        !status)
        return status;
    if (auto status = writeMeta(database(), { { key, value } }); !status)
        return write.fail(status.error());
    return write.commit(QStringLiteral("%1: cannot commit setting %2").arg(m_path, key));
}

QString defaultCachePath()
{
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(folder).filePath(QStringLiteral("ledger-cache.sqlite"));
}

} // namespace LedgerCurator
