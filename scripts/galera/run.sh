#!/bin/sh
# The app on a three-node MariaDB Galera cluster on this machine (bench/galera.ts): builds the
# production bundle into build-bench/, checks Debian's packages, runs the cases, prints the tables.
# Talks to 127.0.0.1 only; its load is bounded (GALERA_LOAD_SECONDS, GALERA_MAX_REQUESTS).
# Usage: npm run galera            (or: sh scripts/galera/run.sh)
#        GALERA_MD=/tmp/galera.md npm run galera   (also write the tables as Markdown)
set -eu
cd "$(dirname "$0")/../.."

missing=""
[ -x /usr/sbin/mariadbd ] || missing="$missing mariadb-server"
[ -f /usr/lib/galera/libgalera_smm.so ] || missing="$missing galera-4"
command -v rsync >/dev/null 2>&1 || missing="$missing rsync"
if [ -n "$missing" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "[galera] installing Debian packages:$missing"
    apt-get install -y $missing
  else
    echo "[galera] missing Debian packages:$missing (apt-get install -y$missing)" >&2
    exit 1
  fi
fi

export BUILD_DIR="${BUILD_DIR:-build-bench}"
if [ "${GALERA_SKIP_BUILD:-0}" != "1" ]; then
  ./node_modules/.bin/remix build
fi
exec ./node_modules/.bin/tsx bench/galera.ts
