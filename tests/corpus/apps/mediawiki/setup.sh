#!/usr/bin/env bash
# Installs MediaWiki 1.39 from Debian's packages (with the PHP extensions it
# needs) and builds the pristine seeded wiki into
# "${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}/mediawiki/seed".
# Idempotent: a stamp holding a hash of the package versions and seed inputs
# makes a second run do nothing.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
APP_HOME="$CORPUS_HOME/mediawiki"
SEED="$APP_HOME/seed"
STAMP="$APP_HOME/setup.stamp"
# MediaWiki 1.39 LTS as Debian 12 ships it; the Debian revision follows
# security updates, so the major version is what is checked.
MW_SERIES="1:1.39."
APT_PACKAGES=(mediawiki php-cli php-sqlite3 php-intl php-mbstring php-xml curl)

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
die() { echo "mediawiki setup: $*" >&2; exit 1; }

missing=()
for p in "${APT_PACKAGES[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)"
  [ "$status" = "install ok installed" ] || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "mediawiki setup: installing ${missing[*]} from apt"
  export DEBIAN_FRONTEND=noninteractive
  if ! as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
    as_root apt-get update -qq >/dev/null || die "apt-get update failed"
    as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
      || die "apt-get install ${missing[*]} failed"
  fi
fi

MW_VERSION="$(dpkg-query -W -f='${Version}' mediawiki)"
case "$MW_VERSION" in
  "$MW_SERIES"*) ;;
  *) die "expected mediawiki $MW_SERIES*, found $MW_VERSION" ;;
esac
PHP_VERSION="$(php -r 'echo PHP_VERSION;')"
PHP_MODULES="$(php -m)"
for ext in pdo_sqlite intl mbstring xml; do
  grep -qix "$ext" <<<"$PHP_MODULES" || die "PHP extension $ext is missing"
done

WANT="$( { echo "mediawiki=$MW_VERSION php=$PHP_VERSION"; cat "$HERE/setup.sh" "$HERE/seed.sh" "$HERE/LocalSettings.php.in" "$HERE/router.php"; } | sha256sum | cut -d' ' -f1)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] && [ -f "$SEED/data/my_wiki.sqlite" ]; then
  echo "mediawiki setup: up to date ($SEED)"
  exit 0
fi

mkdir -p "$APP_HOME"
rm -rf "$SEED.new"
MW_SEED_PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')" \
  bash "$HERE/seed.sh" "$SEED.new" || die "building the seed failed"
rm -rf "$SEED"
mv "$SEED.new" "$SEED"
echo "$WANT" > "$STAMP"
echo "mediawiki setup: MediaWiki $MW_VERSION (PHP $PHP_VERSION) seeded into $SEED"
