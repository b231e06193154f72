//! Issue 5 properties of the exact odds on random attacks: every distribution sums to 1, and more
//! dice never lower the mean.

mod odds_support;

use dust_core::odds::{activation_loss, odds, AttackSpec};
use dust_core::unit::{Armor, ArmorType, CombatValue, UnitKind, WeaponLine};
use dust_core::{CoverLevel, WeaponRange};
use odds_support::*;
use proptest::prelude::*;

fn value() -> impl Strategy<Value = CombatValue> {
    prop_oneof![
        Just(CombatValue::NoEffect),
        (1u8..4, 1u8..3).prop_map(|(d, x)| dice(d, x)),
        (1u8..3, 1u8..3).prop_map(|(aim, power)| CombatValue::Phaser { aim, power }),
        (1u8..3).prop_map(|d| CombatValue::Incendiary { dice: d }),
        (1u8..2).prop_map(|d| CombatValue::ApIncendiary { dice: d }),
    ]
}

fn weapon() -> impl Strategy<Value = WeaponLine> {
    (value(), value(), any::<[bool; 4]>(), 0u8..3).prop_map(|(s, v, kw, r)| {
        let range = match r {
            0 => WeaponRange::Close,
            1 => R1,
            _ => R4,
        };
        with_kw(line("W", range, s, v), |k| {
            k.laser = kw[0];
            k.burst = kw[1];
            k.flame = kw[2];
            k.ugl = kw[3];
        })
    })
}

fn target(kind: u8, n: u8) -> dust_core::UnitCard {
    match kind {
        0 => targets(n),
        1 => hero(n),
        _ => walker(n),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn distributions_sum_to_one(
        weapons in prop::collection::vec(weapon(), 1..4),
        carry in prop::collection::vec(0u32..8, 1..5),
        alive in 1u8..5,
        tkind in 0u8..3,
        tn in 1u8..5,
        flags in any::<[bool; 10]>(),
        cover in 0u8..3,
    ) {
        let a = squad("A", weapons, &carry);
        let t = target(tkind, tn);
        let mut s = AttackSpec::new(&a, &t).with_attacker_alive(alive.min(a.health));
        s.lines = (0..a.weapons.len()).map(|i| dust_core::odds::LineChoice { line: i, ammo: 0 }).collect();
        s.sustained = flags[0];
        s.berserk = flags[1];
        s.all_in_one = flags[2];
        s.medal_of_honor = flags[3];
        s.spotter = flags[4];
        s.heroic_attack = flags[5];
        s.damage_resilient = flags[6];
        s.burst = flags[7];
        s.retaliate = flags[8];
        s.attacker_moved = flags[9];
        s.cover = [CoverLevel::None, CoverLevel::Soft, CoverLevel::Hard][usize::from(cover)];
        let o = odds(&s).unwrap();
        let one = |d: &dust_core::odds::Distribution| (d.total() - 1.0).abs() < 1e-9 && d.probs().iter().all(|&p| p >= -1e-15);
        prop_assert!(one(&o.loss), "{:?}", o.loss);
        prop_assert!(one(&o.attacker_loss));
        prop_assert_eq!(o.loss.max(), usize::from(tn));
        let joint: f64 = o.joint.iter().flatten().sum();
        prop_assert!((joint - 1.0).abs() < 1e-9);
        prop_assert!((0.0..=1.0 + 1e-12).contains(&o.destroyed));
        prop_assert!(o.truncation_error < 1e-12);
        for l in &o.lines {
            prop_assert!(one(&l.hits) && one(&l.after_cover) && one(&l.damage) && one(&l.loss), "{}", l.name);
            prop_assert!(l.after_cover.mean() <= l.hits.mean() + 1e-9);
        }
        if s.heroic_attack {
            prop_assert!(o.loss.p(0) > 1.0 - 1e-12);
        }
        let cheap = activation_loss(&s).unwrap();
        prop_assert!(cheap.total_variation(&o.loss) < 1e-12);
    }

    #[test]
    fn more_dice_never_lower_the_mean(
        d in 1u8..6,
        dmg in 1u8..3,
        n in 1u8..5,
        tkind in 0u8..3,
        tn in 1u8..6,
        flags in any::<[bool; 5]>(),
    ) {
        let t = target(tkind, tn);
        let mut means = Vec::new();
        for extra in 0..2u8 {
            let w = with_kw(line("Gun", R4, dice(d + extra, dmg), dice(d + extra, dmg)), |k| k.laser = flags[0]);
            let a = squad("A", vec![w, line("MG", R4, dice(1, 1), dice(1, 1))], &vec![3; usize::from(n)]);
            let mut s = AttackSpec::new(&a, &t);
            s.sustained = flags[1];
            s.cover = if flags[2] { CoverLevel::Hard } else { CoverLevel::None };
            s.damage_resilient = flags[3];
            s.berserk = flags[4];
            means.push(activation_loss(&s).unwrap().mean());
            // One miniature fewer: fewer dice.
            if n > 1 {
                let fewer = activation_loss(&s.clone().with_attacker_alive(n - 1)).unwrap().mean();
                prop_assert!(fewer <= means[means.len() - 1] + 1e-12);
            }
        }
        prop_assert!(means[1] + 1e-12 >= means[0], "{:?}", means);
        // Rerolls never lower it either.
        let a = squad("A", vec![line("Gun", R4, dice(d, dmg), dice(d, dmg))], &vec![1; usize::from(n)]);
        let mut s = AttackSpec::new(&a, &t);
        let plain = activation_loss(&s).unwrap().mean();
        s.sustained = true;
        let sustained = activation_loss(&s).unwrap().mean();
        s.medal_of_honor = true;
        let medal = activation_loss(&s).unwrap().mean();
        prop_assert!(plain <= sustained + 1e-12 && sustained <= medal + 1e-12);
    }
}

#[test]
fn vehicle_targets_ignore_cover() {
    let a = squad("A", vec![line("Gun", R4, dice(2, 1), dice(2, 1))], &[1, 1]);
    let v = single(
        "Tank",
        UnitKind::Vehicle,
        Armor {
            kind: ArmorType::Vehicle,
            class: 2,
        },
        4,
        vec![],
    );
    let mut s = AttackSpec::new(&a, &v);
    let open = odds(&s).unwrap();
    s.cover = CoverLevel::Hard;
    let hard = odds(&s).unwrap();
    assert_eq!(open.loss, hard.loss);
    assert!(hard.lines[0].ignores_cover);
}

fn bf_value() -> impl Strategy<Value = Option<dust_core::unit::BattlefrontValue>> {
    use dust_core::unit::BattlefrontValue as V;
    prop_oneof![
        Just(None),
        (1u8..3, 1u8..4).prop_map(|(p, d)| Some(V::Blast { per_model: p, damage: d })),
        (1u8..3).prop_map(|p| Some(V::BlastKill { per_model: p })),
        (1u8..4).prop_map(|d| Some(V::Kill { dice: d })),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Issue 10 (tactics-battlefront-2013-rules.txt, "6) Roll Saves", "Blast Weapons",
    /// "Automatic Kill Weapons"): random battlefront attacks sum to 1, and being in cover never
    /// raises the mean loss.
    #[test]
    fn battlefront_distributions_sum_to_one(
        weapons in prop::collection::vec((weapon(), bf_value()), 1..4),
        carry in prop::collection::vec(0u32..8, 1..5),
        tkind in 0u8..3,
        tn in 1u8..5,
        flags in any::<[bool; 6]>(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 4),
    ) {
        use dust_core::unit::{BattlefrontCard, BattlefrontWeapon};
        let mut lines = Vec::new();
        let mut bf = BattlefrontCard::default();
        for (mut w, v) in weapons {
            let mut b = BattlefrontWeapon::default();
            if let Some(v) = v {
                // The card's revised cells hold the nearest value, as card files do.
                w.table.soldier = [v.nearest(); 4];
                w.table.vehicle = [v.nearest(); 7];
                b.values = (1..=4).map(|c| (ArmorType::Soldier, c, v)).chain((1..=7).map(|c| (ArmorType::Vehicle, c, v))).collect();
            }
            lines.push(w);
            bf.weapons.push(b);
        }
        let a = squad("A", lines, &carry);
        let t = target(tkind, tn);
        let mut s = AttackSpec::new(&a, &t).battlefront(Some(&bf), None);
        s.lines = (0..a.weapons.len()).map(|i| dust_core::odds::LineChoice { line: i, ammo: 0 }).collect();
        s.sustained = flags[0];
        s.berserk = flags[1];
        s.damage_resilient = flags[2];
        s.burst = flags[3];
        s.retaliate = flags[4];
        s.medal_of_honor = flags[5];
        let open = odds(&s).unwrap();
        s.cover = CoverLevel::Soft;
        let cover = odds(&s).unwrap();
        for o in [&open, &cover] {
            prop_assert!((o.loss.total() - 1.0).abs() < 1e-9, "{:?}", o.loss);
            prop_assert!((o.attacker_loss.total() - 1.0).abs() < 1e-9);
            prop_assert_eq!(o.loss.max(), usize::from(tn));
            for l in &o.lines {
                prop_assert!((l.loss.total() - 1.0).abs() < 1e-9, "{}", l.name);
            }
        }
        // Lines resolve one after another (dice per model depend on the survivors), so compare
        // the lines alone.
        for (x, y) in open.lines.iter().zip(&cover.lines) {
            prop_assert!(y.after_cover.mean() <= x.after_cover.mean() + 1e-9, "{}", x.name);
        }
        // Soldier counts (`aim LINE TARGET N`, "Soldiers with Several Weapons"): with any of the
        // numbers the engine offers on each line, chosen in card order, the odds still sum to 1.
        s.cover = CoverLevel::None;
        for (i, pick) in picks.iter().enumerate().take(s.lines.len()) {
            let offered = s.counts_offered(i);
            if !offered.is_empty() {
                s.lines[i].ammo = *pick.get(&offered);
            }
        }
        let counted = odds(&s).unwrap();
        prop_assert!((counted.loss.total() - 1.0).abs() < 1e-9, "{:?}", counted.loss);
        for l in &counted.lines {
            prop_assert!((l.loss.total() - 1.0).abs() < 1e-9, "{}", l.name);
        }
    }
}
