//! Measuring (tactics-battlefield-summary.md, "2. Check Range"): "Measure range from each
//! attacking miniature to the nearest miniature in the target unit … from the base edges …
//! to and from the miniature's body, hull or turret." Each point of Range is 10 cm.
//!
//! A gap between two bodies is kept as `sqrt(d2) − minus` with `d2` an exact fraction, so
//! "is it within N cm" is decided on integers: `sqrt(d2) ≤ N + minus ⇔ d2 ≤ (N + minus)²`.

use crate::exact::{dist2, polygon_point_dist2, polygons_dist2, polygons_meet, Coord, Ratio, UNITS_PER_CM};
use crate::table::{Body, Table};

/// One point of Move or Range: 10 cm.
pub const RANGE_UNIT: Coord = 10 * UNITS_PER_CM;

/// Close combat: within 5 cm ("Close Combat (C) … within 5cm/2\"").
pub const CLOSE: Coord = 5 * UNITS_PER_CM;

/// The gap between two bodies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Gap {
    /// Their bodies overlap.
    Overlap,
    /// Apart or touching: the gap is `sqrt(d2) − minus ≥ 0`.
    Apart {
        /// Squared distance between centres or outlines.
        d2: Ratio,
        /// What is taken off it: the radii of round bases.
        minus: Coord,
    },
}

impl Gap {
    /// Whether the gap is at most `d` units, decided exactly.
    pub fn within(self, d: Coord) -> bool {
        match self {
            Gap::Overlap => true,
            Gap::Apart { d2, minus } => {
                let m = i128::from(d + minus);
                d2.le_int(m * m)
            }
        }
    }

    /// Whether the gap is strictly less than `d` units, decided exactly.
    pub fn less_than(self, d: Coord) -> bool {
        match self {
            Gap::Overlap => true,
            Gap::Apart { d2, minus } => {
                let m = i128::from(d + minus);
                d2 < Ratio::int(m * m)
            }
        }
    }

    /// The gap in centimetres: a square root and a subtraction, IEEE-exact operations (the same
    /// figure everywhere).
    pub fn cm(self) -> f64 {
        match self {
            Gap::Overlap => 0.0,
            Gap::Apart { d2, minus } => ((d2.to_f64().sqrt() - minus as f64) / UNITS_PER_CM as f64).max(0.0),
        }
    }

    /// The smallest Range (1 or more) that reaches across the gap, decided exactly.
    pub fn range_band(self) -> u32 {
        let est = (self.cm() / 10.0).ceil().max(1.0) as u32;
        let mut n = est.saturating_sub(1).max(1);
        while !self.within(Coord::from(n) * RANGE_UNIT) {
            n += 1;
        }
        n
    }
}

/// The gap between two bodies, base edge to base edge and to the hull.
pub fn body_gap(a: &Body, b: &Body) -> Gap {
    match (a, b) {
        (Body::Disc { c: c1, r: r1 }, Body::Disc { c: c2, r: r2 }) => {
            let d2 = dist2(*c1, *c2);
            let s = i128::from(r1 + r2);
            if d2 < s * s {
                Gap::Overlap
            } else {
                Gap::Apart {
                    d2: Ratio::int(d2),
                    minus: r1 + r2,
                }
            }
        }
        (Body::Disc { c, r }, Body::Hull { corners, .. }) | (Body::Hull { corners, .. }, Body::Disc { c, r }) => {
            let d2 = polygon_point_dist2(corners, *c);
            if d2 < Ratio::int(i128::from(*r) * i128::from(*r)) {
                Gap::Overlap
            } else {
                Gap::Apart { d2, minus: *r }
            }
        }
        (Body::Hull { corners: p, .. }, Body::Hull { corners: q, .. }) => {
            if polygons_meet(p, q) {
                Gap::Overlap
            } else {
                Gap::Apart {
                    d2: polygons_dist2(p, q),
                    minus: 0,
                }
            }
        }
    }
}

/// What `measure` answers for two units.
#[derive(Clone, Debug, PartialEq)]
pub struct Measure {
    /// The shortest gap between their miniatures, in centimetres.
    pub distance_cm: f64,
    /// The smallest Range that reaches it.
    pub range: u32,
    /// Within 5 cm: close combat.
    pub close: bool,
    /// The nearest pair: (miniature of the first unit, miniature of the second).
    pub nearest: (usize, usize),
}

/// The distance between two units' nearest miniatures, its range band and whether they are in
/// close combat. The band and `close` are decided exactly over every pair; the distance is the
/// smallest pair's figure.
pub fn measure(t: &Table, ua: usize, ub: usize) -> Measure {
    let (a, b) = (&t.units[ua], &t.units[ub]);
    let mut best: Option<(f64, (usize, usize))> = None;
    let mut band = u32::MAX;
    let mut close = false;
    for (i, ma) in a.minis.iter().enumerate() {
        for (j, mb) in b.minis.iter().enumerate() {
            let g = body_gap(&ma.body, &mb.body);
            let cm = g.cm();
            if best.is_none_or(|(d, _)| cm < d) {
                best = Some((cm, (i, j)));
            }
            band = band.min(g.range_band());
            close |= g.within(CLOSE);
        }
    }
    let (distance_cm, nearest) = best.unwrap_or((0.0, (0, 0)));
    Measure {
        distance_cm,
        range: if band == u32::MAX { 0 } else { band },
        close,
        nearest,
    }
}

/// Whether every miniature of the unit is within 15 cm of every other ("Infantry units must
/// end their movement with all of their miniatures within 15cm … of every other miniature"):
/// `None` when coherent, else the first pair too far apart.
pub fn incoherent(bodies: &[&Body]) -> Option<(usize, usize)> {
    for i in 0..bodies.len() {
        for j in i + 1..bodies.len() {
            if !body_gap(bodies[i], bodies[j]).within(COHERENCY) {
                return Some((i, j));
            }
        }
    }
    None
}

/// Coherency: 15 cm.
pub const COHERENCY: Coord = 15 * UNITS_PER_CM;

/// Range 1 of an objective: "Objectives are captured at the end of a turn by having a miniature
/// within range 1 (10cm/4\") of the objective … and not having any enemy miniatures within range
/// 1 of it. Aircraft cannot take or prevent the enemy from taking an objective."
pub const OBJECTIVE_RANGE: Coord = RANGE_UNIT;

/// Whether a body is within `d` units of a point (base edge or hull to the point), exactly.
pub fn body_within(b: &Body, p: crate::exact::Pt, d: Coord) -> bool {
    match b {
        Body::Disc { c, r } => {
            let m = i128::from(d + r);
            dist2(*c, p) <= m * m
        }
        Body::Hull { corners, .. } => polygon_point_dist2(corners, p).le_int(i128::from(d) * i128::from(d)),
    }
}

/// Which side's miniatures (aircraft excepted) are within range 1 of the objective at `at`:
/// `(side A near, side B near)`. Whether the miniature's last action was a March Move is the
/// rules flow's to ask.
pub fn objective_presence(t: &Table, at: crate::exact::Pt) -> (bool, bool) {
    let mut near = (false, false);
    for u in &t.units {
        if u.kind == crate::table::MiniKind::Aircraft {
            continue;
        }
        if u.minis.iter().any(|m| body_within(&m.body, at, OBJECTIVE_RANGE)) {
            match u.side {
                crate::table::Side::A => near.0 = true,
                crate::table::Side::B => near.1 = true,
            }
        }
    }
    near
}

/// The side that would capture the objective at `at`: a miniature within range 1 and no enemy
/// miniature within range 1.
pub fn objective_holder(t: &Table, at: crate::exact::Pt) -> Option<crate::table::Side> {
    match objective_presence(t, at) {
        (true, false) => Some(crate::table::Side::A),
        (false, true) => Some(crate::table::Side::B),
        _ => None,
    }
}
