//! Dust Battlefield table files (TOML): the table's size, its terrain by kind, deployment areas,
//! arrival zones, objectives and the units placed on it, read into a [`dust_geom::table::Table`].
//! The format is documented in `docs/table-format.md`.
//!
//! [`parse_table`] reports every problem of a file at once, each as `FILE:LINE:COL: message`
//! saying what is wrong and how to fix it, and never panics. Base, hull and template sizes come
//! from `data/battlefield/geometry.toml` (provisional: the seed has none) unless the file
//! overrides them.

use crate::card::CardFile;
use crate::diag::{closest, describe, describe_value, parse_toml, valid_list};
use crate::diag::{Diagnostic, LineIndex, TomlReader};
use core::ops::Range;
use dust_core::field::Reserves;
use dust_core::unit::BattlefrontKind;
use dust_core::UnitKind;
use dust_geom::angle::Facing;
use dust_geom::exact::{
    area2, cm_to_units, point_in_polygon, polygons_dist2, self_intersection, Coord, Inside, Pt, MAX_COORD, UNITS_PER_CM,
};
use dust_geom::table::{
    bodies_overlap, Area, Body, FlameShape, Going, Mini, MiniKind, Objective, Side, Table, Templates, Terrain, TerrainKind, Unit, Zone,
    ZoneKind,
};
use toml_edit::{Item, TableLike, Value};

type Span = Range<usize>;

/// The shipped sizes of bases, hulls and templates.
pub const GEOMETRY_TOML: &str = include_str!("../../../data/battlefield/geometry.toml");

/// Provisional sizes of bases, hulls and templates (`data/battlefield/geometry.toml`).
#[derive(Clone, Debug, PartialEq)]
pub struct Sizes {
    /// Base diameters in mm: infantry, hero, support weapon.
    pub bases_mm: [f64; 3],
    /// Hulls [length, width] in cm: vehicle, large vehicle, huge vehicle, aircraft, large aircraft.
    pub hulls: [[f64; 2]; 5],
    /// Template sizes.
    pub templates: Templates,
    /// Where the numbers come from.
    pub source: String,
}

/// The shipped sizes ([`GEOMETRY_TOML`]).
///
/// # Errors
/// The problems of the shipped file (the tests keep it free of them).
pub fn shipped_sizes() -> Result<Sizes, Vec<Diagnostic>> {
    let file = "data/battlefield/geometry.toml";
    let doc = parse_toml(GEOMETRY_TOML).map_err(|(s, m)| vec![LineIndex::new(GEOMETRY_TOML).diagnostic(file, &s, m)])?;
    let ix = LineIndex::new(GEOMETRY_TOML);
    let bad = |what: &str| vec![ix.diagnostic(file, &(0..0), format!("{what} is missing or not a number"))];
    let num = |t: &str, k: &str| -> Option<f64> { doc.get(t)?.get(k).and_then(|i| i.as_value()).and_then(value_number) };
    let nums = |t: &str, k: &str| -> Option<Vec<f64>> {
        let a = doc.get(t)?.get(k)?.as_array()?;
        a.iter().map(value_number).collect()
    };
    let mut bases = [0.0; 3];
    for (i, k) in ["infantry", "hero", "support-weapon"].iter().enumerate() {
        bases[i] = num("bases", k).ok_or_else(|| bad(&format!("bases.{k}")))?;
    }
    let mut hulls = [[0.0; 2]; 5];
    for (i, k) in HULL_KEYS.iter().enumerate() {
        let v = nums("hulls", k)
            .filter(|v| v.len() == 2)
            .ok_or_else(|| bad(&format!("hulls.{k}")))?;
        hulls[i] = [v[0], v[1]];
    }
    let blast = num("templates", "blast_diameter").ok_or_else(|| bad("templates.blast_diameter"))?;
    let flame = |k: &str| -> Result<FlameShape, Vec<Diagnostic>> {
        let v = nums("templates", k)
            .filter(|v| v.len() == 3)
            .ok_or_else(|| bad(&format!("templates.{k}")))?;
        Ok(flame_shape(&v))
    };
    Ok(Sizes {
        bases_mm: bases,
        hulls,
        templates: Templates {
            blast_radius: cm_to_units(blast) / 2,
            flame_short: flame("flame_short")?,
            flame_long: flame("flame_long")?,
        },
        source: doc.get("source").and_then(|s| s.as_str()).unwrap_or("provisional").to_string(),
    })
}

/// The largest template, hull or circle a file may give, in cm (keeps every product exact).
const MAX_SIZE_CM: f64 = 500.0;

/// The most corners a polygon may have (the crossing test is quadratic in them).
const MAX_CORNERS: usize = 512;

/// The most `[[terrain]]` pieces, `[[unit]]`s, miniatures in all, zones and objectives a table
/// file may hold, and the most corners of all its terrain together: far above any table the
/// book plays (tens of pieces and units), and low enough that every oracle's cost stays
/// bounded on a hostile file (the path search's graph grows with the corners and miniatures).
pub const MAX_TERRAIN: usize = 1_000;
/// See [`MAX_TERRAIN`].
pub const MAX_UNITS: usize = 1_000;
/// See [`MAX_TERRAIN`].
pub const MAX_MINIATURES: usize = 4_000;
/// See [`MAX_TERRAIN`].
pub const MAX_ZONES: usize = 64;
/// See [`MAX_TERRAIN`].
pub const MAX_OBJECTIVES: usize = 64;
/// See [`MAX_TERRAIN`].
pub const MAX_TERRAIN_CORNERS: usize = 20_000;

/// A number for a message: as written when short, in scientific notation when huge.
fn show_number(x: f64) -> String {
    if x.is_finite() && x.abs() < 1e7 {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

const HULL_KEYS: [&str; 5] = ["vehicle", "large-vehicle", "huge-vehicle", "aircraft", "large-aircraft"];

fn flame_shape(v: &[f64]) -> FlameShape {
    FlameShape {
        length: cm_to_units(v[0]),
        near_width: cm_to_units(v[1]),
        far_width: cm_to_units(v[2]),
    }
}

fn value_number(v: &Value) -> Option<f64> {
    match v {
        Value::Integer(i) => Some(*i.value() as f64),
        Value::Float(f) => Some(*f.value()),
        _ => None,
    }
}

/// A checked table file.
#[derive(Clone, Debug, PartialEq)]
pub struct TableFile {
    /// The table, ready for the geometry's questions.
    pub table: Table,
    /// A longer description, if any.
    pub description: Option<String>,
    /// Where the table comes from (`source`), if the file says.
    pub source: Option<String>,
    /// The scenario's reserves rule (`[scenario] reserves`; default none).
    pub reserves: Reserves,
    /// Which units start in reserve (`reserve = true`), one flag per unit.
    pub in_reserve: Vec<bool>,
    /// A meeting engagement (`[scenario] meeting = true`): every unit starts off the table.
    pub meeting: bool,
    /// Which units start held in ambush (`ambush = true`), one flag per unit.
    pub ambush: Vec<bool>,
    /// The vehicle each unit begins the game mounted in (`aboard = "UNIT"`), one entry per unit.
    pub aboard: Vec<Option<usize>>,
    /// The side the players chose to defend (`[scenario] defender`), if the file says.
    pub defender: Option<dust_core::Side>,
    /// Scattered reserves (`[scenario] scattered = true`).
    pub scattered: bool,
}

/// Reads a table file, checking units against `cards` (the cards the Battlefield game plays:
/// the battlefront cards and the classic cards).
///
/// # Errors
/// Every problem found, sorted by position, each pointing at the value it is about.
pub fn parse_table(text: &str, file_name: &str, cards: &[CardFile]) -> Result<TableFile, Vec<Diagnostic>> {
    let mut cx = Ctx {
        rd: TomlReader::new(text, file_name),
        size: None,
    };
    let doc = match parse_toml(text) {
        Ok(d) => d,
        Err((span, msg)) => {
            cx.err(&span, msg);
            return Err(cx.rd.diags);
        }
    };
    let sizes = shipped_sizes()?;
    let out = cx.file_table(doc.as_table(), cards, &sizes);
    let mut diags = cx.rd.diags;
    if diags.is_empty() {
        if let Some(t) = out {
            return Ok(t);
        }
    }
    diags.sort_by_key(|d| (d.line, d.col));
    diags.dedup();
    Err(diags)
}

struct Ctx<'a> {
    /// The file, its positions and its problems.
    rd: TomlReader<'a>,
    /// Width and depth in units, once known.
    size: Option<(Coord, Coord)>,
}

const ROOT_KEYS: [&str; 11] = [
    "name",
    "scenario",
    "size",
    "description",
    "source",
    "templates",
    "terrain",
    "deployment",
    "arrival",
    "objective",
    "unit",
];
const TERRAIN_KEYS: [&str; 14] = [
    "kind",
    "name",
    "polygon",
    "circle",
    "doorways",
    "windows",
    "opening_width",
    "facing",
    "blocks_los",
    "cover",
    "source",
    "floors",
    "floor_height",
    "side",
];
const ZONE_KEYS: [&str; 2] = ["side", "polygon"];
const OBJECTIVE_KEYS: [&str; 2] = ["name", "at"];
const UNIT_KEYS: [&str; 10] = [
    "name", "side", "at", "facing", "base_mm", "hull", "level", "reserve", "ambush", "aboard",
];
const SCENARIO_KEYS: [&str; 4] = ["reserves", "meeting", "defender", "scattered"];
const TEMPLATE_KEYS: [&str; 3] = ["blast_diameter", "flame_short", "flame_long"];

/// "a" or "b", as the file writes a side.
const fn side_word(s: Side) -> &'static str {
    match s {
        Side::A => "a",
        Side::B => "b",
    }
}

/// A point in centimetres, as the file writes it.
fn point_cm(p: Pt) -> String {
    let cm = |v: Coord| v as f64 / UNITS_PER_CM as f64;
    format!("{}, {}", cm(p.x), cm(p.y))
}

/// A unit's shape class, from its card.
fn shape_of(cf: &CardFile) -> (MiniKind, usize, &'static str) {
    match (cf.info.battlefront.kind, cf.card.kind) {
        (Some(BattlefrontKind::SupportWeapon), _) => (MiniKind::SupportWeapon, 2, "support-weapon"),
        (Some(BattlefrontKind::LargeVehicle), _) => (MiniKind::Vehicle, 1, "large-vehicle"),
        (Some(BattlefrontKind::HugeVehicle), _) => (MiniKind::Vehicle, 2, "huge-vehicle"),
        (Some(BattlefrontKind::LargeAircraft), _) => (MiniKind::Aircraft, 4, "large-aircraft"),
        (None, UnitKind::Squad) => (MiniKind::Infantry, 0, "infantry"),
        (None, UnitKind::Hero) => (MiniKind::Infantry, 1, "hero"),
        (None, UnitKind::Vehicle) => (MiniKind::Vehicle, 0, "vehicle"),
        (None, UnitKind::Aircraft) => (MiniKind::Aircraft, 3, "aircraft"),
    }
}

/// What a card's miniatures are on the table (round bases, a support weapon's base, a hull).
pub fn mini_kind_of(cf: &CardFile) -> MiniKind {
    shape_of(cf).0
}

/// How many miniatures a card puts on the table: a squad's soldiers, else one.
pub fn miniatures_of(cf: &CardFile) -> usize {
    match (cf.info.battlefront.kind, cf.card.kind) {
        (None, UnitKind::Squad) => usize::from(cf.card.health).max(1),
        _ => 1,
    }
}

crate::diag::reads_through!(Ctx);

impl<'a> Ctx<'a> {
    fn number_value(&mut self, v: &Value, what: &str, fallback: &Span) -> Option<f64> {
        let span = v.span().unwrap_or_else(|| fallback.clone());
        match value_number(v) {
            Some(x) if x.is_finite() => Some(x),
            Some(x) => {
                self.err(&span, format!("{what} must be a finite number, not {x}"));
                None
            }
            None => {
                self.err(&span, format!("{what} must be a number, not {}", describe_value(v)));
                None
            }
        }
    }

    fn number(&mut self, t: &dyn TableLike, key: &str, what: &str, fallback: &Span) -> Option<(f64, Span)> {
        let item = t.get(key)?;
        let span = TomlReader::span(item, fallback);
        match item.as_value() {
            Some(v) => self.number_value(v, &format!("`{key}` in {what}"), &span).map(|x| (x, span)),
            None => {
                self.err(&span, format!("`{key}` in {what} must be a number, not {}", describe(item)));
                None
            }
        }
    }

    fn bool(&mut self, t: &dyn TableLike, key: &str, what: &str, fallback: &Span) -> Option<bool> {
        let item = t.get(key)?;
        match item.as_bool() {
            Some(b) => Some(b),
            None => {
                let span = TomlReader::span(item, fallback);
                self.err(&span, format!("`{key}` in {what} must be true or false, not {}", describe(item)));
                None
            }
        }
    }

    /// A list of numbers `[a, b, …]` of exactly `n` items.
    fn numbers(&mut self, v: &Value, n: usize, what: &str, example: &str, fallback: &Span) -> Option<Vec<f64>> {
        let span = v.span().unwrap_or_else(|| fallback.clone());
        let Some(arr) = v.as_array() else {
            self.err(&span, format!("{what} must be a list like {example}, not {}", describe_value(v)));
            return None;
        };
        if arr.len() != n {
            self.err(&span, format!("{what} must have {n} numbers, like {example}; it has {}", arr.len()));
            return None;
        }
        let mut out = Vec::new();
        for x in arr.iter() {
            out.push(self.number_value(x, what, &span)?);
        }
        Some(out)
    }

    /// A point `[x, y]` in cm, checked to be on the table.
    fn point(&mut self, v: &Value, what: &str, fallback: &Span) -> Option<Pt> {
        let span = v.span().unwrap_or_else(|| fallback.clone());
        let xy = self.numbers(v, 2, what, "[42.0, 17.5]", fallback)?;
        let p = Pt::cm(xy[0], xy[1]);
        if let Some((w, d)) = self.size {
            if p.x < 0 || p.y < 0 || p.x > w || p.y > d {
                self.err(
                    &span,
                    format!(
                        "{what} ({}, {}) is outside the table, which is {} × {} cm: x goes from 0 to {}, y from 0 to {}",
                        show_number(xy[0]),
                        show_number(xy[1]),
                        w / UNITS_PER_CM,
                        d / UNITS_PER_CM,
                        w / UNITS_PER_CM,
                        d / UNITS_PER_CM
                    ),
                );
                return None;
            }
        }
        Some(p)
    }

    /// A list of points.
    fn points(&mut self, item: &Item, what: &str, fallback: &Span) -> Option<Vec<(Pt, Span)>> {
        let span = TomlReader::span(item, fallback);
        let Some(arr) = item.as_array() else {
            self.err(
                &span,
                format!(
                    "{what} must be a list of points like [[0, 0], [10, 0], [10, 10]], not {}",
                    describe(item)
                ),
            );
            return None;
        };
        let mut out = Vec::new();
        let mut ok = true;
        for v in arr.iter() {
            let vs = v.span().unwrap_or_else(|| span.clone());
            match self.point(v, &format!("a point of {what}"), &vs) {
                Some(p) => out.push((p, vs)),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// A polygon: at least three points, a non-zero area, edges that do not cross.
    fn polygon(&mut self, item: &Item, what: &str, fallback: &Span) -> Option<Vec<Pt>> {
        let span = TomlReader::span(item, fallback);
        if let Some(n) = item.as_array().map(toml_edit::Array::len).filter(|&n| n > MAX_CORNERS) {
            self.err(
                &span,
                format!("{what} has {n} corners; at most {MAX_CORNERS} are read: simplify the outline"),
            );
            return None;
        }
        let pts = self.points(item, what, fallback)?;
        if pts.len() < 3 {
            self.err(
                &span,
                format!(
                    "{what} needs at least 3 points (the corners, in order around it); it has {}",
                    pts.len()
                ),
            );
            return None;
        }
        let poly: Vec<Pt> = pts.iter().map(|p| p.0).collect();
        if let Some((i, j)) = self_intersection(&poly) {
            let n = poly.len();
            let (a, b) = (poly[i].to_cm(), poly[(i + 1) % n].to_cm());
            let (c, d) = (poly[j].to_cm(), poly[(j + 1) % n].to_cm());
            self.err(
                &pts[j].1,
                format!(
                    "{what} crosses itself: its edge ({}, {})–({}, {}) meets its edge ({}, {})–({}, {}); list the corners in order around the shape",
                    a.0, a.1, b.0, b.1, c.0, c.1, d.0, d.1
                ),
            );
            return None;
        }
        if area2(&poly) == 0 {
            self.err(&span, format!("{what} has no area: its corners lie on one line"));
            return None;
        }
        Some(poly)
    }

    fn side(&mut self, t: &dyn TableLike, what: &str, fallback: &Span) -> Option<Side> {
        self.side_key(t, "side", what, fallback).map(|s| match s {
            dust_core::Side::A => Side::A,
            dust_core::Side::B => Side::B,
        })
    }

    fn facing(&mut self, t: &dyn TableLike, what: &str, fallback: &Span) -> Option<(Facing, Span)> {
        let item = t.get("facing")?;
        let span = TomlReader::span(item, fallback);
        match item.as_integer() {
            Some(d) => Some((Facing::deg(d), span)),
            None => {
                self.err(
                    &span,
                    format!(
                        "`facing` in {what} must be a whole number of degrees (0 = towards +y, clockwise), not {}",
                        describe(item)
                    ),
                );
                None
            }
        }
    }

    /// The `[[key]]` sections, at most `max` of them (more is an error at the first one over).
    fn tables<'d>(&mut self, item: &'d Item, key: &str, max: usize, fallback: &Span) -> Vec<(&'d dyn TableLike, Span)> {
        let span = TomlReader::span(item, fallback);
        match item {
            Item::ArrayOfTables(aot) if aot.len() > max => {
                let over = aot.get(max).and_then(toml_edit::Table::span).unwrap_or(span);
                self.err(
                    &over,
                    format!(
                        "this is [[{key}]] number {} of {}: a table file holds at most {max}; split the table or remove some",
                        max + 1,
                        aot.len()
                    ),
                );
                Vec::new()
            }
            Item::ArrayOfTables(aot) => aot
                .iter()
                .map(|t| (t as &dyn TableLike, t.span().unwrap_or_else(|| span.clone())))
                .collect(),
            other => {
                self.err(
                    &span,
                    format!(
                        "`{key}` must be a list of tables (write [[{key}]] sections), not {}",
                        describe(other)
                    ),
                );
                Vec::new()
            }
        }
    }

    fn file_table(&mut self, root: &toml_edit::Table, cards: &[CardFile], sizes: &Sizes) -> Option<TableFile> {
        let top = 0..0;
        self.check_keys(root, "the table file", &ROOT_KEYS, &top);
        let name = self.string(root, "name", "the table file", true, &top).map(|s| s.0);
        let description = self.string(root, "description", "the table file", false, &top).map(|s| s.0);
        let source = self.string(root, "source", "the table file", false, &top).map(|s| s.0);
        match root.get("size") {
            None => self.err(
                &top,
                "the table file needs `size = [width, depth]` in centimetres, e.g. size = [180, 120]",
            ),
            Some(item) => {
                let span = TomlReader::span(item, &top);
                if let Some(v) = item.as_value().and_then(|v| self.numbers(v, 2, "`size`", "[180, 120]", &span)) {
                    let (w, d) = (cm_to_units(v[0]), cm_to_units(v[1]));
                    if w <= 0 || d <= 0 || w > MAX_COORD || d > MAX_COORD {
                        self.err(
                            &span,
                            format!("`size` must be between 1 and {} cm each way", MAX_COORD / UNITS_PER_CM),
                        );
                    } else {
                        self.size = Some((w, d));
                    }
                } else if item.as_value().is_none() {
                    self.err(&span, format!("`size` must be a list [width, depth], not {}", describe(item)));
                }
            }
        }
        let (w, d) = self.size?;
        let mut table = Table::new(name.clone().unwrap_or_default(), w, d);
        table.templates = sizes.templates;
        if let Some(item) = root.get("templates") {
            let span = TomlReader::span(item, &top);
            match item.as_table_like() {
                Some(t) => self.templates(t, &mut table.templates, &span),
                None => self.err(&span, format!("`templates` must be a table ([templates]), not {}", describe(item))),
            }
        }
        let mut ok = true;
        let mut terrain_spans = Vec::new();
        let mut side_spans = Vec::new();
        if let Some(item) = root.get("terrain") {
            let mut corners = 0;
            for (i, (t, span)) in self.tables(item, "terrain", MAX_TERRAIN, &top).into_iter().enumerate() {
                corners += t
                    .get("polygon")
                    .and_then(Item::as_array)
                    .map_or(0, |a| a.len().min(MAX_CORNERS + 1));
                if corners > MAX_TERRAIN_CORNERS {
                    self.err(
                        &span,
                        format!("the terrain up to here has {corners} corners in all; a table file holds at most {MAX_TERRAIN_CORNERS}: simplify the outlines"),
                    );
                    ok = false;
                    break;
                }
                match self.terrain(t, &span, i) {
                    Some(p) => {
                        if let Some(f) = self.building_floors(t, &p, &span) {
                            table.floors.buildings.insert(table.terrain.len(), f);
                        }
                        table.terrain.push(p);
                        side_spans.push(t.get("side").map(|i| TomlReader::span(i, &span)));
                        terrain_spans.push(span);
                    }
                    None => ok = false,
                }
            }
        }
        for (key, kind) in [("deployment", ZoneKind::Deployment), ("arrival", ZoneKind::Arrival)] {
            if let Some(item) = root.get(key) {
                for (t, span) in self.tables(item, key, MAX_ZONES, &top) {
                    let what = format!("a [[{key}]] zone");
                    self.check_keys(t, &what, &ZONE_KEYS, &span);
                    let side = self.side(t, &what, &span);
                    let poly = match t.get("polygon") {
                        Some(p) => self.polygon(p, &format!("the polygon of {what}"), &span),
                        None => {
                            self.err(&span, format!("{what} needs `polygon = [[x, y], …]`"));
                            None
                        }
                    };
                    match (side, poly) {
                        (Some(side), Some(polygon)) => table.zones.push(Zone { kind, side, polygon }),
                        _ => ok = false,
                    }
                }
            }
        }
        if let Some(item) = root.get("objective") {
            for (t, span) in self.tables(item, "objective", MAX_OBJECTIVES, &top) {
                self.check_keys(t, "an [[objective]]", &OBJECTIVE_KEYS, &span);
                let name = self.string(t, "name", "an [[objective]]", true, &span);
                let at = match t.get("at") {
                    Some(Item::Value(v)) => self
                        .point(v, "the objective's `at`", &span)
                        .map(|p| (p, v.span().unwrap_or(span.clone()))),
                    Some(other) => {
                        self.err(&TomlReader::span(other, &span), "the objective's `at` must be a point [x, y] in cm");
                        None
                    }
                    None => {
                        self.err(&span, "an [[objective]] needs `at = [x, y]` (cm)");
                        None
                    }
                };
                if let (Some((name, _)), Some((at, at_span))) = (name, at) {
                    if let Some(f) = table
                        .terrain
                        .iter()
                        .find(|p| matches!(p.kind, TerrainKind::Bunker | TerrainKind::Strongpoint) && p.area.holds(at))
                    {
                        self.err(
                            &at_span,
                            format!(
                                "objective `{name}` is inside {} ({}): \"Objectives cannot be placed in, on, or under a bunker or strongpoint\"; move it out",
                                f.name,
                                f.kind.name()
                            ),
                        );
                    }
                    table.objectives.push(Objective { name, at });
                } else {
                    ok = false;
                }
            }
        }
        self.fortifications(&table, &terrain_spans);
        self.fielded(&table, &side_spans);
        let (reserves, reserves_span, meeting) = self.scenario(root, &top);
        let defender = self.defender(root, &top, &table);
        let scattered = self.scattered(root, &top, reserves);
        let mut in_reserve = Vec::new();
        let mut ambush = Vec::new();
        let mut aboard: Vec<Option<(String, Span)>> = Vec::new();
        if let Some(item) = root.get("unit") {
            let mut placed: Vec<(usize, Vec<Span>)> = Vec::new();
            let mut minis = 0;
            for (t, span) in self.tables(item, "unit", MAX_UNITS, &top) {
                minis += t.get("at").and_then(Item::as_array).map_or(0, toml_edit::Array::len);
                if minis > MAX_MINIATURES {
                    self.err(
                        &span,
                        format!("the units up to here have {minis} miniatures in all; a table file holds at most {MAX_MINIATURES}"),
                    );
                    ok = false;
                    break;
                }
                match self.unit(t, &span, cards, sizes, &table) {
                    Some((u, spans)) => {
                        let levels = self.levels(t, &u, &spans, &span, &table);
                        for (m, level) in levels.into_iter().enumerate() {
                            if level > 0 {
                                table.floors.levels.insert((table.units.len(), m), level);
                            }
                        }
                        let rides = self.string(t, "aboard", "a [[unit]]", false, &span);
                        if Self::field_card(&u.card, cards).is_some_and(|c| dust_core::field::is_spy(&c)) {
                            self.not_held(t, &span, |key| {
                                format!(
                                    "unit `{}` is a spy: \"This hero is not placed at the start of the game\" (SPY), so he is neither in reserve nor in ambush; remove `{key} = true`",
                                    u.name
                                )
                            });
                        }
                        if rides.is_some() {
                            self.not_held(t, &span, |key| {
                                format!(
                                    "unit `{}` is placed aboard a vehicle: it is held in reserve or in ambush with its vehicle, not on its own; remove `{key} = true` (mark the vehicle)",
                                    u.name
                                )
                            });
                            in_reserve.push(false);
                        } else {
                            in_reserve.push(self.reserve(t, &u, &span, (reserves, meeting), &table));
                        }
                        let is_aboard = rides.is_some();
                        aboard.push(rides);
                        let held = !is_aboard && self.bool(t, "ambush", "a [[unit]]", &span).unwrap_or(false);
                        if held && !Self::held_together(&table, &ambush, &u, cards) {
                            let at = t.get("ambush").map_or_else(|| span.clone(), |i| TomlReader::span(i, &span));
                            self.err(
                                &at,
                                format!(
                                    "side {} already holds a unit in ambush: \"You may hold one of your units in ambush\" (and a hero that can join it with it); remove `ambush = true` from one of them",
                                    side_word(u.side)
                                ),
                            );
                        }
                        ambush.push(held);
                        // A unit aboard stands in its vehicle, not on the table.
                        if !is_aboard {
                            placed.push((table.units.len(), spans));
                        }
                        table.units.push(u);
                    }
                    None => ok = false,
                }
            }
            self.overlaps(&table, &placed);
        }
        let rides = aboard;
        let aboard = self.vehicles_aboard(&table, &rides);
        // Only a unit placed aboard can lack a seat: a file without one is not set up twice.
        if ok && self.rd.diags.is_empty() && aboard.iter().any(Option::is_some) {
            self.seats(&table, &aboard, &rides, cards);
        }
        if reserves != Reserves::None {
            for side in [Side::A, Side::B] {
                let all = table.units.iter().filter(|u| u.side == side).count();
                // A unit aboard a vehicle held in reserve is held in reserve with it.
                let rolling = |x: usize| in_reserve[x] || aboard[x].is_some_and(|v| in_reserve[v]);
                let held = (0..table.units.len())
                    .filter(|&x| table.units[x].side == side && rolling(x))
                    .count();
                if 2 * held < all {
                    self.err(
                        &reserves_span,
                        format!(
                            "side {} holds {held} of its {all} units in reserve: \"You must hold at least half of your units (heroes are separate units) in reserve\"; mark more of its units `reserve = true`",
                            side_word(side)
                        ),
                    );
                }
            }
        }
        (ok && name.is_some()).then_some(TableFile {
            table,
            description,
            source,
            reserves,
            in_reserve,
            meeting,
            ambush,
            aboard,
            defender,
            scattered,
        })
    }

    /// `reserve = true` or `ambush = true` on a unit that cannot be held on its own: refused
    /// with `why(key)`. A unit placed `aboard` comes with its vehicle ("may arrive together",
    /// "held with them": tactics-battlefield-summary.md, "SCENARIO SPECIAL RULES"); a spy starts
    /// off the table by his skill ("SPY").
    fn not_held(&mut self, t: &dyn TableLike, span: &Span, why: impl Fn(&str) -> String) {
        for key in ["reserve", "ambush"] {
            if self.bool(t, key, "a [[unit]]", span) == Some(true) {
                let at = t.get(key).map_or_else(|| span.clone(), |i| TomlReader::span(i, span));
                self.err(&at, why(key));
            }
        }
    }

    /// The card named `name` as the Battlefield engine reads it, if the cards hold it.
    fn field_card(name: &str, cards: &[CardFile]) -> Option<dust_core::field::FieldCard> {
        cards
            .iter()
            .find(|c| c.card.name.eq_ignore_ascii_case(name))
            .map(|cf| dust_core::field::FieldCard {
                card: cf.card.clone(),
                bf: cf.info.battlefront.clone(),
            })
    }

    /// `[scenario] scattered = true`: "In scenarios with scattered reserves, roll a die when a
    /// unit arrives from reserves" — only where the scenario has reserves.
    fn scattered(&mut self, root: &toml_edit::Table, top: &Span, reserves: Reserves) -> bool {
        let Some(t) = root.get("scenario").and_then(Item::as_table_like) else {
            return false;
        };
        let on = self.bool(t, "scattered", "[scenario]", top).unwrap_or(false);
        if on && reserves == Reserves::None {
            let at = t.get("scattered").map_or_else(|| top.clone(), |i| TomlReader::span(i, top));
            self.err(
                &at,
                "`scattered = true` asks for scattered reserves, but the scenario has no reserves: add `reserves = \"reserves\"` (or \"delayed\") under [scenario], or remove `scattered`",
            );
            return false;
        }
        on
    }

    /// "Fortifications are placed in your deployment area at the start of the game"
    /// (FORTIFICATIONS, Deploying Fortifications): a bunker or strongpoint a side fields lies
    /// wholly in a deployment area of that side.
    fn fielded(&mut self, table: &Table, side_spans: &[Option<Span>]) {
        for (p, at) in table.terrain.iter().zip(side_spans) {
            let (Some(side), Some(at), Area::Polygon(poly)) = (p.side, at, &p.area) else {
                continue;
            };
            let inside = table.zones.iter().any(|z| {
                z.kind == ZoneKind::Deployment && z.side == side && poly.iter().all(|&c| point_in_polygon(c, &z.polygon) != Inside::Out)
            });
            if !inside {
                self.err(
                    at,
                    format!(
                        "{} `{}` is fielded by side {s} but is not wholly in a deployment area of side {s}: \"Fortifications are placed in your deployment area\"; move it there (or add that side's [[deployment]] zone)",
                        p.kind.name(),
                        p.name,
                        s = side_word(side)
                    ),
                );
            }
        }
    }

    /// Whether each vehicle has room for the units placed aboard it (spaces, the pilot's seat):
    /// asked of the game's own set-up (`FieldGame::new`, the one place that decides it), each
    /// refusal reported at the unit's `aboard` value.
    /// Whether unit `u` may be held in ambush with the units of its side held before it
    /// ([`dust_core::field::held_together`]: one unit a side, and a hero that can join it).
    fn held_together(table: &Table, ambush: &[bool], u: &Unit, cards: &[CardFile]) -> bool {
        let card = |name: &str| Self::field_card(name, cards);
        let held: Vec<&Unit> = table
            .units
            .iter()
            .zip(ambush)
            .filter(|(x, a)| **a && x.side == u.side)
            .map(|(x, _)| x)
            .collect();
        let fc: Option<Vec<_>> = held.iter().map(|x| card(&x.card)).chain([card(&u.card)]).collect();
        match fc {
            Some(fc) => dust_core::field::held_together(&fc, &(0..held.len()).collect::<Vec<_>>(), held.len()),
            None => held.is_empty(),
        }
    }

    fn seats(&mut self, table: &Table, aboard: &[Option<usize>], rides: &[Option<(String, Span)>], cards: &[CardFile]) {
        let mut fc = Vec::new();
        for u in &table.units {
            let Some(cf) = cards.iter().find(|c| c.card.name.eq_ignore_ascii_case(&u.card)) else {
                return;
            };
            fc.push(dust_core::field::FieldCard {
                card: cf.card.clone(),
                bf: cf.info.battlefront.clone(),
            });
        }
        let setup = dust_core::field::FieldSetup {
            table: table.clone(),
            cards: fc,
            turns: 1,
            ap_limit: None,
            dice: dust_core::dice::BattlefrontDice::ThreeSymbol,
            reserves: Reserves::None,
            meeting: false,
            ambush: Vec::new(),
            in_reserve: Vec::new(),
            aboard: aboard.to_vec(),
            defender: None,
            scattered: false,
        };
        if let Err(dust_core::field::SetupError::Aboard(name, why)) = dust_core::field::FieldGame::new(setup, 0) {
            if let Some((_, sp)) = table
                .units
                .iter()
                .zip(rides)
                .find(|(u, _)| u.name == name)
                .and_then(|(_, r)| r.as_ref())
            {
                self.err(
                    sp,
                    format!("unit `{name}` cannot begin the game aboard: {why}; place it on the table (remove `aboard`), or aboard a vehicle with room"),
                );
            }
        }
    }

    /// `aboard = "UNIT"`: the vehicle or aircraft (a unit of the file, by its name: the card's,
    /// `#2` for a second) the unit begins the game mounted in. Infantry only, aboard a vehicle
    /// or aircraft of its side that is not itself aboard, its `at` points (one per miniature)
    /// inside the vehicle's hull. Whether the vehicle has the room (its card's `passengers`,
    /// `tank-riders`, a pilot's seat) the game's set-up checks (`SetupError::Aboard`).
    fn vehicles_aboard(&mut self, table: &Table, aboard: &[Option<(String, Span)>]) -> Vec<Option<usize>> {
        let mut out = vec![None; table.units.len()];
        for (u, rides) in aboard.iter().enumerate() {
            let Some((name, sp)) = rides else { continue };
            let unit = &table.units[u];
            let Some(v) = table.units.iter().position(|x| x.name.eq_ignore_ascii_case(name.trim())) else {
                let hint = closest(name, table.units.iter().map(|x| x.name.as_str()))
                    .map(|n| format!(" (did you mean \"{n}\"?)"))
                    .unwrap_or_default();
                self.err(
                    sp,
                    format!("`aboard` names no unit of this file: \"{name}\"{hint}; name a vehicle or aircraft placed with [[unit]]"),
                );
                continue;
            };
            let vehicle = &table.units[v];
            let problem = if !vehicle.kind.is_vehicle() {
                Some(format!("`{}` is not a vehicle or aircraft: only those carry units", vehicle.name))
            } else if !unit.kind.is_infantry() {
                Some(format!(
                    "`{}` is not infantry: \"A vehicle equipped to carry passengers can carry infantry units inside it\"",
                    unit.name
                ))
            } else if vehicle.side != unit.side {
                Some(format!(
                    "`{}` is side {}'s: a unit is carried only by its own side's vehicles",
                    vehicle.name,
                    side_word(vehicle.side)
                ))
            } else if aboard[v].is_some() {
                Some(format!("`{}` is itself aboard a vehicle", vehicle.name))
            } else if let Some((m, p)) = vehicle.minis.first().and_then(|hull| {
                unit.minis
                    .iter()
                    .enumerate()
                    .find(|(_, m)| !hull.body.holds(m.body.centre()))
                    .map(|(i, m)| (i, m.body.centre()))
            }) {
                Some(format!(
                    "unit `{}` m{m} at ({}) is not inside `{}`'s hull: the `at` points of a unit aboard lie in its vehicle",
                    unit.name,
                    point_cm(p),
                    vehicle.name
                ))
            } else {
                None
            };
            match problem {
                Some(p) => self.err(sp, p),
                None => out[u] = Some(v),
            }
        }
        out
    }

    /// `[scenario] defender`: the side the players chose to defend ("the other may choose which
    /// side to attack or defend from"), refused when the other side fields the most AP of
    /// bunkers and strongpoints ("they will always be the defender").
    fn defender(&mut self, root: &toml_edit::Table, top: &Span, table: &Table) -> Option<dust_core::Side> {
        let t = root.get("scenario")?.as_table_like()?;
        let chosen = match t.get("defender") {
            Some(_) => Some(self.side_key(t, "defender", "[scenario]", top)?),
            None => None,
        };
        let at = t.get("defender").map_or_else(|| top.clone(), |i| TomlReader::span(i, top));
        match dust_core::field::FieldGame::defender_of(table, chosen) {
            Ok(_) => chosen,
            Err(e) => {
                self.err(&at, e.to_string());
                None
            }
        }
    }

    /// A key whose value is a side, "a" or "b".
    fn side_key(&mut self, t: &dyn TableLike, key: &str, what: &str, fallback: &Span) -> Option<dust_core::Side> {
        let (s, span) = self.string(t, key, what, true, fallback)?;
        match s.as_str() {
            "a" | "A" => Some(dust_core::Side::A),
            "b" | "B" => Some(dust_core::Side::B),
            _ => {
                self.err(&span, format!("`{key}` in {what} must be \"a\" or \"b\", not \"{s}\""));
                None
            }
        }
    }

    /// `[scenario]`: the scenario special rules the table plays (the project's own key:
    /// docs/table-format.md). Returns the reserves rule, where it is written, and whether the
    /// scenario is a meeting engagement.
    fn scenario(&mut self, root: &toml_edit::Table, top: &Span) -> (Reserves, Span, bool) {
        let Some(item) = root.get("scenario") else {
            return (Reserves::None, top.clone(), false);
        };
        let span = TomlReader::span(item, top);
        let Some(t) = item.as_table_like() else {
            self.err(&span, format!("`scenario` must be a table ([scenario]), not {}", describe(item)));
            return (Reserves::None, span, false);
        };
        self.check_keys(t, "[scenario]", &SCENARIO_KEYS, &span);
        let meeting = self.bool(t, "meeting", "[scenario]", &span).unwrap_or(false);
        let Some((r, rs)) = self.string(t, "reserves", "[scenario]", false, &span) else {
            return (Reserves::None, span, meeting);
        };
        let rule = match r.as_str() {
            "none" => Reserves::None,
            "reserves" => Reserves::Reserves,
            "delayed" => Reserves::Delayed,
            other => {
                self.err(
                    &rs,
                    format!("`reserves` in [scenario] must be \"none\", \"reserves\" or \"delayed\" (tactics-battlefield-summary.md, SCENARIO SPECIAL RULES), not \"{other}\""),
                );
                Reserves::None
            }
        };
        (rule, rs, meeting)
    }

    /// A unit's `reserve = true`: allowed when the scenario has reserves. A unit in reserve, and
    /// every unit of a meeting engagement, stands in an arrival zone of its side (where it moves
    /// on from). Returns whether the unit is held in reserve.
    fn reserve(&mut self, t: &dyn TableLike, u: &Unit, span: &Span, (reserves, meeting): (Reserves, bool), table: &Table) -> bool {
        let mut held = self.bool(t, "reserve", "a [[unit]]", span).unwrap_or(false);
        let at = t.get("reserve").map_or_else(|| span.clone(), |i| TomlReader::span(i, span));
        if held && reserves == Reserves::None {
            self.err(
                &at,
                format!("unit `{}` has `reserve = true` but the table's scenario has no reserves: add [scenario] reserves = \"reserves\" (or \"delayed\"), or remove the key", u.name),
            );
            held = false;
        }
        if !held && !meeting {
            return false;
        }
        let why = if held {
            "is held in reserve"
        } else {
            "waits off the table in a meeting engagement"
        };
        let zones: Vec<&Zone> = table
            .zones
            .iter()
            .filter(|z| z.kind == ZoneKind::Arrival && z.side == u.side)
            .collect();
        for (i, m) in u.minis.iter().enumerate() {
            let c = m.body.centre();
            if !zones.iter().any(|z| point_in_polygon(c, &z.polygon) != Inside::Out) {
                let where_ = t.get("at").map_or_else(|| span.clone(), |i| TomlReader::span(i, span));
                self.err(
                    &where_,
                    format!(
                        "unit `{}` {why} but its miniature m{i} at ({}) is not in an arrival zone of side {}: a unit waiting off the table stands where it moves on from, in its side's [[arrival]] zone",
                        u.name,
                        point_cm(c),
                        side_word(u.side)
                    ),
                );
                break;
            }
        }
        held
    }

    fn templates(&mut self, t: &dyn TableLike, out: &mut Templates, span: &Span) {
        self.check_keys(t, "[templates]", &TEMPLATE_KEYS, span);
        if let Some((b, bs)) = self.number(t, "blast_diameter", "[templates]", span) {
            if b <= 0.0 || b > MAX_SIZE_CM {
                self.err(&bs, format!("`blast_diameter` must be more than 0 and at most {MAX_SIZE_CM} cm"));
            } else {
                out.blast_radius = cm_to_units(b) / 2;
            }
        }
        for (key, slot) in [("flame_short", &mut out.flame_short), ("flame_long", &mut out.flame_long)] {
            if let Some(item) = t.get(key) {
                let s = TomlReader::span(item, span);
                match item.as_value() {
                    Some(v) => {
                        if let Some(v) = self.numbers(v, 3, &format!("`{key}`"), "[10.0, 2.0, 5.0] (length, near width, far width)", &s) {
                            if v.iter().any(|x| *x <= 0.0 || *x > MAX_SIZE_CM) {
                                self.err(&s, format!("`{key}` sizes must all be more than 0 and at most {MAX_SIZE_CM} cm"));
                            } else {
                                *slot = flame_shape(&v);
                            }
                        }
                    }
                    None => self.err(&s, format!("`{key}` must be a list of three numbers, not {}", describe(item))),
                }
            }
        }
    }

    fn terrain(&mut self, t: &dyn TableLike, span: &Span, index: usize) -> Option<Terrain> {
        let what = format!("[[terrain]] number {}", index + 1);
        self.check_keys(t, &what, &TERRAIN_KEYS, span);
        let (kind_text, kind_span) = self.string(t, "kind", &what, true, span)?;
        let Some(kind) = TerrainKind::from_name(kind_text.trim()) else {
            // Words people use for the kinds, then typos.
            let synonym = match kind_text.trim().to_ascii_lowercase().as_str() {
                "forest" | "wood" | "jungle" => Some("woods"),
                "tree" | "orchard" => Some("trees"),
                "river" | "lake" | "water" | "sea" => Some("deep-water"),
                "house" | "ruin" | "ruins" => Some("building"),
                "wire" => Some("barbed-wire"),
                "mines" => Some("minefield"),
                "tank-trap" | "dragons-teeth" => Some("anti-tank-trap"),
                _ => None,
            };
            let hint = synonym
                .or_else(|| closest(&kind_text, TerrainKind::ALL.iter().map(|k| k.name())))
                .map(|k| format!(" (did you mean \"{k}\"?)"))
                .unwrap_or_default();
            let all: Vec<&str> = TerrainKind::ALL.iter().map(|k| k.name()).collect();
            self.err(
                &kind_span,
                format!("unknown terrain kind \"{kind_text}\"{hint}: the kinds are {}", valid_list(&all)),
            );
            return None;
        };
        let name = self
            .string(t, "name", &what, false, span)
            .map(|s| s.0)
            .unwrap_or_else(|| format!("{} {}", kind.name(), index + 1));
        let what = format!("{} `{name}`", kind.name());
        let area = match (t.get("polygon"), t.get("circle")) {
            (Some(p), None) => Area::Polygon(self.polygon(p, &format!("the polygon of {what}"), span)?),
            (None, Some(c)) => {
                let cs = TomlReader::span(c, span);
                if kind != TerrainKind::Smoke {
                    self.err(&cs, format!("only smoke is a circle; give {what} a `polygon = [[x, y], …]`"));
                    return None;
                }
                let v = self.numbers(c.as_value()?, 3, "`circle`", "[x, y, radius]", &cs)?;
                if v[2] <= 0.0 || v[2] > MAX_SIZE_CM {
                    self.err(
                        &cs,
                        format!("a smoke circle's radius must be more than 0 and at most {MAX_SIZE_CM} cm"),
                    );
                    return None;
                }
                let c = self.point(&Value::from(toml_edit::Array::from_iter([v[0], v[1]])), "the smoke's centre", &cs)?;
                Area::Circle { c, r: cm_to_units(v[2]) }
            }
            (Some(_), Some(c)) => {
                self.err(
                    &TomlReader::span(c, span),
                    format!("{what} has both `polygon` and `circle`: keep one"),
                );
                return None;
            }
            (None, None) => {
                self.err(
                    span,
                    format!(
                        "{what} needs `polygon = [[x, y], …]` (cm){}",
                        if kind == TerrainKind::Smoke {
                            " or `circle = [x, y, r]`"
                        } else {
                            ""
                        }
                    ),
                );
                return None;
            }
        };
        let mut piece = Terrain::new(name, kind, area);
        if let Some(item) = t.get("side") {
            if matches!(kind, TerrainKind::Bunker | TerrainKind::Strongpoint) {
                piece.side = self.side(t, &what, span);
            } else {
                self.err(
                    &TomlReader::span(item, span),
                    format!("{what} has a `side`, but only bunkers and strongpoints are fielded by a side (\"You may include bunkers in their force\"); remove it"),
                );
            }
        }
        if let Some(b) = self.bool(t, "blocks_los", &what, span) {
            piece.sight = match (b, kind.sight()) {
                (true, dust_geom::table::Sight::Area) => dust_geom::table::Sight::Area,
                (true, _) => dust_geom::table::Sight::Blocks,
                (false, _) => dust_geom::table::Sight::Clear,
            };
        }
        if let Some(c) = self.bool(t, "cover", &what, span) {
            piece.cover = c;
        }
        match self.facing(t, &what, span) {
            Some((f, fs)) => {
                if kind != TerrainKind::Bunker {
                    self.err(
                        &fs,
                        format!("only bunkers have a `facing` (their firing slit); remove it from {what}"),
                    );
                }
                piece.facing = Some(f);
            }
            None if kind == TerrainKind::Bunker && t.get("facing").is_none() => {
                self.err(
                    span,
                    format!("{what} needs `facing` (degrees, 0 = towards +y): the way its firing slit looks"),
                );
            }
            None => {}
        }
        let width = match self.number(t, "opening_width", &what, span) {
            Some((w, ws)) if w <= 0.0 || w > MAX_SIZE_CM => {
                self.err(&ws, format!("`opening_width` must be more than 0 and at most {MAX_SIZE_CM} cm"));
                6 * UNITS_PER_CM
            }
            Some((w, _)) => cm_to_units(w),
            None => 6 * UNITS_PER_CM,
        };
        for (key, window) in [("doorways", false), ("windows", true)] {
            let Some(item) = t.get(key) else { continue };
            let walled = matches!(kind.going(), Going::Walled | Going::Bunker);
            if !walled || (window && kind == TerrainKind::Bunker) {
                self.err(
                    &TomlReader::span(item, span),
                    format!(
                        "{what} has no walls to open: only buildings have `{key}`{}",
                        if window { "" } else { " (and bunkers, their rear doors)" }
                    ),
                );
                continue;
            }
            for (p, ps) in self.points(item, &format!("the {key} of {what}"), span).unwrap_or_default() {
                let near = piece
                    .walls
                    .iter()
                    .map(|w| dust_geom::exact::seg_point_dist2(p, w.a, w.b))
                    .min()
                    .is_some_and(|d| d.le_int(i128::from(UNITS_PER_CM) * i128::from(UNITS_PER_CM)));
                if !near {
                    self.err(
                        &ps,
                        format!("this opening of {what} is not on a wall: put it within 1 cm of the outline"),
                    );
                    continue;
                }
                piece.open(p, width, window);
            }
        }
        Some(piece)
    }

    /// A building's `floors` (upper floors, 0 to 20) and `floor_height` (cm, the provisional
    /// [`dust_geom::table::FLOOR_HEIGHT`] unless given): `None` when it has no upper floor.
    fn building_floors(&mut self, t: &dyn TableLike, piece: &Terrain, span: &Span) -> Option<(u8, Coord)> {
        let what = format!("{} `{}`", piece.kind.name(), piece.name);
        let height = match self.number(t, "floor_height", &what, span) {
            Some((h, hs)) if !(h > 0.0 && h <= 100.0) => {
                self.err(&hs, format!("`floor_height` of {what} must be more than 0 and at most 100 cm"));
                None
            }
            Some((h, _)) => Some(cm_to_units(h)),
            None => None,
        };
        let item = t.get("floors");
        if piece.kind != TerrainKind::Building {
            for key in ["floors", "floor_height"] {
                if let Some(i) = t.get(key) {
                    self.err(
                        &TomlReader::span(i, span),
                        format!("only buildings have `{key}`; remove it from {what}"),
                    );
                }
            }
            return None;
        }
        let item = item?;
        let fs = TomlReader::span(item, span);
        match item.as_integer() {
            Some(n @ 0..=20) => (n > 0).then(|| (n as u8, height.unwrap_or(dust_geom::table::FLOOR_HEIGHT))),
            _ => {
                self.err(
                    &fs,
                    format!(
                        "`floors` of {what} must be a whole number from 0 to 20 (the floors above the ground floor), not {}",
                        describe(item)
                    ),
                );
                None
            }
        }
    }

    /// A unit's `level`: one number for every miniature, or a list with one per miniature
    /// (0 is the ground floor). An upper level must be a floor of the building the miniature
    /// stands in, and only infantry climb.
    fn levels(&mut self, t: &dyn TableLike, u: &Unit, spans: &[Span], span: &Span, table: &Table) -> Vec<u8> {
        let n = u.minis.len();
        let Some(item) = t.get("level") else {
            return vec![0; n];
        };
        let ls = TomlReader::span(item, span);
        let what = format!("`level` of unit `{}`", u.card);
        let one = |v: &Value| v.as_integer().filter(|l| (0..=20).contains(l)).map(|l| l as u8);
        let levels: Option<Vec<u8>> = match item.as_value() {
            Some(v) if v.is_integer() => one(v).map(|l| vec![l; n]),
            Some(Value::Array(a)) if a.len() == n => a.iter().map(one).collect(),
            _ => None,
        };
        let Some(levels) = levels else {
            self.err(
                &ls,
                format!(
                    "{what} must be a whole number from 0 to 20, or a list of {n} of them (one per miniature), not {}",
                    describe(item)
                ),
            );
            return vec![0; n];
        };
        for (m, &level) in levels.iter().enumerate() {
            if level == 0 {
                continue;
            }
            let at = spans.get(m).unwrap_or(&ls);
            if !u.kind.is_infantry() {
                self.err(
                    &ls,
                    format!("{what}: only infantry stand on upper floors; a vehicle is on the ground (level 0)"),
                );
                return vec![0; n];
            }
            let c = u.minis[m].body.centre();
            match table.building_at(c) {
                Some(b) if table.floors_of(b).0 >= level => {}
                Some(b) => self.err(
                    at,
                    format!(
                        "this miniature of unit `{}` is on level {level}, but {} has {} floor(s) above the ground floor: give it `floors = {level}` or lower the level",
                        u.card,
                        table.terrain[b].name,
                        table.floors_of(b).0
                    ),
                ),
                None => self.err(
                    at,
                    format!("this miniature of unit `{}` is on level {level} but not in a building: only buildings have upper floors", u.card),
                ),
            }
        }
        levels
    }

    /// "Infantry must be able to enter a bunker or strongpoint, so it must be at least 10cm/4"
    /// from all table edges and impassable terrain, and 20cm/8" from other bunkers and
    /// strongpoints" (FORTIFICATIONS, Deploying Fortifications).
    fn fortifications(&mut self, table: &Table, spans: &[Span]) {
        let ten = i128::from(10 * UNITS_PER_CM);
        for (i, f) in table.terrain.iter().enumerate() {
            if !matches!(f.kind, TerrainKind::Bunker | TerrainKind::Strongpoint) {
                continue;
            }
            let Area::Polygon(fp) = &f.area else { continue };
            let (lo, hi) = f.bounds;
            if i128::from(lo.x) < ten
                || i128::from(lo.y) < ten
                || i128::from(table.width - hi.x) < ten
                || i128::from(table.depth - hi.y) < ten
            {
                self.err(
                    &spans[i],
                    format!(
                        "{} `{}` is less than 10 cm from a table edge: fortifications stand at least 10 cm from the edges",
                        f.kind.name(),
                        f.name
                    ),
                );
            }
            for (j, g) in table.terrain.iter().enumerate() {
                let Area::Polygon(gp) = &g.area else { continue };
                let need = match g.kind.going() {
                    Going::Impassable => ten,
                    Going::Bunker | Going::Strongpoint if j > i => 2 * ten,
                    _ => continue,
                };
                if !polygons_dist2(fp, gp).le_int(need * need - 1) {
                    continue;
                }
                self.err(
                    &spans[i],
                    format!(
                        "{} `{}` is less than {} cm from {} `{}`: fortifications stand at least 10 cm from impassable terrain and 20 cm from each other",
                        f.kind.name(),
                        f.name,
                        need / i128::from(UNITS_PER_CM),
                        g.kind.name(),
                        g.name
                    ),
                );
            }
        }
    }

    fn unit(&mut self, t: &dyn TableLike, span: &Span, cards: &[CardFile], sizes: &Sizes, table: &Table) -> Option<(Unit, Vec<Span>)> {
        self.check_keys(t, "a [[unit]]", &UNIT_KEYS, span);
        let (card_name, name_span) = self.string(t, "name", "a [[unit]]", true, span)?;
        let Some(cf) = cards.iter().find(|c| c.card.name.eq_ignore_ascii_case(card_name.trim())) else {
            let hint = closest(&card_name, cards.iter().map(|c| c.card.name.as_str()))
                .map(|n| format!(" (did you mean \"{n}\"?)"))
                .unwrap_or_default();
            self.err(
                &name_span,
                format!("no unit card is named \"{card_name}\"{hint}: `dust1947 cards list` shows the cards, or add your own card file"),
            );
            return None;
        };
        let what = format!("unit `{}`", cf.card.name);
        let side = self.side(t, &what, span);
        let (kind, size_index, size_key) = shape_of(cf);
        let facing = self.facing(t, &what, span);
        let needs_facing = kind != MiniKind::Infantry;
        if needs_facing && facing.is_none() && t.get("facing").is_none() {
            self.err(
                span,
                format!(
                    "{what} is a {} and needs `facing` (degrees, 0 = towards +y, clockwise)",
                    size_key.replace('-', " ")
                ),
            );
        }
        let facing = facing.map(|f| f.0).unwrap_or_default();
        let size = if kind.is_vehicle() {
            let dflt = sizes.hulls[size_index];
            let hull = match t.get("hull") {
                Some(item) => {
                    let hs = TomlReader::span(item, span);
                    let v = item
                        .as_value()
                        .and_then(|v| self.numbers(v, 2, "`hull`", "[9.0, 6.0] (length, width in cm)", &hs))?;
                    if v.iter().any(|x| *x <= 0.0 || *x > MAX_SIZE_CM) {
                        self.err(&hs, format!("`hull` sizes must be more than 0 and at most {MAX_SIZE_CM} cm"));
                        return None;
                    }
                    [v[0], v[1]]
                }
                None => dflt,
            };
            if let Some(b) = t.get("base_mm") {
                self.err(
                    &TomlReader::span(b, span),
                    format!("{what} is a vehicle or aircraft: give it `hull = [length, width]`, not `base_mm`"),
                );
            }
            (cm_to_units(hull[0]), cm_to_units(hull[1]))
        } else {
            if let Some(h) = t.get("hull") {
                self.err(
                    &TomlReader::span(h, span),
                    format!("{what} stands on round bases: give it `base_mm`, not `hull`"),
                );
            }
            let mm = match self.number(t, "base_mm", &what, span) {
                Some((mm, ms)) if mm <= 0.0 || mm > 500.0 => {
                    self.err(&ms, "`base_mm` must be a diameter between 1 and 500 mm");
                    return None;
                }
                Some((mm, _)) => mm,
                None => sizes.bases_mm[size_index],
            };
            let d = cm_to_units(mm / 10.0);
            (d, d)
        };
        let Some(at_item) = t.get("at") else {
            self.err(
                span,
                format!("{what} needs `at = [[x, y], …]`: one point per miniature (base centres, cm)"),
            );
            return None;
        };
        let at_span = TomlReader::span(at_item, span);
        let pts = self.points(at_item, &format!("`at` of {what}"), span)?;
        let want = miniatures_of(cf);
        if pts.len() != want {
            self.err(
                &at_span,
                format!(
                    "{what} has {want} miniature{} on its card, but `at` gives {} point{}: give one point per miniature",
                    if want == 1 { "" } else { "s" },
                    pts.len(),
                    if pts.len() == 1 { "" } else { "s" }
                ),
            );
            return None;
        }
        let minis: Vec<Mini> = pts
            .iter()
            .map(|(p, _)| Mini {
                body: if kind.is_vehicle() {
                    Body::hull(*p, size.0, size.1, facing)
                } else {
                    Body::disc(*p, size.0)
                },
            })
            .collect();
        for (m, (_, ps)) in minis.iter().zip(&pts) {
            if !table.holds_body(&m.body) {
                self.err(ps, format!("this miniature of {what} is not wholly on the table: move it in"));
            }
            if kind == MiniKind::Aircraft {
                continue;
            }
            for p in &table.terrain {
                let bad = match p.kind.going() {
                    Going::Impassable => true,
                    Going::VehicleBarrier | Going::Bunker | Going::Strongpoint | Going::Walled => kind.is_vehicle(),
                    _ => false,
                };
                let meets = match (&p.area, &m.body) {
                    (Area::Polygon(v), Body::Disc { c, r }) => dust_geom::exact::polygon_meets_disc(v, *c, *r - 1),
                    (Area::Polygon(v), Body::Hull { corners, .. }) => dust_geom::exact::convex_overlaps_polygon(corners, v),
                    (Area::Circle { .. }, _) => false,
                };
                if bad && meets {
                    self.err(
                        ps,
                        format!(
                            "this miniature of {what} stands on {} ({}), where it cannot be: move it off",
                            p.name,
                            p.kind.name()
                        ),
                    );
                }
            }
        }
        let count = table.units.iter().filter(|u| u.card.eq_ignore_ascii_case(&cf.card.name)).count();
        let name = if count == 0 {
            cf.card.name.clone()
        } else {
            format!("{} #{}", cf.card.name, count + 1)
        };
        Some((
            Unit {
                name,
                card: cf.card.name.clone(),
                side: side?,
                kind,
                facing,
                size,
                minis,
            },
            pts.into_iter().map(|p| p.1).collect(),
        ))
    }

    /// "A miniature cannot end its movement with its base on or overlapping another miniature's
    /// base": no two bases or hulls overlap where they are placed (aircraft fly over the rest).
    fn overlaps(&mut self, table: &Table, placed: &[(usize, Vec<Span>)]) {
        let all: Vec<(usize, usize, &Span)> = placed
            .iter()
            .flat_map(|(u, spans)| spans.iter().enumerate().map(move |(m, s)| (*u, m, s)))
            .collect();
        // Sweep along x: only bodies whose boxes reach each other are compared (a file of
        // thousands of miniatures stays fast). Reported at the later of the two in the file.
        let boxes: Vec<(Pt, Pt)> = all.iter().map(|&(u, m, _)| table.units[u].minis[m].body.bbox()).collect();
        let levels: Vec<u8> = all.iter().map(|&(u, m, _)| table.level(u, m)).collect();
        let mut order: Vec<usize> = (0..all.len()).collect();
        order.sort_by_key(|&i| (boxes[i].0.x, i));
        let mut pairs = Vec::new();
        for (k, &i) in order.iter().enumerate() {
            for &j in &order[k + 1..] {
                if boxes[j].0.x > boxes[i].1.x {
                    break;
                }
                if boxes[j].0.y <= boxes[i].1.y && boxes[i].0.y <= boxes[j].1.y {
                    pairs.push((i.max(j), i.min(j)));
                }
            }
        }
        pairs.sort_unstable();
        for (i, j) in pairs {
            let (u1, m1, s1) = all[i];
            let (u2, m2, _) = all[j];
            let (a, b) = (&table.units[u1], &table.units[u2]);
            if (a.kind == MiniKind::Aircraft) != (b.kind == MiniKind::Aircraft) || levels[i] != levels[j] {
                continue;
            }
            if bodies_overlap(&a.minis[m1].body, &b.minis[m2].body) {
                self.err(
                    s1,
                    format!(
                        "{} m{m1} overlaps {} m{m2}: bases may touch but not overlap; move one of them",
                        a.name, b.name
                    ),
                );
            }
        }
    }
}
