#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the Postgres test lane and prints its DATABASE_URL.
# Uses Debian's postgresql package (installed by .ci/run when missing). Usage:
#   export DATABASE_URL=$(scripts/start-postgres.sh)
set -euo pipefail
port="${PGPORT_TEST:-55432}"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  bin=$(dirname "$(command -v initdb)")
fi
dir=$(mktemp -d /tmp/workspace-pg.XXXXXX)
run() {
  # Postgres refuses to run as root; use its own account when we are root.
  if [ "$(id -u)" = 0 ]; then
    chown -R postgres:postgres "$dir"
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}
run "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >"$dir/initdb.log" 2>&1
run "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
echo "postgres://postgres@127.0.0.1:$port/postgres"
