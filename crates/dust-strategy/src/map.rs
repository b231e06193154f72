//! The world map: land and sea areas, capitals, power sources and the links between areas
//! ("Components", "Game Board").
//!
//! The real board is not in the seed, so the shipped map (`data/strategy/world.toml`) is the
//! project's own design. It keeps every fact the rulebook states: land and sea areas; six
//! capitals in three adjacent pairs; sixteen power sources, some on land and some at sea;
//! links that wrap from the west edge of the board to the east edge; dotted links exactly
//! between land and sea areas. [`parse_map`] checks all of these and reports every problem.

use crate::diag::{describe, Diagnostics, Reporter};
use core::fmt;
use toml_edit::{Item, TableLike, Value};

/// The most areas a map may have (area sets are 128-bit masks).
pub const MAX_AREAS: usize = 128;
/// Capitals on the board ("Components": six of the land areas are capitals).
pub const CAPITALS: usize = 6;
/// Power sources on the board ("Components": sixteen areas, some on land and some at sea).
pub const POWER_SOURCES: usize = 16;

/// An area of the map: an index into [`WorldMap::areas`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AreaId(pub u8);

impl AreaId {
    /// As an index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Its bit in an area mask.
    pub const fn bit(self) -> u128 {
        1u128 << self.0
    }
}

impl fmt::Display for AreaId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The areas of a mask, in index order.
pub fn areas_of(mut mask: u128) -> impl Iterator<Item = AreaId> {
    core::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros();
        mask &= mask - 1;
        Some(AreaId(i as u8))
    })
}

/// Land or sea ("Every area is either a land area or sea area").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AreaKind {
    /// Holds land and air units.
    Land,
    /// Holds sea units.
    Sea,
}

/// One area.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// Its name, unique on the map.
    pub name: String,
    /// Land or sea.
    pub kind: AreaKind,
    /// A capital (land only).
    pub capital: bool,
    /// A power source area.
    pub power_source: bool,
}

/// A checked world map. Built only by [`parse_map`] (or [`WorldMap::builtin`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldMap {
    name: String,
    areas: Vec<Area>,
    adj: Vec<u128>,
    wrap: Vec<(AreaId, AreaId)>,
    pairs: Vec<(AreaId, AreaId)>,
    land: u128,
    sea: u128,
    capitals: u128,
    power: u128,
    coastal: u128,
}

/// The shipped world map.
pub const BUILTIN_MAP: &str = include_str!("../../../data/strategy/world.toml");

impl WorldMap {
    /// The shipped world map (`data/strategy/world.toml`).
    ///
    /// # Panics
    /// Never: the shipped file is checked by the tests.
    pub fn builtin() -> WorldMap {
        match parse_map(BUILTIN_MAP, "data/strategy/world.toml") {
            Ok(m) => m,
            Err(e) => panic!("the shipped map is invalid: {e}"),
        }
    }
    /// The map's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Every area.
    pub fn areas(&self) -> &[Area] {
        &self.areas
    }
    /// Number of areas.
    pub fn len(&self) -> usize {
        self.areas.len()
    }
    /// A map always has areas; here for symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        self.areas.is_empty()
    }
    /// One area.
    pub fn area(&self, a: AreaId) -> &Area {
        &self.areas[a.index()]
    }
    /// All area ids.
    pub fn ids(&self) -> impl Iterator<Item = AreaId> + '_ {
        (0..self.areas.len()).map(|i| AreaId(i as u8))
    }
    /// The area with a name (exact, or ignoring case).
    pub fn find(&self, name: &str) -> Option<AreaId> {
        let i = self
            .areas
            .iter()
            .position(|a| a.name == name)
            .or_else(|| self.areas.iter().position(|a| a.name.eq_ignore_ascii_case(name)))?;
        Some(AreaId(i as u8))
    }
    /// The areas adjacent to `a`, as a mask.
    pub fn adjacent(&self, a: AreaId) -> u128 {
        self.adj[a.index()]
    }
    /// Are two areas linked?
    pub fn is_adjacent(&self, a: AreaId, b: AreaId) -> bool {
        self.adj[a.index()] & b.bit() != 0
    }
    /// Is the link between two adjacent areas dotted (land to sea)?
    pub fn is_dotted(&self, a: AreaId, b: AreaId) -> bool {
        self.is_adjacent(a, b) && self.area(a).kind != self.area(b).kind
    }
    /// The links that wrap from the west edge of the board to the east edge.
    pub fn wrap_links(&self) -> &[(AreaId, AreaId)] {
        &self.wrap
    }
    /// The three pairs of adjacent capitals.
    pub fn capital_pairs(&self) -> &[(AreaId, AreaId)] {
        &self.pairs
    }
    /// The capital paired with `c`, if `c` is a capital.
    pub fn paired_capital(&self, c: AreaId) -> Option<AreaId> {
        self.pairs.iter().find_map(|&(a, b)| {
            if a == c {
                Some(b)
            } else if b == c {
                Some(a)
            } else {
                None
            }
        })
    }
    /// Index (0..3) of the pair a capital belongs to.
    pub fn pair_of(&self, c: AreaId) -> Option<usize> {
        self.pairs.iter().position(|&(a, b)| a == c || b == c)
    }
    /// Land areas, as a mask.
    pub fn land_mask(&self) -> u128 {
        self.land
    }
    /// Sea areas, as a mask.
    pub fn sea_mask(&self) -> u128 {
        self.sea
    }
    /// Capitals, as a mask.
    pub fn capital_mask(&self) -> u128 {
        self.capitals
    }
    /// Power sources, as a mask.
    pub fn power_mask(&self) -> u128 {
        self.power
    }
    /// Coastal land areas (adjacent to a sea area, "Amphibious Movement"), as a mask.
    pub fn coastal_mask(&self) -> u128 {
        self.coastal
    }
    /// Is the area land?
    pub fn is_land(&self, a: AreaId) -> bool {
        self.land & a.bit() != 0
    }
    /// Is the area a capital?
    pub fn is_capital(&self, a: AreaId) -> bool {
        self.capitals & a.bit() != 0
    }
    /// Is the area a power source?
    pub fn is_power_source(&self, a: AreaId) -> bool {
        self.power & a.bit() != 0
    }
    /// The areas reachable from `from` through areas of `through` (not counting `from`
    /// itself unless it is reached again), as a mask: breadth-first over the links.
    pub fn flood(&self, from: AreaId, through: u128) -> u128 {
        let mut seen = 0u128;
        let mut frontier = self.adj[from.index()] & through;
        while frontier != 0 {
            seen |= frontier;
            let mut next = 0u128;
            for a in areas_of(frontier) {
                next |= self.adj[a.index()];
            }
            frontier = next & through & !seen;
        }
        seen
    }
}

const TOP_KEYS: &[&str] = &["name", "description", "areas", "links", "wrap_links"];
const AREA_KEYS: &[&str] = &["name", "kind", "capital", "power_source"];

/// Reads and checks a map file. `file` is only used in the diagnostics.
///
/// # Errors
/// Every problem found, each as `FILE:LINE:COL: message`.
pub fn parse_map(text: &str, file: &str) -> Result<WorldMap, Diagnostics> {
    let mut r = Reporter::new(file, text);
    let doc = match toml_edit::Document::parse(text) {
        Ok(d) => d,
        Err(e) => {
            let span = e.span().unwrap_or(0..0);
            r.err(&span, format!("this is not valid TOML: {}", e.message().trim().replace('\n', " ")));
            r.finish()?;
            return unreachable_err(file);
        }
    };
    let root = doc.as_table();
    let whole = 0..0;
    for (k, item) in root.iter() {
        if !TOP_KEYS.contains(&k) {
            let span = root.key(k).and_then(|k| k.span()).or_else(|| item.span()).unwrap_or(0..0);
            r.err(&span, format!("unknown key `{k}`; a map has {}", TOP_KEYS.join(", ")));
        }
    }
    let name = match root.get("name") {
        Some(Item::Value(Value::String(s))) => s.value().clone(),
        Some(i) => {
            r.err(&i.span().unwrap_or(0..0), format!("`name` must be a string, not {}", describe(i)));
            String::new()
        }
        None => {
            r.err(&whole, "the map has no `name`");
            String::new()
        }
    };
    // Areas.
    let mut areas: Vec<Area> = Vec::new();
    let mut area_spans = Vec::new();
    match root.get("areas") {
        Some(Item::Value(Value::Array(arr))) => {
            for v in arr.iter() {
                let span = v.span().unwrap_or(0..0);
                let Some(t) = v.as_inline_table() else {
                    r.err(&span, "each area is an inline table such as { name = \"Alaska\", kind = \"land\" }");
                    continue;
                };
                if let Some(a) = read_area(&mut r, t, &span) {
                    if areas.iter().any(|o| o.name == a.name) {
                        r.err(&span, format!("two areas are named `{}`", a.name));
                    }
                    areas.push(a);
                    area_spans.push(span);
                }
            }
        }
        Some(Item::ArrayOfTables(arr)) => {
            for t in arr.iter() {
                let span = t.span().unwrap_or(0..0);
                if let Some(a) = read_area(&mut r, t, &span) {
                    if areas.iter().any(|o| o.name == a.name) {
                        r.err(&span, format!("two areas are named `{}`", a.name));
                    }
                    areas.push(a);
                    area_spans.push(span);
                }
            }
        }
        Some(i) => r.err(
            &i.span().unwrap_or(0..0),
            format!("`areas` must be an array of areas, not {}", describe(i)),
        ),
        None => r.err(&whole, "the map has no `areas`"),
    }
    if areas.len() > MAX_AREAS {
        r.err(
            &area_spans[MAX_AREAS],
            format!("a map has at most {MAX_AREAS} areas; this one has {}", areas.len()),
        );
        areas.truncate(MAX_AREAS);
    }
    let n = areas.len();
    let mut adj = vec![0u128; n];
    let mut wrap = Vec::new();
    for (key, is_wrap) in [("links", false), ("wrap_links", true)] {
        match root.get(key) {
            Some(Item::Value(Value::Array(arr))) => {
                for v in arr.iter() {
                    let span = v.span().unwrap_or(0..0);
                    let Some(s) = v.as_str() else {
                        r.err(&span, format!("a link is a string such as \"Alaska -- Canada\" (solid) or \"Alaska .. Bering Sea\" (dotted), not {}", describe(&Item::Value(v.clone()))));
                        continue;
                    };
                    let (sep, dotted) = if s.contains("--") { ("--", false) } else if s.contains("..") { ("..", true) } else {
                        r.err(&span, format!("`{s}`: write a link as \"A -- B\" (solid, land-land or sea-sea) or \"A .. B\" (dotted, land-sea)"));
                        continue;
                    };
                    let mut parts = s.splitn(2, sep).map(str::trim);
                    let (a, b) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
                    let ia = areas.iter().position(|x| x.name == a);
                    let ib = areas.iter().position(|x| x.name == b);
                    for (nm, i) in [(a, ia), (b, ib)] {
                        if i.is_none() {
                            let hint = areas.iter().find(|x| x.name.eq_ignore_ascii_case(nm)).map(|x| format!(" (did you mean `{}`?)", x.name)).unwrap_or_default();
                            r.err(&span, format!("`{nm}` is not an area of this map{hint}"));
                        }
                    }
                    let (Some(ia), Some(ib)) = (ia, ib) else { continue };
                    if ia == ib {
                        r.err(&span, format!("`{s}` links an area to itself"));
                        continue;
                    }
                    if adj[ia] & (1u128 << ib) != 0 {
                        r.err(&span, format!("the link between `{a}` and `{b}` is listed twice"));
                        continue;
                    }
                    let mixed = areas[ia].kind != areas[ib].kind;
                    if mixed && !dotted {
                        r.err(&span, format!("`{s}` links land and sea, so it is dotted: write \"{a} .. {b}\" (\"Game Board\": lines that connect a land area to a sea area are dotted)"));
                    } else if !mixed && dotted {
                        r.err(&span, format!("`{s}` links two {} areas, so it is solid: write \"{a} -- {b}\" (only land-sea lines are dotted)", if areas[ia].kind == AreaKind::Land { "land" } else { "sea" }));
                    }
                    adj[ia] |= 1u128 << ib;
                    adj[ib] |= 1u128 << ia;
                    if is_wrap {
                        wrap.push((AreaId(ia as u8), AreaId(ib as u8)));
                    }
                }
            }
            Some(i) => r.err(&i.span().unwrap_or(0..0), format!("`{key}` must be an array of strings, not {}", describe(i))),
            None if is_wrap => r.err(&whole, "the map has no `wrap_links`: the board has lines joining areas near its west edge with areas near its east edge (\"Game Board\")"),
            None => r.err(&whole, "the map has no `links`"),
        }
    }
    if root.get("wrap_links").is_some() && wrap.is_empty() && r.diags.is_empty() {
        let span = root.get("wrap_links").and_then(Item::span).unwrap_or(0..0);
        r.err(
            &span,
            "at least one link must wrap from the west edge to the east edge (\"Game Board\")",
        );
    }
    let mut land = 0u128;
    let mut sea = 0u128;
    let mut capitals = 0u128;
    let mut power = 0u128;
    for (i, a) in areas.iter().enumerate() {
        match a.kind {
            AreaKind::Land => land |= 1 << i,
            AreaKind::Sea => sea |= 1 << i,
        }
        if a.capital {
            capitals |= 1 << i;
        }
        if a.power_source {
            power |= 1 << i;
        }
        if adj[i] == 0 && !area_spans.is_empty() {
            r.err(&area_spans[i], format!("`{}` has no links", a.name));
        }
    }
    let has_areas = !areas.is_empty();
    if has_areas {
        let fs = area_spans.first().cloned().unwrap_or(0..0);
        if land == 0 || sea == 0 {
            r.err(&fs, "a map needs both land and sea areas");
        }
        if capitals.count_ones() as usize != CAPITALS {
            r.err(
                &fs,
                format!(
                    "the map has {} capitals; the board has exactly {CAPITALS} (\"Components\")",
                    capitals.count_ones()
                ),
            );
        }
        if power.count_ones() as usize != POWER_SOURCES {
            r.err(
                &fs,
                format!(
                    "the map has {} power sources; the board has exactly {POWER_SOURCES} (\"Components\": sixteen power source tokens)",
                    power.count_ones()
                ),
            );
        }
        if power & land == 0 || power & sea == 0 {
            r.err(
                &fs,
                "power sources must be both on land and at sea (\"Components\": some on land and some in the sea)",
            );
        }
    }
    // Capital pairs: each capital adjacent to exactly one other capital.
    let mut pairs = Vec::new();
    for c in areas_of(capitals) {
        let mates = adj[c.index()] & capitals;
        if mates.count_ones() != 1 {
            r.err(&area_spans[c.index()], format!("capital `{}` is adjacent to {} other capitals; each capital is paired with exactly one adjacent capital (\"Capitals\")", areas[c.index()].name, mates.count_ones()));
        } else {
            let m = AreaId(mates.trailing_zeros() as u8);
            if c < m {
                pairs.push((c, m));
            }
        }
    }
    // Connectivity.
    if n > 0 && adj.iter().all(|&x| x != 0) {
        let all = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
        let mut seen = 1u128;
        let mut frontier = 1u128;
        while frontier != 0 {
            let mut next = 0;
            for a in areas_of(frontier) {
                next |= adj[a.index()];
            }
            frontier = next & !seen;
            seen |= next;
        }
        if seen & all != all {
            let lost = AreaId((all & !seen).trailing_zeros() as u8);
            r.err(
                &area_spans[lost.index()],
                format!(
                    "`{}` cannot be reached from `{}`: the board is one connected map",
                    areas[lost.index()].name,
                    areas[0].name
                ),
            );
        }
    }
    r.finish()?;
    let coastal = areas_of(land).filter(|a| adj[a.index()] & sea != 0).fold(0, |m, a| m | a.bit());
    Ok(WorldMap {
        name,
        areas,
        adj,
        wrap,
        pairs,
        land,
        sea,
        capitals,
        power,
        coastal,
    })
}

fn unreachable_err(file: &str) -> Result<WorldMap, Diagnostics> {
    Err(Diagnostics(vec![crate::diag::Diagnostic {
        file: file.to_string(),
        line: 1,
        col: 1,
        message: "the file could not be read".into(),
    }]))
}

fn read_area(r: &mut Reporter<'_>, t: &dyn TableLike, span: &core::ops::Range<usize>) -> Option<Area> {
    for (k, _) in t.iter() {
        if !AREA_KEYS.contains(&k) {
            let ks = t.key(k).and_then(|k| k.span()).unwrap_or_else(|| span.clone());
            r.err(&ks, format!("unknown area key `{k}`; an area has {}", AREA_KEYS.join(", ")));
        }
    }
    let vspan = |k: &str| t.get(k).and_then(|i| i.span()).unwrap_or_else(|| span.clone());
    let name = match t.get("name").and_then(Item::as_str) {
        Some(s) if !s.trim().is_empty() && !s.contains("--") && !s.contains("..") => Some(s.trim().to_string()),
        Some(_) => {
            r.err(&vspan("name"), "an area name must be non-empty and may not contain `--` or `..`");
            None
        }
        None => {
            r.err(span, "the area has no `name` string");
            None
        }
    };
    let kind = match t.get("kind").and_then(Item::as_str) {
        Some("land") => Some(AreaKind::Land),
        Some("sea") => Some(AreaKind::Sea),
        _ => {
            r.err(&vspan("kind"), "`kind` must be \"land\" or \"sea\"");
            None
        }
    };
    let mut flag = |k: &str| match t.get(k) {
        None => false,
        Some(i) => match i.as_bool() {
            Some(b) => b,
            None => {
                r.err(&vspan(k), format!("`{k}` must be true or false, not {}", describe(i)));
                false
            }
        },
    };
    let capital = flag("capital");
    let power_source = flag("power_source");
    if capital && kind == Some(AreaKind::Sea) {
        r.err(
            &vspan("capital"),
            "a capital is a land area (\"Components\": six of the land areas are capitals)",
        );
    }
    Some(Area {
        name: name?,
        kind: kind?,
        capital,
        power_source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_map_keeps_the_components_facts() {
        // "Components", "Game Board".
        let m = WorldMap::builtin();
        assert_eq!(m.capital_mask().count_ones(), 6);
        assert_eq!(m.capital_pairs().len(), 3);
        for &(a, b) in m.capital_pairs() {
            assert!(m.is_adjacent(a, b));
            assert!(m.is_land(a) && m.is_land(b));
        }
        assert_eq!(m.power_mask().count_ones(), 16);
        assert!(m.power_mask() & m.land_mask() != 0);
        assert!(m.power_mask() & m.sea_mask() != 0);
        assert!(!m.wrap_links().is_empty());
        let dotted = m
            .ids()
            .flat_map(|a| areas_of(m.adjacent(a)).map(move |b| (a, b)))
            .filter(|&(a, b)| m.is_dotted(a, b))
            .count();
        assert!(dotted > 0);
    }

    #[test]
    fn every_problem_is_reported_with_its_place() {
        let text = "name = \"t\"\nareas = [\n { name = \"A\", kind = \"land\" },\n { name = \"B\", kind = \"sky\" },\n { name = \"S\", kind = \"sea\", capital = true },\n]\nlinks = [\"A -- S\", \"A .. Q\"]\nwrap_links = []\n";
        let e = parse_map(text, "t.toml").unwrap_err();
        let s = e.to_string();
        assert!(s.contains("t.toml:4:"), "{s}");
        assert!(s.contains("`kind` must be"), "{s}");
        assert!(s.contains("t.toml:5:"), "{s}");
        assert!(s.contains("dotted"), "{s}");
        assert!(s.contains("`Q` is not an area"), "{s}");
        assert!(e.0.len() >= 4, "{s}");
    }

    #[test]
    fn bad_toml_is_a_diagnostic() {
        let e = parse_map("name = \n", "x.toml").unwrap_err();
        assert!(e.to_string().starts_with("x.toml:"), "{e}");
    }
}
