#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server for the tests of several `dust1947 serve` processes on
# one database (issue 16) and prints the variables the tests read:
#   DUST_TEST_POSTGRES       postgres://USER@127.0.0.1:PORT/dust1947 (a database to test on)
#   DUST_TEST_POSTGRES_CTL   the pg_ctl command of that server (the restart test stops and
#                            starts it with `stop -m fast -w` and `start -w`)
#   DUST_REQUIRE_POSTGRES=1  the PostgreSQL tests fail instead of skipping without a server
# Usage: eval "$(bash scripts/postgres-test-server.sh [DIR] [PORT])"; stop it with
#   $DUST_TEST_POSTGRES_CTL stop -m fast
# Installs Debian's postgresql package when no server binaries are found. initdb refuses to run
# as root, so under root the cluster belongs to the `postgres` user (runuser).
set -euo pipefail
dir="${1:-$(mktemp -d /tmp/dust1947-pg.XXXXXX)}"
port="${2:-$(shuf -i 20000-60000 -n 1)}"
bin=""
for d in /usr/lib/postgresql/*/bin; do
  [ -x "$d/initdb" ] && bin="$d"
done
if [ -z "$bin" ]; then
  echo "installing PostgreSQL (apt-get install postgresql)" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >&2
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && bin="$d"
  done
fi
[ -n "$bin" ] || { echo "no PostgreSQL server binaries (initdb) after installing postgresql" >&2; exit 1; }
mkdir -p "$dir"
as=()
user="$(id -un)"
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  as=(runuser -u postgres --)
  user=postgres
fi
if [ ! -f "$dir/data/PG_VERSION" ]; then
  "${as[@]}" "$bin/initdb" -D "$dir/data" -A trust -U "$user" >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  cat >>"$dir/data/postgresql.conf" <<CONF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
max_connections = 300
fsync = on
CONF
fi
ctl="${as[*]} $bin/pg_ctl -D $dir/data -l $dir/server.log"
$ctl start -w >&2
"${as[@]}" "$bin/psql" -h 127.0.0.1 -p "$port" -U "$user" -d postgres -qc "CREATE DATABASE dust1947" >&2 2>/dev/null || true
echo "export DUST_TEST_POSTGRES='postgres://$user@127.0.0.1:$port/dust1947'"
echo "export DUST_TEST_POSTGRES_CTL='$ctl'"
echo "export DUST_REQUIRE_POSTGRES=1"
