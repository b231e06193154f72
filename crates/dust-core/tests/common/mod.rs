//! Test-only helpers: boards from ASCII grids and a tiny parser for the golden fixtures in
//! `tests/fixtures/` (see `fixtures/README.md` for the format). No dependency on dust-data.
#![allow(dead_code)]

use dust_core::*;

/// A board with its pieces, built from text.
pub struct Field {
    pub board: Board,
    pub occ: Occupancy,
    /// (space, kind, side) of every piece.
    pub pieces: Vec<(Square, PieceKind, Side)>,
}

pub fn sq(s: &str) -> Square {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Piece letters: `S` `H` `V` are a squad, hero and vehicle of side A; `q` `h` `v` of side B
/// (lowercase `s` is smoke). Pieces stand on open ground.
pub fn piece_of(ch: char) -> Option<(PieceKind, Side)> {
    Some(match ch {
        'S' => (PieceKind::Squad, Side::A),
        'H' => (PieceKind::Hero, Side::A),
        'V' => (PieceKind::Vehicle, Side::A),
        'q' => (PieceKind::Squad, Side::B),
        'h' => (PieceKind::Hero, Side::B),
        'v' => (PieceKind::Vehicle, Side::B),
        _ => return None,
    })
}

pub fn kind(s: &str) -> PieceKind {
    PieceKind::from_name(s).unwrap_or_else(|| panic!("bad kind {s}"))
}

/// A setup and pieces from grid lines (top line = highest row; spaces ignored).
pub fn setup(rows: &[&str]) -> (BoardSetup, Vec<(Square, PieceKind, Side)>) {
    let rows: Vec<String> = rows.iter().map(|r| r.chars().filter(|c| !c.is_whitespace()).collect()).collect();
    let h = rows.len() as u8;
    let w = rows[0].chars().count() as u8;
    let mut terrain = Vec::new();
    let mut cover = Vec::new();
    let mut pieces = Vec::new();
    for (i, r) in rows.iter().rev().enumerate() {
        assert_eq!(r.chars().count(), usize::from(w), "ragged grid line {r}");
        for (c, ch) in r.chars().enumerate() {
            let s = Square::new(c as u8, i as u8);
            terrain.push(match ch {
                '#' => Terrain::NoDot,
                's' => Terrain::Smoke,
                '~' => Terrain::Water,
                'x' => Terrain::Rubble,
                '.' | 'a' | 't' => Terrain::Open,
                other => {
                    let p = piece_of(other).unwrap_or_else(|| panic!("unknown map character {other:?}"));
                    pieces.push((s, p.0, p.1));
                    Terrain::Open
                }
            });
            match ch {
                'a' => cover.push((s, CoverElement::AmmoCrate)),
                't' => cover.push((s, CoverElement::AntiTankTrap)),
                _ => {}
            }
        }
    }
    (
        BoardSetup {
            width: w,
            height: h,
            terrain,
            cover,
            structures: vec![],
        },
        pieces,
    )
}

impl Field {
    pub fn new(setup: BoardSetup, pieces: Vec<(Square, PieceKind, Side)>) -> Field {
        let board = Board::new(setup).unwrap_or_else(|e| panic!("bad board: {e:?}"));
        let mut occ = Occupancy::new(&board);
        for &(s, k, side) in &pieces {
            occ.place(s, k, side);
        }
        Field { board, occ, pieces }
    }
    pub fn grid(rows: &[&str]) -> Field {
        let (s, p) = setup(rows);
        Field::new(s, p)
    }
    pub fn piece(&self, s: Square) -> Option<(PieceKind, Side)> {
        self.pieces.iter().find(|p| p.0 == s).map(|p| (p.1, p.2))
    }
    /// Line of sight with the kinds given.
    pub fn los(&self, from: &str, to: &str, attacker: PieceKind, target: PieceKind) -> Result<Cover, Blocked> {
        line_of_sight(
            &self.board,
            &self.occ,
            &Shot {
                from: sq(from),
                to: sq(to),
                attacker,
                target,
            },
        )
    }
    /// Line of sight between squads, checked both ways.
    pub fn sees(&self, from: &str, to: &str, attacker: PieceKind, target: PieceKind) -> bool {
        let there = self.los(from, to, attacker, target).is_ok();
        let back = self.los(to, from, target, attacker).is_ok();
        assert_eq!(there, back, "line of sight {from}->{to} is not symmetric");
        there
    }
    /// The cover level of a target that can be seen ("none", "soft", "hard") or "blocked".
    pub fn cover(&self, from: &str, to: &str, attacker: PieceKind, target: PieceKind) -> &'static str {
        match self.los(from, to, attacker, target) {
            Ok(c) => c.level.name(),
            Err(_) => "blocked",
        }
    }
    /// The mover standing at `at` (its piece decides kind and side; squad of side A if empty).
    pub fn mover(&self, at: &str, movement: u8, actions: u8) -> Mover {
        let (kind, side) = self.piece(sq(at)).unwrap_or((PieceKind::Squad, Side::A));
        Mover {
            at: sq(at),
            kind,
            side,
            movement,
            actions,
            agile: false,
            fast: false,
            jump: false,
        }
    }
    pub fn reach(&self, m: &Mover) -> Vec<String> {
        reach(&self.board, &self.occ, m).squares().iter().map(|s| s.to_string()).collect()
    }
}

/// Names sorted the way `Reach::squares` lists them (A1 first, row by row).
pub fn names(list: &str) -> Vec<String> {
    let mut v: Vec<Square> = list.split_whitespace().map(sq).collect();
    v.sort_by_key(|s| (s.row(), s.col()));
    v.iter().map(|s| s.to_string()).collect()
}
