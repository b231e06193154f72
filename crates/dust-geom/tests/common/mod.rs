//! A small builder of tables for the tests: centimetres in, units of 0.1 mm inside.
#![allow(dead_code)]

use dust_geom::angle::Facing;
use dust_geom::exact::{cm_to_units, Pt};
use dust_geom::table::{Area, Body, Mini, MiniKind, Side, Table, Terrain, TerrainKind, Unit};

/// A point in cm.
pub fn p(x: f64, y: f64) -> Pt {
    Pt::cm(x, y)
}

/// cm to units.
pub fn cm(x: f64) -> i64 {
    cm_to_units(x)
}

/// An empty 180 × 120 cm table.
pub fn table() -> Table {
    Table::new("test", cm(180.0), cm(120.0))
}

/// A rectangle `[x0, x1] × [y0, y1]` in cm.
pub fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Vec<Pt> {
    vec![p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)]
}

/// Adds a terrain piece; returns its index.
pub fn terrain(t: &mut Table, kind: TerrainKind, poly: Vec<Pt>) -> usize {
    let n = t.terrain.len();
    t.terrain
        .push(Terrain::new(format!("{} {n}", kind.name()), kind, Area::Polygon(poly)));
    n
}

/// Adds a smoke circle.
pub fn smoke(t: &mut Table, x: f64, y: f64, r: f64) -> usize {
    let n = t.terrain.len();
    t.terrain
        .push(Terrain::new("smoke", TerrainKind::Smoke, Area::Circle { c: p(x, y), r: cm(r) }));
    n
}

/// Adds an infantry unit on 25 mm bases at the points (cm); returns its index.
pub fn squad(t: &mut Table, name: &str, side: Side, at: &[(f64, f64)]) -> usize {
    let n = t.units.len();
    t.units.push(Unit {
        name: name.into(),
        card: name.into(),
        side,
        kind: MiniKind::Infantry,
        facing: Facing::deg(0),
        size: (cm(2.5), cm(2.5)),
        minis: at
            .iter()
            .map(|&(x, y)| Mini {
                body: Body::disc(p(x, y), cm(2.5)),
            })
            .collect(),
    });
    n
}

/// Adds a vehicle (or aircraft) with a `length × width` cm hull at (x, y) facing `deg`.
pub fn vehicle(t: &mut Table, name: &str, side: Side, kind: MiniKind, (x, y): (f64, f64), deg: i64, (length, width): (f64, f64)) -> usize {
    let n = t.units.len();
    let f = Facing::deg(deg);
    t.units.push(Unit {
        name: name.into(),
        card: name.into(),
        side,
        kind,
        facing: f,
        size: (cm(length), cm(width)),
        minis: vec![Mini {
            body: Body::hull(p(x, y), cm(length), cm(width), f),
        }],
    });
    n
}
