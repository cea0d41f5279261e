#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Validates JSON documents against one of the W3C Reconciliation API 0.2 schemas kept in
tests/data/reconciliation-0.2/schemas (their $ref resolved from that folder, never the network).

    jsonschema-check.py SCHEMA_DIR SCHEMA_FILE [DOCUMENT_FILE ...]

With no document file, one document is read from standard input. Prints "valid" for each, or
the first error with its path; exit status 0 when every document is valid, 1 when one is not,
2 when the validator or a schema cannot be used (python3-jsonschema missing: run
scripts/setup-debian.sh)."""
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    print("python3-jsonschema is not installed (scripts/setup-debian.sh installs it)", file=sys.stderr)
    sys.exit(2)


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    folder, name = sys.argv[1], sys.argv[2]
    store = {}
    for entry in sorted(os.listdir(folder)):
        if entry.endswith(".json"):
            with open(os.path.join(folder, entry), encoding="utf-8") as f:
                schema = json.load(f)
            store[schema.get("$id", entry)] = schema
            store[entry] = schema
    schema = store[name]
    # "$schema": "http://json-schema.org/schema#" names no draft: the one the spec's own tests
    # (ajv) read them as, draft 7.
    validator_class = jsonschema.Draft7Validator
    validator_class.check_schema(schema)
    resolver = jsonschema.RefResolver(base_uri=schema.get("$id", ""), referrer=schema, store=store)
    validator = validator_class(schema, resolver=resolver, format_checker=jsonschema.FormatChecker())
    documents = sys.argv[3:] or ["-"]
    status = 0
    for path in documents:
        if path == "-":
            document = json.load(sys.stdin)
        else:
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
        error = jsonschema.exceptions.best_match(validator.iter_errors(document))
        if error is None:
            print("valid")
        else:
            where = "/".join(str(p) for p in error.absolute_path)
            print("invalid at /%s: %s" % (where, error.message))
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
