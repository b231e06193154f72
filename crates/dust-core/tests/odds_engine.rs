//! Issue 5: the exact odds agree with the engine's own resolution (seeded Monte Carlo through
//! the public `Game` API) for every mechanic the engine plays.
//!
//! Tolerance (`odds_support::agree`): the mean of the target's loss within 4 standard errors, and
//! the total variation distance below 4 times its expected size for the sample. The default
//! sample keeps the suite fast in debug builds; `DUST_ODDS_SAMPLES=200000 cargo test --release
//! --test odds_engine` runs the heavy version.

mod odds_support;

use dust_core::odds::{odds, AttackSpec, Distribution, LineChoice};
use dust_core::unit::{CombatValue, Role, Skill};
use dust_core::{CoverLevel, WeaponRange};
use odds_support::agree::{agree_attacker_hero, close, close_in_variation, exact_and_engine, flat};
use odds_support::*;

fn agree(spec: &AttackSpec<'_>, seed: u64) {
    let (exact, mc, nf) = exact_and_engine(spec, seed);
    if exact.close_combat {
        close(&exact.attacker_loss, &mc.attacker_loss, nf, "attacker loss");
        close_in_variation(&flat(&exact.joint), &flat(&mc.joint), nf, "joint");
    }
    assert!((exact.loss.total() - 1.0).abs() < 1e-9);
    assert!(exact.truncation_error < 1e-12);
}

fn rifles() -> dust_core::UnitCard {
    // 3 rifles (2/1) and a bazooka (1/2 against soldiers, 1/3 against vehicles).
    squad(
        "Rifles",
        vec![
            line("Rifle", R4, dice(2, 1), dice(1, 1)),
            line("Bazooka", WeaponRange::Spaces { min: 1, max: 3 }, dice(1, 2), dice(1, 3)),
            knife(),
        ],
        &[0b101, 0b101, 0b101, 0b110],
    )
}

#[test]
fn dice_per_miniature_and_damage_per_hit() {
    let a = rifles();
    let t = targets(5);
    agree(&AttackSpec::new(&a, &t).with_lines(&[0, 1]), 1);
    // Two miniatures left: the first two of the card (rifles), so no bazooka dice.
    agree(&AttackSpec::new(&a, &t).with_lines(&[0, 1]).with_attacker_alive(2), 2);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0]);
    s.target_alive = 2;
    agree(&s, 3);
}

#[test]
fn sustained_attack() {
    let a = rifles();
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0, 1]);
    s.sustained = true;
    agree(&s, 4);
}

#[test]
fn berserk_after_sustained() {
    let a = rifles();
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0, 1]);
    s.sustained = true;
    s.berserk = true;
    agree(&s, 5);
    s.sustained = false;
    agree(&s, 6);
}

#[test]
fn spotter_reverses_the_dice() {
    let a = with_role(rifles(), 3, Role::Spotter);
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0]);
    assert!(s.spotter, "the spotter is alive");
    s.sustained = true;
    agree(&s, 7);
    // With only the first three alive, the spotter (fourth) is gone.
    let s = AttackSpec::new(&a, &t).with_lines(&[0]).with_attacker_alive(3);
    assert!(!s.spotter);
    agree(&s, 8);
}

#[test]
fn all_in_one_doubles_every_line() {
    let a = rifles();
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0, 1]);
    s.all_in_one = true;
    agree(&s, 9);
}

#[test]
fn burst_against_a_target_that_did_not_move() {
    let a = squad(
        "Gunners",
        vec![with_kw(line("Burst MG", R4, dice(1, 1), dice(1, 1)), |k| k.burst = true)],
        &[1, 1, 1],
    );
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t);
    s.burst = true;
    let o = odds(&s).unwrap();
    assert_eq!(o.lines[0].dice, 6);
    agree(&s, 10);
}

#[test]
fn laser_chain_with_sustained_attack_in_hard_cover() {
    let a = squad(
        "Lasers",
        vec![with_kw(line("Laser", R4, dice(1, 1), dice(1, 3)), |k| k.laser = true)],
        &[1, 1, 1],
    );
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t);
    s.sustained = true;
    agree(&s, 11);
    s.cover = CoverLevel::Hard;
    agree(&s, 12);
    // Against a vehicle: 3 damage per hit.
    let v = walker(3);
    let mut s = AttackSpec::new(&a, &v);
    s.sustained = true;
    agree(&s, 13);
}

#[test]
fn phaser_two_stage_roll_ignores_cover() {
    let a = single(
        "Phaser Walker",
        dust_core::UnitKind::Vehicle,
        vehicle_armor(3),
        3,
        vec![line(
            "Phaser",
            R4,
            CombatValue::Phaser { aim: 2, power: 3 },
            CombatValue::Phaser { aim: 1, power: 2 },
        )],
    );
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t);
    s.sustained = true;
    s.cover = CoverLevel::Hard;
    let o = odds(&s).unwrap();
    assert!(o.lines[0].ignores_cover);
    agree(&s, 14);
}

#[test]
fn volley_and_limited_ammo_by_ammo_spent() {
    let volley = with_ammo(
        line(
            "Rockets",
            WeaponRange::Spaces { min: 2, max: 6 },
            CombatValue::Volley {
                dice: [2, 4, 6, 0],
                damage: 1,
            },
            CombatValue::Volley {
                dice: [2, 4, 6, 0],
                damage: 2,
            },
        ),
        3,
    );
    let fausts = with_ammo(
        line("Panzerfaust", WeaponRange::Spaces { min: 1, max: 2 }, dice(1, 1), dice(1, 3)),
        3,
    );
    // Four miniatures: the launcher counts as one limited-ammo weapon, the Panzerfausts one each.
    let a = squad("Rocketeers", vec![volley, fausts], &[0, 0, 0, 0]);
    let t = targets(5);
    let v = walker(4);
    for (ammo, seed) in [(1u8, 15u64), (2, 16), (3, 17)] {
        let mut s = AttackSpec::new(&a, &t);
        s.lines = vec![LineChoice { line: 0, ammo }, LineChoice { line: 1, ammo }];
        agree(&s, seed);
        let mut s = AttackSpec::new(&a, &v);
        s.lines = vec![LineChoice { line: 0, ammo }, LineChoice { line: 1, ammo }];
        agree(&s, seed + 100);
    }
}

#[test]
fn incendiary_dice_follow_the_casualties_of_earlier_lines() {
    let flame = with_kw(line("Flamethrower", R1, CombatValue::Incendiary { dice: 1 }, dice(1, 4)), |k| {
        k.flame = true
    });
    let a = squad(
        "Burners",
        vec![line("Shotgun", R1, dice(3, 1), CombatValue::NoEffect), flame],
        &[1, 1, 2],
    );
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t);
    s.cover = CoverLevel::Soft;
    let o = odds(&s).unwrap();
    assert_eq!(o.lines[1].dice, 5, "one die per targeted miniature");
    assert!(o.lines[1].ignores_cover);
    agree(&s, 18);
    s.sustained = true;
    agree(&s, 19);
}

#[test]
fn lines_in_the_order_given_against_the_engine_on_a_rearranged_card() {
    // The revised engine fires the lines in the order the player chooses (tactics-revised-faq.md,
    // "How can a unit split fire": "the player chooses the order in which weapon lines fire"):
    // the flamethrower first is played as given, and its odds are those of a card that lists
    // it first.
    let flame = with_kw(line("Flamethrower", R1, CombatValue::Incendiary { dice: 1 }, dice(1, 4)), |k| {
        k.flame = true
    });
    let a = squad(
        "Burners",
        vec![line("Shotgun", R1, dice(3, 1), CombatValue::NoEffect), flame],
        &[1, 1, 2],
    );
    let t = targets(5);
    let mut given = AttackSpec::new(&a, &t).with_lines(&[1, 0]);
    given.cover = CoverLevel::Soft;
    agree(&given, 35);
    let p = permuted(&a, &[1, 0]);
    let mut s = AttackSpec::new(&p, &t);
    s.cover = CoverLevel::Soft;
    let (o, o2) = (odds(&given).unwrap(), odds(&s).unwrap());
    assert!(o.loss.total_variation(&o2.loss) < 1e-14);
    assert_eq!(o2.lines[0].dice, 5, "the flamethrower targets all five miniatures");
    agree(&s, 36);
}

#[test]
fn ap_incendiary_eliminates_a_vehicle() {
    let werfer = line(
        "Werfer",
        WeaponRange::Spaces { min: 1, max: 2 },
        dice(1, 1),
        CombatValue::ApIncendiary { dice: 1 },
    );
    let a = squad("Tank Hunters", vec![werfer, line("MG", R4, dice(1, 1), dice(1, 1))], &[1, 1, 2]);
    let v = walker(3);
    let s = AttackSpec::new(&a, &v);
    agree(&s, 20);
    let o = odds(&s).unwrap();
    // Two dice: destroyed unless both miss, or by the MG's damage.
    assert!(o.destroyed > 1.0 - (2.0f64 / 3.0).powi(2) - 1e-12);
}

#[test]
fn cover_saves_and_weapons_that_ignore_cover() {
    let ugl = with_kw(line("UGL", R4, dice(1, 1), CombatValue::NoEffect), |k| k.ugl = true);
    let art = line("Mortar", WeaponRange::Artillery, dice(2, 1), dice(1, 1));
    let a = squad(
        "Mixed",
        vec![line("Rifle", R4, dice(2, 1), dice(1, 1)), ugl, art],
        &[0b011, 0b011, 0b100],
    );
    let t = targets(5);
    for (cover, seed) in [(CoverLevel::Soft, 21), (CoverLevel::Hard, 22)] {
        let mut s = AttackSpec::new(&a, &t).with_lines(&[0, 1]);
        s.cover = cover;
        agree(&s, seed);
    }
    // Artillery alone (range A, at 4 spaces) ignores hard cover.
    let mut s = AttackSpec::new(&a, &t).with_lines(&[2]);
    s.cover = CoverLevel::Hard;
    assert!(odds(&s).unwrap().lines[0].ignores_cover);
    agree(&s, 23);
    // A squad whose card has no soft-cover save.
    let mut bare = targets(4);
    bare.soft_cover = None;
    let mut s = AttackSpec::new(&a, &bare).with_lines(&[0]);
    s.cover = CoverLevel::Soft;
    agree(&s, 24);
}

#[test]
fn damage_resilient_ignores_damage_points() {
    let a = squad("Heavies", vec![line("Cannon", R4, dice(2, 2), dice(1, 1))], &[1, 1]);
    let h = with_skill(hero(4), Skill::DamageResilient);
    let s = AttackSpec::new(&a, &h);
    assert!(s.damage_resilient);
    agree(&s, 25);
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t);
    s.damage_resilient = true;
    s.cover = CoverLevel::Soft;
    agree(&s, 26);
}

#[test]
fn heroic_attack_causes_no_damage() {
    let a = rifles();
    let h = hero(4);
    let mut s = AttackSpec::new(&a, &h).with_lines(&[0, 1]);
    s.heroic_attack = true;
    let o = odds(&s).unwrap();
    assert_eq!(o.loss.probs()[0], 1.0);
    assert!(o.lines[0].hits.mean() > 0.0);
    agree(&s, 27);
}

#[test]
fn close_combat_exchange_with_retaliation() {
    let a = rifles();
    let t = targets(5);
    // Rifle (range 4) first, then the knives: the survivors retaliate simultaneously.
    let s = AttackSpec::new(&a, &t).with_lines(&[0, 2]);
    let o = odds(&s).unwrap();
    assert!(o.close_combat);
    assert!(o.attacker_loss.mean() > 0.0);
    agree(&s, 28);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[2]);
    s.sustained = true;
    agree(&s, 29);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0, 2]);
    s.retaliate = false;
    let o = odds(&s).unwrap();
    assert_eq!(o.attacker_loss.probs()[0], 1.0);
    agree(&s, 30);
    // A hero with two close-combat lines against a squad, which retaliates.
    let brawler = single(
        "Brawler",
        dust_core::UnitKind::Hero,
        soldier_armor(3),
        4,
        vec![
            line("Punch (left)", WeaponRange::Close, dice(3, 1), dice(1, 1)),
            line("Punch (right)", WeaponRange::Close, dice(3, 1), dice(1, 1)),
        ],
    );
    let s = AttackSpec::new(&brawler, &t);
    agree(&s, 31);
}

#[test]
fn a_full_activation() {
    // The benchmark's scenario: three lines, one a laser, sustained, against a squad in hard cover.
    let (a, t) = full_activation_cards();
    let mut s = AttackSpec::new(&a, &t);
    s.sustained = true;
    s.cover = CoverLevel::Hard;
    agree(&s, 32);
    // Pinned in benches/odds.rs.
    let o = odds(&s).unwrap();
    assert!((o.loss.mean() - 2.107_414_149_448_734).abs() < 1e-12, "{}", o.loss.mean());
}

fn full_activation_cards() -> (dust_core::UnitCard, dust_core::UnitCard) {
    let laser = with_kw(line("Laser Rifle", R4, dice(1, 1), dice(1, 2)), |k| k.laser = true);
    let mg = line("MG", R4, dice(3, 1), dice(1, 1));
    let faust = with_ammo(
        line("Panzerfaust", WeaponRange::Spaces { min: 1, max: 2 }, dice(1, 1), dice(1, 3)),
        3,
    );
    (squad("Laser Squad", vec![laser, mg, faust], &[1, 1, 1, 2, 2]), targets(5))
}

#[test]
fn medal_of_honor_rerolls_one_failed_die() {
    let a = single(
        "Medal Hero",
        dust_core::UnitKind::Hero,
        soldier_armor(2),
        4,
        vec![
            line("Pistol", R4, dice(2, 1), dice(1, 1)),
            with_kw(line("Laser Pistol", R4, dice(2, 1), dice(1, 1)), |k| k.laser = true),
            line("Knife", WeaponRange::Close, dice(1, 1), dice(1, 1)),
        ],
    );
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).with_lines(&[0, 1]);
    s.medal_of_honor = true;
    agree(&s, 33);
    s.sustained = true;
    agree(&s, 34);
    // Close combat too: the medal may go to the knife when the ranged lines hit with every die.
    let mut s = AttackSpec::new(&a, &t);
    s.medal_of_honor = true;
    agree(&s, 35);
}

/// tactics-revised-core-rules.md, "Heroic Attack" and "AP Incendiary Blast (X/☠)": under Heroic
/// Attack no attack causes damage this round, not even AP Incendiary's elimination
/// (docs/rulings.md, "Heroic Attack against AP Incendiary"); the engine and the odds agree.
#[test]
fn heroic_attack_stops_ap_incendiary() {
    let werfer = line(
        "Werfer",
        WeaponRange::Spaces { min: 1, max: 2 },
        CombatValue::ApIncendiary { dice: 1 },
        dice(1, 1),
    );
    let a = squad("Hero Hunters", vec![werfer], &[1, 1, 1]);
    let h = hero(4);
    let mut s = AttackSpec::new(&a, &h);
    s.heroic_attack = true;
    let o = odds(&s).unwrap();
    assert_eq!(o.loss.probs()[0], 1.0);
    assert_eq!(o.destroyed, 0.0);
    agree(&s, 41);
    s.heroic_attack = false;
    assert!(odds(&s).unwrap().destroyed > 0.5);
    agree(&s, 42);
}

// ----- a hero joined to the attacking squad (issue 10) -------------------------------------------
//
// tactics-revised-core-rules.md, "Heroes": "The hero and the squad activate at the same time. The
// hero's weapons are used during the same time as his squad … The hero shares his health points
// with the squad. When the combined unit suffers one damage point, the owning player must choose
// who loses one health point. He can either remove one of the squad's miniatures or he can mark a
// cross on the hero's unit card." The odds take the owner's choice as `JoinedHero::takes` says
// (default: the miniatures first), line after line as the engine applies the retaliation's damage.

use dust_core::odds::{HeroHits, JoinedHero, HERO_LINE};

/// The Berserk example's attack (tactics-revised-core-rules.md, "Berserk": "Sigrid has joined a
/// Laser Grenadiers unit … they perform a SUSTAINED ATTACK, combined with Sigrid's Berserk skill,
/// against the Hell Boys who are two spaces away … The Axis player rolls eight total dice (three
/// for Sigrid's Laser-Pistole-B and one for each Laser Gewehr and Laser Werfer)"), with
/// illustrative cards of those numbers.
fn laser_grenadiers_and_sigrid() -> (dust_core::UnitCard, dust_core::UnitCard) {
    let gewehr = with_kw(line("Laser Gewehr", R4, dice(1, 1), dice(1, 1)), |k| k.laser = true);
    let werfer = with_kw(line("Laser Werfer", R4, dice(1, 1), dice(1, 3)), |k| k.laser = true);
    let squad = squad(
        "Laser Grenadiers",
        vec![gewehr, werfer, knife()],
        &[0b101, 0b101, 0b101, 0b101, 0b110],
    );
    let pistole = with_kw(
        line("Laser-Pistole-B", WeaponRange::Spaces { min: 1, max: 3 }, dice(3, 1), dice(1, 1)),
        |k| k.laser = true,
    );
    let sigrid = with_skill(
        soldier_hero(
            "Sigrid",
            3,
            vec![pistole, line("Knife", WeaponRange::Close, dice(2, 1), dice(1, 1))],
        ),
        Skill::Berserk,
    );
    (squad, sigrid)
}

/// tactics-revised-core-rules.md, "Berserk" and "Heroes": by hand, the Berserk example: eight dice,
/// each a hit after the sustained and Berserk rerolls with 1 − (2/3)³ = 19/27, each hit then a
/// laser chain (one more hit with 1/3 each time). One die adds 0 with 8/27 and k ≥ 1 with 19/27 ·
/// (1/3)^(k−1) · 2/3; the Hell Boys (five miniatures) lose the sum of the eight, capped at 5.
/// Sigrid's line (number `HERO_LINE`) rolls her three dice; the squad's lines one die per carrier.
/// The engine agrees.
#[test]
fn a_joined_hero_fires_with_his_squad_by_hand() {
    let (a, sigrid) = laser_grenadiers_and_sigrid();
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t)
        .with_lines(&[0, 1])
        .with_attacking_hero(JoinedHero::new(&sigrid));
    s.sustained = true;
    s.berserk = true;
    assert_eq!(
        s.lines.iter().map(|c| c.line).collect::<Vec<_>>(),
        [0, 1, HERO_LINE, HERO_LINE + 1],
        "her lines that can damage the target join the chosen lines"
    );
    let s = s.with_lines(&[0, 1, HERO_LINE]);
    let o = odds(&s).unwrap();
    assert_eq!(o.lines.iter().map(|l| l.dice).sum::<u32>(), 8, "eight total dice");
    assert_eq!(
        (o.lines[2].line, o.lines[2].name.as_str(), o.lines[2].dice),
        (HERO_LINE, "Laser-Pistole-B", 3)
    );
    let q = 19.0 / 27.0;
    let mut die = vec![1.0 - q];
    for k in 1..80 {
        die.push(q * (1.0f64 / 3.0).powi(k - 1) * 2.0 / 3.0);
    }
    let mut total = vec![1.0];
    for _ in 0..8 {
        total = Distribution::from_probs(total)
            .convolve(&Distribution::from_probs(die.clone()))
            .probs()
            .to_vec();
    }
    let want = Distribution::from_probs(total).capped(5);
    for k in 0..=5 {
        assert!((o.loss.p(k) - want.p(k)).abs() < 1e-12, "P({k}): {} vs {}", o.loss.p(k), want.p(k));
    }
    assert!((o.loss.total() - 1.0).abs() < 1e-12);
    assert!(o.notes.iter().any(|n| n.contains("Sigrid")), "{:?}", o.notes);
    // Ranged lines only: nothing comes back, the hero loses nothing.
    let h = o.attacker_hero.as_ref().expect("his odds");
    assert_eq!(h.loss.probs(), [1.0, 0.0, 0.0, 0.0]);
    agree_attacker_hero(&s, 51);
    // In hard cover, without Berserk, three of the squad left (her dice still three).
    let mut s = s.with_attacker_alive(3);
    s.sustained = true;
    s.cover = CoverLevel::Hard;
    assert_eq!(odds(&s).unwrap().lines.iter().map(|l| l.dice).collect::<Vec<_>>(), [3, 0, 3]);
    agree_attacker_hero(&s, 52);
}

/// tactics-revised-core-rules.md, "Heroes" ("the owning player must choose who loses one health
/// point") and "Close-Combat Weapons": knives both ways, a retaliation in two lines: the Guards
/// (two miniatures, each with a knife and a bayonet, one die each) strike back at one soldier and
/// his hero of three health. The miniatures first: the knife's k₁ ~ Binomial(2, 1/3) points kill
/// the soldier if k₁ ≥ 1, the points left going to the hero; the bayonet's points then find the
/// squad destroyed and are lost (the engine drops damage on a destroyed unit), else they do the
/// same. The hero first: the points add up on him (at most his three), then the soldier.
#[test]
fn the_retaliation_on_a_squad_and_its_hero_by_hand() {
    let a = squad("Soldier", vec![knife()], &[1]);
    let (_, sigrid) = laser_grenadiers_and_sigrid();
    let guards = squad(
        "Guards",
        vec![knife(), line("Bayonet", WeaponRange::Close, dice(1, 1), dice(1, 1))],
        &[0b11, 0b11],
    );
    // The soldier's knife and hers (her Laser-Pistole-B would fire first and thin the Guards).
    let s = AttackSpec::new(&a, &guards)
        .with_attacking_hero(JoinedHero::new(&sigrid))
        .with_lines(&[0, HERO_LINE + 1]);
    let o = odds(&s).unwrap();
    let k = binomial2();
    let h = o.attacker_hero.as_ref().unwrap();
    // The soldier dies unless both lines miss.
    assert!((o.attacker_loss.p(0) - k[0] * k[0]).abs() < 1e-12);
    // The hero: k₁ − 1 from the knife, or with k₁ = 0 the bayonet's k₂ − 1.
    let want = [k[1] + k[0] * (k[0] + k[1]), k[2] + k[0] * k[2], 0.0, 0.0];
    for (j, w) in want.iter().enumerate() {
        assert!((h.loss.p(j) - w).abs() < 1e-12, "hero loses {j}: {} vs {w}", h.loss.p(j));
    }
    assert!(o.notes.iter().any(|n| n.contains("miniatures first")), "{:?}", o.notes);
    agree_attacker_hero(&s, 53);
    // The hero first: he loses min(k₁ + k₂, 3), the soldier only beyond that (k₁ + k₂ = 4).
    let first = AttackSpec::new(&a, &guards)
        .with_attacking_hero(joined(&sigrid, HeroHits::First))
        .with_lines(&[0, HERO_LINE + 1]);
    let o = odds(&first).unwrap();
    let four = [16.0, 32.0, 24.0, 8.0, 1.0].map(|x| x / 81.0);
    let h = o.attacker_hero.as_ref().unwrap();
    for (j, w) in [four[0], four[1], four[2], four[3] + four[4]].iter().enumerate() {
        assert!((h.loss.p(j) - w).abs() < 1e-12, "hero first, loses {j}");
    }
    assert!((o.attacker_loss.p(1) - four[4]).abs() < 1e-12);
    agree_attacker_hero(&first, 54);
}

/// Binomial(2, 1/3).
fn binomial2() -> [f64; 3] {
    [4.0 / 9.0, 4.0 / 9.0, 1.0 / 9.0]
}

/// tactics-revised-core-rules.md, "Heroes", "Close-Combat Weapons", "Damage Resilient", "Medal of
/// Honor": the engine's close combat of a squad with its joined hero: his knife with the squad's,
/// the retaliation's damage points shared as the owner chooses (both orders), the squad's Damage
/// Resilient rolled with each retaliation line (the hero's is not shared, "Damage Resilient"), a
/// retaliation of two damage a hit, a sustained attack; Medal of Honor on the hero's lines only ("A
/// hero with this skill does not share it with any squad he joins").
#[test]
fn engine_attacking_squad_with_a_joined_hero() {
    let (a, sigrid) = laser_grenadiers_and_sigrid();
    let t = targets(4);
    // Every line: the lasers and her pistol, then the knives (the soldier left, her two dice)
    // and the Targets' survivors' knives; the hits beyond the one soldier go to her.
    let t5 = targets(5);
    let s = AttackSpec::new(&a, &t5)
        .with_attacking_hero(JoinedHero::new(&sigrid))
        .with_attacker_alive(1);
    assert!(s.lines.iter().any(|c| c.line == HERO_LINE + 1));
    let o = odds(&s).unwrap();
    assert!(o.attacker_hero.unwrap().loss.mean() > 0.1, "{:?}", o.attacker_loss);
    agree_attacker_hero(&s, 55);
    let mut s2 = s.clone().with_lines(&[2, HERO_LINE + 1]).with_attacker_alive(2);
    s2.attacking_hero = Some(JoinedHero {
        takes: HeroHits::First,
        health: 2,
        ..JoinedHero::new(&sigrid)
    });
    s2.sustained = true;
    agree_attacker_hero(&s2, 56);
    // Damage Resilient squad; the defenders' axes do two damage a hit.
    let tough = with_skill(a.clone(), Skill::DamageResilient);
    let axes = squad("Axemen", vec![line("Axe", WeaponRange::Close, dice(1, 2), dice(1, 1))], &[1, 1, 1]);
    for (takes, seed) in [(HeroHits::Last, 57), (HeroHits::First, 58)] {
        let s = AttackSpec::new(&tough, &axes)
            .with_lines(&[2])
            .with_attacking_hero(joined(&sigrid, takes))
            .with_attacker_alive(3);
        agree_attacker_hero(&s, seed);
    }
    // Medal of Honor: hers, on her lines only.
    let medal = with_skill(sigrid.clone(), Skill::MedalOfHonor);
    let mut s = AttackSpec::new(&a, &t)
        .with_lines(&[0])
        .with_attacking_hero(JoinedHero::new(&medal))
        .with_lines(&[0, HERO_LINE, 2, HERO_LINE + 1]);
    s.medal_of_honor = true;
    let o = odds(&s).unwrap();
    assert!(o.notes.iter().any(|n| n.contains("joined hero's lines")), "{:?}", o.notes);
    agree_attacker_hero(&s, 59);
    // Without the hero, the same squad's odds as before.
    let alone = AttackSpec::new(&a, &t).with_lines(&[0, 2]);
    let o = odds(&alone).unwrap();
    assert!(o.attacker_hero.is_none());
    agree(&alone, 60);
}

/// tactics-revised-core-rules.md, "Heroes" ("a hero can join a squad as long as the hero shares the
/// squad's armor class"), "Jump" ("A hero with this skill can only join a squad that also has this
/// skill"): what the odds refuse of a hero joined to the attacker: a unit that is not a hero, an
/// attacker that is not a squad, another armour, Jump on one only, his health out of range.
#[test]
fn an_attacking_hero_who_may_not_join() {
    let (a, sigrid) = laser_grenadiers_and_sigrid();
    let t = targets(4);
    let bad = |s: AttackSpec<'_>, want: &str| {
        let e = odds(&s).unwrap_err();
        assert!(e.to_string().contains(want), "{e} (wanted {want:?})");
    };
    let other = hero(3); // soldier 3
    bad(AttackSpec::new(&a, &t).with_attacking_hero(JoinedHero::new(&other)), "own armour");
    bad(AttackSpec::new(&a, &t).with_attacking_hero(JoinedHero::new(&t)), "not a hero");
    let w = walker(3);
    bad(
        AttackSpec::new(&w, &t).with_attacking_hero(JoinedHero::new(&sigrid)),
        "not an infantry squad",
    );
    let jumper = with_skill(sigrid.clone(), Skill::Jump);
    bad(AttackSpec::new(&a, &t).with_attacking_hero(JoinedHero::new(&jumper)), "Jump");
    let e = odds(&AttackSpec::new(&a, &t).with_attacking_hero(JoinedHero {
        health: 4,
        ..JoinedHero::new(&sigrid)
    }))
    .unwrap_err();
    assert!(matches!(e, dust_core::odds::OddsError::AliveOutOfRange { .. }), "{e}");
    // A line number past his card.
    let e = odds(
        &AttackSpec::new(&a, &t)
            .with_attacking_hero(JoinedHero::new(&sigrid))
            .with_lines(&[HERO_LINE + 5]),
    )
    .unwrap_err();
    assert!(e.to_string().contains("Laser-Pistole-B (Sigrid, line 32)"), "{e}");
}

/// Medal of Honor with a joined hero (tactics-revised-core-rules.md, "Medal of Honor": "A hero with
/// this skill does not share it with any squad he joins"): the reroll goes to a failed die of his
/// lines only. One rifle die of the squad (1/3) and one pistol die of his, rerolled once if it
/// fails (1/3 + 2/3 · 1/3 = 5/9): the target loses the sum, the squad's die never rerolled though
/// it comes first.
#[test]
fn medal_of_honor_of_the_joined_hero_by_hand() {
    let a = squad("Rifleman", vec![line("Rifle", R4, dice(1, 1), dice(1, 1))], &[1]);
    let medal = with_skill(
        soldier_hero("Medal Hero", 2, vec![line("Pistol", R4, dice(1, 1), dice(1, 1))]),
        Skill::MedalOfHonor,
    );
    let t = targets(5);
    let mut s = AttackSpec::new(&a, &t).with_attacking_hero(JoinedHero::new(&medal));
    s.medal_of_honor = true;
    let o = odds(&s).unwrap();
    let (p, q) = (1.0 / 3.0, 5.0 / 9.0);
    let want = [(1.0 - p) * (1.0 - q), p * (1.0 - q) + (1.0 - p) * q, p * q];
    for (k, w) in want.iter().enumerate() {
        assert!((o.loss.p(k) - w).abs() < 1e-12, "P({k}) = {} vs {w}", o.loss.p(k));
    }
    agree_attacker_hero(&s, 61);
}
