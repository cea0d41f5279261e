// SPDX-License-Identifier: GPL-3.0-or-later
#include "ServerTestCase.h"

#include "EventJson.h"
#include "ServerProcess.h"
#include "TestKeys.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QEventLoop>
#include <QTimer>
#include <QtTest>

namespace LedgerCurator::TestSupport {

const QString kServerRecordId = QStringLiteral("2104.04473");

QString HttpReply::errorCode() const
{
    return json()
        .value(QStringLiteral("error"))
        .toObject()
        .value(QStringLiteral("code"))
        .toString();
}

QString HttpReply::errorMessage() const
{
    return json()
        .value(QStringLiteral("error"))
        .toObject()
        .value(QStringLiteral("message"))
        .toString();
}

HttpReply collect(QNetworkReply *reply)
{
    HttpReply out;
    out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.error = reply->error();
    out.body = reply->readAll();
    for (const auto &[name, value] : reply->rawHeaderPairs())
        out.headers.insert(name.toLower(), value);
    return out;
}

QNetworkRequest makeRequest(const QUrl &url, const QByteArray &token, const QByteArray &contentType,
    const QList<std::pair<QByteArray, QByteArray>> &headers)
{
    QNetworkRequest request(url);
    request.setAttribute(
        QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setAttribute(
        QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setTransferTimeout(60000);
    if (!token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token);
    if (!contentType.isEmpty())
        request.setRawHeader("Content-Type", contentType);
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    return request;
}

CorrectionEvent makeEvent(int n, const QString &value)
{
    CorrectionEvent e;
    e.id = uuidFor(n);
    e.record = kServerRecordId;
    e.observation = uuidFor(1000000 + n % 13);
    e.field = CurationField::Note;
    e.value = value.isEmpty() ? QStringLiteral("note %1").arg(n) : value;
    e.author = QStringLiteral("carol");
    e.createdAt = QDateTime(QDate(2026, 11, 29), QTime(17, 0), Qt::UTC)
                      .addMSecs(n)
                      .toString(Qt::ISODateWithMs);
    // Signed by carol, the curator token's name, whose key initServer() registers:
    // the server takes only signed corrections (docs/signatures.md).
    return signedCopy(e, e.author);
}

QList<CorrectionEvent> makeEvents(int first, int count)
{
    QList<CorrectionEvent> events;
    for (int n = first; n < first + count; ++n)
        events.append(makeEvent(n));
    return events;
}

QByteArray batchBody(const QList<CorrectionEvent> &events)
{
    return QJsonDocument(QJsonObject { { QStringLiteral("events"), correctionsToJson(events) } })
        .toJson(QJsonDocument::Compact);
}

QByteArray sha256Hex(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

void ServerTestCase::initServer(const QString &test)
{
    QFETCH_GLOBAL(QString, backend);
    const ServerDatabase::Made made = m_database.make(backend, QStringLiteral("lc_test"), test);
    if (made.skip)
        QSKIP(qPrintable(made.reason));
    QVERIFY2(made.ok, qPrintable(made.reason));
    m_db = m_database.db();
    m_admin = addToken(QStringLiteral("alice"), QStringLiteral("admin"));
    m_curator = addToken(QStringLiteral("carol"), QStringLiteral("curator"));
    m_reader = addToken(QStringLiteral("rita"), QStringLiteral("reader"));
    QVERIFY(!m_admin.isEmpty() && !m_curator.isEmpty() && !m_reader.isEmpty());
    m_base = startServer();
    QVERIFY(m_base.isValid());
    QString problem;
    QVERIFY2(registerKey(m_base, QString::fromLatin1(m_curator), testKey(QStringLiteral("carol")),
                 &problem),
        qPrintable(problem));
}

void ServerTestCase::cleanupServer()
{
    stopServers();
    m_database.reset();
}

CliRun ServerTestCase::runServer(const QStringList &arguments) const
{
    return runServerCommand(arguments, m_database.dataHome(), 60000);
}

QByteArray ServerTestCase::addToken(const QString &name, const QString &role)
{
    return addServerToken([this](const QStringList &arguments) { return runServer(arguments); },
        name, role, { QStringLiteral("--db"), m_db });
}

QUrl ServerTestCase::startServer(const QStringList &extra)
{
    Running running;
    running.process = std::make_unique<QProcess>();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_database.dataHome());
    running.process->setProcessEnvironment(env);
    running.base = startServing(*running.process,
        QStringList { QStringLiteral("serve"), QStringLiteral("--db"), m_db,
            QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0") }
            + extra);
    if (!running.base.isValid())
        return {};
    const QUrl base = running.base;
    m_servers.push_back(std::move(running));
    return base;
}

void ServerTestCase::stopServers()
{
    // Taken out first: a failing check below must not leave them for the next test.
    std::vector<Running> servers = std::exchange(m_servers, {});
    for (Running &running : servers) {
        QByteArray log;
        const QString problem = stopServing(*running.process, &log);
        if (!problem.isEmpty())
            qWarning("the log ends:\n%s", log.right(2000).constData());
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        // The request log never holds a token.
        for (const QByteArray &token : { m_admin, m_curator, m_reader }) {
            if (!token.isEmpty())
                QVERIFY2(!log.contains(token), "a token appears in the request log");
        }
    }
}

HttpReply exchange(QNetworkAccessManager &nam, const QByteArray &method, const QUrl &url,
    const QByteArray &token, const QByteArray &body, const QByteArray &contentType,
    const QList<std::pair<QByteArray, QByteArray>> &headers)
{
    QNetworkReply *reply
        = nam.sendCustomRequest(makeRequest(url, token, contentType, headers), method, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    HttpReply out = collect(reply);
    reply->deleteLater();
    return out;
}

HttpReply ServerTestCase::send(const QByteArray &method, const QString &pathAndQuery,
    const QByteArray &token, const QByteArray &body, const QByteArray &contentType,
    const QList<std::pair<QByteArray, QByteArray>> &headers, const QUrl &base)
{
    return exchange(m_nam, method, (base.isValid() ? base : m_base).resolved(QUrl(pathAndQuery)),
        token, body, contentType, headers);
}

HttpReply ServerTestCase::postEvents(const QList<CorrectionEvent> &events, const QUrl &base)
{
    return send("POST", QStringLiteral("/v1/events"), m_curator, batchBody(events),
        "application/json", {}, base);
}

QList<CorrectionEvent> ServerTestCase::allEvents(const QUrl &base)
{
    QList<CorrectionEvent> events;
    qint64 after = 0;
    for (int page = 0; page < 1000; ++page) {
        const HttpReply reply
            = send("GET", QStringLiteral("/v1/events?after=%1&limit=5000").arg(after), m_reader, {},
                {}, {}, base);
        if (reply.status != 200) {
            qWarning("GET /v1/events: %d %s", reply.status, reply.body.constData());
            return {};
        }
        auto parsed = correctionsFromJson(
            reply.json().value(QStringLiteral("events")), QStringLiteral("events"));
        if (!parsed) {
            qWarning("%s", qPrintable(parsed.error().toString()));
            return {};
        }
        events += *parsed;
        after = reply.json().value(QStringLiteral("last_seq")).toInteger();
        if (!reply.json().value(QStringLiteral("more")).toBool())
            break;
    }
    return events;
}

} // namespace LedgerCurator::TestSupport
