//! Odds benchmark (issue 5, "Measures"): the exact distribution of a full activation — three
//! weapon lines, one a laser, sustained attack, against a squad of five in hard cover — and the
//! cheap expected-loss call the AI uses. Target: well under 50 µs (issue: ≤ 1 ms).
//!
//! The result is asserted first (pinned to the value the tests check against the engine), then
//! timed; the figure is printed next to criterion's report. Run with
//! `cargo bench -p dust-core --bench odds`. The same attack is computed with the Python dice
//! library icepool in `icepool_reference.py`; `compare_icepool.sh` checks that both answers
//! agree to 1e-9 and prints the speed ratio.

mod odds_activation;

use criterion::{criterion_group, criterion_main, Criterion};
use dust_core::odds::{activation_loss, odds};
use odds_activation::{cards, spec, MEAN};
use std::hint::black_box;
use std::time::Instant;

fn bench(c: &mut Criterion) {
    let (a, t) = cards();
    let spec = spec(&a, &t);
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
