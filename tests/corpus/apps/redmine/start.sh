#!/usr/bin/env bash
# start.sh PORT WORKDIR: one fresh Redmine on http://127.0.0.1:PORT/ whose database, secret,
# files and logs live in WORKDIR (a copy of the pristine seed).
set -euo pipefail
PORT="${1:?usage: start.sh PORT WORKDIR}"
WORKDIR="${2:?usage: start.sh PORT WORKDIR}"
HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
SEED="$CORPUS_HOME/redmine/seed"

if [ ! -f "$SEED/db/redmine.sqlite3" ] || [ ! -f /usr/share/redmine/config.ru ]; then
  echo "redmine: not set up; run $HERE/setup.sh first" >&2
  exit 2
fi
mkdir -p "$WORKDIR"
WORKDIR="$(cd "$WORKDIR" && pwd)"
cp -a "$SEED/." "$WORKDIR/"
# shellcheck source=instance.sh
. "$HERE/instance.sh"
# One instance per port: a port is never served twice at once.
NAME="specwright-$PORT"
redmine_instance "$NAME" "$WORKDIR"
export REDMINE_INSTANCE="$NAME" RAILS_ENV=production
exec ruby "$HERE/serve.rb" "$PORT"
