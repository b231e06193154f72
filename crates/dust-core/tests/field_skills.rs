//! Dust Battlefield's skills, special weapons and vehicle weapon mounts, clause by clause, from
//! tactics-battlefield-summary.md ("SKILLS AND EQUIPMENT", "SPECIAL WEAPONS", "1. Check Field of
//! Fire", "4. Declare Targets", "REACTIVE ATTACKS"). Each test names its section and quotes the words it checks;
//! tables and cards are built by hand (`dust_core::field::tests_support`), their numbers the
//! tests' own.

use dust_core::field::tests_support::{
    activate, hero_card, random_games, random_step, squad_card, until_activation_of, vehicle_card, weapon, Builder,
};
use dust_core::field::{Action, Aim, Decision, Event, FieldCard, FieldGame, MiniMove, Pending, Purpose};
use dust_core::unit::{BattlefrontSkill, Locomotion, Mount};
use dust_core::{Side, Skill};
use dust_geom::exact::Pt;
use dust_geom::table::TerrainKind;

use Action::*;

fn line(n: usize, x: f64, y: f64) -> Vec<(f64, f64)> {
    (0..n).map(|i| (x + 3.0 * i as f64, y)).collect()
}

/// Every miniature of unit `u` (and `extra` more after them, a joined hero) moves by (dx, dy)
/// in a straight line.
fn mv_all(g: &FieldGame, u: usize, hero: Option<usize>, dx: f64, dy: f64) -> Decision {
    let mut at: Vec<Pt> = g.table().units[u].minis.iter().map(|m| m.body.centre()).collect();
    if let Some(h) = hero {
        at.extend(g.table().units[h].minis.iter().map(|m| m.body.centre()));
    }
    let minis = at
        .into_iter()
        .enumerate()
        .map(|(i, c)| MiniMove {
            mini: i,
            to: c.add(Pt::cm(dx, dy)),
            via: Vec::new(),
        })
        .collect();
    Decision::Move { minis, facing: None }
}

fn mv(g: &FieldGame, u: usize, dx: f64, dy: f64) -> Decision {
    mv_all(g, u, None, dx, dy)
}

fn aim(line: u8, target: usize) -> Aim {
    Aim { line, target, at: None }
}

fn with_skill(mut c: FieldCard, s: Skill) -> FieldCard {
    c.card.skills.push(s);
    c
}

/// The rolls logged from event `from` on: (purpose, dice, successes).
fn rolls(g: &FieldGame, from: usize) -> Vec<(Purpose, u16, u16)> {
    g.events()[from..]
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { purpose, dice, successes } => Some((*purpose, *dice, *successes)),
            _ => None,
        })
        .collect()
}

// ----- FAST ------------------------------------------------------------------------------------

/// tactics-battlefield-summary.md, "SKILLS AND EQUIPMENT", "FAST": "A unit with Fast (or Agile)
/// may move 1 additional square when it performs a MOVE or MARCH MOVE action" — on the table a
/// square is a point of Move, 10 cm (docs/rulings.md, "Battlefield: Fast on the table"): a
/// Move 1 squad moves 20 cm on a MOVE and 30 cm on a MARCH MOVE.
#[test]
fn fast_moves_ten_cm_more_on_a_move_or_a_march_move() {
    for skill in [Skill::Fast, Skill::Agile] {
        let b = Builder::default()
            .unit(Side::A, with_skill(squad_card("Runners", 3), skill), &line(3, 50.0, 20.0), 0)
            .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 150.0, 110.0), 180);
        let mut g = b.clone().game(1);
        activate(&mut g, 0, &[Move, Nothing]);
        assert!(g.check(&mv(&g, 0, 0.0, 20.0)).is_ok(), "{skill:?}: 20 cm on a MOVE");
        assert!(g.check(&mv(&g, 0, 0.0, 20.5)).is_err(), "{skill:?}: not 20.5 cm");
        let mut g = b.game(1);
        activate(&mut g, 0, &[March]);
        assert!(g.check(&mv(&g, 0, 0.0, 30.0)).is_ok(), "{skill:?}: 30 cm on a MARCH MOVE");
        assert!(g.check(&mv(&g, 0, 0.0, 30.5)).is_err(), "{skill:?}: not 30.5 cm");
    }
    // Without the skill: 10 and 20 cm.
    let mut g = Builder::default()
        .unit(Side::A, squad_card("Walkers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 150.0, 110.0), 180)
        .game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    assert!(g.check(&mv(&g, 0, 0.0, 10.5)).is_err());
}

/// "JUMP": "Some old cards have vehicles with the Jump skill: these now have the Fast special
/// rule instead" — a Move 2 vehicle with Jump moves 30 cm on a MOVE, and does not jump over a
/// wall.
#[test]
fn old_jumping_vehicles_are_fast() {
    let b = Builder::default()
        .unit(
            Side::A,
            with_skill(vehicle_card("Jumper", Locomotion::Walker), Skill::Jump),
            &[(50.0, 20.0)],
            0,
        )
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 150.0, 110.0), 180)
        .terrain(TerrainKind::Wall, &[(30.0, 45.0), (70.0, 45.0), (70.0, 46.0), (30.0, 46.0)]);
    let mut g = b.game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    assert!(g.check(&mv(&g, 0, 30.0, 0.0)).is_ok(), "30 cm: Move 2 and Fast");
    assert!(g.check(&mv(&g, 0, 30.5, 0.0)).is_err());
    let r = g.check(&mv(&g, 0, 0.0, 30.0)).unwrap_err();
    assert!(r.reason.contains("wall"), "a vehicle does not jump: {r}");
}

// ----- JUMP ------------------------------------------------------------------------------------

/// A Move 2 squad at y = 20, a wall across its way at y = 30 and a wood beyond it.
fn jump_table(jumper: FieldCard) -> Builder {
    Builder::default()
        .unit(Side::A, jumper, &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 150.0, 110.0), 180)
        .terrain(TerrainKind::Wall, &[(30.0, 30.0), (80.0, 30.0), (80.0, 31.0), (30.0, 31.0)])
        .terrain(TerrainKind::Woods, &[(30.0, 45.0), (80.0, 45.0), (80.0, 90.0), (30.0, 90.0)])
}

fn jumpers() -> FieldCard {
    let mut c = with_skill(squad_card("Jet Troopers", 3), Skill::Jump);
    c.card.movement = 3;
    c
}

/// "JUMP": "During movement, this unit can move over any terrain as if it were open terrain,
/// provided that it ends its move in terrain that it could normally enter": a Move 3 squad
/// with Jump moves 30 cm over a wall and into a wood (terrain caps a move at 20 cm); without
/// the skill the wall stops it; no jump ends on the wall.
#[test]
fn jump_moves_over_terrain_as_if_open_but_ends_where_it_could_enter() {
    let mut g = jump_table(jumpers()).game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    assert!(g.check(&mv(&g, 0, 0.0, 15.0)).is_ok(), "over the wall");
    assert!(g.check(&mv(&g, 0, 0.0, 30.0)).is_ok(), "over the wall and 30 cm into the wood");
    let r = g.check(&mv(&g, 0, 0.0, 10.5)).unwrap_err();
    assert!(r.reason.contains("wall"), "a jump cannot end on the wall: {r}");
    assert!(g.check(&mv(&g, 0, 0.0, 30.5)).is_err(), "the allowance still holds");

    let mut plain = jumpers();
    plain.card.skills.clear();
    let mut g = jump_table(plain).game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    let r = g.check(&mv(&g, 0, 0.0, 15.0)).unwrap_err();
    assert!(r.reason.contains("wall"), "{r}");
}

/// "JUMP": "If a hero has joined a unit, both must have Jump for either to use it when they
/// activate together."
#[test]
fn a_joined_pair_jumps_only_when_both_have_jump() {
    let mut hero = hero_card("Walker Hero");
    hero.card.movement = 3;
    for (hero_jumps, ok) in [(false, false), (true, true)] {
        let h = if hero_jumps {
            with_skill(hero.clone(), Skill::Jump)
        } else {
            hero.clone()
        };
        let mut g = jump_table(jumpers()).unit(Side::A, h, &[(56.0, 12.0)], 0).game(1);
        if g.candidates(4).iter().any(|d| matches!(d, Decision::First(_))) {
            g.apply(Decision::First(Side::A)).unwrap();
        }
        g.apply(Decision::ActivateWith(0, 2)).unwrap();
        g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
        let r = g.check(&mv_all(&g, 0, Some(2), 0.0, 15.0));
        assert_eq!(r.is_ok(), ok, "hero with Jump: {hero_jumps}: {r:?}");
    }
}

// ----- LASER AND CUTTING WEAPONS, BERSERK ------------------------------------------------------

/// Checks the chain of an attack's log from `from` on: "roll another die scoring a further hit
/// on (👤). Continue scoring hits and rolling additional dice for each hit until it rolls a
/// miss": the first chain roll has one die per hit, each next one die per further hit, the
/// last scores none; the saves are rolled for every hit. Returns the hits and further hits.
fn check_chain(g: &FieldGame, from: usize) -> (u16, u16) {
    let r = rolls(g, from);
    let hits: u16 = r
        .iter()
        .filter(|x| matches!(x.0, Purpose::Hit | Purpose::Reroll))
        .map(|x| x.2)
        .sum();
    let chain: Vec<(u16, u16)> = r.iter().filter(|x| x.0 == Purpose::Chain).map(|x| (x.1, x.2)).collect();
    let mut want = hits;
    for &(dice, got) in &chain {
        assert_eq!(dice, want, "one die per hit of the last roll: {r:?}");
        want = got;
    }
    assert_eq!(want, 0, "the chain stops on a roll with no hit: {r:?}");
    let further: u16 = chain.iter().map(|c| c.1).sum();
    if let Some(save) = r.iter().find(|x| x.0 == Purpose::Save) {
        assert_eq!(save.1, hits + further, "saves for every hit: {r:?}");
    }
    (hits, further)
}

/// A squad of 3 with a laser rifle (unit 0) 22.5 cm from a squad of 12 (unit 1).
fn laser_table() -> Builder {
    let mut c = squad_card("Laser Grenadiers", 3);
    c.card.weapons[0].keywords.laser = true;
    Builder::default()
        .unit(Side::A, c, &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 12), &line(12, 34.0, 45.0), 180)
}

/// Unit 0 of `b` (dice seeded `seed`) activates for `plan` and attacks with `aims`; the game
/// and the index of the attack's first event.
fn attack_once(b: &Builder, seed: u64, plan: &[Action], aims: Vec<Aim>) -> (FieldGame, usize) {
    let mut g = b.clone().game(seed);
    activate(&mut g, 0, plan);
    let from = g.events().len();
    g.apply(Decision::Attack(aims)).unwrap();
    (g, from)
}

/// "LASER WEAPONS": "When a laser weapon scores a hit, roll another die scoring a further hit
/// on a roll of (👤). Continue scoring hits and rolling additional dice for each hit until it
/// rolls a miss" — in the live game (the log) and in the odds: one die ends as 1/3 · 3/2 = 1/2
/// hit on average, 1/3 after the infantry save.
#[test]
fn laser_hits_roll_again_until_a_miss() {
    let b = laser_table();
    let (mut hits, mut further) = (0u32, 0u32);
    for seed in 0..300 {
        let (g, from) = attack_once(&b, seed, &[Attack, Nothing], vec![aim(0, 1)]);
        let (h, f) = check_chain(&g, from);
        hits += u32::from(h);
        further += u32::from(f);
    }
    assert!(further > 0, "chains happen");
    // Each hit brings 1/3 / (1 − 1/3) = 1/2 further hit on average.
    let ratio = f64::from(further) / f64::from(hits);
    assert!((ratio - 0.5).abs() < 0.12, "{ratio}");
    let g = b.game(0);
    let o = g.attack_odds(0, &[aim(0, 1)], false).unwrap();
    assert!((o.groups[0].1 - 1.0 / 3.0).abs() < 1e-9, "{}", o.groups[0].1);
    assert!((o.expected_hits() - 1.0).abs() < 1e-9);
    let dist = &o.groups[0].2;
    let mean: f64 = dist.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    assert!((dist.iter().sum::<f64>() - 1.0).abs() < 1e-6 && (mean - 1.0).abs() < 1e-3, "{mean}");
}

/// "LASER WEAPONS" after a SUSTAINED ATTACK: the hits of the re-roll roll on too (the
/// battlefront book's example: "Adding up their hits from the original roll and the re-rolls"
/// before the further dice).
#[test]
fn a_sustained_laser_chains_every_hit() {
    let b = laser_table();
    for seed in 0..100 {
        let (g, from) = attack_once(&b, seed, &[Sustained], vec![aim(0, 1)]);
        check_chain(&g, from);
    }
}

/// "BERSERK": "When this hero scores a hit with a C weapon, roll another die, scoring a further
/// hit on (👤). Continue scoring hits and rolling an additional die for each hit until it rolls
/// a miss" — the hero's C weapon chains, its ranged weapon and a squad's C weapon do not.
#[test]
fn a_berserk_hero_chains_close_combat_hits() {
    let mut hero = with_skill(hero_card("Sigrid"), Skill::Berserk);
    hero.card.weapons.push(weapon("Claws", None, 3));
    let b =
        Builder::default()
            .unit(Side::A, hero, &[(50.0, 20.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 12), &line(12, 34.0, 24.0), 180);
    let mut chained = 0;
    for seed in 0..200 {
        let (mut g, from) = attack_once(&b, seed, &[Attack, Nothing], vec![aim(1, 1)]);
        while let Some(d) = g.candidates(4).into_iter().find(|d| matches!(d, Decision::Casualties(_))) {
            g.apply(d).unwrap();
        }
        // The squad's retaliation is not Berserk: the hero's own roll comes first.
        let r = rolls(&g, from);
        let first_hits = r.iter().find(|x| x.0 == Purpose::Hit).map_or(0, |x| x.2);
        let chain: Vec<_> = r.iter().filter(|x| x.0 == Purpose::Chain).collect();
        if first_hits > 0 {
            assert_eq!(chain.first().map(|c| c.1), Some(first_hits), "{r:?}");
            chained += 1;
        }
        // Ranged: no chain.
        let (g, from) = attack_once(&b, seed, &[Attack, Nothing], vec![aim(0, 1)]);
        assert!(rolls(&g, from).iter().all(|x| x.0 != Purpose::Chain));
    }
    assert!(chained > 50);
    // A squad with Berserk is no hero: no chain.
    let mut sq = with_skill(squad_card("Wild", 3), Skill::Berserk);
    sq.card.weapons[1] = weapon("Claws", None, 3);
    let b = Builder::default().unit(Side::A, sq, &line(3, 50.0, 20.0), 0).unit(
        Side::B,
        squad_card("Grenadiers", 12),
        &line(12, 34.0, 24.0),
        180,
    );
    for seed in 0..50 {
        let (g, from) = attack_once(&b, seed, &[Attack, Nothing], vec![aim(1, 1)]);
        assert!(rolls(&g, from).iter().all(|x| x.0 != Purpose::Chain));
    }
}

// ----- TWO MODES -------------------------------------------------------------------------------

/// "4. Declare Targets": "If a weapon has 2 modes of shooting (2 weapon lines), you must
/// announce which set of characteristics are being used each time the weapon makes an
/// attack": one attack aims one of the two lines, never both.
#[test]
fn a_two_mode_weapon_fires_one_mode_an_attack() {
    let mut c = squad_card("Panzer Grenadiers", 3);
    c.card.weapons = vec![
        weapon("Gun (AP)", Some(3), 1),
        weapon("Gun (HE)", Some(3), 2),
        weapon("Knife", None, 1),
    ];
    for m in &mut c.card.models {
        m.weapons = 0b111;
    }
    c.bf.weapons = vec![Default::default(); 3];
    c.bf.weapons[0].mode_of = Some(1);
    c.bf.weapons[1].mode_of = Some(0);
    let mut g = Builder::default()
        .unit(Side::A, c, &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 50.0, 40.0), 180)
        .game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    let r = g.check(&Decision::Attack(vec![aim(0, 1), aim(1, 1)])).unwrap_err();
    assert!(r.reason.contains("2 modes") && r.reason.contains("Gun (HE)"), "{r}");
    assert!(g.check(&Decision::Attack(vec![aim(1, 1)])).is_ok());
    assert!(g.check(&Decision::Attack(vec![aim(0, 1)])).is_ok());
    for d in g.candidates(200) {
        if let Decision::Attack(a) = d {
            assert!(!(a.iter().any(|x| x.line == 0) && a.iter().any(|x| x.line == 1)), "{a:?}");
        }
    }
}

// ----- LIMITED AMMO ----------------------------------------------------------------------------

/// "LIMITED AMMO WEAPONS": "Mark one of these each time a soldier, vehicle, or aircraft makes
/// an ATTACK or SUSTAINED ATTACK action with the weapon. Once all of the boxes have been
/// marked, the weapon can make no further attacks" — a vehicle's 2-box line fires twice; a
/// squad's 2-box line is fired by 2 of its 3 soldiers once, then never again.
#[test]
fn limited_ammo_marks_a_box_for_each_firer() {
    let mut tank = vehicle_card("Rocket Tank", Locomotion::Tracked);
    tank.card.weapons[0].ammo = Some(2);
    let mut g = Builder::default()
        .unit(Side::A, tank, &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 12), &line(12, 34.0, 50.0), 180)
        .game(1);
    assert_eq!(g.units()[0].ammo[0], Some(2));
    for left in [1, 0] {
        assert!(until_activation_of(&mut g, 0));
        g.apply(Decision::Activate(0)).unwrap();
        g.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        assert_eq!(g.units()[0].ammo[0], Some(left));
    }
    assert!(until_activation_of(&mut g, 0));
    g.apply(Decision::Activate(0)).unwrap();
    g.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
    let r = g.check(&Decision::Attack(vec![aim(0, 1)])).unwrap_err();
    assert!(r.reason.contains("boxes"), "{r}");
    assert!(!g
        .candidates(100)
        .iter()
        .any(|d| matches!(d, Decision::Attack(a) if a.iter().any(|x| x.line == 0))));

    let mut sq = squad_card("Grenadiers with Rockets", 3);
    sq.card.weapons[0].ammo = Some(2);
    let mut g = Builder::default()
        .unit(Side::A, sq, &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 12), &line(12, 34.0, 45.0), 180)
        .game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    let o = g.attack_odds(0, &[aim(0, 1)], false).unwrap();
    assert_eq!(o.groups.iter().map(|x| x.0.dice).sum::<u16>(), 2, "two boxes: two soldiers fire");
    g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
    assert_eq!(g.units()[0].ammo[0], Some(0));
}

// ----- FIELD OF FIRE: REAR AND SIDE MOUNTS -----------------------------------------------------

fn mounted(m: Mount) -> FieldCard {
    let mut c = vehicle_card("Sponson Tank", Locomotion::Tracked);
    c.bf.weapons[0].mount = Some(m);
    c
}

/// "1. Check Field of Fire": "Rear-mounted: up to 45° on either side of the rear of the vehicle
/// or aircraft's facing; Side-mounted: in the 180° to the side of the vehicle (excluding the
/// area directly ahead of or behind it)". The tank faces +y (0°); targets 30 cm ahead, behind,
/// right and left, and 30 cm to the right and 1 cm ahead (in the right half, not on the axis).
#[test]
fn rear_and_side_mounts_fire_behind_and_to_their_side() {
    let cases = [
        (Mount::Rear, (0.0, -30.0), true),
        (Mount::Rear, (21.0, -30.0), true),
        (Mount::Rear, (0.0, 30.0), false),
        (Mount::Rear, (30.0, 0.0), false),
        (Mount::Right, (30.0, 0.0), true),
        (Mount::Right, (30.0, 25.0), true),
        (Mount::Right, (-30.0, 0.0), false),
        (Mount::Right, (0.0, 30.0), false),
        (Mount::Right, (0.0, -30.0), false),
        (Mount::Left, (-30.0, 0.0), true),
        (Mount::Left, (-30.0, -25.0), true),
        (Mount::Left, (30.0, 0.0), false),
        (Mount::Left, (0.0, 30.0), false),
    ];
    for (m, (dx, dy), ok) in cases {
        let mut g = Builder::default()
            .unit(Side::A, mounted(m), &[(90.0, 60.0)], 0)
            .unit(Side::B, hero_card("Target"), &[(90.0 + dx, 60.0 + dy)], 180)
            .game(1);
        activate(&mut g, 0, &[Attack, Nothing]);
        let r = g.check(&Decision::Attack(vec![aim(0, 1)]));
        assert_eq!(r.is_ok(), ok, "{m:?} at ({dx}, {dy}): {r:?}");
        if let Err(e) = r {
            assert!(e.reason.contains("field of fire"), "{e}");
        }
    }
}

// ----- THREE ACTIONS: INFANTRY ACE, REACTIVE ATTACKS ---------------------------------------------

fn ace(name: &str) -> FieldCard {
    let mut c = hero_card(name);
    c.bf.skills.push(BattlefrontSkill::InfantryAce);
    c
}

/// The rolls of `purpose` logged from event `from` on: (dice, successes).
fn rolled(g: &FieldGame, from: usize, purpose: Purpose) -> Vec<(u16, u16)> {
    rolls(g, from).into_iter().filter(|r| r.0 == purpose).map(|r| (r.1, r.2)).collect()
}

/// tactics-battlefield-summary.md, "SKILLS AND EQUIPMENT", "INFANTRY ACE": "Roll a die when this
/// hero activates. On ☒ or ☑ the hero (and any unit it has joined or hero that has joined it)
/// gains a third action for this activation" (the army symbol or the shield, docs/rulings.md,
/// "Battlefield: Infantry Ace"), 2 times in 3; "ROLL FOR INITIATIVE": "a unit can never perform
/// more than 3 actions during an activation".
#[test]
fn infantry_ace_rolls_for_a_third_action() {
    let b = Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::A, ace("Ace"), &[(56.0, 12.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 150.0, 110.0), 180);
    let (n, mut three) = (300u64, 0u32);
    for seed in 0..n {
        let mut g = b.clone().game(seed);
        if g.candidates(4).iter().any(|d| matches!(d, Decision::First(_))) {
            g.apply(Decision::First(Side::A)).unwrap();
        }
        let from = g.events().len();
        // Alone, and joined to the squad: the unit shares the third action.
        let d = if seed % 2 == 0 {
            Decision::Activate(1)
        } else {
            Decision::ActivateWith(0, 1)
        };
        g.apply(d).unwrap();
        let r = rolled(&g, from, Purpose::Ace);
        assert_eq!(r.len(), 1, "one die when the hero activates");
        assert_eq!(r[0].0, 1);
        let gained = r[0].1 == 1;
        three += u32::from(gained);
        let two_ok = g.check(&Decision::Plan(vec![Move, Attack])).is_ok();
        let three_ok = g.check(&Decision::Plan(vec![March, Attack])).is_ok();
        assert_eq!((two_ok, three_ok), (!gained, gained), "seed {seed}");
        let plans = g.candidates(64);
        assert_eq!(
            plans.contains(&Decision::Plan(vec![March, Attack])),
            gained,
            "the generator proposes 3 actions"
        );
        let e = g.check(&Decision::Plan(vec![March, Sustained])).unwrap_err();
        assert!(e.reason.contains("never perform more than 3"), "{e}");
    }
    let f = f64::from(three) / n as f64;
    assert!((f - 2.0 / 3.0).abs() < 0.08, "{f}");
    // Units without the skill roll nothing.
    let mut g = b.game(1);
    if g.candidates(4).iter().any(|d| matches!(d, Decision::First(_))) {
        g.apply(Decision::First(Side::A)).unwrap();
    }
    let from = g.events().len();
    g.apply(Decision::Activate(0)).unwrap();
    assert!(rolled(&g, from, Purpose::Ace).is_empty());
}

/// An Infantry Ace (unit 0) with its third action, a squad of side B (unit 1) 17.5 cm away.
fn ace_with_three_actions(plan: &[Action]) -> FieldGame {
    for seed in 0..100 {
        let mut g = Builder::default()
            .unit(Side::A, ace("Ace"), &[(90.0, 20.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 87.0, 40.0), 180)
            .game(seed);
        if g.candidates(4).iter().any(|d| matches!(d, Decision::First(_))) {
            g.apply(Decision::First(Side::A)).unwrap();
        }
        g.apply(Decision::Activate(0)).unwrap();
        if g.check(&Decision::Plan(plan.to_vec())).is_ok() {
            g.apply(Decision::Plan(plan.to_vec())).unwrap();
            return g;
        }
    }
    panic!("no seed gives the ace a third action")
}

fn reaction_offered(g: &FieldGame) -> bool {
    g.pending() == Pending::Decision(Side::B) && g.candidates(8).contains(&Decision::React(Some(1)))
}

/// "REACTIVE ATTACKS": "If a unit makes a reactive attack against a unit that can perform 3
/// actions, the ATTACK action will occur immediately before the last action of the 3": not after
/// the first; a MARCH MOVE that is the first two of the 3 is not cut in half; "You cannot
/// declare a reactive attack against a unit that is taking a NOTHING action" after the window
/// (docs/rulings.md, "Battlefield: reacting to three actions").
#[test]
fn a_reaction_to_three_actions_comes_before_the_last() {
    // Move, Attack | Move: no window after the first action; one before the third.
    let mut g = ace_with_three_actions(&[Move, Attack, Nothing]);
    g.apply(mv(&g, 0, 5.0, 0.0)).unwrap();
    assert!(!reaction_offered(&g), "not after the first of 3 actions");
    assert_eq!(g.pending(), Pending::Decision(Side::A));
    // The last action is NOTHING: no reaction at all.
    g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
    while let Some(d) = g.candidates(4).into_iter().find(|d| matches!(d, Decision::Casualties(_))) {
        g.apply(d).unwrap();
    }
    assert!(!reaction_offered(&g));

    // March (actions 1 and 2), then the window, then the Attack.
    let mut g = ace_with_three_actions(&[March, Attack]);
    let start = g.table().units[0].minis[0].body.centre();
    g.apply(mv(&g, 0, 20.0, 0.0)).unwrap();
    assert!(reaction_offered(&g), "before the last action of the 3");
    assert_eq!(
        g.table().units[0].minis[0].body.centre(),
        start.add(Pt::cm(20.0, 0.0)),
        "the March Move is complete before the reaction"
    );
    g.apply(Decision::React(Some(1))).unwrap();
    assert!(g.units()[1].activated);

    // Move, then a March Move whose second half is the last action: the reaction cuts it after
    // a Move's length, as a March Move of two actions.
    let mut g = ace_with_three_actions(&[Move, March]);
    let start = g.table().units[0].minis[0].body.centre();
    g.apply(mv(&g, 0, 5.0, 0.0)).unwrap();
    assert!(!reaction_offered(&g));
    g.apply(mv(&g, 0, 20.0, 0.0)).unwrap();
    assert!(reaction_offered(&g));
    assert_eq!(g.table().units[0].minis[0].body.centre(), start.add(Pt::cm(15.0, 0.0)));
}

// ----- THE GENERATOR -------------------------------------------------------------------------

/// Random games on a table with every skill and weapon of this file (Fast, Jump, laser, a
/// Berserk hero, limited ammo, two modes, a rear mount, an Infantry Ace, Charge, At the Double,
/// Move and Fire, tesla, grapple and wire-guided weapons, Cheat Death, Scout, Camouflage) end, and every
/// decision the generator proposes is accepted by the check (the proptest of
/// crates/dust-data/tests/field_game.rs plays the shipped cards, which have none of these).
#[test]
fn random_games_with_skills_and_special_weapons_end() {
    let mut two_modes = squad_card("Panzer Grenadiers", 3);
    two_modes.card.weapons.insert(1, weapon("Rifle (HE)", Some(2), 2));
    for m in &mut two_modes.card.models {
        m.weapons = 0b111;
    }
    two_modes.bf.weapons = vec![Default::default(); 3];
    two_modes.bf.weapons[0].mode_of = Some(1);
    two_modes.bf.weapons[1].mode_of = Some(0);
    two_modes.card.weapons[0].ammo = Some(3);
    let mut berserk = with_skill(ace("Sigrid"), Skill::Berserk);
    berserk.card.weapons.push(weapon("Claws", None, 3));
    two_modes.bf.skills.push(BattlefrontSkill::AtTheDouble);
    two_modes.bf.weapons[2].grapple = true;
    let mut laser = laser_table().cards[0].clone();
    laser.bf.weapons = vec![Default::default(); 2];
    laser.bf.weapons[1].tesla = true;
    let mut b_ace = ace("Ace");
    b_ace.bf.skills.push(BattlefrontSkill::CheatDeath);
    let mut runners = with_skill(squad_card("Runners", 4), Skill::Fast);
    runners.bf.skills.push(BattlefrontSkill::MoveAndFire);
    runners.bf.skills.push(BattlefrontSkill::Scout);
    laser.bf.skills.push(BattlefrontSkill::Camouflage);
    let mut tank = mounted(Mount::Rear);
    tank.bf.weapons[0].wire_guided = true;
    let b = Builder::default()
        .unit(Side::A, runners, &line(4, 30.0, 15.0), 0)
        .unit(Side::A, with_skill(jumpers(), Skill::Charge), &line(3, 60.0, 15.0), 0)
        .unit(Side::A, berserk, &[(90.0, 12.0)], 0)
        .unit(Side::A, tank, &[(130.0, 15.0)], 180)
        .unit(Side::B, laser, &line(3, 40.0, 100.0), 180)
        .unit(Side::B, two_modes, &line(3, 90.0, 100.0), 180)
        .unit(Side::B, b_ace, &[(120.0, 105.0)], 180)
        .terrain(TerrainKind::Wall, &[(20.0, 50.0), (80.0, 50.0), (80.0, 51.0), (20.0, 51.0)])
        .terrain(TerrainKind::Woods, &[(100.0, 50.0), (150.0, 50.0), (150.0, 70.0), (100.0, 70.0)]);
    let mut aces = 0;
    let ended = random_games(
        &b,
        12,
        3000,
        |g, pick| {
            random_step(g, pick, 12);
        },
        |g, over| {
            if over {
                aces += rolled(g, 0, Purpose::Ace).len();
            }
        },
    );
    assert_eq!(ended, 12, "every game ends");
    assert!(aces > 0, "the aces activated and rolled");
}

// ----- FREE ACTIONS: CHARGE, AT THE DOUBLE, MOVE AND FIRE ---------------------------------------

fn first_a(g: &mut FieldGame) {
    if g.candidates(4).iter().any(|d| matches!(d, Decision::First(_))) {
        g.apply(Decision::First(Side::A)).unwrap();
    }
}

/// A squad of side A (unit 0) 30 cm from side B's squad (unit 1).
fn charge_table(a: FieldCard) -> Builder {
    Builder::default()
        .unit(Side::A, a, &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 50.0, 52.5), 180)
}

/// "CHARGE": "This unit (and any unit it has joined or hero that has joined it) may perform a
/// free ATTACK action using C weapons immediately after performing a MARCH MOVE action": a
/// MARCH MOVE and an ATTACK are the unit's 2 actions and a free one; the free ATTACK fights with
/// C weapons only; without the skill the plan is 3 actions, one too many.
#[test]
fn charge_a_free_close_combat_attack_after_a_march_move() {
    let mut g = charge_table(with_skill(squad_card("Chargers", 3), Skill::Charge)).game(1);
    first_a(&mut g);
    assert!(g.candidates(64).contains(&Decision::Activate(0)));
    g.apply(Decision::Activate(0)).unwrap();
    assert!(
        g.candidates(64).contains(&Decision::Plan(vec![March, Attack])),
        "the generator proposes the charge"
    );
    g.apply(Decision::Plan(vec![March, Attack])).unwrap();
    g.apply(mv(&g, 0, 0.0, 26.0)).unwrap_err();
    g.apply(mv(&g, 0, 0.0, 20.0)).unwrap();
    while g.pending() == Pending::Decision(Side::B) {
        g.apply(Decision::React(None)).unwrap();
    }
    assert_eq!(g.current_action(), Some(Attack), "the free ATTACK follows the MARCH MOVE");
    let r = g.check(&Decision::Attack(vec![aim(0, 1)])).unwrap_err();
    assert!(r.reason.contains("C weapons"), "{r}");
    assert!(!g
        .candidates(64)
        .iter()
        .any(|d| matches!(d, Decision::Attack(a) if a.iter().any(|x| x.line == 0))));

    // Without the skill: 3 actions.
    let mut g = charge_table(squad_card("Walkers", 3)).game(1);
    first_a(&mut g);
    g.apply(Decision::Activate(0)).unwrap();
    let r = g.check(&Decision::Plan(vec![March, Attack])).unwrap_err();
    assert!(r.reason.contains("3 actions"), "{r}");
    // A hero with Charge joined to the squad: the pair charges.
    let mut g = charge_table(squad_card("Walkers", 3))
        .unit(Side::A, with_skill(hero_card("Charger"), Skill::Charge), &[(56.0, 12.0)], 0)
        .game(1);
    first_a(&mut g);
    g.apply(Decision::ActivateWith(0, 2)).unwrap();
    assert!(g.check(&Decision::Plan(vec![March, Attack])).is_ok());
}

/// "CHARGE" — the close combat after the charge: squads 22.5 cm apart, a March Move of 20 cm
/// brings them 2.5 cm apart, and the knife fights.
#[test]
fn a_charge_ends_in_close_combat() {
    let mut g = Builder::default()
        .unit(
            Side::A,
            with_skill(squad_card("Chargers", 3), Skill::Charge),
            &line(3, 50.0, 20.0),
            0,
        )
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 50.0, 45.0), 180)
        .game(3);
    activate(&mut g, 0, &[March, Attack]);
    g.apply(mv(&g, 0, 0.0, 20.0)).unwrap();
    while g.pending() == Pending::Decision(Side::B) {
        g.apply(Decision::React(None)).unwrap();
    }
    let from = g.events().len();
    g.apply(Decision::Attack(vec![aim(1, 1)])).unwrap();
    assert!(!rolled(&g, from, Purpose::Hit).is_empty(), "the knives roll");
}

/// "AT THE DOUBLE": "This unit (and any unit it has joined or hero that has joined it) may
/// perform a free MOVE action immediately after performing a MARCH MOVE action": a Move 1
/// squad goes 20 cm, then 10 cm more.
#[test]
fn at_the_double_a_free_move_after_a_march_move() {
    let mut c = squad_card("Runners", 3);
    c.bf.skills.push(BattlefrontSkill::AtTheDouble);
    let mut g = Builder::default()
        .unit(Side::A, c, &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 150.0, 110.0), 180)
        .game(1);
    activate(&mut g, 0, &[March, Move]);
    g.apply(mv(&g, 0, 0.0, 20.0)).unwrap();
    assert_eq!(g.current_action(), Some(Move));
    assert!(g.check(&mv(&g, 0, 0.0, 10.5)).is_err());
    g.apply(mv(&g, 0, 0.0, 10.0)).unwrap();
    assert_eq!(g.table().units[0].minis[0].body.centre(), Pt::cm(50.0, 50.0));
    let mut g = Builder::default()
        .unit(Side::A, squad_card("Walkers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 150.0, 110.0), 180)
        .game(1);
    first_a(&mut g);
    g.apply(Decision::Activate(0)).unwrap();
    assert!(g.check(&Decision::Plan(vec![March, Move])).is_err());
}

/// "MOVE AND FIRE": "This unit (and any unit it has joined or hero that has joined it) may
/// perform a free MOVE action immediately after performing an ATTACK or SUSTAINED ATTACK action
/// using ranged weapons": after a ranged attack the free MOVE is played; after an attack with
/// C weapons only, or no weapon, there is none (docs/rulings.md, "Battlefield: free actions").
#[test]
fn move_and_fire_a_free_move_after_a_ranged_attack() {
    let mut c = squad_card("Skirmishers", 3);
    c.bf.skills.push(BattlefrontSkill::MoveAndFire);
    let b = Builder::default().unit(Side::A, c, &line(3, 50.0, 20.0), 0).unit(
        Side::B,
        squad_card("Grenadiers", 12),
        &line(12, 34.0, 45.0),
        180,
    );
    let mut g = b.clone().game(1);
    activate(&mut g, 0, &[Move, Attack, Move]);
    g.apply(mv(&g, 0, 0.0, -5.0)).unwrap();
    while g.pending() == Pending::Decision(Side::B) && g.candidates(4).contains(&Decision::React(None)) {
        g.apply(Decision::React(None)).unwrap();
    }
    g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
    while let Some(d) = g.candidates(4).into_iter().find(|d| matches!(d, Decision::Casualties(_))) {
        g.apply(d).unwrap();
    }
    assert_eq!(g.current_action(), Some(Move), "the free MOVE after the ranged attack");
    g.apply(mv(&g, 0, 0.0, -10.0)).unwrap();
    assert_eq!(g.table().units[0].minis[0].body.centre(), Pt::cm(50.0, 5.0));

    // An ATTACK with no ranged weapon: no free MOVE.
    let mut g = b.game(1);
    activate(&mut g, 0, &[Move, Attack, Move]);
    g.apply(mv(&g, 0, 0.0, -5.0)).unwrap();
    while g.pending() == Pending::Decision(Side::B) && g.candidates(4).contains(&Decision::React(None)) {
        g.apply(Decision::React(None)).unwrap();
    }
    g.apply(Decision::Attack(Vec::new())).unwrap();
    assert!(g.acting().is_none(), "the activation is over");
}

// ----- STUNNED: TESLA AND GRAPPLE WEAPONS, CHEAT DEATH -------------------------------------------

/// A squad of side A (unit 0) with a rifle marked `kind` ("tesla" or "grapple") and a knife,
/// 20 cm from side B's squad of 12 (unit 1).
fn stun_table(kind: &str) -> Builder {
    let mut c = squad_card("Tesla Troopers", 3);
    c.card.weapons[0] = weapon("Stunner", Some(3), 2);
    c.bf.weapons = vec![Default::default(); 2];
    match kind {
        "tesla" => c.bf.weapons[0].tesla = true,
        _ => c.bf.weapons[0].grapple = true,
    }
    Builder::default()
        .unit(Side::A, c, &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 12), &line(12, 34.0, 42.5), 180)
}

fn hits_scored(g: &FieldGame, from: usize) -> u16 {
    rolled(g, from, Purpose::Hit).iter().map(|r| r.1).sum()
}

/// "TESLA WEAPONS": "When a unit is hit by a Tesla weapon, place a Stunned token on it … A unit
/// with a Stunned token cannot fight, including fighting back if attacked in close combat. Any
/// time a unit activates while it has a Stunned token, it must perform a NOTHING action as its
/// first action, then remove any Stunned tokens."
#[test]
fn a_tesla_hit_stuns_the_target() {
    let mut stunned = 0;
    for seed in 0..40 {
        let (mut g, from) = attack_once(&stun_table("tesla"), seed, &[Attack, Nothing], vec![aim(0, 1)]);
        let hit = hits_scored(&g, from) > 0;
        assert_eq!(g.units()[1].stunned, hit, "seed {seed}: stunned when hit, even if saved");
        if !hit {
            continue;
        }
        stunned += 1;
        while let Some(d) = g.candidates(4).into_iter().find(|d| matches!(d, Decision::Casualties(_))) {
            g.apply(d).unwrap();
        }
        // Side B activates the stunned squad: NOTHING first, then the token is gone.
        assert!(until_activation_of(&mut g, 1));
        g.apply(Decision::Activate(1)).unwrap();
        let e = g.check(&Decision::Plan(vec![Attack, Nothing])).unwrap_err();
        assert!(e.reason.contains("Stunned") && e.reason.contains("NOTHING"), "{e}");
        assert!(
            g.check(&Decision::Plan(vec![Nothing, Attack])).is_ok(),
            "it may fight once the token is removed"
        );
        g.apply(Decision::Plan(vec![Nothing, Nothing])).unwrap();
        assert!(!g.units()[1].stunned, "the token is removed");
    }
    assert!(stunned > 20);
}

/// "TESLA WEAPONS": "cannot fight, including fighting back if attacked in close combat"; "If a
/// unit with a Stunned token attempts a reactive attack, it rolls 1 die rather than 2 … but
/// removes the Stunned token whether or not it succeeds".
#[test]
fn a_stunned_unit_does_not_fight_back_and_reacts_with_one_die() {
    let b = Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 50.0, 24.0), 180);
    for seed in 0..20 {
        let mut g = b.clone().game(seed);
        g.set_stunned(1, true);
        activate(&mut g, 0, &[Attack, Nothing]);
        let from = g.events().len();
        g.apply(Decision::Attack(vec![aim(1, 1)])).unwrap();
        while let Some(d) = g.candidates(4).into_iter().find(|d| matches!(d, Decision::Casualties(_))) {
            g.apply(d).unwrap();
        }
        // The attacker's knives roll; the stunned squad's do not.
        assert_eq!(rolled(&g, from, Purpose::Hit).len(), 1, "seed {seed}");
    }
    // A reaction: one die, and the token goes.
    let b = Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 50.0, 50.0), 180);
    let mut g = b.game(2);
    g.set_stunned(1, true);
    activate(&mut g, 0, &[Move, Attack]);
    g.apply(mv(&g, 0, 0.0, 2.0)).unwrap();
    assert!(reaction_offered(&g));
    let from = g.events().len();
    g.apply(Decision::React(Some(1))).unwrap();
    assert_eq!(rolled(&g, from, Purpose::Reactive).first().map(|r| r.0), Some(1), "one die");
    assert!(!g.units()[1].stunned);
}

/// "GRAPPLE WEAPONS": "When a grapple weapon scores a hit, place a Stunned token on the target
/// unit. Remove the token if the unit with the grapple weapon takes an action other than a
/// NOTHING action."
#[test]
fn a_grapple_holds_while_the_grappler_does_nothing() {
    let mut held = 0;
    for seed in 0..40 {
        let mut g = stun_table("grapple").game(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        let from = g.events().len();
        g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
        if hits_scored(&g, from) == 0 {
            assert!(!g.units()[1].stunned);
            continue;
        }
        held += 1;
        assert!(g.units()[1].stunned, "the second action is NOTHING: still stunned");
        // Next activation of the grappler: a MOVE releases the target.
        while let Some(d) = g.candidates(4).into_iter().find(|d| matches!(d, Decision::Casualties(_))) {
            g.apply(d).unwrap();
        }
        if !until_activation_of(&mut g, 0) || !g.units()[1].stunned {
            continue; // the target activated (and lost the token) before the grappler did
        }
        g.apply(Decision::Activate(0)).unwrap();
        g.apply(Decision::Plan(vec![Nothing, Move])).unwrap();
        assert!(g.units()[1].stunned, "a NOTHING action keeps the hold");
        g.apply(mv(&g, 0, 0.0, -2.0)).unwrap();
        assert!(!g.units()[1].stunned, "a MOVE releases it");
    }
    assert!(held > 20);
}

/// "CHEAT DEATH": "If this hero is eliminated, roll a die at the end of the action. On ☒ or ☑
/// the hero removes 1 point of damage and survives, but gains a Stunned token" (the army symbol
/// or the shield: docs/rulings.md, "Battlefield: Cheat Death"), 2 times in 3.
#[test]
fn cheat_death_survives_two_times_in_three() {
    let mut hero = hero_card("Lucky");
    hero.card.health = 1;
    hero.bf.skills.push(BattlefrontSkill::CheatDeath);
    let mut gun = squad_card("Gunners", 3);
    gun.card.weapons[0] = weapon("Gun", Some(4), 6);
    let b = Builder::default()
        .unit(Side::A, gun, &line(3, 50.0, 20.0), 0)
        .unit(Side::B, hero, &[(53.0, 40.0)], 180);
    let (mut killed, mut survived) = (0, 0);
    for seed in 0..300 {
        let (g, from) = attack_once(&b, seed, &[Attack, Nothing], vec![aim(0, 1)]);
        let r = rolled(&g, from, Purpose::CheatDeath);
        let hit = g.events()[from..].iter().any(|e| matches!(e, Event::Damaged(1, _)));
        assert_eq!(r.len(), usize::from(hit), "one die when the hero is eliminated");
        if let Some(&(dice, k)) = r.first() {
            assert_eq!(dice, 1);
            if k == 1 {
                survived += 1;
                assert!(!g.units()[1].destroyed && g.units()[1].health == 1 && g.units()[1].stunned);
            } else {
                killed += 1;
                assert!(g.units()[1].destroyed);
            }
        }
    }
    let f = f64::from(survived) / f64::from(survived + killed);
    assert!((f - 2.0 / 3.0).abs() < 0.1, "{f}");
}

// ----- MORE SKILLS AND WEAPONS: KILLING SPREE, CUTTING, FLYING, JOINING, SAVES, DICE --------------

fn with_bf(mut c: FieldCard, s: BattlefrontSkill) -> FieldCard {
    c.bf.skills.push(s);
    c
}

/// "KILLING SPREE": "When this hero scores a hit with a ranged weapon, roll another die scoring a
/// further hit on (👤). Continue scoring hits and rolling an additional die for each hit until it
/// rolls a miss"; "CUTTING WEAPONS": "When a cutting weapon scores a hit, roll another die …
/// until it rolls a miss" — the chain of the laser (F-703).
#[test]
fn killing_spree_and_cutting_weapons_chain() {
    let b = Builder::default()
        .unit(
            Side::A,
            with_bf(hero_card("Spree"), BattlefrontSkill::KillingSpree),
            &[(50.0, 20.0)],
            0,
        )
        .unit(Side::B, squad_card("Grenadiers", 12), &line(12, 34.0, 35.0), 180);
    let mut chained = 0;
    for seed in 0..60 {
        let (g, from) = attack_once(&b, seed, &[Attack, Nothing], vec![aim(0, 1)]);
        chained += usize::from(check_chain(&g, from).0 > 0);
    }
    assert!(chained > 20);
    let mut cutter = squad_card("Cutters", 3);
    cutter.bf.weapons = vec![Default::default(); 2];
    cutter.bf.weapons[0].cutting = true;
    let b = Builder::default().unit(Side::A, cutter, &line(3, 50.0, 20.0), 0).unit(
        Side::B,
        squad_card("Grenadiers", 12),
        &line(12, 34.0, 45.0),
        180,
    );
    let g = b.game(0);
    let o = g.attack_odds(0, &[aim(0, 1)], false).unwrap();
    assert!(o.groups[0].0.chain && (o.groups[0].1 - 1.0 / 3.0).abs() < 1e-9);
}

/// "FLYING": "During movement, this unit can move over any terrain as if it were open terrain,
/// provided that it ends its move in terrain that it could normally enter" (as Jump, F-702).
#[test]
fn flying_moves_over_terrain_as_if_open() {
    let mut fliers = jumpers();
    fliers.card.skills.clear();
    fliers.bf.skills.push(BattlefrontSkill::Flying);
    let mut g = jump_table(fliers).game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    assert!(g.check(&mv(&g, 0, 0.0, 30.0)).is_ok());
    assert!(g.check(&mv(&g, 0, 0.0, 10.5)).is_err());
}

/// "LONER": "This hero may not join a unit"; "GORILLA": "Only a Gorilla hero may join a Gorilla
/// unit. Gorilla heroes cannot join units that are not Gorillas"; "STEEL GUARD" and "ZOMBIE":
/// the same words.
#[test]
fn who_may_join_whom() {
    let plain = || squad_card("Rangers", 3);
    let cases = [
        (plain(), with_bf(hero_card("Loner"), BattlefrontSkill::Loner), false),
        (with_bf(plain(), BattlefrontSkill::Gorilla), hero_card("Man"), false),
        (plain(), with_bf(hero_card("Ape"), BattlefrontSkill::Gorilla), false),
        (
            with_bf(plain(), BattlefrontSkill::Gorilla),
            with_bf(hero_card("Ape"), BattlefrontSkill::Gorilla),
            true,
        ),
        (with_bf(plain(), BattlefrontSkill::SteelGuard), hero_card("Man"), false),
        (plain(), with_bf(hero_card("Guard"), BattlefrontSkill::SteelGuard), false),
        (with_bf(plain(), BattlefrontSkill::Zombie), hero_card("Man"), false),
        (
            with_bf(plain(), BattlefrontSkill::Zombie),
            with_bf(hero_card("Zombie"), BattlefrontSkill::Zombie),
            true,
        ),
        (plain(), hero_card("Man"), true),
    ];
    for (k, (unit, hero, ok)) in cases.into_iter().enumerate() {
        let mut g = Builder::default()
            .unit(Side::A, unit, &line(3, 50.0, 20.0), 0)
            .unit(Side::A, hero, &[(56.0, 12.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 150.0, 110.0), 180)
            .game(1);
        first_a(&mut g);
        let r = g.check(&Decision::ActivateWith(0, 1));
        assert_eq!(r.is_ok(), ok, "case {k}: {r:?}");
    }
}

/// A squad of side A (unit 0) attacking `target` (unit 1) standing 2 cm inside a wood whose
/// edge is 20 cm away (in cover, in sight).
fn cover_table(attacker: FieldCard, target: FieldCard) -> Builder {
    Builder::default()
        .unit(Side::A, attacker, &line(3, 50.0, 20.0), 0)
        .unit(Side::B, target, &line(3, 50.0, 44.0), 180)
        .terrain(TerrainKind::Woods, &[(30.0, 41.0), (90.0, 41.0), (90.0, 70.0), (30.0, 70.0)])
}

/// "STEEL GUARD": "This unit never has a cover save, but always passes its infantry save on ☑
/// as well as ☒"; "ZOMBIE": the same words (the shield as well as the army symbol:
/// docs/rulings.md, "Battlefield: Steel Guard and Zombie saves"); "ZOMBIE": "A zombie unit can
/// never be suppressed, so never receive Under Fire or Suppression tokens".
#[test]
fn steel_guard_and_zombies_save_without_cover() {
    use dust_core::dice::Symbols;
    let g = cover_table(squad_card("Rangers", 3), squad_card("Grenadiers", 3)).game(1);
    let o = g.attack_odds(0, &[aim(0, 1)], false).unwrap();
    assert!(o.groups[0].0.cover, "the wood gives cover");
    for s in [BattlefrontSkill::SteelGuard, BattlefrontSkill::Zombie] {
        let g = cover_table(squad_card("Rangers", 3), with_bf(squad_card("Guards", 3), s)).game(1);
        let o = g.attack_odds(0, &[aim(0, 1)], false).unwrap();
        assert_eq!(o.groups[0].0.save, Some(Symbols::ARMY_OR_SHIELD), "{s:?}");
        // In the open too.
        let g = Builder::default()
            .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
            .unit(Side::B, with_bf(squad_card("Guards", 3), s), &line(3, 50.0, 44.0), 180)
            .game(1);
        let o = g.attack_odds(0, &[aim(0, 1)], false).unwrap();
        assert_eq!(o.groups[0].0.save, Some(Symbols::ARMY_OR_SHIELD), "{s:?}");
    }
    let mut g = Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .unit(
            Side::B,
            with_bf(squad_card("Zombies", 3), BattlefrontSkill::Zombie),
            &line(3, 50.0, 44.0),
            180,
        )
        .game(1);
    assert!(g.immune_to_suppression(1));
    activate(&mut g, 0, &[Attack, Nothing]);
    g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
    assert_eq!(g.units()[1].tokens, dust_core::field::Tokens::default());
}

/// "DEFENSIVE TACTICS": "This unit … gains Damage Resilient when in cover": in the wood each die
/// ends as a casualty with 1/3 · 1/3 (cover save ☒ or ☑) · 2/3 (Damage Resilient); in the open
/// 1/3 · 2/3 with no Damage Resilient.
#[test]
fn defensive_tactics_is_damage_resilient_in_cover() {
    let tactician = || with_bf(squad_card("Tacticians", 3), BattlefrontSkill::DefensiveTactics);
    let g = cover_table(squad_card("Rangers", 3), tactician()).game(1);
    let o = g.attack_odds(0, &[aim(0, 1)], false).unwrap();
    assert!((o.groups[0].1 - 2.0 / 27.0).abs() < 1e-12, "{}", o.groups[0].1);
    let g = Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::B, tactician(), &line(3, 50.0, 44.0), 180)
        .game(1);
    let o = g.attack_odds(0, &[aim(0, 1)], false).unwrap();
    assert!((o.groups[0].1 - 2.0 / 9.0).abs() < 1e-12, "{}", o.groups[0].1);
}

/// "POWER SCOPES": "A weapon with power scopes hits on (🎯) as well as (👤) when making a
/// SUSTAINED ATTACK action"; "TAKE AIM": "This hero hits on (🎯) as well as (👤) when making a
/// SUSTAINED ATTACK action with ranged weapons": a die hits 2/3, 8/9 with its re-roll, then
/// the infantry save (2/3 not saved); an ATTACK still hits 1/3.
#[test]
fn power_scopes_and_take_aim_hit_on_targets_when_sustained() {
    let mut scoped = squad_card("Snipers", 3);
    scoped.bf.weapons = vec![Default::default(); 2];
    scoped.bf.weapons[0].power_scopes = true;
    let aimer = with_bf(hero_card("Marksman"), BattlefrontSkill::TakeAim);
    for (card, at) in [(scoped, line(3, 50.0, 20.0)), (aimer, vec![(50.0, 20.0)])] {
        let g = Builder::default()
            .unit(Side::A, card, &at, 0)
            .unit(Side::B, squad_card("Grenadiers", 12), &line(12, 34.0, 35.0), 180)
            .game(1);
        let s = g.attack_odds(0, &[aim(0, 1)], true).unwrap();
        assert!((s.groups[0].1 - 8.0 / 9.0 * 2.0 / 3.0).abs() < 1e-12, "{}", s.groups[0].1);
        let a = g.attack_odds(0, &[aim(0, 1)], false).unwrap();
        assert!((a.groups[0].1 - 2.0 / 9.0).abs() < 1e-12, "{}", a.groups[0].1);
    }
}

// ----- CREWS: SUPPORT WEAPON TEAMS, OPEN-TOPPED VEHICLES ----------------------------------------

/// A support weapon of `health` soldiers (one base): a mounted heavy MG (2 dice) and pistols (1
/// die), every soldier carrying both.
fn team(health: u8) -> FieldCard {
    let mut c = dust_core::field::tests_support::support_card("MG Team");
    c.card.weapons = vec![weapon("Heavy MG", Some(4), 2), weapon("Pistol", Some(3), 1)];
    c.card.health = health;
    c.card.models = vec![dust_core::unit::Model { weapons: 0b11, role: None }; usize::from(health)];
    c.bf.weapons = vec![Default::default(); 2];
    c.bf.weapons[0].mount = Some(Mount::Front);
    c
}

fn dice_of(g: &FieldGame, u: usize, aims: &[Aim]) -> Vec<(u8, u16)> {
    let o = g.attack_odds(u, aims, false).unwrap();
    let mut v: Vec<(u8, u16)> = Vec::new();
    for (gr, _, _) in &o.groups {
        match v.iter_mut().find(|x| x.0 == gr.line) {
            Some(x) => x.1 += gr.dice,
            None => v.push((gr.line, gr.dice)),
        }
    }
    v
}

/// "4. Declare Targets": "Support weapon units use a 2 man team to fire (although 1 can do so in
/// an emergency) and have 1 soldier left for each damage point they have remaining. Only the
/// third or fourth soldiers of the unit can fire other weapons if the support weapon fires" —
/// four soldiers: the MG (once, 2 dice) and two pistols; the pistols alone: four; one soldier
/// left fires the MG alone (the emergency). The shared rule of the battlefront engine
/// (`battlefront::weapons::share_out`).
#[test]
fn a_support_weapon_fires_with_a_team_of_two() {
    let at = |c: FieldCard| {
        Builder::default()
            .unit(Side::A, c, &[(50.0, 20.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 12), &line(12, 34.0, 45.0), 180)
            .game(1)
    };
    let g = at(team(4));
    assert_eq!(dice_of(&g, 0, &[aim(0, 1), aim(1, 1)]), vec![(0, 2), (1, 2)]);
    assert_eq!(dice_of(&g, 0, &[aim(1, 1)]), vec![(1, 4)]);
    assert_eq!(dice_of(&g, 0, &[aim(0, 1)]), vec![(0, 2)]);
    let g = at(team(2));
    let r = g.attack_odds(0, &[aim(0, 1), aim(1, 1)], false).unwrap_err();
    assert!(r.reason.contains("third or fourth"), "{r}");
    let g = at(team(1));
    assert_eq!(dice_of(&g, 0, &[aim(0, 1)]), vec![(0, 2)], "one soldier fires it in an emergency");
}

/// A vehicle with crew: a gun (3 dice) and the crew's SMG (1 die), `health` damage points.
fn crewed(health: u8) -> FieldCard {
    let mut c = vehicle_card("Half-track", Locomotion::Tracked);
    c.card.weapons.push(weapon("Crew SMG", Some(3), 1));
    c.card.health = health;
    c.bf.weapons.push(Default::default());
    c.bf.weapons[1].crew = true;
    c
}

/// "4. Declare Targets": "When an open-topped vehicle with crew attacks, it may choose to attack
/// with the vehicle weapons or the crew's weapons. If it chooses to attack with the crew's
/// weapons, it may fire 1 weapon for each damage point the vehicle has remaining" — the shared
/// rule of the battlefront engine (`battlefront::weapons::share_crew`).
#[test]
fn an_open_topped_vehicle_fires_its_weapons_or_its_crews() {
    for health in [3u8, 4] {
        let g = Builder::default()
            .unit(Side::A, crewed(health), &[(50.0, 20.0)], 0)
            .unit(Side::B, squad_card("Grenadiers", 12), &line(12, 34.0, 45.0), 180)
            .game(1);
        let r = g.attack_odds(0, &[aim(0, 1), aim(1, 1)], false).unwrap_err();
        assert!(r.reason.contains("crew"), "{r}");
        assert_eq!(
            dice_of(&g, 0, &[aim(1, 1)]),
            vec![(1, u16::from(health))],
            "one weapon a damage point"
        );
        assert_eq!(dice_of(&g, 0, &[aim(0, 1)]), vec![(0, 3)]);
    }
}

// ----- WIRE-GUIDED, SCOUT, CAMOUFLAGE -------------------------------------------------------------

/// "WIRE-GUIDED WEAPONS": "If a unit attacks with 1 wire-guided weapon and no other weapons when
/// making an ATTACK action, it re-rolls misses for that weapon as if making a SUSTAINED ATTACK":
/// a hero's one wire-guided launcher re-rolls (1 − (2/3)² = 5/9, then 2/3 unsaved); with its
/// pistol too, or fired by three soldiers, it does not.
#[test]
fn a_lone_wire_guided_weapon_rerolls_its_misses() {
    let mut hero = hero_card("Tank Hunter");
    hero.card.weapons.insert(0, weapon("Wire-guided Missile", Some(4), 1));
    hero.bf.weapons = vec![Default::default(); 2];
    hero.bf.weapons[0].wire_guided = true;
    let g = Builder::default()
        .unit(Side::A, hero, &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 12), &line(12, 34.0, 35.0), 180)
        .game(1);
    let alone = g.attack_odds(0, &[aim(0, 1)], false).unwrap();
    assert!((alone.groups[0].1 - 5.0 / 9.0 * 2.0 / 3.0).abs() < 1e-12, "{}", alone.groups[0].1);
    let both = g.attack_odds(0, &[aim(0, 1), aim(1, 1)], false).unwrap();
    assert!((both.groups[0].1 - 2.0 / 9.0).abs() < 1e-12);
    // The live roll re-rolls the misses of the lone weapon.
    for seed in 0..30 {
        let mut hero = hero_card("Tank Hunter");
        hero.card.weapons.insert(0, weapon("Wire-guided Missile", Some(4), 1));
        hero.bf.weapons = vec![Default::default(); 2];
        hero.bf.weapons[0].wire_guided = true;
        let b = Builder::default().unit(Side::A, hero, &[(50.0, 20.0)], 0).unit(
            Side::B,
            squad_card("Grenadiers", 12),
            &line(12, 34.0, 35.0),
            180,
        );
        let (g, from) = attack_once(&b, seed, &[Attack, Nothing], vec![aim(0, 1)]);
        let hit = rolled(&g, from, Purpose::Hit);
        let reroll = rolled(&g, from, Purpose::Reroll);
        assert_eq!(reroll.first().map_or(0, |r| r.0), 1 - hit[0].1, "the miss is re-rolled");
    }
    let mut squad = squad_card("Missile Team", 3);
    squad.bf.weapons = vec![Default::default(); 2];
    squad.bf.weapons[0].wire_guided = true;
    let g = Builder::default()
        .unit(Side::A, squad, &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 12), &line(12, 34.0, 45.0), 180)
        .game(1);
    let three = g.attack_odds(0, &[aim(0, 1)], false).unwrap();
    assert!((three.groups[0].1 - 2.0 / 9.0).abs() < 1e-12, "three weapons are not 1");
}

/// "SCOUT": "This unit (and any unit it has joined or hero that has joined it) may take a MARCH
/// MOVE action as its first action of the game. This counts as a single action, leaving the unit
/// with one further action in that activation" — in turn 1 (docs/rulings.md, "Battlefield:
/// Scout"), not later.
#[test]
fn scouts_march_as_one_action_in_their_first_activation() {
    let scouts = with_bf(squad_card("Scouts", 3), BattlefrontSkill::Scout);
    let b = Builder::default().unit(Side::A, scouts, &line(3, 50.0, 20.0), 0).unit(
        Side::B,
        squad_card("Grenadiers", 3),
        &line(3, 150.0, 110.0),
        180,
    );
    let mut g = b.clone().game(1);
    first_a(&mut g);
    g.apply(Decision::Activate(0)).unwrap();
    assert!(g.check(&Decision::Plan(vec![March, Attack])).is_ok());
    assert!(g.check(&Decision::Plan(vec![March])).is_err(), "one action is left");
    assert!(g.candidates(64).contains(&Decision::Plan(vec![March, Attack])));
    g.apply(Decision::Plan(vec![March, Nothing])).unwrap();
    g.apply(mv(&g, 0, 0.0, 20.0)).unwrap();
    assert!(until_activation_of(&mut g, 0), "turn 2");
    assert!(g.turn() >= 2);
    g.apply(Decision::Activate(0)).unwrap();
    let r = g.check(&Decision::Plan(vec![March, Attack])).unwrap_err();
    assert!(r.reason.contains("3 actions"), "{r}");
}

/// A camouflaged squad of side B (unit 1) in a wood (in cover), `gap` cm from side A's squad.
fn camo_table(gap: f64, camo: bool) -> Builder {
    let mut c = squad_card("Snipers", 3);
    if camo {
        c.bf.skills.push(BattlefrontSkill::Camouflage);
    }
    let y = 20.0 + 2.5 + gap;
    Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::B, c, &line(3, 50.0, y), 180)
        .terrain(
            TerrainKind::Woods,
            &[(30.0, y - 3.0), (90.0, y - 3.0), (90.0, y + 30.0), (30.0, y + 30.0)],
        )
}

/// "CAMOUFLAGE": "Once it has done so, no enemy unit has LOS to it if it is in cover from them
/// and at range 3 (30cm/12") or more. This benefit ends if the camouflaged unit takes any
/// action other than a MOVE or NOTHING Action … The unit starts the game camouflaged."
#[test]
fn camouflage_hides_a_unit_in_cover_from_thirty_cm() {
    let mut long = squad_card("Rangers", 3);
    long.card.weapons[0] = weapon("Rifle", Some(5), 1);
    let at = |gap: f64, camo: bool| {
        let mut b = camo_table(gap, camo);
        b.cards[0] = long.clone();
        b.game(1)
    };
    let g = at(35.0, true);
    assert!(g.units()[1].camouflaged, "it starts the game camouflaged");
    let r = g.attack_odds(0, &[aim(0, 1)], false).unwrap_err();
    assert!(r.reason.contains("amouflage"), "{r}");
    assert!(at(35.0, false).attack_odds(0, &[aim(0, 1)], false).is_ok(), "without the skill");
    assert!(at(25.0, true).attack_odds(0, &[aim(0, 1)], false).is_ok(), "closer than 30 cm");
    // In the open: no cover, no hiding.
    let mut c = with_bf(squad_card("Snipers", 3), BattlefrontSkill::Camouflage);
    c.card.weapons[0] = weapon("Rifle", Some(5), 1);
    let g = Builder::default()
        .unit(Side::A, long.clone(), &line(3, 50.0, 20.0), 0)
        .unit(Side::B, c, &line(3, 50.0, 57.5), 180)
        .game(1);
    assert!(g.attack_odds(0, &[aim(0, 1)], false).is_ok());
    // The camouflaged unit attacks: the benefit ends.
    let mut g = at(35.0, true);
    g.apply(Decision::First(Side::B)).unwrap();
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![Move, Nothing])).unwrap();
    g.apply(mv(&g, 1, 0.0, 1.0)).unwrap();
    assert!(g.units()[1].camouflaged, "a MOVE keeps it");
    let mut g = at(35.0, true);
    g.apply(Decision::First(Side::B)).unwrap();
    g.apply(Decision::Activate(1)).unwrap();
    g.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
    g.apply(Decision::Attack(Vec::new())).unwrap();
    assert!(!g.units()[1].camouflaged, "an ATTACK ends it");
}

// ----- STRONGPOINT, BLUTKREUZ, MINDLESS ZOMBIES ---------------------------------------------------

/// "STRONGPOINT": "A Strongpoint unit must be deployed in a strongpoint or bunker."
#[test]
fn a_strongpoint_unit_is_deployed_in_a_fortification() {
    let garrison = || with_bf(squad_card("Garrison", 3), BattlefrontSkill::Strongpoint);
    let outside = Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::B, garrison(), &line(3, 150.0, 100.0), 180)
        .terrain(TerrainKind::Strongpoint, &[(40.0, 40.0), (70.0, 40.0), (70.0, 60.0), (40.0, 60.0)]);
    let e = FieldGame::new(outside.setup(), 1).unwrap_err();
    assert!(
        e.to_string().contains("Garrison") && e.to_string().contains("strongpoint or bunker"),
        "{e}"
    );
    for kind in [TerrainKind::Strongpoint, TerrainKind::Bunker] {
        let inside = Builder::default()
            .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
            .unit(Side::B, garrison(), &line(3, 50.0, 50.0), 180)
            .terrain(kind, &[(40.0, 40.0), (70.0, 40.0), (70.0, 60.0), (40.0, 60.0)]);
        assert!(FieldGame::new(inside.setup(), 1).is_ok(), "{kind:?}");
    }
}

/// Side A: a Mindless Zombie squad (unit 0) and a Blutkreuz hero `hero_at` (unit 1); side B far.
fn zombie_table(hero_at: (f64, f64)) -> Builder {
    Builder::default()
        .unit(
            Side::A,
            with_bf(squad_card("Zombies", 3), BattlefrontSkill::MindlessZombie),
            &line(3, 50.0, 20.0),
            0,
        )
        .unit(Side::A, with_bf(hero_card("Doctor"), BattlefrontSkill::Blutkreuz), &[hero_at], 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 150.0, 110.0), 180)
}

/// "BLUTKREUZ": "All Mindless Zombie units within range 1 (10cm/4") at the start of their
/// activation increase their move to 3, their march move to 4, and gain the Charge skill": the
/// zombies (Move 1) move 30 cm, march 40 cm and may charge; with the hero 20 cm away, 10 cm.
#[test]
fn blutkreuz_drives_mindless_zombies() {
    let mut g = zombie_table((53.0, 12.0)).game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    assert!(g.check(&mv(&g, 0, 0.0, 30.0)).is_ok());
    assert!(g.check(&mv(&g, 0, 0.0, 30.5)).is_err());
    let mut g = zombie_table((53.0, 12.0)).game(1);
    first_a(&mut g);
    g.apply(Decision::Activate(0)).unwrap();
    assert!(g.check(&Decision::Plan(vec![March, Attack])).is_ok(), "they gain Charge");
    g.apply(Decision::Plan(vec![March])).unwrap();
    assert!(g.check(&mv(&g, 0, 0.0, 40.0)).is_ok());
    assert!(g.check(&mv(&g, 0, 0.0, 40.5)).is_err());
    let mut g = zombie_table((53.0, 2.0)).game(1);
    activate(&mut g, 0, &[Move, Nothing]);
    assert!(g.check(&mv(&g, 0, 0.0, 10.5)).is_err(), "the hero is beyond 10 cm");
}

/// "MINDLESS ZOMBIE": "They cannot take objectives."
#[test]
fn mindless_zombies_do_not_take_objectives() {
    let g = zombie_table((53.0, 2.0)).objective(53.0, 25.0).game(1);
    assert_eq!(g.objective_holder(Pt::cm(53.0, 25.0)), None);
    let g = Builder::default()
        .unit(Side::A, squad_card("Rangers", 3), &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 150.0, 110.0), 180)
        .objective(53.0, 25.0)
        .game(1);
    assert_eq!(g.objective_holder(Pt::cm(53.0, 25.0)), Some(Side::A));
}
