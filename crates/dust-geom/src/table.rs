//! The table: its size, terrain pieces by kind, zones, objectives and the miniatures of each
//! unit with their bodies. Built by the table-file reader (`dust_data::table_file`) or by
//! hand in tests; every query of this crate reads it and none changes it.

use crate::angle::Facing;
use crate::exact::{bbox, cross, point_in_polygon, Coord, Inside, Pt, UNITS_PER_CM};

/// One of the two players.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Player A (deploys at low `y`).
    A,
    /// Player B.
    B,
}

impl Side {
    /// `a` or `b`, as table files write it.
    pub const fn name(self) -> &'static str {
        match self {
            Side::A => "a",
            Side::B => "b",
        }
    }
}

/// How a terrain kind affects line of sight (tactics-battlefield-summary.md, "3. Check Line of
/// Sight (LOS)").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sight {
    /// No effect ("Trenches have no effect on LOS"; low terrain).
    Clear,
    /// Area terrain: woods, trees, buildings and smoke block a line that runs more than
    /// range 1 (10 cm) inside them, or more than range 3 (30 cm) when both ends are inside.
    Area,
    /// Blocks any line that passes through or touches it (walls, cliffs, bunkers, wrecks).
    Blocks,
}

/// How a terrain kind affects movement ("Terrain", "Walls and Buildings", "FORTIFICATIONS").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Going {
    /// No effect on movement (smoke, trenches, minefields and wire, which only call for rolls).
    Open,
    /// Terrain: a move into, through or out of it is capped at Move 2 / March Move 4.
    Difficult,
    /// Nothing moves through it.
    Impassable,
    /// Impassable to vehicles, difficult for infantry (anti-tank traps).
    VehicleBarrier,
    /// A building: its outline is walls (doorways for all, windows for infantry), its interior
    /// is difficult; vehicles do not enter.
    Walled,
    /// A bunker: impassable walls except its doors, only infantry enter; the interior is
    /// difficult.
    Bunker,
    /// A strongpoint: its walls are normal terrain (difficult), only infantry enter.
    Strongpoint,
}

macro_rules! kinds {
    ($($v:ident = $n:literal, $sight:ident, $going:ident, $cover:literal;)*) => {
        /// Every kind of terrain a table file may name.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum TerrainKind { $(
            #[doc = concat!("`", $n, "`")]
            $v,
        )* }

        impl TerrainKind {
            /// Every kind, in the order documented in docs/table-format.md.
            pub const ALL: &'static [TerrainKind] = &[$(TerrainKind::$v),*];

            /// The name used in table files.
            pub const fn name(self) -> &'static str {
                match self { $(TerrainKind::$v => $n),* }
            }

            /// The kind's default effect on line of sight.
            pub const fn sight(self) -> Sight {
                match self { $(TerrainKind::$v => Sight::$sight),* }
            }

            /// The kind's effect on movement.
            pub const fn going(self) -> Going {
                match self { $(TerrainKind::$v => Going::$going),* }
            }

            /// Whether a line through this kind gives cover by default ("intervening terrain
            /// or smoke").
            pub const fn cover(self) -> bool {
                match self { $(TerrainKind::$v => $cover),* }
            }
        }
    };
}

kinds! {
    Woods = "woods", Area, Difficult, true;
    Trees = "trees", Area, Difficult, true;
    Crops = "crops", Clear, Difficult, true;
    Hedge = "hedge", Clear, Difficult, true;
    Crates = "crates", Clear, Difficult, true;
    Rubble = "rubble", Clear, Difficult, true;
    Stream = "stream", Clear, Difficult, false;
    Swamp = "swamp", Clear, Difficult, false;
    Gully = "gully", Clear, Difficult, true;
    Hill = "hill", Clear, Difficult, true;
    Building = "building", Area, Walled, true;
    Cliff = "cliff", Blocks, Impassable, true;
    DeepWater = "deep-water", Clear, Impassable, false;
    Wall = "wall", Blocks, Impassable, true;
    Smoke = "smoke", Area, Open, true;
    Trench = "trench", Clear, Open, false;
    BarbedWire = "barbed-wire", Clear, Open, false;
    Minefield = "minefield", Clear, Open, false;
    AntiTankTrap = "anti-tank-trap", Clear, VehicleBarrier, true;
    Bunker = "bunker", Blocks, Bunker, true;
    Strongpoint = "strongpoint", Blocks, Strongpoint, true;
    Wreck = "wreck", Blocks, Difficult, true;
}

impl TerrainKind {
    /// Reads a kind name.
    pub fn from_name(s: &str) -> Option<TerrainKind> {
        TerrainKind::ALL.iter().copied().find(|k| k.name() == s)
    }
}

/// The ground a piece covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Area {
    /// A simple polygon (either orientation).
    Polygon(Vec<Pt>),
    /// A circle (smoke).
    Circle {
        /// Centre.
        c: Pt,
        /// Radius.
        r: Coord,
    },
}

impl Area {
    /// Where `p` is with respect to the area.
    pub fn locate(&self, p: Pt) -> Inside {
        match self {
            Area::Polygon(v) => point_in_polygon(p, v),
            Area::Circle { c, r } => {
                let d = crate::exact::dist2(p, *c);
                let r2 = i128::from(*r) * i128::from(*r);
                match d.cmp(&r2) {
                    core::cmp::Ordering::Less => Inside::In,
                    core::cmp::Ordering::Equal => Inside::Boundary,
                    core::cmp::Ordering::Greater => Inside::Out,
                }
            }
        }
    }

    /// Whether `p` is inside or on the boundary.
    pub fn holds(&self, p: Pt) -> bool {
        self.locate(p) != Inside::Out
    }

    /// The bounding box.
    pub fn bbox(&self) -> (Pt, Pt) {
        match self {
            Area::Polygon(v) => bbox(v),
            Area::Circle { c, r } => (Pt::new(c.x - r, c.y - r), Pt::new(c.x + r, c.y + r)),
        }
    }
}

/// A wall segment of a building or bunker outline (the outline minus its doorways).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WallSeg {
    /// One end.
    pub a: Pt,
    /// The other end.
    pub b: Pt,
    /// A window: infantry may pass, vehicles may not.
    pub window: bool,
}

/// One terrain piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terrain {
    /// Its name (the file's `name`, or the kind and its number).
    pub name: String,
    /// Its kind.
    pub kind: TerrainKind,
    /// Its ground.
    pub area: Area,
    /// Its effect on line of sight (the kind's default unless the file overrides it).
    pub sight: Sight,
    /// Whether a line through it gives cover (the kind's default unless overridden).
    pub cover: bool,
    /// Bunkers: the direction the firing slit faces.
    pub facing: Option<Facing>,
    /// Bunkers and strongpoints: the side that fields it and paid for it ("You may include
    /// bunkers in their force"); `None`: the scenario's, no one's.
    pub side: Option<Side>,
    /// Buildings and bunkers: the outline's walls, doorways cut out, windows marked.
    pub walls: Vec<WallSeg>,
    /// Its bounding box, for quick rejection.
    pub bounds: (Pt, Pt),
}

impl Terrain {
    /// Whether `p` is inside the piece or on its boundary ([`Area::holds`], the bounding box
    /// tried first: most points asked about are far from most pieces).
    pub fn holds(&self, p: Pt) -> bool {
        let (lo, hi) = self.bounds;
        p.x >= lo.x && p.y >= lo.y && p.x <= hi.x && p.y <= hi.y && self.area.holds(p)
    }

    /// A piece with the kind's defaults and no openings.
    pub fn new(name: impl Into<String>, kind: TerrainKind, area: Area) -> Terrain {
        let bounds = area.bbox();
        let walls = match (&area, kind.going()) {
            (Area::Polygon(v), Going::Walled | Going::Bunker) => (0..v.len())
                .map(|i| WallSeg {
                    a: v[i],
                    b: v[(i + 1) % v.len()],
                    window: false,
                })
                .collect(),
            _ => Vec::new(),
        };
        Terrain {
            name: name.into(),
            kind,
            sight: kind.sight(),
            cover: kind.cover(),
            facing: None,
            side: None,
            walls,
            area,
            bounds,
        }
    }

    /// Cuts an opening of `width` centred on the wall nearest `at` (a doorway, or a window when
    /// `window`). Returns `false` when the piece has no walls.
    pub fn open(&mut self, at: Pt, width: Coord, window: bool) -> bool {
        let Some((i, _)) = self
            .walls
            .iter()
            .enumerate()
            .filter(|(_, w)| !w.window)
            .map(|(i, w)| (i, crate::exact::seg_point_dist2(at, w.a, w.b)))
            .min_by(|x, y| x.1.cmp(&y.1))
        else {
            return false;
        };
        let w = self.walls[i];
        let (dx, dy) = ((w.b.x - w.a.x) as f64, (w.b.y - w.a.y) as f64);
        let len = (dx * dx + dy * dy).sqrt();
        if len == 0.0 {
            return false;
        }
        // Position of the opening's centre along the wall, and its half width, as fractions
        // of the wall: basic IEEE operations only.
        let t = (((at.x - w.a.x) as f64) * dx + ((at.y - w.a.y) as f64) * dy) / (len * len);
        let h = width as f64 / 2.0 / len;
        let (t0, t1) = ((t - h).max(0.0), (t + h).min(1.0));
        let point = |t: f64| Pt::new(w.a.x + (dx * t).round() as Coord, w.a.y + (dy * t).round() as Coord);
        let (g0, g1) = (point(t0), point(t1));
        let mut parts = Vec::new();
        if g0 != w.a {
            parts.push(WallSeg {
                a: w.a,
                b: g0,
                window: false,
            });
        }
        if window {
            parts.push(WallSeg {
                a: g0,
                b: g1,
                window: true,
            });
        }
        if g1 != w.b {
            parts.push(WallSeg {
                a: g1,
                b: w.b,
                window: false,
            });
        }
        self.walls.splice(i..=i, parts);
        true
    }
}

/// What a zone is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ZoneKind {
    /// Where a side sets up.
    Deployment,
    /// Where a side's reserves move on from.
    Arrival,
}

/// A deployment area or arrival zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    /// Deployment or arrival.
    pub kind: ZoneKind,
    /// Whose.
    pub side: Side,
    /// Its outline.
    pub polygon: Vec<Pt>,
}

/// An objective (a point).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// Its name.
    pub name: String,
    /// Where it is.
    pub at: Pt,
}

/// What a miniature is, for the rules of geometry.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MiniKind {
    /// A soldier or hero on a round base (does not block line of sight).
    Infantry,
    /// A support weapon team on one round base.
    SupportWeapon,
    /// A walker or tank: a hull (blocks line of sight).
    Vehicle,
    /// An aircraft on a flying stand: a hull (blocks line of sight, passes over the ground).
    Aircraft,
}

impl MiniKind {
    /// Vehicles and aircraft.
    pub const fn is_vehicle(self) -> bool {
        matches!(self, MiniKind::Vehicle | MiniKind::Aircraft)
    }

    /// Infantry and support weapons.
    pub const fn is_infantry(self) -> bool {
        matches!(self, MiniKind::Infantry | MiniKind::SupportWeapon)
    }
}

/// A miniature's body seen from above: what is measured to and what lines of sight join.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// A round base.
    Disc {
        /// Centre.
        c: Pt,
        /// Radius.
        r: Coord,
    },
    /// A hull: a rectangle turned to the facing, corners counter-clockwise.
    Hull {
        /// Centre.
        c: Pt,
        /// Corners.
        corners: [Pt; 4],
        /// Half the width (the narrower side), the corridor it needs to move.
        half_width: Coord,
    },
}

/// Rim points of a disc, in 32nds of a turn: `RIM32[k] = (round(cos(11.25° k) · 2¹⁵),
/// round(sin(11.25° k) · 2¹⁵))`, written out like the sine table (its even entries are the
/// sixteenths of a turn of [`Body::outline`]).
const RIM32: [(i64, i64); 32] = [
    (32768, 0),
    (32138, 6393),
    (30274, 12540),
    (27246, 18205),
    (23170, 23170),
    (18205, 27246),
    (12540, 30274),
    (6393, 32138),
    (0, 32768),
    (-6393, 32138),
    (-12540, 30274),
    (-18205, 27246),
    (-23170, 23170),
    (-27246, 18205),
    (-30274, 12540),
    (-32138, 6393),
    (-32768, 0),
    (-32138, -6393),
    (-30274, -12540),
    (-27246, -18205),
    (-23170, -23170),
    (-18205, -27246),
    (-12540, -30274),
    (-6393, -32138),
    (0, -32768),
    (6393, -32138),
    (12540, -30274),
    (18205, -27246),
    (23170, -23170),
    (27246, -18205),
    (30274, -12540),
    (32138, -6393),
];

/// 16 points about `c` whose polygon keeps at least `d` from `c` everywhere (its corners are at
/// `d / cos 11.25°` or a little more, rounded outwards): where a path steers round a corner.
pub fn ring16(c: Pt, d: Coord) -> Vec<Pt> {
    // 1 / cos 11.25° = 1.01959…; the extra unit covers the rounding of each corner.
    let big = d + (d * 1_960).div_euclid(100_000) + 2;
    rim(c, big, 2)
}

/// Every `step`-th of the 32 rim points of the circle `c`, `r`, rounded to the unit.
fn rim(c: Pt, r: Coord, step: usize) -> Vec<Pt> {
    RIM32
        .iter()
        .step_by(step)
        .map(|&(x, y)| {
            let r = i128::from(r);
            c.add(Pt::new(
                crate::exact::round_div(r * i128::from(x), 32768) as Coord,
                crate::exact::round_div(r * i128::from(y), 32768) as Coord,
            ))
        })
        .collect()
}

impl Body {
    /// A round base of diameter `diameter` centred on `c`.
    pub fn disc(c: Pt, diameter: Coord) -> Body {
        Body::Disc { c, r: diameter / 2 }
    }

    /// A hull `length × width` centred on `c`, its length along `facing`.
    pub fn hull(c: Pt, length: Coord, width: Coord, facing: Facing) -> Body {
        let (l, w) = (length / 2, width / 2);
        let corner = |f: Coord, r: Coord| c.add(facing.turn(f, r));
        let mut corners = [corner(l, w), corner(l, -w), corner(-l, -w), corner(-l, w)];
        if crate::exact::area2(&corners) < 0 {
            corners.reverse();
        }
        Body::Hull {
            c,
            corners,
            half_width: l.min(w),
        }
    }

    /// The centre.
    pub const fn centre(&self) -> Pt {
        match self {
            Body::Disc { c, .. } | Body::Hull { c, .. } => *c,
        }
    }

    /// The outline as a convex polygon, counter-clockwise: the hull's corners, or 16 points of
    /// the base's rim (rounded to the unit).
    pub fn outline(&self) -> Vec<Pt> {
        match self {
            Body::Disc { c, r } => rim(*c, *r, 2),
            Body::Hull { corners, .. } => corners.to_vec(),
        }
    }

    /// The outline finer: 32 points of a base's rim (a polygon within 0.5% of the radius of
    /// the true circle), or the hull's corners. What cover is tested against.
    pub fn outline_fine(&self) -> Vec<Pt> {
        match self {
            Body::Disc { c, r } => rim(*c, *r, 1),
            Body::Hull { corners, .. } => corners.to_vec(),
        }
    }

    /// More points of the body, for when no line between the [`Body::sight_points`] of two
    /// bodies is clear ("any point on the … body"): a base's centre, 32 points of its rim and
    /// 8 at half its radius; a hull's centre and its outline every centimetre or less.
    pub fn sight_points_fine(&self) -> Vec<Pt> {
        let mut out = vec![self.centre()];
        match self {
            Body::Disc { c, r } => {
                out.extend(rim(*c, *r, 1));
                out.extend(rim(*c, *r / 2, 4));
            }
            Body::Hull { corners, .. } => {
                for i in 0..4 {
                    let (a, b) = (corners[i], corners[(i + 1) % 4]);
                    let d = b.sub(a);
                    let len2 = crate::exact::dist2(a, b);
                    // Pieces of at most 1 cm: n² · (1 cm)² ≥ len².
                    let unit = i128::from(UNITS_PER_CM);
                    let mut n: i128 = 1;
                    while n * n * unit * unit < len2 {
                        n += 1;
                    }
                    for k in 0..n {
                        out.push(a.add(Pt::new(
                            crate::exact::round_div(i128::from(d.x) * k, n) as Coord,
                            crate::exact::round_div(i128::from(d.y) * k, n) as Coord,
                        )));
                    }
                }
            }
        }
        out
    }

    /// The points lines of sight are drawn from and to ("any point on the … body, head, hull,
    /// or turret"): the centre first, then eight points of a base's rim, or a hull's corners
    /// and the middles of its sides.
    pub fn sight_points(&self) -> Vec<Pt> {
        let mut out = vec![self.centre()];
        match self {
            Body::Disc { .. } => out.extend(self.outline().into_iter().step_by(2)),
            Body::Hull { corners, .. } => {
                for i in 0..4 {
                    let (a, b) = (corners[i], corners[(i + 1) % 4]);
                    out.push(a);
                    out.push(Pt::new((a.x + b.x).div_euclid(2), (a.y + b.y).div_euclid(2)));
                }
            }
        }
        out
    }

    /// The bounding box.
    pub fn bbox(&self) -> (Pt, Pt) {
        match self {
            Body::Disc { c, r } => (Pt::new(c.x - r, c.y - r), Pt::new(c.x + r, c.y + r)),
            Body::Hull { corners, .. } => bbox(corners),
        }
    }

    /// Whether the point is on or inside the body.
    pub fn holds(&self, p: Pt) -> bool {
        match self {
            Body::Disc { c, r } => crate::exact::dist2(p, *c) <= i128::from(*r) * i128::from(*r),
            Body::Hull { corners, .. } => point_in_polygon(p, corners) != Inside::Out,
        }
    }

    /// Whether the closed segment `a b` touches the body.
    pub fn meets_segment(&self, a: Pt, b: Pt) -> bool {
        match self {
            Body::Disc { c, r } => crate::exact::segment_meets_disc(a, b, *c, *r),
            Body::Hull { corners, .. } => {
                self.holds(a) || (0..4).any(|i| crate::exact::segments_intersect(a, b, corners[i], corners[(i + 1) % 4]))
            }
        }
    }
}

/// One miniature of a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mini {
    /// Its body where it stands.
    pub body: Body,
}

/// A unit on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The name commands use: the card's name, `#2` for the second unit of the same card.
    pub name: String,
    /// The card's name.
    pub card: String,
    /// Whose unit.
    pub side: Side,
    /// What its miniatures are.
    pub kind: MiniKind,
    /// Its facing (vehicles, aircraft, support weapons; 0 for the others).
    pub facing: Facing,
    /// Its base diameter (round bases), or hull length and width.
    pub size: (Coord, Coord),
    /// Its miniatures.
    pub minis: Vec<Mini>,
}

/// Template sizes (not in the seed: provisional values from data/battlefield/geometry.toml,
/// overridable per table file).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Templates {
    /// The blast template's radius.
    pub blast_radius: Coord,
    /// The flame template of range 1 weapons.
    pub flame_short: FlameShape,
    /// The flame template of range 2 and 3 weapons.
    pub flame_long: FlameShape,
}

/// A flame template: a tapering strip from the attacker's base.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FlameShape {
    /// From the narrow end to the wide end.
    pub length: Coord,
    /// Width at the narrow end (touching the attacker).
    pub near_width: Coord,
    /// Width at the far end.
    pub far_width: Coord,
}

impl Default for Templates {
    /// The provisional sizes of data/battlefield/geometry.toml.
    fn default() -> Templates {
        Templates {
            blast_radius: 6 * UNITS_PER_CM,
            flame_short: FlameShape {
                length: 10 * UNITS_PER_CM,
                near_width: 2 * UNITS_PER_CM,
                far_width: 5 * UNITS_PER_CM,
            },
            flame_long: FlameShape {
                length: 25 * UNITS_PER_CM,
                near_width: 2 * UNITS_PER_CM,
                far_width: 8 * UNITS_PER_CM,
            },
        }
    }
}

/// The height of a floor of a building when the file does not say (5 cm): not in the seed, the
/// project's provisional estimate of a storey of a 28 mm building.
pub const FLOOR_HEIGHT: Coord = 5 * UNITS_PER_CM;

/// Floors of buildings ("Walls and Buildings": "Infantry units can move up and down between
/// floors in a building: add the vertical distance climbed to the horizontal distance moved";
/// "5. Roll to Hit": "If the miniatures are on different levels of a building, the attacking
/// player chooses which level the blast weapon hits"). Level 0 is the ground floor.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Floors {
    /// Buildings with upper floors: terrain index → (floors above the ground floor, height of a
    /// floor in units).
    pub buildings: std::collections::BTreeMap<usize, (u8, Coord)>,
    /// Miniatures on an upper floor: (unit, miniature) → level (1 = the first floor up); every
    /// other miniature is on the ground.
    pub levels: std::collections::BTreeMap<(usize, usize), u8>,
}

/// A whole table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Its name.
    pub name: String,
    /// Width (x) in units.
    pub width: Coord,
    /// Depth (y) in units.
    pub depth: Coord,
    /// Terrain pieces, in file order.
    pub terrain: Vec<Terrain>,
    /// Deployment areas and arrival zones.
    pub zones: Vec<Zone>,
    /// Objectives.
    pub objectives: Vec<Objective>,
    /// Units, in file order.
    pub units: Vec<Unit>,
    /// Template sizes.
    pub templates: Templates,
    /// Upper floors of buildings and who stands on them.
    pub floors: Floors,
    /// Units that go on deep water (unit index → how); every other unit finds it impassable.
    pub afloat: std::collections::BTreeMap<usize, Afloat>,
}

/// How a unit goes on deep water (tactics-battlefield-summary.md, "VEHICLE WEAPONS").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Afloat {
    /// "AMPHIBIOUS": "An amphibious vehicle can move through deep water as if it were open
    /// space" (and over land as any vehicle).
    Amphibious,
    /// "NAVAL UNIT": "A naval unit treats deep water as open space, but cannot enter any other
    /// type of terrain": its base or hull stays within deep water (touching its edge).
    Naval,
}

impl Table {
    /// An empty table `width × depth` units.
    pub fn new(name: impl Into<String>, width: Coord, depth: Coord) -> Table {
        Table {
            name: name.into(),
            width,
            depth,
            terrain: Vec::new(),
            zones: Vec::new(),
            objectives: Vec::new(),
            units: Vec::new(),
            templates: Templates::default(),
            floors: Floors::default(),
            afloat: std::collections::BTreeMap::new(),
        }
    }

    /// The level miniature `mini` of `unit` stands on (0: the ground floor).
    pub fn level(&self, unit: usize, mini: usize) -> u8 {
        self.floors.levels.get(&(unit, mini)).copied().unwrap_or(0)
    }

    /// The building whose ground holds `p` (its outline included), if any.
    pub fn building_at(&self, p: Pt) -> Option<usize> {
        self.terrain
            .iter()
            .position(|piece| piece.kind == TerrainKind::Building && piece.holds(p))
    }

    /// A building's upper floors and their height: `(0, FLOOR_HEIGHT)` when it has none.
    pub fn floors_of(&self, building: usize) -> (u8, Coord) {
        self.floors.buildings.get(&building).copied().unwrap_or((0, FLOOR_HEIGHT))
    }

    /// The unit named `name` (case-insensitive).
    pub fn unit(&self, name: &str) -> Option<usize> {
        self.units.iter().position(|u| u.name.eq_ignore_ascii_case(name.trim()))
    }

    /// Whether the point is on the table (edges included).
    pub fn holds(&self, p: Pt) -> bool {
        p.x >= 0 && p.y >= 0 && p.x <= self.width && p.y <= self.depth
    }

    /// Whether the whole body is on the table.
    pub fn holds_body(&self, b: &Body) -> bool {
        let (lo, hi) = b.bbox();
        self.holds(lo) && self.holds(hi)
    }
}

/// Whether two bodies overlap (share more than a touching point): used for "A miniature
/// cannot end its movement with its base on or overlapping another miniature's base".
pub fn bodies_overlap(a: &Body, b: &Body) -> bool {
    match crate::measure::body_gap(a, b) {
        crate::measure::Gap::Apart { .. } => false,
        crate::measure::Gap::Overlap => true,
    }
}

/// Whether a point lies strictly to the left of the directed line `a → b`.
pub fn left_of(a: Pt, b: Pt, p: Pt) -> bool {
    cross(a, b, p) > 0
}
