#!/usr/bin/env bash
# start.sh PORT WORKDIR: one fresh instance on 127.0.0.1:PORT, its data in WORKDIR.
set -euo pipefail
PORT="${1:?usage: start.sh PORT WORKDIR}"
WORKDIR="${2:?usage: start.sh PORT WORKDIR}"
HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
APP_HOME="$CORPUS_HOME/fab"
if [ ! -f "$APP_HOME/seed/app.db" ]; then
  echo "fab: no seed at $APP_HOME/seed; run $HERE/setup.sh first" >&2
  exit 1
fi
mkdir -p "$WORKDIR"
cp "$APP_HOME/seed/app.db" "$WORKDIR/app.db"
export CONTACTS_DB="$WORKDIR/app.db"
export PYTHONDONTWRITEBYTECODE=1
export PYTHONPATH="$HERE"
cd "$WORKDIR"
exec "$APP_HOME/venv/bin/waitress-serve" --listen="127.0.0.1:$PORT" --threads=8 contacts:app
