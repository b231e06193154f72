//! Issue 5: "the lines resolve in the order given, casualties removed after each ranged line as
//! in play". The ranged lines of an [`AttackSpec`] resolve in the order of `lines` (card order
//! by default), the close-combat lines last ("Performing Attacks"); the order matters through
//! Incendiary dice (one per targeted miniature), the cap on health and Medal of Honor.

mod odds_support;

use dust_core::odds::{activation_loss, monte_carlo, odds, AttackSpec};
use dust_core::unit::CombatValue;
use dust_core::CoverLevel;
use odds_support::*;

/// P(k successes of n dice), one die at a time.
fn roll(n: usize, p: f64) -> Vec<f64> {
    let mut v = vec![1.0];
    for _ in 0..n {
        let mut w = vec![0.0; v.len() + 1];
        for (k, &x) in v.iter().enumerate() {
            w[k] += x * (1.0 - p);
            w[k + 1] += x * p;
        }
        v = w;
    }
    v
}

fn assert_same(a: &[f64], b: &[f64], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}: {a:?} vs {b:?}");
    for (k, (x, y)) in a.iter().zip(b).enumerate() {
        assert!((x - y).abs() < 1e-14, "{what}: P({k}) {x} vs {y}");
    }
}

/// A shotgun (3/1) carried by two miniatures and a flamethrower (1 die per targeted miniature)
/// carried by one.
fn burners() -> dust_core::UnitCard {
    let flame = with_kw(line("Flamethrower", R1, CombatValue::Incendiary { dice: 1 }, dice(1, 4)), |k| {
        k.flame = true
    });
    squad(
        "Burners",
        vec![line("Shotgun", R1, dice(3, 1), CombatValue::NoEffect), flame],
        &[1, 1, 2],
    )
}

#[test]
fn incendiary_before_or_after_a_line_that_kills() {
    let a = burners();
    let t = targets(5);
    let third = 1.0 / 3.0;
    // Flamethrower first: 5 dice (five targeted miniatures), then 6 shotgun dice; the loss is
    // min(5, hits of 11 dice).
    let first = AttackSpec::new(&a, &t).with_lines(&[1, 0]);
    let o = odds(&first).unwrap();
    assert_eq!(o.lines[0].name, "Flamethrower", "lines are reported in resolution order");
    assert_eq!(o.lines[0].dice, 5);
    let b = roll(11, third);
    let mut want = b[..5].to_vec();
    want.push(b[5..].iter().sum());
    assert_same(o.loss.probs(), &want, "flamethrower first");
    // Shotgun first (card order, the default): k casualties, then 5 - k flamethrower dice.
    let after = AttackSpec::new(&a, &t);
    assert_eq!(after.lines, AttackSpec::new(&a, &t).with_lines(&[0, 1]).lines);
    let o2 = odds(&after).unwrap();
    assert_eq!(o2.lines[0].name, "Shotgun");
    let mut want2 = vec![0.0; 6];
    for (k, x) in roll(6, third).into_iter().enumerate() {
        let k = k.min(5);
        for (j, y) in roll(5 - k, third).into_iter().enumerate() {
            want2[k + j] += x * y;
        }
    }
    assert_same(o2.loss.probs(), &want2, "shotgun first");
    // Burning the full squad first is worth more: 11/3 dice' worth against 2 + (5 - 2)/3.
    assert!(o.loss.mean() > o2.loss.mean() + 0.3, "{} vs {}", o.loss.mean(), o2.loss.mean());
    assert_same(activation_loss(&first).unwrap().probs(), &want, "activation_loss");
}

#[test]
fn the_order_given_equals_card_order_on_a_rearranged_card() {
    // Giving lines [2, 0, 1] is the same attack as card order on a card whose lines are
    // rearranged that way, with sustained attack, cover and a laser.
    let laser = with_kw(line("Laser", R4, dice(1, 1), dice(1, 1)), |k| k.laser = true);
    let flame = with_kw(line("Flamer", R1, CombatValue::Incendiary { dice: 1 }, dice(1, 1)), |k| {
        k.flame = true
    });
    let a = squad(
        "Mixed",
        vec![laser, line("MG", R4, dice(2, 1), dice(1, 1)), flame],
        &[0b001, 0b011, 0b100, 0b010],
    );
    let t = targets(6);
    for order in [[2usize, 0, 1], [1, 2, 0], [0, 2, 1]] {
        let mut s = AttackSpec::new(&a, &t).with_lines(&order);
        s.sustained = true;
        s.cover = CoverLevel::Soft;
        let p = permuted(&a, &order);
        let mut s2 = AttackSpec::new(&p, &t);
        s2.sustained = true;
        s2.cover = CoverLevel::Soft;
        assert!(!s.in_card_order() && s2.in_card_order());
        let (o, o2) = (odds(&s).unwrap(), odds(&s2).unwrap());
        assert_same(o.loss.probs(), o2.loss.probs(), &format!("order {order:?}"));
        let names: Vec<&str> = o.lines.iter().map(|l| l.name.as_str()).collect();
        let names2: Vec<&str> = o2.lines.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, names2);
    }
    // Without Incendiary the order does not change the total (damage adds up, then is capped).
    let s = AttackSpec::new(&a, &t).with_lines(&[1, 0]);
    let s2 = AttackSpec::new(&a, &t).with_lines(&[0, 1]);
    assert_same(odds(&s).unwrap().loss.probs(), odds(&s2).unwrap().loss.probs(), "no Incendiary");
}

#[test]
fn medal_of_honor_goes_to_the_first_line_in_the_order_given() {
    // A hero with a 1-die pistol and a 3-die SMG against a hero with 8 health: the medal
    // rerolls a failed die of whichever line resolves first.
    let a = soldier_hero(
        "Medal",
        4,
        vec![line("Pistol", R4, dice(1, 2), dice(1, 2)), line("SMG", R4, dice(3, 1), dice(3, 1))],
    );
    let mut h = hero(8);
    h.skills.clear();
    let mut results = Vec::new();
    for order in [[0usize, 1], [1, 0]] {
        let mut s = AttackSpec::new(&a, &h).with_lines(&order);
        s.medal_of_honor = true;
        let p = permuted(&a, &order);
        let mut s2 = AttackSpec::new(&p, &h);
        s2.medal_of_honor = true;
        let o = odds(&s).unwrap();
        assert_same(o.loss.probs(), odds(&s2).unwrap().loss.probs(), &format!("{order:?}"));
        results.push(o.loss.mean());
    }
    // The pistol's die does 2 damage: the medal on the pistol first is worth more.
    // Pistol first: P(pistol misses) = 2/3, the reroll adds 2 · 1/3 · 2/3 = 4/9 damage, else
    // (1/3) the SMG gets it: 1 · 1/3 · (1 - (1/3)^3) = 26/81. SMG first: (1 - 1/27) · 1/3 = 26/81
    // on the SMG, else (1/27) 4/9 on the pistol.
    let base = 2.0 / 3.0 + 1.0;
    let pistol_first = base + 4.0 / 9.0 + (1.0 / 3.0) * 26.0 / 81.0;
    let smg_first = base + 26.0 / 81.0 + (1.0 / 27.0) * 4.0 / 9.0;
    assert!((results[0] - pistol_first).abs() < 1e-14, "{} vs {pistol_first}", results[0]);
    assert!((results[1] - smg_first).abs() < 1e-14, "{} vs {smg_first}", results[1]);
}

#[test]
fn close_combat_lines_resolve_last_whatever_the_order() {
    // Rifles and a knife: the knife given first still fires after the rifles, with the
    // retaliation of the miniatures the rifles left.
    let a = squad(
        "Rifles",
        vec![line("Rifle", R4, dice(2, 1), dice(1, 1)), knife()],
        &[0b11, 0b11, 0b11],
    );
    let t = targets(4);
    let s = AttackSpec::new(&a, &t).with_lines(&[1, 0]);
    assert!(s.in_card_order(), "close combat is last in card order too");
    assert_eq!(s.resolution_order()[0].line, 0);
    let o = odds(&s).unwrap();
    let o2 = odds(&AttackSpec::new(&a, &t).with_lines(&[0, 1])).unwrap();
    assert_eq!(o.joint, o2.joint);
    assert_eq!(o.lines[0].name, "Rifle");
    assert!(o.close_combat);
}

/// tactics-revised-faq.md, "How can a unit split fire": "the player chooses the order in which
/// weapon lines fire". The revised engine asks the order (`fire LINE`) and plays the spec's:
/// the flamethrower before the shotguns agrees with the exact odds of that order, which differ
/// from card order's.
#[test]
fn the_engine_plays_the_order_given() {
    let a = burners();
    let t = targets(5);
    let s = AttackSpec::new(&a, &t).with_lines(&[1, 0]);
    let (exact, _, _) = agree::exact_and_engine(&s, 7);
    let card = odds(&AttackSpec::new(&a, &t)).unwrap();
    assert!(exact.loss.total_variation(&card.loss) > 0.01, "the order matters");
    assert!(monte_carlo(&AttackSpec::new(&a, &t), 10, 1).is_ok());
    assert!(AttackSpec::new(&a, &t).in_card_order() && !s.in_card_order());
}
