#!/usr/bin/env bash
# Installs the decap corpus app (Decap CMS 3.16, a React single-page app from npm
# with its own widgets: react-select selects, a date-time picker, a Slate
# markdown editor, toggles) and writes its pristine site: the CMS's bundle,
# its configuration and the seeded content its test backend keeps in memory.
# Idempotent: a stamp holds a hash of the pinned version and the site's files.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
CORPUS_HOME="${SPECWRIGHT_CORPUS_HOME:-$HOME/.local/share/specwright/corpus}"
APP_HOME="$CORPUS_HOME/decap"
STAMP="$APP_HOME/.setup-stamp"
VERSION="3.16.3"

die() { echo "decap setup: $*" >&2; exit 1; }

command -v npm >/dev/null || die "npm not found (apt install npm, or Node.js 18+)"
command -v python3 >/dev/null || die "python3 not found (it serves the site)"

HASH="$( (echo "$VERSION"; cat "$HERE/setup.sh" "$HERE/site/config.yml" "$HERE/site/index.html" "$HERE/site/content.js") | sha256sum | cut -d' ' -f1)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$HASH" ] && [ -f "$APP_HOME/seed/decap-cms.js" ]; then
  echo "decap: up to date ($APP_HOME)"
  exit 0
fi

mkdir -p "$APP_HOME"
rm -rf "$APP_HOME/pack" "$APP_HOME/seed.new"
mkdir -p "$APP_HOME/pack" "$APP_HOME/seed.new"
# The published bundle only: npm pack fetches the package's tarball from the
# registry without installing its (build-time) dependencies.
(cd "$APP_HOME/pack" && npm pack --silent "decap-cms@$VERSION" >/dev/null) \
  || die "npm pack decap-cms@$VERSION failed (is the npm registry reachable?)"
tar -xzf "$APP_HOME/pack/decap-cms-$VERSION.tgz" -C "$APP_HOME/pack" \
  || die "the decap-cms tarball does not unpack"
[ -f "$APP_HOME/pack/package/dist/decap-cms.js" ] || die "the tarball has no dist/decap-cms.js"
cp "$APP_HOME/pack/package/dist/decap-cms.js" "$APP_HOME/pack/package/dist/"*.decap-cms.js "$APP_HOME/seed.new/"
cp "$HERE/site/index.html" "$HERE/site/config.yml" "$HERE/site/content.js" "$APP_HOME/seed.new/"
rm -rf "$APP_HOME/pack" "$APP_HOME/seed"
mv "$APP_HOME/seed.new" "$APP_HOME/seed"
echo "$HASH" >"$STAMP"
echo "decap: ready ($APP_HOME): decap-cms $VERSION"
