//! More of Dust Battlefield's skills (issue 24, rows F-309, F-316, F-545, F-724 of
//! docs/conformance/battlefield.md), each test written from the words of
//! tactics-battlefield-summary.md ("the book"), "SKILLS AND EQUIPMENT" and the skill's own
//! paragraph, before the code that plays it. Each names the section it reads and asserts the
//! outcome the book states, through the public API only; cards and tables are built by hand
//! (`dust_core::field::tests_support`), their numbers the tests' own.
//!
//! Dice are the engine's seeded dice: a test about a roll plays the same position over a fixed
//! set of seeds and checks every outcome that came up, and that each outcome it is about came up.

use dust_core::field::tests_support::{
    activate, aircraft_card, hero_card, random_games, random_step_preferring, squad_card, until_activation_of, vehicle_card, weapon,
    Builder,
};
use dust_core::field::{Action, Aim, Decision, Declared, Event, FieldCard, FieldGame, Purpose, Special};
use dust_core::unit::{BattlefrontSkill, Locomotion, Role};
use dust_core::{Side, Skill, Symbols};
use dust_geom::table::TerrainKind;

use Action::*;

const SEEDS: u64 = 60;

fn line(n: usize, x: f64, y: f64) -> Vec<(f64, f64)> {
    (0..n).map(|i| (x + 3.0 * i as f64, y)).collect()
}

/// A hero with battlefront skill `skill`.
fn hero_with(name: &str, skill: BattlefrontSkill) -> FieldCard {
    let mut c = hero_card(name);
    c.bf.skills.push(skill);
    c
}

/// The rolls for `purpose` logged from event `from` on: (dice, successes).
fn rolled(g: &FieldGame, from: usize, purpose: Purpose) -> Vec<(u16, u16)> {
    g.events()[from..]
        .iter()
        .filter_map(|e| match e {
            Event::Rolled {
                purpose: p,
                dice,
                successes,
            } if *p == purpose => Some((*dice, *successes)),
            _ => None,
        })
        .collect()
}

/// Side `side` goes first, when the initiative asks.
fn first(g: &mut FieldGame, side: Side) {
    if g.candidates(2).iter().any(|d| matches!(d, Decision::First(_))) {
        g.apply(Decision::First(side)).expect("first");
    }
}

// ----- ACE PILOT, ACE AIR PILOT ---------------------------------------------------------------

/// A vehicle (unit 0) piloted by a hero with `skill` (unit 1), and a squad of side B.
fn piloted(vehicle: FieldCard, skill: BattlefrontSkill) -> Builder {
    Builder::default()
        .unit(Side::A, vehicle, &[(50.0, 50.0)], 0)
        .unit(Side::A, hero_with("Joe", skill), &[(50.0, 50.0)], 0)
        .aboard(0)
        .unit(Side::B, squad_card("Foes", 3), &line(3, 150.0, 110.0), 180)
}

/// "ACE PILOT": "This hero can pilot a vehicle. Roll a die when the vehicle they are piloting
/// activates. On ☒ or ☑ the vehicle gains a third action for this activation." "ACE AIR
/// PILOT": the same for "an aircraft" (tactics-battlefield-summary.md, "SKILLS AND
/// EQUIPMENT"; the army symbol or the shield, as Infantry Ace: docs/rulings.md, "Battlefield:
/// Ace Pilot"). A plain Pilot or Air Pilot rolls nothing and the vehicle has two actions.
#[test]
fn an_ace_pilot_rolls_for_a_third_action_of_his_vehicle() {
    let cases = [
        (vehicle_card("Tank", Locomotion::Tracked), BattlefrontSkill::AcePilot, true),
        (aircraft_card("Plane"), BattlefrontSkill::AceAirPilot, true),
        (vehicle_card("Tank", Locomotion::Tracked), BattlefrontSkill::Pilot, false),
        (aircraft_card("Plane"), BattlefrontSkill::AirPilot, false),
    ];
    for (vehicle, skill, ace) in cases {
        let b = piloted(vehicle, skill);
        let (mut three, mut two) = (0, 0);
        for seed in 0..SEEDS {
            let mut g = b.clone().game(seed);
            assert!(g.aboard(1).is_some(), "{skill:?} pilots");
            first(&mut g, Side::A);
            let from = g.events().len();
            g.apply(Decision::Activate(0)).unwrap();
            let r = rolled(&g, from, Purpose::Ace);
            if !ace {
                assert!(r.is_empty(), "{skill:?}: no die");
            } else {
                assert_eq!(r.len(), 1, "one die when the piloted vehicle activates");
                assert_eq!(r[0].0, 1);
            }
            let gained = r.first().is_some_and(|x| x.1 == 1);
            if gained {
                three += 1;
            } else {
                two += 1;
            }
            assert_eq!(g.check(&Decision::Plan(vec![March, Attack])).is_ok(), gained, "seed {seed}");
            assert_eq!(g.check(&Decision::Plan(vec![Move, Attack])).is_ok(), !gained, "seed {seed}");
            assert_eq!(g.candidates(64).contains(&Decision::Plan(vec![March, Attack])), gained);
        }
        if ace {
            assert!(three > 0 && two > 0, "{skill:?}: both outcomes came up ({three}, {two})");
        } else {
            assert_eq!(three, 0);
        }
    }
}

/// "Heroes with this skill do not share it with any unit they join" ("ACE PILOT", "ACE AIR
/// PILOT"): an Ace Pilot activating on his own or joining a squad rolls no die.
#[test]
fn an_ace_pilot_on_foot_rolls_nothing() {
    let b = Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::A, hero_with("Joe", BattlefrontSkill::AcePilot), &[(56.0, 12.0)], 0)
        .unit(Side::B, squad_card("Foes", 3), &line(3, 150.0, 110.0), 180);
    for seed in 0..10 {
        let mut g = b.clone().game(seed);
        first(&mut g, Side::A);
        let from = g.events().len();
        let d = if seed % 2 == 0 {
            Decision::Activate(1)
        } else {
            Decision::ActivateWith(0, 1)
        };
        g.apply(d).unwrap();
        assert!(rolled(&g, from, Purpose::Ace).is_empty());
        assert!(g.check(&Decision::Plan(vec![Move, Attack])).is_ok());
    }
}

// ----- CAMOUFLAGE: the special action -----------------------------------------------------------

/// Rangers (unit 0, side A, rifles of range 5) and Snipers (unit 1, side B, with Camouflage when
/// `camo`) 35 cm away in a wood, a barbed wire entanglement beside the Snipers.
fn camo_table(camo: bool) -> Builder {
    let mut rangers = squad_card("Rangers", 3);
    rangers.card.weapons[0] = weapon("Rifle", Some(5), 1);
    let mut snipers = squad_card("Snipers", 3);
    if camo {
        snipers.bf.skills.push(BattlefrontSkill::Camouflage);
    }
    let y = 20.0 + 2.5 + 35.0;
    Builder::default()
        .unit(Side::A, rangers, &line(3, 50.0, 20.0), 0)
        .unit(Side::B, snipers, &line(3, 50.0, y), 180)
        .terrain(
            TerrainKind::Woods,
            &[(30.0, y - 3.0), (90.0, y - 3.0), (90.0, y + 30.0), (30.0, y + 30.0)],
        )
        .terrain(
            TerrainKind::BarbedWire,
            &[(40.0, y - 1.0), (44.0, y - 1.0), (44.0, y + 1.0), (40.0, y + 1.0)],
        )
}

fn rifle_at(t: usize) -> Vec<Aim> {
    vec![Aim {
        line: 0,
        target: t,
        at: None,
    }]
}

/// "CAMOUFLAGE": "This unit may take a CAMOUFLAGE special action. Once it has done so, no enemy
/// unit has LOS to it if it is in cover from them and at range 3 (30cm/12") or more. This
/// benefit ends if the camouflaged unit takes any action other than a MOVE or NOTHING Action"
/// (tactics-battlefield-summary.md, "SKILLS AND EQUIPMENT"). The Snipers attack (the benefit
/// ends: the Rangers may aim at them), then take the CAMOUFLAGE special action (they are hidden
/// again); the generator proposes it, the check accepts it, and it reads back from its text.
#[test]
fn a_unit_that_lost_its_camouflage_regains_it_with_the_special_action() {
    let mut g = camo_table(true).game(1);
    assert!(g.units()[1].camouflaged, "the unit starts the game camouflaged");
    assert!(g.attack_odds(0, &rifle_at(1), false).is_err(), "hidden");
    activate(&mut g, 1, &[Attack, Special]);
    g.apply(Decision::Attack(Vec::new())).unwrap();
    assert!(!g.units()[1].camouflaged, "the ATTACK ends the benefit");
    assert!(g.attack_odds(0, &rifle_at(1), false).is_ok(), "seen once it attacked");
    g.apply(Decision::React(None)).unwrap();
    let c = g.candidates(32);
    assert!(c.contains(&Decision::Special(Special::Camouflage)), "{c:?}");
    for d in &c {
        g.check(d).unwrap();
        assert_eq!(d.to_string().parse::<Decision>().as_ref(), Ok(d));
    }
    assert_eq!(Decision::Special(Special::Camouflage).to_string(), "special camouflage");
    g.apply(Decision::Special(Special::Camouflage)).unwrap();
    assert!(g.units()[1].camouflaged, "camouflaged again");
    assert!(g.attack_odds(0, &rifle_at(1), false).is_err(), "hidden again");
}

/// "This unit may take a CAMOUFLAGE special action": a unit without the skill may not, and a
/// unit already camouflaged has nothing to regain (docs/rulings.md, "Battlefield: Camouflage").
/// Another special action ends the benefit ("any action other than a MOVE or NOTHING Action").
#[test]
fn only_a_camouflage_unit_takes_the_action_and_other_special_actions_end_it() {
    let mut g = camo_table(false).game(1);
    activate(&mut g, 1, &[Special, Nothing]);
    let e = g.check(&Decision::Special(Special::Camouflage)).unwrap_err();
    assert!(e.reason.contains("Camouflage"), "{e}");
    assert!(!g.candidates(32).contains(&Decision::Special(Special::Camouflage)));
    let mut g = camo_table(true).game(1);
    activate(&mut g, 1, &[Special, Special]);
    let e = g.check(&Decision::Special(Special::Camouflage)).unwrap_err();
    assert!(e.reason.contains("already camouflaged"), "{e}");
    assert!(!g.candidates(32).contains(&Decision::Special(Special::Camouflage)));
    // ENGINEERING on the wire beside them: the benefit ends, and the second action regains it.
    g.apply(Decision::Special(Special::Engineer(1))).unwrap();
    assert!(!g.units()[1].camouflaged, "ENGINEERING is an action other than a MOVE or NOTHING");
    g.apply(Decision::React(None)).unwrap();
    g.apply(Decision::Special(Special::Camouflage)).unwrap();
    assert!(g.units()[1].camouflaged);
}

// ----- Declaring a skill: FIGHTING SPIRIT, LUCKY -------------------------------------------------

/// A squad of 5 of side A (unit 0, rifles of 3 dice, range 3) with `skills`, a hero of side A
/// (unit 1) with `hero_skills`, and a squad of 5 of side B (unit 2) 20 cm ahead in the open.
fn spirit_table(skills: &[BattlefrontSkill], hero_skills: &[BattlefrontSkill]) -> Builder {
    let mut a = squad_card("Rangers", 5);
    a.card.weapons[0] = weapon("Rifle", Some(3), 3);
    a.bf.skills.extend_from_slice(skills);
    let mut h = hero_card("Joe");
    h.bf.skills.extend_from_slice(hero_skills);
    Builder::default()
        .unit(Side::A, a, &line(5, 50.0, 20.0), 0)
        .unit(Side::A, h, &[(59.0, 25.0)], 0)
        .unit(Side::B, squad_card("Foes", 5), &line(5, 50.0, 42.5), 180)
}

fn at_foes(g: &FieldGame, hero: bool) -> Vec<Aim> {
    let mut v = vec![Aim {
        line: 0,
        target: 2,
        at: None,
    }];
    if hero {
        // The joined hero's lines are numbered after the squad's card's two lines.
        v.push(Aim {
            line: g.card(0).card.weapons.len() as u8,
            target: 2,
            at: None,
        });
    }
    v
}

/// The faces that hit in each group of the attack `aims` of unit `u` (its odds, the live plan).
fn faces(g: &FieldGame, u: usize, aims: &[Aim]) -> Vec<Symbols> {
    g.attack_odds(u, aims, false).unwrap().groups.iter().map(|x| x.0.hit).collect()
}

/// "SKILLS AND EQUIPMENT": "A player must declare that they are using a skill before rolling any
/// dice that might be modified by that skill." "FIGHTING SPIRIT": "Once per game, this unit (and
/// any unit it has joined or hero that has joined it) hits on ☑ as well as ☒ when making an
/// ATTACK or SUSTAINED ATTACK action." Declared (`declare fighting-spirit`) before the ATTACK
/// decision, the unit and its joined hero hit on the target as well; the hit roll shows it over
/// the seeds (2 chances in 3 a die, against 1 in 2 for the army symbol alone).
#[test]
fn fighting_spirit_is_declared_before_the_roll_and_hits_on_the_target_as_well() {
    let b = spirit_table(&[BattlefrontSkill::FightingSpirit], &[]);
    let (mut dice, mut hits) = (0u32, 0u32);
    for seed in 0..SEEDS {
        let mut g = b.clone().game(seed);
        first(&mut g, Side::A);
        g.apply(Decision::ActivateWith(0, 1)).unwrap();
        g.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
        let aims = at_foes(&g, true);
        assert!(
            faces(&g, 0, &aims).iter().all(|&f| f == Symbols::ARMY),
            "undeclared: the army symbol"
        );
        let c = g.candidates(32);
        assert!(c.contains(&Decision::Declare(Declared::FightingSpirit)), "{c:?}");
        assert_eq!(Decision::Declare(Declared::FightingSpirit).to_string(), "declare fighting-spirit");
        for d in &c {
            g.check(d).unwrap();
            assert_eq!(d.to_string().parse::<Decision>().as_ref(), Ok(d));
        }
        g.apply(Decision::Declare(Declared::FightingSpirit)).unwrap();
        assert!(g.units()[0].used.fighting_spirit, "once per game: used");
        let f = faces(&g, 0, &aims);
        assert_eq!(f.len(), 2);
        assert!(f.iter().all(|&f| f == Symbols::ARMY_OR_TARGET), "the unit and its hero: {f:?}");
        let e = g.check(&Decision::Declare(Declared::FightingSpirit)).unwrap_err();
        assert!(e.reason.contains("once per game"), "{e}");
        let from = g.events().len();
        g.apply(Decision::Attack(vec![aims[0].clone()])).unwrap();
        let r = rolled(&g, from, Purpose::Hit);
        assert_eq!(r[0].0, 15, "5 soldiers, 3 dice each");
        dice += u32::from(r[0].0);
        hits += u32::from(r[0].1);
        // After the roll, nothing is declared for it.
        assert!(g.check(&Decision::Declare(Declared::FightingSpirit)).is_err());
    }
    let rate = f64::from(hits) / f64::from(dice);
    assert!((rate - 2.0 / 3.0).abs() < 0.06, "{rate} over {dice} dice");
}

/// Plays on (NOTHING actions, no reactions, the first casualties offered) until unit `u` may
/// activate again in a later turn.
fn next_activation_of(g: &mut FieldGame, u: usize) {
    let turn = g.turn();
    for _ in 0..200 {
        let c = g.candidates(64);
        if g.turn() > turn && c.contains(&Decision::Activate(u)) {
            return;
        }
        let pick = c
            .iter()
            .find(|d| {
                matches!(
                    d,
                    Decision::First(_) | Decision::React(None) | Decision::Casualties(_) | Decision::Attack(_)
                )
            })
            .or_else(|| c.iter().find(|d| **d == Decision::Plan(vec![Nothing, Nothing])))
            .or_else(|| c.iter().find(|d| matches!(d, Decision::Activate(_))))
            .or_else(|| c.iter().find(|d| matches!(d, Decision::Pass)))
            .cloned()
            .unwrap_or_else(|| panic!("nothing to play among {c:?}"));
        g.apply(pick).expect("a candidate is accepted");
    }
    panic!("unit {u} never activated again");
}

/// "Once per game": the unit's next activation finds the skill spent; a hero's
/// Fighting Spirit applies to the unit he joins and is spent for him ("If the skill is only
/// usable once per game, both the hero and the unit use it at the same time"); a unit without
/// the skill may not declare it.
#[test]
fn fighting_spirit_is_once_per_game_and_shared_with_a_joined_unit() {
    let mut g = spirit_table(&[BattlefrontSkill::FightingSpirit], &[]).game(1);
    first(&mut g, Side::A);
    g.apply(Decision::Activate(0)).unwrap();
    g.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
    g.apply(Decision::Declare(Declared::FightingSpirit)).unwrap();
    g.apply(Decision::Attack(Vec::new())).unwrap();
    next_activation_of(&mut g, 0);
    g.apply(Decision::Activate(0)).unwrap();
    g.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
    let e = g.check(&Decision::Declare(Declared::FightingSpirit)).unwrap_err();
    assert!(e.reason.contains("once per game"), "{e}");
    assert!(!g.candidates(32).contains(&Decision::Declare(Declared::FightingSpirit)));
    // The hero's skill, the unit without it.
    let mut g = spirit_table(&[], &[BattlefrontSkill::FightingSpirit]).game(1);
    first(&mut g, Side::A);
    g.apply(Decision::ActivateWith(0, 1)).unwrap();
    g.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
    g.apply(Decision::Declare(Declared::FightingSpirit)).unwrap();
    assert!(g.units()[1].used.fighting_spirit && !g.units()[0].used.fighting_spirit);
    let aims = at_foes(&g, true);
    assert!(faces(&g, 0, &aims).iter().all(|&f| f == Symbols::ARMY_OR_TARGET));
    // Nobody has it.
    let mut g = spirit_table(&[], &[]).game(1);
    first(&mut g, Side::A);
    g.apply(Decision::Activate(0)).unwrap();
    g.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
    let e = g.check(&Decision::Declare(Declared::FightingSpirit)).unwrap_err();
    assert!(e.reason.contains("Fighting Spirit"), "{e}");
}

/// "LUCKY": "Once per game, this hero may re-roll any dice that failed to hit with any of their
/// weapons when making an ATTACK or SUSTAINED ATTACK action. Heroes with this skill do not share
/// it with any unit they join." Declared before the roll, the hero's misses are re-rolled (an
/// ATTACK: once; a SUSTAINED ATTACK: again after its own re-roll, docs/rulings.md, "Battlefield:
/// declaring a skill"); the squad he joins re-rolls nothing.
#[test]
fn lucky_rerolls_the_heros_misses_once_per_game() {
    for sustained in [false, true] {
        let mut seen = false;
        for seed in 0..SEEDS {
            let mut g = spirit_table(&[], &[BattlefrontSkill::Lucky]).game(seed);
            first(&mut g, Side::A);
            g.apply(Decision::ActivateWith(0, 1)).unwrap();
            g.apply(Decision::Plan(if sustained { vec![Sustained] } else { vec![Attack, Nothing] }))
                .unwrap();
            assert!(g.candidates(32).contains(&Decision::Declare(Declared::Lucky)));
            g.apply(Decision::Declare(Declared::Lucky)).unwrap();
            assert!(g.units()[1].used.lucky);
            let aims = at_foes(&g, true);
            let lucky: Vec<bool> = g
                .attack_odds(0, &aims, sustained)
                .unwrap()
                .groups
                .iter()
                .map(|x| x.0.lucky)
                .collect();
            assert_eq!(lucky, vec![false, true], "the hero's group only");
            // The hero fires alone: his misses are re-rolled.
            let from = g.events().len();
            g.apply(Decision::Attack(vec![aims[1].clone()])).unwrap();
            let hit = rolled(&g, from, Purpose::Hit);
            let again = rolled(&g, from, Purpose::Reroll);
            assert_eq!(hit[0].0, 2, "the pistol's 2 dice");
            let mut misses = hit[0].0 - hit[0].1;
            for (n, k) in &again {
                assert_eq!(*n, misses, "the dice that failed are re-rolled");
                misses -= k;
            }
            let expected = if hit[0].1 == 2 {
                0
            } else if sustained {
                2
            } else {
                1
            };
            if expected == 2 && again.len() == 1 {
                // The sustained re-roll hit every die: nothing left for Lucky.
                assert_eq!(misses, 0);
            } else {
                assert_eq!(again.len(), expected, "seed {seed}: {hit:?} {again:?}");
            }
            seen |= expected > 0;
        }
        assert!(seen);
    }
    // A squad's card with the skill: Lucky is a hero's.
    let mut g = spirit_table(&[BattlefrontSkill::Lucky], &[]).game(1);
    first(&mut g, Side::A);
    g.apply(Decision::Activate(0)).unwrap();
    g.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
    let e = g.check(&Decision::Declare(Declared::Lucky)).unwrap_err();
    assert!(e.reason.contains("hero"), "{e}");
}

// ----- ZOMBIE: command squads and passengers ----------------------------------------------------

/// A command squad of side A (unit 0: Officer, Radio Operator, Medic, Mechanic), a squad of 4 of
/// side A with `skill` (unit 1) of which 2 stand, a transport of side A with 6 spaces (unit 2),
/// side B far away (unit 3).
fn zombie_table(skill: Option<BattlefrontSkill>) -> Builder {
    let mut hq = squad_card("HQ", 4);
    for (m, r) in hq
        .card
        .models
        .iter_mut()
        .zip([Role::Officer, Role::Radioman, Role::Medic, Role::Mechanic])
    {
        m.role = Some(r);
    }
    let mut z = squad_card("Walkers", 4);
    z.bf.skills.extend(skill);
    let mut truck = vehicle_card("Truck", Locomotion::Wheeled);
    truck.bf.passengers = 6;
    Builder::default()
        .unit(Side::A, hq, &line(4, 50.0, 20.0), 0)
        .unit(Side::A, z, &[(55.0, 28.0), (58.0, 28.0)], 0)
        .unit(Side::A, truck, &[(80.0, 28.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
}

/// "ZOMBIE": "An Officer, Medic, or Mechanic cannot target a zombie with their Command squad
/// special actions." … "A zombie unit can never mount a vehicle or aircraft as Passengers or Tank
/// Riders." "MINDLESS ZOMBIE": "Mindless Zombies are zombies" (tactics-battlefield-summary.md,
/// "SKILLS AND EQUIPMENT"). The Medic treats the living squad, not the zombies; the living squad
/// may board the truck, the zombies may not.
#[test]
fn zombies_take_no_command_actions_and_never_mount() {
    for (skill, zombie) in [
        (None, false),
        (Some(BattlefrontSkill::Zombie), true),
        (Some(BattlefrontSkill::MindlessZombie), true),
    ] {
        let mut g = zombie_table(skill).game(1);
        activate(&mut g, 0, &[Special, Nothing]);
        let get_up = g.check(&Decision::Special(Special::GetUp(1)));
        assert_eq!(get_up.is_ok(), !zombie, "{skill:?}: {get_up:?}");
        assert_eq!(g.candidates(32).contains(&Decision::Special(Special::GetUp(1))), !zombie);
        if zombie {
            assert!(get_up.unwrap_err().reason.contains("zombie"));
        }
        let board = g.may_board(1, 2);
        assert_eq!(board.is_ok(), !zombie, "{skill:?}: {board:?}");
        if let Err(e) = board {
            assert!(e.reason.contains("zombie"), "{e}");
        }
    }
}

// ----- TANK HEAD ----------------------------------------------------------------------------------

/// A hero of side A (unit 0), with Tank Head when `skill`, a tank of side A (unit 1, 4 damage points, 1 left) at
/// `tank`, side B far away.
fn tank_head_table(skill: bool, tank: (f64, f64)) -> FieldGame {
    let mut h = hero_card("Joe");
    if skill {
        h.card.skills.push(Skill::TankHead);
    }
    let mut g = Builder::default()
        .unit(Side::A, h, &[(50.0, 20.0)], 0)
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[tank], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
        .game(1);
    g.set_health(1, 1);
    g
}

/// "TANK HEAD": "This hero may take a MAKESHIFT REPAIR action. Select any vehicle within LOS and
/// range 1 (10cm/4") of the hero, and roll 5 dice. Each ☒ or ☑ removes 1 point of damage to
/// that Vehicle" (the army symbol or the shield: docs/rulings.md, "Battlefield: Tank Head"). Over
/// the seeds, 2 dice in 3 repair; never above the card's 4 points.
#[test]
fn a_tank_head_repairs_a_vehicle_within_range_one_with_five_dice() {
    let (mut dice, mut good) = (0u32, 0u32);
    for seed in 0..SEEDS {
        let mut g = tank_head_table(true, (50.0, 29.0));
        g.reseed(seed);
        activate(&mut g, 0, &[Special, Nothing]);
        let c = g.candidates(32);
        assert!(c.contains(&Decision::Special(Special::Repair(1))), "{c:?}");
        let from = g.events().len();
        g.apply(Decision::Special(Special::Repair(1))).unwrap();
        let r = rolled(&g, from, Purpose::Command);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].0, 5, "5 dice");
        assert_eq!(g.units()[1].health, (1 + r[0].1 as u8).min(4));
        dice += 5;
        good += u32::from(r[0].1);
    }
    let rate = f64::from(good) / f64::from(dice);
    assert!((rate - 2.0 / 3.0).abs() < 0.08, "{rate} over {dice} dice");
    // Beyond range 1, and a hero without the skill.
    let mut g = tank_head_table(true, (50.0, 45.0));
    activate(&mut g, 0, &[Special, Nothing]);
    let e = g.check(&Decision::Special(Special::Repair(1))).unwrap_err();
    assert!(e.reason.contains("range 1"), "{e}");
    let mut g = tank_head_table(false, (50.0, 29.0));
    activate(&mut g, 0, &[Special, Nothing]);
    assert!(g.check(&Decision::Special(Special::Repair(1))).is_err());
}

/// "Heroes with this skill do not share it with any unit they join": a squad joined by a Tank
/// Head takes no MAKESHIFT REPAIR.
#[test]
fn a_tank_head_does_not_share_his_repair() {
    let mut h = hero_card("Joe");
    h.card.skills.push(Skill::TankHead);
    let mut g = Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::A, h, &[(56.0, 24.0)], 0)
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[(53.0, 30.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
        .game(1);
    g.set_health(2, 1);
    first(&mut g, Side::A);
    g.apply(Decision::ActivateWith(0, 1)).unwrap();
    g.apply(Decision::Plan(vec![Special, Nothing])).unwrap();
    assert!(g.check(&Decision::Special(Special::Repair(2))).is_err());
}

// ----- OFFICER --------------------------------------------------------------------------------------

/// Side A: Rangers (unit 0), a hero (unit 1) with `skill`, Scouts (unit 2) that activate first;
/// side B: Grenadiers far away (unit 3). Side A's Scouts activate (two NOTHING actions), then side
/// B's Grenadiers; side A is to activate next.
fn officer_table(skill: Option<BattlefrontSkill>) -> FieldGame {
    let mut h = hero_card("Captain");
    h.bf.skills.extend(skill);
    let mut g = Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::A, h, &[(56.0, 25.0)], 0)
        .unit(Side::A, squad_card("Scouts", 3), &line(3, 50.0, 38.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
        .game(1);
    activate(&mut g, 2, &[Nothing, Nothing]);
    g.apply(Decision::Activate(3)).unwrap();
    g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
    g
}

/// "OFFICER": "An Officer hero may perform Officer special actions"; "Get Moving You Bunch of
/// Monkeys": "A unit with an Officer may take a GET MOVING YOU BUNCH OF MONKEYS action. Roll a
/// die: on ☒, select any unit within LOS and range 2 (10cm/8") of the Officer, and that has
/// already been activated this turn" (tactics-battlefield-summary.md, "SKILLS AND EQUIPMENT",
/// "OFFICER SPECIAL ACTIONS"). The Officer hero sends the Scouts on again, alone or joined to the
/// Rangers ("skills used by a hero apply to a unit they have joined"); a hero without the skill
/// cannot.
#[test]
fn an_officer_hero_takes_the_officer_special_actions() {
    let mut moved = 0;
    for seed in 0..20 {
        let mut g = officer_table(Some(BattlefrontSkill::Officer));
        g.reseed(seed);
        let joined = seed % 2 == 1;
        g.apply(if joined {
            Decision::ActivateWith(0, 1)
        } else {
            Decision::Activate(1)
        })
        .unwrap();
        g.apply(Decision::Plan(vec![Special, Nothing])).unwrap();
        let c = g.candidates(32);
        assert!(c.contains(&Decision::Special(Special::GetMoving(2))), "{c:?}");
        let from = g.events().len();
        g.apply(Decision::Special(Special::GetMoving(2))).unwrap();
        let r = rolled(&g, from, Purpose::Command);
        assert_eq!(r.len(), 1);
        if r[0].1 == 1 {
            moved += 1;
            assert_eq!(g.acting(), Some(2), "the Scouts activate again");
        }
    }
    assert!(moved > 0);
    let mut g = officer_table(None);
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![Special, Nothing])).unwrap();
    let e = g.check(&Decision::Special(Special::GetMoving(2))).unwrap_err();
    assert!(e.reason.contains("Officer"), "{e}");
}

// ----- RESURRECTION ---------------------------------------------------------------------------------

/// A hero of side A (unit 0) with `hero_skill`, a squad of side A (unit 1, card of 5) with
/// `skill` of which 2 stand at `at`, side B far away.
fn resurrection_table(hero_skill: Option<BattlefrontSkill>, skill: Option<BattlefrontSkill>, y: f64) -> FieldGame {
    let mut h = hero_card("Doktor");
    h.bf.skills.extend(hero_skill);
    let mut z = squad_card("Zombies", 5);
    z.bf.skills.extend(skill);
    Builder::default()
        .unit(Side::A, h, &[(50.0, 20.0)], 0)
        .unit(Side::A, z, &[(50.0, y), (53.0, y)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 110.0)], 180)
        .game(1)
}

/// "RESURRECTION": "A hero equipped with Blutkreuz may take a RESURRECTION special action. Select
/// a Mindless Zombie unit within range 1 (10cm/4") and roll a die for each zombie soldier
/// eliminated from the unit. Each ☒ or ☑ returns 1 of the eliminated zombie soldiers to the
/// unit" (tactics-battlefield-summary.md, "SKILLS AND EQUIPMENT"; the army symbol or the shield:
/// docs/rulings.md, "Battlefield: Resurrection"). 3 of the 5 zombies are gone: 3 dice, and each
/// success stands again; over the seeds, 2 dice in 3 succeed.
#[test]
fn resurrection_returns_eliminated_zombies() {
    let (mut dice, mut back) = (0u32, 0u32);
    for seed in 0..SEEDS {
        let mut g = resurrection_table(Some(BattlefrontSkill::Blutkreuz), Some(BattlefrontSkill::MindlessZombie), 26.0);
        g.reseed(seed);
        activate(&mut g, 0, &[Special, Nothing]);
        let c = g.candidates(32);
        assert!(c.contains(&Decision::Special(Special::Resurrect(1))), "{c:?}");
        assert_eq!(Decision::Special(Special::Resurrect(1)).to_string(), "special resurrect 1");
        assert_eq!(
            "special resurrect 1".parse::<Decision>(),
            Ok(Decision::Special(Special::Resurrect(1)))
        );
        let from = g.events().len();
        g.apply(Decision::Special(Special::Resurrect(1))).unwrap();
        let r = rolled(&g, from, Purpose::Command);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].0, 3, "a die for each zombie eliminated");
        assert_eq!(g.units()[1].models.len(), 2 + usize::from(r[0].1));
        assert_eq!(g.table().units[1].minis.len(), 2 + usize::from(r[0].1), "placed on the table");
        dice += 3;
        back += u32::from(r[0].1);
    }
    let rate = f64::from(back) / f64::from(dice);
    assert!((rate - 2.0 / 3.0).abs() < 0.08, "{rate} over {dice} dice");
}

/// Only "a hero equipped with Blutkreuz", only "a Mindless Zombie unit", only "within range 1".
#[test]
fn resurrection_needs_blutkreuz_mindless_zombies_and_range_one() {
    for (hero, unit, y, why) in [
        (None, Some(BattlefrontSkill::MindlessZombie), 26.0, "Blutkreuz"),
        (Some(BattlefrontSkill::Blutkreuz), None, 26.0, "Mindless Zombie"),
        (
            Some(BattlefrontSkill::Blutkreuz),
            Some(BattlefrontSkill::MindlessZombie),
            40.0,
            "range 1",
        ),
    ] {
        let mut g = resurrection_table(hero, unit, y);
        activate(&mut g, 0, &[Special, Nothing]);
        let e = g.check(&Decision::Special(Special::Resurrect(1))).unwrap_err();
        assert!(e.reason.contains(why), "{e}");
        assert!(!g.candidates(32).contains(&Decision::Special(Special::Resurrect(1))));
    }
}

// ----- DEFENSIVE TACTICS shared ---------------------------------------------------------------------

/// "DEFENSIVE TACTICS": "This unit (and any unit it has joined or hero that has joined it) gains
/// Damage Resilient when in cover" (tactics-battlefield-summary.md, "SKILLS AND EQUIPMENT"). A
/// squad without the skill, in a wood, joined for its activation by a hero with it: a die of the
/// Rangers' rifles ends as an unsaved hit 1/3 (hit) × 1/3 (cover save failed) = 1/9 of the time,
/// and 2/3 of that once Damage Resilient rolls (2/27) while the hero has joined it; before he
/// joins, 1/9.
#[test]
fn defensive_tactics_is_shared_with_the_unit_a_hero_joins() {
    let mut h = hero_card("Tactician");
    h.bf.skills.push(BattlefrontSkill::DefensiveTactics);
    let mut g = Builder::default()
        .unit(Side::A, squad_card("Privates", 3), &line(3, 50.0, 44.0), 0)
        .unit(Side::A, h, &[(56.0, 49.0)], 0)
        .unit(Side::B, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .terrain(TerrainKind::Woods, &[(30.0, 41.0), (90.0, 41.0), (90.0, 74.0), (30.0, 74.0)])
        .game(1);
    let q = |g: &FieldGame| {
        g.attack_odds(
            2,
            &[Aim {
                line: 0,
                target: 0,
                at: None,
            }],
            false,
        )
        .unwrap()
        .groups[0]
            .1
    };
    assert!((q(&g) - 1.0 / 9.0).abs() < 1e-12, "{}", q(&g));
    first(&mut g, Side::A);
    g.apply(Decision::ActivateWith(0, 1)).unwrap();
    g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
    assert!((q(&g) - 2.0 / 27.0).abs() < 1e-12, "{}", q(&g));
}

// ----- EXPERT – WEAPON -------------------------------------------------------------------------------

/// "EXPERT – WEAPON": "This hero hits on ☑ as well as ☒ when making an ATTACK or SUSTAINED ATTACK
/// action with the named weapon" (tactics-battlefield-summary.md, "SKILLS AND EQUIPMENT"; the
/// named weapon is the line marked `expert` on the hero's card: docs/rulings.md, "Battlefield:
/// Expert"). The hero's pistol hits on the target as well, his carbine does not; a squad's line so
/// marked does not (the skill is a hero's).
#[test]
fn an_expert_hero_hits_on_the_target_as_well_with_the_named_weapon() {
    let mut h = hero_card("Gunslinger");
    h.card.weapons.push(weapon("Carbine", Some(3), 1));
    h.bf.weapons = vec![Default::default(); 2];
    h.bf.weapons[0].expert = true;
    let mut sq = squad_card("Rangers", 3);
    sq.bf.weapons = vec![Default::default(); 2];
    sq.bf.weapons[0].expert = true;
    let g = Builder::default()
        .unit(Side::A, h, &[(50.0, 20.0)], 0)
        .unit(Side::A, sq, &line(3, 70.0, 20.0), 0)
        .unit(Side::B, squad_card("Foes", 5), &line(5, 50.0, 33.0), 180)
        .game(1);
    for sustained in [false, true] {
        let hero = g
            .attack_odds(
                0,
                &[Aim {
                    line: 0,
                    target: 2,
                    at: None,
                }],
                sustained,
            )
            .unwrap();
        assert_eq!(hero.groups[0].0.hit, Symbols::ARMY_OR_TARGET, "the named weapon");
        let squad = g
            .attack_odds(
                1,
                &[Aim {
                    line: 0,
                    target: 2,
                    at: None,
                }],
                sustained,
            )
            .unwrap();
        assert_eq!(squad.groups[0].0.hit, Symbols::ARMY, "a squad is no hero");
    }
    let carbine = g
        .attack_odds(
            0,
            &[Aim {
                line: 1,
                target: 2,
                at: None,
            }],
            false,
        )
        .unwrap();
    assert_eq!(carbine.groups[0].0.hit, Symbols::ARMY, "another weapon");
}

// ----- FIRST STRIKE ---------------------------------------------------------------------------------

/// Side A's Brawlers (unit 0: 3 soldiers, knives of 2 dice) in base contact with side B's Guards
/// (unit 1: 3 soldiers, knives of 1 die); `a_first` / `b_first`: who has First Strike.
fn brawl(a_first: bool, b_first: bool) -> Builder {
    let mut a = squad_card("Brawlers", 3);
    a.card.weapons[1] = weapon("Knife", None, 2);
    if a_first {
        a.bf.skills.push(BattlefrontSkill::FirstStrike);
    }
    let mut b = squad_card("Guards", 3);
    if b_first {
        b.bf.skills.push(BattlefrontSkill::FirstStrike);
    }
    Builder::default()
        .unit(Side::A, a, &line(3, 50.0, 20.0), 0)
        .unit(Side::B, b, &line(3, 50.0, 24.0), 180)
}

/// The Brawlers attack the Guards with their knives; the casualties are chosen (the first
/// offered) as they come. Returns the hit rolls in order: (dice, hits).
fn close_rolls(b: &Builder, seed: u64) -> Vec<(u16, u16)> {
    let mut g = b.clone().game(seed);
    activate(&mut g, 0, &[Attack, Nothing]);
    let from = g.events().len();
    g.apply(Decision::Attack(vec![Aim {
        line: 1,
        target: 1,
        at: None,
    }]))
    .unwrap();
    while let Some(d) = g.candidates(4).into_iter().find(|d| matches!(d, Decision::Casualties(_))) {
        g.apply(d).unwrap();
    }
    rolled(&g, from, Purpose::Hit)
}

/// "FIRST STRIKE": "This unit resolves all their C attacks and applies the results (including
/// removing eliminated miniatures) before the enemy units make their C attacks"
/// (tactics-battlefield-summary.md, "SKILLS AND EQUIPMENT"). Without it both sides roll with the
/// soldiers they had ("Casualties from all C weapons are then removed simultaneously"): 6 dice,
/// then 3. The Guards with First Strike roll first (3 dice) and the Brawlers fight back with the
/// soldiers left, 2 dice each; the Brawlers with it roll first and the Guards answer with their
/// survivors.
#[test]
fn first_strike_resolves_its_close_combat_first() {
    let (mut cut_a, mut cut_b) = (false, false);
    for seed in 0..SEEDS {
        assert_eq!(
            close_rolls(&brawl(false, false), seed).iter().map(|r| r.0).collect::<Vec<_>>(),
            vec![6, 3],
            "simultaneous"
        );
        let r = close_rolls(&brawl(false, true), seed);
        assert_eq!(r[0].0, 3, "the Guards strike first: {r:?}");
        let left = 3u16.saturating_sub(r[0].1);
        if left == 0 {
            assert_eq!(r.len(), 1, "no Brawler is left to fight");
        } else {
            assert_eq!(r[1].0, 2 * left, "the Brawlers left fight: {r:?}");
        }
        cut_a |= left < 3;
        let r = close_rolls(&brawl(true, false), seed);
        assert_eq!(r[0].0, 6, "the Brawlers strike first: {r:?}");
        let left = 3u16.saturating_sub(r[0].1);
        if left == 0 {
            assert_eq!(r.len(), 1);
        } else {
            assert_eq!(r[1].0, left, "the Guards left fight back: {r:?}");
        }
        cut_b |= left < 3;
        // Both have it: as if neither had ("before the enemy units make their C attacks" cannot
        // hold for both).
        assert_eq!(
            close_rolls(&brawl(true, true), seed).iter().map(|r| r.0).collect::<Vec<_>>(),
            vec![6, 3]
        );
    }
    assert!(cut_a && cut_b, "casualties before the answer came up");
}

// ----- ASSASSIN ---------------------------------------------------------------------------------------

/// Side A's hero (unit 0: a knife of 2 dice, a pistol) with `skill`, in base contact with side B's
/// Guards (unit 1: 4 soldiers).
fn assassin_table(skill: Option<BattlefrontSkill>) -> Builder {
    let mut h = hero_card("Shadow");
    h.card.weapons.push(weapon("Knife", None, 2));
    h.bf.skills.extend(skill);
    Builder::default()
        .unit(Side::A, h, &[(53.0, 20.0)], 0)
        .unit(Side::B, squad_card("Guards", 4), &line(4, 50.0, 24.0), 180)
}

/// Who chooses the Guards' casualties when the hero attacks with `line` (`None`: no choice came
/// up: no hit, or every miniature in reach fell), and the choice is made (the last offered).
fn chooser(b: &Builder, seed: u64, line: u8) -> Option<Side> {
    let mut g = b.clone().game(seed);
    activate(&mut g, 0, &[Attack, Nothing]);
    g.apply(Decision::Attack(vec![Aim { line, target: 1, at: None }])).unwrap();
    let mut who = None;
    while let dust_core::field::Pending::Decision(side) = g.pending() {
        let c = g.candidates(8);
        let Some(d) = c.iter().rev().find(|d| matches!(d, Decision::Casualties(_))).cloned() else {
            break;
        };
        if who.is_none() && matches!(g.question(), dust_core::field::Question::Casualties { unit: 1, .. }) {
            who = Some(side);
        }
        g.apply(d).unwrap();
    }
    who
}

/// "ASSASSIN": "This hero chooses which enemy soldiers are assigned its hits when using C weapons.
/// Heroes with this skill do not share it with any unit they join" (tactics-battlefield-summary.md,
/// "SKILLS AND EQUIPMENT"). The Assassin's knife: side A chooses the Guards' casualties; his
/// pistol, or a hero without the skill: side B, their owner ("7. Suffer Damage").
#[test]
fn an_assassin_chooses_the_soldiers_his_close_combat_hits_take() {
    let (mut a, mut b) = (0, 0);
    for seed in 0..SEEDS {
        match chooser(&assassin_table(Some(BattlefrontSkill::Assassin)), seed, 1) {
            Some(Side::A) => a += 1,
            Some(Side::B) => panic!("seed {seed}: the owner chose the Assassin's casualties"),
            None => {}
        }
        if let Some(s) = chooser(&assassin_table(None), seed, 1) {
            assert_eq!(s, Side::B, "seed {seed}: the owner chooses");
            b += 1;
        }
        if let Some(s) = chooser(&assassin_table(Some(BattlefrontSkill::Assassin)), seed, 0) {
            assert_eq!(s, Side::B, "seed {seed}: a ranged weapon's hits are the owner's to assign");
        }
    }
    assert!(a > 0 && b > 0, "choices came up ({a}, {b})");
}

// ----- Random games with the skills of this file ------------------------------------------------------

/// Random games on a table with every skill of this file end, every decision the generator
/// proposes (declarations, CAMOUFLAGE, RESURRECTION, MAKESHIFT REPAIR and GET MOVING by heroes,
/// the casualties an Assassin chooses, First Strike's close combats) is accepted by the check,
/// and each decision's text reads back as the same decision (the record format).
#[test]
fn random_games_with_these_skills_end_and_every_proposal_is_accepted() {
    let with = |mut c: FieldCard, skills: &[BattlefrontSkill]| {
        c.bf.skills.extend_from_slice(skills);
        c
    };
    let mut brawlers = with(
        squad_card("Brawlers", 4),
        &[BattlefrontSkill::FightingSpirit, BattlefrontSkill::FirstStrike],
    );
    brawlers.card.weapons[1] = weapon("Knife", None, 2);
    let mut assassin = with(hero_card("Shadow"), &[BattlefrontSkill::Assassin, BattlefrontSkill::Lucky]);
    assassin.card.weapons.push(weapon("Knife", None, 2));
    assassin.bf.weapons = vec![Default::default(); 2];
    assassin.bf.weapons[0].expert = true;
    let mut mechanic = with(hero_card("Wrench"), &[BattlefrontSkill::Officer]);
    mechanic.card.skills.push(Skill::TankHead);
    let doktor = with(hero_card("Doktor"), &[BattlefrontSkill::Blutkreuz]);
    let zombies = with(squad_card("Zombies", 5), &[BattlefrontSkill::MindlessZombie]);
    let snipers = with(
        squad_card("Snipers", 3),
        &[BattlefrontSkill::Camouflage, BattlefrontSkill::DefensiveTactics],
    );
    let b = Builder::default()
        .unit(Side::A, brawlers, &line(4, 30.0, 15.0), 0)
        .unit(Side::A, assassin, &[(60.0, 12.0)], 0)
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[(100.0, 15.0)], 0)
        .unit(Side::A, hero_with("Ace", BattlefrontSkill::AcePilot), &[(100.0, 15.0)], 0)
        .aboard(2)
        .unit(Side::A, mechanic, &[(115.0, 12.0)], 0)
        .unit(Side::B, snipers, &line(3, 40.0, 100.0), 180)
        .unit(Side::B, zombies, &line(5, 90.0, 100.0), 180)
        .unit(Side::B, doktor, &[(95.0, 106.0)], 180)
        .terrain(TerrainKind::Woods, &[(20.0, 90.0), (70.0, 90.0), (70.0, 115.0), (20.0, 115.0)]);
    let (mut declared, mut specials) = (0, 0);
    let step = |g: &mut FieldGame, pick: &mut u64| {
        // Take a declaration or a skill's special action whenever one is offered.
        let d = random_step_preferring(g, pick, 12, |d| {
            matches!(
                d,
                Decision::Declare(_)
                    | Decision::Special(Special::Camouflage | Special::Resurrect(_) | Special::Repair(_) | Special::GetMoving(_))
            )
        });
        declared += usize::from(matches!(d, Decision::Declare(_)));
        specials += usize::from(matches!(d, Decision::Special(sp) if sp != Special::None));
        assert_eq!(d.to_string().parse::<Decision>().as_ref(), Ok(&d), "{d} reads back");
    };
    let ended = random_games(&b, 12, 3000, step, |_, _| {});
    assert_eq!(ended, 12, "every game ends");
    assert!(declared > 0 && specials > 0, "skills were used ({declared}, {specials})");
}

// ----- CAMOUFLAGE and ARTILLERY OBSERVER ----------------------------------------------------------

/// Side A: a camouflaged observer squad (unit 0, Camouflage and Artillery Observer) in woods at
/// y = 57.5, a howitzer (unit 1) behind it at (60, 85) facing the enemy; side B: riflemen
/// (unit 2, range 5) at y = 20, 37.5 cm from the observers — range 3 or more, the woods their
/// cover.
fn camouflaged_observers() -> FieldGame {
    let mut spotters = squad_card("Forward Observers", 3);
    spotters.bf.skills.push(BattlefrontSkill::Camouflage);
    spotters.bf.skills.push(BattlefrontSkill::ArtilleryObserver);
    spotters.card.weapons[0] = weapon("Rifle", Some(5), 1);
    let mut gun = vehicle_card("Howitzer", Locomotion::Tracked);
    let mut art = weapon("Howitzer", Some(8), 1);
    art.range = dust_core::range::WeaponRange::Spaces { min: 2, max: 8 };
    gun.card.weapons = vec![weapon("Gun", Some(8), 1), art];
    let turret = gun.bf.weapons[0].clone();
    gun.bf.weapons = vec![turret.clone(), turret];
    let mut rangers = squad_card("Rangers", 3);
    rangers.card.weapons[0] = weapon("Rifle", Some(5), 1);
    let y = 20.0 + 2.5 + 35.0;
    Builder::default()
        .unit(Side::A, spotters, &line(3, 50.0, y), 180)
        .unit(Side::A, gun, &[(60.0, 85.0)], 180)
        .unit(Side::B, rangers, &line(3, 50.0, 20.0), 0)
        .terrain(
            TerrainKind::Woods,
            &[(30.0, y - 3.0), (90.0, y - 3.0), (90.0, y + 15.0), (30.0, y + 15.0)],
        )
        .game(1)
}

/// "CAMOUFLAGE": "This benefit ends if the camouflaged unit takes any action other than a MOVE or
/// NOTHING Action (Artillery Observers can use their skill to attack with an artillery unit as
/// well)" (tactics-battlefield-summary.md, "SKILLS AND EQUIPMENT"; "ARTILLERY OBSERVER": "it may
/// use the artillery weapons of a friendly artillery unit … rather than its own weapons"). The
/// camouflaged observers call the howitzer in their ATTACK action: the howitzer rolls, and the
/// observers are still camouflaged — the riflemen still have no line of sight to them. The same
/// observers attacking with their own rifles lose it.
#[test]
fn a_camouflaged_artillery_observer_keeps_its_camouflage_when_it_calls_in_artillery() {
    let rifles = vec![Aim {
        line: 0,
        target: 0,
        at: None,
    }];
    let mut g = camouflaged_observers();
    assert!(g.units()[0].camouflaged, "the unit starts the game camouflaged");
    assert!(g.attack_odds(2, &rifles, false).is_err(), "hidden in the woods at range 3");
    activate(&mut g, 0, &[Attack, Nothing]);
    let e = g.events().len();
    let call = Decision::Observe {
        unit: 1,
        aims: vec![Aim {
            line: 1,
            target: 2,
            at: None,
        }],
    };
    g.apply(call).unwrap();
    assert_eq!(
        rolled(&g, e, Purpose::Hit).first().map(|r| r.0),
        Some(1),
        "the howitzer fired its one die"
    );
    assert!(g.units()[1].activated, "the artillery unit activated");
    assert!(g.units()[0].camouflaged, "calling in artillery keeps the camouflage");
    assert!(g.attack_odds(2, &rifles, false).is_err(), "still hidden");

    // Attacking with its own weapons is "any action other than a MOVE or NOTHING".
    let mut g = camouflaged_observers();
    activate(&mut g, 0, &[Attack, Nothing]);
    g.apply(Decision::Attack(vec![Aim {
        line: 0,
        target: 2,
        at: None,
    }]))
    .unwrap();
    assert!(!g.units()[0].camouflaged, "its own ATTACK ends the benefit");
    assert!(g.attack_odds(2, &rifles, false).is_ok(), "seen once it attacked");
}

// ----- SPY ------------------------------------------------------------------------------------

/// Side A: a spy (unit 0, a hero with Spy; the table's point for him a placeholder) and a squad
/// of friends (unit 1) of his Armour at y = 20; side B: foes (unit 2) at y = 80, 3 cm apart.
fn spy_table() -> Builder {
    Builder::default()
        .unit(Side::A, hero_with("Mata", BattlefrontSkill::Spy), &[(20.0, 10.0)], 0)
        .unit(Side::A, squad_card("Friends", 2), &line(2, 20.0, 20.0), 0)
        .unit(Side::B, squad_card("Foes", 3), &line(3, 100.0, 80.0), 180)
}

fn spot(x: f64, y: f64) -> Decision {
    Decision::Place(vec![dust_geom::exact::Pt::cm(x, y)])
}

/// "SPY": "This hero is not placed at the start of the game. Instead, each time your spy is
/// activated, you may elect to roll 2 dice. If any ☒ or ☑ are rolled, the spy is immediately
/// placed within range 1 (10cm/4") of an enemy unit and may then take 1 action for each ☒ or ☑.
/// If the spy is not placed, it may only perform NOTHING actions" (tactics-battlefield-summary.md,
/// "SKILLS AND EQUIPMENT"; the point is named as the player elects to roll: docs/rulings.md,
/// "Battlefield: Spy"). Over the seeds the spy rolls 0, 1 and 2 such symbols: not placed and
/// no action; placed with one action; placed with two.
#[test]
fn a_spy_is_held_off_the_table_and_placed_by_its_roll_within_range_one_of_an_enemy() {
    let mut seen = [false; 3];
    for seed in 0..SEEDS {
        let mut g = spy_table().game(seed);
        assert!(g.table().units[0].minis.is_empty(), "not placed at the start of the game");
        first(&mut g, Side::A);
        g.apply(Decision::Activate(0)).unwrap();
        for (bad, why) in [
            (spot(20.0, 40.0), "10 cm"),
            (spot(100.0, 80.0), "overlap"),
            (
                Decision::Place(vec![dust_geom::exact::Pt::cm(100.0, 86.0), dust_geom::exact::Pt::cm(103.0, 86.0)]),
                "1 miniature",
            ),
        ] {
            let e = g.check(&bad).expect_err(why);
            assert!(e.to_string().contains(why), "{bad}: {e}");
        }
        let offered = g.candidates(8);
        assert!(offered.contains(&Decision::Place(Vec::new())), "not rolling is offered");
        assert!(
            offered.iter().any(|d| matches!(d, Decision::Place(p) if p.len() == 1)),
            "{offered:?}"
        );
        for d in &offered {
            assert!(g.check(d).is_ok(), "{d}: {:?}", g.check(d));
            assert_eq!(d.to_string().parse::<Decision>().as_ref(), Ok(d));
        }
        if seed == 0 {
            let mut stay = g.clone();
            let e = stay.events().len();
            stay.apply(Decision::Place(Vec::new())).unwrap();
            assert!(rolled(&stay, e, Purpose::Spy).is_empty(), "no roll elected");
            assert!(stay.table().units[0].minis.is_empty() && stay.units()[0].activated);
            assert_eq!(stay.pending(), dust_core::field::Pending::Decision(Side::B));
        }
        let e = g.events().len();
        g.apply(spot(103.0, 88.0)).unwrap();
        let r = rolled(&g, e, Purpose::Spy);
        assert_eq!(r.len(), 1, "one roll");
        let (dice, k) = r[0];
        assert_eq!(dice, 2);
        seen[usize::from(k)] = true;
        match k {
            0 => {
                assert!(g.table().units[0].minis.is_empty(), "not placed");
                assert_ne!(g.acting(), Some(0), "NOTHING actions only");
                assert!(g.units()[0].activated);
            }
            1 => {
                assert_eq!(g.table().units[0].minis.len(), 1, "placed");
                assert!(g.check(&Decision::Plan(vec![Move])).is_ok());
                assert!(g.check(&Decision::Plan(vec![Move, Nothing])).is_err(), "one action");
            }
            _ => {
                assert_eq!(g.table().units[0].minis.len(), 1, "placed");
                assert!(g.check(&Decision::Plan(vec![Move, Attack])).is_ok(), "two actions");
            }
        }
    }
    assert_eq!(seen, [true; 3]);
}

/// "each time your spy is activated, you may elect to roll": a spy left off the table rolls
/// again at its next activation. "A spy may not join a unit until the spy has been placed."
#[test]
fn a_spy_rolls_again_each_activation_and_joins_no_unit_until_placed() {
    let mut rerolled = false;
    for seed in 0..SEEDS {
        let mut g = spy_table().game(seed);
        first(&mut g, Side::A);
        let join = Decision::ActivateWith(1, 0);
        let e = g.check(&join).expect_err("a spy off the table joins no unit");
        assert!(e.to_string().contains("spy"), "{e}");
        assert!(!g.candidates(64).contains(&join));
        g.apply(Decision::Activate(0)).unwrap();
        let e = g.events().len();
        g.apply(spot(103.0, 88.0)).unwrap();
        if rolled(&g, e, Purpose::Spy)[0].1 > 0 {
            continue;
        }
        // Not placed: next turn it rolls again.
        assert!(until_activation_of(&mut g, 0), "the spy activates again");
        assert_eq!(g.turn(), 2);
        assert!(g.table().units[0].minis.is_empty());
        g.apply(Decision::Activate(0)).unwrap();
        let e = g.events().len();
        g.apply(spot(103.0, 88.0)).unwrap();
        assert_eq!(rolled(&g, e, Purpose::Spy).len(), 1, "rolls again");
        rerolled = true;
        break;
    }
    assert!(rerolled, "some seed left the spy off the table");
}

/// Random games with a spy on each side: every proposal (rolling to place the spy, not rolling,
/// his actions once placed) is accepted by the check, the games end, and spies get placed.
#[test]
fn random_games_with_spies_end_and_every_proposal_is_accepted() {
    let b = spy_table().unit(Side::B, hero_with("Hari", BattlefrontSkill::Spy), &[(150.0, 110.0)], 180);
    let mut placed = 0;
    let step = |g: &mut FieldGame, pick: &mut u64| {
        dust_core::field::tests_support::random_step(g, pick, 12);
    };
    let ended = random_games(&b, 12, 3000, step, |g, _| {
        placed += [0, 3].iter().filter(|&&u| !g.table().units[u].minis.is_empty()).count();
    });
    assert_eq!(ended, 12, "every game ends");
    assert!(placed > 0, "some spy was placed");
}
