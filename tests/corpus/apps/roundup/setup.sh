#!/usr/bin/env bash
# Installs the Roundup issue tracker (pinned, from PyPI) into a venv and builds
# the pristine seeded "classic" tracker (sqlite backend) into
# "${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}/roundup/seed/tracker".
# Idempotent: a stamp holding a hash of the pinned versions and the seed inputs
# makes a second run do nothing.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
APP_HOME="$CORPUS_HOME/roundup"
VENV="$APP_HOME/venv"
SEED="$APP_HOME/seed"
STAMP="$APP_HOME/setup.stamp"
ROUNDUP_VERSION="2.6.0"
ADMIN_PASSWORD="Roundup!Admin2024"

die() { echo "roundup setup: $*" >&2; exit 1; }
command -v python3 >/dev/null || die "python3 is required"

WANT="$( { echo "roundup==$ROUNDUP_VERSION $(python3 -c 'import sys; print(sys.version.split()[0])')"; \
           cat "$HERE/setup.sh" "$HERE/seed.py"; } | sha256sum | cut -d' ' -f1)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] && [ -f "$SEED/tracker/db/db" ] \
   && [ -x "$VENV/bin/roundup-server" ]; then
  echo "roundup setup: up to date ($SEED)"
  exit 0
fi

mkdir -p "$APP_HOME"
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV" || die "python3 -m venv failed"
fi
if [ "$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("roundup"))' 2>/dev/null)" != "$ROUNDUP_VERSION" ]; then
  "$VENV/bin/pip" install -q --disable-pip-version-check "roundup==$ROUNDUP_VERSION" \
    || die "pip install roundup==$ROUNDUP_VERSION failed"
fi

rm -rf "$SEED.new"
mkdir -p "$SEED.new"
TRACKER="$SEED.new/tracker"
# The web URL is a placeholder here; start.sh sets the instance's own.
"$VENV/bin/roundup-admin" -i "$TRACKER" install classic sqlite \
  "tracker_name=Acme Support Tracker,tracker_web=http://127.0.0.1:8080/tracker/,mail_domain=acme.example,mail_debug=mail-debug.log,instant_registration=yes,web_use_browser_language=no,web_registration_delay=0" \
  >/dev/null || die "roundup-admin install failed"
"$VENV/bin/roundup-admin" -i "$TRACKER" initialise "$ADMIN_PASSWORD" >/dev/null \
  || die "roundup-admin initialise failed"
SENDMAILDEBUG="$SEED.new/seed-mail.log" "$VENV/bin/python" "$HERE/seed.py" "$TRACKER" \
  || die "seeding the tracker failed"
rm -f "$SEED.new/seed-mail.log" "$TRACKER/mail-debug.log"
find "$TRACKER" -name __pycache__ -type d -prune -exec rm -rf {} +
rm -rf "$SEED"
mv "$SEED.new" "$SEED"
echo "$WANT" > "$STAMP"
echo "roundup setup: Roundup $ROUNDUP_VERSION tracker seeded into $SEED/tracker"
