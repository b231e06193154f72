//! Issue 10: battlefront Damage Resilient of a hero, vehicle or aircraft alone, hit by hit
//! (tactics-battlefront-2013-rules.txt, "Skills and Equipment", "Damage Resilient": "Each time a
//! Hero, Vehicle, or Aircraft unit with the Damage Resilient skill is assigned a hit that is not
//! cancelled by a save, roll one die for each point of damage marked off the unit's damage
//! track. Each rolled [army symbol] cancels one point of damage"). The engine with scripted
//! dice, the exact odds by hand, and the exact odds against the engine.

mod odds_support;

use dust_core::game::tests_support::{battlefront, open_game, placed, rolls_of, Table};
use dust_core::game::{RollPurpose, UnitId};
use dust_core::odds::{monte_carlo, odds, AttackSpec};
use dust_core::unit::{Skill, UnitKind};
use dust_core::Side;
use odds_support::*;
use std::sync::Arc;

/// One soldier with a gun of `n` dice, two points of damage per hit on soldiers and vehicles.
fn gunner(n: u8) -> dust_core::UnitCard {
    squad("Gunner", vec![line("Gun", R4, dice(n, 2), dice(n, 2))], &[1])
}

fn tank(health: u8) -> dust_core::UnitCard {
    single(
        "Tank",
        UnitKind::Vehicle,
        vehicle_armor(3),
        health,
        vec![line("Cannon", R4, dice(1, 1), dice(1, 1))],
    )
}

/// The dice of each Damage Resilient roll so far.
fn resilient_rolls(t: &Table) -> Vec<u16> {
    rolls_of(t, RollPurpose::Resilient).into_iter().map(|(dice, _)| dice).collect()
}

/// Two hits of two points on a Damage Resilient hero with three crosses, in the open (no
/// cover; the infantry save fails): the first hit rolls two dice; the second rolls as many as
/// it would mark off of the crosses left — two after a cancelled point, one after none.
#[test]
fn a_hero_alone_rolls_damage_resilient_hit_by_hit() {
    for (first, second_dice, health) in [(1, 2, 0), (0, 1, 0), (2, 2, 1)] {
        let a = Arc::new(gunner(2));
        let h = Arc::new(with_skill(hero(3), Skill::DamageResilient));
        let mut t = Table::new(battlefront(open_game(
            6,
            6,
            vec![placed(&a, Side::A, "C1"), placed(&h, Side::B, "C4")],
        )));
        t.initiative(Side::A);
        t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
        t.roll(2, 2); // two hits
        t.roll(2, 0); // the infantry save fails for both
        t.roll(2, first); // the first hit: two points, two dice
        if t.game.unit(UnitId(1)).health > 0 && t.pending_dice().is_some() {
            t.roll(second_dice, 0); // the second hit: the points it would mark off
        }
        assert_eq!(resilient_rolls(&t), [2, second_dice]);
        assert_eq!(t.health(1), health, "first hit cancelled {first}");
    }
}

/// By hand: one die of two points against a Damage Resilient hero with one cross, in the open.
/// A hit (1/3) not saved (2/3) marks off his one cross unless the one die it rolls shows the
/// army symbol (1/3): 4/27. Rolling a die per point of the weapon's damage would give 16/81.
#[test]
fn a_hero_with_one_cross_rolls_one_die_by_hand() {
    let a = gunner(1);
    let h = with_skill(hero(1), Skill::DamageResilient);
    let s = AttackSpec::new(&a, &h).with_lines(&[0]).battlefront(None, None);
    assert!(s.damage_resilient);
    let o = odds(&s).unwrap();
    assert!((o.loss.p(1) - 4.0 / 27.0).abs() < 1e-12, "{:?}", o.loss.probs());
}

/// The exact odds agree with the engine: hits of two points on a hero and a vehicle alone with
/// Damage Resilient and fewer crosses than the damage the hits carry.
#[test]
fn the_odds_of_damage_resilient_hit_by_hit_agree_with_the_engine() {
    let n = 3000u32;
    for (i, t) in [
        with_skill(hero(3), Skill::DamageResilient),
        with_skill(tank(3), Skill::DamageResilient),
    ]
    .iter()
    .enumerate()
    {
        let a = gunner(4);
        let s = AttackSpec::new(&a, t).with_lines(&[0]).battlefront(None, None);
        let exact = odds(&s).expect("exact odds");
        let mc = monte_carlo(&s, n, 301 + i as u64).expect("the engine plays the attack");
        let se = exact.loss.std_dev() / f64::from(n).sqrt();
        assert!(
            (mc.loss.mean() - exact.loss.mean()).abs() <= 4.0 * se + 1e-9,
            "{}: engine {:?} exact {:?}",
            t.name,
            mc.loss.probs(),
            exact.loss.probs()
        );
        let tv = exact.loss.total_variation(&mc.loss);
        let scale: f64 = exact.loss.probs().iter().map(|&q| (q * (1.0 - q) / f64::from(n)).sqrt()).sum();
        let tol = 4.0 * 0.5 * scale;
        assert!(tv <= tol + 1e-9, "{}: total variation {tv} > {tol}", t.name);
    }
}
