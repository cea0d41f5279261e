// SPDX-License-Identifier: GPL-3.0-or-later
#include "BenchSupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryFile>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <vector>

#include <csignal>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace LedgerCurator::Bench {

QTextStream &benchOut()
{
    static QTextStream stream(stdout);
    return stream;
}

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(data) == data.size();
}

void removeDatabase(const QString &path)
{
    for (const char *suffix : { "", "-wal", "-shm" })
        QFile::remove(path + QLatin1String(suffix));
}

namespace {

double tvMs(const timeval &tv)
{
    return double(tv.tv_sec) * 1000.0 + double(tv.tv_usec) / 1000.0;
}

//! CPU time of every process still in the process group, from /proc (utime + stime): what a
//! child that is about to be killed and its own children have used, since wait4() cannot
//! count children that their parent never reaped.
double processGroupCpuMs(pid_t group)
{
    const long ticks = sysconf(_SC_CLK_TCK);
    double total = 0;
    const QStringList entries
        = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool numeric = false;
        entry.toInt(&numeric);
        if (!numeric)
            continue;
        QFile stat(QStringLiteral("/proc/") + entry + QStringLiteral("/stat"));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        // "pid (comm) state ppid pgrp ... utime stime": fields after the last ')'.
        const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (fields.size() < 13 || fields[2].toLongLong() != group)
            continue;
        total += double(fields[11].toLongLong() + fields[12].toLongLong()) * 1000.0 / double(ticks);
    }
    return total;
}

} // namespace

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n == 0 ? 0 : (n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2);
}

double percentile(QList<double> values, double fraction)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    // Nearest rank: the smallest value with at least `fraction` of the values at or below it.
    const qsizetype rank = qsizetype(std::ceil(fraction * double(values.size())));
    return values[std::clamp<qsizetype>(rank - 1, 0, values.size() - 1)];
}

double measure(int runs, const std::function<void()> &work, const std::function<void()> &setup)
{
    QList<double> times;
    for (int i = 0; i < runs; ++i) {
        if (setup)
            setup();
        QElapsedTimer timer;
        timer.start();
        work();
        times.append(double(timer.nsecsElapsed()) / 1e6);
    }
    return median(times);
}

double processCpuMs()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return tvMs(usage.ru_utime) + tvMs(usage.ru_stime);
}

ProcessRun runProcess(const QString &program, const QStringList &arguments, bool captureOutput,
    const QStringList &environment, bool keepStderr, int timeoutMs)
{
    ProcessRun run;
    std::vector<QByteArray> argBytes { program.toLocal8Bit() };
    for (const QString &a : arguments)
        argBytes.push_back(a.toLocal8Bit());
    std::vector<char *> argv;
    for (QByteArray &a : argBytes)
        argv.push_back(a.data());
    argv.push_back(nullptr);

    std::vector<QByteArray> envBytes;
    for (const QString &e : environment)
        envBytes.push_back(e.toLocal8Bit());
    std::vector<char *> envp;
    for (char **e = environ; *e; ++e) {
        const QByteArray entry(*e);
        const bool overridden
            = std::any_of(envBytes.cbegin(), envBytes.cend(), [&entry](const QByteArray &mine) {
                  return entry.startsWith(mine.left(mine.indexOf('=') + 1));
              });
        if (!overridden)
            envp.push_back(*e);
    }
    for (QByteArray &e : envBytes)
        envp.push_back(e.data());
    envp.push_back(nullptr);

    QTemporaryFile capture;
    QByteArray outputPath("/dev/null");
    if (captureOutput && capture.open())
        outputPath = capture.fileName().toLocal8Bit();

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, outputPath.constData(), O_WRONLY | O_TRUNC, 0600);
    if (!keepStderr)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);

    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    if (timeoutMs > 0) {
        posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
        posix_spawnattr_setpgroup(&attributes, 0);
    }
    QElapsedTimer timer;
    timer.start();
    pid_t pid = 0;
    const int spawned
        = posix_spawnp(&pid, argv[0], &actions, &attributes, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (spawned != 0)
        return run;
    int status = 0;
    rusage usage {};
    if (timeoutMs > 0) {
        for (;;) {
            const pid_t done = wait4(pid, &status, WNOHANG, &usage);
            if (done == pid || (done < 0 && errno != EINTR))
                break;
            if (timer.elapsed() > timeoutMs) {
                run.timedOut = true;
                run.groupCpuMsAtKill = processGroupCpuMs(pid);
                kill(-pid, SIGKILL);
                while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) { }
                break;
            }
            usleep(10000);
        }
        kill(-pid, SIGKILL); // helpers left behind in the group
    } else {
        while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) { }
    }
    run.wallMs = double(timer.nsecsElapsed()) / 1e6;
    run.cpuMs = tvMs(usage.ru_utime) + tvMs(usage.ru_stime);
    run.maxRssKb = usage.ru_maxrss;
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (captureOutput) {
        QFile file(capture.fileName());
        if (file.open(QIODevice::ReadOnly))
            run.output = file.readAll();
    }
    return run;
}

ProcessRun medianRun(
    int runs, const std::function<ProcessRun()> &run, const std::function<void()> &setup)
{
    QList<double> wall, cpu, rss;
    ProcessRun last;
    for (int i = 0; i < runs; ++i) {
        if (setup)
            setup();
        last = run();
        wall.append(last.wallMs);
        cpu.append(last.cpuMs);
        rss.append(double(last.maxRssKb));
    }
    last.wallMs = median(wall);
    last.cpuMs = median(cpu);
    last.maxRssKb = qint64(median(rss));
    return last;
}

QString formatValue(double value, const QString &unit)
{
    if (unit == u"events/s" || unit == u"requests/s")
        return QString::number(qint64(std::llround(value))) + u' ' + unit;
    return QString::number(value, 'f', 1) + u' ' + unit;
}

void Table::add(Row row)
{
    benchOut() << row.figure.leftJustified(62) << ' ' << row.value.rightJustified(14);
    if (!row.peer.isEmpty())
        benchOut() << "   vs " << row.peer << " = " << row.ratio;
    if (!row.target.isEmpty())
        benchOut() << "   (target " << row.target
                   << (row.met ? (*row.met ? ": met" : ": MISSED") : "") << ")";
    benchOut() << Qt::endl;
    m_rows.append(std::move(row));
}

void Table::info(const QString &figure, double value, const QString &unit)
{
    add({ figure, formatValue(value, unit), {}, {}, {}, std::nullopt });
}

void Table::below(const QString &figure, double value, double limit, const QString &unit)
{
    add({ figure, formatValue(value, unit), {}, {}, u"< " + formatValue(limit, unit),
        value < limit });
}

void Table::atLeast(const QString &figure, double value, double limit, const QString &unit)
{
    add({ figure, formatValue(value, unit), {}, {}, u">= " + formatValue(limit, unit),
        value >= limit });
}

void Table::ratio(const QString &figure, double value, const QString &peer, double peerValue,
    double maxRatio, const QString &unit)
{
    const double r = peerValue > 0 ? value / peerValue : 0;
    add({ figure, formatValue(value, unit), peer + u' ' + formatValue(peerValue, unit),
        QString::number(r, 'f', 2) + u'x',
        maxRatio == 1.0 ? QStringLiteral("faster than peer")
                        : u"<= " + QString::number(maxRatio, 'f', 1) + u"x peer",
        peerValue > 0 && (maxRatio == 1.0 ? r < 1.0 : r <= maxRatio) });
}

void Table::versus(
    const QString &figure, double value, const QString &peer, double peerValue, const QString &unit)
{
    const double r = peerValue > 0 ? value / peerValue : 0;
    add({ figure, formatValue(value, unit), peer + u' ' + formatValue(peerValue, unit),
        QString::number(r, 'f', 2) + u'x', {}, std::nullopt });
}

void Table::check(const QString &figure, bool ok, const QString &detail)
{
    add({ figure, ok ? QStringLiteral("yes") : QStringLiteral("NO"), {}, {}, detail, ok });
}

void Table::skipped(const QString &figure, const QString &reason, const QString &target)
{
    add({ figure, QStringLiteral("skipped"), {}, {},
        target.isEmpty() ? reason : target + u"; " + reason, std::nullopt });
}

int Table::missed() const
{
    return int(
        std::count_if(m_rows.cbegin(), m_rows.cend(), [](const Row &r) { return r.met == false; }));
}

void Table::print() const
{
    const QStringList headers { QStringLiteral("figure"), QStringLiteral("value"),
        QStringLiteral("peer"), QStringLiteral("ratio"), QStringLiteral("target"),
        QStringLiteral("met?") };
    QList<QStringList> cells;
    for (const Row &r : m_rows)
        cells.append({ r.figure, r.value, r.peer, r.ratio, r.target,
            r.met ? (*r.met ? QStringLiteral("yes") : QStringLiteral("NO")) : QString() });
    QList<qsizetype> widths;
    for (qsizetype c = 0; c < headers.size(); ++c) {
        qsizetype w = headers[c].size();
        for (const QStringList &row : cells)
            w = std::max(w, row[c].size());
        widths.append(w);
    }
    auto line = [&](const QStringList &row) {
        QString text = QStringLiteral("| ");
        for (qsizetype c = 0; c < row.size(); ++c) {
            text += (c == 1 || c == 3) ? row[c].rightJustified(widths[c])
                                       : row[c].leftJustified(widths[c]);
            text += QStringLiteral(" | ");
        }
        benchOut() << text.trimmed() << Qt::endl;
    };
    line(headers);
    QStringList rule;
    for (qsizetype w : widths)
        rule.append(QString(w, u'-'));
    line(rule);
    for (const QStringList &row : cells)
        line(row);
}

} // namespace LedgerCurator::Bench
