#!/usr/bin/env bash
# reset.sh APP PORT DIR: puts a running corpus instance back to its seeded data, as a team's own
# reset script does for its staging app: stops the server on PORT (its pid in DIR/server.pid),
# copies the seed again (start.sh into DIR/data) and waits until it answers. What a planner
# names when the engine asks how the app's data is put back before every run.
set -euo pipefail
APP="${1:?usage: reset.sh APP PORT DIR}"
PORT="${2:?usage: reset.sh APP PORT DIR}"
DIR="${3:?usage: reset.sh APP PORT DIR}"
HERE="$(cd "$(dirname "$0")" && pwd)"
READY="$(sed -n 's/.*"ready_path": *"\([^"]*\)".*/\1/p' "$HERE/apps/$APP/app.json")"

answers() {
  # Any HTTP answer on the port (a redirect to a login page is an app that is up).
  exec 3<>"/dev/tcp/127.0.0.1/$PORT" 2>/dev/null || return 1
  printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1:%s\r\n\r\n' "${READY:-/}" "$PORT" >&3
  local line=""
  read -r -t 5 line <&3 || true
  exec 3>&- 3<&-
  [[ "$line" == HTTP/1.* ]]
}

if [ -f "$DIR/server.pid" ]; then
  # A server this script started leads its own process group; the first one is a plain child.
  PID="$(cat "$DIR/server.pid")"
  kill -- "-$PID" 2>/dev/null || kill "$PID" 2>/dev/null || true
fi
# A stopped server is one that no longer accepts connections (its process may linger as the
# test harness's child until it is reaped).
for _ in $(seq 1 100); do
  exec 3<>"/dev/tcp/127.0.0.1/$PORT" 2>/dev/null || break
  exec 3>&- 3<&-
  sleep 0.1
done
rm -rf "$DIR/data"
setsid bash "$HERE/apps/$APP/start.sh" "$PORT" "$DIR/data" >>"$DIR/server.log" 2>&1 </dev/null &
echo $! >"$DIR/server.pid"
for _ in $(seq 1 600); do
  if answers; then
    exit 0
  fi
  sleep 0.1
done
echo "reset.sh: $APP did not answer on port $PORT within 60 s after its reset" >&2
exit 1
