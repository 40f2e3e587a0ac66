#!/usr/bin/env bash
# Installs the Oscar corpus app (pinned, in a venv) and builds its pristine seeded data.
# Idempotent: does nothing when the stamp (hash of pins, site code, seed script) matches.
set -euo pipefail

APP=oscar
HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
DEST="$CORPUS_HOME/$APP"
PYTHON="${PYTHON:-python3}"

fail() { echo "setup.sh ($APP): $*" >&2; exit 1; }

command -v "$PYTHON" >/dev/null || fail "python3 not found"
"$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' \
  || fail "Python >= 3.10 is required (found $("$PYTHON" --version 2>&1))"

STAMP_VALUE="$(cd "$HERE" && { cat setup.sh requirements.txt seed.py; find site -type f \( -name '*.py' -o -name '*.html' \) | LC_ALL=C sort | xargs cat; "$PYTHON" --version; } | sha256sum | cut -d' ' -f1)"
STAMP_FILE="$DEST/.setup-stamp"
if [ -f "$STAMP_FILE" ] && [ "$(cat "$STAMP_FILE")" = "$STAMP_VALUE" ] \
   && [ -f "$DEST/seed/db.sqlite3" ] && [ -x "$DEST/venv/bin/python" ]; then
  echo "$APP: already set up in $DEST"
  exit 0
fi

mkdir -p "$DEST"
rm -f "$STAMP_FILE"

echo "$APP: creating venv in $DEST/venv"
if [ ! -x "$DEST/venv/bin/python" ]; then
  "$PYTHON" -m venv "$DEST/venv" || fail "python3 -m venv failed (install python3-venv)"
fi
"$DEST/venv/bin/python" -m pip install -q --disable-pip-version-check -r "$HERE/requirements.txt" \
  || fail "pip install failed"

echo "$APP: copying the site code"
rm -rf "$DEST/site"
cp -r "$HERE/site" "$DEST/site"
find "$DEST/site" -name '__pycache__' -prune -exec rm -rf {} +
"$DEST/venv/bin/python" -m compileall -q "$DEST/site" >/dev/null

echo "$APP: building the seed database"
TMP_SEED="$DEST/seed.tmp"
rm -rf "$TMP_SEED"
mkdir -p "$TMP_SEED"
(
  cd "$DEST/site"
  export OSCAR_CORPUS_DATA="$TMP_SEED" OSCAR_CORPUS_SITE="$DEST/site" \
         DJANGO_SETTINGS_MODULE=corpus_shop.settings PYTHONDONTWRITEBYTECODE=1
  "$DEST/venv/bin/python" manage.py migrate --no-input -v0
  "$DEST/venv/bin/python" "$HERE/seed.py"
) || fail "seeding failed"
rm -rf "$DEST/seed"
mv "$TMP_SEED" "$DEST/seed"

echo "$STAMP_VALUE" > "$STAMP_FILE"
echo "$APP: ready ($DEST)"
