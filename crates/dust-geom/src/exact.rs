//! Exact predicates on integer points: orientation, segment intersection, point in polygon,
//! distances compared as exact fractions of `i128`.
//!
//! Coordinates are [`Coord`]s of 0.1 mm (100 to the centimetre). A table of 10 m × 10 m is
//! 100 000 units wide, so a coordinate difference fits in 18 bits, a cross product in 36 and
//! the squared quantities compared here in under 120 bits of an `i128`: no predicate rounds,
//! so every machine gives the same answer.

use core::cmp::Ordering;

/// A length or coordinate in units of 0.1 mm.
pub type Coord = i64;

/// Units in a centimetre.
pub const UNITS_PER_CM: Coord = 100;

/// The largest table side the geometry accepts (10 m): keeps every product in range.
pub const MAX_COORD: Coord = 100_000;

/// A point of the table, in units of 0.1 mm; `x` grows to the right, `y` away from player A.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pt {
    /// Across the table.
    pub x: Coord,
    /// Along the table.
    pub y: Coord,
}

impl Pt {
    /// A point.
    pub const fn new(x: Coord, y: Coord) -> Pt {
        Pt { x, y }
    }

    /// A point given in centimetres, rounded to the nearest unit (0.1 mm); only IEEE-exact
    /// operations (a multiplication and a rounding), so the same on every machine.
    pub fn cm(x: f64, y: f64) -> Pt {
        Pt::new(cm_to_units(x), cm_to_units(y))
    }

    /// `self - o`.
    pub const fn sub(self, o: Pt) -> Pt {
        Pt::new(self.x - o.x, self.y - o.y)
    }

    /// `self + o`.
    pub const fn add(self, o: Pt) -> Pt {
        Pt::new(self.x + o.x, self.y + o.y)
    }

    /// In centimetres, for output.
    pub fn to_cm(self) -> (f64, f64) {
        (units_to_cm(self.x), units_to_cm(self.y))
    }
}

/// A length in centimetres as units, rounded to the nearest unit.
pub fn cm_to_units(cm: f64) -> Coord {
    // Both operations are correctly rounded in IEEE 754; `as` saturates on overflow.
    (cm * UNITS_PER_CM as f64).round() as Coord
}

/// Units as centimetres (one correctly rounded division).
pub fn units_to_cm(u: Coord) -> f64 {
    u as f64 / UNITS_PER_CM as f64
}

/// Twice the signed area of the triangle `o a b`: positive when `o → a → b` turns left.
pub fn cross(o: Pt, a: Pt, b: Pt) -> i128 {
    let (ax, ay) = (i128::from(a.x - o.x), i128::from(a.y - o.y));
    let (bx, by) = (i128::from(b.x - o.x), i128::from(b.y - o.y));
    ax * by - ay * bx
}

/// The dot product of `a - o` and `b - o`.
pub fn dot(o: Pt, a: Pt, b: Pt) -> i128 {
    let (ax, ay) = (i128::from(a.x - o.x), i128::from(a.y - o.y));
    let (bx, by) = (i128::from(b.x - o.x), i128::from(b.y - o.y));
    ax * bx + ay * by
}

/// Squared distance between two points.
pub fn dist2(a: Pt, b: Pt) -> i128 {
    dot(a, b, b)
}

/// The sign of [`cross`]: -1, 0 or 1. Computed in `i64`: coordinate differences are below
/// 2·[`MAX_COORD`] (18 bits), so each product is below 2³⁶ and their difference fits.
pub fn orient(a: Pt, b: Pt, c: Pt) -> i8 {
    let v = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    match v.cmp(&0) {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }
}

/// Whether `p` lies on the closed segment `a b`.
pub fn on_segment(p: Pt, a: Pt, b: Pt) -> bool {
    cross(a, b, p) == 0 && p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
}

/// Whether the closed segments `a b` and `c d` share a point (touching counts).
pub fn segments_intersect(a: Pt, b: Pt, c: Pt, d: Pt) -> bool {
    let (d1, d2) = (orient(a, b, c), orient(a, b, d));
    let (d3, d4) = (orient(c, d, a), orient(c, d, b));
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    (d1 == 0 && on_segment(c, a, b))
        || (d2 == 0 && on_segment(d, a, b))
        || (d3 == 0 && on_segment(a, c, d))
        || (d4 == 0 && on_segment(b, c, d))
}

/// Where a point is with respect to a polygon.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Inside {
    /// Strictly outside.
    Out,
    /// On an edge or a vertex.
    Boundary,
    /// Strictly inside.
    In,
}

/// Where `p` is with respect to the simple polygon `poly` (either orientation), by the
/// crossing rule with exact orientation tests.
pub fn point_in_polygon(p: Pt, poly: &[Pt]) -> Inside {
    point_in_polygon_h(HPt::from(p), poly)
}

/// A point with rational coordinates `(x / w, y / w)`, `w > 0`: where a segment crosses an
/// edge, or the middle of two such places.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HPt {
    /// `x * w`.
    pub x: i128,
    /// `y * w`.
    pub y: i128,
    /// The common denominator, positive.
    pub w: i128,
}

impl From<Pt> for HPt {
    fn from(p: Pt) -> HPt {
        HPt {
            x: i128::from(p.x),
            y: i128::from(p.y),
            w: 1,
        }
    }
}

impl HPt {
    /// The point `a + t (b - a)` for `t = n / d`, `d > 0`.
    pub fn along(a: Pt, b: Pt, n: i128, d: i128) -> HPt {
        let (ax, ay) = (i128::from(a.x), i128::from(a.y));
        let (bx, by) = (i128::from(b.x), i128::from(b.y));
        HPt {
            x: ax * d + (bx - ax) * n,
            y: ay * d + (by - ay) * n,
            w: d,
        }
    }
}

/// The sign of the cross product `(b - a) × (p - a)` for a rational `p`.
fn orient_h(a: Pt, b: Pt, p: HPt) -> i8 {
    let (ax, ay) = (i128::from(a.x), i128::from(a.y));
    let (ex, ey) = (i128::from(b.x) - ax, i128::from(b.y) - ay);
    let v = ex * (p.y - ay * p.w) - ey * (p.x - ax * p.w);
    v.signum() as i8
}

/// [`point_in_polygon`] for a rational point.
pub fn point_in_polygon_h(p: HPt, poly: &[Pt]) -> Inside {
    let n = poly.len();
    let mut inside = false;
    for i in 0..n {
        let a = poly[i];
        let b = poly[(i + 1) % n];
        let o = orient_h(a, b, p);
        if o == 0 {
            let (lo_x, hi_x) = (i128::from(a.x.min(b.x)) * p.w, i128::from(a.x.max(b.x)) * p.w);
            let (lo_y, hi_y) = (i128::from(a.y.min(b.y)) * p.w, i128::from(a.y.max(b.y)) * p.w);
            if p.x >= lo_x && p.x <= hi_x && p.y >= lo_y && p.y <= hi_y {
                return Inside::Boundary;
            }
        }
        // Half-open rule on y: the edge counts when it straddles the point's height.
        let (ay, by) = (i128::from(a.y) * p.w, i128::from(b.y) * p.w);
        if (ay > p.y) != (by > p.y) {
            // The crossing is to the right of p when the orientation agrees with the edge's
            // direction in y.
            let up = by > ay;
            if (o > 0) == up {
                inside = !inside;
            }
        }
    }
    if inside {
        Inside::In
    } else {
        Inside::Out
    }
}

/// A non-negative fraction `num / den` (`den > 0`), compared exactly.
#[derive(Copy, Clone, Debug)]
pub struct Ratio {
    /// Numerator.
    pub num: i128,
    /// Denominator, positive.
    pub den: i128,
}

impl Ratio {
    /// The integer `n`.
    pub const fn int(n: i128) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// Zero.
    pub const ZERO: Ratio = Ratio::int(0);

    /// The value as a float (one conversion of each part and one division, correctly rounded).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// Whether `self <= n` for an integer `n`.
    pub fn le_int(self, n: i128) -> bool {
        self.num <= n * self.den
    }
}

impl PartialEq for Ratio {
    fn eq(&self, o: &Ratio) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Ratio {}
impl PartialOrd for Ratio {
    fn partial_cmp(&self, o: &Ratio) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Ratio {
    fn cmp(&self, o: &Ratio) -> Ordering {
        (self.num * o.den).cmp(&(o.num * self.den))
    }
}

/// The squared distance from `p` to the closed segment `a b`, exactly.
pub fn seg_point_dist2(p: Pt, a: Pt, b: Pt) -> Ratio {
    let len2 = dist2(a, b);
    if len2 == 0 {
        return Ratio::int(dist2(p, a));
    }
    let t = dot(a, b, p);
    if t <= 0 {
        return Ratio::int(dist2(p, a));
    }
    if t >= len2 {
        return Ratio::int(dist2(p, b));
    }
    let c = cross(a, b, p);
    Ratio { num: c * c, den: len2 }
}

/// The squared distance between the closed segments `a b` and `c d`, exactly (0 when they meet).
pub fn seg_seg_dist2(a: Pt, b: Pt, c: Pt, d: Pt) -> Ratio {
    if segments_intersect(a, b, c, d) {
        return Ratio::ZERO;
    }
    [
        seg_point_dist2(a, c, d),
        seg_point_dist2(b, c, d),
        seg_point_dist2(c, a, b),
        seg_point_dist2(d, a, b),
    ]
    .into_iter()
    .min()
    .unwrap_or(Ratio::ZERO)
}

/// Whether the closed segment `a b` comes within `r` of `c` (touching counts): the circle test
/// with squared integers.
pub fn segment_meets_disc(a: Pt, b: Pt, c: Pt, r: Coord) -> bool {
    seg_point_dist2(c, a, b).le_int(i128::from(r) * i128::from(r))
}

/// Twice the signed area of a polygon (positive when counter-clockwise).
pub fn area2(poly: &[Pt]) -> i128 {
    let n = poly.len();
    (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y)
        })
        .sum()
}

/// The first pair of edges `(i, j)` of a polygon that cross or touch although they are not
/// neighbours (or neighbours that fold back on each other): `None` for a simple polygon.
pub fn self_intersection(poly: &[Pt]) -> Option<(usize, usize)> {
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if a == b {
            return Some((i, i));
        }
        for j in i + 1..n {
            let (c, d) = (poly[j], poly[(j + 1) % n]);
            let adjacent = j == i + 1 || (i == 0 && j == n - 1);
            if adjacent {
                // Neighbours share one vertex; they may not overlap along a line.
                let shared = if j == i + 1 { b } else { a };
                let (p, q) = if j == i + 1 { (a, d) } else { (b, c) };
                if cross(shared, p, q) == 0 && dot(shared, p, q) > 0 {
                    return Some((i, j));
                }
                continue;
            }
            if segments_intersect(a, b, c, d) {
                return Some((i, j));
            }
        }
    }
    None
}

/// The bounding box of points: `(min, max)`.
pub fn bbox(pts: &[Pt]) -> (Pt, Pt) {
    let mut lo = Pt::new(Coord::MAX, Coord::MAX);
    let mut hi = Pt::new(Coord::MIN, Coord::MIN);
    for p in pts {
        lo = Pt::new(lo.x.min(p.x), lo.y.min(p.y));
        hi = Pt::new(hi.x.max(p.x), hi.y.max(p.y));
    }
    (lo, hi)
}

/// Rounded division `n / d` (half away from zero is avoided: ties go up), the same everywhere.
pub fn round_div(n: i128, d: i128) -> i128 {
    (2 * n + d).div_euclid(2 * d)
}

/// The convex hull of points, counter-clockwise, without collinear points (Andrew's monotone
/// chain with exact orientation).
pub fn convex_hull(pts: &[Pt]) -> Vec<Pt> {
    let mut p: Vec<Pt> = pts.to_vec();
    p.sort_unstable();
    p.dedup();
    convex_hull_sorted(&p)
}

/// [`convex_hull`] of points already sorted and without repeats (a caller that adds one point
/// at a time to a sorted set saves the sort).
pub fn convex_hull_sorted(p: &[Pt]) -> Vec<Pt> {
    debug_assert!(p.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
    if p.len() < 3 {
        return p.to_vec();
    }
    let mut h: Vec<Pt> = Vec::with_capacity(p.len() * 2);
    for &q in p {
        while h.len() >= 2 && cross(h[h.len() - 2], h[h.len() - 1], q) <= 0 {
            h.pop();
        }
        h.push(q);
    }
    let lower = h.len() + 1;
    for &q in p.iter().rev().skip(1) {
        while h.len() >= lower && cross(h[h.len() - 2], h[h.len() - 1], q) <= 0 {
            h.pop();
        }
        h.push(q);
    }
    h.pop();
    h
}

/// Whether two polygons (closed regions) share a point: an edge of one meets an edge of the
/// other, or one holds a vertex of the other.
pub fn polygons_meet(a: &[Pt], b: &[Pt]) -> bool {
    let (alo, ahi) = bbox(a);
    let (blo, bhi) = bbox(b);
    if ahi.x < blo.x || bhi.x < alo.x || ahi.y < blo.y || bhi.y < alo.y {
        return false;
    }
    for i in 0..a.len() {
        let (p, q) = (a[i], a[(i + 1) % a.len()]);
        for j in 0..b.len() {
            if segments_intersect(p, q, b[j], b[(j + 1) % b.len()]) {
                return true;
            }
        }
    }
    point_in_polygon(a[0], b) != Inside::Out || point_in_polygon(b[0], a) != Inside::Out
}

/// Whether the polygon and the disc (centre `c`, radius `r`) share a point.
pub fn polygon_meets_disc(poly: &[Pt], c: Pt, r: Coord) -> bool {
    if point_in_polygon(c, poly) != Inside::Out {
        return true;
    }
    (0..poly.len()).any(|i| segment_meets_disc(poly[i], poly[(i + 1) % poly.len()], c, r))
}

/// The squared distance from a point to a polygon's region (0 inside).
pub fn polygon_point_dist2(poly: &[Pt], p: Pt) -> Ratio {
    if point_in_polygon(p, poly) != Inside::Out {
        return Ratio::ZERO;
    }
    (0..poly.len())
        .map(|i| seg_point_dist2(p, poly[i], poly[(i + 1) % poly.len()]))
        .min()
        .unwrap_or(Ratio::ZERO)
}

/// The squared distance between two polygons' regions (0 when they meet).
pub fn polygons_dist2(a: &[Pt], b: &[Pt]) -> Ratio {
    if polygons_meet(a, b) {
        return Ratio::ZERO;
    }
    let mut best: Option<Ratio> = None;
    for i in 0..a.len() {
        let (p, q) = (a[i], a[(i + 1) % a.len()]);
        for j in 0..b.len() {
            let d = seg_seg_dist2(p, q, b[j], b[(j + 1) % b.len()]);
            best = Some(best.map_or(d, |x| x.min(d)));
        }
    }
    best.unwrap_or(Ratio::ZERO)
}

/// The parameters `t` (as `n / d`, `d > 0`) where the segment `a b` crosses the segment `c d`
/// at a single point; `None` when they do not meet or overlap along a line.
pub fn crossing_param(a: Pt, b: Pt, c: Pt, d: Pt) -> Option<(i128, i128)> {
    let r = b.sub(a);
    let s = d.sub(c);
    let den = i128::from(r.x) * i128::from(s.y) - i128::from(r.y) * i128::from(s.x);
    if den == 0 {
        return None;
    }
    let ca = c.sub(a);
    let tn = i128::from(ca.x) * i128::from(s.y) - i128::from(ca.y) * i128::from(s.x);
    let un = i128::from(ca.x) * i128::from(r.y) - i128::from(ca.y) * i128::from(r.x);
    let (tn, un, den) = if den < 0 { (-tn, -un, -den) } else { (tn, un, den) };
    if tn < 0 || tn > den || un < 0 || un > den {
        return None;
    }
    Some((tn, den))
}

/// Whether the segment `p q` passes through the interior of the polygon (touching its outline,
/// running along it or ending on it does not count): between consecutive places where it
/// meets the outline, some middle lies strictly inside.
pub fn segment_enters_polygon(p: Pt, q: Pt, poly: &[Pt]) -> bool {
    if point_in_polygon(p, poly) == Inside::In || point_in_polygon(q, poly) == Inside::In {
        return true;
    }
    if p == q {
        return false;
    }
    let ts = outline_params(p, q, poly);
    ts.windows(2)
        .any(|w| point_in_polygon_h(middle(p, q, w[0], w[1]), poly) == Inside::In)
}

/// The parameters `t` (as `n / d`, `d > 0`), in order and without repeats, where the segment
/// `p q` (`p ≠ q`) meets the polygon's outline, with its ends `0` and `1`: between two
/// consecutive ones the segment is wholly inside or wholly outside.
pub fn outline_params(p: Pt, q: Pt, poly: &[Pt]) -> Vec<(i128, i128)> {
    let len2 = dist2(p, q);
    // Room for every crossing at once: this runs for every line of sight through area terrain.
    let mut ts: Vec<(i128, i128)> = Vec::with_capacity(2 + 2 * poly.len());
    ts.extend([(0, 1), (1, 1)]);
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if let Some(t) = crossing_param(p, q, a, b) {
            ts.push(t);
        }
        if on_segment(a, p, q) {
            ts.push((dot(p, q, a), len2));
        }
    }
    ts.sort_by(|x, y| (x.0 * y.1).cmp(&(y.0 * x.1)));
    ts.dedup_by(|x, y| x.0 * y.1 == y.0 * x.1);
    ts
}

/// The point of `p q` halfway between the parameters `a` and `b` (exact, rational).
pub fn middle(p: Pt, q: Pt, a: (i128, i128), b: (i128, i128)) -> HPt {
    HPt::along(p, q, a.0 * b.1 + b.0 * a.1, 2 * a.1 * b.1)
}

/// Whether a convex polygon and a simple polygon share interior (touching along an edge or at
/// a corner does not count): an edge of one passes through the other's interior, or the
/// convex one's centre of corners lies strictly inside the other.
pub fn convex_overlaps_polygon(convex: &[Pt], poly: &[Pt]) -> bool {
    let (alo, ahi) = bbox(convex);
    let (blo, bhi) = bbox(poly);
    if ahi.x <= blo.x || bhi.x <= alo.x || ahi.y <= blo.y || bhi.y <= alo.y {
        return false;
    }
    let n = convex.len() as i128;
    let centre = HPt {
        x: convex.iter().map(|p| i128::from(p.x)).sum(),
        y: convex.iter().map(|p| i128::from(p.y)).sum(),
        w: n,
    };
    point_in_polygon_h(centre, poly) == Inside::In
        || (0..convex.len()).any(|i| segment_enters_polygon(convex[i], convex[(i + 1) % convex.len()], poly))
        || (0..poly.len()).any(|i| segment_enters_polygon(poly[i], poly[(i + 1) % poly.len()], convex))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predicates() {
        let sq = [Pt::new(0, 0), Pt::new(10, 0), Pt::new(10, 10), Pt::new(0, 10)];
        assert_eq!(point_in_polygon(Pt::new(5, 5), &sq), Inside::In);
        assert_eq!(point_in_polygon(Pt::new(10, 5), &sq), Inside::Boundary);
        assert_eq!(point_in_polygon(Pt::new(11, 5), &sq), Inside::Out);
        assert_eq!(point_in_polygon(Pt::new(0, 0), &sq), Inside::Boundary);
        let rev: Vec<Pt> = sq.iter().rev().copied().collect();
        assert_eq!(point_in_polygon(Pt::new(5, 5), &rev), Inside::In);
        assert!(segments_intersect(Pt::new(0, 0), Pt::new(10, 10), Pt::new(0, 10), Pt::new(10, 0)));
        assert!(segments_intersect(Pt::new(0, 0), Pt::new(10, 0), Pt::new(10, 0), Pt::new(20, 5)));
        assert!(!segments_intersect(Pt::new(0, 0), Pt::new(10, 0), Pt::new(0, 1), Pt::new(10, 1)));
        assert_eq!(seg_point_dist2(Pt::new(5, 3), Pt::new(0, 0), Pt::new(10, 0)), Ratio::int(9));
        assert!(self_intersection(&sq).is_none());
        let bow = [Pt::new(0, 0), Pt::new(10, 10), Pt::new(10, 0), Pt::new(0, 10)];
        assert!(self_intersection(&bow).is_some());
        assert_eq!(
            convex_hull(&[Pt::new(0, 0), Pt::new(5, 5), Pt::new(10, 0), Pt::new(10, 10), Pt::new(0, 10)]).len(),
            4
        );
        let h = HPt::along(Pt::new(0, 5), Pt::new(20, 5), 1, 4);
        assert_eq!(point_in_polygon_h(h, &sq), Inside::In);
        assert_eq!(
            crossing_param(Pt::new(0, 5), Pt::new(20, 5), Pt::new(10, 0), Pt::new(10, 10)),
            Some((100, 200))
        );
        // Touching is not entering; crossing, ending inside or running through corners is.
        assert!(!segment_enters_polygon(Pt::new(10, 0), Pt::new(10, 10), &sq));
        assert!(!segment_enters_polygon(Pt::new(10, 5), Pt::new(20, 5), &sq));
        assert!(segment_enters_polygon(Pt::new(0, 0), Pt::new(10, 10), &sq));
        assert!(segment_enters_polygon(Pt::new(5, 5), Pt::new(20, 5), &sq));
        assert!(segment_enters_polygon(Pt::new(-5, 5), Pt::new(20, 5), &sq));
        let right = [Pt::new(10, 0), Pt::new(20, 0), Pt::new(20, 10), Pt::new(10, 10)];
        assert!(!convex_overlaps_polygon(&right, &sq));
        assert!(convex_overlaps_polygon(&sq, &sq));
        let inner = [Pt::new(0, 0), Pt::new(5, 0), Pt::new(5, 10), Pt::new(0, 10)];
        assert!(convex_overlaps_polygon(&inner, &sq));
        assert!(convex_overlaps_polygon(&sq, &inner));
    }
}
