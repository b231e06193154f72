//! "Command Squad Abilities" (tactics-revised-core-rules.md) played with the shipped The Boss
//! (`data/units/the-boss.toml`: Officer, Radioman, Mechanic, Medic and a weapon specialist, its
//! card listing Command Squad and Artillery Strike), not a hand-made squad: the other units
//! are built in the test with only the numbers it needs.

use dust_core::game::tests_support::{legal, open_game, placed, rifle, sq, squad, Table, R4};
use dust_core::game::{Ability, Event, Pending, UnitId};
use dust_core::{Side, UnitCard};
use dust_data::tests_support::shipped_card;
use std::sync::Arc;

fn card(name: &str) -> Arc<UnitCard> {
    Arc::new(shipped_card(name))
}

/// "Command Squad Abilities": one attempt per round, and a failure locks the abilities until the
/// next round; the Officer's order reaches only adjacent units without a Radioman (Relay); no
/// order on the Command Squad itself.
#[test]
fn command_squad_one_attempt_a_round_and_relay() {
    let cs = card("The Boss");
    let friend = Arc::new(squad("Friends", 3, vec![rifle("Rifle", R4, 1)]));
    let far = Arc::new(squad("Far Friends", 3, vec![rifle("Rifle", R4, 1)]));
    let enemy = Arc::new(squad("Enemy", 5, vec![rifle("Rifle", R4, 1)]));
    let units = vec![
        placed(&cs, Side::A, "C1"),
        placed(&friend, Side::A, "D1"),
        placed(&far, Side::A, "H1"),
        placed(&enemy, Side::B, "H8"),
    ];
    let mut t = Table::new(open_game(8, 8, units));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan skill nothing");
    let orders = legal(&t);
    assert!(
        orders.contains(&"skill get-moving u1".to_string()) && orders.contains(&"skill get-moving u2".to_string()),
        "Relay: {orders:?}"
    );
    assert!(!orders.iter().any(|o| o.ends_with(" u0")), "never on itself");
    t.decide("skill get-moving u2");
    t.roll(1, 0); // the order fails
    assert!(t
        .game
        .events()
        .iter()
        .any(|e| matches!(e, Event::AbilityUsed { success: false, .. })));
    t.pass(3);
    t.pass(1);
    t.pass(2);
    // Round 2: the Radioman is killed; the Officer's order now needs an adjacent unit.
    t.initiative(Side::B);
    let mut kill = Table::new(open_game(
        8,
        8,
        vec![
            placed(&cs, Side::A, "C1"),
            placed(&friend, Side::A, "D1"),
            placed(&far, Side::A, "H1"),
            placed(&enemy, Side::B, "C3"),
        ],
    ));
    drop(t);
    kill.auto_casualties = false;
    kill.initiative(Side::B);
    kill.activate(3, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    kill.roll(5, 1);
    kill.decide("casualty m1");
    kill.decide("activate u0");
    kill.decide("plan skill nothing");
    let orders = legal(&kill);
    assert!(
        orders.contains(&"skill get-moving u1".to_string()) && !orders.contains(&"skill get-moving u2".to_string()),
        "{orders:?}"
    );
    assert!(
        !orders.iter().any(|o| o.contains("field-repair") || o.contains("come-on-guys")),
        "these need the Radioman"
    );
    kill.decide("skill get-moving u1");
    kill.roll(1, 1);
    // The ordered unit activates right after the Command Squad.
    assert_eq!(kill.game.pending(), Pending::Decision { side: Side::A });
    assert_eq!(kill.game.declaring(), Some(UnitId(1)));
}

/// "Get up, it ain't that bad": one miniature of an adjacent squad comes back; the Medic's
/// abilities go with the Medic.
#[test]
fn medic_revives_a_miniature_and_is_lost_with_his_miniature() {
    let cs = card("The Boss");
    let friend = Arc::new(squad("Friends", 3, vec![rifle("Rifle", R4, 1)]));
    let enemy = Arc::new(squad("Enemy", 5, vec![rifle("Rifle", R4, 1)]));
    let mut t = Table::new(open_game(
        8,
        8,
        vec![
            placed(&cs, Side::A, "C1"),
            placed(&friend, Side::A, "D1"),
            placed(&enemy, Side::B, "D4"),
        ],
    ));
    t.auto_casualties = false;
    t.initiative(Side::B);
    t.activate(2, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(5, 1);
    assert_eq!(t.health(1), 2);
    t.activate(0, "skill nothing", &[], &[], &[]);
    assert!(legal(&t).contains(&"skill get-up u1".to_string()));
    t.decide("skill get-up u1");
    assert_eq!(t.health(1), 3);
    // Next round the Medic (m3) dies: no more Medic abilities.
    t.pass(1);
    t.initiative(Side::B);
    t.activate(2, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(5, 1);
    t.decide("casualty m3");
    t.decide("activate u0");
    t.decide("plan skill nothing");
    assert!(!legal(&t).iter().any(|o| o.contains("get-up")));
}

/// "Come on guys; we're going back out there": a destroyed squad returns whole and activates at
/// once from the entry squares; a Medic succeeds only once per game.
#[test]
fn come_on_guys_revives_a_destroyed_squad() {
    let cs = card("The Boss");
    let friend = Arc::new(squad("Friends", 2, vec![rifle("Rifle", R4, 1)]));
    let enemy = Arc::new(squad("Enemy", 5, vec![rifle("Rifle", R4, 1)]));
    let mut t = Table::new(open_game(
        8,
        8,
        vec![
            placed(&cs, Side::A, "A2"),
            placed(&friend, Side::A, "D2"),
            placed(&enemy, Side::B, "D5"),
        ],
    ));
    t.initiative(Side::B);
    t.activate(2, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(5, 2);
    assert!(t.game.unit(UnitId(1)).destroyed);
    t.activate(0, "skill nothing", &[], &[], &[]);
    t.decide("skill come-on-guys u1");
    t.roll(1, 1);
    assert!(!t.game.unit(UnitId(1)).destroyed);
    assert_eq!(t.game.declaring(), Some(UnitId(1)));
    t.declare("move nothing", &["B1"], &[], &[]);
    assert_eq!((t.health(1), t.game.unit(UnitId(1)).at), (2, Some(sq("B1"))));
    assert_eq!(t.game.victory_points().b, 20, "the first destruction still counts");
    assert!(t.game.unit(UnitId(0)).abilities_used.contains(&Ability::ComeOnGuys));
}

/// "Get up, it ain't that bad": the player chooses which missing miniature comes back; it
/// returns "with its special weapons and full ammo for any limited weapons".
#[test]
fn medic_chooses_the_miniature_that_gets_up() {
    let cs = card("The Boss");
    let mut bazooka = rifle("Bazooka", R4, 1);
    bazooka.ammo = Some(2);
    let mut friends = squad("Friends", 3, vec![rifle("Rifle", R4, 1), bazooka]);
    // m0 and m1 carry rifles, m2 the bazooka.
    friends.models[0].weapons = 1;
    friends.models[1].weapons = 1;
    friends.models[2].weapons = 2;
    let friends = Arc::new(friends);
    let enemy = Arc::new(squad("Enemy", 5, vec![rifle("Rifle", R4, 1)]));
    let mut t = Table::new(open_game(
        8,
        8,
        vec![
            placed(&cs, Side::A, "C1"),
            placed(&friends, Side::A, "D1"),
            placed(&enemy, Side::B, "D4"),
        ],
    ));
    t.auto_casualties = false;
    t.initiative(Side::B);
    t.activate(2, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(5, 2);
    t.decide("casualty m0");
    t.decide("casualty m2");
    assert_eq!(t.health(1), 1);
    t.activate(0, "skill nothing", &[], &[], &[]);
    t.decide("skill get-up u1");
    // A rifleman or the bazooka man: two kinds of miniature, so the Medic's side chooses.
    assert_eq!(legal(&t), vec!["revive m0", "revive m2"]);
    t.decide("revive m2");
    assert_eq!(t.health(1), 2);
    let u = t.game.unit(UnitId(1));
    assert!(u.alive & (1 << 2) != 0 && u.alive & 1 == 0);
    assert_eq!(u.ammo[1], 2, "the bazooka comes back with full ammo");
}
