#!/usr/bin/env bash
# Local PostgreSQL and Redis servers on loopback ports for the scale-out test suites.
#   scripts/services.sh start   → starts both, prints `export …` lines (eval them)
#   scripts/services.sh stop
#   scripts/services.sh env     → prints the exports again
# Ports: PG_PORT (default 55432), REDIS_PORT (default 6390). State lives in .tmp/services.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
STATE="$ROOT/.tmp/services"
PG_PORT=${PG_PORT:-55432}
REDIS_PORT=${REDIS_PORT:-6390}
# As root the servers run as the postgres account, which may not be able to enter the checkout
# (mktemp -d makes 0700 folders): keep their state in a folder of its own under /tmp then.
if [ "$(id -u)" = "0" ]; then STATE="/tmp/quire-services-$PG_PORT"; fi
PGDATA="$STATE/pg"

pgbin() {
  if command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then pg_config --bindir; return; fi
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)
  [ -n "$d" ] || { echo "services: PostgreSQL server binaries not found (apt-get install -y postgresql)" >&2; exit 1; }
  echo "$d"
}

# initdb and postgres refuse to run as root: use the postgres account then.
as_pg() {
  if [ "$(id -u)" = "0" ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

print_env() {
  echo "export TEST_DATABASE_URL=postgres://app@127.0.0.1:$PG_PORT/postgres"
  echo "export TEST_REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
}

start_pg() {
  local bin; bin=$(pgbin)
  mkdir -p "$STATE"
  if [ ! -f "$PGDATA/PG_VERSION" ]; then
    mkdir -p "$PGDATA"
    [ "$(id -u)" = "0" ] && chown -R postgres: "$STATE"
    as_pg "$bin/initdb" -D "$PGDATA" -U app --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  [ "$(id -u)" = "0" ] && chown -R postgres: "$PGDATA"
  if ! as_pg "$bin/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
    as_pg "$bin/pg_ctl" -D "$PGDATA" -l "$PGDATA/log" -w start \
      -o "-p $PG_PORT -k $PGDATA -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" >/dev/null
  fi
}

start_redis() {
  mkdir -p "$STATE"
  if ! redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no \
      --dir "$STATE" --logfile "$STATE/redis.log" --pidfile "$STATE/redis.pid" >/dev/null
    for _ in $(seq 1 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
  fi
}

case "${1:-}" in
  start)
    start_pg
    start_redis
    print_env
    ;;
  stop)
    if [ -f "$PGDATA/PG_VERSION" ]; then as_pg "$(pgbin)/pg_ctl" -D "$PGDATA" -m fast stop >/dev/null 2>&1 || true; fi
    redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
    ;;
  env)
    print_env
    ;;
  *)
    echo "usage: scripts/services.sh start|stop|env" >&2
    exit 2
    ;;
esac
