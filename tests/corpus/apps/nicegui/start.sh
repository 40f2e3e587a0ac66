#!/usr/bin/env bash
# start.sh PORT WORKDIR: one fresh instance on 127.0.0.1:PORT, its data in WORKDIR.
set -euo pipefail
PORT="${1:?usage: start.sh PORT WORKDIR}"
WORKDIR="${2:?usage: start.sh PORT WORKDIR}"
HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
APP_HOME="$CORPUS_HOME/nicegui"
if [ ! -f "$APP_HOME/seed/bookings.json" ]; then
  echo "nicegui: no seed at $APP_HOME/seed; run $HERE/setup.sh first" >&2
  exit 1
fi
mkdir -p "$WORKDIR"
cp "$APP_HOME/seed/users.json" "$APP_HOME/seed/bookings.json" "$WORKDIR/"
export BOOKING_DATA="$WORKDIR"
# NiceGUI keeps its per-user storage in .nicegui/ under the working directory.
export NICEGUI_STORAGE_PATH="$WORKDIR/.nicegui"
export PYTHONDONTWRITEBYTECODE=1
export MPLCONFIGDIR="$WORKDIR/.mpl"
cd "$WORKDIR"
exec "$APP_HOME/venv/bin/python" "$HERE/main.py" "$PORT"
