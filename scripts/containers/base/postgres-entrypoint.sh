#!/bin/sh
# The contract of the official postgres:15 image that docker-compose.yml relies on, over Debian's
# PostgreSQL 15: POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB make the cluster at first start
# in PGDATA; clients on the network sign in with the password, local ones (exec) as trusted.
set -eu
PGDATA="${PGDATA:-/var/lib/postgresql/data}"
export PGDATA
bin=/usr/lib/postgresql/15/bin
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  user="${POSTGRES_USER:-postgres}"
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  "$bin/initdb" -D "$PGDATA" -U "$user" --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  db="${POSTGRES_DB:-$user}"
  if [ "$db" != postgres ]; then
    "$bin/pg_ctl" -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    "$bin/createdb" -U "$user" "$db"
    "$bin/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null
  fi
fi
exec "$bin/postgres" -D "$PGDATA" "$@"
