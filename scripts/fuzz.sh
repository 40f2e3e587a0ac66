#!/usr/bin/env bash
# Runs every intake fuzz target (fuzz/fuzz_targets, one per parser) for SECONDS each, seeded with
# the sample specs and the hostile corpus. A crash stops the run and leaves the input under
# fuzz/artifacts/<target>/. cargo-fuzz needs nightly features; RUSTC_BOOTSTRAP lets the
# machine's stable toolchain provide them.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${1:-60}"
TARGETS="${TARGETS:-markdown text html csv docx xlsx ods xls pdf}"
command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --version 0.13.2 --locked --quiet
export RUSTC_BOOTSTRAP=1
for target in $TARGETS; do
  case "$target" in markdown) ext=md ;; text) ext=txt ;; *) ext="$target" ;; esac
  corpus="target/fuzz-corpus/$target"
  mkdir -p "$corpus"
  find tests/fixtures/specs tests/fixtures/hostile -name "*.$ext" -size -1M -exec cp -n {} "$corpus/" \; 2>/dev/null || true
  echo "[fuzz] $target for ${SECONDS_EACH}s"
  (cd fuzz && cargo fuzz run --release "$target" "../$corpus" -- \
    -max_total_time="$SECONDS_EACH" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 2>&1) \
    | grep -E "^(stat::number_of_executed_units|stat::new_units_added|==[0-9]+== ERROR|SUMMARY|Done|.*panicked)" || true
  if [ -n "$(find fuzz/artifacts/"$target" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) 2>/dev/null)" ]; then
    echo "[fuzz] $target found a failing input: fuzz/artifacts/$target/" >&2
    exit 1
  fi
done
echo "[fuzz] no failures"
