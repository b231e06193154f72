//! Regression tests named after the bug they pin, with the shipped cards of the units involved.
//!
//! The game record that first found the hero-line panic no longer replays since unit entry
//! became a one-space move (tactics-revised-core-rules.md, "Unit Entry"): its Hammers entered
//! two spaces deep. The situation it reached is scripted here instead.

use dust_core::game::tests_support::{fired, open_game, placed, rifle, squad, Table, R4};
use dust_core::game::{UnitId, UnitSetup, HERO_LINE};
use dust_core::{Side, UnitCard};
use dust_data::tests_support::shipped_card;
use std::sync::Arc;

/// The Hammers (u0) on C2 with Rhino (u1) joined, and an enemy squad of five riflemen of three
/// dice each, without close-combat weapons (u2), on C5.
fn hammers_and_rhino() -> Table {
    let hammers = Arc::new(shipped_card("The Hammers"));
    let rhino = Arc::new(shipped_card("Rhino"));
    let enemy: Arc<UnitCard> = Arc::new(squad("Riflemen", 5, vec![rifle("Rifle", R4, 3)]));
    let mut joined: UnitSetup = placed(&rhino, Side::A, "C2");
    joined.joins = Some(0);
    let mut t = Table::new(open_game(
        6,
        8,
        vec![placed(&hammers, Side::A, "C2"), joined, placed(&enemy, Side::B, "C5")],
    ));
    t.initiative(Side::A);
    // MOVE + ATTACK: next to the enemy, every Rocket Punch line aimed at it; reactive fire
    // after the MOVE.
    t.activate(
        0,
        "move attack",
        &["C4"],
        &[(0, "u2", 0), (HERO_LINE, "u2", 0), (HERO_LINE + 1, "u2", 0)],
        &[],
    );
    t.decide("react u2");
    t.roll(1, 1);
    t.declare("", &[], &[(0, "u0", 0)], &[]);
    t
}

/// The Hammers with Rhino joined declared MOVE + ATTACK with Rhino's lines; reactive fire
/// killed Rhino after the move; starting the attack then indexed Rhino's weapon line on the
/// squad's card and panicked. A hero killed before the attack takes his declared lines with him
/// (tactics-revised-core-rules.md, "Heroes"; "3) Declare Targets"): only the squad's Rocket
/// Punches strike.
#[test]
fn hero_lines_after_the_hero_is_killed_by_reactive_fire() {
    let mut t = hammers_and_rhino();
    t.auto_casualties = false;
    t.roll(15, 4);
    for _ in 0..4 {
        t.decide("casualty hero");
    }
    assert!(t.game.unit(UnitId(1)).destroyed, "Rhino is eliminated");
    // The three Hammers' Rocket Punches: two dice each against soldier 2.
    t.roll(6, 0);
    let lines: Vec<String> = fired(&t).into_iter().map(|f| f.0).collect();
    assert_eq!(lines, ["Rifle", "Rocket Punch"], "Rhino's lines went with him");
}

/// Issue 18, deviation 6: reactive fire killed all three Hammers; Rhino, alive, had declared two
/// Heavy Rocket Punch lines and never attacked. The surviving hero continues the declared
/// activation (tactics-revised-core-rules.md, "Possible Situations for Reactive Fire": "If the
/// Blackhawk survives, it may continue with its ATTACK action"; docs/rulings.md, "A joined hero
/// whose squad is eliminated during their activation").
#[test]
fn rhino_punches_after_the_hammers_are_eliminated() {
    let mut t = hammers_and_rhino();
    t.roll(15, 3); // the three Hammers, the first casualty offered each time
    assert!(t.game.unit(UnitId(0)).destroyed && !t.game.unit(UnitId(1)).destroyed);
    // Rhino's two Heavy Rocket Punches: four dice each against soldier 2.
    t.roll(4, 1);
    t.roll(4, 1);
    let lines: Vec<String> = fired(&t).into_iter().map(|f| f.0).collect();
    assert_eq!(lines, ["Rifle", "Heavy Rocket Punch", "Heavy Rocket Punch"]);
    assert_eq!(t.health(2), 3, "two hits");
}
