"""Why this exists: the tests and the bench of the LLM engine talk to llama.cpp's real
OpenAI-compatible server (from the xllamacpp wheel) with a small instruct model. This starts one
on 127.0.0.1, prints `ready <port>` once it listens, and serves until it is terminated.

  serve.py MODEL_GGUF --ctx N [--port P] [--template FILE] [--threads N]

--template replaces the model's own chat template: SmolLM2's own has no tool support (so the
server returns tool calls as plain text, as it does for many small local models); the bundled
Hermes-style one makes the server parse `<tool_call>` blocks into structured, streamed calls.
"""

import argparse
import os
import signal
import socket
import sys
import time

import xllamacpp


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("model")
    parser.add_argument("--ctx", type=int, default=4096)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--template")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    params = xllamacpp.CommonParams()
    params.model.path = args.model
    params.n_ctx = args.ctx
    params.hostnames = ["127.0.0.1"]
    params.port = args.port or free_port()
    params.use_jinja = True
    params.ui = False
    params.cpuparams.n_threads = args.threads
    params.cpuparams_batch.n_threads = args.threads
    if args.template:
        with open(args.template, encoding="utf-8") as f:
            params.chat_template = f.read()
    server = xllamacpp.Server(params)  # listens while it lives
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    print(f"ready {params.port}", flush=True)
    while server is not None:
        time.sleep(3600)


if __name__ == "__main__":
    sys.exit(main())
