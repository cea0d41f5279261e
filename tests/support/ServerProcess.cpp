// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServerProcess.h"

#include "TestSupport.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFile>

#include <sys/resource.h>

namespace LedgerCurator::TestSupport {

CliRun runServerCommand(const QStringList &arguments, const QString &dataHome, int timeoutMs)
{
    QProcess process;
    if (!dataHome.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), dataHome);
        process.setProcessEnvironment(env);
    }
    process.start(QStringLiteral(LC_SERVER_PATH), arguments);
    if (!process.waitForFinished(scaledTimeoutMs(timeoutMs))) {
        qWarning("ledger-server %s: %s", qPrintable(arguments.join(u' ')),
            qPrintable(process.errorString()));
        return {};
    }
    return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
        process.readAllStandardOutput(), process.readAllStandardError() };
}

QByteArray addServerToken(const std::function<CliRun(const QStringList &)> &runServer,
    const QString &name, const QString &role, const QStringList &extra)
{
    const CliRun run = runServer(QStringList { QStringLiteral("token"), QStringLiteral("add"), name,
                                     QStringLiteral("--role"), role }
        + extra);
    if (run.exitCode != 0) {
        qWarning("token add failed (exit %d): %s", run.exitCode, run.err.constData());
        return {};
    }
    return run.out.trimmed().split('\n').constLast().trimmed();
}

QUrl startServing(QProcess &process, const QStringList &arguments)
{
    process.start(QStringLiteral(LC_SERVER_PATH), arguments);
    if (!process.waitForStarted(scaledTimeoutMs(20000))) {
        qWarning("ledger-server did not start: %s", qPrintable(process.errorString()));
        return {};
    }
    QElapsedTimer timer;
    timer.start();
    while (!process.canReadLine() && timer.elapsed() < scaledTimeoutMs(30000)) {
        if (process.state() != QProcess::Running) {
            qWarning("ledger-server exited: %s", process.readAllStandardError().constData());
            return {};
        }
        process.waitForReadyRead(200);
    }
    const QByteArray line = process.readLine().trimmed();
    const QByteArray prefix = "listening on ";
    if (!line.startsWith(QByteArray(prefix + "http://127.0.0.1:"))) {
        qWarning("unexpected first line from ledger-server: '%s'", line.constData());
        return {};
    }
    return QUrl(QString::fromUtf8(line.mid(prefix.size())));
}

QString stopServing(QProcess &process, QByteArray *log)
{
    if (process.state() != QProcess::NotRunning) {
        process.terminate();
        if (!process.waitForFinished(scaledTimeoutMs(20000))) {
            process.kill();
            process.waitForFinished(scaledTimeoutMs(5000));
            return QStringLiteral("ledger-server did not stop on SIGTERM");
        }
    }
    const QByteArray err = process.readAllStandardError();
    if (log)
        *log = err;
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return QStringLiteral("ledger-server did not exit cleanly (exit status %1, code %2)")
            .arg(int(process.exitStatus()))
            .arg(process.exitCode());
    return {};
}

ServerProcess::ServerProcess(QString database)
    : m_database(std::move(database))
{
}

ServerProcess::~ServerProcess()
{
    stop();
}

QByteArray ServerProcess::command(const QStringList &arguments, QString *problem) const
{
    QProcess process;
    process.start(QStringLiteral(LC_SERVER_PATH),
        arguments + QStringList { QStringLiteral("--db"), m_database });
    if (!process.waitForFinished(scaledTimeoutMs(120000))
        || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        if (process.state() != QProcess::NotRunning) {
            process.kill();
            process.waitForFinished();
        }
        *problem = QStringLiteral("ledger-server %1 failed (%2): %3")
                       .arg(arguments.join(u' '))
                       .arg(process.exitCode())
                       .arg(QString::fromUtf8(process.readAllStandardError()));
        return {};
    }
    return process.readAllStandardOutput();
}

QString ServerProcess::addToken(const QString &name, const QString &role, QString *problem) const
{
    const QByteArray out = command(
        { QStringLiteral("token"), QStringLiteral("add"), name, QStringLiteral("--role"), role },
        problem);
    return QString::fromUtf8(out.trimmed().split('\n').last()).trimmed();
}

bool ServerProcess::start(QString *problem, int port, const QStringList &extra, int maxOpenFiles)
{
    stop();
    m_url.clear();
    // Removed first, so that the first line read is this server's, never a stopped one's.
    QFile::remove(outputPath());
    QFile::remove(logPath());
    m_process = std::make_unique<QProcess>();
    m_process->setStandardOutputFile(outputPath());
    m_process->setStandardErrorFile(logPath());
    if (maxOpenFiles > 0) {
        m_process->setChildProcessModifier([maxOpenFiles] {
            const rlimit limit { rlim_t(maxOpenFiles), rlim_t(maxOpenFiles) };
            ::setrlimit(RLIMIT_NOFILE, &limit);
        });
    }
    m_process->start(QStringLiteral(LC_SERVER_PATH),
        QStringList { QStringLiteral("serve"), QStringLiteral("--db"), m_database,
            QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(port) }
            + extra);
    const QString prefix = QStringLiteral("listening on ");
    QString line;
    QDeadlineTimer deadline(scaledTimeoutMs(30000));
    while (!line.startsWith(prefix) && m_process->state() != QProcess::NotRunning
        && !deadline.hasExpired()) {
        m_process->waitForFinished(50);
        const QByteArray out = output();
        if (out.contains('\n'))
            line = QString::fromUtf8(out.left(out.indexOf('\n'))).trimmed();
    }
    if (!line.startsWith(prefix)) {
        *problem = QStringLiteral("ledger-server serve said '%1' (%2)")
                       .arg(line, QString::fromUtf8(log()));
        stop();
        return false;
    }
    m_url = QUrl(line.mid(prefix.size()));
    if (!m_url.isValid() || m_url.port() <= 0) {
        *problem = QStringLiteral("ledger-server serve listens on no port: '%1'").arg(line);
        stop();
        return false;
    }
    return true;
}

void ServerProcess::stop()
{
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(scaledTimeoutMs(10000));
    }
    m_process.reset();
}

qint64 ServerProcess::pid() const
{
    return isRunning() ? m_process->processId() : 0;
}

bool ServerProcess::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running;
}

QByteArray ServerProcess::output() const
{
    return readAll(outputPath());
}

QByteArray ServerProcess::log() const
{
    return readAll(logPath());
}

std::unique_ptr<ServerProcess> fixtureServer(const QString &folder,
    const QList<std::pair<QString, QString>> &roles, QHash<QString, QString> *tokens,
    QString *problem, bool serve)
{
    auto server = std::make_unique<ServerProcess>(folder + QStringLiteral("/server.sqlite"));
    server->command(
        { QStringLiteral("import"), dataPath(QStringLiteral("ledger-2104.04473.txt")) }, problem);
    if (!problem->isEmpty())
        return {};
    for (const auto &[name, role] : roles) {
        const QString token = server->addToken(name, role, problem);
        if (!problem->isEmpty())
            return {};
        tokens->insert(name, token);
    }
    if (serve && !server->start(problem))
        return {};
    return server;
}

} // namespace LedgerCurator::TestSupport
