//! Line of sight and cover (tactics-battlefield-summary.md, "3. Check Line of Sight (LOS)" and
//! "6. Roll Saves").
//!
//! - A line joins a point of one body to a point of the other ([`crate::table::Body::sight_points`],
//!   then, when none of those lines is clear, [`crate::table::Body::sight_points_fine`]); it is
//!   blocked when it passes through or touches terrain that blocks ([`Sight::Blocks`]), or the
//!   body of a vehicle or aircraft other than the two it joins, or runs inside area terrain
//!   ([`Sight::Area`]: woods, trees, buildings, smoke) for more than range 1 (10 cm) — range 3
//!   (30 cm) when both ends are inside the same piece. A bunker or strongpoint does not block
//!   the lines of the miniatures inside it; from a bunker only lines within 90° of its facing
//!   leave.
//! - Two miniatures see each other when some line between them is not blocked; every test is
//!   made on the segment with its ends in a fixed order, so A sees B exactly when B sees A.
//! - A target miniature is in cover from an attacking one when no point of the attacker's body
//!   sees the whole of the target's body clear of intervening terrain or smoke: for each of the
//!   attacker's points, the convex hull of that point and the target's outline (every segment
//!   to every point of the target) is tested exactly against each piece that gives cover.
//!   Infantry in a trench are in cover; a miniature out of sight is in cover.

use crate::exact::{
    bbox, convex_hull, convex_hull_sorted, dist2, middle, outline_params, point_in_polygon_h, polygon_meets_disc, polygons_meet,
    segment_meets_disc, segments_intersect, Coord, Inside, Pt, UNITS_PER_CM,
};
use crate::table::{Area, MiniKind, Sight, Table, TerrainKind};

/// Area terrain: a line may run this far inside (range 1).
pub const AREA_EDGE: Coord = 10 * UNITS_PER_CM;
/// Inside a large wood or building: a line may run this far when both ends are inside (range 3).
pub const AREA_INSIDE: Coord = 30 * UNITS_PER_CM;

/// What stopped a line.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Blocked {
    /// Terrain that blocks any line touching it (index into [`Table::terrain`]).
    Terrain(usize),
    /// Area terrain the line runs inside for longer than allowed.
    Area {
        /// The piece.
        piece: usize,
        /// How far the line runs inside it, in centimetres.
        inside_cm: f64,
        /// The limit that applied, in centimetres (10 or 30).
        limit_cm: f64,
    },
    /// A bunker seen from outside the 90° either side of its facing.
    BunkerArc(usize),
    /// A vehicle or aircraft in the way: (unit, miniature).
    Vehicle(usize, usize),
}

impl Blocked {
    /// In words, with the table's names.
    pub fn describe(&self, t: &Table) -> String {
        match *self {
            Blocked::Terrain(i) => format!("{} ({}) is in the way", t.terrain[i].name, t.terrain[i].kind.name()),
            Blocked::Area {
                piece,
                inside_cm,
                limit_cm,
            } => format!(
                "the line runs {inside_cm:.1} cm inside {} ({}), more than the {limit_cm:.0} cm one can see into it",
                t.terrain[piece].name,
                t.terrain[piece].kind.name()
            ),
            Blocked::BunkerArc(i) => format!("{} only sees and is seen 90° either side of its facing", t.terrain[i].name),
            Blocked::Vehicle(u, m) => format!("the {} of {} m{m} is in the way", vehicle_word(t.units[u].kind), t.units[u].name),
        }
    }
}

fn vehicle_word(k: MiniKind) -> &'static str {
    if k == MiniKind::Aircraft {
        "aircraft"
    } else {
        "vehicle"
    }
}

fn boxes_overlap(a: (Pt, Pt), b: (Pt, Pt)) -> bool {
    !(a.1.x < b.0.x || b.1.x < a.0.x || a.1.y < b.0.y || b.1.y < a.0.y)
}

/// Whether the closed segment touches the polygon's region.
fn segment_meets_polygon(p: Pt, q: Pt, poly: &[Pt]) -> bool {
    // Crossing an edge is the common case; a segment meeting no edge meets the region only
    // when it lies inside it.
    (0..poly.len()).any(|i| segments_intersect(p, q, poly[i], poly[(i + 1) % poly.len()]))
        || crate::exact::point_in_polygon(p, poly) != Inside::Out
}

/// How far the segment `p q` runs inside the polygon, in units (IEEE-exact operations on
/// exact crossing parameters).
pub fn length_inside_polygon(p: Pt, q: Pt, poly: &[Pt]) -> f64 {
    let len2 = dist2(p, q);
    if len2 == 0 {
        return 0.0;
    }
    let mut frac = 0.0;
    for w in outline_params(p, q, poly).windows(2) {
        let (a, b) = (w[0], w[1]);
        if point_in_polygon_h(middle(p, q, a, b), poly) != Inside::Out {
            frac += b.0 as f64 / b.1 as f64 - a.0 as f64 / a.1 as f64;
        }
    }
    frac * (len2 as f64).sqrt()
}

/// How far the segment `p q` runs inside the box `b` (`(low corner, high corner)`), in units
/// (floating point): the length of the segment clipped to the box, an upper bound on how far
/// it runs inside any region the box holds.
fn length_in_box_bound(p: Pt, q: Pt, b: (Pt, Pt)) -> f64 {
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (a, d, lo, hi) in [(p.x, q.x - p.x, b.0.x, b.1.x), (p.y, q.y - p.y, b.0.y, b.1.y)] {
        let (a, d, lo, hi) = (a as f64, d as f64, lo as f64, hi as f64);
        if d == 0.0 {
            if a < lo || a > hi {
                return 0.0;
            }
        } else {
            let (ta, tb) = ((lo - a) / d, (hi - a) / d);
            t0 = t0.max(ta.min(tb));
            t1 = t1.min(ta.max(tb));
        }
    }
    (t1 - t0).max(0.0) * (dist2(p, q) as f64).sqrt()
}

/// Coordinates under this (in units, either sign) keep every product of
/// [`convex_inside_estimate`] exact in floating point (differences under 2^25, products of two
/// under 2^50, sums of two under 2^51 < 2^53).
const FAST_LIMIT: Coord = 1 << 24;

/// How far (in units) [`convex_inside_estimate`] may be from the exact length, with a wide
/// margin: its only roundings are a division per edge, a subtraction and a square root
/// (relative errors near 2^-52, that is under 10^-9 units on any table that fits
/// [`FAST_LIMIT`]), and [`length_inside_polygon`]'s own are of the same size.
const ESTIMATE_SLACK: f64 = 1.0;

fn fast_coord(p: Pt) -> bool {
    p.x.abs() < FAST_LIMIT && p.y.abs() < FAST_LIMIT
}

/// The orientation of an area's outline when it is a convex polygon (every turn one way or
/// straight, and its edges' directions change sign at most twice in x and in y, so it winds
/// once: a star's turns are all one way too) with coordinates under [`FAST_LIMIT`]: 1
/// anticlockwise, -1 clockwise; 0 otherwise (a circle, a concave or degenerate outline).
fn fast_convex(area: &Area) -> i8 {
    let Area::Polygon(v) = area else { return 0 };
    let n = v.len();
    if n < 3 || !v.iter().all(|&p| fast_coord(p)) || !is_convex(v) {
        return 0;
    }
    let flips = |d: &dyn Fn(usize) -> Coord| {
        let signs: Vec<i64> = (0..n).map(d).filter(|&x| x != 0).map(|x| x.signum()).collect();
        (0..signs.len()).filter(|&i| signs[i] != signs[(i + 1) % signs.len()]).count()
    };
    if flips(&|i| v[(i + 1) % n].x - v[i].x) > 2 || flips(&|i| v[(i + 1) % n].y - v[i].y) > 2 {
        return 0;
    }
    let twice_area: i128 = (0..n)
        .map(|i| {
            let (a, b) = (v[i], v[(i + 1) % n]);
            i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y)
        })
        .sum();
    twice_area.signum() as i8
}

/// How far the segment `p q` runs inside the convex polygon `poly` of orientation `s` (1
/// anticlockwise, -1 clockwise), in units, in floating point (Cyrus–Beck clipping against each
/// edge's closed inner half-plane). Within [`ESTIMATE_SLACK`] of [`length_inside_polygon`] when
/// every coordinate is under [`FAST_LIMIT`].
fn convex_inside_estimate(p: Pt, q: Pt, poly: &[Pt], s: f64) -> f64 {
    let (px, py) = (p.x as f64, p.y as f64);
    let (dx, dy) = ((q.x - p.x) as f64, (q.y - p.y) as f64);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        let (ex, ey) = ((b.x - a.x) as f64, (b.y - a.y) as f64);
        let n0 = s * (ex * (py - a.y as f64) - ey * (px - a.x as f64));
        let nd = s * (ex * dy - ey * dx);
        if nd == 0.0 {
            if n0 < 0.0 {
                return 0.0;
            }
        } else if nd > 0.0 {
            t0 = t0.max(-n0 / nd);
        } else {
            t1 = t1.min(-n0 / nd);
        }
    }
    (t1 - t0).max(0.0) * (dist2(p, q) as f64).sqrt()
}

/// How far the segment `p q` runs inside the circle, in units.
pub fn length_inside_circle(p: Pt, q: Pt, c: Pt, r: Coord) -> f64 {
    if !segment_meets_disc(p, q, c, r) {
        return 0.0;
    }
    let (dx, dy) = ((q.x - p.x) as f64, (q.y - p.y) as f64);
    let (fx, fy) = ((p.x - c.x) as f64, (p.y - c.y) as f64);
    let a = dx * dx + dy * dy;
    if a == 0.0 {
        return 0.0;
    }
    let b = 2.0 * (fx * dx + fy * dy);
    let cc = fx * fx + fy * fy - (r as f64) * (r as f64);
    let disc = (b * b - 4.0 * a * cc).max(0.0).sqrt();
    let t0 = ((-b - disc) / (2.0 * a)).clamp(0.0, 1.0);
    let t1 = ((-b + disc) / (2.0 * a)).clamp(0.0, 1.0);
    (t1 - t0) * a.sqrt()
}

/// The terrain pieces and vehicle bodies a line within a box can meet (their bounding boxes
/// meet the box): found once for all the lines between two bodies or two units.
struct Candidates {
    blocking: Vec<usize>,
    /// Area pieces, each with the orientation of its outline when it is a convex polygon
    /// small enough for [`convex_inside_estimate`] (1 anticlockwise, -1 clockwise), else 0.
    area: Vec<(usize, i8)>,
    vehicles: Vec<(usize, usize)>,
}

fn candidates(t: &Table, region: (Pt, Pt)) -> Candidates {
    let mut c = Candidates {
        blocking: Vec::new(),
        area: Vec::new(),
        vehicles: Vec::new(),
    };
    for (i, piece) in t.terrain.iter().enumerate() {
        if !boxes_overlap(region, piece.bounds) {
            continue;
        }
        match piece.sight {
            Sight::Clear => {}
            Sight::Blocks => c.blocking.push(i),
            Sight::Area => c.area.push((i, fast_convex(&piece.area))),
        }
    }
    for (u, unit) in t.units.iter().enumerate() {
        if unit.kind.is_vehicle() {
            for (m, mini) in unit.minis.iter().enumerate() {
                if boxes_overlap(region, mini.body.bbox()) {
                    c.vehicles.push((u, m));
                }
            }
        }
    }
    c
}

fn union(a: (Pt, Pt), b: (Pt, Pt)) -> (Pt, Pt) {
    (
        Pt::new(a.0.x.min(b.0.x), a.0.y.min(b.0.y)),
        Pt::new(a.1.x.max(b.1.x), a.1.y.max(b.1.y)),
    )
}

/// Whether the segment `p q` (ends in either order) is blocked, and by what; `skip` names the
/// miniatures the line joins, which never block it.
pub fn segment_blocked(t: &Table, p: Pt, q: Pt, skip: &[(usize, usize)]) -> Option<Blocked> {
    blocked_among(t, &candidates(t, bbox(&[p, q])), p, q, skip, None, true)
}

/// [`segment_blocked`] among candidates. Lines that touch blocking terrain or a vehicle are
/// found first (cheap tests), then area terrain (the length inside). `hint` is what blocked
/// the previous line, tried first: neighbouring lines are usually blocked by the same thing
/// (the verdict does not depend on the order, only which blocker is named). `detail`: the
/// figures named for a blocking area piece are exact; without it, when the line runs clear
/// past the limit, they may be the floating-point estimate and the larger limit (the verdict
/// is the same: callers that only need the verdict pass `false`).
fn blocked_among(t: &Table, c: &Candidates, p: Pt, q: Pt, skip: &[(usize, usize)], hint: Option<Blocked>, detail: bool) -> Option<Blocked> {
    // One order for both directions: the answer is symmetric by construction.
    let (p, q) = if p <= q { (p, q) } else { (q, p) };
    let sb = bbox(&[p, q]);
    let piece_blocks = |i: usize| -> Option<Blocked> {
        let piece = &t.terrain[i];
        if !boxes_overlap(sb, piece.bounds) {
            return None;
        }
        if matches!(piece.kind, TerrainKind::Bunker | TerrainKind::Strongpoint) {
            let (p_in, q_in) = (piece.holds(p), piece.holds(q));
            if p_in || q_in {
                // The miniatures inside see out (a bunker only through its front arc).
                if piece.kind == TerrainKind::Bunker && !(p_in && q_in) {
                    if let Some(f) = piece.facing {
                        let (from, to) = if p_in { (p, q) } else { (q, p) };
                        if !f.within(to.sub(from), 90) {
                            return Some(Blocked::BunkerArc(i));
                        }
                    }
                }
                return None;
            }
        }
        let meets = match &piece.area {
            Area::Polygon(v) => segment_meets_polygon(p, q, v),
            Area::Circle { c, r } => segment_meets_disc(p, q, *c, *r),
        };
        meets.then_some(Blocked::Terrain(i))
    };
    let vehicle_blocks = |(u, m): (usize, usize)| -> Option<Blocked> {
        let body = &t.units[u].minis[m].body;
        (!skip.contains(&(u, m)) && boxes_overlap(sb, body.bbox()) && body.meets_segment(p, q)).then_some(Blocked::Vehicle(u, m))
    };
    match hint {
        Some(Blocked::Terrain(i) | Blocked::BunkerArc(i)) if c.blocking.contains(&i) => {
            if let Some(b) = piece_blocks(i) {
                return Some(b);
            }
        }
        Some(Blocked::Vehicle(u, m)) => {
            if let Some(b) = vehicle_blocks((u, m)) {
                return Some(b);
            }
        }
        _ => {}
    }
    if let Some(b) = c.blocking.iter().find_map(|&i| piece_blocks(i)) {
        return Some(b);
    }
    if let Some(b) = c.vehicles.iter().find_map(|&v| vehicle_blocks(v)) {
        return Some(b);
    }
    for &(i, orientation) in &c.area {
        let piece = &t.terrain[i];
        if !boxes_overlap(sb, piece.bounds) {
            continue;
        }
        let inside = match &piece.area {
            Area::Polygon(v) => {
                // No region within the piece's box holds more of the line than the box does:
                // under the smaller limit (with room for rounding), the piece cannot block it.
                if length_in_box_bound(p, q, piece.bounds) * (1.0 + 1e-9) + 1.0 < AREA_EDGE as f64 {
                    continue;
                }
                if orientation != 0 && fast_coord(p) && fast_coord(q) {
                    // A convex piece: the estimate settles the verdict unless it lies within
                    // ESTIMATE_SLACK of a limit (then the exact length below does).
                    let est = convex_inside_estimate(p, q, v, f64::from(orientation));
                    if est + ESTIMATE_SLACK < AREA_EDGE as f64 {
                        continue;
                    }
                    if !detail {
                        // Past the larger limit, the line is blocked wherever its ends are.
                        let both_in = est - ESTIMATE_SLACK > AREA_INSIDE as f64 || piece.area.holds(p) && piece.area.holds(q);
                        let limit = if both_in { AREA_INSIDE } else { AREA_EDGE };
                        if est - ESTIMATE_SLACK > limit as f64 {
                            return Some(Blocked::Area {
                                piece: i,
                                inside_cm: est / UNITS_PER_CM as f64,
                                limit_cm: (limit / UNITS_PER_CM) as f64,
                            });
                        }
                        if est + ESTIMATE_SLACK < limit as f64 {
                            continue;
                        }
                    }
                }
                if !segment_meets_polygon(p, q, v) {
                    continue;
                }
                length_inside_polygon(p, q, v)
            }
            Area::Circle { c, r } => length_inside_circle(p, q, *c, *r),
        };
        let both_in = piece.holds(p) && piece.holds(q);
        let limit = if both_in { AREA_INSIDE } else { AREA_EDGE };
        if inside > limit as f64 {
            return Some(Blocked::Area {
                piece: i,
                inside_cm: inside / UNITS_PER_CM as f64,
                limit_cm: (limit / UNITS_PER_CM) as f64,
            });
        }
    }
    None
}

/// Whether two miniatures see each other: `Ok` with the first clear line found (centres
/// first), or the reason the centre-to-centre line is blocked.
pub fn mini_sees(t: &Table, a: (usize, usize), b: (usize, usize)) -> Result<(Pt, Pt), Blocked> {
    let ba = &t.units[a.0].minis[a.1].body;
    let bb = &t.units[b.0].minis[b.1].body;
    mini_sees_among(t, &candidates(t, union(ba.bbox(), bb.bbox())), a, b)
}

fn mini_sees_among(t: &Table, c: &Candidates, a: (usize, usize), b: (usize, usize)) -> Result<(Pt, Pt), Blocked> {
    let ba = &t.units[a.0].minis[a.1].body;
    let bb = &t.units[b.0].minis[b.1].body;
    let skip = [a, b];
    let mut first = None;
    let mut last = None;
    // The few sight points first (most lines are found there), then the finer ones: "any
    // point" of each body, as closely as the fine points sample it — unless one wall or
    // vehicle cuts every line between the two bodies.
    for (stage, (pa, pb)) in [
        (ba.sight_points(), bb.sight_points()),
        (ba.sight_points_fine(), bb.sight_points_fine()),
    ]
    .into_iter()
    .enumerate()
    {
        if stage == 1 {
            let mut all_a = pa.clone();
            all_a.extend(ba.sight_points());
            let mut all_b = pb.clone();
            all_b.extend(bb.sight_points());
            if let Some(why) = wall_between(t, c, &skip, &all_a, &all_b) {
                return Err(first.unwrap_or(why));
            }
        }
        for &p in &pa {
            for &q in &pb {
                // Only the first blocked line's reason is answered: the others need the verdict.
                match blocked_among(t, c, p, q, &skip, last, first.is_none()) {
                    None => return Ok((p, q)),
                    Some(why) => {
                        first.get_or_insert(why);
                        last = Some(why);
                    }
                }
            }
        }
    }
    Err(first.unwrap_or(Blocked::Terrain(0)))
}

/// Whether the polygon is convex (its turns all one way; straight corners allowed).
fn is_convex(poly: &[Pt]) -> bool {
    let n = poly.len();
    let turns = (0..n).map(|i| crate::exact::orient(poly[i], poly[(i + 1) % n], poly[(i + 2) % n]));
    let (mut left, mut right) = (false, false);
    for o in turns {
        left |= o > 0;
        right |= o < 0;
    }
    !(left && right)
}

/// A convex piece that blocks every line it touches (or a vehicle's hull) and cuts the
/// corridor between two sets of points — it meets both bridges of the convex hull of their
/// union and neither set's own hull — blocks every line from one set to the other: the hull
/// is split by the chord the piece holds between the bridges, one set on each side. Found
/// once instead of trying every fine line (a squad behind a long wall).
fn wall_between(t: &Table, c: &Candidates, skip: &[(usize, usize)], pa: &[Pt], pb: &[Pt]) -> Option<Blocked> {
    let (ha, hb) = (convex_hull(pa), convex_hull(pb));
    if ha.len() < 3 || hb.len() < 3 || pa.iter().any(|p| pb.contains(p)) {
        return None;
    }
    let mut all = pa.to_vec();
    all.extend_from_slice(pb);
    let h = convex_hull(&all);
    let n = h.len();
    let bridges: Vec<(Pt, Pt)> = (0..n)
        .map(|i| (h[i], h[(i + 1) % n]))
        .filter(|(p, q)| pa.contains(p) != pa.contains(q))
        .collect();
    if bridges.len() != 2 {
        return None;
    }
    let cuts = |poly: &[Pt]| {
        is_convex(poly)
            && bridges.iter().all(|&(p, q)| segment_meets_polygon(p, q, poly))
            && !polygons_meet(poly, &ha)
            && !polygons_meet(poly, &hb)
    };
    // Bunkers and strongpoints too: the miniatures inside see out, but `cuts` asks that
    // neither set of points meets the piece, so no line here starts or ends inside it and it
    // blocks every line it touches, as a wall does.
    for &i in &c.blocking {
        let piece = &t.terrain[i];
        if let Area::Polygon(v) = &piece.area {
            if cuts(v) {
                return Some(Blocked::Terrain(i));
            }
        }
    }
    for &(u, m) in &c.vehicles {
        if skip.contains(&(u, m)) {
            continue;
        }
        if let crate::table::Body::Hull { corners, .. } = &t.units[u].minis[m].body {
            if cuts(corners) {
                return Some(Blocked::Vehicle(u, m));
            }
        }
    }
    None
}

/// Whether some miniature of unit `ua` sees some miniature of unit `ub` (stops at the first
/// clear line: the question "may it attack at all").
pub fn units_see(t: &Table, ua: usize, ub: usize) -> bool {
    let (a, b) = (&t.units[ua], &t.units[ub]);
    let Some(region) = a.minis.iter().chain(&b.minis).map(|m| m.body.bbox()).reduce(union) else {
        return false;
    };
    let c = candidates(t, region);
    (0..a.minis.len()).any(|i| (0..b.minis.len()).any(|j| mini_sees_among(t, &c, (ua, i), (ub, j)).is_ok()))
}

/// Whether a point (a template's centre) sees a miniature.
pub fn point_sees(t: &Table, p: Pt, b: (usize, usize)) -> Result<Pt, Blocked> {
    let bb = &t.units[b.0].minis[b.1].body;
    let mut first = None;
    for q in bb.sight_points().into_iter().chain(bb.sight_points_fine()) {
        match segment_blocked(t, p, q, &[b]) {
            None => return Ok(q),
            Some(why) => {
                first.get_or_insert(why);
            }
        }
    }
    Err(first.unwrap_or(Blocked::Terrain(0)))
}

/// Whether the target miniature is in cover from the attacking one (the definition in the
/// module's documentation). `None` when it is not; else the piece of terrain that gives it (or
/// `None` inside when the cover comes from being out of sight).
pub fn mini_cover(t: &Table, a: (usize, usize), b: (usize, usize)) -> Option<Option<usize>> {
    if mini_sees(t, a, b).is_err() {
        return Some(None);
    }
    let att = &t.units[a.0].minis[a.1].body;
    let target_unit = &t.units[b.0];
    let tgt = &target_unit.minis[b.1].body;
    if target_unit.kind.is_infantry() {
        let c = tgt.centre();
        if let Some(i) = t.terrain.iter().position(|p| p.kind == TerrainKind::Trench && p.holds(c)) {
            return Some(Some(i));
        }
    }
    let outline = tgt.outline_fine();
    let meets = |piece: usize, poly: &[Pt]| match &t.terrain[piece].area {
        Area::Polygon(v) => polygons_meet(poly, v),
        Area::Circle { c, r } => polygon_meets_disc(poly, *c, *r),
    };
    let points: Vec<Pt> = att.sight_points().into_iter().chain(att.sight_points_fine()).collect();
    // Every cone lies in the hull of the attacker's points and the target: only the pieces
    // giving cover that meet it can hide anything (with whether each touches the target).
    let mut all = points.clone();
    all.extend_from_slice(&outline);
    let reach = convex_hull(&all);
    let rb = bbox(&reach);
    let pieces: Vec<(usize, bool)> = (0..t.terrain.len())
        .filter(|&i| t.terrain[i].cover && boxes_overlap(rb, t.terrain[i].bounds) && meets(i, &reach))
        .map(|i| (i, meets(i, &outline)))
        .collect();
    let mut culprit = None;
    // The target's outline sorted once: each cone adds one point to it (the same hull as
    // `convex_hull` of the outline and the point, without sorting again).
    let mut sorted = outline.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let mut pts: Vec<Pt> = Vec::with_capacity(sorted.len() + 1);
    'points: for p in points {
        pts.clear();
        match sorted.binary_search(&p) {
            Ok(_) => pts.extend_from_slice(&sorted),
            Err(k) => {
                pts.extend_from_slice(&sorted[..k]);
                pts.push(p);
                pts.extend_from_slice(&sorted[k..]);
            }
        }
        let cone = convex_hull_sorted(&pts);
        let cb = bbox(&cone);
        for &(i, touches) in &pieces {
            let piece = &t.terrain[i];
            if !boxes_overlap(cb, piece.bounds) {
                continue;
            }
            // Terrain around the attacker's point does not hide the target, unless the target
            // is in it too.
            if !touches && piece.holds(p) {
                continue;
            }
            if meets(i, &cone) {
                culprit.get_or_insert(i);
                if pieces.iter().any(|&(_, touches)| touches) {
                    // A piece the target is partly in hides it from every point ("at least
                    // partly in or behind area terrain").
                    break 'points;
                }
                continue 'points;
            }
        }
        return None;
    }
    Some(culprit)
}

/// One attacking miniature and one target miniature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairSight {
    /// The attacking miniature's index.
    pub attacker: usize,
    /// The target miniature's index.
    pub target: usize,
    /// Whether they see each other.
    pub los: bool,
    /// Whether the target miniature is in cover from the attacking one.
    pub cover: bool,
}

/// Line of sight and cover between two units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitSight {
    /// Some miniature of the attacker sees some miniature of the target.
    pub los: bool,
    /// The target unit is in cover from every attacking miniature that sees it (infantry: at
    /// least half of the unit in cover from that miniature).
    pub cover: bool,
    /// The attacking miniatures the target unit is in cover from.
    pub cover_from: Vec<usize>,
    /// Every pair.
    pub pairs: Vec<PairSight>,
    /// Why, in words.
    pub reason: String,
}

/// Line of sight and cover from unit `ua` to unit `ub`.
pub fn unit_sight(t: &Table, ua: usize, ub: usize) -> UnitSight {
    let (a, b) = (&t.units[ua], &t.units[ub]);
    let mut pairs = Vec::new();
    let mut first_block = None;
    let mut first_cover = None;
    let mut first_seen = None;
    for i in 0..a.minis.len() {
        for j in 0..b.minis.len() {
            let seen = mini_sees(t, (ua, i), (ub, j));
            let cover = match &seen {
                Err(why) => {
                    first_block.get_or_insert((i, j, *why));
                    true
                }
                Ok(_) => {
                    first_seen.get_or_insert((i, j));
                    match mini_cover(t, (ua, i), (ub, j)) {
                        Some(piece) => {
                            if let Some(p) = piece {
                                first_cover.get_or_insert((i, j, p));
                            }
                            true
                        }
                        None => false,
                    }
                }
            };
            pairs.push(PairSight {
                attacker: i,
                target: j,
                los: seen.is_ok(),
                cover,
            });
        }
    }
    let los = pairs.iter().any(|p| p.los);
    let n = b.minis.len();
    let mut cover_from = Vec::new();
    let mut seeing = 0;
    for i in 0..a.minis.len() {
        let row: Vec<&PairSight> = pairs.iter().filter(|p| p.attacker == i).collect();
        if row.iter().any(|p| p.los) {
            seeing += 1;
        }
        let covered = row.iter().filter(|p| p.cover).count();
        let in_cover = if b.kind.is_infantry() { 2 * covered >= n } else { covered == n };
        if in_cover {
            cover_from.push(i);
        }
    }
    let cover = !los || (seeing > 0 && cover_from.len() == a.minis.len());
    let reason = if !los {
        match first_block {
            Some((i, j, why)) => format!(
                "{} cannot see {}: every line from m{i} to m{j} (and between every other pair) is blocked, e.g. {}",
                a.name,
                b.name,
                why.describe(t)
            ),
            None => format!("{} has no miniatures to see with or to see", a.name),
        }
    } else {
        let (i, j) = first_seen.unwrap_or((0, 0));
        let mut s = format!("{} m{i} sees {} m{j}", a.name, b.name);
        if let Some((ci, cj, p)) = first_cover {
            s.push_str(&format!(
                "; {} m{cj} is in cover from m{ci} behind or in {} ({})",
                b.name,
                t.terrain[p].name,
                t.terrain[p].kind.name()
            ));
        }
        if cover {
            s.push_str("; the unit is in cover from every attacking miniature (at least half of it)");
        } else if !cover_from.is_empty() {
            s.push_str(&format!(
                "; in cover from attacking miniatures {cover_from:?} only: roll their dice separately"
            ));
        }
        s
    };
    UnitSight {
        los,
        cover,
        cover_from,
        pairs,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poly(v: &[(Coord, Coord)]) -> Vec<Pt> {
        v.iter().map(|&(x, y)| Pt::new(x * UNITS_PER_CM, y * UNITS_PER_CM)).collect()
    }

    /// Only convex outlines that wind once take the estimate: a star's turns are all one way
    /// but it is not convex.
    #[test]
    fn fast_convex_takes_only_convex_outlines() {
        let woods = poly(&[(20, 40), (50, 38), (55, 60), (30, 70), (15, 58)]);
        assert_eq!(fast_convex(&Area::Polygon(woods.clone())), 1);
        let clockwise: Vec<Pt> = woods.iter().rev().copied().collect();
        assert_eq!(fast_convex(&Area::Polygon(clockwise)), -1);
        let star = poly(&[(0, 10), (6, -8), (-9, 3), (9, 3), (-6, -8)]);
        assert_eq!(fast_convex(&Area::Polygon(star)), 0);
        let concave = poly(&[(0, 0), (10, 0), (10, 10), (5, 4), (0, 10)]);
        assert_eq!(fast_convex(&Area::Polygon(concave)), 0);
        let flat = poly(&[(0, 0), (5, 0), (10, 0)]);
        assert_eq!(fast_convex(&Area::Polygon(flat)), 0);
        let huge = vec![Pt::new(0, 0), Pt::new(FAST_LIMIT, 0), Pt::new(0, FAST_LIMIT)];
        assert_eq!(fast_convex(&Area::Polygon(huge)), 0);
        assert_eq!(fast_convex(&Area::Circle { c: Pt::new(0, 0), r: 100 }), 0);
    }

    /// The estimate stays within a thousandth of a unit of the exact length on lines that
    /// cross, graze, run along an edge, pass through corners and end inside or on the outline.
    #[test]
    fn convex_estimate_agrees_with_the_exact_length() {
        let shapes = [
            poly(&[(20, 40), (50, 38), (55, 60), (30, 70), (15, 58)]),
            poly(&[(120, 75), (160, 75), (160, 95), (120, 95)]),
            poly(&[(62, 38), (72, 38), (72, 30), (62, 30)]),
            poly(&[(0, 0), (10, 0), (20, 0), (20, 10)]),
        ];
        let mut ends: Vec<Pt> = Vec::new();
        for x in (-10..=180).step_by(7) {
            for y in (-5..=110).step_by(9) {
                ends.push(Pt::new(x * UNITS_PER_CM + 13, y * UNITS_PER_CM - 7));
            }
        }
        let mut lines = 0;
        for v in &shapes {
            let s = f64::from(fast_convex(&Area::Polygon(v.clone())));
            assert_ne!(s, 0.0);
            let mut pts = ends.clone();
            pts.extend(v.iter().copied());
            for (k, &p) in pts.iter().enumerate().step_by(5) {
                for &q in pts.iter().skip(k % 3).step_by(3) {
                    let (est, exact) = (convex_inside_estimate(p, q, v, s), length_inside_polygon(p, q, v));
                    assert!((est - exact).abs() < 1e-3, "{p:?} {q:?}: estimate {est}, exact {exact}");
                    lines += 1;
                }
            }
            // Along an edge and through two corners.
            let (a, b) = (v[0], v[1]);
            assert!((convex_inside_estimate(a, b, v, s) - length_inside_polygon(a, b, v)).abs() < 1e-3);
            let (a, c) = (v[0], v[2]);
            assert!((convex_inside_estimate(a, c, v, s) - length_inside_polygon(a, c, v)).abs() < 1e-3);
        }
        assert!(lines > 10_000, "{lines} lines");
    }
}
