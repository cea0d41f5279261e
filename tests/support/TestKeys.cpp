// SPDX-License-Identifier: GPL-3.0-or-later
#include "TestKeys.h"

#include "NoticeSignature.h"
#include "TestSupport.h"

#include <QCryptographicHash>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace LedgerCurator::TestSupport {

SigningKey testKey(const QString &curator)
{
    return SigningKey::fromSeed(QCryptographicHash::hash(
        QByteArray(QByteArrayLiteral("test-key:") + curator.toUtf8()), QCryptographicHash::Sha256));
}

CorrectionEvent signedCopy(CorrectionEvent event, const QString &curator)
{
    signEvent(event, testKey(curator));
    return event;
}

QList<CorrectionEvent> signedAll(QList<CorrectionEvent> events, const QString &curator)
{
    const SigningKey key = testKey(curator);
    for (CorrectionEvent &event : events)
        signEvent(event, key);
    return events;
}

QList<StandingNotice> signedNotices(QList<StandingNotice> notices, const QString &curator)
{
    const SigningKey key = testKey(curator);
    for (StandingNotice &n : notices) {
        n.importedBy = curator;
        signNotice(n, key);
    }
    return notices;
}

bool registerKey(const QUrl &server, const QString &token, const SigningKey &key, QString *problem)
{
    QNetworkAccessManager nam;
    QNetworkRequest request(server.resolved(QUrl(QStringLiteral("/v1/keys"))));
    request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
    request.setRawHeader("Content-Type", "application/json");
    request.setTransferTimeout(scaledTimeoutMs(30000));
    const QByteArray body = QJsonDocument(
        QJsonObject { { QStringLiteral("public_key"), toBase64Url(key.publicKey) } })
                                .toJson(QJsonDocument::Compact);
    QNetworkReply *reply = nam.post(request, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray answer = reply->readAll();
    const QString error = reply->errorString();
    reply->deleteLater();
    if (status == 200 || status == 201)
        return true;
    if (problem)
        *problem = QStringLiteral("POST /v1/keys: %1 %2")
                       .arg(status ? QString::number(status) : error, QString::fromUtf8(answer));
    return false;
}

} // namespace LedgerCurator::TestSupport
