// SPDX-License-Identifier: GPL-3.0-or-later
// The kill harness's tools (KillHarnessCase.h, the tst_kill* tests): starting a real process and
// sending it SIGKILL after a delay, reading a cache or a server database with SQLite directly
// (read-only), the checks run after every kill, and the desktop driver the harness starts and
// kills.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <memory>

struct sqlite3;

namespace LedgerCurator::KillHarness {

//! When to send SIGKILL: `delayUs` after the start, or (with `walBytes` > 0) as soon as the WAL
//! file `wal`, absent at the start, has grown to `walBytes`: mid-write, whatever the timing.
struct KillAt
{
    qint64 delayUs = -1; // -1 and no walBytes: never, run to completion
    QString wal;
    qint64 walBytes = 0;

    bool never() const { return delayUs < 0 && walBytes <= 0; }
    QString describe() const;
};

//! How one run of a command ended.
struct Attempt
{
    KillAt plan;
    bool killed = false; // the SIGKILL landed while the command ran
    bool atWalSize = false; // ... sent when the WAL had grown to plan.walBytes
    bool crashed = false; // ended by a signal the harness did not send
    bool started = true;
    int exitCode = -1; // when it exited by itself
    qint64 elapsedMs = 0;
    QByteArray out;
    QByteArray err;

    bool succeeded() const { return started && !killed && !crashed && exitCode == 0; }
    //! One line for a failure message: how it ended and the end of its standard error.
    QString describe() const;
};

//! Starts `program` and sends it SIGKILL as `kill` says, unless it ends by itself first (then
//! nothing is sent). KillAt {} waits for the end (at most `timeoutMs`, then kills and reports a
//! failure). A WAL that never reaches its size gets the kill when the command ends, i.e. none.
Attempt runAndKill(const QString &program, const QStringList &arguments,
    const QProcessEnvironment &env, const KillAt &kill, int timeoutMs = 300000);

//! A run to completion that also watched the cache's WAL: `writeFromUs` is when it first changed
//! with more than 64 KiB in it (the command writing its transaction or checkpointing), -1 if never.
struct Measured
{
    Attempt run;
    qint64 writeFromUs = -1;
    qint64 walPeakBytes = 0; // the largest the WAL was seen
    QString wal;
};
Measured measureRun(const QString &program, const QStringList &arguments,
    const QProcessEnvironment &env, const QString &cache);

//! A read-only connection straight through the sqlite3 C API: nothing the harness reads can be
//! written back, checkpointed or migrated on its behalf.
class ReadOnlyDb final
{
public:
    explicit ReadOnlyDb(const QString &path);
    ~ReadOnlyDb();
    ReadOnlyDb(const ReadOnlyDb &) = delete;
    ReadOnlyDb &operator=(const ReadOnlyDb &) = delete;

    bool isOpen() const { return m_db != nullptr; }
    QString error() const { return m_error; }
    //! Every row of a query, its values as text (NULL as a null QString); `binds` by position.
    //! On failure the rows so far, with error() set.
    QList<QStringList> rows(const char *sql, const QStringList &binds = {});
    //! The first column of the first row as a number (0 for no row).
    qint64 number(const char *sql, const QStringList &binds = {});
    //! Whether the schema has this table: a cache killed while it was being created or migrated
    //! has only the tables of the versions it reached (each step is a transaction).
    bool hasTable(const QString &name);

private:
    sqlite3 *m_db = nullptr;
    QString m_error;
};

//! A page as it must be found in a cache when it is there at all.
struct PageShape
{
    QString id;
    QString asOf;
    qint64 observations = 0;
    qint64 sourceEvents = 0;
};

//! PRAGMA integrity_check is "ok", PRAGMA foreign_key_check finds nothing and the schema
//! version is at most `latestVersion` (at it, every table of `tables` is there). Empty when so,
//! else what was found.
QStringList checkDatabase(ReadOnlyDb &db, int latestVersion = -1, const QStringList &tables = {});

//! Whether the record is there (`*present`) and, if so, wholly one of the shapes; an absent
//! record (no row, no observation, no source event) is fine when `mayBeAbsent`. Empty when so.
QString checkRecord(
    ReadOnlyDb &db, const QList<PageShape> &shapes, bool mayBeAbsent, bool *present = nullptr);

//! A correction the harness wrote, told apart by its value (every value starts "kh-").
struct WrittenCorrection
{
    QString observation;
    QString field;
    QString value;
    friend bool operator==(const WrittenCorrection &, const WrittenCorrection &) = default;
};
inline size_t qHash(const WrittenCorrection &c, size_t seed = 0) noexcept
{
    return qHashMulti(seed, c.observation, c.field, c.value);
}

//! Every correction of the cache whose value starts "kh-", with how many times it is held.
QHash<WrittenCorrection, qint64> harnessCorrections(ReadOnlyDb &db);

//! Problems with the corrections: one held more than once; one in `reported` (its command said
//! it was recorded) held other than once; an event id in `reportedIds` held other than once.
QStringList checkCorrections(
    ReadOnlyDb &db, const QList<WrittenCorrection> &reported, const QStringList &reportedIds = {});

//! Event ids with their seq (-1: none yet, in the outbox) of a cache (`corrections`) or a
//! server (`events`) database.
QHash<QString, qint64> cacheEventSeqs(ReadOnlyDb &db);
QHash<QString, qint64> serverEventSeqs(ReadOnlyDb &db);

//! The correction ids a `ledger-curator curate` run printed ("... (correction ID)").
QStringList printedCorrectionIds(const QByteArray &out);

//! The desktop driver: `tst_killapp --kill-harness-driver DB PREFIX COUNT` builds the real
//! MainWindow on the cache DB (offscreen), applies COUNT notes through the correction panel
//! (typed into the note editor, Ctrl+Return), and after each one the status bar reports
//! recorded prints `recorded OBSERVATION note VALUE` (flushed). 0 when all were recorded.
int runAppDriver(int argc, char *argv[]);
inline constexpr const char *kDriverFlag = "--kill-harness-driver";

} // namespace LedgerCurator::KillHarness
