//! Property tests on random boards (random terrain, cover elements, pieces and a small
//! structure): line of sight is symmetric ("Line of Sight Around Corners", IMPORTANT: "if an
//! enemy unit has clear line of sight to a friendly unit, that friendly unit has clear line of
//! sight to that enemy unit"); range is symmetric and consistent with reach ("1) Check Range":
//! "measured by spaces, just like movement"); every path reach returns is legal, within budget,
//! and ends where the unit may stop ("Movement Rules").

use dust_core::reach::can_stop;
use dust_core::*;
use proptest::prelude::*;

const KINDS: [PieceKind; 3] = [PieceKind::Squad, PieceKind::Hero, PieceKind::Vehicle];

/// Raw material for a random board.
#[derive(Debug, Clone)]
struct Raw {
    w: u8,
    h: u8,
    cells: Vec<u8>,
    pieces: Vec<u8>,
    /// Structure: (col, row, width-1, height-1, entrance bits, large bits), if any.
    structure: Option<(u8, u8, u8, u8, u8, u8)>,
}

fn raw() -> impl Strategy<Value = Raw> {
    (2u8..=8, 2u8..=8)
        .prop_flat_map(|(w, h)| {
            let n = usize::from(w) * usize::from(h);
            (
                Just(w),
                Just(h),
                proptest::collection::vec(any::<u8>(), n),
                proptest::collection::vec(any::<u8>(), n),
                proptest::option::of((0..w, 0..h, 0u8..2, 0u8..2, any::<u8>(), any::<u8>())),
            )
        })
        .prop_map(|(w, h, cells, pieces, structure)| Raw {
            w,
            h,
            cells,
            pieces,
            structure,
        })
}

/// Builds the board: terrain from `cells` (mostly open), cover elements where allowed, at most
/// one structure with random entrances, pieces on about a fifth of the spaces.
fn build(r: &Raw) -> (Board, Occupancy) {
    let (w, h) = (r.w, r.h);
    let sq = |i: usize| Square::new((i % usize::from(w)) as u8, (i / usize::from(w)) as u8);
    let mut terrain: Vec<Terrain> = r
        .cells
        .iter()
        .map(|&c| match c % 16 {
            0 => Terrain::NoDot,
            1 => Terrain::Water,
            2 => Terrain::Rubble,
            3 => Terrain::Smoke,
            _ => Terrain::Open,
        })
        .collect();
    let mut structures = Vec::new();
    if let Some((c, rr, dw, dh, ent, large)) = r.structure {
        let mut interior = Vec::new();
        for dc in 0..=dw {
            for dr in 0..=dh {
                if c + dc < w && rr + dr < h {
                    interior.push(Square::new(c + dc, rr + dr));
                }
            }
        }
        let mut entrances = Vec::new();
        for (k, &s) in interior.iter().enumerate() {
            let i = usize::from(s.row()) * usize::from(w) + usize::from(s.col());
            terrain[i] = if terrain[i] == Terrain::NoDot { Terrain::Open } else { terrain[i] };
            for (d, dir) in Dir::ALL.iter().enumerate() {
                let bit = (k * 4 + d) % 8;
                if ent & (1 << bit) == 0 {
                    continue;
                }
                let (dc, dr) = dir.delta();
                let out = s.offset(dc, dr).filter(|o| o.col() < w && o.row() < h && !interior.contains(o));
                if out.is_some() {
                    let size = if large & (1 << bit) != 0 {
                        EntranceSize::Large
                    } else {
                        EntranceSize::Small
                    };
                    entrances.push(EntranceSetup { at: s, side: *dir, size });
                }
            }
        }
        let inner_walls = if interior.len() >= 2 && ent & 1 == 1 {
            vec![InnerWallSetup {
                between: (interior[0], interior[1]),
                entrance: (large & 2 == 2).then_some(EntranceSize::Small),
            }]
        } else {
            vec![]
        };
        structures.push(StructureSetup {
            name: "s".into(),
            interior,
            entrances,
            inner_walls,
        });
    }
    let has_large = structures
        .first()
        .is_some_and(|s: &StructureSetup| s.entrances.iter().any(|e| e.size == EntranceSize::Large));
    let in_structure = |s: Square| structures.first().is_some_and(|st: &StructureSetup| st.interior.contains(&s));
    let mut cover = Vec::new();
    for (i, &c) in r.cells.iter().enumerate() {
        let s = sq(i);
        if !terrain[i].allows_cover_element() {
            continue;
        }
        match c / 16 {
            0 | 1 => cover.push((s, CoverElement::AmmoCrate)),
            2 if !in_structure(s) || has_large => cover.push((s, CoverElement::AntiTankTrap)),
            _ => {}
        }
    }
    let board = Board::new(BoardSetup {
        width: w,
        height: h,
        terrain,
        cover,
        structures,
    })
    .expect("random board is valid");
    let mut occ = Occupancy::new(&board);
    for (i, &p) in r.pieces.iter().enumerate() {
        let s = sq(i);
        if board.terrain(s) == Terrain::NoDot || p % 5 != 0 {
            continue;
        }
        let kind = KINDS[usize::from(p / 5) % 3];
        let side = if p & 0x80 != 0 { Side::A } else { Side::B };
        occ.place(s, kind, side);
    }
    (board, occ)
}

fn step_cost(a: Square, b: Square, diag_used: &mut bool, agile: bool) -> u32 {
    if a.col() != b.col() && a.row() != b.row() {
        let c = if agile || !*diag_used { 1 } else { 2 };
        *diag_used = true;
        c
    } else {
        1
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    /// Line of sight is symmetric for every pair of spaces and every pair of kinds.
    #[test]
    fn line_of_sight_is_symmetric(r in raw()) {
        let (board, occ) = build(&r);
        for from in board.squares() {
            for to in board.squares() {
                for attacker in KINDS {
                    for target in KINDS {
                        let shot = Shot { from, to, attacker, target };
                        let there = line_of_sight(&board, &occ, &shot);
                        let back = line_of_sight(&board, &occ, &shot.reversed());
                        prop_assert_eq!(there.is_ok(), back.is_ok(), "{:?}: {:?} / {:?}", shot, there, back);
                    }
                }
            }
        }
    }

    /// Range is symmetric, zero only on the same space, and 1 exactly for neighbours.
    #[test]
    fn range_is_symmetric(a in (0u8..26, 0u8..99), b in (0u8..26, 0u8..99)) {
        let (a, b) = (Square::new(a.0, a.1), Square::new(b.0, b.1));
        prop_assert_eq!(range(a, b), range(b, a));
        prop_assert_eq!(range(a, b) == 0, a == b);
        prop_assert_eq!(range(a, b) == 1, a.is_adjacent(b));
    }

    /// On an open board with no pieces, one move action of N points reaches exactly the spaces
    /// at range 1..=N, and with Agile exactly the spaces within N king steps.
    #[test]
    fn reach_on_open_board_matches_range(w in 1u8..=12, h in 1u8..=12, c in 0u8..12, rr in 0u8..12, n in 1u8..=6, kind in 0usize..3) {
        let at = Square::new(c % w, rr % h);
        let setup = BoardSetup { width: w, height: h, terrain: vec![Terrain::Open; usize::from(w) * usize::from(h)], ..BoardSetup::default() };
        let board = Board::new(setup).unwrap();
        let occ = Occupancy::new(&board);
        let m = Mover { at, kind: KINDS[kind], side: Side::A, movement: n, actions: 1, agile: false, fast: false, jump: false };
        let got = reach(&board, &occ, &m).squares();
        let want: Vec<Square> = board.squares().filter(|&s| (1..=u32::from(n)).contains(&range(at, s))).collect();
        prop_assert_eq!(got, want);
        let got = reach(&board, &occ, &Mover { agile: true, ..m }).squares();
        let cheb = |s: Square| u32::from(s.col().abs_diff(at.col()).max(s.row().abs_diff(at.row())));
        let want: Vec<Square> = board.squares().filter(|&s| (1..=u32::from(n)).contains(&cheb(s))).collect();
        prop_assert_eq!(got, want);
    }

    /// Every path is made of legal steps from the start to the space, costs what `cost` says
    /// and no more than the activation's points; reach never lists the start or a space where
    /// the unit may not stop.
    #[test]
    fn reach_paths_are_legal(r in raw(), at in any::<u16>(), kind in 0usize..3, movement in 1u8..=3, actions in 1u8..=2, flags in 0u8..8, side in any::<bool>()) {
        let (board, mut occ) = build(&r);
        let at = board.square_at(usize::from(at) % board.len());
        prop_assume!(board.terrain(at) != Terrain::NoDot && board.terrain(at) != Terrain::Water);
        let side = if side { Side::A } else { Side::B };
        let kind = KINDS[kind];
        // The mover stands alone in its space.
        for k in KINDS {
            for s in Side::ALL {
                occ.remove(at, k, s);
            }
        }
        occ.place(at, kind, side);
        let m = Mover { at, kind, side, movement, actions, agile: flags & 1 != 0, fast: flags & 2 != 0, jump: flags & 4 != 0 };
        let res = reach(&board, &occ, &m);
        let budget = u32::from(movement) * u32::from(actions) + u32::from(m.fast);
        for s in res.squares() {
            prop_assert!(s != at);
            prop_assert!(res.contains(s));
            prop_assert!(can_stop(&board, &occ, &m, s), "{} listed but the unit may not stop there", s);
            let path = res.path(s).unwrap();
            prop_assert_eq!(path.first(), Some(&at));
            prop_assert_eq!(path.last(), Some(&s));
            let mut diag_used = false;
            let mut cost = 0;
            for step in path.windows(2) {
                prop_assert_eq!(check_step(&board, &occ, &m, step[0], step[1]), Ok(()), "{:?} in {:?}", step, path);
                cost += step_cost(step[0], step[1], &mut diag_used, m.agile);
            }
            prop_assert_eq!(res.cost(s), Some(cost), "{:?}", path);
            prop_assert!(cost <= budget, "{:?} costs {}", path, cost);
        }
        prop_assert!(!res.contains(at));
        prop_assert_eq!(res.path(at), None);
    }
}
