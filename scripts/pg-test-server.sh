#!/usr/bin/env bash
# Starts (start) or stops (stop) a throwaway PostgreSQL 15 server on 127.0.0.1:${PGPORT:-55432} for the
# API suite and benchmarks. initdb refuses root, so the cluster belongs to the postgres user.
set -euo pipefail
PGPORT=${PGPORT:-55432}
PGDIR=${PGDIR:-/tmp/vat-pg-$PGPORT}
bin() { for d in /usr/lib/postgresql/15/bin /usr/local/bin /usr/bin; do [ -x "$d/$1" ] && { echo "$d/$1"; return; }; done; echo "$1"; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "${1:-start}" in
  start)
    if ! command -v "$(bin initdb)" >/dev/null 2>&1 || ! id postgres >/dev/null 2>&1; then
      echo "installing PostgreSQL server (Debian postgresql)…"
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    fi
    if [ ! -f "$PGDIR/PG_VERSION" ]; then
      mkdir -p "$PGDIR" && chown postgres "$PGDIR" 2>/dev/null || true
      as_pg "$(bin initdb)" -D "$PGDIR" -U postgres -A trust >/dev/null
    fi
    as_pg "$(bin pg_ctl)" -D "$PGDIR" status >/dev/null 2>&1 || as_pg "$(bin pg_ctl)" -D "$PGDIR" -o "-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=256MB" -l "$PGDIR/server.log" -w start >/dev/null
    "$(bin psql)" -h 127.0.0.1 -p "$PGPORT" -U postgres -tc "select 1 from pg_database where datname='vat_test'" | grep -q 1 \
      || "$(bin psql)" -h 127.0.0.1 -p "$PGPORT" -U postgres -c "create database vat_test" >/dev/null
    echo "postgres://postgres@127.0.0.1:$PGPORT/vat_test"
    ;;
  stop)
    as_pg "$(bin pg_ctl)" -D "$PGDIR" -m fast -w stop >/dev/null || true
    ;;
esac
