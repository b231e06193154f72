//! Which pieces stand where: the part of the game state that geometry needs.
//!
//! One byte per space; the engine keeps it in step with its units, the command line fills it
//! from a map's `[[piece]]` list.

use crate::board::Board;
use crate::side::Side;
use crate::spaceset::{put, words_for};
use crate::square::Square;
use crate::terrain::PieceKind;

/// The pieces in one space, as bits: squad, hero and vehicle presence for each side.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct Cell(u8);

impl Cell {
    const fn bit(kind: PieceKind, side: Side) -> u8 {
        let k = match kind {
            PieceKind::Squad => 0,
            PieceKind::Hero => 1,
            PieceKind::Vehicle => 2,
        };
        1 << (k * 2 + side as u8)
    }
    const SQUADS: u8 = 0b0000_0011;
    const HEROES: u8 = 0b0000_1100;
    const VEHICLES: u8 = 0b0011_0000;
    const SIDE_A: u8 = 0b0001_0101;
    /// No piece here.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// A vehicle of either side stands here.
    pub const fn has_vehicle(self) -> bool {
        self.0 & Self::VEHICLES != 0
    }
    /// A squad or hero of either side stands here.
    pub const fn has_soldier(self) -> bool {
        self.0 & (Self::SQUADS | Self::HEROES) != 0
    }
    /// A squad of either side stands here.
    pub const fn has_squad(self) -> bool {
        self.0 & Self::SQUADS != 0
    }
    /// Only heroes (of any side) stand here, and at least one.
    pub const fn only_heroes(self) -> bool {
        self.0 != 0 && self.0 & !Self::HEROES == 0
    }
    /// A piece of `side` stands here.
    pub const fn has_side(self, side: Side) -> bool {
        let mask = match side {
            Side::A => Self::SIDE_A,
            Side::B => Self::SIDE_A << 1,
        };
        self.0 & mask != 0
    }
    /// A piece of the given kind and side stands here.
    pub const fn has(self, kind: PieceKind, side: Side) -> bool {
        self.0 & Self::bit(kind, side) != 0
    }
}

/// Pieces on the board for geometry queries. Several heroes of a side in one space count once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occupancy {
    width: u8,
    cells: Vec<Cell>,
    /// The same as bit sets, one per cell bit (squads A, B, heroes A, B, vehicles A, B), each
    /// `words` long, for the movement search.
    bits: Vec<u64>,
    words: usize,
}

impl Occupancy {
    /// An empty board of the same size as `board`.
    pub fn new(board: &Board) -> Occupancy {
        let words = words_for(board.len());
        Occupancy {
            width: board.width(),
            cells: vec![Cell::default(); board.len()],
            bits: vec![0; 6 * words],
            words,
        }
    }
    #[inline]
    fn idx(&self, s: Square) -> usize {
        usize::from(s.row()) * usize::from(self.width) + usize::from(s.col())
    }
    /// The pieces in a space.
    #[inline]
    pub fn at(&self, s: Square) -> Cell {
        self.cells[self.idx(s)]
    }
    /// Puts a piece in a space.
    pub fn place(&mut self, s: Square, kind: PieceKind, side: Side) {
        let i = self.idx(s);
        self.cells[i].0 |= Cell::bit(kind, side);
        let t = Cell::bit(kind, side).trailing_zeros() as usize * self.words;
        put(&mut self.bits[t..t + self.words], i, true);
    }
    /// Takes a piece out of a space.
    pub fn remove(&mut self, s: Square, kind: PieceKind, side: Side) {
        let i = self.idx(s);
        self.cells[i].0 &= !Cell::bit(kind, side);
        let t = Cell::bit(kind, side).trailing_zeros() as usize * self.words;
        put(&mut self.bits[t..t + self.words], i, false);
    }
    /// Empties every space.
    pub fn clear(&mut self) {
        self.cells.iter_mut().for_each(|c| *c = Cell::default());
        self.bits.iter_mut().for_each(|w| *w = 0);
    }
    /// The spaces holding a piece of this kind and side, as bit set words.
    #[inline]
    pub(crate) fn set_words(&self, kind: PieceKind, side: Side) -> &[u64] {
        let t = Cell::bit(kind, side).trailing_zeros() as usize * self.words;
        &self.bits[t..t + self.words]
    }
}
