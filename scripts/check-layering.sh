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
# The two engines are siblings on the rails (`specwright-rails`): neither depends on the other.
for pair in "specwright-agent specwright-engine" "specwright-engine specwright-agent"; do
  read -r from to <<<"$pair"
  if cargo tree --offline -q -p "$from" -e normal,build --prefix none 2>/dev/null | grep -q "^$to v"; then
    echo "error: $from depends on $to; what both engines need belongs in specwright-rails or specwright-reading." >&2
    status=1
  fi
done
# Each crate depends only on the project's crates its row of ARCHITECTURE.md's "Crate layers" allows.
while IFS='|' read -r _ crate allowed _; do
  crate=$(echo "$crate" | tr -d ' `')
  [[ "$crate" == specwright-* ]] || continue
  allowed=" $(echo "$allowed" | tr -d ' ' | tr ',' ' ') "
  manifest=$(grep -l "^name = \"$crate\"" crates/*/Cargo.toml src-tauri/Cargo.toml | head -n 1)
  for dep in $(sed -n '/^\[dependencies\]/,/^\[/p' "$manifest" | grep -o '^specwright-[a-z]*' | sed 's/^specwright-//'); do
    if [[ "$allowed" != *" $dep "* ]]; then
      echo "error: $crate depends on specwright-$dep, which ARCHITECTURE.md's crate layers do not allow." >&2
      status=1
    fi
  done
done < <(sed -n '/^## Crate layers/,/^## /p' ARCHITECTURE.md)
for manifest in crates/*/Cargo.toml src-tauri/Cargo.toml; do
  name=$(sed -n 's/^name = "\(.*\)"/\1/p' "$manifest" | head -n 1)
  if ! sed -n '/^## Crate layers/,/^## /p' ARCHITECTURE.md | grep -q "^| \`$name\` |"; then
    echo "error: $name has no row in ARCHITECTURE.md's crate layers." >&2
    status=1
  fi
done
# No new module cycle inside a crate.
scripts/module-cycles.py || status=1
# No function of the reading or the engine crate over 120 lines.
scripts/function-lengths.py || status=1
# The shell registers exactly the commands of the contract the UI's bindings come from.
registered=$(grep -o 'commands::[a-z_]*,\?$' src-tauri/src/main.rs | sed 's/commands:://; s/,$//' | sort)
contract=$(grep -o "invoke<.*>('[a-z_]*'" ui/src/lib/bindings.ts | sed "s/.*('//; s/'$//" | sort)
if [ "$registered" != "$contract" ]; then
  echo "error: src-tauri registers other commands than the contract (specwright_protocol::Commands, in bindings.ts):" >&2
  diff <(echo "$contract") <(echo "$registered") >&2 || true
  status=1
fi
# Each command takes the arguments the bindings pass, by name.
scripts/check-commands.py || status=1
# The window's capability grants exactly those commands.
granted=$(grep -o '"allow-[a-z-]*"' src-tauri/capabilities/default.json | sed 's/"allow-//; s/"$//; s/-/_/g' | sort)
if [ "$granted" != "$contract" ]; then
  echo "error: src-tauri/capabilities/default.json grants other commands than the contract:" >&2
  diff <(echo "$contract") <(echo "$granted") >&2 || true
  status=1
fi
[ $status -eq 0 ] && echo "layering: no core crate depends on tauri; neither engine depends on the other; the shell registers exactly the contract's commands"
exit $status
