// SPDX-License-Identifier: GPL-3.0-or-later
// The client of a reconciliation service: batches of queries posted, each reply capped, timed
// and checked in full.
#include "ReconcileClient.h"

#include "JsonText.h"
#include "RequestRetry.h"
#include "SyncReplyGuard.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

#include <cmath>
#include <memory>

namespace LedgerCurator {

namespace {

QString shownJson(const QJsonValue &value)
{
    QString text;
    if (value.isString())
        text = QLatin1Char('"') + value.toString() + QLatin1Char('"');
    else if (value.isUndefined())
        text = QStringLiteral("nothing");
    else
        text = QString::fromUtf8(
            QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Compact).chopped(1).mid(1));
    return text.size() > 60 ? text.left(60) + QStringLiteral("...") : text;
}

//! The server's message in an error body ({"error": {"message"}}), or the body's start.
QString serverMessage(const QByteArray &body)
{
    const QJsonObject error
        = fromJsonStrictly(body).object().value(QStringLiteral("error")).toObject();
    if (error.value(QStringLiteral("message")).isString())
        return error.value(QStringLiteral("message")).toString().left(500);
    return body.isEmpty() ? QStringLiteral("no message")
                          : QString::fromUtf8(body.left(200)).simplified();
}

//! "missing: a, b; extra: c" (candidateJson()'s description) as its two lists of words.
void readDescription(const QString &description, Candidate &candidate)
{
    for (const QString &part : description.split(QStringLiteral("; "))) {
        const auto words = [&part](qsizetype from) {
            return part.mid(from).split(QStringLiteral(", "), Qt::SkipEmptyParts);
        };
        if (part.startsWith(u"missing: "))
            candidate.missingWords = words(9);
        else if (part.startsWith(u"extra: "))
            candidate.extraWords = words(7);
    }
}

Result<Candidate> readCandidate(const QJsonValue &value, const QString &at)
{
    const auto bad = [&at](const QString &member, const QString &expected, const QJsonValue &v) {
        return Error::badInput(
            QStringLiteral("%1%2: expected %3, found %4").arg(at, member, expected, shownJson(v)));
    };
    if (!value.isObject())
        return bad({}, QStringLiteral("a candidate object"), value);
    const QJsonObject object = value.toObject();
    Candidate candidate;
    const QJsonValue id = object.value(QStringLiteral("id"));
    if (!id.isString() || id.toString().isEmpty())
        return bad(QStringLiteral(".id"), QStringLiteral("the work's id as a string"), id);
    candidate.id = id.toString();
    const QJsonValue name = object.value(QStringLiteral("name"));
    if (!name.isString())
        return bad(QStringLiteral(".name"), QStringLiteral("the work's title as a string"), name);
    candidate.name = name.toString();
    const QJsonValue score = object.value(QStringLiteral("score"));
    if (!score.isDouble() || !std::isfinite(score.toDouble()) || score.toDouble() < 0
        || score.toDouble() > 100)
        return bad(QStringLiteral(".score"), QStringLiteral("a number from 0 to 100"), score);
    candidate.score = score.toDouble();
    const QJsonValue match = object.value(QStringLiteral("match"));
    if (!match.isBool())
        return bad(QStringLiteral(".match"), QStringLiteral("true or false"), match);
    candidate.match = match.toBool();
    const QJsonValue features = object.value(QStringLiteral("features"));
    if (!features.isUndefined()) {
        if (!features.isArray())
            return bad(QStringLiteral(".features"), QStringLiteral("an array"), features);
        const QJsonArray array = features.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString member = QStringLiteral(".features[%1]").arg(i);
            const QJsonObject feature = array.at(i).toObject();
            const QJsonValue fid = feature.value(QStringLiteral("id"));
            const QJsonValue fvalue = feature.value(QStringLiteral("value"));
            if (!array.at(i).isObject() || !fid.isString())
                return bad(member, QStringLiteral("an object {\"id\", \"value\"}"), array.at(i));
            if (fvalue.isBool())
                candidate.features.append({ fid.toString(), fvalue.toBool() });
            else if (fvalue.isDouble() && std::isfinite(fvalue.toDouble()))
                candidate.features.append({ fid.toString(), fvalue.toDouble() });
            else
                return bad(member + QStringLiteral(".value"),
                    QStringLiteral("a number or a boolean"), fvalue);
        }
    }
    const QJsonValue description = object.value(QStringLiteral("description"));
    if (!description.isUndefined() && !description.isNull()) {
        if (!description.isString())
            return bad(QStringLiteral(".description"), QStringLiteral("a string"), description);
        readDescription(description.toString(), candidate);
    }
    return candidate;
}

} // namespace

ReconcileClient::ReconcileClient(ReconcileOptions options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
{
}

ReconcileClient::~ReconcileClient() = default;

QUrl ReconcileClient::serviceUrl() const
{
    QUrl url = m_options.service;
    QString path = url.path();
    if (!path.endsWith(u"/reconcile") && !path.endsWith(u"/reconcile/")) {
        if (!path.endsWith(u'/'))
            path += u'/';
        url.setPath(path + QStringLiteral("reconcile"));
    }
    return url;
}

void ReconcileClient::cancel()
{
    m_cancelled.store(true);
    // Runs in the thread of reconcile(): the reply and the loop are only touched there.
    QMetaObject::invokeMethod(
        this,
        [this] {
            if (m_reply)
                m_reply->abort();
            if (m_loop)
                m_loop->quit();
        },
        Qt::QueuedConnection);
}

QByteArray ReconcileClient::batchJson(const QList<MatchQuery> &queries, int limit)
{
    QJsonObject batch;
    for (qsizetype i = 0; i < queries.size(); ++i) {
        const MatchQuery &query = queries[i];
        QJsonObject object { { QStringLiteral("query"), query.title },
            { QStringLiteral("limit"), limit },
            { QStringLiteral("type"), QStringLiteral("work") } };
        QJsonArray properties;
        if (query.year)
            properties.append(QJsonObject { { QStringLiteral("pid"), QStringLiteral("year") },
                { QStringLiteral("v"), *query.year } });
        if (!query.authors.isEmpty())
            properties.append(QJsonObject { { QStringLiteral("pid"), QStringLiteral("authors") },
                { QStringLiteral("v"), QJsonArray::fromStringList(query.authors) } });
        if (!properties.isEmpty())
            object.insert(QStringLiteral("properties"), properties);
        batch.insert(QStringLiteral("q%1").arg(i), object);
    }
    return QJsonDocument(batch).toJson(QJsonDocument::Compact);
}

Result<QList<QList<Candidate>>> ReconcileClient::parseReply(
    const QByteArray &body, qsizetype count, int limit)
{
    JsonTextError parseError;
    const auto document = parseJsonStrictly(body, &parseError);
    if (!document)
        return Error::badInput(QStringLiteral("invalid JSON at offset %1: %2")
                                   .arg(parseError.offset)
                                   .arg(parseError.message));
    if (!document->isObject())
        return Error::badInput(QStringLiteral("expected an object of answers {\"q0\": {\"result\": "
                                              "[...]}, ...}"));
    const QJsonObject object = document->object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        bool ok = false;
        const qsizetype index = it.key().startsWith(u'q') ? it.key().mid(1).toLongLong(&ok) : -1;
        if (!ok || index < 0 || index >= count || it.key() != QStringLiteral("q%1").arg(index))
            return Error::badInput(QStringLiteral("%1: an answer to a query that was not asked")
                                       .arg(it.key().left(100)));
    }
    QList<QList<Candidate>> out;
    out.reserve(count);
    for (qsizetype i = 0; i < count; ++i) {
        const QString key = QStringLiteral("q%1").arg(i);
        const QJsonValue answer = object.value(key);
        if (answer.isUndefined())
            return Error::badInput(QStringLiteral("%1: no answer").arg(key));
        const QJsonValue result = answer.toObject().value(QStringLiteral("result"));
        if (!answer.isObject() || !result.isArray())
            return Error::badInput(
                QStringLiteral("%1: expected {\"result\": [candidates]}, found %2")
                    .arg(key, shownJson(answer)));
        const QJsonArray array = result.toArray();
        if (array.size() > limit)
            return Error::badInput(
                QStringLiteral("%1.result: %2 candidates, more than the %3 asked")
                    .arg(key)
                    .arg(array.size())
                    .arg(limit));
        QList<Candidate> candidates;
        for (qsizetype c = 0; c < array.size(); ++c) {
            auto candidate
                = readCandidate(array.at(c), QStringLiteral("%1.result[%2]").arg(key).arg(c));
            if (!candidate)
                return candidate.error();
            candidates.append(std::move(*candidate));
        }
        out.append(std::move(candidates));
    }
    return out;
}

Result<QList<QList<Candidate>>> ReconcileClient::reconcile(const QList<MatchQuery> &queries)
{
    m_cancelled.store(false);
    if (m_options.limit < 1 || m_options.batchSize < 1 || m_options.maxAttempts < 1)
        return Error::badInput(
            QStringLiteral("the limit, the batch size and the attempts must be at least 1"));
    if (m_options.maxReplyBytes < 1 || m_options.requestDeadlineMs < 0 || m_options.deadlineMs < 0)
        return Error::badInput(QStringLiteral("the reply cap must be positive and the deadlines "
                                              "0 (none) or positive"));
    const QUrl url = serviceUrl();
    if (!url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https"))
        return Error::badInput(QStringLiteral("the reconciliation service must be an http:// or "
                                              "https:// URL, found '%1'")
                                   .arg(m_options.service.toDisplayString()));
    const QDeadlineTimer deadline = m_options.deadlineMs > 0
        ? QDeadlineTimer(m_options.deadlineMs, Qt::PreciseTimer)
        : QDeadlineTimer(QDeadlineTimer::Forever);
    QNetworkAccessManager network; // this thread's, for this call
    network.setRedirectPolicy(QNetworkRequest::NoLessSafeRedirectPolicy);

    QList<QList<Candidate>> out(queries.size());
    // Only the queries with a title are asked, in batches; their answers go back in place.
    QList<qsizetype> asked;
    for (qsizetype i = 0; i < queries.size(); ++i) {
        if (!queries[i].title.trimmed().isEmpty())
            asked.append(i);
    }
    const QString shownUrl = url.toDisplayString(QUrl::RemoveUserInfo);
    for (qsizetype start = 0; start < asked.size(); start += m_options.batchSize) {
        QList<MatchQuery> batch;
        for (qsizetype i = start; i < asked.size() && i < start + m_options.batchSize; ++i)
            batch.append(queries[asked[i]]);
        auto body = post(network, batchJson(batch, m_options.limit), deadline);
        if (!body)
            return body.error();
        auto answers = parseReply(*body, batch.size(), m_options.limit);
        if (!answers)
            return Error::failure(QStringLiteral("%1: the reply is not a reconciliation answer: %2")
                                      .arg(shownUrl, answers.error().message));
        for (qsizetype i = 0; i < answers->size(); ++i)
            out[asked[start + i]] = std::move((*answers)[i]);
    }
    return out;
}

bool ReconcileClient::wait(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    m_loop = &loop;
    if (!m_cancelled.load())
        loop.exec();
    m_loop = nullptr;
    return !m_cancelled.load();
}

Result<QByteArray> ReconcileClient::post(
    QNetworkAccessManager &network, const QByteArray &body, const QDeadlineTimer &deadline)
{
    const QUrl url = serviceUrl();
    const QString shownUrl = url.toDisplayString(QUrl::RemoveUserInfo);
    const auto overDeadline = [&] {
        return Error::failure(QStringLiteral("%1: the reconciliation took longer than the %2 ms it "
                                             "may take (ReconcileOptions::deadlineMs)")
                                  .arg(shownUrl)
                                  .arg(m_options.deadlineMs));
    };
    for (int attempt = 1;; ++attempt) {
        if (m_cancelled.load())
            return Error::cancelled();
        if (deadline.hasExpired())
            return overDeadline();
        QNetworkRequest request(url);
        request.setTransferTimeout(m_options.timeoutMs);
        request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
        request.setAttribute(
            QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
        request.setHeader(
            QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        request.setRawHeader("Accept", "application/json");
        if (!m_options.token.isEmpty())
            request.setRawHeader("Authorization", "Bearer " + m_options.token.toLatin1());
        std::unique_ptr<QNetworkReply> reply(network.post(request, body));
        auto *guard = new SyncReplyGuard(
            *reply, m_options.maxReplyBytes, m_options.requestDeadlineMs, deadline);
        {
            QEventLoop loop;
            connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
            m_reply = reply.get();
            m_loop = &loop;
            if (m_cancelled.load())
                reply->abort();
            if (!reply->isFinished())
                loop.exec();
            m_loop = nullptr;
            m_reply = nullptr;
        }
        if (m_cancelled.load()) {
            reply->abort();
            return Error::cancelled();
        }
        const QByteArray replyBody = guard->takeBody();
        switch (guard->tripped()) {
        case SyncReplyGuard::Tripped::No:
            break;
        case SyncReplyGuard::Tripped::ReplyCap:
            return Error::failure(
                QStringLiteral("%1: the reply passed the %2 bytes a reply may have "
                               "(ReconcileOptions::maxReplyBytes); it was abandoned")
                    .arg(shownUrl)
                    .arg(m_options.maxReplyBytes));
        case SyncReplyGuard::Tripped::RequestDeadline:
            return Error::failure(QStringLiteral("%1: the reply was not complete after %2 ms, the "
                                                 "most a request may take "
                                                 "(ReconcileOptions::requestDeadlineMs)")
                                      .arg(shownUrl)
                                      .arg(m_options.requestDeadlineMs));
        case SyncReplyGuard::Tripped::SyncDeadline:
            return overDeadline();
        case SyncReplyGuard::Tripped::Inspector: // none is set on these replies
            return Error::failure(QStringLiteral("%1: the reply was refused as it arrived: %2")
                                      .arg(shownUrl, guard->inspector()->message()));
        }
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QNetworkReply::NetworkError error = reply->error();
        QString problem;
        int retryAfterMs = -1;
        if (status == 200 && error == QNetworkReply::NoError) {
            const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
            if (!length.isValid() || reply->hasRawHeader("Content-Encoding")
                || length.toLongLong() == replyBody.size())
                return replyBody;
            problem = QStringLiteral("%1: the reply was cut off (%2 of %3 bytes)")
                          .arg(shownUrl)
                          .arg(replyBody.size())
                          .arg(length.toLongLong());
        } else if (status == 0) {
            problem = error == QNetworkReply::ConnectionRefusedError
                ? QStringLiteral("cannot reach %1: connection refused").arg(shownUrl)
                : error == QNetworkReply::OperationCanceledError
                    || error == QNetworkReply::TimeoutError
                ? QStringLiteral("%1: no reply within %2 ms").arg(shownUrl).arg(m_options.timeoutMs)
                : QStringLiteral("cannot reach %1: %2").arg(shownUrl, reply->errorString());
        } else if (status == 429 || status == 503) {
            problem = QStringLiteral("%1 answered HTTP %2: %3")
                          .arg(shownUrl)
                          .arg(status)
                          .arg(serverMessage(replyBody));
            retryAfterMs = RequestRetry::retryAfterMs(reply->rawHeader("Retry-After"));
        } else if (status == 401 || status == 403) {
            return Error::failure(QStringLiteral("%1 refused the token (HTTP %2): %3")
                                      .arg(shownUrl)
                                      .arg(status)
                                      .arg(serverMessage(replyBody)));
        } else {
            return Error::failure(QStringLiteral("%1 answered HTTP %2: %3")
                                      .arg(shownUrl)
                                      .arg(status)
                                      .arg(serverMessage(replyBody)));
        }
        // Backoff from half a second with equal jitter, or the service's Retry-After as it is.
        const RequestRetry::Policy policy { m_options.maxAttempts, 500, m_options.maxBackoffMs, 10,
            false };
        const RequestRetry::Next next = RequestRetry::next(policy, attempt, retryAfterMs);
        if (next.kind == RequestRetry::Next::Kind::GiveUp)
            return Error::failure(RequestRetry::gaveUp(problem, attempt));
        if (next.kind == RequestRetry::Next::Kind::AskedTooLong)
            return Error::failure(problem
                + QStringLiteral(" (the service asks to retry after %1 s)")
                      .arg(retryAfterMs / 1000));
        const int delay = next.delayMs;
        if (!deadline.isForever() && deadline.remainingTime() < delay)
            return overDeadline();
        if (!wait(delay))
            return Error::cancelled();
    }
}

} // namespace LedgerCurator
