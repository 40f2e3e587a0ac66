#!/usr/bin/env python3
"""Module cycles inside each crate: an edge A -> B when a top-level module A names an item of
top-level module B (through `crate::B::…`, or an item the crate root re-exports from B); and,
between a module and the modules nested in it, an edge when a child names its parent's own items
(`super::item`) or a sibling (`super::sibling::…`), or a parent names a child's items (`child::…`,
`use child::…` — a re-export counts only where the parent's own code uses what it re-exports).
Tests (`#[cfg(test)]` modules and `tests.rs` files) are left out: they may look anywhere. A cycle
not listed in `scripts/module-cycles.known` (the ones still to break) fails; a listed one that is
gone is reported so the list only shrinks."""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def strip_tests(text):
    """The text without comment lines and `#[cfg(test)] mod … { … }` blocks."""
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i : m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)


def crate_modules(src):
    """Top-level module name -> the text of its files (the module and its children)."""
    modules = {}
    for path in sorted(src.rglob("*.rs")):
        rel = path.relative_to(src)
        if rel.name in ("lib.rs", "main.rs") or rel.name == "tests.rs" or "tests" in rel.parts[:-1]:
            continue
        top = rel.parts[0].removesuffix(".rs")
        modules[top] = modules.get(top, "") + strip_tests(path.read_text())
    return modules


def root_exports(src, modules):
    """Items the crate root re-exports (`pub use m::{A, B}` or `use m::A`) -> their module."""
    exports = {}
    for name in ("lib.rs", "main.rs"):
        path = src / name
        if not path.exists():
            continue
        text = strip_tests(path.read_text())
        for m in re.finditer(r"(?:pub(?:\([a-z]+\))?\s+)?use\s+(\w+)::(\{[^}]*\}|\w+)", text, re.S):
            module, items = m.group(1), m.group(2)
            if module not in modules:
                continue
            for item in re.findall(r"\w+", items):
                exports[item] = module
    return exports


def edges(modules, exports):
    graph = {m: set() for m in modules}
    for module, text in modules.items():
        for m in re.finditer(r"crate::(\w+)", text):
            name = m.group(1)
            target = name if name in modules else exports.get(name)
            if target and target != module:
                graph[module].add(target)
        for m in re.finditer(r"use\s+crate::\{([^}]*)\}", text, re.S):
            for name in re.findall(r"\b(\w+)\b", m.group(1)):
                target = name if name in modules else exports.get(name)
                if target and target != module:
                    graph[module].add(target)
    return graph


def cycles(graph):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def nested_modules(src):
    """Every module by its path ("grounding", "grounding::layout") -> its own file's text."""
    modules = {}
    for path in sorted(src.rglob("*.rs")):
        rel = path.relative_to(src)
        if rel.name in ("lib.rs", "main.rs", "tests.rs") or "tests" in rel.parts[:-1]:
            continue
        parts = list(rel.parts[:-1]) + [rel.name.removesuffix(".rs")]
        if parts[-1] == "mod":
            parts = parts[:-1]
        modules["::".join(parts)] = strip_tests(path.read_text())
    return modules


def nested_edges(modules):
    """Edges between a module, its parent, its siblings and its children."""
    graph = {m: set() for m in modules}
    for module, text in modules.items():
        parent = module.rsplit("::", 1)[0] if "::" in module else None
        children = {m.rsplit("::", 1)[1] for m in modules if m.startswith(module + "::") and m.count("::") == module.count("::") + 1}
        if parent is not None:
            names = re.findall(r"super::(\w+)", text)
            for group in re.findall(r"super::\{([^}]*)\}", text, re.S):
                names += re.findall(r"\b(\w+)\b", group)
            for name in names:
                target = f"{parent}::{name}"
                if target in modules:
                    if target != module:
                        graph[module].add(target)
                elif name not in ("self", "super"):
                    graph[module].add(parent)
        code = "\n".join(
            line for line in text.splitlines() if not re.match(r"\s*(pub(\([a-z]+\))?\s+)?mod\s", line)
        )
        for child in children:
            exported = set()
            uses = False
            for m in re.finditer(r"(pub(?:\([a-z]+\))?\s+)?use\s+(?:self::)?" + child + r"::(\{[^}]*\}|\w+)", code, re.S):
                names = set(re.findall(r"\w+", m.group(2)))
                if m.group(1):
                    exported |= names
                else:
                    uses = True
            bare = re.sub(r"(pub(?:\([a-z]+\))?\s+)?use\s+[^;]*;", "", code)
            if re.search(r"(?<![\w:])" + child + r"::", bare):
                uses = True
            if any(re.search(r"(?<![\w:])" + name + r"\b", bare) for name in exported):
                uses = True
            if uses:
                graph[module].add(f"{module}::{child}")
    return graph


def main():
    known_path = ROOT / "scripts" / "module-cycles.known"
    known = set()
    for line in known_path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            crate, members = line.split(":", 1)
            known.add((crate.strip(), tuple(sorted(members.split()))))
    status, seen = 0, set()
    for src in sorted(list(ROOT.glob("crates/*/src")) + [ROOT / "src-tauri" / "src"]):
        modules = crate_modules(src)
        graph = edges(modules, root_exports(src, modules))
        for component in cycles(graph):
            crate = src.parent.name
            key = (crate, tuple(component))
            seen.add(key)
            if key in known:
                continue
            detail = "; ".join(f"{m} -> {', '.join(sorted(graph[m] & set(component)))}" for m in component)
            print(f"error: new module cycle in {crate}: {detail}", file=sys.stderr)
            status = 1
        nested = nested_modules(src)
        graph = nested_edges(nested)
        for component in cycles(graph):
            if not any("::" in m for m in component):
                continue
            crate = src.parent.name
            key = (crate, tuple(component))
            seen.add(key)
            if key in known:
                continue
            detail = "; ".join(f"{m} -> {', '.join(sorted(graph[m] & set(component)))}" for m in component)
            print(f"error: new module cycle in {crate}: {detail}", file=sys.stderr)
            status = 1
    for crate, members in sorted(known - seen):
        print(f"module cycle {crate}: {' '.join(members)} is gone: remove it from {known_path.name}", file=sys.stderr)
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
