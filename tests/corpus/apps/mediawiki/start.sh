#!/usr/bin/env bash
# start.sh PORT WORKDIR: one fresh MediaWiki instance on 127.0.0.1:PORT whose
# database, caches and settings live in WORKDIR (a copy of the pristine seed).
set -euo pipefail
PORT="${1:?usage: start.sh PORT WORKDIR}"
WORKDIR="${2:?usage: start.sh PORT WORKDIR}"
HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
SEED="$CORPUS_HOME/mediawiki/seed"
MW=/usr/share/mediawiki

if [ ! -f "$SEED/data/my_wiki.sqlite" ] || [ ! -f "$MW/index.php" ]; then
  echo "mediawiki: not set up; run $HERE/setup.sh first" >&2
  exit 2
fi

mkdir -p "$WORKDIR"
WORKDIR="$(cd "$WORKDIR" && pwd)"
cp -a "$SEED/." "$WORKDIR/"
mkdir -p "$WORKDIR/tmp" "$WORKDIR/data/locks"
sed -e "s#@WORKDIR@#$WORKDIR#g" -e "s#@PORT@#$PORT#g" \
    "$HERE/LocalSettings.php.in" > "$WORKDIR/LocalSettings.php"

export MW_CONFIG_FILE="$WORKDIR/LocalSettings.php"
export TMPDIR="$WORKDIR/tmp"
# One process: PHP's worker processes (PHP_CLI_SERVER_WORKERS) outlive a killed
# server and keep the port, so they are not used.
unset PHP_CLI_SERVER_WORKERS
cd "$MW"
exec php -d opcache.enable_cli=1 -d memory_limit=256M -d upload_tmp_dir="$WORKDIR/tmp" \
  -d session.save_path="$WORKDIR/tmp" -d sys_temp_dir="$WORKDIR/tmp" \
  -S "127.0.0.1:$PORT" -t "$MW" "$HERE/router.php"
