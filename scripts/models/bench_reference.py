#!/usr/bin/env python3
# Why this exists: the Rust embedding path (ONNX Runtime, compact tokenizer) needs a yardstick. This script
# embeds the same chunks with Python onnxruntime, the same model.onnx and the same tokenizer.json,
# configured as Specwright's Rust side is (batch 4, 2 intra-op threads, "passage: " prefix,
# truncation to 512 tokens, padding to the longest text of the batch, mean pooling, L2 norm), and
# prints how fast it went, so a Rust benchmark can be compared with it on the same machine.
#
# Usage: bench_reference.py CHUNKS.json [MODEL_DIR]
#   CHUNKS.json: one JSON list of strings. MODEL_DIR defaults to $SPECWRIGHT_MODEL_DIR, then to
#   $HOME/.local/share/specwright/models/multilingual-e5-small (what scripts/setup-models.sh makes).
# Prints {"chunks": n, "seconds": s, "chunks_per_s": r} on stdout. The time covers tokenizing,
# inference and pooling of every chunk, not loading the model; --verbose adds load time and memory
# on stderr.
"""Reference embedding throughput of model.onnx with Python onnxruntime."""

import argparse
import json
import os
import sys
import time

import numpy as np


def default_model_dir():
    return os.environ.get("SPECWRIGHT_MODEL_DIR") or os.path.join(
        os.path.expanduser("~"), ".local", "share", "specwright", "models", "multilingual-e5-small")


def rss_mb(field="VmRSS"):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024.0
    return 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("chunks", help="JSON file holding one list of strings")
    ap.add_argument("model_dir", nargs="?", default=default_model_dir())
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--prefix", default="passage: ")
    ap.add_argument("--max-length", type=int, default=512)
    ap.add_argument("--verbose", action="store_true", help="load time and memory on stderr")
    args = ap.parse_args()

    import onnxruntime as ort
    from tokenizers import Tokenizer

    with open(args.chunks, encoding="utf-8") as f:
        chunks = json.load(f)
    if not isinstance(chunks, list) or not all(isinstance(c, str) for c in chunks):
        sys.exit("error: the chunks file must hold one JSON list of strings")

    t_load = time.perf_counter()
    with open(os.path.join(args.model_dir, "config.json"), encoding="utf-8") as f:
        pad_id = json.load(f).get("pad_token_id", 1)
    tok = Tokenizer.from_file(os.path.join(args.model_dir, "tokenizer.json"))
    tok.enable_truncation(args.max_length)
    tok.enable_padding(pad_id=pad_id, pad_token="<pad>")  # to the longest text of each batch
    so = ort.SessionOptions()
    so.intra_op_num_threads = args.threads
    so.inter_op_num_threads = 1
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    so.log_severity_level = 3
    sess = ort.InferenceSession(os.path.join(args.model_dir, "model.onnx"), so, providers=["CPUExecutionProvider"])
    wants_types = any(i.name == "token_type_ids" for i in sess.get_inputs())
    load_s = time.perf_counter() - t_load
    rss_loaded = rss_mb()

    t0 = time.perf_counter()
    n = 0
    for i in range(0, len(chunks), args.batch):
        enc = tok.encode_batch([args.prefix + c for c in chunks[i:i + args.batch]])
        ids = np.array([e.ids for e in enc], np.int64)
        mask = np.array([e.attention_mask for e in enc], np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask}
        if wants_types:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = sess.run(None, feeds)[0]
        m = mask[:, :, None].astype(np.float32)
        pooled = (hidden * m).sum(axis=1) / np.maximum(m.sum(axis=1), 1.0)
        pooled /= np.linalg.norm(pooled, axis=1, keepdims=True) + 1e-12
        n += len(pooled)
    seconds = time.perf_counter() - t0

    if args.verbose:
        print(f"load {load_s:.2f} s, RSS after load {rss_loaded:.0f} MB, peak RSS {rss_mb('VmHWM'):.0f} MB",
              file=sys.stderr)
    print(json.dumps({"chunks": n, "seconds": round(seconds, 3),
                      "chunks_per_s": round(n / seconds, 2) if seconds > 0 else None}))


if __name__ == "__main__":
    main()
