//! Measured movement (tactics-battlefield-summary.md, "MOVE & MARCH MOVE ACTIONS", "Terrain",
//! "Walls and Buildings", "FORTIFICATIONS").
//!
//! A miniature moves its centre along a polyline; the ground it sweeps is the polyline widened
//! by its radius (a round base) or half its width (a hull). A leg is clear when that swept
//! ground does not overlap what the miniature cannot pass: impassable terrain, walls (doorways
//! cut out; windows only for infantry), bunkers and strongpoints for vehicles, anti-tank traps
//! for vehicles, enemy infantry and vehicles (never aircraft, which are passed under), and —
//! for a vehicle — friendly vehicles. Touching is allowed; overlapping is not. Every test is
//! on integers (squared distances compared exactly).
//!
//! Terrain ("trees, hedges, standing crops, hills, gullies, streams, rivers, and swamps, piles
//! of crates, rubble, and the interior of buildings", wrecks, strongpoints, anti-tank traps
//! for infantry): a move whose swept ground enters it anywhere (into, through or out of) is
//! capped at Move 2 (20 cm) or March Move 4 (40 cm), whatever the unit's Move; "if a miniature
//! has already moved more than this when it reaches a terrain feature, it halts" is the same
//! cap seen from the miniature.
//!
//! [`check_move`] checks a given path (what the rules and the generator ask); [`shortest`]
//! finds the shortest legal path through a graph of waypoints set just clear of every
//! obstacle's corners (exact for paths that bend only at those corners, which is where
//! shortest paths among polygons bend) and checks it with [`check_move`]. Lengths are sums of
//! square roots of exact squared lengths (IEEE-exact operations): the same everywhere.

use crate::angle::Facing;
use crate::exact::{
    bbox, dist2, point_in_polygon, seg_point_dist2, seg_seg_dist2, segments_intersect, Coord, Inside, Pt, Ratio, MAX_COORD, UNITS_PER_CM,
};
use crate::measure::RANGE_UNIT;
use crate::table::{bodies_overlap, Afloat, Area, Body, Going, MiniKind, Table, TerrainKind};

/// The cap of a Move action through terrain: Move 2.
pub const TERRAIN_MOVE_CAP: Coord = 2 * RANGE_UNIT;
/// The cap of a March Move action through terrain: March Move 4.
pub const TERRAIN_MARCH_CAP: Coord = 4 * RANGE_UNIT;

/// Clearance added around corners when setting waypoints (0.5 mm).
const MARGIN: Coord = 5;

/// The most waypoints a path search uses (those nearest the straight line): far more than a
/// table of the book's size needs, and a bound on the search's cost on any table.
const MAX_WAYPOINTS: usize = 500;

/// A thing in the way of a move.
#[derive(Clone, Debug)]
enum Obs<'a> {
    /// A region (terrain piece index).
    Poly(&'a [Pt], usize),
    /// A circular region (terrain piece index).
    Circle(Pt, Coord, usize),
    /// A wall segment (terrain piece index).
    Seg(Pt, Pt, usize),
    /// Another miniature: (unit, miniature).
    Body(&'a Body, usize, usize),
}

/// Who is moving.
#[derive(Copy, Clone, Debug)]
struct Mover {
    unit: usize,
    mini: usize,
    kind: MiniKind,
    r: Coord,
    /// The levels it moves on (where it starts, where it ends): miniatures on other floors
    /// are not in its way.
    levels: (u8, u8),
    /// How it goes on deep water, if it does.
    afloat: Option<Afloat>,
}

fn r2(r: Coord) -> Ratio {
    Ratio::int(i128::from(r) * i128::from(r))
}

/// Whether the segment `a b` widened by `r` overlaps the polygon's region.
fn capsule_meets_poly(a: Pt, b: Pt, r: Coord, poly: &[Pt]) -> bool {
    if point_in_polygon(a, poly) == Inside::In || point_in_polygon(b, poly) == Inside::In {
        return true;
    }
    let n = poly.len();
    for i in 0..n {
        let (c, d) = (poly[i], poly[(i + 1) % n]);
        if segments_intersect(a, b, c, d) {
            return true;
        }
        if seg_seg_dist2(a, b, c, d) < r2(r) {
            return true;
        }
    }
    false
}

impl Obs<'_> {
    fn blocks(&self, a: Pt, b: Pt, r: Coord) -> bool {
        match self {
            Obs::Poly(poly, _) => capsule_meets_poly(a, b, r, poly),
            Obs::Circle(c, cr, _) => seg_point_dist2(*c, a, b) < r2(r + cr),
            Obs::Seg(c, d, _) => seg_seg_dist2(a, b, *c, *d) < r2(r),
            Obs::Body(body, _, _) => match body {
                Body::Disc { c, r: br } => seg_point_dist2(*c, a, b) < r2(r + br),
                Body::Hull { corners, .. } => capsule_meets_poly(a, b, r, corners),
            },
        }
    }

    fn bounds(&self) -> (Pt, Pt) {
        match self {
            Obs::Poly(p, _) => bbox(p),
            Obs::Circle(c, r, _) => (Pt::new(c.x - r, c.y - r), Pt::new(c.x + r, c.y + r)),
            Obs::Seg(a, b, _) => bbox(&[*a, *b]),
            Obs::Body(b, _, _) => b.bbox(),
        }
    }

    fn describe(&self, t: &Table) -> String {
        match self {
            Obs::Poly(_, i) | Obs::Circle(_, _, i) => format!("{} ({})", t.terrain[*i].name, t.terrain[*i].kind.name()),
            Obs::Seg(_, _, i) => format!("a wall of {} ({})", t.terrain[*i].name, t.terrain[*i].kind.name()),
            Obs::Body(_, u, m) => format!("{} m{m} ({})", t.units[*u].name, t.units[*u].side.name()),
        }
    }

    /// Where the centre line `a b` first crosses the obstacle's outline, in cm (the base may
    /// touch it earlier); `None` when the line itself does not cross it.
    fn first_crossing(&self, a: Pt, b: Pt) -> Option<(f64, f64)> {
        let edges: Vec<(Pt, Pt)> = match self {
            Obs::Poly(p, _) => (0..p.len()).map(|i| (p[i], p[(i + 1) % p.len()])).collect(),
            Obs::Body(Body::Hull { corners, .. }, _, _) => (0..4).map(|i| (corners[i], corners[(i + 1) % 4])).collect(),
            Obs::Seg(c, d, _) => vec![(*c, *d)],
            Obs::Circle(..) | Obs::Body(Body::Disc { .. }, _, _) => return None,
        };
        let best = edges
            .iter()
            .filter_map(|&(c, d)| crate::exact::crossing_param(a, b, c, d))
            .min_by(|x, y| (x.0 * y.1).cmp(&(y.0 * x.1)))?;
        let t = best.0 as f64 / best.1 as f64;
        let x = a.x as f64 + (b.x - a.x) as f64 * t;
        let y = a.y as f64 + (b.y - a.y) as f64 * t;
        Some((x / UNITS_PER_CM as f64, y / UNITS_PER_CM as f64))
    }

    /// Corner points to steer around, `d` clear of the obstacle's corners: 16 points about
    /// each corner (or about a round obstacle) on the 16-gon whose sides stay `d` (`r + d`)
    /// from it, so a path bending there is within about 1% of the arc a base rolls round.
    fn waypoints(&self, d: Coord, out: &mut Vec<Pt>) {
        match self {
            Obs::Poly(p, _) => p.iter().for_each(|&v| out.extend(crate::table::ring16(v, d))),
            Obs::Seg(a, b, _) => {
                out.extend(crate::table::ring16(*a, d));
                out.extend(crate::table::ring16(*b, d));
            }
            Obs::Circle(c, r, _) | Obs::Body(Body::Disc { c, r }, _, _) => out.extend(crate::table::ring16(*c, r + d)),
            Obs::Body(Body::Hull { corners, .. }, _, _) => corners.iter().for_each(|&v| out.extend(crate::table::ring16(v, d))),
        }
    }
}

fn boxes_near(a: (Pt, Pt), b: (Pt, Pt), r: Coord) -> bool {
    !(a.1.x + r < b.0.x || b.1.x + r < a.0.x || a.1.y + r < b.0.y || b.1.y + r < a.0.y)
}

/// The obstacles and the terrain (capped ground) for a mover.
fn obstacles(t: &Table, m: Mover) -> (Vec<Obs<'_>>, Vec<Obs<'_>>) {
    let mut hard = Vec::new();
    let mut terrain = Vec::new();
    if m.kind == MiniKind::Aircraft {
        // "Aircraft can move across any terrain": only other aircraft matter, at the end.
        return (hard, terrain);
    }
    let vehicle = m.kind.is_vehicle();
    for (i, p) in t.terrain.iter().enumerate() {
        let region = match &p.area {
            Area::Polygon(v) => Obs::Poly(v, i),
            Area::Circle { c, r } => Obs::Circle(*c, *r, i),
        };
        // "NAVAL UNIT", "AMPHIBIOUS": deep water is open space to them; a naval unit "cannot
        // enter any other type of terrain" (a smoke screen is no terrain: it passes).
        match (m.afloat, p.kind) {
            (Some(_), TerrainKind::DeepWater) | (Some(Afloat::Naval), TerrainKind::Smoke) => continue,
            (Some(Afloat::Naval), _) => {
                hard.push(region);
                continue;
            }
            _ => {}
        }
        let walls = || {
            p.walls
                .iter()
                .filter(move |w| vehicle || !w.window)
                .map(move |w| Obs::Seg(w.a, w.b, i))
        };
        match p.kind.going() {
            Going::Open => {}
            Going::Difficult => terrain.push(region),
            Going::Impassable => hard.push(region),
            Going::VehicleBarrier | Going::Strongpoint => {
                if vehicle {
                    hard.push(region);
                } else {
                    terrain.push(region);
                }
            }
            Going::Walled => {
                hard.extend(walls());
                terrain.push(region);
            }
            Going::Bunker => {
                if vehicle {
                    hard.push(region);
                } else {
                    hard.extend(walls());
                    terrain.push(region);
                }
            }
        }
    }
    let side = t.units[m.unit].side;
    for (u, unit) in t.units.iter().enumerate() {
        if unit.kind == MiniKind::Aircraft {
            continue; // moved under
        }
        let passes = if unit.side == side {
            !(vehicle && unit.kind.is_vehicle())
        } else {
            false
        };
        if passes {
            continue;
        }
        for (k, mini) in unit.minis.iter().enumerate() {
            let level = t.level(u, k);
            if (u, k) != (m.unit, m.mini) && (level == m.levels.0 || level == m.levels.1) {
                hard.push(Obs::Body(&mini.body, u, k));
            }
        }
    }
    (hard, terrain)
}

/// Why a move is refused.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    /// In words: what is wrong, where, and what would do.
    pub reason: String,
}

/// A checked move.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// Its length in units.
    pub length: f64,
    /// Terrain pieces it enters (capped ground).
    pub terrain: Vec<usize>,
    /// Barbed wire and minefields it crosses (rolls and attacks the rules call for).
    pub hazards: Vec<usize>,
}

fn leg_len(a: Pt, b: Pt) -> f64 {
    (dist2(a, b) as f64).sqrt()
}

fn cm(u: f64) -> f64 {
    u / UNITS_PER_CM as f64
}

fn mover(t: &Table, unit: usize, mini: usize) -> Mover {
    let u = &t.units[unit];
    let r = match &u.minis[mini].body {
        Body::Disc { r, .. } => *r,
        Body::Hull { half_width, .. } => *half_width,
    };
    let level = t.level(unit, mini);
    Mover {
        unit,
        mini,
        kind: u.kind,
        r,
        levels: (level, level),
        afloat: t.afloat.get(&unit).copied(),
    }
}

/// Whether the segment `a b` widened by `r` lies within one deep-water piece (touching its edge
/// is allowed: docs/rulings.md, "Battlefield: naval units").
fn afloat_leg(t: &Table, a: Pt, b: Pt, r: Coord) -> bool {
    t.terrain
        .iter()
        .filter(|p| p.kind == TerrainKind::DeepWater)
        .any(|p| match &p.area {
            Area::Polygon(v) => {
                point_in_polygon(a, v) == Inside::In
                    && point_in_polygon(b, v) == Inside::In
                    && (0..v.len()).all(|i| seg_seg_dist2(a, b, v[i], v[(i + 1) % v.len()]) >= r2(r))
            }
            Area::Circle { c, r: cr } => *cr >= r && [a, b].iter().all(|&p| Ratio::int(dist2(p, *c)) <= r2(*cr - r)),
        })
}

/// Whether `body` lies within one deep-water piece (touching its edge: "the bow door in contact
/// with dry land").
pub fn afloat_body(t: &Table, body: &Body) -> bool {
    match body {
        Body::Disc { c, r } => afloat_leg(t, *c, *c, *r),
        Body::Hull { corners, .. } => t
            .terrain
            .iter()
            .filter(|p| p.kind == TerrainKind::DeepWater)
            .any(|p| match &p.area {
                Area::Polygon(v) => {
                    let proper = |a: Pt, b: Pt, c: Pt, d: Pt| {
                        i32::from(crate::exact::orient(a, b, c)) * i32::from(crate::exact::orient(a, b, d)) < 0
                            && i32::from(crate::exact::orient(c, d, a)) * i32::from(crate::exact::orient(c, d, b)) < 0
                    };
                    corners.iter().all(|&k| point_in_polygon(k, v) != Inside::Out)
                        && v.iter().all(|&k| point_in_polygon(k, corners) != Inside::In)
                        && (0..4).all(|i| (0..v.len()).all(|j| !proper(corners[i], corners[(i + 1) % 4], v[j], v[(j + 1) % v.len()])))
                }
                Area::Circle { c, r } => corners.iter().all(|&k| dist2(k, *c) <= i128::from(*r) * i128::from(*r)),
            }),
    }
}

/// Whether `body` has deep water on every side: each corner of its outline strictly inside a
/// deep-water piece, and no corner of a deep-water piece on its outline that is not strictly
/// inside another piece (none within it either) — touching the shore is "contact with dry land"
/// (tactics-battlefield-summary.md, "SEALIFTER").
pub fn wholly_afloat(t: &Table, body: &Body) -> bool {
    let water: Vec<&crate::table::Terrain> = t.terrain.iter().filter(|p| p.kind == TerrainKind::DeepWater).collect();
    let wet = |p: Pt| water.iter().any(|w| w.area.locate(p) == Inside::In);
    let outline = body.outline();
    outline.iter().all(|&p| wet(p))
        && water.iter().all(|w| match &w.area {
            Area::Polygon(v) => v.iter().all(|&k| point_in_polygon(k, &outline) == Inside::Out || wet(k)),
            Area::Circle { .. } => true,
        })
}

/// The refusal of a naval miniature leaving deep water.
fn aground(what: String) -> Refusal {
    Refusal {
        reason: format!(
            "{what} would leave deep water: a naval unit \"cannot enter any other type of terrain\" (open ground included); keep its base or hull within deep water"
        ),
    }
}

/// The body the miniature would have standing at `at` (a hull keeps `facing`, or the unit's).
pub fn body_at(t: &Table, unit: usize, at: Pt, facing: Option<Facing>) -> Body {
    let u = &t.units[unit];
    if u.kind.is_vehicle() {
        Body::hull(at, u.size.0, u.size.1, facing.unwrap_or(u.facing))
    } else {
        Body::disc(at, u.size.0)
    }
}

/// Checks where the miniature would end: on the table, clear of impassable ground and walls,
/// not overlapping another miniature ("A miniature cannot end its movement with its base on or
/// overlapping another miniature's base"; aircraft only mind other aircraft).
pub fn check_end(t: &Table, unit: usize, mini: usize, at: Pt, facing: Option<Facing>) -> Result<(), Refusal> {
    let (hard, _) = obstacles(t, mover(t, unit, mini));
    check_end_among(t, unit, mini, at, facing, &hard, t.level(unit, mini))
}

/// [`check_end`] with the mover's obstacles already gathered.
fn check_end_among(
    t: &Table,
    unit: usize,
    mini: usize,
    at: Pt,
    facing: Option<Facing>,
    hard: &[Obs<'_>],
    level: u8,
) -> Result<(), Refusal> {
    let body = body_at(t, unit, at, facing);
    let (lo, hi) = body.bbox();
    let (x, y) = at.to_cm();
    let kind = t.units[unit].kind;
    if t.afloat.get(&unit) == Some(&Afloat::Naval) && !afloat_body(t, &body) {
        return Err(aground(format!("at ({x:.1}, {y:.1}) the miniature")));
    }
    if !t.holds_body(&body) {
        return Err(Refusal {
            reason: format!(
                "at ({x:.1}, {y:.1}) the miniature would not be wholly on the table ({:.0} × {:.0} cm)",
                cm(t.width as f64),
                cm(t.depth as f64)
            ),
        });
    }
    for o in hard {
        if matches!(o, Obs::Body(..)) || !boxes_near((lo, hi), o.bounds(), 0) {
            continue;
        }
        let blocked = match &body {
            Body::Disc { c, r } => o.blocks(*c, *c, *r),
            // A hull may stand against a wall or impassable ground, as a base may touch it.
            Body::Hull { corners, .. } => match o {
                Obs::Poly(p, _) => crate::exact::convex_overlaps_polygon(corners, p),
                Obs::Circle(c, r, _) => crate::exact::polygon_meets_disc(corners, *c, *r - 1),
                Obs::Seg(a, b, _) => crate::exact::segment_enters_polygon(*a, *b, corners),
                Obs::Body(..) => false,
            },
        };
        if blocked {
            return Err(Refusal {
                reason: format!(
                    "at ({x:.1}, {y:.1}) the miniature would stand on {}, which it cannot enter",
                    o.describe(t)
                ),
            });
        }
    }
    for (u, other) in t.units.iter().enumerate() {
        if (kind == MiniKind::Aircraft) != (other.kind == MiniKind::Aircraft) {
            continue;
        }
        for (k, om) in other.minis.iter().enumerate() {
            if (u, k) != (unit, mini)
                && t.level(u, k) == level
                && boxes_near((lo, hi), om.body.bbox(), 0)
                && bodies_overlap(&body, &om.body)
            {
                return Err(Refusal {
                    reason: format!(
                        "at ({x:.1}, {y:.1}) the miniature would overlap {} m{k}: a miniature cannot end its move on another's base",
                        other.name
                    ),
                });
            }
        }
    }
    Ok(())
}

/// Checks a move of miniature `mini` of `unit` along `path` (the points after its current
/// place) with `allowance` units of movement; `march` picks the terrain cap. A hull ends at the
/// unit's facing ([`check_move_facing`] to turn it).
pub fn check_move(t: &Table, unit: usize, mini: usize, path: &[Pt], allowance: Coord, march: bool) -> Result<Checked, Refusal> {
    check_move_facing(t, unit, mini, path, allowance, march, None)
}

/// [`check_move`], a hull ending at `facing` (the unit's when `None`).
pub fn check_move_facing(
    t: &Table,
    unit: usize,
    mini: usize,
    path: &[Pt],
    allowance: Coord,
    march: bool,
    facing: Option<Facing>,
) -> Result<Checked, Refusal> {
    let level = t.level(unit, mini);
    check_move_full(t, unit, mini, path, allowance, march, facing, (level, level), 0)
}

/// [`check_move_facing`] from level `levels.0` to level `levels.1` with `climb` units of
/// climbing (up or down between floors) added to the path's length.
#[allow(clippy::too_many_arguments)]
fn check_move_full(
    t: &Table,
    unit: usize,
    mini: usize,
    path: &[Pt],
    allowance: Coord,
    march: bool,
    facing: Option<Facing>,
    levels: (u8, u8),
    climb: Coord,
) -> Result<Checked, Refusal> {
    let start = t.units[unit].minis[mini].body.centre();
    let Some(&end) = path.last() else {
        return Ok(Checked {
            length: 0.0,
            terrain: Vec::new(),
            hazards: Vec::new(),
        });
    };
    let m = Mover {
        levels,
        ..mover(t, unit, mini)
    };
    let (hard, terrain) = obstacles(t, m);
    let mut length = 0.0;
    let mut entered: Vec<usize> = Vec::new();
    let mut prev = start;
    for (k, &p) in path.iter().enumerate() {
        // "A path may not leave the table" (docs/rulings.md): every bend keeps the swept
        // ground (the base, or the hull's width) on the table; the table is a rectangle, so
        // each leg between two such points stays on it too. (The end is checked with the
        // whole body below; a unit moving on from reserve starts at the edge.)
        if k + 1 < path.len() && (p.x < m.r || p.y < m.r || p.x > t.width - m.r || p.y > t.depth - m.r) {
            let (x, y) = p.to_cm();
            return Err(Refusal {
                reason: format!(
                    "the path bends at ({x:.1}, {y:.1}), off the table ({:.0} × {:.0} cm): a miniature stays wholly on the table as it moves",
                    cm(t.width as f64),
                    cm(t.depth as f64)
                ),
            });
        }
        let lb = bbox(&[prev, p]);
        for o in &hard {
            if boxes_near(lb, o.bounds(), m.r) && o.blocks(prev, p, m.r) {
                let (x0, y0) = prev.to_cm();
                let (x1, y1) = p.to_cm();
                let at = o
                    .first_crossing(prev, p)
                    .map(|(x, y)| format!(" at ({x:.1}, {y:.1})"))
                    .unwrap_or_default();
                return Err(Refusal {
                    reason: format!(
                        "the leg from ({x0:.1}, {y0:.1}) to ({x1:.1}, {y1:.1}) passes through {}{at}",
                        o.describe(t)
                    ),
                });
            }
        }
        if m.afloat == Some(Afloat::Naval) && !afloat_leg(t, prev, p, m.r) {
            let (x0, y0) = prev.to_cm();
            let (x1, y1) = p.to_cm();
            return Err(aground(format!("the leg from ({x0:.1}, {y0:.1}) to ({x1:.1}, {y1:.1})")));
        }
        for o in &terrain {
            if boxes_near(lb, o.bounds(), m.r) && o.blocks(prev, p, m.r) {
                let i = match o {
                    Obs::Poly(_, i) | Obs::Circle(_, _, i) | Obs::Seg(_, _, i) => *i,
                    Obs::Body(..) => continue,
                };
                if !entered.contains(&i) {
                    entered.push(i);
                }
            }
        }
        length += leg_len(prev, p);
        prev = p;
    }
    check_end_among(t, unit, mini, end, facing, &hard, levels.1)?;
    // "add the vertical distance climbed to the horizontal distance moved".
    length += climb as f64;
    // A hull turned at the end may reach terrain its corridor did not.
    if let Body::Hull { corners, .. } = body_at(t, unit, end, facing) {
        for o in &terrain {
            let (meets, i) = match o {
                Obs::Poly(p, i) => (crate::exact::polygons_meet(&corners, p), *i),
                Obs::Circle(c, r, i) => (crate::exact::polygon_meets_disc(&corners, *c, *r), *i),
                _ => continue,
            };
            if meets && !entered.contains(&i) {
                entered.push(i);
            }
        }
    }
    let cap = if march { TERRAIN_MARCH_CAP } else { TERRAIN_MOVE_CAP };
    let climbed = |c: Coord| {
        if c > 0 {
            format!(" (with {:.1} cm climbed between floors)", cm(c as f64))
        } else {
            String::new()
        }
    };
    if length > allowance as f64 {
        return Err(Refusal {
            reason: format!(
                "the path is {:.1} cm long{}, more than the {:.1} cm allowed",
                cm(length),
                climbed(climb),
                cm(allowance as f64)
            ),
        });
    }
    if !entered.is_empty() && length > cap.min(allowance) as f64 {
        let names: Vec<String> = entered.iter().map(|&i| t.terrain[i].name.clone()).collect();
        return Err(Refusal {
            reason: format!(
                "the path enters terrain ({}): a {} through terrain goes at most {:.0} cm, and this path is {:.1} cm{}",
                names.join(", "),
                if march { "March Move" } else { "Move" },
                cm(cap as f64),
                cm(length),
                climbed(climb)
            ),
        });
    }
    let mut hazards = Vec::new();
    if m.kind != MiniKind::Aircraft {
        let mut prev = start;
        for &p in path {
            for (i, piece) in t.terrain.iter().enumerate() {
                if matches!(piece.kind, TerrainKind::BarbedWire | TerrainKind::Minefield) && !hazards.contains(&i) {
                    let o = match &piece.area {
                        Area::Polygon(v) => Obs::Poly(v, i),
                        Area::Circle { c, r } => Obs::Circle(*c, *r, i),
                    };
                    if o.blocks(prev, p, m.r) {
                        hazards.push(i);
                    }
                }
            }
            prev = p;
        }
    }
    Ok(Checked {
        length,
        terrain: entered,
        hazards,
    })
}

/// The answer to "can this miniature end there?".
#[derive(Clone, Debug, PartialEq)]
pub struct PathAnswer {
    /// Whether it can.
    pub legal: bool,
    /// The shortest legal path's points after the start (the shortest path found when none
    /// is legal, if any).
    pub path: Vec<Pt>,
    /// Its length in units.
    pub length: Option<f64>,
    /// What the move may use: Move (or twice it for a March Move) × 10 cm.
    pub allowance: Coord,
    /// The path's check, when legal.
    pub checked: Option<Checked>,
    /// Why not, or what the path does.
    pub reason: String,
}

/// Waypoints through the openings of a wall (doorways, and windows for infantry): the
/// middle of each gap between two walls of a piece that follow each other, and a point `d`
/// beyond it on either side, on the line square to the gap. A miniature exactly as wide as a
/// doorway passes only along that line (the provisional doorway and hull are both 6 cm).
fn opening_waypoints(obs: &[&Obs<'_>], d: Coord, out: &mut Vec<Pt>) {
    let walls: Vec<(Pt, Pt, usize)> = obs
        .iter()
        .filter_map(|o| match o {
            Obs::Seg(a, b, i) => Some((*a, *b, *i)),
            _ => None,
        })
        .collect();
    for (k, &(_, end, i)) in walls.iter().enumerate() {
        // The next wall of the same piece (the walls are listed in order round the outline).
        let Some(&(next, _, _)) = walls[k + 1..].iter().find(|w| w.2 == i).or_else(|| walls.iter().find(|w| w.2 == i)) else {
            continue;
        };
        if next == end {
            continue;
        }
        let mid = Pt::new((end.x + next.x).div_euclid(2), (end.y + next.y).div_euclid(2));
        let (gx, gy) = ((next.x - end.x) as f64, (next.y - end.y) as f64);
        let len = (gx * gx + gy * gy).sqrt();
        let (nx, ny) = (
            (-gy / len * (d + 2) as f64).round() as Coord,
            (gx / len * (d + 2) as f64).round() as Coord,
        );
        out.extend([mid, mid.add(Pt::new(nx, ny)), mid.sub(Pt::new(nx, ny))]);
    }
}

/// Shortest path through the waypoint graph, legs clear of `obs`; `None` when there is none.
fn graph_path(t: &Table, m: Mover, start: Pt, end: Pt, obs: &[Obs<'_>], budget: f64) -> Option<(Vec<Pt>, f64)> {
    // Every leg stays in the ellipse of points p with |p start| + |p end| <= budget, inside
    // the box of half-sides budget / 2 about the middle: obstacles beyond it never matter.
    let half = (budget / 2.0).min(4.0 * MAX_COORD as f64) as Coord + m.r;
    let mid = Pt::new((start.x + end.x).div_euclid(2), (start.y + end.y).div_euclid(2));
    let region = (Pt::new(mid.x - half, mid.y - half), Pt::new(mid.x + half, mid.y + half));
    let near: Vec<&Obs<'_>> = obs.iter().filter(|o| boxes_near(region, o.bounds(), m.r)).collect();
    let obs = near;
    let naval = m.afloat == Some(Afloat::Naval);
    let clear = |a: Pt, b: Pt| {
        let lb = bbox(&[a, b]);
        obs.iter().all(|o| !boxes_near(lb, o.bounds(), m.r) || !o.blocks(a, b, m.r)) && (!naval || afloat_leg(t, a, b, m.r))
    };
    if clear(start, end) {
        return Some((vec![end], leg_len(start, end)));
    }
    let mut nodes = vec![start, end];
    let mut cand = Vec::new();
    for o in &obs {
        o.waypoints(m.r + MARGIN, &mut cand);
    }
    opening_waypoints(&obs, m.r + MARGIN, &mut cand);
    if naval {
        // The shore's corners bend a naval path as obstacles' corners bend the others'.
        for (i, p) in t.terrain.iter().enumerate().filter(|(_, p)| p.kind == TerrainKind::DeepWater) {
            if let Area::Polygon(v) = &p.area {
                Obs::Poly(v, i).waypoints(m.r + MARGIN, &mut cand);
            }
        }
    }
    let on_table = |p: Pt| p.x >= m.r && p.y >= m.r && p.x <= t.width - m.r && p.y <= t.depth - m.r;
    cand.retain(|&p| on_table(p) && leg_len(start, p) + leg_len(p, end) <= budget);
    cand.sort_by(|&p, &q| {
        let (dp, dq) = (leg_len(start, p) + leg_len(p, end), leg_len(start, q) + leg_len(q, end));
        dp.total_cmp(&dq).then(p.cmp(&q))
    });
    cand.dedup();
    for p in cand {
        // A hostile table (thousands of corners near the way) keeps the waypoints nearest the
        // straight line: the search's cost stays bounded.
        if nodes.len() >= MAX_WAYPOINTS {
            break;
        }
        if p != start && p != end && clear(p, p) {
            nodes.push(p);
        }
    }
    // Dijkstra over a dense graph, edges tested when first needed; ties broken by index, so
    // the same path comes out everywhere.
    let n = nodes.len();
    let mut dist = vec![f64::INFINITY; n];
    let mut prev = vec![usize::MAX; n];
    let mut done = vec![false; n];
    dist[0] = 0.0;
    loop {
        let mut u = usize::MAX;
        for i in 0..n {
            if !done[i] && dist[i].is_finite() && (u == usize::MAX || dist[i] < dist[u]) {
                u = i;
            }
        }
        if u == usize::MAX || u == 1 {
            break;
        }
        done[u] = true;
        for v in 0..n {
            if done[v] {
                continue;
            }
            let d = dist[u] + leg_len(nodes[u], nodes[v]);
            if d < dist[v] && d + leg_len(nodes[v], end) <= budget && clear(nodes[u], nodes[v]) {
                dist[v] = d;
                prev[v] = u;
            }
        }
    }
    if !dist[1].is_finite() {
        return None;
    }
    let mut path = Vec::new();
    let mut at = 1;
    while at != 0 {
        path.push(nodes[at]);
        at = prev[at];
    }
    path.reverse();
    Some((path, dist[1]))
}

/// The shortest legal path for miniature `mini` of `unit` to `to`, with `allowance` units (the
/// Move, doubled for a March Move, times 10 cm) — or why there is none. A hull ends at the
/// unit's facing ([`shortest_facing`] to turn it).
pub fn shortest(t: &Table, unit: usize, mini: usize, to: Pt, allowance: Coord, march: bool) -> PathAnswer {
    shortest_facing(t, unit, mini, to, allowance, march, None)
}

/// [`shortest`], a hull ending at `facing` (the unit's when `None`).
pub fn shortest_facing(t: &Table, unit: usize, mini: usize, to: Pt, allowance: Coord, march: bool, facing: Option<Facing>) -> PathAnswer {
    shortest_to_level(t, unit, mini, to, None, allowance, march, facing)
}

/// How far a miniature climbs going from `from` on level `a` to `to` on level `b`: within one
/// building the floors between; from one building to another (or the ground) down to the
/// ground and up again. `Err` says why the level cannot be reached.
pub fn climb(t: &Table, unit: usize, from: (Pt, u8), to: (Pt, u8)) -> Result<Coord, String> {
    let ((p, a), (q, b)) = (from, to);
    if a == b && (a == 0 || t.building_at(p) == t.building_at(q)) {
        return Ok(0);
    }
    if !t.units[unit].kind.is_infantry() {
        return Err(format!(
            "only infantry move between floors (\"Infantry units can move up and down between floors in a building\"); {} stays on the ground",
            t.units[unit].name
        ));
    }
    let floor = |at: Pt, level: u8| -> Result<(Option<usize>, Coord), String> {
        if level == 0 {
            let b = t.building_at(at);
            return Ok((b, b.map_or(0, |b| t.floors_of(b).1)));
        }
        let (x, y) = at.to_cm();
        let Some(b) = t.building_at(at) else {
            return Err(format!("({x:.1}, {y:.1}) is not in a building: only a building has level {level}"));
        };
        let (n, h) = t.floors_of(b);
        if level > n {
            return Err(format!(
                "{} has {n} floor(s) above the ground floor: there is no level {level} at ({x:.1}, {y:.1})",
                t.terrain[b].name
            ));
        }
        Ok((Some(b), h))
    };
    let ((ba, ha), (bb, hb)) = (floor(p, a)?, floor(q, b)?);
    Ok(if ba.is_some() && ba == bb {
        Coord::from(a.abs_diff(b)) * ha
    } else {
        Coord::from(a) * ha + Coord::from(b) * hb
    })
}

/// The level a move to `to` ends on when none is asked: the level the miniature is on when
/// it stays in the same building, else the ground.
pub fn default_level(t: &Table, unit: usize, mini: usize, to: Pt) -> u8 {
    let (start, from) = (t.units[unit].minis[mini].body.centre(), t.level(unit, mini));
    if from > 0 && t.building_at(start) == t.building_at(to) {
        from
    } else {
        0
    }
}

/// [`shortest_facing`] to level `level` (0: the ground; `None`: the level it stands on when
/// it stays in the same building, else the ground), adding the floors climbed to the length.
#[allow(clippy::too_many_arguments)]
pub fn shortest_to_level(
    t: &Table,
    unit: usize,
    mini: usize,
    to: Pt,
    level: Option<u8>,
    allowance: Coord,
    march: bool,
    facing: Option<Facing>,
) -> PathAnswer {
    let refuse = |reason: String, path: Vec<Pt>, length: Option<f64>| PathAnswer {
        legal: false,
        path,
        length,
        allowance,
        checked: None,
        reason,
    };
    let start = t.units[unit].minis[mini].body.centre();
    let from = t.level(unit, mini);
    let level = level.unwrap_or_else(|| default_level(t, unit, mini, to));
    let climb = match climb(t, unit, (start, from), (to, level)) {
        Ok(c) => c,
        Err(why) => return refuse(why, Vec::new(), None),
    };
    let levels = (from, level);
    let m = Mover {
        levels,
        ..mover(t, unit, mini)
    };
    if let Err(r) = check_end_among(t, unit, mini, to, facing, &obstacles(t, m).0, level) {
        return refuse(r.reason, Vec::new(), None);
    }
    let (hard, terrain) = obstacles(t, m);
    let cap = if march { TERRAIN_MARCH_CAP } else { TERRAIN_MOVE_CAP };
    // Two searches: around terrain (any length up to the allowance), and through it (up to the
    // cap). The shorter legal one wins.
    let mut around_obs = hard.clone();
    around_obs.extend(terrain.iter().cloned());
    let budget = (allowance - climb).max(0) as f64;
    let mut best: Option<(Vec<Pt>, Checked)> = None;
    let mut shortest_any: Option<(Vec<Pt>, f64)> = None;
    // First within the allowance (the waypoints near the way); when no legal path is found,
    // again with four times the room, to say how long the shortest path would be.
    for room in [1.0, 4.0] {
        if best.is_some() {
            break;
        }
        for obs in [&around_obs, &hard] {
            if let Some((path, len)) = graph_path(t, m, start, to, obs, budget.max(leg_len(start, to)) * room) {
                if shortest_any.as_ref().is_none_or(|(_, l)| len < *l) {
                    shortest_any = Some((path.clone(), len));
                }
                if let Ok(c) = check_move_full(t, unit, mini, &path, allowance, march, facing, levels, climb) {
                    if best.as_ref().is_none_or(|(_, b)| c.length < b.length) {
                        best = Some((path, c));
                    }
                }
            }
        }
    }
    match best {
        Some((path, c)) => {
            let mut reason = format!(
                "a path of {:.1} cm, within the {:.1} cm allowed",
                cm(c.length),
                cm(allowance as f64)
            );
            if !c.terrain.is_empty() {
                let names: Vec<&str> = c.terrain.iter().map(|&i| t.terrain[i].name.as_str()).collect();
                reason.push_str(&format!(
                    "; it enters terrain ({}), so the move is capped at {:.0} cm",
                    names.join(", "),
                    cm(cap as f64)
                ));
            }
            PathAnswer {
                legal: true,
                length: Some(c.length),
                path,
                allowance,
                checked: Some(c),
                reason,
            }
        }
        None => match shortest_any {
            None => {
                let straight = check_move_full(t, unit, mini, &[to], allowance, march, facing, levels, climb)
                    .err()
                    .map(|r| format!(" ({})", r.reason))
                    .unwrap_or_default();
                refuse(
                    format!("no path gets there: impassable terrain, walls or enemy miniatures close every way{straight}"),
                    Vec::new(),
                    None,
                )
            }
            Some((path, len)) => {
                let why = check_move_full(t, unit, mini, &path, allowance, march, facing, levels, climb)
                    .err()
                    .map(|r| r.reason)
                    .unwrap_or_default();
                refuse(why, path, Some(len))
            }
        },
    }
}
