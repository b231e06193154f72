//! Blast and flame templates (tactics-battlefield-summary.md, "5. Roll to Hit"): "Roll 1 die
//! for each miniature (including friendlies) that has its base … or body, hull or turret … at
//! least partly under the template. … Miniatures not in LOS of the centre of the template
//! cannot be hit"; flame: "Only miniatures in LOS of the attacking miniature can be hit".
//!
//! The template sizes are not in the seed: see [`crate::table::Templates`].

use crate::exact::{polygon_meets_disc, polygons_meet, Coord, Pt};
use crate::los::{mini_sees, point_sees};
use crate::table::{Body, FlameShape, Table};

/// The miniatures of one unit under a template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitHits {
    /// The unit.
    pub unit: usize,
    /// Miniatures under the template that can be hit (one die each).
    pub hit: Vec<usize>,
    /// Miniatures under the template but out of line of sight: not hit, not counted.
    pub out_of_sight: Vec<usize>,
}

fn body_meets_disc(b: &Body, c: Pt, r: Coord) -> bool {
    match b {
        Body::Disc { c: bc, r: br } => {
            let s = i128::from(r + br);
            crate::exact::dist2(c, *bc) <= s * s
        }
        Body::Hull { corners, .. } => polygon_meets_disc(corners, c, r),
    }
}

fn body_meets_polygon(b: &Body, poly: &[Pt]) -> bool {
    match b {
        Body::Disc { c, r } => polygon_meets_disc(poly, *c, *r),
        Body::Hull { corners, .. } => polygons_meet(corners, poly),
    }
}

/// The miniatures under a blast template centred on `c`, per unit, split by line of sight from
/// the centre.
pub fn blast(t: &Table, c: Pt) -> Vec<UnitHits> {
    blast_at_level(t, c, 0).unwrap_or_default()
}

/// [`blast`] on one level: "If the miniatures are on different levels of a building, the
/// attacking player chooses which level the blast weapon hits. If the centre of the template
/// is outside, the weapon only hits miniatures on the ground floor." Level 0 hits the
/// miniatures on the ground (in the building or outside it); an upper level, only those on that
/// floor of the building the centre is in. `Err` when there is no such level there.
pub fn blast_at_level(t: &Table, c: Pt, level: u8) -> Result<Vec<UnitHits>, String> {
    let building = t.building_at(c);
    if level > 0 {
        let (x, y) = c.to_cm();
        let Some(b) = building else {
            return Err(format!(
                "the centre ({x:.1}, {y:.1}) is outside: \"the weapon only hits miniatures on the ground floor\" (level 0)"
            ));
        };
        let (n, _) = t.floors_of(b);
        if level > n {
            return Err(format!(
                "{} has {n} floor(s) above the ground floor, not level {level}",
                t.terrain[b].name
            ));
        }
    }
    let r = t.templates.blast_radius;
    let mut out = Vec::new();
    for (u, unit) in t.units.iter().enumerate() {
        let mut h = UnitHits {
            unit: u,
            hit: Vec::new(),
            out_of_sight: Vec::new(),
        };
        for (m, mini) in unit.minis.iter().enumerate() {
            let on_level = t.level(u, m) == level && (level == 0 || t.building_at(mini.body.centre()) == building);
            if on_level && body_meets_disc(&mini.body, c, r) {
                if point_sees(t, c, (u, m)).is_ok() {
                    h.hit.push(m);
                } else {
                    h.out_of_sight.push(m);
                }
            }
        }
        if !h.hit.is_empty() || !h.out_of_sight.is_empty() {
            out.push(h);
        }
    }
    Ok(out)
}

/// The flame template laid from the attacking miniature towards `aim`: its narrow end touches
/// the base or hull, its axis points at `aim`. The direction is normalised with one square
/// root and divisions (IEEE-exact), and the corners are rounded to the unit. `None` when `aim`
/// is the attacker's centre.
pub fn flame_polygon(body: &Body, aim: Pt, shape: FlameShape) -> Option<Vec<Pt>> {
    let c = body.centre();
    let (dx, dy) = ((aim.x - c.x) as f64, (aim.y - c.y) as f64);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    // How far the body reaches from its centre along the axis.
    let reach = match body {
        Body::Disc { r, .. } => *r as f64,
        Body::Hull { corners, .. } => {
            let mut best = 0.0f64;
            for i in 0..4 {
                let (a, b) = (corners[i], corners[(i + 1) % 4]);
                // Solve c + s u = a + k (b - a) for s >= 0, 0 <= k <= 1.
                let (ex, ey) = ((b.x - a.x) as f64, (b.y - a.y) as f64);
                let den = ux * ey - uy * ex;
                if den == 0.0 {
                    continue;
                }
                let (ax, ay) = ((a.x - c.x) as f64, (a.y - c.y) as f64);
                let s = (ax * ey - ay * ex) / den;
                let k = (ax * uy - ay * ux) / den;
                if s >= 0.0 && (0.0..=1.0).contains(&k) {
                    best = best.max(s);
                }
            }
            best
        }
    };
    let at = |s: f64, w: f64| {
        // Left of the axis is (-uy, ux).
        Pt::new(c.x + (ux * s - uy * w).round() as Coord, c.y + (uy * s + ux * w).round() as Coord)
    };
    let (n, f) = (reach, reach + shape.length as f64);
    let (hn, hf) = (shape.near_width as f64 / 2.0, shape.far_width as f64 / 2.0);
    Some(vec![at(n, -hn), at(f, -hf), at(f, hf), at(n, hn)])
}

/// The miniatures under a flame template laid by miniature `m` of unit `u` towards `aim`, per
/// unit, split by line of sight from the attacking miniature (which is never hit itself).
pub fn flame(t: &Table, attacker: (usize, usize), aim: Pt, shape: FlameShape) -> (Vec<Pt>, Vec<UnitHits>) {
    let body = &t.units[attacker.0].minis[attacker.1].body;
    let Some(poly) = flame_polygon(body, aim, shape) else {
        return (Vec::new(), Vec::new());
    };
    let mut out = Vec::new();
    for (u, unit) in t.units.iter().enumerate() {
        let mut h = UnitHits {
            unit: u,
            hit: Vec::new(),
            out_of_sight: Vec::new(),
        };
        for (m, mini) in unit.minis.iter().enumerate() {
            if (u, m) == attacker || !body_meets_polygon(&mini.body, &poly) {
                continue;
            }
            if mini_sees(t, attacker, (u, m)).is_ok() {
                h.hit.push(m);
            } else {
                h.out_of_sight.push(m);
            }
        }
        if !h.hit.is_empty() || !h.out_of_sight.is_empty() {
            out.push(h);
        }
    }
    (poly, out)
}
