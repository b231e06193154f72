"""Cross-check `dust1947 battlefield measure|los|template|path` against the independent
reference (reference.py) on random tables.

    python scripts/bfref/crosscheck.py --bin target/debug/dust1947 --seed 1 --tables 30 \
        [--out DIR] [--corpus tests/fixtures/battlefield-geometry]

Each table is generated from the seed (the same seed, the same tables), checked with
`dust1947 battlefield check` (a table the checker refuses is reported and skipped), and queried
with every oracle; each answer is compared with the reference's. Borderline cases (the
reference's answer changes when the geometry is nudged by 0.02 cm) are not compared.
Disagreements are printed and the exit status is 1 when there is one. `--corpus DIR` writes the
tables and the reference's definite answers there (the fixed corpus the Rust test
tests/battlefield_geometry_corpus.rs replays).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import reference as R  # noqa: E402
from shapely.geometry import Point, Polygon  # noqa: E402
from shapely import affinity  # noqa: E402

AREA_KINDS = ["woods", "woods", "trees", "crops", "hedge", "rubble", "hill", "stream", "swamp", "crates", "gully"]
HARD_KINDS = ["wall", "cliff", "deep-water", "wreck", "anti-tank-trap"]
LOW_KINDS = ["trench", "barbed-wire", "minefield"]


def r1(x):
    return round(x, 1)


def rect(rng, cx, cy, w, h):
    ang = rng.choice([0, 0, 0, rng.uniform(0, 180)])
    p = Polygon([(cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w / 2, cy + h / 2), (cx - w / 2, cy + h / 2)])
    return affinity.rotate(p, ang, origin=(cx, cy))


def convex(rng, cx, cy, rad):
    pts = [(cx + rng.uniform(-rad, rad), cy + rng.uniform(-rad, rad)) for _ in range(rng.randint(5, 8))]
    return Polygon(pts).convex_hull


def ell(rng, cx, cy, s):
    a, b = s, s * rng.uniform(0.4, 0.7)
    return Polygon([(cx, cy), (cx + a, cy), (cx + a, cy + b), (cx + b, cy + b), (cx + b, cy + a), (cx, cy + a)])


def coords(poly):
    return [[r1(x), r1(y)] for x, y in list(poly.exterior.coords)[:-1]]


def gen_table(seed):
    rng = random.Random(seed)
    W, D = 120, 90
    lines = [f'name = "random {seed}"', f"size = [{W}, {D}]", 'source = "random table for the geometry cross-check"', ""]
    shapes = []  # (kind, shapely geom)
    for _ in range(rng.randint(5, 10)):
        roll = rng.random()
        cx, cy = rng.uniform(10, W - 10), rng.uniform(10, D - 10)
        if roll < 0.35:
            kind = rng.choice(AREA_KINDS)
            g = rng.choice([convex(rng, cx, cy, rng.uniform(6, 18)), rect(rng, cx, cy, rng.uniform(6, 30), rng.uniform(4, 25)), ell(rng, cx - 8, cy - 8, rng.uniform(12, 24))])
        elif roll < 0.55:
            kind = rng.choice(HARD_KINDS)
            if kind == "wall":
                g = rect(rng, cx, cy, rng.uniform(10, 30), 1.0)
            else:
                g = rect(rng, cx, cy, rng.uniform(4, 14), rng.uniform(3, 10))
        elif roll < 0.7:
            kind = "building"
            g = rect(rng, cx, cy, rng.uniform(12, 24), rng.uniform(10, 18))
            g = Polygon([(round(x), round(y)) for x, y in g.exterior.coords])
        elif roll < 0.8:
            kind = "smoke"
            g = Point(r1(cx), r1(cy)).buffer(6)
        else:
            kind = rng.choice(LOW_KINDS)
            g = rect(rng, cx, cy, rng.uniform(10, 30), rng.uniform(2, 6))
        g = g.intersection(Polygon([(0, 0), (W, 0), (W, D), (0, D)]))
        if g.is_empty or g.geom_type != "Polygon" or g.area < 4:
            continue
        if kind != "smoke":
            g = Polygon(coords(g))
            if not g.is_valid or g.area < 4:
                continue
        if any(g.intersects(s) for k, s in shapes if k in ("building",) or kind == "building"):
            continue
        shapes.append((kind, g))
        lines.append("[[terrain]]")
        lines.append(f'kind = "{kind}"')
        if kind == "smoke":
            lines.append(f"circle = [{r1(cx)}, {r1(cy)}, 6]")
        else:
            lines.append(f"polygon = {json.dumps(coords(g))}")
        if kind == "building":
            c = coords(g)
            i = rng.randrange(len(c))
            a, b = c[i], c[(i + 1) % len(c)]
            lines.append(f"doorways = [[{r1((a[0] + b[0]) / 2)}, {r1((a[1] + b[1]) / 2)}]]")
            j = (i + 2) % len(c)
            a, b = c[j], c[(j + 1) % len(c)]
            lines.append(f"windows = [[{r1((a[0] + b[0]) / 2)}, {r1((a[1] + b[1]) / 2)}]]")
        lines.append("")
    if rng.random() < 0.4:
        # A fortification, 10 cm clear of the edges and of impassable ground (else skipped).
        kind = rng.choice(["bunker", "strongpoint"])
        cx, cy = rng.uniform(20, W - 20), rng.uniform(20, D - 20)
        g = rect(rng, cx, cy, 10, 8)
        g = Polygon([(round(x), round(y)) for x, y in g.exterior.coords])
        clear = all(g.distance(o) >= 10.5 for k, o in shapes if k in ("wall", "cliff", "deep-water")) and all(
            not g.intersects(o) for _k, o in shapes
        )
        if clear:
            shapes.append((kind, g))
            lines += ["[[terrain]]", f'kind = "{kind}"', f"polygon = {json.dumps(coords(g))}"]
            if kind == "bunker":
                facing = rng.choice([0, 90, 180, 270])
                lines.append(f"facing = {facing}")
                fx, fy = R.facing_vec(facing)
                ring = coords(g)
                # The rear door: the middle of the edge farthest behind the facing.
                mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(ring, ring[1:] + ring[:1])]
                back = min(mids, key=lambda m: (m[0] - cx) * fx + (m[1] - cy) * fy)
                lines.append(f"doorways = [[{r1(back[0])}, {r1(back[1])}]]")
            lines.append("")
    forbidden_inf = [s for k, s in shapes if k in ("wall", "cliff", "deep-water")]
    forbidden_veh = forbidden_inf + [s for k, s in shapes if k in ("anti-tank-trap", "building", "bunker", "strongpoint")]
    # Places inside area terrain and fortifications, where sight and cover are decided.
    inside = [s.representative_point().coords[0] for k, s in shapes if k in ("woods", "trees", "building", "bunker", "strongpoint")]
    walls = []
    for k, s in shapes:
        if k == "building":
            walls.append(s.exterior)
    bodies = []
    cards = list(R.CARDS)
    for n in range(rng.randint(3, 6)):
        card = rng.choice(cards)
        kind, count = R.CARDS[card]
        side = "a" if n % 2 == 0 else "b"
        for attempt in range(40):
            cx, cy = rng.uniform(8, W - 8), rng.uniform(8, D - 8)
            if inside and kind != "vehicle" and attempt < 10 and rng.random() < 0.4:
                cx, cy = rng.choice(inside)
            facing = rng.choice([0, 45, 90, 135, 180, 270, rng.randrange(360)])
            pts, shp = [], []
            ok = True
            for k in range(count):
                if k == 0:
                    p = (cx, cy)
                else:
                    p = (cx + rng.uniform(-7, 7), cy + rng.uniform(-7, 7))
                p = (r1(p[0]), r1(p[1]))
                if kind == "vehicle":
                    s = R.hull_shape(p, 9.0, 6.0, facing)
                    bad = forbidden_veh
                else:
                    s = R.disc_shape(p, R.BASE_MM[kind] / 20.0)
                    bad = forbidden_inf
                x0, y0, x1, y1 = s.bounds
                if x0 < 0 or y0 < 0 or x1 > W or y1 > D:
                    ok = False
                elif any(s.intersects(b) for b in bad) or any(s.buffer(0.05).intersects(b) for b in bodies + shp):
                    ok = False
                elif kind != "vehicle" and any(s.buffer(0.05).intersects(w) for w in walls + [o.exterior for k2, o in shapes if k2 == "bunker"]):
                    ok = False
                if not ok:
                    break
                pts.append(list(p))
                shp.append(s)
            if ok:
                bodies.extend(shp)
                lines.append("[[unit]]")
                lines.append(f'name = "{card}"')
                lines.append(f'side = "{side}"')
                lines.append(f"at = {json.dumps(pts)}")
                if kind == "vehicle":
                    lines.append(f"facing = {facing}")
                lines.append("")
                break
    return "\n".join(lines) + "\n"


def run(binary, *args):
    p = subprocess.run([binary, "battlefield", *args], capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        return None, p.stderr.strip()
    return json.loads(p.stdout), None


def close(a, b, tol):
    return abs(a - b) <= tol


def queries(rng, t):
    qs = []
    names = [u.name for u in t.units]
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            qs.append(("measure", names[i], names[j]))
    pairs = [(a, b) for a in names for b in names if a != b]
    rng.shuffle(pairs)
    for a, b in pairs[:6]:
        qs.append(("los", a, b))
    for _ in range(3):
        u = rng.choice(t.units)
        m = rng.choice(u.minis)
        c = (r1(min(max(m.centre[0] + rng.uniform(-8, 8), 0), t.width)), r1(min(max(m.centre[1] + rng.uniform(-8, 8), 0), t.depth)))
        qs.append(("blast", c))
    inf = [(i, k) for i, u in enumerate(t.units) if u.kind == "infantry" for k in range(len(u.minis))]
    for _ in range(2):
        if not inf:
            break
        a = rng.choice(inf)
        other = rng.choice([u for u in t.units])
        tgt = rng.choice(other.minis).centre
        if math.dist(tgt, t.units[a[0]].minis[a[1]].centre) < 1:
            continue
        qs.append(("flame", a, (r1(tgt[0]), r1(tgt[1])), rng.choice([1, 2])))
    for _ in range(4):
        ui = rng.randrange(len(t.units))
        mi = rng.randrange(len(t.units[ui].minis))
        c = t.units[ui].minis[mi].centre
        to = (r1(min(max(c[0] + rng.uniform(-30, 30), 2), t.width - 2)), r1(min(max(c[1] + rng.uniform(-30, 30), 2), t.depth - 2)))
        qs.append(("path", (ui, mi), to, rng.choice([1, 2, 3]), rng.random() < 0.4))
    return qs


def compare(binary, path, t, q, problems, expected):
    kind = q[0]
    where = f"{os.path.basename(path)} {q}"
    if kind == "measure":
        ours, err = run(binary, "measure", path, q[1], q[2], "--json")
        ref = R.measure(t, t.unit(q[1]), t.unit(q[2]))
        if ours is None:
            problems.append((where, "error", err))
            return
        d = ref["distance_cm"]
        if not close(ours["distance_cm"], d, 0.02):
            problems.append((where, "distance", ours["distance_cm"], d))
        near_band = abs(d / 10 - round(d / 10)) * 10 <= 0.02
        if not near_band and ours["range"] != ref["range"]:
            problems.append((where, "range", ours["range"], ref["range"]))
        if abs(d - 5) > 0.02 and ours["close"] != ref["close"]:
            problems.append((where, "close", ours["close"], ref["close"]))
        exp = {"distance_cm": round(d, 3)}
        if not near_band:
            exp["range"] = ref["range"]
        if abs(d - 5) > 0.02:
            exp["close"] = ref["close"]
        expected.append({"query": ["measure", q[1], q[2]], "expect": exp})
    elif kind == "los":
        ours, err = run(binary, "los", path, q[1], q[2], "--json")
        ref = R.los(t, t.unit(q[1]), t.unit(q[2]))
        if ours is None:
            problems.append((where, "error", err))
            return
        exp = {}
        for key in ("los", "cover"):
            if ref[key] is not None:
                exp[key] = ref[key]
                if ours[key] != ref[key]:
                    problems.append((where, key, ours[key], ref[key]))
        minis = []
        for po, pr in zip(ours["miniatures"], ref["miniatures"]):
            e = {"attacker": pr["attacker"], "target": pr["target"]}
            for key in ("los", "cover"):
                if pr[key] is not None:
                    e[key] = pr[key]
                    if po[key] != pr[key]:
                        problems.append((where, f"m{pr['attacker']}->m{pr['target']} {key}", po[key], pr[key]))
            minis.append(e)
        exp["miniatures"] = minis
        expected.append({"query": ["los", q[1], q[2]], "expect": exp})
    elif kind in ("blast", "flame"):
        if kind == "blast":
            args = ["template", path, "--blast", f"{q[1][0]},{q[1][1]}", "--json"]
            ref = R.blast(t, q[1])
            qj = ["blast", list(q[1])]
        else:
            (ui, mi), aim, rng_ = q[1], q[2], q[3]
            spec = f"{t.units[ui].name}:{mi},{aim[0]},{aim[1]}"
            args = ["template", path, "--flame", spec, "--range", str(rng_), "--json"]
            ref = R.flame(t, (ui, mi), aim, rng_)
            qj = ["flame", spec, rng_]
        ours, err = run(binary, *args)
        if ours is None:
            problems.append((where, "error", err))
            return
        got = {}
        for u in ours["units"]:
            for m in u["miniatures"]:
                got[(u["unit"], m)] = True
            for m in u["out_of_los"]:
                got[(u["unit"], m)] = False
        exp_units = []
        for un, ms in ref.items():
            for m, v in ms.items():
                if v is None:
                    continue
                exp_units.append([un, m, v])
                if got.get((un, m)) != v:
                    problems.append((where, f"{un} m{m}", got.get((un, m)), v))
        known = {(un, m) for un, ms in ref.items() for m in ms}
        for k, v in got.items():
            if k not in known:
                problems.append((where, f"{k[0]} m{k[1]} (not under the template in the reference)", v, None))
        expected.append({"query": qj, "expect": {"under": exp_units, "only": sorted([list(k) for k in known])}})
    elif kind == "path":
        (ui, mi), to, move, march = q[1], q[2], q[3], q[4]
        spec = f"{t.units[ui].name}:{mi}"
        args = ["path", path, spec, f"{to[0]},{to[1]}", "--move", str(move), "--json"] + (["--march"] if march else [])
        ours, err = run(binary, *args)
        ref = R.path(t, ui, mi, to, move, march)
        if ours is None:
            problems.append((where, "error", err))
            return
        allowance = 10.0 * move * (2 if march else 1)
        cap = 40.0 if march else 20.0
        L = ref["length_cm"]
        border = ref["legal"] is None or (L is not None and (abs(L - allowance) < 0.6 or abs(L - min(cap, allowance)) < 0.6))
        exp = {}
        if not border:
            exp["legal"] = ref["legal"]
            if ours["legal"] != ref["legal"]:
                problems.append((where, "legal", (ours["legal"], ours["length_cm"], ours["reason"]), (ref["legal"], L, ref["reason"])))
        if ref["legal"] and ours["legal"]:
            # Within the lengths of the thinner and the wider mover, give or take 1% + 3 mm.
            lo, hi = (x if x is not None else L for x in ref.get("length_range", (L, L)))
            tol = 0.3 + 0.01 * L
            if not (min(lo, hi) - tol <= ours["length_cm"] <= max(lo, hi) + tol):
                problems.append((where, "length", ours["length_cm"], (lo, hi)))
        if ref["legal"] and not border:
            exp["length_cm"] = round(L, 2)
        expected.append({"query": ["path", spec, list(to), move, march], "expect": exp})


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="target/debug/dust1947")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--out", default=None, help="where to keep the generated tables (default: a temporary folder)")
    ap.add_argument("--corpus", default=None, help="write tables and the reference's answers here")
    ap.add_argument("--only", default=None, help="only these kinds of query, comma-separated")
    a = ap.parse_args()
    out = a.out or tempfile.mkdtemp(prefix="bfref-")
    os.makedirs(out, exist_ok=True)
    if a.corpus:
        os.makedirs(a.corpus, exist_ok=True)
    problems, refused, n_queries = [], [], 0
    only = set(a.only.split(",")) if a.only else None
    for k in range(a.tables):
        seed = a.seed * 100_000 + k
        text = gen_table(seed)
        path = os.path.join(a.corpus or out, f"random-{seed}.toml")
        with open(path, "w") as f:
            f.write(text)
        p = subprocess.run([a.bin, "battlefield", "check", path], capture_output=True, text=True)
        if p.returncode != 0:
            refused.append((path, p.stderr.strip()))
            os.remove(path)
            continue
        t = R.load(path)
        expected = []
        for q in queries(random.Random(seed), t):
            if only and q[0] not in only:
                continue
            n_queries += 1
            compare(a.bin, path, t, q, problems, expected)
        if a.corpus:
            with open(path[:-5] + ".expected.json", "w") as f:
                json.dump(expected, f, indent=1)
                f.write("\n")
    for r in refused:
        print("REFUSED", *r, sep="\n  ")
    for p in problems:
        print("DISAGREE", *p)
    print(f"{a.tables} tables ({len(refused)} refused by check), {n_queries} queries, {len(problems)} disagreements; tables in {a.corpus or out}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
