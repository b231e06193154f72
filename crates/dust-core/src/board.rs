//! The battlefield: terrain of each space, cover elements, structures with their walls and
//! entrances (tactics-revised-core-rules.md, "Game Board", "Terrain Types", "Structures").
//!
//! A [`BoardSetup`] is what a file says, unchecked; [`Board::new`] checks it and reports every
//! problem at once.

use crate::spaceset::{put, words_for};
use crate::square::{Square, MAX_HEIGHT, MAX_WIDTH};
use crate::terrain::{CoverElement, Terrain};
use core::fmt;
use std::sync::Arc;

/// A direction on the grid; also the side of a space an entrance is on.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Dir {
    /// Towards higher rows.
    North,
    /// Towards later columns.
    East,
    /// Towards lower rows.
    South,
    /// Towards earlier columns.
    West,
}

impl Dir {
    /// All four directions.
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];
    /// Column and row step.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::North => (0, 1),
            Dir::East => (1, 0),
            Dir::South => (0, -1),
            Dir::West => (-1, 0),
        }
    }
    /// Reads `north`/`n`, `east`/`e`, `south`/`s`, `west`/`w`.
    pub fn from_name(s: &str) -> Option<Dir> {
        match s {
            "north" | "n" => Some(Dir::North),
            "east" | "e" => Some(Dir::East),
            "south" | "s" => Some(Dir::South),
            "west" | "w" => Some(Dir::West),
            _ => None,
        }
    }
    /// The name used in files and messages.
    pub const fn name(self) -> &'static str {
        match self {
            Dir::North => "north",
            Dir::East => "east",
            Dir::South => "south",
            Dir::West => "west",
        }
    }
}

/// Size of a structure entrance ("Structures": small entrances are narrower than a space,
/// large ones as wide as a space).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum EntranceSize {
    /// Soldiers and heroes only.
    Small,
    /// Soldiers, heroes and vehicles.
    Large,
}

/// What stands on the edge between two orthogonally adjacent spaces.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub enum Edge {
    /// Nothing: the usual case.
    #[default]
    Open,
    /// A structure wall: blocks movement and line of sight.
    Wall,
    /// A wall with an entrance of the given size.
    Entrance(EntranceSize),
}

impl Edge {
    /// Whether the edge is part of a structure's walls (with or without an entrance).
    pub const fn is_structural(self) -> bool {
        !matches!(self, Edge::Open)
    }
}

/// Index of a structure in [`Board::structures`].
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Ord, PartialOrd)]
pub struct StructureId(pub u8);

/// An entrance as written in a file: on `side` of interior space `at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntranceSetup {
    /// An interior space of the structure.
    pub at: Square,
    /// The side of that space the entrance is on; it must face outside the structure.
    pub side: Dir,
    /// Small or large.
    pub size: EntranceSize,
}

/// An interior wall between two adjacent interior spaces, maybe with an entrance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InnerWallSetup {
    /// The two spaces it separates.
    pub between: (Square, Square),
    /// An entrance in the wall, if any.
    pub entrance: Option<EntranceSize>,
}

/// A structure as written in a file.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct StructureSetup {
    /// Its name, for messages.
    pub name: String,
    /// The spaces inside it.
    pub interior: Vec<Square>,
    /// Entrances on its outer walls.
    pub entrances: Vec<EntranceSetup>,
    /// Walls between its own spaces.
    pub inner_walls: Vec<InnerWallSetup>,
}

/// An unchecked board, as read from a file. Terrain is row-major from row 1 (bottom).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BoardSetup {
    /// Number of columns.
    pub width: u8,
    /// Number of rows.
    pub height: u8,
    /// `width * height` terrain values, `A1, B1, …, A2, …`.
    pub terrain: Vec<Terrain>,
    /// Cover elements and where they stand.
    pub cover: Vec<(Square, CoverElement)>,
    /// Structures.
    pub structures: Vec<StructureSetup>,
}

/// Which part of a [`BoardSetup`] a problem is about, so a file reader can point at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupPart {
    /// The board size itself.
    Size,
    /// The terrain or contents of a space.
    Space(Square),
    /// Cover element number `i`.
    Cover(usize),
    /// Structure `s` as a whole.
    Structure(usize),
    /// Interior space `i` of structure `s`.
    Interior(usize, usize),
    /// Entrance `i` of structure `s`.
    Entrance(usize, usize),
    /// Interior wall `i` of structure `s`.
    InnerWall(usize, usize),
}

/// Something wrong with a [`BoardSetup`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardProblem {
    /// Where.
    pub part: SetupPart,
    /// What, as a sentence with a hint.
    pub message: String,
}

impl fmt::Display for BoardProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A checked board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    width: u8,
    height: u8,
    terrain: Vec<Terrain>,
    cover: Vec<Option<CoverElement>>,
    /// Row-major indices of the spaces holding a cover element, in order (attacks list every
    /// cover element as a target without scanning the board).
    covered: Vec<u16>,
    /// Edge between `(c, r)` and `(c + 1, r)`.
    edge_e: Vec<Edge>,
    /// Edge between `(c, r)` and `(c, r + 1)`.
    edge_n: Vec<Edge>,
    /// 0 = outside every structure, `i + 1` = inside structure `i`.
    structure_of: Vec<u8>,
    structures: Vec<StructureSetup>,
    /// The spaces as bit sets for the movement search ([`crate::reach`]): `SPACE_SETS` sets of
    /// `words_for(len)` words each (on the board, no dot, deep water, rubble, anti-tank trap,
    /// swamp),
    /// kept in step with the terrain and cover.
    space_bits: Vec<u64>,
    /// Steps allowed by walls, structures and the board's edge, per mover class (built once:
    /// walls never change; shared between copies of the board).
    step_tables: Arc<[u64]>,
}

/// The sets in [`Board::space_bits`], in order.
pub(crate) const ON_BOARD: usize = 0;
pub(crate) const NO_DOT: usize = 1;
pub(crate) const WATER: usize = 2;
pub(crate) const RUBBLE: usize = 3;
pub(crate) const TRAP: usize = 4;
pub(crate) const SWAMP: usize = 5;
const SPACE_SETS: usize = 6;

impl Board {
    /// Checks a setup and builds the board.
    ///
    /// # Errors
    /// Every problem found, each pointing at the part of the setup it is about.
    pub fn new(setup: BoardSetup) -> Result<Board, Vec<BoardProblem>> {
        let mut problems = Vec::new();
        let mut p = |part: SetupPart, message: String| problems.push(BoardProblem { part, message });
        let (w, h) = (setup.width, setup.height);
        if w == 0 || h == 0 || w > MAX_WIDTH || h > MAX_HEIGHT {
            p(
                SetupPart::Size,
                format!("the board is {w}x{h}: it must have 1 to {MAX_WIDTH} columns and 1 to {MAX_HEIGHT} rows"),
            );
            return Err(problems);
        }
        let n = usize::from(w) * usize::from(h);
        if setup.terrain.len() != n {
            p(
                SetupPart::Size,
                format!("the grid has {} spaces but a {w}x{h} board needs {n}", setup.terrain.len()),
            );
            return Err(problems);
        }
        let inside = |s: Square| s.col() < w && s.row() < h;
        let idx = |s: Square| usize::from(s.row()) * usize::from(w) + usize::from(s.col());
        let mut cover = vec![None; n];
        for (i, &(sq, el)) in setup.cover.iter().enumerate() {
            if !inside(sq) {
                p(SetupPart::Cover(i), format!("{sq} is outside the {w}x{h} board"));
                continue;
            }
            let t = setup.terrain[idx(sq)];
            if !t.allows_cover_element() {
                p(
                    SetupPart::Cover(i),
                    format!(
                        "a {} cannot stand on {sq}: cover elements are not placed on {} (Terrain Types)",
                        el.name(),
                        t.name()
                    ),
                );
            }
            if cover[idx(sq)].is_some() {
                p(
                    SetupPart::Cover(i),
                    format!("{sq} already holds a cover element: one element per space"),
                );
            }
            cover[idx(sq)] = Some(el);
        }
        let mut structure_of = vec![0u8; n];
        let mut edge_e = vec![Edge::Open; n];
        let mut edge_n = vec![Edge::Open; n];
        if setup.structures.len() > 254 {
            p(SetupPart::Structure(254), "at most 254 structures fit on a board".to_string());
            return Err(problems);
        }
        for (si, st) in setup.structures.iter().enumerate() {
            if st.interior.is_empty() {
                p(SetupPart::Structure(si), format!("structure `{}` has no interior spaces", st.name));
            }
            for (ii, &sq) in st.interior.iter().enumerate() {
                if !inside(sq) {
                    p(SetupPart::Interior(si, ii), format!("{sq} is outside the {w}x{h} board"));
                    continue;
                }
                let k = idx(sq);
                if structure_of[k] != 0 {
                    p(
                        SetupPart::Interior(si, ii),
                        format!("{sq} is already inside another structure (or listed twice)"),
                    );
                    continue;
                }
                if setup.terrain[k] == Terrain::NoDot {
                    p(
                        SetupPart::Interior(si, ii),
                        format!(
                            "{sq} is inside structure `{}` but has no dot: interiors are spaces units can stand on",
                            st.name
                        ),
                    );
                }
                structure_of[k] = si as u8 + 1;
            }
        }
        // Walls on every edge between a structure's interior and anything else.
        for r in 0..h {
            for c in 0..w {
                let k = idx(Square::new(c, r));
                if c + 1 < w && structure_of[k] != structure_of[k + 1] {
                    edge_e[k] = Edge::Wall;
                }
                if r + 1 < h && structure_of[k] != structure_of[k + usize::from(w)] {
                    edge_n[k] = Edge::Wall;
                }
            }
        }
        let mut board = Board {
            width: w,
            height: h,
            terrain: setup.terrain.clone(),
            covered: (0..cover.len()).filter(|&i| cover[i].is_some()).map(|i| i as u16).collect(),
            cover,
            edge_e,
            edge_n,
            structure_of,
            structures: Vec::new(),
            space_bits: vec![0; SPACE_SETS * words_for(n)],
            step_tables: Arc::from(Vec::new()),
        };
        for (si, st) in setup.structures.iter().enumerate() {
            let sid = si as u8 + 1;
            for (ei, en) in st.entrances.iter().enumerate() {
                if !inside(en.at) || board.structure_of[idx(en.at)] != sid {
                    p(
                        SetupPart::Entrance(si, ei),
                        format!("entrance at {}: that space is not inside structure `{}`", en.at, st.name),
                    );
                    continue;
                }
                let (dc, dr) = en.side.delta();
                match en.at.offset(dc, dr).filter(|&o| inside(o)) {
                    None => p(SetupPart::Entrance(si, ei), format!("entrance on the {} side of {} leads off the board", en.side.name(), en.at)),
                    Some(o) if board.structure_of[idx(o)] == sid => p(
                        SetupPart::Entrance(si, ei),
                        format!("the {} side of {} is inside structure `{}`: entrances go on outer walls (use an interior wall for doors between rooms)", en.side.name(), en.at, st.name),
                    ),
                    Some(o) => board.set_edge(en.at, o, Edge::Entrance(en.size)),
                }
            }
            for (wi, iw) in st.inner_walls.iter().enumerate() {
                let (a, b) = iw.between;
                let ok = inside(a) && inside(b) && board.structure_of[idx(a)] == sid && board.structure_of[idx(b)] == sid;
                if !ok {
                    p(
                        SetupPart::InnerWall(si, wi),
                        format!(
                            "interior wall between {a} and {b}: both spaces must be inside structure `{}`",
                            st.name
                        ),
                    );
                    continue;
                }
                if a.col().abs_diff(b.col()) + a.row().abs_diff(b.row()) != 1 {
                    p(
                        SetupPart::InnerWall(si, wi),
                        format!("interior wall between {a} and {b}: the spaces must share a side"),
                    );
                    continue;
                }
                board.set_edge(a, b, iw.entrance.map_or(Edge::Wall, Edge::Entrance));
            }
            // "Anti-tank traps can only be placed inside structures that have at least one large entrance."
            let has_large = st.entrances.iter().any(|e| e.size == EntranceSize::Large);
            for (ci, &(sq, el)) in setup.cover.iter().enumerate() {
                if el == CoverElement::AntiTankTrap && inside(sq) && board.structure_of[idx(sq)] == sid && !has_large {
                    p(
                        SetupPart::Cover(ci),
                        format!("an anti-tank trap cannot stand in structure `{}` at {sq}: traps go only in structures with a large entrance (Structures)", st.name),
                    );
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        board.structures = setup.structures;
        for i in 0..n {
            board.refresh_bits(i);
        }
        board.step_tables = crate::reach::step_tables(&board).into();
        Ok(board)
    }

    /// Brings the bit sets of space `i` in line with its terrain and cover.
    fn refresh_bits(&mut self, i: usize) {
        let w = words_for(self.len());
        let t = self.terrain[i];
        for (set, on) in [
            (ON_BOARD, true),
            (NO_DOT, t == Terrain::NoDot),
            (WATER, t == Terrain::Water),
            (RUBBLE, t == Terrain::Rubble),
            (TRAP, self.cover[i] == Some(CoverElement::AntiTankTrap)),
            (SWAMP, t == Terrain::Swamp),
        ] {
            put(&mut self.space_bits[set * w..(set + 1) * w], i, on);
        }
    }

    /// Set `set` of [`Board::space_bits`] (`ON_BOARD`, `NO_DOT`, …) as words.
    #[inline]
    pub(crate) fn space_set(&self, set: usize) -> &[u64] {
        let w = words_for(self.len());
        &self.space_bits[set * w..(set + 1) * w]
    }

    /// The step tables built by [`crate::reach::step_tables`].
    #[inline]
    pub(crate) fn step_tables(&self) -> &[u64] {
        &self.step_tables
    }

    fn set_edge(&mut self, a: Square, b: Square, e: Edge) {
        if let Some(k) = self.edge_index(a, b) {
            match k {
                (true, i) => self.edge_e[i] = e,
                (false, i) => self.edge_n[i] = e,
            }
        }
    }

    /// `(is_east_edge, index)` of the edge between two orthogonal neighbours.
    fn edge_index(&self, a: Square, b: Square) -> Option<(bool, usize)> {
        if !self.contains(a) || !self.contains(b) {
            return None;
        }
        let (lo, hi) = if (a.row(), a.col()) <= (b.row(), b.col()) { (a, b) } else { (b, a) };
        if lo.row() == hi.row() && lo.col() + 1 == hi.col() {
            Some((true, self.index(lo)))
        } else if lo.col() == hi.col() && lo.row() + 1 == hi.row() {
            Some((false, self.index(lo)))
        } else {
            None
        }
    }

    /// Number of columns.
    pub fn width(&self) -> u8 {
        self.width
    }
    /// Number of rows.
    pub fn height(&self) -> u8 {
        self.height
    }
    /// Number of spaces.
    pub fn len(&self) -> usize {
        self.terrain.len()
    }
    /// Never true: a board has at least one space.
    pub fn is_empty(&self) -> bool {
        self.terrain.is_empty()
    }
    /// Whether the space is on the board.
    pub fn contains(&self, s: Square) -> bool {
        s.col() < self.width && s.row() < self.height
    }
    /// Row-major index of a space on the board.
    #[inline]
    pub fn index(&self, s: Square) -> usize {
        usize::from(s.row()) * usize::from(self.width) + usize::from(s.col())
    }
    /// The space at a row-major index.
    pub fn square_at(&self, i: usize) -> Square {
        let w = usize::from(self.width);
        Square::new((i % w) as u8, (i / w) as u8)
    }
    /// Every space, A1 first, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.len()).map(|i| self.square_at(i))
    }
    /// The terrain of a space on the board.
    #[inline]
    pub fn terrain(&self, s: Square) -> Terrain {
        self.terrain[self.index(s)]
    }
    /// The cover element in a space, if any.
    #[inline]
    pub fn cover(&self, s: Square) -> Option<CoverElement> {
        self.cover[self.index(s)]
    }
    /// Removes the cover element of a space (destroyed by an attack or crushed by a vehicle).
    pub fn remove_cover(&mut self, s: Square) -> Option<CoverElement> {
        let i = self.index(s);
        self.covered.retain(|&c| usize::from(c) != i);
        let el = self.cover[i].take();
        self.refresh_bits(i);
        el
    }
    /// Every space holding a cover element, with it, A1 first, row by row.
    pub fn cover_elements(&self) -> impl Iterator<Item = (Square, CoverElement)> + '_ {
        self.covered.iter().filter_map(|&i| {
            let i = usize::from(i);
            self.cover[i].map(|c| (self.square_at(i), c))
        })
    }
    /// Places a cover element (scenario set-up); `false` when the terrain does not allow it
    /// or the space already holds one.
    pub fn place_cover(&mut self, s: Square, el: CoverElement) -> bool {
        if !self.contains(s) || !self.terrain(s).allows_cover_element() || self.cover(s).is_some() {
            return false;
        }
        if el == CoverElement::AntiTankTrap {
            if let Some(st) = self.structure_at(s) {
                if !self.structures[usize::from(st.0)]
                    .entrances
                    .iter()
                    .any(|e| e.size == EntranceSize::Large)
                {
                    return false;
                }
            }
        }
        let i = self.index(s);
        self.cover[i] = Some(el);
        if let Err(at) = self.covered.binary_search(&(i as u16)) {
            self.covered.insert(at, i as u16);
        }
        self.refresh_bits(i);
        true
    }
    /// Sets the terrain of a space (custom battles place terrain squares during set-up).
    pub fn set_terrain(&mut self, s: Square, t: Terrain) {
        let i = self.index(s);
        self.terrain[i] = t;
        if !t.allows_cover_element() {
            self.cover[i] = None;
            self.covered.retain(|&c| usize::from(c) != i);
        }
        self.refresh_bits(i);
    }
    /// What stands between two orthogonally adjacent spaces; `Open` for any other pair.
    #[inline]
    pub fn edge(&self, a: Square, b: Square) -> Edge {
        match self.edge_index(a, b) {
            Some((true, i)) => self.edge_e[i],
            Some((false, i)) => self.edge_n[i],
            None => Edge::Open,
        }
    }
    /// Edge east of `(c, r)` by raw coordinates; `Open` off the board.
    #[inline]
    pub(crate) fn edge_east_raw(&self, c: i32, r: i32) -> Edge {
        if c < 0 || r < 0 || c + 1 >= i32::from(self.width) || r >= i32::from(self.height) {
            return Edge::Open;
        }
        self.edge_e[r as usize * usize::from(self.width) + c as usize]
    }
    /// Edge north of `(c, r)` by raw coordinates; `Open` off the board.
    #[inline]
    pub(crate) fn edge_north_raw(&self, c: i32, r: i32) -> Edge {
        if c < 0 || r < 0 || c >= i32::from(self.width) || r + 1 >= i32::from(self.height) {
            return Edge::Open;
        }
        self.edge_n[r as usize * usize::from(self.width) + c as usize]
    }
    /// The structure a space is inside, if any.
    #[inline]
    pub fn structure_at(&self, s: Square) -> Option<StructureId> {
        match self.structure_of[self.index(s)] {
            0 => None,
            k => Some(StructureId(k - 1)),
        }
    }
    /// The structures, as set up.
    pub fn structures(&self) -> &[StructureSetup] {
        &self.structures
    }
    /// A setup that rebuilds this board as it is now (cover elements included).
    pub fn to_setup(&self) -> BoardSetup {
        BoardSetup {
            width: self.width,
            height: self.height,
            terrain: self.terrain.clone(),
            cover: self.squares().filter_map(|s| self.cover(s).map(|c| (s, c))).collect(),
            structures: self.structures.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(w: u8, h: u8) -> BoardSetup {
        BoardSetup {
            width: w,
            height: h,
            terrain: vec![Terrain::Open; usize::from(w) * usize::from(h)],
            ..BoardSetup::default()
        }
    }

    #[test]
    fn structure_walls_and_entrances() {
        let mut s = open(4, 4);
        s.structures.push(StructureSetup {
            name: "bunker".into(),
            interior: vec![Square::new(1, 1), Square::new(2, 1)],
            entrances: vec![EntranceSetup {
                at: Square::new(1, 1),
                side: Dir::South,
                size: EntranceSize::Large,
            }],
            inner_walls: vec![InnerWallSetup {
                between: (Square::new(1, 1), Square::new(2, 1)),
                entrance: Some(EntranceSize::Small),
            }],
        });
        let b = Board::new(s).unwrap();
        assert_eq!(b.edge(Square::new(1, 1), Square::new(1, 0)), Edge::Entrance(EntranceSize::Large));
        assert_eq!(b.edge(Square::new(1, 1), Square::new(0, 1)), Edge::Wall);
        assert_eq!(b.edge(Square::new(2, 1), Square::new(1, 1)), Edge::Entrance(EntranceSize::Small));
        assert_eq!(b.edge(Square::new(0, 0), Square::new(1, 0)), Edge::Open);
    }

    #[test]
    fn all_problems_reported() {
        // tactics-revised-core-rules.md, "Terrain Types": no cover element on water or rubble.
        let mut s = open(3, 3);
        s.terrain[0] = Terrain::Water;
        s.terrain[1] = Terrain::Rubble;
        s.cover = vec![
            (Square::new(0, 0), CoverElement::AmmoCrate),
            (Square::new(1, 0), CoverElement::AntiTankTrap),
            (Square::new(7, 7), CoverElement::AmmoCrate),
        ];
        let e = Board::new(s).unwrap_err();
        assert_eq!(e.len(), 3, "{e:?}");
    }

    #[test]
    fn trap_needs_large_entrance() {
        // tactics-revised-core-rules.md, "Structures": anti-tank traps only inside structures with a large entrance.
        let mut s = open(3, 3);
        s.structures.push(StructureSetup {
            name: "hut".into(),
            interior: vec![Square::new(1, 1)],
            entrances: vec![EntranceSetup {
                at: Square::new(1, 1),
                side: Dir::North,
                size: EntranceSize::Small,
            }],
            inner_walls: vec![],
        });
        s.cover = vec![(Square::new(1, 1), CoverElement::AntiTankTrap)];
        assert!(Board::new(s.clone()).is_err());
        s.structures[0].entrances[0].size = EntranceSize::Large;
        assert!(Board::new(s).is_ok());
    }
}
