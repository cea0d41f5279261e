// SPDX-License-Identifier: GPL-3.0-or-later
// The cache's schema: its migrations, in order, and how Store::open() applies them.
#include "Store.h"
#include "StoreWrite.h"
#include "WorksIndex.h"

#include <QSqlQuery>

namespace LedgerCurator {

const char *const kObservationsByIdSql
    = "CREATE UNIQUE INDEX observations_by_id ON observations(record_id, id)";

namespace {

//! A step of a migration that is not SQL text: the works index's tables, as WorksIndex makes
//! them (the same tables serve ledger-server's reconciliation service).
const QString kWorksIndexStep = QStringLiteral("-- WorksIndex::ensureSchema()");

//! Ordered migrations: step N takes the schema from version N to N + 1.
const QList<QStringList> &migrations()
{
    static const QList<QStringList> steps = {
        // 0 -> 1: records, their observations and the events reported for cited works.
        {
            QStringLiteral("CREATE TABLE records ("
                           " id TEXT PRIMARY KEY,"
                           " version INTEGER NOT NULL,"
                           " title TEXT NOT NULL,"
                           " as_of TEXT NOT NULL,"
                           " header TEXT NOT NULL,"
                           " imported_at TEXT NOT NULL)"),
            QStringLiteral("CREATE TABLE observations ("
                           " record_id TEXT NOT NULL REFERENCES records(id) ON DELETE CASCADE,"
                           " position INTEGER NOT NULL,"
                           " id TEXT NOT NULL,"
                           " direction INTEGER NOT NULL,"
                           " citing_title TEXT NOT NULL,"
                           " cited_title TEXT NOT NULL,"
                           " reference INTEGER,"
                           " state INTEGER NOT NULL,"
                           " basis TEXT NOT NULL,"
                           " observed_at TEXT NOT NULL,"
                           " events_status INTEGER NOT NULL,"
                           " events_as_of TEXT,"
                           " events_reason TEXT,"
                           " PRIMARY KEY (record_id, position)) WITHOUT ROWID"),
            QString::fromLatin1(kObservationsByIdSql),
            QStringLiteral(
                "CREATE TABLE source_events ("
                " record_id TEXT NOT NULL REFERENCES records(id) ON DELETE CASCADE,"
                " observation_position INTEGER NOT NULL,"
                " position INTEGER NOT NULL,"
                " kind INTEGER NOT NULL,"
                " date TEXT NOT NULL,"
                " source TEXT NOT NULL,"
                " notice TEXT,"
                " PRIMARY KEY (record_id, observation_position, position)) WITHOUT ROWID"),
            QStringLiteral("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"),
        },
        // 1 -> 2: the append-only correction log. Never joined to upstream rows, so replacing a
        // page keeps every correction. seq is the server's order, NULL while in the outbox.
        {
            QStringLiteral("CREATE TABLE corrections ("
                           " id TEXT PRIMARY KEY,"
                           " record_id TEXT NOT NULL,"
                           " observation_id TEXT NOT NULL,"
                           " field TEXT NOT NULL,"
                           " value TEXT,"
                           " parents TEXT NOT NULL,"
                           " author TEXT NOT NULL,"
                           " created_at TEXT NOT NULL,"
                           " seq INTEGER)"),
            QStringLiteral(
                "CREATE INDEX corrections_by_record ON corrections(record_id, created_at, id)"),
            QStringLiteral("CREATE INDEX corrections_outbox ON corrections(id) WHERE seq IS NULL"),
            // A page rendered with corrections and imported again keeps its curation marks.
            QStringLiteral("ALTER TABLE observations ADD COLUMN curation TEXT"),
        },
        // 2 -> 3: what a notice says, and the standing notices imported from retraction data
        // (matched to observations by their cited work when a record is loaded).
        {
            QStringLiteral("ALTER TABLE source_events ADD COLUMN detail TEXT"),
            QStringLiteral("CREATE TABLE notices ("
                           " id INTEGER PRIMARY KEY,"
                           " work TEXT NOT NULL,"
                           " kind INTEGER NOT NULL,"
                           " date TEXT NOT NULL,"
                           " source TEXT NOT NULL,"
                           " notice TEXT NOT NULL,"
                           " detail TEXT NOT NULL,"
                           " origin TEXT NOT NULL,"
                           " imported_at TEXT NOT NULL,"
                           " UNIQUE (work, kind, date, source, notice))"),
        },
        // 3 -> 4: outbox events a server refused (a 4xx for that event alone), with its words:
        // left out of the next pushes' batches so they cannot block the others, tried again
        // alone at the end of each sync, and shown to the curator.
        {
            QStringLiteral("CREATE TABLE outbox_refusals ("
                           " id TEXT NOT NULL REFERENCES corrections(id) ON DELETE CASCADE,"
                           " server TEXT NOT NULL,"
                           " status INTEGER NOT NULL,"
                           " reason TEXT NOT NULL,"
                           " refused_at TEXT NOT NULL,"
                           " PRIMARY KEY (id, server))"),
        },
        // 4 -> 5: signed corrections (docs/signatures.md): each event's key id and signature
        // (NULL for legacy events); the curators' public keys learnt from servers and bundles;
        // and events received that failed their check, kept aside out of every merge.
        {
            QStringLiteral("ALTER TABLE corrections ADD COLUMN key_id TEXT"),
            QStringLiteral("ALTER TABLE corrections ADD COLUMN signature TEXT"),
            QStringLiteral("CREATE TABLE curator_keys ("
                           " key_id TEXT PRIMARY KEY,"
                           " curator TEXT NOT NULL,"
                           " public_key TEXT NOT NULL,"
                           " registered_at TEXT NOT NULL,"
                           " revoked INTEGER NOT NULL DEFAULT 0,"
                           " revoked_after_seq INTEGER)"),
            QStringLiteral("CREATE TABLE rejected_events ("
                           " id TEXT NOT NULL,"
                           " record_id TEXT NOT NULL,"
                           " server TEXT NOT NULL,"
                           " event TEXT NOT NULL,"
                           " reason TEXT NOT NULL,"
                           " received_at TEXT NOT NULL,"
                           " PRIMARY KEY (id, server))"),
        },
        // 5 -> 6: notices as team data (docs/notices.md): each notice's identity (source, source
        // id: the Retraction Watch Record ID, read back from the origin the earlier schema kept),
        // its nature as the source words it, what the source says of the paper, listed or
        // withdrawn by the source, the version's import time and importer, and the server's seq
        // of the version (NULL: not yet sent). Rebuilt, since the identity changes.
        {
            QStringLiteral("CREATE TABLE notices_v6 ("
                           " id INTEGER PRIMARY KEY,"
                           " source TEXT NOT NULL,"
                           " source_id TEXT NOT NULL,"
                           " work TEXT NOT NULL,"
                           " kind INTEGER NOT NULL,"
                           " nature TEXT NOT NULL DEFAULT '',"
                           " date TEXT NOT NULL,"
                           " event_source TEXT NOT NULL,"
                           " notice TEXT NOT NULL,"
                           " detail TEXT NOT NULL,"
                           " title TEXT NOT NULL DEFAULT '',"
                           " journal TEXT NOT NULL DEFAULT '',"
                           " urls TEXT NOT NULL DEFAULT '',"
                           " origin TEXT NOT NULL,"
                           " status TEXT NOT NULL DEFAULT 'listed',"
                           " imported_at TEXT NOT NULL,"
                           " imported_by TEXT NOT NULL DEFAULT '',"
                           " seq INTEGER,"
                           " UNIQUE (source, source_id))"),
            QStringLiteral(
                "INSERT OR REPLACE INTO notices_v6 (id, source, source_id, work, kind, date,"
                " event_source, notice, detail, origin, imported_at)"
                " SELECT id,"
                "  CASE WHEN origin LIKE 'Retraction Watch record _%' THEN 'retraction-watch'"
                "   ELSE 'cache' END,"
                "  CASE WHEN origin LIKE 'Retraction Watch record _%' THEN substr(origin, 25)"
                "   ELSE CAST(id AS TEXT) END,"
                "  work, kind, date, source, notice, detail, origin, imported_at"
                " FROM notices ORDER BY id"),
            QStringLiteral("DROP TABLE notices"),
            QStringLiteral("ALTER TABLE notices_v6 RENAME TO notices"),
            QStringLiteral("CREATE INDEX notices_by_work ON notices(work)"),
            QStringLiteral("CREATE INDEX notices_outbox ON notices(id) WHERE seq IS NULL"),
        },
        // 6 -> 7: the works index (docs/works.md): works_sources, works, works_bad_lines
        // and the full-text index works_fts with its vocabulary works_vocab.
        { kWorksIndexStep },
        // 7 -> 8: who withdrew a notice and from which list (docs/notices.md): each version's
        // file and the date of its list, so that an older list changes nothing newer.
        {
            QStringLiteral("ALTER TABLE notices ADD COLUMN imported_from TEXT NOT NULL DEFAULT ''"),
            QStringLiteral("ALTER TABLE notices ADD COLUMN listed_as_of TEXT NOT NULL DEFAULT ''"),
        },
        // 8 -> 9: records removed here (`ledger-curator remove`, Edit > Remove Record; docs/
        // curation.md): which page was removed and when. A sync does not fetch that page again
        // (a newer one it does); an import of the record forgets the removal. The record's
        // corrections stay in `corrections`, never joined to its rows.
        {
            QStringLiteral("CREATE TABLE removed_records ("
                           " id TEXT PRIMARY KEY,"
                           " version INTEGER NOT NULL,"
                           " title TEXT NOT NULL,"
                           " as_of TEXT NOT NULL,"
                           " observations INTEGER NOT NULL,"
                           " removed_at TEXT NOT NULL)"),
        },
        // 9 -> 10: each curator key's attestation by the server that registered it
        // (docs/signatures.md): the server key's id and its signature, carried into bundles.
        {
            QStringLiteral(
                "ALTER TABLE curator_keys ADD COLUMN attested_by TEXT NOT NULL DEFAULT ''"),
            QStringLiteral(
                "ALTER TABLE curator_keys ADD COLUMN attestation TEXT NOT NULL DEFAULT ''"),
        },
        // 10 -> 11: signed notices (docs/signatures.md, "Notices"): each version's key id and
        // signature ('' for a version made before notices were signed), and the notices received
        // that failed their check, kept aside (the notice as received, its seq, the server, the
        // reason and when) while the cache keeps the version it held.
        {
            QStringLiteral("ALTER TABLE notices ADD COLUMN key_id TEXT NOT NULL DEFAULT ''"),
            QStringLiteral("ALTER TABLE notices ADD COLUMN signature TEXT NOT NULL DEFAULT ''"),
            QStringLiteral("CREATE TABLE rejected_notices ("
                           " source TEXT NOT NULL,"
                           " source_id TEXT NOT NULL,"
                           " seq INTEGER NOT NULL,"
                           " server TEXT NOT NULL,"
                           " notice TEXT NOT NULL,"
                           " reason TEXT NOT NULL,"
                           " received_at TEXT NOT NULL,"
                           " PRIMARY KEY (source, source_id, seq, server))"),
        },
    };
    return steps;
}

} // namespace

int Store::latestSchemaVersion()
{
    return int(migrations().size());
}

int Store::schemaVersion() const
{
    QSqlQuery query(database());
    if (!query.exec(QStringLiteral("PRAGMA user_version")) || !query.next())
        return -1;
    return query.value(0).toInt();
}

Status Store::migrate()
{
    const int current = schemaVersion();
    if (current < 0)
        return Error::failure(QStringLiteral("%1: cannot read the schema version").arg(m_path));
    if (current > latestSchemaVersion())
        return Error::failure(QStringLiteral("%1: the cache has schema version %2, newer than this "
                                             "Ledger Curator understands (%3); update the program")
                                  .arg(m_path)
                                  .arg(current)
                                  .arg(latestSchemaVersion()));
    for (int version = current; version < latestSchemaVersion(); ++version) {
        Write write(*this);
        if (auto status = write.begin(
                QStringLiteral("%1: cannot start migration %2").arg(m_path).arg(version + 1));
            !status)
            return status;
        for (const auto &sql : migrations()[version]) {
            if (sql == kWorksIndexStep) {
                QSqlDatabase db = database();
                if (auto status = WorksIndex::ensureSchema(db); !status)
                    return write.fail(
                        Error::failure(m_path + QStringLiteral(": ") + status.error().message));
                continue;
            }
            if (auto status = exec(sql); !status)
                return write.fail(status.error());
        }
        if (auto status = exec(QStringLiteral("PRAGMA user_version = %1").arg(version + 1));
            !status)
            return write.fail(status.error());
        if (auto status = write.commit(
                QStringLiteral("%1: cannot commit migration %2").arg(m_path).arg(version + 1));
            !status)
            return status;
    }
    return {};
}

} // namespace LedgerCurator
