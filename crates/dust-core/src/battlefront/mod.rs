//! Geometry of the battlefront edition (tactics-battlefront-2013-rules.txt, "3) Check Line of
//! Sight", "Cover Saves"): line of sight and cover from *areas*, not from the dots of the
//! revised edition.
//!
//! A square `(c, r)` is the closed unit square `[c, c+1] x [r, r+1]`. "To establish Line of
//! Sight, a player must trace an imaginary line from any point in the attacking unit's square
//! to any point in the target unit's square. If every imaginary line … passes through or touches
//! blocking squares, then the Line of Sight is blocked." "A unit is in Cover if the attacking
//! unit cannot draw a line from any point in its square to all points in the target unit's
//! square without passing through or touching blocking squares."
//!
//! What blocks here: squares without a dot (structure squares, impassable terrain), trees,
//! smoke, squares holding a vehicle ("a square containing a Vehicle unit … does block Line of
//! Sight"; infantry never does), and structure walls without an opening. Trees and smoke "block
//! Line of Sight to units on the far side, but units in the (terrain) can be seen as normal": a
//! blocking square is never an obstacle to lines from or to the unit standing in it. Touching a
//! blocker counts, except where the line runs inside the attacker's or the target's own square on
//! both sides of the contact (a unit beside a wall is not hidden by the wall's far side); a line
//! that leaves its square through the corner point where two blocking squares meet touches them. Aircraft are seen from anywhere but
//! from behind the terrain next to the unit that looks ([`sees_aircraft`]). Between a unit in a
//! building and one outside it, lines go through an opening on the edge of the inside unit's
//! square ("Line of Sight Through Openings": attacks into and out of a building only from or to
//! the square next to the opening).
//!
//! "Any point" is searched on a lattice of points of each square (corners, edges and inside,
//! [`LATTICE`] steps a side), so a gap narrower than the lattice may be missed; the answer is
//! exact for the cases the tests pin.

pub mod large;
pub mod scenario;
pub mod setup;
pub mod weapons;

pub use large::{large_reach, Pose, Reached};
pub use scenario::{KillPoints, ReserveEntry, ScenarioRules, TakeWins};

use crate::board::{Board, Edge};
use crate::occupancy::Occupancy;
use crate::square::Square;

/// Lattice steps per side of a square when "any point" is searched.
pub const LATTICE: u32 = 4;

const EPS: f64 = 1e-9;

type Pt = (f64, f64);

/// An axis-aligned closed box: a blocking square, or a wall (a box of zero width).
#[derive(Copy, Clone, Debug)]
struct BoxXY {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl BoxXY {
    fn square(s: Square) -> BoxXY {
        let (x, y) = (f64::from(s.col()), f64::from(s.row()));
        BoxXY {
            x0: x,
            y0: y,
            x1: x + 1.0,
            y1: y + 1.0,
        }
    }
    fn contains(&self, p: Pt) -> bool {
        p.0 >= self.x0 - EPS && p.0 <= self.x1 + EPS && p.1 >= self.y0 - EPS && p.1 <= self.y1 + EPS
    }
}

/// Whether a square blocks lines through it (battlefront "Line of Sight Through Units",
/// "Line of Sight Through Terrain", "Line of Sight Through Smoke", "Tree Squares", "Structure
/// Squares").
pub fn blocks(board: &Board, occ: &Occupancy, s: Square) -> bool {
    board.terrain(s).blocks_area_sight() || occ.at(s).has_vehicle()
}

/// Blockers that a line between `a` and `b` could meet: blocking squares other than `a` and
/// `b`, and walls, within the rectangle spanned by the two squares.
fn obstacles(board: &Board, occ: &Occupancy, a: Square, b: Square) -> Vec<BoxXY> {
    let (c0, c1) = (a.col().min(b.col()), a.col().max(b.col()));
    let (r0, r1) = (a.row().min(b.row()), a.row().max(b.row()));
    let mut v = Vec::new();
    for c in c0..=c1 {
        for r in r0..=r1 {
            let s = Square::new(c, r);
            if !board.contains(s) {
                continue;
            }
            if s != a && s != b && blocks(board, occ, s) {
                v.push(BoxXY::square(s));
            }
        }
    }
    // Walls, the rectangle's own border included: east of columns c0-1..=c1, north of rows
    // r0-1..=r1.
    let (c0, c1, r0, r1) = (i32::from(c0), i32::from(c1), i32::from(r0), i32::from(r1));
    for c in c0 - 1..=c1 {
        for r in r0 - 1..=r1 {
            let (x, y) = (f64::from(c), f64::from(r));
            if r >= r0 && board.edge_east_raw(c, r) == Edge::Wall {
                v.push(BoxXY {
                    x0: x + 1.0,
                    y0: y,
                    x1: x + 1.0,
                    y1: y + 1.0,
                });
            }
            if c >= c0 && board.edge_north_raw(c, r) == Edge::Wall {
                v.push(BoxXY {
                    x0: x,
                    y0: y + 1.0,
                    x1: x + 1.0,
                    y1: y + 1.0,
                });
            }
        }
    }
    // "Line of Sight Through Openings": between a unit inside a building and one outside it,
    // lines go through an opening on the edge of the inside unit's square.
    let (sa, sb) = (board.structure_at(a), board.structure_at(b));
    if sa != sb {
        for s in [a, b] {
            if board.structure_at(s).is_some() {
                v.extend(own_walls(board, s));
            }
        }
    }
    v
}

fn lattice(s: Square) -> Vec<Pt> {
    let (x, y) = (f64::from(s.col()), f64::from(s.row()));
    let n = LATTICE;
    let mut v = Vec::with_capacity(((n + 1) * (n + 1)) as usize);
    for i in 0..=n {
        for j in 0..=n {
            v.push((x + f64::from(i) / f64::from(n), y + f64::from(j) / f64::from(n)));
        }
    }
    v
}

/// Whether every one of `pts` lies in one of the two own squares.
fn all_inside(pts: &[Pt], a: &BoxXY, b: &BoxXY) -> bool {
    pts.iter().all(|&p| a.contains(p) || b.contains(p))
}

/// The part of segment `p`–`q` inside box `k` (Liang–Barsky, closed box), as its two ends.
fn clip_segment(p: Pt, q: Pt, k: &BoxXY) -> Option<(Pt, Pt)> {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (den, num) in [
        (-dx, p.0 - (k.x0 - EPS)),
        (dx, (k.x1 + EPS) - p.0),
        (-dy, p.1 - (k.y0 - EPS)),
        (dy, (k.y1 + EPS) - p.1),
    ] {
        if den.abs() < 1e-15 {
            if num < 0.0 {
                return None;
            }
            continue;
        }
        let t = num / den;
        if den < 0.0 {
            t0 = t0.max(t);
        } else {
            t1 = t1.min(t);
        }
        if t0 > t1 {
            return None;
        }
    }
    Some(((p.0 + t0 * dx, p.1 + t0 * dy), (p.0 + t1 * dx, p.1 + t1 * dy)))
}

/// Whether the segment `p` (in `own_a`) – `q` (in `own_b`) meets a blocker outside the two own
/// squares, or crosses a wall on the edge of one of them.
fn segment_blocked(p: Pt, q: Pt, obs: &[BoxXY], own_a: &BoxXY, own_b: &BoxXY) -> bool {
    obs.iter().any(|k| match clip_segment(p, q, k) {
        Some((s, e)) => {
            if let Some(b) = own_wall_blocks(k, own_a, &[q], own_b, &[p]) {
                return b;
            }
            let mid = ((s.0 + e.0) / 2.0, (s.1 + e.1) / 2.0);
            if !all_inside(&[s, e, mid], own_a, own_b) {
                return true;
            }
            // The contact lies on the edge of an own square. It is forgiven only where the line
            // runs in that one own square on both sides of it (a unit beside a blocking square is not
            // hidden by it); a line that leaves the own square through the contact, as through
            // the corner point where two blocking squares meet, "touches blocking squares".
            let is_wall = (k.x0 - k.x1).abs() < EPS || (k.y0 - k.y1).abs() < EPS;
            !is_wall && leaves_through(p, q, s, e, own_a, own_b)
        }
        None => false,
    })
}

/// Whether segment `p`–`q` (from the attacker's square `own_a` to the target's `own_b`) leaves
/// an own square through its contact `s`–`e` with a blocker: the contact is forgiven only where
/// the line runs in one own square on both sides of it, in the attacker's square when the
/// contact is at its start, in the target's when it is at its end.
fn leaves_through(p: Pt, q: Pt, s: Pt, e: Pt, own_a: &BoxXY, own_b: &BoxXY) -> bool {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let len2 = dx * dx + dy * dy;
    if len2 < EPS {
        // A line of one point (a corner both squares share) touches what meets that point.
        return true;
    }
    let param = |x: Pt| ((x.0 - p.0) * dx + (x.1 - p.1) * dy) / len2;
    let step = 1e-6 / len2.sqrt();
    let at = |t: f64| (p.0 + t * dx, p.1 + t * dy);
    let (ts, te) = (param(s).min(param(e)), param(s).max(param(e)));
    let (before, after) = (at((ts - step).max(0.0)), at((te + step).min(1.0)));
    let runs_in = |o: &BoxXY| o.contains(before) && o.contains(after);
    if ts <= step {
        // At the start: the line must run on inside the attacker's square.
        !runs_in(own_a)
    } else if te >= 1.0 - step {
        // At the end: the line must come in inside the target's square.
        !runs_in(own_b)
    } else {
        !(runs_in(own_a) || runs_in(own_b))
    }
}

/// How far `pt` lies beyond wall `k` seen from own square `s` (positive: on the far side), when
/// the wall stands on an edge of `s`; `None` otherwise.
fn beyond_own_wall(k: &BoxXY, s: &BoxXY, pt: Pt) -> Option<f64> {
    let eq = |a: f64, b: f64| (a - b).abs() < EPS;
    if eq(k.x0, k.x1) && eq(k.y0, s.y0) && eq(k.y1, s.y1) {
        if eq(k.x0, s.x1) {
            return Some(pt.0 - k.x0);
        }
        if eq(k.x0, s.x0) {
            return Some(k.x0 - pt.0);
        }
    }
    if eq(k.y0, k.y1) && eq(k.x0, s.x0) && eq(k.x1, s.x1) {
        if eq(k.y0, s.y1) {
            return Some(pt.1 - k.y0);
        }
        if eq(k.y0, s.y0) {
            return Some(k.y0 - pt.1);
        }
    }
    None
}

/// For a wall `k` that lines between own square `a` and own square `b` touch, standing on an
/// edge of `a` or of `b` ("Walls and buildings also block Line of Sight"): whether it stands
/// between them, some point of the other end (`from_b` for `a`, `from_a` for `b`) lying strictly
/// beyond it. A unit is not hidden by the wall at its back, and lines from a point on the wall
/// that go away from it are not cut. `None` when the wall is on an edge of neither square (the
/// usual rule then applies).
fn own_wall_blocks(k: &BoxXY, a: &BoxXY, from_b: &[Pt], b: &BoxXY, from_a: &[Pt]) -> Option<bool> {
    let side = |s: &BoxXY, other: &[Pt]| -> Option<bool> {
        let mut out = None;
        for &pt in other {
            let d = beyond_own_wall(k, s, pt)?;
            out = Some(out.unwrap_or(false) || d > EPS);
        }
        out
    };
    match (side(a, from_b), side(b, from_a)) {
        (None, None) => None,
        // The wall both squares share: every line crosses it or runs along it.
        (Some(_), Some(_)) => Some(true),
        (x, y) => Some(x == Some(true) || y == Some(true)),
    }
}

/// Convex hull (counter-clockwise, no collinear points) by the monotone chain.
fn hull(mut pts: Vec<Pt>) -> Vec<Pt> {
    pts.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    pts.dedup_by(|a, b| (a.0 - b.0).abs() < EPS && (a.1 - b.1).abs() < EPS);
    if pts.len() < 3 {
        return pts;
    }
    let cross = |o: Pt, a: Pt, b: Pt| (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0);
    let mut lower: Vec<Pt> = Vec::new();
    for &p in &pts {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], p) <= EPS {
            lower.pop();
        }
        lower.push(p);
    }
    let mut upper: Vec<Pt> = Vec::new();
    for &p in pts.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], p) <= EPS {
            upper.pop();
        }
        upper.push(p);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

/// The part of convex polygon `poly` inside box `k` (Sutherland–Hodgman, closed box).
fn clip_polygon(poly: &[Pt], k: &BoxXY) -> Vec<Pt> {
    let mut out: Vec<Pt> = poly.to_vec();
    // Each half-plane as (a, b, c): inside when a*x + b*y + c >= 0.
    for (a, b, c) in [
        (1.0, 0.0, -(k.x0 - EPS)),
        (-1.0, 0.0, k.x1 + EPS),
        (0.0, 1.0, -(k.y0 - EPS)),
        (0.0, -1.0, k.y1 + EPS),
    ] {
        if out.is_empty() {
            break;
        }
        let f = |p: Pt| a * p.0 + b * p.1 + c;
        let input = std::mem::take(&mut out);
        for i in 0..input.len() {
            let cur = input[i];
            let prev = input[(i + input.len() - 1) % input.len()];
            let (fc, fp) = (f(cur), f(prev));
            if fc >= 0.0 {
                if fp < 0.0 {
                    let t = fp / (fp - fc);
                    out.push((prev.0 + t * (cur.0 - prev.0), prev.1 + t * (cur.1 - prev.1)));
                }
                out.push(cur);
            } else if fp >= 0.0 {
                let t = fp / (fp - fc);
                out.push((prev.0 + t * (cur.0 - prev.0), prev.1 + t * (cur.1 - prev.1)));
            }
        }
    }
    out
}

/// Whether the region swept by the lines from `p` to every point of the target square meets a
/// blocker outside the two own squares.
fn fan_blocked(p: Pt, target: &BoxXY, obs: &[BoxXY], own_a: &BoxXY) -> bool {
    let fan = hull(vec![
        p,
        (target.x0, target.y0),
        (target.x1, target.y0),
        (target.x0, target.y1),
        (target.x1, target.y1),
    ]);
    obs.iter().any(|k| {
        let part = if k.x0 == k.x1 || k.y0 == k.y1 {
            // A wall: its part inside the (convex) fan is one segment.
            wall_part(&fan, k)
        } else {
            clip_polygon(&fan, k)
        };
        if part.is_empty() {
            return false;
        }
        let corners = [
            (target.x0, target.y0),
            (target.x1, target.y0),
            (target.x0, target.y1),
            (target.x1, target.y1),
        ];
        if let Some(b) = own_wall_blocks(k, own_a, &corners, target, &[p]) {
            return b;
        }
        let mut pts = part.clone();
        for i in 0..part.len() {
            let (a, b) = (part[i], part[(i + 1) % part.len()]);
            pts.push(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0));
        }
        let n = part.len() as f64;
        pts.push((part.iter().map(|p| p.0).sum::<f64>() / n, part.iter().map(|p| p.1).sum::<f64>() / n));
        !all_inside(&pts, own_a, target)
    })
}

/// The part of a wall (a zero-width box) inside a convex polygon, as its two ends (or nothing).
fn wall_part(poly: &[Pt], wall: &BoxXY) -> Vec<Pt> {
    let (mut s, mut e) = ((wall.x0, wall.y0), (wall.x1, wall.y1));
    let n = poly.len();
    if n < 3 {
        return Vec::new();
    }
    // Clip the wall segment by each edge's inner half-plane (counter-clockwise polygon).
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        let f = |p: Pt| (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0) + EPS;
        let (fs, fe) = (f(s), f(e));
        match (fs >= 0.0, fe >= 0.0) {
            (true, true) => {}
            (false, false) => return Vec::new(),
            (true, false) => {
                let t = fs / (fs - fe);
                e = (s.0 + t * (e.0 - s.0), s.1 + t * (e.1 - s.1));
            }
            (false, true) => {
                let t = fs / (fs - fe);
                s = (s.0 + t * (e.0 - s.0), s.1 + t * (e.1 - s.1));
            }
        }
    }
    vec![s, e]
}

/// Battlefront line of sight between the units in `from` and `to`: some line from a point of
/// one square to a point of the other passes through and touches no blocker. Symmetric ("If I
/// Can See You, You Can See Me").
pub fn sees(board: &Board, occ: &Occupancy, from: Square, to: Square) -> bool {
    if from == to {
        return true;
    }
    let obs = obstacles(board, occ, from, to);
    if obs.is_empty() {
        return true;
    }
    any_clear_line(from, to, &obs)
}

/// Whether some line from a point of `from`'s lattice to a point of `to`'s misses every
/// obstacle in `obs`.
fn any_clear_line(from: Square, to: Square, obs: &[BoxXY]) -> bool {
    let (a, b) = (BoxXY::square(from), BoxXY::square(to));
    let targets = lattice(to);
    lattice(from)
        .into_iter()
        .any(|p| targets.iter().any(|&q| !segment_blocked(p, q, obs, &a, &b)))
}

/// Battlefront cover of the unit in `to` against the unit in `from`: from no point of the
/// attacker's square do lines reach every point of the target's square without passing through
/// or touching a blocker.
pub fn area_cover(board: &Board, occ: &Occupancy, from: Square, to: Square) -> bool {
    if from == to {
        return false;
    }
    let obs = obstacles(board, occ, from, to);
    if obs.is_empty() {
        return false;
    }
    let (a, b) = (BoxXY::square(from), BoxXY::square(to));
    lattice(from).into_iter().all(|p| fan_blocked(p, &b, &obs, &a))
}

/// The direction a unit faces, one of eight: 0 north (towards higher rows), 1 north-east, 2
/// east (towards higher columns), … 7 north-west ("1) Check Field of Fire": "units can end
/// their movement facing in any direction"; the eight directions of the grid are the ones a
/// square model can point at a square).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Facing(pub u8);

impl Facing {
    /// The eight directions as (column, row) steps, indexed by [`Facing::0`].
    pub const STEPS: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
    /// Facing north (towards higher rows).
    pub const NORTH: Facing = Facing(0);
    /// Facing south (towards lower rows).
    pub const SOUTH: Facing = Facing(4);
    /// Facing east (towards higher columns).
    pub const EAST: Facing = Facing(2);
    /// Facing west (towards lower columns).
    pub const WEST: Facing = Facing(6);
    /// The eight facings, north first, clockwise.
    pub const ALL: [Facing; 8] = [
        Facing(0),
        Facing(1),
        Facing(2),
        Facing(3),
        Facing(4),
        Facing(5),
        Facing(6),
        Facing(7),
    ];

    /// The name of the direction: `N`, `NE`, `E`, … `NW`.
    pub const fn name(self) -> &'static str {
        match self.0 & 7 {
            0 => "N",
            1 => "NE",
            2 => "E",
            3 => "SE",
            4 => "S",
            5 => "SW",
            6 => "W",
            _ => "NW",
        }
    }

    /// The direction closest to the line from the centre of `from` to the centre of `to`
    /// (of two equally close, the first in the order N, NE, E …); `None` when the squares are
    /// the same.
    pub fn towards(from: Square, to: Square) -> Option<Facing> {
        let (dx, dy) = delta(from, to);
        if dx == 0 && dy == 0 {
            return None;
        }
        let mut best = (i64::MIN, 0u8);
        for (i, &(sx, sy)) in Facing::STEPS.iter().enumerate() {
            // The largest cosine: dot / |s|, compared squared and signed without roots (|s|^2
            // is 1 or 2).
            let dot = i64::from(dx * sx + dy * sy);
            let norm2 = i64::from(sx * sx + sy * sy);
            let score = if norm2 == 1 {
                dot * dot * 2 * dot.signum()
            } else {
                dot * dot * dot.signum()
            };
            if score > best.0 {
                best = (score, i as u8);
            }
        }
        Some(Facing(best.1))
    }

    /// Whether the centre of `to` is within 45 degrees either side of this facing, seen from the
    /// centre of `from` ("A Support Weapon can only attack targets up to 45 degrees on either
    /// side of the direction it is facing"; the edge of the arc counts as inside).
    pub fn in_front_arc(self, from: Square, to: Square) -> bool {
        let (dx, dy) = delta(from, to);
        let (sx, sy) = Facing::STEPS[usize::from(self.0 & 7)];
        let dot = i64::from(dx * sx + dy * sy);
        let v2 = i64::from(dx * dx + dy * dy);
        let s2 = i64::from(sx * sx + sy * sy);
        // angle <= 45 degrees  <=>  dot > 0 and dot^2 >= |v|^2 |s|^2 cos^2(45) = |v|^2 |s|^2 / 2
        dot > 0 && 2 * dot * dot >= v2 * s2
    }
}

fn delta(from: Square, to: Square) -> (i32, i32) {
    (
        i32::from(to.col()) - i32::from(from.col()),
        i32::from(to.row()) - i32::from(from.row()),
    )
}

/// The squares a large model occupies: its square and the one behind it, opposite its facing
/// ("Large Vehicles and Large Aircraft occupy two squares"); a huge model the 2 x 2 block
/// whose corner is its square, extending behind and to the right of its facing ("Huge
/// Vehicles occupy four squares"). Squares off the board are left out. Used by the geometry
/// of [`sees_footprints`] and [`footprint_cover`].
pub fn footprint(at: Square, facing: Facing, squares: u8) -> Vec<Square> {
    let mut v = vec![at];
    // Behind: the opposite of the facing, on the nearest orthogonal axis.
    let f = facing.0 & 7;
    let axis = if f.is_multiple_of(2) { f } else { (f + 7) % 8 }; // a diagonal facing uses the axis to its left
    let (bx, by) = Facing::STEPS[usize::from((axis + 4) % 8)];
    let (rx, ry) = Facing::STEPS[usize::from((axis + 2) % 8)];
    let at_off = |dx: i32, dy: i32| {
        let c = u8::try_from(i32::from(at.col()) + dx).ok()?;
        let r = u8::try_from(i32::from(at.row()) + dy).ok()?;
        Some(Square::new(c, r))
    };
    if squares >= 2 {
        v.extend(at_off(bx, by));
    }
    if squares >= 4 {
        v.extend(at_off(rx, ry));
        v.extend(at_off(bx + rx, by + ry));
    }
    v
}

/// Line of sight between two models of several squares each ("trace an imaginary line from any
/// point in the attacking unit's square to any point in the target unit's square", for a model
/// on two or four squares any of them): some pair of their squares sees each other, the
/// models' own squares not blocking. Symmetric.
pub fn sees_footprints(board: &Board, occ: &Occupancy, from: &[Square], to: &[Square]) -> bool {
    from.iter().any(|&a| {
        to.iter().any(|&b| {
            if a == b {
                return true;
            }
            let obs = obstacles_except(board, occ, a, b, from, to);
            if obs.is_empty() {
                return true;
            }
            any_clear_line(a, b, &obs)
        })
    })
}

/// Cover of a model of several squares against an attacker of several squares: from no point
/// of the attacker's squares do lines reach every point of one of the target's squares ("all
/// points in the target unit's square"; docs/rulings.md, "Battlefront large models").
pub fn footprint_cover(board: &Board, occ: &Occupancy, from: &[Square], to: &[Square]) -> bool {
    !from.iter().any(|&a| {
        to.iter().any(|&b| {
            if a == b {
                return true;
            }
            let obs = obstacles_except(board, occ, a, b, from, to);
            let (ba, bb) = (BoxXY::square(a), BoxXY::square(b));
            lattice(a).into_iter().any(|p| !fan_blocked(p, &bb, &obs, &ba))
        })
    })
}

/// [`sees_footprints`] for a model that is about to leave `ignore` (the squares it stands on
/// before its declared move): those squares do not block either.
pub fn sees_areas(board: &Board, occ: &Occupancy, from: &[Square], to: &[Square], ignore: &[Square]) -> bool {
    from.iter().any(|&a| {
        to.iter().any(|&b| {
            if a == b {
                return true;
            }
            let obs = obstacles_except(board, occ, a, b, from, &[to, ignore].concat());
            if obs.is_empty() {
                return true;
            }
            any_clear_line(a, b, &obs)
        })
    })
}

/// Line of sight between a unit on `ground` (its squares) and an aircraft on `air` (its
/// squares), either way ("Line of Sight to Aircraft": "An Aircraft can see and be seen from
/// anywhere on the game board, except that an Aircraft cannot see or be seen from a unit
/// immediately behind terrain that would block Line of Sight to a Vehicle unit, and cannot see
/// or be seen from a unit in a building unless the unit can be seen through or is looking
/// through an opening on the edge of its square").
///
/// Read as (docs/rulings.md, "Battlefront aircraft line of sight"): a line from some point of a
/// ground square to some point of an aircraft square that meets none of the terrain right
/// around that ground square: the blocking terrain squares among its eight neighbours
/// (structure squares, trees, smoke) and the walls on its four edges; in a building every edge
/// of its square but an opening that leads out of the building is a wall. Units never block
/// (the aircraft flies above them). With `ground` itself an aircraft, the two always see each
/// other: pass `ground_flies = true`.
pub fn sees_aircraft(board: &Board, ground: &[Square], air: &[Square], ground_flies: bool) -> bool {
    if ground_flies {
        return true;
    }
    ground.iter().any(|&g| {
        air.iter().any(|&a| {
            if a == g {
                return true;
            }
            let obs = terrain_around(board, g, a);
            obs.is_empty() || any_clear_line(g, a, &obs)
        })
    })
}

/// Cover between a unit on `ground` and an aircraft on `air` (either may be the target), read
/// as [`sees_aircraft`] reads line of sight ("Cover Saves": the attacker "cannot draw a line from
/// any point in its square to all points in the target unit's square without passing through or
/// touching blocking squares"), with only the terrain right around the ground unit as
/// obstacles: from no point of the attacker's squares do lines reach all of one of the target's
/// squares. Two aircraft: never in cover.
pub fn aircraft_cover(board: &Board, ground: &[Square], air: &[Square], target_is_air: bool, ground_flies: bool) -> bool {
    if ground_flies {
        return false;
    }
    let (from, to) = if target_is_air { (ground, air) } else { (air, ground) };
    !from.iter().any(|&a| {
        to.iter().any(|&b| {
            if a == b {
                return true;
            }
            let g = if target_is_air { a } else { b };
            let other = if target_is_air { b } else { a };
            let obs = terrain_around(board, g, other);
            let (ba, bb) = (BoxXY::square(a), BoxXY::square(b));
            lattice(a).into_iter().any(|p| !fan_blocked(p, &bb, &obs, &ba))
        })
    })
}

/// The terrain right around `g` that hides it from above ([`sees_aircraft`]): blocking terrain
/// squares among its neighbours (but `a`), and the walls of its square.
fn terrain_around(board: &Board, g: Square, a: Square) -> Vec<BoxXY> {
    let mut v = Vec::new();
    for dc in -1..=1 {
        for dr in -1..=1 {
            let Some(n) = g.offset(dc, dr).filter(|&n| board.contains(n) && n != g && n != a) else {
                continue;
            };
            if board.terrain(n).blocks_area_sight() {
                v.push(BoxXY::square(n));
            }
        }
    }
    v.extend(own_walls(board, g));
    v
}

/// The walls of square `g` as obstacles: when `g` is inside a building, every edge of it but an
/// opening that leads out of the building ("A unit outside a
/// building can only attack a unit inside the building if the target unit is adjacent to the
/// opening the unit is attacking through"; "Line of Sight to Aircraft": "unless the unit can be
/// seen through or is looking through an opening on the edge of its square").
fn own_walls(board: &Board, g: Square) -> Vec<BoxXY> {
    let inside = board.structure_at(g);
    let (x, y) = (f64::from(g.col()), f64::from(g.row()));
    let mut v = Vec::new();
    for ((dc, dr), wall) in [
        ((0, 1), (x, y + 1.0, x + 1.0, y + 1.0)),
        ((1, 0), (x + 1.0, y, x + 1.0, y + 1.0)),
        ((0, -1), (x, y, x + 1.0, y)),
        ((-1, 0), (x, y, x, y + 1.0)),
    ] {
        let n = g.offset(dc, dr).filter(|&n| board.contains(n));
        let edge = n.map_or(Edge::Open, |n| board.edge(g, n));
        let blocked = match inside {
            Some(st) => !(matches!(edge, Edge::Entrance(_)) && n.is_some_and(|n| board.structure_at(n) != Some(st))),
            None => edge == Edge::Wall,
        };
        if blocked {
            v.push(BoxXY {
                x0: wall.0,
                y0: wall.1,
                x1: wall.2,
                y1: wall.3,
            });
        }
    }
    v
}

/// [`obstacles`] without the squares of the two models themselves.
fn obstacles_except(board: &Board, occ: &Occupancy, a: Square, b: Square, own_a: &[Square], own_b: &[Square]) -> Vec<BoxXY> {
    let mut obs = obstacles(board, occ, a, b);
    let own: Vec<BoxXY> = own_a
        .iter()
        .chain(own_b)
        .filter(|&&s| s != a && s != b)
        .map(|&s| BoxXY::square(s))
        .collect();
    obs.retain(|k| {
        !own.iter()
            .any(|o| (o.x0 - k.x0).abs() < EPS && (o.y0 - k.y0).abs() < EPS && (o.x1 - k.x1).abs() < EPS && (o.y1 - k.y1).abs() < EPS)
    });
    obs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSetup;
    use crate::side::Side;
    use crate::terrain::{PieceKind, Terrain};

    fn board(w: u8, h: u8, blocked: &[&str]) -> Board {
        let mut b = Board::new(BoardSetup {
            width: w,
            height: h,
            terrain: vec![Terrain::Open; usize::from(w) * usize::from(h)],
            ..BoardSetup::default()
        })
        .expect("board");
        for s in blocked {
            b.set_terrain(s.parse().expect("square"), Terrain::NoDot);
        }
        b
    }

    fn sq(s: &str) -> Square {
        s.parse().expect("square")
    }

    /// "3) Check Line of Sight": with no blocker every square sees every other, and no unit is
    /// in cover ("In the Open").
    #[test]
    fn open_ground_sees_everything_without_cover() {
        let b = board(6, 6, &[]);
        let occ = Occupancy::new(&b);
        assert!(sees(&b, &occ, sq("A1"), sq("F6")));
        assert!(!area_cover(&b, &occ, sq("A1"), sq("F6")));
    }

    /// A blocker straight between two squares of one column blocks every line (each line from
    /// the column to the column passes through or touches it).
    #[test]
    fn a_blocker_in_line_blocks_sight() {
        let b = board(6, 6, &["C3"]);
        let occ = Occupancy::new(&b);
        assert!(!sees(&b, &occ, sq("C1"), sq("C5")));
        assert!(!sees(&b, &occ, sq("C5"), sq("C1")), "if I can see you, you can see me");
    }

    /// "Cover Saves": the target is seen, but from no point of the attacker's square do lines
    /// reach all of the target's square: the blocker cuts off its near corner.
    #[test]
    fn partly_hidden_target_is_in_cover() {
        let b = board(8, 8, &["D4"]);
        let occ = Occupancy::new(&b);
        assert!(sees(&b, &occ, sq("E1"), sq("C5")));
        assert!(area_cover(&b, &occ, sq("E1"), sq("C5")));
        // Seen from the side of the blocker that does not cut it off: in the open.
        assert!(!area_cover(&b, &occ, sq("A1"), sq("C5")));
    }

    /// "Line of Sight Through Units": vehicles block, infantry never does.
    #[test]
    fn vehicles_block_infantry_does_not() {
        let b = board(6, 6, &[]);
        let mut occ = Occupancy::new(&b);
        occ.place(sq("C3"), PieceKind::Squad, Side::A);
        assert!(sees(&b, &occ, sq("C1"), sq("C5")));
        occ.place(sq("C3"), PieceKind::Vehicle, Side::B);
        assert!(!sees(&b, &occ, sq("C1"), sq("C5")));
    }

    /// A blocker beside the target on the far side gives no cover: touching inside the
    /// target's own square does not count.
    #[test]
    fn a_blocker_behind_the_target_gives_no_cover() {
        let b = board(6, 6, &["C5"]);
        let occ = Occupancy::new(&b);
        assert!(!area_cover(&b, &occ, sq("C1"), sq("C4")));
    }

    /// "Walls and buildings also block Line of Sight" (tactics-battlefront-2013-rules.txt, "Walls
    /// and Buildings"): a wall on the edge of a unit's own square blocks the lines that cross
    /// it, not those that go away from it; a wall behind the target gives no cover.
    #[test]
    fn walls_between_block_walls_behind_do_not() {
        use crate::board::{Dir, EntranceSetup, EntranceSize, StructureSetup};
        let b = Board::new(BoardSetup {
            width: 6,
            height: 6,
            terrain: vec![Terrain::Open; 36],
            structures: vec![StructureSetup {
                name: "hut".into(),
                interior: vec![sq("C3"), sq("D3")],
                entrances: vec![EntranceSetup {
                    at: sq("C3"),
                    side: Dir::South,
                    size: EntranceSize::Small,
                }],
                inner_walls: vec![],
            }],
            ..BoardSetup::default()
        })
        .expect("board");
        let occ = Occupancy::new(&b);
        assert!(!sees(&b, &occ, sq("B3"), sq("E3")), "through both walls of the hut");
        assert!(!sees(&b, &occ, sq("B3"), sq("C3")), "through the wall between them");
        assert!(sees(&b, &occ, sq("C2"), sq("C3")), "through the opening");
        assert!(sees(&b, &occ, sq("B3"), sq("A3")), "the wall at its back");
        assert!(!area_cover(&b, &occ, sq("A3"), sq("B3")), "no cover from a wall behind");
        assert!(sees(&b, &occ, sq("D4"), sq("D6")) && !area_cover(&b, &occ, sq("D6"), sq("D4")));
    }

    /// "Vehicle and Aircraft Size": large models occupy two squares, huge ones four; the square
    /// behind the facing, and the block to its right.
    #[test]
    fn footprints_of_large_and_huge_models() {
        assert_eq!(footprint(sq("C3"), Facing::NORTH, 1), [sq("C3")]);
        assert_eq!(footprint(sq("C3"), Facing::NORTH, 2), [sq("C3"), sq("C2")]);
        assert_eq!(footprint(sq("C3"), Facing::EAST, 2), [sq("C3"), sq("B3")]);
        assert_eq!(footprint(sq("C3"), Facing::NORTH, 4), [sq("C3"), sq("C2"), sq("D3"), sq("D2")]);
        assert_eq!(footprint(sq("A1"), Facing::NORTH, 2), [sq("A1")], "off the board is left out");
    }

    /// "3) Check Line of Sight" for a model on two squares: a line from any point of any of its
    /// squares; its own squares (a vehicle) do not block its own lines. Cover: "all points in
    /// the target unit's square", for a large target one of its squares seen whole.
    #[test]
    fn large_models_see_and_are_covered_from_every_square() {
        let b = board(8, 8, &["D4"]);
        let mut occ = Occupancy::new(&b);
        // A large vehicle on C3 and C2: C2 does not block C3's lines.
        occ.place(sq("C2"), PieceKind::Vehicle, Side::A);
        occ.place(sq("C3"), PieceKind::Vehicle, Side::A);
        let tank = footprint(sq("C3"), Facing::NORTH, 2);
        assert!(sees_footprints(&b, &occ, &tank, &[sq("C1")]), "its rear square does not hide C1");
        assert!(!sees(&b, &occ, sq("C4"), sq("C1")), "for anyone else the tank blocks");
        // D4 hides part of E5 from every point of C3 and of C2: in cover.
        assert!(footprint_cover(&b, &occ, &tank, &[sq("E5")]));
        assert_eq!(
            sees_footprints(&b, &occ, &tank, &[sq("F7")]),
            sees_footprints(&b, &occ, &[sq("F7")], &tank),
            "symmetric"
        );
    }
}
