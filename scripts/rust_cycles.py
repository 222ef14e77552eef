#!/usr/bin/env python3
"""Print module import circles per crate: python3 scripts/rust_cycles.py crates"""
import os, re, sys
root = sys.argv[1] if len(sys.argv) > 1 else "crates"
def modpath(src, f):
    rel = os.path.relpath(f, src)[:-3].split(os.sep)
    if rel[-1] in ("lib", "main", "mod"): rel = rel[:-1]
    return tuple(rel)
found = False
for crate in sorted(os.listdir(root)):
    src = os.path.join(root, crate, "src")
    if not os.path.isdir(src): continue
    files = {}
    for d, _, fs in os.walk(src):
        for f in fs:
            if f.endswith(".rs"): files[modpath(src, os.path.join(d, f))] = os.path.join(d, f)
    mods = set(files)
    def resolve(parts):
        best = None
        for i in range(1, len(parts) + 1):
            if tuple(parts[:i]) in mods: best = tuple(parts[:i])
        return best
    edges = {m: set() for m in mods}
    for m, f in files.items():
        text = open(f).read()
        text = re.sub(r"#\[cfg\(test\)\]\s*mod tests\s*\{.*", "", text, flags=re.S)
        # expand `use crate::{a, b::c}` groups roughly
        for mt in re.finditer(r"\b(crate|super)((?:::\{?\s*[A-Za-z_][A-Za-z0-9_]*)+)", text):
            base = [] if mt.group(1) == "crate" else list(m[:-1] if not files[m].endswith(("mod.rs","lib.rs","main.rs")) else m)[:-1] if False else None
            segs = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", mt.group(2))
            if mt.group(1) == "crate": parts = segs
            else:
                isdir = files[m].endswith(("mod.rs", "lib.rs", "main.rs"))
                parent = list(m) if isdir else list(m[:-1])
                parts = parent[:-1] + segs if False else parent + segs
                # super:: from a file module means its parent module
                parts = (list(m[:-1]) + segs) if not isdir else (list(m[:-1]) + segs)
            r = resolve(parts)
            if r is not None and r != m and r != ():
                edges[m].add(r)
        for mt in re.finditer(r"crate::\{([^}]*)\}", text):
            for seg in re.findall(r"(?:^|,)\s*([a-z_][a-z0-9_]*)", mt.group(1)):
                r = resolve([seg])
                if r and r != m: edges[m].add(r)
    # drop edges from a module to its own ancestors/descendants (parent declares child)
    idx = {}; low = {}; stack = []; on = set(); out = []; c = [0]
    sys.setrecursionlimit(10000)
    def sc(v):
        idx[v] = low[v] = c[0]; c[0] += 1; stack.append(v); on.add(v)
        for w in edges[v]:
            if w not in idx: sc(w); low[v] = min(low[v], low[w])
            elif w in on: low[v] = min(low[v], idx[w])
        if low[v] == idx[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v: break
            if len(comp) > 1: out.append(comp)
    for v in mods:
        if v not in idx: sc(v)
    for comp in out:
        found = True
        print(crate + ": " + " <-> ".join("::".join(x) for x in sorted(comp)))
sys.exit(1 if found else 0)
