#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 cluster.
#
#   scripts/with-postgres.sh build-testing/tests/tst_server [ARGS...]
#
# The cluster lives in a temporary folder, listens on a unix socket in that folder and on a free
# loopback port, trusts every local connection, and is stopped and removed when the command ends
# (whatever way it ends). The command sees
#   LC_TEST_POSTGRES_URL=postgresql://postgres@127.0.0.1:PORT/postgres
#   PGHOST=127.0.0.1 PGPORT=PORT PGUSER=postgres PGDATABASE=postgres
# and its exit status is the script's.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 2
fi

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
if [ ! -x "$PG_BIN/initdb" ]; then
    echo "with-postgres: $PG_BIN/initdb not found (apt-get install postgresql-15)" >&2
    exit 1
fi

# As root, PostgreSQL refuses to run: run its tools as the postgres user.
if [ "$(id -u)" -eq 0 ]; then
    as_pg() { runuser -u postgres -- "$@"; }
    PG_OWNER=postgres
else
    as_pg() { "$@"; }
    PG_OWNER=$(id -un)
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/lc-postgres.XXXXXX")
chmod 755 "$WORK"
mkdir "$WORK/data" "$WORK/socket"
chown -R "$PG_OWNER" "$WORK"

cleanup() {
    local status=$?
    if [ -f "$WORK/data/postmaster.pid" ]; then
        as_pg "$PG_BIN/pg_ctl" -D "$WORK/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$WORK"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
    python3 - <<'EOF' 2>/dev/null || echo $((20000 + RANDOM % 20000))
import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
EOF
}
PORT=${LC_POSTGRES_PORT:-$(free_port)}

as_pg "$PG_BIN/initdb" -D "$WORK/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
    >"$WORK/initdb.log" 2>&1 || { cat "$WORK/initdb.log" >&2; exit 1; }

as_pg "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/socket/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $WORK/socket -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null || { cat "$WORK/socket/server.log" >&2; exit 1; }

export LC_TEST_POSTGRES_URL="postgresql://postgres@127.0.0.1:$PORT/postgres"
export LC_TEST_POSTGRES_SOCKET_DIR="$WORK/socket"
export PGHOST=127.0.0.1 PGPORT=$PORT PGUSER=postgres PGDATABASE=postgres
echo "with-postgres: PostgreSQL 15 on 127.0.0.1:$PORT (socket in $WORK/socket)" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
