"""An independent reference for Dust Battlefield's table geometry, written from the book's words
(tactics-battlefield-summary.md) and the project's rulings "Battlefield: ..." (docs/rulings.md),
in floating point with shapely, without reading dust-geom's code.

It answers the five oracles' questions (measure, los, template, path) for a table file and is
used by crosscheck.py to compare `dust1947 battlefield ...` on many random tables.

Where the Rust crate samples or decides on integers, this reference works on the continuous
shapes: lines of sight join *any* point of one body to *any* point of the other (dense samples
of the whole body), cover tests every point of the attacker's body, paths run through the
configuration space (obstacles grown by the mover's radius) by a visibility graph. Each boolean
is computed twice, with the geometry nudged by EPS each way: when the two disagree the case is
"borderline" (a tie the book cannot settle to 0.1 mm) and is not compared.

Reading of the book (each a quote or a ruling):
- bodies: infantry, heroes, support weapons are round bases; vehicles and aircraft hulls, a
  rectangle `length x width` turned to the facing (0 = +y, clockwise) ("Battlefield: a body is
  what it covers on the table").
- measure: "Measure range from each attacking miniature to the nearest miniature in the target
  unit ... from the base edges ... to and from the miniature's body, hull or turret"; "Each
  point of a weapon's Range equals 10cm"; close combat "within 5cm".
- los: "Trace an imaginary line from any point on the attacking miniature's body ... to any
  point on the body ... of a miniature in the target unit. If every imaginary line ... passes
  through or touches blocking terrain, a vehicle, or an aircraft, then LOS is blocked."
  "An infantry miniature does not block LOS"; woods/trees/buildings/smoke: a line running more
  than 10 cm inside (30 cm when both ends are inside) is blocked ("Battlefield: area terrain
  along the line of sight"); bunkers: "Units in bunkers can only see and be seen from 90°
  either side of the direction the bunker is facing".
- cover: "A unit is in cover if the attacking unit cannot draw a line from at least one point
  on its body ... to all points in the target miniature's body ... without passing through
  intervening terrain or smoke. If there is no LOS to a miniature, it is in cover. An infantry
  unit is in cover from an attacking miniature if at least half of the unit is in cover from
  that attacking miniature." "Infantry units in trenches are in cover".
- templates: blast: "Roll 1 die for each miniature (including friendlies) that has its base ...
  or body, hull or turret ... at least partly under the template. Miniatures not in LOS of the
  centre of the template cannot be hit"; flame: the template touches the attacker's base or
  hull, points away from its centre, "Only miniatures in LOS of the attacking miniature can be
  hit".
- path: "Miniatures can only move up to MOVE 2 (20cm/8") or MARCH MOVE 4 (40cm/16") when
  moving into, through, or out of terrain", "Units cannot move through impassable terrain",
  walls except doorways (windows: infantry), "A vehicle cannot pass through a friendly vehicle,
  but otherwise, any miniature may pass through a friendly miniature ... Infantry and vehicles
  cannot pass through enemy infantry or vehicles, but can move under an enemy aircraft", "A
  miniature cannot end its movement with its base on or overlapping another miniature's base".
"""

from __future__ import annotations

import heapq
import math
import tomllib
from dataclasses import dataclass, field

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box

EPS = 0.02  # cm: how far the geometry is nudged to find ties

# Kinds: (sight, going, cover) as in docs/table-format.md's table.
KINDS = {
    "woods": ("area", "difficult", True),
    "trees": ("area", "difficult", True),
    "crops": ("clear", "difficult", True),
    "hedge": ("clear", "difficult", True),
    "crates": ("clear", "difficult", True),
    "rubble": ("clear", "difficult", True),
    "stream": ("clear", "difficult", False),
    "swamp": ("clear", "difficult", False),
    "gully": ("clear", "difficult", True),
    "hill": ("clear", "difficult", True),
    "building": ("area", "walled", True),
    "cliff": ("blocks", "impassable", True),
    "deep-water": ("clear", "impassable", False),
    "wall": ("blocks", "impassable", True),
    "smoke": ("area", "open", True),
    "trench": ("clear", "open", False),
    "barbed-wire": ("clear", "open", False),
    "minefield": ("clear", "open", False),
    "anti-tank-trap": ("clear", "vehicle-barrier", True),
    "bunker": ("blocks", "bunker", True),
    "strongpoint": ("blocks", "strongpoint", True),
    "wreck": ("blocks", "difficult", True),
}

# The cards the generator places: (kind, miniatures, default base mm or hull cm).
CARDS = {
    "Hell Boys": ("infantry", 5),
    "Laser Grenadiers": ("infantry", 5),
    "Recon Grenadiers": ("infantry", 5),
    "Bot Hunters": ("infantry", 5),
    "Rhino": ("hero", 1),
    "Lara": ("hero", 1),
    "Sigrid": ("hero", 1),
    "Bazooka Joe": ("hero", 1),
    "Action Jackson": ("hero", 1),
    "Pounder": ("vehicle", 1),
    "Hot Dog": ("vehicle", 1),
    "Ludwig": ("vehicle", 1),
}
BASE_MM = {"infantry": 25.0, "hero": 30.0}
HULL = {"vehicle": (9.0, 6.0)}
BLAST_DIAMETER = 12.0
FLAME_SHORT = (10.0, 2.0, 5.0)
FLAME_LONG = (25.0, 2.0, 8.0)


@dataclass
class Piece:
    name: str
    kind: str
    geom: Polygon
    sight: str
    going: str
    cover: bool
    facing: int | None = None
    walls: list = field(default_factory=list)  # [(LineString, window)]


@dataclass
class Mini:
    centre: tuple
    shape: Polygon  # the body
    r: float  # base radius, or half the hull's narrower side (the corridor it moves in)
    disc: bool


@dataclass
class Unit:
    name: str
    card: str
    side: str
    kind: str  # infantry | vehicle
    facing: int
    minis: list


@dataclass
class Table:
    width: float
    depth: float
    pieces: list
    units: list
    blast_r: float
    flame_short: tuple
    flame_long: tuple

    def unit(self, name):
        for i, u in enumerate(self.units):
            if u.name.lower() == name.strip().lower():
                return i
        raise KeyError(name)


def facing_vec(deg):
    a = math.radians(deg)
    return (math.sin(a), math.cos(a))


def hull_shape(c, length, width, facing):
    fx, fy = facing_vec(facing)
    rx, ry = fy, -fx
    hl, hw = length / 2, width / 2
    pts = [
        (c[0] + fx * f + rx * r, c[1] + fy * f + ry * r)
        for f, r in [(hl, hw), (hl, -hw), (-hl, -hw), (-hl, hw)]
    ]
    return Polygon(pts)


def disc_shape(c, r, n=64):
    return Point(c).buffer(r, quad_segs=n // 4)


def cut_openings(poly, doors, windows, width):
    """The outline's walls with doorways cut out and windows marked: [(segment, window)]."""
    ring = list(poly.exterior.coords)
    walls = []
    for i in range(len(ring) - 1):
        walls.append((ring[i], ring[i + 1], []))

    def nearest(p):
        best, bi = None, None
        for i, (a, b, _) in enumerate(walls):
            d = LineString([a, b]).distance(Point(p))
            if best is None or d < best:
                best, bi = d, i
        return bi

    for pts, window in ((doors, False), (windows, True)):
        for p in pts:
            i = nearest(p)
            a, b, cuts = walls[i]
            seg = LineString([a, b])
            t = seg.project(Point(p)) / seg.length
            h = width / 2 / seg.length
            cuts.append((max(0.0, t - h), min(1.0, t + h), window))
    out = []
    for a, b, cuts in walls:
        seg = LineString([a, b])
        pos = 0.0
        for t0, t1, window in sorted(cuts):
            if t0 > pos:
                out.append((shapely.ops.substring(seg, pos, t0, normalized=True), False))
            if window:
                out.append((shapely.ops.substring(seg, t0, t1, normalized=True), True))
            pos = max(pos, t1)
        if pos < 1.0:
            out.append((shapely.ops.substring(seg, pos, 1.0, normalized=True), False))
    return out


def load(path):
    with open(path, "rb") as f:
        d = tomllib.load(f)
    w, dep = d["size"]
    tpl = d.get("templates", {})
    pieces = []
    for i, t in enumerate(d.get("terrain", [])):
        kind = t["kind"]
        sight, going, cover = KINDS[kind]
        if "circle" in t:
            x, y, r = t["circle"]
            geom = disc_shape((x, y), r, 256)
        else:
            geom = Polygon(t["polygon"])
        if "blocks_los" in t:
            sight = ("area" if sight == "area" else "blocks") if t["blocks_los"] else "clear"
        cover = t.get("cover", cover)
        p = Piece(t.get("name", f"{kind} {i + 1}"), kind, geom, sight, going, cover, t.get("facing"))
        if going in ("walled", "bunker"):
            p.walls = cut_openings(geom, t.get("doorways", []), t.get("windows", []), t.get("opening_width", 6.0))
        pieces.append(p)
    units = []
    seen = {}
    for u in d.get("unit", []):
        card = u["name"]
        kind, _n = CARDS[card]
        facing = u.get("facing", 0)
        minis = []
        for c in u["at"]:
            c = tuple(c)
            if kind == "vehicle":
                length, width = u.get("hull", HULL[kind])
                minis.append(Mini(c, hull_shape(c, length, width, facing), min(length, width) / 2, False))
            else:
                r = u.get("base_mm", BASE_MM[kind]) / 20.0
                minis.append(Mini(c, disc_shape(c, r), r, True))
        k = card.lower()
        seen[k] = seen.get(k, 0) + 1
        name = card if seen[k] == 1 else f"{card} #{seen[k]}"
        units.append(Unit(name, card, u["side"], "vehicle" if kind == "vehicle" else "infantry", facing, minis))
    return Table(
        w,
        dep,
        pieces,
        units,
        tpl.get("blast_diameter", BLAST_DIAMETER) / 2,
        tuple(tpl.get("flame_short", FLAME_SHORT)),
        tuple(tpl.get("flame_long", FLAME_LONG)),
    )


# ---------------------------------------------------------------------------------------------
# measure


def gap(a: Mini, b: Mini):
    if a.disc and b.disc:
        return max(0.0, math.dist(a.centre, b.centre) - a.r - b.r)
    if a.disc:
        return max(0.0, b.shape.distance(Point(a.centre)) - a.r)
    if b.disc:
        return max(0.0, a.shape.distance(Point(b.centre)) - b.r)
    return a.shape.distance(b.shape)


def band(d):
    return max(1, math.ceil(d / 10.0 - 1e-12))


def measure(t: Table, ua, ub):
    best = min(gap(a, b) for a in t.units[ua].minis for b in t.units[ub].minis)
    return {"distance_cm": best, "range": band(best), "close": best <= 5.0}


# ---------------------------------------------------------------------------------------------
# line of sight


def samples(m: Mini):
    """Points of a body: its centre, its rim and inner rings (a base), or a grid and the
    outline every 0.5 cm (a hull). The reference's stand-in for "any point"."""
    cx, cy = m.centre
    if m.disc:
        pts = [(cx, cy)]
        for frac, n in ((1.0, 48), (0.5, 16)):
            for k in range(n):
                a = 2 * math.pi * k / n
                pts.append((cx + m.r * frac * math.cos(a), cy + m.r * frac * math.sin(a)))
        return np.array(pts)
    ring = LineString(m.shape.exterior.coords)
    n = max(8, int(ring.length / 0.5))
    pts = [ring.interpolate(k / n, normalized=True).coords[0] for k in range(n)]
    pts.append((cx, cy))
    return np.array(pts)


def _segments(P, Q):
    """All segments from each point of P to each point of Q, as (n, 2, 2)."""
    a = np.repeat(P, len(Q), axis=0)
    b = np.tile(Q, (len(P), 1))
    return a, b


def blocked_mask(t: Table, a, b, skip, eps):
    """For segments a[i] -> b[i]: blocked? `eps` > 0 makes blockers larger (fewer lines),
    < 0 smaller."""
    lines = shapely.linestrings(np.stack([a, b], axis=1))
    out = np.zeros(len(a), dtype=bool)
    pa, pb = shapely.points(a), shapely.points(b)
    for p in t.pieces:
        if p.sight == "clear":
            continue
        g = p.geom if eps == 0 else p.geom.buffer(eps, quad_segs=8)
        if p.sight == "blocks":
            hit = shapely.intersects(lines, g)
            if p.kind in ("bunker", "strongpoint"):
                gi = p.geom.buffer(-eps, quad_segs=8) if eps > 0 else g
                ina, inb = shapely.covers(gi, pa), shapely.covers(gi, pb)
                inside = ina | inb
                hit = np.where(inside, False, hit)
                if p.kind == "bunker" and p.facing is not None:
                    fx, fy = facing_vec(p.facing)
                    src = np.where(ina[:, None], a, b)
                    dst = np.where(ina[:, None], b, a)
                    v = dst - src
                    dot = v[:, 0] * fx + v[:, 1] * fy
                    limit = eps * np.hypot(v[:, 0], v[:, 1]) * 0.01
                    arc_out = inside & ~(ina & inb) & (dot < limit)
                    hit = hit | arc_out
            out |= hit
        else:  # area
            g0 = p.geom
            inside_len = shapely.length(shapely.intersection(lines, g0))
            both = shapely.covers(g0, pa) & shapely.covers(g0, pb)
            limit = np.where(both, 30.0, 10.0) - eps
            out |= inside_len > limit
    for ui, u in enumerate(t.units):
        if u.kind != "vehicle":
            continue
        for mi, m in enumerate(u.minis):
            if (ui, mi) in skip:
                continue
            g = m.shape if eps == 0 else m.shape.buffer(eps, quad_segs=8)
            out |= shapely.intersects(lines, g)
    return out


def mini_sees(t, a, b, eps):
    ma, mb = t.units[a[0]].minis[a[1]], t.units[b[0]].minis[b[1]]
    A, B = _segments(samples(ma), samples(mb))
    return not blocked_mask(t, A, B, {a, b}, eps).all()


def point_sees(t, p, b, eps):
    mb = t.units[b[0]].minis[b[1]]
    Q = samples(mb)
    P = np.repeat(np.array([p]), len(Q), axis=0)
    return not blocked_mask(t, P, Q, {b}, eps).all()


def tri(x):
    """True / False, or None when the two nudged answers differ."""
    lo, hi = x
    return lo if lo == hi else None


def mini_cover(t, a, b, eps):
    """In cover: no point of the attacker's body sees the whole target body clear of
    intervening terrain (eps > 0: terrain larger)."""
    ma, mb = t.units[a[0]].minis[a[1]], t.units[b[0]].minis[b[1]]
    tu = t.units[b[0]]
    if tu.kind == "infantry":
        for p in t.pieces:
            if p.kind == "trench" and p.geom.buffer(eps).covers(Point(mb.centre)):
                return True
    target = mb.shape
    tpts = list(target.exterior.coords)
    for p in samples(ma):
        cone = MultiPoint(tpts + [tuple(p)]).convex_hull
        hidden = False
        for piece in t.pieces:
            if not piece.cover:
                continue
            g = piece.geom.buffer(eps, quad_segs=8) if eps else piece.geom
            if g.covers(Point(p)) and not g.intersects(target):
                continue
            if cone.intersects(g):
                hidden = True
                break
        if not hidden:
            return False
    return True


def los(t: Table, ua, ub):
    A, B = t.units[ua], t.units[ub]
    pairs = []
    for i in range(len(A.minis)):
        for j in range(len(B.minis)):
            # Strict (blockers grown) and loose (shrunk).
            seen = tri((mini_sees(t, (ua, i), (ub, j), EPS), mini_sees(t, (ua, i), (ub, j), -EPS)))
            if seen is False:
                cover = True
            else:
                c = tri((mini_cover(t, (ua, i), (ub, j), -EPS), mini_cover(t, (ua, i), (ub, j), EPS)))
                cover = c if seen else (True if c else None)
            pairs.append({"attacker": i, "target": j, "los": seen, "cover": cover})
    los_any = unknown_or(any, [p["los"] for p in pairs])
    n = len(B.minis)
    cover_from = []
    unsure = False
    for i in range(len(A.minis)):
        row = [p["cover"] for p in pairs if p["attacker"] == i]
        lo = sum(1 for c in row if c is True)
        hi = sum(1 for c in row if c is not False)
        need = (lambda k: 2 * k >= n) if B.kind == "infantry" else (lambda k: k == n)
        if need(lo):
            cover_from.append(i)
        elif need(hi):
            unsure = True
    if los_any is False:
        cover = True
    elif unsure or los_any is None:
        cover = None
    else:
        cover = len(cover_from) == len(A.minis)
    return {"los": los_any, "cover": cover, "miniatures": pairs}


def unknown_or(f, xs):
    if any(x is None for x in xs):
        known = [x for x in xs if x is not None]
        if f is any and any(known):
            return True
        return None
    return f(xs)


# ---------------------------------------------------------------------------------------------
# templates


def blast(t: Table, c):
    out = {}
    disc = Point(c)
    for ui, u in enumerate(t.units):
        for mi, m in enumerate(u.minis):
            d = m.shape.distance(disc) if not m.disc else max(0.0, math.dist(m.centre, c) - m.r)
            under = tri((d <= t.blast_r - EPS, d <= t.blast_r + EPS))
            if under is False:
                continue
            seen = tri((point_sees(t, c, (ui, mi), EPS), point_sees(t, c, (ui, mi), -EPS)))
            out.setdefault(u.name, {})[mi] = None if under is None else seen
    return out


def flame_polygon(m: Mini, aim, shape):
    cx, cy = m.centre
    dx, dy = aim[0] - cx, aim[1] - cy
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    if m.disc:
        reach = m.r
    else:
        ray = LineString([(cx, cy), (cx + ux * 1000, cy + uy * 1000)])
        reach = ray.intersection(m.shape).length
    length, near, far = shape

    def at(s, w):
        return (cx + ux * s - uy * w, cy + uy * s + ux * w)

    return Polygon([at(reach, -near / 2), at(reach + length, -far / 2), at(reach + length, far / 2), at(reach, near / 2)])


def flame(t: Table, att, aim, rng):
    shape = t.flame_short if rng == 1 else t.flame_long
    poly = flame_polygon(t.units[att[0]].minis[att[1]], aim, shape)
    out = {}
    for ui, u in enumerate(t.units):
        for mi, m in enumerate(u.minis):
            if (ui, mi) == att:
                continue
            under = tri((m.shape.intersects(poly.buffer(-EPS)), m.shape.distance(poly) <= EPS))
            if under is False:
                continue
            seen = tri((mini_sees(t, att, (ui, mi), EPS), mini_sees(t, att, (ui, mi), -EPS)))
            out.setdefault(u.name, {})[mi] = None if under is None else seen
    return out


# ---------------------------------------------------------------------------------------------
# paths


def mover_obstacles(t: Table, ui, mi):
    """(hard obstacles, capped terrain) for this miniature, as shapely geometries."""
    u = t.units[ui]
    vehicle = u.kind == "vehicle"
    hard, terrain = [], []
    for p in t.pieces:
        walls = [w for w, window in p.walls if vehicle or not window]
        if p.going == "difficult":
            terrain.append(p.geom)
        elif p.going == "impassable":
            hard.append(p.geom)
        elif p.going in ("vehicle-barrier", "strongpoint"):
            (hard if vehicle else terrain).append(p.geom)
        elif p.going == "walled":
            hard.extend(walls)
            terrain.append(p.geom)
        elif p.going == "bunker":
            if vehicle:
                hard.append(p.geom)
            else:
                hard.extend(walls)
                terrain.append(p.geom)
    for oi, o in enumerate(t.units):
        friend = o.side == u.side
        passes = friend and not (vehicle and o.kind == "vehicle")
        if passes:
            continue
        for oj, m in enumerate(o.minis):
            if (oi, oj) != (ui, mi):
                hard.append(m.shape)
    return hard, terrain


def end_ok(t: Table, ui, mi, to, hard):
    u = t.units[ui]
    m = u.minis[mi]
    if m.disc:
        body = disc_shape(to, m.r)
    else:
        length, width = _hull_size(m)
        body = hull_shape(to, length, width, u.facing)
    x0, y0, x1, y1 = body.bounds
    if x0 < -1e-9 or y0 < -1e-9 or x1 > t.width + 1e-9 or y1 > t.depth + 1e-9:
        return False, "off the table"
    for g in hard:
        if isinstance(g, LineString):
            if body.buffer(-EPS).intersects(g):
                return False, "on a wall"
        elif g.intersection(body).area > 1e-6:
            return False, "on something it cannot enter"
    for oi, o in enumerate(t.units):
        for oj, om in enumerate(o.minis):
            if (oi, oj) != (ui, mi) and om.shape.intersection(body).area > 1e-6:
                return False, "on another miniature"
    return True, ""


def _hull_size(m):
    c = list(m.shape.exterior.coords)
    return math.dist(c[0], c[3]), math.dist(c[0], c[1])


def shortest_path(t, start, goal, r, obstacles, budget):
    """Shortest path of a disc of radius r among obstacles (touching allowed), by a visibility
    graph on the corners of the obstacles grown by r (polygons circumscribing the rounded
    corners, so every edge found is clear); `None` when none is found within `budget`."""
    if obstacles:
        # Grown by r to polygons that hold the rounded shape (corners beyond r): a path clear
        # of them is clear of the true obstacle.
        k = 1.0 / math.cos(math.pi / 64)
        grown = shapely.union_all([g.buffer(r * k, quad_segs=16) for g in obstacles])
        blocked = grown.buffer(-1e-6)
    else:
        grown = blocked = None
    lo = (r, r)
    hi = (t.width - r, t.depth - r)

    def clear(a, b):
        if blocked is None:
            return True
        return not blocked.intersects(LineString([a, b]))

    if clear(start, goal):
        return math.dist(start, goal), [goal]
    q = 16
    k = 1.0 / math.cos(math.pi / (4 * q)) + 1e-6
    nodes = [start, goal]
    for g in obstacles:
        for x, y in g.buffer(r * k + 1e-4, quad_segs=q).exterior.coords[:-1]:
            p = (x, y)
            if not (lo[0] <= x <= hi[0] and lo[1] <= y <= hi[1]):
                continue
            if math.dist(start, p) + math.dist(p, goal) > budget:
                continue
            if blocked is not None and blocked.covers(Point(p)):
                continue
            nodes.append(p)
    n = len(nodes)
    dist = [math.inf] * n
    dist[0] = 0.0
    prev = [-1] * n
    done = [False] * n
    heap = [(0.0, 0)]
    while heap:
        d, u = heapq.heappop(heap)
        if done[u]:
            continue
        done[u] = True
        if u == 1:
            break
        for v in range(n):
            if done[v]:
                continue
            nd = d + math.dist(nodes[u], nodes[v])
            if nd < dist[v] and nd + math.dist(nodes[v], goal) <= budget and clear(nodes[u], nodes[v]):
                dist[v] = nd
                prev[v] = u
                heapq.heappush(heap, (nd, v))
    if not math.isfinite(dist[1]):
        return None
    path, at = [], 1
    while at != 0:
        path.append(nodes[at])
        at = prev[at]
    return dist[1], path[::-1]


def path(t: Table, ui, mi, to, move, march):
    u = t.units[ui]
    m = u.minis[mi]
    allowance = 10.0 * move * (2 if march else 1)
    cap = 40.0 if march else 20.0
    hard, terrain = mover_obstacles(t, ui, mi)
    ok, why = end_ok(t, ui, mi, to, hard)
    if not ok:
        return {"legal": False, "length_cm": None, "reason": why}
    budget = max(allowance, math.dist(m.centre, to)) * 4
    # The mover a hair thinner and a hair wider: a way that only the thinner finds (an opening
    # exactly its width) is a tie.
    lo = _path_at(t, u, m, to, hard, terrain, allowance, cap, budget, m.r - EPS)
    hi = _path_at(t, u, m, to, hard, terrain, allowance, cap, budget, m.r + EPS)
    if lo["legal"] != hi["legal"]:
        return {"legal": None, "length_cm": None, "reason": "a tie: the way is exactly as wide as the miniature"}
    out = dict(hi if hi["legal"] else lo)
    out["length_range"] = (lo["length_cm"], hi["length_cm"])
    return out


def _path_at(t, u, m, to, hard, terrain, allowance, cap, budget, radius):
    around = shortest_path(t, m.centre, to, radius, hard + terrain, budget)
    through = shortest_path(t, m.centre, to, radius, hard, budget)
    best = None
    if around and around[0] <= allowance + 1e-9:
        best = around[0]
    if through:
        pts = [m.centre] + through[1]
        swept = LineString(pts).buffer(radius, quad_segs=16) if len(pts) > 1 else Point(pts[0]).buffer(radius)
        if not m.disc:
            length, width = _hull_size(m)
            swept = swept.union(hull_shape(to, length, width, u.facing))
        enters = any(swept.intersection(g).area > 1e-6 for g in terrain)
        limit = min(cap, allowance) if enters else allowance
        if through[0] <= limit + 1e-9 and (best is None or through[0] < best):
            best = through[0]
    if best is None:
        shortest = through[0] if through else None
        return {"legal": False, "length_cm": shortest, "reason": "too far or no way"}
    return {"legal": True, "length_cm": best, "reason": ""}
