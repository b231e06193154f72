//! Map files (TOML): the board, its structures and cover elements, pieces for queries, entry
//! squares, the cover zone and objectives. The format is documented in `docs/map-format.md`.
//!
//! [`parse_map`] reports every problem of a file at once, each as `FILE:LINE:COL: message`
//! pointing at the offending value, and never panics.

use crate::diag::{describe, parse_toml, toml_string};
use crate::diag::{Diagnostic, TomlReader};
use core::ops::Range;
use dust_core::{
    Board, BoardSetup, BySide, CoverElement, Dir, EntranceSetup, EntranceSize, InnerWallSetup, Occupancy, PieceKind, SetupPart, Side,
    Square, StructureSetup, Terrain, MAX_HEIGHT, MAX_WIDTH,
};
use std::fmt::Write as _;
use toml_edit::{Item, TableLike};

type Span = Range<usize>;

/// A unit standing on the board for queries (line of sight, reach) and scenario set-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its space.
    pub at: Square,
    /// Squad, hero or vehicle.
    pub kind: PieceKind,
    /// Its side.
    pub side: Side,
    /// An optional name, for messages.
    pub name: Option<String>,
}

/// A scenario objective on a space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// Its space.
    pub at: Square,
    /// Its name.
    pub name: String,
    /// Victory points, if the scenario counts them.
    pub points: Option<u32>,
    /// Holding it at the end of a round fulfils the scenario objective: the game ends and the
    /// holder wins ("End of the Game").
    pub wins: bool,
    /// With `wins`: holding it wins only from the end of this round on (`wins_from`; the
    /// project's own hills, issue 21: not a rule of either book). 0 when not given: from the
    /// first round.
    pub wins_from: u8,
}

/// A checked map file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapFile {
    /// The map's name.
    pub name: String,
    /// A longer description, if any.
    pub description: Option<String>,
    /// The checked board: terrain, cover elements, structures.
    pub board: Board,
    /// Pieces on the board, in file order.
    pub pieces: Vec<Piece>,
    /// Entry squares of each side.
    pub entry: BySide<Vec<Square>>,
    /// The cover zone (where cover elements may be placed during set-up).
    pub cover_zone: Vec<Square>,
    /// Objectives.
    pub objectives: Vec<Objective>,
}

impl MapFile {
    /// All pieces of the file in an [`Occupancy`] of the board.
    pub fn occupancy(&self) -> Occupancy {
        let mut occ = Occupancy::new(&self.board);
        for p in &self.pieces {
            occ.place(p.at, p.kind, p.side);
        }
        occ
    }

    /// The pieces standing on `s`, in file order.
    pub fn pieces_at(&self, s: Square) -> impl Iterator<Item = &Piece> + '_ {
        self.pieces.iter().filter(move |p| p.at == s)
    }

    /// The piece that acts from `s`: a squad or vehicle if one stands there, else the first hero.
    pub fn main_piece_at(&self, s: Square) -> Option<&Piece> {
        self.pieces_at(s)
            .find(|p| p.kind != PieceKind::Hero)
            .or_else(|| self.pieces_at(s).next())
    }

    /// The board's grid as the map file writes it: top row first, one character per space.
    pub fn grid_text(&self) -> String {
        let b = &self.board;
        let mut out = String::new();
        for r in (0..b.height()).rev() {
            for c in 0..b.width() {
                out.push(grid_char(b, Square::new(c, r)));
            }
            out.push('\n');
        }
        out
    }

    /// The map as a TOML file that [`parse_map`] reads back to the same `MapFile`.
    pub fn to_toml(&self) -> String {
        let mut o = String::new();
        let q = |s: &str| toml_string(s);
        let list = |v: &[Square]| v.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ");
        let _ = writeln!(o, "name = {}", q(&self.name));
        if let Some(d) = &self.description {
            let _ = writeln!(o, "description = {}", q(d));
        }
        let _ = writeln!(o, "grid = '''\n{}'''", self.grid_text());
        let b = &self.board;
        for s in b.squares() {
            if let Some(el) = b.cover(s) {
                if b.terrain(s) != Terrain::Open {
                    let _ = writeln!(o, "\n[[cover]]\nat = \"{s}\"\nelement = \"{}\"", element_key(el));
                }
            }
        }
        for st in b.structures() {
            let _ = writeln!(o, "\n[[structure]]\nname = {}\ninterior = [{}]", q(&st.name), list(&st.interior));
            let ents: Vec<String> = st
                .entrances
                .iter()
                .map(|e| {
                    format!(
                        "{{ at = \"{}\", side = \"{}\", size = \"{}\" }}",
                        e.at,
                        e.side.name(),
                        size_name(e.size)
                    )
                })
                .collect();
            let _ = writeln!(o, "entrances = [{}]", ents.join(", "));
            let walls: Vec<String> = st
                .inner_walls
                .iter()
                .map(|w| {
                    let door = w.entrance.map(|s| format!(", entrance = \"{}\"", size_name(s))).unwrap_or_default();
                    format!("{{ between = [\"{}\", \"{}\"]{door} }}", w.between.0, w.between.1)
                })
                .collect();
            let _ = writeln!(o, "inner_walls = [{}]", walls.join(", "));
        }
        for p in &self.pieces {
            let _ = write!(
                o,
                "\n[[piece]]\nat = \"{}\"\nkind = \"{}\"\nside = \"{}\"\n",
                p.at,
                p.kind.name(),
                side_name(p.side)
            );
            if let Some(n) = &p.name {
                let _ = writeln!(o, "name = {}", q(n));
            }
        }
        if !self.entry.a.is_empty() || !self.entry.b.is_empty() {
            let _ = writeln!(o, "\n[entry]\na = [{}]\nb = [{}]", list(&self.entry.a), list(&self.entry.b));
        }
        for ob in &self.objectives {
            let _ = write!(o, "\n[[objective]]\nat = \"{}\"\nname = {}\n", ob.at, q(&ob.name));
            if let Some(p) = ob.points {
                let _ = writeln!(o, "points = {p}");
            }
            if ob.wins {
                let _ = writeln!(o, "wins = true");
            }
            if ob.wins_from > 0 {
                let _ = writeln!(o, "wins_from = {}", ob.wins_from);
            }
        }
        if !self.cover_zone.is_empty() {
            // A top-level key after tables would belong to the last table: open a fresh root.
            let mut head = format!("cover_zone = [{}]\n", list(&self.cover_zone));
            head.push_str(&o);
            o = head;
        }
        o
    }
}

/// The grid character of a space (terrain, or `a`/`t` for a cover element on open ground).
pub fn grid_char(b: &Board, s: Square) -> char {
    match (b.terrain(s), b.cover(s)) {
        (Terrain::Open, Some(CoverElement::AmmoCrate)) => 'a',
        (Terrain::Open, Some(CoverElement::AntiTankTrap)) => 't',
        (t, _) => t.symbol(),
    }
}

const fn size_name(s: EntranceSize) -> &'static str {
    match s {
        EntranceSize::Small => "small",
        EntranceSize::Large => "large",
    }
}

const fn side_name(s: Side) -> &'static str {
    match s {
        Side::A => "a",
        Side::B => "b",
    }
}

const fn element_key(e: CoverElement) -> &'static str {
    match e {
        CoverElement::AmmoCrate => "ammo_crate",
        CoverElement::AntiTankTrap => "anti_tank_trap",
    }
}

const GRID_HELP: &str =
    "use . (open), ~ (deep water), x (rubble), ^ (trees), w (swamp), s (smoke), # (no dot), a (ammo crate), t (anti-tank trap)";
const TOP_KEYS: &[&str] = &[
    "name",
    "description",
    "grid",
    "structure",
    "piece",
    "entry",
    "cover_zone",
    "objective",
    "cover",
];
const STRUCTURE_KEYS: &[&str] = &["name", "interior", "entrances", "inner_walls"];
const ENTRANCE_KEYS: &[&str] = &["at", "side", "size"];
const WALL_KEYS: &[&str] = &["between", "entrance"];
const PIECE_KEYS: &[&str] = &["at", "kind", "side", "name"];
const ENTRY_KEYS: &[&str] = &["a", "b"];
const OBJECTIVE_KEYS: &[&str] = &["at", "name", "points", "wins", "wins_from"];
const COVER_KEYS: &[&str] = &["at", "element"];

/// Reads a map file. `file_name` is only used in the diagnostics.
///
/// # Errors
/// Every problem found, in file order, each pointing at the line and column of the value it
/// is about.
pub fn parse_map(text: &str, file_name: &str) -> Result<MapFile, Vec<Diagnostic>> {
    parse_map_counting(text, file_name).0
}

/// [`parse_map`], and how many spaces its rectangles were expanded to (the work the lists of
/// spaces cost).
fn parse_map_counting(text: &str, file_name: &str) -> (Result<MapFile, Vec<Diagnostic>>, usize) {
    let mut cx = Ctx {
        rd: TomlReader::new(text, file_name),
        src: text,
        size: None,
        expanded: 0,
    };
    let doc = match parse_toml(text) {
        Ok(d) => d,
        Err((span, msg)) => {
            cx.err(&span, msg);
            return (Err(cx.rd.diags), 0);
        }
    };
    let map = cx.map(doc.as_table());
    let expanded = cx.expanded;
    let mut diags = cx.rd.diags;
    if diags.is_empty() {
        if let Some(m) = map {
            return (Ok(m), expanded);
        }
        // Should not happen: every failure path records a diagnostic.
        diags.push(Diagnostic {
            file: file_name.to_string(),
            line: 1,
            col: 1,
            message: "the map could not be read".to_string(),
        });
    }
    diags.sort_by_key(|d| (d.line, d.col));
    diags.dedup();
    (Err(diags), expanded)
}

struct Ctx<'a> {
    /// The file, its positions and its problems.
    rd: TomlReader<'a>,
    src: &'a str,
    /// Width and height, once the grid is known.
    size: Option<(u8, u8)>,
    /// Spaces expanded from rectangles so far (bounded by [`MAX_AREA_SPACES`]).
    expanded: usize,
}

/// The most spaces a map's rectangles may expand to, in all its lists (the largest shipped
/// board has 16 × 24 = 384 spaces; each list holds each space once).
pub const MAX_AREA_SPACES: usize = 1 << 16;

/// Everything read from the grid.
struct Grid {
    width: u8,
    height: u8,
    terrain: Vec<Terrain>,
    /// Source span of each space's character, row-major from A1.
    cells: Vec<Span>,
    /// Cover elements from `a` and `t`.
    cover: Vec<(Square, CoverElement, Span)>,
    span: Span,
}

struct StructureSpans {
    whole: Span,
    interior: Vec<Span>,
    entrances: Vec<Span>,
    walls: Vec<Span>,
    /// Problems with `interior` were already reported (no need to add "no interior spaces").
    interior_reported: bool,
}

fn read_side(s: &str) -> Option<Side> {
    match s.trim().to_ascii_lowercase().as_str() {
        "a" | "allies" => Some(Side::A),
        "b" | "axis" => Some(Side::B),
        _ => None,
    }
}

fn read_size(s: &str) -> Option<EntranceSize> {
    match s.trim().to_ascii_lowercase().as_str() {
        "small" => Some(EntranceSize::Small),
        "large" => Some(EntranceSize::Large),
        _ => None,
    }
}

fn read_element(s: &str) -> Option<CoverElement> {
    match s.trim().to_ascii_lowercase().replace(['-', ' '], "_").as_str() {
        "ammo_crate" | "crate" => Some(CoverElement::AmmoCrate),
        "anti_tank_trap" | "trap" => Some(CoverElement::AntiTankTrap),
        _ => None,
    }
}

crate::diag::reads_through!(Ctx);

impl<'a> Ctx<'a> {
    fn size_text(&self) -> String {
        match self.size {
            Some((w, h)) => format!("{w} columns (A-{}) by {h} rows (1-{h})", char::from(b'A' + w - 1)),
            None => "unknown".to_string(),
        }
    }

    /// One space name like `C4`, checked against the board size when it is known.
    fn square(&mut self, text: &str, span: &Span, what: &str) -> Option<Square> {
        let sq = match text.parse::<Square>() {
            Ok(s) => s,
            Err(e) => {
                self.err(span, format!("{what}: {e}"));
                return None;
            }
        };
        if let Some((w, h)) = self.size {
            if sq.col() >= w || sq.row() >= h {
                let board = self.size_text();
                self.err(span, format!("{what}: {sq} is off the board, which is {board}"));
                return None;
            }
        }
        Some(sq)
    }

    /// A single space under `key`.
    fn square_key(&mut self, t: &dyn TableLike, key: &str, what: &str, fallback: &Span) -> Option<(Square, Span)> {
        let (text, span) = self.string(t, key, what, true, fallback)?;
        let sq = self.square(&text, &span, &format!("`{key}` of {what}"))?;
        Some((sq, span))
    }

    /// The corners of a space or a rectangle `B2:D4` (corners in any order), lowest first.
    fn corners(&mut self, text: &str, span: &Span, what: &str) -> Option<(Square, Square)> {
        let Some((a, b)) = text.split_once(':') else {
            return self.square(text, span, what).map(|s| (s, s));
        };
        let (a, b) = (self.square(a, span, what)?, self.square(b, span, what)?);
        Some((
            Square::new(a.col().min(b.col()), a.row().min(b.row())),
            Square::new(a.col().max(b.col()), a.row().max(b.row())),
        ))
    }

    /// A list of spaces and rectangles (or one string) under `key`: every space once, in the
    /// order first listed. Each rectangle is expanded once (a repeated one is skipped) into a
    /// set, and the spaces expanded in all are bounded ([`MAX_AREA_SPACES`]), so a list costs
    /// time linear in its length however its rectangles repeat or overlap (issue 16, item 2).
    fn areas(&mut self, item: &Item, key: &str, what: &str, fallback: &Span) -> Vec<(Square, Span)> {
        let span = TomlReader::span(item, fallback);
        let listed: Vec<(String, Span)> = if let Some(s) = item.as_str() {
            vec![(s.to_string(), span.clone())]
        } else if let Some(arr) = item.as_array() {
            let mut v = Vec::with_capacity(arr.len());
            let about = format!("`{key}` of {what}");
            for x in arr.iter() {
                let vs = x.span().unwrap_or_else(|| span.clone());
                match x.as_str() {
                    Some(s) => v.push((s.to_string(), vs)),
                    None => self.err(
                        &vs,
                        format!(
                            "{about} lists spaces as strings like \"C4\", not {}",
                            describe(&Item::Value(x.clone()))
                        ),
                    ),
                }
            }
            v
        } else {
            self.err(
                &span,
                format!(
                    "`{key}` of {what} must be a list of spaces like [\"B2\", \"C2\"] or rectangles like \"B2:D4\", not {}",
                    describe(item)
                ),
            );
            return Vec::new();
        };
        let about = if item.is_str() {
            what.to_string()
        } else {
            format!("`{key}` of {what}")
        };
        let mut rects = std::collections::HashSet::new();
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        for (text, vs) in &listed {
            let Some((lo, hi)) = self.corners(text, vs, &about) else { continue };
            if !rects.insert((lo, hi)) {
                continue;
            }
            let n = (usize::from(hi.col() - lo.col()) + 1) * (usize::from(hi.row() - lo.row()) + 1);
            if self.expanded + n > MAX_AREA_SPACES {
                self.err(
                    vs,
                    format!("{about}: the rectangles cover more than {MAX_AREA_SPACES} spaces in all: list each space or rectangle once"),
                );
                break;
            }
            self.expanded += n;
            for r in lo.row()..=hi.row() {
                for c in lo.col()..=hi.col() {
                    let sq = Square::new(c, r);
                    if seen.insert(sq) {
                        out.push((sq, vs.clone()));
                    }
                }
            }
        }
        out
    }

    /// The tables of an array of tables (`[[key]]`), an array of inline tables, or a single table.
    fn tables<'d>(&mut self, item: &'d Item, key: &str, fallback: &Span) -> Vec<(&'d dyn TableLike, Span)> {
        let span = TomlReader::span(item, fallback);
        match item {
            Item::ArrayOfTables(aot) => aot
                .iter()
                .map(|t| (t as &dyn TableLike, t.span().unwrap_or_else(|| span.clone())))
                .collect(),
            Item::Table(t) => vec![(t as &dyn TableLike, span)],
            Item::Value(toml_edit::Value::InlineTable(t)) => vec![(t as &dyn TableLike, span)],
            Item::Value(toml_edit::Value::Array(arr)) => {
                let mut out = Vec::new();
                for v in arr.iter() {
                    let vs = v.span().unwrap_or_else(|| span.clone());
                    match v.as_inline_table() {
                        Some(t) => out.push((t as &dyn TableLike, vs)),
                        None => self.err(
                            &vs,
                            format!(
                                "each `{key}` must be a table like {{ ... }}, not {}",
                                describe(&Item::Value(v.clone()))
                            ),
                        ),
                    }
                }
                out
            }
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

    fn map(&mut self, root: &toml_edit::Table) -> Option<MapFile> {
        let top = 0..0;
        let rt: &dyn TableLike = root;
        self.check_keys(rt, "the map", TOP_KEYS, &top);
        let name = self.string(rt, "name", "the map", true, &top).map(|(s, span)| {
            if s.trim().is_empty() {
                self.err(&span, "`name` is empty: give the map a name");
            }
            s
        });
        let description = self.string(rt, "description", "the map", false, &top).map(|(s, _)| s);
        let grid = match root.get("grid") {
            Some(item) => self.grid(item, &TomlReader::key_span(rt, "grid", &top)),
            None => {
                self.err(
                    &top,
                    "the map needs a `grid`: a multi-line string with one character per space, top row first",
                );
                None
            }
        };
        if let Some(g) = &grid {
            self.size = Some((g.width, g.height));
        }
        let mut cover: Vec<(Square, CoverElement, Span)> = grid.as_ref().map(|g| g.cover.clone()).unwrap_or_default();
        if let Some(item) = root.get("cover") {
            let ks = TomlReader::key_span(rt, "cover", &top);
            for (t, span) in self.tables(item, "cover", &ks) {
                self.check_keys(t, "a [[cover]] element", COVER_KEYS, &span);
                let at = self.square_key(t, "at", "a [[cover]] element", &span);
                let el = self.string(t, "element", "a [[cover]] element", true, &span).and_then(|(s, es)| {
                    let e = read_element(&s);
                    if e.is_none() {
                        self.err(
                            &es,
                            format!("`{s}` is not a cover element: write \"ammo_crate\" or \"anti_tank_trap\""),
                        );
                    }
                    e
                });
                if let (Some((sq, sp)), Some(el)) = (at, el) {
                    cover.push((sq, el, sp));
                }
            }
        }
        let mut structures = Vec::new();
        let mut structure_spans = Vec::new();
        if let Some(item) = root.get("structure") {
            let ks = TomlReader::key_span(rt, "structure", &top);
            for (i, (t, span)) in self.tables(item, "structure", &ks).into_iter().enumerate() {
                let (st, sp) = self.structure(t, span, i);
                structures.push(st);
                structure_spans.push(sp);
            }
        }
        let mut pieces = Vec::new();
        if let Some(item) = root.get("piece") {
            let ks = TomlReader::key_span(rt, "piece", &top);
            for (t, span) in self.tables(item, "piece", &ks) {
                if let Some(p) = self.piece(t, &span) {
                    pieces.push(p);
                }
            }
        }
        let mut entry: BySide<Vec<(Square, Span)>> = BySide::default();
        if let Some(item) = root.get("entry") {
            let ks = TomlReader::key_span(rt, "entry", &top);
            match item.as_table_like() {
                Some(t) => {
                    let span = TomlReader::span(item, &ks);
                    self.check_keys(t, "[entry]", ENTRY_KEYS, &span);
                    for (key, side) in [("a", Side::A), ("b", Side::B)] {
                        if let Some(v) = t.get(key) {
                            entry[side] = self.areas(v, key, "[entry]", &TomlReader::key_span(t, key, &span));
                        }
                    }
                }
                None => self.err(
                    &ks,
                    format!("`entry` must be a table with `a = [...]` and `b = [...]`, not {}", describe(item)),
                ),
            }
        }
        let cover_zone = match root.get("cover_zone") {
            Some(item) => self.areas(item, "cover_zone", "the map", &TomlReader::key_span(rt, "cover_zone", &top)),
            None => Vec::new(),
        };
        let mut objectives = Vec::new();
        if let Some(item) = root.get("objective") {
            let ks = TomlReader::key_span(rt, "objective", &top);
            for (t, span) in self.tables(item, "objective", &ks) {
                if let Some(o) = self.objective(t, &span) {
                    objectives.push(o);
                }
            }
        }

        // Board-level checks need a readable grid.
        let grid = grid?;
        let setup = BoardSetup {
            width: grid.width,
            height: grid.height,
            terrain: grid.terrain.clone(),
            cover: cover.iter().map(|(s, e, _)| (*s, *e)).collect(),
            structures,
        };
        let board = match Board::new(setup) {
            Ok(b) => Some(b),
            Err(problems) => {
                for p in problems {
                    if let SetupPart::Structure(i) = p.part {
                        if structure_spans.get(i).is_some_and(|x: &StructureSpans| x.interior_reported) {
                            continue;
                        }
                    }
                    let span = match p.part {
                        SetupPart::Size => Some(grid.span.clone()),
                        SetupPart::Space(s) => grid
                            .cells
                            .get(usize::from(s.row()) * usize::from(grid.width) + usize::from(s.col()))
                            .cloned(),
                        SetupPart::Cover(i) => cover.get(i).map(|c| c.2.clone()),
                        SetupPart::Structure(s) => structure_spans.get(s).map(|x: &StructureSpans| x.whole.clone()),
                        SetupPart::Interior(s, i) => structure_spans.get(s).and_then(|x| x.interior.get(i).cloned()),
                        SetupPart::Entrance(s, i) => structure_spans.get(s).and_then(|x| x.entrances.get(i).cloned()),
                        SetupPart::InnerWall(s, i) => structure_spans.get(s).and_then(|x| x.walls.get(i).cloned()),
                    };
                    let span = span.unwrap_or_else(|| TomlReader::key_span(rt, "structure", &top));
                    self.err(&span, p.message);
                }
                None
            }
        };
        let standable = |s: Square| {
            !matches!(
                grid.terrain[usize::from(s.row()) * usize::from(grid.width) + usize::from(s.col())],
                Terrain::NoDot | Terrain::Water
            )
        };
        for side in Side::ALL {
            for (s, span) in &entry[side] {
                if !standable(*s) {
                    self.err(
                        span,
                        format!("entry square {s} has no dot or is deep water: units cannot be placed there"),
                    );
                }
            }
        }
        let mut placed: Vec<(Square, PieceKind, Side)> = Vec::new();
        for (p, span) in &pieces {
            self.check_piece(&grid, &cover, board.as_ref(), p, span, &placed);
            placed.push((p.at, p.kind, p.side));
        }
        let board = board?;
        if !self.diags.is_empty() {
            return None;
        }
        let dedup = |v: Vec<(Square, Span)>| {
            let mut out: Vec<Square> = Vec::new();
            for (s, _) in v {
                if !out.contains(&s) {
                    out.push(s);
                }
            }
            out
        };
        Some(MapFile {
            name: name?,
            description,
            board,
            pieces: pieces.into_iter().map(|(p, _)| p).collect(),
            entry: BySide {
                a: dedup(entry.a),
                b: dedup(entry.b),
            },
            cover_zone: dedup(cover_zone),
            objectives,
        })
    }

    fn check_piece(
        &mut self,
        grid: &Grid,
        cover: &[(Square, CoverElement, Span)],
        board: Option<&Board>,
        p: &Piece,
        span: &Span,
        placed: &[(Square, PieceKind, Side)],
    ) {
        let s = p.at;
        let kind = p.kind.name();
        let Some(&terrain) = grid
            .terrain
            .get(usize::from(s.row()) * usize::from(grid.width) + usize::from(s.col()))
        else {
            return;
        };
        match terrain {
            Terrain::NoDot => self.err(span, format!("a {kind} cannot stand on {s}: it has no dot (Movement Points)")),
            Terrain::Water => self.err(span, format!("a {kind} cannot stand on {s}: it is deep water (Triangle Terrain)")),
            Terrain::Rubble if p.kind == PieceKind::Vehicle => self.err(
                span,
                format!("a vehicle cannot stand on {s}: vehicles cannot enter rubble (Cross Terrain)"),
            ),
            Terrain::Swamp if p.kind == PieceKind::Vehicle => self.err(
                span,
                format!("a vehicle cannot stand on {s}: vehicles cannot enter a swamp square (Swamp Squares)"),
            ),
            _ => {}
        }
        if p.kind == PieceKind::Vehicle {
            if cover.iter().any(|c| c.0 == s && c.1 == CoverElement::AntiTankTrap) {
                self.err(
                    span,
                    format!("a vehicle cannot stand on {s}: it holds an anti-tank trap (Spaces with Cover Elements)"),
                );
            }
            if let Some((board, st)) = board.and_then(|b| b.structure_at(s).map(|st| (b, st))) {
                let st = &board.structures()[usize::from(st.0)];
                if !st.entrances.iter().any(|e| e.size == EntranceSize::Large) {
                    self.err(
                        span,
                        format!(
                            "a vehicle cannot stand on {s} inside structure `{}`: it has no large entrance (Structures)",
                            st.name
                        ),
                    );
                }
            }
        }
        for &(at, k, side) in placed {
            if at != s {
                continue;
            }
            if side != p.side {
                self.err(
                    span,
                    format!("{s} already holds a unit of the other side: enemy units never share a space"),
                );
                return;
            }
            if k != PieceKind::Hero && p.kind != PieceKind::Hero {
                self.err(
                    span,
                    format!(
                        "{s} already holds a {}: only heroes may share a space with a friendly unit (Heroes)",
                        k.name()
                    ),
                );
                return;
            }
        }
    }

    fn piece(&mut self, t: &dyn TableLike, span: &Span) -> Option<(Piece, Span)> {
        let what = "a [[piece]]";
        self.check_keys(t, what, PIECE_KEYS, span);
        let at = self.square_key(t, "at", what, span);
        let kind = self.string(t, "kind", what, true, span).and_then(|(s, ks)| {
            let k = PieceKind::from_name(s.trim().to_ascii_lowercase().as_str());
            if k.is_none() {
                self.err(
                    &ks,
                    format!("`{s}` is not a kind of piece: write \"squad\", \"hero\" or \"vehicle\""),
                );
            }
            k
        });
        let side = self.string(t, "side", what, true, span).and_then(|(s, ss)| {
            let k = read_side(&s);
            if k.is_none() {
                self.err(
                    &ss,
                    format!("`{s}` is not a side: write \"a\" (or \"allies\") or \"b\" (or \"axis\")"),
                );
            }
            k
        });
        let name = self.string(t, "name", what, false, span).map(|(s, _)| s);
        let (at, at_span) = at?;
        Some((
            Piece {
                at,
                kind: kind?,
                side: side?,
                name,
            },
            at_span,
        ))
    }

    /// An optional whole-number key within `range` (`noun` names what it is, "a round"):
    /// `Ok(None)` when absent, `Err(())` after reporting a value of another type or out of range.
    fn bounded_int(
        &mut self,
        t: &dyn TableLike,
        key: &str,
        noun: &str,
        range: std::ops::RangeInclusive<i64>,
        span: &Span,
    ) -> Result<Option<i64>, ()> {
        let Some(item) = t.get(key) else { return Ok(None) };
        let at = TomlReader::span(item, span);
        let (lo, hi) = (range.start(), range.end());
        match item.as_integer() {
            Some(n) if range.contains(&n) => Ok(Some(n)),
            Some(n) => {
                self.err(&at, format!("`{key}` is {n}: write {noun} from {lo} to {hi}"));
                Err(())
            }
            None => {
                self.err(&at, format!("`{key}` must be {noun} from {lo} to {hi}, not {}", describe(item)));
                Err(())
            }
        }
    }

    fn objective(&mut self, t: &dyn TableLike, span: &Span) -> Option<Objective> {
        let what = "an [[objective]]";
        self.check_keys(t, what, OBJECTIVE_KEYS, span);
        let at = self.square_key(t, "at", what, span);
        let name = self.string(t, "name", what, true, span).map(|(s, _)| s);
        let mut ok = true;
        let points = self
            .bounded_int(t, "points", "a whole number", 0..=1000, span)
            .unwrap_or_else(|()| {
                ok = false;
                None
            })
            .and_then(|n| u32::try_from(n).ok());
        let mut wins = false;
        if let Some(item) = t.get("wins") {
            match item.as_bool() {
                Some(b) => wins = b,
                None => {
                    let ws = TomlReader::span(item, span);
                    self.err(&ws, format!("`wins` must be true or false, not {}", describe(item)));
                    ok = false;
                }
            }
        }
        let wins_from = self
            .bounded_int(t, "wins_from", "a round", 1..=99, span)
            .unwrap_or_else(|()| {
                ok = false;
                None
            })
            .and_then(|n| u8::try_from(n).ok())
            .unwrap_or(0);
        if wins_from > 0 && !wins {
            let es = t.get("wins_from").map_or(span.clone(), |item| TomlReader::span(item, span));
            self.err(
                &es,
                "`wins_from` says from which round holding the objective wins: it needs `wins = true`".to_string(),
            );
            ok = false;
        }
        let (at, _) = at?;
        ok.then_some(Objective {
            at,
            name: name?,
            points,
            wins,
            wins_from,
        })
    }

    fn structure(&mut self, t: &dyn TableLike, span: Span, index: usize) -> (StructureSetup, StructureSpans) {
        let what = "a [[structure]]";
        self.check_keys(t, what, STRUCTURE_KEYS, &span);
        let name = self
            .string(t, "name", what, false, &span)
            .map_or_else(|| format!("structure {}", index + 1), |(s, _)| s);
        let mut st = StructureSetup {
            name,
            ..StructureSetup::default()
        };
        let mut sp = StructureSpans {
            whole: span.clone(),
            interior: Vec::new(),
            entrances: Vec::new(),
            walls: Vec::new(),
            interior_reported: false,
        };
        let before = self.diags.len();
        match t.get("interior") {
            Some(item) => {
                for (s, ss) in self.areas(item, "interior", what, &TomlReader::key_span(t, "interior", &span)) {
                    st.interior.push(s);
                    sp.interior.push(ss);
                }
            }
            None => self.err(
                &span,
                "a [[structure]] needs `interior`: its spaces, like [\"B2\", \"C2\"] or [\"B2:D4\"]",
            ),
        }
        sp.interior_reported = self.diags.len() > before;
        if let Some(item) = t.get("entrances") {
            let ks = TomlReader::key_span(t, "entrances", &span);
            for (e, es) in self.tables(item, "entrances", &ks) {
                let w = "an entrance";
                self.check_keys(e, w, ENTRANCE_KEYS, &es);
                let at = self.square_key(e, "at", w, &es);
                let side = self.string(e, "side", w, true, &es).and_then(|(s, ss)| {
                    let d = Dir::from_name(s.trim().to_ascii_lowercase().as_str());
                    if d.is_none() {
                        self.err(
                            &ss,
                            format!("`{s}` is not a side of a space: write \"north\", \"east\", \"south\" or \"west\""),
                        );
                    }
                    d
                });
                let size = self.size_key(e, "size", w, true, &es);
                if let (Some((at, _)), Some(side), Some(Some(size))) = (at, side, size) {
                    st.entrances.push(EntranceSetup { at, side, size });
                    sp.entrances.push(es);
                }
            }
        }
        if let Some(item) = t.get("inner_walls") {
            let ks = TomlReader::key_span(t, "inner_walls", &span);
            for (e, es) in self.tables(item, "inner_walls", &ks) {
                let w = "an interior wall";
                self.check_keys(e, w, WALL_KEYS, &es);
                let between = self.between(e, &es);
                let door = self.size_key(e, "entrance", w, false, &es);
                if let (Some(between), Some(entrance)) = (between, door) {
                    st.inner_walls.push(InnerWallSetup { between, entrance });
                    sp.walls.push(es);
                }
            }
        }
        (st, sp)
    }

    /// `Some(None)` when the optional key is absent, `None` on an error.
    fn size_key(&mut self, t: &dyn TableLike, key: &str, what: &str, required: bool, span: &Span) -> Option<Option<EntranceSize>> {
        if !required && t.get(key).is_none() {
            return Some(None);
        }
        let (s, ss) = self.string(t, key, what, required, span)?;
        let size = read_size(&s);
        if size.is_none() {
            self.err(&ss, format!("`{s}` is not an entrance size: write \"small\" or \"large\""));
            return None;
        }
        Some(size)
    }

    fn between(&mut self, t: &dyn TableLike, span: &Span) -> Option<(Square, Square)> {
        let what = "`between` of an interior wall";
        let Some(item) = t.get("between") else {
            self.err(
                span,
                "an interior wall needs `between = [\"B2\", \"C2\"]`: the two spaces it separates",
            );
            return None;
        };
        let is = TomlReader::span(item, span);
        let Some(arr) = item.as_array().filter(|a| a.len() == 2) else {
            self.err(&is, format!("{what} must be two spaces like [\"B2\", \"C2\"]"));
            return None;
        };
        let mut out = Vec::new();
        for v in arr.iter() {
            let vs = v.span().unwrap_or_else(|| is.clone());
            match v.as_str() {
                Some(s) => out.extend(self.square(s, &vs, what)),
                None => self.err(&vs, format!("{what} lists spaces as strings like \"C4\"")),
            }
        }
        match out[..] {
            [a, b] => Some((a, b)),
            _ => None,
        }
    }

    fn grid(&mut self, item: &Item, key_span: &Span) -> Option<Grid> {
        let span = TomlReader::span(item, key_span);
        let Some(value) = item.as_str() else {
            self.err(
                &span,
                format!("`grid` must be a multi-line string (between ''' and '''), not {}", describe(item)),
            );
            return None;
        };
        let chars = string_offsets(self.src.get(span.clone()).unwrap_or(""), value, span.start);
        let mut lines: Vec<Vec<(char, usize)>> = vec![Vec::new()];
        for (i, c) in value.chars().enumerate() {
            let off = chars.get(i).copied().unwrap_or(span.start);
            match c {
                '\n' => lines.push(Vec::new()),
                ' ' | '\t' | '\r' => {}
                c => {
                    if let Some(l) = lines.last_mut() {
                        l.push((c, off));
                    }
                }
            }
        }
        while lines.first().is_some_and(Vec::is_empty) {
            lines.remove(0);
        }
        while lines.last().is_some_and(Vec::is_empty) {
            lines.pop();
        }
        if lines.is_empty() {
            self.err(
                &span,
                "the grid is empty: write one line per row, top row first, one character per space",
            );
            return None;
        }
        let mut ok = true;
        let width = lines[0].len();
        if width > usize::from(MAX_WIDTH) {
            let off = lines[0][usize::from(MAX_WIDTH)].1;
            self.err(
                &(off..off),
                format!("the grid is {width} spaces wide: at most {MAX_WIDTH} columns (A-Z)"),
            );
            ok = false;
        }
        if lines.len() > usize::from(MAX_HEIGHT) {
            let off = lines[0][0].1;
            self.err(&(off..off), format!("the grid has {} rows: at most {MAX_HEIGHT}", lines.len()));
            ok = false;
        }
        let height = lines.len();
        for (i, line) in lines.iter().enumerate().skip(1) {
            let row = height - i;
            if line.is_empty() {
                // An empty line in the middle: point at the end of the previous row.
                let off = lines[i - 1].last().map_or(span.start, |&(c, o)| o + c.len_utf8());
                self.err(&(off..off), format!("row {row} is empty: remove blank lines inside the grid"));
                ok = false;
            } else if line.len() != width {
                let off = line.get(width).map_or(line[0].1, |&(_, o)| o);
                self.err(
                    &(off..off),
                    format!(
                        "row {row} has {} spaces but the top row has {width}: every row needs the same number of spaces",
                        line.len()
                    ),
                );
                ok = false;
            }
        }
        let mut terrain = Vec::new();
        let mut cells = Vec::new();
        let mut cover = Vec::new();
        // Bottom line is row 1.
        for (ri, line) in lines.iter().rev().enumerate() {
            for (ci, &(c, off)) in line.iter().enumerate() {
                let t = match c {
                    '.' | 'a' | 't' => Terrain::Open,
                    '~' => Terrain::Water,
                    'x' => Terrain::Rubble,
                    '^' => Terrain::Trees,
                    'w' => Terrain::Swamp,
                    's' => Terrain::Smoke,
                    '#' => Terrain::NoDot,
                    other => {
                        // Reported, then read as open ground so that the rest is still checked.
                        self.err(
                            &(off..off),
                            format!("`{}` is not a grid character: {GRID_HELP}", other.escape_debug()),
                        );
                        Terrain::Open
                    }
                };
                let el = match c {
                    'a' => Some(CoverElement::AmmoCrate),
                    't' => Some(CoverElement::AntiTankTrap),
                    _ => None,
                };
                if let Some(el) = el {
                    cover.push((Square::new(ci as u8, ri as u8), el, off..off + 1));
                }
                terrain.push(t);
                cells.push(off..off + c.len_utf8());
            }
        }
        if !ok {
            return None;
        }
        Some(Grid {
            width: width as u8,
            height: height as u8,
            terrain,
            cells,
            cover,
            span,
        })
    }
}

/// Byte offset in the file of each character of a TOML string's value, from its raw text
/// `raw` (quotes included) starting at `base`. Falls back to `base` for every character when
/// the raw text cannot be followed exactly.
fn string_offsets(raw: &str, value: &str, base: usize) -> Vec<usize> {
    let fallback = || vec![base; value.chars().count()];
    let (delim, basic) = if raw.starts_with("'''") {
        (3, false)
    } else if raw.starts_with("\"\"\"") {
        (3, true)
    } else if raw.starts_with('\'') {
        (1, false)
    } else if raw.starts_with('"') {
        (1, true)
    } else {
        return fallback();
    };
    if raw.len() < 2 * delim {
        return fallback();
    }
    let body = &raw[delim..raw.len() - delim];
    let mut start = delim;
    let mut body_trim = body;
    if delim == 3 {
        if let Some(rest) = body.strip_prefix('\n') {
            body_trim = rest;
            start += 1;
        } else if let Some(rest) = body.strip_prefix("\r\n") {
            body_trim = rest;
            start += 2;
        }
    }
    let mut out = Vec::new();
    let mut decoded = String::new();
    let keep_cr = value.contains('\r');
    let mut it = body_trim.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let off = base + start + i;
        if c == '\r' && !keep_cr {
            continue;
        }
        if !basic || c != '\\' {
            out.push(off);
            decoded.push(c);
            continue;
        }
        match it.next() {
            Some((_, e @ ('n' | 't' | '\\' | '"' | 'b' | 'f' | 'r' | 'e'))) => {
                out.push(off);
                decoded.push(match e {
                    'n' => '\n',
                    't' => '\t',
                    'b' => '\u{8}',
                    'f' => '\u{c}',
                    'r' => '\r',
                    'e' => '\u{1b}',
                    other => other,
                });
            }
            Some((_, u @ ('u' | 'U' | 'x'))) => {
                let n = match u {
                    'u' => 4,
                    'U' => 8,
                    _ => 2,
                };
                let hex: String = (0..n).filter_map(|_| it.next().map(|(_, h)| h)).collect();
                match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    Some(ch) => {
                        out.push(off);
                        decoded.push(ch);
                    }
                    None => return fallback(),
                }
            }
            Some((_, w)) if w.is_whitespace() => {
                // Line-ending backslash: skip whitespace and newlines.
                while it.peek().is_some_and(|&(_, c)| c.is_whitespace()) {
                    it.next();
                }
            }
            _ => return fallback(),
        }
    }
    if decoded == value {
        out
    } else {
        fallback()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_of_strings() {
        let raw = "'''\nab\n'''";
        assert_eq!(string_offsets(raw, "ab\n", 10), vec![14, 15, 16]);
        let raw = "\"a\\tb\"";
        assert_eq!(string_offsets(raw, "a\tb", 0), vec![1, 2, 4]);
        let raw = "\"\"\"\na\\\n   b\"\"\"";
        assert_eq!(string_offsets(raw, "ab", 0), vec![4, 10]);
        assert_eq!(string_offsets("garbage", "xy", 3), vec![3, 3]);
    }

    /// tactics-battlefront-2013-rules.txt, "Moving Through Terrain": the six types of terrain
    /// (open, trees, rubble, swamp, water, structure squares) in the grid, written back as read;
    /// "Swamp Squares": no vehicle stands in a swamp.
    #[test]
    fn battlefront_terrain_in_the_grid() {
        let text = "name = \"m\"\ngrid = '''\n. ^ x\nw ~ #\n'''\n";
        let m = parse_map(text, "m.toml").expect("map");
        let at = |s: &str| m.board.terrain(s.parse().expect("square"));
        assert_eq!(
            [at("A2"), at("B2"), at("C2"), at("A1"), at("B1"), at("C1")],
            [
                Terrain::Open,
                Terrain::Trees,
                Terrain::Rubble,
                Terrain::Swamp,
                Terrain::Water,
                Terrain::NoDot
            ]
        );
        let again = parse_map(&m.to_toml(), "again.toml").expect("written back");
        assert_eq!(again.board, m.board);
        let text = "name = \"m\"\ngrid = '''\nw .\n'''\n[[piece]]\nat = \"A1\"\nkind = \"vehicle\"\nside = \"a\"\n";
        let e = parse_map(text, "m.toml").expect_err("a vehicle in a swamp");
        assert!(e.iter().any(|d| d.message.contains("swamp")), "{e:?}");
    }

    /// Issue 16, item 2: `cover_zone = ["A1:P24"]` repeated 19,000 times (210 KB) cost 2.5 s
    /// and ~190 MB. Each rectangle is now expanded once into a set: the 384 spaces of the board
    /// are expanded once however often the rectangle repeats, and listed once.
    #[test]
    fn a_repeated_rectangle_is_expanded_once() {
        let grid = format!("{}\n", ". ".repeat(16).trim_end()).repeat(24);
        let map = |zone: &str| format!("name = \"m\"\ngrid = '''\n{grid}'''\ncover_zone = [{zone}]\n");
        let text = map(&vec!["\"A1:P24\""; 21_000].join(", "));
        assert!(text.len() > 200_000);
        let (m, work) = parse_map_counting(&text, "m.toml");
        assert_eq!(m.expect("a map").cover_zone.len(), 384);
        assert_eq!(work, 384, "each space expanded once");
        // Distinct overlapping rectangles: each expanded once, within the bound.
        let rects: Vec<String> = (0..40).map(|i| format!("\"A1:P24\", \"A1:P{}\"", 1 + i % 23)).collect();
        let (m, work) = parse_map_counting(&map(&rects.join(", ")), "m.toml");
        let spaces: usize = (0..23).map(|i| 16 * (1 + i)).sum();
        assert_eq!(work, 384 + spaces);
        assert_eq!(m.expect("under the bound").cover_zone.len(), 384);
        // Past the bound: one clear problem, and nothing more expanded.
        let big: Vec<String> = (0..16u8)
            .flat_map(|c0| {
                (1..=24)
                    .flat_map(move |r0| (c0..16).map(move |c1| format!("\"{}{r0}:{}24\"", char::from(b'A' + c0), char::from(b'A' + c1))))
            })
            .collect();
        let (m, work) = parse_map_counting(&map(&big.join(", ")), "m.toml");
        assert!(work <= MAX_AREA_SPACES, "{work}");
        let e = m.expect_err("too many spaces");
        assert!(e.iter().any(|d| d.message.contains("list each space or rectangle once")), "{e:?}");
    }

    /// Issue 16, item 2: deeply nested TOML is refused by a cheap scan before it is parsed.
    #[test]
    fn deep_nesting_is_refused_before_parsing() {
        let dotted = format!("name = \"m\"\n{} = 1\n", vec!["a"; 100_000].join("."));
        let e = parse_map(&dotted, "m.toml").expect_err("too deep");
        assert!(e[0].message.contains("nested more than"), "{e:?}");
        let arrays = format!("name = {}{}\n", "[".repeat(120_000), "]".repeat(120_000));
        let e = parse_map(&arrays, "m.toml").expect_err("too deep");
        assert!(e[0].message.contains("nested more than"), "{e:?}");
        let inline = format!("x = {}1{}\n", "{a = ".repeat(50), "}".repeat(50));
        assert!(crate::diag::too_deep(&inline, crate::diag::MAX_TOML_DEPTH).is_some());
        // What the files of this program hold is not deep: floats, dates, dotted keys in
        // strings and comments.
        let fine = "# a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.a.b.c.d.e.f.g\nx = \"a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.a.b.c.d.e.f.g\"\ny = [1.5, 2.5, [3.5]]\nz = 1979-05-27T07:32:00.999\n[a.b.c]\nd = { e = { f = 1.0 } }\n";
        assert_eq!(crate::diag::too_deep(fine, crate::diag::MAX_TOML_DEPTH), None);
    }

    #[test]
    fn distance() {
        use crate::diag::edit_distance;
        assert_eq!(edit_distance("peice", "piece"), 2);
        assert_eq!(edit_distance("grid", "grid"), 0);
    }
}
