#!/usr/bin/env bash
# The analytics tests with the server's writes through PgBouncer (transaction pooling) and its
# analytics reads on a streaming standby (docs/testing.md "Through PgBouncer and a standby at once"):
# a primary cluster of its own (initdb, port 55432), a hot standby of it (pg_basebackup -R, 55433)
# and a PgBouncer in front of the primary (56432), in a temporary directory, all on loopback, run
# as the postgres account (initdb and PgBouncer refuse root); everything is stopped at the end.
# Usage (as root, from the repository): bash scripts/analytics-through-pooler-and-standby.sh [vitest files]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=/usr/lib/postgresql/15/bin
ROOT=$(mktemp -d /tmp/qd-pooler-standby-XXXXXX)
chown postgres:postgres "$ROOT"
as_postgres() { runuser -u postgres -- "$@"; }
stop() {
  [ -f "$ROOT/pgbouncer.pid" ] && kill "$(cat "$ROOT/pgbouncer.pid")" 2>/dev/null || true
  as_postgres "$BIN/pg_ctl" -D "$ROOT/standby" -m fast stop >/dev/null 2>&1 || true
  as_postgres "$BIN/pg_ctl" -D "$ROOT/primary" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$ROOT"
}
trap stop EXIT
as_postgres "$BIN/initdb" -D "$ROOT/primary" -A trust -U postgres --no-sync >/dev/null
as_postgres "$BIN/pg_ctl" -D "$ROOT/primary" -o "-p 55432 -k $ROOT -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" -l "$ROOT/primary.log" -w start >/dev/null
as_postgres "$BIN/pg_basebackup" -R -D "$ROOT/standby" -h 127.0.0.1 -p 55432 -U postgres -X stream -c fast
as_postgres "$BIN/pg_ctl" -D "$ROOT/standby" -o "-p 55433 -k $ROOT -c listen_addresses=127.0.0.1 -c max_connections=300" -l "$ROOT/standby.log" -w start >/dev/null
sed -e 's/port=5432/port=55432/; s/listen_port = 6432/listen_port = 56432/' \
  -e "s#/tmp/quarterdeck-ci-pgbouncer#$ROOT/pgbouncer#g" .ci/pgbouncer.ini > "$ROOT/pgbouncer.ini"
chown postgres "$ROOT/pgbouncer.ini"
as_postgres pgbouncer -d "$ROOT/pgbouncer.ini"
for _ in $(seq 1 20); do pg_isready -h 127.0.0.1 -p 56432 -q && break; sleep 0.25; done
TEST_POOLER_URL=postgres://postgres@127.0.0.1:56432/postgres \
TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres \
TEST_DATABASE_READ_URL=postgres://postgres@127.0.0.1:55433/postgres \
TEST_REDIS_URL=${TEST_REDIS_URL:-redis://127.0.0.1:6379} \
npx vitest run "${@:-test/analytics/}"
