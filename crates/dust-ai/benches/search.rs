//! AI benchmarks (issue 6, "Measures"): random playout throughput on one core, fighting
//! playouts (the rollout policy to the end of the game, issue 21) on one and two threads, MCTS
//! iterations per second (one and two threads), greedy decision time, and the worst overshoot
//! of a time-budgeted MCTS decision, all on the shipped annihilation scenario with the
//! core-box armies.
//!
//! Each benchmark first checks what it times (playouts reach the end of the game, the search
//! does its iterations), then prints its own figure next to criterion's report. Run with
//! `cargo bench -p dust-ai --bench search`.

mod common;

use common::{midgame, start};
use criterion::{criterion_group, criterion_main, Criterion};
use dust_ai::{MctsConfig, MctsPlayer, Player, PlayerSpec};
use dust_core::game::{Game, Pending};
use dust_core::GameRng;
use std::hint::black_box;
use std::time::{Duration, Instant};

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

/// A game to its end with the rollout policy (`dust_ai::playout`): units destroyed in it.
fn fighting_playout(g: &Game, rng: &mut GameRng) -> (u32, u32) {
    let mut g = g.clone();
    let n = dust_ai::playout(&mut g, rng, 100_000);
    (n, g.units().iter().filter(|u| u.destroyed).count() as u32)
}

/// Fighting playouts per second on `threads` threads for `secs` seconds (each thread its own
/// games and dice).
fn fighting_rate(g: &Game, threads: u64, secs: f64) -> (f64, f64, Option<f64>) {
    let (t, cpu) = (Instant::now(), cpu_time());
    let totals: Vec<(u64, u64)> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..threads)
            .map(|i| {
                s.spawn(move || {
                    let mut rng = GameRng::new(100 + i);
                    let (mut games, mut fallen) = (0u64, 0u64);
                    while t.elapsed().as_secs_f64() < secs {
                        let (_, d) = fighting_playout(g, &mut rng);
                        games += 1;
                        fallen += u64::from(d);
                    }
                    (games, fallen)
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().expect("a playout thread")).collect()
    });
    let games: u64 = totals.iter().map(|x| x.0).sum();
    let fallen: u64 = totals.iter().map(|x| x.1).sum();
    let (per_wall, per_cpu) = rates(games as f64, t, cpu);
    (per_wall, fallen as f64 / games.max(1) as f64, per_cpu)
}

/// Issue 21's headline playout figure: whole games where the units fight (the rollout policy
/// of MCTS on both sides), on one and two threads, printed beside the random playouts of the
/// same run (the reference: random games mostly march).
fn fighting_playouts(c: &mut Criterion) {
    let g = start();
    let mut rng = GameRng::new(2);
    // Check: the policy's games end, and units are destroyed in them.
    let (n, fallen) = fighting_playout(&g, &mut rng);
    assert!(n > 20, "a fighting game takes {n} decisions");
    let (mut random_games, t) = (0u64, Instant::now());
    while t.elapsed() < Duration::from_secs(2) {
        playout(g.clone(), &mut rng);
        random_games += 1;
    }
    let random = random_games as f64 / t.elapsed().as_secs_f64();
    let (one, per_game, one_cpu) = fighting_rate(&g, 1, 2.0);
    let (two, _, two_cpu) = fighting_rate(&g, 2, 2.0);
    assert!(per_game > 1.0, "units fight: {per_game} destroyed a game (first game {fallen})");
    println!(
        "fighting playouts (rollout policy to the end, annihilation): one thread {one:.0} games/s ({} per CPU-second; {per_game:.1} units destroyed a game), two threads {two:.0} games/s ({:.2}x; {} per CPU-second; load average {}); reference in the same run: random playouts {random:.0} games/s",
        show(one_cpu),
        two / one,
        show(two_cpu),
        load()
    );
    c.bench_function("fighting playout (rollout policy), annihilation", |b| {
        b.iter(|| black_box(fighting_playout(&g, &mut rng)))
    });
}

/// CPU time this process has used so far (Linux `/proc/self/stat`, user and system, in clock
/// ticks of 10 ms), or `None` elsewhere. On a shared machine the wall clock counts the time
/// other processes held the cores; per CPU-second figures do not.
fn cpu_time() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which is in parentheses): utime is the 12th, stime the 13th.
    let rest = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Work per second of wall time and per CPU-second over a run that began at `wall` and
/// `cpu` (`None` when the CPU time is not known).
fn rates(work: f64, wall: Instant, cpu: Option<f64>) -> (f64, Option<f64>) {
    let per_wall = work / wall.elapsed().as_secs_f64();
    let per_cpu = match (cpu, cpu_time()) {
        (Some(a), Some(b)) if b > a => Some(work / (b - a)),
        _ => None,
    };
    (per_wall, per_cpu)
}

fn show(x: Option<f64>) -> String {
    x.map_or_else(|| "unknown".to_string(), |v| format!("{v:.0}"))
}

/// The machine's load average over the last minute (Linux), to print beside the figures: on
/// a shared machine the second thread may have no core of its own.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".to_string())
}

/// MCTS iterations per second from `g` on `threads` threads, with rollouts of `depth`
/// decisions of the light policy (`look == 0`) or `look` activations of greedy play-outs (the
/// default player's iterations); searches of 2,000 iterations for `secs` seconds.
fn mcts_rate(g: &Game, threads: usize, depth: u32, look: u32, secs: f64) -> (f64, Option<f64>, u64) {
    let config = MctsConfig {
        budget: dust_ai::Budget::Iterations(2000),
        threads,
        rollout_depth: depth,
        lookahead: look,
        ..MctsConfig::default()
    };
    let mut p = MctsPlayer::new(config, 3);
    let (t, cpu) = (Instant::now(), cpu_time());
    let mut iterations = 0;
    let mut searches = 0;
    while t.elapsed().as_secs_f64() < secs {
        let d = p.decide(g);
        assert!(g.legal_decisions().contains(&d));
        let e = p.explain().expect("explained");
        assert_eq!(e.iterations, 2000, "the search does its iterations");
        iterations += e.iterations;
        searches += 1;
    }
    let (per_wall, per_cpu) = rates(iterations as f64, t, cpu);
    (per_wall, per_cpu, searches)
}

fn mcts(c: &mut Criterion) {
    let g = midgame();
    // The reference of the same run: fighting playouts from the same round-3 position to the
    // end (what a rollout to the end plays, without the tree).
    let (to_end, _, to_end_cpu) = fighting_rate(&g, 1, 2.0);
    let default_look = MctsConfig::default().lookahead;
    let greedy_what = format!("the default player's iterations (look={default_look}: greedy play-outs of {default_look} activations)");
    for (depth, look, what) in [
        (12, 0, "12-decision rollouts of the light policy (look=0)"),
        (100_000, 0, "rollouts to the end of the game (look=0)"),
        (MctsConfig::default().rollout_depth, default_look, greedy_what.as_str()),
    ] {
        let (one, one_cpu, n1) = mcts_rate(&g, 1, depth, look, 3.0);
        let (two, two_cpu, n2) = mcts_rate(&g, 2, depth, look, 3.0);
        println!(
            "mcts, {what} (round-3 position): one thread {one:.0} iterations/s ({} per CPU-second; {n1} searches of 2000), two threads {two:.0} ({:.2}x; {} per CPU-second; {n2} searches; load average {}); reference in the same run: playouts from that position to the end {to_end:.0}/s ({} per CPU-second)",
            show(one_cpu),
            two / one,
            show(two_cpu),
            load(),
            show(to_end_cpu)
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
    // Issue 21's figure: a greedy decision at a round-3 activation (it plans every unit), beside
    // the reference of the same run: copying that game (what greedy did per plan before).
    let d0 = greedy.decide(&g0);
    assert!(g0.legal_decisions().contains(&d0));
    let (mut n, t, cpu) = (0u32, Instant::now(), cpu_time());
    while t.elapsed() < Duration::from_secs(2) {
        black_box(greedy.decide(&g0));
        n += 1;
    }
    let (per_s, per_cpu_s) = rates(f64::from(n), t, cpu);
    let (mut copies, t, cpu) = (0u32, Instant::now(), cpu_time());
    while t.elapsed() < Duration::from_secs(1) {
        for _ in 0..100 {
            black_box(g0.clone());
        }
        copies += 100;
    }
    let (copy_s, copy_cpu_s) = rates(f64::from(copies), t, cpu);
    let us = |x: Option<f64>| x.map_or_else(|| "unknown".to_string(), |r| format!("{:.1}", 1e6 / r));
    println!(
        "greedy decision (round-3 activation, annihilation): {:.1} us ({} us of CPU; {n} decisions); reference in the same run: a copy of that game {:.2} us ({} us of CPU; load average {})",
        1e6 / per_s,
        us(per_cpu_s),
        1e6 / copy_s,
        us(copy_cpu_s),
        load()
    );
    c.bench_function("greedy decision, round-3 position", |b| b.iter(|| black_box(greedy.decide(&g0))));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(3));
    targets = playouts, fighting_playouts, mcts, greedy_and_overshoot
}
criterion_main!(benches);
