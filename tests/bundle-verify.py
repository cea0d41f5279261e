#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An independent check of a ledger-curator bundle, written from docs/bundle.md and
docs/signatures.md alone, with Python's json and hashlib and the cryptography package's Ed25519
(Debian's python3-cryptography): each key's id, each event's signature, and the exporter's seal
over the record's SHA-256 (RFC 8785 canonical JSON), the event ids and the key ids.

Usage: bundle-verify.py BUNDLE.json [--allow-unsigned] [--trusted-keys FILE] [--server-key KEY]
With --trusted-keys (a server's GET /v1/keys reply) or --server-key (its public key), each key of
the bundle must be in the team's list for the same curator, or attested by the team's server key.
Exit 0 when everything holds (prints "ok: N signed events"), 1 with each problem on standard
error, 2 when the file is not a bundle."""
import base64
import hashlib
import json
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

ALTERNATE_FIELDS = {"duplicate_of": "duplicate-of", "review_note": "review-note"}


def b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def member(text):
    data = text.encode("utf-8")
    return str(len(data)).encode() + b":" + data + b"\n"


def listed(items):
    return str(len(items)).encode() + b"\n" + b"".join(member(i) for i in items)


def event_bytes(e):
    out = b"ledger-curator-event-v1\n"
    out += member(e["id"]) + member(e["record"]) + member(e["observation"])
    out += member(ALTERNATE_FIELDS.get(e["field"], e["field"]))
    out += b"-\n" if e.get("value") is None else member(e["value"])
    out += listed(e.get("parents", []))
    out += member(e["author"]) + member(e["created_at"]) + member(e["key_id"])
    return out


def whole_numbers(value):
    """RFC 8785 writes 5.0 as 5: a number that is whole is written as an integer."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
        return int(value)
    if isinstance(value, list):
        return [whole_numbers(v) for v in value]
    if isinstance(value, dict):
        return {k: whole_numbers(v) for k, v in value.items()}
    return value


def canonical_json(value):
    return json.dumps(whole_numbers(value), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")


def key_id(public_key):
    return hashlib.sha256(public_key).hexdigest()[:32]


def verifies(public_key, signature, message):
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(b64url(signature), message)
        return True
    except (InvalidSignature, ValueError):
        return False


def attestation_bytes(server_key_id, k):
    revoked = str(k.get("revoked_after_seq", 0)) if k.get("revoked", False) else "-"
    return (b"ledger-curator-key-attestation-v1\n" + member(server_key_id) + member(k["curator"])
            + member(k["key_id"]) + member(k["public_key"]) + member(k.get("registered_at", ""))
            + member(revoked))


def read_team(argv):
    """The team's listed keys and server public key, from --trusted-keys and --server-key."""
    team_keys, server_key = {}, None
    if "--server-key" in argv:
        server_key = b64url(argv[argv.index("--server-key") + 1])
    if "--trusted-keys" in argv:
        with open(argv[argv.index("--trusted-keys") + 1], "rb") as f:
            reply = json.loads(f.read().decode("utf-8"))
        team_keys = {k["key_id"]: k for k in reply["keys"]}
        if "server_key" in reply:
            server_key = b64url(reply["server_key"]["public_key"])
    return team_keys, server_key


def team_problem(k, team_keys, server_key):
    if k["key_id"] in team_keys:
        mine = team_keys[k["key_id"]]
        if mine["curator"] != k["curator"] or mine["public_key"] != k["public_key"]:
            return "differs from the team's list"
        return None
    a = k.get("attestation")
    if server_key is None or a is None or a["server_key_id"] != key_id(server_key):
        return "is not registered with the team"
    if not verifies(server_key, a["signature"], attestation_bytes(a["server_key_id"], k)):
        return "fails the team's attestation"
    return None


def main(argv):
    allow_unsigned = "--allow-unsigned" in argv[2:]
    team = "--trusted-keys" in argv or "--server-key" in argv
    try:
        with open(argv[1], "rb") as f:
            bundle = json.loads(f.read().decode("utf-8"))
        if bundle.get("format") != "ledger-curator-bundle":
            raise ValueError("format is not ledger-curator-bundle")
        team_keys, server_key = read_team(argv) if team else ({}, None)
    except (OSError, ValueError, IndexError, KeyError) as e:
        print(f"bundle-verify: {e}", file=sys.stderr)
        return 2
    problems = []
    keys = {}
    for k in bundle.get("keys", []):
        public_key = b64url(k["public_key"])
        if key_id(public_key) != k["key_id"]:
            problems.append(f"key {k['key_id']} does not name its public key")
            continue
        revoked = (k.get("revoked_after_seq"), k.get("revoked", False))
        if team:
            problem = team_problem(k, team_keys, server_key)
            if problem:
                problems.append(f"key {k['key_id']} of {k['curator']} {problem}")
                continue
            mine = team_keys.get(k["key_id"])
            if mine and mine.get("revoked", False):
                revoked = (mine.get("revoked_after_seq", 0), True)
        keys[k["key_id"]] = (k["curator"], public_key) + revoked
    signed = 0
    for e in bundle.get("events", []):
        who = f"event {e['id']} by {e['author']}"
        if "signature" not in e and "key_id" not in e:
            if not allow_unsigned:
                problems.append(f"{who} is not signed")
            continue
        key = keys.get(e.get("key_id"))
        if key is None:
            problems.append(f"{who}: its key is not in the bundle")
        elif key[0] != e["author"]:
            problems.append(f"{who} is signed with {key[0]}'s key")
        elif key[3] and (e.get("seq") is None or key[2] is None or e["seq"] > key[2]):
            problems.append(f"{who} is signed with a revoked key")
        elif not verifies(key[1], e["signature"], event_bytes(e)):
            problems.append(f"{who} fails its signature")
        else:
            signed += 1
    seal = bundle.get("seal")
    if seal is None:
        problems.append("no seal")
    else:
        record_sha256 = hashlib.sha256(canonical_json(bundle["record"])).hexdigest()
        if record_sha256 != seal["record_sha256"]:
            problems.append("the record is not the one sealed")
        if [e["id"] for e in bundle.get("events", [])] != seal["event_ids"]:
            problems.append("the events are not the ones sealed")
        if sorted(keys_in := [k["key_id"] for k in bundle.get("keys", [])]) != seal["key_ids"]:
            problems.append(f"the keys {keys_in} are not the ones sealed")
        message = (b"ledger-curator-bundle-seal-v1\n" + member(seal["record_sha256"])
                   + listed(seal["event_ids"]) + listed(seal["key_ids"])
                   + member(bundle["exported_at"]) + member(bundle["exported_by"])
                   + member(seal["key_id"]))
        key = keys.get(seal["key_id"])
        if key is None or key[0] != bundle["exported_by"]:
            problems.append("the seal's key is not the exporter's key in the bundle")
        elif not verifies(key[1], seal["signature"], message):
            problems.append("the seal fails its signature")
    for problem in problems:
        print(f"bundle-verify: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"ok: {signed} signed events")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
