//! Unit entry onto occupied or difficult entry squares (tactics-revised-core-rules.md, "Unit
//! Entry", "Spaces with Other Units", "Heroes"; docs/rulings.md, "Entering on an occupied entry
//! square"): the unit entering does not stand on the entry square yet, so whoever and whatever
//! is there counts as in any other space; the entering move ends on the entry square.

use dust_core::game::tests_support::{entering, placed, rifle, sq, squad, Table};
use dust_core::game::{Decision, GameSetup};
use dust_core::unit::{Armor, ArmorType, UnitCard, UnitKind};
use dust_core::{Board, BoardSetup, BySide, Side, Square, Terrain, WeaponRange};
use std::sync::Arc;

fn card(name: &str, kind: UnitKind, movement: u8) -> Arc<UnitCard> {
    let mut c = squad(name, 1, vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 2 }, 1)]);
    c.kind = kind;
    c.movement = movement;
    if kind == UnitKind::Vehicle {
        c.armor = Armor {
            kind: ArmorType::Vehicle,
            class: 3,
        };
        c.models.clear();
    }
    if kind == UnitKind::Hero {
        c.models.clear();
    }
    Arc::new(c)
}

/// A 4x6 board (A1 rubble when asked) where side A enters on A1 only; `units` are side A's, and
/// side B has a squad far away.
fn setup(rubble: bool, units: Vec<dust_core::game::UnitSetup>) -> GameSetup {
    let mut terrain = vec![Terrain::Open; 24];
    if rubble {
        terrain[0] = Terrain::Rubble;
    }
    let board = Board::new(BoardSetup {
        width: 4,
        height: 6,
        terrain,
        ..BoardSetup::default()
    })
    .expect("board");
    let mut units = units;
    units.push(placed(&card("Far", UnitKind::Squad, 1), Side::B, "D6"));
    GameSetup {
        board,
        entry: BySide {
            a: vec![sq("A1")],
            b: vec![sq("D6")],
        },
        round_limit: 2,
        units,
        objectives: Vec::new(),
        edition: dust_core::Edition::Revised,
        classic_dice: false,
        bf_rules: Default::default(),
    }
}

/// The spaces offered for the entering unit's first move, after `plan move nothing`.
fn entry_moves(setup: GameSetup, unit: u8) -> Vec<Square> {
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide(&format!("activate u{unit}"));
    t.decide("plan move nothing");
    let id = dust_core::game::UnitId(unit);
    if t.game.unit(id).activated && t.game.unit(id).at.is_none() {
        // No entry was possible: the activation was spent off the board.
        return Vec::new();
    }
    t.game
        .legal_decisions()
        .into_iter()
        .filter_map(|d| match d {
            Decision::MoveTo(s) => Some(s),
            _ => None,
        })
        .collect()
}

/// The entering move is one space, onto the entry square ("Unit Entry": "Each unit's first
/// action is always a one space move"): a squad cannot stop on a friendly vehicle there, so it
/// cannot pass through it to a space beyond either.
#[test]
fn a_squad_cannot_enter_onto_a_friendly_vehicle_on_the_entry_square() {
    let s = setup(
        false,
        vec![
            placed(&card("Tank", UnitKind::Vehicle, 1), Side::A, "A1"),
            entering(&card("Rifles", UnitKind::Squad, 2), Side::A),
        ],
    );
    assert_eq!(entry_moves(s, 1), vec![]);
}

#[test]
fn a_hero_may_enter_onto_a_friendly_vehicle() {
    let s = setup(
        false,
        vec![
            placed(&card("Tank", UnitKind::Vehicle, 1), Side::A, "A1"),
            entering(&card("Hero", UnitKind::Hero, 1), Side::A),
        ],
    );
    assert_eq!(entry_moves(s, 1), vec![sq("A1")]);
}

#[test]
fn a_vehicle_cannot_enter_onto_a_friendly_squad_nor_pass_through_it() {
    let s = setup(
        false,
        vec![
            placed(&card("Rifles", UnitKind::Squad, 1), Side::A, "A1"),
            entering(&card("Tank", UnitKind::Vehicle, 2), Side::A),
        ],
    );
    // Nowhere to enter: the move is spent off the board and the activation ends.
    assert_eq!(entry_moves(s, 1), vec![]);
}

#[test]
fn a_vehicle_cannot_enter_on_rubble_but_a_squad_can() {
    let tank = setup(true, vec![entering(&card("Tank", UnitKind::Vehicle, 2), Side::A)]);
    assert_eq!(entry_moves(tank, 0), vec![], "rubble blocks vehicles");
    let rifles = setup(true, vec![entering(&card("Rifles", UnitKind::Squad, 1), Side::A)]);
    assert_eq!(entry_moves(rifles, 0), vec![sq("A1")]);
}
