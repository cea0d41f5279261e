// SPDX-License-Identifier: GPL-3.0-or-later
#include "KillHarness.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QThread>

#include <sqlite3.h>

#include <csignal>

namespace LedgerCurator::KillHarness {

QString Attempt::describe() const
{
    QString how;
    if (!started)
        how = QStringLiteral("did not start");
    else if (killed)
        how = QStringLiteral("killed after %1 us").arg(delayUs);
    else if (crashed)
        how = QStringLiteral("crashed by itself (signal %1)").arg(exitCode);
    else
        how = QStringLiteral("exit %1").arg(exitCode);
    QString tail = QString::fromUtf8(err.right(600)).trimmed();
    tail.replace(u'\n', QStringLiteral(" | "));
    return tail.isEmpty() ? how : how + QStringLiteral("; stderr: ") + tail;
}

Attempt runAndKill(const QString &program, const QStringList &arguments, const QProcessEnvironment &env,
                   qint64 delayUs, int timeoutMs)
{
    Attempt attempt;
    attempt.delayUs = delayUs;
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
    bool sent = false;
    if (delayUs >= 0) {
        // Wait in QProcess (which reads the pipes meanwhile) to within a millisecond, then sleep
        // the rest, so the kill lands at the drawn microsecond give or take the scheduler.
        const qint64 wholeMs = delayUs / 1000;
        bool ended = wholeMs > 1 && process.waitForFinished(int(wholeMs - 1));
        if (!ended) {
            const qint64 restUs = delayUs - timer.nsecsElapsed() / 1000;
            if (restUs > 0)
                QThread::usleep(quint64(restUs));
            if (process.state() != QProcess::NotRunning) {
                process.kill(); // SIGKILL
                sent = true;
            }
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
    }
    return attempt;
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
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(m_db, sql, -1, &statement, nullptr) != SQLITE_OK) {
        m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
        return out;
    }
    QList<QByteArray> bound; // alive until the statement is done
    for (int i = 0; i < binds.size(); ++i) {
        bound.append(binds[i].toUtf8());
        sqlite3_bind_text(statement, i + 1, bound.last().constData(), int(bound.last().size()), SQLITE_STATIC);
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

QStringList checkDatabase(ReadOnlyDb &db)
{
    if (!db.isOpen())
        return { QStringLiteral("cannot open the database: ") + db.error() };
    QStringList problems;
    const QList<QStringList> integrity = db.rows("PRAGMA integrity_check");
    if (integrity.size() != 1 || integrity.first().value(0) != u"ok") {
        QStringList lines;
        for (const QStringList &row : integrity)
            lines.append(row.value(0));
        problems.append(QStringLiteral("integrity_check: ") + (lines.isEmpty() ? db.error() : lines.join(QStringLiteral("; "))));
    }
    const QList<QStringList> foreign = db.rows("PRAGMA foreign_key_check");
    if (!foreign.isEmpty())
        problems.append(QStringLiteral("foreign_key_check: %1 rows point nowhere (first in %2)")
                                .arg(foreign.size())
                                .arg(foreign.first().value(0)));
    return problems;
}

QString checkRecord(ReadOnlyDb &db, const QList<PageShape> &shapes, bool mayBeAbsent, bool *present)
{
    const QString id = shapes.first().id;
    const QList<QStringList> row = db.rows("SELECT as_of FROM records WHERE id = ?", { id });
    const qint64 observations = db.number("SELECT count(*) FROM observations WHERE record_id = ?", { id });
    const qint64 positions = db.number("SELECT count(DISTINCT position) FROM observations WHERE record_id = ?", { id });
    const qint64 events = db.number("SELECT count(*) FROM source_events WHERE record_id = ?", { id });
    if (!db.error().isEmpty())
        return QStringLiteral("record %1: cannot read it: %2").arg(id, db.error());
    if (present)
        *present = !row.isEmpty();
    if (row.isEmpty() && observations == 0 && events == 0) {
        return mayBeAbsent ? QString() : QStringLiteral("record %1 is missing").arg(id);
    }
    const QString asOf = row.isEmpty() ? QStringLiteral("(no record row)") : row.first().value(0);
    for (const PageShape &shape : shapes) {
        if (!row.isEmpty() && asOf == shape.asOf && observations == shape.observations && positions == observations
            && events == shape.sourceEvents)
            return {};
    }
    QStringList expected;
    for (const PageShape &shape : shapes)
        expected.append(QStringLiteral("as of %1 with %2 observations and %3 source events")
                                .arg(shape.asOf)
                                .arg(shape.observations)
                                .arg(shape.sourceEvents));
    return QStringLiteral("record %1 is neither absent nor whole: as of %2, %3 observations (%4 positions), %5 "
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
    const QList<QStringList> rows = db.rows("SELECT observation_id, field, value, count(*) FROM corrections"
                                            " WHERE value LIKE 'kh-%' GROUP BY observation_id, field, value");
    for (const QStringList &row : rows)
        held.insert({ row[0], row[1], row[2] }, row[3].toLongLong());
    return held;
}

QStringList checkCorrections(ReadOnlyDb &db, const QList<WrittenCorrection> &reported, const QStringList &reportedIds)
{
    QStringList problems;
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
            problems.append(QStringLiteral("correction %1 of %2 to '%3' was reported recorded and is lost")
                                    .arg(c.field, c.observation, c.value));
    }
    if (missing > 5)
        problems.append(QStringLiteral("... %1 reported corrections lost in all").arg(missing));
    for (const QString &id : reportedIds) {
        const qint64 n = db.number("SELECT count(*) FROM corrections WHERE id = ?", { id });
        if (n != 1)
            problems.append(QStringLiteral("correction %1 was reported recorded and is held %2 times").arg(id).arg(n));
    }
    return problems;
}

namespace {
QHash<QString, qint64> eventSeqs(ReadOnlyDb &db, const char *sql)
{
    QHash<QString, qint64> seqs;
    for (const QStringList &row : db.rows(sql))
        seqs.insert(row[0], row[1].isNull() ? -1 : row[1].toLongLong());
    return seqs;
}
} // namespace

QHash<QString, qint64> cacheEventSeqs(ReadOnlyDb &db)
{
    return eventSeqs(db, "SELECT id, seq FROM corrections");
}

QHash<QString, qint64> serverEventSeqs(ReadOnlyDb &db)
{
    return eventSeqs(db, "SELECT id, seq FROM events");
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
