// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What every benchmark of ledger-bench shares: medians, child processes timed with their CPU
// time and peak memory, and the table of figures with targets.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QTextStream;

namespace LedgerCurator::Bench {

//! The benchmark's standard output (one stream for every section).
QTextStream &benchOut();
//! Writes `data` to `path`; false if it could not be written whole.
bool writeFile(const QString &path, const QByteArray &data);
//! Removes a SQLite file and its -wal and -shm companions (a benchmark's own, never open).
void removeDatabase(const QString &path);

double median(QList<double> values);
double percentile(QList<double> values, double fraction);

//! Median wall milliseconds of `runs` runs; `setup` runs before each, untimed.
double measure(
    int runs, const std::function<void()> &work, const std::function<void()> &setup = {});

//! CPU seconds (user + system) this process has used so far, all threads.
double processCpuMs();

//! One run of a child process: wall time, CPU time (its own and its waited-for children's, from
//! wait4), peak resident memory, exit status and standard output.
struct ProcessRun
{
    double wallMs = 0;
    double cpuMs = 0;
    //! wait4()'s ru_maxrss. Beware: Linux keeps the high-water mark of the memory a child had
    //! before its exec, and a spawned child shares (vfork) or copies (fork) this process's, so
    //! it is at least what this benchmark itself holds. Only a figure the child reports of
    //! itself (VmHWM) is the child's.
    qint64 maxRssKb = 0;
    int exitCode = -1; // -1: did not start or was killed by a signal
    bool timedOut = false; // killed (with its process group) after the timeout
    //! For a run stopped at its timeout: the CPU time its whole process group had used.
    double groupCpuMsAtKill = 0;
    QByteArray output; // standard output, when captured
};

//! Runs `program` with `arguments` to its end. Standard error goes to /dev/null unless
//! `keepStderr`; standard output is captured when `captureOutput`, else discarded. `environment`
//! entries ("NAME=value") are added to this process's environment.
//! With `timeoutMs` > 0 the child runs in a process group of its own, killed whole on expiry.
ProcessRun runProcess(const QString &program, const QStringList &arguments,
    bool captureOutput = false, const QStringList &environment = {}, bool keepStderr = false,
    int timeoutMs = 0);

//! The medians of several runs (wall, CPU, peak memory).
ProcessRun medianRun(
    int runs, const std::function<ProcessRun()> &run, const std::function<void()> &setup = {});

//! The table of figures.
class Table
{
public:
    //! A figure without a target.
    void info(const QString &figure, double value, const QString &unit = QStringLiteral("ms"));
    //! A figure that must stay below `limit`.
    void below(const QString &figure, double value, double limit,
        const QString &unit = QStringLiteral("ms"));
    //! A figure that must reach at least `limit`.
    void atLeast(const QString &figure, double value, double limit, const QString &unit);
    //! A figure compared with its peer: value / peerValue must be at most `maxRatio`.
    void ratio(const QString &figure, double value, const QString &peer, double peerValue,
        double maxRatio, const QString &unit = QStringLiteral("ms"));
    //! A figure compared with its peer without a target.
    void versus(const QString &figure, double value, const QString &peer, double peerValue,
        const QString &unit = QStringLiteral("ms"));
    //! A yes/no check, e.g. "every event stored once".
    void check(const QString &figure, bool ok, const QString &detail);
    //! A figure that could not be measured here, with the reason.
    void skipped(const QString &figure, const QString &reason, const QString &target = {});

    //! The whole table: figure, value, peer, ratio, target, met?
    void print() const;
    int missed() const;

private:
    struct Row
    {
        QString figure;
        QString value;
        QString peer;
        QString ratio;
        QString target;
        std::optional<bool> met;
    };
    void add(Row row);
    QList<Row> m_rows;
};

QString formatValue(double value, const QString &unit);

} // namespace LedgerCurator::Bench
