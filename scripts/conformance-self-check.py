#!/usr/bin/env python3
"""Self-check of the conformance tables (docs/conformance/*.md).

For every row: the id is the next in sequence, the status is one of the agreed forms, a
`tested` row names a test, every test named exists (`<path>::<name>`: the file exists and holds
`fn <name>(`), every ruling named is a `## ` heading of docs/rulings.md, and every fragment of
the quote (the parts between `" … "`) is in the seed the source names (whitespace collapsed).
The seeds are read from $DUST_SEEDS, else ../shared/seeds next to the repository; the quote
check is skipped when they are missing.

    python3 scripts/conformance-self-check.py [--allow PATH::NAME ...] [TABLE.md ...]

`--allow` names tests that may be missing (written on another branch, not yet merged). Exits 1
when a problem is found. The checker every build runs is tests/conformance.rs; this script adds
the quote check and can be run on a branch alone.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STATUS = re.compile(r"^(tested|tested; ruling: .+|ruling: .+|not a program rule: .+|open: .+)$")


def cells(line):
    # Split a table row on unescaped pipes.
    parts = re.split(r"(?<!\\)\|", line.strip())
    return [p.strip().replace("\\|", "|") for p in parts[1:-1]]


def main(argv):
    allow, tables = set(), []
    it = iter(argv)
    for a in it:
        if a == "--allow":
            allow.add(next(it))
        else:
            tables.append(a)
    if not tables:
        d = os.path.join(ROOT, "docs", "conformance")
        tables = sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".md"))
    rulings = set()
    with open(os.path.join(ROOT, "docs", "rulings.md"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("## "):
                rulings.add(line[3:].strip())
    seeds = os.environ.get("DUST_SEEDS") or os.path.join(os.path.dirname(ROOT), "shared", "seeds")
    if not os.path.isdir(seeds):
        seeds = os.path.join(os.path.dirname(os.path.dirname(ROOT)), "shared", "seeds")
    seed_text = {}
    problems, allowed_missing = [], set()
    for table in tables:
        rows = []
        with open(table, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if line.startswith("|") and not line.startswith("| id") and not line.startswith("|---"):
                    rows.append((n, cells(line)))
        prefix = None
        for k, (n, c) in enumerate(rows, 1):
            where = "%s:%d" % (os.path.relpath(table, ROOT), n)
            if len(c) != 5:
                problems.append("%s: %d columns, not 5" % (where, len(c)))
                continue
            rid, source, quote, status, tests = c
            m = re.match(r"^([A-Z])-(\d{3})$", rid)
            prefix = prefix or (m and m.group(1))
            if not m or m.group(1) != prefix or int(m.group(2)) != k:
                problems.append("%s: id %s, expected %s-%03d" % (where, rid, prefix, k))
            if not STATUS.match(status):
                problems.append("%s: status %r" % (where, status))
            names = re.findall(r"`([^`]+)`", tests)
            if status.startswith("tested") and not names:
                problems.append("%s: a tested row names no test" % where)
            for t in names:
                path, _, name = t.partition("::")
                full = os.path.join(ROOT, path)
                ok = os.path.isfile(full) and re.search(r"\bfn %s\(" % re.escape(name), open(full, encoding="utf-8").read())
                if not ok:
                    if t in allow:
                        allowed_missing.add(t)
                    else:
                        problems.append("%s: no test %s" % (where, t))
            r = re.search(r"ruling: (.+)$", status)
            if r and r.group(1).strip() not in rulings:
                problems.append("%s: no ruling heading %r in docs/rulings.md" % (where, r.group(1).strip()))
            seed = source.split(",")[0].strip()
            path = os.path.join(seeds, seed)
            if os.path.isfile(path):
                if seed not in seed_text:
                    seed_text[seed] = " ".join(open(path, encoding="utf-8").read().split())
                frags = [q.strip().strip('"') for q in quote.split("…")]
                for fr in frags:
                    fr = " ".join(fr.split())
                    if fr and fr not in seed_text[seed]:
                        problems.append("%s: not in %s: %r" % (where, seed, fr))
        print("%s: %d rows" % (os.path.relpath(table, ROOT), len(rows)))
    for p in problems:
        print(p)
    if allowed_missing:
        print("%d allowed tests not on this branch: %s" % (len(allowed_missing), ", ".join(sorted(allowed_missing))))
    if not seed_text:
        print("(seeds not found: quotes not checked)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
