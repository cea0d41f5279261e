// SPDX-License-Identifier: GPL-3.0-or-later
// The real ledger-server for the tests: its subcommands for the server tests, a serving process
// for those that sync against it (tst_sync, tst_syncfaults, tst_syncgui, the kill harness, ...),
// and starting and stopping one on a QProcess of the test's own.
#pragma once

#include "TestSupport.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <memory>
#include <utility>

namespace LedgerCurator::TestSupport {

//! Runs a ledger-server (LC_SERVER_PATH) subcommand to completion, with XDG_DATA_HOME set to
//! `dataHome` when it is not empty: its exit code (-1 when it crashed or did not finish within
//! `timeoutMs`, scaled by scaledTimeoutMs()) and output. The server tests' one way to run it.
CliRun runServerCommand(
    const QStringList &arguments, const QString &dataHome = {}, int timeoutMs = 120000);
//! `token add NAME --role ROLE` through runServer: the token (the last line it prints), or empty
//! with a warning naming what failed.
QByteArray addServerToken(const std::function<CliRun(const QStringList &)> &runServer,
    const QString &name, const QString &role, const QStringList &extra = {});

//! Starts ledger-server (LC_SERVER_PATH) with `arguments` (serve ... --listen 127.0.0.1:0) on
//! `process`, whose environment and channels the caller set, and waits for its first line on
//! standard output: the URL of "listening on http://127.0.0.1:PORT", or an empty one with a
//! warning (the server ended, said something else, or said nothing for 30 s).
QUrl startServing(QProcess &process, const QStringList &arguments);
//! Stops the serving ledger-server on `process` with SIGTERM (SIGKILL after 20 s) and waits for
//! it: empty when it stopped on SIGTERM and exited with code 0, else what went wrong. `log`: its
//! standard error, when that went to a pipe.
QString stopServing(QProcess &process, QByteArray *log = nullptr);

//! The real ledger-server (LC_SERVER_PATH) on a database of its own: its subcommands run to
//! completion on it, and `serve` listens on a loopback port.
class ServerProcess final
{
public:
    //! A server on the SQLite database at `database` (made by its first subcommand).
    explicit ServerProcess(QString database);
    ~ServerProcess();
    Q_DISABLE_COPY_MOVE(ServerProcess)

    //! Runs a ledger-server subcommand on the database to completion: its standard output, or an
    //! empty array with the reason in `problem`.
    QByteArray command(const QStringList &arguments, QString *problem) const;
    //! A new token for `name`, its role reader, curator or admin: the last line `token add`
    //! prints.
    QString addToken(const QString &name, const QString &role, QString *problem) const;

    //! Starts `serve` on 127.0.0.1:`port` (0: a free one the server picks) and waits until it says
    //! where it listens (url()). Its standard output and error go to files beside the database
    //! (output(), log()): it logs every request, and a pipe nobody reads while a test waits on
    //! other processes would fill and stop it.
    //! extra: more options of `serve` (--header-timeout 1, ...). maxOpenFiles > 0: the server
    //! runs with that limit of open descriptors (soft and hard), as `prlimit --nofile` would.
    bool start(QString *problem, int port = 0, const QStringList &extra = {}, int maxOpenFiles = 0);
    //! Kills `serve` (SIGKILL, as a crash would) and waits for it to end.
    void stop();
    bool isRunning() const;
    //! The serving process's id (0 when none runs), to read its /proc/PID/status.
    qint64 pid() const;

    //! Where `serve` listens, as it said: http://127.0.0.1:PORT.
    QUrl url() const { return m_url; }
    QString database() const { return m_database; }
    //! What `serve` wrote to its standard output, and to its standard error (the request log).
    QByteArray output() const;
    QByteArray log() const;

private:
    QString outputPath() const { return m_database + QStringLiteral(".out"); }
    QString logPath() const { return m_database + QStringLiteral(".log"); }

    QString m_database;
    QUrl m_url;
    std::unique_ptr<QProcess> m_process;
};

//! A server as the sync tests start it: on server.sqlite in `folder`, the fixture page
//! (tests/data/ledger-2104.04473.txt) imported, a token added for each (name, role) of `roles`
//! and kept in `tokens` by name, serving unless `serve` is false. Null, with the reason in
//! `problem`, when a step failed.
std::unique_ptr<ServerProcess> fixtureServer(const QString &folder,
    const QList<std::pair<QString, QString>> &roles, QHash<QString, QString> *tokens,
    QString *problem, bool serve = true);

} // namespace LedgerCurator::TestSupport
