#!/usr/bin/env python3
"""No function of the reading or the engine crate runs over 120 lines: a rule a new way of writing
must meet is found in a function a person can read whole. Tests (`tests.rs` files and files under
`tests/`) are left out. Lines from a function's signature to its closing brace."""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CRATES = ["crates/reading/src", "crates/engine/src"]
LIMIT = 120
SIGNATURE = re.compile(r"^(\s*)(pub(\([a-z]+\))? )?(async )?fn (\w+)")


def long_functions():
    for root in CRATES:
        for path in sorted((ROOT / root).rglob("*.rs")):
            if path.name == "tests.rs" or "tests" in path.relative_to(ROOT / root).parts[:-1]:
                continue
            lines = path.read_text(encoding="utf-8").split("\n")
            for at, line in enumerate(lines):
                found = SIGNATURE.match(line)
                if not found:
                    continue
                indent = found.group(1)
                for end in range(at + 1, len(lines)):
                    if lines[end] == indent + "}":
                        if end - at > LIMIT:
                            yield path.relative_to(ROOT), found.group(5), end - at
                        break


def main():
    over = list(long_functions())
    for path, name, length in over:
        print(f"error: {path}: {name} is {length} lines (at most {LIMIT}); split it by what its parts do", file=sys.stderr)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
