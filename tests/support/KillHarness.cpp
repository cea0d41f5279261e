// SPDX-License-Identifier: GPL-3.0-or-later
#include "KillHarness.h"

#include <QDateTime>
#include <QElapsedTimer>

#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QThread>
#include <cerrno>

#include <sqlite3.h>

#include <csignal>

#include <sys/stat.h>
#include <sys/wait.h>

namespace LedgerCurator::KillHarness {

QString KillAt::describe() const
{
    if (walBytes > 0)
        return QStringLiteral("when the WAL reached %1 bytes").arg(walBytes);
    return delayUs < 0 ? QStringLiteral("never") : QStringLiteral("at %1 us").arg(delayUs);
}

QString Attempt::describe() const
{
    QString how;
    if (!started)
        how = QStringLiteral("did not start");
    else if (killed)
        how = QStringLiteral("killed ") + plan.describe();
    else if (crashed)
        how = QStringLiteral("crashed by itself (signal %1)").arg(exitCode);
    else
        how = QStringLiteral("exit %1").arg(exitCode);
    QString tail = QString::fromUtf8(err.right(600)).trimmed();
    tail.replace(u'\n', QStringLiteral(" | "));
    return tail.isEmpty() ? how : how + QStringLiteral("; stderr: ") + tail;
}

namespace {

//! Whether the child has ended, without reaping it (QProcess does that).
bool hasEnded(qint64 pid)
{
    siginfo_t info {};
    if (::waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0)
        return errno == ECHILD; // already reaped, by QProcess while it read the pipes: it ended
    return info.si_pid != 0;
}

qint64 fileSize(const QString &path)
{
    struct stat st
    {
    };
    const QByteArray name = path.toLocal8Bit();
    return ::stat(name.constData(), &st) == 0 ? qint64(st.st_size) : -1;
}

} // namespace

Attempt runAndKill(const QString &program, const QStringList &arguments,
    const QProcessEnvironment &env, const KillAt &kill, int timeoutMs)
{
    Attempt attempt;
    attempt.plan = kill;
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(program, arguments);
    if (!process.waitForStarted(30000)) {
        attempt.started = false;
        attempt.err = process.errorString().toUtf8();
        return attempt;
    }
    QElapsedTimer timer;
    timer.start();
    const qint64 pid = process.processId();
    bool sent = false;
    if (kill.walBytes > 0) {
        // stat() every 100 us (the WAL is never opened: closing a descriptor of it would drop
        // the command's SQLite locks); the pipes are drained every millisecond or so, so that a
        // chatty command never blocks on a full one.
        for (int i = 0; process.state() != QProcess::NotRunning && !hasEnded(pid)
             && timer.elapsed() < timeoutMs;
             ++i) {
            if (fileSize(kill.wal) >= kill.walBytes) {
                ::kill(pid_t(pid), SIGKILL);
                sent = true;
                attempt.atWalSize = true;
                break;
            }
            if (i % 10 == 9)
                process.waitForReadyRead(0);
            else
                QThread::usleep(100);
        }
    } else if (kill.delayUs >= 0) {
        // Wait in QProcess (which reads the pipes meanwhile) to within a millisecond, then sleep
        // the rest, so the kill lands at the drawn microsecond give or take the scheduler.
        const qint64 wholeMs = kill.delayUs / 1000;
        if (wholeMs > 1)
            process.waitForFinished(int(wholeMs - 1));
        const qint64 restUs = kill.delayUs - timer.nsecsElapsed() / 1000;
        if (restUs > 0 && !hasEnded(pid))
            QThread::usleep(quint64(restUs));
        if (process.state() != QProcess::NotRunning && !hasEnded(pid)) {
            ::kill(pid_t(pid), SIGKILL);
            sent = true;
        }
    }
    // waitForFinished() is false for a process already reaped: ask only while it runs.
    if (process.state() != QProcess::NotRunning && !process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(10000);
        attempt.crashed = true;
        attempt.exitCode = -1;
        attempt.err = "did not finish within " + QByteArray::number(timeoutMs) + " ms; "
            + process.readAllStandardError();
        attempt.out = process.readAllStandardOutput();
        return attempt;
    }
    attempt.elapsedMs = timer.elapsed();
    attempt.out = process.readAllStandardOutput();
    attempt.err = process.readAllStandardError();
    if (process.exitStatus() == QProcess::CrashExit) {
        // Qt keeps the signal number as the exit code of a process a signal ended.
        const int signal = process.exitCode();
        attempt.killed = sent && signal == SIGKILL;
        attempt.crashed = !attempt.killed;
        attempt.exitCode = signal;
    } else {
        attempt.exitCode = process.exitCode();
        attempt.atWalSize = false;
    }
    return attempt;
}

Measured measureRun(const QString &program, const QStringList &arguments,
    const QProcessEnvironment &env, const QString &cache)
{
    Measured measured;
    Attempt &attempt = measured.run;
    const QString wal = cache + QStringLiteral("-wal");
    measured.wal = wal;
    auto walState = [&wal] {
        const QFileInfo info(wal);
        return std::make_pair(
            info.exists() ? info.size() : -1, info.exists() ? info.lastModified() : QDateTime());
    };
    const auto before = walState();
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(program, arguments);
    if (!process.waitForStarted(30000)) {
        attempt.started = false;
        attempt.err = process.errorString().toUtf8();
        return measured;
    }
    QElapsedTimer timer;
    timer.start();
    // stat() only: the WAL is never opened (closing it would drop the command's SQLite locks).
    while (process.state() != QProcess::NotRunning && !process.waitForFinished(1)
        && timer.elapsed() < 300000) {
        const auto now = walState();
        if (measured.writeFromUs < 0 && now != before && now.first > 64 * 1024)
            measured.writeFromUs = timer.nsecsElapsed() / 1000;
        measured.walPeakBytes = std::max(measured.walPeakBytes, now.first);
    }
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished(10000);
        attempt.crashed = true;
        attempt.err = "did not finish within 300000 ms";
        return measured;
    }
    attempt.elapsedMs = timer.elapsed();
    attempt.out = process.readAllStandardOutput();
    attempt.err = process.readAllStandardError();
    attempt.crashed = process.exitStatus() == QProcess::CrashExit;
    attempt.exitCode = process.exitCode();
    return measured;
}

ReadOnlyDb::ReadOnlyDb(const QString &path)
{
    const QByteArray name = path.toLocal8Bit();
    if (sqlite3_open_v2(name.constData(), &m_db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        m_error = m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QStringLiteral("out of memory");
        sqlite3_close(m_db);
        m_db = nullptr;
        return;
    }
    sqlite3_busy_timeout(m_db, 10000);
}

ReadOnlyDb::~ReadOnlyDb()
{
    sqlite3_close(m_db);
}

QList<QStringList> ReadOnlyDb::rows(const char *sql, const QStringList &binds)
{
    QList<QStringList> out;
    if (!m_db)
        return out;
    m_error.clear();
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(m_db, sql, -1, &statement, nullptr) != SQLITE_OK) {
        m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
        return out;
    }
    QList<QByteArray> bound; // alive until the statement is done
    for (int i = 0; i < binds.size(); ++i) {
        bound.append(binds[i].toUtf8());
        sqlite3_bind_text(
            statement, i + 1, bound.last().constData(), int(bound.last().size()), SQLITE_STATIC);
    }
    int rc = SQLITE_OK;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        QStringList row;
        for (int c = 0; c < sqlite3_column_count(statement); ++c) {
            if (sqlite3_column_type(statement, c) == SQLITE_NULL) {
                row.append(QString());
                continue;
            }
            const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(statement, c));
            row.append(QString::fromUtf8(text, sqlite3_column_bytes(statement, c)));
        }
        out.append(row);
    }
    if (rc != SQLITE_DONE)
        m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
    sqlite3_finalize(statement);
    return out;
}

qint64 ReadOnlyDb::number(const char *sql, const QStringList &binds)
{
    const QList<QStringList> result = rows(sql, binds);
    return result.isEmpty() || result.first().isEmpty() ? 0 : result.first().first().toLongLong();
}

bool ReadOnlyDb::hasTable(const QString &name)
{
    return number("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", { name })
        > 0;
}

QStringList checkDatabase(ReadOnlyDb &db, int latestVersion, const QStringList &tables)
{
    if (!db.isOpen())
        return { QStringLiteral("cannot open the database: ") + db.error() };
    QStringList problems;
    const QList<QStringList> integrity = db.rows("PRAGMA integrity_check");
    if (integrity.size() != 1 || integrity.first().value(0) != u"ok") {
        QStringList lines;
        for (const QStringList &row : integrity)
            lines.append(row.value(0));
        problems.append(QStringLiteral("integrity_check: ")
            + (lines.isEmpty() ? db.error() : lines.join(QStringLiteral("; "))));
    }
    const QList<QStringList> foreign = db.rows("PRAGMA foreign_key_check");
    if (!foreign.isEmpty())
        problems.append(QStringLiteral("foreign_key_check: %1 rows point nowhere (first in %2)")
                            .arg(foreign.size())
                            .arg(foreign.first().value(0)));
    if (latestVersion >= 0) {
        const qint64 version = db.number("PRAGMA user_version");
        if (version > latestVersion)
            problems.append(QStringLiteral("schema version %1, newer than the latest, %2")
                                .arg(version)
                                .arg(latestVersion));
        for (const QString &table : tables) {
            if (version == latestVersion && !db.hasTable(table))
                problems.append(QStringLiteral("schema version %1 without the table %2")
                                    .arg(version)
                                    .arg(table));
        }
    }
    return problems;
}

QString checkRecord(ReadOnlyDb &db, const QList<PageShape> &shapes, bool mayBeAbsent, bool *present)
{
    const QString id = shapes.first().id;
    QString error;
    auto read = [&](const char *table, auto query) {
        const bool there = db.hasTable(QLatin1String(table));
        auto result = there ? query() : decltype(query()) {};
        if (!db.error().isEmpty() && error.isEmpty())
            error = db.error();
        return result;
    };
    const QList<QStringList> row = read(
        "records", [&] { return db.rows("SELECT as_of FROM records WHERE id = ?", { id }); });
    const qint64 observations = read("observations",
        [&] { return db.number("SELECT count(*) FROM observations WHERE record_id = ?", { id }); });
    const qint64 positions = read("observations", [&] {
        return db.number(
            "SELECT count(DISTINCT position) FROM observations WHERE record_id = ?", { id });
    });
    const qint64 events = read("source_events", [&] {
        return db.number("SELECT count(*) FROM source_events WHERE record_id = ?", { id });
    });
    if (!error.isEmpty())
        return QStringLiteral("record %1: cannot read it: %2").arg(id, error);
    if (present)
        *present = !row.isEmpty();
    if (row.isEmpty() && observations == 0 && events == 0) {
        return mayBeAbsent ? QString() : QStringLiteral("record %1 is missing").arg(id);
    }
    const QString asOf = row.isEmpty() ? QStringLiteral("(no record row)") : row.first().value(0);
    for (const PageShape &shape : shapes) {
        if (!row.isEmpty() && asOf == shape.asOf && observations == shape.observations
            && positions == observations && events == shape.sourceEvents)
            return {};
    }
    QStringList expected;
    for (const PageShape &shape : shapes)
        expected.append(QStringLiteral("as of %1 with %2 observations and %3 source events")
                            .arg(shape.asOf)
                            .arg(shape.observations)
                            .arg(shape.sourceEvents));
    return QStringLiteral(
        "record %1 is neither absent nor whole: as of %2, %3 observations (%4 positions), %5 "
        "source events; expected %6")
        .arg(id, asOf)
        .arg(observations)
        .arg(positions)
        .arg(events)
        .arg(expected.join(QStringLiteral(" or ")));
}

QHash<WrittenCorrection, qint64> harnessCorrections(ReadOnlyDb &db)
{
    QHash<WrittenCorrection, qint64> held;
    if (!db.hasTable(QStringLiteral("corrections")))
        return held;
    const QList<QStringList> rows
        = db.rows("SELECT observation_id, field, value, count(*) FROM corrections"
                  " WHERE value LIKE 'kh-%' GROUP BY observation_id, field, value");
    for (const QStringList &row : rows)
        held.insert({ row[0], row[1], row[2] }, row[3].toLongLong());
    return held;
}

QStringList checkCorrections(
    ReadOnlyDb &db, const QList<WrittenCorrection> &reported, const QStringList &reportedIds)
{
    QStringList problems;
    if (!db.hasTable(QStringLiteral("corrections"))) {
        if (!reported.isEmpty() || !reportedIds.isEmpty())
            problems.append(
                QStringLiteral("no corrections table, and %1 corrections were reported recorded")
                    .arg(reported.size() + reportedIds.size()));
        return problems;
    }
    const QHash<WrittenCorrection, qint64> held = harnessCorrections(db);
    if (!db.error().isEmpty())
        return { QStringLiteral("cannot read the corrections: ") + db.error() };
    for (auto it = held.cbegin(); it != held.cend(); ++it) {
        if (it.value() > 1)
            problems.append(QStringLiteral("correction %1 of %2 to '%3' is held %4 times")
                                .arg(it.key().field, it.key().observation, it.key().value)
                                .arg(it.value()));
    }
    qsizetype missing = 0;
    for (const WrittenCorrection &c : reported) {
        if (held.value(c) == 0 && ++missing <= 5)
            problems.append(
                QStringLiteral("correction %1 of %2 to '%3' was reported recorded and is lost")
                    .arg(c.field, c.observation, c.value));
    }
    if (missing > 5)
        problems.append(QStringLiteral("... %1 reported corrections lost in all").arg(missing));
    for (const QString &id : reportedIds) {
        const qint64 n = db.number("SELECT count(*) FROM corrections WHERE id = ?", { id });
        if (n != 1)
            problems.append(
                QStringLiteral("correction %1 was reported recorded and is held %2 times")
                    .arg(id)
                    .arg(n));
    }
    return problems;
}

namespace {
QHash<QString, qint64> eventSeqs(ReadOnlyDb &db, const char *table, const char *sql)
{
    QHash<QString, qint64> seqs;
    if (!db.hasTable(QLatin1String(table)))
        return seqs;
    for (const QStringList &row : db.rows(sql))
        seqs.insert(row[0], row[1].isNull() ? -1 : row[1].toLongLong());
    return seqs;
}
} // namespace

QHash<QString, qint64> cacheEventSeqs(ReadOnlyDb &db)
{
    return eventSeqs(db, "corrections", "SELECT id, seq FROM corrections");
}

QHash<QString, qint64> serverEventSeqs(ReadOnlyDb &db)
{
    return eventSeqs(db, "events", "SELECT id, seq FROM events");
}

QStringList printedCorrectionIds(const QByteArray &out)
{
    static const QRegularExpression correction(QStringLiteral("\\(correction ([0-9a-f-]{36})\\)"));
    QStringList ids;
    auto it = correction.globalMatch(QString::fromUtf8(out));
    while (it.hasNext())
        ids.append(it.next().captured(1));
    return ids;
}

} // namespace LedgerCurator::KillHarness
