//! Where units return from reserve (tactics-battlefront-2013-rules.txt, "Reserves": "Unless
//! otherwise noted, reserves move on from the same squares that the original force could move
//! on from"; "Scenario 3: Bait and Flank": "These units move on to the squares along the short
//! edges of their opponent's board"). Dice are scripted.

use dust_core::battlefront::ScenarioRules;
use dust_core::game::tests_support::{battlefront, open_game, placed, rifle, sq, squad, Table};
use dust_core::game::Decision;
use dust_core::{BySide, Side, Square, WeaponRange};
use std::sync::Arc;

/// Two boards of 8x6 with their long edges touching (rows 1-6 side A's, 7-12 side B's); each
/// force enters by the short edge of its own board, A on column A, B on column H.
fn table(rules: &str) -> Table {
    let gun = Arc::new(squad("A", 6, vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 12 }, 1)]));
    let b = Arc::new(squad("B", 1, vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 6 }, 1)]));
    // B's second unit stays on the board: with all of B's units on the board eliminated the
    // game would end ("Ending the Game").
    let mut s = battlefront(open_game(
        8,
        12,
        vec![placed(&gun, Side::A, "D3"), placed(&b, Side::B, "D9"), placed(&b, Side::B, "E12")],
    ));
    s.bf_rules = ScenarioRules::preset(rules).expect("preset");
    s.entry = BySide {
        a: (0..6).map(|r| Square::new(0, r)).collect(),
        b: (6..12).map(|r| Square::new(7, r)).collect(),
    };
    let mut t = Table::new(s);
    t.initiative(Side::A);
    t.activate(0, "nothing attack", &[], &[(0, "u1", 0)], &[]);
    t.roll(6, 1);
    t.roll(1, 0);
    t.decide("reserve yes");
    t.pass(2);
    t.initiative(Side::B);
    t.decide("activate u1");
    t
}

/// The squares the returning unit may move on to in its first Move.
fn entry_moves(t: &mut Table) -> Vec<Square> {
    t.decide("plan move nothing");
    let mut v: Vec<Square> = t
        .game
        .legal_decisions()
        .iter()
        .filter_map(|d| match d {
            Decision::MoveTo(s) => Some(*s),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

#[test]
fn bait_and_flank_reserves_enter_by_the_short_edges_of_the_opponents_board() {
    let mut t = table("bait-and-flank");
    let moves = entry_moves(&mut t);
    // Side B's force entered on column H of rows 7-12; back from reserve it moves on by the
    // short edges of side A's board: columns A and H of rows 1-6 (and from there on).
    assert!(
        moves.contains(&sq("A1")) && moves.contains(&sq("H1")) && moves.contains(&sq("H6")),
        "{moves:?}"
    );
    assert!(
        !moves.contains(&sq("H12")) && !moves.contains(&sq("H9")),
        "not by its own edge: {moves:?}"
    );
}

#[test]
fn other_scenarios_reserves_enter_where_their_force_entered() {
    let mut t = table("grab-the-dust");
    let moves = entry_moves(&mut t);
    assert!(moves.contains(&sq("H12")) && moves.contains(&sq("H7")), "{moves:?}");
    assert!(!moves.contains(&sq("A1")) && !moves.contains(&sq("H1")), "{moves:?}");
}
