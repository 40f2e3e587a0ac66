#!/usr/bin/env bash
# start.sh PORT WORKDIR: one fresh Oscar instance on 127.0.0.1:PORT, data copied into WORKDIR.
set -euo pipefail

PORT="${1:?usage: start.sh PORT WORKDIR}"
WORKDIR="${2:?usage: start.sh PORT WORKDIR}"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
DEST="$CORPUS_HOME/oscar"

[ -f "$DEST/seed/db.sqlite3" ] || { echo "oscar: not set up; run setup.sh first" >&2; exit 1; }

mkdir -p "$WORKDIR"
WORKDIR="$(cd "$WORKDIR" && pwd)"
cp -a "$DEST/seed/." "$WORKDIR/"

export OSCAR_CORPUS_DATA="$WORKDIR" OSCAR_CORPUS_PORT="$PORT" \
       DJANGO_SETTINGS_MODULE=corpus_shop.settings PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
cd "$DEST/site"
exec "$DEST/venv/bin/python" manage.py runserver --noreload --skip-checks "127.0.0.1:$PORT"
