//! Passengers, tank riders, pilots and sidekicks on the Battlefield table (issue 24), each test
//! written from the words of tactics-battlefield-summary.md ("the book"): "CARRYING
//! PASSENGERS", "VEHICLE WEAPONS" ("PASSENGERS (#)", "PILOT: NAME", "TANK RIDERS (#)"),
//! "HEROES" ("Piloting Vehicles and Aircraft", sidekicks) and "SCENARIO SPECIAL RULES" (ambush
//! and reserves with the units a vehicle carries). Each names the section it reads and asserts
//! the outcome the book states, through the public API only.
//!
//! Dice are the engine's seeded dice: a test about a roll plays the same position over a fixed
//! set of seeds and checks every outcome that came up, and that each outcome it is about came up.

use dust_core::field::tests_support::{
    activate, aircraft_card, hero_card, rest_one, rolls, settle, squad_card, vehicle_card, weapon, Builder,
};
use dust_core::field::{Action, Aim, Decision, Event, FieldCard, FieldGame, MiniMove, Pending, Purpose, Reserves, Seat, SetupError};
use dust_core::unit::{ArmorType, BattlefrontKind, BattlefrontSkill, Locomotion};
use dust_core::Side;
use dust_geom::exact::Pt;
use dust_geom::measure::body_gap;
use dust_geom::table::TerrainKind;

use Action::*;

const SEEDS: u64 = 40;

/// A vehicle with "Passengers (`n`)" (hull 10 × 6 cm, Move 2).
fn transport(name: &str, n: u8) -> FieldCard {
    let mut c = vehicle_card(name, Locomotion::Tracked);
    c.bf.passengers = n;
    c
}

/// A squad of `n` soldiers of infantry Armour `armour` (Move 1: 10 cm).
fn squad(name: &str, n: u8, armour: u8) -> FieldCard {
    let mut c = squad_card(name, n);
    c.card.armor.class = armour;
    c
}

/// A hero with battlefront skill `skill`.
fn pilot(name: &str, skill: BattlefrontSkill) -> FieldCard {
    let mut c = hero_card(name);
    c.bf.skills.push(skill);
    c
}

/// A squad far off that fires 20 dice at range 10: it kills what it aims at.
fn killers() -> FieldCard {
    let mut c = squad_card("Killers", 1);
    c.card.weapons[0] = weapon("Big Gun", Some(10), 20);
    c
}

/// Unit `k` (its plan Attack + Nothing) fires line 0 at unit 0 and the casualties are taken:
/// the rolls for the units carried in unit 0 if it was eliminated, `None` if it survived.
fn kill_vehicle(g: &mut FieldGame, k: usize) -> Option<Vec<(u16, u16)>> {
    activate(g, k, &[Attack, Nothing]);
    let from = g.events().len();
    g.apply(Decision::Attack(vec![Aim {
        line: 0,
        target: 0,
        at: None,
    }]))
    .unwrap();
    settle(g);
    g.units()[0].destroyed.then(|| rolls(g, from, Purpose::Carried))
}

/// The transport (unit 0) at (50, 50) facing +y: its hull spans x 47–53, y 45–55.
const T: (f64, f64) = (50.0, 50.0);

/// Points in contact with the transport's left side (x = 45.4: a 2.5 cm base 0.35 cm from the
/// hull), 3 cm apart.
fn contact(n: usize) -> Vec<MiniMove> {
    (0..n)
        .map(|i| MiniMove {
            mini: i,
            to: Pt::cm(45.4, 46.5 + 3.0 * i as f64),
            via: Vec::new(),
        })
        .collect()
}

fn first(g: &mut FieldGame, side: Side) {
    if g.candidates(2).iter().any(|d| matches!(d, Decision::First(_))) {
        g.apply(Decision::First(side)).expect("first");
    }
}

// ----- CARRYING PASSENGERS: mounting -------------------------------------------------------------

/// "CARRYING PASSENGERS", "Mounting Vehicles": "To mount a vehicle, all of the infantry unit's
/// miniatures must move into contact with the vehicle's body or hull. If some of the miniatures
/// cannot do so, the unit cannot mount. Place a miniature from the unit on the vehicle's unit
/// card to show that they are mounted."
#[test]
fn a_unit_mounts_when_every_miniature_moves_into_contact() {
    let game = || {
        Builder::default()
            .unit(Side::A, transport("Truck", 6), &[T], 0)
            .unit(Side::A, squad("Grenadiers", 3, 2), &[(40.0, 47.0), (40.0, 50.0), (40.0, 53.0)], 0)
            .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180)
            .game(1)
    };
    let mut g = game();
    first(&mut g, Side::A);
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
    // One miniature ends 3 cm short of the hull: the unit cannot mount.
    let mut short = contact(3);
    short[2].to = Pt::cm(42.0, 52.5);
    let e = g
        .check(&Decision::Mount { vehicle: 0, minis: short })
        .expect_err("not all in contact");
    assert!(e.to_string().contains("contact"), "{e}");
    g.apply(Decision::Mount {
        vehicle: 0,
        minis: contact(3),
    })
    .expect("all in contact: it mounts");
    assert_eq!(g.aboard(1), Some((0, Seat::Passenger)));
    assert!(
        g.table().units[1].minis.is_empty(),
        "the miniatures leave the table for the vehicle"
    );
    assert_eq!(g.units()[1].models.len(), 3, "and are not lost");
    // Out of reach of the Move, it cannot mount either.
    let mut g = game();
    first(&mut g, Side::A);
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
    let far: Vec<MiniMove> = contact(3)
        .into_iter()
        .map(|mut m| {
            m.to = Pt::cm(56.6, m.to.to_cm().1);
            m.via = vec![Pt::cm(45.0, 40.0), Pt::cm(56.6, 40.0)];
            m
        })
        .collect();
    assert!(g.check(&Decision::Mount { vehicle: 0, minis: far }).is_err(), "beyond its Move");
}

/// "Passengers (#)": "(#) indicates how many spaces it has for soldiers with infantry Armour 1 or
/// 2. Soldiers with infantry Armour rating 3 or 4 occupy 2 spaces. Multiple units can board the
/// same vehicle as long as they do not occupy more spaces than the vehicle has."
#[test]
fn spaces_count_armour_three_and_four_soldiers_twice() {
    let with = |squads: &[(u8, u8)]| {
        let mut b =
            Builder::default()
                .unit(Side::A, transport("Truck", 6), &[T], 0)
                .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180);
        for (k, &(n, armour)) in squads.iter().enumerate() {
            let pts: Vec<(f64, f64)> = (0..n)
                .map(|i| (48.0 + 2.0 * f64::from(i % 2), 46.0 + 2.5 * f64::from(i / 2) + 0.0 * k as f64))
                .collect();
            b = b.unit(Side::A, squad(&format!("Squad {k}"), n, armour), &pts, 0).aboard(0);
        }
        FieldGame::new(b.setup(), 1)
    };
    // 6 soldiers of Armour 2: 6 spaces, full.
    let g = with(&[(3, 2), (3, 1)]).expect("3 + 3 spaces of 6");
    assert_eq!(g.spaces_used(0), 6);
    // 3 soldiers of Armour 3: 6 spaces, full; 4 of Armour 4 need 8.
    assert!(with(&[(3, 3)]).is_ok(), "3 × 2 spaces of 6");
    match with(&[(4, 4)]) {
        Err(SetupError::Aboard(_, why)) => assert!(why.contains("spaces"), "{why}"),
        other => panic!("8 spaces in a vehicle of 6: {other:?}"),
    }
    match with(&[(3, 2), (2, 3)]) {
        Err(SetupError::Aboard(..)) => {}
        other => panic!("3 + 4 spaces in a vehicle of 6: {other:?}"),
    }
    // A vehicle without Passengers (#) carries none.
    let b = Builder::default()
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[T], 0)
        .unit(Side::A, squad("Grenadiers", 1, 2), &[T], 0)
        .aboard(0)
        .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180);
    assert!(matches!(FieldGame::new(b.setup(), 1), Err(SetupError::Aboard(..))));
}

/// "TANK RIDERS (#)": "A vehicle equipped to carry tank riders operates like a vehicle carrying
/// passengers": it carries infantry in the same spaces.
#[test]
fn tank_riders_board_like_passengers() {
    let mut tank = vehicle_card("Tank", Locomotion::Tracked);
    tank.bf.tank_riders = 4;
    let b = |n: u8| {
        Builder::default()
            .unit(Side::A, tank.clone(), &[T], 0)
            .unit(
                Side::A,
                squad("Riders", n, 2),
                &(0..n).map(|i| (49.0, 46.0 + 2.5 * f64::from(i))).collect::<Vec<_>>(),
                0,
            )
            .aboard(0)
            .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180)
            .setup()
    };
    let g = FieldGame::new(b(4), 1).expect("4 riders on 4 spaces");
    assert_eq!(g.aboard(1), Some((0, Seat::Passenger)));
    assert!(FieldGame::new(b(5), 1).is_err(), "5 riders on 4 spaces");
}

/// "TANK RIDERS (#)": "for each hit on it, the vehicle's owner rolls 1 additional die. For each
/// ☹️, 1 miniature chosen by the player is eliminated or 1 hero suffers a point of damage" (a hit
/// on it: a hit it suffers; ☹️: the target symbol, docs/rulings.md, "Battlefield: passengers").
/// A vehicle that carries passengers rolls nothing for them while it stands.
#[test]
fn tank_riders_roll_a_die_for_each_hit_on_their_vehicle() {
    let (mut lost, mut spared) = (0, 0);
    for (riders, seeds) in [(true, 0..SEEDS), (false, 0..5)] {
        for seed in seeds {
            let mut tank = vehicle_card("Tank", Locomotion::Tracked);
            tank.card.health = 40;
            if riders {
                tank.bf.tank_riders = 4;
            } else {
                tank.bf.passengers = 4;
            }
            let mut g = Builder::default()
                .unit(Side::A, tank, &[T], 0)
                .unit(Side::A, squad("Riders", 3, 2), &[(49.0, 46.0), (49.0, 49.0), (49.0, 52.0)], 0)
                .aboard(0)
                .unit(Side::A, squad("Others", 1, 2), &[(150.0, 20.0)], 0)
                .unit(Side::B, killers(), &[(50.0, 110.0)], 180)
                .game(seed);
            assert!(kill_vehicle(&mut g, 3).is_none(), "the tank stands");
            let suffered: u32 = g
                .events()
                .iter()
                .filter_map(|e| match e {
                    Event::Damaged(0, p) => Some(u32::from(*p)),
                    _ => None,
                })
                .sum();
            let r = rolls(&g, 0, Purpose::Carried);
            if !riders {
                assert!(r.is_empty(), "passengers roll nothing while their vehicle stands");
                continue;
            }
            if suffered == 0 {
                assert!(r.is_empty());
                continue;
            }
            assert_eq!(r.len(), 1, "seed {seed}: {r:?}");
            assert_eq!(u32::from(r[0].0), suffered, "seed {seed}: one die for each hit on the tank");
            let k = usize::from(r[0].1).min(3);
            assert_eq!(g.units()[1].models.len(), 3 - k, "seed {seed}: a rider for each ☹️");
            assert_eq!(g.aboard(1).is_some(), k < 3, "the survivors ride on");
            if k > 0 {
                lost += 1;
            } else {
                spared += 1;
            }
        }
    }
    assert!(lost > 0 && spared > 0, "{lost} lost riders, {spared} lost none");
}

// ----- Activating while mounted ------------------------------------------------------------------

fn loaded(seed: u64) -> FieldGame {
    Builder::default()
        .unit(Side::A, transport("Truck", 6), &[T], 0)
        .unit(Side::A, squad("Grenadiers", 3, 2), &[(49.0, 46.0), (49.0, 49.0), (49.0, 52.0)], 0)
        .aboard(0)
        .unit(Side::B, killers(), &[(50.0, 110.0)], 180)
        .game(seed)
}

/// "Activating While Mounted": "Passengers can dismount from a vehicle by activating before the
/// vehicle activates and performing a MOVE or MARCH MOVE action to move away from it. Other than
/// this, they cannot perform MOVE or MARCH MOVE actions while being carried as passengers."
/// A Move reaches 10 cm (Move 1) from the hull, a March Move 20 cm.
#[test]
fn passengers_dismount_within_their_move_before_the_vehicle_activates() {
    let mut g = loaded(1);
    first(&mut g, Side::A);
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
    // 12 cm from the hull (x 53 + 12 + 1.25): beyond a Move.
    let far = Decision::Dismount(vec![Pt::cm(66.25, 46.0), Pt::cm(66.25, 49.0), Pt::cm(66.25, 52.0)]);
    let e = g.check(&far).expect_err("beyond the Move");
    assert!(e.to_string().contains("cm from"), "{e}");
    assert!(
        g.check(&Decision::Move {
            minis: contact(1),
            facing: None
        })
        .is_err(),
        "a Move of passengers is a dismount"
    );
    let near = Decision::Dismount(vec![Pt::cm(60.0, 46.0), Pt::cm(60.0, 49.0), Pt::cm(60.0, 52.0)]);
    g.apply(near).expect("within 10 cm of the hull");
    assert_eq!(g.aboard(1), None);
    assert_eq!(g.table().units[1].minis.len(), 3);
    // With a March Move, 20 cm.
    let mut g = loaded(1);
    first(&mut g, Side::A);
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![March])).unwrap();
    g.apply(far).expect("12 cm is within a March Move");
}

/// "Passengers can dismount from a vehicle by activating before the vehicle activates": once
/// the vehicle has activated, they cannot plan a MOVE or MARCH MOVE; and "Passengers cannot
/// perform SUSTAINED ATTACK actions … while mounted".
#[test]
fn no_dismounting_after_the_vehicle_activates_and_no_sustained_attack() {
    let mut g = loaded(1);
    first(&mut g, Side::A);
    g.apply(Decision::Activate(1)).unwrap();
    let e = g.check(&Decision::Plan(vec![Sustained])).expect_err("no sustained attack aboard");
    assert!(e.to_string().contains("SUSTAINED"), "{e}");
    let mut g = loaded(1);
    first(&mut g, Side::A);
    g.apply(Decision::Activate(0)).unwrap();
    g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
    settle(&mut g);
    // The other side activates, then A's passengers.
    while g.pending() == Pending::Decision(Side::B) {
        let d = g
            .candidates(4)
            .into_iter()
            .find(|d| matches!(d, Decision::Pass))
            .unwrap_or_else(|| g.candidates(4)[0].clone());
        g.apply(d).unwrap();
        if g.asks().starts_with("the activation") {
            g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
        }
        settle(&mut g);
    }
    g.apply(Decision::Activate(1)).unwrap();
    let e = g
        .check(&Decision::Plan(vec![Move, Nothing]))
        .expect_err("the vehicle has activated");
    assert!(e.to_string().contains("has activated"), "{e}");
    assert!(g.check(&Decision::Plan(vec![Nothing, Nothing])).is_ok());
}

/// "Damage to Passengers": "Once mounted, passengers cannot be targeted by an attack."
#[test]
fn passengers_cannot_be_targeted() {
    let mut g = loaded(1);
    activate(&mut g, 2, &[Attack, Nothing]);
    let at_passengers = Decision::Attack(vec![Aim {
        line: 0,
        target: 1,
        at: None,
    }]);
    assert!(g.check(&at_passengers).is_err(), "the passengers are not a target");
    assert!(
        g.check(&Decision::Attack(vec![Aim {
            line: 0,
            target: 0,
            at: None
        }]))
        .is_ok(),
        "the vehicle is"
    );
    assert!(!g
        .candidates(50)
        .iter()
        .any(|d| matches!(d, Decision::Attack(a) if a.iter().any(|x| x.target == 1))));
}

/// "Damage to Passengers": "If a vehicle is eliminated while carrying passengers, the vehicle's
/// owner rolls 1 die for each miniature mounted in it, and 1 miniature chosen by the player is
/// eliminated or 1 hero suffers a point of damage for each ☹️. The unit gains a Suppression token
/// and counts as having activated for this turn. If the vehicle is carrying multiple units, roll
/// separately for each unit. Any surviving miniatures in the unit are placed within range 1
/// (10cm/4") of the vehicle."
#[test]
fn a_destroyed_vehicle_rolls_a_die_per_passenger_suppresses_and_places_survivors_within_10_cm() {
    let (mut losses, mut none_lost) = (0, 0);
    for seed in 0..SEEDS {
        let mut truck = transport("Truck", 6);
        truck.card.health = 1;
        let mut g = Builder::default()
            .unit(Side::A, truck, &[T], 0)
            .unit(Side::A, squad("Grenadiers", 3, 2), &[(49.0, 46.0), (49.0, 49.0), (49.0, 52.0)], 0)
            .aboard(0)
            .unit(Side::A, hero_card("Sergeant"), &[(50.0, 50.0)], 0)
            .aboard(0)
            .unit(Side::B, killers(), &[(50.0, 110.0)], 180)
            // Yet to activate: the turn goes on after the attack.
            .unit(Side::A, squad("Others", 1, 2), &[(150.0, 20.0)], 0)
            .game(seed);
        let hull = g.table().units[0].minis[0].body.clone();
        let Some(r) = kill_vehicle(&mut g, 3) else {
            continue;
        };
        assert_eq!(r.len(), 2, "seed {seed}: one roll for each unit carried: {r:?}");
        assert_eq!(r[0].0, 3, "a die for each of the squad's miniatures");
        assert_eq!(r[1].0, 1, "a die for the hero");
        let lost = usize::from(r[0].1);
        assert_eq!(g.units()[1].models.len(), 3 - lost.min(3), "seed {seed}: a miniature for each ☹️");
        assert_eq!(
            g.units()[2].health,
            3 - r[1].1.min(3) as u8,
            "seed {seed}: a point of damage for each ☹️"
        );
        if lost > 0 {
            losses += 1;
        } else {
            none_lost += 1;
        }
        for u in [1, 2] {
            assert_eq!(g.aboard(u), None);
            assert!(g.units()[u].activated, "seed {seed}: unit {u} counts as having activated");
            if g.units()[u].destroyed {
                continue;
            }
            for m in &g.table().units[u].minis {
                assert!(
                    body_gap(&m.body, &hull).within(1_000),
                    "seed {seed}: placed within 10 cm of the vehicle"
                );
            }
        }
        if !g.units()[1].destroyed {
            assert!(g.units()[1].tokens.suppressed, "the squad gains a Suppression token");
        }
        assert!(!g.units()[2].tokens.suppressed, "a hero is never suppressed");
    }
    assert!(losses > 0 && none_lost > 0, "both outcomes came up: {losses} {none_lost}");
}

// ----- Piloting Vehicles and Aircraft ------------------------------------------------------------

/// "Piloting Vehicles and Aircraft": "A hero with the Pilot or Ace Pilot skill can pilot a
/// vehicle. A hero with the Air Pilot or Ace Air Pilot skill can pilot an aircraft. Only 1 hero
/// may pilot a vehicle or aircraft at a time." "PILOT: NAME": "A vehicle with the Pilot: Name
/// attribute can only be piloted by the named hero."
#[test]
fn pilots_pilot_vehicles_and_air_pilots_aircraft() {
    let seat = |vehicle: FieldCard, hero: FieldCard| {
        let b = Builder::default()
            .unit(Side::A, vehicle, &[T], 0)
            .unit(Side::A, hero, &[T], 0)
            .aboard(0)
            .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180);
        FieldGame::new(b.setup(), 1).ok().and_then(|g| g.aboard(1)).map(|x| x.1)
    };
    let tank = || vehicle_card("Tank", Locomotion::Tracked);
    let plane = || aircraft_card("Plane");
    assert_eq!(seat(tank(), pilot("Joe", BattlefrontSkill::Pilot)), Some(Seat::Pilot));
    assert_eq!(seat(tank(), pilot("Joe", BattlefrontSkill::AcePilot)), Some(Seat::Pilot));
    assert_eq!(
        seat(tank(), pilot("Joe", BattlefrontSkill::AirPilot)),
        None,
        "an air pilot does not drive a tank"
    );
    assert_eq!(seat(plane(), pilot("Joe", BattlefrontSkill::AirPilot)), Some(Seat::Pilot));
    assert_eq!(seat(plane(), pilot("Joe", BattlefrontSkill::AceAirPilot)), Some(Seat::Pilot));
    assert_eq!(seat(plane(), pilot("Joe", BattlefrontSkill::Pilot)), None, "a pilot does not fly");
    assert_eq!(seat(tank(), hero_card("Joe")), None, "a hero without the skill");
    let mut named = tank();
    named.bf.pilot_hero = Some("Koshka".into());
    assert_eq!(seat(named.clone(), pilot("Joe", BattlefrontSkill::Pilot)), None, "Pilot: Koshka");
    assert_eq!(seat(named, pilot("Koshka", BattlefrontSkill::Pilot)), Some(Seat::Pilot));
    // Only one pilot: a second pilot hero in a vehicle with no passengers is refused.
    let b = Builder::default()
        .unit(Side::A, tank(), &[T], 0)
        .unit(Side::A, pilot("Joe", BattlefrontSkill::Pilot), &[T], 0)
        .aboard(0)
        .unit(Side::A, pilot("Jack", BattlefrontSkill::Pilot), &[T], 0)
        .aboard(0)
        .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180);
    assert!(matches!(FieldGame::new(b.setup(), 1), Err(SetupError::Aboard(..))));
}

fn piloted(seed: u64, vehicle: FieldCard) -> FieldGame {
    Builder::default()
        .unit(Side::A, vehicle, &[T], 0)
        .unit(Side::A, pilot("Joe", BattlefrontSkill::Pilot), &[T], 0)
        .aboard(0)
        .unit(Side::B, killers(), &[(50.0, 110.0)], 180)
        .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180)
        .game(seed)
}

/// "When a vehicle/aircraft with a pilot activates, its pilot also activates performing the same
/// action as the vehicle/aircraft. Count them as a single unit when determining how many units
/// have yet to activate for the Passing rule." "While piloting a vehicle/aircraft, a hero cannot
/// be targeted by an attack".
#[test]
fn a_pilot_activates_with_his_vehicle_counts_with_it_and_is_no_target() {
    let mut g = piloted(1, vehicle_card("Tank", Locomotion::Tracked));
    assert_eq!(g.left_to_activate(Side::A), 1, "the vehicle and its pilot count as one unit");
    assert_eq!(g.left_to_activate(Side::B), 2);
    first(&mut g, Side::B);
    g.apply(Decision::Activate(2)).unwrap();
    g.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
    assert!(
        g.check(&Decision::Attack(vec![Aim {
            line: 0,
            target: 1,
            at: None
        }]))
        .is_err(),
        "the pilot is no target"
    );
    g.apply(Decision::Attack(vec![])).unwrap();
    settle(&mut g);
    g.apply(Decision::Activate(0)).unwrap();
    assert!(g.units()[1].activated, "the pilot activates with his vehicle");
}

/// "The hero can dismount before the vehicle/aircraft activates by performing a MOVE or MARCH
/// MOVE action to move out of the vehicle's square then continue his activation as normal." "If
/// the hero dismounts the vehicle/aircraft, it cannot take any actions until he mounts it again,
/// unless it is a large or huge vehicle." "A hero cannot mount and dismount a vehicle in the
/// same activation."
#[test]
fn a_pilot_dismounts_and_his_vehicle_waits_for_him_unless_large() {
    for (large, rests) in [(false, true), (true, false)] {
        let mut tank = vehicle_card("Tank", Locomotion::Tracked);
        if large {
            tank.bf.kind = Some(BattlefrontKind::LargeVehicle);
        }
        let mut g = piloted(1, tank);
        first(&mut g, Side::A);
        g.apply(Decision::Activate(1)).expect("the pilot activates on his own");
        assert!(
            g.check(&Decision::Plan(vec![Attack, Nothing])).is_err(),
            "he activates alone only to dismount"
        );
        g.apply(Decision::Plan(vec![Move, Move].into_iter().take(1).chain([Nothing]).collect()))
            .unwrap();
        g.apply(Decision::Dismount(vec![Pt::cm(40.0, 50.0)])).expect("within 10 cm");
        assert_eq!(g.aboard(1), None);
        settle(&mut g);
        while g.pending() == Pending::Decision(Side::B) {
            g.apply(Decision::Pass).or_else(|_| g.apply(Decision::Activate(3))).unwrap();
            if g.asks().starts_with("the activation") {
                g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
            }
            settle(&mut g);
        }
        g.apply(Decision::Activate(0)).unwrap();
        assert_eq!(g.check(&Decision::Plan(vec![Move, Nothing])).is_err(), rests, "large {large}");
        assert!(g.check(&Decision::Plan(vec![Nothing, Nothing])).is_ok());
    }
    // Mounting then dismounting in one activation.
    let mut g = Builder::default()
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[T], 0)
        .unit(Side::A, pilot("Joe", BattlefrontSkill::Pilot), &[(40.0, 50.0)], 0)
        .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180)
        .game(1);
    first(&mut g, Side::A);
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
    g.apply(Decision::Mount {
        vehicle: 0,
        minis: contact(1),
    })
    .expect("the pilot mounts");
    assert_eq!(g.aboard(1), Some((0, Seat::Pilot)));
    // (His plan's Nothing follows; a Move he planned after it would have to be a dismount.)
    let mut g = Builder::default()
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[T], 0)
        .unit(Side::A, pilot("Joe", BattlefrontSkill::Pilot), &[(40.0, 50.0)], 0)
        .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180)
        .game(1);
    first(&mut g, Side::A);
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![March])).unwrap();
    g.apply(Decision::Mount {
        vehicle: 0,
        minis: contact(1),
    })
    .unwrap();
    assert_eq!(g.acting(), None, "the march move was his activation");
}

/// "If the vehicle/aircraft is destroyed while the hero is piloting it, the pilot's player rolls
/// a die. On ☒ or ☑, the hero escapes unharmed. Otherwise the hero takes a point of damage. He is
/// then placed within range 1 (10cm/4") of the vehicle, counting as having activated for this
/// turn."
#[test]
fn a_pilot_escapes_on_army_or_shield_else_takes_a_point_and_lands_within_10_cm() {
    let (mut safe, mut hurt) = (0, 0);
    for seed in 0..SEEDS {
        let mut tank = vehicle_card("Tank", Locomotion::Tracked);
        tank.card.health = 1;
        let mut g = piloted(seed, tank);
        let hull = g.table().units[0].minis[0].body.clone();
        let Some(r) = kill_vehicle(&mut g, 2) else {
            continue;
        };
        assert_eq!(r.len(), 1, "one die: {r:?}");
        assert_eq!(r[0].0, 1);
        let escaped = r[0].1 == 1;
        assert_eq!(g.units()[1].health, if escaped { 3 } else { 2 }, "seed {seed}");
        if escaped {
            safe += 1;
        } else {
            hurt += 1;
        }
        assert!(g.units()[1].activated);
        let m = &g.table().units[1].minis[0];
        assert!(body_gap(&m.body, &hull).within(1_000), "within 10 cm");
    }
    assert!(safe > 0 && hurt > 0, "{safe} escaped, {hurt} hurt");
    assert!(safe > hurt, "two faces of three save him: {safe} against {hurt}");
}

// ----- Sidekicks ---------------------------------------------------------------------------------

/// "HEROES": "Superhumans are heroes, but can never join a unit. Some have sidekicks, heroes who
/// possess the Sidekick attribute and follow all the normal rules for heroes, with the exception
/// that they can join the named superhuman to form a combined unit."
#[test]
fn a_sidekick_joins_the_superhuman_his_card_names() {
    let mut sup = hero_card("Grandma");
    sup.bf.skills.push(BattlefrontSkill::Superhuman);
    sup.card.armor.class = 4;
    let mut kick = hero_card("Sidekick");
    kick.bf.sidekick = Some("Grandma".into());
    let mut other = hero_card("Stranger");
    other.bf.sidekick = Some("Somebody Else".into());
    let mut g = Builder::default()
        .unit(Side::A, sup, &[(50.0, 50.0)], 0)
        .unit(Side::A, kick, &[(55.0, 50.0)], 0)
        .unit(Side::A, other, &[(45.0, 50.0)], 0)
        .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180)
        .game(1);
    first(&mut g, Side::A);
    assert!(
        g.check(&Decision::ActivateWith(0, 1)).is_ok(),
        "the sidekick joins his superhuman (of another Armour)"
    );
    let e = g.check(&Decision::ActivateWith(0, 2)).expect_err("not his superhuman");
    assert!(e.to_string().contains("not an infantry squad"), "{e}");
    assert!(g.check(&Decision::ActivateWith(1, 0)).is_err(), "the superhuman never joins");
    assert!(g.candidates(40).contains(&Decision::ActivateWith(0, 1)));
    g.apply(Decision::ActivateWith(0, 1)).unwrap();
    assert!(g.units()[1].activated, "they activate together");
    g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
    // The combined unit moves together: the sidekick is m1, after the superhuman's m0.
    g.apply(Decision::Move {
        minis: vec![
            MiniMove {
                mini: 0,
                to: Pt::cm(50.0, 55.0),
                via: vec![],
            },
            MiniMove {
                mini: 1,
                to: Pt::cm(55.0, 55.0),
                via: vec![],
            },
        ],
        facing: None,
    })
    .expect("a combined unit");
    assert_eq!(g.table().units[1].minis[0].body.centre(), Pt::cm(55.0, 55.0));
}

// ----- SCENARIO SPECIAL RULES --------------------------------------------------------------------

/// "Reserves": "A vehicle or aircraft that can carry passengers or tank riders … and its
/// passengers and carried vehicles may arrive together. Roll once for them all: if successful,
/// the vehicle or aircraft moves onto the table carrying the other units." "A hero that can
/// join or pilot a unit may arrive with the unit." And "You must hold at least half of your
/// units (heroes are separate units) in reserve": the units carried are held with it.
#[test]
fn passengers_and_pilot_arrive_with_their_vehicle_on_one_roll() {
    let (mut arrived, mut stayed) = (0, 0);
    for seed in 0..SEEDS {
        let mut truck = transport("Truck", 6);
        truck.bf.skills.push(BattlefrontSkill::Unique);
        let mut g = Builder::default()
            .arrival(Side::A, &[(0.0, 0.0), (180.0, 0.0), (180.0, 12.0), (0.0, 12.0)])
            .reserves(Reserves::Reserves)
            .unit(Side::A, truck, &[(50.0, 6.0)], 0)
            .in_reserve()
            .unit(Side::A, squad("Grenadiers", 2, 2), &[(49.0, 4.0), (49.0, 7.0)], 0)
            .aboard(0)
            .unit(Side::A, pilot("Joe", BattlefrontSkill::Pilot), &[(50.0, 6.0)], 0)
            .aboard(0)
            .arrival(Side::B, &[(0.0, 108.0), (180.0, 108.0), (180.0, 120.0), (0.0, 120.0)])
            .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180)
            .unit(Side::B, squad("Far", 1, 2), &[(150.0, 116.0)], 180)
            .in_reserve()
            .game(seed);
        first(&mut g, Side::A);
        let from = g.events().len();
        g.apply(Decision::Activate(0)).unwrap();
        let r = rolls(&g, from, Purpose::Reserves);
        assert_eq!(r.len(), 1, "seed {seed}: one roll for them all: {r:?}");
        assert_eq!(g.aboard(1), Some((0, Seat::Passenger)));
        assert_eq!(g.aboard(2), Some((0, Seat::Pilot)));
        assert!(g.units()[2].activated, "the pilot comes with his vehicle");
        if g.units()[0].in_reserve {
            stayed += 1;
        } else {
            arrived += 1;
            assert_eq!(g.table().units[0].minis.len(), 1, "the vehicle moves on carrying them");
        }
    }
    assert!(arrived > 0 && stayed > 0, "{arrived} arrived, {stayed} stayed");
}

/// A table holding only the transport in reserve, its passengers not: the passengers are held
/// with it, so the side holds 2 of 3 units ("at least half").
#[test]
fn units_aboard_a_vehicle_in_reserve_count_as_held_in_reserve() {
    let b = Builder::default()
        .arrival(Side::A, &[(0.0, 0.0), (180.0, 0.0), (180.0, 12.0), (0.0, 12.0)])
        .reserves(Reserves::Reserves)
        .unit(Side::A, transport("Truck", 6), &[(50.0, 6.0)], 0)
        .in_reserve()
        .unit(Side::A, squad("Grenadiers", 2, 2), &[(49.0, 4.0), (49.0, 7.0)], 0)
        .aboard(0)
        .unit(Side::A, squad("Walkers", 1, 2), &[(100.0, 60.0)], 0)
        .arrival(Side::B, &[(0.0, 108.0), (180.0, 108.0), (180.0, 120.0), (0.0, 120.0)])
        .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 0)
        .unit(Side::B, squad("Far", 1, 2), &[(150.0, 116.0)], 0)
        .in_reserve();
    assert!(FieldGame::new(b.setup(), 1).is_ok());
}

/// "Ambush": "You may hold a hero that can join or pilot the unit in ambush with it. You may
/// hold an infantry unit in ambush with a vehicle or aircraft that can carry passengers or tank
/// riders." "You may place a unit held in ambush (and any hero and passengers held with them)
/// on the table at the start of the unit's activation … Any passengers activate separately
/// later in the turn."
#[test]
fn passengers_held_in_ambush_with_their_vehicle_are_placed_with_it_and_activate_later() {
    let mut g = Builder::default()
        .deployment(Side::A, &[(0.0, 0.0), (180.0, 0.0), (180.0, 40.0), (0.0, 40.0)])
        .terrain(TerrainKind::Wall, &[(0.0, 60.0), (180.0, 60.0), (180.0, 61.0), (0.0, 61.0)])
        .unit(Side::A, transport("Truck", 6), &[(50.0, 20.0)], 0)
        .in_ambush()
        .unit(Side::A, squad("Grenadiers", 2, 2), &[(49.0, 18.0), (49.0, 21.0)], 0)
        .aboard(0)
        .unit(Side::A, pilot("Joe", BattlefrontSkill::Pilot), &[(50.0, 20.0)], 0)
        .aboard(0)
        .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180)
        .game(3);
    assert!(g.table().units[0].minis.is_empty(), "the vehicle is held off the table");
    first(&mut g, Side::A);
    g.apply(Decision::Activate(0)).unwrap();
    g.apply(Decision::Place(vec![Pt::cm(30.0, 10.0)]))
        .expect("placed in the deployment area");
    assert_eq!(g.table().units[0].minis.len(), 1);
    assert_eq!(g.aboard(1), Some((0, Seat::Passenger)), "its passengers come with it");
    assert_eq!(g.aboard(2), Some((0, Seat::Pilot)), "and its pilot");
    assert!(g.units()[2].activated, "the pilot acts with it");
    assert!(!g.units()[1].activated, "the passengers activate separately later in the turn");
}

/// The generator proposes mounting and dismounting, and every decision it proposes passes the
/// check (issue 24, "Decisions in a continuous space").
#[test]
fn the_generator_proposes_mounting_and_dismounting() {
    let mut g = Builder::default()
        .unit(Side::A, transport("Truck", 6), &[T], 0)
        .unit(Side::A, squad("Grenadiers", 3, 2), &[(40.0, 47.0), (40.0, 50.0), (40.0, 53.0)], 0)
        .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180)
        .game(1);
    first(&mut g, Side::A);
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
    let c = g.candidates(30);
    let mount = c
        .iter()
        .find(|d| matches!(d, Decision::Mount { .. }))
        .expect("a mount is proposed")
        .clone();
    assert!(c.iter().all(|d| g.check(d).is_ok()));
    g.apply(mount).unwrap();
    let mut g = loaded(1);
    first(&mut g, Side::A);
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
    let c = g.candidates(30);
    assert!(c.iter().any(|d| matches!(d, Decision::Dismount(_))), "{c:?}");
    assert!(c.iter().all(|d| g.check(d).is_ok()));
    let _ = ArmorType::Soldier;
}

/// Random games on a table with a transport, its passengers, a squad to board it and a pilot:
/// every decision the generator proposes passes `check` and `apply`, and over the games units
/// mount, dismount, and ride in a vehicle that is eliminated (issue 24, "Decisions in a
/// continuous space"). Twenty games of four turns.
#[test]
fn random_games_with_passengers_propose_only_legal_decisions() {
    use dust_core::GameRng;
    let (mut mounts, mut dismounts, mut wrecks) = (0, 0, 0);
    for seed in 0..20 {
        let mut truck = transport("Truck", 6);
        truck.card.health = 2;
        let mut b = Builder::default()
            .unit(Side::A, truck, &[T], 0)
            .unit(Side::A, squad("Grenadiers", 3, 2), &[(49.0, 46.0), (49.0, 49.0), (49.0, 52.0)], 0)
            .aboard(0)
            .unit(Side::A, squad("Walkers", 2, 2), &[(40.0, 47.0), (40.0, 50.0)], 0)
            .unit(Side::A, pilot("Joe", BattlefrontSkill::Pilot), &[T], 0)
            .aboard(0)
            .unit(Side::B, killers(), &[(50.0, 100.0)], 180)
            .unit(Side::B, squad("Foes", 3, 2), &[(90.0, 90.0), (93.0, 90.0), (96.0, 90.0)], 180);
        b.turns = 4;
        let mut g = b.game(seed);
        let mut rng = GameRng::new(seed ^ 0x5a55);
        play_checked(&mut g, seed, |_, c| {
            // Mount or dismount when offered (half the time), else at random.
            let pick = c
                .iter()
                .find(|d| matches!(d, Decision::Mount { .. } | Decision::Dismount(_)) && rng.index(2) == 0)
                .unwrap_or(&c[rng.index(c.len())])
                .clone();
            match pick {
                Decision::Mount { .. } => mounts += 1,
                Decision::Dismount(_) => dismounts += 1,
                _ => {}
            }
            pick
        });
        wrecks += rolls(&g, 0, Purpose::Carried).len();
    }
    assert!(
        mounts > 0 && dismounts > 0 && wrecks > 0,
        "mounts {mounts}, dismounts {dismounts}, rolls for units carried {wrecks}"
    );
}

/// Plays `g` to its end with the decisions `pick` chooses among the generator's candidates,
/// asserting that the check accepts every candidate and that each reads back from its text.
fn play_checked(g: &mut FieldGame, seed: u64, mut pick: impl FnMut(&FieldGame, &[Decision]) -> Decision) {
    let mut steps = 0;
    while let Pending::Decision(_) = g.pending() {
        let c = g.candidates(8);
        assert!(!c.is_empty(), "seed {seed}: no candidate for {}", g.asks());
        for d in &c {
            assert!(g.check(d).is_ok(), "seed {seed}: {d} refused: {:?}", g.check(d));
            assert_eq!(&d.to_string().parse::<Decision>().expect("parses"), d);
        }
        let d = pick(g, &c);
        g.apply(d).expect("a candidate is legal");
        steps += 1;
        assert!(steps < 3_000, "seed {seed}: the game does not end");
    }
}

/// "If the hero dismounts the vehicle/aircraft, it cannot take any actions until he mounts it
/// again": a vehicle its pilot left makes no reactive attack. "When a vehicle/aircraft with a
/// pilot activates, its pilot also activates" and "attempting a reactive attack activates your
/// unit" ("REACTIVE ATTACKS"): a piloted vehicle that reacts takes its pilot along.
#[test]
fn a_vehicle_its_pilot_left_makes_no_reactive_attack_and_a_piloted_one_takes_him_along() {
    for dismount in [true, false] {
        let mut g = Builder::default()
            .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[T], 0)
            .unit(Side::A, pilot("Joe", BattlefrontSkill::Pilot), &[T], 0)
            .aboard(0)
            .unit(Side::A, squad("Others", 1, 2), &[(150.0, 20.0)], 0)
            .unit(Side::B, squad("Near", 1, 2), &[(50.0, 80.0)], 180)
            .unit(Side::B, squad("Far", 1, 2), &[(150.0, 110.0)], 180)
            .game(1);
        first(&mut g, Side::A);
        if dismount {
            g.apply(Decision::Activate(1)).unwrap();
            g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
            g.apply(Decision::Dismount(vec![Pt::cm(40.0, 50.0)])).unwrap();
        } else {
            g.apply(Decision::Activate(2)).unwrap();
            g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
        }
        settle(&mut g);
        assert_eq!(g.pending(), Pending::Decision(Side::B));
        g.apply(Decision::Activate(3)).unwrap();
        g.apply(Decision::Plan(vec![Move, Attack])).unwrap();
        g.apply(Decision::Move {
            minis: vec![MiniMove {
                mini: 0,
                to: Pt::cm(50.0, 75.0),
                via: vec![],
            }],
            facing: None,
        })
        .unwrap();
        if dismount {
            assert!(!g.reactors().contains(&0), "the tank its pilot left cannot react");
        } else {
            assert!(g.reactors().contains(&0), "the piloted tank may react");
            g.apply(Decision::React(Some(0))).unwrap();
            assert!(g.units()[1].activated, "its pilot activates with it");
        }
    }
}

/// tactics-battlefield-summary.md, "MINEFIELDS": "When a unit moves into, through, or out of a
/// minefield, the opposing player attacks it with a rating of ♠️₂" — and "CARRYING
/// PASSENGERS": "To mount a vehicle, all of the infantry unit's miniatures must move into contact
/// with the vehicle's body or hull". A squad that crosses a minefield on its way into a vehicle
/// is attacked like any unit moving through it (docs/rulings.md, "Battlefield: passengers"), and
/// its losses come off the soldiers now aboard.
#[test]
fn a_squad_mounting_through_a_minefield_is_attacked_by_it() {
    let mut attacked = 0;
    for seed in 0..40 {
        let mut g = Builder::default()
            .terrain(TerrainKind::Minefield, &[(42.0, 40.0), (43.0, 40.0), (43.0, 60.0), (42.0, 60.0)])
            .unit(Side::A, transport("Truck", 6), &[T], 0)
            .unit(Side::A, squad("Grenadiers", 3, 2), &[(40.0, 47.0), (40.0, 50.0), (40.0, 53.0)], 0)
            .unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180)
            .game(seed);
        first(&mut g, Side::A);
        g.apply(Decision::Activate(1)).unwrap();
        g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
        let e = g.events().len();
        g.apply(Decision::Mount {
            vehicle: 0,
            minis: contact(3),
        })
        .expect("all in contact: it mounts");
        let mines = rolls(&g, e, Purpose::Minefield);
        assert_eq!(mines.len(), 1, "one attack for the minefield crossed");
        assert_eq!(mines[0].0, 2, "two dice");
        let saved: u16 = rolls(&g, e, Purpose::Save).iter().map(|r| r.1).sum();
        let lost = usize::from(mines[0].1.saturating_sub(saved));
        if let Some(Decision::Casualties(v)) = g.candidates(4).into_iter().find(|d| matches!(d, Decision::Casualties(_))) {
            g.apply(Decision::Casualties(v)).unwrap();
        }
        assert_eq!(g.units()[1].models.len(), 3 - lost.min(3));
        if lost < 3 {
            assert_eq!(g.aboard(1), Some((0, Seat::Passenger)), "it is aboard");
        }
        attacked += usize::from(mines[0].1 > 0);
    }
    assert!(attacked > 0, "the minefield never hit in 40 games");
}

// ----- Passengers firing while mounted ---------------------------------------------------------------

/// Four soldiers (Armour 2) with a rifle (line 0, range 3, 1 die), a knife (line 1, C), a pistol
/// (line 2, range 3, 1 die) and a flamer (line 3, flame, range 1) each.
fn shooters() -> FieldCard {
    let mut c = squad("Shooters", 4, 2);
    c.card.weapons.push(weapon("Pistol", Some(3), 1));
    let mut f = weapon("Flamer", Some(1), 1);
    f.keywords.flame = true;
    c.card.weapons.push(f);
    for m in &mut c.card.models {
        m.weapons = 0b1111;
    }
    c
}

/// The transport (unit 0, Passengers (4): two soldiers a side) at `T` facing +y with the
/// Shooters aboard (unit 1); enemies (side B) at the points given, one unit each.
fn firing_from(seed: u64, enemies: &[(f64, f64)]) -> FieldGame {
    let mut b = Builder::default()
        .unit(Side::A, transport("Carrier", 4), &[T], 0)
        .unit(Side::A, shooters(), &[(49.0, 46.0), (49.0, 49.0), (49.0, 52.0), (49.0, 55.0)], 0)
        .aboard(0);
    for (k, &p) in enemies.iter().enumerate() {
        b = b.unit(Side::B, squad(&format!("Foe {k}"), 1, 2), &[p], 180);
    }
    b.game(seed)
}

fn aim(line: u8, target: usize) -> Aim {
    Aim { line, target, at: None }
}

/// "Activating While Mounted": "Passengers' weapons have the field of fire of a sidemounted
/// weapon, with up to half of the maximum number of passengers firing from each side." Four
/// soldiers in a Passengers (4) vehicle: two fire at an enemy on its left; an enemy dead ahead is
/// outside every side's field of fire. The range is measured from the vehicle's hull
/// (docs/rulings.md, "Battlefield: passengers"): the enemy 27.75 cm from the hull's side is in
/// range 3, though 30.75 cm from its centre line.
#[test]
fn passengers_fire_from_the_vehicles_sides_two_a_side() {
    // Foe 0 on the left (x < 47), Foe 1 dead ahead (+y), Foe 2 on the right.
    let mut g = firing_from(1, &[(18.0, 50.0), (50.0, 75.0), (80.0, 50.0)]);
    activate(&mut g, 1, &[Attack, Nothing]);
    let e = g.check(&Decision::Attack(vec![aim(0, 3)])).expect_err("dead ahead");
    assert!(e.reason.contains("side"), "{e}");
    g.check(&Decision::Attack(vec![aim(0, 2)]))
        .expect("on the left, in range of the hull");
    let from = g.events().len();
    g.apply(Decision::Attack(vec![aim(0, 2)])).unwrap();
    settle(&mut g);
    assert_eq!(
        rolls(&g, from, Purpose::Hit)[0].0,
        2,
        "two of the four soldiers fire from the left side"
    );
}

/// Each side has its own two windows: a rifle at an enemy on the left and a pistol at one on the
/// right fire two soldiers each; two lines at the left side fire no more than two soldiers in all.
#[test]
fn each_side_of_the_vehicle_fires_its_own_half() {
    let mut g = firing_from(2, &[(30.0, 50.0), (80.0, 50.0), (30.0, 56.0)]);
    activate(&mut g, 1, &[Attack, Nothing]);
    let from = g.events().len();
    g.check(&Decision::Attack(vec![aim(0, 2), aim(2, 3)])).expect("both sides");
    let e = g
        .check(&Decision::Attack(vec![aim(0, 2), aim(2, 4)]))
        .expect_err("the left is full");
    assert!(e.reason.contains("side"), "{e}");
    g.apply(Decision::Attack(vec![aim(0, 2), aim(2, 3)])).unwrap();
    settle(&mut g);
    let hits: Vec<u16> = rolls(&g, from, Purpose::Hit).iter().map(|r| r.0).collect();
    assert_eq!(hits, vec![2, 2], "two soldiers a side");
}

/// "Passengers cannot perform SUSTAINED ATTACK actions, nor use support weapons, flame weapons,
/// or C weapons while mounted."
#[test]
fn passengers_use_no_flame_c_or_support_weapons() {
    let mut g = firing_from(3, &[(42.0, 50.0)]);
    activate(&mut g, 1, &[Attack, Nothing]);
    let e = g
        .check(&Decision::Attack(vec![Aim {
            line: 3,
            target: 2,
            at: Some(Pt::cm(42.0, 50.0)),
        }]))
        .expect_err("flame");
    assert!(e.reason.contains("flame"), "{e}");
    let e = g.check(&Decision::Attack(vec![aim(1, 2)])).expect_err("C weapons");
    assert!(e.reason.contains("C weapons"), "{e}");
    // A support weapon team aboard does not fire at all.
    let mut g = Builder::default()
        .unit(Side::A, transport("Carrier", 4), &[T], 0)
        .unit(Side::A, dust_core::field::tests_support::support_card("Mortar"), &[(49.0, 50.0)], 0)
        .aboard(0)
        .unit(Side::B, squad("Foe", 1, 2), &[(30.0, 50.0)], 180)
        .game(3);
    activate(&mut g, 1, &[Attack, Nothing]);
    let e = g.check(&Decision::Attack(vec![aim(0, 2)])).expect_err("support weapon");
    assert!(e.reason.contains("support weapon"), "{e}");
}

/// The generator proposes the passengers' attacks (through the sides) and `check` accepts each.
#[test]
fn the_generator_proposes_passengers_attacks() {
    let mut g = firing_from(4, &[(30.0, 50.0), (50.0, 75.0)]);
    activate(&mut g, 1, &[Attack, Nothing]);
    let c = g.candidates(32);
    assert!(
        c.iter()
            .any(|d| matches!(d, Decision::Attack(a) if a.iter().any(|x| x.target == 2))),
        "{c:?}"
    );
    assert!(
        !c.iter()
            .any(|d| matches!(d, Decision::Attack(a) if a.iter().any(|x| x.target == 3))),
        "dead ahead: {c:?}"
    );
    for d in &c {
        g.check(d).unwrap();
    }
}

// ----- Tank riders ----------------------------------------------------------------------------------

/// A tank with Tank Riders (4) (unit 0, 40 damage points) at `T` facing +y, three Riders aboard
/// (unit 1; rifle line 0 range 3, knife line 1), and side B's `foe` (unit 2) at `at`.
fn riding(seed: u64, foe: FieldCard, at: (f64, f64)) -> FieldGame {
    let mut tank = vehicle_card("Tank", Locomotion::Tracked);
    tank.bf.tank_riders = 4;
    tank.card.health = 40;
    Builder::default()
        .unit(Side::A, tank, &[T], 0)
        .unit(Side::A, squad("Riders", 3, 2), &[(49.0, 46.0), (49.0, 49.0), (49.0, 52.0)], 0)
        .aboard(0)
        .unit(Side::B, foe, &[at], 180)
        .game(seed)
}

/// "TANK RIDERS (#)": "A unit riding on a vehicle can be targeted by an attack. Instead of the
/// vehicle. Use the vehicle as the target to determine field of fire, range, LOS, and cover."
/// A foe whose rifle (range 3) reaches the tank's hull 27.75 cm away hits the riders, who lose
/// soldiers; passengers inside a vehicle stay out of reach (row F-542).
#[test]
fn riders_can_be_targeted_measured_at_their_vehicle() {
    let mut foe = squad("Foe", 1, 2);
    foe.card.weapons[0] = weapon("Rifle", Some(3), 12);
    let mut hit = false;
    for seed in 0..10 {
        let mut g = riding(seed, foe.clone(), (18.0, 50.0));
        activate(&mut g, 2, &[Attack, Nothing]);
        g.check(&Decision::Attack(vec![aim(0, 1)])).expect("the riders, at the tank's hull");
        assert!(
            g.candidates(32)
                .iter()
                .any(|d| matches!(d, Decision::Attack(a) if a.iter().any(|x| x.target == 1))),
            "the generator proposes the riders as a target"
        );
        let from = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        settle(&mut g);
        let r = rolls(&g, from, Purpose::Hit);
        assert_eq!(r[0].0, 12, "the foe's rifle");
        let lost = 3 - g.units()[1].models.len();
        hit |= lost > 0;
        assert!(g.units()[0].health == 40, "the tank is not hit");
    }
    assert!(hit, "riders were lost");
    // Out of the rifle's range of the hull.
    let mut g = riding(1, foe, (10.0, 50.0));
    activate(&mut g, 2, &[Attack, Nothing]);
    let e = g.check(&Decision::Attack(vec![aim(0, 1)])).expect_err("out of range");
    assert!(e.reason.contains("range"), "{e}");
}

/// "If attacked by blast or flame weapons, both the vehicle and the unit riding on a vehicle are
/// attacked separately, and the infantry unit does not suffer additional hits if the vehicle is
/// hit." A blast on the tank rolls a die for the tank and one for each rider under it, and no
/// die for the riders because of the tank's hits.
#[test]
fn a_blast_attacks_the_vehicle_and_its_riders_separately() {
    use dust_core::unit::{BattlefrontValue, BattlefrontWeapon};
    let mut mortar = squad("Mortar team", 1, 2);
    mortar.card.weapons[0] = weapon("Mortar", Some(5), 1);
    let blast = BattlefrontValue::Blast { per_model: 1, damage: 1 };
    mortar.bf.weapons = vec![BattlefrontWeapon {
        values: vec![(ArmorType::Soldier, 2, blast), (ArmorType::Vehicle, 3, blast)],
        ..Default::default()
    }];
    for seed in 0..10 {
        let mut g = riding(seed, mortar.clone(), (50.0, 100.0));
        activate(&mut g, 2, &[Attack, Nothing]);
        let from = g.events().len();
        g.apply(Decision::Attack(vec![Aim {
            line: 0,
            target: 0,
            at: Some(Pt::cm(50.0, 56.0)),
        }]))
        .unwrap();
        settle(&mut g);
        let mut dice: Vec<u16> = rolls(&g, from, Purpose::Hit).iter().map(|r| r.0).collect();
        dice.sort_unstable();
        assert_eq!(dice, vec![1, 3], "seed {seed}: the tank's die and the three riders'");
        assert!(rolls(&g, from, Purpose::Carried).is_empty(), "no further dice for the riders");
    }
}

/// "Unlike other passengers, units riding on vehicles using the Tank Rider rule can use C
/// weapons": the riders' knife reaches a foe within 5 cm of the tank's hull; the foe fights back
/// at the riders.
#[test]
fn riders_fight_with_c_weapons() {
    let mut g = riding(1, squad("Foe", 1, 2), (44.0, 50.0));
    activate(&mut g, 1, &[Attack, Nothing]);
    let from = g.events().len();
    g.apply(Decision::Attack(vec![aim(1, 2)])).expect("a C weapon from the tank");
    settle(&mut g);
    assert_eq!(rolls(&g, from, Purpose::Hit).len(), 2, "the knives, and the foe fighting back");
}

/// Random games with riders on a tank and passengers firing from a carrier: every candidate the
/// generator lists is accepted by the check and reads back; riders are attacked and passengers
/// fire in them.
#[test]
fn random_games_with_riders_and_firing_passengers_propose_only_legal_decisions() {
    use dust_core::GameRng;
    let (mut at_riders, mut from_aboard) = (0, 0);
    for seed in 0..12 {
        let mut tank = vehicle_card("Tank", Locomotion::Tracked);
        tank.bf.tank_riders = 4;
        let mut b = Builder::default()
            .unit(Side::A, tank, &[T], 0)
            .unit(Side::A, squad("Riders", 3, 2), &[(49.0, 46.0), (49.0, 49.0), (49.0, 52.0)], 0)
            .aboard(0)
            .unit(Side::B, transport("Carrier", 4), &[(80.0, 80.0)], 180)
            .unit(Side::B, shooters(), &[(79.0, 76.0), (79.0, 79.0), (79.0, 82.0), (79.0, 85.0)], 180)
            .aboard(2)
            .unit(Side::B, squad("Foes", 2, 2), &[(30.0, 70.0), (33.0, 70.0)], 180);
        b.turns = 3;
        let mut g = b.game(seed);
        let mut rng = GameRng::new(seed ^ 0x71de);
        play_checked(&mut g, seed, |g, c| {
            // Attack when an attack is offered (most of the time), else at random.
            let pick = c
                .iter()
                .find(|d| matches!(d, Decision::Attack(a) if !a.is_empty()) && rng.index(4) > 0)
                .unwrap_or(&c[rng.index(c.len())])
                .clone();
            if let Decision::Attack(a) = &pick {
                at_riders += usize::from(a.iter().any(|x| x.target == 1 && g.aboard(1).is_some()));
                from_aboard += usize::from(g.acting() == Some(3) && g.aboard(3).is_some() && !a.is_empty());
            }
            pick
        });
    }
    assert!(
        at_riders > 0 && from_aboard > 0,
        "attacks at riders {at_riders}, from aboard {from_aboard}"
    );
}

// ----- A hero held in ambush with the unit he joins ---------------------------------------------------

/// Side A's Grenadiers (unit 0) held in ambush, and `hero` (unit 1) held with them when `held`;
/// side B far off behind a wall.
fn ambush_with(hero: FieldCard, held: bool, seed: u64) -> Result<FieldGame, SetupError> {
    let mut b = Builder::default()
        .deployment(Side::A, &[(0.0, 0.0), (180.0, 0.0), (180.0, 40.0), (0.0, 40.0)])
        .terrain(TerrainKind::Wall, &[(0.0, 60.0), (180.0, 60.0), (180.0, 61.0), (0.0, 61.0)])
        .unit(Side::A, squad("Grenadiers", 2, 2), &[(49.0, 18.0), (49.0, 21.0)], 0)
        .in_ambush()
        .unit(Side::A, hero, &[(53.0, 20.0)], 0);
    if held {
        b = b.in_ambush();
    }
    FieldGame::new(b.unit(Side::B, squad("Foes", 1, 2), &[(150.0, 110.0)], 180).setup(), seed)
}

/// "Ambush": "You may hold a hero that can join or pilot the unit in ambush with it." A hero of
/// the squad's Armour is held with it; a second unit that is no such hero is refused ("You may
/// hold one of your units in ambush").
#[test]
fn a_hero_that_can_join_the_unit_is_held_in_ambush_with_it() {
    let g = ambush_with(hero_card("Sarge"), true, 1).expect("a hero that can join the squad");
    assert!(g.table().units[1].minis.is_empty(), "the hero is held off the table");
    let mut other = hero_card("Heavy");
    other.card.armor.class = 3;
    assert!(
        matches!(ambush_with(other, true, 1), Err(SetupError::TooManyInAmbush(Side::A))),
        "a hero of another Armour cannot join it"
    );
    assert!(matches!(
        ambush_with(squad("Second", 1, 2), true, 1),
        Err(SetupError::TooManyInAmbush(Side::A))
    ));
}

/// "You may place a unit held in ambush (and any hero and passengers held with them) on the table
/// at the start of the unit's activation … Then roll 2 dice, and the unit (and any hero) performs
/// one action for each ☒ or ☑." The squad activates with the hero joining it: both are placed
/// (the hero's point after the squad's, within 15 cm of every soldier, docs/rulings.md,
/// "Battlefield: ambush") and perform the rolled actions together.
#[test]
fn a_hero_held_with_the_unit_is_placed_with_it_and_acts_with_it() {
    let mut g = ambush_with(hero_card("Sarge"), true, 2).unwrap();
    first(&mut g, Side::A);
    let c = g.candidates(16);
    assert!(c.contains(&Decision::ActivateWith(0, 1)), "{c:?}");
    g.apply(Decision::ActivateWith(0, 1)).unwrap();
    assert!(g.units()[1].activated);
    let e = g
        .check(&Decision::Place(vec![Pt::cm(30.0, 10.0), Pt::cm(33.0, 10.0)]))
        .expect_err("the hero needs his point");
    assert!(e.reason.contains("3 points"), "{e}");
    let e = g
        .check(&Decision::Place(vec![Pt::cm(30.0, 10.0), Pt::cm(33.0, 10.0), Pt::cm(60.0, 10.0)]))
        .expect_err("too far to join");
    assert!(e.reason.contains("15 cm"), "{e}");
    let cands = g.candidates(8);
    assert!(cands.iter().any(|d| matches!(d, Decision::Place(p) if p.len() == 3)), "{cands:?}");
    for d in &cands {
        g.check(d).unwrap();
    }
    let from = g.events().len();
    g.apply(Decision::Place(vec![Pt::cm(30.0, 10.0), Pt::cm(33.0, 10.0), Pt::cm(36.0, 10.0)]))
        .expect("both placed in the deployment area");
    assert_eq!(g.table().units[0].minis.len(), 2);
    assert_eq!(g.table().units[1].minis.len(), 1, "the hero is placed with the squad");
    assert_eq!(
        rolls(&g, from, Purpose::Ambush),
        vec![(2, rolls(&g, from, Purpose::Ambush)[0].1)],
        "one roll of 2 dice for both"
    );
    // Kept in ambush instead: both take NOTHING actions and stay off the table.
    let mut g = ambush_with(hero_card("Sarge"), true, 2).unwrap();
    first(&mut g, Side::A);
    g.apply(Decision::ActivateWith(0, 1)).unwrap();
    g.apply(Decision::Place(Vec::new())).unwrap();
    assert!(g.table().units[1].minis.is_empty() && g.units()[1].activated);
}

// ----- CARRYING VEHICLES: AIRLIFTER -------------------------------------------------------------------

/// An aircraft with airlifter equipment (Move 3).
fn airlifter() -> FieldCard {
    let mut c = aircraft_card("Lifter");
    c.bf.skills.push(BattlefrontSkill::Airlifter);
    c
}

/// A vehicle (4 damage points) with `skill` (airmobile or air assault).
fn liftable(name: &str, skill: Option<BattlefrontSkill>) -> FieldCard {
    let mut c = vehicle_card(name, Locomotion::Tracked);
    c.bf.skills.extend(skill);
    c
}

/// The airlifter (unit 0) at `T` with `cargo` (unit 1) aboard, side B's killers (unit 2) far
/// off, and side A's Others (unit 3), who keep the turn going.
fn lifting(cargo: FieldCard, seed: u64) -> Result<FieldGame, SetupError> {
    FieldGame::new(
        Builder::default()
            .unit(Side::A, airlifter(), &[T], 0)
            .unit(Side::A, cargo, &[T], 0)
            .aboard(0)
            .unit(Side::B, killers(), &[(50.0, 110.0)], 180)
            .unit(Side::A, squad("Others", 1, 2), &[(150.0, 20.0)], 0)
            .setup(),
        seed,
    )
}

/// "AIRLIFTER": "An airlifter can only carry airmobile or air assault vehicles." "Vehicles can
/// begin the game carried by the airlifter". One vehicle at a time (docs/rulings.md,
/// "Battlefield: airlifters").
#[test]
fn an_airlifter_carries_an_airmobile_or_air_assault_vehicle() {
    for skill in [BattlefrontSkill::Airmobile, BattlefrontSkill::AirAssault] {
        let g = lifting(liftable("Jeep", Some(skill)), 1).expect("carried from the start");
        assert_eq!(g.aboard(1), Some((0, Seat::Cargo)));
        assert!(g.table().units[1].minis.is_empty(), "off the table while carried");
    }
    let e = lifting(liftable("Tank", None), 1).expect_err("not airmobile");
    assert!(e.to_string().contains("airmobile"), "{e}");
    let two = Builder::default()
        .unit(Side::A, airlifter(), &[T], 0)
        .unit(Side::A, liftable("Jeep", Some(BattlefrontSkill::Airmobile)), &[T], 0)
        .aboard(0)
        .unit(Side::A, liftable("Jeep", Some(BattlefrontSkill::Airmobile)), &[T], 0)
        .aboard(0)
        .unit(Side::B, killers(), &[(50.0, 110.0)], 180)
        .setup();
    assert!(FieldGame::new(two, 1).is_err(), "one vehicle at a time");
}

/// "Activating While Carried": "Vehicles can dismount from an airlifter by activating before the
/// airlifter (or after if air assault vehicles) and performing a MOVE or MARCH MOVE action to move
/// away from the airlifter. Other than this, they cannot perform MOVE, MARCH MOVE, ATTACK, or
/// SUSTAINED ATTACK actions while being carried." "Damage to Carried Vehicles": "A vehicle carried
/// by an airlifter cannot be targeted by an attack."
#[test]
fn a_carried_vehicle_only_dismounts_before_the_airlifter_unless_air_assault() {
    let mut g = lifting(liftable("Jeep", Some(BattlefrontSkill::Airmobile)), 1).unwrap();
    first(&mut g, Side::A);
    g.apply(Decision::Activate(1)).unwrap();
    let e = g
        .check(&Decision::Plan(vec![Attack, Nothing]))
        .expect_err("no attack while carried");
    assert!(e.reason.contains("ATTACK"), "{e}");
    g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
    // Move 2: within 20 cm of the airlifter's hull.
    g.apply(Decision::Dismount(vec![Pt::cm(50.0, 70.0)]))
        .expect("away from the airlifter");
    assert_eq!(g.aboard(1), None);
    assert_eq!(g.table().units[1].minis.len(), 1);
    // After the airlifter has activated: only an air assault vehicle dismounts.
    for (skill, ok) in [(BattlefrontSkill::Airmobile, false), (BattlefrontSkill::AirAssault, true)] {
        let mut g = lifting(liftable("Jeep", Some(skill)), 1).unwrap();
        first(&mut g, Side::A);
        g.apply(Decision::Activate(0)).unwrap();
        g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
        let d = g
            .candidates(8)
            .into_iter()
            .find(|d| matches!(d, Decision::Move { .. }))
            .expect("a move");
        g.apply(d).unwrap();
        settle(&mut g);
        rest_one(&mut g, Side::B);
        g.apply(Decision::Activate(1)).unwrap();
        assert_eq!(g.check(&Decision::Plan(vec![Move, Nothing])).is_ok(), ok, "{skill:?}");
    }
    // Not a target.
    let mut g = lifting(liftable("Jeep", Some(BattlefrontSkill::Airmobile)), 1).unwrap();
    activate(&mut g, 2, &[Attack, Nothing]);
    assert!(g.check(&Decision::Attack(vec![aim(0, 1)])).is_err());
}

/// "To pick up a vehicle, the airlifter must start a MOVE or MARCH MOVE action directly over the
/// vehicle": `lift V` as the MOVE begins (the vehicle's centre under the airlifter's hull), then
/// the MOVE.
#[test]
fn an_airlifter_picks_up_a_vehicle_it_starts_a_move_over() {
    let mut g = Builder::default()
        .unit(Side::A, airlifter(), &[T], 0)
        .unit(Side::A, liftable("Jeep", Some(BattlefrontSkill::Airmobile)), &[T], 0)
        .unit(Side::A, liftable("Far Jeep", Some(BattlefrontSkill::Airmobile)), &[(90.0, 50.0)], 0)
        .unit(Side::A, liftable("Tank", None), &[(50.0, 20.0)], 0)
        .unit(Side::B, killers(), &[(50.0, 110.0)], 180)
        .game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    let e = g.check(&Decision::Lift(2)).expect_err("not under the airlifter");
    assert!(e.reason.contains("directly"), "{e}");
    let e = g.check(&Decision::Lift(3)).expect_err("not airmobile");
    assert!(e.reason.contains("airmobile"), "{e}");
    assert!(g.candidates(16).contains(&Decision::Lift(1)));
    assert_eq!("lift 1".parse::<Decision>(), Ok(Decision::Lift(1)));
    g.apply(Decision::Lift(1)).unwrap();
    assert_eq!(g.aboard(1), Some((0, Seat::Cargo)));
    assert!(g.check(&Decision::Lift(1)).is_err(), "once");
    // Then the airlifter moves, carrying it.
    let d = g
        .candidates(16)
        .into_iter()
        .find(|d| matches!(d, Decision::Move { .. }))
        .expect("a move");
    g.apply(d).unwrap();
}

/// "Damage to Carried Vehicles": "If an airlifter is eliminated while carrying a vehicle, the
/// airlifter's player rolls 1 die for each point of damage remaining on the vehicle's damage
/// track. The vehicle takes 1 point of damage for each ☹️ or ☹️ (only on ☹️ if the vehicle has air
/// assault equipment). If the vehicle survives, place it directly beneath the airlifter … The
/// vehicle gains a Suppression token and counts as having activated for this turn." (The faces:
/// the target or the shield, the target alone: docs/rulings.md, "Battlefield: airlifters".)
#[test]
fn a_destroyed_airlifter_drops_its_vehicle_a_die_per_damage_point() {
    let (mut hurt, mut whole) = (0u32, 0u32);
    for (skill, ratio) in [(BattlefrontSkill::Airmobile, 4.0 / 6.0), (BattlefrontSkill::AirAssault, 2.0 / 6.0)] {
        let (mut dice, mut harm) = (0u32, 0u32);
        for seed in 0..SEEDS {
            let mut g = lifting(liftable("Jeep", Some(skill)), seed).unwrap();
            g.set_health(1, 3);
            let Some(r) = kill_vehicle(&mut g, 2) else { continue };
            assert_eq!(r.len(), 1, "{r:?}");
            assert_eq!(r[0].0, 3, "a die for each damage point left");
            dice += 3;
            harm += u32::from(r[0].1);
            let left = 3u8.saturating_sub(r[0].1 as u8);
            assert_eq!(g.units()[1].destroyed, left == 0);
            if left > 0 {
                assert_eq!(g.units()[1].health, left);
                assert_eq!(g.aboard(1), None);
                assert_eq!(g.table().units[1].minis[0].body.centre(), Pt::cm(T.0, T.1), "beneath the airlifter");
                assert!(g.units()[1].tokens.suppressed && g.units()[1].activated, "{:?}", g.units()[1]);
                whole += 1;
            } else {
                hurt += 1;
            }
        }
        assert!(dice > 0);
        let f = f64::from(harm) / f64::from(dice);
        assert!((f - ratio).abs() < 0.2, "{skill:?}: {f} against {ratio}");
    }
    assert!(whole > 0, "{whole} dropped whole, {hurt} lost");
}

// ----- CARRYING VEHICLES: SEALIFTER -------------------------------------------------------------------

/// A naval vehicle with sealifter equipment (provisional test card; a naval unit: it moves only on
/// deep water, crates/dust-core/tests/field_naval.rs).
fn sealifter() -> FieldCard {
    let mut c = vehicle_card("Landing Craft", Locomotion::Tracked);
    c.bf.skills.push(BattlefrontSkill::Sealifter);
    c.card.health = 2;
    c
}

/// The sealifter (unit 0) at `T` with the units `aboard` (cards) carried from the start, side
/// B's killers (last but one) and side A's Others (last) far off; deep water under the sealifter
/// (`wet`: all of it; else its bow on the shore at y = 54).
fn sealifted(aboard: &[FieldCard], wet: bool, seed: u64) -> Result<FieldGame, SetupError> {
    let top = if wet { 80.0 } else { 54.0 };
    let mut b = Builder::default()
        .terrain(TerrainKind::DeepWater, &[(20.0, 20.0), (80.0, 20.0), (80.0, top), (20.0, top)])
        .unit(Side::A, sealifter(), &[T], 0);
    for c in aboard {
        let n = c.card.models.len().max(1);
        let pts: Vec<(f64, f64)> = (0..n).map(|i| (49.0, 46.0 + 0.5 * i as f64)).collect();
        b = b.unit(Side::A, c.clone(), &pts, 0).aboard(0);
    }
    let b = b
        .unit(Side::B, killers(), &[(50.0, 110.0)], 180)
        .unit(Side::A, squad("Others", 1, 2), &[(150.0, 100.0)], 0);
    FieldGame::new(b.setup(), seed)
}

/// "SEALIFTER": "A sealifter has 12 spaces for soldiers with infantry Armour 1 or 2. Soldiers
/// with infantry Armour rating 3 or 4 occupy 2 spaces. Most vehicles occupy 6 spaces, while large
/// vehicles occupy all 12 spaces. A sealifter cannot carry huge vehicles. Multiple units can board
/// the same sealifter as long as they do not occupy more spaces than it has."
#[test]
fn a_sealifter_has_twelve_spaces_a_vehicle_six_a_large_one_twelve() {
    let jeep = vehicle_card("Jeep", Locomotion::Wheeled);
    let mut large = vehicle_card("Big Tank", Locomotion::Tracked);
    large.bf.kind = Some(BattlefrontKind::LargeVehicle);
    let mut huge = vehicle_card("Huge Tank", Locomotion::Tracked);
    huge.bf.kind = Some(BattlefrontKind::HugeVehicle);
    let g = sealifted(&[squad("Six", 6, 2), jeep.clone()], true, 1).expect("6 soldiers and a vehicle: 12");
    assert_eq!(g.aboard(1), Some((0, Seat::Passenger)));
    assert_eq!(g.aboard(2), Some((0, Seat::Cargo)));
    assert_eq!(g.spaces_used(0), 12);
    assert!(
        sealifted(&[squad("Six", 6, 2), jeep.clone(), squad("One", 1, 2)], true, 1).is_err(),
        "13 spaces"
    );
    assert!(
        sealifted(&[squad("Three", 3, 3), jeep.clone()], true, 1).is_ok(),
        "3 soldiers of Armour 3: 6 spaces"
    );
    assert!(sealifted(&[large.clone()], true, 1).is_ok(), "a large vehicle: all 12");
    assert!(sealifted(&[large, squad("One", 1, 2)], true, 1).is_err());
    let e = sealifted(&[huge], true, 1).expect_err("no huge vehicle");
    assert!(e.to_string().contains("huge"), "{e}");
}

/// "Damage to Carried Units": "A unit carried by a sealifter cannot be targeted by an attack, and
/// cannot use its weapons." "Activating While Carried": "they cannot perform MOVE, MARCH MOVE,
/// ATTACK, or SUSTAINED ATTACK actions while being carried" (but to dismount).
#[test]
fn units_in_a_sealifter_neither_fire_nor_are_targeted() {
    let mut g = sealifted(&[squad("Six", 6, 2)], true, 1).unwrap();
    first(&mut g, Side::A);
    g.apply(Decision::Activate(1)).unwrap();
    let e = g.check(&Decision::Plan(vec![Attack, Nothing])).expect_err("no weapons");
    assert!(e.reason.contains("ATTACK"), "{e}");
    g.check(&Decision::Plan(vec![Move, Nothing])).expect("to dismount");
    let mut g = sealifted(&[squad("Six", 6, 2)], true, 1).unwrap();
    activate(&mut g, 2, &[Attack, Nothing]);
    assert!(g.check(&Decision::Attack(vec![aim(0, 1)])).is_err(), "not a target");
}

/// "If a sealifter is eliminated in deep water, all passengers and vehicles carried by it are
/// eliminated. If it is eliminated with the bow door in contact with dry land, the passengers and
/// vehicles it is carrying are unharmed and may dismount as normal."
#[test]
fn a_sealifter_lost_in_deep_water_takes_all_aboard_with_it() {
    for wet in [true, false] {
        let mut g = sealifted(&[squad("Six", 6, 2), vehicle_card("Jeep", Locomotion::Wheeled)], wet, 1).unwrap();
        let r = kill_vehicle(&mut g, 3).expect("the sealifter is lost");
        assert!(r.is_empty(), "no dice: {r:?}");
        for u in [1, 2] {
            assert_eq!(g.units()[u].destroyed, wet, "unit {u}, in deep water: {wet}");
        }
        if !wet {
            assert_eq!(g.units()[1].models.len(), 6, "unharmed");
            assert_eq!(g.aboard(1), None);
            assert!(
                !g.units()[1].tokens.suppressed && !g.units()[1].activated,
                "free to dismount as normal"
            );
            assert_eq!(g.table().units[1].minis.len(), 6, "placed by the wreck");
        }
    }
}

/// "Units can begin the game carried by the sealifter, or mount a sealifter during the game. To
/// mount a sealifter, a unit must move into the sealifter": a vehicle mounts it as passengers
/// mount theirs, moving into contact with its hull (docs/rulings.md, "Battlefield: sealifters").
#[test]
fn a_vehicle_mounts_a_sealifter_by_moving_into_it() {
    let mut g = Builder::default()
        .unit(Side::A, sealifter(), &[T], 0)
        .unit(Side::A, vehicle_card("Jeep", Locomotion::Wheeled), &[(50.0, 70.0)], 0)
        .unit(Side::B, killers(), &[(150.0, 110.0)], 180)
        .game(1);
    activate(&mut g, 1, &[Move, Nothing]);
    let into = Decision::Mount {
        vehicle: 0,
        minis: vec![MiniMove {
            mini: 0,
            to: Pt::cm(50.0, 60.5),
            via: Vec::new(),
        }],
    };
    assert!(g.candidates(16).iter().any(|d| matches!(d, Decision::Mount { vehicle: 0, .. })));
    g.apply(into).expect("into contact with the sealifter");
    assert_eq!(g.aboard(1), Some((0, Seat::Cargo)));
    assert_eq!(g.spaces_used(0), 6);
}
