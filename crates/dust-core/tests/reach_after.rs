//! tactics-revised-core-rules.md, "Movement Points": "For each activation, a unit's first
//! diagonal movement costs one movement point. Any additional diagonal movement costs two."
//! The discount is per activation, so a second move action after a diagonal pays 2 for its first.

use dust_core::{reach, reach_after, Board, BoardSetup, Mover, Occupancy, PieceKind, Side, Square, Terrain};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn movement_points_first_diagonal_is_per_activation() {
    let board = Board::new(BoardSetup {
        width: 6,
        height: 6,
        terrain: vec![Terrain::Open; 36],
        ..BoardSetup::default()
    })
    .unwrap();
    let occ = Occupancy::new(&board);
    let m = Mover {
        at: sq("C3"),
        kind: PieceKind::Squad,
        side: Side::A,
        movement: 2,
        actions: 1,
        agile: false,
        fast: false,
        jump: false,
    };
    let fresh = reach(&board, &occ, &m);
    let after = reach_after(&board, &occ, &m, true);
    assert!(fresh.contains(sq("D5")), "diagonal (1) + straight (1)");
    assert!(!after.contains(sq("D5")), "diagonal (2) + straight (1) is 3");
    assert!(after.contains(sq("D4")), "one diagonal for 2 points");
    assert!(after.contains(sq("C5")) && after.contains(sq("E3")));
    assert_eq!(after.cost(sq("D4")), Some(2));
    assert_eq!(fresh.cost(sq("D4")), Some(1));
    let agile = Mover { agile: true, ..m };
    assert!(
        reach_after(&board, &occ, &agile, true).contains(sq("E5")),
        "Agile: all diagonals cost 1"
    );
}
