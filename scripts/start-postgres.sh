#!/usr/bin/env bash
# A throwaway PostgreSQL server for the Postgres test lane (Debian's postgresql package, which
# .ci/run installs when missing).
#   export DATABASE_URL=$(scripts/start-postgres.sh)   # start; prints the connection URL
#   scripts/start-postgres.sh stop                     # stop the one started last
set -euo pipefail
port="${PGPORT_TEST:-55432}"
state=/tmp/workspace-pg.current

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$bin" ] || bin=$(dirname "$(command -v initdb)")

run() {
  # Postgres refuses to run as root; use its own account when we are root.
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [ "${1:-}" = stop ]; then
  [ -f "$state" ] && run "$bin/pg_ctl" -D "$(cat "$state")/data" -m fast stop >/dev/null || true
  exit 0
fi

dir=$(mktemp -d /tmp/workspace-pg.XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
run "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >"$dir/initdb.log" 2>&1
run "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
echo "$dir" >"$state"
echo "postgres://postgres@127.0.0.1:$port/postgres"
