// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A curator bundle (docs/bundle.md): one record as received, every correction event of it with
// its signature, and the public keys that signed them, in one JSON file that anyone can check
// without a cache or a server:
//   {"format": "ledger-curator-bundle", "version": 2, "record": RECORD JSON,
//    "events": [EVENT JSON], "keys": [KEY], "exported_at": TIME, "exported_by": NAME,
//    "seal": {"record_sha256", "event_ids", "key_ids", "key_id", "signature"}}
// This file reads and writes the JSON only; the signatures are checked by the caller with
// lc_trust (formats do not depend on trust), so a key's public key stays text here.

#include "BundleSeal.h"
#include "CurationLog.h"
#include "Record.h"
#include "Result.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace LedgerCurator {

inline constexpr const char *kBundleFormat = "ledger-curator-bundle";
//! Version 2 carries the exporter's seal; version 1 (no seal) is still read, and refused by the
//! checks of verify-bundle and import-bundle.
inline constexpr int kBundleVersion = 2;

//! A curator's public key as a bundle carries it (the members of GET /v1/keys).
struct BundleKey
{
    QString keyId; // 32 lower-case hex digits
    QString curator; // the author the key signs for
    QString publicKey; // 43 base64url characters (32 bytes); not decoded here
    QString registeredAt; // empty: not registered with a server (an offline export's own key)
    bool revoked = false;
    std::optional<qint64> revokedAfterSeq;
    //! The registering server's attestation (docs/signatures.md): its key's id and signature;
    //! both empty when the key carries none.
    QString attestedBy {};
    QString attestation {};
    friend bool operator==(const BundleKey &, const BundleKey &) = default;
};

struct CurationBundle
{
    Record record; // the upstream page, without corrections
    QList<CorrectionEvent> events; // every event of the record, each of that record
    QList<BundleKey> keys;
    QString exportedAt; // ISO-8601 UTC
    QString exportedBy; // may be empty in version 1; the sealing curator in version 2
    //! The exporter's seal (version 2); its exportedAt and exportedBy are the bundle's.
    std::optional<BundleSeal> seal;
    //! Read only: the SHA-256 of the record as carried (canonicalJson() of the `record` member),
    //! to compare with the seal's.
    QString carriedRecordSha256;
    int version = kBundleVersion; // read only
};

//! The SHA-256 (64 lower-case hex digits) of the record's canonical JSON as a bundle carries it:
//! canonicalJson(recordToJson(record)).
QString bundleRecordSha256(const Record &record);

//! The bundle as indented JSON text, keys sorted: the same bundle always gives the same bytes.
//! The record is written as recordToJson() makes it, each event as correctionToJson() does.
QByteArray writeBundleJson(const CurationBundle &bundle);

//! Reads and checks a bundle. \a file is used in messages. Every error is bad input naming
//! the file, the line of the offending value and the member ("events[3].field: unknown field
//! 'colour'", "format: expected \"ledger-curator-bundle\", found \"x\"").
//! Checked here: the members' types, the record (as record JSON), every event (as the wire form),
//! that each event is of the bundle's record and listed once, each key's form and that no key
//! id is listed twice. Not checked here: signatures and whether a key id names its key.
Result<CurationBundle> readBundleJson(const QByteArray &data, const QString &file);

//! A team's key list as its server gives it (the body of GET /v1/keys): what a reader checks a
//! bundle's keys against (verify-bundle --trusted-keys).
struct TeamKeyList
{
    QList<BundleKey> keys;
    QString serverKeyId; // empty: the list names no server key (an older server)
    QString serverPublicKey; // 43 base64url characters; not decoded here
};

//! Reads a key list, each key as a bundle's keys are read; errors name the file, the line and
//! the member ("keys[2].public_key: expected 43 base64url characters ...").
Result<TeamKeyList> readTeamKeyListJson(const QByteArray &data, const QString &file);

} // namespace LedgerCurator
