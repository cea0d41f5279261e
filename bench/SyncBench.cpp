// SPDX-License-Identifier: GPL-3.0-or-later
#include "SyncBench.h"

#include "EventJson.h"
#include "EventSignature.h"
#include "Store.h"
#include "SyncClient.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QSet>
#include <QTextStream>
#include <QTimer>
#include <QUuid>

#include <memory>

namespace LedgerCurator::Bench {

namespace {

//! A ledger-server serving a database on a free loopback port, stopped on destruction.
class Server
{
public:
    Server(const QString &program, const QString &db)
        : m_program(program)
        , m_db(db)
    {
    }
    ~Server() { stop(); }
    Q_DISABLE_COPY_MOVE(Server)

    bool run(const QStringList &arguments) const
    {
        return runProcess(m_program, arguments + QStringList { QStringLiteral("--db"), m_db })
                   .exitCode
            == 0;
    }

    QString addToken(const QString &name, const QString &role) const
    {
        const ProcessRun run = runProcess(m_program,
            { QStringLiteral("token"), QStringLiteral("add"), name, QStringLiteral("--role"), role,
                QStringLiteral("--db"), m_db },
            true);
        const QList<QByteArray> lines = run.output.trimmed().split('\n');
        return run.exitCode == 0 && !lines.isEmpty() ? QString::fromUtf8(lines.last().trimmed())
                                                     : QString();
    }

    bool start()
    {
        m_process.setStandardErrorFile(QProcess::nullDevice());
        // The bench's clients all come from 127.0.0.1, as a team's from one address never would:
        // the limit of connections per address (docs/server-limits.md) is off here.
        m_process.start(m_program,
            { QStringLiteral("serve"), QStringLiteral("--db"), m_db, QStringLiteral("--listen"),
                QStringLiteral("127.0.0.1:0"), QStringLiteral("--max-connections-per-address"),
                QStringLiteral("0") });
        if (!m_process.waitForStarted(10000))
            return false;
        QByteArray line;
        QElapsedTimer timer;
        timer.start();
        while (!line.contains('\n') && timer.elapsed() < 20000) {
            if (!m_process.waitForReadyRead(1000) && m_process.state() != QProcess::Running)
                return false;
            line += m_process.readAllStandardOutput();
        }
        const qsizetype at = line.indexOf("http://");
        if (at < 0)
            return false;
        m_url = QUrl(QString::fromUtf8(line.mid(at).trimmed()));
        return m_url.isValid();
    }

    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate();
        if (!m_process.waitForFinished(10000)) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    QUrl url(const QString &path) const
    {
        QUrl u = m_url;
        u.setPath(path);
        return u;
    }
    QUrl base() const { return m_url; }

private:
    QString m_program;
    QString m_db;
    QProcess m_process;
    QUrl m_url;
};

struct HttpResult
{
    int status = 0;
    QByteArray body;
    int retryAfterSeconds = -1;
};

QNetworkRequest makeRequest(const QUrl &url, const QString &token)
{
    QNetworkRequest request(url);
    request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    return request;
}

HttpResult resultOf(QNetworkReply *reply)
{
    HttpResult result;
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    result.body = reply->readAll();
    if (reply->hasRawHeader("Retry-After"))
        result.retryAfterSeconds = reply->rawHeader("Retry-After").toInt();
    return result;
}

//! One request, waited for in a local event loop.
HttpResult http(QNetworkAccessManager &network, const QByteArray &verb, const QUrl &url,
    const QString &token, const QByteArray &body = {})
{
    QNetworkReply *reply = network.sendCustomRequest(makeRequest(url, token), verb, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    HttpResult result = resultOf(reply);
    reply->deleteLater();
    return result;
}

//! Every posted event is by the one bench curator, the name of its token, signed with its key.
const QString kBenchCurator = QStringLiteral("bench-curator");

const SigningKey &benchKey()
{
    static const SigningKey key = SigningKey::fromSeed(
        QCryptographicHash::hash("ledger-bench curator", QCryptographicHash::Sha256));
    return key;
}

CorrectionEvent benchEvent(
    const QString &record, const QString &observation, const QString &tag, qint64 n)
{
    CorrectionEvent e;
    e.id = QUuid::createUuidV5(QUuid(), QStringLiteral("sync-bench-%1-%2").arg(tag).arg(n))
               .toString(QUuid::WithoutBraces);
    e.record = record;
    e.observation = observation;
    e.field = CurationField::Note;
    e.value = QStringLiteral("checked against the publisher page (%1)").arg(n);
    e.author = kBenchCurator;
    e.createdAt = QStringLiteral("2026-11-%1T10:%2:%3.%4Z")
                      .arg(10 + n % 18)
                      .arg(n / 3600 % 60, 2, 10, QLatin1Char('0'))
                      .arg(n / 60 % 60, 2, 10, QLatin1Char('0'))
                      .arg(n % 1000, 3, 10, QLatin1Char('0'));
    signEvent(e, benchKey()); // the server takes signed events only (docs/signatures.md)
    return e;
}

//! Registers the bench curator's key with the server (POST /v1/keys), as a sync would.
bool registerBenchKey(QNetworkAccessManager &network, const Server &server, const QString &token)
{
    const QByteArray body = QJsonDocument(
        QJsonObject { { QStringLiteral("public_key"), toBase64Url(benchKey().publicKey) } })
                                .toJson(QJsonDocument::Compact);
    const int status
        = http(network, "POST", server.url(QStringLiteral("/v1/keys")), token, body).status;
    return status == 200 || status == 201;
}

QByteArray batchBody(const QList<CorrectionEvent> &events)
{
    return QJsonDocument(QJsonObject { { QStringLiteral("events"), correctionsToJson(events) } })
        .toJson(QJsonDocument::Compact);
}

//! Every event the server holds, paged: (seq, id) in order.
QList<std::pair<qint64, QString>> allEvents(
    QNetworkAccessManager &network, const Server &server, const QString &token)
{
    QList<std::pair<qint64, QString>> events;
    qint64 after = 0;
    for (;;) {
        QUrl url = server.url(QStringLiteral("/v1/events"));
        url.setQuery(QStringLiteral("after=%1&limit=5000").arg(after));
        const HttpResult page = http(network, "GET", url, token);
        if (page.status != 200)
            break;
        const QJsonObject object = QJsonDocument::fromJson(page.body).object();
        for (const QJsonValue &v : object.value(QLatin1String("events")).toArray()) {
            const QJsonObject e = v.toObject();
            events.append({ e.value(QLatin1String("seq")).toInteger(),
                e.value(QLatin1String("id")).toString() });
        }
        after = object.value(QLatin1String("last_seq")).toInteger();
        if (!object.value(QLatin1String("more")).toBool())
            break;
    }
    return events;
}

void pullBench(Table &table, const SyncBenchOptions &options)
{
    const QString db = options.workDir + QStringLiteral("/pull-server.db");
    for (const char *suffix : { "", "-wal", "-shm" })
        QFile::remove(db + QLatin1String(suffix));
    Server server(options.serverPath, db);
    const QString curator = server.addToken(kBenchCurator, QStringLiteral("curator"));
    const QString reader
        = server.addToken(QStringLiteral("bench-reader"), QStringLiteral("reader"));
    if (curator.isEmpty() || reader.isEmpty()
        || !server.run({ QStringLiteral("import"), options.recordJsonPath }) || !server.start()) {
        table.skipped(QStringLiteral("sync: fresh client pulls the record and events"),
            QStringLiteral("the ledger-server could not be set up"), QStringLiteral("< 5000 ms"));
        return;
    }
    // The events to pull, posted in batches of 1000.
    QNetworkAccessManager network;
    if (!registerBenchKey(network, server, curator)) {
        table.skipped(QStringLiteral("sync: fresh client pulls the record and events"),
            QStringLiteral("registering the bench curator's key failed"),
            QStringLiteral("< 5000 ms"));
        return;
    }
    const Record &record = *options.record;
    QElapsedTimer posting;
    posting.start();
    bool posted = true;
    for (qsizetype first = 0; first < options.pullEvents && posted; first += 1000) {
        QList<CorrectionEvent> batch;
        for (qsizetype n = first; n < std::min(first + 1000, options.pullEvents); ++n)
            batch.append(benchEvent(record.arxivId,
                record.observations[n % record.observations.size()].id, QStringLiteral("pull"), n));
        posted = http(network, "POST", server.url(QStringLiteral("/v1/events")), curator,
                     batchBody(batch))
                     .status
            == 200;
    }
    if (!posted) {
        table.skipped(QStringLiteral("sync: fresh client pulls the record and events"),
            QStringLiteral("posting the events failed"), QStringLiteral("< 5000 ms"));
        return;
    }
    benchOut() << "  (posted " << options.pullEvents << " events in " << posting.elapsed() << " ms)"
               << Qt::endl;

    QList<double> times;
    QList<double> cpu;
    QMap<QString, QList<double>> stepTimes;
    bool complete = true;
    for (int run = 0; run < options.runs; ++run) {
        const QString cache = options.workDir + QStringLiteral("/pull-cache-%1.sqlite").arg(run);
        Store store(cache);
        if (!store.open()) {
            complete = false;
            break;
        }
        SyncClient client(store);
        SyncOptions sync;
        sync.server = server.base();
        sync.token = reader;
        const double cpuBefore = processCpuMs();
        QElapsedTimer timer;
        timer.start();
        // When each step (push, records, events) is first reported, to split the figure.
        QList<std::pair<QString, double>> steps;
        const auto report = client.run(sync, [&](const QString &step, qint64, qint64) {
            if (steps.isEmpty() || steps.constLast().first != step)
                steps.append({ step, double(timer.nsecsElapsed()) / 1e6 });
            return true;
        });
        times.append(double(timer.nsecsElapsed()) / 1e6);
        // A step can come back (the records are checked first and stored after the events):
        // its times are added up for the run.
        QMap<QString, double> runSteps;
        for (qsizetype i = 0; i < steps.size(); ++i) {
            const double end = i + 1 < steps.size() ? steps[i + 1].second : times.constLast();
            runSteps[steps[i].first] += end - steps[i].second;
        }
        for (auto it = runSteps.cbegin(); it != runSteps.cend(); ++it)
            stepTimes[it.key()].append(it.value());
        cpu.append(processCpuMs() - cpuBefore);
        complete = complete && report && report->eventsPulled == options.pullEvents
            && report->recordsUpdated == 1;
        if (!report)
            benchOut() << "  sync failed: " << report.error().toString() << Qt::endl;
    }
    table.below(QStringLiteral("sync: fresh client pulls %1-obs record + %2 events")
                    .arg(record.observations.size())
                    .arg(options.pullEvents),
        median(times), 5000);
    table.info(QStringLiteral("  of which client CPU (this process)"), median(cpu));
    for (const char *step : { "push", "records", "events" }) {
        if (stepTimes.contains(QLatin1String(step)))
            table.info(QStringLiteral("  of which in the %1 step").arg(QLatin1String(step)),
                median(stepTimes.value(QLatin1String(step))));
    }
    table.check(QStringLiteral("  the client holds the record and every event"), complete,
        QStringLiteral("1 record, %1 events pulled").arg(options.pullEvents));
}

//! One posting client: its own network manager (so its own connection), batches sent one
//! after another, 503/429 retried after Retry-After.
struct Client
{
    std::unique_ptr<QNetworkAccessManager> network = std::make_unique<QNetworkAccessManager>();
    QList<QByteArray> bodies;
    int next = 0;
    QElapsedTimer sent;
};

void concurrentBench(Table &table, const SyncBenchOptions &options)
{
    const QString db = options.workDir + QStringLiteral("/concurrent-server.db");
    for (const char *suffix : { "", "-wal", "-shm" })
        QFile::remove(db + QLatin1String(suffix));
    Server server(options.serverPath, db);
    const QString token = server.addToken(kBenchCurator, QStringLiteral("curator"));
    const QString figure
        = QStringLiteral("sync: %1 clients x %2 batches x %3 events posted at once")
              .arg(options.clients)
              .arg(options.batchesPerClient)
              .arg(options.eventsPerBatch);
    if (token.isEmpty() || !server.start()) {
        table.skipped(figure, QStringLiteral("the ledger-server could not be set up"));
        return;
    }
    {
        QNetworkAccessManager network;
        if (!registerBenchKey(network, server, token)) {
            table.skipped(figure, QStringLiteral("registering the bench curator's key failed"));
            return;
        }
    }
    const Record &record = *options.record;
    QSet<QString> postedIds;
    std::vector<Client> clients(size_t(options.clients));
    qint64 n = 0;
    for (size_t c = 0; c < clients.size(); ++c) {
        for (int b = 0; b < options.batchesPerClient; ++b) {
            QList<CorrectionEvent> batch;
            for (int e = 0; e < options.eventsPerBatch; ++e, ++n) {
                batch.append(benchEvent(record.arxivId,
                    record.observations[n % record.observations.size()].id,
                    QStringLiteral("concurrent"), n));
                postedIds.insert(batch.last().id);
            }
            clients[c].bodies.append(batchBody(batch));
        }
    }

    QList<double> latencies;
    int retries = 0;
    int failures = 0;
    int running = int(clients.size());
    QEventLoop loop;
    const QUrl url = server.url(QStringLiteral("/v1/events"));
    std::function<void(Client &)> send = [&](Client &client) {
        client.sent.start();
        QNetworkReply *reply
            = client.network->post(makeRequest(url, token), client.bodies[client.next]);
        QObject::connect(reply, &QNetworkReply::finished, &loop, [&, reply, clientPtr = &client] {
            Client &c = *clientPtr;
            latencies.append(double(c.sent.nsecsElapsed()) / 1e6);
            const HttpResult result = resultOf(reply);
            reply->deleteLater();
            if (result.status == 503 || result.status == 429 || result.status == 0) {
                ++retries;
                QTimer::singleShot(std::max(0, result.retryAfterSeconds) * 1000, &loop,
                    [&send, clientPtr] { send(*clientPtr); });
                return;
            }
            if (result.status != 200)
                ++failures;
            if (++c.next < c.bodies.size()) {
                send(c);
            } else if (--running == 0) {
                loop.quit();
            }
        });
    };
    QElapsedTimer timer;
    timer.start();
    for (Client &client : clients)
        send(client);
    QTimer::singleShot(600000, &loop, &QEventLoop::quit); // never hang the benchmark
    loop.exec();
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    const qsizetype total = postedIds.size();

    QNetworkAccessManager network;
    const auto stored = allEvents(network, server, token);
    bool once = stored.size() == total && failures == 0 && running == 0;
    QSet<QString> storedIds;
    for (qsizetype i = 0; i < stored.size() && once; ++i) {
        once = stored[i].first == i + 1 && !storedIds.contains(stored[i].second)
            && postedIds.contains(stored[i].second);
        storedIds.insert(stored[i].second);
    }
    table.check(figure + QStringLiteral(": every event stored once"), once,
        QStringLiteral("seqs 1..%1, each posted id once (%2 stored, %3 retries, %4 failed)")
            .arg(total)
            .arg(stored.size())
            .arg(retries)
            .arg(failures));
    table.info(QStringLiteral("  throughput"), double(total) / seconds, QStringLiteral("events/s"));
    table.info(QStringLiteral("  request latency, 99th percentile"), percentile(latencies, 0.99));
    table.info(QStringLiteral("  request latency, median"), median(latencies));
}

} // namespace

void runSyncBench(Table &table, const SyncBenchOptions &options)
{
    pullBench(table, options);
    concurrentBench(table, options);
}

} // namespace LedgerCurator::Bench
