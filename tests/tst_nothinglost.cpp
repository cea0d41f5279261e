// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing lost, nothing claimed that is not so (docs/curation.md, docs/notices.md,
// docs/sync-client.md): a correction that changes nothing records nothing; an excerpt of a
// notices list withdraws nothing, a complete list asks before it withdraws a record's own
// retraction, an older list changes nothing newer; a sync that leaves corrections unsent says so
// in its exit status; corrections made with --author reach the server; the corrections report
// carries each event's own values; a --db in a folder that does not exist creates nothing; a
// read-only cache is said to be read-only. Every step is a run of the real ledger-curator (and
// ledger-server) on real files.
#include "ServerProcess.h"
#include "TestSupport.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kMismatch = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");

//! The header of tests/data/retractions-sample.csv.
QByteArray csvHeader()
{
    return readAll(dataPath(QStringLiteral("retractions-sample.csv"))).split('\n').first() + '\n';
}

//! The rows of the sample whose Record ID is one of `ids`.
QByteArray csvRows(const QList<QByteArray> &ids)
{
    QByteArray out;
    for (const QByteArray &line :
        readAll(dataPath(QStringLiteral("retractions-sample.csv"))).split('\n')) {
        for (const QByteArray &id : ids) {
            if (line.startsWith(QByteArray(id + ',')))
                out += line + '\n';
        }
    }
    return out;
}

} // namespace

class TestNothingLost : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void correctionThatChangesNothingRecordsNothing();
    void excerptKeepsTheRecordsOwnRetraction();
    void completeListAsksBeforeWithdrawingOwnRetraction();
    void olderListChangesNothingNewer();
    void syncWithRefusedCorrectionsExitsNonZero();
    void authorCorrectionsReachTheServer();
    void authorRefusedOnceTheCacheSyncedAsAnother();
    void anotherCuratorsKeyIsNeverRegisteredThroughThisToken();
    void reportCarriesEachEventsOwnValues();
    void dbInAMissingFolderCreatesNothing();
    void readOnlyCacheIsSaidToBeReadOnly();

private:
    CliRun run(QStringList arguments, const QString &db = {}) const;
    QString writeFile(
        const QString &name, const QByteArray &bytes, const QDateTime &modified = {}) const;
    QJsonObject notice(const QString &ref) const;
    QString startServer(const QStringList &curators);
    QString tokenFile(const QString &curator) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
    std::unique_ptr<ServerProcess> m_server;
    QHash<QString, QString> m_tokens;
};

void TestNothingLost::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("cache.sqlite"));
    QCOMPARE(run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) })
                 .exitCode,
        0);
}

void TestNothingLost::cleanup()
{
    m_server.reset();
    m_tokens.clear();
    m_dir.reset();
}

CliRun TestNothingLost::run(QStringList arguments, const QString &db) const
{
    arguments << QStringLiteral("--db") << (db.isEmpty() ? m_db : db);
    return runCli(arguments, m_dir->path());
}

QString TestNothingLost::writeFile(
    const QString &name, const QByteArray &bytes, const QDateTime &modified) const
{
    const QString path = m_dir->filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    file.close(); // written whole before its time is set (closing a written file sets it)
    if (modified.isValid()
        && (!file.open(QIODevice::ReadOnly)
            || !file.setFileTime(modified, QFileDevice::FileModificationTime)))
        qFatal("cannot date %s", qPrintable(path));
    return path;
}

QJsonObject TestNothingLost::notice(const QString &ref) const
{
    const CliRun listed = run({ QStringLiteral("notices"), QStringLiteral("--json") });
    const QJsonArray all
        = QJsonDocument::fromJson(listed.out).object().value(QStringLiteral("notices")).toArray();
    for (const QJsonValue &n : all) {
        if (n[QStringLiteral("ref")].toString() == ref)
            return n.toObject();
    }
    return {};
}

QString TestNothingLost::startServer(const QStringList &curators)
{
    QList<std::pair<QString, QString>> roles;
    for (const QString &name : curators)
        roles.append({ name, QStringLiteral("curator") });
    QString problem;
    m_server = fixtureServer(m_dir->path(), roles, &m_tokens, &problem);
    return problem;
}

QString TestNothingLost::tokenFile(const QString &curator) const
{
    QFile file(m_dir->filePath(curator + QStringLiteral(".token")));
    file.open(QIODevice::WriteOnly);
    file.write(m_tokens.value(curator).toUtf8() + '\n');
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return file.fileName();
}

void TestNothingLost::correctionThatChangesNothingRecordsNothing()
{
    QCOMPARE(
        runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("alice") },
            m_dir->path())
            .exitCode,
        0);
    // An observation already verified exact and not excluded.
    const CliRun shown = run({ QStringLiteral("show"), kRecord, QStringLiteral("--state"),
        QStringLiteral("verified exact"), QStringLiteral("--json") });
    const QString id = QJsonDocument::fromJson(shown.out).array().first()[u"id"].toString();
    QVERIFY(!id.isEmpty());
    const QString before = dumpDatabase(m_db);
    const CliRun same = run({ QStringLiteral("curate"), kRecord, id,
        QStringLiteral("state=verified exact"), QStringLiteral("excluded=no") });
    QCOMPARE(same.exitCode, 0);
    QVERIFY2(same.out.contains("state is already verified exact"), same.out.constData());
    QVERIFY2(same.out.contains("excluded is already no"), same.out.constData());
    QVERIFY2(same.out.contains("nothing to record"), same.out.constData());
    QCOMPARE(dumpDatabase(m_db), before); // no event, no outbox entry
    QVERIFY(!run(
        { QStringLiteral("render"), kRecord, QStringLiteral("--format"), QStringLiteral("html") })
                 .out.contains("Curated by"));
    const CliRun report
        = run({ QStringLiteral("report"), QStringLiteral("--format"), QStringLiteral("json") });
    QCOMPARE(QJsonDocument::fromJson(report.out).array().size(), 0);

    // The same value in another spelling, and one real change beside it: only the change.
    const CliRun mixed = run({ QStringLiteral("curate"), kRecord, id,
        QStringLiteral("state=verified_exact"), QStringLiteral("note=checked") });
    QCOMPARE(mixed.exitCode, 0);
    QVERIFY2(mixed.out.contains("state is already verified exact"), mixed.out.constData());
    QVERIFY2(mixed.out.contains("note: (upstream: none) -> checked"), mixed.out.constData());
    const QJsonArray history = QJsonDocument::fromJson(
        run({ QStringLiteral("history"), kRecord, id, QStringLiteral("--json") }).out)
                                   .array();
    QCOMPARE(history.size(), 1);
    QCOMPARE(history.first()[u"field"].toString(), QStringLiteral("note"));
}

void TestNothingLost::excerptKeepsTheRecordsOwnRetraction()
{
    // The team's list: the record's own retraction (51234) and a correction (51240).
    const QString full
        = writeFile(QStringLiteral("full.csv"), csvHeader() + csvRows({ "51234", "51240" }));
    CliRun imported = run({ QStringLiteral("import-notices"), full });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QCOMPARE(notice(QStringLiteral("retraction-watch:51234"))[u"status"].toString(),
        QStringLiteral("listed"));
    // An excerpt holding one other row: by default nothing is withdrawn.
    const QString excerpt
        = writeFile(QStringLiteral("excerpt.csv"), csvHeader() + csvRows({ "51240" }));
    imported = run({ QStringLiteral("import-notices"), excerpt });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QVERIFY2(imported.out.contains("0 withdrawn"), imported.out.constData());
    QCOMPARE(notice(QStringLiteral("retraction-watch:51234"))[u"status"].toString(),
        QStringLiteral("listed"));
    const CliRun html = run(
        { QStringLiteral("render"), kRecord, QStringLiteral("--format"), QStringLiteral("html") });
    QVERIFY(html.out.contains("This paper is retracted."));
}

void TestNothingLost::completeListAsksBeforeWithdrawingOwnRetraction()
{
    const QString full = writeFile(
        QStringLiteral("full.csv"), csvHeader() + csvRows({ "51234", "51240", "51247" }));
    QCOMPARE(run({ QStringLiteral("import-notices"), full }).exitCode, 0);
    const QString excerpt
        = writeFile(QStringLiteral("rw-2026-12.csv"), csvHeader() + csvRows({ "51240", "51247" }));
    // As a complete list it would withdraw the record's own retraction: refused, nothing written.
    const QString before = dumpDatabase(m_db);
    const CliRun refused
        = run({ QStringLiteral("import-notices"), excerpt, QStringLiteral("--complete") });
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains("about arXiv:2104.04473 itself"), refused.err.constData());
    QVERIFY2(refused.err.contains("--allow-withdrawals"), refused.err.constData());
    QCOMPARE(dumpDatabase(m_db), before);
    QCOMPARE(run({ QStringLiteral("import-notices"), excerpt, QStringLiteral("--partial"),
                     QStringLiteral("--complete") })
                 .exitCode,
        2);
    // Said so: withdrawn, with which list and who.
    QCOMPARE(
        runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("alice") },
            m_dir->path())
            .exitCode,
        0);
    const CliRun allowed = run({ QStringLiteral("import-notices"), excerpt,
        QStringLiteral("--complete"), QStringLiteral("--allow-withdrawals") });
    QVERIFY2(allowed.exitCode == 0, allowed.err.constData());
    QVERIFY2(allowed.out.contains("1 withdrawn"), allowed.out.constData());
    const QJsonObject gone = notice(QStringLiteral("retraction-watch:51234"));
    QCOMPARE(gone[u"status"].toString(), QStringLiteral("withdrawn"));
    QCOMPARE(gone[u"imported_from"].toString(), QStringLiteral("rw-2026-12.csv"));
    QCOMPARE(gone[u"imported_by"].toString(), QStringLiteral("alice"));
    QVERIFY(!run(
        { QStringLiteral("render"), kRecord, QStringLiteral("--format"), QStringLiteral("html") })
                 .out.contains("This paper is retracted."));
}

void TestNothingLost::olderListChangesNothingNewer()
{
    const QDateTime december(QDate(2026, 12, 1), QTime(0, 0), Qt::UTC);
    const QDateTime october(QDate(2026, 10, 1), QTime(0, 0), Qt::UTC);
    const QByteArray rows = csvRows({ "51234", "51240" });
    const QString newer = writeFile(QStringLiteral("newer.csv"), csvHeader() + rows, december);
    QCOMPARE(run({ QStringLiteral("import-notices"), newer }).exitCode, 0);
    QCOMPARE(notice(QStringLiteral("retraction-watch:51240"))[u"listed_as_of"].toString(),
        QStringLiteral("2026-12-01T00:00:00.000Z"));
    // The older list dates the correction otherwise and no longer names the retraction.
    QByteArray older = csvHeader() + csvRows({ "51240" });
    older.replace("11/15/2023 0:00", "10/15/2023 0:00");
    const QString olderFile = writeFile(QStringLiteral("older.csv"), older, october);
    const CliRun imported
        = run({ QStringLiteral("import-notices"), olderFile, QStringLiteral("--complete") });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QVERIFY2(imported.out.contains("2 left as they are (last seen in a newer list)"),
        imported.out.constData());
    QCOMPARE(notice(QStringLiteral("retraction-watch:51240"))[u"date"].toString(),
        QStringLiteral("2023-11-15"));
    QCOMPARE(notice(QStringLiteral("retraction-watch:51234"))[u"status"].toString(),
        QStringLiteral("listed"));
    // --as-of says the date where the file's time is not the list's.
    const CliRun dated = run({ QStringLiteral("import-notices"), olderFile,
        QStringLiteral("--as-of"), QStringLiteral("2027-01-05") });
    QVERIFY2(dated.exitCode == 0, dated.err.constData());
    QCOMPARE(notice(QStringLiteral("retraction-watch:51240"))[u"date"].toString(),
        QStringLiteral("2023-10-15"));
}

void TestNothingLost::syncWithRefusedCorrectionsExitsNonZero()
{
    const QString problem = startServer({ QStringLiteral("bob") });
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // A cache that never synced takes --author alice; bob's token cannot send it.
    CliRun curated = run({ QStringLiteral("curate"), kRecord, kMismatch,
        QStringLiteral("note=seen"), QStringLiteral("--author"), QStringLiteral("alice") });
    QVERIFY2(curated.exitCode == 0, curated.err.constData());
    const CliRun synced
        = run({ QStringLiteral("sync"), QStringLiteral("--server"), m_server->url().toString(),
            QStringLiteral("--token-file"), tokenFile(QStringLiteral("bob")) });
    QCOMPARE(synced.exitCode, 3);
    QVERIFY2(synced.err.contains("1 correction and 0 notices still wait in the outbox"),
        synced.err.constData());
    QVERIFY2(synced.err.contains("only by bob"), synced.err.constData());
}

void TestNothingLost::authorCorrectionsReachTheServer()
{
    const QString problem = startServer({ QStringLiteral("alice") });
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // No curator name is set here: the correction is by --author alice, signed with her key.
    const CliRun curated = run({ QStringLiteral("curate"), kRecord, kMismatch,
        QStringLiteral("state=verified exact"), QStringLiteral("note=title checked"),
        QStringLiteral("--author"), QStringLiteral("alice") });
    QVERIFY2(curated.exitCode == 0, curated.err.constData());
    const CliRun synced
        = run({ QStringLiteral("sync"), QStringLiteral("--server"), m_server->url().toString(),
            QStringLiteral("--token-file"), tokenFile(QStringLiteral("alice")) });
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    QVERIFY2(synced.out.contains("pushed 2 corrections"), synced.out.constData());
    QVERIFY2(synced.err.contains("registered the signing key"), synced.err.constData());
    // Another cache pulls them, signed and accepted.
    const QString other = m_dir->filePath(QStringLiteral("other.sqlite"));
    const CliRun pulled
        = run({ QStringLiteral("sync"), QStringLiteral("--server"), m_server->url().toString(),
                  QStringLiteral("--token-file"), tokenFile(QStringLiteral("alice")) },
            other);
    QVERIFY2(pulled.exitCode == 0, pulled.err.constData());
    const QJsonArray history = QJsonDocument::fromJson(
        run({ QStringLiteral("history"), kRecord, kMismatch, QStringLiteral("--json") }, other).out)
                                   .array();
    QCOMPARE(history.size(), 2);
    for (const QJsonValue &e : history) {
        QCOMPARE(e[u"author"].toString(), QStringLiteral("alice"));
        QVERIFY(e[u"signed"].toBool());
    }
}

void TestNothingLost::authorRefusedOnceTheCacheSyncedAsAnother()
{
    const QString problem = startServer({ QStringLiteral("alice") });
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // A first sync that pulls no event (the server holds none) still makes the cache alice's.
    const CliRun synced
        = run({ QStringLiteral("sync"), QStringLiteral("--server"), m_server->url().toString(),
            QStringLiteral("--token-file"), tokenFile(QStringLiteral("alice")) });
    QVERIFY2(synced.exitCode == 0, synced.err.constData());
    const QString before = dumpDatabase(m_db);
    const CliRun refused = run({ QStringLiteral("curate"), kRecord, kMismatch,
        QStringLiteral("note=seen"), QStringLiteral("--author"), QStringLiteral("carol") });
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains("syncs as alice"), refused.err.constData());
    QCOMPARE(dumpDatabase(m_db), before);
    const CliRun accepted = run({ QStringLiteral("curate"), kRecord, kMismatch,
        QStringLiteral("note=seen"), QStringLiteral("--author"), QStringLiteral("alice") });
    QVERIFY2(accepted.exitCode == 0, accepted.err.constData());
}

void TestNothingLost::anotherCuratorsKeyIsNeverRegisteredThroughThisToken()
{
    // Two curators on one computer account (one settings file, one key store): the name set is
    // alice's. bob syncs a cache of his own with his token first; then alice syncs hers.
    const QString problem = startServer({ QStringLiteral("alice"), QStringLiteral("bob") });
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(
        runCli({ QStringLiteral("identity"), QStringLiteral("--name"), QStringLiteral("alice") },
            m_dir->path())
            .exitCode,
        0);
    const QString bobs = m_dir->filePath(QStringLiteral("bob.sqlite"));
    const QString url = m_server->url().toString();
    CliRun r = run({ QStringLiteral("sync"), QStringLiteral("--server"), url,
                       QStringLiteral("--token-file"), tokenFile(QStringLiteral("bob")) },
        bobs);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    // alice's key was not registered as bob's.
    QVERIFY2(!r.err.contains("registered the signing key"), r.err.constData());
    r = run({ QStringLiteral("curate"), kRecord, kMismatch, QStringLiteral("note=alice's") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = run({ QStringLiteral("sync"), QStringLiteral("--server"), url,
        QStringLiteral("--token-file"), tokenFile(QStringLiteral("alice")) });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("pushed 1 correction"), r.out.constData());
    QVERIFY2(r.err.contains("registered the signing key") && r.err.contains("of alice"),
        r.err.constData());
}

void TestNothingLost::reportCarriesEachEventsOwnValues()
{
    // alice changes the state with a note; later bob writes another note.
    CliRun r = run({ QStringLiteral("curate"), kRecord, kMismatch,
        QStringLiteral("state=verified exact"), QStringLiteral("note=checked by alice"),
        QStringLiteral("--author"), QStringLiteral("alice") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = run({ QStringLiteral("curate"), kRecord, kMismatch, QStringLiteral("note=bob disagrees"),
        QStringLiteral("--author"), QStringLiteral("bob") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const CliRun report
        = run({ QStringLiteral("report"), QStringLiteral("--format"), QStringLiteral("json") });
    QCOMPARE(report.exitCode, 0);
    const QJsonArray rows = QJsonDocument::fromJson(report.out).array();
    QCOMPARE(rows.size(), 3);
    for (const QJsonValue &row : rows) {
        QVERIFY(!row[u"citing_title"].toString().isEmpty());
        if (row[u"field"].toString() == u"state") {
            QCOMPARE(row[u"author"].toString(), QStringLiteral("alice"));
            QCOMPARE(row[u"note"].toString(), QStringLiteral("checked by alice"));
        }
    }
    QCOMPARE(rows.last()[u"note"].toString(), QStringLiteral("bob disagrees"));
    const CliRun csv
        = run({ QStringLiteral("report"), QStringLiteral("--format"), QStringLiteral("csv") });
    QVERIFY(csv.out.startsWith(
        "when,who,record,observation,citing_title,cited_title,notice,field,from,to,note"));
}

void TestNothingLost::dbInAMissingFolderCreatesNothing()
{
    const QString missing = m_dir->filePath(QStringLiteral("no/such/folder"));
    const QString db = missing + QStringLiteral("/x.sqlite");
    const QList<QStringList> commands = {
        { QStringLiteral("list") },
        { QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) },
        { QStringLiteral("show"), kRecord },
        { QStringLiteral("curate"), kRecord, kMismatch, QStringLiteral("note=x"),
            QStringLiteral("--author"), QStringLiteral("alice") },
        { QStringLiteral("notices") }, { QStringLiteral("report") },
        { QStringLiteral("works"), QStringLiteral("stats") },
        {}, // the desktop app: refused before any window opens
    };
    for (const QStringList &command : commands) {
        const CliRun r = run(command, db);
        QVERIFY2(r.exitCode == 2, qPrintable(command.join(u' ') + QStringLiteral(": ") + r.err));
        QVERIFY2(r.err.contains("does not exist") && r.err.contains("no/such/folder"),
            r.err.constData());
        QVERIFY2(!QFileInfo::exists(m_dir->filePath(QStringLiteral("no"))),
            qPrintable(command.join(u' ')));
    }
    // The default location is made on first use.
    const CliRun first = runCli({ QStringLiteral("list") }, m_dir->path());
    QVERIFY2(first.exitCode == 0, first.err.constData());
    QVERIFY(!QDir(m_dir->filePath(QStringLiteral("xdg-data"))).isEmpty());
}

void TestNothingLost::readOnlyCacheIsSaidToBeReadOnly()
{
    // A read-only mount when this runs as root (root writes whatever the permissions say), else
    // a folder and a file without write permission.
    const QString folder = m_dir->filePath(QStringLiteral("ro"));
    QVERIFY(QDir().mkpath(folder));
    const bool root = ::geteuid() == 0;
    const auto mount = [&folder](const QString &options) {
        QProcess p;
        p.start(QStringLiteral("mount"),
            { QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"), options,
                QStringLiteral("lc-test"), folder });
        return p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit
            && p.exitCode() == 0;
    };
    if (root && !mount(QStringLiteral("rw,size=64m")))
        QSKIP("running as root where tmpfs cannot be mounted: no way to make a read-only cache");
    auto unmount = qScopeGuard([&] {
        if (root)
            QProcess::execute(QStringLiteral("umount"), { folder });
    });
    const QString db = folder + QStringLiteral("/cache.sqlite");
    CliRun r
        = run({ QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) }, db);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    if (root) {
        QVERIFY(mount(QStringLiteral("remount,ro")));
    } else {
        QVERIFY(QFile::setPermissions(db, QFileDevice::ReadOwner));
        QVERIFY(QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
    }
    for (const QStringList &command : QList<QStringList> { { QStringLiteral("list") },
             { QStringLiteral("curate"), kRecord, kMismatch, QStringLiteral("note=x"),
                 QStringLiteral("--author"), QStringLiteral("alice") } }) {
        r = run(command, db);
        QVERIFY2(r.exitCode != 0, qPrintable(command.join(u' ')));
        QVERIFY2(r.err.contains("read-only") && !r.err.contains("not a Ledger Curator cache"),
            r.err.constData());
    }
    if (!root)
        QFile::setPermissions(
            folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

QTEST_GUILESS_MAIN(TestNothingLost)
#include "tst_nothinglost.moc"
