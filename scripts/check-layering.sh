#!/usr/bin/env bash
# The core never knows about Tauri: no crate under crates/ may depend on it, directly or not.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for manifest in crates/*/Cargo.toml; do
  name=$(sed -n 's/^name = "\(.*\)"/\1/p' "$manifest" | head -n 1)
  if cargo tree --offline -q -p "$name" -e normal,build --prefix none 2>/dev/null | grep -qE '^tauri(-[a-z-]+)? v'; then
    echo "error: $name depends on tauri; only src-tauri may." >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "layering: no core crate depends on tauri"
exit $status
