#!/usr/bin/env bash
# Installs Redmine 5.0 (Ruby on Rails) from Debian's packages and builds the pristine seeded
# tracker into "${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}/redmine/seed".
# Idempotent: a stamp holding a hash of the package version and the seed inputs makes a second
# run do nothing.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
APP_HOME="$CORPUS_HOME/redmine"
SEED="$APP_HOME/seed"
STAMP="$APP_HOME/setup.stamp"
RM_SERIES="5.0."
APT_PACKAGES=(redmine redmine-sqlite ruby-webrick curl)

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
die() { echo "redmine setup: $*" >&2; exit 1; }

missing=()
for p in "${APT_PACKAGES[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)"
  [ "$status" = "install ok installed" ] || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "redmine setup: installing ${missing[*]} from apt"
  export DEBIAN_FRONTEND=noninteractive
  # The package's own database is not wanted: every instance here brings its own.
  echo "redmine redmine/instances/default/dbconfig-install boolean false" | as_root debconf-set-selections
  if ! as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
    as_root apt-get update -qq >/dev/null || die "apt-get update failed"
    as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
      || die "apt-get install ${missing[*]} failed"
  fi
fi
RM_VERSION="$(dpkg-query -W -f='${Version}' redmine)"
case "$RM_VERSION" in
  "$RM_SERIES"*) ;;
  *) die "expected redmine $RM_SERIES*, found $RM_VERSION" ;;
esac
# Instances are links in /var/lib/redmine: the user running the corpus must be able to make them.
[ -w /var/lib/redmine ] || as_root chown "$(id -u)" /var/lib/redmine

WANT="$( { echo "redmine=$RM_VERSION"; cat "$HERE/setup.sh" "$HERE/instance.sh" "$HERE/seed.rb"; } | sha256sum | cut -d' ' -f1)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] && [ -f "$SEED/db/redmine.sqlite3" ]; then
  echo "redmine setup: up to date ($SEED)"
  exit 0
fi

# shellcheck source=instance.sh
. "$HERE/instance.sh"
mkdir -p "$APP_HOME"
rm -rf "$SEED.new"
NAME="specwright-seed-$$"
redmine_instance "$NAME" "$SEED.new"
(
  cd /usr/share/redmine
  export REDMINE_INSTANCE="$NAME" RAILS_ENV=production REDMINE_LANG=en
  bin/rake db:migrate >"$SEED.new/log/seed.log" 2>&1
  bin/rake redmine:load_default_data >>"$SEED.new/log/seed.log" 2>&1
  bin/rails runner "$HERE/seed.rb" >>"$SEED.new/log/seed.log" 2>&1
) || { rm -f "/var/lib/redmine/$NAME"; die "building the seed failed (see $SEED.new/log/seed.log)"; }
rm -f "/var/lib/redmine/$NAME"
# The secret and the database path are made again for every instance.
rm -f "$SEED.new/config/secret_key.txt" "$SEED.new/config/database.yml" "$SEED.new/log/"*
rm -rf "$SEED.new/tmp"
rm -rf "$SEED"
mv "$SEED.new" "$SEED"
echo "$WANT" > "$STAMP"
echo "redmine setup: Redmine $RM_VERSION seeded into $SEED"
