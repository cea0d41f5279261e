// SPDX-License-Identifier: GPL-3.0-or-later
// Trust in a sync (docs/signatures.md): the curators' keys and the legacy mark from the server,
// the curator's key registered, the clock compared with the server's, and the outbox signed and
// re-timed before it is pushed.
#include "CorrectionWriter.h"
#include "EventSignature.h"
#include "JsonText.h"
#include "KeyAttestation.h"
#include "SyncRun.h"

#include <QDateTime>

#include <limits>

namespace LedgerCurator {

using namespace SyncDetail;

namespace {

constexpr qint64 kMinute = 60 * 1000;
//! The server refuses events more than 5 minutes ahead of its clock; events ahead by more than
//! this are re-timed before the push, with a margin for the time the push takes.
constexpr qint64 kRetimeBeyondMs = 4 * kMinute;
//! A difference the client corrects and reports; below it, clocks agree well enough.
constexpr qint64 kClockToleranceMs = kMinute;

std::optional<qint64> timeMs(const QString &text)
{
    const QDateTime parsed = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!parsed.isValid())
        return std::nullopt;
    return parsed.toMSecsSinceEpoch();
}

QString canonicalTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC)
        .toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss.zzz'Z'"));
}

//! "365 days", "3 h 20 min", "95 s": a clock difference for people.
QString duration(qint64 ms)
{
    ms = qAbs(ms);
    const qint64 seconds = ms / 1000;
    if (seconds >= 2 * 86400)
        return QStringLiteral("%1 days").arg((seconds + 43200) / 86400); // to the nearest day
    if (seconds >= 3600)
        return QStringLiteral("%1 h %2 min").arg(seconds / 3600).arg((seconds % 3600) / 60);
    if (seconds >= 120)
        return QStringLiteral("%1 min").arg(seconds / 60);
    return QStringLiteral("%1 s").arg(seconds);
}

} // namespace

Result<SyncClient::ServerKeys> SyncClient::fetchKeys(Context &context)
{
    const QUrl url = context.endpoint(QStringLiteral("/v1/keys"));
    const QString shownUrl = url.toDisplayString(QUrl::RemoveUserInfo);
    const qint64 sentAt = systemClockMs();
    auto reply = request(context, "GET", url, QByteArray(), {}, { 200, 404 });
    if (!reply)
        return reply.error();
    const qint64 receivedAt = systemClockMs();
    if (reply->status == 404)
        return Error::failure(
            QStringLiteral("%1 does not know signed corrections (no /v1/keys): it needs a newer "
                           "ledger-server")
                .arg(context.shownServer));
    auto malformed = [&shownUrl](const QString &what) {
        return Error::failure(QStringLiteral("%1: malformed reply: %2").arg(shownUrl, what));
    };
    QJsonParseError parseError;
    const QJsonDocument document = fromJsonStrictly(reply->body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return malformed(QStringLiteral("expected a JSON object"));
    const QJsonObject object = document.object();
    const QJsonValue list = object.value(QStringLiteral("keys"));
    if (!list.isArray())
        return malformed(
            QStringLiteral("\"keys\": expected an array, found %1").arg(jsonTypeName(list)));
    ServerKeys out;
    if (const QJsonValue server = object.value(QStringLiteral("server_key"));
        !server.isUndefined() && !server.isNull()) {
        const QJsonObject entry = server.toObject();
        ServerKey key;
        key.keyId = entry.value(QStringLiteral("key_id")).toString();
        const auto publicKey
            = fromBase64Url(entry.value(QStringLiteral("public_key")).toString(), 32);
        if (!server.isObject() || !isKeyId(key.keyId) || !publicKey
            || keyIdOf(*publicKey) != key.keyId)
            return malformed(QStringLiteral("\"server_key\": expected {\"key_id\", \"public_key\"} "
                                            "naming one key"));
        key.publicKey = *publicKey;
        out.serverKey = key;
    }
    const QJsonArray array = list.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonObject entry = array.at(i).toObject();
        const QString where = QStringLiteral("keys[%1]").arg(i);
        CuratorKey key;
        key.keyId = entry.value(QStringLiteral("key_id")).toString();
        key.curator = entry.value(QStringLiteral("curator")).toString();
        const auto publicKey
            = fromBase64Url(entry.value(QStringLiteral("public_key")).toString(), 32);
        if (!isKeyId(key.keyId))
            return malformed(where + QStringLiteral(".key_id: expected 32 lower-case hex digits"));
        if (key.curator.isEmpty())
            return malformed(where + QStringLiteral(".curator: expected a name"));
        if (!publicKey || keyIdOf(*publicKey) != key.keyId)
            return malformed(where
                + QStringLiteral(".public_key: expected the 43 base64url characters of the key "
                                 "named by key_id"));
        key.publicKey = *publicKey;
        key.registeredAt = entry.value(QStringLiteral("registered_at")).toString();
        key.revoked = entry.value(QStringLiteral("revoked")).toBool();
        if (key.revoked) {
            key.revokedAfterSeq = jsonWholeNumber(entry.value(QStringLiteral("revoked_after_seq")));
            key.revokedAfterNoticeSeq
                = jsonWholeNumber(entry.value(QStringLiteral("revoked_after_notice_seq")));
        }
        // The server attests every key it lists (KeyAttestation.h); kept for bundles.
        const QJsonObject attestation = entry.value(QStringLiteral("attestation")).toObject();
        key.attestedBy = attestation.value(QStringLiteral("server_key_id")).toString();
        key.attestation = attestation.value(QStringLiteral("signature")).toString();
        if (out.serverKey && !verifyAttestation(key, out.serverKey->publicKey))
            return malformed(where
                + QStringLiteral(".attestation: not a signature of the server's key %1 over this "
                                 "key")
                      .arg(out.serverKey->keyId));
        out.keys.append(std::move(key));
    }
    const auto legacyUntil = jsonWholeNumber(object.value(QStringLiteral("legacy_until_seq")));
    if (!legacyUntil || *legacyUntil < 0)
        return malformed(QStringLiteral("\"legacy_until_seq\": expected a whole number"));
    out.legacyUntilSeq = *legacyUntil;
    if (const QJsonValue mark = object.value(QStringLiteral("notices_legacy_until_seq"));
        !mark.isUndefined()) {
        const auto seq = jsonWholeNumber(mark);
        if (!seq || *seq < 0)
            return malformed(
                QStringLiteral("\"notices_legacy_until_seq\": expected a whole number"));
        out.noticesLegacyUntilSeq = *seq;
    }
    const auto serverMs = timeMs(object.value(QStringLiteral("server_time")).toString());
    if (!serverMs)
        return malformed(QStringLiteral("\"server_time\": expected an ISO-8601 UTC time"));
    // The server's time at the middle of the request, against this machine's.
    out.offsetMs = *serverMs - (sentAt + receivedAt) / 2;
    return out;
}

Status SyncClient::pullKeys(Context &context)
{
    auto fetched = fetchKeys(context);
    if (!fetched)
        return fetched.error();
    const QList<CuratorKey> &keys = fetched->keys;
    const qint64 *legacyUntil = &fetched->legacyUntilSeq;
    const qint64 offset = fetched->offsetMs;
    if (auto stored = m_store.storeCuratorKeys(keys); !stored)
        return stored;
    // Only this server's keys judge its events: a key learnt from a bundle vouches for nothing
    // here. A revocation the cache learnt stays, whatever this list says.
    auto known = m_store.curatorKeys();
    if (!known)
        return known.error();
    context.keys.clear();
    for (CuratorKey key : std::as_const(keys)) {
        if (const auto held = known->constFind(key.keyId); held != known->cend() && held->revoked) {
            key.revoked = true;
            key.revokedAfterSeq = held->revokedAfterSeq;
        }
        context.keys.insert(key.keyId, key);
    }
    // The legacy mark is pinned the first time it is seen: a server (or whoever can write its
    // database) cannot later raise it to pass new unsigned events off as old ones.
    const QString legacyKey = QStringLiteral("sync/%1/legacy_until").arg(serverKey(context.base));
    auto pinned = m_store.meta(legacyKey);
    if (!pinned)
        return pinned.error();
    context.legacyUntilSeq
        = pinned->isEmpty() ? *legacyUntil : qMin(*legacyUntil, pinned->toLongLong());
    if (pinned->isEmpty() || pinned->toLongLong() != context.legacyUntilSeq) {
        if (auto stored = m_store.setMeta(legacyKey, QString::number(context.legacyUntilSeq));
            !stored)
            return stored;
    }

    // The notices' legacy mark, pinned the same way. A server that names none does not sign
    // notices: every notice it serves is from before signatures, until it names one.
    const QString noticesLegacyKey
        = QStringLiteral("sync/%1/notices_legacy_until").arg(serverKey(context.base));
    auto noticesPinned = m_store.meta(noticesLegacyKey);
    if (!noticesPinned)
        return noticesPinned.error();
    context.serverKey = fetched->serverKey;
    if (fetched->noticesLegacyUntilSeq) {
        context.noticesLegacyUntilSeq = noticesPinned->isEmpty()
            ? *fetched->noticesLegacyUntilSeq
            : qMin(*fetched->noticesLegacyUntilSeq, noticesPinned->toLongLong());
        if (noticesPinned->isEmpty()
            || noticesPinned->toLongLong() != context.noticesLegacyUntilSeq) {
            if (auto stored
                = m_store.setMeta(noticesLegacyKey, QString::number(context.noticesLegacyUntilSeq));
                !stored)
                return stored;
        }
    } else {
        context.noticesLegacyUntilSeq = noticesPinned->isEmpty()
            ? std::numeric_limits<qint64>::max()
            : noticesPinned->toLongLong();
    }

    if (auto resolved = resolveCurator(context); !resolved)
        return resolved;
    if (auto prepared = prepareOutbox(context, qAbs(offset) > kClockToleranceMs ? offset : 0);
        !prepared)
        return prepared;

    // The curator's key, registered when the server does not know it.
    const std::optional<SigningKey> &signing = context.signingKey;
    if (!signing || context.keys.contains(signing->keyId()))
        return {};
    const QUrl keysUrl = context.endpoint(QStringLiteral("/v1/keys"));
    const QByteArray body = QJsonDocument(
        QJsonObject { { QStringLiteral("public_key"), toBase64Url(signing->publicKey) } })
                                .toJson(QJsonDocument::Compact);
    auto registered = request(context, "POST", keysUrl, body, {}, { 200, 201, 403, 409 });
    if (!registered)
        return registered.error();
    if (registered->status == 403 || registered->status == 409) {
        context.log(QStringLiteral("%1 did not register the signing key %2 of %3: %4; corrections "
                                   "signed with it will be refused")
                        .arg(context.shownServer, signing->keyId(), context.curator,
                            serverMessage(registered->body)));
        return {};
    }
    const QJsonObject reply = QJsonDocument::fromJson(registered->body).object();
    const QString curator = reply.value(QStringLiteral("curator")).toString();
    const QString registeredAt = reply.value(QStringLiteral("registered_at")).toString();
    CuratorKey mine;
    mine.keyId = signing->keyId();
    mine.curator = curator.isEmpty() ? context.curator : curator;
    mine.publicKey = signing->publicKey;
    mine.registeredAt = registeredAt.isEmpty() ? nowUtc(m_store.clockCorrectionMs()) : registeredAt;
    // The server's attestation, kept when it verifies (the next key list brings it anyway).
    const QJsonObject attestation = reply.value(QStringLiteral("attestation")).toObject();
    mine.attestedBy = attestation.value(QStringLiteral("server_key_id")).toString();
    mine.attestation = attestation.value(QStringLiteral("signature")).toString();
    if (!context.serverKey || !verifyAttestation(mine, context.serverKey->publicKey)) {
        mine.attestedBy.clear();
        mine.attestation.clear();
    }
    context.keys.insert(mine.keyId, mine);
    context.report.keyRegistered = true;
    context.log(QStringLiteral("registered the signing key %1 of %2 with %3")
                    .arg(mine.keyId, mine.curator, context.shownServer));
    return m_store.storeCuratorKeys({ mine });
}

Status SyncClient::resolveCurator(Context &context)
{
    context.curator = context.options.curator;
    context.signingKey = context.options.signingKey;
    auto reply = request(context, "GET", context.endpoint(QStringLiteral("/v1/whoami")),
        QByteArray(), {}, { 200, 404 });
    if (!reply)
        return reply.error();
    if (reply->status == 404)
        return {}; // an older server: the configured curator signs, as it always did
    QJsonParseError parseError;
    const QJsonDocument document = fromJsonStrictly(reply->body, &parseError);
    const QString name = document.object().value(QStringLiteral("name")).toString();
    if (parseError.error != QJsonParseError::NoError || name.isEmpty())
        return Error::failure(
            QStringLiteral("%1/v1/whoami: malformed reply: expected a JSON object with a name")
                .arg(context.shownServer));
    context.report.tokenCurator = name;
    // Kept: once a cache has synced as a curator, corrections by anyone else could never be
    // pushed, and `--author` refuses them (CliCurate.cpp).
    if (auto stored = m_store.setMeta(curatorKey(context.base), name); !stored)
        return stored;
    if (name == context.curator)
        return {};
    auto authors = Outbox(m_store).authors();
    if (!authors)
        return authors.error();
    if (!context.curator.isEmpty())
        context.log(QStringLiteral("the curator name set here (%1) is not the name of the token "
                                   "(%2): %3 takes corrections only by %2")
                        .arg(context.curator, name, context.shownServer));
    // The server binds a key to the token's curator: the configured curator's key is never
    // registered through another's token (it would be theirs there, and every correction signed
    // with it refused as not the author's), nor used to sign here.
    context.curator = name;
    context.signingKey.reset();
    if (!authors->contains(name) || !context.options.signingKeyFor)
        return {};
    auto key = context.options.signingKeyFor(name);
    if (!key) {
        context.log(QStringLiteral("the signing key of %1 could not be loaded: %2; their "
                                   "corrections wait in the outbox")
                        .arg(name, key.error().toString()));
        return {};
    }
    context.signingKey = *key;
    return {};
}

Status SyncClient::prepareOutbox(Context &context, qint64 offsetMs)
{
    const qint64 previous = m_store.clockCorrectionMs();
    if (offsetMs != previous) {
        if (auto stored = m_store.setMeta(Store::clockCorrectionKey(), QString::number(offsetMs));
            !stored)
            return stored;
    }
    context.report.clockCorrectionMs = offsetMs;
    const qint64 serverNow = systemClockMs() + offsetMs;
    const std::optional<SigningKey> &key = context.signingKey;
    const QString &curator = context.curator;

    QList<CorrectionEvent> rewritten;
    QHash<QString, QString> times; // the outbox's times, as re-timed so far
    QHash<QString, QList<CorrectionEvent>> recordEvents; // for parents outside the outbox
    auto parentTime = [&](const CorrectionEvent &event, const QString &parent) -> QString {
        if (const auto it = times.constFind(parent); it != times.cend())
            return *it;
        auto cached = recordEvents.find(event.record);
        if (cached == recordEvents.end()) {
            auto events = m_store.corrections(event.record);
            cached = recordEvents.insert(
                event.record, events ? std::move(*events) : QList<CorrectionEvent>());
        }
        for (const CorrectionEvent &e : std::as_const(*cached)) {
            if (e.id == parent)
                return e.createdAt;
        }
        return {};
    };
    qint64 after = 0;
    for (;;) {
        qint64 last = after;
        auto batch = Outbox(m_store).corrections(1000, after, {}, &last);
        if (!batch)
            return batch.error();
        if (batch->isEmpty())
            break;
        after = last;
        for (CorrectionEvent event : std::as_const(*batch)) {
            bool retime = false;
            const auto ms = timeMs(event.createdAt);
            if (ms && *ms > serverNow + kRetimeBeyondMs) {
                // Made by a clock that ran ahead: moved by what the correction changed, and
                // never later than the server's now.
                event.createdAt = canonicalTime(qMin(*ms + (offsetMs - previous), serverNow));
                for (const QString &parent : std::as_const(event.parents)) {
                    const QString time = parentTime(event, parent);
                    if (!time.isEmpty() && event.createdAt <= time)
                        event.createdAt = timestampPlusMs(time, 1);
                }
                retime = true;
            }
            times.insert(event.id, event.createdAt);
            if (!retime && event.isSigned())
                continue; // as it was made: the usual case, nothing to check
            if (!key || event.author != curator)
                continue; // another's event cannot be signed (or re-timed) here
            // An event the server would refuse anyway (made by a version that checked less) is
            // left for the push to find refused: signing it changes nothing.
            if (!checkCorrectionEvent(event).isEmpty())
                continue;
            if (!event.isSigned())
                ++context.report.signedNow;
            if (retime)
                ++context.report.retimed;
            rewritten.append(std::move(event));
        }
    }
    // Signed by the one writer of corrections, in one transaction.
    if (!rewritten.isEmpty()) {
        if (auto stored = CorrectionWriter(m_store, curator, *key).resignOutbox(rewritten); !stored)
            return stored;
    }
    if (qAbs(offsetMs) > kClockToleranceMs) {
        context.report.clockNote
            = QStringLiteral("this machine's clock is %1 %2 %3's; corrections are timed by the "
                             "server's clock (%4 re-timed)")
                  .arg(duration(offsetMs),
                      offsetMs < 0 ? QStringLiteral("ahead of") : QStringLiteral("behind"),
                      context.shownServer)
                  .arg(context.report.retimed);
        context.log(context.report.clockNote);
    }
    return {};
}

} // namespace LedgerCurator
