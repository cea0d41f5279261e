// SPDX-License-Identifier: GPL-3.0-or-later
#include "BundleJson.h"

#include "EventJson.h"
#include "JsonLineIndex.h"
#include "JsonText.h"
#include "Quote.h"
#include "RecordJson.h"
#include "TextHygiene.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace LedgerCurator {

namespace {

constexpr qsizetype kKeyIdLength = 32; // the first 16 bytes of a SHA-256, in hex
constexpr qsizetype kPublicKeyLength = 43; // 32 bytes in base64url without padding
constexpr qsizetype kMaxName = 4096; // as long as an event's author may be

//! The whole of `text` matches `pattern` (a key id, a public key in base64url).
bool matchesWhole(const QString &text, const QRegularExpression &pattern)
{
    return pattern.match(text).hasMatch();
}

const QRegularExpression &keyIdForm()
{
    static const QRegularExpression form(
        QRegularExpression::anchoredPattern(QStringLiteral("[0-9a-f]{%1}").arg(kKeyIdLength)));
    return form;
}

const QRegularExpression &publicKeyForm()
{
    static const QRegularExpression form(QRegularExpression::anchoredPattern(
        QStringLiteral("[A-Za-z0-9_-]{%1}").arg(kPublicKeyLength)));
    return form;
}

//! An Ed25519 signature in base64url without padding.
const QRegularExpression &signatureForm()
{
    static const QRegularExpression form(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_-]{86}")));
    return form;
}

//! A time as nowUtc() writes it, the protocol's form (TextHygiene.h).

bool isIsoTime(const QString &text)
{
    return isCanonicalUtcTime(text);
}

QJsonArray stringArray(const QStringList &list)
{
    QJsonArray array;
    for (const QString &text : list)
        array.append(text);
    return array;
}

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

QJsonObject keyToJson(const BundleKey &key)
{
    QJsonObject o { { QStringLiteral("key_id"), key.keyId },
        { QStringLiteral("curator"), key.curator }, { QStringLiteral("public_key"), key.publicKey },
        { QStringLiteral("revoked"), key.revoked } };
    if (!key.registeredAt.isEmpty())
        o.insert(QStringLiteral("registered_at"), key.registeredAt);
    if (key.revokedAfterSeq)
        o.insert(QStringLiteral("revoked_after_seq"), *key.revokedAfterSeq);
    if (!key.attestation.isEmpty())
        o.insert(QStringLiteral("attestation"),
            QJsonObject { { QStringLiteral("server_key_id"), key.attestedBy },
                { QStringLiteral("signature"), key.attestation } });
    return o;
}

//! Reads a bundle already parsed, each error at the line of the value it is about.
class BundleReader
{
public:
    BundleReader(const QByteArray &data, const QString &file)
        : m_file(file)
        , m_index(data)
    {
    }

    Result<CurationBundle> read(const QJsonObject &top)
    {
        CurationBundle bundle;
        if (auto status = checkHeader(top); !status)
            return status.error();
        const QJsonValue record = top.value(QStringLiteral("record"));
        if (!record.isObject())
            return bad(QStringLiteral("/record"),
                QStringLiteral("record: expected a record JSON object, found %1")
                    .arg(jsonTypeName(record)));
        auto upstream = recordFromJson(record.toObject(), m_file);
        if (!upstream)
            return bad(
                QStringLiteral("/record"), QStringLiteral("record: ") + upstream.error().message);
        bundle.record = std::move(*upstream);
        bundle.carriedRecordSha256 = sha256Hex(canonicalJson(record));
        if (auto status = readEvents(top.value(QStringLiteral("events")), bundle); !status)
            return status.error();
        if (auto status = readKeys(top.value(QStringLiteral("keys")), bundle.keys); !status)
            return status.error();
        const QJsonValue exportedAt = top.value(QStringLiteral("exported_at"));
        if (!exportedAt.isString() || !isIsoTime(exportedAt.toString()))
            return bad(QStringLiteral("/exported_at"),
                QStringLiteral("exported_at: expected an ISO-8601 UTC time such as "
                               "2026-11-29T17:00:00.000Z, found %1")
                    .arg(found(exportedAt)));
        bundle.exportedAt = exportedAt.toString();
        const QJsonValue exportedBy = top.value(QStringLiteral("exported_by"));
        if (exportedBy.isString()) {
            bundle.exportedBy = exportedBy.toString();
            if (const QString problem = textProblem(bundle.exportedBy); !problem.isEmpty())
                return bad(
                    QStringLiteral("/exported_by"), QStringLiteral("exported_by: ") + problem);
        } else if (!exportedBy.isUndefined() && !exportedBy.isNull())
            return bad(QStringLiteral("/exported_by"),
                QStringLiteral("exported_by: expected a string, found %1")
                    .arg(jsonTypeName(exportedBy)));
        if (auto status = readSeal(top.value(QStringLiteral("seal")), bundle); !status)
            return status.error();
        return bundle;
    }

private:
    //! The error at the value `pointer` names, or at the nearest enclosing one that exists.
    Error bad(QString pointer, const QString &message) const
    {
        int line = 0;
        while (line == 0) {
            line = m_index.line(pointer);
            if (pointer.isEmpty())
                break;
            pointer.truncate(std::max(qsizetype(0), pointer.lastIndexOf(u'/')));
        }
        return Error::badInput(message, m_file, line);
    }

    //! A found value for a message: a string quoted, anything else by its type.
    static QString found(const QJsonValue &value)
    {
        return value.isString() ? quoted(value.toString()) : jsonTypeName(value);
    }

    Status checkHeader(const QJsonObject &top)
    {
        const QJsonValue format = top.value(QStringLiteral("format"));
        if (format.isUndefined())
            return bad(QString(),
                QStringLiteral("format: missing: this is not a ledger-curator bundle (expected "
                               "\"format\": \"%1\")")
                    .arg(QLatin1String(kBundleFormat)));
        if (format.toString() != QLatin1String(kBundleFormat))
            return bad(QStringLiteral("/format"),
                QStringLiteral("format: expected \"%1\", found %2")
                    .arg(QLatin1String(kBundleFormat), found(format)));
        const QJsonValue version = top.value(QStringLiteral("version"));
        const auto number = jsonWholeNumber(version);
        if (!number)
            return bad(QStringLiteral("/version"),
                QStringLiteral("version: expected a whole number, found %1").arg(found(version)));
        if (*number != 1 && *number != kBundleVersion)
            return bad(QStringLiteral("/version"),
                QStringLiteral("version: this program reads bundles of versions 1 and %1, found %2")
                    .arg(kBundleVersion)
                    .arg(*number));
        m_version = int(*number);
        return {};
    }

    //! A list of ids in the seal: strings of `form`.
    Result<QStringList> readIds(const QJsonValue &value, const char *member,
        const QRegularExpression &form, const QString &what) const
    {
        const QString pointer = QStringLiteral("/seal/") + QLatin1String(member);
        const QString where = QStringLiteral("seal.") + QLatin1String(member);
        if (!value.isArray())
            return bad(pointer,
                QStringLiteral("%1: expected an array of %2, found %3")
                    .arg(where, what, jsonTypeName(value)));
        QStringList ids;
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QJsonValue id = array.at(i);
            if (!id.isString() || !matchesWhole(id.toString(), form))
                return bad(pointer + QStringLiteral("/%1").arg(i),
                    QStringLiteral("%1[%2]: expected %3, found %4")
                        .arg(where)
                        .arg(i)
                        .arg(what, found(id)));
            ids.append(id.toString());
        }
        return ids;
    }

    Status readSeal(const QJsonValue &value, CurationBundle &bundle) const
    {
        bundle.version = m_version;
        if (m_version == 1) {
            if (!value.isUndefined())
                return bad(QStringLiteral("/seal"),
                    QStringLiteral("seal: a bundle of version 1 carries no seal"));
            return {};
        }
        if (!value.isObject())
            return bad(QStringLiteral("/seal"),
                QStringLiteral("seal: expected the exporter's seal (an object), found %1")
                    .arg(jsonTypeName(value)));
        const QJsonObject o = value.toObject();
        BundleSeal seal;
        static const QRegularExpression sha256Form(
            QRegularExpression::anchoredPattern(QStringLiteral("[0-9a-f]{64}")));
        static const QRegularExpression eventIdForm(QRegularExpression::anchoredPattern(
            QStringLiteral("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")));
        const QJsonValue hash = o.value(QStringLiteral("record_sha256"));
        if (!hash.isString() || !matchesWhole(hash.toString(), sha256Form))
            return bad(QStringLiteral("/seal/record_sha256"),
                QStringLiteral("seal.record_sha256: expected 64 lower-case hex digits, found %1")
                    .arg(found(hash)));
        seal.recordSha256 = hash.toString();
        auto events = readIds(o.value(QStringLiteral("event_ids")), "event_ids", eventIdForm,
            QStringLiteral("event ids (UUIDs)"));
        if (!events)
            return events.error();
        seal.eventIds = std::move(*events);
        auto keys = readIds(
            o.value(QStringLiteral("key_ids")), "key_ids", keyIdForm(), QStringLiteral("key ids"));
        if (!keys)
            return keys.error();
        seal.keyIds = std::move(*keys);
        const QJsonValue keyId = o.value(QStringLiteral("key_id"));
        if (!keyId.isString() || !matchesWhole(keyId.toString(), keyIdForm()))
            return bad(QStringLiteral("/seal/key_id"),
                QStringLiteral("seal.key_id: expected 32 lower-case hex digits, found %1")
                    .arg(found(keyId)));
        seal.keyId = keyId.toString();
        const QJsonValue signature = o.value(QStringLiteral("signature"));
        if (!signature.isString() || !matchesWhole(signature.toString(), signatureForm()))
            return bad(QStringLiteral("/seal/signature"),
                QStringLiteral("seal.signature: expected 86 base64url characters, found %1")
                    .arg(found(signature)));
        seal.signature = signature.toString();
        if (bundle.exportedBy.isEmpty())
            return bad(QStringLiteral("/exported_by"),
                QStringLiteral("exported_by: missing: a sealed bundle names its exporter"));
        seal.exportedAt = bundle.exportedAt;
        seal.exportedBy = bundle.exportedBy;
        bundle.seal = std::move(seal);
        return {};
    }

    Status readEvents(const QJsonValue &value, CurationBundle &bundle) const
    {
        if (!value.isArray())
            return bad(QStringLiteral("/events"),
                QStringLiteral("events: expected an array of events, found %1")
                    .arg(jsonTypeName(value)));
        const QJsonArray array = value.toArray();
        QHash<QString, qsizetype> seen;
        bundle.events.reserve(array.size());
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString where = QStringLiteral("events[%1]").arg(i);
            const QString pointer = QStringLiteral("/events/%1").arg(i);
            auto event = correctionFromJson(array.at(i), where);
            if (!event) {
                // "events[3].field: ...": the line of that member when it is there.
                const QString &message = event.error().message;
                const qsizetype dot = message.indexOf(u'.');
                const qsizetype colon = message.indexOf(u':');
                QString at = pointer;
                if (dot == where.size() && colon > dot)
                    at += u'/' + message.mid(dot + 1, colon - dot - 1).section(u'[', 0, 0);
                return bad(at, message);
            }
            if (event->record != bundle.record.arxivId)
                return bad(pointer + QStringLiteral("/record"),
                    QStringLiteral("%1.record: an event of %2 in a bundle of %3")
                        .arg(where, quoted(event->record), quoted(bundle.record.arxivId)));
            if (const auto earlier = seen.constFind(event->id); earlier != seen.cend())
                return bad(pointer + QStringLiteral("/id"),
                    QStringLiteral("%1.id: event %2 is listed twice (also events[%3])")
                        .arg(where, event->id)
                        .arg(*earlier));
            seen.insert(event->id, i);
            bundle.events.append(std::move(*event));
        }
        return {};
    }

    Status readKeys(const QJsonValue &value, QList<BundleKey> &keys) const
    {
        if (!value.isArray())
            return bad(QStringLiteral("/keys"),
                QStringLiteral("keys: expected an array of keys, found %1")
                    .arg(jsonTypeName(value)));
        const QJsonArray array = value.toArray();
        QHash<QString, qsizetype> seen;
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString where = QStringLiteral("keys[%1]").arg(i);
            const QString pointer = QStringLiteral("/keys/%1").arg(i);
            if (!array.at(i).isObject())
                return bad(pointer,
                    QStringLiteral("%1: expected a key object, found %2")
                        .arg(where, jsonTypeName(array.at(i))));
            const QJsonObject o = array.at(i).toObject();
            auto badMember = [&](const char *member, const QString &message) {
                return bad(pointer + u'/' + QLatin1String(member),
                    where + u'.' + QLatin1String(member) + QStringLiteral(": ") + message);
            };
            BundleKey key;
            const QJsonValue keyId = o.value(QStringLiteral("key_id"));
            if (!keyId.isString() || !matchesWhole(keyId.toString(), keyIdForm()))
                return badMember("key_id",
                    QStringLiteral("expected 32 lower-case hex digits, found %1")
                        .arg(found(keyId)));
            key.keyId = keyId.toString();
            const QJsonValue curator = o.value(QStringLiteral("curator"));
            if (!curator.isString() || curator.toString().isEmpty())
                return badMember("curator",
                    QStringLiteral("expected the curator's name, found %1").arg(found(curator)));
            key.curator = curator.toString();
            if (key.curator.size() > kMaxName || key.curator.contains(u'\n')
                || key.curator.contains(u'\r'))
                return badMember("curator",
                    QStringLiteral("expected one line of at most %1 characters").arg(kMaxName));
            if (const QString problem = textProblem(key.curator); !problem.isEmpty())
                return badMember("curator", problem);
            const QJsonValue publicKey = o.value(QStringLiteral("public_key"));
            if (!publicKey.isString() || !matchesWhole(publicKey.toString(), publicKeyForm()))
                return badMember("public_key",
                    QStringLiteral("expected 43 base64url characters (an Ed25519 public key), "
                                   "found %1")
                        .arg(publicKey.isString()
                                ? QStringLiteral("%1 characters").arg(publicKey.toString().size())
                                : jsonTypeName(publicKey)));
            key.publicKey = publicKey.toString();
            const QJsonValue registeredAt = o.value(QStringLiteral("registered_at"));
            // Absent for a key no server registered (the exporter's own, offline).
            if (registeredAt.isUndefined()) {
            } else if (!registeredAt.isString() || !isIsoTime(registeredAt.toString()))
                return badMember("registered_at",
                    QStringLiteral("expected a UTC time such as 2026-11-29T17:00:00.000Z, found %1")
                        .arg(found(registeredAt)));
            else
                key.registeredAt = registeredAt.toString();
            const QJsonValue revoked = o.value(QStringLiteral("revoked"));
            if (!revoked.isBool())
                return badMember("revoked",
                    QStringLiteral("expected true or false, found %1").arg(found(revoked)));
            key.revoked = revoked.toBool();
            const QJsonValue after = o.value(QStringLiteral("revoked_after_seq"));
            if (!after.isUndefined() && !after.isNull()) {
                const auto seq = jsonWholeNumber(after);
                if (!seq || *seq < 0)
                    return badMember("revoked_after_seq",
                        QStringLiteral("expected a whole number, found %1").arg(found(after)));
                key.revokedAfterSeq = *seq;
            }
            const QJsonValue attestation = o.value(QStringLiteral("attestation"));
            if (!attestation.isUndefined() && !attestation.isNull()) {
                const QJsonObject a = attestation.toObject();
                const QJsonValue by = a.value(QStringLiteral("server_key_id"));
                const QJsonValue signature = a.value(QStringLiteral("signature"));
                if (!attestation.isObject() || !by.isString()
                    || !matchesWhole(by.toString(), keyIdForm()))
                    return badMember("attestation",
                        QStringLiteral("expected {\"server_key_id\": 32 lower-case hex digits, "
                                       "\"signature\": 86 base64url characters}, found %1")
                            .arg(attestation.isObject()
                                    ? QStringLiteral("server_key_id %1").arg(found(by))
                                    : jsonTypeName(attestation)));
                if (!signature.isString() || !matchesWhole(signature.toString(), signatureForm()))
                    return badMember("attestation",
                        QStringLiteral("signature: expected 86 base64url characters, found %1")
                            .arg(found(signature)));
                key.attestedBy = by.toString();
                key.attestation = signature.toString();
            }
            if (const auto earlier = seen.constFind(key.keyId); earlier != seen.cend())
                return badMember("key_id",
                    QStringLiteral("key %1 is listed twice (also keys[%2])")
                        .arg(key.keyId)
                        .arg(*earlier));
            seen.insert(key.keyId, i);
            keys.append(std::move(key));
        }
        return {};
    }

public:
    //! A team's key list: its keys as a bundle's, and the server key when it names one.
    Result<TeamKeyList> readTeamList(const QJsonObject &top) const
    {
        TeamKeyList list;
        if (auto status = readKeys(top.value(QStringLiteral("keys")), list.keys); !status)
            return status.error();
        const QJsonValue server = top.value(QStringLiteral("server_key"));
        if (server.isUndefined() || server.isNull())
            return list;
        const QJsonValue keyId = server.toObject().value(QStringLiteral("key_id"));
        const QJsonValue publicKey = server.toObject().value(QStringLiteral("public_key"));
        if (!server.isObject() || !keyId.isString() || !matchesWhole(keyId.toString(), keyIdForm()))
            return bad(QStringLiteral("/server_key"),
                QStringLiteral("server_key: expected {\"key_id\": 32 lower-case hex digits, "
                               "\"public_key\": 43 base64url characters}"));
        if (!publicKey.isString() || !matchesWhole(publicKey.toString(), publicKeyForm()))
            return bad(QStringLiteral("/server_key/public_key"),
                QStringLiteral("server_key.public_key: expected 43 base64url characters (an "
                               "Ed25519 public key), found %1")
                    .arg(found(publicKey)));
        list.serverKeyId = keyId.toString();
        list.serverPublicKey = publicKey.toString();
        return list;
    }

private:
    QString m_file;
    JsonLineIndex m_index;
    int m_version = kBundleVersion; // set by checkHeader()
};

} // namespace

QByteArray writeBundleJson(const CurationBundle &bundle)
{
    QList<BundleKey> keys = bundle.keys;
    std::sort(keys.begin(), keys.end(),
        [](const BundleKey &a, const BundleKey &b) { return a.keyId < b.keyId; });
    QJsonArray keyArray;
    for (const BundleKey &key : std::as_const(keys))
        keyArray.append(keyToJson(key));
    QJsonObject top { { QStringLiteral("format"), QLatin1String(kBundleFormat) },
        { QStringLiteral("version"), kBundleVersion },
        { QStringLiteral("record"), recordToJson(bundle.record) },
        { QStringLiteral("events"), correctionsToJson(bundle.events) },
        { QStringLiteral("keys"), keyArray },
        { QStringLiteral("exported_at"), bundle.exportedAt } };
    if (!bundle.exportedBy.isEmpty())
        top.insert(QStringLiteral("exported_by"), bundle.exportedBy);
    if (bundle.seal) {
        const BundleSeal &seal = *bundle.seal;
        top.insert(QStringLiteral("seal"),
            QJsonObject { { QStringLiteral("record_sha256"), seal.recordSha256 },
                { QStringLiteral("event_ids"), stringArray(seal.eventIds) },
                { QStringLiteral("key_ids"), stringArray(seal.keyIds) },
                { QStringLiteral("key_id"), seal.keyId },
                { QStringLiteral("signature"), seal.signature } });
    }
    return QJsonDocument(top).toJson(QJsonDocument::Indented);
}

QString bundleRecordSha256(const Record &record)
{
    return sha256Hex(canonicalJson(recordToJson(record)));
}

Result<CurationBundle> readBundleJson(const QByteArray &data, const QString &file)
{
    JsonTextError parseError;
    const auto parsed = parseJsonStrictly(data, &parseError);
    if (!parsed)
        return Error::badInput(QStringLiteral("not valid JSON: %1 (a bundle is one JSON object)")
                                   .arg(parseError.message),
            file, JsonLineIndex::lineAtOffset(data, parseError.offset));
    const QJsonDocument &document = *parsed;
    if (!document.isObject())
        return Error::badInput(
            QStringLiteral("expected a bundle object at the top level, found %1")
                .arg(document.isArray() ? QStringLiteral("an array") : QStringLiteral("nothing")),
            file, 1);
    return BundleReader(data, file).read(document.object());
}

Result<TeamKeyList> readTeamKeyListJson(const QByteArray &data, const QString &file)
{
    JsonTextError parseError;
    const auto parsed = parseJsonStrictly(data, &parseError);
    if (!parsed)
        return Error::badInput(
            QStringLiteral("not valid JSON: %1 (a key list is the JSON object GET /v1/keys "
                           "replies)")
                .arg(parseError.message),
            file, JsonLineIndex::lineAtOffset(data, parseError.offset));
    if (!parsed->isObject())
        return Error::badInput(
            QStringLiteral("expected the key list object GET /v1/keys replies, found %1")
                .arg(parsed->isArray() ? QStringLiteral("an array") : QStringLiteral("nothing")),
            file, 1);
    return BundleReader(data, file).readTeamList(parsed->object());
}

} // namespace LedgerCurator
