#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An independent check of a ledger server's signed notices, written from docs/signatures.md
("Notices") and docs/sync-protocol.md ("NOTICE", GET /v1/keys) alone, with Python's json and
hashlib and python3-cryptography's Ed25519.

Usage: notice-verify.py NOTICES.json KEYS.json
NOTICES.json: a GET /v1/notices reply; KEYS.json: the same server's GET /v1/keys reply.
Exit 0 when every notice is signed by its importer's key or the server's key and verifies
(prints "ok: N signed notices"), 1 with each problem on standard error, 2 for unreadable files."""
import base64
import hashlib
import json
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

MEMBERS = ["source", "source_id", "work", "kind", "nature", "date", "event_source", "notice_doi",
           "detail", "title", "journal", "urls", "origin", "status", "imported_at", "imported_by",
           "imported_from", "listed_as_of", "key_id"]


def b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def member(text):
    data = text.encode("utf-8")
    return str(len(data)).encode() + b":" + data + b"\n"


def notice_bytes(n):
    return b"ledger-curator-notice-v1\n" + b"".join(member(n.get(m, "")) for m in MEMBERS)


def verifies(public_key, signature, message):
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(b64url(signature), message)
        return True
    except (InvalidSignature, ValueError):
        return False


def main(argv):
    try:
        with open(argv[1], "rb") as f:
            notices = json.loads(f.read().decode("utf-8"))["notices"]
        with open(argv[2], "rb") as f:
            keys = json.loads(f.read().decode("utf-8"))
    except (OSError, ValueError, IndexError, KeyError) as e:
        print(f"notice-verify: {e}", file=sys.stderr)
        return 2
    server = keys.get("server_key")
    curators = {k["key_id"]: k for k in keys["keys"]}
    problems = []
    for n in notices:
        who = f"notice {n['source']}:{n['source_id']} by {n.get('imported_by', '')}"
        key_id = n.get("key_id")
        if key_id is None:
            problems.append(f"{who} is not signed")
            continue
        if server and key_id == server["key_id"]:
            public_key = b64url(server["public_key"])
        elif key_id in curators and curators[key_id]["curator"] == n.get("imported_by"):
            k = curators[key_id]
            after = k.get("revoked_after_notice_seq")
            if k.get("revoked") and (after is None or n["seq"] > after):
                problems.append(f"{who} is signed with a revoked key")
                continue
            public_key = b64url(k["public_key"])
        else:
            problems.append(f"{who} is signed with a key that is neither its importer's nor the server's")
            continue
        if hashlib.sha256(public_key).hexdigest()[:32] != key_id:
            problems.append(f"{who}: key {key_id} does not name its public key")
        elif not verifies(public_key, n["signature"], notice_bytes(n)):
            problems.append(f"{who} fails its signature")
    for problem in problems:
        print(f"notice-verify: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"ok: {len(notices)} signed notices")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
