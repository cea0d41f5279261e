// SPDX-License-Identifier: GPL-3.0-or-later
// Curator bundles (docs/bundle.md): export-bundle writes a record with its signed corrections and
// the keys that signed them; verify-bundle checks every signature with nothing but the file and
// writes the page those corrections make; import-bundle checks the same, then stores it all.
#include "CliCommands.h"

#include "BundleJson.h"
#include "Cli.h"
#include "CliSupport.h"
#include "CuratedRecord.h"
#include "EventSignature.h"
#include "Identifier.h"
#include "KeyAttestation.h"
#include "LedgerText.h"
#include "RecordJson.h"
#include "SealSignature.h"
#include "SettingsKeys.h"
#include "SigningKeyStore.h"
#include "SqliteLocks.h"
#include "Store.h"
#include "TrustedKeys.h"

#include <QFile>
#include <QSaveFile>
#include <QSet>
#include <QSettings>

namespace LedgerCurator::Cli {

namespace {

const QCommandLineOption kBundleFileOption(
    QStringList { QStringLiteral("o"), QStringLiteral("output") },
    QStringLiteral("The bundle file to write."), QStringLiteral("FILE"));
const QCommandLineOption kPageFormatOption(QStringLiteral("format"),
    QStringLiteral("The verified page as text (default) or json, as 'render' writes it."),
    QStringLiteral("FORMAT"), QStringLiteral("text"));
const QCommandLineOption kAllowUnsignedOption(QStringLiteral("allow-unsigned"),
    QStringLiteral("Accept events that carry no signature (each value they give is marked "
                   "unsigned on the page); without it such a bundle is refused."));
const QCommandLineOption kTrustedKeysOption(QStringLiteral("trusted-keys"),
    QStringLiteral("Accept only keys your team registered: FILE is your team server's key list "
                   "(the reply of GET /v1/keys, saved as it came)."),
    QStringLiteral("FILE"));
const QCommandLineOption kServerKeyOption(QStringLiteral("server-key"),
    QStringLiteral("Accept only keys your team's server attests: KEY is its public key, 43 "
                   "base64url characters ('ledger-server key server' prints it)."),
    QStringLiteral("KEY"));
const QCommandLineOption kPageFileOption(
    QStringList { QStringLiteral("o"), QStringLiteral("out"), QStringLiteral("output") },
    QStringLiteral("Write the verified page to FILE instead of standard output."),
    QStringLiteral("FILE"));

Result<CurationBundle> readBundleFile(const QString &path)
{
    if (SqliteLocks::isOpenBySqlite(path))
        return Error::badInput(QStringLiteral("this is a file of the cache, not a bundle"), path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error::badInput(QStringLiteral("cannot read: %1").arg(file.errorString()), path);
    return readBundleJson(file.readAll(), path);
}

//! The keys a reader trusts, from --trusted-keys and --server-key; nullopt without either.
Result<std::optional<TeamKeys>> teamKeysFrom(const QCommandLineParser &parser)
{
    const bool haveList = parser.isSet(kTrustedKeysOption);
    const bool haveKey = parser.isSet(kServerKeyOption);
    if (!haveList && !haveKey)
        return std::optional<TeamKeys> {};
    TeamKeys team;
    if (haveKey) {
        const QString text = parser.value(kServerKeyOption).trimmed();
        const auto publicKey = fromBase64Url(text, 32);
        if (!publicKey)
            return Error::badInput(
                QStringLiteral("--server-key: expected the server's public key as 43 base64url "
                               "characters ('ledger-server key server' prints it), found '%1'")
                    .arg(text.left(100)));
        team.serverPublicKey = *publicKey;
        team.source = QStringLiteral("--server-key");
    }
    if (haveList) {
        const QString path = parser.value(kTrustedKeysOption);
        if (SqliteLocks::isOpenBySqlite(path))
            return Error::badInput(
                QStringLiteral("this is a file of the cache, not a key list"), path);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return Error::badInput(QStringLiteral("cannot read: %1").arg(file.errorString()), path);
        auto list = readTeamKeyListJson(file.readAll(), path);
        if (!list)
            return list.error();
        for (const BundleKey &given : std::as_const(list->keys)) {
            const auto publicKey = fromBase64Url(given.publicKey, 32);
            if (!publicKey || keyIdOf(*publicKey) != given.keyId)
                return Error::badInput(
                    QStringLiteral("key %1 of %2: its public key does not have that id")
                        .arg(given.keyId, given.curator),
                    path);
            CuratorKey key;
            key.keyId = given.keyId;
            key.curator = given.curator;
            key.publicKey = *publicKey;
            key.registeredAt = given.registeredAt;
            key.revoked = given.revoked;
            key.revokedAfterSeq = given.revokedAfterSeq;
            team.listed.insert(key.keyId, key);
        }
        if (!list->serverPublicKey.isEmpty()) {
            const auto serverKey = fromBase64Url(list->serverPublicKey, 32);
            if (!serverKey || keyIdOf(*serverKey) != list->serverKeyId)
                return Error::badInput(
                    QStringLiteral("server_key: its public key does not have the id %1")
                        .arg(list->serverKeyId),
                    path);
            if (haveKey && *serverKey != team.serverPublicKey)
                return Error::badInput(QStringLiteral("this key list is of server key %1, not of "
                                                      "the --server-key %2")
                                           .arg(list->serverKeyId, team.serverKeyId()),
                    path);
            team.serverPublicKey = *serverKey;
        }
        team.source = path;
    }
    return std::optional<TeamKeys>(std::move(team));
}

//! What the check of a bundle found.
struct BundleCheck
{
    //! The events that may be applied: the signed ones that verify and the unsigned (legacy) ones,
    //! in the bundle's order. The merge ranks a legacy head below any signed one (CurationLog).
    QList<CorrectionEvent> accepted;
    //! "event ID by AUTHOR fails its signature", one per failing event, then what the seal finds.
    QStringList failures;
    qsizetype failedEvents = 0; // the events among the failures
    QStringList legacy; // "event ID by AUTHOR", one per unsigned event
    qsizetype signedEvents = 0;
    //! The bundle's keys that may be stored: each id names its public key, and a key the cache
    //! already knows is given to the same curator.
    QList<CuratorKey> keys;
    QStringList keyWarnings; // keys no event uses that cannot be taken, and why
    //! Each key of the bundle for people to compare with their team's list: "key K: curator C,
    //! fingerprint F", what it signed.
    QStringList keyList;
    //! With a team's keys: whose ("the team's keys (FILE), server key K, fingerprint F").
    QString team;
};

//! What the seal says against what the bundle carries: the record's hash, the events, the keys,
//! and the seal's own signature by a key of the bundle given to the exporter. Each difference
//! is a failure naming what changed.
void checkSeal(const CurationBundle &bundle, const KeyRing &ring,
    const QHash<QString, QString> &badKeys, BundleCheck &check)
{
    if (!bundle.seal) {
        check.failures.append(QStringLiteral(
            "the bundle carries no seal (version 1): nothing covers its record or its set of "
            "events; export it again with this version"));
        return;
    }
    const BundleSeal &seal = *bundle.seal;
    const auto key = ring.constFind(seal.keyId);
    if (const auto bad = badKeys.constFind(seal.keyId); bad != badKeys.cend())
        check.failures.append(
            QStringLiteral("the seal is signed with key %1, %2").arg(seal.keyId, *bad));
    else if (key == ring.cend())
        check.failures.append(
            QStringLiteral("the seal is signed with key %1, which the bundle does not hold")
                .arg(seal.keyId));
    else if (key->curator != seal.exportedBy)
        check.failures.append(
            QStringLiteral("the seal is signed with %1's key %2, but the bundle names %3 as "
                           "its exporter")
                .arg(key->curator, seal.keyId, seal.exportedBy));
    else if (!verifySeal(seal, key->publicKey))
        check.failures.append(QStringLiteral(
            "the seal fails its signature: the record's hash, the event ids, the key ids, "
            "exported_at or exported_by differ from what the exporter signed"));
    if (seal.recordSha256 != bundle.carriedRecordSha256)
        check.failures.append(
            QStringLiteral("the record differs from the one the exporter sealed (its SHA-256 is "
                           "%1, the seal's %2)")
                .arg(bundle.carriedRecordSha256, seal.recordSha256));
    QStringList carried;
    for (const CorrectionEvent &event : bundle.events)
        carried.append(event.id);
    const QSet<QString> sealedEvents(seal.eventIds.cbegin(), seal.eventIds.cend());
    const QSet<QString> carriedEvents(carried.cbegin(), carried.cend());
    for (const CorrectionEvent &event : bundle.events) {
        if (!sealedEvents.contains(event.id))
            check.failures.append(
                QStringLiteral("event %1 by %2 is not in the exporter's seal: it was added")
                    .arg(event.id, event.author));
    }
    for (const QString &id : seal.eventIds) {
        if (!carriedEvents.contains(id))
            check.failures.append(
                QStringLiteral("event %1 is in the exporter's seal but not in the bundle: it was "
                               "removed")
                    .arg(id));
    }
    if (sealedEvents == carriedEvents && carried != seal.eventIds)
        check.failures.append(
            QStringLiteral("the events are not in the order the exporter sealed"));
    QStringList keyIds;
    for (const BundleKey &given : bundle.keys)
        keyIds.append(given.keyId);
    keyIds.sort();
    if (keyIds != seal.keyIds) {
        for (const QString &id : keyIds) {
            if (!seal.keyIds.contains(id))
                check.failures.append(
                    QStringLiteral("key %1 is not in the exporter's seal: it was added").arg(id));
        }
        for (const QString &id : seal.keyIds) {
            if (!keyIds.contains(id))
                check.failures.append(
                    QStringLiteral("key %1 is in the exporter's seal but not in the bundle: it "
                                   "was removed")
                        .arg(id));
        }
    }
}

//! Checks every event of the bundle against the bundle's keys. With `known` (the cache's keys,
//! for an import), a key the cache holds must belong to the same curator there, and the cache's
//! revocation counts as storeCuratorKeys() would keep it.
//! With `team`, a key the team did not register is refused, and the team's revocations count.
BundleCheck checkBundle(const CurationBundle &bundle, bool allowUnsigned,
    const KeyRing *known = nullptr, const TeamKeys *team = nullptr)
{
    BundleCheck check;
    KeyRing ring;
    QHash<QString, QString> badKeys; // key id -> why it cannot be taken
    for (const BundleKey &given : bundle.keys) {
        CuratorKey key { given.keyId, given.curator, {}, given.registeredAt, given.revokedAfterSeq,
            given.revoked, std::nullopt, given.attestedBy, given.attestation };
        const auto publicKey = fromBase64Url(given.publicKey, 32);
        if (!publicKey) {
            badKeys.insert(key.keyId, QStringLiteral("whose public key does not decode"));
            continue;
        }
        key.publicKey = *publicKey;
        if (const QString id = keyIdOf(key.publicKey); id != key.keyId) {
            badKeys.insert(
                key.keyId, QStringLiteral("whose public key in the bundle has the id %1").arg(id));
            continue;
        }
        if (known) {
            if (const auto held = known->constFind(key.keyId); held != known->cend()) {
                if (held->curator != key.curator) {
                    badKeys.insert(key.keyId,
                        QStringLiteral("which the bundle gives to %1 but this cache knows as %2's")
                            .arg(key.curator, held->curator));
                    continue;
                }
                if (held->revoked) {
                    key.revoked = true;
                    key.revokedAfterSeq = held->revokedAfterSeq;
                }
            }
        }
        if (team) {
            if (const auto refusal = teamRefusal(*team, key)) {
                badKeys.insert(key.keyId, QStringLiteral("which ") + *refusal);
                continue;
            }
            // The team's list may know of a revocation the bundle does not carry.
            if (const auto listed = team->listed.constFind(key.keyId); listed != team->listed.cend()
                && listed->revoked
                && (!key.revoked || listed->revokedAfterSeq < key.revokedAfterSeq)) {
                key.revoked = true;
                key.revokedAfterSeq = listed->revokedAfterSeq;
            }
        }
        ring.insert(key.keyId, key);
        check.keys.append(key);
    }
    if (team)
        check.team = team->serverPublicKey.isEmpty()
            ? QStringLiteral("the team's keys (%1)").arg(team->source)
            : QStringLiteral("the team's keys (%1), server key %2, fingerprint %3")
                  .arg(team->source, team->serverKeyId(), keyFingerprint(team->serverPublicKey));
    QSet<QString> used;
    for (const CorrectionEvent &event : bundle.events) {
        const QString who = QStringLiteral("event %1 by %2").arg(event.id, event.author);
        if (event.keyId.isEmpty() && event.signature.isEmpty()) {
            if (!allowUnsigned) {
                check.failures.append(who
                    + QStringLiteral(" is not signed (--allow-unsigned accepts it, marked "
                                     "unsigned on the page)"));
                continue;
            }
            check.legacy.append(who);
            check.accepted.append(event);
            continue;
        }
        used.insert(event.keyId);
        if (const auto bad = badKeys.constFind(event.keyId); bad != badKeys.cend()) {
            check.failures.append(
                QStringLiteral("%1 is signed with key %2, %3").arg(who, event.keyId, *bad));
            continue;
        }
        if (!ring.contains(event.keyId)) {
            check.failures.append(
                QStringLiteral("%1 is signed with key %2, which the bundle does not hold")
                    .arg(who, event.keyId));
            continue;
        }
        const TrustVerdict verdict = verifyEvent(event, ring, 0);
        if (verdict.trust != EventTrust::Signed) {
            check.failures.append(who + u' ' + verdict.reason);
            continue;
        }
        ++check.signedEvents;
        check.accepted.append(event);
    }
    for (auto it = badKeys.cbegin(); it != badKeys.cend(); ++it) {
        if (!used.contains(it.key()))
            check.keyWarnings.append(QStringLiteral("key %1, %2, is left out").arg(it.key(), *it));
    }
    check.keyWarnings.sort();
    check.failedEvents = check.failures.size();
    checkSeal(bundle, ring, badKeys, check);
    QHash<QString, qsizetype> signedBy;
    for (const CorrectionEvent &event : bundle.events)
        ++signedBy[event.keyId];
    for (const CuratorKey &key : std::as_const(check.keys)) {
        QStringList roles;
        if (bundle.seal && bundle.seal->keyId == key.keyId)
            roles.append(QStringLiteral("sealed the bundle"));
        if (const qsizetype n = signedBy.value(key.keyId))
            roles.append(n == 1 ? QStringLiteral("signs 1 event")
                                : QStringLiteral("signs %1 events").arg(n));
        if (key.revoked)
            roles.append(QStringLiteral("revoked"));
        check.keyList.append(QStringLiteral("key %1: curator %2, fingerprint %3%4")
                                 .arg(key.keyId, key.curator, keyFingerprint(key.publicKey),
                                     roles.isEmpty() ? QString()
                                                     : QStringLiteral(" (%1)").arg(
                                                         roles.join(QStringLiteral(", ")))));
    }
    return check;
}

//! Tells what the check found on `err`, each line naming the file; returns whether every signed
//! event verified.
bool tellCheck(const QString &file, const BundleCheck &check, QTextStream &err)
{
    for (const QString &warning : check.keyWarnings)
        err << "ledger-curator: " << file << ": warning: " << terminalSafe(warning) << Qt::endl;
    for (const QString &legacy : check.legacy)
        err << "ledger-curator: " << file << ": " << terminalSafe(legacy)
            << " is not signed: taken as legacy, below any signed event" << Qt::endl;
    for (const QString &failure : check.failures)
        err << "ledger-curator: " << file << ": " << terminalSafe(failure) << Qt::endl;
    if (check.failures.isEmpty()) {
        for (const QString &key : check.keyList)
            err << "ledger-curator: " << file << ": " << terminalSafe(key) << Qt::endl;
        if (check.team.isEmpty())
            err << "ledger-curator: " << file
                << ": the keys were not checked against a team's list: compare their fingerprints "
                   "with the keys your team registered (ledger-server key list), or give "
                   "--trusted-keys or --server-key"
                << Qt::endl;
        else
            err << "ledger-curator: " << file << ": every key is one registered with "
                << terminalSafe(check.team) << Qt::endl;
    }
    return check.failures.isEmpty();
}

//! "2 of 4 events fail verification", "the seal does not hold", or both.
QString failureSummary(const BundleCheck &check, qsizetype events)
{
    QStringList parts;
    if (check.failedEvents > 0)
        parts.append(QStringLiteral("%1 of %2 events fail verification")
                         .arg(check.failedEvents)
                         .arg(events));
    if (check.failures.size() > check.failedEvents)
        parts.append(QStringLiteral("the seal does not hold"));
    return parts.join(QStringLiteral(", and "));
}

QString eventCounts(qsizetype signedEvents, qsizetype legacy)
{
    return QStringLiteral("%1 signed event%2, %3 legacy")
        .arg(signedEvents)
        .arg(signedEvents == 1 ? QString() : QStringLiteral("s"))
        .arg(legacy);
}

} // namespace

// --- export-bundle -------------------------------------------------------------------------------

void exportBundleOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("RECORD"), QStringLiteral("arXiv id of the record."));
    parser.addOption(kBundleFileOption);
}

int runExportBundle(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        return usage(QStringLiteral("export-bundle: name one RECORD"), err);
    const QString path = parser.value(kBundleFileOption);
    if (path.isEmpty() || path == u"-")
        return usage(QStringLiteral("export-bundle: name the bundle file with -o FILE.json"), err);
    if (SqliteLocks::isFileOfDatabase(path, cachePath(parser)))
        return report(
            Error::badInput(
                QStringLiteral("this is a file of the cache (--db), not written over"), path),
            err);
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    const QString id = normalizeRecordId(args[1]);
    auto record = store->loadRecord(id);
    if (!record)
        return report(record.error(), err);
    if (!record->has_value())
        return report(Error::badInput(
                          QStringLiteral("no record %1 in the cache %2 (see 'ledger-curator list')")
                              .arg(id, store->path())),
            err);
    auto events = store->corrections(id);
    if (!events)
        return report(events.error(), err);
    auto ring = store->curatorKeys();
    if (!ring)
        return report(ring.error(), err);
    // The exporter seals the bundle with their own key: it is carried too, so a cache that never
    // synced (whose keys no server listed) exports its own signed corrections.
    const QString exporter = QSettings().value(SettingsKeys::kCuratorName).toString().trimmed();
    if (exporter.isEmpty())
        return report(
            Error::badInput(QStringLiteral(
                "a bundle is sealed by the curator who exports it: set your curator "
                "name first (ledger-curator identity --name NAME). Nothing was written.")),
            err);
    auto own = SigningKeyStore().loadOrCreate(exporter);
    if (!own)
        return report(own.error(), err);
    const SigningKey &sealKey = own->key;
    if (!ring->contains(sealKey.keyId()))
        ring->insert(sealKey.keyId(),
            CuratorKey { sealKey.keyId(), exporter, sealKey.publicKey, {}, std::nullopt, false });

    CurationBundle bundle;
    bundle.record = std::move(**record);
    bundle.events = std::move(*events);
    // Only the keys the events name: a bundle says who signed it, not who else the cache knows.
    QSet<QString> added;
    QStringList missing;
    qsizetype signedEvents = 0;
    for (const CorrectionEvent &event : std::as_const(bundle.events)) {
        if (event.keyId.isEmpty())
            continue;
        ++signedEvents;
        if (added.contains(event.keyId))
            continue;
        added.insert(event.keyId);
        const auto key = ring->constFind(event.keyId);
        if (key == ring->cend()) {
            missing.append(
                QStringLiteral("%1 (signing events by %2)").arg(event.keyId, event.author));
            continue;
        }
        bundle.keys.append(
            { key->keyId, key->curator, toBase64Url(key->publicKey), key->registeredAt,
                key->revoked, key->revokedAfterSeq, key->attestedBy, key->attestation });
    }
    // A bundle that cannot verify is of no use to anyone it is sent to.
    if (!missing.isEmpty())
        return report(Error::badInput(
                          QStringLiteral("the cache holds no public key for %1; a sync fetches the "
                                         "curators' keys from the server. Nothing was written.")
                              .arg(missing.join(QStringLiteral(", "))),
                          path),
            err);
    if (!added.contains(sealKey.keyId())) {
        const CuratorKey &key = ring->value(sealKey.keyId());
        bundle.keys.append({ key.keyId, key.curator, toBase64Url(key.publicKey), key.registeredAt,
            key.revoked, key.revokedAfterSeq, key.attestedBy, key.attestation });
    }
    std::sort(bundle.keys.begin(), bundle.keys.end(),
        [](const BundleKey &a, const BundleKey &b) { return a.keyId < b.keyId; });
    bundle.exportedAt = nowUtc(store->clockCorrectionMs());
    bundle.exportedBy = exporter;
    BundleSeal seal;
    seal.recordSha256 = bundleRecordSha256(bundle.record);
    for (const CorrectionEvent &event : std::as_const(bundle.events))
        seal.eventIds.append(event.id);
    for (const BundleKey &key : std::as_const(bundle.keys))
        seal.keyIds.append(key.keyId);
    seal.exportedAt = bundle.exportedAt;
    seal.exportedBy = bundle.exportedBy;
    signSeal(seal, sealKey);
    bundle.seal = std::move(seal);
    if (auto written = writeBytes(path, out, writeBundleJson(bundle)); !written)
        return report(written.error(), err);
    out << "exported arXiv:" << terminalSafe(bundle.record.arxivId) << " v" << bundle.record.version
        << " with " << eventCounts(signedEvents, bundle.events.size() - signedEvents) << " and "
        << bundle.keys.size() << (bundle.keys.size() == 1 ? " key" : " keys") << ", sealed by "
        << terminalSafe(exporter) << " (key " << sealKey.keyId() << "), to " << path << Qt::endl;
    return ExitOk;
}

// --- verify-bundle -------------------------------------------------------------------------------

void verifyBundleOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The bundle to check."));
    parser.addOption(kPageFormatOption);
    parser.addOption(kAllowUnsignedOption);
    parser.addOption(kTrustedKeysOption);
    parser.addOption(kServerKeyOption);
    parser.addOption(kPageFileOption);
}

int runVerifyBundle(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        return usage(QStringLiteral("verify-bundle: name one FILE"), err);
    const QString format = parser.value(kPageFormatOption);
    if (format != u"text" && format != u"json")
        return usage(
            QStringLiteral("verify-bundle: unknown format '%1'; expected text or json").arg(format),
            err);
    const QString file = args[1];
    auto team = teamKeysFrom(parser);
    if (!team)
        return report(team.error(), err);
    auto bundle = readBundleFile(file);
    if (!bundle)
        return report(bundle.error(), err);
    const BundleCheck check = checkBundle(
        *bundle, parser.isSet(kAllowUnsignedOption), nullptr, *team ? &**team : nullptr);
    if (!tellCheck(file, check, err)) {
        err << "ledger-curator: " << file << ": " << failureSummary(check, bundle->events.size())
            << "; no page is written" << Qt::endl;
        return ExitFailure;
    }
    // The page as 'render' makes it from a cache holding this record and these events.
    const CuratedRecord curated = applyCorrections(std::move(bundle->record), check.accepted);
    QByteArray page;
    if (format == u"json") {
        page = writeRecordJson(curated.shown);
    } else {
        renderLedgerText(curated.shown, [&page](QStringView text) { page += text.toUtf8(); });
    }
    const QString output = parser.value(kPageFileOption);
    const QString verdict = QStringLiteral("verified arXiv:%1 v%2: %3")
                                .arg(curated.shown.arxivId)
                                .arg(curated.shown.version)
                                .arg(eventCounts(check.signedEvents, check.legacy.size()));
    if (auto written = writeBytes(output, out, page); !written)
        return report(written.error(), err);
    // The verdict goes where the page does not.
    if (output.isEmpty() || output == u"-")
        err << "ledger-curator: " << file << ": " << verdict << Qt::endl;
    else
        out << verdict << "; the page written to " << output << Qt::endl;
    return ExitOk;
}

// --- import-bundle -------------------------------------------------------------------------------

void importBundleOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The bundle to import."));
    parser.addOption(kAllowUnsignedOption);
    parser.addOption(kTrustedKeysOption);
    parser.addOption(kServerKeyOption);
}

int runImportBundle(QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        return usage(QStringLiteral("import-bundle: name one FILE"), err);
    const QString file = args[1];
    // Read before the cache is touched.
    auto team = teamKeysFrom(parser);
    if (!team)
        return report(team.error(), err);
    auto bundle = readBundleFile(file);
    if (!bundle)
        return report(bundle.error(), err);
    int status = ExitOk;
    auto store = openStore(parser, err, &status);
    if (!store)
        return status;
    auto known = store->curatorKeys();
    if (!known)
        return report(known.error(), err);
    const BundleCheck check = checkBundle(
        *bundle, parser.isSet(kAllowUnsignedOption), &*known, *team ? &**team : nullptr);
    if (!tellCheck(file, check, err)) {
        err << "ledger-curator: " << file
            << ": not imported: " << failureSummary(check, bundle->events.size())
            << "; the cache is unchanged" << Qt::endl;
        return ExitFailure;
    }
    // An event without a seq is on no server yet: it waits in its author's outbox. Stored here it
    // would enter this cache's outbox and be pushed as this curator's own (and refused), so it is
    // left out; it arrives with a sync once its author has pushed it.
    QList<CorrectionEvent> synced;
    qsizetype withoutSeq = 0;
    for (const CorrectionEvent &event : check.accepted) {
        if (event.seq)
            synced.append(event);
        else
            ++withoutSeq;
    }
    // Record, keys and events in one transaction: a page older than the cached one, or any
    // failure, leaves the cache as it was.
    // A key no server registered (the exporter's own, offline) vouches for nothing in this cache:
    // only the events stored here need their keys, and those came through a server.
    QList<CuratorKey> keys;
    for (const CuratorKey &key : check.keys) {
        if (!key.registeredAt.isEmpty())
            keys.append(key);
    }
    auto imported = store->importBundle(bundle->record, keys, synced);
    if (!imported)
        return report(imported.error(), err);
    const ImportOutcome &o = *imported;
    const Record &record = bundle->record;
    const qsizetype legacy = std::count_if(synced.cbegin(), synced.cend(),
        [](const CorrectionEvent &e) { return e.keyId.isEmpty() && e.signature.isEmpty(); });
    out << (o.replaced ? "replaced " : "imported ") << terminalSafe(o.arxivId) << " v"
        << record.version << " (as of " << terminalSafe(record.asOf) << ", " << o.observations
        << " observations) with " << eventCounts(synced.size() - legacy, legacy) << " and "
        << keys.size() << (keys.size() == 1 ? " key" : " keys") << " from " << file;
    if (o.replaced)
        out << "; the page as of " << terminalSafe(o.previousAsOf) << " was replaced";
    out << Qt::endl;
    if (withoutSeq > 0)
        err << "ledger-curator: " << file << ": " << withoutSeq
            << (withoutSeq == 1 ? " event" : " events")
            << " without a seq (not yet on a server) left out: they come with a sync once their "
               "authors push them"
            << Qt::endl;
    return ExitOk;
}

} // namespace LedgerCurator::Cli
