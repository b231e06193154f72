//! One writer for the JSON of a Dust Battlefield table and of the geometry oracles' answers
//! (`measure`, `los`, `path`), shared by the command line (`dust1947 battlefield … --json`)
//! and the server (`/api/battlefield/…`, the table page), so that the page shows exactly what
//! the oracles say.
//!
//! Coordinates are the table's: centimetres, `x` across, `y` from player A's edge
//! (docs/table-format.md). A drawing turns `y` so that player A is at the bottom.

use crate::card::CardFile;
use crate::diag::closest;
use crate::table_file::TableFile;
use dust_geom::angle::Facing;
use dust_geom::exact::{units_to_cm, Pt};
use dust_geom::measure::{incoherent, RANGE_UNIT};
use dust_geom::path::Checked;
use dust_geom::table::{Area, Body, MiniKind, Table, TerrainKind, ZoneKind};
use serde_json::{json, Value};

/// A point as `[x, y]` in centimetres.
pub fn cm2(p: Pt) -> Value {
    let (x, y) = p.to_cm();
    json!([x, y])
}

fn cm_points(v: &[Pt]) -> Value {
    Value::Array(v.iter().map(|&p| cm2(p)).collect())
}

/// The unit named `name` on the table `label` (a file name, a table's name), or a message
/// naming the closest one and listing them all.
///
/// # Errors
/// The message, when there is no such unit.
pub fn find_unit(t: &Table, label: &str, name: &str) -> Result<usize, String> {
    if let Some(i) = t.unit(name) {
        return Ok(i);
    }
    let names: Vec<&str> = t.units.iter().map(|u| u.name.as_str()).collect();
    let hint = closest(name, names.iter().copied())
        .map(|n| format!(" (did you mean `{n}`?)"))
        .unwrap_or_default();
    Err(format!(
        "no unit named `{name}` on the table `{label}`{hint}; its units are: {}",
        if names.is_empty() { "none".to_string() } else { names.join(", ") }
    ))
}

/// A miniature written `UNIT:I` (I counts from 0).
///
/// # Errors
/// A message saying how to name one.
pub fn find_mini(t: &Table, label: &str, text: &str) -> Result<(usize, usize), String> {
    let Some((name, i)) = text.rsplit_once(':') else {
        return Err(format!(
            "`{text}`: name a miniature as UNIT:I, e.g. `Hell Boys:0` (I counts from 0)"
        ));
    };
    let u = find_unit(t, label, name)?;
    let n = t.units[u].minis.len();
    match i.trim().parse::<usize>() {
        Ok(i) if i < n => Ok((u, i)),
        _ => Err(format!(
            "`{text}`: {} has miniatures 0 to {} ; give one of them after the colon",
            t.units[u].name,
            n - 1
        )),
    }
}

/// A point written `X,Y` in centimetres (`42.5,17`), or `None`.
pub fn parse_point(text: &str) -> Option<Pt> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if let [x, y] = parts[..] {
        if let (Ok(x), Ok(y)) = (x.parse::<f64>(), y.parse::<f64>()) {
            if x.is_finite() && y.is_finite() {
                return Some(Pt::cm(x, y));
            }
        }
    }
    None
}

/// `None` when the point is on the table, else why not (`what` names the point).
pub fn off_table(t: &Table, p: Pt, what: &str) -> Option<String> {
    (!t.holds(p)).then(|| {
        let (x, y) = p.to_cm();
        format!(
            "{what} ({x}, {y}) is off the table, which is {} × {} cm",
            units_to_cm(t.width),
            units_to_cm(t.depth)
        )
    })
}

/// `measure`'s answer for units `ua` and `ub`: `distance_cm`, `range`, `close`, `nearest`,
/// `units` (tactics-battlefield-summary.md: range measured base edge to base edge).
pub fn measure_json(t: &Table, ua: usize, ub: usize) -> Value {
    let m = dust_geom::measure::measure(t, ua, ub);
    json!({
        "distance_cm": m.distance_cm,
        "range": m.range,
        "close": m.close,
        "nearest": [m.nearest.0, m.nearest.1],
        "units": [t.units[ua].name, t.units[ub].name],
    })
}

/// `los`'s answer from unit `ua` to unit `ub`: `los`, `cover`, `cover_from`, `miniatures`
/// (every pair), `reason`.
pub fn los_json(t: &Table, ua: usize, ub: usize) -> Value {
    let s = dust_geom::los::unit_sight(t, ua, ub);
    let minis: Vec<Value> = s
        .pairs
        .iter()
        .map(|p| json!({"attacker": p.attacker, "target": p.target, "los": p.los, "cover": p.cover}))
        .collect();
    json!({
        "los": s.los,
        "cover": s.cover,
        "cover_from": s.cover_from,
        "miniatures": minis,
        "reason": s.reason,
    })
}

/// One drawn line of sight between two miniatures.
#[derive(Clone, Debug, PartialEq)]
pub struct SightLine {
    /// The attacking miniature.
    pub attacker: usize,
    /// The target miniature.
    pub target: usize,
    /// The first clear line found, or the centre-to-centre line when every line is blocked.
    pub from: Pt,
    /// Its other end.
    pub to: Pt,
    /// Whether the line is clear.
    pub clear: bool,
    /// Why the centre-to-centre line is blocked, when no line is clear.
    pub why: Option<String>,
}

/// For each pair of miniatures of `ua` and `ub`, the line that shows whether they see each
/// other (what `battlefield show --los` and the table page draw).
pub fn sight_lines(t: &Table, ua: usize, ub: usize) -> Vec<SightLine> {
    let mut out = Vec::new();
    for i in 0..t.units[ua].minis.len() {
        for j in 0..t.units[ub].minis.len() {
            out.push(match dust_geom::los::mini_sees(t, (ua, i), (ub, j)) {
                Ok((p, q)) => SightLine {
                    attacker: i,
                    target: j,
                    from: p,
                    to: q,
                    clear: true,
                    why: None,
                },
                Err(b) => SightLine {
                    attacker: i,
                    target: j,
                    from: t.units[ua].minis[i].body.centre(),
                    to: t.units[ub].minis[j].body.centre(),
                    clear: false,
                    why: Some(b.describe(t)),
                },
            });
        }
    }
    out
}

/// [`sight_lines`] as JSON: `[{attacker, target, from, to, clear, why}]`.
pub fn sight_lines_json(t: &Table, ua: usize, ub: usize) -> Value {
    Value::Array(
        sight_lines(t, ua, ub)
            .into_iter()
            .map(|l| json!({"attacker": l.attacker, "target": l.target, "from": cm2(l.from), "to": cm2(l.to), "clear": l.clear, "why": l.why}))
            .collect(),
    )
}

/// The dice a legal move calls for, in words (tactics-battlefield-summary.md, "Terrain",
/// "BARBED WIRE ENTANGLEMENTS", "MINEFIELDS"); rolling them is the rules flow's.
pub fn rolls(t: &Table, u: usize, c: &Checked) -> Vec<String> {
    let unit = &t.units[u];
    let mut out = Vec::new();
    if unit.kind == MiniKind::Vehicle {
        for &k in &c.terrain {
            out.push(format!(
                "{} moves into, through or out of {}: a tracked vehicle is stuck on a double symbol; a half-tracked or wheeled one moves on only on the army symbol",
                unit.name, t.terrain[k].name
            ));
        }
    }
    for &k in &c.hazards {
        let piece = &t.terrain[k];
        match piece.kind {
            TerrainKind::BarbedWire if unit.kind.is_infantry() => out.push(format!(
                "{} rolls a die for the barbed wire of {}: on the army symbol it moves on, else it stops",
                unit.name, piece.name
            )),
            TerrainKind::Minefield => out.push(format!(
                "the opposing player attacks {} as it crosses the minefield {}",
                unit.name, piece.name
            )),
            _ => {}
        }
    }
    out
}

/// A question to `path`: miniature `mini` of unit `unit` ending at `to`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PathQuery {
    /// The unit.
    pub unit: usize,
    /// Its miniature.
    pub mini: usize,
    /// Where its centre ends.
    pub to: Pt,
    /// The unit's Move rating (each point is 10 cm).
    pub moves: u32,
    /// A March Move: twice the Move, terrain capped at 40 cm instead of 20.
    pub march: bool,
    /// Vehicles and aircraft: the facing the hull ends at (default: its facing now).
    pub facing: Option<Facing>,
    /// The level it ends on in a building with upper floors (`None`: its level now if it stays
    /// in the same building, else the ground).
    pub level: Option<u8>,
}

/// `path`'s answer: `unit`, `miniature`, `to`, `from_level`, `level`, `legal`, `length_cm`, `allowance_cm`, `path`,
/// `terrain`, `hazards`, `rolls`, `coherent`, `coherency`, `reason` (with the text form's
/// words: `reason`, the rolls and the coherency note).
pub fn path_json(t: &Table, q: PathQuery) -> Value {
    let PathQuery {
        unit: u,
        mini: i,
        to: dest,
        moves,
        march,
        facing,
        level,
    } = q;
    let allowance = RANGE_UNIT * i64::from(moves) * if march { 2 } else { 1 };
    let ans = dust_geom::path::shortest_to_level(t, u, i, dest, level, allowance, march, facing);
    // Coherency of the squad once this miniature has moved (the others may move too).
    let moved = dust_geom::path::body_at(t, u, dest, facing);
    let bodies: Vec<&Body> = t.units[u]
        .minis
        .iter()
        .enumerate()
        .map(|(k, m)| if k == i { &moved } else { &m.body })
        .collect();
    let gap = if t.units[u].kind.is_infantry() { incoherent(&bodies) } else { None };
    let coherent = gap.is_none();
    let coherency = gap.map(|(a, b)| {
        let d = dust_geom::measure::body_gap(bodies[a], bodies[b]).cm();
        format!(
            "{} m{a} would be {d:.1} cm from m{b}: coherency is 15 cm (move the others too)",
            t.units[u].name
        )
    });
    let names = |v: &[usize]| v.iter().map(|&k| t.terrain[k].name.clone()).collect::<Vec<_>>();
    let (terrain, hazards) = ans
        .checked
        .as_ref()
        .map(|c| (names(&c.terrain), names(&c.hazards)))
        .unwrap_or_default();
    let rolls = ans.checked.as_ref().map(|c| rolls(t, u, c)).unwrap_or_default();
    json!({
        "unit": t.units[u].name,
        "miniature": i,
        "to": cm2(dest),
        "from_level": t.level(u, i),
        "level": level.unwrap_or_else(|| dust_geom::path::default_level(t, u, i, dest)),
        "legal": ans.legal,
        "length_cm": ans.length.map(|l| l / 100.0),
        "allowance_cm": units_to_cm(allowance),
        "path": cm_points(&ans.path),
        "terrain": terrain,
        "hazards": hazards,
        "rolls": rolls,
        "coherent": coherent,
        "coherency": coherency,
        "reason": ans.reason,
    })
}

/// A miniature kind as the JSON names it: `infantry`, `support-weapon`, `vehicle`, `aircraft`.
pub const fn mini_kind_name(k: MiniKind) -> &'static str {
    match k {
        MiniKind::Infantry => "infantry",
        MiniKind::SupportWeapon => "support-weapon",
        MiniKind::Vehicle => "vehicle",
        MiniKind::Aircraft => "aircraft",
    }
}

/// The whole table for a drawing (the table page): `name`, `size`, `description`, `source`,
/// `terrain` (kind, name, `polygon` or `circle`, walls with windows marked, facing, sight,
/// going and cover in words), `zones`, `objectives` with their capture radius, `units` (side,
/// kind, card, the card's Move from `cards`, facing, size, and each miniature's `centre` with
/// its base radius or hull corners) and `templates`.
pub fn table_json(tf: &TableFile, cards: &[CardFile]) -> Value {
    let t = &tf.table;
    let terrain: Vec<Value> = t
        .terrain
        .iter()
        .map(|p| {
            let mut v = json!({
                "name": p.name,
                "kind": p.kind.name(),
                "blocks_los": !matches!(p.sight, dust_geom::table::Sight::Clear),
                "area_los": matches!(p.sight, dust_geom::table::Sight::Area),
                "cover": p.cover,
                "going": format!("{:?}", p.kind.going()).to_lowercase(),
                "walls": p.walls.iter().map(|w| json!({"a": cm2(w.a), "b": cm2(w.b), "window": w.window})).collect::<Vec<_>>(),
                "facing": p.facing.map(|f| f.degrees()),
            });
            match &p.area {
                Area::Polygon(pts) => v["polygon"] = cm_points(pts),
                Area::Circle { c, r } => {
                    let (x, y) = c.to_cm();
                    v["circle"] = json!([x, y, units_to_cm(*r)]);
                }
            }
            v
        })
        .collect();
    let zones: Vec<Value> = t
        .zones
        .iter()
        .map(|z| {
            json!({
                "kind": if z.kind == ZoneKind::Deployment { "deployment" } else { "arrival" },
                "side": z.side.name(),
                "polygon": cm_points(&z.polygon),
            })
        })
        .collect();
    let objectives: Vec<Value> = t
        .objectives
        .iter()
        .map(|o| json!({"name": o.name, "at": cm2(o.at), "radius_cm": units_to_cm(RANGE_UNIT)}))
        .collect();
    let units: Vec<Value> = t
        .units
        .iter()
        .map(|u| {
            let card = cards.iter().find(|c| c.card.name.eq_ignore_ascii_case(&u.card));
            let minis: Vec<Value> = u
                .minis
                .iter()
                .map(|m| match &m.body {
                    Body::Disc { c, r } => json!({"centre": cm2(*c), "radius_cm": units_to_cm(*r)}),
                    Body::Hull { c, corners, .. } => json!({"centre": cm2(*c), "hull": cm_points(corners)}),
                })
                .collect();
            json!({
                "name": u.name,
                "card": u.card,
                "side": u.side.name(),
                "kind": mini_kind_name(u.kind),
                "move": card.map(|c| c.card.movement),
                "facing": u.facing.degrees(),
                "size_cm": [units_to_cm(u.size.0), units_to_cm(u.size.1)],
                "miniatures": minis,
            })
        })
        .collect();
    json!({
        "name": t.name,
        "size": [units_to_cm(t.width), units_to_cm(t.depth)],
        "description": tf.description,
        "source": tf.source,
        "terrain": terrain,
        "zones": zones,
        "objectives": objectives,
        "units": units,
        "templates": {
            "blast_radius_cm": units_to_cm(t.templates.blast_radius),
            "source": "provisional: data/battlefield/geometry.toml (not in the seed)",
        },
    })
}

/// A table file's own keys and values as JSON (what the table editor edits): `None` when the
/// text is not TOML. Dates, which no table file has, become strings.
pub fn file_json(text: &str) -> Option<Value> {
    let doc = crate::diag::parse_toml(text).ok()?;
    Some(table_value(doc.as_table()))
}

fn table_value(t: &toml_edit::Table) -> Value {
    Value::Object(t.iter().map(|(k, v)| (k.to_string(), item_value(v))).collect())
}

fn item_value(i: &toml_edit::Item) -> Value {
    match i {
        toml_edit::Item::None => Value::Null,
        toml_edit::Item::Value(v) => value_value(v),
        toml_edit::Item::Table(t) => table_value(t),
        toml_edit::Item::ArrayOfTables(a) => Value::Array(a.iter().map(table_value).collect()),
    }
}

fn value_value(v: &toml_edit::Value) -> Value {
    use toml_edit::Value as V;
    match v {
        V::String(s) => Value::String(s.value().clone()),
        V::Integer(i) => json!(*i.value()),
        V::Float(f) => json!(*f.value()),
        V::Boolean(b) => Value::Bool(*b.value()),
        V::Datetime(d) => Value::String(d.value().to_string()),
        V::Array(a) => Value::Array(a.iter().map(value_value).collect()),
        V::InlineTable(t) => Value::Object(t.iter().map(|(k, v)| (k.to_string(), value_value(v))).collect()),
    }
}
