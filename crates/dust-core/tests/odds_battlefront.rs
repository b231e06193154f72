//! Issue 10: exact odds of the battlefront edition (tactics-battlefront-2013-rules.txt), checked
//! by hand against binomials and against the engine's own resolution (seeded Monte Carlo through
//! the public `Game` API, as `odds_engine.rs` does for the revised edition).
//!
//! Sections: "Dust Dice" (hits on the army symbol, 2 faces of 6), "6) Roll Saves" (infantry
//! cover save on the army symbol or the shield, infantry save and vehicle cover save on one
//! symbol; grenade weapons ignore cover, not the infantry save; spray weapons and close combat
//! allow no save), "7) Suffer Damage" (one miniature per hit on a squad), "Blast Weapons" (dice
//! per model in the target, damage Y), "Automatic Kill Weapons", "Sustained Attack", "Laser".
//!
//! Tolerance as in `odds_engine.rs`: the mean within 4 standard errors and the total variation
//! distance below 4 times its expected size (`DUST_ODDS_SAMPLES` for a heavier run).

mod odds_support;

use dust_core::dice::binomial;
use dust_core::odds::{monte_carlo, odds, AttackSpec, Distribution};
use dust_core::unit::{
    Armor, ArmorType, BattlefrontCard, BattlefrontValue, BattlefrontWeapon, CombatValue, Role, Skill, UnitCard, UnitKind,
};
use dust_core::{CoverLevel, WeaponRange};
use odds_support::*;

fn samples() -> u32 {
    std::env::var("DUST_ODDS_SAMPLES").ok().and_then(|s| s.parse().ok()).unwrap_or(3000)
}

fn tv_scale(p: &[f64], n: f64) -> f64 {
    0.5 * p.iter().map(|&q| (q * (1.0 - q) / n).sqrt()).sum::<f64>()
}

fn close(exact: &Distribution, mc: &Distribution, n: f64, what: &str) {
    let se = exact.std_dev() / n.sqrt();
    let diff = (mc.mean() - exact.mean()).abs();
    assert!(
        diff <= 4.0 * se + 1e-9,
        "{what}: mean {} (engine) vs {} (exact)\nexact {:?}\nengine {:?}",
        mc.mean(),
        exact.mean(),
        exact.probs(),
        mc.probs()
    );
    let tv = exact.total_variation(mc);
    let tol = 4.0 * tv_scale(exact.probs(), n) + 1e-9;
    assert!(
        tv <= tol,
        "{what}: total variation {tv} > {tol}\nexact {:?}\nengine {:?}",
        exact.probs(),
        mc.probs()
    );
}

/// The exact odds agree with the battlefront engine playing the same attack.
fn agree(spec: &AttackSpec<'_>, seed: u64) {
    assert!(spec.is_battlefront());
    let n = samples();
    let exact = odds(spec).expect("exact odds");
    let mc = monte_carlo(spec, n, seed).expect("the engine plays the attack");
    let nf = f64::from(n);
    close(&exact.loss, &mc.loss, nf, "target loss");
    if exact.close_combat {
        close(&exact.attacker_loss, &mc.attacker_loss, nf, "attacker loss");
    }
    assert!((exact.loss.total() - 1.0).abs() < 1e-9);
}

fn assert_dist(d: &Distribution, want: &[f64], what: &str) {
    for (k, &w) in want.iter().enumerate() {
        assert!((d.p(k) - w).abs() < 1e-12, "{what}: P({k}) = {} vs {w}\n{:?}", d.p(k), d.probs());
    }
    assert!(d.max() < want.len() || d.probs()[want.len()..].iter().all(|&x| x < 1e-15));
}

/// Binomial(n, p) capped at `cap`.
fn capped_binomial(n: u32, p: f64, cap: usize) -> Vec<f64> {
    Distribution::from_probs(binomial(n, p)).capped(cap).probs().to_vec()
}

/// Five riflemen (2 dice, revised damage 2 to show that a squad loses one miniature per hit).
fn riflemen() -> UnitCard {
    squad("Riflemen", vec![line("Rifle", R4, dice(2, 2), dice(1, 1)), knife()], &[0b11; 5])
}

fn with_bf(lines: usize, f: impl Fn(usize, &mut BattlefrontWeapon)) -> BattlefrontCard {
    BattlefrontCard {
        weapons: (0..lines)
            .map(|i| {
                let mut w = BattlefrontWeapon::default();
                f(i, &mut w);
                w
            })
            .collect(),
        ..BattlefrontCard::default()
    }
}

fn tank(health: u8) -> UnitCard {
    single(
        "Tank",
        UnitKind::Vehicle,
        Armor {
            kind: ArmorType::Vehicle,
            class: 3,
        },
        health,
        vec![line("Cannon", R4, dice(2, 1), dice(2, 2))],
    )
}

/// "Dust Dice", "6) Roll Saves", "7) Suffer Damage": a squad in the open saves on the army
/// symbol; in cover on the army symbol or the shield; each hit left kills one miniature.
#[test]
fn infantry_saves_by_hand() {
    let a = riflemen();
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0]).battlefront(None, None);
    // Ten dice, each a hit kept with 1/3 × 2/3 (infantry save) or 1/3 × 1/3 (cover save).
    let o = odds(&s).unwrap();
    assert_dist(&o.loss, &capped_binomial(10, 2.0 / 9.0, 5), "infantry save");
    assert_dist(&o.lines[0].hits, &binomial(10, 1.0 / 3.0), "hits on the army symbol");
    s.cover = CoverLevel::Soft;
    let o = odds(&s).unwrap();
    assert_dist(&o.loss, &capped_binomial(10, 1.0 / 9.0, 5), "infantry cover save");
    // Hard and soft are the same "in cover".
    s.cover = CoverLevel::Hard;
    assert_dist(&odds(&s).unwrap().loss, &capped_binomial(10, 1.0 / 9.0, 5), "in cover");
    // The revised edition on the same cards: damage 2 per hit, soft cover saves on a hit.
    let r = AttackSpec::new(&a, &t).with_lines(&[0]);
    assert!(odds(&r).unwrap().loss.mean() > odds(&s.clone()).unwrap().loss.mean());
}

/// "Grenade Weapons … ignore cover but not the infantry save"; "Spray Weapons … do not get an
/// Infantry Save or a Cover Save"; "No Saves Against Close-Combat Weapons".
#[test]
fn grenades_sprays_and_close_combat_by_hand() {
    let grenade = with_kw(line("Grenade", R4, dice(1, 1), dice(1, 1)), |k| k.ugl = true);
    let spray = with_kw(line("Spray", WeaponRange::Spaces { min: 1, max: 1 }, dice(1, 1), dice(1, 1)), |k| {
        k.flame = true
    });
    let a = squad("Grenadiers", vec![grenade, spray, knife()], &[0b111; 4]);
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0]).battlefront(None, None);
    s.cover = CoverLevel::Hard;
    assert_dist(&odds(&s).unwrap().loss, &capped_binomial(4, 2.0 / 9.0, 5), "grenade in cover");
    let s = {
        let mut s = AttackSpec::new(&a, &t).with_lines(&[1]).battlefront(None, None);
        s.cover = CoverLevel::Soft;
        s
    };
    assert_dist(&odds(&s).unwrap().loss, &capped_binomial(4, 1.0 / 3.0, 5), "spray");
    let mut s = AttackSpec::new(&a, &t).with_lines(&[2]).battlefront(None, None);
    s.cover = CoverLevel::Soft;
    s.retaliate = false;
    assert_dist(&odds(&s).unwrap().loss, &capped_binomial(4, 1.0 / 3.0, 5), "close combat");
}

/// "Vehicle cover save": a vehicle in cover saves on one symbol; in the open it has none. A
/// hero is infantry and saves like a squad.
#[test]
fn vehicle_and_hero_saves_by_hand() {
    let a = riflemen();
    let t = tank(6);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0]).battlefront(None, None);
    assert_dist(&odds(&s).unwrap().loss, &capped_binomial(5, 1.0 / 3.0, 6), "vehicle in the open");
    s.cover = CoverLevel::Soft;
    assert_dist(&odds(&s).unwrap().loss, &capped_binomial(5, 2.0 / 9.0, 6), "vehicle in cover");
    let h = hero(3);
    let s = AttackSpec::new(&a, &h).with_lines(&[0]).battlefront(None, None);
    // Two damage per hit on the hero (its card's damage): 0, 2, or all 3.
    let b = binomial(10, 2.0 / 9.0);
    assert_dist(
        &odds(&s).unwrap().loss,
        &[b[0], 0.0, b[1], 1.0 - b[0] - b[1]],
        "hero: infantry save",
    );
}

/// "Blast Weapons": one die per model in the target unit, damage Y on a hero or vehicle;
/// "Automatic Kill Weapons": a hit marks off every cross.
#[test]
fn blast_and_automatic_kill_by_hand() {
    let mut thrower = line(
        "Thrower",
        R4,
        BattlefrontValue::Blast { per_model: 1, damage: 2 }.nearest(),
        CombatValue::NoEffect,
    );
    thrower.table.vehicle = [BattlefrontValue::Kill { dice: 2 }.nearest(); 7];
    let a = single(
        "Thrower",
        UnitKind::Vehicle,
        Armor {
            kind: ArmorType::Vehicle,
            class: 2,
        },
        4,
        vec![thrower],
    );
    let bf = with_bf(1, |_, w| {
        w.values = (1..=4)
            .map(|c| (ArmorType::Soldier, c, BattlefrontValue::Blast { per_model: 1, damage: 2 }))
            .chain((1..=7).map(|c| (ArmorType::Vehicle, c, BattlefrontValue::Kill { dice: 2 })))
            .collect();
    });
    // Against four miniatures: four dice, one miniature per hit (not two), infantry save.
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).battlefront(Some(&bf), None);
    s.target_alive = 4;
    assert_eq!(odds(&s).unwrap().lines[0].dice, 4);
    assert_dist(&odds(&s).unwrap().loss, &capped_binomial(4, 2.0 / 9.0, 4), "blast on a squad");
    // Against a hero: one die, two damage per hit.
    let h = hero(3);
    let s = AttackSpec::new(&a, &h).battlefront(Some(&bf), None);
    let q = 2.0 / 9.0;
    assert_dist(&odds(&s).unwrap().loss, &[1.0 - q, 0.0, q], "blast on a hero");
    // Automatic kill on a vehicle in the open: any hit destroys it, whatever its health.
    let t = tank(6);
    let mut s = AttackSpec::new(&a, &t).battlefront(Some(&bf), None);
    s.target_alive = 5;
    let miss = (2.0f64 / 3.0).powi(2);
    let o = odds(&s).unwrap();
    assert_dist(&o.loss, &[miss, 0.0, 0.0, 0.0, 0.0, 1.0 - miss], "automatic kill");
    assert!(o.lines[0].notes.iter().any(|n| n.contains("automatic kill")));
}

/// Sustained Attack rerolls the failures once and a laser chain rerolls the hits, both on the
/// army symbol ("Sustained Attack", "Laser Weapons": "The additional rolls only hit on [army
/// symbol]").
#[test]
fn sustained_and_laser_by_hand() {
    let a = riflemen();
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0]).battlefront(None, None);
    s.sustained = true;
    let p = 1.0 - (2.0f64 / 3.0).powi(2);
    assert_dist(&odds(&s).unwrap().loss, &capped_binomial(10, p * 2.0 / 3.0, 5), "sustained");
    // A Spotter changes nothing in the battlefront edition.
    let sp = with_role(riflemen(), 0, Role::Spotter);
    let mut s2 = AttackSpec::new(&sp, &t).with_lines(&[0]).battlefront(None, None);
    s2.sustained = true;
    assert_eq!(odds(&s2).unwrap().loss, odds(&s).unwrap().loss);
    // One laser die: hits 1 + geometric, each saved on 1/3.
    let laser = with_kw(line("Laser", R4, dice(1, 1), dice(1, 1)), |k| k.laser = true);
    let a = single(
        "Laser Hero",
        UnitKind::Hero,
        Armor {
            kind: ArmorType::Soldier,
            class: 3,
        },
        3,
        vec![laser],
    );
    let s = AttackSpec::new(&a, &t).battlefront(None, None);
    let o = odds(&s).unwrap();
    let h = &o.lines[0].hits;
    assert!((h.p(0) - 2.0 / 3.0).abs() < 1e-12 && (h.p(2) - (1.0 / 3.0) * (1.0 / 3.0) * (2.0 / 3.0)).abs() < 1e-12);
    assert!((o.lines[0].after_cover.mean() - h.mean() * 2.0 / 3.0).abs() < 1e-9);
}

// ----- against the engine ---------------------------------------------------------------------

#[test]
fn engine_infantry_saves() {
    let a = riflemen();
    let t = targets(5);
    let s = AttackSpec::new(&a, &t).with_lines(&[0]).battlefront(None, None);
    agree(&s, 101);
    let mut s = s.clone();
    s.cover = CoverLevel::Soft;
    agree(&s, 102);
    s.sustained = true;
    agree(&s, 103);
}

#[test]
fn engine_grenade_spray_and_close_combat() {
    let grenade = with_kw(line("Grenade", R4, dice(1, 1), dice(1, 1)), |k| k.ugl = true);
    let spray = with_kw(line("Spray", WeaponRange::Spaces { min: 1, max: 1 }, dice(1, 1), dice(1, 1)), |k| {
        k.flame = true
    });
    let a = squad("Grenadiers", vec![grenade, spray, knife()], &[0b111; 4]);
    let bf = with_bf(3, |i, w| {
        w.grenade = i == 0;
        w.spray = i == 1;
    });
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0]).battlefront(Some(&bf), None);
    s.cover = CoverLevel::Soft;
    agree(&s, 111);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[1]).battlefront(Some(&bf), None);
    s.cover = CoverLevel::Soft;
    agree(&s, 112);
    // Close combat: no save, and the defender's knives strike back.
    let s = AttackSpec::new(&a, &t).with_lines(&[2]).battlefront(Some(&bf), None);
    agree(&s, 113);
}

#[test]
fn engine_vehicle_cover_save() {
    let a = riflemen();
    let t = tank(6);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0]).battlefront(None, None);
    agree(&s, 121);
    s.cover = CoverLevel::Soft;
    agree(&s, 122);
    let h = hero(3);
    let mut s = AttackSpec::new(&a, &h).with_lines(&[0]).battlefront(None, None);
    s.cover = CoverLevel::Soft;
    agree(&s, 123);
}

#[test]
fn engine_blast_and_automatic_kill() {
    let mut thrower = line(
        "Thrower",
        R4,
        BattlefrontValue::Blast { per_model: 1, damage: 2 }.nearest(),
        CombatValue::NoEffect,
    );
    thrower.table.vehicle = [BattlefrontValue::Kill { dice: 2 }.nearest(); 7];
    let a = single(
        "Thrower",
        UnitKind::Vehicle,
        Armor {
            kind: ArmorType::Vehicle,
            class: 2,
        },
        4,
        vec![thrower],
    );
    let bf = with_bf(1, |_, w| {
        w.values = (1..=4)
            .map(|c| (ArmorType::Soldier, c, BattlefrontValue::Blast { per_model: 1, damage: 2 }))
            .chain((1..=7).map(|c| (ArmorType::Vehicle, c, BattlefrontValue::Kill { dice: 2 })))
            .collect();
    });
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).battlefront(Some(&bf), None);
    s.target_alive = 4;
    agree(&s, 131);
    let h = hero(3);
    let mut s = AttackSpec::new(&a, &h).battlefront(Some(&bf), None);
    s.sustained = true;
    agree(&s, 132);
    let v = tank(6);
    let mut s = AttackSpec::new(&a, &v).battlefront(Some(&bf), None);
    s.target_alive = 5;
    agree(&s, 133);
    // Damage Resilient against an automatic kill: one die per damage point marked off.
    let v = with_skill(tank(3), Skill::DamageResilient);
    let s = AttackSpec::new(&a, &v).battlefront(Some(&bf), None);
    assert!(s.damage_resilient);
    agree(&s, 134);
}

#[test]
fn engine_laser_and_damage_per_hit_on_a_vehicle() {
    let laser = with_kw(line("Laser", R4, dice(2, 1), dice(2, 2)), |k| k.laser = true);
    let a = squad("Lasers", vec![laser], &[1, 1, 1]);
    let v = tank(6);
    let mut s = AttackSpec::new(&a, &v).battlefront(None, None);
    s.sustained = true;
    agree(&s, 141);
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).battlefront(None, None);
    s.cover = CoverLevel::Hard;
    agree(&s, 142);
}

/// "Set-Up Weapons": "If a set-up weapon performs a Move and then an Attack … it only rolls
/// half of that weapon's combat dice (rounded up)"; `attacker_moved` says the activation takes
/// a Move action.
#[test]
fn set_up_weapons_roll_half_their_dice_after_a_move() {
    let a = single(
        "Gun crew",
        UnitKind::Squad,
        Armor {
            kind: ArmorType::Soldier,
            class: 2,
        },
        1,
        vec![line("Heavy MG", R4, dice(5, 1), dice(3, 1))],
    );
    let mut a = a;
    a.models = vec![dust_core::unit::Model { weapons: 1, role: None }];
    let bf = with_bf(1, |_, w| w.set_up = true);
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).battlefront(Some(&bf), None);
    assert_eq!(odds(&s).unwrap().lines[0].dice, 5);
    s.attacker_moved = true;
    assert_eq!(odds(&s).unwrap().lines[0].dice, 3, "5 halved, rounded up");
    assert_dist(
        &odds(&s).unwrap().loss,
        &capped_binomial(3, 2.0 / 9.0, 5),
        "three dice, infantry save",
    );
    s.all_in_one = true;
    assert_eq!(odds(&s).unwrap().lines[0].dice, 6, "halved, then doubled");
    // Not a set-up weapon, or the revised edition: all the dice.
    let mut r = AttackSpec::new(&a, &t);
    r.attacker_moved = true;
    assert_eq!(odds(&r).unwrap().lines[0].dice, 5);
}

// ----- a squad with a joined hero ---------------------------------------------------------------
//
// tactics-battlefront-2013-rules.txt, "Joining Infantry Squads" and "7) Suffer Damage": the hits
// on a squad with a joined hero are assigned one by one, a miniature eliminated per hit, the hero
// marking off the weapon's rating (every cross left for an automatic kill); "Damage Resilient"
// (the Fakyeli, Lara and Heavy Laser Grenadiers example): rolled per hit by whoever takes it;
// "Blast Weapons": one die per model in the target unit, the hero counted. The saves are rolled
// before the assignment (docs/rulings.md, "Battlefront hits on a squad with a joined hero").

use dust_core::odds::{HeroHits, JoinedHero, OddsError};

/// A hero of the squad's armour (soldier 2) with `health` points.
fn squad_hero(health: u8) -> UnitCard {
    single(
        "Hero",
        UnitKind::Hero,
        Armor {
            kind: ArmorType::Soldier,
            class: 2,
        },
        health,
        vec![line("Pistol", R4, dice(1, 1), CombatValue::NoEffect)],
    )
}

fn joined(card: &UnitCard, takes: HeroHits) -> JoinedHero<'_> {
    JoinedHero {
        takes,
        ..JoinedHero::new(card)
    }
}

/// One gunner with a cannon of `n` dice, damage 2 against soldiers.
fn cannon(n: u8) -> UnitCard {
    squad("Gunner", vec![line("Cannon", R4, dice(n, 2), dice(1, 1))], &[1])
}

/// The exact odds of the squad's and the hero's losses agree with the battlefront engine
/// playing the same attack (the marginals as in `agree`, the joint within the same total
/// variation tolerance).
fn agree_hero(spec: &AttackSpec<'_>, seed: u64) {
    let n = samples();
    let exact = odds(spec).expect("exact odds");
    let hero = exact.hero.as_ref().expect("the hero's odds");
    let mc = monte_carlo(spec, n, seed).expect("the engine plays the attack");
    let nf = f64::from(n);
    close(&exact.loss, &mc.loss, nf, "squad loss");
    close(&hero.loss, &mc.hero_loss().expect("the hero's loss"), nf, "hero loss");
    let flat = |j: &[Vec<f64>]| Distribution::from_probs(j.iter().flatten().copied().collect());
    let (e, m) = (flat(&hero.joint), flat(mc.hero_joint.as_ref().unwrap()));
    let tv = e.total_variation(&m);
    let tol = 4.0 * tv_scale(e.probs(), nf) + 1e-9;
    assert!(
        tv <= tol,
        "joint: total variation {tv} > {tol}\nexact {:?}\nengine {:?}",
        hero.joint,
        mc.hero_joint
    );
    assert!((hero.loss.total() - 1.0).abs() < 1e-9 && (exact.loss.total() - 1.0).abs() < 1e-9);
}

/// One die at a squad of two with a hero of three, in the open: the hit stays with 1/3 × 2/3
/// (army symbol, then a failed infantry save); taken by a miniature, or by the hero for the
/// cannon's two points.
#[test]
fn a_joined_hero_takes_the_hits_as_assigned_by_hand() {
    let a = cannon(1);
    let t = targets(2);
    let h = squad_hero(3);
    let q = 2.0 / 9.0;
    let s = AttackSpec::new(&a, &t)
        .battlefront(None, None)
        .with_joined_hero(joined(&h, HeroHits::Last));
    let o = odds(&s).unwrap();
    assert_dist(&o.loss, &[1.0 - q, q], "a miniature takes it");
    let hero = o.hero.as_ref().unwrap();
    assert_dist(&hero.loss, &[1.0], "the hero is spared");
    let s = AttackSpec::new(&a, &t)
        .battlefront(None, None)
        .with_joined_hero(joined(&h, HeroHits::First));
    let o = odds(&s).unwrap();
    assert_dist(&o.loss, &[1.0], "no miniature lost");
    assert_dist(&o.hero.as_ref().unwrap().loss, &[1.0 - q, 0.0, q], "two points on the hero");
    assert!(o.lines[0].notes.iter().any(|n| n.contains("joined hero first")));
}

/// The engine's example (`battlefront_weapons.rs`, `a_hero_hit_through_his_squad_takes_the_damage_rating`):
/// one soldier and a hero of five; when the soldier falls, the hits left go to the hero at two
/// points each. Three dice: k hits kept ~ Binomial(3, 2/9); k = 1 the soldier, k = 2 the
/// soldier and 2 points, k = 3 the soldier and 4 points.
#[test]
fn the_hits_left_when_the_squad_falls_go_to_the_hero_by_hand() {
    let a = cannon(3);
    let t = targets(1);
    let h = squad_hero(5);
    let s = AttackSpec::new(&a, &t)
        .battlefront(None, None)
        .with_joined_hero(joined(&h, HeroHits::Last));
    let o = odds(&s).unwrap();
    let b = binomial(3, 2.0 / 9.0);
    let hero = o.hero.as_ref().unwrap();
    assert_dist(&o.loss, &[b[0], 1.0 - b[0]], "the soldier");
    assert_dist(&hero.loss, &[b[0] + b[1], 0.0, b[2], 0.0, b[3]], "the hero, two points a hit");
    assert!((hero.joint[1][4] - b[3]).abs() < 1e-12);
    assert_eq!(hero.destroyed, 0.0);
    assert_eq!(hero.both_destroyed, 0.0);
}

/// The Fakyeli example's numbers: a blast that is an automatic kill on the hero (one die per
/// model: three grenadiers and Lara), Lara with two crosses and Damage Resilient taking the
/// first hit: she marks off both and rolls two dice, each army symbol cancelling one.
#[test]
fn lara_takes_an_automatic_kill_with_damage_resilient_by_hand() {
    let mut thrower = line(
        "Sulphurthrower",
        R4,
        BattlefrontValue::BlastKill { per_model: 1 }.nearest(),
        CombatValue::NoEffect,
    );
    thrower.table.vehicle = [CombatValue::NoEffect; 7];
    let a = squad("Fakyeli", vec![thrower], &[1]);
    let bf = with_bf(1, |_, w| {
        w.values = (1..=4)
            .map(|c| (ArmorType::Soldier, c, BattlefrontValue::BlastKill { per_model: 1 }))
            .collect();
    });
    let hlg = with_skill(targets(3), Skill::DamageResilient);
    let lara = with_skill(squad_hero(2), Skill::DamageResilient);
    let s = AttackSpec::new(&a, &hlg)
        .battlefront(Some(&bf), None)
        .with_joined_hero(joined(&lara, HeroHits::First));
    let o = odds(&s).unwrap();
    assert_eq!(o.lines[0].dice, 4, "three grenadiers and Lara");
    // Each hit kept (2/9 a die: army symbol, failed infantry save) goes to Lara first; she
    // loses nothing only if both her dice show the army symbol every time (1/9 a hit), so
    // P(she loses nothing) = (7/9 + 2/9 × 1/9)^4.
    let hero = o.hero.as_ref().unwrap();
    assert!((hero.loss.p(0) - (65.0f64 / 81.0).powi(4)).abs() < 1e-12, "{:?}", hero.loss.probs());
    agree_hero(&s, 201);
}

#[test]
fn engine_hits_shared_with_a_joined_hero() {
    // Riflemen (two dice each, damage 2) at a squad of four with a hero of four, in cover,
    // sustained: miniatures first, then the hero first.
    let a = riflemen();
    let t = targets(4);
    let h = squad_hero(4);
    let mut s = AttackSpec::new(&a, &t)
        .with_lines(&[0])
        .battlefront(None, None)
        .with_joined_hero(joined(&h, HeroHits::Last));
    s.cover = CoverLevel::Soft;
    s.sustained = true;
    agree_hero(&s, 211);
    let mut s2 = s.clone();
    s2.joined_hero = Some(joined(&h, HeroHits::First));
    agree_hero(&s2, 212);
    // Damage Resilient on both, in the open, hero first: the squad's die is rolled per hit
    // only while the hero lives.
    let tr = with_skill(targets(3), Skill::DamageResilient);
    let hr = with_skill(squad_hero(3), Skill::DamageResilient);
    let s = AttackSpec::new(&a, &tr)
        .with_lines(&[0])
        .battlefront(None, None)
        .with_joined_hero(joined(&hr, HeroHits::First));
    agree_hero(&s, 213);
    let mut s2 = s.clone();
    s2.joined_hero = Some(joined(&hr, HeroHits::Last));
    agree_hero(&s2, 214);
    // A wounded hero (two of three) and a squad of two: the hits left go to him at two points.
    let t5 = targets(5);
    let mut s = AttackSpec::new(&a, &t5)
        .with_lines(&[0])
        .battlefront(None, None)
        .with_joined_hero(JoinedHero {
            health: 2,
            ..joined(&hr, HeroHits::Last)
        });
    s.target_alive = 2;
    agree_hero(&s, 215);
}

#[test]
fn engine_blast_and_laser_on_a_squad_with_a_hero() {
    // A blast of damage 2 (dice per model, the hero counted) and a laser line of two dice, two
    // lines in a row: the second finds what the first left.
    let blast = line(
        "Blaster",
        R4,
        BattlefrontValue::Blast { per_model: 1, damage: 2 }.nearest(),
        CombatValue::NoEffect,
    );
    let laser = with_kw(line("Laser", R4, dice(2, 1), dice(1, 1)), |k| k.laser = true);
    // A walker fires all its lines (a squad's soldiers fire one ranged weapon each, which the
    // odds do not model).
    let a = single(
        "Walker",
        UnitKind::Vehicle,
        Armor {
            kind: ArmorType::Vehicle,
            class: 3,
        },
        4,
        vec![blast, laser],
    );
    let bf = with_bf(2, |i, w| {
        if i == 0 {
            w.values = (1..=4)
                .map(|c| (ArmorType::Soldier, c, BattlefrontValue::Blast { per_model: 1, damage: 2 }))
                .collect();
        }
    });
    let t = targets(3);
    let h = squad_hero(3);
    let s = AttackSpec::new(&a, &t)
        .battlefront(Some(&bf), None)
        .with_joined_hero(joined(&h, HeroHits::First));
    assert_eq!(odds(&s).unwrap().lines[0].dice, 4, "three miniatures and the hero");
    agree_hero(&s, 221);
    let mut s2 = s.clone();
    s2.joined_hero = Some(joined(&h, HeroHits::Last));
    s2.cover = CoverLevel::Soft;
    agree_hero(&s2, 222);
}

/// What the odds do not take of a joined hero: another armour, the revised edition, close
/// combat (his retaliation).
#[test]
fn a_joined_hero_the_odds_do_not_take() {
    let a = riflemen();
    let t = targets(4);
    let other = hero(3); // soldier 3
    let s = AttackSpec::new(&a, &t)
        .with_lines(&[0])
        .battlefront(None, None)
        .with_joined_hero(JoinedHero::new(&other));
    assert!(matches!(odds(&s), Err(OddsError::JoinedHero { .. })));
    let h = squad_hero(3);
    let s = AttackSpec::new(&a, &t).with_lines(&[0]).with_joined_hero(JoinedHero::new(&h));
    assert!(matches!(odds(&s), Err(OddsError::JoinedHero { .. })), "revised edition");
    let s = AttackSpec::new(&a, &t)
        .with_lines(&[1])
        .battlefront(None, None)
        .with_joined_hero(JoinedHero::new(&h));
    let e = odds(&s).unwrap_err();
    assert!(e.to_string().contains("close combat"), "{e}");
    // Without the hero, the same attack as before.
    let s = AttackSpec::new(&a, &t).with_lines(&[0]).battlefront(None, None);
    assert!(odds(&s).unwrap().hero.is_none());
}

/// "Soldiers with Several Weapons" ("Each surviving soldier in an Infantry Squad can only use
/// one Ranged Weapon … in each Attack action"), "Units with Multiple Weapons" (the Recon
/// Grenadiers): the soldiers are shared out among the chosen lines as the engine does
/// (docs/rulings.md, "Battlefront soldiers with several weapons") — the Panzerfausts take two
/// of their carriers (the ammo spent), the StG 47s the two soldiers left, the MG 48 its gunner.
#[test]
fn one_weapon_per_soldier() {
    let stg = line("StG 47", R4, dice(1, 1), dice(1, 1));
    let mg = line("MG 48", R4, dice(3, 1), dice(1, 1));
    let pf = with_ammo(line("Panzerfaust", R4, dice(1, 1), dice(1, 3)), 3);
    let a = squad("Recon", vec![stg, mg, pf, knife()], &[0b1101, 0b1101, 0b1001, 0b1001, 0b1010]);
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0, 1, 2]).battlefront(None, None);
    s.lines[2].ammo = 2;
    let o = odds(&s).unwrap();
    let dice_of: Vec<u32> = o.lines.iter().map(|l| l.dice).collect();
    assert_eq!(
        dice_of,
        vec![2, 3, 2],
        "StG 47: two soldiers left; MG 48: its gunner; two Panzerfausts"
    );
    agree(&s, 301);
    // One Panzerfaust: three StG 47s.
    s.lines[2].ammo = 1;
    let o = odds(&s).unwrap();
    assert_eq!(o.lines.iter().map(|l| l.dice).collect::<Vec<_>>(), vec![3, 3, 1]);
    agree(&s, 302);
    // Without the Panzerfaust, all four rifles; the revised edition keeps every carrier.
    let s2 = AttackSpec::new(&a, &t).with_lines(&[0, 2]).battlefront(None, None);
    assert_eq!(odds(&s2).unwrap().lines[0].dice, 3, "three StG 47s, one soldier on the Panzerfaust");
    let r = AttackSpec::new(&a, &t).with_lines(&[0, 2]);
    assert_eq!(odds(&r).unwrap().lines[0].dice, 4, "revised: every carrier");
}

/// "Under-Barrel Weapons": "A soldier carrying an Under-Barrel Weapon can fire both the main
/// weapon and the Under-Barrel Weapon at the same target in an Attack action" — the launcher
/// fires with the soldiers firing its rifle who carry it; alone, it is one more weapon a
/// soldier may choose (docs/rulings.md, "Battlefront under-barrel weapons").
#[test]
fn under_barrel_weapons_fire_with_their_main_weapon() {
    let rifle = line("M1", R4, dice(1, 1), dice(1, 1));
    let ugl = line("UGL", R4, dice(2, 1), dice(1, 1));
    let bar = line("BAR", R4, dice(2, 1), dice(1, 1));
    // Soldiers 1-2: rifle and launcher; 3: rifle; 4: BAR.
    let a = squad("GIs", vec![rifle, ugl, bar], &[0b011, 0b011, 0b001, 0b100]);
    let bf = with_bf(3, |i, w| w.under_barrel = i == 1);
    let t = targets(5);
    let s = AttackSpec::new(&a, &t).with_lines(&[0, 1, 2]).battlefront(Some(&bf), None);
    let o = odds(&s).unwrap();
    assert_eq!(
        o.lines.iter().map(|l| l.dice).collect::<Vec<_>>(),
        vec![3, 4, 2],
        "three rifles, two launchers with them, the BAR"
    );
    agree(&s, 311);
    // The launcher alone: its two carriers fire it, the third rifleman his rifle.
    let s = AttackSpec::new(&a, &t).with_lines(&[1, 0]).battlefront(Some(&bf), None);
    let o = odds(&s).unwrap();
    // With its main weapon chosen too it still rides along, in any order given.
    assert_eq!(o.lines.iter().map(|l| l.dice).collect::<Vec<_>>(), vec![4, 3]);
    // Not under-barrel: the launcher takes its carriers from the rifle.
    let plain = with_bf(3, |_, _| {});
    let s = AttackSpec::new(&a, &t).with_lines(&[0, 1, 2]).battlefront(Some(&plain), None);
    assert_eq!(odds(&s).unwrap().lines.iter().map(|l| l.dice).collect::<Vec<_>>(), vec![3, 0, 2]);
}

/// "Vehicle Crews": "it may fire one weapon for each damage point the Vehicle has remaining":
/// a crew line's dice are rolled once per damage point left.
#[test]
fn vehicle_crews_fire_one_weapon_per_damage_point() {
    let mut a = tank(4);
    a.weapons = vec![line("Crew MG", R4, dice(2, 1), dice(1, 1))];
    let bf = with_bf(1, |_, w| w.crew = true);
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).battlefront(Some(&bf), None);
    s.attacker_alive = 3;
    let o = odds(&s).unwrap();
    assert_eq!(o.lines[0].dice, 6, "two dice, three damage points left");
    assert_dist(&o.loss, &capped_binomial(6, 2.0 / 9.0, 5), "infantry save");
    agree(&s, 321);
    // Not a crew line: one weapon.
    let s = AttackSpec::new(&a, &t).battlefront(None, None);
    assert_eq!(odds(&s).unwrap().lines[0].dice, 2);
}

/// "Fighting Spirit": "Once per game a unit with the Fighting Spirit skill hits on rolls of
/// [target] as well as [army symbol] when making an Attack or Sustained Attack action, provided
/// the unit has already performed a Move action in this activation" — 4 faces of 6 on the
/// ranged lines' roll; a laser chain keeps the army symbol (the engine's `bf_fire_roll`).
#[test]
fn fighting_spirit_hits_on_the_target_too() {
    let a = riflemen();
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0]).battlefront(None, None);
    s.attacker_moved = true;
    s.fighting_spirit = true;
    let o = odds(&s).unwrap();
    assert_dist(&o.lines[0].hits, &binomial(10, 2.0 / 3.0), "army symbol or target");
    // Kept: a hit (2/3) not saved by the infantry save (2/3).
    assert_dist(&o.loss, &capped_binomial(10, 4.0 / 9.0, 5), "infantry save");
    agree(&s, 331);
    // A laser line: the roll on 4 faces, the chain on the army symbol.
    let laser = squad(
        "Lasers",
        vec![with_kw(line("Laser", R4, dice(1, 1), dice(1, 1)), |k| k.laser = true)],
        &[1; 3],
    );
    let mut s = AttackSpec::new(&laser, &t).battlefront(None, None);
    s.attacker_moved = true;
    s.fighting_spirit = true;
    s.cover = CoverLevel::Soft;
    // Mean hits: 3 × 2/3 first hits, each followed by a chain of 1/2 extra on average.
    let o = odds(&s).unwrap();
    assert!(
        (o.lines[0].hits.mean() - 3.0 * (2.0 / 3.0) * 1.5).abs() < 1e-9,
        "{}",
        o.lines[0].hits.mean()
    );
    agree(&s, 332);
    // Without a Move, or in the revised edition: refused.
    let mut bad = AttackSpec::new(&a, &t).with_lines(&[0]).battlefront(None, None);
    bad.fighting_spirit = true;
    assert!(odds(&bad).is_err());
    let mut rev = AttackSpec::new(&a, &t).with_lines(&[0]);
    rev.attacker_moved = true;
    rev.fighting_spirit = true;
    assert!(odds(&rev).is_err());
}

/// What the user interfaces show ("Joining Infantry Squads"): the odds with the joined hero
/// where they take him, the squad alone on close-combat lines (his retaliation is not modelled).
#[test]
fn odds_or_without_the_hero() {
    use dust_core::odds::odds_or_without_hero;
    let a = riflemen();
    let t = targets(3);
    let h = squad_hero(3);
    let ranged = AttackSpec::new(&a, &t)
        .with_lines(&[0])
        .battlefront(None, None)
        .with_joined_hero(joined(&h, HeroHits::Last));
    assert_eq!(odds_or_without_hero(&ranged).unwrap(), odds(&ranged).unwrap());
    assert!(odds_or_without_hero(&ranged).unwrap().hero.is_some());
    let close = AttackSpec::new(&a, &t)
        .with_lines(&[1])
        .battlefront(None, None)
        .with_joined_hero(joined(&h, HeroHits::Last));
    assert!(matches!(odds(&close), Err(OddsError::JoinedHero { .. })));
    let o = odds_or_without_hero(&close).unwrap();
    assert!(o.hero.is_none());
    let mut alone = close.clone();
    alone.joined_hero = None;
    assert_eq!(o, odds(&alone).unwrap());
}
