// SPDX-License-Identifier: GPL-3.0-or-later
// Crash safety, proven by killing (docs/crash-safety.md): the real `ledger-curator import` (new
// pages and a page replacing an earlier one), `curate`, `import-notices`, `sync` (pulling into a
// fresh cache, pushing an outbox) against a real ledger-server, the desktop window correcting
// through its widgets, and the `ledger-curator` GUI importing the files named on its command line,
// each sent SIGKILL at a random moment (a delay drawn between 0 and the command's measured
// duration) many times. After every kill, straight through SQLite: PRAGMA integrity_check is ok,
// every correction whose command reported it recorded is held exactly once (none twice), each
// record is wholly there or absent, all or none of a command's writes are there; then the command
// run again completes and the state converges (after a sync, cache and server hold the same events
// with the same seqs).
//
// Size and seed from the environment: LC_KILLS (kills per command, default 12), LC_KILL_SEED
// (printed at the start; the same seed draws the same delays), LC_KILL_OBSERVATIONS (the large
// record, default 10000), LC_KILL_EVENTS (events a round pushes, and the pull's, default 1000),
// LC_KILL_NOTICES (rows of a generated notices file, default 3000). tests/kill-harness.sh runs
// the full size. A table of the figures is printed at the end.
//
// What the harness's tests (tst_killcli, tst_killsync, tst_killapp) share: the figures of each
// command, the checks of a cache, the rounds of kills (lc_test_kill).
#pragma once

#include "KillHarness.h"
#include "Record.h"
#include "ServerProcess.h"

#include <QList>
#include <QObject>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <functional>
#include <memory>
#include <random>

namespace LedgerCurator::KillHarness {

//! The fixture page's record.
extern const QString kFixtureId;
//! A harness size from the environment: `name`'s value when it is a positive number.
int envNumber(const char *name, int fallback);
//! FNV-1a: a per-function seed that does not depend on QHash's per-process seed.
quint64 fnv1a(const QByteArray &bytes);

//! The figures of one command.
struct Tally
{
    QString command;
    int tried = 0; // SIGKILLs drawn
    int landed = 0; // the process was still running when it came
    int interrupted = 0; // its work was not (wholly) done afterwards: the kill landed mid-work
    int midWrite = 0; // landed while the WAL grew (a transaction being written)
    int reruns = 0; // the command run again to completion afterwards
    int failures = 0;
    qint64 durationMs = 0; // the command's measured duration, the upper end of the delays
    qint64 writeFromMs = -1; // when the measured run's WAL grew past 64 KiB (-1: it never did)
};

PageShape shapeOf(const Record &record);
//! checkDatabase() for a cache: at the latest schema version, every table the cache has had
//! since its first version is there.
QStringList checkCache(ReadOnlyDb &db);
//! Removes a cache and the files beside it (WAL, shared memory, journal).
void removeCache(const QString &path);
//! A copy of a closed cache (no WAL beside it: the last connection checkpointed it).
bool copyCache(const QString &from, const QString &to);
//! The size of the cache's WAL file. Read after a kill, before any connection recovers it: the
//! base caches have none, so a large WAL beside a page that is not there is the frames of the
//! transaction the kill interrupted.
qint64 walBytes(const QString &cache);
//! A WAL larger than this beside an interrupted import: the kill came mid-transaction.
constexpr qint64 kTornWal = 256 * 1024;
bool writeFile(const QString &path, const QByteArray &bytes);
//! The corrections the desktop driver reported recorded ("recorded OBSERVATION FIELD VALUE").
QList<WrittenCorrection> reportedByDriver(const QByteArray &out);

//! The harness's test case: the derived test's initTestCase() calls setUpHarness(), its
//! cleanupTestCase() reportHarness(); each test function runs killRounds() on one command.
class KillHarnessCase : public QObject
{
protected:
    //! Reads the sizes and the seed (printed), moves the children's home to a temporary folder
    //! and writes the pages: the fixture, a large record JSON and a medium page text imported
    //! together, and a newer, larger page of the large record that replaces it.
    void setUpHarness();
    //! Prints the table of the figures and the failures; keeps the files with LC_KILL_KEEP.
    void reportHarness();

    //! How a round's checks see a run: the problems found, and whether the run's work was not
    //! (wholly) done.
    struct Checked
    {
        QStringList problems;
        bool interrupted = false;
        bool midCommit = false;
    };
    using Run = std::function<Attempt(const KillAt &kill, int round, int attempt)>;
    using Check = std::function<Checked(const Attempt &, int round)>;

    //! Rounds until LC_KILLS kills were tried: `prepare`, then 1 to 3 runs killed after a delay,
    //! each followed by `check`; then the run to completion (delay -1), followed by `finalCheck`.
    //! The delays: every other one drawn in [0, 1.1 x the measured duration], the others in the
    //! part of the measured run that wrote (from writeFromUs to its end) when it had one.
    void killRounds(Tally &tally, const Measured &measured,
        const std::function<void(int round)> &prepare, const Run &run, const Check &check,
        const Check &finalCheck);
    void fail(Tally &tally, const QString &where, const QStringList &problems);
    Tally &tally(const QString &command);
    Attempt cli(const QStringList &arguments, const KillAt &kill = {}) const;
    //! The command run to completion, timed, its writes to `cache` watched (measureRun()).
    Measured measureCli(const QStringList &arguments, const QString &cache) const
    {
        return measureRun(QStringLiteral(LC_CLI_PATH), arguments, m_env, cache);
    }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    //! The import base: the fixture and two corrections on it (their ids in m_baseIds).
    void makeImportBase();
    QStringList importedShapesProblems(
        const QString &cache, bool mayBeAbsent, bool *interrupted, bool *midCommit = nullptr);
    //! The real ledger-server with the large record and the fixture, kh-cli's token in a file
    //! (m_aliceToken) and the harness's identity kh-cli: started once, for the sync functions.
    bool startServer();

    QTemporaryDir m_dir;
    quint64 m_seed = 0;
    std::mt19937_64 m_random;
    int m_kills = 12;
    int m_observations = 10000;
    int m_events = 1000;
    int m_notices = 3000;
    QProcessEnvironment m_env;
    QList<Tally> m_tallies;
    QStringList m_failures;

    PageShape m_fixture;
    PageShape m_big;
    PageShape m_medium;
    PageShape m_bigV2;
    QString m_importBase;
    QStringList m_baseIds;
    std::unique_ptr<TestSupport::ServerProcess> m_server;
    QString m_aliceToken;
};

} // namespace LedgerCurator::KillHarness
