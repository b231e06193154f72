//! Random full games of the shipped annihilation scenario with the core-box armies, on one
//! thread: uniformly random legal decisions, dice from a seeded generator. Prints
//! `random playouts: N games/s`, and the same for the battlefront edition's rules
//! (`battlefront random playouts`), and asserts that every game it times ended.
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

/// Plays random games from `start` for about `secs` seconds on one thread; returns games per
/// second and decisions per game (every game timed ended: [`playout`] asserts it).
fn rate(start: &Game, seed: u64, secs: u64) -> (f64, u64, f64) {
    let mut rng = GameRng::new(seed);
    let (mut games, mut decisions) = (0u64, 0usize);
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(secs) {
        decisions += playout(start, &mut rng);
        games += 1;
    }
    (games as f64 / t.elapsed().as_secs_f64(), games, decisions as f64 / games as f64)
}

fn playouts(c: &mut Criterion) {
    let start = Game::new(dust_data::scenario::default_setup()).expect("the shipped scenario starts");
    // The figure the issue asks for: games per second on one thread, over about 3 seconds.
    let (per_sec, games, per_game) = rate(&start, 1947, 3);
    println!("random playouts: {per_sec:.0} games/s ({games} games, {per_game:.0} decisions per game, one thread)");
    // The same armies and map under the battlefront edition's rules (the golden games'
    // "battlefront annihilation"), so that a change to one edition's rules shows in its figure.
    let mut setup = dust_data::scenario::default_setup();
    setup.edition = dust_core::Edition::Battlefront;
    let bf = Game::new(setup).expect("the shipped scenario starts under the battlefront rules");
    let (per_sec, games, per_game) = rate(&bf, 1947, 3);
    println!("battlefront random playouts: {per_sec:.0} games/s ({games} games, {per_game:.0} decisions per game, one thread)");
    let mut rng = GameRng::new(7);
    c.bench_function("annihilation random playout", |b| b.iter(|| black_box(playout(&start, &mut rng))));
    let mut rng = GameRng::new(7);
    c.bench_function("battlefront annihilation random playout", |b| {
        b.iter(|| black_box(playout(&bf, &mut rng)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(5));
    targets = playouts
}
criterion_main!(benches);
