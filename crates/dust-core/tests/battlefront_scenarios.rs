//! What the battlefront scenarios ask of the engine (tactics-battlefront-2013-rules.txt,
//! "Reserves", "Scenario 2: Grab the Dust", "Scenario 4: Supply Drop", "Scenario 5: All-Out
//! Attack"): objectives taken or held at the end of a turn from turn three with no enemy within
//! two squares, victory points per turn, totals that win, and reserves. Dice are scripted.

use dust_core::battlefront::ScenarioRules;
use dust_core::game::tests_support::{battlefront, infantry, objectives_at, open_game, placed, rifle, squad, Table};
use dust_core::game::{Event, Pending, UnitId, UnitSetup};
use dust_core::{Side, WeaponRange};
use std::sync::Arc;

fn scenario(rules: &str, units: Vec<UnitSetup>, objectives: &[&str]) -> Table {
    let mut s = battlefront(open_game(8, 12, units));
    s.bf_rules = ScenarioRules::preset(rules).expect("a preset");
    s.objectives = objectives_at(objectives);
    Table::new(s)
}

/// Both sides do nothing for a round (A's unit u0 then B's unit u1).
fn quiet_round(t: &mut Table) {
    t.initiative(Side::A);
    t.pass(0);
    t.pass(1);
}

/// "Grab the Dust": "A player takes an objective by having a unit … on an objective square at
/// the end of a turn on or after turn three, providing there are no enemy units within two
/// squares. If they take the objective, they win the game."
#[test]
fn grab_the_dust_objective_taken_from_turn_three() {
    let a = infantry("A", 3);
    let b = infantry("B", 3);
    let mut t = scenario(
        "grab-the-dust",
        vec![placed(&a, Side::A, "D6"), placed(&b, Side::B, "H12")],
        &["D6"],
    );
    quiet_round(&mut t);
    quiet_round(&mut t);
    assert!(!matches!(t.game.pending(), Pending::GameOver { .. }), "not before turn three");
    quiet_round(&mut t);
    assert_eq!(t.game.pending(), Pending::GameOver { winner: Some(Side::A) });
}

/// "providing there are no enemy units within two squares": an enemy two squares away stops
/// the objective being taken.
#[test]
fn an_enemy_within_two_squares_denies_the_objective() {
    let a = infantry("A", 3);
    let b = infantry("B", 3);
    let mut t = scenario("grab-the-dust", vec![placed(&a, Side::A, "D6"), placed(&b, Side::B, "D8")], &["D6"]);
    for _ in 0..3 {
        quiet_round(&mut t);
    }
    assert!(!matches!(t.game.pending(), Pending::GameOver { .. }));
    assert_eq!(t.game.bf_holder("D6".parse().expect("square")), None);
}

/// "Supply Drop": "two victory point[s] for holding the objective on their opponent's half of
/// the table, or one victory point for the one in their own table half. A player wins by
/// gaining a total of five victory points."
#[test]
fn supply_drop_points_per_turn_and_five_to_win() {
    let a = infantry("A", 3);
    let b = infantry("B", 3);
    // Side A enters on row 1, B on row 12: C8 is in B's half, A holds it; B holds its own F11.
    let mut t = scenario(
        "supply-drop",
        vec![placed(&a, Side::A, "C8"), placed(&b, Side::B, "F11")],
        &["C8", "F11"],
    );
    for _ in 0..3 {
        quiet_round(&mut t);
    }
    let vp = t.game.victory_points();
    assert_eq!((vp.a, vp.b), (2, 1), "turn three: 2 for the opponent's half, 1 for one's own");
    quiet_round(&mut t);
    quiet_round(&mut t);
    // Turn five: A has 6, B 3.
    assert_eq!(t.game.pending(), Pending::GameOver { winner: Some(Side::A) });
}

/// "Reserves": an eliminated unit is placed in reserve ("fresh units with no damage") and moves
/// on "during any turn after the one it was eliminated in"; "Heroes can never be placed in
/// reserve"; Grab the Dust allows two, and "the owning player may elect to place it in
/// reserve".
#[test]
fn eliminated_units_return_from_reserve() {
    let a = infantry("A", 3);
    let b = infantry("B", 1);
    // B's second unit (u2) stays on the board, far away: with none of B's units left on the
    // board the game would end ("Ending the Game").
    let mut t = scenario(
        "grab-the-dust",
        vec![placed(&a, Side::A, "D3"), placed(&b, Side::B, "D6"), placed(&b, Side::B, "A12")],
        &[],
    );
    t.initiative(Side::A);
    t.activate(0, "nothing attack", &[], &[(0, "u1", 0)], &[]);
    t.decide("react none");
    t.roll(3, 1); // one hit
    t.roll(1, 0); // no save: the last miniature falls
    assert_eq!(t.game.pending(), Pending::Decision { side: Side::B }, "B elects");
    t.decide("reserve yes");
    t.pass(2);
    assert!(t
        .game
        .events()
        .iter()
        .any(|e| matches!(e, Event::Destroyed { unit: UnitId(1), .. })));
    // Side B has nothing left to activate: the turn ends, and the unit returns, off the board,
    // whole, for the next turn.
    assert_eq!(t.pending_dice(), Some(3), "the next turn's initiative");
    let u = t.game.unit(UnitId(1));
    assert!(!u.destroyed && u.at.is_none() && u.health == 1);
    assert!(t.game.events().contains(&Event::Returned(UnitId(1))));
    assert_eq!(t.game.victory_points().a, 20, "its army points still count");
}

/// tactics-battlefront-2013-rules.txt, "Reserves": "Each time a unit is eliminated, the owning
/// player may elect to place it in reserve until they have placed the allowed number of units
/// in reserve." Kept out, the unit stays eliminated and the place stays free for a later one;
/// once the places are used, no choice is asked.
#[test]
fn the_owner_may_keep_an_eliminated_unit_out_of_reserve() {
    let a = infantry("A", 6);
    let b = infantry("B", 1);
    let mut t = scenario("grab-the-dust", vec![placed(&a, Side::A, "D3"), placed(&b, Side::B, "D6")], &[]);
    t.initiative(Side::A);
    t.activate(0, "nothing attack", &[], &[(0, "u1", 0)], &[]);
    t.decide("react none");
    t.roll(6, 1);
    t.roll(1, 0);
    let legal: Vec<String> = t.game.legal_decisions().iter().map(ToString::to_string).collect();
    assert_eq!(legal, ["reserve yes", "reserve no"]);
    t.decide("reserve no");
    assert!(!t.game.events().contains(&Event::Returned(UnitId(1))));
    assert!(t.game.unit(UnitId(1)).destroyed, "it stays eliminated");
    // The same choice for each elimination while places are left; two used, none asked.
    let far = Arc::new(squad("A", 6, vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 12 }, 1)]));
    let mut t = scenario(
        "grab-the-dust",
        vec![placed(&far, Side::A, "D3"), placed(&b, Side::B, "D6"), placed(&b, Side::B, "A12")],
        &[],
    );
    for turn in 0..3 {
        if turn > 0 {
            // B's unit, back from reserve, moves on to its entry square; A shoots it again.
            t.initiative(Side::B);
            t.activate(1, "move nothing", &["D12"], &[], &[]);
            t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
        } else {
            t.initiative(Side::A);
            t.activate(0, "nothing attack", &[], &[(0, "u1", 0)], &[]);
            t.decide("react none");
        }
        t.roll(6, 1);
        t.roll(1, 0);
        assert!(t.game.unit(UnitId(1)).destroyed);
        let asked = t
            .game
            .legal_decisions()
            .first()
            .is_some_and(|d| d.to_string().starts_with("reserve"));
        assert_eq!(asked, turn < 2, "turn {turn}");
        if asked {
            t.decide("reserve yes");
        }
        t.pass(2); // B's unit that stays on the board
    }
}

/// "All-Out Attack": "A player also gains a victory point for each unit they eliminate", and
/// all eliminated units go to reserve: "Players place all eliminated units in reserve
/// (including Heroes)", no choice asked.
#[test]
fn all_out_attack_counts_units() {
    let a = infantry("A", 3);
    let b = infantry("B", 1);
    let mut t = scenario("all-out-attack", vec![placed(&a, Side::A, "D3"), placed(&b, Side::B, "D6")], &[]);
    t.initiative(Side::A);
    t.activate(0, "nothing attack", &[], &[(0, "u1", 0)], &[]);
    t.decide("react none");
    t.roll(3, 1);
    t.roll(1, 0);
    assert_eq!(t.game.victory_points().a, 1);
    assert!(!t.game.legal_decisions().iter().any(|d| d.to_string().starts_with("reserve")));
}
