//! Random full games of the shipped annihilation scenario with the core-box armies, on one
//! thread: uniformly random legal decisions, dice from a seeded generator. Prints
//! `random playouts: N games/s` and asserts that every game it times ended.
//!
//! `cargo bench -p dust-data --bench playout`

use criterion::{criterion_group, criterion_main, Criterion};
use dust_core::game::{Game, Pending};
use dust_core::GameRng;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Decisions and chance events after which a game counts as stuck (a game takes about 700).
const STEP_BOUND: usize = 100_000;

/// Plays one random game from `start` to its end; returns the number of decisions.
fn playout(start: &Game, rng: &mut GameRng) -> usize {
    let mut g = start.clone();
    let mut decisions = 0;
    for _ in 0..STEP_BOUND {
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(rng);
            }
            Pending::Decision { .. } => {
                let options = g.legal_decisions();
                assert!(!options.is_empty(), "a decision is pending but none is legal");
                g.apply_unchecked(options[rng.index(options.len())]);
                decisions += 1;
            }
            Pending::GameOver { .. } => return decisions,
        }
    }
    panic!("a random game did not end within {STEP_BOUND} steps");
}

fn playouts(c: &mut Criterion) {
    let start = Game::new(dust_data::scenario::default_setup()).expect("the shipped scenario starts");
    // The figure the issue asks for: games per second on one thread, over about 3 seconds.
    let mut rng = GameRng::new(1947);
    let (mut games, mut decisions) = (0u64, 0usize);
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(3) {
        decisions += playout(&start, &mut rng);
        games += 1;
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "random playouts: {:.0} games/s ({games} games, {:.0} decisions per game, one thread)",
        games as f64 / secs,
        decisions as f64 / games as f64
    );
    let mut rng = GameRng::new(7);
    c.bench_function("annihilation random playout", |b| b.iter(|| black_box(playout(&start, &mut rng))));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(5));
    targets = playouts
}
criterion_main!(benches);
