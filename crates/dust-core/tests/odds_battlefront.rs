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
//! Tolerance as in `odds_engine.rs` (`odds_support::agree`): the mean within 4 standard errors and
//! the total variation distance below 4 times its expected size (`DUST_ODDS_SAMPLES` for a heavier
//! run).

mod odds_support;

use dust_core::dice::binomial;
use dust_core::odds::{monte_carlo, odds, AttackSpec, Distribution};
use dust_core::unit::{
    ArmorType, BattlefrontCard, BattlefrontValue, BattlefrontWeapon, CombatValue, Role, Skill, UnitCard, UnitKind, WeaponLine,
};
use dust_core::{CoverLevel, WeaponRange};
use odds_support::agree::{agree_attacker_hero, close, close_in_variation, exact_and_engine, flat, samples};
use odds_support::*;

/// The exact odds agree with the battlefront engine playing the same attack.
fn agree(spec: &AttackSpec<'_>, seed: u64) {
    assert!(spec.is_battlefront());
    let (exact, mc, nf) = exact_and_engine(spec, seed);
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

/// B1/2: one die per model in the target unit, damage 2 a hit on a hero or a vehicle.
const BLAST_2: BattlefrontValue = BattlefrontValue::Blast { per_model: 1, damage: 2 };

/// A line of `value` against soldiers (the revised table holding its nearest value) and nothing
/// against vehicles.
fn soldier_line(name: &str, value: BattlefrontValue) -> WeaponLine {
    line(name, R4, value.nearest(), CombatValue::NoEffect)
}

/// The battlefront values of a line: `value` against every soldier class.
fn against_soldiers(value: BattlefrontValue) -> Vec<(ArmorType, u8, BattlefrontValue)> {
    (1..=4).map(|c| (ArmorType::Soldier, c, value)).collect()
}

/// A vehicle (vehicle 2, four health) whose thrower is a blast B1/2 against soldiers and an
/// automatic kill of two dice against vehicles.
fn thrower() -> (UnitCard, BattlefrontCard) {
    let kill = BattlefrontValue::Kill { dice: 2 };
    let mut thrower = soldier_line("Thrower", BLAST_2);
    thrower.table.vehicle = [kill.nearest(); 7];
    let a = single("Thrower", UnitKind::Vehicle, vehicle_armor(2), 4, vec![thrower]);
    let bf = with_bf(1, |_, w| {
        w.values = against_soldiers(BLAST_2);
        w.values.extend((1..=7).map(|c| (ArmorType::Vehicle, c, kill)));
    });
    (a, bf)
}

fn tank(health: u8) -> UnitCard {
    single(
        "Tank",
        UnitKind::Vehicle,
        vehicle_armor(3),
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
    let (a, bf) = thrower();
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
    let a = single("Laser Hero", UnitKind::Hero, soldier_armor(3), 3, vec![laser]);
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
    let (a, bf) = thrower();
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
        soldier_armor(2),
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
    soldier_hero("Hero", health, vec![line("Pistol", R4, dice(1, 1), CombatValue::NoEffect)])
}

/// The battlefront attack of `a` at the squad `t` with the hero `h` joined to it, who takes the
/// hits as `takes` says.
fn with_hero<'a>(a: &'a UnitCard, t: &'a UnitCard, h: &'a UnitCard, takes: HeroHits) -> AttackSpec<'a> {
    AttackSpec::new(a, t).battlefront(None, None).with_joined_hero(joined(h, takes))
}

/// One gunner with a cannon of `n` dice, damage 2 against soldiers.
fn cannon(n: u8) -> UnitCard {
    squad("Gunner", vec![line("Cannon", R4, dice(n, 2), dice(1, 1))], &[1])
}

/// The exact odds of the squad's and the hero's losses agree with the battlefront engine
/// playing the same attack (the marginals as in `agree`, the joint within the same total
/// variation tolerance).
fn agree_hero(spec: &AttackSpec<'_>, seed: u64) {
    let (exact, mc, nf) = exact_and_engine(spec, seed);
    let hero = exact.hero.as_ref().expect("the hero's odds");
    close(&hero.loss, &mc.hero_loss().expect("the hero's loss"), nf, "hero loss");
    if exact.close_combat {
        close(&exact.attacker_loss, &mc.attacker_loss, nf, "attacker loss (retaliation)");
    }
    close_in_variation(&flat(&hero.joint), &flat(mc.hero_joint.as_ref().unwrap()), nf, "joint");
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
    let s = with_hero(&a, &t, &h, HeroHits::Last);
    let o = odds(&s).unwrap();
    assert_dist(&o.loss, &[1.0 - q, q], "a miniature takes it");
    let hero = o.hero.as_ref().unwrap();
    assert_dist(&hero.loss, &[1.0], "the hero is spared");
    let s = with_hero(&a, &t, &h, HeroHits::First);
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
    let s = with_hero(&a, &t, &h, HeroHits::Last);
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
    let kill = BattlefrontValue::BlastKill { per_model: 1 };
    let a = squad("Fakyeli", vec![soldier_line("Sulphurthrower", kill)], &[1]);
    let bf = with_bf(1, |_, w| w.values = against_soldiers(kill));
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
    let blast = soldier_line("Blaster", BLAST_2);
    let laser = with_kw(line("Laser", R4, dice(2, 1), dice(1, 1)), |k| k.laser = true);
    // A walker fires all its lines (a squad's soldiers fire one ranged weapon each, which the
    // odds do not model).
    let a = single("Walker", UnitKind::Vehicle, vehicle_armor(3), 4, vec![blast, laser]);
    let bf = with_bf(2, |i, w| {
        if i == 0 {
            w.values = against_soldiers(BLAST_2);
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

/// A line of Phaser values (aim dice, power dice per hit), which the odds do not take with a
/// joined hero.
fn phasers() -> UnitCard {
    let phaser = CombatValue::Phaser { aim: 1, power: 2 };
    squad("Phasers", vec![line("Phaser", R4, phaser, phaser)], &[1, 1])
}

/// What the odds do not take of a joined hero: another armour, the revised edition, Phaser
/// lines.
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
    let ph = phasers();
    let s = AttackSpec::new(&ph, &t)
        .battlefront(None, None)
        .with_joined_hero(JoinedHero::new(&h));
    let e = odds(&s).unwrap_err();
    assert!(e.to_string().contains("Phaser"), "{e}");
    // Close combat is taken (his retaliation with the squad's).
    let s = AttackSpec::new(&a, &t)
        .with_lines(&[1])
        .battlefront(None, None)
        .with_joined_hero(JoinedHero::new(&h));
    assert!(odds(&s).unwrap().hero.is_some());
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
/// where they take him, the squad alone on Phaser lines.
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
    let ph = phasers();
    let close = with_hero(&ph, &t, &h, HeroHits::Last);
    assert!(matches!(odds(&close), Err(OddsError::JoinedHero { .. })));
    let o = odds_or_without_hero(&close).unwrap();
    assert!(o.hero.is_none());
    let mut alone = close.clone();
    alone.joined_hero = None;
    assert_eq!(o, odds(&alone).unwrap());
}

// ----- spray weapons: the other units on the path ------------------------------------------------
//
// tactics-battlefront-2013-rules.txt, "Spray Weapons" (page 28): "Spray weapons are Blast
// Weapons that attack all units, even friendly units, in squares between the attacking unit and
// the target unit. The spray follows the shortest possible path to the target"; (page 35):
// "Units hit by Spray Weapons do not get an Infantry Save or a Cover Save against those
// weapons". The engine fires the line at each unit on the path as at the target
// (`Game::flame_victims`), with the soldiers firing it at the target.

use dust_core::odds::PathVictim;

const R3: WeaponRange = WeaponRange::Spaces { min: 1, max: 3 };

/// A flame walker: one spray line of range 3, a blast B1/1 against soldiers (one die per model
/// in the unit), 1/2 against vehicles.
fn flamer() -> (UnitCard, BattlefrontCard) {
    let blast = BattlefrontValue::Blast { per_model: 1, damage: 1 };
    let napalm = with_kw(line("Napalm", R3, blast.nearest(), dice(1, 2)), |k| k.flame = true);
    let a = single("Flamer", UnitKind::Vehicle, vehicle_armor(3), 3, vec![napalm]);
    let bf = with_bf(1, |_, w| {
        w.spray = true;
        w.values = against_soldiers(blast);
    });
    (a, bf)
}

/// The Fireball example's shape: the spray aimed at a tank hits a squad of four and a hero on
/// its way. By hand: the tank, one die of two damage, no save: 0 or 2 with 2/3, 1/3; the squad,
/// one die per miniature (four), each hit a miniature, no save even in cover: Binomial(4, 1/3);
/// the hero (soldier 3, three health), one die (one model), one damage: 0 or 1 with 2/3, 1/3.
#[test]
fn a_spray_hits_every_unit_on_its_path_by_hand() {
    let (a, bf) = flamer();
    let t = tank(4);
    let squad4 = targets(4);
    let h = hero(3);
    let mut s = AttackSpec::new(&a, &t)
        .battlefront(Some(&bf), None)
        .with_path_victim(PathVictim::new(&squad4))
        .with_path_victim(PathVictim::new(&h));
    s.cover = CoverLevel::Soft;
    let o = odds(&s).unwrap();
    assert_dist(&o.loss, &[2.0 / 3.0, 0.0, 1.0 / 3.0], "the tank");
    assert_eq!(o.victims.len(), 2);
    assert_eq!(o.victims[0].name, "Targets");
    assert_eq!(o.victims[0].lines[0].dice, 4, "one die per miniature on the path");
    assert_dist(&o.victims[0].loss, &binomial(4, 1.0 / 3.0), "the squad on the path: no save");
    assert_dist(&o.victims[1].loss, &[2.0 / 3.0, 1.0 / 3.0, 0.0, 0.0], "the hero on the path");
    assert!((o.victims[0].destroyed - (1.0f64 / 3.0).powi(4)).abs() < 1e-15);
    for v in &o.victims {
        assert!((v.loss.total() - 1.0).abs() < 1e-12);
    }
    // The target's odds are those without the units on the path.
    let alone = AttackSpec::new(&a, &t).battlefront(Some(&bf), None);
    assert_eq!(odds(&alone).unwrap().loss, o.loss);
    // Fewer miniatures on the path, fewer dice.
    let mut two = PathVictim::new(&squad4);
    two.alive = 2;
    let s2 = AttackSpec::new(&a, &t).battlefront(Some(&bf), None).with_path_victim(two);
    assert_dist(&odds(&s2).unwrap().victims[0].loss, &binomial(2, 1.0 / 3.0), "two miniatures");
}

/// "Units with Multiple Weapons" with "Spray Weapons": the units on the path are sprayed by the
/// soldiers who fire the spray at the target. Soldier 1 carries a rifle and a flame-thrower and
/// fires his rifle (card order), soldiers 2 and 3 their flame-throwers: two dice on the path.
#[test]
fn the_soldiers_spraying_the_target_spray_the_path() {
    let rifle = line("Rifle", R4, dice(1, 1), dice(1, 1));
    let flame = with_kw(line("Flame-thrower", R3, dice(1, 1), dice(1, 1)), |k| k.flame = true);
    let a = squad("Pioneers", vec![rifle, flame], &[0b11, 0b10, 0b10]);
    let bf = with_bf(2, |i, w| w.spray = i == 1);
    let t = targets(5);
    let v = targets(3);
    let s = AttackSpec::new(&a, &t)
        .battlefront(Some(&bf), None)
        .with_path_victim(PathVictim::new(&v));
    let o = odds(&s).unwrap();
    assert_eq!(o.lines.iter().map(|l| l.dice).collect::<Vec<_>>(), vec![1, 2]);
    assert_eq!(o.victims[0].lines.len(), 1, "the rifle hits its target only");
    assert_eq!(o.victims[0].lines[0].dice, 2);
    assert_dist(&o.victims[0].loss, &capped_binomial(2, 1.0 / 3.0, 3), "two flames, no save");
    agree_victims(&s, 401);
}

/// The units on the path by the engine: the exact odds of each agree with the battlefront
/// engine spraying the same path (a squad in line, a vehicle beside it, which blocks the line
/// of sight, where the path bends; a squad with a joined hero who takes the hits first).
fn agree_victims(spec: &AttackSpec<'_>, seed: u64) {
    let (exact, mc, nf) = exact_and_engine(spec, seed);
    assert_eq!(exact.victims.len(), mc.victims.len());
    for (i, v) in exact.victims.iter().enumerate() {
        close(&v.loss, &mc.victim_loss(i).unwrap(), nf, &format!("{} on the path", v.name));
        if let Some(h) = &v.hero {
            close(
                &h.loss,
                &mc.victim_hero_loss(i).unwrap(),
                nf,
                &format!("the hero joined to {}", v.name),
            );
        }
        assert!((v.loss.total() - 1.0).abs() < 1e-9);
    }
}

#[test]
fn engine_spray_victims() {
    let (a, bf) = flamer();
    let t = targets(5);
    let resilient = with_skill(targets(3), Skill::DamageResilient);
    let walker = tank(3);
    let s = AttackSpec::new(&a, &t)
        .battlefront(Some(&bf), None)
        .with_path_victim(PathVictim::new(&resilient))
        .with_path_victim(PathVictim::new(&walker));
    assert!(odds(&s).unwrap().victims[0].loss.mean() < 1.0, "Damage Resilient on the path");
    agree_victims(&s, 411);
    // A squad with its hero on the path ("joined heroes are hit with their squad"), the hero
    // taking the hits first; a sustained attack.
    let sq = targets(2);
    let h = squad_hero(2);
    let mut v = PathVictim::new(&sq);
    v.joined_hero = Some(joined(&h, HeroHits::First));
    let target_hero = hero(3);
    let mut s = AttackSpec::new(&a, &target_hero).battlefront(Some(&bf), None).with_path_victim(v);
    s.sustained = true;
    let o = odds(&s).unwrap();
    assert_eq!(o.victims[0].lines[0].dice, 3, "two miniatures and the hero");
    assert!(o.victims[0].hero.is_some());
    agree_victims(&s, 412);
    // The revised edition's flamethrowers of range 2 or more ("Flamethrowers") likewise: an
    // Incendiary Blast at each unit on the path, its miniatures' worth of dice, no cover save.
    let mut r = AttackSpec::new(&a, &t).with_path_victim(PathVictim::new(&resilient));
    r.cover = CoverLevel::Soft;
    assert!(!r.is_battlefront());
    let n = samples();
    let exact = odds(&r).unwrap();
    let mc = monte_carlo(&r, n, 413).expect("the revised engine sprays the path");
    close(
        &exact.victims[0].loss,
        &mc.victim_loss(0).unwrap(),
        f64::from(n),
        "revised: on the path",
    );
}

/// What the odds refuse of units on a spray's path: a spray of range 1 (no square between), a
/// line that is not a spray, more units than squares on the path, close combat, Medal of Honor,
/// a health out of range.
#[test]
fn units_on_a_spray_path_the_odds_do_not_take() {
    let (a, bf) = flamer();
    let t = tank(4);
    let v = targets(3);
    let err = |s: &AttackSpec<'_>| match odds(s) {
        Err(OddsError::PathVictim { reason, .. }) => reason,
        other => panic!("expected a path error, got {other:?}"),
    };
    // Not a spray.
    let r = riflemen();
    let s = AttackSpec::new(&r, &t)
        .with_lines(&[0])
        .battlefront(None, None)
        .with_path_victim(PathVictim::new(&v));
    assert!(err(&s).contains("no spray path"), "{}", err(&s));
    // A spray of range 1.
    let short = with_kw(line("Spray", R1, dice(1, 1), dice(1, 1)), |k| k.flame = true);
    let sq = squad("Sprayers", vec![short], &[1, 1]);
    let s = AttackSpec::new(&sq, &t)
        .battlefront(None, None)
        .with_path_victim(PathVictim::new(&v));
    assert!(err(&s).contains("no spray path"), "{}", err(&s));
    // Three units on a path of two squares.
    let s = AttackSpec::new(&a, &t)
        .battlefront(Some(&bf), None)
        .with_path_victim(PathVictim::new(&v))
        .with_path_victim(PathVictim::new(&v))
        .with_path_victim(PathVictim::new(&v));
    assert!(err(&s).contains("at most 2 square"), "{}", err(&s));
    // Medal of Honor; a health out of range; a line not chosen.
    let mut s = AttackSpec::new(&a, &t)
        .battlefront(Some(&bf), None)
        .with_path_victim(PathVictim::new(&v));
    s.medal_of_honor = true;
    assert!(err(&s).contains("Medal of Honor"));
    let mut dead = PathVictim::new(&v);
    dead.alive = 4;
    let s = AttackSpec::new(&a, &t).battlefront(Some(&bf), None).with_path_victim(dead);
    assert!(err(&s).contains("1 to 3"), "{}", err(&s));
    let mut other = PathVictim::new(&v);
    other.lines = vec![0];
    let s = AttackSpec::new(&a, &t)
        .with_lines(&[])
        .battlefront(Some(&bf), None)
        .with_path_victim(other);
    assert!(err(&s).contains("not among the chosen lines"), "{}", err(&s));
    // Close combat: the target is out of reach behind a unit.
    let brawl = squad(
        "Brawl",
        vec![with_kw(line("Flamer", R3, dice(1, 1), dice(1, 1)), |k| k.flame = true), knife()],
        &[0b11; 2],
    );
    let two = targets(2);
    let s = AttackSpec::new(&brawl, &two)
        .battlefront(None, None)
        .with_path_victim(PathVictim::new(&v));
    assert!(err(&s).contains("close combat"), "{}", err(&s));
}

// ----- a joined hero in close combat -------------------------------------------------------------
//
// tactics-battlefront-2013-rules.txt, "Resolve Close-Combat Attacks Simultaneously" (page 31):
// "Once casualties from other weapons have been resolved, the attacking unit resolves the
// attacks with its Close-Combat Weapons. Before the casualties are removed, the defending unit
// retaliates with its own Close-Combat Weapons against the attacking unit. The casualties from
// all Close-Combat Weapons are then removed simultaneously"; "Joining Infantry Squads": the
// hero is part of the unit, and fights with it (the engine's retaliation takes his
// close-combat lines after the squad's, `Game::close_lines`).

/// A hero of the squad's armour (soldier 2) with a combat knife of two dice.
fn knife_hero(health: u8) -> UnitCard {
    soldier_hero(
        "Knife Hero",
        health,
        vec![line("Combat Knife", WeaponRange::Close, dice(2, 1), dice(1, 1))],
    )
}

/// Five brawlers with a knife each.
fn brawlers() -> UnitCard {
    squad("Brawlers", vec![knife()], &[1; 5])
}

/// Five knives at a squad of two with a hero of three (miniatures first): k hits of
/// Binomial(5, 1/3), no save; the squad loses min(k, 2), the hero the rest (one point a hit,
/// at most 3). The squad's two knives and the hero's two dice strike back at the same time:
/// the brawlers lose Binomial(4, 1/3), whatever they inflict.
#[test]
fn a_joined_hero_strikes_back_by_hand() {
    let a = brawlers();
    let t = targets(2);
    let h = knife_hero(3);
    let s = with_hero(&a, &t, &h, HeroHits::Last);
    let o = odds(&s).unwrap();
    let k = binomial(5, 1.0 / 3.0);
    assert_dist(&o.loss, &[k[0], k[1], 1.0 - k[0] - k[1]], "the squad");
    let hero = o.hero.as_ref().unwrap();
    assert_dist(&hero.loss, &[k[0] + k[1] + k[2], k[3], k[4], k[5]], "the hero");
    assert!((hero.joint[2][3] - k[5]).abs() < 1e-12);
    let back = binomial(4, 1.0 / 3.0);
    assert_dist(&o.attacker_loss, &back, "the squad's and the hero's knives");
    // Simultaneous: the attacker's losses do not depend on the defender's.
    for (t_lost, row) in o.joint.iter().enumerate() {
        for (a_lost, &p) in row.iter().enumerate() {
            assert!((p - o.loss.p(t_lost) * back.get(a_lost).copied().unwrap_or(0.0)).abs() < 1e-12);
        }
    }
    assert!(o.notes.iter().any(|n| n.contains("retaliates with the squad")), "{:?}", o.notes);
    // Without retaliation, nothing comes back.
    let mut quiet = s.clone();
    quiet.retaliate = false;
    assert_dist(&odds(&quiet).unwrap().attacker_loss, &[1.0], "no retaliation");
}

#[test]
fn engine_joined_hero_in_close_combat() {
    let a = brawlers();
    let t = targets(2);
    let h = knife_hero(3);
    let s = with_hero(&a, &t, &h, HeroHits::Last);
    agree_hero(&s, 501);
    // The hero first; Damage Resilient on the squad and on him, rolled per casualty while he
    // lives; a sustained attack.
    let tr = with_skill(targets(3), Skill::DamageResilient);
    let hr = with_skill(knife_hero(2), Skill::DamageResilient);
    let mut s = with_hero(&a, &tr, &hr, HeroHits::First);
    s.sustained = true;
    agree_hero(&s, 502);
    // Rifles then knives: the rifles may kill the wounded hero before the close combat, and a
    // dead hero does not strike back; the knives roll against what the rifles left.
    let r = riflemen();
    let s = AttackSpec::new(&r, &t)
        .with_lines(&[0, 1])
        .battlefront(None, None)
        .with_joined_hero(JoinedHero {
            health: 1,
            ..joined(&hr, HeroHits::First)
        });
    agree_hero(&s, 503);
}

// ----- weapons with two lines, improvised weapons --------------------------------------------------
//
// tactics-battlefront-2013-rules.txt, "Weapons with Two Lines" (page 26): "Some weapons have two
// modes of shooting shown by two sets of weapon characteristics under the weapon description.
// Each time such a weapon makes an attack, the player must announce which set of
// characteristics they will use for the attack"; "Improvised Close-Combat Weapons" (page 31):
// "An Infantry or Vehicle unit (but not Aircraft) can always make a close-combat attack using
// Improvised Weapons" (docs/rulings.md, "Battlefront weapons with two lines", "Battlefront
// improvised close-combat weapons"). No shipped card links two lines: the test cards do.

/// Both lines of a weapon name each other (`mode_of`).
fn linked(lines: usize, pair: (usize, usize)) -> BattlefrontCard {
    with_bf(lines, |i, w| {
        if i == pair.0 {
            w.mode_of = Some(pair.1 as u8);
        } else if i == pair.1 {
            w.mode_of = Some(pair.0 as u8);
        }
    })
}

/// A hero whose rifle has two lines: "Rifle (burst)" 3 dice against soldiers, nothing against
/// vehicles; "Rifle (AT)" 1 die against soldiers, 2 dice of 3 damage against vehicles; and a
/// pistol of one die, a weapon of its own.
fn two_line_hero() -> (UnitCard, BattlefrontCard) {
    let burst = line("Rifle (burst)", R4, dice(3, 1), CombatValue::NoEffect);
    let at = line("Rifle (AT)", R4, dice(1, 1), dice(2, 3));
    let pistol = line("Pistol", R4, dice(1, 1), dice(1, 1));
    let h = soldier_hero("Gunner", 3, vec![burst, at, pistol]);
    (h, linked(3, (0, 1)))
}

/// Both lines chosen, the odds fire the better: against a squad in the open the burst (three
/// dice and the pistol's: Binomial(4, 2/9) after the infantry save), against a tank the AT line
/// (a ~ Binomial(2, 1/3) hits of 3 damage and b ~ Binomial(1, 1/3) of the pistol's 1, no save:
/// 3a + b capped at 6). One line named: that line. The revised edition has no link.
#[test]
fn a_weapon_with_two_lines_fires_the_better_line_by_hand() {
    let (a, bf) = two_line_hero();
    let t = targets(5);
    let s = AttackSpec::new(&a, &t).with_lines(&[0, 1, 2]).battlefront(Some(&bf), None);
    let o = odds(&s).unwrap();
    assert_eq!(
        o.lines.iter().map(|l| l.name.as_str()).collect::<Vec<_>>(),
        ["Rifle (burst)", "Pistol"]
    );
    assert!(o.notes.iter().any(|n| n.contains("Weapons with Two Lines")), "{:?}", o.notes);
    assert_dist(&o.loss, &capped_binomial(4, 2.0 / 9.0, 5), "burst and pistol");
    // The default lines (every line that can damage): the same.
    assert_eq!(odds(&AttackSpec::new(&a, &t).battlefront(Some(&bf), None)).unwrap().loss, o.loss);
    // Against a tank.
    let v = tank(6);
    let s = AttackSpec::new(&a, &v).with_lines(&[0, 1, 2]).battlefront(Some(&bf), None);
    let o = odds(&s).unwrap();
    assert_eq!(o.lines[0].name, "Rifle (AT)");
    let (ha, hb) = (binomial(2, 1.0 / 3.0), binomial(1, 1.0 / 3.0));
    let mut want = vec![0.0; 7];
    for (x, pa) in ha.iter().enumerate() {
        for (y, pb) in hb.iter().enumerate() {
            want[(3 * x + y).min(6)] += pa * pb;
        }
    }
    assert_dist(&o.loss, &want, "AT line and pistol");
    // The player's announcement: the AT line against the squad.
    let s = AttackSpec::new(&a, &t).with_lines(&[1, 2]).battlefront(Some(&bf), None);
    assert_dist(&odds(&s).unwrap().loss, &capped_binomial(2, 2.0 / 9.0, 5), "AT line announced");
    // Revised cards have no link: every line fires.
    let r = AttackSpec::new(&a, &t).with_lines(&[0, 1, 2]);
    assert_eq!(odds(&r).unwrap().lines.len(), 3);
}

#[test]
fn engine_weapon_with_two_lines() {
    let (a, bf) = two_line_hero();
    let t = targets(5);
    let s = AttackSpec::new(&a, &t).with_lines(&[0, 1, 2]).battlefront(Some(&bf), None);
    agree(&s, 601);
    let s = AttackSpec::new(&a, &t).with_lines(&[1, 2]).battlefront(Some(&bf), None);
    agree(&s, 602);
    let v = tank(6);
    let s = AttackSpec::new(&a, &v).with_lines(&[0, 1, 2]).battlefront(Some(&bf), None);
    agree(&s, 603);
}

/// The defender's retaliation ("Resolve Close-Combat Attacks Simultaneously": "with its own
/// Close-Combat Weapons"): of a close-combat weapon with two lines the first on the card
/// (docs/rulings.md, "Battlefront weapons with two lines"), never the Improvised Weapons. A
/// swordsman (cut: 2 dice, thrust: 3 dice, one weapon) strikes back at five brawlers with the
/// cut alone: Binomial(2, 1/3) brawlers lost.
#[test]
fn retaliation_with_one_line_of_a_weapon_and_no_improvised_weapons() {
    let a = brawlers();
    let d = soldier_hero(
        "Swordsman",
        3,
        vec![
            line("Sword (cut)", WeaponRange::Close, dice(2, 1), dice(1, 1)),
            line("Sword (thrust)", WeaponRange::Close, dice(3, 1), dice(1, 1)),
        ],
    );
    let (d, dbf) = dust_core::unit::with_improvised(&d, Some(&linked(2, (0, 1)))).expect("a hero gets one");
    assert_eq!(d.weapons.len(), 3);
    let s = AttackSpec::new(&a, &d).battlefront(None, Some(&dbf));
    let o = odds(&s).unwrap();
    assert_dist(&o.attacker_loss, &capped_binomial(2, 1.0 / 3.0, 5), "the cut alone");
    agree(&s, 611);
    // Unlinked (another card part): both sword lines strike back, still not the improvised.
    let plain = with_bf(3, |i, w| w.improvised = i == 2);
    let s = AttackSpec::new(&a, &d).battlefront(None, Some(&plain));
    assert_dist(&odds(&s).unwrap().attacker_loss, &capped_binomial(5, 1.0 / 3.0, 5), "two weapons");
}

/// "Improvised Close-Combat Weapons", with the project's chart (one die per soldier, one per
/// vehicle, one damage): a squad whose knives cannot hurt a tank attacks it with its improvised
/// weapons, one die per soldier, no save: Binomial(3, 1/3); the tank's own improvised weapons
/// do not strike back. Against soldiers the knives serve and the improvised line is left out;
/// with the knife's only carrier dead, it is offered again. Aircraft get none.
#[test]
fn improvised_weapons_when_the_engine_offers_them_by_hand() {
    use dust_core::unit::with_improvised;
    let mut rifle = line("Rifle", R4, dice(1, 1), CombatValue::NoEffect);
    rifle.table.vehicle = [CombatValue::NoEffect; 7];
    let knife = line("Knife", WeaponRange::Close, dice(1, 1), CombatValue::NoEffect);
    let plain = squad("Grenadiers", vec![rifle, knife], &[0b01, 0b01, 0b11]);
    let (a, abf) = with_improvised(&plain, None).expect("a squad gets one");
    assert_eq!(a.weapons[2].name, dust_core::unit::IMPROVISED_NAME);
    let (v, vbf) = with_improvised(&tank(4), None).expect("a vehicle gets one");
    let s = AttackSpec::new(&a, &v).battlefront(Some(&abf), Some(&vbf));
    assert_eq!(
        s.lines.iter().map(|c| c.line).collect::<Vec<_>>(),
        vec![2],
        "the only line that can hurt it"
    );
    let o = odds(&s).unwrap();
    assert_eq!(o.lines[0].dice, 3);
    assert_dist(&o.loss, &capped_binomial(3, 1.0 / 3.0, 4), "improvised weapons");
    assert_dist(&o.attacker_loss, &[1.0], "the tank does not strike back");
    agree(&s, 621);
    // Against soldiers the knife can hurt: not offered, left out with a note.
    let t = targets(5);
    let s = AttackSpec::new(&a, &t).with_lines(&[2]).battlefront(Some(&abf), None);
    assert!(s.why_not_offered(2).is_some());
    let o = odds(&s).unwrap();
    assert!(o.lines.is_empty() && o.loss.p(0) == 1.0);
    assert!(o.notes.iter().any(|n| n.contains("left out")), "{:?}", o.notes);
    // Two soldiers left, the knife's carrier (the third) dead: offered, two dice.
    let s = AttackSpec::new(&a, &t)
        .with_attacker_alive(2)
        .with_lines(&[2])
        .battlefront(Some(&abf), None);
    assert!(s.why_not_offered(2).is_none());
    let o = odds(&s).unwrap();
    assert_eq!(o.lines[0].dice, 2);
    agree(&s, 622);
    // Aircraft get none.
    let mut plane = tank(3);
    plane.kind = UnitKind::Aircraft;
    assert!(with_improvised(&plane, None).is_none());
}

/// Property: whatever the mix of the new mechanics (units on a spray's path with or without a
/// joined hero, a joined hero in close combat, weapons with two lines, improvised weapons), every
/// distribution the odds give sums to 1 and the joint distributions' margins are the losses.
#[test]
fn new_mechanics_distributions_sum_to_one() {
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    let (fl, fbf) = flamer();
    let (gun, gbf) = two_line_hero();
    let brawl = brawlers();
    let sums_to_one = |d: &Distribution, what: &str| assert!((d.total() - 1.0).abs() < 1e-9, "{what}: {:?}", d.probs());
    for round in 0..60 {
        let squad_n = 1 + next(5) as u8;
        let t = targets(5);
        let h = knife_hero(1 + next(3) as u8);
        let vs = with_skill(targets(3), Skill::DamageResilient);
        let vh = squad_hero(2);
        let takes = if next(2) == 0 { HeroHits::First } else { HeroHits::Last };
        let mut s = match round % 3 {
            0 => {
                let mut v = PathVictim::new(&vs);
                v.alive = 1 + next(3) as u8;
                if next(2) == 0 {
                    v.joined_hero = Some(joined(&vh, takes));
                }
                let mut s = AttackSpec::new(&fl, &t).battlefront(Some(&fbf), None).with_path_victim(v);
                s.sustained = next(2) == 0;
                s
            }
            1 => AttackSpec::new(&gun, &t).with_lines(&[0, 1, 2]).battlefront(Some(&gbf), None),
            _ => AttackSpec::new(&brawl, &t)
                .with_attacker_alive(1 + next(5) as u8)
                .battlefront(None, None)
                .with_joined_hero(JoinedHero {
                    damage_resilient: next(2) == 0,
                    ..joined(&h, takes)
                }),
        };
        s.target_alive = squad_n;
        let o = odds(&s).unwrap_or_else(|e| panic!("round {round}: {e}"));
        sums_to_one(&o.loss, "loss");
        sums_to_one(&o.attacker_loss, "attacker loss");
        let joint: f64 = o.joint.iter().flatten().sum();
        assert!((joint - 1.0).abs() < 1e-9);
        for (k, row) in o.joint.iter().enumerate() {
            assert!((row.iter().sum::<f64>() - o.loss.p(k)).abs() < 1e-9);
        }
        if let Some(hero) = &o.hero {
            sums_to_one(&hero.loss, "hero loss");
            for (k, row) in hero.joint.iter().enumerate() {
                assert!((row.iter().sum::<f64>() - o.loss.p(k)).abs() < 1e-9, "hero joint margin");
            }
        }
        for v in &o.victims {
            sums_to_one(&v.loss, "victim loss");
            if let Some(hero) = &v.hero {
                sums_to_one(&hero.loss, "victim's hero loss");
            }
        }
    }
}

// ----- a hero joined to the attacking squad ------------------------------------------------------
//
// tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons": "Each surviving soldier in
// an Infantry Squad can only use one Ranged Weapon and one Close-Combat Weapon … Heroes, being
// heroic, can use all of their weapons at the same time"; "Joining Infantry Squads": "A Hero in
// the same square as a unit that they can join may be activated at the same time as the unit,
// taking the same actions as the unit … they are treated as one unit if either of them are
// targeted by an attack. The owning player assigns hits between them using the normal rules";
// "Resolve Close-Combat Attacks Simultaneously". The owner's order of assignment is
// `JoinedHero::takes` (default: the miniatures first), as for a defending squad's hero.

use dust_core::odds::HERO_LINE;

/// A hero of the squad's armour with two ranged weapons (a pistol of one die, an SMG of two)
/// and a combat knife of two dice.
fn gun_hero(health: u8) -> UnitCard {
    soldier_hero(
        "Gun Hero",
        health,
        vec![
            line("Pistol", R4, dice(1, 1), dice(1, 1)),
            line("SMG", R4, dice(2, 1), dice(1, 1)),
            line("Combat Knife", WeaponRange::Close, dice(2, 1), dice(1, 1)),
        ],
    )
}

/// Three defenders with axes of two damage a hit (one miniature a hit on a squad, two crosses on
/// a hero: "7) Suffer Damage").
fn axemen() -> UnitCard {
    squad("Axemen", vec![line("Axe", WeaponRange::Close, dice(1, 2), dice(1, 1))], &[1; 3])
}

/// tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons" ("Heroes, being heroic, can
/// use all of their weapons at the same time"), "6) Roll Saves": five riflemen (two dice each, one
/// ranged weapon a soldier) and their hero's pistol and SMG, both, at five targets in the open:
/// 10 + 1 + 2 dice, each hit kept with 1/3 × 2/3 (army symbol, failed infantry save), the
/// targets losing Binomial(13, 2/9) capped at 5. His lines are numbered from `HERO_LINE`;
/// nothing comes back at range, so he loses nothing.
#[test]
fn an_attacking_hero_fires_all_his_weapons_by_hand() {
    let a = riflemen();
    let t = targets(5);
    let h = gun_hero(3);
    let s = AttackSpec::new(&a, &t)
        .with_lines(&[0])
        .battlefront(None, None)
        .with_attacking_hero(JoinedHero::new(&h))
        .with_lines(&[0, HERO_LINE, HERO_LINE + 1]);
    let o = odds(&s).unwrap();
    assert_eq!(
        o.lines.iter().map(|l| (l.line, l.dice)).collect::<Vec<_>>(),
        [(0, 10), (HERO_LINE, 1), (HERO_LINE + 1, 2)]
    );
    assert_dist(&o.loss, &capped_binomial(13, 2.0 / 9.0, 5), "the squad's and the hero's dice");
    let hero = o.attacker_hero.as_ref().expect("his odds");
    assert_dist(&hero.loss, &[1.0], "nothing comes back at range");
    assert!(o.notes.iter().any(|n| n.contains("all of their weapons")), "{:?}", o.notes);
    agree_attacker_hero(&s, 701);
    // In cover, sustained, three riflemen left: his dice stay three.
    let mut s = s.with_attacker_alive(3);
    s.cover = CoverLevel::Soft;
    s.sustained = true;
    assert_eq!(odds(&s).unwrap().lines.iter().map(|l| l.dice).collect::<Vec<_>>(), [6, 1, 2]);
    agree_attacker_hero(&s, 702);
}

/// tactics-battlefront-2013-rules.txt, "Joining Infantry Squads" ("The owning player assigns hits
/// between them using the normal rules"), "Resolve Close-Combat Attacks Simultaneously", "7) Suffer
/// Damage": the retaliation shared between the squad and its hero: two brawlers and a hero of three
/// strike the Axemen with their knives; the three axes strike back at once, k ~ Binomial(3, 1/3)
/// hits, no save. The miniatures first: the squad loses min(k, 2), the third hit marks two crosses
/// on the hero. The hero first: the first hit marks two crosses, the second his last one, the third
/// kills a brawler.
#[test]
fn the_retaliation_on_an_attacking_squad_and_its_hero_by_hand() {
    let a = brawlers();
    let t = axemen();
    let h = knife_hero(3);
    let k = binomial(3, 1.0 / 3.0);
    let s = AttackSpec::new(&a, &t)
        .with_attacker_alive(2)
        .battlefront(None, None)
        .with_attacking_hero(JoinedHero::new(&h));
    let o = odds(&s).unwrap();
    assert_dist(&o.attacker_loss, &[k[0], k[1], k[2] + k[3]], "the brawlers, first");
    let hero = o.attacker_hero.as_ref().unwrap();
    assert_dist(&hero.loss, &[1.0 - k[3], 0.0, k[3]], "the hero, last");
    assert!((hero.joint[2][2] - k[3]).abs() < 1e-12);
    assert!(o.notes.iter().any(|n| n.contains("miniatures first")), "{:?}", o.notes);
    // The attacker's knives (two brawlers' dice and his two) are rolled before any damage: the
    // Axemen's loss does not depend on what comes back.
    assert_dist(&o.loss, &capped_binomial(4, 1.0 / 3.0, 3), "four knife dice");
    agree_attacker_hero(&s, 703);
    let first = AttackSpec::new(&a, &t)
        .with_attacker_alive(2)
        .battlefront(None, None)
        .with_attacking_hero(joined(&h, HeroHits::First));
    let o = odds(&first).unwrap();
    assert_dist(&o.attacker_loss, &[1.0 - k[3], k[3]], "the brawlers, last");
    let hero = o.attacker_hero.as_ref().unwrap();
    assert_dist(&hero.loss, &[k[0], 0.0, k[1], k[2] + k[3]], "the hero, first");
    assert_eq!(hero.both_destroyed, 0.0);
    agree_attacker_hero(&first, 704);
}

/// tactics-battlefront-2013-rules.txt, "Joining Infantry Squads", "Damage Resilient", "Blast
/// Weapons", "Weapons with Two Lines", "Improvised Close-Combat Weapons", against the engine:
/// Damage Resilient on the squad and on the hero, rolled per casualty while he lives (both orders);
/// a target squad with its own joined hero, both heroes striking; a hero's blast line counting the
/// target's hero as a model; a hero with no close-combat weapon of his own, who fights with his
/// Improvised Weapons, and whose rifle has two lines.
#[test]
fn engine_attacking_squad_with_a_joined_hero() {
    let a = brawlers();
    let t = axemen();
    let tough = with_skill(brawlers(), Skill::DamageResilient);
    let hr = with_skill(knife_hero(3), Skill::DamageResilient);
    for (takes, seed) in [(HeroHits::Last, 711), (HeroHits::First, 712)] {
        let s = AttackSpec::new(&tough, &t)
            .with_attacker_alive(2)
            .battlefront(None, None)
            .with_attacking_hero(joined(&hr, takes));
        agree_attacker_hero(&s, seed);
    }
    // Both squads with a hero: the defending hero's knife strikes back with the targets'.
    let (th, ah) = (knife_hero(2), knife_hero(3));
    let t2 = targets(2);
    let mut s = AttackSpec::new(&a, &t2)
        .with_attacker_alive(1)
        .battlefront(None, None)
        .with_joined_hero(joined(&th, HeroHits::First))
        .with_attacking_hero(joined(&ah, HeroHits::Last));
    s.sustained = true;
    assert!(odds(&s).unwrap().notes.iter().any(|n| n.contains("retaliates with the squad")));
    agree_attacker_hero(&s, 713);
    // His blast of damage 2 (one die per model, the target's hero counted) and the riflemen.
    let bh = soldier_hero("Blast Hero", 2, vec![soldier_line("Blaster", BLAST_2)]);
    let bbf = with_bf(1, |_, w| w.values = against_soldiers(BLAST_2));
    let r = riflemen();
    let t3 = targets(3);
    let th3 = squad_hero(3);
    let s = AttackSpec::new(&r, &t3)
        .with_lines(&[0])
        .battlefront(None, None)
        .with_joined_hero(joined(&th3, HeroHits::First))
        .with_attacking_hero(JoinedHero {
            bf: Some(&bbf),
            ..JoinedHero::new(&bh)
        });
    let o = odds(&s).unwrap();
    assert_eq!(o.lines[1].dice, 4, "three targets and their hero");
    agree_attacker_hero(&s, 714);
    // The two-line rifle's hero, with his Improvised Weapons (the engine gives him the line).
    let (gunner, gbf) = two_line_hero();
    let (gunner, gbf) = dust_core::unit::with_improvised(&gunner, Some(&gbf)).expect("an infantry card");
    let s = AttackSpec::new(&a, &t)
        .with_attacker_alive(2)
        .battlefront(None, None)
        .with_attacking_hero(JoinedHero {
            bf: Some(&gbf),
            ..JoinedHero::new(&gunner)
        });
    let improvised = HERO_LINE + 3;
    assert!(s.is_improvised(improvised) && s.why_not_offered(improvised).is_none());
    assert_eq!(s.mode_partner(HERO_LINE), Some(HERO_LINE + 1));
    let o = odds(&s).unwrap();
    assert!(o.lines.iter().any(|l| l.line == improvised && l.close));
    assert_eq!(o.lines.iter().filter(|l| l.line == HERO_LINE || l.line == HERO_LINE + 1).count(), 1);
    agree_attacker_hero(&s, 715);
}

/// tactics-battlefront-2013-rules.txt, "Joining Infantry Squads": every distribution of a squad
/// attacking with its joined hero sums to 1, and the joint distributions' margins are the losses
/// (random squads, heroes, orders, skills, lines).
#[test]
fn attacking_hero_distributions_sum_to_one() {
    let mut next = xorshift(0x2545_F491_4F6C_DD1D);
    let r = riflemen();
    let t = axemen();
    let th = knife_hero(2);
    for round in 0..40 {
        let h = with_skill(gun_hero(1 + next(3) as u8), Skill::DamageResilient);
        let takes = if next(2) == 0 { HeroHits::First } else { HeroHits::Last };
        let mut s = AttackSpec::new(&r, &t)
            .with_attacker_alive(1 + next(5) as u8)
            .battlefront(None, None)
            .with_attacking_hero(JoinedHero {
                damage_resilient: next(2) == 0,
                ..joined(&h, takes)
            });
        if next(2) == 0 {
            s = s.with_joined_hero(joined(&th, HeroHits::Last));
        }
        s.sustained = next(2) == 0;
        s.target_alive = 1 + next(3) as u8;
        let o = odds(&s).unwrap_or_else(|e| panic!("round {round}: {e}"));
        let hero = o.attacker_hero.as_ref().unwrap();
        for d in [&o.loss, &o.attacker_loss, &hero.loss] {
            assert!((d.total() - 1.0).abs() < 1e-9, "round {round}: {:?}", d.probs());
        }
        for (k, row) in hero.joint.iter().enumerate() {
            assert!((row.iter().sum::<f64>() - o.attacker_loss.p(k)).abs() < 1e-9, "round {round}");
        }
        for (k, row) in o.joint.iter().enumerate() {
            assert!((row.iter().sum::<f64>() - o.loss.p(k)).abs() < 1e-9, "round {round}");
        }
    }
}

// ----- Limited ammo of a hero or a vehicle (issue 10) ---------------------------------------------
// tactics-battlefront-2013-rules.txt, "Limited-Ammo Weapons" ("Mark one of these boxes each time a
// unit makes an Attack or Sustained Attack action with the Limited-Ammo Weapon"); docs/rulings.md,
// "Battlefront limited ammo": "while a box is left, a squad may fire it with any number of its
// living soldiers who carry it …, a hero, vehicle or support weapon with its one weapon".

use dust_core::game::tests_support::{open_game, placed, Table};
use dust_core::game::{Decision, UnitSetup};
use dust_core::Side;
use std::sync::Arc;

/// Rockets: two dice against soldiers (one of two damage against vehicles), three ammo boxes.
fn rockets() -> WeaponLine {
    with_ammo(line("Rockets", R4, dice(2, 1), dice(1, 2)), 3)
}

/// A hero of the riflemen's armour (soldier 2) with the rockets.
fn rocket_hero() -> UnitCard {
    soldier_hero("Rocket Hero", 2, vec![rockets()])
}

/// A vehicle with the rockets.
fn rocket_tank() -> UnitCard {
    single("Rocket Tank", UnitKind::Vehicle, vehicle_armor(3), 3, vec![rockets()])
}

/// The battlefront engine, at its first aim of line `line`: `attacker` (u0, with `hero` joined
/// to it as u1) three squares from five targets (the last unit). Returns the aims it offers for
/// that line and the reason it gives for refusing the same aim with two weapons.
fn engine_rocket_aims(attacker: &UnitCard, hero: Option<&UnitCard>, line: u8) -> (Vec<String>, String) {
    let a = Arc::new(attacker.clone());
    let t = Arc::new(targets(5));
    let mut units = vec![placed(&a, Side::A, "C2")];
    if let Some(h) = hero {
        units.push(UnitSetup {
            joins: Some(0),
            ..placed(&Arc::new(h.clone()), Side::A, "C2")
        });
    }
    units.push(placed(&t, Side::B, "C5"));
    let target = format!("u{}", units.len() - 1);
    let mut setup = open_game(6, 8, units);
    setup.edition = dust_core::Edition::Battlefront;
    let mut table = Table::new(setup);
    table.initiative(Side::A);
    table.decide("activate u0");
    if hero.is_some() {
        table.decide("use separate no"); // the hero activates with the squad
    }
    table.decide("plan attack nothing");
    // The squad's lines before the hero's: every rifle at the targets.
    while let Some(Decision::Aim { line: l, .. }) = table.game.legal_decisions().first().copied() {
        if l == line {
            break;
        }
        table.decide(&format!("aim {l} {target} 0"));
    }
    let offered = table
        .game
        .legal_decisions()
        .iter()
        .map(ToString::to_string)
        .filter(|d| d.starts_with(&format!("aim {line} ")))
        .collect();
    let two: Decision = format!("aim {line} {target} 2").parse().expect("a decision");
    let why = table.game.apply(two).expect_err("two weapons refused").reason;
    (offered, why)
}

/// A hero's or a vehicle's limited-ammo line fires its one weapon: the engine offers the aim
/// with 1 only, whatever boxes are left (`Game::bf_ammo_weapons`), and refuses 2 with "at most
/// 1"; the odds refuse 2 likewise ([`OddsError::CountNotOffered`], the numbers offered: 1), and
/// with one weapon roll the card's two dice and agree with the engine (seeded games). The same
/// for the line of a hero joined to the attacking squad (`aim 32 …`, "Heroes, being heroic, can
/// use all of their weapons at the same time": each once). A squad's limited-ammo line fires
/// with its living carriers: two Panzerfausts of the Recon Grenadiers' two carriers, not three
/// ("Units with Multiple Weapons").
#[test]
fn limited_ammo_of_a_hero_or_a_vehicle_is_its_one_weapon() {
    let t = targets(5);
    let refused = |s: &AttackSpec<'_>| match odds(s) {
        Err(e @ OddsError::CountNotOffered { .. }) => e,
        other => panic!("two weapons of a hero's or vehicle's limited ammo: {other:?}"),
    };
    for (card, seed) in [(rocket_hero(), 801), (rocket_tank(), 802)] {
        let (offered, why) = engine_rocket_aims(&card, None, 0);
        assert_eq!(offered, ["aim 0 none", "aim 0 u1 1"], "{}", card.name);
        assert!(why.contains("at most 1"), "{why}");
        let mut s = AttackSpec::new(&card, &t).battlefront(None, None);
        s.lines[0].ammo = 2;
        let e = refused(&s);
        assert!(
            matches!(&e, OddsError::CountNotOffered { given: 2, offered, .. } if offered == &[1]),
            "{e:?}"
        );
        assert!(e.to_string().contains("at most 1") && e.to_string().contains("one weapon"), "{e}");
        s.lines[0].ammo = 1;
        let o = odds(&s).unwrap();
        assert_eq!(o.lines[0].dice, 2, "{}: one weapon", card.name);
        assert_dist(&o.loss, &capped_binomial(2, 2.0 / 9.0, 5), "army symbol, failed infantry save");
        agree(&s, seed);
    }
    // The attacking squad's joined hero: line 32.
    let r = riflemen();
    let h = rocket_hero();
    let (offered, why) = engine_rocket_aims(&r, Some(&h), HERO_LINE as u8);
    assert_eq!(offered, ["aim 32 none", "aim 32 u2 1"]);
    assert!(why.contains("at most 1"), "{why}");
    let mut s = AttackSpec::new(&r, &t)
        .battlefront(None, None)
        .with_attacking_hero(JoinedHero::new(&h))
        .with_lines(&[0, HERO_LINE]);
    s.lines[1].ammo = 2;
    let e = refused(&s);
    assert!(e.to_string().contains("Rockets may fire at Targets with at most 1, not 2"), "{e}");
    s.lines[1].ammo = 1;
    assert_eq!(odds(&s).unwrap().lines.iter().map(|l| l.dice).collect::<Vec<_>>(), [10, 2]);
    agree_attacker_hero(&s, 803);
    // A squad: as many as its living carriers.
    let stg = line("StG 47", R4, dice(1, 1), dice(1, 1));
    let pf = with_ammo(line("Panzerfaust", R4, dice(1, 1), dice(1, 3)), 1);
    let recon = squad("Recon", vec![stg, pf], &[0b11, 0b11, 0b01, 0b01, 0b01]);
    let mut s = AttackSpec::new(&recon, &t).battlefront(None, None);
    s.lines[1].ammo = 2;
    assert_eq!(
        odds(&s).unwrap().lines.iter().map(|l| l.dice).collect::<Vec<_>>(),
        [3, 2],
        "one box, two Panzerfausts"
    );
    s.lines[1].ammo = 3;
    let e = refused(&s);
    assert!(e.to_string().contains("living carriers"), "{e}");
    // The revised edition keeps its count: the boxes, one weapon per ammo spent.
    let tank = rocket_tank();
    let mut r = AttackSpec::new(&tank, &t);
    r.lines[0].ammo = 3;
    assert_eq!(odds(&r).unwrap().lines[0].dice, 6);
}

// ----- Spray lines of the attacking squad's hero (issue 10) ----------------------------------------
// tactics-battlefront-2013-rules.txt, "Spray Weapons" ("Spray weapons are Blast Weapons that
// attack all units, even friendly units, in squares between the attacking unit and the target
// unit"; "Units hit by Spray Weapons do not get an Infantry Save or a Cover Save"), "Soldiers with
// Several Weapons" ("Heroes, being heroic, can use all of their weapons at the same time"),
// "Joining Infantry Squads", "Blast Weapons" (one die per model in the unit).

/// A hero of the riflemen's armour with a flame projector: a spray of range 3, B1/1 against
/// soldiers (one die per model in the unit hit), 1/2 against vehicles.
fn flame_hero() -> (UnitCard, BattlefrontCard) {
    let (flamer, bf) = flamer();
    (soldier_hero("Flame Hero", 2, flamer.weapons), bf)
}

/// The riflemen's ten rifle dice (each hit kept with 1/3 × 2/3: the army symbol, a failed
/// infantry save) and then their hero's spray, one die per target left (1/3, no save), at five
/// targets in the open: by hand, k rifle casualties then Binomial(5 − k, 1/3). On the path, a
/// squad of three: the spray's three dice, no save, Binomial(3, 1/3); the rifles hit their
/// target only. Against the engine (`monte_carlo` stands the squad on the path and the hero with
/// the riflemen, aims line 32): the target's and the path's losses; then a squad of pioneers
/// whose own flame-thrower sprays the path with him, sustained, at a hero, a Damage Resilient
/// squad on the path.
#[test]
fn engine_spray_lines_of_an_attacking_hero() {
    let (fh, fbf) = flame_hero();
    let sprayer = || JoinedHero {
        bf: Some(&fbf),
        ..JoinedHero::new(&fh)
    };
    let r = riflemen();
    let t = targets(5);
    let v = targets(3);
    let s = AttackSpec::new(&r, &t)
        .battlefront(None, None)
        .with_attacking_hero(sprayer())
        .with_lines(&[0, HERO_LINE])
        .with_path_victim(PathVictim::new(&v));
    let o = odds(&s).unwrap();
    assert_eq!(
        o.lines.iter().map(|l| (l.line, l.dice)).collect::<Vec<_>>(),
        [(0, 10), (HERO_LINE, 5)]
    );
    let rifles = binomial(10, 2.0 / 9.0);
    let mut want = vec![0.0; 6];
    for (k, &pk) in rifles.iter().enumerate() {
        if k >= 5 {
            want[5] += pk;
            continue;
        }
        for (j, &pj) in binomial(5 - k as u32, 1.0 / 3.0).iter().enumerate() {
            want[k + j] += pk * pj;
        }
    }
    assert_dist(&o.loss, &want, "rifles, then the spray at the targets left");
    assert_eq!(o.victims[0].lines.len(), 1, "the rifles hit their target only");
    assert_eq!(o.victims[0].lines[0].line, HERO_LINE);
    assert_eq!(o.victims[0].lines[0].dice, 3, "one die per miniature on the path");
    assert_dist(&o.victims[0].loss, &binomial(3, 1.0 / 3.0), "the squad on the path: no save");
    agree_victims(&s, 811);
    // The pioneers' flame-thrower and his spray cross the same square; sustained, at a hero.
    let rifle = line("Rifle", R4, dice(1, 1), dice(1, 1));
    let flame = with_kw(line("Flame-thrower", R3, dice(1, 1), dice(1, 1)), |k| k.flame = true);
    let pioneers = squad("Pioneers", vec![rifle, flame], &[0b11, 0b10, 0b10]);
    let pbf = with_bf(2, |i, w| w.spray = i == 1);
    let target_hero = hero(3);
    let tough = with_skill(targets(3), Skill::DamageResilient);
    let mut s = AttackSpec::new(&pioneers, &target_hero)
        .battlefront(Some(&pbf), None)
        .with_attacking_hero(sprayer())
        .with_lines(&[0, 1, HERO_LINE])
        .with_path_victim(PathVictim::new(&tough));
    s.sustained = true;
    let o = odds(&s).unwrap();
    assert_eq!(
        o.victims[0].lines.iter().map(|l| (l.line, l.dice)).collect::<Vec<_>>(),
        [(1, 2), (HERO_LINE, 3)],
        "two soldiers spray (the third fires his rifle), and the hero"
    );
    agree_victims(&s, 812);
}

// ----- The numbers the engine offers with each line (issue 10) ------------------------------------
// tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons", "Support Weapons", "Vehicle
// Crews", "Limited-Ammo Weapons"; docs/rulings.md, "Battlefront soldiers with several weapons".

use dust_core::odds::LineChoice;

/// Declares `aims` (line, number), in card order, with the battlefront engine (`card` at C2, six
/// targets at C5), other lines left unused, and checks at each line that the numbers the engine
/// offers with its aim at the targets are [`AttackSpec::counts_offered`] for the lines declared
/// before it (none when the engine does not offer the line). An aim whose number the engine
/// refuses is left out, and the odds' refusal names the numbers offered.
fn counts_agree(card: &UnitCard, bf: Option<&BattlefrontCard>, aims: &[(usize, u8)]) {
    let a = Arc::new(card.clone());
    let tc = targets(6);
    let t = Arc::new(tc.clone());
    let mut setup = open_game(
        6,
        8,
        vec![
            UnitSetup {
                battlefront: bf.map(|b| Arc::new(b.clone())),
                ..placed(&a, Side::A, "C2")
            },
            placed(&t, Side::B, "C5"),
        ],
    );
    setup.edition = dust_core::Edition::Battlefront;
    let mut table = Table::new(setup);
    table.initiative(Side::A);
    table.decide("activate u0");
    table.decide("plan attack nothing");
    let mut spec = AttackSpec::new(card, &tc).battlefront(bf, None);
    spec.lines.clear();
    for &(line, n) in aims {
        while let Some(Decision::Aim { line: l, .. }) = table.game.legal_decisions().first().copied() {
            if usize::from(l) >= line {
                break;
            }
            table.decide(&format!("aim {l} none"));
        }
        let engine: Vec<u8> = table
            .game
            .legal_decisions()
            .iter()
            .filter_map(|d| match *d {
                Decision::Aim {
                    line: l,
                    target: Some(_),
                    ammo,
                } if usize::from(l) == line => Some(ammo),
                _ => None,
            })
            .collect();
        spec.lines.push(LineChoice { line, ammo: n });
        assert_eq!(
            spec.counts_offered(line),
            engine,
            "{}: line {line} after {:?}",
            card.name,
            spec.lines
        );
        if engine.contains(&n) {
            assert!(spec.check_count(line).is_ok());
            table.decide(&format!("aim {line} u1 {n}"));
        } else {
            let e = spec.check_count(line).expect_err("a number the engine refuses");
            assert!(
                matches!(&e, OddsError::CountNotOffered { offered, .. } if offered == &engine),
                "{e:?}"
            );
            spec.lines.pop();
        }
    }
}

/// [`AttackSpec::counts_offered`] against the engine's declaration: four soldiers with two rifles
/// each (a number on the first, none on the last); a limited-ammo line after a line with a
/// number, which may not take its soldiers (one Panzerfaust left free by three M1s, none by
/// four), and after one without, which may; the Recon
/// Grenadiers' shape, where the StG 47s' soldiers can fire nothing else ranged (no number); a
/// support weapon (one weapon, no number) and its crew's rifles; a vehicle's two crew lines (a
/// number on the first, up to the damage points left).
#[test]
fn the_numbers_offered_are_the_engines() {
    let m1 = line("M1", R4, dice(1, 1), dice(1, 1));
    let thompson = line("Thompson", R4, dice(2, 1), dice(1, 1));
    let pf = with_ammo(line("Panzerfaust", R4, dice(1, 1), dice(1, 3)), 3);
    let rangers = squad("Rangers", vec![m1.clone(), thompson.clone()], &[0b11; 4]);
    for aims in [[(0, 1), (1, 0)], [(0, 3), (1, 0)], [(0, 5), (1, 2)], [(0, 0), (1, 0)]] {
        counts_agree(&rangers, None, &aims);
    }
    let mixed = squad(
        "Mixed",
        vec![m1.clone(), thompson.clone(), pf.clone()],
        &[0b111, 0b111, 0b011, 0b001],
    );
    for aims in [
        [(0, 2), (1, 0), (2, 2)],
        [(0, 2), (1, 0), (2, 1)],
        [(0, 0), (1, 0), (2, 2)],
        [(0, 1), (1, 3), (2, 1)],
        [(0, 3), (1, 0), (2, 2)],
        [(0, 4), (1, 0), (2, 1)],
    ] {
        counts_agree(&mixed, None, &aims);
    }
    let stg = line("StG 47", R4, dice(1, 1), dice(1, 1));
    let mg = line("MG 48", R4, dice(3, 1), dice(1, 1));
    let recon = squad("Recon", vec![stg, mg, pf], &[0b101, 0b101, 0b001, 0b001, 0b010]);
    counts_agree(&recon, None, &[(0, 2), (1, 0), (2, 3)]);
    counts_agree(&recon, None, &[(0, 0), (1, 0), (2, 2)]);
    // A support weapon: the gun on the base (a mount) and the crew's rifles.
    let gun = line("Gun", R4, dice(3, 1), dice(1, 2));
    let team = squad("Team", vec![gun, m1.clone()], &[0b11, 0b10, 0b10]);
    let sbf = BattlefrontCard {
        kind: Some(dust_core::unit::BattlefrontKind::SupportWeapon),
        weapons: vec![
            BattlefrontWeapon {
                mount: Some(dust_core::unit::Mount::Front),
                ..BattlefrontWeapon::default()
            },
            BattlefrontWeapon::default(),
        ],
        ..BattlefrontCard::default()
    };
    counts_agree(&team, Some(&sbf), &[(0, 0), (1, 0)]);
    counts_agree(&team, Some(&sbf), &[(0, 1), (1, 0)]);
    // A vehicle's crew lines.
    let cannon = line("Cannon", R4, dice(2, 1), dice(2, 2));
    let ht = single("Half-Track", UnitKind::Vehicle, vehicle_armor(3), 3, vec![cannon, m1, thompson]);
    let crew = BattlefrontWeapon {
        crew: true,
        mount: Some(dust_core::unit::Mount::Pedestal),
        ..BattlefrontWeapon::default()
    };
    let hbf = BattlefrontCard {
        weapons: vec![
            BattlefrontWeapon {
                mount: Some(dust_core::unit::Mount::Turret),
                ..BattlefrontWeapon::default()
            },
            crew.clone(),
            crew,
        ],
        ..BattlefrontCard::default()
    };
    counts_agree(&ht, Some(&hbf), &[(1, 2), (2, 0)]);
    counts_agree(&ht, Some(&hbf), &[(1, 4), (2, 1)]);
}

/// tactics-battlefront-2013-rules.txt, "Automatic Kill Weapons": "the miniature that was hit
/// marks off all of the crosses on its damage track (if it has one) and is eliminated": a
/// support weapon of three crosses hit by an automatic kill loses all three ("7) Suffer Damage"
/// counts one cross a hit for other weapons); "Damage Resilient": "Each time an Infantry Squad
/// or Support Weapon with the Damage Resilient skill is assigned a hit that is not cancelled by a
/// save, roll a die … cancel the hit": one die for that hit. By hand and against the engine.
#[test]
fn automatic_kill_on_a_support_weapon() {
    let kill = BattlefrontValue::Kill { dice: 1 };
    let a = squad("Gunner", vec![soldier_line("Kill Gun", kill)], &[0b1]);
    let abf = with_bf(1, |_, w| w.values = against_soldiers(kill));
    let team_bf = BattlefrontCard {
        kind: Some(dust_core::unit::BattlefrontKind::SupportWeapon),
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    };
    let t = targets(3);
    let s = AttackSpec::new(&a, &t).battlefront(Some(&abf), Some(&team_bf));
    // One die hits on the army symbol (1/3); the infantry save fails 2/3 of the time.
    let q = 2.0 / 9.0;
    assert_dist(&odds(&s).unwrap().loss, &[1.0 - q, 0.0, 0.0, q], "all three crosses");
    agree(&s, 141);
    // Damage Resilient: one die (1/3) cancels the whole hit.
    let t = with_skill(targets(3), Skill::DamageResilient);
    let s = AttackSpec::new(&a, &t).battlefront(Some(&abf), Some(&team_bf));
    let q = 2.0 / 9.0 * 2.0 / 3.0;
    assert_dist(&odds(&s).unwrap().loss, &[1.0 - q, 0.0, 0.0, q], "Damage Resilient, one die");
    agree(&s, 142);
    // A squad (no damage track) loses the one soldier hit.
    let t = targets(3);
    let s = AttackSpec::new(&a, &t).battlefront(Some(&abf), None);
    assert_dist(&odds(&s).unwrap().loss, &[1.0 - 2.0 / 9.0, 2.0 / 9.0], "a squad");
}
