#!/usr/bin/env python3
"""The desktop shell's IPC commands take exactly the arguments, by name and in order, that the
generated bindings pass (Tauri matches them by name at run time, so the compiler cannot)."""
import re
import sys

bindings = open("ui/src/lib/bindings.ts", encoding="utf-8").read()
shell = open("src-tauri/src/commands.rs", encoding="utf-8").read()


def camel(snake):
    head, *rest = snake.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


passed = {}
for name, payload in re.findall(r"invoke<.*?>\('([a-z_]+)'(?:, \{ ([^}]*) \})?\)", bindings):
    passed[name] = [a.strip() for a in payload.split(",") if a.strip()]

taken = {}
for name, params in re.findall(r"#\[tauri::command\]\s*pub (?:async )?fn ([a-z_]+)\(([^)]*)\)", shell):
    args = []
    for param in params.split(","):
        param = param.strip()
        if not param or ":" not in param:
            continue
        arg, ty = (p.strip() for p in param.split(":", 1))
        if ty.startswith(("State<", "AppHandle", "tauri::")):
            continue
        args.append(camel(arg))
    taken[name] = args

status = 0
for name in sorted(set(passed) | set(taken)):
    if passed.get(name) != taken.get(name):
        print(
            f"error: command {name}: the bindings pass {passed.get(name)}, the shell takes {taken.get(name)}",
            file=sys.stderr,
        )
        status = 1
sys.exit(status)
