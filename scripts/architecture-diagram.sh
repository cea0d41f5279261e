#!/usr/bin/env bash
# Draws docs/architecture.svg from docs/architecture.dot with Graphviz (apt-get install graphviz).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v dot >/dev/null || { echo "architecture-diagram.sh: needs Graphviz's dot (apt-get install graphviz)" >&2; exit 1; }
dot -Tsvg docs/architecture.dot -o docs/architecture.svg
echo "wrote docs/architecture.svg"
