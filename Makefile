# The two commands: `make demo` and `make test`. Both set up whatever is missing first.
SHELL := /bin/bash
CARGO ?= cargo
UI_SOURCES := $(shell find ui/src ui/index.html ui/package.json ui/vite.config.ts ui/svelte.config.js crates/catalog/locales -type f 2>/dev/null)

.PHONY: setup setup-demo build demo test test-rust test-window test-ui bench bindings check package package-debug clean-out fuzz

# Everything, tests included (the corpus apps, llama.cpp, Robot Framework, tauri-driver, Xvfb ...).
setup:
	@scripts/setup.sh

# Only what the demo needs (the window's toolchain only when a display exists).
setup-demo:
	@scripts/setup.sh demo

ui/dist/index.html: $(UI_SOURCES) ui/node_modules/.package-lock.json
	cd ui && npm run build

ui/node_modules/.package-lock.json: ui/package-lock.json
	cd ui && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error

build: setup ui/dist/index.html
	$(CARGO) build -p specwright-cli -p specwright-app

# With a display: the desktop window shows the demo session live (close it to finish).
# Without one: the same session through the headless CLI, which is all it builds.
demo: setup-demo
	@if [ -n "$${DISPLAY:-}$${WAYLAND_DISPLAY:-}" ]; then \
		$(MAKE) --no-print-directory ui/dist/index.html && \
		$(CARGO) build -p specwright-app && \
		target/debug/specwright-app --demo --out out; \
	else \
		$(CARGO) build -p specwright-cli && \
		target/debug/specwright demo --out out; \
	fi

test: setup ui/dist/index.html
	scripts/check-layering.sh
	cd ui && npm run check
	$(MAKE) --no-print-directory test-ui
	$(CARGO) build -p specwright-cli -p specwright-app
	$(CARGO) test --workspace --exclude specwright-app --exclude specwright-minimal-tauri
	$(MAKE) --no-print-directory package-debug
	$(CARGO) test -p specwright-tests --test window -- --ignored --test-threads=1

# The UI's web build in Chromium against the mock backend (recorded event streams), with axe-core;
# screenshots of each screen land in target/test-output/ui/.
test-ui: setup ui/dist/index.html
	node_modules/.bin/playwright test -c ui/tests/playwright.config.mjs

# The Linux .deb, built offline with the npm Tauri CLI (release build): target/release/bundle/deb/.
package: setup ui/dist/index.html
	TAURI_APP_PATH=src-tauri ui/node_modules/.bin/tauri build --bundles deb

# The same .deb from the debug build (minutes faster, what `make test` unpacks and opens):
# target/debug/bundle/deb/.
package-debug: setup ui/dist/index.html
	TAURI_APP_PATH=src-tauri ui/node_modules/.bin/tauri build --debug --bundles deb

# Regenerates ui/src/lib/bindings.ts and the scenario JSON Schema from the Rust types (CI fails when stale).
bindings:
	UPDATE_BINDINGS=1 $(CARGO) test -p specwright-protocol --test bindings
	UPDATE_BINDINGS=1 $(CARGO) test -p specwright-scenario --test model checked_in_json_schema_is_current

# Every intake parser under cargo fuzz, FUZZ_SECONDS each (default 60).
fuzz:
	scripts/fuzz.sh $${FUZZ_SECONDS:-60}

bench: setup ui/dist/index.html
	$(CARGO) run --release -p specwright-tests --bin specwright-bench
