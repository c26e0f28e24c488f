#!/usr/bin/env python3
"""The house's shape, checked: files a reader can hold, functions a reader can follow, and
dependencies between modules that run one way.

Under `src/` and `import/src/` it lists
  - files over 800 lines (fails unless the file's first comment lines say why it is long, with the
    word "long" in them),
  - files over 1,200 lines (always fails),
  - functions over 150 lines (always fails),
  - circles of imports between modules (always fails). A module is a file; an import is a path
    naming another file's module (`use crate::a::b`, `crate::a::b::f()`, `super::x`). A parent
    reaching into its children is not counted: a folder's `mod.rs` is the face of its files.
Run it from the repository's root: `python3 scripts/structure.py`. Exit 0 when all is well.
"""

import os
import re
import sys

LONG_FILE = 800
TOO_LONG_FILE = 1200
LONG_FN = 150
ROOTS = {"src": "annals", "import/src": "annals_import"}

FN = re.compile(r"^(\s*)(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?(extern\s+\"C\"\s+)?fn\s+(\w+)")
PATH = re.compile(r"\b(crate|super|self)((?:::\w+)+)")
USE = re.compile(r"^\s*(pub(\([^)]*\))?\s+)?use\s+([^;]+);", re.M | re.S)


def rust_files(top):
    for root, _, files in os.walk(top):
        for f in sorted(files):
            if f.endswith(".rs"):
                yield os.path.join(root, f)


def module_of(top, path):
    """The module path of a file, as a tuple: src/a/mod.rs -> ('a',), src/a/b.rs -> ('a', 'b')."""
    rel = os.path.relpath(path, top)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return tuple(rel)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def strip_tests(text):
    """Drops `#[cfg(test)] mod … { … }` blocks: tests may reach anywhere."""
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{", text):
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


def expand_use(tree):
    """`a::{b, c::{d}}` -> ['a::b', 'a::c::d'] (enough for finding module paths)."""
    tree = re.sub(r"\s+", "", tree)
    m = re.match(r"^([^{]*)\{(.*)\}$", tree)
    if not m:
        return [re.sub(r"as\w+$", "", tree)]
    head, body = m.group(1), m.group(2)
    parts, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += {"{": 1, "}": -1}.get(ch, 0)
        cur += ch
    parts.append(cur)
    return [p for part in parts if part for p in expand_use(head + part)]


def resolve(modules, here, path):
    """The file-module a path names, or None: the longest known module prefix of it."""
    segs = path.split("::")
    if segs[0] == "crate":
        base, rest = (), segs[1:]
    elif segs[0] in ("super", "self"):
        base = here
        rest = segs
        while rest and rest[0] in ("super", "self"):
            if rest[0] == "super":
                base = base[:-1]
            rest = rest[1:]
    else:
        return None
    full = base + tuple(rest)
    for n in range(len(full), -1, -1):
        if full[:n] in modules:
            return full[:n]
    return None


def edges_of(top, modules, path):
    here = module_of(top, path)
    text = strip_tests(strip_comments(open(path, encoding="utf-8").read()))
    targets = set()
    for m in USE.finditer(text):
        for p in expand_use(m.group(3)):
            t = resolve(modules, here, p)
            if t is not None:
                targets.add(t)
    for m in PATH.finditer(text):
        t = resolve(modules, here, m.group(1) + m.group(2))
        if t is not None:
            targets.add(t)
    # a module's own face and its children are not dependencies of it
    return {t for t in targets if t != here and t[: len(here)] != here}


def circles(graph):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def long_functions(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    found = []
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m or line.rstrip().endswith(";"):
            continue
        indent = len(m.group(1))
        # the body ends at the first line with the fn's indentation that closes it
        for j in range(i + 1, len(lines)):
            s = lines[j]
            if s.strip() and len(s) - len(s.lstrip()) == indent and s.lstrip().startswith("}"):
                if j - i + 1 > LONG_FN:
                    found.append((m.group(8), i + 1, j - i + 1))
                break
    return found


def says_why(path):
    head = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("//"):
            head.append(line)
        elif line.strip():
            break
    return "long" in "".join(head).lower()


def main():
    failures, notes = [], []
    for top in ROOTS:
        files = list(rust_files(top))
        modules = {module_of(top, f): f for f in files}
        graph = {}
        for f in files:
            n = sum(1 for _ in open(f, encoding="utf-8"))
            if n > TOO_LONG_FILE:
                failures.append(f"{f}: {n} lines (more than {TOO_LONG_FILE})")
            elif n > LONG_FILE:
                if says_why(f):
                    notes.append(f"{f}: {n} lines, says why at its top")
                else:
                    failures.append(f"{f}: {n} lines, and its first lines do not say why it is long")
            for name, line, length in long_functions(f):
                failures.append(f"{f}:{line}: fn {name} is {length} lines (more than {LONG_FN})")
            graph[module_of(top, f)] = edges_of(top, modules, f)
        for comp in circles(graph):
            names = ", ".join(modules[m] for m in comp)
            ties = []
            for a in comp:
                for b in sorted(graph[a]):
                    if b in comp:
                        ties.append(f"{modules[a]} -> {modules[b]}")
            failures.append(f"circle of imports: {names}\n    " + "\n    ".join(ties))
    for n in notes:
        print("note:", n)
    for f in failures:
        print("FAIL:", f)
    print(f"structure: {len(failures)} problems, {len(notes)} long files that say why")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
