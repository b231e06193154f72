//! The exact odds against the engine's own resolution (seeded Monte Carlo through the public
//! `Game` API).
//!
//! Tolerance: the mean of a loss within 4 standard errors, and the total variation distance
//! below 4 times its expected size for the sample. The default sample keeps the suites fast in
//! debug builds; `DUST_ODDS_SAMPLES=200000 cargo test --release --test odds_engine` runs the
//! heavy version.

use dust_core::odds::{monte_carlo, odds, AttackSpec, Distribution, MonteCarlo, Odds};

/// The engine's attacks per comparison (`DUST_ODDS_SAMPLES`, default 3000).
pub fn samples() -> u32 {
    std::env::var("DUST_ODDS_SAMPLES").ok().and_then(|s| s.parse().ok()).unwrap_or(3000)
}

/// Expected total variation distance of an empirical distribution of `n` samples, bounded.
pub fn tv_scale(p: &[f64], n: f64) -> f64 {
    0.5 * p
        .iter()
        .map(|&q| (q.clamp(0.0, 1.0) * (1.0 - q.clamp(0.0, 1.0)) / n).sqrt())
        .sum::<f64>()
}

/// The engine's frequencies `mc` over `n` attacks agree with the exact distribution: the mean
/// and the total variation distance.
pub fn close(exact: &Distribution, mc: &Distribution, n: f64, what: &str) {
    let se = exact.std_dev() / n.sqrt();
    let diff = (mc.mean() - exact.mean()).abs();
    assert!(
        diff <= 4.0 * se + 1e-9,
        "{what}: mean {} (engine) vs {} (exact), {:.1} standard errors\nexact {:?}\nengine {:?}",
        mc.mean(),
        exact.mean(),
        diff / se,
        exact.probs(),
        mc.probs()
    );
    close_in_variation(exact, mc, n, what);
}

/// The total variation distance between the exact distribution and the engine's frequencies over
/// `n` attacks is below 4 times its expected size.
pub fn close_in_variation(exact: &Distribution, mc: &Distribution, n: f64, what: &str) {
    let tv = exact.total_variation(mc);
    let tol = 4.0 * tv_scale(exact.probs(), n) + 1e-9;
    assert!(
        tv <= tol,
        "{what}: total variation {tv} > {tol}\nexact {:?}\nengine {:?}",
        exact.probs(),
        mc.probs()
    );
}

/// A joint distribution (rows by columns) as one distribution over its cells, row after row.
pub fn flat(joint: &[Vec<f64>]) -> Distribution {
    Distribution::from_probs(joint.iter().flatten().copied().collect())
}

/// The exact odds of `spec` and the engine's frequencies over [`samples`] attacks (seeded with
/// `seed`), whose losses of the target agree; and the number of attacks.
pub fn exact_and_engine(spec: &AttackSpec<'_>, seed: u64) -> (Odds, MonteCarlo, f64) {
    let n = samples();
    let exact = odds(spec).expect("exact odds");
    let mc = monte_carlo(spec, n, seed).expect("the engine plays the attack");
    let nf = f64::from(n);
    close(&exact.loss, &mc.loss, nf, "target loss");
    (exact, mc, nf)
}

/// The exact odds of a squad attacking with its joined hero agree with the engine playing the
/// same attack: the target's loss (and its own hero's, when it has one), the squad's and the
/// hero's losses to the retaliation, and their joint distributions, which sum to 1.
pub fn agree_attacker_hero(spec: &AttackSpec<'_>, seed: u64) {
    let (exact, mc, nf) = exact_and_engine(spec, seed);
    let hero = exact.attacker_hero.as_ref().expect("the attacking hero's odds");
    close(&exact.attacker_loss, &mc.attacker_loss, nf, "attacking squad's loss");
    close(&hero.loss, &mc.attacker_hero_loss().expect("his loss"), nf, "attacking hero's loss");
    if let Some(th) = &exact.hero {
        close(&th.loss, &mc.hero_loss().expect("the target's hero"), nf, "target's hero loss");
    }
    let squad_and_hero = flat(mc.attacker_hero_joint.as_ref().unwrap());
    close_in_variation(&flat(&hero.joint), &squad_and_hero, nf, "squad and hero");
    close_in_variation(&flat(&exact.joint), &flat(&mc.joint), nf, "target and squad");
    for d in [&exact.loss, &exact.attacker_loss, &hero.loss] {
        assert!((d.total() - 1.0).abs() < 1e-9);
    }
    assert!((flat(&hero.joint).total() - 1.0).abs() < 1e-9);
}
