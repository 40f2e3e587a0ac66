#!/usr/bin/env bash
# Installs every application of the real-application corpus (each app's own setup.sh: pinned
# packages from apt or PyPI, a pristine seeded copy of its data). Safe to run again: each app
# does nothing when it is up to date.
set -euo pipefail
cd "$(dirname "$0")"
for app in apps/*/; do
  bash "$app/setup.sh"
done
