#!/usr/bin/env bash
# Installs the nicegui corpus app (회의실 예약, a NiceGUI single-page app) and
# writes its pristine seed data. Idempotent: a stamp holds a hash of the pinned
# versions and the seed script; nothing is done when it matches.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
APP_HOME="$CORPUS_HOME/nicegui"
VENV="$APP_HOME/venv"
STAMP="$APP_HOME/.setup-stamp"
PYTHON="${PYTHON:-python3}"

die() { echo "nicegui setup: $*" >&2; exit 1; }

command -v "$PYTHON" >/dev/null || die "$PYTHON not found (Python 3.10+ needed)"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
  || die "Python 3.10+ needed, found $("$PYTHON" --version 2>&1)"

HASH="$(cat "$HERE/requirements.txt" "$HERE/seed.py" "$HERE/setup.sh" | sha256sum | cut -d' ' -f1)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$HASH" ] \
  && [ -x "$VENV/bin/python" ] && [ -f "$APP_HOME/seed/bookings.json" ]; then
  echo "nicegui: up to date ($APP_HOME)"
  exit 0
fi

mkdir -p "$APP_HOME"
if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV" || die "could not create the venv at $VENV (apt install python3-venv?)"
fi
"$VENV/bin/pip" install --quiet --disable-pip-version-check -r "$HERE/requirements.txt" \
  || die "pip install failed (is PyPI reachable?)"
"$VENV/bin/python" -c 'import nicegui' || die "nicegui does not import"

rm -rf "$APP_HOME/seed.new"
"$VENV/bin/python" "$HERE/seed.py" "$APP_HOME/seed.new" >"$APP_HOME/seed.log" 2>&1 \
  || { cat "$APP_HOME/seed.log" >&2; die "seeding failed"; }
rm -rf "$APP_HOME/seed"
mv "$APP_HOME/seed.new" "$APP_HOME/seed"
echo "$HASH" >"$STAMP"
echo "nicegui: ready ($APP_HOME): $(tail -n 1 "$APP_HOME/seed.log")"
