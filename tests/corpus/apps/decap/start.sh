#!/usr/bin/env bash
# start.sh PORT WORKDIR: one fresh instance on 127.0.0.1:PORT, its site in WORKDIR.
# The CMS's test backend keeps the content in the page's memory: every page load
# starts from the seeded content, as a fresh instance does.
set -euo pipefail
PORT="${1:?usage: start.sh PORT WORKDIR}"
WORKDIR="${2:?usage: start.sh PORT WORKDIR}"
HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
APP_HOME="$CORPUS_HOME/decap"
if [ ! -f "$APP_HOME/seed/decap-cms.js" ]; then
  echo "decap: no site at $APP_HOME/seed; run $HERE/setup.sh first" >&2
  exit 1
fi
mkdir -p "$WORKDIR"
cp -r "$APP_HOME/seed/." "$WORKDIR/"
export PYTHONDONTWRITEBYTECODE=1
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$WORKDIR"
