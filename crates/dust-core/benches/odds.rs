//! Odds benchmark (issue 5, "Measures"): the exact distribution of a full activation — three
//! weapon lines, one a laser, sustained attack, against a squad of five in hard cover — and the
//! cheap expected-loss call the AI uses. Target: well under 50 µs (issue: ≤ 1 ms).
//!
//! The result is asserted first (pinned to the value the tests check against the engine), then
//! timed; the figure is printed next to criterion's report. Run with
//! `cargo bench -p dust-core --bench odds`.

use criterion::{criterion_group, criterion_main, Criterion};
use dust_core::odds::{activation_loss, odds, AttackSpec};
use dust_core::unit::{Armor, ArmorType, Bloc, CombatTable, CombatValue, Keywords, Model, UnitCard, UnitKind, WeaponLine};
use dust_core::{CoverLevel, Face, WeaponRange};
use std::hint::black_box;
use std::time::Instant;

fn line(name: &str, range: WeaponRange, dice: u8, damage: u8, laser: bool, ammo: Option<u8>) -> WeaponLine {
    let mut table = CombatTable::NONE;
    table.soldier = [CombatValue::Dice { dice, damage }; 4];
    WeaponLine {
        name: name.into(),
        range,
        table,
        keywords: Keywords {
            laser,
            ..Keywords::default()
        },
        ammo,
    }
}

fn squad(name: &str, weapons: Vec<WeaponLine>, carry: &[u32]) -> UnitCard {
    UnitCard {
        name: name.into(),
        bloc: Bloc::Axis,
        kind: UnitKind::Squad,
        movement: 1,
        armor: Armor {
            kind: ArmorType::Soldier,
            class: 2,
        },
        health: carry.len() as u8,
        soft_cover: Some(Face::Hit),
        hard_cover: Some(Face::Miss),
        ap: 30,
        skills: Vec::new(),
        weapons,
        models: carry.iter().map(|&w| Model { weapons: w, role: None }).collect(),
        source: "benchmark card".into(),
    }
}

/// The same cards as `a_full_activation` in tests/odds_engine.rs (checked there against the engine).
fn cards() -> (UnitCard, UnitCard) {
    let r4 = WeaponRange::Spaces { min: 1, max: 4 };
    let attacker = squad(
        "Laser Squad",
        vec![
            line("Laser Rifle", r4, 1, 1, true, None),
            line("MG", r4, 3, 1, false, None),
            line("Panzerfaust", WeaponRange::Spaces { min: 1, max: 2 }, 1, 1, false, Some(3)),
        ],
        &[1, 1, 1, 2, 2],
    );
    let knife = line("Knife & Grenade", WeaponRange::Close, 1, 1, false, None);
    let target = squad("Targets", vec![knife], &[1; 5]);
    (attacker, target)
}

/// Pinned mean health lost (printed by this benchmark when it changes; the tests check the
/// distribution against the engine).
const MEAN: f64 = 2.107_414_149_448_734;

fn bench(c: &mut Criterion) {
    let (a, t) = cards();
    let mut spec = AttackSpec::new(&a, &t);
    spec.sustained = true;
    spec.cover = CoverLevel::Hard;
    let o = odds(&spec).expect("odds");
    assert_eq!(o.lines.len(), 3);
    assert!((o.loss.total() - 1.0).abs() < 1e-12);
    assert!(o.truncation_error < 1e-12);
    println!(
        "full activation: mean {:.15}, P(destroyed) {:.15}, loss {:?}",
        o.loss.mean(),
        o.destroyed,
        o.loss.probs()
    );
    assert!((o.loss.mean() - MEAN).abs() < 1e-12, "mean {} != pinned {MEAN}", o.loss.mean());

    let n = 2000;
    let start = Instant::now();
    for _ in 0..n {
        black_box(odds(black_box(&spec)).expect("odds"));
    }
    let full = start.elapsed() / n;
    let start = Instant::now();
    for _ in 0..n {
        black_box(activation_loss(black_box(&spec)).expect("odds").mean());
    }
    let cheap = start.elapsed() / n;
    println!("full activation odds (3 lines, laser, sustained, hard cover): {full:?} per call (with per-line tables)");
    println!("activation loss only (the AI's call): {cheap:?} per call (target: well under 50 µs)");

    c.bench_function("odds full activation", |b| b.iter(|| odds(black_box(&spec)).expect("odds")));
    c.bench_function("odds activation loss", |b| {
        b.iter(|| activation_loss(black_box(&spec)).expect("odds").mean())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
