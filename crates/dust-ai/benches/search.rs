//! AI benchmarks (issue 6, "Measures"): random playout throughput on one core, MCTS
//! iterations per second (one and two threads), greedy decision time, and the worst overshoot
//! of a time-budgeted MCTS decision, all on the shipped annihilation scenario with the
//! core-box armies.
//!
//! Each benchmark first checks what it times (playouts reach the end of the game, the search
//! does its iterations), then prints its own figure next to criterion's report. Run with
//! `cargo bench -p dust-ai --bench search`.

use criterion::{criterion_group, criterion_main, Criterion};
use dust_ai::{MctsConfig, MctsPlayer, Player, PlayerSpec};
use dust_core::game::{Game, Pending};
use dust_core::GameRng;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn start() -> Game {
    Game::new(dust_data::scenario::default_setup()).expect("the shipped scenario")
}

/// A random game to its end; returns the decisions taken.
fn playout(mut g: Game, rng: &mut GameRng) -> u64 {
    let mut n = 0;
    loop {
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(rng);
            }
            Pending::Decision { .. } => {
                let o = g.legal_decisions();
                g.apply_unchecked(o[rng.index(o.len())]);
                n += 1;
            }
            Pending::GameOver { .. } => return n,
        }
    }
}

/// A position in round 3 with units on the board, reached by greedy play.
fn midgame() -> Game {
    let mut g = start();
    let mut dice = GameRng::new(7);
    let mut players = [PlayerSpec::Greedy.build(1), PlayerSpec::Greedy.build(2)];
    loop {
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(&mut dice);
            }
            Pending::Decision { side } => {
                if g.round() >= 3 && g.legal_decisions().len() > 2 {
                    g.clear_events();
                    return g;
                }
                let d = players[side.index()].decide(&g);
                g.apply(d).expect("legal");
            }
            Pending::GameOver { .. } => panic!("the game ended before round 3"),
        }
    }
}

fn playouts(c: &mut Criterion) {
    let g = start();
    let mut rng = GameRng::new(1);
    // Check: random games end, with a few hundred decisions.
    let n = playout(g.clone(), &mut rng);
    assert!(n > 50, "a random game takes {n} decisions");
    let t = Instant::now();
    let (mut games, mut decisions) = (0u64, 0u64);
    while t.elapsed() < Duration::from_secs(2) {
        decisions += playout(g.clone(), &mut rng);
        games += 1;
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "random playouts (annihilation, one core): {:.0} games/s, {:.0} decisions/s, {:.0} decisions per game",
        games as f64 / s,
        decisions as f64 / s,
        decisions as f64 / games as f64
    );
    c.bench_function("random playout, annihilation", |b| {
        b.iter(|| black_box(playout(g.clone(), &mut rng)))
    });
}

fn mcts(c: &mut Criterion) {
    let g = midgame();
    for threads in [1, 2] {
        let config = MctsConfig {
            budget: dust_ai::Budget::Iterations(2000),
            threads,
            ..MctsConfig::default()
        };
        let mut p = MctsPlayer::new(config, 3);
        let t = Instant::now();
        let mut iterations = 0;
        let mut decisions = 0;
        while t.elapsed() < Duration::from_secs(3) {
            let d = p.decide(&g);
            assert!(g.legal_decisions().contains(&d));
            let e = p.explain().expect("explained");
            assert_eq!(e.iterations, 2000, "the search does its iterations");
            iterations += e.iterations;
            decisions += 1;
        }
        let s = t.elapsed().as_secs_f64();
        println!(
            "mcts ({threads} thread{}): {:.0} iterations/s ({decisions} searches of 2000 iterations, round-3 position)",
            if threads > 1 { "s" } else { "" },
            iterations as f64 / s
        );
    }
    let config = MctsConfig {
        budget: dust_ai::Budget::Iterations(500),
        threads: 1,
        ..MctsConfig::default()
    };
    let mut p = MctsPlayer::new(config, 4);
    c.bench_function("mcts 500 iterations, one thread", |b| b.iter(|| black_box(p.decide(&g))));
}

fn greedy_and_overshoot(c: &mut Criterion) {
    // Greedy over a whole game against itself: mean and longest decision.
    let mut g = start();
    let mut dice = GameRng::new(5);
    let mut players = [PlayerSpec::Greedy.build(1), PlayerSpec::Greedy.build(2)];
    let (mut n, mut total, mut longest) = (0u32, Duration::ZERO, Duration::ZERO);
    loop {
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(&mut dice);
            }
            Pending::Decision { side } => {
                let t = Instant::now();
                let d = players[side.index()].decide(&g);
                let took = t.elapsed();
                n += 1;
                total += took;
                longest = longest.max(took);
                g.apply(d).expect("legal");
            }
            Pending::GameOver { .. } => break,
        }
    }
    println!(
        "greedy: {n} decisions, mean {:.3} ms, longest {:.3} ms",
        total.as_secs_f64() * 1000.0 / f64::from(n),
        longest.as_secs_f64() * 1000.0
    );
    // A time budget: the worst overshoot over a few decisions.
    let mid = midgame();
    let budget = Duration::from_millis(200);
    let mut p = MctsPlayer::new(
        MctsConfig {
            budget: dust_ai::Budget::Time(budget),
            ..MctsConfig::default()
        },
        6,
    );
    let mut worst = Duration::ZERO;
    let mut iters = 0;
    for _ in 0..10 {
        let t = Instant::now();
        black_box(p.decide(&mid));
        worst = worst.max(t.elapsed().saturating_sub(budget));
        iters += p.explain().map_or(0, |e| e.iterations);
    }
    println!(
        "mcts:200ms (2 threads): worst overshoot {:.2} ms over 10 decisions, {:.0} iterations per decision",
        worst.as_secs_f64() * 1000.0,
        iters as f64 / 10.0
    );
    assert!(worst < Duration::from_millis(50), "budget + 50 ms");
    let g0 = midgame();
    let mut greedy = PlayerSpec::Greedy.build(7);
    c.bench_function("greedy decision, round-3 position", |b| b.iter(|| black_box(greedy.decide(&g0))));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(3));
    targets = playouts, mcts, greedy_and_overshoot
}
criterion_main!(benches);
