#!/usr/bin/env bash
# start.sh PORT WORKDIR: one fresh Roundup tracker on
# http://127.0.0.1:PORT/tracker/ whose database lives in WORKDIR.
set -euo pipefail
PORT="${1:?usage: start.sh PORT WORKDIR}"
WORKDIR="${2:?usage: start.sh PORT WORKDIR}"
HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
APP_HOME="$CORPUS_HOME/roundup"
VENV="$APP_HOME/venv"
SEED="$APP_HOME/seed/tracker"

if [ ! -f "$SEED/db/db" ] || [ ! -x "$VENV/bin/roundup-server" ]; then
  echo "roundup: not set up; run $HERE/setup.sh first" >&2
  exit 2
fi

mkdir -p "$WORKDIR"
WORKDIR="$(cd "$WORKDIR" && pwd)"
cp -a "$SEED" "$WORKDIR/tracker"
# The tracker's web address must be the one the browser uses.
sed -i "s#^web = .*#web = http://127.0.0.1:$PORT/tracker/#" "$WORKDIR/tracker/config.ini"

export PYTHONDONTWRITEBYTECODE=1
export TMPDIR="$WORKDIR"
# Outgoing mail goes to WORKDIR/tracker/mail-debug.log, never to the network.
export SENDMAILDEBUG="$WORKDIR/tracker/mail-debug.log"
# roundup-server refuses to run as root unless told which user to be: stay
# the user we are (on CI and in containers that is root).
AS_USER=()
if [ "$(id -u)" -eq 0 ]; then AS_USER=(-u 0); fi
# Threads, not forks: killing the one process ends the whole server.
exec "$VENV/bin/roundup-server" "${AS_USER[@]}" -t thread -n 127.0.0.1 -p "$PORT" "tracker=$WORKDIR/tracker"
