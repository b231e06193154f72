//! Issue 10: the greedy player's battlefront choices. The facing at the end of a Move
//! (tactics-battlefront-2013-rules.txt, "Move and March Move Actions": units "end their movement
//! facing in any direction"; "1) Check Field of Fire": front-mounted weapons fire 45 degrees
//! either side of the facing) turns the front arc to the enemies it serves against, and an
//! eliminated unit goes to reserve ("Reserves": "the owning player may elect to place it in
//! reserve until they have placed the allowed number of units in reserve") when it is worth its
//! place. Every choice is one of the engine's legal decisions.

use dust_ai::{GreedyPlayer, Player};
use dust_core::battlefront::{Facing, ScenarioRules};
use dust_core::game::tests_support::{open_game, placed, rifle, sq, squad, Table};
use dust_core::game::{Decision, Pending, UnitId, UnitSetup};
use dust_core::unit::{BattlefrontCard, BattlefrontWeapon, CombatValue, Mount};
use dust_core::{Armor, ArmorType, Edition, Side, UnitCard, UnitKind, WeaponRange};
use std::sync::Arc;

const R6: WeaponRange = WeaponRange::Spaces { min: 1, max: 6 };

/// A walker with a front-mounted gun (three dice against vehicles and soldiers) and a
/// hatch-mounted MG (one die), as the engine's own tests build Ludwig.
fn walker(name: &str) -> UnitSetup {
    let gun = |name: &str, dice: u8| {
        let mut w = rifle(name, R6, dice);
        w.table.vehicle = [CombatValue::Dice { dice, damage: 1 }; 7];
        w
    };
    let mut c = squad(name, 1, vec![gun("Gun", 3), gun("MG", 1)]);
    c.kind = UnitKind::Vehicle;
    c.armor = Armor {
        kind: ArmorType::Vehicle,
        class: 3,
    };
    c.health = 6;
    c.models.clear();
    c.soft_cover = None;
    c.hard_cover = None;
    let bf = BattlefrontCard {
        weapons: vec![
            BattlefrontWeapon {
                mount: Some(Mount::Front),
                ..BattlefrontWeapon::default()
            },
            BattlefrontWeapon {
                mount: Some(Mount::Hatch),
                ..BattlefrontWeapon::default()
            },
        ],
        ..BattlefrontCard::default()
    };
    let mut u = placed(&Arc::new(c), Side::B, "D6");
    u.battlefront = Some(Arc::new(bf));
    u
}

/// A squad whose rifles do `vehicle` dice against vehicles (none: no effect).
fn riflemen(name: &str, vehicle: Option<u8>, ap: u16) -> Arc<UnitCard> {
    let mut r = rifle("Rifle", R6, 1);
    r.table.vehicle = [vehicle.map_or(CombatValue::NoEffect, |dice| CombatValue::Dice { dice, damage: 1 }); 7];
    let mut c = squad(name, 3, vec![r]);
    c.ap = ap;
    Arc::new(c)
}

fn battlefront(units: Vec<UnitSetup>, rules: &str) -> Table {
    let mut s = open_game(8, 12, units);
    s.edition = Edition::Battlefront;
    s.bf_rules = ScenarioRules::preset(rules).expect("a preset");
    Table::new(s)
}

fn legal(t: &Table) -> Vec<Decision> {
    t.game.legal_decisions()
}

/// The walker (facing south on D6) moves one square south to D5 and takes no Attack: the engine
/// asks its facing, offering the way it went (south) first. The only enemy is on A6, to the
/// west: the greedy player turns its front gun there (west, the facing nearest the enemy's
/// direction), not south, where the first offer points.
#[test]
fn the_walker_turns_its_front_arc_to_the_enemy() {
    let foe = riflemen("Bazooka team", Some(2), 20);
    let mut t = battlefront(vec![walker("Ludwig"), placed(&foe, Side::A, "A6")], "encounter");
    t.initiative(Side::B);
    t.decide("activate u0");
    t.decide("plan move nothing");
    t.decide("move D5");
    let faces = legal(&t);
    assert_eq!(faces.len(), 8);
    assert_eq!(faces[0], Decision::Face(Facing(4)), "south first: the way it went");
    let pick = GreedyPlayer::new(1).decide(&t.game);
    assert!(faces.contains(&pick), "a legal decision");
    assert_eq!(pick, Decision::Face(Facing::WEST));
    t.game.apply(pick).expect("legal");
    let w = t.game.unit(UnitId(0));
    assert_eq!(w.at, Some(sq("D5")));
    assert!(w.facing.in_front_arc(sq("D5"), sq("A6")), "the gun bears on the enemy");
}

/// Two enemies, one on each flank of the walker (which stays on D6 and only turns): the
/// riflemen on A6 cannot hurt a vehicle, the bazooka team on G6 can. Both are targets of the
/// gun; the walker faces the one that threatens it.
#[test]
fn the_walker_faces_the_enemy_that_threatens_it() {
    let harmless = riflemen("Riflemen", None, 20);
    let bazookas = riflemen("Bazooka team", Some(3), 20);
    let mut t = battlefront(
        vec![walker("Ludwig"), placed(&harmless, Side::A, "A6"), placed(&bazookas, Side::A, "G6")],
        "encounter",
    );
    t.initiative(Side::B);
    t.decide("activate u0");
    t.decide("plan move nothing");
    t.decide("move D6");
    let pick = GreedyPlayer::new(1).decide(&t.game);
    assert_eq!(pick, Decision::Face(Facing::EAST), "{pick}");
    // Mirrored: the bazookas on the west flank.
    let mut t = battlefront(
        vec![walker("Ludwig"), placed(&bazookas, Side::A, "A6"), placed(&harmless, Side::A, "G6")],
        "encounter",
    );
    t.initiative(Side::B);
    t.decide("activate u0");
    t.decide("plan move nothing");
    t.decide("move D6");
    assert_eq!(GreedyPlayer::new(1).decide(&t.game), Decision::Face(Facing::WEST));
}

/// When the greedy player plans the walker's whole activation itself (a Move with no Attack:
/// the enemy is out of the gun's reach), the facing it gives at the end is taken from where its
/// plan ends, and the front arc holds the enemy afterwards.
#[test]
fn a_planned_move_ends_facing_the_enemy() {
    let foe = riflemen("Bazooka team", Some(2), 20);
    let mut u = walker("Ludwig");
    u.at = Some(sq("H12"));
    let mut t = battlefront(vec![u, placed(&foe, Side::A, "A1")], "encounter");
    t.initiative(Side::B);
    let mut greedy = GreedyPlayer::new(7);
    let mut faced = 0;
    while t.game.pending() == (Pending::Decision { side: Side::B }) {
        let d = greedy.decide(&t.game);
        assert!(legal(&t).contains(&d), "{d} is legal");
        if matches!(d, Decision::Face(_)) {
            faced += 1;
        }
        t.game.apply(d).expect("legal");
        if t.game.pending_roll().is_some() || t.game.declaring() != Some(UnitId(0)) {
            break;
        }
    }
    let w = t.game.unit(UnitId(0));
    let at = w.at.expect("on the board");
    assert_ne!(at, sq("H12"), "it moved");
    assert_eq!(faced, 1, "the facing was asked once");
    assert!(w.facing.in_front_arc(at, sq("A1")), "facing {:?} from {at}", w.facing);
}

/// Grab the Dust: two places in reserve. A cheap squad (5 AP) eliminated early, while two units
/// worth more (30 and 40 AP) are still fighting, is kept out to save the places for them; the
/// 40 AP unit eliminated is placed; and late in the game, with no turns left for the better
/// units to need a place, even the cheap squad is placed.
#[test]
fn reserves_are_placed_by_value() {
    let cheap = riflemen("Cheap", Some(1), 5);
    let mid = riflemen("Mid", Some(1), 30);
    let dear = riflemen("Dear", Some(1), 40);
    let shooter = Arc::new(squad(
        "Shooters",
        6,
        vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 12 }, 1)],
    ));
    let setup = |first: &Arc<UnitCard>| {
        vec![
            placed(first, Side::A, "D6"),
            placed(&mid, Side::A, "A6"),
            placed(&if Arc::ptr_eq(first, &dear) { cheap.clone() } else { dear.clone() }, Side::A, "H6"),
            placed(&shooter, Side::B, "D3"),
        ]
    };
    let eliminate = |t: &mut Table, rounds: u8| {
        // Quiet turns first: both sides do nothing.
        for _ in 1..rounds {
            t.initiative(Side::B);
            t.pass(3);
            for u in 0..3 {
                t.pass(u);
            }
        }
        t.initiative(Side::B);
        t.activate(3, "nothing attack", &[], &[(0, "u0", 0)], &[]);
        t.decide("react none");
        t.roll(6, 3);
        t.roll(3, 0);
        assert!(t.game.unit(UnitId(0)).destroyed);
        let l = legal(t);
        assert_eq!(l, [Decision::Reserve(true), Decision::Reserve(false)]);
        GreedyPlayer::new(3).decide(&t.game)
    };
    let mut t = battlefront(setup(&cheap), "grab-the-dust");
    assert_eq!(eliminate(&mut t, 1), Decision::Reserve(false), "the cheap squad waits for better");
    let mut t = battlefront(setup(&dear), "grab-the-dust");
    assert_eq!(eliminate(&mut t, 1), Decision::Reserve(true), "the dearest unit goes to reserve");
    let mut t = battlefront(setup(&cheap), "grab-the-dust");
    assert_eq!(
        eliminate(&mut t, 7),
        Decision::Reserve(true),
        "turn 7 of 8: no better use for the place"
    );
}

/// Search drops the event log: the greedy player then values the reserve decision over the
/// side's eliminated units it may be about ("Reserves"), here the only one — the same choices
/// as with the log (before: always placed).
#[test]
fn reserves_without_the_event_log() {
    let cheap = riflemen("Cheap", Some(1), 5);
    let mid = riflemen("Mid", Some(1), 30);
    let dear = riflemen("Dear", Some(1), 40);
    let shooter = Arc::new(squad(
        "Shooters",
        6,
        vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 12 }, 1)],
    ));
    for (first, other, want) in [(&cheap, &dear, false), (&dear, &cheap, true)] {
        let mut t = battlefront(
            vec![
                placed(first, Side::A, "D6"),
                placed(&mid, Side::A, "A6"),
                placed(other, Side::A, "H6"),
                placed(&shooter, Side::B, "D3"),
            ],
            "grab-the-dust",
        );
        t.initiative(Side::B);
        t.activate(3, "nothing attack", &[], &[(0, "u0", 0)], &[]);
        t.decide("react none");
        t.roll(6, 3);
        t.roll(3, 0);
        t.game.clear_events();
        assert_eq!(legal(&t), [Decision::Reserve(true), Decision::Reserve(false)]);
        assert_eq!(GreedyPlayer::new(3).decide(&t.game), Decision::Reserve(want), "{}", first.name);
    }
}
