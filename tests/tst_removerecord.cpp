// SPDX-License-Identifier: GPL-3.0-or-later
// Removing a wrongly imported record (issue 34, item 9; docs/curation.md, "Removing a record"):
// `ledger-curator remove` on a real cache with the fixture page, its corrections kept aside and
// back with the page; an unknown record refused with nothing changed; the store's removal and
// its exact undo; a cache of schema 8 migrated; a sync against the real ledger-server that leaves
// the removed page alone, fetches a newer one, and brings it back with --fetch-removed; and
// Edit > Remove Record in the window, confirmed, as one undo step (undo, redo).
#include "CurationLog.h"
#include "CurationSession.h"
#include "LedgerText.h"
#include "MainWindow.h"
#include "ObservationTableModel.h"
#include "Outbox.h"
#include "RecordJson.h"
#include "ServerProcess.h"
#include "Store.h"
#include "StoreConnection.h"
#include "TestSupport.h"
#include "WindowFixture.h"

#include <QAction>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPushButton>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2"); // metadata mismatch
const QString kDesignCp = QStringLiteral("e919841b-30d3-4e66-a2d1-e594d06b6753"); // unresolved
const QString kOther = QStringLiteral("2301.01234"); // richRecord()

//! One request straight to the server, as an admin puts a page there.
int put(const QUrl &server, const QString &token, const Record &record)
{
    QUrl url = server;
    url.setPath(QStringLiteral("/v1/records/") + record.arxivId);
    QNetworkAccessManager network;
    QNetworkRequest request(url);
    request.setRawHeader("Authorization", "Bearer " + token.toLatin1());
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setTransferTimeout(scaledTimeoutMs(30000));
    std::unique_ptr<QNetworkReply> reply(network.put(request, writeRecordJson(record)));
    QEventLoop loop;
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

//! An unsigned correction of the fixture, as tst_sync makes them.
CorrectionEvent correction(const QString &observation, CurationField field, const QString &value)
{
    return makeEdit(
        FieldState {}, kRecord, observation, field, value, QStringLiteral("tester"), nowUtc());
}

} // namespace

class TestRemoveRecord : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    // The command line on a real cache.
    void removeKeepsCorrectionsAsideAndImportBringsThemBack();
    void unknownRecordExitsTwoAndChangesNothing();
    void badUsageExitsTwo();
    // The store.
    void restoreRecordPutsBackExactly();
    void restoreIsRefusedOnceThePageIsBack();
    void largeRecordRemovalKeepsTheIdIndex();
    void cacheOfSchema8Migrates();
    // The team server.
    void syncLeavesTheRemovedPageAlone();
    // The window.
    void removeRecordInTheWindowIsOneUndoStep();
    void removingTheLastRecordShowsTheEmptyState();

private:
    CliRun run(QStringList arguments) const;
    QJsonArray list() const;
    QStringList idsInState(const QString &state) const;
    //! The window's confirmation, once it is open.
    QMessageBox *confirmation(MainWindow &window) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
};

void TestRemoveRecord::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("cache.sqlite"));
}

void TestRemoveRecord::cleanup()
{
    m_dir.reset();
}

CliRun TestRemoveRecord::run(QStringList arguments) const
{
    arguments << QStringLiteral("--db") << m_db;
    return runCli(arguments, m_dir->path());
}

QJsonArray TestRemoveRecord::list() const
{
    return QJsonDocument::fromJson(run({ QStringLiteral("list"), QStringLiteral("--json") }).out)
        .array();
}

QStringList TestRemoveRecord::idsInState(const QString &state) const
{
    const CliRun shown = run({ QStringLiteral("show"), kRecord, QStringLiteral("--state"), state,
        QStringLiteral("--json") });
    QStringList ids;
    for (const auto &row : QJsonDocument::fromJson(shown.out).array())
        ids.append(row[QStringLiteral("id")].toString());
    return ids;
}

QMessageBox *TestRemoveRecord::confirmation(MainWindow &window) const
{
    return window.findChild<QMessageBox *>(QStringLiteral("removeRecordConfirmation"));
}

// --- the command line ----------------------------------------------------------------------------

void TestRemoveRecord::removeKeepsCorrectionsAsideAndImportBringsThemBack()
{
    const QString page = dataPath(QStringLiteral("ledger-2104.04473.txt"));
    QCOMPARE(run({ QStringLiteral("import"), page }).exitCode, 0);
    QCOMPARE(
        runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("tester") },
            m_dir->path())
            .exitCode,
        0);
    QCOMPARE(run({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("state=verified exact"),
                     QStringLiteral("note=title checked") })
                 .exitCode,
        0);
    QCOMPARE(run({ QStringLiteral("curate"), kRecord, kDesignCp,
                     QStringLiteral("identifier=arXiv:2407.01234"),
                     QStringLiteral("state=verified exact") })
                 .exitCode,
        0);
    QVERIFY(idsInState(QStringLiteral("verified exact")).contains(kOpt));

    const CliRun removed = run({ QStringLiteral("remove"), QStringLiteral("arXiv:2104.04473v5") });
    QVERIFY2(removed.exitCode == 0, removed.err.constData());
    QVERIFY2(
        removed.out.startsWith("removed arXiv:2104.04473 v5 (as of "), removed.out.constData());
    QVERIFY2(removed.out.contains(", 34 observations) from "), removed.out.constData());
    QVERIFY2(removed.out.contains("its 4 corrections are kept aside: importing its page again "
                                  "brings them back; 4 corrections not yet sent still go to the "
                                  "server at the next sync"),
        removed.out.constData());
    // Never synced: nothing is said of a server.
    QVERIFY2(!removed.out.contains("server is not changed"), removed.out.constData());

    // Gone from every command that reads records.
    QCOMPARE(list().size(), 0);
    const CliRun shown = run({ QStringLiteral("show"), kRecord });
    QCOMPARE(shown.exitCode, 2);
    QVERIFY2(shown.err.contains("no record 2104.04473"), shown.err.constData());
    const CliRun again = run({ QStringLiteral("remove"), kRecord });
    QCOMPARE(again.exitCode, 2);
    {
        // The corrections are in the log, the outbox keeps the unsent ones, the removal is noted.
        Store store(m_db);
        QVERIFY(store.open());
        QCOMPARE(store.corrections(kRecord)->size(), 4);
        QCOMPARE(*Outbox(store).count(), 4);
        QCOMPARE(*store.observationCount(kRecord), 0);
        QCOMPARE(store.removedRecords()->keys(), QStringList { kRecord });
        QSqlQuery rows(StoreConnection::of(store));
        QVERIFY(rows.exec(QStringLiteral("SELECT COUNT(*) FROM source_events")));
        QVERIFY(rows.next());
        QCOMPARE(rows.value(0).toInt(), 0);
        QVERIFY(store.meta(QStringLiteral("counts/") + kRecord)->isEmpty());
    }

    // The same page imported again shows the record with its corrections applied.
    const CliRun imported = run({ QStringLiteral("import"), page });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QVERIFY2(imported.out.startsWith("imported 2104.04473 v5"), imported.out.constData());
    const QJsonArray back = list();
    QCOMPARE(back.size(), 1);
    QCOMPARE(back[0][QStringLiteral("arxiv_id")].toString(), kRecord);
    const QStringList exact = idsInState(QStringLiteral("verified exact"));
    QVERIFY(exact.contains(kOpt));
    QVERIFY(exact.contains(kDesignCp));
    const CliRun history = run({ QStringLiteral("history"), kRecord, kDesignCp });
    QCOMPARE(history.exitCode, 0);
    QVERIFY2(history.out.contains("2407.01234"), history.out.constData());
    Store store(m_db);
    QVERIFY(store.open());
    QVERIFY(store.removedRecords()->isEmpty());
    QCOMPARE(store.loadCurated(kRecord).value()->events.size(), 4);
}

void TestRemoveRecord::unknownRecordExitsTwoAndChangesNothing()
{
    QCOMPARE(run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) })
                 .exitCode,
        0);
    const QString before = dumpDatabase(m_db);
    for (const QString &id : { QStringLiteral("2301.99999"), QStringLiteral("not-a-record") }) {
        const CliRun removed = run({ QStringLiteral("remove"), id });
        QCOMPARE(removed.exitCode, 2);
        QVERIFY(removed.out.isEmpty());
        QVERIFY2(removed.err.contains(QStringLiteral("no record %1 in the cache").arg(id).toUtf8()),
            removed.err.constData());
        QVERIFY2(removed.err.contains("nothing was removed"), removed.err.constData());
        QCOMPARE(dumpDatabase(m_db), before);
    }
    QCOMPARE(list().size(), 1);
}

void TestRemoveRecord::badUsageExitsTwo()
{
    const CliRun none = run({ QStringLiteral("remove") });
    QCOMPARE(none.exitCode, 2);
    QVERIFY2(none.err.contains("remove: name one RECORD"), none.err.constData());
    QVERIFY2(none.err.contains("ledger-curator remove --help"), none.err.constData());
    const CliRun two = run({ QStringLiteral("remove"), kRecord, kOther });
    QCOMPARE(two.exitCode, 2);
    const CliRun help = run({ QStringLiteral("remove"), QStringLiteral("--help") });
    QCOMPARE(help.exitCode, 0);
    QVERIFY2(help.out.contains("ledger-curator remove RECORD"), help.out.constData());
    const CliRun all = runCli({ QStringLiteral("--help") }, m_dir->path());
    QVERIFY2(
        QString::fromUtf8(all.out).simplified().contains(QStringLiteral(" check, remove, sync,")),
        all.out.constData());
}

// --- the store -----------------------------------------------------------------------------------

void TestRemoveRecord::restoreRecordPutsBackExactly()
{
    Store store(m_db);
    QVERIFY(store.open());
    QVERIFY(store.importRecords({ fixtureRecord(), richRecord() }));
    QVERIFY(store.addCorrections(
        { correction(kOpt, CurationField::State, QStringLiteral("verified_exact")) }));
    const QString server = QStringLiteral("sync/http:%2F%2F127.0.0.1:8080");
    QVERIFY(store.setMeta(server + QStringLiteral("/etag/") + kRecord, QStringLiteral("\"e1\"")));
    QVERIFY(store.setMeta(server + QStringLiteral("/etag/") + kOther, QStringLiteral("\"e2\"")));
    QVERIFY(store.rememberAttentionCount(kRecord, QStringLiteral("stamp"), AttentionCount {}));
    const QString before = dumpDatabase(m_db);

    auto removed = store.removeRecord(kRecord, RemovalSnapshot::Keep);
    QVERIFY(removed && removed->has_value());
    const RecordRemoval removal = **removed;
    QCOMPARE(removal.arxivId, kRecord);
    QCOMPARE(removal.version, 5);
    QCOMPARE(removal.observations, 34);
    QCOMPARE(removal.corrections, 1);
    QCOMPARE(removal.unsent, 1);
    QCOMPARE(removal.syncedFrom, QStringList { QStringLiteral("http:%2F%2F127.0.0.1:8080") });
    QVERIFY(removal.snapshot);
    QVERIFY(removal.snapshot->record == fixtureRecord());
    QCOMPARE(*store.recordCount(), 1);
    QCOMPARE(store.recordSummaries()->first().arxivId, kOther);
    QVERIFY(!store.loadRecord(kRecord)->has_value());
    QCOMPARE(store.corrections(kRecord)->size(), 1);
    QCOMPARE(store.removedRecords()->value(kRecord), fixtureRecord().asOf);
    // The record's own meta entries went with it; the other record's stayed.
    QVERIFY(store.meta(server + QStringLiteral("/etag/") + kRecord)->isEmpty());
    QCOMPARE(*store.meta(server + QStringLiteral("/etag/") + kOther), QStringLiteral("\"e2\""));
    QVERIFY(store.meta(QStringLiteral("attention/") + kRecord)->isEmpty());
    QVERIFY(dumpDatabase(m_db) != before);

    // Put back: every row of every table as it was (import time, header, counts and ETags).
    QVERIFY(store.restoreRecord(removal));
    QCOMPARE(dumpDatabase(m_db), before);
    auto curated = store.loadCurated(kRecord);
    QVERIFY(curated && curated->has_value());
    QCOMPARE((*curated)->shown.findObservation(kOpt)->state, ResolutionState::VerifiedExact);
    QVERIFY(store.removedRecords()->isEmpty());

    // A removal without its snapshot cannot be put back; it says so and changes nothing.
    auto dropped = store.removeRecord(kRecord);
    QVERIFY(dropped && dropped->has_value());
    QVERIFY(!(*dropped)->snapshot);
    const QString afterRemoval = dumpDatabase(m_db);
    const Status refused = store.restoreRecord(**dropped);
    QVERIFY(!refused);
    QVERIFY2(refused.error().message.contains(QStringLiteral("nothing of it was kept")),
        qPrintable(refused.error().message));
    QCOMPARE(dumpDatabase(m_db), afterRemoval);
    // An unknown record: nothing written.
    auto unknown = store.removeRecord(QStringLiteral("2301.99999"));
    QVERIFY(unknown && !unknown->has_value());
    QCOMPARE(dumpDatabase(m_db), afterRemoval);
}

void TestRemoveRecord::restoreIsRefusedOnceThePageIsBack()
{
    Store store(m_db);
    QVERIFY(store.open());
    QVERIFY(store.importRecords({ fixtureRecord() }));
    auto removed = store.removeRecord(kRecord, RemovalSnapshot::Keep);
    QVERIFY(removed && removed->has_value());
    Record newer = fixtureRecord();
    newer.asOf = QStringLiteral("2026-12-24");
    QVERIFY(store.importRecords({ newer }));
    QVERIFY(store.removedRecords()->isEmpty()); // the import forgot the removal
    const QString before = dumpDatabase(m_db);
    const Status refused = store.restoreRecord(**removed);
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, Error::Kind::BadInput);
    QVERIFY2(refused.error().message.contains(QStringLiteral("is in the cache again (as of "
                                                             "2026-12-24")),
        qPrintable(refused.error().message));
    QCOMPARE(dumpDatabase(m_db), before);
    QCOMPARE(store.loadRecord(kRecord).value()->asOf, QStringLiteral("2026-12-24"));
}

void TestRemoveRecord::largeRecordRemovalKeepsTheIdIndex()
{
    // A record holding most of the table's rows: the id index is rebuilt over the rows that stay
    // instead of updated row by row (StoreRemoval.cpp); it must be there, whole, afterwards.
    Record large = richRecord();
    const Record fixture = fixtureRecord();
    large.observations.clear();
    for (int i = 0; i < 25000; ++i) {
        Observation o = fixture.observations[i % fixture.observations.size()];
        o.id = uuidFor(100000 + i);
        large.observations.append(o);
    }
    Store store(m_db);
    QVERIFY(store.open());
    QVERIFY(store.importRecords({ fixture, large }));
    const QString before = dumpDatabase(m_db);
    auto removed = store.removeRecord(kOther, RemovalSnapshot::Keep);
    QVERIFY(removed && removed->has_value());
    QCOMPARE((*removed)->observations, 25000);
    QSqlQuery index(StoreConnection::of(store));
    QVERIFY(index.exec(QStringLiteral("SELECT sql FROM sqlite_master WHERE name = "
                                      "'observations_by_id'")));
    QVERIFY(index.next());
    QVERIFY(index.value(0).toString().startsWith(QStringLiteral("CREATE UNIQUE INDEX")));
    index.finish();
    QSqlQuery check(StoreConnection::of(store));
    QVERIFY(check.exec(QStringLiteral("PRAGMA integrity_check")));
    QVERIFY(check.next());
    QCOMPARE(check.value(0).toString(), QStringLiteral("ok"));
    check.finish();
    QCOMPARE(*store.observationCount(kRecord), 34);
    QVERIFY(store.loadRecord(kRecord).value().value() == fixture);
    QVERIFY(store.restoreRecord(**removed));
    QCOMPARE(dumpDatabase(m_db), before);
}

void TestRemoveRecord::cacheOfSchema8Migrates()
{
    QCOMPARE(Store::latestSchemaVersion(), 11);
    {
        Store store(m_db);
        QVERIFY(store.open());
        QVERIFY(store.importRecords({ fixtureRecord() }));
        QVERIFY(store.addCorrections({ correction(
            kOpt, CurationField::Note, QStringLiteral("kept through the migration")) }));
    }
    {
        // The cache as schema 8 left it: migrations 9 to 11 taken back.
        const QString name = QStringLiteral("schema8");
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setDatabaseName(m_db);
            QVERIFY(db.open());
            QSqlQuery query(db);
            QVERIFY(query.exec(QStringLiteral("DROP TABLE removed_records")));
            QVERIFY(query.exec(QStringLiteral("ALTER TABLE curator_keys DROP COLUMN attested_by")));
            QVERIFY(query.exec(QStringLiteral("ALTER TABLE curator_keys DROP COLUMN attestation")));
            QVERIFY(query.exec(QStringLiteral("DROP TABLE rejected_notices")));
            QVERIFY(query.exec(QStringLiteral("ALTER TABLE notices DROP COLUMN key_id")));
            QVERIFY(query.exec(QStringLiteral("ALTER TABLE notices DROP COLUMN signature")));
            QVERIFY(query.exec(QStringLiteral("PRAGMA user_version = 8")));
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
    }
    const CliRun removed = run({ QStringLiteral("remove"), kRecord });
    QVERIFY2(removed.exitCode == 0, removed.err.constData());
    QVERIFY2(removed.out.contains("its 1 correction is kept aside"), removed.out.constData());
    Store store(m_db);
    QVERIFY(store.open());
    QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
    QCOMPARE(store.removedRecords()->keys(), QStringList { kRecord });
    QCOMPARE(store.corrections(kRecord)->size(), 1);
}

// --- the team server -----------------------------------------------------------------------------

void TestRemoveRecord::syncLeavesTheRemovedPageAlone()
{
    ServerProcess server(m_dir->filePath(QStringLiteral("server.sqlite")));
    QString problem;
    server.command(
        { QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) }, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const QString alice
        = server.addToken(QStringLiteral("alice"), QStringLiteral("curator"), &problem);
    const QString admin
        = server.addToken(QStringLiteral("root"), QStringLiteral("admin"), &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY2(server.start(&problem), qPrintable(problem));
    const QString tokenFile = m_dir->filePath(QStringLiteral("alice.token"));
    {
        QFile file(tokenFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(alice.toUtf8() + '\n');
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    QCOMPARE(
        runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("alice") },
            m_dir->path())
            .exitCode,
        0);
    const auto sync = [&](const QStringList &extra = {}) {
        return run(QStringList { QStringLiteral("sync"), QStringLiteral("--server"),
                       server.url().toString(), QStringLiteral("--token-file"), tokenFile }
            + extra);
    };
    CliRun synced = sync();
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    QCOMPARE(list().size(), 1);

    // A correction not yet sent, then the record removed: the correction still goes out.
    QCOMPARE(
        run({ QStringLiteral("curate"), kRecord, kOpt, QStringLiteral("state=verified exact") })
            .exitCode,
        0);
    const CliRun removed = run({ QStringLiteral("remove"), kRecord });
    QVERIFY2(removed.exitCode == 0, removed.err.constData());
    QVERIFY2(removed.out.contains("its 1 correction is kept aside: importing its page again "
                                  "brings it back; 1 correction not yet sent still goes to the "
                                  "server at the next sync"),
        removed.out.constData());
    QVERIFY2(removed.out.contains("the server is not changed; the next sync does not fetch this "
                                  "page again"),
        removed.out.constData());
    synced = sync();
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    QVERIFY2(synced.out.contains("pushed 1 correction, 0 records updated"), synced.out.constData());
    QCOMPARE(list().size(), 0);

    // The server's list changes (another record): the removed page is named, and left alone.
    QCOMPARE(put(server.url(), admin, richRecord()), 201);
    synced = sync();
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    QVERIFY2(synced.out.contains("1 record updated"), synced.out.constData());
    QVERIFY2(synced.err.contains("arXiv:2104.04473 was removed from this cache; "),
        synced.err.constData());
    QVERIFY2(synced.err.contains("is not fetched again"), synced.err.constData());
    QJsonArray listed = list();
    QCOMPARE(listed.size(), 1);
    QCOMPARE(listed[0][QStringLiteral("arxiv_id")].toString(), kOther);

    // Asked for, it comes back with its correction (now on the server) applied.
    synced = sync({ QStringLiteral("--fetch-removed") });
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    QVERIFY2(synced.out.contains("1 record updated"), synced.out.constData());
    QCOMPARE(list().size(), 2);
    QVERIFY(idsInState(QStringLiteral("verified exact")).contains(kOpt));

    // Removed again: a newer page on the server is fetched at the next sync.
    QCOMPARE(run({ QStringLiteral("remove"), kRecord }).exitCode, 0);
    synced = sync();
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    QCOMPARE(list().size(), 1); // the list did not change: nothing fetched
    Record newer = fixtureRecord();
    newer.asOf = QStringLiteral("2026-12-24");
    QCOMPARE(put(server.url(), admin, newer), 200);
    synced = sync();
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    QVERIFY2(synced.err.contains("(as of 2026-12-24) is fetched"), synced.err.constData());
    listed = list();
    QCOMPARE(listed.size(), 2);
    QCOMPARE(listed[0][QStringLiteral("arxiv_id")].toString(), kRecord);
    QCOMPARE(listed[0][QStringLiteral("as_of")].toString(), QStringLiteral("2026-12-24"));
    QVERIFY(idsInState(QStringLiteral("verified exact")).contains(kOpt));
}

// --- the window ----------------------------------------------------------------------------------

void TestRemoveRecord::removeRecordInTheWindowIsOneUndoStep()
{
    WindowFixture fixture;
    QVERIFY2(fixture.open({ fixtureRecord(), richRecord() }), qPrintable(fixture.problem()));
    MainWindow &window = fixture.window();
    Store &store = fixture.store();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(window.session().hasRecord() && !window.isLoading(), 30000);
    window.selectRecord(kRecord);
    QTRY_VERIFY_WITH_TIMEOUT(
        window.session().record().upstream.arxivId == kRecord && !window.isLoading(), 30000);
    auto recorded = window.session().applyEdits(
        { FieldEdit { kOpt, CurationField::State, QStringLiteral("verified_exact") },
            FieldEdit { kOpt, CurationField::Note, QStringLiteral("title checked") } },
        QStringLiteral("Correct state"));
    QVERIFY(recorded && *recorded);
    const QList<CorrectionEvent> events = store.corrections(kRecord).value();
    QCOMPARE(events.size(), 2);
    auto *table = window.findChild<QTableView *>(QStringLiteral("observationTable"));
    auto *records = window.findChild<QListView *>(QStringLiteral("recordList"));
    QTRY_COMPARE(table->model()->rowCount(), 34);
    QCOMPARE(records->model()->rowCount(), 2);

    // Cancel changes nothing.
    auto *remove = window.findChild<QAction *>(QStringLiteral("removeRecordAction"));
    QVERIFY(remove && remove->isEnabled());
    remove->trigger();
    QTRY_VERIFY(confirmation(window) && confirmation(window)->isVisible());
    QMessageBox *box = confirmation(window);
    QVERIFY2(box->text().contains(QStringLiteral("Remove arXiv:2104.04473 v5")),
        qPrintable(box->text()));
    QVERIFY2(box->informativeText().contains(QStringLiteral("kept aside: importing its page "
                                                            "again brings them back")),
        qPrintable(box->informativeText()));
    QVERIFY2(box->informativeText().contains(QStringLiteral("not yet sent still go to the "
                                                            "server")),
        qPrintable(box->informativeText()));
    QTest::mouseClick(box->button(QMessageBox::Cancel), Qt::LeftButton);
    QTRY_VERIFY(!confirmation(window));
    QCOMPARE(*store.recordCount(), 2);

    // Remove: the record goes, another one is shown, one step on the undo stack.
    remove->trigger();
    QTRY_VERIFY(confirmation(window) && confirmation(window)->isVisible());
    auto *removeButton
        = confirmation(window)->findChild<QPushButton *>(QStringLiteral("removeRecordButton"));
    QVERIFY(removeButton);
    QTest::mouseClick(removeButton, Qt::LeftButton);
    QTRY_COMPARE(*store.recordCount(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(
        window.session().record().upstream.arxivId == kOther && !window.isLoading(), 30000);
    QCOMPARE(records->model()->rowCount(), 1);
    QVERIFY(!store.loadRecord(kRecord)->has_value());
    QCOMPARE(store.corrections(kRecord)->size(), 2); // kept aside
    QUndoStack *stack = window.session().undoStack();
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->index(), 1);
    QCOMPARE(stack->undoText(), QStringLiteral("Remove arXiv:2104.04473"));

    // A correction of the record shown now is a step above the removal: undone first.
    const QString otherObservation = window.session().record().upstream.observations.first().id;
    auto noted = window.session().applyEdits(
        { FieldEdit { otherObservation, CurationField::Note, QStringLiteral("seen") } },
        QStringLiteral("Correct note"));
    QVERIFY(noted && *noted);
    QCOMPARE(stack->count(), 2);
    window.findChild<QAction *>(QStringLiteral("undoAction"))->trigger();
    QCOMPARE(stack->index(), 1);
    QCOMPARE(window.session().record().shown.findObservation(otherObservation)->curation->note,
        QString());
    QCOMPARE(*store.recordCount(), 1);

    // Undo: the record is back as it was, with its corrections, and shown; the other record's
    // correction step went with the record it belonged to.
    window.findChild<QAction *>(QStringLiteral("undoAction"))->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(
        window.session().record().upstream.arxivId == kRecord && !window.isLoading(), 30000);
    QCOMPARE(*store.recordCount(), 2);
    QTRY_COMPARE(records->model()->rowCount(), 2);
    QTRY_COMPARE(table->model()->rowCount(), 34);
    auto back = store.loadCurated(kRecord);
    QVERIFY(back && back->has_value());
    QVERIFY((*back)->upstream == fixtureRecord());
    QCOMPARE((*back)->events, events);
    QCOMPARE((*back)->shown.findObservation(kOpt)->state, ResolutionState::VerifiedExact);
    QCOMPARE(window.session().record().shown.findObservation(kOpt)->curation->note,
        QStringLiteral("title checked"));
    QVERIFY(store.removedRecords()->isEmpty());
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->index(), 0);
    QCOMPARE(stack->redoText(), QStringLiteral("Remove arXiv:2104.04473"));

    // Redo: removed again; undo once more brings it back again.
    window.findChild<QAction *>(QStringLiteral("redoAction"))->trigger();
    QTRY_COMPARE(*store.recordCount(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(
        window.session().record().upstream.arxivId == kOther && !window.isLoading(), 30000);
    QCOMPARE(records->model()->rowCount(), 1);
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->index(), 1);
    QCOMPARE(store.corrections(kRecord)->size(), 2);
    window.findChild<QAction *>(QStringLiteral("undoAction"))->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(
        window.session().record().upstream.arxivId == kRecord && !window.isLoading(), 30000);
    QCOMPARE(store.loadCurated(kRecord).value()->events, events);
}

void TestRemoveRecord::removingTheLastRecordShowsTheEmptyState()
{
    WindowFixture fixture;
    QVERIFY2(fixture.open(), qPrintable(fixture.problem()));
    MainWindow &window = fixture.window();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(window.session().hasRecord() && !window.isLoading(), 30000);
    window.findChild<QAction *>(QStringLiteral("removeRecordAction"))->trigger();
    QTRY_VERIFY(confirmation(window) && confirmation(window)->isVisible());
    QVERIFY2(confirmation(window)->informativeText().contains(QStringLiteral("no corrections")),
        qPrintable(confirmation(window)->informativeText()));
    QTest::mouseClick(
        confirmation(window)->findChild<QPushButton *>(QStringLiteral("removeRecordButton")),
        Qt::LeftButton);
    QTRY_VERIFY(!window.session().hasRecord());
    QCOMPARE(*fixture.store().recordCount(), 0);
    auto *empty = window.findChild<QLabel *>(QStringLiteral("emptyState"));
    QTRY_VERIFY(empty->isVisible());
    QVERIFY2(empty->text().contains(QStringLiteral("holds no records")), qPrintable(empty->text()));
    QVERIFY(!window.findChild<QAction *>(QStringLiteral("removeRecordAction"))->isEnabled());
    window.findChild<QAction *>(QStringLiteral("undoAction"))->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(
        window.session().record().upstream.arxivId == kRecord && !window.isLoading(), 30000);
    QVERIFY(fixture.store().loadRecord(kRecord).value().value() == fixtureRecord());
    QVERIFY(window.findChild<QAction *>(QStringLiteral("removeRecordAction"))->isEnabled());
}

QTEST_MAIN(TestRemoveRecord)
#include "tst_removerecord.moc"
