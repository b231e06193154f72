//! When things are declared in the battlefront edition (issue 19, item 19; conformance row
//! B-025). tactics-battlefront-2013-rules.txt, "Activating a Unit": "When activating a unit, a
//! player must declare all of that unit's intended actions, including any special actions,
//! skills, or special weapons that they want to use before performing any actions"; "4) Declare
//! Targets": "After checking the Range and Line of Sight to potential targets, a player must
//! declare each weapon's target"; "Move and March Move Actions": "Units may move fewer squares
//! than their maximum movement … and end their move facing in any direction". The actions are
//! declared up front; where a Move ends is chosen when the Move is made, and the targets in
//! step 4 of each Attack, so a reactive attack that comes between the two ("Once the reacting
//! unit finishes its actions, the enemy unit continues with its second action") is known when
//! the second action's destination or targets are chosen. The revised book declares the targets
//! before the unit activates (tactics-revised-core-rules.md, "3) Declare Targets": "Before
//! activating a unit, a player must declare all of a unit's intended actions … A player must
//! declare each weapon line's target"), and its flow stays as it was.

use dust_core::game::tests_support::{battlefront, fired, infantry, legal, moves, open_game, placed, sq, Table};
use dust_core::game::UnitId;
use dust_core::Side;

/// u0: three riflemen of side A on B1 (Move 1); u1: three riflemen of side B on B6, within
/// reactive range (four squares) once u0 stands on B2; u2: three riflemen of side B on G2,
/// five squares from B1 and B2, out of it but in the rifles' range. Side A activates first.
fn table(battlefront_edition: bool) -> Table {
    let setup = open_game(
        8,
        8,
        vec![
            placed(&infantry("Raiders", 3), Side::A, "B1"),
            placed(&infantry("Reapers", 3), Side::B, "B6"),
            placed(&infantry("Watchers", 3), Side::B, "G2"),
        ],
    );
    let mut t = Table::new(if battlefront_edition { battlefront(setup) } else { setup });
    t.initiative(Side::A);
    t
}

fn aims(t: &Table) -> Vec<String> {
    legal(t).into_iter().filter(|d| d.starts_with("aim")).collect()
}

/// "Activating a Unit" declares the actions; the Move's destination is chosen as the Move is
/// made, and the Attack's targets only after it, and after the reactive attack that the Move
/// let the enemy make: the reacting Reapers kill two Raiders, and the Raiders then choose
/// their target, firing with the one soldier left.
#[test]
fn move_then_attack_targets_are_declared_after_the_reactive_attack() {
    let mut t = table(true);
    t.decide("activate u0");
    t.decide("plan move attack");
    // Declared: the two actions. Asked now: where the first action, the Move, ends; no target.
    assert!(!moves(&t).is_empty(), "{:?}", legal(&t));
    assert!(aims(&t).is_empty(), "no target is declared before the Attack: {:?}", legal(&t));
    t.decide("move B2");
    // The Move is performed before anything about the Attack is asked.
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("B2")));
    assert_eq!(legal(&t), ["react none", "react u1"], "the enemy may react after the first action");
    t.decide("react u1");
    t.roll(2, 1); // a single army symbol: the Reapers make an Attack action
    t.declare("attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(3, 2); // two hits on the Raiders
    t.roll(2, 0); // no save
    assert_eq!(t.health(0), 1, "two Raiders fell to the reactive attack");
    // Now the Raiders' Attack: step 4, "Declare Targets", with what the reaction left.
    let offered = aims(&t);
    assert!(offered.contains(&"aim 0 u1 0".to_string()), "{offered:?}");
    assert!(offered.contains(&"aim 0 u2 0".to_string()), "{offered:?}");
    t.decide("aim 0 u1");
    assert_eq!(fired(&t).last(), Some(&("Rifle".to_string(), 1)), "the one Raider left fires");
}

/// Attack, then Move: the targets are declared for the Attack, which is performed; the enemy
/// may react; only then is the Move's destination chosen.
#[test]
fn attack_then_move_destination_is_chosen_when_the_move_is_made() {
    let mut t = table(true);
    t.decide("activate u0");
    t.decide("plan attack move");
    assert!(moves(&t).is_empty(), "no destination before the Move: {:?}", legal(&t));
    assert!(!aims(&t).is_empty(), "{:?}", legal(&t));
    t.decide("aim 0 u1");
    t.roll(3, 0);
    // The Attack is done (from B1 every enemy is five squares away: no reactive attack); then
    // the Move is asked, from where the unit stands.
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("B1")));
    let m = moves(&t);
    assert!(
        m.contains(&"move B2".to_string()) && m.contains(&"move A1".to_string()),
        "{:?}",
        legal(&t)
    );
    t.decide("move A2");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("A2")));
}

/// "March Move Actions … doubles its Move rating for the activation", and "Reacting to a March
/// Move": "the unit makes a normal Move action before you attempt the Reactive Attack, then
/// completes its March Move afterwards". The first leg's end is chosen and made, the enemy may
/// react, and then the rest of the March Move is chosen.
#[test]
fn march_move_is_completed_after_the_reaction() {
    let mut t = table(true);
    t.decide("activate u0");
    t.decide("plan march");
    assert!(moves(&t).contains(&"move B2".to_string()), "{:?}", legal(&t));
    t.decide("move B2");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("B2")));
    assert_eq!(legal(&t), ["react none", "react u1"]);
    t.decide("react none");
    let m = moves(&t);
    assert!(m.contains(&"move B3".to_string()), "the March Move goes on from B2: {m:?}");
    t.decide("move B3");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("B3")));
    assert!(t.game.unit(UnitId(0)).activated);
}

/// The revised edition keeps its flow: tactics-revised-core-rules.md, "3) Declare Targets":
/// "Before activating a unit, a player must declare all of a unit's intended actions … A player
/// must declare each weapon line's target": the Move's space and the targets are declared
/// before the first action.
#[test]
fn revised_declares_destination_and_targets_before_the_first_action() {
    let mut t = table(false);
    t.decide("activate u0");
    t.decide("plan move attack");
    t.decide("move B2");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("B1")), "not moved yet");
    assert!(!aims(&t).is_empty(), "{:?}", legal(&t));
}
