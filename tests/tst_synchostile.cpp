// SPDX-License-Identifier: GPL-3.0-or-later
// The sync client against a hostile or broken server (docs/sync-client.md): a proxy in front of the
// real ledger-server answers chosen requests itself with a reply that announces gigabytes, one
// that streams without end (chunked, or with no length), one that dribbles a byte every 200 ms,
// or forwards every request late. Each time the sync fails with a message naming the URL, the
// limit and how to raise it; the test process's memory stays bounded (VmHWM from /proc); the
// outbox keeps its events; and a normal sync afterwards completes.
#include "Outbox.h"
#include "RequestProxy.h"
#include "ServerProcess.h"
#include "Store.h"
#include "SyncClient.h"
#include "TestKeys.h"
#include "TestSupport.h"

#include <QElapsedTimer>
#include <QFile>
#include <QPointer>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace LedgerCurator;
using namespace LedgerCurator::TestSupport;

namespace {

const QString kRecord = QStringLiteral("2104.04473");
const QString kOpt = QStringLiteral("50c00f4f-b34c-4082-acab-2ff8b53dd1d2");
constexpr int kOutbox = 3;
constexpr qint64 kMiB = 1024 * 1024;
//! What a streaming fake sends at most, so that a client without limits ends too (and fails).
constexpr qint64 kStreamLimit = 512 * kMiB;
//! What the client may grow by while a fake streams past its cap. Under AddressSanitizer (the
//! asan preset) freed buffers wait in a quarantine of up to 256 MB before they are reused, so
//! the bound is wider there (seen: 126 MB); it stays below what a client without the cap grows
//! by (0.55-1.1 GB, seen) and below what the fakes send.
#if defined(__SANITIZE_ADDRESS__)
constexpr qint64 kMostGrowth = 320 * kMiB;
#else
constexpr qint64 kMostGrowth = 64 * kMiB;
#endif

enum class Hostile {
    None,
    HugeAnnounced,
    EndlessChunked,
    EndlessNoLength,
    Dribble,
    Late,
    Error500,
    TinyEvents, // an events page of ever more tiny events, without end
    HugeEvent, // an events page whose first event never ends
};

//! Peak memory (VmHWM) in bytes since the last resetPeak(); from /proc/self/status.
qint64 procStatus(const QByteArray &field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(QByteArray(field + ':')))
            return line.mid(field.size() + 1).trimmed().split(' ').value(0).toLongLong() * 1024;
    }
    return -1;
}

//! Sets VmHWM back to the current RSS (Linux: "5" to clear_refs); false where it cannot.
bool resetPeak()
{
    QFile clear(QStringLiteral("/proc/self/clear_refs"));
    return clear.open(QIODevice::WriteOnly) && clear.write("5") == 1;
}

//! Forwards each request to the server on a connection of its own, except the ones that match
//! `method` and `path`, which it answers with `hostile` itself.
class HostileProxy final : public RequestProxy
{
public:
    using RequestProxy::RequestProxy;

    QByteArray method;
    QString path; // without the query; empty: every path
    Hostile hostile = Hostile::None;
    int lateMs = 400; // Late: each request forwarded this much later
    qint64 streamed = 0; // body bytes the hostile replies sent
    int hostileRequests = 0; // requests answered with `hostile`
    int requests = 0;

private:
    void handle(QTcpSocket *client, const Request &request) override
    {
        ++requests;
        const bool matches = (method.isEmpty() || request.method == method)
            && (path.isEmpty() || request.path == path);
        if (matches && hostile != Hostile::None && hostile != Hostile::Late) {
            ++hostileRequests;
            return answerHostile(client);
        }
        const QByteArray forwarded = RequestProxy::forwarded(request);
        QPointer<QTcpSocket> guarded(client);
        auto forward = [this, guarded, forwarded] {
            if (!guarded)
                return;
            auto *upstream = new QTcpSocket(this);
            connect(upstream, &QTcpSocket::readyRead, this, [upstream, guarded] {
                const QByteArray data = upstream->readAll();
                if (guarded)
                    guarded->write(data);
            });
            connect(upstream, &QTcpSocket::disconnected, this, [upstream, guarded] {
                upstream->deleteLater();
                if (guarded)
                    guarded->disconnectFromHost();
            });
            upstream->connectToHost(QHostAddress::LocalHost, targetPort());
            upstream->write(forwarded);
        };
        if (matches && hostile == Hostile::Late) {
            ++hostileRequests;
            QTimer::singleShot(lateMs, this, forward);
        } else {
            forward();
        }
    }

    void answerHostile(QTcpSocket *client)
    {
        QByteArray headers = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n";
        switch (hostile) {
        case Hostile::HugeAnnounced:
            headers += "Content-Length: 3221225472\r\n\r\n";
            break;
        case Hostile::EndlessChunked:
            headers += "Transfer-Encoding: chunked\r\n\r\n";
            break;
        case Hostile::EndlessNoLength:
            headers += "Connection: close\r\n\r\n";
            break;
        case Hostile::Dribble:
            headers += "Content-Length: 100000\r\n\r\n";
            break;
        case Hostile::Error500:
            client->write("HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\n"
                          "Content-Length: 2\r\nConnection: close\r\n\r\n{}");
            client->disconnectFromHost();
            return;
        case Hostile::TinyEvents:
            headers += "Connection: close\r\n\r\n{\"events\": [";
            break;
        case Hostile::HugeEvent:
            headers += "Connection: close\r\n\r\n{\"events\": [{\"value\": \"";
            break;
        case Hostile::None:
        case Hostile::Late:
            break;
        }
        client->write(headers);
        QPointer<QTcpSocket> guarded(client);
        if (hostile == Hostile::Dribble) {
            auto *timer = new QTimer(client);
            connect(timer, &QTimer::timeout, client, [this, guarded] {
                if (guarded && guarded->state() == QAbstractSocket::ConnectedState) {
                    guarded->write(" ");
                    ++streamed;
                }
            });
            timer->start(200);
            return;
        }
        // Streams as fast as the client takes it, never more than 1 MiB ahead of it.
        const bool chunked = hostile == Hostile::EndlessChunked;
        const QByteArray filler = hostile == Hostile::TinyEvents
            ? QByteArray("{},").repeated(64 * 1024 / 3)
            : QByteArray(64 * 1024, hostile == Hostile::HugeEvent ? 'x' : ' ');
        auto more = [this, guarded, chunked, filler] {
            if (!guarded || guarded->state() != QAbstractSocket::ConnectedState)
                return;
            while (guarded->bytesToWrite() < kMiB) {
                if (streamed >= kStreamLimit) {
                    guarded->disconnectFromHost();
                    return;
                }
                if (chunked)
                    guarded->write(
                        QByteArray::number(filler.size(), 16) + "\r\n" + filler + "\r\n");
                else
                    guarded->write(filler);
                streamed += filler.size();
            }
        };
        connect(client, &QTcpSocket::bytesWritten, this, more);
        more();
    }
};

} // namespace

class TestSyncHostile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void oversizedReplyIsRefusedWithBoundedMemory_data();
    void oversizedReplyIsRefusedWithBoundedMemory();
    void dribblingReplyTripsTheRequestDeadline();
    void slowServerTripsTheSyncDeadline();
    void retryPastTheSyncDeadlineIsNotWaitedFor();
    void cliStopsOnADribblingServer();
    void eventsPageIsReadAsItComes_data();
    void eventsPageIsReadAsItComes();
    void pagePastItsMemoryIsAskedForInSmallerPages();

private:
    SyncOptions options() const;
    //! The outbox count after a failed sync is the one before it; then a normal sync completes
    //! and pushes the outbox.
    void checkOutboxKeptAndNextSyncCompletes();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ServerProcess> m_server;
    std::unique_ptr<HostileProxy> m_proxy;
    QString m_alice;
    QString m_cachePath;
};

SyncOptions TestSyncHostile::options() const
{
    SyncOptions options;
    options.server = m_proxy->url();
    options.token = m_alice;
    options.maxAttempts = 3;
    options.initialBackoffMs = 20;
    options.maxBackoffMs = 500;
    options.curator = QStringLiteral("alice");
    options.signingKey = testKey(options.curator);
    return options;
}

void TestSyncHostile::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QString problem;
    QHash<QString, QString> tokens;
    m_server = fixtureServer(m_dir->path(),
        { { QStringLiteral("alice"), QStringLiteral("curator") } }, &tokens, &problem);
    QVERIFY2(m_server, qPrintable(problem));
    m_alice = tokens.value(QStringLiteral("alice"));
    m_proxy = std::make_unique<HostileProxy>(quint16(m_server->url().port()));
    QVERIFY(m_proxy->listen());
    m_cachePath = m_dir->filePath(QStringLiteral("alice.sqlite"));

    // In step with the server, then three corrections in the outbox.
    Store alice(m_cachePath);
    QVERIFY(alice.open());
    SyncClient client(alice);
    auto first = client.run(options());
    QVERIFY2(first, qPrintable(first ? QString() : first.error().toString()));
    FieldState mine;
    QList<CorrectionEvent> outbox;
    for (int i = 0; i < kOutbox; ++i) {
        outbox.append(makeEdit(mine, kRecord, kOpt, CurationField::Note,
            QStringLiteral("alice %1").arg(i), QStringLiteral("alice"), nowUtc()));
        mine.heads = { outbox.last() };
    }
    QVERIFY(alice.addCorrections(signedAll(outbox, QStringLiteral("alice"))));
    QCOMPARE(Outbox(alice).count().value(), qint64(kOutbox));
}

void TestSyncHostile::cleanup()
{
    m_proxy.reset();
    m_server.reset();
    m_dir.reset();
}

void TestSyncHostile::checkOutboxKeptAndNextSyncCompletes()
{
    Store alice(m_cachePath);
    QVERIFY(alice.open());
    // Pushed or not, an outbox event leaves the outbox only when it comes back with its seq.
    QCOMPARE(Outbox(alice).count().value(), qint64(kOutbox));
    m_proxy->hostile = Hostile::None;
    SyncClient client(alice);
    auto next = client.run(options());
    QVERIFY2(next, qPrintable(next ? QString() : next.error().toString()));
    QCOMPARE(Outbox(alice).count().value(), 0);
    QCOMPARE(next->pushed + next->duplicates, qint64(kOutbox));
}

void TestSyncHostile::oversizedReplyIsRefusedWithBoundedMemory_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("hostile");
    QTest::addColumn<qint64>("cap");
    QTest::addColumn<QString>("message");

    const QString passed = QStringLiteral("passed the %1 MiB a reply may have");
    QTest::newRow("keys: 3 GB announced")
        << QByteArray("GET") << QStringLiteral("/v1/keys") << int(Hostile::HugeAnnounced)
        << 4 * kMiB << QStringLiteral("announces 3221225472 bytes");
    QTest::newRow("push: 3 GB announced")
        << QByteArray("POST") << QStringLiteral("/v1/events") << int(Hostile::HugeAnnounced)
        << 4 * kMiB << QStringLiteral("more than the 4 MiB");
    QTest::newRow("events: chunked without end")
        << QByteArray("GET") << QStringLiteral("/v1/events") << int(Hostile::EndlessChunked)
        << 16 * kMiB << passed.arg(16);
    QTest::newRow("record list: no length, without end")
        << QByteArray("GET") << QStringLiteral("/v1/records") << int(Hostile::EndlessNoLength)
        << 16 * kMiB << passed.arg(16);
}

void TestSyncHostile::oversizedReplyIsRefusedWithBoundedMemory()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(int, hostile);
    QFETCH(qint64, cap);
    QFETCH(QString, message);

    m_proxy->method = method;
    m_proxy->path = path;
    m_proxy->hostile = Hostile(hostile);
    SyncOptions hostileOptions = options();
    hostileOptions.maxReplyBytes = cap;
    hostileOptions.maxAttempts = 1; // so that a client that does not refuse ends too
    hostileOptions.maxReplyHint = QStringLiteral("--max-reply-mb N");
    {
        Store alice(m_cachePath);
        QVERIFY(alice.open());
        SyncClient client(alice);
        const bool peakReset = resetPeak();
        const qint64 before = procStatus(peakReset ? "VmHWM" : "VmRSS");
        auto report = client.run(hostileOptions);
        const qint64 peak = procStatus("VmHWM");
        // The reply is read as it comes: what it sent past the cap never accumulates.
        const qint64 growth = peak - before;
        qInfo("streamed %lld bytes; the process grew by %lld bytes at its peak (%s)",
            m_proxy->streamed, growth, peakReset ? "VmHWM reset" : "VmHWM over VmRSS before");
        QVERIFY2(growth < kMostGrowth, qPrintable(QString::number(growth)));
        QVERIFY(!report);
        const QString error = report.error().message;
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY2(error.contains(m_proxy->url().toString() + path), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("raise the limit with --max-reply-mb N")),
            qPrintable(error));
        QCOMPARE(m_proxy->hostileRequests, 1); // not retried
        if (Hostile(hostile) != Hostile::HugeAnnounced)
            QVERIFY2(m_proxy->streamed >= cap, qPrintable(QString::number(m_proxy->streamed)));
    }
    checkOutboxKeptAndNextSyncCompletes();
}

void TestSyncHostile::dribblingReplyTripsTheRequestDeadline()
{
    m_proxy->method = "GET";
    m_proxy->path = QStringLiteral("/v1/events");
    m_proxy->hostile = Hostile::Dribble;
    SyncOptions hostileOptions = options();
    hostileOptions.timeoutMs = 15000; // a byte every 200 ms never trips the inactivity timeout
    hostileOptions.requestDeadlineMs = 1500;
    hostileOptions.requestDeadlineHint = QStringLiteral("--request-timeout S");
    {
        Store alice(m_cachePath);
        QVERIFY(alice.open());
        SyncClient client(alice);
        QElapsedTimer timer;
        timer.start();
        auto report = client.run(hostileOptions);
        const qint64 elapsed = timer.elapsed();
        QVERIFY(!report);
        const QString error = report.error().message;
        QVERIFY2(error.contains(QStringLiteral("not complete after 1500 ms, the most a request "
                                               "may take")),
            qPrintable(error));
        QVERIFY2(error.contains(m_proxy->url().toString() + QStringLiteral("/v1/events")),
            qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("--request-timeout S")), qPrintable(error));
        QCOMPARE(m_proxy->hostileRequests, 1); // not retried
        QVERIFY(m_proxy->streamed >= 3); // it did dribble
        // The steps before (keys, push, record list) take a few hundred ms at most.
        QVERIFY2(elapsed < 1500 + scaledTimeoutMs(2500), qPrintable(QString::number(elapsed)));
    }
    checkOutboxKeptAndNextSyncCompletes();
}

void TestSyncHostile::slowServerTripsTheSyncDeadline()
{
    // Every request is answered in full, 400 ms late: each within the request's deadline, and
    // the third one past the sync's.
    m_proxy->hostile = Hostile::Late;
    m_proxy->lateMs = 400;
    SyncOptions hostileOptions = options();
    hostileOptions.requestDeadlineMs = 5000;
    hostileOptions.syncDeadlineMs = 1000;
    hostileOptions.syncDeadlineHint = QStringLiteral("--sync-timeout S");
    {
        Store alice(m_cachePath);
        QVERIFY(alice.open());
        SyncClient client(alice);
        QElapsedTimer timer;
        timer.start();
        auto report = client.run(hostileOptions);
        const qint64 elapsed = timer.elapsed();
        QVERIFY(!report);
        const QString error = report.error().message;
        QVERIFY2(error.contains(QStringLiteral("the sync took longer than the 1 s it may take")),
            qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("--sync-timeout S")), qPrintable(error));
        QVERIFY2(m_proxy->requests >= 3, qPrintable(QString::number(m_proxy->requests)));
        QVERIFY2(elapsed >= 1000 && elapsed < 1000 + scaledTimeoutMs(1500),
            qPrintable(QString::number(elapsed)));
    }
    checkOutboxKeptAndNextSyncCompletes();
}

void TestSyncHostile::retryPastTheSyncDeadlineIsNotWaitedFor()
{
    // A 500 is retried after a backoff of 2 to 4 s; the sync may take 1 s: it ends at once.
    m_proxy->method = "GET";
    m_proxy->path = QStringLiteral("/v1/keys");
    m_proxy->hostile = Hostile::Error500;
    SyncOptions hostileOptions = options();
    hostileOptions.initialBackoffMs = 4000;
    hostileOptions.maxBackoffMs = 4000;
    hostileOptions.syncDeadlineMs = 1000;
    {
        Store alice(m_cachePath);
        QVERIFY(alice.open());
        SyncClient client(alice);
        QElapsedTimer timer;
        timer.start();
        auto report = client.run(hostileOptions);
        const qint64 elapsed = timer.elapsed();
        QVERIFY(!report);
        const QString error = report.error().message;
        QVERIFY2(error.contains(QStringLiteral("the sync took longer than the 1 s it may take")),
            qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("sooner than the next attempt of GET ")
                     + m_proxy->url().toString() + QStringLiteral("/v1/keys")),
            qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("HTTP 500")), qPrintable(error));
        QCOMPARE(m_proxy->hostileRequests, 1);
        QVERIFY2(elapsed < 1000, qPrintable(QString::number(elapsed)));
    }
    checkOutboxKeptAndNextSyncCompletes();
}

void TestSyncHostile::cliStopsOnADribblingServer()
{
    m_proxy->method = "GET";
    m_proxy->path = QStringLiteral("/v1/keys");
    m_proxy->hostile = Hostile::Dribble;
    const QString tokenFile = m_dir->filePath(QStringLiteral("token"));
    {
        QFile file(tokenFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(m_alice.toUtf8() + '\n');
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    // runCli() would block the thread the proxy answers in: the process is waited for here.
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir->filePath(QStringLiteral("xdg-data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir->filePath(QStringLiteral("xdg-config")));
    env.insert(QStringLiteral("LC_SIGNING_KEY_STORE"), QStringLiteral("file"));
    env.remove(QStringLiteral("DISPLAY"));
    process.setProcessEnvironment(env);
    QSignalSpy finished(&process, &QProcess::finished);
    QElapsedTimer timer;
    timer.start();
    process.start(QStringLiteral(LC_CLI_PATH),
        { QStringLiteral("sync"), QStringLiteral("--server"), m_proxy->url().toString(),
            QStringLiteral("--token-file"), tokenFile, QStringLiteral("--db"), m_cachePath,
            QStringLiteral("--request-timeout"), QStringLiteral("1") });
    QVERIFY(finished.wait(scaledTimeoutMs(20000)));
    const qint64 elapsed = timer.elapsed();
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QVERIFY2(process.exitCode() != 0, qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("not complete after 1 s, the most a request may take")),
        qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("--request-timeout")), qPrintable(err));
    QVERIFY2(elapsed < scaledTimeoutMs(10000), qPrintable(QString::number(elapsed)));
    checkOutboxKeptAndNextSyncCompletes();
}

void TestSyncHostile::eventsPageIsReadAsItComes_data()
{
    QTest::addColumn<int>("hostile");
    QTest::addColumn<QString>("message");
    QTest::newRow("more events than asked for")
        << int(Hostile::TinyEvents)
        << QStringLiteral("malformed reply: the page holds more than the 1000 events asked for; "
                          "it was refused there");
    QTest::newRow("an event without end")
        << int(Hostile::HugeEvent)
        << QStringLiteral("malformed reply: the page was refused as it arrived: its array's "
                          "element [0] is longer than 262144 bytes");
}

void TestSyncHostile::eventsPageIsReadAsItComes()
{
    QFETCH(int, hostile);
    QFETCH(QString, message);
    m_proxy->method = "GET";
    m_proxy->path = QStringLiteral("/v1/events");
    m_proxy->hostile = Hostile(hostile);
    SyncOptions hostileOptions = options();
    hostileOptions.pageSize = 1000;
    hostileOptions.maxAttempts = 1; // so that a client that does not refuse ends too
    {
        Store alice(m_cachePath);
        QVERIFY(alice.open());
        SyncClient client(alice);
        const bool peakReset = resetPeak();
        const qint64 before = procStatus(peakReset ? "VmHWM" : "VmRSS");
        auto report = client.run(hostileOptions);
        const qint64 growth = procStatus("VmHWM") - before;
        qInfo("streamed %lld bytes; the process grew by %lld bytes at its peak", m_proxy->streamed,
            growth);
        QVERIFY(!report);
        const QString error = report.error().message;
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY2(error.contains(m_proxy->url().toString() + QStringLiteral("/v1/events")),
            qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("the outbox is kept")), qPrintable(error));
        QCOMPARE(m_proxy->hostileRequests, 1); // not retried
        // Refused at the first piece past the limit: a few hundred kB in, not the 512 MiB the
        // proxy would send (it streams at most 1 MiB ahead, and the sockets hold a few more).
        QVERIFY2(m_proxy->streamed < 16 * kMiB, qPrintable(QString::number(m_proxy->streamed)));
        QVERIFY2(growth < kMostGrowth, qPrintable(QString::number(growth)));
    }
    checkOutboxKeptAndNextSyncCompletes();
}

void TestSyncHostile::pagePastItsMemoryIsAskedForInSmallerPages()
{
    // The outbox's three events come back in a page of about 1.5 kB: more than the page may hold
    // here, so the client asks again for pages of half as many events, until they fit.
    SyncOptions small = options();
    small.maxPageBytes = 1000;
    QStringList log;
    small.log = [&log](const QString &line) { log.append(line); };
    Store alice(m_cachePath);
    QVERIFY(alice.open());
    SyncClient client(alice);
    auto report = client.run(small);
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->eventsPulled, qint64(kOutbox));
    QCOMPARE(Outbox(alice).count().value(), 0);
    const QString told = log.join(u'\n');
    QVERIFY2(told.contains(QStringLiteral("more than the 1000 bytes a page may hold at once")),
        qPrintable(told));
    QVERIFY2(told.contains(QStringLiteral("asking for pages of 10000 events")), qPrintable(told));
}

QTEST_GUILESS_MAIN(TestSyncHostile)
#include "tst_synchostile.moc"
