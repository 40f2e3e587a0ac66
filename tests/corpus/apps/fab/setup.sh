#!/usr/bin/env bash
# Installs the fab corpus app (Flask-AppBuilder "quickhowto" contacts) and builds
# its pristine seed database. Idempotent: a stamp holds a hash of the pinned
# versions, the seed script and the models; nothing is done when it matches.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
APP_HOME="$CORPUS_HOME/fab"
VENV="$APP_HOME/venv"
STAMP="$APP_HOME/.setup-stamp"
PYTHON="${PYTHON:-python3}"

die() { echo "fab setup: $*" >&2; exit 1; }

command -v "$PYTHON" >/dev/null || die "$PYTHON not found (Python 3.10+ needed)"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
  || die "Python 3.10+ needed, found $("$PYTHON" --version 2>&1)"

HASH="$(cat "$HERE/requirements.txt" "$HERE/seed.py" "$HERE/contacts/models.py" \
  "$HERE/contacts/config.py" "$HERE/setup.sh" | sha256sum | cut -d' ' -f1)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$HASH" ] \
  && [ -x "$VENV/bin/waitress-serve" ] && [ -f "$APP_HOME/seed/app.db" ]; then
  echo "fab: up to date ($APP_HOME)"
  exit 0
fi

mkdir -p "$APP_HOME"
if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV" || die "could not create the venv at $VENV (apt install python3-venv?)"
fi
"$VENV/bin/pip" install --quiet --disable-pip-version-check -r "$HERE/requirements.txt" \
  || die "pip install failed (is PyPI reachable?)"

# The pristine seed: built beside, then moved into place.
rm -rf "$APP_HOME/seed.new"
mkdir -p "$APP_HOME/seed.new"
(cd "$HERE" && PYTHONDONTWRITEBYTECODE=1 CONTACTS_DB="$APP_HOME/seed.new/app.db" \
  "$VENV/bin/python" seed.py >"$APP_HOME/seed.log" 2>&1) \
  || { tail -n 20 "$APP_HOME/seed.log" >&2; die "seeding failed (log: $APP_HOME/seed.log)"; }
rm -rf "$APP_HOME/seed"
mv "$APP_HOME/seed.new" "$APP_HOME/seed"
echo "$HASH" >"$STAMP"
echo "fab: ready ($APP_HOME): $(tail -n 1 "$APP_HOME/seed.log")"
